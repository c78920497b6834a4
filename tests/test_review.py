"""Game review: each decision valued from what its seat knew, graded, and the hand's
double-dummy result with the card after which it moved."""

from __future__ import annotations

from typing import Any

import pytest

from euchre_core import load_variant
from euchre_core.analysis.review import (
    Grading,
    decision_phase,
    evaluate,
    judge,
    review_record,
)
from euchre_core.cards import card, cards
from euchre_core.errors import EuchreError
from euchre_core.model import Deal
from euchre_core.records.history import SavedGame, start_state

SAMPLES = 8


def record_of(deal: Deal, dealer: int, actions: list[str]) -> SavedGame:
    """A standard game's record: ``deal`` dealt by ``dealer``, then ``actions`` (each
    ``"seat action"``)."""
    config = load_variant("standard")
    steps = []
    for text in actions:
        seat, action = text.split(" ", 1)
        steps.append((int(seat), action))
    return SavedGame(
        variant=config.to_dict(),
        seed=1,
        dealer=dealer,
        scores=[0, 0, 0, 0],
        actions=steps,
        deals=[deal],
    )


# Hearts are trump, called in round 2 by seat 0, who leads and wins the first three
# tricks. Seat 1 holds only spades and has shown it cannot follow hearts, diamonds or
# clubs, so the last spade unseen, the ace, is in its hand. At trick 4 seat 0 leads A♣;
# seat 2, void in clubs, holds Q♥ (the last trump) and 9♠. Throwing 9♠ lets A♣ win and
# Q♥ take the last trick: a march. Trumping the partner's ace wins the trick, but then
# 9♠ must be led into A♠: 4 tricks, 1 point instead of 2, whatever the hidden cards.
MARCH_DEAL = Deal.of(
    [
        cards("JH AH AD AC KC"),
        cards("TS JS QS KS AS"),
        cards("JD KH QH 9D 9S"),
        cards("9H TH TD QD 9C"),
    ],
    cards("TC JC QC"),
    card("KD"),
)
MARCH_BIDS = ["0 pass", "1 pass", "2 pass", "3 pass", "0 call H"]
MARCH_PLAY = [
    "0 play JH", "1 play TS", "2 play JD", "3 play 9H",
    "0 play AH", "1 play JS", "2 play KH", "3 play TH",
    "0 play AD", "1 play QS", "2 play 9D", "3 play TD",
    "0 play AC", "1 play KS",
]  # fmt: skip


def march_record(seat_2_plays: str) -> SavedGame:
    rest = [f"2 play {seat_2_plays}", "3 play 9C"]
    if seat_2_plays == "QH":
        rest += ["2 play 9S", "3 play QD", "0 play KC", "1 play AS"]
    else:
        rest += ["0 play KC", "1 play AS", "2 play QH", "3 play QD"]
    return record_of(MARCH_DEAL, 3, MARCH_BIDS + MARCH_PLAY + rest)


def test_trumping_the_partners_winning_ace_and_losing_the_march_is_a_mistake() -> None:
    review = review_record(march_record("QH"), [2], samples=SAMPLES, seed=1)
    (trumped,) = [d for d in review.decisions if d.trick == 4]
    assert trumped.chosen.card == card("QH")
    assert trumped.phase == "follow"
    assert trumped.grade == "mistake"
    assert trumped.loss >= 1.0
    assert trumped.best.card == card("9S")
    assert trumped.method == "double-dummy"


def test_the_hand_was_lost_at_the_trick_the_partners_ace_was_trumped() -> None:
    review = review_record(march_record("QH"), [2], samples=SAMPLES, seed=1)
    (hand,) = review.hands
    assert hand.makers == (0, 2)
    assert hand.makers_could == 5
    assert hand.makers_took == 4
    first = hand.slips[0]
    assert (first.trick, first.seat, first.card) == (4, 2, card("QH"))
    assert first.better == (card("9S"),)
    assert (first.makers_before, first.makers_after) == (5, 4)
    assert first.lost == 1.0


def test_throwing_the_low_card_under_the_partners_ace_is_fine_and_keeps_the_march() -> None:
    review = review_record(march_record("9S"), [2], samples=SAMPLES, seed=1)
    (threw,) = [d for d in review.decisions if d.trick == 4]
    assert threw.grade == "fine"
    assert threw.loss == 0.0
    (hand,) = review.hands
    assert hand.makers_took == hand.makers_could == 5
    assert not hand.slips


# Seat 0 holds the five best hearts and orders the up-card alone: every card it leads
# wins, and nothing any seat plays changes the lone march.
FORCED_DEAL = Deal.of(
    [
        cards("JH JD AH KH QH"),
        cards("9S TS JS QS KS"),
        cards("9C TC JC QC KC"),
        cards("9D TD QD KD AD"),
    ],
    cards("AS AC 9H"),
    card("TH"),
)
FORCED_PLAY = [
    "0 order alone", "3 discard 9D",
    "0 play JH", "1 play 9S", "3 play TH",
    "0 play JD", "1 play TS", "3 play TD",
    "0 play AH", "1 play JS", "3 play QD",
    "0 play KH", "1 play QS", "3 play KD",
    "0 play QH", "1 play KS", "3 play AD",
]  # fmt: skip


def test_a_deal_where_no_choice_changes_the_result_has_no_marked_decision() -> None:
    review = review_record(record_of(FORCED_DEAL, 3, FORCED_PLAY), samples=SAMPLES, seed=2)
    assert review.decisions, "the leads and the discard were choices all the same"
    assert [d for d in review.decisions if d.marked] == []
    assert all(d.loss == 0.0 for d in review.decisions if d.phase in ("lead", "follow"))
    (hand,) = review.hands
    assert hand.makers_could == hand.makers_took == 5
    assert hand.slips == []


def test_a_review_is_the_same_for_the_same_seed() -> None:
    record = march_record("QH")
    first = review_record(record, samples=SAMPLES, seed=7).to_dict()
    again = review_record(record, samples=SAMPLES, seed=7).to_dict()
    assert first == again


def test_every_decision_before_the_tricks_is_valued_by_playouts() -> None:
    review = review_record(march_record("QH"), [0], samples=4, seed=3)
    bids = [d for d in review.decisions if d.trick is None]
    assert bids and all(d.method == "playout" for d in bids)
    assert all(d.samples == 4 for d in bids)
    call = bids[-1]
    assert str(call.chosen) == "call H"
    assert {str(a.action) for a in call.alternatives} >= {"pass", "call H", "call H alone"}


def test_the_summary_counts_the_points_lost_per_phase() -> None:
    review = review_record(march_record("QH"), [2], samples=SAMPLES, seed=1)
    lost = review.lost_by_phase()
    assert lost["follow"][1] >= 1.0
    worst = review.worst()
    assert worst[0].trick == 4 and worst[0].seat == 2


def test_a_review_of_one_seat_reviews_no_other_seat() -> None:
    review = review_record(march_record("QH"), [1], samples=2, seed=1)
    assert {d.seat for d in review.decisions} == {1}


def test_a_seat_outside_the_game_is_refused() -> None:
    with pytest.raises(EuchreError, match="seat 4 is not a seat"):
        review_record(march_record("QH"), [4], samples=2)


# ---------------------------------------------------------------------------------------
# Grading
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("loss", "se", "grade"),
    [
        (0.1, 0.0, "fine"),
        (0.3, 0.0, "inaccuracy"),
        (0.5, 0.0, "mistake"),
        (1.0, 0.2, "mistake"),
        (1.5, 0.0, "blunder"),
        (3.0, 1.0, "blunder"),
        (1.0, 0.6, "fine"),  # not beyond two standard errors: no evidence
    ],
)
def test_a_loss_is_graded_by_points_and_marked_only_beyond_its_standard_error(
    loss: float, se: float, grade: str
) -> None:
    assert Grading().grade(loss, se) == grade


def test_thresholds_must_rise() -> None:
    with pytest.raises(EuchreError, match="thresholds must rise"):
        Grading(inaccuracy=1.0, mistake=0.5)


def test_an_evaluation_gives_every_alternative_a_value_and_a_standard_error() -> None:
    state = start_state(march_record("QH"))
    for _, text in march_record("QH").actions[:5]:
        state.apply_text(text)
    seat = state.to_act
    assert seat == 0
    view = state.view(seat)
    ev = evaluate(view, state.legal_actions(), state.config, samples=6, seed=1)
    assert ev is not None and ev.samples == 6
    alts = ev.alternatives()
    assert len(alts) == len(state.legal_actions())
    assert alts[0].loss == 0.0 and all(a.loss >= 0 for a in alts)
    assert all(a.se >= 0 and a.loss_se >= 0 for a in alts)
    best, loss, _, _ = judge(ev, alts[-1].action)
    assert best == alts[0].action and loss == pytest.approx(alts[-1].loss)


def test_a_bid_that_differs_from_the_better_one_only_in_going_alone_counts_as_going_alone() -> None:
    from euchre_core.actions import parse_action

    state = start_state(record_of(FORCED_DEAL, 3, FORCED_PLAY))
    view = state.view(0)
    legal = state.legal_actions()
    phase: Any = decision_phase(view, legal, parse_action("order"), parse_action("order alone"))
    assert phase == "alone"
    assert decision_phase(view, legal, parse_action("pass"), parse_action("order")) == "bidding"


def test_the_hard_level_plays_the_hand_out_with_search_bots() -> None:
    state = start_state(march_record("QH"))
    view = state.view(state.to_act)
    ev = evaluate(view, state.legal_actions(), state.config, samples=1, seed=1, level="hard")
    assert ev is not None and ev.method == "playout" and ev.samples == 1
    with pytest.raises(EuchreError, match="unknown review level"):
        evaluate(view, state.legal_actions(), state.config, level="expert")


def test_the_progress_is_told_decision_by_decision() -> None:
    calls: list[tuple[int, int]] = []
    review_record(march_record("QH"), [2], samples=1, progress=lambda d, t: calls.append((d, t)))
    total = calls[0][1]
    assert calls == [(k, total) for k in range(total + 1)]
    assert total > 0


def test_a_renege_is_reviewed_by_playouts_and_never_named_the_better_choice() -> None:
    from euchre_core.bots.heuristic import HeuristicBot
    from euchre_core.records.history import record_of as record_of_state
    from euchre_core.state import State

    state = State(load_variant("standard", rules=["renege"]), seed=2, max_hands=1)
    bots = [HeuristicBot(s) for s in range(4)]
    renege = None
    while state.to_act is not None:
        s, legal = state.to_act, state.legal_actions()
        wrong = [a for a in legal if not a.proper]
        if renege is None and wrong:
            renege = len(state.actions)
            state.apply(wrong[0])
            continue
        state.apply(legal[0] if len(legal) == 1 else bots[s].choose(state.view(s), legal))
    assert renege is not None, "seed 2 offers a renege"
    review = review_record(record_of_state(state), samples=2, seed=1)
    (d,) = [d for d in review.decisions if d.index == renege]
    assert d.method == "playout"
    assert d.best.proper

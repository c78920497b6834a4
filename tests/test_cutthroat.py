"""Three-hand cutthroat euchre (``variants/cutthroat.toml``, plugin ``cutthroat``).

Cases from ``shared/rules/three_hand_cutthroat.md`` and ``edge_cases.md`` G (EC-39). Seat 0
deals in every fixed hand: seat 1 is L (the dealer's left, eldest) and seat 2 is R.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest
from euchre_plugins.cutthroat import LEAVE_DUMMY, TAKE_DUMMY
from test_two_hand import act, make_deal, pack_of, recorded_game, run_playouts

from euchre_core.actions import DISCARD, ORDER, ORDER_ALONE, PASS, Call
from euchre_core.analysis.sim import simulate
from euchre_core.cards import JOKER, SUITS, card
from euchre_core.errors import ConfigError, IllegalActionError
from euchre_core.events import CardsTaken
from euchre_core.model import Deal, Phase
from euchre_core.state import State, new_game, new_hand

D, L, R = 0, 1, 2
HEARTS = SUITS[2]


def deal(hands: Sequence[str], up: str, head: str = "", deck: str = "deck24") -> Deal:
    return make_deal(hands, up, pack_of("cutthroat", **{"standard.deck": deck}), head)


def finish(state: State) -> None:
    """Play the current hand out, each seat playing its first legal card."""
    number = state.hand_number
    while not state.is_over and state.hand_number == number:
        assert state.phase is Phase.PLAY
        state.apply(state.legal_actions()[0])


def cutthroat_ends(state: State) -> bool:
    """Whether the game must be over now, under ``cutthroat.simultaneous_target``."""
    target = state.table.target
    scores = state.scores
    reached = [s for s in range(state.seats) if scores[s] >= target]
    if len(reached) <= 1:
        return len(reached) == 1
    mode = state.options["cutthroat"]["simultaneous_target"]
    if mode == "shared_win":
        return True
    if mode == "highest_wins_else_continue":
        best = max(scores)
        return scores.count(best) == 1
    last = state.hand_records[-1].points
    return sum(1 for s in reached if last[s] > 0) == 1


#: L names clubs in round 2 holding none and takes no trick: euchred.
EUCHRE = deal(["JC JS AC KC QC", "9H TH 9S TS QH", "AH KH AS KS AD"], "9D")
#: L holds the five best hearts.
MARCH = deal(["AC KC QC TC AS", "JH JD AH KH QH", "AD KD QD TD KS"], "9D")
#: L holds the three best hearts and two low cards.
MAKE3 = deal(["AC KC QC TC AS", "JH JD AH 9C 9S", "AD KD QD TD KS"], "9D")
#: L holds the four best hearts and the 9 of spades.
MAKE4 = deal(["AC KC QC TC AS", "JH JD AH KH 9S", "AD KD QD TD KS"], "9D")
#: L names hearts holding three low ones; D holds the four best.
EUCHRE_H = deal(["JH JD AH KH AC", "9H TH QH 9S TS", "AD KD QD TD KS"], "9D")


def call_hearts_for_L(state: State) -> None:
    act(state, "pass", "pass", "pass", "call H")


# ---------------------------------------------------------------------------------------
# The table
# ---------------------------------------------------------------------------------------


def test_three_players_each_for_themselves() -> None:
    s = new_game("cutthroat", seed=1)
    assert s.seats == 3 and s.table.partnerships is None
    assert s.table.target == 10
    assert s.options["standard"]["points_march"] == 3


@pytest.mark.parametrize(("deck", "kitty"), [("deck24", 8), ("deck32", 16), ("deck25_benny", 9)])
def test_deck_sizes_and_kitty_counts(deck: str, kitty: int) -> None:
    rules = ["benny"] if deck == "deck25_benny" else []
    s = new_game("cutthroat", seed=2, options={"standard.deck": deck}, rules=rules)
    assert [len(h) for h in s.hands] == [5, 5, 5]
    assert s.upcard is not None
    assert len(s.kitty) == kitty


def test_cutthroat_refuses_four_players() -> None:
    with pytest.raises(ConfigError, match="3 players"):
        new_game("cutthroat", players=4)


def test_simultaneous_target_is_set_on_the_cutthroat_plugin() -> None:
    with pytest.raises(ConfigError, match=r"cutthroat\.simultaneous_target"):
        new_game("cutthroat", options={"standard.simultaneous_target": "shared_win"})


def test_cutthroat_refuses_defend_alone() -> None:
    with pytest.raises(ConfigError):
        new_game("cutthroat", rules=["defend-alone"])


# ---------------------------------------------------------------------------------------
# Bidding and the maker alone
# ---------------------------------------------------------------------------------------


def test_L_R_D_speak_twice_round() -> None:
    s = new_hand("cutthroat", EUCHRE, dealer=D)
    seats = []
    while s.phase is Phase.BIDDING:
        seats.append(s.to_act)
        s.apply(PASS)
    assert seats == [L, R, D, L, R, D]


def test_no_alone_choice_the_maker_is_always_alone() -> None:
    s = new_hand("cutthroat", MARCH, dealer=D)
    assert set(s.legal_actions()) == {PASS, ORDER}
    with pytest.raises(IllegalActionError):
        s.apply(ORDER_ALONE)
    call_hearts_for_L(s)
    assert s.teams is not None
    assert s.teams.makers == {L} and s.teams.defenders == {D, R}
    assert s.teams.sitting_out == frozenset()
    assert s.active == (0, 1, 2)


def test_barred_suit_in_round_2() -> None:
    s = new_hand("cutthroat", MARCH, dealer=D)
    act(s, "pass", "pass", "pass")
    assert Call(SUITS[1]) not in s.legal_actions()  # diamonds, turned down
    with pytest.raises(IllegalActionError, match="turned down"):
        s.apply_text("call D")


def test_dealer_takes_the_upcard_when_L_orders_it_up() -> None:
    s = new_hand("cutthroat", MARCH, dealer=D)
    act(s, "order")
    assert s.contract is not None and s.contract.maker == L
    assert s.to_act == D and s.decision is not None and s.decision.kind == "discard"
    assert card("9D") in s.hands[D]


@pytest.mark.parametrize("maker_bids", [("pass", "pass", "order"), ("pass", "order")])
def test_L_leads_whoever_made_trump(maker_bids: tuple[str, ...]) -> None:
    s = new_hand("cutthroat", MARCH, dealer=D)
    act(s, *maker_bids)
    if s.phase is Phase.PREPARE:
        act(s, "discard AC")
    assert s.phase is Phase.PLAY and s.to_act == L


def test_pass_out_passes_the_deal_to_L() -> None:
    s = new_game("cutthroat", deals=[MARCH, MARCH], dealer=D)
    act(s, *["pass"] * 6)
    assert s.hand_number == 1 and s.dealer == L and s.scores == [0, 0, 0]


def test_redeal_same_dealer() -> None:
    s = new_game(
        "cutthroat",
        deals=[MARCH, MARCH],
        dealer=D,
        options={"standard.all_pass": "redeal_same_dealer"},
    )
    act(s, *["pass"] * 6)
    assert s.hand_number == 1 and s.dealer == D


def test_stick_the_dealer_with_three() -> None:
    s = new_game("cutthroat", deals=[MARCH], dealer=D, rules=["stick-the-dealer"])
    act(s, *["pass"] * 5)
    assert s.to_act == D and PASS not in s.legal_actions()
    with pytest.raises(IllegalActionError):
        s.apply(PASS)


# ---------------------------------------------------------------------------------------
# Scoring
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("deal_", "maker_tricks", "points", "outcome"),
    [
        (MAKE3, 3, (0, 1, 0), "make"),
        (MAKE4, 4, (0, 1, 0), "make"),
        (MARCH, 5, (0, 3, 0), "march"),
        (EUCHRE_H, 0, (2, 0, 2), "euchre"),
    ],
)
def test_scoring_1_for_3_or_4_tricks_3_for_a_march_2_to_each_opponent_on_a_euchre(
    deal_: Deal, maker_tricks: int, points: tuple[int, ...], outcome: str
) -> None:
    s = new_hand("cutthroat", deal_, dealer=D)
    call_hearts_for_L(s)
    finish(s)
    assert s.tricks_won[L] == maker_tricks
    assert s.hand_records[-1].outcome == outcome
    assert tuple(s.scores) == points
    assert s.hand_records[-1].alone == ()


# ---------------------------------------------------------------------------------------
# EC-39: two players reach the target together
# ---------------------------------------------------------------------------------------


def euchre_L(scores: list[int], mode: str, extra: Sequence[Deal] = ()) -> State:
    s = new_game(
        "cutthroat",
        deals=[EUCHRE, *extra],
        dealer=D,
        scores=scores,
        options={"cutthroat.simultaneous_target": mode},
    )
    act(s, "pass", "pass", "pass", "call C")
    finish(s)
    return s


def test_EC39_higher_total_wins() -> None:
    s = euchre_L([8, 0, 9], "highest_wins_else_continue")
    assert s.scores == [10, 0, 11]
    assert s.is_over and s.result is not None and s.result.winners == (R,)


def test_EC39_equal_totals_play_another_hand() -> None:
    s = euchre_L([9, 0, 9], "highest_wins_else_continue")
    assert s.scores == [11, 0, 11]
    assert not s.is_over and s.hand_number == 1


def test_EC39_equal_totals_the_next_points_decide() -> None:
    # Hand 2 is dealt by L: the bidding goes R, D, L; D names hearts holding the best five.
    second = deal(["JH JD AH KH QH", "AC KC QC TC AS", "AD KD QD TD KS"], "9D")
    s = euchre_L([9, 0, 9], "highest_wins_else_continue", [second])
    act(s, "pass", "pass", "pass", "pass", "call H")
    finish(s)
    assert s.scores == [14, 0, 11]
    assert s.is_over and s.result is not None and s.result.winners == (D,)


def test_shared_win() -> None:
    s = euchre_L([8, 0, 9], "shared_win")
    assert s.is_over and s.result is not None and s.result.winners == (D, R)


def test_defenders_tie_continue_plays_on_whatever_the_totals() -> None:
    s = euchre_L([8, 0, 9], "defenders_tie_continue")
    assert s.scores == [10, 0, 11]
    assert not s.is_over


def test_defenders_tie_continue_ends_when_one_player_alone_scores_past_the_target() -> None:
    second = deal(["JH JD AH KH QH", "AC KC QC TC AS", "AD KD QD TD KS"], "9D")
    s = euchre_L([8, 0, 9], "defenders_tie_continue", [second])
    act(s, "pass", "pass", "pass", "pass", "call H")
    finish(s)
    assert s.scores == [13, 0, 11]
    assert s.is_over and s.result is not None and s.result.winners == (D,)


def test_a_maker_reaching_the_target_alone_wins() -> None:
    s = new_game("cutthroat", deals=[MARCH], dealer=D, scores=[9, 7, 9])
    call_hearts_for_L(s)
    finish(s)
    assert s.scores == [9, 10, 9]
    assert s.is_over and s.result is not None and s.result.winners == (L,)


# ---------------------------------------------------------------------------------------
# The dummy hand
# ---------------------------------------------------------------------------------------

DUMMY = {"cutthroat.dummy_variant": True}
#: L is weak; the dummy holds the five best hearts.
WITH_DUMMY = deal(
    ["AC KC QC TC AS", "9C 9S TS QS KS", "AD KD QD TD JS"], "9D", head="JH JD AH KH QH"
)


def test_dummy_deal_leaves_five_face_down_then_the_upcard() -> None:
    s = new_game("cutthroat", seed=4, options=DUMMY)
    assert [len(h) for h in s.hands] == [5, 5, 5]
    assert len(s.kitty) == 8 and s.upcard is not None
    assert s.upcard not in s.kitty


def test_maker_takes_the_dummy_unseen_and_keeps_five_of_ten() -> None:
    s = new_hand("cutthroat", WITH_DUMMY, dealer=D, options=DUMMY)
    call_hearts_for_L(s)
    assert s.decision is not None and s.decision.kind == "dummy" and s.to_act == L
    assert set(s.legal_actions()) == {TAKE_DUMMY, LEAVE_DUMMY}
    act(s, "take-dummy")
    assert len(s.hands[L]) == 10 and len(s.kitty) == 3
    for seat in (D, R):
        taken = [e for e in s.view(seat).events if isinstance(e, CardsTaken)]
        assert taken and all(e.cards is None and e.count == 5 for e in taken)
    for code in ("9C", "9S", "TS", "QS", "KS"):
        assert s.decision is not None and s.decision.kind == "discard"
        assert len(s.legal_actions()) == len(s.hands[L])
        act(s, f"discard {code}")
    assert s.phase is Phase.PLAY and s.to_act == L and len(s.hands[L]) == 5
    finish(s)
    assert s.scores == [0, 3, 0]


def test_leaving_the_dummy_is_playing_alone_without_it() -> None:
    s = new_hand("cutthroat", WITH_DUMMY, dealer=D, options=DUMMY)
    call_hearts_for_L(s)
    act(s, "leave-dummy")
    assert s.phase is Phase.PLAY and len(s.hands[L]) == 5 and len(s.kitty) == 8
    finish(s)
    assert s.hand_records[-1].outcome == "euchre"
    assert s.scores == [2, 0, 2]


def test_dealer_maker_exchanges_the_upcard_first_and_keeps_it() -> None:
    s = new_hand("cutthroat", WITH_DUMMY, dealer=D, options=DUMMY)
    act(s, "pass", "pass", "order")
    assert s.decision is not None and s.decision.kind == "discard"
    act(s, "discard TC")
    act(s, "take-dummy")
    assert len(s.hands[D]) == 10
    for _ in range(5):
        assert DISCARD[card("9D").index] not in s.legal_actions()
        s.apply(next(a for a in s.legal_actions() if a.card is not card("9D")))
    assert card("9D") in s.hands[D] and s.phase is Phase.PLAY


def test_joker_turned_up_dealer_names_trump() -> None:
    s = new_hand(
        "cutthroat",
        deal(["AC KC QC TC AS", "9C 9S TS QS KS", "AD KD QD TD JS"], "JK", deck="deck25_benny"),
        dealer=D,
        options={"standard.deck": "deck25_benny"},
        rules=["benny"],
    )
    assert s.to_act == D and set(s.legal_actions()) == {Call(x) for x in SUITS}
    act(s, "call H")
    assert JOKER in s.hands[D] and s.contract is not None and s.contract.trump is HEARTS


# ---------------------------------------------------------------------------------------
# Replays and playouts
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("options", [{}, DUMMY])
def test_fixed_deals_replay_to_the_same_scores(options: dict[str, Any]) -> None:
    played, deals = recorded_game("cutthroat", 11, **options)
    again = new_game(
        "cutthroat", deals=deals, dealer=played.first_dealer, seed="other", options=options
    )
    for _, a in played.actions:
        again.apply(a)
    assert again.is_over and again.scores == played.scores
    assert again.hand_records == played.hand_records


def test_simulate_runs_cutthroat() -> None:
    r = simulate("cutthroat", games=20, bots=["random"], seed=7, options=DUMMY)
    assert len(r.games) == 20 and r.seats == 3
    assert all(g.winners for g in r.games)
    makes = [h for h in r.hands if not h.passed_out]
    assert all(len(h.makers) == 1 for h in makes)


CUTTHROAT_CHOICES: dict[str, Sequence[Any]] = {
    "standard.deck": ["deck24", "deck32", "deck25_benny"],
    "standard.first_dealer": ["random", "first_black_jack", "low_cut"],
    "standard.dealer_pickup": ["mandatory", "optional"],
    "standard.all_pass": ["redeal", "redeal_same_dealer", "stick"],
    "standard.points_march": [3, 2],
    "standard.target_score": [10, 5],
    "cutthroat.simultaneous_target": [
        "highest_wins_else_continue",
        "shared_win",
        "defenders_tie_continue",
    ],
    "cutthroat.dummy_variant": [False, True],
}


def random_cutthroat_game(rng: random.Random, seed: int) -> State:
    options = {k: rng.choice(v) for k, v in CUTTHROAT_CHOICES.items()}
    rules = []
    if options["standard.all_pass"] == "stick":
        options["standard.all_pass"] = "redeal"
        rules.append("stick-the-dealer")
    if options["standard.deck"] == "deck25_benny":
        rules.append("benny")
    return new_game("cutthroat", seed=seed, options=options, rules=rules)


@pytest.mark.parametrize("options", [{}, DUMMY])
def test_conformance_kit_accepts_cutthroat(options: dict[str, Any]) -> None:
    from euchre_core.testing import check_variant

    report = check_variant("cutthroat", hands=120, seed=3, options=options)
    assert report.hands >= 120 and report.outcomes is not None
    assert set(report.outcomes) <= {"make", "march", "euchre", "passed out"}


def test_random_playouts_keep_the_invariants_quick() -> None:
    played = run_playouts(
        random_cutthroat_game,
        300,
        fork_rate=0.05,
        illegal_tries=6,
        ends_ok=cutthroat_ends,
        extra=(TAKE_DUMMY, LEAVE_DUMMY),
    )
    assert played >= 300


@pytest.mark.slow
def test_random_playouts_keep_the_invariants() -> None:
    played = run_playouts(
        random_cutthroat_game,
        5000,
        fork_rate=0.03,
        illegal_tries=4,
        ends_ok=cutthroat_ends,
        extra=(TAKE_DUMMY, LEAVE_DUMMY),
    )
    assert played >= 5000

"""No decision reveals a hidden card: who is asked what, which actions are offered and
what every seat is shown never depend on a card that seat cannot see.

* Farmer's hand and weak-hand redeal ask every seat in turn; a seat whose hand does
  not qualify may only pass and so looks exactly like one that declined (the probe's
  finding: only the qualifying seat was asked, and ``euchre play --rule farmers-hand
  --seed 1`` showed West passing twice).
* Renege under must-trump: whether ``claim renege`` is offered to an opponent depends
  only on the cards played (the finding: it depended on whether the offender had held
  the suit led).
* The testing kit's secrecy check (:func:`euchre_core.testing.check_secrecy`) runs over
  every built-in variant and every built-in house rule on a variant it fits, and it
  catches a deliberately leaky plugin.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from pathlib import Path

import pytest
from euchre_cli.main import app
from euchre_plugins.house.farmers_hand import Farmer
from euchre_plugins.house.renege import CLAIM, RenegeCalled
from helpers import D, L, P, R, make_deal, run
from test_conformance_matrix import HOUSE_RULES, combinations, hand_limit, matrix
from typer.testing import CliRunner

from euchre_core import State, new_hand
from euchre_core.actions import PASS
from euchre_core.cards import Suit, card
from euchre_core.config import builtin_variants
from euchre_core.events import Event, UpCardTurned
from euchre_core.hookspecs import hookimpl
from euchre_core.model import Decision
from euchre_core.secrecy import seat_sees
from euchre_core.testing import (
    SecrecyError,
    SecrecyReport,
    check_secrecy,
    check_variant,
    events_of,
)

VARIANTS = sorted(builtin_variants())


def same_for(first: State, second: State, seats: list[int], since: tuple[int, int]) -> None:
    """Every seat of ``seats`` is shown exactly the same in both games."""
    for s in seats:
        a = seat_sees(first, s, since[0])
        b = seat_sees(second, s, since[1])
        assert a == b, f"seat {s} can tell the two deals apart"


def play_both(first: State, second: State, script: str, watchers: list[int]) -> None:
    """Apply the same actions to both games, comparing the watchers after each."""
    same_for(first, second, watchers, (0, 0))
    for text in script.split(","):
        since = (len(first.events), len(second.events))
        run(first, text)
        run(second, text)
        same_for(first, second, watchers, since)


# ---------------------------------------------------------------------------------------
# Finding 2: farmer's hand and weak-hand redeal
# ---------------------------------------------------------------------------------------

#: L holds three 9s in one deal; in the other his 9C is in the kitty and QC in his hand.
FARMER = {L: "9S 9H 9C KD AS", D: "JS QS KS JC 9D", P: "TD JD QD AD TS", R: "JH QH KH AH TC"}
NOT_FARMER = {**FARMER, L: "9S 9H QC KD AS"}


def farmer_pair() -> tuple[State, State]:
    qualifies = new_hand(
        "standard", make_deal(FARMER, up="TH", kitty="QC KC AC"), dealer=D, rules=["farmers-hand"]
    )
    does_not = new_hand(
        "standard",
        make_deal(NOT_FARMER, up="TH", kitty="9C KC AC"),
        dealer=D,
        rules=["farmers-hand"],
    )
    return qualifies, does_not


def test_a_farmers_hand_and_a_plain_hand_look_the_same_to_the_other_seats():
    qualifies, does_not = farmer_pair()
    assert any(isinstance(a, Farmer) for a in qualifies.legal_actions())
    assert [str(a) for a in does_not.legal_actions()] == ["pass"]
    for state in (qualifies, does_not):
        for s in (D, P, R):
            view = state.view(s)
            assert view.to_act == L and view.decision_kind == "farmer"
    # L declines: to D, P and R that is the same pass as L's, who could only pass.
    play_both(qualifies, does_not, "pass, pass, pass, pass, pass, pass", [D, P, R])
    assert qualifies.phase.value == "bidding" and qualifies.to_act == R
    assert seat_sees(qualifies, L) != seat_sees(does_not, L)  # L's own hand differs


def test_every_seat_is_asked_in_turn_from_the_dealers_left():
    state, _ = farmer_pair()
    asked = []
    while state.decision is not None and state.decision.kind == "farmer":
        asked.append(state.to_act)
        run(state, "pass")
    assert asked == [L, P, R, D]


def test_the_farmers_hand_sampling_constraints_infer_nothing_from_a_pass():
    from euchre_plugins.house.farmers_hand import euchre_sample_constraints

    qualifies, does_not = farmer_pair()
    run(qualifies, "pass, pass, pass, pass")
    run(does_not, "pass, pass, pass, pass")
    for s in (D, P, R):
        assert euchre_sample_constraints(qualifies.view(s)) is None
        assert euchre_sample_constraints(does_not.view(s)) is None


MCEVOY = {P: "9S TS 9D TD 9H", D: "JS QS KS AS TH", L: "JC QC KC AC TC", R: "JH QH KH AH JD"}


def test_a_weak_hand_and_a_plain_hand_look_the_same_to_the_other_seats():
    weak = new_hand(
        "standard",
        make_deal(MCEVOY, up="9C", kitty="QD KD AD"),
        dealer=D,
        rules=["weak-hand-redeal"],
    )
    plain_hands = {**MCEVOY, P: "9S TS 9D TD AD", R: "JH QH KH AH JD"}
    plain = new_hand(
        "standard",
        make_deal(plain_hands, up="9C", kitty="QD KD 9H"),
        dealer=D,
        rules=["weak-hand-redeal"],
    )
    play_both(weak, plain, "pass", [D, L, R])  # L, who cannot claim, passes
    assert weak.to_act == plain.to_act == P
    assert weak.view(D).decision_kind == plain.view(D).decision_kind == "redeal"
    assert "redeal" in {str(a) for a in weak.legal_actions()}
    assert [str(a) for a in plain.legal_actions()] == ["pass"]
    play_both(weak, plain, "pass, pass, pass", [D, L, R])
    assert weak.phase.value == plain.phase.value == "bidding"


def test_euchre_play_farmers_hand_seed_1_asks_every_seat_once_before_the_bidding(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """West was dealt three 10s: he alone used to be asked, and was seen passing twice."""
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(
        app, ["play", "--rule", "farmers-hand", "--seed", "1", "--watch", "--target", "1"]
    )
    assert result.exit_code == 0, result.output
    lines = [line.strip() for line in result.output.splitlines()]
    start = next(i for i, line in enumerate(lines) if line.startswith("Up-card"))
    assert lines[start + 1 : start + 5] == [
        "West passes",
        "North passes",
        "East passes",
        "South passes",
    ]
    # Then the bidding, from West again: every seat has passed the farmer's question.
    assert re.match(r"West (passes|orders|calls)", lines[start + 5])


# ---------------------------------------------------------------------------------------
# Finding 3: renege with must-trump
# ---------------------------------------------------------------------------------------

#: Trump hearts (L orders, D takes up 9H and discards JS). P plays 9D to L's club lead
#: holding TC (he failed to follow) in one deal, holding 9S and no club (he failed to
#: trump) in the other; the card not in P's hand is in the kitty. Later P plays AH.
RENEGE = {D: "JS QS KS AS TH", L: "AC KC QC JC 9C", P: "TC 9D TD AH KH", R: "QD KD AD QH JH"}
RENEGE_SCRIPT = (
    "order, discard JS, play AC, play 9D, play JH, play 9H, "  # P reneges; R wins
    "play QD, play TH, play 9C, play TD, "  # D wins with TH
    "play QS, play KC, play AH"  # P shows a trump: the renege is proved to all
)


def renege_pair(mode: str = "hand_stops") -> tuple[State, State]:
    rules = ["must-trump", "renege"]
    options = {"renege.renege_mode": mode}
    failed_to_follow = new_hand(
        "standard", make_deal(RENEGE, up="9H", kitty="9S TS JD"), rules=rules, options=options
    )
    failed_to_trump = new_hand(
        "standard",
        make_deal({**RENEGE, P: "9S 9D TD AH KH"}, up="9H", kitty="TC TS JD"),
        rules=rules,
        options=options,
    )
    return failed_to_follow, failed_to_trump


def test_the_claim_is_offered_alike_whichever_rule_the_offender_broke():
    follow, trump = renege_pair()
    play_both(follow, trump, RENEGE_SCRIPT, [D, L, R])
    assert follow.to_act == trump.to_act == R
    assert CLAIM in follow.legal_actions() and CLAIM in trump.legal_actions()
    same_for(follow, trump, [R], (0, 0))


@pytest.mark.parametrize(("mode", "points"), [("hand_stops", 2), ("laws1888", 3)])
def test_the_called_renege_is_scored_for_the_wronged_side(mode: str, points: int):
    for state in renege_pair(mode):
        run(state, RENEGE_SCRIPT + ", claim renege")
        called = events_of(state, RenegeCalled)
        assert called == [RenegeCalled(R, P, card("9D"), 0, Suit.HEARTS)]
        while not state.is_over:
            state.apply(next(a for a in state.legal_actions() if a.proper))
        score = state.hand_records[-1]
        assert "renege" in score.outcome
        assert score.points[L] >= points and score.points[R] >= points
        if mode == "hand_stops":
            assert score.points == (0, 2, 0, 2)


# ---------------------------------------------------------------------------------------
# The secrecy check can fail
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HeartsCounted(Event):
    """A leak: how many hearts each seat holds, told to everyone."""

    hearts: tuple[int, ...]


class LeakyPlugin:
    """Announces hidden counts with the up-card (registered for one test only)."""

    @hookimpl
    def euchre_extra_events(
        self, state: State, event: Event
    ) -> list[tuple[Event, frozenset[int] | None]]:
        if not isinstance(event, UpCardTurned):
            return []
        hearts = tuple(sum(1 for c in h if c.suit is Suit.HEARTS) for h in state.hands)
        return [(HeartsCounted(hearts), None)]


def test_the_secrecy_check_catches_a_leaky_plugin_and_says_where():
    with pytest.raises(SecrecyError) as caught:
        check_secrecy("standard", extra_plugins=[LeakyPlugin()], seed=1, swaps=20)
    message = str(caught.value)
    assert re.search(r"seat \d can tell a hidden card", message), message
    assert "swapped with" in message and "hand " in message
    assert re.search(r"at step \d+", message) and "HeartsCounted" in message
    assert "as dealt" in message and "swapped" in message
    with pytest.raises(SecrecyError):
        check_variant("standard", extra_plugins=[LeakyPlugin()], hands=3, seed=1, secrecy_swaps=20)
    check_variant(
        "standard", extra_plugins=[LeakyPlugin()], hands=3, seed=1, secrecy=False
    )  # turned off, nothing else is wrong with it


class LeakyReasons:
    """Refuses actions with a reason that counts another seat's hearts."""

    @hookimpl
    def euchre_why_illegal(self, state: State, seat: int, action: object) -> str | None:
        left = state.left_of(seat)
        hearts = sum(1 for c in state.hands[left] if c.suit is Suit.HEARTS)
        return f"not now (seat {left} holds {hearts} hearts)"


def test_the_secrecy_check_catches_a_refusal_reason_that_tells_a_hidden_card():
    with pytest.raises(SecrecyError, match=r"the refusal of '[^']+' differs"):
        check_secrecy("standard", extra_plugins=[LeakyReasons()], seed=2, swaps=20)


class LeakyQuestion:
    """Asks the dealer's left a question only when he holds a heart (the
    shape of the farmer's-hand fault)."""

    @hookimpl
    def euchre_prepare_step(self, state: State) -> Decision | None:
        if state.contract is not None or state.prepare_log:
            return None
        seat = state.left_of(state.dealer)
        if not any(c.suit is Suit.HEARTS for c in state.hands[seat]):
            return None
        return Decision(seat, (PASS,), kind="hearts")


def test_the_secrecy_check_catches_a_question_asked_because_of_hidden_cards():
    with pytest.raises(SecrecyError, match=r"view\.(to_act|phase|decision_kind) differs"):
        check_secrecy("standard", extra_plugins=[LeakyQuestion()], seed=2, swaps=20)


def test_the_secrecy_check_compares_views_refusals_and_swaps():
    report = check_secrecy("standard", seed=3, games=2, swaps=10)
    assert report.games == 2 and report.swaps >= 20
    assert report.views > 50 and report.refusals > 50


# ---------------------------------------------------------------------------------------
# Every built-in variant and house rule
# ---------------------------------------------------------------------------------------


def fitting(rule: str) -> str | None:
    """A built-in variant the rule applies to (``standard`` first)."""
    for variant in ("standard", *VARIANTS):
        if rule in matrix(variant)[0]:
            return variant
    return None


def quick_runs() -> list[tuple[str, tuple[str, ...]]]:
    runs = [(v, ()) for v in VARIANTS]
    for rule in HOUSE_RULES:
        variant = fitting(rule)
        if variant is not None:
            runs.append((variant, (rule,)))
    return runs


def sweep(
    runs: list[tuple[str, tuple[str, ...]]], games: int, swaps: int, seed: str
) -> SecrecyReport:
    total = SecrecyReport("all")
    failures = []
    for variant, rules in runs:
        try:
            report = check_secrecy(
                variant,
                rules=rules,
                seed=seed,
                games=games,
                swaps=swaps,
                max_hands=min(3, hand_limit(variant) or 3),
            )
        except SecrecyError as e:
            failures.append(f"{variant} with {list(rules)}: {e}")
            continue
        total.add(report)
    assert not failures, f"{len(failures)} of {len(runs)} runs leak:\n" + "\n".join(failures)
    return total


#: The options of the rules fixed here, each value at least once.
OPTION_RUNS = [
    *(
        (("farmers-hand",), {"farmers-hand.farmer_rule": how})
        for how in ("three_low", "all_low", "mixed_redeal")
    ),
    (("farmers-hand",), {"farmers-hand.no_upcard_suit": True}),
    (("farmers-hand",), {"farmers-hand.several_claimants": "misdeal"}),
    *(
        (("weak-hand-redeal",), {"weak-hand-redeal.weak_hand_rule": how})
        for how in ("mcevoy", "nine_ten_no_trump", "ace_no_face", "no_ace_no_face_no_trump")
    ),
    *(
        (("must-trump", "renege"), {"renege.renege_mode": how})
        for how in ("hand_stops", "wiki", "laws1888", "tournament")
    ),
]


@pytest.mark.parametrize(("rules", "options"), OPTION_RUNS)
def test_the_fixed_rules_keep_hidden_cards_hidden_with_every_option(rules, options):
    report = check_secrecy("standard", rules=rules, options=options, seed=7, games=2, swaps=8)
    assert report.views > 20


def test_every_house_rule_fits_some_variant():
    assert [r for r in HOUSE_RULES if fitting(r) is None] == []


def test_quick_secrecy_sweep_every_variant_and_house_rule(capsys: pytest.CaptureFixture[str]):
    runs = quick_runs()
    began = time.perf_counter()
    total = sweep(runs, games=1, swaps=8, seed="quick")
    took = time.perf_counter() - began
    with capsys.disabled():
        print(
            f"\nsecrecy sweep (quick): {len(runs)} stacks, {total.games} games, "
            f"{total.hands} hands, {total.swaps} swaps, {total.views} views, "
            f"{total.refusals} refusals compared in {took:.1f} s"
        )
    assert total.games == len(runs) and total.views > 10 * len(runs)


@pytest.mark.slow
def test_slow_secrecy_sweep_every_applicable_rule_and_combination(
    capsys: pytest.CaptureFixture[str],
):
    runs = [(v, ()) for v in VARIANTS]
    for variant in ("standard", *VARIANTS):
        ok = matrix(variant)[0]
        runs += [(variant, (rule,)) for rule in ok]
        runs += [(variant, combo) for combo in combinations(variant)]
    began = time.perf_counter()
    total = sweep(runs, games=4, swaps=20, seed="slow")
    took = time.perf_counter() - began
    with capsys.disabled():
        print(
            f"\nsecrecy sweep (slow): {len(runs)} stacks, {total.games} games, "
            f"{total.hands} hands, {total.swaps} swaps, {total.views} views, "
            f"{total.refusals} refusals compared in {took:.1f} s"
        )
    assert total.views > 30 * len(runs)

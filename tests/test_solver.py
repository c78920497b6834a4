"""The double-dummy solver against a brute-force search through the engine, and on
fixed positions checked by hand."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Generator
from typing import Any

import pytest
from solver_helpers import brute_cards, card_plays, cards_left, fork, positions, to_play

from euchre_core import new_hand
from euchre_core.analysis._dd_engine import EngineSearch, apply_card
from euchre_core.analysis._dd_fast import fast_rules
from euchre_core.analysis.solver import solve, solve_value
from euchre_core.cards import Card, card, cards
from euchre_core.config import load_variant
from euchre_core.errors import EuchreError
from euchre_core.hookspecs import hookimpl
from euchre_core.model import Phase
from euchre_core.state import State
from euchre_core.testing import deal_from_text, play

# (family, variant, house rules, options, bid to prefer, most cards still held at a
# sampled position: few enough for the brute force to be quick; two fewer in the quick
# run).
FAMILIES: list[tuple[str, str, tuple[str, ...], dict[str, Any], tuple[str, ...], int]] = [
    ("4 seats", "standard", (), {}, (), 10),
    ("3 seats", "cutthroat", (), {}, (), 9),
    ("3 seats", "pepper-3", (), {}, (), 9),
    ("2 seats", "two-hand", (), {}, (), 8),
    ("6-card hands", "pepper", (), {}, (), 10),
    ("7-card hands", "standard", ("seven-card-deal",), {}, (), 10),
    ("7-card hands", "auction-7", (), {}, (), 12),
]
# Further shapes of the play, sampled more thinly in the quick run.
MORE_FAMILIES: list[tuple[str, str, tuple[str, ...], dict[str, Any], tuple[str, ...], int]] = [
    ("5 seats, a called partner", "call-ace-5", (), {}, (), 10),
    ("6 seats, the joker", "auction-6", (), {}, (), 12),
    ("53 cards", "auction-7", (), {"auction.deck": "deck53_joker"}, (), 12),
    ("must trump", "standard", ("must-trump",), {}, (), 10),
    (
        "no trump, the joker",
        "standard",
        ("no-trump-call", "benny"),
        {"standard.deck": "deck25_benny"},
        ("call NT", "pass"),
        10,
    ),
    ("renege offered", "standard", ("renege",), {}, (), 10),
    ("the joker turned, a partner's best card", "railroad", (), {}, (), 10),
    ("six cards and the widow", "hasenpfeffer", (), {}, (), 10),
    ("seats dropped out", "buck", (), {}, (), 10),
    ("trumps made by the first card led", "napoleon-2", (), {}, (), 12),
    (
        "no trumps, the free joker led naming a suit",
        "five-hundred",
        (),
        {},
        tuple(f"bid {n}-no-trump" for n in range(6, 11)),
        10,
    ),
]


def check_against_brute_force(state: State) -> None:
    expected = brute_cards(state)
    sol = solve(state)
    assert sol.tricks == expected, state.trick
    assert set(sol.points) == set(expected)
    top = max(expected.values())
    assert set(sol.best) == {c for c, v in expected.items() if v == top}
    assert solve_value(state) == top
    assert sol.seat == state.to_act
    side = state.teams.side_of(state.to_act)  # type: ignore[union-attr]
    assert sol.side == (side if not side >= frozenset(state.active) else {state.to_act})
    # The line is the engine's own play to the end of the hand, and takes the tricks.
    replay = fork(state)
    start = len(replay.hand_records)
    assert sol.line[0][1] in sol.best
    for seat, c in sol.line:
        assert replay.to_act == seat
        apply_card(replay, c, sol.side)  # the best of its ways to play it, if several
    assert len(replay.hand_records) == start + 1
    record = replay.hand_records[start]
    assert sum(record.tricks[s] for s in sol.side) == top
    # Points are gains: what comes off a score in a game that counts down (Buck).
    gains = [-p if state.table.count_down else p for p in record.points]
    others = [gains[s] for s in range(state.seats) if s not in sol.side]
    assert sol.points[sol.line[0][1]] == gains[sol.seat] - max(others)


def run_family(
    count: int,
    seed: int,
    variant: str,
    rules: tuple[str, ...],
    options: dict[str, Any],
    prefer: tuple[str, ...],
    left: int,
) -> list[State]:
    seen = []
    for state in positions(
        variant, count, seed, max_left=left, rules=rules, options=options, prefer=prefer
    ):
        check_against_brute_force(state)
        seen.append(state)
    return seen


@pytest.mark.parametrize(("family", "variant", "rules", "options", "prefer", "left"), FAMILIES)
def test_the_solver_agrees_with_brute_force(
    family: str,
    variant: str,
    rules: tuple[str, ...],
    options: dict[str, Any],
    prefer: tuple[str, ...],
    left: int,
) -> None:
    seen = run_family(40, 20, variant, rules, options, prefer, left - 2)
    # The sample holds positions inside a trick as well as at its start.
    assert any(s.trick for s in seen) and any(not s.trick for s in seen)


@pytest.mark.parametrize(("family", "variant", "rules", "options", "prefer", "left"), MORE_FAMILIES)
def test_the_solver_agrees_with_brute_force_in_more_shapes_of_play(
    family: str,
    variant: str,
    rules: tuple[str, ...],
    options: dict[str, Any],
    prefer: tuple[str, ...],
    left: int,
) -> None:
    seen = run_family(15, 21, variant, rules, options, prefer, left - 2)
    if "call NT" in prefer or variant == "five-hundred":
        assert any(s.ranking is not None and s.ranking.trump is None for s in seen)


def test_in_buck_the_makers_card_that_takes_more_tricks_is_worth_more_points():
    # Buck counts down: a trick takes a point off the maker's score, a gain. The solver
    # (and the review built on it) valued a card by the points added, so the card that
    # took fewer tricks came out best.
    seen = 0
    for state in positions("buck", 60, 5, max_left=10):
        sol = solve(state)
        if state.contract is None or sol.seat != state.contract.maker:
            continue
        for a in sol.tricks:
            for b in sol.tricks:
                if sol.tricks[a] > sol.tricks[b]:
                    seen += 1
                    assert sol.points[a] > sol.points[b], (a, b, sol.tricks, sol.points)
    assert seen >= 5


def test_a_free_joker_still_to_be_led_at_no_trumps_is_searched_with_each_suit_it_may_name():
    # Five Hundred: the holder of a free joker leads it naming the suit the others must
    # follow, so one card is played in as many ways as there are suits it may name; the
    # solver tries them all (before, a line leading it failed as an illegal play).
    rng = random.Random(5)
    joker = card("JK")
    no_trump_bids = tuple(f"bid {n}-no-trump" for n in range(6, 11))
    seen = 0
    while seen < 6:
        state = to_play("five-hundred", rng, prefer=no_trump_bids)
        if state.contract is None or state.contract.trump is not None:
            continue
        while cards_left(state) > 8:
            plays = [a for a in card_plays(state) if a.card is not joker]
            if not plays:
                break
            state.apply(rng.choice(plays))
        if cards_left(state) > 8 or not any(joker in state.hands[s] for s in state.active):
            continue
        check_against_brute_force(state)
        seen += 1


def test_lone_hands_are_solved_with_the_partner_out() -> None:
    seen = run_family(20, 22, "standard", (), {}, ("order alone",), 8)
    assert all(s.teams is not None and s.teams.sitting_out for s in seen)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("family", "variant", "rules", "options", "prefer", "left", "count"),
    # 1,000 positions of each family of seats and hand sizes; 200 of each further shape
    [(*f, 1000) for f in FAMILIES] + [(*f, 200) for f in MORE_FAMILIES],
)
def test_the_solver_agrees_with_brute_force_on_many_positions(
    family: str,
    variant: str,
    rules: tuple[str, ...],
    options: dict[str, Any],
    prefer: tuple[str, ...],
    left: int,
    count: int,
) -> None:
    assert len(run_family(count, 1000, variant, rules, options, prefer, left)) == count


@pytest.mark.slow
def test_the_engine_search_agrees_from_the_first_lead() -> None:
    for state in positions("standard", 10, seed=6, max_left=20):
        search = EngineSearch(state)
        lo, hi = search.bounds()
        assert search.value(lo - 1, hi + 1) == solve_value(state)


class HeadTheTrick:
    """A rule of play the tricks plugin does not know: a player following suit must beat
    the card winning the trick when able."""

    NAME = "head-the-trick"

    @hookimpl(wrapper=True)
    def euchre_legal_plays(
        self, state: State, seat: int
    ) -> Generator[None, list[Card], list[Card]]:
        legal = yield
        if not state.trick or state.ranking is None:
            return legal
        r = state.ranking
        led = r.suit_of[state.trick[0][1].index]
        winner = r.winner_of(state.trick)
        best = next(c for s, c in state.trick if s == winner)
        higher = [
            c for c in legal if r.suit_of[c.index] is led and r.power[c.index] > r.power[best.index]
        ]
        if all(r.suit_of[c.index] is led for c in legal) and higher:
            return higher
        return legal


def test_a_rule_of_play_of_its_own_is_asked_through_the_engine() -> None:
    seen = 0
    for state in positions("standard", 12, seed=8, max_left=9, extra_plugins=[HeadTheTrick()]):
        assert fast_rules(state) is None
        check_against_brute_force(state)
        seen += 1
    assert seen == 12


def test_the_engine_search_agrees_with_brute_force() -> None:
    for state in positions("standard", 15, seed=5, max_left=8):
        search = EngineSearch(state)
        lo, hi = search.bounds()
        assert search.value(lo - 1, hi + 1) == max(brute_cards(state).values())


def test_the_fast_search_is_used_for_the_rules_of_the_tricks_plugin() -> None:
    assert fast_rules(new_hand("standard")) == "tricks"
    assert fast_rules(new_hand("standard", rules=["must-trump"])) == "must-trump"
    assert fast_rules(new_hand("auction-7")) == "tricks"


def test_a_position_outside_the_play_is_refused() -> None:
    with pytest.raises(EuchreError, match="play of the cards"):
        solve(new_hand("standard"))
    with pytest.raises(EuchreError, match="play of the cards"):
        solve_value(new_hand("standard"))


def test_the_position_is_not_changed() -> None:
    state = next(positions("standard", 1, seed=3, max_left=12))
    before = (len(state.events), [list(h) for h in state.hands], list(state.trick))
    solve(state)
    assert (len(state.events), [list(h) for h in state.hands], list(state.trick)) == before


# ---------------------------------------------------------------------------------------
# A deal checked by hand. Hearts are trump (seat 0 orders up the 9 of hearts, the dealer
# takes it and puts it away). Seat 0 holds the right bower and the top card of every other
# suit; the only trump the other side holds is the ace of hearts, with seat 1, who has
# nothing but clubs besides. Seat 2 holds the 10 of hearts; the rest of the trumps are
# in the kitty.
# ---------------------------------------------------------------------------------------

MARCH = "JH AS AD AC KS | AH 9C TC QC KC | TH 9D TD QD KD | 9S TS JS QS JC"


def march_hand(*bidding: str) -> State:
    state = new_hand(
        "standard",
        deal_from_text(MARCH, "JD KH QH", "9H"),
        dealer=3,
        options={"standard.discard_may_be_upcard": True},
    )
    play(state, *bidding)
    assert state.ranking is not None
    return state


def test_drawing_the_ace_of_trump_first_marches() -> None:
    # The right bower (or the ace of clubs, which seat 1 must follow, then the bower)
    # draws the ace of hearts and every card of seat 0 is then a winner: a march, 2
    # points. Any other lead lets seat 1 trump it: 4 tricks, 1 point.
    state = march_hand("order", "discard 9H")
    assert state.to_act == 0
    sol = solve(state)
    assert sol.side == frozenset({0, 2})
    assert sol.tricks == {c: 5 if c in cards("JH AC") else 4 for c in state.hands[0]}
    assert sol.points == {c: 2 if c in cards("JH AC") else 1 for c in state.hands[0]}
    assert set(sol.best) == set(cards("JH AC"))
    assert solve_value(state) == 5
    # In the line every trick goes to seat 0, and the ace of hearts falls on the bower.
    line = dict(((i // 4, s), c) for i, (s, c) in enumerate(sol.line))
    assert len(sol.line) == 20
    assert all(sol.line[i][0] == 0 for i in range(0, 20, 4))
    bower = next(i for i in range(5) if line[(i, 0)] == card("JH"))
    assert line[(bower, 1)] == card("AH")


def test_the_lone_march_is_worth_four() -> None:
    state = march_hand("order alone", "discard 9H")
    assert state.teams is not None and state.teams.sitting_out == frozenset({2})
    sol = solve(state)
    assert sol.tricks == {c: 5 if c in cards("JH AC") else 4 for c in state.hands[0]}
    assert sol.points == {c: 4 if c in cards("JH AC") else 1 for c in state.hands[0]}


def test_the_other_side_sees_the_same_hand_from_its_seat() -> None:
    # Seat 0 leads the ace of spades: seat 1 trumps it, the defenders' only trick.
    state = march_hand("order", "discard 9H", "play AS")
    sol = solve(state)
    assert sol.seat == 1 and sol.side == frozenset({1, 3})
    # Any club lets the ace of spades win, and seat 0 marches.
    assert sol.tricks == {c: 1 if c == card("AH") else 0 for c in state.hands[1]}
    assert sol.points == {c: -1 if c == card("AH") else -2 for c in state.hands[1]}
    assert sol.best == (card("AH"),)


def test_a_forced_end_follows_the_cards() -> None:
    # After the bower, the ace of clubs and the ace of diamonds, seat 0 leads the ace of
    # spades: each player's cards are equivalent (nothing of another hand ranks between
    # them), so every play is forced and seat 0 takes the last two tricks: a march.
    state = march_hand(
        "order", "discard 9H",
        "play JH", "play AH", "play TH", "play JC",
        "play AC", "play KC", "play QD", "play QS",
        "play AD", "play QC", "play KD", "play JS",
        "play AS",
    )  # fmt: skip
    sol = solve(state)
    assert sol.seat == 1
    assert sol.tricks == {card("9C"): 0, card("TC"): 0}
    assert sol.points == {card("9C"): -2, card("TC"): -2}
    assert [s for s, _ in sol.line] == [1, 2, 3, 0, 1, 2, 3]
    assert {c for _, c in sol.line} <= set(cards("9C TC 9D TD 9S TS KS"))


@pytest.mark.slow
def test_a_position_before_the_card_that_makes_trumps_is_solved_exactly() -> None:
    # Napoleon: the first card the bidder leads makes its suit trumps, so the order of
    # the cards is not known until it is played; the solver must not assume it is.
    seen = 0
    for seed in range(40):
        state = State(load_variant("napoleon-2"), seed=seed)
        while state.phase is not Phase.PLAY and state.to_act is not None:
            legal = state.legal_actions()
            bids = [a for a in legal if str(a) != "pass"]
            state.apply(bids[0] if bids else legal[0])
        contract = state.contract
        if state.phase is Phase.PLAY and contract is not None and contract.trump is None:
            check_against_brute_force(state)  # the first lead of the hand
            seen += 1
    assert seen >= 10


def _answers_digest(hands: int) -> str:
    """The solver's whole answer (tricks and points per card, best cards, line) at every
    position of the play of heuristic games of three variants, hashed."""
    from euchre_core.analysis.solver import fits
    from euchre_core.bots.heuristic import HeuristicBot

    h = hashlib.sha256()
    for name in ("standard", "cutthroat", "pepper"):
        config = load_variant(name)
        for g in range(hands):
            state = State(config, seed=f"solver-digest/{g}", max_hands=1)
            bots = [HeuristicBot(f"{g}/{s}") for s in range(state.seats)]
            while state.to_act is not None:
                if state.phase is Phase.PLAY and fits(state):
                    sol = solve(state)
                    h.update(repr((sol.tricks, sol.points, sol.best, sol.line)).encode())
                seat = state.to_act
                state.apply(bots[seat].choose(state.view(seat), state.legal_actions()))
    return h.hexdigest()[:16]


def test_the_solvers_answers_and_lines_are_pinned() -> None:
    # A faster search must give the same values, and the same line of best play (the
    # first card, in the order of the moves, that keeps the value): the review shows it.
    assert _answers_digest(12) == "48b90a581c9f4872"

"""The double-dummy solver against a brute-force search through the engine, and on
fixed positions checked by hand."""

from __future__ import annotations

import pytest
from solver_helpers import brute_cards, fork, positions

from euchre_core import new_hand
from euchre_core.actions import PLAY
from euchre_core.analysis._dd_engine import EngineSearch
from euchre_core.analysis._dd_fast import fast_rules
from euchre_core.analysis.solver import solve, solve_value
from euchre_core.errors import EuchreError
from euchre_core.state import State

# (family, variant, house rules, most cards still held at a sampled position: few enough
# for the brute force to be quick).
FAMILIES = [
    ("4 seats", "standard", (), 10),
    ("3 seats", "cutthroat", (), 9),
    ("3 seats", "pepper-3", (), 9),
    ("2 seats", "two-hand", (), 8),
    ("6-card hands", "pepper", (), 10),
    ("7-card hands", "standard", ("seven-card-deal",), 10),
    ("7-card hands", "auction-7", (), 12),
    ("called partner", "call-ace", (), 10),
    ("must trump", "standard", ("must-trump",), 10),
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
    assert sol.side == state.teams.side_of(state.to_act)  # type: ignore[union-attr]
    # The line is the engine's own play to the end of the hand, and takes the tricks.
    replay = fork(state)
    start = len(replay.hand_records)
    assert sol.line[0][1] in sol.best
    for seat, c in sol.line:
        assert replay.to_act == seat
        replay.apply(PLAY[c.index])
    assert len(replay.hand_records) == start + 1
    record = replay.hand_records[start]
    assert sum(record.tricks[s] for s in sol.side) == top
    others = [record.points[s] for s in range(state.seats) if s not in sol.side]
    assert sol.points[sol.line[0][1]] == record.points[sol.seat] - max(others)


@pytest.mark.parametrize(("family", "variant", "rules", "left"), FAMILIES)
def test_the_solver_agrees_with_brute_force(
    family: str, variant: str, rules: tuple[str, ...], left: int
) -> None:
    for state in positions(variant, 40, seed=20, max_left=left, rules=rules):
        check_against_brute_force(state)


@pytest.mark.slow
@pytest.mark.parametrize(("family", "variant", "rules", "left"), FAMILIES)
def test_the_solver_agrees_with_brute_force_on_many_positions(
    family: str, variant: str, rules: tuple[str, ...], left: int
) -> None:
    for state in positions(variant, 1000, seed=1000, max_left=left, rules=rules):
        check_against_brute_force(state)


def test_the_engine_search_agrees_with_brute_force() -> None:
    for state in positions("standard", 15, seed=5, max_left=8):
        search = EngineSearch(state)
        lo, hi = search.bounds()
        assert search.value(lo - 1, hi + 1) == max(brute_cards(state).values())


def test_the_fast_search_is_used_only_for_the_rules_of_the_tricks_plugin() -> None:
    assert fast_rules(new_hand("standard")) == "tricks"
    assert fast_rules(new_hand("standard", rules=["must-trump"])) == "must-trump"
    assert fast_rules(new_hand("auction-7")) == "tricks"


def test_a_position_outside_the_play_is_refused() -> None:
    with pytest.raises(EuchreError, match="play of the cards"):
        solve(new_hand("standard"))

"""The opening leader for every lone configuration: every row of ``standard.md`` §9.5
under both values of ``opening_lead``.

Each configuration is built through the rules: the lone maker orders up alone in round 1
(the dealer's partner going alone leaves the dealer out without a pick-up), and the lone
defender declares either through the ``defend-alone`` plugin or, as the any-player rule
of [S003], with ``standard.alone_by = any_player``. Seats: D = 0, L = 1, P = 2, R = 3.
"""

from __future__ import annotations

import pytest
from helpers import D, L, P, R, make_deal

from euchre_core import Phase, new_hand

NAMES = {"D": D, "L": L, "P": P, "R": R}

# (lone maker, lone defender or None, leader under eldest_next_active, under left_of_lone)
TABLE = [
    (None, None, "L", "L"),
    ("L", None, "L", "P"),
    ("P", None, "L", "R"),
    ("R", None, "P", "D"),
    ("D", None, "L", "L"),
    ("R", "D", "R", "D"),
    ("P", "L", "L", "L"),
    ("L", "D", "L", "D"),
    ("D", "L", "L", "L"),
    ("P", "R", "P", "R"),
    ("L", "P", "L", "P"),
    ("R", "P", "P", "P"),
    ("D", "R", "R", "R"),
]

ROWS = [
    pytest.param(maker, defender, eldest, left, id=f"{maker or 'nobody'}-{defender or 'none'}")
    for maker, defender, eldest, left in TABLE
]


def start_play(maker: str | None, defender: str | None, opening_lead: str, how: str):
    """Play the bidding and the declarations of one row and return the state at the
    first lead."""
    rules = ["defend-alone"] if how == "defend-alone" else []
    options = {"standard.opening_lead": opening_lead}
    if how == "any_player":
        options["standard.alone_by"] = "any_player"
    state = new_hand("standard", make_deal({}, up="9H"), dealer=D, rules=rules, options=options)
    maker_seat = NAMES[maker] if maker else L
    while state.phase is not Phase.PLAY:
        seat = state.to_act
        if state.phase is Phase.BIDDING:
            if seat == maker_seat:
                state.apply_text("order alone" if maker else "order")
            else:
                state.apply_text("pass")
            continue
        kind = state.decision.kind
        if kind == "discard":
            state.apply(state.legal_actions()[0])
        elif kind == "defend":
            mine = defender is not None and seat == NAMES[defender]
            state.apply_text("defend alone" if mine else "pass")
        elif kind == "alone":
            mine = defender is not None and seat == NAMES[defender]
            state.apply_text("alone" if mine else "pass")
        else:  # pragma: no cover - a decision this table does not expect
            raise AssertionError(f"unexpected decision {kind!r} for seat {seat}")
    return state


def expected_out(maker: str | None, defender: str | None) -> set[int]:
    out = set()
    for lone in (maker, defender):
        if lone is not None:
            out.add((NAMES[lone] + 2) % 4)
    return out


@pytest.mark.parametrize("how", ["defend-alone", "any_player"])
@pytest.mark.parametrize(("maker", "defender", "eldest", "left"), ROWS)
def test_opening_leader_eldest_next_active(maker, defender, eldest, left, how):
    """§9.5, ``eldest_next_active``: start at L and skip seats that sit out."""
    state = start_play(maker, defender, "eldest_next_active", how)
    assert set(state.teams.sitting_out) == expected_out(maker, defender)
    assert state.to_act == NAMES[eldest]
    assert state.leader == NAMES[eldest]


@pytest.mark.parametrize("how", ["defend-alone", "any_player"])
@pytest.mark.parametrize(("maker", "defender", "eldest", "left"), ROWS)
def test_opening_leader_left_of_lone(maker, defender, eldest, left, how):
    """§9.5, ``left_of_lone``: the seat after the one lone player; with two lone
    players, the lone defender."""
    state = start_play(maker, defender, "left_of_lone", how)
    assert set(state.teams.sitting_out) == expected_out(maker, defender)
    assert state.to_act == NAMES[left]


@pytest.mark.parametrize("opening_lead", ["eldest_next_active", "left_of_lone"])
def test_only_the_first_trick_is_affected_later_tricks_go_to_the_winner(opening_lead):
    """§9.3 and HR-LEAD-LEFT-OF-LONE: after trick 1, the winner of each trick leads."""
    state = start_play("R", "D", opening_lead, "defend-alone")
    while not state.is_over:
        before = len(state.tricks)
        state.apply(state.legal_actions()[0])
        if len(state.tricks) > before and not state.is_over:
            assert state.to_act == state.tricks[-1].winner

"""The chance of winning a game of partnership euchre from a score, for decisions near
its end.

A hand's result is worth what it does to the chance of winning the game, not its points:
at 9 a lone march wins no more than a march with a partner, and a euchre at 8 against
opponents at 9 loses the game. :func:`win_chance` is ``P(win | our score, their score,
who deals next)`` under standard scoring (1 a make, 2 a march, 4 a lone march, 2 a
euchre) for any target, computed exactly from :data:`HAND_OUTCOMES`, the measured
distribution of a hand's points between the dealing side and the other (heuristic bots
in 4,000 self-play games of standard euchre to 10), the deal passing to the left after
every hand. The table is data in the package; nothing is simulated at run time.

:func:`applies` says whether a view's game is one the table describes (two fixed
partnerships of two, standard scoring).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ..view import PlayerView

__all__ = ["HAND_OUTCOMES", "applies", "hand_win_chance", "lone_gain", "win_chance"]

#: Hands measured, by (the dealing side's points, the other side's points).
HAND_OUTCOMES: dict[tuple[int, int], int] = {
    (0, 0): 288,
    (0, 1): 9058,
    (0, 2): 6453,
    (0, 4): 233,
    (1, 0): 20981,
    (2, 0): 7338,
    (4, 0): 1518,
}

_TOTAL = sum(HAND_OUTCOMES.values())
_P = [(d, o, n / _TOTAL) for (d, o), n in HAND_OUTCOMES.items()]
_P0 = HAND_OUTCOMES.get((0, 0), 0) / _TOTAL

#: The scoring the table describes: option name -> value (standard euchre's own).
_SCORING = {
    "points_make": 1,
    "points_march": 2,
    "points_lone_march": 4,
    "points_euchre": 2,
}


@cache
def _rest(ours: int, theirs: int, we_deal: bool, target: int) -> float:
    """The part of the chance that comes from hands that score."""
    total = 0.0
    for d, o, p in _P:
        if d == 0 and o == 0:
            continue
        a, b = (ours + d, theirs + o) if we_deal else (ours + o, theirs + d)
        total += p * win_chance(a, b, not we_deal, target)
    return total


@cache
def win_chance(ours: int, theirs: int, we_deal: bool, target: int = 10) -> float:
    """The chance that the side at ``ours`` wins the game against the side at ``theirs``
    when the next hand is dealt by our side (``we_deal``) or theirs."""
    if ours >= target:
        return 1.0
    if theirs >= target:
        return 0.0
    # A hand nobody makes scores nothing and the deal moves on: solve the two states
    # that lead to each other.
    r_here = _rest(ours, theirs, we_deal, target)
    r_there = _rest(ours, theirs, not we_deal, target)
    return (r_here + _P0 * r_there) / (1.0 - _P0 * _P0)


def applies(view: PlayerView) -> bool:
    """Whether the view's game is one :func:`win_chance` describes: four seats in two
    fixed partnerships, standard scoring."""
    table = view.partnerships
    if view.seats != 4 or table is None or len(table) != 2:
        return False
    options: Any = view.options
    standard = options.get("standard") if hasattr(options, "get") else None
    if standard is None:
        return False
    return all(standard.get(k) == v for k, v in _SCORING.items())


def _standing(view: PlayerView) -> tuple[int, int, bool]:
    """Our side's score, the best score of the other side, and whether our side deals the
    next hand (the seat after the dealer)."""
    me = view.seat
    sides = view.partnerships or ()
    mine = next((side for side in sides if me in side), (me,))
    ours = view.scores[me]
    theirs = max((view.scores[s] for s in range(view.seats) if s not in mine), default=0)
    next_dealer = (view.dealer + 1) % view.seats
    return ours, theirs, next_dealer in mine


def hand_win_chance(view: PlayerView, gained: int, lost: int) -> float:
    """The chance of winning the game after this hand if our side gains ``gained`` points
    and the other side ``lost`` (the next hand dealt by the seat after the dealer)."""
    ours, theirs, we_next = _standing(view)
    return win_chance(ours + gained, theirs + lost, we_next, view.target)


def lone_gain(view: PlayerView) -> float:
    """How much a lone march adds to the chance of winning over a march with a partner,
    as a share of what it adds at the start of a game (1: as much, 0: nothing, at 8 or 9
    in a game to 10)."""
    ours, theirs, we_next = _standing(view)
    return _lone_gain(ours, theirs, we_next, view.target)


@cache
def _lone_gain(ours: int, theirs: int, we_next: bool, target: int) -> float:
    """:func:`lone_gain` from the scores, who deals next and the target."""
    gain = win_chance(ours + 4, theirs, we_next, target) - win_chance(
        ours + 2, theirs, we_next, target
    )
    start = win_chance(4, 0, we_next, target) - win_chance(2, 0, we_next, target)
    if start <= 0.0:
        return 1.0
    return max(0.0, min(1.0, gain / start))

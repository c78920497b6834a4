"""The double-dummy solver: the exact result of a hand's play with every hand open.

:func:`solve` takes a :class:`~euchre_core.state.State` in the play of the cards (the
contract fixed; at any card, a trick under way included), looks at every hand, and finds
for the seat to act the best result its side can force against the best defence: the
tricks it takes in the whole hand, the points the hand then scores, and the cards that
achieve it. :func:`solve_value` answers only the best number of tricks, faster.

* **Sides.** Two sides: the seat to act and the other seats of its side this hand
  (:meth:`~euchre_core.model.Teams.side_of`: partners, the makers with a called partner,
  the defenders together) against every other seat; in a hand with no makers, each
  player for himself, the seat alone against the rest. Seats sitting out a lone hand
  play no card.
* **Tricks, then points.** The search maximises the side's tricks (every variant's points
  grow with the tricks its side takes). The points are the variant's own: the line of
  best play found is played out on a copy of the state and scored by the variant's
  scoring (``euchre_score_hand``), never re-computed here. The points of a side are what
  the seat to act gains minus what the best-scoring seat of the other side gains.
* **Moves.** The proper card plays only: a claim, or a card a rule forbids but a person
  could still play (a renege), is never a move of the search.
* **Exact search.** Minimax with alpha-beta pruning, move ordering, a transposition table
  at the start of each trick, and equivalent cards searched once: cards of one suit held
  by one hand with no card of another hand (or of the trick under way) ranking between
  them in this hand's order, the cards already played counting as gaps.
* **The variant's own rules.** When the play follows the ``tricks`` plugin (its legal
  plays and trick winner, optionally narrowed by the ``must-trump`` house rule), each
  card is reduced to its effective suit and power under this hand's ranking and the
  search runs on small integers. Any other rule for the play is asked through the engine
  itself, on copies of the state: slower, and just as exact.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..cards import Card
from ..errors import EuchreError
from ..model import Phase
from ..state import State
from ._dd_engine import EngineSearch, apply_card, fork, proper_cards
from ._dd_fast import FastSearch, fast_rules

__all__ = [
    "ENGINE_SEARCH_CARDS",
    "QUICK_SEARCH_CARDS",
    "Solution",
    "fits",
    "net_gain",
    "quick",
    "solve",
    "solve_value",
]


@dataclass(frozen=True)
class Solution:
    """The double-dummy result of a position, for the seat to act.

    :ivar seat: the seat to act
    :ivar side: that seat's side this hand
    :ivar tricks: per legal card, the tricks the side takes in the whole hand (those
      already won included) with best play by everyone after it
    :ivar points: per legal card, the hand's points for the side (the seat to act's gain
      minus the best gain of a seat of the other side) with that best play, from the
      variant's own scoring (a game that counts down gains what comes off a score)
    :ivar best: the cards achieving the most tricks
    :ivar line: a line of best play from here to the end of the hand, ``(seat, card)``
    :ivar nodes: cards tried by the search
    """

    seat: int
    side: frozenset[int]
    tricks: dict[Card, int]
    points: dict[Card, int]
    best: tuple[Card, ...]
    line: tuple[tuple[int, Card], ...]
    nodes: int

    @property
    def value(self) -> int:
        """The most tricks the side can take in the whole hand."""
        return max(self.tricks.values())


def _check(state: State, fn: str) -> None:
    if not isinstance(state, State):
        raise EuchreError(f"{fn}: expected a game state, got {type(state).__name__}")
    if state.phase is not Phase.PLAY or state.to_act is None:
        raise EuchreError(
            f"{fn}: the position must be in the play of the cards (the phase is {state.phase})"
        )
    if state.teams is None or state.ranking is None:
        raise EuchreError(f"{fn}: the position has no contract and sides yet")


#: The most cards still held that :func:`solve` searches through the engine (a variant
#: whose rules of play the quick search does not cover) in a time fit for a decision.
ENGINE_SEARCH_CARDS = 12


#: The most cards still held that the quick search takes in a time fit for a decision
#: (every standard, pepper or five- and six-hand position; the first tricks of a
#: seven-hand auction or of Five Hundred's ten-card hands take it seconds).
QUICK_SEARCH_CARDS = 30


def fits(state: State, most_cards: int = QUICK_SEARCH_CARDS) -> bool:
    """Whether :func:`solve` answers this position in a time fit for a decision: at most
    ``most_cards`` cards are held and its quick search applies, or at most
    :data:`ENGINE_SEARCH_CARDS` are held for the search through the engine."""
    cards = sum(len(state.hands[s]) for s in state.active)
    if cards > most_cards:
        return False
    return cards <= ENGINE_SEARCH_CARDS or quick(state)


def quick(state: State) -> bool:
    """Whether :func:`solve` uses its quick search for this position (the play follows
    the ``tricks`` plugin's rules, or must-trump's); otherwise it searches through the
    engine itself, exact but far slower, fit only for the last tricks of a hand."""
    return isinstance(_searcher(state), FastSearch)


def _searcher(state: State) -> FastSearch | EngineSearch:
    kind = fast_rules(state)
    if kind is not None:
        fast = FastSearch(state, must_trump=kind == "must-trump")
        # The reduction must offer exactly the engine's cards; if it ever did not, the
        # engine's own rules are used instead.
        if set(fast.legal_cards()) == set(proper_cards(state)):
            return fast
    return EngineSearch(state)


Search = Any  # FastSearch | EngineSearch: the same methods


def _exact(search: Search, guess: int | None = None) -> int:
    """The exact value (side's tricks in the whole hand) of the searcher's position, by
    null-window searches closing in from ``guess`` (MTD(f): each search either raises
    the lower bound or lowers the upper one)."""
    lo, hi = search.bounds()
    g = hi if guess is None else min(max(guess, lo), hi)
    while lo < hi:
        beta = g if g > lo else lo + 1
        v = int(search.value(beta - 1, beta))
        if v < beta:
            hi = v
        else:
            lo = v
        g = v
    return int(lo)


def _line(search: Search, value: int) -> list[tuple[int, Card]]:
    """A line of best play from the searcher's position, whose value is ``value``; the
    searcher is left where it was."""
    line: list[tuple[int, Card]] = []
    depth = 0
    while not search.over():
        seat = search.seat()
        maxing = search.maxing()
        chosen = None
        for group in search.moves():
            c = group[0]
            search.play(c)
            if maxing:
                ok = search.value(value - 1, value) >= value
            else:
                ok = search.value(value, value + 1) <= value
            if ok:
                chosen = c
                break
            search.undo()
        if chosen is None:  # pragma: no cover - a value the search itself returned
            raise AssertionError("no card keeps the solved value")
        line.append((seat, chosen))
        depth += 1
    for _ in range(depth):
        search.undo()
    return line


def _points(state: State, line: Sequence[tuple[int, Card]], side: frozenset[int]) -> int:
    """The points the hand scores for ``side`` when ``line`` is played to its end."""
    seat = state.to_act
    assert seat is not None
    played = fork(state)
    start = len(played.hand_records)
    for s, c in line:
        if played.to_act != s:  # pragma: no cover - a line of the engine's own plays
            raise AssertionError(f"the line has seat {s} play, the engine asks {played.to_act}")
        apply_card(played, c, side)
    if len(played.hand_records) <= start:  # pragma: no cover
        raise AssertionError("the line did not end the hand")
    return net_gain(state, played.hand_records[start].points, seat, side)


def net_gain(state: State, points: Sequence[int], seat: int, side: frozenset[int]) -> int:
    """What ``seat`` gained by a hand's ``points`` minus the most a seat outside ``side``
    gained. In a game that counts down (Buck euchre) the points taken off a score are the
    gains."""
    if state.table.count_down:
        points = [-p for p in points]
    others = [points[s] for s in range(state.seats) if s not in side]
    return points[seat] - (max(others) if others else 0)


def solve(state: State) -> Solution:
    """The double-dummy result of the position for the seat to act: the tricks and points
    of each legal card with best play after it, the best cards, a line of best play.

    ``state`` is not changed.

    :raises EuchreError: when the position is not in the play of the cards.
    """
    _check(state, "solve")
    search = _searcher(state)
    seat = search.seat()
    side = search.side
    tricks: dict[Card, int] = {}
    lines: dict[Card, list[tuple[int, Card]]] = {}
    guess = None
    for group in search.moves():
        search.play(group[0])
        v = guess = _exact(search, guess)
        rest = _line(search, v)
        search.undo()
        rep = group[0]
        for c in group:
            # An equivalent card: the line plays the one searched where it played this.
            tricks[c] = v
            swap = {c: rep, rep: c}
            lines[c] = [(seat, c), *((s, swap.get(x, x)) for s, x in rest)]
    order = {c: i for i, c in enumerate(proper_cards(state))}
    top = max(tricks.values())
    best = tuple(sorted((c for c, v in tricks.items() if v == top), key=order.__getitem__))
    points = {c: _points(state, lines[c], side) for c in sorted(tricks, key=order.__getitem__)}
    return Solution(
        seat=seat,
        side=side,
        tricks={c: tricks[c] for c in sorted(tricks, key=order.__getitem__)},
        points=points,
        best=best,
        line=tuple(lines[best[0]]),
        nodes=search.nodes,
    )


def solve_value(state: State) -> int:
    """The most tricks the side of the seat to act can take in the whole hand (those
    already won included), every hand open.

    :raises EuchreError: when the position is not in the play of the cards.
    """
    _check(state, "solve_value")
    return _exact(_searcher(state))

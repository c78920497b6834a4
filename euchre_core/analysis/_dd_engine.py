"""The solver's search through the engine itself, for play under rules of its own.

Every card is tried on a copy of the state (``State.apply``), so legality and trick
winners are whatever the variant's plugins say; plain alpha-beta, with no assumption on
the rules (no merging of cards, no table of positions). Slow, and exact.
"""

from __future__ import annotations

import copy
import random
from typing import Any

from ..actions import PLAY, Action
from ..cards import ALL_CARDS, Card
from ..state import State


def side_against_the_rest(state: State, seat: int) -> frozenset[int]:
    """The seats the search counts as the side of ``seat``: its side this hand, or the
    seat alone when that side holds every seat playing (a hand with no makers, each
    player for himself, as on a dirty-clubs deal of Buck)."""
    assert state.teams is not None
    side = state.teams.side_of(seat)
    return frozenset({seat}) if side >= frozenset(state.active) else side


__all__ = ["EngineSearch", "apply_card", "card_actions", "fork"]


def fork(state: State) -> State:
    """A copy of ``state`` to play on, sharing what never changes: the rules, the table,
    the cards, the actions and events so far (immutable values), the contract and the
    sides. Its random source is a fresh one: the engine seeds it again before each deal."""
    memo: dict[int, Any] = dict(_SHARED)
    fixed: tuple[object, ...] = (state.rules, state.config, state.table, state.options)
    for shared in (*fixed, state.deal, state.ranking, state.contract, state.teams):
        if shared is not None:
            memo[id(shared)] = shared
    for e in state.events:
        memo[id(e)] = e
    for entry in state.actions:
        memo[id(entry)] = entry
    for attr in ("_rng", "_deal_rng"):
        rng = getattr(state, attr, None)
        if rng is not None:
            memo[id(rng)] = random.Random(0)
    return copy.deepcopy(state, memo)


#: Cards and the plays of cards: one object each, shared by every copy.
_SHARED: dict[int, Any] = {id(x): x for x in (*ALL_CARDS, *PLAY)}


def card_actions(state: State) -> dict[Card, list[Action]]:
    """The cards the seat to act may properly play, in the engine's order, each with the
    actions that play it: one, the play of the card, unless the rules offer several ways
    to play it (Five Hundred's free joker led naming the suit to follow)."""
    out: dict[Card, list[Action]] = {}
    for a in state.legal_actions():
        if a.card is not None and getattr(a, "proper", True):
            out.setdefault(a.card, []).append(a)
    return out


def proper_cards(state: State) -> list[Card]:
    """The cards the seat to act may properly play, in the engine's order."""
    return list(card_actions(state))


def apply_card(state: State, card: Card, side: frozenset[int]) -> None:
    """Play ``card`` for the seat to act in ``state`` (changed): where the rules offer
    several ways to play it, the one best for that seat with best play after it, counting
    the tricks of ``side`` (as :class:`EngineSearch` chooses it)."""
    actions = card_actions(state).get(card)
    if not actions or len(actions) == 1:
        state.apply(actions[0] if actions else PLAY[card.index])
        return
    state.apply(EngineSearch(state, side).best_of(state, actions)[0])


class EngineSearch:
    """Alpha-beta search on copies of the state; the same methods as the fast search."""

    def __init__(self, state: State, side: frozenset[int] | None = None) -> None:
        seat = state.to_act
        assert seat is not None and state.teams is not None
        self.side: frozenset[int] = side if side is not None else side_against_the_rest(state, seat)
        self.start = len(state.hand_records)
        self.stack: list[State] = [fork(state)]
        self.nodes = 0

    def _won(self, st: State) -> int:
        if len(st.hand_records) > self.start:
            tricks = st.hand_records[self.start].tricks
        else:
            tricks = tuple(st.tricks_won)
        return sum(tricks[s] for s in self.side)

    def _over(self, st: State) -> bool:
        return len(st.hand_records) > self.start

    def seat(self) -> int:
        s = self.stack[-1].to_act
        assert s is not None
        return s

    def maxing(self) -> bool:
        return self.seat() in self.side

    def over(self) -> bool:
        return self._over(self.stack[-1])

    def bounds(self) -> tuple[int, int]:
        st = self.stack[-1]
        won = self._won(st)
        if self._over(st):
            return won, won
        return won, won + len(st.hands[self.seat()])

    def legal_cards(self) -> list[Card]:
        return proper_cards(self.stack[-1])

    def moves(self) -> list[list[Card]]:
        return [[c] for c in proper_cards(self.stack[-1])]

    def play(self, c: Card) -> None:
        st = self.stack[-1]
        actions = card_actions(st)[c]
        if len(actions) == 1:
            child = fork(st)
            child.apply(actions[0])
        else:
            child = self.best_of(st, actions)[1]
        self.stack.append(child)

    def best_of(self, st: State, actions: list[Action]) -> tuple[Action, State]:
        """Of several actions playing one card, the best for the seat to act in ``st``
        with best play after it, and the position it leads to (the first of equals)."""
        maxing = st.to_act in self.side
        best: tuple[int, Action, State] | None = None
        for a in actions:
            child = fork(st)
            child.apply(a)
            v = self._search(child, -1, 1 << 30)
            if best is None or (v > best[0] if maxing else v < best[0]):
                best = (v, a, child)
        assert best is not None
        return best[1], best[2]

    def undo(self) -> None:
        self.stack.pop()

    def value(self, alpha: int, beta: int) -> int:
        return self._search(self.stack[-1], alpha, beta)

    def _search(self, st: State, alpha: int, beta: int) -> int:
        if self._over(st):
            return self._won(st)
        seat = st.to_act
        assert seat is not None
        maxing = seat in self.side
        best = -1 if maxing else 1 << 30
        for a in [a for acts in card_actions(st).values() for a in acts]:
            self.nodes += 1
            child = fork(st)
            child.apply(a)
            v = self._search(child, alpha, beta)
            if maxing:
                if v > best:
                    best = v
                    alpha = max(alpha, v)
            elif v < best:
                best = v
                beta = min(beta, v)
            if alpha >= beta:
                break
        return best

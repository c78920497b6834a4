"""Random positions of the play and a brute-force solver, for the solver's tests and
benchmark: plain minimax through the engine itself, every card tried on a copy of the
state, no pruning."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from euchre_core import new_game
from euchre_core.actions import Action
from euchre_core.analysis._dd_engine import fork
from euchre_core.cards import Card
from euchre_core.model import Phase
from euchre_core.state import State


def to_play(
    variant: str,
    rng: random.Random,
    *,
    rules: Sequence[str] = (),
    options: Mapping[str, Any] | None = None,
    prefer: Sequence[str] = (),
    extra_plugins: Sequence[object] = (),
) -> State:
    """A hand of ``variant`` at its first lead, from random (legal) bidding and steps
    before the play (the first action of ``prefer`` offered, when one is); a new deal
    when the hand is passed out."""
    while True:
        state = new_game(
            variant,
            seed=rng.randrange(1 << 30),
            rules=rules,
            options=options or {},
            extra_plugins=extra_plugins,
        )
        while state.phase is not Phase.PLAY and state.hand_number == 0 and not state.is_over:
            legal = state.legal_actions()
            offered = {str(a): a for a in legal}
            chosen = [offered[p] for p in prefer if p in offered]
            state.apply(chosen[0] if chosen else rng.choice(legal))
        if state.phase is Phase.PLAY and state.hand_number == 0:
            return state


def cards_left(state: State) -> int:
    return sum(len(state.hands[s]) for s in state.active)


def card_plays(state: State) -> list[Action]:
    """Every legal action that plays a card properly: the plays of cards, and each suit a
    free joker may be led naming (Five Hundred)."""
    return [a for a in state.legal_actions() if a.card is not None and getattr(a, "proper", True)]


def play_randomly(state: State, rng: random.Random, plays: int) -> None:
    for _ in range(plays):
        state.apply(rng.choice(card_plays(state)))


def positions(
    variant: str,
    count: int,
    seed: int,
    *,
    max_left: int,
    rules: Sequence[str] = (),
    options: Mapping[str, Any] | None = None,
    prefer: Sequence[str] = (),
    extra_plugins: Sequence[object] = (),
) -> Iterator[State]:
    """``count`` random positions of the play with at most ``max_left`` cards still
    held (mid-trick ones included), each at least one card before the end."""
    rng = random.Random(seed)
    for _ in range(count):
        state = to_play(
            variant, rng, rules=rules, options=options, prefer=prefer, extra_plugins=extra_plugins
        )
        total = cards_left(state)
        low = max(0, total - max_left)
        play_randomly(state, rng, rng.randint(low, total - 1))
        yield state


def brute_value(state: State, side: frozenset[int], start: int) -> int:
    """The side's tricks in the whole hand with best play by everyone: every proper card
    tried through the engine."""
    if len(state.hand_records) > start:
        return sum(state.hand_records[start].tricks[s] for s in side)
    values = []
    for a in card_plays(state):
        child = fork(state)
        child.apply(a)
        values.append(brute_value(child, side, start))
    return max(values) if state.to_act in side else min(values)


def brute_cards(state: State) -> dict[Card, int]:
    """Each proper card of the seat to act, and the side's tricks with best play after it."""
    assert state.to_act is not None and state.teams is not None
    side = state.teams.side_of(state.to_act)
    if side >= frozenset(state.active):  # no makers, each for himself: the seat alone
        side = frozenset({state.to_act})
    start = len(state.hand_records)
    best = max if state.to_act in side else min
    out: dict[Card, int] = {}
    for a in card_plays(state):
        assert a.card is not None
        child = fork(state)
        child.apply(a)
        v = brute_value(child, side, start)
        out[a.card] = v if a.card not in out else best(out[a.card], v)
    return out

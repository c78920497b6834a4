"""Must trump: a player who cannot follow suit must play a trump if holding one.

There is no duty to over-trump; only a player with neither a card of the suit led nor a
trump may discard freely. The left bower and the joker count as trumps.

Sources: the French euchre rules of AdPoker.fr (the only source that requires it).
"""

from __future__ import annotations

from collections.abc import Generator

from euchre_core.actions import Action, Play
from euchre_core.cards import Card
from euchre_core.hookspecs import hookimpl
from euchre_core.state import State

NAME = "must-trump"


def _trumps_when_void(state: State, seat: int) -> tuple[list[Card], str] | None:
    """The trumps ``seat`` must choose from, and the suit led in words; ``None`` when the
    rule does not apply (a lead, trump led, a card of the suit led held, no trump held).
    (One pass over the hand: it is asked at every card played.)"""
    trick = state.trick
    if not trick:
        return None
    r = state.ranking
    if r is None or r.trump is None:
        return None
    suit_of = r.suit_of
    trump = r.trump
    led = suit_of[trick[0][1].index]
    if led is trump:
        return None
    trumps = []
    for c in state.hands[seat]:
        s = suit_of[c.index]
        if s is led:
            return None
        if s is trump:
            trumps.append(c)
    if not trumps:
        return None
    word = led.word if led is not None else "the suit led"
    return trumps, word


def narrowed(state: State, seat: int, cards: list[Card]) -> list[Card]:
    """The legal plays ``cards`` the other rules allow, narrowed to the trumps when the
    seat holds none of the suit led."""
    trick = state.trick
    if len(cards) < 2 or not trick:
        return cards  # a lead, or a single card: nothing to narrow
    # _trumps_when_void, in line (asked at every card played)
    r = state.ranking
    trump = r.trump if r is not None else None
    if r is None or trump is None:
        return cards
    suit_of = r.suit_of
    led = suit_of[trick[0][1].index]
    if led is trump or suit_of[cards[0].index] is led:
        return cards  # trump led, or the seat follows suit (it holds the suit led)
    holds_trump = False
    for c in state.hands[seat]:
        s = suit_of[c.index]
        if s is led:
            return cards
        if s is trump:
            holds_trump = True
    if not holds_trump:
        return cards
    # The trumps among the cards allowed (cards of the seat's hand, by their suit: no
    # comparison of cards one by one).
    return [c for c in cards if suit_of[c.index] is trump] or cards


@hookimpl(wrapper=True)
def euchre_legal_plays(state: State, seat: int) -> Generator[None, list[Card], list[Card]]:
    return narrowed(state, seat, (yield))


# What the wrapper does after its yield, as a plain function: the engine calls it with
# the answer instead of driving the generator (the same answer, for less).
euchre_legal_plays.after_answer = narrowed  # type: ignore[attr-defined]
# It changes only the answer of a seat that holds none of the suit led.
narrowed.only_when_void = True  # type: ignore[attr-defined]


@hookimpl
def euchre_why_illegal(state: State, seat: int, action: Action) -> str | None:
    if not isinstance(action, Play) or state.to_act != seat:
        return None
    found = _trumps_when_void(state, seat)
    if found is None or action.card in found[0] or action.card not in state.hands[seat]:
        return None
    trumps, led = found
    r = state.ranking
    assert r is not None and r.trump is not None
    return (
        f"cannot play {action.card}: no {led} in hand, so a trump must be played "
        f"(must-trump), holds {' '.join(c.code for c in r.sorted(trumps))}"
    )

"""Tricks: following suit, winning tricks and card ranking, shared by every variant.

The rules of the play of the cards that every game of the euchre family shares
(``standard.md`` §3, §9.2, §9.3):

* Each card belongs to an *effective suit*: with a trump suit, the left bower (the jack of
  the other suit of trump's colour) and the joker belong to trump.
* A player who holds a card of the effective suit led must play one (any one: there is
  no duty to win or to play high); a player who holds none may play any card.
* The highest trump wins the trick; with no trump played, the highest card of the
  effective suit led. The winner leads the next trick.

This plugin is essential: every variant lists it first, and it cannot be disabled.
It has no options.
"""

from __future__ import annotations

from euchre_core.actions import Action, Play
from euchre_core.cards import Card, Suit
from euchre_core.hookspecs import hookimpl
from euchre_core.state import State
from euchre_core.trumps import Ranking, ranking

NAME = "tricks"
ESSENTIAL = True


@hookimpl
def euchre_ranking(state: State, trump: Suit | None) -> Ranking:
    return ranking(trump)


@hookimpl
def euchre_legal_plays(state: State, seat: int) -> list[Card]:
    hand = state.hands[seat]
    trick = state.trick
    if not trick:
        return list(hand)
    suit_of = state.ranking.suit_of  # type: ignore[union-attr]
    led = suit_of[trick[0][1].index]
    follow = [c for c in hand if suit_of[c.index] is led]
    return follow or list(hand)


def suit_words(suit: Suit | None, trump: Suit | None) -> str:
    """``hearts (trump)``, ``clubs``, or ``the joker's lead``."""
    if suit is None:
        return "no suit"
    return f"{suit.word} (trump)" if suit is trump else suit.word


@hookimpl
def euchre_why_illegal(state: State, seat: int, action: Action) -> str | None:
    if not isinstance(action, Play) or state.to_act != seat:
        return None
    card = action.card
    hand = state.hands[seat]
    if card not in hand:
        return f"seat {seat} does not hold {card}"
    r = state.ranking
    trick = state.trick
    if r is None or not trick:
        return None
    led = r.suit_of[trick[0][1].index]
    follow = [c for c in hand if r.suit_of[c.index] is led]
    if follow and card not in follow:
        own = r.suit_of[card.index]
        note = ""
        if own is not card.suit and card.suit is not None:
            note = f"{card} counts as {suit_words(own, r.trump)} this hand; "
        return (
            f"cannot play {card}: {note}must follow {suit_words(led, r.trump)}, "
            f"holds {' '.join(c.code for c in r.sorted(follow))}"
        )
    return None


@hookimpl
def euchre_trick_winner(state: State, trick: list[tuple[int, Card]]) -> int:
    r = state.ranking
    assert r is not None
    return trick[r.trick_winner([c for _, c in trick])][0]

"""Effective suit and card ranking under a trump suit or under no trump.

With a trump suit T:

* the joker (if used) and the jack of the other suit of T's colour (the *left bower*)
  belong to T for everything: leading, following and winning tricks;
* trumps rank joker > right bower (J of T) > left bower > A > K > Q > T > 9 > … > 2;
* every other suit ranks A > K > Q > J > T > … > 2 (the *next* suit has no jack).

The 11, 12 and 13 of the 63-card pack rank between the 10 and the jack (their
:attr:`~euchre_core.cards.Card.order`). A card and its copy (double packs) have the same
suit and power: every comparison here is strict, so of two equal cards in one trick the
first played wins.

With no trump no card is promoted: every suit ranks A K Q J T 9 … and the jacks
are ordinary cards. No source says what a joker does in a no-trump hand; the
project's decision is that it is the best card of the game, belongs to no
suit, may be led or played when one cannot follow, and wins any trick it is played to.

Without bowers (``bowers=False``: games ranked "as at whist", such as Napoleon) no jack
is promoted either: trumps rank (joker >) A > K > Q > J > 10 > … > 2 and every card
belongs to its printed suit.

:func:`ranking` returns a shared, immutable :class:`Ranking` per trump; rule code reads
its tables by :attr:`Card.index` so that the hot path of a hand is plain list indexing.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TypeVar

from .cards import ALL_CARDS, COPIES, JOKER, NUM_CARD_INDICES, SUITS, Card, Suit

K = TypeVar("K")

__all__ = ["Ranking", "ranking"]

_TRUMP_BASE = 100
_JOKER_POWER = 200


class Ranking:
    """How cards rank in one hand.

    :ivar trump: the trump suit, or ``None`` for a no-trump hand
    :ivar bowers: whether the jacks of trump's colour are the two highest trumps
    :ivar suit_of: effective suit of each card, indexed by :attr:`Card.index`
      (``None`` only for the joker in a no-trump hand)
    :ivar power: strength of each card within its effective suit; trumps are above
      every plain card (``>= 100``) and the joker is the highest (200)
    :ivar trick_power: for each effective suit led (``None``: the joker led at no
      trump), each card's power in a trick led in that suit, indexed by
      :attr:`Card.index`: its ``power`` when it can win the trick (a trump, a card of
      the suit led, the joker), else -1. The highest wins, the first played of equals.
    """

    __slots__ = ("bowers", "power", "suit_of", "trick_power", "trump")

    def __init__(self, trump: Suit | None, bowers: bool = True):
        self.trump = trump
        self.bowers = bowers
        suit_of: list[Suit | None] = [c.suit for c in ALL_CARDS]
        power = [c.order for c in ALL_CARDS]
        if trump is not None:
            left = _card(trump.partner, "J")
            right = _card(trump, "J")
            for c in ALL_CARDS:
                if c.suit is trump:
                    power[c.index] = _TRUMP_BASE + c.order
            if bowers:
                for copy in COPIES[left.index]:
                    suit_of[copy.index] = trump
                    power[copy.index] = _TRUMP_BASE + 29
                for copy in COPIES[right.index]:
                    power[copy.index] = _TRUMP_BASE + 30
            suit_of[JOKER.index] = trump
        else:
            suit_of[JOKER.index] = None
        power[JOKER.index] = _JOKER_POWER
        self.suit_of: tuple[Suit | None, ...] = tuple(suit_of)
        self.power: tuple[int, ...] = tuple(power)
        assert len(self.suit_of) == NUM_CARD_INDICES
        self.trick_power: dict[Suit | None, tuple[int, ...]] = {
            led: tuple(
                [
                    p if s is trump or s is led or s is None else -1
                    for s, p in zip(self.suit_of, self.power, strict=True)
                ]
            )
            for led in (*SUITS, None)
        }

    def __reduce__(self) -> tuple[object, tuple[Suit | None, bool]]:
        # Copies and pickles come back as the one shared ranking of their trump (a class
        # compiled by the optional build cannot be rebuilt field by field).
        return (ranking, (self.trump, self.bowers))

    def __repr__(self) -> str:
        extra = "" if self.bowers else ", bowers=False"
        return f"ranking({self.trump.value if self.trump else None!r}{extra})"

    def effective_suit(self, c: Card) -> Suit | None:
        """The suit the card belongs to this hand (the left bower belongs to trump)."""
        return self.suit_of[c.index]

    def is_trump(self, c: Card) -> bool:
        """True for every card of the trump suit, the left bower and the joker."""
        return self.trump is not None and self.suit_of[c.index] is self.trump

    def is_left_bower(self, c: Card) -> bool:
        t = self.trump
        return self.bowers and t is not None and c.rank == "J" and c.suit is t.partner

    def is_right_bower(self, c: Card) -> bool:
        return self.bowers and self.trump is not None and c.rank == "J" and c.suit is self.trump

    def trick_winner(self, cards: Sequence[Card]) -> int:
        """Index (position in ``cards``) of the card that wins a trick.

        ``cards[0]`` is the lead. The highest trump wins; with no trump played, the
        highest card of the led effective suit; the joker (in no trump) always wins.
        """
        return self.winner_of(enumerate(cards))

    def winner_of(self, plays: Iterable[tuple[K, Card]]) -> K:
        """The key of the winning play among ``(key, card)`` pairs in the order played
        (the first is the lead): a trick's ``(seat, card)`` entries give the winning seat.
        The ranking of :meth:`trick_winner`."""
        it = iter(plays)
        best, c = next(it)
        wins = self.trick_power[self.suit_of[c.index]]
        best_power = wins[c.index]
        for key, c in it:
            p = wins[c.index]
            if p > best_power:
                best_power = p
                best = key
        return best

    def legal_plays(self, hand: list[Card], trick: list[tuple[int, Card]]) -> list[Card]:
        """The cards of ``hand`` that may be played to ``trick`` by the rule of following
        suit: those of the effective suit led, or any card when the hand holds none of
        them (or leads). A new list. (The ``tricks`` plugin's answer; here so that the
        compiled build runs it compiled.)"""
        if not trick:
            return hand[:]
        suit_of = self.suit_of
        led = suit_of[trick[0][1].index]
        follow = [c for c in hand if suit_of[c.index] is led]
        return follow or hand[:]

    def following(self, hand: Iterable[Card], led: Suit | None) -> list[Card]:
        """The cards of ``hand`` whose effective suit is ``led``."""
        suit_of = self.suit_of
        return [c for c in hand if suit_of[c.index] is led]

    def sort_key(self, c: Card) -> tuple[int, int]:
        """Sort key grouping trumps first (high to low), then each plain suit high to low."""
        s = self.suit_of[c.index]
        group = 0 if s is None or s is self.trump else 1 + "SHDC".index(s.value)
        return (group, -self.power[c.index])

    def sorted(self, hand: Iterable[Card]) -> list[Card]:
        """A hand sorted for display: trumps (left bower among them) first, then by suit."""
        return sorted(hand, key=self.sort_key)


def _card(suit: Suit, rank: str) -> Card:
    return ALL_CARDS[[c.code for c in ALL_CARDS].index(rank + suit.value)]


_CACHE: dict[Suit | None, Ranking] = {}
_PLAIN: dict[Suit | None, Ranking] = {}


def ranking(trump: Suit | None, bowers: bool = True) -> Ranking:
    """The shared :class:`Ranking` for a trump suit (``None`` for no trump); with
    ``bowers=False`` the ranking without bowers."""
    cache = _CACHE if bowers else _PLAIN
    r = cache.get(trump)
    if r is None:
        r = cache[trump] = Ranking(trump, bowers)
    return r

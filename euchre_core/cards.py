"""Cards, suits, ranks, their text codes, and packs.

A card's code is its rank then its suit: ``9C TD JH QS KH AD``; ``T`` is the ten and
``JK`` the joker. Every rank from 2 to A exists, so any pack from the 24-card euchre pack
to the full 52 cards (with or without a joker) can be built.

Cards are interned: there is exactly one :class:`Card` object per code, so ``is`` and
``==`` agree, cards hash fast, and each card carries a small integer :attr:`Card.index`
that rule tables are indexed by.
"""

from __future__ import annotations

import functools
import random
import types
from collections.abc import Iterable, Sequence
from enum import Enum

from .errors import EuchreError

__all__ = [
    "JOKER",
    "PACKS",
    "RANKS",
    "SUITS",
    "Card",
    "Suit",
    "card",
    "cards",
    "pack",
    "parse_card",
    "shuffled",
]


class Suit(str, Enum):
    """A suit; its value is its one-letter code."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    def __str__(self) -> str:
        return self.value

    @property
    def colour(self) -> str:
        """``"black"`` or ``"red"``."""
        return "black" if self in (Suit.CLUBS, Suit.SPADES) else "red"

    @property
    def partner(self) -> Suit:
        """The other suit of the same colour ("next"): its jack is the left bower."""
        return _PARTNER[self]

    @property
    def word(self) -> str:
        """Plain-English plural name: ``"hearts"``."""
        return self.name.lower()

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Parse ``H``, ``h``, ``hearts``, ``heart`` or a suit symbol."""
        t = text.strip().upper()
        if t in _SUIT_WORDS:
            return _SUIT_WORDS[t]
        raise EuchreError(f"not a suit: {text!r} (use C, D, H or S)")


SUITS: tuple[Suit, ...] = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
_PARTNER = {
    Suit.CLUBS: Suit.SPADES,
    Suit.SPADES: Suit.CLUBS,
    Suit.HEARTS: Suit.DIAMONDS,
    Suit.DIAMONDS: Suit.HEARTS,
}
_SUIT_WORDS: dict[str, Suit] = {}
for _s, _sym in zip(SUITS, "♣♦♥♠", strict=True):
    _SUIT_WORDS[_s.value] = _s
    _SUIT_WORDS[_s.name] = _s
    _SUIT_WORDS[_s.name[:-1]] = _s
    _SUIT_WORDS[_sym] = _s

#: Rank codes from low to high. ``T`` is the ten.
RANKS: tuple[str, ...] = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A")
_RANK_VALUE = {r: i + 2 for i, r in enumerate(RANKS)}
_RANK_ALIASES = {"10": "T", "1": "A"}


class Card:
    """One playing card. Never construct one: use :func:`card` or the module tables.

    :ivar code: the two-letter code, e.g. ``"JH"``; ``"JK"`` for the joker
    :ivar rank: rank code (``"2"`` … ``"A"``), or ``None`` for the joker
    :ivar suit: printed :class:`Suit`, or ``None`` for the joker
    :ivar value: rank value 2 … 14 (ace high); 15 for the joker
    :ivar index: a small integer unique to the card (0 … 52) for rule tables
    """

    __slots__ = ("code", "index", "rank", "suit", "value")

    code: str
    rank: str | None
    suit: Suit | None
    value: int
    index: int

    def __init__(self, code: str, rank: str | None, suit: Suit | None, value: int, index: int):
        object.__setattr__(self, "code", code)
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "suit", suit)
        object.__setattr__(self, "value", value)
        object.__setattr__(self, "index", index)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"card({self.code!r})"

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (card, (self.code,))

    def __hash__(self) -> int:
        # For the compiled build, whose class would otherwise have no hash (it defines
        # an ordering); the Python class drops it below and keeps the identity hash.
        return self.index

    @property
    def is_joker(self) -> bool:
        return self.suit is None


if isinstance(vars(Card).get("__hash__"), types.FunctionType):
    delattr(Card, "__hash__")  # the Python class: hash by identity, in C

_ALL: list[Card] = []
_BY_CODE: dict[str, Card] = {}
for _si, _s in enumerate(SUITS):
    for _r in RANKS:
        _c = Card(_r + _s.value, _r, _s, _RANK_VALUE[_r], len(_ALL))
        _ALL.append(_c)
        _BY_CODE[_c.code] = _c
JOKER = Card("JK", None, None, 15, len(_ALL))
_ALL.append(JOKER)
_BY_CODE["JK"] = JOKER
#: Every card, indexed by :attr:`Card.index`.
ALL_CARDS: tuple[Card, ...] = tuple(_ALL)
NUM_CARD_INDICES = len(ALL_CARDS)


def parse_card(text: str) -> Card:
    """Parse a card code in any case: ``"jh"``, ``"10D"``, ``"TD"``, ``"JK"``, ``"J♥"``.

    :raises EuchreError: naming the text when it is not a card.
    """
    t = text.strip().upper()
    found = _BY_CODE.get(t)
    if found is not None:
        return found
    if t in ("JOKER", "BENNY", "JO"):
        return JOKER
    if len(t) >= 2:
        rank, suit = t[:-1], t[-1]
        rank = _RANK_ALIASES.get(rank, rank)
        sym = _SUIT_WORDS.get(suit)
        if sym is not None and rank in _RANK_VALUE:
            return _BY_CODE[rank + sym.value]
    raise EuchreError(f"not a card: {text!r} (use codes like 9C, TD, JH, AS, JK)")


def card(code: str) -> Card:
    """The card with this code (any case). Short alias of :func:`parse_card`."""
    return parse_card(code)


def cards(codes: str | Iterable[str]) -> list[Card]:
    """Cards from a space-separated string (``"9C JH AS"``) or an iterable of codes."""
    if isinstance(codes, str):
        codes = codes.split()
    return [parse_card(c) for c in codes]


#: The packs a ``deck`` option names: name -> (lowest rank, jokers). Each variant offers
#: those it can deal (``standard``: 24 to 33 cards; ``auction``: 24 to 53).
PACKS: dict[str, tuple[str, int]] = {
    "deck24": ("9", 0),
    "deck25_benny": ("9", 1),
    "deck28": ("8", 0),
    "deck32": ("7", 0),
    "deck33_benny": ("7", 1),
    "deck36": ("6", 0),
    "deck52": ("2", 0),
    "deck53_joker": ("2", 1),
}


@functools.lru_cache(maxsize=64)
def pack(low: str = "9", *, jokers: int = 0, suits: Sequence[Suit] = SUITS) -> tuple[Card, ...]:
    """A pack with every rank from ``low`` to the ace in each suit, plus jokers.

    ``pack("9")`` is the 24-card euchre pack, ``pack("7")`` the 32-card pack,
    ``pack("2")`` the full 52 cards; ``jokers=1`` adds the joker (only one exists).
    """
    low = _RANK_ALIASES.get(low.upper(), low.upper())
    if low not in _RANK_VALUE:
        raise EuchreError(f"not a rank: {low!r}")
    if jokers not in (0, 1):
        raise EuchreError("a pack holds at most one joker")
    lowest = _RANK_VALUE[low]
    out = [c for s in suits for c in ALL_CARDS if c.suit is s and c.value >= lowest]
    if jokers:
        out.append(JOKER)
    return tuple(out)


def format_cards(cs: Iterable[Card]) -> str:
    """Space-separated codes."""
    return " ".join(c.code for c in cs)


def shuffled(deck: Sequence[Card], rng: random.Random) -> list[Card]:
    """A uniformly random order of ``deck``: each card gets a random key, sorted by key.

    (The same distribution as ``rng.shuffle``, with one C-level draw per card instead of
    Python-level rejection sampling: the deal is a large share of a hand's cost. The
    order depends only on the generator's ``random()`` draws, so a seed gives the same
    deal on every Python version.)
    """
    draw = rng.random
    # The key of each card is drawn in the deck's order (sorted computes the keys first,
    # in order) and the sort is stable: the same order as sorting positions by key.
    return sorted(deck, key=lambda _: draw())

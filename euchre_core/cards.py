"""Cards, suits, ranks, their text codes, and packs.

A card's code is its rank then its suit: ``9C TD JH QS KH AD``; ``T`` is the ten and
``JK`` the joker. Every rank from 2 to A exists, so any pack from the 24-card euchre pack
to the full 52 cards (with or without a joker) can be built.

**The ranks 11, 12 and 13.** The 63-card pack of six-handed Five Hundred adds an 11 and a
12 to every suit and a 13 to the red suits; they rank between the 10 and the jack
(... 10 < 11 < 12 < 13 < J < Q < K < A). Their codes keep the one-character rank of
"rank then suit": ``E`` is the eleven (``EH``), ``W`` the twelve (``WH``) and ``R`` the
thirteen (``RH``); :func:`parse_card` also reads ``11H``, ``12H`` and ``13H``. Such a
card's :attr:`Card.value` is its number (11, 12 or 13, the same numbers as J, Q and K:
the value is what is printed on the card); what ranks a card above another is
:attr:`Card.order` (and a :class:`~euchre_core.trumps.Ranking`'s power, which is built
from it). No other pack holds these cards, so no other game sees them.

**Packs holding two copies of a card** (the double packs of Bid Euchre). A copy is a
distinct card: its own interned :class:`Card`, its own :attr:`Card.index`, the same
rank, suit, value and order as the card it copies, and :attr:`Card.copy` 1 instead of 0.
Sets of cards, bit masks by index and ``is`` therefore keep telling the two apart, while
every rule that looks at rank and suit treats them alike; two equal cards in one trick
are won by the first played, because a ranking's comparisons are strict. People see the
same face for both (:attr:`Card.face`, ``AS``); records need to say which copy was where,
so a copy's :attr:`Card.code` has the copy number after the face: ``AS2`` is the second
ace of spades (and parses back to it). Reading ``AS`` gives the first copy; a player
who types ``AS`` holding only the second is given that one (:func:`same_face` matches
them), and holding both is given either: they are equal.

Cards are interned: there is exactly one :class:`Card` object per code, so ``is`` and
``==`` agree, cards hash fast, and each card carries a small integer :attr:`Card.index`
that rule tables are indexed by. The indexes of the 52 cards and the joker (0 to 52)
come first and never change; the 11s, 12s and 13s and the copies are numbered after.
"""

from __future__ import annotations

import functools
import random
import types
from collections.abc import Iterable, Sequence
from enum import Enum

from .errors import EuchreError

__all__ = [
    "ALL_RANKS",
    "EXTRA_RANKS",
    "JOKER",
    "PACKS",
    "RANKS",
    "RANK_LABELS",
    "RANK_WORDS",
    "SIXTY_THREE_EXTRA",
    "SUITS",
    "Card",
    "Suit",
    "card",
    "cards",
    "copy_of",
    "pack",
    "parse_card",
    "same_face",
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

#: Rank codes from low to high. ``T`` is the ten. (The ranks of every standard pack.)
RANKS: tuple[str, ...] = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A")
#: The ranks of the 63-card pack only, low to high: the 11 (``E``), 12 (``W``) and 13 (``R``).
EXTRA_RANKS: tuple[str, ...] = ("E", "W", "R")
#: Every rank code from low to high, the 11, 12 and 13 between the 10 and the jack.
ALL_RANKS: tuple[str, ...] = (*RANKS[:9], *EXTRA_RANKS, *RANKS[9:])
_RANK_VALUE = {r: i + 2 for i, r in enumerate(RANKS)}
_RANK_VALUE.update({"E": 11, "W": 12, "R": 13})
_RANK_ORDER = {r: i + 2 for i, r in enumerate(ALL_RANKS)}
_RANK_ALIASES = {"10": "T", "1": "A", "11": "E", "12": "W", "13": "R"}
#: How each rank is printed for people: ``10`` for ``T``, ``11`` for ``E`` …
RANK_LABELS: dict[str, str] = {r: r for r in ALL_RANKS}
RANK_LABELS.update({"T": "10", "E": "11", "W": "12", "R": "13"})
#: Each rank in words: ``ten``, ``eleven``, ``jack`` …
RANK_WORDS: dict[str, str] = {
    "2": "two",
    "3": "three",
    "4": "four",
    "5": "five",
    "6": "six",
    "7": "seven",
    "8": "eight",
    "9": "nine",
    "T": "ten",
    "E": "eleven",
    "W": "twelve",
    "R": "thirteen",
    "J": "jack",
    "Q": "queen",
    "K": "king",
    "A": "ace",
}
#: The most copies of one card a pack may hold.
MAX_COPIES = 2


class Card:
    """One playing card. Never construct one: use :func:`card` or the module tables.

    :ivar code: the code, e.g. ``"JH"``; ``"JK"`` for the joker; a second copy's has its
      copy number after the face (``"JH2"``)
    :ivar face: the code people see: the same for a card and its copy (``"JH"``)
    :ivar rank: rank code (``"2"`` … ``"A"``, ``"E"`` ``"W"`` ``"R"``), ``None`` for the joker
    :ivar suit: printed :class:`Suit`, or ``None`` for the joker
    :ivar value: rank value 2 … 14 (ace high; 11, 12, 13 for the ranks of those numbers
      too); 15 for the joker
    :ivar order: rank order 2 … 17, what ranks cards: 2 … 10, then 11 12 13 (11 … 13),
      J 14, Q 15, K 16, A 17; 18 for the joker
    :ivar copy: 0 for a card, 1 for the second copy of it in a double pack
    :ivar index: a small integer unique to the card for rule tables (0 … 52 for the 52
      cards and the joker, then the 11s, 12s and 13s, then the copies)
    """

    __slots__ = ("code", "copy", "face", "index", "order", "rank", "suit", "value")

    code: str
    face: str
    rank: str | None
    suit: Suit | None
    value: int
    order: int
    copy: int
    index: int

    def __init__(
        self,
        code: str,
        rank: str | None,
        suit: Suit | None,
        value: int,
        index: int,
        order: int = 0,
        copy: int = 0,
    ):
        object.__setattr__(self, "code", code)
        object.__setattr__(self, "face", code if copy == 0 else code[: -len(str(copy + 1))])
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "suit", suit)
        object.__setattr__(self, "value", value)
        object.__setattr__(self, "order", order or value)
        object.__setattr__(self, "copy", copy)
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


def _add(rank: str, suit: Suit, copy: int) -> None:
    code = rank + suit.value + ("" if copy == 0 else str(copy + 1))
    c = Card(code, rank, suit, _RANK_VALUE[rank], len(_ALL), _RANK_ORDER[rank], copy)
    _ALL.append(c)
    _BY_CODE[code] = c


# The order below fixes every index: the 52 cards and the joker first (as they have
# always been numbered), then the 11s, 12s and 13s, then the second copies.
for _s in SUITS:
    for _r in RANKS:
        _add(_r, _s, 0)
JOKER = Card("JK", None, None, 15, len(_ALL), 18)
_ALL.append(JOKER)
_BY_CODE["JK"] = JOKER
for _s in SUITS:
    for _r in EXTRA_RANKS:
        _add(_r, _s, 0)
for _copy in range(1, MAX_COPIES):
    for _s in SUITS:
        for _r in ALL_RANKS:
            _add(_r, _s, _copy)
#: Every card, indexed by :attr:`Card.index`.
ALL_CARDS: tuple[Card, ...] = tuple(_ALL)
NUM_CARD_INDICES = len(ALL_CARDS)
#: Each card's copies, the card itself first, indexed by :attr:`Card.index`.
_COPIES: dict[str, list[Card]] = {}
for _c in ALL_CARDS:
    _COPIES.setdefault(_c.face, []).append(_c)
COPIES: tuple[tuple[Card, ...], ...] = tuple(tuple(_COPIES[c.face]) for c in ALL_CARDS)


def same_face(a: Card, b: Card) -> bool:
    """Whether two cards are the same card to a player: the same rank and suit (a card
    and its copy; a card and itself)."""
    return a.face == b.face


def copy_of(c: Card, copy: int) -> Card:
    """The card of ``c``'s face with copy number ``copy`` (0: the first)."""
    found = COPIES[c.index]
    if not 0 <= copy < len(found):
        raise EuchreError(f"there is no copy {copy + 1} of {c.face}")
    return found[copy]


def parse_card(text: str) -> Card:
    """Parse a card code in any case: ``"jh"``, ``"10D"``, ``"TD"``, ``"JK"``, ``"J♥"``,
    ``"11H"`` (the eleven, ``EH``); ``"AS2"`` is the second ace of spades of a double pack.

    :raises EuchreError: naming the text when it is not a card.
    """
    t = text.strip().upper()
    found = _BY_CODE.get(t)
    if found is not None:
        return found
    if t in ("JOKER", "BENNY", "JO"):
        return JOKER
    copy = 0
    if len(t) >= 3 and t[-1].isdigit() and t[-2] in _SUIT_WORDS:
        copy = int(t[-1]) - 1
        t = t[:-1]
    if len(t) >= 2:
        rank, suit = t[:-1], t[-1]
        rank = _RANK_ALIASES.get(rank, rank)
        sym = _SUIT_WORDS.get(suit)
        if sym is not None and rank in _RANK_VALUE:
            base = _BY_CODE[rank + sym.value]
            if copy == 0:
                return base
            if 0 < copy < MAX_COPIES:
                return COPIES[base.index][copy]
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

#: The cards the 63-card pack adds to the 52 and the joker: the 11s and 12s of every
#: suit and the 13s of the red suits.
SIXTY_THREE_EXTRA: tuple[str, ...] = (
    "EC",
    "WC",
    "ED",
    "WD",
    "RD",
    "EH",
    "WH",
    "RH",
    "ES",
    "WS",
)


@functools.lru_cache(maxsize=64)
def pack(
    low: str = "9",
    *,
    jokers: int = 0,
    suits: Sequence[Suit] = SUITS,
    extra: Sequence[str] = (),
    copies: int = 1,
) -> tuple[Card, ...]:
    """A pack with every rank from ``low`` to the ace in each suit, plus jokers.

    ``pack("9")`` is the 24-card euchre pack, ``pack("7")`` the 32-card pack,
    ``pack("2")`` the full 52 cards; ``jokers=1`` adds the joker (only one exists).
    ``extra`` adds cards of the ranks 11, 12 and 13 by code, each in its place in its
    suit: ``pack("2", jokers=1, extra=SIXTY_THREE_EXTRA)`` is the 63-card pack.
    ``copies=2`` holds every card but the joker twice: the pack, then the second copies
    in the same order (``pack("9", copies=2)`` is the 48-card double pack).
    """
    low = _RANK_ALIASES.get(low.upper(), low.upper())
    if low not in _RANK_VALUE or low in EXTRA_RANKS:
        raise EuchreError(f"not a rank: {low!r}")
    if jokers not in (0, 1):
        raise EuchreError("a pack holds at most one joker")
    if not 1 <= copies <= MAX_COPIES:
        raise EuchreError(f"a pack holds each card 1 to {MAX_COPIES} times, not {copies}")
    added = {parse_card(code) for code in extra}
    for c in added:
        if c.rank not in EXTRA_RANKS or c.copy:
            raise EuchreError(f"{c.code} is not an 11, 12 or 13 to add to a pack")
    lowest = _RANK_VALUE[low]
    firsts = [
        c
        for s in suits
        for c in sorted(
            (
                c
                for c in ALL_CARDS
                if c.suit is s
                and c.copy == 0
                and (c in added if c.rank in EXTRA_RANKS else c.value >= lowest)
            ),
            key=_by_order,
        )
    ]
    out = [*firsts]
    if jokers:
        out.append(JOKER)
    for k in range(1, copies):
        out.extend(COPIES[c.index][k] for c in firsts)
    return tuple(out)


def _by_order(c: Card) -> int:
    return c.order


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

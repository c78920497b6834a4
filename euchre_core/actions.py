"""Player actions: frozen values with a stable text form that round-trips.

``parse_action(str(a)) == a`` for every action. Text forms::

    pass            order           order alone      call H      call H alone   call NT
    pickup          decline         alone            defend alone
    discard 9S      give 9S         play JH          bid 4       bid pepper
    call-ace S      partner 3       forfeit

The words are the same for every variant; what an action *means* is decided by the
plugins (``order`` is the dealer's "take it up" when the dealer says it). Plugins that need
a new kind of action subclass :class:`Action` and register it with :func:`register_action`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, TypeVar

from .cards import ALL_CARDS, Card, Suit, parse_card
from .errors import EuchreError

__all__ = [
    "MAX_ACTION_TEXT",
    "MAX_BID",
    "MAX_SEAT",
    "Action",
    "Bid",
    "Call",
    "CallAce",
    "Decline",
    "DefendAlone",
    "Discard",
    "Forfeit",
    "Give",
    "GoAlone",
    "Order",
    "Partner",
    "Pass",
    "PickUp",
    "Play",
    "WordAction",
    "parse_action",
    "register_action",
]


class Action:
    """Base class of every player action.

    Subclasses are frozen dataclasses with a class variable ``keyword`` (the first word of
    the text form), a ``__str__`` giving the text form and a ``from_words`` class method
    parsing the words after the keyword.
    """

    __slots__ = ()
    keyword: ClassVar[str] = ""
    #: ``False`` for an action the rules let a person take although it breaks a rule of
    #: play (a renege, at a table that plays reneges as they happen: the ``renege`` plugin).
    #: Such an action has consequences when it is found out; bots never choose one.
    proper: ClassVar[bool] = True
    #: ``True`` for a claim the seat is entitled to make now and that never hurts its side
    #: (calling a renege that the play has proved): the heuristic bot always makes one.
    claim: ClassVar[bool] = False

    @classmethod
    def from_words(cls, words: list[str]) -> Action:
        raise NotImplementedError  # pragma: no cover - every registered class overrides

    @property
    def card(self) -> Card | None:
        """The card this action moves, if any."""
        return None


_REGISTRY: dict[str, type[Action]] = {}

#: The longest action text read (the longest built-in form, ``call NT alone``, is 13).
MAX_ACTION_TEXT = 100
#: The largest number a ``bid`` may carry (bids are counts of tricks or points).
MAX_BID = 99
#: The highest seat number a ``partner`` action may name (tables seat at most 8).
MAX_SEAT = 7


def _shown(value: object) -> str:
    """A short description of a value of the wrong type, for a message."""
    if value is None:
        return "null"
    text = repr(value)
    if len(text) > 40:
        text = text[:37] + "..."
    return f"{type(value).__name__} {text}"


def _small_number(word: str, limit: int) -> int | None:
    """The number ``word`` writes in ASCII digits, if it is one from 0 to ``limit``;
    ``None`` when the word is not digits. Long digit strings are refused before they are
    converted (Python limits the length of the digit strings it converts)."""
    if not (word.isascii() and word.isdigit()):
        return None
    digits = word.lstrip("0") or "0"
    if len(digits) > len(str(limit)) or int(digits) > limit:
        raise EuchreError(f"{_clip(word)} is out of range (0 to {limit})")
    return int(digits)


def _clip(word: str) -> str:
    return word if len(word) <= 12 else f"{word[:6]}...({len(word):,} digits)"


A = TypeVar("A", bound=type[Action])


def register_action(cls: A) -> A:
    """Class decorator: make ``parse_action`` know this action's keyword."""
    if not cls.keyword:
        raise EuchreError(f"{cls.__name__} has no keyword")
    existing = _REGISTRY.get(cls.keyword)
    if existing is not None and existing is not cls and existing.__qualname__ != cls.__qualname__:
        raise EuchreError(f"action keyword {cls.keyword!r} is already used by {existing.__name__}")
    _REGISTRY[cls.keyword] = cls
    return cls


def parse_action(text: str) -> Action:
    """Parse an action's text form (case and extra spaces do not matter).

    :raises EuchreError: with a sentence naming what could not be read (also for a value
      that is not a string, and for text longer than :data:`MAX_ACTION_TEXT`).
    """
    if not isinstance(text, str):
        raise EuchreError(f"an action is text, e.g. 'play JH', not {_shown(text)}")
    if len(text) > MAX_ACTION_TEXT:
        raise EuchreError(f"an action is at most {MAX_ACTION_TEXT} characters, not {len(text):,}")
    words = text.strip().split()
    if not words:
        raise EuchreError("empty action")
    cls = _REGISTRY.get(words[0].lower())
    if cls is None:
        known = ", ".join(sorted(_REGISTRY))
        raise EuchreError(f"unknown action {words[0]!r} (known: {known})")
    try:
        return cls.from_words(words[1:])
    except EuchreError as e:
        raise EuchreError(f"cannot read {text.strip()!r}: {e}") from None


_WORDS: dict[type[Action], Action] = {}


class WordAction(Action):
    """An action that is a single word, its ``keyword``, and carries nothing else
    (``pass``, ``pickup``, ``forfeit``, a plugin's ``misdeal`` …). A subclass only sets
    ``keyword`` (and is a frozen dataclass without fields, like every action)."""

    __slots__ = ()

    def __str__(self) -> str:
        return self.keyword

    @classmethod
    def from_words(cls, words: list[str]) -> Action:
        if words:
            raise EuchreError(f"{cls.keyword!r} takes nothing after it")
        word = _WORDS.get(cls)
        if word is None:
            word = _WORDS[cls] = cls()
        return word


def _alone_flag(words: list[str]) -> bool:
    if not words:
        return False
    if [w.lower() for w in words] == ["alone"]:
        return True
    raise EuchreError(f"expected 'alone' or nothing, got {' '.join(words)!r}")


def _one_card(words: list[str]) -> Card:
    if len(words) != 1:
        raise EuchreError("expected one card code")
    return parse_card(words[0])


@register_action
@dataclass(frozen=True, slots=True)
class Pass(WordAction):
    """Decline: pass a bid, decline to go alone or to defend alone."""

    keyword: ClassVar[str] = "pass"


@register_action
@dataclass(frozen=True, slots=True)
class Order(Action):
    """Accept the up-card's suit as trump (order it up, assist, or take it up)."""

    keyword: ClassVar[str] = "order"
    alone: bool = False

    def __str__(self) -> str:
        return "order alone" if self.alone else "order"

    @classmethod
    def from_words(cls, words: list[str]) -> Action:
        return Order(_alone_flag(words))


@register_action
@dataclass(frozen=True, slots=True)
class Call(Action):
    """Name trump: a suit, or no trump (``suit=None``, text ``NT``)."""

    keyword: ClassVar[str] = "call"
    suit: Suit | None
    alone: bool = False

    def __str__(self) -> str:
        s = "NT" if self.suit is None else self.suit.value
        return f"call {s} alone" if self.alone else f"call {s}"

    @classmethod
    def from_words(cls, words: list[str]) -> Action:
        if not words:
            raise EuchreError("'call' needs a suit (C, D, H, S) or NT")
        w = words[0].upper()
        suit = None if w in ("NT", "NOTRUMP", "NO-TRUMP") else Suit.parse(w)
        return Call(suit, _alone_flag(words[1:]))


@register_action
@dataclass(frozen=True, slots=True)
class PickUp(WordAction):
    """The dealer takes the up-card (when taking it is optional)."""

    keyword: ClassVar[str] = "pickup"


@register_action
@dataclass(frozen=True, slots=True)
class Decline(WordAction):
    """The dealer leaves the up-card (when taking it is optional)."""

    keyword: ClassVar[str] = "decline"


@register_action
@dataclass(frozen=True, slots=True)
class GoAlone(WordAction):
    """Declare a lone hand after trump is fixed (when not declared with the call)."""

    keyword: ClassVar[str] = "alone"


@register_action
@dataclass(frozen=True, slots=True)
class DefendAlone(Action):
    """Defend alone against a lone maker; the defender's partner drops out."""

    keyword: ClassVar[str] = "defend"

    def __str__(self) -> str:
        return "defend alone"

    @classmethod
    def from_words(cls, words: list[str]) -> Action:
        if [w.lower() for w in words] != ["alone"]:
            raise EuchreError("say 'defend alone'")
        return DefendAlone()


@register_action
@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Put a card face down out of play (the dealer's discard, a widow discard)."""

    keyword: ClassVar[str] = "discard"
    card: Card

    def __str__(self) -> str:
        return f"discard {self.card.code}"

    @classmethod
    def from_words(cls, words: list[str]) -> Action:
        return DISCARD[_one_card(words).index]


@register_action
@dataclass(frozen=True, slots=True)
class Give(Action):
    """Pass a card face down to another player (partner's best, pepper exchange)."""

    keyword: ClassVar[str] = "give"
    card: Card

    def __str__(self) -> str:
        return f"give {self.card.code}"

    @classmethod
    def from_words(cls, words: list[str]) -> Action:
        return Give(_one_card(words))


@register_action
@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play a card to the current trick."""

    keyword: ClassVar[str] = "play"
    card: Card

    def __str__(self) -> str:
        return f"play {self.card.code}"

    @classmethod
    def from_words(cls, words: list[str]) -> Action:
        return PLAY[_one_card(words).index]


@register_action
@dataclass(frozen=True, slots=True)
class Bid(Action):
    """A numeric or named bid in an auction: ``bid 4``, ``bid pepper``."""

    keyword: ClassVar[str] = "bid"
    value: int | str

    def __str__(self) -> str:
        return f"bid {self.value}"

    @classmethod
    def from_words(cls, words: list[str]) -> Action:
        if len(words) != 1:
            raise EuchreError("'bid' takes one value, e.g. 'bid 4'")
        w = words[0].lower()
        if w.startswith("-") and w[1:].isdigit():
            raise EuchreError(f"a bid cannot be negative ({_clip(w)}); bids go from 0 to {MAX_BID}")
        number = _small_number(w, MAX_BID)
        return Bid(w if number is None else number)


@register_action
@dataclass(frozen=True, slots=True)
class CallAce(Action):
    """Call for the ace of a suit: its holder becomes the maker's secret partner."""

    keyword: ClassVar[str] = "call-ace"
    suit: Suit

    def __str__(self) -> str:
        return f"call-ace {self.suit.value}"

    @classmethod
    def from_words(cls, words: list[str]) -> Action:
        if len(words) != 1:
            raise EuchreError("'call-ace' takes one suit")
        return CallAce(Suit.parse(words[0]))


@register_action
@dataclass(frozen=True, slots=True)
class Partner(Action):
    """Choose a seat as partner for this hand."""

    keyword: ClassVar[str] = "partner"
    seat: int

    def __str__(self) -> str:
        return f"partner {self.seat}"

    @classmethod
    def from_words(cls, words: list[str]) -> Action:
        number = _small_number(words[0], MAX_SEAT) if len(words) == 1 else None
        if number is None:
            raise EuchreError("'partner' takes a seat number")
        return Partner(number)


@register_action
@dataclass(frozen=True, slots=True)
class Forfeit(WordAction):
    """Give up the deal (dealer forfeit): the opponents score."""

    keyword: ClassVar[str] = "forfeit"


PASS = Pass()
_WORDS[Pass] = PASS  # parse_action("pass") gives the very object the rules offer
ORDER = Order(False)
ORDER_ALONE = Order(True)
#: The interned ``Play`` and ``Discard`` action of every card, by :attr:`Card.index`.
PLAY: tuple[Play, ...] = tuple(Play(c) for c in ALL_CARDS)
DISCARD: tuple[Discard, ...] = tuple(Discard(c) for c in ALL_CARDS)

"""Frozen records of what happened, in the order it happened.

The state keeps the full log (:attr:`State.events`) and, for each seat, the log that seat
may see (:meth:`State.view`): an event that reveals hidden cards (a deal, a discard, a
card passed face down) reaches the other seats in a *redacted* form with ``cards=None``.
Plugins observe events through the ``euchre_on_event`` hook and may add their own events
(subclasses of :class:`Event`) through ``euchre_extra_events``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from ._fastinit import fast_init
from .actions import Action
from .cards import Card, Suit

__all__ = [
    "BidMade",
    "CardGiven",
    "CardPlayed",
    "CardsTaken",
    "Contract",
    "ContractMade",
    "Dealt",
    "Declared",
    "Discarded",
    "Event",
    "GameOver",
    "GameStarted",
    "GameWon",
    "HandScored",
    "HandStarted",
    "PassedOut",
    "PlayGoesOn",
    "PlayStarted",
    "TrickWon",
    "UpCardTurned",
]


@fast_init
@dataclass(frozen=True, slots=True)
class Contract:
    """What the bidding settled: who made trump, what it is, and at what level.

    :ivar maker: the seat that fixed trump (the declarer), or ``None`` when nobody did
      (a pass-out played at no trump)
    :ivar trump: the trump suit, or ``None`` for no trump
    :ivar alone: the maker announced a lone hand with the call
    :ivar level: the bid (auction and pepper), else ``None``
    :ivar round: the bidding round the contract was made in (1 = on the up-card)
    :ivar bowers: whether the jacks of trump's colour are the two highest trumps
      (``False``: every card keeps its printed suit and trumps rank A K Q J 10 …)
    :ivar by_lead: trump is not named: the suit of the first card led becomes trump.
      ``trump`` is ``None`` until that card is played; the core then fixes it
      (``State.contract`` and ``PlayerView.contract`` carry the suit from then on)
    :ivar named_later: trump is not named with the contract: the maker names it with a
      ``call`` among the steps after the contract (after taking the widow). ``trump`` is
      ``None`` until then; the core then fixes it (``State.contract`` and
      ``PlayerView.contract`` carry the suit from then on)
    """

    maker: int | None
    trump: Suit | None
    alone: bool = False
    level: int | str | None = None
    round: int = 1
    bowers: bool = True
    by_lead: bool = False
    named_later: bool = False

    def __str__(self) -> str:
        who = "nobody" if self.maker is None else f"seat {self.maker}"
        t = "no trump" if self.trump is None else self.trump.word
        if self.by_lead and self.trump is None:
            t = "trump fixed by the first card led"
        if self.named_later and self.trump is None:
            t = "trump to be named"
        parts = [f"{who}: {t}"]
        if self.level is not None:
            parts.append(f"bid {self.level}")
        if self.alone:
            parts.append("alone")
        return ", ".join(parts)


class Event:
    """Base class of every event."""

    __slots__ = ()


@fast_init
@dataclass(frozen=True, slots=True)
class GameStarted(Event):
    """A game begins. ``scores`` are the starting scores (usually all zero)."""

    variant: str
    seats: int
    first_dealer: int
    scores: tuple[int, ...]


@fast_init
@dataclass(frozen=True, slots=True)
class HandStarted(Event):
    """A new deal: hand ``number`` (0-based within the game) dealt by ``dealer``."""

    number: int
    dealer: int


@fast_init
@dataclass(frozen=True, slots=True)
class Dealt(Event):
    """A seat received its cards. Other seats see ``cards=None`` and the count."""

    seat: int
    cards: tuple[Card, ...] | None
    count: int


@fast_init
@dataclass(frozen=True, slots=True)
class UpCardTurned(Event):
    """The top card of the kitty is turned face up."""

    card: Card


@fast_init
@dataclass(frozen=True, slots=True)
class BidMade(Event):
    """A bidding action (pass, order, call, bid …), public to everyone."""

    seat: int
    action: Action


@fast_init
@dataclass(frozen=True, slots=True)
class ContractMade(Event):
    """The bidding is over and trump is fixed."""

    contract: Contract


@fast_init
@dataclass(frozen=True, slots=True)
class PassedOut(Event):
    """Nobody made trump. ``points`` per seat (a dealer forfeit), and who deals next."""

    points: tuple[int, ...]
    same_dealer: bool = False
    reason: str = "all passed"


@fast_init
@dataclass(frozen=True, slots=True)
class CardsTaken(Event):
    """A seat took cards into its hand (the up-card, the widow). ``cards`` is ``None``
    for the other seats when the cards were face down."""

    seat: int
    cards: tuple[Card, ...] | None
    count: int
    source: str


@fast_init
@dataclass(frozen=True, slots=True)
class Discarded(Event):
    """A seat discarded a card face down. Other seats see ``card=None``."""

    seat: int
    card: Card | None


@fast_init
@dataclass(frozen=True, slots=True)
class CardGiven(Event):
    """A card passed face down from one seat to another; only the two see it."""

    giver: int
    receiver: int
    card: Card | None


@fast_init
@dataclass(frozen=True, slots=True)
class Declared(Event):
    """A public declaration before the first lead (alone, defend alone, call-ace …)."""

    seat: int
    action: Action


@fast_init
@dataclass(frozen=True, slots=True)
class PlayStarted(Event):
    """The tricks begin: who leads, which seats play (in order) and who sits out."""

    leader: int
    active: tuple[int, ...]
    sitting_out: tuple[int, ...]


@fast_init
@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    """A card was played to the current trick."""

    seat: int
    card: Card


@fast_init
@dataclass(frozen=True, slots=True)
class TrickWon(Event):
    """A trick is complete. ``plays`` are (seat, card) in the order played."""

    number: int
    winner: int
    plays: tuple[tuple[int, Card], ...]


@fast_init
@dataclass(frozen=True, slots=True)
class HandScored(Event):
    """The hand is over and scored (also after a pass-out).

    :ivar number: deal number in the game
    :ivar dealer: who dealt it
    :ivar contract: the contract, or ``None`` when passed out
    :ivar makers: the maker's side (empty when passed out or nobody made trump)
    :ivar alone: seats that played alone (lone makers and lone defenders)
    :ivar points: points each seat gained this hand (partners gain the same)
    :ivar scores: each seat's total after the hand
    :ivar outcome: a short word for the result: ``make``, ``march``, ``lone march``,
      ``euchre``, ``passed out`` …
    :ivar tricks: tricks taken by each seat
    :ivar made: whether the makers fulfilled their contract (the scoring hook's answer,
      or by default: a seat of the makers' side gained points); ``None`` when nobody
      made trump
    :ivar facts: numbers the plugins recorded about the hand (``euchre_hand_facts``),
      from which comparisons compute the variants' own metrics
    """

    number: int
    dealer: int
    contract: Contract | None
    makers: tuple[int, ...]
    alone: tuple[int, ...]
    points: tuple[int, ...]
    scores: tuple[int, ...]
    outcome: str
    tricks: tuple[int, ...]
    made: bool | None = None
    facts: Mapping[str, float] = field(default_factory=dict, compare=False, hash=False)


@fast_init
@dataclass(frozen=True, slots=True)
class PlayGoesOn(Event):
    """A side reached the target but the game goes on (two sides level past it, say):
    a game result with ``play_on``.

    :ivar reason: plain words; ``{2}`` names seat 2 (``{0} & {2} and {1} & {3} are level
      at 16 (the target: 15)``)
    """

    reason: str


@fast_init
@dataclass(frozen=True, slots=True)
class GameWon(Event):
    """A game of a match is over and the match goes on (laps, slams, rubbers).

    :ivar number: the game's number in the match, from 0
    :ivar winners: the seats that won this game
    :ivar scores: each seat's score at the end of this game
    :ivar reason: plain words
    :ivar next_scores: the scores the next game starts with
    :ivar extra: what the plugins recorded with the result
    """

    number: int
    winners: tuple[int, ...]
    scores: tuple[int, ...]
    reason: str
    next_scores: tuple[int, ...]
    extra: dict[str, object] = field(default_factory=dict, compare=False, hash=False)


@fast_init
@dataclass(frozen=True, slots=True)
class GameOver(Event):
    """The game is over. ``winners`` are seats; ``reason`` says why in words."""

    winners: tuple[int, ...]
    scores: tuple[int, ...]
    reason: str = ""
    extra: dict[str, object] = field(default_factory=dict, compare=False, hash=False)

"""PlayerView: exactly what one seat may know.

A view is built from the seat's own cards, the public shape of the table and the events
of the current hand *as that seat saw them* (other seats' deals, discards and passed
cards arrive redacted). It holds no reference to the state, so a bot or a screen given a
view cannot reach hidden cards. Everything else a bot wants (trump, the current trick,
cards played, voids shown) is derived from those events on demand.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import cached_property
from typing import TYPE_CHECKING, Any

from .actions import Action, Call
from .cards import Card, Suit
from .events import (
    BidMade,
    CardPlayed,
    CardsTaken,
    Contract,
    ContractMade,
    Declared,
    Event,
    PlayStarted,
    TrickWon,
    UpCardTurned,
)
from .model import Phase
from .trumps import Ranking, ranking

if TYPE_CHECKING:
    pass

__all__ = ["PlayerView"]


@dataclass(frozen=True, eq=False)
class PlayerView:
    """One seat's knowledge at one moment.

    :ivar seat: whose view this is
    :ivar seats: number of seats
    :ivar partnerships: the fixed partnerships, or ``None``
    :ivar variant: the variant name
    :ivar plugins: the variant's plugin stack (the rules are public)
    :ivar options: every option value (the rules are public)
    :ivar hand: this seat's cards
    :ivar dealer: this hand's dealer
    :ivar hand_number: deal number within the game
    :ivar phase: the game phase
    :ivar to_act: the seat to act (``None`` when the game is over)
    :ivar decision_kind: in the prepare phase, what is being decided (``discard`` …)
    :ivar scores: every seat's score
    :ivar target: the target score
    :ivar hand_size: cards dealt to each seat
    :ivar events: this hand's events as this seat saw them
    :ivar count_down: the scores count down: the game is won by getting down to
      ``target`` (or below)
    """

    seat: int
    seats: int
    partnerships: tuple[tuple[int, ...], ...] | None
    variant: str
    plugins: tuple[str, ...]
    options: Mapping[str, Mapping[str, Any]]
    hand: tuple[Card, ...]
    dealer: int
    hand_number: int
    phase: Phase
    to_act: int | None
    decision_kind: str | None
    scores: tuple[int, ...]
    target: int
    hand_size: int
    events: tuple[Event, ...]
    count_down: bool = False

    # ----------------------------------------------------------------------------------
    # Derived knowledge (all from the events)
    # ----------------------------------------------------------------------------------

    def partners(self, seat: int | None = None) -> tuple[int, ...]:
        """The fixed partners of ``seat`` (default: this seat), itself excluded."""
        seat = self.seat if seat is None else seat
        if self.partnerships is None:
            return ()
        for side in self.partnerships:
            if seat in side:
                return tuple(s for s in side if s != seat)
        return ()

    @cached_property
    def upcard(self) -> Card | None:
        for e in self.events:
            if isinstance(e, UpCardTurned):
                return e.card
        return None

    @cached_property
    def upcard_taken_by(self) -> int | None:
        for e in self.events:
            if isinstance(e, CardsTaken) and e.source == "upcard":
                return e.seat
        return None

    @cached_property
    def bids(self) -> tuple[tuple[int, Action], ...]:
        return tuple((e.seat, e.action) for e in self.events if isinstance(e, BidMade))

    @cached_property
    def declarations(self) -> tuple[tuple[int, Action], ...]:
        return tuple((e.seat, e.action) for e in self.events if isinstance(e, Declared))

    @cached_property
    def contract(self) -> Contract | None:
        """The contract in force; for one whose trump is fixed by the first card led
        (``by_lead``), with that card's suit once it is played; for one whose trump the
        maker names later (``named_later``), with the suit once it is called."""
        found: Contract | None = None
        for e in self.events:
            if found is None:
                if isinstance(e, ContractMade):
                    found = e.contract
                    if found.trump is not None or not (found.by_lead or found.named_later):
                        return found
            elif found.by_lead and isinstance(e, CardPlayed):
                return replace(found, trump=e.card.suit)
            elif (
                found.named_later
                and isinstance(e, Declared)
                and e.seat == found.maker
                and isinstance(e.action, Call)
            ):
                return replace(found, trump=e.action.suit)
        return found

    @property
    def trump(self) -> Suit | None:
        c = self.contract
        return c.trump if c is not None else None

    @cached_property
    def ranking(self) -> Ranking | None:
        c = self.contract
        return ranking(c.trump, c.bowers) if c is not None else None

    @cached_property
    def _play_start(self) -> PlayStarted | None:
        for e in self.events:
            if isinstance(e, PlayStarted):
                return e
        return None

    @property
    def active(self) -> tuple[int, ...]:
        """Seats playing the tricks (empty before play)."""
        p = self._play_start
        return p.active if p is not None else ()

    @property
    def sitting_out(self) -> tuple[int, ...]:
        p = self._play_start
        return p.sitting_out if p is not None else ()

    @cached_property
    def tricks(self) -> tuple[TrickWon, ...]:
        return tuple(e for e in self.events if isinstance(e, TrickWon))

    @cached_property
    def trick(self) -> tuple[tuple[int, Card], ...]:
        """The trick in progress, ``(seat, card)`` in order."""
        current: list[tuple[int, Card]] = []
        for e in self.events:
            if isinstance(e, CardPlayed):
                current.append((e.seat, e.card))
            elif isinstance(e, TrickWon):
                current = []
        return tuple(current)

    @cached_property
    def played(self) -> frozenset[Card]:
        """Every card played this hand (current trick included)."""
        return frozenset(e.card for e in self.events if isinstance(e, CardPlayed))

    @cached_property
    def tricks_won(self) -> tuple[int, ...]:
        won = [0] * self.seats
        for t in self.tricks:
            won[t.winner] += 1
        return tuple(won)

    @cached_property
    def voids(self) -> dict[int, frozenset[Suit]]:
        """Effective suits each seat has shown it lacks (by failing to follow)."""
        r = self.ranking
        out: dict[int, set[Suit]] = {s: set() for s in range(self.seats)}
        if r is None:
            return {s: frozenset() for s in out}
        led: Suit | None = None
        n = 0
        for e in self.events:
            if isinstance(e, CardPlayed):
                suit = r.suit_of[e.card.index]
                if n == 0:
                    led = suit
                elif suit is not led and led is not None:
                    out[e.seat].add(led)
                n += 1
            elif isinstance(e, TrickWon):
                n = 0
        return {s: frozenset(v) for s, v in out.items()}

    def led_suit(self) -> Suit | None:
        """Effective suit of the current trick's lead (``None`` when leading)."""
        if not self.trick or self.ranking is None:
            return None
        return self.ranking.suit_of[self.trick[0][1].index]

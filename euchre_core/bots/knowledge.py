"""What a heuristic bot's seat knows of the hand in progress, kept between its decisions.

A :class:`_Memo` is brought up to date from the events of each new view that it has not
seen yet (:func:`brought_up_to_date`), so that no decision reads the whole hand again: the
up-card and who took it, the contract, the cards played and the trick in progress, the
suits each seat has shown it lacks, how often each suit was led, the cards known to be out
of play, and, once the play begins, the cards that may still be in other hands
(:func:`_outstanding`). :func:`_sides` says who plays with and against the seat. Everything
here is read from the seat's own view (:class:`~euchre_core.view.PlayerView`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Final

from ..actions import Call
from ..cards import Card, Suit
from ..events import (
    BidMade,
    CardPlayed,
    CardsTaken,
    Contract,
    ContractMade,
    Dealt,
    Declared,
    Discarded,
    Event,
    HandStarted,
    PlayStarted,
    TrickWon,
    UpCardTurned,
)
from ..trumps import Ranking, ranking
from ..view import PlayerView
from .evaluate import Outlook, suit_layout

if TYPE_CHECKING:
    from .cardplay import _Table

#: Entries the bot's shared caches may hold before they are emptied.
_CACHE_LIMIT: Final = 4096

_NO_SUITS: Final[frozenset[Suit]] = frozenset()
# The layout and the counts of a memo before the play (never written to: replaced by
# :func:`_outstanding`).
_NO_ENTRIES: Final[dict[Card, tuple[Suit | None, int]]] = {}
_NO_SUITS_LAYOUT: Final[dict[Suit | None, tuple[tuple[int, int], ...]]] = {}
_NO_COUNTS: Final[dict[Suit | None, int]] = {}


class _Memo:
    """What one seat knows of the current hand, brought up to date from new events (the
    card plays and tricks by :meth:`HeuristicBot._memo` itself, the rest by :meth:`feed`)."""

    __slots__ = (
        "active",
        "bold",
        "contract",
        "count",
        "count_out",
        "dead",
        "entries",
        "first",
        "known",
        "last",
        "led",
        "my_plays",
        "outlook",
        "outlook_up",
        "outs",
        "outs_size",
        "plan",
        "played",
        "ranking",
        "sides",
        "suits",
        "table",
        "top_out",
        "trick",
        "upcard",
        "upcard_taker",
        "voids",
    )

    def __init__(self, seats: int, first: Event | None):
        self.first = first
        self.last: Event | None = None
        self.count = 0
        self.upcard: Card | None = None
        self.upcard_taker: int | None = None
        self.contract: Contract | None = None
        self.ranking: Ranking | None = None
        self.active: tuple[int, ...] = ()
        # The cards played this hand, in order (a list: cheaper to add to than a set).
        self.played: list[Card] = []
        self.dead: set[Card] = set()
        self.trick: list[tuple[int, Card]] = []
        # The effective suits each seat has shown it lacks (replaced, never changed: most
        # seats show none, and share one empty set).
        self.voids: list[frozenset[Suit]] = [_NO_SUITS] * seats
        self.led: dict[Suit | None, int] = {}
        # The dealer's discard weighed while bidding: (mask of the hand it was weighed for,
        # card, trump, outlook, tricks of the hand kept).
        self.plan: tuple[int, Card, Suit | None, Outlook, float] | None = None
        self.known: tuple[frozenset[int], frozenset[int]] | None = None
        self.sides: (
            tuple[int, tuple[int, ...], int | None, set[int], set[int], list[int]] | None
        ) = None
        # Once the play begins: the cards that may still be in other hands (a bit mask by
        # card index), with the top power and the count of each effective suit that has
        # any; taken off as they are played (see :func:`_outstanding`). ``entries`` and
        # ``suits`` are the pack's layout under trump, shared and never changed: each
        # card's ``(suit, power)``, and each suit's ``(bit, power)`` pairs high to low.
        self.outs: int | None = None
        self.outs_size = 0
        self.my_plays = 0
        self.top_out: dict[Suit | None, int] = _NO_COUNTS
        self.count_out: dict[Suit | None, int] = _NO_COUNTS
        self.entries: dict[Card, tuple[Suit | None, int]] = _NO_ENTRIES
        self.suits: dict[Suit | None, tuple[tuple[int, int], ...]] = _NO_SUITS_LAYOUT
        # Fixed for the hand once worked out: the outlook before anything is seen (and with
        # the up-card out of play), the boldness the score gives.
        self.outlook: Outlook | None = None
        self.outlook_up: Outlook | None = None
        self.bold: float | None = None
        # The card play's facts, kept between decisions (see :meth:`HeuristicBot._play`).
        self.table: _Table | None = None

    def feed(self, e: Event, seat: int) -> None:
        """Take in an event other than a card played or a trick won."""
        t = type(e)
        if t is UpCardTurned:
            assert isinstance(e, UpCardTurned)
            self.upcard = e.card
        elif t is ContractMade:
            assert isinstance(e, ContractMade)
            made = self.contract = e.contract
            self.ranking = ranking(made.trump, made.bowers)
        elif t is Declared:
            assert isinstance(e, Declared)
            pending = self.contract
            if (
                pending is not None
                and pending.named_later
                and pending.trump is None
                and e.seat == pending.maker
                and isinstance(e.action, Call)
            ):
                # The maker names trump after the contract (after taking the widow).
                named = self.contract = replace(pending, trump=e.action.suit)
                self.ranking = ranking(named.trump, named.bowers)
        elif t is CardsTaken:
            assert isinstance(e, CardsTaken)
            if e.source == "upcard":
                self.upcard_taker = e.seat
        elif t is Discarded:
            assert isinstance(e, Discarded)
            if e.card is not None and e.seat == seat:
                self.dead.add(e.card)
        elif t is PlayStarted:
            assert isinstance(e, PlayStarted)
            self.active = e.active
            self.sides = None
            up = self.upcard
            if up is not None and self.upcard_taker is None:
                self.dead.add(up)  # turned down, or left in the kitty by a lone hand


#: The void sets, by the set and the suit added to it (a few dozen sets at most: shared by
#: every memo, as their sets are never changed).
_VOIDS_PLUS: Final[dict[frozenset[Suit], dict[Suit, frozenset[Suit]]]] = {}


def _with_void(shown: frozenset[Suit], suit: Suit) -> frozenset[Suit]:
    """``shown`` with ``suit`` added (remembered: no set is built for a void seen before)."""
    plus = _VOIDS_PLUS.get(shown)
    if plus is None:
        if len(_VOIDS_PLUS) >= _CACHE_LIMIT:
            _VOIDS_PLUS.clear()
        plus = _VOIDS_PLUS[shown] = {}
    found = plus.get(suit)
    if found is None:
        found = plus[suit] = shown | {suit}
    return found


def brought_up_to_date(memos: dict[int, _Memo], view: PlayerView) -> _Memo:
    """The memo of the view's seat in ``memos``, brought up to date from the events of the
    view it has not seen (a new one when the view is of another hand)."""
    ev = view.events
    seat = view.seat
    m = memos.get(seat)
    n = len(ev)
    if (
        m is None
        or n == 0
        or m.first is not ev[0]
        or m.count > n
        or (m.count and ev[m.count - 1] is not m.last)
    ):
        m = _Memo(view.seats, ev[0] if n else None)
        memos[seat] = m
    start = m.count
    if start == n:
        return m
    # The events since the last decision; a card played is taken in line (it is most of
    # them), a trick won ends the trick, bids, deals and the start of the hand say nothing
    # the bot keeps, and everything else goes to :meth:`_Memo.feed`.
    r = m.ranking
    suit_of = r.suit_of if r is not None else None
    trick = m.trick
    played = m.played
    voids = m.voids
    nvoids = len(voids)
    led = m.led
    outs = m.outs
    tracking = outs is not None
    out_mask = outs if outs is not None else 0
    if tracking:
        entries = m.entries
        suits = m.suits
        top_out = m.top_out
        count_out = m.count_out
    # The effective suit led to the trick in progress.
    r0: Suit | None = None
    if trick:
        c0 = trick[0][1]
        r0 = suit_of[c0.index] if suit_of is not None else c0.suit
    # The event classes as locals (read at every event: a global is a dictionary lookup
    # each time in the compiled build).
    card_played = CardPlayed
    trick_won = TrickWon
    dealt = Dealt
    bid_made = BidMade
    hand_started = HandStarted
    for e in ev[start:] if start else ev:
        t = type(e)
        if t is card_played:
            # (Typed: the compiled build then reads the card's fields directly.)
            c: Card = e.card  # type: ignore[attr-defined]
            who: int = e.seat  # type: ignore[attr-defined]
            played.append(c)
            s = suit_of[c.index] if suit_of is not None else c.suit
            if trick:
                if s is not r0 and r0 is not None and who < nvoids and r0 not in voids[who]:
                    voids[who] = _with_void(voids[who], r0)
            else:
                r0 = s
                led[s] = led.get(s, 0) + 1
            trick.append((who, c))
            if tracking:
                if who == seat:
                    m.my_plays += 1
                else:
                    bit = 1 << c.index
                    if out_mask & bit:
                        # No longer outstanding: off its suit's count (and top).
                        out_mask ^= bit
                        fs, pw = entries[c]
                        left = count_out[fs] - 1
                        if left:
                            count_out[fs] = left
                            if top_out[fs] == pw:
                                # The top card of its suit went: the next one still out.
                                for b, p in suits[fs]:
                                    if out_mask & b:
                                        top_out[fs] = p
                                        break
                        else:
                            del top_out[fs]
                            del count_out[fs]
        elif t is trick_won:
            trick = m.trick = []
        elif t is not dealt and t is not bid_made and t is not hand_started:
            m.feed(e, seat)
            r = m.ranking
            suit_of = r.suit_of if r is not None else None
            trick = m.trick
            if trick:
                c0 = trick[0][1]
                r0 = suit_of[c0.index] if suit_of is not None else c0.suit
    if tracking:
        m.outs = out_mask
    made = m.contract
    if made is not None and made.by_lead and played and r is not None and r.trump is None:
        # The first card led has fixed trump (Napoleon): the ranking of that suit from now.
        fixed = view.contract
        if fixed is not None and fixed.trump is not None:
            m.ranking = ranking(fixed.trump, fixed.bowers)
            m.outs = None
            m.table = None
    m.count = n
    m.last = ev[n - 1]
    return m


#: :func:`_sides` without a variant's answer, by seat, active seats, maker, whether there
#: are partnerships, partners and seats (never changed: shared by every memo).
_SIDES: Final[
    dict[
        tuple[int, tuple[int, ...], int | None, bool, tuple[int, ...], int],
        tuple[int, tuple[int, ...], int | None, set[int], set[int], list[int]],
    ]
] = {}


def _sides(
    view: PlayerView,
    memo: _Memo,
    partners: tuple[int, ...],
    known: tuple[frozenset[int], frozenset[int]] | None = None,
) -> tuple[int, tuple[int, ...], int | None, set[int], set[int], list[int]]:
    """Who plays with and against the seat this hand: (seat, active seats, maker, active
    allies, the seat's side, active opponents), given its fixed ``partners``. In games
    without partnerships every defender is a temporary ally of the others against the
    maker. ``known`` is the variant's answer (``euchre_known_sides``) when sides are made
    during the hand: seats in neither set are unknown, taken as allies by a defender and as
    opponents by the maker."""
    me = view.seat
    active = memo.active or tuple(range(view.seats))
    contract = memo.contract
    maker = contract.maker if contract is not None else None
    if known is not None:
        friends, foes = known
        unknown = set(range(view.seats)) - friends - foes - {me}
        mine = set(friends) | (unknown if maker is not None and maker != me else set())
        allies = {s for s in mine if s in active}
        side = {me, *mine}
    elif view.partnerships is not None:
        allies = set()
        for s in partners:
            if s in active:
                allies.add(s)
        side = {me, *partners}
    elif maker is not None and maker != me:
        allies = {s for s in active if s != me and s != maker}
        side = {me, *allies}
    else:
        allies = set()
        side = {me}
    opps = []
    for s in active:
        if s != me and s not in allies:
            opps.append(s)
    return (me, active, maker, allies, side, opps)


#: The pack grouped by effective suit (as :func:`suit_layout`), by pack id and trump: the
#: pack, each card's ``(suit, power)`` pair, each suit's ``(bit, power)`` pairs high to
#: low (bit ``1 << card.index``), the mask of the whole pack, and each suit with the mask
#: of its cards and its pairs (made once, never changed).
_OUT_LAYOUTS: Final[
    dict[
        tuple[int, Suit | None, bool],
        tuple[
            tuple[Card, ...],
            dict[Card, tuple[Suit | None, int]],
            dict[Suit | None, tuple[tuple[int, int], ...]],
            int,
            tuple[tuple[Suit | None, int, tuple[tuple[int, int], ...]], ...],
        ],
    ]
] = {}


def _outstanding(
    memo: _Memo,
    hand: Sequence[Card],
    deck: tuple[Card, ...],
    trump: Suit | None,
    bowers: bool = True,
) -> None:
    """Count the cards that may still be in other hands (neither played, nor known to be out
    of play, nor held) per effective suit; the memo then takes them off as they are played.
    (The pack's mask without the cards seen, then each suit's top and count read off it.)"""
    hit = _OUT_LAYOUTS.get((id(deck), trump, bowers))
    if hit is None or hit[0] is not deck:
        if len(_OUT_LAYOUTS) >= _CACHE_LIMIT:
            _OUT_LAYOUTS.clear()
        entries: dict[Card, tuple[Suit | None, int]] = {}
        suits: dict[Suit | None, tuple[tuple[int, int], ...]] = {}
        masks: list[tuple[Suit | None, int, tuple[tuple[int, int], ...]]] = []
        whole = 0
        for s, members in suit_layout(deck, trump, bowers):
            mask = 0
            for c, pw in members:
                entries[c] = (s, pw)
                mask |= 1 << c.index
            pairs = suits[s] = tuple([(1 << c.index, pw) for c, pw in members])
            masks.append((s, mask, pairs))
            whole |= mask
        hit = _OUT_LAYOUTS[id(deck), trump, bowers] = (
            deck,
            entries,
            suits,
            whole,
            tuple(masks),
        )
    seen = 0
    for c in memo.played:
        seen |= 1 << c.index
    for c in memo.dead:
        seen |= 1 << c.index
    for c in hand:
        seen |= 1 << c.index
    outs = hit[3] & ~seen
    top: dict[Suit | None, int] = {}
    count: dict[Suit | None, int] = {}
    for s, mask, pairs in hit[4]:
        left = outs & mask
        if left:
            count[s] = left.bit_count()
            for bit, pw in pairs:
                if left & bit:
                    top[s] = pw
                    break
    memo.outs = outs
    memo.entries = hit[1]
    memo.suits = hit[2]
    memo.outs_size = len(hand)
    memo.my_plays = 0
    memo.top_out = top
    memo.count_out = count

"""One networked table: the game's state, its seats and who sits at them.

The table is server-authoritative and knows nothing of sockets: a connection is any
object with a ``send(message)`` method taking a JSON-ready dictionary (the server writes
it out). Each seat's connections receive only that seat's :meth:`State.view` and the
events :meth:`State.visible_events` gives the seat; a spectator receives only
:meth:`State.public_events` (what every seat sees) and no view. Who acts next, and what
they may do, goes only to that seat.

A seat is *open* (nobody yet), *taken* by a person or a remote bot (its code was used;
it may be away for a while), or played by a bot of the server (filled when the game was
started with seats open, or while its player is away with ``fill_after`` set).
"""

from __future__ import annotations

import dataclasses
import operator
import secrets
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..actions import Action, parse_action
from ..bots import Bot, make_bot
from ..errors import EuchreError
from ..state import State
from ..view import PlayerView
from .wire import encode

__all__ = ["Connection", "NetTable", "new_code"]

#: Bits of randomness of a join code (from :mod:`secrets`).
CODE_BYTES = 18  # 144 bits, 24 URL-safe characters


def new_code() -> str:
    """A fresh, unguessable join code. It never begins with ``-``: a command line would
    read it as an option (``euchre join HOST:PORT -x...``)."""
    while True:
        code = secrets.token_urlsafe(CODE_BYTES)
        if not code.startswith("-"):
            return code


class Connection(Protocol):
    """Where a table's messages for one client go."""

    def send(self, message: dict[str, Any]) -> None: ...


@dataclass
class _Client:
    conn: Connection
    seat: int | None  # None: a spectator
    cursor: int = 0  # the state's event log index sent so far
    free_at: float = 0.0  # with batching, when this client may next be sent an update
    #: The view fields last sent to this client (engine values, not their wire form):
    #: an update sends only the fields that differ from them.
    sent: dict[str, Any] = field(default_factory=dict)


@dataclass
class _Seat:
    code: str
    taken: bool = False  # a person or remote bot has sat here
    present: int = 0  # connections at the seat now
    away_since: float | None = None
    bot: Bot | None = None  # the server's bot, when it plays the seat
    filled: bool = False  # a bot sits here for good (started with the seat open)


Saver = Callable[[State, Mapping[str, Any]], None]


@dataclass
class NetTable:
    """A table of the server.

    :param state: the game
    :param codes: one join code per seat (default: new ones)
    :param spectator: the spectators' code (default: a new one)
    :param bots: the bot name that fills open seats (``start``) and away seats
    :param fill_after: seconds an away seat waits before a bot plays it (``None``: wait)
    :param saver: called with the state and :meth:`meta` after every action
    :param filled: seats a bot plays for good (a resumed game's)
    """

    state: State
    codes: list[str] = field(default_factory=list)
    spectator: str = ""
    bots: str = "heuristic"
    fill_after: float | None = None
    saver: Saver | None = None
    filled: tuple[int, ...] = ()
    name: str = ""
    #: The seat whose player may ``start`` the game (``None``: any seated player).
    owner: int | None = None
    #: Seconds between two updates to a client that is not to act (0: every change at
    #: once). A change within that time of the client's last update waits in
    #: :attr:`pending` until :meth:`flush`, so that a quick run of changes reaches it as
    #: one update; the seat to act, and everyone when the game ends, is told at once. At
    #: a table of people, changes come seconds apart and every update goes at once.
    batch: float = 0.0
    _seats: list[_Seat] = field(default_factory=list, init=False)
    _clients: list[_Client] = field(default_factory=list, init=False)
    started: bool = field(default=False, init=False)
    actions_applied: int = field(default=0, init=False)
    _memo: dict[int, tuple[Any, Any]] = field(default_factory=dict, init=False)
    #: Clients owed an update (with :attr:`batch`), by ``id``.
    pending: dict[int, _Client] = field(default_factory=dict, init=False)

    def __post_init__(self) -> None:
        n = self.state.seats
        if not self.codes:
            self.codes = [new_code() for _ in range(n)]
        if len(self.codes) != n:
            raise EuchreError(f"{len(self.codes)} codes for a table of {n} seats")
        if not self.spectator:
            self.spectator = new_code()
        make_bot(self.bots, 0)  # an unknown bot name is refused now, not mid-game
        self._seats = [_Seat(code) for code in self.codes]
        for s in self.filled:
            self._fill(s)
        if self.filled:
            # A resumed game that had started: its players' seats wait for them to come
            # back (away, so ``fill_after`` still applies), never filled by bots for good.
            now = time.monotonic()
            for seat in self._seats:
                if not seat.filled:
                    seat.taken = True
                    seat.away_since = now
            self.started = True
            self._run_bots()

    # -- who is who -----------------------------------------------------------------------

    def meta(self) -> dict[str, Any]:
        """What the saved game keeps of the table: the codes, the bots and which seats
        they fill, so that ``--resume`` opens the same table."""
        return {
            "net": {
                "codes": list(self.codes),
                "spectator": self.spectator,
                "bots": self.bots,
                "filled": [i for i, s in enumerate(self._seats) if s.filled],
                "fill_after": self.fill_after,
            }
        }

    def open_seats(self) -> list[int]:
        return [i for i, s in enumerate(self._seats) if not s.taken and not s.filled]

    def bot_seats(self) -> list[int]:
        """Seats a bot fills for good, which a person may still take over (with the
        seat's code) while the game goes on."""
        if not self.started or self.state.is_over:
            return []
        return [i for i, s in enumerate(self._seats) if s.filled and not s.taken]

    def away_seats(self) -> list[int]:
        """Seats whose players are away and that nobody plays meanwhile."""
        return [
            i for i, s in enumerate(self._seats) if s.taken and s.present == 0 and s.bot is None
        ]

    def stand_ins(self) -> list[int]:
        """Seats whose players are away that a bot plays until they come back."""
        return [
            i
            for i, s in enumerate(self._seats)
            if s.taken and s.present == 0 and s.bot is not None and not s.filled
        ]

    # -- clients --------------------------------------------------------------------------

    def attach(self, conn: Connection, seat: int | None, since: int = 0) -> None:
        """A client sits at ``seat`` (or watches): it is told the table and, from log
        index ``since`` on, the events it may see, then the view."""
        since = max(0, min(since, len(self.state.events)))
        client = _Client(conn, seat, since)
        self._clients.append(client)
        if seat is not None:
            s = self._seats[seat]
            s.taken = True
            s.present += 1
            s.away_since = None
            if s.filled and self.started and not self.state.is_over:
                # A friend come late takes the seat over from the bot that filled it.
                s.filled = False
            if not s.filled:
                s.bot = None
            if not self.started and not self.open_seats():
                self.started = True
                self._run_bots()
                self._save()
            self._broadcast(skip=client)  # the others see who came (or came back)
        conn.send(
            {
                "type": "joined",
                "table": self.name,
                "seat": seat,
                "variant": self.state.config.to_dict(),
                "seats": self.state.seats,
            }
        )
        self._send(client)

    def detach(self, conn: Connection) -> None:
        for c in list(self._clients):
            if c.conn is conn:
                self._clients.remove(c)
                if c.seat is not None:
                    s = self._seats[c.seat]
                    s.present -= 1
                    if s.present == 0:
                        s.away_since = time.monotonic()
                self._broadcast()

    def leave(self, conn: Connection) -> None:
        """The client leaves for good (the ``leave`` message): as :meth:`detach`, and a
        seat left before the game started is open again (filled by a bot at the start,
        or taken by whoever joins with its code)."""
        seats = [c.seat for c in self._clients if c.conn is conn and c.seat is not None]
        self.detach(conn)
        if self.started:
            return
        for seat in seats:
            s = self._seats[seat]
            if s.present == 0:
                s.taken = False
                s.away_since = None
        if seats:
            self._broadcast()

    # -- the game -------------------------------------------------------------------------

    def start(self) -> None:
        """Start now: bots fill the open seats."""
        for i in self.open_seats():
            self._fill(i)
        if not self.started:
            self.started = True
            self._run_bots()
            self._save()
        self._broadcast()

    def act(self, seat: int, text: str) -> str | None:
        """Seat ``seat`` takes the action written ``text``: ``None`` when done, else the
        reason it was refused (nothing changed)."""
        state = self.state
        if not self.started:
            return "the game has not started: waiting for " + _seats_words(self.open_seats())
        if state.is_over:
            return "the game is over"
        if state.to_act != seat:
            return f"it is not your turn: seat {state.to_act} is to act"
        try:
            action = parse_action(text)
        except EuchreError as e:
            return str(e)
        reason = state.why_not(action)
        if reason is not None:
            return reason
        self._apply(action)
        self._run_bots()
        self._broadcast()
        return None

    def tick(self, now: float | None = None) -> None:
        """Let a bot play a seat whose player has been away ``fill_after`` seconds."""
        if self.fill_after is None or not self.started or self.state.is_over:
            return
        now = time.monotonic() if now is None else now
        seat = self.state.to_act
        if seat is None:
            return
        s = self._seats[seat]
        if s.present == 0 and s.away_since is not None and now - s.away_since >= self.fill_after:
            if s.bot is None:
                s.bot = self._bot(seat)
            self._run_bots()
            self._broadcast()

    def _fill(self, seat: int) -> None:
        s = self._seats[seat]
        s.filled = True
        s.bot = self._bot(seat)

    def _bot(self, seat: int) -> Bot:
        return make_bot(self.bots, f"{self.state.seed}/seat{seat}")

    def _apply(self, action: Action) -> None:
        self.state.apply(action)
        self.actions_applied += 1
        self._save()

    def _run_bots(self) -> None:
        state = self.state
        while not state.is_over:
            seat = state.to_act
            assert seat is not None
            s = self._seats[seat]
            if s.bot is None or (s.present and not s.filled):
                return
            view = state.view(seat) if s.bot.uses_view else None
            self._apply(s.bot.choose(view, state.legal_actions()))

    def _save(self) -> None:
        if self.saver is not None:
            self.saver(self.state, self.meta())

    # -- telling the clients --------------------------------------------------------------

    def _broadcast(self, skip: _Client | None = None) -> None:
        state = self.state
        batch = self.batch
        if not batch or state.is_over:
            for c in self._clients:
                if c is not skip:
                    self.pending.pop(id(c), None)
                    self._send(c)
            return
        now = time.monotonic()
        to_act = state.to_act if self.started else None
        for c in self._clients:
            if c is skip:
                continue
            if (c.seat is not None and c.seat == to_act) or now >= c.free_at:
                self.pending.pop(id(c), None)
                self._send(c, now)
            else:
                self.pending[id(c)] = c

    def flush(self, now: float | None = None) -> None:
        """Send the batched updates that are due (see :attr:`batch`)."""
        now = time.monotonic() if now is None else now
        present = {id(c) for c in self._clients}
        for key, c in list(self.pending.items()):
            if key not in present:
                del self.pending[key]
            elif now >= c.free_at:
                del self.pending[key]
                self._send(c, now)

    def _send(self, c: _Client, now: float | None = None) -> None:
        state = self.state
        if self.batch:
            c.free_at = (time.monotonic() if now is None else now) + self.batch
        if c.seat is None:
            events = state.public_events(c.cursor)
        else:
            events = state.visible_events(c.seat, c.cursor)
        c.cursor = len(state.events)
        memo = self._memo
        if len(memo) > 4000:
            memo.clear()
        message: dict[str, Any] = {
            "type": "update",
            "events": [encode(e, memo) for e in events],
            "upto": c.cursor,
            "started": self.started,
            "waiting": self.open_seats() if not self.started else self.away_seats(),
            "stand_ins": self.stand_ins(),
            "to_act": state.to_act if self.started else None,
            "over": state.is_over,
            "step": len(state.actions),
        }
        if c.seat is not None:
            message["view"] = wire_view(state.view(c.seat), c.sent, memo)
            if self.started and state.to_act == c.seat:
                message["legal"] = [str(a) for a in state.legal_actions()]
        c.conn.send(message)


#: The fields of a view, in order (``events`` last).
VIEW_FIELDS = tuple(f.name for f in dataclasses.fields(PlayerView))


def wire_view(
    view: PlayerView,
    sent: dict[str, Any],
    memo: dict[int, tuple[Any, Any]] | None = None,
) -> dict[str, Any]:
    """A view's wire form for a client that was sent the fields ``sent`` before (the
    engine's values, by name; empty for a client's first view, which then gets every
    field). Only the fields whose values differ go; when the view's events begin with
    the events sent before (the same hand, going on), only the new ones go, with
    ``events_from``: how many of the previous view's events come first. ``sent`` is
    brought up to date.
    """
    out: dict[str, Any] = {}
    for name in VIEW_FIELDS:
        value = getattr(view, name)
        if name in sent:
            before = sent[name]
            if before is value or before == value:
                continue
            if name == "events":
                k = len(before)
                if k and len(value) >= k and all(map(operator.is_, value[:k], before)):
                    out["events_from"] = k
                    out["events"] = encode(value[k:], memo)
                    sent[name] = value
                    continue
        sent[name] = value
        out[name] = encode(value, memo)
    return out


def _seats_words(seats: list[int]) -> str:
    return "seat " + ", ".join(map(str, seats)) if seats else "nobody"

"""``euchre join HOST:PORT CODE``: sit at a networked table (``euchre host``/``serve``).

The person at the seat gets the same table, prompts, hints and texts as ``euchre play``
(there is no ``undo`` in a networked game): the screen is built from the view and the
events the server sends this seat, and nothing else. ``--bot NAME`` seats a bot instead
(``heuristic``, ``search``, ``random``, ``careless``, or ``MODULE:CLASS``: a class whose
instances have ``choose(view, legal)``), which sees only the messages its seat receives.

A dropped connection is tried again by itself, with growing pauses; the seat and its
whole view come back. Ctrl-C leaves the table (the seat stays yours: join again with the
same code). The spectators' code watches the game.
"""

from __future__ import annotations

import json
import time
from typing import TYPE_CHECKING, Annotated, Any

import typer

from .errors import EXIT_FAILED, EXIT_INTERRUPTED, EXIT_USAGE, fail, print_error
from .options import Ascii

if TYPE_CHECKING:
    from euchre_core.net.client import SeatState

    from .play import Session

__all__ = ["join"]


def join(
    address: Annotated[str, typer.Argument(metavar="HOST:PORT", help="The table's server.")],
    code: Annotated[str, typer.Argument(help="Your seat's join code (or the spectators').")],
    bot: Annotated[
        str | None,
        typer.Option(
            "--bot",
            metavar="BOT|MODULE:CLASS",
            help="Seat a bot instead of playing yourself: random, heuristic, search, "
            "careless, a level (easy, normal, hard), or your own class as MODULE:CLASS.",
        ),
    ] = None,
    tls: Annotated[bool, typer.Option("--tls", help="The server speaks TLS (wss://).")] = False,
    cafile: Annotated[
        str | None,
        typer.Option("--cafile", metavar="FILE", help="Trust this certificate (with --tls)."),
    ] = None,
    ascii_: Ascii = False,
) -> None:
    """Sit at a networked table with its join code (you, or --bot)."""
    url = server_url(address, tls)
    context = client_tls(cafile) if tls else None
    if bot is not None:
        raise typer.Exit(run_bot(url, code, bot, context))
    raise typer.Exit(run_terminal(url, code, address, plain=ascii_, tls=context))


def server_url(address: str, tls: bool = False) -> str:
    """``ws://HOST:PORT`` (``wss://`` with TLS) from ``HOST:PORT``."""
    host, sep, port = address.rpartition(":")
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        fail(f"{address!r}: give the server as HOST:PORT, e.g. 127.0.0.1:8765", EXIT_USAGE)
    return f"{'wss' if tls else 'ws'}://{host}:{int(port)}"


def client_tls(cafile: str | None) -> Any:
    import ssl

    context = ssl.create_default_context(cafile=cafile)
    return context


def bot_of(name: str, seed: int | str) -> Any:
    """A bot by name, or ``MODULE:CLASS`` (made with the seed when it takes one)."""
    from euchre_core.bots import make_bot
    from euchre_core.errors import EuchreError

    if ":" in name:
        import importlib

        module, _, cls_name = name.partition(":")
        try:
            cls = getattr(importlib.import_module(module), cls_name)
        except (ImportError, AttributeError) as e:
            fail(f"--bot {name}: cannot load it: {e}", EXIT_USAGE)
        try:
            made = cls(seed)
        except TypeError:
            made = cls()
        if not callable(getattr(made, "choose", None)):
            fail(f"--bot {name}: it has no choose(view, legal) method", EXIT_USAGE)
        if not hasattr(made, "uses_view"):
            made.uses_view = True
        return made
    try:
        return make_bot(name, seed)
    except EuchreError as e:
        fail(f"--bot {name}: {e}", EXIT_USAGE)


def run_bot(url: str, code: str, name: str, tls: Any = None) -> int:
    """Play the seat with a bot until the game is over; returns the exit code."""
    import asyncio

    from euchre_core.net.client import NetError, play_bot

    bot = bot_of(name, f"{code[:6]}/{name}")
    try:
        seat = asyncio.run(play_bot(url, code, bot, tls=tls))
    except NetError as e:
        fail(str(e))
    except KeyboardInterrupt:
        print_error("interrupted: the bot left the table")
        return EXIT_INTERRUPTED
    print(f"Game over: {result_line(seat)}")
    return 0


def result_line(seat: SeatState) -> str:
    from euchre_core.events import GameOver

    ends = [e for e in seat.events if isinstance(e, GameOver)]
    if not ends:
        return "no result"
    end = ends[-1]
    winners = ", ".join(map(str, end.winners)) or "nobody"
    return f"winners: seat {winners}; scores {' '.join(map(str, end.scores))}"


# ---------------------------------------------------------------------------------------
# The person at the seat
# ---------------------------------------------------------------------------------------


class RemoteGame:
    """What :class:`~euchre_cli.play.Session` asks of a game, answered from the messages
    of one seat: the latest view, the legal actions, the hands scored. A refused action
    is refused by the server, which says why."""

    def __init__(self, seat: SeatState):
        assert seat.config is not None
        self.seat = seat
        self.config = seat.config
        self.rules = self.config.rules()
        self.table = self.rules.table(self.config)
        self.seats = self.table.seats
        self.seed = "net"
        self.actions: list[Any] = []  # no undo in a networked game

    @property
    def to_act(self) -> int | None:
        return self.seat.to_act

    @property
    def is_over(self) -> bool:
        return self.seat.over

    @property
    def hand_records(self) -> list[Any]:
        return self.seat.hand_records

    @property
    def decision(self) -> Any:
        view = self.seat.view
        kind = view.decision_kind if view is not None else None
        return None if kind is None else _Decision(kind)

    def view(self, seat: int) -> Any:
        return self.seat.view

    def legal_actions(self) -> tuple[Any, ...]:
        return self.seat.legal

    def why_not(self, action: Any) -> str | None:
        return None  # the server says why not, when it refuses


class _Decision:
    def __init__(self, kind: str):
        self.kind = kind


class _Lost(Exception):
    """The connection dropped."""


def run_terminal(
    url: str, code: str, address: str, *, plain: bool, tls: Any = None, starter: bool = False
) -> int:
    """Play (or watch) the seat at the terminal; returns the exit code.

    :param starter: the host's seat: while the table waits for players, ``start`` typed
      here starts the game with bots in the open seats
    """
    from euchre_core.net.client import NetError, SeatState

    from .play import _Quit

    seat = SeatState(code)
    client = _Terminal(url, seat, plain, tls, starter)
    pause = 0.1
    lost_at: float | None = None
    try:
        while True:
            try:
                client.connect_and_play()
                return 0
            except _Lost:
                if client.session is not None:
                    client.session.screen.note("The connection was lost: joining again ...")
            except OSError as e:
                if client.session is None and lost_at is None:
                    fail(f"cannot reach {address}: {e.strerror or e}")
            now = time.monotonic()
            lost_at = now if lost_at is None else lost_at
            if client.connected:
                lost_at, pause, client.connected = now, 0.1, False
            if now - lost_at > 120:
                fail(f"lost the server at {address} for two minutes")
            time.sleep(pause)
            pause = min(pause * 2, 2.0)
    except NetError as e:
        fail(str(e))
    except KeyboardInterrupt:
        _say_left(client, address, code, "interrupted")
        return EXIT_INTERRUPTED
    except EOFError:
        _say_left(client, address, code, "end of input")
        return EXIT_FAILED
    except _Quit:
        _say_left(client, address, code, "you quit")
        return EXIT_FAILED


def _say_left(client: _Terminal, address: str, code: str, why: str) -> None:
    import contextlib

    if client.session is not None:
        with contextlib.suppress(OSError):
            client.session.screen.print("")
    if client.starter:  # the host's table closes with it: the host says how to open it again
        print_error(f"{why}: you left the table")
        return
    print_error(f"{why}: you left the table; the seat stays yours: euchre join {address} {code}")


class _Terminal:
    def __init__(self, url: str, seat: SeatState, plain: bool, tls: Any, starter: bool = False):
        self.starter = starter
        self.url = url
        self.seat = seat
        self.plain = plain
        self.tls = tls
        self.session: Session | None = None
        self.connected = False
        self.acted_step = -1
        self.waiting_said: tuple[int, ...] | None = None
        self.stand_ins_said: tuple[int, ...] = ()

    def connect_and_play(self) -> None:
        from websockets.exceptions import ConnectionClosed
        from websockets.sync.client import connect

        from euchre_core.net.client import check_reply, hello, join_message
        from euchre_core.net.protocol import MAX_FRAME

        try:
            ws = connect(self.url, ssl=self.tls, max_size=MAX_FRAME, compression=None)
        except ConnectionClosed:
            raise _Lost from None
        self.acted_step = -1
        with ws:
            try:
                ws.send(hello())
                ws.send(join_message(self.seat))
                self.connected = True
                while True:
                    raw = self.next_message(ws)
                    if raw is None:
                        continue
                    msg = json.loads(raw)
                    check_reply(msg)
                    if self.handle(msg, ws):
                        return
            except ConnectionClosed:
                raise _Lost from None

    def next_message(self, ws: Any) -> str | None:
        """The next message; for the host while the table waits, ``start`` typed in the
        meantime is sent (``None``: nothing came yet)."""
        if not (self.starter and self.session is not None and not self.seat.started):
            return str(ws.recv())
        import select
        import sys

        ready, _, _ = select.select([sys.stdin], [], [], 0.1)
        if ready:
            line = sys.stdin.readline()
            if not line:
                raise EOFError
            word = line.strip().lower()
            if word == "start":
                ws.send(json.dumps({"type": "start"}))
            elif word in ("quit", "exit", "q"):
                raise KeyboardInterrupt
            elif word:
                self.session.screen.problem("type start to begin with bots in the open seats")
        try:
            return str(ws.recv(timeout=0.05))
        except TimeoutError:
            return None

    def handle(self, msg: dict[str, Any], ws: Any) -> bool:
        """Take one message in; ``True`` when the game is over."""
        kind = msg.get("type")
        seat = self.seat
        if kind == "joined":
            first = self.session is None
            seat.joined(msg)
            if first:
                self.open_session(msg)
            return False
        session = self.session
        if session is None:
            return False
        if kind == "error":
            from .choices import for_player

            text = str(msg.get("message"))
            if msg.get("code") == "illegal" and seat.seat is not None:
                session.screen.problem(for_player(text, seat.seat))
            else:
                session.screen.problem(text)
            if seat.my_turn:
                self.act(ws)
            return False
        if kind != "update":
            return False
        new = seat.update(msg)
        view = seat.view
        session.screen.events(new, view)
        if seat.over:
            session.score_sheet()
            return True
        if (not seat.started or seat.waiting) and seat.waiting != self.waiting_said:
            self.waiting_said = seat.waiting
            if seat.waiting:
                who = ", ".join(map(str, seat.waiting))
                word = "Waiting for seat" if seat.started else "Waiting for players: seat"
                session.screen.note(f"{word} {who} ...")
        if seat.stand_ins != self.stand_ins_said:
            self.stand_ins_said = seat.stand_ins
            if seat.stand_ins:
                who = ", ".join(map(str, seat.stand_ins))
                session.screen.note(f"A bot plays seat {who} until its player is back.")
        step = int(msg.get("step", -1))
        if seat.my_turn and step != self.acted_step:
            self.act(ws)
            self.acted_step = step
        return False

    def act(self, ws: Any) -> None:
        session = self.session
        assert session is not None
        action = session.ask()
        ws.send(json.dumps({"type": "act", "action": str(action)}))

    def open_session(self, msg: dict[str, Any]) -> None:
        from .play import Session

        game: Any = RemoteGame(self.seat)
        human = self.seat.seat
        self.session = Session(game, human=human, bots="random", plain=self.plain, delay=0)
        self.session.remote = True
        title = self.session.title
        where = f"you play seat {human}" if human is not None else "you watch"
        self.session.screen.note(
            f"{title} at table {msg.get('table') or 'of the host'}, game to "
            f"{game.table.target}; {where}."
        )

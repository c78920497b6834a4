"""``euchre host``: a server holding one table, with the host at one of its seats.

The host picks the variant (as ``euchre play`` does), gets one join code per open seat
and a spectators' code to give to friends, and plays a seat in this terminal. Seats
still open when the host types ``start`` are played by bots (``--bots``); otherwise the
game starts when every seat is taken. The game is saved after every action (``--save``,
or a file of its own in the current folder), with the codes: ``euchre host --resume
FILE`` opens the same table again after the server was stopped or killed, and the
players' clients find it by themselves.

The server listens on 127.0.0.1 unless ``--bind`` says otherwise; with ``--tls-cert``
and ``--tls-key`` it speaks TLS (clients join with ``--tls``).
"""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from .errors import EXIT_USAGE, fail
from .options import Ascii, Overrides, Rules, Seed, VariantArg

if TYPE_CHECKING:
    from euchre_core.net.server import Lobby

__all__ = ["ServerThread", "host"]

DEFAULT_PORT = 8765

Port = Annotated[
    int,
    typer.Option("--port", min=0, max=65535, help="The port to listen on (0: any free one)."),
]
Bind = Annotated[
    str,
    typer.Option(
        "--bind",
        metavar="ADDR",
        help="The address to listen on (default 127.0.0.1: this machine only; "
        "0.0.0.0 for every network).",
    ),
]
Coach = Annotated[
    bool,
    typer.Option(
        "--coach", help="Players in a browser get the coach's remarks (as in euchre learn)."
    ),
]
TlsCert = Annotated[
    Path | None, typer.Option("--tls-cert", metavar="FILE", help="TLS certificate (PEM).")
]
TlsKey = Annotated[
    Path | None, typer.Option("--tls-key", metavar="FILE", help="TLS private key (PEM).")
]


def host(
    variant: VariantArg = "standard",
    rule: Rules = None,
    option: Overrides = None,
    seed: Seed = None,
    port: Annotated[
        int | None,
        typer.Option(
            "--port",
            min=0,
            max=65535,
            show_default=False,
            help=f"The port to listen on (0: any free one) [default: {DEFAULT_PORT}; "
            "with --resume, the port the table had].",
        ),
    ] = None,
    bind: Bind = "127.0.0.1",
    bots: Annotated[
        str,
        typer.Option(
            "--bots",
            metavar="easy|normal|hard|BOT",
            help="The bots that fill seats still open at start: a level, or a bot "
            "(heuristic, search, random, careless).",
        ),
    ] = "heuristic",
    seat: Annotated[int, typer.Option("--seat", min=0, help="Your seat (0 = first).")] = 0,
    save: Annotated[
        Path | None,
        typer.Option(
            "--save", metavar="FILE", help="Write the game to FILE (new), after every move."
        ),
    ] = None,
    resume: Annotated[
        Path | None,
        typer.Option("--resume", metavar="FILE", help="Open a saved networked game again."),
    ] = None,
    fill_after: Annotated[
        float | None,
        typer.Option(
            "--fill-after",
            min=0.0,
            metavar="SECONDS",
            help="A bot plays the seat of a player away this long, until they return.",
        ),
    ] = None,
    tls_cert: TlsCert = None,
    tls_key: TlsKey = None,
    coach: Coach = False,
    ascii_: Ascii = False,
) -> None:
    """Host a table for friends over the network, and play a seat of it here."""
    from euchre_core.errors import EuchreError
    from euchre_core.net.server import Lobby

    lobby = Lobby(can_create=False)
    try:
        if resume is not None:
            table, saver = resumed_table(resume)
        else:
            table, saver = new_table(variant, rule, option, seed, bots, seat, save, fill_after)
    except EuchreError as e:
        fail(str(e), EXIT_USAGE)
    where = saver.path
    if port is None:  # a resumed table listens where its players' clients look for it
        saved = saver.meta["net"].get("port")
        port = saved if isinstance(saved, int) and 0 < saved <= 65535 else DEFAULT_PORT
    lobby.add(table)
    server = ServerThread(lobby, bind, port, tls_of(tls_cert, tls_key), coach=coach)
    server.start()
    saver.meta["net"]["port"] = server.port
    steady_gc()
    address = f"{_shown_host(bind)}:{server.port}"
    me = table.owner if table.owner is not None else 0
    print(f"Hosting {table.state.config.title or table.state.config.name} on {address}")
    print(f"Saved after every move to {where}.")
    print("Give each friend a seat's command:")
    tls_flag = " --tls" if tls_cert is not None else ""
    page = f"{'https' if tls_cert is not None else 'http'}://{address}/"
    for s, code in enumerate(table.codes):
        if s != me:
            print(f"  seat {s}: euchre join {address} {code}{tls_flag}")
            print(f"          or in a browser: {page}#code={code}")
    print(f"  to watch: euchre join {address} {table.spectator}{tls_flag}")
    print(f"          or in a browser: {page}#code={table.spectator}")
    if not table.started:
        print("Type start (and Enter) to fill the open seats with bots and begin.")
    from .join import run_terminal

    loop_address = f"127.0.0.1:{server.port}" if bind in ("0.0.0.0", "") else address
    try:
        code = run_terminal(
            f"{'wss' if tls_cert else 'ws'}://{loop_address}",
            table.codes[me],
            address,
            plain=ascii_,
            tls=_trust_own(tls_cert) if tls_cert else None,
            starter=True,
        )
    finally:
        server.stop()
    if code != 0 and not table.state.is_over:
        print(f"The table is saved: carry on with: euchre host --resume {where}")
    raise typer.Exit(code)


def new_table(
    variant: str,
    rule: list[str] | None,
    option: list[str] | None,
    seed: int | None,
    bots: str,
    seat: int,
    save: Path | None,
    fill_after: float | None,
) -> tuple[Any, Any]:
    import random

    from euchre_core import load_variant
    from euchre_core.net.table import NetTable
    from euchre_core.state import State

    from .records import Autosaver, SaveError
    from .render import seat_names

    config = load_variant(variant, rules=rule or (), options=option or ())
    state = State(config, seed=seed if seed is not None else random.randrange(1, 1_000_000))
    if seat >= state.seats:
        fail(f"--seat {seat}: this game has seats 0 to {state.seats - 1}", EXIT_USAGE)
    from euchre_core.bots import bot_name
    from euchre_core.errors import EuchreError

    try:
        bots = bot_name(bots)  # a level names its bot
    except EuchreError as e:
        fail(f"--bots: {e}", EXIT_USAGE)
    table = NetTable(state, bots=bots, fill_after=fill_after, owner=seat)
    try:
        saver = Autosaver.for_new_game(
            state, save, players=seat_names(state.seats, None), meta=_meta(table)
        )
    except SaveError as e:
        fail(str(e), EXIT_USAGE)
    table.saver = _saving(saver)
    return table, saver


def resumed_table(file: Path) -> tuple[Any, Any]:
    """The saved networked game's table, and its saver (whose meta keeps the table's
    codes, owner and port)."""
    from euchre_core.net.table import NetTable
    from euchre_core.records.history import replay

    from .records import Autosaver, SaveError, load_game
    from .render import seat_names

    record = load_game(file)
    net = (record.meta or {}).get("net")
    if not isinstance(net, dict) or not _codes_ok(net):
        fail(f"{file}: not a networked game (no table codes): carry it on with euchre resume")
    state = replay(record)
    if state.is_over:
        fail(f"{file}: this game is already over")
    table = NetTable(
        state,
        codes=list(net["codes"]),
        spectator=str(net["spectator"]),
        bots=str(net.get("bots") or "heuristic"),
        fill_after=net.get("fill_after"),
        filled=tuple(net.get("filled") or ()),
        owner=net.get("owner") if isinstance(net.get("owner"), int) else 0,
    )
    try:
        saver = Autosaver.for_resumed_game(
            state, record, file, None, players=seat_names(state.seats, None), meta=_meta(table)
        )
    except SaveError as e:
        fail(str(e), EXIT_USAGE)
    port = net.get("port")
    if isinstance(port, int):
        saver.meta["net"]["port"] = port
    table.saver = _saving(saver)
    saver.save(state)
    return table, saver


def _codes_ok(net: dict[str, Any]) -> bool:
    codes = net.get("codes")
    return (
        isinstance(codes, list)
        and all(isinstance(c, str) and len(c) >= 22 for c in codes)
        and isinstance(net.get("spectator"), str)
        and all(isinstance(s, int) for s in net.get("filled") or ())
    )


def _meta(table: Any) -> dict[str, Any]:
    meta = table.meta()
    meta["net"]["owner"] = table.owner
    return meta


def _saving(saver: Any) -> Any:
    def save(state: Any, meta: Any) -> None:
        kept = saver.meta.get("net") or {}
        saver.meta.update(meta)
        saver.meta["net"]["owner"] = meta["net"].get("owner", kept.get("owner"))
        if "port" in kept:
            saver.meta["net"].setdefault("port", kept["port"])
        saver.save(state, warn=_warn)

    return save


def _warn(message: str) -> None:
    from .errors import print_error

    print_error(message)


def tls_of(cert: Path | None, key: Path | None) -> Any:
    if (cert is None) != (key is None):
        fail("--tls-cert and --tls-key go together", EXIT_USAGE)
    if cert is None or key is None:
        return None
    from euchre_core.net.server import tls_context

    try:
        return tls_context(str(cert), str(key))
    except (OSError, ValueError) as e:
        fail(f"--tls-cert/--tls-key: cannot use them: {e}", EXIT_USAGE)


def _trust_own(cert: Path) -> Any:
    import ssl

    context = ssl.create_default_context(cafile=str(cert))
    context.check_hostname = False
    return context


def _shown_host(bind: str) -> str:
    return "127.0.0.1" if bind in ("", "0.0.0.0") else bind


def steady_gc() -> None:
    """Keep the garbage collector from pausing every table at once: a server holds many
    long-lived objects (tables, games, connections), and full collections of them at the
    default thresholds stop the event loop for tens of milliseconds every few seconds
    under load. What exists once the server is up is moved out of the collector's sight
    (:func:`gc.freeze`) and the youngest generation is collected less often. Called by
    the ``host`` and ``serve`` commands, not by the library."""
    import gc

    gc.freeze()
    gc.set_threshold(50_000, 50, 100)


class ServerThread:
    """A lobby's server running in a thread of its own (its own event loop)."""

    def __init__(self, lobby: Lobby, bind: str, port: int, tls: Any = None, coach: bool = False):
        self.lobby = lobby
        self.coach = coach  # the page's seats get the coach's remarks
        self.bind = bind
        self.requested = port
        self.tls = tls
        self.port = 0
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._thread = threading.Thread(target=self._run, daemon=True)

    def start(self) -> None:
        self._thread.start()
        self._ready.wait()
        if self._error is not None:
            e = self._error
            strerror = getattr(e, "strerror", None)
            fail(f"cannot listen on {self.bind}:{self.requested}: {strerror or e}", EXIT_USAGE)

    def stop(self) -> None:
        if self._loop is not None and self._stop is not None:
            self._loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(timeout=5)

    def _run(self) -> None:
        asyncio.run(self._main())

    async def _main(self) -> None:
        from euchre_core.net.server import port_of, start_server

        self._loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        try:
            from .web import coached_page_texts, page_texts, site

            server, stop_ticking = await start_server(
                self.lobby,
                self.bind,
                self.requested,
                tls=self.tls,
                pages=site(self.lobby),
                texts=coached_page_texts if self.coach else page_texts,
            )
        except OSError as e:
            self._error = e
            self._ready.set()
            return
        self.port = port_of(server)
        self._ready.set()
        await self._stop.wait()
        await asyncio.sleep(0.3)  # the last messages reach the clients
        stop_ticking()
        server.close()
        await server.wait_closed()

"""The table server: many independent tables behind one WebSocket port.

``euchre serve`` runs a lobby where clients create tables; ``euchre host`` runs the same
server holding one table made by the host. The server checks every message
(:func:`~euchre_core.net.protocol.check_message`), limits how fast a client may send,
slows a client that tries wrong codes, and answers every refused message with an
``error`` that changes nothing.
"""

from __future__ import annotations

import asyncio
import http
import json
import logging
import re
import ssl
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, broadcast, serve
from websockets.datastructures import Headers
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from ..config import builtin_variants, load_variant
from ..errors import EuchreError
from ..state import State
from .protocol import MAX_FRAME, PROTOCOL_VERSION, ProtocolError, check_message, error
from .table import NetTable, new_code

__all__ = ["HttpAnswer", "Limits", "Lobby", "Pages", "Texts", "start_server"]

#: An answer to a plain HTTP GET: the status, the headers, the body.
HttpAnswer = tuple[int, list[tuple[str, str]], bytes]
#: What answers the plain HTTP GETs of the server's port (a request that is not a
#: WebSocket handshake), given the path asked for and the request's ``Host``.
Pages = Callable[[str, str], HttpAnswer]
#: For a connection whose ``hello`` asked for ``texts``: given the ``joined`` message,
#: makes what adds the words of each message sent to that connection (``texts``).
Texts = Callable[[dict[str, Any]], Callable[[dict[str, Any]], None]]

_log = logging.getLogger(__name__)

_NAME = re.compile(r"^[a-z0-9][a-z0-9-]{0,40}$")


@dataclass
class Limits:
    """How much one client may ask of the server.

    :ivar rate: messages per second a client may send on average
    :ivar burst: messages it may send at once
    :ivar free_failures: wrong codes from one address before it is slowed
    :ivar most_delay: the longest wait imposed on a wrong code (seconds)
    :ivar most_tables: tables a lobby holds at most
    """

    rate: float = 200.0
    burst: float = 200.0
    free_failures: int = 5
    most_delay: float = 2.0
    most_tables: int = 1000


@dataclass
class Lobby:
    """The tables of one server, and their codes.

    :param can_create: whether clients may create tables (``serve``; not ``host``)
    :param batch: the least time between two updates to a client who is not to act
      (seconds; 0: every change at once): see :attr:`NetTable.batch`
    """

    can_create: bool = True
    limits: Limits = field(default_factory=Limits)
    batch: float = 0.1
    tables: dict[str, NetTable] = field(default_factory=dict)
    #: The tables whose open seats the lobby's page lists (their ``create`` said so).
    listed: list[str] = field(default_factory=list)
    _codes: dict[str, tuple[NetTable, int | None]] = field(default_factory=dict)
    _failures: dict[str, int] = field(default_factory=dict)

    def add(self, table: NetTable) -> NetTable:
        if not table.name:
            table.name = f"t{len(self.tables) + 1}"
        table.batch = self.batch
        self.tables[table.name] = table
        for seat, code in enumerate(table.codes):
            self._codes[code] = (table, seat)
        self._codes[table.spectator] = (table, None)
        return table

    def find(self, code: str) -> tuple[NetTable, int | None] | None:
        return self._codes.get(code)

    def create(self, msg: dict[str, Any]) -> NetTable:
        """A new table as a ``create`` message asks.

        :raises ProtocolError: when the variant, rules or options are refused.
        """
        if not self.can_create:
            raise ProtocolError("no-create", "this server holds one table: join it with a code")
        if len(self.tables) >= self.limits.most_tables:
            raise ProtocolError("full", "this server holds as many tables as it may")
        name = msg["variant"].strip().lower()
        if not _NAME.match(name) or name not in builtin_variants():
            known = ", ".join(builtin_variants())
            raise ProtocolError("bad-variant", f"unknown variant {name[:40]!r} (known: {known})")
        try:
            config = load_variant(name, rules=msg.get("rules", ()), options=msg.get("options", ()))
            seed = msg.get("seed")
            state = State(config, seed=seed if seed is not None else _random_seed())
            table = NetTable(
                state,
                bots=msg.get("bots", "heuristic"),
                fill_after=msg.get("fill_after"),
                name=new_code()[:8],
            )
        except EuchreError as e:
            raise ProtocolError("bad-variant", str(e)) from None
        self.add(table)
        if msg.get("listed"):
            self.listed.append(table.name)
        return table

    def open_tables(self) -> list[NetTable]:
        """The listed tables that have a seat nobody has taken yet, or one a bot fills
        that a person may take over."""
        found = (self.tables.get(name) for name in self.listed)
        return [
            t
            for t in found
            if t is not None and (t.open_seats() or t.bot_seats()) and not t.state.is_over
        ]

    def failed(self, address: str) -> float:
        """A wrong code from ``address``: how long to wait before answering."""
        n = self._failures.get(address, 0) + 1
        self._failures[address] = n
        over = n - self.limits.free_failures
        return 0.0 if over <= 0 else min(self.limits.most_delay, 0.05 * 2 ** min(over, 10))

    def succeeded(self, address: str) -> None:
        self._failures.pop(address, None)


def _random_seed() -> int:
    import secrets

    return secrets.randbelow(10**9) + 1


class _Client:
    """One connection: its rate bucket and its seat. Messages go out at once, in order
    (written to the socket's buffer without waiting); a client that lets more than
    :data:`MOST_BUFFERED` bytes pile up unread is disconnected (it may rejoin)."""

    def __init__(self, ws: ServerConnection, limits: Limits, texts: Texts | None = None):
        self.ws = ws
        self.make_texts = texts
        self.wants_texts = False
        self.texts: Callable[[dict[str, Any]], None] | None = None
        self.tokens = limits.burst
        self.stamp = time.monotonic()
        self.limits = limits
        self.greeted = False
        self.table: NetTable | None = None
        self.seat: int | None = None

    def send(self, message: dict[str, Any]) -> None:
        if self.wants_texts and self.make_texts is not None:
            self._add_texts(message)
        ws = self.ws
        broadcast((ws,), json.dumps(message, separators=(",", ":")))
        transport = ws.transport
        if transport is not None and transport.get_write_buffer_size() > MOST_BUFFERED:
            transport.abort()

    def _add_texts(self, message: dict[str, Any]) -> None:
        """The words of ``message`` for a client that asked for them; only a top-level
        ``texts`` field is added (the rest may be shared with other clients)."""
        try:
            if message.get("type") == "joined" and self.make_texts is not None:
                self.texts = self.make_texts(message)
            if self.texts is not None:
                self.texts(message)
        except Exception:  # the words must never stop the game
            _log.exception("texts of a %s message", message.get("type"))

    def allowed(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.limits.burst, self.tokens + (now - self.stamp) * self.limits.rate)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


#: Bytes a client may leave unread before it is disconnected.
MOST_BUFFERED = 4 * 1024 * 1024


class TableServer:
    """The WebSocket side of a :class:`Lobby`."""

    def __init__(self, lobby: Lobby, texts: Texts | None = None):
        self.lobby = lobby
        self.texts = texts
        self.clients: set[_Client] = set()

    async def handler(self, ws: ServerConnection) -> None:
        client = _Client(ws, self.lobby.limits, self.texts)
        self.clients.add(client)
        try:
            async for raw in ws:
                if not client.allowed():
                    client.send(error("rate", "too many messages: slow down"))
                    continue
                try:
                    msg = check_message(raw)
                    await self.dispatch(client, msg)
                except ProtocolError as e:
                    client.send(error(e.code, str(e)))
                    if e.code == "version":
                        break
        except ConnectionClosed:
            pass
        finally:
            self.clients.discard(client)
            if client.table is not None:
                client.table.detach(client)

    async def dispatch(self, client: _Client, msg: dict[str, Any]) -> None:
        kind = msg["type"]
        if kind == "hello":
            version = msg["version"]
            if version != PROTOCOL_VERSION:
                older = "older" if version < PROTOCOL_VERSION else "newer"
                raise ProtocolError(
                    "version",
                    f"this server speaks protocol {PROTOCOL_VERSION} and the client "
                    f"protocol {version}, which is {older}: use a matching euchre",
                )
            client.greeted = True
            client.wants_texts = bool(msg.get("texts"))
            client.send({"type": "welcome", "version": PROTOCOL_VERSION, "server": "euchre"})
            return
        if not client.greeted:
            raise ProtocolError("hello-first", "say hello first, with the protocol version")
        if kind == "create":
            made = self.lobby.create(msg)
            client.send(
                {
                    "type": "created",
                    "table": made.name,
                    "codes": list(made.codes),
                    "spectator": made.spectator,
                }
            )
            return
        if kind == "join":
            if client.table is not None:
                raise ProtocolError("already-joined", "this connection sits at a table already")
            address = _address(client.ws)
            found = self.lobby.find(msg["code"])
            if found is None:
                delay = self.lobby.failed(address)
                if delay:
                    await asyncio.sleep(delay)
                raise ProtocolError("bad-code", "no table has that code")
            self.lobby.succeeded(address)
            joined, seat = found
            if seat is not None:
                self.replace(joined, seat)
            client.table, client.seat = joined, seat
            joined.attach(client, seat, msg.get("since", 0))
            return
        table = client.table
        if table is None:
            raise ProtocolError("not-joined", "join a table with its code first")
        if kind == "leave":
            table.leave(client)
            client.table = client.seat = None
            client.send({"type": "left"})
            return
        if client.seat is None:
            raise ProtocolError("spectator", "a spectator only watches")
        if kind == "start":
            if table.owner is not None and client.seat != table.owner:
                raise ProtocolError("not-owner", f"only seat {table.owner} starts this table")
            table.start()
            return
        # act
        if "seat" in msg and msg["seat"] != client.seat:
            raise ProtocolError("wrong-seat", f"this connection plays seat {client.seat} only")
        reason = table.act(client.seat, msg["action"])
        if reason is not None:
            raise ProtocolError("illegal", reason)

    def replace(self, table: NetTable, seat: int) -> None:
        """A seat is played by one connection, the last to join it: the others sitting
        there are told and get up (another tab or device took the seat)."""
        for other in list(self.clients):
            if other.table is table and other.seat == seat:
                table.detach(other)
                other.table = other.seat = None
                other.send(
                    error("replaced", f"seat {seat} was taken by another connection with its code")
                )


def http_answer(pages: Pages | None) -> Callable[[ServerConnection, Request], Response | None]:
    """The ``process_request`` hook: a plain HTTP GET is answered by ``pages`` (404
    without them); a WebSocket handshake goes on."""

    def answer(connection: ServerConnection, request: Request) -> Response | None:
        if "websocket" in request.headers.get("Upgrade", "").lower():
            return None
        if pages is None:
            status, headers, body = 404, [("Content-Type", "text/plain")], b"not found\n"
        else:
            path = request.path.split("?", 1)[0]
            status, headers, body = pages(path, request.headers.get("Host", ""))
        out = Headers(headers)
        out["Content-Length"] = str(len(body))
        out["Connection"] = "close"
        return Response(status, http.HTTPStatus(status).phrase, out, body)

    return answer


def _address(ws: ServerConnection) -> str:
    remote = ws.remote_address
    return str(remote[0]) if isinstance(remote, tuple) and remote else str(remote)


async def start_server(
    lobby: Lobby,
    host: str = "127.0.0.1",
    port: int = 0,
    *,
    tls: ssl.SSLContext | None = None,
    tick: float = 0.25,
    pages: Pages | None = None,
    texts: Texts | None = None,
) -> tuple[Server, Callable[[], None]]:
    """Start serving ``lobby``; returns the server (its port: ``server.sockets``) and a
    function that stops the background ticking.

    :param pages: what answers plain HTTP GETs on the same port (the page in a browser)
    :param texts: the words added to the messages of clients that ask for them
    """
    table_server = TableServer(lobby, texts)
    server = await serve(
        table_server.handler,
        host,
        port,
        process_request=http_answer(pages),
        ssl=tls,
        max_size=MAX_FRAME,
        compression=None,
        ping_interval=20,
        ping_timeout=20,
    )

    async def ticking() -> None:
        while True:
            await asyncio.sleep(tick)
            for t in list(lobby.tables.values()):
                try:
                    t.tick()
                except Exception:  # one table's fault must not stop the others' clocks
                    _log.exception("table %s: tick", t.name)

    async def flushing(every: float) -> None:
        while True:
            await asyncio.sleep(every)
            for t in list(lobby.tables.values()):
                if t.pending:
                    try:
                        t.flush()
                    except Exception:  # nor their batched updates
                        _log.exception("table %s: flush", t.name)

    tasks = [asyncio.create_task(ticking())]
    if lobby.batch:
        tasks.append(asyncio.create_task(flushing(lobby.batch / 2)))

    def stop() -> None:
        for task in tasks:
            task.cancel()

    return server, stop


def port_of(server: Server) -> int:
    """The port a started server listens on."""
    for sock in server.sockets:
        return int(sock.getsockname()[1])
    raise EuchreError("the server has no socket")


def tls_context(cert: str, key: str) -> ssl.SSLContext:
    """A server TLS context from a certificate and its key (PEM files)."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    return context

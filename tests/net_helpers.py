"""Helpers of the network tests: servers on loopback, raw protocol clients."""

from __future__ import annotations

import asyncio
import json
import re
import socket
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pexpect
from euchre_cli.host import ServerThread
from terminal import euchre, spawn

from euchre_core.net.protocol import PROTOCOL_VERSION
from euchre_core.net.server import Lobby
from euchre_core.net.table import NetTable


@contextmanager
def serving(*tables: NetTable, lobby: Lobby | None = None) -> Iterator[tuple[int, Lobby]]:
    """A server on 127.0.0.1 on a free port holding ``tables``."""
    lobby = lobby or Lobby(can_create=not tables)
    for t in tables:
        lobby.add(t)
    server = ServerThread(lobby, "127.0.0.1", 0)
    server.start()
    try:
        yield server.port, lobby
    finally:
        server.stop()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def bot_process(port: int, code: str, bot: str = "heuristic") -> subprocess.Popen[str]:
    """``euchre join 127.0.0.1:PORT CODE --bot BOT`` in its own process."""
    return subprocess.Popen(
        [euchre(), "join", f"127.0.0.1:{port}", code, "--bot", bot],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


_PROMPT = re.compile(r"\[(\w)[^\]\n]*\? for a hint\]: ")


def play_terminal(child: pexpect.spawn, most: int = 2000, stop_after: int | None = None) -> int:
    """Answer every prompt of a terminal client with its first key (and yes to a
    question) until the game is over; returns the number of decisions answered. With
    ``stop_after``, returns after that many decisions instead."""
    answered = 0
    for _ in range(most):
        i = child.expect([_PROMPT, r"\[y/N\] ", r"Game over", pexpect.EOF])
        if i == 0:
            if stop_after is not None and answered >= stop_after:
                return answered
            child.sendline(child.match.group(1))
            answered += 1
        elif i == 1:
            child.sendline("y")
        else:
            return answered
    raise AssertionError("the game did not end")


class Raw:
    """A protocol client speaking raw JSON (asyncio websockets)."""

    def __init__(self, ws: Any):
        self.ws = ws

    @classmethod
    async def open(cls, port: int, greet: bool = True) -> Raw:
        from websockets.asyncio.client import connect

        ws = await connect(f"ws://127.0.0.1:{port}", max_size=2**20)
        raw = cls(ws)
        if greet:
            await raw.send({"type": "hello", "version": PROTOCOL_VERSION})
            assert (await raw.recv())["type"] == "welcome"
        return raw

    async def send(self, msg: Any) -> None:
        await self.ws.send(msg if isinstance(msg, (str, bytes)) else json.dumps(msg))

    async def recv(self, timeout: float = 10) -> dict[str, Any]:
        return dict(json.loads(await asyncio.wait_for(self.ws.recv(), timeout)))

    async def until(self, kind: str, timeout: float = 10) -> dict[str, Any]:
        while True:
            msg = await self.recv(timeout)
            if msg["type"] == kind:
                return msg

    async def close(self) -> None:
        await self.ws.close()


def saved(path: Path) -> dict[str, Any]:
    return dict(json.loads(path.read_text()))


__all__ = ["Raw", "bot_process", "free_port", "play_terminal", "saved", "serving", "spawn", "sys"]

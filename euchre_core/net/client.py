"""The client side of the table protocol: what a seat knows, and a bot that plays it.

:class:`SeatState` keeps what the messages of one seat told: the variant, the latest
view, the legal actions when the seat is to act, and the events seen so far. It is all a
client has: a bot given it sees only what its seat receives.

:func:`play_bot` sits a bot at a seat through the network and plays until the game is
over, reconnecting by itself (with growing pauses) when the connection drops.
"""

from __future__ import annotations

import asyncio
import json
import ssl
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..actions import Action, parse_action
from ..bots import Bot
from ..config import Config, config_from_dict
from ..errors import EuchreError
from ..events import Event, HandScored
from ..view import PlayerView
from .protocol import MAX_FRAME, PROTOCOL_VERSION
from .wire import WireError, decode, decode_event

__all__ = ["NetError", "SeatState", "hello", "play_bot"]


class NetError(EuchreError):
    """The server refused us, or could not be reached."""


@dataclass
class SeatState:
    """What one client knows of its table, from the messages it received."""

    code: str
    seat: int | None = None
    config: Config | None = None
    view_wire: dict[str, Any] | None = None
    legal: tuple[Action, ...] = ()
    to_act: int | None = None
    started: bool = False
    over: bool = False
    waiting: tuple[int, ...] = ()
    stand_ins: tuple[int, ...] = ()  # seats a bot plays while their players are away
    upto: int = 0
    events: list[Event] = field(default_factory=list)
    hand_records: list[HandScored] = field(default_factory=list)

    def joined(self, msg: dict[str, Any]) -> None:
        self.seat = msg.get("seat")
        if self.config is None:
            self.config = config_from_dict(msg["variant"], source="the server")

    def update(self, msg: dict[str, Any]) -> list[Event]:
        """Take in an ``update``; returns its new events."""
        new = [decode_event(e, "update.events") for e in msg.get("events", [])]
        self.events.extend(new)
        self.hand_records.extend(e for e in new if isinstance(e, HandScored))
        if msg.get("view") is not None:
            self.view_wire = merged_view(self.view_wire, msg["view"])
            self._view = None
        self.legal = tuple(parse_action(a) for a in msg.get("legal", []))
        self.to_act = msg.get("to_act")
        self.started = bool(msg.get("started"))
        self.over = bool(msg.get("over"))
        self.waiting = tuple(msg.get("waiting", ()))
        self.stand_ins = tuple(msg.get("stand_ins", ()))
        self.upto = int(msg.get("upto", self.upto))
        return new

    _view: PlayerView | None = None

    @property
    def view(self) -> PlayerView | None:
        """The seat's latest view (read from its wire form when first asked for)."""
        if self._view is None and self.view_wire is not None:
            self._view = decode(PlayerView, self.view_wire, "update.view")
        return self._view

    @property
    def my_turn(self) -> bool:
        return bool(self.legal) and self.seat is not None and self.to_act == self.seat


def merged_view(before: dict[str, Any] | None, wire: Any) -> dict[str, Any]:
    """A view's whole wire form, from the view received and the one before it: a view
    names only the fields that changed since the previous one (the first view after a
    join names them all), and one with ``events_from`` sends only the events after the
    previous view's first ``events_from`` events."""
    if not isinstance(wire, dict):
        raise WireError("update.view: expected an object")
    whole = dict(before) if before is not None else {}
    whole.update((key, v) for key, v in wire.items() if key != "events_from")
    k = wire.get("events_from")
    if k is None:
        return whole
    previous = before.get("events") if before is not None else None
    if not isinstance(k, int) or not isinstance(previous, list) or not 0 <= k <= len(previous):
        raise WireError("update.view.events_from: no such earlier view")
    new = wire.get("events")
    if not isinstance(new, list):
        raise WireError("update.view.events: expected an array")
    whole["events"] = previous[:k] + new
    return whole


def hello() -> str:
    return json.dumps({"type": "hello", "version": PROTOCOL_VERSION, "client": "euchre"})


def join_message(seat: SeatState) -> str:
    return json.dumps({"type": "join", "code": seat.code, "since": seat.upto})


def check_reply(msg: dict[str, Any]) -> None:
    """A refusal the client cannot go on after (a wrong version or code, or the seat
    taken by another connection with the same code)."""
    if msg.get("type") == "error" and msg.get("code") in (
        "version",
        "bad-code",
        "hello-first",
        "replaced",
    ):
        raise NetError(str(msg.get("message")))


async def play_bot(
    url: str,
    code: str,
    bot: Bot,
    *,
    tls: ssl.SSLContext | None = None,
    give_up: float = 120.0,
    on_message: Callable[[dict[str, Any]], None] | None = None,
) -> SeatState:
    """Play the seat of ``code`` with ``bot`` until the game is over; returns what the
    seat knew at the end. A dropped connection is tried again with growing pauses until
    ``give_up`` seconds pass without one.

    :raises NetError: when the server refuses the code or the protocol version.
    """
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed, InvalidHandshake

    seat = SeatState(code)
    pause = 0.05
    lost_at: float | None = None
    acted = -1  # the step the bot last acted at (an update may repeat a prompt)
    loop = asyncio.get_running_loop()
    while True:
        try:
            async with connect(url, ssl=tls, max_size=MAX_FRAME, compression=None) as ws:
                acted = -1
                sent = ""
                await ws.send(hello())
                await ws.send(join_message(seat))
                async for raw in ws:
                    msg = json.loads(raw)
                    if on_message is not None:
                        on_message(msg)
                    check_reply(msg)
                    kind = msg.get("type")
                    lost_at, pause = None, 0.05
                    if kind == "joined":
                        seat.joined(msg)
                    elif kind == "update":
                        seat.update(msg)
                        if seat.over:
                            return seat
                        step = msg.get("step", -1)
                        if seat.my_turn and step != acted:
                            acted = step
                            view = seat.view if bot.uses_view else None
                            action = bot.choose(view, seat.legal)
                            sent = json.dumps({"type": "act", "action": str(action)})
                            await ws.send(sent)
                    elif kind == "error" and msg.get("code") == "rate" and sent:
                        await asyncio.sleep(0.05)  # too fast for the server: again, later
                        await ws.send(sent)
                    elif kind == "error" and msg.get("code") == "illegal":
                        raise NetError(f"the server refused the bot's move: {msg.get('message')}")
        except (OSError, ConnectionClosed, InvalidHandshake, asyncio.TimeoutError) as e:
            if seat.over:
                return seat
            if seat.seat is None and seat.config is None:  # never got in: a wrong address
                raise NetError(f"cannot join at {url}: {e}") from None
        except WireError as e:
            raise NetError(f"the server sent what this client cannot read: {e}") from None
        now = loop.time()
        lost_at = now if lost_at is None else lost_at
        if now - lost_at > give_up:
            raise NetError(f"lost the server at {url} for {give_up:.0f} s")
        await asyncio.sleep(pause)
        pause = min(pause * 2, 2.0)

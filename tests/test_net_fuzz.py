"""The protocol under abuse: thousands of malformed, oversized, out-of-turn and
wrong-code messages to a live server holding two tables. The server stays up, every bad
message gets an error reply and changes nothing, and the other table's game ends as the
same bots end it without a network."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest

pytest.importorskip("websockets")

from net_helpers import Raw, serving

from euchre_core import load_variant
from euchre_core.bots import make_bot
from euchre_core.net.client import play_bot
from euchre_core.net.server import Limits, Lobby
from euchre_core.net.table import NetTable
from euchre_core.state import State

MESSAGES = 10_000


def _standard(seed: int) -> State:
    return State(load_variant("standard", options=["standard.target_score=6"]), seed=seed)


def _offline(seed: int) -> list[tuple[int, Any]]:
    """The game the four bots play without a network."""
    state = _standard(seed)
    bots = [make_bot("heuristic", f"fuzz/{s}") for s in range(state.seats)]
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        state.apply(bots[seat].choose(state.view(seat), state.legal_actions()))
    return list(state.actions)


def bad_messages(rng: random.Random, codes: list[str]) -> list[str | bytes]:
    """Garbage of every kind: not JSON, not objects, unknown types, wrong fields and
    types, oversized, deeply nested, binary, wrong codes, illegal and other seats'
    actions."""
    out: list[str | bytes] = []
    makers = [
        lambda: "".join(chr(rng.randrange(32, 0x2FFF)) for _ in range(rng.randrange(1, 60))),
        lambda: bytes(rng.randrange(256) for _ in range(rng.randrange(1, 80))),
        lambda: json.dumps(rng.choice([1, "x", None, [1, 2], True, 3.5])),
        lambda: json.dumps({"type": rng.choice(["", "ACT", "play", "hello2", 7, None])}),
        lambda: json.dumps({"type": "act", "action": rng.choice([1, None, [], {}, "x" * 300])}),
        lambda: json.dumps({"type": "act", "action": "play " + rng.choice(["ZZ", "1H", "JK"])}),
        lambda: (
            json.dumps({"type": "act", "action": rng.choice(["pass", "order", "call H"])})
            if rng.random() < 0.0
            else json.dumps({"type": "act", "action": "discard 9Z"})
        ),
        lambda: json.dumps({"type": "act", "action": "pass", "seat": rng.randrange(1, 99)}),
        lambda: json.dumps({"type": "act", "action": "pass", "extra": 1}),
        lambda: json.dumps({"type": "join", "code": codes[0]}),  # already joined
        lambda: json.dumps({"type": "join"}),
        lambda: json.dumps({"type": "hello", "version": "1"}),
        lambda: json.dumps({"type": "create", "variant": "standard"}),  # no lobby here
        lambda: "[" * rng.randrange(100, 5000) + "]" * rng.randrange(0, 100),
        lambda: json.dumps({"type": "act", "action": "x" * rng.randrange(17_000, 60_000)}),
        lambda: json.dumps({"type": "act", "action": 10 ** rng.randrange(16, 400)}),
    ]
    for _ in range(MESSAGES):
        out.append(rng.choice(makers)())
    return out


def test_ten_thousand_bad_messages_leave_the_server_and_the_other_table_unharmed() -> None:
    lobby = Lobby(can_create=False, limits=Limits(rate=1e6, burst=1e6, free_failures=10**9))
    target = NetTable(_standard(1), bots="random")
    other = NetTable(_standard(2))

    async def fuzz(port: int) -> tuple[int, int]:
        rng = random.Random(99)
        sitter = await Raw.open(port)
        await sitter.send({"type": "join", "code": target.codes[0]})
        await sitter.until("joined")
        await sitter.send({"type": "start"})
        while True:
            msg = await sitter.until("update")
            if msg.get("legal"):
                break
        steps = len(target.state.actions)
        stranger = await Raw.open(port)
        late = await Raw.open(port)  # seat 1, played by a bot: never its turn when it asks
        await late.send({"type": "join", "code": target.codes[1]})
        await late.until("joined")
        sent = errors = 0
        for i, bad in enumerate(bad_messages(rng, target.codes)):
            raw = stranger if i % 10 == 0 else sitter
            if raw is stranger:  # a wrong code
                bad = json.dumps({"type": "join", "code": f"{rng.getrandbits(144):x}"})
            elif i % 10 == 5:  # out of turn
                raw, bad = late, json.dumps({"type": "act", "action": msg["legal"][0]})
            await raw.send(bad)
            sent += 1
            reply = await raw.until("error")
            errors += reply["type"] == "error"
        assert len(target.state.actions) == steps  # nothing changed
        await sitter.send({"type": "act", "action": msg["legal"][0]})  # still served
        await sitter.until("update")
        for r in (sitter, stranger, late):
            await r.close()
        return sent, errors

    async def main(port: int) -> tuple[int, int]:
        url = f"ws://127.0.0.1:{port}"
        bots = [
            play_bot(url, code, make_bot("heuristic", f"fuzz/{s}"))
            for s, code in enumerate(other.codes)
        ]
        results = await asyncio.gather(fuzz(port), *bots)
        return results[0]

    with serving(target, other, lobby=lobby) as (port, _):
        sent, errors = asyncio.run(main(port))
    assert sent == errors == MESSAGES
    assert other.state.is_over
    assert list(other.state.actions) == _offline(2)


def test_a_flood_from_one_client_is_slowed_down() -> None:
    lobby = Lobby(can_create=False, limits=Limits(rate=50, burst=20))
    table = NetTable(_standard(3))

    async def main(port: int) -> list[str]:
        raw = await Raw.open(port)
        for _ in range(100):
            await raw.send({"type": "act", "action": "pass"})
        codes = [(await raw.until("error"))["code"] for _ in range(100)]
        await raw.close()
        return codes

    with serving(table, lobby=lobby) as (port, _):
        codes = asyncio.run(main(port))
    assert codes.count("rate") >= 70 and "not-joined" in codes

"""docs/protocol.md is the protocol: its example sessions are sent to a live server and
get the answers shown; every client message and every error code is documented."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("websockets")

from net_helpers import Raw, serving

from euchre_core.net.protocol import CLIENT_MESSAGES

DOC = Path(__file__).resolve().parent.parent / "docs" / "protocol.md"
SERVER = Path(__file__).resolve().parent.parent / "euchre_core" / "net"


def sessions() -> list[list[str]]:
    text = DOC.read_text(encoding="utf-8")
    return [block.strip().splitlines() for block in re.findall(r"```session\n(.*?)```", text, re.S)]


def _fill(value: Any, names: dict[str, Any]) -> Any:
    if isinstance(value, str) and value.startswith("<") and value.endswith(">"):
        return names[value[1:-1]]
    return value


async def _run(port: int, lines: list[str]) -> None:
    raw = await Raw.open(port, greet=False)
    names: dict[str, Any] = {}
    for line in lines:
        direction, _, body = line.partition(" ")
        example = json.loads(body)
        if direction == ">":
            await raw.send({k: _fill(v, names) for k, v in example.items()})
            continue
        assert direction == "<", line
        got = await raw.until(example["type"])
        if got["type"] == "created":
            names.update(table=got["table"], codes=got["codes"], spectator=got["spectator"])
            names.update({f"code {i}": c for i, c in enumerate(got["codes"])})
        for key, want in example.items():
            assert key in got, (line, got)
            if not (isinstance(want, str) and want.startswith("<")):
                assert got[key] == want, (line, key, got[key])
            else:
                assert got[key] == _fill(want, names), (line, key)
    await raw.close()


@pytest.mark.parametrize("number", range(3))
def test_the_example_sessions_get_the_answers_shown(number: int) -> None:
    found = sessions()
    assert len(found) == 3
    with serving() as (port, _):
        asyncio.run(_run(port, found[number]))


def test_every_message_and_error_code_is_documented() -> None:
    text = DOC.read_text(encoding="utf-8")
    for kind in CLIENT_MESSAGES:
        assert f"### {kind}\n" in text, kind
    for kind in ("welcome", "created", "joined", "update", "left", "error"):
        assert f"### {kind}\n" in text, kind
    source = "".join(p.read_text(encoding="utf-8") for p in SERVER.glob("*.py"))
    codes = set(re.findall(r'(?:ProtocolError|error)\(\s*"([a-z-]+)"', source))
    assert codes >= {"version", "illegal", "bad-code"}
    for code in codes:
        assert f"`{code}`" in text, code

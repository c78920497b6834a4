"""The words of the page (the ``texts`` of a client that asks for them): every variant's
game is told in the terminal's own words, from the seat's messages only; the page's
files ship in the package; the lobby's page lists the open seats of listed tables."""

from __future__ import annotations

import asyncio
import fnmatch
import json
import urllib.request
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("websockets")

from browser_helpers import texts_tell_nothing_new
from euchre_cli.web import ASSETS, card_name
from net_helpers import Raw, serving

from euchre_core import load_variant
from euchre_core.config import builtin_variants, tomllib
from euchre_core.net.client import merged_view
from euchre_core.net.protocol import PROTOCOL_VERSION
from euchre_core.net.server import Lobby
from euchre_core.net.table import NetTable
from euchre_core.state import State

ROOT = Path(__file__).resolve().parent.parent


async def _play(port: int, code: str, texts: bool = True) -> list[dict[str, Any]]:
    """Seat a client asking for texts; it plays its first choice each turn."""
    raw = await Raw.open(port, greet=False)
    await raw.send({"type": "hello", "version": PROTOCOL_VERSION, "texts": texts})
    got = [await raw.until("welcome")]
    await raw.send({"type": "join", "code": code})
    await raw.send({"type": "start"})
    acted = -1
    while True:
        msg = await raw.recv(timeout=20)
        got.append(msg)
        if msg["type"] != "update":
            continue
        if msg["over"]:
            break
        if msg.get("legal") and msg["step"] != acted:
            acted = msg["step"]
            first = msg["texts"]["choices"][0]["action"] if texts else msg["legal"][0]
            await raw.send({"type": "act", "action": first})
    await raw.close()
    return got


def _short(variant: str) -> list[str]:
    """A short game: to 3 points, where the variant has a target score option."""
    config = load_variant(variant)
    plugins = reversed(config.plugins)
    plugin = next((p for p in plugins if "target_score" in config.options.get(p, {})), None)
    return [f"{plugin}.target_score=3"] if plugin is not None else []


@pytest.mark.parametrize("variant", builtin_variants())
def test_every_variant_is_told_in_the_terminal_words_and_nothing_more(variant: str) -> None:
    table = NetTable(State(load_variant(variant, options=_short(variant)), seed=8), bots="random")
    with serving(table) as (port, _):
        got = asyncio.run(_play(port, table.codes[0]))
    assert table.state.is_over
    updates = [m for m in got if m["type"] == "update"]
    assert all("texts" in m for m in updates)
    lines = [line for m in updates for line in m["texts"]["lines"]]
    assert any(line.startswith("Game over") for line in lines)
    assert any("Deal 1" in line for line in lines)
    turns = [m for m in updates if m.get("legal")]
    for m in turns:  # each legal action has its words, and nothing else is offered
        assert sorted(c["action"] for c in m["texts"]["choices"]) == sorted(m["legal"])
        assert m["texts"]["prompt"].startswith("Your")
    view: dict[str, Any] | None = None
    for m in updates:  # the hand drawn is the seat's hand (views name what changed)
        view = merged_view(view, m["view"])
        if "table" in m["texts"]:
            hand = m["texts"]["table"]["hand"]
            assert sorted(h["card"] for h in hand) == sorted(view["hand"])
            assert all(h["name"].startswith(card_name(h["card"])) for h in hand)
    sheet = updates[-1]["texts"]["sheet"]
    assert len(sheet["rows"]) == len(table.state.hand_records)
    texts_tell_nothing_new(got)


def test_a_client_that_does_not_ask_gets_no_texts() -> None:
    table = NetTable(State(load_variant("standard", options=["standard.target_score=2"]), seed=2))
    with serving(table) as (port, _):
        got = asyncio.run(_play(port, table.codes[0], texts=False))
    assert table.state.is_over and not any("texts" in m for m in got)


def test_the_trumps_come_first_with_the_left_bower_among_them() -> None:
    found = False
    for seed in range(1, 200):  # a deal where seat 0 holds the left bower, trump made
        state = State(load_variant("standard"), seed=seed)
        for _ in range(8):
            if state.view(0).contract is not None:
                break
            state.apply(state.legal_actions()[-1])
        view = state.view(0)
        trump = view.contract.trump if view.contract else None
        left = f"J{trump.partner.value}" if trump else None
        if left in [c.code for c in view.hand]:
            found = True
            break
    assert found
    from euchre_cli.web import PageTexts

    joined = {"type": "joined", "seat": 0, "variant": state.config.to_dict(), "seats": 4}
    texts = PageTexts(joined)
    from euchre_core.net.table import wire_view
    from euchre_core.net.wire import encode

    update = {
        "type": "update",
        "events": [encode(e) for e in state.visible_events(0, 0)],
        "view": wire_view(view, {}),
        "upto": len(state.events),
    }
    texts(update)
    hand = update["texts"]["table"]["hand"]
    groups = [h["group"] for h in hand]
    assert groups[0] == "trumps" and groups == sorted(groups, key=lambda g: g != "trumps")
    lefts = [h for h in hand if h["card"] == left]
    assert lefts[0]["group"] == "trumps" and lefts[0]["name"].endswith("left bower")


def test_the_page_files_are_package_data_of_the_wheel() -> None:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    patterns = data["package-data"]["euchre_cli"]
    files = sorted(p.name for p in (ROOT / "cli" / "web-page").iterdir())
    assert {name for name, _ in ASSETS.values()} == set(files)
    for name in files:
        assert any(fnmatch.fnmatch(f"web-page/{name}", p) for p in patterns), name


def test_the_lobby_page_lists_the_open_seats_of_listed_tables_only() -> None:
    lobby = Lobby(can_create=True)

    async def create(port: int) -> list[dict[str, Any]]:
        raw = await Raw.open(port)
        made = []
        for listed in (True, False):
            await raw.send({"type": "create", "variant": "standard", "listed": listed})
            made.append(await raw.until("created"))
        await raw.close()
        return made

    with serving(lobby=lobby) as (port, _):
        listed, hidden = asyncio.run(create(port))
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/tables.json") as answer:
            shown = json.loads(answer.read())
        assert [t["table"] for t in shown["tables"]] == [listed["table"]]
        assert shown["tables"][0]["open"] == {str(s): c for s, c in enumerate(listed["codes"])}
        assert hidden["codes"][0] not in json.dumps(shown)


def test_the_lobby_lists_the_seats_bots_fill_for_a_person_to_take_over() -> None:
    # a listed table whose open seats bots had filled at the start left the lobby, though
    # a friend come late may take such a seat over with its code
    from euchre_cli.web import open_tables

    table = NetTable(State(load_variant("standard"), seed=4), filled=(1, 3))
    lobby = Lobby(can_create=False)
    lobby.add(table)
    lobby.listed.append(table.name)
    shown = open_tables(lobby)["tables"]
    assert len(shown) == 1
    assert shown[0]["open"] == {}
    assert shown[0]["bots"] == {"1": table.codes[1], "3": table.codes[3]}
    assert table.codes[0] not in json.dumps(shown)  # a person's seat, away, is not offered
    script = (ROOT / "cli" / "web-page" / "table.js").read_text()
    assert "t.bots" in script and "from its bot" in script
    for _ in range(5000):  # a game over offers nothing
        if table.state.is_over:
            break
        table.state.apply(table.state.legal_actions()[-1])
    assert table.state.is_over
    assert open_tables(lobby)["tables"] == []


def test_with_the_coach_the_page_seat_hears_the_lesson_remarks() -> None:
    from euchre_cli.host import ServerThread

    table = NetTable(State(load_variant("standard", options=["standard.target_score=2"]), seed=6))
    lobby = Lobby(can_create=False)
    lobby.add(table)
    server = ServerThread(lobby, "127.0.0.1", 0, coach=True)
    server.start()
    try:
        got = asyncio.run(_play(server.port, table.codes[0]))
    finally:
        server.stop()
    assert table.state.is_over
    joined = next(m for m in got if m["type"] == "joined")
    assert joined["texts"]["coach"] is True
    said = [line for m in got if m["type"] == "update" for line in m["texts"]["coach"]]
    assert any("bower" in line.lower() for line in said)  # a topic of the lesson, taught
    comments = [s for s in said if s.startswith("Coach: Good") or s.startswith("Coach: You chose")]
    assert comments  # after the seat's choices
    texts_tell_nothing_new(got)


def test_the_page_speaks_the_servers_protocol_version() -> None:
    script = (ROOT / "cli" / "web-page" / "table.js").read_text()
    assert f"const PROTOCOL = {PROTOCOL_VERSION};" in script


def test_the_pages_hint_says_the_action_once() -> None:
    # "Hint: lead J♦: lead JD: a low card ..." said the action twice, once as a code
    from euchre_cli.web import PageTexts

    from euchre_core.net.table import wire_view
    from euchre_core.net.wire import encode

    state = State(load_variant("standard"), seed=3)
    seen = 0
    for _ in range(30):
        seat = state.to_act
        assert seat is not None
        joined = {"type": "joined", "seat": seat, "variant": state.config.to_dict(), "seats": 4}
        texts = PageTexts(joined)
        update = {
            "type": "update",
            "events": [encode(e) for e in state.visible_events(seat, 0)],
            "view": wire_view(state.view(seat), {}),
            "upto": len(state.events),
            "legal": [str(a) for a in state.legal_actions()],
            "to_act": seat,
            "started": True,
        }
        texts(update)
        hint = update["texts"]["hint"]
        if hint["action"] is not None:
            seen += 1
            verb = hint["action"].split()[0]
            assert not hint["why"].startswith((verb, "lead ", "order ")), hint
            assert hint["why"], hint
        state.apply(state.legal_actions()[0])
        if state.is_over:
            break
    assert seen >= 10

"""Networked tables on loopback with real sockets: whole games through ``euchre join``,
a client that drops and rejoins, the protocol's refusals."""

from __future__ import annotations

import asyncio
import json
import random
import time
from pathlib import Path

import pytest

pytest.importorskip("websockets")

from net_helpers import Raw, bot_process, play_terminal, serving, spawn

from euchre_core import load_variant
from euchre_core.config import builtin_variants
from euchre_core.net.server import Limits, Lobby
from euchre_core.net.table import NetTable
from euchre_core.net.wire import decode, encode
from euchre_core.state import State
from euchre_core.view import PlayerView


def _game(variant: str, seed: int, *options: str) -> State:
    return State(load_variant(variant, options=list(options)), seed=seed)


def test_views_and_events_travel_whole_in_every_variant() -> None:
    for name in builtin_variants():
        state = _game(name, 3)
        rng = random.Random(name)
        while not state.is_over and len(state.actions) < 60:
            for seat in {state.to_act or 0, len(state.actions) % state.seats}:
                wire = json.loads(json.dumps(encode(state.view(seat))))
                assert encode(decode(PlayerView, wire)) == wire, name
            state.apply(rng.choice(state.legal_actions()))


def _finish(procs: list, table: NetTable) -> None:
    for p in procs:
        out, err = p.communicate(timeout=60)
        assert p.returncode == 0, err
        scores = " ".join(map(str, table.state.scores))
        assert out.strip().endswith(f"scores {scores}"), out


def test_four_join_clients_play_a_whole_game_of_standard(tmp_path: Path) -> None:
    table = NetTable(_game("standard", 7, "standard.target_score=5"))
    with serving(table) as (port, _):
        bots = [bot_process(port, table.codes[s]) for s in (1, 2, 3)]
        child = spawn(["join", f"127.0.0.1:{port}", table.codes[0], "--ascii"], tmp_path)
        answered = play_terminal(child)
        child.expect("Score deal by deal")
        child.expect(pytest.importorskip("pexpect").EOF)
        _finish(bots, table)
    assert table.state.is_over and answered > 5
    assert sum(s == 0 for s, _ in table.state.actions) == answered  # each answer, one move


@pytest.mark.slow
def test_four_join_bots_play_a_whole_game_of_pepper() -> None:
    table = NetTable(_game("pepper", 11, "pepper.target_score=20"))
    with serving(table) as (port, _):
        kinds = ["heuristic", "heuristic", "careless", "heuristic"]
        bots = [bot_process(port, code, kinds[s]) for s, code in enumerate(table.codes)]
        _finish(bots, table)
    assert table.state.is_over


async def _turns(raw: Raw, seat: int, count: int) -> dict:
    """Play ``count`` decisions of ``seat`` with the first legal action; the last update."""
    done = 0
    while True:
        msg = await raw.until("update")
        if msg.get("legal") and msg["to_act"] == seat:
            if done == count:
                return msg
            await raw.send({"type": "act", "action": msg["legal"][0]})
            done += 1


def test_a_dropped_client_rejoins_with_its_seat_and_full_view() -> None:
    table = NetTable(_game("standard", 5), bots="random")

    async def main(port: int) -> None:
        raw = await Raw.open(port)
        await raw.send({"type": "join", "code": table.codes[2]})
        await raw.until("joined")
        await raw.send({"type": "start"})
        before = await _turns(raw, 2, 3)
        raw.ws.transport.abort()  # dropped, not closed
        again = await Raw.open(port)
        await again.send({"type": "join", "code": table.codes[2]})
        joined = await again.until("joined")
        back = await again.until("update")
        assert joined["seat"] == 2
        assert back["view"] == encode(table.state.view(2))  # whole again
        assert "events_from" not in back["view"]
        assert back["view"]["hand"] == before["view"]["hand"]
        assert back["legal"] == before["legal"]
        seen = [json.dumps(e) for e in back["events"]]
        assert seen == [json.dumps(encode(e)) for e in table.state.visible_events(2)]
        await again.close()

    with serving(table) as (port, _):
        asyncio.run(main(port))


def test_refusals_change_nothing_and_say_why() -> None:
    table = NetTable(_game("standard", 9))
    other = NetTable(_game("standard", 10))

    async def main(port: int) -> None:
        old = await Raw.open(port, greet=False)
        await old.send({"type": "hello", "version": 0})
        refused = await old.recv()
        assert refused["code"] == "version" and "older" in refused["message"]
        raw = await Raw.open(port)
        await raw.send({"type": "act", "action": "pass"})
        assert (await raw.recv())["code"] == "not-joined"
        await raw.send({"type": "join", "code": table.codes[0]})
        await raw.until("joined")
        await raw.send({"type": "start"})
        await _turns(raw, 0, 0)
        steps = len(table.state.actions)
        to_act = table.state.to_act
        for bad, code in [
            ("{not json", "bad-json"),
            ({"type": "act", "action": "play ZZ"}, "illegal"),
            ({"type": "act", "action": "pass", "seat": 3}, "wrong-seat"),
            ({"type": "act"}, "bad-field"),
            ({"type": "act", "action": 3}, "bad-field"),
            ({"type": "teleport"}, "bad-type"),
            ("x" * 20000, "too-large"),
            ({"type": "join", "code": other.codes[0]}, "already-joined"),
        ]:
            await raw.send(bad)
            reply = await raw.until("error")
            assert reply["code"] == code, (bad, reply)
        assert len(table.state.actions) == steps and table.state.to_act == to_act
        spy = await Raw.open(port)
        await spy.send({"type": "join", "code": other.codes[1]})
        await spy.until("joined")
        await spy.send({"type": "act", "action": "pass"})
        assert (await spy.until("error"))["code"] in ("illegal",)
        assert other.state.actions == []
        await raw.close()
        await spy.close()

    with serving(table, other) as (port, _):
        asyncio.run(main(port))


def test_wrong_codes_are_refused_and_slowed() -> None:
    lobby = Lobby(can_create=False, limits=Limits(free_failures=2, most_delay=0.3))
    table = NetTable(_game("standard", 1))

    async def main(port: int) -> list[float]:
        raw = await Raw.open(port)
        times = []
        for i in range(5):
            started = time.perf_counter()
            await raw.send({"type": "join", "code": f"guess-{i}"})
            assert (await raw.until("error"))["code"] == "bad-code"
            times.append(time.perf_counter() - started)
        await raw.close()
        return times

    with serving(table, lobby=lobby) as (port, _):
        times = asyncio.run(main(port))
    assert max(times[:2]) < 0.05 and min(times[3:]) >= 0.09


def test_join_codes_are_long_random_and_one_per_seat() -> None:
    tables = [NetTable(_game("call-ace", s)) for s in range(3)]
    codes = [c for t in tables for c in [*t.codes, t.spectator]]
    assert len(set(codes)) == len(codes)
    assert all(len(c) >= 22 for c in codes)  # 144 random bits


def test_a_lobby_holds_independent_tables_created_by_clients() -> None:
    async def main(port: int) -> None:
        raw = await Raw.open(port)
        await raw.send({"type": "create", "variant": "../standard"})
        assert (await raw.until("error"))["code"] == "bad-variant"
        await raw.send({"type": "create", "variant": "standard", "rules": ["no-such-rule"]})
        assert (await raw.until("error"))["code"] == "bad-variant"
        await raw.send({"type": "create", "variant": "two-hand", "bots": "random"})
        first = await raw.until("created")
        await raw.send({"type": "create", "variant": "call-ace-5"})
        second = await raw.until("created")
        assert len(first["codes"]) == 2 and len(second["codes"]) == 5
        await raw.send({"type": "join", "code": first["codes"][0]})
        joined = await raw.until("joined")
        assert joined["table"] == first["table"] != second["table"]
        await raw.send({"type": "start"})
        await _turns(raw, 0, 2)
        await raw.close()

    with serving() as (port, lobby):
        asyncio.run(main(port))
        one, two = lobby.tables.values()
    assert one.state.actions and not two.state.actions and not two.started


def test_a_resumed_table_with_bot_seats_waits_for_its_players() -> None:
    # Saved after the host started it with bots in seats 2 and 3: on resume the players'
    # seats 0 and 1 wait for them (the old table filled them too and played itself out).
    state = State(load_variant("standard"), seed=5)
    table = NetTable(state, bots="random", filled=(2, 3))
    assert table.started and not state.is_over
    assert state.to_act in (0, 1) and table.away_seats() == [0, 1]
    assert table.meta()["net"]["filled"] == [2, 3]


def test_a_seat_left_before_the_start_is_open_again_and_filled_at_the_start() -> None:
    table = NetTable(State(load_variant("standard"), seed=6), bots="random")

    async def leave_then_start(port: int) -> None:
        friend = await Raw.open(port)
        await friend.send({"type": "join", "code": table.codes[1]})
        await friend.until("joined")
        await friend.send({"type": "leave"})
        await friend.until("left")
        await friend.close()
        host = await Raw.open(port)
        await host.send({"type": "join", "code": table.codes[0]})
        await host.until("joined")
        await host.send({"type": "start"})
        msg = await host.until("update")
        while not msg["started"]:
            msg = await host.until("update")
        await host.close()

    with serving(table) as (port, _):
        asyncio.run(leave_then_start(port))
        assert table.started and 1 in table.meta()["net"]["filled"]
        assert table.state.to_act == 0 or table.state.is_over  # nobody else is waited for


def test_the_players_waiting_see_a_friend_arrive() -> None:
    table = NetTable(State(load_variant("standard"), seed=7), bots="random")

    async def arrive(port: int) -> list[int]:
        host = await Raw.open(port)
        await host.send({"type": "join", "code": table.codes[0]})
        await host.until("joined")
        first = await host.until("update")
        assert first["waiting"] == [1, 2, 3]
        friend = await Raw.open(port)
        await friend.send({"type": "join", "code": table.codes[2]})
        await friend.until("joined")
        seen = await host.until("update")  # told without anything else happening
        await friend.close()
        await host.close()
        return list(seen["waiting"])

    with serving(table) as (port, _):
        assert asyncio.run(arrive(port)) == [1, 3]


class _Inbox:
    def __init__(self) -> None:
        self.messages: list[dict] = []

    def send(self, message: dict) -> None:
        self.messages.append(message)

    def last_update(self) -> dict:
        return next(m for m in reversed(self.messages) if m["type"] == "update")


def test_a_seat_a_bot_plays_while_its_player_is_away_is_not_waited_for() -> None:
    state = State(load_variant("standard"), seed=8)
    table = NetTable(state, bots="random", fill_after=0.0)
    seats = [_Inbox() for _ in range(4)]
    for i, inbox in enumerate(seats):
        table.attach(inbox, i)
    assert table.started
    away = state.to_act
    assert away is not None
    table.detach(seats[away])
    table.tick(now=time.monotonic() + 1)  # fill_after passed: a bot plays the seat
    others = [s for i, s in enumerate(seats) if i != away]
    told = others[0].last_update()
    assert told["stand_ins"] == [away]
    assert away not in told["waiting"]  # the page said "Waiting for seat N" all along


def test_a_friend_who_comes_late_takes_the_seat_over_from_its_bot() -> None:
    state = State(load_variant("standard"), seed=9)
    table = NetTable(state, bots="random")
    host = _Inbox()
    table.attach(host, 0)
    table.start()  # seats 1 to 3 filled by bots
    assert 2 in table.meta()["net"]["filled"]
    friend = _Inbox()
    table.attach(friend, 2)
    assert 2 not in table.meta()["net"]["filled"]
    # from now on the game waits for the friend's decisions at seat 2, not the bot's
    for _ in range(200):
        if state.is_over or state.to_act == 2:
            break
        assert state.to_act == 0
        assert table.act(0, str(state.legal_actions()[0])) is None
    assert state.to_act == 2 and friend.last_update().get("legal")

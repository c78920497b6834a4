"""The network commands at the terminal: a spectator watching, Ctrl-C leaving a seat
that stays yours, ``euchre serve`` holding tables clients create, a seat played by a bot
while its player is away (``fill_after``), TLS."""

from __future__ import annotations

import asyncio
import re
import shutil
import signal
import subprocess
from pathlib import Path

import pexpect
import pytest

pytest.importorskip("websockets")

from net_helpers import Raw, bot_process, free_port, play_terminal, serving, spawn
from terminal import euchre

from euchre_core import load_variant
from euchre_core.net.server import Lobby
from euchre_core.net.table import NetTable
from euchre_core.state import State


def _table(seed: int, **kw: object) -> NetTable:
    state = State(load_variant("standard", options=["standard.target_score=3"]), seed=seed)
    return NetTable(state, **kw)  # type: ignore[arg-type]


def test_a_spectator_watches_a_whole_game_at_the_terminal(tmp_path: Path) -> None:
    table = _table(31)
    with serving(table) as (port, _):
        watcher = spawn(["join", f"127.0.0.1:{port}", table.spectator, "--ascii"], tmp_path)
        watcher.expect("you watch")
        bots = [bot_process(port, code) for code in table.codes]
        watcher.expect("Game over", timeout=60)
        watcher.expect(pexpect.EOF)
        for p in bots:
            p.communicate(timeout=60)
    watcher.close()
    assert watcher.exitstatus == 0 and table.state.is_over


def test_ctrl_c_leaves_the_table_and_the_seat_stays_yours(tmp_path: Path) -> None:
    table = _table(32, bots="random", fill_after=0.0)  # seat 1 starts it, then leaves
    with serving(table) as (port, _):
        address = f"127.0.0.1:{port}"
        child = spawn(["join", address, table.codes[0], "--ascii"], tmp_path)
        child.expect("Waiting for players")
        table_start = asyncio.run(_start(port, table.codes[1]))
        assert table_start
        play_terminal(child, stop_after=2)
        child.sendintr()
        child.expect(f"you left the table; the seat stays yours: euchre join {address} ")
        child.expect(pexpect.EOF)
        child.close()
        assert child.exitstatus == 130
        again = spawn(["join", address, table.codes[0], "--ascii"], tmp_path)
        play_terminal(again)
        again.expect(pexpect.EOF)
    assert table.state.is_over


async def _start(port: int, code: str) -> bool:
    raw = await Raw.open(port)
    await raw.send({"type": "join", "code": code})
    await raw.until("joined")
    await raw.send({"type": "start"})
    msg = await raw.until("update")
    while not msg["started"]:
        msg = await raw.until("update")
    await raw.send({"type": "leave"})
    await raw.until("left")
    await raw.close()
    return bool(msg["started"])


def test_a_seat_whose_player_is_away_is_played_by_a_bot_until_they_return() -> None:
    table = _table(33, bots="random", fill_after=0.2)

    async def main(port: int) -> None:
        raw = await Raw.open(port)
        await raw.send({"type": "join", "code": table.codes[0]})
        await raw.until("joined")
        await raw.send({"type": "start"})
        await raw.until("update")
        steps = len(table.state.actions)
        await raw.close()  # away: after 0.2 s a bot plays seat 0
        for _ in range(100):
            await asyncio.sleep(0.05)
            if any(s == 0 for s, _ in table.state.actions[steps:]) or table.state.is_over:
                break
        assert any(s == 0 for s, _ in table.state.actions[steps:]) or table.state.is_over

    with serving(table) as (port, _):
        asyncio.run(main(port))


def test_serve_holds_tables_that_clients_create() -> None:
    server = subprocess.Popen([euchre(), "serve", "--port", "0"], stdout=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        port = int(re.search(r"127\.0\.0\.1:(\d+) ", line).group(1))  # type: ignore[union-attr]

        async def create() -> dict:
            raw = await Raw.open(port)
            await raw.send({"type": "create", "variant": "two-hand", "seed": 4})
            made = await raw.until("created")
            await raw.close()
            return made

        made = asyncio.run(create())
        bots = [bot_process(port, code) for code in made["codes"]]
        outs = [p.communicate(timeout=60)[0] for p in bots]
        assert all(p.returncode == 0 for p in bots)
        assert outs[0].splitlines()[-1] == outs[1].splitlines()[-1]
        assert outs[0].startswith("Game over: winners: seat")
    finally:
        server.terminate()
        server.wait(timeout=10)


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("openssl") is None, reason="openssl makes the certificate")
def test_with_a_certificate_the_table_speaks_tls(tmp_path: Path) -> None:
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
         "-subj", "/CN=localhost", "-addext", "subjectAltName=IP:127.0.0.1",
         "-keyout", str(key), "-out", str(cert)],
        check=True, capture_output=True,
    )  # fmt: skip
    host = spawn(
        ["host", "--port", "0", "--tls-cert", str(cert), "--tls-key", str(key), "--ascii",
         "-o", "standard.target_score=2"],
        tmp_path,
    )  # fmt: skip
    codes = []
    for _ in range(3):
        host.expect(r"seat \d: euchre join (\S+) (\S+) --tls")
        codes.append((host.match.group(1), host.match.group(2)))
    plain = subprocess.run(
        [euchre(), "join", codes[0][0], codes[0][1], "--bot", "random"],
        capture_output=True, text=True, timeout=30,
    )  # fmt: skip
    assert plain.returncode == 1 and plain.stderr.startswith("euchre: cannot join at ws://")
    bots = [
        subprocess.Popen(
            [euchre(), "join", address, code, "--tls", "--cafile", str(cert), "--bot", "random"],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )
        for address, code in codes
    ]  # fmt: skip
    play_terminal(host)
    host.expect(pexpect.EOF)
    for p in bots:
        out, err = p.communicate(timeout=60)
        assert p.returncode == 0, err
        assert out.startswith("Game over")


def test_create_opens_a_table_on_a_lobby_and_prints_each_seats_command(tmp_path: Path) -> None:
    with serving(lobby=Lobby(can_create=True)) as (port, lobby):
        address = f"127.0.0.1:{port}"
        made = subprocess.run(
            [euchre(), "create", address, "pepper", "--seed", "3", "-o", "pepper.target_score=10"],
            capture_output=True, text=True, timeout=30,
        )  # fmt: skip
        assert made.returncode == 0, made.stderr
        seats = re.findall(rf"seat (\d): euchre join {address} (\S+)", made.stdout)
        assert [s for s, _ in seats] == ["0", "1", "2", "3"]
        (table,) = lobby.tables.values()
        assert [c for _, c in seats] == table.codes
        links = re.findall(rf"or in a browser: http://{address}/#code=(\S+)", made.stdout)
        assert links == [*table.codes, table.spectator]
        assert table.state.config.name == "pepper" and table.state.seed == 3
        assert table.state.config.options["pepper"]["target_score"] == 10
        bots = [bot_process(port, code) for _, code in seats]
        outs = [p.communicate(timeout=60)[0] for p in bots]
        assert all(p.returncode == 0 for p in bots) and table.state.is_over
        assert outs[0].startswith("Game over: ")


def test_create_listed_puts_the_tables_open_seats_on_the_lobby_page() -> None:
    import json
    import urllib.request

    with serving(lobby=Lobby(can_create=True)) as (port, lobby):
        address = f"127.0.0.1:{port}"
        for flags in ([], ["--listed"]):
            made = subprocess.run(
                [euchre(), "create", address, "two-hand", *flags],
                capture_output=True, text=True, timeout=30,
            )  # fmt: skip
            assert made.returncode == 0, made.stderr
        with urllib.request.urlopen(f"http://{address}/tables.json", timeout=10) as answer:
            shown = json.loads(answer.read())
        listed = [t for t in lobby.tables.values() if t.name in lobby.listed]
        assert len(lobby.tables) == 2 and len(listed) == 1
        assert [t["table"] for t in shown["tables"]] == [listed[0].name]


def test_create_names_what_the_lobby_refused_in_one_line() -> None:
    with serving(lobby=Lobby(can_create=True)) as (port, _):
        bad = subprocess.run(
            [euchre(), "create", f"127.0.0.1:{port}", "pinochle"],
            capture_output=True, text=True, timeout=30,
        )  # fmt: skip
    assert bad.returncode == 2
    assert bad.stderr.startswith("euchre: the lobby refused the table: unknown variant 'pinochle'")
    assert len(bad.stderr.splitlines()) == 1 and not bad.stdout
    nobody = subprocess.run(
        [euchre(), "create", f"127.0.0.1:{free_port()}"], capture_output=True, text=True, timeout=30
    )
    assert nobody.returncode == 1 and nobody.stderr.startswith("euchre: cannot reach a lobby at")


def _hand_line(text: str) -> str:
    lines = [line for line in text.splitlines() if "Your hand" in line]
    assert lines, text
    return lines[-1].strip(" |")


def test_a_killed_terminal_client_joins_again_with_the_same_view(tmp_path: Path) -> None:
    table = _table(34, bots="random")
    with serving(table) as (port, _):
        address = f"127.0.0.1:{port}"
        assert asyncio.run(_start(port, table.codes[0]))  # bots take seats 1 to 3
        child = spawn(["join", address, table.codes[0], "--ascii"], tmp_path)
        play_terminal(child, stop_after=3)  # mid-hand, at a prompt of seat 0
        before = _hand_line(child.before + child.after)
        steps = len(table.state.actions)
        child.kill(signal.SIGKILL)
        child.close()
        assert table.state.to_act == 0 and len(table.state.actions) == steps  # it waits
        again = spawn(["join", address, table.codes[0], "--ascii"], tmp_path)
        again.expect(r"\? for a hint\]: ")
        assert _hand_line(again.before) == before
        again.sendline("1")
        play_terminal(again)
        again.expect(pexpect.EOF)
    assert table.state.is_over and len(table.state.actions) > steps

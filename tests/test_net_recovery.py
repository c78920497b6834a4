"""A networked game survives its processes: a bot client killed mid-hand comes back with
the same view, and a server killed with SIGKILL mid-hand is resumed from its file and
plays to the same end as the same actions played without a break."""

from __future__ import annotations

import os
import re
import signal
import time
from pathlib import Path

import pexpect
import pytest

pytest.importorskip("websockets")

from net_helpers import bot_process, free_port, play_terminal, saved, serving, spawn

from euchre_core import load_variant
from euchre_core.net.table import NetTable
from euchre_core.records.history import load_record, replay
from euchre_core.state import State


def test_a_bot_killed_mid_hand_rejoins_and_the_game_ends() -> None:
    table = NetTable(State(load_variant("standard", options=["standard.target_score=4"]), seed=21))
    with serving(table) as (port, _):
        others = [bot_process(port, table.codes[s]) for s in (1, 2, 3)]
        first = bot_process(port, table.codes[0])
        deadline = time.monotonic() + 20
        while len(table.state.actions) < 12 and time.monotonic() < deadline:
            time.sleep(0.001)
        first.send_signal(signal.SIGKILL)
        first.wait()
        at_kill = len(table.state.actions)
        assert not table.state.is_over and at_kill >= 12
        again = bot_process(port, table.codes[0])
        for p in [again, *others]:
            _, err = p.communicate(timeout=60)
            assert p.returncode == 0, err
    assert table.state.is_over


def _codes(child: pexpect.spawn, seats: int) -> tuple[str, dict[int, str]]:
    child.expect(r"Hosting .* on (\S+)")
    address = child.match.group(1)
    codes = {}
    for _ in range(seats - 1):
        child.expect(r"seat (\d): euchre join (\S+) (\S+)")
        codes[int(child.match.group(1))] = child.match.group(3)
    return address, codes


@pytest.mark.parametrize("variant", ["standard", pytest.param("call-ace", marks=pytest.mark.slow)])
def test_a_server_killed_mid_hand_resumes_with_nothing_lost(tmp_path: Path, variant: str) -> None:
    port = free_port()
    game = tmp_path / "table.json"
    args = ["--port", str(port), "--ascii"]
    target = ["-o", "standard.target_score=3"]
    host = spawn(
        ["host", variant, "--seed", "8", "--save", str(game), *target, *args],
        tmp_path,
        timeout=30,
    )
    _, codes = _codes(host, 4)
    bots = [bot_process(port, code) for code in codes.values()]
    play_terminal(host, stop_after=6)  # the host's seat: six decisions, then a prompt
    before = saved(game)
    os.kill(host.pid, signal.SIGKILL)
    host.wait()
    assert before.get("result") is None and len(before["actions"]) > 6
    assert before["meta"]["net"]["codes"][1] == codes[1]
    resumed = spawn(["host", "--resume", str(game), *args], tmp_path, timeout=30)
    _, again = _codes(resumed, 4)
    assert again == codes  # the same table, the same codes
    play_terminal(resumed)
    resumed.expect(pexpect.EOF)
    outs = []
    for p in bots:
        out, err = p.communicate(timeout=60)
        assert p.returncode == 0, err
        outs.append(out.strip())
    after = saved(game)
    assert after["actions"][: len(before["actions"])] == before["actions"]  # nothing lost
    uninterrupted = replay(load_record(game))
    assert uninterrupted.is_over
    assert list(uninterrupted.scores) == after["result"]["scores"]
    scores = " ".join(map(str, uninterrupted.scores))
    assert all(re.search(f"scores {scores}$", out) for out in outs), outs


def test_quit_at_the_hosts_prompt_saves_the_table_and_resume_listens_on_its_port(
    tmp_path: Path,
) -> None:
    port = free_port()
    game = tmp_path / "table.json"
    host = spawn(
        [
            "host",
            "--seed",
            "9",
            "--save",
            str(game),
            "-o",
            "standard.target_score=3",
            "--port",
            str(port),
            "--ascii",
        ],
        tmp_path,
        timeout=30,
    )
    _, codes = _codes(host, 4)
    bots = [bot_process(port, code) for code in codes.values()]
    play_terminal(host, stop_after=3)
    host.sendline("undo")
    host.expect("There is no undo at a networked table")
    host.sendline("quit")
    host.expect("you quit: you left the table")
    host.expect("carry on with: euchre host --resume ")
    assert "stays yours" not in host.before  # the host's table closed with it
    host.expect(pexpect.EOF)
    host.close()
    assert host.exitstatus == 1
    assert saved(game)["meta"]["net"]["port"] == port
    resumed = spawn(["host", "--resume", str(game), "--ascii"], tmp_path, timeout=30)
    address, again = _codes(resumed, 4)
    assert address.endswith(f":{port}") and again == codes  # where the bots look for it
    play_terminal(resumed)
    resumed.expect(pexpect.EOF)
    for p in bots:
        _, err = p.communicate(timeout=90)
        assert p.returncode == 0, err
    assert replay(load_record(game)).is_over

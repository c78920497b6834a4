"""``euchre simulate`` as an analyst uses it: Ctrl-C keeps what was finished, the JSON
says what was simulated (the bot of every seat, the rules, the options) and every key
of it is documented, empty runs are refused, and each percentage is rounded once."""

from __future__ import annotations

import json
import multiprocessing
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from euchre_cli.main import app
from typer.testing import CliRunner

from euchre_core.analysis.sim import simulate
from euchre_core.config import load_variant

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "simulate.md"


def invoke(*args: str) -> Any:
    return CliRunner().invoke(app, ["simulate", *args])


def _without_timing(stats: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in stats.items() if k not in ("seconds", "requested", "interrupted")}


# ---------------------------------------------------------------------------------------
# Ctrl-C
# ---------------------------------------------------------------------------------------


def _interrupt_after(monkeypatch: pytest.MonkeyPatch, finished: int) -> None:
    """Ctrl-C as soon as ``finished`` games (or hands) are reported done (the command's
    progress callback raises it, in the process that collects the results)."""
    import euchre_cli.progress

    @contextmanager
    def progress(total: int, label: str) -> Iterator[Callable[[int], None]]:
        def update(done: int) -> None:
            if done >= finished:
                raise KeyboardInterrupt

        yield update

    monkeypatch.setattr(euchre_cli.progress, "progress", progress)


def test_ctrl_c_prints_the_json_of_the_games_finished_and_exits_130(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _interrupt_after(monkeypatch, 100)  # two chunks of 50 games
    run = ["--games", "200", "--bots", "random", "--seed", "5", "--json"]
    result = invoke(*run)
    assert result.exit_code == 130, result.output
    assert "Traceback" not in result.output
    assert "interrupted: 100 of 200 games finished" in result.stderr
    stats = json.loads(result.stdout)
    assert stats["interrupted"] is True
    assert (stats["games"], stats["requested"]) == (100, 200)
    # The games finished are those of a run of 100 from the same seed.
    monkeypatch.undo()
    whole = json.loads(invoke("--games", "100", "--bots", "random", "--seed", "5", "--json").output)
    assert whole["interrupted"] is False and whole["requested"] == 100
    assert _without_timing(stats) == _without_timing(whole)


def test_ctrl_c_shows_the_table_of_the_hands_finished_labelled_interrupted(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _interrupt_after(monkeypatch, 50)
    result = invoke("--hands", "300", "--bots", "random", "--ascii")
    assert result.exit_code == 130, result.output
    assert "interrupted, 50 of 300 hands finished" in result.stdout
    assert "maker success rate" in result.stdout
    assert "interrupted: 50 of 300 hands finished" in result.stderr


def test_ctrl_c_with_workers_stops_them_and_keeps_the_chunks_finished(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # 200 games on 2 workers: chunks of 6 games; Ctrl-C once two chunks are in.
    _interrupt_after(monkeypatch, 12)
    result = invoke("--games", "200", "--bots", "random", "--jobs", "2", "--json")
    assert result.exit_code == 130, result.output
    stats = json.loads(result.stdout)
    assert stats["interrupted"] is True and stats["games"] == 12
    assert sum(stats["wins"]) == 12
    assert "interrupted: 12 of 200 games finished" in result.stderr
    deadline = time.monotonic() + 10
    while multiprocessing.active_children() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not multiprocessing.active_children()  # the workers were stopped


def test_an_interrupted_simulation_returns_what_was_finished_only_when_asked() -> None:
    def stop(done: int) -> None:
        if done >= 30:
            raise KeyboardInterrupt

    result = simulate(
        "standard", hands=100, bots=["random"], chunk_size=10, progress=stop, stop_on_interrupt=True
    )
    assert result.interrupted and result.requested == 100
    assert result.stats.hands == len(result.hands) == 30
    assert result.stats == simulate("standard", hands=30, bots=["random"]).stats
    with pytest.raises(KeyboardInterrupt):
        simulate("standard", hands=100, bots=["random"], chunk_size=10, progress=stop)


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process")
def test_a_real_ctrl_c_on_two_workers_prints_the_json_so_far() -> None:
    # The progress bar (forced on) shows that the run has started; then Ctrl-C.
    env = {**os.environ, "TTY_COMPATIBLE": "1", "COLUMNS": "80"}
    command = [sys.executable, "-m", "euchre_cli", "simulate", "--games", "100000"]
    proc = subprocess.Popen(
        [*command, "--bots", "random", "--jobs", "2", "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        cwd=ROOT,
    )
    try:
        assert proc.stderr is not None
        os.set_blocking(proc.stderr.fileno(), False)
        seen = b""
        deadline = time.monotonic() + 60
        while b"games" not in seen and time.monotonic() < deadline:
            time.sleep(0.05)
            seen += proc.stderr.read() or b""
        assert b"games" in seen, seen
        time.sleep(0.5)
        os.set_blocking(proc.stderr.fileno(), True)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    text = (seen + err).decode(errors="replace")
    assert proc.returncode == 130, text
    assert "Traceback" not in text
    stats = json.loads(out)
    assert stats["interrupted"] is True and stats["requested"] == 100000
    assert 0 <= stats["games"] < 100000
    assert f"interrupted: {stats['games']} of 100000 games finished" in text


# ---------------------------------------------------------------------------------------
# What was simulated
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "bots",
    [
        ["--bots", "random,normal,random,normal"],
        ["--bots", "random", "--bots", "normal", "--bots", "random", "--bots", "normal"],
    ],
)
def test_the_json_names_the_bot_of_every_seat_in_seat_order(bots: list[str]) -> None:
    result = invoke("--hands", "4", *bots, "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["bots"] == ["random", "normal", "random", "normal"]


def test_one_bot_name_is_every_seat_s() -> None:
    result = invoke("cutthroat", "--hands", "2", "--bots", "random", "--json")
    assert json.loads(result.output)["bots"] == ["random"] * 3


def test_a_bot_list_with_a_missing_name_is_one_usage_line() -> None:
    result = invoke("--hands", "2", "--bots", "random,,random,random")
    assert result.exit_code == 2
    assert result.output.strip() == "euchre: --bots random,,random,random: a bot name is missing"


def test_the_json_records_the_rules_and_every_option_in_effect() -> None:
    result = invoke(
        "--hands", "3", "--bots", "random", "--rule", "stick-the-dealer",
        "-o", "standard.target_score=7", "--json",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    stats = json.loads(result.output)
    config = load_variant("standard", rules=["stick-the-dealer"])
    assert stats["rules"] == list(config.plugins)
    assert "stick-the-dealer" in stats["rules"]
    every = {f"{p}.{k}" for p, values in config.options.items() for k in values}
    assert set(stats["options"]) == every
    assert stats["options"]["standard.target_score"] == {"value": 7, "origin": "command line"}
    assert stats["options"]["standard.deck"] == {"value": "deck24", "origin": "default"}


def _documented(table_after: str) -> set[str]:
    text = DOC.read_text(encoding="utf-8")
    lines = text.split(table_after, 1)[1].splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("|"))
    rows = []
    for line in lines[start:]:
        if not line.startswith("|"):
            break
        rows.append(line)
    return {m.group(1) for line in rows if (m := re.match(r"\| `(\w+)` \|", line))}


def test_every_json_key_is_documented_and_every_documented_key_is_printed() -> None:
    for args in (["--games", "2"], ["--hands", "3"]):
        stats = json.loads(invoke(*args, "--bots", "random", "--json").output)
        documented = _documented("## JSON fields")
        assert set(stats) == documented, set(stats) ^ documented
        side = set(stats["sides"][0])
        assert side == _documented("Each entry of `sides`:"), side


def test_the_readme_points_to_the_field_list() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    row = next(line for line in readme.splitlines() if line.startswith("| `euchre simulate"))
    assert "docs/simulate.md" in row


# ---------------------------------------------------------------------------------------
# Empty runs, single hands, rounding
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("args", [["--games", "0"], ["--hands", "0"], ["--games", "-1"]])
def test_a_run_of_nothing_is_refused_in_one_line(args: list[str]) -> None:
    result = invoke(*args)
    assert result.exit_code == 2
    assert result.output.strip() == f"euchre: {' '.join(args)}: play at least 1"


def test_single_hands_show_no_game_rows() -> None:
    result = invoke("--hands", "20", "--bots", "random", "--ascii")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "maker success rate" in out and "points per hand" in out
    assert "wins," not in out and "hands per game" not in out and "None" not in out
    assert not re.search(r"\| games\s+\|", out)
    assert "0 games" not in out
    stats = json.loads(invoke("--hands", "20", "--bots", "random", "--json").output)
    assert stats["wins"] is None and stats["hands_per_game"] is None and stats["games"] == 0


def test_whole_games_show_their_rows() -> None:
    result = invoke("--games", "3", "--bots", "random", "--ascii")
    assert result.exit_code == 0, result.output
    assert "wins, seat 0 & seat 2" in result.output and "hands per game" in result.output


def test_the_lone_success_percentage_is_worked_out_once_from_the_counts() -> None:
    # 11 of 52 lone hands made: 21.15…%; rounding the rate (0.2115) first gave 21.1%.
    args = ["--hands", "100", "--seed", "7", "--bots", "random"]
    stats = json.loads(invoke(*args, "--json").output)
    assert (stats["lone_successes"], stats["lone_attempts"]) == (11, 52)
    table = invoke(*args, "--ascii").output
    assert re.search(r"lone successes\s+\|\s+11 \(21\.2%\)", table), table
    made, contracts = stats["contracts_made"], stats["contracts"]
    assert f"{100 * made / contracts:.1f}%" in table


def test_games_stopped_at_the_hand_limit_are_not_counted_as_finished() -> None:
    # Random bots in pepper can sink below zero for ever: such a game stops at the hand
    # limit with no winner. It was counted in "games" (documented as games finished),
    # and the win rates were of every game.
    from types import SimpleNamespace

    from euchre_cli.simulate import statistics

    from euchre_core.analysis.sim import SimStats

    st = SimStats([(0, 2), (1, 3)])
    st.hands = 1020
    st.add_game([0, 2])
    st.add_game([1, 3])
    st.add_game([], finished=False)
    result = SimpleNamespace(
        stats=st,
        variant="pepper",
        seed=0,
        bots=["random"],
        seats=4,
        partnerships=((0, 2), (1, 3)),
        requested=3,
        interrupted=False,
    )
    stats = statistics(result, whole_games=True)
    assert (stats["games"], stats["unfinished_games"]) == (2, 1)
    assert [s["win_rate"] for s in stats["sides"]] == [0.5, 0.5]
    assert stats["hands_per_game"] == 340.0


def test_a_game_that_counts_down_says_so_beside_its_points() -> None:
    # Buck's points per hand are negative for the points taken off a score: the table
    # and the JSON said nothing of it.
    stats = json.loads(invoke("buck", "--hands", "10", "--json").output)
    assert stats["counts_down"] is True
    assert json.loads(invoke("--hands", "10", "--json").output)["counts_down"] is False
    table = invoke("buck", "--hands", "10", "--ascii").output
    assert "counts down: points taken off are negative" in table
    assert "counts down" not in invoke("--hands", "10", "--ascii").output

"""A game at the terminal survives its process: killed outright (SIGKILL) it is carried on
from the file written after its last move, at the same table and the same decision;
SIGTERM and SIGHUP (the terminal closed) save it and stop as Ctrl-C does."""

from __future__ import annotations

import re
import signal
from pathlib import Path

import pexpect
import pytest
from terminal import spawn

from euchre_core.records.history import load_record, replay

PROMPT = re.compile(r"\[1(?:-\d+)?, \? for a hint\]: ")
ANSI = re.compile(r"\x1b\[[0-9;]*m")
BORDER = re.compile(r"^\+-[^|]*-\+$")


def last_table(text: str) -> list[str]:
    """The last table drawn in ``text`` (between its top and bottom borders)."""
    lines = [ANSI.sub("", ln).rstrip() for ln in text.replace("\r", "").split("\n")]
    borders = [i for i, ln in enumerate(lines) if BORDER.match(ln)]
    assert len(borders) >= 2, text[-2000:]
    return lines[borders[-2] : borders[-1] + 1]


def moves_then_prompt(child: pexpect.spawn, moves: int) -> tuple[list[str], str]:
    """Answer ``moves`` prompts with 1; returns the table and the prompt shown next."""
    for _ in range(moves):
        child.expect(PROMPT)
        child.sendline("1")
    child.expect(PROMPT)
    before = ANSI.sub("", child.before)
    return last_table(child.before), before.rsplit("\n", 1)[-1] + child.after


def test_a_game_killed_at_a_prompt_resumes_at_the_same_table_and_decision(
    tmp_path: Path,
) -> None:
    child = spawn(["play", "--seed", "31", "--target", "3"], tmp_path)
    saved = tmp_path / "euchre-standard-31.json"
    child.expect(PROMPT)
    assert f"Saved after every move to {saved.name}" in child.before
    child.sendline("1")
    table, prompt = moves_then_prompt(child, 4)
    child.kill(signal.SIGKILL)
    child.expect(pexpect.EOF)
    child.close()
    assert child.signalstatus == signal.SIGKILL
    assert "game saved" not in (child.before or ""), "killed: nothing ran after the move"

    record = load_record(saved)
    state = replay(record)
    assert state.to_act == 0 and not state.is_over
    assert record.meta["seat"] == 0

    again = spawn(["resume", str(saved)], tmp_path)
    again.expect("Resuming standard, seed 31")
    table_again, prompt_again = moves_then_prompt(again, 0)
    assert prompt_again == prompt
    assert table_again == table
    again.sendline("1")  # the game goes on from there, and is saved again
    again.expect(PROMPT)
    again.kill(signal.SIGKILL)
    again.close()
    assert len(load_record(saved).actions) > len(record.actions)


def stopped_by(sig: signal.Signals, tmp_path: Path) -> tuple[pexpect.spawn, Path, int]:
    child = spawn(["play", "--seed", "44", "--target", "3", "--save", "g.json"], tmp_path)
    moves_then_prompt(child, 3)
    saved = tmp_path / "g.json"
    moves = len(load_record(saved).actions)
    child.kill(sig)
    child.expect(pexpect.EOF)
    child.close()
    return child, saved, moves


def test_sigterm_saves_the_game_and_exits_as_ctrl_c_does(tmp_path: Path) -> None:
    child, saved, moves = stopped_by(signal.SIGTERM, tmp_path)
    assert "interrupted: game saved to" in child.before
    assert f"carry on with: euchre resume {saved.name}" in child.before
    assert child.exitstatus == 130
    assert len(load_record(saved).actions) == moves
    assert replay(load_record(saved)).to_act == 0


def test_sighup_saves_the_game_and_exits_as_ctrl_c_does(tmp_path: Path) -> None:
    child, saved, moves = stopped_by(signal.SIGHUP, tmp_path)
    assert "interrupted: game saved to" in child.before
    assert child.exitstatus == 130
    assert len(load_record(saved).actions) == moves
    again = spawn(["resume", str(saved)], tmp_path)
    again.expect("Resuming standard, seed 44")
    again.expect(PROMPT)
    again.kill(signal.SIGKILL)
    again.close()


def test_a_signal_that_misses_the_read_still_stops_the_prompt_at_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A signal taken while the prompt waits, but not by the read itself (here another
    thread takes it, as a signal that comes just before the read does), stops the prompt
    at once: the game is saved then, not whenever a line comes."""
    import io
    import os
    import threading
    import time

    from euchre_cli.records import signals_interrupt
    from euchre_cli.render import Screen
    from rich.console import Console

    master, slave = os.openpty()
    terminal = open(slave, encoding="utf-8")  # noqa: SIM115 - closed below
    monkeypatch.setattr("sys.stdin", terminal)
    screen = Screen(
        names=["You", "West", "North", "East"],
        viewer=0,
        partnerships=((0, 2), (1, 3)),
        title="Euchre",
        plain=True,
        console=Console(file=io.StringIO()),
    )

    stopped = threading.Event()

    def elsewhere() -> None:
        time.sleep(0.3)
        signal.pthread_kill(threading.get_ident(), signal.SIGHUP)
        if not stopped.wait(5):
            os.write(master, b"late\n")  # without the wait, only this ends the read

    helper = threading.Thread(target=elsewhere, daemon=True)
    try:
        with signals_interrupt():
            helper.start()
            started = time.monotonic()
            with pytest.raises(KeyboardInterrupt):
                screen.ask("Your play: ")
            took = time.monotonic() - started
            stopped.set()
        assert took < 3, f"the prompt went on {took:.1f} s after the signal"
    finally:
        helper.join()
        terminal.close()
        os.close(master)

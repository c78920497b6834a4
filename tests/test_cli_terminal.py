"""The interactive game through the installed console script, in a pseudo-terminal."""

from __future__ import annotations

import re
import signal
from pathlib import Path

import pexpect
from terminal import spawn

from euchre_core.records.history import load_record

PROMPT = re.compile(r"\[1(?:-\d+)?, \? for a hint\]: ")
HINT = re.compile(r"Hint: [^\n]*?\((\d+)\)")
SURE = re.compile(r"\? \[y/N\] ")


def play_to_the_end(child: pexpect.spawn, *, use_hints: bool) -> int:
    """Answer every prompt (with the hint's suggestion, or 1; yes to a confirmation)
    until the game is over, then no to its review and to ``Play again?``; returns the
    number of prompts answered."""
    answered = 0
    while True:
        i = child.expect([PROMPT, r"Game over", pexpect.EOF, SURE])
        if i == 3:
            child.sendline("y")
            continue
        if i != 0:
            break
        if use_hints:
            child.sendline("?")
            child.expect(PROMPT)
            m = HINT.search(child.before)
            child.sendline(m.group(1) if m else "1")
        else:
            child.sendline("1")
        answered += 1
        assert answered < 500, "the game does not end"
    assert i == 1, child.before[-2000:]
    child.expect(r"Review this game\? \[y/N\] ")
    assert "Score deal by deal" in child.before
    child.sendline("n")
    child.expect(r"Play again\? \[y/N\] ")
    child.sendline("n")
    child.expect(pexpect.EOF)
    child.close()
    return answered


def test_a_whole_game_from_the_first_bid_to_game_over(tmp_path: Path) -> None:
    child = spawn(["play", "--seed", "12", "--target", "3", "--save", "end.json"], tmp_path)
    child.expect(PROMPT)
    assert "Your hand" in child.before
    child.sendline("xyz")
    child.expect("cannot read 'xyz'")
    answered = play_to_the_end(child, use_hints=True)
    assert answered > 3
    assert child.exitstatus == 0
    record = load_record(tmp_path / "end.json")
    assert record.actions


def test_ctrl_c_saves_the_game_and_resume_plays_it_to_the_end(tmp_path: Path) -> None:
    child = spawn(["play", "--seed", "31", "--target", "3"], tmp_path)
    for _ in range(3):
        child.expect(PROMPT)
        child.sendline("1")
    child.expect(PROMPT)
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130 or child.signalstatus == signal.SIGINT
    saved = tmp_path / "euchre-standard-31.json"
    assert "game saved to" in child.before
    assert saved.name in child.before
    record = load_record(saved)
    assert len(record.actions) >= 3

    again = spawn(["resume", str(saved)], tmp_path)
    again.expect("Resuming standard, seed 31")
    play_to_the_end(again, use_hints=False)
    assert again.exitstatus == 0

"""euchre learn through the installed console script, in a pseudo-terminal: a whole
lesson answered with the coach's suggestions, and one answered with other legal choices
and with illegal ones."""

from __future__ import annotations

import os
import re
import signal
from pathlib import Path

import pexpect
from terminal import spawn as _spawn

PROMPT = re.compile(r"\[(?:1|a)(?:-[\da-z]+)?(?:, [a-z](?:-[a-z])?)?; why CARD, rules, skip\]: ")
ADVICE = re.compile(r"I would: [^\n]*?\(([\da-z]+)\)")
CHOICES = re.compile(r"Your choices: ([^\n]*(?:\n(?!I would)[^\n]*)*)")
CARD_CHOICE = re.compile(r"(\d+) (\w{2})(?=,|\s*$)")
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def spawn(args: list[str], cwd: Path) -> pexpect.spawn:
    """A lesson searches its deals at start-up: a longer timeout than a game's."""
    return _spawn(args, cwd, timeout=30)


def finish(child: pexpect.spawn, answer, limit: int = 300) -> tuple[int, str]:
    """Answer every prompt with ``answer(screen text)`` until the lesson ends; returns
    the number of prompts answered and everything shown."""
    shown = []
    answered = 0
    while True:
        i = child.expect([PROMPT, pexpect.EOF])
        screen = ANSI.sub("", child.before).replace("\r", "")
        shown.append(screen)
        if i == 1:
            break
        child.sendline(answer(screen))
        answered += 1
        assert answered < limit, "the lesson does not end"
    child.close()
    return answered, "".join(shown)


def test_a_whole_guided_lesson_answered_with_the_coachs_suggestions(tmp_path: Path) -> None:
    child = spawn(["learn"], tmp_path)

    def suggested(screen: str) -> str:
        found = ADVICE.findall(screen)
        assert found, f"the coach gives advice at every prompt: {screen[-800:]}"
        return found[-1]

    answered, shown = finish(child, suggested)
    assert child.exitstatus == 0, shown[-2000:]
    assert answered >= 8
    said = " ".join(shown.split())
    for words in (
        "The up-card",
        "picks the card up",
        "round 2 begins",
        "left bower",
        "must follow",
        "Trumping:",
        "Your side won that trick",
        "The other side took that trick",
        "Scoring:",
        "euchred",
        "Going alone",
        "Good: that is my choice too.",
        "You have met:",
    ):
        assert words in said, f"{words!r} was never said"
    assert "did not show" not in said, "following the coach, the deals show every topic"
    assert list(os.listdir(tmp_path)) == [], "a lesson saves nothing"


def test_other_choices_and_illegal_ones_each_get_their_explanation(tmp_path: Path) -> None:
    child = spawn(["learn"], tmp_path)
    tried: dict[str, int] = {"garbage": 0, "range": 0, "not held": 0, "why": 0}
    last = {"choices": "", "advice": "", "prompt": ""}

    def contrary(screen: str) -> str:
        if CHOICES.search(screen):
            last["choices"] = CHOICES.findall(screen)[-1]
            advised = ADVICE.findall(screen)
            last["advice"] = advised[-1] if advised else ""
            last["prompt"] = screen.splitlines()[-1]
            asked_why = False
        else:
            asked_why = True
        if not tried["garbage"]:
            tried["garbage"] += 1
            return "what now"
        if not tried["range"]:
            tried["range"] += 1
            return "42"
        if not tried["not held"]:
            tried["not held"] += 1
            return "play 7H"
        numbers = [int(n) for n in re.findall(r"(\d+) ", last["choices"])]
        cards = CARD_CHOICE.findall(last["choices"])
        if "Your card" in last["prompt"] and cards and not asked_why and tried["why"] < 3:
            tried["why"] += 1
            return f"why {cards[0][1]}"
        other = [n for n in numbers if str(n) != last["advice"]]
        return str(other[-1] if other else numbers[0])

    _, shown = finish(child, contrary)
    assert child.exitstatus == 0, shown[-2000:]
    said = " ".join(shown.split())
    assert "cannot read 'what now'" in said
    assert "there is no choice 42" in said
    assert "you do not hold 7H" in said or "you must" in said
    assert "I would have chosen" in said
    assert tried["why"] >= 1 and "can be played" in said
    assert "Traceback" not in said
    assert "You have met:" in said


def test_ctrl_c_stops_the_lesson_cleanly(tmp_path: Path) -> None:
    child = spawn(["learn"], tmp_path)
    child.expect(PROMPT)
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130 or child.signalstatus == signal.SIGINT
    assert "the lesson stopped" in child.before
    assert "Traceback" not in child.before


def test_a_whole_pepper_lesson_at_the_terminal_teaches_the_bidding(tmp_path: Path) -> None:
    child = spawn(["learn", "pepper"], tmp_path)
    asked = {"why": 0, "rules": 0}
    advised = [""]

    def suggested(screen: str) -> str:
        found = ADVICE.findall(screen)
        if found:
            advised[0] = found[-1]
        if "Your bid" in screen.splitlines()[-1] and not asked["why"]:
            asked["why"] += 1
            return "why JH"
        if not asked["rules"]:
            asked["rules"] += 1
            return "rules"
        assert advised[0], f"the coach gives advice at every prompt: {screen[-800:]}"
        return advised[0]

    answered, shown = finish(child, suggested)
    assert answered >= 8
    assert child.exitstatus == 0, shown[-2000:]
    said = " ".join(shown.split())
    for words in (
        "Pepper is bid euchre",
        "The bidding: each bid names how many of the 6 tricks",
        "Little pepper and big pepper are bids to take all 6 tricks",
        "You won the bidding" if "You call" in said else "Trump:",
        "24 cards, 6 to each player",
        "Pepper scoring",
        "You have met:",
    ):
        assert words in said, f"{words!r} was never said"
    assert "With hearts as trump, JH" in said or "You do not hold JH" in said
    assert "can be played" not in said.split("why JH")[1].split("Your bid")[0]
    assert "give no short rules" not in said
    reasons = re.findall(r"I would: (.*?)(?:Your|Coach:)", said)
    assert reasons, "the coach's advice was shown"
    for reason in reasons:
        assert not re.search(r"\b(my|our)\b", reason), reason

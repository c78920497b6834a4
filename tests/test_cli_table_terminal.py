"""A whole game of every built-in variant at an 80x24 terminal, played by a person at
seat 0 who reads the screen: the choices are taken from what the screen shows.

At every prompt the last 24 lines of the terminal are the screen. They must show every
numbered choice the prompt offers, never a raw event record, never the bidding words of
another kind of game; at a card prompt they show the last finished trick of the hand;
the table keeps one width for the whole game.
"""

from __future__ import annotations

import math
import os
import random
import re
import string
from pathlib import Path

import pexpect
import pytest
from terminal import euchre

from euchre_core.config import load_variant

ROOT = Path(__file__).resolve().parent.parent
VARIANTS = sorted(p.stem for p in (ROOT / "variants").glob("*.toml"))
ROWS, COLUMNS = 24, 80
PROMPT = re.compile(r"Your (bid|card|trump|choice[^\[]*) \[([0-9a-z, -]+), \? for a hint\]: ")
#: A question answered yes or no: a risky bid's confirmation, "Review this game?" and
#: "Play again?" at the end.
YES_NO = re.compile(r"([^\n]*)\[y/N\] ?")
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
RECORD = re.compile(r"\b\w+=\S|\b[A-Z][a-z]+[A-Z]\w*:")
#: Bidding words of the games that order up an up-card, and of the auctions.
UP_CARD_WORDS = (r"\border(s it)? up", r"\btakes? (it )?up", r"\bcall h\b", r"\bup-card\b")
AUCTION_WORDS = (r"\bbids? (\d|pepper|little|moon)",)
#: Whose bidding each variant speaks.
NOT_SAID = {
    "pepper": UP_CARD_WORDS,
    "auction": UP_CARD_WORDS,
    "standard": AUCTION_WORDS,
    "two-hand": AUCTION_WORDS,
    "cutthroat": AUCTION_WORDS,
    "call-ace": AUCTION_WORDS,
    "napoleon": UP_CARD_WORDS,
    "bid-euchre": UP_CARD_WORDS,
    "five-hundred": UP_CARD_WORDS,
}
CHOICE = re.compile(r"(?:^|\s|\()(\d{1,2}|[a-z]) (?=\S)")
TRICK = re.compile(r"Trick (\d+): ")


def keys_of(offered: str) -> list[str]:
    """The keys a prompt names: ``1-5``, ``a-g``, ``1-3, a`` (a letter range may skip
    letters that are words, such as ``n`` and ``y``)."""
    keys: list[str] = []
    for part in offered.split(", "):
        first, _, last = part.partition("-")
        last = last or first
        if first.isdigit():
            keys += [str(n) for n in range(int(first), int(last) + 1)]
        else:
            # Past 22 choices the letters go on in pairs: ``a`` … ``z``, ``aa``, ``ab`` …
            order = [*string.ascii_lowercase]
            order += [a + b for a in order for b in order]
            keys += order[order.index(first) : order.index(last) + 1]
    return keys


def family(variant: str) -> str:
    return re.sub(r"-\d+$", "", variant)


def screen_rows(text: str) -> list[str]:
    """The terminal's lines (a line wider than the terminal takes several rows)."""
    rows: list[str] = []
    for line in text.split("\n"):
        line = line.rstrip("\r")
        for k in range(max(1, math.ceil(len(line) / COLUMNS))):
            rows.append(line[k * COLUMNS : (k + 1) * COLUMNS])
    return rows


def play_whole_game(variant: str, tmp_path: Path, seed: int) -> int:
    env = {**os.environ, "NO_COLOR": "1", "COLUMNS": str(COLUMNS), "LINES": str(ROWS)}
    env.pop("EUCHRE_DEBUG", None)
    short = ["--target", "3"]
    config = load_variant(variant)
    if config.rules().table(config).count_down:  # Buck: a game from 3 down to 0
        from euchre_cli.play import option_key

        short = ["-o", f"{option_key(config, 'start_score')}=3"]
    child = pexpect.spawn(
        euchre(),
        ["play", variant, "--seed", str(seed), *short, "--ascii"],
        cwd=str(tmp_path),
        env=env,
        encoding="utf-8",
        timeout=30,
        dimensions=(ROWS, COLUMNS),
    )
    child.delaybeforesend = None
    rng = random.Random(seed)
    transcript = ""
    widths: set[int] = set()
    prompts = 0
    while True:
        i = child.expect([PROMPT, YES_NO, pexpect.EOF])
        transcript += ANSI.sub("", child.before) + (child.after if i < 2 else "")
        if i == 2:
            break
        prompts += 1
        assert prompts < 500, "the game does not end"
        if i == 1:
            ending = ("Play again", "Review this game")
            child.sendline("n" if any(w in child.match.group(1) for w in ending) else "y")
            continue
        rows = screen_rows(transcript)[-ROWS:]
        screen = "\n".join(rows)
        check_screen(variant, screen)
        top = [r for r in rows if re.match(r"^\+-+ .* -+\+$", r)]
        widths.update(len(r) for r in top)
        assert len(widths) == 1, f"the table changed width: {sorted(widths)}"
        body = screen[: screen.rindex("\n+-")] if "\n+-" in screen else screen
        shown = set(CHOICE.findall(body.split("Your hand", 1)[-1]))
        offered = [k for k in keys_of(child.match.group(2)) if k in shown]
        numbers = [k for k in keys_of(child.match.group(2)) if k.isdigit()]
        assert set(numbers) <= shown, (numbers, shown, screen)
        assert offered, (child.match.group(2), shown, screen)
        if child.match.group(1) == "card":
            check_last_trick(screen, transcript)
        child.sendline(rng.choice(offered))
    check_screen(variant, transcript)  # all of it: what scrolled by too
    assert "Game over" in transcript, transcript[-1500:]
    child.close()
    assert child.exitstatus == 0, transcript[-1500:]
    return prompts


def check_screen(variant: str, screen: str) -> None:
    record = RECORD.search(screen)
    assert record is None, f"a raw record on the screen: {record.group()!r}\n{screen}"
    for words in NOT_SAID.get(family(variant), ()):
        found = re.search(words, screen, re.I)
        assert found is None, f"{found.group()!r} said in {variant}:\n{screen}"


def check_last_trick(screen: str, transcript: str) -> None:
    """When a trick of this deal is over, the screen shows the last one."""
    deal = transcript[transcript.rfind("Deal ") :]
    done = [int(n) for n in re.findall(r"\nTrick (\d+): ", deal)]
    if done:
        assert f"Trick {done[-1]}: " in screen, screen


@pytest.mark.slow
@pytest.mark.parametrize("variant", VARIANTS)
def test_a_whole_game_at_80x24_shows_what_the_player_needs(variant: str, tmp_path: Path) -> None:
    prompts = play_whole_game(variant, tmp_path, seed=7)
    assert prompts > 3

"""The table of ``euchre play`` at an 80x24 terminal, drawn at every decision of seat 0
in a game of every variant: one width for the whole game, room left for the prompt, no
choice broken across two lines, the last finished trick of the hand inside the table."""

from __future__ import annotations

import functools
import io
import itertools
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from euchre_cli.choices import Choices, footer
from euchre_cli.render import Screen
from helpers import offscreen

from euchre_core import load_variant
from euchre_core.bots import make_bot
from euchre_core.state import State

ROOT = Path(__file__).resolve().parent.parent
VARIANTS = sorted(p.stem for p in (ROOT / "variants").glob("*.toml"))


def screen(state: State, columns: int, rows: int = 24) -> tuple[Screen, io.StringIO]:
    return offscreen(state, columns, rows)


@functools.cache
def tables(variant: str, columns: int = 80, decisions: int = 40) -> list[tuple[Any, ...]]:
    """``(view, choice items, drawn lines)`` at each decision of seat 0 (bots
    elsewhere)."""
    return list(_tables(variant, columns, decisions))


def _tables(variant: str, columns: int, decisions: int) -> Iterator[tuple[Any, ...]]:
    state = State(load_variant(variant), seed=4)
    scr, out = screen(state, columns)
    bots = {s: make_bot("heuristic", f"4/{s}") for s in range(state.seats)}
    cursor = 0
    seen = 0
    while not state.is_over and seen < decisions:
        new = state.visible_events(0, cursor)
        cursor = len(state.events)
        view = state.view(0)
        for e in new:
            scr.event(e, view)
        seat = state.to_act
        assert seat is not None
        legal = state.legal_actions()
        if seat == 0:
            choices = Choices(view, legal)
            out.seek(0)
            out.truncate()
            scr.table(view, choices.card_numbers, choices.other, footer=footer(view, choices))
            items = [f"{n} {scr.action(a, view).plain}" for n, a in choices.other]
            items += [f"{n} {scr.card(c).plain}" for c, n in choices.card_numbers.items()]
            yield view, items, out.getvalue().rstrip("\n").split("\n")
            seen += 1
        state.apply(bots[seat].choose(state.view(seat), legal))


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_table_keeps_one_width_and_leaves_a_line_for_the_prompt(variant: str) -> None:
    widths = set()
    for _, _, lines in tables(variant):
        widths |= {len(line) for line in lines}
        assert len(lines) <= 23, "\n".join(lines)
    assert widths == {80}


@pytest.mark.parametrize("variant", VARIANTS)
def test_no_choice_is_broken_across_two_lines(variant: str) -> None:
    for _, items, lines in tables(variant):
        for item in items:
            assert any(item in line for line in lines), (item, "\n".join(lines))


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_last_trick_is_in_the_table(variant: str) -> None:
    shown = 0
    for view, _, lines in tables(variant):
        if view.tricks:
            last = view.tricks[-1]
            assert any(f"Trick {last.number + 1}: " in line for line in lines), lines
            shown += 1
    assert shown


@pytest.mark.parametrize("variant", VARIANTS)
def test_no_play_of_the_last_trick_is_said_again_below_it(variant: str) -> None:
    # the lines said since were the last four, so the plays of the trick just won came
    # again under its line, after it, out of their order ("Trick 1: ... -> North",
    # "West plays KC", "North plays JH", "North plays AD")
    checked = 0
    for view, _, lines in tables(variant):
        if not view.tricks:
            continue
        last = view.tricks[-1]
        at = next(i for i, line in enumerate(lines) if f"Trick {last.number + 1}: " in line)
        codes = [c.code for _, c in last.plays]
        if len(set(codes)) < len(codes):  # a double pack: a code may come again
            continue
        below = "\n".join(lines[at + 1 :])
        for code in codes:
            assert f"plays {code}" not in below and f"play {code}" not in below, lines
        checked += 1
    assert checked


def test_a_narrow_terminal_gets_a_table_as_wide_as_itself() -> None:
    widths = set()
    for _, _, lines in tables("standard", columns=64, decisions=10):
        widths |= {len(line) for line in lines}
    assert widths == {64}


def test_a_wide_terminal_gets_a_table_of_80_columns() -> None:
    widths = set()
    for _, _, lines in tables("standard", columns=120, decisions=10):
        widths |= {len(line) for line in lines}
    assert widths == {80}


def test_a_plugins_words_about_the_viewer_are_in_the_second_person() -> None:
    # "You bids 7 no trumps", "Contract: You plays open misere", "You makes clubs trump"
    scr, _ = screen(State(load_variant("standard"), seed=1), 80)
    said = scr.seat_words(
        "{0} bids 7 no trumps; seat 0 plays open misere; {0} makes clubs trump; {0} has "
        "it; {2} bids 6; {0} passes; {0} plus {2}"
    ).plain
    assert said == (
        "You bid 7 no trumps; You play open misere; You make clubs trump; You have it; "
        "North bids 6; You pass; You plus North"
    )


def test_a_hands_result_says_each_change_of_score_with_its_sign() -> None:
    # Buck counts down: "West took 3 tricks: made, West & North +0" for -3 and -2, and
    # "Nobody took 0 tricks: dirty clubs", "East took 0 tricks: everyone else dropped out"
    import dataclasses

    from euchre_core.events import HandScored

    state = State(load_variant("buck"), seed=5)
    bots = {s: make_bot("heuristic", f"5/{s}") for s in range(state.seats)}
    while not any(isinstance(e, HandScored) and e.contract for e in state.events):
        seat = state.to_act
        state.apply(bots[seat].choose(state.view(seat), state.legal_actions()))
    e = next(e for e in state.events if isinstance(e, HandScored) and e.contract)
    scr, _ = screen(state, 80)
    said = scr.event_lines(dataclasses.replace(e, points=(0, -3, -2, 0)))[0].plain
    assert said.split("\n")[0].endswith(", West -3, North -2"), said
    nobody = dataclasses.replace(e, makers=(), contract=dataclasses.replace(e.contract, maker=None))
    said = scr.event_lines(dataclasses.replace(nobody, points=(-2, 5, 5, -3)))[0].plain
    assert said.startswith(f"Hand over: {e.outcome}, You -2, West & North +5, East -3"), said
    alone = dataclasses.replace(e, tricks=(0, 0, 0, 0), points=(0, 0, 0, -5))
    said = scr.event_lines(alone)[0].plain
    assert "took" not in said.split("\n")[0] and said.split("\n")[0].endswith(" -5"), said


def test_a_players_discards_unseen_by_you_are_told_once(in_tmp: Path) -> None:
    # Auction euchre: the declarer's three discards after the widow were three lines of
    # "Seat 3 discards a card".
    from helpers import invoke

    result = invoke("play", "auction", "--seed", "3", input="a\n" * 60)
    out = result.output
    assert "Seat 3 discards 3 cards" in out, out
    # The pile is named as the variant names it ("Auction euchre with the widow" said
    # "takes 3 cards from the kitty").
    assert "Seat 3 takes 3 cards from the widow" in out and "kitty" not in out
    lines = [line.strip(" │") for line in out.splitlines()]
    assert not any(a == b and "discards a card" in a for a, b in itertools.pairwise(lines)), (
        "the same discard line twice running"
    )

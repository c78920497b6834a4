"""The score deal by deal: each hand's points per side (or seat) and the running total,
as ``score`` shows it at a prompt and as a game ends."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich import box
from rich.table import Table

if TYPE_CHECKING:
    from euchre_core.events import HandScored
    from euchre_core.state import State

    from .render import Screen

__all__ = ["print_score_sheet", "score_cells", "score_rows"]


def score_rows(
    hands: list[HandScored], sides: tuple[tuple[int, ...], ...]
) -> list[tuple[str, str, list[int], list[int]]]:
    """One row per hand: the deal number, its outcome, each side's points and totals."""
    rows = []
    for e in hands:
        points = [e.points[side[0]] for side in sides]
        totals = [e.scores[side[0]] for side in sides]
        rows.append((str(e.number + 1), e.outcome, points, totals))
    return rows


def score_cells(points: list[int], totals: list[int]) -> list[str]:
    """Each side's cell of a hand's row: ``+2 = 7`` (its points, then its total)."""
    return [f"{p:+d} = {t}" if p else f"0 = {t}" for p, t in zip(points, totals, strict=True)]


def print_score_sheet(screen: Screen, state: State) -> None:
    """Draw the score sheet of ``state`` (public facts only: every hand's score)."""
    hands = list(state.hand_records)
    if not hands:
        screen.note("No deal has been scored yet.")
        return
    sides = screen.sides
    names = [screen.side_name(side).plain for side in sides]
    table = Table(
        title="Score deal by deal",
        box=box.ASCII if screen.plain else box.SIMPLE,
        show_edge=False,
        pad_edge=False,
    )
    table.add_column("Deal", justify="right")
    table.add_column("Result")
    for name in names:
        table.add_column(name, justify="right")
    for deal, outcome, points, totals in score_rows(hands, sides):
        table.add_row(deal, outcome, *score_cells(points, totals))
    screen.print(table)

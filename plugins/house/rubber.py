"""Rubber: the match is best of three games, scored in rubber points.

The first side to win two games wins the rubber. Each game is played as usual from 0-0
(with ``laps``, from the carried surplus). When the rubber is won, each side's rubber
points are added up according to ``rubber_system``:

* ``laws1888`` (default; the 1888 Laws): each game won counts 1, or 2 if the losers did
  not score; the winners of the rubber add 2. The rubber is won by the difference.
* ``bicycle`` (Bicycle Cards): each game won is worth 3 rubber points if the losers had 0
  or less, 2 if they had 1 or 2, 1 if they had 3 or more; the rubber is won by 2 plus the
  winners' rubber points minus the losers'.

The core plays the games one after another in one :class:`~euchre_core.state.State`:
each game but the last ends with a :class:`~euchre_core.events.GameWon` event
(``state.games``), the rubber with ``GameOver``, whose ``extra`` holds the rubber
points by side (``rubber_points``) and the margin (``rubber_margin``), also given in
words in its reason. With ``slam`` a slam counts two games (it wins the rubber at once).

Options:

* ``rubber_system`` — ``laws1888`` (default) or ``bicycle``.

Applies to: ``standard``.

Sources: Leeds & Dwight, The Laws of Euchre (1888), rules 1, 7; Bicycle Cards, “Euchre”.
"""

from __future__ import annotations

from collections.abc import Generator

from euchre_plugins.house.match import game_result_wrapper, table_wrapper

from euchre_core.config import Config, Option
from euchre_core.hookspecs import hookimpl
from euchre_core.model import GameResult, Table
from euchre_core.state import State

NAME = "rubber"
APPLIES_TO = ("standard",)


@hookimpl
def euchre_add_options() -> list[Option]:
    return [
        Option(
            "rubber_system",
            str,
            "laws1888",
            "How a rubber is scored: each game 1, or 2 if the losers did not score, plus 2 "
            "for the rubber (laws1888); each game 3, 2 or 1 by the losers' score, the "
            "rubber by 2 plus the difference (bicycle).",
            choices=("laws1888", "bicycle"),
        )
    ]


@hookimpl(wrapper=True)
def euchre_table(config: Config) -> Generator[None, Table, Table]:
    return (yield from table_wrapper(config))


@hookimpl(wrapper=True)
def euchre_game_result(state: State) -> Generator[None, GameResult | None, GameResult | None]:
    return (yield from game_result_wrapper(state))

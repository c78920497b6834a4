"""Slam: a game won before the opponents score anything counts as two games.

When a side reaches the target while every other side still has no point (the losers
end the game at 0), that game counts as two games won in the match. In the default
match (best of three) a slam therefore wins the match at once.

A slam needs a match of several games: the match is won by the first side to win
``games_to_win`` games, a slam counting two. The core plays the games one after another
in one :class:`~euchre_core.state.State`: each game but the last ends with a
:class:`~euchre_core.events.GameWon` event (``state.games``), the match with
``GameOver``. With ``laps``, points carried into a game count as points of that game: a
side that starts a game with carried points cannot be slammed in it. With ``rubber``, a
slam counts two games toward the rubber's two; the rubber points are those of its
``rubber_system`` (both systems already value a game the losers did not score higher).

Options:

* ``games_to_win`` (default 2, best of three): games a side must win to take the match.
  With ``laps`` the two plugins' values must agree; with ``rubber`` it must be 2.

Applies to: ``standard``.

Sources: Bicycle Cards, “Railroad Euchre” (Leeds & Dwight, The Laws of Euchre (1888), rule
7 in rubber play: a game counts two if the losers did not score).
"""

from __future__ import annotations

from collections.abc import Generator

from euchre_plugins.house.match import (
    game_result_wrapper,
    games_to_win_option,
    table_wrapper,
)

from euchre_core.config import Config, Option
from euchre_core.hookspecs import hookimpl
from euchre_core.model import GameResult, Table
from euchre_core.state import State

NAME = "slam"
APPLIES_TO = ("standard",)


@hookimpl
def euchre_add_options() -> list[Option]:
    return [
        games_to_win_option(
            "Games a side must win to take the match, a slam counting two (2: best of three)."
        )
    ]


@hookimpl(wrapper=True)
def euchre_table(config: Config) -> Generator[None, Table, Table]:
    return (yield from table_wrapper(config))


@hookimpl(wrapper=True)
def euchre_game_result(state: State) -> Generator[None, GameResult | None, GameResult | None]:
    return (yield from game_result_wrapper(state))

"""Laps: points beyond the target are carried into the next game.

The game is played as usual; when a side wins it with more points than the target, the
surplus is credited to that side at the start of the next game (its partners included),
and the other sides start from 0. For example, with the game to 10, a side at 8 that
scores a lone march (4) wins 12 to whatever, and the next game starts 2-0 for it.
A surplus at or above the target is carried in full (no
source limits it): that side then wins the next game after its first hand.

Laps needs a match of several games: the match is won by the first side to win
``games_to_win`` games. The core plays the games one after another in one
:class:`~euchre_core.state.State`: each game but the last ends with a
:class:`~euchre_core.events.GameWon` event (``state.games``), the match with
``GameOver``. With ``slam``, a game won before the losers score counts as two; with
``rubber``, the match is a rubber (best of three) scored in rubber points, and laps still
carries the surplus from game to game.

Options:

* ``games_to_win`` (default 2, best of three): games a side must win to take the match.
  With ``slam`` the two plugins' values must agree; with ``rubber`` it must be 2.

Applies to: ``standard``.

Sources: euchrelinks.com, “Variations”; Bicycle Cards, “Railroad Euchre”.
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

NAME = "laps"
APPLIES_TO = ("standard",)


@hookimpl
def euchre_add_options() -> list[Option]:
    return [games_to_win_option("Games a side must win to take the match (2: best of three).")]


@hookimpl(wrapper=True)
def euchre_table(config: Config) -> Generator[None, Table, Table]:
    return (yield from table_wrapper(config))


@hookimpl(wrapper=True)
def euchre_game_result(state: State) -> Generator[None, GameResult | None, GameResult | None]:
    return (yield from game_result_wrapper(state))

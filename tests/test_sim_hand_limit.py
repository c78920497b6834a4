"""A simulated game that never reaches its target stops at the hand limit, counted as
unfinished, instead of running (and holding memory) for ever.

Random bots in pepper bid peppers at random and sink below zero without end: found when
``compare standard pepper --bots random`` never finished and grew to gigabytes.
"""

from __future__ import annotations

import json

from euchre_cli.main import app
from typer.testing import CliRunner

from euchre_core.analysis.compare import compare
from euchre_core.analysis.sim import GAME_HAND_LIMIT, simulate


def test_a_game_that_never_ends_stops_at_the_limit_without_a_winner() -> None:
    result = simulate("pepper", games=2, bots=["random"], seed=1)
    assert result.stats.games == 2
    assert result.stats.unfinished == 2
    assert result.stats.hands == 2 * GAME_HAND_LIMIT
    assert all(g.winners == () and g.hands == GAME_HAND_LIMIT for g in result.games)


def test_games_that_end_are_not_counted_unfinished() -> None:
    result = simulate("standard", games=20, bots=["random"], seed=1)
    assert result.stats.unfinished == 0
    assert all(g.winners for g in result.games)


def test_single_hands_are_never_unfinished() -> None:
    assert simulate("pepper", hands=50, bots=["random"], seed=1).stats.unfinished == 0


def test_the_command_says_how_many_games_stopped_unfinished() -> None:
    runner = CliRunner()
    out = runner.invoke(app, ["simulate", "pepper", "--games", "1", "--bots", "random", "--json"])
    assert out.exit_code == 0, out.output
    assert json.loads(out.output)["unfinished_games"] == 1
    table = runner.invoke(app, ["simulate", "pepper", "--games", "1", "--bots", "random"])
    assert "stopped unfinished" in table.output
    assert f"{GAME_HAND_LIMIT:,} hands" in table.output


def test_a_comparison_with_never_ending_games_finishes() -> None:
    c = compare(["standard", "pepper"], games=2, bots=["random"], seed=1)
    assert c.completed == 2

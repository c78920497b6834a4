"""Napoleon and Buck euchre at the command line: a watched game ends with a winner (every
player count is watched in process in test_napoleon and test_buck), its save replays
through the rules, and ``euchre compare`` pairs rule sets of each game (a person's whole
game at a terminal is in ``test_cli_table_terminal``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import invoke

WATCHED = [
    ["napoleon"],
    ["napoleon", "--players", "7"],
    ["napoleon-3", "-o", "napoleon.deck=stripped_by_players", "-o", "napoleon.joker=true"],
    ["buck"],
    ["buck", "--players", "3"],
    ["buck", "-o", "buck.trump_mode=order_up"],
    ["buck", "-o", "buck.direction=up"],
]


@pytest.mark.parametrize("args", WATCHED, ids=[" ".join(a) for a in WATCHED])
def test_a_watched_game_ends_with_a_winner_and_its_save_replays(args: list[str], in_tmp: Path):
    result = invoke("play", *args, "--watch", "--seed", "4", "--bots", "heuristic", "--ascii")
    assert result.exit_code == 0, result.output[-2000:]
    assert "Game over: " in result.output and " wins" in result.output
    assert "Traceback" not in result.output and "=" not in result.output.split("Game over")[0]
    saves = sorted(in_tmp.glob("euchre-*.json"))
    assert saves
    check = invoke("replay", str(saves[-1]), "--check", "--json")
    assert check.exit_code == 0, check.output[-2000:]
    assert json.loads(check.output)


@pytest.mark.parametrize(
    "specs",
    [
        ["napoleon", "napoleon:napoleon.payment_table=eb1911"],
        ["buck", "buck:buck.trump_mode=order_up"],
    ],
)
def test_compare_pairs_two_rule_sets_of_the_game_on_the_same_deals(specs: list[str]):
    result = invoke("compare", *specs, "--games", "12", "--seed", "1", "--json")
    assert result.exit_code == 0, result.output[-2000:]
    data = json.loads(result.output)
    assert len(data["specs"]) == 2 and data["paired"], "the same pack and seats: paired"

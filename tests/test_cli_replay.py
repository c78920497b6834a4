"""euchre replay: stepping through saved games, and --check of recorded EGN games."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from euchre_cli.main import app
from typer.testing import CliRunner

from euchre_core import new_game
from euchre_core.bots import make_bot
from euchre_core.records.history import record_of, save_record

runner = CliRunner()
EGN_DIR = Path(__file__).parent / "data" / "egn"
EGN_FILES = sorted(EGN_DIR.glob("*.egn"))


def invoke(*args: str, input: str | None = None):
    return runner.invoke(app, list(args), input=input)


@pytest.fixture
def saved(tmp_path: Path) -> Path:
    """A finished standard game to 4, played by random bots, saved as JSON."""
    state = new_game("standard", seed=21, options=["standard.target_score=4"])
    bot = make_bot("random", 1)
    while not state.is_over:
        state.apply(bot.choose(None, state.legal_actions()))
    path = tmp_path / "game.json"
    save_record(record_of(state), path)
    return path


def test_there_are_recorded_egn_games() -> None:
    assert len(EGN_FILES) >= 8


@pytest.mark.parametrize("path", EGN_FILES, ids=lambda p: p.stem)
def test_each_recorded_egn_game_replays_to_its_recorded_end(path: Path) -> None:
    result = invoke("replay", str(path), "--check", "--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert len(report["deals"]) == len(data["deals"])
    assert report["finished"] is True
    assert max(report["final_score"]) >= 10
    start = data["metadata"].get("initialScore", [0, 0])
    gained = [sum(d["points"][i] for d in report["deals"]) for i in range(2)]
    assert [s + g for s, g in zip(start, gained, strict=True)] == report["final_score"]


def test_check_prints_each_deal_and_the_final_score() -> None:
    result = invoke("replay", str(EGN_DIR / "six-points-in-two-hands.egn"), "--check", "--ascii")
    assert result.exit_code == 0, result.output
    assert "lone march" in result.output
    assert "final" in result.output
    assert "won by" in result.output


def test_check_json_points_are_per_partnership(saved: Path) -> None:
    report = json.loads(invoke("replay", str(saved), "--check", "--json").output)
    assert report["side_seats"] == [[0, 2], [1, 3]]
    assert all(len(d["points"]) == 2 for d in report["deals"])
    assert report["final_score"] == [sum(d["points"][i] for d in report["deals"]) for i in (0, 1)]


def test_check_names_the_deal_and_the_illegal_action(saved: Path) -> None:
    data = json.loads(saved.read_text(encoding="utf-8"))
    i = next(k for k, (_, a) in enumerate(data["actions"]) if a.startswith("play"))
    data["actions"][i][1] = "play JK"
    saved.write_text(json.dumps(data), encoding="utf-8")
    result = invoke("replay", str(saved), "--check")
    assert result.exit_code == 1
    assert f"deal 1, action {i + 1}" in result.output
    assert "JK" in result.output


def test_check_names_an_action_recorded_for_the_wrong_seat(saved: Path) -> None:
    data = json.loads(saved.read_text(encoding="utf-8"))
    data["actions"][0][0] = (data["actions"][0][0] + 1) % 4
    saved.write_text(json.dumps(data), encoding="utf-8")
    result = invoke("replay", str(saved), "--check", "--json")
    assert result.exit_code == 1
    assert "action 1" in result.output


def test_check_refuses_a_record_that_contradicts_its_final_score(saved: Path) -> None:
    data = json.loads(saved.read_text(encoding="utf-8"))
    data["meta"] = {"final_scores": [0, 0]}
    saved.write_text(json.dumps(data), encoding="utf-8")
    result = invoke("replay", str(saved), "--check")
    assert result.exit_code == 1
    assert "final score" in result.output


def test_check_refuses_a_record_whose_result_the_replay_does_not_reach(saved: Path) -> None:
    data = json.loads(saved.read_text(encoding="utf-8"))
    assert data["result"]["winners"]
    losers = [s for s in range(4) if s not in data["result"]["winners"]]
    data["result"]["winners"] = losers
    saved.write_text(json.dumps(data), encoding="utf-8")
    result = invoke("replay", str(saved), "--check")
    assert result.exit_code == 1, result.output
    assert f"result.winners: the record says {losers}" in result.output


def test_check_refuses_a_result_recorded_for_a_game_still_going_on(saved: Path) -> None:
    data = json.loads(saved.read_text(encoding="utf-8"))
    data["actions"] = data["actions"][:10]
    saved.write_text(json.dumps(data), encoding="utf-8")
    result = invoke("replay", str(saved), "--check")
    assert result.exit_code == 1, result.output
    assert "the record says the game ended" in result.output


def test_a_file_that_is_not_a_saved_game_is_refused(tmp_path: Path) -> None:
    junk = tmp_path / "junk.json"
    junk.write_text("{not json", encoding="utf-8")
    result = invoke("replay", str(junk), "--check")
    assert result.exit_code == 1
    assert "not JSON" in result.output
    assert invoke("replay", str(tmp_path / "none.json")).exit_code == 1


def test_replay_with_open_hands_prints_every_trick(saved: Path) -> None:
    result = invoke("replay", str(saved), "--open", "--ascii")
    assert result.exit_code == 0, result.output
    assert "Hands:" in result.output
    assert "Trick 5:" in result.output
    assert "Game over" in result.output


def test_replay_from_one_seat_draws_only_that_seats_view(saved: Path) -> None:
    result = invoke("replay", str(saved), "--seat", "1", "--ascii")
    assert result.exit_code == 0, result.output
    assert "Hands:" not in result.output
    assert "Your hand" in result.output
    assert "Game over" in result.output


def test_replay_seat_and_open_together_is_a_usage_error(saved: Path) -> None:
    assert invoke("replay", str(saved), "--seat", "1", "--open").exit_code == 2
    assert invoke("replay", str(saved), "--seat", "9").exit_code == 2


def test_a_player_saved_as_you_is_spoken_to_in_the_second_person(tmp_path: Path) -> None:
    state = new_game("standard", seed=21, options=["standard.target_score=4"])
    bot = make_bot("random", 1)
    while not state.is_over:
        state.apply(bot.choose(None, state.legal_actions()))
    path = tmp_path / "mine.json"
    save_record(record_of(state, players=["You", "West", "North", "East"]), path)
    out = invoke("replay", str(path), "--open", "--ascii").output
    for third in ("You plays", "You passes", "You deals", "You wins", "You orders"):
        assert third not in out
    assert "You play " in out

"""Input is checked where it comes in: typed text, saved games, EGN files, the API and
options. A wrong value is one line naming it (a field's path in a file), never a
traceback, and never read as something else (a float as an integer, true as a seat)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from euchre_cli.main import app
from euchre_cli.play import Choices, interpret
from helpers import make_deal
from typer.testing import CliRunner

from euchre_core import EuchreError, load_variant, new_game, new_hand, parse_action
from euchre_core.bots import make_bot
from euchre_core.errors import ArgumentError, ConfigError, RecordError
from euchre_core.records.history import (
    deal_to_json,
    load_record,
    record_from_json,
    record_of,
    replay,
)

runner = CliRunner()
EGN = Path(__file__).parent / "data" / "egn" / "six-points-in-two-hands.egn"
HUGE = "1" * 4301


def _game(variant: str = "standard", actions: int = 30) -> dict[str, Any]:
    state = new_game(variant, seed=5)
    bot = make_bot("random", 5)
    while state.to_act is not None and len(state.actions) < actions:
        state.apply(bot.choose(None, state.legal_actions()))
    record = record_of(state, [f"P{s}" for s in range(state.seats)])
    record.meta = {"seat": 0}
    return record.to_json()


def _write(tmp_path: Path, data: Any, name: str = "game.json") -> Path:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A resumed game that is interrupted is saved in the current folder: the test's."""
    monkeypatch.chdir(tmp_path)


def _refused(path: Path, *parts: str) -> str:
    """``replay --check`` and ``resume`` both refuse the file in one line naming ``parts``."""
    for args in (["replay", str(path), "--check"], ["resume", str(path)]):
        result = runner.invoke(app, args, input="")
        assert result.exit_code == 1, (args, result.output)
        assert not isinstance(result.exception, Exception) or isinstance(
            result.exception, SystemExit
        ), result.exception
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1, result.stderr
        for part in parts:
            assert part in lines[0], lines[0]
    return lines[0]


# -- typed text --------------------------------------------------------------------------


@pytest.mark.parametrize("text", [f"bid {HUGE}", f"partner {HUGE}", "bid 100", "partner 8"])
def test_a_number_out_of_range_in_an_action_is_refused_with_its_limits(text: str) -> None:
    with pytest.raises(EuchreError) as e:
        parse_action(text)
    assert "\n" not in str(e.value)
    assert len(str(e.value)) < 200


def test_bids_and_seats_within_range_still_read() -> None:
    assert str(parse_action("bid 99")) == "bid 99"
    assert str(parse_action("bid 007")) == "bid 7"
    assert str(parse_action("partner 3")) == "partner 3"
    with pytest.raises(EuchreError, match="negative"):
        parse_action("bid -2")


@pytest.mark.parametrize("value", [None, 17, ["play", "JH"]])
def test_an_action_that_is_not_text_is_an_engine_error(value: Any) -> None:
    with pytest.raises(EuchreError, match="an action is text"):
        parse_action(value)


def test_the_prompt_reads_a_huge_number_as_no_choice() -> None:
    state = new_game("auction", seed=3)
    seat = state.to_act
    assert seat is not None
    choices = Choices(state.view(seat), state.legal_actions())
    for typed in (HUGE, f"bid {HUGE}", "²"):
        answer = interpret(typed, state, choices)
        assert isinstance(answer, str), typed


# -- saved games -------------------------------------------------------------------------


def test_a_saved_bid_with_thousands_of_digits_is_refused(tmp_path: Path) -> None:
    data = _game("auction", 6)
    data["actions"][0][1] = f"bid {HUGE}"
    _refused(_write(tmp_path, data), "actions[0][1]: 4,305 characters is too long (at most 100)")


def test_a_huge_number_anywhere_in_a_file_is_refused(tmp_path: Path) -> None:
    text = json.dumps(_game()).replace('"seed": 5', f'"seed": {HUGE}')
    _refused(_write(tmp_path, text), "game.json")


@pytest.mark.parametrize(
    ("where", "value", "path"),
    [
        ("card", 17, "deals[0].hands[1][2]: expected a card code, got 17"),
        ("card", None, "deals[0].hands[1][2]: expected a card code, got null"),
        ("meta", [1, 2], "meta: expected an object, got a list"),
        ("players", [1, 2, 3, 4], "players[0]: expected a string, got 1"),
        ("dealer", 2.7, "dealer: expected a seat from 0 to 7, got 2.7"),
        ("dealer", True, "dealer: expected a seat from 0 to 7, got true"),
        ("scores", [1.9, 0, 1.9, 0], "scores[0]: expected an integer"),
        ("seat", -1, "meta.seat: -1 is out of range (0 to 7)"),
        ("seat", True, "meta.seat: expected a seat from 0 to 7, got true"),
        ("seat", 6, "meta.seat: 6 is not a seat of this game (0 to 3)"),
        ("action", [0.0, "pass"], "actions[0][0]: expected a seat"),
        ("action", ["pass"], "actions[0]: expected [seat, action]"),
    ],
)
def test_a_wrong_value_in_a_saved_game_names_its_path(
    tmp_path: Path, where: str, value: Any, path: str
) -> None:
    data = _game()
    if where == "card":
        deal = deal_to_json(make_deal({0: "9C TC JC QC KC"}, up="9D"))
        deal["hands"][1][2] = value
        data["deals"] = [deal]
    elif where == "seat":
        data["meta"]["seat"] = value
    elif where == "action":
        data["actions"][0] = value
    else:
        data[where] = value
    _refused(_write(tmp_path, data), path)


def test_json_nested_100000_deep_is_refused(tmp_path: Path) -> None:
    deep = "[" * 100_000 + "]" * 100_000
    text = json.dumps(_game()).replace('"meta": {"seat": 0}', f'"meta": {deep}')
    assert deep in text
    _refused(_write(tmp_path, text), "nested too deep")
    text = json.dumps(_game()).replace('"meta": {"seat": 0}', '"meta": ' + "[" * 40 + "]" * 40)
    _refused(_write(tmp_path, text), "nested more than 32 levels deep")


def test_partners_must_start_level(tmp_path: Path) -> None:
    data = _game()
    data["scores"] = [3, 0, 1, 0]
    _refused(_write(tmp_path, data), "partners start level")
    with pytest.raises(EuchreError, match="partners start level"):
        new_game("standard", scores=[3, 0, 1, 0])


def test_a_target_beyond_the_limit_is_refused_in_a_file_and_on_the_command_line(
    tmp_path: Path,
) -> None:
    data = _game()
    data["variant"].setdefault("options", {}).setdefault("standard", {})["target_score"] = 10**30
    _refused(_write(tmp_path, data), "standard.target_score", "above the maximum 1000")
    with pytest.raises(ConfigError, match="above the maximum 1000"):
        load_variant("standard", options=["standard.target_score=1000000000000000000000"])
    with pytest.raises(ConfigError, match="out of range"):
        load_variant("standard", options=[f"standard.target_score={HUGE}"])
    assert (
        load_variant("standard", options=["standard.target_score=1000"]).option(
            "standard.target_score"
        )
        == 1000
    )


def test_a_well_typed_unknown_field_is_kept_for_whoever_reads_it(tmp_path: Path) -> None:
    data = _game()
    data["meta"]["finished"] = False
    data["autosaved"] = "2026-12-01T12:00"
    record = load_record(_write(tmp_path, data))
    assert record.meta["finished"] is False
    assert replay(record).actions


def test_a_valid_saved_game_reads_back_unchanged(tmp_path: Path) -> None:
    data = _game("pepper", 40)
    record = record_from_json(data, "game.json")
    assert record.to_json() == data


# -- EGN ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("players", [1, 2, 3, 4]), "metadata.players[0]: expected a string, got 1"),
        (("initialScore", [4.5, 9]), "metadata.initialScore[0]: expected an integer"),
        (("ruleset", {"loner_lead": {}}), "loner_lead: unknown value"),
        (("ruleset", {"winning_score": 10**30}), "winning_score"),
    ],
)
def test_a_wrong_value_in_an_egn_file_names_its_field(
    tmp_path: Path, change: tuple[str, Any], message: str
) -> None:
    data = json.loads(EGN.read_text(encoding="utf-8"))
    data["metadata"][change[0]] = change[1]
    _refused(_write(tmp_path, data, "game.egn"), message)


def test_egn_cards_given_as_numbers_are_refused(tmp_path: Path) -> None:
    data = json.loads(EGN.read_text(encoding="utf-8"))
    data["deals"][0]["phases"][1]["tricks"][0][1] = 17
    _refused(_write(tmp_path, data, "game.egn"), "a card must be a string")


# -- the API -----------------------------------------------------------------------------


def test_apply_of_something_that_is_not_an_action_is_an_engine_error() -> None:
    state = new_game("standard", seed=1)
    for wrong in (None, "pass", 3):
        with pytest.raises(ArgumentError, match="expected an Action"):
            state.apply(wrong)  # type: ignore[arg-type]
    assert state.actions == []


@pytest.mark.parametrize(
    ("kwargs", "name"),
    [
        ({"players": "4"}, "players"),
        ({"players": 4.0}, "players"),
        ({"dealer": 2.7}, "dealer"),
        ({"dealer": True}, "dealer"),
        ({"scores": [1.9, 0, 1.9, 0]}, "scores"),
        ({"seed": 1.5}, "seed"),
        ({"rules": "stick-the-dealer"}, "rules"),
        ({"options": "standard.target_score=5"}, "options"),
        ({"deals": ["not a deal"]}, "deals"),
    ],
)
def test_new_game_names_an_argument_of_the_wrong_type(kwargs: dict[str, Any], name: str) -> None:
    with pytest.raises(ArgumentError, match=f"new_game: {name}: expected"):
        new_game("standard", **kwargs)


def test_new_hand_names_a_wrong_deal_and_view_an_unknown_seat() -> None:
    with pytest.raises(ArgumentError, match="new_hand: deal: expected a Deal"):
        new_hand("standard", "9C TC")  # type: ignore[arg-type]
    state = new_game("standard", seed=1)
    with pytest.raises(ArgumentError, match="not a seat"):
        state.view(4)
    with pytest.raises(ArgumentError, match="not a seat"):
        state.visible_events(-1)
    # Both are still the built-in errors such calls raised before.
    with pytest.raises(TypeError):
        new_game("standard", players="4")  # type: ignore[arg-type]


def test_a_bad_record_is_a_record_error_through_the_api() -> None:
    with pytest.raises(RecordError, match="meta: expected an object"):
        record_from_json({**_game(), "meta": []}, "x")

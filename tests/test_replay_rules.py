"""``euchre replay FILE --check`` with ``--rule`` and ``-o``: a record made under a house
rule it does not write down is refused strictly, and the error names the rule that would
allow the refused step; with that rule the record replays."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from euchre_cli.main import app
from typer.testing import CliRunner

from euchre_core import new_game
from euchre_core.bots import make_bot
from euchre_core.config import load_variant
from euchre_core.records.allowing import Allowance, candidates
from euchre_core.records.history import record_of

runner = CliRunner()
EGN = Path(__file__).parent / "data" / "egn" / "epic-comeback.egn"


def _buried_upcard(tmp_path: Path) -> Path:
    """``epic-comeback.egn`` with one change: in deal 0 the dealer (seat 0) took the
    up-card TH and played QH (an unseen card) in the first trick instead: he buried the
    up-card, which the strict rules forbid."""
    data = json.loads(EGN.read_text(encoding="utf-8"))
    deal = data["deals"][0]
    assert deal["initialState"] == {**deal["initialState"], "dealer": 0, "upCard": "Th"}
    trick = next(p for p in deal["phases"] if p["type"] == "TRICK_PLAY")["tricks"][0]
    assert trick == ["Kh", "Jh", "9h", "Th"]
    trick[3] = "Qh"
    path = tmp_path / "buried.egn"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _invoke(*args: str) -> Any:
    return runner.invoke(app, list(args))


def test_a_buried_upcard_is_refused_naming_the_rule_that_allows_it(tmp_path: Path) -> None:
    path = _buried_upcard(tmp_path)
    result = _invoke("replay", str(path), "--check")
    assert result.exit_code == 1
    (line,) = result.stderr.strip().splitlines()
    assert "deal 0" in line
    assert "the dealer discarded the up-card TH: these rules forbid it" in line
    assert line.endswith("replay with --rule discard-upcard")


def test_the_record_replays_under_the_named_rule_or_its_option(tmp_path: Path) -> None:
    path = _buried_upcard(tmp_path)
    for extra in (["--rule", "discard-upcard"], ["-o", "standard.discard_may_be_upcard=true"]):
        result = _invoke("replay", str(path), "--check", "--json", *extra)
        assert result.exit_code == 0, result.output
        report = json.loads(result.stdout)
        assert report["ok"] is True
        assert report["final_score"] == [11, 9]


def test_the_unchanged_record_replays_as_before_and_names_no_rule() -> None:
    result = _invoke("replay", str(EGN), "--check", "--json")
    assert result.exit_code == 0
    assert json.loads(result.stdout)["final_score"] == [11, 9]


def test_a_saved_game_with_a_no_trump_call_names_the_rule(tmp_path: Path) -> None:
    state = new_game("standard", seed=4, rules=["no-trump-call"])
    for text in ["pass"] * 4 + ["call NT"]:
        state.apply_text(text)
    bot = make_bot("random", 4)
    while not state.is_over:
        state.apply(bot.choose(None, state.legal_actions()))
    data = record_of(state).to_json()
    data["variant"]["plugins"].remove("no-trump-call")
    data["variant"]["options"].pop("no-trump-call", None)
    path = tmp_path / "nt.json"
    path.write_text(json.dumps(data), encoding="utf-8")

    result = _invoke("replay", str(path), "--check")
    assert result.exit_code == 1
    (line,) = result.stderr.strip().splitlines()
    assert "action 5 (0: 'call NT')" in line
    assert "--rule no-trump-call" in line

    result = _invoke("replay", str(path), "--check", "--json", "--rule", "no-trump-call")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["final_score"] == [
        state.scores[s[0]] for s in state.table.sides
    ]


def test_an_unknown_rule_on_the_command_line_is_a_usage_error() -> None:
    result = _invoke("replay", str(EGN), "--check", "--rule", "no-such-rule")
    assert result.exit_code == 2
    assert "no-such-rule" in result.stderr


def test_the_candidates_come_from_the_plugins_and_their_options() -> None:
    config = load_variant("standard")
    found = candidates(config)
    rules = {r for a in found for r in a.rules}
    options = {o for a in found for o in a.options}
    assert {"discard-upcard", "stick-the-dealer", "no-trump-call"} <= rules
    assert "standard.discard_may_be_upcard=true" in options
    # Nothing already in the variant, nothing that cannot join it.
    with_rule = load_variant("standard", rules=["stick-the-dealer"])
    assert Allowance(rules=("stick-the-dealer",)) not in candidates(with_rule)
    assert all(a.command_line().startswith(("--rule ", "-o ")) for a in found)


def test_a_saved_game_that_writes_the_strict_option_down_still_names_the_rule(
    tmp_path: Path,
) -> None:
    """An older saved game writes every option, ``standard.discard_may_be_upcard =
    false`` too; the named rule still goes on top of it."""
    from euchre_core.records.egn import read_egn
    from euchre_core.records.history import save_record

    record = read_egn(_buried_upcard(tmp_path), rules=["discard-upcard"])
    record.variant["plugins"].remove("discard-upcard")
    options = record.variant.setdefault("options", {})
    options.setdefault("standard", {})["discard_may_be_upcard"] = False
    path = tmp_path / "buried.json"
    save_record(record, path)

    result = _invoke("replay", str(path), "--check")
    assert result.exit_code == 1
    assert result.stderr.strip().endswith("replay with --rule discard-upcard")
    result = _invoke("replay", str(path), "--check", "--json", "--rule", "discard-upcard")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["final_score"] == [11, 9]


def test_a_record_the_command_lines_rules_end_sooner_says_so_and_suggests_no_rule(
    tmp_path: Path,
) -> None:
    # With -o standard.target_score=2 it said "deal 1, action 21: the game was already
    # over; replay with --rule laps or --rule rubber or --rule target-15": the action was
    # of the next deal, and the rules to add were beside the point.
    state = new_game("standard", seed=4)
    bots = {s: make_bot("heuristic", f"4/{s}") for s in range(state.seats)}
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        state.apply(bots[seat].choose(state.view(seat), state.legal_actions()))
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record_of(state).to_json()), encoding="utf-8")
    first = state.hand_records[0]
    assert max(first.points) >= 1
    result = _invoke("replay", str(path), "--check", "-o", "standard.target_score=1")
    assert result.exit_code == 1
    (line,) = result.stderr.strip().splitlines()
    deal = next(i for i, h in enumerate(state.hand_records) if max(h.scores) >= 1) + 1
    assert f"the game was over after deal {deal} (reached" in line, line
    assert line.endswith("the record's own rules take it, -o standard.target_score=1 refuses it"), (
        line
    )
    assert "replay with" not in line

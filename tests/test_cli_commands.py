"""The euchre command: every command, its output and its exit codes (CliRunner)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from euchre_cli.main import app
from typer.testing import CliRunner

from euchre_core.errors import ConfigError

runner = CliRunner()
COMMANDS = [
    "play",
    "resume",
    "replay",
    "variants",
    "plugins",
    "rules",
    "simulate",
    "compare",
    "duel",
    "learn",
    "glossary",
    "new-plugin",
]


def invoke(*args: str, input: str | None = None, env: dict[str, str] | None = None):
    return runner.invoke(app, list(args), input=input, env=env)


# ---------------------------------------------------------------------------------------
# Help, version
# ---------------------------------------------------------------------------------------


def test_version_names_the_package() -> None:
    result = invoke("--version")
    assert result.exit_code == 0
    assert result.output.startswith("euchre ")


@pytest.mark.parametrize("command", [[], *([c] for c in COMMANDS), ["variants", "show"]])
@pytest.mark.parametrize("flag", ["-h", "--help"])
def test_every_command_has_help(command: list[str], flag: str) -> None:
    result = invoke(*command, flag)
    assert result.exit_code == 0, result.output
    assert "Usage:" in result.output


def test_no_command_shows_the_help_and_lists_every_command() -> None:
    result = invoke()
    for c in COMMANDS:
        assert c in result.output


def test_an_unknown_command_is_a_usage_error() -> None:
    result = invoke("plya")
    assert result.exit_code == 2


# ---------------------------------------------------------------------------------------
# Configuration errors: one line, the key, exit 2
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("command", ["play", "rules", "simulate"])
def test_an_unknown_variant_suggests_the_near_name(command: str) -> None:
    result = invoke(command, "standrd")
    assert result.exit_code == 2
    assert "unknown variant 'standrd'" in result.output
    assert "did you mean 'standard'" in result.output
    assert "Traceback" not in result.output


def test_variants_show_of_an_unknown_variant_fails_with_a_suggestion() -> None:
    result = invoke("variants", "show", "two-hnad")
    assert result.exit_code == 2
    assert "did you mean 'two-hand'" in result.output


def test_a_toml_syntax_error_names_the_file_and_the_line(tmp_path: Path) -> None:
    bad = tmp_path / "broken.toml"
    bad.write_text('[variant]\nname = "x\nplugins = ["tricks"]\n', encoding="utf-8")
    result = invoke("play", str(bad), "--watch", "--seed", "1")
    assert result.exit_code == 2
    assert "broken.toml" in result.output
    assert "TOML syntax error" in result.output
    assert "line 2" in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_a_wrong_value_type_in_a_variant_file_names_the_dotted_key(tmp_path: Path) -> None:
    bad = tmp_path / "house.toml"
    bad.write_text(
        '[variant]\nextends = "standard"\n\n[options.standard]\ntarget_score = "ten"\n',
        encoding="utf-8",
    )
    result = invoke("rules", str(bad))
    assert result.exit_code == 2
    assert "options.standard.target_score" in result.output
    assert "expected an integer" in result.output


def test_a_misspelled_key_in_a_variant_file_gets_a_suggestion(tmp_path: Path) -> None:
    bad = tmp_path / "house.toml"
    bad.write_text(
        '[variant]\nextends = "standard"\n\n[options.standard]\ntarget_scor = 5\n',
        encoding="utf-8",
    )
    result = invoke("variants", "show", str(bad))
    assert result.exit_code == 2
    assert "target_scor" in result.output
    assert "did you mean 'target_score'" in result.output


@pytest.mark.parametrize(
    ("override", "expected"),
    [
        ("standard.target_score=ten", "standard.target_score: expected an integer"),
        ("standard.target_scor=5", "did you mean 'target_score'"),
        ("target_score=5", "expected PLUGIN.KEY=VALUE"),
        ("nosuch.key=1", "not in this variant's plugins"),
    ],
)
def test_a_bad_option_override_says_what_is_wrong(override: str, expected: str) -> None:
    for command in (["play", "--watch"], ["rules"], ["simulate", "--games", "1"]):
        result = invoke(*command, "standard", "-o", override)
        assert result.exit_code == 2, (command, result.output)
        assert expected in result.output, (command, result.output)
        assert "Traceback" not in result.output


def test_an_unknown_rule_suggests_the_near_name() -> None:
    result = invoke("play", "--watch", "--rule", "stick-the-dealr")
    assert result.exit_code == 2
    assert "did you mean 'stick-the-dealer'" in result.output


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("stick", "(did you mean 'stick-the-dealer'?)"),  # it said 'tricks'
        ("alone", "(did you mean 'alone-takeover', 'anyone-alone' or 'defend-alone'?)"),
    ],
)
def test_a_part_of_a_rules_name_suggests_the_rules_holding_it(typed: str, expected: str) -> None:
    result = invoke("play", "--watch", "--rule", typed)
    assert result.exit_code == 2
    assert result.output.strip().endswith(expected), result.output


def test_euchre_debug_lets_the_exception_through() -> None:
    result = invoke("rules", "standrd", env={"EUCHRE_DEBUG": "1"})
    assert result.exit_code != 0
    assert isinstance(result.exception, ConfigError)


def test_a_seat_that_does_not_exist_is_refused() -> None:
    result = invoke("play", "--seat", "7", "--seed", "1")
    assert result.exit_code == 2
    assert "seats 0 to 3" in result.output


# ---------------------------------------------------------------------------------------
# variants, plugins, rules
# ---------------------------------------------------------------------------------------


def test_variants_lists_name_title_and_players() -> None:
    result = invoke("variants", "--ascii")
    assert result.exit_code == 0
    line = next(ln for ln in result.output.splitlines() if " standard " in f" {ln} ")
    assert "Euchre" in line
    assert "4" in line


def test_variants_show_gives_values_defaults_origins_and_hooks() -> None:
    result = invoke(
        "variants", "show", "standard", "--rule", "stick-the-dealer",
        "-o", "standard.target_score=7", "--ascii",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    out = result.output
    assert "stick-the-dealer" in out
    line = next(ln for ln in out.splitlines() if "standard.target_score =" in ln)
    assert "= 7" in line and "default 10" in line and "command line" in line
    assert "from default" in out
    hooks = next(ln for ln in out.splitlines() if "euchre_legal_bids" in ln)
    assert "stick-the-dealer (w)" in hooks and "standard" in hooks


def test_variants_show_json_says_where_each_value_came_from(tmp_path: Path) -> None:
    house = tmp_path / "house.toml"
    house.write_text(
        '[variant]\nname = "house"\nextends = "standard"\n\n'
        "[options.standard]\ntarget_score = 11\n",
        encoding="utf-8",
    )
    result = invoke("variants", "show", str(house), "--json", "-o", "standard.deck=deck32")
    assert result.exit_code == 0, result.output
    info = json.loads(result.output)
    origins = {o["key"]: o["origin"] for o in info["options"]}
    assert origins["standard.target_score"].endswith("house.toml")
    assert origins["standard.deck"] == "command line"
    assert origins["standard.deal_pattern"] == "default"
    table = next(h for h in info["hooks"] if h["hook"] == "euchre_table")
    assert table["plugins"][-1] == "standard"


def test_plugins_json_lists_package_version_and_hooks() -> None:
    result = invoke("plugins", "--json")
    assert result.exit_code == 0
    rows = {r["name"]: r for r in json.loads(result.output)}
    assert rows["standard"]["package"] == "euchre"
    assert rows["standard"]["version"]
    assert "euchre_table" in rows["standard"]["hooks"]
    assert "euchre_legal_plays" in rows["tricks"]["hooks"]
    assert "euchre_legal_bids" in rows["stick-the-dealer"]["wrappers"]


def test_plugins_table_marks_wrappers() -> None:
    result = invoke("plugins", "--ascii")
    assert result.exit_code == 0
    assert "stick-the-dealer" in result.output
    assert "(w)" in result.output


def test_rules_are_built_from_the_plugin_pages_and_the_options_in_force() -> None:
    result = invoke("rules", "standard", "--rule", "super-euchre", "-o", "standard.target_score=7")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "follow" in out  # the tricks plugin's page
    assert "Super euchre" in out  # the house rule's page
    assert re.search(r"standard\.target_score\W+7\b", out), "the option's row has its value"
    assert "command line" in out
    assert "The first side to reach 7 points wins the game." in out


# ---------------------------------------------------------------------------------------
# simulate
# ---------------------------------------------------------------------------------------


def test_simulate_json_has_the_headline_statistics() -> None:
    result = invoke("simulate", "standard", "--games", "4", "--seed", "3", "--json")
    assert result.exit_code == 0, result.output
    stats = json.loads(result.output)
    for key in (
        "variant", "games", "hands", "seed", "wins", "points_per_hand", "maker_success_rate",
        "march_rate", "euchre_rate", "lone_attempts", "lone_successes",
    ):  # fmt: skip
        assert key in stats, key
    assert stats["variant"] == "standard"
    assert stats["games"] == 4
    assert stats["seed"] == 3
    assert sum(stats["wins"]) == 4
    assert len(stats["points_per_hand"]) == 2
    assert 0 <= stats["maker_success_rate"] <= 1


def test_simulate_is_reproducible_from_its_seed() -> None:
    a = json.loads(invoke("simulate", "--games", "3", "--seed", "9", "--json").output)
    b = json.loads(invoke("simulate", "--games", "3", "--seed", "9", "--json").output)
    a.pop("seconds")
    b.pop("seconds")
    assert a == b


def test_simulate_hands_and_a_table() -> None:
    result = invoke("simulate", "standard", "--hands", "20", "--bots", "random", "--ascii")
    assert result.exit_code == 0, result.output
    assert "maker success rate" in result.output
    assert "hands" in result.output


def test_simulate_an_individual_variant_reports_each_seat() -> None:
    result = invoke("simulate", "cutthroat", "--games", "2", "--json")
    assert result.exit_code == 0, result.output
    stats = json.loads(result.output)
    assert stats["partnerships"] is None
    assert [s["seats"] for s in stats["sides"]] == [[0], [1], [2]]


def test_simulate_refuses_games_and_hands_together() -> None:
    result = invoke("simulate", "--games", "2", "--hands", "2")
    assert result.exit_code == 2
    assert "--games or --hands" in result.output


def test_simulate_an_unknown_bot_is_refused() -> None:
    result = invoke("simulate", "--games", "1", "--bots", "genius")
    assert result.exit_code == 2
    assert "unknown bot 'genius'" in result.output


def test_a_level_names_its_bot_wherever_a_bot_is_named(in_tmp: Path) -> None:
    from euchre_cli.duel import make_duel_bot

    from euchre_core.bots import bot_name, make_bot
    from euchre_core.bots.heuristic import HeuristicBot
    from euchre_core.bots.search import CarelessBot, SearchBot

    assert [bot_name(n) for n in ("Easy", "normal", " HARD ", "random")] == [
        "careless",
        "heuristic",
        "search",
        "random",
    ]
    assert isinstance(make_bot("easy", 1), CarelessBot)
    assert isinstance(make_bot("normal", 1), HeuristicBot)
    hard = make_duel_bot("hard:samples=5", 0)
    assert isinstance(hard, SearchBot) and hard.samples == 5
    result = invoke("simulate", "--hands", "3", "--bots", "normal", "--json")
    assert result.exit_code == 0, result.output
    result = invoke("simulate", "--hands", "3", "--bots", "expert")
    assert result.exit_code == 2
    assert "unknown bot 'expert'" in result.output and "easy, normal, hard" in result.output
    # A game's bots named by level: --think-ms reaches them, and no "not available" note.
    from euchre_cli.play import make_bots

    bots, used = make_bots("Hard", [1, 2], "s", 25.0)
    assert used == "search"
    assert all(isinstance(b, SearchBot) and b.time_budget == 0.025 for b in bots.values())
    result = invoke("play", "--bots", "hard", "--think-ms", "5", "--seed", "2", input="quit\n")
    assert result.exit_code != 2 and "not available" not in result.output, result.output
    for command in ("play", "host"):
        result = invoke(command, "--bots", "hrad")
        assert result.exit_code == 2 and "--bots: unknown bot 'hrad'" in result.output


@pytest.mark.parametrize("command", ["play", "resume", "simulate", "host", "join"])
def test_the_bot_options_help_names_every_bot_and_level(command: str) -> None:
    from euchre_core.bots import BOTS, LEVELS

    result = invoke(command, "--help", env={"COLUMNS": "200", "NO_COLOR": "1"})
    assert result.exit_code == 0, result.output
    # The option's own help: its line and those after it, up to the next option.
    lines = [ln.strip("│ ") for ln in result.output.splitlines()]
    start = next(i for i, ln in enumerate(lines) if re.match(r"(-\w, )?--bots?\b", ln))
    end = next(i for i in range(start + 1, len(lines)) if lines[i].startswith("-"))
    text = " ".join(" ".join(lines[start:end]).split())
    for name in (*BOTS, *LEVELS):
        assert re.search(rf"\b{name}\b", text), (command, name, text)


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["variants", "standard"], "euchre variants show standard"),
        (["play", "--bogus"], "No such option: --bogus"),
        (["simulate", "--games", "abc"], "'abc' is not a valid int"),
        (["plai"], "Did you mean 'play', 'replay'?"),
        (["duel"], "Missing argument 'BOT_A'"),
    ],
)
def test_a_usage_error_is_one_line_and_exit_2(args: list[str], said: str) -> None:
    # click's own form took four lines: the usage, a hint, a blank line and the error
    result = invoke(*args)
    assert result.exit_code == 2
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1, result.output
    assert lines[0].startswith("euchre: ") and said in lines[0]
    assert lines[0].endswith("-h')")


def test_duel_counts_a_level_unit_for_neither_bot() -> None:
    # A deal that gave both seatings the same points counted as one A was not ahead in:
    # "A ahead on points in 50%" for one deal won and one level.
    from euchre_cli.duel import DuelResult, UnitResult

    won = UnitResult(0, [2.0, 1.0], [0.0, 1.0], [1, 1], [True, False], [True, True])
    level = UnitResult(1, [1.0, 0.0], [0.0, 1.0], [1, 1], [True, False], [True, True])
    lost = UnitResult(2, [0.0, 0.0], [1.0, 2.0], [1, 1], [False, False], [True, True])
    result = DuelResult("standard", "a", "b", 0, True, [won, level, won, lost])
    e = result.estimates()["units_won"]
    assert (e.value, e.n) == (2 / 3, 3)
    assert result.level_units() == 1
    assert "of the deals not level (1 level)" in result.report()
    assert result.to_json()["level_units"] == 1


@pytest.mark.parametrize("command", ["simulate", "compare"])
def test_a_wrong_number_of_bots_is_a_usage_error_in_every_command(command: str) -> None:
    # compare ended with 1 and simulate with 2 for the same mistake.
    result = invoke(command, "standard", "--hands", "4", "--bots", "random,random")
    assert result.exit_code == 2, result.output
    assert "2 bots given for" in result.output and "4 seats" in result.output

"""Comparing rule sets: spec syntax, paired deals, metrics that move the right way,
identical results for any number of workers, and the compare command's output."""

from __future__ import annotations

import importlib.util
import json
import math
import re
from collections.abc import Generator
from pathlib import Path
from typing import Any

import pytest
import typer
from euchre_cli.compare import CompareCommand, render_plot, with_plot_value
from euchre_cli.compare import compare as compare_command
from euchre_cli.errors import EuchreGroup
from typer.testing import CliRunner

import euchre_core.analysis.compare as compare_mod
from euchre_core.analysis.compare import compare, pairing, parse_spec, write_csv
from euchre_core.analysis.sim import play_game
from euchre_core.bots import make_bot
from euchre_core.config import load_variant
from euchre_core.errors import ConfigError, EuchreError
from euchre_core.hookspecs import hookimpl
from euchre_core.model import HandScore

runner = CliRunner()


def _app() -> typer.Typer:
    """The compare command under the euchre command group (its error handling)."""
    app = typer.Typer(cls=EuchreGroup, add_completion=False, pretty_exceptions_enable=False)

    @app.callback()
    def main() -> None:
        """euchre"""

    app.command("compare", cls=CompareCommand)(compare_command)
    return app


def invoke(*args: str) -> Any:
    return runner.invoke(_app(), ["compare", *args])


def metric(result: Any, name: str) -> Any:
    for m in result.metrics:
        if m.name == name:
            return m
    raise KeyError(name)


def strip_elapsed(text: str) -> str:
    data = json.loads(text)
    data.pop("elapsed_seconds")
    return json.dumps(data, indent=1)


# ---------------------------------------------------------------------------------------
# Specs
# ---------------------------------------------------------------------------------------


def test_a_spec_names_a_variant_its_rules_and_its_options() -> None:
    rs = parse_spec("standard+defend-alone+stick-the-dealer:standard.lone_euchre_points=4")
    assert rs.spec.variant == "standard"
    assert rs.spec.rules == ("defend-alone", "stick-the-dealer")
    assert rs.spec.options == ("standard.lone_euchre_points=4",)
    assert rs.text == "standard+defend-alone+stick-the-dealer:standard.lone_euchre_points=4"


def test_a_spec_sets_the_number_of_players() -> None:
    assert parse_spec("call-ace:players=6").spec.players == 6


def test_a_variant_file_may_hold_a_plus_in_its_name(tmp_path: Path) -> None:
    f = tmp_path / "my+rules.toml"
    f.write_text('[variant]\nname = "mine"\nextends = "standard"\n', encoding="utf-8")
    rs = parse_spec(f"{f}+stick-the-dealer:standard.target_score=5")
    assert rs.spec.variant == str(f)
    assert rs.spec.rules == ("stick-the-dealer",)
    assert rs.load().option("standard.target_score") == 5


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "empty spec"),
        ("standard+", "empty rule"),
        ("+stick-the-dealer", "no variant"),
        ("standard:target_score=5", "name the plugin"),
        ("standard:standard.target_score", "PLUGIN.KEY=VALUE"),
        ("call-ace:players=six", "whole number"),
    ],
)
def test_a_malformed_spec_is_one_line_naming_it(text: str, words: str) -> None:
    with pytest.raises(ConfigError) as info:
        parse_spec(text)
    assert words in str(info.value)
    assert "\n" not in str(info.value)


def test_an_unknown_rule_in_a_spec_names_the_spec() -> None:
    with pytest.raises(ConfigError) as info:
        parse_spec("standard+stick-the-dealr").load()
    assert "standard+stick-the-dealr" in str(info.value)
    assert "did you mean 'stick-the-dealer'" in str(info.value)


# ---------------------------------------------------------------------------------------
# Pairing
# ---------------------------------------------------------------------------------------


def test_rule_sets_with_the_same_seats_and_pack_are_paired() -> None:
    ok, why = pairing(load_variant("standard"), load_variant("standard", rules=["defend-alone"]))
    assert ok and why == ""


def test_other_player_counts_cannot_be_paired() -> None:
    ok, why = pairing(load_variant("standard"), load_variant("cutthroat"))
    assert not ok
    assert "players" in why


def test_other_packs_cannot_be_paired() -> None:
    ok, why = pairing(
        load_variant("standard"), load_variant("standard", options=["standard.deck=deck32"])
    )
    assert not ok
    assert "pack" in why


def test_paired_rule_sets_meet_the_same_deals_in_the_same_order() -> None:
    c = compare(["standard", "standard:standard.target_score=5"], games=4, bots=["random"])
    short = {(h.game, h.hand): h for h in c.hands[1]}
    for h in c.hands[0]:
        other = short.get((h.game, h.hand))
        if other is not None:
            assert other.dealer == h.dealer


# ---------------------------------------------------------------------------------------
# Statistics
# ---------------------------------------------------------------------------------------


def test_a_rule_set_against_itself_differs_by_exactly_zero() -> None:
    c = compare(["standard", "standard"], games=60, bots=["random"], seed=5)
    assert c.all_paired
    checked = 0
    for m in c.metrics:
        d = m.differences[1]
        assert d is not None
        if math.isnan(d.value):
            continue
        assert (d.value, d.low, d.high) == (0.0, 0.0, 0.0), m.name
        assert not d.excludes_zero
        checked += 1
    assert checked >= 10


def test_a_costlier_lone_euchre_pays_the_defenders_more() -> None:
    c = compare(
        ["standard:standard.lone_euchre_points=2", "standard:standard.lone_euchre_points=4"],
        games=150,
        bots=["random"],
        seed=11,
    )
    d = metric(c, "defender_points_per_hand").differences[1]
    assert d.value > 0 and d.excludes_zero
    assert metric(c, "hands_per_game").differences[1].value < 0


def test_a_lower_target_makes_shorter_games_and_closer_finishes() -> None:
    c = compare(
        ["standard", "standard:standard.target_score=5"], games=120, bots=["random"], seed=2
    )
    hands = metric(c, "hands_per_game")
    assert hands.values[0].value > hands.values[1].value
    assert hands.differences[1].high < 0
    margin = metric(c, "final_margin").differences[1]
    assert margin.value < 0 and margin.excludes_zero


def test_maker_success_and_euchre_rates_add_up_to_one() -> None:
    c = compare(["standard"], games=40, bots=["random"], seed=3)
    made = metric(c, "maker_success_rate").values[0].value
    euchred = metric(c, "euchre_rate").values[0].value
    assert made + euchred == pytest.approx(1.0)


def test_unpairable_rule_sets_are_compared_as_independent_samples() -> None:
    c = compare(["standard", "cutthroat"], games=40, bots=["random"], seed=1)
    assert c.paired == [True, False]
    assert not c.all_paired
    data = c.to_json()
    assert data["paired"] is False
    assert "independent samples" in data["design"]
    assert "players" in data["specs"][1]["why_not_paired"]
    assert metric(c, "maker_success_rate").differences[1] is not None


def test_single_hands_leave_out_the_game_metrics() -> None:
    c = compare(["standard", "standard+defend-alone"], hands=80, bots=["random"])
    names = {m.name for m in c.metrics}
    assert "maker_success_rate" in names
    assert "hands_per_game" not in names
    assert all(len(hs) == 80 for hs in c.hands)


def test_a_variant_adds_its_own_metrics_from_hand_facts() -> None:
    c = compare(["cutthroat"], games=30, bots=["random"], seed=4)
    m = metric(c, "cutthroat.seat0_points_per_hand")
    hands = c.hands[0]
    assert m.values[0].value == pytest.approx(sum(h.points[0] for h in hands) / len(hands))
    success = metric(c, "cutthroat.seat1_maker_success").values[0].value
    mine = [h for h in hands if h.makers == (1,)]
    assert success == pytest.approx(sum(1 for h in mine if h.made) / len(mine))


def test_metrics_of_a_variant_not_compared_are_left_out() -> None:
    c = compare(["standard"], games=5, bots=["random"])
    assert not any(m.name.startswith("cutthroat.") for m in c.metrics)


# ---------------------------------------------------------------------------------------
# Made contracts and hand facts (core hooks)
# ---------------------------------------------------------------------------------------


class _NothingIsMade:
    """Scores every hand as usual but declares that the makers never made it."""

    NAME = "nothing-is-made"

    @hookimpl(wrapper=True)
    def euchre_score_hand(self, state: Any) -> Generator[None, HandScore, HandScore]:
        score = yield
        return HandScore(score.points, score.outcome, made=False)

    @hookimpl
    def euchre_hand_facts(self, state: Any) -> dict[str, float]:
        return {"test.tricks": sum(state.tricks_won)}


def test_made_comes_from_the_scoring_hook_when_it_answers() -> None:
    config = load_variant("standard", extra_plugins=[_NothingIsMade()])
    state = play_game(config, 1, [make_bot("random", s) for s in range(4)], max_hands=6)
    played = [h for h in state.hand_records if h.makers]
    assert played and all(h.made is False for h in played)
    assert all(h.facts["test.tricks"] == 5 for h in played)


def test_made_defaults_to_the_makers_gaining_points() -> None:
    config = load_variant("standard")
    state = play_game(config, 3, [make_bot("random", s) for s in range(4)])
    for h in state.hand_records:
        if not h.makers:
            assert h.made is None
        else:
            assert h.made == any(h.points[s] > 0 for s in h.makers)
        assert dict(h.facts) == {}


# ---------------------------------------------------------------------------------------
# Workers, clusters, interruption
# ---------------------------------------------------------------------------------------


def test_json_is_byte_identical_for_one_and_two_workers() -> None:
    args = ["standard", "standard+stick-the-dealer", "--games", "120", "--bots", "random"]
    one = invoke(*args, "--seed", "9", "--json", "--jobs", "1")
    two = invoke(*args, "--seed", "9", "--json", "--jobs", "2")
    assert one.exit_code == 0, one.output
    assert two.exit_code == 0, two.output
    assert strip_elapsed(one.stdout) == strip_elapsed(two.stdout)
    assert json.loads(one.stdout)["settings"]["completed"] == 120


def test_results_do_not_depend_on_the_chunk_size() -> None:
    a = compare(["standard", "cutthroat"], games=30, bots=["random"], chunk_size=7)
    b = compare(["standard", "cutthroat"], games=30, bots=["random"], chunk_size=50)
    ja, jb = a.to_json(), b.to_json()
    ja.pop("elapsed_seconds")
    jb.pop("elapsed_seconds")
    assert ja == jb


def test_a_local_dask_cluster_gives_the_same_results() -> None:
    pytest.importorskip("distributed")
    here = compare(["standard", "standard+defend-alone"], games=60, bots=["random"], seed=7)
    there = compare(
        ["standard", "standard+defend-alone"],
        games=60,
        bots=["random"],
        seed=7,
        scheduler="local",
        jobs=2,
    )
    a, b = here.to_json(), there.to_json()
    a.pop("elapsed_seconds")
    b.pop("elapsed_seconds")
    assert a == b


def test_a_scheduler_address_must_be_a_url() -> None:
    pytest.importorskip("distributed")
    with pytest.raises(EuchreError, match="tcp://HOST:PORT"):
        compare(["standard"], games=2, bots=["random"], scheduler="somewhere")


def test_an_interrupted_comparison_keeps_the_games_done_under_every_rule_set(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real = compare_mod.run_chunks

    def stop_after_three(work: Any, on_result: Any, **kw: Any) -> None:
        def take(i: int, res: Any) -> None:
            if i >= 3:
                raise KeyboardInterrupt
            on_result(i, res)

        real(work, take, **kw)

    monkeypatch.setattr(compare_mod, "run_chunks", stop_after_three)
    c = compare(["standard", "standard"], games=200, bots=["random"], chunk_size=20)
    # chunks 0, 1 (first 20 games, both rule sets) and 2 (next 20, first rule set only)
    assert c.interrupted
    assert c.completed == 20
    assert [len(g) for g in c.games] == [20, 20]
    result = invoke("standard", "standard", "--games", "200", "--bots", "random")
    assert result.exit_code == 130
    assert "interrupted" in result.output
    assert "maker success rate" in result.output


# ---------------------------------------------------------------------------------------
# The command
# ---------------------------------------------------------------------------------------


def test_the_table_shows_every_metric_and_says_the_run_was_paired() -> None:
    result = invoke(
        "standard", "standard:standard.target_score=5", "--games", "60", "--bots", "random"
    )
    assert result.exit_code == 0, result.output
    for words in ("maker success rate", "hands per game", "final margin", "paired", "[2]"):
        assert words in result.output
    assert "*" in result.output  # shorter games: the difference excludes zero
    assert "differences are per game" in result.output


def test_single_hands_are_paired_hand_by_hand() -> None:
    # It said "differences are per game" of a run of single hands.
    result = invoke("standard", "standard+stick-the-dealer", "--hands", "40", "--bots", "random")
    assert result.exit_code == 0, result.output
    assert "differences are per hand" in " ".join(result.output.split())


def test_the_table_says_when_samples_are_independent() -> None:
    result = invoke("standard", "cutthroat", "--games", "20", "--bots", "random")
    assert result.exit_code == 0, result.output
    assert "independent samples" in result.output
    assert "points per hand, seat 0" in result.output


def test_csv_has_one_row_per_hand(tmp_path: Path) -> None:
    out = tmp_path / "hands.csv"
    result = invoke("standard", "cutthroat", "--games", "10", "--bots", "random", "--csv", str(out))
    assert result.exit_code == 0, result.output
    rows = out.read_text(encoding="utf-8").splitlines()
    header = rows[0].split(",")
    assert header[:4] == ["spec", "game", "hand", "dealer"]
    assert "cutthroat.points_seat0" in header
    c = compare(["standard", "cutthroat"], games=10, bots=["random"])
    assert len(rows) - 1 == sum(len(h) for h in c.hands)


def test_write_csv_counts_its_rows(tmp_path: Path) -> None:
    c = compare(["standard"], games=3, bots=["random"])
    with (tmp_path / "x.csv").open("w", encoding="utf-8", newline="") as f:
        assert write_csv(c, f) == len(c.hands[0])


def test_the_terminal_chart_draws_each_interval() -> None:
    result = invoke(
        "standard",
        "standard+defend-alone",
        "--games",
        "20",
        "--bots",
        "random",
        "--plot",
        "--ascii",
    )
    assert result.exit_code == 0, result.output
    assert "final margins (share of games)" in result.output
    assert "|" in result.output and "o" in result.output


def test_render_plot_marks_every_rule_set() -> None:
    from rich.console import Console

    c = compare(["standard", "standard"], games=10, bots=["random"])
    console = Console(width=100, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(render_plot(c, plain=True))
    text = console.export_text()
    assert text.count("[1]") >= len(c.metrics)
    assert text.count("[2]") >= len(c.metrics)


def test_a_png_chart_is_written(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    out = tmp_path / "chart.png"
    result = invoke("standard", "standard", "--games", "10", "--bots", "random", "--plot", str(out))
    assert result.exit_code == 0, result.output
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_plot_stands_alone_or_takes_a_chart_file() -> None:
    assert with_plot_value(["a", "--plot"]) == ["a", "--plot", "-"]
    assert with_plot_value(["--plot", "a"]) == ["--plot", "-", "a"]
    assert with_plot_value(["--plot", "x.png", "a"]) == ["--plot", "x.png", "a"]
    assert with_plot_value(["--", "--plot"]) == ["--", "--plot"]


@pytest.mark.parametrize(
    ("args", "words", "code"),
    [
        (["standrd"], "did you mean 'standard'", 2),
        (["standard+nope"], "unknown rule 'nope'", 2),
        (["standard", "--games", "5", "--hands", "5"], "not both", 2),
        (["standard", "--bots", "genius"], "unknown bot 'genius'", 2),
        (["standard", "--plot", "chart.txt"], None, 0),
        (["standard", "--games", "4", "--bots", "random,random"], "2 bots given", 2),
    ],
)
def test_bad_input_is_one_line_and_a_non_zero_exit(
    args: list[str], words: str | None, code: int
) -> None:
    result = invoke(*args)
    assert "Traceback" not in result.output
    if words is None:
        # a file that is no chart is taken as a spec, which does not exist
        assert result.exit_code != 0
        return
    assert result.exit_code == code, result.output
    assert words in result.output
    assert len([line for line in result.output.splitlines() if line.strip()]) <= 2


def test_a_chart_file_of_another_kind_is_refused() -> None:
    result = invoke("standard", "--plot=chart.txt")
    assert result.exit_code == 2
    assert ".png" in result.output


def test_help_documents_the_spec_syntax() -> None:
    result = invoke("--help")
    assert result.exit_code == 0
    assert "VARIANT[+RULE...][:PLUGIN.KEY=VALUE...]" in " ".join(result.output.split())


@pytest.mark.parametrize("size", [0, -3])
def test_a_chunk_size_below_one_is_refused(size: int) -> None:
    with pytest.raises(EuchreError, match="at least one game"):
        compare(["standard", "standard"], games=4, bots=["random"], chunk_size=size)


def test_a_player_count_given_with_a_loaded_variant_is_still_checked() -> None:
    from euchre_core.state import new_game

    with pytest.raises(ConfigError, match="--players: 0"):
        new_game(load_variant("standard"), players=0)


def test_every_rate_a_comparison_reports_lies_within_0_and_100_percent() -> None:
    # The probe's finding: `compare standard cutthroat pepper --games 100 --seed 1`
    # reported the lone success rate as 97.4% (92.4–102.5).
    c = compare(["standard", "cutthroat", "pepper"], games=100, bots=["heuristic"], seed=1)
    rates = [m for m in c.metrics if m.percent]
    assert any(m.name == "lone_success_rate" for m in rates)
    for m in rates:
        for e in m.values:
            if e is not None and not math.isnan(e.value):
                assert 0 <= e.low <= e.value <= e.high <= 1, (m.name, e)


def test_at_80_columns_many_rule_sets_split_into_tables_that_keep_the_metric_names() -> None:
    from euchre_cli.compare import render_table
    from rich.console import Console

    c = compare(["standard", "cutthroat", "pepper"], games=6, bots=["heuristic"], seed=2)
    console = Console(width=80, record=True, force_terminal=False)
    console.print(render_table(c, plain=True, width=80))
    text = console.export_text()
    assert max(len(line) for line in text.splitlines()) <= 80
    assert text.count("metric (95% interval)") == 2  # [1] [2] [2]-[1], then [1] [3] [3]-[1]
    assert "…" not in text  # no value cut short (a long metric name may wrap)
    wide = Console(width=200, record=True)
    wide.print(render_table(c, plain=True, width=200))
    text = wide.export_text()
    assert text.count("metric (95% interval)") == 1
    for m in c.metrics:
        assert m.title in text


def test_an_unwritable_csv_or_chart_is_refused_before_anything_is_played(tmp_path: Path) -> None:
    from euchre_cli.main import app
    from typer.testing import CliRunner

    missing = tmp_path / "no-such-folder" / "hands.csv"
    targets = [("--csv", missing)]
    if importlib.util.find_spec("matplotlib") is not None:
        targets.append(("--plot", missing.with_suffix(".png")))
    for flag, target in targets:
        run = CliRunner().invoke(app, ["compare", "standard", "--games", "5000", flag, str(target)])
        assert run.exit_code == 2, run.output
        assert f"{flag} {target}: cannot write: no folder" in run.output
        assert "maker success" not in run.output  # refused before the games


@pytest.mark.parametrize(
    "args",
    [
        ["compare", "standard", "--games", "5", "--bots", "nosuch"],
        ["duel", "heuristic", "nosuch", "--games", "5"],
        ["duel", "heuristic", "random", "--games", "1"],
        ["duel", "heuristic", "random", "--hands", "1"],
    ],
)
def test_an_unknown_bot_or_too_few_games_is_a_usage_error(args: list[str]) -> None:
    from euchre_cli.main import app
    from typer.testing import CliRunner

    run = CliRunner().invoke(app, args)
    assert run.exit_code == 2, run.output
    assert "nan" not in run.output and "Traceback" not in run.output


def test_a_folder_after_plot_is_refused_as_the_charts_place(tmp_path: Path) -> None:
    from euchre_cli.main import app
    from typer.testing import CliRunner

    if importlib.util.find_spec("matplotlib") is None:
        pytest.skip("the chart needs matplotlib (pip install '.[plot]')")
    run = CliRunner().invoke(
        app, ["compare", "standard", "--games", "5000", "--plot", str(tmp_path)]
    )
    assert run.exit_code == 2, run.output
    # read as the chart's place (it was read as a rule set: "spec ...: cannot read")
    assert f"--plot {tmp_path}: is a folder: the chart file must end in" in run.output
    assert "maker success" not in run.output


def test_duel_prints_one_json_object_the_same_for_any_number_of_workers() -> None:
    from euchre_cli.main import app
    from typer.testing import CliRunner

    args = ["duel", "heuristic", "random", "--hands", "12", "--seed", "3", "--json"]
    one = CliRunner().invoke(app, args)
    two = CliRunner().invoke(app, [*args, "--jobs", "2"])
    assert one.exit_code == 0 and two.exit_code == 0, one.output + two.output
    a, b = json.loads(one.output), json.loads(two.output)
    assert a["units"] == 12 and a["unit"] == "deal" and a["seatings"] == 2
    lead = a["estimates"]["lead_per_hand"]
    assert lead["low"] <= lead["value"] <= lead["high"] and lead["n"] == 12
    assert "games_won" not in a["estimates"]  # single deals: no games
    a.pop("seconds"), b.pop("seconds")
    assert a == b


def _doc_tables() -> dict[str, list[str]]:
    """docs/compare.md's tables: the first column of each, by the line that leads it."""
    text = (Path(__file__).resolve().parent.parent / "docs" / "compare.md").read_text("utf-8")
    tables: dict[str, list[str]] = {}
    lead = ""
    for block in text.split("\n\n"):
        lines = block.strip().splitlines()
        if lines and lines[0].startswith("|"):
            keys = [line.split("|")[1].strip() for line in lines[2:]]
            tables[lead] = [k.strip("`") for k in keys]
        elif lines:
            lead = lines[-1]
    return tables


def test_every_json_key_and_csv_column_of_compare_is_documented(tmp_path: Path) -> None:
    from euchre_cli.main import app
    from typer.testing import CliRunner

    from euchre_core.analysis.compare import CORE_METRICS, CSV_COLUMNS

    tables = _doc_tables()
    run = CliRunner().invoke(
        app, ["compare", "standard", "standard+stick-the-dealer", "--games", "20", "--json"]
    )
    assert run.exit_code == 0, run.output
    data = json.loads(run.output)
    assert tables["`--json` prints one object. Its keys:"] == list(data)
    assert tables["Each of `specs`:"] == list(data["specs"][0])
    settings = [k.replace("games / hands", "games") for k in tables["`settings`:"]]
    assert [k.split("` / `")[0] for k in settings] == list(data["settings"])
    assert tables["Each of `metrics`:"] == list(data["metrics"][0])
    core = [d.name for d in CORE_METRICS]
    assert tables[next(k for k in tables if k.startswith("(`euchre_add_metrics`)"))] == core
    assert [m["name"] for m in data["metrics"]] == core
    csv_table = next(v for k, v in tables.items() if "space-separated seat numbers" in k)
    assert csv_table == list(CSV_COLUMNS)


def test_a_metrics_title_names_what_it_is_counted_per() -> None:
    # "lone attempts per hand" was counted per contract (108 of 258 contracts, not of 339
    # hands), as its documentation said
    from euchre_core.analysis.compare import CORE_METRICS

    text = (Path(__file__).resolve().parent.parent / "docs" / "compare.md").read_text("utf-8")
    rows = {
        cells[1].strip("` "): (cells[2].strip(), cells[3].strip())
        for line in text.splitlines()
        if line.startswith("| `") and len(cells := line.split("|")) >= 5
    }
    titles = {d.name: d.title for d in CORE_METRICS}
    for name, title in titles.items():
        documented_title, meaning = rows[name]
        assert documented_title == title
        if meaning.endswith("per contract"):
            assert "per hand" not in title, (name, title, meaning)


def test_bots_repeated_are_one_per_seat_as_in_simulate_and_the_title_names_them_all() -> None:
    # repeated --bots kept the last one only; the title said "bots normal,easy" for
    # normal,easy,normal,easy, which --bots refuses for four seats
    from euchre_cli.main import app
    from typer.testing import CliRunner

    args = ["compare", "standard", "standard", "--hands", "40", "--json"]
    bots = ["random", "heuristic", "random", "heuristic"]
    runs = [
        CliRunner().invoke(app, [*args, *(x for b in bots for x in ("--bots", b))]),
        CliRunner().invoke(app, [*args, "--bots", ",".join(bots)]),
    ]
    for run in runs:
        assert run.exit_code == 0, run.output
    a, b = (json.loads(r.output) for r in runs)
    assert a["settings"]["bots"] == b["settings"]["bots"] == bots
    a["settings"].pop("seconds", None), b["settings"].pop("seconds", None)
    assert a["metrics"] == b["metrics"]
    table = CliRunner().invoke(
        app,
        ["compare", "standard", "standard", "--hands", "40", "--bots", "normal,easy,normal,easy"],
    )
    assert "bots normal,easy,normal,easy" in table.output, table.output


def test_the_json_lists_the_options_each_rule_set_changes_from_the_defaults() -> None:
    # Buck's variant file sets every option to its default: all seventeen were listed,
    # and a rule set that changed one option could not be told from it at a glance.
    result = invoke("buck", "buck:buck.penalty=3", "standard+target-15", "--hands", "4", "--json")
    assert result.exit_code == 0, result.output
    specs = json.loads(result.output)["specs"]
    assert [s["options"] for s in specs] == [
        {},
        {"buck.penalty": 3},
        {"standard.target_score": 15},  # preset by the house rule
    ]


def test_the_table_says_how_many_games_the_first_scorer_metric_counts() -> None:
    # Buck: most first hands give points to several players, and those games were left
    # out of "first scorer's side wins" without a word.
    buck = invoke("buck", "--games", "20", "--seed", "1")
    assert buck.exit_code == 0, buck.output
    said = " ".join(buck.output.split())
    assert re.search(
        r"counts the games won whose first points went to one side only: \[1\] \d+ of 20", said
    )
    standard = invoke("standard", "--games", "20", "--seed", "1", "--bots", "random")
    assert "first points went" not in standard.output

"""The README's tables and quick start are checked against the code, so they cannot drift."""

from __future__ import annotations

import re
import runpy
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_readme_tables_match_the_code() -> None:
    tables = runpy.run_path(str(ROOT / "docs" / "tables.py"))
    expected = tables["readme_with_tables"](README)
    assert expected == README, (
        "README.md tables are out of date with the plugins and options: "
        "run `python docs/tables.py --write`"
    )


def test_every_builtin_option_is_in_the_readme() -> None:
    from euchre_core.manager import available_plugins, build_rules, options_by_plugin

    for name, info in available_plugins().items():
        if not info.builtin:
            continue
        for opt in options_by_plugin(build_rules([name])).get(name, []):
            assert f"`{name}.{opt.name}`" in README, f"option {name}.{opt.name} missing"


def test_quick_start_has_exactly_two_commands() -> None:
    section = README.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    commands = re.findall(r"```sh\n(.*?)\n```", section, flags=re.S)
    assert commands == ["pip install . && euchre play", "pip install -e '.[test]' && pytest"]


def test_ci_runs_the_readme_test_command_exactly() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "\npip install -e '.[test]' && pytest\n" in ci


def test_python_examples_in_the_readme_run() -> None:
    blocks = re.findall(r"```python\n(.*?)\n```", README, flags=re.S)
    assert blocks, "the README has a Python example"
    for block in blocks:
        exec(compile(block, "README.md", "exec"), {"__name__": "readme_example"})


def test_the_readmes_review_example_is_what_the_review_prints() -> None:
    import os
    import subprocess
    import sys

    block = README.split("$ euchre review tests/data/egn/masters-week1-a.egn\n", 1)[1]
    shown = block.split("```", 1)[0].splitlines()
    run = subprocess.run(
        [sys.executable, "-m", "euchre_cli", "review", "tests/data/egn/masters-week1-a.egn"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "COLUMNS": "130"},
        timeout=300,
    )
    assert run.returncode == 0, run.stderr
    printed = [line.rstrip() for line in run.stdout.splitlines()]
    at = 0
    for line in shown:
        if line == "...":
            continue
        assert line in printed[at:], f"the README shows a line the review does not print: {line}"
        at = printed.index(line, at) + 1


def test_the_readmes_sample_game_is_what_the_game_draws(tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    block = README.split("```text\n$ euchre play --seed 8\n...\n", 1)[1].split("```", 1)[0]
    shown = block.splitlines()
    answers = "1\n1\n" + shown[-1].rsplit(": ", 1)[1] + "\nquit\n"  # pass, QC, then 10d
    run = subprocess.run(
        [sys.executable, "-m", "euchre_cli", "play", "--seed", "8"],
        cwd=tmp_path,
        input=answers,
        capture_output=True,
        text=True,
        env={k: v for k, v in os.environ.items() if k != "NO_COLOR"} | {"COLUMNS": "80"},
        timeout=120,
    )
    printed = [line.rstrip() for line in run.stdout.splitlines()]
    at = next(i for i, line in enumerate(printed) if line == shown[0])
    assert printed[at : at + len(shown)] == shown, "\n".join(printed[at : at + len(shown)])


def _compare_rows(data: dict) -> list[str]:
    """The README's table of a ``compare --json`` result: each metric's value per rule
    set and the paired difference with its interval, as the command prints them."""
    from types import SimpleNamespace

    from euchre_cli.compare import _diff_text, _digits, _fmt

    rows = []
    for m in data["metrics"]:
        digits, percent = _digits(m["name"]), m["percent"]
        unit = "%" if percent else ""
        cells = [f"{_fmt(v['value'], percent, digits)}{unit}" for v in m["values"]]
        diff = SimpleNamespace(**m["differences"][1])
        text, _ = _diff_text(diff, percent, digits, plain=True)
        rows.append(f"| {m['title']} | {' | '.join(cells)} | {text} |")
    return rows


def test_the_readmes_compare_example_is_what_compare_prints() -> None:
    import json

    from euchre_cli.main import app
    from typer.testing import CliRunner

    command = "euchre compare standard standard+stick-the-dealer --games 2000 --jobs 2 --seed 1"
    section = README.split(f"$ {command}\n```\n", 1)[1].lstrip("\n")
    shown = section.split("\n\n", 1)[0].splitlines()[2:]  # the rows below the header
    run = CliRunner().invoke(app, [*command.split()[1:], "--json"])
    assert run.exit_code == 0, run.output
    expected = _compare_rows(json.loads(run.output))
    assert shown == expected, "the README's compare table is stale; it should be:\n" + "\n".join(
        expected
    )

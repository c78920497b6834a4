"""Through the command line, a wrong rule name and a plugin that fails each give one clear
line that names the plugin, and a non-zero exit; ``EUCHRE_DEBUG=1`` brings the traceback
back.

The failing plugins are real installed plugins: each is a module plus a ``.dist-info``
folder with its ``euchre`` entry point, put on ``PYTHONPATH``, which is all that
``importlib.metadata`` needs to find an installed distribution. The command runs in a
subprocess, exactly as a user would run it.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

BROKEN = {
    # name: (module source, the hook that fails)
    "broken-score": (
        """
        from euchre_core.hookspecs import hookimpl

        NAME = "broken-score"
        APPLIES_TO = ("standard",)

        @hookimpl(wrapper=True)
        def euchre_score_hand(state):
            score = yield
            raise ZeroDivisionError("the lone bonus divided by zero")
        """,
        "euchre_score_hand",
    ),
    "broken-plays": (
        """
        from euchre_core.hookspecs import hookimpl

        NAME = "broken-plays"

        @hookimpl
        def euchre_why_illegal(state, seat, action):
            return None

        @hookimpl(wrapper=True)
        def euchre_legal_plays(state, seat):
            cards = yield
            if len(state.tricks) == 2:
                raise KeyError("no third trick")
            return cards
        """,
        "euchre_legal_plays",
    ),
    "broken-advice": (
        """
        from euchre_core.hookspecs import hookimpl

        NAME = "broken-advice"

        @hookimpl
        def euchre_bot_advice(view, legal):
            if view.tricks:
                raise IndexError("no advice for the second trick")
            return None
        """,
        "euchre_bot_advice",
    ),
    "broken-options": (
        """
        from euchre_core.hookspecs import hookimpl

        NAME = "broken-options"

        @hookimpl
        def euchre_add_options():
            raise RuntimeError("options file missing")
        """,
        "euchre_add_options",
    ),
    "broken-import": ("import no_such_module_for_euchre\n", ""),
    "misspelled-hook": (
        """
        from euchre_core.hookspecs import hookimpl

        NAME = "misspelled-hook"

        @hookimpl
        def euchre_scor_hand(state):
            return None
        """,
        "",
    ),
    "name-mismatch": (
        """
        from euchre_core.hookspecs import hookimpl

        NAME = "other-name"  # installed as name-mismatch: its options would be lost

        @hookimpl
        def euchre_why_illegal(state, seat, action):
            return None
        """,
        "",
    ),
    "cards-as-text": (
        """
        from euchre_core.hookspecs import hookimpl

        NAME = "cards-as-text"

        @hookimpl(wrapper=True)
        def euchre_legal_plays(state, seat):
            cards = yield
            return [str(c) for c in cards]
        """,
        "euchre_legal_plays",
    ),
}


def install_by_path(root: Path, name: str, source: str) -> None:
    """A module and its distribution's metadata, as pip would leave them."""
    module = "euchre_test_" + name.replace("-", "_")
    (root / f"{module}.py").write_text(textwrap.dedent(source), encoding="utf-8")
    dist = root / f"euchre_test_{name.replace('-', '_')}-0.1.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: euchre-test-{name}\nVersion: 0.1\n", encoding="utf-8"
    )
    (dist / "entry_points.txt").write_text(f"[euchre]\n{name} = {module}\n", encoding="utf-8")


@pytest.fixture(scope="module")
def site_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("site")
    for name, (source, _hook) in BROKEN.items():
        install_by_path(root, name, source)
    return root


def euchre(site: Path, *args: str, debug: bool = False) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("EUCHRE_")}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(site), env.get("PYTHONPATH", "")]))
    env["NO_COLOR"] = "1"
    if debug:
        env["EUCHRE_DEBUG"] = "1"
    return subprocess.run(
        [sys.executable, "-m", "euchre_cli", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        cwd=site,  # games are saved in the current folder
    )


def error_lines(result: subprocess.CompletedProcess[str]) -> list[str]:
    """The error lines, without the hint that says how to get the traceback."""
    return [
        line
        for line in result.stderr.splitlines()
        if line.strip() and not line.startswith("(EUCHRE_DEBUG=1")
    ]


# ---------------------------------------------------------------------------------------
# Unknown names
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (
            ["play", "--watch", "--rule", "stick-the-dealr"],
            "command line: --rule stick-the-dealr: unknown rule 'stick-the-dealr' "
            "(did you mean 'stick-the-dealer'?)",
        ),
        (
            ["simulate", "--games", "1", "--rule", "super_euchr"],
            "command line: --rule super_euchr: unknown rule 'super-euchr' "
            "(did you mean 'super-euchre'?)",
        ),
        (
            ["play", "--watch", "--rule", "broken-scor"],
            "command line: --rule broken-scor: unknown rule 'broken-scor' "
            "(did you mean 'broken-score'?)",
        ),
        (
            ["play", "--watch", "--rule", "zzzz"],
            "command line: --rule zzzz: unknown rule 'zzzz'",
        ),
    ],
)
def test_an_unknown_rule_is_one_line_with_a_did_you_mean(
    site_dir: Path, args: list[str], expected: str
) -> None:
    result = euchre(site_dir, *args)
    assert result.returncode == 2
    assert error_lines(result) == [f"euchre: {expected}"]
    assert "Traceback" not in result.stderr


def test_an_unknown_plugin_in_a_variant_file_names_the_file_and_key(
    site_dir: Path, tmp_path: Path
) -> None:
    variant = tmp_path / "house.toml"
    variant.write_text(
        '[variant]\nextends = "standard"\nplugins = ["must-trump", "brokenscore"]\n',
        encoding="utf-8",
    )
    result = euchre(site_dir, "play", "--watch", str(variant))
    assert result.returncode == 2
    assert error_lines(result) == [
        f"euchre: {variant}: variant.plugins[3]: unknown plugin 'brokenscore' "
        "(did you mean 'broken-score'?)"
    ]


# ---------------------------------------------------------------------------------------
# Plugins that fail
# ---------------------------------------------------------------------------------------


def test_the_installed_test_plugins_are_listed(site_dir: Path) -> None:
    result = euchre(site_dir, "plugins", "--json")
    assert result.returncode == 0, result.stderr
    for name in BROKEN:
        assert f'"name": "{name}"' in result.stdout
        assert f'"package": "euchre-test-{name}"' in result.stdout


@pytest.mark.parametrize("name", ["broken-score", "broken-plays", "broken-advice"])
def test_a_plugin_that_raises_in_a_hook_is_named_in_one_line(site_dir: Path, name: str) -> None:
    hook = BROKEN[name][1]
    result = euchre(site_dir, "play", "--watch", "--seed", "1", "--delay", "0", "--rule", name)
    assert result.returncode == 1
    lines = error_lines(result)
    assert len(lines) == 2, result.stderr
    assert lines[0].startswith(f"euchre: plugin {name!r} failed in hook {hook}: ")
    assert lines[1].startswith("euchre: the game is saved to "), lines  # watched: saved too
    assert "Traceback" not in result.stderr
    assert "(EUCHRE_DEBUG=1 shows the traceback)" in result.stderr


def test_a_plugin_failing_in_a_game_at_the_terminal_says_where_the_game_is_saved(
    site_dir: Path,
) -> None:
    # it said the plugin's error and nothing of the game the person had been playing
    from euchre_core.records.history import load_record

    env = {k: v for k, v in os.environ.items() if not k.startswith("EUCHRE_")}
    env["PYTHONPATH"] = str(site_dir)
    env["NO_COLOR"] = "1"
    result = subprocess.run(
        [sys.executable, "-m", "euchre_cli", "play", "--seed", "1", "--rule", "broken-advice"],
        input="1\n" * 40,
        capture_output=True,
        text=True,
        env=env,
        cwd=site_dir,
        timeout=120,
    )
    assert result.returncode == 1
    lines = error_lines(result)
    assert lines[0] == (
        "euchre: plugin 'broken-advice' failed in hook euchre_bot_advice: IndexError: no "
        "advice for the second trick"
    ), result.stderr
    saved = re.fullmatch(
        r"euchre: the game is saved to (\S+\.json) up to the last move; carry on with: "
        r"euchre resume \1",
        lines[1],
    )
    assert saved is not None, lines
    assert len(lines) == 2 and "Traceback" not in result.stderr
    assert "You play" in result.stdout
    record = load_record(site_dir / saved.group(1))
    assert record.actions, "the moves made before the failure are in the file"


def test_the_score_failure_says_what_was_raised(site_dir: Path) -> None:
    result = euchre(site_dir, "simulate", "--games", "1", "--rule", "broken-score")
    assert result.returncode != 0
    assert error_lines(result) == [
        "euchre: plugin 'broken-score' failed in hook euchre_score_hand: "
        "ZeroDivisionError: the lone bonus divided by zero"
    ]


def test_a_plugin_that_fails_while_declaring_options_is_named(site_dir: Path) -> None:
    result = euchre(site_dir, "play", "--watch", "--rule", "broken-options")
    assert result.returncode != 0
    assert error_lines(result) == [
        "euchre: plugin 'broken-options' failed in hook euchre_add_options: "
        "RuntimeError: options file missing"
    ]


def test_a_plugin_that_cannot_be_imported_is_named(site_dir: Path) -> None:
    result = euchre(site_dir, "play", "--watch", "--rule", "broken-import")
    assert result.returncode == 2
    lines = error_lines(result)
    assert len(lines) == 1, result.stderr
    assert lines[0].endswith(
        "plugin 'broken-import' could not be imported: "
        "ModuleNotFoundError: No module named 'no_such_module_for_euchre'"
    )


def test_euchre_debug_shows_the_traceback_of_the_plugin(site_dir: Path) -> None:
    result = euchre(
        site_dir, "play", "--watch", "--seed", "1", "--rule", "broken-score", debug=True
    )
    assert result.returncode != 0
    assert "Traceback (most recent call last)" in result.stderr
    assert "ZeroDivisionError: the lone bonus divided by zero" in result.stderr
    assert "euchre_test_broken_score.py" in result.stderr
    assert "PluginError: plugin 'broken-score' failed in hook euchre_score_hand" in result.stderr


def test_disabling_the_failing_plugin_lets_the_game_run(site_dir: Path) -> None:
    env_args = ("play", "--watch", "--seed", "1", "--delay", "0", "--ascii")
    env_args += ("--rule", "broken-score")
    env = {k: v for k, v in os.environ.items() if not k.startswith("EUCHRE_")}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(site_dir), env.get("PYTHONPATH", "")]))
    env["EUCHRE_DISABLE_PLUGINS"] = "broken-score"
    result = subprocess.run(
        [sys.executable, "-m", "euchre_cli", *env_args],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        cwd=site_dir,  # games are saved in the current folder
    )
    assert result.returncode == 0, result.stderr
    # The game is played to its end (which side wins depends on the bots' decisions).
    assert re.search(r"Game over: \w+ & \w+ win\.", result.stdout), result.stdout[-400:]


MISSPELLED = (
    "plugin 'misspelled-hook' implements euchre_scor_hand, which is not a hook "
    "(did you mean euchre_score_hand?)"
)


def test_a_misspelled_hook_is_refused_in_one_line(site_dir: Path) -> None:
    result = euchre(site_dir, "play", "--watch", "--seed", "1", "--rule", "misspelled-hook")
    assert result.returncode == 2  # as for a plugin that cannot be imported
    assert error_lines(result) == [f"euchre: {MISSPELLED}"]
    assert "Traceback" not in result.stderr


def test_the_plugin_list_shows_a_misspelled_hook_as_the_error_of_its_row(site_dir: Path) -> None:
    import json

    result = euchre(site_dir, "plugins", "--json")
    assert result.returncode == 0, result.stderr
    rows = {row["name"]: row for row in json.loads(result.stdout)}
    assert rows["misspelled-hook"]["error"] == MISSPELLED
    assert "error" not in rows["cards-as-text"]


def test_an_answer_of_the_wrong_type_is_named_in_one_line(site_dir: Path) -> None:
    result = euchre(site_dir, "simulate", "--games", "1", "--rule", "cards-as-text")
    assert result.returncode == 1
    lines = error_lines(result)
    assert len(lines) == 1, result.stderr
    assert re.fullmatch(
        r"euchre: plugin 'cards-as-text' failed in hook euchre_legal_plays: "
        r"TypeError: its answer is not a list of cards of seat \d's hand",
        lines[0],
    )
    assert "Traceback" not in result.stderr


MISMATCH = (
    "plugin 'name-mismatch' says its NAME is 'other-name': the name it is installed under "
    "(its entry point in the euchre group) and NAME must be the same"
)


def test_a_plugin_whose_name_is_not_its_entry_points_is_refused_in_one_line(
    site_dir: Path,
) -> None:
    import json

    result = euchre(site_dir, "play", "--watch", "--seed", "1", "--rule", "name-mismatch")
    assert result.returncode == 2, result.stderr
    assert error_lines(result) == [f"euchre: command line: --rule name-mismatch: {MISMATCH}"]
    listed = euchre(site_dir, "plugins", "--json")
    rows = {row["name"]: row for row in json.loads(listed.stdout)}
    assert rows["name-mismatch"]["error"] == MISMATCH.removeprefix("plugin 'name-mismatch' ")


def _install(root: Path, module: str, package: str, plugin: str) -> None:
    (root / f"{module}.py").write_text(
        f'"""A plugin called {plugin}."""\nNAME = "{plugin}"\n', encoding="utf-8"
    )
    dist = root / f"{module}-0.1.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: {package}\nVersion: 0.1\n", encoding="utf-8"
    )
    (dist / "entry_points.txt").write_text(f"[euchre]\n{plugin} = {module}\n", encoding="utf-8")


def test_plugins_hidden_by_a_clash_of_names_are_listed_with_the_reason(tmp_path: Path) -> None:
    import json

    _install(tmp_path, "euchre_test_std", "euchre-test-std", "stick-the-dealer")
    _install(tmp_path, "euchre_test_twin_a", "euchre-twin-a", "twin")
    _install(tmp_path, "euchre_test_twin_b", "euchre-twin-b", "twin")
    listed = euchre(tmp_path, "plugins", "--json")
    assert listed.returncode == 0, listed.stderr
    rows = [(r["name"], r["package"], r.get("error", "")) for r in json.loads(listed.stdout)]
    assert (
        "stick-the-dealer",
        "euchre-test-std",
        "the name is a built-in plugin's: the built-in stick-the-dealer is played",
    ) in rows
    twins = [r for r in rows if r[0] == "twin"]
    assert sorted(r[1] for r in twins) == ["euchre-twin-a", "euchre-twin-b"]
    assert all(r[2].endswith(": uninstall one") for r in twins), twins
    played = euchre(tmp_path, "play", "--watch", "--seed", "1", "--rule", "twin")
    assert played.returncode == 2, played.stderr
    [line] = error_lines(played)
    assert line.startswith("euchre: command line: --rule twin: plugin 'twin' is installed by ")
    assert "euchre-twin-a 0.1" in line and "euchre-twin-b 0.1" in line
    assert line.endswith(": uninstall one")


def test_a_disabled_plugin_is_out_of_the_stack_and_a_misspelled_one_is_refused(
    site_dir: Path,
) -> None:
    import json

    env_run = {
        "EUCHRE_DISABLE_PLUGINS": "stick-the-dealer",
    }
    ran = _euchre_env(site_dir, env_run, "simulate", "--rule", "stick-the-dealer", "--hands", "5")
    assert ran.returncode == 0, ran.stderr
    assert json.loads(ran.stdout)["rules"] == ["tricks", "standard"]  # it said it played too
    typo = _euchre_env(
        site_dir, {"EUCHRE_DISABLE_PLUGINS": "stick-the-dealr"}, "simulate", "--hands", "5"
    )
    assert typo.returncode == 2
    assert error_lines(typo) == [
        "euchre: EUCHRE_DISABLE_PLUGINS: unknown plugin 'stick-the-dealr' "
        "(did you mean 'stick-the-dealer'?)"
    ]


def _euchre_env(site: Path, extra: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("EUCHRE_")}
    env.update(extra)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(site), env.get("PYTHONPATH", "")]))
    return subprocess.run(
        [sys.executable, "-m", "euchre_cli", *args, "--json"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        cwd=site,
    )

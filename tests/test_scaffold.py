"""``euchre new-plugin``: the package it writes is a complete plugin whose own tests pass,
and once installed it is listed, played and tested like any other.

The fast tests check the names, the files and the rule (the generated tests run in
process, with the plugin made discoverable for the test). The slow test does what a
plugin author does: scaffold, ``pip install -e`` into a fresh virtual environment, run
the plugin's tests there, list it and play with it through the command line.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import site
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path
from types import ModuleType

import pytest
from euchre_cli.main import app
from euchre_cli.scaffold import check_name, plugin_files, write_plugin
from typer.testing import CliRunner

from euchre_core import manager
from euchre_core.manager import PluginInfo, available_plugins
from euchre_core.state import new_hand
from euchre_core.testing import check_variant, deal_from_text, play

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

pytest_plugins = ["pytester"]

NAME = "scaffolded-lone-four"
runner = CliRunner()


def scaffold(tmp_path: Path, name: str = NAME) -> Path:
    result = runner.invoke(app, ["new-plugin", name, "--dir", str(tmp_path / "pkg")])
    assert result.exit_code == 0, result.output
    return tmp_path / "pkg"


def import_module(folder: Path, module: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(module, folder / f"{module}.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


# ---------------------------------------------------------------------------------------
# Names and folders
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["lone-four", "a", "rule2", "my-table-rule-7"])
def test_kebab_case_names_are_accepted(name: str) -> None:
    assert check_name(name) == name


@pytest.mark.parametrize(
    ("name", "says"),
    [
        ("Lone_Four", "did you mean 'lone-four'?"),
        ("lone four", "did you mean 'lone-four'?"),
        ("lone--four", "not kebab-case"),
        ("-lone", "not kebab-case"),
        ("4-lone", "starting with a letter"),
        ("", "not kebab-case"),
        ("super-euchre", "taken by a built-in plugin"),
        ("euchre-lone", "leave out the 'euchre' prefix"),
        ("x" * 41, "longer than 40"),
    ],
)
def test_bad_names_get_one_line_and_exit_2(tmp_path: Path, name: str, says: str) -> None:
    result = runner.invoke(app, ["new-plugin", "--dir", str(tmp_path / "p"), "--", name])
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1, result.output
    assert says in lines[0]
    assert "Traceback" not in result.output
    assert not (tmp_path / "p").exists()


def test_an_existing_folder_with_files_is_not_overwritten(tmp_path: Path) -> None:
    target = tmp_path / "pkg"
    target.mkdir()
    (target / "notes.txt").write_text("mine", encoding="utf-8")
    result = runner.invoke(app, ["new-plugin", "lone-four", "--dir", str(target)])
    assert result.exit_code == 2
    assert "is a folder that is not empty" in result.output
    assert sorted(p.name for p in target.iterdir()) == ["notes.txt"]


def test_an_existing_file_is_not_overwritten(tmp_path: Path) -> None:
    target = tmp_path / "pkg"
    target.write_text("mine", encoding="utf-8")
    result = runner.invoke(app, ["new-plugin", "lone-four", "--dir", str(target)])
    assert result.exit_code == 2
    assert "is a file" in result.output
    assert target.read_text(encoding="utf-8") == "mine"


def test_an_empty_folder_is_filled(tmp_path: Path) -> None:
    target = tmp_path / "pkg"
    target.mkdir()
    made, where = write_plugin("lone-four", target)
    assert where == target
    assert sorted(str(p.relative_to(target)) for p in target.rglob("*") if p.is_file()) == sorted(
        made.files
    )


def test_the_default_folder_is_the_distribution_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["new-plugin", "lone-four"])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "euchre-lone-four" / "euchre_lone_four.py").is_file()
    assert "pip install -e euchre-lone-four" in result.output
    assert "euchre play --rule lone-four" in result.output


# ---------------------------------------------------------------------------------------
# What is written
# ---------------------------------------------------------------------------------------


def test_the_package_declares_the_euchre_entry_point(tmp_path: Path) -> None:
    folder = scaffold(tmp_path)
    meta = tomllib.loads((folder / "pyproject.toml").read_text(encoding="utf-8"))
    module = "euchre_" + NAME.replace("-", "_")
    assert meta["project"]["name"] == f"euchre-{NAME}"
    assert meta["project"]["entry-points"]["euchre"] == {NAME: module}
    assert meta["tool"]["setuptools"]["py-modules"] == [module]
    assert (folder / f"{module}.py").is_file()
    assert (folder / "tests" / f"test_{NAME.replace('-', '_')}.py").is_file()
    assert (folder / "variants" / f"standard-{NAME}.toml").is_file()


def test_the_module_documents_its_rule_and_declares_its_metadata(tmp_path: Path) -> None:
    folder = scaffold(tmp_path)
    mod = import_module(folder, "euchre_" + NAME.replace("-", "_"))
    assert mod.NAME == NAME
    assert mod.APPLIES_TO == ("standard",)
    assert mod.CONFLICTS == ()
    assert (mod.__doc__ or "").splitlines()[0].endswith("a lone hand euchred costs 4.")
    assert mod.euchre_score_hand.euchre_impl["wrapper"] is True
    assert mod.euchre_score_hand.__doc__
    options = mod.euchre_add_options()
    assert [(o.name, o.type, o.default) for o in options] == [("points", int, 4)]


HANDS = "JH JD 9C 9D 9S | TH AS AC AD KS | AH KH QH TS TC | QS JS KD QD TD"


def lone_euchre(plugins: list[object]) -> list[int]:
    state = new_hand("standard", deal_from_text(HANDS, "KC QC JC", "9H"), extra_plugins=plugins)
    play(state, "order alone", "discard 9S")
    while not state.hand_records:
        play(state, state.legal_actions()[0])
    assert state.hand_records[-1].outcome == "lone euchre"
    return list(state.scores)


def test_the_rule_scores_a_euchred_lone_hand_4(tmp_path: Path) -> None:
    folder = scaffold(tmp_path)
    mod = import_module(folder, "euchre_" + NAME.replace("-", "_"))
    assert lone_euchre([]) == [2, 0, 2, 0]
    assert lone_euchre([mod]) == [4, 0, 4, 0]


def test_the_rule_keeps_the_invariants_of_the_games_it_applies_to(tmp_path: Path) -> None:
    folder = scaffold(tmp_path)
    mod = import_module(folder, "euchre_" + NAME.replace("-", "_"))
    for variant in ("standard", "two-hand", "cutthroat"):
        report = check_variant(variant, extra_plugins=[mod], hands=30, seed=3)
        assert report.hands >= 30


def test_the_generated_code_is_lint_clean(tmp_path: Path) -> None:
    ruff = shutil.which("ruff")
    if ruff is None:
        pytest.skip("ruff is not installed")
    folder = scaffold(tmp_path)
    args = ["--no-cache", "--isolated", "--target-version", "py310"]  # ruff's defaults
    check = subprocess.run(
        [ruff, "check", *args, "--select", "E,F,W,I,UP,B,SIM,RUF", str(folder)],
        capture_output=True,
        text=True,
    )
    assert check.returncode == 0, check.stdout + check.stderr
    fmt = subprocess.run(
        [ruff, "format", *args, "--check", str(folder)], capture_output=True, text=True
    )
    assert fmt.returncode == 0, fmt.stdout + fmt.stderr


def test_the_generated_tests_pass(
    tmp_path: Path, pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The plugin's own tests, run in process with the plugin made discoverable (as its
    entry point would make it once installed)."""
    made, folder = write_plugin(NAME, pytester.path / "pkg")
    monkeypatch.syspath_prepend(str(folder))
    monkeypatch.setitem(
        available_plugins(), NAME, PluginInfo(NAME, made.module, made.dist, "0.1.0", False)
    )
    monkeypatch.setattr(manager, "_LOADED", dict(manager._LOADED))
    result = pytester.runpytest_inprocess(str(folder / "tests"), "-p", "no:cacheprovider")
    result.assert_outcomes(passed=4)


def test_the_generated_tests_fail_when_the_rule_is_wrong(
    tmp_path: Path, pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    made, folder = write_plugin(NAME, pytester.path / "pkg")
    source = folder / f"{made.module}.py"
    text = source.read_text(encoding="utf-8")
    source.write_text(text.replace('Option("points", int, 4,', 'Option("points", int, 3,'))
    assert source.read_text() != text
    monkeypatch.syspath_prepend(str(folder))
    monkeypatch.setitem(
        available_plugins(), NAME, PluginInfo(NAME, made.module, made.dist, "0.1.0", False)
    )
    monkeypatch.setattr(manager, "_LOADED", dict(manager._LOADED))
    result = pytester.runpytest_inprocess(str(folder / "tests"), "-p", "no:cacheprovider")
    outcomes = result.parseoutcomes()
    assert outcomes.get("failed") == 1, outcomes


def test_the_files_are_the_same_for_the_same_name() -> None:
    assert plugin_files("lone-four") == plugin_files("lone-four")
    other = plugin_files("lone-five")
    assert "lone-five" in other.files["pyproject.toml"]
    assert "lone-four" not in "".join(other.files.values())


# ---------------------------------------------------------------------------------------
# The whole round trip, in a fresh virtual environment
# ---------------------------------------------------------------------------------------


def _parent_site_dirs() -> list[str]:
    """Where this interpreter finds its packages (euchre, pluggy, typer, pytest, pip).

    A venv made ``--system-site-packages`` sees the *base* interpreter's packages only;
    when the tests run inside a venv themselves (CI), that venv's packages would be
    missing, so they are added with a ``.pth`` file.
    """
    dirs = [sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]]
    dirs += site.getsitepackages()
    return list(dict.fromkeys(d for d in dirs if Path(d).is_dir()))


def _builds_offline() -> bool:
    """Whether setuptools can build an editable wheel without fetching anything."""
    try:
        import setuptools
    except ImportError:  # pragma: no cover
        return False
    if importlib.util.find_spec("wheel") is not None:
        return True
    major, minor = (int(x) for x in setuptools.__version__.split(".")[:2])
    return (major, minor) >= (70, 1)


def _make_venv(where: Path) -> Path:
    venv.EnvBuilder(system_site_packages=True, with_pip=False).create(where)
    python = where / ("Scripts" if os.name == "nt" else "bin") / "python"
    purelib = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    lines = [f"import site; site.addsitedir({d!r})" for d in _parent_site_dirs()]
    (Path(purelib) / "_euchre_parent_env.pth").write_text("\n".join(lines) + "\n")
    return python


def _run(args: list[str], cwd: Path, timeout: float = 600) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("EUCHRE_", "PYTEST_"))}
    env["NO_COLOR"] = "1"
    return subprocess.run(args, cwd=cwd, capture_output=True, text=True, env=env, timeout=timeout)


@pytest.mark.slow
def test_scaffold_install_test_list_and_play(tmp_path: Path) -> None:
    python = str(_make_venv(tmp_path / "venv"))
    euchre = [python, "-m", "euchre_cli"]
    name = "lone-four"

    made = _run([*euchre, "new-plugin", name], cwd=tmp_path)
    assert made.returncode == 0, made.stdout + made.stderr
    folder = tmp_path / f"euchre-{name}"

    install = [python, "-m", "pip", "install", "--quiet", "--no-deps", "-e", str(folder)]
    if _builds_offline():
        install.insert(-2, "--no-build-isolation")
    done = _run(install, cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr

    tests = _run([python, "-m", "pytest", "-q", "-p", "no:cacheprovider"], cwd=folder)
    assert tests.returncode == 0, tests.stdout + tests.stderr
    assert "4 passed" in tests.stdout

    listed = _run([*euchre, "plugins", "--json"], cwd=tmp_path)
    assert listed.returncode == 0, listed.stderr
    assert f'"name": "{name}"' in listed.stdout
    assert f'"package": "euchre-{name}"' in listed.stdout

    # A watched game with random bots: on this seed a lone hand is euchred (South and
    # North take no trick), which the rule scores 4 instead of 2.
    watch = [*euchre, "play", "--watch", "--seed", "1", "--bots", "random", "--ascii"]
    with_rule = _run([*watch, "--rule", name], cwd=tmp_path)
    assert with_rule.returncode == 0, with_rule.stderr
    lone = [line for line in with_rule.stdout.splitlines() if ": lone euchre," in line]
    assert lone, with_rule.stdout
    assert all(line.endswith("+4") for line in lone), lone
    without = _run(watch, cwd=tmp_path)
    assert any(
        line.endswith(": lone euchre, West & East +2") for line in without.stdout.splitlines()
    ), without.stdout

    # The same hands simulated with and without the rule: every euchred lone hand is
    # worth 2 more to the defenders, nothing else changes.
    def simulate(*extra: str) -> dict[str, object]:
        import json

        args = ["simulate", "--hands", "400", "--bots", "random", "--seed", "1", "--json"]
        ran = _run([*euchre, *args, *extra], cwd=tmp_path)
        assert ran.returncode == 0, ran.stderr
        return json.loads(ran.stdout)  # type: ignore[no-any-return]

    plain, ruled = simulate(), simulate("--rule", name)
    lone_euchres = int(plain["lone_attempts"]) - int(plain["lone_successes"])  # type: ignore[call-overload]
    assert lone_euchres > 0
    points = [sum(s["points"] for s in d["sides"]) for d in (plain, ruled)]  # type: ignore[attr-defined]
    assert points[1] - points[0] == 2 * lone_euchres

    unknown = _run([*euchre, "play", "--watch", "--rule", "lone-fuor"], cwd=tmp_path)
    assert unknown.returncode == 2
    assert f"did you mean '{name}'?" in unknown.stderr

"""The optional compiled build (``setup.py``, ``euchre_core.build``).

CI also installs the compiled build and runs the whole quick suite against it; these tests
check the switch and the module list from the pure-Python install."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

from euchre_core.build import COMPILED_MODULES, SOURCE_FOLDERS, compiled_modules, source_path

ROOT = Path(__file__).resolve().parents[1]


def test_every_compiled_module_exists_as_python_source() -> None:
    for name in COMPILED_MODULES:
        spec = importlib.util.find_spec(name)
        assert spec is not None, name
        source = ROOT / source_path(name)
        assert source.is_file(), source


def test_a_plugin_module_is_found_in_the_plugins_folder() -> None:
    assert source_path("euchre_plugins.standard_core") == "plugins/standard_core.py"
    assert source_path("euchre_core.bots.heuristic") == "euchre_core/bots/heuristic.py"


@pytest.mark.skipif(not (ROOT / "setup.py").is_file(), reason="no source checkout")
def test_the_source_folders_are_those_the_package_is_installed_from() -> None:
    # pyproject.toml's package-dir maps each package to its folder: the build's copy of it
    # must say the same, or the compiled build would compile other files.
    if sys.version_info >= (3, 11):
        import tomllib
    else:
        import tomli as tomllib
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    package_dir = config["tool"]["setuptools"]["package-dir"]
    packages = {name.partition(".")[0] for name in COMPILED_MODULES}
    assert set(SOURCE_FOLDERS) == packages
    for package, folder in SOURCE_FOLDERS.items():
        assert package_dir[package] == folder, package


def test_no_hook_implementation_is_compiled() -> None:
    # pluggy marks an implementation with an attribute, which a compiled function cannot
    # carry: a compiled plugin module holds plain functions that implementations call.
    import importlib

    from euchre_core.manager import HOOK_NAMES

    for name in COMPILED_MODULES:
        if name.startswith("euchre_plugins."):
            module = importlib.import_module(name)
            assert not [hook for hook in HOOK_NAMES if hasattr(module, hook)], name


def test_compiled_modules_are_among_those_the_build_compiles() -> None:
    assert set(compiled_modules()) <= set(COMPILED_MODULES)


def _setup(env_value: str, *args: str, **more_env: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "EUCHRE_COMPILE": env_value, **more_env}
    return subprocess.run(
        [sys.executable, "setup.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.mark.skipif(not (ROOT / "setup.py").is_file(), reason="no source checkout")
def test_a_wrong_switch_value_is_named_in_one_line() -> None:
    done = _setup("maybe", "--name")
    assert done.returncode != 0
    assert done.stderr.strip() == "EUCHRE_COMPILE: expected 1 or 0, not 'maybe'"


@pytest.mark.skipif(not (ROOT / "setup.py").is_file(), reason="no source checkout")
def test_an_editable_compiled_install_is_refused_with_the_reason() -> None:
    done = _setup("1", "develop")
    assert done.returncode != 0
    assert "installed with 'pip install .', not as an editable install" in done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.skipif(not (ROOT / "setup.py").is_file(), reason="no source checkout")
def test_without_the_switch_the_build_is_plain() -> None:
    done = _setup("0", "--name")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "euchre"


def test_the_build_is_named_after_what_runs_compiled() -> None:
    from euchre_core.build import build_name

    assert build_name() == ("compiled build" if compiled_modules() else "pure Python")


@pytest.mark.skipif(not (ROOT / "setup.py").is_file(), reason="no source checkout")
def test_a_missing_c_compiler_is_named_in_one_line() -> None:
    done = _setup("1", "--name", CC="no-such-cc-here")
    assert done.returncode != 0
    assert done.stderr.strip() == (
        "EUCHRE_COMPILE: the compiled build needs a C compiler; 'no-such-cc-here' is not found"
    )


@pytest.mark.skipif(not (ROOT / "setup.py").is_file(), reason="no source checkout")
def test_the_licence_is_in_the_metadata_without_a_deprecation_warning(tmp_path: Path) -> None:
    # setuptools 77 and later take an SPDX expression and warn (builds stop in 2027) at
    # the older table form; earlier ones know only the License field: both are served.
    done = _setup("0", "egg_info", "--egg-base", str(tmp_path))
    assert done.returncode == 0, done.stderr
    (info,) = tmp_path.glob("*.egg-info/PKG-INFO")
    metadata = info.read_text(encoding="utf-8")
    assert "License: Apache-2.0" in metadata or "License-Expression: Apache-2.0" in metadata
    assert "License-File: LICENSE" in metadata
    assert "project.license" not in done.stderr
    assert "Apache License" in (ROOT / "LICENSE").read_text(encoding="utf-8")


@pytest.mark.skipif(not (ROOT / "setup.py").is_file(), reason="no source checkout")
def test_a_source_trees_core_ahead_of_the_installed_build_runs_the_plugins_in_python(
    tmp_path: Path,
) -> None:
    # Python run with a source tree's euchre_core ahead of the installed package (from the
    # tree's root): the compiled plugin module would take only the compiled core's
    # classes, so its Python source runs instead (the pure build runs it anyway).
    code = (
        "from euchre_core import new_game\n"
        "game = new_game('standard', seed=3)\n"
        "while game.to_act is not None:\n"
        "    game.apply(game.legal_actions()[-1])\n"
        "import euchre_core.state as s, euchre_plugins.standard_core as c\n"
        "print(s.__file__, c.__file__, game.scores)\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    state_file, core_file, _ = done.stdout.split(maxsplit=2)
    assert state_file == str(ROOT / "euchre_core" / "state.py")
    assert core_file.endswith("standard_core.py")

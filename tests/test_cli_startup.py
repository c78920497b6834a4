"""The command line starts fast: ``euchre --help`` lists the commands without importing
them, and each command is the command typer builds from its function."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest
import typer
from euchre_cli.main import COMMANDS, app, load_command
from typer.testing import CliRunner

RUNNER = CliRunner()


def _modules_after(code: str) -> set[str]:
    """The modules a fresh interpreter has imported after running ``code``."""
    out = subprocess.run(
        [sys.executable, "-c", f"{code}\nimport sys\nprint('MODULES', *sys.modules)"],
        capture_output=True,
        text=True,
        check=True,
    )
    return set(out.stdout.split("MODULES")[-1].split())


@pytest.mark.parametrize("name", list(COMMANDS))
def test_the_summary_in_the_command_list_is_the_first_sentence_of_the_commands_help(
    name: str,
) -> None:
    command = load_command(name)
    assert command.get_short_help_str(10_000) == COMMANDS[name].summary


def test_the_help_lists_every_command_as_typer_would_from_the_functions() -> None:
    eager = typer.Typer(
        name="euchre",
        help=app.info.help,
        context_settings={"help_option_names": ["-h", "--help"]},
        add_completion=False,
        rich_markup_mode=None,
    )
    assert app.registered_callback is not None
    eager.callback()(app.registered_callback.callback)
    for name, lazy in COMMANDS.items():
        module = importlib.import_module(f"euchre_cli.{lazy.module}")
        target = getattr(module, lazy.attr)
        if isinstance(target, typer.Typer):
            eager.add_typer(target, name=name)
        else:
            cls = getattr(module, lazy.cls_attr) if lazy.cls_attr else None
            eager.command(name, cls=cls)(target)
    for args in (["--help"], *([name, "--help"] for name in COMMANDS)):
        expected = RUNNER.invoke(eager, args, prog_name="euchre")
        assert expected.exit_code == 0
        assert RUNNER.invoke(app, args, prog_name="euchre").output == expected.output


def test_help_imports_no_command_nor_the_engine_nor_rich() -> None:
    loaded = _modules_after(
        "from euchre_cli.main import app\n"
        "try:\n    app(['--help'], prog_name='euchre')\nexcept SystemExit:\n    pass"
    )
    commands = {f"euchre_cli.{lazy.module}" for lazy in COMMANDS.values()}
    assert not loaded & commands
    assert not {m for m in loaded if m.split(".")[0] in ("euchre_core", "rich", "pydantic")}


@pytest.mark.parametrize(
    ("args", "engine"),
    [
        (["simulate", "--hands", "1", "--json"], "euchre_core.analysis.sim"),
        (
            ["compare", "standard", "standard+stick-the-dealer", "--hands", "2", "--json"],
            "euchre_core.analysis.compare",
        ),
    ],
)
def test_json_output_is_written_without_rich(args: list[str], engine: str) -> None:
    loaded = _modules_after(
        "from euchre_cli.main import app\n"
        f"try:\n    app({args!r}, prog_name='euchre')\n"
        "except SystemExit as e:\n    assert not e.code, e.code"
    )
    assert engine in loaded
    assert not {m for m in loaded if m.split(".")[0] == "rich"}


@pytest.mark.parametrize("module", sorted({lazy.module for lazy in COMMANDS.values()}))
def test_a_command_module_imports_neither_the_engine_nor_rich(module: str) -> None:
    loaded = _modules_after(f"import euchre_cli.{module}")
    assert not {m for m in loaded if m.split(".")[0] in ("euchre_core", "rich")}


def test_a_mistyped_command_is_answered_with_the_commands_it_may_mean() -> None:
    result = RUNNER.invoke(app, ["plai"], prog_name="euchre")
    assert result.exit_code == 2
    assert "No such command 'plai'. Did you mean 'play', 'replay'?" in result.output


def test_a_builtin_variant_is_played_without_reading_the_installed_packages() -> None:
    loaded = _modules_after(
        "from euchre_core import new_game\n"
        "game = new_game('standard', seed=1)\n"
        "game.apply(game.legal_actions()[0])"
    )
    assert "euchre_plugins.standard" in loaded
    assert "importlib.metadata" not in loaded


def test_a_builtin_plugin_is_loaded_from_the_module_the_plugin_list_names() -> None:
    from euchre_core.manager import available_plugins, is_plugin, load_plugin

    builtin = {name: info for name, info in available_plugins().items() if info.builtin}
    assert len(builtin) >= 10
    for name, info in builtin.items():
        assert is_plugin(name)
        assert load_plugin(name).__name__ == info.module  # type: ignore[attr-defined]
    assert not is_plugin("no-such-rule")

"""The documentation cannot drift from the code.

* ``docs/writing-plugins.md``: the files it shows are exactly what ``euchre new-plugin``
  writes; its Python blocks run (the plugin made discoverable as if installed), its test
  file passes, and every ``euchre`` command line of its shell blocks names an existing
  command with existing options; the environment variables it names are the ones the
  code reads; the trace it shows is what ``EUCHRE_TRACE_HOOKS=1`` prints.
* ``docs/hooks.md``: regenerated from the code, it must be identical (so a hook that is
  added, renamed, re-typed or re-documented without regenerating fails here); and every
  hook appears with its exact signature.
"""

from __future__ import annotations

import inspect
import re
import runpy
import shlex
from pathlib import Path

import pytest
import typer
from euchre_cli.main import app
from euchre_cli.scaffold import plugin_files, write_plugin

from euchre_core import hookspecs, manager
from euchre_core.manager import HOOK_NAMES, PluginInfo, available_plugins

pytest_plugins = ["pytester"]

ROOT = Path(__file__).resolve().parent.parent
GUIDE = ROOT / "docs" / "writing-plugins.md"
HOOKS_MD = ROOT / "docs" / "hooks.md"
RULE = "lone-four"
ENV_VARS = {"EUCHRE_DEBUG", "EUCHRE_TRACE_HOOKS", "EUCHRE_DISABLE_PLUGINS"}

FENCE = re.compile(r"^( *)```(\w*)\n(.*?)^\1```$", re.M | re.S)
LABEL = re.compile(r"`([\w./-]+\.(?:py|toml))`:\s*$")


def blocks(text: str) -> list[tuple[str, str, str]]:
    """``(language, label, code)`` of every fenced block; the label is the file name
    written alone on the line before the block (``\\`name.py\\`:``), else empty."""
    out = []
    for m in FENCE.finditer(text):
        before = text[: m.start()].rstrip("\n").rsplit("\n", 1)[-1]
        label = LABEL.search(before)
        indent = len(m.group(1))
        code = "\n".join(line[indent:] for line in m.group(3).splitlines()) + "\n"
        out.append((m.group(2), label.group(1) if label else "", code))
    return out


GUIDE_BLOCKS = blocks(GUIDE.read_text(encoding="utf-8"))


@pytest.fixture
def installed_rule(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The scaffolded ``lone-four`` package, discoverable as if pip had installed it."""
    made, folder = write_plugin(RULE, tmp_path / "euchre-lone-four")
    monkeypatch.syspath_prepend(str(folder))
    monkeypatch.setitem(
        available_plugins(), RULE, PluginInfo(RULE, made.module, made.dist, "0.1.0", False)
    )
    monkeypatch.setattr(manager, "_LOADED", dict(manager._LOADED))
    return folder


# ---------------------------------------------------------------------------------------
# writing-plugins.md
# ---------------------------------------------------------------------------------------


def test_the_guide_shows_the_files_the_scaffold_writes() -> None:
    files = plugin_files(RULE).files
    labelled = {label: code for _lang, label, code in GUIDE_BLOCKS if label}
    assert set(labelled) == {
        "euchre_lone_four.py",
        "tests/test_lone_four.py",
        "variants/standard-lone-four.toml",
    }
    for label, code in labelled.items():
        assert code == files[label], f"{label} in writing-plugins.md differs from the scaffold"
    entry_point = next(code for lang, label, code in GUIDE_BLOCKS if lang == "toml" and not label)
    assert entry_point in files["pyproject.toml"]


@pytest.mark.parametrize(
    "code",
    [code for lang, label, code in GUIDE_BLOCKS if lang == "python" and not label],
    ids=lambda code: code.strip().splitlines()[-1][:40],
)
def test_the_guide_python_blocks_run(code: str, installed_rule: Path) -> None:
    exec(compile(code, str(GUIDE), "exec"), {"__name__": "guide_block"})


def test_the_guide_python_blocks_check_something() -> None:
    """Each runnable block asserts what it claims (a block that only runs proves little)."""
    for lang, label, code in GUIDE_BLOCKS:
        if lang == "python" and not label:
            assert "assert " in code, code


def test_the_guide_test_file_passes(installed_rule: Path, pytester: pytest.Pytester) -> None:
    result = pytester.runpytest_inprocess(str(installed_rule / "tests"), "-p", "no:cacheprovider")
    result.assert_outcomes(passed=4)


def _command_lines() -> list[str]:
    lines = []
    for lang, _label, code in GUIDE_BLOCKS:
        if lang != "sh":
            continue
        for line in code.splitlines():
            words = shlex.split(line, comments=True)
            while words and re.match(r"^[A-Z_]+=", words[0]):
                words.pop(0)
            if words and words[0] == "euchre":
                lines.append(line)
    return lines


def test_the_guide_has_command_lines_to_check() -> None:
    assert len(_command_lines()) >= 10


@pytest.mark.parametrize("line", _command_lines())
def test_the_guide_commands_and_options_exist(line: str) -> None:
    words = shlex.split(line, comments=True)
    env = []
    while re.match(r"^[A-Z_]+=", words[0]):
        env.append(words.pop(0).split("=", 1)[0])
    assert set(env) <= ENV_VARS, f"{line}: unknown variable {set(env) - ENV_VARS}"
    command = typer.main.get_command(app)
    args = words[1:]
    while hasattr(command, "commands") and args and not args[0].startswith("-"):
        sub = command.commands.get(args[0])
        assert sub is not None, f"{line}: no command {args[0]!r}"
        command, args = sub, args[1:]
    assert not hasattr(command, "commands"), f"{line}: a command group, not a command"
    names = {opt for p in command.params for opt in getattr(p, "opts", [])}
    for word in args:
        if word.startswith("-"):
            assert word.split("=")[0] in names, f"{line}: {command.name} has no option {word}"


def test_the_environment_variables_named_are_read_by_the_code() -> None:
    text = GUIDE.read_text(encoding="utf-8")
    named = set(re.findall(r"\bEUCHRE_[A-Z_]+", text))
    assert named == ENV_VARS
    source = "".join(
        (ROOT / p).read_text(encoding="utf-8") for p in ("euchre_core/manager.py", "cli/errors.py")
    )
    for var in named:
        assert f'"{var}"' in source, f"{var} is documented but not read by the code"


def test_the_trace_shown_is_what_tracing_prints(
    installed_rule: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from euchre_core import new_game

    text = GUIDE.read_text(encoding="utf-8")
    shown = [line.strip() for line in text.splitlines() if line.strip().startswith("[hook]")]
    assert len(shown) == 2
    monkeypatch.setenv("EUCHRE_TRACE_HOOKS", "1")
    game = new_game("standard", seed=1, rules=[RULE])
    while not game.hand_records:
        game.apply(game.legal_actions()[-1])  # order up alone: the hand is played
    printed = capsys.readouterr().err.splitlines()
    assert shown[0] in printed
    call = printed.index(shown[0])
    assert printed[call + 1].startswith("[hook] euchre_score_hand -> HandScore(points=(")
    assert shown[1].startswith("[hook] euchre_score_hand -> HandScore(points=(")


# ---------------------------------------------------------------------------------------
# hooks.md
# ---------------------------------------------------------------------------------------


def test_hooks_md_is_up_to_date() -> None:
    generator = runpy.run_path(str(ROOT / "docs" / "hooks.py"))
    assert HOOKS_MD.read_text(encoding="utf-8") == generator["render"](), (
        "docs/hooks.md is out of date with euchre_core/hookspecs.py or the built-in "
        "plugins: run `python docs/hooks.py --write`"
    )


@pytest.mark.parametrize("hook", HOOK_NAMES)
def test_every_hook_is_in_hooks_md_with_its_signature(hook: str) -> None:
    text = HOOKS_MD.read_text(encoding="utf-8")
    assert f"\n## {hook}\n" in text, f"{hook} is missing from docs/hooks.md"
    section = text.split(f"\n## {hook}\n", 1)[1].split("\n## ", 1)[0]
    sig = inspect.signature(getattr(hookspecs, hook))
    params = ", ".join(
        f"{p.name}: {p.annotation}" if p.annotation is not inspect.Parameter.empty else p.name
        for p in sig.parameters.values()
    )
    assert f"def {hook}({params}) -> {sig.return_annotation}" in section
    for name in sig.parameters:
        assert f"`{name}`" in section, f"{hook}: argument {name} is not described"
    assert "Fires" in section or "fires" in section
    assert "Returns" in section or "returns" in section

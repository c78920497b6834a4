"""``euchre new-plugin NAME``: write a complete, installable house-rule plugin package.

The package is the smallest whole plugin, ready to install, test and publish::

    euchre-NAME/
      pyproject.toml             the ``euchre`` entry point: NAME = "euchre_NAME"
      README.md                  how to install, play and test it
      euchre_NAME.py             the rule: one hook wrapper, its option, its metadata
      variants/standard-NAME.toml   a variant that uses the rule
      tests/test_NAME.py         a fixed-deal test of the rule's score and a conformance run

The rule it starts from is a real one: *a lone hand euchred costs 4* (the defenders
score 4 instead of 2 when a maker playing alone takes fewer than three tricks), written
as a wrapper of ``euchre_score_hand`` with an option for the points. After
``pip install -e euchre-NAME``, ``euchre plugins`` lists it, ``euchre play --rule NAME``
plays with it and ``pytest`` in the folder passes.

Names are kebab-case (``lone-four``): lowercase letters and digits in words joined by
``-``, starting with a letter. A name that is not, a built-in plugin's name, or a folder
that already holds files is refused with one line and exit code 2.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

import typer

__all__ = ["PluginFiles", "check_name", "new_plugin", "plugin_files", "write_plugin"]

NAME_RE = re.compile(r"^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$")
MAX_NAME = 40


class PluginNameError(ValueError):
    """A plugin name that cannot be used; the message says why in one sentence."""


def check_name(name: str) -> str:
    """Return ``name`` when it is a usable plugin name, else raise saying why.

    :raises ValueError: not kebab-case, too long, prefixed ``euchre-``, or the name of a
      built-in plugin.
    """
    if not NAME_RE.match(name):
        fixed = re.sub(r"[^a-z0-9]+", "-", name.strip().lower()).strip("-")
        hint = f" (did you mean {fixed!r}?)" if fixed and NAME_RE.match(fixed) else ""
        raise PluginNameError(
            f"plugin name {name!r} is not kebab-case: use lowercase letters and digits in "
            f"words joined by '-', starting with a letter, e.g. 'lone-four'{hint}"
        )
    if len(name) > MAX_NAME:
        raise PluginNameError(f"plugin name {name!r} is longer than {MAX_NAME} characters")
    if name == "euchre" or name.startswith("euchre-"):
        raise PluginNameError(
            f"plugin name {name!r}: leave out the 'euchre' prefix, the package is "
            f"named euchre-NAME already"
        )
    from euchre_plugins import BUILTIN

    if name in BUILTIN:
        raise PluginNameError(
            f"plugin name {name!r} is taken by a built-in plugin; choose another name"
        )
    return name


@dataclass(frozen=True)
class PluginFiles:
    """The names of a scaffolded plugin.

    :ivar name: the plugin's kebab-case name (``lone-four``)
    :ivar module: its Python module (``euchre_lone_four``)
    :ivar dist: its distribution name on PyPI (``euchre-lone-four``)
    :ivar files: relative path -> text of every file to write
    """

    name: str
    module: str
    dist: str
    files: dict[str, str]


def plugin_files(name: str) -> PluginFiles:
    """The files of a new plugin called ``name`` (checked with :func:`check_name`)."""
    check_name(name)
    module = "euchre_" + name.replace("-", "_")
    dist = "euchre-" + name
    title = name.replace("-", " ").capitalize()
    subs = {
        "__NAME__": name,
        "__MODULE__": module,
        "__DIST__": dist,
        "__TITLE__": title,
        "__TESTNAME__": name.replace("-", "_"),
    }

    def fill(text: str) -> str:
        for key, value in subs.items():
            text = text.replace(key, value)
        return text

    files = {
        "pyproject.toml": fill(PYPROJECT),
        "README.md": fill(README),
        f"{module}.py": fill(MODULE),
        f"variants/standard-{name}.toml": fill(VARIANT),
        f"tests/test_{subs['__TESTNAME__']}.py": fill(TESTS),
    }
    return PluginFiles(name, module, dist, files)


def write_plugin(name: str, folder: Path | None = None) -> tuple[PluginFiles, Path]:
    """Write the package of a new plugin into ``folder`` (default ``./euchre-NAME``).

    :raises ValueError: a bad name, or a folder that exists and is not empty.
    """
    made = plugin_files(name)
    target = folder if folder is not None else Path(made.dist)
    if target.exists() and (not target.is_dir() or any(target.iterdir())):
        what = "a folder that is not empty" if target.is_dir() else "a file"
        raise PluginNameError(f"{target} is {what}: choose a new folder with --dir")
    for rel, text in made.files.items():
        path = target / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return made, target


def new_plugin(
    name: Annotated[
        str,
        typer.Argument(metavar="NAME", help="The plugin's name, kebab-case (e.g. lone-four)."),
    ],
    dir_: Annotated[
        Path | None,
        typer.Option(
            "--dir",
            metavar="PATH",
            help="The folder to create (default: ./euchre-NAME); it must not hold files.",
        ),
    ] = None,
) -> None:
    """Write a new house-rule plugin package: pyproject.toml with the euchre entry
    point, the rule (a lone hand euchred costs 4), a variant file and tests."""
    from .errors import EXIT_USAGE, fail

    try:
        made, target = write_plugin(name, dir_)
    except PluginNameError as e:
        fail(str(e), EXIT_USAGE)
    except OSError as e:
        fail(f"cannot write the plugin: {e.strerror}: {e.filename}", 1)
    typer.echo(f"Created the plugin {made.name!r} in {target}/:")
    for rel in made.files:
        typer.echo(f"  {rel}")
    typer.echo("Next:")
    typer.echo(f"  pip install -e {target}")
    typer.echo("  euchre plugins")
    typer.echo(f"  euchre play --rule {made.name}")
    typer.echo(f"  cd {target} && pytest")


# ---------------------------------------------------------------------------------------
# Templates (``__NAME__`` and friends are filled in by :func:`plugin_files`)
# ---------------------------------------------------------------------------------------

PYPROJECT = """\
[build-system]
requires = ["setuptools>=64"]
build-backend = "setuptools.build_meta"

[project]
name = "__DIST__"
version = "0.1.0"
description = "A house rule for euchre: a lone hand euchred costs 4."
readme = "README.md"
requires-python = ">=3.10"
dependencies = ["euchre>=0.1"]
classifiers = [
    "Programming Language :: Python :: 3",
    "Topic :: Games/Entertainment :: Board Games",
]

[project.optional-dependencies]
test = ["pytest>=7.4"]

# The line that makes it a euchre plugin: the rule's name and its module.
[project.entry-points.euchre]
__NAME__ = "__MODULE__"

[tool.setuptools]
py-modules = ["__MODULE__"]

[tool.pytest.ini_options]
testpaths = ["tests"]
"""

README = """\
# __DIST__

A house rule for [euchre](https://pypi.org/project/euchre/): **a lone hand euchred
costs 4**. When a maker who plays alone takes fewer than three tricks, the defenders
score 4 points instead of 2.

```sh
pip install -e .                               # or: pip install __DIST__
euchre plugins                                 # lists __NAME__
euchre play --rule __NAME__                    # play with it against bots
euchre play variants/standard-__NAME__.toml    # the same, from a variant file
pip install -e '.[test]' && pytest             # its tests
```

Option: `__NAME__.points` (integer, default 4), e.g. `-o __NAME__.points=3`.
"""

MODULE = '''\
"""__TITLE__: a lone hand euchred costs 4.

When a maker who plays alone is euchred (takes fewer than three tricks), the defenders
score ``points`` (4) instead of the 2 of a plain euchre. Every other hand scores as the
rules below this one say.

Options: ``points`` (integer, default 4): what the defenders score.
Applies to: ``standard`` and the variants built on it.
"""

from __future__ import annotations

from collections.abc import Generator

from euchre_core.config import Option
from euchre_core.hookspecs import hookimpl
from euchre_core.model import HandScore
from euchre_core.state import State

NAME = "__NAME__"
APPLIES_TO = ("standard",)  # the rule needs one of these plugins in the stack
CONFLICTS: tuple[str, ...] = ()  # plugins that cannot be used with this one


@hookimpl
def euchre_add_options() -> list[Option]:
    """The rule's option: what a euchred lone hand costs (``-o NAME.points=3``)."""
    words = "To the defenders when a lone maker is euchred."
    return [Option("points", int, 4, words, min=0)]


@hookimpl(wrapper=True)
def euchre_score_hand(state: State) -> Generator[None, HandScore, HandScore]:
    """Score a euchred lone hand ``points`` to each defender; leave every other hand be.

    A wrapper: ``yield`` returns the score of the rules below this one (the standard
    game), and the rule edits it.
    """
    score = yield
    teams = state.teams
    if teams is None or not any(teams.is_alone(seat) for seat in teams.makers):
        return score  # nobody played alone
    if any(score.points[seat] > 0 for seat in teams.makers):
        return score  # the lone hand made its bid
    value = state.options[NAME]["points"]
    points = tuple(
        value if seat in teams.defenders else p for seat, p in enumerate(score.points)
    )
    return HandScore(points, "lone euchre", made=False)
'''

VARIANT = """\
[variant]
name = "standard-__NAME__"
title = "Euchre, a lone hand euchred costs 4"
description = "The standard game with the house rule __NAME__."
extends = "standard"
plugins = ["__NAME__"]

[options.__NAME__]
points = 4
"""

TESTS = '''\
"""Tests of the house rule, with the euchre testing kit (pytest plugin ``euchre``)."""

from __future__ import annotations

from pathlib import Path

from euchre_core.testing import check_variant, play

RULE = "__NAME__"
VARIANT = Path(__file__).resolve().parent.parent / "variants" / f"standard-{RULE}.toml"

# Seat 0 deals and turns up the 9 of hearts; seat 1 orders it up alone with one trump.
HANDS = "JH JD 9C 9D 9S | TH AS AC AD KS | AH KH QH TS TC | QS JS KD QD TD"
KITTY = "KC QC JC"
# The dealer discards; then five tricks, three to the defenders (seats 0 and 2).
LONE_EUCHRE = [
    "order alone",
    "discard 9S",
    *("play AS", "play TS", "play JH"),  # seat 0 trumps the ace of spades
    *("play JD", "play TH", "play QH"),  # the left bower takes the maker's only trump
    *("play 9H", "play KS", "play AH"),  # euchred: the defenders have three tricks
    *("play TC", "play 9C", "play AC"),
    *("play AD", "play KH", "play 9D"),
]


def test_a_lone_hand_euchred_costs_4(euchre_hand):
    state = euchre_hand(HANDS, KITTY, upcard="9H", rules=[RULE])
    play(state, *LONE_EUCHRE)
    assert state.hand_records[-1].tricks == (2, 1, 2, 0)
    assert state.scores == [4, 0, 4, 0]


def test_without_the_rule_the_same_hand_costs_2(euchre_hand):
    state = euchre_hand(HANDS, KITTY, upcard="9H")
    play(state, *LONE_EUCHRE)
    assert state.scores == [2, 0, 2, 0]


def test_the_points_are_an_option(euchre_hand):
    six = {f"{RULE}.points": 6}
    state = euchre_hand(HANDS, KITTY, upcard="9H", rules=[RULE], options=six)
    play(state, *LONE_EUCHRE)
    assert state.scores == [6, 0, 6, 0]


def test_the_variant_file_keeps_every_invariant_of_the_game():
    report = check_variant(str(VARIANT), hands=300, seed=1)
    assert report.hands >= 300
'''

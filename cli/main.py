"""The ``euchre`` command: play, resume, replay, variants, plugins, rules, simulate,
compare, duel, learn, glossary, new-plugin.

Each command lives in its own module and imports the engine (and rich) only when it
runs, so that ``euchre --help`` starts fast. Errors are mapped to one line and an exit
code by :class:`~euchre_cli.errors.EuchreGroup` (see :mod:`euchre_cli.errors`).
"""

from __future__ import annotations

from typing import Annotated

import typer

from . import compare as compare_cmd
from . import duel as duel_cmd
from . import glossary as glossary_cmd
from . import host as host_cmd
from . import join as join_cmd
from . import learn as learn_cmd
from . import play as play_cmd
from . import plugins as plugins_cmd
from . import replay as replay_cmd
from . import rules as rules_cmd
from . import scaffold as scaffold_cmd
from . import serve as serve_cmd
from . import simulate as simulate_cmd
from . import variants as variants_cmd
from .errors import EuchreGroup

__all__ = ["app", "run"]

CONTEXT = {"help_option_names": ["-h", "--help"]}

app = typer.Typer(
    name="euchre",
    cls=EuchreGroup,
    help="The Euchre family of card games: play against bots, replay, simulate, "
    "and read the rules of every variant.",
    context_settings=CONTEXT,
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import PackageNotFoundError, version

        try:
            v = version("euchre")
        except PackageNotFoundError:  # pragma: no cover - running from a bare checkout
            v = "unknown"
        from euchre_core.build import build_name

        typer.echo(f"euchre {v} ({build_name()})")
        raise typer.Exit()


@app.callback()
def main(
    version: Annotated[
        bool,
        typer.Option(
            "--version", "-V", callback=_version, is_eager=True, help="Show the version and exit."
        ),
    ] = False,
) -> None:
    """The Euchre family of card games: play against bots, replay saved games, simulate
    thousands of games, and read the rules of every variant."""


app.command("play")(play_cmd.play)
app.command("resume")(play_cmd.resume)
app.command("replay")(replay_cmd.replay)
app.add_typer(variants_cmd.app, name="variants")
app.command("plugins")(plugins_cmd.plugins)
app.command("rules")(rules_cmd.rules)
app.command("simulate")(simulate_cmd.simulate)
app.command("compare", cls=compare_cmd.CompareCommand)(compare_cmd.compare)
app.command("duel")(duel_cmd.duel)
app.command("learn")(learn_cmd.learn)
app.command("glossary")(glossary_cmd.glossary)
app.command("new-plugin")(scaffold_cmd.new_plugin)
app.command("host")(host_cmd.host)
app.command("join")(join_cmd.join)
app.command("serve")(serve_cmd.serve)


def run() -> None:
    """Console-script entry point."""
    app(prog_name="euchre")

"""The ``euchre`` command: play, resume, replay, review, variants, plugins, rules, simulate,
compare, duel, learn, glossary, new-plugin.

Each command lives in its own module, imported only when that command runs (the list
of commands in ``euchre --help`` is drawn from :data:`COMMANDS` alone), and each imports
the engine (and rich) only inside the command, so that ``euchre --help`` starts fast.
Errors are mapped to one line and an exit code by :class:`~euchre_cli.errors.EuchreGroup`
(see :mod:`euchre_cli.errors`).
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, MutableMapping
from typing import Annotated, Any, NamedTuple

import typer
from typer.core import TyperCommand

from .errors import EuchreGroup

__all__ = ["COMMANDS", "Lazy", "app", "load_command", "run"]

CONTEXT = {"help_option_names": ["-h", "--help"]}


class Lazy(NamedTuple):
    """Where a command lives, and the first sentence of its help (the line it gets in
    ``euchre --help``; a test checks it against the command's own help)."""

    module: str  # a module of this package
    attr: str  # the command's function, or a :class:`typer.Typer` for a command group
    summary: str
    cls_attr: str | None = None  # the module's click command class, if not the default


#: The commands in the order ``euchre --help`` lists them (groups last, as typer does).
COMMANDS: dict[str, Lazy] = {
    "play": Lazy(
        "play", "play", "Play a whole game against bots (you at one seat), or --watch bots play."
    ),
    "resume": Lazy(
        "play",
        "resume",
        "Carry on a saved game (every game is saved after each move), in its own file.",
    ),
    "replay": Lazy(
        "replay",
        "replay",
        "Step through a saved game trick by trick, or --check it against the rules.",
    ),
    "review": Lazy("review", "review", "Review a saved game: what each decision cost."),
    "plugins": Lazy(
        "plugins",
        "plugins",
        "List the available plugins with their package, version and the hooks each "
        "implements ((w) marks a wrapper).",
    ),
    "rules": Lazy(
        "rules",
        "rules",
        "Print the rules of a variant in plain words: the cards, the order of the trumps, "
        "each plugin's rules, the options in force and the sources.",
    ),
    "simulate": Lazy(
        "simulate",
        "simulate",
        "Let bots play many games (default 200) or single hands, and print headline statistics.",
    ),
    "compare": Lazy(
        "compare",
        "compare",
        "Compare rule sets by playing each on the same deals.",
        cls_attr="CompareCommand",
    ),
    "duel": Lazy(
        "duel",
        "duel",
        "Two bots play the same deals with seats swapped: points per hand and win rate, "
        "with 95% intervals.",
    ),
    "learn": Lazy(
        "learn", "learn", "Learn by playing: a guided deal or two with a coach beside you."
    ),
    "glossary": Lazy(
        "glossary",
        "glossary",
        "Explain the words of euchre (bower, kitty, order up, makers, euchred …).",
    ),
    "new-plugin": Lazy(
        "scaffold",
        "new_plugin",
        "Write a new house-rule plugin package: pyproject.toml with the euchre entry point, "
        "the rule (a lone hand euchred costs 4), a variant file and tests.",
    ),
    "host": Lazy(
        "host", "host", "Host a table for friends over the network, and play a seat of it here."
    ),
    "join": Lazy("join", "join", "Sit at a networked table with its join code (you, or --bot)."),
    "serve": Lazy(
        "serve", "serve", "Run a lobby where clients create networked tables and join them."
    ),
    "create": Lazy(
        "create", "create", "Open a new table on a `euchre serve` lobby and print its join codes."
    ),
    "variants": Lazy("variants", "app", "List the variants, or show one in detail."),
}


def load_command(name: str) -> Any:
    """Import the module of command ``name`` and build its click command, exactly as
    ``app.command(name)(function)`` (or ``app.add_typer(sub_app, name=name)``) would."""
    lazy = COMMANDS[name]
    module = importlib.import_module(f"{__package__}.{lazy.module}")
    target = getattr(module, lazy.attr)
    if isinstance(target, typer.Typer):
        command = typer.main.get_group(target)
    else:
        single = typer.Typer(
            add_completion=False, pretty_exceptions_enable=False, rich_markup_mode=None
        )
        cls = getattr(module, lazy.cls_attr) if lazy.cls_attr else None
        single.command(name, cls=cls)(target)
        command = typer.main.get_command(single)
    command.name = name
    return command


class _Commands(MutableMapping[str, Any]):
    """The root group's commands: every name is listed, and a command is built the
    first time it is looked up."""

    def __init__(self, built: MutableMapping[str, Any]) -> None:
        self._built = dict(built)

    def __getitem__(self, name: str) -> Any:
        if name not in self._built:
            if name not in COMMANDS:
                raise KeyError(name)
            self._built[name] = load_command(name)
        return self._built[name]

    def __setitem__(self, name: str, command: Any) -> None:
        self._built[name] = command

    def __delitem__(self, name: str) -> None:
        del self._built[name]

    def __iter__(self) -> Iterator[str]:
        yield from self._built
        yield from (n for n in COMMANDS if n not in self._built)

    def __len__(self) -> int:
        return len(set(self._built) | set(COMMANDS))

    def __contains__(self, name: object) -> bool:
        return name in self._built or name in COMMANDS


class RootGroup(EuchreGroup):
    """The ``euchre`` group: its commands are imported when they run; its help lists
    them from their summaries without importing any."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.commands = _Commands(self.commands)
        self._summaries = False

    def list_commands(self, ctx: Any) -> list[str]:
        return list(self.commands)

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        if self._summaries and cmd_name in COMMANDS:
            return TyperCommand(cmd_name, help=COMMANDS[cmd_name].summary)
        return self.commands.get(cmd_name)

    def format_commands(self, ctx: Any, formatter: Any) -> None:
        self._summaries = True
        try:
            super().format_commands(ctx, formatter)
        finally:
            self._summaries = False


app = typer.Typer(
    name="euchre",
    cls=RootGroup,
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


def run() -> None:
    """Console-script entry point."""
    app(prog_name="euchre")

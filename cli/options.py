"""Command-line options shared by several commands (``--rule``, ``-o``, ``--seed`` …).

Typer reads these ``Annotated`` aliases; the help texts are written once here.
"""

from __future__ import annotations

from typing import Annotated

import typer

__all__ = [
    "Ascii",
    "Bots",
    "Jobs",
    "Overrides",
    "Players",
    "Rules",
    "Seed",
    "VariantArg",
]

VariantArg = Annotated[
    str,
    typer.Argument(
        metavar="[VARIANT | FILE]",
        help="A variant name (see `euchre variants`) or a variant TOML file.",
    ),
]
Rules = Annotated[
    list[str] | None,
    typer.Option(
        "--rule",
        "-r",
        metavar="NAME",
        help="Add a house-rule plugin (repeatable), e.g. --rule stick-the-dealer.",
    ),
]
Overrides = Annotated[
    list[str] | None,
    typer.Option(
        "--option",
        "-o",
        metavar="PLUGIN.KEY=VALUE",
        help="Set an option (repeatable), e.g. -o standard.target_score=5.",
    ),
]
Seed = Annotated[
    int | None,
    typer.Option("--seed", metavar="N", help="Seed of the deals: the same seed, the same cards."),
]
Bots = Annotated[
    str,
    typer.Option(
        "--bots",
        metavar="BOT",
        help="The bots that play the other seats: random, heuristic, search, careless, "
        "or a level (easy, normal, hard).",
    ),
]
Jobs = Annotated[
    int,
    typer.Option(
        "--jobs",
        "-j",
        min=1,
        metavar="J",
        help="Worker processes; results do not depend on it (the same seed, the same figures).",
    ),
]
Players = Annotated[
    int | None,
    typer.Option(
        "--players", min=2, max=7, help="Number of players, when the variant lets it vary."
    ),
]
Ascii = Annotated[
    bool,
    typer.Option(
        "--ascii", help="Plain ASCII: letters for suits, no colour (also when NO_COLOR is set)."
    ),
]

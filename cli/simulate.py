"""``euchre simulate``: bots play many games (or single hands); headline statistics.

The statistics are counted by :func:`euchre_core.analysis.sim.simulate` as the hands are played
(no record of each hand is kept, so a long run needs no more memory than a short one):
wins per side, points per hand, how often the makers succeed, march and are euchred, and
how lone hands fare. A side is a partnership, or a single seat when every player scores
alone.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Annotated, Any

import typer

from .options import Ascii, Jobs, Overrides, Players, Rules

if TYPE_CHECKING:
    from euchre_core.config import Config

__all__ = ["seat_bots", "simulate", "statistics"]


def simulate(
    variant: Annotated[
        str, typer.Argument(metavar="VARIANT", help="A variant name or a variant TOML file.")
    ] = "standard",
    games: Annotated[
        int | None, typer.Option("--games", metavar="N", help="Whole games to play.")
    ] = None,
    hands: Annotated[
        int | None,
        typer.Option("--hands", metavar="N", help="Single hands to play instead of games."),
    ] = None,
    seed: Annotated[int, typer.Option("--seed", metavar="S", help="Seed of the run.")] = 0,
    bots: Annotated[
        list[str] | None,
        typer.Option(
            "--bots",
            metavar="BOT",
            help="The bots (random, heuristic, search, careless, or a level: easy, normal, "
            "hard): one for every seat, or one per seat in seat order, comma-separated or "
            "repeated.",
        ),
    ] = None,
    rule: Rules = None,
    option: Overrides = None,
    players: Players = None,
    jobs: Jobs = 1,
    json_: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    ascii_: Ascii = False,
) -> None:
    """Let bots play many games (default 200) or single hands, and print headline
    statistics. Ctrl-C stops early and shows those of the games finished so far."""
    from euchre_core.analysis.sim import VariantSpec
    from euchre_core.analysis.sim import simulate as run_sim
    from euchre_core.errors import EuchreError

    from .errors import EXIT_INTERRUPTED, EXIT_USAGE, exit_code_for, fail, print_error
    from .progress import progress

    if games is not None and hands is not None:
        fail("give --games or --hands, not both", EXIT_USAGE)
    if games is None and hands is None:
        games = 200
    unit = "games" if games is not None else "hands"
    count = games if games is not None else hands
    assert count is not None
    if count < 1:
        fail(f"--{unit} {count}: play at least 1", EXIT_USAGE)
    names = [n.strip().lower() for b in (bots or ["heuristic"]) for n in b.split(",")]
    if not all(names):
        fail(f"--bots {','.join(bots or [])}: a bot name is missing", EXIT_USAGE)
    names = _available_bots(names)
    spec = VariantSpec(variant, tuple(rule or ()), tuple(option or ()), players)
    config = spec.load()  # report a bad variant before any work starts
    started = time.perf_counter()
    with progress(count, unit) as update:
        try:
            result = run_sim(
                spec,
                games=games,
                hands=hands,
                bots=names,
                seed=seed,
                jobs=jobs,
                progress=update,
                keep_records=False,
                stop_on_interrupt=True,
            )
        except EuchreError as e:
            fail(str(e), exit_code_for(e))
    stats = statistics(result, whole_games=games is not None, config=config)
    stats["seconds"] = round(time.perf_counter() - started, 3)
    if json_:
        import json

        typer.echo(json.dumps(stats, indent=1, default=str))
    else:
        from .reports import print_simulation

        print_simulation(stats, plain=ascii_)
    if result.interrupted:
        done = stats["games"] if games is not None else stats["hands"]
        print_error(f"interrupted: {done} of {count} {unit} finished")
        raise typer.Exit(EXIT_INTERRUPTED)


def _available_bots(names: list[str]) -> list[str]:
    """The heuristic bot, or the random bot where it is not installed."""
    try:
        import euchre_core.bots.heuristic  # noqa: F401
    except ImportError:
        return ["random" if n == "heuristic" else n for n in names]
    return names


def _rate(n: int, d: int) -> float | None:
    return round(n / d, 4) if d else None


def seat_bots(bots: Sequence[str], seats: int) -> list[str]:
    """The bot of every seat, in seat order (one name given: every seat's)."""
    return list(bots) * seats if len(bots) == 1 else list(bots)


def statistics(result: Any, *, whole_games: bool, config: Config | None = None) -> dict[str, Any]:
    """Headline statistics of a :class:`~euchre_core.analysis.sim.SimResult`, from the counts it
    kept as the hands were played (:class:`~euchre_core.analysis.sim.SimStats`), with what
    was simulated: the bot of each seat and, given the loaded ``config``, the plugin stack
    and every option in effect. Every key is described in ``docs/simulate.md``."""
    st = result.stats
    n_hands = st.hands
    # Games won by someone; those stopped at the hand limit are counted apart.
    unfinished = st.unfinished if whole_games else 0
    n_games = st.games - unfinished if whole_games else 0
    side_rows = []
    for i, side in enumerate(st.sides):
        wins = st.side_wins[i]
        points = st.side_points[i]
        side_rows.append(
            {
                "name": " & ".join(f"seat {s}" for s in side),
                "seats": list(side),
                "wins": wins if whole_games else None,
                "win_rate": _rate(wins, n_games) if whole_games else None,
                "points": points,
                "points_per_hand": round(points / n_hands, 4) if n_hands else 0.0,
                "contracts": st.side_contracts[i],
            }
        )
    contracts = st.contracts
    options = None
    if config is not None:
        options = {
            f"{plugin}.{key}": {
                "value": value,
                "origin": config.origins.get(f"{plugin}.{key}", "default"),
            }
            for plugin, values in config.options.items()
            for key, value in values.items()
        }
    return {
        "variant": result.variant,
        "rules": list(config.plugins) if config is not None else None,
        "options": options,
        "seed": result.seed,
        "bots": seat_bots(result.bots, result.seats),
        "players": result.seats,
        "partnerships": [list(s) for s in result.partnerships] if result.partnerships else None,
        "requested": result.requested,
        "interrupted": result.interrupted,
        "games": n_games,
        "unfinished_games": unfinished,
        "hands": n_hands,
        "hands_per_game": round(n_hands / (n_games + unfinished), 3)
        if n_games + unfinished
        else None,
        "passed_out": st.passed_out,
        "passed_out_rate": _rate(st.passed_out, n_hands),
        "sides": side_rows,
        "wins": [r["wins"] for r in side_rows] if whole_games else None,
        "points_per_hand": [r["points_per_hand"] for r in side_rows],
        "counts_down": bool(config is not None and config.rules().table(config).count_down),
        "contracts": contracts,
        "contracts_made": st.made,
        "maker_success_rate": _rate(st.made, contracts),
        "marches": st.marched,
        "march_rate": _rate(st.marched, contracts),
        "euchres": contracts - st.made,
        "euchre_rate": _rate(contracts - st.made, contracts),
        "lone_attempts": st.lone,
        "lone_attempt_rate": _rate(st.lone, contracts),
        "lone_successes": st.lone_made,
        "lone_success_rate": _rate(st.lone_made, st.lone),
        "lone_marches": st.lone_marched,
    }

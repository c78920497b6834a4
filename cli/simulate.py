"""``euchre simulate``: bots play many games (or single hands); headline statistics.

The statistics are counted by :func:`euchre_core.analysis.sim.simulate` as the hands are played
(no record of each hand is kept, so a long run needs no more memory than a short one):
wins per side, points per hand, how often the makers succeed, march and are euchred, and
how lone hands fare. A side is a partnership, or a single seat when every player scores
alone.
"""

from __future__ import annotations

import time
from typing import Annotated, Any

import typer

from .options import Ascii, Overrides, Players, Rules

__all__ = ["simulate", "statistics"]


def simulate(
    variant: Annotated[
        str, typer.Argument(metavar="VARIANT", help="A variant name or a variant TOML file.")
    ] = "standard",
    games: Annotated[
        int | None, typer.Option("--games", min=0, metavar="N", help="Whole games to play.")
    ] = None,
    hands: Annotated[
        int | None,
        typer.Option("--hands", min=0, metavar="N", help="Single hands to play instead of games."),
    ] = None,
    seed: Annotated[int, typer.Option("--seed", metavar="S", help="Seed of the run.")] = 0,
    bots: Annotated[
        list[str] | None,
        typer.Option(
            "--bots",
            metavar="BOT",
            help="The bots (random, heuristic, search, careless, or a level: easy, normal, "
            "hard): one for every seat, or repeat once per seat.",
        ),
    ] = None,
    rule: Rules = None,
    option: Overrides = None,
    players: Players = None,
    jobs: Annotated[
        int, typer.Option("--jobs", "-j", min=1, metavar="J", help="Worker processes.")
    ] = 1,
    json_: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    ascii_: Ascii = False,
) -> None:
    """Let bots play many games (default 200) or single hands, and print headline
    statistics."""
    from euchre_core.analysis.sim import VariantSpec
    from euchre_core.analysis.sim import simulate as run_sim
    from euchre_core.errors import EuchreError

    from .errors import EXIT_USAGE, fail
    from .progress import progress

    if games is not None and hands is not None:
        fail("give --games or --hands, not both", EXIT_USAGE)
    if games is None and hands is None:
        games = 200
    count = games if games is not None else hands
    assert count is not None
    names = [b.strip().lower() for b in (bots or ["heuristic"])]
    names = _available_bots(names)
    spec = VariantSpec(variant, tuple(rule or ()), tuple(option or ()), players)
    spec.load()  # report a bad variant before any work starts
    started = time.perf_counter()
    with progress(count, "games" if games is not None else "hands") as update:
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
            )
        except EuchreError as e:
            fail(str(e), EXIT_USAGE if "bot" in str(e) else 1)
    stats = statistics(result, whole_games=games is not None)
    stats["seconds"] = round(time.perf_counter() - started, 3)
    if json_:
        import json

        typer.echo(json.dumps(stats, indent=1))
        return
    from .reports import print_simulation

    print_simulation(stats, plain=ascii_)


def _available_bots(names: list[str]) -> list[str]:
    """The heuristic bot, or the random bot where it is not installed."""
    try:
        import euchre_core.bots.heuristic  # noqa: F401
    except ImportError:
        return ["random" if n == "heuristic" else n for n in names]
    return names


def _rate(n: int, d: int) -> float | None:
    return round(n / d, 4) if d else None


def statistics(result: Any, *, whole_games: bool) -> dict[str, Any]:
    """Headline statistics of a :class:`~euchre_core.analysis.sim.SimResult`, from the counts it
    kept as the hands were played (:class:`~euchre_core.analysis.sim.SimStats`)."""
    st = result.stats
    n_hands = st.hands
    n_games = st.games
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
    return {
        "variant": result.variant,
        "seed": result.seed,
        "bots": ",".join(dict.fromkeys(result.bots)),
        "players": result.seats,
        "partnerships": [list(s) for s in result.partnerships] if result.partnerships else None,
        "games": n_games if whole_games else 0,
        "unfinished_games": st.unfinished if whole_games else 0,
        "hands": n_hands,
        "hands_per_game": round(n_hands / n_games, 3) if whole_games and n_games else 1.0,
        "passed_out": st.passed_out,
        "passed_out_rate": _rate(st.passed_out, n_hands),
        "sides": side_rows,
        "wins": [r["wins"] for r in side_rows] if whole_games else None,
        "points_per_hand": [r["points_per_hand"] for r in side_rows],
        "contracts": contracts,
        "maker_success_rate": _rate(st.made, contracts),
        "march_rate": _rate(st.marched, contracts),
        "euchre_rate": _rate(contracts - st.made, contracts),
        "lone_attempts": st.lone,
        "lone_attempt_rate": _rate(st.lone, contracts),
        "lone_successes": st.lone_made,
        "lone_success_rate": _rate(st.lone_made, st.lone),
        "lone_marches": st.lone_marched,
    }

"""``euchre simulate``: bots play many games (or single hands); headline statistics.

The statistics are computed from the per-hand and per-game records of
:func:`euchre_core.sim.simulate`: wins per side, points per hand, how often the makers
succeed, march and are euchred, and how lone hands fare. A side is a partnership, or a
single seat when every player scores alone.
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
            metavar="heuristic|random",
            help="The bots: one name for every seat, or repeat once per seat.",
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
    from euchre_core.errors import EuchreError
    from euchre_core.sim import VariantSpec
    from euchre_core.sim import simulate as run_sim

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
            )
        except EuchreError as e:
            fail(str(e), EXIT_USAGE if "bot" in str(e) else 1)
    stats = statistics(result, whole_games=games is not None)
    stats["seconds"] = round(time.perf_counter() - started, 3)
    if json_:
        import json

        typer.echo(json.dumps(stats, indent=1))
        return
    from .render import print_simulation

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
    """Headline statistics of a :class:`~euchre_core.sim.SimResult`."""
    sides: tuple[tuple[int, ...], ...] = result.partnerships or tuple(
        (s,) for s in range(result.seats)
    )
    hands = result.hands
    n_hands = len(hands)
    contracted = [h for h in hands if not h.passed_out and h.makers]
    made = [h for h in contracted if _made(h)]
    marched = [h for h in contracted if _marched(h)]
    lone = [h for h in contracted if h.maker is not None and h.maker in h.alone]
    lone_made = [h for h in lone if _made(h)]
    lone_marched = [h for h in lone if _marched(h)]
    side_rows = []
    n_games = len(result.games)
    for side in sides:
        wins = sum(1 for g in result.games if g.winners and set(g.winners) & set(side))
        points = sum(h.points[side[0]] for h in hands)
        made_by = sum(1 for h in contracted if h.maker in side)
        side_rows.append(
            {
                "name": " & ".join(f"seat {s}" for s in side),
                "seats": list(side),
                "wins": wins if whole_games else None,
                "win_rate": _rate(wins, n_games) if whole_games else None,
                "points": points,
                "points_per_hand": round(points / n_hands, 4) if n_hands else 0.0,
                "contracts": made_by,
            }
        )
    passed = sum(1 for h in hands if h.passed_out)
    return {
        "variant": result.variant,
        "seed": result.seed,
        "bots": ",".join(dict.fromkeys(result.bots)),
        "players": result.seats,
        "partnerships": [list(s) for s in result.partnerships] if result.partnerships else None,
        "games": n_games if whole_games else 0,
        "hands": n_hands,
        "hands_per_game": round(n_hands / n_games, 3) if whole_games and n_games else 1.0,
        "passed_out": passed,
        "passed_out_rate": _rate(passed, n_hands),
        "sides": side_rows,
        "wins": [r["wins"] for r in side_rows] if whole_games else None,
        "points_per_hand": [r["points_per_hand"] for r in side_rows],
        "contracts": len(contracted),
        "maker_success_rate": _rate(len(made), len(contracted)),
        "march_rate": _rate(len(marched), len(contracted)),
        "euchre_rate": _rate(len(contracted) - len(made), len(contracted)),
        "lone_attempts": len(lone),
        "lone_attempt_rate": _rate(len(lone), len(contracted)),
        "lone_successes": len(lone_made),
        "lone_success_rate": _rate(len(lone_made), len(lone)),
        "lone_marches": len(lone_marched),
    }


def _made(h: Any) -> bool:
    """The makers scored on the hand (took the majority)."""
    return bool(any(h.points[s] > 0 for s in h.makers))


def _marched(h: Any) -> bool:
    """The makers took every trick."""
    total = sum(h.tricks)
    return bool(total > 0 and sum(h.tricks[s] for s in h.makers) == total)

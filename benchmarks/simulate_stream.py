"""``euchre simulate`` against the in-process loop: time per hand and memory.

Prints the CPU time per hand of what ``euchre simulate --hands N`` and ``--games N`` run
(:func:`euchre_core.analysis.sim.simulate` without records, then the headline statistics) next to
the loop of ``benchmarks/random_hands.py`` (four random bots, whole games, nothing else),
their ratio and the goal (within 10%); then the peak memory (the maximum resident set
size of a child process running the ``euchre simulate`` command) for each count given to
``--rss``, next to the goal of 150 MB at a million hands. The runs alternate (loop,
hands, games, loop, ...) so that the load of a busy machine falls on all of them alike;
medians of ``--repeat`` runs are printed with their range.

    python benchmarks/simulate_stream.py [--hands 20000] [--repeat 5] [--rss 100000 ...]

A million hands (``--rss 1000000``) takes a few minutes; measured once on a shared
2-core machine (pure Python): 42.2 MB peak, 121 s of CPU time, the same peak as for
100,000 hands (41.6 MB; 139.6 MB when every record was kept).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from euchre_cli.simulate import statistics as headline
from random_hands import play

from euchre_core.analysis.sim import simulate
from euchre_core.build import build_name

GOAL_RATIO = 1.10
GOAL_MB = 150.0


def loop(hands: int) -> float:
    """CPU seconds per hand of the in-process loop."""
    t0 = time.process_time()
    played = play(hands)
    return (time.process_time() - t0) / played


def command(hands: int | None = None, games: int | None = None) -> float:
    """CPU seconds per hand of what ``euchre simulate`` runs."""
    t0 = time.process_time()
    result = simulate(hands=hands, games=games, bots=["random"], keep_records=False)
    headline(result, whole_games=games is not None)
    return (time.process_time() - t0) / result.stats.hands


def peak_rss_mb(hands: int) -> tuple[float, float]:
    """Peak resident memory (MB) and CPU seconds of ``euchre simulate --hands N``."""
    root = Path(__file__).resolve().parent.parent
    args = [sys.executable, "-m", "euchre_cli", "simulate", "--hands", str(hands)]
    child = subprocess.Popen(
        [*args, "--bots", "random", "--json"], cwd=root, stdout=subprocess.DEVNULL
    )
    _, status, usage = os.wait4(child.pid, 0)
    if status != 0:
        raise SystemExit(f"euchre simulate --hands {hands} failed ({status})")
    return usage.ru_maxrss / 1024, usage.ru_utime + usage.ru_stime


def show(name: str, per_hand: list[float], base: float) -> str:
    med = statistics.median(per_hand)
    ratio = med / base
    verdict = "within" if ratio <= GOAL_RATIO else "outside"
    return (
        f"  {name:<22} {med * 1e6:6.1f} us per hand (range {min(per_hand) * 1e6:.1f} to "
        f"{max(per_hand) * 1e6:.1f}); {ratio:.3f} x the loop, {verdict} the goal of "
        f"{GOAL_RATIO:.2f}"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=20000)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument(
        "--rss", type=int, nargs="*", default=[100000], metavar="N", help="hands per RSS run"
    )
    args = ap.parse_args()
    play(500)  # warm up
    command(hands=500)
    base: list[float] = []
    hands: list[float] = []
    games: list[float] = []
    per_game = 0.0
    for _ in range(args.repeat):
        base.append(loop(args.hands))
        hands.append(command(hands=args.hands))
        if not per_game:  # as many games as make about --hands hands
            probe = simulate(games=200, bots=["random"], keep_records=False).stats
            per_game = probe.hands / probe.games
        games.append(command(games=max(1, round(args.hands / per_game))))
    b = statistics.median(base)
    print(
        f"standard, four random bots, {build_name()}, CPU time, median of {args.repeat} "
        f"alternating runs of about {args.hands} hands:"
    )
    print(
        f"  {'in-process loop':<22} {b * 1e6:6.1f} us per hand (range "
        f"{min(base) * 1e6:.1f} to {max(base) * 1e6:.1f})"
    )
    print(show("simulate --hands N", hands, b))
    print(show("simulate --games N", games, b))
    for n in args.rss:
        mb, cpu = peak_rss_mb(n)
        verdict = "under" if mb <= GOAL_MB else "over"
        print(
            f"  peak RSS, euchre simulate --hands {n}: {mb:.1f} MB ({verdict} the goal of "
            f"{GOAL_MB:.0f} MB at a million hands; {cpu:.1f} s CPU)"
        )


if __name__ == "__main__":
    main()

"""Speed of comparisons: hands per second on one core, and the speed-up of --jobs 2.

Runs ``euchre compare standard standard+stick-the-dealer`` through
:func:`euchre_core.analysis.compare.compare` (the command's own machinery: chunks of games with
derived seeds, worker processes, the statistics) for random and heuristic bots, first
with one worker, then with ``--jobs``, checks that both give the same numbers, and
prints hands per second and the speed-up.

    python benchmarks/compare_speed.py [--games 2000] [--heuristic-games 2000] [--jobs 2]
        [--repeat 3]

The heuristic comparison is the size of the README's worked example (2,000 games per rule
set); a much smaller one mostly measures starting the workers.

The machine is shared: each measurement is repeated (1 worker, then ``--jobs``, in turn)
and the median of the speed-ups is printed with the range; a wide range says the machine
was busy.
"""

from __future__ import annotations

import argparse
import statistics
import time

from euchre_core.analysis.compare import Comparison, compare
from euchre_core.build import build_name

SPECS = ["standard", "standard+stick-the-dealer"]


def run(bots: str, games: int, jobs: int) -> tuple[Comparison, float]:
    started = time.perf_counter()
    result = compare(SPECS, games=games, bots=[bots], seed=1, jobs=jobs)
    return result, time.perf_counter() - started


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000, help="games per rule set, random bots")
    ap.add_argument(
        "--heuristic-games",
        type=int,
        default=2000,
        help="games per rule set, heuristic bots (the README's worked example)",
    )
    ap.add_argument("--repeat", type=int, default=3, help="measurements of each")
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    print(f"compare {' vs '.join(SPECS)} ({build_name()})")
    for bots, games in (("random", args.games), ("heuristic", args.heuristic_games)):
        ones: list[float] = []
        manys: list[float] = []
        for _ in range(args.repeat):
            one, t1 = run(bots, games, 1)
            many, tj = run(bots, games, args.jobs)
            a, b = one.to_json(), many.to_json()
            a.pop("elapsed_seconds")
            b.pop("elapsed_seconds")
            if a != b:
                raise SystemExit(f"{bots}: results differ between 1 and {args.jobs} workers")
            ones.append(t1)
            manys.append(tj)
        hands = sum(len(h) for h in one.hands)
        ups = [x / y for x, y in zip(ones, manys, strict=True)]
        t1, tj = statistics.median(ones), statistics.median(manys)
        print(
            f"{bots:>9} bots: {hands} hands; 1 worker {t1:6.2f} s = {hands / t1:7.0f} hands/s; "
            f"{args.jobs} workers {tj:6.2f} s = {hands / tj:7.0f} hands/s; speed-up "
            f"{statistics.median(ups):.2f}x (median of {args.repeat}; range {min(ups):.2f} to "
            f"{max(ups):.2f}); identical results"
        )


if __name__ == "__main__":
    main()

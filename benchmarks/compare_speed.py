"""Speed of comparisons: hands per second on one core, and the speed-up of --jobs 2.

Runs ``euchre compare standard standard+stick-the-dealer`` through
:func:`euchre_core.compare.compare` (the command's own machinery: chunks of games with
derived seeds, worker processes, the statistics) for random and heuristic bots, first
with one worker, then with ``--jobs``, checks that both give the same numbers, and
prints hands per second and the speed-up.

    python benchmarks/compare_speed.py [--games 600] [--heuristic-games 150] [--jobs 2]
"""

from __future__ import annotations

import argparse
import time

from euchre_core.compare import Comparison, compare

SPECS = ["standard", "standard+stick-the-dealer"]


def run(bots: str, games: int, jobs: int) -> tuple[Comparison, float]:
    started = time.perf_counter()
    result = compare(SPECS, games=games, bots=[bots], seed=1, jobs=jobs)
    return result, time.perf_counter() - started


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=600, help="games per rule set, random bots")
    ap.add_argument(
        "--heuristic-games", type=int, default=150, help="games per rule set, heuristic bots"
    )
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    print(f"compare {' vs '.join(SPECS)}")
    for bots, games in (("random", args.games), ("heuristic", args.heuristic_games)):
        one, t1 = run(bots, games, 1)
        many, tj = run(bots, games, args.jobs)
        a, b = one.to_json(), many.to_json()
        a.pop("elapsed_seconds")
        b.pop("elapsed_seconds")
        if a != b:
            raise SystemExit(f"{bots}: results differ between 1 and {args.jobs} workers")
        hands = sum(len(h) for h in one.hands)
        print(
            f"{bots:>9} bots: {hands} hands; 1 worker {t1:6.2f} s = {hands / t1:7.0f} hands/s; "
            f"{args.jobs} workers {tj:6.2f} s = {hands / tj:7.0f} hands/s; "
            f"speed-up {t1 / tj:.2f}x; identical results"
        )


if __name__ == "__main__":
    main()

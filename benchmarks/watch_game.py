"""A whole watched game: ``euchre play --watch --seed 1`` with piped output.

Bots play every seat and the narration goes to a pipe (so there is no delay between
moves). The target is a whole game, start-up included, in under 2 s. Prints the best and
the median wall time, the number of output lines, and exits non-zero when the median
misses the target.

    python benchmarks/watch_game.py [--runs N] [--seed S] [--target SECONDS]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time

from cli_startup import console_script

TARGET = 2.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", default="1")
    parser.add_argument("--target", type=float, default=TARGET)
    args = parser.parse_args()
    argv = [*console_script(), "play", "--watch", "--seed", args.seed]
    times = []
    lines = 0
    for _ in range(args.runs):
        start = time.perf_counter()
        done = subprocess.run(argv, check=True, capture_output=True, text=True)
        times.append(time.perf_counter() - start)
        lines = done.stdout.count("\n")
        if "Game over" not in done.stdout:
            sys.exit("the game did not reach its end")
    median = statistics.median(times)
    print(
        f"euchre play --watch --seed {args.seed} | cat: best {min(times):.3f} s   "
        f"median {median:.3f} s   ({args.runs} runs, {lines} lines)"
    )
    verdict = "ok" if median < args.target else "TOO SLOW"
    print(f"target: a whole game under {args.target:.1f} s: {verdict}")
    return 0 if median < args.target else 1


if __name__ == "__main__":
    sys.exit(main())

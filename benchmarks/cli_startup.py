"""Start-up time of the ``euchre`` command: ``euchre --help``, run several times.

The command must start in under 0.3 s, so it imports the engine and rich only inside
the commands that need them. Prints the best and the median wall time and exits
non-zero when the median misses the target.

    python benchmarks/cli_startup.py [--runs N] [--target SECONDS]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

TARGET = 0.3


def console_script() -> list[str]:
    """The installed ``euchre`` script beside this Python, else the one on PATH."""
    here = Path(sys.executable).parent / "euchre"
    if here.exists():
        return [str(here)]
    found = shutil.which("euchre")
    if found is None:
        sys.exit("the euchre console script is not installed (pip install -e .)")
    return [found]


def time_run(argv: list[str], runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--target", type=float, default=TARGET)
    args = parser.parse_args()
    script = console_script()
    time_run([*script, "--help"], 1)  # warm the file cache
    results = {}
    for label, extra in (("euchre --help", ["--help"]), ("euchre play --help", ["play", "--help"])):
        times = time_run([*script, *extra], args.runs)
        results[label] = times
        print(
            f"{label:<22} best {min(times):.3f} s   median {statistics.median(times):.3f} s   "
            f"({args.runs} runs)"
        )
    median = statistics.median(results["euchre --help"])
    verdict = "ok" if median < args.target else "TOO SLOW"
    print(f"target: under {args.target:.2f} s: {verdict}")
    return 0 if median < args.target else 1


if __name__ == "__main__":
    sys.exit(main())

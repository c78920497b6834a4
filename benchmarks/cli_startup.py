"""Start-up time of the ``euchre`` command, against its goals.

Three figures, each the median wall time of N whole runs of the installed console script
(the runs of the three alternate, so that a busy machine weighs on each alike):

- ``euchre --help``;
- ``euchre play --seed 1`` from its start until the first prompt appears (in a
  pseudo-terminal, like a person at a terminal; the game is then closed);
- ``euchre simulate --hands 1 --json``: the fixed cost of a command that loads the engine
  and plays one hand.

It prints each figure with its range and whether it meets its goal; it always exits 0
(speed goals are read from the figures, not enforced as a test).

    python benchmarks/cli_startup.py [--runs N]
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

#: The goals, in seconds.
GOALS = {
    "euchre --help": 0.15,
    "euchre play: first prompt": 0.3,
    "euchre simulate --hands 1 --json": 0.25,
}
#: The end of the prompt of a decision at the table.
PROMPT = re.compile(r", \? for a hint\]: ")
#: The runs' environment: bytecode is written (by the warm-up run) and read, as for an
#: installed package, even where PYTHONDONTWRITEBYTECODE is set.
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def console_script() -> list[str]:
    """The installed ``euchre`` script beside this Python, else the one on PATH."""
    here = Path(sys.executable).parent / "euchre"
    if here.exists():
        return [str(here)]
    found = shutil.which("euchre")
    if found is None:
        sys.exit("the euchre console script is not installed (pip install -e .)")
    return [found]


def timed_command(argv: list[str], cwd: str) -> Callable[[], float]:
    """Time a whole run of ``argv`` (output discarded)."""

    def run() -> float:
        start = time.perf_counter()
        subprocess.run(
            argv, cwd=cwd, env=ENV, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        return time.perf_counter() - start

    return run


def timed_first_prompt(script: str, cwd: str) -> Callable[[], float]:
    """Time ``euchre play --seed 1`` in a pseudo-terminal until its first prompt (each
    run in a new folder: the game saves itself there)."""
    import pexpect

    env = {**ENV, "NO_COLOR": "1", "COLUMNS": "100", "LINES": "40"}
    env.pop("EUCHRE_DEBUG", None)

    def run() -> float:
        folder = tempfile.mkdtemp(dir=cwd)
        start = time.perf_counter()
        child = pexpect.spawn(
            script,
            ["play", "--seed", "1"],
            cwd=folder,
            env=env,
            encoding="utf-8",
            timeout=30,
            dimensions=(40, 100),
        )
        try:
            child.expect(PROMPT)
            return time.perf_counter() - start
        finally:
            child.terminate(force=True)

    return run


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="runs of each figure")
    args = parser.parse_args()
    script = console_script()[0]
    with tempfile.TemporaryDirectory() as cwd:
        timers = {
            "euchre --help": timed_command([script, "--help"], cwd),
            "euchre play: first prompt": timed_first_prompt(script, cwd),
            "euchre simulate --hands 1 --json": timed_command(
                [script, "simulate", "--hands", "1", "--json"], cwd
            ),
        }
        for timer in timers.values():  # warm the file cache
            timer()
        times: dict[str, list[float]] = {label: [] for label in timers}
        for _ in range(args.runs):
            for label, timer in timers.items():
                times[label].append(timer())
    baseline = min(
        timed_command([sys.executable, "-c", "pass"], ".")() for _ in range(max(3, args.runs // 3))
    )
    print(f"python -c pass (best): {baseline:.3f} s; {args.runs} runs of each figure")
    for label, goal in GOALS.items():
        t = times[label]
        median = statistics.median(t)
        verdict = "meets" if median <= goal else "MISSES"
        print(
            f"{label:<34} median {median:.3f} s  (range {min(t):.3f}-{max(t):.3f})  "
            f"goal <= {goal:.2f} s: {verdict}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Game review speed: CPU time per hand of ``euchre review`` at its default settings.

Every recorded game of ``tests/data/egn/`` is reviewed for every seat (the default of
the command) and for one seat, with the default number of deals per decision; prints
the CPU time per hand of each game and the figure over all of them.

    python benchmarks/review.py [--samples N] [--seat N]
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from euchre_core.analysis.review import DEFAULT_SAMPLES, review_record
from euchre_core.records.egn import read_egn

EGN = Path(__file__).resolve().parent.parent / "tests" / "data" / "egn"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=DEFAULT_SAMPLES)
    parser.add_argument("--seat", type=int, default=0, help="the seat of the one-seat review")
    args = parser.parse_args()
    totals = {"all seats": [0.0, 0], "one seat": [0.0, 0]}
    print(f"{'game':<28} {'hands':>5} {'all seats':>12} {'one seat':>12}  (CPU s per hand)")
    for path in sorted(EGN.glob("*.egn")):
        record = read_egn(path)
        row = []
        hands = 0
        for label, seats in (("all seats", None), ("one seat", [args.seat])):
            start = time.process_time()
            review = review_record(record, seats, samples=args.samples)
            spent = time.process_time() - start
            hands = len(review.hands)
            totals[label][0] += spent
            totals[label][1] += hands
            row.append(spent / hands)
        print(f"{path.stem:<28} {hands:>5} {row[0]:>12.2f} {row[1]:>12.2f}")
    per = {k: v[0] / v[1] for k, v in totals.items() if v[1]}
    print(
        f"{'all games':<28} {totals['all seats'][1]:>5} "
        f"{per['all seats']:>12.2f} {per['one seat']:>12.2f}"
    )


if __name__ == "__main__":
    main()

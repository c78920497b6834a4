"""Heuristic bot against random bots at the small tables: two-hand and cutthroat.

Two-hand: one heuristic seat against one random seat. Cutthroat: one heuristic seat
against two random seats (a third of the games would be chance). The heuristic seat is
rotated over every seat, the same number of games in each, and the first dealer is drawn
from each game's seed, so neither the seat nor the deal favours it. Each game is won by
one seat (the default rules never share a win); the win rate of the heuristic seat is
printed with its 95% Wilson interval, per seat and overall, and checked against the
bars: at least 90% in two-hand, at least 70% in cutthroat.

    python benchmarks/small_tables.py [--games 2000] [--seed 1] [--jobs N]
        [--variant two-hand|cutthroat|both] [-o PLUGIN.KEY=VALUE ...]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass

from euchre_core.analysis.sim import simulate
from euchre_core.analysis.stats import Estimate, wilson

BARS: dict[str, tuple[int, float]] = {"two-hand": (2, 0.90), "cutthroat": (3, 0.70)}


@dataclass
class SeatResult:
    """Games won by the heuristic seat when it sat at ``seat``."""

    seat: int
    games: int
    wins: int
    hands: int


def run(
    variant: str,
    games: int,
    seed: int | str,
    options: Sequence[str] = (),
    jobs: int = 1,
) -> list[SeatResult]:
    """Play ``games`` games split evenly over the seats of the heuristic bot."""
    seats, _ = BARS[variant]
    out = []
    per_seat = games // seats
    for seat in range(seats):
        bots = ["random"] * seats
        bots[seat] = "heuristic"
        r = simulate(
            variant,
            games=per_seat,
            bots=bots,
            seed=f"{seed}/heuristic-at-{seat}",
            options=list(options),
            jobs=jobs,
        )
        wins = sum(1 for g in r.games if seat in g.winners)
        out.append(SeatResult(seat, len(r.games), wins, len(r.hands)))
    return out


def show(est: Estimate) -> str:
    return f"{est.value:6.1%}  [{est.low:6.1%}, {est.high:6.1%}]"


def report(variant: str, results: list[SeatResult], seconds: float) -> bool:
    """Print the win rates; True when the overall rate meets the variant's bar."""
    seats, bar = BARS[variant]
    total = wilson(sum(r.wins for r in results), sum(r.games for r in results))
    hands = sum(r.hands for r in results)
    print(f"{variant}: heuristic against {seats - 1} random seat(s), chance = {1 / seats:.1%}")
    for r in results:
        rate = show(wilson(r.wins, r.games))
        print(f"  heuristic at seat {r.seat}: {r.wins:5d} / {r.games:5d}  {rate}")
    ok = total.value >= bar
    verdict = "meets" if ok else "BELOW"
    print(
        f"  overall: {show(total)}  ({total.n} games, {hands} hands, {seconds:.1f} s)"
        f"  {verdict} the bar of {bar:.0%}"
    )
    return ok


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--games", type=int, default=2000, help="games per variant (default 2000)")
    ap.add_argument("--seed", default="1")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes")
    ap.add_argument("--variant", choices=("two-hand", "cutthroat", "both"), default="both")
    ap.add_argument("-o", dest="options", action="append", default=[], metavar="PLUGIN.KEY=VALUE")
    args = ap.parse_args(argv)
    variants = list(BARS) if args.variant == "both" else [args.variant]
    ok = True
    for v in variants:
        t0 = time.perf_counter()
        results = run(v, args.games, args.seed, args.options, args.jobs)
        ok = report(v, results, time.perf_counter() - t0) and ok
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

"""Heuristic bot against random bots in standard euchre.

Plays whole games to 10 with a heuristic partnership against a random partnership, the
heuristic side sitting in seats 0/2 for half the games and 1/3 for the other half (each
game seeded from the run's seed), and prints:

* the heuristic side's win rate with a 95% confidence interval (Wilson score interval);
* points per hand for each side.

The speed of heuristic self-play is measured by ``benchmarks/heuristic_hands.py``.

    python benchmarks/heuristic_vs_random.py [--games 2000] [--seed 0]
"""

from __future__ import annotations

import argparse

from euchre_core.analysis.sim import SimResult, simulate
from euchre_core.analysis.stats import wilson


def side_points(result: SimResult, seats: tuple[int, ...]) -> int:
    return sum(h.points[seats[0]] for h in result.hands)


def versus_random(games: int, seed: int | str) -> None:
    first = games // 2
    a = simulate(
        "standard",
        games=first,
        bots=["heuristic", "random", "heuristic", "random"],
        seed=f"{seed}/h02",
    )
    b = simulate(
        "standard",
        games=games - first,
        bots=["random", "heuristic", "random", "heuristic"],
        seed=f"{seed}/h13",
    )
    wins = sum(0 in g.winners for g in a.games) + sum(1 in g.winners for g in b.games)
    hands = len(a.hands) + len(b.hands)
    heur_points = side_points(a, (0, 2)) + side_points(b, (1, 3))
    rand_points = side_points(a, (1, 3)) + side_points(b, (0, 2))
    rate = wilson(wins, games)
    lo, hi = rate.low, rate.high
    print(f"standard euchre to 10, {games} games ({hands} hands), heuristic vs random")
    print(
        f"  heuristic side wins {wins}/{games} = {wins / games:.1%} "
        f"(95% Wilson interval {lo:.1%} to {hi:.1%})"
    )
    print(
        f"  points per hand: heuristic side {heur_points / hands:.3f}, "
        f"random side {rand_points / hands:.3f}"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--seed", default="0")
    args = ap.parse_args()
    versus_random(args.games, args.seed)


if __name__ == "__main__":
    main()

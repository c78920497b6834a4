"""Heuristic bot against random bots in standard euchre, and heuristic self-play speed.

Plays whole games to 10 with a heuristic partnership against a random partnership, the
heuristic side sitting in seats 0/2 for half the games and 1/3 for the other half (each
game seeded from the run's seed), and prints:

* the heuristic side's win rate with a 95% confidence interval (Wilson score interval);
* points per hand for each side;
* heuristic-versus-heuristic hands per second on one core (four heuristic bots, every
  decision made from a freshly built view).

    python benchmarks/heuristic_vs_random.py [--games 2000] [--seed 0] [--speed-hands 5000]
"""

from __future__ import annotations

import argparse
import math
import time

from euchre_core.sim import SimResult, simulate


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a binomial proportion (95% for z = 1.96)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (centre - half, centre + half)


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
    lo, hi = wilson(wins, games)
    print(f"standard euchre to 10, {games} games ({hands} hands), heuristic vs random")
    print(
        f"  heuristic side wins {wins}/{games} = {wins / games:.1%} "
        f"(95% Wilson interval {lo:.1%} to {hi:.1%})"
    )
    print(
        f"  points per hand: heuristic side {heur_points / hands:.3f}, "
        f"random side {rand_points / hands:.3f}"
    )


def self_play_speed(hands_wanted: int, seed: int | str) -> None:
    done = 0
    games = 0
    t0 = time.perf_counter()
    while done < hands_wanted:
        r = simulate("standard", games=10, bots=["heuristic"], seed=f"{seed}/speed{games}")
        done += len(r.hands)
        games += 10
    dt = time.perf_counter() - t0
    print(
        f"  heuristic vs heuristic: {done} hands in {dt:.2f} s = {done / dt:,.0f} hands/s "
        "(one core)"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--seed", default="0")
    ap.add_argument("--speed-hands", type=int, default=5000)
    args = ap.parse_args()
    versus_random(args.games, args.seed)
    self_play_speed(args.speed_hands, args.seed)


if __name__ == "__main__":
    main()

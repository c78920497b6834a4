"""Heuristic bots against random bots in auction euchre (five players) and pepper.

* **Auction, 5 players.** Seat 0 is the bot under test, the four other seats random bots;
  games to 15, the first dealer drawn from each game's seed. Printed: games won by seat 0
  (a random seat wins 1/5) and points per hand for seat 0 and for the average random
  seat, with 95% intervals.
* **Pepper, 4 players.** Seats 0 and 2 (a partnership) are the bot under test, seats 1
  and 3 random bots; games to 30. Printed: games won by the tested partnership (the brief's
  mark: at least 90%) and points per hand for each side. A random partnership's bids climb
  to big pepper and its score sinks, so each game stops after ``--hand-limit`` hands at
  most (a game stopped so is counted as not won).

Two bots are measured on the same seeds (the same deals): the generic heuristic bot
alone, and the variant's advice (``euchre_bot_advice`` of the auction or pepper plugin:
bids, trump, widow discards, partners, the pepper exchange) first, the generic bot for the
rest.

    python benchmarks/auction_pepper_bots.py [--games 400] [--seed 0] [--hand-limit 200]
"""

from __future__ import annotations

import argparse
import time

from harness import Tally, against_random, play, points, show, tested

from euchre_core.analysis.stats import Estimate
from euchre_core.bots import Bot, RandomBot
from euchre_core.config import load_variant


def auction(games: int, seed: str, advised: bool) -> dict[str, Estimate]:
    config = load_variant("auction")
    return against_random(config, games, seed, advised, config.players or 5)


def pepper(games: int, seed: str, advised: bool, hand_limit: int) -> dict[str, Estimate]:
    config = load_variant("pepper")

    def bots(gseed: str) -> list[Bot]:
        return [
            tested(config, f"{gseed}/seat0", advised),
            RandomBot(f"{gseed}/seat1"),
            tested(config, f"{gseed}/seat2", advised),
            RandomBot(f"{gseed}/seat3"),
        ]

    tally = Tally()
    for state in play(config, games, seed, bots, max_hands=hand_limit):
        tally.add(state, points(state, 1))
    return tally.estimates()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", default="0")
    ap.add_argument("--hand-limit", type=int, default=200)
    args = ap.parse_args()
    print(f"auction, 5 players, {args.games} games to 15: seat 0 against 4 random seats")
    print("  a random seat wins 20.0%")
    for advised in (False, True):
        start = time.perf_counter()
        r = auction(args.games, f"{args.seed}/auction", advised)
        name = "heuristic+auction" if advised else "heuristic"
        print(f"  {name:<18} wins {show(r['won'], True)}")
        print(
            f"  {'':<18} points/hand {show(r['points'])}; random seats {show(r['random'])}"
            f"  ({time.perf_counter() - start:.0f} s)"
        )
    print(f"pepper, 4 players, {args.games} games to 30: seats 0+2 against a random pair")
    for advised in (False, True):
        start = time.perf_counter()
        r = pepper(args.games, f"{args.seed}/pepper", advised, args.hand_limit)
        name = "heuristic+pepper" if advised else "heuristic"
        print(f"  {name:<18} wins {show(r['won'], True)}; stopped at the hand limit "
              f"{show(r['stopped'], True)}")  # fmt: skip
        print(
            f"  {'':<18} points/hand {show(r['points'])}; random side {show(r['random'])}"
            f"  ({time.perf_counter() - start:.0f} s)"
        )


if __name__ == "__main__":
    main()

"""A heuristic seat against random seats in call-for-ace euchre, for 4, 5 and 6 players.

Seat 0 is played by the bot under test, every other seat by a random bot; the first
dealer is drawn from each game's seed, so seat 0 deals, bids and leads from every
position. Each game is played to 10. Two bots are measured on the same seeds (the same
deals):

* ``heuristic``: the generic heuristic bot alone;
* ``heuristic+call-ace``: the variant's advice (``euchre_bot_advice`` of the call-ace
  plugin: bids valued with a partner to come, the call, the discard and card play that
  knows friends, foes and seats not known yet) first, the generic bot for the rest.

Printed per player count: games won by seat 0 with a 95% Wilson interval (a random seat
wins 1/N), and points per hand for seat 0 and for the average random seat, with 95%
intervals clustered by game.

    python benchmarks/call_ace_bot.py [--games 1000] [--seed 0] [--players 4 5 6]
"""

from __future__ import annotations

import argparse
import time

from harness import against_random, show

from euchre_core.analysis.stats import Estimate
from euchre_core.config import load_variant

ADVISED = "heuristic+call-ace"


def measure(players: int, games: int, seed: str, advised: bool) -> dict[str, Estimate]:
    config = load_variant("call-ace", players=players)
    return against_random(config, games, seed, advised, players)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", default="0")
    ap.add_argument("--players", type=int, nargs="+", default=[4, 5, 6])
    args = ap.parse_args()
    for n in args.players:
        print(f"call-ace, {n} players, {args.games} games to 10: seat 0 against {n - 1} random")
        print(f"  a random seat wins {1 / n:.1%}")
        for advised in (False, True):
            start = time.perf_counter()
            r = measure(n, args.games, f"{args.seed}/{n}", advised)
            took = time.perf_counter() - start
            name = ADVISED if advised else "heuristic"
            print(f"  {name:<19} wins {show(r['won'], True)}")
            print(
                f"  {'':<19} points/hand {show(r['points'])}; "
                f"random seats {show(r['random'])}  ({took:.0f} s)"
            )


if __name__ == "__main__":
    main()

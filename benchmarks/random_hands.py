"""Random-bot hands per second for standard euchre, with the plugin system active.

Plays whole games between random bots (every rules question answered through the
plugins' hooks) on one process and prints hands per second, then where the time goes
(cProfile, top functions by internal time) when run with --profile.

    python benchmarks/random_hands.py [--hands 20000] [--profile]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import time

from euchre_core.bots import RandomBot
from euchre_core.config import load_variant
from euchre_core.state import State


def play(hands_wanted: int, variant: str = "standard") -> int:
    config = load_variant(variant)
    rules = config.rules()
    bots = [RandomBot(seat) for seat in range(4)]
    hands = 0
    seed = 0
    while hands < hands_wanted:
        state = State(config, seed=seed, rules=rules)
        while state.to_act is not None:
            seat = state.to_act
            state.apply(bots[seat].choose(None, state.legal_actions()))
        hands += len(state.hand_records)
        seed += 1
    return hands


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=20000)
    ap.add_argument("--variant", default="standard")
    ap.add_argument("--profile", action="store_true")
    args = ap.parse_args()
    play(500, args.variant)  # warm up
    t0 = time.perf_counter()
    hands = play(args.hands, args.variant)
    dt = time.perf_counter() - t0
    print(f"{args.variant}: {hands} hands in {dt:.2f} s = {hands / dt:,.0f} hands/s (one core)")
    if args.profile:
        prof = cProfile.Profile()
        prof.runcall(play, min(args.hands, 5000), args.variant)
        pstats.Stats(prof).sort_stats("tottime").print_stats(15)


if __name__ == "__main__":
    main()

"""Random-bot hands per second for standard euchre, with the plugin system active.

Plays whole games between random bots (every rules question answered through the
plugins' hooks) on one process and prints hands per second, then where the time goes
(cProfile, top functions by internal time) when run with --profile. The speed is measured
in CPU time (``time.process_time``), so that other work on the machine counts as little
as possible, over several runs: the median is printed with the range.

    python benchmarks/random_hands.py [--hands 20000] [--repeat 5] [--rule R] [--profile]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import statistics
import time
from collections.abc import Sequence

from euchre_core.bots import RandomBot
from euchre_core.build import build_name
from euchre_core.config import load_variant
from euchre_core.state import State


def play(hands_wanted: int, variant: str = "standard", rules: Sequence[str] = ()) -> int:
    config = load_variant(variant, rules=rules)
    rules = config.rules()
    choose = [RandomBot(seat).choose for seat in range(4)]
    hands = 0
    seed = 0
    while hands < hands_wanted:
        state = State(config, seed=seed, rules=rules)
        # The methods are looked up once a game (as the peers' loops bind theirs).
        apply = state.apply
        legal_actions = state.legal_actions
        seat = state.to_act
        while seat is not None:
            apply(choose[seat](None, legal_actions()))
            seat = state.to_act
        hands += len(state.hand_records)
        seed += 1
    return hands


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=20000)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--variant", default="standard")
    ap.add_argument("--rule", action="append", default=[], help="a house rule to add")
    ap.add_argument("--profile", action="store_true")
    args = ap.parse_args()
    play(500, args.variant, args.rule)  # warm up
    rates = []
    for _ in range(args.repeat):
        t0 = time.process_time()
        hands = play(args.hands, args.variant, args.rule)
        rates.append(hands / (time.process_time() - t0))
    med = statistics.median(rates)
    print(
        f"{' + '.join([args.variant, *args.rule])}, four random bots, {build_name()}: "
        f"{med:,.0f} hands/s on one core "
        f"(median of {args.repeat} runs of {hands} hands, CPU time; range {min(rates):,.0f} to "
        f"{max(rates):,.0f}); {1e6 / med:.0f} us per hand"
    )
    if args.profile:
        prof = cProfile.Profile()
        prof.runcall(play, min(args.hands, 5000), args.variant, args.rule)
        pstats.Stats(prof).sort_stats("tottime").print_stats(15)


if __name__ == "__main__":
    main()

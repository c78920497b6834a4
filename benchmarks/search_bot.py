"""The search bot: strength in swapped-seat duels and time per decision.

Prints, for standard euchre:

* the search bot (level ``hard``) against the heuristic bot, each deal played twice with
  the partnerships swapped: points per hand of each, the search bot's lead per hand and
  the share of deals it wins on points, with 95% intervals;
* the median CPU time of a ``hard`` decision on one core (decisions with one legal
  action excluded; they cost nothing);
* a search partnership against a random partnership: points per hand of each side and
  CPU time per hand (for comparison with published figures of other programs);

then the same search-against-heuristic duel in every other variant that ships.

    python benchmarks/search_bot.py [--deals 200] [--variant-deals 40] [--jobs 2] [--seed 0]
"""

from __future__ import annotations

import argparse
import statistics
import time

from euchre_cli.duel import run_duel

from euchre_core import load_variant
from euchre_core.bots import Bot, make_bot
from euchre_core.bots.search import SearchBot
from euchre_core.state import State

VARIANTS = [
    ("two-hand", ()),
    ("cutthroat", ()),
    ("standard", ("farmers-hand", "partners-best", "defend-alone")),
    ("call-ace", ()),
    ("call-ace-5", ()),
    ("auction", ()),
    ("pepper", ()),
]


def search_partnership(seed: str, hand: int, other: str) -> list[Bot]:
    """Search bots in seats 0 and 2 (seeded from ``seed`` and the hand), ``other`` bots
    (``heuristic``, ``random``) in seats 1 and 3."""
    return [
        SearchBot(f"{seed}/{hand}/0"),
        make_bot(other, 1),
        SearchBot(f"{seed}/{hand}/2"),
        make_bot(other, 3),
    ]


def decision_times(hands: int, seed: str) -> list[float]:
    """CPU seconds of every search decision with a choice, in hands where the two search
    seats face two heuristic seats."""
    config = load_variant("standard")
    times: list[float] = []
    for h in range(hands):
        state = State(config, seed=f"{seed}/time/{h}", max_hands=1)
        bots = search_partnership(seed, h, "heuristic")
        while state.to_act is not None:
            seat = state.to_act
            view = state.view(seat)
            legal = state.legal_actions()
            t0 = time.process_time()
            action = bots[seat].choose(view, legal)
            dt = time.process_time() - t0
            if seat % 2 == 0 and len(legal) > 1:
                times.append(dt)
            state.apply(action)
    return times


def versus_random_time(hands: int, seed: str) -> float:
    """CPU seconds per hand of a search partnership against a random one (one core)."""
    config = load_variant("standard")
    t0 = time.process_time()
    for h in range(hands):
        state = State(config, seed=f"{seed}/rand/{h}", max_hands=1)
        bots = search_partnership(seed, h, "random")
        while state.to_act is not None:
            seat = state.to_act
            bot = bots[seat]
            view = state.view(seat) if bot.uses_view else None
            state.apply(bot.choose(view, state.legal_actions()))
    return (time.process_time() - t0) / hands


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--variant-deals", type=int, default=40)
    ap.add_argument("--time-hands", type=int, default=20)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", default="0")
    ap.add_argument("--skip-variants", action="store_true")
    args = ap.parse_args()

    print(f"search bot (level hard: {SearchBot().samples} deals per decision, heuristic rollouts)")
    r = run_duel(
        "standard",
        "search",
        "heuristic",
        hands=args.deals,
        seed=args.seed,
        jobs=args.jobs,
        chunk=5,
    )
    print(r.report())

    times = decision_times(args.time_hands, args.seed)
    q = statistics.quantiles(times, n=10)
    print(
        f"  hard decision CPU time, one core: median {statistics.median(times) * 1e3:.1f} ms, "
        f"90th percentile {q[-1] * 1e3:.1f} ms, max {max(times) * 1e3:.1f} ms "
        f"({len(times)} decisions)"
    )

    rr = run_duel(
        "standard",
        "search",
        "random",
        hands=args.variant_deals,
        seed=args.seed,
        jobs=args.jobs,
        chunk=5,
    )
    print(rr.report())
    per_hand = versus_random_time(max(5, args.time_hands // 2), args.seed)
    print(f"  search partnership vs random partnership: {per_hand * 1e3:.0f} ms CPU per hand")

    if args.skip_variants:
        return
    for name, rules in VARIANTS:
        try:
            load_variant(name, rules=rules)
        except Exception as e:  # a variant not shipped in this build
            print(f"{name}: not available ({e})")
            continue
        label = "+".join((name, *rules))
        rv = run_duel(
            name,
            "search",
            "heuristic",
            hands=args.variant_deals,
            seed=args.seed,
            jobs=args.jobs,
            rules=rules,
            chunk=5,
        )
        print(rv.report().replace(f", {name}:", f", {label}:", 1))


if __name__ == "__main__":
    main()

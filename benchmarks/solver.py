"""Double-dummy solver speed: the median CPU time to solve a hand from its first lead.

Random deals of the standard game (5-card hands) and of the seven-card deal house rule
(7-card hands), each brought to its first lead by random legal bidding (lone hands left
out: every seat plays, the larger search); each position is
solved with :func:`solve` (every card's tricks and points, the line) and with
:func:`solve_value` (the best trick count only). Prints the median CPU time per solve,
the nodes searched, and each figure next to its goal.

    python benchmarks/solver.py [--deals N] [--seed S]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Sequence

from euchre_core import new_game
from euchre_core.analysis.solver import solve, solve_value
from euchre_core.model import Phase
from euchre_core.state import State

CASES = [
    # (name, variant, house rules, goal in ms for the median solve)
    ("standard, 5 cards", "standard", (), 5.0),
    ("seven-card deal, 7 cards", "standard", ("seven-card-deal",), 100.0),
]


def to_play(variant: str, rng: random.Random, rules: Sequence[str]) -> State:
    """A hand at its first lead with every seat playing, from random legal bidding."""
    while True:
        state = new_game(variant, seed=rng.randrange(1 << 30), rules=rules)
        while state.phase is not Phase.PLAY and state.hand_number == 0:
            state.apply(rng.choice(state.legal_actions()))
        if state.phase is Phase.PLAY and state.hand_number == 0 and not state.teams.sitting_out:
            return state


def run(deals: int, seed: int) -> None:
    for name, variant, rules, goal in CASES:
        rng = random.Random(seed)
        states = [to_play(variant, rng, rules) for _ in range(deals)]
        full: list[float] = []
        value: list[float] = []
        nodes: list[int] = []
        for state in states:
            t = time.process_time()
            sol = solve(state)
            full.append(time.process_time() - t)
            nodes.append(sol.nodes)
            t = time.process_time()
            solve_value(state)
            value.append(time.process_time() - t)
        med = statistics.median(full) * 1e3
        print(
            f"{name}: solve median {med:.2f} ms CPU (goal <= {goal:g} ms) "
            f"{'ok' if med <= goal else 'MISSED'}; "
            f"solve_value median {statistics.median(value) * 1e3:.2f} ms; "
            f"90th percentile solve {sorted(full)[int(0.9 * len(full))] * 1e3:.2f} ms; "
            f"nodes median {statistics.median(nodes):.0f}, max {max(nodes)} "
            f"({deals} deals)"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    run(args.deals, args.seed)


if __name__ == "__main__":
    main()

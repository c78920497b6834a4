"""Heuristic-bot hands per second for standard euchre on one core, and the cost of each
decision by phase.

Four heuristic bots play whole games to 10, each decision made from a freshly built view
exactly as :func:`euchre_core.analysis.sim.play_game` builds it. The speed is measured in CPU time
(``time.process_time``), so that other work on the machine counts as little as possible,
and repeated: the median of the runs is printed with the range.

The figure is for the build installed: pure Python, or the optional compiled build
(``EUCHRE_COMPILE=1 pip install .``, see ``setup.py``); the first line says which.

A second, instrumented run times each decision (building the view, then the bot's choice)
and prints per phase how many decisions a hand makes and what one costs (median and mean
in microseconds): bids, discards, other steps before the first lead, leads and follows,
and how many decisions had a single legal action (applied without asking the bot, as
:func:`euchre_core.analysis.sim.play_game` does).

    python benchmarks/heuristic_hands.py [--hands 3000] [--repeat 5] [--seed 0] [--profile]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import statistics
import time
from collections import defaultdict

from euchre_core.actions import Discard
from euchre_core.analysis.sim import game_seed, play_game
from euchre_core.bots import make_bot
from euchre_core.build import build_name
from euchre_core.config import Config, load_variant
from euchre_core.model import Phase
from euchre_core.state import State


def play(config: Config, hands_wanted: int, seed: str) -> int:
    """Play whole heuristic games until ``hands_wanted`` hands are done; the hands played."""
    hands = 0
    game = 0
    while hands < hands_wanted:
        gseed = game_seed(seed, game)
        bots = [make_bot("heuristic", f"{gseed}/seat{s}") for s in range(4)]
        state = play_game(config, gseed, bots, game=game)
        hands += len(state.hand_records)
        game += 1
    return hands


def speed(config: Config, hands_wanted: int, repeat: int, seed: str) -> None:
    play(config, min(hands_wanted, 300), f"{seed}/warm")
    rates = []
    for _ in range(repeat):
        t0 = time.process_time()
        hands = play(config, hands_wanted, seed)
        dt = time.process_time() - t0
        rates.append(hands / dt)
    med = statistics.median(rates)
    print(
        f"standard euchre, four heuristic bots, {build_name()}: {med:,.0f} hands/s on one core "
        f"(median of {repeat} runs of {hands} hands, CPU time; range "
        f"{min(rates):,.0f} to {max(rates):,.0f}); {1e6 / med:.0f} us per hand"
    )


def _kind(state: State) -> str:
    legal = state.legal_actions()
    if len(legal) == 1:
        return "single legal action"
    if state.phase is Phase.BIDDING:
        return "bid"
    if state.phase is Phase.PLAY:
        return "lead" if not state.trick else "follow"
    if isinstance(legal[0], Discard):
        return "discard"
    return "other (before the lead)"


def per_decision(config: Config, hands_wanted: int, seed: str) -> None:
    """Time every decision (view, then choice) and print the costs by phase."""
    clock = time.perf_counter_ns
    views: dict[str, list[int]] = defaultdict(list)
    choices: dict[str, list[int]] = defaultdict(list)
    engine = 0
    forced = 0
    hands = 0
    game = 0
    while hands < hands_wanted:
        gseed = game_seed(seed, game)
        bots = [make_bot("heuristic", f"{gseed}/seat{s}") for s in range(4)]
        state = State(config, seed=gseed)
        while state.to_act is not None:
            seat = state.to_act
            kind = _kind(state)
            if kind == "single legal action":  # as play_game: applied without asking
                t0 = clock()
                state.apply(state.legal_actions()[0])
                engine += clock() - t0
                forced += 1
                continue
            t0 = clock()
            view = state.view(seat)
            t1 = clock()
            action = bots[seat].choose(view, state.legal_actions())
            t2 = clock()
            state.apply(action)
            t3 = clock()
            views[kind].append(t1 - t0)
            choices[kind].append(t2 - t1)
            engine += t3 - t2
        hands += len(state.hand_records)
        game += 1
    print(f"per decision ({hands} hands; wall clock per call, median / mean in us):")
    print(f"  {'phase':<26}{'per hand':>9}{'view':>16}{'choice':>16}")
    total_view = total_choice = 0
    for kind in ("bid", "discard", "other (before the lead)", "lead", "follow"):
        for kind2 in (kind,):
            v, c = views.get(kind2, []), choices.get(kind2, [])
            if not v:
                continue
            total_view += sum(v)
            total_choice += sum(c)
            print(
                f"  {kind2:<26}{len(v) / hands:>9.2f}"
                f"{statistics.median(v) / 1e3:>8.1f} /{statistics.fmean(v) / 1e3:>6.1f}"
                f"{statistics.median(c) / 1e3:>8.1f} /{statistics.fmean(c) / 1e3:>6.1f}"
            )
    print(f"  {'single legal action':<26}{forced / hands:>9.2f}   applied without asking")
    print(
        f"  per hand: views {total_view / hands / 1e3:.0f} us, choices "
        f"{total_choice / hands / 1e3:.0f} us, engine {engine / hands / 1e3:.0f} us"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--hands", type=int, default=3000)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--seed", default="0")
    ap.add_argument("--profile", action="store_true", help="also print a cProfile summary")
    args = ap.parse_args()
    config = load_variant("standard")
    speed(config, args.hands, args.repeat, args.seed)
    per_decision(config, args.hands, f"{args.seed}/timed")
    if args.profile:
        prof = cProfile.Profile()
        prof.runcall(play, config, args.hands, f"{args.seed}/profile")
        pstats.Stats(prof).sort_stats("tottime").print_stats(20)


if __name__ == "__main__":
    main()

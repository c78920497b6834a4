"""The bots' strength: every target of the levels ``normal`` and ``hard``, with its figure,
its 95% interval, its size and its goal.

Prints, one line per target (``met`` / ``not met`` against the goal):

* ``hard`` against ``normal``, single deals of standard euchre, each played twice with the
  partnerships swapped: the hard side's lead in points per hand (goal at least +0.35);
* ``hard`` against ``normal`` in whole games to 10, seats swapped: the share of games the
  hard side wins (goal at least 60%);
* the CPU time of a decision with a choice on one core, median over the decisions of
  hands where each level partners itself against the other (goals: ``hard`` at most
  60 ms, ``normal`` under 1 ms), and ``hard``'s card plays and its other decisions
  apart (median and 90th percentile);
* ``hard`` against ``normal`` in every other variant that ships, paired runs with a time
  budget per decision, each of a size that can show the lead measured there (goal: the
  hard side ahead, the interval of its lead above 0); ``--variants`` picks some,
  ``--variant-deals`` and ``--variant-think-ms`` replace every variant's own size and
  budget;
* with ``--openspiel-deals N``, ``benchmarks/vs_openspiel.py`` for ``hard`` against
  ISMCTS-1000 (goal at least +0.20 points per hand) and ``normal`` against ISMCTS-100
  (goal at least +0.10): OpenSpiel in the environment ``benchmarks/peers.py`` keeps.

    python benchmarks/strength.py [--deals 400] [--games 60] [--variant-deals N]
        [--variant-think-ms MS] [--variants two-hand cutthroat ...] [--time-hands 20]
        [--openspiel-deals 0] [--seed 0] [--jobs 1]
        [--only deals games time variants openspiel]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from euchre_cli.duel import run_duel

from euchre_core import load_variant
from euchre_core.actions import Play
from euchre_core.bots.heuristic import HeuristicBot
from euchre_core.bots.search import SearchBot
from euchre_core.state import State

HERE = Path(__file__).resolve().parent

#: Every variant that ships, but standard (measured on its own above), with the deals its
#: row plays and the search bot's CPU milliseconds per decision: enough deals for the 95%
#: interval to show a lead of the size measured there (a hand of Five Hundred is worth
#: tens of points, one of cutthroat a point or two), each played in every seating, and
#: more time where a decision is cheap and 10 ms leave too few deals to tell (cutthroat,
#: call-ace, auction). Hard vs normal, seed 0, at the sizes and budgets below: two-hand
#: +0.102 (95% interval +0.035 to +0.170), cutthroat +0.090 (+0.062 to +0.119),
#: call-ace +0.035 (+0.006 to +0.064), railroad +0.123 (+0.049 to +0.198), auction
#: +0.100 (+0.013 to +0.188; at 10 ms +0.071, -0.024 to +0.167), pepper +1.303 (+0.551
#: to +2.056), hasenpfeffer +0.318 (+0.170 to +0.465; on 200 deals +0.320, -0.016 to
#: +0.656), napoleon +0.790 (+0.471 to +1.109), buck +0.666 (+0.419 to +0.912),
#: bid-euchre +0.282 (+0.060 to +0.503), five-hundred +5.912 (+1.878 to +9.947; on 200
#: deals +5.4, -1.7 to +12.5; the 800 deals take about an hour of CPU).
VARIANTS: dict[str, tuple[int, float]] = {
    "two-hand": (200, 10),
    "cutthroat": (400, 40),
    "call-ace": (300, 40),
    "railroad": (300, 10),
    "auction": (300, 40),
    "pepper": (150, 10),
    "hasenpfeffer": (800, 10),
    "napoleon": (200, 10),
    "buck": (100, 10),
    "bid-euchre": (300, 10),
    "five-hundred": (800, 10),
}

PARTS = ("deals", "games", "time", "variants", "openspiel")


def _est(e: Any, pct: bool = False) -> str:
    if pct:
        return f"{e.value:.1%} (95% interval {e.low:.1%} to {e.high:.1%})"
    return f"{e.value:+.3f} (95% interval {e.low:+.3f} to {e.high:+.3f})"


def _verdict(ok: bool) -> str:
    return "met" if ok else "NOT MET"


def _ahead(e: Any) -> str:
    """Against the goal "ahead": shown (the interval above 0), not shown, or behind."""
    if e.low > 0:
        return "met"
    return "not shown (the interval holds 0)" if e.value > 0 else "NOT MET"


def deals(n: int, seed: str, jobs: int) -> None:
    r = run_duel("standard", "search", "heuristic", hands=n, seed=seed, jobs=jobs, chunk=5)
    lead = r.estimates()["lead_per_hand"]
    ok = lead.value >= 0.35 and lead.low > 0
    print(
        f"hard vs normal, standard, single deals: {_est(lead)} points per hand, "
        f"{n} deals x 2 seatings, {r.seconds:.0f} s; goal >= +0.35: {_verdict(ok)}",
        flush=True,
    )


def games(n: int, seed: str, jobs: int) -> None:
    r = run_duel("standard", "search", "heuristic", games=n, seed=seed, jobs=jobs, chunk=2)
    e = r.estimates()
    won = e["games_won"]
    print(
        f"hard vs normal, standard, games to 10: hard wins {_est(won, pct=True)} of "
        f"{won.n} games ({n} seeds x 2 seatings; lead {_est(e['lead_per_hand'])} points "
        f"per hand, {r.seconds:.0f} s); goal >= 60%: {_verdict(won.value >= 0.60)}",
        flush=True,
    )


def decision_times(hands: int, seed: str) -> None:
    """Median CPU time of a decision with a choice, per level: hard seats 0 and 2 against
    normal seats 1 and 3; for hard also its card plays and its other decisions (bids,
    discards) apart, median and 90th percentile."""
    config = load_variant("standard")
    times: dict[str, list[float]] = {"hard": [], "normal": []}
    kinds: dict[str, list[float]] = {"card plays": [], "bids and discards": []}
    for h in range(hands):
        state = State(config, seed=f"{seed}/time/{h}", max_hands=1)
        bots: list[Any] = [
            SearchBot(f"{seed}/{h}/{s}") if s % 2 == 0 else HeuristicBot(f"{seed}/{h}/{s}")
            for s in range(4)
        ]
        while state.to_act is not None:
            seat = state.to_act
            view = state.view(seat)
            legal = state.legal_actions()
            t0 = time.process_time()
            action = bots[seat].choose(view, legal)
            dt = time.process_time() - t0
            if len(legal) > 1:
                times["hard" if seat % 2 == 0 else "normal"].append(dt)
                if seat % 2 == 0:
                    cards = all(type(a) is Play for a in legal)
                    kinds["card plays" if cards else "bids and discards"].append(dt)
            state.apply(action)
    for level, goal in (("hard", 60.0), ("normal", 1.0)):
        xs = times[level]
        med = statistics.median(xs) * 1e3
        q = statistics.quantiles(xs, n=10)[-1] * 1e3
        ok = med <= goal if level == "hard" else med < goal
        print(
            f"{level} decision CPU time, one core: median {med:.2f} ms, 90th percentile "
            f"{q:.2f} ms ({len(xs)} decisions, {hands} hands); goal "
            f"{'<=' if level == 'hard' else '<'} {goal:g} ms: {_verdict(ok)}",
            flush=True,
        )
        if level == "hard":
            for kind, ys in kinds.items():
                if len(ys) > 1:
                    print(
                        f"  hard's {kind}: median {statistics.median(ys) * 1e3:.2f} ms, "
                        f"90th percentile {statistics.quantiles(ys, n=10)[-1] * 1e3:.2f} ms "
                        f"({len(ys)} decisions)",
                        flush=True,
                    )


def variants(
    n: int | None,
    think_ms: float | None,
    seed: str,
    jobs: int,
    names: list[str] | None = None,
) -> None:
    """Hard against normal in each variant: ``n`` deals each and ``think_ms`` CPU
    milliseconds per decision of the search bot (0: its defaults, 48 deals a card played
    and 96 a bid, no time limit); ``None``: the variant's own in :data:`VARIANTS`."""
    for name in names or list(VARIANTS):
        own_deals, own_think = VARIANTS.get(name, (100, 10.0))
        deals = n if n is not None else own_deals
        think = think_ms if think_ms is not None else own_think
        spec = f"search:think_ms={think:g}" if think > 0 else "search"
        try:
            load_variant(name)
        except Exception as e:  # a variant not shipped in this build
            print(f"hard vs normal, {name}: not available ({e})")
            continue
        try:
            r = run_duel(name, spec, "heuristic", hands=deals, seed=seed, jobs=jobs, chunk=5)
        except Exception as e:  # a finding to report, not a reason to stop
            print(f"hard vs normal, {name}: FAILED ({type(e).__name__}: {e})", flush=True)
            continue
        est = r.estimates()
        lead = est["lead_per_hand"]
        per = len(r.units[0].hands) if r.units else 0
        budget = f"think {think:g} ms" if think > 0 else "no time limit"
        print(
            f"hard vs normal, {name}: lead {_est(lead)} points per hand (hard "
            f"{est['a_per_hand'].value:+.3f}, normal {est['b_per_hand'].value:+.3f}), {deals} "
            f"deals x {per} seatings, {budget}, {r.seconds:.0f} s; goal > 0: {_ahead(lead)}",
            flush=True,
        )


def openspiel(n: int, seed: str) -> None:
    script = str(HERE / "vs_openspiel.py")
    s = str(int(seed)) if seed.isdigit() else "0"
    for level, sims in (("hard", "1000"), ("normal", "100")):
        cmd = [sys.executable, script, "--deals", str(n), "--sims", sims, "--levels", level]
        subprocess.call([*cmd, "--seed", s])


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--deals", type=int, default=400)
    ap.add_argument("--games", type=int, default=60)
    ap.add_argument("--variant-deals", type=int, default=None)
    ap.add_argument("--variants", nargs="+", choices=list(VARIANTS), default=None)
    ap.add_argument("--variant-think-ms", type=float, default=None)
    ap.add_argument("--time-hands", type=int, default=20)
    ap.add_argument("--openspiel-deals", type=int, default=0)
    ap.add_argument("--seed", default="0")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--only", nargs="+", choices=PARTS, default=list(PARTS))
    args = ap.parse_args()
    if "deals" in args.only:
        deals(args.deals, args.seed, args.jobs)
    if "games" in args.only:
        games(args.games, args.seed, args.jobs)
    if "time" in args.only:
        decision_times(args.time_hands, args.seed)
    if "variants" in args.only:
        variants(args.variant_deals, args.variant_think_ms, args.seed, args.jobs, args.variants)
    if "openspiel" in args.only and args.openspiel_deals > 0:
        openspiel(args.openspiel_deals, args.seed)


if __name__ == "__main__":
    main()

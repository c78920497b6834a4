"""Tune the heuristic bot's bidding thresholds by paired self-play duels.

A candidate setting (:class:`~euchre_core.bots.heuristic.BidSettings`) plays the
incumbent on the same deals with seats swapped: each deal is played twice, the candidate
holding one partnership and then the other, and the figure is the candidate's points per
hand minus the incumbent's, with a 95% interval (deals are independent). Luck of the
cards cancels out; so does every deal on which the candidate bids as the incumbent does.
Those deals are found cheaply: the incumbent's bidding on each deal is recorded once,
the candidate is asked at each of its steps (every seat), and only a deal where it would
choose otherwise somewhere is played out (the card play does not depend on the
settings). A deal it bids alike scores a lead of exactly 0.

The search is by coordinates: for each setting in turn, the incumbent's value plus and
minus a step; a candidate whose lead's interval is above zero becomes the incumbent
(and the setting is tried again further in that direction). At the end the settings
found play the starting ones on fresh deals, in the rules tuned for and in the other
set, so that the winner's curse of many tries does not count.

Rule sets: ``matched`` is standard euchre with OpenSpiel's rules (stick the dealer, the
lone hand decided after the dealer's discard, no lone defender, 1/2/4/2 scoring),
``standard`` the plain variant (redeal when all pass, alone with the call).

    python benchmarks/tune_heuristic.py [--rules matched] [--deals 40000]
        [--settings eldest,partner,...] [--step 0.2] [--start eldest=0.1,...]
        [--check 100000] [--rounds 1] [--seed 0]
    python benchmarks/tune_heuristic.py --compare eldest=0.2 [--rules standard] [--ablate]
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace

from euchre_core.actions import Action
from euchre_core.bots.heuristic import BID_SETTINGS, BidSettings, HeuristicBot
from euchre_core.config import Config, load_variant
from euchre_core.model import Phase
from euchre_core.state import State

RULES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "matched": (("stick-the-dealer",), ("standard.alone_timing=before_first_lead",)),
    "standard": ((), ()),
}

#: The settings searched by default: the seats' margins in both rounds and the lone
#: thresholds by the maker's seat.
DEFAULT_SEARCH = (
    "eldest",
    "partner",
    "opponent",
    "dealer",
    "eldest2",
    "partner2",
    "opponent2",
    "dealer2",
    "alone_at",
    "alone_dealer",
    "alone_partner",
    "alone_opponent",
    "alone_round2",
)


@dataclass
class Lead:
    """A candidate's lead per hand over the incumbent, with its 95% half-width."""

    value: float
    half: float
    deals: int
    differ: int
    seconds: float

    @property
    def low(self) -> float:
        return self.value - self.half

    def __str__(self) -> str:
        return (
            f"{self.value:+.4f} ± {self.half:.4f} per hand "
            f"({self.deals} deals, {self.differ} bid otherwise, {self.seconds:.0f} s)"
        )


def _bots(settings: BidSettings, seats: int, deal: int) -> list[HeuristicBot]:
    return [HeuristicBot(f"{deal}/{s}", bidding=settings) for s in range(seats)]


def _new(config: Config, seed: str, deal: int) -> State:
    return State(config, seed=seed, deal_number=deal, max_hands=1)


class Deals:
    """Deals of one rule set, with the incumbent's bidding on each recorded."""

    def __init__(self, config: Config, seed: str, count: int, incumbent: BidSettings):
        self.config = config
        self.seed = seed
        self.count = count
        self.incumbent = incumbent
        self.paths: list[list[Action]] = []
        for d in range(count):
            state = _new(config, seed, d)
            bots = _bots(incumbent, state.seats, d)
            path: list[Action] = []
            while state.to_act is not None and state.phase is not Phase.PLAY:
                legal = state.legal_actions()
                seat = state.to_act
                a = legal[0] if len(legal) == 1 else bots[seat].choose(state.view(seat), legal)
                path.append(a)
                state.apply(a)
            self.paths.append(path)

    def _differs(self, d: int, candidate: BidSettings) -> bool:
        """Whether the candidate, at any seat, bids otherwise on the incumbent's path."""
        state = _new(self.config, self.seed, d)
        bots = _bots(candidate, state.seats, d)
        for a in self.paths[d]:
            legal = state.legal_actions()
            if len(legal) > 1:
                seat = state.to_act
                assert seat is not None
                b = bots[seat].choose(state.view(seat), legal)
                if b is not a and b != a:
                    return True
            state.apply(a)
        return False

    def _play(self, d: int, candidate: BidSettings) -> float:
        """The candidate's points minus the incumbent's over the deal's two seatings."""
        total = 0.0
        table = self.config.rules().table(self.config)
        sides = table.partnerships
        assert sides is not None
        for side in sides:
            state = _new(self.config, self.seed, d)
            bots = [
                HeuristicBot(f"{d}/{s}", bidding=candidate if s in side else self.incumbent)
                for s in range(state.seats)
            ]
            while state.to_act is not None:
                legal = state.legal_actions()
                seat = state.to_act
                a = legal[0] if len(legal) == 1 else bots[seat].choose(state.view(seat), legal)
                state.apply(a)
            mine = state.scores[side[0]]
            other = max(state.scores[s] for s in range(state.seats) if s not in side)
            total += mine - other
        return total

    def lead(self, candidate: BidSettings) -> Lead:
        """The candidate's lead per hand over the incumbent on these deals."""
        t0 = time.process_time()
        diffs: list[float] = []
        for d in range(self.count):
            if self._differs(d, candidate):
                diffs.append(self._play(d, candidate))
        n = self.count
        total = sum(diffs)
        mean = total / n
        sq = sum(x * x for x in diffs)
        var = (sq - n * mean * mean) / (n - 1) if n > 1 else 0.0
        # Two hands a deal.
        return Lead(
            mean / 2,
            1.96 * math.sqrt(max(var, 0.0) / n) / 2,
            n,
            len(diffs),
            time.process_time() - t0,
        )


def parse(text: str, base: BidSettings) -> BidSettings:
    """Settings ``key=value,...`` over ``base``."""
    values: dict[str, float] = {}
    for item in filter(None, (t.strip() for t in text.split(","))):
        key, eq, value = item.partition("=")
        if not eq or key.strip() not in BID_SETTINGS:
            raise SystemExit(f"setting {item!r}: write key=value, key one of {BID_SETTINGS}")
        values[key.strip()] = float(value)
    return replace(base, **values)


def changed(settings: BidSettings, base: BidSettings) -> str:
    """The settings that differ from ``base``, as ``key=value,...``."""
    out = []
    for k in BID_SETTINGS:
        v = getattr(settings, k)
        if abs(v - getattr(base, k)) > 1e-9:
            out.append(f"{k}={v:g}")
    return ",".join(out) or "(none)"


def config_of(rules: str) -> Config:
    plugins, options = RULES[rules]
    return load_variant("standard", rules=list(plugins), options=list(options))


def search(
    rules: str,
    deals: int,
    names: Sequence[str],
    step: float,
    start: BidSettings,
    seed: str,
    rounds: int,
) -> BidSettings:
    config = config_of(rules)
    best = start
    for r in range(rounds):
        print(f"round {r + 1}, step {step:g}, from {changed(best, BidSettings())}", flush=True)
        for name in names:
            pool = Deals(config, f"{seed}/{r}/{name}", deals, best)
            moved = False
            for sign in (1.0, -1.0):
                cand = replace(best, **{name: getattr(best, name) + sign * step})
                while True:
                    lead = pool.lead(cand)
                    print(f"  {name}={getattr(cand, name):+.2f}: {lead}", flush=True)
                    if lead.low <= 0.0:
                        break
                    best = cand
                    moved = True
                    pool = Deals(config, f"{seed}/{r}/{name}/{getattr(best, name):g}", deals, best)
                    cand = replace(best, **{name: getattr(best, name) + sign * step})
                if moved:
                    break
        step /= 2
    return best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rules", choices=sorted(RULES), default="matched")
    ap.add_argument("--deals", type=int, default=40_000, help="deals per candidate")
    ap.add_argument("--settings", default=",".join(DEFAULT_SEARCH), help="settings searched")
    ap.add_argument("--step", type=float, default=0.2)
    ap.add_argument("--rounds", type=int, default=1, help="passes, the step halved each time")
    ap.add_argument("--start", default="", help="settings to start from (key=value,...)")
    ap.add_argument("--check", type=int, default=100_000, help="deals of the final check")
    ap.add_argument("--compare", default=None, help="only compare these settings to the start")
    ap.add_argument(
        "--ablate",
        action="store_true",
        help="with --compare: each change's own lead, the others kept",
    )
    ap.add_argument("--seed", default="0")
    args = ap.parse_args()
    start = parse(args.start, BidSettings())
    if args.compare is not None:
        found = parse(args.compare, start)
    else:
        names = [n.strip() for n in args.settings.split(",") if n.strip()]
        for n in names:
            if n not in BID_SETTINGS:
                raise SystemExit(f"unknown setting {n!r} (known: {', '.join(BID_SETTINGS)})")
        found = search(args.rules, args.deals, names, args.step, start, args.seed, args.rounds)
        print(f"found: {changed(found, BidSettings())}", flush=True)
    if args.ablate:
        config = config_of(args.rules)
        for k in BID_SETTINGS:
            if abs(getattr(found, k) - getattr(start, k)) > 1e-9:
                without = replace(found, **{k: getattr(start, k)})
                pool = Deals(config, f"ablate/{args.seed}/{k}", args.deals, without)
                print(
                    f"{k}={getattr(found, k):g} over {getattr(start, k):g}, the others kept: "
                    f"{pool.lead(found)}",
                    flush=True,
                )
    if args.check <= 0:
        return
    for rules in (args.rules, *(r for r in RULES if r != args.rules)):
        pool = Deals(config_of(rules), f"check/{args.seed}", args.check, start)
        print(
            f"check, {rules}: {changed(found, start)} over {changed(start, BidSettings())}: "
            f"{pool.lead(found)}",
            flush=True,
        )


if __name__ == "__main__":
    main()

"""Settings of the search bot compared on the same deals: each setting plays ``normal``
(the heuristic bot) on every deal of standard euchre twice, the partnerships swapped,
with the same seeds as ``euchre duel search heuristic --hands N`` (so the default
setting's figure is that of ``benchmarks/strength.py --only deals`` for the same seed).

Prints each setting's lead over ``normal`` in points per hand, and each setting's lead
minus the first one's on the same deals (paired: a deal where both settings play alike
adds nothing to the spread), with 95% intervals; the share of deals played differently;
the median and 95th percentile CPU time of a decision with a choice, of card plays and of
the other decisions (bids, discards, lone hands). Results per deal are kept in a folder
(``--keep``) so that a setting already measured on the same deals is not played again (by default a
folder ``search-tune`` in the system's temporary folder).

    python benchmarks/search_tune.py [--deals 400] [--seed 0] [--keep DIR]
        SETTING [SETTING ...]

A setting is ``default`` or ``key=value,...`` of the search bot's keyword arguments
(``bid_samples=192``, ``bid_solver=1``, ``samples=64,bid_sure=1``). One more key,
``only=cards`` or ``only=bids``, has the search take only those decisions (the cards
played, or the rest: bids, discards, lone hands) and the heuristic bot the others, to show
where the search's lead comes from.
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from euchre_core import load_variant
from euchre_core.actions import Play
from euchre_core.analysis.stats import ratio
from euchre_core.bots.heuristic import HeuristicBot
from euchre_core.bots.search import SearchBot
from euchre_core.state import State


def parse_setting(text: str) -> dict[str, Any]:
    """The keyword arguments of a setting (``default``: none)."""
    if text == "default":
        return {}
    out: dict[str, Any] = {}
    for item in text.split(","):
        key, _, value = item.partition("=")
        v: Any
        try:
            v = int(value)
        except ValueError:
            try:
                v = float(value)
            except ValueError:
                v = value
        out[key.strip()] = v
    if out.get("only", "cards") not in ("cards", "bids"):
        raise SystemExit(f"setting {text!r}: only must be cards or bids")
    return out


class Hybrid:
    """The search bot for one kind of decision (``"cards"``: every legal action a card
    played; ``"bids"``: the others), the heuristic bot for the rest."""

    uses_view = True

    def __init__(self, seed: str, only: str, **kwargs: Any):
        self.cards = only == "cards"
        self.search = SearchBot(seed, **kwargs)
        self.heuristic = HeuristicBot(seed)

    def choose(self, view: Any, legal: Any) -> Any:
        cards = all(type(a) is Play for a in legal)
        bot = self.search if cards == self.cards else self.heuristic
        return bot.choose(view, legal)


def play_deal(seed: str, u: int, kwargs: dict[str, Any]) -> dict[str, Any]:
    """Deal ``u`` in both seatings: the search side's lead (points, summed over the two
    seatings), its decisions, and their CPU times (card plays and the rest)."""
    config = load_variant("standard")
    kwargs = dict(kwargs)
    only = kwargs.pop("only", None)
    lead = 0.0
    trace: list[str] = []
    card_ms: list[float] = []
    bid_ms: list[float] = []
    for k, side in enumerate((0, 1)):
        bots: list[Any] = [
            (
                Hybrid(f"{seed}/{u}/{k}/seat{s}", only, **kwargs)
                if only
                else SearchBot(f"{seed}/{u}/{k}/seat{s}", **kwargs)
            )
            if s % 2 == side
            else HeuristicBot(f"{seed}/{u}/{k}/seat{s}")
            for s in range(4)
        ]
        state = State(config, seed=f"{seed}/{u}", max_hands=1)
        while state.to_act is not None:
            legal = state.legal_actions()
            if len(legal) == 1:
                state.apply(legal[0])
                continue
            seat = state.to_act
            t = time.process_time()
            action = bots[seat].choose(state.view(seat), legal)
            if seat % 2 == side:
                ms = (time.process_time() - t) * 1000
                (card_ms if isinstance(action, Play) else bid_ms).append(ms)
                trace.append(repr(action))
            state.apply(action)
        gained = state.scores
        lead += gained[side] - gained[1 - side]
        trace.append("|")
    return {"lead": lead, "trace": trace, "card_ms": card_ms, "bid_ms": bid_ms}


def measure(seed: str, deals: int, setting: str, keep: Path) -> list[dict[str, Any]]:
    path = keep / f"{seed}-{setting}.jsonl"
    done: list[dict[str, Any]] = []
    if path.exists():
        done = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    kwargs = parse_setting(setting)
    t0 = time.perf_counter()
    with path.open("a") as out:
        for u in range(len(done), deals):
            row = play_deal(seed, u, kwargs)
            out.write(json.dumps(row) + "\n")
            out.flush()
            done.append(row)
    if len(done) > deals:
        done = done[:deals]
    print(f"{setting}: {deals} deals ready ({time.perf_counter() - t0:.0f} s)", flush=True)
    return done


def _q(xs: list[float], q: float) -> float:
    if not xs:
        return float("nan")
    return sorted(xs)[min(len(xs) - 1, int(q * len(xs)))]


def _fmt(e: Any) -> str:
    return f"{e.value:+.3f} (95% interval {e.low:+.3f} to {e.high:+.3f}, n = {e.n})"


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--deals", type=int, default=400)
    ap.add_argument("--seed", default="0")
    ap.add_argument("--keep", type=Path, default=Path(tempfile.gettempdir()) / "search-tune")
    ap.add_argument("settings", nargs="+")
    args = ap.parse_args()
    for setting in args.settings:
        parse_setting(setting)  # every one checked before any is played
    args.keep.mkdir(parents=True, exist_ok=True)
    runs = {s: measure(args.seed, args.deals, s, args.keep) for s in args.settings}
    base_name = args.settings[0]
    base = runs[base_name]
    twos = [2.0] * args.deals
    for name, rows in runs.items():
        lead = ratio([r["lead"] for r in rows], twos)
        all_ms = [m for r in rows for m in r["card_ms"] + r["bid_ms"]]
        card = [m for r in rows for m in r["card_ms"]]
        bid = [m for r in rows for m in r["bid_ms"]]
        print(f"{name}: lead over normal {_fmt(lead)}")
        print(
            f"  ms per decision: all median {statistics.median(all_ms):.1f} / p95 "
            f"{_q(all_ms, 0.95):.1f}; cards {statistics.median(card):.1f} / "
            f"{_q(card, 0.95):.1f}; others {statistics.median(bid):.1f} / {_q(bid, 0.95):.1f}"
            f" ({len(card)} + {len(bid)} decisions)"
        )
        if name != base_name:
            diff = ratio([r["lead"] - b["lead"] for r, b in zip(rows, base, strict=True)], twos)
            differ = sum(1 for r, b in zip(rows, base, strict=True) if r["trace"] != b["trace"])
            print(
                f"  minus {base_name}: {_fmt(diff)}; played differently in {differ} of "
                f"{args.deals} deals"
            )


if __name__ == "__main__":
    main()

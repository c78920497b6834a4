"""``euchre duel``: two kinds of bot against each other, on the same deals, seats swapped.

Each unit of the duel is one game seed (or one deal, with ``--hands``) played once per
seating: in a partnership game, bot A holds one partnership and bot B the other, then the
sides swap; in a game where everyone plays alone, bot A sits at each seat in turn with
bot B at every other seat. The deals depend only on the seed (the same seed, the same
cards in the same order), so luck of the cards cancels out between seatings.

Reported, with 95% intervals (:mod:`euchre_core.analysis.stats`):

* points per hand of each bot (a bot's points are the average over the seats it holds),
  and A's lead over B, per hand (a ratio of per-unit sums, units independent);
* A's share of the games won (Wilson interval; games of a unit are not independent, so
  the interval is a little narrow) and A's share of the units won on points.

Bots are named as for ``--bots`` (``random``, ``heuristic``, ``search``, ``careless``, or
a level: ``easy``, ``normal``, ``hard``), optionally with settings:
``search:samples=32,rollout=random``. Units run on ``--jobs``
worker processes; results are identical for any number of workers.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Annotated, Any

import typer

from .options import Jobs, Overrides, Players, Rules

__all__ = ["DuelResult", "duel", "make_duel_bot", "run_duel"]

#: The heuristic bot's settings named first in the message for a bad one.
_SHOWN = ("alone_at", "call_margin")


#: Search bot keywords a duel spec does not set: the seed is the duel's, the rules the
#: variant's.
_NOT_SETTINGS = ("self", "seed", "config")

#: The words a yes-or-no setting of the search bot takes.
_YES = ("1", "yes", "true", "on")
_NO = ("0", "no", "false", "off")


def search_settings() -> dict[str, type]:
    """The search bot's settings a duel spec can give, each with its type (read from
    :class:`~euchre_core.bots.search.SearchBot`'s signature, so the list is never stale)."""
    import inspect

    from euchre_core.bots.search import SearchBot

    out: dict[str, type] = {}
    for name, param in inspect.signature(SearchBot.__init__).parameters.items():
        if name in _NOT_SETTINGS:
            continue
        text = str(param.annotation)
        kinds = [k for k in (bool, int, float, str) if k.__name__ in text.split(" | ")]
        if kinds:
            out[name] = kinds[0]
    return out


def make_duel_bot(spec: str, seed: int | str) -> Any:
    """A bot from a spec ``name`` or ``name:key=value,...`` (settings of the search bot:
    any keyword of :class:`~euchre_core.bots.search.SearchBot` but its seed and rules,
    such as ``samples``, ``bid_samples``, ``think_ms``, ``play_slip`` (see
    :func:`search_settings`); of the heuristic bot: ``alone_at``, ``call_margin`` and the
    other bidding thresholds of :class:`~euchre_core.bots.heuristic.BidSettings`)."""
    from euchre_core.bots import bot_name, make_bot
    from euchre_core.bots.search import SearchBot
    from euchre_core.errors import EuchreError

    name, _, settings = spec.partition(":")
    name = bot_name(name)  # a level names its bot: hard:samples=32
    if name == "search" and not settings:
        return SearchBot(seed)
    if not settings:
        return make_bot(name, seed)
    if name == "heuristic":
        from euchre_core.bots.heuristic import BID_SETTINGS, HeuristicBot

        tuned: dict[str, float] = {}
        for item in settings.split(","):
            key, eq, value = item.partition("=")
            key = key.strip()
            if not eq or key not in BID_SETTINGS:
                raise EuchreError(
                    f"heuristic bot setting {item!r}: write alone_at=X, call_margin=X or "
                    f"another of {', '.join(k for k in BID_SETTINGS if k not in _SHOWN)}"
                )
            try:
                tuned[key] = float(value)
            except ValueError:
                raise EuchreError(f"heuristic bot setting {item!r}: not a number") from None
        return HeuristicBot(seed, **tuned)
    if name != "search":
        raise EuchreError(f"bot {name!r} takes no settings (only search and heuristic do)")
    known = search_settings()
    kwargs: dict[str, Any] = {}
    for item in settings.split(","):
        key, eq, value = item.partition("=")
        key = key.strip()
        if not eq:
            raise EuchreError(f"bot setting {item!r}: write key=value")
        kind = known.get(key)
        if kind is None:
            raise EuchreError(f"unknown search bot setting {key!r} (known: {', '.join(known)})")
        if kind is bool:
            word = value.strip().lower()
            if word not in _YES + _NO:
                raise EuchreError(f"search bot setting {item!r}: not yes or no")
            kwargs[key] = word in _YES
        elif kind is str:
            kwargs[key] = value.strip()
        else:
            try:
                kwargs[key] = kind(value)
            except ValueError:
                what = "a whole number" if kind is int else "a number"
                raise EuchreError(f"search bot setting {item!r}: not {what}") from None
    return SearchBot(seed, **kwargs)


def seatings(seats: int, partnerships: tuple[tuple[int, ...], ...] | None) -> list[list[bool]]:
    """For each seating, which seats bot A holds (the rest are bot B's)."""
    if partnerships is not None:
        return [[s in side for s in range(seats)] for side in partnerships]
    return [[s == k for s in range(seats)] for k in range(seats)]


@dataclass
class UnitResult:
    """One seed played in every seating: per seating, A's and B's points per seat, hands,
    and whether A won the game."""

    unit: int
    a_points: list[float] = field(default_factory=list)
    b_points: list[float] = field(default_factory=list)
    hands: list[int] = field(default_factory=list)
    a_won: list[bool] = field(default_factory=list)
    decided: list[bool] = field(default_factory=list)


def _play_units(
    args: tuple[Any, str, str, int | str, list[int], bool],
) -> list[UnitResult]:
    from euchre_core.analysis.sim import play_game

    spec, bot_a, bot_b, seed, units, single = args
    config = spec.load()
    table = config.rules().table(config)
    layouts = seatings(table.seats, table.partnerships)
    out: list[UnitResult] = []
    for u in units:
        res = UnitResult(u)
        game_seed = f"{seed}/{u}"
        for k, holds_a in enumerate(layouts):
            bots = [
                make_duel_bot(bot_a if a else bot_b, f"{seed}/{u}/{k}/seat{s}")
                for s, a in enumerate(holds_a)
            ]
            state = play_game(config, game_seed, bots, max_hands=1 if single else None)
            a_seats = [s for s in range(table.seats) if holds_a[s]]
            b_seats = [s for s in range(table.seats) if not holds_a[s]]
            # Points gained towards winning: in a game that counts down, those taken off.
            sign = -1 if table.count_down else 1
            gained = [sign * (x - table.start_score) for x in state.scores]
            res.a_points.append(sum(gained[s] for s in a_seats) / len(a_seats))
            res.b_points.append(sum(gained[s] for s in b_seats) / len(b_seats))
            res.hands.append(len(state.hand_records))
            winners = state.result.winners if state.result is not None else ()
            res.a_won.append(any(holds_a[s] for s in winners))
            res.decided.append(bool(winners))
        out.append(res)
    return out


#: Points per seat are averages over a side's seats: a lead closer to zero than this is
#: a tie.
_LEVEL = 1e-9


@dataclass
class DuelResult:
    """What :func:`run_duel` returns: the per-unit results and the estimates."""

    variant: str
    bot_a: str
    bot_b: str
    seed: int | str
    single_hands: bool
    units: list[UnitResult]
    seconds: float = 0.0

    def estimates(self) -> dict[str, Any]:
        """Points per hand of A and of B, A's lead per hand, A's win share (games and
        units), each an :class:`~euchre_core.analysis.stats.Estimate`."""
        from euchre_core.analysis.stats import ratio, wilson

        hands = [float(sum(u.hands)) for u in self.units]
        a = [sum(u.a_points) for u in self.units]
        b = [sum(u.b_points) for u in self.units]
        lead = [x - y for x, y in zip(a, b, strict=True)]
        out: dict[str, Any] = {
            "a_per_hand": ratio(a, hands),
            "b_per_hand": ratio(b, hands),
            "lead_per_hand": ratio(lead, hands),
            # Of the units not level: a tie is neither side's (a deal that gave both
            # seatings the same points counted against A).
            "units_won": wilson(
                sum(1 for d in lead if d > _LEVEL), sum(1 for d in lead if abs(d) > _LEVEL)
            ),
        }
        if not self.single_hands:
            decided = [w for u in self.units for w, d in zip(u.a_won, u.decided, strict=True) if d]
            out["games_won"] = wilson(sum(decided), len(decided))
        return out

    def report(self) -> str:
        """The result in a few plain lines."""
        e = self.estimates()
        n_units = len(self.units)
        n_hands = sum(sum(u.hands) for u in self.units)
        what = "deals" if self.single_hands else "game seeds"
        per = len(self.units[0].hands) if self.units else 0
        lines = [
            f"{self.bot_a} (A) vs {self.bot_b} (B), {self.variant}: {n_units} {what}, "
            f"each played in {per} seatings ({n_hands} hands, {self.seconds:.1f} s)",
            f"  points per hand: A {_fmt(e['a_per_hand'])}, B {_fmt(e['b_per_hand'])}",
            f"  A's lead per hand: {_fmt(e['lead_per_hand'])}",
        ]
        if "games_won" in e:
            lines.append(f"  A wins {_pct(e['games_won'])} of the games")
        level = self.level_units()
        lines.append(
            f"  A ahead on points in {_pct(e['units_won'])} of the {what} not level ({level} level)"
        )
        return "\n".join(lines)

    def level_units(self) -> int:
        """The units in which A and B gained the same points."""
        return sum(1 for u in self.units if abs(sum(u.a_points) - sum(u.b_points)) <= _LEVEL)

    def to_json(self) -> dict[str, Any]:
        """The result as one JSON object: what was played and every estimate as
        ``{value, low, high, n}`` (the bounds of its 95% interval)."""
        return {
            "variant": self.variant,
            "bot_a": self.bot_a,
            "bot_b": self.bot_b,
            "seed": self.seed,
            "units": len(self.units),
            "unit": "deal" if self.single_hands else "game seed",
            "seatings": len(self.units[0].hands) if self.units else 0,
            "hands": sum(sum(u.hands) for u in self.units),
            "level_units": self.level_units(),
            "seconds": round(self.seconds, 3),
            "estimates": {k: e.to_dict() for k, e in self.estimates().items()},
        }


def _fmt(e: Any) -> str:
    return f"{e.value:+.3f} (95% interval {e.low:+.3f} to {e.high:+.3f})"


def _pct(e: Any) -> str:
    return f"{e.value:.1%} (95% interval {e.low:.1%} to {e.high:.1%}, n = {e.n})"


def run_duel(
    variant: str = "standard",
    bot_a: str = "search",
    bot_b: str = "heuristic",
    *,
    games: int | None = None,
    hands: int | None = None,
    seed: int | str = 0,
    jobs: int = 1,
    rules: Sequence[str] = (),
    options: Sequence[str] = (),
    players: int | None = None,
    chunk: int = 1,
    progress: Callable[[int], None] | None = None,
) -> DuelResult:
    """Play a duel: ``games`` game seeds (whole games) or ``hands`` deals (single hands),
    each in every seating. Results are identical for any ``jobs``."""
    import time
    from concurrent.futures import ProcessPoolExecutor

    from euchre_core.analysis.sim import VariantSpec, chunks
    from euchre_core.errors import EuchreError

    if (games is None) == (hands is None):
        raise EuchreError("give either games or hands")
    count = games if games is not None else hands
    assert count is not None
    single = hands is not None
    spec = VariantSpec(variant, tuple(rules), tuple(options), players)
    spec.load()  # fail early on a bad variant
    for b in (bot_a, bot_b):
        make_duel_bot(b, 0)  # and on an unknown bot
    parts = list(chunks(count, max(1, chunk)))
    work = [(spec, bot_a, bot_b, seed, p, single) for p in parts]
    units: list[UnitResult] = []
    t0 = time.perf_counter()
    if jobs > 1 and len(parts) > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for res in pool.map(_play_units, work):
                units.extend(res)
                if progress:
                    progress(len(units))
    else:
        for w in work:
            units.extend(_play_units(w))
            if progress:
                progress(len(units))
    result = DuelResult(variant, bot_a, bot_b, seed, single, units)
    result.seconds = time.perf_counter() - t0
    return result


def duel(
    bot_a: Annotated[str, typer.Argument(metavar="BOT_A", help="Bot A, e.g. search or hard.")],
    bot_b: Annotated[str, typer.Argument(metavar="BOT_B", help="Bot B, e.g. heuristic or normal.")],
    variant: Annotated[
        str, typer.Option("--variant", "-v", metavar="V", help="A variant name or TOML file.")
    ] = "standard",
    games: Annotated[
        int | None,
        typer.Option("--games", min=2, metavar="N", help="Game seeds (default 100; two at least)."),
    ] = None,
    hands: Annotated[
        int | None,
        typer.Option(
            "--hands",
            min=2,
            metavar="N",
            help="Single deals instead of whole games (two at least: the intervals need them).",
        ),
    ] = None,
    seed: Annotated[int, typer.Option("--seed", metavar="S", help="Seed of the duel.")] = 0,
    jobs: Jobs = 1,
    rule: Rules = None,
    option: Overrides = None,
    players: Players = None,
    json_: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Two bots play the same deals with seats swapped: points per hand and win rate, with
    95% intervals. Bots take settings: search:samples=32,rollout=random."""
    from .errors import EXIT_USAGE, fail
    from .progress import progress

    if games is not None and hands is not None:
        fail("give --games or --hands, not both", EXIT_USAGE)
    if games is None and hands is None:
        games = 100
    from euchre_core.errors import EuchreError

    for b in (bot_a, bot_b):
        try:
            make_duel_bot(b, 0)
        except EuchreError as e:  # a usage error, before any work starts
            fail(str(e), EXIT_USAGE)
    count = games if games is not None else hands
    assert count is not None
    with progress(count, "deals" if hands is not None else "game seeds") as update:
        result = run_duel(
            variant,
            bot_a,
            bot_b,
            games=games,
            hands=hands,
            seed=seed,
            jobs=jobs,
            rules=rule or (),
            options=option or (),
            players=players,
            progress=update,
        )
    if json_:
        import json

        typer.echo(json.dumps(result.to_json(), indent=1))
        return
    typer.echo(result.report())

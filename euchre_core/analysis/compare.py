"""Compare rule sets: the same deals played under each, statistics of the differences.

A *spec* names a rule set on one line: a variant (a built-in name or a TOML file), any
house rules to add after ``+``, and any options to set after ``:``::

    standard
    standard+stick-the-dealer
    standard+defend-alone:standard.lone_euchre_points=4
    mine.toml:standard.target_score=5
    call-ace:players=6

``players=N`` sets the number of players of variants that let it vary.

**Paired design.** Game ``g`` of a run seeded ``S`` is seeded ``S/g`` under every rule
set, and each deal of a game has its own seed (:func:`euchre_core.state.deal_seed`), so
when two rule sets have the same seats and the same pack every game of each is played
from the same sequence of deals: differences come from the rules, and the statistics of
differences are computed game by game (paired), which removes the variance the deals
have in common. Rule sets that cannot be paired (other player counts, other packs) are
compared as independent samples, and the result says so.

**Metrics.** Games are the independent units: hands of one game share a score and a
dealer rotation. Every per-hand figure is a ratio of per-game sums with a cluster-robust
(delta-method) interval; for a rate (a share of hands, shown as a percentage) that
interval is Wilson's at the effective number of hands the games' variance implies, so it
stays inside 0-100%. A difference is paired per game or, for independent samples,
Welch's. Game-level rates use Wilson's interval (Newcombe's for an independent
difference). The metrics, precisely:

* *hands with a contract* are the hands in which some seat made trump (not passed out);
* *a side* is a partnership, or a single seat when every player scores alone; the
  *makers' sides* are the sides holding a maker seat (a call-ace caller and partner are
  two sides), the *defenders' sides* the others;
* **points per contract, makers** (**defenders**): over hands with a contract, the points the
  hand gave each makers' (defenders') side, averaged over those sides, per hand with a
  contract (the JSON keys keep their names, ``maker_points_per_hand``);
* **maker success rate**: hands whose makers fulfilled the contract (the ``made`` flag of
  :class:`~euchre_core.events.HandScored`, which every variant answers) per hand with a
  contract; **euchre rate**: the others; **march rate**: the makers took every trick;
* **lone attempts per contract**: hands with a contract in which a maker played alone, per
  hand with a contract; **lone success rate**: those made, per lone attempt;
* **passed-out hands**: hands nobody made trump in, per hand dealt;
* **hands per game** (whole games only);
* **first dealer's side wins**: games won by the side of the first dealer, per game won;
* **first scorer's side wins**: games won by the side that scored the first points, per
  game in which the first points went to a single side;
* **final margin**: the winners' final score minus the best other side's, per game won
  (in a game that counts down, the best other side's minus the winners')
  (its distribution is reported too);
* the metrics that variants declare (``euchre_add_metrics``) from the facts their plugins
  record for each hand (``euchre_hand_facts``).
"""

from __future__ import annotations

import csv
import json
import math
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from ..config import Config
from ..errors import ArgumentError, ConfigError, EuchreError
from ..model import Metric, Table
from ..state import State
from .sim import (
    Chunk,
    GameRecord,
    HandRecord,
    VariantSpec,
    _loaded,
    chunk_size_for,
    chunks,
    game_seed,
    run_chunk,
    run_chunks,
)
from .stats import (
    Estimate,
    mean_ci,
    mean_difference,
    proportion_difference,
    quantile,
    rate,
    ratio,
    ratio_difference,
    wilson,
)

__all__ = [
    "CORE_METRICS",
    "Comparison",
    "CsvRecords",
    "MetricResult",
    "RuleSet",
    "compare",
    "paired_words",
    "pairing",
    "parse_spec",
    "write_csv",
]


# ---------------------------------------------------------------------------------------
# Specs
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class RuleSet:
    """One rule set to compare, parsed from its spec text.

    :ivar text: the spec as typed (its label in every report)
    :ivar spec: the picklable variant description that workers load
    """

    text: str
    spec: VariantSpec

    def load(self) -> Config:
        """The resolved variant; errors name the spec they come from."""
        try:
            return self.spec.load()
        except ConfigError as e:
            problem = e.problem if e.source == "command line" else str(e)
            raise ConfigError(f"spec {self.text!r}", "", problem) from None


def _spec_error(text: str, problem: str) -> ConfigError:
    return ConfigError(f"spec {text!r}", "", problem)


def parse_spec(text: str) -> RuleSet:
    """Parse ``VARIANT[+RULE...][:PLUGIN.KEY=VALUE...][:players=N]``.

    The variant is a built-in name or a TOML file (a file name may itself hold ``+``).

    :raises ConfigError: one line naming the spec and what is wrong with it.
    """
    raw = text.strip()
    if not raw:
        raise _spec_error(text, "empty spec: expected VARIANT[+RULE...][:PLUGIN.KEY=VALUE...]")
    head, *settings = raw.split(":")
    parts = head.split("+")
    variant = ""
    rules: list[str] = []
    # The longest run of leading parts that names an existing file is the variant.
    for cut in range(len(parts), 0, -1):
        candidate = "+".join(parts[:cut])
        if Path(candidate).is_file():
            variant, rules = candidate, parts[cut:]
            break
    else:
        variant, rules = parts[0], parts[1:]
    if not variant.strip():
        raise _spec_error(text, "no variant before '+' or ':'")
    for r in rules:
        if not r.strip():
            raise _spec_error(text, "empty rule name after '+'")
    options: list[str] = []
    players: int | None = None
    for item in settings:
        key, eq, value = item.partition("=")
        key, value = key.strip(), value.strip()
        if not eq or not key or not value:
            raise _spec_error(
                text, f"{item!r} is not PLUGIN.KEY=VALUE (e.g. standard.target_score=5)"
            )
        if key == "players":
            try:
                players = int(value)
            except ValueError:
                raise _spec_error(text, f"players must be a whole number, not {value!r}") from None
            continue
        if "." not in key:
            raise _spec_error(
                text, f"{item!r}: name the plugin of the option, e.g. standard.{key}={value}"
            )
        options.append(f"{key}={value}")
    spec = VariantSpec(variant.strip(), tuple(r.strip() for r in rules), tuple(options), players)
    return RuleSet(raw, spec)


# ---------------------------------------------------------------------------------------
# Pairing
# ---------------------------------------------------------------------------------------


def pairing(first: Config, other: Config, seed: int | str = 0) -> tuple[bool, str]:
    """Whether ``other`` plays the same deals as ``first`` (``True``, "") or why not.

    The seats and the pack must be the same; then the first deal of the run is dealt
    under both and compared, which catches a rule that deals differently.
    """
    a: Table = first.rules().table(first)
    b: Table = other.rules().table(other)
    if a.seats != b.seats:
        return False, f"different numbers of players ({a.seats} and {b.seats})"
    if sorted(c.code for c in a.deck) != sorted(c.code for c in b.deck):
        return False, f"different packs ({len(a.deck)} and {len(b.deck)} cards)"
    if a.deck != b.deck or a.hand_size != b.hand_size:
        return False, "the packs are dealt differently"
    sa = State(first, seed=game_seed(seed, 0))
    sb = State(other, seed=game_seed(seed, 0))
    if sa.first_dealer != sb.first_dealer or sa.deal != sb.deal:
        return False, "the rule sets deal differently from the same seed"
    return True, ""


# ---------------------------------------------------------------------------------------
# Metrics
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class MetricDef:
    """A metric the comparison reports.

    :ivar name: key in JSON; :ivar title: words in the table
    :ivar percent: a rate shown as a percentage
    :ivar level: ``hand`` (a ratio of per-game sums), ``proportion`` (a share of games,
      Wilson) or ``mean`` (a mean of one value per game)
    :ivar games_only: only for whole games (not for single hands)
    """

    name: str
    title: str
    percent: bool = False
    level: str = "hand"
    games_only: bool = False


CORE_METRICS: tuple[MetricDef, ...] = (
    MetricDef("maker_points_per_hand", "points per contract, makers"),
    MetricDef("defender_points_per_hand", "points per contract, defenders"),
    MetricDef("maker_success_rate", "maker success rate", percent=True),
    MetricDef("march_rate", "march rate", percent=True),
    MetricDef("euchre_rate", "euchre rate", percent=True),
    MetricDef("lone_attempts_per_hand", "lone attempts per contract", percent=True),
    MetricDef("lone_success_rate", "lone success rate", percent=True),
    MetricDef("passed_out_rate", "passed-out hands", percent=True),
    MetricDef("hands_per_game", "hands per game", level="mean", games_only=True),
    MetricDef(
        "first_dealer_side_wins",
        "first dealer's side wins",
        percent=True,
        level="proportion",
        games_only=True,
    ),
    MetricDef(
        "first_scorer_side_wins",
        "first scorer's side wins",
        percent=True,
        level="proportion",
        games_only=True,
    ),
    MetricDef("final_margin", "final margin", level="mean", games_only=True),
)


@dataclass
class _Units:
    """Per-game numerators and denominators of every metric of one rule set."""

    num: dict[str, list[float]] = field(default_factory=dict)
    den: dict[str, list[float]] = field(default_factory=dict)

    def add(self, name: str, num: float, den: float) -> None:
        self.num.setdefault(name, []).append(num)
        self.den.setdefault(name, []).append(den)

    def extend(self, more: _Units) -> None:
        """Append the figures of the games that follow (a later chunk)."""
        for name, values in more.num.items():
            self.num.setdefault(name, []).extend(values)
        for name, values in more.den.items():
            self.den.setdefault(name, []).extend(values)


def _side_points(points: Sequence[int], sides: Sequence[tuple[int, ...]]) -> float:
    """The mean over ``sides`` of the points each gained (partners gain the same)."""
    if len(sides) == 1:
        return float(points[sides[0][0]])  # the mean of one value, exactly
    vals = [points[side[0]] for side in sides]
    return math.fsum(vals) / len(vals) if vals else 0.0


def _units(
    table: Table,
    hands: Sequence[HandRecord],
    games: Sequence[GameRecord],
    extra: Sequence[Metric],
    whole_games: bool,
) -> _Units:
    """Every metric's numerator and denominator, game by game (in game order)."""
    sides = table.sides
    side_of = {s: side for side in sides for s in side}
    by_game: dict[int, list[HandRecord]] = {}
    for h in hands:
        by_game.setdefault(h.game, []).append(h)
    # The makers' sides and the defenders' sides, by the makers of a hand (few distinct).
    split: dict[tuple[int, ...], tuple[list[tuple[int, ...]], list[tuple[int, ...]]]] = {}
    u = _Units()
    for g in games:
        mine = by_game.get(g.game, [])
        contracts = made = marched = lone = lone_made = passed = 0
        maker_pts = defender_pts = 0.0
        for h in mine:
            if h.passed_out:
                passed += 1
            makers = h.makers
            if not makers:
                continue
            contracts += 1
            found = split.get(makers)
            if found is None:
                maker_sides = {side_of[s] for s in makers}
                found = split[makers] = (
                    sorted(maker_sides),
                    [s for s in sides if s not in maker_sides],
                )
            maker_pts += _side_points(h.points, found[0])
            defender_pts += _side_points(h.points, found[1])
            if h.made:
                made += 1
            tricks = h.tricks
            total = sum(tricks)
            if total:
                taken = 0
                for s in makers:
                    taken += tricks[s]
                if taken == total:
                    marched += 1
            alone = h.alone
            if alone and any(s in alone for s in makers):
                lone += 1
                if h.made:
                    lone_made += 1
        u.add("maker_points_per_hand", maker_pts, contracts)
        u.add("defender_points_per_hand", defender_pts, contracts)
        u.add("maker_success_rate", made, contracts)
        u.add("march_rate", marched, contracts)
        u.add("euchre_rate", contracts - made, contracts)
        u.add("lone_attempts_per_hand", lone, contracts)
        u.add("lone_success_rate", lone_made, lone)
        u.add("passed_out_rate", passed, len(mine))
        if whole_games:
            won = bool(g.winners)
            u.add("hands_per_game", g.hands, 1)
            first_side = side_of[g.first_dealer]
            u.add(
                "first_dealer_side_wins",
                float(won and bool(set(g.winners) & set(first_side))),
                float(won),
            )
            first_sides = {side_of[s] for s in g.first_scorer}
            counted = won and len(first_sides) == 1
            u.add(
                "first_scorer_side_wins",
                float(counted and bool(set(g.winners) & set(next(iter(first_sides))))),
                float(counted),
            )
            margin = _margin(g, sides, table.count_down) if won else 0
            u.add("final_margin", float(margin), float(won))
        for m in extra:
            num = math.fsum(h.facts.get(m.numerator, 0) for h in mine)
            den = (
                math.fsum(h.facts.get(m.denominator, 0) for h in mine)
                if m.denominator
                else len(mine)
            )
            u.add(m.name, num, den)
    return u


def _margin(g: GameRecord, sides: Sequence[tuple[int, ...]], count_down: bool = False) -> int:
    """The winners' final score minus the best score of the sides that did not win (in a
    game whose scores count down, the best other score minus the winners' lowest: the
    margin is positive either way)."""
    others = [g.scores[side[0]] for side in sides if not set(side) & set(g.winners)]
    if not others:
        return 0
    if count_down:
        return min(others) - min(g.scores[s] for s in g.winners)
    return max(g.scores[s] for s in g.winners) - max(others)


# ---------------------------------------------------------------------------------------
# Results
# ---------------------------------------------------------------------------------------


@dataclass
class MetricResult:
    """One metric for every rule set, and each one's difference from the first.

    :ivar values: one :class:`Estimate` per rule set, ``None`` where it does not apply
    :ivar differences: ``None`` for the first rule set; then ``value - first``
    """

    name: str
    title: str
    percent: bool
    values: list[Estimate | None]
    differences: list[Estimate | None]
    source: str = "core"


@dataclass
class Comparison:
    """The result of :func:`compare`.

    :ivar rule_sets: what was compared, first is the reference
    :ivar paired: per rule set, whether it was paired with the first (the first: True)
    :ivar reasons: per rule set, why it could not be paired ("" when it was)
    :ivar whole_games: whole games (else single hands)
    :ivar requested: games (or hands) asked for per rule set
    :ivar completed: games (or hands) played per rule set and used (fewer when
      interrupted: only those completed under every rule set)
    :ivar hands: hand records per rule set (empty unless kept: ``keep_records``)
    :ivar games: game records per rule set
    :ivar metrics: the statistics; :ivar margins: final margins per rule set, counted
    """

    rule_sets: list[RuleSet]
    configs: list[Config]
    paired: list[bool]
    reasons: list[str]
    seed: int | str
    bots: tuple[str, ...]
    whole_games: bool
    requested: int
    completed: int = 0
    hands: list[list[HandRecord]] = field(default_factory=list)
    games: list[list[GameRecord]] = field(default_factory=list)
    metrics: list[MetricResult] = field(default_factory=list)
    margins: list[dict[int, int]] = field(default_factory=list)
    interrupted: bool = False
    elapsed: float = 0.0

    @property
    def all_paired(self) -> bool:
        return all(self.paired)

    def to_json(self) -> dict[str, Any]:
        """One JSON-ready object: specs, settings, seed, metrics with intervals, pairing,
        elapsed seconds. Everything but ``elapsed_seconds`` depends only on the inputs."""
        specs = []
        for rs, cfg, paired, reason, games in zip(
            self.rule_sets, self.configs, self.paired, self.reasons, self.games, strict=True
        ):
            table = cfg.rules().table(cfg)
            specs.append(
                {
                    "spec": rs.text,
                    "variant": cfg.name,
                    "plugins": list(cfg.plugins),
                    # The options not at their defaults (a variant file may set every
                    # one to its default, as Buck's does).
                    "options": {
                        f"{p}.{k}": _plain(v)
                        for p, values in sorted(cfg.changed_options().items())
                        for k, v in sorted(values.items())
                    },
                    "players": table.seats,
                    "partnerships": [list(s) for s in table.partnerships]
                    if table.partnerships
                    else None,
                    "pack": len(table.deck),
                    "paired_with_first": paired,
                    "why_not_paired": reason or None,
                    "hands_played": sum(g.hands for g in games),
                }
            )
        unit = "games" if self.whole_games else "hands"
        return {
            "specs": specs,
            "settings": {
                "unit": unit,
                unit: self.requested,
                "completed": self.completed,
                "bots": list(self.bots),
                "confidence": 0.95,
            },
            "seed": self.seed,
            "paired": self.all_paired,
            "design": _design(self),
            "interrupted": self.interrupted,
            "metrics": [
                {
                    "name": m.name,
                    "title": m.title,
                    "source": m.source,
                    "percent": m.percent,
                    "values": [_estimate_json(v) for v in m.values],
                    "differences": [_estimate_json(d, diff=True) for d in m.differences],
                }
                for m in self.metrics
            ],
            "final_margins": [
                {str(k): v for k, v in sorted(counts.items())} for counts in self.margins
            ]
            if self.whole_games
            else None,
            "elapsed_seconds": round(self.elapsed, 3),
        }


def _plain(value: Any) -> Any:
    return value if isinstance(value, (bool, int, float, str)) or value is None else str(value)


def paired_words(whole_games: bool) -> str:
    """How a paired comparison's differences were taken: game by game, or hand by hand
    when single hands were played."""
    unit = "game" if whole_games else "hand"
    return f"paired: every rule set played the same deals; differences are per {unit}"


def _design(c: Comparison) -> str:
    if len(c.rule_sets) == 1:
        return "a single rule set"
    if c.all_paired:
        return paired_words(c.whole_games)
    why = "; ".join(f"{rs.text}: {r}" for rs, r in zip(c.rule_sets, c.reasons, strict=True) if r)
    return f"independent samples ({why})"


def _num(x: float) -> float | None:
    return None if math.isnan(x) or math.isinf(x) else round(x, 6)


def _estimate_json(e: Estimate | None, diff: bool = False) -> dict[str, Any] | None:
    if e is None:
        return None
    out: dict[str, Any] = {
        "value": _num(e.value),
        "low": _num(e.low),
        "high": _num(e.high),
        "n": e.n,
    }
    if diff:
        out["excludes_zero"] = e.excludes_zero
    return out


def _estimate(
    d: MetricDef | None, num: list[float], den: list[float], percent: bool = False
) -> Estimate:
    level = d.level if d is not None else "hand"
    if level == "proportion":
        return wilson(round(math.fsum(num)), round(math.fsum(den)))
    if level == "mean":
        vals = [x for x, y in zip(num, den, strict=True) if y]
        return mean_ci(vals)
    if percent:  # a share: rate() keeps it inside 0..1 (a ratio when it is not a share)
        return rate(num, den)
    return ratio(num, den)


def _difference(
    d: MetricDef | None,
    a: tuple[list[float], list[float]],
    b: tuple[list[float], list[float]],
    paired: bool,
) -> Estimate:
    level = d.level if d is not None else "hand"
    if not paired and level == "proportion":
        return proportion_difference(
            round(math.fsum(a[0])),
            round(math.fsum(a[1])),
            round(math.fsum(b[0])),
            round(math.fsum(b[1])),
        )
    if not paired and level == "mean":
        va = [x for x, y in zip(*a, strict=True) if y]
        vb = [x for x, y in zip(*b, strict=True) if y]
        return mean_difference(va, vb, paired=False)
    # Paired per game (units with no denominator weigh nothing), or independent ratios.
    return ratio_difference(a[0], a[1], b[0], b[1], paired=paired)


def _variant_metrics(configs: Sequence[Config]) -> list[tuple[Metric, set[int]]]:
    """Metrics the variants declare, each with the rule sets that declare it."""
    found: dict[str, tuple[Metric, set[int]]] = {}
    for i, cfg in enumerate(configs):
        for answer in cfg.rules().add_metrics():
            for m in answer or ():
                if not isinstance(m, Metric):
                    raise EuchreError(
                        f"euchre_add_metrics of {cfg.name} answered {m!r}, not a Metric"
                    )
                found.setdefault(m.name, (m, set()))[1].add(i)
    return list(found.values())


def analyse(c: Comparison, units: Sequence[_Units]) -> None:
    """Compute the metrics and margins of a comparison from the per-game figures of each
    rule set (``units``, worked out by the workers: :func:`_chunk_figures`) and its
    records."""
    extra = _variant_metrics(c.configs)
    defs: list[tuple[MetricDef | None, str, str, bool, str]] = [
        (d, d.name, d.title, d.percent, "core")
        for d in CORE_METRICS
        if c.whole_games or not d.games_only
    ]
    defs += [(None, m.name, m.title, m.percent, m.name.split(".")[0]) for m, _ in extra]
    c.metrics = []
    for d, name, title, percent, source in defs:
        values: list[Estimate | None] = []
        diffs: list[Estimate | None] = []
        for i, u in enumerate(units):
            if name not in u.num:
                values.append(None)
                diffs.append(None)
                continue
            values.append(_estimate(d, u.num[name], u.den[name], percent))
            if i == 0 or name not in units[0].num:
                diffs.append(None)
                continue
            diffs.append(
                _difference(
                    d,
                    (units[0].num[name], units[0].den[name]),
                    (u.num[name], u.den[name]),
                    c.paired[i],
                )
            )
        c.metrics.append(MetricResult(name, title, percent, values, diffs, source))
    c.margins = []
    for cfg, games in zip(c.configs, c.games, strict=True):
        table = cfg.rules().table(cfg)
        sides, down = table.sides, table.count_down
        c.margins.append(dict(Counter(_margin(g, sides, down) for g in games if g.winners)))


def margin_quantiles(counts: Mapping[int, int], qs: Sequence[float]) -> list[float]:
    """Quantiles of a distribution of final margins given as ``{margin: games}``."""
    values = [float(m) for m, n in sorted(counts.items()) for _ in range(n)]
    return [quantile(values, q) for q in qs]


# ---------------------------------------------------------------------------------------
# Running
# ---------------------------------------------------------------------------------------


def compare(
    specs: Sequence[str | RuleSet],
    *,
    games: int | None = None,
    hands: int | None = None,
    bots: Sequence[str] = ("random",),
    seed: int | str = 0,
    jobs: int = 1,
    scheduler: str | None = None,
    progress: Callable[[int, int], None] | None = None,
    chunk_size: int | None = None,
    keep_records: bool = True,
    on_hands: Callable[[int, Sequence[HandRecord]], None] | None = None,
) -> Comparison:
    """Play every rule set on the same games and compare them with the first.

    Work is split into chunks of ``chunk_size`` games of one rule set each (by default
    :func:`euchre_core.analysis.sim.chunk_size_for` the number of workers), interleaved
    across the rule sets, and run on ``jobs`` processes or a Dask ``scheduler``
    (:func:`euchre_core.analysis.sim.run_chunks`); the records and the statistics are the same
    for any number of workers and any chunk size.

    :param specs: spec texts (see :func:`parse_spec`) or parsed :class:`RuleSet`\\ s
    :param bots: one bot name for every seat, or one per seat
    :param progress: called with (games done, games in all) after each chunk
    :param keep_records: keep every hand's record (``hands``; :func:`write_csv` writes
      them); without them a comparison holds its per-game figures and game records only
    :param on_hands: told ``(rule set number, hand records)`` of every chunk of games
      as soon as it is finished under every rule set, in game order (:class:`CsvRecords`
      writes them to a file as they come, so that they need not be kept)
    :returns: a :class:`Comparison`. When interrupted (Ctrl-C) it raises nothing: the
      comparison holds the games completed under every rule set, with ``interrupted``
      set.
    """
    if (games is None) == (hands is None):
        raise EuchreError("give either a number of games or a number of hands")
    count = games if games is not None else hands
    assert count is not None
    if count < 2:
        raise EuchreError(f"compare needs at least 2 games or hands, not {count}")
    if not specs:
        raise EuchreError("give at least one spec to compare")
    rule_sets = [s if isinstance(s, RuleSet) else parse_spec(s) for s in specs]
    configs = [rs.load() for rs in rule_sets]
    names = tuple(b.strip().lower() for b in bots)
    from ..bots import make_bot

    for name in set(names):
        make_bot(name)  # an unknown bot fails before any work
    for rs, cfg in zip(rule_sets, configs, strict=True):
        seats = cfg.rules().table(cfg).seats
        if len(names) not in (1, seats):
            raise ArgumentError(f"{len(names)} bots given for the {seats} seats of {rs.text!r}")
    paired = [True]
    reasons = [""]
    for cfg in configs[1:]:
        ok, why = pairing(configs[0], cfg, seed)
        paired.append(ok)
        reasons.append(why)
    single = hands is not None
    result = Comparison(rule_sets, configs, paired, reasons, seed, names, not single, count)
    parts = list(
        chunks(count, chunk_size if chunk_size is not None else chunk_size_for(count, jobs))
    )
    hands_back = keep_records or on_hands is not None
    work = [Chunk(rs.spec, seed, names, p, single, hands_back) for p in parts for rs in rule_sets]
    k = len(rule_sets)
    # Results wait here until their chunk is finished under every rule set and every
    # earlier chunk has been taken in; then they are added up and let go.
    slots: list[_ChunkFigures | None] = [None] * len(work)
    result.hands = [[] for _ in rule_sets]
    result.games = [[] for _ in rule_sets]
    units = [_Units() for _ in rule_sets]
    done = 0
    taken = 0  # chunks taken in, in order
    total = count * k

    def complete(p: int) -> bool:
        return all(r is not None for r in slots[p * k : (p + 1) * k])

    def take(p: int) -> None:
        for s in range(k):
            r = slots[p * k + s]
            assert r is not None
            slots[p * k + s] = None
            if on_hands is not None:
                on_hands(s, r[0])
            if keep_records:
                result.hands[s].extend(r[0])
            result.games[s].extend(r[1])
            units[s].extend(r[2])

    def collect(i: int, res: _ChunkFigures) -> None:
        nonlocal done, taken
        slots[i] = res
        done += len(work[i].games)
        while taken < len(parts) and complete(taken):
            take(taken)
            taken += 1
        if progress is not None:
            progress(done, total)

    started = time.perf_counter()
    try:
        run_chunks(work, collect, jobs=jobs, scheduler=scheduler, task=_chunk_figures)
    except KeyboardInterrupt:
        result.interrupted = True
    result.elapsed = time.perf_counter() - started
    for p in range(taken, len(parts)):
        if complete(p):  # keep only chunks finished under every rule set
            take(p)
    result.completed = len(result.games[0])
    analyse(result, units)
    return result


_ChunkFigures = tuple[list[HandRecord], list[GameRecord], "_Units"]


def _chunk_figures(chunk: Chunk) -> _ChunkFigures:
    """A worker's share of a comparison: the chunk's game records, its games' metric
    figures (:func:`_units`), worked out where the games were played, and its hand
    records if the chunk keeps them (the figures need them only while they are made)."""
    config = _loaded(chunk.spec)
    res = run_chunk(config, chunk.seed, chunk.bots, chunk.games, chunk.single_hands)
    extra = [m for m, _ in _variant_metrics([config])]
    table = config.rules().table(config)
    units = _units(table, res.hands, res.games, extra, not chunk.single_hands)
    return (res.hands if chunk.keep_records else []), res.games, units


# ---------------------------------------------------------------------------------------
# Per-hand records
# ---------------------------------------------------------------------------------------

CSV_COLUMNS = (
    "spec",
    "game",
    "hand",
    "dealer",
    "maker",
    "trump",
    "level",
    "makers",
    "alone",
    "outcome",
    "made",
    "tricks",
    "points",
    "scores",
)


def _csv_cells(text: str, h: HandRecord) -> list[Any]:
    """The cells of a hand's row before the facts' columns."""

    def seats(xs: Iterable[int]) -> str:
        return " ".join(str(x) for x in xs)

    return [
        text,
        h.game,
        h.hand,
        h.dealer,
        "" if h.maker is None else h.maker,
        h.trump or "",
        "" if h.level is None else h.level,
        seats(h.makers),
        seats(h.alone),
        h.outcome,
        "" if h.made is None else int(h.made),
        seats(h.tricks),
        seats(h.points),
        seats(h.scores),
    ]


def write_csv(c: Comparison, out: TextIO) -> int:
    """Write every hand of every rule set as one CSV row; returns the rows written.

    Seat lists are written as space-separated numbers; the plugins' facts follow in one
    column each (empty where a hand has none). The comparison must have kept its hand
    records (``keep_records``); :class:`CsvRecords` writes the same file without them.
    """
    facts = sorted({k for hands in c.hands for h in hands for k in h.facts})
    w = csv.writer(out, lineterminator="\n")
    w.writerow([*CSV_COLUMNS, *facts])
    rows = 0
    for rs, hands in zip(c.rule_sets, c.hands, strict=True):
        for h in hands:
            w.writerow([*_csv_cells(rs.text, h), *(h.facts.get(k, "") for k in facts)])
            rows += 1
    return rows


class CsvRecords:
    """The rows of :func:`write_csv`, collected as the hands are played instead of from
    kept records: give :meth:`add` as ``on_hands`` to :func:`compare`, then
    :meth:`write` the file. Rows wait in temporary files, one per rule set (the facts'
    columns are known only once every hand is in), so memory does not grow with the
    number of hands."""

    def __init__(self, rule_sets: Sequence[RuleSet | str]):
        self._texts = [rs.text if isinstance(rs, RuleSet) else rs for rs in rule_sets]
        # Open until close() (the object is its own context manager).
        self._files = [
            tempfile.TemporaryFile("w+", encoding="utf-8", newline="")  # noqa: SIM115
            for _ in self._texts
        ]
        self._writers = [csv.writer(f, lineterminator="\n") for f in self._files]
        self._facts: set[str] = set()
        self.rows = 0

    def add(self, rule_set: int, hands: Sequence[HandRecord]) -> None:
        """Take in hand records of rule set number ``rule_set`` (in game order)."""
        text = self._texts[rule_set]
        w = self._writers[rule_set]
        for h in hands:
            if h.facts:
                self._facts.update(h.facts)
            w.writerow([*_csv_cells(text, h), json.dumps(dict(h.facts)) if h.facts else ""])
        self.rows += len(hands)

    def write(self, out: TextIO) -> int:
        """Write the CSV file (the header, then every rule set's rows); returns the rows."""
        facts = sorted(self._facts)
        w = csv.writer(out, lineterminator="\n")
        w.writerow([*CSV_COLUMNS, *facts])
        for f in self._files:
            f.flush()
            f.seek(0)
            for row in csv.reader(f):
                found = json.loads(row[-1]) if row[-1] else {}
                w.writerow([*row[:-1], *(found.get(k, "") for k in facts)])
        return self.rows

    def close(self) -> None:
        for f in self._files:
            f.close()

    def __enter__(self) -> CsvRecords:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

"""The search bot: Monte Carlo search over deals sampled from what the seat knows.

:class:`SearchBot` knows no rule of any variant. At each decision with more than one
choice it draws complete deals consistent with its :class:`~euchre_core.view.PlayerView`
(:mod:`euchre_core.bots.sampling`), and on each deal plays every legal action out to the end of
the hand through the engine itself, the rest of the hand decided by fast policies
(heuristic or random bots, each seeing only its own view of the sampled deal). It takes
the action with the best average result for its side. This is perfect-information Monte
Carlo (PIMC): it plays any variant and any house rule the engine can run, including
plugins written after it.

* **Card play**: when every legal action is a card and the double-dummy solver
  (:mod:`euchre_core.analysis.solver`) takes the position, each sampled deal is solved
  with every hand open and each card is worth the points it makes with best play after
  it; the card with the best average is played. Otherwise (bids, discards, a variant's
  own decisions) each action is played out as described below, on more deals
  (``bid_samples``: these decisions are few in a hand and worth the most).
* **Reading the bids**: the deals are weighed by how well they explain the bids and
  declarations of the other seats, each seat modelled by the heuristic bot on the
  sampled deal (:class:`~euchre_core.bots.sampling.Sampler`'s ``model``): a bid the
  model would not have made divides the deal's weight by ten. Candidate deals are drawn
  until enough explain every bid (at most ``oversample`` times as many as are
  evaluated), the likeliest are evaluated, and averages are weighted. An opponent who
  ordered up is then seen holding trumps, a partner who passed is not. Once as many
  deals are in hand as are evaluated, a candidate whose bids already make it less likely
  than all of them is given up at that bid, the rest of its replay spared (each
  candidate draws from a random stream of its own, so the others are unchanged).
* **Reading the cards played** (off by default, ``play_slip``): the deals that explain
  the bids are weighed as well by the cards the other seats played, each card the model
  would not have played there multiplying the weight by ``play_slip``.
* **Reuse**: the deals drawn for a decision are kept for the seat's next decision of the
  same hand; those that could still have produced what the seat has seen since are
  evaluated again (a deal that fits the new view is a uniform sample of it), and only
  the rest are drawn anew. When the cards played are read (above), each kept deal is
  replayed on by the new events only.
* **Score**: near the end of a game of standard scoring (a side within four points of
  the target), the result of a playout is the chance of winning the game after the hand
  (:mod:`euchre_core.bots.winning`), not its points.
* **Result of a hand**: the points the bot's side gained minus the average of what the
  opposing seats gained. The opposing seats are the other side of the hand (the makers or
  the defenders) in games without fixed partners, the other partnership otherwise; a
  partner always counts with the bot.
* **Common random numbers**: every candidate action is played out on the same sampled
  deals with the same rollout seeds, so differences between actions are not noise of the
  deal.
* **Budget**: at most ``samples`` deals per card played (``bid_samples`` for the other
  decisions), and ``think_ms`` milliseconds of CPU time per decision (at least
  ``min_samples`` deals; with a time budget the choices depend on the machine's speed).
  ``think_ms=0`` (or ``None``) means no time limit: exactly that many deals,
  deterministic. A decision played out on fewer deals than that, the time spent first,
  keeps the heuristic's choice unless the search is sure of a better one, as one among
  many choices does (the best average of a few deals is mostly luck).
* **Determinism**: the random source of a decision is seeded from the bot's seed and the
  view (seat, cards, public history), so the same seed gives the same choices in any
  process and whatever else is running (for the same earlier decisions of the hand,
  whose deals are reused).

:data:`LEVELS` maps the difficulty names of the command line to bot names: ``easy``
(``careless``: the heuristic bot, but a random legal action one time in two), ``normal``
(``heuristic``) and ``hard`` (``search``: this bot with heuristic rollouts).
"""

from __future__ import annotations

import hashlib
import heapq
import random
import time
from collections.abc import Sequence
from typing import Any

from ..actions import Action, Discard, Play
from ..cards import Card
from ..config import Config
from ..errors import EuchreError
from ..events import HandScored
from ..model import Deal, Phase
from ..state import State
from ..view import PlayerView
from . import LEVELS, Bot, winning
from .sampling import Determinization, Sampler, Track, check_reading, config_from_view

__all__ = [
    "LEVELS",
    "CarelessBot",
    "SearchBot",
    "bot_for_level",
    "card_points",
    "hand_value",
]

ROLLOUTS = ("heuristic", "random")


def hand_value(state: State, seat: int) -> float:
    """The result of a finished hand for ``seat``: its side's points minus the average
    points of the opposing seats (see the module docstring). In a game that counts down
    (Buck euchre), points taken off a score are the gains."""
    scored = next(e for e in reversed(state.events) if isinstance(e, HandScored))
    points = scored.points
    if state.table.count_down:
        points = tuple(-p for p in points)
    mine = set(state.table.side_of(seat))
    makers = set(scored.makers)
    if state.table.partnerships is None and makers:
        opponents = [s for s in range(state.seats) if (s in makers) != (seat in makers)]
    else:
        opponents = [s for s in range(state.seats) if s not in mine]
    if not opponents:
        return float(points[seat])
    return points[seat] - sum(points[s] for s in opponents) / len(opponents)


def _view_digest(view: PlayerView) -> str:
    text = repr((view.seat, view.hand, view.scores, view.dealer, view.hand_number, view.events))
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()


_PLAY = Phase.PLAY

#: Decisions with more choices than this (played out, not solved) keep the heuristic's
#: choice unless the search is sure of a better one (see ``SearchBot._sure_or_heuristic``);
#: so do those played out on fewer deals than asked, the time budget spent first.
MANY = 8

#: The fewest deals on which the search may overrule the heuristic among many choices.
SURE_DEALS = 8

#: The same for a decision with few choices that the time budget cut short (the deals of
#: ``min_samples`` by default: a choice that wins on each of them by a steady margin still
#: stands).
SURE_DEALS_CUT = 4

#: Average results closer than this (points) count as equal: the heuristic breaks the tie.
TIE = 1e-9


class SearchBot:
    """Monte Carlo search over sampled deals (PIMC); plays any variant.

    :param seed: the same seed gives the same choices
    :param samples: deals sampled per decision
    :param rollout: ``"heuristic"`` or ``"random"``: how the rest of the hand is played
    :param time_budget: CPU seconds per decision, or ``None`` for none (then exactly
      ``samples`` deals); with a budget, sampling stops at ``samples`` or when the time
      is spent, whichever comes first
    :param think_ms: the same budget in milliseconds (it wins over ``time_budget``;
      ``0`` for none)
    :param solver: value cards by the double-dummy solver where it applies (``False``:
      by playouts, as bids are)
    :param min_samples: deals played even when the time budget is spent
    :param config: the variant's rules (default: rebuilt from the view's plugin names and
      options; give it for plugin objects registered only for a test)
    :param bid_samples: deals per decision that is not a card played (bids, discards,
      declarations: few per hand, and worth the most), by default twice ``samples``
    :param model: weigh the sampled deals by how well they explain the other seats' bids
      (each seat modelled by the heuristic bot): the deals the bids make unlikely are
      evaluated last, and count for less
    :param reuse: keep the deals drawn for the previous decision of the same hand that
      still fit the view, instead of drawing them all anew
    :param oversample: with a model, up to this many candidate deals per deal evaluated
      (drawing one costs far less than evaluating it)
    :param bid_solver: value a bid by playing the hand out only to its first lead, and
      from there by the double-dummy solver (in hands of two fixed partnerships)
    :param slip: with a model, the weight of a deal per bid the model would not have made
      there (0.1: divided by ten)
    :param bid_sure: at a decision that is not a card played, keep the heuristic's choice
      unless the search's best beats it on the same deals by more than this many standard
      errors of the difference (``0``: the best average, as for card plays)
    :param card_sure: the same for the cards valued by the solver
    :param play_slip: with a model, the weight of a deal per card an opponent played
      that the model would not have played there (1: the cards played are not read)
    :param partner_slip: the same for the cards of a partner (default: ``play_slip``)
    :param play_read: which cards are read: ``"all"``, or ``"leads"`` (the first card of
      each trick, and the cards of seats that did not follow the suit led)
    :param trick_weight: points added to a card's double-dummy value per trick its side
      takes with best play after it (``0``: points alone; a small weight prefers, among
      cards that score alike, the line with tricks to spare)
    :param partner_bid_slip: ``slip`` for the bids of the bot's partners (default:
      ``slip``; a partner who bids unlike the model, another search bot say, read less
      strictly)
    :param card_tie: cards whose solved values are within this many points of the best
      count as tied, the heuristic choosing among them (``0``: only equal values)
    :param discard_solver: value a discard by the double-dummy solver from the first lead
      (as ``bid_solver`` does every decision that is not a card played)

    Settings measured against the heuristic bot in standard euchre, 400 deals each played
    twice with the partnerships swapped, against the defaults on the same deals and seeds
    (``benchmarks/search_tune.py``; points per hand, 95% interval): ``bid_sure=1``
    -0.006 (-0.035 to +0.023); ``bid_samples=192`` +0.001 (-0.037 to +0.040), a bid
    taking twice as long, and ``bid_samples=48`` -0.050 (-0.101 to +0.001), a bid taking
    half as long; ``bid_solver`` +0.020 (-0.017 to +0.057), a bid taking about
    350 ms instead of 130 ms. Reading the cards played: ``play_slip=0.25`` (partners'
    cards too) +0.016 (-0.013 to +0.046), its decisions about 10 ms slower at the median;
    on 200 deals, ``play_slip=0.5`` -0.005 (-0.045 to +0.035), ``play_slip=0.1,
    partner_slip=1`` (opponents' cards only) -0.020 (-0.066 to +0.026) and
    ``play_slip=0.25,play_read=leads`` -0.015 (-0.047 to +0.017). Against the defaults
    once unlikely candidates are given up (+0.318 over the heuristic bot on those 400
    deals): ``samples=72,bid_samples=96`` -0.029 (-0.066 to +0.009), its median decision
    80 ms against 49; ``oversample=8`` +0.006 (-0.021 to +0.033); ``slip=0.03`` and
    ``slip=0.3`` within 0.006 of the defaults on the first 230 deals; ``bid_solver``
    -0.043 (-0.111 to +0.024) on the first 185. On the same deals, the search taking
    only the cards played (the heuristic the rest) leads the heuristic bot by +0.198
    (+0.136 to +0.259), only the other decisions by +0.098 (+0.042 to +0.153), both by
    +0.318: most of the lead is the card play. Against the defaults there:
    ``partner_bid_slip=0.5`` +0.007 (-0.008 to +0.023) and ``partner_bid_slip=1``
    -0.026 (-0.070 to +0.018); ``play_slip=0.25`` +0.013 (-0.020 to +0.045), card plays
    59 ms against 37 at the median; on the first 128 to 316 deals, ``trick_weight=0.1``
    -0.037 (-0.076 to +0.001), ``discard_solver`` -0.020 (-0.042 to +0.003), its
    discards about 0.7 s, ``card_tie=0.05`` -0.004 (-0.052 to +0.045), and ``solver=0``
    (cards played out as bids are) -0.044 (-0.118 to +0.029). None is shown to gain, so
    none is the default.
    """

    name = "search"
    uses_view = True

    def __init__(
        self,
        seed: int | str = 0,
        *,
        samples: int = 48,
        rollout: str = "heuristic",
        time_budget: float | None = None,
        min_samples: int = 4,
        config: Config | None = None,
        think_ms: float | None = None,
        solver: bool = True,
        bid_samples: int | None = None,
        model: bool = True,
        reuse: bool = True,
        oversample: int = 4,
        bid_solver: bool = False,
        slip: float = 0.1,
        bid_sure: float = 0.0,
        card_sure: float = 0.0,
        play_slip: float = 1.0,
        partner_slip: float | None = None,
        play_read: str = "all",
        trick_weight: float = 0.0,
        partner_bid_slip: float | None = None,
        discard_solver: bool = False,
        card_tie: float = 0.0,
    ):
        if rollout not in ROLLOUTS:
            raise EuchreError(f"unknown rollout policy {rollout!r} (known: {', '.join(ROLLOUTS)})")
        if samples < 1 or (bid_samples is not None and bid_samples < 1):
            raise EuchreError("a search needs at least one sample per decision")
        if oversample < 1:
            raise EuchreError("oversample must be 1 or more")
        check_reading(slip, play_slip, partner_slip, play_read, partner_bid_slip)
        if bid_sure < 0 or card_sure < 0:
            raise EuchreError("bid_sure and card_sure must be zero (off) or more")
        if card_tie < 0 or trick_weight < 0:
            raise EuchreError("card_tie and trick_weight must be zero (off) or more")
        if think_ms is not None:
            if think_ms < 0:
                raise EuchreError("think_ms must be zero (no limit) or more")
            time_budget = think_ms / 1000.0 if think_ms > 0 else None
        self.seed = seed
        self.samples = samples
        self.rollout = rollout
        self.time_budget = time_budget
        self.solver = solver
        self.min_samples = min(min_samples, samples)
        self.config = config
        self.bid_samples = 2 * samples if bid_samples is None else bid_samples
        self.model = model
        self.reuse = reuse
        self.oversample = oversample
        self.bid_solver = bid_solver and solver
        self.slip = slip
        self.bid_sure = bid_sure
        self.card_sure = card_sure
        self.play_slip = play_slip
        self.partner_slip = partner_slip
        self.play_read = play_read
        self.trick_weight = trick_weight
        self.partner_bid_slip = partner_bid_slip
        self.discard_solver = discard_solver and solver
        self.card_tie = card_tie
        self._solved = False
        self.last_samples = 0
        self.last_reused = 0
        #: Candidate deals of the last decision given up before the end of their replay.
        self.last_given_up = 0
        self.last_values: dict[Action, float] = {}
        #: Per deal played out at the last decision: its weight and each action's result.
        self.last_rows: list[tuple[float, list[float | None]]] = []
        # The deals the last played-out decision asked for (fewer were evaluated when the
        # time budget ran out first).
        self._wanted = 0
        # The deals of the last decision (all the candidates drawn), and the hand they
        # were drawn for.
        self._pool_key: object = None
        self._pool: list[Track | Deal] = []
        self._models: list[Any] = []
        # Whether candidates that cannot rank among the deals evaluated are given up early
        # (see ``_deals``; a test holds the choices to those of a search that does not).
        self._give_up = True

    def _fallback(self) -> Bot:
        from .heuristic import HeuristicBot

        return HeuristicBot(f"search-fallback:{self.seed}")

    def choose(self, view: PlayerView | None, legal: Sequence[Action]) -> Action:
        """The legal action with the best average result over the sampled deals."""
        if not legal:
            raise ValueError("no legal action to choose from")
        if len(legal) == 1:
            return legal[0]
        if view is None:
            return self._fallback().choose(view, legal)
        # Actions a rule offers but forbids (a renege a person could still make) are
        # never chosen.
        proper = [a for a in legal if getattr(a, "proper", True)] or list(legal)
        if len(proper) == 1:
            return proper[0]
        values = self.evaluate(view, proper)
        if not values:
            return self._fallback().choose(view, legal)
        if self._solved:
            z = self.card_sure
        elif len(proper) > MANY or self.last_samples < self._wanted:
            z = max(2.0, self.bid_sure)
        else:
            z = self.bid_sure
        if self.last_rows and z > 0:
            sure = self._sure_or_heuristic(view, proper, values, z)
            if sure is not None:
                return sure
        top = max(values.get(a, float("-inf")) for a in proper)
        tie = max(TIE, self.card_tie) if self._solved else TIE
        tied = [a for a in proper if values.get(a, float("-inf")) >= top - tie]
        if len(tied) > 1:
            # Alternatives the deals cannot tell apart (every one marches, say): the
            # heuristic's choice among them, which knows what the rollouts do not show
            # (a void made, a trump kept).
            pick = self._fallback().choose(view, tied)
            if pick in tied:
                return pick
        return tied[0]

    def _sure_or_heuristic(
        self,
        view: PlayerView,
        proper: Sequence[Action],
        values: dict[Action, float],
        z: float = 2.0,
    ) -> Action | None:
        """Among many choices (a bid of Five Hundred, say), or on the few deals a time
        budget left time for, the best average is mostly luck, and too high: the
        heuristic's choice, unless the best beats it on the same deals by more than ``z``
        times the standard error of the difference (with at least :data:`SURE_DEALS` deals
        among many choices, :data:`SURE_DEALS_CUT` among few). ``None``: the best average
        is sure enough."""
        base = self._fallback().choose(view, proper)
        best = max(proper, key=lambda a: values.get(a, float("-inf")))
        if base is best or base not in values:
            return None
        i, j = proper.index(best), proper.index(base)
        pairs: list[tuple[float, float]] = []
        for w, row in self.last_rows:
            a, b = row[i], row[j]
            if a is not None and b is not None:
                pairs.append((w, a - b))
        total = sum(w for w, _ in pairs)
        fewest = SURE_DEALS if len(proper) > MANY else SURE_DEALS_CUT
        if len(pairs) < fewest or total <= 0:
            return base
        mean = sum(w * d for w, d in pairs) / total
        var = sum(w * (d - mean) ** 2 for w, d in pairs) / total
        n_eff = total * total / sum(w * w for w, _ in pairs)
        if mean > z * (var / max(n_eff - 1.0, 1.0)) ** 0.5:
            return None
        return base

    def evaluate(self, view: PlayerView, legal: Sequence[Action]) -> dict[Action, float]:
        """The average result of each legal action over the sampled deals (empty when no
        deal consistent with the view was found)."""
        self.last_rows = []
        self._solved = False
        rng = random.Random(f"search:{self.seed}:{_view_digest(view)}")
        config = self.config if self.config is not None else config_from_view(view)
        model = self._model(view.seats) if self.model else None
        try:
            sampler = Sampler(
                view,
                config,
                model=model,
                slip=self.slip,
                play_slip=self.play_slip,
                partner_slip=self.partner_slip,
                play_read=self.play_read,
                partner_bid_slip=self.partner_bid_slip,
            )
        except EuchreError:
            return {}
        seat = view.seat
        start = time.process_time()
        cards = all(type(a) is Play for a in legal)
        if self.solver and cards:
            values = self._solve_cards(view, legal, sampler, rng, start)
            if values is not None:
                return values
        self._wanted = self.samples if cards else self.bid_samples
        deals = self._deals(view, sampler, rng, self._wanted)
        totals = [0.0] * len(legal)
        weights = [0.0] * len(legal)
        policies = self._policies(view.seats, rng)
        by_score = _by_score(view)
        solve = self.bid_solver or (self.discard_solver and all(type(a) is Discard for a in legal))
        dd: dict[tuple[Any, ...], dict[int, float]] | None = {} if solve else None
        done = 0
        for det in deals:
            if self._spent(start, done):
                break
            rollout_seed = rng.getrandbits(64)
            w = det.weight
            row: list[float | None] = [None] * len(legal)
            for i, action in enumerate(legal):
                state = det.state()
                try:
                    state.apply(action)
                except EuchreError:
                    continue
                value = self._play_out(state, policies, rollout_seed, seat, by_score, dd)
                row[i] = value
                totals[i] += w * value
                weights[i] += w
            self.last_rows.append((w, row))
            done += 1
        self.last_samples = done
        self.last_values = {a: totals[i] / weights[i] for i, a in enumerate(legal) if weights[i]}
        return self.last_values

    def _spent(self, start: float, done: int) -> bool:
        return (
            self.time_budget is not None
            and done >= self.min_samples
            and time.process_time() - start > self.time_budget
        )

    def _model(self, seats: int) -> list[Any]:
        if len(self._models) != seats:
            from .heuristic import HeuristicBot

            self._models = [HeuristicBot(f"model:{self.seed}:{s}") for s in range(seats)]
        return self._models

    def _deals(
        self, view: PlayerView, sampler: Sampler, rng: random.Random, want: int
    ) -> list[Determinization]:
        """The deals to evaluate a decision on, the likeliest first: those of the previous
        decision of this hand that still fit the view, then fresh ones, until ``want``
        deals fully explain the bids (or ``oversample`` times as many were drawn)."""
        key = (view.seat, view.dealer, view.hand_number, view.scores, view.events[:1])
        # Reading the cards played, a kept deal is replayed on by the new events only, its
        # model calls on the earlier cards spared; otherwise the whole hand is replayed
        # again (its hidden actions drawn anew) and only the deal is kept: the replayed
        # states of a hundred candidates, kept, cost more than they spare.
        reads = sampler.reads_plays
        pool: list[Determinization] = []
        kept: list[Track | Deal] = []
        ranks: list[tuple[float, float]] = []
        # The bid weights of the ``want`` likeliest deals so far (a min-heap): once there
        # are that many, a candidate that cannot rank among them is given up as soon as
        # its replay shows it (``Sampler.floor``), and only its deal is kept.
        best: list[float] = []
        self.last_given_up = 0
        full = 0
        drawn = 0  # the deals that count towards ``limit``: those fitting the view

        def add(got: tuple[Determinization, Track] | None) -> None:
            nonlocal full, drawn
            if got is None:
                if sampler.gave_up:
                    drawn += 1
                    kept.append(sampler.given_up)
                    self.last_given_up += 1
                return
            drawn += 1
            det, track = got
            pool.append(det)
            if reads:
                kept.append(track)
            else:
                # Only the deal is kept: its replayed state serves the evaluation.
                kept.append(track.deal)
                det.adopt(track.state)
            ranks.append(Sampler.rank(track))
            w = track.bid_weight
            if w >= 1.0:
                full += 1
            if len(best) < want:
                heapq.heappush(best, w)
            elif w > best[0]:
                heapq.heapreplace(best, w)
            if len(best) >= want and self._give_up:
                sampler.floor = best[0]

        # Each candidate draws from a random stream of its own, so that giving one up
        # early leaves the others as they were: the deals evaluated are those a search
        # that gave up none would evaluate (unless a deal given up would have been refused
        # later in its replay, and another drawn in its place: rare, see the sampler).
        if self.reuse and key == self._pool_key:
            for old in self._pool:
                stream = random.Random(rng.getrandbits(64))
                if isinstance(old, Track):
                    got = sampler.extend(old, stream)
                else:
                    got = sampler.fit_track(old, stream)
                add(got)
        self.last_reused = len(pool)
        limit = want * self.oversample if sampler.model is not None else want
        start = time.process_time()
        while full < want and drawn < limit:
            if (
                self.time_budget is not None
                and len(pool) >= self.min_samples
                and time.process_time() - start > self.time_budget / 2
            ):
                break
            try:
                got = sampler.draw(random.Random(rng.getrandbits(64)))
            except EuchreError:
                break
            add(got)
        self._pool_key = key
        self._pool = kept
        # Stable: in the order drawn among equals.
        order = sorted(range(len(pool)), key=ranks.__getitem__)
        return [pool[i] for i in order[:want]]

    def _policies(self, seats: int, rng: random.Random) -> list[Any]:
        if self.rollout == "random":
            return []
        from .heuristic import HeuristicBot

        return [HeuristicBot(f"rollout:{self.seed}:{s}") for s in range(seats)]

    def _solve_cards(
        self,
        view: PlayerView,
        legal: Sequence[Action],
        sampler: Sampler,
        rng: random.Random,
        start: float,
    ) -> dict[Action, float] | None:
        """Each card's average double-dummy points over the sampled deals (``None`` when
        the solver does not take the position)."""
        from ..analysis.solver import fits

        cards = {a.card: a for a in legal if isinstance(a, Play)}
        totals = dict.fromkeys(cards, 0.0)
        deals = self._deals(view, sampler, rng, self.samples)
        done = 0
        weight = 0.0
        # Points by the side's tricks, for the scoring of this decision's contract.
        memo: dict[int, float] | None = {}
        rows: list[tuple[float, list[float | None]]] = []
        for det in deals:
            if self._spent(start, done):
                break
            try:
                deal = det.state()
                if done == 0:
                    if not fits(deal):
                        return None  # too slow to solve here: played out instead
                    if not _two_sides(deal):
                        memo = None
                points = card_points(deal, memo, self.trick_weight)
            except EuchreError:
                if done == 0:
                    return None
                break
            if set(points) != set(cards):
                return None
            w = det.weight
            for c, v in points.items():
                totals[c] += w * v
            rows.append((w, [points[c] for c in cards]))
            weight += w
            done += 1
        if done == 0:
            return None
        self.last_rows = rows
        self._solved = True
        self.last_samples = done
        self.last_values = {cards[c]: t / weight for c, t in totals.items()}
        return self.last_values

    def _play_out(
        self,
        state: State,
        policies: list[Any],
        seed: int,
        seat: int,
        by_score: tuple[int, int, bool, int] | None = None,
        dd: dict[tuple[Any, ...], dict[int, float]] | None = None,
    ) -> float:
        """The result of the hand for ``seat``, played out from ``state``. With ``dd``
        (a memo of points by tricks, per contract and side), a hand of two partnerships
        is played out only until its play of the cards starts, and valued from there by
        the double-dummy solver."""
        if policies:
            while state.to_act is not None:
                if dd is not None and state.phase is _PLAY:
                    value = _dd_value(state, seat, by_score, dd)
                    if value is not None:
                        return value
                    dd = None
                s = state.to_act
                legal = state.legal_actions()
                if len(legal) == 1:
                    state.apply(legal[0])
                else:
                    state.apply(policies[s].choose(state.view(s), legal))
        else:
            draw = random.Random(seed).random
            while state.to_act is not None:
                legal = state.legal_actions()
                state.apply(legal[int(draw() * len(legal))])
        if by_score is not None:
            return _win_value(state, seat, by_score)
        return hand_value(state, seat)


def _dd_value(
    state: State,
    seat: int,
    by_score: tuple[int, int, bool, int] | None,
    memo: dict[tuple[Any, ...], dict[int, float]],
) -> float | None:
    """The double-dummy result for ``seat`` of a hand in its play of the cards, by two
    fixed partnerships (``None`` where the solver does not take it)."""
    from ..analysis.solver import fits, solve_value

    if not _two_sides(state) or not fits(state):
        return None
    to_act = state.to_act
    c = state.contract
    if to_act is None or c is None or state.teams is None:
        return None
    side = state.teams.side_of(to_act)
    key = (c.maker, c.alone, c.level, c.trump, tuple(state.active), side)
    points = memo.setdefault(key, {})
    try:
        tricks = solve_value(state)
        if tricks not in points:
            card_points(state, points)
    except EuchreError:
        return None
    p = points.get(tricks)
    if p is None:
        return None
    ours = seat in side
    gain = p if ours else -p  # for seat's side: what it scores minus what the other does
    if by_score is None:
        return float(gain)
    mine, theirs, nxt, target = by_score
    if gain >= 0:
        return winning.win_chance(mine + gain, theirs, nxt, target)
    return winning.win_chance(mine, theirs - gain, nxt, target)


def _two_sides(state: State) -> bool:
    """Whether the hand is played by two fixed partnerships (then its points are a
    function of one side's tricks, for a given contract)."""
    sides = state.table.partnerships
    return sides is not None and len(sides) == 2


def card_points(
    state: State, memo: dict[int, float] | None = None, trick_weight: float = 0.0
) -> dict[Card, float]:
    """Each proper card's double-dummy points for the side of the seat to act, as the
    solver's :func:`~euchre_core.analysis.solver.solve` gives them, without the rest of
    its answer. In a game that counts down (Buck euchre) each card is worth instead the
    result of its line of best play for the seat (:func:`hand_value`: points taken off
    are gains there).

    :param memo: points already found for a number of the side's tricks in the whole
      hand, filled as it goes: a line of play is scored only for a number of tricks not
      in it yet. Share one only between positions of the same hand and contract, played
      by two fixed partnerships (where the points depend on the side's tricks alone).
    :raises EuchreError: when the position is not in the play of the cards.
    """
    from ..analysis import solver

    solver._check(state, "card_points")
    search = solver._searcher(state)
    seat = search.seat()
    side = search.side
    out: dict[Card, float] = {}
    guess = None
    for group in search.moves():
        search.play(group[0])
        v = guess = solver._exact(search, guess)
        p = memo.get(v) if memo is not None else None
        if p is None:
            line = [(seat, group[0]), *solver._line(search, v)]
            if state.table.count_down:
                p = _line_value(state, line, seat, side)
            else:
                p = solver._points(state, line, side)
            if memo is not None:
                memo[v] = p
        search.undo()
        value = p + trick_weight * v
        for c in group:
            out[c] = value
    return out


def _line_value(
    state: State, line: Sequence[tuple[int, Card]], seat: int, side: frozenset[int]
) -> float:
    """:func:`hand_value` for ``seat`` when ``line`` is played from ``state`` to the end
    of the hand (``state`` is not changed; ``side``: the seats whose tricks the line was
    searched for)."""
    from ..analysis._dd_engine import apply_card, fork

    played = fork(state)
    for _, c in line:
        apply_card(played, c, side)
    return hand_value(played, seat)


def _by_score(view: PlayerView) -> tuple[int, int, bool, int] | None:
    """Where the view's decisions are valued by the chance of winning the game: our score,
    theirs, whether our side deals the next hand, the target (``None``: by points)."""
    if not view.scores or max(view.scores) + 4 < view.target or not winning.applies(view):
        return None
    sides = view.partnerships or ()
    mine = next((side for side in sides if view.seat in side), (view.seat,))
    theirs = max((view.scores[s] for s in range(view.seats) if s not in mine), default=0)
    nxt = (view.dealer + 1) % view.seats in mine
    return (view.scores[view.seat], theirs, nxt, view.target)


def _win_value(state: State, seat: int, base: tuple[int, int, bool, int]) -> float:
    """The chance of winning the game after a finished hand, for ``seat``."""
    scored = next(e for e in reversed(state.events) if isinstance(e, HandScored))
    mine = set(state.table.side_of(seat))
    points = scored.points
    lost = max((points[s] for s in range(state.seats) if s not in mine), default=0)
    ours, theirs, nxt, target = base
    return winning.win_chance(ours + points[seat], theirs + lost, nxt, target)


class CarelessBot:
    """A beginner: the heuristic bot's choice, but a random legal action one time in two.

    :param seed: the same seed gives the same choices
    :param care: the share of decisions taken with care
    """

    name = "careless"
    uses_view = True

    def __init__(self, seed: int | str = 0, *, care: float = 0.5):
        from .heuristic import HeuristicBot

        self._heuristic = HeuristicBot(seed)
        self._random = random.Random(f"careless-bot:{seed}").random
        self.care = care

    def choose(self, view: PlayerView | None, legal: Sequence[Action]) -> Action:
        if self._random() < self.care:
            return self._heuristic.choose(view, legal)
        proper = [a for a in legal if getattr(a, "proper", True)] or list(legal)
        return proper[int(self._random() * len(proper))]


def bot_for_level(level: str, seed: int | str = 0) -> Bot:
    """The bot of a difficulty level (``easy``, ``normal``, ``hard``), seeded.

    :raises EuchreError: naming the unknown level.
    """
    name = LEVELS.get(level.strip().lower())
    if name is None:
        raise EuchreError(f"unknown level {level!r} (known: {', '.join(LEVELS)})")
    if name == "search":
        return SearchBot(seed)
    if name == "careless":
        return CarelessBot(seed)
    from .heuristic import HeuristicBot

    return HeuristicBot(seed)

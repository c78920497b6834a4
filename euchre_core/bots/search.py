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
  own decisions) each action is played out as described below.
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
* **Budget**: at most ``samples`` deals per decision, and ``think_ms`` milliseconds of
  CPU time per decision (at least ``min_samples`` deals; with a time budget the choices
  depend on the machine's speed). ``think_ms=0`` (or ``None``) means no time limit:
  exactly ``samples`` deals, deterministic.
* **Determinism**: the random source of a decision is seeded from the bot's seed and the
  view (seat, cards, public history), so the same seed gives the same choices in any
  process and whatever else is running.

:data:`LEVELS` maps the difficulty names of the command line to bot names: ``easy``
(``careless``: the heuristic bot, but a random legal action one time in two), ``normal``
(``heuristic``) and ``hard`` (``search``: this bot with heuristic rollouts).
"""

from __future__ import annotations

import hashlib
import random
import time
from collections.abc import Sequence
from typing import Any

from ..actions import Action, Play
from ..config import Config
from ..errors import EuchreError
from ..events import HandScored
from ..state import State
from ..view import PlayerView
from . import Bot, winning
from .sampling import Sampler, config_from_view

__all__ = ["LEVELS", "CarelessBot", "SearchBot", "bot_for_level", "hand_value"]

ROLLOUTS = ("heuristic", "random")


def hand_value(state: State, seat: int) -> float:
    """The result of a finished hand for ``seat``: its side's points minus the average
    points of the opposing seats (see the module docstring)."""
    scored = next(e for e in reversed(state.events) if isinstance(e, HandScored))
    points = scored.points
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
    ):
        if rollout not in ROLLOUTS:
            raise EuchreError(f"unknown rollout policy {rollout!r} (known: {', '.join(ROLLOUTS)})")
        if samples < 1:
            raise EuchreError("a search needs at least one sample per decision")
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
        self.last_samples = 0
        self.last_values: dict[Action, float] = {}

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
        top = max(values.get(a, float("-inf")) for a in proper)
        tied = [a for a in proper if values.get(a, float("-inf")) >= top - TIE]
        if len(tied) > 1:
            # Alternatives the deals cannot tell apart (every one marches, say): the
            # heuristic's choice among them, which knows what the rollouts do not show
            # (a void made, a trump kept).
            pick = self._fallback().choose(view, tied)
            if pick in tied:
                return pick
        return tied[0]

    def evaluate(self, view: PlayerView, legal: Sequence[Action]) -> dict[Action, float]:
        """The average result of each legal action over the sampled deals (empty when no
        deal consistent with the view was found)."""
        rng = random.Random(f"search:{self.seed}:{_view_digest(view)}")
        config = self.config if self.config is not None else config_from_view(view)
        try:
            sampler = Sampler(view, config)
        except EuchreError:
            return {}
        seat = view.seat
        totals = [0.0] * len(legal)
        counts = [0] * len(legal)
        if self.solver and all(type(a) is Play for a in legal):
            values = self._solve_cards(view, legal, sampler, rng)
            if values is not None:
                return values
        policies = self._policies(view.seats, rng)
        by_score = _by_score(view)
        start = time.process_time()
        done = 0
        for _ in range(self.samples):
            if (
                self.time_budget is not None
                and done >= self.min_samples
                and time.process_time() - start > self.time_budget
            ):
                break
            try:
                det = sampler.sample(rng)
            except EuchreError:
                break
            rollout_seed = rng.getrandbits(64)
            for i, action in enumerate(legal):
                state = det.state()
                try:
                    state.apply(action)
                except EuchreError:
                    continue
                totals[i] += self._play_out(state, policies, rollout_seed, seat, by_score)
                counts[i] += 1
            done += 1
        self.last_samples = done
        self.last_values = {a: totals[i] / counts[i] for i, a in enumerate(legal) if counts[i]}
        return self.last_values

    def _policies(self, seats: int, rng: random.Random) -> list[Any]:
        if self.rollout == "random":
            return []
        from .heuristic import HeuristicBot

        return [HeuristicBot(f"rollout:{self.seed}:{s}") for s in range(seats)]

    def _solve_cards(
        self, view: PlayerView, legal: Sequence[Action], sampler: Sampler, rng: random.Random
    ) -> dict[Action, float] | None:
        """Each card's average double-dummy points over the sampled deals (``None`` when
        the solver does not take the position)."""
        from ..analysis.solver import fits, solve

        cards = {a.card: a for a in legal if isinstance(a, Play)}
        totals = dict.fromkeys(cards, 0.0)
        start = time.process_time()
        done = 0
        for _ in range(self.samples):
            if (
                self.time_budget is not None
                and done >= self.min_samples
                and time.process_time() - start > self.time_budget
            ):
                break
            try:
                det = sampler.sample(rng)
                deal = det.state()
                if done == 0 and not fits(deal):
                    return None  # too slow to solve here: the cards are played out instead
                sol = solve(deal)
            except EuchreError:
                if done == 0:
                    return None
                break
            if set(sol.points) != set(cards):
                return None
            for c, v in sol.points.items():
                totals[c] += v
            done += 1
        if done == 0:
            return None
        self.last_samples = done
        self.last_values = {cards[c]: t / done for c, t in totals.items()}
        return self.last_values

    def _play_out(
        self,
        state: State,
        policies: list[Any],
        seed: int,
        seat: int,
        by_score: tuple[int, int, bool, int] | None = None,
    ) -> float:
        if policies:
            while state.to_act is not None:
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


#: Difficulty levels of the command line: level name -> bot name (see ``BOTS``).
LEVELS: dict[str, str] = {"easy": "careless", "normal": "heuristic", "hard": "search"}


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

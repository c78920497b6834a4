"""Game review: what each decision cost, and where the hand was lost.

A decision of one seat is judged from what that seat knew (:func:`evaluate`): complete
deals consistent with its :class:`~euchre_core.view.PlayerView` are drawn with the search
bot's sampler (:class:`~euchre_core.bots.sampling.Sampler`), and on every deal each legal
alternative is valued in net points for the seat's side (its points minus the
opponents'). The same deals serve every alternative (paired), so differences between
alternatives are not noise of the deal:

* **a card of the play** is valued by the double-dummy solver
  (:mod:`euchre_core.analysis.solver`): the net points of the hand with best play by
  everyone after that card, every hand open;
* **a bid, a lone call, a discard** (any decision before the tricks) is valued by
  playouts: the alternative is applied on the sampled deal and the rest of the hand is
  played by bots, each seeing only its own view of that deal. At the ``normal`` level
  they are the heuristic bots the search bot plays its own rollouts with; at ``hard``
  every seat is a search bot (:data:`LEVELS`; much slower).

The value of an alternative is its mean over the samples, with a standard error. The
loss of the chosen action is the mean, over the same samples, of the best alternative's
value minus the chosen one's, with the standard error of that paired difference.

Classification (:class:`Grading`), in points of the variant's own scoring: a loss below
``inaccuracy`` (0.25 by default) is *fine*; from it an *inaccuracy*, from ``mistake``
(0.5) a *mistake*, from ``blunder`` (1.5) a *blunder*. In standard euchre a march lost
(2 points instead of 1) is a loss of 1 point: a mistake; a hand made turned into a
euchre swings 3 points (+1 to -2): a blunder, as is a lone march lost (4 points instead
of 1, 3 points). A quarter of a point is a march lost one time in four. A decision is
*marked* only when its loss is also more than ``confidence`` standard errors of the
paired difference (2 by default): with few samples a small difference is not evidence.

(A position of the play too large to solve quickly, :data:`DOUBLE_DUMMY_CARDS`, has its
cards valued by playouts too.)

A hand (:class:`HandReview`) is also solved with every hand open from its first lead:
the tricks the makers could have taken with best play all round ("makers could have
taken 4"), and every card after which that result moved, with the points it cost the
side that played it; the first that cost points is where the hand was lost ("trick 3:
West led K♠; A♥ kept the march").

:func:`review_record` replays a record (a saved game of any variant, an EGN file read
by :mod:`euchre_core.records.egn`) through the engine and reviews the decisions of the
seats asked for. Everything is deterministic for a seed: each decision draws its deals
from a random source seeded by the review's seed and the decision's place in the game.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..actions import Action, Discard, GoAlone, Play, parse_action
from ..cards import Card
from ..config import Config
from ..errors import EuchreError, RecordError
from ..events import HandScored
from ..model import Phase
from ..records.history import SavedGame, game_over_error, start_state
from ..state import State
from ..view import PlayerView

__all__ = [
    "DEFAULT_SAMPLES",
    "DOUBLE_DUMMY_CARDS",
    "LEVELS",
    "PHASES",
    "Alternative",
    "DecisionReview",
    "Evaluation",
    "GameReview",
    "Grading",
    "HandReview",
    "Slip",
    "decision_phase",
    "decision_seed",
    "evaluate",
    "judge",
    "net_points",
    "review_record",
    "review_state",
]

#: Deals sampled per decision by default.
DEFAULT_SAMPLES = 24
#: Review levels: who plays the rest of the hand in a playout (bids, lone calls,
#: discards). ``normal``: heuristic bots (the search bot's own rollouts); ``hard``: search
#: bots at every seat, each with :data:`HARD_SEARCH_SAMPLES` deals per decision.
LEVELS: dict[str, str] = {"normal": "heuristic", "hard": "search"}
HARD_SEARCH_SAMPLES = 8
#: Positions of the play are solved double-dummy when at most this many cards are left in
#: the hands of the seats playing (every standard, pepper or five- and six-hand position);
#: larger ones (a seven-hand auction's first tricks) take the solver seconds each, and
#: their cards are valued by playouts instead.
DOUBLE_DUMMY_CARDS = 30
#: The phases of a decision, in the order a summary lists them.
PHASES: tuple[str, ...] = ("bidding", "alone", "discard", "lead", "follow", "other")

GRADES = ("fine", "inaccuracy", "mistake", "blunder")


# ---------------------------------------------------------------------------------------
# Grading
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Grading:
    """Thresholds of the classification, in points (see the module docstring).

    :param inaccuracy: the smallest loss that is not *fine*
    :param mistake: the smallest loss that is a *mistake*
    :param blunder: the smallest loss that is a *blunder*
    :param confidence: how many standard errors of the paired difference a loss must
      exceed to be marked at all
    """

    inaccuracy: float = 0.25
    mistake: float = 0.5
    blunder: float = 1.5
    confidence: float = 2.0

    def __post_init__(self) -> None:
        if not 0 < self.inaccuracy <= self.mistake <= self.blunder:
            raise EuchreError(
                "review thresholds must rise: 0 < inaccuracy <= mistake <= blunder, got "
                f"{self.inaccuracy}, {self.mistake}, {self.blunder}"
            )
        if self.confidence < 0:
            raise EuchreError(f"review confidence must be 0 or more, got {self.confidence}")

    def grade(self, loss: float, se: float) -> str:
        """``fine``, ``inaccuracy``, ``mistake`` or ``blunder`` for a loss and its
        standard error."""
        if loss < self.inaccuracy - 1e-9 or loss <= self.confidence * se + 1e-9:
            return "fine"
        if loss >= self.blunder - 1e-9:
            return "blunder"
        if loss >= self.mistake - 1e-9:
            return "mistake"
        return "inaccuracy"


# ---------------------------------------------------------------------------------------
# Values of a finished hand
# ---------------------------------------------------------------------------------------


def net_points(state: State, seat: int) -> float:
    """The result of a finished hand for ``seat``'s side, as the double-dummy solver
    counts it: what ``seat`` gained minus the most a seat of the other side gained (the
    sides of the hand: makers and defenders; partnerships when nobody made trump)."""
    from .solver import net_gain

    scored = next(e for e in reversed(state.events) if isinstance(e, HandScored))
    teams = state.teams
    side = teams.side_of(seat) if teams is not None else frozenset(state.table.side_of(seat))
    return float(net_gain(state, scored.points, seat, side))


def _mean(xs: Sequence[float]) -> float:
    return sum(xs) / len(xs) if xs else 0.0


def _se(xs: Sequence[float]) -> float:
    """The standard error of the mean of ``xs``."""
    n = len(xs)
    if n < 2:
        return 0.0
    m = _mean(xs)
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    return math.sqrt(var / n)


# ---------------------------------------------------------------------------------------
# Evaluating one decision
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Alternative:
    """One alternative of a decision: its mean value (net points for the seat's side)
    and standard error, and its loss against the best alternative (paired: the mean of
    the per-deal differences) with the standard error of that difference."""

    action: Action
    value: float
    se: float
    loss: float
    loss_se: float


@dataclass(frozen=True)
class Evaluation:
    """Every alternative of a decision valued on the same sampled deals.

    :ivar seat: the seat deciding
    :ivar method: ``double-dummy`` (cards of the play) or ``playout``
    :ivar values: per alternative (in the order of ``actions``), its value on each
      sampled deal
    """

    seat: int
    actions: tuple[Action, ...]
    values: tuple[tuple[float, ...], ...]
    method: str

    @property
    def samples(self) -> int:
        """How many deals every alternative was valued on."""
        return len(self.values[0]) if self.values else 0

    def mean(self, action: Action) -> float:
        return _mean(self.values[self.actions.index(action)])

    @property
    def best(self) -> Action:
        """The alternative of the highest mean value (the first offered on a tie)."""
        means = [_mean(v) for v in self.values]
        top = max(means)
        return self.actions[next(i for i, m in enumerate(means) if m >= top - 1e-9)]

    def difference(self, better: Action, worse: Action) -> tuple[float, float]:
        """The mean of ``better``'s value minus ``worse``'s over the deals, and its
        standard error (paired)."""
        a = self.values[self.actions.index(better)]
        b = self.values[self.actions.index(worse)]
        d = [x - y for x, y in zip(a, b, strict=True)]
        return _mean(d), _se(d)

    def alternatives(self) -> tuple[Alternative, ...]:
        """Every alternative, best first."""
        best = self.best
        out = []
        for a, vals in zip(self.actions, self.values, strict=True):
            loss, loss_se = self.difference(best, a)
            out.append(Alternative(a, _mean(vals), _se(vals), loss, loss_se))
        order = {a: i for i, a in enumerate(self.actions)}
        return tuple(sorted(out, key=lambda x: (x.loss, order[x.action])))


def _proper(legal: Sequence[Action], chosen: Action | None) -> list[Action]:
    """The alternatives worth valuing: the proper legal actions (never a renege a rule
    lets a person make), and the chosen one whatever it is."""
    out = [a for a in legal if a.proper]
    if chosen is not None and chosen not in out:
        out.append(chosen)
    return out


def evaluate(
    view: PlayerView,
    legal: Sequence[Action],
    config: Config,
    *,
    samples: int = DEFAULT_SAMPLES,
    seed: int | str = 0,
    level: str = "normal",
    chosen: Action | None = None,
) -> Evaluation | None:
    """Value every alternative of a decision over deals consistent with ``view``.

    Cards of the play are valued double-dummy, every other decision by playouts (see the
    module docstring). ``None`` when there is nothing to choose between, or when no deal
    consistent with the view can be drawn.

    :param view: what the deciding seat knows
    :param legal: the legal actions (what the seat was offered)
    :param config: the variant's rules
    :param samples: deals to draw
    :param seed: the same seed (with the same view) gives the same evaluation
    :param level: who plays out the rest of the hand after a decision before the tricks
      (:data:`LEVELS`)
    :param chosen: the action taken, valued even when it is not a proper one
    :raises EuchreError: for an unknown level or fewer than one sample.
    """
    if level not in LEVELS:
        raise EuchreError(f"unknown review level {level!r} (known: {', '.join(LEVELS)})")
    if samples < 1:
        raise EuchreError("a review needs at least one sample per decision")
    actions = _proper(legal, chosen)
    if len(actions) < 2:
        return None
    from ..bots.sampling import Sampler

    try:
        sampler = Sampler(view, config)
    except EuchreError:
        return None
    rng = random.Random(f"review:{seed}:{_digest(view)}")
    # The solver weighs proper cards only: a claim or a renege among the alternatives
    # sends the whole decision to playouts.
    cards = view.phase is Phase.PLAY and all(a.card is not None and a.proper for a in actions)
    values: list[list[float]] = [[] for _ in actions]
    for k in range(samples):
        try:
            det = sampler.sample(rng)
        except EuchreError:
            break
        playout_seed = rng.getrandbits(64)
        if k == 0 and cards and not _solvable(det.state()):
            cards = False  # too large to solve quickly: played out instead
        row = (
            _double_dummy(det.state(), actions)
            if cards
            else _playouts(det, actions, view.seat, level, playout_seed, config)
        )
        if row is None:
            continue
        for i, v in enumerate(row):
            values[i].append(v)
    if not values[0]:
        return None
    return Evaluation(
        view.seat,
        tuple(actions),
        tuple(tuple(v) for v in values),
        "double-dummy" if cards else "playout",
    )


def _digest(view: PlayerView) -> str:
    import hashlib

    text = repr((view.seat, view.hand, view.scores, view.dealer, view.hand_number, view.events))
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()


def _solvable(state: State) -> bool:
    """Whether a position of the play is small enough to solve: :data:`DOUBLE_DUMMY_CARDS`
    cards, fewer when the variant's rules of play are its own (see
    :func:`~euchre_core.analysis.solver.fits`)."""
    from .solver import fits

    return fits(state, DOUBLE_DUMMY_CARDS)


def _double_dummy(state: State, actions: Sequence[Action]) -> list[float] | None:
    """Each card's double-dummy net points for the side to act on one deal."""
    from .solver import solve

    sol = solve(state)
    out = []
    for a in actions:
        if a.card is None or a.card not in sol.points:
            return None  # an action the solver does not weigh: this deal is not used
        out.append(float(sol.points[a.card]))
    return out


def _playouts(
    det: Any, actions: Sequence[Action], seat: int, level: str, seed: int, config: Config
) -> list[float] | None:
    """Each alternative applied on one sampled deal and played out to the end of the
    hand by fresh bots seeded alike for every alternative."""
    out = []
    for a in actions:
        state = det.state()
        try:
            state.apply(a)
        except EuchreError:
            return None
        bots = _playout_bots(level, state.seats, seed, config)
        while state.to_act is not None:
            s = state.to_act
            legal = state.legal_actions()
            if len(legal) == 1:
                state.apply(legal[0])
            else:
                state.apply(bots[s].choose(state.view(s), legal))
        out.append(net_points(state, seat))
    return out


def _playout_bots(level: str, seats: int, seed: int, config: Config) -> list[Any]:
    if LEVELS[level] == "search":
        from ..bots.search import SearchBot

        return [
            SearchBot(f"review:{seed}:{s}", samples=HARD_SEARCH_SAMPLES, config=config)
            for s in range(seats)
        ]
    from ..bots.heuristic import HeuristicBot

    return [HeuristicBot(f"review:{seed}:{s}") for s in range(seats)]


# ---------------------------------------------------------------------------------------
# Reviews of decisions, hands and games
# ---------------------------------------------------------------------------------------


def decision_phase(view: PlayerView, legal: Sequence[Action], chosen: Action, best: Action) -> str:
    """The phase a decision counts in (:data:`PHASES`): ``bidding``, ``alone`` (going
    alone, or a bid whose better form differs only in going alone), ``discard``,
    ``lead``, ``follow``, or ``other`` (an exchange, a pick-up, a claim)."""
    if view.phase is Phase.BIDDING or view.decision_kind == "call":
        if (
            getattr(chosen, "alone", False) != getattr(best, "alone", False)
            and type(chosen) is type(best)
            and getattr(chosen, "suit", None) == getattr(best, "suit", None)
        ):
            return "alone"
        return "bidding"
    if view.phase is Phase.PLAY:
        if chosen.card is None:
            return "other"
        return "follow" if view.trick else "lead"
    if all(isinstance(a, Discard) for a in legal):
        return "discard"
    if view.decision_kind in ("alone", "defend") or any(isinstance(a, GoAlone) for a in legal):
        return "alone"
    return "other"


@dataclass(frozen=True)
class DecisionReview:
    """One reviewed decision.

    :ivar index: the action's place in the game's list of actions (from 0)
    :ivar hand: the deal's number in the game (from 0)
    :ivar trick: the trick's number in the hand (from 1), ``None`` before the tricks
    :ivar phase: one of :data:`PHASES`
    :ivar alternatives: every alternative, best first
    :ivar loss: the chosen action's loss against the best, with ``loss_se``
    :ivar grade: ``fine``, ``inaccuracy``, ``mistake`` or ``blunder``
    :ivar marked: whether the grade is not ``fine``
    """

    index: int
    hand: int
    seat: int
    trick: int | None
    phase: str
    chosen: Action
    best: Action
    alternatives: tuple[Alternative, ...]
    samples: int
    method: str
    loss: float
    loss_se: float
    grade: str
    view: PlayerView = field(repr=False, compare=False)

    @property
    def marked(self) -> bool:
        return self.grade != "fine"

    def to_dict(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "hand": self.hand + 1,
            "seat": self.seat,
            "trick": self.trick,
            "phase": self.phase,
            "chosen": str(self.chosen),
            "best": str(self.best),
            "loss": round(self.loss, 3),
            "loss_se": round(self.loss_se, 3),
            "grade": self.grade,
            "samples": self.samples,
            "method": self.method,
            "alternatives": [
                {
                    "action": str(a.action),
                    "value": round(a.value, 3),
                    "se": round(a.se, 3),
                    "loss": round(a.loss, 3),
                    "loss_se": round(a.loss_se, 3),
                }
                for a in self.alternatives
            ],
        }


def judge(
    evaluation: Evaluation,
    chosen: Action,
    grading: Grading = Grading(),
) -> tuple[Action, float, float, str]:
    """The best alternative, the chosen action's loss and its standard error, and the
    grade (:meth:`Grading.grade`)."""
    best = evaluation.best
    loss, se = evaluation.difference(best, chosen)
    if loss <= 1e-9:  # the chosen action is as good as the best: name it as the best
        return chosen, 0.0, se, "fine"
    return best, loss, se, grading.grade(loss, se)


@dataclass(frozen=True)
class Slip:
    """A card after which the hand's double-dummy result moved: with a better card the
    side to act would have taken more tricks (every hand open).

    :ivar trick: the trick's number (from 1)
    :ivar better: the cards that kept the result
    :ivar makers_before: tricks the makers could take before the card (best play)
    :ivar makers_after: tricks the makers could take after it
    :ivar lost: net points the side to act gave away (0 when the tricks lost cost none)
    """

    index: int
    trick: int
    seat: int
    card: Card
    better: tuple[Card, ...]
    makers_before: int
    makers_after: int
    lost: float

    def to_dict(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "trick": self.trick,
            "seat": self.seat,
            "card": self.card.code,
            "better": [c.code for c in self.better],
            "makers_before": self.makers_before,
            "makers_after": self.makers_after,
            "lost": round(self.lost, 3),
        }


@dataclass
class HandReview:
    """One hand of a reviewed game.

    :ivar number: the deal's number in the game (from 0)
    :ivar deal: the cards as dealt
    :ivar scored: the hand's result (``None`` for a hand the record stops in)
    :ivar makers_could: tricks the makers could take with best play all round from the
      first lead (every hand open); ``None`` when the hand had no play
    :ivar solved_from: the trick that result is from: the first, unless the position was
      too large to solve before (:data:`DOUBLE_DUMMY_CARDS`)
    :ivar slips: every card after which that result moved, in order
    :ivar decisions: the reviewed decisions, in order
    """

    number: int
    dealer: int
    deal: Any
    scored: HandScored | None = None
    makers: tuple[int, ...] = ()
    makers_could: int | None = None
    solved_from: int = 1
    tricks: int = 0
    slips: list[Slip] = field(default_factory=list)
    decisions: list[DecisionReview] = field(default_factory=list)
    events: list[Any] = field(default_factory=list, repr=False)

    @property
    def turning(self) -> Slip | None:
        """Where the hand was lost: the first card after which the side that played it
        could no longer score as much (``None`` when no card cost points)."""
        return next((x for x in self.slips if x.lost > 0), None)

    @property
    def makers_took(self) -> int | None:
        if self.scored is None or not self.scored.makers:
            return None
        return sum(self.scored.tricks[s] for s in self.scored.makers)

    def to_dict(self) -> dict[str, Any]:
        s = self.scored
        c = s.contract if s is not None else None
        return {
            "hand": self.number + 1,
            "dealer": self.dealer,
            "deal": {
                "hands": [[x.code for x in h] for h in self.deal.hands],
                "kitty": [x.code for x in self.deal.kitty],
                "upcard": self.deal.upcard.code if self.deal.upcard is not None else None,
            },
            "contract": None
            if c is None
            else {
                "maker": c.maker,
                "trump": None if c.trump is None else c.trump.value,
                "level": getattr(c, "level", None),
                "alone": bool(getattr(c, "alone", False)),
            },
            "makers": list(self.makers),
            "outcome": s.outcome if s is not None else None,
            "points": list(s.points) if s is not None else None,
            "makers_took": self.makers_took,
            "makers_could": self.makers_could,
            "solved_from_trick": self.solved_from,
            "slips": [x.to_dict() for x in self.slips],
            "decisions": [d.to_dict() for d in self.decisions],
        }


@dataclass
class GameReview:
    """A reviewed game: its hands and what the reviewed seats lost, by phase."""

    config: Config
    seats: tuple[int, ...]
    hands: list[HandReview]
    samples: int
    seed: int | str
    level: str
    grading: Grading

    @property
    def decisions(self) -> list[DecisionReview]:
        return [d for h in self.hands for d in h.decisions]

    def lost_by_phase(self) -> dict[str, tuple[int, float]]:
        """Per phase with a reviewed decision: how many decisions, and the points lost
        in all (the losses of the marked decisions)."""
        out: dict[str, tuple[int, float]] = {}
        for p in PHASES:
            ds = [d for d in self.decisions if d.phase == p]
            if ds:
                out[p] = (len(ds), sum(d.loss for d in ds if d.marked))
        return out

    def worst(self, count: int = 3) -> list[DecisionReview]:
        """The marked decisions of the largest loss, worst first."""
        marked = [d for d in self.decisions if d.marked]
        return sorted(marked, key=lambda d: (-d.loss, d.index))[:count]

    def to_dict(self) -> dict[str, Any]:
        return {
            "variant": self.config.name,
            "seats": list(self.seats),
            "samples": self.samples,
            "seed": self.seed,
            "level": self.level,
            "thresholds": {
                "inaccuracy": self.grading.inaccuracy,
                "mistake": self.grading.mistake,
                "blunder": self.grading.blunder,
                "confidence": self.grading.confidence,
            },
            "hands": [h.to_dict() for h in self.hands],
            "summary": {
                p: {"decisions": n, "lost": round(lost, 3)}
                for p, (n, lost) in self.lost_by_phase().items()
            },
            "worst": [d.index for d in self.worst()],
        }


@dataclass
class _Pending:
    index: int
    hand: int
    seat: int
    trick: int | None
    view: PlayerView
    legal: tuple[Action, ...]
    chosen: Action


def review_record(
    record: SavedGame,
    seats: Iterable[int] | None = None,
    *,
    samples: int = DEFAULT_SAMPLES,
    seed: int | str = 0,
    level: str = "normal",
    grading: Grading = Grading(),
    hands: Iterable[int] | None = None,
    progress: Callable[[int, int], None] | None = None,
    config: Config | None = None,
) -> GameReview:
    """Replay a record through the engine and review it.

    :param seats: the seats whose decisions are reviewed (default: every seat)
    :param hands: the deal numbers (from 0) to review (default: every deal)
    :param progress: called with (decisions done, decisions in all) as the work goes
    :param config: the variant to replay under (default: the record's own)
    :raises RecordError: when the record cannot be replayed (naming the deal and action)
    :raises EuchreError: for a seat that is not a seat of the game, an unknown level
    """
    if level not in LEVELS:
        raise EuchreError(f"unknown review level {level!r} (known: {', '.join(LEVELS)})")
    if samples < 1:
        raise EuchreError("a review needs at least one sample per decision")
    state = start_state(record, config)
    chosen_seats = tuple(range(state.seats)) if seats is None else tuple(sorted(set(seats)))
    for s in chosen_seats:
        if not 0 <= s < state.seats:
            raise EuchreError(f"seat {s} is not a seat of this game (0 to {state.seats - 1})")
    wanted = None if hands is None else set(hands)
    reviews: dict[int, HandReview] = {}
    pending: list[_Pending] = []
    for i, (seat, text) in enumerate(record.actions):
        if state.to_act is None:
            raise game_over_error(state, i, seat, text)
        where = f"deal {state.hand_number + 1}, action {i + 1} ({seat}: {text!r})"
        try:
            action = parse_action(text)
        except EuchreError as e:
            raise RecordError(f"{where}: {e}", i) from None
        if seat != state.to_act:
            raise RecordError(
                f"{where}: recorded for seat {seat}, but seat {state.to_act} is to act", i
            )
        legal = state.legal_actions()
        if action not in legal:
            raise RecordError(f"{where}: illegal: {state.why_not(action)}", i)
        action = legal[legal.index(action)]  # the offered object: it says if it is proper
        n = state.hand_number
        if wanted is None or n in wanted:
            hand = reviews.get(n)
            if hand is None:
                hand = reviews[n] = HandReview(n, state.dealer, state.deal)
            _step(state, i, seat, action, hand, chosen_seats, pending)
        state.apply(action)
    for h in state.hand_records:
        if h.number in reviews:
            reviews[h.number].scored = h
    total = len(pending)
    if progress is not None:
        progress(0, total)
    for k, p in enumerate(pending):
        d = _review_decision(p, state.config, samples, seed, level, grading)
        if d is not None:
            reviews[p.hand].decisions.append(d)
        if progress is not None:
            progress(k + 1, total)
    return GameReview(
        state.config,
        chosen_seats,
        [reviews[n] for n in sorted(reviews)],
        samples,
        seed,
        level,
        grading,
    )


def review_state(
    state: State,
    seats: Iterable[int] | None = None,
    *,
    hands: Iterable[int] | None = None,
    **kwargs: Any,
) -> GameReview:
    """Review a game in play or finished (see :func:`review_record`), e.g. the hand
    just finished: ``review_state(state, [seat], hands=[state.hand_number - 1])``."""
    from ..records.history import record_of

    return review_record(record_of(state), seats, hands=hands, config=state.config, **kwargs)


def _step(
    state: State,
    index: int,
    seat: int,
    action: Action,
    hand: HandReview,
    seats: tuple[int, ...],
    pending: list[_Pending],
) -> None:
    """What the review keeps of one action before it is applied: the double-dummy
    result of a card (every hand open), and the decision itself when its seat is
    reviewed and it had a choice."""
    in_play = state.phase is Phase.PLAY
    trick = len(state.tricks) + 1 if in_play else None
    if in_play and isinstance(action, Play) and action.card is not None:
        _solve_step(state, index, seat, action.card, hand)
    legal = state.legal_actions()
    if seat in seats and len(_proper(legal, action)) > 1:
        pending.append(_Pending(index, hand.number, seat, trick, state.view(seat), legal, action))


def _solve_step(state: State, index: int, seat: int, card: Card, hand: HandReview) -> None:
    from .solver import solve

    teams = state.teams
    if teams is None or not _solvable(state):
        return
    sol = solve(state)
    if card not in sol.tricks:
        return
    # Tricks in the hand: those taken, and one for each card the seat to act still holds
    # (it has not played to the current trick yet).
    total = sum(state.tricks_won) + len(state.hands[seat])
    makers = teams.makers
    mine = seat in makers

    def makers_tricks(side_tricks: int) -> int:
        # The solver counts the side's tricks in the whole hand.
        return side_tricks if mine else total - side_tricks

    most = max(sol.tricks.values())
    best_points = max(sol.points.values())
    if not hand.makers:
        hand.makers = tuple(sorted(makers))
    if hand.makers_could is None:
        hand.tricks = total
        hand.solved_from = len(state.tricks) + 1
        hand.makers_could = makers_tricks(most)
    if sol.tricks[card] < most:
        hand.slips.append(
            Slip(
                index,
                len(state.tricks) + 1,
                seat,
                card,
                tuple(sol.best),
                makers_tricks(most),
                makers_tricks(sol.tricks[card]),
                float(best_points - sol.points[card]),
            )
        )


def decision_seed(seed: int | str, index: int) -> str:
    """The seed a review seeded ``seed`` evaluates the game's action ``index`` with (the
    coach of a lesson uses it too, so that both say the same of the same decision)."""
    return f"{seed}:{index}"


def _review_decision(
    p: _Pending, config: Config, samples: int, seed: int | str, level: str, grading: Grading
) -> DecisionReview | None:
    ev = evaluate(
        p.view,
        p.legal,
        config,
        samples=samples,
        seed=decision_seed(seed, p.index),
        level=level,
        chosen=p.chosen,
    )
    if ev is None:
        return None
    best, loss, se, grade = judge(ev, p.chosen, grading)
    return DecisionReview(
        index=p.index,
        hand=p.hand,
        seat=p.seat,
        trick=p.trick,
        phase=decision_phase(p.view, p.legal, p.chosen, best),
        chosen=p.chosen,
        best=best,
        alternatives=ev.alternatives(),
        samples=ev.samples,
        method=ev.method,
        loss=loss,
        loss_se=se,
        grade=grade,
        view=p.view,
    )

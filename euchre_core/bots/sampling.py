"""Determinization: complete deals consistent with what one seat knows.

A search bot that plays a hidden-information game by sampling asks, at each decision:
*which complete deals could have produced exactly what this seat has seen?* This module
answers from a :class:`~euchre_core.view.PlayerView` and the public rules (a
:class:`~euchre_core.config.Config`), never from the state of the game: the view holds no
reference to it, and nothing here takes one.

How a sample is made (:class:`Sampler`):

1. **Facts.** The view's events give the generic facts: the seat's own cards, the up-card,
   cards taken face up from the kitty, cards played (each in the hand of the seat that
   played it, or among the cards it received face down), cards passed to this seat, and
   the voids shown by failing to follow (a seat that has shown it lacks a suit was dealt
   no unseen card of it, unless it has put cards away face down since). Every plugin adds
   the facts its own rules make public through the hook ``euchre_sample_constraints``
   (a :class:`SampleConstraints`: cards known to lie in a place, cards that cannot).
2. **Deal.** Each unseen card goes to a seat's hand or to the kitty, uniformly among the
   assignments that respect those facts (exact: the assignments are counted by card
   classes, then drawn with probabilities proportional to the counts).
3. **Replay.** The hand is replayed on the sampled deal through the engine itself: the
   public actions of the view in order, and a choice for each action the seat did not see
   (a discard face down, a card passed between two other seats) among the legal ones that
   keep the later facts possible. The sample is kept only if the replayed hand shows the
   seat *exactly* the events of the view, the same cards in hand and the same seat to act;
   otherwise another deal is drawn.

Step 3 makes a sample correct for any plugin stack, including rules written after this
module: whatever a rule makes public is in the events, and the replay reproduces the
events or the sample is refused. Steps 1 and 2 only make refusals rare; a plugin whose
rules reveal something the generic facts miss (a farmer's hand shown) states it through
the hook so that samples are found quickly.

Uniformity: deals are drawn uniformly among those that fit the facts of step 1, and
refusals keep only those that fit all the facts. Hidden actions are drawn uniformly among
the choices that keep the history possible, so a deal with fewer such choices weighs a
little more than it would under a uniform prior on (deal, hidden actions).

Bids: by default every deal consistent with the bids counts the same. Given a bidding
*model* (a bot per seat, asked what that seat would have bid on the sampled deal), each
sample carries a weight: the product, over the public bids and declarations of the other
seats, of 1 where the model agrees and ``slip`` where it does not. A search can then
prefer the deals that explain why an opponent ordered up or a partner passed. A search
that already holds enough deals likelier than some weight sets it as the sampler's
``floor``: :meth:`Sampler.draw` then gives a deal up at the first bid that brings it down
to the floor, sparing the rest of its replay.

Card play: with ``play_slip`` below 1, the same model is asked, for every card another
seat played with a choice, which card it would have played there (from that seat's view of
the sampled deal: its own cards and the public events, nothing more); each card it would
not have played multiplies the weight by ``play_slip`` (``partner_slip`` for the seat's
partners). The cards are read on the deals that explain every bid, which come first
(:meth:`Sampler.rank`). A partner who threw a card away on a trick the opponents were
winning is then seen holding no trump; an opponent who led a side king, no ace of it.

Keeping samples: a sample of one view of a hand is kept as a :class:`Track` (the replayed
hand at that moment); for a later view of the same hand, :meth:`Sampler.extend` replays
only the events since, and multiplies its weight by what they say, instead of replaying
the whole hand again.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from math import factorial
from typing import Any

from ..actions import DISCARD, PLAY, Action, Discard, Give
from ..cards import Card
from ..config import Config, load_variant
from ..errors import EuchreError
from ..events import (
    BidMade,
    CardGiven,
    CardPlayed,
    CardsTaken,
    Dealt,
    Declared,
    Discarded,
    Event,
    HandStarted,
    UpCardTurned,
)
from ..manager import build_rules, options_by_plugin
from ..model import Deal, Phase
from ..state import State
from ..view import PlayerView

__all__ = [
    "KITTY",
    "PLAY_READS",
    "Determinization",
    "SampleConstraints",
    "Sampler",
    "SamplingError",
    "Track",
    "check_reading",
    "config_from_view",
    "sample_state",
]

#: The place name of the face-down cards of the deal (the up-card is not part of it).
KITTY = "kitty"

#: Which cards played a sampler reads (``play_read``).
PLAY_READS = ("all", "leads")

Place = int | str


def check_reading(
    slip: float,
    play_slip: float,
    partner_slip: float | None,
    play_read: str,
    partner_bid_slip: float | None = None,
) -> None:
    """Refuse settings of how a :class:`Sampler` reads the bids and the cards played that
    it cannot use, with a one-line message naming the setting.

    :raises EuchreError: a slip outside (0, 1], or an unknown ``play_read``
    """
    for name, value in (
        ("slip", slip),
        ("play_slip", play_slip),
        ("partner_slip", partner_slip),
        ("partner_bid_slip", partner_bid_slip),
    ):
        if value is not None and not 0.0 < value <= 1.0:
            raise EuchreError(f"{name} must be more than 0 and at most 1")
    if play_read not in PLAY_READS:
        raise EuchreError(f"unknown play_read {play_read!r} (known: {', '.join(PLAY_READS)})")


class SamplingError(EuchreError):
    """No deal consistent with the view was found (within the number of tries)."""


@dataclass(frozen=True)
class SampleConstraints:
    """Facts a plugin's rules make public about where cards were dealt (answer of the hook
    ``euchre_sample_constraints``).

    Places are seats (``0`` … ``seats - 1``: the cards dealt to that seat) and
    :data:`KITTY` (the face-down cards of the deal, without the up-card).

    :ivar known: cards known to have been dealt to a place, e.g. the three cards a
      farmer's hand showed, ``{2: (9C, 9H, 9S)}``
    :ivar forbidden: cards known *not* to have been dealt to a place
    :ivar one_of: sets of cards of which a place was dealt at least one whole set, e.g.
      a seat asked whether to claim a farmer's hand held three 9s or three 10s:
      ``{3: [(9C, 9D, 9H), (9C, 9D, 9S), …]}`` (list only sets that are still possible)
    :ivar held: cards a seat is known to hold at a later moment of the hand (a hand laid
      open, five hundred's open misère), by seat: like the cards it plays later, they
      were never among its face-down discards or passes, and a seat that took the kitty
      face down may have found them there
    """

    known: Mapping[Place, Iterable[Card]] = field(default_factory=dict)
    forbidden: Mapping[Place, Iterable[Card]] = field(default_factory=dict)
    one_of: Mapping[Place, Sequence[Sequence[Card]]] = field(default_factory=dict)
    held: Mapping[int, Iterable[Card]] = field(default_factory=dict)


# ---------------------------------------------------------------------------------------
# The rules of a view
# ---------------------------------------------------------------------------------------

_CONFIGS: dict[tuple[Any, ...], Config] = {}


def _freeze(options: Mapping[str, Mapping[str, Any]]) -> tuple[Any, ...]:
    return tuple(sorted((p, tuple(sorted(v.items()))) for p, v in options.items()))


def config_from_view(view: PlayerView) -> Config:
    """The variant a view was taken in, rebuilt from its public description (plugin names,
    player count, option values). Cached.

    Plugin objects registered only for a test have no name to load them by: give such a
    config explicitly to :class:`Sampler` or to the bot instead.
    """
    key = (view.variant, view.plugins, view.seats, _freeze(view.options))
    config = _CONFIGS.get(key)
    if config is not None:
        return config
    # Every value that differs from its declared default, at once: checking the table
    # with the defaults first would refuse a pack the variant's own options make big
    # enough (five players need 32 cards).
    declared = options_by_plugin(build_rules(view.plugins))
    defaults = {p: {o.name: o.default for o in opts} for p, opts in declared.items()}
    options: dict[str, dict[str, Any]] = {}
    for p, vals in view.options.items():
        for k, v in vals.items():
            if defaults.get(p, {}).get(k, v) != v:
                options.setdefault(p, {})[k] = v
    data = {
        "variant": {"name": view.variant, "plugins": list(view.plugins), "players": view.seats},
        "options": options,
        "source": f"<{view.variant}>",
    }
    config = load_variant(data)
    _CONFIGS[key] = config
    return config


# ---------------------------------------------------------------------------------------
# A sample
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Determinization:
    """One complete hand consistent with a view: the deal and every action of the hand up
    to the view's moment (the public ones and sampled hidden ones).

    :meth:`state` rebuilds a fresh :class:`~euchre_core.state.State` at that moment, as
    many times as needed (one per candidate action of a search).
    """

    config: Config
    deal: Deal
    dealer: int
    scores: tuple[int, ...]
    actions: tuple[Action, ...]
    #: How likely the bids of the other seats are on this deal under the sampler's
    #: bidding model, relative to the likeliest (1.0 without a model).
    weight: float = 1.0
    # States of this hand at the view's moment handed over (:meth:`adopt`), to be given
    # out before any is rebuilt.
    _spare: list[State] = field(default_factory=list, compare=False, repr=False)

    def adopt(self, state: State) -> None:
        """Hand over a state of this hand at the view's moment that nothing else holds
        (the sampler's replay, say), for the next :meth:`state` to give out instead of
        replaying the hand again."""
        self._spare.append(state)

    def state(self) -> State:
        """A new state of this hand at the view's moment (a single-hand game)."""
        if self._spare:
            return self._spare.pop()
        state = State(
            self.config,
            deals=[self.deal],
            dealer=self.dealer,
            scores=self.scores,
            max_hands=1,
            rules=self.config.rules(),
        )
        apply = state.apply
        for a in self.actions:
            apply(a)
        return state


class Track:
    """A sample in progress: the hand of a deal replayed up to a view's moment, kept so that
    a later view of the same hand extends it by the new events only
    (:meth:`Sampler.extend`). Each extension advances :attr:`state` in place."""

    __slots__ = ("bid_weight", "deal", "done", "play_weight", "pos", "state", "target")

    def __init__(self, deal: Deal, state: State, pos: int):
        self.deal = deal
        self.state = state
        #: Where the events not yet compared with the view start in ``state.events``.
        self.pos = pos
        #: How many events of the view were matched.
        self.done = 0
        #: The view's events (normalised) the track was last matched against.
        self.target: tuple[Event, ...] = ()
        #: The weight from the bids and declarations, and from the cards played.
        self.bid_weight = 1.0
        self.play_weight = 1.0


# ---------------------------------------------------------------------------------------
# Exact uniform assignment of cards to places with capacities
# ---------------------------------------------------------------------------------------


def _placed(
    n: int, allowed: tuple[int, ...], split: Sequence[int], caps: tuple[int, ...]
) -> tuple[int, tuple[int, ...]]:
    """The ways to deal ``n`` distinct cards so that ``split[i]`` of them go to place
    ``allowed[i]`` (a multinomial coefficient), and the capacities left after that."""
    rest = list(caps)
    ways = factorial(n)
    for p, v in zip(allowed, split, strict=True):
        rest[p] -= v
        ways //= factorial(v)
    return ways, tuple(rest)


class _Assigner:
    """Uniform assignments of card classes (cards sharing the same allowed places) to
    places with fixed capacities, by counting completions (memoised per view)."""

    def __init__(self, classes: list[tuple[tuple[int, ...], list[Card]]], caps: tuple[int, ...]):
        # Most constrained classes first: the widest class is then decided last, where
        # its split is forced by the remaining capacities.
        self.classes = sorted(classes, key=lambda c: (len(c[0]), -len(c[1])))
        self.caps = caps
        self._memo: dict[tuple[int, tuple[int, ...]], int] = {}
        # Per class and capacities left: each split with its number of completions and
        # the capacities after it, and their total (the same for every sample).
        self._options: dict[
            tuple[int, tuple[int, ...]], tuple[list[tuple[int, list[int], tuple[int, ...]]], int]
        ] = {}

    def _splits(self, allowed: tuple[int, ...], n: int, caps: tuple[int, ...]) -> list[list[int]]:
        out: list[list[int]] = []
        room = [caps[p] for p in allowed]
        tail = [0] * (len(allowed) + 1)
        for i in range(len(allowed) - 1, -1, -1):
            tail[i] = tail[i + 1] + room[i]
        x = [0] * len(allowed)

        def rec(i: int, need: int) -> None:
            if i == len(allowed):
                if need == 0:
                    out.append(list(x))
                return
            lo = max(0, need - tail[i + 1])
            for v in range(lo, min(room[i], need) + 1):
                x[i] = v
                rec(i + 1, need - v)
            x[i] = 0

        rec(0, n)
        return out

    def count(self, k: int, caps: tuple[int, ...]) -> int:
        if k == len(self.classes):
            return 1 if not any(caps) else 0
        key = (k, caps)
        hit = self._memo.get(key)
        if hit is not None:
            return hit
        allowed, cards = self.classes[k]
        n = len(cards)
        total = 0
        for x in self._splits(allowed, n, caps):
            ways, rest = _placed(n, allowed, x, caps)
            total += ways * self.count(k + 1, rest)
        self._memo[key] = total
        return total

    def sample(self, rng: random.Random) -> list[list[Card]] | None:
        """Cards per place, or ``None`` when no assignment exists."""
        caps = self.caps
        if self.count(0, caps) == 0:
            return None
        out: list[list[Card]] = [[] for _ in caps]
        memo = self._options
        for k, (allowed, cards) in enumerate(self.classes):
            got = memo.get((k, caps))
            if got is None:
                got = memo[k, caps] = self._choices(k, caps)
            options, total = got
            pick = rng.randrange(total)
            chosen = 0
            while pick >= options[chosen][0]:
                pick -= options[chosen][0]
                chosen += 1
            _, x, rest_caps = options[chosen]
            shuffled = list(cards)
            rng.shuffle(shuffled)
            i = 0
            for p, v in zip(allowed, x, strict=True):
                out[p].extend(shuffled[i : i + v])
                i += v
            caps = rest_caps
        return out

    def _choices(
        self, k: int, caps: tuple[int, ...]
    ) -> tuple[list[tuple[int, list[int], tuple[int, ...]]], int]:
        allowed, cards = self.classes[k]
        n = len(cards)
        options: list[tuple[int, list[int], tuple[int, ...]]] = []
        total = 0
        for x in self._splits(allowed, n, caps):
            ways, rest = _placed(n, allowed, x, caps)
            w = ways * self.count(k + 1, rest)
            if w:
                options.append((w, x, rest))
                total += w
        return options, total


# ---------------------------------------------------------------------------------------
# The sampler
# ---------------------------------------------------------------------------------------


def _hand_start(state: State) -> int:
    for i in range(len(state.events) - 1, -1, -1):
        if isinstance(state.events[i], HandStarted):
            return i
    raise EuchreError("the state has no hand in progress")  # pragma: no cover


class Sampler:
    """Complete hands consistent with one seat's view (see the module docstring).

    :param view: what the seat knows
    :param config: the variant's rules (default: rebuilt from the view)
    :param max_tries: deals drawn per sample before giving up with :class:`SamplingError`
    :param model: a bidding model: one bot per seat, asked on each sampled deal what the
      seat would have bid or declared in its place (from that seat's view of the deal).
      Each public bid or declaration of another seat that the model would not have made
      multiplies the sample's :attr:`~Determinization.weight` by ``slip``. Without one,
      every deal consistent with the bids weighs the same.
    :param slip: the weight of a bid the model would not have made (0 < slip <= 1)
    :param play_slip: with a model, the weight of a card another seat played that the model
      would not have played there (0 < play_slip <= 1; 1: the cards played are not read)
    :param partner_slip: the same for the cards of the seat's partners (default:
      ``play_slip``)
    :param play_read: which cards are read: ``"all"``, or ``"leads"`` (the first card of
      each trick, and the cards of seats that did not follow the suit led)
    :param partner_bid_slip: ``slip`` for the bids of the seat's partners (default:
      ``slip``; a partner who is not the model's kind of player is read less strictly)

    Build one per decision and call :meth:`sample` as often as needed; the analysis of the
    view and the counting tables are shared by all samples.
    """

    def __init__(
        self,
        view: PlayerView,
        config: Config | None = None,
        *,
        max_tries: int = 500,
        model: Sequence[Any] | None = None,
        slip: float = 0.1,
        play_slip: float = 1.0,
        partner_slip: float | None = None,
        play_read: str = "all",
        partner_bid_slip: float | None = None,
    ):
        check_reading(slip, play_slip, partner_slip, play_read, partner_bid_slip)
        if partner_slip is None:
            partner_slip = play_slip
        if partner_bid_slip is None:
            partner_bid_slip = slip
        self.view = view
        self.config = config if config is not None else config_from_view(view)
        self.max_tries = max_tries
        self.model = list(model) if model is not None else None
        self.slip = slip
        self._bid_w = 1.0
        self._play_w = 1.0
        self.me = view.seat
        mine = view.partners()
        #: Per seat, the weight of a card it played that the model would not have played
        #: (1.0: not read).
        self.play_slips: list[float] = [
            1.0 if model is None or s == view.seat else (partner_slip if s in mine else play_slip)
            for s in range(view.seats)
        ]
        self._read_plays = any(x < 1.0 for x in self.play_slips)
        #: Per seat, the weight of a bid it made that the model would not have made.
        self.bid_slips: list[float] = [
            partner_bid_slip if s in mine else slip for s in range(view.seats)
        ]
        self._leads_only = play_read == "leads"
        # Whether the events of an earlier view (by identity) begin this view's.
        self._prefixes: dict[int, tuple[tuple[Event, ...], bool]] = {}
        rules = self.config.rules()
        table = self.config._table if self.config._table is not None else None
        if table is None:
            table = rules.table(self.config)
            self.config._table = table
        self.deck: tuple[Card, ...] = table.deck
        self.tries = 0
        self.accepted = 0
        #: Deals whose bids weigh no more than this (less, when the cards played are read:
        #: they can still rank such a deal higher) are given up as soon as the replay shows
        #: it (see :meth:`draw`); 0: none is.
        self.floor = 0.0
        #: Whether the last replay that failed gave its deal up for :attr:`floor` (rather
        #: than finding that it cannot produce the view).
        self.gave_up = False
        #: The deal given up then.
        self.given_up: Deal = Deal((), ())
        self._analyse(rules)

    # -- facts --------------------------------------------------------------------------

    def _analyse(self, rules: Any) -> None:
        view = self.view
        me = self.me
        n = view.seats
        events = view.events
        if not events or not isinstance(events[0], HandStarted):
            raise SamplingError("the view holds no hand in progress")
        self._target = (HandStarted(0, events[0].dealer), *events[1:])
        counts = [0] * n
        dealt_known: list[tuple[Card, ...] | None] = [None] * n
        upcard: Card | None = None
        known: dict[Place, set[Card]] = {}
        sources: dict[int, set[Place]] = {s: set() for s in range(n)}
        hidden_out = [0] * n
        played: list[tuple[int, Card]] = []
        received_from: list[tuple[int, Card]] = []
        self.plays_by: list[list[Card]] = [[] for _ in range(n)]
        upcard_taker: int | None = None
        kitty_front: list[Card] = []
        for e in events:
            t = type(e)
            if t is Dealt:
                assert isinstance(e, Dealt)
                counts[e.seat] = e.count
                if e.cards is not None:
                    dealt_known[e.seat] = e.cards
            elif t is UpCardTurned:
                assert isinstance(e, UpCardTurned)
                upcard = e.card
            elif t is CardsTaken:
                assert isinstance(e, CardsTaken)
                if e.source == "upcard":
                    upcard_taker = e.seat
                elif e.cards is not None:
                    known.setdefault(KITTY, set()).update(e.cards)
                    kitty_front.extend(e.cards)
                else:
                    sources[e.seat].add(KITTY)
            elif t is CardGiven:
                assert isinstance(e, CardGiven)
                if e.card is None:
                    sources[e.receiver].add(e.giver)
                    hidden_out[e.giver] += 1
                elif e.giver != me:
                    received_from.append((e.giver, e.card))
            elif t is Discarded:
                assert isinstance(e, Discarded)
                if e.card is None:
                    hidden_out[e.seat] += 1
            elif t is CardPlayed:
                assert isinstance(e, CardPlayed)
                played.append((e.seat, e.card))
                self.plays_by[e.seat].append(e.card)
        self.upcard = upcard
        self.upcard_taker = upcard_taker
        self.kitty_front = kitty_front
        self.counts = counts
        self.dealt_known = dealt_known
        self.hidden_out = hidden_out
        # Cards reached through face-down transfers, transitively.
        for _ in range(n):
            for s in range(n):
                for src in list(sources[s]):
                    if isinstance(src, int):
                        sources[s] |= sources[src]
        for s in range(n):
            sources[s].discard(s)
        self.sources = sources

        fixed: dict[Card, Place] = {}
        for s, cs in enumerate(dealt_known):
            for c in cs or ():
                fixed[c] = s
        for place, kc in known.items():
            for c in kc:
                fixed.setdefault(c, place)
        forbidden: dict[Card, set[Place]] = {}
        one_of: list[tuple[Place, tuple[tuple[Card, ...], ...]]] = []
        hook = getattr(rules.pm.hook, "euchre_sample_constraints", None)
        answers = hook(view=view) if hook is not None else []
        for answer in answers:
            if answer is None:
                continue
            for place, cs in answer.known.items():
                for c in cs:
                    fixed.setdefault(c, place)
            for place, cs in answer.forbidden.items():
                for c in cs:
                    forbidden.setdefault(c, set()).add(place)
            for place, sets in answer.one_of.items():
                one_of.append((place, tuple(tuple(x) for x in sets)))
            for seat, cs in answer.held.items():
                later = self.plays_by[seat]
                later.extend(c for c in cs if c not in later)
        self._fixed0 = fixed
        self._forbidden = forbidden
        self._played = played
        self._received_from = received_from
        self.one_of = one_of
        self.places: list[Place] = [*range(n), KITTY]
        self._structures: dict[
            tuple[tuple[Card, ...], ...], tuple[dict[Card, Place], _Assigner]
        ] = {}
        base = self._structure(())
        self.fixed, self._assigner = base

    def _structure(
        self, extra: tuple[tuple[Card, ...], ...]
    ) -> tuple[dict[Card, Place], _Assigner]:
        """The cards fixed to a place and the assigner of the others, with ``extra[i]``
        fixed to the place of ``one_of[i]`` (cached)."""
        hit = self._structures.get(extra)
        if hit is not None:
            return hit
        n = self.view.seats
        counts = self.counts
        dealt_known = self.dealt_known
        upcard = self.upcard
        sources = self.sources
        fixed = dict(self._fixed0)
        for (place, _), cs in zip(self.one_of, extra, strict=False):
            for c in cs:
                fixed.setdefault(c, place)
        places = self.places
        hidden_slots = {s: counts[s] - len(dealt_known[s] or ()) for s in range(n)}
        for place in fixed.values():
            if isinstance(place, int) and dealt_known[place] is None:
                hidden_slots[place] -= 1
        kitty_size = len(self.deck) - sum(counts) - (1 if upcard is not None else 0)
        kitty_free = kitty_size - sum(1 for p in fixed.values() if p == KITTY)
        caps = [hidden_slots[s] for s in range(n)] + [kitty_free]

        # Where each card not fixed may lie.
        allowed: dict[Card, set[Place]] = {}
        for giver, c in self._received_from:
            if c is upcard or c in fixed:
                continue
            allowed[c] = {giver, *sources[giver]}
        for seat, c in self._played:
            if c is upcard or c in fixed or c in allowed:
                continue
            allowed[c] = {seat, *sources[seat]}
        open_places = {p for p, cap in zip(places, caps, strict=True) if cap > 0}
        ranking = self.view.ranking
        voids = self.view.voids
        hidden_out = self.hidden_out
        moved = set(allowed)  # played or passed on: the voids say nothing of them
        for c in self.deck:
            if c is upcard or c in fixed:
                continue
            a = set(allowed.get(c, open_places))
            a &= open_places
            a -= self._forbidden.get(c, set())
            if ranking is not None and c not in moved:
                suit = ranking.suit_of[c.index]
                for s in range(n):
                    if s in a and suit in voids.get(s, ()) and not hidden_out[s]:
                        a.discard(s)
            allowed[c] = a
        if not extra:
            self.allowed = allowed
        index = {p: i for i, p in enumerate(places)}
        groups: dict[tuple[int, ...], list[Card]] = {}
        for c, a in allowed.items():
            key = tuple(sorted(index[p] for p in a))
            groups.setdefault(key, []).append(c)
        if any(c < 0 for c in caps):
            caps = [0] * len(caps)
            groups = {(): [self.deck[0]]}  # nothing fits: an assigner that finds nothing
        result = (fixed, _Assigner(list(groups.items()), tuple(caps)))
        self._structures[extra] = result
        return result

    # -- drawing ------------------------------------------------------------------------

    def _deal(self, rng: random.Random) -> Deal | None:
        fixed, assigner = self.fixed, self._assigner
        if self.one_of:
            # One set of each "one of" fact, at random, then a correction: a deal holding
            # k of the sets could have been proposed k ways, so it is kept with
            # probability 1/k (uniform over the deals that fit).
            chosen = tuple(sets[rng.randrange(len(sets))] for _, sets in self.one_of)
            fixed, assigner = self._structure(chosen)
        split = assigner.sample(rng)
        if split is None:
            return None
        n = self.view.seats
        hands: list[list[Card]] = []
        for s in range(n):
            known = self.dealt_known[s]
            if known is not None:
                hands.append(list(known))
                continue
            h = [c for c, p in fixed.items() if p == s]
            h.extend(split[s])
            rng.shuffle(h)
            hands.append(h)
        # Rules hand out the kitty from the front (a farmer's three, a dummy, a widow):
        # first the cards seen taken from it, in order, then the cards some seat took
        # face down and played, then the rest.
        front = self.kitty_front
        taken = set(front)
        rest = [c for c, p in fixed.items() if p == KITTY and c not in taken]
        rest.extend(split[n])
        rng.shuffle(rest)
        wanted = {c for s in range(n) if KITTY in self.sources[s] for c in self.plays_by[s]}
        kitty = [*front, *(c for c in rest if c in wanted), *(c for c in rest if c not in wanted)]
        for place, sets in self.one_of:
            held = set(kitty) if place == KITTY else set(hands[int(place)])
            k = sum(1 for x in sets if held.issuperset(x))
            if k > 1 and rng.randrange(k):
                return None
        return Deal.of(hands, kitty, self.upcard)

    def sample(self, rng: random.Random) -> Determinization:
        """One complete hand consistent with the view.

        :raises SamplingError: when ``max_tries`` deals were all refused.
        """
        return self.sample_track(rng)[0]

    def sample_track(self, rng: random.Random) -> tuple[Determinization, Track]:
        """:meth:`sample`, with the :class:`Track` a later view of the hand can extend.

        :raises SamplingError: when ``max_tries`` deals were all refused.
        """
        floor = self.floor
        self.floor = 0.0
        try:
            got = self.draw(rng)
        finally:
            self.floor = floor
        assert got is not None
        return got

    def draw(self, rng: random.Random) -> tuple[Determinization, Track] | None:
        """:meth:`sample_track`, except that a deal whose bids weigh no more than
        :attr:`floor` is given up as soon as the replay shows it: then ``None``, and
        :attr:`gave_up`. A search that already holds enough deals likelier than the floor
        spares the rest of such a replay (a deal it would not evaluate).

        :raises SamplingError: when ``max_tries`` deals were all refused.
        """
        for _ in range(self.max_tries):
            self.tries += 1
            deal = self._deal(rng)
            if deal is None:
                if not self.one_of:
                    break  # no assignment fits the facts at all
                continue
            got = self.fit_track(deal, rng)
            if got is not None:
                return got
            if self.gave_up:
                return None
        raise SamplingError(
            f"no deal consistent with seat {self.me}'s view in {self.max_tries} tries"
        )

    def fit(self, deal: Deal, rng: random.Random) -> Determinization | None:
        """The hand of ``deal`` at the view's moment, when ``deal`` could have produced
        exactly the view (hidden actions drawn again), else ``None``. A deal sampled for
        an earlier view of the same hand is, when it fits, a uniform sample of this one:
        a search may keep the deals of its previous decision this way."""
        got = self.fit_track(deal, rng)
        return got[0] if got is not None else None

    def fit_track(self, deal: Deal, rng: random.Random) -> tuple[Determinization, Track] | None:
        """:meth:`fit`, with the :class:`Track` a later view of the hand can extend (or
        ``None`` with :attr:`gave_up`, the deal given up for :attr:`floor`)."""
        self.gave_up = False
        if not self._placed_right(deal):
            return None
        track = self._start(deal)
        if track is None:
            return None
        return self._run(track, rng)

    def extend(self, track: Track, rng: random.Random) -> tuple[Determinization, Track] | None:
        """A sample of an earlier view of this hand (by this seat), brought to this view by
        replaying only the events since (its hidden actions kept, its weight multiplied by
        what the new events say), or ``None`` when it no longer fits. When the kept hidden
        actions cannot lead to this view, the deal is replayed from the start instead
        (hidden actions drawn again), as :meth:`fit` does. ``track`` is advanced in place:
        use only the track returned afterwards."""
        deal = track.deal
        self.gave_up = False
        if not self._placed_right(deal):
            return None
        old = track.target
        prefix = self._prefixes.get(id(old))
        if prefix is None or prefix[0] is not old:
            target = self._target
            fits = len(old) <= len(target) and target[: len(old)] == old
            prefix = self._prefixes[id(old)] = (old, fits)
        if prefix[1]:
            got = self._run(track, rng)
            if got is not None or self.gave_up:
                return got
        return self.fit_track(deal, rng)

    @property
    def reads_plays(self) -> bool:
        """Whether the cards other seats played weigh the samples (a ``play_slip`` or
        ``partner_slip`` below 1, with a model)."""
        return self._read_plays

    @staticmethod
    def rank(track: Track) -> tuple[float, float]:
        """The order of likelihood of samples, likeliest first (a sort key): the deals
        that explain the bids best, then among those, the cards played. The cards are read
        only on deals that explain every bid (reading costs a model call per card, and the
        others serve only when too few deals explain the bids)."""
        return (-track.bid_weight, -track.play_weight)

    def samples(self, count: int, rng: random.Random) -> list[Determinization]:
        """``count`` independent samples."""
        return [self.sample(rng) for _ in range(count)]

    def _placed_right(self, deal: Deal) -> bool:
        """Whether every card of ``deal`` lies where the facts allow (a quick test before
        the replay; the deals this sampler draws always pass it)."""
        fixed = self.fixed
        allowed = self.allowed
        upcard = self.upcard
        places: list[tuple[Place, Sequence[Card]]] = [*enumerate(deal.hands), (KITTY, deal.kitty)]
        for place, cards in places:
            for c in cards:
                if c is upcard:
                    return False
                p = fixed.get(c)
                if p is not None:
                    if p != place:
                        return False
                elif place not in allowed.get(c, ()):
                    return False
        return True

    # -- replaying ----------------------------------------------------------------------

    def _normal(self, e: Event, blind_own: bool) -> Event:
        if blind_own and type(e) is Dealt:
            assert isinstance(e, Dealt)
            if e.seat == self.me:
                return Dealt(e.seat, None, e.count)
        return e

    def _start(self, deal: Deal) -> Track | None:
        """A track at the start of the hand of ``deal`` (``None``: the rules refuse it)."""
        view = self.view
        try:
            state = State(
                self.config,
                deals=[deal],
                dealer=view.dealer,
                scores=view.scores,
                max_hands=1,
                rules=self.config.rules(),
            )
        except EuchreError:
            return None
        return Track(deal, state, _hand_start(state))

    def _run(self, track: Track, rng: random.Random) -> tuple[Determinization, Track] | None:
        """``track`` replayed on from where it stands to the view's moment, checking every
        event the seat sees; ``None`` when it cannot produce exactly the view."""
        view = self.view
        me = self.me
        target = self._target
        blind_own = self.dealt_known[me] is None
        state = track.state
        pos = track.pos
        done = track.done
        end = len(target)
        self._bid_w = track.bid_weight
        self._play_w = track.play_weight
        while True:
            new = state.visible_events(me, pos)
            pos = len(state.events)
            for e in new:
                if done >= end or self._normal(e, blind_own) != self._normal(
                    target[done], blind_own
                ):
                    return None
                done += 1
            if done == end:
                break
            t = state.to_act
            if t is None:
                return None
            action = self._next_action(state, t, target[done], rng)
            if action is None:
                if self.gave_up:
                    self.given_up = track.deal
                return None
            try:
                state.apply(action)
            except EuchreError:
                return None
        if state.to_act != view.to_act or state.phase is not view.phase:
            return None
        if not blind_own and tuple(state.hands[me]) != view.hand:
            return None
        if view.phase is Phase.GAME_OVER:
            return None
        track.pos = pos
        track.done = done
        track.target = target
        track.bid_weight = self._bid_w
        track.play_weight = self._play_w
        self.accepted += 1
        det = Determinization(
            self.config,
            track.deal,
            view.dealer,
            tuple(view.scores),
            tuple([a for _, a in state.actions]),
            self._bid_w * self._play_w,
        )
        return det, track

    def _next_action(
        self, state: State, seat: int, nxt: Event, rng: random.Random
    ) -> Action | None:
        """The action ``seat`` took next: read from the view's next event when the seat
        saw it, else drawn among the choices that keep the later facts possible."""
        t = type(nxt)
        if t is BidMade or t is Declared:
            assert isinstance(nxt, (BidMade, Declared))
            if nxt.seat != seat:
                return self._unseen(state, seat, rng)
            if self.model is not None and seat != self.me:
                legal = state.legal_actions()
                if len(legal) > 1:
                    guess = self.model[seat].choose(state.view(seat), legal)
                    if guess != nxt.action:
                        w = self._bid_w = self._bid_w * self.bid_slips[seat]
                        floor = self.floor
                        if w < floor or (w == floor and not self._read_plays):
                            self.gave_up = True
                            return None
            return nxt.action
        if t is CardPlayed:
            assert isinstance(nxt, CardPlayed)
            if nxt.seat != seat:
                return None
            played = PLAY[nxt.card.index]
            if self._read_plays:
                slip = self.play_slips[seat]
                if slip < 1.0:
                    self._read_play(state, seat, played, slip)
            return played
        if t is Discarded:
            assert isinstance(nxt, Discarded)
            if nxt.seat != seat:
                return self._unseen(state, seat, rng)
            if nxt.card is not None:
                return DISCARD[nxt.card.index]
            return self._hidden_card(state, seat, None, rng, Discard)
        if t is CardGiven:
            assert isinstance(nxt, CardGiven)
            if nxt.giver != seat:
                return self._unseen(state, seat, rng)
            if nxt.card is not None:
                return Give(nxt.card)
            return self._hidden_card(state, seat, nxt.receiver, rng, Give)
        return self._unseen(state, seat, rng)

    def _read_play(self, state: State, seat: int, played: Action, slip: float) -> None:
        """Weigh the card ``seat`` played by whether the model would have played it (on a
        deal that explains every bid: the others come after those, see :meth:`rank`)."""
        assert self.model is not None
        if self._bid_w < 1.0:
            return
        if self._leads_only and state.trick:
            ranking = self.view.ranking
            card = played.card
            if ranking is None or card is None:
                return
            suit_of = ranking.suit_of
            if suit_of[card.index] == suit_of[state.trick[0][1].index]:
                return  # followed suit
        legal = state.legal_actions()
        if len(legal) < 2:
            return
        proper = [a for a in legal if a.proper]
        if len(proper) < 2 or played not in proper:
            return
        if self.model[seat].choose(state.view(seat), legal) != played:
            self._play_w *= slip

    def _unseen(self, state: State, seat: int, rng: random.Random) -> Action | None:
        """An action the view shows no trace of: any legal one (the replay check refuses
        the sample if it shows something the view does not)."""
        legal = state.legal_actions()
        if not legal:
            return None
        return legal[rng.randrange(len(legal))]

    def _hidden_card(
        self,
        state: State,
        seat: int,
        receiver: int | None,
        rng: random.Random,
        kind: type[Action],
    ) -> Action | None:
        """A face-down discard or pass the viewer did not see: never a card the seat plays
        later; a card the receiver plays later without holding it, when there is one; a
        card of a suit the seat later shows void in, when it still holds one."""
        legal = [a for a in state.legal_actions() if isinstance(a, kind)]
        if not legal:
            return None
        keep = set(self.plays_by[seat])
        choices = [a for a in legal if a.card not in keep]
        if receiver is not None:
            have = set(state.hands[receiver])
            need = {c for c in self.plays_by[receiver] if c not in have}
            needed = [a for a in choices if a.card in need]
            if needed:
                choices = needed
        ranking = self.view.ranking
        if ranking is not None and choices:
            void = self.view.voids.get(seat, frozenset())
            must = [
                a for a in choices if a.card is not None and ranking.suit_of[a.card.index] in void
            ]
            if must:
                choices = must
        if not choices:
            return None
        return choices[rng.randrange(len(choices))]


def sample_state(
    view: PlayerView,
    rng: random.Random | int | str = 0,
    config: Config | None = None,
) -> State:
    """A complete state consistent with ``view`` (one sample): a single-hand game at the
    view's moment, reproducing the view's events exactly.

    :param rng: a random source, or a seed for one
    :raises SamplingError: when no consistent deal was found
    """
    if not isinstance(rng, random.Random):
        rng = random.Random(f"sample:{rng}")
    return Sampler(view, config).sample(rng).state()

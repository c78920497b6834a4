"""The secrecy check of the testing kit: no seat can tell two deals apart that differ
only in cards it cannot see.

:func:`check_secrecy` plays seeded games of a plugin stack with random actions. Then, for
a watching seat and a hand of the game, it swaps two cards that seat cannot see (between
two other hands, or a hand and the kitty, or two places in the kitty) and replays the
same actions from the swapped deal. At every step, until a swapped card becomes visible
to the watcher (played, shown, taken into its hand …) or the hand ends, the watcher must
be shown exactly the same things in both games:

* every field of its :class:`~euchre_core.view.PlayerView` (``to_act`` and
  ``decision_kind`` included: who is asked what must not depend on a hidden card);
* the events that reached it since the previous step (:meth:`State.visible_events`,
  which also holds the end of a hand, after the view has moved on to the next deal);
* when it is to act, its legal actions (their text, kind and ``proper`` mark) and the
  reasons given for refusing actions it could try instead.

A swap after which an action of the game is no longer legal (another seat must now
follow suit differently) cannot be replayed that far: the steps up to there are still
compared, and another swap is tried. :class:`SecrecyError` says which seat watched, which
swap, at which step and which field differed, with both values.

:func:`euchre_core.testing.check_variant` runs it by default; it is re-exported there.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .actions import DISCARD, PASS, PLAY, Action, Bid, Call, Decline, GoAlone, Order, PickUp
from .cards import Card, Suit
from .config import Config, load_variant
from .events import Event
from .model import Deal, Phase
from .state import State
from .view import PlayerView

__all__ = ["SecrecyError", "SecrecyReport", "Swap", "check_secrecy", "seat_sees"]

VIEW_FIELDS: tuple[str, ...] = tuple(f.name for f in dataclasses.fields(PlayerView))
#: Where a card of a deal lies: a seat's hand, or the kitty, and its index there.
Place = tuple[int | str, int]
KITTY = "kitty"


class SecrecyError(AssertionError):
    """A seat's view, choices or refusals depend on a card it cannot see. The message
    says which seat, which swap, which step and what differed."""


@dataclass
class SecrecyReport:
    """What :func:`check_secrecy` compared.

    :ivar games: games played
    :ivar hands: hands dealt in them
    :ivar swaps: swaps replayed (one per swap asked for, unless no card was hidden)
    :ivar cut_short: swaps after which an action was no longer legal before the hand
      ended (their steps up to there are compared; another swap was tried)
    :ivar views: views compared (one per watcher and step)
    :ivar refusals: refusal reasons compared
    """

    variant: str
    games: int = 0
    hands: int = 0
    swaps: int = 0
    cut_short: int = 0
    views: int = 0
    refusals: int = 0

    def add(self, other: SecrecyReport) -> None:
        for name in ("games", "hands", "swaps", "cut_short", "views", "refusals"):
            setattr(self, name, getattr(self, name) + getattr(other, name))


@dataclass(frozen=True)
class Swap:
    """Two cards of hand ``hand``'s deal exchanged, both hidden from ``watcher``."""

    hand: int
    watcher: int
    first: Place
    second: Place
    cards: tuple[Card, Card]

    def __str__(self) -> str:
        a, b = self.cards
        return (
            f"hand {self.hand}: {a} of {_place_name(self.first)} swapped with "
            f"{b} of {_place_name(self.second)}"
        )

    def apply(self, deal: Deal) -> Deal:
        hands = [list(h) for h in deal.hands]
        kitty = list(deal.kitty)

        def slot(place: Place) -> tuple[list[Card], int]:
            where, i = place
            return (kitty if where == KITTY else hands[int(where)]), i

        (la, ia), (lb, ib) = slot(self.first), slot(self.second)
        la[ia], lb[ib] = lb[ib], la[ia]
        return Deal.of(hands, kitty, deal.upcard)


def _place_name(place: Place) -> str:
    where = place[0]
    return "the kitty" if where == KITTY else f"seat {where}'s hand"


# ---------------------------------------------------------------------------------------
# What a seat is shown
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Seen:
    """What one seat is shown at one step (see :func:`seat_sees`)."""

    fields: tuple[Any, ...]
    log: tuple[Event, ...]
    legal: tuple[tuple[str, str, bool], ...] | None
    refusals: tuple[tuple[str, str], ...] | None

    def field(self, name: str) -> Any:
        return self.fields[VIEW_FIELDS.index(name)]


def _word_candidates() -> tuple[Action, ...]:
    calls = tuple(Call(s, alone) for s in (*Suit, None) for alone in (False, True))
    return (PASS, Order(False), Order(True), *calls, PickUp(), Decline(), GoAlone(), Bid(99))


_WORDS = _word_candidates()


def refusal_candidates(state: State, extra: Sequence[Action] = ()) -> tuple[Action, ...]:
    """Actions a seat could try at any step: a play and a discard of every card of the
    pack, the usual words of the bidding, and ``extra``."""
    deck = state.table.deck
    return (
        *(PLAY[c.index] for c in deck),
        *(DISCARD[c.index] for c in deck),
        *_WORDS,
        *extra,
    )


def seat_sees(
    state: State,
    seat: int,
    since: int = 0,
    candidates: Sequence[Action] = (),
) -> Seen:
    """What ``seat`` is shown now: every field of its view, the events that reached it
    from index ``since`` of the log, and, when it is to act, its legal actions and the
    reason for refusing each of ``candidates`` that is not legal."""
    view = state.view(seat)
    fields = tuple(getattr(view, name) for name in VIEW_FIELDS)
    log = tuple(state.visible_events(seat, since))
    if state.to_act != seat:
        return Seen(fields, log, None, None)
    legal_actions = state.legal_actions()
    legal = tuple((type(a).__name__, str(a), bool(a.proper)) for a in legal_actions)
    offered = set(legal_actions)
    refusals = tuple((str(a), str(state.why_not(a))) for a in candidates if a not in offered)
    return Seen(fields, log, legal, refusals)


#: Refusal reasons compared per step, besides the plays of the seat's own cards.
REFUSALS_PER_STEP = 4


def _tries_at(state: State, seat: int, step: int, candidates: Sequence[Action]) -> list[Action]:
    """The actions whose refusal is compared at ``step``: in the play, a play of each
    card of the seat's hand; and a few of ``candidates`` drawn from the step number (the
    same in the game as dealt and in the swapped one)."""
    if state.to_act != seat:
        return []
    own = [PLAY[c.index] for c in state.hands[seat]] if state.phase is Phase.PLAY else []
    k = min(REFUSALS_PER_STEP, len(candidates))
    drawn = random.Random(step).sample(range(len(candidates)), k)
    return own + [candidates[i] for i in sorted(drawn)]


def cards_in(obj: object, out: set[Card]) -> set[Card]:
    """Every card named anywhere in ``obj`` (an event, an action, a tuple of them …)."""
    if obj is None or isinstance(obj, (str, int, float)):
        return out  # (suits and phases are strings)
    if isinstance(obj, Card):
        out.add(obj)
    elif isinstance(obj, (tuple, list, set, frozenset)):
        for x in obj:
            cards_in(x, out)
    elif isinstance(obj, Mapping):
        for x in obj.values():
            cards_in(x, out)
    elif dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        for f in dataclasses.fields(obj):
            cards_in(getattr(obj, f.name, None), out)
    return out


def _shown(seen: Seen) -> set[Card]:
    """The cards a step shows the seat: its hand and the events that reached it."""
    out = set(seen.field("hand"))
    return cards_in(seen.log, out)


def _difference(a: Seen, b: Seen) -> str | None:
    """Which part of what the seat is shown differs, with both values (``a`` as dealt,
    ``b`` swapped); None if nothing does."""

    def both(what: str, x: object, y: object) -> str:
        return f"{what} differs: {x!r} as dealt, {y!r} swapped"

    for name, x, y in zip(VIEW_FIELDS, a.fields, b.fields, strict=True):
        if x == y:
            continue
        if name == "events":
            i = next((k for k, (p, q) in enumerate(zip(x, y, strict=False)) if p != q), None)
            if i is None:
                return both("view.events (length)", len(x), len(y))
            return both(f"view.events[{i}]", x[i], y[i])
        return both(f"view.{name}", x, y)
    if a.log != b.log:
        return both("events received", list(a.log), list(b.log))
    if a.legal != b.legal:
        first = [t for _, t, _ in a.legal or ()]
        second = [t for _, t, _ in b.legal or ()]
        if first == second:
            return both("legal actions (kinds or proper marks)", a.legal, b.legal)
        return both("legal actions", first, second)
    if a.refusals != b.refusals:
        for (act, r1), (_, r2) in zip(a.refusals or (), b.refusals or (), strict=False):
            if r1 != r2:
                return both(f"the refusal of '{act}'", r1, r2)
        return both("refused actions", a.refusals, b.refusals)
    return None


# ---------------------------------------------------------------------------------------
# One game and its swaps
# ---------------------------------------------------------------------------------------


@dataclass
class _Game:
    """A game played once with random actions, with what every seat saw at every step."""

    config: Config
    seed: str
    max_hands: int | None
    actions: list[tuple[int, Action]]
    deals: list[Deal]
    hand_start: list[int]  # step at which each hand began
    seen: list[list[Seen]]  # [step][seat]
    candidates: tuple[Action, ...]

    def new_state(self, deals: Sequence[Deal]) -> State:
        return State(self.config, seed=self.seed, deals=deals, max_hands=self.max_hands)


def _play(
    config: Config,
    seed: str,
    max_hands: int | None,
    rng: random.Random,
    choose: Callable[[State, random.Random], Action] | None,
    extra: Sequence[Action],
    report: SecrecyReport,
    max_actions: int,
) -> _Game:
    state = State(config, seed=seed, max_hands=max_hands)
    candidates = refusal_candidates(state, extra)
    seats = state.seats
    deals, starts = [state.deal], [0]
    seen: list[list[Seen]] = []
    since = 0
    while True:
        step = len(state.actions)
        seen.append(
            [
                seat_sees(state, s, since, _tries_at(state, s, step, candidates))
                for s in range(seats)
            ]
        )
        since = len(state.events)
        if state.is_over or len(state.actions) >= max_actions:
            break
        legal = state.legal_actions()
        action = choose(state, rng) if choose is not None else rng.choice(legal)
        hand = state.hand_number
        state.apply(action)
        if state.hand_number != hand:
            deals.append(state.deal)
            starts.append(len(state.actions))
    report.games += 1
    report.hands += len(deals)
    return _Game(config, seed, max_hands, list(state.actions), deals, starts, seen, candidates)


def _hidden_places(game: _Game, hand: int, watcher: int) -> list[Place]:
    """Places of hand ``hand``'s deal whose card ``watcher`` cannot see when the hand
    starts."""
    deal = game.deals[hand]
    start = game.seen[game.hand_start[hand]][watcher]
    shown = cards_in(start.field("events"), set(start.field("hand")))
    places: list[Place] = [
        (s, i)
        for s, h in enumerate(deal.hands)
        if s != watcher
        for i, c in enumerate(h)
        if c not in shown
    ]
    places += [(KITTY, i) for i, c in enumerate(deal.kitty) if c not in shown]
    return places


def _pick_swap(game: _Game, hand: int, watcher: int, rng: random.Random) -> Swap | None:
    places = _hidden_places(game, hand, watcher)
    pairs = [
        (a, b)
        for i, a in enumerate(places)
        for b in places[i + 1 :]
        if a[0] != b[0] or a[0] == KITTY
    ]
    if not pairs:
        return None
    a, b = rng.choice(pairs)
    deal = game.deals[hand]

    def card_at(place: Place) -> Card:
        where, i = place
        return deal.kitty[i] if where == KITTY else deal.hands[int(where)][i]

    return Swap(hand, watcher, a, b, (card_at(a), card_at(b)))


def _replay(game: _Game, swap: Swap | None, hand: int, watcher: int, report: SecrecyReport) -> str:
    """Replay the game (with ``swap``'s deal, or the original deals) and compare what
    ``watcher`` is shown with the original game, step by step through hand ``hand``.
    Returns ``"ok"``, ``"cut"`` (an action was no longer legal) or the difference as
    ``"step N: ..."``."""
    deals = list(game.deals)
    if swap is not None:
        deals[hand] = swap.apply(deals[hand])
    hidden = set(swap.cards) if swap is not None else set()
    state = game.new_state(deals)
    start = game.hand_start[hand]
    since = 0
    for step in range(len(game.actions) + 1):
        if step >= start:
            original = game.seen[step][watcher]
            if hidden & _shown(original):
                return "ok"
            tries = _tries_at(state, watcher, step, game.candidates)
            now = seat_sees(state, watcher, since, tries)
            if hidden & _shown(now):
                return "ok"
            report.views += 1
            report.refusals += len(now.refusals or ())
            diff = _difference(original, now)
            if diff is not None:
                return f"step {step} (after {step} actions, {watcher_where(original)}): {diff}"
            if original.field("hand_number") > hand or step == len(game.actions):
                return "ok"
        since = len(state.events)
        if step == len(game.actions):
            break
        seat, action = game.actions[step]
        if state.to_act != seat or not state.can(action):
            if step < start:
                return f"step {step}: the game does not replay from its deals before hand {hand}"
            if hidden & _shown(game.seen[step + 1][watcher]):
                return "ok"  # the action shows a swapped card (plays it): the games part
            return "cut"
        state.apply(action)
    return "ok"


def watcher_where(seen: Seen) -> str:
    return f"hand {seen.field('hand_number')}, {seen.field('phase').value}"


def check_secrecy(
    variant: str | Config = "standard",
    *,
    rules: Sequence[str] = (),
    options: Mapping[str, Any] | Sequence[str] = (),
    players: int | None = None,
    extra_plugins: Sequence[object] = (),
    seed: int | str = 0,
    games: int = 1,
    swaps: int = 8,
    max_hands: int | None = 3,
    tries: int = 4,
    choose: Callable[[State, random.Random], Action] | None = None,
    candidates: Sequence[Action] = (),
    max_actions: int = 10_000,
) -> SecrecyReport:
    """Check that no seat can tell apart two deals that differ only in cards it cannot
    see (see the module's description).

    :param games: seeded games to play, each of at most ``max_hands`` hands
    :param swaps: swaps per game, each for a random hand and a random watching seat
    :param tries: swaps tried in turn when the actions stop being legal before the hand
      ends (every step compared counts)
    :param choose: pick the action to play, ``choose(state, rng)`` (default: any legal
      action, uniformly), e.g. to claim a rare option often
    :param candidates: more actions whose refusal reasons may be compared (the variant's
      own words), besides a play and a discard of every card and the usual bids; a few
      of them are drawn at each step, with a play of each of the seat's own cards during
      the tricks
    :raises SecrecyError: naming the variant, the game seed, the watching seat, the swap,
      the step and what it was shown in each game.
    """
    if isinstance(variant, Config) and not (rules or options or extra_plugins or players):
        config = variant  # loaded already (as by check_variant)
    else:
        config = load_variant(
            variant, rules=rules, options=options, players=players, extra_plugins=extra_plugins
        )
    report = SecrecyReport(config.name)
    rng = random.Random(f"secrecy:{seed}")
    for g in range(games):
        game_seed = f"{seed}/secrecy/{g}"
        game = _play(config, game_seed, max_hands, rng, choose, candidates, report, max_actions)
        played = [h for h, s in enumerate(game.hand_start) if s < len(game.actions)]
        for _ in range(swaps if played else 0):
            hand = rng.choice(played)
            watcher = rng.randrange(len(game.deals[0].hands))
            for _attempt in range(max(1, tries)):
                swap = _pick_swap(game, hand, watcher, rng)
                if swap is None:
                    break
                report.swaps += 1
                outcome = _replay(game, swap, hand, watcher, report)
                if outcome == "cut":
                    report.cut_short += 1
                    continue
                if outcome != "ok":
                    _fail(game, swap, outcome, report)
                break
    return report


def _fail(game: _Game, swap: Swap, outcome: str, report: SecrecyReport) -> None:
    where = f"[{game.config.name}, game seed {game.seed!r}]"
    control = _replay(game, None, swap.hand, swap.watcher, SecrecyReport(report.variant))
    if control not in ("ok", "cut"):
        raise SecrecyError(
            f"{where} the game does not replay the same from its own deals, even without "
            f"a swap: {control}"
        )
    raise SecrecyError(
        f"{where} seat {swap.watcher} can tell a hidden card: after the swap ({swap}), at {outcome}"
    )

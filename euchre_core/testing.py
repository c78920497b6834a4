"""A testing kit for rules and plugin authors (also a pytest plugin).

Installed as the pytest plugin ``euchre`` (entry point ``pytest11``), it gives fixtures to
build a game from explicit hands with a plugin registered for one test, helpers to play a
list of actions and read the events and scores, and :func:`check_variant`, a conformance
run that plays seeded games of any plugin stack and checks the core invariants, with
messages that say what broke::

    from euchre_core.testing import check_variant, play

    def test_my_rule_keeps_the_game_sound():
        check_variant("standard", rules=["my-rule"], hands=500, seed=1)

    def test_lone_euchre_costs_four(euchre_hand):
        state = euchre_hand("9C TC JC QC KC | ...", upcard="9H", plugins=[my_plugin])
        play(state, "order alone", "play JH", ...)

The invariants (checked after every action by :func:`check_step`):

* every card of the pack is in exactly one place: a hand, the kitty, the up-card, the
  discards, the current trick or a completed trick;
* a trick holds at most one card per active seat, and a completed one exactly one;
* ``legal_actions()`` is non-empty until the game is over, and empty after;
* every legal action applies (the one chosen; with ``fork_rate``, at that rate every
  legal action, each on a copy of the state); an action that is not legal raises
  :class:`~euchre_core.errors.IllegalActionError` with a reason and leaves the state
  unchanged (a few candidates each step, and ``illegal_tries`` of the ``candidates``
  given);
* scores change only when a hand is scored, by exactly the points of that hand (which
  its :class:`~euchre_core.events.HandScored` reports with the new scores), or, in a
  match of several games, when the next game starts from the scores it carries over;
* the game ends (within ``max_actions``), with a result whose winners reached the
  target, and the pack is still whole at the end.

Every game :func:`check_variant` plays is also saved and read back
(:func:`check_save_roundtrip`): as the project's JSON, and as EGN where the variant is
one EGN holds, at its end and part-way through; replayed, it must give the same game.

A test adds what only its variant promises with ``extra_check`` (called on the state
after every action and at the end of each game) and steers the random play with
``choose``.

Secrecy (:func:`check_secrecy`, run by :func:`check_variant` unless ``secrecy=False``):
no seat can tell apart two deals that differ only in cards it cannot see. A seeded
random game is played; then, for a watching seat and a hand, two cards that seat cannot
see are swapped (between two other hands, or a hand and the kitty) and the same actions
are replayed from the swapped deal. Until a swapped card becomes visible to the watcher
(played, shown, taken into its hand) or the hand ends, the watcher must be shown exactly
the same at every step: every field of its view (``to_act`` and ``decision_kind``
included, so nobody is asked a question because of his hidden cards), the events it
receives, its legal actions and the reasons for refusing actions it could try. A
:class:`SecrecyError` names the seat, the swap, the step and the field that differed::

    from euchre_core.testing import check_secrecy

    def test_my_rule_keeps_hidden_cards_hidden():
        report = check_secrecy("standard", rules=["my-rule"], seed=1, games=5, swaps=20)
        assert report.views > 100
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .actions import PLAY, Action, Bid, Call, Discard, Order, Pass, parse_action
from .cards import Card, cards
from .config import Config, load_variant
from .errors import EuchreError, IllegalActionError
from .events import Event, GameOver, GameWon, HandScored
from .model import Deal, Phase
from .secrecy import SecrecyError, SecrecyReport, check_secrecy
from .state import State, new_hand

__all__ = [
    "ConformanceError",
    "ConformanceReport",
    "SecrecyError",
    "SecrecyReport",
    "check_cards",
    "check_save_roundtrip",
    "check_secrecy",
    "check_step",
    "check_variant",
    "deal_from_text",
    "events_of",
    "play",
    "scores_after",
]


class ConformanceError(AssertionError):
    """An invariant of the core does not hold. The message says which and where."""


def _where(state: State) -> str:
    return (
        f"[{state.config.name}, seed {state.seed!r}, hand {state.hand_number}, "
        f"{state.phase}, action {len(state.actions)}]"
    )


def card_locations(state: State) -> Counter[Card]:
    """How many times each card appears across the places a card can be."""
    seen: Counter[Card] = Counter()
    for h in state.hands:
        seen.update(h)
    seen.update(state.kitty)
    if state.upcard is not None and not state.upcard_taken:
        seen[state.upcard] += 1
    seen.update(state.discards)
    seen.update(c for _, c in state.trick)
    for t in state.tricks:
        seen.update(c for _, c in t.plays)
    return seen


def check_cards(state: State) -> None:
    """Every card of the pack in exactly one place, and no card from outside it."""
    seen = card_locations(state)
    deck = set(state.table.deck)
    twice = sorted(c.code for c, n in seen.items() if n > 1)
    if twice:
        raise ConformanceError(f"{_where(state)} cards in two places at once: {' '.join(twice)}")
    foreign = sorted(c.code for c in seen if c not in deck)
    if foreign:
        raise ConformanceError(f"{_where(state)} cards not in the pack: {' '.join(foreign)}")
    lost = sorted(c.code for c in deck if c not in seen)
    if lost:
        raise ConformanceError(
            f"{_where(state)} cards lost (in no hand, kitty, discards or trick): {' '.join(lost)}"
        )


def check_tricks(state: State) -> None:
    """At most one card per active seat in the trick; exactly one in completed tricks."""
    active = set(state.active)
    seats = [s for s, _ in state.trick]
    if len(seats) != len(set(seats)) or not set(seats) <= active:
        raise ConformanceError(
            f"{_where(state)} the current trick has seats {seats}, "
            f"active seats are {sorted(active)}"
        )
    for t in state.tricks:
        played = sorted(s for s, _ in t.plays)
        if played != sorted(active):
            raise ConformanceError(
                f"{_where(state)} trick {t.number} has cards from seats "
                f"{played}, expected one from each of {sorted(active)}"
            )


def check_legal(state: State) -> None:
    """Legal actions exist exactly while the game is not over."""
    legal = state.legal_actions()
    if state.is_over and legal:
        raise ConformanceError(f"{_where(state)} the game is over but actions are offered")
    if not state.is_over and not legal:
        raise ConformanceError(f"{_where(state)} no legal action while the game goes on")


def check_step(state: State) -> None:
    """All the invariants that can be checked on a state at rest."""
    check_cards(state)
    check_tricks(state)
    check_legal(state)


def illegal_candidates(state: State, rng: random.Random) -> list[Action]:
    """A few actions that must be refused now (cards not held or not allowed, actions of
    another phase)."""
    legal = set(state.legal_actions())
    out: list[Action] = []
    seat = state.to_act
    if seat is None:
        return out
    held = state.hands[seat]
    others = [c for c in state.table.deck if c not in held]
    if others:
        out.append(PLAY[rng.choice(others).index])
    if state.phase is Phase.PLAY:
        out.extend(PLAY[c.index] for c in held if PLAY[c.index] not in legal)
        out.extend([Pass(), Order(False), Bid(99)])
    else:
        out.extend(PLAY[c.index] for c in held if PLAY[c.index] not in legal)
        out.append(Discard(others[0]) if others else Bid(99))
        if state.phase is Phase.BIDDING:
            out.append(Call(None, True) if Call(None, True) not in legal else Bid(99))
    return [a for a in out if a not in legal]


def _fingerprint(state: State) -> tuple[Any, ...]:
    return (
        len(state.events),
        len(state.actions),
        state.to_act,
        state.phase,
        state.hand_number,
        state.dealer,
        tuple(state.scores),
        tuple(tuple(h) for h in state.hands),
        tuple(state.kitty),
        state.upcard_taken,
        tuple(state.discards),
        tuple(state.trick),
        len(state.tricks),
        state.legal_actions(),
    )


def fork(state: State) -> State:
    """A deep copy of ``state`` that shares its immutable parts (rules, config, table,
    options, deal, ranking and events), to try an action without changing the state."""
    memo: dict[int, Any] = {
        id(state.rules): state.rules,
        id(state.config): state.config,
        id(state.table): state.table,
        id(state.options): state.options,
        id(state.deal): state.deal,
    }
    if state.ranking is not None:
        memo[id(state.ranking)] = state.ranking
    for e in state.events:
        memo[id(e)] = e
    return copy.deepcopy(state, memo)


def check_every_legal_action(state: State) -> None:
    """Every legal action applies, each on its own copy of the state."""
    for action in state.legal_actions():
        try:
            fork(state).apply(action)
        except EuchreError as e:
            raise ConformanceError(f"{_where(state)} legal action '{action}' failed: {e}") from e


def check_refusals(
    state: State,
    rng: random.Random,
    candidates: Sequence[Action] = (),
    tries: int = 0,
) -> None:
    """Actions that are not legal raise IllegalActionError and change nothing: a few
    chosen from the state, and ``tries`` drawn from ``candidates`` that are not legal."""
    before = _fingerprint(state)
    wrong = illegal_candidates(state, rng)
    if candidates and tries:
        legal = set(state.legal_actions())
        others = [a for a in candidates if a not in legal]
        wrong += rng.sample(others, min(tries, len(others)))
    for action in wrong:
        try:
            state.apply(action)
        except IllegalActionError as e:
            if not str(e):
                raise ConformanceError(
                    f"{_where(state)} '{action}' refused without a reason"
                ) from e
        else:
            raise ConformanceError(f"{_where(state)} '{action}' was accepted but is not legal")
        if _fingerprint(state) != before:
            raise ConformanceError(f"{_where(state)} refusing '{action}' changed the state")


@dataclass
class ConformanceReport:
    """What :func:`check_variant` played."""

    variant: str
    games: int = 0
    hands: int = 0
    actions: int = 0
    outcomes: Counter[str] | None = None
    saved: int = 0


def check_game(
    state: State,
    rng: random.Random,
    *,
    check_illegal: bool = True,
    choose: Callable[[State], Action] | None = None,
    fork_rate: float = 0.0,
    candidates: Sequence[Action] = (),
    illegal_tries: int = 0,
    extra_check: Callable[[State], None] | None = None,
    max_actions: int = 100_000,
) -> int:
    """Play a game to its end with random legal actions, checking every invariant after
    every action (see :func:`check_variant` for the options). Returns the number of
    actions applied."""
    n = 0
    check_step(state)
    if extra_check is not None:
        extra_check(state)
    while not state.is_over:
        if n >= max_actions:
            raise ConformanceError(f"{_where(state)} the game does not end ({n} actions)")
        if check_illegal:
            check_refusals(state, rng, candidates, illegal_tries)
        if fork_rate and rng.random() < fork_rate:
            check_every_legal_action(state)
        legal = state.legal_actions()
        action = choose(state) if choose is not None else rng.choice(legal)
        scores = list(state.scores)
        events_before = len(state.events)
        try:
            state.apply(action)
        except EuchreError as e:
            raise ConformanceError(f"{_where(state)} legal action '{action}' failed: {e}") from e
        n += 1
        expected = list(scores)
        what: list[object] = []
        for ev in state.events[events_before:]:
            if isinstance(ev, HandScored):
                expected = [a + b for a, b in zip(expected, ev.points, strict=True)]
                what.append(ev.points)
                if list(ev.scores) != expected:
                    raise ConformanceError(
                        f"{_where(state)} hand {ev.number} was scored {list(ev.points)} "
                        f"and reports the scores {list(ev.scores)}, not {expected}"
                    )
            elif isinstance(ev, GameWon):
                if list(ev.scores) != expected:
                    raise ConformanceError(
                        f"{_where(state)} game {ev.number} ended at {list(ev.scores)} but the "
                        f"hands add up to {expected}"
                    )
                expected = list(ev.next_scores)
                what.append(f"next game from {list(ev.next_scores)}")
        if expected != list(state.scores):
            raise ConformanceError(
                f"{_where(state)} scores went from {scores} to "
                f"{state.scores} but the hand(s) scored {what}"
            )
        check_step(state)
        if extra_check is not None:
            extra_check(state)
    result = state.result
    if result is None:
        raise ConformanceError(f"{_where(state)} the game is over without a result")
    if result.losers:
        if set(result.losers) & set(result.winners):
            raise ConformanceError(
                f"{_where(state)} seats {result.losers} both lost and won the game"
            )
    elif result.winners and state.table.count_down:
        target = state.table.target
        worst = max(state.scores[w] for w in result.winners)
        if worst > target:
            raise ConformanceError(
                f"{_where(state)} seats {result.winners} won with "
                f"{worst} points, above the target {target} of a game that counts down"
            )
    elif result.winners:
        target = state.table.target
        best = max(state.scores[w] for w in result.winners)
        if best < target:
            raise ConformanceError(
                f"{_where(state)} seats {result.winners} won with "
                f"{best} points, below the target {target}"
            )
    return n


def check_variant(
    variant: str | Config = "standard",
    *,
    rules: Sequence[str] = (),
    options: Mapping[str, Any] | Sequence[str] = (),
    players: int | None = None,
    extra_plugins: Sequence[object] = (),
    hands: int = 1000,
    seed: int | str = 0,
    check_illegal: bool = True,
    max_hands: int | None = None,
    choose: Callable[[State, random.Random], Action] | None = None,
    fork_rate: float = 0.0,
    candidates: Sequence[Action] = (),
    illegal_tries: int = 4,
    extra_check: Callable[[State], None] | None = None,
    max_actions: int = 100_000,
    secrecy: bool = True,
    secrecy_swaps: int = 4,
    save_roundtrip: bool = True,
) -> ConformanceReport:
    """Play seeded random games of a plugin stack until ``hands`` hands were dealt,
    checking the core invariants after every action; then run :func:`check_secrecy`
    on one short game of the same stack.

    :param max_hands: end each game after this many hands (for games that random play
      may never finish, such as pepper, where failed bids push scores down); ``None``
      plays every game to its end.
    :param check_illegal: try actions that are not legal at every step (they must be
      refused with a reason and change nothing)
    :param choose: pick the action to play, ``choose(state, rng)`` (default: any legal
      action, uniformly)
    :param fork_rate: the share of steps at which every legal action is applied, each on
      a copy of the state (0: only the action chosen is applied)
    :param candidates: more actions to try as illegal ones, e.g. every action of the
      variant's vocabulary; at each step ``illegal_tries`` of those not legal are tried
    :param extra_check: a check of the test's own, called with the state after every
      action and at the end of each game (raise ``AssertionError`` to fail)
    :param max_actions: a game that takes more actions than this does not end
    :param secrecy: also check that no seat can tell a card it cannot see
      (:func:`check_secrecy`: one game of at most two hands, ``secrecy_swaps`` swaps)
    :param save_roundtrip: save every game, read it back and replay it
      (:func:`check_save_roundtrip`)

    :raises ConformanceError: saying which invariant broke, where (variant, seed, hand,
      phase, action number) and how.
    :raises SecrecyError: saying which seat can tell which swapped cards apart, at which
      step and by which field.
    """
    config = load_variant(
        variant, rules=rules, options=options, players=players, extra_plugins=extra_plugins
    )
    report = ConformanceReport(config.name, outcomes=Counter())
    rng = random.Random(f"conformance:{seed}")
    game = 0
    while report.hands < hands:
        state = State(config, seed=f"{seed}/{game}", max_hands=max_hands)
        report.actions += check_game(
            state,
            rng,
            check_illegal=check_illegal,
            choose=(lambda st: choose(st, rng)) if choose is not None else None,
            fork_rate=fork_rate,
            candidates=candidates,
            illegal_tries=illegal_tries,
            extra_check=extra_check,
            max_actions=max_actions,
        )
        if save_roundtrip:
            report.saved += check_save_roundtrip(state, random.Random(f"save:{seed}/{game}"))
        report.games += 1
        report.hands += len(state.hand_records)
        assert report.outcomes is not None
        report.outcomes.update(h.outcome for h in state.hand_records)
        game += 1
    if secrecy:
        check_secrecy(
            config,
            seed=seed,
            swaps=secrecy_swaps,
            max_hands=2,
            choose=choose,
            candidates=candidates,
        )
    return report


# ---------------------------------------------------------------------------------------
# Saved games
# ---------------------------------------------------------------------------------------


def check_save_roundtrip(state: State, rng: random.Random | None = None) -> int:
    """Save a game (finished or not) and read it back: as the project's JSON
    (:func:`~euchre_core.records.history.record_of`, written and parsed as text), and, when the
    variant is a four-hand game EGN holds, as EGN, at the end and at a point part-way
    (``rng`` picks it; what a game saved after every action leaves). Each is replayed
    through the rules and must give the same game: the same actions, events (for EGN,
    the hands scored: its deals keep no kitty order), scores and result. A game stopped
    by ``max_hands`` is compared up to where it stopped.

    Returns the number of records read back.

    :raises ConformanceError: saying which record and what differs.
    """
    from .records.history import record_from_json, record_of, replay

    rng = rng or random.Random(0)
    extra = state.config.extra_plugins
    data = json.loads(json.dumps(record_of(state, meta={"check": "save"}).to_json()))
    record = record_from_json(data, "saved game")
    if record.meta != {"check": "save"}:
        raise ConformanceError(f"{_where(state)} the record's meta came back as {record.meta}")
    if (record.result is not None) != state.is_over:
        raise ConformanceError(
            f"{_where(state)} the record says finished={record.result is not None}, "
            f"the game is_over={state.is_over}"
        )
    again = _replayed(state, "JSON", lambda: replay(record, extra_plugins=extra))
    if again.config.options != state.config.options:
        changed = sorted(
            f"{p}.{k}"
            for p, vals in state.config.options.items()
            for k, v in vals.items()
            if again.config.options.get(p, {}).get(k) != v
        )
        raise ConformanceError(f"{_where(state)} the JSON record changes options {changed}")
    _same_game(state, again, "JSON", events=True)
    count = 1
    if extra or not _egn_holds(state):
        return count
    from .records.egn import egn_from_json, egn_to_json

    def egn_of(game: State) -> State:
        text = json.dumps(egn_to_json(game, players=["S", "W", "N", "E"]))
        return replay(egn_from_json(json.loads(text), "EGN"))

    _same_game(state, _replayed(state, "EGN", lambda: egn_of(state)), "EGN", events=False)
    count += 1
    if len(state.actions) > 1:
        k = rng.randrange(1, len(state.actions))
        part = replay(record, stop=k)
        back = _replayed(part, f"EGN after {k} actions", lambda: egn_of(part))
        _same_game(part, back, f"EGN after {k} actions", events=False)
        if back.to_act != part.to_act or back.legal_actions() != part.legal_actions():
            raise ConformanceError(
                f"{_where(part)} EGN after {k} actions: seat {back.to_act} to act with "
                f"{[str(a) for a in back.legal_actions()]}, not seat {part.to_act} with "
                f"{[str(a) for a in part.legal_actions()]}"
            )
        count += 1
    return count


def _egn_holds(state: State) -> bool:
    from .records.egn import ruleset_of

    try:
        ruleset_of(state.config)
    except EuchreError:
        return False
    return state.seats == 4


def _replayed(state: State, kind: str, read: Callable[[], State]) -> State:
    try:
        return read()
    except EuchreError as e:
        raise ConformanceError(f"{_where(state)} the {kind} record does not replay: {e}") from e


def _stopped_early(state: State) -> bool:
    """Whether the game ended at its ``max_hands`` limit (a record does not keep it)."""
    limit = state.max_hands
    return limit is not None and state.is_over and state.hand_number + 1 >= limit


def _first_difference(a: Sequence[object], b: Sequence[object]) -> int:
    return next(
        (i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b))
    )


def _same_game(state: State, again: State, kind: str, *, events: bool) -> None:
    """``again`` (replayed from a record) is ``state``: action for action, and the
    events, scores and result (up to the hand limit of a game stopped there)."""
    mine = [(s, str(a)) for s, a in state.actions]
    theirs = [(s, str(a)) for s, a in again.actions]
    if mine != theirs:
        i = _first_difference(mine, theirs)
        raise ConformanceError(
            f"{_where(state)} the {kind} record replays {len(theirs)} actions, not "
            f"{len(mine)}; first difference at action {i + 1}"
        )
    early = _stopped_early(state)
    if events:
        a, b = list(state.events), list(again.events)
        if early:  # the replay goes on into the next hand instead of stopping
            a = [e for e in a if not isinstance(e, GameOver)]
            b = b[: len(a)]
        if a != b:
            i = _first_difference(a, b)
            shown = a[i] if i < len(a) else None
            raise ConformanceError(
                f"{_where(state)} the {kind} record's replay differs at event {i}: "
                f"{b[i] if i < len(b) else None!r}, not {shown!r}"
            )
    scored = [e for e in state.events if isinstance(e, HandScored)]
    scored_again = [e for e in again.events if isinstance(e, HandScored)]
    if scored != scored_again[: len(scored)] or (not early and len(scored) != len(scored_again)):
        raise ConformanceError(f"{_where(state)} the {kind} record scores its hands otherwise")
    if list(again.scores) != list(state.scores):
        raise ConformanceError(
            f"{_where(state)} the {kind} record ends at {again.scores}, not {state.scores}"
        )
    if not early and (again.is_over, again.result) != (state.is_over, state.result):
        raise ConformanceError(
            f"{_where(state)} the {kind} record's game ends with {again.result}, not {state.result}"
        )


# ---------------------------------------------------------------------------------------
# Building hands and playing actions
# ---------------------------------------------------------------------------------------


def deal_from_text(hands: str | Sequence[str], kitty: str = "", upcard: str | None = None) -> Deal:
    """A deal from card codes: hands separated by ``|`` (seat 0 first) or as a list."""
    parts = hands.split("|") if isinstance(hands, str) else list(hands)
    from .cards import parse_card

    return Deal.of([cards(p) for p in parts], cards(kitty), parse_card(upcard) if upcard else None)


def play(state: State, *actions: str | Action) -> list[Event]:
    """Apply actions (text forms or objects) in order; returns the events they caused."""
    start = len(state.events)
    for a in actions:
        state.apply(parse_action(a) if isinstance(a, str) else a)
    return state.events[start:]


def scores_after(state: State, *actions: str | Action) -> list[int]:
    """Apply actions and return the scores."""
    play(state, *actions)
    return list(state.scores)


def events_of(state: State, kind: type[Event]) -> list[Event]:
    """The events of one kind in the full log."""
    return [e for e in state.events if isinstance(e, kind)]


# ---------------------------------------------------------------------------------------
# pytest plugin
# ---------------------------------------------------------------------------------------

try:  # pragma: no cover - pytest is only there when testing
    import pytest
except ImportError:  # pragma: no cover
    pytest = None  # type: ignore[assignment]

if pytest is not None:

    @pytest.fixture
    def euchre_hand() -> Callable[..., State]:
        """Build a single hand from explicit cards, with plugins registered for this test.

        ``euchre_hand(hands, kitty="", upcard=None, variant="standard", dealer=0,
        rules=(), options={}, plugins=[plugin objects])`` returns the :class:`State`.
        """

        def make(
            hands: str | Sequence[str],
            kitty: str = "",
            upcard: str | None = None,
            *,
            variant: str = "standard",
            dealer: int = 0,
            rules: Iterable[str] = (),
            options: Mapping[str, Any] | Sequence[str] = (),
            plugins: Sequence[object] = (),
            scores: Sequence[int] | None = None,
        ) -> State:
            return new_hand(
                variant,
                deal_from_text(hands, kitty, upcard),
                dealer=dealer,
                rules=list(rules),
                options=options,
                extra_plugins=plugins,
                scores=scores,
            )

        return make

    @pytest.fixture
    def euchre_check() -> Callable[..., ConformanceReport]:
        """:func:`check_variant`, as a fixture."""
        return check_variant

"""The state machine of a whole game, and of a single hand.

One :class:`State` object holds a game: the score sheet, the current hand, the event log.
Each decision has a check / can / do trio:

* :meth:`State.legal_actions` lists what the seat to act (:attr:`State.to_act`) may do;
* :meth:`State.can` tells whether an action is allowed, :meth:`State.why_not` says why not;
* :meth:`State.apply` does it, or raises :class:`IllegalActionError` with a sentence.

Nothing but :meth:`State.apply` changes a state; chance (the shuffle) is resolved inside
it from the seed, so a game is a seed plus a list of actions. The core knows no rule of
any variant: it asks the plugins (:mod:`euchre_core.hookspecs`) through ``state.rules``.

A hand runs through ``PREPARE`` (steps before the bidding, such as a farmer's hand; usually
none), ``BIDDING`` (until a contract or a pass-out), ``PREPARE`` again (pick-ups, discards,
lone and other declarations before the first lead) and ``PLAY`` (the tricks). Then it is
scored, and the game deals the next hand or ends.
"""

from __future__ import annotations

import _random
import copy
import dataclasses
import functools
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from operator import add as _add
from typing import Any, TypeVar

from ._shared import (
    _BID_MADE,
    _BIDDING,
    _CACHE_LIMIT,
    _CARD_PLAYED,
    _CONTRACT_MADE,
    _DEALT_HIDDEN,
    _DISCARDED,
    _DISCARDED_HIDDEN,
    _GAME_OVER,
    _NO_EXTRA,
    _ONLY,
    _ORDER,
    _PLAY,
    _PLAY_OF,
    _PREPARE,
    _SIDES_OF,
    _UPCARD_TAKEN,
    _UPCARD_TURNED,
    _next_active,
    _seed_base,
    _short,
    check_deal,
    deal_seed,
    events_seen,
    refusal,
)
from .actions import DISCARD, PLAY, Action, Call, Discard, Give, Play
from .cards import Card, Suit
from .config import Config
from .errors import ArgumentError, EuchreError, IllegalActionError, RecordError
from .events import (
    BidMade,
    CardGiven,
    CardsTaken,
    Contract,
    ContractMade,
    Dealt,
    Declared,
    Discarded,
    Event,
    GameOver,
    GameStarted,
    GameWon,
    HandScored,
    HandStarted,
    PassedOut,
    PlayGoesOn,
    PlayStarted,
    TrickWon,
)
from .frozen import FrozenDict, freeze
from .manager import Rules, answer_error, plugin_error, score_error
from .model import Deal, Decision, GameResult, HandScore, PassOut, Table, Teams, Transfer
from .trumps import Ranking
from .view import PlayerView

__all__ = ["State", "deal_seed", "new_game", "new_hand"]

F = TypeVar("F", bound=Callable[..., Any])


def _guarded(method: F) -> F:
    """Turn an exception raised inside a plugin into a PluginError naming hook and plugin."""

    @functools.wraps(method)
    def wrapper(self: State, *args: Any, **kwargs: Any) -> Any:
        try:
            return method(self, *args, **kwargs)
        except EuchreError:
            raise
        except Exception as e:
            err = plugin_error(self.rules, e) or answer_error(self.rules, self, e)
            if err is None:
                raise
            raise err from e

    return wrapper  # type: ignore[return-value]


_seed = _random.Random.seed
_new_random = _random.Random.__new__
_new = object.__new__


def _slot_setters(cls: type, *names: str) -> tuple[Callable[[object, Any], None], ...]:
    """The ``__set__`` of each named slot of a frozen, slotted event class: the engine
    fills the events it makes at every hand through them (what the class's ``__init__``
    does, without its call)."""
    return tuple(vars(cls)[name].__set__ for name in names)


_TRICK_NUMBER, _TRICK_WINNER, _TRICK_PLAYS = _slot_setters(TrickWon, "number", "winner", "plays")
_DEALT_SEAT, _DEALT_CARDS, _DEALT_COUNT = _slot_setters(Dealt, "seat", "cards", "count")


class State:
    """A game of any variant: hands until a side reaches the target.

    Build one with :func:`new_game` or :func:`new_hand`.

    Public attributes (read them; never assign them):

    :ivar config: the resolved variant
    :ivar rules: the compiled plugin stack
    :ivar table: seats, partnerships, pack, hand size, target
    :ivar options: ``options[plugin][key]``
    :ivar seed: the game seed
    :ivar scores: each seat's score (partners hold the same score)
    :ivar phase: a :class:`~euchre_core.model.Phase`
    :ivar to_act: the seat whose decision it is, ``None`` when the game is over
    :ivar hand_number: number of the current deal within the game, from 0
    :ivar dealer: the current dealer
    :ivar hands: each seat's cards (lists; read only)
    :ivar kitty: undealt cards, face down; :ivar upcard: the turned card or ``None``
    :ivar upcard_taken: whether the up-card has gone into a hand
    :ivar discards: cards put face down out of play this hand
    :ivar bids: the bidding so far, ``(seat, action)``
    :ivar contract: the :class:`~euchre_core.events.Contract`, once made
    :ivar prepare_log: steps since the contract (before it: the steps before the bidding),
      ``(seat, Action or Transfer)``
    :ivar pre_bidding_log: once the contract is made, the steps taken before the bidding
    :ivar teams: the :class:`~euchre_core.model.Teams` once the tricks begin
    :ivar ranking: the :class:`~euchre_core.trumps.Ranking` once trump is fixed
    :ivar active: seats playing the tricks, clockwise
    :ivar trick: the current trick, ``(seat, card)`` in order
    :ivar tricks: completed tricks (:class:`~euchre_core.events.TrickWon`)
    :ivar tricks_won: tricks taken per seat this hand
    :ivar events: the complete event log of the game (hidden cards included)
    :ivar actions: every action applied, ``(seat, action)``, for saving and replay
    :ivar result: the :class:`~euchre_core.model.GameResult` once the game is over
    :ivar games: in a match of several games (``GameResult.next_scores``), the
      :class:`~euchre_core.events.GameWon` of each game finished so far; empty otherwise
    :ivar play_log: actions of the play phase this hand that are not cards (claims,
      ``euchre_play_actions``), ``(seat, action)``
    """

    # Slots: a game has more attributes than an instance dictionary shares keys for, and
    # the engine reads them at every step.
    __slots__ = (
        "_after",
        "_ask_play_over",
        "_deal_number",
        "_deal_rng",
        "_deal_seeded",
        "_decision",
        "_explicit_deals",
        "_follow",
        "_follow_void_only",
        "_hand_event_start",
        "_last_private",
        "_lead_plain",
        "_led",
        "_legal",
        "_observed",
        "_play_extras",
        "_players",
        "_private",
        "_ranks_tricks",
        "_rng",
        "_seat_done",
        "_seat_events",
        "_seat_start",
        "_seed_base",
        "_suit_of",
        "_trump_by_lead",
        "_view_fixed",
        "actions",
        "active",
        "bids",
        "config",
        "contract",
        "deal",
        "dealer",
        "discards",
        "events",
        "first_dealer",
        "games",
        "hand_number",
        "hand_records",
        "hands",
        "kitty",
        "leader",
        "max_hands",
        "options",
        "phase",
        "play_log",
        "pre_bidding_log",
        "prepare_log",
        "ranking",
        "result",
        "rules",
        "scores",
        "seats",
        "seed",
        "table",
        "teams",
        "to_act",
        "trick",
        "tricks",
        "tricks_won",
        "upcard",
        "upcard_taken",
    )

    to_act: int | None
    _legal: tuple[Action, ...]
    # The ranking's effective suits once trump is fixed (else empty), and the suit led
    # to the current trick (worked out at its lead when the rules follow suit).
    _suit_of: tuple[Suit | None, ...]
    _led: Suit | None
    # The legal plays worked out here (the rules follow suit, see euchre_core.manager):
    # the after_answer functions of their wrappers, innermost first; else None.
    _follow: tuple[Callable[..., Any], ...] | None

    def __init__(
        self,
        config: Config,
        *,
        seed: int | str = 0,
        deals: Sequence[Deal] | None = None,
        dealer: int | None = None,
        scores: Sequence[int] | None = None,
        max_hands: int | None = None,
        rules: Rules | None = None,
        deal_number: int = 0,
        rng: random.Random | None = None,
        _copy_of: tuple[State, dict[int, Any]] | None = None,
    ):
        """See :func:`new_game` for the arguments; and, for simulations of single hands:

        :param deal_number: the game's deals are seeded as those of a game seeded
          ``seed`` from deal ``deal_number`` on (:func:`deal_seed`)
        :param rng: a generator of the caller's, seeded here once with the first deal's
          seed, which then draws the first dealer (unless ``dealer`` is given) and the
          first deal; the caller may go on drawing from it (the random seats of a
          simulated hand), so that a hand costs one seeding. Without it, the first dealer
          comes from a generator of the game seed's own and every deal is seeded afresh.
          Single hand ``g`` of a simulation seeded ``seed`` is
          ``State(config, seed=seed, deal_number=g, max_hands=1, rng=generator)``.
        """
        if _copy_of is not None:
            self._copy_fields(*_copy_of)
            return
        try:  # what _guarded does, without its frame (a simulated hand is a game)
            self._setup(config, seed, deals, dealer, scores, max_hands, rules, deal_number, rng)
        except EuchreError:
            raise
        except Exception as e:
            err = plugin_error(self.rules, e) or answer_error(self.rules, self, e)
            if err is None:
                raise
            raise err from e

    def __deepcopy__(self, memo: dict[int, Any]) -> State:
        return State(self.config, _copy_of=(self, memo))

    def _copy_fields(self, source: State, memo: dict[int, Any]) -> None:
        """Become a deep copy of ``source`` that shares its rules, config, table and
        options (what ``copy.deepcopy`` does for a plain object, written out because the
        compiled build's class cannot be made empty and filled by ``copy`` itself)."""
        memo[id(source)] = self
        for shared in (source.rules, source.config, source.table, source.options):
            memo.setdefault(id(shared), shared)  # the rules and the table are not copied
        names = getattr(type(source), "__mypyc_attrs__", None) or _FIELDS
        for name in names:
            try:
                value = getattr(source, name)
            except AttributeError:  # never set (an attribute of a later phase)
                continue
            setattr(self, name, copy.deepcopy(value, memo))

    def _setup(
        self,
        config: Config,
        seed: int | str,
        deals: Sequence[Deal] | None,
        dealer: int | None,
        scores: Sequence[int] | None,
        max_hands: int | None,
        rules: Rules | None,
        deal_number: int = 0,
        rng: random.Random | None = None,
    ) -> None:
        self.config = config
        self.rules: Rules = rules if rules is not None else config.rules()
        if not isinstance(config.options, FrozenDict):
            config.options = freeze(config.options)  # a Config made by hand, not loaded
        self.options: Mapping[str, Mapping[str, Any]] = config.options
        self.seed = seed
        self._explicit_deals = list(deals) if deals is not None else None
        self.max_hands = max_hands
        own = rules is None or rules is config._rules  # the config's own rules
        cached = config._table if own else None
        table = cached if cached is not None else self.rules.table(config)
        if not isinstance(table, Table):
            raise EuchreError("no plugin answered euchre_table: the stack has no base game")
        self.table: Table = table
        if own:
            config._table = table
        self.seats = table.seats
        self.scores: list[int] = (
            list(scores) if scores is not None else [table.start_score] * self.seats
        )
        if len(self.scores) != self.seats:
            raise EuchreError(f"{len(self.scores)} scores given for {self.seats} seats")
        for side in table.sides if scores is not None else ():
            if len({self.scores[s] for s in side}) > 1:
                raise EuchreError(
                    f"partners start level: seats {', '.join(map(str, side))} are given "
                    f"scores {', '.join(str(self.scores[s]) for s in side)}"
                )
        self.events: list[Event] = []
        self._observed = self.rules.observed
        # Events some seats may not see: index in self.events -> (seats that see it,
        # what the others see instead, or None for nothing).
        self._private: dict[int, tuple[frozenset[int], Event | None]] = {}
        self._last_private = -1  # index of the newest of those events
        # Per seat, made as views are asked for: the start of the hand the seat's events
        # are of, the log index they are made up to, and the events as the seat saw them.
        self._seat_start: list[int] = [-1] * self.seats
        self._seat_done: list[int] = [0] * self.seats
        self._seat_events: list[list[Event]] = [[]] * self.seats  # replaced, never grown
        # The view fields fixed for the whole game (see :meth:`view`), once asked for.
        self._view_fixed: dict[str, Any] | None = None
        self.actions: list[tuple[int, Action]] = []
        self.result: GameResult | None = None
        self.games: list[GameWon] = []
        self._play_extras = self.rules.play_extras
        self._follow = None if self._play_extras else self.rules.follow_suit
        # Those functions change only the answer of a seat void in the suit led.
        self._follow_void_only = self.rules.follow_void_only
        # A lead is the whole hand, no function to ask (see _next_player).
        self._lead_plain = self._follow is not None and (not self._follow or self._follow_void_only)
        self._ranks_tricks = self.rules.ranks_tricks
        # euchre_play_over is asked after each trick only when a plugin implements it.
        self._ask_play_over = self.rules.ask_play_over
        self._trump_by_lead = False
        self.hand_number = -1
        self.hand_records: list[HandScored] = []
        self._seed_base = _seed_base(seed)
        self._deal_number = deal_number
        self._deal_seeded = False  # the generator holds the first deal's seed already
        if rng is not None:
            _seed(rng, self._seed_base + deal_number)
            rng.gauss_next = None  # type: ignore[attr-defined]
            self._rng = rng
            self._deal_seeded = True
        elif dealer is None:
            # random.Random(seed_base - 1), without its Python-level frames.
            self._rng = _new_random(random.Random)
            _seed(self._rng, self._seed_base - 1)
            self._rng.gauss_next = None  # type: ignore[attr-defined]
        else:
            # Nothing is drawn before the first deal seeds it: no seeding here.
            self._rng = _new_random(random.Random)
            self._rng.gauss_next = None  # type: ignore[attr-defined]
        if dealer is None:
            dealer = self.rules.first_dealer(self, self._rng)
            if dealer is None:
                dealer = 0
        # Seeded afresh for every deal: the first dealer's generator serves again.
        self._deal_rng = self._rng
        if isinstance(dealer, bool) or not 0 <= dealer < self.seats:
            raise EuchreError(f"dealer {dealer} is not a seat (0..{self.seats - 1})")
        self.dealer: int = dealer
        self.first_dealer = dealer
        self._emit(GameStarted(config.name, self.seats, dealer, tuple(self.scores)))
        self._start_hand()

    # -----------------------------------------------------------------------------------
    # Queries
    # -----------------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase is _GAME_OVER

    def legal_actions(self) -> tuple[Action, ...]:
        """Every action the seat to act may take now (empty once the game is over)."""
        return self._legal

    def can(self, action: Action) -> bool:
        """Whether ``action`` is allowed for the seat to act now."""
        return action in self._legal

    @_guarded
    def why_not(self, action: Action) -> str | None:
        """``None`` if ``action`` is allowed now; otherwise a sentence saying why not."""
        if action in self._legal:
            return None
        if self.to_act is None:
            return "the game is over"
        reason = self.rules.why_illegal(self, self.to_act, action)
        if reason:
            return str(reason)
        return refusal(self, action)

    @property
    def decision(self) -> Decision | None:
        """The pending prepare-phase decision (its ``kind`` says what is decided)."""
        return self._decision if self.phase is _PREPARE else None

    def partners_of(self, seat: int) -> tuple[int, ...]:
        """Seats that score with ``seat`` for the whole game, itself excluded."""
        return tuple(s for s in self.table.side_of(seat) if s != seat)

    def left_of(self, seat: int, steps: int = 1) -> int:
        """The seat ``steps`` places clockwise from ``seat``."""
        return (seat + steps) % self.seats

    @property
    def hand_events(self) -> list[Event]:
        """Events of the current hand (full information)."""
        return self.events[self._hand_event_start :]

    def view(self, seat: int) -> Any:
        """What ``seat`` may know: a :class:`~euchre_core.view.PlayerView`.

        :raises ArgumentError: when ``seat`` is not a seat of this game.
        """
        if not 0 <= seat < self.seats or isinstance(seat, bool):
            raise ArgumentError(f"view: {seat!r} is not a seat (0 to {self.seats - 1})")
        # A view is made once per decision: its fields are written straight into the
        # instance's dictionary (no generated ``__init__``), and the fields fixed for the
        # whole game are worked out once per game and shared by every view.
        fixed = self._view_fixed
        if fixed is None:
            t = self.table
            fixed = self._view_fixed = {
                "seats": self.seats,
                "partnerships": t.partnerships,
                "variant": self.config.name,
                "plugins": self.rules.names,
                "options": self.options,
                "target": t.target,
                "hand_size": t.hand_size,
                "count_down": t.count_down,
            }
        decision = self._decision if self.phase is _PREPARE else None
        hand: tuple[Card, ...] = tuple(self.hands[seat])
        events = self._hand_view_events(seat)
        if decision is not None and decision.blind and decision.seat == seat:
            # Deciding without looking at the cards: the seat's own hand is hidden.
            hand = ()
            events = tuple(
                Dealt(seat, None, e.count) if isinstance(e, Dealt) and e.seat == seat else e
                for e in events
            )
        view = _new(PlayerView)
        d = view.__dict__
        d.update(fixed)
        d["seat"] = seat
        d["hand"] = hand
        d["dealer"] = self.dealer
        d["hand_number"] = self.hand_number
        d["phase"] = self.phase
        d["to_act"] = self.to_act
        d["decision_kind"] = decision.kind if decision is not None else None
        d["scores"] = tuple(self.scores)
        d["events"] = events
        return view

    # -----------------------------------------------------------------------------------
    # Doing
    # -----------------------------------------------------------------------------------

    def apply(self, action: object) -> None:
        """Apply ``action``, an :class:`~euchre_core.actions.Action`, for the seat to act.

        (The parameter takes any object so that a wrong one gets the engine's error in
        the compiled build too.)

        :raises IllegalActionError: saying why, when the action is not allowed now.
        :raises ArgumentError: when ``action`` is not an :class:`Action` at all.
        :raises PluginError: when a plugin fails while answering (names hook and plugin).
        """
        for allowed in self._legal:  # identity first: interned actions need no __eq__
            if allowed is action:
                break
        else:
            if not isinstance(action, Action):
                raise ArgumentError(
                    f"apply: expected an Action (see parse_action), got {_short(action)}"
                )
            if action not in self._legal:
                raise IllegalActionError(self.why_not(action) or "not allowed")
            # The offered object, which may say more than its text (``proper``).
            allowed = self._legal[self._legal.index(action)]
        seat = self.to_act
        assert seat is not None
        self.actions.append((seat, allowed))
        phase = self.phase
        try:
            if phase is _PLAY:
                card = allowed.card
                if card is None:
                    self._play_declaration(seat, allowed)
                    return
                # A card played (the step of most of a hand, in line: _play without the
                # end of the trick). Taken out of the hand by identity (cards are unique
                # objects): list.remove would compare cards with ==, which for a class
                # that defines ordering is a slow call each.
                hand = self.hands[seat]
                i = 0
                for held in hand:
                    if held is card:
                        break
                    i += 1
                del hand[i]
                if self._trump_by_lead:
                    self._fix_trump_by_lead(card)
                trick = self.trick
                trick.append((seat, card))
                played = _CARD_PLAYED[seat][card.index]
                if self._observed:
                    self._emit(played)
                else:
                    self.events.append(played)
                n = len(trick)
                if n < self._players:
                    # _next_player, in line
                    nxt = self._after[seat]
                    rule = self._follow
                    if rule is not None:
                        # Following suit (the rules' answer, see _follow_plays), in line;
                        # the suit led is worked out at the lead, once a trick.
                        self.to_act = nxt
                        suit_of = self._suit_of
                        if n == 1:
                            led = self._led = suit_of[card.index]
                        else:
                            led = self._led
                        hand = self.hands[nxt]
                        cards: list[Card]
                        if self._lead_plain:  # no function changes the cards of the suit led
                            follow = [PLAY[c.index] for c in hand if suit_of[c.index] is led]
                            if follow:
                                self._legal = tuple(follow)
                                return
                            cards = []  # void in the suit led
                        else:
                            cards = [c for c in hand if suit_of[c.index] is led]
                        if not cards:  # void in the suit led: the whole hand
                            cards = hand[:] if rule else hand
                            for after in rule:
                                cards = after(self, nxt, cards)
                        elif rule and not self._follow_void_only:
                            for after in rule:
                                cards = after(self, nxt, cards)
                        if not cards:
                            raise EuchreError(f"no legal card for seat {nxt}")
                        self._legal = tuple(map(_PLAY_OF.__getitem__, cards))
                    elif self._play_extras:
                        self._next_player(nxt)
                    else:
                        self.to_act = nxt
                        cards = self.rules.legal_plays(self, nxt)
                        if not cards:
                            raise EuchreError(f"no legal card for seat {nxt}")
                        self._legal = tuple(map(_PLAY_OF.__getitem__, cards))
                else:
                    self._end_trick(trick)
            elif phase is _BIDDING:
                self._bid(seat, allowed)
            else:
                self._prepare_action(seat, allowed)
        except EuchreError:
            raise
        except Exception as e:
            err = plugin_error(self.rules, e) or answer_error(self.rules, self, e)
            if err is None:
                raise
            raise err from e

    def apply_text(self, text: str) -> Action:
        """Parse an action's text form and apply it; returns the action."""
        from .actions import parse_action

        try:
            action = parse_action(text)
        except EuchreError as e:
            problem = str(e)
        else:
            self.apply(action)
            return action
        # Raised outside the handler: the parse error is not part of the story.
        raise IllegalActionError(problem)

    # -----------------------------------------------------------------------------------
    # Events
    # -----------------------------------------------------------------------------------

    def _emit(
        self,
        event: Event,
        visible_to: frozenset[int] | Iterable[int] | None = None,
        redacted: Event | None = None,
    ) -> None:
        if visible_to is not None:
            if not isinstance(visible_to, frozenset):
                visible_to = frozenset(visible_to)
            self._last_private = len(self.events)
            self._private[self._last_private] = (visible_to, redacted)
        self.events.append(event)
        if self._observed:
            self.rules.on_event(self, event)
            for extras in self.rules.extra_events(self, event):
                for extra, vis2 in extras or ():
                    self._emit(extra, vis2)

    def visible_events(self, seat: int, start: int = 0) -> list[Event]:
        """The events from index ``start`` of the log as ``seat`` saw them (hidden cards of
        other seats redacted, events meant for others left out).

        :raises ArgumentError: when ``seat`` is not a seat of this game."""
        if not 0 <= seat < self.seats or isinstance(seat, bool):
            raise ArgumentError(f"visible_events: {seat!r} is not a seat (0 to {self.seats - 1})")
        return events_seen(self.events, self._private, start, frozenset((seat,)))

    def public_events(self, start: int = 0) -> list[Event]:
        """The events from index ``start`` of the log that every seat sees (hidden cards
        redacted, events meant for some seats only left out): what a spectator may know."""
        return events_seen(self.events, self._private, start, frozenset(range(self.seats)))

    def _hand_view_events(self, seat: int) -> tuple[Event, ...]:
        start = self._hand_event_start
        seen = self._seat_events[seat]
        if self._seat_start[seat] != start:
            self._seat_start[seat] = start
            self._seat_done[seat] = start
            seen = self._seat_events[seat] = []
        events = self.events
        done = self._seat_done[seat]
        n = len(events)
        if done < n:
            last = self._last_private
            if done <= last:
                # What :func:`events_seen` gives for this one seat, in line, up to the
                # newest event some seats may not see; the events after it are public.
                private = self._private
                for i in range(done, last + 1):
                    p = private.get(i)
                    if p is None or seat in p[0]:
                        seen.append(events[i])
                    else:
                        redacted = p[1]
                        if redacted is not None:
                            seen.append(redacted)
                done = last + 1
            if done < n:
                seen.extend(events[done:])  # nothing hidden among these
            self._seat_done[seat] = n
        return tuple(seen)

    # -----------------------------------------------------------------------------------
    # Hand flow
    # -----------------------------------------------------------------------------------

    def _start_hand(self) -> None:
        self.hand_number += 1
        n = self.seats
        self.phase = _BIDDING
        self.bids: list[tuple[int, Action]] = []
        self.contract: Contract | None = None
        self.prepare_log: list[tuple[int, Action | Transfer]] = []
        self.pre_bidding_log: list[tuple[int, Action | Transfer]] = []
        self.teams: Teams | None = None
        self.ranking: Ranking | None = None
        self._suit_of = ()
        self._led = None
        self._trump_by_lead = False
        self.active: tuple[int, ...] = ()
        self.trick: list[tuple[int, Card]] = []
        self.tricks: list[TrickWon] = []
        self.tricks_won: list[int] = [0] * n
        self.play_log: list[tuple[int, Action]] = []
        self.discards: list[Card] = []
        self.leader: int | None = None
        self._decision: Decision | None = None
        self.upcard_taken = False
        self._hand_event_start = len(self.events)
        deal = self._next_deal()
        self.hands: list[list[Card]] = list(map(list, deal.hands))
        self.kitty: list[Card] = list(deal.kitty)
        self.upcard: Card | None = deal.upcard
        self.deal = deal
        observed = self._observed
        events = self.events
        started = HandStarted(self.hand_number, self.dealer)
        if observed:
            self._emit(started)
        else:
            events.append(started)
        private = self._private
        for s, dealt in enumerate(deal.hands):
            k = len(dealt)
            hidden = _DEALT_HIDDEN.get((s, k))
            if hidden is None:
                hidden = _DEALT_HIDDEN[(s, k)] = Dealt(s, None, k)
            got = _new(Dealt)  # Dealt(s, tuple(dealt), k)
            _DEALT_SEAT(got, s)
            _DEALT_CARDS(got, tuple(dealt))
            _DEALT_COUNT(got, k)
            if observed:
                self._emit(got, _ONLY[s], hidden)
            else:  # what _emit does for an event only seat s sees, in line
                self._last_private = at = len(events)
                private[at] = (_ONLY[s], hidden)
                events.append(got)
        up = self.upcard
        if up is not None:
            turned = _UPCARD_TURNED[up.index]
            if observed:
                self._emit(turned)
            else:
                events.append(turned)
        self.phase = _PREPARE
        self._advance_prepare()

    def _next_deal(self) -> Deal:
        if self._explicit_deals is not None:
            if self.hand_number < len(self._explicit_deals):
                deal = self._explicit_deals[self.hand_number]
                check_deal(self, deal)
                return deal
            if self.max_hands is not None and self.hand_number >= self.max_hands:
                raise RecordError("no deal left")  # pragma: no cover - guarded by max_hands
        rng = self._deal_rng
        if self._deal_seeded:
            self._deal_seeded = False  # seeded by the caller's generator, see __init__
        else:
            # deal_seed(seed, deal_number + hand_number); what Random.seed does for an
            # int, without its Python-level frame.
            _seed(rng, self._seed_base + self._deal_number + self.hand_number)
            rng.gauss_next = None  # type: ignore[attr-defined]
        deal = self.rules.deal(self, rng)
        if not isinstance(deal, Deal):
            raise EuchreError("no plugin answered euchre_deal")
        return deal

    def _next_bidder(self) -> None:
        seat = self.rules.bidder(self)
        if seat is None:
            raise EuchreError("no plugin answered euchre_bidder while bidding is open")
        self.to_act = seat
        legal = self.rules.legal_bids(self, seat)
        if not legal:
            raise EuchreError(f"no legal bid for seat {seat}: a plugin removed every choice")
        self._legal = tuple(legal)

    def _bid(self, seat: int, action: Action) -> None:
        if not isinstance(action, Action):  # a plugin's euchre_legal_bids offered it
            bad = TypeError(f"a bid that is not an action: {action!r}")  # type: ignore[unreachable]
            raise answer_error(self.rules, self, bad) or bad
        self.bids.append((seat, action))
        key = (seat, id(action))
        hit = _BID_MADE.get(key)
        if hit is not None and hit[0] is action:
            made = hit[1]
        else:
            if len(_BID_MADE) >= _CACHE_LIMIT:
                _BID_MADE.clear()
            made = BidMade(seat, action)
            _BID_MADE[key] = (action, made)
        if self._observed:
            self._emit(made)
        else:
            self.events.append(made)
        result = self.rules.bidding_result(self)
        if result is None:
            self._next_bidder()
        elif isinstance(result, Contract):
            self._make_contract(result)
        elif isinstance(result, PassOut):
            self._pass_out(result)
        else:
            raise EuchreError(f"euchre_bidding_result answered {result!r}")

    def _make_contract(self, contract: Contract) -> None:
        self.contract = contract
        # Steps taken before the bidding are kept apart: prepare_log restarts at the contract.
        self.pre_bidding_log = self.prepare_log
        self.prepare_log = []
        hit = _CONTRACT_MADE.get(id(contract))
        if hit is not None and hit[0] is contract:
            made = hit[1]
        else:
            if len(_CONTRACT_MADE) >= _CACHE_LIMIT:
                _CONTRACT_MADE.clear()
            made = ContractMade(contract)
            _CONTRACT_MADE[id(contract)] = (contract, made)
        if self._observed:
            self._emit(made)
        else:
            self.events.append(made)
        ranking = self.rules.ranking(self, contract.trump)
        if ranking is None:
            raise EuchreError("no plugin answered euchre_ranking")
        self.ranking = ranking
        self._suit_of = ranking.suit_of
        self._trump_by_lead = contract.by_lead and contract.trump is None
        self.phase = _PREPARE
        self._advance_prepare()

    def _fix_trump_by_lead(self, card: Card) -> None:
        """The first card led fixes trump (a contract made ``by_lead``): its suit."""
        self._trump_by_lead = False
        contract = self.contract
        assert contract is not None
        self.contract = dataclasses.replace(contract, trump=card.suit)
        ranking = self.rules.ranking(self, card.suit)
        if ranking is None:
            raise EuchreError("no plugin answered euchre_ranking")
        self.ranking = ranking
        self._suit_of = ranking.suit_of

    def _advance_prepare(self) -> None:
        while True:
            step = self.rules.prepare_step(self)
            if step is None:
                if self.contract is None:
                    self.phase = _BIDDING
                    self._next_bidder()
                else:
                    self._start_play()
                return
            if isinstance(step, Transfer):
                self._transfer(step)
                continue
            if isinstance(step, (Contract, PassOut)):
                # Before the bidding only: trump fixed without bidding, or the deal void.
                if self.contract is not None:
                    raise EuchreError(f"euchre_prepare_step answered {step!r} after the contract")
                if isinstance(step, Contract):
                    self._make_contract(step)
                else:
                    self._pass_out(step)
                return
            if isinstance(step, Decision):
                if not step.actions:
                    raise EuchreError(
                        f"a {step.kind} decision for seat {step.seat} offers no choice"
                    )
                self._decision = step
                self.to_act = step.seat
                self._legal = step.actions
                return
            raise EuchreError(f"euchre_prepare_step answered {step!r}")

    def _transfer(self, step: Transfer) -> None:
        hand = self.hands[step.seat]
        if not step.returned and step.public and step.source == "upcard" and not self._observed:
            # The up-card taken (the usual transfer), in short.
            up = self.upcard
            if len(step.cards) == 1 and step.cards[0] is up and up is not None:
                if self.upcard_taken:
                    raise EuchreError(f"{up} is not the up-card to take")
                self.upcard_taken = True
                hand.append(up)
                self.prepare_log.append((step.seat, step))
                key = (step.seat, up.index)
                taken = _UPCARD_TAKEN.get(key)
                if taken is None:
                    taken = _UPCARD_TAKEN[key] = CardsTaken(step.seat, step.cards, 1, "upcard")
                self.events.append(taken)
                return
        returned = list(step.returned)
        for r in returned:
            if r not in hand:
                raise EuchreError(f"seat {step.seat} does not hold {r} to put in the kitty")
        for r in returned:
            hand.remove(r)
        for c in step.cards:
            if step.source == "upcard":
                if c is not self.upcard or self.upcard_taken:
                    raise EuchreError(f"{c} is not the up-card to take")
                self.upcard_taken = True
            else:
                if c not in self.kitty:
                    raise EuchreError(f"{c} is not in the kitty")
                if returned:
                    self.kitty[self.kitty.index(c)] = returned.pop(0)
                else:
                    self.kitty.remove(c)
            hand.append(c)
        self.kitty.extend(returned)
        self.prepare_log.append((step.seat, step))
        taken = CardsTaken(step.seat, step.cards, len(step.cards), step.source)
        if step.public:
            self._emit(taken)
        else:
            self._emit(
                taken, _ONLY[step.seat], CardsTaken(step.seat, None, len(step.cards), step.source)
            )

    def _prepare_action(self, seat: int, action: Action) -> None:
        decision = self._decision
        assert decision is not None
        self.prepare_log.append((seat, action))
        if isinstance(action, Discard):
            card = action.card
            self.hands[seat].remove(card)
            self.discards.append(card)
            if self._observed:
                self._emit(Discarded(seat, card), _ONLY[seat], Discarded(seat, None))
            else:  # what _emit does for an event only the seat sees, in line
                events = self.events
                self._last_private = at = len(events)
                self._private[at] = (_ONLY[seat], _DISCARDED_HIDDEN[seat])
                events.append(_DISCARDED[seat][card.index])
        elif isinstance(action, Give):
            to = decision.give_to
            if to is None:
                raise EuchreError("a give decision without a receiver")
            self.hands[seat].remove(action.card)
            self.hands[to].append(action.card)
            self._emit(CardGiven(seat, to, action.card), (seat, to), CardGiven(seat, to, None))
        else:
            contract = self.contract
            if (
                isinstance(action, Call)
                and contract is not None
                and contract.named_later
                and contract.trump is None
                and seat == contract.maker
            ):
                self._name_trump(action.suit)
            self._emit(Declared(seat, action))
        self._decision = None
        self._advance_prepare()

    def _name_trump(self, suit: Suit | None) -> None:
        """The maker names trump after the contract (a contract made ``named_later``)."""
        contract = self.contract
        assert contract is not None
        self.contract = dataclasses.replace(contract, trump=suit)
        ranking = self.rules.ranking(self, suit)
        if ranking is None:
            raise EuchreError("no plugin answered euchre_ranking")
        self.ranking = ranking
        self._suit_of = ranking.suit_of

    def _start_play(self) -> None:
        teams = self.rules.teams(self)
        if not isinstance(teams, Teams):
            raise EuchreError("no plugin answered euchre_teams")
        self.teams = teams
        out = teams.sitting_out
        n = self.seats
        order = _ORDER.get((n, out))
        if order is None:
            active = tuple(s for s in range(n) if s not in out)
            after = tuple(_next_active(s, n, out) for s in range(n))
            gone = tuple(sorted(out))
            started = tuple(PlayStarted(s, active, gone) for s in range(n))
            order = _ORDER[(n, out)] = (active, after, gone, started)
        self.active, self._after, _, started = order
        self._players = len(self.active)
        leader = self.rules.first_leader(self)
        if leader is None or leader in out or not 0 <= leader < n:
            raise EuchreError(f"euchre_first_leader answered {leader!r}, not an active seat")
        self.phase = _PLAY
        self.leader = leader
        if self._observed:
            self._emit(started[leader])
        else:
            self.events.append(started[leader])
        if self._ask_play_over and self.rules.play_over(self):
            self._score()  # decided without a card played (every opponent dropped out)
            return
        self._next_player(leader)

    def _next_player(self, seat: int) -> None:
        self.to_act = seat
        rule = self._follow
        if rule is not None:  # following suit (see _follow_plays); never with play extras
            if self.trick:
                cards = self._follow_plays(seat)
            elif rule and not self._follow_void_only:  # a lead, through the wrappers
                cards = self.hands[seat][:]
                for after in rule:
                    cards = after(self, seat, cards)
            else:  # a lead without wrappers: the whole hand (no list made)
                cards = self.hands[seat]
            if not cards:
                raise EuchreError(f"no legal card for seat {seat}")
            self._legal = tuple(map(_PLAY_OF.__getitem__, cards))
            return
        cards = self.rules.legal_plays(self, seat)
        if not cards:
            raise EuchreError(f"no legal card for seat {seat}")
        if self._play_extras:
            legal: list[Action] = [_PLAY_OF[c] for c in cards]
            for extras in self.rules.play_actions(self, seat):
                legal.extend(extras or ())
            self._legal = tuple(legal)
        else:
            self._legal = tuple(map(_PLAY_OF.__getitem__, cards))

    def _follow_plays(self, seat: int) -> list[Card]:
        """The answer of ``euchre_legal_plays`` when the rules follow suit: the cards of
        the suit led if the seat holds any, else its whole hand (a new list, in the
        hand's order), passed through the wrappers' ``after_answer`` functions."""
        trick = self.trick
        hand = self.hands[seat]
        cards = None
        if trick:
            ranking = self.ranking
            assert ranking is not None
            suit_of = ranking.suit_of
            led = suit_of[trick[0][1].index]
            cards = [c for c in hand if suit_of[c.index] is led]
        if not cards:
            cards = hand[:]
        for after in self._follow or ():
            cards = after(self, seat, cards)
        return cards

    def _play_declaration(self, seat: int, action: Action) -> None:
        """An action of the play phase that is not a card (a claim): record it, tell
        everyone, then end the play of the hand or let the same seat play on."""
        self.play_log.append((seat, action))
        self._emit(Declared(seat, action))
        if self.rules.play_over(self):
            self._score()
        else:
            self._next_player(seat)

    def _end_trick(self, trick: list[tuple[int, Card]]) -> None:
        """The trick is complete (its last card played, see :meth:`apply`): its winner
        takes it and leads the next, or the hand is scored."""
        ranking = self.ranking
        if self._ranks_tricks and ranking is not None:
            # Ranking.winner_of, in line (the rules' answer, see euchre_core.manager).
            wins = ranking.trick_power[ranking.suit_of[trick[0][1].index]]
            best = -1
            winner = None
            for seat, c in trick:
                p = wins[c.index]
                if p > best:
                    best = p
                    winner = seat
        else:
            winner = self.rules.trick_winner(self, trick)
        if winner is None:
            raise EuchreError("no plugin answered euchre_trick_winner")
        self.tricks_won[winner] += 1
        done = _new(TrickWon)  # TrickWon(len(self.tricks), winner, tuple(trick))
        _TRICK_NUMBER(done, len(self.tricks))
        _TRICK_WINNER(done, winner)
        _TRICK_PLAYS(done, tuple(trick))
        self.tricks.append(done)
        self.trick = []
        if self._observed:
            self._emit(done)
        else:
            self.events.append(done)
        if self.hands[winner]:
            if self._ask_play_over and self.rules.play_over(self):
                self._score()  # decided before the last trick
                return
            self.leader = winner
            if self._lead_plain:  # _next_player's lead, in line: the whole hand
                self.to_act = winner
                self._legal = tuple([PLAY[c.index] for c in self.hands[winner]])
            else:
                self._next_player(winner)
        else:
            self._score()

    def _score(self) -> None:
        teams = self.rules.teams(self)
        if isinstance(teams, Teams):
            self.teams = teams
        score = self.rules.score_hand(self)
        if not isinstance(score, HandScore):
            if score is not None:
                raise score_error(self.rules, self, score)
            raise EuchreError("no plugin answered euchre_score_hand")
        self._finish_hand(score.points, score.outcome, None, score.made, score.tricks)

    def _pass_out(self, result: PassOut) -> None:
        self._emit(PassedOut(result.points or (0,) * self.seats, result.same_dealer, result.reason))
        self._finish_hand(result.points or (0,) * self.seats, "passed out", result)

    def _finish_hand(
        self,
        points: Sequence[int],
        outcome: str,
        passed: PassOut | None,
        made: bool | None = None,
        tricks: Sequence[int] | None = None,
    ) -> None:
        if len(points) != self.seats:
            raise EuchreError(f"the hand was scored for {len(points)} seats, not {self.seats}")
        if tricks is not None and len(tricks) != self.seats:
            raise EuchreError(
                f"the hand's tricks were given for {len(tricks)} seats, not {self.seats}"
            )
        self.scores[:] = map(_add, self.scores, points)  # in place: the same list
        t = self.teams
        played = passed is None
        makers: tuple[int, ...] = ()
        alone: tuple[int, ...] = ()
        if t is not None and played:
            if type(t) is Teams:
                key = (t.makers, t.defenders, t.sitting_out)  # frozensets: hashes kept
                sides = _SIDES_OF.get(key)
                if sides is None:
                    if len(_SIDES_OF) >= _CACHE_LIMIT:
                        _SIDES_OF.clear()
                    sides = _SIDES_OF[key] = self._record_sides(t)
                makers, alone = sides
            else:
                makers, alone = self._record_sides(t)
            c = self.contract
            if not alone and c is not None and c.alone and makers == (c.maker,):
                # A lone bid with no partner to sit out (auction euchre's top bids).
                alone = makers
        if not makers:
            made = None
        elif made is None:
            # Default: the makers fulfilled the contract when one of them gained points.
            made = False
            for s in makers:
                if points[s] > 0:
                    made = True
                    break
        scored = HandScored(
            self.hand_number,
            self.dealer,
            self.contract if played else None,
            makers,
            alone,
            tuple(points),
            tuple(self.scores),
            outcome,
            tuple(self.tricks_won if tricks is None else tricks),
            made,
        )
        self.hand_records.append(scored)
        facts: dict[str, float] = {}
        for answer in self.rules.hand_facts(self):
            if answer:
                facts.update(answer)
        if facts:
            scored = dataclasses.replace(scored, facts=facts)
            self.hand_records[-1] = scored
        if self._observed:
            self._emit(scored)
        else:
            self.events.append(scored)
        self.to_act = None
        self._legal = ()
        result = self.rules.game_result(self)
        if result is not None and result.play_on:  # past the target, going on: said why
            self._emit(PlayGoesOn(result.reason))
            result = None
        if result is None and self.max_hands is not None and self.hand_number + 1 >= self.max_hands:
            result = GameResult((), "hand limit reached")
        if result is not None and result.next_scores is not None:
            if self.max_hands is not None and self.hand_number + 1 >= self.max_hands:
                result = dataclasses.replace(
                    result,
                    reason=f"{result.reason}; hand limit reached before the match ended",
                    next_scores=None,
                )
            else:
                self._next_game(result, result.next_scores)
                result = None
        if result is not None:
            self.result = result
            self.phase = _GAME_OVER
            self._emit(
                GameOver(
                    tuple(result.winners),
                    tuple(self.scores),
                    result.reason,
                    freeze(result.extra) if result.extra else _NO_EXTRA,
                )
            )
            return
        nxt = self.rules.next_dealer(self, passed)
        self.dealer = (self.dealer + 1) % self.seats if nxt is None else nxt
        self._start_hand()

    def _record_sides(self, t: Teams) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The makers, sorted, and the seats playing alone, for a hand's record."""
        makers = tuple(sorted(t.makers))
        if not t.sitting_out and type(t) is Teams:
            return makers, ()
        return makers, tuple([s for s in range(self.seats) if t.is_alone(s)])

    def _next_game(self, result: GameResult, scores: Sequence[int]) -> None:
        """A game of a match is over: record it and start the next one from ``scores``."""
        if len(scores) != self.seats:
            raise EuchreError(f"the next game starts with {len(scores)} scores, not {self.seats}")
        won = GameWon(
            len(self.games),
            tuple(result.winners),
            tuple(self.scores),
            result.reason,
            tuple(scores),
            freeze(result.extra),
        )
        self.games.append(won)
        self._emit(won)
        self.scores = list(scores)

    def __repr__(self) -> str:
        return (
            f"<State {self.config.name} hand {self.hand_number} {self.phase} "
            f"to_act={self.to_act} scores={self.scores}>"
        )


#: Every attribute of a game (the Python class's slots), for copies.
_FIELDS: tuple[str, ...] = tuple(vars(State).get("__slots__", ()))

# Starting a game checks its arguments in plain Python (``games`` is not compiled, so
# that a wrong type gets the engine's own error in every build).
from .games import new_game, new_hand  # noqa: E402

# Keep the interned action tables importable from here for plugins.
__all__ += ["DISCARD", "PLAY", "Play"]

"""The rules of standard euchre asked at every hand: the deal, the bidding, the exchange
and the lone hands, the teams, the opening lead and the score.

The plugin :mod:`euchre_plugins.standard` answers its hooks with these functions (and
re-exports every public name here, for the variants that build on it). They are a module
of their own so that the compiled build can compile them: a hook implementation itself
stays Python (pluggy marks it with an attribute, which a compiled function cannot carry),
and hands its work over to the function here. It is a library, not a plugin: no variant
names it.

The rules of the score and of the end of the game take any :class:`Game` (an object
that stands for a game will do); the others take the :class:`~euchre_core.state.State`
itself.
"""

from __future__ import annotations

import functools
import operator
import random
from collections.abc import Callable, Mapping, Sequence
from itertools import repeat
from typing import Any, Protocol

from euchre_core.actions import (
    DISCARD,
    ORDER,
    ORDER_ALONE,
    PASS,
    Action,
    Call,
    Decline,
    GoAlone,
    Order,
    Pass,
    PickUp,
)
from euchre_core.cards import SUITS, Card, Suit, shuffled
from euchre_core.events import Contract, TrickWon
from euchre_core.model import (
    Deal,
    Decision,
    GameResult,
    HandScore,
    PassOut,
    Table,
    Teams,
    Transfer,
    past_target,
)
from euchre_core.state import State

NAME = "standard"

__all__ = [
    "Game",
    "alone_step",
    "alone_with_call",
    "bidding_result",
    "bidding_round",
    "callable_suits",
    "contract_of",
    "deal",
    "deal_cards",
    "deal_plan",
    "decided",
    "defenders_alone",
    "exchanger",
    "first_leader",
    "game_result",
    "legal_bids",
    "lone_players",
    "maker_sides",
    "makers_alone",
    "next_active",
    "packets",
    "pickup_step",
    "points_to",
    "prepare_step",
    "score_hand",
    "side_tricks",
    "teams",
]


class Game(Protocol):
    """What the rules of the score and of the end of the game read of a game: a
    :class:`~euchre_core.state.State`, or an object that stands for one (a house rule asks
    the score of the hand as it might have gone: ``renege``'s full points). So typed, the
    compiled build reads it by name, as Python does; the other rules here take the State
    itself, whose fields the compiled build reads directly (with every rule typed so, the
    compiled build gained half as much)."""

    @property
    def options(self) -> Mapping[str, Mapping[str, Any]]: ...
    @property
    def table(self) -> Table: ...
    @property
    def seats(self) -> int: ...
    @property
    def dealer(self) -> int: ...
    @property
    def scores(self) -> Sequence[int]: ...
    @property
    def bids(self) -> Sequence[tuple[int, Action]]: ...
    @property
    def contract(self) -> Contract | None: ...
    @property
    def upcard(self) -> Card | None: ...
    @property
    def upcard_taken(self) -> bool: ...
    @property
    def prepare_log(self) -> Sequence[tuple[int, Action | Transfer]]: ...
    @property
    def hands(self) -> Sequence[Sequence[Card]]: ...
    @property
    def teams(self) -> Teams | None: ...
    @property
    def tricks(self) -> Sequence[TrickWon]: ...
    @property
    def tricks_won(self) -> Sequence[int]: ...
    def partners_of(self, seat: int) -> tuple[int, ...]: ...


# ---------------------------------------------------------------------------------------
# The deal
# ---------------------------------------------------------------------------------------


def packets(pattern: str, seats: int, hand_size: int) -> list[list[int]]:
    """Packet sizes per dealing round, each round a list indexed from the dealer's left."""
    if pattern == "singles":
        return [[1] * seats for _ in range(hand_size)]
    a = 2 if hand_size == 5 else hand_size // 2
    b = hand_size - a
    if pattern == "2-3":
        return [[a] * seats, [b] * seats]
    if pattern == "3-2":
        return [[b] * seats, [a] * seats]
    # alternating: L 3, P 2, R 3, D 2, then L 2, P 3, R 2, D 3
    first = [b if i % 2 == 0 else a for i in range(seats)]
    return [first, [hand_size - x for x in first]]


#: Calls a function with the arguments that follow it (``operator.call`` from Python 3.11).
_call: Callable[..., Any] = getattr(operator, "call", lambda f, *args: f(*args))


def _one_card(i: int) -> Callable[[Sequence[Card]], tuple[Card, ...]]:
    """A function taking card ``i`` of the ordered deck, as a tuple of one."""
    return lambda deck: (deck[i],)


@functools.lru_cache(maxsize=256)
def _dealers(
    pattern: str, seats: int, hand_size: int, dealer: int
) -> tuple[tuple[Callable[[Sequence[Card]], tuple[Card, ...]], ...], int]:
    """For each seat, a function taking its cards out of the ordered deck (one C call,
    :func:`operator.itemgetter`), and the position of the first undealt card."""
    plan, pos = deal_plan(pattern, seats, hand_size, dealer)
    takers: list[Callable[[Sequence[Card]], tuple[Card, ...]]] = []
    for p in plan:
        if len(p) == 1:
            takers.append(_one_card(p[0]))
        else:
            takers.append(operator.itemgetter(*p))
    return tuple(takers), pos


@functools.lru_cache(maxsize=256)
def deal_plan(
    pattern: str, seats: int, hand_size: int, dealer: int
) -> tuple[tuple[tuple[int, ...], ...], int]:
    """For each seat, the positions in the ordered deck of the cards it receives, and the
    position of the first undealt card."""
    positions: list[list[int]] = [[] for _ in range(seats)]
    pos = 0
    for rnd in packets(pattern, seats, hand_size):
        for i, size in enumerate(rnd):
            seat = (dealer + 1 + i) % seats
            positions[seat].extend(range(pos, pos + size))
            pos += size
    return tuple(tuple(p) for p in positions), pos


def deal_cards(
    deck: Sequence[Card], dealer: int, seats: int, hand_size: int, pattern: str, upcard: bool
) -> Deal:
    """Deal an ordered deck: packets clockwise from the dealer's left, then the up-card
    (the next card) and the kitty (the rest, top first)."""
    takers, pos = _dealers(pattern, seats, hand_size, dealer)
    hands = tuple(map(_call, takers, repeat(deck)))
    if upcard and pos < len(deck):
        return Deal(hands, tuple(deck[pos + 1 :]), deck[pos])
    return Deal(hands, tuple(deck[pos:]), None)


def deal(state: State, rng: random.Random) -> Deal:
    """The deal of standard euchre (``euchre_deal``): the table's pack shuffled, dealt in
    the packets of ``deal_pattern``, the next card turned up."""
    table = state.table
    return deal_cards(
        shuffled(table.deck, rng),
        state.dealer,
        state.seats,
        table.hand_size,
        state.options[NAME]["deal_pattern"],
        True,
    )


# ---------------------------------------------------------------------------------------
# Bidding
# ---------------------------------------------------------------------------------------


def bidding_round(state: State) -> int:
    """1 while the up-card is on offer, 2 after everyone passed it."""
    return 1 if len(state.bids) < state.seats else 2


def alone_with_call(state: State) -> bool:
    """Whether "alone" is part of the bidding actions (``alone_timing = with_call``)."""
    return bool(
        state.table.partnerships is not None and state.options[NAME]["alone_timing"] == "with_call"
    )


def callable_suits(state: State) -> list[Suit]:
    """Suits that may be named in round 2."""
    up = state.upcard
    if up is not None and up.suit is not None and state.options[NAME]["round2_exclude_turned_suit"]:
        return [s for s in SUITS if s is not up.suit]
    return list(SUITS)


_CALL = {s: Call(s) for s in SUITS}
_CALL_ALONE = {s: Call(s, True) for s in SUITS}


def legal_bids(state: State, seat: int) -> list[Action]:
    """The bids of a seat (``euchre_legal_bids``): order up or pass in round 1, name a
    suit not turned down or pass in round 2; alone with the call where it is announced
    with it."""
    # alone_with_call(state) and bidding_round(state) == 1, in line (asked at every bid)
    alone = (
        state.table.partnerships is not None and state.options[NAME]["alone_timing"] == "with_call"
    )
    if len(state.bids) < state.seats and state.upcard is not None:
        return [PASS, ORDER, ORDER_ALONE] if alone else [PASS, ORDER]
    out: list[Action] = [PASS]
    for s in callable_suits(state):
        out.append(_CALL[s])
        if alone:
            out.append(_CALL_ALONE[s])
    return out


# Contracts are frozen values: each is made once and shared.
_CONTRACTS: dict[tuple[int, Suit | None, bool, int], Contract] = {}


def contract_of(seat: int, trump: Suit | None, alone: bool, rnd: int) -> Contract:
    """The contract of ``seat`` naming ``trump`` in bidding round ``rnd``."""
    key = (seat, trump, alone, rnd)
    found = _CONTRACTS.get(key)
    if found is None:
        found = _CONTRACTS[key] = Contract(seat, trump, alone, round=rnd)
    return found


def bidding_result(state: State) -> Contract | PassOut | None:
    """What the last bid settled (``euchre_bidding_result``): an order up or a call makes
    the contract; all passing twice is a pass-out (``all_pass``)."""
    seat, last = state.bids[-1]
    if isinstance(last, Order):
        up = state.upcard
        assert up is not None
        return contract_of(seat, up.suit, last.alone, 1)
    if isinstance(last, Call):
        return contract_of(seat, last.suit, last.alone, 2)
    if len(state.bids) >= 2 * state.seats:
        same = state.options[NAME]["all_pass"] == "redeal_same_dealer"
        return PassOut(same_dealer=same, reason="all passed twice")
    return None


# ---------------------------------------------------------------------------------------
# Between the contract and the first lead
# ---------------------------------------------------------------------------------------


def lone_players(state: State) -> list[int]:
    """Seats that have announced a lone hand so far (with the call or later)."""
    out = []
    c = state.contract
    if c is not None and c.alone and c.maker is not None:
        out.append(c.maker)
    for s, a in state.prepare_log:
        if isinstance(a, GoAlone):
            out.append(s)
    return out


def decided(state: State, seat: int, kinds: tuple[type, ...]) -> bool:
    """Whether ``seat`` took a step of one of ``kinds`` since the contract."""
    for s, a in state.prepare_log:  # noqa: SIM110  (a loop: no generator made per call)
        if s == seat and isinstance(a, kinds):
            return True
    return False


def exchanger(state: State) -> int | None:
    """The seat that takes the up-card after a round-1 order, or None when nobody does."""
    c = state.contract
    if c is None or c.round != 1 or state.upcard is None or c.maker is None:
        return None
    o = state.options[NAME]
    maker: int = c.maker
    taker = maker if o["upcard_exchanger"] == "maker" else state.dealer
    if (
        c.alone
        and taker != maker
        and o["lone_partner_dealer_skips_pickup"]
        and taker in state.table.side_of(maker)
    ):
        return None
    return taker


# The up-card taken into a hand, by taker and card (immutable, shared).
_TAKE_UP: dict[tuple[int, int], Transfer] = {}


def pickup_step(state: State) -> Decision | Transfer | None:
    """The round-1 exchange: the taker takes the up-card and discards. With
    ``dealer_pickup = optional`` a dealer who was ordered up by another seat may leave it;
    one who accepted it himself takes it."""
    taker = exchanger(state)
    c = state.contract
    up = state.upcard
    if taker is None or c is None or up is None:
        return None
    o = state.options[NAME]
    maker = c.maker
    for s, a in state.prepare_log:  # decided(state, taker, (Decline,)), in line
        if s == taker and isinstance(a, Decline):
            return None
    if not state.upcard_taken:
        if (
            o["dealer_pickup"] == "optional"
            and taker != maker
            and not decided(state, taker, (PickUp,))
        ):
            return Decision(taker, (PickUp(), Decline()), kind="pickup")
        key = (taker, up.index)
        taken = _TAKE_UP.get(key)
        if taken is None:
            taken = _TAKE_UP[key] = Transfer(taker, (up,), "upcard", public=True)
        return taken
    hand = state.hands[taker]
    if len(hand) > state.table.hand_size:
        discard = DISCARD
        if o["discard_may_be_upcard"]:
            allowed = tuple([discard[c.index] for c in hand])
        else:
            allowed = tuple([discard[c.index] for c in hand if c is not up])
        return Decision(taker, allowed, "discard")
    return None


_ALONE_CHOICE = (GoAlone(), PASS)


def alone_step(state: State) -> Decision | None:
    """Lone-hand questions after trump is fixed (before-first-lead timing, the maker's
    partner taking over, or any player under alone_by = any_player)."""
    c = state.contract
    if c is None or c.maker is None or state.table.partnerships is None:
        return None
    o = state.options[NAME]
    timing = o["alone_timing"]
    by = o["alone_by"]
    if timing != "before_first_lead" and by == "maker":
        return None  # announced with the call, by the maker only: nothing to ask here
    maker: int = c.maker
    asked = {s for s, a in state.prepare_log if isinstance(a, (GoAlone, Pass))}
    lone = lone_players(state)
    choice = _ALONE_CHOICE
    if timing == "before_first_lead" and not c.alone and maker not in asked:
        return Decision(maker, choice, kind="alone")
    if by == "maker_or_partner" and not lone:
        passed_in_bidding = {s for s, a in state.bids if isinstance(a, Pass)}
        for p in state.partners_of(maker):
            if p not in asked and p not in passed_in_bidding:
                return Decision(p, choice, kind="alone")
    if by == "any_player":
        table = state.table
        sides_alone = {table.side_of(s) for s in lone}
        n = state.seats
        for i in range(1, n + 1):
            s = (state.dealer + i) % n
            if s == maker or s in asked or table.side_of(s) in sides_alone:
                continue
            if table.side_of(s) == table.side_of(maker) and maker in lone:
                continue
            return Decision(s, choice, kind="alone")
    return None


def prepare_step(state: State) -> Decision | Transfer | None:
    """The next step between the contract and the first lead (``euchre_prepare_step``):
    the exchange of the up-card, then the lone-hand questions."""
    if state.contract is None:
        return None  # nothing of this game happens before the bidding
    return pickup_step(state) or alone_step(state)


# ---------------------------------------------------------------------------------------
# The teams and the opening lead
# ---------------------------------------------------------------------------------------

_SIDES: dict[tuple[object, int, int], tuple[frozenset[int], frozenset[int]]] = {}
# The teams of a hand by table shape, maker and lone players (immutable, shared).
_TEAMS: dict[tuple[object, int, int, tuple[int, ...]], Teams] = {}


def maker_sides(state: State, maker: int) -> tuple[frozenset[int], frozenset[int]]:
    """The maker's side and the defenders, as frozensets (made once per table shape)."""
    key = (state.table.partnerships, state.seats, maker)
    found = _SIDES.get(key)
    if found is None:
        makers = frozenset(state.table.side_of(maker))
        found = _SIDES[key] = (makers, frozenset(range(state.seats)) - makers)
    return found


def teams(state: State) -> Teams:
    """The sides of the hand (``euchre_teams``): the maker's partnership against the
    others, the partners of lone players sitting out."""
    c = state.contract
    if c is None or c.maker is None:
        return Teams(frozenset(), frozenset(range(state.seats)))
    maker: int = c.maker
    # tuple(lone_players(state)), in line (asked at the first lead and at the score)
    lone: tuple[int, ...] = (maker,) if c.alone else ()
    for s, a in state.prepare_log:
        if isinstance(a, GoAlone):
            lone = (*lone, s)
    key = (state.table.partnerships, state.seats, maker, lone)
    found = _TEAMS.get(key)
    if found is None:
        makers, defenders = maker_sides(state, maker)
        out: set[int] = set()
        for s in lone:
            out.update(state.partners_of(s))
        found = _TEAMS[key] = Teams(makers, defenders, frozenset(out))
    return found


def first_leader(state: State) -> int:
    """Who leads the first trick (``euchre_first_leader``, ``opening_lead``)."""
    t = state.teams
    assert t is not None
    n = state.seats
    out = t.sitting_out
    if state.options[NAME]["opening_lead"] == "left_of_lone":
        lone = [s for s in range(n) if s not in out and t.is_alone(s)]
        lone_defenders = [s for s in lone if s in t.defenders]
        if len(lone) >= 2 and lone_defenders:
            return lone_defenders[0]
        if len(lone) == 1:
            return next_active(state, lone[0])
    return next_active(state, state.dealer)


def next_active(state: State, seat: int) -> int:
    """The first seat clockwise after ``seat`` that plays this hand."""
    t = state.teams
    out: frozenset[int] = t.sitting_out if t else frozenset()
    n = state.seats
    for i in range(1, n + 1):
        s = (seat + i) % n
        if s not in out:
            return s
    raise AssertionError("no active seat")


# ---------------------------------------------------------------------------------------
# Scoring and the end of the game
# ---------------------------------------------------------------------------------------


def side_tricks(state: Game, side: frozenset[int]) -> int:
    """The tricks the seats of ``side`` took this hand."""
    won = state.tricks_won
    return sum([won[s] for s in side])


def makers_alone(state: Game) -> bool:
    """Whether a maker plays alone this hand."""
    t = state.teams
    # (A plain Teams with nobody sitting out has nobody alone; a subclass may say more.)
    if t is None or (not t.sitting_out and type(t) is Teams):
        return False
    return any(t.is_alone(s) for s in t.makers)


def defenders_alone(state: Game) -> bool:
    """Whether a defender plays alone this hand."""
    t = state.teams
    if t is None or (not t.sitting_out and type(t) is Teams):
        return False
    return any(t.is_alone(s) for s in t.defenders)


_POINTS: dict[tuple[frozenset[int], int, int], tuple[int, ...]] = {}


def points_to(state: Game, side: frozenset[int], value: int) -> tuple[int, ...]:
    """``value`` points to each seat of ``side``, none to the others (made once per
    side, value and table size: a frozenset keeps its hash)."""
    key = (side, value, state.seats)
    found = _POINTS.get(key)
    if found is None:
        if len(_POINTS) >= 4096:
            _POINTS.clear()
        found = _POINTS[key] = tuple([value if s in side else 0 for s in range(state.seats)])
    return found


def score_hand(state: Game) -> HandScore:
    """The points of the hand (``euchre_score_hand``): a make, a march, a lone march, a
    euchre, a lone euchre, or a lone defence (``lone_defender_scoring``). Made or not is
    said by the tricks, not the points: a make worth 0 points is still made."""
    t = state.teams
    assert t is not None
    o = state.options[NAME]
    total = len(state.tricks)
    need = total // 2 + 1
    made = sum(map(state.tricks_won.__getitem__, t.makers))  # side_tricks, in line
    # makers_alone: a plain Teams with nobody sitting out has nobody alone
    lone = bool(t.sitting_out or type(t) is not Teams) and makers_alone(state)
    if made >= need:
        if made == total:
            if lone:
                return HandScore(
                    points_to(state, t.makers, o["points_lone_march"]), "lone march", True
                )
            return HandScore(points_to(state, t.makers, o["points_march"]), "march", True)
        return HandScore(points_to(state, t.makers, o["points_make"]), "make", True)
    defended = total - made
    if o["lone_defender_scoring"] and defenders_alone(state):
        value = 4 if defended == total else 2
        return HandScore(points_to(state, t.defenders, value), "lone defence", False)
    if lone:
        return HandScore(
            points_to(state, t.defenders, o["lone_euchre_points"]), "lone euchre", False
        )
    return HandScore(points_to(state, t.defenders, o["points_euchre"]), "euchre", False)


def game_result(state: Game) -> GameResult | None:
    """Whether the game is over (``euchre_game_result``): a side reached the target;
    several sides at once: the highest wins and a tie plays on, or they share the win
    (``simultaneous_target``)."""
    target = state.table.target
    scores = state.scores
    if max(scores) < target:
        return None  # no seat has reached it (the usual answer, without the sides)
    shared = state.options[NAME]["simultaneous_target"] == "shared_win"
    return past_target(scores, state.table.sides, target, shared=shared)

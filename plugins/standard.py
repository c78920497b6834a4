"""Standard euchre: four players in two partnerships, trump made on the up-card.

The classic game with the most common rules, and every rule on which tables differ that
a computer game needs, as options:

* **Deal.** 24-card pack (9 to A), five cards each in packets of 2 then 3 from the
  dealer's left; the next card is turned up, the rest stay face down (the kitty).
* **Round 1.** From the dealer's left, each player passes or *orders up* the up-card's
  suit (the dealer *takes it up*); the first to accept is the maker. The dealer then adds
  the up-card to the hand and discards a card, never the up-card itself.
* **Round 2.** If all pass, each in turn may name any other suit, or pass.
* **All pass twice.** The hand is void and the deal passes left (``all_pass``). Stick the
  dealer, play at no trump and dealer forfeit are the plugins ``stick-the-dealer``,
  ``no-trump-passout`` and ``dealer-forfeit``.
* **Going alone.** The maker may play alone, announced with the call; the partner sits
  out. If the dealer's partner goes alone in round 1 the dealer does not take the up-card.
  Defending alone is the plugin ``defend-alone``.
* **Play.** The dealer's left leads, or the next active seat (``opening_lead``); follow
  the effective suit if able (plugin ``tricks``; must-trump is the plugin ``must-trump``).
* **Scoring.** Makers 3 or 4 tricks: 1; all 5 (a march): 2; a lone maker's march: 4;
  makers euchred (0-2 tricks): 2 to the defenders, a lone maker too (``lone_euchre_points``
  4 on some tables). Super euchre is the plugin ``super-euchre``.
* **Game.** To 10 points (``target_score``).

With other player counts the same plugin deals the same way to every seat; two-hand and
three-hand cutthroat are variants that build on it.

Sources: a French euchre app's rules page (“Comment jouer au euchre”); a Danish euchre
rules page; a Czech euchre rules page; a Romanian two-hand euchre rules page; Bicycle
Cards, “Euchre”; Leeds & Dwight, The Laws of Euchre (1888); OpenSpiel's euchre.
"""

from __future__ import annotations

import functools
import operator
import random
from collections.abc import Callable, Sequence
from itertools import repeat
from typing import Any

from euchre_plugins.tricks import lone_risk

from euchre_core.actions import (
    DISCARD,
    ORDER,
    ORDER_ALONE,
    PASS,
    Action,
    Call,
    Decline,
    Discard,
    GoAlone,
    Order,
    Pass,
    PickUp,
)
from euchre_core.cards import JOKER, PACKS, SUITS, Card, Suit, pack, shuffled
from euchre_core.config import Config, Option
from euchre_core.errors import ConfigError
from euchre_core.events import Contract
from euchre_core.hookspecs import hookimpl
from euchre_core.model import (
    ActionWords,
    Deal,
    Decision,
    GameResult,
    HandScore,
    PassOut,
    Table,
    Teams,
    Transfer,
)
from euchre_core.state import State
from euchre_core.view import PlayerView

NAME = "standard"

DECKS: dict[str, tuple[str, int]] = {
    name: PACKS[name] for name in ("deck24", "deck25_benny", "deck28", "deck32", "deck33_benny")
}

OPTIONS = [
    Option(
        "deck",
        str,
        "deck24",
        "The pack: 24 cards (9-A), 25 with the joker, 28 (8-A), 32 (7-A) or 33 with the joker.",
        choices=tuple(DECKS),
    ),
    Option(
        "first_dealer",
        str,
        "random",
        "How the first dealer is chosen: at random, the "
        "first black jack or first jack dealt face up, the lowest cut, the highest draw.",
        choices=("random", "first_black_jack", "first_jack", "low_cut", "high_draw"),
    ),
    Option(
        "deal_pattern",
        str,
        "2-3",
        "Packets of the deal: 2 then 3, 3 then 2, "
        "alternating 3-2-3-2 / 2-3-2-3, or one card at a time.",
        choices=("2-3", "3-2", "alternating", "singles"),
    ),
    Option(
        "dealer_pickup",
        str,
        "mandatory",
        "After an order in round 1 the dealer must "
        "take the up-card and discard (mandatory) or may leave it (optional).",
        choices=("mandatory", "optional"),
    ),
    Option(
        "upcard_exchanger",
        str,
        "dealer",
        "Who takes the up-card after an order in "
        "round 1: the dealer, or the maker (a literal reading of a French rules text).",
        choices=("dealer", "maker"),
    ),
    Option(
        "discard_may_be_upcard",
        bool,
        False,
        "Whether the dealer may discard the up-card just taken.",
    ),
    Option(
        "round2_exclude_turned_suit",
        bool,
        True,
        "Whether the turned-down suit is barred in round 2.",
    ),
    Option(
        "all_pass",
        str,
        "redeal",
        "When all pass twice: the next dealer deals "
        "(redeal) or the same dealer deals again. For stick the dealer, no trump or "
        "dealer forfeit add the plugin of that name.",
        choices=("redeal", "redeal_same_dealer"),
    ),
    Option(
        "alone_by",
        str,
        "maker",
        "Who may go alone: only the maker, the maker or the "
        "maker's partner if that partner has not passed, or any player (both sides may "
        "be alone).",
        choices=("maker", "maker_or_partner", "any_player"),
    ),
    Option(
        "alone_timing",
        str,
        "with_call",
        "When a lone hand is announced: with the call "
        "(order alone, call H alone) or after trump is fixed, before the first lead.",
        choices=("with_call", "before_first_lead"),
    ),
    Option(
        "lone_partner_dealer_skips_pickup",
        bool,
        True,
        "When the dealer's partner goes "
        "alone in round 1, the dealer does not take the up-card (false: the dealer takes "
        "it and discards, then sits out).",
    ),
    Option(
        "opening_lead",
        str,
        "eldest_next_active",
        "Who leads first: the dealer's left "
        "or the next active seat; or, when someone is alone, the player on the lone "
        "player's left (the lone defender when both sides are alone).",
        choices=("eldest_next_active", "left_of_lone"),
    ),
    Option("points_make", int, 1, "Makers taking 3 or 4 tricks.", min=0),
    Option("points_march", int, 2, "Makers (with a partner) taking all 5 tricks.", min=0),
    Option("points_lone_march", int, 4, "A lone maker taking all 5 tricks.", min=0),
    Option(
        "points_euchre",
        int,
        2,
        "To the defenders when makers with a partner take fewer than 3 tricks.",
        min=0,
    ),
    Option(
        "lone_euchre_points",
        int,
        2,
        "To the defenders when a lone maker is euchred.",
        choices=(2, 4),
    ),
    Option(
        "lone_defender_scoring",
        bool,
        False,
        "With alone_by = any_player: a "
        "defender who went alone scores 2 for 3-4 tricks, 4 for all 5.",
    ),
    Option("target_score", int, 10, "Points that win the game.", min=1),
    Option(
        "simultaneous_target",
        str,
        "highest_wins_else_continue",
        "When several sides "
        "reach the target in one hand: the highest wins and a tie plays on, or all of "
        "them share the win.",
        choices=("highest_wins_else_continue", "shared_win"),
    ),
]


def opt(state: State) -> dict[str, object]:
    return state.options[NAME]  # type: ignore[return-value]


@hookimpl
def euchre_add_options() -> list[Option]:
    return OPTIONS


# ---------------------------------------------------------------------------------------
# Table, dealer, deal
# ---------------------------------------------------------------------------------------


def partnerships_for(seats: int) -> tuple[tuple[int, ...], ...] | None:
    """Alternate seats are partners at 4 or 6 seats; otherwise each plays for themselves."""
    if seats in (4, 6):
        return tuple(tuple(range(start, seats, 2)) for start in (0, 1))
    return None


@hookimpl
def euchre_table(config: Config) -> Table:
    o = config.options[NAME]
    seats = config.players or 4
    low, jokers = DECKS[o["deck"]]
    if jokers and "benny" not in config.plugins:
        raise ConfigError(
            config.source,
            "options.standard.deck",
            f"{o['deck']} plays the joker as the Benny: add the benny rule (--rule benny), "
            "which also says what happens when it is turned up",
        )
    deck = pack(low, jokers=jokers)
    hand_size = 5
    if seats * hand_size + 1 > len(deck):
        raise ConfigError(
            config.source,
            "options.standard.deck",
            f"{o['deck']} has {len(deck)} cards: too few for {seats} players "
            f"with {hand_size} cards each and an up-card",
        )
    return Table(seats, partnerships_for(seats), deck, hand_size, o["target_score"])


def dealer_by_jack(cards: Sequence[Card], seats: int, black_only: bool) -> int:
    """Deal cards face up one per seat from seat 0; the first (black) jack deals."""
    for i, c in enumerate(cards):
        if c.rank == "J" and (not black_only or c.suit in (Suit.CLUBS, Suit.SPADES)):
            return i % seats
    raise ValueError("no jack in the cards")


def _draw_rank(c: Card, ace_low: bool) -> int:
    if c.suit is None:
        return 99
    return 1 if (ace_low and c.rank == "A") else c.value


@hookimpl
def euchre_first_dealer(state: State, rng: random.Random) -> int:
    method = state.options[NAME]["first_dealer"]
    n = state.seats
    if method == "random":
        return rng.randrange(n)
    deck = list(state.table.deck)
    if method in ("first_black_jack", "first_jack"):
        rng.shuffle(deck)
        return dealer_by_jack(deck, n, method == "first_black_jack")
    # low_cut (K high ... A low; lowest deals) or high_draw (highest deals); ties redraw.
    low = method == "low_cut"
    while True:
        rng.shuffle(deck)
        ranks = [_draw_rank(c, ace_low=low) for c in deck[:n]]
        best = min(ranks) if low else max(ranks)
        if ranks.count(best) == 1:
            return ranks.index(best)


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
            i = p[0]
            takers.append(lambda deck, i=i: (deck[i],))
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


@hookimpl
def euchre_deal(state: State, rng: random.Random) -> Deal:
    deck = shuffled(state.table.deck, rng)
    return deal_cards(
        deck,
        state.dealer,
        state.seats,
        state.table.hand_size,
        state.options[NAME]["deal_pattern"],
        True,  # type: ignore[arg-type]
    )


# ---------------------------------------------------------------------------------------
# Bidding
# ---------------------------------------------------------------------------------------


def bidding_round(state: State) -> int:
    """1 while the up-card is on offer, 2 after everyone passed it."""
    return 1 if len(state.bids) < state.seats else 2


def alone_with_call(state: State) -> bool:
    """Whether "alone" is part of the bidding actions (``alone_timing = with_call``)."""
    return (
        state.table.partnerships is not None and state.options[NAME]["alone_timing"] == "with_call"
    )


def callable_suits(state: State) -> list[Suit]:
    """Suits that may be named in round 2."""
    up = state.upcard
    if up is not None and up.suit is not None and state.options[NAME]["round2_exclude_turned_suit"]:
        return [s for s in SUITS if s is not up.suit]
    return list(SUITS)


@hookimpl
def euchre_bidder(state: State) -> int:
    return (state.dealer + 1 + len(state.bids)) % state.seats


@hookimpl
def euchre_legal_bids(state: State, seat: int) -> list[Action]:
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


_CALL = {s: Call(s) for s in SUITS}
_CALL_ALONE = {s: Call(s, True) for s in SUITS}


@hookimpl
def euchre_why_illegal(state: State, seat: int, action: Action) -> str | None:
    if (
        isinstance(action, Discard)
        and state.to_act == seat
        and action.card is state.upcard
        and state.upcard_taken
        and not state.options["standard"]["discard_may_be_upcard"]
    ):
        return f"the dealer discarded the up-card {action.card}: these rules forbid it"
    if state.to_act != seat or state.phase.value != "bidding":
        return None
    if isinstance(action, Order) and bidding_round(state) == 2:
        return "the up-card was turned down: in round 2 name a suit (call C/D/H/S) or pass"
    if isinstance(action, Call) and bidding_round(state) == 1:
        return "round 1 is about the up-card's suit: order it up or pass"
    if (
        isinstance(action, Call)
        and action.suit is not None
        and action.suit not in callable_suits(state)
    ):
        return f"{action.suit.word} was turned down: it cannot be named in round 2"
    if (isinstance(action, (Order, Call))) and action.alone and not alone_with_call(state):
        return "going alone is not announced with the call in this game"
    return None


# Contracts are frozen values: each is made once and shared.
_CONTRACTS: dict[tuple[int, Suit | None, bool, int], Contract] = {}


def contract_of(seat: int, trump: Suit | None, alone: bool, rnd: int) -> Contract:
    """The contract of ``seat`` naming ``trump`` in bidding round ``rnd``."""
    key = (seat, trump, alone, rnd)
    found = _CONTRACTS.get(key)
    if found is None:
        found = _CONTRACTS[key] = Contract(seat, trump, alone, round=rnd)
    return found


@hookimpl
def euchre_bidding_result(state: State) -> Contract | PassOut | None:
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
    taker = c.maker if o["upcard_exchanger"] == "maker" else state.dealer
    if (
        c.alone
        and taker != c.maker
        and o["lone_partner_dealer_skips_pickup"]
        and taker in state.table.side_of(c.maker)
    ):
        return None
    return taker


def c_maker(state: State) -> int | None:
    return state.contract.maker if state.contract is not None else None


# The up-card taken into a hand, by taker and card (immutable, shared).
_TAKE_UP: dict[tuple[int, int], Transfer] = {}


def pickup_step(state: State) -> Decision | Transfer | None:
    """The round-1 exchange: the taker takes the up-card and discards. With
    ``dealer_pickup = optional`` a dealer who was ordered up by another seat may leave it;
    one who accepted it himself takes it."""
    # exchanger(state), in line (asked at every step between the contract and the lead)
    c = state.contract
    up = state.upcard
    if c is None or c.round != 1 or up is None or c.maker is None:
        return None
    o = state.options[NAME]
    maker = c.maker
    taker = maker if o["upcard_exchanger"] == "maker" else state.dealer
    if (
        c.alone
        and taker != maker
        and o["lone_partner_dealer_skips_pickup"]
        and taker in state.table.side_of(maker)
    ):
        return None
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
    maker = c.maker
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
        sides_alone = {state.table.side_of(s) for s in lone}
        n = state.seats
        for i in range(1, n + 1):
            s = (state.dealer + i) % n
            if s == maker or s in asked or state.table.side_of(s) in sides_alone:
                continue
            if state.table.side_of(s) == state.table.side_of(maker) and maker in lone:
                continue
            return Decision(s, choice, kind="alone")
    return None


@hookimpl
def euchre_prepare_step(state: State) -> Decision | Transfer | None:
    if state.contract is None:
        return None  # nothing of this game happens before the bidding
    return pickup_step(state) or alone_step(state)


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


@hookimpl
def euchre_teams(state: State) -> Teams:
    c = state.contract
    if c is None or c.maker is None:
        return Teams(frozenset(), frozenset(range(state.seats)))
    # tuple(lone_players(state)), in line (asked at the first lead and at the score)
    lone: tuple[int, ...] = (c.maker,) if c.alone else ()
    for s, a in state.prepare_log:
        if isinstance(a, GoAlone):
            lone = (*lone, s)
    key = (state.table.partnerships, state.seats, c.maker, lone)
    teams = _TEAMS.get(key)
    if teams is None:
        makers, defenders = maker_sides(state, c.maker)
        out: set[int] = set()
        for s in lone:
            out.update(state.partners_of(s))
        teams = _TEAMS[key] = Teams(makers, defenders, frozenset(out))
    return teams


@hookimpl
def euchre_first_leader(state: State) -> int:
    teams = state.teams
    assert teams is not None
    n = state.seats
    out = teams.sitting_out
    if state.options[NAME]["opening_lead"] == "left_of_lone":
        lone = [s for s in range(n) if s not in out and teams.is_alone(s)]
        lone_defenders = [s for s in lone if s in teams.defenders]
        if len(lone) >= 2 and lone_defenders:
            return lone_defenders[0]
        if len(lone) == 1:
            return next_active(state, lone[0])
    return next_active(state, state.dealer)


def next_active(state: State, seat: int) -> int:
    """The first seat clockwise after ``seat`` that plays this hand."""
    out = state.teams.sitting_out if state.teams else frozenset()
    n = state.seats
    for i in range(1, n + 1):
        s = (seat + i) % n
        if s not in out:
            return s
    raise AssertionError("no active seat")


# ---------------------------------------------------------------------------------------
# Scoring and the end of the game
# ---------------------------------------------------------------------------------------


def side_tricks(state: State, side: frozenset[int]) -> int:
    won = state.tricks_won
    return sum([won[s] for s in side])


def makers_alone(state: State) -> bool:
    t = state.teams
    # (A plain Teams with nobody sitting out has nobody alone; a subclass may say more.)
    if t is None or (not t.sitting_out and type(t) is Teams):
        return False
    return any(t.is_alone(s) for s in t.makers)


def defenders_alone(state: State) -> bool:
    t = state.teams
    if t is None or (not t.sitting_out and type(t) is Teams):
        return False
    return any(t.is_alone(s) for s in t.defenders)


_POINTS: dict[tuple[frozenset[int], int, int], tuple[int, ...]] = {}


def points_to(state: State, side: frozenset[int], value: int) -> tuple[int, ...]:
    """``value`` points to each seat of ``side``, none to the others (made once per
    side, value and table size: a frozenset keeps its hash)."""
    key = (side, value, state.seats)
    found = _POINTS.get(key)
    if found is None:
        if len(_POINTS) >= 4096:
            _POINTS.clear()
        found = _POINTS[key] = tuple([value if s in side else 0 for s in range(state.seats)])
    return found


@hookimpl
def euchre_score_hand(state: State) -> HandScore:
    t = state.teams
    assert t is not None
    o = state.options[NAME]
    total = len(state.tricks)
    need = total // 2 + 1
    made = sum(map(state.tricks_won.__getitem__, t.makers))  # side_tricks, in line
    # makers_alone: a plain Teams with nobody sitting out has nobody alone
    lone = (t.sitting_out or type(t) is not Teams) and makers_alone(state)
    if made >= need:
        if made == total:
            if lone:
                return HandScore(points_to(state, t.makers, o["points_lone_march"]), "lone march")  # type: ignore[arg-type]
            return HandScore(points_to(state, t.makers, o["points_march"]), "march")  # type: ignore[arg-type]
        return HandScore(points_to(state, t.makers, o["points_make"]), "make")  # type: ignore[arg-type]
    defended = total - made
    if o["lone_defender_scoring"] and defenders_alone(state):
        value = 4 if defended == total else 2
        return HandScore(points_to(state, t.defenders, value), "lone defence")
    if lone:
        return HandScore(points_to(state, t.defenders, o["lone_euchre_points"]), "lone euchre")  # type: ignore[arg-type]
    return HandScore(points_to(state, t.defenders, o["points_euchre"]), "euchre")  # type: ignore[arg-type]


@hookimpl
def euchre_game_result(state: State) -> GameResult | None:
    target = state.table.target
    if max(state.scores) < target:
        return None  # no seat has reached it (the usual answer, without the sides)
    o = state.options[NAME]
    reached = [side for side in state.table.sides if state.scores[side[0]] >= target]
    if not reached:
        return None
    if len(reached) == 1:
        side = reached[0]
        return GameResult(side, f"reached {state.scores[side[0]]} of {target}")
    if o["simultaneous_target"] == "shared_win":
        winners = tuple(sorted(s for side in reached for s in side))
        return GameResult(winners, f"{len(reached)} sides reached {target} together: shared win")
    best = max(state.scores[side[0]] for side in reached)
    top = [side for side in reached if state.scores[side[0]] == best]
    if len(top) == 1:
        return GameResult(top[0], f"highest of the sides past {target} ({best})")
    return None


@hookimpl
def euchre_next_dealer(state: State, passed_out: PassOut | None) -> int:
    if passed_out is not None and passed_out.same_dealer:
        return state.dealer
    return (state.dealer + 1) % state.seats


# ---------------------------------------------------------------------------------------
# Coaching: the rules of the game in plain words, quoting the options in force
# ---------------------------------------------------------------------------------------


def _points(n: object) -> str:
    return f"{n} point" if n == 1 else f"{n} points"


@hookimpl
def euchre_add_coaching(config: Config) -> dict[str, str]:
    """The coach's texts for the bidding, the lone hand and the scoring."""
    o = config.options[NAME]
    make, march = _points(o["points_make"]), _points(o["points_march"])
    lone_march, euchre = _points(o["points_lone_march"]), _points(o["points_euchre"])
    lone_euchre = _points(o["lone_euchre_points"])
    target = o["target_score"]
    return {
        "intro": (
            "Euchre is a trick-taking game for four players in two teams; partners sit "
            "face to face. One team chooses trump and must then take at least 3 of the 5 "
            f"tricks. The first team to {target} points wins. I will tell you what each "
            "decision is about, what I would do and why; the choice is always yours."
        ),
        "rules": (
            "24 cards, 9 to ace; five each; the next card is turned up. Round 1: from the "
            "dealer's left, each player orders up the up-card's suit as trump or passes; "
            "if it is ordered, the dealer picks the card up and discards one. Round 2, if "
            "all passed: each may name another suit as trump, or pass; if all pass again, "
            "the deal passes on. The jack of trump (right bower) and the other jack of the "
            "same colour (left bower) are the two highest trumps. Follow the suit led if "
            "you can; otherwise play any card. The highest trump, else the highest card of "
            f"the suit led, wins the trick. Makers with 3 or 4 tricks score {make}, all 5 "
            f"(a march) {march}, alone all 5 {lone_march}; makers with fewer than 3 are "
            f"euchred: {euchre} to the defenders. Game to {target}."
        ),
        "upcard": (
            "The up-card {upcard} was turned from the kitty. In round 1 each player, from "
            "the dealer's left, may order it up, which makes {upsuit} trump and sends the "
            "card to the dealer, or pass. The side that makes trump are the makers: they "
            "need 3 tricks. Order up with a hand of several {upsuit}, above all the jacks."
        ),
        "alone": (
            "Going alone: the maker may announce a lone hand with the call (order alone, "
            "call alone). The partner then lays the cards face down and sits out. A lone "
            f"march (all 5 tricks) scores {lone_march}; 3 or 4 tricks still score {make}; "
            f"a lone maker who is euchred gives {lone_euchre} to the defenders."
        ),
        "pickup": (
            "When the up-card is ordered up, the dealer adds it to the hand and discards "
            "one card face down, never the up-card itself, so that every hand has five "
            "cards again. The dealer usually throws a lone low card of a side suit, to be "
            "out of that suit and able to trump it."
        ),
        "round2": (
            "Everyone passed: the up-card is turned down and round 2 begins. From the "
            "dealer's left, each player may name any other suit as trump, or pass; the "
            "turned-down suit cannot be named. If all pass again, the deal passes on. A "
            "common call is next, the suit of the same colour as the turned-down card."
        ),
        "scoring": (
            f"Scoring: makers who take 3 or 4 tricks score {make}; all 5, a march, score "
            f"{march} ({lone_march} for a lone hand). The first side to {target} points "
            "wins the game."
        ),
        "euchred": (
            "If the makers take fewer than 3 tricks they are euchred: the defenders score "
            f"{euchre} ({lone_euchre} against a lone hand). So a call needs a hand that can "
            "take tricks, with its partner's help."
        ),
        "ask:bid1": (
            "Round 1 of the bidding: order up {upcard} (then {upsuit} are trump and the "
            "dealer picks the card up), or pass."
        ),
        "ask:bid1-dealer": (
            "Round 1, and you deal: pick up {upcard} (then {upsuit} are trump, you take the "
            "card and discard one), or pass and turn it down."
        ),
        "ask:bid2": "Round 2: name a trump suit other than {turned}, or pass.",
        "ask:discard": (
            "You hold six cards: discard one face down. Keep your trumps and your aces."
        ),
        "ask:pickup": "You may take the up-card {upcard} and discard, or leave it.",
        "ask:alone": "Trump is made: you may play alone (your partner sits out), or not.",
        "term:kitty": (
            "The cards left after the deal (four in the four-hand game). The top one is "
            "turned up for the first round of bidding."
        ),
        "term:order up": (
            "In round 1, to tell the dealer to pick up the turned card, which makes its suit trump."
        ),
        "term:makers": "The side that chose trump. It must take 3 of the 5 tricks.",
        "term:euchred": (
            f"When the makers take fewer than 3 tricks: they are euchred and the defenders "
            f"score {euchre}."
        ),
        "term:alone": (
            f"A player who plays without a partner, who sits out, to try to score "
            f"{lone_march} with all 5 tricks."
        ),
        "term:march": f"Taking all 5 tricks: {march} for the makers, {lone_march} alone.",
        "term:next": (
            "In round 2, the suit of the same colour as the turned-down card. A common "
            "call for the player on the dealer's left."
        ),
        "term:cross": (
            "In round 2, calling a suit of the other colour than the turned-down card "
            "(also called reverse next)."
        ),
        "term:stick the dealer": (
            "A house rule: if everyone else passes in round 2, the dealer must name trump."
        ),
        "term:farmer's hand": (
            "A hand of only nines and tens. Some tables let its player exchange it for the kitty."
        ),
        "term:benny": (
            "The Best Bower: an extra card (the joker), ranked above both jacks in some "
            "old versions of euchre."
        ),
    }


__all__ = ["DECKS", "JOKER", "OPTIONS", "deal_cards", "dealer_by_jack", "packets"]


# ---------------------------------------------------------------------------------------
# Words at the table
# ---------------------------------------------------------------------------------------

#: What a person may say for ordering the up-card up (or, as the dealer, taking it up).
ORDER_WORDS = ("order up", "order it up", "pick it up", "take it up", "take", "up", "assist")


@hookimpl
def euchre_action_words(view: PlayerView, action: Action) -> ActionWords | None:
    """Ordering up (taking up, for the dealer), going alone, the optional pick-up."""
    if isinstance(action, Order):
        verb = "take it up" if view.seat == view.dealer else "order it up"
        if action.alone:
            return ActionWords(
                f"{verb} alone",
                typed=tuple(f"{w} alone" for w in ORDER_WORDS),
                kind="order-alone",
                example="order alone",
                risk=lone_risk(view),
            )
        return ActionWords(verb, typed=ORDER_WORDS, kind="order", example="order")
    if isinstance(action, GoAlone):
        return ActionWords(
            "go alone", typed=("go alone",), kind="alone", example="alone", risk=lone_risk(view)
        )
    if isinstance(action, PickUp):
        return ActionWords(
            "pick up the up-card", typed=("pick up",), kind="pickup", example="pickup"
        )
    if isinstance(action, Decline):
        return ActionWords("leave the up-card", typed=("leave",), kind="decline", example="decline")
    return None

"""Buck euchre (Dirty Clubs): each for yourself, counting down from 15; a club turned is trump.

Four players, each for himself (three with ``players = 3``), the 24-card euchre pack
with the bowers. Everybody starts at 15 points and counts down: each trick taken takes a
point off, a player who is *bucked* adds 5, and the first to get down to 0 or below wins.

* **Deal.** Five cards each, 2-then-3 from the dealer's left (``deal_pattern``); the next
  card is turned face up. The deal passes to the left.
* **Dirty clubs** (``dirty_clubs``). When the turned card is a club, clubs are trump at
  once: no bidding, nobody may drop out, and every player must take a trick. The dealer
  takes the club and discards one of his own cards, one common form
  (``dirty_clubs_dealer_pickup``; with ``false`` it stays on the stock). The dealer's
  left leads. With three players the two others must stay in and the dealer, who takes
  the club, must make two tricks (one common form, from a three-player table).
* **Bidding** (``trump_mode = bid``, the Dirty Clubs form). From the dealer's left each
  player bids a number of tricks, from ``min_bid`` (2) to 5, higher than the last bid, or
  passes (``bid 3``, ``pass``); the bidding goes round until all but the high bidder have
  passed, and a pass is final (``pass_is_final``). The high bidder names any suit as
  trump (``call H``; no trump with ``no_trump_allowed``) and leads. The up-card only
  informs (``bid_winner_exchange = none``), or the high bidder takes it and discards
  (``take_upcard``, one common form). When everyone passes the next dealer deals
  (``all_pass = redeal``), or the dealer may not pass and must bid
  (``stick_the_dealer``, one common form).
* **Ordering up** (``trump_mode = order_up``, pagat's Ohio game). Round 1: from the
  dealer's left each player may order up the turned suit (``order``) or pass; the dealer
  then takes the card and discards. Round 2: each may name another suit, or no trump
  (``round2_no_trump``), or pass. Whoever fixes trump is the *maker* and needs three
  tricks. When all eight calls pass, the hand is played without trumps and everyone must
  take a trick (``order_up_all_pass = no_trump_all_in``), or it is thrown in
  (``redeal``). The dealer's left leads.
* **Staying in or dropping out.** Except on dirty clubs, each player other than the maker
  decides in turn, from the maker's left, to stay in (``stay``) or drop out (``drop``);
  each decision is public before the next. A player who drops lays down his hand and
  scores nothing this hand (``drop_penalty``, 0). Play skips those who dropped. When
  everyone else drops the maker takes all five tricks without play (``auto_take_all``).
* **Scoring** (``direction = down``). Start at ``start_score`` (15; 25 is also common).
  After each hand a maker who took his bid (three in the order-up game) subtracts the
  tricks he took; a maker short of it is bucked: ``penalty`` (5) is added and his tricks
  count for nothing. Every other player in the hand subtracts his tricks, or is bucked
  when he took none. The first to 0 or below wins; when several get there on the same
  hand the lowest wins, and equal lowest play another hand. With ``direction = up``
  (one common form) everybody starts at 0, adds his tricks and loses the penalty when
  bucked, and the first to ``target_score`` (15) wins.

Options (``[options.buck]``; the player count is the variant's ``players``, 4 or 3):

=============================  ============================================================
``trump_mode``                 ``bid``; ``order_up``
``dirty_clubs``                ``true``; ``false``
``dirty_clubs_dealer_pickup``  ``true``; ``false``
``deal_pattern``               ``2-3``; ``3-2``; ``singles``
``min_bid``                    2; 3
``pass_is_final``              ``true``; ``false``
``no_trump_allowed``           ``false``; ``true``
``bid_winner_exchange``        ``none``; ``take_upcard``
``all_pass``                   ``redeal``; ``stick_the_dealer``
``round2_no_trump``            ``true``; ``false``
``order_up_all_pass``          ``no_trump_all_in``; ``redeal``
``drop_penalty``               0
``auto_take_all``              ``true``; ``false``
``start_score``                15
``penalty``                    5
``direction``                  ``down``; ``up``
``target_score``               15 (with ``direction = up``)
=============================  ============================================================

Bots: the plugin advises the heuristic bot on every decision it adds:
a bid from the tricks of the hand's best trump, the suit, the
dealer's discard, ordering up and naming in the Ohio game, and staying in only with a
fair chance of a trick; the heuristic bot plays the cards, each for himself.

Sources: pagat.com, "Buck Euchre / Dirty Clubs"; Wikipedia, "Dirty clubs"; White Knuckle
Cards, "Buck Euchre"; Denexa Games, "Buck Euchre"; gamerules.com, "Buck Euchre";
euchre.com, "Buck Euchre Rules"; Cool Old Games, "Buck Euchre".
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from euchre_plugins import auction_core as core
from euchre_plugins.standard import deal_cards, shuffled

from euchre_core.actions import (
    DISCARD,
    PASS,
    Action,
    Call,
    Discard,
    Order,
    WordAction,
    register_action,
)
from euchre_core.cards import SUITS, Suit, pack
from euchre_core.config import Config, Option
from euchre_core.errors import ConfigError
from euchre_core.events import Contract, Event
from euchre_core.hookspecs import hookimpl
from euchre_core.model import (
    Deal,
    Decision,
    GameResult,
    HandScore,
    PassOut,
    Phase,
    Table,
    Teams,
    Transfer,
    side_refs,
)
from euchre_core.state import State
from euchre_core.view import PlayerView

NAME = "buck"
CONFLICTS = ("standard", "pepper", "auction", "napoleon", "hasenpfeffer")

HAND = 5
#: The contract level of a dirty-clubs hand and of an order-up hand played at no trump
#: with everyone in.
DIRTY = "dirty-clubs"
ALL_IN = "all-in"


@register_action
@dataclass(frozen=True, slots=True)
class Stay(WordAction):
    """Stay in the hand (play for at least one trick)."""

    keyword: ClassVar[str] = "stay"
    lesson_topic: ClassVar[str] = "stay"


@register_action
@dataclass(frozen=True, slots=True)
class Drop(WordAction):
    """Drop out of the hand: lay the cards down and score nothing."""

    keyword: ClassVar[str] = "drop"
    lesson_topic: ClassVar[str] = "stay"


STAY = Stay()
DROP = Drop()

OPTIONS = [
    Option(
        "trump_mode",
        str,
        "bid",
        "How trump is fixed: bidding for tricks (Dirty Clubs), or ordering up as in euchre.",
        choices=("bid", "order_up"),
    ),
    Option(
        "dirty_clubs",
        bool,
        True,
        "A club turned up is trump at once: no bidding, nobody drops out.",
    ),
    Option(
        "dirty_clubs_dealer_pickup",
        bool,
        True,
        "On dirty clubs the dealer takes the club and discards one of his own cards.",
    ),
    Option(
        "deal_pattern",
        str,
        "2-3",
        "Packets of the deal: 2 then 3, 3 then 2, or one at a time.",
        choices=("2-3", "3-2", "singles"),
    ),
    Option("min_bid", int, 2, "The lowest bid (bid mode): 2 or 3 tricks.", min=2, max=3),
    Option("pass_is_final", bool, True, "A player who passed may not bid again (bid mode)."),
    Option("no_trump_allowed", bool, False, "The high bidder may name no trump (bid mode)."),
    Option(
        "bid_winner_exchange",
        str,
        "none",
        "The up-card only informs, or the high bidder takes it and discards (bid mode).",
        choices=("none", "take_upcard"),
    ),
    Option(
        "all_pass",
        str,
        "redeal",
        "When everyone passes (bid mode): the next dealer deals, or the dealer must bid.",
        choices=("redeal", "stick_the_dealer"),
    ),
    Option(
        "round2_no_trump",
        bool,
        True,
        "In round 2 of the order-up game a player may name no trump.",
    ),
    Option(
        "order_up_all_pass",
        str,
        "no_trump_all_in",
        "When all eight calls pass (order-up game): play at no trump with everyone in, or "
        "deal again.",
        choices=("no_trump_all_in", "redeal"),
    ),
    Option("drop_penalty", int, 0, "Points against a player who drops out.", min=0, max=25),
    Option(
        "auto_take_all",
        bool,
        True,
        "When everyone else drops out the maker takes the five tricks without play.",
    ),
    Option("start_score", int, 15, "Every player's score at the start (counting down).", min=1),
    Option("penalty", int, 5, "Points against a bucked player.", min=0, max=25),
    Option(
        "direction",
        str,
        "down",
        "Count down from start_score to 0, or up from 0 to target_score.",
        choices=("down", "up"),
    ),
    Option("target_score", int, 15, "Points that win when counting up.", min=1),
]


def opt(state: State) -> Mapping[str, Any]:
    return state.options[NAME]


def bid_mode(options: Mapping[str, Any]) -> bool:
    return options["trump_mode"] == "bid"


def auction_rules(options: Mapping[str, Any]) -> core.AuctionRules:
    low = int(options["min_bid"])
    rungs = tuple(core.Rung(v, v, v) for v in range(low, HAND + 1))
    return core.AuctionRules(
        core.Ladder(rungs),
        "multi",
        bool(options["pass_is_final"]),
        "stick_the_dealer" if options["all_pass"] == "stick_the_dealer" else "redeal",
        no_trump=bool(options["no_trump_allowed"]),
    )


@hookimpl
def euchre_add_options() -> list[Option]:
    return OPTIONS


# ---------------------------------------------------------------------------------------
# Table and deal
# ---------------------------------------------------------------------------------------


@hookimpl
def euchre_table(config: Config) -> Table:
    o = config.options[NAME]
    seats = config.players or 4
    if seats not in (3, 4):
        raise ConfigError(
            config.source, "variant.players", f"Buck euchre is for 4 (or 3) players, not {seats}"
        )
    if o["direction"] == "down":
        return Table(seats, None, pack("9"), HAND, 0, int(o["start_score"]), True)
    return Table(seats, None, pack("9"), HAND, int(o["target_score"]))


@hookimpl
def euchre_first_dealer(state: State, rng: random.Random) -> int:
    return rng.randrange(state.seats)


@hookimpl
def euchre_deal(state: State, rng: random.Random) -> Deal:
    deck = shuffled(state.table.deck, rng)
    pattern = str(opt(state)["deal_pattern"])
    return deal_cards(deck, state.dealer, state.seats, HAND, pattern, True)


def is_dirty(state: State) -> bool:
    up = state.upcard
    return bool(opt(state)["dirty_clubs"]) and up is not None and up.suit is Suit.CLUBS


# ---------------------------------------------------------------------------------------
# Bidding
# ---------------------------------------------------------------------------------------


def order_round(state: State) -> int:
    """1 while the up-card is on offer (order-up game), 2 after everyone passed it."""
    return 1 if len(state.bids) < state.seats else 2


@hookimpl
def euchre_bidder(state: State) -> int:
    o = opt(state)
    if bid_mode(o):
        return core.next_bidder(state, auction_rules(o))
    return (state.dealer + 1 + len(state.bids)) % state.seats


@hookimpl
def euchre_legal_bids(state: State, seat: int) -> list[Action]:
    o = opt(state)
    if bid_mode(o):
        return core.legal_bids(state, seat, auction_rules(o))
    up = state.upcard
    assert up is not None
    if order_round(state) == 1:
        return [PASS, Order()]
    calls: list[Action] = [Call(s) for s in SUITS if s is not up.suit]
    if o["round2_no_trump"]:
        calls.append(Call(None))
    return [PASS, *calls]


@hookimpl
def euchre_bidding_result(state: State) -> Contract | PassOut | None:
    o = opt(state)
    if bid_mode(o):
        return core.bidding_result(state, auction_rules(o))
    seat, last = state.bids[-1]
    up = state.upcard
    assert up is not None
    if isinstance(last, Order):
        return Contract(seat, up.suit, False, 3, 1)
    if isinstance(last, Call):
        return Contract(seat, last.suit, False, 3, 2)
    if len(state.bids) < 2 * state.seats:
        return None
    if o["order_up_all_pass"] == "no_trump_all_in":
        return Contract(None, None, False, ALL_IN, 2)
    return PassOut(reason="all eight calls passed")


@hookimpl
def euchre_why_illegal(state: State, seat: int, action: Action) -> str | None:
    if state.to_act != seat:
        return None
    o = opt(state)
    if state.phase is Phase.BIDDING:
        if bid_mode(o):
            return core.why_illegal(state, seat, action, auction_rules(o))
        up = state.upcard
        if order_round(state) == 1 and isinstance(action, Call):
            return "round 1: order up the turned suit (order) or pass"
        if order_round(state) == 2:
            if isinstance(action, Order):
                return "the up-card is turned down: name another suit (call C/D/H/S) or pass"
            if isinstance(action, Call) and up is not None and action.suit is up.suit:
                return f"{up.suit.word} were turned down: name another suit"
            if isinstance(action, Call) and action.suit is None:
                return "no trump may not be named in this game"
        return None
    d = state.decision
    if (
        d is not None
        and d.kind == "discard"
        and isinstance(action, Discard)
        and action.card is state.upcard
        and action.card in state.hands[seat]
    ):
        return f"the dealer keeps the {action.card} he took up: discard one of his own"
    return None


# ---------------------------------------------------------------------------------------
# Dirty clubs, the up-card, staying in and dropping out
# ---------------------------------------------------------------------------------------


def takes_upcard(state: State) -> int | None:
    """Who takes the up-card after the contract, if anyone."""
    c = state.contract
    o = opt(state)
    assert c is not None
    if c.level == DIRTY:
        return state.dealer if o["dirty_clubs_dealer_pickup"] else None
    if c.level == ALL_IN:
        return None
    if bid_mode(o):
        return c.maker if o["bid_winner_exchange"] == "take_upcard" else None
    return state.dealer if c.round == 1 else None


def decided_stays(state: State) -> dict[int, bool]:
    return {s: isinstance(a, Stay) for s, a in state.prepare_log if isinstance(a, (Stay, Drop))}


def drop_order(state: State) -> list[int]:
    """The seats that decide to stay or drop, clockwise from the maker's left."""
    c = state.contract
    assert c is not None
    if c.maker is None or c.level == DIRTY:
        return []
    return [(c.maker + k) % state.seats for k in range(1, state.seats)]


@hookimpl
def euchre_prepare_step(state: State) -> Decision | Transfer | Contract | None:
    c = state.contract
    if c is None:
        if is_dirty(state):
            maker = state.dealer if state.seats == 3 else None
            return Contract(maker, Suit.CLUBS, False, DIRTY, 1)
        return None
    taker = takes_upcard(state)
    up = state.upcard
    if taker is not None and up is not None:
        if not state.upcard_taken:
            return Transfer(taker, (up,), "upcard", public=True)
        if len(state.hands[taker]) > HAND:
            own = tuple(DISCARD[x.index] for x in state.hands[taker] if x is not up)
            return Decision(taker, own, kind="discard")
    stays = decided_stays(state)
    for seat in drop_order(state):
        if seat not in stays:
            return Decision(seat, (STAY, DROP), kind="stay")
    return None


def dropped(state: State) -> frozenset[int]:
    return frozenset(s for s, stay in decided_stays(state).items() if not stay)


@hookimpl
def euchre_teams(state: State) -> Teams:
    c = state.contract
    assert c is not None
    everyone = frozenset(range(state.seats))
    makers = frozenset(() if c.maker is None else (c.maker,))
    return Teams(makers, everyone - makers, dropped(state))


@hookimpl
def euchre_first_leader(state: State) -> int:
    c = state.contract
    assert c is not None and state.teams is not None
    if bid_mode(opt(state)) and c.maker is not None and c.level != DIRTY:
        return c.maker
    out = state.teams.sitting_out
    for k in range(1, state.seats + 1):
        seat = (state.dealer + k) % state.seats
        if seat not in out:
            return seat
    raise AssertionError("every seat dropped out")  # pragma: no cover - the maker plays


def all_dropped(state: State) -> bool:
    """Every player but the maker dropped out."""
    c = state.contract
    return (
        c is not None
        and c.maker is not None
        and c.level != DIRTY
        and len(dropped(state)) == state.seats - 1
    )


@hookimpl
def euchre_play_over(state: State) -> bool | None:
    if not state.tricks and not state.trick and all_dropped(state):
        return bool(opt(state)["auto_take_all"])
    return None


# ---------------------------------------------------------------------------------------
# Scoring and the end of the game
# ---------------------------------------------------------------------------------------


def need_of(state: State, seat: int) -> int:
    """Tricks ``seat`` needs not to be bucked."""
    c = state.contract
    assert c is not None
    if seat == c.maker:
        if c.level == DIRTY:
            return 2
        return int(c.level) if isinstance(c.level, int) else 3
    return 1


def taken(state: State) -> list[int]:
    """Tricks per seat; a maker whose opponents all dropped out takes all five."""
    won = list(state.tricks_won)
    c = state.contract
    if all_dropped(state) and c is not None and c.maker is not None and not state.tricks:
        won[c.maker] = HAND
    return won


@hookimpl
def euchre_score_hand(state: State) -> HandScore:
    o = opt(state)
    c = state.contract
    assert c is not None
    sign = -1 if o["direction"] == "down" else 1
    penalty = int(o["penalty"])
    out = dropped(state)
    won = taken(state)
    points = []
    for seat in range(state.seats):
        if seat in out:
            points.append(-sign * int(o["drop_penalty"]))
        elif won[seat] >= need_of(state, seat):
            points.append(sign * won[seat])
        else:
            points.append(-sign * penalty)
    made = None if c.maker is None else won[c.maker] >= need_of(state, c.maker)
    if c.maker is None:
        outcome = "dirty clubs" if c.level == DIRTY else "no trump, all in"
    elif all_dropped(state):
        outcome = "everyone else dropped out"
    else:
        outcome = "made" if made else "maker bucked"
    return HandScore(tuple(points), outcome, made=made, tricks=tuple(won))


@hookimpl
def euchre_game_result(state: State) -> GameResult | None:
    scores = state.scores
    if opt(state)["direction"] == "up":
        return core.target_result(state, state.table.target, "highest_wins_else_continue")
    low = min(scores)
    if low > 0:
        return None
    best = [s for s in range(state.seats) if scores[s] == low]
    if len(best) > 1:  # equal lowest play another hand
        level = side_refs([(s,) for s in best])
        return GameResult((), f"{level} are level at {low}, the lowest score", play_on=True)
    return GameResult((best[0],), f"down to {low}: the lowest score")


@hookimpl
def euchre_next_dealer(state: State) -> int:
    return (state.dealer + 1) % state.seats


@hookimpl
def euchre_known_sides(view: PlayerView) -> tuple[frozenset[int], frozenset[int]] | None:
    """Each for himself: no friends, every other player a foe."""
    return frozenset(), frozenset(range(view.seats)) - {view.seat}


# ---------------------------------------------------------------------------------------
# Words, lesson and bot (helper module)
# ---------------------------------------------------------------------------------------


@hookimpl
def euchre_add_coaching(config: Config) -> dict[str, str]:
    """What Buck euchre teaches (:mod:`euchre_plugins.buck_words`)."""
    from euchre_plugins.buck_words import coaching

    return coaching(config)


@hookimpl
def euchre_action_words(view: PlayerView, action: Action) -> Any:
    """Staying in, dropping out and the bids (:mod:`euchre_plugins.buck_words`)."""
    from euchre_plugins.buck_words import action_words

    return action_words(view, action)


@hookimpl
def euchre_describe_event(event: Event, view: PlayerView | None) -> str | None:
    """Dirty clubs, the contract, staying in and dropping out, in words."""
    from euchre_plugins.buck_words import describe_event

    return describe_event(event, view)


@hookimpl
def euchre_bot_advice(view: PlayerView, legal: Sequence[Action]) -> Any:
    """Bids, trump, discards, ordering up and staying in (:mod:`euchre_plugins.buck_words`)."""
    if NAME not in view.plugins or not legal:
        return None
    from euchre_plugins.buck_words import advice

    return advice(view, legal)


__all__ = [
    "ALL_IN",
    "DIRTY",
    "DROP",
    "OPTIONS",
    "STAY",
    "Drop",
    "Stay",
    "auction_rules",
]

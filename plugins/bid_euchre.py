"""Bid euchre: all the cards dealt, one bid each for tricks and trump, shoot and moon alone.

The North American partnership game in which there is no up-card: each player bids once
for the number of tricks the side will take and the trump (or no trump), and the
highest bidder's side plays for it. pagat.com calls Bid euchre a group of games with no
standard form; this plugin plays the single-pack form of Bicycle's "Cincinnati Euchre",
Wikipedia's "Single Deck Bid Euchre" and gamerules.com, with the other common rules as
options. It is close to Pepper and shares its auction and its exchange.

* **Players and cards.** Four players in two fixed partnerships, partners opposite. The
  24-card pack (9 to A) is dealt one card at a time from the dealer's left: six cards
  each, no kitty, no up-card (``deck = single24``). The double packs, as pagat.com
  gives them: two 24-card packs, 48 cards, twelve each (``double48``, the usual form
  there), or the J, Q, K and A twice in each suit, 32 cards, eight each (``double32``);
  dealt the same way. The bids then go up to the tricks of a hand (12 or 8), shoot and
  moon are bids to take all of them, and of two identical cards in one trick the first
  played beats the second.
* **Auction.** From the dealer's left, each player speaks once, the dealer last
  (``bidding_rounds = single``; ``until_three_pass``: round and round until a bid has
  been passed by the three others, a pass being final). A bid is a number of tricks, at
  least ``min_bid`` (3), with a strain: ``bid 4-spades``, ``bid 3-no-trump``. It must
  name more tricks than the bid before: the strains have no rank, so 4 hearts does
  not outbid 4 spades. Above 6 come the lone bids (``lone_bids``): ``shoot`` (every
  trick alone, with an exchange) and above it ``moon`` (every trick alone, no
  exchange), each with its strain (``bid shoot-hearts``). With ``moon_overcalls`` a moon
  may be overcalled by a double moon, a double moon by a triple moon and that by a
  quadruple moon (Bicycle's Cincinnati euchre). With ``strain_named = after_auction``
  the bids are numbers only (``bid 4``, ``bid shoot``) and the winner then names trump
  or no trump (``call H``, ``call NT``), as Bicycle has it.
* **Everybody passes.** The dealer may not pass when the three others have passed and
  must bid, at least the minimum, any strain (``all_pass = stick_the_dealer``); or the
  hand is thrown in and the next player deals (``redeal``).
* **Shoot: the exchange.** The shooter discards ``shoot_exchange_cards`` (1, or 2)
  cards face down and the partner passes as many face down (``give 9S``): the shooter
  discards first and the partner, told only the trump, chooses without seeing the
  discard, so each chooses before seeing the other's cards. The partner then lays the
  hand down and sits out; the tricks have three cards. A moon has no exchange.
* **Ranking.** With a trump suit the right bower (its jack) and the left bower (the other
  jack of its colour) are the top trumps, then A K Q 10 9. At no trump every suit ranks A
  K Q J 10 9 and the jacks are ordinary cards. With ``low_no_trump`` the bids may also
  name *low* no trump (``bid 4-low``): the lowest card of the suit led wins, 9 best, then
  10, J, Q, K and the ace worst (``low_ace = high``), or the ace best of all, then 9, 10,
  J, Q, K (``low_ace = low``; one common form: the sources do not spell out the ace's
  place).
* **Play.** The declarer leads. Follow the effective suit if able (the left bower is a
  trump); otherwise any card.
* **Scoring.** A bid made: each side scores a point per trick it took. A bid failed
  (*set*): the bidding side loses the number of tricks bid; the defenders still score
  their tricks. A shoot scores ``shoot_value`` (12) made and costs as much failed; a
  moon ``moon_value`` (24); double, triple and quadruple moons 24, 32 and 48. The
  defenders of a lone bid score their tricks. Scores may go below zero.
* **Game.** To ``target_score`` (32; 52 with a double pack unless it is set). Only the side
  that won the hand, by making its bid or by setting the bidders, can go out
  (``win_rule = winning_side_only``): a side that passes the target by its tricks as
  defenders of a bid that was made does not win then. ``highest_at_target``: any side at
  the target goes out, the higher total winning when both are there (equal totals play
  on).

Options (``[options.bid-euchre]``):

========================  ============================================================
``deck``                  ``single24``; ``double48``; ``double32``
``bidding_rounds``        ``single``; ``until_three_pass``
``strain_named``          ``with_bid``; ``after_auction``
``min_bid``               3 (1 to 4)
``min_bid_no_trump``      0 (the same as ``min_bid``), or 1 to 6
``lone_bids``             ``true``; ``false``
``shoot_exchange_cards``  1; 2
``moon_overcalls``        ``false``; ``true``
``all_pass``              ``stick_the_dealer``; ``redeal``
``low_no_trump``          ``false``; ``true``
``low_ace``               ``high``; ``low``
``shoot_value``           12
``moon_value``            24 (``bid-euchre-bicycle``: 12; ``bid-euchre-wikipedia``: 14)
``target_score``          0 (32; 52 with a double pack), or the points
``win_rule``              ``winning_side_only``; ``highest_at_target``
========================  ============================================================

Two variants set the options of a published form. ``bid-euchre-bicycle`` plays Bicycle's
Cincinnati euchre: the bids are numbers and the winner names trump afterwards
(``strain_named = after_auction``), a moon is worth 12 (``moon_value``) and may be
overcalled by a double, triple and quadruple moon (``moon_overcalls``).
``bid-euchre-wikipedia`` scores the lone bids as Wikipedia's "Bid Euchre" does: 12 for
the shoot, its small pepper with a one-card exchange, and 14 for the moon, its big
pepper without one.

Bots: the plugin advises the heuristic bot on the auction (the lowest bid that outbids
in the strain where the side should take most tricks, with the partner's bid as support;
a shoot or a moon only when the hand should take every trick alone), on naming trump,
on the exchange (the shooter discards the card it needs least; the partner gives its
best card for the trump) and tells the search bot what the bids reveal.

Sources: pagat.com, "Bid Euchre"; Bicycle Cards, "Cincinnati Euchre"; Wikipedia, "Bid
Euchre"; gamerules.com, "Bid Euchre"; NeuralPlay, "Bid Euchre"; reference.com, "How to
Play Bid Euchre"; ourpastimes.com, "Rules for the Card Game Bid Euchre"; "Indiana Double
Deck Bid Euchre".
"""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from euchre_plugins import auction_core as core
from euchre_plugins import pepper
from euchre_plugins.auction_core import AuctionRules, Ladder, Rung
from euchre_plugins.standard import deal_cards, partnerships_for, shuffled

from euchre_core.actions import PASS, Action, Bid, Call, Discard, Give, Pass
from euchre_core.bots.evaluate import estimate, make_chance
from euchre_core.cards import Card, Suit, pack
from euchre_core.config import Config, Option
from euchre_core.errors import ConfigError
from euchre_core.events import BidMade, Contract, ContractMade, Event
from euchre_core.hookspecs import hookimpl
from euchre_core.model import (
    ActionWords,
    Deal,
    Decision,
    GameResult,
    HandScore,
    PassOut,
    Phase,
    Table,
    Teams,
)
from euchre_core.state import State
from euchre_core.view import PlayerView

NAME = "bid-euchre"
CONFLICTS = ("standard", "auction", "pepper", "hasenpfeffer", "napoleon", "buck")

HAND = 6
SHOOT = "shoot"
MOON = "moon"
OVERCALLS: tuple[tuple[str, int], ...] = (
    ("double-moon", 24),
    ("triple-moon", 32),
    ("quadruple-moon", 48),
)
#: Strain words of a bid: a suit, no trump, or low no trump.
STRAIN_WORDS: dict[str, Suit | None] = {
    "clubs": Suit.CLUBS,
    "diamonds": Suit.DIAMONDS,
    "hearts": Suit.HEARTS,
    "spades": Suit.SPADES,
    "no-trump": None,
    "low": None,
}

#: The packs of the ``deck`` option: name -> (lowest rank, copies of each card, cards each).
DECKS: dict[str, tuple[str, int, int]] = {
    "single24": ("9", 1, 6),
    "double48": ("9", 2, 12),
    "double32": ("J", 2, 8),
}
#: The target of a game with ``target_score = 0``: a single pack, a double pack.
TARGET_SINGLE = 32
TARGET_DOUBLE = 52

OPTIONS = [
    Option(
        "deck",
        str,
        "single24",
        "The pack: 24 cards, 9 to A, six each (single24); two such packs, twelve each "
        "(double48); J Q K A twice in each suit, eight each (double32).",
        choices=tuple(DECKS),
    ),
    Option(
        "bidding_rounds",
        str,
        "single",
        "Each player bids once, the dealer last (single), or the bidding goes round until "
        "three players have passed a bid (until_three_pass; a pass is final).",
        choices=("single", "until_three_pass"),
    ),
    Option(
        "strain_named",
        str,
        "with_bid",
        "Each bid names its trump or no trump (with_bid), or the bids are numbers and the "
        "winner names trump afterwards (after_auction).",
        choices=("with_bid", "after_auction"),
    ),
    Option("min_bid", int, 3, "The lowest bid, in tricks.", min=1, max=4),
    Option(
        "min_bid_no_trump",
        int,
        0,
        "The lowest bid at no trump (0: the same as min_bid).",
        min=0,
        max=6,
    ),
    Option("lone_bids", bool, True, "Shoot and moon (every trick alone) may be bid."),
    Option(
        "shoot_exchange_cards",
        int,
        1,
        "Cards the shooter discards and the partner passes (the moon exchanges none).",
        min=1,
        max=2,
    ),
    Option(
        "moon_overcalls",
        bool,
        False,
        "A moon may be overcalled by a double moon (24), that by a triple (32) and that by "
        "a quadruple moon (48).",
    ),
    Option(
        "all_pass",
        str,
        "stick_the_dealer",
        "When the three others pass: the dealer must bid (stick_the_dealer), or the next "
        "player deals (redeal).",
        choices=("stick_the_dealer", "redeal"),
    ),
    Option(
        "low_no_trump",
        bool,
        False,
        "Bids may name low no trump, in which the lowest card of the suit led wins.",
    ),
    Option(
        "low_ace",
        str,
        "high",
        "In low no trump the ace is the worst card (high) or the best (low).",
        choices=("high", "low"),
    ),
    Option("shoot_value", int, 12, "Points a shoot wins or costs.", min=1),
    Option("moon_value", int, 24, "Points a moon wins or costs.", min=1),
    Option(
        "target_score",
        int,
        0,
        "Points that win the game (0: 32, or 52 with a double pack).",
        min=0,
    ),
    Option(
        "win_rule",
        str,
        "winning_side_only",
        "Only the side that won the hand (made its bid or set the bidders) can go out, or "
        "any side at the target (the higher total first).",
        choices=("winning_side_only", "highest_at_target"),
    ),
]


# ---------------------------------------------------------------------------------------
# The bids
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BidInfo:
    """What one bid undertakes.

    :ivar level: the bid's place among the levels (bids of equal level do not outbid)
    :ivar tricks: tricks the side must take
    :ivar strain: the strain word (``spades``, ``no-trump``, ``low``) or ``None`` when the
      strain is named after the auction
    :ivar lone: ``shoot``, ``moon`` (or an overcall of a moon), or ``""``
    """

    level: int
    tricks: int
    strain: str | None
    lone: str


def strains(low: bool) -> tuple[str, ...]:
    out = ("clubs", "diamonds", "hearts", "spades", "no-trump")
    return (*out, "low") if low else out


def is_no_trump(strain: str | None) -> bool:
    return strain in ("no-trump", "low")


@functools.lru_cache(maxsize=128)
def bid_table(
    with_bid: bool,
    low: bool,
    min_bid: int,
    min_nt: int,
    lone: bool,
    overcalls: bool,
    shoot_value: int,
    moon_value: int,
    hand: int = HAND,
) -> tuple[Ladder, dict[int | str, BidInfo]]:
    """The ladder of bids (lowest first) and what each undertakes; ``hand`` is the tricks
    of a hand (6; 12 or 8 with a double pack), the most a bid names."""
    levels: list[tuple[int | str, int, int, str]] = [
        (n, n, n, "") for n in range(min_bid, hand + 1)
    ]
    if lone:
        levels += [(SHOOT, hand, shoot_value, SHOOT), (MOON, hand, moon_value, MOON)]
        if overcalls:
            levels += [(name, hand, value, name) for name, value in OVERCALLS]
    rungs: list[Rung] = []
    info: dict[int | str, BidInfo] = {}
    nt_floor = min_nt or min_bid
    for level, (word, tricks, points, alone) in enumerate(levels):
        if not with_bid:
            rungs.append(Rung(word, tricks, points, alone=bool(alone)))
            info[word] = BidInfo(level, tricks, None, alone)
            continue
        for strain in strains(low):
            if is_no_trump(strain) and not alone and tricks < nt_floor:
                continue
            value = f"{word}-{strain}"
            rungs.append(Rung(value, tricks, points, alone=bool(alone)))
            info[value] = BidInfo(level, tricks, strain, alone)
    return Ladder(tuple(rungs)), info


def tables(options: Mapping[str, Any]) -> tuple[Ladder, dict[int | str, BidInfo]]:
    return bid_table(
        options["strain_named"] == "with_bid",
        bool(options["low_no_trump"]),
        int(options["min_bid"]),
        int(options["min_bid_no_trump"]),
        bool(options["lone_bids"]),
        bool(options["moon_overcalls"]),
        int(options["shoot_value"]),
        int(options["moon_value"]),
        hand_of(options),
    )


def hand_of(options: Mapping[str, Any]) -> int:
    """Cards each (and tricks a hand): 6, or 12 or 8 with a double pack."""
    return DECKS[str(options["deck"])][2]


def deck_of(options: Mapping[str, Any]) -> tuple[Card, ...]:
    """The pack of the ``deck`` option."""
    low, copies, _ = DECKS[str(options["deck"])]
    return pack(low, copies=copies)


def target_of(options: Mapping[str, Any]) -> int:
    """The target: ``target_score``, or with 0 32 (52 with a double pack)."""
    target = int(options["target_score"])
    if target:
        return target
    return TARGET_SINGLE if options["deck"] == "single24" else TARGET_DOUBLE


@functools.lru_cache(maxsize=128)
def _rules(ladder: Ladder, rounds: str, all_pass: str) -> AuctionRules:
    return AuctionRules(
        ladder,
        "single" if rounds == "single" else "multi",
        True,
        all_pass,
        no_trump=True,
    )


def rules_for(options: Mapping[str, Any]) -> AuctionRules:
    """The auction of this game, from the options."""
    ladder, _ = tables(options)
    return _rules(ladder, str(options["bidding_rounds"]), str(options["all_pass"]))


def opt(state: State) -> Mapping[str, Any]:
    return state.options[NAME]


def info_of(options: Mapping[str, Any], value: int | str) -> BidInfo:
    return tables(options)[1][value]


def contract_info(state: State) -> BidInfo:
    c = state.contract
    assert c is not None and c.level is not None
    return info_of(opt(state), c.level)


def strain_trump(strain: str) -> Suit | None:
    return STRAIN_WORDS[strain]


def bid_words(value: int | str) -> str:
    """``4 spades``, ``shoot hearts``, ``3 no trump``, ``4 low no trump``, ``moon``."""
    text = str(value)
    word, _, strain = text.partition("-")
    if word in ("double", "triple", "quadruple"):
        word, _, strain = text.partition("-moon")
        word += " moon"
        strain = strain.lstrip("-")
    if strain == "low":
        strain = "low no trump"
    return f"{word} {strain.replace('-', ' ')}".strip()


@hookimpl
def euchre_add_options() -> list[Option]:
    return OPTIONS


# ---------------------------------------------------------------------------------------
# Table, dealer, deal
# ---------------------------------------------------------------------------------------


@hookimpl
def euchre_table(config: Config) -> Table:
    o = config.options[NAME]
    seats = config.players or 4
    if seats != 4:
        raise ConfigError(
            config.source, "variant.players", f"bid euchre is for 4 players, not {seats}"
        )
    if o["low_ace"] != "high" and not o["low_no_trump"]:
        raise ConfigError(
            config.source,
            f"options.{NAME}.low_ace",
            "low_ace applies only with low_no_trump = true",
        )
    return Table(seats, partnerships_for(seats), deck_of(o), hand_of(o), target_of(o))


@hookimpl
def euchre_first_dealer(state: State, rng: random.Random) -> int:
    return rng.randrange(state.seats)


@hookimpl
def euchre_deal(state: State, rng: random.Random) -> Deal:
    """One card at a time from the dealer's left, the whole pack."""
    deck = shuffled(state.table.deck, rng)
    return deal_cards(deck, state.dealer, state.seats, state.table.hand_size, "singles", False)


# ---------------------------------------------------------------------------------------
# Bidding
# ---------------------------------------------------------------------------------------


def auction_status(state: State) -> core.AuctionStatus:
    return core.status(state.bids, state.dealer, state.seats, rules_for(opt(state)))


@hookimpl
def euchre_bidder(state: State) -> int:
    return core.next_bidder(state, rules_for(opt(state)))


#: The overcall of each moon: a moon by a double moon, that by a triple, that by a quadruple.
NEXT_OVERCALL = {
    under: over
    for under, over in zip(
        (MOON, *(n for n, _ in OVERCALLS)), (n for n, _ in OVERCALLS), strict=False
    )
}


def overcall_allowed(lone: str, high: str) -> bool:
    """Whether a bid whose lone word is ``lone`` may follow a high bid whose lone word is
    ``high``: an overcall only directly over the moon it overcalls."""
    return lone not in NEXT_OVERCALL.values() or NEXT_OVERCALL.get(high) == lone


def higher_bids(options: Mapping[str, Any], high: int | str | None) -> list[Action]:
    """The bids that name more tricks (a higher level) than ``high``; a double moon only
    over a moon, a triple over a double and a quadruple over a triple."""
    ladder, info = tables(options)
    floor = -1 if high is None else info[high].level
    top = "" if high is None else info[high].lone
    return [
        r.action
        for r in ladder.rungs
        if info[r.value].level > floor and overcall_allowed(info[r.value].lone, top)
    ]


@hookimpl
def euchre_legal_bids(state: State, seat: int) -> list[Action]:
    rules = rules_for(opt(state))
    st = auction_status(state)
    if st.over:
        return core.trump_calls(rules)
    high = None if st.high_index is None else rules.ladder.rungs[st.high_index].value
    higher = higher_bids(opt(state), high)
    if core.stuck(state, seat, rules, st):
        return higher
    return [PASS, *higher]


@hookimpl
def euchre_bidding_result(state: State) -> Contract | PassOut | None:
    o = opt(state)
    st = auction_status(state)
    if not st.over:
        return None
    if st.declarer is None:
        return PassOut(reason="everyone passed")
    assert st.level is not None
    bid = info_of(o, st.level)
    if bid.strain is not None:
        return Contract(st.declarer, strain_trump(bid.strain), bool(bid.lone), st.level, round=1)
    seat, last = state.bids[-1]
    if isinstance(last, Call) and seat == st.declarer:
        return Contract(st.declarer, last.suit, bool(bid.lone), st.level, round=1)
    return None


@hookimpl
def euchre_why_illegal(state: State, seat: int, action: Action) -> str | None:
    if state.to_act != seat:
        return None
    o = opt(state)
    if state.phase is Phase.BIDDING:
        rules = rules_for(o)
        st = auction_status(state)
        if isinstance(action, Bid) and not st.over:
            ladder, info = tables(o)
            if action.value not in info:
                example = ladder.rungs[0].value
                return f"'{action}' is not a bid of this game (e.g. bid {example})"
            top = "" if st.high_index is None else info[ladder.rungs[st.high_index].value].lone
            lone = info[action.value].lone
            if not overcall_allowed(lone, top):
                under = next(k for k, v in NEXT_OVERCALL.items() if v == lone)
                return f"a {bid_words(lone)} only overcalls a {bid_words(under)}"
            if st.high_index is not None:
                high = ladder.rungs[st.high_index].value
                if info[action.value].level <= info[high].level:
                    return (
                        f"a bid must name more tricks than {bid_words(high)}: the strains "
                        "have no rank"
                    )
        return core.why_illegal(state, seat, action, rules)
    d = state.decision
    if d is not None and isinstance(action, (Give, Discard)):
        c = action.card
        if c is not None and c not in state.hands[seat]:
            return f"seat {seat} does not hold {c}"
        if d.kind == "give" and isinstance(action, Discard):
            return "give the card to the shooter (give CARD), do not discard it"
        if d.kind == "discard" and isinstance(action, Give):
            return "discard a card face down (discard CARD)"
    return None


# ---------------------------------------------------------------------------------------
# Ranking: low no trump
# ---------------------------------------------------------------------------------------


def is_low(state: State) -> bool:
    c = state.contract
    return c is not None and c.level is not None and contract_info(state).strain == "low"


def low_power(c: Card, ace_low: bool) -> int:
    """The strength of a card at low no trump: the 9 best; the ace worst or best."""
    if c.rank == "A":
        return 20 if ace_low else 0
    return 15 - c.value


@hookimpl
def euchre_trick_winner(state: State, trick: list[tuple[int, Card]]) -> int | None:
    """At low no trump the lowest card of the suit led wins (else the tricks plugin)."""
    if not is_low(state):
        return None
    led = trick[0][1].suit
    ace_low = opt(state)["low_ace"] == "low"
    following = [(s, c) for s, c in trick if c.suit is led]
    return max(following, key=lambda sc: low_power(sc[1], ace_low))[0]


# ---------------------------------------------------------------------------------------
# The shoot: the exchange
# ---------------------------------------------------------------------------------------


def exchange_count(options: Mapping[str, Any], value: int | str) -> int:
    bid = info_of(options, value)
    return int(options["shoot_exchange_cards"]) if bid.lone == SHOOT else 0


def lone_partner(state: State) -> int | None:
    """The declarer's partner, who sits out a shoot or a moon; else ``None``."""
    c = state.contract
    if c is None or c.maker is None or not c.alone:
        return None
    return state.partners_of(c.maker)[0]


@hookimpl
def euchre_prepare_step(state: State) -> Decision | None:
    c = state.contract
    if c is None or c.maker is None or c.level is None:
        return None
    n = exchange_count(opt(state), c.level)
    partner = lone_partner(state)
    if not n or partner is None:
        return None
    return core.lone_exchange_step(state, c.maker, partner, n, state.prepare_log)


# ---------------------------------------------------------------------------------------
# Play, scoring, the end of the game
# ---------------------------------------------------------------------------------------


@hookimpl
def euchre_teams(state: State) -> Teams:
    c = state.contract
    assert c is not None and c.maker is not None
    makers = frozenset(state.table.side_of(c.maker))
    partner = lone_partner(state)
    out = frozenset(() if partner is None else (partner,))
    return Teams(makers, frozenset(range(state.seats)) - makers, out)


@hookimpl
def euchre_first_leader(state: State) -> int:
    c = state.contract
    assert c is not None and c.maker is not None
    return c.maker


def hand_points(state: State) -> tuple[tuple[int, ...], bool]:
    """Points per seat for the hand just played, and whether the bid was made."""
    t = state.teams
    c = state.contract
    assert t is not None and c is not None and c.level is not None
    rung = rules_for(opt(state)).ladder.rung(c.level)
    bid = info_of(opt(state), c.level)
    won = state.tricks_won
    taken = sum(won[s] for s in t.makers)
    made = taken >= bid.tricks
    points = [0] * state.seats
    for side in state.table.sides:
        tricks = sum(won[s] for s in side)
        if side[0] in t.makers:
            value = (rung.points if bid.lone else tricks) if made else -rung.points
        else:
            value = tricks
        for s in side:
            points[s] = value
    return tuple(points), made


@hookimpl
def euchre_score_hand(state: State) -> HandScore:
    points, made = hand_points(state)
    c = state.contract
    assert c is not None and c.level is not None
    lone = info_of(opt(state), c.level).lone
    word = (lone.replace("-", " ") if lone else "make") if made else "set"
    return HandScore(points, word, made)


@hookimpl
def euchre_game_result(state: State) -> GameResult | None:
    target = state.table.target
    if opt(state)["win_rule"] == "highest_at_target":
        return core.target_result(state, target, "highest_wins")
    rec = state.hand_records[-1] if state.hand_records else None
    if rec is None or not rec.makers or rec.made is None:
        return None
    makers = set(rec.makers)
    sides = state.table.sides
    winner = next(side for side in sides if (side[0] in makers) == rec.made)
    score = state.scores[winner[0]]
    if score >= target:
        how = "made its bid" if rec.made else "set the bidders"
        return GameResult(winner, f"reached {score} of {target} in a hand it won ({how})")
    return None


@hookimpl
def euchre_next_dealer(state: State) -> int:
    return (state.dealer + 1) % state.seats


# ---------------------------------------------------------------------------------------
# Advice to the heuristic bot
# ---------------------------------------------------------------------------------------

#: Chance of making a bid the bot asks for before bidding it.
BID_CHANCE = 0.6
#: Tricks the partner's bid promises per trick bid; and the partner who passed.
PARTNER_BID_SUPPORT = 0.3
PARTNER_PASS_PENALTY = 0.35
#: Chance of every trick the bot asks for before a shoot, and before a moon.
SHOOT_CHANCE = 0.75
MOON_CHANCE = 0.85


def strain_options(view: PlayerView) -> list[str]:
    """The strains the bot weighs (never low no trump: it judges hands by high cards)."""
    return ["clubs", "diamonds", "hearts", "spades", "no-trump"]


def best_strain(view: PlayerView, alone: bool) -> tuple[str, float]:
    """The strain under which this hand takes most tricks, and how many (own cards)."""
    outlook = pepper.outlook_for(view, alone)
    best: tuple[str, float] | None = None
    for s in strain_options(view):
        t = estimate(view.hand, strain_trump(s), outlook).tricks
        if best is None or t > best[1] + 1e-9:
            best = (s, t)
    assert best is not None
    return best


def partner_support(view: PlayerView) -> float:
    """Tricks the partner should add, from the partner's bid."""
    o = view.options[NAME]
    info = tables(o)[1]
    p = view.partners()[0]
    base = 0.19 * hand_of(o)
    spoke = False
    best = 0
    for seat, a in view.bids:
        if seat != p:
            continue
        spoke = True
        if isinstance(a, Bid) and a.value in info and not info[a.value].lone:
            best = max(best, info[a.value].tricks)
    if best:
        return base + PARTNER_BID_SUPPORT * best
    return base - PARTNER_PASS_PENALTY if spoke else base


def pick(legal: Sequence[Action], info: Mapping[int | str, BidInfo], tricks: int | None,
         lone: str, strain: str) -> Bid | None:  # fmt: skip
    """The legal bid of ``tricks`` (or of the lone kind ``lone``) in ``strain`` (any
    strain when the strain is named later)."""
    for a in legal:
        if not isinstance(a, Bid):
            continue
        b = info[a.value]
        if b.lone != lone or (tricks is not None and b.tricks != tricks):
            continue
        if b.strain is None or b.strain == strain:
            return a
    return None


def advise_bid(view: PlayerView, legal: Sequence[Action]) -> tuple[Action, str]:
    o = view.options[NAME]
    info = tables(o)[1]
    hand = hand_of(o)
    can_pass = any(isinstance(a, Pass) for a in legal)
    solo_strain, solo = best_strain(view, alone=True)
    trump = strain_trump(solo_strain)
    words = solo_strain.replace("-", " ")
    moon = pick(legal, info, None, MOON, solo_strain)
    if moon is not None:
        chance = pepper.pepper_chance(view, trump, 0)
        if chance >= MOON_CHANCE:
            return moon, (
                f"bid {bid_words(moon.value)}: about {solo:.1f} of {hand} tricks alone at "
                f"{words}, a {chance:.0%} chance of every trick."
            )
    shoot = pick(legal, info, None, SHOOT, solo_strain)
    if shoot is not None and solo >= hand - 1.5:
        chance = pepper.pepper_chance(view, trump, int(o["shoot_exchange_cards"]))
        if chance >= SHOOT_CHANCE:
            return shoot, (
                f"bid {bid_words(shoot.value)}: about {solo:.1f} of {hand} tricks alone at "
                f"{words}; a {chance:.0%} chance of every trick with your partner's help."
            )
    strain, own = best_strain(view, alone=False)
    side = min(float(hand), own + partner_support(view))
    numbered = sorted(
        {info[a.value].tricks for a in legal if isinstance(a, Bid) and not info[a.value].lone}
    )
    safe = [n for n in numbered if make_chance(side, n) >= BID_CHANCE]
    partner = view.partners()[0]
    rules = rules_for(o)
    st = core.status(view.bids, view.dealer, view.seats, rules)
    if safe and (st.high != partner or own >= hand / 2):
        choice = pick(legal, info, safe[0], "", strain)
        if choice is not None:
            return choice, (
                f"bid {bid_words(choice.value)}: about {side:.1f} tricks for your side at "
                f"{strain.replace('-', ' ')}; the lowest bid that takes the lead."
            )
    if not can_pass:
        low = numbered[0] if numbered else None
        choice = pick(legal, info, low, "", strain) or next(a for a in legal if isinstance(a, Bid))
        return choice, (
            f"bid {bid_words(choice.value)}: the three others passed and the dealer must "
            f"bid; {strain.replace('-', ' ')} is your best strain."
        )
    if st.high == partner:
        return PASS, f"pass: your partner holds the bid and your hand adds about {own:.1f}."
    return PASS, (
        f"pass: about {side:.1f} tricks for your side at {strain.replace('-', ' ')}, not "
        "enough to outbid."
    )


def advise_trump(view: PlayerView, legal: Sequence[Action]) -> tuple[Action, str]:
    c_alone = any(
        isinstance(a, Bid)
        and s == view.seat
        and tables(view.options[NAME])[1].get(a.value, BidInfo(0, 0, None, "")).lone
        for s, a in view.bids
    )
    strain, tricks = best_strain(view, alone=c_alone)
    call = core.trump_call(strain_trump(strain), legal)
    return call, f"call {strain.replace('-', ' ')}: about {tricks:.1f} tricks from your own cards."


def advise_discard(view: PlayerView, legal: Sequence[Action]) -> tuple[Action, str]:
    outlook = pepper.outlook_for(view, alone=True)
    return core.discard_advice(view.hand, view.trump, outlook, legal)


@hookimpl
def euchre_bot_advice(view: PlayerView, legal: Sequence[Action]) -> tuple[Action, str] | None:
    if NAME not in view.plugins or not legal:
        return None
    kinds = {type(a) for a in legal}
    if view.phase is Phase.BIDDING:
        if Call in kinds:
            return advise_trump(view, legal)
        if Bid in kinds:
            return advise_bid(view, legal)
        return None
    if view.phase is Phase.PREPARE:
        if kinds == {Give}:
            return pepper.advise_give(view, legal)
        if kinds == {Discard}:
            return advise_discard(view, legal)
    return None


# ---------------------------------------------------------------------------------------
# Words at the table
# ---------------------------------------------------------------------------------------


@hookimpl
def euchre_action_words(view: PlayerView, action: Action) -> ActionWords | None:
    """Bids in words (``bid 4 spades``), typed as ``4 spades`` or ``4s``; the lone bids
    say what they risk."""
    if not isinstance(action, Bid):
        return None
    o = view.options[NAME]
    info = tables(o)[1]
    bid = info.get(action.value)
    if bid is None:
        return None
    rung = rules_for(o).ladder.rung(action.value)
    say = bid_words(action.value)
    typed = [say, str(action.value)]
    word = str(action.value).partition("-")[0]
    if bid.strain is not None and not bid.lone:
        letter = {"no-trump": "nt", "low": "lo"}.get(bid.strain, bid.strain[0])
        typed += [f"{word}{letter}", f"{word} {letter}"]
    risk = f"{rung.points} points at risk; your partner sits out" if bid.lone else ""
    if isinstance(action.value, int):
        return ActionWords(
            f"bid {say}", short=(say,), kind="bid", example=say, risk=risk, numbered=True
        )
    return ActionWords(
        f"bid {say}",
        typed=tuple(dict.fromkeys(typed)),
        kind=bid.lone or "bid",
        example=typed[2] if len(typed) > 2 else say,
        risk=risk,
        numbered=True,
    )


@hookimpl
def euchre_describe_event(event: Event, view: PlayerView | None) -> str | None:
    """Bids and the contract in words: ``{1} bids 4 spades``, ``{1} plays 4 spades``."""
    if isinstance(event, BidMade) and isinstance(event.action, Bid):
        return f"{{{event.seat}}} bids {bid_words(event.action.value)}"
    if isinstance(event, ContractMade):
        c = event.contract
        if c.maker is None or c.level is None:
            return None
        what = bid_words(c.level)
        if isinstance(c.level, int) or c.level in (SHOOT, MOON):
            what += ", " + ("no trump" if c.trump is None else f"{c.trump.word} trump")
        alone = "; the partner sits out" if c.alone else ""
        return f"Contract: {{{c.maker}}} to take {what}{alone}."
    return None


# ---------------------------------------------------------------------------------------
# Coaching
# ---------------------------------------------------------------------------------------


@hookimpl
def euchre_add_coaching(config: Config) -> dict[str, str]:
    """What bid euchre teaches: one bid each with its strain, shoot and moon, the
    exchange and the scoring by tricks."""
    o = config.options[NAME]
    target = target_of(o)
    lowest = int(o["min_bid"])
    hand = hand_of(o)
    size = len(deck_of(o))
    each = {6: "six", 8: "eight", 12: "twelve"}[hand]
    pack_words = {
        "single24": f"All {size} cards are dealt",
        "double48": f"Two 24-card packs, {size} cards, are dealt",
        "double32": f"J Q K A twice in each suit, {size} cards, are dealt",
    }[str(o["deck"])]
    twice = (
        " Of two identical cards in one trick the first played wins."
        if o["deck"] != "single24"
        else ""
    )
    shoot, moon = int(o["shoot_value"]), int(o["moon_value"])
    n = int(o["shoot_exchange_cards"])
    cards = "one card" if n == 1 else f"{n} cards"
    once = (
        "once, the dealer last"
        if o["bidding_rounds"] == "single"
        else "round and round until three have passed"
    )
    with_bid = o["strain_named"] == "with_bid"
    strain = "with a trump suit or no trump, e.g. 4 spades" if with_bid else "a number"
    stuck = (
        "If the three others pass, the dealer must bid."
        if o["all_pass"] == "stick_the_dealer"
        else "If everyone passes, the next player deals."
    )
    lone = bool(o["lone_bids"])
    return {
        "intro": (
            f"Bid euchre for four players in two partnerships. {pack_words}, {each} "
            "each, with no up-card: each player bids how many tricks the side will take and "
            f"the trump. The first side to {target} points wins. I will tell you what each "
            "decision is about, what I would do and why; the choice is always yours."
        ),
        "rules": (
            f"{size} cards, {each} each. From the dealer's left each player bids {once}: a "
            f"number of tricks from {lowest} to {hand}, {strain}, and a bid must name more "
            "tricks than the one before (4 hearts does not beat 4 spades). "
            + (
                f"Shoot (all {each} alone, {cards} exchanged with the partner, {shoot} "
                f"points) and moon (all {each} alone, no exchange, {moon} points) rank above "
                f"{hand}. "
                if lone
                else ""
            )
            + f"{stuck} The declarer leads. The bowers are the top trumps; at no trump the "
            f"jacks are ordinary.{twice} A bid made: each side scores its tricks. Set: the bidders "
            f"lose the bid, the others score their tricks. Game to {target}; only the side "
            "that won the hand can go out."
        ),
        "bidding": (
            "The bidding: each bid names the tricks your side will take"
            + (" and the trump or no trump" if with_bid else "")
            + ". Count your sure tricks in your best suit (the bowers, the ace and king of "
            "trump, side aces) and about one trick from your partner."
        ),
        "name-trump": (
            "You won the bidding: name the trump suit or no trump, the one in which your "
            "hand takes most tricks."
        ),
        "pepper": (
            (
                f"Shoot and moon are bids to take all {each} tricks alone while your partner "
                f"sits out. A shoot scores {shoot}: you discard {cards} and your partner "
                f"passes you {cards}, neither seeing the other's. A moon scores {moon}, with "
                "no exchange. Made or lost, the points are the same."
            )
            if lone
            else ""
        ),
        "exchange": (
            (
                f"The shoot exchange: the shooter discards {cards} face down, then the "
                f"partner, told only the trump, passes {cards} face down and sits out."
            )
            if lone
            else ""
        ),
        "scoring": (
            "Bid euchre scoring: a side that makes its bid scores every trick it took, and "
            "the other side scores its own tricks too. A set costs the bidders the bid. "
            f"The first side to {target} wins, in a hand it won."
        ),
        "euchred": (
            "Bidders who take fewer tricks than the bid are set: the bid is taken off their "
            "score (a shoot or a moon costs its whole value), and the other side still "
            "scores its tricks."
        ),
        "alone": "",
        "ask:bid": (
            "Your bid: more tricks than the bid so far"
            + (" with a strain" if with_bid else "")
            + (", shoot or moon" if lone else "")
            + ", or pass."
        ),
        "ask:name-trump": "Name trump: a suit or no trump; you lead the first trick.",
        "ask:give": (
            "Your partner shoots: pass the card that helps most (a high trump) face down, "
            "then sit out."
        ),
        "ask:discard": "You shoot: discard a card face down; your partner then passes you one.",
        "term:shoot": (
            f"A bid to take all {each} tricks alone after exchanging {cards} with the partner "
            f"({shoot} points)."
        ),
        "term:moon": (
            f"A bid to take all {each} tricks alone without an exchange ({moon} points)."
        ),
        "term:set": "Bidders who take fewer tricks than the bid are set and lose the bid.",
    }


__all__ = ["NAME", "OPTIONS", "bid_table", "bid_words", "rules_for", "tables"]

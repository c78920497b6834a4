"""Pepper: the Iowa bid-euchre game of six-card hands, little pepper and big pepper.

The bidding follows pagat.com's Pepper page; the sources disagree on the rest (the
exchange, the lead, the scoring, the target, the two- and three-player forms), so each
is an option below, set by default to the most common rule.

* **Players and cards.** Four players in two fixed partnerships (partners opposite); the
  24-card pack (9 to A). The whole pack is dealt, one card at a time from the dealer's
  left: six cards each, no kitty, no turned card. Three players: eight cards each, each
  for themselves. Two players: eight cards each and a third hand of eight dealt to
  nobody, left face down and unused.
* **Auction.** From the dealer's left, clockwise, each player bids a number of tricks
  (``bid 1`` … ``bid 5``; ``bid 7`` with two or three players), ``bid little-pepper``
  or ``bid big-pepper`` (all the tricks), higher than the bid before, or passes. The
  bidding goes round as often as needed until the high bid has been passed by every
  other player (``bidding_rounds = multi``; ``single``: each player speaks once); a
  player who has passed is out (``pass_is_final``). Big pepper ends the auction at once.
  If everyone passes the next dealer deals (``all_pass = redeal``), or the dealer may not
  pass and must bid (``stick_the_dealer``).
* **Trump.** The high bidder names a suit (``call H``) or no trump (``call NT``; not with
  ``no_trump_allowed = false``). With a trump suit the bowers are the top trumps as in
  euchre; at no trump every suit ranks A K Q J 10 9 and the jacks are ordinary cards.
* **Pepper.** A little or big pepper is a bid to take every trick. With four players
  the bidder's partner sits out (``pepper_partner_sits_out``), after the exchange: for a
  little pepper the partner, told only the trump, gives the bidder one card of the
  partner's choice face down (``give 9S``), and the bidder then discards one face down
  (``discard 9S``); for a big pepper there is no exchange
  (``little_pepper_exchange_cards`` = 1, ``big_pepper_exchange_cards`` = 0; each 0 to 2).
  If the partner does not sit out, the bidder passes back as many cards to the partner
  instead of discarding them (a project decision: the partner needs a full hand to
  play). With two or three players there is no partner and no exchange.
* **Play.** The high bidder leads (``opening_lead = declarer``; ``eldest``: the dealer's
  left, or the next player who plays). Following and trick winning as in euchre; a
  sitting-out partner's turn is skipped.
* **Scoring** (``scoring = common``; per side, each partner scoring the side's points;
  with three players each defender for themselves):

  ======================  ==============================  ================
  situation               bidding side                    other side(s)
  ======================  ==============================  ================
  numeric bid made        + tricks it took                + tricks it took
  numeric bid failed      − the bid                       + tricks it took
  little pepper made      + ``little_pepper_value`` (12)  see below
  little pepper failed    − ``little_pepper_value``       + tricks it took
  big pepper made         + ``big_pepper_value`` (24)     see below
  big pepper failed       − ``big_pepper_value``          + tricks it took
  ======================  ==============================  ================

  Against a made pepper the other side takes no trick, and scores
  ``defenders_blanked_in_pepper`` (0 by default; some tables: −6).

  Scores may go below zero.
* **Game.** To 30 (``target_score``). Both sides can pass the target in the same hand:
  then the higher total wins and equal totals play on (``simultaneous_target =
  highest_wins``), or the bidding side wins (``bidders_win``).

Options (``[options.pepper]``); the player count is
the variant's ``players`` (``pepper``: 4, ``pepper-3``: 3, ``pepper-2``: 2), and the hand
size (6, or 8 with two or three players) and the bids (1–5 or 1–7, then the two peppers)
follow from it:

================================  ============================================
``bidding_rounds``                ``multi``; ``single``
``pass_is_final``                 ``true``; ``false``
``no_trump_allowed``              ``true``; ``false``
``all_pass``                      ``redeal``; ``stick_the_dealer``
``little_pepper_exchange_cards``  1 (0 to 2)
``big_pepper_exchange_cards``     0 (0 to 2)
``pepper_partner_sits_out``       ``true``; ``false``
``opening_lead``                  ``declarer``; ``eldest``
``scoring``                       ``common``
``little_pepper_value``           12
``big_pepper_value``              24
``defenders_blanked_in_pepper``   0 (some tables: −6)
``target_score``                  30
``simultaneous_target``           ``highest_wins``; ``bidders_win``
================================  ============================================

Bots: the plugin advises the heuristic bot on the auction (the lowest bid that outbids,
up to the tricks the side can count on, with the partner's bids as support; a pepper only
when the hand should take every trick alone), the trump or no trump, the exchange on both
sides (the partner gives the best card for the bidder's trump; the bidder discards the
card that leaves the best hand) and the pass-back.

Sources: pagat.com, “Pepper”; Wikipedia, “Bid Euchre”; Wikipedia, “Pepper (card game)”;
gamerules.com, “Pepper”; ourpastimes.com, “How to Play the Card Game Pepper”;
trapapps.com, “Pepper”; White Knuckle Cards, “Pepper”; Mike Landwehr's eastern-Iowa Pepper
rules; billwolf.space, “Pepper scorer”.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping, Sequence
from typing import Any

from euchre_plugins import auction_core as core
from euchre_plugins.auction_core import AuctionRules, Ladder, Rung
from euchre_plugins.standard import deal_cards, partnerships_for, shuffled

from euchre_core.actions import DISCARD, PASS, Action, Bid, Call, Discard, Give, Pass
from euchre_core.bots.evaluate import Outlook, best_discard, estimate, make_chance, side_words
from euchre_core.cards import SUITS, Card, Suit, pack
from euchre_core.config import Config, Option
from euchre_core.errors import ConfigError
from euchre_core.events import CardGiven, Contract, Discarded
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
from euchre_core.trumps import ranking
from euchre_core.view import PlayerView

NAME = "pepper"
CONFLICTS = ("standard", "auction")

LITTLE = "little-pepper"
BIG = "big-pepper"
PEPPERS = (LITTLE, BIG)

OPTIONS = [
    Option(
        "bidding_rounds",
        str,
        "multi",
        "The bidding goes round until the high bid is passed by every other player (multi), "
        "or each player speaks once (single).",
        choices=("multi", "single"),
    ),
    Option("pass_is_final", bool, True, "A player who has passed may not bid again."),
    Option("no_trump_allowed", bool, True, "The high bidder may name no trump."),
    Option(
        "all_pass",
        str,
        "redeal",
        "When everyone passes: the next dealer deals, or the dealer must bid.",
        choices=("redeal", "stick_the_dealer"),
    ),
    Option(
        "little_pepper_exchange_cards",
        int,
        1,
        "Cards the partner gives a little pepper bidder (who then discards as many).",
        min=0,
        max=2,
    ),
    Option(
        "big_pepper_exchange_cards",
        int,
        0,
        "Cards the partner gives a big pepper bidder (who then discards as many).",
        min=0,
        max=2,
    ),
    Option(
        "pepper_partner_sits_out",
        bool,
        True,
        "The partner of a pepper bidder sits out (both peppers are lone hands).",
    ),
    Option(
        "opening_lead",
        str,
        "declarer",
        "Who leads the first trick: the high bidder, or the dealer's left (the next player "
        "who plays).",
        choices=("declarer", "eldest"),
    ),
    Option(
        "scoring",
        str,
        "common",
        "The scoring table: common (each side its tricks; a failed bid costs the bid).",
        choices=("common",),
    ),
    Option("little_pepper_value", int, 12, "Points a little pepper wins or costs.", min=1),
    Option("big_pepper_value", int, 24, "Points a big pepper wins or costs.", min=1),
    Option(
        "defenders_blanked_in_pepper",
        int,
        0,
        "Points of a side that takes no trick against a made pepper (e.g. -6).",
        max=0,
    ),
    Option("target_score", int, 30, "Points that win the game.", min=1),
    Option(
        "simultaneous_target",
        str,
        "highest_wins",
        "When both sides pass the target in one hand: the higher total wins (a tie plays "
        "on), or the bidding side wins.",
        choices=("highest_wins", "bidders_win"),
    ),
]


def hand_size_for(seats: int) -> int:
    """Six cards each with four players; eight with two or three."""
    return 6 if seats == 4 else 8


@functools.lru_cache(maxsize=64)
def ladder_for(seats: int, little: int, big: int, alone: bool) -> Ladder:
    """Bids 1 to one less than the hand size, then little and big pepper (all tricks)."""
    size = hand_size_for(seats)
    rungs = [Rung(v, v, v) for v in range(1, size)]
    rungs.append(Rung(LITTLE, size, little, alone=alone or seats < 4))
    rungs.append(Rung(BIG, size, big, alone=alone or seats < 4))
    return Ladder(tuple(rungs))


def rules_for(options: Mapping[str, Any], seats: int) -> AuctionRules:
    """The auction of this game, from the options."""
    return _rules(
        seats,
        int(options["little_pepper_value"]),
        int(options["big_pepper_value"]),
        bool(options["pepper_partner_sits_out"]),
        str(options["bidding_rounds"]),
        bool(options["pass_is_final"]),
        str(options["all_pass"]),
        bool(options["no_trump_allowed"]),
    )


@functools.lru_cache(maxsize=256)
def _rules(
    seats: int,
    little: int,
    big: int,
    alone: bool,
    rounds: str,
    final: bool,
    all_pass: str,
    no_trump: bool,
) -> AuctionRules:
    return AuctionRules(ladder_for(seats, little, big, alone), rounds, final, all_pass, no_trump)


def opt(state: State) -> Mapping[str, Any]:
    return state.options[NAME]


def auction_rules(state: State) -> AuctionRules:
    return rules_for(opt(state), state.seats)


def is_pepper(level: object) -> bool:
    return level in PEPPERS


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
    if not 2 <= seats <= 4:
        raise ConfigError(
            config.source, "variant.players", f"pepper is for 2, 3 or 4 players, not {seats}"
        )
    partnerships = partnerships_for(seats) if seats == 4 else None
    return Table(seats, partnerships, pack("9"), hand_size_for(seats), int(o["target_score"]))


@hookimpl
def euchre_first_dealer(state: State, rng: random.Random) -> int:
    return rng.randrange(state.seats)


@hookimpl
def euchre_deal(state: State, rng: random.Random) -> Deal:
    """One card at a time from the dealer's left; with two players the eight cards left
    over are the hand dealt to nobody (the kitty, dead)."""
    deck = shuffled(state.table.deck, rng)
    return deal_cards(deck, state.dealer, state.seats, state.table.hand_size, "singles", False)


# ---------------------------------------------------------------------------------------
# Bidding
# ---------------------------------------------------------------------------------------


@hookimpl
def euchre_bidder(state: State) -> int:
    return core.next_bidder(state, auction_rules(state))


@hookimpl
def euchre_legal_bids(state: State, seat: int) -> list[Action]:
    return core.legal_bids(state, seat, auction_rules(state))


@hookimpl
def euchre_bidding_result(state: State) -> Contract | PassOut | None:
    return core.bidding_result(state, auction_rules(state))


# ---------------------------------------------------------------------------------------
# The pepper exchange
# ---------------------------------------------------------------------------------------


def exchange_count(options: Mapping[str, Any], level: object, seats: int) -> int:
    """Cards the partner passes to a pepper bidder (0 without a partner)."""
    if seats != 4 or not is_pepper(level):
        return 0
    key = "little_pepper_exchange_cards" if level == LITTLE else "big_pepper_exchange_cards"
    return int(options[key])


def pepper_partner(state: State) -> int | None:
    """The partner of the high bidder in a pepper (four players), else ``None``."""
    c = state.contract
    if c is None or c.maker is None or not is_pepper(c.level) or state.seats != 4:
        return None
    return state.partners_of(c.maker)[0]


@hookimpl
def euchre_prepare_step(state: State) -> Decision | None:
    c = state.contract
    if c is None or c.maker is None:
        return None
    n = exchange_count(opt(state), c.level, state.seats)
    partner = pepper_partner(state)
    if not n or partner is None:
        return None
    declarer = c.maker
    given = sum(1 for s, a in state.prepare_log if s == partner and isinstance(a, Give))
    if given < n:
        hand = state.hands[partner]
        return Decision(partner, tuple(Give(x) for x in hand), kind="give", give_to=declarer)
    hand = state.hands[declarer]
    if len(hand) <= state.table.hand_size:
        return None
    if opt(state)["pepper_partner_sits_out"]:
        return Decision(declarer, tuple(DISCARD[x.index] for x in hand), kind="discard")
    return Decision(declarer, tuple(Give(x) for x in hand), kind="give", give_to=partner)


@hookimpl
def euchre_why_illegal(state: State, seat: int, action: Action) -> str | None:
    if state.to_act != seat:
        return None
    if state.phase is Phase.BIDDING:
        return core.why_illegal(state, seat, action, auction_rules(state))
    d = state.decision
    if d is not None and isinstance(action, (Give, Discard)):
        c = action.card
        if c is not None and c not in state.hands[seat]:
            return f"seat {seat} does not hold {c}"
        if d.kind == "give" and isinstance(action, Discard):
            return "give the card to the partner (give CARD), do not discard it"
        if d.kind == "discard" and isinstance(action, Give):
            return "discard a card face down (discard CARD)"
    return None


# ---------------------------------------------------------------------------------------
# Play
# ---------------------------------------------------------------------------------------


@hookimpl
def euchre_teams(state: State) -> Teams:
    c = state.contract
    assert c is not None and c.maker is not None
    makers = frozenset(state.table.side_of(c.maker))
    out: frozenset[int] = frozenset()
    partner = pepper_partner(state)
    if partner is not None and opt(state)["pepper_partner_sits_out"]:
        out = frozenset((partner,))
    return Teams(makers, frozenset(range(state.seats)) - makers, out)


@hookimpl
def euchre_first_leader(state: State) -> int:
    return core.opening_leader(state, str(opt(state)["opening_lead"]))


# ---------------------------------------------------------------------------------------
# Scoring and the end of the game
# ---------------------------------------------------------------------------------------


def hand_points(state: State) -> tuple[tuple[int, ...], str]:
    """Points per seat for the hand just played, and a word for the outcome."""
    t = state.teams
    c = state.contract
    assert t is not None and c is not None and c.level is not None
    o = opt(state)
    rung = auction_rules(state).ladder.rung(c.level)
    won = state.tricks_won
    bid_side = sum(won[s] for s in t.makers)
    made = bid_side >= rung.tricks
    sides = state.table.sides
    points = [0] * state.seats

    def side_tricks(seat: int) -> int:
        return sum(won[s] for s in state.table.side_of(seat))

    for side in sides:
        bidders = side[0] in t.makers
        for s in side:
            if bidders:
                if made:
                    points[s] = rung.points if is_pepper(c.level) else bid_side
                else:
                    points[s] = -rung.points
            elif made and is_pepper(c.level):
                points[s] = int(o["defenders_blanked_in_pepper"])
            else:
                points[s] = side_tricks(s)
    word = "pepper" if is_pepper(c.level) else "make"
    return tuple(points), word if made else "set"


@hookimpl
def euchre_score_hand(state: State) -> HandScore:
    points, outcome = hand_points(state)
    return HandScore(points, outcome)


@hookimpl
def euchre_game_result(state: State) -> GameResult | None:
    makers: tuple[int, ...] = ()
    if state.hand_records and state.hand_records[-1].makers:
        makers = state.hand_records[-1].makers
    return core.target_result(
        state, state.table.target, str(opt(state)["simultaneous_target"]), makers
    )


@hookimpl
def euchre_next_dealer(state: State) -> int:
    return (state.dealer + 1) % state.seats


# ---------------------------------------------------------------------------------------
# Advice to the heuristic bot
# ---------------------------------------------------------------------------------------

#: Chance of making a numeric bid the bot asks for before bidding it.
BID_CHANCE = 0.6
#: Tricks a partner's numeric bid promises, per trick bid.
PARTNER_BID_SUPPORT = 0.3
#: Tricks taken off a partner's expected help when the partner passed without bidding.
PARTNER_PASS_PENALTY = 0.35
#: Partner hands sampled to value the pepper exchange.
EXCHANGE_SAMPLES = 8
#: Chance of every trick the bot asks for before a little pepper (it wins or costs 12,
#: against about 5 for the tricks of a numeric bid: break-even is near 0.7).
LITTLE_PEPPER_CHANCE = 0.75
#: Chance of every trick the bot asks for before a big pepper.
BIG_PEPPER_CHANCE = 0.85


def deck_of(view: PlayerView) -> tuple[Card, ...]:
    """The 24-card pack, or the pack a ``deck`` option names (Bid euchre's double packs)."""
    from euchre_core.bots.evaluate import deck_option

    return deck_option(view.options) or pack("9")


def known_out(view: PlayerView) -> frozenset[Card]:
    """Cards this seat knows are in no other hand: its own discards and cards it gave."""
    out: set[Card] = set()
    for e in view.events:
        if isinstance(e, Discarded) and e.seat == view.seat and e.card is not None:
            out.add(e.card)
    return frozenset(out)


def outlook_for(view: PlayerView, alone: bool) -> Outlook:
    """Where the unseen cards are: partnership play, or the bidder playing alone."""
    hs = view.hand_size
    partners = 0 if alone else len(view.partners())
    opps = view.seats - 1 - len(view.partners())
    return Outlook(
        deck_of(view),
        known_out(view),
        opponent_cards=opps * hs,
        opponents=opps,
        partner_cards=partners * hs,
        partners=partners,
        hand_size=hs,
    )


def partner_support(view: PlayerView) -> float:
    """Tricks the partner should add, from the partner's bids (0 without a partner)."""
    partners = view.partners()
    if not partners:
        return 0.0
    base = 0.19 * view.hand_size
    p = partners[0]
    best = 0
    spoke = False
    for seat, a in view.bids:
        if seat != p:
            continue
        spoke = True
        if isinstance(a, Bid) and isinstance(a.value, int):
            best = max(best, a.value)
    if best:
        return base + PARTNER_BID_SUPPORT * best
    return base - PARTNER_PASS_PENALTY if spoke else base


def trump_choices(view: PlayerView) -> list[Suit | None]:
    out: list[Suit | None] = list(SUITS)
    if view.options[NAME]["no_trump_allowed"]:
        out.append(None)
    return out


def best_contract(view: PlayerView, alone: bool) -> tuple[Suit | None, float]:
    """The trump under which this hand takes most tricks, and how many (own cards)."""
    outlook = outlook_for(view, alone)
    best: tuple[Suit | None, float] | None = None
    for s in trump_choices(view):
        t = estimate(view.hand, s, outlook).tricks
        if best is None or t > best[1] + 1e-9:
            best = (s, t)
    assert best is not None
    return best


def call_name(suit: Suit | None) -> str:
    return "NT" if suit is None else suit.value


def all_tricks_chance(tricks: float, hand_size: int) -> float:
    """How sure a hand expected to take ``tricks`` alone is to take every trick: the
    evaluator gives a sure hand its full count, and every missing tenth of a trick costs
    a fifth of the chance."""
    return max(0.0, min(1.0, 1.0 - 2.0 * (hand_size - tricks)))


def pepper_chance(view: PlayerView, trump: Suit | None, cards_given: int) -> float:
    """Chance of every trick alone under ``trump`` after receiving ``cards_given`` cards
    from the partner (its best ones for that trump) and discarding as many: averaged over
    partner hands sampled from the unseen cards (deterministically for the hand)."""
    outlook = outlook_for(view, alone=True)
    hs = view.hand_size
    if not cards_given:
        return all_tricks_chance(estimate(view.hand, trump, outlook).tricks, hs)
    r = ranking(trump)
    unseen = [c for c in deck_of(view) if c not in view.hand]
    rng = random.Random(" ".join(sorted(c.code for c in view.hand)) + call_name(trump))
    total = 0.0
    for _ in range(EXCHANGE_SAMPLES):
        partner = rng.sample(unseen, hs)
        given = sorted(partner, key=lambda c: -r.power[c.index])[:cards_given]
        cards = [*view.hand, *given]
        gone: list[Card] = []
        while len(cards) > hs:
            c, _ = best_discard(cards, trump, outlook.without(gone))
            cards.remove(c)
            gone.append(c)
        total += all_tricks_chance(estimate(cards, trump, outlook.without(gone)).tricks, hs)
    return total / EXCHANGE_SAMPLES


def advise_bid(view: PlayerView, legal: Sequence[Action]) -> tuple[Action, str]:
    o = view.options[NAME]
    hs = view.hand_size
    by_value = {a.value: a for a in legal if isinstance(a, Bid)}
    can_pass = any(isinstance(a, Pass) for a in legal)
    # A pepper: every trick, alone (after the exchange for a little pepper).
    solo_suit, solo = best_contract(view, alone=True)
    if BIG in by_value:
        chance = pepper_chance(view, solo_suit, exchange_count(o, BIG, view.seats))
        if chance >= BIG_PEPPER_CHANCE:
            return by_value[BIG], (
                f"bid big pepper: about {solo:.1f} of {hs} tricks alone at "
                f"{core.suit_name(solo_suit)}, a {chance:.0%} chance of every trick."
            )
    if LITTLE in by_value and solo >= hs - 1.5:
        given = exchange_count(o, LITTLE, view.seats)
        chance = pepper_chance(view, solo_suit, given)
        if chance >= LITTLE_PEPPER_CHANCE:
            help_ = " with your partner's best card" if given else ""
            return by_value[LITTLE], (
                f"bid little pepper: about {solo:.1f} of {hs} tricks alone at "
                f"{core.suit_name(solo_suit)}; a {chance:.0%} chance of every trick{help_}."
            )
    suit, own = best_contract(view, alone=False)
    side = min(float(hs), own + partner_support(view))
    numeric = sorted(v for v in by_value if isinstance(v, int))
    safe = [v for v in numeric if make_chance(side, v) >= BID_CHANCE]
    partners = view.partners()
    rules = rules_for(o, view.seats)
    st = core.status(view.bids, view.dealer, view.seats, rules)
    if safe and (st.high is None or st.high not in partners or own >= hs / 2):
        first = safe[0]
        return by_value[first], (
            f"bid {first}: about {side:.1f} tricks for {side_words(view)} at "
            f"{core.suit_name(suit)}; the lowest bid that takes the lead."
        )
    if not can_pass:
        v = min(by_value, key=lambda x: rules.ladder.index(x))
        return by_value[v], (
            f"bid {v}: the dealer must bid; {core.suit_name(suit)} is your best trump."
        )
    if st.high is not None and st.high in partners:
        return PASS, (
            f"pass: your partner holds the bid and your hand adds about {own:.1f} tricks."
        )
    return PASS, (
        f"pass: about {side:.1f} tricks for {side_words(view)} at {core.suit_name(suit)}, "
        "not enough to outbid."
    )


def advise_trump(view: PlayerView, legal: Sequence[Action]) -> tuple[Action, str]:
    rules = rules_for(view.options[NAME], view.seats)
    st = core.status(view.bids, view.dealer, view.seats, rules)
    alone = st.level is not None and rules.ladder.rung(st.level).alone
    suit, tricks = best_contract(view, alone=alone)
    call = core.trump_call(suit, legal)
    return call, f"call {core.suit_name(suit)}: about {tricks:.1f} tricks from your own cards."


def advise_give(view: PlayerView, legal: Sequence[Action]) -> tuple[Action, str]:
    c = view.contract
    assert c is not None
    r = ranking(c.trump)
    cards = [a.card for a in legal if isinstance(a, Give)]
    if c.maker == view.seat:
        # Passing back to a partner who plays: the least useful card.
        worst = min(cards, key=lambda x: r.power[x.index])
        return Give(worst), f"give {worst}: the card you need least."
    best = max(cards, key=lambda x: r.power[x.index])
    what = "your best trump" if r.is_trump(best) else "your best card"
    return Give(best), f"give {best}: {what} for your partner's pepper."


def advise_discard(view: PlayerView, legal: Sequence[Action]) -> tuple[Action, str]:
    trump = view.trump
    received = {e.card for e in view.events if isinstance(e, CardGiven) and e.card is not None}
    outlook = outlook_for(view, alone=True).without(received - set(view.hand))
    return core.discard_advice(view.hand, trump, outlook, legal)


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
            return advise_give(view, legal)
        if kinds == {Discard}:
            return advise_discard(view, legal)
    return None


__all__ = ["BIG", "LITTLE", "OPTIONS", "hand_size_for", "ladder_for", "rules_for"]


# ---------------------------------------------------------------------------------------
# Coaching: pepper's own rules in plain words, quoting the options in force
# ---------------------------------------------------------------------------------------


@hookimpl
def euchre_add_coaching(config: Config) -> dict[str, str]:
    """What pepper teaches: bidding for tricks, naming trump, the two peppers, the
    partner's exchange and the scoring by tricks."""
    o = config.options[NAME]
    seats = config.players or 4
    size = hand_size_for(seats)
    top = size - 1
    little, big = int(o["little_pepper_value"]), int(o["big_pepper_value"])
    target = int(o["target_score"])
    give_little = exchange_count(o, LITTLE, seats)
    give_big = exchange_count(o, BIG, seats)
    partners = seats == 4
    who = "two teams of two, partners face to face" if partners else "each for themselves"
    side = "side" if partners else "player"
    nt = " or no trump" if o["no_trump_allowed"] else ""

    def cards(n: int) -> str:
        return "one card" if n == 1 else f"{n} cards"

    if partners and give_little:
        exchange = (
            "For a little pepper your partner, told only the trump, passes you "
            f"{cards(give_little)} face down, and you discard {cards(give_little)}; then "
            "your partner sits out."
        )
    elif partners:
        exchange = "Your partner sits out a pepper without passing you a card."
    else:
        exchange = ""
    big_exchange = (
        f"; for a big pepper your partner passes {cards(give_big)}" if partners and give_big else ""
    )
    texts = {
        "intro": (
            f"Pepper is bid euchre for {seats} players, {who}. All 24 cards are dealt, "
            f"{size} each, with no up-card: you bid how many tricks your {side} will take, "
            f"and the highest bidder names trump. The first to {target} points wins. I will "
            "tell you what each decision is about, what I would do and why; the choice is "
            "always yours."
        ),
        "rules": (
            f"24 cards, {size} to each player, no kitty. From the dealer's left each player "
            f"bids 1 to {top} tricks, little pepper or big pepper (every trick), higher than "
            "the bid before, or passes; a player who passes is out. The high bidder names a "
            f"suit{nt} as trump and leads. The jack of trump (right bower) and the other jack "
            "of its colour (left bower) are the two highest trumps. Follow the suit led if "
            "you can. A bid made scores the tricks taken; a bid failed costs the bid; the "
            f"other {side} scores its own tricks. Little pepper scores {little}, big pepper "
            f"{big}, made or lost. Game to {target}; scores may go below zero."
        ),
        "bidding": (
            f"The bidding: each bid names how many of the {size} tricks your {side} will take "
            f"(with trump chosen by you if you win the bid); each bid must be higher than the "
            "last, and a pass is final. Count your sure tricks in your best suit: the bowers, "
            "the ace and king of trump, side aces"
            + (", and about one trick from your partner." if partners else ".")
        ),
        "name-trump": (
            f"You won the bidding: now name the trump suit{nt}. Choose the suit that gives "
            "the most tricks, usually your longest suit with the bowers."
        ),
        "pepper": (
            f"Little pepper and big pepper are bids to take all {size} tricks"
            + (", playing alone while your partner sits out" if partners else "")
            + f". Little pepper scores {little}, big pepper {big}, won or lost; big pepper "
            "ends the bidding at once. Bid one only with a hand that should take every trick."
        ),
        "exchange": exchange + (big_exchange + "." if exchange and big_exchange else ""),
        "scoring": (
            f"Pepper scoring: a {side} that makes its bid scores every trick it took, not "
            f"just the bid; the other {side} scores the tricks it took too. Little pepper "
            f"scores {little} and big pepper {big}. The first to {target} wins."
        ),
        "euchred": (
            "A bidder who takes fewer tricks than the bid is set: the bid is taken off their "
            f"score (a little pepper costs {little}, a big pepper {big}), and the other "
            f"{side} still scores its tricks."
        ),
        "alone": "",
        "ask:bid": (
            f"Your bid: a number of tricks your {side} will take, a pepper (all {size}), or "
            "pass (you are then out of the bidding)."
        ),
        "ask:name-trump": f"Name trump: a suit{nt}; you lead the first trick.",
        "ask:give": (
            "Your partner bid a pepper: pass one of your cards face down, the one that helps "
            "most (a high trump), then sit out."
        ),
        "ask:discard": "You hold an extra card from your partner: discard one face down.",
        "term:pepper": (
            f"A bid to take all {size} tricks: little pepper scores {little}, big pepper {big}"
            + ("; the bidder's partner sits out." if partners else ".")
        ),
        "term:set": "A bidder who takes fewer tricks than the bid is set and loses the bid.",
    }
    return texts


@hookimpl
def euchre_action_words(view: PlayerView, action: Action) -> ActionWords | None:
    """Bids typed as numbers or names; the risky ones say what they risk."""
    return core.action_words(view, action, rules_for(view.options[NAME], view.seats))

"""Hasenpfeffer: bid euchre with the joker, six cards each and a one-card widow.

The four-hand partnership game from which Pepper takes its name. The sources that
survive agree on the pack, the deal, the bidding and the forced bid of the joker's
holder; for the widow, the lead and the scoring of a hand no single-deck source could be
read, so the defaults below are one common form, taken from the closest relatives
(Parlett's Double Hasenpfeffer and pagat's general Bid Euchre rules), and each is an
option.

* **Players and cards.** Four players in two partnerships, partners opposite. 25 cards:
  9 to A in each suit and the joker. Six cards each, dealt in packets of three
  (``deal_pattern = threes``; ``singles``); the 25th card is laid face down: the
  **widow**. The first dealer is chosen at random (``first_dealer = random``;
  ``low_draw``: the lowest card of a draw deals, ties drawing again).
* **Ranking.** The joker is always the highest trump. With a trump suit the order is
  joker, right bower (jack of trump), left bower (the other jack of its colour), A, K,
  Q, 10, 9; the other suits A K Q (J) 10 9. With ``bowers = false`` (Parlett's "original"
  game) the jacks are ordinary cards between the queen and the ten, and the joker is
  still the top trump.
* **Bidding.** From the dealer's left, clockwise, each player bids a number of tricks
  from 1 to 6 that his side will take with the trump he names, higher than the bid
  before, or passes. The bidding goes round as often as needed until three players have
  passed (``bidding_rounds = until_three_pass``; ``single``: each speaks once); a pass
  is final (``pass_is_final``; false: a player who passed may bid when the turn comes
  back). A bid of 6 ends the bidding at once.
* **Nobody bids** (``all_pass = joker_holder_bids_three``). The holder of the joker must
  show it and bid 3: that is his only choice. If the joker is the widow card, nobody
  holds it: the hand is thrown in and the next dealer deals
  (``joker_in_widow_pass_out = redeal``; ``dealer_bids_three``: the dealer is held to
  3 and takes the widow, the joker). With ``all_pass = dealer_bids_three`` the dealer
  is held to 3 whoever holds the joker (as in Double Hasenpfeffer).
* **The widow and trump.** The high bidder takes the widow into his hand, unseen by the
  others, discards one card face down, the widow card included if he likes, and then
  names trump (a suit; no trump too with ``no_trump_allowed``), so that the widow card
  can decide the trump (``trump_named = after_widow``; ``after_auction``: trump is named
  as soon as the bidding is won, before the widow is taken). With ``widow_use = unused``
  the widow stays face down out of play and trump is named when the bidding is won.
* **Going alone** (``lone_hands = off``). With ``parlett_double`` the high bidder may then
  play alone: he discards ``lone_exchange_cards`` (1) cards face down and his partner
  passes him as many of his choice, face down, and sits out; a lone hand wins or loses
  double.
* **Play.** The high bidder leads (``opening_lead = declarer``; ``eldest``: the dealer's
  left, or the next seat that plays). Follow the suit led if you can (the joker and the
  left bower are trumps); the highest trump wins, else the highest card of the suit led.
* **Scoring** (``scoring = per_trick``), per side:

  ====================  =======================  =====================
  situation             bidding side             other side
  ====================  =======================  =====================
  bid made              + the tricks it took     + the tricks it took
  bid failed            − the bid                + the tricks it took
  ====================  =======================  =====================

  With ``defenders_score_tricks = false`` only the bidding side scores. A forced bid of
  3 that fails costs 3 (``forced_bid_failure = full``) or half of it
  (``half``: then every score is kept in half points, and the target is doubled to
  match). Scores may go below zero.
* **Game.** To 10 points (``target_score``). A side wins only at the end of a hand in
  which it made its bid or defeated the other side's bid, with a score at or above the
  target (``win_rule = winning_side_only``); tricks taken while the other side makes its
  bid never win the game. ``highest_at_target``: the highest score at or above the
  target wins, equal scores play on.

Options (``[options.hasenpfeffer]``):

=============================  ===============================================
``bowers``                     ``true``; ``false``
``deal_pattern``               ``threes``; ``singles``
``first_dealer``               ``random``; ``low_draw``
``bidding_rounds``             ``until_three_pass``; ``single``
``pass_is_final``              ``true``; ``false``
``all_pass``                   ``joker_holder_bids_three``; ``dealer_bids_three``
``joker_in_widow_pass_out``    ``redeal``; ``dealer_bids_three``
``no_trump_allowed``           ``false``; ``true``
``trump_named``                ``after_widow``; ``after_auction``
``widow_use``                  ``bidder_exchange``; ``unused``
``lone_hands``                 ``off``; ``parlett_double``
``lone_exchange_cards``        1 (1 or 2)
``opening_lead``               ``declarer``; ``eldest``
``scoring``                    ``per_trick``
``forced_bid_failure``         ``full``; ``half``
``defenders_score_tricks``     ``true``; ``false``
``target_score``               10
``win_rule``                   ``winning_side_only``; ``highest_at_target``
=============================  ===============================================

Bots: the plugin advises the heuristic bot on the bidding (the lowest bid that takes the
lead, up to the tricks its side can count on with the widow and the partner), the trump,
the widow discard, the lone hand and the exchange.

Sources: The Spruce Crafts, “Hasenpfeffer Card Game Rules”; Denexa Games,
“Hasenpfeffer”; gamerules.com, “Hasenpfeffer”; Wikipedia, “Bid Euchre”; David Parlett,
The Penguin Book of Card Games, “Pepper” and “Double Hasenpfeffer”; pagat.com, “Bid
Euchre”.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from euchre_plugins import auction_core as core
from euchre_plugins.auction_core import AuctionRules, Ladder, Rung
from euchre_plugins.standard import deal_cards, partnerships_for, shuffled

from euchre_core.actions import DISCARD, PASS, Action, Bid, Call, Discard, Give, GoAlone, Pass
from euchre_core.bots.sampling import KITTY, SampleConstraints
from euchre_core.cards import JOKER, Card, Suit, pack
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
    Transfer,
)
from euchre_core.state import State
from euchre_core.trumps import Ranking, ranking
from euchre_core.view import PlayerView

NAME = "hasenpfeffer"
CONFLICTS = ("standard", "auction", "pepper")

#: The bid the forced bidder must make when everyone passes.
FORCED = 3
HAND_SIZE = 6

OPTIONS = [
    Option(
        "bowers",
        bool,
        True,
        "The jacks of the trump colour are the right and left bowers (false: every jack "
        "ranks between queen and ten; the joker stays the top trump).",
    ),
    Option(
        "deal_pattern",
        str,
        "threes",
        "The deal: two packets of three, or one card at a time.",
        choices=("threes", "singles"),
    ),
    Option(
        "first_dealer",
        str,
        "random",
        "The first dealer: chosen at random, or the lowest card of a draw.",
        choices=("random", "low_draw"),
    ),
    Option(
        "bidding_rounds",
        str,
        "until_three_pass",
        "The bidding goes round until three players have passed, or each speaks once.",
        choices=("until_three_pass", "single"),
    ),
    Option("pass_is_final", bool, True, "A player who has passed may not bid again."),
    Option(
        "all_pass",
        str,
        "joker_holder_bids_three",
        "When everyone passes: the holder of the joker must bid 3, or the dealer must.",
        choices=("joker_holder_bids_three", "dealer_bids_three"),
    ),
    Option(
        "joker_in_widow_pass_out",
        str,
        "redeal",
        "When everyone passes and the joker is the widow card: the next dealer deals, or "
        "the dealer must bid 3.",
        choices=("redeal", "dealer_bids_three"),
    ),
    Option("no_trump_allowed", bool, False, "The high bidder may name no trump."),
    Option(
        "trump_named",
        str,
        "after_widow",
        "The high bidder names trump after taking the widow and discarding (after_widow), "
        "or as soon as the bidding is won, before taking the widow (after_auction).",
        choices=("after_widow", "after_auction"),
    ),
    Option(
        "widow_use",
        str,
        "bidder_exchange",
        "The high bidder takes the widow and discards one card, or the widow stays out.",
        choices=("bidder_exchange", "unused"),
    ),
    Option(
        "lone_hands",
        str,
        "off",
        "No lone hands, or the high bidder may play alone after an exchange with the "
        "partner, winning or losing double (parlett_double).",
        choices=("off", "parlett_double"),
    ),
    Option(
        "lone_exchange_cards",
        int,
        1,
        "Cards a lone bidder discards and receives from the partner (parlett_double).",
        min=1,
        max=2,
    ),
    Option(
        "opening_lead",
        str,
        "declarer",
        "Who leads the first trick: the high bidder, or the dealer's left.",
        choices=("declarer", "eldest"),
    ),
    Option(
        "scoring",
        str,
        "per_trick",
        "Each side scores its tricks; a failed bid costs the bid.",
        choices=("per_trick",),
    ),
    Option(
        "forced_bid_failure",
        str,
        "full",
        "A failed forced bid costs the bid (full) or half of it (half: scores in half points).",
        choices=("full", "half"),
    ),
    Option(
        "defenders_score_tricks",
        bool,
        True,
        "The side that did not win the bid scores its tricks too.",
    ),
    Option("target_score", int, 10, "Points that win the game.", min=1),
    Option(
        "win_rule",
        str,
        "winning_side_only",
        "Only a side that made its bid or defeated the other's can win (winning_side_only), "
        "or the highest score at the target wins (highest_at_target).",
        choices=("winning_side_only", "highest_at_target"),
    ),
]


@dataclass(frozen=True, slots=True)
class JokerShown(Event):
    """Everyone passed: where the joker is, shown to all. ``seat`` is its holder, or
    ``None`` when it is the widow card."""

    seat: int | None
    card: Card = JOKER
    lesson_topic = "bidding"


def opt(state: State) -> Mapping[str, Any]:
    return state.options[NAME]


def half_points(options: Mapping[str, Any]) -> bool:
    """Scores are kept in half points (a failed forced bid costs half the bid)."""
    return options["forced_bid_failure"] == "half"


def unit(options: Mapping[str, Any]) -> int:
    """Score units per point: 2 when scores are kept in half points."""
    return 2 if half_points(options) else 1


@functools.lru_cache(maxsize=64)
def rules_for_key(rounds: str, final: bool, no_trump: bool) -> AuctionRules:
    ladder = Ladder(tuple(Rung(v, v, v) for v in range(1, HAND_SIZE + 1)))
    multi = "multi" if rounds == "until_three_pass" else "single"
    return AuctionRules(ladder, multi, final, "redeal", no_trump)


def rules_for(options: Mapping[str, Any]) -> AuctionRules:
    """The auction of this game, from the options."""
    return rules_for_key(
        str(options["bidding_rounds"]),
        bool(options["pass_is_final"]),
        bool(options["no_trump_allowed"]),
    )


def auction_rules(state: State) -> AuctionRules:
    return rules_for(opt(state))


def trump_after_widow(options: Mapping[str, Any]) -> bool:
    """Trump is named after the widow is taken and the discard made (not as the last
    action of the bidding)."""
    return options["trump_named"] == "after_widow" and options["widow_use"] == "bidder_exchange"


def contract_of(options: Mapping[str, Any], maker: int, suit: Suit | None, level: int) -> Contract:
    """The contract: trump ``suit``, or to be named after the widow; jacks as bowers or not."""
    later = trump_after_widow(options)
    bowers = bool(options["bowers"])
    return Contract(maker, None if later else suit, False, level, 1, bowers, named_later=later)


@hookimpl
def euchre_add_options() -> list[Option]:
    return OPTIONS


# ---------------------------------------------------------------------------------------
# Table, dealer, deal
# ---------------------------------------------------------------------------------------


@hookimpl
def euchre_table(config: Config) -> Table:
    o = config.options[NAME]
    if (config.players or 4) != 4:
        raise ConfigError(
            config.source, "variant.players", f"hasenpfeffer is for 4 players, not {config.players}"
        )
    target = int(o["target_score"]) * unit(o)
    return Table(4, partnerships_for(4), pack("9", jokers=1), HAND_SIZE, target)


#: Draw order of the ranks for a low draw (the joker draws highest).
_DRAW_VALUE = {r: i for i, r in enumerate("9TJQKA")}


def draw_value(c: Card) -> int:
    return _DRAW_VALUE.get(c.rank or "", len(_DRAW_VALUE))


def low_draw(cards: Sequence[Card], seats: int) -> int:
    """Cards drawn in turn from seat 0, one each; the lowest deals, tied seats drawing
    again (further cards of ``cards``) until one is lowest."""
    contenders = list(range(seats))
    pos = 0
    while True:
        drawn = {s: cards[pos + i] for i, s in enumerate(contenders)}
        pos += len(contenders)
        low = min(draw_value(c) for c in drawn.values())
        contenders = [s for s in contenders if draw_value(drawn[s]) == low]
        if len(contenders) == 1 or pos + len(contenders) > len(cards):
            return contenders[0]


@hookimpl
def euchre_first_dealer(state: State, rng: random.Random) -> int:
    if opt(state)["first_dealer"] == "low_draw":
        return low_draw(shuffled(state.table.deck, rng), state.seats)
    return rng.randrange(state.seats)


@hookimpl
def euchre_deal(state: State, rng: random.Random) -> Deal:
    """Six cards each from the dealer's left; the 25th card is the widow (the kitty)."""
    deck = shuffled(state.table.deck, rng)
    pattern = "2-3" if opt(state)["deal_pattern"] == "threes" else "singles"
    return deal_cards(deck, state.dealer, state.seats, HAND_SIZE, pattern, False)


@hookimpl
def euchre_ranking(state: State, trump: Suit | None) -> Ranking | None:
    if opt(state)["bowers"]:
        return None
    return ranking(trump, bowers=False)


# ---------------------------------------------------------------------------------------
# Bidding
# ---------------------------------------------------------------------------------------


def joker_holder(state: State) -> int | None:
    """The seat dealt the joker, or ``None`` when it is the widow card."""
    for s, hand in enumerate(state.deal.hands):
        if JOKER in hand:
            return s
    return None


def forced_bidder(state: State) -> int | None:
    """Who must bid 3 once everyone has passed, or ``None`` for a thrown-in hand."""
    o = opt(state)
    if o["all_pass"] == "dealer_bids_three":
        return state.dealer
    holder = joker_holder(state)
    if holder is not None:
        return holder
    return state.dealer if o["joker_in_widow_pass_out"] == "dealer_bids_three" else None


def void_before(bids: Sequence[tuple[int, Action]], state: State) -> bool:
    """Whether the auction made of ``bids`` ended with everyone passing."""
    st = core.status(bids, state.dealer, state.seats, auction_rules(state))
    return st.over and st.declarer is None


def forced_bid(state: State) -> int | None:
    """The seat that made the forced bid of 3 this hand, if any."""
    bids = state.bids
    for i, (s, a) in enumerate(bids):
        if isinstance(a, Bid):
            return s if void_before(bids[:i], state) else None
    return None


def all_passed(state: State) -> bool:
    """Everyone has passed and nobody has bid yet (the forced bid is due)."""
    return forced_bid(state) is None and void_before(state.bids, state)


@hookimpl
def euchre_bidder(state: State) -> int:
    f = forced_bid(state)
    if f is not None:
        return f
    if all_passed(state):
        seat = forced_bidder(state)
        assert seat is not None, "a thrown-in hand has no bidder"
        return seat
    return core.next_bidder(state, auction_rules(state))


@hookimpl
def euchre_legal_bids(state: State, seat: int) -> list[Action]:
    if forced_bid(state) is not None:
        return core.trump_calls(auction_rules(state))
    if all_passed(state):
        return [Bid(FORCED)]
    return core.legal_bids(state, seat, auction_rules(state))


@hookimpl
def euchre_bidding_result(state: State) -> Contract | PassOut | None:
    o = opt(state)
    later = trump_after_widow(o)
    f = forced_bid(state)
    if f is not None:
        seat, last = state.bids[-1]
        if later or (isinstance(last, Call) and seat == f):
            return contract_of(o, f, last.suit if isinstance(last, Call) else None, FORCED)
        return None
    if all_passed(state):
        if forced_bidder(state) is None:
            return PassOut(reason="nobody bid and nobody holds the joker: it is the widow card")
        return None
    if later:
        st = core.status(state.bids, state.dealer, state.seats, auction_rules(state))
        if not st.over:
            return None
        if st.declarer is None:
            return PassOut(reason="everyone passed")
        assert isinstance(st.level, int)
        return contract_of(o, st.declarer, None, st.level)
    result = core.bidding_result(state, auction_rules(state))
    if isinstance(result, Contract):
        assert isinstance(result.level, int) and result.maker is not None
        return contract_of(o, result.maker, result.trump, result.level)
    return result


@hookimpl
def euchre_extra_events(state: State, event: Event) -> list[tuple[Event, frozenset[int] | None]]:
    """When the last pass leaves the bidding void, the joker is shown: its holder, who
    must bid, or the widow card."""
    if not isinstance(event, BidMade) or not isinstance(event.action, Pass):
        return []
    if not all_passed(state):
        return []
    if opt(state)["all_pass"] == "dealer_bids_three":
        return []
    return [(JokerShown(joker_holder(state)), None)]


@hookimpl
def euchre_why_illegal(state: State, seat: int, action: Action) -> str | None:
    if state.to_act != seat:
        return None
    if state.phase is Phase.BIDDING:
        if all_passed(state):
            by_joker = opt(state)["all_pass"] == "joker_holder_bids_three"
            who = (
                "the holder of the joker"
                if by_joker and joker_holder(state) == seat
                else ("the dealer")
            )
            return f"everyone passed: {who} must bid {FORCED} (bid {FORCED})"
        if isinstance(action, Call) and trump_after_widow(opt(state)):
            return "trump is named by the high bidder after taking the widow and discarding"
        return core.why_illegal(state, seat, action, auction_rules(state))
    d = state.decision
    if isinstance(action, Call) and (d is None or d.kind != "name-trump"):
        c = state.contract
        if c is not None and c.trump is None and c.named_later and c.maker == seat:
            return "take the widow and discard first: trump is named after the discard"
        return "trump is already named"
    if isinstance(action, Call) and action.suit is None and not opt(state)["no_trump_allowed"]:
        return "no trump cannot be named in this game: name a suit (call C/D/H/S)"
    if d is not None and isinstance(action, (Give, Discard)):
        c = action.card
        if c is not None and c not in state.hands[seat]:
            return f"seat {seat} does not hold {c}"
        if d.kind == "give" and isinstance(action, Discard):
            return "give the card to your partner (give CARD), do not discard it"
        if d.kind == "discard" and isinstance(action, Give):
            return "discard a card face down (discard CARD)"
    return None


# ---------------------------------------------------------------------------------------
# The widow and the lone hand
# ---------------------------------------------------------------------------------------


def lone(state: State) -> bool:
    """The high bidder plays alone this hand."""
    return any(isinstance(a, GoAlone) for _, a in state.prepare_log)


def _widow_done(state: State, declarer: int) -> Decision | Transfer | None:
    if opt(state)["widow_use"] != "bidder_exchange":
        return None
    if not any(isinstance(a, Transfer) for _, a in state.prepare_log):
        return Transfer(declarer, tuple(state.kitty), "widow", public=False)
    hand = state.hands[declarer]
    if len(hand) > HAND_SIZE and not any(
        isinstance(a, (GoAlone, Pass)) for _, a in state.prepare_log
    ):
        return Decision(declarer, tuple(DISCARD[c.index] for c in hand), kind="discard")
    return None


def _trump_to_name(state: State, declarer: int) -> Decision | None:
    """After the widow and the discard: the high bidder names trump (``after_widow``)."""
    c = state.contract
    if c is None or not c.named_later or c.trump is not None:
        return None
    calls = tuple(core.trump_calls(auction_rules(state)))
    return Decision(declarer, calls, kind="name-trump")


@hookimpl
def euchre_prepare_step(state: State) -> Decision | Transfer | None:
    c = state.contract
    if c is None or c.maker is None:
        return None
    declarer = c.maker
    step = _widow_done(state, declarer) or _trump_to_name(state, declarer)
    if step is not None:
        return step
    o = opt(state)
    if o["lone_hands"] != "parlett_double":
        return None
    log = state.prepare_log
    answered = any(s == declarer and isinstance(a, (GoAlone, Pass)) for s, a in log)
    if not answered:
        return Decision(declarer, (GoAlone(), PASS), kind="alone")
    if not lone(state):
        return None
    n = int(o["lone_exchange_cards"])
    partner = state.partners_of(declarer)[0]
    at = next(i for i, (s, a) in enumerate(log) if isinstance(a, GoAlone))
    return core.lone_exchange_step(state, declarer, partner, n, log[at + 1 :])


# ---------------------------------------------------------------------------------------
# Play
# ---------------------------------------------------------------------------------------


@hookimpl
def euchre_teams(state: State) -> Teams:
    c = state.contract
    assert c is not None and c.maker is not None
    makers = frozenset(state.table.side_of(c.maker))
    out = frozenset(state.partners_of(c.maker)) if lone(state) else frozenset()
    return Teams(makers, frozenset(range(state.seats)) - makers, out)


@hookimpl
def euchre_first_leader(state: State) -> int:
    return core.opening_leader(state, str(opt(state)["opening_lead"]))


# ---------------------------------------------------------------------------------------
# Scoring and the end of the game
# ---------------------------------------------------------------------------------------


def hand_points(state: State) -> tuple[tuple[int, ...], bool]:
    """Points per seat (in score units) for the hand just played, and whether the bid
    was made."""
    t = state.teams
    c = state.contract
    assert t is not None and c is not None and isinstance(c.level, int)
    o = opt(state)
    u = unit(o)
    won = state.tricks_won
    bid_side = sum(won[s] for s in t.makers)
    made = bid_side >= c.level
    double = 2 if lone(state) else 1
    forced = forced_bid(state) is not None
    points = [0] * state.seats
    for side in state.table.sides:
        tricks = sum(won[s] for s in side)
        for s in side:
            if s in t.makers:
                if made:
                    points[s] = tricks * u * double
                elif forced and half_points(o):
                    points[s] = -c.level * double  # half the bid, in half points
                else:
                    points[s] = -c.level * u * double
            elif o["defenders_score_tricks"]:
                points[s] = tricks * u
    return tuple(points), made


@hookimpl
def euchre_score_hand(state: State) -> HandScore:
    points, made = hand_points(state)
    return HandScore(points, "make" if made else "set", made=made)


@hookimpl
def euchre_game_result(state: State) -> GameResult | None:
    target = state.table.target
    scores = state.scores
    if opt(state)["win_rule"] == "highest_at_target":
        return core.target_result(state, target, "highest_wins")
    rec = state.hand_records[-1] if state.hand_records else None
    if rec is None or not rec.makers or rec.made is None:
        return None
    makers = rec.makers
    winners = [side for side in state.table.sides if (side[0] in makers) == bool(rec.made)]
    side = winners[0]
    if scores[side[0]] >= target:
        how = "made its bid" if rec.made else "defeated the bid"
        shown = scores[side[0]] / unit(opt(state))
        value = int(shown) if shown == int(shown) else shown
        return GameResult(side, f"{how} and reached {value} of {opt(state)['target_score']}")
    return None


@hookimpl
def euchre_next_dealer(state: State) -> int:
    return (state.dealer + 1) % state.seats


# ---------------------------------------------------------------------------------------
# Sampling, words, coaching and the bots
# ---------------------------------------------------------------------------------------


@hookimpl
def euchre_sample_constraints(view: PlayerView) -> SampleConstraints | None:
    """The joker shown when everyone passed: dealt to its holder, or the widow card."""
    for e in view.events:
        if isinstance(e, JokerShown):
            place: int | str = KITTY if e.seat is None else e.seat
            return SampleConstraints(known={place: (JOKER,)})
    return None


@hookimpl
def euchre_action_words(view: PlayerView, action: Action) -> ActionWords | None:
    """Bids typed as numbers; the forced bid says why it is the only one."""
    words = core.action_words(view, action, rules_for(view.options[NAME]))
    bids = view.bids
    if (
        words is not None
        and isinstance(action, Bid)
        and bids
        and all(isinstance(a, Pass) for _, a in bids)
        and view.phase is Phase.BIDDING
        and view.to_act == view.seat
    ):
        return replace(words, say=f"bid {FORCED}: everyone passed and you must")
    return words


@hookimpl
def euchre_describe_event(event: Event, view: PlayerView | None) -> str | None:
    """The joker shown after everyone passed; a bid won whose trump is named after the
    widow."""
    if isinstance(event, ContractMade):
        c = event.contract
        if c.maker is None or not c.named_later or c.trump is not None:
            return None
        if view is not None and view.seat == c.maker:
            return (
                f"{{{c.maker}}} won the bidding at {c.level}: take the widow, discard a "
                "card, then name trump"
            )
        return (
            f"{{{c.maker}}} won the bidding at {c.level} and takes the widow, discards a "
            "card, then names trump"
        )
    if not isinstance(event, JokerShown):
        return None
    if event.seat is None:
        return "Everyone passed and nobody holds the joker: it is the widow card"
    if view is not None and view.seat == event.seat:
        return f"Everyone passed: you show the joker and must bid {FORCED}"
    return f"Everyone passed: {{{event.seat}}} shows the joker and must bid {FORCED}"


@hookimpl
def euchre_add_coaching(config: Config) -> dict[str, str]:
    """What hasenpfeffer teaches (:mod:`euchre_plugins.hasenpfeffer_lesson`)."""
    from euchre_plugins.hasenpfeffer_lesson import coaching

    return coaching(config)


@hookimpl
def euchre_bot_advice(view: PlayerView, legal: Sequence[Action]) -> tuple[Action, str] | None:
    """The heuristic bot's bidding, trump, widow and lone-hand decisions
    (:mod:`euchre_plugins.hasenpfeffer_bot`)."""
    if NAME not in view.plugins or not legal:
        return None
    from euchre_plugins.hasenpfeffer_bot import advice

    return advice(view, legal)


__all__ = [
    "FORCED",
    "OPTIONS",
    "JokerShown",
    "forced_bid",
    "forced_bidder",
    "joker_holder",
    "low_draw",
    "rules_for",
]

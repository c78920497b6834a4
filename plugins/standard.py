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

import random
from collections.abc import Sequence

from euchre_plugins.tricks import lone_risk

from euchre_core.actions import (
    Action,
    Call,
    Decline,
    Discard,
    GoAlone,
    Order,
    PickUp,
)
from euchre_core.build import load_as_the_core
from euchre_core.cards import JOKER, PACKS, Card, Suit, pack, shuffled
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

# (The Python source of standard_core where the core in use is not the compiled one.)
load_as_the_core("euchre_plugins.standard_core")

from euchre_plugins.standard_core import (  # noqa: E402
    alone_step,
    alone_with_call,
    bidding_result,
    bidding_round,
    callable_suits,
    contract_of,
    deal,
    deal_cards,
    deal_plan,
    decided,
    defenders_alone,
    exchanger,
    first_leader,
    game_result,
    legal_bids,
    lone_players,
    maker_sides,
    makers_alone,
    next_active,
    packets,
    pickup_step,
    points_to,
    prepare_step,
    score_hand,
    side_tricks,
    teams,
)

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
        needed = seats * hand_size + 1
        bigger = [
            name
            for name, (lo, jk) in DECKS.items()
            if len(pack(lo, jokers=jk)) >= needed and (jk == 0 or "benny" in config.plugins)
        ]
        way = f"; -o standard.deck={bigger[0]} holds enough" if bigger else ""
        raise ConfigError(
            config.source,
            "options.standard.deck",
            f"{o['deck']} has {len(deck)} cards: too few for {seats} players "
            f"with {hand_size} cards each and an up-card{way}",
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


# The rules asked at every hand (the deal, the bids, the exchange, the lone hands, the
# teams, the opening lead, the score) are plain functions of standard_core, which the
# compiled build compiles: the implementations here hand their work over to them.


@hookimpl
def euchre_deal(state: State, rng: random.Random) -> Deal:
    return deal(state, rng)


# ---------------------------------------------------------------------------------------
# Bidding
# ---------------------------------------------------------------------------------------


@hookimpl
def euchre_bidder(state: State) -> int:
    return (state.dealer + 1 + len(state.bids)) % state.seats


@hookimpl
def euchre_legal_bids(state: State, seat: int) -> list[Action]:
    return legal_bids(state, seat)


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


@hookimpl
def euchre_bidding_result(state: State) -> Contract | PassOut | None:
    return bidding_result(state)


# ---------------------------------------------------------------------------------------
# Between the contract and the first lead
# ---------------------------------------------------------------------------------------


def c_maker(state: State) -> int | None:
    return state.contract.maker if state.contract is not None else None


@hookimpl
def euchre_prepare_step(state: State) -> Decision | Transfer | None:
    return prepare_step(state)


@hookimpl
def euchre_teams(state: State) -> Teams:
    return teams(state)


@hookimpl
def euchre_first_leader(state: State) -> int:
    return first_leader(state)


# ---------------------------------------------------------------------------------------
# Scoring and the end of the game
# ---------------------------------------------------------------------------------------


@hookimpl
def euchre_score_hand(state: State) -> HandScore:
    return score_hand(state)


@hookimpl
def euchre_game_result(state: State) -> GameResult | None:
    return game_result(state)


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


# Besides its own: the names of the rules asked at every hand (standard_core, where the
# compiled build compiles them), for the variants that build on this plugin.
__all__ = [
    "DECKS",
    "JOKER",
    "OPTIONS",
    "alone_step",
    "alone_with_call",
    "bidding_result",
    "bidding_round",
    "callable_suits",
    "contract_of",
    "deal",
    "deal_cards",
    "deal_plan",
    "dealer_by_jack",
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
    "shuffled",
    "side_tricks",
    "teams",
]


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

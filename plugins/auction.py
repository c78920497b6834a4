"""Auction euchre with the widow (*chien*): bid, name trump, take the widow, pick partners.

The French game "joué selon le même principe que l'Euchre ordinaire" (played on the
same principle as ordinary euchre): four to seven players, each for themselves.

* **Deal.** Five cards each (seven with seven players), dealt 2-then-3 (3-then-4) from
  the dealer's left; then three cards face down in the middle: the **widow**. Any other
  cards are dead. The pack follows the player count (``deck = auto``): 32 cards (7 to A)
  for four or five players, 32 and the joker (the top trump) for six, the full 52 cards
  for seven (trumps then rank right bower, left bower, A K Q 10 9 … 2). With
  ``show_turn_card`` one more card is turned up after the hands: it plays no part and
  stays out of play (six players then need 36 cards, seven 52 and the joker).
* **Auction.** From the dealer's left, clockwise, each player passes or bids a value from
  the table for the player count, higher than the highest bid so far (``bid 8``, ``pass``).
  Each player speaks once (``bidding_rounds = single``), or the bidding goes round until
  every player but the high bidder has passed (``until_passed``; with ``pass_is_final`` a
  player who has passed stays out). The top bid ends the auction at once. Everyone
  passing means a new deal by the next dealer (``all_pass = redeal``), or the dealer is
  held to the lowest bid (``dealer_min_bid``).
* **The bids** (value = points at stake; tricks counted with the partners'):

  ============  =================================================================
  4–5 players   3: 3 tricks, 1 partner, widow · 4: 4 tricks, 2 partners, widow ·
                5: 5 tricks, 2 partners, widow · 8: 5 tricks alone, widow ·
                15: 5 tricks alone, no widow
  6 players     3, 4, 5: that many tricks, 1 partner, widow · 8: 5 alone, widow ·
                15: 5 alone, no widow (``six_player_15_uses_chien`` for the French
                text's literal "with the widow")
  7 players     4, 5: 1 partner · 6, 7: 2 partners (all with the widow) ·
                10: 7 alone, widow · 20: 7 alone, no widow
  ============  =================================================================

  With four players the 4- and 5-bids make it three against one, as printed
  (``four_player_two_partner_bids = forbidden`` removes them).
* **After the auction**, in this order: the declarer names any suit as trump
  (``call H``); takes the widow into the hand, unseen by the others, and discards three
  cards face down, one at a time (``discard 9S``), when the bid says so (otherwise the
  widow stays face down, unseen); then names the partners the bid requires
  (``partner 3``), one at a time, among the other players. A choice of partner is public;
  a partner cannot refuse. With ``partners_exact = false`` the declarer may stop early
  (``pass``) and play with fewer partners.
* **Play.** The dealer's left leads; ordinary euchre play (bowers, following the
  effective suit).
* **Scoring.** The declarer's side needs the tricks of the bid. Made: the declarer scores
  the bid, however many tricks were taken; each partner scores the same
  (``partners_score_on_success = same_as_declarer``) or nothing (``none``). Short by even
  one trick: each opponent scores the bid (``failure_payout = each_opponent``), or the
  opponents share it (``shared``: each scores the bid divided by their number, rounded
  half up), or the declarer loses it (``declarer_loses``: the declarer scores minus the
  bid).
* **Game.** To 15 (``target_score``). When several players reach it in the same hand the
  highest total wins and equal totals play on (``simultaneous_target =
  highest_wins_else_continue``), or all of them win (``shared_win``).

**Foster's partnership auction** (``mode = foster_partnership``): four
or six players in fixed partnerships (alternate seats), five cards each, no widow and no
turned card; each player bids once a number of tricks, 3, 4 or 5 (the range implied by
Foster's example); the high bidder names trump and plays with the
partners; eldest hand leads; the side scores exactly its bid if it makes it, otherwise
the adversaries score the bid; game 15. The options on partners, widow and payouts do not
apply there.

Options (``[options.auction]``; the player count
is the variant's ``players``, 4 to 7, default 5):

==============================  ===========================================================
``deck``                        ``auto`` (by player count, above); ``deck24``, ``deck28``,
                                ``deck32``, ``deck33_benny``, ``deck36``, ``deck52``,
                                ``deck53_joker``
``show_turn_card``              ``false``; ``true``
``bidding_rounds``              ``single``; ``until_passed``
``pass_is_final``               ``true``; ``false`` (with ``until_passed``)
``all_pass``                    ``redeal``; ``dealer_min_bid``
``six_player_15_uses_chien``    ``false``; ``true``
``four_player_two_partner_bids``  ``allowed``; ``forbidden``
``partners_exact``              ``true``; ``false``
``partners_score_on_success``   ``same_as_declarer``; ``none``
``failure_payout``              ``each_opponent``; ``shared``; ``declarer_loses``
``target_score``                15
``simultaneous_target``         ``highest_wins_else_continue``; ``shared_win``
``mode``                        ``widow``; ``foster_partnership``
==============================  ===========================================================

Bots: the plugin advises the heuristic bot on every decision it adds:
bids by the expected value of each bid (the hand's tricks under
its best trump, the widow's expected gain, the partners' expected help, the chance of
making it), the trump, the discards after the widow, and partners (the players who showed
most strength in the auction).

Sources: the French euchre rules of AdPoker.fr; R. F. Foster, Foster's Complete Hoyle,
“Auction Euchre”; Bicycle Cards, “Five-Hand Five Hundred”.
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Mapping, Sequence
from typing import Any

from euchre_plugins import auction_core as core
from euchre_plugins.auction_core import AuctionRules, Ladder, Rung
from euchre_plugins.standard import deal_cards, partnerships_for, shuffled

from euchre_core.actions import DISCARD, PASS, Action, Bid, Call, Discard, Partner, Pass
from euchre_core.bots.evaluate import Outlook, best_discard, estimate, make_chance
from euchre_core.cards import JOKER, PACKS, SUITS, Card, Suit, pack
from euchre_core.config import Config, Option
from euchre_core.errors import ConfigError
from euchre_core.events import Contract, Discarded, UpCardTurned
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
from euchre_core.view import PlayerView

NAME = "auction"
CONFLICTS = ("standard", "pepper")

#: Widow size (the French *chien*).
WIDOW = 3

DECKS: dict[str, tuple[str, int]] = {
    name: PACKS[name]
    for name in ("deck24", "deck28", "deck32", "deck33_benny", "deck36", "deck52", "deck53_joker")
}

OPTIONS = [
    Option(
        "deck",
        str,
        "auto",
        "The pack: auto (32 cards for 4-5 players, 32 and the joker for 6, 52 for 7; with a "
        "turned card 36 for 6 and 52 and the joker for 7), or a pack by name.",
        choices=("auto", *DECKS),
    ),
    Option(
        "show_turn_card",
        bool,
        False,
        "Turn up a card after the deal, as the French rules do: it plays no part and stays out.",
    ),
    Option(
        "bidding_rounds",
        str,
        "single",
        "Each player bids once (single), or the bidding goes round until all but the high "
        "bidder have passed (until_passed).",
        choices=("single", "until_passed"),
    ),
    Option(
        "pass_is_final",
        bool,
        True,
        "With until_passed: a player who has passed may not bid again.",
    ),
    Option(
        "all_pass",
        str,
        "redeal",
        "When everyone passes: a new deal by the next dealer, or the dealer is held to the "
        "lowest bid.",
        choices=("redeal", "dealer_min_bid"),
    ),
    Option(
        "six_player_15_uses_chien",
        bool,
        False,
        "With six players the 15-bid takes the widow (the French table read literally).",
    ),
    Option(
        "four_player_two_partner_bids",
        str,
        "allowed",
        "With four players, the 4- and 5-bids (two partners: three against one) are allowed "
        "as printed, or forbidden.",
        choices=("allowed", "forbidden"),
    ),
    Option(
        "partners_exact",
        bool,
        True,
        "The declarer names exactly the partners the bid requires (false: up to that many).",
    ),
    Option(
        "partners_score_on_success",
        str,
        "same_as_declarer",
        "When the bid is made, each partner scores the bid too, or nothing.",
        choices=("same_as_declarer", "none"),
    ),
    Option(
        "failure_payout",
        str,
        "each_opponent",
        "When the bid fails: each opponent scores the bid, the opponents share it, or the "
        "declarer loses it.",
        choices=("each_opponent", "shared", "declarer_loses"),
    ),
    Option("target_score", int, 15, "Points that win the game.", min=1),
    Option(
        "simultaneous_target",
        str,
        "highest_wins_else_continue",
        "When several players reach the target in one hand: the highest wins and a tie "
        "plays on, or all of them share the win.",
        choices=("highest_wins_else_continue", "shared_win"),
    ),
    Option(
        "mode",
        str,
        "widow",
        "The game: each for themselves, with the widow and partners chosen by the "
        "declarer (widow), or Foster's partnership auction (foster_partnership: 4 or 6 "
        "players, bids 3-5, no widow).",
        choices=("widow", "foster_partnership"),
    ),
]

# ---------------------------------------------------------------------------------------
# The bid tables, as data
# ---------------------------------------------------------------------------------------


def _r(value: int, tricks: int, partners: int, widow: bool) -> Rung:
    return Rung(value, tricks, value, partners, widow, alone=partners == 0)


#: ``(value, tricks, partners, widow)`` per player count, as printed in the French rules.
BID_TABLES: dict[int, tuple[Rung, ...]] = {
    4: (_r(3, 3, 1, True), _r(4, 4, 2, True), _r(5, 5, 2, True), _r(8, 5, 0, True),
        _r(15, 5, 0, False)),
    5: (_r(3, 3, 1, True), _r(4, 4, 2, True), _r(5, 5, 2, True), _r(8, 5, 0, True),
        _r(15, 5, 0, False)),
    6: (_r(3, 3, 1, True), _r(4, 4, 1, True), _r(5, 5, 1, True), _r(8, 5, 0, True),
        _r(15, 5, 0, False)),
    7: (_r(4, 4, 1, True), _r(5, 5, 1, True), _r(6, 6, 2, True), _r(7, 7, 2, True),
        _r(10, 7, 0, True), _r(20, 7, 0, False)),
}  # fmt: skip

#: Foster's partnership auction: bids of 3, 4 or 5 tricks, no widow, the fixed partners.
FOSTER_BIDS: tuple[Rung, ...] = tuple(Rung(v, v, v) for v in (3, 4, 5))


@functools.lru_cache(maxsize=64)
def ladder_for(seats: int, mode: str, six_15_widow: bool, four_two_partners: bool) -> Ladder:
    """The bids for a player count and the options that edit the table."""
    if mode == "foster_partnership":
        return Ladder(FOSTER_BIDS)
    rungs = list(BID_TABLES[seats])
    if seats == 6 and six_15_widow:
        rungs[-1] = Rung(15, 5, 15, 0, True, alone=True)
    if seats == 4 and not four_two_partners:
        rungs = [r for r in rungs if r.partners < 2]
    return Ladder(tuple(rungs))


def hand_size_for(seats: int) -> int:
    """Five cards each; seven with seven players (seven tricks)."""
    return 7 if seats == 7 else 5


def deck_name(options: Mapping[str, Any], seats: int) -> str:
    """The pack in use (``auto`` resolved by the player count)."""
    name = str(options["deck"])
    if name != "auto":
        return name
    turn = bool(options["show_turn_card"])
    if seats <= 5:
        return "deck32"
    if seats == 6:
        return "deck36" if turn else "deck33_benny"
    return "deck53_joker" if turn else "deck52"


def deck_for(options: Mapping[str, Any], seats: int) -> tuple[Card, ...]:
    """The cards of the pack in use."""
    low, jokers = DECKS[deck_name(options, seats)]
    return pack(low, jokers=jokers)


def is_foster(options: Mapping[str, Any]) -> bool:
    return options["mode"] == "foster_partnership"


def rules_for(options: Mapping[str, Any], seats: int) -> AuctionRules:
    """The auction of this game, from the options."""
    return _rules(
        seats,
        str(options["mode"]),
        bool(options["six_player_15_uses_chien"]),
        options["four_player_two_partner_bids"] == "allowed",
        "multi" if options["bidding_rounds"] == "until_passed" else "single",
        bool(options["pass_is_final"]),
        str(options["all_pass"]),
    )


@functools.lru_cache(maxsize=256)
def _rules(
    seats: int, mode: str, six15: bool, four2: bool, rounds: str, final: bool, all_pass: str
) -> AuctionRules:
    return AuctionRules(
        ladder_for(seats, mode, six15, four2), rounds, final, all_pass, no_trump=False
    )


def opt(state: State) -> Mapping[str, Any]:
    return state.options[NAME]


def auction_rules(state: State) -> AuctionRules:
    return rules_for(opt(state), state.seats)


@hookimpl
def euchre_add_options() -> list[Option]:
    return OPTIONS


# ---------------------------------------------------------------------------------------
# Table, dealer, deal
# ---------------------------------------------------------------------------------------


@hookimpl
def euchre_table(config: Config) -> Table:
    o = config.options[NAME]
    seats = config.players or 5
    foster = is_foster(o)
    if foster and seats not in (4, 6):
        raise ConfigError(
            config.source,
            "variant.players",
            f"Foster's partnership auction is for 4 or 6 players, not {seats}",
        )
    if not 4 <= seats <= 7:
        raise ConfigError(
            config.source, "variant.players", f"auction euchre is for 4 to 7 players, not {seats}"
        )
    if foster and o["show_turn_card"]:
        raise ConfigError(
            config.source,
            "options.auction.show_turn_card",
            "Foster's partnership auction turns no card",
        )
    deck = deck_for(o, seats)
    hand_size = hand_size_for(seats)
    need = seats * hand_size + (0 if foster else WIDOW) + (1 if o["show_turn_card"] else 0)
    if need > len(deck):
        raise ConfigError(
            config.source,
            "options.auction.deck",
            f"{deck_name(o, seats)} has {len(deck)} cards: {seats} players need {need} "
            f"({hand_size} each{'' if foster else ', the widow'}"
            f"{', the turned card' if o['show_turn_card'] else ''})",
        )
    partnerships = partnerships_for(seats) if foster else None
    return Table(seats, partnerships, deck, hand_size, int(o["target_score"]))


@hookimpl
def euchre_first_dealer(state: State, rng: random.Random) -> int:
    return rng.randrange(state.seats)


@hookimpl
def euchre_deal(state: State, rng: random.Random) -> Deal:
    """Hands, then the turned card (if shown), then the widow: the first three cards of
    the kitty; the rest of the kitty is dead."""
    deck = shuffled(state.table.deck, rng)
    return deal_cards(
        deck,
        state.dealer,
        state.seats,
        state.table.hand_size,
        "2-3",
        bool(opt(state)["show_turn_card"]),
    )


def widow(state: State) -> tuple[Card, ...]:
    """The widow of this deal (the first three cards of the kitty as dealt)."""
    if is_foster(opt(state)):
        return ()
    return state.deal.kitty[:WIDOW]


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
# Widow, discards, partners
# ---------------------------------------------------------------------------------------


def contract_rung(state: State) -> Rung:
    c = state.contract
    assert c is not None and c.level is not None
    return auction_rules(state).ladder.rung(c.level)


def partners_named(state: State) -> list[int]:
    """Partners the declarer has named so far this hand, in order."""
    return [a.seat for _, a in state.prepare_log if isinstance(a, Partner)]


def partner_choices(state: State, declarer: int, rung: Rung) -> tuple[Action, ...]:
    """The ``partner N`` actions still open (and ``pass`` when fewer partners may do)."""
    named = partners_named(state)
    out: list[Action] = [Partner(s) for s in range(state.seats) if s != declarer and s not in named]
    if not opt(state)["partners_exact"]:
        out.append(PASS)
    return tuple(out)


@hookimpl
def euchre_prepare_step(state: State) -> Decision | Transfer | None:
    c = state.contract
    if c is None or c.maker is None or is_foster(opt(state)):
        return None
    declarer = c.maker
    rung = contract_rung(state)
    if rung.widow:
        cards = widow(state)
        taken = any(isinstance(a, Transfer) for _, a in state.prepare_log)
        if not taken:
            return Transfer(declarer, cards, "widow", public=False)
        hand = state.hands[declarer]
        if len(hand) > state.table.hand_size:
            return Decision(declarer, tuple(DISCARD[x.index] for x in hand), kind="discard")
    stopped = any(isinstance(a, Pass) for _, a in state.prepare_log)
    if not stopped and len(partners_named(state)) < rung.partners:
        return Decision(declarer, partner_choices(state, declarer, rung), kind="partner")
    return None


@hookimpl
def euchre_why_illegal(state: State, seat: int, action: Action) -> str | None:
    if state.to_act != seat:
        return None
    if state.phase is Phase.BIDDING:
        return core.why_illegal(state, seat, action, auction_rules(state))
    d = state.decision
    if d is not None and d.kind == "partner" and isinstance(action, Partner):
        if action.seat == seat:
            return "the declarer cannot be their own partner"
        if not 0 <= action.seat < state.seats:
            return f"there is no seat {action.seat} (seats 0 to {state.seats - 1})"
        if action.seat in partners_named(state):
            return f"seat {action.seat} is already a partner"
    if d is not None and d.kind == "partner" and isinstance(action, Pass):
        return "the bid requires exactly this many partners: name one (partner N)"
    return None


# ---------------------------------------------------------------------------------------
# Play
# ---------------------------------------------------------------------------------------


def makers_of(state: State) -> frozenset[int]:
    """The declarer's side this hand: with its named partners, or its fixed partners."""
    c = state.contract
    assert c is not None and c.maker is not None
    if is_foster(opt(state)):
        return frozenset(state.table.side_of(c.maker))
    return frozenset((c.maker, *partners_named(state)))


@hookimpl
def euchre_teams(state: State) -> Teams:
    makers = makers_of(state)
    return Teams(makers, frozenset(range(state.seats)) - makers)


@hookimpl
def euchre_first_leader(state: State) -> int:
    return (state.dealer + 1) % state.seats


# ---------------------------------------------------------------------------------------
# Scoring and the end of the game
# ---------------------------------------------------------------------------------------


def payout(state: State, made: bool, value: int) -> tuple[int, ...]:
    """Points per seat for a bid of ``value`` made or failed."""
    t = state.teams
    c = state.contract
    assert t is not None and c is not None and c.maker is not None
    o = opt(state)
    n = state.seats
    foster = is_foster(o)
    if made:
        partners_too = foster or o["partners_score_on_success"] == "same_as_declarer"
        return tuple(
            value if (s == c.maker or (partners_too and s in t.makers)) else 0 for s in range(n)
        )
    mode = "each_opponent" if foster else o["failure_payout"]
    if mode == "declarer_loses":
        return tuple(-value if s == c.maker else 0 for s in range(n))
    share = value
    if mode == "shared":
        share = math.floor(value / len(t.defenders) + 0.5)
    return tuple(share if s in t.defenders else 0 for s in range(n))


@hookimpl
def euchre_score_hand(state: State) -> HandScore:
    t = state.teams
    assert t is not None
    rung = contract_rung(state)
    taken = sum(state.tricks_won[s] for s in t.makers)
    made = taken >= rung.tricks
    return HandScore(payout(state, made, rung.points), "make" if made else "set")


@hookimpl
def euchre_game_result(state: State) -> GameResult | None:
    o = opt(state)
    return core.target_result(state, state.table.target, str(o["simultaneous_target"]))


@hookimpl
def euchre_next_dealer(state: State) -> int:
    return (state.dealer + 1) % state.seats


# ---------------------------------------------------------------------------------------
# Advice to the heuristic bot
# ---------------------------------------------------------------------------------------

#: Expected tricks one chosen partner adds per card held (a little above a random
#: partner's share: the declarer picks the players who showed strength).
CHOSEN_PARTNER_SHARE = 0.21
#: Widows sampled to value taking the widow (deterministic per hand).
WIDOW_SAMPLES = 6


def outlook_for(
    deck: Sequence[Card], seats: int, hand_size: int, partners: int, out: frozenset[Card]
) -> Outlook:
    """Where the unseen cards are for a declarer with ``partners`` partners."""
    opps = seats - 1 - partners
    return Outlook(
        tuple(deck),
        out,
        opponent_cards=opps * hand_size,
        opponents=opps,
        partner_cards=partners * hand_size,
        partners=partners,
        hand_size=hand_size,
    )


def keep_best(hand: Sequence[Card], trump: Suit | None, outlook: Outlook, keep: int) -> float:
    """Expected tricks of the best ``keep`` cards of ``hand`` (discarding greedily)."""
    cards = list(hand)
    gone: list[Card] = []
    value = estimate(cards, trump, outlook).tricks
    while len(cards) > keep:
        c, kept = best_discard(cards, trump, outlook.without(gone))
        cards.remove(c)
        gone.append(c)
        value = kept.tricks
    return value


def widow_gain(
    hand: Sequence[Card], trump: Suit, deck: Sequence[Card], outlook: Outlook, seen: set[Card]
) -> float:
    """Expected tricks the widow adds: sampled widows, the worst cards discarded."""
    unseen = [c for c in deck if c not in seen]
    if len(unseen) < WIDOW:
        return 0.0
    rng = random.Random(" ".join(sorted(c.code for c in hand)) + trump.value)
    base = estimate(hand, trump, outlook).tricks
    total = 0.0
    for _ in range(WIDOW_SAMPLES):
        extra = rng.sample(unseen, WIDOW)
        total += keep_best([*hand, *extra], trump, outlook, len(hand)) - base
    return max(0.0, total / WIDOW_SAMPLES)


def side_tricks(
    hand: Sequence[Card],
    trump: Suit,
    rung: Rung,
    view: PlayerView,
    deck: Sequence[Card],
    gains: dict[Suit, float],
    out: frozenset[Card],
) -> float:
    """Expected tricks of a declarer's side for ``rung`` with ``trump``."""
    foster = is_foster(view.options[NAME])
    partners = len(view.partners()) if foster else rung.partners
    outlook = outlook_for(deck, view.seats, view.hand_size, partners, out)
    own = estimate(hand, trump, outlook).tricks
    if rung.widow:
        own += gains[trump]
    share = 0.19 if foster else CHOSEN_PARTNER_SHARE
    return min(float(view.hand_size), own + partners * share * view.hand_size)


def bid_value(view: PlayerView, rung: Rung, chance: float) -> float:
    """Expected gain of a bid against the average opponent: ``chance`` to make it."""
    o = view.options[NAME]
    n = view.seats
    v = float(rung.points)
    if is_foster(o):
        return chance * v - (1.0 - chance) * v
    p = rung.partners
    others = n - 1
    win = v * (1.0 - (p / others if o["partners_score_on_success"] == "same_as_declarer" else 0))
    mode = o["failure_payout"]
    if mode == "declarer_loses":
        lose = v
    elif mode == "shared":
        lose = v / others
    else:
        lose = v * (others - p) / others
    return chance * win - (1.0 - chance) * lose


def dead_cards(view: PlayerView) -> frozenset[Card]:
    """Cards this seat knows are out of play: the turned card, its own discards."""
    out: set[Card] = set()
    out.update(e.card for e in view.events if isinstance(e, UpCardTurned))
    out.update(
        e.card
        for e in view.events
        if isinstance(e, Discarded) and e.seat == view.seat and e.card is not None
    )
    return frozenset(out)


def evaluate_bids(
    view: PlayerView, rungs: Sequence[Rung]
) -> list[tuple[float, Rung, Suit, float, float]]:
    """``(value, rung, best trump, side tricks, chance)`` for each rung, best first."""
    o = view.options[NAME]
    deck = deck_for(o, view.seats)
    out = dead_cards(view)
    hand = view.hand
    seen = set(hand) | out
    gains: dict[Suit, float] = {}
    if any(r.widow for r in rungs):
        base = outlook_for(deck, view.seats, view.hand_size, 1, out)
        gains = {s: widow_gain(hand, s, deck, base, seen) for s in SUITS}
    found = []
    for rung in rungs:
        best: tuple[float, Suit] | None = None
        for s in SUITS:
            t = side_tricks(hand, s, rung, view, deck, gains, out)
            if best is None or t > best[0]:
                best = (t, s)
        assert best is not None
        chance = make_chance(best[0], rung.tricks)
        found.append((bid_value(view, rung, chance), rung, best[1], best[0], chance))
    found.sort(key=lambda x: -x[0])
    return found


def advise_bid(view: PlayerView, legal: Sequence[Action]) -> tuple[Action, str]:
    rules = rules_for(view.options[NAME], view.seats)
    bids = [a for a in legal if isinstance(a, Bid)]
    rungs = [rules.ladder.rung(a.value) for a in bids]
    ranked = evaluate_bids(view, rungs)
    value, rung, suit, tricks, chance = ranked[0]
    can_pass = any(isinstance(a, Pass) for a in legal)
    if value > 0 or not can_pass:
        return rung.action, (
            f"bid {rung.value} ({suit.word}): about {tricks:.1f} tricks for your side against "
            f"{rung.tricks} needed, a {chance:.0%} chance; the best value of your bids."
        )
    return PASS, (
        f"pass: your best bid, {rung.value} in {suit.word}, has only a {chance:.0%} chance "
        f"({tricks:.1f} tricks against the {rung.tricks} it needs)."
    )


def advise_trump(view: PlayerView, legal: Sequence[Action]) -> tuple[Action, str]:
    o = view.options[NAME]
    rules = rules_for(o, view.seats)
    st = core.status(view.bids, view.dealer, view.seats, rules)
    assert st.level is not None
    rung = rules.ladder.rung(st.level)
    _, _, suit, tricks, _ = evaluate_bids(view, [rung])[0]
    call = core.trump_call(suit, legal)
    return call, f"call {suit.word}: about {tricks:.1f} tricks for your side."


def advise_discard(view: PlayerView, legal: Sequence[Action]) -> tuple[Action, str]:
    trump = view.trump
    c = view.contract
    assert c is not None and c.level is not None
    rung = rules_for(view.options[NAME], view.seats).ladder.rung(c.level)
    deck = deck_for(view.options[NAME], view.seats)
    out = dead_cards(view)
    outlook = outlook_for(deck, view.seats, view.hand_size, rung.partners, out)
    return core.discard_advice(view.hand, trump, outlook, legal)


def strength_shown(view: PlayerView) -> dict[int, float]:
    """How strong each other seat showed itself in the auction: its highest bid's place
    on the ladder plus one (0 for a seat that only passed)."""
    rules = rules_for(view.options[NAME], view.seats)
    shown = dict.fromkeys(range(view.seats), 0.0)
    for seat, a in view.bids:
        if isinstance(a, Bid):
            shown[seat] = max(shown[seat], rules.ladder.index(a.value) + 1.0)
    return shown


def advise_partner(view: PlayerView, legal: Sequence[Action]) -> tuple[Action, str]:
    shown = strength_shown(view)
    named = {a.seat for s, a in view.declarations if isinstance(a, Partner)}
    choices = [a for a in legal if isinstance(a, Partner)]
    me = view.seat
    n = view.seats
    # The strongest bidder first; among equals the seat playing right after me (it plays
    # after the leader's opponents more often), then clockwise.
    choices.sort(key=lambda a: (-shown[a.seat], (a.seat - me) % n))
    best = choices[0]
    why = (
        f"partner {best.seat}: bid up to {shown[best.seat]:.0f} places on the ladder, the "
        "strongest hand shown"
        if shown[best.seat] > 0
        else f"partner {best.seat}: nobody else showed strength; the seat on your left"
    )
    if named:
        why += f" (already with {', '.join(str(s) for s in sorted(named))})"
    return best, why + "."


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
        if view.decision_kind == "discard" and kinds == {Discard}:
            return advise_discard(view, legal)
        if view.decision_kind == "partner" and Partner in kinds:
            return advise_partner(view, legal)
    return None


__all__ = [
    "BID_TABLES",
    "DECKS",
    "FOSTER_BIDS",
    "JOKER",
    "OPTIONS",
    "deck_for",
    "hand_size_for",
    "ladder_for",
    "rules_for",
]


@hookimpl
def euchre_known_sides(view: PlayerView) -> tuple[frozenset[int], frozenset[int]] | None:
    """The declarer and the partners it named (public) against everyone else. With
    Foster's fixed partnerships the bot knows the sides already."""
    c = view.contract
    if c is None or c.maker is None or view.partnerships is not None:
        return None
    side = {c.maker} | {a.seat for _, a in view.declarations if isinstance(a, Partner)}
    me = view.seat
    others = frozenset(range(view.seats)) - {me}
    if me in side:
        return frozenset(side - {me}), others - side
    return others - side, frozenset(side)


# ---------------------------------------------------------------------------------------
# Coaching: the auction's own rules in plain words, quoting the bids in force
# ---------------------------------------------------------------------------------------


def _bid_words(r: Rung) -> str:
    who = (
        "alone"
        if r.partners == 0
        else "with 1 partner"
        if r.partners == 1
        else f"with {r.partners} partners"
    )
    widow = ", the widow" if r.widow else ", no widow"
    return f"{r.value} ({r.tricks} tricks {who}{widow})"


@hookimpl
def euchre_add_coaching(config: Config) -> dict[str, str]:
    """What auction euchre teaches: the bids, the widow, naming partners, the payouts."""
    o = config.options[NAME]
    seats = config.players or 5
    size = hand_size_for(seats)
    rules = rules_for(o, seats)
    bids = "; ".join(_bid_words(r) for r in rules.ladder.rungs)
    target = int(o["target_score"])
    if is_foster(o):
        lose = "the other side scores the bid"
    elif o["failure_payout"] == "declarer_loses":
        lose = "the declarer loses the bid"
    elif o["failure_payout"] == "shared":
        lose = "the opponents share the bid"
    else:
        lose = "each opponent scores the bid"
    partners_score = (
        "each partner scores it too"
        if is_foster(o) or o["partners_score_on_success"] == "same_as_declarer"
        else "the partners score nothing"
    )
    return {
        "intro": (
            f"Auction euchre for {seats} players, each for themselves: you bid for the right "
            "to name trump, take the widow and choose your partners for the hand. The first "
            f"to {target} points wins. I will tell you what each decision is about, what I "
            "would do and why; the choice is always yours."
        ),
        "rules": (
            f"{size} cards each and three face down, the widow. From the dealer's left each "
            f"player bids once, higher than the bid before, or passes. The bids: {bids}. The "
            "high bidder (the declarer) names trump, takes the widow and discards as many "
            "cards, then names the partners the bid requires. The bowers are the highest "
            f"trumps; follow suit if you can. The declarer's side needs the bid's tricks: "
            f"made, the declarer scores the bid and {partners_score}; failed, {lose}. Game "
            f"to {target}."
        ),
        "bidding": (
            f"The auction: each bid is a number of points with tricks to take ({bids}). A "
            "higher bid needs more tricks, or fewer partners. Bid only what your hand, the "
            "widow and your partners can take; a pass is final."
        ),
        "name-trump": (
            "You won the auction: you are the declarer. Name trump first: the suit in which "
            "your hand takes the most tricks."
        ),
        "widow": (
            "The widow: three cards dealt face down. The declarer takes them into the hand "
            "unseen by the others, then discards three, keeping the best cards for the trump "
            "named."
        ),
        "partners": (
            "Choosing partners: the declarer names the partners the bid requires, one at a "
            "time; they cannot refuse, and their tricks count for the declarer. Choose the "
            "players who bid strongly: they hold good cards."
        ),
        "alone": (
            "The top bids are played alone: no partner, every trick for the declarer against "
            "all the others."
        ),
        "scoring": (
            f"Auction scoring: a bid made scores its value to the declarer ({partners_score}), "
            f"however many tricks were taken. The first to {target} wins."
        ),
        "euchred": (
            f"A declarer's side short of the bid's tricks, even by one, is set: {lose}. A "
            "high bid is a big risk."
        ),
        "ask:bid": "Your bid: a value from the table, higher than the bid so far, or pass.",
        "ask:name-trump": "Name trump: any suit.",
        "ask:discard": "You took the widow: discard a card face down (three in all).",
        "ask:partner": "Name a partner for this hand: their tricks count with yours.",
        "term:widow": (
            "Three cards dealt face down in auction euchre; the declarer takes them and "
            "discards three."
        ),
        "term:declarer": "The high bidder of an auction, who names trump.",
    }


@hookimpl
def euchre_action_words(view: PlayerView, action: Action) -> ActionWords | None:
    """Bids typed as numbers, partners named by seat; a risky bid says what it risks."""
    return core.action_words(view, action, rules_for(view.options[NAME], view.seats))

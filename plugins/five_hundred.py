"""Five Hundred: ten cards each, a three-card kitty, the Avondale bids, misère, ±500.

The bidding game the United States Playing Card Company published in 1904, in its
Australian four-handed form, the one pagat.com describes first and Wikipedia calls the
most popular; three, five and six players are options of the pack.

* **Players and cards.** Four players in two partnerships, partners opposite, with the
  43-card pack: the red suits 4 to A, the black suits 5 to A, and the joker
  (``five-hundred``). ``deck = 45`` keeps all the 4s (a five-card kitty); ``deck = 42``
  leaves out the joker (a two-card kitty); ``red_fours = 4S_4D_removed`` takes out the 4
  of spades and the 4 of diamonds instead of the black 4s. Three players, each for
  themselves: 7 to A and the joker, 33 cards (``five-hundred-3``). Five players: the 52
  cards and the joker (``five-hundred-5``): the declarer names one partner for the hand
  (two for a bid of eight or more), as Bicycle's "Five-Hand Five Hundred" has it. Six
  players (``five-hundred-6``): the 63-card pack, the 52 cards and the joker with an 11
  and a 12 in every suit and a 13 in the red suits (added, pagat.com says, in 1897), which
  rank between the 10 and the jack; two partnerships of three, partners in alternate
  seats (``partnerships = 2x3``), or three of two, partners opposite (``3x2``).
* **Deal.** Ten cards each, clockwise from the dealer's left, 3, then 4, then 3, one card
  to the kitty after each round (``deal_pattern = 3-4-3_kitty_each_round``), or 3 each,
  the kitty, 4 each, 3 each (``3-widow-4-3``). The kitty stays face down.
* **Bids** (the Avondale schedule; the value is also the score):

  ======  ======  =====  ========  ======  =========
  tricks  spades  clubs  diamonds  hearts  no trumps
  ======  ======  =====  ========  ======  =========
  6       40      60     80        100     120
  7       140     160    180       200     220
  8       240     260    280       300     320
  9       340     360    380       400     420
  10      440     460    480       500     520
  ======  ======  =====  ========  ======  =========

  A bid is typed ``bid 7-hearts``, ``bid 8-no-trump``. **Misère** (``bid misere``: win no
  trick, at no trumps, the partner out) is worth 250: it may be bid only after someone
  has bid seven or more (``misere_after_seven``) and beats every seven and loses to every
  eight, 8 spades included (``misere_rank = above_sevens_below_eights``), or ranks by its
  value, between 8 spades and 8 clubs (``by_value``). **Open misère** (``bid
  open-misere``, 500: the same, the declarer's hand laid open after the first trick) may
  be bid at any time and ranks between 10 diamonds and 10 hearts
  (``open_misere_rank = between_10D_10H``) or above everything (``top``);
  ``open_misere_after_eight`` allows it only after a bid of eight. ``misere`` and
  ``open_misere`` (both on) remove them.
* **Auction.** From the dealer's left, each call a higher bid or a pass; a pass is final,
  and the bidding goes round until a bid has been passed by all the others
  (``bidding_rounds = until_three_pass``), or each player speaks once (``single``).
  Everybody passes: the hand is thrown in and the next dealer deals (``all_pass =
  redeal``, ``redeal_by = next_dealer``; ``same_dealer``), or it is played at no trumps
  without the kitty, the dealer's left leading, everyone scoring 10 a trick
  (``play_no_trumps``).
* **The kitty.** The declarer takes the kitty, unseen by the others, and discards as many
  cards face down (``discard 4H``). With five players the declarer then names the partner
  or partners (``partner 3``), in view of everyone.
* **Ranking.** In a suit contract the joker is the highest trump, then the right bower
  (the jack of trumps), the left bower (the other jack of the colour), A, K, Q, (13, 12,
  11,) 10, 9 … down to the 5 (4 in the red suits): hearts trumps make 13 trumps of the
  43-card pack. The suit of the trumps' colour has no jack. At no trumps, misère and
  open misère there are no bowers; every suit ranks A K Q J 10 … and the joker is the
  only trump.
* **The joker at no trumps.** The declarer who holds it after the kitty may nominate its
  suit (``nominate H``; ``pass`` to keep it free; ``joker_nomination = off``: never): it
  is then the highest card of that suit. A free joker belongs to no suit: it may be
  played only by a player who cannot follow the suit led, and it wins any trick it is
  played to. Its holder may lead it and name the suit the others must follow (``joker
  C``), never a suit the leader has already shown void in (``joker_lead =
  name_suit_not_shown_void``); or the joker may be led only to the last trick
  (``last_trick_only``).
* **Play.** The declarer leads. Follow the suit led if able (the left bower and the joker
  are trumps), otherwise any card; the highest trump wins, else the highest card of the
  suit led. In misère and open misère the declarer's partner lays the hand face down and
  takes no part (with six players in two sides of three, both partners do); in open
  misère the declarer's hand is shown to everyone after the first trick; the hand ends
  as soon as the declarer wins a trick.
* **Scoring.** A contract made (the bid's tricks or more) scores its value for the
  declarer's side, with no bonus for overtricks; a contract failed loses it. Taking all
  ten tricks on a contract worth less than 250 scores 250 (``slam``). The opponents score
  10 for each trick they take, made or failed. Misère and open misère score 250 and 500
  when the declarer takes no trick and lose as much otherwise; their defenders score
  nothing (``misere_defender_trick_points = 0``: one common form, the sources do not say)
  or 10 a trick (``10_per_trick``). With three or five players each scores for
  themselves: the declarer (and each partner) the contract, each opponent 10 a trick.
  With six in three partnerships each side of defenders scores its own tricks.
* **Game.** A side that reaches 500 (``target_score``) by making a contract wins: the
  points of defenders never take a side out (``win_requires_bid``; ``false``: any side at
  500 wins, the declarer's side first when both are there). A side at −500 or below
  (``lose_score``) loses ("out the back door"): with four players (or six in two sides)
  the other side wins, otherwise the highest of the others.

Options (``[options.five-hundred]``; the player count is the variant's ``players``, 3,
4, 5 or 6):

=================================  ===================================================
``deck``                           ``43``; ``45``; ``42`` (four players)
``red_fours``                      ``black_fours_removed``; ``4S_4D_removed``
``partnerships``                   ``2x3``; ``3x2`` (six players)
``deal_pattern``                   ``3-4-3_kitty_each_round``; ``3-widow-4-3``
``bidding_rounds``                 ``until_three_pass``; ``single``
``misere`` / ``open_misere``       ``true``; ``false``
``misere_rank``                    ``above_sevens_below_eights``; ``by_value``
``misere_after_seven``             ``true``; ``false``
``open_misere_rank``               ``between_10D_10H``; ``top``
``open_misere_after_eight``        ``false``; ``true``
``all_pass``                       ``redeal``; ``play_no_trumps``
``redeal_by``                      ``next_dealer``; ``same_dealer``
``joker_nomination``               ``declarer_may_nominate``; ``off``
``joker_lead``                     ``name_suit_not_shown_void``; ``last_trick_only``
``slam``                           ``true``; ``false``
``misere_defender_trick_points``   ``0``; ``10_per_trick``
``target_score`` / ``lose_score``  500 / −500
``win_requires_bid``               ``true``; ``false``
=================================  ===================================================

Bots: the plugin advises the heuristic bot on the bids (the contract whose tricks the
side can count on, the kitty's help included; misère on a hand of low cards), the
discards from the kitty, the joker's nomination and lead, the partners (five players),
and the play of a misère (the declarer ducks, the defenders let the declarer win); the
search bot is told that an open hand's cards were dealt to no other seat.

Sources: pagat.com, "Five Hundred"; Wikipedia, "500 (card game)" (the 63-card pack);
Bicycle Cards, "Four-Hand Five Hundred" and "Five-Hand Five Hundred"; the US Playing Card
Company's Avondale schedule; Trickster Cards, "500"; australiancardgames.com.au, "500";
White Knuckle Cards, "500"; everything2.com, "New Zealand 500".
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from euchre_plugins import auction_core as core
from euchre_plugins.five_hundred_core import (
    HAND,
    JOKER_LEAD,
    MISERE,
    NOMINATE,
    OPEN_MISERE,
    OPTIONS,
    PLAYERS,
    HandShown,
    JokerLead,
    JokerLed,
    Nominate,
    auction_rules,
    bid_value,
    bid_words,
    deck_for,
    is_misere,
    ladder_for,
    opt,
    partnerships_of,
    rules_for,
    strain_of,
)
from euchre_plugins.standard import shuffled

from euchre_core.actions import (
    DISCARD,
    PASS,
    Action,
    Bid,
    Partner,
    Pass,
    Play,
)
from euchre_core.cards import JOKER, SUITS, Card, Suit
from euchre_core.config import Config, Option
from euchre_core.errors import ConfigError
from euchre_core.events import CardPlayed, Contract, Event, TrickWon
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
    side_refs,
)
from euchre_core.state import State
from euchre_core.view import PlayerView

if TYPE_CHECKING:
    from euchre_core.bots.sampling import SampleConstraints

NAME = "five-hundred"
CONFLICTS = ("standard", "auction", "pepper", "bid-euchre", "hasenpfeffer", "napoleon", "buck")


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
    if seats not in PLAYERS:
        raise ConfigError(
            config.source,
            "variant.players",
            f"five hundred is for 3, 4, 5 or 6 players, not {seats}",
        )
    for key, default in (("deck", "43"), ("red_fours", "black_fours_removed")):
        if seats != 4 and o[key] != default:
            raise ConfigError(
                config.source,
                f"options.{NAME}.{key}",
                f"{key} chooses among the four-player packs; {seats} players use their own",
            )
    if seats != 6 and o["partnerships"] != "2x3":
        raise ConfigError(
            config.source,
            f"options.{NAME}.partnerships",
            f"partnerships chooses the sides of six players; {seats} players have their own",
        )
    partnerships = partnerships_of(o, seats)
    return Table(seats, partnerships, deck_for(o, seats), HAND, int(o["target_score"]))


@hookimpl
def euchre_first_dealer(state: State, rng: random.Random) -> int:
    return rng.randrange(state.seats)


def deal_positions(
    pattern: str, seats: int, kitty: int, dealer: int
) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """For each seat, the positions of its cards in the shuffled pack; and the kitty's."""
    hands: list[list[int]] = [[] for _ in range(seats)]
    widow: list[int] = []
    pos = 0

    def to_each(n: int) -> None:
        nonlocal pos
        for i in range(seats):
            hands[(dealer + 1 + i) % seats].extend(range(pos, pos + n))
            pos += n

    def to_kitty(n: int) -> None:
        nonlocal pos
        widow.extend(range(pos, pos + n))
        pos += n

    if pattern == "3-widow-4-3":
        to_each(3)
        to_kitty(kitty)
        to_each(4)
        to_each(3)
    else:
        shares = [kitty // 3 + (1 if i < kitty % 3 else 0) for i in range(3)]
        for n, share in zip((3, 4, 3), shares, strict=True):
            to_each(n)
            to_kitty(share)
    return tuple(tuple(h) for h in hands), tuple(widow)


@hookimpl
def euchre_deal(state: State, rng: random.Random) -> Deal:
    """3, 4 and 3 cards each, the kitty between (``deal_pattern``)."""
    deck = shuffled(state.table.deck, rng)
    kitty = len(deck) - HAND * state.seats
    hands, widow = deal_positions(str(opt(state)["deal_pattern"]), state.seats, kitty, state.dealer)
    return Deal(
        tuple(tuple(deck[i] for i in h) for h in hands), tuple(deck[i] for i in widow), None
    )


# ---------------------------------------------------------------------------------------
# Bidding
# ---------------------------------------------------------------------------------------


def status(state: State) -> core.AuctionStatus:
    return core.status(state.bids, state.dealer, state.seats, auction_rules(state))


def highest_tricks_bid(bids: Sequence[tuple[int, Action]]) -> int:
    """The most tricks any bid so far named (0 before any; misères count none)."""
    best = 0
    for _, a in bids:
        if isinstance(a, Bid) and not is_misere(a.value):
            best = max(best, int(str(a.value).partition("-")[0]))
    return best


def misere_closed(
    options: Mapping[str, Any], bids: Sequence[tuple[int, Action]], value: object
) -> str:
    """Why a misère bid may not be made yet, or ``""``."""
    high = highest_tricks_bid(bids)
    if value == MISERE and options["misere_after_seven"] and high < 7:
        return "misère may be bid only after a bid of seven or more"
    if value == OPEN_MISERE and options["open_misere_after_eight"] and high < 8:
        return "open misère may be bid only after a bid of eight or more"
    return ""


@hookimpl
def euchre_bidder(state: State) -> int:
    return core.next_bidder(state, auction_rules(state))


@hookimpl
def euchre_legal_bids(state: State, seat: int) -> list[Action]:
    o = opt(state)
    st = status(state)
    rules = auction_rules(state)
    higher = [
        r.action
        for r in rules.ladder.above(st.high_index)
        if not misere_closed(o, state.bids, r.value)
    ]
    return [PASS, *higher]


@hookimpl
def euchre_bidding_result(state: State) -> Contract | PassOut | None:
    st = status(state)
    if not st.over:
        return None
    if st.declarer is None:
        if opt(state)["all_pass"] == "play_no_trumps":
            return Contract(None, None, False, None, round=1)
        same = opt(state)["redeal_by"] == "same_dealer"
        return PassOut(same_dealer=same, reason="everyone passed")
    assert st.level is not None
    misere, trump = strain_of(st.level)
    return Contract(st.declarer, trump, misere, st.level, round=1)


@hookimpl
def euchre_next_dealer(state: State, passed_out: PassOut | None) -> int:
    if passed_out is not None and passed_out.same_dealer:
        return state.dealer
    return (state.dealer + 1) % state.seats


# ---------------------------------------------------------------------------------------
# The kitty, the joker's suit, the partners (five players)
# ---------------------------------------------------------------------------------------


def declarer_of(state: State) -> int | None:
    c = state.contract
    return None if c is None else c.maker


def partners_wanted(state: State) -> int:
    """Partners the declarer names: with five players one, two for a bid of eight or
    more, none for a misère; else none."""
    c = state.contract
    if state.seats != 5 or c is None or c.level is None or is_misere(c.level):
        return 0
    return 2 if int(str(c.level).partition("-")[0]) >= 8 else 1


def named_partners(log: Sequence[tuple[int, object]]) -> list[int]:
    return [a.seat for _, a in log if isinstance(a, Partner)]


def nomination(log: Sequence[tuple[int, object]]) -> Suit | None:
    """The joker's suit as the declarer nominated it this hand (``None``: free)."""
    for _, a in log:
        if isinstance(a, Nominate):
            return a.suit
    return None


def may_nominate(state: State) -> bool:
    c = state.contract
    return (
        c is not None
        and c.maker is not None
        and c.trump is None
        and opt(state)["joker_nomination"] == "declarer_may_nominate"
        and JOKER in state.table.deck
    )


@hookimpl
def euchre_prepare_step(state: State) -> Decision | Transfer | None:
    declarer = declarer_of(state)
    if declarer is None:
        return None
    log = state.prepare_log
    if state.kitty and not any(isinstance(a, Transfer) for _, a in log):
        return Transfer(declarer, tuple(state.kitty), "kitty", public=False)
    hand = state.hands[declarer]
    if len(hand) > HAND:
        return Decision(declarer, tuple(DISCARD[x.index] for x in hand), kind="discard")
    if may_nominate(state) and not any(isinstance(a, (Nominate, Pass)) for _, a in log):
        offered: tuple[Action, ...] = (PASS,)
        if JOKER in hand:
            offered = (*NOMINATE.values(), PASS)
        return Decision(declarer, offered, kind="nominate")
    wanted = partners_wanted(state)
    named = named_partners(log)
    if len(named) < wanted:
        choices = tuple(Partner(s) for s in range(state.seats) if s != declarer and s not in named)
        return Decision(declarer, choices, kind="partner")
    return None


@hookimpl
def euchre_why_illegal(state: State, seat: int, action: Action) -> str | None:
    if state.to_act != seat:
        return None
    o = opt(state)
    if state.phase is Phase.BIDDING:
        if isinstance(action, Bid):
            why = misere_closed(o, state.bids, action.value)
            if why:
                return why
            rules = auction_rules(state)
            if action.value not in rules.ladder.values:
                return f"'{action}' is not a bid of five hundred (e.g. bid 6-spades, bid misere)"
        return core.why_illegal(state, seat, action, auction_rules(state))
    d = state.decision
    if d is not None and d.kind == "nominate" and isinstance(action, Nominate):
        return "you do not hold the joker: pass"
    if d is not None and d.kind == "partner" and isinstance(action, Partner):
        if action.seat == seat:
            return "the declarer cannot be their own partner"
        if not 0 <= action.seat < state.seats:
            return f"there is no seat {action.seat} (seats 0 to {state.seats - 1})"
        return f"seat {action.seat} is already a partner"
    if state.phase is Phase.PLAY and isinstance(action, (Play, JokerLead)):
        return joker_refusal(state, seat, action)
    return None


# ---------------------------------------------------------------------------------------
# Play: sides, the lead, the joker
# ---------------------------------------------------------------------------------------


def makers_of(state: State) -> frozenset[int]:
    c = state.contract
    if c is None or c.maker is None:
        return frozenset()
    if state.table.partnerships is not None:
        return frozenset(state.table.side_of(c.maker))
    return frozenset((c.maker, *named_partners(state.prepare_log)))


@hookimpl
def euchre_teams(state: State) -> Teams:
    c = state.contract
    makers = makers_of(state)
    out: frozenset[int] = frozenset()
    if (
        c is not None
        and c.maker is not None
        and is_misere(c.level)
        and state.table.partnerships is not None
    ):
        out = frozenset(state.partners_of(c.maker))
    return Teams(makers, frozenset(range(state.seats)) - makers, out)


@hookimpl
def euchre_first_leader(state: State) -> int:
    c = state.contract
    if c is not None and c.maker is not None:
        return c.maker
    return (state.dealer + 1) % state.seats


def joker_led_suit(state: State) -> Suit | None:
    """The suit named with a free joker led to the current trick, if one was."""
    trick = state.trick
    if not trick or trick[0][1] is not JOKER:
        return None
    a = state.actions[len(state.actions) - len(trick)][1]
    return a.suit if isinstance(a, JokerLead) else None


def effective_suit(state: State, c: Card) -> Suit | None:
    """The card's suit this hand: a nominated joker belongs to its suit."""
    if c is JOKER and state.ranking is not None and state.ranking.trump is None:
        return nomination(state.prepare_log)
    r = state.ranking
    assert r is not None
    return r.suit_of[c.index]


def shown_void(state: State, seat: int) -> set[Suit]:
    """Suits ``seat`` has failed to follow this hand."""
    out: set[Suit] = set()
    for plays in [*(t.plays for t in state.tricks), tuple(state.trick)]:
        if not plays:
            continue
        led = trick_led(state, plays)
        for s, c in plays[1:]:
            if s == seat and led is not None and effective_suit(state, c) is not led:
                out.add(led)
    return out


def named_for_joker(state: State) -> Suit | None:
    """The suit named when the free joker was led this hand (it is led at most once)."""
    for e in reversed(state.hand_events):
        if isinstance(e, JokerLed):
            return e.suit
    return None


def trick_led(state: State, plays: Sequence[tuple[int, Card]]) -> Suit | None:
    """The suit to follow in a trick: the suit named with a free joker led, else the
    effective suit of the card led."""
    first = plays[0][1]
    suit = effective_suit(state, first)
    if first is JOKER and suit is None:
        return named_for_joker(state)
    return suit


def free_joker_game(state: State) -> bool:
    """Whether a joker in play here is free (no-trump kinds of contract, not nominated)."""
    r = state.ranking
    return r is not None and r.trump is None and nomination(state.prepare_log) is None


@hookimpl
def euchre_legal_plays(state: State, seat: int) -> list[Card] | None:
    """Following the joker's rules at no trumps (else the tricks plugin answers)."""
    r = state.ranking
    if r is None or r.trump is not None or JOKER not in state.table.deck:
        return None
    hand = state.hands[seat]
    trick = state.trick
    if not trick:
        if JOKER in hand and free_joker_game(state) and len(hand) > 1:
            # A free joker is led with a suit named (``joker C``), or not before the
            # last trick.
            return [c for c in hand if c is not JOKER]
        return list(hand)
    led = trick_led(state, trick)
    follow = [c for c in hand if effective_suit(state, c) is led]
    return follow or list(hand)


@hookimpl
def euchre_play_actions(state: State, seat: int) -> list[Action]:
    """Leading a free joker, naming the suit (``joker C``)."""
    hand = state.hands[seat]
    if state.trick or JOKER not in hand or len(hand) == 1 or not free_joker_game(state):
        return []
    if opt(state)["joker_lead"] == "last_trick_only":
        return []
    void = shown_void(state, seat)
    return [JOKER_LEAD[s] for s in SUITS if s not in void]


def joker_refusal(state: State, seat: int, action: Action) -> str | None:
    if action.card is not JOKER or state.trick or not free_joker_game(state):
        return None
    if isinstance(action, JokerLead):
        if opt(state)["joker_lead"] == "last_trick_only":
            return "the joker may be led only to the last trick"
        if action.suit in shown_void(state, seat):
            return f"you have shown void in {action.suit.word}: name another suit"
        return None
    if len(state.hands[seat]) > 1:
        if opt(state)["joker_lead"] == "last_trick_only":
            return "the joker may be led only to the last trick"
        return "lead the joker naming the suit to follow (joker C, joker D, joker H or joker S)"
    return None


@hookimpl
def euchre_trick_winner(state: State, trick: list[tuple[int, Card]]) -> int | None:
    """A nominated joker is the highest card of its suit (else the tricks plugin)."""
    r = state.ranking
    if r is None or r.trump is not None:
        return None
    suit = nomination(state.prepare_log)
    if suit is None:
        return None
    led = effective_suit(state, trick[0][1])

    def power(c: Card) -> int:
        return 100 if c is JOKER else r.power[c.index]

    best = max(
        (sc for sc in trick if effective_suit(state, sc[1]) is led), key=lambda x: power(x[1])
    )
    return best[0]


@hookimpl
def euchre_play_over(state: State) -> bool | None:
    """A misère ends at the first trick its declarer wins."""
    c = state.contract
    if c is None or c.maker is None or not is_misere(c.level) or not state.tricks:
        return None
    return state.tricks[-1].winner == c.maker


@hookimpl
def euchre_extra_events(state: State, event: Event) -> list[tuple[Event, frozenset[int] | None]]:
    if isinstance(event, TrickWon) and event.number == 0:
        c = state.contract
        if (
            c is not None
            and c.maker is not None
            and c.level == OPEN_MISERE
            and event.winner != c.maker
            and state.hands[c.maker]
        ):
            shown = tuple(sorted(state.hands[c.maker], key=lambda x: x.index))
            return [(HandShown(c.maker, shown), None)]
    if isinstance(event, CardPlayed) and event.card is JOKER and len(state.trick) == 1:
        suit = joker_led_suit(state)
        if suit is not None:
            return [(JokerLed(event.seat, suit), None)]
    return []


# ---------------------------------------------------------------------------------------
# Scoring and the end of the game
# ---------------------------------------------------------------------------------------


def contract_value(state: State) -> int:
    c = state.contract
    assert c is not None and c.level is not None
    return auction_rules(state).ladder.rung(c.level).points


def hand_points(state: State) -> tuple[tuple[int, ...], str, bool | None]:
    """Points per seat for the hand just played, the outcome, and whether it was made."""
    c = state.contract
    t = state.teams
    assert c is not None and t is not None
    o = opt(state)
    won = state.tricks_won
    n = state.seats
    if c.maker is None:  # everyone passed: no trumps, 10 a trick to everyone
        sides = state.table.sides
        each = {s: 10 * sum(won[x] for x in side) for side in sides for s in side}
        return tuple(each[s] for s in range(n)), "no trumps", None
    value = contract_value(state)
    taken = sum(won[s] for s in t.makers)
    points = [0] * n
    if is_misere(c.level):
        made = taken == 0
        defend = 10 if o["misere_defender_trick_points"] == "10_per_trick" else 0
        word = "misère" if made else "misère lost"
    else:
        need = int(str(c.level).partition("-")[0])
        made = taken >= need
        if made and taken == HAND and o["slam"] and value < 250:
            value = 250
            word = "slam"
        else:
            word = "make" if made else "set"
        defend = 10
    for s in range(n):
        if s in t.makers:
            points[s] = value if made else -value
        elif state.table.partnerships is not None:
            points[s] = defend * sum(won[x] for x in state.table.side_of(s))
        else:
            points[s] = defend * won[s]
    return tuple(points), word, made


@hookimpl
def euchre_score_hand(state: State) -> HandScore:
    points, word, made = hand_points(state)
    return HandScore(points, word, made)


@hookimpl
def euchre_game_result(state: State) -> GameResult | None:
    o = opt(state)
    target, floor = state.table.target, int(o["lose_score"])
    sides = state.table.sides
    scores = state.scores
    rec = state.hand_records[-1] if state.hand_records else None
    makers = set(rec.makers) if rec is not None else set()
    made = rec is not None and rec.made is True
    past = reached = [side for side in sides if scores[side[0]] >= target]
    if o["win_requires_bid"]:
        reached = [side for side in reached if made and side[0] in makers]
    if reached:
        first = [side for side in reached if side[0] in makers] or reached
        top = max(scores[side[0]] for side in first)
        winners = tuple(sorted(s for side in first if scores[side[0]] == top for s in side))
        return GameResult(winners, f"reached {top} of {target}")
    out = [side for side in sides if scores[side[0]] <= floor]
    if out:
        rest = [side for side in sides if side not in out]
        if not rest:
            return GameResult((), f"every side fell to {floor}", losers=tuple(range(state.seats)))
        top = max(scores[side[0]] for side in rest)
        winners = tuple(sorted(s for side in rest if scores[side[0]] == top for s in side))
        losers = tuple(sorted(s for side in out for s in side))
        return GameResult(winners, f"fell to {scores[out[0][0]]}: out the back door", losers=losers)
    if past:  # past the target by defending: only a made bid wins
        return GameResult(
            (), f"{side_refs(past)} passed {target} without a bid of their own made", play_on=True
        )
    return None


# ---------------------------------------------------------------------------------------
# What the open hand tells the search bot
# ---------------------------------------------------------------------------------------


def open_hand(view: PlayerView) -> tuple[int, tuple[Card, ...]] | None:
    """The open-misère declarer and the shown cards still unplayed, once shown."""
    for e in view.events:
        if isinstance(e, HandShown):
            played = {c for s, c in _plays(view) if s == e.seat}
            return e.seat, tuple(c for c in e.cards if c not in played)
    return None


def _plays(view: PlayerView) -> list[tuple[int, Card]]:
    return [(e.seat, e.card) for e in view.events if isinstance(e, CardPlayed)]


@hookimpl
def euchre_sample_constraints(view: PlayerView) -> SampleConstraints | None:
    """An open hand's cards were dealt to its holder or to the kitty, never to another
    seat; a nominated joker likewise."""
    from euchre_core.bots.sampling import SampleConstraints

    if NAME not in view.plugins:
        return None
    shown = open_hand(view)
    cards: list[Card] = []
    holder: int | None = None
    if shown is not None:
        holder, cards = shown[0], [*shown[1]]
    c = view.contract
    if c is not None and c.maker is not None and nomination(view.declarations) is not None:
        holder = c.maker
        if JOKER not in cards and JOKER not in view.played:
            cards.append(JOKER)
    if holder is None or not cards:
        return None
    others = {s: tuple(cards) for s in range(view.seats) if s not in (holder, view.seat)}
    return SampleConstraints(forbidden=others, held={holder: tuple(cards)})


@hookimpl
def euchre_known_sides(view: PlayerView) -> tuple[frozenset[int], frozenset[int]] | None:
    """With five players: the declarer and the partners it named against the others."""
    c = view.contract
    if view.partnerships is not None or c is None or c.maker is None:
        return None
    side = {c.maker, *named_partners(view.declarations)}
    me = view.seat
    others = frozenset(range(view.seats)) - {me}
    if me in side:
        return frozenset(side - {me}), others - side
    return others - side, frozenset(side)


# ---------------------------------------------------------------------------------------
# Bots, words and lessons (in their own modules)
# ---------------------------------------------------------------------------------------


@hookimpl
def euchre_bot_advice(view: PlayerView, legal: Sequence[Action]) -> tuple[Action, str] | None:
    """The heuristic bot's decisions of this game (:mod:`euchre_plugins.five_hundred_bot`)."""
    from euchre_plugins.five_hundred_bot import advice

    if NAME not in view.plugins or not legal:
        return None
    return advice(view, legal)


@hookimpl
def euchre_action_words(view: PlayerView, action: Action) -> ActionWords | None:
    """Bids, the joker's nomination and lead in words
    (:mod:`euchre_plugins.five_hundred_words`)."""
    from euchre_plugins.five_hundred_words import action_words

    return action_words(view, action)


@hookimpl
def euchre_describe_event(event: Event, view: PlayerView | None) -> str | None:
    """Bids, the contract, the open hand and the joker's lead told in words."""
    from euchre_plugins.five_hundred_words import describe_event

    return describe_event(event, view)


@hookimpl
def euchre_add_coaching(config: Config) -> dict[str, str]:
    """The lesson (:mod:`euchre_plugins.five_hundred_words`)."""
    from euchre_plugins.five_hundred_words import coaching

    return coaching(config)


__all__ = [
    "HAND",
    "MISERE",
    "OPEN_MISERE",
    "OPTIONS",
    "HandShown",
    "JokerLead",
    "JokerLed",
    "Nominate",
    "bid_value",
    "bid_words",
    "deck_for",
    "ladder_for",
    "rules_for",
]

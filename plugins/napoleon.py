"""Napoleon (Nap): bid for tricks, each for yourself; the first card led makes trumps.

The English round game of the euchre family: two to seven players, each for himself,
five cards each from a 52-card pack ranked as at whist (no bowers: every suit ranks A K
Q J 10 9 … 2). One round of bidding for the number of tricks; the high bidder plays
alone against all the others, leads to the first trick, and the suit of that card is
trump for the hand. The result is paid to, or by, each opponent.

* **Players and deal.** Two to seven players (``players``; five is the best game; the
  variants ``napoleon-2`` … ``napoleon-7``). Five cards each, dealt 2-then-3 from the
  dealer's left (``deal_pattern``: ``2-3``, ``3-2`` or ``singles``); the rest of the
  pack is not used. The deal passes to the left.
* **The pack** (``deck``): the full 52 cards (``full52``), or lower cards removed "to
  increase the skill factor" (``stripped_by_players``): 24 cards (A to 9) for three
  players, 28 (A to 8) for four, 32 (A to 7) for five; two, six and seven players keep
  the 52. With ``joker`` a joker is added: it is the highest trump. Led to the first
  trick it fixes no suit: that hand has no trump suit and the joker is its only trump.
* **Shuffling** (``shuffle_policy``): a fresh shuffle every deal (``every_deal``), or, as
  Parlett describes, a shuffle only at the start and after a successful bid of five
  tricks; otherwise the cards of the last hand are gathered (the tricks in the order
  played, then the unplayed cards) and only cut (``parlett_cut_only``).
* **Bidding.** One round only: from the dealer's left, each player makes one bid higher
  than every bid before it, or passes (``bid 3``, ``bid misere``, ``bid nap``,
  ``pass``). The bids, lowest first:

  ==========  ===========================================================
  Two         two tricks or more (``min_bid = 3`` removes it)
  Three       three tricks or more
  Misère      no trick at all, played without trumps (``misere``)
  Four        four tricks or more
  Nap         all five tricks
  Wellington  all five, for double; only after someone has bid Nap
  Blücher     all five, for triple; only after someone has bid Wellington
  ==========  ===========================================================

  Wellington and Blücher can be switched off (``wellington``, ``bluecher``). The top bid
  ends the bidding at once. When everyone passes the hand is thrown in and the next
  dealer deals (``all_pass = redeal``), or the dealer must play for one trick
  (``dealer_bids_one``), scoring one from or to each opponent.
* **Play.** The bidder leads to the first trick; the suit of that card is trump for the
  hand (there is no other announcement). Players must follow suit if able, otherwise may
  play any card: there is no duty to trump or to beat the card led. The highest trump
  wins the trick, else the highest card of the suit led; the winner leads next. A misère
  is played without trumps (``misere_trumps = none``), or the first lead fixes trumps as
  usual (``first_lead``). With ``wellington_lead_lowest_trump`` a Wellington bidder must
  open with the lowest card of the suit he leads (his lowest trump). With
  ``bluecher_named_trump`` a Blücher bidder names trump aloud (``call S``) and must open
  with his lowest plain card (his lowest trump when he holds nothing else). All five
  tricks are played; with ``stop_when_decided`` play stops as soon as the bid is made or
  beaten (no overtricks count, so the score is the same).
* **Scoring.** The bidder who makes his bid is paid by each opponent; one who fails pays
  each opponent. No bonus for overtricks; scores always add up to zero. Per opponent
  (``payment_table``):

  ==========  ===============  ===============  ==========
  Bid         Parlett (win /   1911 Britannica  McNeely
              lose)            (win / lose)
  ==========  ===============  ===============  ==========
  Two         2 / 2            2 / 2            2
  Three       3 / 3            3 / 3            3
  Misère      3 / 3            3 / 6            3
  Four        4 / 4            4 / 4            4
  Nap         10 / 10          10 / 5           5
  Wellington  20 / 20          20 / 10          10
  Blücher     40 / 40          30 / 15          20
  ==========  ===============  ===============  ==========

  Five players, Parlett's table: a Four made brings 4 from each of four opponents
  (+16); failed, it costs 4 to each (−16). With ``nap_failure_half`` a failed Nap costs
  half (as "in some gambling circles"; rounded up).
* **Widows** (``widow = none``). Two published forms add one. *Peep Nap*
  (``peep``): one card more is dealt face down, the widow. At his turn to bid, before
  bidding or passing, a player may pay ``peep_cost`` (1) into a pool to look at it
  (``peep``); the others see that he looked, not the card. The high bidder may then take
  the widow card and discard any one of his six face down (``exchange``), or keep his
  hand (``pass``). The pool goes to the next player who makes a bid of all five tricks
  (Nap, Wellington or Blücher) and carries over until then; the scores fall short of zero
  by the pool. *Purchase Nap* or *Sir Garnet* (``purchase``): a sixth hand of five cards
  is dealt face down. Instead of bidding, while nobody has bid Nap or more, a player may
  take it (``purchase``), keep any five of his ten cards, discard the others face down
  and play a Nap: nobody bids after him. Made, it wins a Nap from each opponent; failed,
  it costs each opponent double a Nap.
* **Game.** To 25 points (``game_end = target``, ``target_score``): the highest score at
  or above the target wins; equal highest scores play another deal. Or a fixed number of
  rounds of deals (``game_end = fixed_deals``, ``deal_rounds``: each player deals once a
  round), settled as in chips: the highest score wins, a tie plays another deal.

Options (``[options.napoleon]``; the player count is the variant's ``players``, 2 to 7,
default 5):

================================  =========================================================
``deck``                          ``full52``; ``stripped_by_players``
``joker``                         ``false``; ``true``
``deal_pattern``                  ``2-3``; ``3-2``; ``singles``
``shuffle_policy``                ``every_deal``; ``parlett_cut_only``
``min_bid``                       2; 3
``misere``                        ``true``; ``false``
``wellington``                    ``true``; ``false``
``bluecher``                      ``true``; ``false``
``all_pass``                      ``redeal``; ``dealer_bids_one``
``misere_trumps``                 ``none``; ``first_lead``
``wellington_lead_lowest_trump``  ``false``; ``true``
``bluecher_named_trump``          ``false``; ``true``
``stop_when_decided``             ``false``; ``true``
``payment_table``                 ``parlett``; ``eb1911``; ``ubcg``
``nap_failure_half``              ``false``; ``true``
``widow``                         ``none``; ``peep``; ``purchase``
``peep_cost``                     1 (with ``peep``)
``game_end``                      ``target``; ``fixed_deals``
``target_score``                  25
``deal_rounds``                   1 (with ``fixed_deals``)
================================  =========================================================

Bots: the plugin advises the heuristic bot on every decision of the game:
a bid from the tricks its best suit should take as trump (or a
misère from a hand of low cards; a peep at the widow when the hand is about a trick short
of a bid, with the best five of six bid on and kept; the extra hand bought when the best
five of ten, over sampled extra hands, should take every trick), the opening lead of that
suit, and in the play the
bidder draws trumps and wins cheaply, a misère bidder ducks, and the opponents beat the
bidder's cards as cheaply as they can.

Sources: David Parlett, "Nap", Encyclopædia Britannica (rules and payment table);
Encyclopædia Britannica, 11th edition (1911), "Napoleon (game)"; Wikipedia, "Napoleon
(card game)"; German Wikipedia, "Napoleon (Kartenspiel)"; Publications International,
"How to Play Napoleon" (HowStuffWorks); S. McNeely, Ultimate Book of Card Games,
"Napoleon"; R. F. Foster, Foster's Complete Hoyle, "The Euchre Family"; Bicycle Cards,
"Peep Nap" and "Sir Garnet"; gamerules.com, "Peep Nap".
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from euchre_plugins import auction_core as core
from euchre_plugins.standard import deal_cards, shuffled

from euchre_core.actions import PASS, Action, Bid, Call
from euchre_core.cards import SUITS, Card, Suit, pack
from euchre_core.config import Config, Option
from euchre_core.errors import ConfigError
from euchre_core.events import BidMade, CardPlayed, Contract, Event, HandStarted, TrickWon
from euchre_core.hookspecs import hookimpl
from euchre_core.model import Deal, GameResult, HandScore, PassOut, Phase, Table, Teams
from euchre_core.state import State
from euchre_core.trumps import Ranking, ranking
from euchre_core.view import PlayerView

NAME = "napoleon"
CONFLICTS = ("standard", "pepper", "auction", "hasenpfeffer")

HAND = 5

#: The bids, lowest first: (value, tricks needed, name in words).
LADDER: tuple[tuple[int | str, int, str], ...] = (
    (2, 2, "Two"),
    (3, 3, "Three"),
    ("misere", 0, "Misère"),
    (4, 4, "Four"),
    ("nap", 5, "Nap"),
    ("wellington", 5, "Wellington"),
    ("bluecher", 5, "Blücher"),
)
NEED: dict[int | str, int] = {v: t for v, t, _ in LADDER}
WORD: dict[int | str, str] = {v: w for v, _, w in LADDER}
WORD[1] = "One"
NEED[1] = 1

#: Per opponent, (win, lose) of each bid in each payment table.
PAYMENTS: dict[str, dict[int | str, tuple[int, int]]] = {
    "parlett": {
        2: (2, 2), 3: (3, 3), "misere": (3, 3), 4: (4, 4), "nap": (10, 10),
        "wellington": (20, 20), "bluecher": (40, 40),
    },
    "eb1911": {
        2: (2, 2), 3: (3, 3), "misere": (3, 6), 4: (4, 4), "nap": (10, 5),
        "wellington": (20, 10), "bluecher": (30, 15),
    },
    "ubcg": {
        2: (2, 2), 3: (3, 3), "misere": (3, 3), 4: (4, 4), "nap": (5, 5),
        "wellington": (10, 10), "bluecher": (20, 20),
    },
}  # fmt: skip

OPTIONS = [
    Option(
        "deck",
        str,
        "full52",
        "The pack: the full 52 cards, or stripped by the player count (3: A-9, 4: A-8, "
        "5: A-7; 2, 6 and 7 players keep 52).",
        choices=("full52", "stripped_by_players"),
    ),
    Option("joker", bool, False, "Add a joker, the highest trump."),
    Option(
        "deal_pattern",
        str,
        "2-3",
        "Packets of the deal: 2 then 3, 3 then 2, or one at a time.",
        choices=("2-3", "3-2", "singles"),
    ),
    Option(
        "shuffle_policy",
        str,
        "every_deal",
        "Shuffle every deal, or only at the start and after a successful bid of five "
        "(otherwise the last hand's cards are gathered and cut).",
        choices=("every_deal", "parlett_cut_only"),
    ),
    Option("min_bid", int, 2, "The lowest bid: 2 or 3 tricks.", min=2, max=3),
    Option("misere", bool, True, "Misère (no trick) may be bid, between three and four."),
    Option("wellington", bool, True, "Wellington (five tricks, after a Nap) may be bid."),
    Option("bluecher", bool, True, "Blücher (five tricks, after a Wellington) may be bid."),
    Option(
        "all_pass",
        str,
        "redeal",
        "When everyone passes: the next dealer deals, or the dealer must play for one trick.",
        choices=("redeal", "dealer_bids_one"),
    ),
    Option(
        "misere_trumps",
        str,
        "none",
        "A misère is played without trumps, or the first lead fixes trumps as usual.",
        choices=("none", "first_lead"),
    ),
    Option(
        "wellington_lead_lowest_trump",
        bool,
        False,
        "A Wellington bidder must open with the lowest card of the suit he leads.",
    ),
    Option(
        "bluecher_named_trump",
        bool,
        False,
        "A Blücher bidder names trump and must open with his lowest plain card.",
    ),
    Option(
        "stop_when_decided",
        bool,
        False,
        "Stop the play as soon as the bid is made or beaten (the score is the same).",
    ),
    Option(
        "payment_table",
        str,
        "parlett",
        "What each bid wins or loses per opponent: Parlett's table, the 1911 Britannica's, "
        "or McNeely's.",
        choices=tuple(PAYMENTS),
    ),
    Option("nap_failure_half", bool, False, "A failed Nap costs half (rounded up)."),
    Option(
        "widow",
        str,
        "none",
        "No widow (none); Peep Nap (peep): one card face down that a player may pay to see "
        "before bidding and the high bidder may exchange with; Purchase Nap or Sir Garnet "
        "(purchase): a five-card hand a player may take instead of bidding, keeping five of "
        "ten, to play a Nap that costs double if it fails.",
        choices=("none", "peep", "purchase"),
    ),
    Option(
        "peep_cost",
        int,
        1,
        "Points a peep at the widow costs, paid into a pool that the next Nap made wins "
        "(widow = peep).",
        min=1,
        max=10,
    ),
    Option(
        "game_end",
        str,
        "target",
        "The game ends at a target score, or after a fixed number of rounds of deals.",
        choices=("target", "fixed_deals"),
    ),
    Option("target_score", int, 25, "Points that win the game (game_end = target).", min=1),
    Option(
        "deal_rounds",
        int,
        1,
        "Rounds of deals, each player dealing once a round (game_end = fixed_deals).",
        min=1,
        max=50,
    ),
]

STRIPPED = {3: "9", 4: "8", 5: "7"}


def opt(state: State) -> Mapping[str, Any]:
    return state.options[NAME]


def deck_for(options: Mapping[str, Any], seats: int) -> tuple[Card, ...]:
    """The cards of the pack in use."""
    low = "2"
    if options["deck"] == "stripped_by_players":
        low = STRIPPED.get(seats, "2")
    return pack(low, jokers=1 if options["joker"] else 0)


def ladder(options: Mapping[str, Any]) -> tuple[int | str, ...]:
    """The bids of this game, lowest first."""
    out: list[int | str] = []
    for value, _, _ in LADDER:
        if value == 2 and int(options["min_bid"]) > 2:
            continue
        if value == "misere" and not options["misere"]:
            continue
        if value == "wellington" and not options["wellington"]:
            continue
        if value == "bluecher" and (not options["bluecher"] or not options["wellington"]):
            continue
        out.append(value)
    return tuple(out)


def payment(options: Mapping[str, Any], level: int | str) -> tuple[int, int]:
    """``(win, lose)`` per opponent for a bid."""
    if level == 1:
        return (1, 1)
    win, lose = PAYMENTS[str(options["payment_table"])][level]
    if level == "nap" and options["nap_failure_half"]:
        lose = (lose + 1) // 2
    return win, lose


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
    if not 2 <= seats <= 7:
        raise ConfigError(
            config.source, "variant.players", f"Napoleon is for 2 to 7 players, not {seats}"
        )
    deck = deck_for(o, seats)  # every pack leaves five cards or more for a widow
    target = int(o["target_score"]) if o["game_end"] == "target" else 1
    return Table(seats, None, deck, HAND, target)


@hookimpl
def euchre_first_dealer(state: State, rng: random.Random) -> int:
    return rng.randrange(state.seats)


def gathered(state: State) -> list[Card] | None:
    """The last hand's cards gathered for a cut (tricks in the order played, then the
    cards never played, then the rest of the pack), or ``None`` when the pack is to be
    shuffled: the first deal, or after a successful bid of five."""
    if state.hand_number == 0 or not state.hand_records:
        return None
    last = state.hand_records[-1]
    if last.contract is not None and NEED.get(last.contract.level or 0) == 5 and last.made:
        return None
    start = max(i for i, e in enumerate(state.events) if isinstance(e, HandStarted))
    played = [c for e in state.events[start:] if isinstance(e, TrickWon) for _, c in e.plays]
    seen = set(played)
    rest = [c for h in state.deal.hands for c in h if c not in seen]
    rest += [c for c in state.deal.all_cards() if c not in seen and c not in rest]
    return played + rest


@hookimpl
def euchre_deal(state: State, rng: random.Random) -> Deal:
    o = opt(state)
    deck: Sequence[Card] | None = None
    if o["shuffle_policy"] == "parlett_cut_only":
        cards = gathered(state)
        if cards is not None and len(cards) == len(state.table.deck):
            cut = rng.randrange(1, len(cards))
            deck = cards[cut:] + cards[:cut]
    if deck is None:
        deck = shuffled(state.table.deck, rng)
    return deal_cards(deck, state.dealer, state.seats, HAND, str(o["deal_pattern"]), False)


# ---------------------------------------------------------------------------------------
# Bidding: one round, each bid higher than the last
# ---------------------------------------------------------------------------------------


def _rules(state: State) -> core.AuctionRules:
    o = opt(state)
    rungs = tuple(core.Rung(v, NEED[v], payment(o, v)[0]) for v in ladder(o))
    return core.AuctionRules(core.Ladder(rungs), "single", True, "redeal")


def bids_only(bids: Sequence[tuple[int, Action]]) -> list[tuple[int, Action]]:
    """The bids and passes (without the Blücher's call and the peeps at the widow)."""
    from euchre_plugins.napoleon_widow import Peep

    return [(s, a) for s, a in bids if not isinstance(a, (Call, Peep))]


def open_bids(values: Sequence[int | str], high: int | str | None) -> list[int | str]:
    """The bids higher than ``high``: Wellington only over a Nap, Blücher only over a
    Wellington."""
    start = 0 if high is None else values.index(high) + 1
    out = []
    for v in values[start:]:
        if v == "wellington" and high != "nap":
            continue
        if v == "bluecher" and high != "wellington":
            continue
        out.append(v)
    return out


def high_bid(bids: Sequence[tuple[int, Action]]) -> tuple[int | None, int | str | None]:
    seat: int | None = None
    value: int | str | None = None
    for s, a in bids:
        if isinstance(a, Bid):
            seat, value = s, a.value
    return seat, value


def naming_trump(state: State) -> bool:
    """The Blücher bidder still has to name trump (``bluecher_named_trump``)."""
    st = core.status(bids_only(state.bids), state.dealer, state.seats, _rules(state))
    return (
        st.over
        and st.level == "bluecher"
        and bool(opt(state)["bluecher_named_trump"])
        and not any(isinstance(a, Call) for _, a in state.bids)
    )


@hookimpl
def euchre_bidder(state: State) -> int:
    st = core.status(bids_only(state.bids), state.dealer, state.seats, _rules(state))
    if st.over:
        assert st.declarer is not None
        return st.declarer
    assert st.to_speak is not None
    return st.to_speak


@hookimpl
def euchre_legal_bids(state: State, seat: int) -> list[Action]:
    if naming_trump(state):
        return [Call(s) for s in SUITS]
    _, high = high_bid(state.bids)
    o = opt(state)
    values = ladder(o)
    bids: list[Action] = [PASS, *(Bid(v) for v in open_bids(values, high))]
    if o["widow"] != "none":
        from euchre_plugins.napoleon_widow import extra_bids

        bids += extra_bids(o, state.bids, seat, high, values)
    return bids


def contract_for(o: Mapping[str, Any], maker: int, level: int | str) -> Contract:
    misere = level == "misere"
    by_lead = not misere or o["misere_trumps"] == "first_lead"
    return Contract(maker, None, False, level, 1, bowers=False, by_lead=by_lead)


@hookimpl
def euchre_bidding_result(state: State) -> Contract | PassOut | None:
    o = opt(state)
    if o["widow"] != "none" and state.bids:
        from euchre_plugins.napoleon_widow import Purchase, peep_points

        seat, last = state.bids[-1]
        if isinstance(last, Purchase):
            return contract_for(o, seat, "nap")
    st = core.status(bids_only(state.bids), state.dealer, state.seats, _rules(state))
    if not st.over:
        return None
    if st.declarer is None:
        if o["all_pass"] == "dealer_bids_one":
            return contract_for(o, state.dealer, 1)
        if o["widow"] == "peep":
            return PassOut(tuple(peep_points(state)), reason="everyone passed")
        return PassOut(reason="everyone passed")
    assert st.level is not None
    if naming_trump(state):
        return None
    last = state.bids[-1][1]
    if isinstance(last, Call):
        return Contract(st.declarer, last.suit, False, st.level, 1, bowers=False)
    return contract_for(o, st.declarer, st.level)


@hookimpl
def euchre_ranking(trump: Suit | None) -> Ranking:
    """As at whist: no bowers, every suit A K Q J 10 … 2; the joker the top trump."""
    return ranking(trump, bowers=False)


@hookimpl
def euchre_why_illegal(state: State, seat: int, action: Action) -> str | None:
    if state.to_act != seat:
        return None
    if state.phase is Phase.BIDDING:
        if naming_trump(state):
            return "name trump for your Blücher first (call C/D/H/S)"
        from euchre_plugins.napoleon_widow import why_not

        widow_why = why_not(opt(state), state.bids, seat, action)
        if widow_why is not None:
            return widow_why
        if isinstance(action, Call):
            return "nobody names trump in Napoleon: the first card the bidder leads fixes it"
        if isinstance(action, Bid):
            values = ladder(opt(state))
            if action.value not in values:
                words = ", ".join(str(v) for v in values)
                return f"'{action}' is not a bid of this game (bids: {words})"
            _, high = high_bid(state.bids)
            if action.value == "wellington" and high != "nap":
                return "Wellington may be bid only over a Nap"
            if action.value == "bluecher" and high != "wellington":
                return "Blücher may be bid only over a Wellington"
            if high is not None:
                return f"a bid must be higher than {high}: bid higher or pass"
        return None
    if state.phase is Phase.PLAY and is_opening(state):
        card = action.card
        allowed = opening_leads(state, seat)
        if card is not None and card in state.hands[seat] and card not in allowed:
            return f"the opening lead must be one of {' '.join(c.code for c in allowed)}: " + (
                "a Wellington opens with his lowest trump"
                if level_of(state) == "wellington"
                else "a Blücher opens with his lowest plain card"
            )
    return None


# ---------------------------------------------------------------------------------------
# Play
# ---------------------------------------------------------------------------------------


def level_of(state: State) -> int | str | None:
    c = state.contract
    return c.level if c is not None else None


def is_opening(state: State) -> bool:
    return not state.tricks and not state.trick


def opening_leads(state: State, seat: int) -> list[Card]:
    """The bidder's allowed opening leads under the Wellington and Blücher options."""
    hand = list(state.hands[seat])
    o = opt(state)
    level = level_of(state)
    if level == "wellington" and o["wellington_lead_lowest_trump"]:
        lowest: dict[Suit | None, Card] = {}
        for c in hand:
            if c.suit not in lowest or c.value < lowest[c.suit].value:
                lowest[c.suit] = c
        return [c for c in hand if lowest.get(c.suit) is c]
    c = state.contract
    if level == "bluecher" and o["bluecher_named_trump"] and c is not None:
        plain = [x for x in hand if x.suit is not c.trump and x.suit is not None] or hand
        low = min(x.value for x in plain)
        return [x for x in plain if x.value == low]
    return hand


@hookimpl(wrapper=True)
def euchre_legal_plays(state: State, seat: int) -> Any:
    cards = yield
    if is_opening(state) and state.contract is not None:
        allowed = opening_leads(state, seat)
        return [c for c in cards if c in allowed] or cards
    return cards


@hookimpl
def euchre_prepare_step(state: State) -> Any:
    """After the bidding, with a widow: the exchange (Peep Nap), the purchase's discards."""
    if opt(state)["widow"] == "none":
        return None
    from euchre_plugins.napoleon_widow import prepare_step

    return prepare_step(state)


@hookimpl
def euchre_teams(state: State) -> Teams:
    c = state.contract
    assert c is not None and c.maker is not None
    return Teams(frozenset((c.maker,)), frozenset(range(state.seats)) - {c.maker})


@hookimpl
def euchre_first_leader(state: State) -> int:
    c = state.contract
    assert c is not None and c.maker is not None
    return c.maker


def decided(state: State) -> bool | None:
    """Whether the bid is already made (``True``) or beaten (``False``), else ``None``."""
    c = state.contract
    assert c is not None and c.maker is not None
    need = NEED[c.level or 0]
    won = state.tricks_won[c.maker]
    left = HAND - len(state.tricks)
    if need == 0:
        return False if won > 0 else (True if left == 0 else None)
    if won >= need:
        return True
    if won + left < need:
        return False
    return None


@hookimpl
def euchre_play_over(state: State) -> bool | None:
    if not state.tricks or not opt(state)["stop_when_decided"] or state.trick:
        return None
    return decided(state) is not None


# ---------------------------------------------------------------------------------------
# Scoring and the end of the game
# ---------------------------------------------------------------------------------------


def settle(state: State) -> tuple[tuple[int, ...], bool]:
    c = state.contract
    assert c is not None and c.maker is not None and c.level is not None
    o = opt(state)
    need = NEED[c.level]
    won = state.tricks_won[c.maker]
    made = won == 0 if need == 0 else won >= need
    win, lose = payment(o, c.level)
    n = state.seats
    each = win if made else -lose
    points = tuple(each * (n - 1) if s == c.maker else -each for s in range(n))
    if o["widow"] != "none":
        from euchre_plugins import napoleon_widow

        points = napoleon_widow.settle(state, points, made, c.level, lose)
    return points, made


@hookimpl
def euchre_score_hand(state: State) -> HandScore:
    points, made = settle(state)
    c = state.contract
    assert c is not None
    word = WORD[c.level or 0]
    return HandScore(points, f"{word} made" if made else f"{word} beaten", made=made)


@hookimpl
def euchre_game_result(state: State) -> GameResult | None:
    o = opt(state)
    if o["game_end"] == "target":
        return core.target_result(state, state.table.target, "highest_wins_else_continue")
    deals = int(o["deal_rounds"]) * state.seats
    if state.hand_number + 1 < deals:
        return None
    best = max(state.scores)
    top = [s for s in range(state.seats) if state.scores[s] == best]
    if len(top) > 1:
        return None
    return GameResult((top[0],), f"highest after {deals} deals ({best})")


@hookimpl
def euchre_next_dealer(state: State) -> int:
    return (state.dealer + 1) % state.seats


@hookimpl
def euchre_extra_events(state: State, event: Event) -> list[tuple[Event, frozenset[int] | None]]:
    """The first card of a hand whose trump it fixes: a public :class:`TrumpLed`; a peep
    at the widow: the card, told to the seat that peeped only."""
    from euchre_plugins.napoleon_words import TrumpLed

    if isinstance(event, BidMade):
        from euchre_plugins.napoleon_widow import Peep, WidowPeeped, widow_cards

        if isinstance(event.action, Peep):
            card = widow_cards(state)[0]
            return [(WidowPeeped(event.seat, card), frozenset((event.seat,)))]
        return []
    if not isinstance(event, CardPlayed) or state.tricks or len(state.trick) != 1:
        return []
    c = state.contract
    if c is not None and c.by_lead and not state.tricks and len(state.trick) == 1:
        return [(TrumpLed(event.seat, event.card.suit), None)]
    return []


# ---------------------------------------------------------------------------------------
# Words, lesson and bot (helper modules)
# ---------------------------------------------------------------------------------------


@hookimpl
def euchre_add_coaching(config: Config) -> dict[str, str]:
    """What Napoleon teaches (:mod:`euchre_plugins.napoleon_words`)."""
    from euchre_plugins.napoleon_words import coaching

    return coaching(config)


@hookimpl
def euchre_action_words(view: PlayerView, action: Action) -> Any:
    """Bids by name or number (:mod:`euchre_plugins.napoleon_words`); the peep, the
    purchase and the exchange (:mod:`euchre_plugins.napoleon_widow`)."""
    from euchre_plugins.napoleon_words import action_words

    if view.options[NAME]["widow"] != "none":
        from euchre_plugins import napoleon_widow

        words = napoleon_widow.action_words(view, action)
        if words is not None:
            return words
    return action_words(view, action)


@hookimpl
def euchre_describe_event(event: Event, view: PlayerView | None) -> str | None:
    """The contract and the lead that fixes trumps, in words; the peeps and the
    purchase."""
    from euchre_plugins import napoleon_widow
    from euchre_plugins.napoleon_words import describe_event

    return napoleon_widow.describe_event(event, view) or describe_event(event, view)


@hookimpl
def euchre_bot_advice(view: PlayerView, legal: Sequence[Action]) -> Any:
    """Every decision of the game (:mod:`euchre_plugins.napoleon_bot`)."""
    if NAME not in view.plugins or not legal:
        return None
    from euchre_plugins.napoleon_bot import advice

    return advice(view, legal)


@hookimpl
def euchre_known_sides(view: PlayerView) -> tuple[frozenset[int], frozenset[int]] | None:
    """The bidder against everyone else, once the bidding is over."""
    c = view.contract
    if c is None or c.maker is None:
        return None
    others = frozenset(range(view.seats)) - {view.seat}
    if view.seat == c.maker:
        return frozenset(), others
    return others - {c.maker}, frozenset((c.maker,))


@hookimpl
def euchre_sample_constraints(view: PlayerView) -> Any:
    """A forced opening lead (Wellington's lowest trump, Blücher's lowest plain card)
    shows that the bidder held no lower card of the kind it had to lead; a seat that
    peeped knows the widow card."""
    from euchre_plugins import napoleon_widow
    from euchre_plugins.napoleon_bot import sample_constraints

    found = sample_constraints(view)
    peeped = napoleon_widow.sample_constraints(view)
    if peeped is None:
        return found
    if found is None:
        return peeped
    return replace(found, known=peeped.known)


__all__ = ["LADDER", "NEED", "OPTIONS", "PAYMENTS", "deck_for", "ladder", "payment"]

"""Auction euchre with the widow (``auction.md``; ``edge_cases.md`` J: EC-47, EC-48, EC-49).

Seats are numbered from the dealer: the dealer is seat 0 and the dealer's left (eldest,
who speaks and leads first) is seat 1. The seed's "S4" of EC-49 is seat 3.

Fixed deals are written as *trick tables*: one row per trick, one card per seat (seat 0
first; ``-`` for a seat that does not play). A seat's hand is its column. The winner of
each trick is read off the table by the rules (the highest trump, else the highest card
of the suit led) and written next to it; the test asserts the engine agrees.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import pytest

from euchre_core import (
    IllegalActionError,
    Phase,
    State,
    Suit,
    card,
    cards,
    new_game,
    new_hand,
    pack,
)
from euchre_core.actions import PASS, Bid, Call, Discard, Partner, Play
from euchre_core.cards import Card
from euchre_core.config import load_variant
from euchre_core.errors import ConfigError, EuchreError
from euchre_core.events import CardsTaken, Declared, Discarded, HandScored, TrickWon
from euchre_core.model import Deal
from euchre_core.testing import check_refusals, check_step
from euchre_core.trumps import ranking
from euchre_core.view import PlayerView

# ---------------------------------------------------------------------------------------
# Helpers (also used by test_pepper.py)
# ---------------------------------------------------------------------------------------


def table_deal(
    rows: Sequence[str],
    kitty: str = "",
    swap: dict[int, str] | None = None,
    deck: Sequence[Card] = (),
) -> Deal:
    """The deal whose hands are the columns of a trick table.

    :param kitty: the undealt cards, top first (in auction: the widow, then dead cards)
    :param swap: ``{seat: "dealt cards"}`` for a seat whose hand changes before the tricks
      (a declarer who takes the widow): its dealt hand instead of its column
    :param deck: the pack; its cards not named anywhere are added to the kitty, in order
    """
    seats = len(rows[0].split())
    hands: list[list[Card]] = [[] for _ in range(seats)]
    for row in rows:
        for seat, code in enumerate(row.split()):
            if code != "-":
                hands[seat].append(card(code))
    for seat, dealt in (swap or {}).items():
        hands[seat] = cards(dealt)
    rest = cards(kitty)
    named = {c for h in hands for c in h} | set(rest)
    rest.extend(c for c in deck if c not in named)
    return Deal.of(hands, rest)


def play_table(state: State, rows: Sequence[str], winners: Sequence[int]) -> None:
    """Play a trick table: each seat plays its card of the row when the engine asks it,
    and each trick must go to the seat written for it."""
    for number, (row, winner) in enumerate(zip(rows, winners, strict=True)):
        by_seat = {s: card(c) for s, c in enumerate(row.split()) if c != "-"}
        for _ in by_seat:
            seat = state.to_act
            assert seat in by_seat, f"trick {number + 1}: seat {seat} is to play, not in the row"
            state.apply(Play(by_seat[seat]))
        got = next(e.winner for e in reversed(state.events) if isinstance(e, TrickWon))
        assert got == winner, f"trick {number + 1} went to seat {got}, not seat {winner}"


def say(state: State, *texts: str) -> None:
    """Apply actions by their text forms, each for the seat the engine asks."""
    for text in texts:
        state.apply_text(text)


def whole_pack(state: State, deal: Deal) -> None:
    """A test deal uses every card of the variant's pack exactly once."""
    used = deal.all_cards()
    assert sorted(used) == sorted(state.table.deck), "the test deal is not the whole pack"


def last_hand(state: State) -> HandScored:
    return state.hand_records[-1]


# ---------------------------------------------------------------------------------------
# Seeded random playouts: the invariants of the core, for every player count
# ---------------------------------------------------------------------------------------


def extra_refusals(state: State) -> None:
    """Actions the variants add that must be refused: a bid not above the high bid, a bid
    off the ladder, a partner already named or oneself, no trump where not allowed."""
    legal = set(state.legal_actions())
    seat = state.to_act
    wrong: list[object] = [Bid(99), Bid("lots"), Call(None), Partner(seat or 0), Partner(42)]
    bids = [a for a in legal if isinstance(a, Bid)]
    if state.phase is Phase.BIDDING and bids and len(bids) < 7:
        wrong.append(Bid(1))
    for a in wrong:
        if a in legal:
            continue
        n = len(state.actions)
        with pytest.raises(IllegalActionError) as e:
            state.apply(a)  # type: ignore[arg-type]
        assert str(e.value), f"'{a}' refused without a reason"
        assert len(state.actions) == n, f"refusing '{a}' changed the state"


def timid(state: State, rng: random.Random) -> object:
    """A random player that passes more than half the time in the auction (a uniformly
    random table nearly always climbs to the top bid), and else picks any legal action."""
    legal = state.legal_actions()
    if state.phase is Phase.BIDDING and PASS in legal and rng.random() < 0.6:
        return PASS
    return rng.choice(legal)


def playout(
    variant: str,
    hands: int,
    seed: int,
    *,
    options: dict[str, object] | None = None,
    players: int | None = None,
    choose: Callable[[State, random.Random], object] | None = None,
    refuse_every: int = 7,
    max_hands: int | None = None,
) -> dict[str, int]:
    """Seeded random games until ``hands`` hands were dealt, every invariant checked after
    every action. Returns counts of the hand outcomes.

    ``max_hands`` caps each game (for rules under which random players may never reach
    the target, such as a failed bid costing only the declarer)."""
    config = load_variant(variant, options=options or {}, players=players)
    rng = random.Random(f"{variant}:{seed}")
    outcomes: dict[str, int] = {}
    dealt = 0
    game = 0
    while dealt < hands:
        state = State(config, seed=f"{seed}/{game}", max_hands=max_hands)
        step = 0
        check_step(state)
        while not state.is_over:
            legal = state.legal_actions()
            assert legal, "no legal action while the game goes on"
            assert all(state.why_not(a) is None for a in legal)
            if step % refuse_every == 0:
                check_refusals(state, rng)
                extra_refusals(state)
            action = (choose or timid)(state, rng)
            before = list(state.scores)
            scored = len(state.hand_records)
            state.apply(action)  # type: ignore[arg-type]
            step += 1
            expected = before
            for h in state.hand_records[scored:]:
                expected = [a + b for a, b in zip(expected, h.points, strict=True)]
                outcomes[h.outcome] = outcomes.get(h.outcome, 0) + 1
            assert list(state.scores) == expected, "scores changed outside the scoring"
            if len(state.hand_records) > scored and not state.is_over:
                target_not_decided(state)
            check_step(state)
        assert state.legal_actions() == ()
        assert state.result is not None
        target = state.table.target
        if max_hands is not None and state.result.reason == "hand limit reached":
            dealt += len(state.hand_records)
            game += 1
            continue
        assert state.result.winners, "a game ended without winners"
        assert all(state.scores[w] >= target for w in state.result.winners)
        dealt += len(state.hand_records)
        game += 1
    return outcomes


def target_not_decided(state: State) -> None:
    """A game that goes on after a hand has no side alone at the top past the target."""
    target = state.table.target
    sides = state.table.sides
    reached = [state.scores[s[0]] for s in sides if state.scores[s[0]] >= target]
    if reached:
        best = max(reached)
        assert reached.count(best) > 1, f"{state.scores}: a side is alone past {target}"


@pytest.mark.parametrize("players", [4, 5, 6, 7])
def test_random_playouts_keep_the_invariants_quick(players: int) -> None:
    outcomes = playout("auction", 200, seed=players, players=players)
    assert outcomes.get("make", 0) and outcomes.get("set", 0)


@pytest.mark.parametrize(
    "options",
    [
        {"auction.bidding_rounds": "until_passed"},
        {"auction.bidding_rounds": "until_passed", "auction.pass_is_final": False},
        {"auction.all_pass": "dealer_min_bid", "auction.show_turn_card": True},
        {"auction.partners_exact": False, "auction.failure_payout": "shared"},
        {"auction.failure_payout": "declarer_loses", "auction.simultaneous_target": "shared_win"},
        {"auction.mode": "foster_partnership"},
    ],
    ids=["until-passed", "pass-not-final", "dealer-min-bid", "fewer-partners", "declarer-loses",
         "foster"],
)  # fmt: skip
def test_random_playouts_under_options_quick(options: dict[str, object]) -> None:
    players = 4 if options.get("auction.mode") == "foster_partnership" else 5
    playout("auction", 150, seed=11, options=options, players=players, max_hands=40)


@pytest.mark.slow
@pytest.mark.parametrize("players", [4, 5, 6, 7])
def test_random_playouts_keep_the_invariants(players: int) -> None:
    outcomes = playout("auction", 5000, seed=100 + players, players=players, refuse_every=11)
    assert sum(outcomes.values()) >= 5000


# ---------------------------------------------------------------------------------------
# The table of bids (auction.md §1, §2) and EC-47, EC-48
# ---------------------------------------------------------------------------------------


def bids_of(state: State) -> set[object]:
    return {str(a) for a in state.legal_actions()}


def test_ec47_after_a_5_five_players_may_bid_8_15_or_pass() -> None:
    state = new_hand("auction", dealer=0, seed=1)
    say(state, "bid 5")
    assert bids_of(state) == {"bid 8", "bid 15", "pass"}


def test_ec47_after_a_3_six_players_may_bid_4_5_8_15_or_pass() -> None:
    state = new_hand("auction-6", dealer=0, seed=1)
    say(state, "bid 3")
    assert bids_of(state) == {"bid 4", "bid 5", "bid 8", "bid 15", "pass"}


def test_ec47_after_a_7_seven_players_may_bid_10_20_or_pass() -> None:
    state = new_hand("auction-7", dealer=0, seed=1)
    say(state, "bid 7")
    assert bids_of(state) == {"bid 10", "bid 20", "pass"}


def test_ec47_a_bid_not_above_the_high_bid_is_refused_with_the_choices() -> None:
    state = new_hand("auction", dealer=0, seed=1)
    say(state, "bid 5")
    with pytest.raises(IllegalActionError, match="higher than 5: bid 8, 15 or pass"):
        state.apply_text("bid 4")
    with pytest.raises(IllegalActionError, match="not a bid of this game"):
        state.apply_text("bid 6")


def test_first_bids_per_player_count() -> None:
    expected = {
        4: {"pass", "bid 3", "bid 4", "bid 5", "bid 8", "bid 15"},
        5: {"pass", "bid 3", "bid 4", "bid 5", "bid 8", "bid 15"},
        6: {"pass", "bid 3", "bid 4", "bid 5", "bid 8", "bid 15"},
        7: {"pass", "bid 4", "bid 5", "bid 6", "bid 7", "bid 10", "bid 20"},
    }
    for players, bids in expected.items():
        state = new_hand("auction", players=players, seed=3)
        assert bids_of(state) == bids, players


def test_four_players_two_partner_bids_can_be_forbidden() -> None:
    state = new_hand("auction-4", options={"auction.four_player_two_partner_bids": "forbidden"})
    assert bids_of(state) == {"pass", "bid 3", "bid 8", "bid 15"}


def test_ec48_seven_players_hold_seven_cards_from_the_full_pack_and_the_widow_is_three() -> None:
    state = new_hand("auction-7", seed=5)
    assert len(state.table.deck) == 52
    assert state.table.hand_size == 7
    assert all(len(h) == 7 for h in state.hands)
    assert len(state.kitty) == 3 and state.upcard is None
    hearts = ranking(Suit.HEARTS)
    trumps = sorted(
        (c for c in state.table.deck if hearts.is_trump(c)), key=lambda c: -hearts.power[c.index]
    )
    assert " ".join(c.code for c in trumps) == "JH JD AH KH QH TH 9H 8H 7H 6H 5H 4H 3H 2H"
    diamonds = sorted(
        (c for c in state.table.deck if hearts.effective_suit(c) is Suit.DIAMONDS),
        key=lambda c: -hearts.power[c.index],
    )
    assert " ".join(c.code for c in diamonds) == "AD KD QD TD 9D 8D 7D 6D 5D 4D 3D 2D"


@pytest.mark.parametrize(
    ("players", "size", "joker"), [(4, 32, False), (5, 32, False), (6, 33, True), (7, 52, False)]
)
def test_the_pack_follows_the_player_count(players: int, size: int, joker: bool) -> None:
    state = new_hand("auction", players=players)
    assert len(state.table.deck) == size
    assert (card("JK") in state.table.deck) == joker
    assert len(state.kitty) == size - players * state.table.hand_size


def test_a_turned_card_is_shown_and_stays_out_of_play() -> None:
    state = new_hand("auction", options={"auction.show_turn_card": True}, seed=2)
    up = state.upcard
    assert up is not None and len(state.kitty) == 32 - 25 - 1
    while not state.is_over:
        state.apply(state.legal_actions()[-1])
    assert not state.upcard_taken and all(up not in h for h in state.hands)


def test_six_players_with_a_turned_card_need_the_36_card_pack() -> None:
    config = load_variant("auction-6", options={"auction.show_turn_card": True})
    assert len(config.rules().table(config).deck) == 36
    with pytest.raises(ConfigError, match="deck33_benny has 33 cards"):
        load_variant(
            "auction-6",
            options={"auction.show_turn_card": True, "auction.deck": "deck33_benny"},
        )


def test_auction_is_for_four_to_seven_players() -> None:
    with pytest.raises(ConfigError, match="4 to 7 players"):
        load_variant("auction", players=3)
    with pytest.raises(ConfigError, match="4 or 6 players"):
        load_variant("auction", players=5, options={"auction.mode": "foster_partnership"})


# ---------------------------------------------------------------------------------------
# The auction: turn order, rounds, all pass
# ---------------------------------------------------------------------------------------


def test_single_round_each_player_speaks_once_from_the_dealers_left() -> None:
    state = new_hand("auction", dealer=2, seed=4)
    order = []
    for text in ("pass", "bid 3", "pass", "bid 4", "pass"):
        order.append(state.to_act)
        say(state, text)
    assert order == [3, 4, 0, 1, 2]
    assert state.to_act == 1 and bids_of(state) == {"call C", "call D", "call H", "call S"}


def test_the_top_bid_ends_the_auction_at_once() -> None:
    state = new_hand("auction", dealer=0, seed=4)
    say(state, "bid 15")
    assert state.phase is Phase.BIDDING and state.to_act == 1
    assert all(isinstance(a, Call) for a in state.legal_actions())


def test_no_trump_cannot_be_named() -> None:
    state = new_hand("auction", dealer=0, seed=4)
    say(state, "bid 15")
    with pytest.raises(IllegalActionError, match="no trump cannot be named"):
        state.apply_text("call NT")


def test_until_passed_goes_round_until_all_but_the_high_bidder_have_passed() -> None:
    state = new_hand(
        "auction", dealer=0, seed=4, options={"auction.bidding_rounds": "until_passed"}
    )
    say(state, "bid 3", "bid 4", "pass", "pass", "pass")
    assert state.to_act == 1 and bids_of(state) == {"pass", "bid 5", "bid 8", "bid 15"}
    say(state, "bid 5")
    assert state.to_act == 2
    say(state, "pass")
    assert state.to_act == 1 and all(isinstance(a, Call) for a in state.legal_actions())


def test_until_passed_without_final_passes_lets_a_passer_come_back() -> None:
    state = new_hand(
        "auction",
        dealer=0,
        seed=4,
        options={"auction.bidding_rounds": "until_passed", "auction.pass_is_final": False},
    )
    say(state, "pass", "bid 3", "pass", "pass", "pass")
    assert state.to_act == 1 and "bid 4" in bids_of(state)
    say(state, "bid 4", "pass", "pass", "pass", "pass")
    assert state.to_act == 1 and all(isinstance(a, Call) for a in state.legal_actions())


def test_all_pass_redeals_by_the_next_dealer() -> None:
    state = new_game("auction", dealer=0, seed=4)
    say(state, *["pass"] * 5)
    assert last_hand(state).outcome == "passed out"
    assert state.dealer == 1 and state.hand_number == 1 and state.to_act == 2


def test_all_pass_can_hold_the_dealer_to_the_lowest_bid() -> None:
    state = new_hand("auction", dealer=0, seed=4, options={"auction.all_pass": "dealer_min_bid"})
    say(state, *["pass"] * 5)
    assert state.to_act == 0
    say(state, "call S")
    assert state.contract is not None
    assert (state.contract.maker, state.contract.level) == (0, 3)


# ---------------------------------------------------------------------------------------
# Widow, discards, partners
# ---------------------------------------------------------------------------------------

FIVE = [  # seat: 0   1   2   3   4        led by, winner
    "KC AC QC JC TC",  # 1 -> 1 (clubs, everyone follows)
    "KD QD TD AD 9D",  # 1 -> 3 (diamonds)
    "KS QS AS JS TS",  # 3 -> 2 (spades)
    "JD AH JH KH QH",  # 2 -> 2 (trumps: the right bower)
    "TH 9H 8H 7H 9S",  # 2 -> 0 (trumps; seat 4 has only a spade left)
]
FIVE_WINNERS = [1, 3, 2, 2, 0]
FIVE_KITTY = "8C 7C 8D 8S 7S 9C 7D"  # the widow is 8C 7C 8D


def five_player_hand(**kw: object) -> tuple[State, Deal]:
    deal = table_deal(FIVE, FIVE_KITTY)
    state = new_hand("auction", deal, dealer=0, **kw)  # type: ignore[arg-type]
    whole_pack(state, deal)
    return state, deal


def test_the_declarer_takes_the_widow_unseen_and_discards_three_face_down() -> None:
    state, _ = five_player_hand()
    say(state, "pass", "bid 3", "pass", "pass", "pass", "call H")
    widow = cards("8C 7C 8D")
    assert all(c in state.hands[2] for c in widow) and len(state.hands[2]) == 8
    assert state.decision is not None and state.decision.kind == "discard"
    taken = [e for e in state.view(1).events if isinstance(e, CardsTaken)]
    assert taken and taken[0].cards is None and taken[0].count == 3
    say(state, "discard 8C", "discard 7C", "discard 8D")
    assert state.discards == widow
    seen_by_1 = [e for e in state.view(1).events if isinstance(e, Discarded)]
    assert [e.card for e in seen_by_1] == [None, None, None]
    assert state.decision is not None and state.decision.kind == "partner"
    assert {str(a) for a in state.legal_actions()} == {"partner 0", "partner 1", "partner 3",
                                                       "partner 4"}  # fmt: skip


def test_partners_are_named_publicly_and_cannot_be_refused_or_repeated() -> None:
    state, _ = five_player_hand(options={"auction.bidding_rounds": "single"})
    say(state, "pass", "bid 4", "pass", "pass", "pass", "call H")
    say(state, "discard 8C", "discard 7C", "discard 8D", "partner 4")
    with pytest.raises(IllegalActionError, match="already a partner"):
        state.apply_text("partner 4")
    with pytest.raises(IllegalActionError, match="own partner"):
        state.apply_text("partner 2")
    with pytest.raises(IllegalActionError, match="exactly this many partners"):
        state.apply_text("pass")
    say(state, "partner 0")
    for seat in range(5):
        named = [e.action for e in state.view(seat).events if isinstance(e, Declared)]
        assert named == [Partner(4), Partner(0)]
    assert state.phase is Phase.PLAY and state.to_act == 1
    assert state.teams is not None and state.teams.makers == {0, 2, 4}


def test_with_partners_not_exact_the_declarer_may_take_fewer() -> None:
    state, _ = five_player_hand(options={"auction.partners_exact": False})
    say(state, "pass", "bid 4", "pass", "pass", "pass", "call H")
    say(state, "discard 8C", "discard 7C", "discard 8D", "partner 4", "pass")
    assert state.phase is Phase.PLAY and state.teams is not None
    assert state.teams.makers == {2, 4}


def test_five_players_bid_3_made_with_one_partner() -> None:
    state, _ = five_player_hand()
    say(state, "pass", "bid 3", "pass", "pass", "pass", "call H")
    say(state, "discard 8C", "discard 7C", "discard 8D", "partner 3")
    play_table(state, FIVE, FIVE_WINNERS)
    hand = last_hand(state)
    assert hand.tricks == (1, 1, 2, 1, 0) and hand.outcome == "make"
    assert hand.points == (0, 0, 3, 3, 0)


def test_five_players_bid_3_short_by_one_trick_pays_each_opponent() -> None:
    state, _ = five_player_hand()
    say(state, "pass", "bid 3", "pass", "pass", "pass", "call H")
    say(state, "discard 8C", "discard 7C", "discard 8D", "partner 4")
    play_table(state, FIVE, FIVE_WINNERS)
    hand = last_hand(state)
    assert hand.outcome == "set" and hand.points == (3, 3, 0, 3, 0)


@pytest.mark.parametrize(
    ("options", "points"),
    [
        ({"auction.failure_payout": "shared"}, (1, 1, 0, 1, 0)),
        ({"auction.failure_payout": "declarer_loses"}, (0, 0, -3, 0, 0)),
    ],
)
def test_failure_payouts(options: dict[str, object], points: tuple[int, ...]) -> None:
    state, _ = five_player_hand(options=options)
    say(state, "pass", "bid 3", "pass", "pass", "pass", "call H")
    say(state, "discard 8C", "discard 7C", "discard 8D", "partner 4")
    play_table(state, FIVE, FIVE_WINNERS)
    assert last_hand(state).points == points


def test_partners_may_score_nothing_on_success() -> None:
    state, _ = five_player_hand(options={"auction.partners_score_on_success": "none"})
    say(state, "pass", "bid 3", "pass", "pass", "pass", "call H")
    say(state, "discard 8C", "discard 7C", "discard 8D", "partner 3")
    play_table(state, FIVE, FIVE_WINNERS)
    assert last_hand(state).points == (0, 0, 3, 0, 0)


# EC-49: S4 (seat 3) bids 15: alone, without the widow.
EC49_TAKES_4 = [  # seat: 0   1   2   3   4
    "KC AC QC JH JC",  # 1 -> 3 (seat 3 has no club: trumps)
    "TH 9H 8H JD 7H",  # 3 -> 3
    "AD KD QD AH TD",  # 3 -> 3 (nobody else has a trump left)
    "KS QS JS KH TS",  # 3 -> 3
    "8S AS 7S 9S 9D",  # 3 -> 1 (the ace of spades)
]
EC49_KITTY_TAKES_4 = "QH TC 9C 8C 7C 8D 7D"
EC49_TAKES_5 = [row.replace("9S", "QH") for row in EC49_TAKES_4]
EC49_KITTY_TAKES_5 = "9S TC 9C 8C 7C 8D 7D"


def test_ec49_lone_15_without_the_widow_takes_all_five_and_wins_the_game() -> None:
    deal = table_deal(EC49_TAKES_5, EC49_KITTY_TAKES_5)
    state = new_game("auction", deals=[deal], dealer=0)
    whole_pack(state, deal)
    say(state, "pass", "pass", "bid 15", "call H")
    assert state.phase is Phase.PLAY, "no widow, no partner: play starts at once"
    assert state.kitty == cards(EC49_KITTY_TAKES_5)
    assert not any(isinstance(e, CardsTaken) for e in state.events)
    play_table(state, EC49_TAKES_5, [3, 3, 3, 3, 3])
    assert last_hand(state).points == (0, 0, 0, 15, 0)
    assert state.is_over and state.result is not None and state.result.winners == (3,)


def test_ec49_lone_15_taking_four_pays_each_of_the_four_others_and_the_tie_plays_on() -> None:
    deal = table_deal(EC49_TAKES_4, EC49_KITTY_TAKES_4)
    state = new_game("auction", deals=[deal], dealer=0)
    whole_pack(state, deal)
    say(state, "pass", "pass", "bid 15", "call H")
    play_table(state, EC49_TAKES_4, [3, 3, 3, 3, 1])
    hand = state.hand_records[0]
    assert hand.outcome == "set" and hand.points == (15, 15, 15, 0, 15)
    assert not state.is_over and state.hand_number == 1, "four tied at 15: play on"


def test_the_widow_is_never_seen_by_anyone_in_a_lone_15() -> None:
    deal = table_deal(EC49_TAKES_5, EC49_KITTY_TAKES_5)
    state = new_hand("auction", deal, dealer=0)
    say(state, "pass", "pass", "bid 15", "call H")
    widow = set(cards("9S TC 9C"))
    for seat in range(5):
        view: PlayerView = state.view(seat)
        assert not widow & set(view.hand)
        assert not any(isinstance(e, CardsTaken) for e in view.events)


def test_a_shared_win_when_several_reach_the_target() -> None:
    deal = table_deal(EC49_TAKES_4, EC49_KITTY_TAKES_4)
    state = new_game(
        "auction", deals=[deal], dealer=0, options={"auction.simultaneous_target": "shared_win"}
    )
    say(state, "pass", "pass", "bid 15", "call H")
    play_table(state, EC49_TAKES_4, [3, 3, 3, 3, 1])
    assert state.is_over and state.result is not None
    assert state.result.winners == (0, 1, 2, 4)


def test_the_highest_of_several_past_the_target_wins() -> None:
    deal = table_deal(EC49_TAKES_4, EC49_KITTY_TAKES_4)
    state = new_game("auction", deals=[deal], dealer=0, scores=[0, 2, 0, 0, 0])
    say(state, "pass", "pass", "bid 15", "call H")
    play_table(state, EC49_TAKES_4, [3, 3, 3, 3, 1])
    assert state.is_over and state.result is not None and state.result.winners == (1,)


FOUR = [  # seat: 0   1   2   3
    "KC AC QC JC",  # 1 -> 1
    "AS TS KS QS",  # 1 -> 0
    "KD QD AD TD",  # 0 -> 2
    "9H AH JH KH",  # 2 -> 2
    "8H TH QH JD",  # 2 -> 3 (the left bower)
]
FOUR_WINNERS = [1, 0, 2, 2, 3]
FOUR_KITTY = "9C 8C 7C 7H TC JS 9S 8S 7S 9D 8D 7D"


@pytest.mark.parametrize(("bid", "points"), [(4, (4, 0, 4, 4)), (5, (0, 5, 0, 0))])
def test_four_players_two_partners_three_against_one(bid: int, points: tuple[int, ...]) -> None:
    deal = table_deal(FOUR, FOUR_KITTY)
    state = new_hand("auction-4", deal, dealer=0)
    whole_pack(state, deal)
    say(state, "pass", f"bid {bid}", "pass", "pass", "call H")
    say(state, "discard 9C", "discard 8C", "discard 7C", "partner 0", "partner 3")
    play_table(state, FOUR, FOUR_WINNERS)
    hand = last_hand(state)
    assert hand.makers == (0, 2, 3) and hand.tricks == (1, 1, 2, 1)
    assert hand.points == points  # bid 5: four tricks, short by one


def test_four_players_lone_8_with_the_widow() -> None:
    # Seat 2 is dealt JH AH KH 8S 7S, takes the widow JD TH 8H and discards 8S 7S 8H: it
    # holds five of the six best trumps and the queen falls under the right bower.
    rows = [  # seat: 0   1   2   3
        "KC AC JD JC",  # 1 -> 2 (no club: trumps with the left bower)
        "9H 7H JH QH",  # 2 -> 2
        "AS TS AH QS",  # 2 -> 2 (nobody else has a trump)
        "KD QD KH TD",  # 2 -> 2
        "AD 9S TH 9D",  # 2 -> 2
    ]
    deal = table_deal(rows, "JD TH 8H", swap={2: "JH AH KH 8S 7S"}, deck=pack("7"))
    state = new_hand("auction-4", deal, dealer=0)
    whole_pack(state, deal)
    say(state, "pass", "bid 8", "pass", "pass", "call H")
    say(state, "discard 8S", "discard 7S", "discard 8H")
    assert state.phase is Phase.PLAY, "a lone bid names no partner"
    play_table(state, rows, [2, 2, 2, 2, 2])
    assert last_hand(state).points == (0, 0, 8, 0)


SIX = [  # seat: 0   1   2   3   4   5
    "9C AC KC QC JC TC",  # 1 -> 1
    "KS 9S QS AS TS JS",  # 1 -> 3
    "AD TD 9D KD QD 8D",  # 3 -> 0
    "8H 9H JK TH QH KH",  # 0 -> 2 (the joker is the top trump)
    "AH JD JH 7H 8C 8S",  # 2 -> 2 (the right bower)
]
SIX_WINNERS = [1, 3, 0, 2, 2]
SIX_KITTY = "7C 7S 7D"


@pytest.mark.parametrize(("bid", "points"), [(3, (0, 0, 3, 3, 0, 0)), (4, (4, 4, 0, 0, 4, 4))])
def test_six_players_one_partner_made_and_short_by_one(bid: int, points: tuple[int, ...]) -> None:
    deal = table_deal(SIX, SIX_KITTY)
    state = new_hand("auction-6", deal, dealer=0)
    whole_pack(state, deal)
    say(state, "pass", f"bid {bid}", "pass", "pass", "pass", "pass", "call H")
    say(state, "discard 7C", "discard 7S", "discard 7D", "partner 3")
    play_table(state, SIX, SIX_WINNERS)
    hand = last_hand(state)
    assert sum(hand.tricks[s] for s in (2, 3)) == 3
    assert hand.points == points


def test_six_players_15_does_not_take_the_widow_unless_read_literally() -> None:
    deal = table_deal(SIX, SIX_KITTY)
    state = new_hand("auction-6", deal, dealer=0)
    say(state, "pass", "bid 15", "call H")
    assert state.phase is Phase.PLAY and len(state.kitty) == 3
    literal = new_hand(
        "auction-6", deal, dealer=0, options={"auction.six_player_15_uses_chien": True}
    )
    say(literal, "pass", "bid 15", "call H")
    assert literal.decision is not None and literal.decision.kind == "discard"


SEVEN = [  # seat: 0   1   2   3   4   5   6
    "KC QC AC JC TC 9C 8C",  # 1 -> 2
    "KS QS JS TS AS 9S 8S",  # 2 -> 4
    "KD AD QD TD 9D 8D 7D",  # 4 -> 1
    "JD AH KH QH TH 9H JH",  # 1 -> 6 (the right bower over the left)
    "7H 6H 8H 5H 4H 3H 2H",  # 6 -> 2
    "7C 5C 6C 4C 3C 2C 6D",  # 2 -> 0 (seat 6 has no club left)
    "6S 5S 4S 3S 7S 5D 2S",  # 0 -> 4 (seat 5 has no spade left)
]
SEVEN_WINNERS = [2, 4, 1, 6, 2, 0, 4]
SEVEN_KITTY = "4D 3D 2D"


def test_seven_players_bid_6_with_two_partners_short_by_one() -> None:
    deal = table_deal(SEVEN, SEVEN_KITTY)
    state = new_hand("auction-7", deal, dealer=0)
    whole_pack(state, deal)
    say(state, "pass", "bid 6", "pass", "pass", "pass", "pass", "pass", "call H")
    say(state, "discard 4D", "discard 3D", "discard 2D", "partner 4", "partner 6")
    play_table(state, SEVEN, SEVEN_WINNERS)
    hand = last_hand(state)
    assert hand.tricks == (1, 1, 2, 0, 2, 0, 1)
    assert hand.points == (6, 6, 0, 6, 0, 6, 0)


def test_seven_players_bid_4_with_one_partner_made() -> None:
    deal = table_deal(SEVEN, SEVEN_KITTY)
    state = new_hand("auction-7", deal, dealer=0)
    say(state, "pass", "bid 4", "pass", "pass", "pass", "pass", "pass", "call H")
    say(state, "discard 4D", "discard 3D", "discard 2D", "partner 4")
    play_table(state, SEVEN, SEVEN_WINNERS)
    assert last_hand(state).points == (0, 0, 4, 0, 4, 0, 0)


def test_seven_players_lone_20_without_the_widow_takes_all_seven() -> None:
    # Seat 3 holds the seven best trumps; the other seats play their columns.
    rows = [  # seat: 0   1   2   3   4   5   6
        "KC AC QC JH JC TC 9C",  # 1 -> 3
        "8H 7H 6H JD 5H 4H 3H",  # 3 -> 3
        "2H AS KS AH QS JS TS",  # 3 -> 3
        "AD KD QD KH TD 9D 8D",  # 3 -> 3
        "9S 8S 7S QH 6S 5S 4S",  # 3 -> 3
        "7D 6D 5D TH 4D 3D 2D",  # 3 -> 3
        "8C 7C 6C 9H 5C 4C 3C",  # 3 -> 3
    ]
    deal = table_deal(rows, "2C 3S 2S")
    state = new_game("auction-7", deals=[deal], dealer=0)
    whole_pack(state, deal)
    say(state, "pass", "pass", "bid 20", "call H")
    assert state.phase is Phase.PLAY and state.kitty == cards("2C 3S 2S")
    play_table(state, rows, [3] * 7)
    assert last_hand(state).points == (0, 0, 0, 20, 0, 0, 0)
    assert state.is_over and state.result is not None and state.result.winners == (3,)


def test_foster_partnership_scores_the_side_exactly_its_bid() -> None:
    deal = table_deal(FOUR, FOUR_KITTY)
    state = new_hand("auction-4", deal, dealer=0, options={"auction.mode": "foster_partnership"})
    say(state, "pass", "bid 3", "pass", "pass", "call H")
    assert state.phase is Phase.PLAY, "no widow and no partner to name: fixed partners"
    play_table(state, FOUR, FOUR_WINNERS)
    hand = last_hand(state)
    assert hand.makers == (0, 2) and hand.tricks == (1, 1, 2, 1)
    assert hand.points == (3, 0, 3, 0)


def test_foster_partnership_failure_scores_the_adversaries() -> None:
    deal = table_deal(FOUR, FOUR_KITTY)
    state = new_hand("auction-4", deal, dealer=0, options={"auction.mode": "foster_partnership"})
    say(state, "pass", "bid 4", "pass", "pass", "call H")
    play_table(state, FOUR, FOUR_WINNERS)
    assert last_hand(state).points == (0, 4, 0, 4)


# ---------------------------------------------------------------------------------------
# Text forms and the bot's advice
# ---------------------------------------------------------------------------------------


def test_text_forms_round_trip() -> None:
    from euchre_core.actions import parse_action

    for text in ("bid 8", "partner 3", "discard 9S", "call H", "pass"):
        assert str(parse_action(text)) == text


def advice(state: State) -> tuple[object, str]:
    rules = state.rules
    view = state.view(state.to_act)
    got = rules.pm.hook.euchre_bot_advice(view=view, legal=list(state.legal_actions()))
    assert got is not None
    action, why = got
    assert action in state.legal_actions() and why
    return action, why


def test_bot_bids_high_with_the_top_trumps_and_passes_with_rubbish() -> None:
    deal = table_deal(EC49_TAKES_5, EC49_KITTY_TAKES_5)
    state = new_hand("auction", deal, dealer=0)
    say(state, "pass", "pass")
    action, why = advice(state)  # seat 3: JH JD AH KH QH
    assert isinstance(action, Bid) and action.value in (8, 15), why
    say(state, "bid 8")
    assert advice(state)[0] == PASS  # seat 4: JC 7H TD TS 9D
    say(state, "pass")
    assert advice(state)[0] == PASS  # seat 0: KC TH AD KS 8S
    say(state, "pass")
    assert advice(state)[0] == Call(Suit.HEARTS)


def test_bot_discards_the_weakest_and_names_the_strongest_bidder_as_partner() -> None:
    state, _ = five_player_hand(options={"auction.bidding_rounds": "until_passed"})
    say(state, "pass", "bid 3", "bid 4", "pass", "pass", "pass", "call H")
    assert state.to_act == 3
    for _ in range(3):
        action, _ = advice(state)
        assert isinstance(action, Discard)
        assert action.card not in cards("JC AD KH 7H"), action
        state.apply(action)  # type: ignore[arg-type]
    action, why = advice(state)
    assert action == Partner(2), why


def test_bot_advice_is_silent_outside_the_auction_decisions() -> None:
    state, _ = five_player_hand()
    say(state, "pass", "bid 3", "pass", "pass", "pass", "call H")
    say(state, "discard 8C", "discard 7C", "discard 8D", "partner 3")
    view = state.view(state.to_act)
    assert (
        state.rules.pm.hook.euchre_bot_advice(view=view, legal=list(state.legal_actions())) is None
    )


def test_unknown_bid_words_are_refused_by_the_parser_or_the_rules() -> None:
    state = new_hand("auction", seed=1)
    with pytest.raises((IllegalActionError, EuchreError)):
        state.apply_text("bid many")


def test_a_lone_bid_is_recorded_as_played_alone() -> None:
    # The top bids are played alone with no partner to sit out: the hand's record said
    # nobody played alone, and simulate counted 0 lone attempts in auction euchre.
    from euchre_core.bots import make_bot
    from euchre_core.state import State

    lone: list[tuple[int | None, tuple[int, ...]]] = []
    others = 0
    for seed in range(1, 300):  # a lone bid comes in about one hand of 200
        state = State(load_variant("auction"), seed=seed)
        bots = {s: make_bot("heuristic", f"{seed}/{s}") for s in range(state.seats)}
        while not state.is_over:
            before = len(state.hand_records)
            seat = state.to_act
            assert seat is not None
            c = state.contract
            state.apply(bots[seat].choose(state.view(seat), state.legal_actions()))
            if len(state.hand_records) > before and c is not None:
                if c.alone:
                    lone.append((c.maker, state.hand_records[-1].alone))
                else:
                    others += 1
                    assert state.hand_records[-1].alone == ()
        if lone:
            break
    assert lone and others and all(alone == (maker,) for maker, alone in lone), lone

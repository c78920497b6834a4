"""Pepper (``pepper.md``; ``edge_cases.md`` EC-54).

Seats are numbered from the dealer: D = 0 (dealer), L = 1 (eldest), P = 2 (the dealer's
partner), R = 3. Partnerships are {0, 2} and {1, 3}. Fixed deals are trick tables (see
``test_auction.py``): one row per trick, one card per seat, ``-`` for a seat sitting out;
each hand is a column.
"""

from __future__ import annotations

import pytest
from test_auction import last_hand, play_table, playout, say, table_deal, whole_pack

from euchre_core import IllegalActionError, Phase, State, Suit, card, cards, new_game, new_hand
from euchre_core.actions import PASS, Bid, Call, Discard, Give
from euchre_core.config import load_variant
from euchre_core.errors import ConfigError
from euchre_core.events import CardGiven
from euchre_core.trumps import ranking

D, L, P, R = 0, 1, 2, 3


def legal_words(state: State) -> set[str]:
    return {str(a) for a in state.legal_actions()}


# ---------------------------------------------------------------------------------------
# Seeded random playouts
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", ["pepper", "pepper-3", "pepper-2"])
def test_random_playouts_keep_the_invariants_quick(variant: str) -> None:
    outcomes = playout(variant, 200, seed=7, max_hands=300)
    assert outcomes.get("make", 0) and outcomes.get("set", 0)


@pytest.mark.parametrize(
    "options",
    [
        {"pepper.bidding_rounds": "single", "pepper.all_pass": "stick_the_dealer"},
        {"pepper.pass_is_final": False, "pepper.opening_lead": "eldest"},
        {"pepper.pepper_partner_sits_out": False, "pepper.little_pepper_exchange_cards": 2},
        {"pepper.big_pepper_exchange_cards": 2, "pepper.no_trump_allowed": False},
        {"pepper.simultaneous_target": "bidders_win", "pepper.defenders_blanked_in_pepper": -6},
    ],
    ids=["single-stuck", "pass-not-final", "partner-plays", "big-exchange", "bidders-win"],
)
def test_random_playouts_under_options_quick(options: dict[str, object]) -> None:
    playout("pepper", 150, seed=3, options=options, max_hands=300)


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["pepper", "pepper-3", "pepper-2"])
def test_random_playouts_keep_the_invariants(variant: str) -> None:
    outcomes = playout(variant, 5000, seed=70, max_hands=300, refuse_every=11)
    assert sum(outcomes.values()) >= 5000


# ---------------------------------------------------------------------------------------
# Deal and auction
# ---------------------------------------------------------------------------------------


def test_four_players_get_six_cards_each_and_the_whole_pack_is_dealt() -> None:
    state = new_hand("pepper", seed=1)
    assert [len(h) for h in state.hands] == [6, 6, 6, 6]
    assert state.kitty == [] and state.upcard is None
    assert state.table.partnerships == ((0, 2), (1, 3))


@pytest.mark.parametrize(("variant", "seats"), [("pepper-3", 3), ("pepper-2", 2)])
def test_two_and_three_players_get_eight_cards_each(variant: str, seats: int) -> None:
    state = new_hand(variant, seed=1)
    assert state.seats == seats and state.table.partnerships is None
    assert [len(h) for h in state.hands] == [8] * seats
    assert len(state.kitty) == 24 - 8 * seats  # the two-player dead hand
    assert legal_words(state) == {"pass", *(f"bid {v}" for v in range(1, 8)),
                                  "bid little-pepper", "bid big-pepper"}  # fmt: skip


def test_pepper_is_for_two_to_four_players() -> None:
    with pytest.raises(ConfigError, match="2, 3 or 4 players"):
        load_variant("pepper", players=5)


def test_ec54_the_auction_goes_round_until_three_others_have_passed_the_high_bid() -> None:
    state = new_hand("pepper", dealer=D, seed=2)
    assert legal_words(state) == {"pass", "bid 1", "bid 2", "bid 3", "bid 4", "bid 5",
                                  "bid little-pepper", "bid big-pepper"}  # fmt: skip
    say(state, "bid 2", "bid 3")
    assert state.to_act == R
    for low in ("bid 1", "bid 2", "bid 3"):
        with pytest.raises(IllegalActionError, match="higher than 3"):
            state.apply_text(low)
    say(state, "pass", "pass")
    assert state.to_act == L
    assert legal_words(state) == {"pass", "bid 4", "bid 5", "bid little-pepper",
                                  "bid big-pepper"}  # fmt: skip
    say(state, "bid 4")
    assert state.to_act == P, "R and D have passed: they are out"
    say(state, "pass")
    assert state.phase is Phase.BIDDING and state.to_act == L
    assert legal_words(state) == {"call C", "call D", "call H", "call S", "call NT"}
    say(state, "call NT")
    assert state.contract is not None
    assert (state.contract.maker, state.contract.trump, state.contract.level) == (L, None, 4)


def test_single_round_each_player_speaks_once() -> None:
    state = new_hand("pepper", dealer=D, seed=2, options={"pepper.bidding_rounds": "single"})
    say(state, "bid 2", "bid 3", "pass", "pass")
    assert state.to_act == P and all(isinstance(a, Call) for a in state.legal_actions())


def test_a_pass_need_not_be_final() -> None:
    state = new_hand("pepper", dealer=D, seed=2, options={"pepper.pass_is_final": False})
    say(state, "pass", "bid 2", "pass", "pass")
    assert state.to_act == L and "bid 3" in legal_words(state)
    say(state, "bid 3", "pass", "pass", "pass")
    assert state.to_act == L and all(isinstance(a, Call) for a in state.legal_actions())


def test_all_pass_redeals_or_sticks_the_dealer() -> None:
    state = new_game("pepper", dealer=D, seed=2)
    say(state, "pass", "pass", "pass", "pass")
    assert state.hand_records[0].outcome == "passed out" and state.dealer == L
    stuck = new_hand("pepper", dealer=D, seed=2, options={"pepper.all_pass": "stick_the_dealer"})
    say(stuck, "pass", "pass", "pass")
    assert stuck.to_act == D and "pass" not in legal_words(stuck)
    with pytest.raises(IllegalActionError, match="dealer must bid"):
        stuck.apply_text("pass")


def test_no_trump_can_be_barred() -> None:
    state = new_hand("pepper", dealer=D, seed=2, options={"pepper.no_trump_allowed": False})
    say(state, "bid big-pepper")
    assert "call NT" not in legal_words(state)


def test_pepper_bids_round_trip_as_text() -> None:
    from euchre_core.actions import parse_action

    for text in ("bid little-pepper", "bid big-pepper", "bid 3", "give 9S", "call NT"):
        assert str(parse_action(text)) == text
    assert parse_action("BID Little-Pepper") == Bid("little-pepper")


# ---------------------------------------------------------------------------------------
# Bid levels and scoring (hearts trump unless said)
# ---------------------------------------------------------------------------------------

TABLE = [  # seat: 0  1  2  3        led by, winner
    "9H JH TH QH",  # L -> L (the right bower)
    "KC AC 9C TC",  # L -> L
    "AS 9S TS JS",  # L -> D
    "KD 9D AD QD",  # D -> P (the left bower is a trump, not a diamond)
    "QS QC KS AH",  # P -> R (R has no spade: trumps)
    "JC JD TD KH",  # R -> L (the left bower over the king)
]
WINNERS = [L, L, D, P, R, L]


@pytest.mark.parametrize(
    ("bid", "points"),
    [
        (1, (2, 4, 2, 4)),
        (2, (2, 4, 2, 4)),
        (3, (2, 4, 2, 4)),
        (4, (2, 4, 2, 4)),
        (5, (2, -5, 2, -5)),  # four tricks: set by one, the bid is lost
    ],
)
def test_numeric_bids_score_the_tricks_taken_or_lose_the_bid(
    bid: int, points: tuple[int, ...]
) -> None:
    deal = table_deal(TABLE)
    state = new_hand("pepper", deal, dealer=D)
    whole_pack(state, deal)
    say(state, f"bid {bid}", "pass", "pass", "pass", "call H")
    assert state.to_act == L, "the high bidder leads"
    play_table(state, TABLE, WINNERS)
    hand = last_hand(state)
    assert hand.tricks == (1, 3, 1, 1) and hand.points == points
    assert hand.outcome == ("set" if bid == 5 else "make")


def test_scores_go_negative() -> None:
    deal = table_deal(TABLE)
    state = new_game("pepper", deals=[deal], dealer=D)
    say(state, "bid 5", "pass", "pass", "pass", "call H")
    play_table(state, TABLE, WINNERS)
    assert state.scores == [2, -5, 2, -5] and not state.is_over


def test_the_opening_lead_may_be_the_dealers_left() -> None:
    deal = table_deal(TABLE)
    state = new_hand("pepper", deal, dealer=R, options={"pepper.opening_lead": "eldest"})
    say(state, "pass", "bid 1", "pass", "pass", "call H")
    assert state.contract is not None and state.contract.maker == L
    assert state.to_act == D


def test_no_trump_ranks_every_suit_a_k_q_j_10_9_and_the_jacks_are_plain() -> None:
    deal = table_deal(TABLE)
    state = new_hand("pepper", deal, dealer=D)
    say(state, "bid 1", "pass", "pass", "pass", "call NT")
    nt = ranking(None)
    assert nt.effective_suit(card("JD")) is Suit.DIAMONDS
    say(state, "play JH")  # L leads the jack of hearts: no longer the top card
    assert legal_words(state) == {"play TH"}  # P must follow hearts with its only heart
    say(state, "play TH", "play QH", "play 9H")
    assert state.tricks[0].winner == R, "the queen beats the jack at no trump"
    assert legal_words(state) == {f"play {c}" for c in ("TC", "JS", "QD", "AH", "KH")}


LITTLE = [  # seat: 0  1  2  3 (sits out)
    "9H JH 9S -",  # L -> L
    "AS JD AD -",  # L -> L
    "KS AH KD -",  # L -> L
    "QS KH QD -",  # L -> L
    "JS QH TD -",  # L -> L
    "TS TH 9D -",  # L -> L (the ten of hearts came from the partner)
]


def little_pepper_hand(**kw: object) -> State:
    deal = table_deal(LITTLE, swap={L: "JH JD AH KH QH 9C", R: "TH AC KC QC JC TC"})
    state = new_hand("pepper", deal, dealer=D, **kw)  # type: ignore[arg-type]
    whole_pack(state, deal)
    return state


def test_little_pepper_exchange_partner_gives_a_card_then_the_bidder_discards() -> None:
    state = little_pepper_hand()
    say(state, "bid little-pepper", "pass", "pass", "pass", "call H")
    d = state.decision
    assert d is not None and (d.seat, d.kind, d.give_to) == (R, "give", L)
    assert {str(a) for a in d.actions} == {
        f"give {c}" for c in ["TH", "AC", "KC", "QC", "JC", "TC"]
    }
    say(state, "give TH")
    assert card("TH") in state.hands[L]
    assert [e.card for e in state.view(D).events if isinstance(e, CardGiven)] == [None]
    assert [e.card for e in state.view(L).events if isinstance(e, CardGiven)] == [card("TH")]
    d = state.decision
    assert d is not None and (d.seat, d.kind) == (L, "discard")
    say(state, "discard 9C")
    assert state.phase is Phase.PLAY and state.active == (D, L, P) and state.to_act == L
    play_table(state, LITTLE, [L] * 6)
    hand = last_hand(state)
    assert hand.outcome == "pepper" and hand.points == (0, 12, 0, 12)
    assert hand.alone == (L,)


def test_a_pepper_blanking_the_defenders_can_cost_them() -> None:
    state = little_pepper_hand(options={"pepper.defenders_blanked_in_pepper": -6})
    say(state, "bid little-pepper", "pass", "pass", "pass", "call H", "give TH", "discard 9C")
    play_table(state, LITTLE, [L] * 6)
    assert last_hand(state).points == (-6, 12, -6, 12)


def test_when_the_partner_plays_the_bidder_passes_cards_back_instead_of_discarding() -> None:
    state = little_pepper_hand(options={"pepper.pepper_partner_sits_out": False})
    say(state, "bid little-pepper", "pass", "pass", "pass", "call H", "give TH")
    d = state.decision
    assert d is not None and (d.seat, d.kind, d.give_to) == (L, "give", R)
    say(state, "give 9C")
    assert state.phase is Phase.PLAY and state.active == (0, 1, 2, 3)
    assert sorted(len(h) for h in state.hands) == [6, 6, 6, 6]


BIG_SET = [  # seat: 0  1  2  3 (sits out)
    "9H JH 9S -",  # L -> L
    "AS JD AD -",  # L -> L
    "KS AH KD -",  # L -> L
    "QS KH QD -",  # L -> L
    "JS QH TD -",  # L -> L
    "AC 9C 9D -",  # L -> D (the ace of clubs)
]


def test_big_pepper_has_no_exchange_and_a_failure_costs_double() -> None:
    deal = table_deal(BIG_SET, swap={R: "TH TS KC QC JC TC"})
    state = new_game("pepper", deals=[deal], dealer=D)
    whole_pack(state, deal)
    say(state, "bid big-pepper")
    assert state.to_act == L and legal_words(state) == {"call C", "call D", "call H", "call S",
                                                        "call NT"}  # fmt: skip
    say(state, "call H")
    assert state.phase is Phase.PLAY and state.active == (D, L, P)
    play_table(state, BIG_SET, [L, L, L, L, L, D])
    hand = state.hand_records[0]
    assert hand.outcome == "set" and hand.points == (1, -24, 1, -24)
    assert state.scores == [1, -24, 1, -24]


def test_big_pepper_made_scores_24() -> None:
    rows = [r.replace("9C", "TH") for r in BIG_SET[:5]] + ["AC TH 9D -"]
    deal = table_deal(rows, swap={R: "9C TS KC QC JC TC"})
    state = new_hand("pepper", deal, dealer=D)
    say(state, "bid big-pepper", "call H")
    play_table(state, rows, [L] * 6)
    assert last_hand(state).points == (0, 24, 0, 24)


def test_little_pepper_failed_loses_its_value_and_the_defenders_score_their_tricks() -> None:
    deal = table_deal(BIG_SET, swap={R: "TH TS KC QC JC TC"})
    state = new_hand("pepper", deal, dealer=D, options={"pepper.little_pepper_exchange_cards": 0})
    say(state, "bid little-pepper", "pass", "pass", "pass", "call H")
    play_table(state, BIG_SET, [L, L, L, L, L, D])
    assert last_hand(state).points == (1, -12, 1, -12)


# ---------------------------------------------------------------------------------------
# Two and three players, the end of the game
# ---------------------------------------------------------------------------------------

THREE = [  # seat: 0  1  2
    "AH JH KH",  # 1 -> 1
    "QH JD TH",  # 1 -> 1
    "AC KC QC",  # 1 -> 0
    "KS QS AS",  # 0 -> 2
    "KD AD QD",  # 2 -> 1
    "9C JC TC",  # 1 -> 1
    "TS JS 9S",  # 1 -> 1
    "9H TD 9D",  # 1 -> 0 (seat 0 has only a trump left)
]


@pytest.mark.parametrize(("bid", "points"), [(5, (2, 5, 1)), (6, (2, -6, 1))])
def test_three_players_each_score_their_own_tricks(bid: int, points: tuple[int, ...]) -> None:
    deal = table_deal(THREE)
    state = new_hand("pepper-3", deal, dealer=0)
    whole_pack(state, deal)
    say(state, f"bid {bid}", "pass", "pass", "call H")
    play_table(state, THREE, [1, 1, 0, 2, 1, 1, 1, 0])
    assert last_hand(state).points == points


TWO = [  # seat: 0  1
    "9H JH",  # 1 -> 1
    "TH AH",  # 1 -> 1
    "KC AC",  # 1 -> 1
    "9S AS",  # 1 -> 1
    "AD 9D",  # 1 -> 0
    "KD TD",  # 0 -> 0
    "QC JC",  # 0 -> 0
    "QS KS",  # 0 -> 1
]


def test_two_players_play_eight_tricks_beside_a_dead_hand() -> None:
    dead = "JD KH QH QD 9C TC JS TS"
    deal = table_deal(TWO, dead)
    state = new_hand("pepper-2", deal, dealer=0)
    whole_pack(state, deal)
    say(state, "bid 5", "pass", "call H")
    play_table(state, TWO, [1, 1, 1, 1, 0, 0, 0, 1])
    assert state.kitty == cards(dead)
    assert last_hand(state).points == (3, 5)


def test_the_game_ends_at_30() -> None:
    deal = table_deal(TABLE)
    state = new_game("pepper", deals=[deal], dealer=D, scores=[20, 27, 20, 27])
    say(state, "bid 3", "pass", "pass", "pass", "call H")
    play_table(state, TABLE, WINNERS)
    assert state.is_over and state.result is not None and state.result.winners == (1, 3)


@pytest.mark.parametrize(("mode", "winners"), [("highest_wins", (0, 2)), ("bidders_win", (1, 3))])
def test_both_sides_past_the_target(mode: str, winners: tuple[int, ...]) -> None:
    deal = table_deal(TABLE)
    state = new_game(
        "pepper",
        deals=[deal],
        dealer=D,
        scores=[29, 26, 29, 26],
        options={"pepper.simultaneous_target": mode},
    )
    say(state, "bid 3", "pass", "pass", "pass", "call H")
    play_table(state, TABLE, WINNERS)
    assert state.scores == [31, 30, 31, 30]
    assert state.is_over and state.result is not None and state.result.winners == winners


def test_equal_totals_past_the_target_play_on() -> None:
    deal = table_deal(TABLE)
    state = new_game("pepper", deals=[deal], dealer=D, scores=[30, 28, 30, 28])
    say(state, "bid 3", "pass", "pass", "pass", "call H")
    play_table(state, TABLE, WINNERS)
    assert state.scores == [32, 32, 32, 32] and not state.is_over


# ---------------------------------------------------------------------------------------
# The bot's advice
# ---------------------------------------------------------------------------------------


def advice(state: State) -> object:
    view = state.view(state.to_act)
    got = state.rules.pm.hook.euchre_bot_advice(view=view, legal=list(state.legal_actions()))
    assert got is not None
    action, why = got
    assert action in state.legal_actions() and why
    return action


def test_bot_peppers_only_with_a_hand_that_takes_every_trick() -> None:
    deal = table_deal(BIG_SET, swap={R: "TH TS KC QC JC TC"})
    state = new_hand("pepper", deal, dealer=D)
    action = advice(state)  # L: JH JD AH KH QH 9C
    assert action == Bid("little-pepper")
    weak = new_hand("pepper", table_deal(TABLE), dealer=D)
    action = advice(weak)  # L: JH AC 9S 9D QC JD
    assert isinstance(action, Bid) and isinstance(action.value, int) and action.value <= 3


def test_bot_exchange_partner_gives_its_best_trump_and_the_bidder_discards_its_loser() -> None:
    state = little_pepper_hand()
    say(state, "bid little-pepper", "pass", "pass", "pass")
    assert advice(state) == Call(Suit.HEARTS)
    say(state, "call H")
    assert advice(state) == Give(card("TH"))
    say(state, "give TH")
    assert advice(state) == Discard(card("9C"))


def test_bot_passes_when_its_partner_holds_the_bid_and_it_adds_little() -> None:
    deal = table_deal(TABLE)
    state = new_hand("pepper", deal, dealer=R)  # seat 0 speaks first, then 1, then 2
    say(state, "bid 2", "pass")
    assert state.to_act == P  # P holds TH 9C TS AD KS TD; its partner D holds the bid
    assert advice(state) == PASS

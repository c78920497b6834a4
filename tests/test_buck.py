"""Buck euchre (Dirty Clubs): the rules of ``buck.md`` and its edge cases BK-EC-01 … 08.

Four players, each for himself: the dealer is seat 0 (D), then L = 1 (the dealer's left,
who bids first), P = 2, R = 3. Hands are written seat 0 first, then the stock and the
up-card. Everyone starts at 15 and counts down."""

from __future__ import annotations

import pytest

from euchre_core import IllegalActionError, new_game, new_hand
from euchre_core.actions import Play
from euchre_core.analysis.sim import SimStats
from euchre_core.cards import Suit, card
from euchre_core.config import load_variant
from euchre_core.errors import ConfigError
from euchre_core.events import Declared, PlayGoesOn, TrickWon
from euchre_core.model import Phase
from euchre_core.state import State
from euchre_core.testing import check_variant, deal_from_text, play

D, L, P, R = 0, 1, 2, 3


def hand(
    hands: str, stock: str, up: str, scores: list[int] | None = None, **options: object
) -> State:
    opts = {f"buck.{k}": v for k, v in options.items()}
    return new_hand("buck", deal_from_text(hands, stock, up), dealer=D, options=opts, scores=scores)


def plays(state: State, *codes: str) -> None:
    for code in codes:
        state.apply(Play(card(code)))


def legal(state: State) -> set[str]:
    return {str(a) for a in state.legal_actions()}


def tricks_of(state: State) -> tuple[int, ...]:
    return state.hand_records[-1].tricks


# ---------------------------------------------------------------------------------------
# BK-EC-01 Dirty clubs
# ---------------------------------------------------------------------------------------

DIRTY = "TD 9D 9H 9S TS | JC JS AH KH QH | 9C KC AC KD QD | QC AD AS KS JD"


def test_ec01_a_club_turned_is_trump_the_dealer_takes_it_and_everyone_plays():
    s = hand(DIRTY, "QS TH JH", "TC")
    assert s.contract is not None and s.contract.trump is Suit.CLUBS
    assert s.contract.maker is None and not s.bids, "no bidding on dirty clubs"
    assert s.phase is Phase.PREPARE and s.to_act == D
    assert legal(s) == {"discard TD", "discard 9D", "discard 9H", "discard 9S", "discard TS"}
    with pytest.raises(IllegalActionError, match="keeps the TC"):
        play(s, "discard TC")
    play(s, "discard TD")
    assert s.phase is Phase.PLAY and s.to_act == L, "no stay or drop: the dealer's left leads"
    assert s.active == (0, 1, 2, 3)
    plays(s, "JC", "9C", "QC", "TC")
    plays(s, "JS", "KC", "AS", "9D")
    plays(s, "AH", "AC", "KS", "9H")
    plays(s, "QD", "AD", "TS", "KH")
    plays(s, "JD", "9S", "QH", "KD")
    assert tricks_of(s) == (0, 2, 2, 1)
    assert s.scores == [20, 13, 13, 14], "L -2, P -2, R -1, D bucked +5"


def test_ec01_without_the_dealers_pickup_the_club_stays_on_the_stock():
    s = hand(DIRTY, "QS TH JH", "TC", dirty_clubs_dealer_pickup=False)
    assert s.phase is Phase.PLAY and not s.upcard_taken


def test_without_dirty_clubs_a_turned_club_is_bid_on_like_any_card():
    s = hand(DIRTY, "QS TH JH", "TC", dirty_clubs=False)
    assert s.phase is Phase.BIDDING and s.to_act == L


# ---------------------------------------------------------------------------------------
# BK-EC-02 The auction; BK-EC-03 staying in and dropping out
# ---------------------------------------------------------------------------------------

EC03 = "9S 9H TH TD KC | QH KH KD QD JD | JS JC AH AC 9D | AS KS QS TS TC"


def test_ec02_bids_go_round_until_one_bidder_is_left_who_names_any_suit():
    s = hand(EC03.replace("9H", "JH"), "9C QC AD", "9H")
    play(s, "bid 2", "bid 3", "pass", "pass")
    assert s.to_act == L and legal(s) == {"pass", "bid 4", "bid 5"}
    play(s, "pass")
    assert s.to_act == P and legal(s) == {"call C", "call D", "call H", "call S"}
    play(s, "call H")
    assert s.contract is not None and s.contract.trump is Suit.HEARTS and s.contract.level == 3


def test_ec03_the_others_stay_or_drop_in_turn_from_the_makers_left():
    s = hand(EC03, "9C QC AD", "JH")
    play(s, "pass", "bid 3", "pass", "pass", "call S")
    assert s.decision is not None and s.decision.kind == "stay" and s.to_act == R
    play(s, "stay")
    assert s.to_act == D
    play(s, "stay")
    assert s.to_act == L
    play(s, "drop")
    assert [e.action.keyword for e in s.events if isinstance(e, Declared)] == [
        "stay",
        "stay",
        "drop",
    ]
    assert s.active == (0, 2, 3) and s.to_act == P, "play skips L; the high bidder leads"
    plays(s, "JS", "QS", "9S")
    plays(s, "JC", "KS", "9H")
    plays(s, "AH", "AS", "TH")
    plays(s, "TC", "KC", "AC")
    plays(s, "9D", "TS", "TD")
    assert tricks_of(s) == (0, 0, 3, 2)
    assert s.scores == [20, 15, 12, 13], "P -3, R -2, D bucked +5, L out 0"


def test_ec04_a_bidder_short_of_his_bid_is_bucked_and_his_tricks_count_for_nothing():
    deal = "9S 9H TH TD KC | QH KH KD QD JD | JS JC AH AC 9D | AS KS QS 9C TC"
    s = hand(deal, "TS QC AD", "JH")
    play(s, "pass", "bid 4", "pass", "pass", "call S", "stay", "stay", "drop")
    plays(s, "JS", "QS", "9S")
    plays(s, "JC", "KS", "9H")
    plays(s, "AH", "AS", "TH")
    plays(s, "TC", "KC", "AC")
    plays(s, "9D", "9C", "TD")
    assert tricks_of(s) == (1, 0, 3, 1)
    assert s.scores == [14, 15, 20, 14], "P +5, R -1, D -1, L 0"
    assert s.hand_records[-1].made is False


@pytest.mark.parametrize("auto", [True, False])
def test_ec05_when_everyone_else_drops_the_maker_takes_all_five(auto: bool):
    s = hand(EC03, "9C QC AD", "JH", auto_take_all=auto)
    play(s, "pass", "bid 2", "pass", "pass", "call D", "drop", "drop", "drop")
    if not auto:
        assert s.active == (P,)
        while s.hand_records == []:
            s.apply(s.legal_actions()[0])
    else:
        assert not [e for e in s.events if isinstance(e, TrickWon)], "no trick is played"
    assert s.scores == [15, 15, 10, 15]
    assert s.hand_records[-1].outcome == "everyone else dropped out"
    # The record counts the five tricks the maker takes (it said 0, and the statistics
    # counted no march).
    assert s.hand_records[-1].tricks == (0, 0, 5, 0)
    stats = SimStats([(0,), (1,), (2,), (3,)])
    stats.add_hand(s.hand_records[-1])
    assert (stats.contracts, stats.made, stats.marched) == (1, 1, 1)


# ---------------------------------------------------------------------------------------
# BK-EC-06 Two players reach zero together
# ---------------------------------------------------------------------------------------

EC06 = "TD 9C QC KC AC | QS KS AH AD KH | TH JH QH QD KD | JS JC AS 9H 9D"
EC06_FOUR = "TD TC QC KC AC | QS KS KH AD 9H | TH JH QH QD KD | JS JC AS AH 9D"


def test_ec06_two_players_at_zero_together_play_another_hand():
    s = hand(EC06, "TS JD TC", "9S", scores=[15, 2, 15, 3])
    play(s, "pass", "pass", "bid 3", "pass", "call S", "drop", "stay", "drop")
    assert s.active == (1, 3)
    plays(s, "JS", "QS", "JC", "KS", "AS", "KH", "9H", "AH", "AD", "9D")
    assert tricks_of(s) == (0, 2, 0, 3)
    assert s.scores == [15, 0, 15, 0]
    assert s.result is None or s.result.winners == (), "nobody wins on a tie at zero"
    (said,) = [e for e in s.events if isinstance(e, PlayGoesOn)]  # and the players hear why
    assert said.reason == "{1} and {3} are level at 0, the lowest score"


def test_ec06_the_lowest_of_two_players_at_zero_or_below_wins():
    s = hand(EC06_FOUR, "TS JD 9C", "9S", scores=[15, 1, 15, 3])
    play(s, "pass", "pass", "bid 3", "pass", "call S", "drop", "stay", "drop")
    plays(s, "JS", "QS", "JC", "KS", "AS", "9H", "AH", "KH", "9D", "AD")
    assert tricks_of(s) == (0, 1, 0, 4)
    assert s.scores == [15, 0, 15, -1]
    assert s.result is not None and s.result.winners == (R,)


# ---------------------------------------------------------------------------------------
# BK-EC-07 The left bower; BK-EC-08 the order-up game
# ---------------------------------------------------------------------------------------


def test_ec07_the_left_bower_is_a_trump_not_a_diamond():
    deal = "9H TH QH KH AH | AD AC KC QC 9D | JD 9C TS QS KS | KD JH 9S AS TC"
    s = hand(deal, "TD QD JC", "JS")
    play(s, "bid 2", "pass", "pass", "pass", "call H", "stay", "stay", "stay")
    assert s.to_act == L
    plays(s, "AD")
    assert legal(s) == {"play JD", "play 9C", "play TS", "play QS", "play KS"}
    plays(s, "JD")
    assert legal(s) == {"play KD"}, "JH is a trump: R must follow diamonds with KD"
    plays(s, "KD", "9H")
    assert s.tricks[-1].winner == P


def test_ec08_in_the_order_up_game_the_maker_needs_three_tricks():
    deal = "TC TD JD TH JH | JS JC 9H 9D 9C | TS AH AD QH QC | 9S KH KD AC KC"
    s = hand(deal, "QD KS AS", "QS", trump_mode="order_up")
    assert legal(s) == {"pass", "order"}
    play(s, "order")
    assert s.contract is not None and s.contract.maker == L and s.contract.trump is Suit.SPADES
    assert s.upcard_taken and card("QS") in s.hands[D]
    play(s, "discard TC", "stay", "stay", "drop")
    assert s.to_act == L, "the dealer's left leads"
    plays(s, "JS", "TS", "9S")
    plays(s, "JC", "QH", "KC")
    plays(s, "9H", "AH", "KH")
    plays(s, "AD", "KD", "9D")
    plays(s, "QC", "AC", "9C")
    assert tricks_of(s) == (0, 2, 2, 1)
    assert s.scores == [15, 20, 13, 14], "L +5 (short of three), P -2, R -1, D 0"


def test_order_up_round_two_bars_the_turned_suit_and_offers_no_trump():
    s = hand(EC03, "9C QC AD", "JH", trump_mode="order_up")
    play(s, "pass", "pass", "pass", "pass")
    assert legal(s) == {"pass", "call C", "call D", "call S", "call NT"}
    s = hand(EC03, "9C QC AD", "JH", trump_mode="order_up", round2_no_trump=False)
    play(s, "pass", "pass", "pass", "pass")
    with pytest.raises(IllegalActionError, match="turned down"):
        play(s, "call H")


def test_order_up_all_eight_passes_play_at_no_trump_with_everyone_in_or_redeal():
    s = hand(EC03, "9C QC AD", "JH", trump_mode="order_up")
    play(s, *["pass"] * 8)
    assert s.contract is not None and s.contract.trump is None and s.contract.maker is None
    assert s.phase is Phase.PLAY and s.active == (0, 1, 2, 3)
    s = hand(EC03, "9C QC AD", "JH", trump_mode="order_up", order_up_all_pass="redeal")
    play(s, *["pass"] * 8)
    assert s.hand_records[-1].outcome == "passed out" and s.scores == [15] * 4


# ---------------------------------------------------------------------------------------
# Options
# ---------------------------------------------------------------------------------------


def test_stick_the_dealer_the_dealer_may_not_pass_when_everyone_else_did():
    s = hand(EC03, "9C QC AD", "JH", all_pass="stick_the_dealer")
    play(s, "pass", "pass", "pass")
    assert s.to_act == D and "pass" not in legal(s)
    s = hand(EC03, "9C QC AD", "JH")
    play(s, "pass", "pass", "pass", "pass")
    assert s.hand_records[-1].outcome == "passed out" and s.scores == [15] * 4


def test_take_upcard_the_high_bidder_takes_the_up_card_and_discards():
    s = hand(EC03, "9C QC AD", "JH", bid_winner_exchange="take_upcard")
    play(s, "pass", "bid 3", "pass", "pass", "call S")
    assert card("JH") in s.hands[P] and s.decision is not None and s.to_act == P
    play(s, "discard 9D")
    assert s.decision is not None and s.decision.kind == "stay"


def test_a_minimum_bid_of_three_and_no_trump_allowed():
    s = hand(EC03, "9C QC AD", "JH", min_bid=3, no_trump_allowed=True)
    assert legal(s) == {"pass", "bid 3", "bid 4", "bid 5"}
    play(s, "bid 3", "pass", "pass", "pass")
    assert "call NT" in legal(s)


def test_a_drop_penalty_is_added_to_each_player_who_drops():
    s = hand(EC03, "9C QC AD", "JH", drop_penalty=1)
    play(s, "pass", "bid 2", "pass", "pass", "call D", "drop", "drop", "drop")
    assert s.scores == [16, 16, 10, 16]


def test_counting_up_adds_the_tricks_and_subtracts_the_penalty():
    s = hand(EC03, "9C QC AD", "JH", scores=[0, 0, 0, 0], direction="up")
    assert s.table.target == 15 and not s.table.count_down
    play(s, "pass", "bid 3", "pass", "pass", "call S", "stay", "stay", "drop")
    plays(s, "JS", "QS", "9S", "JC", "KS", "9H", "AH", "AS", "TH")
    plays(s, "TC", "KC", "AC", "9D", "TS", "TD")
    assert s.scores == [-5, 0, 3, 2]


def test_the_game_counts_down_from_the_start_score():
    g = new_game("buck", seed=1)
    assert g.scores == [15] * 4 and g.table.count_down and g.table.target == 0
    g = new_game(load_variant("buck", options=["buck.start_score=25"]), seed=1)
    assert g.scores == [25] * 4


def test_three_players_on_dirty_clubs_the_dealer_needs_two_tricks():
    deal = "9C 9D 9H 9S TS | JC JS AH KH QH | QC AD AS KS JD"
    stock = "KC AC KD QD TH JH QS TD"
    s = new_hand("buck", deal_from_text(deal, stock, "TC"), dealer=D, players=3)
    assert s.seats == 3 and s.contract is not None and s.contract.maker == D
    play(s, "discard 9C")
    plays(s, "JC", "QC", "TC", "JS", "JD", "9D", "AH", "AD", "9H", "KH", "AS", "9S")
    plays(s, "QH", "KS", "TS")
    assert tricks_of(s) == (0, 5, 0)
    assert s.scores == [20, 10, 20], "the dealer needed two tricks, the other one"


def test_buck_is_for_three_or_four_players():
    with pytest.raises(ConfigError, match="Buck euchre is for 4"):
        new_game(load_variant("buck", players=5))


@pytest.mark.parametrize("players", [3, 4])
def test_a_watched_game_of_each_player_count_ends_with_a_winner(players: int):
    from euchre_core.bots.heuristic import HeuristicBot

    g = new_game(load_variant("buck", players=players), seed=players)
    bots = [HeuristicBot(seed=s) for s in range(players)]
    steps = 0
    while not g.is_over and steps < 20_000:
        seat = g.to_act
        assert seat is not None
        g.apply(bots[seat].choose(g.view(seat), g.legal_actions()))
        steps += 1
    assert g.result is not None and len(g.result.winners) == 1
    assert g.scores[g.result.winners[0]] == min(g.scores) <= 0


@pytest.mark.parametrize(
    "options",
    [
        [],
        ["buck.trump_mode=order_up"],
        ["buck.trump_mode=order_up", "buck.order_up_all_pass=redeal", "buck.round2_no_trump=false"],
        ["buck.dirty_clubs=false"],
        ["buck.dirty_clubs_dealer_pickup=false"],
        ["buck.bid_winner_exchange=take_upcard", "buck.no_trump_allowed=true"],
        ["buck.all_pass=stick_the_dealer", "buck.min_bid=3"],
        ["buck.pass_is_final=false"],
        ["buck.auto_take_all=false", "buck.drop_penalty=2"],
        ["buck.direction=up"],
        ["buck.deal_pattern=3-2", "buck.start_score=25", "buck.penalty=3"],
    ],
)
def test_every_buck_option_keeps_the_invariants_its_secrets_and_its_saves(options: list[str]):
    report = check_variant("buck", options=options, hands=80, seed=2, max_hands=25)
    assert report.hands >= 80


def test_three_player_buck_keeps_the_invariants():
    report = check_variant("buck", players=3, hands=80, seed=4, max_hands=25)
    assert report.hands >= 80


def test_a_count_down_game_is_shown_and_measured_the_right_way_round() -> None:
    from euchre_core.analysis.compare import _margin
    from euchre_core.analysis.sim import GameRecord

    state = State(load_variant("buck"), seed=2)
    view = state.view(0)
    assert view.count_down and view.target == 0
    game = GameRecord(0, "s", 0, 9, winners=(2,), scores=(4, 7, -1, 3), reason="target")
    sides = ((0,), (1,), (2,), (3,))
    assert _margin(game, sides, count_down=True) == 4  # seat 3 was 4 points from winning
    assert not State(load_variant("standard"), seed=2).view(0).count_down

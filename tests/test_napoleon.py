"""Napoleon (Nap): the rules of ``napoleon.md`` and its edge cases NAP-EC-01 … 08.

Five players unless stated: the dealer is seat 0 (D), then E1 = 1 (eldest, the dealer's
left, who bids first), E2 = 2, E3 = 3, E4 = 4. A hand is written seat 0 first."""

from __future__ import annotations

import pytest

from euchre_core import IllegalActionError, new_game, new_hand
from euchre_core.actions import PASS, Bid, Call, Play
from euchre_core.cards import Suit, card
from euchre_core.config import load_variant
from euchre_core.errors import ConfigError
from euchre_core.events import HandScored, PassedOut, TrickWon
from euchre_core.model import Phase
from euchre_core.state import State
from euchre_core.testing import deal_from_text, play


def hand(hands: str, variant: str = "napoleon", **options: object) -> State:
    opts = {f"napoleon.{k}": v for k, v in options.items()}
    return new_hand(variant, deal_from_text(hands), dealer=0, options=opts)


def plays(state: State, *codes: str) -> None:
    """Play cards in order of play (each by the seat to act)."""
    for code in codes:
        state.apply(Play(card(code)))


def legal(state: State) -> set[str]:
    return {str(a) for a in state.legal_actions()}


def finish(state: State) -> None:
    """Play the rest of the hand with the first legal card each time."""
    n = state.hand_number
    while state.hand_number == n and not state.is_over:
        state.apply(state.legal_actions()[0])


# ---------------------------------------------------------------------------------------
# NAP-EC-01 The bid ladder
# ---------------------------------------------------------------------------------------

EC02 = "5C 2H 3H 4H 5H | 8D 9D TD JD QD | 2D 3D 4D 5D 6D | 6C AH KS QS JS | 2C 3C 4C 5S 6S"


def test_ec01_each_bid_must_be_higher_wellington_needs_a_nap_and_bluecher_a_wellington():
    s = hand(EC02)
    assert s.to_act == 1
    play(s, "pass", "bid 3")
    assert legal(s) == {"pass", "bid misere", "bid 4", "bid nap"}
    play(s, "bid nap")
    assert legal(s) == {"pass", "bid wellington"}
    play(s, "bid wellington")
    assert legal(s) == {"pass", "bid bluecher"}
    with pytest.raises(IllegalActionError, match="higher than wellington"):
        s.apply(Bid("nap"))


def test_ec01_with_a_minimum_of_three_the_opening_bids_start_at_three():
    s = hand(EC02, min_bid=3)
    assert legal(s) == {"pass", "bid 3", "bid misere", "bid 4", "bid nap"}


def test_ec01_wellington_is_refused_before_anyone_bid_nap():
    s = hand(EC02)
    with pytest.raises(IllegalActionError, match="only over a Nap"):
        s.apply(Bid("wellington"))


def test_switched_off_bids_are_not_offered():
    s = hand(EC02, misere=False, wellington=False)
    play(s, "pass", "bid nap")
    assert s.phase is Phase.PLAY, "Nap is the top bid without Wellington: the bidding ends"
    s = hand(EC02, misere=False)
    assert "bid misere" not in legal(s)


# ---------------------------------------------------------------------------------------
# NAP-EC-02 The first lead fixes trumps; NAP-EC-03 no duty to trump
# ---------------------------------------------------------------------------------------


def test_ec02_the_first_card_led_makes_its_suit_trump_and_a_trump_beats_a_plain_ace():
    s = hand(EC02)
    play(s, "pass", "bid 3", "bid 4", "pass", "pass")
    assert s.contract is not None and s.contract.maker == 3 and s.contract.trump is None
    assert s.to_act == 3, "the high bidder leads"
    plays(s, "6C")
    assert s.contract.trump is Suit.CLUBS
    assert s.view(0).trump is Suit.CLUBS, "every seat sees the trump the lead fixed"
    plays(s, "3C", "5C", "8D", "2D")
    assert s.tricks[-1].winner == 3
    plays(s, "AH", "2C", "2H", "9D", "3D")
    assert s.tricks[-1].winner == 4, "E4, void in hearts, trumps the ace with 2C"


def test_there_are_no_bowers_the_jack_of_the_same_colour_is_a_plain_card():
    # E3 leads a heart: hearts are trump; JD stays a diamond and ranks below QD.
    s = hand("2C 3C 4C 5C 6C | JD 2S 3S 4S 5S | QD 6S 7S 8S 9S | AH KH QH JH TH | AD 7C 8C 9C TC")
    play(s, "pass", "pass", "bid nap", "pass", "pass")
    plays(s, "AH", "AD", "2C", "JD", "QD")
    assert s.tricks[-1].winner == 3
    r = s.ranking
    assert r is not None and not r.bowers
    assert r.suit_of[card("JD").index] is Suit.DIAMONDS
    assert r.power[card("JH").index] < r.power[card("QH").index]


def test_ec03_follow_suit_but_no_duty_to_beat_or_to_trump():
    deal = "AC AH 9S 8S 7S | KH 3H 9D 4C 5C | 2C 3C QD 2S 3S | 6D 7D 8D TD JD | KD AD 4H 5H 6H"
    s = hand(deal)
    play(s, "pass", "pass", "pass", "pass", "bid 2")
    plays(s, "AC", "5C", "3C", "6D", "KD")
    assert s.tricks[-1].winner == 0
    plays(s, "AH")
    assert legal(s) == {"play KH", "play 3H"}, "must follow hearts; 3H under is allowed"
    plays(s, "3H")
    assert legal(s) == {"play 2C", "play QD", "play 2S", "play 3S"}, "void: any card, QD too"
    with pytest.raises(IllegalActionError):
        new = hand(deal)
        play(new, "pass", "pass", "pass", "pass", "bid 2", "play AC", "play KH")


# ---------------------------------------------------------------------------------------
# NAP-EC-04 Payment to and from each opponent
# ---------------------------------------------------------------------------------------

FIVE_CLUBS = "2H 3H 4H 5H 6H | 2D 3D 4D 5D 6D | 2S 3S 4S 5S 6S | AC KC QC JC TC | 7H 8H 9H TH JH"
THREE_TRICKS = "2D 3D 4D 5D 6D | 7D 8D 9D TD JD | QD KD AD 2S 3S | AC KC QC 2H 3H | AH KH 4S 5S 6S"


def test_ec04_a_four_made_with_five_tricks_is_paid_four_by_each_opponent_no_bonus():
    s = hand(FIVE_CLUBS)
    play(s, "pass", "pass", "bid 4", "pass", "pass")
    finish(s)
    assert s.hand_records[-1].tricks[3] == 5
    assert s.scores == [-4, -4, -4, 16, -4]
    assert sum(s.scores) == 0


def test_ec04_a_four_with_three_tricks_pays_four_to_each_opponent():
    s = hand(THREE_TRICKS)
    play(s, "pass", "pass", "bid 4", "pass", "pass")
    plays(s, "AC", "4S", "2D", "7D", "QD")
    plays(s, "KC", "5S", "3D", "8D", "KD")
    plays(s, "QC", "6S", "4D", "9D", "AD")
    plays(s, "2H", "AH", "5D", "TD", "2S")
    plays(s, "KH", "6D", "JD", "3S", "3H")
    assert s.hand_records[-1].tricks == (0, 0, 0, 3, 2)
    assert s.scores == [4, 4, 4, -16, 4]


def test_ec04_with_three_players_the_same_four_is_worth_eight():
    s = hand("2H 3H 4H 5H 6H | AC KC QC JC TC | 2S 3S 4S 5S 6S", variant="napoleon-3")
    play(s, "bid 4", "pass", "pass")
    finish(s)
    assert s.scores == [-4, 8, -4]


# ---------------------------------------------------------------------------------------
# NAP-EC-05 Misère without trumps
# ---------------------------------------------------------------------------------------

MISERE_FAILS = "4S 2D 3D 4D 5D | 5S 6S 7S 8S 9S | 2S AS AH AD AC | 3S 2H 3H 4H 5H | KH QH JH TH 9H"
MISERE_MADE = "8S 7S AC KC QC | 6S 5S 4S QH QD | 2S 2H 2D 2C 3S | AS KS QS AH KH | JS TS 9S AD KD"


def test_ec05_a_misere_has_no_trumps_and_a_plain_ace_cannot_win_a_spade_trick():
    s = hand(MISERE_FAILS)
    play(s, "pass", "bid misere", "pass", "pass", "pass")
    assert s.contract is not None and s.contract.trump is None and not s.contract.by_lead
    plays(s, "2S", "3S", "KH", "4S", "5S")
    assert s.contract.trump is None, "the lead of a misère fixes nothing"
    assert s.tricks[-1].winner == 1, "the highest spade wins; KH of the void E4 cannot"
    plays(s, "6S", "AS")
    finish(s)
    assert s.hand_records[-1].tricks[2] >= 1
    assert s.scores == [3, 3, -12, 3, 3]


def test_ec05_under_the_1911_table_a_misere_pays_six_each_but_wins_three_each():
    s = hand(MISERE_FAILS, payment_table="eb1911")
    play(s, "pass", "bid misere", "pass", "pass", "pass")
    finish(s)
    assert s.scores == [6, 6, -24, 6, 6]
    s = hand(MISERE_MADE, payment_table="eb1911")
    play(s, "pass", "bid misere", "pass", "pass", "pass")
    plays(s, "2S", "AS", "JS", "8S", "6S")
    plays(s, "AH", "AD", "AC", "QH", "2H")
    plays(s, "KS", "TS", "7S", "5S", "3S")
    plays(s, "QS", "9S", "KC", "4S", "2D")
    plays(s, "KH", "KD", "QC", "QD", "2C")
    assert s.hand_records[-1].tricks[2] == 0
    assert s.scores == [-3, -3, 12, -3, -3]


def test_misere_with_first_lead_trumps_the_lead_fixes_trumps_as_usual():
    s = hand(MISERE_FAILS, misere_trumps="first_lead")
    play(s, "pass", "bid misere", "pass", "pass", "pass")
    plays(s, "2S")
    assert s.contract is not None and s.contract.trump is Suit.SPADES


# ---------------------------------------------------------------------------------------
# NAP-EC-06 A failed Nap
# ---------------------------------------------------------------------------------------

NAP_FAILS = "3H 4H 5H 6H 7H | AC KC QC JC 2H | 2D 3D 4D 5D 6D | 7D 8D 9D TD JD | 2S 3S 4S 5S 6S"


@pytest.mark.parametrize(
    ("options", "scores"),
    [
        ({}, [10, -40, 10, 10, 10]),
        ({"nap_failure_half": True}, [5, -20, 5, 5, 5]),
        ({"payment_table": "eb1911"}, [5, -20, 5, 5, 5]),
    ],
)
def test_ec06_a_nap_with_four_tricks_fails(options: dict[str, object], scores: list[int]):
    s = hand(NAP_FAILS, **options)
    play(s, "bid nap", "pass", "pass", "pass", "pass")
    finish(s)
    assert s.hand_records[-1].tricks[1] == 4
    assert s.scores == scores


# ---------------------------------------------------------------------------------------
# NAP-EC-07 Everybody passes
# ---------------------------------------------------------------------------------------


def test_ec07_everybody_passes_no_score_and_the_deal_passes_to_the_left():
    g = new_game("napoleon", seed=3, dealer=0)
    play(g, "pass", "pass", "pass", "pass", "pass")
    assert [e.reason for e in g.events if isinstance(e, PassedOut)] == ["everyone passed"]
    assert g.scores == [0] * 5
    assert g.dealer == 1 and g.hand_number == 1


def test_ec07_with_dealer_bids_one_the_dealer_leads_fixes_trumps_and_plays_for_one():
    s = hand(FIVE_CLUBS, all_pass="dealer_bids_one")
    play(s, "pass", "pass", "pass", "pass", "pass")
    assert s.contract is not None and s.contract.maker == 0 and s.contract.level == 1
    assert s.to_act == 0
    plays(s, "6H")
    assert s.contract.trump is Suit.HEARTS
    finish(s)
    won = s.hand_records[-1].tricks[0]
    assert s.scores[0] == (4 if won >= 1 else -4)
    assert all(x == -s.scores[0] // 4 for x in s.scores[1:])


# ---------------------------------------------------------------------------------------
# NAP-EC-08 Stripped pack
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "size", "low"), [(4, 28, 8), (3, 24, 9), (5, 32, 7), (6, 52, 2)]
)
def test_ec08_a_stripped_pack_follows_the_player_count(players: int, size: int, low: int):
    config = load_variant(
        "napoleon", players=players, options=["napoleon.deck=stripped_by_players"]
    )
    g = new_game(config, seed=1)
    assert len(g.table.deck) == size
    assert min(c.value for c in g.table.deck) == low
    dealt = [c for h in g.hands for c in h]
    assert len(dealt) == 5 * players and len(g.kitty) == size - 5 * players
    if players == 4:
        assert card("7S") not in g.table.deck


def test_the_full_pack_has_52_cards_and_the_joker_option_adds_the_highest_trump():
    assert len(new_game("napoleon", seed=1).table.deck) == 52
    deal = "2C 3C 4C 5C 6C | JK 2S 3S 4S 5S | QD 6S 7S 8S 9S | AH KH QH JH TH | AD 7C 8C 9C TC"
    s = new_hand("napoleon", deal_from_text(deal), dealer=0, options={"napoleon.joker": True})
    play(s, "pass", "pass", "bid nap", "pass", "pass")
    plays(s, "AH", "AD", "2C", "JK", "QD")
    assert s.tricks[-1].winner == 1, "the joker beats the ace of trumps"


def test_players_outside_two_to_seven_are_refused():
    with pytest.raises(ConfigError, match="from 2 to 7"):
        new_game(load_variant("napoleon", players=8))


# ---------------------------------------------------------------------------------------
# Options of the play
# ---------------------------------------------------------------------------------------


def test_a_wellington_bidder_must_open_with_the_lowest_card_of_the_suit_he_leads():
    s = hand(
        FIVE_CLUBS.replace("TC", "2C").replace("2H ", "TC "), wellington_lead_lowest_trump=True
    )
    play(s, "pass", "pass", "bid nap", "bid wellington", "pass")
    assert s.to_act == 4
    assert legal(s) == {"play 7H"}, "E4 holds only hearts: 7H is his lowest"
    with pytest.raises(IllegalActionError, match="lowest trump"):
        s.apply(Play(card("JH")))


def test_a_bluecher_bidder_names_trump_and_opens_with_his_lowest_plain_card():
    deal = "2H 3H 4H 5H 6H | 2D 3D 4D 5D 6D | 2S 3S 4S 5S 6S | 7H 8H 9H TH JH | AC KC QC 9D 7S"
    s = hand(deal, bluecher_named_trump=True)
    play(s, "pass", "bid nap", "bid wellington", "bid bluecher")
    assert s.phase is Phase.BIDDING and legal(s) == {f"call {x}" for x in "CDHS"}
    s.apply(Call(Suit.CLUBS))
    assert s.contract is not None and s.contract.trump is Suit.CLUBS and not s.contract.by_lead
    assert legal(s) == {"play 7S"}, "his lowest plain card"


def test_stop_when_decided_ends_the_play_once_the_bid_is_beaten_and_scores_the_same():
    s = hand(THREE_TRICKS, stop_when_decided=True)
    play(s, "pass", "pass", "bid nap", "pass", "pass")
    plays(s, "AC", "4S", "2D", "7D", "QD")
    plays(s, "KC", "5S", "3D", "8D", "KD")
    plays(s, "QC", "6S", "4D", "9D", "AD")
    assert not s.hand_records, "three tricks of three: the Nap is still open"
    plays(s, "2H", "AH", "5D", "TD", "2S")
    assert len(s.hand_records) == 1, "a trick lost: the Nap is beaten, the play stops"
    assert s.scores == [10, 10, 10, -40, 10]


def test_stop_when_decided_ends_the_play_once_the_bid_is_made():
    s = hand(FIVE_CLUBS, stop_when_decided=True)
    play(s, "pass", "pass", "bid 3", "pass", "pass")
    plays(s, *["AC", "7H", "2H", "2D", "2S"], *["KC", "8H", "3H", "3D", "3S"])
    assert not s.hand_records
    plays(s, "QC", "9H", "4H", "4D", "4S")
    assert s.hand_records[-1].tricks[3] == 3 and s.scores == [-3, -3, -3, 12, -3]


# ---------------------------------------------------------------------------------------
# The game
# ---------------------------------------------------------------------------------------


def test_the_game_ends_at_25_with_the_highest_score_and_a_tie_plays_on():
    s = hand(FIVE_CLUBS)
    assert s.table.target == 25
    g = new_game("napoleon", seed=5, scores=[20, 0, 0, 0, -20])
    assert g.result is None


@pytest.mark.parametrize("players", range(2, 8))
def test_a_watched_game_of_each_player_count_ends_with_a_winner(players: int):
    from euchre_core.bots.heuristic import HeuristicBot

    config = load_variant("napoleon", players=players)
    g = new_game(config, seed=players)
    bots = [HeuristicBot(seed=s) for s in range(players)]
    steps = 0
    while not g.is_over and steps < 20_000:
        seat = g.to_act
        assert seat is not None
        g.apply(bots[seat].choose(g.view(seat), g.legal_actions()))
        steps += 1
    assert g.result is not None and len(g.result.winners) == 1
    assert max(g.scores) >= 25 and g.scores[g.result.winners[0]] == max(g.scores)
    assert sum(g.scores) == 0, "every payment is to or from an opponent"


def test_fixed_deals_end_after_the_rounds_with_the_highest_score():
    config = load_variant(
        "napoleon", players=3, options=["napoleon.game_end=fixed_deals", "napoleon.deal_rounds=2"]
    )
    g = new_game(config, seed=2)
    while not g.is_over:
        g.apply(g.legal_actions()[-1])
    assert g.hand_number >= 5
    assert g.result is not None and g.scores[g.result.winners[0]] == max(g.scores)


def test_parlett_cut_only_gathers_the_last_hand_and_cuts_instead_of_shuffling():
    config = load_variant("napoleon", options=["napoleon.shuffle_policy=parlett_cut_only"])
    g = new_game(config, seed=4)
    first = g.deal
    play(g, *["pass"] * 5)
    # A passed-out hand: its cards gathered (hands in seat order, then the stock) and cut.
    gathered = [c for h in first.hands for c in h] + list(first.kitty)
    now = [c for h in g.deal.hands for c in h] + list(g.deal.kitty)
    assert sorted(now) == sorted(gathered)
    k = len(gathered)
    rotations = [gathered[i:] + gathered[:i] for i in range(1, k)]
    from euchre_plugins.standard import deal_cards

    assert any(deal_cards(r, g.dealer, 5, 5, "2-3", False) == g.deal for r in rotations)


def test_hand_scored_records_the_outcome_in_words():
    s = hand(FIVE_CLUBS)
    play(s, "pass", "pass", "bid 4", "pass", "pass")
    finish(s)
    scored = [e for e in s.events if isinstance(e, HandScored)][-1]
    assert scored.outcome == "Four made" and scored.made
    assert [e.winner for e in s.events if isinstance(e, TrickWon)] == [3] * 5


def test_pass_is_a_bid_of_nothing():
    assert PASS in hand(EC02).legal_actions()


def test_the_bots_memory_of_the_hand_takes_the_trump_the_first_lead_fixed() -> None:
    """Napoleon has no bowers and its trump is fixed by the first card led: the heuristic
    bot's memory of the hand ranks the cards as the game does once that card is led."""
    from euchre_core.bots import make_bot
    from euchre_core.bots.knowledge import brought_up_to_date

    checked = 0
    for seed in range(12):
        s = new_hand("napoleon", seed=seed)
        bots = [make_bot("heuristic", i) for i in range(s.seats)]
        memos: dict[int, object] = {}
        while not s.hand_records:
            seat = s.to_act
            assert seat is not None
            view = s.view(seat)
            if s.tricks or len(s.trick) > 0:
                memo = brought_up_to_date(memos, view)  # type: ignore[arg-type]
                assert memo.ranking is s.ranking, (seed, memo.ranking, s.ranking)
                checked += 1
            s.apply(bots[seat].choose(view, s.legal_actions()))
    assert checked > 100

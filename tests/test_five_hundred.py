"""Five Hundred (``five_hundred.md``; its edge cases FH-EC-01 to FH-EC-08).

Seats are numbered from the dealer: D = 0 (dealer), L = 1 (eldest), P = 2 (the dealer's
partner), R = 3. Partnerships are {0, 2} and {1, 3}. A deal is written as the hands of
the seats that matter; the rest of the 43-card pack goes to the other seats in order,
then to the kitty.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping

import pytest
from euchre_plugins.five_hundred import HandShown, JokerLead, JokerLed, bid_value, deck_for
from helpers import run

from euchre_core import IllegalActionError, Phase, State, new_game, new_hand
from euchre_core.actions import Action, Play
from euchre_core.analysis.sim import simulate
from euchre_core.analysis.stats import wilson
from euchre_core.cards import JOKER, Card, Suit, card, cards
from euchre_core.config import load_variant
from euchre_core.errors import ConfigError
from euchre_core.model import Deal
from euchre_core.testing import check_variant, fork
from euchre_core.trumps import ranking

D, L, P, R = 0, 1, 2, 3
PACK = load_variant("five-hundred").rules().table(load_variant("five-hundred")).deck


def deal_with(hands: Mapping[int, str], kitty: str = "") -> Deal:
    """The given hands; the rest of the pack to the other seats in seat order, ten each,
    and the kitty last."""
    fixed = {s: cards(h) for s, h in hands.items()}
    top = cards(kitty)
    named = {c for h in fixed.values() for c in h} | set(top)
    rest = [c for c in PACK if c not in named]
    out: list[list[Card]] = []
    for seat in range(4):
        if seat in fixed:
            out.append(fixed[seat])
        else:
            out.append(rest[:10])
            rest = rest[10:]
    return Deal.of(out, [*top, *rest])


def legal_words(state: State) -> set[str]:
    return {str(a) for a in state.legal_actions()}


def calls(*levels: int, strains: tuple[str, ...] = ()) -> set[str]:
    words = strains or ("spades", "clubs", "diamonds", "hearts", "no-trump")
    return {f"bid {n}-{s}" for n in levels for s in words}


def finish(state: State, choose: Callable[[State, random.Random], Action], seed: int) -> None:
    rng = random.Random(seed)
    while not state.is_over:
        state.apply(choose(state, rng))


def at_random(state: State, rng: random.Random) -> Action:
    return rng.choice(state.legal_actions())


def greedy_for(seat: int) -> Callable[[State, random.Random], Action]:
    """``seat`` discards the cards it took from the kitty and leads its best card; the
    others play at random."""

    def choose(state: State, rng: random.Random) -> Action:
        legal = state.legal_actions()
        if state.to_act != seat:
            return rng.choice(legal)
        if state.decision is not None and state.decision.kind == "discard":
            taken = state.hands[seat][10:]
            return next(a for a in legal if a.card in taken)
        r = state.ranking or ranking(None)
        return max(legal, key=lambda a: r.power[a.card.index] if a.card is not None else -1)

    return choose


# ---------------------------------------------------------------------------------------
# The pack, the deal, the bid table
# ---------------------------------------------------------------------------------------


def test_the_packs_by_player_count_and_option() -> None:
    four = deck_for(load_variant("five-hundred").options["five-hundred"], 4)
    assert len(four) == 43 and JOKER in four
    assert card("4H") in four and card("4D") in four and card("4S") not in four
    o = dict(load_variant("five-hundred").options["five-hundred"])
    assert len(deck_for({**o, "deck": "45"}, 4)) == 45
    assert len(deck_for({**o, "deck": "42"}, 4)) == 42 and JOKER not in deck_for(
        {**o, "deck": "42"}, 4
    )
    other = deck_for({**o, "red_fours": "4S_4D_removed"}, 4)
    assert card("4C") in other and card("4H") in other and card("4D") not in other
    assert len(deck_for(o, 3)) == 33 and len(deck_for(o, 5)) == 53


@pytest.mark.parametrize("variant", ["five-hundred", "five-hundred-3", "five-hundred-5"])
def test_ten_cards_each_and_a_kitty_of_three(variant: str) -> None:
    s = new_game(variant, seed=1)
    assert all(len(h) == 10 for h in s.hands) and len(s.kitty) == 3


def test_the_four_player_packs_are_options_of_four_players_only() -> None:
    with pytest.raises(ConfigError, match="four-player"):
        new_game("five-hundred-3", options={"five-hundred.deck": "45"})
    with pytest.raises(ConfigError, match="3, 4, 5 or 6"):
        new_game("five-hundred", players=7)


def test_the_avondale_schedule() -> None:
    assert [bid_value(6, i) for i in range(5)] == [40, 60, 80, 100, 120]
    assert bid_value(8, 3) == 300 and bid_value(10, 4) == 520


# ---------------------------------------------------------------------------------------
# The auction
# ---------------------------------------------------------------------------------------


def test_fh_ec01_legal_overcalls_with_misere_between_sevens_and_eights() -> None:
    s = new_hand("five-hundred", seed=2, dealer=D)
    run(s, "bid 6-spades, bid 7-hearts")
    assert s.to_act == R
    expected = {"pass", "bid 7-no-trump", "bid misere", "bid open-misere"} | calls(8, 9, 10)
    assert legal_words(s) == expected
    for refused in ("bid 7-diamonds", "bid 6-no-trump"):
        with pytest.raises(IllegalActionError):
            s.apply_text(refused)
    run(s, "bid misere")
    assert legal_words(s) == {"pass", "bid open-misere"} | calls(8, 9, 10)


def test_fh_ec02_misere_needs_a_seven_first() -> None:
    s = new_hand("five-hundred", seed=2, dealer=D)
    run(s, "bid 6-spades, bid 6-hearts")
    assert legal_words(s) == {"pass", "bid 6-no-trump", "bid open-misere"} | calls(7, 8, 9, 10)
    with pytest.raises(IllegalActionError, match="after a bid of seven"):
        s.apply_text("bid misere")


def test_misere_by_value_and_open_misere_on_top() -> None:
    s = new_hand(
        "five-hundred",
        seed=2,
        dealer=D,
        options={
            "five-hundred.misere_rank": "by_value",
            "five-hundred.open_misere_rank": "top",
            "five-hundred.misere_after_seven": False,
        },
    )
    run(s, "bid 8-spades")
    offered = legal_words(s)
    assert "bid misere" in offered  # 250 beats 8 spades (240)
    run(s, "bid 10-no-trump")
    assert legal_words(s) == {"pass", "bid open-misere"}


def test_a_pass_is_final_and_the_bidding_goes_round() -> None:
    s = new_hand("five-hundred", seed=2, dealer=D)
    run(s, "bid 6-spades, pass, bid 6-clubs, pass, bid 6-diamonds")
    assert s.to_act == R  # P and D are out; L may speak again once R has
    run(s, "pass")
    assert s.contract is not None and s.contract.maker == L


def test_everyone_passing_redeals_by_the_next_dealer_or_the_same_one() -> None:
    s = new_game("five-hundred", seed=5, dealer=D)
    run(s, "pass, pass, pass, pass")
    assert s.dealer == L and s.hand_number == 1
    s = new_game(
        "five-hundred", seed=5, dealer=D, options={"five-hundred.redeal_by": "same_dealer"}
    )
    run(s, "pass, pass, pass, pass")
    assert s.dealer == D and s.hand_number == 1


def test_everyone_passing_may_play_at_no_trumps_for_ten_a_trick() -> None:
    s = new_hand(
        "five-hundred", seed=5, dealer=D, options={"five-hundred.all_pass": "play_no_trumps"}
    )
    run(s, "pass, pass, pass, pass")
    assert s.phase is Phase.PLAY and s.to_act == L and len(s.kitty) == 3
    finish(s, at_random, 5)
    rec = s.hand_records[-1]
    side = [rec.tricks[D] + rec.tricks[P], rec.tricks[L] + rec.tricks[R]]
    assert rec.points == (10 * side[0], 10 * side[1], 10 * side[0], 10 * side[1])


# ---------------------------------------------------------------------------------------
# Ranking and the joker
# ---------------------------------------------------------------------------------------


def test_fh_ec03_trump_order_with_the_joker_and_the_short_suit() -> None:
    r = ranking(Suit.DIAMONDS)
    trumps = sorted((c for c in PACK if r.is_trump(c)), key=lambda c: -r.power[c.index])
    assert [c.code for c in trumps] == [
        "JK",
        "JD",
        "JH",
        "AD",
        "KD",
        "QD",
        "TD",
        "9D",
        "8D",
        "7D",
        "6D",
        "5D",
        "4D",
    ]
    hearts = sorted((c for c in PACK if r.suit_of[c.index] is Suit.HEARTS), key=lambda c: -c.value)
    assert [c.code for c in hearts] == ["AH", "KH", "QH", "TH", "9H", "8H", "7H", "6H", "5H", "4H"]


def test_fh_ec03_the_left_bower_is_no_heart() -> None:
    s = new_hand(
        "five-hundred",
        deal_with({L: "AH KH QH AS KS QS AC KC QC 9C", P: "JH 5S 6S 7S 5C 6C 7C 8C TC JC"}),
        dealer=D,
    )
    run(s, "bid 6-diamonds, pass, pass, pass")
    taken = s.hands[L][10:]
    run(s, [f"discard {c.code}" for c in taken])
    run(s, "play AH")
    assert s.to_act == P and len(s.legal_actions()) == 10  # P has no heart: anything goes
    run(s, "play JH")
    rest = s.legal_actions()
    s.apply(next(a for a in rest if a.card is not None and a.card.code not in ("JK", "JD")))
    s.apply(
        next(a for a in s.legal_actions() if a.card is not None and a.card.code not in ("JK", "JD"))
    )
    assert s.tricks[-1].winner == P


#: L holds the joker and no club; D the ace of spades, so that L can lose a trick.
JOKER_DEAL = {
    L: "JK TS KS QS JS AH KH QH AD KD",
    P: "5S 6S 7S 4H 5H 6H 4D 5D 6D 5C",
    R: "9S 8S 9C 7H 8H 9H 7D 8D 9D AC",
    D: "TH JH TD JD QD KC QC JC 6C AS",
}


def joker_hand() -> State:
    s = new_hand("five-hundred", deal_with(JOKER_DEAL, "TC 8C 7C"), dealer=D)
    run(s, "bid 7-no-trump, pass, pass, pass, discard TC, discard 8C, discard 7C")
    assert s.decision is not None and s.decision.kind == "nominate"
    return s


def test_fh_ec04_a_free_joker_is_led_naming_a_suit_not_shown_void() -> None:
    s = joker_hand()
    run(s, "pass")  # the joker stays free
    assert s.to_act == L
    assert "play JK" not in legal_words(s)
    assert {"joker C", "joker D", "joker H", "joker S"} <= legal_words(s)
    run(s, "play KS, play 5S, play 8S, play AS")  # D wins with the ace
    run(s, "play KC, play QH, play 5C, play AC")  # L shows void in clubs; R wins
    run(s, "play 9S, play 6C, play QS, play 6S")  # L wins and leads
    assert s.to_act == L
    assert "joker C" not in legal_words(s)
    with pytest.raises(IllegalActionError, match="shown void in clubs"):
        s.apply(JokerLead(JOKER, Suit.CLUBS))
    run(s, "joker H")
    assert any(isinstance(e, JokerLed) and e.suit is Suit.HEARTS for e in s.events)
    assert legal_words(s) == {"play 4H", "play 5H", "play 6H"}  # P must follow hearts
    run(s, "play 4H, play 7H, play TH")
    assert s.tricks[-1].winner == L  # the joker wins


def test_a_free_joker_wins_when_its_holder_cannot_follow() -> None:
    s = joker_hand()
    run(s, "pass, play KS, play 5S, play 8S, play AS, play KC")
    assert "play JK" in legal_words(s)  # L is void in clubs
    run(s, "play JK, play 5C, play AC")
    assert s.tricks[-1].winner == L


def test_a_nominated_joker_is_the_highest_card_of_its_suit() -> None:
    s = joker_hand()
    run(s, "nominate C")
    run(s, "play KS, play 5S, play 8S, play AS, play KC")
    assert legal_words(s) == {"play JK"}  # the joker is L's only club now
    run(s, "play JK, play 5C, play AC")
    assert s.tricks[-1].winner == L


def test_joker_lead_last_trick_only() -> None:
    s = new_hand(
        "five-hundred",
        deal_with(JOKER_DEAL, "TC 8C 7C"),
        dealer=D,
        options={"five-hundred.joker_lead": "last_trick_only"},
    )
    run(s, "bid 7-no-trump, pass, pass, pass, discard TC, discard 8C, discard 7C, pass")
    assert not any(isinstance(a, JokerLead) for a in s.legal_actions())
    with pytest.raises(IllegalActionError, match="last trick"):
        s.apply(Play(JOKER))


def test_without_nomination_the_declarer_is_not_asked() -> None:
    s = new_hand(
        "five-hundred",
        deal_with(JOKER_DEAL, "TC 8C 7C"),
        dealer=D,
        options={"five-hundred.joker_nomination": "off"},
    )
    run(s, "bid 7-no-trump, pass, pass, pass, discard TC, discard 8C, discard 7C")
    assert s.phase is Phase.PLAY


# ---------------------------------------------------------------------------------------
# Scoring
# ---------------------------------------------------------------------------------------


def search(prefix: str, want: Callable[[State], bool], **kw: object) -> State:
    for seed in range(400):
        s = new_hand("five-hundred", seed=seed, dealer=D, **kw)  # type: ignore[arg-type]
        run(s, prefix)
        finish(s, at_random, seed)
        if want(s):
            return s
    raise AssertionError(f"no deal in 400 after {prefix!r} gave the case")


def lr(s: State) -> int:
    rec = s.hand_records[-1]
    return rec.tricks[L] + rec.tricks[R]


def test_fh_ec05_a_contract_made_or_failed_and_ten_a_trick_to_the_opponents() -> None:
    made = search("bid 8-hearts, pass, pass, pass", lambda s: lr(s) == 9)
    assert made.hand_records[-1].points == (10, 300, 10, 300)
    failed = search("bid 8-hearts, pass, pass, pass", lambda s: lr(s) == 7)
    assert failed.hand_records[-1].points == (30, -300, 30, -300)


TOP_SPADES = "JK JS JC AS KS QS TS AH AD AC"
TOP_NO_TRUMPS = "JK AS KS QS JS TS AH AD AC KC"


def test_fh_ec05_a_slam_scores_250_unless_the_bid_is_worth_more() -> None:
    s = new_hand("five-hundred", deal_with({L: TOP_SPADES}), dealer=D)
    run(s, "bid 7-spades, pass, pass, pass")
    finish(s, greedy_for(L), 1)
    assert s.hand_records[-1].tricks[L] == 10 and s.hand_records[-1].points == (0, 250, 0, 250)
    s = new_hand("five-hundred", deal_with({L: TOP_NO_TRUMPS}), dealer=D)
    run(s, "bid 8-no-trump, pass, pass, pass")
    finish(s, greedy_for(L), 1)
    assert s.hand_records[-1].points == (0, 320, 0, 320)
    s = new_hand(
        "five-hundred", deal_with({L: TOP_SPADES}), dealer=D, options={"five-hundred.slam": False}
    )
    run(s, "bid 7-spades, pass, pass, pass")
    finish(s, greedy_for(L), 1)
    assert s.hand_records[-1].points == (0, 140, 0, 140)


MISERE_AUCTION = "bid 7-spades, pass, bid misere, pass, pass"
#: R holds the lowest cards of every suit: it can lose every trick.
LOW = "4H 5H 6H 4D 5D 6D 5S 6S 5C 6C"


def test_fh_ec06_a_misere_ends_at_the_first_trick_the_declarer_wins() -> None:
    s = search(MISERE_AUCTION, lambda s: s.hand_records[-1].tricks[R] > 0)
    rec = s.hand_records[-1]
    assert rec.tricks[R] == 1 and len(s.tricks) < 10  # play stopped at that trick
    assert s.tricks[-1].winner == R
    assert rec.points == (0, -250, 0, -250)
    assert s.teams is not None and s.teams.sitting_out == frozenset({L})


def test_fh_ec06_a_misere_without_a_trick_scores_250_and_nothing_to_the_defenders() -> None:
    s = new_hand("five-hundred", deal_with({R: LOW}), dealer=D)
    run(s, MISERE_AUCTION)
    assert s.to_act == R
    run(s, [f"discard {c.code}" for c in s.hands[R][10:]])
    if s.decision is not None and s.decision.kind == "nominate":
        run(s, "pass")
    assert s.active == (D, P, R)
    finish(s, at_random, 2)
    rec = s.hand_records[-1]
    assert rec.tricks[R] == 0 and len(s.tricks) == 10
    assert rec.points == (0, 250, 0, 250)


def test_defenders_of_a_misere_may_score_ten_a_trick() -> None:
    opts = {"five-hundred.misere_defender_trick_points": "10_per_trick"}
    s = search(MISERE_AUCTION, lambda s: True, options=opts)
    rec = s.hand_records[-1]
    defenders = 10 * (rec.tricks[D] + rec.tricks[P])
    assert rec.points[D] == rec.points[P] == defenders


def test_open_misere_shows_the_hand_to_every_seat_after_the_first_trick() -> None:
    s = new_hand("five-hundred", deal_with({R: LOW}), dealer=D)
    run(s, "pass, pass, bid open-misere, pass")
    run(s, [f"discard {c.code}" for c in s.hands[R][10:]])
    if s.decision is not None and s.decision.kind == "nominate":
        run(s, "pass")
    for seat in range(4):
        assert not any(isinstance(e, HandShown) for e in s.view(seat).events)
    rng = random.Random(3)
    while not s.tricks:
        s.apply(rng.choice(s.legal_actions()))
    held = tuple(sorted(s.hands[R]))
    for seat in range(4):
        shown = [e for e in s.view(seat).events if isinstance(e, HandShown)]
        assert shown and shown[0].cards == held and shown[0].seat == R


def test_the_search_bot_never_places_the_open_hand_elsewhere() -> None:
    from euchre_core.bots.sampling import Sampler

    s = new_hand("five-hundred", deal_with({R: LOW}), dealer=D)
    run(s, "pass, pass, bid open-misere, pass")
    run(s, [f"discard {c.code}" for c in s.hands[R][10:]])
    if s.decision is not None and s.decision.kind == "nominate":
        run(s, "pass")
    rng = random.Random(3)
    while not s.tricks:
        s.apply(rng.choice(s.legal_actions()))
    held = set(s.hands[R])
    watcher = s.to_act
    assert watcher is not None and watcher != R
    for sample in Sampler(s.view(watcher)).samples(4, random.Random(1)):
        for seat in (D, L, P):
            assert not held & set(sample.deal.hands[seat])


# ---------------------------------------------------------------------------------------
# The end of the game
# ---------------------------------------------------------------------------------------


def test_fh_ec07_defenders_cannot_go_out() -> None:
    prefix = "pass, bid 8-spades, pass, pass"
    for seed in range(400):
        s = new_game("five-hundred", seed=seed, dealer=D, scores=(400, 480, 400, 480))
        run(s, prefix)
        rng = random.Random(seed)
        while s.hand_number == 0 and not s.is_over:
            s.apply(rng.choice(s.legal_actions()))
        rec = s.hand_records[0]
        if rec.tricks[D] + rec.tricks[P] == 8:
            assert rec.scores == (640, 500, 640, 500)
            assert s.result is not None and s.result.winners == (D, P)
            return
    raise AssertionError("no deal where D+P took exactly 8")


def test_fh_ec07_a_failed_contract_does_not_take_the_defenders_out() -> None:
    for seed in range(400):
        s = new_game("five-hundred", seed=seed, dealer=D, scores=(400, 480, 400, 480))
        run(s, "pass, bid 8-spades, pass, pass")
        rng = random.Random(seed)
        while s.hand_number == 0 and not s.is_over:
            s.apply(rng.choice(s.legal_actions()))
        rec = s.hand_records[0]
        if rec.tricks[L] + rec.tricks[R] >= 4:
            assert rec.scores[L] >= 520 and not s.is_over  # L+R past 500 as defenders
            return
    raise AssertionError("no deal where L+R took 4 tricks")


def test_without_win_requires_bid_any_side_at_500_wins() -> None:
    for seed in range(400):
        s = new_game(
            "five-hundred",
            seed=seed,
            dealer=D,
            scores=(400, 480, 400, 480),
            options={"five-hundred.win_requires_bid": False},
        )
        run(s, "pass, bid 8-spades, pass, pass")
        rng = random.Random(seed)
        while s.hand_number == 0 and not s.is_over:
            s.apply(rng.choice(s.legal_actions()))
        rec = s.hand_records[0]
        if rec.tricks[L] + rec.tricks[R] >= 4:
            assert s.result is not None and s.result.winners == (L, R)
            return
    raise AssertionError("no deal where L+R took 4 tricks")


def test_fh_ec08_out_the_back_door_at_minus_500() -> None:
    for seed in range(600):
        s = new_game("five-hundred", seed=seed, dealer=D, scores=(0, -320, 0, -320))
        run(s, "bid 9-spades, pass, pass, pass")
        rng = random.Random(seed)
        while s.hand_number == 0 and not s.is_over:
            s.apply(rng.choice(s.legal_actions()))
        rec = s.hand_records[0]
        if lr(s) == 8:
            assert rec.scores == (20, -660, 20, -660)
            assert s.result is not None and s.result.winners == (D, P)
            assert s.result.losers == (L, R)
            return
    raise AssertionError("no deal where L+R took exactly 8")


def test_three_players_a_fall_lets_the_highest_other_win() -> None:
    s = new_hand("five-hundred-3", seed=1, dealer=0, scores=(-100, 0, 50))
    run(s, "bid 10-no-trump")  # the top bid: the auction is over at once
    assert s.contract is not None and s.contract.maker == 1
    finish(s, at_random, 1)
    rec = s.hand_records[0]
    if rec.tricks[1] < 10:
        assert s.scores[1] == -520
        assert s.result is not None and s.result.losers == (1,)
        top = max(s.scores[0], s.scores[2])
        assert all(s.scores[w] == top for w in s.result.winners)


def test_five_players_the_declarer_names_partners_by_the_bid() -> None:
    s = new_hand("five-hundred-5", seed=1, dealer=0)
    run(s, "bid 8-hearts, pass, pass, pass, pass")
    run(s, [f"discard {c.code}" for c in s.hands[1][10:]])
    assert s.decision is not None and s.decision.kind == "partner"
    run(s, "partner 3, partner 4")
    assert s.teams is not None and s.teams.makers == frozenset({1, 3, 4})
    finish(s, at_random, 1)
    rec = s.hand_records[-1]
    assert rec.points[1] == rec.points[3] == rec.points[4] in (300, -300)
    assert rec.points[0] == 10 * rec.tricks[0] and rec.points[2] == 10 * rec.tricks[2]


# ---------------------------------------------------------------------------------------
# Conformance, perft, bots
# ---------------------------------------------------------------------------------------

OPTION_SETS = [
    ("five-hundred", {}),
    ("five-hundred-3", {}),
    ("five-hundred-5", {}),
    (
        "five-hundred",
        {
            "five-hundred.deck": "45",
            "five-hundred.deal_pattern": "3-widow-4-3",
            "five-hundred.bidding_rounds": "single",
        },
    ),
    (
        "five-hundred",
        {
            "five-hundred.deck": "42",
            "five-hundred.all_pass": "play_no_trumps",
            "five-hundred.win_requires_bid": False,
        },
    ),
    (
        "five-hundred",
        {
            "five-hundred.red_fours": "4S_4D_removed",
            "five-hundred.misere_rank": "by_value",
            "five-hundred.open_misere_rank": "top",
            "five-hundred.misere_after_seven": False,
            "five-hundred.open_misere_after_eight": True,
        },
    ),
    (
        "five-hundred",
        {
            "five-hundred.joker_nomination": "off",
            "five-hundred.joker_lead": "last_trick_only",
            "five-hundred.slam": False,
            "five-hundred.misere_defender_trick_points": "10_per_trick",
            "five-hundred.redeal_by": "same_dealer",
        },
    ),
    (
        "five-hundred",
        {
            "five-hundred.misere": False,
            "five-hundred.open_misere": False,
            "five-hundred.lose_score": -1000,
            "five-hundred.target_score": 300,
        },
    ),
]


@pytest.mark.parametrize(
    ("variant", "options"),
    OPTION_SETS,
    ids=["four", "three", "five", "45", "42", "misere-ranks", "joker-rules", "no-misere"],
)
def test_check_variant_with_secrecy_and_saves(variant: str, options: dict[str, object]) -> None:
    report = check_variant(variant, options=options, hands=30, max_hands=15)
    assert report.hands >= 30 and report.saved


def count_plays(state: State) -> int:
    if state.is_over:
        return 1
    total = 0
    for a in state.legal_actions():
        child = fork(state)
        child.apply(a)
        total += count_plays(child)
    return total


def oracle(hands: dict[int, list[Card]], leader: int) -> int:
    """Play sequences at no trumps once the joker is gone: follow the suit led."""

    def go(lead: int, trick: list[tuple[int, Card]]) -> int:
        if not trick and not hands[lead]:
            return 1
        if len(trick) == 4:
            led = trick[0][1].suit
            win = max((x for x in trick if x[1].suit is led), key=lambda x: x[1].value)[0]
            return go(win, [])
        seat = (lead + len(trick)) % 4
        own = hands[seat]
        choices = [c for c in own if trick and c.suit is trick[0][1].suit] or own
        total = 0
        for c in list(choices):
            own.remove(c)
            total += go(lead, [*trick, (seat, c)])
            own.append(c)
        return total

    return go(leader, [])


def test_perft_count_after_the_joker_trick_matches_the_oracle() -> None:
    s = joker_hand()
    run(s, "pass, play KS, play 5S, play 8S, play AS, play KC, play QH, play 5C, play AC")
    run(s, "play 9S, play 6C, play QS, play 6S, joker H, play 4H, play 7H, play TH")
    run(s, "play JS, play 7S, play 9C, play JH, play TS, play 4D, play 7D, play TD")
    run(s, "play AD, play 5D, play 8D, play JD")
    leader = s.tricks[-1].winner
    hands = {seat: list(s.hands[seat]) for seat in range(4)}
    assert count_plays(s) == oracle(hands, leader) == 96


def test_heuristic_bots_beat_random_bots_clearly() -> None:
    a = simulate("five-hundred", games=20, bots=["heuristic", "random"] * 2, seed="f1")
    b = simulate("five-hundred", games=20, bots=["random", "heuristic"] * 2, seed="f2")
    wins = sum(0 in g.winners for g in a.games) + sum(1 in g.winners for g in b.games)
    assert wilson(wins, 40).low > 0.75


def test_a_heuristic_player_of_three_beats_two_random_ones() -> None:
    wins = 0
    for k in range(3):
        bots = ["random"] * 3
        bots[k] = "heuristic"
        r = simulate("five-hundred-3", games=30, bots=bots, seed=f"t{k}")
        wins += sum(k in g.winners for g in r.games)
    assert wilson(wins, 90).low > 1 / 3


@pytest.mark.parametrize("variant", ["five-hundred", "five-hundred-3", "five-hundred-5"])
def test_a_watched_game_of_heuristic_bots_ends_with_a_winner(variant: str) -> None:
    seats = load_variant(variant).players or 4
    r = simulate(variant, games=2, bots=["heuristic"] * seats, seed="watch")
    for g in r.games:
        assert g.winners


def test_the_misere_declarer_bot_ducks() -> None:
    from euchre_core.bots import make_bot

    s = new_hand("five-hundred", deal_with({R: LOW}), dealer=D)
    run(s, MISERE_AUCTION)
    bot = make_bot("heuristic", 1)
    while not s.is_over:
        seat = s.to_act
        assert seat is not None
        legal = s.legal_actions()
        s.apply(bot.choose(s.view(seat), legal) if seat == R else legal[0])
    assert s.hand_records[-1].tricks[R] == 0

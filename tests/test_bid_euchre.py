"""Bid euchre (``bid_euchre.md``; its edge cases BE-EC-01 to BE-EC-07).

Seats are numbered from the dealer: D = 0 (dealer), L = 1 (eldest), P = 2 (the dealer's
partner), R = 3. Partnerships are {0, 2} and {1, 3}.
"""

from __future__ import annotations

import random

import pytest
from helpers import run

from euchre_core import IllegalActionError, Phase, State, new_game, new_hand
from euchre_core.actions import PASS, Bid, Discard, Give
from euchre_core.analysis.compare import compare
from euchre_core.analysis.sim import simulate
from euchre_core.analysis.stats import wilson
from euchre_core.cards import cards
from euchre_core.events import CardGiven, Discarded
from euchre_core.model import Deal
from euchre_core.testing import check_variant, fork

D, L, P, R = 0, 1, 2, 3
#: L holds the top spades, R the top diamonds and clubs, P the hearts.
SPADES_TO_R = (
    "9D TD QD 9C TC QC",  # D
    "AH KH 9H 9S TH QH",  # L
    "AD KD JD AC KC JH",  # P
    "JS JC AS KS QS TS",  # R
)


def legal_words(state: State) -> set[str]:
    return {str(a) for a in state.legal_actions()}


def hand(rows: tuple[str, ...] = SPADES_TO_R, **options: object) -> State:
    deal = Deal.of([cards(h) for h in rows])
    opts = {f"bid-euchre.{k}": v for k, v in options.items()}
    return new_hand("bid-euchre", deal, dealer=D, options=opts)


def play_randomly(state: State, seed: int) -> None:
    rng = random.Random(seed)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))


def bids(*strains: str, levels: range = range(3, 7)) -> set[str]:
    return {f"bid {n}-{s}" for n in levels for s in strains}


STRAINS = ("clubs", "diamonds", "hearts", "spades", "no-trump")
LONE = {f"bid {k}-{s}" for k in ("shoot", "moon") for s in STRAINS}


# ---------------------------------------------------------------------------------------
# The auction
# ---------------------------------------------------------------------------------------


def test_be_ec01_one_bid_each_and_only_more_tricks_outbid() -> None:
    s = hand()
    run(s, "bid 3-spades, pass, bid 4-hearts")
    assert s.to_act == D
    assert legal_words(s) == {"pass"} | bids(*STRAINS, levels=range(5, 7)) | LONE
    with pytest.raises(IllegalActionError, match="more tricks than 4 hearts"):
        s.apply(Bid("4-diamonds"))
    run(s, "pass")
    assert s.phase is Phase.PLAY
    assert s.contract is not None and s.contract.maker == R and s.contract.level == "4-hearts"
    assert s.to_act == R  # the declarer leads; L never spoke again


def test_be_ec02_the_dealer_is_stuck_when_the_three_others_pass() -> None:
    s = hand()
    run(s, "pass, pass, pass")
    assert s.to_act == D
    assert legal_words(s) == bids(*STRAINS) | LONE  # no pass
    with pytest.raises(IllegalActionError, match="dealer must bid"):
        s.apply(PASS)


def test_be_ec02_with_redeal_four_passes_give_the_deal_to_the_left() -> None:
    s = new_game("bid-euchre", seed=4, dealer=D, options={"bid-euchre.all_pass": "redeal"})
    run(s, "pass, pass, pass")
    assert "pass" in legal_words(s)
    run(s, "pass")
    assert s.dealer == L and s.hand_number == 1


def test_the_lowest_bid_and_the_lowest_no_trump_bid_are_options() -> None:
    s = hand(min_bid=1, min_bid_no_trump=4)
    offered = legal_words(s)
    assert "bid 1-clubs" in offered and "bid 3-no-trump" not in offered
    assert "bid 4-no-trump" in offered


def test_without_lone_bids_six_is_the_top_bid() -> None:
    s = hand(lone_bids=False)
    assert legal_words(s) == {"pass"} | bids(*STRAINS)


def test_after_auction_bids_are_numbers_and_the_winner_names_trump() -> None:
    s = hand(strain_named="after_auction")
    assert legal_words(s) == {"pass", "bid 3", "bid 4", "bid 5", "bid 6", "bid shoot", "bid moon"}
    run(s, "bid 4, pass, pass, pass")
    assert s.to_act == L and legal_words(s) == {"call C", "call D", "call H", "call S", "call NT"}
    run(s, "call H")
    assert s.contract is not None and s.contract.trump is not None
    assert s.contract.trump.value == "H" and s.to_act == L


def test_until_three_pass_goes_round_and_a_pass_is_final() -> None:
    s = hand(bidding_rounds="until_three_pass")
    run(s, "bid 3-spades, pass, bid 4-hearts, pass, bid 5-spades")
    assert s.to_act == R  # P and D passed and are out; L bid, so R speaks next
    run(s, "pass")
    assert s.contract is not None and s.contract.maker == L


def test_moon_overcalls_climb_to_a_quadruple_moon() -> None:
    s = hand(moon_overcalls=True)
    run(s, "bid moon-spades")
    offered = legal_words(s)
    assert "bid double-moon-hearts" in offered and "bid moon-hearts" not in offered
    run(s, "bid double-moon-hearts, bid triple-moon-clubs, bid quadruple-moon-no-trump")
    assert s.contract is not None and s.contract.maker == D and s.contract.alone


# ---------------------------------------------------------------------------------------
# Play
# ---------------------------------------------------------------------------------------


def test_be_ec03_at_no_trump_the_jacks_are_ordinary() -> None:
    rows = (
        "QD TD 9D JC TC 9C",  # D
        "KD AS KS QS JS TS",  # L
        "JD 9S AH KH QH JH",  # P
        "AD TH 9H AC KC QC",  # R
    )
    s = hand(rows)
    run(s, "bid 4-no-trump, pass, pass, pass, play KD")
    assert s.to_act == P and legal_words(s) == {"play JD"}  # JD is P's only diamond
    run(s, "play JD, play AD, play QD")
    assert s.tricks[-1].winner == R  # the ace wins, the jack is only a diamond


def test_be_ec04_made_and_set_bids_score_tricks_and_lose_the_bid() -> None:
    seen: dict[int, tuple[int, ...]] = {}
    for seed in range(300):
        s = new_hand("bid-euchre", seed=seed, dealer=D)
        run(s, "pass, pass, bid 4-hearts, pass")
        play_randomly(s, seed)
        rec = s.hand_records[-1]
        taken = rec.tricks[L] + rec.tricks[R]
        seen.setdefault(taken, rec.points)
        if 5 in seen and 3 in seen:
            break
    assert seen[5] == (1, 5, 1, 5)  # L+R +5, D+P +1
    assert seen[3] == (3, -4, 3, -4)  # L+R -4, D+P +3


def test_be_ec05_the_shooter_discards_and_the_partner_gives_unseen() -> None:
    s = hand()
    run(s, "pass, pass, bid shoot-spades, pass")
    assert s.to_act == R and s.decision is not None and s.decision.kind == "discard"
    run(s, "discard TS")
    assert s.to_act == L and s.decision is not None and s.decision.kind == "give"
    view = s.view(L)
    assert all(e.card is None for e in view.events if isinstance(e, Discarded))
    assert all(isinstance(a, Give) for a in s.legal_actions())
    run(s, "give 9S")
    assert s.teams is not None and s.teams.sitting_out == frozenset({L})
    assert s.active == (D, P, R) and s.to_act == R
    play_randomly(s, 1)
    rec = s.hand_records[-1]
    assert rec.tricks[R] == 6 and rec.points == (0, 12, 0, 12)
    assert [e.card for e in s.events if isinstance(e, CardGiven)] == cards("9S")


def test_be_ec05_a_shoot_short_by_one_trick_costs_12() -> None:
    for seed in range(400):
        s = new_hand("bid-euchre", seed=seed, dealer=D)
        run(s, "pass, pass, bid shoot-spades, pass")
        play_randomly(s, seed)
        rec = s.hand_records[-1]
        if rec.tricks[R] == 5:
            assert rec.points == (1, -12, 1, -12)
            return
    raise AssertionError("no shoot short by one in 400 deals")


def test_be_ec06_moon_outranks_shoot_and_plays_alone_without_exchange() -> None:
    s = hand()
    run(s, "bid shoot-hearts")
    assert legal_words(s) == {"pass"} | {f"bid moon-{x}" for x in STRAINS}
    run(s, "bid moon-hearts")
    assert legal_words(s) == {"pass"}  # R: nothing outbids a moon
    run(s, "pass, pass")
    assert s.phase is Phase.PLAY and s.to_act == P  # no exchange
    assert s.teams is not None and s.teams.sitting_out == frozenset({D})


def test_be_ec06_moon_no_trump_is_the_top_bid_and_scores_24() -> None:
    results: dict[bool, tuple[int, ...]] = {}
    for seed in range(400):
        s = new_hand("bid-euchre", seed=seed, dealer=D)
        run(s, "bid shoot-hearts, bid moon-no-trump")
        assert s.phase is Phase.PLAY  # nobody can outbid it: the auction is over
        play_randomly(s, seed)
        rec = s.hand_records[-1]
        if rec.tricks[P] in (5, 6):
            results.setdefault(rec.tricks[P] == 6, rec.points)
        if len(results) == 2:
            break
    assert results[True] == (24, 0, 24, 0)
    assert results[False] == (-24, 1, -24, 1)


def test_low_no_trump_the_lowest_card_wins() -> None:
    rows = (
        "QD TD 9D JC TC 9C",  # D
        "KD AS KS QS JS TS",  # L
        "JD 9S AH KH QH JH",  # P
        "AD TH 9H AC KC QC",  # R
    )
    s = hand(rows, low_no_trump=True)
    run(s, "bid 4-low, pass, pass, pass, play KD, play JD, play AD, play 9D")
    assert s.tricks[-1].winner == D  # the 9 is best, the ace worst
    s = hand(rows, low_no_trump=True, low_ace="low")
    run(s, "bid 4-low, pass, pass, pass, play KD, play JD, play AD, play 9D")
    assert s.tricks[-1].winner == R  # the ace is best of all


# ---------------------------------------------------------------------------------------
# The end of the game
# ---------------------------------------------------------------------------------------


def test_be_ec07_only_the_side_that_won_the_hand_goes_out() -> None:
    for seed in range(300):
        s = new_hand("bid-euchre", seed=seed, dealer=D, scores=(31, 30, 31, 30))
        run(s, "pass, pass, bid 3-clubs, pass")
        play_randomly(s, seed)
        rec = s.hand_records[-1]
        if rec.tricks[L] + rec.tricks[R] == 3:
            assert s.scores == [34, 33, 34, 33]
            assert s.result is not None and s.result.winners == (L, R)
            return
    raise AssertionError("no deal where L+R took exactly 3")


def test_highest_at_target_lets_the_higher_side_win() -> None:
    for seed in range(300):
        s = new_hand(
            "bid-euchre",
            seed=seed,
            dealer=D,
            scores=(31, 30, 31, 30),
            options={"bid-euchre.win_rule": "highest_at_target"},
        )
        run(s, "pass, pass, bid 3-clubs, pass")
        play_randomly(s, seed)
        rec = s.hand_records[-1]
        if rec.tricks[L] + rec.tricks[R] == 3:
            assert s.result is not None and s.result.winners == (D, P)
            return
    raise AssertionError("no deal where L+R took exactly 3")


# ---------------------------------------------------------------------------------------
# Conformance, perft, bots, comparison
# ---------------------------------------------------------------------------------------

OPTION_SETS = [
    {},
    {"bid-euchre.strain_named": "after_auction", "bid-euchre.bidding_rounds": "until_three_pass"},
    {
        "bid-euchre.low_no_trump": True,
        "bid-euchre.low_ace": "low",
        "bid-euchre.moon_overcalls": True,
        "bid-euchre.shoot_exchange_cards": 2,
    },
    {
        "bid-euchre.all_pass": "redeal",
        "bid-euchre.lone_bids": False,
        "bid-euchre.win_rule": "highest_at_target",
        "bid-euchre.min_bid": 1,
        "bid-euchre.min_bid_no_trump": 4,
        "bid-euchre.shoot_value": 14,
        "bid-euchre.moon_value": 12,
        "bid-euchre.target_score": 52,
    },
]


@pytest.mark.parametrize("options", OPTION_SETS, ids=["defaults", "after", "low", "redeal"])
def test_check_variant_with_secrecy_and_saves(options: dict[str, object]) -> None:
    report = check_variant("bid-euchre", options=options, hands=120, max_hands=40)
    assert report.hands >= 120 and report.saved


def test_low_ace_needs_low_no_trump() -> None:
    from euchre_core.errors import ConfigError

    with pytest.raises(ConfigError, match="low_no_trump"):
        new_game("bid-euchre", options={"bid-euchre.low_ace": "low"})


def count_plays(state: State) -> int:
    """Leaves of the play tree from ``state`` (each branch on a copy)."""
    if state.is_over:
        return 1
    total = 0
    for a in state.legal_actions():
        child = fork(state)
        child.apply(a)
        total += count_plays(child)
    return total


def oracle(hands: dict[int, list[str]], leader: int, trump: str) -> int:
    """Play sequences by a plain reading of the rules: follow the effective suit."""
    next_suit = {"C": "S", "S": "C", "H": "D", "D": "H"}

    def suit(c: str) -> str:
        return trump if c == "J" + next_suit[trump] else c[1]

    def power(c: str, led: str) -> int:
        order = "9TJQKA"
        if c == "J" + trump:
            return 200
        if c == "J" + next_suit[trump]:
            return 199
        if suit(c) == trump:
            return 100 + order.index(c[0])
        return order.index(c[0]) if suit(c) == led else -1

    order = [D, L, P, R]

    def go(lead: int, trick: list[tuple[int, str]]) -> int:
        if not trick and not hands[lead]:
            return 1
        if len(trick) == 4:
            led = suit(trick[0][1])
            win = max(trick, key=lambda x: power(x[1], led))[0]
            return go(win, [])
        seat = order[(order.index(lead) + len(trick)) % 4]
        own = hands[seat]
        choices = own
        if trick:
            choices = [c for c in own if suit(c) == suit(trick[0][1])] or own
        total = 0
        for c in list(choices):
            own.remove(c)
            total += go(lead, [*trick, (seat, c)])
            own.append(c)
        return total

    return go(leader, [])


def test_perft_count_after_three_tricks_matches_the_oracle() -> None:
    prefix = (
        "pass, bid 3-hearts, pass, pass, play AD, play JS, play 9D, play AH, "
        "play KH, play JH, play TS, play QD, play KD, play JC, play TD, play 9H"
    )
    s = hand()
    run(s, prefix)
    left = {seat: [c.code for c in s.hands[seat]] for seat in range(4)}
    assert count_plays(s) == oracle(left, s.tricks[-1].winner, "H") == 720


def test_heuristic_bots_beat_random_bots_clearly() -> None:
    a = simulate("bid-euchre", games=30, bots=["heuristic", "random"] * 2, seed="b1")
    b = simulate("bid-euchre", games=30, bots=["random", "heuristic"] * 2, seed="b2")
    wins = sum(0 in g.winners for g in a.games) + sum(1 in g.winners for g in b.games)
    assert wilson(wins, 60).low > 0.75


def test_a_watched_game_of_heuristic_bots_ends_with_a_winner() -> None:
    r = simulate("bid-euchre", games=3, bots=["heuristic"] * 4, seed="watch")
    for g in r.games:
        assert g.winners and max(g.scores[w] for w in g.winners) >= 32


def test_compare_with_pepper_is_paired() -> None:
    c = compare(["bid-euchre", "pepper"], games=2, bots=["random"], seed=2)
    assert c.all_paired


def test_the_search_bot_plays_a_hand() -> None:
    from euchre_core.bots import make_bot

    s = hand()
    run(s, "pass, pass, bid shoot-spades, pass, discard TS, give 9S")
    bot = make_bot("search", 1)
    for _ in range(3):  # the shooter's first leads, searched over sampled deals
        seat = s.to_act
        legal = s.legal_actions()
        choice = bot.choose(s.view(seat), legal) if seat == R else legal[0]
        assert choice in legal
        s.apply(choice)


def test_the_shooter_knows_where_the_given_card_was_dealt() -> None:
    from euchre_core.bots.sampling import Sampler

    s = hand()
    run(s, "pass, pass, bid shoot-spades, pass, discard TS, give 9S")
    for sample in Sampler(s.view(R)).samples(5, random.Random(1)):
        assert cards("9S")[0] in sample.deal.hands[L]


def test_discard_is_refused_to_the_giving_partner() -> None:
    s = hand()
    run(s, "pass, pass, bid shoot-spades, pass, discard TS")
    with pytest.raises(IllegalActionError, match="give the card"):
        s.apply(Discard(cards("9S")[0]))


# ---------------------------------------------------------------------------------------
# The published forms: bid-euchre-bicycle and bid-euchre-wikipedia
# ---------------------------------------------------------------------------------------


def lone_points(variant: str, bid: str, seat: int) -> dict[bool, tuple[int, ...]]:
    """The points of a lone bid by ``seat`` made (True) and missed by one trick (False)."""
    results: dict[bool, tuple[int, ...]] = {}
    for seed in range(600):
        s = new_hand(variant, seed=seed, dealer=D)
        run(s, bid)
        while s.phase is not Phase.PLAY:  # the shoot's exchange: first cards offered
            s.apply(s.legal_actions()[0])
        play_randomly(s, seed)
        rec = s.hand_records[-1]
        if rec.tricks[seat] in (5, 6):
            results.setdefault(rec.tricks[seat] == 6, rec.points)
        if len(results) == 2:
            return results
    raise AssertionError(f"{variant}: no lone hand made and missed by one in 600 deals")


def test_bicycle_bids_are_numbers_and_the_winner_names_trump_afterwards() -> None:
    s = new_hand("bid-euchre-bicycle", seed=3, dealer=D)
    assert legal_words(s) == {"pass", "bid 3", "bid 4", "bid 5", "bid 6", "bid shoot", "bid moon"}
    run(s, "bid 4, pass, pass, pass")
    assert s.to_act == L
    assert legal_words(s) == {"call C", "call D", "call H", "call S", "call NT"}
    run(s, "call NT")
    assert s.contract is not None and s.contract.trump is None and s.contract.level == 4


def test_bicycle_a_moon_is_worth_12_and_a_double_moon_overcalls_it_for_24() -> None:
    assert lone_points("bid-euchre-bicycle", "pass, bid moon, pass, pass, call S", P) == {
        True: (12, 0, 12, 0),
        False: (-12, 1, -12, 1),
    }
    s = new_hand("bid-euchre-bicycle", seed=1, dealer=D)
    run(s, "bid moon")
    assert legal_words(s) == {"pass", "bid double-moon"}
    assert lone_points("bid-euchre-bicycle", "bid moon, bid double-moon, pass, pass, call S", P)[
        True
    ] == (24, 0, 24, 0)


def test_a_double_moon_only_overcalls_a_moon_and_a_triple_only_a_double() -> None:
    s = new_hand("bid-euchre-bicycle", seed=1, dealer=D)
    assert not {"bid double-moon", "bid triple-moon", "bid quadruple-moon"} & legal_words(s)
    with pytest.raises(IllegalActionError, match="a double moon only overcalls a moon"):
        s.apply(Bid("double-moon"))
    run(s, "bid moon, bid double-moon")
    assert legal_words(s) == {"pass", "bid triple-moon"}
    run(s, "bid triple-moon")
    assert legal_words(s) == {"pass", "bid quadruple-moon"}


def test_wikipedia_a_shoot_is_worth_12_and_a_moon_14() -> None:
    assert lone_points("bid-euchre-wikipedia", "pass, pass, bid moon-hearts, pass", R) == {
        True: (0, 14, 0, 14),
        False: (1, -14, 1, -14),
    }
    assert lone_points("bid-euchre-wikipedia", "pass, pass, bid shoot-hearts, pass", R) == {
        True: (0, 12, 0, 12),
        False: (1, -12, 1, -12),
    }
    s = new_hand("bid-euchre-wikipedia", seed=1, dealer=D)
    assert "bid 4-spades" in legal_words(s)  # each bid names its strain, as by default


@pytest.mark.parametrize("variant", ["bid-euchre-bicycle", "bid-euchre-wikipedia"])
def test_the_published_forms_pass_the_conformance_checks(variant: str) -> None:
    check_variant(variant, hands=120, max_hands=40, seed=5)

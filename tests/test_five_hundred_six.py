"""Six-handed Five Hundred (``five_hundred.md``: the 63-card pack, 52 cards with 11s and 12s
in every suit, 13s in the red suits and the joker; ten each and a three-card kitty; two
partnerships of three or three of two).

Seat 0 deals, so seat 1 speaks first. With ``partnerships = 2x3`` the sides are
{0, 2, 4} and {1, 3, 5}; with ``3x2`` they are {0, 3}, {1, 4} and {2, 5}.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from helpers import invoke, run

from euchre_core import Phase, State, new_game, new_hand
from euchre_core.analysis.sim import simulate
from euchre_core.analysis.stats import wilson
from euchre_core.cards import JOKER, Suit, card, cards
from euchre_core.errors import ConfigError
from euchre_core.model import Deal
from euchre_core.testing import check_save_roundtrip, check_variant, fork
from euchre_core.trumps import ranking

THREE_TWOS = {"five-hundred.partnerships": "3x2"}
#: A deal (seat 0 to 5, then the kitty) of the whole 63-card pack.
HANDS = (
    "JK QH 9D 7D 3H 6D 2S KS 4S JD",
    "7H 3S 6S 9C QC RH 5C AC 8D AH",
    "EC 9S ES AD 2H TH KD QS 2C 4D",
    "8C 8S KH WC 3D 4C WD QD 5D 6H",
    "6C JC TC KC RD WH 5H JH 4H 8H",
    "2D AS 7C 9H WS ED TD EH 5S 7S",
)
KITTY = "JS 3C TS"
#: Seat 1 bids 6 hearts, everyone passes, and it buries the kitty.
SIX_HEARTS = ("bid 6-hearts", *["pass"] * 5, "discard JS", "discard 3C", "discard TS")


def fixed(**options: object) -> State:
    deal = Deal.of([cards(h) for h in HANDS], cards(KITTY))
    return new_hand("five-hundred-6", deal, dealer=0, options=options)


def play_first_legal(state: State, tricks: int) -> None:
    while len(state.tricks) < tricks:
        state.apply(state.legal_actions()[0])


def finish_at_random(state: State, seed: int) -> None:
    rng = random.Random(seed)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))


def test_the_63_card_pack_ten_each_and_a_kitty_of_three() -> None:
    s = new_game("five-hundred-6", seed=1)
    deck = s.table.deck
    assert len(deck) == 63 and JOKER in deck
    assert sum(1 for c in deck if c.rank in ("E", "W")) == 8
    assert {c.code for c in deck if c.rank == "R"} == {"RH", "RD"}
    assert all(len(h) == 10 for h in s.hands) and len(s.kitty) == 3
    assert set(c for h in s.hands for c in h) | set(s.kitty) == set(deck)


def test_two_partnerships_of_three_or_three_of_two() -> None:
    assert new_game("five-hundred-6", seed=1).table.partnerships == ((0, 2, 4), (1, 3, 5))
    threes = new_game("five-hundred-6", seed=1, options=THREE_TWOS).table.partnerships
    assert threes == ((0, 3), (1, 4), (2, 5))
    with pytest.raises(ConfigError, match="partnerships chooses the sides of six players"):
        new_game("five-hundred", options=THREE_TWOS)


def test_hearts_trump_make_eighteen_trumps_ranked_through_the_11s() -> None:
    deck = new_game("five-hundred-6", seed=1).table.deck
    r = ranking(Suit.HEARTS)
    trumps = r.sorted(c for c in deck if r.is_trump(c))
    assert len(trumps) == 18
    assert " ".join(c.code for c in trumps[:11]) == "JK JH JD AH KH QH RH WH EH TH 9H"
    # Diamonds, the other red suit, keep their 13 and lose their jack.
    diamonds = ranking(Suit.HEARTS).sorted(c for c in deck if r.effective_suit(c) is Suit.DIAMONDS)
    assert " ".join(c.code for c in diamonds[:6]) == "AD KD QD RD WD ED"


def test_a_short_suit_with_its_jack_gone_to_trumps() -> None:
    # As FH-EC-03 with the 63-card pack: diamonds trump; hearts led, the holder of the JH
    # and no other heart may play anything, and the JH is then a trump.
    r = ranking(Suit.DIAMONDS)
    hand = cards("JH 12S 4C")
    assert r.legal_plays(hand, [(1, card("AH"))]) == hand
    assert r.trick_winner(cards("AH 13H JH 12H")) == 2


def test_the_fixed_deal_to_the_first_lead() -> None:
    s = fixed()
    run(s, ", ".join(SIX_HEARTS))
    assert s.phase is Phase.PLAY and s.to_act == 1
    assert s.contract is not None and s.contract.trump is Suit.HEARTS
    assert s.teams is not None and s.teams.makers == frozenset({1, 3, 5})


def test_the_declarers_partners_sit_out_a_misere() -> None:
    # Two sides of three: both partners lay their hands down (tricks of four cards);
    # three sides of two: the one partner does (tricks of five).
    for options, out, size in (({}, {0, 4}, 4), (THREE_TWOS, {5}, 5)):
        s = fixed(**options)
        run(s, "bid 7-spades, bid misere, pass, pass, pass, pass, pass")
        assert s.contract is not None and s.contract.maker == 2
        while s.phase is Phase.PREPARE:
            legal = s.legal_actions()
            s.apply(next((a for a in legal if a.card in cards(KITTY)), legal[0]))
        assert s.teams is not None and s.teams.sitting_out == frozenset(out)
        while not s.tricks and not s.is_over:
            s.apply(s.legal_actions()[0])
        assert len(s.tricks[0].plays) == size


def test_with_three_sides_each_side_of_defenders_scores_its_own_tricks() -> None:
    for seed in range(4):
        s = fixed(**THREE_TWOS)
        run(s, ", ".join(SIX_HEARTS))
        finish_at_random(s, seed)
        rec = s.hand_records[-1]
        tricks = rec.tricks
        assert rec.points[1] == rec.points[4] in (100, -100, 250)
        for side in ((0, 3), (2, 5)):
            assert rec.points[side[0]] == rec.points[side[1]] == 10 * sum(tricks[x] for x in side)


def test_with_two_sides_the_defenders_score_ten_a_trick_together() -> None:
    s = fixed()
    run(s, ", ".join(SIX_HEARTS))
    finish_at_random(s, 3)
    rec = s.hand_records[-1]
    made = sum(rec.tricks[x] for x in (1, 3, 5)) >= 6
    assert rec.points[1] == rec.points[3] == rec.points[5] == (100 if made else -100)
    defended = 10 * sum(rec.tricks[x] for x in (0, 2, 4))
    assert rec.points[0] == rec.points[2] == rec.points[4] == defended


# ---------------------------------------------------------------------------------------
# Perft from the fixed deal
# ---------------------------------------------------------------------------------------

#: The order of the cards at hearts trumps, highest first in each effective suit, written
#: out from the rules (the joker and the jack of diamonds are trumps).
ORDER = {
    "H": [
        "JK",
        "JH",
        "JD",
        "AH",
        "KH",
        "QH",
        "RH",
        "WH",
        "EH",
        "TH",
        "9H",
        "8H",
        "7H",
        "6H",
        "5H",
        "4H",
        "3H",
        "2H",
    ],
    "D": ["AD", "KD", "QD", "RD", "WD", "ED", "TD", "9D", "8D", "7D", "6D", "5D", "4D", "3D", "2D"],
    "C": ["AC", "KC", "QC", "JC", "WC", "EC", "TC", "9C", "8C", "7C", "6C", "5C", "4C", "3C", "2C"],
    "S": ["AS", "KS", "QS", "JS", "WS", "ES", "TS", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S"],
}
SUIT_OF = {code: s for s, codes in ORDER.items() for code in codes}


def count_plays(state: State) -> int:
    if state.is_over or state.phase is not Phase.PLAY:
        return 1
    total = 0
    for a in state.legal_actions():
        child = fork(state)
        child.apply(a)
        total += count_plays(child)
    return total


def oracle(hands: dict[int, list[str]], leader: int) -> int:
    """Play sequences to the end of the hand: follow the effective suit led if able; the
    highest trump wins, else the highest card of the suit led."""

    def go(lead: int, trick: list[tuple[int, str]]) -> int:
        if not trick and not hands[lead]:
            return 1
        if len(trick) == 6:
            led = SUIT_OF[trick[0][1]]

            def strength(play: tuple[int, str]) -> int:
                s = SUIT_OF[play[1]]
                rank = len(ORDER[s]) - ORDER[s].index(play[1])
                return 100 + rank if s == "H" else rank if s == led else -1

            return go(max(trick, key=strength)[0], [])
        seat = (lead + len(trick)) % 6
        own = hands[seat]
        led_suit = SUIT_OF[trick[0][1]] if trick else None
        choices = [c for c in own if SUIT_OF[c] == led_suit] or own
        total = 0
        for c in list(choices):
            own.remove(c)
            total += go(lead, [*trick, (seat, c)])
            own.append(c)
        return total

    return go(leader, [])


def _position(tricks: int) -> State:
    s = fixed()
    run(s, ", ".join(SIX_HEARTS))
    play_first_legal(s, tricks)
    return s


def _oracle_of(s: State) -> int:
    hands = {seat: [c.code for c in s.hands[seat]] for seat in range(6)}
    return oracle(hands, s.tricks[-1].winner)


def test_perft_after_eight_tricks_of_six_hearts_matches_the_oracle() -> None:
    s = _position(8)
    assert [len(h) for h in s.hands] == [2] * 6
    assert count_plays(s) == _oracle_of(s) == 32


@pytest.mark.slow
def test_perft_after_seven_tricks_of_six_hearts_matches_the_oracle() -> None:
    s = _position(7)
    assert count_plays(s) == _oracle_of(s) == 7488


# ---------------------------------------------------------------------------------------
# Conformance, saves, bots, the command line
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("options", [{}, THREE_TWOS], ids=["2x3", "3x2"])
def test_check_variant_with_secrecy_and_saves(options: dict[str, object]) -> None:
    report = check_variant("five-hundred-6", options=options, hands=30, max_hands=15)
    assert report.hands >= 30 and report.saved


def test_a_game_part_played_saves_and_reloads() -> None:
    s = State(new_game("five-hundred-6", seed=9).config, seed=9, max_hands=3)
    finish_at_random(s, 9)
    assert check_save_roundtrip(s, random.Random(2)) >= 1


def test_a_side_of_heuristic_bots_beats_a_side_of_random_ones() -> None:
    a = simulate("five-hundred-6", games=12, bots=["heuristic", "random"] * 3, seed="six-a")
    b = simulate("five-hundred-6", games=12, bots=["random", "heuristic"] * 3, seed="six-b")
    wins = sum(0 in g.winners for g in a.games) + sum(1 in g.winners for g in b.games)
    assert wilson(wins, 24).low > 0.6


def test_a_watched_game_ends_with_a_winner_and_its_save_replays(in_tmp: Path) -> None:
    result = invoke("play", "five-hundred-6", "--watch", "--seed", "1", "--ascii")
    assert result.exit_code == 0, result.output[-2000:]
    assert "Game over: " in result.output and " win" in result.output
    assert "Traceback" not in result.output
    # The 11s, 12s and 13s are drawn with their numbers.
    assert any(f"{n}{s}" in result.output for n in ("11", "12", "13") for s in "CDHS")
    saves = sorted(in_tmp.glob("euchre-*.json"))
    check = invoke("replay", str(saves[-1]), "--check", "--json")
    assert check.exit_code == 0, check.output[-2000:]


def test_the_words_of_the_new_ranks() -> None:
    from euchre_cli.web import card_name

    assert card_name("EH") == "eleven of hearts"
    assert card_name("WC") == "twelve of clubs"
    assert card_name("RD") == "thirteen of diamonds"


def test_the_rules_page_tells_the_pack_and_the_sides() -> None:
    result = invoke("rules", "five-hundred-6", "--ascii")
    assert result.exit_code == 0, result.output[-2000:]
    text = " ".join(result.output.split())
    assert "A pack of 63 cards: A K Q J 13 12 11 10 9 8 7 6 5 4 3 2 of each suit" in text
    assert "(13s in diamonds and hearts only) and the joker" in text
    assert "two partnerships of three, partners in alternate seats" in text
    assert "JH JD AH KH QH 13H 12H 11H 10H" in text
    result = invoke("rules", "five-hundred-6", "-o", "five-hundred.partnerships=3x2", "--ascii")
    text = " ".join(result.output.split())
    assert "6 players in three partnerships of two: partners sit opposite each other" in text


def test_the_search_bot_decides_in_the_63_card_pack() -> None:
    from euchre_core.bots.heuristic import HeuristicBot
    from euchre_core.bots.search import SearchBot

    state = State(new_game("five-hundred-6", seed=2).config, seed=2, max_hands=1)
    bots = [HeuristicBot(s) for s in range(6)]
    hard = SearchBot(1, samples=3)
    decided = 0
    while not state.is_over and decided < 4:
        seat = state.to_act
        assert seat is not None
        legal = state.legal_actions()
        if seat == 1 and state.phase is Phase.PLAY and len(legal) > 1:
            action = hard.choose(state.view(seat), legal)
            decided += 1
        else:
            action = legal[0] if len(legal) == 1 else bots[seat].choose(state.view(seat), legal)
        assert action in legal
        state.apply(action)
    assert decided >= 1

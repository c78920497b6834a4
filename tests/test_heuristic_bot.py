"""The heuristic bot: its bids, discards and card play on explicit hands, its manners
(legal, seeded, view-only) and its strength against random play."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import ClassVar

import pytest

from euchre_core import Suit, card, cards, new_game, new_hand
from euchre_core.actions import (
    Action,
    Call,
    Discard,
    Order,
    Pass,
    Play,
    register_action,
)
from euchre_core.analysis.sim import simulate
from euchre_core.bots import make_bot
from euchre_core.bots.evaluate import (
    Estimate,
    Outlook,
    best_trump,
    deck_from_options,
    estimate,
)
from euchre_core.bots.heuristic import Advice, HeuristicBot
from euchre_core.cards import pack
from euchre_core.model import Deal
from euchre_core.state import State

DECK = pack("9")


def deal(hands: list[str], up: str) -> Deal:
    """A deal from four hands and the up-card; the other cards form the kitty."""
    given = [cards(h) for h in hands]
    upcard = card(up)
    used = {c for h in given for c in h} | {upcard}
    return Deal.of(given, [c for c in DECK if c not in used], upcard)


def hand_state(hands: list[str], up: str, *actions: str, dealer: int = 0) -> State:
    state = new_hand("standard", deal(hands, up), dealer=dealer)
    for text in actions:
        state.apply_text(text)
    return state


def advice(state: State) -> Advice:
    seat = state.to_act
    assert seat is not None
    return HeuristicBot(0, strict=True).advise(state.view(seat), state.legal_actions())


# Seat 1 bids and leads first when seat 0 deals.
STRONG = "JH JD AH KC 9S"
WEAK = "9C TC QS KD 9D"


# ---------------------------------------------------------------------------------------
# The evaluator
# ---------------------------------------------------------------------------------------


def test_the_evaluators_remembered_parts_are_those_worked_out_afresh() -> None:
    """The evaluator remembers each suit's part of a hand by the suit's cards held and out:
    hands evaluated one after another give what each gives with nothing remembered, in
    every pack (double ones included)."""
    import random

    from euchre_core.bots import evaluate

    rng = random.Random(5)
    cases = []
    for deck in (pack("9"), pack("7"), pack("2", jokers=1), pack("9", copies=2)):
        outlook = Outlook(deck, frozenset(deck[:1]), opponent_cards=10, partner_cards=5)
        for _ in range(60):
            drawn = rng.sample(deck, 8)
            trump = rng.choice([*Suit, None])
            cases.append((drawn[:5], trump, outlook, drawn[5 : rng.randrange(5, 9)]))

    def fresh(case: tuple) -> Estimate:
        evaluate._LAYOUTS.clear()
        evaluate._RECENT.clear()
        return estimate(*case)

    alone = [fresh(case) for case in cases]
    evaluate._LAYOUTS.clear()
    evaluate._RECENT.clear()
    together = [estimate(*case) for case in cases]
    assert together == alone


def test_more_and_higher_trumps_mean_more_tricks() -> None:
    o = Outlook(DECK)
    assert estimate(cards("JH JD AH KC 9S"), Suit.HEARTS, o).tricks > 3.0
    assert estimate(cards("JH 9H AC KS QD"), Suit.HEARTS, o).tricks < 3.0
    assert estimate(cards(WEAK), Suit.HEARTS, o).tricks < 1.0
    assert (
        estimate(cards("JH JD AH KH QH"), Suit.HEARTS, o).tricks
        > estimate(cards("AH KH QH TH 9H"), Suit.HEARTS, o).tricks
    )


def test_a_hand_is_worth_more_alone_against_fewer_opponent_cards() -> None:
    """Two-hand euchre: one opponent holds five of the eighteen unseen cards."""
    four = Outlook(DECK)
    two = Outlook(DECK, opponent_cards=5, opponents=1, partner_cards=0, partners=0)
    hand = cards("JD AH KS QS 9C")
    assert estimate(hand, Suit.HEARTS, two).tricks > estimate(hand, Suit.HEARTS, four).tricks


def test_best_trump_is_the_long_suit_with_the_bowers() -> None:
    trump, e = best_trump(cards("JS JC AS 9S AD"), Outlook(DECK))
    assert trump is Suit.SPADES
    assert e.masters == 3


def test_deck_is_read_from_the_deck_option() -> None:
    assert len(deck_from_options({"standard": {"deck": "deck32"}})) == 32
    assert card("JK") in deck_from_options({"two-hand": {"deck": "deck25_benny"}})
    assert len(deck_from_options({})) == 24


# ---------------------------------------------------------------------------------------
# Bidding
# ---------------------------------------------------------------------------------------


def test_orders_up_with_both_bowers_and_the_ace() -> None:
    s = hand_state([WEAK, STRONG, "AC AS KS TH 9H", "JC JS QC TS QD"], "QH")
    a = advice(s)
    assert isinstance(a.action, Order)
    assert "JH" in a.reason


def test_passes_a_weak_hand() -> None:
    s = hand_state([STRONG, WEAK, "AC AS KS TH 9H", "JC JS QC TS QH"], "AD")
    assert isinstance(advice(s).action, Pass)


def test_goes_alone_with_an_unbeatable_hand() -> None:
    s = hand_state(["9C TC QS KD 9D", "JH JD AH KH AS", "AC KS TH 9H QC", "JC JS TS QD TD"], "QH")
    a = advice(s).action
    assert isinstance(a, Order) and a.alone


def test_round_two_never_names_the_turned_down_suit() -> None:
    # Seat 1 is strong in hearts, the turned-down suit, and fair in diamonds.
    s = hand_state(
        ["9C TC QS KS 9S", "JH AH KH JD AD", "AC KC TH 9H QC", "JC JS TS QD TD"],
        "QH",
        "pass",
        "pass",
        "pass",
        "pass",
    )
    a = advice(s).action
    assert a in s.legal_actions()
    assert not (isinstance(a, Call) and a.suit is Suit.HEARTS)


def test_round_two_calls_the_strong_suit() -> None:
    s = hand_state(
        ["9C TC QS KH 9H", "JS JC AS KS AD", "AC KC TH AH QC", "JH JD TS QD TD"],
        "9S",
        "pass",
        "pass",
        "pass",
        "pass",
    )
    # Spades were turned down; seat 1 holds both black bowers and the ace of clubs is out.
    a = advice(s).action
    assert isinstance(a, Call) and a.suit is Suit.CLUBS


# ---------------------------------------------------------------------------------------
# Before the first lead
# ---------------------------------------------------------------------------------------


def test_dealer_discards_a_singleton_to_make_a_void() -> None:
    s = hand_state(
        ["JH AH KH 9C AS", WEAK.replace("9C", "TH"), "AC KC QC JC 9H", "JS KS TS QD TD"],
        "QH",
        "order",
    )
    a = advice(s).action
    assert a == Discard(card("9C"))


def test_the_discard_is_always_one_the_rules_allow() -> None:
    # Every card but the up-card is a trump: the bot must still not discard the up-card.
    s = hand_state(
        ["JH JD AH KH TH", "9C TC QS KD 9D", "AC KC QC JC 9H", "JS KS TS QD TD"], "QH", "order"
    )
    a = advice(s).action
    assert a in s.legal_actions()
    assert a != Discard(card("QH"))


# ---------------------------------------------------------------------------------------
# Card play
# ---------------------------------------------------------------------------------------


def test_maker_with_both_bowers_leads_the_right_bower() -> None:
    s = hand_state([WEAK, "JH JD 9H AC KS", "AS KC QC JC TH", "JS TS QH TD 9S"], "KH", "order")
    s.apply(Discard(card("9C")))  # the dealer's discard
    assert s.to_act == 1
    assert advice(s).action == Play(card("JH"))


def test_does_not_trump_a_partners_winning_ace() -> None:
    # Clubs trump, ordered by seat 1. Seat 1 leads AS; seat 2 follows; seat 3, partner of
    # seat 1, has no spade but holds trumps, and must let the ace win.
    s = hand_state(
        ["9C TD QD KD 9D", "AS JC AC KH 9H", "KS QS QC AD TH", "JS TC JH AH QH"],
        "KC",
        "order",
        "discard 9D",
        "play AS",
        "play QS",
    )
    a = advice(s).action
    assert isinstance(a, Play)
    assert a.card.suit is not Suit.CLUBS and a.card is not card("JS")


def test_trumps_in_cheaply_when_void_and_an_opponents_ace_leads() -> None:
    # Hearts trump, ordered by seat 1, which leads the ace of clubs. Seat 2 has no club:
    # the ace would win, so seat 2 trumps with its lowest trump.
    s = hand_state(
        ["9C TD QD KD 9D", "AC JH AH KS QS", "9H TH AS TS 9S", "KC QC JC JD AD"],
        "QH",
        "order",
        "discard 9C",
        "play AC",
    )
    assert advice(s).action == Play(card("9H"))


def test_second_hand_plays_low_without_a_sure_winner() -> None:
    # Hearts trump. Seat 1 leads 9S; seat 2 holds KS TS with the ace of spades out, and
    # its partner (seat 0) still to play: it keeps the king and plays low.
    s = hand_state(
        ["AS QC KD 9D TD", "9S JH JD AH KH", "KS TS AC KC QD", "QS 9C JS 9H TH"],
        "QH",
        "order",
        "discard TD",
        "play JH",
        "play QD",
        "play 9H",
        "play QH",
        "play 9S",
    )
    assert advice(s).action == Play(card("TS"))


# ---------------------------------------------------------------------------------------
# Manners
# ---------------------------------------------------------------------------------------


@register_action
@dataclass(frozen=True, slots=True)
class _Shout(Action):
    """An action no bot knows, as a future variant might add."""

    keyword: ClassVar[str] = "shout-test"
    word: str = ""

    def __str__(self) -> str:
        return f"shout-test {self.word}"

    @classmethod
    def from_words(cls, words: list[str]) -> Action:
        return _Shout(" ".join(words))


def test_unknown_actions_get_a_seeded_legal_default() -> None:
    view = new_game("standard", seed=3).view(1)
    legal = [_Shout("a"), _Shout("b"), _Shout("c")]
    picks = {HeuristicBot(7).choose(view, legal) for _ in range(3)}
    assert len(picks) == 1 and picks <= set(legal)
    assert HeuristicBot(7).choose(view, [_Shout("a"), Pass()]) == Pass()


def test_never_chooses_an_illegal_action_and_is_seeded() -> None:
    def play(seed: int) -> list[tuple[int, Action]]:
        state = new_game("standard", seed=seed, options={"standard.target_score": 5})
        bots = [HeuristicBot(f"{seed}/{s}", strict=True) for s in range(4)]
        while state.to_act is not None:
            seat = state.to_act
            legal = state.legal_actions()
            action = bots[seat].choose(state.view(seat), legal)
            assert action in legal
            state.apply(action)
        return state.actions

    for seed in range(6):
        assert play(seed) == play(seed)


def test_decides_from_the_view_alone() -> None:
    """A fresh bot given only a copy of the view decides as the bot that followed the hand:
    nothing but the view (and the legal actions) goes into a decision."""
    state = new_game("standard", seed=11, options={"standard.target_score": 3})
    steady = [HeuristicBot(s, strict=True) for s in range(4)]
    while state.to_act is not None:
        seat = state.to_act
        view = state.view(seat)
        legal = state.legal_actions()
        action = steady[seat].choose(view, legal)
        copy = dataclasses.replace(view)
        assert HeuristicBot(seat, strict=True).choose(copy, legal) == action
        state.apply(action)


def test_reasons_are_plain_sentences_with_card_codes() -> None:
    s = hand_state([WEAK, STRONG, "AC AS KS TH 9H", "JC JS QC TS QD"], "QH")
    reason = advice(s).reason
    assert reason.endswith(".")
    assert "JH" in reason
    assert not any(sym in reason for sym in "♣♦♥♠")


def test_make_bot_builds_the_heuristic_bot() -> None:
    bot = make_bot("heuristic", 1)
    assert bot.name == "heuristic" and bot.uses_view


def test_beats_random_bots_by_a_clear_margin() -> None:
    half = 50
    a = simulate("standard", games=half, bots=["heuristic", "random"] * 2, seed="t1")
    b = simulate("standard", games=half, bots=["random", "heuristic"] * 2, seed="t2")
    wins = sum(0 in g.winners for g in a.games) + sum(1 in g.winners for g in b.games)
    assert wins >= 90


@pytest.mark.slow
def test_beats_random_bots_over_a_thousand_games() -> None:
    a = simulate("standard", games=500, bots=["heuristic", "random"] * 2, seed="s1")
    b = simulate("standard", games=500, bots=["random", "heuristic"] * 2, seed="s2")
    wins = sum(0 in g.winners for g in a.games) + sum(1 in g.winners for g in b.games)
    assert wins >= 950


@pytest.mark.parametrize(
    ("reason", "why"),
    [
        ("discard 9S: it is the least useful card.", "it is the least useful card."),
        ("pick up JD and discard 9S: the right bower.", "the right bower."),
        ("Your partner has it. Note: play low.", "Your partner has it. Note: play low."),
        ("the only legal choice.", "the only legal choice."),
        ("pass: ", "pass: "),
    ],
)
def test_the_reason_without_its_action_is_what_follows_the_opening_phrase(reason, why) -> None:
    from euchre_core.bots.heuristic import Advice, without_action

    assert without_action(reason) == why
    assert Advice(Pass(), reason).why == why

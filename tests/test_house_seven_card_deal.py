"""HR-DECK32-7 (``seven-card-deal``): seven cards each from the 32-card pack; seven
tricks; the majority rule (Q-32-7): four tricks make, all seven march. Seats: D = 0,
L = 1, P = 2, R = 3."""

from __future__ import annotations

import pytest
from helpers import D, L, P, R, run

from euchre_core import ConfigError, Deal, cards, load_variant, new_game, new_hand
from euchre_core.actions import Play
from euchre_core.testing import check_variant

RULE = ["seven-card-deal"]

#: With hearts trump, seven groups of four cards of one effective suit, best first.
GROUPS = [
    cards("AS KS QS JS"),
    cards("TS 9S 8S 7S"),
    cards("AC KC QC JC"),
    cards("TC 9C 8C 7C"),
    cards("JH JD AH KH"),
    cards("QH TH 9H 8H"),
    cards("AD KD QD TD"),
]


def seven_deal(winners: list[int]) -> Deal:
    """Seat ``winners[k]`` holds the best card of group ``k``; up-card 9D (turned down)."""
    hands: list[list] = [[] for _ in range(4)]
    for group, w in zip(GROUPS, winners, strict=True):
        hands[w].append(group[0])
        for seat, c in zip([s for s in range(4) if s != w], group[1:], strict=True):
            hands[seat].append(c)
    return Deal.of(hands, cards("7H 8D 7D"), cards("9D")[0])


def play_seven(state) -> None:
    for group in GROUPS:
        for _ in range(4):
            hand = state.hands[state.to_act]
            state.apply(Play(next(c for c in group if c in hand)))


def hand_of_hearts(winners: list[int]):
    state = new_hand("standard", seven_deal(winners), dealer=D, rules=RULE)
    run(state, "pass, pass, pass, pass, call H")  # L names hearts in round 2
    play_seven(state)
    return state.hand_records[-1]


def test_seven_cards_each_from_32_the_29th_turned_and_three_face_down():
    state = new_game("standard", seed=3, rules=RULE)
    assert len(state.table.deck) == 32 and state.table.hand_size == 7
    assert [len(h) for h in state.hands] == [7, 7, 7, 7]
    assert state.upcard is not None and len(state.kitty) == 3
    assert state.options["standard"]["deck"] == "deck32"
    assert state.config.origins["standard.deck"] == "rule seven-card-deal"


def test_four_tricks_of_seven_make_one_point():
    scored = hand_of_hearts([L, L, R, R, D, D, P])
    assert scored.tricks[L] + scored.tricks[R] == 4
    assert (scored.outcome, scored.points) == ("make", (0, 1, 0, 1))


def test_three_tricks_of_seven_are_a_euchre():
    scored = hand_of_hearts([L, L, R, D, D, P, P])
    assert (scored.outcome, scored.points) == ("euchre", (2, 0, 2, 0))


def test_all_seven_tricks_are_a_march():
    scored = hand_of_hearts([L, R, L, R, L, R, L])
    assert (scored.outcome, scored.points) == ("march", (0, 2, 0, 2))


def test_six_of_seven_is_only_a_make():
    scored = hand_of_hearts([L, R, L, R, L, R, P])
    assert (scored.outcome, scored.points) == ("make", (0, 1, 0, 1))


def test_conflicts_with_another_pack_and_needs_enough_cards():
    with pytest.raises(ConfigError, match="deck-28"):
        load_variant("standard", rules=[*RULE, "deck-28"])
    with pytest.raises(ConfigError, match="contradicts plugin 'seven-card-deal'"):
        load_variant("standard", rules=RULE, options=["standard.deck=deck24"])
    with pytest.raises(ConfigError, match="too small"):
        load_variant("standard", rules=RULE, players=5)


def test_with_the_benny_33_cards_leave_four_face_down():
    state = new_game("standard", seed=1, rules=[*RULE, "benny"])
    assert len(state.table.deck) == 33
    assert state.upcard is not None and len(state.kitty) == 4


def test_conformance():
    check_variant("standard", rules=RULE, hands=300, seed="seven")

"""HR-REDEAL-WEAK-HAND (``weak-hand-redeal``): a hopeless hand may be shown for a new
deal, per ``weak_hand_rule``. Seats: D = 0, L = 1, P = 2, R = 3."""

from __future__ import annotations

import pytest
from euchre_plugins.house.weak_hand_redeal import WeakHandShown, qualifies
from helpers import D, L, P, R, make_deal, run

from euchre_core import ConfigError, Phase, load_variant, new_game, new_hand
from euchre_core.cards import Suit, cards
from euchre_core.events import PassedOut
from euchre_core.testing import check_variant, events_of

RULE = ["weak-hand-redeal"]


def legal_text(state) -> set[str]:
    return {str(a) for a in state.legal_actions()}


def pass_until(state, seat: int):
    """The seats before ``seat`` are asked too and, without a weak hand, may only pass."""
    while state.to_act != seat:
        assert state.decision is not None and state.decision.kind == "redeal"
        assert legal_text(state) == {"pass"}
        run(state, "pass")
    return state


def with_rule(how: str) -> dict[str, str]:
    return {"weak-hand-redeal.weak_hand_rule": how}


MCEVOY = {P: "9S TS 9D TD 9H"}


def test_mcevoy_is_claimed_before_the_first_call_and_the_same_dealer_deals_again():
    state = new_game("standard", deals=[make_deal(MCEVOY, up="9C")], dealer=D, seed=1, rules=RULE)
    assert state.phase is Phase.PREPARE and state.to_act == L  # every seat is asked
    pass_until(state, P)
    assert legal_text(state) == {"redeal", "pass"}
    run(state, "redeal")
    shown = events_of(state, WeakHandShown)
    assert (
        len(shown) == 1
        and shown[0].seat == P
        and sorted(shown[0].cards) == sorted(cards("9S TS 9D TD 9H"))
    )
    passed = events_of(state, PassedOut)
    assert passed and passed[0].same_dealer and "seat 2 showed a weak hand" in passed[0].reason
    assert state.scores == [0, 0, 0, 0]
    assert state.dealer == D and state.hand_number == 1


def test_mcevoy_declined_the_bidding_starts():
    state = new_hand("standard", make_deal(MCEVOY, up="9C"), dealer=D, rules=RULE)
    run(state, "pass, pass, pass, pass")
    assert state.phase is Phase.BIDDING and state.to_act == L


def test_mcevoy_once_per_player_per_match():
    state = new_game(
        "standard",
        deals=[make_deal(MCEVOY, up="9C"), make_deal(MCEVOY, up="9C")],
        dealer=D,
        seed=1,
        rules=RULE,
    )
    run(pass_until(state, P), "redeal")
    assert state.hand_number == 1
    run(state, "pass")  # L
    assert state.to_act == R  # the same hand again: P is not asked twice
    run(state, "pass, pass")
    assert state.phase is Phase.BIDDING


def test_nine_ten_no_trump_needs_no_card_of_the_upcards_suit():
    hands = {R: "9S TS 9D TD TC"}
    state = new_hand(
        "standard",
        make_deal(hands, up="9H"),
        dealer=D,
        rules=RULE,
        options=with_rule("nine_ten_no_trump"),
    )
    assert "redeal" in legal_text(pass_until(state, R))
    state = new_hand(
        "standard",
        make_deal(hands, up="9C"),
        dealer=D,
        rules=RULE,
        options=with_rule("nine_ten_no_trump"),
    )
    pass_until(state, R)
    assert legal_text(state) == {"pass"}  # TC is of the up-card's suit


def test_ace_no_face_is_a_misdeal_and_the_deal_passes_left():
    hands = {L: "AS 9S TD 9H TC"}
    state = new_game(
        "standard",
        deals=[make_deal(hands, up="9C")],
        dealer=D,
        seed=2,
        rules=RULE,
        options=with_rule("ace_no_face"),
    )
    assert state.to_act == L
    run(state, "redeal")
    passed = events_of(state, PassedOut)
    assert passed and not passed[0].same_dealer
    assert state.dealer == L


def test_qualifying_hands():
    assert qualifies(cards("9S TS 9D TD 9H"), "mcevoy", None)
    assert not qualifies(cards("9S TS 9D TD JH"), "mcevoy", None)
    assert qualifies(cards("AS 9S TD 9H TC"), "ace_no_face", None)
    assert not qualifies(cards("AS KS TD 9H TC"), "ace_no_face", None)
    assert not qualifies(cards("9S TS 9D TD 9H"), "ace_no_face", None)  # no ace
    assert qualifies(cards("9S TS 9D TD TC"), "no_ace_no_face_no_trump", Suit.HEARTS)
    assert not qualifies(cards("9S TS 9D TD 9H"), "no_ace_no_face_no_trump", Suit.HEARTS)


def test_benny_turned_up_leaves_no_claim():
    deal = make_deal(
        {P: "9S TS 9D TD 9H"},
        up="JK",
        deck=cards("9C TC JC QC KC AC 9S TS JS QS KS AS 9H TH JH QH KH AH 9D TD JD QD KD AD JK"),
    )
    state = new_hand("standard", deal, dealer=D, rules=["benny", *RULE])
    assert state.decision is not None and state.decision.kind == "call"


def test_conflicts_with_farmers_hand():
    with pytest.raises(ConfigError, match="conflicts with plugin 'farmers-hand'"):
        load_variant("standard", rules=[*RULE, "farmers-hand"])


@pytest.mark.parametrize(
    "how", ["mcevoy", "nine_ten_no_trump", "ace_no_face", "no_ace_no_face_no_trump"]
)
def test_conformance(how):
    check_variant("standard", rules=RULE, options=with_rule(how), hands=300, seed=how)

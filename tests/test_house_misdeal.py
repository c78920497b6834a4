"""HR-MISDEAL (``misdeal``): a deal that breaks the rules of the table (a wrong card
count, an imperfect pack, no up-card) may be called a misdeal, and ``misdeal_redealer``
says who deals again. Seats: D = 0, L = 1, P = 2, R = 3."""

from __future__ import annotations

import pytest
from euchre_plugins.house.misdeal import MisdealCalled
from helpers import D, L, make_deal, run

from euchre_core import Deal, Phase, new_game, new_hand
from euchre_core.events import PassedOut
from euchre_core.testing import check_variant, events_of

RULE = ["misdeal"]


def legal_text(state) -> set[str]:
    return {str(a) for a in state.legal_actions()}


def short_hand() -> Deal:
    """Seat 3 was dealt four cards; the fifth lies in the kitty."""
    good = make_deal({}, up="9C")
    hands = [list(h) for h in good.hands]
    extra = hands[3].pop()
    return Deal.of(hands, [*good.kitty, extra], good.upcard)


def no_upcard() -> Deal:
    good = make_deal({}, up="9C")
    return Deal.of(good.hands, [*good.kitty, good.upcard], None)


def redealer(how: str) -> dict[str, str]:
    return {"misdeal.misdeal_redealer": how}


def test_a_wrong_card_count_must_be_called_and_the_same_dealer_deals_again():
    state = new_game("standard", deals=[short_hand()], dealer=D, seed=1, rules=RULE)
    assert state.phase is Phase.PREPARE and state.to_act == L
    assert legal_text(state) == {"misdeal"}  # the hand cannot be played
    run(state, "misdeal")
    called = events_of(state, MisdealCalled)
    assert called and called[0].seat == L and "seat 3 was dealt 4 cards, not 5" in called[0].problem
    passed = events_of(state, PassedOut)
    assert passed[0].same_dealer and passed[0].reason.startswith("misdeal")
    assert state.dealer == D and state.scores == [0, 0, 0, 0]
    assert [len(h) for h in state.hands] == [5, 5, 5, 5]  # the new deal is a proper one


def test_next_dealer_the_misdeal_loses_the_deal():
    state = new_game(
        "standard",
        deals=[short_hand()],
        dealer=D,
        seed=1,
        rules=RULE,
        options=redealer("next_dealer"),
    )
    run(state, "misdeal")
    assert state.dealer == L


def test_same_once_then_next_a_second_misdeal_in_a_row_loses_the_deal():
    state = new_game(
        "standard",
        deals=[short_hand(), short_hand(), short_hand()],
        dealer=D,
        seed=1,
        rules=RULE,
        options=redealer("same_once_then_next"),
    )
    run(state, "misdeal")
    assert state.dealer == D
    run(state, "misdeal")
    assert state.dealer == L
    run(state, "misdeal")
    assert state.dealer == L  # the new dealer's first misdeal


def test_a_playable_irregularity_may_be_let_stand():
    state = new_hand("standard", no_upcard(), dealer=D, rules=RULE)
    assert legal_text(state) == {"misdeal", "pass"}
    run(state, "pass, pass, pass, pass")
    assert state.phase is Phase.BIDDING and state.to_act == L


def test_a_proper_deal_is_never_a_misdeal():
    state = new_hand("standard", make_deal({}, up="9C"), dealer=D, rules=RULE)
    assert state.phase is Phase.BIDDING


def test_a_farmers_misdeal_follows_the_redealer_option():
    hands = {1: "9S 9D 9H AS KS", 2: "TS TD TH AD KD"}
    deal = make_deal(hands, up="AC")
    for how, dealer in (("same_dealer", D), ("next_dealer", L)):
        state = new_game(
            "standard",
            deals=[deal],
            dealer=D,
            seed=3,
            rules=["farmers-hand", *RULE],
            options={"farmers-hand.several_claimants": "misdeal", **redealer(how)},
        )
        run(state, "farmer 9D 9H 9S, farmer TD TH TS, pass, pass")  # every seat is asked
        assert events_of(state, PassedOut)[0].reason.startswith("misdeal")
        assert state.dealer == dealer


@pytest.mark.parametrize("how", ["same_dealer", "next_dealer", "same_once_then_next"])
def test_conformance(how):
    check_variant("standard", rules=RULE, options=redealer(how), hands=300, seed=how)

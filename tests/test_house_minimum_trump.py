"""HR-MINTRUMP (``minimum-trump``): making trump needs a natural trump (EC-14)."""

from __future__ import annotations

from helpers import D, L, P, R, make_deal, run

from euchre_core import Suit, new_hand, pack
from euchre_core.actions import ORDER, PASS, Call, PickUp
from euchre_core.testing import check_variant

RULE = ["minimum-trump"]


def ec14_deal():
    """Up-card TS; L holds the left bower JC but no spade; D holds no spade either."""
    return make_deal(
        {
            D: "9C TC QC KC AC",
            L: "JC AH KH QH AD",
            P: "9S JS QS KS AS",
            R: "9D TD JD QD KD",
        },
        up="TS",
        kitty="9H TH JH",
    )


def test_ec14_left_bower_alone_does_not_allow_ordering_up():
    state = new_hand("standard", ec14_deal(), dealer=D, rules=RULE)
    assert state.to_act == L
    assert ORDER not in state.legal_actions()
    assert state.legal_actions() == (PASS,)
    reason = state.why_not(ORDER)
    assert reason is not None
    assert "minimum trump" in reason and "left bower JC" in reason


def test_ec14_without_the_rule_the_left_bower_may_order_up():
    state = new_hand("standard", ec14_deal(), dealer=D)
    assert ORDER in state.legal_actions()


def test_ec14_dealer_counts_the_upcard_and_may_take_up_without_a_spade():
    state = run(new_hand("standard", ec14_deal(), dealer=D, rules=RULE), "pass, pass, pass")
    assert state.to_act == D
    assert ORDER in state.legal_actions()


def test_dealer_counts_upcard_false_bars_the_dealer_without_a_spade():
    state = new_hand(
        "standard",
        ec14_deal(),
        dealer=D,
        rules=RULE,
        options={"minimum-trump.dealer_counts_upcard": False},
    )
    run(state, "pass, pass, pass")
    assert state.to_act == D
    assert ORDER not in state.legal_actions()


def test_a_natural_trump_allows_ordering_up():
    state = run(new_hand("standard", ec14_deal(), dealer=D, rules=RULE), "pass")
    assert state.to_act == P
    assert ORDER in state.legal_actions()


def test_round_two_names_only_suits_with_a_natural_trump():
    """In round 2 JC is a natural club for L; P, holding only spades, may name nothing."""
    state = run(new_hand("standard", ec14_deal(), dealer=D, rules=RULE), "pass, pass, pass, pass")
    assert state.to_act == L
    calls = {a.suit.value for a in state.legal_actions() if isinstance(a, Call)}
    assert calls == {"C", "D", "H"}
    run(state, "pass")
    assert state.to_act == P
    assert state.legal_actions() == (PASS,)
    reason = state.why_not(Call(Suit.HEARTS))
    assert reason is not None and "natural trump" in reason and "heart" in reason


def spade_dealer_deal():
    """D holds five spades and nothing else; the up-card AS is turned down, so in round 2
    D has no natural trump in any suit he may name."""
    return make_deal(
        {D: "9S TS JS QS KS", L: "9C TC JC QC KC", P: "9D TD JD QD KD", R: "9H TH JH QH KH"},
        up="AS",
        kitty="AC AD AH",
    )


def test_hr_std_stuck_dealer_is_exempt_and_always_has_a_call():
    """HR-STD × HR-MINTRUMP (project decision): the stuck dealer may name any suit."""
    state = new_hand("standard", spade_dealer_deal(), dealer=D, rules=["stick-the-dealer", *RULE])
    run(state, "pass, pass, pass, pass, pass, pass, pass")
    assert state.to_act == D
    assert {a.suit.value for a in state.legal_actions() if isinstance(a, Call)} == {"C", "D", "H"}
    assert PASS not in state.legal_actions()
    assert state.why_not(Call(state.deal.hands[L][0].suit)) is None
    run(state, "call D")
    assert state.contract is not None and state.contract.maker == D


def test_without_stick_the_dealer_a_dealer_without_natural_trump_may_only_pass():
    state = new_hand("standard", spade_dealer_deal(), dealer=D, rules=RULE)
    run(state, "pass, pass, pass, pass, pass, pass, pass")
    assert state.to_act == D
    assert state.legal_actions() == (PASS,)


def test_the_rule_changes_who_makes_and_the_score():
    """Without the rule L orders up on the left bower alone and is euchred (D+P +2); with
    it L must pass, P orders up with five spades and D+P score as makers."""
    plain = run(new_hand("standard", ec14_deal(), dealer=D), "order, discard 9C")
    while not plain.is_over:
        plain.apply(plain.legal_actions()[0])
    scored = plain.hand_records[-1]
    assert scored.makers == (L, R)
    assert scored.outcome == "euchre" and scored.points == (2, 0, 2, 0)

    ruled = new_hand("standard", ec14_deal(), dealer=D, rules=RULE)
    run(ruled, "pass, order, discard 9C")
    while not ruled.is_over:
        ruled.apply(ruled.legal_actions()[0])
    scored = ruled.hand_records[-1]
    assert scored.makers == (D, P)
    assert scored.points[D] > 0 and scored.points[L] == 0


def test_optional_pickup_dealer_who_relied_on_the_upcard_must_take_it():
    state = new_hand(
        "standard",
        ec14_deal(),
        dealer=D,
        rules=RULE,
        options={"standard.dealer_pickup": "optional"},
    )
    run(state, "pass, pass, pass, order")
    assert state.upcard_taken
    assert state.decision is not None and state.decision.kind == "discard"
    assert PickUp() not in state.legal_actions()


def test_the_benny_is_a_natural_trump():
    """With ``benny``, L holding the joker but no spade may order up spades."""
    deal = make_deal(
        {D: "9C TC QC KC AC", L: "JK AH KH QH AD", P: "9S JS QS KS AS", R: "9D TD JD QD KD"},
        up="TS",
        kitty="9H TH JH JC",
        deck=pack("9", jokers=1),
    )
    state = new_hand("standard", deal, dealer=D, rules=["benny", *RULE])
    assert ORDER in state.legal_actions()


def test_seeded_playout_accounts_for_every_card_and_ends():
    report = check_variant(
        "standard", rules=["stick-the-dealer", *RULE], hands=120, seed="mintrump"
    )
    assert report.hands >= 120

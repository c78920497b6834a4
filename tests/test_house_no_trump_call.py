"""HR-NOTRUMP-CALL (``no-trump-call``): "no trump" may be named in round 2. Seats: D = 0,
L = 1, P = 2, R = 3."""

from __future__ import annotations

import pytest
from helpers import D, L, R, run, trick

from euchre_core import ConfigError, IllegalActionError, load_variant, new_hand
from euchre_core.testing import check_variant, deal_from_text

RULE = ["no-trump-call"]
FOUR_PASSES = "pass, pass, pass, pass"


def legal_text(state) -> set[str]:
    return {str(a) for a in state.legal_actions()}


def deal():
    # D, L, P, R; up-card 9C
    return deal_from_text(
        ["9S TS 9D TD 9H", "AS AD AH AC KS", "JD QS KD QH KH", "JS JC QC KC TC"],
        kitty="TH JH QD",
        upcard="9C",
    )


def test_no_trump_is_offered_in_round_two_only_alone_too():
    state = new_hand("standard", deal(), dealer=D, rules=RULE)
    assert "call NT" not in legal_text(state)
    run(state, FOUR_PASSES)
    assert {"call NT", "call NT alone"} <= legal_text(state)


def test_at_no_trump_jacks_are_plain_and_the_highest_card_of_the_suit_led_wins():
    state = run(new_hand("standard", deal(), dealer=D, rules=RULE), FOUR_PASSES + ", call NT")
    assert state.contract is not None and state.contract.trump is None
    assert state.contract.maker == L and not state.upcard_taken
    assert trick(state, "L:AS P:QS R:JS D:9S") == L  # JS is a plain spade
    # L leads; P holds JD (a plain diamond, not a bower): must follow diamonds
    state.apply_text("play AD")
    assert legal_text(state) == {"play JD", "play KD"}


def test_no_trump_scores_as_a_normal_make():
    state = run(new_hand("standard", deal(), dealer=D, rules=RULE), FOUR_PASSES + ", call NT")
    for t in ("L:AS P:QS R:JS D:9S", "L:AD P:KD R:QC D:9D", "L:AH P:QH R:KC D:9H"):
        trick(state, t)
    trick(state, "L:AC P:JD R:JC D:TS")
    trick(state, "L:KS P:KH R:TC D:TD")
    assert state.hand_records[-1].outcome == "march"
    assert state.hand_records[-1].points == (0, 2, 0, 2)


def test_stuck_dealer_only():
    state = new_hand(
        "standard",
        deal(),
        dealer=D,
        rules=["stick-the-dealer", *RULE],
        options={"no-trump-call.stuck_dealer_only": True},
    )
    run(state, FOUR_PASSES)
    assert "call NT" not in legal_text(state)
    with pytest.raises(IllegalActionError, match="only the stuck dealer"):
        state.apply_text("call NT")
    run(state, "pass, pass, pass")
    assert state.to_act == D and "call NT" in legal_text(state)


def test_stuck_dealer_only_needs_stick_the_dealer():
    with pytest.raises(ConfigError, match=r"options\.no-trump-call\.stuck_dealer_only"):
        load_variant("standard", rules=RULE, options={"no-trump-call.stuck_dealer_only": True})


def test_lone_no_trump_call_partner_sits_out():
    state = run(new_hand("standard", deal(), dealer=D, rules=RULE), FOUR_PASSES + ", call NT alone")
    assert state.teams is not None and state.teams.sitting_out == frozenset({R})
    assert state.leader == L


def test_conformance():
    check_variant("standard", rules=RULE, hands=300, seed="no-trump-call")
    check_variant("standard", rules=["stick-the-dealer", *RULE], hands=300, seed="ntc-std")

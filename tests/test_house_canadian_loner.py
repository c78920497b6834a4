"""HR-MANDATORY-LONER (``canadian-loner``): in round 1 the dealer's partner may only pass
or order up alone (EC-15)."""

from __future__ import annotations

import pytest
from helpers import D, L, P, R, group_deal, play_groups, run

from euchre_core import load_variant, new_hand
from euchre_core.actions import ORDER, ORDER_ALONE, PASS, Call
from euchre_core.errors import ConfigError
from euchre_core.testing import check_step, check_variant

RULE = ["canadian-loner"]


def test_ec15_dealers_partner_may_only_pass_or_order_alone():
    state = run(new_hand("standard", group_deal([P] * 5, up="9H"), dealer=D, rules=RULE), "pass")
    assert state.to_act == P
    assert set(state.legal_actions()) == {PASS, ORDER_ALONE}
    reason = state.why_not(ORDER)
    assert reason is not None and "order up alone" in reason


def test_other_seats_and_round_two_are_unchanged():
    state = new_hand("standard", group_deal([P] * 5, up="9H"), dealer=D, rules=RULE)
    assert set(state.legal_actions()) == {PASS, ORDER, ORDER_ALONE}  # L
    run(state, "pass, pass")
    assert set(state.legal_actions()) == {PASS, ORDER, ORDER_ALONE}  # R
    run(state, "pass, pass, pass")
    assert state.to_act == P  # round 2: P may name a suit with his partner
    assert any(isinstance(a, Call) and not a.alone for a in state.legal_actions())


def test_with_alone_before_first_lead_the_partner_still_orders_alone():
    state = new_hand(
        "standard",
        group_deal([P] * 5, up="9H"),
        dealer=D,
        rules=RULE,
        options={"standard.alone_timing": "before_first_lead"},
    )
    run(state, "pass")
    assert set(state.legal_actions()) == {PASS, ORDER_ALONE}


def test_pickup_skip_dealer_never_exchanges_after_his_partners_order():
    """HR-MANDATORY-LONER × pick-up skip (default true): D takes nothing and sits out."""
    state = run(
        new_hand("standard", group_deal([P] * 5, up="9H"), dealer=D, rules=RULE),
        "pass, order alone",
    )
    assert not state.upcard_taken
    assert state.teams is not None and state.teams.sitting_out == frozenset({D})
    assert state.active == (L, P, R)
    check_step(state)


def test_without_pickup_skip_the_dealer_exchanges_then_sits_out():
    state = new_hand(
        "standard",
        group_deal([P] * 5, up="9H"),
        dealer=D,
        rules=RULE,
        options={"standard.lone_partner_dealer_skips_pickup": False},
    )
    run(state, "pass, order alone")
    assert state.upcard_taken and state.to_act == D
    assert state.decision is not None and state.decision.kind == "discard"
    run(state, f"discard {state.hands[D][0]}")
    assert state.teams is not None and state.teams.sitting_out == frozenset({D})


def test_the_forced_lone_hand_scores_a_lone_march_four():
    state = run(
        new_hand("standard", group_deal([P] * 5, up="9H"), dealer=D, rules=RULE),
        "pass, order alone",
    )
    assert play_groups(state) == [P] * 5
    assert state.hand_records[-1].outcome == "lone march"
    assert state.hand_records[-1].points == (4, 0, 4, 0)


def test_needs_partnerships():
    with pytest.raises(ConfigError):
        load_variant("standard", rules=RULE, players=3)


def test_seeded_playout_accounts_for_every_card_and_ends():
    def partner_of_dealer_never_orders_with_him(state) -> None:
        if state.phase.value == "bidding" and state.to_act in state.partners_of(state.dealer):
            assert ORDER not in state.legal_actions() or len(state.bids) >= 4

    report = check_variant(
        "standard",
        rules=RULE,
        hands=120,
        seed="canadian",
        extra_check=partner_of_dealer_never_orders_with_him,
    )
    assert report.hands >= 120

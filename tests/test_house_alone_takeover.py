"""HR-ALONE-TAKEOVER (``alone-takeover``): the maker's partner, if he has not passed, may
take the lone hand from him, or go alone when his partner makes trump; the opponents
never play alone. Seats: D = 0, L = 1, P = 2, R = 3."""

from __future__ import annotations

import pytest
from helpers import GROUPS, D, L, P, R, group_deal, ledger_problems, play_groups, run

from euchre_core import ConfigError, Phase, load_variant, new_hand
from euchre_core.testing import check_variant

RULE = ["alone-takeover"]


def legal_text(state) -> set[str]:
    return {str(a) for a in state.legal_actions()}


def discard_last_group_card(state, seat: int) -> None:
    """The dealer buries his card of the last group, so that his up-card (a low trump)
    is played on the last trick, where the queen of hearts beats it."""
    mine = next(c for c in GROUPS[4] if c in state.hands[seat])
    run(state, f"discard {mine}")


def test_partner_takes_the_lone_hand_from_the_maker_who_sits_out():
    state = new_hand("standard", group_deal([R] * 5, up="9H"), dealer=D, rules=RULE)
    run(state, "order alone")  # L, first to speak
    discard_last_group_card(state, D)  # the dealer, an opponent, exchanges as usual
    assert state.decision is not None and state.decision.seat == R
    assert legal_text(state) == {"alone", "pass"}
    run(state, "alone")  # "I take it from you"
    assert state.teams is not None and state.teams.sitting_out == frozenset({L})
    assert state.teams.is_alone(R)
    play_groups(state)
    assert state.hand_records[-1].outcome == "lone march"
    assert state.hand_records[-1].points == (0, 4, 0, 4)
    assert state.hand_records[-1].alone == (R,)


def test_partner_may_decline_and_the_maker_plays_alone():
    state = new_hand("standard", group_deal([L] * 5, up="9H"), dealer=D, rules=RULE)
    run(state, "order alone")
    discard_last_group_card(state, D)
    run(state, "pass")
    assert state.teams is not None and state.teams.sitting_out == frozenset({R})


def test_partner_may_go_alone_when_the_maker_makes_trump_with_him():
    state = new_hand("standard", group_deal([R] * 5, up="9H"), dealer=D, rules=RULE)
    run(state, "order")
    discard_last_group_card(state, D)
    assert state.decision is not None and state.decision.seat == R
    run(state, "alone")
    assert state.teams is not None and state.teams.sitting_out == frozenset({L})


def test_a_partner_who_passed_is_not_asked():
    state = new_hand("standard", group_deal([R] * 5, up="9H"), dealer=D, rules=RULE)
    run(state, "pass, pass, order alone")  # L passed before his partner R ordered alone
    discard_last_group_card(state, D)
    assert state.phase is Phase.PLAY
    assert state.teams is not None and state.teams.sitting_out == frozenset({L})


def test_the_dealer_who_takes_over_takes_the_upcard_and_discards():
    state = new_hand("standard", group_deal([D] * 5, up="9H"), dealer=D, rules=RULE)
    run(state, "pass, order alone")  # P alone: the dealer is left out of the exchange
    assert not state.upcard_taken
    assert state.decision is not None and state.decision.seat == D
    run(state, "alone")
    assert state.upcard_taken and state.decision is not None
    assert state.decision.kind == "discard" and "discard 9H" not in legal_text(state)
    discard_last_group_card(state, D)
    assert state.teams is not None and state.teams.sitting_out == frozenset({P})
    assert not ledger_problems(state)


def test_opponents_of_the_maker_are_never_asked():
    state = new_hand("standard", group_deal([L] * 5, up="9H"), dealer=D, rules=RULE)
    run(state, "order alone")
    discard_last_group_card(state, D)
    run(state, "pass")  # R keeps out of it
    assert state.phase is Phase.PLAY  # neither D nor P was offered a lone hand
    declared = [e.seat for e in state.events if type(e).__name__ == "Declared"]
    assert declared == [R]


def test_presets_maker_or_partner_and_refuses_a_contradiction():
    assert (
        load_variant("standard", rules=RULE).options["standard"]["alone_by"] == "maker_or_partner"
    )
    with pytest.raises(ConfigError, match="contradicts plugin 'alone-takeover'"):
        load_variant("standard", rules=RULE, options=["standard.alone_by=maker"])


@pytest.mark.parametrize("other", ["defend-alone", "anyone-alone", "partners-best"])
def test_conflicts(other):
    with pytest.raises(ConfigError, match="conflicts with plugin"):
        load_variant("standard", rules=[*RULE, other])


def test_conformance():
    check_variant("standard", rules=RULE, hands=300, seed="takeover")
    check_variant(
        "standard",
        rules=RULE,
        options={"standard.lone_partner_dealer_skips_pickup": False},
        hands=300,
        seed="takeover-pickup",
    )

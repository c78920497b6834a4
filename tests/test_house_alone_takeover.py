"""HR-ALONE-TAKEOVER (``alone-takeover``): the maker's partner, if he has not passed, may
take the lone hand from him, or go alone when his partner makes trump; the opponents
never play alone. Seats: D = 0, L = 1, P = 2, R = 3."""

from __future__ import annotations

import pytest
from helpers import GROUPS, D, L, P, R, group_deal, make_deal, play_groups, run, trick

from euchre_core import ConfigError, Phase, card, load_variant, new_hand
from euchre_core.actions import DISCARD, Give
from euchre_core.events import CardGiven
from euchre_core.testing import check_step, check_variant

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
    check_step(state)


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


@pytest.mark.parametrize("other", ["defend-alone", "anyone-alone"])
def test_conflicts(other):
    with pytest.raises(ConfigError, match="conflicts with plugin"):
        load_variant("standard", rules=[*RULE, other])


# With partners-best: the partner who took over plays alone, so he receives the card ----


def takeover_deal():
    """Hearts turned up (9H). L orders alone; his partner R, with the four top trumps and a
    losing 9S, takes the hand over. L holds AS: passed to R, it replaces the 9S."""
    return make_deal(
        {
            D: "9C TC 9D TD QC",
            L: "AS AC KC AD KD",
            P: "TS JC JD KS QS",
            R: "JH AH KH QH 9S",
        },
        up="9H",
        kitty="TH JS QD",
    )


@pytest.mark.parametrize(
    "rules",
    [[*RULE, "partners-best"], ["partners-best", *RULE]],
    ids=["takeover-first", "best-first"],
)
def test_after_a_takeover_the_maker_gives_his_best_to_the_partner_who_plays_alone(rules):
    state = new_hand("standard", takeover_deal(), dealer=D, rules=rules)
    run(state, "order alone, discard 9C")  # L alone; D, an opponent, exchanges
    assert state.decision is not None and state.decision.seat == R
    assert state.decision.kind == "alone"  # asked before anybody passes a card
    run(state, "alone")  # R: "I take it from you"
    assert state.decision is not None and state.decision.kind == "give"
    assert state.to_act == L and state.decision.give_to == R  # the maker, now sitting out
    assert Give(card("AS")) in state.legal_actions()
    run(state, "give AS")
    assert card("AS") in state.hands[R] and card("AS") not in state.hands[L]
    assert state.to_act == R and state.decision is not None
    assert state.decision.kind == "discard"
    assert DISCARD[card("AS").index] not in state.legal_actions()  # not the card received
    run(state, "discard 9S")
    assert state.phase is Phase.PLAY  # one trade only: L is not given a card back
    given = [e for e in state.events if isinstance(e, CardGiven)]
    assert [(e.giver, e.receiver, e.card) for e in given] == [(L, R, card("AS"))]
    assert state.teams is not None and state.teams.sitting_out == frozenset({L})
    assert state.teams.is_alone(R)
    assert sorted(c.code for c in state.hands[R]) == sorted(["JH", "AH", "KH", "QH", "AS"])
    check_step(state)
    assert trick(state, "P:KS R:AS D:QC") == R  # the card received takes a trick
    for plays in ("R:JH D:9H P:JD", "R:AH D:TC P:TS", "R:KH D:9D P:QS", "R:QH D:TD P:JC"):
        trick(state, plays)
    scored = state.hand_records[-1]
    assert scored.alone == (R,)
    assert (scored.outcome, scored.points) == ("lone march", (0, 4, 0, 4))


@pytest.mark.parametrize(
    "rules",
    [[*RULE, "partners-best"], ["partners-best", *RULE]],
    ids=["takeover-first", "best-first"],
)
def test_a_dealer_who_takes_over_exchanges_then_receives_the_makers_best(rules):
    """P orders alone in round 1 (the dealer is left out of the exchange); D takes over:
    he takes the up-card and discards, then P, now sitting out, passes him a card."""
    deal = make_deal(
        {
            D: "JH AH KH QH 9S",
            L: "9C TC 9D TD QC",
            P: "AS AC KC AD KD",
            R: "TS JC JD KS QS",
        },
        up="9H",
        kitty="TH JS QD",
    )
    state = new_hand("standard", deal, dealer=D, rules=rules)
    run(state, "pass, order alone")  # L passes, P orders alone
    assert state.decision is not None and (state.to_act, state.decision.kind) == (D, "alone")
    run(state, "alone")
    assert state.upcard_taken and state.decision is not None
    assert (state.to_act, state.decision.kind) == (D, "discard")  # the exchange first
    run(state, "discard 9S")
    assert state.decision is not None and state.decision.kind == "give"
    assert state.to_act == P and state.decision.give_to == D
    run(state, "give AS")
    assert (state.to_act, state.decision.kind) == (D, "discard")
    assert DISCARD[card("AS").index] not in state.legal_actions()
    run(state, "discard 9H")
    assert state.phase is Phase.PLAY
    assert state.teams is not None and state.teams.sitting_out == frozenset({P})
    assert sorted(c.code for c in state.hands[D]) == sorted(["JH", "AH", "KH", "QH", "AS"])
    check_step(state)
    assert trick(state, "L:9C D:QH R:JC") == D
    for plays in ("D:JH R:JD L:TC", "D:AH R:TS L:9D", "D:KH R:KS L:TD"):
        trick(state, plays)
    assert trick(state, "D:AS R:QS L:QC") == D  # the card received takes the last trick
    assert state.hand_records[-1].alone == (D,)
    assert state.hand_records[-1].points == (4, 0, 4, 0)


def test_conformance():
    check_variant("standard", rules=RULE, hands=300, seed="takeover")
    check_variant(
        "standard",
        rules=RULE,
        options={"standard.lone_partner_dealer_skips_pickup": False},
        hands=300,
        seed="takeover-pickup",
    )
    check_variant("standard", rules=[*RULE, "partners-best"], hands=300, seed="takeover-best")

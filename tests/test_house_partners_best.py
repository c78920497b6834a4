"""HR-PARTNERS-BEST (``partners-best``): a lone player receives one card from the partner
who sits out and discards one (EC-51)."""

from __future__ import annotations

from helpers import D, L, P, R, make_deal, run

from euchre_core import card, new_hand
from euchre_core.actions import DISCARD, Give
from euchre_core.events import CardGiven
from euchre_core.testing import check_step, check_variant

RULE = ["partners-best"]


def ec51_deal():
    """Up-card JS (the right bower if spades are ordered); P orders up alone."""
    return make_deal(
        {D: "9C TC 9D TD 9H", L: "AC KC QC AD KD", P: "AS KS QS TS 9S", R: "AH KH QH JH TH"},
        up="JS",
        kitty="JC JD QD",
    )


def test_ec51_partner_gives_then_the_lone_player_discards_before_the_lead():
    state = run(new_hand("standard", ec51_deal(), dealer=D, rules=RULE), "pass, order alone")
    assert state.decision is not None and state.decision.kind == "give"
    assert state.to_act == D and state.decision.give_to == P
    assert Give(card("JS")) not in state.legal_actions()  # default: D never took JS
    run(state, "give 9H")
    assert state.to_act == P and state.decision is not None
    assert state.decision.kind == "discard"
    assert DISCARD[card("9H").index] not in state.legal_actions()
    run(state, "discard 9S")
    assert state.phase.value == "play" and state.to_act == L
    given = [e for e in state.view(L).events if isinstance(e, CardGiven)]
    assert given and given[0].card is None  # face down for the others
    check_step(state)


def test_ec51_without_pickup_skip_the_dealer_may_pass_the_upcard():
    """HR-PARTNERS-BEST × pick-up skip: D takes JS, discards, then may give it to P."""
    state = new_hand(
        "standard",
        ec51_deal(),
        dealer=D,
        rules=RULE,
        options={"standard.lone_partner_dealer_skips_pickup": False},
    )
    run(state, "pass, order alone, discard 9C")
    assert state.decision is not None and state.decision.kind == "give"
    assert Give(card("JS")) in state.legal_actions()
    run(state, "give JS, discard 9S")
    assert card("JS") in state.hands[P]
    assert state.teams is not None and state.teams.sitting_out == frozenset({D})


def test_the_received_card_changes_the_score():
    """P alone in spades holds JS JC AS KS and a losing 9H. With the rule D passes TS and
    P discards 9H: five trumps, a lone march (4). Without it the 9H loses a trick (1)."""
    deal = make_deal(
        {D: "TS 9S 9C TC 9D", L: "AC KC QC AD KD", P: "JS JC AS KS 9H", R: "AH KH QH JH TH"},
        up="QS",
        kitty="TD JD QD",
    )
    ruled = run(
        new_hand("standard", deal, dealer=D, rules=RULE), "pass, order alone, give TS, discard 9H"
    )
    while not ruled.is_over:
        ruled.apply(ruled.legal_actions()[0])
    assert ruled.hand_records[-1].points == (4, 0, 4, 0)

    plain = run(new_hand("standard", deal, dealer=D), "pass, order alone")
    while not plain.is_over:
        plain.apply(plain.legal_actions()[0])
    assert plain.hand_records[-1].points == (1, 0, 1, 0)


def test_no_trade_without_a_lone_hand():
    state = run(new_hand("standard", ec51_deal(), dealer=D, rules=RULE), "pass, order, discard 9C")
    assert state.phase.value == "play"


def test_a_lone_defender_trades_too():
    state = new_hand("standard", ec51_deal(), dealer=D, rules=[*RULE, "defend-alone"])
    run(state, "pass, order alone")
    # the maker's side first
    assert state.decision is not None and state.decision.kind in ("give", "defend")
    while state.decision is not None and state.decision.kind != "defend":
        state.apply(state.legal_actions()[0])
    assert state.to_act == L
    run(state, "defend alone")
    kinds = []
    while state.phase.value == "prepare":
        kinds.append((state.to_act, state.decision.kind))
        state.apply(state.legal_actions()[0])
    assert (R, "give") in kinds and (L, "discard") in kinds
    assert state.teams is not None and state.teams.sitting_out == frozenset({D, R})
    check_step(state)


def test_seeded_playout_accounts_for_every_card_and_ends():
    hands = trades = 0

    def lone_hands_start_with_five_cards(state) -> None:
        nonlocal trades
        if state.decision is not None and state.decision.kind == "give":
            trades += 1
        if state.phase.value == "play" and not state.tricks and not state.trick:
            assert all(len(state.hands[s]) == 5 for s in state.active)

    for rules in (RULE, [*RULE, "defend-alone"]):
        for skip in (True, False):
            report = check_variant(
                "standard",
                rules=rules,
                options={"standard.lone_partner_dealer_skips_pickup": skip},
                hands=30,
                seed=f"best/{len(rules)}/{skip}",
                extra_check=lone_hands_start_with_five_cards,
            )
            hands += report.hands
    assert hands >= 120 and trades > 0

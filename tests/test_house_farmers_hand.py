"""HR-FARMER (``farmers-hand``): a low hand is swapped for the face-down kitty right after
the deal, before the first call (EC-50)."""

from __future__ import annotations

import random

from euchre_plugins.house.farmers_hand import Farmer, FarmersHandShown
from helpers import D, L, P, R, make_deal, run

from euchre_core import card, cards, new_game, new_hand, pack
from euchre_core.actions import parse_action
from euchre_core.events import BidMade, CardsTaken
from euchre_core.testing import check_step, check_variant

RULE = ["farmers-hand"]


def pass_until(state, seat: int):
    """Every seat is asked; the seats before ``seat``, without a farmer's hand, may only
    pass."""
    while state.to_act != seat:
        assert state.decision is not None and state.decision.kind == "farmer"
        assert [str(a) for a in state.legal_actions()] == ["pass"]
        run(state, "pass")
    return state


def ec50_deal(up: str = "TH"):
    """L holds 9S 9H 9C KD AS; the kitty under the up-card is QC KC AC."""
    return make_deal(
        {L: "9S 9H 9C KD AS", D: "JS QS KS JC 9D", P: "TD JD QD AD TS", R: "JH QH KH AH TC"},
        up=up,
        kitty="QC KC AC",
    )


def test_farmer_action_text_round_trips():
    for text in ("farmer 9C 9H 9S", "farmer redeal"):
        assert str(parse_action(text)) == text
    assert parse_action("farmer 9s 9c 9h") == Farmer(tuple(sorted(cards("9C 9H 9S"))))


def test_ec50_claim_is_offered_first_before_any_bid():
    state = new_hand("standard", ec50_deal(), dealer=D, rules=RULE)
    assert state.phase.value == "prepare" and state.to_act == L
    assert state.decision is not None and state.decision.kind == "farmer"
    assert {str(a) for a in state.legal_actions()} == {"farmer 9C 9H 9S", "pass"}


def test_ec50_the_three_nines_are_shown_and_swapped_for_the_kitty_upcard_untouched():
    state = run(new_hand("standard", ec50_deal(), dealer=D, rules=RULE), "farmer 9C 9H 9S")
    assert sorted(state.hands[L]) == sorted(cards("QC KC AC KD AS"))
    assert sorted(state.kitty) == sorted(cards("9C 9H 9S"))
    assert state.upcard == card("TH") and not state.upcard_taken
    shown = [e for e in state.events if isinstance(e, FarmersHandShown)]
    assert shown == [FarmersHandShown(L, tuple(sorted(cards("9C 9H 9S"))), False)]
    assert shown[0] in state.view(R).events  # public
    taken = [e for e in state.view(R).events if isinstance(e, CardsTaken)]
    assert taken and taken[0].cards is None  # the kitty cards stay hidden from the others
    # the bidding then starts normally, with L
    assert state.phase.value == "bidding" and state.to_act == L
    check_step(state)
    run(state, "pass")
    assert next(e for e in state.events if isinstance(e, BidMade)).seat == L


def test_ec50_no_upcard_suit_bars_the_claim():
    state = new_hand(
        "standard",
        ec50_deal(),
        dealer=D,
        rules=RULE,
        options={"farmers-hand.no_upcard_suit": True},
    )
    assert state.decision is not None and state.decision.kind == "farmer"
    assert state.to_act == L and [str(a) for a in state.legal_actions()] == ["pass"]
    reason = state.why_not(Farmer(tuple(sorted(cards("9C 9H 9S")))))
    assert reason is not None and "hearts" in reason


def test_passing_keeps_the_hand_and_does_not_count_as_a_lone_refusal():
    state = run(
        new_hand(
            "standard",
            ec50_deal(),
            dealer=D,
            rules=[*RULE, "defend-alone"],
            options={"standard.alone_timing": "before_first_lead"},
        ),
        "pass, pass, pass, pass",
    )
    assert sorted(state.hands[L]) == sorted(cards("9S 9H 9C KD AS"))
    assert state.phase.value == "bidding"
    run(state, "order, discard 9D")  # L orders up hearts; D takes up
    assert state.decision is not None and state.decision.kind == "alone"
    assert state.to_act == L  # asked even though L passed the farmer's claim


def test_s000_needs_only_nines_and_tens_and_swaps_any_three():
    deal = make_deal({P: "9C TC 9D TD 9S"}, up="AH")
    state = new_hand(
        "standard", deal, dealer=D, rules=RULE, options={"farmers-hand.farmer_rule": "all_low"}
    )
    pass_until(state, P)
    assert len(state.legal_actions()) == 10 + 1
    run(state, "farmer 9C 9D 9S")
    shown = next(e for e in state.events if isinstance(e, FarmersHandShown))
    assert len(shown.cards) == 5
    check_step(state)


def test_mixed_redeal_four_low_cards_demand_a_redeal_by_the_same_dealer():
    deal = make_deal({R: "9C TC 9D TD AS"}, up="AH")
    state = new_game(
        "standard",
        deals=[deal],
        dealer=D,
        seed=3,
        rules=RULE,
        options={"farmers-hand.farmer_rule": "mixed_redeal"},
    )
    pass_until(state, R)
    assert {str(a) for a in state.legal_actions()} == {"farmer redeal", "pass"}
    run(state, "farmer redeal")
    assert state.hand_records[-1].outcome == "passed out"
    assert state.scores == [0, 0, 0, 0]
    assert state.hand_number == 1 and state.dealer == D


def several_claims_deal():
    return make_deal({L: "9S 9H 9C KD AS", R: "TS TH TC KC AD"}, up="AH")


def test_first_claimant_only_the_first_from_the_dealers_left_counts():
    state = run(
        new_hand("standard", several_claims_deal(), dealer=D, rules=RULE), "farmer 9C 9H 9S"
    )
    assert state.phase.value == "bidding"
    assert sorted(state.hands[R]) == sorted(cards("TS TH TC KC AD"))


def test_several_claimants_misdeal_voids_the_deal():
    state = new_game(
        "standard",
        deals=[several_claims_deal()],
        dealer=D,
        seed=5,
        rules=RULE,
        options={"farmers-hand.several_claimants": "misdeal"},
    )
    run(state, "farmer 9C 9H 9S")
    pass_until(state, R)
    assert state.decision is not None and state.decision.kind == "farmer"
    run(state, "farmer TC TH TS, pass")  # the dealer is asked last
    assert state.hand_records[-1].outcome == "passed out"
    assert state.hand_number == 1 and state.dealer == D


def test_one_claim_under_misdeal_is_swapped_after_everyone_is_asked():
    state = new_hand(
        "standard",
        several_claims_deal(),
        dealer=D,
        rules=RULE,
        options={"farmers-hand.several_claimants": "misdeal"},
    )
    run(state, "farmer 9C 9H 9S, pass, pass, pass")
    assert state.phase.value == "bidding"
    assert card("9C") in state.kitty


def test_the_swap_changes_the_score():
    """L's exchange gives him the top clubs: ordering clubs in round 2 he marches."""
    deal = make_deal(
        {L: "9S 9H 9C KC QC", D: "TS TH TD QS KS", P: "JH QH KH AH TC", R: "9D JD QD KD AD"},
        up="AS",
        kitty="JC AC JS",
    )
    state = run(
        new_hand("standard", deal, dealer=D, rules=RULE),
        "farmer 9C 9H 9S, pass, pass, pass, pass, call C alone",
    )
    assert sorted(state.hands[L]) == sorted(cards("JC AC JS KC QC"))
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    assert state.hand_records[-1].points == (0, 4, 0, 4)


def test_32_card_pack_takes_the_three_cards_under_the_upcard():
    deal = make_deal(
        {L: "7S 7H 7C KD AS"},
        up="AH",
        kitty="QC KC AC 8S 8H 8D 8C 7D JS JH JC",
        deck=pack("7"),
    )
    state = new_hand(
        "standard",
        deal,
        dealer=D,
        rules=RULE,
        options={"standard.deck": "deck32"},
    )
    assert [str(a) for a in state.legal_actions()] == ["pass"]  # three 7s are not one
    deal = make_deal(
        {L: "9S 9H 9C KD AS"},
        up="AH",
        kitty="QC KC AC 8S 8H 8D 8C 7D 7S 7H 7C",
        deck=pack("7"),
    )
    state = run(
        new_hand("standard", deal, dealer=D, rules=RULE, options={"standard.deck": "deck32"}),
        "farmer 9C 9H 9S",
    )
    assert sorted(state.hands[L]) == sorted(cards("QC KC AC KD AS"))
    assert state.kitty[:3] == cards("9C 9H 9S") and len(state.kitty) == 11


def test_seeded_playout_accounts_for_every_card_and_ends():
    hands = claims = 0

    def claim_mostly(state, rng: random.Random):
        nonlocal claims
        legal = state.legal_actions()
        farmer = [a for a in legal if isinstance(a, Farmer)]
        action = farmer[0] if farmer and rng.random() < 0.7 else rng.choice(legal)
        claims += isinstance(action, Farmer)
        return action

    for rule in ("three_low", "all_low", "mixed_redeal"):
        for rules in (RULE, [*RULE, "benny"]):
            report = check_variant(
                "standard",
                rules=rules,
                options={"farmers-hand.farmer_rule": rule},
                hands=25,
                seed=f"farmer/{rule}/{len(rules)}",
                choose=claim_mostly,
            )
            hands += report.hands
    assert hands >= 150 and claims > 0


def test_no_swap_is_offered_when_the_kitty_holds_fewer_than_three_face_down_cards() -> None:
    """Six-player call-ace leaves one face-down card under the up-card: no farmer's swap."""
    from euchre_core.actions import Action
    from euchre_core.state import new_game

    for seed in range(40):
        state = new_game("call-ace-6", seed=seed, rules=["farmers-hand"])
        assert len(state.kitty) < 3
        offered: list[Action] = list(state.legal_actions())
        assert all(type(a).keyword != "farmer" for a in offered), (seed, offered)

"""The interaction matrix of ``house_rules.md``: one test per row whose plugins exist.
Seats: D = 0, L = 1, P = 2, R = 3."""

from __future__ import annotations

import pytest
from helpers import D, L, P, R, group_deal, make_deal, play_groups, run

from euchre_core import JOKER, ConfigError, load_variant, new_game, new_hand, pack
from euchre_core.actions import PASS, Call, Give, Play
from euchre_core.cards import card, cards
from euchre_core.testing import check_variant

PACK25 = pack("9", jokers=1)
FOUR_PASSES = "pass, pass, pass, pass"
SEVEN_PASSES = ", ".join(["pass"] * 7)


# HR-STD × HR-PASSOUT-NOTRUMP / HR-DEALER-FORFEIT / redeal: one all_pass value only


@pytest.mark.parametrize("other", ["no-trump-passout", "dealer-forfeit"])
def test_stick_the_dealer_excludes_the_other_pass_out_rules(other):
    with pytest.raises(ConfigError, match="conflicts with plugin"):
        load_variant("standard", rules=["stick-the-dealer", other])


def test_stick_the_dealer_replaces_the_redeal():
    state = run(
        new_hand("standard", make_deal({}, up="9C"), dealer=D, rules=["stick-the-dealer"]),
        SEVEN_PASSES,
    )
    assert state.to_act == D and PASS not in state.legal_actions()


# HR-STD × HR-MINTRUMP: minimum trump waived for the stuck dealer (project decision)


def test_minimum_trump_is_waived_for_the_stuck_dealer():
    deal = make_deal({D: "9S TS JS QS KS"}, up="9C")
    state = run(
        new_hand("standard", deal, dealer=D, rules=["stick-the-dealer", "minimum-trump"]),
        SEVEN_PASSES,
    )
    calls = {a.suit.value for a in state.legal_actions() if isinstance(a, Call) and a.suit}
    assert calls == {"D", "H", "S"} and PASS not in state.legal_actions()


# HR-BENNY up-card × bidding: no bidding, the dealer is the forced maker


def benny_up_deal():
    return make_deal(
        {D: "9C TC AS KS QS", L: "JH AH KH 9D TD", P: "JD QH TH 9H AD", R: "JC JS AC KC QC"},
        up="JK",
        deck=PACK25,
    )


def test_benny_turned_up_no_bidding_the_dealer_makes_trump():
    state = new_hand("standard", benny_up_deal(), dealer=D, rules=["benny"])
    assert state.decision is not None and state.decision.seat == D and state.decision.blind
    run(state, "call H")
    assert state.bids == [] and state.contract is not None and state.contract.maker == D


# HR-BENNY × HR-MUST-TRUMP: the Benny counts as a trump


def test_the_benny_counts_as_a_trump_under_must_trump():
    deal = make_deal(
        {L: "AH 9S TS QS KS", P: "JK 9D TD QD KD", D: "TC JC QC KC AC"}, up="9C", deck=PACK25
    )
    state = run(
        new_hand("standard", deal, dealer=D, rules=["benny", "must-trump"]),
        "order, discard TC, play AH",
    )
    assert state.legal_actions() == (Play(JOKER),)


# HR-BENNY × no-trump hands: undefined (Q-NT-2); the core's decision: the joker wins


def test_the_benny_wins_a_no_trump_called_hand():
    deal = make_deal(
        {L: "JK 9S TS QS KS", P: "AS 9D TD QD KD", D: "TC JC QC KC AC", R: "AH KH QH JH TH"},
        up="9C",
        deck=PACK25,
    )
    state = run(
        new_hand("standard", deal, dealer=D, rules=["benny", "no-trump-call"]),
        FOUR_PASSES + ", call NT, play JK",
    )
    assert state.contract is not None and state.contract.trump is None
    assert len(state.legal_actions()) == 5  # nobody follows the joker
    for _ in range(3):
        state.apply(state.legal_actions()[0])
    assert state.tricks[-1].winner == L


# HR-DEFEND-ALONE × HR-LONE-EUCHRE-4: a lone maker euchred = 4 either way


@pytest.mark.parametrize("rules", [["defend-alone"], ["defend-alone", "lone-euchre-4"]])
def test_lone_maker_euchred_by_a_lone_defender_is_four_either_way(rules):
    state = new_hand("standard", group_deal([P, P, P, L, L]), dealer=D, rules=rules)
    run(state, FOUR_PASSES + ", call H alone, defend alone")
    assert state.teams is not None and state.teams.sitting_out == frozenset({D, R})
    play_groups(state)
    assert state.hand_records[-1].points == (4, 0, 4, 0)


# HR-SUPER-EUCHRE × HR-LONE-EUCHRE-4: 4, no stacking


def test_super_euchre_and_lone_euchre_4_do_not_stack():
    state = new_hand(
        "standard",
        group_deal([D, D, P, P, D]),
        dealer=D,
        rules=["super-euchre", "lone-euchre-4"],
    )
    run(state, FOUR_PASSES + ", call H alone")
    play_groups(state)
    assert state.hand_records[-1].points == (4, 0, 4, 0)


# HR-ALONE-ANY × HR-DEFEND-ALONE: enable only one


def test_anyone_alone_and_defend_alone_are_exclusive():
    with pytest.raises(ConfigError, match="'anyone-alone' conflicts with plugin 'defend-alone'"):
        load_variant("standard", rules=["anyone-alone", "defend-alone"])


# HR-PARTNERS-BEST × the dealer's pick-up when his partner is alone


def ec51_deal():
    return make_deal(
        {D: "9C TC 9D TD 9H", L: "AC KC QC AD KD", P: "AS KS QS TS 9S", R: "AH KH QH JH TH"},
        up="JS",
        kitty="JC JD QD",
    )


@pytest.mark.parametrize(("choice", "may_pass_upcard"), [("pickup", True), ("decline", False)])
def test_the_upcard_may_be_passed_only_if_the_sitting_out_dealer_took_it(choice, may_pass_upcard):
    state = new_hand(
        "standard",
        ec51_deal(),
        dealer=D,
        rules=["partners-best", "optional-pickup"],
        options={"standard.lone_partner_dealer_skips_pickup": False},
    )
    run(state, f"pass, order alone, {choice}")
    if choice == "pickup":
        run(state, "discard 9C")
    assert state.decision is not None and state.decision.kind == "give"
    assert (Give(card("JS")) in state.legal_actions()) is may_pass_upcard


# HR-MANDATORY-LONER × pick-up skip: the dealer never exchanges


def test_canadian_loner_the_dealer_never_exchanges():
    state = run(
        new_hand("standard", group_deal([P] * 5, up="9H"), dealer=D, rules=["canadian-loner"]),
        "pass, order alone",
    )
    assert not state.upcard_taken and state.phase.value == "play"
    assert state.teams is not None and state.teams.sitting_out == frozenset({D})


# HR-FARMER × kitty: only face-down kitty cards are exchanged, never the up-card


def test_a_farmers_hand_never_takes_the_upcard():
    deal = make_deal({L: "9C 9H 9S AS KD"}, up="TH", kitty="QC KC AC")
    state = run(new_hand("standard", deal, dealer=D, rules=["farmers-hand"]), "farmer 9C 9H 9S")
    assert sorted(state.hands[L]) == sorted(cards("QC KC AC KD AS"))
    assert state.upcard == card("TH") and not state.upcard_taken


# HR-LAPS × HR-TARGET: the surplus is carried into the next game


def test_laps_with_game_to_5_carries_the_surplus():
    state = new_game(
        "standard",
        deals=[group_deal([P] * 5)],
        dealer=D,
        seed=1,
        scores=[3, 0, 3, 0],
        rules=["laps", "target-5"],
    )
    run(state, FOUR_PASSES + ", pass, call H alone")
    play_groups(state)
    assert state.games[0].scores == (7, 0, 7, 0)
    assert state.scores == [2, 0, 2, 0]


# Conformance: every house rule alone and in seeded random applicable combinations ----


def house_rules() -> list[str]:
    from euchre_plugins import BUILTIN

    return sorted(n for n, module in BUILTIN.items() if ".house." in module)


def applicable_combinations(seed: str) -> list[tuple[str, ...]]:
    """Stacks of two to four house rules that load together (their conflicts, presets
    and requirements allow it), drawn from a seeded random source until every house rule
    is in at least one of them."""
    import random

    rng = random.Random(seed)
    rules = house_rules()
    found: list[tuple[str, ...]] = []
    for rule in rules:
        tries = 0
        while not any(rule in combo for combo in found):
            tries += 1
            assert tries < 1_000, f"no applicable combination with {rule}"
            others = rng.sample([r for r in rules if r != rule], rng.randint(1, 3))
            combo = tuple(sorted([rule, *others]))
            try:
                load_variant("standard", rules=combo)
            except ConfigError:
                continue
            found.append(combo)
    return found


COMBINATIONS = applicable_combinations("matrix")


@pytest.mark.slow
@pytest.mark.parametrize("rule", house_rules())
def test_conformance_of_each_house_rule_alone(rule):
    report = check_variant(
        "standard", rules=[rule], hands=1000, seed=f"alone/{rule}", check_illegal=False
    )
    assert report.hands >= 1000


@pytest.mark.slow
@pytest.mark.parametrize("combo", COMBINATIONS, ids="+".join)
def test_conformance_of_random_applicable_combinations(combo):
    report = check_variant(
        "standard", rules=list(combo), hands=1000, seed="+".join(combo), check_illegal=False
    )
    assert report.hands >= 1000


def test_the_random_combinations_cover_every_house_rule():
    assert {r for combo in COMBINATIONS for r in combo} == set(house_rules())
    assert all(2 <= len(combo) <= 4 for combo in COMBINATIONS)

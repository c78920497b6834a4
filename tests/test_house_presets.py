"""House rules that are settings of the standard game (``house_rules.md`` A, B, D, E):
each plugin presets ``standard`` options through ``euchre_option_presets``, and the
config loader keeps one source of truth. Seats: D = 0, L = 1, P = 2, R = 3."""

from __future__ import annotations

import json

import pytest
from euchre_cli.main import app
from helpers import D, L, P, R, group_deal, play_groups, run
from typer.testing import CliRunner

from euchre_core import ConfigError, load_variant, new_game, new_hand
from euchre_core.config import config_from_dict
from euchre_core.testing import check_variant

PRESETS = [
    ("optional-pickup", "dealer_pickup", "optional"),
    ("discard-upcard", "discard_may_be_upcard", True),
    ("round2-any-suit", "round2_exclude_turned_suit", False),
    ("anyone-alone", "alone_by", "any_player"),
    ("lead-left-of-lone", "opening_lead", "left_of_lone"),
    ("lone-euchre-4", "lone_euchre_points", 4),
    ("target-5", "target_score", 5),
    ("target-15", "target_score", 15),
    ("deck-32", "deck", "deck32"),
    ("deck-28", "deck", "deck28"),
]
FOUR_PASSES = "pass, pass, pass, pass"


def legal_text(state) -> set[str]:
    return {str(a) for a in state.legal_actions()}


@pytest.mark.parametrize(("rule", "key", "value"), PRESETS)
def test_the_rule_sets_its_standard_option_and_says_so_as_the_origin(rule, key, value):
    config = load_variant("standard", rules=[rule])
    assert config.options["standard"][key] == value
    assert config.origins[f"standard.{key}"] == f"rule {rule}"


@pytest.mark.parametrize(("rule", "key", "value"), PRESETS)
def test_conformance_of_each_preset_rule(rule, key, value):
    report = check_variant("standard", rules=[rule], hands=300, seed=rule)
    assert report.hands >= 300


# HR-DEALER-OPTIONAL-PICKUP ----------------------------------------------------------


def test_optional_pickup_lets_the_ordered_dealer_leave_the_upcard():
    state = run(
        new_hand("standard", group_deal([L] * 5, up="9H"), dealer=D, rules=["optional-pickup"]),
        "order",
    )
    assert state.decision is not None and state.decision.kind == "pickup"
    assert legal_text(state) == {"pickup", "decline"}
    run(state, "decline")
    assert not state.upcard_taken and state.contract is not None
    assert state.contract.trump is not None and state.contract.trump.value == "H"


# HR-DISCARD-UPCARD ------------------------------------------------------------------


def test_discard_upcard_lets_the_dealer_bury_the_card_just_taken():
    state = run(
        new_hand("standard", group_deal([L] * 5, up="9H"), dealer=D, rules=["discard-upcard"]),
        "order",
    )
    assert "discard 9H" in legal_text(state)
    plain = run(new_hand("standard", group_deal([L] * 5, up="9H"), dealer=D), "order")
    assert "discard 9H" not in legal_text(plain)


# HR-ROUND2-ANY-SUIT -----------------------------------------------------------------


def test_round2_any_suit_offers_the_turned_down_suit():
    state = run(
        new_hand("standard", group_deal([L] * 5), dealer=D, rules=["round2-any-suit"]),
        FOUR_PASSES,
    )
    assert "call C" in legal_text(state)  # the up-card was 9C
    plain = run(new_hand("standard", group_deal([L] * 5), dealer=D), FOUR_PASSES)
    assert "call C" not in legal_text(plain)


# HR-ALONE-ANY -----------------------------------------------------------------------


def test_anyone_alone_a_defender_goes_alone_and_scores_two_for_three_tricks():
    state = new_hand("standard", group_deal([P, P, P, L, L]), dealer=D, rules=["anyone-alone"])
    run(state, FOUR_PASSES + ", call H")  # L names hearts (no 'alone' with the call)
    assert state.decision is not None and state.decision.seat == L  # the maker first
    run(state, "pass")
    assert state.decision is not None and state.decision.seat == P  # a defender
    run(state, "alone")
    assert state.decision is not None and state.decision.seat == R
    run(state, "pass")  # D's side already has its lone player: D is not asked
    assert state.teams is not None and state.teams.sitting_out == frozenset({D})
    play_groups(state)
    assert state.hand_records[-1].points == (2, 0, 2, 0)


def test_anyone_alone_conflicts_with_defend_alone():
    with pytest.raises(ConfigError, match="'anyone-alone' conflicts with plugin 'defend-alone'"):
        load_variant("standard", rules=["anyone-alone", "defend-alone"])


# HR-LEAD-LEFT-OF-LONE ---------------------------------------------------------------


def test_lead_left_of_lone_the_lone_makers_left_leads_or_the_next_active_seat():
    deal = group_deal([L] * 5)
    plain = run(new_hand("standard", deal, dealer=D), FOUR_PASSES + ", call H alone")
    assert plain.leader == L  # dealer's left
    state = run(
        new_hand("standard", deal, dealer=D, rules=["lead-left-of-lone"]),
        "pass, pass, pass, pass, pass, call H alone",
    )
    assert state.contract is not None and state.contract.maker == P
    assert state.leader == R  # the seat on the lone player's left


# HR-LONE-EUCHRE-4 -------------------------------------------------------------------


def test_lone_euchre_4_a_euchred_lone_maker_concedes_four():
    deal = group_deal([L, L, D, D, P])
    for rules, points in (([], 2), (["lone-euchre-4"], 4)):
        state = run(
            new_hand("standard", deal, dealer=D, rules=rules), FOUR_PASSES + ", call H alone"
        )
        play_groups(state)
        assert state.hand_records[-1].outcome == "lone euchre"
        assert state.hand_records[-1].points == (points, 0, points, 0)


# HR-TARGET --------------------------------------------------------------------------


def test_target_5_ends_the_game_at_five():
    state = new_game(
        "standard",
        deals=[group_deal([D] * 5)],
        dealer=D,
        scores=[3, 0, 3, 0],
        rules=["target-5"],
    )
    assert state.table.target == 5
    run(state, FOUR_PASSES + ", pass, call H")
    play_groups(state)
    assert state.is_over and state.result is not None and state.result.winners == (D, P)
    assert state.scores == [5, 0, 5, 0]


def test_target_15_plays_on_past_ten():
    state = new_game(
        "standard", deals=[group_deal([D] * 5)], dealer=D, scores=[9, 0, 9, 0], rules=["target-15"]
    )
    run(state, FOUR_PASSES + ", pass, call H")
    play_groups(state)
    assert state.scores[D] == 11 and not state.is_over


# HR-DECK32 / HR-DECK28 --------------------------------------------------------------


def test_ec33_deck_32_deals_five_each_turns_the_21st_card_and_keeps_eleven_more():
    state = new_game("standard", seed=5, rules=["deck-32"])
    assert len(state.table.deck) == 32
    assert [len(h) for h in state.hands] == [5, 5, 5, 5]
    assert state.upcard is not None and len(state.kitty) == 11
    assert {c.rank for c in state.table.deck} == set("789TJQKA")


def test_deck_28_adds_the_eights():
    state = new_game("standard", seed=5, rules=["deck-28"])
    assert len(state.table.deck) == 28 and len(state.kitty) == 7
    assert "7" not in {c.rank for c in state.table.deck}


def test_deck_32_with_the_benny_is_33_cards():
    assert len(new_game("standard", rules=["deck-32", "benny"]).table.deck) == 33


# The preset mechanism ---------------------------------------------------------------


def test_an_explicit_value_in_a_variant_file_that_contradicts_a_rule_names_both(variant_file):
    path = variant_file(
        "house.toml",
        '[variant]\nextends = "standard"\nplugins = ["target-5"]\n\n'
        "[options.standard]\ntarget_score = 7\n",
    )
    with pytest.raises(ConfigError) as err:
        load_variant(path)
    text = str(err.value)
    assert "house.toml" in text and "options.standard.target_score" in text
    assert "'target-5'" in text and "7" in text and len(text.splitlines()) == 1


def test_a_command_line_value_that_contradicts_a_rule_names_both():
    with pytest.raises(ConfigError) as err:
        load_variant("standard", rules=["lone-euchre-4"], options=["standard.lone_euchre_points=2"])
    assert str(err.value).startswith("command line: -o standard.lone_euchre_points: 2 contradicts")
    assert "'lone-euchre-4'" in str(err.value)


def test_an_explicit_value_equal_to_the_preset_is_fine():
    config = load_variant("standard", rules=["target-5"], options={"standard.target_score": 5})
    assert config.options["standard"]["target_score"] == 5


def test_two_rules_that_preset_the_same_option_differently_name_both():
    with pytest.raises(
        ConfigError, match=r"'target-15' sets standard\.target_score = 15 but plugin 'target-5'"
    ):
        load_variant("standard", rules=["target-5", "target-15"])
    with pytest.raises(
        ConfigError, match=r"'deck-28'.*'seven-card-deal'|'seven-card-deal'.*'deck-28'"
    ):
        load_variant("standard", rules=["seven-card-deal", "deck-28"])


def test_presets_survive_extending_a_loaded_config_and_a_saved_game():
    base = load_variant("standard", rules=["target-5"])
    more = load_variant(base, rules=["laps"])
    assert more.options["standard"]["target_score"] == 5
    assert more.origins["standard.target_score"] == "rule target-5"
    again = config_from_dict(more.to_dict())
    assert again.options["standard"]["target_score"] == 5 and "target-5" in again.plugins


def test_variants_show_names_the_rule_as_the_origin():
    result = CliRunner().invoke(
        app, ["variants", "show", "standard", "--rule", "lone-euchre-4", "--json"]
    )
    assert result.exit_code == 0, result.output
    origins = {o["key"]: o["origin"] for o in json.loads(result.output)["options"]}
    assert origins["standard.lone_euchre_points"] == "rule lone-euchre-4"

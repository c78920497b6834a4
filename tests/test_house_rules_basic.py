"""The first house rules (``house_rules.md``): stick the dealer, dealer forfeit, no-trump
pass-out, defend alone, must trump, super euchre. Seats: D = 0, L = 1, P = 2, R = 3."""

from __future__ import annotations

import pytest
from helpers import D, L, P, R, group_deal, make_deal, play_groups, run

from euchre_core import ConfigError, IllegalActionError, Phase, card, new_game, new_hand
from euchre_core.actions import Play

SEVEN_PASSES = ", ".join(["pass"] * 7)


def legal_text(state) -> set[str]:
    return {str(a) for a in state.legal_actions()}


# HR-STD -----------------------------------------------------------------------------


def test_stuck_dealer_may_not_pass_and_names_another_suit_or_goes_alone():
    state = new_hand("standard", make_deal({}, up="9C"), dealer=D, rules=["stick-the-dealer"])
    run(state, SEVEN_PASSES)
    assert state.to_act == D
    assert legal_text(state) == {f"call {s}" for s in "DHS"} | {f"call {s} alone" for s in "DHS"}
    with pytest.raises(IllegalActionError, match="the dealer is stuck"):
        state.apply_text("pass")


def test_stick_the_dealer_only_applies_to_the_dealers_last_turn():
    state = new_hand("standard", make_deal({}, up="9C"), dealer=D, rules=["stick-the-dealer"])
    run(state, "pass, pass, pass")
    assert "pass" in legal_text(state)  # the dealer in round 1
    run(state, "pass, pass, pass")
    assert "pass" in legal_text(state)  # R in round 2


def test_stuck_dealer_may_name_the_turned_suit_with_the_option():
    state = new_hand(
        "standard",
        make_deal({}, up="9C"),
        dealer=D,
        rules=["stick-the-dealer"],
        options={"stick-the-dealer.stuck_dealer_may_name_turned_suit": True},
    )
    run(state, SEVEN_PASSES)
    assert {"call C", "call C alone"} <= legal_text(state)


def test_stuck_dealers_side_are_ordinary_makers_euchre_is_two():
    state = new_hand("standard", group_deal([L, R, L, P, R]), dealer=D, rules=["stick-the-dealer"])
    run(state, SEVEN_PASSES + ", call H")
    play_groups(state)
    assert state.hand_records[0].points == (0, 2, 0, 2)


# HR-DEALER-FORFEIT -----------------------------------------------------------------


def test_dealer_forfeit_gives_the_opponents_one_and_passes_the_deal():
    state = new_game(
        "standard", deals=[make_deal({}, up="9C")], dealer=D, seed=1, rules=["dealer-forfeit"]
    )
    run(state, SEVEN_PASSES)
    assert "forfeit" in legal_text(state) and "pass" not in legal_text(state)
    with pytest.raises(IllegalActionError, match="name trump or forfeit"):
        state.apply_text("pass")
    run(state, "forfeit")
    assert state.hand_records[0].points == (0, 1, 0, 1)
    assert state.scores == [0, 1, 0, 1]
    assert state.dealer == L


def test_dealer_forfeit_points_option():
    state = new_hand(
        "standard",
        make_deal({}),
        dealer=D,
        rules=["dealer-forfeit"],
        options={"dealer-forfeit.forfeit_points": 2},
    )
    run(state, SEVEN_PASSES + ", forfeit")
    assert state.hand_records[0].points == (0, 2, 0, 2)


# HR-PASSOUT-NOTRUMP ------------------------------------------------------------------


def test_no_trump_passout_has_no_maker_no_pickup_and_eldest_leads():
    state = new_hand("standard", make_deal({}, up="9C"), dealer=D, rules=["no-trump-passout"])
    run(state, SEVEN_PASSES + ", pass")
    assert state.phase is Phase.PLAY
    assert state.contract.maker is None and state.contract.trump is None
    assert not state.upcard_taken and state.active == (D, L, P, R)
    assert state.to_act == L


def test_no_trump_passout_is_not_used_when_someone_makes_trump():
    state = new_hand("standard", group_deal([L, R, L, R, L]), dealer=D, rules=["no-trump-passout"])
    run(state, "pass, pass, pass, pass, call H")
    play_groups(state)
    assert state.hand_records[0].outcome == "march"


# HR-DEFEND-ALONE ---------------------------------------------------------------------


def test_defend_alone_is_offered_only_against_a_lone_maker():
    state = new_hand("standard", make_deal({}, up="9H"), dealer=D, rules=["defend-alone"])
    run(state, "order alone")
    state.apply(state.legal_actions()[0])  # the dealer's discard
    assert state.decision.kind == "defend" and state.to_act == P
    assert legal_text(state) == {"defend alone", "pass"}


def test_lone_maker_taking_three_against_a_lone_defender_still_scores_one():
    """§10 interactions: 3-4 tricks → 1; all 5 → 4."""
    state = new_hand(
        "standard", group_deal([P, L, P, L, P], up="9H"), dealer=D, rules=["defend-alone"]
    )
    run(state, "pass, order alone, defend alone")
    play_groups(state)
    assert state.hand_records[0].points == (1, 0, 1, 0)
    state = new_hand("standard", group_deal([P] * 5, up="9H"), dealer=D, rules=["defend-alone"])
    run(state, "pass, order alone, defend alone")
    play_groups(state)
    assert state.hand_records[0].points == (4, 0, 4, 0)


def test_nobody_defends_alone_leaves_a_three_handed_lone_hand():
    state = new_hand("standard", make_deal({}, up="9H"), dealer=D, rules=["defend-alone"])
    run(state, "pass, order alone, pass, pass")
    assert state.phase is Phase.PLAY and state.active == (L, P, R)


# HR-MUST-TRUMP -----------------------------------------------------------------------


def must_trump_hand():
    # Hearts named by L; L leads A♠; P has no spade, two trumps (one the left bower).
    deal = make_deal(
        {L: "AS 9C TC QC KC", P: "JD 9H AD KD QD", R: "KS AH TH 9D TD", D: "QS JS JH KH QH"},
        up="9S",
    )
    state = new_hand("standard", deal, dealer=D, rules=["must-trump"])
    return run(state, "pass, pass, pass, pass, call H, play AS")


def test_must_trump_a_void_player_must_trump_with_any_trump_left_bower_included():
    state = must_trump_hand()
    assert state.to_act == P
    assert legal_text(state) == {"play JD", "play 9H"}
    assert state.why_not(Play(card("AD"))) == (
        "cannot play AD: no spades in hand, so a trump must be played (must-trump), holds JD 9H"
    )


def test_must_trump_has_no_duty_to_overtrump():
    state = must_trump_hand()
    run(state, "play JD")
    run(state, "play KS")  # R follows suit
    assert legal_text(state) == {"play QS", "play JS"}  # D follows spades
    state2 = must_trump_hand()
    run(state2, "play 9H")  # P trumps low although holding the left bower
    assert state2.trick[-1] == (P, card("9H"))


def test_must_trump_without_trumps_may_discard_anything():
    deal = make_deal(
        {L: "AS 9C TC QC KC", P: "AD KD QD TD 9D", R: "KS AH TH 9H JD", D: "QS JS JH KH QH"},
        up="9S",
    )
    state = new_hand("standard", deal, dealer=D, rules=["must-trump"])
    run(state, "pass, pass, pass, pass, call H, play AS")
    assert legal_text(state) == {f"play {c}" for c in ("AD", "KD", "QD", "TD", "9D")}


def test_without_must_trump_a_void_player_may_play_anything():
    deal = make_deal(
        {L: "AS 9C TC QC KC", P: "JD 9H AD KD QD", R: "KS AH TH 9D TD", D: "QS JS JH KH QH"},
        up="9S",
    )
    state = new_hand("standard", deal, dealer=D)
    run(state, "pass, pass, pass, pass, call H, play AS")
    assert len(state.legal_actions()) == 5


# HR-SUPER-EUCHRE ---------------------------------------------------------------------


def test_super_euchre_needs_zero_tricks_and_its_points_option():
    state = new_hand(
        "standard",
        group_deal([D, P, D, P, D]),
        dealer=D,
        rules=["super-euchre"],
        options={"super-euchre.points": 3},
    )
    run(state, "pass, pass, pass, pass, call H")
    play_groups(state)
    assert state.hand_records[0].points == (3, 0, 3, 0)
    assert state.hand_records[0].outcome == "super euchre"


def test_super_euchre_leaves_makes_and_marches_alone():
    state = new_hand("standard", group_deal([L, R, L, R, L]), dealer=D, rules=["super-euchre"])
    run(state, "pass, pass, pass, pass, call H")
    play_groups(state)
    assert state.hand_records[0].points == (0, 2, 0, 2)


def test_house_rules_that_conflict_are_refused():
    for pair in (
        ("stick-the-dealer", "dealer-forfeit"),
        ("stick-the-dealer", "no-trump-passout"),
        ("dealer-forfeit", "no-trump-passout"),
    ):
        with pytest.raises(ConfigError, match="conflicts with"):
            new_game("standard", rules=pair)

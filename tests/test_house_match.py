"""HR-LAPS (``laps``), HR-SLAM (``slam``) and HR-RUBBER (``rubber``): a match of several
games, played in one state (``GameResult.next_scores``, ``GameWon``, ``state.games``),
EC-30. Seats: D = 0, L = 1, P = 2, R = 3."""

from __future__ import annotations

import pytest
from euchre_plugins.house.match import rubber_points
from helpers import D, P, group_deal, play_groups, run

from euchre_core import ConfigError, load_variant, new_game, new_hand
from euchre_core.events import GameOver, GameWon
from euchre_core.testing import check_variant, events_of


def p_lone_march(state) -> None:
    """P names hearts alone in round 2 (whoever deals) and takes every trick."""
    before = (P - state.dealer - 1) % 4
    run(state, ", ".join(["pass"] * (4 + before) + ["call H alone"]))
    play_groups(state)


def p_march(state) -> None:
    before = (P - state.dealer - 1) % 4
    run(state, ", ".join(["pass"] * (4 + before) + ["call H"]))
    play_groups(state)


def game(rules, scores, hands=1, **kw):
    return new_game(
        "standard",
        deals=[group_deal([P] * 5)] * hands,
        dealer=D,
        seed=1,
        scores=scores,
        rules=rules,
        **kw,
    )


# HR-LAPS ----------------------------------------------------------------------------


def test_ec30_without_laps_the_surplus_is_lost_and_the_game_ends():
    state = game([], [8, 0, 8, 0])
    p_lone_march(state)
    assert state.is_over and state.scores == [12, 0, 12, 0]
    assert state.result is not None and state.result.winners == (D, P)


def test_ec30_with_laps_the_next_game_starts_two_nil():
    state = game(["laps"], [8, 0, 8, 0])
    p_lone_march(state)
    assert not state.is_over
    assert len(state.games) == 1
    won = state.games[0]
    assert won.winners == (D, P) and won.scores == (12, 0, 12, 0)
    assert won.next_scores == (2, 0, 2, 0)
    assert state.scores == [2, 0, 2, 0]
    assert events_of(state, GameWon) == [won] and not events_of(state, GameOver)
    assert state.hand_number == 1  # the next game's first deal


def test_laps_the_match_ends_when_a_side_has_won_its_games():
    state = game(["laps", "target-5"], [3, 0, 3, 0], hands=3)
    p_lone_march(state)  # 7: game 1, next game 2-0
    assert state.scores == [2, 0, 2, 0]
    p_lone_march(state)  # 6: game 2, the match
    assert state.is_over and state.result is not None
    assert state.result.winners == (D, P)
    assert "won the match 2 games to 0" in state.result.reason
    assert len(state.games) == 1


def test_laps_exact_target_carries_nothing():
    state = game(["laps"], [8, 0, 8, 0])
    p_march(state)
    assert state.games[0].next_scores == (0, 0, 0, 0)


# HR-SLAM ----------------------------------------------------------------------------


def test_slam_a_game_won_before_the_losers_score_counts_two_and_wins_the_match():
    state = game(["slam"], [8, 0, 8, 0])
    p_march(state)
    assert state.is_over and state.result is not None
    assert state.result.winners == (D, P) and "slam" in state.result.reason
    assert "2 games to 0" in state.result.reason


def test_slam_no_slam_when_the_losers_scored():
    state = game(["slam"], [8, 1, 8, 1])
    p_march(state)
    assert not state.is_over and state.games[0].next_scores == (0, 0, 0, 0)


def test_match_length_must_agree():
    with pytest.raises(ConfigError, match=r"options\.slam\.games_to_win"):
        load_variant("standard", rules=["laps", "slam"], options={"slam.games_to_win": 3})
    with pytest.raises(ConfigError, match="contradicts plugin 'rubber'"):
        load_variant("standard", rules=["laps", "rubber"], options={"laps.games_to_win": 3})
    config = load_variant(
        "standard", rules=["laps", "slam"], options={"laps.games_to_win": 3, "slam.games_to_win": 3}
    )
    assert config.options["laps"]["games_to_win"] == 3


# HR-RUBBER --------------------------------------------------------------------------


@pytest.mark.parametrize(("system", "margin"), [("laws1888", 5), ("bicycle", 7)])
def test_rubber_two_games_to_nil_and_its_rubber_points(system, margin):
    state = game(
        ["rubber", "target-5"], [3, 1, 3, 1], hands=3, options={"rubber.rubber_system": system}
    )
    p_lone_march(state)  # game 1: 7 to 1
    assert state.games[0].next_scores == (0, 0, 0, 0)
    p_lone_march(state)
    p_lone_march(state)  # game 2: 8 to 0
    assert state.is_over and state.result is not None
    assert state.result.winners == (D, P)
    assert state.result.extra["rubber_margin"] == margin
    assert f"by {margin} rubber points ({system})" in state.result.reason


def test_rubber_points_of_a_game():
    one = load_variant("standard", rules=["rubber"])
    state = new_game(one)
    side = (0, 2)
    assert [
        rubber_points("laws1888", sc, side, state) for sc in ((10, 0, 10, 0), (10, 4, 10, 4))
    ] == [2, 1]
    values = [rubber_points("bicycle", (10, x, 10, x), side, state) for x in (0, 1, 2, 3, 9)]
    assert values == [3, 2, 2, 1, 1]


def test_rubber_with_slam_a_slam_wins_the_rubber_at_once():
    state = game(["rubber", "slam"], [8, 0, 8, 0])
    p_march(state)
    assert state.is_over and state.result is not None
    assert state.result.extra["rubber_margin"] == 4  # laws1888: 2 for the game + 2


def test_hand_limit_ends_a_match_with_the_game_result():
    one = new_hand("standard", group_deal([P] * 5), dealer=D, scores=[8, 0, 8, 0], rules=["laps"])
    p_lone_march(one)
    assert one.is_over and one.result is not None and one.result.winners == (D, P)
    assert "hand limit reached before the match ended" in one.result.reason


@pytest.mark.parametrize("rules", [["laps"], ["slam"], ["rubber"], ["laps", "slam", "rubber"]])
def test_conformance(rules):
    check_variant("standard", rules=rules, hands=300, seed="-".join(rules))

"""``euchre compare`` across the bidding games of the family: Five Hundred against itself
under other options, and Bid euchre against Pepper (the same 24 cards, six each): the
deals are paired and the figures make sense for games scored in tens of points."""

from __future__ import annotations

import math

from euchre_cli.main import app
from typer.testing import CliRunner

from euchre_core.analysis.compare import Comparison, compare, pairing
from euchre_core.analysis.sim import game_seed
from euchre_core.config import load_variant
from euchre_core.state import State

LOWER_TARGET = "five-hundred:five-hundred.target_score=250"


def value(c: Comparison, name: str, rule_set: int) -> float:
    m = next(m for m in c.metrics if m.name == name)
    e = m.values[rule_set]
    assert e is not None, name
    return e.value


def first_hands(c: Comparison, rule_set: int) -> dict[int, tuple[object, ...]]:
    """Per game, what happened in its first hand (scores are 0 under every rule set)."""
    return {
        h.game: (h.dealer, h.makers, h.level, h.tricks, h.points)
        for h in c.hands[rule_set]
        if h.hand == 0
    }


def test_five_hundred_under_another_target_plays_the_same_deals() -> None:
    c = compare(["five-hundred", LOWER_TARGET], games=8, bots=["heuristic"], seed=3)
    assert c.all_paired
    assert first_hands(c, 0) == first_hands(c, 1)  # the same deal, the same play
    dealers = {(h.game, h.hand): h.dealer for h in c.hands[0]}
    assert all(dealers[(h.game, h.hand)] == h.dealer for h in c.hands[1])


def test_five_hundred_against_itself_differs_by_exactly_zero() -> None:
    c = compare(["five-hundred", "five-hundred"], games=6, bots=["heuristic"], seed=1)
    checked = 0
    for m in c.metrics:
        d = m.differences[1]
        assert d is not None
        if not math.isnan(d.value):
            assert (d.value, d.low, d.high) == (0.0, 0.0, 0.0), m.name
            checked += 1
    assert checked >= 8


def test_five_hundreds_figures_are_those_of_a_game_of_hundreds_of_points() -> None:
    c = compare(["five-hundred", LOWER_TARGET], games=20, bots=["heuristic"], seed=1)
    # Contracts are worth 40 to 520 and the defenders score 10 a trick.
    assert 20 < value(c, "maker_points_per_hand", 0) < 200
    assert 10 < value(c, "defender_points_per_hand", 0) < 60
    assert 0.4 < value(c, "maker_success_rate", 0) < 0.95
    # Half the target: shorter games, won by less.
    assert value(c, "hands_per_game", 1) < value(c, "hands_per_game", 0)
    assert 0 < value(c, "final_margin", 1) < value(c, "final_margin", 0)
    for m in c.metrics:
        for e in m.values:
            if e is not None and m.percent:
                assert 0.0 <= e.low <= e.value <= e.high <= 1.0, m.name


def test_the_compare_command_runs_five_hundred_rule_sets_and_says_they_are_paired() -> None:
    result = CliRunner().invoke(
        app, ["compare", "five-hundred", LOWER_TARGET, "--games", "4", "--ascii"]
    )
    assert result.exit_code == 0, result.output
    assert "paired: every rule set played the same deals" in result.output
    assert "five-hundred.target_score=250" in result.output
    assert "hands per game" in result.output


def test_bid_euchre_and_pepper_are_dealt_the_same_cards() -> None:
    bid, pepper = load_variant("bid-euchre"), load_variant("pepper")
    assert pairing(bid, pepper) == (True, "")
    for g in range(5):
        a, b = State(bid, seed=game_seed(0, g)), State(pepper, seed=game_seed(0, g))
        assert (a.first_dealer, a.deal) == (b.first_dealer, b.deal)


def test_the_compare_command_pairs_bid_euchre_with_pepper() -> None:
    c = compare(["bid-euchre", "pepper"], games=8, bots=["heuristic"], seed=3)
    assert c.all_paired
    assert [h.dealer for h in c.hands[0] if h.hand == 0] == [
        h.dealer for h in c.hands[1] if h.hand == 0
    ]
    # Bid euchre's makers bid at least 3 of 6 and score their tricks; pepper's bids start
    # at 1 and a set costs the bid: each between a set of 6 and a made 6 per hand.
    for i in (0, 1):
        assert -6 < value(c, "maker_points_per_hand", i) < 6
    result = CliRunner().invoke(app, ["compare", "bid-euchre", "pepper", "--games", "3"])
    assert result.exit_code == 0, result.output
    assert "paired: every rule set played the same deals" in result.output

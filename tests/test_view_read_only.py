"""A view cannot change the game: the options and results it carries are read-only.

The reliability probe's finding: a bot that set ``view.options["standard"]["points_make"]
= 10`` won after one hand, and the next game on the same config was played under the
changed rules.
"""

from __future__ import annotations

import copy
import pickle
import random
from collections.abc import Sequence

import pytest

from euchre_core.actions import Action
from euchre_core.analysis.sim import play_game
from euchre_core.config import load_variant
from euchre_core.frozen import FrozenDict, freeze
from euchre_core.state import new_game
from euchre_core.view import PlayerView


class RuleBender:
    """A bot that tries to rewrite the rules through every view it is given."""

    name = "rule-bender"
    uses_view = True

    def __init__(self) -> None:
        self.refused = 0
        self.rng = random.Random(3)

    def choose(self, view: PlayerView | None, legal: Sequence[Action]) -> Action:
        assert view is not None
        for attempt in (
            lambda: view.options["standard"].__setitem__("points_make", 10),
            lambda: view.options.__setitem__("standard", {}),
            lambda: view.options["standard"].update(points_make=10),
            lambda: view.options["standard"].pop("points_make"),
            lambda: view.options.clear(),
        ):
            try:
                attempt()
            except TypeError:
                self.refused += 1
        return legal[self.rng.randrange(len(legal))]


def test_a_bot_cannot_rewrite_the_rules_through_its_view() -> None:
    config = load_variant("standard")
    before = copy.deepcopy(dict(config.options["standard"]))
    bots = [RuleBender() for _ in range(4)]
    state = play_game(config, 1, bots)
    assert all(b.refused > 0 for b in bots)
    assert dict(config.options["standard"]) == before
    # One hand cannot reach the target: a rewritten points_make would have ended it.
    assert state.hand_number > 1
    again = play_game(config, 1, [RuleBender() for _ in range(4)])
    assert [str(a) for _, a in again.actions] == [str(a) for _, a in state.actions]


def test_the_options_of_a_loaded_variant_are_read_only_all_the_way_down() -> None:
    config = load_variant("standard", rules=["stick-the-dealer"])
    assert isinstance(config.options, FrozenDict)
    assert all(isinstance(v, FrozenDict) for v in config.options.values())
    with pytest.raises(TypeError, match="read-only"):
        config.options["standard"]["target_score"] = 5  # type: ignore[index]


def test_a_view_shares_nothing_mutable_with_the_state() -> None:
    state = new_game("standard", seed=4)
    view = state.view(state.to_act)
    assert view.options is state.options
    with pytest.raises(TypeError):
        view.options["standard"]["target_score"] = 1  # type: ignore[index]
    with pytest.raises(AttributeError):
        view.hand = ()  # type: ignore[misc]
    assert isinstance(view.hand, tuple) and isinstance(view.events, tuple)


def test_a_finished_games_result_extras_are_read_only() -> None:
    config = load_variant("standard", rules=["rubber"])
    state = play_game(config, 2, [RuleBender() for _ in range(4)])
    over = state.events[-1]
    assert isinstance(over.extra, FrozenDict)  # type: ignore[attr-defined]
    with pytest.raises(TypeError):
        over.extra["rubber_points"] = 0  # type: ignore[attr-defined]


def test_frozen_mappings_copy_and_pickle_as_frozen_mappings_of_the_same_items() -> None:
    frozen = freeze({"a": {"b": [1, 2]}, "c": {3}})
    assert frozen == {"a": {"b": (1, 2)}, "c": frozenset({3})}
    for twin in (copy.copy(frozen), copy.deepcopy(frozen), pickle.loads(pickle.dumps(frozen))):
        assert isinstance(twin, FrozenDict) and twin == frozen
        assert isinstance(twin["a"], FrozenDict)
    assert hash(freeze({"x": 1})) == hash(freeze({"x": 1}))

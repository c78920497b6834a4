"""A plugin that raises inside a hook surfaces as ``PluginError`` naming the hook and the
plugin, with the original exception kept as the cause."""

from __future__ import annotations

from collections.abc import Generator

import pytest

from euchre_core import PluginError, hookimpl, new_game


class BrokenScorer:
    """A plain implementation that fails when a hand is scored."""

    NAME = "broken-scorer"

    @hookimpl
    def euchre_score_hand(self, state):
        raise ZeroDivisionError("scoring went wrong")


class BrokenWrapper:
    """A wrapper that fails after the rules below it answered."""

    NAME = "broken-wrapper"

    @hookimpl(wrapper=True)
    def euchre_legal_plays(self, state, seat) -> Generator[None, list, list]:
        cards = yield
        if len(state.tricks) == 2:
            raise KeyError("no such card")
        return cards


class BrokenObserver:
    """The only implementation of a hook (called without pluggy's dispatch)."""

    NAME = "broken-observer"

    @hookimpl
    def euchre_on_event(self, state, event):
        if type(event).__name__ == "ContractMade":
            raise RuntimeError("observer crashed")


def play_until_error(plugin) -> PluginError:
    state = new_game("standard", seed=2, extra_plugins=[plugin])
    with pytest.raises(PluginError) as err:
        for _ in range(2000):
            state.apply(state.legal_actions()[-1])
    return err.value


def test_plain_implementation_failure_names_hook_and_plugin():
    err = play_until_error(BrokenScorer())
    assert (err.hook, err.plugin) == ("euchre_score_hand", "broken-scorer")
    assert str(err) == (
        "plugin 'broken-scorer' failed in hook euchre_score_hand: "
        "ZeroDivisionError: scoring went wrong"
    )
    assert isinstance(err.__cause__, ZeroDivisionError)


def test_wrapper_failure_names_hook_and_plugin():
    err = play_until_error(BrokenWrapper())
    assert (err.hook, err.plugin) == ("euchre_legal_plays", "broken-wrapper")
    assert "KeyError" in str(err)
    assert isinstance(err.__cause__, KeyError)


def test_single_implementation_failure_names_hook_and_plugin():
    err = play_until_error(BrokenObserver())
    assert (err.hook, err.plugin) == ("euchre_on_event", "broken-observer")
    assert str(err).endswith("RuntimeError: observer crashed")


def test_errors_survive_the_trip_back_from_a_worker_process() -> None:
    """Simulations and duels run in worker processes: their errors come back pickled."""
    import pickle

    from euchre_core.errors import ConfigError, PluginError, UnknownPluginError

    for err in (
        ConfigError("x.toml", "options.standard.deck", "too small"),
        UnknownPluginError("command line", "--rule foo", "unknown rule 'foo'"),
        PluginError("euchre_score_hand", "mine", ValueError("boom")),
    ):
        back = pickle.loads(pickle.dumps(err))
        assert type(back) is type(err) and str(back) == str(err)


def test_a_search_bot_rebuilds_a_variant_whose_pack_depends_on_its_options() -> None:
    """Five-player call-ace needs the 32-card pack its variant file sets."""
    from euchre_core.bots.sampling import config_from_view
    from euchre_core.state import new_game

    state = new_game("call-ace-5", seed=1)
    config = config_from_view(state.view(state.to_act))
    assert config.options["standard"]["deck"] == state.options["standard"]["deck"]
    assert config.players == 5


class TooManyCards:
    """A table of seven cards a seat from a 24-card pack: standard's deal runs out."""

    NAME = "too-many-cards"

    @hookimpl
    def euchre_table(self, config):
        from euchre_core.cards import pack
        from euchre_core.model import Table

        return Table(4, ((0, 2), (1, 3)), pack("9"), 7, 10)


def test_a_failure_in_standards_shared_rules_names_the_standard_plugin() -> None:
    # standard's implementations hand their work to plain functions (standard_core,
    # compiled in the compiled build): a failure there is still the plugin's.
    with pytest.raises(PluginError) as err:
        new_game("standard", seed=1, extra_plugins=[TooManyCards()])
    assert (err.value.hook, err.value.plugin) == ("euchre_deal", "standard")
    assert isinstance(err.value.__cause__, IndexError)


def test_a_plugin_failing_in_euchre_table_is_named_in_one_line() -> None:
    from euchre_core import ConfigError, hookimpl, load_variant

    class Boom:
        NAME = "boom"

        @hookimpl
        def euchre_table(self, config: object) -> None:
            raise ValueError("oops")

    with pytest.raises(ConfigError) as info:
        load_variant("standard", extra_plugins=[Boom()])
    assert str(info.value).endswith("plugin 'boom' failed in hook euchre_table: ValueError: oops")
    assert "\n" not in str(info.value)


class BrokenAdvice:
    """Advice to the heuristic bot that fails (a plugin writer's bug)."""

    NAME = "broken-advice"

    @hookimpl
    def euchre_bot_advice(self, view, legal):
        if view.phase.value == "play":
            raise IndexError("advice went wrong")
        return None


class IllegalAdvice:
    """Advice of a card that is not among the legal plays."""

    NAME = "illegal-advice"

    @hookimpl
    def euchre_bot_advice(self, view, legal):
        from euchre_core.actions import Play

        if view.phase.value != "play":
            return None
        mine = {a.card for a in legal if isinstance(a, Play)}
        other = next(c for c in view.hand if c not in mine) if len(mine) < len(view.hand) else None
        return (Play(other) if other else "no card"), "because"


class BrokenSides:
    """``euchre_known_sides`` that fails."""

    NAME = "broken-sides"

    @hookimpl
    def euchre_known_sides(self, view):
        raise ValueError("who is with whom?")


def bots_play_until_error(plugin, monkeypatch: pytest.MonkeyPatch) -> PluginError:
    """Heuristic bots play a game with ``plugin``, which they load by its name (as an
    installed plugin is), until the error."""
    from euchre_core import manager
    from euchre_core.bots import heuristic
    from euchre_core.bots.heuristic import HeuristicBot

    monkeypatch.setitem(manager._LOADED, plugin.NAME, plugin)
    monkeypatch.setattr(heuristic, "_VARIANT_RULES", {})
    state = new_game("standard", seed=2, extra_plugins=[plugin])
    bot = HeuristicBot(1)
    with pytest.raises(PluginError) as err:
        for _ in range(2000):
            state.apply(bot.choose(state.view(state.to_act), state.legal_actions()))
    return err.value


@pytest.mark.parametrize(
    ("plugin", "hook", "says"),
    [
        (BrokenAdvice(), "euchre_bot_advice", "IndexError: advice went wrong"),
        (IllegalAdvice(), "euchre_bot_advice", "which is not one of the legal actions"),
        (BrokenSides(), "euchre_known_sides", "ValueError: who is with whom?"),
    ],
)
def test_a_bot_hook_that_fails_is_named_not_played_around(plugin, hook, says, monkeypatch) -> None:
    # the heuristic bot swallowed these and played on by its own rules: the plugin's
    # writer never learnt that the advice was not taken
    err = bots_play_until_error(plugin, monkeypatch)
    assert (err.hook, err.plugin) == (hook, plugin.NAME)
    assert says in str(err), str(err)


def test_advice_that_is_not_an_action_and_a_reason_is_named(monkeypatch) -> None:
    class Shapeless:
        NAME = "shapeless"

        @hookimpl
        def euchre_bot_advice(self, view, legal):
            return legal[0]  # the action alone, no reason

    err = bots_play_until_error(Shapeless(), monkeypatch)
    assert (err.hook, err.plugin) == ("euchre_bot_advice", "shapeless")
    assert "not (action, reason)" in str(err)

"""A plugin writer's mistakes each end in one line naming the plugin and the hook: a
misspelled hook name, a hook's arguments pluggy refuses, an answer of the wrong type, a
wrapper that does not yield, an exception in a hook asked outside the engine's steps."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

import pytest

from euchre_core import EuchreError, PluginError, hookimpl, new_game
from euchre_core.manager import build_rules


def play_until_error(plugin: object, seed: int = 1) -> PluginError:
    state = new_game("standard", seed=seed, extra_plugins=[plugin])
    with pytest.raises(PluginError) as err:
        for _ in range(2000):
            state.apply(state.legal_actions()[-1])
    assert "\n" not in str(err.value)
    return err.value


# ---------------------------------------------------------------------------------------
# At registration
# ---------------------------------------------------------------------------------------


class Misspelled:
    NAME = "misspelled"

    @hookimpl
    def euchre_scor_hand(self, state: Any) -> None:
        return None


class BadArgument:
    NAME = "bad-argument"

    @hookimpl
    def euchre_score_hand(self, state: Any, seat: int) -> None:
        return None


class NotAGenerator:
    NAME = "not-a-generator"

    @hookimpl(wrapper=True)
    def euchre_score_hand(self, state: Any) -> None:
        return None


def test_a_misspelled_hook_is_refused_with_a_did_you_mean() -> None:
    with pytest.raises(EuchreError) as err:
        build_rules(["standard", Misspelled()])
    assert str(err.value) == (
        "plugin 'misspelled' implements euchre_scor_hand, which is not a hook "
        "(did you mean euchre_score_hand?)"
    )


def test_an_argument_the_hook_has_not_is_one_line() -> None:
    with pytest.raises(EuchreError) as err:
        build_rules(["standard", BadArgument()])
    assert str(err.value) == (
        "plugin 'bad-argument' is not valid: hook euchre_score_hand: Argument(s) {'seat'} "
        "are declared in the hookimpl but can not be found in the hookspec"
    )


def test_a_wrapper_that_is_not_a_generator_is_one_line() -> None:
    with pytest.raises(EuchreError) as err:
        build_rules(["standard", NotAGenerator()])
    message = str(err.value)
    assert "\n" not in message
    assert message.startswith("plugin 'not-a-generator' is not valid: hook euchre_score_hand: ")
    assert message.endswith("but function is not a generator function")


# ---------------------------------------------------------------------------------------
# Answers of the wrong type
# ---------------------------------------------------------------------------------------


class BidsAsText:
    NAME = "bids-as-text"

    @hookimpl(wrapper=True)
    def euchre_legal_bids(self, state: Any, seat: int) -> Generator[None, list, list]:
        bids = yield
        return [str(b) for b in bids]


class CardsAsText:
    NAME = "cards-as-text"

    @hookimpl(wrapper=True)
    def euchre_legal_plays(self, state: Any, seat: int) -> Generator[None, list, list]:
        cards = yield
        return [str(c) for c in cards]


class NeighboursCard:
    NAME = "neighbours-card"

    @hookimpl(wrapper=True)
    def euchre_legal_plays(self, state: Any, seat: int) -> Generator[None, list, list]:
        cards = yield
        other = state.hands[(seat + 1) % state.seats]
        return [other[0]] if other else cards


class ScoreAsTuple:
    NAME = "score-as-tuple"

    @hookimpl(wrapper=True)
    def euchre_score_hand(self, state: Any) -> Generator[None, Any, Any]:
        score = yield
        return score.points


@pytest.mark.parametrize(
    ("plugin", "hook", "reason"),
    [
        (BidsAsText(), "euchre_legal_bids", "TypeError: its answer is not a list of actions"),
        (CardsAsText(), "euchre_legal_plays", "TypeError: its answer is not a list of cards"),
        (NeighboursCard(), "euchre_legal_plays", "TypeError: its answer is not a list of cards"),
        (ScoreAsTuple(), "euchre_score_hand", "TypeError: answered ("),
    ],
    ids=["bids-as-text", "cards-as-text", "neighbours-card", "score-as-tuple"],
)
def test_an_answer_of_the_wrong_type_names_the_plugin_and_hook(
    plugin: Any, hook: str, reason: str
) -> None:
    err = play_until_error(plugin)
    assert (err.hook, err.plugin) == (hook, plugin.NAME)
    assert str(err).startswith(f"plugin {plugin.NAME!r} failed in hook {hook}: {reason}")


def test_a_plain_implementation_below_a_good_wrapper_is_the_one_named() -> None:
    class PlainText:
        NAME = "plain-text"

        @hookimpl(tryfirst=True)
        def euchre_legal_plays(self, state: Any, seat: int) -> list[str]:
            return [str(c) for c in state.hands[seat]]

    err = play_until_error(PlainText())
    assert (err.hook, err.plugin) == ("euchre_legal_plays", "plain-text")


# ---------------------------------------------------------------------------------------
# Wrappers that do not yield
# ---------------------------------------------------------------------------------------


class NoYield:
    NAME = "no-yield"

    @hookimpl(wrapper=True)
    def euchre_score_hand(self, state: Any) -> Generator[None, Any, Any]:
        if state.hand_number >= 0:
            return None
        yield


class TwoYields:
    NAME = "two-yields"

    @hookimpl(wrapper=True)
    def euchre_score_hand(self, state: Any) -> Generator[None, Any, Any]:
        yield
        yield


@pytest.mark.parametrize(
    ("plugin", "words"), [(NoYield(), "did not yield"), (TwoYields(), "has second yield")]
)
def test_a_wrapper_that_misbehaves_names_the_plugin_and_hook(plugin: Any, words: str) -> None:
    err = play_until_error(plugin)
    assert (err.hook, err.plugin) == ("euchre_score_hand", plugin.NAME)
    assert words in str(err)


def test_through_pluggy_a_wrapper_that_does_not_yield_is_named_too(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("EUCHRE_TRACE_HOOKS", "1")
    err = play_until_error(NoYield())
    assert (err.hook, err.plugin) == ("euchre_score_hand", "no-yield")


# ---------------------------------------------------------------------------------------
# Hooks asked outside the engine's steps
# ---------------------------------------------------------------------------------------


class Raises:
    NAME = "raises"

    @hookimpl
    def euchre_add_metrics(self) -> None:
        raise ValueError("no metrics")

    @hookimpl
    def euchre_action_words(self, view: Any, action: Any) -> None:
        raise ValueError("no words")

    @hookimpl
    def euchre_sample_constraints(self, view: Any) -> None:
        raise ValueError("no constraints")

    @hookimpl
    def euchre_describe_event(self, event: Any, view: Any) -> None:
        raise ValueError("no description")


@pytest.mark.parametrize(
    ("hook", "ask"),
    [
        ("euchre_add_metrics", lambda rules, view, action: rules.add_metrics()),
        ("euchre_action_words", lambda rules, view, action: rules.action_words(view, action)),
        (
            "euchre_sample_constraints",
            lambda rules, view, action: rules.pm.hook.euchre_sample_constraints(view=view),
        ),
        (
            "euchre_describe_event",
            lambda rules, view, action: rules.describe_event(action, view),
        ),
    ],
)
def test_an_exception_in_a_hook_asked_outside_a_step_names_the_plugin(hook: str, ask: Any) -> None:
    state = new_game("standard", seed=1, extra_plugins=[Raises()])
    view = state.view(state.to_act)
    action = state.legal_actions()[0]
    with pytest.raises(PluginError) as err:
        ask(state.rules, view, action)
    assert (err.value.hook, err.value.plugin) == (hook, "raises")
    assert isinstance(err.value.__cause__, ValueError)


# ---------------------------------------------------------------------------------------
# Option declarations
# ---------------------------------------------------------------------------------------


def _declaring(*options: Any) -> object:
    class Declaring:
        NAME = "declaring"

        @hookimpl
        def euchre_add_options(self) -> list[Any]:
            return list(options)

    return Declaring()


@pytest.mark.parametrize(
    ("declared", "reason"),
    [
        (("points",), "declared 'points', not an Option"),
        (
            (("Option", "points", int, "five"),),
            "option 'points': its default 'five': expected an integer",
        ),
        ((("Option", "lone points", int, 4),), "option name 'lone points' is not a snake_case"),
        ((("Option", "points", list, []),), "option 'points': its type"),
        (
            (("Option", "deck", str, "24", ("24", "32")), ("Option", "deck", str, "24")),
            "option 'deck' is declared twice",
        ),
        (
            (("Option", "level", int, 3, (1, 2, "3")),),
            "option 'level': its choice '3': expected an integer",
        ),
        ((("Option", "points", int, 5, None, 0, 4),), "option 'points': its default 5: 5 is above"),
    ],
)
def test_an_option_declaration_that_cannot_work_is_one_line(
    declared: tuple[Any, ...], reason: str
) -> None:
    from euchre_core.config import Option, load_variant

    options = [
        Option(d[1], d[2], d[3], "help", *d[4:]) if isinstance(d, tuple) else d for d in declared
    ]
    with pytest.raises(PluginError) as err:
        load_variant("standard", extra_plugins=[_declaring(*options)])
    message = str(err.value)
    assert message.startswith("plugin 'declaring' failed in hook euchre_add_options: TypeError: ")
    assert reason in message, message
    assert "\n" not in message


class WrongAfterAnswer:
    NAME = "wrong-after"

    @hookimpl(wrapper=True)
    def euchre_legal_plays(self, state: Any, seat: int) -> Generator[None, Any, Any]:
        cards = yield
        return cards


def _after(self: Any, state: Any, answer: Any) -> Any:  # the seat is missing
    return answer


WrongAfterAnswer.euchre_legal_plays.after_answer = _after  # type: ignore[attr-defined]


def test_an_after_answer_that_cannot_take_the_arguments_is_refused_when_built() -> None:
    with pytest.raises(EuchreError) as err:
        new_game("standard", seed=1, extra_plugins=[WrongAfterAnswer()])
    assert str(err.value) == (
        "plugin 'wrong-after': the after_answer of its euchre_legal_plays wrapper must take "
        "the wrapper's arguments and the answer (state, seat, answer)"
    )


def test_the_screen_says_once_that_a_plugin_could_not_word_an_event(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # it fell back on plain words without a word to the plugin's writer
    from helpers import offscreen

    state = new_game("standard", seed=1, extra_plugins=[Raises()])
    screen, _out = offscreen(state)
    for e in state.events[:4]:
        assert screen.event_lines(e, state.view(0)) is not None
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1, err
    assert (
        "plugin 'raises' failed in hook euchre_describe_event: ValueError: no description"
        in (err[0])
    )
    assert err[0].endswith("its events are told in plain words")

"""Hooks with wrappers or several implementations are composed by the engine itself:
each answers exactly as pluggy's own hook call does, errors and misbehaving wrappers
included."""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import Any

import pytest

from euchre_core.hookspecs import hookimpl
from euchre_core.manager import build_rules

STATE = object()


class Plain:
    def __init__(self, name: str, answer: Any):
        self.NAME = name
        self.answer = answer

    @hookimpl
    def euchre_bidder(self, state: object) -> Any:
        return self.answer

    @hookimpl
    def euchre_hand_facts(self, state: object) -> Any:
        return None if self.answer is None else {self.NAME: self.answer}


class Wrap:
    def __init__(self, name: str, change: Callable[[Any], Any]):
        self.NAME = name
        self.change = change

    @hookimpl(wrapper=True)
    def euchre_bidder(self, state: object) -> Generator[None, Any, Any]:
        answer = yield
        return self.change(answer)

    @hookimpl(wrapper=True)
    def euchre_hand_facts(self, state: object) -> Generator[None, Any, Any]:
        answers = yield
        return [*answers, {self.NAME: len(answers)}]


class Raising:
    NAME = "raising"

    @hookimpl
    def euchre_bidder(self, state: object) -> int:
        raise ValueError("no bidder")


class Catching:
    NAME = "catching"

    @hookimpl(wrapper=True)
    def euchre_bidder(self, state: object) -> Generator[None, Any, Any]:
        try:
            return (yield)
        except ValueError:
            return 7


class NoYield:
    NAME = "no-yield"

    @hookimpl(wrapper=True)
    def euchre_bidder(self, state: object) -> Any:
        if False:
            yield
        return 1


def both(plugins: list[object], hook: str) -> tuple[Any, Any]:
    rules = build_rules(plugins)
    ours = getattr(rules, hook.removeprefix("euchre_"))(STATE)
    theirs = getattr(rules.pm.hook, hook)(state=STATE)
    return ours, theirs


STACKS = {
    "one wrapper around one answer": [Plain("a", 2), Wrap("w", lambda x: x + 1)],
    "two wrappers, the later one outside": [
        Plain("a", 2),
        Wrap("double", lambda x: x * 2),
        Wrap("plus", lambda x: x + 1),
    ],
    "the later answer first, None passed over": [Plain("a", 2), Plain("b", None), Plain("c", 5)],
    "a wrapper around several answers": [Plain("a", 2), Plain("b", 3), Wrap("w", lambda x: -x)],
}


@pytest.mark.parametrize("stack", list(STACKS))
@pytest.mark.parametrize("hook", ["euchre_bidder", "euchre_hand_facts"])
def test_composed_hooks_answer_as_pluggy_does(stack: str, hook: str) -> None:
    ours, theirs = both(STACKS[stack], hook)
    assert ours == theirs
    assert ours is not None


def test_a_wrapper_sees_the_exception_of_the_answer_and_may_replace_it() -> None:
    ours, theirs = both([Raising(), Catching()], "euchre_bidder")
    assert ours == theirs == 7


def test_an_exception_no_wrapper_catches_reaches_the_caller() -> None:
    rules = build_rules([Raising(), Wrap("w", lambda x: x)])
    with pytest.raises(ValueError, match="no bidder"):
        rules.bidder(STATE)


def test_a_wrapper_that_does_not_yield_fails_as_in_pluggy() -> None:
    rules = build_rules([Plain("a", 2), NoYield()])
    with pytest.raises(RuntimeError, match="did not yield"):
        rules.bidder(STATE)
    with pytest.raises(RuntimeError, match="did not yield"):
        rules.pm.hook.euchre_bidder(state=STATE)


class Plays:
    NAME = "plays"

    @hookimpl
    def euchre_legal_plays(self, state: object, seat: int) -> list[int]:
        if seat < 0:
            raise ValueError("no such seat")
        return [seat]


class PlaysWrap:
    NAME = "plays-wrap"

    @hookimpl(wrapper=True)
    def euchre_legal_plays(self, state: object, seat: int) -> Generator[None, Any, Any]:
        try:
            answer = yield
        except ValueError:
            return ["caught"]
        return [*answer, seat * 10]


def test_a_wrapped_two_argument_hook_answers_as_pluggy_does() -> None:
    rules = build_rules([Plays(), PlaysWrap()])
    for seat in (2, -1):
        ours = rules.legal_plays(STATE, seat)
        assert ours == rules.pm.hook.euchre_legal_plays(state=STATE, seat=seat)
        assert ours == ([2, 20] if seat == 2 else ["caught"])


def _add_seat(self: object, state: object, seat: int, answer: list[Any]) -> list[Any]:
    if seat == 99:
        raise KeyError("the filter failed")
    return [*answer, seat * 100]


class Filter:
    """A wrapper that only changes the answer, and says so with ``after_answer``."""

    NAME = "filter"
    calls = 0

    @hookimpl(wrapper=True)
    def euchre_legal_plays(self, state: object, seat: int) -> Generator[None, Any, Any]:
        Filter.calls += 1  # counted only when the generator is driven
        return _add_seat(self, state, seat, (yield))

    euchre_legal_plays.after_answer = _add_seat  # type: ignore[attr-defined]


def test_a_wrapper_that_only_changes_the_answer_is_called_as_a_plain_function() -> None:
    rules = build_rules([Plays(), Filter()])
    Filter.calls = 0
    assert rules.legal_plays(STATE, 3) == [3, 300]
    assert Filter.calls == 0
    assert rules.pm.hook.euchre_legal_plays(state=STATE, seat=3) == [3, 300]
    assert Filter.calls == 1


def test_such_filters_apply_innermost_first_as_pluggy_teardowns_do() -> None:
    class Outer(Filter):
        NAME = "outer"

        @hookimpl(wrapper=True)
        def euchre_legal_plays(self, state: object, seat: int) -> Generator[None, Any, Any]:
            return [*(yield), "outer"]

        euchre_legal_plays.after_answer = lambda self, state, seat, answer: [*answer, "outer"]  # type: ignore[attr-defined]

    rules = build_rules([Plays(), Filter(), Outer()])
    assert rules.legal_plays(STATE, 1) == [1, 100, "outer"]
    assert rules.legal_plays(STATE, 1) == rules.pm.hook.euchre_legal_plays(state=STATE, seat=1)


def test_an_exception_of_the_answer_passes_such_a_filter_and_its_own_is_the_plugins() -> None:
    from euchre_core.manager import plugin_error

    rules = build_rules([Plays(), Filter()])
    with pytest.raises(ValueError, match="no such seat"):
        rules.legal_plays(STATE, -1)
    with pytest.raises(ValueError, match="no such seat"):
        rules.pm.hook.euchre_legal_plays(state=STATE, seat=-1)
    with pytest.raises(KeyError) as raised:
        rules.legal_plays(STATE, 99)
    err = plugin_error(rules, raised.value)
    assert err is not None and (err.hook, err.plugin) == ("euchre_legal_plays", "filter")

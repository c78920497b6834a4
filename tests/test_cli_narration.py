"""Every event of every built-in plugin is told in plain words, as the seat saw it.

The screen words the core events itself and asks the plugins of the game for theirs
(``euchre_describe_event``); an event that nobody words would be printed as a raw record
(``render._describe``), an action nobody words as its text form (``render._raw_action``):
both fail here. The events are those that seeded games of every variant and every house
rule produce, told to the seat at 0 and to an audience, plus an instance of every Event
class that the core and the built-in plugins define (the rare ones: a misdeal, a weak
hand, a renege found at the end).
"""

from __future__ import annotations

import collections.abc
import dataclasses
import functools
import inspect
import io
import random
import re
import types
import typing
from collections.abc import Iterator
from pathlib import Path
from unittest import mock

import pytest
from euchre_cli import render
from euchre_cli.play import target_key
from euchre_cli.render import Screen, make_console, seat_labels, seat_names

from euchre_core import load_variant
from euchre_core.actions import PASS, Action
from euchre_core.bots import make_bot
from euchre_core.cards import Card, Suit, card
from euchre_core.config import Config
from euchre_core.errors import EuchreError
from euchre_core.events import Contract, Event, GameOver
from euchre_core.manager import available_plugins, build_rules, load_plugin
from euchre_core.state import State

RECORD = re.compile(r"\b\w+=\S")
ROOT = Path(__file__).resolve().parent.parent
VARIANTS = sorted(p.stem for p in (ROOT / "variants").glob("*.toml"))
BUILTIN = sorted(name for name, info in available_plugins().items() if info.builtin)
#: Options that open rules the defaults leave shut.
EXTRA_OPTIONS = {
    "call-ace": ["call-ace.called_card=any_card"],
    "cutthroat": ["cutthroat.dummy_variant=true"],
}


def configs(variant: str) -> Iterator[Config]:
    """The variant alone and with each built-in plugin that it accepts, with its
    default options and with the options that open its other rules."""
    extra = EXTRA_OPTIONS.get(variant.rsplit("-", 1)[0] if variant[-1].isdigit() else variant)
    for rule in [None, *BUILTIN]:
        for options in ([], extra) if extra else ([],):
            try:
                yield load_variant(variant, rules=[rule] if rule else [], options=options)
            except EuchreError:
                continue


def screen_for(state: State, viewer: int | None) -> Screen:
    """The play screen of ``viewer`` (``None``: an audience), writing to a buffer."""
    console = make_console(True)
    console.file = io.StringIO()
    console.width = 80
    return Screen(
        names=seat_names(state.seats, viewer),
        viewer=viewer,
        partnerships=state.table.partnerships,
        title=state.config.name,
        plain=True,
        console=console,
        rules=state.rules,
    )


class Raw(Exception):
    """The screen fell back to a raw record or an action's text form."""


def _raw_event(e: Event) -> str:
    raise Raw(f"{type(e).__name__} would be shown as a raw record: {e!r}")


def _raw_action(screen: Screen, a: object) -> object:
    raise Raw(f"{type(a).__name__} would be shown as its text form: {a}")


def told(screen: Screen, e: Event, view: object = None) -> str:
    """The words the screen tells ``e`` with (a Raw exception if it has none)."""
    with (
        mock.patch.object(render, "_describe", _raw_event),
        mock.patch.object(render, "_raw_action", _raw_action),
    ):
        lines = screen.event_lines(e, view)  # type: ignore[arg-type]
    return "\n".join(x.plain for x in lines if hasattr(x, "plain"))


def play_and_tell(
    config: Config, seed: int, steps: int, *, bots: bool = False
) -> tuple[set[type], list[str]]:
    """A seeded game of random legal choices, or of the heuristic bots' (at most
    ``steps`` actions), told to seat 0
    with its view at each step, as ``euchre play`` does, and to an audience; returns the
    event classes seen and what went wrong (an event without words, a raw record)."""
    state = State(config, seed=seed)
    seat0 = screen_for(state, 0)
    audience = screen_for(state, None)
    rng = random.Random(seed)
    cursor = 0
    wrong: list[str] = []

    def tell(screen: Screen, e: Event, view: object) -> None:
        try:
            words = told(screen, e, view)
        except Raw as why:
            wrong.append(f"{config.name} {config.plugins}: {why}")
            return
        if RECORD.search(words):
            wrong.append(f"{config.name}: a record in {words!r}")

    players = {s: make_bot("heuristic", f"{seed}/{s}") for s in range(state.seats)}
    for _ in range(steps):
        if state.is_over:
            break
        legal = state.legal_actions()
        seat = state.to_act
        assert seat is not None
        if bots:
            state.apply(players[seat].choose(state.view(seat), legal))
        else:
            state.apply(rng.choice(legal))
        mine = state.visible_events(0, cursor)
        if mine:
            view = state.view(0)
            for e in mine:
                tell(seat0, e, view)
        for e in state.events[cursor:]:
            tell(audience, e, None)
        cursor = len(state.events)
    return {type(e) for e in state.events}, wrong


@functools.cache
def played(variant: str) -> tuple[frozenset[type], tuple[str, ...]]:
    """Every game of ``variant``: a whole game alone, and some hands with each rule."""
    seen: set[type] = set()
    wrong: list[str] = []
    whole = load_variant(variant)
    whole = load_variant(whole, options=[f"{target_key(whole)}=5"])
    for i, config in enumerate([whole, *configs(variant)]):
        classes, bad = play_and_tell(config, 1, 5000 if i == 0 else 250, bots=i == 0)
        seen |= classes
        wrong += bad
    return frozenset(seen), tuple(wrong)


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_event_of_every_game_is_told_in_words(variant: str) -> None:
    seen, wrong = played(variant)
    assert not wrong, "\n".join(wrong[:10])
    assert GameOver in seen


def test_every_event_class_of_the_core_and_the_plugins_is_told_in_words() -> None:
    rules = build_rules(BUILTIN)
    everyone = State(load_variant("standard"), seed=1)
    for cls in event_classes():
        e = sample(cls)
        for viewer in (None, 0, 1):
            screen = screen_for(everyone, viewer)
            screen.rules = rules
            view = everyone.view(viewer) if viewer is not None else None
            try:
                words = told(screen, e, view)
            except Raw as why:
                pytest.fail(str(why))
            assert not RECORD.search(words), words
            assert "{" not in words, f"a seat left in braces: {words!r}"


def test_the_games_reach_the_events_of_the_rules_they_play() -> None:
    seen: set[type] = set()
    for variant in VARIANTS:
        seen |= played(variant)[0]
    # Made by the test above (hasenpfeffer's bots always find a bid of 1, so nobody is forced).
    rare = {"MisdealCalled", "WeakHandShown", "RenegeFound", "JokerShown"}
    missing = {c.__name__ for c in event_classes()} - {c.__name__ for c in seen} - rare
    assert not missing


def event_classes() -> list[type]:
    """Every Event subclass that the core and the built-in plugins define."""
    from euchre_core import events

    modules: list[types.ModuleType] = [events]
    modules += [load_plugin(name) for name in BUILTIN]
    out: dict[str, type] = {}
    for m in modules:
        for _, obj in inspect.getmembers(m, inspect.isclass):
            if issubclass(obj, Event) and obj is not Event and obj.__module__ == m.__name__:
                out[f"{obj.__module__}.{obj.__qualname__}"] = obj
    return [out[k] for k in sorted(out)]


SAMPLES: dict[object, object] = {
    int: 1,
    str: "seat 1 showed a weak hand",
    bool: True,
    Card: card("AC"),
    Suit: Suit.HEARTS,
    Contract: Contract(1, Suit.HEARTS),
}


def value_for(hint: object) -> object:
    """A plausible value of a field's type (``tuple[Card, ...]`` -> ``(AC, AC)``)."""
    if hint in SAMPLES:
        return SAMPLES[hint]
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        return value_for(next(a for a in args if a is not type(None)))
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return (value_for(args[0]), value_for(args[0]))
        return tuple(value_for(a) for a in args)
    if origin in (dict, collections.abc.Mapping) or hint in (dict, collections.abc.Mapping):
        return {}
    if isinstance(hint, type) and issubclass(hint, Action):
        return PASS
    raise AssertionError(f"no sample value for {hint!r}")


def sample(cls: type) -> Event:
    hints = typing.get_type_hints(cls)
    values = {f.name: value_for(hints[f.name]) for f in dataclasses.fields(cls)}
    return cls(**values)  # type: ignore[no-any-return]


# ---------------------------------------------------------------------------------------
# The secret partner of call-for-ace
# ---------------------------------------------------------------------------------------


def call_ace_hand(seed: int) -> tuple[State, dict[int, str]]:
    """A call-ace hand of the heuristic bots, played to its end, told to every seat as
    ``euchre play`` tells it (each seat's events with its view at each step)."""
    state = State(load_variant("call-ace"), seed=seed)
    bots = {s: make_bot("heuristic", f"{seed}/{s}") for s in range(state.seats)}
    screens = {s: screen_for(state, s) for s in range(state.seats)}
    cursors = dict.fromkeys(screens, 0)
    out = dict.fromkeys(screens, "")
    while state.hand_number == 0 or not state.hand_events:
        seat = state.to_act
        assert seat is not None
        state.apply(bots[seat].choose(state.view(seat), state.legal_actions()))
        for s, screen in screens.items():
            new = state.visible_events(s, cursors[s])
            cursors[s] = len(state.events)
            view = state.view(s)
            out[s] += "".join(told(screen, e, view) + "\n" for e in new)
        if state.hand_number > 0:
            break
    return state, out


@functools.cache
def first_call_with_a_partner() -> tuple[State, dict[int, str], int, int, Card]:
    from euchre_plugins.call_ace import PartnerRevealed

    for seed in range(1, 60):
        state, told_to = call_ace_hand(seed)
        for e in state.events:
            if isinstance(e, PartnerRevealed) and e.how == "played" and e.seat != e.maker:
                return state, told_to, e.maker, e.seat, e.card
    raise AssertionError("no call-ace hand of seeds 1-59 has a partner")


def test_the_holder_of_the_called_ace_alone_is_told_that_they_are_the_secret_partner() -> None:
    state, told_to, maker, holder, ace = first_call_with_a_partner()
    names = seat_names(state.seats, holder)
    assert (
        f"You hold the {ace.code} {names[maker]} called: you are {names[maker]}'s secret "
        "partner, and nobody knows it until you play it"
    ) in told_to[holder]
    for seat, text in told_to.items():
        if seat != holder:
            assert "secret partner" not in text and "You hold" not in text, seat


def test_the_reveal_says_who_played_the_ace_and_whose_partner_they_were() -> None:
    state, told_to, maker, holder, ace = first_call_with_a_partner()
    for seat, text in told_to.items():
        names = seat_names(state.seats, seat)
        if seat == holder:
            line = f"You play {ace.code}: you were {names[maker]}'s partner"
        elif seat == maker:
            line = f"{names[holder]} plays {ace.code}: {names[holder]} was your partner"
        else:
            line = f"{names[holder]} plays {ace.code}: {names[holder]} was {names[maker]}'s partner"
        assert line in text, (seat, text)
        assert "PartnerRevealed" not in text and "call-ace" not in text


def test_the_call_is_said_in_words() -> None:
    state, told_to, maker, holder, ace = first_call_with_a_partner()
    suit = ace.suit
    assert suit is not None
    names = seat_names(state.seats, holder)
    assert f"{names[maker]} calls for the ace of {suit.word}" in told_to[holder]


# ---------------------------------------------------------------------------------------
# Seat labels
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("seats", range(2, 8))
@pytest.mark.parametrize("viewer", [None, 0, 1])
def test_no_two_seats_have_the_same_label(seats: int, viewer: int | None) -> None:
    labels = seat_labels(seat_names(seats, viewer), viewer)
    assert len(set(labels)) == seats, labels
    if viewer is not None:
        assert labels[viewer] == "You"
        assert labels.count("You") == 1


def test_labels_of_names_that_share_an_initial_differ() -> None:
    assert len(set(seat_labels(["Ann", "Andy", "Bob", "Al"]))) == 4


@pytest.mark.parametrize("variant", ["auction-7", "call-ace-6", "standard", "cutthroat"])
def test_the_trick_tally_names_every_seat_apart(variant: str) -> None:
    state = State(load_variant(variant), seed=2)
    screen = screen_for(state, 0)
    bots = {s: make_bot("heuristic", f"2/{s}") for s in range(state.seats)}
    while not state.tricks:
        seat = state.to_act
        assert seat is not None
        state.apply(bots[seat].choose(state.view(seat), state.legal_actions()))
    for e in state.hand_events:
        line = told(screen, e)
        if line.startswith("Trick 1"):
            tally = line[line.rindex("(") + 1 : line.rindex(")")]
            who = [part.rsplit(" ", 1)[0] for part in tally.split(", ")]
            assert len(set(who)) == len(who), tally
            return
    raise AssertionError("no trick was told")

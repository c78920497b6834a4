"""Nothing hidden goes on the wire: every message a table sends a seat holds exactly
that seat's view (:meth:`State.view`) and the events it may see
(:meth:`State.visible_events`), and names no card the seat cannot know at that moment;
a spectator gets no view and only public events. The legal actions go to the seat to
act only. (The secret partner of call-ace stays secret: the views keep it so.)"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from euchre_core import load_variant
from euchre_core.config import builtin_variants
from euchre_core.events import Event
from euchre_core.net.client import merged_view
from euchre_core.net.table import NetTable
from euchre_core.net.wire import encode
from euchre_core.state import State

_CARD = re.compile(r"^(?:[2-9TJQKA][SHDC]|JK)$")


def cards_named(value: Any) -> set[str]:
    """Every card code anywhere in a message (action texts included)."""
    if isinstance(value, dict):
        return set().union(*(cards_named(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(cards_named(v) for v in value)) if value else set()
    if isinstance(value, str):
        return {w for w in value.split() if _CARD.match(w)}
    return set()


class Recorder:
    """A connection that checks each message against the state as it is sent."""

    def __init__(self, table: NetTable, seat: int | None):
        self.table, self.seat = table, seat
        self.cursor = 0
        self.seen: set[str] = set()  # the cards of every event the seat may see so far
        self.messages = 0
        self.view: dict[str, Any] | None = None  # the whole view, as the client has it
        self.last: dict[str, Any] = {}

    def send(self, message: dict[str, Any]) -> None:
        message = json.loads(json.dumps(message))  # as it goes on the wire
        state, seat = self.table.state, self.seat
        self.messages += 1
        self.last = message
        if message["type"] != "update":
            assert message["type"] == "joined" and message["seat"] == seat
            return
        events: list[Event] = (
            state.public_events(self.cursor)
            if seat is None
            else state.visible_events(seat, self.cursor)
        )
        self.cursor = len(state.events)
        expected = [encode(e) for e in events]
        self.seen |= cards_named(expected)
        assert message["events"] == expected
        if seat is None:
            assert "view" not in message and "legal" not in message
        else:
            self.view = merged_view(self.view, message["view"])
            assert self.view == encode(state.view(seat))
            to_act = message["to_act"] == seat and self.table.started
            assert ("legal" in message) == (to_act and not state.is_over)
        known = self.seen | (set() if seat is None else cards_named(encode(state.view(seat))))
        extra = cards_named(message) - known
        assert not extra, f"seat {seat} was sent {sorted(extra)} it cannot know"


def play_watched(variant: str, seed: int, most: int) -> int:
    """A seeded game of random choices, every seat and a spectator recording; returns
    the number of messages checked."""
    table = NetTable(State(load_variant(variant), seed=seed))
    seats = [Recorder(table, s) for s in range(table.state.seats)]
    watcher = Recorder(table, None)
    table.attach(watcher, None)
    for r in seats:
        table.attach(r, r.seat)
    rng = random.Random(seed)
    state = table.state
    while not state.is_over and len(state.actions) < most:
        seat = state.to_act
        assert seat is not None
        legal = seats[seat].last["legal"]
        assert table.act(seat, rng.choice(legal)) is None
    return sum(r.messages for r in [*seats, watcher])


def _games(count: int) -> list[tuple[str, int]]:
    names = sorted(builtin_variants())
    return [(names[i % len(names)], 1000 + i) for i in range(count)]


def test_no_message_of_a_few_games_names_a_card_its_seat_cannot_know() -> None:
    checked = sum(play_watched(v, s, most=100) for v, s in _games(13))
    assert checked > 13 * 100


@pytest.mark.slow
def test_no_message_of_200_games_of_every_variant_names_a_card_its_seat_cannot_know() -> None:
    # 16 games of each of the 13 built-in variants, each to its end or 150 actions
    checked = sum(play_watched(v, s, most=150) for v, s in _games(208))
    assert checked > 208 * 150


def test_the_check_finds_a_card_sent_to_the_wrong_seat() -> None:
    table = NetTable(State(load_variant("standard"), seed=4))
    spy = Recorder(table, 1)
    other = next(iter(table.state.hands[0]))
    with pytest.raises(AssertionError, match="cannot know"):
        spy.send(
            {
                "type": "update",
                "events": [encode(e) for e in table.state.visible_events(1)],
                "view": encode(table.state.view(1)),
                "to_act": None,
                "note": f"seat 0 holds {other}",
            }
        )

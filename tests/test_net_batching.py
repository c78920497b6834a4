"""Updates stay small and few: a view names only the fields that changed since the last
view its connection received, and with batching a quick run of changes reaches a client
that is not to act as one update, while the seat to act is told at once."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from test_net_secrecy import Recorder

from euchre_core import load_variant
from euchre_core.net import table as table_module
from euchre_core.net.table import NetTable
from euchre_core.state import State


class Clock:
    """A monotonic clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    c = Clock()
    monkeypatch.setattr(table_module.time, "monotonic", c)
    return c


def seated(variant: str, seed: int, batch: float) -> tuple[NetTable, list[Recorder]]:
    table = NetTable(State(load_variant(variant), seed=seed), batch=batch)
    seats = [Recorder(table, s) for s in range(table.state.seats)]
    for r in seats:
        table.attach(r, r.seat)
    return table, seats


def test_an_update_names_only_the_view_fields_that_changed() -> None:
    table, seats = seated("standard", 5, batch=0.0)
    sent: list[dict[str, Any]] = []
    send = seats[2].send

    def keep(message: dict[str, Any]) -> None:
        sent.append(json.loads(json.dumps(message)))
        send(message)  # the recorder checks the merged view against the state's

    seats[2].send = keep  # type: ignore[method-assign]
    rng = random.Random(5)
    state = table.state
    for _ in range(12):
        seat = state.to_act
        assert seat is not None
        assert table.act(seat, rng.choice(seats[seat].last["legal"])) is None
    views = [m["view"] for m in sent if m["type"] == "update"]
    assert len(views) == 12
    # the rules, the seats and the target went with the first view after the join only
    assert all("options" not in v and "target" not in v and "seats" not in v for v in views)
    assert all("events_from" in v for v in views if "events" in v)


def test_the_seat_to_act_is_told_at_once_and_the_others_once_for_a_quick_run(
    clock: Clock,
) -> None:
    table, seats = seated("standard", 9, batch=0.1)
    state = table.state
    rng = random.Random(9)
    counts = [r.messages for r in seats]
    for _ in range(8):  # eight moves in the same instant
        seat = state.to_act
        assert seat is not None
        last = seats[seat].last
        assert last["to_act"] == seat and last["step"] == len(state.actions)
        assert table.act(seat, rng.choice(last["legal"])) is None
    got = [r.messages - n for r, n in zip(seats, counts, strict=True)]
    # each seat had its prompts at once (two of the eight moves each), and no more
    assert got == [2, 2, 2, 2]
    # the three seats not to act are owed an update; the seat to act is up to date
    assert sorted(c.seat for c in table.pending.values()) == sorted({0, 1, 2, 3} - {state.to_act})
    assert seats[state.to_act].cursor == len(state.events)
    table.flush(clock.now + 0.05)  # not yet due
    assert len(table.pending) == 3
    clock.now += 0.1
    table.flush()
    assert not table.pending
    for r in seats:  # every client is up to date: its view is the state's view now
        assert r.cursor == len(state.events)


def test_at_a_table_of_people_every_update_goes_at_once(clock: Clock) -> None:
    table, seats = seated("standard", 3, batch=0.1)
    state = table.state
    rng = random.Random(3)
    for _ in range(10):
        clock.now += 2.0  # a person thinks
        seat = state.to_act
        assert seat is not None
        assert table.act(seat, rng.choice(seats[seat].last["legal"])) is None
        assert not table.pending
        assert all(r.cursor == len(state.events) for r in seats)


def test_the_end_of_the_game_reaches_everyone_at_once(clock: Clock) -> None:
    table, seats = seated("two-hand", 4, batch=10.0)
    state = table.state
    rng = random.Random(4)
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        assert table.act(seat, rng.choice(seats[seat].last["legal"])) is None
    assert not table.pending
    assert all(r.last["over"] and r.cursor == len(state.events) for r in seats)


def test_no_join_code_begins_like_an_option(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = iter(["-dash-first", "also-fine", "x"])
    monkeypatch.setattr(table_module.secrets, "token_urlsafe", lambda n: next(drawn))
    assert table_module.new_code() == "also-fine"

"""Actions: every action's text form round-trips, and unreadable text is refused with a
sentence naming what could not be read."""

from __future__ import annotations

import pytest

from euchre_core import EuchreError, IllegalActionError, new_hand, parse_action
from euchre_core.actions import (
    Bid,
    Call,
    CallAce,
    Decline,
    DefendAlone,
    Discard,
    Forfeit,
    Give,
    GoAlone,
    Order,
    Partner,
    Pass,
    PickUp,
    Play,
)
from euchre_core.cards import ALL_CARDS, SUITS

EVERY_KIND = [
    Pass(),
    Order(False),
    Order(True),
    *[Call(s, alone) for s in (*SUITS, None) for alone in (False, True)],
    PickUp(),
    Decline(),
    GoAlone(),
    DefendAlone(),
    Bid(4),
    Bid("pepper"),
    *[CallAce(s) for s in SUITS],
    Partner(3),
    Forfeit(),
]


@pytest.mark.parametrize("action", EVERY_KIND, ids=str)
def test_every_action_kind_round_trips_through_its_text(action):
    assert parse_action(str(action)) == action


@pytest.mark.parametrize("kind", [Play, Discard, Give])
def test_every_card_round_trips_in_every_card_action(kind):
    for c in ALL_CARDS:
        action = kind(c)
        assert parse_action(str(action)) == action, str(action)


def test_text_forms_are_the_documented_ones():
    assert [str(a) for a in (Order(True), Call(None), Call(SUITS[2], True), DefendAlone())] == [
        "order alone",
        "call NT",
        "call H alone",
        "defend alone",
    ]
    assert parse_action("  PLAY  10h ") == Play(ALL_CARDS[[c.code for c in ALL_CARDS].index("TH")])


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty action"),
        ("   ", "empty action"),
        ("jump", "unknown action 'jump' (known: "),
        ("play", "cannot read 'play': expected one card code"),
        ("play ZZ", "cannot read 'play ZZ': not a card: 'ZZ'"),
        ("play JH QH", "cannot read 'play JH QH': expected one card code"),
        ("call", "cannot read 'call': 'call' needs a suit (C, D, H, S) or NT"),
        ("call X", "cannot read 'call X': not a suit: 'X'"),
        ("order together", "cannot read 'order together': expected 'alone' or nothing"),
        ("pass now", "cannot read 'pass now': 'pass' takes nothing after it"),
        ("defend", "cannot read 'defend': say 'defend alone'"),
        ("partner east", "cannot read 'partner east': 'partner' takes a seat number"),
        ("bid", "cannot read 'bid': 'bid' takes one value"),
    ],
)
def test_garbage_is_refused_with_a_clear_message(text, message):
    with pytest.raises(EuchreError) as err:
        parse_action(text)
    assert str(err.value).startswith(message)


def test_apply_text_turns_unreadable_text_into_an_illegal_action():
    state = new_hand("standard", seed=1, dealer=0)
    with pytest.raises(IllegalActionError, match="unknown action 'hello'"):
        state.apply_text("hello")
    held = state.hands[1][0]
    with pytest.raises(IllegalActionError, match=f"seat 1 must bid now, not 'play {held}'"):
        state.apply_text(f"play {held}")

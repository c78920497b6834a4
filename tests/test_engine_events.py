"""The events the engine makes at every hand are the values their classes make: equal,
hashed alike, frozen, and pickled back to equal events."""

from __future__ import annotations

import dataclasses
import pickle

import pytest

from euchre_core import new_game
from euchre_core.bots import RandomBot
from euchre_core.config import load_variant
from euchre_core.events import Dealt, TrickWon


def test_deals_and_tricks_are_the_events_their_classes_make() -> None:
    state = new_game(load_variant("standard"), seed=3)
    bots = [RandomBot(s) for s in range(4)]
    while state.to_act is not None:
        state.apply(bots[state.to_act].choose(None, state.legal_actions()))
    made = [e for e in state.events if type(e) in (Dealt, TrickWon)]
    assert {type(e) for e in made} == {Dealt, TrickWon}
    for e in made:
        fields = {f.name: getattr(e, f.name) for f in dataclasses.fields(e)}
        same = type(e)(**fields)
        assert e == same and hash(e) == hash(same) and repr(e) == repr(same)
        assert pickle.loads(pickle.dumps(e)) == e
        first = dataclasses.fields(e)[0].name
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(e, first, 9)

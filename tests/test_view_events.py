"""A view's events are the hand's events exactly as its seat saw them, however the state
keeps them between views; and the heuristic bot's running count of the cards still out
(kept between its decisions, taken off as cards are played) is always the count made
afresh from what the seat has seen."""

from __future__ import annotations

import random

import pytest

from euchre_core import new_game
from euchre_core.bots import make_bot
from euchre_core.bots.heuristic import HeuristicBot
from euchre_core.bots.knowledge import _outstanding, brought_up_to_date
from euchre_core.model import Phase

# Variants with cards some seats may not see (deals, discards, cards passed or given,
# a widow taken), with and without partners, bowers and trumps.
VARIANTS = (
    "standard",
    "two-hand",
    "cutthroat",
    "pepper",
    "hasenpfeffer",
    "call-ace",
    "bid-euchre",
    "five-hundred",
    "napoleon",
    "railroad",
    "auction",
)


def hand_start(state) -> int:
    return len(state.events) - len(state.hand_events)


def blind_now(state, seat: int) -> bool:
    """Whether ``seat`` is deciding without looking at its cards (its view hides them)."""
    decision = state.decision if state.phase is Phase.PREPARE else None
    return decision is not None and decision.blind and decision.seat == seat


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_views_events_are_the_hand_as_the_seat_saw_it(variant: str) -> None:
    """Views asked for at random moments (so that a seat's events are brought up to date
    over one event, or over many, with hidden ones among them or not) hold what
    ``visible_events`` gives for the hand, event for event."""
    for seed in range(3):
        state = new_game(variant, seed=seed)
        rng = random.Random(seed)
        steps = 0
        while not state.is_over and steps < 400:
            seats = [state.to_act, *rng.sample(range(state.seats), rng.randint(0, 2))]
            for seat in seats:
                assert seat is not None
                if blind_now(state, seat):
                    continue
                seen = tuple(state.visible_events(seat, hand_start(state)))
                assert state.view(seat).events == seen, f"seed {seed}, step {steps}, seat {seat}"
            state.apply(rng.choice(state.legal_actions()))
            steps += 1


# (The variants whose card play is the bot's own: call-ace and napoleon advise their own.)
@pytest.mark.parametrize("variant", [v for v in VARIANTS if v not in ("call-ace", "napoleon")])
def test_the_bots_cards_still_out_are_those_it_has_not_seen(variant: str) -> None:
    """At every card play of heuristic bots, the cards each seat's memory holds as still
    in other hands, and the count and top card of each suit, are those counted afresh
    from the view (the pack without the cards played, known out of play or held)."""
    checked = 0
    for seed in range(2):
        state = new_game(variant, seed=seed)
        bots = [make_bot("heuristic", f"{seed}/{s}") for s in range(state.seats)]
        steps = 0
        while not state.is_over and steps < 600:
            seat = state.to_act
            assert seat is not None
            view = state.view(seat)
            bot = bots[seat]
            state.apply(bot.choose(view, state.legal_actions()))
            steps += 1
            assert isinstance(bot, HeuristicBot)
            memo = bot._memos.get(seat)
            if view.phase is not Phase.PLAY or memo is None or memo.outs is None:
                continue
            if memo.count != len(view.events):
                continue  # a single legal play: applied without reading the view
            if memo.ranking is None or memo.ranking is not view.ranking:
                continue
            fresh = brought_up_to_date({}, view)
            r = memo.ranking
            _outstanding(fresh, view.hand, bot._pack(view), r.trump, r.bowers)
            where = f"seed {seed}, step {steps}, seat {seat}"
            assert memo.outs == fresh.outs, where
            assert memo.top_out == fresh.top_out, where
            assert memo.count_out == fresh.count_out, where
            checked += 1
    assert checked > 20, f"only {checked} card plays were checked"

"""Playing a game out between bots: the loop every simulation runs.

A module of its own so that the optional compiled build (``euchre_core.build``) compiles
it with the state machine it drives; :func:`euchre_core.analysis.sim.play_game` is the entry point.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..bots import Bot
from ..events import HandScored
from ..state import State

__all__ = ["play_out"]


def play_out(
    state: State,
    bots: Sequence[Bot],
    on_scored: Callable[[HandScored], None] | None = None,
) -> None:
    """Play ``state`` to its end, seat ``i`` played by ``bots[i]``; ``on_scored`` is told
    of each hand as it is scored.

    A bot is asked only when there is a choice: a single legal action (the last card, a
    suit that must be followed with one card) is applied without a call. A bot that keeps
    track of the hand reads what it missed from the events of its next view."""
    if on_scored is None:
        # The same loop with nothing to tell (simulations without records).
        legal_actions, apply = state.legal_actions, state.apply
        while True:
            seat = state.to_act
            if seat is None:
                return
            legal = legal_actions()
            if len(legal) == 1:
                apply(legal[0])
            else:
                bot = bots[seat]
                apply(bot.choose(state.view(seat) if bot.uses_view else None, legal))
    seen = 0
    records = state.hand_records
    while state.to_act is not None:
        legal = state.legal_actions()
        if len(legal) == 1:
            state.apply(legal[0])
        else:
            seat = state.to_act
            bot = bots[seat]
            state.apply(bot.choose(state.view(seat) if bot.uses_view else None, legal))
        if on_scored is not None and len(records) > seen:
            while seen < len(records):
                seen += 1
                on_scored(records[seen - 1])

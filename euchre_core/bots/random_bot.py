"""The random bot: a uniform choice among the proper legal actions.

A module of its own so that the compiled build compiles it (it chooses at every step of
a simulation between random seats).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from ..actions import Action
from ..view import PlayerView

__all__ = ["RandomBot"]


class RandomBot:
    """Chooses uniformly among the proper legal actions (never a renege: an action whose
    ``proper`` is false). It does not look at the table, so it makes a claim only by
    chance."""

    name = "random"
    uses_view = False

    def __init__(self, seed: int | str = 0, *, draw: Callable[[], float] | None = None):
        """``draw``: a source of floats in [0, 1) to choose with instead of a generator of
        its own seeded from ``seed`` (simulations give every random seat of a game one
        generator, seeded once per game)."""
        self._random = draw if draw is not None else random.Random(f"random-bot:{seed}").random

    def choose(self, view: PlayerView | None, legal: Sequence[Action]) -> Action:
        a = legal[int(self._random() * len(legal))]
        if a.proper:
            return a
        proper = [x for x in legal if x.proper]
        return proper[int(self._random() * len(proper))] if proper else a

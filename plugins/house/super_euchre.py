"""Super euchre: makers who take no trick at all concede 4 points instead of 2.

When the makers take zero tricks the defenders score ``points`` (4). When another rule
already gives more (a lone euchre worth 4), the larger value counts: they do not add up.

Sources: euchrelinks.com, “Variations”; named in OpenSpiel's header comment but not
applied by its code.
"""

from __future__ import annotations

from collections.abc import Generator

from euchre_core.config import Option
from euchre_core.hookspecs import hookimpl
from euchre_core.model import HandScore
from euchre_core.state import State

NAME = "super-euchre"
APPLIES_TO = ("standard",)


@hookimpl
def euchre_add_options() -> list[Option]:
    return [Option("points", int, 4, "To the defenders when the makers take no trick.", min=0)]


@hookimpl(wrapper=True)
def euchre_score_hand(state: State) -> Generator[None, HandScore, HandScore]:
    score = yield
    t = state.teams
    if t is None or not t.makers or any(state.tricks_won[s] for s in t.makers):
        return score
    value = state.options[NAME]["points"]
    points = tuple(max(p, value) if s in t.defenders else p for s, p in enumerate(score.points))
    return HandScore(points, "super euchre" if points != score.points else score.outcome)

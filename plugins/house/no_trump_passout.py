"""No trump on pass-out: when everyone passes twice, the hand is played at no trump.

Nobody is maker; there is no trump suit, so no bowers: every suit ranks A K Q J T 9 and
each trick goes to the highest card of the suit led. The dealer's left leads; nobody
takes the up-card, goes alone or defends alone. After the hand the deal passes left.

The scoring is not given by the source (project decision). Option
``notrump_passout_scoring``: ``majority`` (the project's proposal, default) — the side
taking 3 or 4 tricks scores 1, all 5 scores 2; ``none`` — the hand scores nothing.

Sources: a Danish euchre rules page ("spilles hånden som ingen trumf").
"""

from __future__ import annotations

from collections.abc import Generator

from euchre_core.config import Option
from euchre_core.events import Contract
from euchre_core.hookspecs import hookimpl
from euchre_core.model import HandScore, PassOut
from euchre_core.state import State

NAME = "no-trump-passout"
APPLIES_TO = ("standard",)
CONFLICTS = ("stick-the-dealer", "dealer-forfeit")


@hookimpl
def euchre_add_options() -> list[Option]:
    return [
        Option(
            "notrump_passout_scoring",
            str,
            "majority",
            "Scoring of a pass-out "
            "played at no trump: the side taking 3-4 tricks scores 1 and all 5 "
            "scores 2 (majority), or nothing (none).",
            choices=("majority", "none"),
        )
    ]


@hookimpl(wrapper=True)
def euchre_bidding_result(state: State) -> Generator[None, object, object]:
    result = yield
    if isinstance(result, PassOut) and not result.points:
        return Contract(None, None, False, round=2)
    return result


@hookimpl
def euchre_score_hand(state: State) -> HandScore | None:
    c = state.contract
    if c is None or c.maker is not None:
        return None
    n = state.seats
    if state.options[NAME]["notrump_passout_scoring"] == "none":
        return HandScore((0,) * n, "no-trump hand")
    total = len(state.tricks)
    for side in state.table.sides:
        won = sum(state.tricks_won[s] for s in side)
        if won * 2 > total:
            value = 2 if won == total else 1
            return HandScore(tuple(value if s in side else 0 for s in range(n)), "no-trump hand")
    return HandScore((0,) * n, "no-trump hand")

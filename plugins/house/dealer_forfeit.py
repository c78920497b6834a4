"""Dealer forfeit: when the others have passed twice, the dealer names trump or concedes.

At the dealer's last turn of round 2 (everyone else having passed), the dealer may
name a suit as usual or ``forfeit`` the deal instead of passing: the opponents score
``forfeit_points`` (1) and the deal passes to the left.

Sources: euchrelinks.com, “Variations”.
"""

from __future__ import annotations

from collections.abc import Generator

from euchre_core.actions import Action, Forfeit, Pass
from euchre_core.config import Option
from euchre_core.events import Contract
from euchre_core.hookspecs import hookimpl
from euchre_core.model import ActionWords, PassOut
from euchre_core.state import State
from euchre_core.view import PlayerView

NAME = "dealer-forfeit"
APPLIES_TO = ("standard",)
CONFLICTS = ("stick-the-dealer", "no-trump-passout")


@hookimpl
def euchre_add_options() -> list[Option]:
    return [
        Option("forfeit_points", int, 1, "Points to each opponent when the dealer forfeits.", min=0)
    ]


def _last_turn(state: State, seat: int) -> bool:
    return seat == state.dealer and len(state.bids) == 2 * state.seats - 1


@hookimpl(wrapper=True)
def euchre_legal_bids(state: State, seat: int) -> Generator[None, list[Action], list[Action]]:
    bids = yield
    if _last_turn(state, seat):
        return [Forfeit() if isinstance(a, Pass) else a for a in bids]
    return bids


@hookimpl
def euchre_bidding_result(state: State) -> Contract | PassOut | None:
    seat, last = state.bids[-1]
    if isinstance(last, Forfeit):
        pts = state.options[NAME]["forfeit_points"]
        mine = set(state.table.side_of(seat))
        points = tuple(0 if s in mine else pts for s in range(state.seats))
        return PassOut(points, same_dealer=False, reason="the dealer forfeited the deal")
    return None


@hookimpl
def euchre_why_illegal(state: State, seat: int, action: Action) -> str | None:
    if isinstance(action, Pass) and state.to_act == seat and _last_turn(state, seat):
        return "the dealer cannot pass now: name trump or forfeit the deal"
    return None


@hookimpl
def euchre_action_words(view: PlayerView, action: Action) -> ActionWords | None:
    """Forfeiting the deal: the points it gives away are its risk."""
    if isinstance(action, Forfeit):
        pts = view.options[NAME]["forfeit_points"]
        return ActionWords(
            "forfeit the deal",
            typed=("forfeit the deal",),
            kind="forfeit",
            example="forfeit",
            risk=f"{pts} point{'' if pts == 1 else 's'} to each opponent",
        )
    return None

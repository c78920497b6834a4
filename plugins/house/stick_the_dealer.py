"""Stick the dealer: when the other players have passed twice, the dealer must name trump.

Also called "screw the dealer" (French *donneur forcé*). In round 2 the dealer may not
pass after the others have; the dealer names a suit (not the turned-down one, unless
``stuck_dealer_may_name_turned_suit``). The stuck dealer's side are ordinary makers (a
euchre is 2) and the stuck dealer may go alone. There is never a redeal.

Options: ``stuck_dealer_may_name_turned_suit`` (default false; true on some tables),
``stuck_dealer_may_call_no_trump`` (default false; in "some variations").

Sources: a French euchre app's rules page (“Comment jouer au euchre”) (option "donneur
forcé"); a Romanian two-hand euchre rules page; OpenSpiel (default there);
euchrelinks.com, “Variations”; euchrestrategy.info, “Stick the Dealer”; the Yahoo! Games
euchre glossary.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from euchre_core.actions import Action, Call, Pass
from euchre_core.config import Option
from euchre_core.hookspecs import hookimpl
from euchre_core.state import State

NAME = "stick-the-dealer"
APPLIES_TO = ("standard",)
CONFLICTS = ("dealer-forfeit", "no-trump-passout")


@hookimpl
def euchre_add_options() -> list[Option]:
    return [
        Option(
            "stuck_dealer_may_name_turned_suit",
            bool,
            False,
            "The stuck dealer may name the suit that was turned down.",
        ),
        Option(
            "stuck_dealer_may_call_no_trump", bool, False, "The stuck dealer may call no trump."
        ),
    ]


def is_stuck(state: State, seat: int) -> bool:
    """The dealer's last turn in round 2, everyone else having passed."""
    return seat == state.dealer and len(state.bids) == 2 * state.seats - 1


@hookimpl(wrapper=True)
def euchre_legal_bids(state: State, seat: int) -> Generator[None, list[Action], list[Action]]:
    return stuck_bids(state, seat, (yield))


def stuck_bids(state: State, seat: int, bids: list[Action]) -> list[Action]:
    """The bids the other rules allow, without the pass for a stuck dealer."""
    if not is_stuck(state, seat):
        return bids
    o = state.options[NAME]
    out = [a for a in bids if not isinstance(a, Pass)]
    up = state.upcard
    alone = any(isinstance(a, Call) and a.alone for a in bids)
    extra: list[Any] = []
    if o["stuck_dealer_may_name_turned_suit"] and up is not None and up.suit is not None:
        extra.append(up.suit)
    if o["stuck_dealer_may_call_no_trump"]:
        extra.append(None)
    for suit in extra:
        if Call(suit) not in out:
            out.append(Call(suit))
            if alone:
                out.append(Call(suit, True))
    return out


# What the wrapper does after its yield, as a plain function the engine calls instead.
euchre_legal_bids.after_answer = stuck_bids  # type: ignore[attr-defined]


@hookimpl
def euchre_why_illegal(state: State, seat: int, action: Action) -> str | None:
    if isinstance(action, Pass) and state.to_act == seat and is_stuck(state, seat):
        return "the dealer is stuck: everyone else passed twice, so the dealer must name trump"
    return None

"""Railroad euchre in words: calling for best and defending alone as the table offers
them, and the call for best as each seat hears it. The hookimpls are in
:mod:`euchre_plugins.railroad`; this module keeps it to a readable size."""

from __future__ import annotations

from euchre_plugins.railroad import CALL_FOR_BEST, CallBest, proposed_suit

from euchre_core.actions import Action, DefendAlone, GoAlone, Pass
from euchre_core.cards import JOKER
from euchre_core.events import Declared, Event, UpCardTurned
from euchre_core.model import ActionWords
from euchre_core.view import PlayerView

__all__ = ["action_words", "describe_event"]


def _deciding(view: PlayerView, kind: str) -> bool:
    return view.decision_kind == kind


def action_words(view: PlayerView, action: Action) -> ActionWords | None:
    """``best`` (call for the partner's best card), ``defend alone``, and the pass that
    declines either."""
    if isinstance(action, CallBest):
        return ActionWords(
            "call for your partner's best card",
            typed=("call for best", "call best", "partner's best"),
            kind="best",
            example="best",
        )
    if isinstance(action, DefendAlone):
        return ActionWords(
            "defend alone",
            typed=("alone",),
            kind="defend",
            example="defend alone",
            risk="your partner sits out",
        )
    if isinstance(action, Pass) and _deciding(view, CALL_FOR_BEST):
        return ActionWords(
            "play without your partner's card", typed=("no",), kind="pass", example="no"
        )
    if isinstance(action, Pass) and _deciding(view, "defend"):
        return ActionWords("defend with your partner", typed=("no",), kind="pass", example="no")
    return None


def _lone_seats(view: PlayerView) -> set[int]:
    """Seats that play alone so far this hand, as the view shows it."""
    out: set[int] = set()
    c = view.contract
    if c is not None and c.alone and c.maker is not None:
        out.add(c.maker)
    for seat, a in view.declarations:
        if isinstance(a, (GoAlone, DefendAlone)):
            out.add(seat)
    return out


def describe_event(event: Event, view: PlayerView | None) -> str | None:
    """The call for best (or playing without it), and the joker turned up (what it
    proposes)."""
    me = view.seat if view is not None else None
    if isinstance(event, Declared) and isinstance(event.action, CallBest):
        if me == event.seat:
            return "You call for your partner's best card"
        return f"{{{event.seat}}} calls for their partner's best card"
    if (
        isinstance(event, Declared)
        and isinstance(event.action, Pass)
        and view is not None
        and event.seat in _lone_seats(view)
    ):
        if me == event.seat:
            return "You play without your partner's best card"
        return f"{{{event.seat}}} plays without their partner's best card"
    if isinstance(event, UpCardTurned) and event.card is JOKER and view is not None:
        options = view.options.get("railroad", {})
        if options.get("joker_upcard") == "proposed_suit":
            suit = proposed_suit(options)
            return f"The joker is turned up: it proposes {suit.word} as trump"
        return "The joker is turned up: the dealer names trump without looking"
    return None

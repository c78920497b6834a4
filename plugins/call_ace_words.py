"""Call-for-ace in words: its actions as the table offers them and its events as each
seat hears them (the holder of the called card alone is told it is the secret partner).
The hookimpls are in :mod:`euchre_plugins.call_ace`; this module keeps it to a readable
size."""

from __future__ import annotations

from euchre_plugins.call_ace import CallAce, CallCard, PartnerRevealed, card_of_call

from euchre_core.actions import Action, GoAlone
from euchre_core.cards import Card
from euchre_core.events import CardPlayed, Declared, Event
from euchre_core.model import ActionWords
from euchre_core.view import PlayerView

__all__ = ["action_words", "describe_event"]


def action_words(action: Action) -> ActionWords | None:
    """Calling an ace (or a card), and going alone against every other player."""
    if isinstance(action, CallAce):
        word = action.suit.word
        return ActionWords(
            f"call the ace of {word}",
            typed=(f"ace of {word}", f"call the ace of {word}", f"call ace {word}"),
            kind="call-ace",
            example=f"call-ace {action.suit.value.lower()}",
        )
    if isinstance(action, CallCard):
        code = action.called.code
        return ActionWords(
            f"call {code} for a partner",
            typed=(f"call {code.lower()}",),
            kind="call-card",
            example=f"call-card {code}",
        )
    if isinstance(action, GoAlone):
        return ActionWords(
            "go alone",
            typed=("go alone",),
            kind="alone",
            example="alone",
            risk="you play alone against everyone",
        )
    return None


def _called_name(x: Card) -> str:
    if x.rank == "A" and x.suit is not None:
        return f"the ace of {x.suit.word}"
    return f"the {x.code}"


def _reveal_words(e: PartnerRevealed, me: int | None, verb: str) -> str:
    """``{3} plays AC: {3} was {0}'s partner``, for the seat ``me`` (``None``: anyone)."""
    x = e.card.code
    if e.seat == e.maker:
        if me == e.maker:
            return f"You {verb} {x}: you called your own card and played alone"
        return f"{{{e.seat}}} {verb}s {x}: {{{e.seat}}} called their own card and played alone"
    whose = "your" if me == e.maker else f"{{{e.maker}}}'s"
    if e.how == "up-card":
        if me == e.seat:
            return f"You took {x} up in view of all: everyone knows you are {whose} partner"
        return f"{{{e.seat}}} took {x} up in view of all: {{{e.seat}}} is {whose} partner"
    if me == e.seat:
        return f"You {verb} {x}: you were {whose} partner"
    return f"{{{e.seat}}} {verb}s {x}: {{{e.seat}}} was {whose} partner"


def describe_event(event: Event, view: PlayerView | None) -> str | None:
    """The call, the reveal and, on the holder's screen only, the secret: the holder of
    the called card is told from its own view (the card is in its hand)."""
    if isinstance(event, PartnerRevealed):
        if view is None and event.how == "played" and event.seat != event.maker:
            return (
                f"{{{event.seat}}} was {{{event.maker}}}'s partner: the {event.card.code} shows it"
            )
        if view is not None and event in view.events and event.how == "played":
            return ""  # told with the card (below)
        return _reveal_words(event, view.seat if view is not None else None, "play")
    if view is None:
        if isinstance(event, Declared) and isinstance(event.action, CallCard):
            return f"{{{event.seat}}} calls for {_called_name(event.action.called)}"
        return None
    if isinstance(event, CardPlayed):
        for e in view.events:
            if isinstance(e, PartnerRevealed) and e.how == "played" and e.card is event.card:
                return _reveal_words(e, view.seat, "play")
        return None
    if not isinstance(event, Declared) or not isinstance(event.action, (CallAce, CallCard)):
        return None
    x = card_of_call(event.action)
    assert x is not None
    maker = event.seat
    me = view.seat
    call = (
        f"You call for {_called_name(x)}"
        if me == maker
        else f"{{{maker}}} calls for {_called_name(x)}"
    )
    mine = x in view.hand or any(
        isinstance(e, CardPlayed) and e.seat == me and e.card is x for e in view.events
    )
    if not mine or any(isinstance(e, PartnerRevealed) for e in view.events):
        return call
    if me == maker:
        return f"{call}\nYou hold {x.code} yourself: you play alone, and nobody knows it"
    return (
        f"{call}\nYou hold the {x.code} {{{maker}}} called: you are {{{maker}}}'s secret "
        "partner, and nobody knows it until you play it"
    )

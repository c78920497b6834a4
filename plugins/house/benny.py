"""Benny: the joker joins the pack as the highest trump (British Euchre).

The pack gets the joker (the "Benny", code ``JK``): 25 cards with the 24-card pack, 33
with the 32-card pack (any ``standard.deck`` without a joker gets one; the joker packs
are left as they are). Whatever suit is trump, the Benny is its highest card, above the
right bower, and it belongs to the trump suit for everything: leading it leads trump,
and a player who holds it must follow with it when trump is led (and, with
``must-trump``, it counts as a trump).

**The Benny turned up.** There is no bidding. The dealer names the trump suit *before
looking at his hand*; his side are the makers; he takes the Benny into his hand and
discards one card (never the Benny); the dealer's left leads. The engine makes the
dealer's choice the first decision of the hand, a ``call`` decision (``call C``,
``call D``, ``call H``, ``call S``) marked *blind*: while he decides, the dealer's view
(:class:`~euchre_core.view.PlayerView`) holds no cards and his own deal event is
redacted, so a bot or a person choosing from the view has not seen the hand. The call is
public (a ``Declared`` event). No farmer's hand is claimed on such a deal.

Options:

* ``benny_upcard_alone`` (default false; no source says): whether the dealer may play
  alone after such a forced make. When true, he is asked (``alone`` or ``pass``) after his
  discard, having seen his hand. When false, any lone hand another rule would offer to
  the dealer's side in that hand is withdrawn (the seat may only ``pass``).

The Benny in a no-trump hand (``no-trump-passout``) is left open by every source;
the project's decision applies: it is the best card of the game, belongs
to no suit, and wins any trick it is played to.

Under ``minimum-trump`` the Benny is a natural trump, and the dealer's forced make is
exempt (there is no bid).

Applies to: ``standard``.

Sources: a Czech euchre rules page; a Romanian two-hand euchre rules page; netplaces.com,
“British Euchre”; euchrelinks.com, “Variations”; Bicycle Cards, “Euchre”; cringle.me,
“Hoyle Euchre Rules”.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import replace

from euchre_core.actions import PASS, Action, Call, GoAlone, Pass
from euchre_core.cards import JOKER, SUITS
from euchre_core.config import Config, Option
from euchre_core.events import Contract
from euchre_core.hookspecs import hookimpl
from euchre_core.model import Decision, Table, Transfer
from euchre_core.state import State

NAME = "benny"
APPLIES_TO = ("standard",)

#: The dealer's choices when the Benny is turned up.
BLIND_CALLS: tuple[Call, ...] = tuple(Call(s) for s in SUITS)


@hookimpl
def euchre_add_options() -> list[Option]:
    return [
        Option(
            "benny_upcard_alone",
            bool,
            False,
            "When the Benny is turned up, the dealer may play alone after his discard.",
        )
    ]


@hookimpl(wrapper=True)
def euchre_table(config: Config) -> Generator[None, Table, Table]:
    table = yield
    if JOKER in table.deck:
        return table
    return replace(table, deck=(*table.deck, JOKER))


def benny_turned(state: State) -> bool:
    """The up-card of this deal is the Benny."""
    return state.upcard is JOKER


def blind_call(state: State) -> Call | None:
    """The dealer's choice of trump on a Benny up-card, once made."""
    for seat, a in state.prepare_log:
        if seat == state.dealer and isinstance(a, Call):
            return a
    return None


@hookimpl(wrapper=True)
def euchre_prepare_step(state: State) -> Generator[None, object, object]:
    step = yield
    if not benny_turned(state):
        return step
    c = state.contract
    dealer = state.dealer
    if c is None:
        # Before anything else of the hand: the dealer names trump without looking.
        chosen = blind_call(state)
        if chosen is None:
            return Decision(dealer, BLIND_CALLS, kind="call", blind=True)
        return Contract(dealer, chosen.suit, False, round=1)
    if c.maker != dealer:
        return step
    if isinstance(step, Decision) and step.kind == "pickup" and not state.upcard_taken:
        return Transfer(dealer, (JOKER,), "upcard", public=True)
    makers = state.table.side_of(dealer)
    if not state.options[NAME]["benny_upcard_alone"]:
        if isinstance(step, Decision) and step.seat in makers:
            kept = tuple(a for a in step.actions if not isinstance(a, GoAlone))
            if kept != step.actions:
                return replace(step, actions=kept or (PASS,))
        return step
    if step is not None or state.table.partnerships is None:
        return step
    asked = any(s == dealer and isinstance(a, (GoAlone, Pass)) for s, a in state.prepare_log)
    if not asked and state.upcard_taken:
        return Decision(dealer, (GoAlone(), PASS), kind="alone")
    return None


@hookimpl(wrapper=True)
def euchre_why_illegal(
    state: State, seat: int, action: Action
) -> Generator[None, str | None, str | None]:
    reason = yield
    if reason is not None or state.to_act != seat:
        return reason
    d = state.decision
    if d is not None and d.blind and d.actions == BLIND_CALLS:
        return (
            "the Benny is turned up: there is no bidding, the dealer names a trump suit "
            "(call C, call D, call H or call S)"
        )
    return None

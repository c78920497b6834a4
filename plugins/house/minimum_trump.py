"""Minimum trump: nobody may make trump without holding a natural trump.

A player may order up, take up (the dealer) or name a suit in round 2 only if holding at
least one trump that is not the left bower: a card of the trump suit itself (a
"natural" trump) or the joker when the ``benny`` plugin is on. The left bower alone
does not count. Passing is always allowed; calling no trump is not affected.

Options:

* ``dealer_counts_upcard`` (default true): the dealer counts the up-card,
  which he takes into his hand, as his natural trump, so the dealer may always take up.
  With ``standard.dealer_pickup = optional`` a dealer who took up on the strength of the
  up-card alone must then take it (he is not offered to leave it).

Project decision: under ``stick-the-dealer``
the rule is waived for the stuck dealer, who always has a legal call. More generally
the rule never leaves a seat without any legal bid: if it would, it is waived.

Benny turned up (``benny``): there is no bidding, so the dealer's forced make is exempt.

Applies to: ``standard``.

Sources: euchrelinks.com, “Variations”; a euchre tournament rules sheet (docstoc.com);
Lisa Baldwin's online euchre club variants.
"""

from __future__ import annotations

from collections.abc import Generator

from euchre_plugins.house._common import bidding_now

from euchre_core.actions import Action, Call, Order
from euchre_core.cards import Card, Suit
from euchre_core.config import Option
from euchre_core.hookspecs import hookimpl
from euchre_core.model import Decision, Transfer
from euchre_core.state import State

NAME = "minimum-trump"
APPLIES_TO = ("standard",)


@hookimpl
def euchre_add_options() -> list[Option]:
    return [
        Option(
            "dealer_counts_upcard",
            bool,
            True,
            "The dealer counts the up-card he takes as his natural trump.",
        )
    ]


def natural_trumps(hand: list[Card], trump: Suit) -> list[Card]:
    """The cards of ``hand`` that satisfy the rule for ``trump``: its own suit, the joker."""
    return [c for c in hand if c.suit is trump or c.is_joker]


def made_suit(state: State, action: Action) -> Suit | None:
    """The trump suit a bidding action would make, or ``None`` (pass, no trump …)."""
    if isinstance(action, Order):
        up = state.upcard
        return up.suit if up is not None else None
    if isinstance(action, Call):
        return action.suit
    return None


def stuck(state: State, seat: int) -> bool:
    """The dealer stuck by ``stick-the-dealer`` (last turn, all others passed twice)."""
    return (
        "stick-the-dealer" in state.rules.names
        and seat == state.dealer
        and len(state.bids) == 2 * state.seats - 1
    )


def upcard_counts(state: State, seat: int, action: Action) -> bool:
    """The dealer taking up counts the up-card (``dealer_counts_upcard``)."""
    return (
        isinstance(action, Order)
        and seat == state.dealer
        and state.upcard is not None
        and bool(state.options[NAME]["dealer_counts_upcard"])
    )


def may_make(state: State, seat: int, action: Action) -> bool:
    """Whether the rule lets ``seat`` take ``action`` (always true for non-making bids)."""
    suit = made_suit(state, action)
    if suit is None:
        return True
    return bool(natural_trumps(state.hands[seat], suit)) or upcard_counts(state, seat, action)


@hookimpl(wrapper=True)
def euchre_legal_bids(state: State, seat: int) -> Generator[None, list[Action], list[Action]]:
    bids = yield
    if stuck(state, seat):
        return bids
    kept = [a for a in bids if may_make(state, seat, a)]
    return kept or bids


@hookimpl(wrapper=True)
def euchre_prepare_step(state: State) -> Generator[None, object, object]:
    step = yield
    c = state.contract
    if (
        isinstance(step, Decision)
        and step.kind == "pickup"
        and c is not None
        and c.trump is not None
        and step.seat == c.maker == state.dealer
        and state.upcard is not None
        and not natural_trumps(state.hands[step.seat], c.trump)
    ):
        # The dealer made trump on the strength of the up-card: he must take it.
        return Transfer(step.seat, (state.upcard,), "upcard", public=True)
    return step


@hookimpl(wrapper=True)
def euchre_why_illegal(
    state: State, seat: int, action: Action
) -> Generator[None, str | None, str | None]:
    reason = yield
    if reason is not None or not bidding_now(state, seat):
        return reason
    suit = made_suit(state, action)
    if suit is None or may_make(state, seat, action) or stuck(state, seat):
        return None
    verb = "order up" if isinstance(action, Order) else "name"
    left = [c for c in state.hands[seat] if c.rank == "J" and c.suit is suit.partner]
    note = f" (the left bower {left[0]} does not count)" if left else ""
    return (
        f"cannot {verb} {suit.word}: minimum trump needs a natural trump, a {suit.word[:-1]} "
        f"in hand{note}"
    )


__all__ = ["may_make", "natural_trumps"]

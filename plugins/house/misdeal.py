"""Misdeal: a deal that breaks the rules of the table is void, and this rule says who
deals again.

What a misdeal is in a computer game. The engine's own shuffle and deal never go wrong:
every hand gets the right number of cards in the packets the table plays. A deal can still
break the rules when it comes from outside: cards dealt at a real table and typed in, a
deal read from a record, a test. Such a deal is a misdeal when (the cases, named by a
French app's rules and by the 1888 Laws, that a program can see):

* a hand does not hold the number of cards the table deals (a wrong card count);
* the pack is imperfect: a card of the pack is missing from the deal;
* no card is turned up in a game that turns one.

"What the table deals" is the shape of a deal made by the table's own rules
(``euchre_deal``), so a variant that deals every card or turns none is judged by its
own deal.

Straight after such a deal, before the first call, the players are asked in turn from
the dealer's left whether to call a misdeal (``misdeal``) or let the deal stand
(``pass``). When a hand has the wrong number of cards the deal cannot be played, so the
first player asked must call it (``misdeal`` is the only choice). A called misdeal is
public (a ``MisdealCalled`` event naming the caller and what is wrong); the cards are
gathered and dealt again, by the dealer ``misdeal_redealer`` names. A deal voided as a
misdeal by another rule (two claims of a farmer's hand under
``farmers-hand.several_claimants = misdeal``) is redealt the same way.

Options:

* ``misdeal_redealer``: ``same_dealer`` (default) — the same dealer
  deals again; ``next_dealer`` (the 1888 Laws) — the misdeal loses the deal, which passes to
  the left; ``same_once_then_next`` — the same dealer once, but a second misdeal
  in a row by the same dealer loses the deal.

Not modelled: a card exposed while dealing, and a wrong count discovered during play (the
1888 Laws, rule 90): a program deals no card face up, and a deal is checked before the
first call. Applies to: ``standard``.

Sources: a French euchre app's rules page (“Comment jouer au euchre”); Leeds & Dwight, The
Laws of Euchre (1888), rules 33-35, 41-42; a euchre tournament rules sheet (docstoc.com);
Seton School's euchre tournament sheet.
"""

from __future__ import annotations

import random
import re
from collections.abc import Generator
from dataclasses import dataclass, replace
from typing import ClassVar

from euchre_core.actions import PASS, Action, Pass, WordAction, register_action
from euchre_core.config import Option
from euchre_core.errors import EuchreError
from euchre_core.events import Declared, Event, HandStarted, PassedOut
from euchre_core.hookspecs import hookimpl
from euchre_core.model import ActionWords, Deal, Decision, PassOut
from euchre_core.state import State

NAME = "misdeal"
APPLIES_TO = ("standard",)


@register_action
@dataclass(frozen=True, slots=True)
class CallMisdeal(WordAction):
    """Call a misdeal: the deal breaks the rules of the table (``misdeal``)."""

    keyword: ClassVar[str] = "misdeal"


MISDEAL = CallMisdeal()


@dataclass(frozen=True, slots=True)
class MisdealCalled(Event):
    """A player called a misdeal; ``problem`` says what is wrong with the deal."""

    seat: int
    problem: str


@hookimpl
def euchre_add_options() -> list[Option]:
    return [
        Option(
            "misdeal_redealer",
            str,
            "same_dealer",
            "Who deals after a misdeal: the same dealer, the next dealer (the deal is "
            "lost), or the same dealer once and the next after a second misdeal in a row.",
            choices=("same_dealer", "next_dealer", "same_once_then_next"),
        )
    ]


def proper_deal(state: State) -> Deal:
    """A deal as the table's own rules make it (from a fixed shuffle): the shape every
    deal of this table must have."""
    deal = state.rules.deal(state, random.Random(0))
    if not isinstance(deal, Deal):
        raise EuchreError("no plugin answered euchre_deal")
    return deal


def problems(state: State) -> list[str]:
    """What is wrong with this hand's deal compared with the table's own deal (empty:
    nothing)."""
    out: list[str] = []
    shape = proper_deal(state)
    for seat, hand in enumerate(state.deal.hands):
        size = len(shape.hands[seat])
        if len(hand) != size:
            out.append(f"seat {seat} was dealt {len(hand)} cards, not {size}")
    missing = set(shape.all_cards()) - set(state.deal.all_cards())
    if missing:
        out.append(f"{len(missing)} card(s) of the pack are missing")
    if state.deal.upcard is None and shape.upcard is not None:
        out.append("no card was turned up")
    return out


def unplayable(state: State) -> bool:
    shape = proper_deal(state)
    return any(len(h) != len(p) for h, p in zip(state.deal.hands, shape.hands, strict=True))


def misdeals_in_a_row(state: State) -> int:
    """Misdeals of the current dealer in a row, just before this deal."""
    hands: list[list[object]] = []  # [dealer, ended in a misdeal] per deal
    for e in state.events:
        if isinstance(e, HandStarted):
            hands.append([e.dealer, False])
        elif isinstance(e, PassedOut) and hands and e.reason.startswith("misdeal"):
            hands[-1][1] = True
    count = 0
    for dealer, misdealt in reversed(hands[:-1]):
        if dealer != state.dealer or not misdealt:
            break
        count += 1
    return count


def same_dealer(state: State) -> bool:
    how = state.options[NAME]["misdeal_redealer"]
    if how == "same_dealer":
        return True
    if how == "next_dealer":
        return False
    return misdeals_in_a_row(state) == 0


@hookimpl(wrapper=True)
def euchre_prepare_step(state: State) -> Generator[None, object, object]:
    step = yield
    if isinstance(step, PassOut) and step.reason.startswith("misdeal"):
        return replace(step, same_dealer=same_dealer(state))
    if state.contract is not None:
        return step
    log = state.prepare_log
    called = next((s for s, a in log if isinstance(a, CallMisdeal)), None)
    if called is not None:
        what = "; ".join(problems(state))
        return PassOut(same_dealer=same_dealer(state), reason=f"misdeal: {what}")
    wrong = problems(state)
    if not wrong or any(isinstance(a, Pass) and s == state.dealer for s, a in log):
        return step
    asked = {s for s, a in log if isinstance(a, Pass)}
    n = state.seats
    for i in range(1, n + 1):
        seat = (state.dealer + i) % n
        if seat not in asked:
            choices = (MISDEAL,) if unplayable(state) else (MISDEAL, PASS)
            return Decision(seat, choices, kind="misdeal")
    return step


@hookimpl
def euchre_extra_events(state: State, event: Event) -> list[tuple[Event, frozenset[int] | None]]:
    if isinstance(event, Declared) and isinstance(event.action, CallMisdeal):
        return [(MisdealCalled(event.seat, "; ".join(problems(state))), None)]
    return []


@hookimpl
def euchre_action_words(action: Action) -> ActionWords | None:
    """Calling a misdeal."""
    if isinstance(action, CallMisdeal):
        return ActionWords(
            "call a misdeal",
            typed=("call a misdeal", "call misdeal"),
            kind="misdeal",
            example="misdeal",
        )
    return None


@hookimpl
def euchre_describe_event(event: Event) -> str | None:
    """The call of a misdeal and what was wrong with the deal, in words."""
    if isinstance(event, Declared) and isinstance(event.action, CallMisdeal):
        return f"{{{event.seat}}} calls a misdeal"
    if isinstance(event, MisdealCalled):
        wrong = re.sub(r"\bseat (\d+)\b", r"{\1}", event.problem)
        return f"Misdeal: {wrong}" if wrong else "Misdeal"
    return None

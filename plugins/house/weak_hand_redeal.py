"""Weak-hand redeal: a player dealt a hopeless hand may show it and have the cards dealt
again.

Straight after the deal, before the first call, every player is asked in turn from the
dealer's left: ``redeal`` (show the hand to everyone and void the deal) or ``pass``. A
player whose hand does not qualify is asked too and may only pass, so that nobody learns
from the asking, or from a pass, whose hand is weak. The first player to claim voids the
deal; nobody scores. What qualifies, and
who deals again, is the option ``weak_hand_rule``:

* ``mcevoy`` (default): every card a 9 or a 10 (the "McEvoy"). The same
  dealer deals again. Once per player per match: a player who has claimed it once in the
  game (in the whole match, with ``laps``, ``slam`` or ``rubber``) is not asked again
  (everyone saw the claim, so skipping him tells nothing).
* ``nine_ten_no_trump`` ("Fold: Farmer Hand"): every card a 9 or a 10 and no trump.
  The claim is made before the bidding, so "no trump" is read as no card of the up-card's
  suit, the suit that is trump if it is ordered up (project decision). A fresh deal by
  the same dealer.
* ``ace_no_face``: at least one ace and no king, queen or jack. It is a misdeal:
  the deal passes to the left.
* ``no_ace_no_face_no_trump``: no ace, no king, queen or jack, and no card of the
  up-card's suit. The tournament sheet says such a hand "may be folded" without saying
  what that does; the project reads it as a void deal that passes to the left, like
  ``ace_no_face``.

The shown hand is a public ``WeakHandShown`` event; the void deal is a pass-out whose
reason names the claimant. With the ``benny`` turned up the dealer names trump at once,
so that deal has no claim.

Conflicts with ``farmers-hand``, the other remedy for a hand of 9s and 10s (its
``mixed_redeal`` is this rule by another name). Applies to: ``standard``.

Sources: Wikipedia, “Euchre variations” (older article); euchrelinks.com, “Variations”;
euchrestrategy.info, “Ace-No-Face”; a euchre tournament rules sheet (docstoc.com).
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass
from typing import ClassVar

from euchre_core.actions import PASS, Action, Pass, WordAction, register_action
from euchre_core.cards import JOKER, Card
from euchre_core.config import Option
from euchre_core.events import Declared, Event
from euchre_core.hookspecs import hookimpl
from euchre_core.model import ActionWords, Decision, PassOut
from euchre_core.state import State

NAME = "weak-hand-redeal"
APPLIES_TO = ("standard",)
CONFLICTS = ("farmers-hand",)

LOW = ("9", "T")
FACES = ("K", "Q", "J")
#: Rules under which the same dealer deals again (the others pass the deal on).
SAME_DEALER = ("mcevoy", "nine_ten_no_trump")


@register_action
@dataclass(frozen=True, slots=True)
class Redeal(WordAction):
    """Show a weak hand and void the deal (``redeal``)."""

    keyword: ClassVar[str] = "redeal"


REDEAL = Redeal()


@dataclass(frozen=True, slots=True)
class WeakHandShown(Event):
    """A player showed a weak hand to everyone and voided the deal."""

    seat: int
    cards: tuple[Card, ...]
    rule: str


@hookimpl
def euchre_add_options() -> list[Option]:
    return [
        Option(
            "weak_hand_rule",
            str,
            "mcevoy",
            "Which hand may be shown for a new deal: all 9s and 10s, once per player per "
            "match (mcevoy); all 9s and 10s and no card of the up-card's suit "
            "(nine_ten_no_trump); aces but no face card (ace_no_face); no ace, no face card "
            "and no card of the up-card's suit (no_ace_no_face_no_trump).",
            choices=("mcevoy", "nine_ten_no_trump", "ace_no_face", "no_ace_no_face_no_trump"),
        )
    ]


def rule(state: State) -> str:
    return str(state.options[NAME]["weak_hand_rule"])


def qualifies(hand: list[Card] | tuple[Card, ...], how: str, upsuit: object) -> bool:
    """Whether ``hand`` is weak enough under the rule ``how`` (``upsuit``: the up-card's
    suit, or None)."""
    if not hand:
        return False
    no_trump = all(c.suit is not upsuit and not c.is_joker for c in hand)
    if how in ("mcevoy", "nine_ten_no_trump"):
        low = all(c.rank in LOW for c in hand)
        return low and (how == "mcevoy" or no_trump)
    faces = any(c.rank in FACES or c.is_joker for c in hand)
    aces = any(c.rank == "A" for c in hand)
    if how == "ace_no_face":
        return aces and not faces
    return not aces and not faces and no_trump


def claimed_before(state: State, seat: int) -> bool:
    """``seat`` has already shown a McEvoy in this game (match)."""
    return any(isinstance(e, WeakHandShown) and e.seat == seat for e in state.events)


def may_claim(state: State, seat: int) -> bool:
    how = rule(state)
    up = state.upcard
    if not qualifies(state.hands[seat], how, up.suit if up is not None else None):
        return False
    return not (how == "mcevoy" and claimed_before(state, seat))


@hookimpl(wrapper=True)
def euchre_prepare_step(state: State) -> Generator[None, object, object]:
    step = yield
    if step is not None or state.contract is not None:
        return step
    if state.upcard is JOKER and "benny" in state.rules.names:
        return None
    log = state.prepare_log
    for seat, a in log:
        if isinstance(a, Redeal):
            same = rule(state) in SAME_DEALER
            return PassOut(same_dealer=same, reason=f"seat {seat} showed a weak hand: redeal")
    asked = {s for s, a in log if isinstance(a, Pass)}
    once = rule(state) == "mcevoy"
    n = state.seats
    for i in range(1, n + 1):
        seat = (state.dealer + i) % n
        if seat in asked or (once and claimed_before(state, seat)):
            continue
        # Every seat is asked, weak hand or not: one that may only pass looks, to the
        # others, like one that chose to.
        choices = (REDEAL, PASS) if may_claim(state, seat) else (PASS,)
        return Decision(seat, choices, kind="redeal")
    return None


@hookimpl
def euchre_extra_events(state: State, event: Event) -> list[tuple[Event, frozenset[int] | None]]:
    if isinstance(event, Declared) and isinstance(event.action, Redeal):
        shown = tuple(sorted(state.hands[event.seat]))
        return [(WeakHandShown(event.seat, shown, rule(state)), None)]
    return []


@hookimpl
def euchre_action_words(action: Action) -> ActionWords | None:
    """Showing a weak hand for a redeal."""
    if isinstance(action, Redeal):
        return ActionWords(
            "show the hand for a redeal",
            typed=("ask for a redeal",),
            kind="redeal",
            example="redeal",
        )
    return None


@hookimpl
def euchre_describe_event(event: Event) -> str | None:
    """The weak hand shown, in words."""
    if isinstance(event, Declared) and isinstance(event.action, Redeal):
        return f"{{{event.seat}}} shows a weak hand and asks for a new deal"
    if isinstance(event, WeakHandShown):
        return f"{{{event.seat}}}'s weak hand: " + " ".join(c.code for c in event.cards)
    return None

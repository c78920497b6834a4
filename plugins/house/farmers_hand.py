"""Farmer's hand: a player dealt a hand of low cards may swap them for the kitty.

Also called "bottoms" or "going under". Immediately after the deal, before the first
call, every player is asked in turn, from the dealer's left round to the dealer, whether
to claim a farmer's hand (``farmer 9C 9H 9S``: the three cards to exchange) or ``pass``.
A player without one is asked too and may only pass, so that nobody learns from the
asking, or from a pass, who holds such a hand. The claimant shows the cards (a public
``FarmersHandShown`` event), puts them face down in the kitty and takes the three
face-down kitty cards into his hand (only he sees them). The up-card is never
exchanged; with a larger pack (the 32-card pack) the three cards taken are the three
directly under the up-card. Then the bidding starts as usual. Nothing changes in the
scoring.

Options:

* ``farmer_rule`` — what a farmer's hand is:

  * ``three_low`` (default, recommended): three 9s or three 10s; those three cards are
    shown and exchanged;
  * ``all_low``: a hand of nothing but 9s and 10s; the whole hand is shown and any three of
    its cards are exchanged (the French source does not say how many: project decision);
  * ``mixed_redeal``: four or more 9s and 10s in all; the holder shows them and may
    demand a redeal (``farmer redeal``) by the same dealer.

* ``no_upcard_suit`` (default false): no exchanged card may be of the
  up-card's suit. A hand whose only low triple includes such a card cannot be claimed.
* ``several_claimants`` — ``first_claimant`` (default): the first claim
  from the dealer's left is the only one (later seats are not asked); ``misdeal``
  every seat is asked, and two claims or more void the deal (the same dealer
  deals again).

When the ``benny`` plugin turns the Benny up, the dealer names trump at once without
looking at his hand, so that deal has no farmer's hand.

Applies to: ``standard``.

Sources: a French euchre app's rules page (“Comment jouer au euchre”);
euchrestrategy.info, “Farmer's Hand”; Wikipedia, “Euchre variations” (older article).
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass
from itertools import combinations
from typing import ClassVar

from euchre_core.actions import PASS, Action, Pass, register_action
from euchre_core.bots.sampling import SampleConstraints
from euchre_core.cards import JOKER, Card, parse_card
from euchre_core.config import Option
from euchre_core.errors import EuchreError
from euchre_core.events import BidMade, Declared, Event
from euchre_core.hookspecs import hookimpl
from euchre_core.model import ActionWords, Decision, PassOut, Transfer
from euchre_core.state import State
from euchre_core.view import PlayerView

NAME = "farmers-hand"
APPLIES_TO = ("standard",)

LOW_RANKS = ("9", "T")


@register_action
@dataclass(frozen=True, slots=True)
class Farmer(Action):
    """Claim a farmer's hand: ``farmer 9C 9H 9S`` exchanges those three cards with the
    kitty; ``farmer redeal`` demands a redeal (``mixed_redeal``)."""

    keyword: ClassVar[str] = "farmer"
    cards: tuple[Card, ...] = ()

    @property
    def redeal(self) -> bool:
        return not self.cards

    def __str__(self) -> str:
        if self.redeal:
            return "farmer redeal"
        return "farmer " + " ".join(c.code for c in self.cards)

    @classmethod
    def from_words(cls, words: list[str]) -> Action:
        if [w.lower() for w in words] == ["redeal"]:
            return Farmer(())
        if len(words) != 3:
            raise EuchreError("say 'farmer' and the three cards to exchange, or 'farmer redeal'")
        cs = [parse_card(w) for w in words]
        if len(set(cs)) != 3:
            raise EuchreError("the three cards must differ")
        return Farmer(tuple(sorted(cs)))


@dataclass(frozen=True, slots=True)
class FarmersHandShown(Event):
    """A player claimed a farmer's hand and showed these cards to everyone.

    :ivar redeal: the claim demands a redeal (``mixed_redeal``) rather than an exchange
    """

    seat: int
    cards: tuple[Card, ...]
    redeal: bool = False


@hookimpl
def euchre_add_options() -> list[Option]:
    return [
        Option(
            "farmer_rule",
            str,
            "three_low",
            "What a farmer's hand is: three 9s or three 10s (three_low), only 9s and 10s "
            "(all_low), or four 9s/10s demanding a redeal (mixed_redeal).",
            choices=("three_low", "all_low", "mixed_redeal"),
        ),
        Option(
            "no_upcard_suit",
            bool,
            False,
            "No exchanged card may be of the up-card's suit.",
        ),
        Option(
            "several_claimants",
            str,
            "first_claimant",
            "Several players claim: only the first from the dealer's left counts "
            "(first_claimant), or the deal is void (misdeal).",
            choices=("first_claimant", "misdeal"),
        ),
    ]


def opt(state: State) -> dict[str, object]:
    return state.options[NAME]  # type: ignore[return-value]


def low_cards(hand: list[Card]) -> list[Card]:
    return [c for c in hand if c.rank in LOW_RANKS]


def claims_for(state: State, seat: int) -> list[Farmer]:
    """Every claim ``seat`` may make with the cards it holds now (empty: none)."""
    hand = state.hands[seat]
    o = opt(state)
    rule = o["farmer_rule"]
    if rule == "mixed_redeal":
        return [Farmer(())] if len(low_cards(hand)) >= 4 else []
    if len(state.kitty) < 3:
        return []  # too few face-down cards to swap with (e.g. six players and an up-card)
    up = state.upcard
    barred = up.suit if (o["no_upcard_suit"] and up is not None) else None

    def allowed(c: Card) -> bool:
        return barred is None or c.suit is not barred

    if rule == "all_low":
        if len(low_cards(hand)) != len(hand):
            return []
        pool = [c for c in hand if allowed(c)]
        return [Farmer(tuple(sorted(t))) for t in combinations(sorted(pool), 3)]
    out: list[Farmer] = []
    for rank in LOW_RANKS:
        pool = [c for c in hand if c.rank == rank and allowed(c)]
        out.extend(Farmer(tuple(t)) for t in combinations(sorted(pool), 3))
    return out


def shown_cards(state: State, seat: int, claim: Farmer) -> tuple[Card, ...]:
    """What the claimant shows: the three cards, the whole hand (``all_low``) or the low cards
    (``mixed_redeal``)."""
    hand = state.hands[seat]
    rule = opt(state)["farmer_rule"]
    if rule == "all_low":
        return tuple(sorted(hand))
    if rule == "mixed_redeal":
        return tuple(sorted(low_cards(hand)))
    return claim.cards


def seats_from_left(state: State) -> list[int]:
    n = state.seats
    return [(state.dealer + i) % n for i in range(1, n + 1)]


def no_window(state: State) -> bool:
    """The Benny turned up (``benny``): trump is named at once, there is no farmer's hand."""
    return state.upcard is JOKER and "benny" in state.rules.names


def resolve(state: State, seat: int, claim: Farmer) -> Transfer | PassOut | None:
    if claim.redeal:
        return PassOut(same_dealer=True, reason=f"farmer's hand: seat {seat} demanded a redeal")
    if any(isinstance(a, Transfer) for _, a in state.prepare_log):
        return None
    taken = tuple(state.kitty[:3])
    if len(taken) < 3:
        raise EuchreError("a farmer's hand needs three face-down cards in the kitty")
    return Transfer(seat, taken, "kitty", public=False, returned=claim.cards)


def window_open(state: State) -> bool:
    """Whether this deal has a farmer's-hand question at all: only what every seat knows
    decides it (the rule, the number of face-down cards, a Benny turned up)."""
    if no_window(state):
        return False
    return opt(state)["farmer_rule"] == "mixed_redeal" or len(state.kitty) >= 3


@hookimpl(wrapper=True)
def euchre_prepare_step(state: State) -> Generator[None, object, object]:
    step = yield
    if step is not None or state.contract is not None or not window_open(state):
        return step
    log = state.prepare_log
    claims = [(s, a) for s, a in log if isinstance(a, Farmer)]
    asked = {s for s, a in log if isinstance(a, (Farmer, Pass))}
    misdeal = opt(state)["several_claimants"] == "misdeal"
    if not claims or misdeal:
        for seat in seats_from_left(state):
            if seat not in asked:
                # Every seat is asked, holding a farmer's hand or not: a seat that may
                # only pass looks, to the others, like one that chose to.
                return Decision(seat, (*claims_for(state, seat), PASS), kind="farmer")
    if not claims:
        return None
    if len(claims) > 1:
        who = ", ".join(str(s) for s, _ in claims)
        return PassOut(same_dealer=True, reason=f"misdeal: seats {who} all claimed a farmer's hand")
    seat, claim = claims[0]
    assert isinstance(claim, Farmer)
    return resolve(state, seat, claim)


@hookimpl
def euchre_extra_events(state: State, event: Event) -> list[tuple[Event, frozenset[int] | None]]:
    if isinstance(event, Declared) and isinstance(event.action, Farmer):
        claim = event.action
        shown = shown_cards(state, event.seat, claim)
        return [(FarmersHandShown(event.seat, shown, claim.redeal), None)]
    return []


@hookimpl(wrapper=True)
def euchre_why_illegal(
    state: State, seat: int, action: Action
) -> Generator[None, str | None, str | None]:
    reason = yield
    if reason is not None or not isinstance(action, Farmer) or state.to_act != seat:
        return reason
    d = state.decision
    if d is None or d.kind != "farmer":
        return "a farmer's hand is claimed only straight after the deal, before the first call"
    rule = opt(state)["farmer_rule"]
    what = {
        "three_low": "three 9s or three 10s",
        "all_low": "three cards of a hand made only of 9s and 10s",
        "mixed_redeal": "a redeal, with four 9s and 10s",
    }[str(rule)]
    extra = ""
    up = state.upcard
    if opt(state)["no_upcard_suit"] and up is not None and up.suit is not None:
        extra = f"; no card of the up-card's suit ({up.suit.word}) may be exchanged"
    choices = ", ".join(str(a) for a in d.actions)
    return f"a farmer's hand claims {what}{extra} (choices: {choices})"


@hookimpl
def euchre_sample_constraints(view: PlayerView) -> SampleConstraints | None:
    """For deals sampled from a seat's view: the cards a farmer's hand showed were dealt
    to the claimant. (A pass says nothing: every seat is asked, and one without a
    farmer's hand can only pass.)"""
    known: dict[int | str, tuple[Card, ...]] = {}
    for e in view.events:
        if isinstance(e, FarmersHandShown):
            known[e.seat] = (*known.get(e.seat, ()), *e.cards)
        elif isinstance(e, BidMade):
            break
    if not known:
        return None
    return SampleConstraints(known=known)


@hookimpl
def euchre_action_words(action: Action) -> ActionWords | None:
    """Claiming a farmer's hand (an exchange of three cards, or a redeal)."""
    if isinstance(action, Farmer):
        if action.redeal:
            return ActionWords(
                "claim a farmer's hand for a redeal", kind="farmer-redeal", example="farmer redeal"
            )
        codes = " ".join(c.code for c in action.cards)
        return ActionWords(
            f"claim a farmer's hand, exchanging {codes}", kind="farmer", example=f"farmer {codes}"
        )
    return None


@hookimpl
def euchre_describe_event(event: Event) -> str | None:
    """The claim and the cards it shows, in words."""
    if isinstance(event, Declared) and isinstance(event.action, Farmer):
        return f"{{{event.seat}}} claims a farmer's hand"
    if isinstance(event, FarmersHandShown):
        shown = " ".join(c.code for c in event.cards)
        then = "and demands a redeal" if event.redeal else "to exchange with the kitty"
        return f"{{{event.seat}}} shows {shown} {then}"
    return None

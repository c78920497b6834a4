"""Napoleon's widows: Peep Nap and Purchase Nap (Sir Garnet), option ``widow``.

A helper module of the ``napoleon`` plugin, not a plugin: the hookimpls in
:mod:`euchre_plugins.napoleon` call these functions.

* **Peep Nap** (``widow = peep``): one card more is dealt face down, the widow. At his turn
  to bid, before bidding or passing, a player may pay ``peep_cost`` into the pool to look
  at it (``peep``): the others see that he looked, not the card. The high bidder may then
  take the widow card into his hand and discard any one of his six cards face down
  (``exchange``), or keep his hand (``pass``). The pool is won by the next player to make
  a bid of all five tricks (Nap, Wellington or Blücher); until then it carries over from
  deal to deal. The payments to and from each opponent keep the scores at a zero sum, so
  the pool is what the scores fall short of zero.
* **Purchase Nap / Sir Garnet** (``widow = purchase``): a sixth hand of five cards is dealt
  face down. Instead of bidding, a player may take it (``purchase``) while nobody has bid
  Nap or more: he adds it to his hand, keeps any five of the ten and discards the other
  five face down, and plays a Nap. Nobody bids after him (he has seen five more cards; the
  bidding ends with the purchase). Made, it wins a Nap; failed, it costs double a Nap.

Sources: Bicycle Cards, "Peep Nap" and "Sir Garnet"; gamerules.com, "Peep Nap".
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from euchre_core.actions import (
    DISCARD,
    PASS,
    Action,
    Discard,
    Pass,
    WordAction,
    register_action,
)
from euchre_core.bots.sampling import KITTY, SampleConstraints
from euchre_core.cards import SUITS, Card, Suit
from euchre_core.events import BidMade, Declared, Event
from euchre_core.model import ActionWords, Decision, Transfer
from euchre_core.state import State
from euchre_core.view import PlayerView

__all__ = [
    "EXCHANGE",
    "PEEP",
    "PURCHASE",
    "WIDOWS",
    "Exchange",
    "Peep",
    "Purchase",
    "WidowPeeped",
    "widow_size",
]

#: The values of the ``widow`` option and the cards each deals to the widow.
WIDOWS = {"none": 0, "peep": 1, "purchase": 5}
NAME = "napoleon"
HAND = 5


@register_action
@dataclass(frozen=True, slots=True)
class Peep(WordAction):
    """Pay into the pool to look at the widow card before bidding (Peep Nap)."""

    keyword: ClassVar[str] = "peep"


@register_action
@dataclass(frozen=True, slots=True)
class Purchase(WordAction):
    """Take the extra hand instead of bidding, keep five of the ten and play a Nap
    (Purchase Nap, Sir Garnet)."""

    keyword: ClassVar[str] = "purchase"


@register_action
@dataclass(frozen=True, slots=True)
class Exchange(WordAction):
    """The high bidder takes the widow card and discards one of his six (Peep Nap)."""

    keyword: ClassVar[str] = "exchange"


PEEP = Peep()
PURCHASE = Purchase()
EXCHANGE = Exchange()


@dataclass(frozen=True, slots=True)
class WidowPeeped(Event):
    """What ``seat`` saw when it paid to look at the widow: ``card`` (only that seat is
    told this event; the others see its ``peep`` among the bids)."""

    seat: int
    card: Card
    lesson_topic: ClassVar[str] = "peep"


def widow_size(options: Mapping[str, Any]) -> int:
    return WIDOWS[str(options["widow"])]


def widow_cards(state: State) -> tuple[Card, ...]:
    """The widow of this deal: the first cards of the undealt rest of the pack."""
    return state.deal.kitty[: widow_size(state.options[NAME])]


# ---------------------------------------------------------------------------------------
# Bidding
# ---------------------------------------------------------------------------------------


def peeped(bids: Sequence[tuple[int, Action]], seat: int) -> bool:
    return any(s == seat and isinstance(a, Peep) for s, a in bids)


def purchaser(bids: Sequence[tuple[int, Action]]) -> int | None:
    """The seat that took the extra hand this deal, if any."""
    for s, a in bids:
        if isinstance(a, Purchase):
            return s
    return None


def extra_bids(
    options: Mapping[str, Any],
    bids: Sequence[tuple[int, Action]],
    seat: int,
    high: int | str | None,
    values: Sequence[int | str],
) -> list[Action]:
    """The widow's actions open to ``seat`` at its turn to bid: a peep (once, before its
    bid), the purchase (while nobody has bid Nap or more)."""
    kind = options["widow"]
    if kind == "peep" and not peeped(bids, seat):
        return [PEEP]
    if kind == "purchase" and (high is None or values.index(high) < values.index("nap")):
        return [PURCHASE]
    return []


def why_not(
    options: Mapping[str, Any], bids: Sequence[tuple[int, Action]], seat: int, action: Action
) -> str | None:
    """Why a peep or a purchase is refused, or ``None`` when ``action`` is neither."""
    kind = options["widow"]
    if isinstance(action, Peep):
        if kind != "peep":
            return "there is no widow to peep at in this game (widow = peep)"
        if peeped(bids, seat):
            return "you have seen the widow card already: bid or pass"
        return None
    if isinstance(action, Purchase):
        if kind != "purchase":
            return "there is no extra hand to take in this game (widow = purchase)"
        return "the extra hand may be taken only while nobody has bid Nap or more"
    if isinstance(action, Exchange):
        return "only the high bidder exchanges with the widow, once the bidding is over"
    return None


def peep_points(state: State) -> list[int]:
    """What each seat paid to peep this deal (negative)."""
    cost = int(state.options[NAME]["peep_cost"])
    out = [0] * state.seats
    for s, a in state.bids:
        if isinstance(a, Peep):
            out[s] -= cost
    return out


def pool_before(state: State) -> int:
    """The pool when this deal began (asked while the deal is scored): what the scores
    fall short of zero."""
    return max(0, -sum(state.scores))


# ---------------------------------------------------------------------------------------
# After the bidding: the exchange, the purchase
# ---------------------------------------------------------------------------------------


def prepare_step(state: State) -> Decision | Transfer | None:
    """Peep Nap: the high bidder may exchange with the widow card; Purchase Nap: the
    purchaser takes the extra hand and discards five."""
    c = state.contract
    kind = state.options[NAME]["widow"]
    if c is None or c.maker is None or kind == "none":
        return None
    maker = c.maker
    log = state.prepare_log
    taken = any(isinstance(a, Transfer) for _, a in log)
    hand = state.hands[maker]
    if kind == "purchase":
        if purchaser(state.bids) != maker:
            return None
        if not taken:
            return Transfer(maker, widow_cards(state), "widow", public=False)
    elif kind == "peep":
        if not any(s == maker and isinstance(a, (Exchange, Pass)) for s, a in log):
            return Decision(maker, (EXCHANGE, PASS), kind="exchange")
        if not any(isinstance(a, Exchange) for _, a in log):
            return None
        if not taken:
            return Transfer(maker, widow_cards(state), "widow", public=False)
    if len(hand) > HAND:
        return Decision(maker, tuple(DISCARD[x.index] for x in hand), kind="discard")
    return None


def settle(
    state: State, points: tuple[int, ...], made: bool, level: int | str | None, lose: int
) -> tuple[int, ...]:
    """The deal's points with the widow's: a failed purchase costs double, the peeps go
    to the pool, a bid of five made takes the pool."""
    kind = state.options[NAME]["widow"]
    out = list(points)
    c = state.contract
    assert c is not None and c.maker is not None
    maker = c.maker
    if kind == "purchase" and purchaser(state.bids) == maker and not made:
        out = [p * 2 for p in out]
    if kind == "peep":
        paid = peep_points(state)
        out = [p + q for p, q in zip(out, paid, strict=True)]
        if made and level in ("nap", "wellington", "bluecher"):
            out[maker] += pool_before(state) - sum(paid)
    return tuple(out)


# ---------------------------------------------------------------------------------------
# Words
# ---------------------------------------------------------------------------------------


def action_words(view: PlayerView, action: Action) -> ActionWords | None:
    o = view.options[NAME]
    if isinstance(action, Peep):
        return ActionWords(
            f"peep at the widow for {int(o['peep_cost'])} into the pool",
            typed=("peep",),
            kind="peep",
            example="peep",
        )
    if isinstance(action, Purchase):
        from euchre_plugins.napoleon import payment

        win, lose = payment(o, "nap")
        others = view.seats - 1
        return ActionWords(
            f"take the extra hand, keep five of ten and play Nap, {win} from each opponent",
            typed=("purchase", "take"),
            kind="purchase",
            example="purchase",
            risk=f"{2 * lose * others} points at risk",
        )
    if isinstance(action, Exchange):
        return ActionWords(
            "take the widow card and discard one", typed=("exchange",), kind="exchange"
        )
    if isinstance(action, Pass) and view.decision_kind == "exchange":
        return ActionWords("keep your hand", typed=("pass", "keep"), kind="pass")
    return None


def describe_event(event: Event, view: PlayerView | None) -> str | None:
    """A peep (the card, to the seat that peeped), a purchase, an exchange."""
    if isinstance(event, WidowPeeped):
        if view is not None and view.seat == event.seat:
            return f"You peep at the widow: {event.card.code}"
        return f"{{{event.seat}}} peeps at the widow: {event.card.code}"
    if not isinstance(event, (BidMade, Declared)):
        return None
    you = view is not None and view.seat == event.seat
    who = f"{{{event.seat}}}"
    action = event.action
    if isinstance(action, Peep):
        cost = int(view.options[NAME]["peep_cost"]) if view is not None else 1
        pays = "pay" if you else "pays"
        return f"{who} {pays} {cost} into the pool to peep at the widow"
    if isinstance(action, Purchase):
        takes = "take" if you else "takes"
        return f"{who} {takes} the extra hand and must make a Nap"
    if isinstance(action, Exchange):
        takes = "take" if you else "takes"
        return f"{who} {takes} the widow card, to discard one of six"
    peep = view is None or view.options[NAME]["widow"] == "peep"
    if isinstance(event, Declared) and isinstance(action, Pass) and peep:
        keeps = "keep" if you else "keeps"
        return f"{who} {keeps} the hand and leaves the widow card"
    return None


def coaching(options: Mapping[str, Any], others: int) -> dict[str, str]:
    kind = options["widow"]
    if kind == "peep":
        cost = int(options["peep_cost"])
        text = (
            "Peep Nap: one card is dealt face down, the widow. At your turn, before you bid, "
            f"you may pay {cost} into the pool to look at it. The high bidder may take it "
            "and discard a card. The pool goes to the next player who makes a Nap."
        )
        return {"peep": text, "ask:peep": text, "ask:exchange": text}
    if kind == "purchase":
        text = (
            "Purchase Nap: a sixth hand is dealt face down. Instead of bidding, while nobody "
            "has bid Nap, you may take it, keep the best five of your ten cards and play a "
            "Nap alone against everyone; failed, it costs double."
        )
        return {"purchase": text, "ask:purchase": text}
    return {}


# ---------------------------------------------------------------------------------------
# The bot
# ---------------------------------------------------------------------------------------


def best_five(
    view: PlayerView, cards: Sequence[Card], evaluate: Any
) -> tuple[list[Card], Suit, float]:
    """The five of ``cards`` that should take most tricks, their trump and tricks: for
    each trump its cards from the highest, then the other cards from the highest."""
    best: tuple[list[Card], Suit, float] | None = None
    for s in SUITS:
        trumps = sorted((c for c in cards if c.suit is s or c.suit is None), key=lambda c: -c.value)
        rest = sorted((c for c in cards if c not in trumps), key=lambda c: -c.value)
        keep = (trumps + rest)[:HAND]
        tricks = float(evaluate(view, keep, s))
        if best is None or tricks > best[2] + 1e-9:
            best = (keep, s, tricks)
    assert best is not None
    return best


def advise_discard(view: PlayerView, legal: Sequence[Action], evaluate: Any) -> tuple[Action, str]:
    keep, suit, tricks = best_five(view, view.hand, evaluate)
    allowed = [a.card for a in legal if isinstance(a, Discard)]
    out = [c for c in allowed if c not in keep] or allowed
    card = min(out, key=lambda c: (c.suit is suit, c.value))
    return DISCARD[card.index], (
        f"discard {card}: the five you keep should take about {tricks:.1f} tricks with "
        f"{suit.word} trump."
    )


def seen_widow(view: PlayerView) -> Card | None:
    for e in view.events:
        if isinstance(e, WidowPeeped) and e.seat == view.seat:
            return e.card
    return None


#: Tricks short of the next bid, at most, for which a bot pays to peep.
PEEP_MARGIN = 0.9
#: Tricks a purchased hand of ten is expected to take, at least, before the bot buys it.
PURCHASE_AT = 4.45
#: Sampled extra hands the bot weighs before a purchase.
PURCHASE_SAMPLES = 12


def advise_peep(
    view: PlayerView, legal: Sequence[Action], tricks: float, need: int | None
) -> tuple[Action, str] | None:
    """Peep when the hand is a trick or so short of a bid worth making (the widow card,
    exchanged, may make it); otherwise leave the decision to the bid."""
    if PEEP not in legal or need is None:
        return None
    if need - PEEP_MARGIN <= tricks < need:
        return PEEP, (
            f"peep: about {tricks:.1f} tricks, just short of {need}; the widow card may "
            "make the bid."
        )
    return None


def advise_purchase(
    view: PlayerView, legal: Sequence[Action], unseen: Sequence[Card], evaluate: Any
) -> tuple[Action, str] | None:
    """Buy the extra hand when the best five of ten, over sampled extra hands, should take
    every trick often enough to pay for the double loss."""
    if PURCHASE not in legal:
        return None
    rng = random.Random("purchase:" + " ".join(sorted(c.code for c in view.hand)))
    total = 0.0
    for _ in range(PURCHASE_SAMPLES):
        extra = rng.sample(list(unseen), HAND)
        total += best_five(view, [*view.hand, *extra], evaluate)[2]
    mean = total / PURCHASE_SAMPLES
    if mean >= PURCHASE_AT:
        return PURCHASE, (
            f"take the extra hand: with the best five of ten, about {mean:.1f} tricks of 5."
        )
    return None


def advise_exchange(view: PlayerView, evaluate: Any) -> tuple[Action, str]:
    """Taking the widow card is never worse: it may be discarded again."""
    card = seen_widow(view)
    if card is None:
        return EXCHANGE, "exchange: the widow card may be better, and you may discard it again."
    keep, suit, _ = best_five(view, [*view.hand, card], evaluate)
    if card in keep:
        return EXCHANGE, f"exchange: the widow card {card} improves your {suit.word}."
    return PASS, f"keep your hand: the widow card {card} would not help."


def sample_constraints(view: PlayerView) -> SampleConstraints | None:
    """The widow card a seat peeped at was dealt to the widow."""
    card = seen_widow(view)
    return None if card is None else SampleConstraints(known={KITTY: (card,)})

"""Napoleon in words: its bids as the table offers them, its events as each seat hears
them, and the coach's texts for ``euchre learn napoleon``. The hookimpls are in
:mod:`euchre_plugins.napoleon`; this module keeps it to a readable size."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from euchre_plugins.napoleon import NAME, NEED, WORD, ladder, payment

from euchre_core.actions import Action, Bid
from euchre_core.cards import Suit
from euchre_core.config import Config
from euchre_core.events import BidMade, Contract, ContractMade, Event
from euchre_core.model import ActionWords
from euchre_core.view import PlayerView

__all__ = ["TrumpLed", "action_words", "bid_words", "coaching", "describe_event"]


@dataclass(frozen=True, slots=True)
class TrumpLed(Event):
    """The bidder's first lead fixed trumps: the suit of ``seat``'s card (``None``: the
    joker was led, and the hand has no trump suit)."""

    seat: int
    suit: Suit | None
    lesson_topic: ClassVar[str] = "first-lead"


def bid_words(value: int | str) -> str:
    """``Four (four tricks)``, ``Misère (no trick)``, ``Nap (all five tricks)``."""
    need = NEED.get(value, 0)
    what = {0: "no trick", 1: "one trick", 5: "all five tricks"}.get(need, f"{need} tricks")
    return f"{WORD.get(value, str(value))} ({what})"


def action_words(view: PlayerView, action: Action) -> ActionWords | None:
    """A numeric bid is typed as its number; a named one by its name (``nap``,
    ``misere``, ``wellington``, ``bluecher``). A bid of all five tricks says what it
    risks: what it costs to every opponent."""
    if not isinstance(action, Bid):
        return None
    o = view.options[NAME]
    value = action.value
    if value not in ladder(o):
        return None
    win, lose = payment(o, value)
    others = view.seats - 1
    risk = f"{lose * others} points at risk" if NEED[value] == 5 else ""
    say = f"bid {bid_words(value)}, {win} from each opponent"
    if isinstance(value, int):
        return ActionWords(
            say, short=(str(value),), kind="bid", example=str(value), risk=risk, numbered=True
        )
    typed = {
        "misere": ("misere", "misère", "mis"),
        "nap": ("nap",),
        "wellington": ("wellington", "well"),
        "bluecher": ("bluecher", "blucher", "blücher"),
    }[value]
    return ActionWords(say, typed=typed, kind="bid", example=typed[0], risk=risk, numbered=True)


def _contract_words(c: Contract) -> str:
    who = f"{{{c.maker}}}"
    assert c.level is not None
    if c.level == 1:
        head = f"Everyone passed: the dealer {who} must play for one trick"
    else:
        head = f"{who} plays {bid_words(c.level)} alone against all the others"
    if c.trump is not None:
        return f"{head}; {c.trump.word} are trump, named for the Blücher"
    if c.by_lead:
        return f"{head}; the first card {who} leads makes its suit trump"
    return f"{head}, played without trumps"


def describe_event(event: Event, view: PlayerView | None) -> str | None:
    """The contract (who plays what against whom, and how trumps are fixed) and the
    opening lead that fixes trumps."""
    if isinstance(event, TrumpLed):
        if event.suit is None:
            return f"{{{event.seat}}} led the joker: this hand has no trump suit"
        return f"{{{event.seat}}} led a {event.suit.word[:-1]}: {event.suit.word} are trump"
    if isinstance(event, ContractMade) and event.contract.maker is not None:
        return _contract_words(event.contract)
    if isinstance(event, BidMade) and isinstance(event.action, Bid):
        return f"{{{event.seat}}} bids {bid_words(event.action.value)}"
    return None


def widow_coaching(o: Mapping[str, Any], others: int) -> dict[str, str]:
    """The coach's texts of the widow in force (Peep Nap, Purchase Nap), if any."""
    from euchre_plugins.napoleon_widow import coaching as widow_texts

    return widow_texts(o, others)


def coaching(config: Config) -> dict[str, str]:
    """The coach's texts of Napoleon, quoting the options in force."""
    o = config.options[NAME]
    seats = config.players or 5
    others = seats - 1
    bids = ", ".join(bid_words(v) for v in ladder(o))
    win4, lose4 = payment(o, 4)
    target = int(o["target_score"])
    end = (
        f"The first to {target} points wins."
        if o["game_end"] == "target"
        else f"After {int(o['deal_rounds'])} round(s) of deals the highest score wins."
    )
    misere = (
        "A misère is played without trumps."
        if o["misere_trumps"] == "none"
        else "In a misère too the first card led makes trumps."
    )
    return {
        "intro": (
            f"Napoleon (Nap) for {seats} players, each for himself: five cards each, one "
            "round of bidding for tricks, and the high bidder plays alone against all the "
            f"others. There are no bowers: every suit ranks A K Q J 10 down to 2. {end} I "
            "will tell you what each decision is about, what I would do and why; the choice "
            "is always yours."
        ),
        "rules": (
            "Five cards each. From the dealer's left each player bids once, higher than the "
            f"bid before, or passes. The bids, lowest first: {bids}; Wellington only over a "
            "Nap, Blücher only over a Wellington. The high bidder leads, and the suit of the "
            f"first card led is trump for the hand. {misere} Follow suit if you can; "
            "otherwise play anything (no duty to trump). The bidder who makes the bid is "
            "paid by each opponent, one who fails pays each opponent: a Four is worth "
            f"{win4} from each ({win4 * others} in all) or costs {lose4} to each. {end}"
        ),
        "bidding": (
            f"The bidding: one round, each bid higher than the last ({bids}). Bid the "
            "tricks your best suit can take as trump: you lead it first, so a long suit "
            "with the ace and king is worth a trick a card. Misère is for a hand of low "
            "cards in every suit."
        ),
        "first-lead": (
            "The first card the bidder leads makes its suit trump for the whole hand: there "
            "is no other announcement. A bidder leads from his longest, strongest suit."
        ),
        "alone": (
            "The high bidder plays alone against all the others; they play together against "
            "him, but each scores for himself."
        ),
        "bowers": "",
        "left-bower": "",
        "follow-suit": (
            "Following suit: when a suit is led you must play a card of that suit if you "
            "hold one (any one: you need not win). Jacks are ordinary cards."
        ),
        "trumping": (
            "Trumping: a player who holds none of the suit led may play any card; there is "
            "no duty to trump. A trump beats every card of the other suits."
        ),
        "trick-lost": (
            "Another player took that trick. The bidder needs the tricks of his bid (none "
            "at all in a misère); the others try to stop him."
        ),
        "scoring": (
            "Napoleon scoring: no bonus for extra tricks. The bidder who makes the bid "
            "receives its value from each opponent; failing, he pays it to each. Scores "
            "always add up to zero."
        ),
        "ask:bid": "Your bid: a bid higher than the one so far, or pass.",
        "ask:lead": (
            "You lead. The first card the bidder leads makes trumps; after that any card "
            "may be led."
        ),
        "ask:name-trump": "Name trump for your Blücher.",
        "card:right": "{card} is a trump this hand.",
        "card:left": "{card} is an ordinary card this hand: there are no bowers in Napoleon.",
        "bid:right": (
            "{card} is a jack: with {bidsuit} as trump it is only the fourth-highest trump "
            "(there are no bowers)."
        ),
        "bid:left": "{card} is a jack of its own suit: Napoleon has no bowers.",
        "term:nap": "A bid of all five tricks in Napoleon; Wellington and Blücher outbid it.",
        "term:misere": "A bid to take no trick at all, played without trumps.",
        **widow_coaching(o, others),
    }

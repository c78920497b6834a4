"""Five Hundred in words: its bids, the joker's nomination and lead as the table offers
them, its events as each seat hears them, and the lesson. The hookimpls are in
:mod:`euchre_plugins.five_hundred`; this module keeps it to a readable size."""

from __future__ import annotations

from euchre_plugins.five_hundred_core import (
    HAND,
    MISERE,
    NAME,
    OPEN_MISERE,
    HandShown,
    JokerLead,
    JokerLed,
    Nominate,
    bid_words,
    deck_for,
    is_misere,
    kitty_size,
    rules_for,
)

from euchre_core.actions import Action, Bid
from euchre_core.config import Config
from euchre_core.events import BidMade, ContractMade, Declared, Event
from euchre_core.model import ActionWords
from euchre_core.view import PlayerView

__all__ = ["action_words", "coaching", "describe_event"]

_LETTER = {"spades": "s", "clubs": "c", "diamonds": "d", "hearts": "h", "no-trump": "nt"}


def action_words(view: PlayerView, action: Action) -> ActionWords | None:
    """``bid 7 hearts`` (typed ``7 hearts``, ``7h``), ``misère``; the joker's suit."""
    if isinstance(action, JokerLead):
        word = action.suit.word
        return ActionWords(
            f"lead the joker, naming {word}",
            typed=(f"joker {word}", f"lead joker {word}"),
            kind="joker",
            example=f"joker {action.suit.value.lower()}",
        )
    if isinstance(action, Nominate):
        word = action.suit.word
        return ActionWords(
            f"make the joker the top {word[:-1]}",
            typed=(f"nominate {word}", f"joker is {word}"),
            kind="nominate",
            example=f"nominate {action.suit.value.lower()}",
        )
    if not isinstance(action, Bid) or NAME not in view.options:
        return None
    rules = rules_for(view.options[NAME])
    try:
        rung = rules.ladder.rung(action.value)
    except KeyError:
        return None
    say = bid_words(action.value)
    value = str(action.value)
    if is_misere(value):
        plain = value.replace("-", " ")
        partner = "your partner sits out" if view.partnerships is not None else "you play alone"
        shown = "; your hand is shown to all" if value == OPEN_MISERE else ""
        return ActionWords(
            f"bid {say} ({rung.points})",
            typed=(plain, value, say),
            kind=value,
            example=plain,
            risk=f"{rung.points} points at risk; {partner}{shown}",
            numbered=True,
        )
    n, _, strain = value.partition("-")
    typed = (say, value, f"{n}{_LETTER[strain]}", f"{n} {_LETTER[strain]}")
    risk = f"{rung.points} points at risk" if int(n) == HAND else ""
    return ActionWords(
        f"bid {say} ({rung.points})",
        typed=typed,
        kind="bid",
        example=f"{n}{_LETTER[strain]}",
        risk=risk,
        numbered=True,
    )


def describe_event(event: Event, view: PlayerView | None) -> str | None:
    """Bids, the contract, the joker named, the open hand, a joker led."""
    if isinstance(event, BidMade) and isinstance(event.action, Bid):
        return f"{{{event.seat}}} bids {bid_words(event.action.value)}"
    if isinstance(event, ContractMade):
        c = event.contract
        if c.maker is None:
            return "Everyone passed: the hand is played at no trumps, without the kitty."
        if c.level is None:
            return None
        if c.level == MISERE:
            return f"Contract: {{{c.maker}}} plays misère, to take no trick."
        if c.level == OPEN_MISERE:
            return (
                f"Contract: {{{c.maker}}} plays open misère, to take no trick; the hand will "
                "be shown after the first trick."
            )
        return f"Contract: {{{c.maker}}} to take {bid_words(c.level)}."
    if isinstance(event, Declared) and isinstance(event.action, Nominate):
        word = event.action.suit.word
        return f"{{{event.seat}}} makes the joker the highest of the {word}"
    if isinstance(event, HandShown):
        return f"{{{event.seat}}} lays the hand open: {' '.join(c.code for c in event.cards)}"
    if isinstance(event, JokerLed):
        return (
            f"{{{event.seat}}} leads the joker and names {event.suit.word}: follow them if you can"
        )
    return None


def coaching(config: Config) -> dict[str, str]:
    """What Five Hundred teaches: the Avondale bids, the kitty, the joker, misère."""
    o = config.options[NAME]
    seats = config.players or 4
    size = len(deck_for(o, seats))
    kitty = kitty_size(o, seats)
    target, floor = int(o["target_score"]), int(o["lose_score"])
    three_twos = seats == 6 and o["partnerships"] == "3x2"
    who = {
        3: "three players, each for themselves",
        4: "four players in two partnerships",
        5: "five players, the declarer naming partners for each hand",
        6: (
            "six players in three partnerships of two, partners opposite"
            if three_twos
            else "six players in two partnerships of three, partners in alternate seats"
        ),
    }[seats]
    partnered = seats in (4, 6)
    side = "side" if partnered else "player"
    pack_text = (
        " The pack has 11s and 12s in every suit and 13s in the red suits, between the 10 "
        "and the jack."
        if seats == 6
        else ""
    )
    partner_out = ""
    if partnered:
        partner_out = (
            ", while your partners sit out"
            if seats == 6 and not three_twos
            else ", while your partner sits out"
        )
    misere = bool(o["misere"])
    open_misere = bool(o["open_misere"])
    jokers = any(c.is_joker for c in deck_for(o, seats))
    joker = "The joker is the highest trump; at no trumps it is the only trump. " if jokers else ""
    by_bid = (
        f"only by making a contract (points taken as defenders never take a {side} out)"
        if o["win_requires_bid"]
        else "with any points"
    )
    misere_text = ""
    if misere or open_misere:
        parts = []
        if misere:
            parts.append("misère (250), after a bid of seven, between the sevens and the eights")
        if open_misere:
            parts.append("open misère (500), the hand shown after the first trick")
        misere_text = (
            "Misère is a bid to take no trick at all, at no trumps"
            + partner_out
            + ": "
            + "; ".join(parts)
            + ". The hand ends as soon as the declarer wins a trick. Bid it on a hand of "
            "low cards with no ace or king you cannot get rid of."
        )
    return {
        "intro": (
            f"Five Hundred for {who}. {size} cards: ten each and {kitty} face down, the "
            f"kitty.{pack_text} You bid tricks and a trump suit for points from a fixed "
            "table; the high bidder takes the kitty. The first to "
            f"{target} by making a contract wins, and {floor} loses. I will tell you what "
            "each decision is about, what I would do and why; the choice is always yours."
        ),
        "rules": (
            f"{size} cards, ten each and a kitty of {kitty}. From the dealer's left each bid "
            "is 6 to 10 tricks in a suit or no trumps, worth from 40 (6 spades) to 520 (10 no "
            "trumps): spades, clubs, diamonds, hearts, no trumps, higher each, and 100 more a "
            "trick. A pass is final. "
            + (misere_text + " " if misere_text else "")
            + "The declarer takes the kitty, discards as many, and leads. "
            + joker
            + "The jack of trumps and the other jack of its colour follow the joker. Follow "
            "suit if you can. Made: the contract's value; failed: minus it; the opponents "
            f"score 10 a trick. Game: {target}, {by_bid}; at {floor} a {side} loses."
        ),
        "bidding": (
            "The bidding: each bid names the tricks (6 to 10) and the trump, and must be worth "
            "more than the bid before (the table: 6 spades 40, 6 clubs 60, 6 diamonds 80, 6 "
            "hearts 100, 6 no trumps 120, then 100 more a trick). Count the tricks your hand "
            "takes with the kitty's help, and about two more from a partner."
        ),
        "pepper": misere_text,
        "widow": (
            f"The kitty: {kitty} cards dealt face down. The declarer takes them unseen by the "
            "others and discards as many: keep your trumps and aces."
        ),
        "partners": (
            (
                "With five players the declarer names one partner for the hand (two for a "
                "bid of eight or more): their tricks count with yours and they score the "
                "contract with you."
            )
            if seats == 5
            else ""
        ),
        "scoring": (
            "Five Hundred scoring: a contract made scores its value (all ten tricks on a "
            "contract worth less than 250 score 250); failed, it is taken off. The opponents "
            f"score 10 a trick either way. {target} wins, {floor} loses."
        ),
        "euchred": (
            "A declarer's side that takes fewer tricks than its bid loses the contract's value; "
            "the opponents still score 10 a trick."
        ),
        "alone": "",
        "ask:bid": "Your bid: a contract worth more than the bid so far, or pass (final).",
        "ask:discard": "You took the kitty: discard a card face down (as many as the kitty held).",
        "ask:nominate": (
            "At no trumps you may make the joker the highest card of a suit; kept free, it is "
            "in no suit, may be played only when you cannot follow, and wins any trick."
        ),
        "ask:partner": "Name a partner for this hand: their tricks count with yours.",
        "term:kitty": f"The {kitty} cards dealt face down in Five Hundred, for the declarer.",
        "term:misère": "A bid to take no trick at all, at no trumps, the partner sitting out.",
        "term:open misère": (
            "Misère with the declarer's hand laid face up for everyone after the first trick "
            "(500 points)."
        ),
        "term:avondale": (
            "The Avondale schedule: the value of each Five Hundred bid, 40 for 6 spades up to "
            "520 for 10 no trumps."
        ),
    }

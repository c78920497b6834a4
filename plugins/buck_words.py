"""Buck euchre in words, its lesson and its bot: staying in and dropping out as the table
offers them, its events as each seat hears them, the coach's texts for ``euchre learn
buck``, and the heuristic bot's advice on the decisions the game adds. The hookimpls are
in :mod:`euchre_plugins.buck`; this module keeps it to a readable size."""

from __future__ import annotations

from collections.abc import Sequence

from euchre_plugins import auction_core as core
from euchre_plugins.buck import ALL_IN, DIRTY, DROP, NAME, STAY, Drop, Stay

from euchre_core.actions import PASS, Action, Bid, Call, Discard, Order
from euchre_core.bots.evaluate import Outlook, estimate, make_chance
from euchre_core.cards import SUITS, Suit, pack
from euchre_core.config import Config
from euchre_core.events import ContractMade, Declared, Event
from euchre_core.model import ActionWords, Phase
from euchre_core.view import PlayerView

__all__ = ["action_words", "advice", "coaching", "describe_event"]


# ---------------------------------------------------------------------------------------
# Words
# ---------------------------------------------------------------------------------------


def action_words(view: PlayerView, action: Action) -> ActionWords | None:
    """``stay in`` and ``drop out``; a bid of tricks typed as its number."""
    if isinstance(action, Stay):
        return ActionWords("stay in", typed=("stay in", "in"), kind="stay", example="stay")
    if isinstance(action, Drop):
        return ActionWords("drop out", typed=("drop out", "out"), kind="drop", example="drop")
    if isinstance(action, Bid) and isinstance(action.value, int):
        o = view.options[NAME]
        risk = f"{o['penalty']} points if you fall short" if action.value == 5 else ""
        return ActionWords(
            f"bid {action.value} tricks",
            short=(str(action.value),),
            kind="bid",
            example=str(action.value),
            risk=risk,
            numbered=True,
        )
    return None


def describe_event(event: Event, view: PlayerView | None) -> str | None:
    """Dirty clubs, the contract with what each player needs, and each stay or drop."""
    if isinstance(event, Declared) and isinstance(event.action, (Stay, Drop)):
        if isinstance(event.action, Stay):
            return f"{{{event.seat}}} stays in: one trick or more, or bucked"
        return f"{{{event.seat}}} drops out of this hand"
    if not isinstance(event, ContractMade):
        return None
    c = event.contract
    if c.level == DIRTY:
        head = "Dirty clubs: a club turned up, clubs are trump and nobody may drop out"
        if c.maker is not None:
            return f"{head}; the dealer {{{c.maker}}} needs two tricks, the others one each"
        return f"{head}; everyone needs a trick"
    if c.level == ALL_IN:
        return "Nobody made trump: the hand is played at no trump, everyone in for a trick"
    trump = "no trump" if c.trump is None else f"{c.trump.word} trump"
    need = c.level if isinstance(c.level, int) else 3
    return f"{{{c.maker}}} makes {trump} and needs {need} tricks; the others stay in or drop out"


# ---------------------------------------------------------------------------------------
# The coach
# ---------------------------------------------------------------------------------------


def coaching(config: Config) -> dict[str, str]:
    """The coach's texts of Buck euchre, quoting the options in force."""
    o = config.options[NAME]
    seats = config.players or 4
    pen = int(o["penalty"])
    down = o["direction"] == "down"
    start = int(o["start_score"])
    end = (
        f"Everyone starts at {start} and counts down; the first to 0 or below wins."
        if down
        else f"Everyone starts at 0 and counts up; the first to {o['target_score']} wins."
    )
    trick = "takes a point off your score" if down else "adds a point"
    bucked = f"adds {pen}" if down else f"costs {pen}"
    if o["trump_mode"] == "bid":
        fixing = (
            f"From the dealer's left each player bids {o['min_bid']} to 5 tricks or passes, "
            "round and round until one bidder is left; he names trump and leads."
        )
        need = "his bid"
    else:
        fixing = (
            "Round 1: order up the turned suit or pass; round 2: name another suit or pass. "
            "The maker needs three tricks."
        )
        need = "three tricks"
    dirty = (
        " A club turned up is dirty clubs: clubs are trump, nobody bids and nobody may drop out."
        if o["dirty_clubs"]
        else ""
    )
    return {
        "intro": (
            f"Buck euchre for {seats} players, each for himself, with the 24-card pack and "
            f"the bowers. {end} Each trick you take {trick}; a player who takes no trick, "
            f"or a maker short of {need}, is bucked: that {bucked}. I will tell you what each "
            "decision is about, what I would do and why; the choice is always yours."
        ),
        "rules": (
            f"Five cards each and one turned up.{dirty} {fixing} Everyone else then stays "
            "in or drops out; one who drops scores nothing this hand. Follow suit if you "
            "can; the bowers are the top trumps. After the hand each player in subtracts "
            f"the tricks he took, or is bucked ({pen}) if he took none; the maker must take "
            f"{need}. {end}"
        ),
        "bidding": (
            "The bidding: a bid is the number of tricks you will take with trumps of your "
            "choice. Bid what your best suit can take; short of it you are bucked."
        ),
        "name-trump": "You won the bidding: name trump, the suit your hand is strongest in.",
        "upcard": (
            "The up-card: a club turned up makes clubs trump at once (dirty clubs); any "
            "other only shows one card that is not in the hands."
        ),
        "alone": (
            "Each for himself: the maker plays against everyone still in, and each of them "
            "plays for his own tricks."
        ),
        "pickup": (
            "The dealer's pick-up: the dealer takes the club turned up and discards one of "
            "his own cards face down."
        ),
        "scoring": (
            f"Buck scoring: each trick {trick}; no trick at all {bucked}. The maker who "
            f"falls short of {need} is bucked too, and his tricks count for nothing."
        ),
        "euchred": (
            f"Bucked: a player in the hand who takes no trick, or a maker short of {need}: "
            f"that {bucked}."
        ),
        "stay": (
            "Staying in or dropping out: once trump is fixed, everyone but the maker decides "
            f"in turn. Stay in and you must take a trick or be bucked ({bucked}); drop out "
            "and you lay your cards down and score nothing this hand."
        ),
        "ask:stay": (
            "Stay in or drop out: stay in if you can take a trick; dropping out costs "
            "nothing, being bucked costs the penalty."
        ),
        "ask:bid": "Your bid: a number of tricks higher than the bid so far, or pass.",
        "ask:name-trump": "Name trump: any suit.",
        "ask:discard": "You took the up-card: discard one of your own cards face down.",
        "term:bucked": (
            "In Buck euchre: taking no trick, or a maker short of his bid; the penalty is "
            "added to the score."
        ),
        "term:dirty clubs": "A club turned up in Buck euchre: clubs are trump and nobody drops.",
    }


# ---------------------------------------------------------------------------------------
# The bot
# ---------------------------------------------------------------------------------------

DECK = pack("9")


def outlook(view: PlayerView, opponents: int) -> Outlook:
    out = frozenset(view.played) | (
        {view.upcard} if view.upcard is not None and view.upcard_taken_by != view.seat else set()
    )
    return Outlook(
        DECK,
        frozenset(c for c in out if c is not None),
        opponent_cards=opponents * view.hand_size,
        opponents=opponents,
        partner_cards=0,
        partners=0,
        hand_size=view.hand_size,
    )


def best_trump(view: PlayerView, suits: Sequence[Suit | None]) -> tuple[Suit | None, float]:
    look = outlook(view, view.seats - 1)
    scored = [(estimate(view.hand, s, look).tricks, i, s) for i, s in enumerate(suits)]
    t, _, s = max(scored, key=lambda x: (x[0], -x[1]))
    return s, t


def advise_bid(view: PlayerView, legal: Sequence[Action]) -> tuple[Action, str]:
    suit, tricks = best_trump(view, list(SUITS))
    bids = [a for a in legal if isinstance(a, Bid) and isinstance(a.value, int)]
    pen = int(view.options[NAME]["penalty"])
    best: tuple[float, Action] | None = None
    for a in bids:
        assert isinstance(a.value, int)
        chance = make_chance(tricks, a.value)
        # Counting down: made, the tricks come off (about the bid); bucked, the penalty.
        value = chance * a.value - (1 - chance) * pen
        if best is None or value > best[0]:
            best = (value, a)
    name = suit.word if suit is not None else "no trump"
    if best is not None and (best[0] > 0.8 or PASS not in legal):
        a = best[1]
        return a, f"{a}: about {tricks:.1f} tricks with {name} trump."
    return PASS, f"pass: about {tricks:.1f} tricks with {name} trump, not enough to bid."


def advise_call(view: PlayerView, legal: Sequence[Action]) -> tuple[Action, str]:
    suits = [a.suit for a in legal if isinstance(a, Call)]
    suit, tricks = best_trump(view, suits)
    call = core.trump_call(suit, legal)
    return call, f"{call}: about {tricks:.1f} tricks."


def advise_order(view: PlayerView, legal: Sequence[Action]) -> tuple[Action, str]:
    up = view.upcard
    calls = [a for a in legal if isinstance(a, Call)]
    if any(isinstance(a, Order) for a in legal) and up is not None and up.suit is not None:
        hand = list(view.hand)
        if view.seat == view.dealer:
            hand.append(up)
        look = outlook(view, view.seats - 1)
        tricks = estimate(hand, up.suit, look).tricks
        if tricks >= 3.2:
            return Order(), f"order it up: about {tricks:.1f} tricks with {up.suit.word}."
        return PASS, f"pass: about {tricks:.1f} tricks with {up.suit.word}, three are needed."
    if calls:
        suit, tricks = best_trump(view, [a.suit for a in calls])
        if tricks >= 3.2:
            call = core.trump_call(suit, legal)
            return call, f"{call}: about {tricks:.1f} tricks; the maker needs three."
        return PASS, f"pass: your best call takes about {tricks:.1f} tricks, three are needed."
    return PASS, "pass."


def advise_stay(view: PlayerView) -> tuple[Action, str]:
    c = view.contract
    assert c is not None
    # Opponents of a staying player: the maker and those who stay (about half the rest).
    look = outlook(view, view.seats - 1)
    tricks = estimate(view.hand, c.trump, look).tricks
    chance = make_chance(tricks, 1, 0.8)
    pen = int(view.options[NAME]["penalty"])
    drop = int(view.options[NAME]["drop_penalty"])
    value = chance * max(tricks, 1.0) - (1 - chance) * pen
    if value > -drop:
        return STAY, f"stay in: about {tricks:.1f} tricks, a {chance:.0%} chance of one."
    return DROP, f"drop out: about {tricks:.1f} tricks, only a {chance:.0%} chance of one."


def advise_discard(view: PlayerView, legal: Sequence[Action]) -> tuple[Action, str]:
    look = outlook(view, view.seats - 1)
    return core.discard_advice(view.hand, view.trump, look, legal)


def advice(view: PlayerView, legal: Sequence[Action]) -> tuple[Action, str] | None:
    kinds = {type(a) for a in legal}
    o = view.options[NAME]
    if view.phase is Phase.BIDDING:
        if o["trump_mode"] == "order_up":
            return advise_order(view, legal)
        if Call in kinds:
            return advise_call(view, legal)
        return advise_bid(view, legal)
    if view.phase is Phase.PREPARE:
        if Stay in kinds:
            return advise_stay(view)
        if kinds == {Discard}:
            return advise_discard(view, legal)
    return None

"""Tricks: following suit, winning tricks and card ranking, shared by every variant.

The rules of the play of the cards that every game of the euchre family shares:

* Each card belongs to an *effective suit*: with a trump suit, the left bower (the jack of
  the other suit of trump's colour) and the joker belong to trump (a game played without
  bowers, such as Napoleon, keeps every jack in its own suit).
* A player who holds a card of the effective suit led must play one (any one: there is
  no duty to win or to play high); a player who holds none may play any card.
* The highest trump wins the trick; with no trump played, the highest card of the
  effective suit led. The winner leads the next trick.

This plugin is essential: every variant lists it first, and it cannot be disabled.
It has no options.
"""

from __future__ import annotations

from euchre_core.actions import Action, Call, Discard, Give, Pass, Play
from euchre_core.cards import Card, Suit
from euchre_core.hookspecs import hookimpl
from euchre_core.model import ActionWords
from euchre_core.state import State
from euchre_core.trumps import Ranking, ranking
from euchre_core.view import PlayerView

NAME = "tricks"
ESSENTIAL = True


@hookimpl
def euchre_ranking(state: State, trump: Suit | None) -> Ranking:
    c = state.contract
    return ranking(trump, c.bowers if c is not None else True)


@hookimpl
def euchre_legal_plays(state: State, seat: int) -> list[Card]:
    """Follow the effective suit led if able (from the hand's ranking tables)."""
    return state.ranking.legal_plays(state.hands[seat], state.trick)  # type: ignore[union-attr]


# The engine knows this answer (the ranking's rule of following suit) and works it out
# itself, from the hands it keeps sorted by suit, when no other plugin answers the hook.
euchre_legal_plays.follows_suit = True  # type: ignore[attr-defined]


def suit_words(suit: Suit | None, trump: Suit | None) -> str:
    """``hearts (trump)``, ``clubs``, or ``the joker's lead``."""
    if suit is None:
        return "no suit"
    return f"{suit.word} (trump)" if suit is trump else suit.word


@hookimpl
def euchre_why_illegal(state: State, seat: int, action: Action) -> str | None:
    if not isinstance(action, Play) or state.to_act != seat:
        return None
    card = action.card
    hand = state.hands[seat]
    if card not in hand:
        return f"seat {seat} does not hold {card}"
    r = state.ranking
    trick = state.trick
    if r is None or not trick:
        return None
    led = r.suit_of[trick[0][1].index]
    follow = [c for c in hand if r.suit_of[c.index] is led]
    if follow and card not in follow:
        own = r.suit_of[card.index]
        note = ""
        if own is not card.suit and card.suit is not None:
            note = f"{card} counts as {suit_words(own, r.trump)} this hand; "
        return (
            f"cannot play {card}: {note}must follow {suit_words(led, r.trump)}, "
            f"holds {' '.join(c.code for c in r.sorted(follow))}"
        )
    return None


@hookimpl
def euchre_trick_winner(state: State, trick: list[tuple[int, Card]]) -> int:
    r = state.ranking
    assert r is not None
    return r.winner_of(trick)


# The same for the winner of a trick: the ranking's.
euchre_trick_winner.ranks_tricks = True  # type: ignore[attr-defined]


# ---------------------------------------------------------------------------------------
# Coaching: the play of the cards in plain words
# ---------------------------------------------------------------------------------------

COACHING: dict[str, str] = {
    "bowers": (
        "With {trump} trump, the two highest trumps are jacks, the bowers: the right bower "
        "{right} (the jack of trump) and the left bower {left} (the other jack of the same "
        "colour). Then come the ace, king, queen, ten and nine of {trump}."
    ),
    "left-bower": (
        "The left bower {left} is a trump for the whole hand: it follows trump, not its "
        "printed suit. When {trump} are led it must follow them; when {leftsuit} are led "
        "it does not count as one of them."
    ),
    "follow-suit": (
        "Following suit: when a suit is led you must play a card of that suit if you "
        "hold one (any one: you need not win). The left bower counts as a trump, not as "
        "its printed suit."
    ),
    "trumping": (
        "Trumping: a player who holds none of the suit led may play any card, and a "
        "trump beats every card of the other suits. The highest trump played wins."
    ),
    "trick-won": (
        "Your side won that trick: the highest trump, or with no trump the highest card "
        "of the suit led, takes it, and its player leads the next trick."
    ),
    "trick-lost": (
        "The other side took that trick. Tricks are what count: the makers need {need} "
        "of the {tricks}."
    ),
    "ask:lead": "You lead: any card may be played, and the others must follow its suit.",
    "ask:follow": "{led} were led: you must follow with one of them.",
    "ask:void": (
        "You hold no {led}: play any card. A trump wins the trick unless a higher trump "
        "beats it; a card of another suit cannot win."
    ),
    "why:lead": "{card} can be played: you lead, and the leader may play any card.",
    "why:follow": "{card} can be played: it follows {led}, the suit led.",
    "why:void": "{card} can be played: you hold no {led}, so any card may be played.",
    "card:right": "{card} is the right bower, the highest trump.",
    "card:left": (
        "{card} is the left bower this hand: a {trump} card, the second-highest trump, "
        "not one of its printed suit."
    ),
    "card:trump": "{card} is a trump this hand.",
    "bid:right": (
        "With {bidsuit} as trump, {card} is the right bower, the highest trump: a sure "
        "trick, the best reason there is to make {bidsuit} trump."
    ),
    "bid:left": (
        "With {bidsuit} as trump, {card} is the left bower, the second-highest trump (a "
        "{bidsuit} card for the hand): nearly a sure trick."
    ),
    "bid:trump": (
        "With {bidsuit} as trump, {card} is one of your trumps: each trump you hold is a "
        "likely trick or a way to trump a suit you are out of."
    ),
    "bid:ace": (
        "With {bidsuit} as trump, {card} is a side ace: it often takes a trick, unless a "
        "player out of its suit trumps it."
    ),
    "bid:side": (
        "With {bidsuit} as trump, {card} is a low card of a side suit: it will seldom take "
        "a trick; it is the kind of card you throw away."
    ),
    "bid:no-trump": (
        "At no trump, {card} counts only in its own suit: the aces and kings of long suits "
        "take the tricks."
    ),
    "bid:upcard": (
        "{card} is the up-card: ordering it up makes {upsuit} trump and gives the card to "
        "the dealer."
    ),
    "bid:not-held": "You do not hold {card}: it tells you nothing about your hand.",
    "bid:worth": (
        "With {bidsuit} as trump your hand should take about {handtricks} tricks; "
        "{card} is worth about {cardworth} of them."
    ),
    "bid:worthless": (
        "With {bidsuit} as trump your hand should take about {handtricks} tricks; {card} "
        "adds next to nothing to them."
    ),
    "mistake:weak-bid": (
        "That bid was on a weak hand. I would have passed: {why} A bid the hand cannot "
        "make costs points."
    ),
    "mistake:trump-partner": (
        "Your partner's {winner} was already winning that trick: trumping it wastes a "
        "trump. When your partner has the trick, throw your least useful card."
    ),
    "mistake:winner-on-partner": (
        "Your partner's {winner} was already winning that trick: {card} takes nothing "
        "more and is gone for a later trick. Play low on your partner's trick."
    ),
    "mistake:lead-from-king": (
        "Leading away from a guarded king: you led {card} from a suit where you hold "
        "{king}. The maker plays after you and can win cheaply, and your king may then "
        "fall to the ace; keep the king back and let the others lead that suit to you."
    ),
    "term:bower": (
        "One of the two highest trumps: the right bower (the jack of trump) and the left "
        "bower (the other jack of the same colour)."
    ),
}


@hookimpl
def euchre_add_coaching() -> dict[str, str]:
    """Following suit, trumping, the bowers and the tricks, for the coach."""
    return COACHING


# ---------------------------------------------------------------------------------------
# Words at the table
# ---------------------------------------------------------------------------------------


def lone_risk(view: PlayerView) -> str:
    """What a lone hand puts at stake, in words for the person deciding."""
    if view.partnerships is not None:
        return "your partner sits out"
    return "you play alone against everyone"


def call_words(view: PlayerView, action: Call) -> ActionWords:
    """The words of naming trump (``call H``, ``call H alone``, ``call NT``)."""
    if action.suit is None:
        word, letter = "no trump", "nt"
        typed = ["no trump", "call no trump", "notrump", "no-trump"]
    else:
        word, letter = action.suit.word, action.suit.value.lower()
        typed = [word, f"call {word}"]
    if action.alone:
        return ActionWords(
            f"call {word} alone",
            typed=tuple(t + " alone" for t in typed),
            short=(f"{letter} alone",),
            kind="call-alone" if action.suit is not None else "no-trump-alone",
            example=f"{word} alone",
            risk=lone_risk(view),
        )
    return ActionWords(
        f"call {word}",
        typed=tuple(typed),
        short=(letter,),
        kind="call" if action.suit is not None else "no-trump",
        example=f"call {letter}",
    )


@hookimpl
def euchre_action_words(view: PlayerView, action: Action) -> ActionWords | None:
    """Passing, naming trump and moving a card, the words of every variant."""
    if isinstance(action, Pass):
        return ActionWords("pass", kind="pass", example="pass")
    if isinstance(action, Call):
        return call_words(view, action)
    if isinstance(action, (Play, Discard, Give)) and action.card is not None:
        verb = action.keyword
        code = action.card.face  # a copy of a double pack is typed and shown as its face
        typed = (
            (code.lower(),)
            if code == action.card.code
            else (code.lower(), str(action.card).lower())
        )
        return ActionWords(f"{verb} {code}", typed=typed, kind=verb, example=code)
    return None

"""Coaching: what a lesson teaches, the plugins' texts for it, and deals that show it.

A lesson (``euchre learn``) plays a few deals with a person at one seat and a coach
beside them. The *words* of the coach come from the plugins of the variant, through the
``euchre_add_coaching`` hook (:func:`coaching_texts`), so that a variant or a house rule
teaches its own rules; this module says *when* each text is due, from the decisions the
person meets and the events they see, so that the lesson, its tests and the search for
instructive deals share one definition of "this deal teaches the left bower".

Keys of the texts
-----------------

``<topic>``
    said the first time the lesson meets the topic. The lesson's topics are
    :data:`LESSON_TOPICS` (a variant teaches those it has texts for: standard euchre the
    up-card and the bowers, pepper the bidding for tricks and the two peppers, auction
    euchre the widow and the partners, call-for-ace the call and the secret partner; a
    text ``""`` removes a topic of the base game); ``intro`` (said at the start) and
    ``rules`` (the game's short rules, on request) are the two others.
``rule``
    one or two sentences on what a house rule changes, added to the short rules after
    the game's (:func:`short_rules`; without it, the first line of the plugin's
    description is used).
``ask:<decision>``
    one line said at every decision of that kind: what is being decided. The kinds are
    those of :func:`decision_kind` (``bid1``, ``bid1-dealer``, ``bid2``, ``discard``,
    ``lead``, ``follow``, ``void``, else the rules' own decision kind such as ``alone`` or
    ``dummy``); ``ask:bid1-dealer`` falls back to ``ask:bid1``.
``why:<case>``
    the reason a card may be played, for ``why CARD``: ``why:lead``, ``why:follow``,
    ``why:void``. (Why a card may *not* be played is the rules' own sentence,
    :meth:`State.why_not <euchre_core.state.State.why_not>`.)
``card:<kind>``
    what a card is this hand: ``card:right``, ``card:left``, ``card:trump``.
``bid:<case>``
    ``why CARD`` during the bidding: what holding the card means for the bid under
    consideration (:func:`bid_card`: ``bid:right``, ``bid:left``, ``bid:trump``,
    ``bid:ace``, ``bid:side``, ``bid:no-trump``, ``bid:upcard``, ``bid:not-held``), then
    ``bid:worth`` (or ``bid:worthless``) with the coach's figures.
``mistake:<kind>``
    the coach's explanation of a clear mistake (:func:`mistake`): ``mistake:weak-bid``,
    ``mistake:trump-partner``, ``mistake:winner-on-partner``, ``mistake:lead-from-king``.
``term:<word>``
    a glossary entry (``term:bower``, ``term:order up`` …).

Fields a text may name in braces (:func:`situation`), filled in when they are known:
``{trump}`` (the trump suit's name), ``{right}`` and ``{left}`` (the bowers' codes),
``{leftsuit}`` (the left bower's printed suit),
``{upcard}`` and ``{upsuit}`` (the turned card and its suit), ``{next}`` (the other suit
of the up-card's colour), ``{led}`` (the suit led to the current trick), ``{card}`` (the
card asked about), ``{need}`` (tricks the makers need), ``{tricks}`` (tricks in a hand);
for the ``bid:`` texts ``{bidsuit}`` (the trump of the bid), ``{handtricks}`` and
``{cardworth}`` (the coach's estimates, one decimal); for the ``mistake:`` texts
``{winner}`` (the partner's winning card), ``{king}`` and ``{why}`` (the coach's reason).
A field that is not known at that moment is left as written.

Topics are seen in the events (:class:`TopicTracker`) and in the learner's decisions
(:func:`decision_topics`); a plugin's own event class shows a topic by naming it in a
class attribute ``lesson_topic`` (the call-ace plugin's partner revealed:
``secret-partner``), and so does a plugin's own action declared in public (Buck euchre's
``stay`` and ``drop``: ``stay``).
"""

from __future__ import annotations

import string
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .actions import Action, Bid, Call, CallAce, Discard, Give, GoAlone, Order, Partner, Play
from .cards import Card, Suit
from .errors import EuchreError, PluginError
from .events import (
    BidMade,
    CardGiven,
    CardPlayed,
    CardsTaken,
    ContractMade,
    Declared,
    Event,
    HandScored,
    HandStarted,
    PlayStarted,
    TrickWon,
    UpCardTurned,
)
from .model import Phase
from .trumps import Ranking, ranking

if TYPE_CHECKING:
    from .config import Config
    from .manager import Rules
    from .view import PlayerView

__all__ = [
    "COACH_SAMPLES",
    "LESSON_TOPICS",
    "LessonDeal",
    "TopicTracker",
    "Verdict",
    "bid_card",
    "bid_suit",
    "bot_seed",
    "coach_seed",
    "coaching_answers",
    "coaching_texts",
    "decision_kind",
    "decision_topics",
    "describe_topics",
    "example_situation",
    "fill",
    "lesson_topics",
    "mistake",
    "plan_lesson",
    "rehearse",
    "second_look",
    "short_rules",
    "situation",
    "suit_name",
    "table_seats",
]

#: The topics of a lesson, in the order a learner usually meets them, with a label each.
LESSON_TOPICS: tuple[tuple[str, str], ...] = (
    ("bidding", "bidding for tricks"),
    ("name-trump", "naming trump after the bidding"),
    ("first-lead", "the first card led makes trumps"),
    ("stay", "staying in or dropping out"),
    ("pepper", "the little and big pepper bids"),
    ("exchange", "the exchange of cards with a partner"),
    ("widow", "the widow"),
    ("partners", "choosing partners"),
    ("upcard", "the up-card and ordering up"),
    ("alone", "going alone"),
    ("pickup", "the dealer's pick-up and discard"),
    ("round2", "naming trump in round 2"),
    ("call-ace", "calling an ace"),
    ("secret-partner", "the secret partner"),
    ("bowers", "the right and left bowers"),
    ("left-bower", "the left bower follows trump, not its printed suit"),
    ("follow-suit", "following suit"),
    ("trumping", "trumping when void"),
    ("trick-won", "winning a trick"),
    ("trick-lost", "losing a trick"),
    ("scoring", "how the hand is scored"),
    ("euchred", "what euchred means"),
    ("undealt-ace", "a called ace that was never dealt"),
)

HOOK = "euchre_add_coaching"


# ---------------------------------------------------------------------------------------
# The texts
# ---------------------------------------------------------------------------------------


def coaching_texts(config: Config, rules: Rules | None = None) -> dict[str, str]:
    """Every coaching text of a variant: the plugins' answers merged in stack order (a
    later plugin replaces an earlier one's text for the same key).

    :raises PluginError: naming the plugin whose answer failed or is not a mapping of
      strings.
    """
    merged: dict[str, str] = {}
    for _, answer in coaching_answers(config, rules):
        merged.update(answer)
    return merged


def coaching_answers(
    config: Config, rules: Rules | None = None
) -> list[tuple[str, Mapping[str, str]]]:
    """Each plugin's own answer to the coaching hook, in stack order: ``(plugin name,
    texts)`` (plugins with no answer left out).

    :raises PluginError: as :func:`coaching_texts`.
    """
    rules = rules if rules is not None else config.rules()
    caller = getattr(rules.pm.hook, HOOK)
    out: list[tuple[str, Mapping[str, str]]] = []
    for impl in caller.get_hookimpls():  # registration order: the base game first
        if impl.wrapper or impl.hookwrapper:
            continue
        args = {"config": config}
        try:
            answer = impl.function(*[args[a] for a in impl.argnames])
        except Exception as e:
            raise PluginError(HOOK, impl.plugin_name, e) from e
        if answer is None:
            continue
        if not isinstance(answer, Mapping) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in answer.items()
        ):
            raise PluginError(
                HOOK, impl.plugin_name, TypeError("the answer is not a dict of str to str")
            )
        out.append((impl.plugin_name, answer))
    return out


def short_rules(config: Config, rules: Rules | None = None) -> list[str]:
    """The short rules of a variant, one paragraph per plugin that changes them: the
    game's ``rules`` text (the last plugin of the stack that gives one: the variant over
    its base game), then for every other plugin of the stack, in order, its ``rule``
    text (one or two sentences on what it changes) or, when it gives none, the first line
    of its description. Plugins that give ``rules`` themselves, and the essential ones
    that every game shares (``tricks``), add nothing more.

    :raises PluginError: as :func:`coaching_texts`.
    """
    from .manager import plugin_meta

    rules = rules if rules is not None else config.rules()
    answers = dict(coaching_answers(config, rules))
    game = ""
    for _, texts in answers.items():
        game = texts.get("rules") or game
    out = [game] if game else []
    extra = [name for name in answers if name not in config.plugins]  # registered on top
    for name in [*config.plugins, *extra]:
        texts = answers.get(name, {})
        if "rules" in texts or texts.get("rule") == "":
            continue
        line = texts.get("rule")
        if line is None:
            plugin = rules.pm.get_plugin(name)
            meta = plugin_meta(plugin) if plugin is not None else None
            if meta is None or meta["essential"]:
                continue  # a part of every game (the tricks), not a rule that changes it
            line = (meta["doc"].strip().splitlines() or [""])[0]
        if line:
            out.append(line)
    return out


def lesson_topics(texts: Mapping[str, str]) -> tuple[str, ...]:
    """The lesson topics this variant's plugins have words for, in lesson order."""
    return tuple(t for t, _ in LESSON_TOPICS if texts.get(t))


class _Fields(dict[str, str]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def fill(text: str, fields: Mapping[str, str]) -> str:
    """``text`` with its ``{field}`` names replaced by the known values (unknown ones
    stay as written; a malformed text comes back unchanged)."""
    try:
        return string.Formatter().vformat(text, (), _Fields(fields))
    except (ValueError, IndexError, AttributeError, KeyError):
        return text


def suit_name(suit: Suit | None, trump: Suit | None = None) -> str:
    """``hearts``, ``hearts (trump)``, or ``no suit`` for the joker at no trump."""
    if suit is None:
        return "no suit"
    return f"{suit.word} (trump)" if trump is not None and suit is trump else suit.word


def situation(view: PlayerView, card: Card | None = None) -> dict[str, str]:
    """The fields a coaching text may name, as far as ``view``'s seat knows them."""
    out: dict[str, str] = {
        "tricks": str(view.hand_size),
        "need": str(view.hand_size // 2 + 1),
    }
    up = view.upcard
    if up is not None and up.suit is not None:
        out["upcard"] = up.code
        out["upsuit"] = up.suit.word
        out["next"] = up.suit.partner.word
        decided = view.contract is not None or len(view.bids) >= view.seats
        if decided and view.trump is not up.suit:
            out["turned"] = up.suit.word
    trump = view.trump
    if trump is not None:
        out["trump"] = trump.word
        out["right"] = "J" + trump.value
        out["left"] = "J" + trump.partner.value
        out["leftsuit"] = trump.partner.word
    led = view.led_suit()
    if led is not None or view.trick:
        out["led"] = suit_name(led, trump)
    if card is not None:
        out["card"] = card.code
        out["suit"] = suit_name(card.suit)
    return out


def example_situation(trump: Suit = Suit.HEARTS, hand_size: int = 5) -> dict[str, str]:
    """Fields for a text said away from the table (the closing words of a lesson): a
    hand with ``trump`` made in round 1 on its nine, and a trump led."""
    return {
        "tricks": str(hand_size),
        "need": str(hand_size // 2 + 1),
        "upcard": "9" + trump.value,
        "upsuit": trump.word,
        "next": trump.partner.word,
        "trump": trump.word,
        "right": "J" + trump.value,
        "left": "J" + trump.partner.value,
        "leftsuit": trump.partner.word,
        "led": suit_name(trump, trump),
    }


# ---------------------------------------------------------------------------------------
# When each text is due
# ---------------------------------------------------------------------------------------


def _ace(a: Action) -> Card | None:
    suit = getattr(a, "suit", None)
    if not isinstance(suit, Suit):
        return None
    from .cards import card

    return card("A" + suit.value)


def _led_and_follow(view: PlayerView, legal: Sequence[Action]) -> tuple[Suit | None, bool]:
    r = view.ranking or ranking(None)
    led = r.suit_of[view.trick[0][1].index]
    can_follow = any(r.suit_of[c.index] is led for c in view.hand)
    return led, can_follow


def decision_kind(view: PlayerView, legal: Sequence[Action]) -> str:
    """What kind of decision this is, for the ``ask:<kind>`` texts: ``bid1`` (or
    ``bid1-dealer``) on the up-card, ``bid2`` naming trump, ``discard``, ``lead``,
    ``follow`` (able to follow the suit led), ``void`` (unable to), or the rules' own
    kind of a decision before the first lead (``alone``, ``pickup`` …)."""
    kinds = {type(a) for a in legal}
    if view.phase is Phase.BIDDING:
        if Order in kinds:
            return "bid1-dealer" if view.seat == view.dealer else "bid1"
        if Call in kinds:
            return "bid2" if view.upcard is not None else "name-trump"
        return "bid"
    if view.phase is Phase.PLAY and any(isinstance(a, Play) for a in legal):
        if not view.trick:
            return "lead"
        _, can_follow = _led_and_follow(view, legal)
        return "follow" if can_follow else "void"
    if kinds and kinds <= {Discard}:
        return "discard"
    return view.decision_kind or "decide"


#: Decision kinds of a variant's own rules that are lesson topics by themselves.
_OWN_DECISION_TOPICS = frozenset({"stay"})


def decision_topics(view: PlayerView, legal: Sequence[Action]) -> list[str]:
    """The lesson topics a decision raises for the seat that takes it."""
    out: list[str] = []
    kind = decision_kind(view, legal)
    if kind.startswith("bid1"):
        out.append("upcard")
    elif kind == "bid2":
        out.append("round2")
    elif kind == "name-trump":
        out.append("name-trump")
    elif kind == "bid":
        out.append("bidding")
        if any(isinstance(a, Bid) and isinstance(a.value, str) for a in legal):
            out.append("pepper")
    elif kind == "discard" and view.upcard_taken_by == view.seat:
        out.append("pickup")
    elif kind == "discard" and _took_kitty(view):
        out.append("widow")
    own = view.decision_kind
    if own in _OWN_DECISION_TOPICS:
        out.append(own)  # a decision the rules add that is a topic of its own
    if any(isinstance(a, Give) for a in legal):
        out.append("exchange")
    if any(isinstance(a, Partner) for a in legal):
        out.append("partners")
    if any(isinstance(a, CallAce) for a in legal) or kind == "call":
        out.append("call-ace")
    if view.phase is Phase.PLAY and _hold_called(view):
        out.append("secret-partner")
    if any((isinstance(a, (Order, Call)) and a.alone) or isinstance(a, GoAlone) for a in legal):
        out.append("alone")
    r = view.ranking
    if view.phase is Phase.PLAY and r is not None:
        if view.trick:
            led, can_follow = _led_and_follow(view, legal)
            if can_follow:
                out.append("follow-suit")
            elif r.trump is not None and any(r.is_trump(c) for c in view.hand):
                out.append("trumping")
        if r.trump is not None and any(r.is_left_bower(c) for c in view.hand):
            led = r.suit_of[view.trick[0][1].index] if view.trick else None
            if led is r.trump or led is r.trump.partner:
                out.append("left-bower")
    return out


#: The names of the pile a declarer takes cards from (``Transfer.source``).
_PILES = ("kitty", "widow")


def _took_kitty(view: PlayerView) -> bool:
    return any(
        isinstance(e, CardsTaken) and e.source in _PILES and e.seat == view.seat
        for e in view.events
    )


def _hold_called(view: PlayerView) -> bool:
    """Whether the view's seat holds the card another seat called for a partner."""
    for e in view.events:
        if isinstance(e, Declared) and e.seat != view.seat:
            called = getattr(e.action, "called", None) or _ace(e.action)
            if isinstance(called, Card) and called in view.hand:
                return True
    return False


def event_topic(e: Event) -> str | None:
    """The lesson topic a plugin's own event shows: its class attribute
    ``lesson_topic`` (e.g. the call-ace plugin's partner revealed: ``secret-partner``)."""
    topic = getattr(type(e), "lesson_topic", None)
    return topic if isinstance(topic, str) else None


class TopicTracker:
    """Follows the events one seat sees and says which lesson topics each one shows.

    :param seat: the learner's seat
    :param seats: the number of seats
    :param partnerships: the fixed partnerships, or ``None``
    """

    def __init__(self, seat: int, seats: int, partnerships: tuple[tuple[int, ...], ...] | None):
        self.seat = seat
        self.seats = seats
        self.partnerships = partnerships
        self.side = frozenset(next((s for s in partnerships or () if seat in s), (seat,)))
        self.ranking: Ranking | None = None
        self.trick: list[tuple[int, Card]] = []
        self.upcard = False
        #: The card called for a partner this hand, until it is played.
        self.called: Card | None = None

    def feed(self, e: Event) -> list[str]:
        """The topics ``e`` shows (in the order the coach should speak of them)."""
        if isinstance(e, HandStarted):
            self.ranking, self.trick, self.upcard, self.called = None, [], False, None
            return []
        if isinstance(e, UpCardTurned):
            self.ranking = None
            self.trick = []
            self.upcard = True
            return []
        if isinstance(e, BidMade):
            a = e.action
            if isinstance(a, Order):
                return ["upcard", "alone"] if a.alone else ["upcard"]
            if isinstance(a, Call):
                first = "round2" if self.upcard else "name-trump"
                return [first, "alone"] if a.alone else [first]
            if isinstance(a, Bid):
                return ["bidding", "pepper"] if isinstance(a.value, str) else ["bidding"]
            return ["bidding"] if not self.upcard else []
        if isinstance(e, ContractMade):
            c = e.contract
            self.ranking = ranking(c.trump, c.bowers)
            out = ["bowers"] if c.trump is not None and c.bowers else []
            if c.alone or (self.partnerships is None and c.maker is not None):
                out.append("alone")
            return out
        if isinstance(e, CardsTaken):
            if e.source == "upcard":
                return ["pickup"]
            return ["widow"] if e.source in _PILES else []
        if isinstance(e, CardGiven):
            return ["exchange"]
        if isinstance(e, Declared):
            a = e.action
            if isinstance(a, GoAlone):
                return ["alone"]
            if isinstance(a, Partner):
                return ["partners"]
            called = getattr(a, "called", None)
            if isinstance(a, CallAce) or isinstance(called, Card):
                self.called = called if isinstance(called, Card) else _ace(a)
                return ["call-ace", "secret-partner"]
            own = getattr(type(a), "lesson_topic", None)  # a plugin's own declaration
            return [own] if isinstance(own, str) else []
        if isinstance(e, PlayStarted):
            self.trick = []
            return ["alone"] if e.sitting_out else []
        if isinstance(e, CardPlayed):
            return self._played(e)
        if isinstance(e, TrickWon):
            self.trick = []
            return ["trick-won" if e.winner in self.side else "trick-lost"]
        if isinstance(e, HandScored):
            out = ["scoring", "euchred"] if e.contract is not None else []
            if self.called is not None:
                out.append("undealt-ace")  # called, and never played: it was not dealt
            return out
        topic = event_topic(e)
        return [topic] if topic else []

    def _played(self, e: CardPlayed) -> list[str]:
        r = self.ranking
        self.trick.append((e.seat, e.card))
        if e.card is self.called:
            self.called = None
        if r is None or r.trump is None:
            return []
        out: list[str] = []
        if r.is_left_bower(e.card):
            out.append("left-bower")
        led = r.suit_of[self.trick[0][1].index]
        if len(self.trick) > 1 and led is not r.trump and r.is_trump(e.card):
            out.append("trumping")
        return out


# ---------------------------------------------------------------------------------------
# A card during the bidding, and a clear mistake
# ---------------------------------------------------------------------------------------


def bid_suit(view: PlayerView, legal: Sequence[Action], advised: Action | None) -> Suit | None:
    """The trump of the bid under consideration, or ``None`` when it is not a suit:
    the up-card's suit in round 1; else the suit of the advised call; else the trump
    already made (a call for a partner after it); else ``None`` (the caller then asks
    the coach for the hand's best suit)."""
    if any(isinstance(a, Order) for a in legal) and view.upcard is not None:
        return view.upcard.suit
    if isinstance(advised, Call) and advised.suit is not None:
        return advised.suit
    return view.trump  # trump already made (the call of a partner), else None


def bid_card(view: PlayerView, card: Card, trump: Suit | None) -> str:
    """The key of the text on what holding ``card`` means for a bid with ``trump`` as
    trump: ``bid:upcard`` (the turned card itself), ``bid:not-held``, ``bid:right``,
    ``bid:left``, ``bid:trump``, ``bid:ace`` (a side ace), ``bid:side``."""
    if view.upcard is card and card not in view.hand:
        return "bid:upcard"
    if card not in view.hand:
        return "bid:not-held"
    r = ranking(trump)
    if trump is not None and r.is_right_bower(card):
        return "bid:right"
    if trump is not None and r.is_left_bower(card):
        return "bid:left"
    if trump is not None and r.is_trump(card):
        return "bid:trump"
    return "bid:ace" if card.rank == "A" else "bid:side"


def mistake(view: PlayerView, legal: Sequence[Action], chosen: Action, advised: Action) -> str:
    """The key of the text that explains a clear mistake in ``chosen`` (the coach
    advised ``advised``), or ``""`` when the choice is merely another one:

    ``mistake:weak-bid``
        making trump (or bidding) where the coach passes;
    ``mistake:trump-partner``
        trumping a trick the partner is winning, when a plain card could be thrown;
    ``mistake:winner-on-partner``
        overtaking the partner's winning card, or throwing an ace on the partner's trick;
    ``mistake:lead-from-king``
        a defender leading a low card of a suit where they hold the king and another
        card (a guarded king), the maker still to play.
    """
    if chosen == advised:
        return ""
    from .actions import Pass

    if view.phase is Phase.BIDDING:
        made = isinstance(chosen, (Order, Call, Bid))
        return "mistake:weak-bid" if made and isinstance(advised, Pass) else ""
    r = view.ranking
    if view.phase is not Phase.PLAY or r is None or chosen.card is None:
        return ""
    c = chosen.card
    partners = set(view.partners())
    if view.trick:
        cards = [x for _, x in view.trick]
        w_seat = view.trick[r.trick_winner(cards)][0]
        if w_seat not in partners:
            return ""
        led, can_follow = _led_and_follow(view, legal)
        plain_legal = any(
            a.card is not None and not r.is_trump(a.card) for a in legal if isinstance(a, Play)
        )
        advised_trump = advised.card is not None and r.is_trump(advised.card)
        if not can_follow and r.is_trump(c) and led is not r.trump and plain_legal:
            return "" if advised_trump else "mistake:trump-partner"
        if r.trick_winner([*cards, c]) == len(cards):
            return "mistake:winner-on-partner"
        if not can_follow and c.rank == "A" and not r.is_trump(c):
            return "mistake:winner-on-partner"
        return ""
    c_suit = r.suit_of[c.index]
    contract = view.contract
    maker = contract.maker if contract is not None else None
    if maker is None or maker == view.seat or maker in partners or c_suit is r.trump:
        return ""
    same = [x for x in view.hand if r.suit_of[x.index] is c_suit]
    king = next((x for x in same if x.rank == "K" and not r.is_trump(x)), None)
    if king is None or king is c or len(same) < 2 or any(x.rank == "A" for x in same):
        return ""  # no guarded king, the king itself, or the ace above it
    if advised.card is not None and advised.card in same:
        return ""
    active = view.active or tuple(range(view.seats))
    return "mistake:lead-from-king" if maker in active else ""


# ---------------------------------------------------------------------------------------
# A second look at a choice: the review's own evaluation
# ---------------------------------------------------------------------------------------

#: Deals the coach samples to judge a learner's choice: as many as ``euchre review``
#: takes by default, so that with the same seed both say the same (a card of the play
#: is judged in a few hundredths of a second, a bid in a few tenths).
COACH_SAMPLES = 24


@dataclass(frozen=True)
class Verdict:
    """What the review's evaluation says of a learner's choice
    (:func:`euchre_core.analysis.review.evaluate`, graded as ``euchre review`` grades).

    :ivar best: the best alternative (the choice itself when it is as good)
    :ivar loss: points the choice loses against it on average
    :ivar grade: ``fine``, ``inaccuracy``, ``mistake`` or ``blunder``
    :ivar samples: deals the choice was judged on
    """

    chosen: Action
    best: Action
    loss: float
    grade: str
    samples: int

    @property
    def marked(self) -> bool:
        """Whether ``euchre review`` would mark the choice (anything but *fine*)."""
        return self.grade != "fine"


def second_look(
    view: PlayerView,
    legal: Sequence[Action],
    chosen: Action,
    config: Config,
    *,
    samples: int = COACH_SAMPLES,
    index: int = 0,
    seed: int | str = 0,
) -> Verdict | None:
    """Judge ``chosen`` as ``euchre review`` judges a decision: every alternative valued
    over deals consistent with ``view`` and the loss graded by the review's thresholds.
    ``None`` when there was nothing to choose or no deal could be drawn.

    :param index: the decision's place in the game's list of actions: with the review's
      ``seed`` (0 by default), the verdict is that of ``euchre review`` on the game
    """
    from .analysis.review import decision_seed, evaluate, judge

    ev = evaluate(
        view, legal, config, samples=samples, seed=decision_seed(seed, index), chosen=chosen
    )
    if ev is None:
        return None
    best, loss, _, grade = judge(ev, chosen)
    return Verdict(chosen, best, loss, grade, ev.samples)


# ---------------------------------------------------------------------------------------
# Deals that show the topics
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class LessonDeal:
    """A deal of a lesson: seeded deal ``seed`` dealt by ``dealer``, and what it teaches
    when the learner follows the coach (topic -> ``True`` when the learner meets it in a
    decision of their own, ``False`` when they see another seat do it)."""

    seed: int
    dealer: int
    topics: Mapping[str, bool] = field(default_factory=dict)


def coach_seed(seed: int | str) -> str:
    """The seed of the coach's advice in a lesson deal seeded ``seed``."""
    return f"{seed}/coach"


def bot_seed(seed: int | str, seat: int) -> str:
    """The seed of the bot at ``seat`` (the convention of ``euchre play``)."""
    return f"{seed}/seat{seat}"


def rehearse(config: Config, seed: int, dealer: int, seat: int = 0) -> dict[str, bool]:
    """Play a lesson deal with the learner following the coach; return what it teaches.

    The other seats are heuristic bots seeded as in ``euchre play``; the coach is the
    heuristic bot's advice (:func:`coach_seed`). The same deal played at the terminal
    with the coach's choices teaches exactly these topics.
    """
    from .bots.heuristic import HeuristicBot
    from .state import new_hand

    state = new_hand(config, seed=seed, dealer=dealer)
    bots = {s: HeuristicBot(bot_seed(seed, s)) for s in range(state.seats) if s != seat}
    coach = HeuristicBot(coach_seed(seed))
    tracker = TopicTracker(seat, state.seats, state.table.partnerships)
    taught: dict[str, bool] = {}
    cursor = 0

    def note(topics: Iterable[str], mine: bool) -> None:
        for t in topics:
            taught[t] = taught.get(t, False) or mine

    while True:
        for e in state.visible_events(seat, cursor):
            note(tracker.feed(e), False)
        cursor = len(state.events)
        if state.is_over:
            return taught
        who = state.to_act
        assert who is not None
        view = state.view(who)
        legal = state.legal_actions()
        if who == seat:
            note(decision_topics(view, legal), True)
            state.apply(coach.advise(view, legal).action)
        else:
            state.apply(bots[who].choose(view, legal))


def _score(topics: Mapping[str, bool], wanted: Iterable[str]) -> int:
    return sum(3 if topics[t] else 1 for t in wanted if t in topics)


def plan_lesson(
    config: Config,
    wanted: Sequence[str],
    *,
    seed: int = 1,
    seat: int = 0,
    candidates: int | None = None,
    max_deals: int = 3,
    exclude: Iterable[tuple[int, int]] = (),
) -> list[LessonDeal]:
    """Choose the deals of a lesson: a deterministic search of the seeded deals
    ``seed .. seed + candidates - 1`` (every dealer of each), rehearsed with the learner
    following the coach (:func:`rehearse`); then, greedily, the deal that teaches the
    most topics still wanted (those the learner meets in a decision of their own count
    three times those merely seen), until every wanted topic is taught or ``max_deals``.

    :param wanted: the topics to teach
    :param exclude: ``(seed, dealer)`` pairs already played
    :param candidates: how many seeds; by default 60, fewer at a table of more than four
      (240 rehearsals in all: 48 seeds at five seats, 34 at seven)
    :raises EuchreError: when ``candidates`` or ``max_deals`` is not positive.
    """
    state_seats = table_seats(config)
    if candidates is None:
        candidates = min(60, 240 // state_seats)
    if candidates < 1 or max_deals < 1:
        raise EuchreError("a lesson needs at least one candidate deal and one deal")
    skip = set(exclude)
    pool: list[LessonDeal] = []
    for s in range(seed, seed + candidates):
        for d in range(state_seats):
            if (s, d) in skip:
                continue
            pool.append(LessonDeal(s, d, rehearse(config, s, d, seat)))
    left = list(wanted)
    chosen: list[LessonDeal] = []
    while left and pool and len(chosen) < max_deals:
        best = max(pool, key=lambda deal: (_score(deal.topics, left), -pool.index(deal)))
        if _score(best.topics, left) == 0:
            break
        chosen.append(best)
        pool.remove(best)
        left = [t for t in left if t not in best.topics]
    return chosen


def table_seats(config: Config) -> int:
    """The number of seats of a variant's table (asks the rules)."""
    return int(config.rules().table(config).seats)


def describe_topics(topics: Iterable[str]) -> list[str]:
    """Labels of lesson topics, in lesson order."""
    labels = dict(LESSON_TOPICS)
    chosen = set(topics)
    return [labels[t] for t, _ in LESSON_TOPICS if t in chosen]

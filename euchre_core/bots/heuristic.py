"""The heuristic bot: sound standard euchre from a seat's view, with a reason for each choice.

:class:`HeuristicBot` decides from the :class:`~euchre_core.view.PlayerView` and the legal
actions only. Bidding and lone-hand decisions come from the variant-independent evaluator
(:mod:`euchre_core.bots.evaluate`): the expected tricks of the seat's side under each
possible trump, against a threshold that depends on the seat (the dealer's side gets the
up-card) and on the score (bolder when the opponents are about to win). The card play
(:mod:`euchre_core.bots.cardplay`) follows the habits of good players: draw trumps when the
makers hold them, cash side aces, do not lead into an opponent known to be void, do not
overtake a partner who is winning, win as cheaply as possible, trump in when the trick is
otherwise lost, throw off the least useful card. It remembers the cards played and the
voids shown (:mod:`euchre_core.bots.knowledge`).

:meth:`HeuristicBot.advise` returns the action with one or two plain sentences saying why
(a hint on screen, a coach's comment); :meth:`HeuristicBot.choose` returns the action
alone. Actions the bot does not know (a variant's own) get a safe seeded default: the first
``pass`` offered, otherwise a seeded random legal choice. It never makes an improper play (a
renege, :attr:`~euchre_core.actions.Action.proper`) and always makes a claim that is
offered (:attr:`~euchre_core.actions.Action.claim`). The bot never raises on an
unfamiliar action and never returns an illegal one.

Each seat's knowledge of the hand is kept between decisions and brought up to date from the
new events only, and what is fixed for a hand (or shared by every bot: outlooks, the pack)
is worked out once, so a decision costs about ten microseconds (a bid or a discard, which
weighs hands, up to twenty). :meth:`HeuristicBot.choose` writes no reason: reasons are only
put into words when :meth:`HeuristicBot.advise` asks for one.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import partial
from typing import Final

from ..actions import (
    Action,
    Call,
    Decline,
    DefendAlone,
    Discard,
    Forfeit,
    Give,
    GoAlone,
    Order,
    Pass,
    PickUp,
    Play,
)
from ..cards import Card, Suit
from ..errors import EuchreError, PluginError
from ..manager import Rules, advice_error, build_rules, is_advice
from ..model import Phase
from ..trumps import ranking
from ..view import PlayerView
from . import winning
from .cardplay import _Pick, _Table, _unexplained
from .evaluate import (
    Estimate,
    Outlook,
    best_discard,
    best_trump,
    deck_from_options,
    deck_option,
    describe,
    discard_tricks,
    estimate,
    hand_mask,
    hand_tricks,
    partner_tricks,
    short_of,
    side_words,
    upcard_swing,
)
from .knowledge import _CACHE_LIMIT, _SIDES, _Memo, _outstanding, _sides, brought_up_to_date

__all__ = ["BID_SETTINGS", "Advice", "BidSettings", "HeuristicBot"]

#: Side tricks expected, above the tricks needed to make, for an order or a call.
CALL_MARGIN = -0.2
#: Extra tricks an up-card taken by an opposing dealer costs (measured: an order into the
#: opponents' pick-up is euchred far more often than the card's own value explains).
OPPONENT_UPCARD_EXTRA = 0.35
#: Expected tricks of a lone hand (out of five) needed to go alone, before the tuning by
#: seat of :class:`BidSettings` (which the variants' own bots may read).
ALONE_AT = 3.6
#: Extra expected lone tricks needed where a lone march adds nothing to the chance of
#: winning the game over a march with a partner (at 8 or 9 in a game to 10); scaled by
#: how much less it adds than at the start of a game (:func:`.winning.lone_gain`).
LONE_SCORE_EXTRA = 1.5
#: Expected tricks a defender needs, on its own, to defend alone.
DEFEND_ALONE_AT = 3.6
#: A stuck dealer gives up the deal (dealer forfeit) below this many side tricks.
FORFEIT_BELOW = 1.9


@dataclass(frozen=True, slots=True)
class BidSettings:
    """The thresholds of the heuristic bot's bidding and lone hands (each a setting of
    :class:`HeuristicBot`, by name). Margins are side tricks expected above the tricks
    needed to make; a seat's margin is ``call_margin`` plus its seat's offset. Seats are
    named from the dealer: ``dealer``, ``partner`` (the dealer's partner), ``eldest`` (the
    dealer's left, first to speak) and ``opponent`` (the other seats); where everyone
    plays alone, the seats other than the dealer add nothing.

    The defaults were tuned by paired self-play duels (the same deals played twice, seats
    swapped) against the settings before: an order into an opposing dealer's pick-up needs
    0.4 more side tricks from the dealer's left and 0.2 more from its right, and a lone
    hand 3.4 expected tricks instead of 3.6 (with OpenSpiel's rules, stick the dealer and
    the lone hand after the discard, and in plain standard euchre alike)."""

    #: The margin of every order and call.
    call_margin: float = CALL_MARGIN
    #: Round 1 (the up-card): added to the margin of each seat.
    dealer: float = 0.0
    partner: float = 0.0
    eldest: float = 0.4
    opponent: float = 0.2
    #: Round 2 (a suit named): added to the margin of each seat.
    dealer2: float = 0.0
    partner2: float = 0.0
    eldest2: float = 0.0
    opponent2: float = 0.0
    #: Tricks an up-card taken by an opposing dealer costs beyond its own value.
    upcard_extra: float = OPPONENT_UPCARD_EXTRA
    #: Expected lone tricks needed to go alone, and what each maker's seat adds to it.
    alone_at: float = 3.4
    alone_dealer: float = 0.0
    alone_partner: float = 0.0
    alone_opponent: float = 0.0
    alone_round2: float = 0.0
    #: Extra lone tricks needed where a lone march adds nothing to the chance of winning.
    lone_score_extra: float = LONE_SCORE_EXTRA
    #: Expected tricks a defender needs, on its own, to defend alone.
    defend_alone_at: float = DEFEND_ALONE_AT
    #: A stuck dealer gives up the deal (dealer forfeit) below this many side tricks.
    forfeit_below: float = FORFEIT_BELOW
    #: How much lower the margin is when the opponents need 1 point, or 2, to win, and
    #: when one make wins the game for the seat's side (the opponents needing more than 2).
    bold_last: float = 0.45
    bold_near: float = 0.2
    bold_win: float = 0.1


#: The names of the bot's bidding settings.
BID_SETTINGS: tuple[str, ...] = tuple(BidSettings.__dataclass_fields__)


@dataclass(frozen=True, slots=True)
class Advice:
    """A recommended action and the reason for it, in one or two plain sentences."""

    action: Action
    reason: str

    @property
    def why(self) -> str:
        """The reason without the action it opens with (``"discard 9S: it is the least
        useful card"`` gives ``"it is the least useful card"``), for a front end that
        says the action in its own words."""
        return without_action(self.reason)


def without_action(reason: str) -> str:
    """A bot's reason without its opening: a reason opens with the action in words and
    a colon (``"order up: you hold 2 trumps ..."``), as ``euchre_bot_advice`` answers
    do; the whole reason when what comes before its first colon is a sentence of its own
    (or there is no colon, or nothing after it)."""
    head, colon, rest = reason.partition(": ")
    if not colon or not rest.strip() or any(mark in head for mark in ".;!?"):
        return reason
    return rest


def _said(reason: str) -> Callable[[], str]:
    """A reason already written."""
    return lambda: reason


def _offered(action: Action, legal: Sequence[Action]) -> bool:
    """Whether ``action`` is one of ``legal`` (by identity first: actions are interned)."""
    for a in legal:
        if a is action:
            return True
    return action in legal


# (An enum member read from its class costs ten times a global's read.)
_PLAY: Final = Phase.PLAY
_BIDDING: Final = Phase.BIDDING


_VARIANT_RULES: Final[dict[tuple[str, ...], Rules | None]] = {}

#: Action classes whose every instance is proper and no claim (their class says so and
#: an instance cannot say otherwise): the bot need not ask each action.
_PLAIN_ACTIONS: Final[set[type]] = set()


def _plain_action(a: Action) -> bool:
    """Whether every action of ``a``'s class is proper and no claim."""
    t = type(a)
    # Plain values on the class (a property or a field would read as something else),
    # and no instance dictionary to hide them.
    return (
        getattr(t, "claim", None) is False
        and getattr(t, "proper", None) is True
        and not hasattr(a, "__dict__")
    )


#: The pack named by an options mapping (``None``: no deck option), by the mapping's id.
_DECK_OPTIONS: Final[dict[int, tuple[object, tuple[Card, ...] | None]]] = {}
#: Outlooks (immutable, so shared by every bot), by pack id, opponents, partners, hand
#: size and the card known to be out of play.
_OUTLOOKS: Final[dict[tuple[int, int, int, int, Card | None], Outlook]] = {}
#: ``outlook.alone()`` of the shared outlooks, by the outlook's id.
_ALONE: Final[dict[int, tuple[Outlook, Outlook]]] = {}
#: Boldness by scores, seat, partners, target, seats and the three boldness settings.
_BOLDNESS: Final[
    dict[tuple[tuple[int, ...], int, tuple[int, ...], int, int, float, float, float], float]
] = {}


#: :func:`upcard_swing` of the shared outlooks, by up-card and the outlook's id.
_SWINGS: Final[dict[tuple[Card, int], tuple[Outlook, float]]] = {}


def _upcard_swing(up: Card, outlook: Outlook) -> float:
    """:func:`upcard_swing`, remembered for the outlooks the bot shares (without hashing the
    outlook, pack and all)."""
    hit = _SWINGS.get((up, id(outlook)))
    if hit is None or hit[0] is not outlook:
        if len(_SWINGS) >= _CACHE_LIMIT:
            _SWINGS.clear()
        hit = _SWINGS[up, id(outlook)] = (outlook, upcard_swing(up, outlook))
    return hit[1]


#: :func:`.winning.lone_gain` by scores, seat, dealer, target, seats and partnerships.
_LONE_GAINS: Final[
    dict[tuple[tuple[int, ...], int, int, int, int, tuple[tuple[int, ...], ...] | None], float]
] = {}


def _lone_gain(view: PlayerView) -> float:
    """:func:`.winning.lone_gain`, remembered for what it reads of the view."""
    key = (view.scores, view.seat, view.dealer, view.target, view.seats, view.partnerships)
    try:
        gain = _LONE_GAINS.get(key)
    except TypeError:  # pragma: no cover - a plugin's unhashable partnerships
        return winning.lone_gain(view)
    if gain is None:
        if len(_LONE_GAINS) >= _CACHE_LIMIT:
            _LONE_GAINS.clear()
        gain = _LONE_GAINS[key] = winning.lone_gain(view)
    return gain


def _alone_outlook(outlook: Outlook) -> Outlook:
    """``outlook.alone()``, remembered for the outlooks the bot shares."""
    hit = _ALONE.get(id(outlook))
    if hit is None or hit[0] is not outlook:
        if len(_ALONE) >= _CACHE_LIMIT:
            _ALONE.clear()
        hit = _ALONE[id(outlook)] = (outlook, outlook.alone())
    return hit[1]


def variant_rules(view: PlayerView) -> Rules | None:
    """The compiled plugin stack of the view's variant (public: the rules are known), for
    the hooks a variant answers for bots (``euchre_bot_advice``, ``euchre_known_sides``);
    ``None`` when a plugin of the stack cannot be loaded by name (a test's plugin object)."""
    key = view.plugins
    if key not in _VARIANT_RULES:
        try:
            _VARIANT_RULES[key] = build_rules(key)
        except EuchreError:
            _VARIANT_RULES[key] = None
    return _VARIANT_RULES[key]


def _boldness(
    scores: tuple[int, ...],
    me: int,
    partners: tuple[int, ...],
    target: int,
    seats: int,
    last: float,
    near: float,
    win: float,
) -> float:
    """How much lower the call threshold is because of the score (``last``, ``near`` and
    ``win``: :class:`BidSettings`' ``bold_last``, ``bold_near`` and ``bold_win``)."""
    mine = {me, *partners}
    my_need = target - scores[me]
    opp_need = min((target - scores[s] for s in range(seats) if s not in mine), default=99)
    bold = 0.0
    if opp_need <= 1:
        bold += last  # any make of theirs ends the game: contest every hand
    elif opp_need <= 2:
        bold += near
    if my_need <= 1 and opp_need > 2:
        bold += win  # a make wins; a euchre does not lose the game
    return bold


def _round1_est(
    hand: Sequence[Card], up: Card, trump: Suit, outlook: Outlook, discard: Card | None
) -> Estimate:
    """The estimate behind a round-1 decision's tricks (for the reasons only)."""
    if discard is not None:
        kept = [c for c in (*hand, up) if c is not discard]
        return estimate(kept, trump, outlook, (discard,))
    return estimate(hand, trump, outlook, (up,))


def _round1_why(
    kind: str,
    view: PlayerView,
    hand: Sequence[Card],
    up: Card,
    trump: Suit,
    outlook: Outlook,
    discard: Card | None,
    partners: tuple[int, ...],
    side: float,
    threshold: float = 0.0,
    lone: float = 0.0,
) -> str:
    """The reason for a round-1 order (``kind`` ``"order"``, ``"forced"`` when passing is
    not allowed, or ``"alone"``) or pass."""
    me = view.seat
    dealer = view.dealer
    if kind == "alone":
        lone_hand = [c for c in hand if c is not discard] + [up]
        lone_est = estimate(
            lone_hand if me == dealer else hand,
            trump,
            _alone_outlook(outlook),
            () if me == dealer else (up,),
        )
        return (
            f"order alone: {describe(lone_est)}; alone it should take about "
            f"{lone:.1f} of {view.hand_size} tricks."
        )
    est = describe(_round1_est(hand, up, trump, outlook, discard))
    if kind == "forced":
        return f"order up: passing is not allowed; {est}."
    if me == dealer:
        note = f"after picking up {up} and discarding {discard}"
    elif dealer in partners:
        note = f"with {up} going to your partner"
    else:
        note = f"with {up} going to an opponent"
    if kind == "order":
        verb = "pick it up" if me == dealer else "order up"
        return f"{verb}: {est}; {note}, about {side:.1f} tricks for {side_words(view)}."
    have, need = short_of(side, threshold)
    return (
        f"pass: {est}; {note}, about {have} tricks for {side_words(view)}, "
        f"short of the {need} a call needs."
    )


def _round2_why(
    kind: str,
    view: PlayerView,
    call: Call,
    outlook: Outlook,
    side: float,
    threshold: float,
    lone: float,
) -> str:
    """The reason for a round-2 call (``kind`` ``"call"``, ``"forced"`` when passing is
    not allowed, or ``"alone"``), forfeit or pass."""
    name = "no trump" if call.suit is None else call.suit.word
    if kind == "forfeit":
        return (
            f"forfeit: your best suit, {name}, gives only about {side:.1f} tricks for "
            f"{side_words(view)}; a euchre would cost more than the forfeit."
        )
    if kind == "pass":
        have, need = short_of(side, threshold)
        return (
            f"pass: your best suit, {name}, gives about {have} tricks for {side_words(view)}, "
            f"short of the {need} a call needs."
        )
    est = describe(estimate(view.hand, call.suit, outlook))
    if kind == "alone":
        return (
            f"call {name} alone: {est}; alone it should take about "
            f"{lone:.1f} of {view.hand_size} tricks."
        )
    why = "" if kind == "call" else " (passing is not allowed)"
    return f"call {name}{why}: {est}; about {side:.1f} tricks for {side_words(view)}."


def _discard_why(
    hand: Sequence[Card], card: Card, trump: Suit | None, outlook: Outlook, kept: float | None
) -> str:
    """The reason for discarding ``card`` from ``hand``; ``kept`` is the tricks of the cards
    kept (``None``: estimated here)."""
    r = ranking(trump)
    rest = [c for c in hand if c is not card]
    if kept is None:
        kept = estimate(rest, trump, outlook, (card,)).tricks
    void = card.suit is not None and not any(
        r.suit_of[c.index] is r.suit_of[card.index] for c in rest
    )
    how = "makes a void" if void and not r.is_trump(card) else "is the least useful card"
    return f"discard {card}: it {how}; the cards you keep should take about {kept:.1f} tricks."


class HeuristicBot:
    """Plays the euchre family from its view: bids by expected tricks, plays by rule.

    :param seed: seeds the only random choice the bot makes (a default for actions it does
      not know), so that the same seed always gives the same choices
    :param strict: let an internal error propagate instead of falling back to the safe
      default (for tests)
    """

    name = "heuristic"
    uses_view = True

    def __init__(
        self,
        seed: int | str = 0,
        *,
        strict: bool = False,
        bidding: BidSettings | None = None,
        **settings: float,
    ):
        """``bidding``: the bidding thresholds (default :class:`BidSettings`' own);
        ``settings``: any of them by name, over ``bidding`` (``call_margin=0.1``,
        ``alone_at=3.8``).

        :raises TypeError: for a setting :class:`BidSettings` does not have
        """
        self.seed = seed
        self.strict = strict
        base = bidding if bidding is not None else BidSettings()
        if settings:
            unknown = sorted(set(settings) - set(BID_SETTINGS))
            if unknown:
                raise TypeError(
                    f"unknown heuristic bot setting {unknown[0]!r} "
                    f"(known: {', '.join(BID_SETTINGS)})"
                )
            base = replace(base, **{k: float(v) for k, v in settings.items()})
        self.bidding = base
        # Made at its first use: most bots never need it, and seeding one costs as much as
        # a decision.
        self._rng: random.Random | None = None
        self._memos: dict[int, _Memo] = {}
        # Whether the reason of the choice being made is wanted (:meth:`advise`) or not
        # (:meth:`choose`: the card play then prepares none).
        self._explain = True
        # The plugin stack of the last view seen: its key, its rules, and whether any plugin
        # answers ``euchre_bot_advice`` / ``euchre_known_sides`` (when none does, the hooks
        # are not called).
        self._rules_key: object = None
        self._rules: Rules | None = None
        self._advice_hook = False
        self._sides_hook = False
        # The fixed partners of each seat under the last partnerships seen.
        self._partners_key: object = None
        self._partners: dict[int, tuple[int, ...]] = {}
        self._deck_key: object = None
        self._deck: tuple[Card, ...] = ()
        # The outlook with nothing out of play, for the options, partnerships, seat, hand
        # size and seats it was made for (the same for a whole game).
        self._base_key: tuple[object, object, int, int, int] | None = None
        self._base: Outlook | None = None
        # Whether the game's scoring is the one :mod:`.winning` describes, for the options,
        # partnerships and seats it was worked out for.
        self._scoring_key: tuple[object, object, int] | None = None
        self._scoring = False

    # ----------------------------------------------------------------------------------
    # Entry points
    # ----------------------------------------------------------------------------------

    @property
    def alone_at(self) -> float:
        """Expected lone tricks needed to go alone (before the offsets by seat)."""
        return self.bidding.alone_at

    @property
    def call_margin(self) -> float:
        """Side tricks above those needed to make, for an order or a call."""
        return self.bidding.call_margin

    def choose(self, view: PlayerView | None, legal: Sequence[Action]) -> Action:
        """The action to take (the one :meth:`advise` gives, without the reason)."""
        self._explain = False
        return self._pick(view, legal)[0]

    def advise(self, view: PlayerView | None, legal: Sequence[Action]) -> Advice:
        """The action to take now and, in plain words, why.

        :raises ValueError: when ``legal`` is empty (there is nothing to choose).
        """
        self._explain = True
        action, why = self._pick(view, legal)
        return Advice(action, why())

    def worth(self, view: PlayerView, card: Card, trump: Suit | None) -> tuple[float, float]:
        """What ``card`` is worth to the view's hand with ``trump`` as trump (for the
        coach, never for a decision): the tricks the hand should take, and those it
        would take without the card (the card counted as out of play)."""
        if self._rules_key is not view.plugins:
            self._variant(view)
        outlook = self._outlook(view)
        hand = list(view.hand)
        whole = estimate(hand, trump, outlook).tricks
        if card not in hand:
            return whole, whole
        rest = [c for c in hand if c is not card]
        return whole, estimate(rest, trump, outlook, (card,)).tricks

    def best_suit(self, view: PlayerView) -> Suit | None:
        """The trump under which the view's hand is strongest (for the coach)."""
        if self._rules_key is not view.plugins:
            self._variant(view)
        return best_trump(list(view.hand), self._outlook(view))[0]

    def _pick(self, view: PlayerView | None, legal: Sequence[Action]) -> _Pick:
        """The action and a function that says why (reasons are only written when asked
        for: :meth:`choose` never needs them)."""
        if not legal:
            raise ValueError("no legal action to choose from")
        improper = False
        plain = _PLAIN_ACTIONS
        for a in legal:
            if type(a) in plain:
                continue
            if a.claim:
                return a, _said(f"{a}: the play has proved it, and claiming it costs nothing.")
            if not a.proper:
                improper = True
            elif _plain_action(a):
                plain.add(type(a))
        if improper:
            proper = [a for a in legal if a.proper]
            if proper:
                legal = proper  # never a renege
        if view is None:
            return self._default(legal, "no view of the table was given")
        if len(legal) == 1:
            # (No closure here: a function with one keeps its locals in cells.)
            only = legal[0]
            return only, partial("{}: the only legal choice.".format, only)
        if self._rules_key is not view.plugins:
            self._variant(view)
        if self._advice_hook:
            rules = self._rules
            assert rules is not None
            # A plugin's failure is the plugin's to fix: it is said (a PluginError naming
            # the plugin and the hook), not played around.
            advice = rules.bot_advice(view, legal)
            if advice is not None:
                if is_advice(advice, legal):
                    return advice[0], _said(advice[1])
                raise advice_error(rules, view, legal, advice)
        try:
            pick = self._decide(view, legal)
        except PluginError:  # euchre_known_sides failed: said, as above
            raise
        except Exception:
            if self.strict:
                raise
            pick = None
        if pick is not None:
            # (:func:`_offered` in line: it is asked at every decision.)
            action = pick[0]
            for a in legal:
                if a is action:
                    return pick
            if action in legal:
                return pick
        return self._default(legal, "no rule of this bot covers this decision")

    def _decide(self, view: PlayerView, legal: Sequence[Action]) -> _Pick | None:
        memo = brought_up_to_date(self._memos, view)
        first = legal[0]
        phase = view.phase
        if phase is _PLAY and isinstance(first, Play):
            return self._play(view, memo, legal)
        if phase is _BIDDING:
            # (The kinds of action offered, read without building a set of them.)
            call = False
            for a in legal:
                t = type(a)
                if t is Order:
                    return self._round1(view, memo, legal)
                if t is Call:
                    call = True
            return self._round2(view, memo, legal) if call else None
        kinds = set()
        for a in legal:
            kinds.add(type(a))
        if Discard in kinds and kinds <= {Discard}:
            return self._discard(view, memo, legal)
        if PickUp in kinds and Decline in kinds:
            return self._pickup(view, memo, legal)
        if GoAlone in kinds:
            return self._alone(view, memo, legal)
        if DefendAlone in kinds:
            return self._defend(view, memo, legal)
        if Give in kinds and kinds <= {Give}:
            return self._give(view, memo, legal)
        return None

    def _default(self, legal: Sequence[Action], why: str) -> _Pick:
        for a in legal:
            if isinstance(a, Pass):
                return a, lambda: f"pass: {why}, and passing is the safe choice."
        rng = self._rng
        if rng is None:
            rng = self._rng = random.Random(f"heuristic-bot:{self.seed}")
        b = legal[int(rng.random() * len(legal))]
        return b, lambda: f"{b}: {why}; chosen at random among the legal actions."

    # ----------------------------------------------------------------------------------
    # Knowledge
    # ----------------------------------------------------------------------------------

    def _variant(self, view: PlayerView) -> None:
        """Remember the view's plugin stack (:func:`variant_rules`) and which of the bot
        hooks it answers."""
        rules = variant_rules(view)
        self._rules = rules
        self._rules_key = view.plugins
        hook = rules.pm.hook if rules is not None else None
        self._advice_hook = hook is not None and bool(hook.euchre_bot_advice.get_hookimpls())
        self._sides_hook = hook is not None and bool(hook.euchre_known_sides.get_hookimpls())

    def _partners_of(self, view: PlayerView) -> tuple[int, ...]:
        """``view.partners()``, remembered per seat for the partnerships of the game."""
        key = view.partnerships
        if key is not self._partners_key:
            self._partners_key = key
            self._partners = {}
        seat = view.seat
        p = self._partners.get(seat)
        if p is None:
            p = self._partners[seat] = view.partners()
        return p

    def _pack(self, view: PlayerView) -> tuple[Card, ...]:
        opts = view.options
        if self._deck_key is not opts:
            hit = _DECK_OPTIONS.get(id(opts))
            if hit is None or hit[0] is not opts:
                if len(_DECK_OPTIONS) >= _CACHE_LIMIT:
                    _DECK_OPTIONS.clear()
                hit = _DECK_OPTIONS[id(opts)] = (opts, deck_option(opts))
            deck = hit[1]
            if deck is None:
                seen = list(view.hand)
                if view.upcard is not None:
                    seen.append(view.upcard)
                deck = deck_from_options(opts, seen)
            self._deck = deck
            self._deck_key = opts
        return self._deck

    def _outlook(self, view: PlayerView, out: frozenset[Card] = frozenset()) -> Outlook:
        partners = self._partners_of(view)
        hs = view.hand_size
        opps = view.seats - 1 - len(partners)
        deck = self._pack(view)
        if len(out) > 1:
            return self._new_outlook(deck, out, opps, len(partners), hs)
        key = (id(deck), opps, len(partners), hs, next(iter(out)) if out else None)
        o = _OUTLOOKS.get(key)
        if o is None or o.deck is not deck:
            if len(_OUTLOOKS) >= _CACHE_LIMIT:
                _OUTLOOKS.clear()
            o = _OUTLOOKS[key] = self._new_outlook(deck, out, opps, len(partners), hs)
        return o

    @staticmethod
    def _new_outlook(
        deck: tuple[Card, ...], out: frozenset[Card], opps: int, partners: int, hs: int
    ) -> Outlook:
        return Outlook(
            deck,
            out,
            opponent_cards=opps * hs,
            opponents=opps,
            partner_cards=partners * hs,
            partners=partners,
            hand_size=hs,
        )

    def _hand_outlook(self, view: PlayerView, memo: _Memo) -> Outlook:
        """:meth:`_outlook` with nothing out of play, made once a hand."""
        o = memo.outlook
        if o is None:
            key = self._base_key
            base = self._base
            if (
                key is None
                or base is None
                or key[0] is not view.options
                or key[1] is not view.partnerships
                or key[2] != view.seat
                or key[3] != view.hand_size
                or key[4] != view.seats
            ):
                base = self._base = self._outlook(view)
                self._base_key = (
                    view.options,
                    view.partnerships,
                    view.seat,
                    view.hand_size,
                    view.seats,
                )
            o = memo.outlook = base
        return o

    def _bold(self, view: PlayerView, memo: _Memo) -> float:
        """:meth:`_boldness`, worked out once a hand (the score is fixed during a hand)."""
        b = memo.bold
        if b is None:
            b = memo.bold = self._boldness(view)
        return b

    def _boldness(self, view: PlayerView) -> float:
        """How much lower the call threshold is because of the score."""
        scores = view.scores
        me = view.seat
        partners = self._partners_of(view)
        target = view.target
        b = self.bidding
        key = (scores, me, partners, target, view.seats, b.bold_last, b.bold_near, b.bold_win)
        bold = _BOLDNESS.get(key)
        if bold is None:
            if len(_BOLDNESS) >= _CACHE_LIMIT:
                _BOLDNESS.clear()
            bold = _BOLDNESS[key] = _boldness(scores, me, partners, target, *key[4:])
        return bold

    # ----------------------------------------------------------------------------------
    # Bidding
    # ----------------------------------------------------------------------------------

    def _round1(self, view: PlayerView, memo: _Memo, legal: Sequence[Action]) -> _Pick | None:
        up = memo.upcard or view.upcard
        if up is None or up.suit is None:
            return None
        trump = up.suit
        me = view.seat
        dealer = view.dealer
        partners = self._partners_of(view)
        outlook = self._hand_outlook(view, memo)
        hand = view.hand
        b = self.bidding
        discard: Card | None = None
        if me == dealer:
            discard, own = discard_tricks([*hand, up], trump, outlook, allowed=hand)
            memo.plan = (hand_mask((*hand, up)), discard, trump, outlook, own)
            swing = 0.0
        else:
            own = hand_tricks(hand_mask(hand), trump, outlook, 1 << up.index)
            value = _upcard_swing(up, outlook)
            swing = value if dealer in partners else -value - b.upcard_extra

        side = own + partner_tricks(outlook) + swing
        need = view.hand_size // 2 + 1
        if me == dealer:
            margin, alone_at = b.dealer, b.alone_at + b.alone_dealer
        elif dealer in partners:
            margin, alone_at = b.partner, b.alone_at + b.alone_partner
        elif partners:
            alone_at = b.alone_at + b.alone_opponent
            margin = b.eldest if (dealer + 1) % view.seats == me else b.opponent
        else:
            # Everyone plays alone: the offsets were tuned for partnerships (measured in
            # cutthroat, they cost a little there).
            alone_at, margin = b.alone_at, 0.0
        threshold = need + b.call_margin + margin - self._bold(view, memo)
        alone: Action | None = None
        order: Action | None = None
        pass_: Action | None = None
        for a in legal:
            if isinstance(a, Order):
                if a.alone:
                    if alone is None:
                        alone = a
                elif order is None:
                    order = a
            elif pass_ is None and isinstance(a, Pass):
                pass_ = a
        if alone is not None and partners and own >= alone_at - 1.2:
            if me == dealer:
                kept = [c for c in hand if c is not discard] + [up]
                lone_tricks = hand_tricks(hand_mask(kept), trump, _alone_outlook(outlook))
            else:
                lone_tricks = hand_tricks(
                    hand_mask(hand), trump, _alone_outlook(outlook), 1 << up.index
                )
            # Ordering an opposing dealer up gives it the card: a lone hand loses that (``swing``
            # is then negative); a partner's pick-up is no help to a lone hand.
            lone = lone_tricks + (swing if dealer not in partners and me != dealer else 0)
            if lone >= self._lone_need(view, alone_at):
                why = partial(
                    _round1_why,
                    "alone",
                    view,
                    hand,
                    up,
                    trump,
                    outlook,
                    discard,
                    partners,
                    side,
                    lone=lone,
                )
                return (alone, why)
        # (The reasons are written by functions outside: a closure here would make cells of
        # the locals it reads on every call.)
        if order is not None and side >= threshold:
            if not self._explain:
                return (order, _unexplained)
            why = partial(
                _round1_why, "order", view, hand, up, trump, outlook, discard, partners, side
            )
            return (order, why)
        if pass_ is None:
            if order is None:
                return None
            if not self._explain:
                return (order, _unexplained)
            why = partial(
                _round1_why, "forced", view, hand, up, trump, outlook, discard, partners, side
            )
            return (order, why)
        if not self._explain:
            return (pass_, _unexplained)
        why = partial(
            _round1_why, "pass", view, hand, up, trump, outlook, discard, partners, side, threshold
        )
        return (pass_, why)

    def _round2(self, view: PlayerView, memo: _Memo, legal: Sequence[Action]) -> _Pick | None:
        up = memo.upcard or view.upcard
        outlook = memo.outlook_up
        if outlook is None:
            outlook = memo.outlook_up = self._outlook(
                view, frozenset((up,)) if up is not None else frozenset()
            )
        hand = view.hand
        held = hand_mask(hand)
        best: tuple[float, Call] | None = None
        pass_: Action | None = None
        for a in legal:
            if isinstance(a, Call):
                if not a.alone:
                    t = hand_tricks(held, a.suit, outlook)
                    if best is None or t > best[0] + 1e-9:
                        best = (t, a)
            elif pass_ is None and isinstance(a, Pass):
                pass_ = a
        if best is None:
            return None
        own, call = best
        side = own + partner_tricks(outlook)
        need = view.hand_size // 2 + 1
        b = self.bidding
        me = view.seat
        dealer = view.dealer
        partners = self._partners_of(view)
        if me == dealer:
            margin = b.dealer2
        elif dealer in partners:
            margin = b.partner2
        elif partners:
            margin = b.eldest2 if (dealer + 1) % view.seats == me else b.opponent2
        else:
            margin = 0.0
        threshold = need + b.call_margin + margin - self._bold(view, memo)
        alone_at = b.alone_at + b.alone_round2
        # (The reasons are written by a function outside: a closure here would make cells
        # of the locals it reads on every call.)
        lone_call = None
        for a in legal:
            if isinstance(a, Call) and a.alone and a.suit is call.suit:
                lone_call = a
                break
        if lone_call is not None and partners and own >= alone_at - 1.2:
            lone = hand_tricks(held, call.suit, _alone_outlook(outlook))
            if lone >= self._lone_need(view, alone_at):
                why = partial(_round2_why, "alone", view, call, outlook, side, 0.0, lone)
                return (lone_call, why)
        forfeit = None
        for a in legal:
            if isinstance(a, Forfeit):
                forfeit = a
                break
        if pass_ is None and forfeit is not None and side < b.forfeit_below:
            why = partial(_round2_why, "forfeit", view, call, outlook, side, 0.0, 0.0)
            return (forfeit, why)
        if side >= threshold or pass_ is None:
            if not self._explain:
                return (call, _unexplained)
            kind = "call" if side >= threshold else "forced"
            why = partial(_round2_why, kind, view, call, outlook, side, 0.0, 0.0)
            return (call, why)
        if not self._explain:
            return (pass_, _unexplained)
        why = partial(_round2_why, "pass", view, call, outlook, side, threshold, 0.0)
        return (pass_, why)

    # ----------------------------------------------------------------------------------
    # Between the contract and the first lead
    # ----------------------------------------------------------------------------------

    def _trump(self, view: PlayerView, memo: _Memo) -> Suit | None:
        c = memo.contract or view.contract
        return c.trump if c is not None else None

    def _discard(self, view: PlayerView, memo: _Memo, legal: Sequence[Action]) -> _Pick:
        trump = self._trump(view, memo)
        allowed: list[Card] = []
        for a in legal:
            if isinstance(a, Discard):
                allowed.append(a.card)
        hand = view.hand
        outlook = self._hand_outlook(view, memo)
        plan = memo.plan
        # The tricks of the cards kept, when known (``None``: worked out for the reason).
        kept: float | None
        if plan is not None and plan[0] == hand_mask(hand) and plan[1] in allowed:
            card = plan[1]
            # The same cards, trump and outlook: the same estimate.
            kept = plan[4] if plan[2] is trump and plan[3] is outlook else None
        else:
            card, kept = discard_tricks(hand, trump, outlook, allowed)

        for action in legal:
            if isinstance(action, Discard) and action.card is card:
                break
        else:
            raise ValueError(f"{card} is not a legal discard")  # pragma: no cover
        # (The reason is written by a function outside: closures here would make a cycle
        # of cells for the garbage collector at every discard in the compiled build.)
        return action, partial(_discard_why, view.hand, card, trump, outlook, kept)

    def _pickup(self, view: PlayerView, memo: _Memo, legal: Sequence[Action]) -> _Pick:
        trump = self._trump(view, memo)
        up = memo.upcard or view.upcard
        hand = list(view.hand)
        outlook = self._outlook(view)
        without = estimate(hand, trump, outlook, (up,) if up else ()).tricks
        pick = next(a for a in legal if isinstance(a, PickUp))
        decline = next(a for a in legal if isinstance(a, Decline))
        if up is None:
            return (decline, lambda: "decline: there is no up-card to take.")
        discard, kept = best_discard([*hand, up], trump, outlook, allowed=hand)
        with_up = kept.tricks
        if with_up >= without:

            def better() -> str:
                more, less = short_of(with_up, without)
                if more == less:
                    return f"pick up {up} and discard {discard}: about {more} tricks either way."
                return f"pick up {up} and discard {discard}: about {more} tricks instead of {less}."

            return (pick, better)
        return (
            decline,
            lambda: (
                f"decline {up}: it does not improve your hand (about {without:.1f} tricks "
                "without it)."
            ),
        )

    def _lone_need(self, view: PlayerView, alone_at: float) -> float:
        """The expected lone tricks needed to go alone at this score, ``alone_at`` at the
        start of a game."""
        scores = view.scores
        if scores and max(scores) + 4 >= view.target and self._standard_scoring(view):
            extra = self.bidding.lone_score_extra
            return alone_at + extra * (1.0 - _lone_gain(view))
        return alone_at

    def _standard_scoring(self, view: PlayerView) -> bool:
        """``winning.applies(view)``, remembered for the options and partnerships of the
        game (the same objects for every view of a game)."""
        key = self._scoring_key
        if (
            key is None
            or key[0] is not view.options
            or key[1] is not view.partnerships
            or key[2] != view.seats
        ):
            self._scoring = winning.applies(view)
            self._scoring_key = (view.options, view.partnerships, view.seats)
        return self._scoring

    def _alone(self, view: PlayerView, memo: _Memo, legal: Sequence[Action]) -> _Pick | None:
        trump = self._trump(view, memo)
        go = next(a for a in legal if isinstance(a, GoAlone))
        no = next((a for a in legal if isinstance(a, Pass)), None)
        contract = memo.contract or view.contract
        outlook = self._outlook(view).alone()
        est = estimate(view.hand, trump, outlook)
        b = self.bidding
        me = view.seat
        mine = {me, *self._partners_of(view)}
        maker_side = contract is not None and contract.maker in mine
        if not maker_side:
            need = b.defend_alone_at
        else:
            alone_at = b.alone_at
            assert contract is not None
            if contract.maker == me:
                dealer = view.dealer
                if contract.round != 1:
                    alone_at += b.alone_round2
                elif me == dealer:
                    alone_at += b.alone_dealer
                elif dealer in mine:
                    alone_at += b.alone_partner
                else:
                    alone_at += b.alone_opponent
            need = self._lone_need(view, alone_at)
        if est.tricks >= need or no is None:
            return (go, lambda: f"go alone: playing alone, {describe(est)}.")

        def short() -> str:
            have, want = short_of(est.tricks, need)
            return (
                f"no lone hand: {describe(est)} playing alone; {have} is short of the "
                f"{want} a lone hand needs."
            )

        return (no, short)

    def _defend(self, view: PlayerView, memo: _Memo, legal: Sequence[Action]) -> _Pick | None:
        trump = self._trump(view, memo)
        go = next(a for a in legal if isinstance(a, DefendAlone))
        no = next((a for a in legal if isinstance(a, Pass)), None)
        base = self._outlook(view)
        outlook = Outlook(
            base.deck,
            base.out,
            opponent_cards=view.hand_size,
            opponents=1,
            partner_cards=0,
            partners=0,
            hand_size=view.hand_size,
        )
        est = estimate(view.hand, trump, outlook)
        # A lone maker holds strong trumps: the hand is worth less than the model says.
        tricks = est.tricks - 0.5
        if tricks >= self.bidding.defend_alone_at or no is None:
            return (go, lambda: f"defend alone: {describe(est)}, enough to euchre a lone hand.")
        return (no, lambda: f"no lone defence: {describe(est)}; your partner helps more.")

    def _give(self, view: PlayerView, memo: _Memo, legal: Sequence[Action]) -> _Pick:
        r = ranking(self._trump(view, memo))
        gives = [a for a in legal if isinstance(a, Give)]
        best = max(gives, key=lambda a: (r.is_trump(a.card), r.power[a.card.index]))
        what = "your best trump" if r.is_trump(best.card) else "your best card (no trump to give)"
        return (best, lambda: f"give {best.card}: {what}, for the lone hand.")

    # ----------------------------------------------------------------------------------
    # Card play
    # ----------------------------------------------------------------------------------

    def _play(self, view: PlayerView, memo: _Memo, legal: Sequence[Action]) -> _Pick | None:
        r = memo.ranking
        if r is None:
            r = view.ranking
            if r is None:
                return None
        me = view.seat
        if self._sides_hook:
            assert self._rules is not None
            known = self._rules.known_sides(view)
        else:
            known = None
        table = memo.table
        sides = memo.sides
        if sides is None or sides[0] != me or memo.known != known:
            # New sides: a new table too. (Not told by the tuple's identity, which the
            # compiled build does not keep: it holds such a tuple unboxed.)
            table = None
            memo.known = known
            partners = self._partners_of(view)
            if known is None:
                # The same for every hand with the same seats, maker and partnerships.
                contract = memo.contract
                key = (
                    me,
                    memo.active,
                    contract.maker if contract is not None else None,
                    view.partnerships is not None,
                    partners,
                    view.seats,
                )
                try:
                    sides = _SIDES.get(key)
                except TypeError:  # pragma: no cover - a plugin's unhashable seats
                    sides = _sides(view, memo, partners)
                else:
                    if sides is None:
                        if len(_SIDES) >= _CACHE_LIMIT:
                            _SIDES.clear()
                        sides = _SIDES[key] = _sides(view, memo, partners)
            else:
                sides = _sides(view, memo, partners, known)
            memo.sides = sides
        hand = view.hand
        # Cards that may still be in other hands: top power and count per effective suit.
        if memo.outs is None or len(hand) + memo.my_plays != memo.outs_size:
            _outstanding(memo, hand, self._pack(view), r.trump, r.bowers)
            table = None
        if table is None or table.r is not r:
            table = memo.table = _Table(memo, r, sides)
        table.legal = legal
        table.explain = self._explain
        cards: list[Card] = []
        play = Play  # (a local: a global is a dictionary lookup when compiled)
        for a in legal:
            if isinstance(a, play):
                cards.append(a.card)
        table.cards = cards
        table.hand = hand
        trump = r.trump
        table.trumps_out = table.count_out.get(trump, 0) if trump is not None else 0
        trick = table.trick = memo.trick
        return table.follow() if trick else table.lead()

"""The heuristic bot: sound standard euchre from a seat's view, with a reason for each choice.

:class:`HeuristicBot` decides from the :class:`~euchre_core.view.PlayerView` and the legal
actions only. Bidding and lone-hand decisions come from the variant-independent evaluator
(:mod:`euchre_core.bots.evaluate`): the expected tricks of the seat's side under each
possible trump, against a threshold that depends on the seat (the dealer's side gets the
up-card) and on the score (bolder when the opponents are about to win). The card play
follows the habits of good players: draw trumps when the makers hold them, cash side aces,
do not lead into an opponent known to be void, do not overtake a partner who is winning,
win as cheaply as possible, trump in when the trick is otherwise lost, throw off the least
useful card. It remembers the cards played and the voids shown.

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
from dataclasses import dataclass
from functools import partial

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
from ..errors import EuchreError
from ..events import (
    BidMade,
    CardPlayed,
    CardsTaken,
    Contract,
    ContractMade,
    Dealt,
    Discarded,
    Event,
    PlayStarted,
    TrickWon,
    UpCardTurned,
)
from ..manager import Rules, build_rules
from ..model import Phase
from ..trumps import Ranking, ranking
from ..view import PlayerView
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
    suit_layout,
    upcard_swing,
)

__all__ = ["Advice", "HeuristicBot"]

#: Side tricks expected, above the tricks needed to make, for an order or a call.
CALL_MARGIN = 0.0
#: Extra tricks an up-card taken by an opposing dealer costs (measured: an order into the
#: opponents' pick-up is euchred far more often than the card's own value explains).
OPPONENT_UPCARD_EXTRA = 0.35
#: Expected tricks of a lone hand (out of five) needed to go alone.
ALONE_AT = 4.35
#: Expected tricks a defender needs, on its own, to defend alone.
DEFEND_ALONE_AT = 3.6
#: A stuck dealer gives up the deal (dealer forfeit) below this many side tricks.
FORFEIT_BELOW = 1.9


@dataclass(frozen=True, slots=True)
class Advice:
    """A recommended action and the reason for it, in one or two plain sentences."""

    action: Action
    reason: str


#: A choice and a function that writes the reason for it (called only for advice).
_Pick = tuple[Action, Callable[[], str]]


def _said(reason: str) -> Callable[[], str]:
    """A reason already written."""
    return lambda: reason


def _offered(action: Action, legal: Sequence[Action]) -> bool:
    """Whether ``action`` is one of ``legal`` (by identity first: actions are interned)."""
    for a in legal:
        if a is action:
            return True
    return action in legal


_NO_SUITS: frozenset[Suit] = frozenset()
# (An enum member read from its class costs ten times a global's read.)
_PLAY = Phase.PLAY
_BIDDING = Phase.BIDDING


class _Memo:
    """What one seat knows of the current hand, brought up to date from new events (the
    card plays and tricks by :meth:`HeuristicBot._memo` itself, the rest by :meth:`feed`)."""

    __slots__ = (
        "active",
        "bold",
        "contract",
        "count",
        "count_out",
        "dead",
        "first",
        "known",
        "last",
        "led",
        "my_plays",
        "outlook",
        "outlook_up",
        "outs",
        "outs_size",
        "plan",
        "played",
        "ranking",
        "rest",
        "sides",
        "table",
        "top_out",
        "trick",
        "upcard",
        "upcard_taker",
        "voids",
    )

    def __init__(self, seats: int, first: Event | None):
        self.first = first
        self.last: Event | None = None
        self.count = 0
        self.upcard: Card | None = None
        self.upcard_taker: int | None = None
        self.contract: Contract | None = None
        self.ranking: Ranking | None = None
        self.active: tuple[int, ...] = ()
        self.played: set[Card] = set()
        self.dead: set[Card] = set()
        self.trick: list[tuple[int, Card]] = []
        # The effective suits each seat has shown it lacks (replaced, never changed: most
        # seats show none, and share one empty set).
        self.voids: list[frozenset[Suit]] = [_NO_SUITS] * seats
        self.led: dict[Suit | None, int] = {}
        # The dealer's discard weighed while bidding: (mask of the hand it was weighed for,
        # card, trump, outlook, tricks of the hand kept).
        self.plan: tuple[int, Card, Suit | None, Outlook, float] | None = None
        self.known: tuple[frozenset[int], frozenset[int]] | None = None
        self.sides: (
            tuple[int, tuple[int, ...], int | None, set[int], set[int], list[int]] | None
        ) = None
        # Once the play begins: the cards that may still be in other hands, per effective
        # suit (powers high to low), with the top power and the count of each suit that
        # has any; taken off as they are played (see :func:`_outstanding`).
        self.outs: dict[Card, tuple[Suit | None, int]] | None = None
        self.outs_size = 0
        self.my_plays = 0
        self.top_out: dict[Suit | None, int] = {}
        self.count_out: dict[Suit | None, int] = {}
        self.rest: dict[Suit | None, list[int]] = {}
        # Fixed for the hand once worked out: the outlook before anything is seen (and with
        # the up-card out of play), the boldness the score gives.
        self.outlook: Outlook | None = None
        self.outlook_up: Outlook | None = None
        self.bold: float | None = None
        # The card play's facts, kept between decisions (see :meth:`HeuristicBot._play`).
        self.table: _Table | None = None

    def feed(self, e: Event, seat: int) -> None:
        """Take in an event other than a card played or a trick won."""
        t = type(e)
        if t is UpCardTurned:
            assert isinstance(e, UpCardTurned)
            self.upcard = e.card
        elif t is ContractMade:
            assert isinstance(e, ContractMade)
            self.contract = e.contract
            self.ranking = ranking(e.contract.trump)
        elif t is CardsTaken:
            assert isinstance(e, CardsTaken)
            if e.source == "upcard":
                self.upcard_taker = e.seat
        elif t is Discarded:
            assert isinstance(e, Discarded)
            if e.card is not None and e.seat == seat:
                self.dead.add(e.card)
        elif t is PlayStarted:
            assert isinstance(e, PlayStarted)
            self.active = e.active
            self.sides = None
            up = self.upcard
            if up is not None and self.upcard_taker is None:
                self.dead.add(up)  # turned down, or left in the kitty by a lone hand


_VARIANT_RULES: dict[tuple[str, ...], Rules | None] = {}

#: Action classes whose every instance is proper and no claim (their class says so and
#: an instance cannot say otherwise): the bot need not ask each action.
_PLAIN_ACTIONS: set[type] = set()


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


#: Entries the bot's shared caches below may hold before they are emptied.
_CACHE_LIMIT = 4096
#: The pack named by an options mapping (``None``: no deck option), by the mapping's id.
_DECK_OPTIONS: dict[int, tuple[object, tuple[Card, ...] | None]] = {}
#: Outlooks (immutable, so shared by every bot), by pack id, opponents, partners, hand
#: size and the card known to be out of play.
_OUTLOOKS: dict[tuple[int, int, int, int, Card | None], Outlook] = {}
#: ``outlook.alone()`` of the shared outlooks, by the outlook's id.
_ALONE: dict[int, tuple[Outlook, Outlook]] = {}
#: Boldness by scores, seat, partners, target and seats.
_BOLDNESS: dict[tuple[tuple[int, ...], int, tuple[int, ...], int, int], float] = {}


#: :func:`upcard_swing` of the shared outlooks, by up-card and the outlook's id.
_SWINGS: dict[tuple[Card, int], tuple[Outlook, float]] = {}


def _upcard_swing(up: Card, outlook: Outlook) -> float:
    """:func:`upcard_swing`, remembered for the outlooks the bot shares (without hashing the
    outlook, pack and all)."""
    hit = _SWINGS.get((up, id(outlook)))
    if hit is None or hit[0] is not outlook:
        if len(_SWINGS) >= _CACHE_LIMIT:
            _SWINGS.clear()
        hit = _SWINGS[up, id(outlook)] = (outlook, upcard_swing(up, outlook))
    return hit[1]


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
    scores: tuple[int, ...], me: int, partners: tuple[int, ...], target: int, seats: int
) -> float:
    """How much lower the call threshold is because of the score."""
    mine = {me, *partners}
    my_need = target - scores[me]
    opp_need = min((target - scores[s] for s in range(seats) if s not in mine), default=99)
    bold = 0.0
    if opp_need <= 1:
        bold += 0.45  # any make of theirs ends the game: contest every hand
    elif opp_need <= 2:
        bold += 0.2
    if my_need <= 1 and opp_need > 2:
        bold += 0.1  # a make wins; a euchre does not lose the game
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
        note = f"picking up {up} and discarding {discard}"
    elif dealer in partners:
        note = f"{up} going to your partner"
    else:
        note = f"{up} going to an opponent"
    if kind == "order":
        verb = "pick it up" if me == dealer else "order up"
        return f"{verb}: {est}; with {note}, about {side:.1f} tricks for your side."
    have, need = short_of(side, threshold)
    return (
        f"pass: {est}; with {note}, about {have} tricks for your side, "
        f"short of the {need} a call needs."
    )


def _round2_why(
    kind: str,
    view: PlayerView,
    call: Call,
    outlook: Outlook,
    name: str,
    side: float,
    threshold: float,
    lone: float,
) -> str:
    """The reason for a round-2 call (``kind`` ``"call"``, ``"forced"`` when passing is
    not allowed, or ``"alone"``), forfeit or pass."""
    if kind == "forfeit":
        return (
            f"forfeit: your best suit, {name}, gives only about {side:.1f} tricks for your "
            "side; a euchre would cost more than the forfeit."
        )
    if kind == "pass":
        have, need = short_of(side, threshold)
        return (
            f"pass: your best suit, {name}, gives about {have} tricks for your side, "
            f"short of the {need} a call needs."
        )
    est = describe(estimate(view.hand, call.suit, outlook))
    if kind == "alone":
        return (
            f"call {name} alone: {est}; alone it should take about "
            f"{lone:.1f} of {view.hand_size} tricks."
        )
    why = "" if kind == "call" else " (passing is not allowed)"
    return f"call {name}{why}: {est}; about {side:.1f} tricks for your side."


class HeuristicBot:
    """Plays the euchre family from its view: bids by expected tricks, plays by rule.

    :param seed: seeds the only random choice the bot makes (a default for actions it does
      not know), so that the same seed always gives the same choices
    :param strict: let an internal error propagate instead of falling back to the safe
      default (for tests)
    """

    name = "heuristic"
    uses_view = True

    def __init__(self, seed: int | str = 0, *, strict: bool = False):
        self.seed = seed
        self.strict = strict
        # Made at its first use: most bots never need it, and seeding one costs as much as
        # a decision.
        self._rng: random.Random | None = None
        self._memos: dict[int, _Memo] = {}
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

    # ----------------------------------------------------------------------------------
    # Entry points
    # ----------------------------------------------------------------------------------

    def choose(self, view: PlayerView | None, legal: Sequence[Action]) -> Action:
        """The action to take (the one :meth:`advise` gives, without the reason)."""
        return self._pick(view, legal)[0]

    def advise(self, view: PlayerView | None, legal: Sequence[Action]) -> Advice:
        """The action to take now and, in plain words, why.

        :raises ValueError: when ``legal`` is empty (there is nothing to choose).
        """
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
            only = legal[0]
            return only, lambda: f"{only}: the only legal choice."
        if self._rules_key is not view.plugins:
            self._variant(view)
        if self._advice_hook:
            rules = self._rules
            assert rules is not None
            try:
                advice = rules.bot_advice(view, legal)
            except Exception:
                if self.strict:
                    raise
                advice = None
            if advice is not None and _offered(advice[0], legal):
                return advice[0], _said(advice[1])
        try:
            pick = self._decide(view, legal)
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
        memo = self._memo(view)
        first = legal[0]
        phase = view.phase
        if phase is _PLAY and isinstance(first, Play):
            return self._play(view, memo, legal)
        kinds = set()
        for a in legal:
            kinds.add(type(a))
        if phase is _BIDDING:
            if Order in kinds:
                return self._round1(view, memo, legal)
            if Call in kinds:
                return self._round2(view, memo, legal)
            return None
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

    def _memo(self, view: PlayerView) -> _Memo:
        ev = view.events
        seat = view.seat
        m = self._memos.get(seat)
        n = len(ev)
        if (
            m is None
            or n == 0
            or m.first is not ev[0]
            or m.count > n
            or (m.count and ev[m.count - 1] is not m.last)
        ):
            m = _Memo(view.seats, ev[0] if n else None)
            self._memos[seat] = m
        start = m.count
        if start == n:
            return m
        # The events since the last decision; a card played is taken in line (it is most of
        # them), a trick won ends the trick, bids and deals say nothing the bot keeps, and
        # everything else goes to :meth:`_Memo.feed`.
        r = m.ranking
        suit_of = r.suit_of if r is not None else None
        trick = m.trick
        played = m.played
        voids = m.voids
        nvoids = len(voids)
        led = m.led
        outs = m.outs
        if outs is not None:
            rests = m.rest
            top_out = m.top_out
            count_out = m.count_out
        # The effective suit led to the trick in progress.
        r0: Suit | None = None
        if trick:
            c0 = trick[0][1]
            r0 = suit_of[c0.index] if suit_of is not None else c0.suit
        # The event classes as locals: read once, not once per event.
        card_played, trick_won, dealt, bid_made = CardPlayed, TrickWon, Dealt, BidMade
        for e in ev[start:] if start else ev:
            t = type(e)
            if t is card_played:
                c = e.card  # type: ignore[attr-defined]
                who = e.seat  # type: ignore[attr-defined]
                played.add(c)
                s = suit_of[c.index] if suit_of is not None else c.suit
                if trick:
                    if s is not r0 and r0 is not None and who < nvoids and r0 not in voids[who]:
                        voids[who] = voids[who] | {r0}
                else:
                    r0 = s
                    led[s] = led.get(s, 0) + 1
                trick.append((who, c))
                if outs is not None:
                    if who == seat:
                        m.my_plays += 1
                    else:
                        found = outs.get(c)
                        if found is not None:
                            # No longer outstanding: off its suit's powers.
                            del outs[c]
                            fs, pw = found
                            rest = rests[fs]
                            rest.remove(pw)
                            if rest:
                                top_out[fs] = rest[0]
                                count_out[fs] = len(rest)
                            else:
                                del top_out[fs]
                                del count_out[fs]
            elif t is trick_won:
                trick = m.trick = []
            elif t is not dealt and t is not bid_made:
                m.feed(e, seat)
                r = m.ranking
                suit_of = r.suit_of if r is not None else None
                trick = m.trick
                if trick:
                    c0 = trick[0][1]
                    r0 = suit_of[c0.index] if suit_of is not None else c0.suit
        m.count = n
        m.last = ev[n - 1]
        return m

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
            o = memo.outlook = self._outlook(view)
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
        key = (scores, me, partners, target, view.seats)
        bold = _BOLDNESS.get(key)
        if bold is None:
            if len(_BOLDNESS) >= _CACHE_LIMIT:
                _BOLDNESS.clear()
            bold = _BOLDNESS[key] = _boldness(scores, me, partners, target, view.seats)
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
        discard: Card | None = None
        if me == dealer:
            discard, own = discard_tricks([*hand, up], trump, outlook, allowed=hand)
            memo.plan = (hand_mask((*hand, up)), discard, trump, outlook, own)
            swing = 0.0
        else:
            own = hand_tricks(hand_mask(hand), trump, outlook, 1 << up.index)
            value = _upcard_swing(up, outlook)
            swing = value if dealer in partners else -value - OPPONENT_UPCARD_EXTRA

        side = own + partner_tricks(outlook) + swing
        need = view.hand_size // 2 + 1
        threshold = need + CALL_MARGIN - self._bold(view, memo)
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
        if alone is not None and partners and own >= ALONE_AT - 1.2:
            if me == dealer:
                kept = [c for c in hand if c is not discard] + [up]
                lone_tricks = hand_tricks(hand_mask(kept), trump, _alone_outlook(outlook))
            else:
                lone_tricks = hand_tricks(
                    hand_mask(hand), trump, _alone_outlook(outlook), 1 << up.index
                )
            lone = lone_tricks - (swing if dealer not in partners and me != dealer else 0)
            if lone >= ALONE_AT:
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
            why = partial(
                _round1_why, "order", view, hand, up, trump, outlook, discard, partners, side
            )
            return (order, why)
        if pass_ is None:
            if order is None:
                return None
            why = partial(
                _round1_why, "forced", view, hand, up, trump, outlook, discard, partners, side
            )
            return (order, why)
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
        threshold = need + CALL_MARGIN - self._bold(view, memo)
        name = "no trump" if call.suit is None else call.suit.word
        # (The reasons are written by a function outside: a closure here would make cells
        # of the locals it reads on every call.)
        lone_call = None
        for a in legal:
            if isinstance(a, Call) and a.alone and a.suit is call.suit:
                lone_call = a
                break
        if lone_call is not None and self._partners_of(view) and own >= ALONE_AT - 1.2:
            lone = hand_tricks(held, call.suit, _alone_outlook(outlook))
            if lone >= ALONE_AT:
                why = partial(_round2_why, "alone", view, call, outlook, name, side, 0.0, lone)
                return (lone_call, why)
        forfeit = None
        for a in legal:
            if isinstance(a, Forfeit):
                forfeit = a
                break
        if pass_ is None and forfeit is not None and side < FORFEIT_BELOW:
            why = partial(_round2_why, "forfeit", view, call, outlook, name, side, 0.0, 0.0)
            return (forfeit, why)
        if side >= threshold or pass_ is None:
            kind = "call" if side >= threshold else "forced"
            why = partial(_round2_why, kind, view, call, outlook, name, side, 0.0, 0.0)
            return (call, why)
        why = partial(_round2_why, "pass", view, call, outlook, name, side, threshold, 0.0)
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
        if plan is not None and plan[0] == hand_mask(hand) and plan[1] in allowed:
            card = plan[1]
            same = plan[2] is trump and plan[3] is outlook
            planned = plan[4]

            def value() -> float:
                if same:
                    return planned  # the same cards, trump and outlook: the same estimate
                rest = [c for c in hand if c is not card]
                return estimate(rest, trump, outlook, (card,)).tricks

        else:
            card, kept = discard_tricks(hand, trump, outlook, allowed)

            def value() -> float:
                return kept

        for action in legal:
            if isinstance(action, Discard) and action.card is card:
                break
        else:
            raise ValueError(f"{card} is not a legal discard")  # pragma: no cover

        def why() -> str:
            r = ranking(trump)
            rest = [c for c in view.hand if c is not card]
            void = card.suit is not None and not any(
                r.suit_of[c.index] is r.suit_of[card.index] for c in rest
            )
            how = "makes a void" if void and not r.is_trump(card) else "is the least useful card"
            return (
                f"discard {card}: it {how}; the cards you keep should take about "
                f"{value():.1f} tricks."
            )

        return action, why

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

    def _alone(self, view: PlayerView, memo: _Memo, legal: Sequence[Action]) -> _Pick | None:
        trump = self._trump(view, memo)
        go = next(a for a in legal if isinstance(a, GoAlone))
        no = next((a for a in legal if isinstance(a, Pass)), None)
        contract = memo.contract or view.contract
        outlook = self._outlook(view).alone()
        est = estimate(view.hand, trump, outlook)
        mine = {view.seat, *self._partners_of(view)}
        maker_side = contract is not None and contract.maker in mine
        need = ALONE_AT if maker_side else DEFEND_ALONE_AT
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
        if tricks >= DEFEND_ALONE_AT or no is None:
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
        sides = memo.sides
        if sides is None or sides[0] != me or memo.known != known:
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
        table = memo.table
        # Cards that may still be in other hands: top power and count per effective suit.
        if memo.outs is None or len(hand) + memo.my_plays != memo.outs_size:
            _outstanding(memo, hand, self._pack(view), r.trump)
            table = None
        if table is None or table.sides is not sides or table.r is not r:
            table = memo.table = _Table(memo, r, sides)
        table.legal = legal
        cards: list[Card] = []
        for a in legal:
            if isinstance(a, Play):
                cards.append(a.card)
        table.cards = cards
        table.hand = hand
        trump = r.trump
        table.trumps_out = table.count_out.get(trump, 0) if trump is not None else 0
        trick = table.trick = memo.trick
        return table.follow() if trick else table.lead()


#: :func:`_sides` without a variant's answer, by seat, active seats, maker, whether there
#: are partnerships, partners and seats (never changed: shared by every memo).
_SIDES: dict[
    tuple[int, tuple[int, ...], int | None, bool, tuple[int, ...], int],
    tuple[int, tuple[int, ...], int | None, set[int], set[int], list[int]],
] = {}


def _sides(
    view: PlayerView,
    memo: _Memo,
    partners: tuple[int, ...],
    known: tuple[frozenset[int], frozenset[int]] | None = None,
) -> tuple[int, tuple[int, ...], int | None, set[int], set[int], list[int]]:
    """Who plays with and against the seat this hand: (seat, active seats, maker, active
    allies, the seat's side, active opponents), given its fixed ``partners``. In games
    without partnerships every defender is a temporary ally of the others against the
    maker. ``known`` is the variant's answer (``euchre_known_sides``) when sides are made
    during the hand: seats in neither set are unknown, taken as allies by a defender and as
    opponents by the maker."""
    me = view.seat
    active = memo.active or tuple(range(view.seats))
    contract = memo.contract
    maker = contract.maker if contract is not None else None
    if known is not None:
        friends, foes = known
        unknown = set(range(view.seats)) - friends - foes - {me}
        mine = set(friends) | (unknown if maker is not None and maker != me else set())
        allies = {s for s in mine if s in active}
        side = {me, *mine}
    elif view.partnerships is not None:
        allies = set()
        for s in partners:
            if s in active:
                allies.add(s)
        side = {me, *partners}
    elif maker is not None and maker != me:
        allies = {s for s in active if s != me and s != maker}
        side = {me, *allies}
    else:
        allies = set()
        side = {me}
    opps = []
    for s in active:
        if s != me and s not in allies:
            opps.append(s)
    return (me, active, maker, allies, side, opps)


#: The pack grouped by effective suit (as :func:`suit_layout`): each card's ``(suit,
#: power)`` pair (made once), and each suit's powers high to low, by pack id and trump.
_OUT_LAYOUTS: dict[
    tuple[int, Suit | None],
    tuple[
        tuple[Card, ...],
        dict[Card, tuple[Suit | None, int]],
        tuple[tuple[Suit | None, list[int]], ...],
    ],
] = {}


def _outstanding(
    memo: _Memo, hand: Sequence[Card], deck: tuple[Card, ...], trump: Suit | None
) -> None:
    """Count the cards that may still be in other hands (neither played, nor known to be out
    of play, nor held) per effective suit; the memo then takes them off as they are played.
    (The whole pack's tables copied, and the few cards seen taken off them.)"""
    hit = _OUT_LAYOUTS.get((id(deck), trump))
    if hit is None or hit[0] is not deck:
        if len(_OUT_LAYOUTS) >= _CACHE_LIMIT:
            _OUT_LAYOUTS.clear()
        entries: dict[Card, tuple[Suit | None, int]] = {}
        suits: list[tuple[Suit | None, list[int]]] = []
        for s, members in suit_layout(deck, trump):
            for c, pw in members:
                entries[c] = (s, pw)
            suits.append((s, [pw for _, pw in members]))
        hit = _OUT_LAYOUTS[id(deck), trump] = (deck, entries, tuple(suits))
    outs = hit[1].copy()
    rest: dict[Suit | None, list[int]] = {}
    for s, powers in hit[2]:
        rest[s] = powers.copy()
    for seen in (memo.played, memo.dead, hand):
        for c in seen:
            found = outs.pop(c, None)
            if found is not None:
                rest[found[0]].remove(found[1])
    top: dict[Suit | None, int] = {}
    count: dict[Suit | None, int] = {}
    for s, _ in hit[2]:
        left = rest[s]
        if left:
            top[s] = left[0]
            count[s] = len(left)
        else:
            del rest[s]
    memo.outs = outs
    memo.outs_size = len(hand)
    memo.my_plays = 0
    memo.top_out = top
    memo.count_out = count
    memo.rest = rest


def _act(legal: Sequence[Action], c: Card, reason: Callable[[], str]) -> _Pick:
    """The play of ``c`` among ``legal``, with its reason."""
    for a in legal:
        if a.card is c:
            return a, reason
    raise ValueError(f"{c} is not a legal play")  # pragma: no cover - cards come from legal


def _lowest(cs: Sequence[Card], power: Sequence[int]) -> Card:
    """The lowest card (by power, then by index)."""
    best = cs[0]
    bp = power[best.index]
    for c in cs:
        p = power[c.index]
        if p < bp or (p == bp and c.index < best.index):
            best, bp = c, p
    return best


def _ruff_risk(
    suit: Suit | None,
    seats: Sequence[int],
    t: _Table,
) -> bool:
    """Whether one of ``seats`` may trump a plain card of ``suit``."""
    trump = t.trump
    if suit is None or suit is trump or not t.trumps_out:
        return False  # (no trumps are out at no trump)
    voids = t.voids
    for s in seats:
        v = voids[s]
        if suit in v and trump not in v:
            return True
    return bool(seats) and (t.count_out.get(suit, 0) < len(seats) or t.led.get(suit, 0) >= 2)


def _throw_off(cs: Sequence[Card], t: _Table) -> Card:
    """The least useful card: no trump, no winner, a singleton if that makes a void while
    trumps remain, else the lowest."""
    suit_of = t.suit_of
    power = t.power
    trump = t.trump
    top_out = t.top_out
    have_trump = False
    per_suit: dict[Suit | None, int] = {}
    for c in t.hand:
        s = suit_of[c.index]
        if s is trump:
            have_trump = True
        per_suit[s] = per_suit.get(s, 0) + 1
    best: Card | None = None
    best_key: tuple[bool, bool, int, int, int] | None = None
    for c in cs:
        ix = c.index
        s = suit_of[ix]
        pw = power[ix]
        is_trump = s is trump
        key = (
            is_trump,
            pw > top_out.get(s, -1),
            0 if (not is_trump and have_trump and per_suit[s] == 1) else 1,
            pw,
            ix,
        )
        if best_key is None or key < best_key:
            best, best_key = c, key
    assert best is not None
    return best


class _Table:
    """The facts a play decision needs, worked out once.

    A card is a trump when its effective suit is the trump (at no trump: the joker, whose
    effective suit is ``None``); a *master* has no card left in other hands above it in its
    effective suit."""

    __slots__ = (
        "active",
        "allies",
        "cards",
        "count_out",
        "hand",
        "led",
        "legal",
        "maker",
        "me",
        "opps",
        "power",
        "r",
        "side",
        "sides",
        "suit_of",
        "top_out",
        "trick",
        "trump",
        "trumps_out",
        "voids",
    )

    def __init__(
        self,
        memo: _Memo,
        r: Ranking,
        sides: tuple[int, tuple[int, ...], int | None, set[int], set[int], list[int]],
    ):
        # Fixed while the sides and the memo's outstanding cards are the same (the memo
        # keeps the table between decisions; the tables it reads change in place). No
        # reference back to the memo: a cycle would leave old memos to the garbage
        # collector.
        self.led = memo.led
        self.r = r
        self.suit_of = r.suit_of
        self.power = r.power
        self.trump = r.trump
        self.sides = sides
        self.me, self.active, self.maker, self.allies, self.side, self.opps = sides
        self.top_out = memo.top_out
        self.count_out = memo.count_out
        self.voids = memo.voids
        # Set for each decision (see :meth:`HeuristicBot._play`).
        self.legal: Sequence[Action] = ()
        self.cards: list[Card] = []
        self.hand: Sequence[Card] = ()
        self.trumps_out = 0
        self.trick: list[tuple[int, Card]] = []

    def lead(self) -> _Pick:
        cards = self.cards
        suit_of = self.suit_of
        power = self.power
        trump = self.trump
        top_out = self.top_out
        voids = self.voids
        legal = self.legal
        me = self.me
        opps = self.opps
        maker = self.maker
        allies = self.allies
        side_makes = maker is not None and maker in self.side
        trumps: list[Card] = []
        plain: list[Card] = []
        for c in cards:
            if suit_of[c.index] is trump:
                # Kept high to low (no two trumps have the same power).
                pw = power[c.index]
                i = 0
                while i < len(trumps) and power[trumps[i].index] > pw:
                    i += 1
                trumps.insert(i, c)
            else:
                plain.append(c)
        trumps_out = self.trumps_out
        opp_trumps = False  # an opponent may still trump
        if trumps_out > 0:
            for o in opps:
                if trump not in voids[o]:
                    opp_trumps = True
                    break
        side_masters = []
        for c in plain:
            s = suit_of[c.index]
            if power[c.index] > top_out.get(s, -1) and not _ruff_risk(s, opps, self):
                side_masters.append(c)
        # Draw trumps while the makers hold them.
        if trumps and opp_trumps and side_makes:
            top = trumps[0]
            top_master = power[top.index] > top_out.get(trump, -1)
            if top_master and (len(trumps) >= 2 or maker != me or not side_masters):
                return _act(
                    legal,
                    top,
                    lambda: f"lead {top}: the best trump left, to draw the opponents' trumps.",
                )
            if maker == me and len(trumps) >= 3:
                low = trumps[-1]
                return _act(
                    legal,
                    low,
                    lambda: (
                        f"lead {low}: with {len(trumps)} trumps, pull the higher trumps out "
                        "with the lowest."
                    ),
                )
            if maker != me and maker in allies:
                give = top if top_master else trumps[-1]
                return _act(
                    legal, give, lambda: f"lead {give}: lead trump to your partner, the maker."
                )
        # Cash side aces (plain cards nobody can beat or ruff).
        if side_masters:
            # The one with most cards of its suit still out (then the lowest index).
            count_out = self.count_out
            c = side_masters[0]
            best = (count_out.get(suit_of[c.index], 0), -c.index)
            for m in side_masters:
                key = (count_out.get(suit_of[m.index], 0), -m.index)
                if key > best:
                    c, best = m, key
            return _act(legal, c, lambda: f"lead {c}: the best card left in its suit, cash it.")
        # Nobody can trump any more: winners first.
        if not opp_trumps:
            # The strongest master (then the lowest index).
            top_card: Card | None = None
            top_key = (-1, 0)
            for w in cards:
                wp = power[w.index]
                if wp > top_out.get(suit_of[w.index], -1) and (wp, -w.index) > top_key:
                    top_card, top_key = w, (wp, -w.index)
            if top_card is not None:
                c = top_card
                return _act(
                    legal,
                    c,
                    lambda: f"lead {c}: the opponents have no trump left and it is the best card.",
                )
        if trumps and side_makes and power[trumps[0].index] > top_out.get(trump, -1):
            top = trumps[0]
            return _act(legal, top, lambda: f"lead {top}: the best trump left.")
        # A loser: not into an opponent who can ruff it, ideally to a partner who can.
        ally_ruffs = []
        if allies and trumps_out:
            for c in plain:
                s = suit_of[c.index]
                for a in allies:
                    v = voids[a]
                    if s in v and trump not in v:
                        ally_ruffs.append(c)
                        break
        if ally_ruffs:
            c = _lowest(ally_ruffs, power)
            return _act(
                legal, c, lambda: f"lead {c}: your partner is out of that suit and can trump it."
            )
        safe = []
        for c in plain:
            if not _ruff_risk(suit_of[c.index], opps, self):
                safe.append(c)
        pool = safe or plain
        if pool:
            c = _throw_off(pool, self)
            why = (
                "a low card that no opponent is known to trump"
                if safe
                else "the least useful card; every suit is risky"
            )
            return _act(legal, c, lambda: f"lead {c}: {why}.")
        c = trumps[-1] if trumps else _lowest(cards, power)
        return _act(legal, c, lambda: f"lead {c}: only trumps left; the lowest first.")

    def follow(self) -> _Pick:
        trick = self.trick
        cards = self.cards
        suit_of = self.suit_of
        power = self.power
        trump = self.trump
        top_out = self.top_out
        allies = self.allies
        legal = self.legal
        led = suit_of[trick[0][1].index]
        # The card winning so far.
        w_seat, w_card = self.r.winner_of([(entry, entry[1]) for entry in trick])
        w_suit = suit_of[w_card.index]
        w_power = power[w_card.index]
        w_master = w_power > top_out.get(w_suit, -1)
        # The seats still to play after this one, opponents and allies.
        active = self.active
        me = self.me
        n = len(active)
        pos = active.index(me) if me in active else 0
        opp_after: list[int] = []
        ally_after: list[int] = []
        for i in range(1, n):
            nxt = active[(pos + i) % n]
            for seat, _ in trick:
                if seat == nxt:
                    break
            else:
                (ally_after if nxt in allies else opp_after).append(nxt)
        can_follow = False
        winners: list[Card] = []
        for c in cards:
            s = suit_of[c.index]
            if s is led:
                can_follow = True
            # Whether ``c`` beats the winning card; kept low to high (no two winners have
            # the same power).
            if (
                s is None
                or (w_suit is not None and s is w_suit and power[c.index] > w_power)
                or (w_suit is not None and s is not w_suit and trump is not None and s is trump)
            ):
                pw = power[c.index]
                i = 0
                while i < len(winners) and power[winners[i].index] < pw:
                    i += 1
                winners.insert(i, c)
        # The winners that keep winning against the opponents still to play.
        if not opp_after:
            safe = winners
        else:
            safe = []
            for c in winners:
                s = suit_of[c.index]
                if power[c.index] > top_out.get(s, -1) and (
                    s is trump or not _ruff_risk(s, opp_after, self)
                ):
                    safe.append(c)
        if w_seat in allies:
            if not opp_after or (
                w_master and (w_suit is trump or not _ruff_risk(w_suit, opp_after, self))
            ):
                c = self.low(cards, can_follow)
                return _act(
                    legal,
                    c,
                    lambda: f"play {c}: your partner's {w_card} wins the trick; save your cards.",
                )
            if safe and (can_follow or not w_master):
                c = safe[0]
                return _act(
                    legal,
                    c,
                    lambda: f"play {c}: your partner's {w_card} could be beaten; {c} makes sure.",
                )
            c = self.low(cards, can_follow)
            return _act(legal, c, lambda: f"play {c}: leave the trick to your partner's {w_card}.")
        if winners:
            if not opp_after:
                c = winners[0]
                return _act(legal, c, lambda: f"play {c}: the cheapest card that wins the trick.")
            if safe:
                c = safe[0]
                return _act(
                    legal, c, lambda: f"play {c}: the cheapest card that surely wins the trick."
                )
            lost_for_side = not ally_after or (w_master and w_suit is not trump)
            if not can_follow and lost_for_side:
                c = winners[0]
                return _act(
                    legal, c, lambda: f"play {c}: trump in; otherwise {w_card} takes the trick."
                )
            if can_follow and not ally_after:
                c = winners[0]
                return _act(legal, c, lambda: f"play {c}: the only chance to win the trick.")
        c = self.low(cards, can_follow)
        if winners:
            return _act(
                legal, c, lambda: f"play {c}: your partner may still win it; keep your winners."
            )
        return _act(
            legal, c, lambda: f"play {c}: {w_card} cannot be beaten; throw the least useful card."
        )

    def low(self, cards: Sequence[Card], can_follow: bool) -> Card:
        return _lowest(cards, self.power) if can_follow else _throw_off(cards, self)

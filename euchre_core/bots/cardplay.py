"""The heuristic bot's card play: what to lead and how to follow, from the facts of the hand.

A :class:`_Table` holds what a play decision needs (the seat's sides, the cards still
out per effective suit, the voids shown), kept between the seat's decisions while the
hand's knowledge (:mod:`euchre_core.bots.knowledge`) stays the same. The play follows the
habits of good players: draw trumps when the makers hold them, cash side aces, do not lead
into an opponent known to be void, do not overtake a partner who is winning, win as
cheaply as possible, trump in when the trick is otherwise lost, throw off the least useful
card. Each choice comes with a function that writes the reason for it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import final

from ..actions import Action
from ..cards import Card, Suit
from ..trumps import Ranking
from .knowledge import _Memo

#: A choice and a function that writes the reason for it (called only for advice).
_Pick = tuple[Action, Callable[[], str]]


@final
class _Why:
    """The reason for a play, written when called: a template with the card put in for
    ``{0}`` and another value for ``{1}``. (One small object made per decision: a closure
    would make cells of the locals it reads, a ``partial`` of ``str.format`` three objects.)
    """

    __slots__ = ("card", "other", "template")

    def __init__(self, template: str, card: Card, other: object) -> None:
        self.template = template
        self.card = card
        self.other = other

    def __call__(self) -> str:
        return self.template.format(self.card, self.other)


def _unexplained() -> str:
    """The reason of a choice made with no reason wanted (a play, see
    :attr:`_Table.explain`, or a bid)."""
    return "a play by the card-play rules."


def _act(t: _Table, c: Card, why: str, other: object = None) -> _Pick:
    """The play of ``c`` among the table's legal actions, with its reason: ``why`` with
    ``c`` put in for ``{0}`` and ``other`` for ``{1}``, written only when asked for (and
    not even prepared when the table says no reason is wanted)."""
    for a in t.legal:
        if a.card is c:
            return a, (_Why(why, c, other) if t.explain else _unexplained)
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
    # The effective suit of each card held (counted only for a card that may go).
    held: list[Suit | None] = []
    for c in t.hand:
        held.append(suit_of[c.index])
    have_trump = trump in held
    # The order: no trump first, then no winner, then a singleton (when that makes a void
    # while trumps remain), then the lowest power, then the lowest index; one integer per
    # card (powers and indexes are small and never negative: below 2**16).
    best = cs[0]
    best_key = -1
    for c in cs:
        ix = c.index
        s = suit_of[ix]
        pw = power[ix]
        is_trump = s is trump
        key = (pw << 16) | ix
        if is_trump:
            key |= 1 << 34
        if pw > top_out.get(s, -1):
            key |= 1 << 33
        if is_trump or not have_trump or held.count(s) != 1:
            key |= 1 << 32
        if best_key < 0 or key < best_key:
            best, best_key = c, key
    return best


class _Table:
    """The facts a play decision needs, worked out once.

    A card is a trump when its effective suit is the trump (at no trump: the joker, whose
    effective suit is ``None``); a *master* has no card left in other hands above it in its
    effective suit."""

    __slots__ = (
        "active",
        "after",
        "allies",
        "cards",
        "count_out",
        "explain",
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
        # The other active seats in playing order from this one, each with whether it is an
        # ally (read at every follow).
        active = self.active
        n = len(active)
        pos = active.index(self.me) if self.me in active else 0
        after: list[tuple[int, bool]] = []
        for i in range(1, n):
            nxt = active[(pos + i) % n]
            after.append((nxt, nxt in self.allies))
        self.after: tuple[tuple[int, bool], ...] = tuple(after)
        self.top_out = memo.top_out
        self.count_out = memo.count_out
        self.voids = memo.voids
        # Set for each decision (see :meth:`HeuristicBot._play`); ``explain``: whether the
        # reason of the play is wanted (:meth:`HeuristicBot.advise`) or not (``choose``).
        self.explain = True
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
                    self,
                    top,
                    "lead {0}: the best trump left, to draw the opponents' trumps.",
                )
            if maker == me and len(trumps) >= 3:
                low = trumps[-1]
                return _act(
                    self,
                    low,
                    "lead {0}: with {1} trumps, pull the higher trumps out with the lowest.",
                    len(trumps),
                )
            if maker != me and maker in allies:
                give = top if top_master else trumps[-1]
                return _act(self, give, "lead {0}: lead trump to your partner, the maker.")
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
            return _act(self, c, "lead {0}: the best card left in its suit, cash it.")
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
                    self,
                    c,
                    "lead {0}: the opponents have no trump left and it is the best card.",
                )
        if trumps and side_makes and power[trumps[0].index] > top_out.get(trump, -1):
            top = trumps[0]
            return _act(self, top, "lead {0}: the best trump left.")
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
            return _act(self, c, "lead {0}: your partner is out of that suit and can trump it.")
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
            return _act(self, c, "lead {0}: {1}.", why)
        c = trumps[-1] if trumps else _lowest(cards, power)
        return _act(self, c, "lead {0}: only trumps left; the lowest first.")

    def follow(self) -> _Pick:
        trick = self.trick
        cards = self.cards
        suit_of = self.suit_of
        power = self.power
        trump = self.trump
        top_out = self.top_out
        allies = self.allies
        # The card winning so far (as :meth:`Ranking.winner_of`, in line), and the seats
        # that have played.
        w_seat, w_card = trick[0]
        w_power = power[w_card.index]
        led = suit_of[w_card.index]
        done = [w_seat]
        for i in range(1, len(trick)):
            seat, c = trick[i]
            done.append(seat)
            ix = c.index
            s = suit_of[ix]
            if (s is trump or s is led or s is None) and power[ix] > w_power:
                w_seat, w_card, w_power = seat, c, power[ix]
        w_suit = suit_of[w_card.index]
        w_master = w_power > top_out.get(w_suit, -1)
        # The seats still to play after this one, opponents and allies.
        opp_after: list[int] = []
        ally_after: list[int] = []
        for nxt, ally in self.after:
            if nxt not in done:
                (ally_after if ally else opp_after).append(nxt)
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
                    self,
                    c,
                    "play {0}: your partner's {1} wins the trick; save your cards.",
                    w_card,
                )
            if safe and (can_follow or not w_master):
                c = safe[0]
                return _act(
                    self,
                    c,
                    "play {0}: your partner's {1} could be beaten; {0} makes sure.",
                    w_card,
                )
            c = self.low(cards, can_follow)
            return _act(self, c, "play {0}: leave the trick to your partner's {1}.", w_card)
        if winners:
            if not opp_after:
                c = winners[0]
                return _act(self, c, "play {0}: the cheapest card that wins the trick.")
            if safe:
                c = safe[0]
                return _act(self, c, "play {0}: the cheapest card that surely wins the trick.")
            lost_for_side = not ally_after or (w_master and w_suit is not trump)
            if not can_follow and lost_for_side:
                c = winners[0]
                return _act(self, c, "play {0}: trump in; otherwise {1} takes the trick.", w_card)
            if can_follow and not ally_after:
                c = winners[0]
                return _act(self, c, "play {0}: the only chance to win the trick.")
        c = self.low(cards, can_follow)
        if winners:
            return _act(self, c, "play {0}: your partner may still win it; keep your winners.")
        return _act(self, c, "play {0}: {1} cannot be beaten; throw the least useful card.", w_card)

    def low(self, cards: Sequence[Card], can_follow: bool) -> Card:
        return _lowest(cards, self.power) if can_follow else _throw_off(cards, self)

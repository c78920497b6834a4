"""The solver's search on small integers, for play that follows the ``tricks`` plugin.

Each card still in play is a bit: the cards are sorted by effective suit and, within a
suit, from the highest to the lowest in this hand's ranking, so that a suit is a run of
bits and a card's neighbours in rank are its neighbouring bits. A hand is a bit mask.
Cards already played are not in the masks at all: they are the gaps that make two cards
of one hand touching.

Used only when the variant's legal plays and trick winner are those of the ``tricks``
plugin (``must-trump`` may narrow the legal plays: it is modelled here), which
:func:`fast_rules` checks on the plugin stack itself; and never for a pack that holds two
copies of a card, whose equal cards the first played wins with (the engine's search
plays those).
"""

from __future__ import annotations

from typing import Any

from ..cards import Card, Suit
from ..state import State
from ..trumps import Ranking
from ._dd_engine import side_against_the_rest

__all__ = ["FastSearch", "fast_rules"]

_SUIT_ID: dict[Suit | None, int] = {Suit.CLUBS: 0, Suit.DIAMONDS: 1, Suit.HEARTS: 2, Suit.SPADES: 3}
_NO_SUIT = 4  # the joker of a no-trump hand


def _is_impl(impl: Any, module: Any, name: str) -> bool:
    return impl.function is getattr(module, name, None)


def fast_rules(state: State) -> str | None:
    """``"tricks"`` when the play follows the ``tricks`` plugin alone, ``"must-trump"``
    when the ``must-trump`` house rule narrows its legal plays, ``None`` otherwise (the
    search must then ask the engine)."""
    from euchre_plugins import tricks
    from euchre_plugins.house import must_trump

    if any(c.copy for c in state.table.deck):
        # Two equal cards in different hands break the search's "touching cards are
        # equivalent" and "a trump above theirs is a sure trick" (the first of two equal
        # cards played wins): the engine's search handles double packs.
        return None
    hook = state.rules.pm.hook
    legal = hook.euchre_legal_plays.get_hookimpls()
    winner = hook.euchre_trick_winner.get_hookimpls()
    if len(winner) != 1 or not _is_impl(winner[0], tricks, "euchre_trick_winner"):
        return None
    contract = state.contract
    if contract is not None and getattr(contract, "by_lead", False) and contract.trump is None:
        # Trumps still to be made by the first card led: the ranking changes mid-search.
        return None
    if state.ranking is not None and type(state.ranking) is not Ranking:
        # A ranking of a plugin's own may rank otherwise.
        return None
    base = [i for i in legal if not (i.wrapper or i.hookwrapper)]
    wrappers = [i for i in legal if i.wrapper or i.hookwrapper]
    if len(base) != 1 or not _is_impl(base[0], tricks, "euchre_legal_plays"):
        return None
    if not wrappers:
        return "tricks"
    if len(wrappers) == 1 and _is_impl(wrappers[0], must_trump, "euchre_legal_plays"):
        return "must-trump"
    return None


class FastSearch:
    """Alpha-beta search over bit masks from a position of the play (see the module).

    The top of the search can be moved along a line (:meth:`play`, :meth:`undo`); values
    are the side's tricks in the whole hand.
    """

    def __init__(self, state: State, *, must_trump: bool = False) -> None:
        seat = state.to_act
        teams = state.teams
        r = state.ranking
        assert seat is not None and teams is not None and r is not None
        self.side: frozenset[int] = side_against_the_rest(state, seat)
        active = tuple(state.active)
        n = len(active)
        self.seats = active
        trick = state.trick
        held: list[tuple[int, Card]] = [
            (i, c) for i, s in enumerate(active) for c in state.hands[s]
        ]
        in_trick = [c for _, c in trick]
        suit_of = r.suit_of
        power = r.power
        every = [c for _, c in held] + in_trick

        def sid(c: Card) -> int:
            s = suit_of[c.index]
            return _NO_SUIT if s is None else _SUIT_ID[s]

        every.sort(key=lambda c: (sid(c), -power[c.index]))
        self.cards: list[Card] = every
        bit_of = {c: i for i, c in enumerate(every)}
        self.bit_of = bit_of
        self.sid = [sid(c) for c in every]
        self.pw = [power[c.index] for c in every]
        masks = [0] * 5
        for i, s in enumerate(self.sid):
            masks[s] |= 1 << i
        self.suit_mask = masks
        self.trump = _NO_SUIT if r.trump is None else _SUIT_ID[r.trump]
        self.must_trump = must_trump and r.trump is not None
        hands = [0] * n
        for i, c in held:
            hands[i] |= 1 << bit_of[c]
        self.hands = hands
        self.on_side = [s in self.side for s in active]
        self.pos_of = {s: i for i, s in enumerate(active)}
        won = sum(state.tricks_won[s] for s in self.side)
        # The top of the search: (seat position, cards in the trick, led suit, winning
        # position, winning power, cards of the trick so far, side's tricks won).
        cnt = len(trick)
        led = -1
        wpos = -1
        wpw = -1
        tmask = 0
        for s, c in trick:
            b = bit_of[c]
            tmask |= 1 << b
            if led < 0:
                led, wpos, wpw = self.sid[b], self.pos_of[s], self.pw[b]
            elif (self.sid[b] == self.trump or self.sid[b] == led) and self.pw[b] > wpw:
                wpos, wpw = self.pos_of[s], self.pw[b]
        self.top: list[tuple[int, int, int, int, int, int, int]] = [
            (self.pos_of[seat], cnt, led, wpos, wpw, tmask, won)
        ]
        self.tt: dict[tuple[int, ...], tuple[int, int]] = {}
        self._build()

    # -- the top of the search ---------------------------------------------------------

    def seat(self) -> int:
        return self.seats[self.top[-1][0]]

    def maxing(self) -> bool:
        return self.on_side[self.top[-1][0]]

    def over(self) -> bool:
        pos = self.top[-1][0]
        return self.top[-1][1] == 0 and not self.hands[pos]

    def bounds(self) -> tuple[int, int]:
        """The least and the most tricks the side can still end the hand with."""
        pos, _cnt, _led, _w, _p, _t, won = self.top[-1]
        # The seat to act has not played to the trick under way: its cards are the
        # tricks left, that one included.
        return won, won + self.hands[pos].bit_count()

    def legal_cards(self) -> list[Card]:
        pos, _cnt, led, *_ = self.top[-1]
        legal = self._legal(self.hands[pos], led)
        return [self.cards[b] for b in range(len(self.cards)) if legal >> b & 1]

    def moves(self) -> list[list[Card]]:
        """The distinct moves at the top, each a list of equivalent cards, in search
        order."""
        pos, cnt, led, wpos, wpw, tmask, _won = self.top[-1]
        h = self.hands[pos]
        others = (self._rem() | tmask) & ~h
        legal = self._legal(h, led)
        groups = {g[0]: g for g in self._groups(legal, others)}
        order = self._ordered(pos, legal, others, cnt, led, wpos, wpw)
        return [[self.cards[b] for b in groups[rep]] for rep in order]

    def play(self, c: Card) -> None:
        pos, cnt, led, wpos, wpw, tmask, won = self.top[-1]
        b = self.bit_of[c]
        bit = 1 << b
        assert self.hands[pos] & bit
        self.hands[pos] ^= bit
        if cnt == 0:
            led, wpos, wpw = self.sid[b], pos, self.pw[b]
        elif (self.sid[b] == self.trump or self.sid[b] == led) and self.pw[b] > wpw:
            wpos, wpw = pos, self.pw[b]
        tmask |= bit
        cnt += 1
        if cnt == len(self.seats):
            won += self.on_side[wpos]
            self.top.append((wpos, 0, -1, -1, -1, 0, won))
        else:
            self.top.append(((pos + 1) % len(self.seats), cnt, led, wpos, wpw, tmask, won))
        self._played.append((pos, bit))

    def undo(self) -> None:
        pos, bit = self._played.pop()
        self.hands[pos] |= bit
        self.top.pop()

    def value(self, alpha: int, beta: int) -> int:
        """The side's tricks in the whole hand from the top, fail-soft in the window
        ``(alpha, beta)``: exact when strictly inside it, a bound on the side it fails."""
        pos, cnt, led, wpos, wpw, tmask, won = self.top[-1]
        if cnt == 0:
            return won + self._lead(pos, alpha - won, beta - won)
        rem = self._rem() | tmask
        return won + self._follow(pos, cnt, led, wpos, wpw, rem, alpha - won, beta - won)

    # -- helpers -----------------------------------------------------------------------

    def _rem(self) -> int:
        m = 0
        for h in self.hands:
            m |= h
        return m

    def _legal(self, h: int, led: int) -> int:
        if led < 0:
            return h
        f = h & self.suit_mask[led]
        if f:
            return f
        if self.must_trump and led != self.trump:
            t = h & self.suit_mask[self.trump]
            if t:
                return t
        return h

    def _groups(self, legal: int, others: int) -> list[list[int]]:
        sid = self.sid
        out: list[list[int]] = []
        prev = -1
        m = legal
        while m:
            low = m & -m
            b = low.bit_length() - 1
            if prev >= 0 and sid[b] == sid[prev] and not others & (low - (2 << prev)):
                out[-1].append(b)
            else:
                out.append([b])
            prev = b
            m ^= low
        return out

    def _build(self) -> None:
        """The recursive search, as closures over the masks (local names are fast)."""
        hands = self.hands
        sid = self.sid
        pw = self.pw
        suit_mask = self.suit_mask
        trump = self.trump
        must_trump = self.must_trump
        on_side = self.on_side
        n = len(self.seats)
        nxt = [(i + 1) % n for i in range(n)]
        tt = self.tt
        counter = [0]
        self._played: list[tuple[int, int]] = []
        trump_mask = suit_mask[trump]
        mine_pos = [i for i in range(n) if on_side[i]]
        their_pos = [i for i in range(n) if not on_side[i]]
        pw_of = pw.__getitem__

        def neg_pw(b: int) -> int:
            return -pw[b]

        def ordered(
            seat: int, legal: int, others: int, cnt: int, led: int, wpos: int, wpw: int
        ) -> list[int]:
            """Distinct moves (the highest card of each run of equivalent cards), best
            first by a rule of thumb."""
            if not legal & (legal - 1):
                return [legal.bit_length() - 1]
            reps: list[int] = []
            prev = -1
            m = legal
            while m:
                low = m & -m
                b = low.bit_length() - 1
                if not (prev >= 0 and sid[b] == sid[prev] and not others & (low - (2 << prev))):
                    reps.append(b)
                prev = b
                m ^= low
            if len(reps) < 2:
                return reps
            if cnt == 0:
                # Lead: the highest card left of its suit first (trumps first), then the
                # lowest cards.
                rem = others | hands[seat]
                top: list[int] = []
                rest: list[int] = []
                for b in reps:
                    higher = rem & suit_mask[sid[b]] & ((1 << b) - 1)
                    (rest if higher else top).append(b)
                top.sort(key=lambda b: -pw[b])
                rest.sort(key=pw.__getitem__)
                return top + rest
            winners: list[int] = []
            losers: list[int] = []
            for b in reps:
                if (sid[b] == trump or sid[b] == led) and pw[b] > wpw:
                    winners.append(b)
                else:
                    losers.append(b)
            losers.sort(key=pw.__getitem__)
            if on_side[wpos] == on_side[seat]:
                return losers + winners[::-1]
            if cnt == n - 1:
                return winners[::-1] + losers
            return winners + losers

        def last(leader: int) -> int:
            """The last trick, every hand holding one card."""
            b = hands[leader].bit_length() - 1
            led = sid[b]
            wpos = leader
            wpw = pw[b]
            p = nxt[leader]
            while p != leader:
                c = hands[p].bit_length() - 1
                if (sid[c] == trump or sid[c] == led) and pw[c] > wpw:
                    wpos, wpw = p, pw[c]
                p = nxt[p]
            counter[0] += n
            return 1 if on_side[wpos] else 0

        def lead(seat: int, alpha: int, beta: int) -> int:
            h = hands[seat]
            if not h:
                return 0
            r = h.bit_count()
            if r == 1:
                return last(seat)
            if beta <= 0:
                return 0
            if alpha >= r:
                return r
            key = (seat, *hands)
            ent = tt.get(key)
            if ent is not None:
                lo, hi = ent
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
                if lo > alpha:
                    alpha = lo
                if hi < beta:
                    beta = hi
            else:
                # Sure tricks: a trump above every trump of the other side wins the trick
                # it is played to for its side, and one hand's cards go to different
                # tricks.
                lo, hi = 0, r
                if trump_mask:
                    mine = theirs = 0
                    for i in mine_pos:
                        mine |= hands[i]
                    for i in their_pos:
                        theirs |= hands[i]
                    mine &= trump_mask
                    theirs &= trump_mask
                    if mine:
                        above = (theirs & -theirs) - 1 if theirs else -1
                        for i in mine_pos:
                            k = (hands[i] & trump_mask & above).bit_count()
                            if k > lo:
                                lo = k
                    if theirs:
                        above = (mine & -mine) - 1 if mine else -1
                        for i in their_pos:
                            k = r - (hands[i] & trump_mask & above).bit_count()
                            if k < hi:
                                hi = k
                    if lo >= beta:
                        return lo
                    if hi <= alpha:
                        return hi
                    if lo > alpha:
                        alpha = lo
                    if hi < beta:
                        beta = hi
            rem = 0
            for x in hands:
                rem |= x
            maxing = on_side[seat]
            best = -1 if maxing else r + 1
            a, bt = alpha, beta
            # The distinct leads (the highest card of each run of equivalent cards): the
            # highest card left of its suit first (trumps first), then the lowest cards.
            others = rem & ~h
            top: list[int] = []
            rest: list[int] = []
            prev = -1
            m = h
            while m:
                low = m & -m
                b = low.bit_length() - 1
                m ^= low
                s = sid[b]
                if prev >= 0 and s == sid[prev] and not others & (low - (2 << prev)):
                    prev = b
                    continue
                prev = b
                if others & suit_mask[s] & (low - 1):
                    rest.append(b)
                else:
                    top.append(b)
            if len(top) > 1:
                top.sort(key=neg_pw)
            if len(rest) > 1:
                rest.sort(key=pw_of)
            for b in top + rest:
                counter[0] += 1
                hands[seat] = h ^ (1 << b)
                v = follow(nxt[seat], 1, sid[b], seat, pw[b], rem, a, bt)
                hands[seat] = h
                if maxing:
                    if v > best:
                        best = v
                        if v > a:
                            a = v
                            if a >= bt:
                                break
                else:
                    if v < best:
                        best = v
                        if v < bt:
                            bt = v
                            if a >= bt:
                                break
            if best <= alpha:
                hi = best
            elif best >= beta:
                lo = best
            else:
                lo = hi = best
            tt[key] = (lo, hi)
            return best

        def follow(
            seat: int, cnt: int, led: int, wpos: int, wpw: int, rem: int, alpha: int, beta: int
        ) -> int:
            h = hands[seat]
            legal = h & suit_mask[led]
            mixed = False
            if not legal:
                legal = h
                if must_trump and led != trump and h & trump_mask:
                    legal = h & trump_mask
                else:
                    mixed = True
            closes = cnt + 1 == n
            if not legal & (legal - 1):
                # One card to play.
                counter[0] += 1
                b = legal.bit_length() - 1
                if (sid[b] == trump or sid[b] == led) and pw[b] > wpw:
                    wpos, wpw = seat, pw[b]
                hands[seat] = h ^ legal
                if closes:
                    add = 1 if on_side[wpos] else 0
                    v = add + lead(wpos, alpha - add, beta - add)
                else:
                    v = follow(nxt[seat], cnt + 1, led, wpos, wpw, rem, alpha, beta)
                hands[seat] = h
                return v
            # The distinct plays, best first by a rule of thumb (searched sooner than
            # :meth:`moves` orders them, for the same values): when the side wins the
            # trick so far, the cards that do not beat it from the lowest, then those
            # that do; otherwise the cheapest winner first.
            others = rem & ~h
            winners: list[int] = []
            losers: list[int] = []
            prev = -1
            m = legal
            while m:
                low = m & -m
                b = low.bit_length() - 1
                m ^= low
                s = sid[b]
                if prev >= 0 and s == sid[prev] and not others & (low - (2 << prev)):
                    prev = b
                    continue
                prev = b
                if s in (trump, led) and pw[b] > wpw:
                    winners.append(b)
                else:
                    losers.append(b)
            if len(losers) > 1:
                if mixed:
                    losers.sort(key=pw_of)
                else:
                    losers.reverse()  # one suit, from the highest: now from the lowest
            winners.reverse()  # one suit (the led one, or trumps): from the lowest
            order = losers + winners if on_side[wpos] == on_side[seat] else winners + losers
            maxing = on_side[seat]
            best = -1 if maxing else 99
            for b in order:
                counter[0] += 1
                if (sid[b] == trump or sid[b] == led) and pw[b] > wpw:
                    w, p = seat, pw[b]
                else:
                    w, p = wpos, wpw
                hands[seat] = h ^ (1 << b)
                if closes:
                    add = 1 if on_side[w] else 0
                    v = add + lead(w, alpha - add, beta - add)
                else:
                    v = follow(nxt[seat], cnt + 1, led, w, p, rem, alpha, beta)
                hands[seat] = h
                if maxing:
                    if v > best:
                        best = v
                        if v > alpha:
                            alpha = v
                            if alpha >= beta:
                                break
                else:
                    if v < best:
                        best = v
                        if v < beta:
                            beta = v
                            if alpha >= beta:
                                break
            return best

        self._lead = lead
        self._ordered = ordered
        self._follow = follow
        self._counter = counter

    @property
    def nodes(self) -> int:
        """Cards tried so far."""
        return self._counter[0]

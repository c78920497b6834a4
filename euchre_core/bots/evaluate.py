"""Hand evaluation: how many tricks a hand should take under a given trump, in any variant.

The evaluator answers one question, *how many tricks do these cards take if this suit is
trump* (or no trump), from what one seat may know. It is the base of every bidding
decision a bot makes: an order-up, a round-2 call, a lone hand, an auction or pepper bid,
the choice of an ace to call. It knows no rule of any variant: everything that differs
between games is in an :class:`Outlook`, which says where the cards the seat cannot see
may be (how many there are, how many sit in opponents' hands, which are known to be out of
play) and who plays with the seat.

The model, suit by suit (effective suits: the left bower and the joker are trumps):

* **Capture.** Each card of the suit that the seat cannot see is held by an opponent with
  probability ``opponent_cards / unknown``. An opponent's card beats one of the seat's
  lower cards of the same suit; the expected number of the seat's cards lost that way is a
  greedy matching of the outstanding higher cards against the seat's cards. A card with no
  higher card outstanding (a *master*) is never captured.
* **Ruffing.** A plain card survives round ``k`` of its suit only if no opponent is out
  of the suit by then and holds a trump (hypergeometric odds from the counts).
* **Short suits.** Trumps that would be captured may instead win by ruffing a suit the
  seat is void (or singleton) in.

The result is a float: expected tricks taken by the seat's own cards. Side totals add an
estimate for active partners (:func:`partner_tricks`) and the effect of the up-card going to
a dealer (:func:`upcard_swing`). Every function is pure and cheap (a few microseconds):
bots call them freely. A bot that only needs the number of tricks can skip the
:class:`Estimate` (:func:`hand_tricks` on a :func:`hand_mask`, :func:`discard_tricks`).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Final

from ..cards import JOKER, NUM_CARD_INDICES, PACKS, RANKS, SUITS, Card, Suit, pack
from ..trumps import Ranking, ranking

if TYPE_CHECKING:
    from ..view import PlayerView

__all__ = [
    "Estimate",
    "Outlook",
    "best_discard",
    "best_trump",
    "deck_from_options",
    "deck_option",
    "describe",
    "discard_candidates",
    "discard_tricks",
    "estimate",
    "expected_tricks",
    "hand_mask",
    "hand_tricks",
    "partner_tricks",
    "short_of",
    "suit_layout",
    "upcard_swing",
]

#: Expected tricks an active partner adds to a maker's hand, per card the partner holds,
#: before anything is known about the partner's cards (measured from heuristic self-play).
PARTNER_SHARE: Final = 0.19
#: Part of the ruffing chance a captured trump keeps per void (a singleton counts half).
RUFF_PER_VOID: Final = 0.35
#: Tricks a trump that is not the master loses to being wasted under partner's trumps.
TRUMP_WASTE: Final = 0.92


@dataclass(frozen=True, slots=True)
class Outlook:
    """Where the cards a seat cannot see may be, and who plays with it.

    :ivar deck: every card of the pack in use
    :ivar out: cards known to be out of play or already seen (the turned-down up-card, cards
      played, the seat's own discard); never counted as outstanding
    :ivar opponent_cards: how many unseen cards are in the opponents' hands
    :ivar opponents: how many opponents play the tricks
    :ivar partner_cards: how many unseen cards are in active partners' hands
    :ivar partners: how many partners play the tricks with the seat (0 when alone or in
      games without partnerships)
    :ivar hand_size: cards each player holds at the start of the tricks (5, 6 or 7)
    :ivar bowers: the jacks of trump's colour are the two highest trumps (``False``: every
      card keeps its printed suit, trumps rank A K Q J 10 ..., a joker still on top)
    """

    deck: tuple[Card, ...]
    out: frozenset[Card] = frozenset()
    opponent_cards: int = 10
    opponents: int = 2
    partner_cards: int = 5
    partners: int = 1
    hand_size: int = 5
    bowers: bool = True

    def alone(self) -> Outlook:
        """The same outlook for a seat playing alone (its partners' cards leave play)."""
        return replace(self, partner_cards=0, partners=0)

    def without(self, cards: Iterable[Card]) -> Outlook:
        """The same outlook with more cards known to be out of play."""
        return replace(self, out=self.out | frozenset(cards))


@dataclass(frozen=True, slots=True)
class Estimate:
    """The evaluation of one hand under one trump.

    :ivar trump: the trump suit, ``None`` for no trump
    :ivar tricks: expected tricks taken by this hand's own cards
    :ivar trumps: trump cards held (bowers and joker included)
    :ivar top: the strongest trumps held, codes high to low (at most three)
    :ivar masters: trumps that no outstanding trump can beat
    :ivar side_aces: plain suits whose best card held is the best left (an ace, or a king
      when the ace is out of play)
    :ivar voids: plain suits the hand lacks
    :ivar bowers: the jacks of trump's colour were counted as bowers (the outlook's)
    """

    trump: Suit | None
    tricks: float
    trumps: int = 0
    top: tuple[str, ...] = ()
    masters: int = 0
    side_aces: int = 0
    voids: int = 0
    bowers: bool = True


# ---------------------------------------------------------------------------------------
# Probabilities (hypergeometric, cached: the arguments are small integers)
# ---------------------------------------------------------------------------------------


@functools.lru_cache(maxsize=4096)
def _fewer_than(unknown: int, in_suit: int, held: int, k: int) -> float:
    """P(a hand of ``held`` unseen cards holds fewer than ``k`` of ``in_suit`` given cards)."""
    if held <= 0:
        return 1.0
    held = min(held, unknown)
    total = math.comb(unknown, held)
    if total == 0:
        return 1.0
    acc = 0
    for i in range(min(k, in_suit + 1)):
        acc += math.comb(in_suit, i) * math.comb(unknown - in_suit, held - i)
    return acc / total


@functools.lru_cache(maxsize=4096)
def _survives(unknown: int, in_suit: int, trumps_out: int, held: int, opps: int, k: int) -> float:
    """P(no opponent ruffs round ``k`` of a plain suit): each of ``opps`` opponents holding
    ``held`` cards would need fewer than ``k`` cards of the suit and at least one trump."""
    if opps <= 0 or held <= 0 or trumps_out <= 0:
        return 1.0
    short = _fewer_than(unknown, in_suit, held, k)
    has_trump = 1.0 - _fewer_than(unknown, trumps_out, held, 1)
    return float((1.0 - short * has_trump) ** opps)


def _captured(mine: Sequence[int], outstanding: Sequence[int], p: float) -> float:
    """Expected number of the seat's cards (powers ``mine``, high to low) beaten by
    outstanding higher cards (powers ``outstanding``, high to low), each held by an opponent
    with probability ``p``: a greedy matching, each opponent card taking one lower card."""
    lost = 0.0
    n = len(mine)
    j = n  # number of the seat's cards below the current outstanding card
    for o in outstanding:
        while j > 0 and mine[n - j] > o:
            j -= 1
        if j <= 0:
            break
        free = j - lost
        if free <= 0:
            continue
        lost += p * (free if free < 1.0 else 1.0)
    return lost


# ---------------------------------------------------------------------------------------
# The evaluation
# ---------------------------------------------------------------------------------------


@functools.lru_cache(maxsize=256)
def suit_layout(
    deck: tuple[Card, ...], trump: Suit | None, bowers: bool = True
) -> tuple[tuple[Suit | None, tuple[tuple[Card, int], ...]], ...]:
    """The deck grouped by effective suit (trump first), each group high to low (without
    bowers: ``bowers=False``)."""
    r = ranking(trump, bowers)
    order: list[Suit | None] = [trump] if trump is not None else []
    order += [s for s in SUITS if s is not trump]
    order.append(None)
    groups: list[tuple[Suit | None, tuple[tuple[Card, int], ...]]] = []
    for s in order:
        members = sorted(
            ((c, r.power[c.index]) for c in deck if r.suit_of[c.index] is s),
            key=lambda cp: (-cp[1], cp[0].index),
        )
        if members or (s is not None and s is not trump):
            groups.append((s, tuple(members)))
    return tuple(groups)


#: Entries a cache of the evaluator may hold before it is emptied.
_CACHE_LIMIT: Final = 1 << 16


class _Layout:
    """A pack grouped by effective suit under one trump (:func:`suit_layout`), with each
    group's cards as a bit mask (bit ``card.index``) and the split of each group into the
    seat's powers, the outstanding powers and the seat's cards, by the cards held and out."""

    __slots__ = ("deck", "groups")

    def __init__(self, deck: tuple[Card, ...], trump: Suit | None, bowers: bool = True):
        self.deck = deck
        self.groups: tuple[
            tuple[Suit | None, int, tuple[tuple[Card, int], ...], dict[int, _Part]], ...
        ] = tuple(
            (s, _mask_of(c for c, _ in members), members, {})
            for s, members in suit_layout(deck, trump, bowers)
        )


_LAYOUTS: Final[dict[tuple[int, Suit | None, bool], _Layout]] = {}
#: The layouts with bowers of the pack met last, by trump (what :func:`_evaluate` looks
#: at first).
_RECENT: Final[dict[Suit | None, _Layout]] = {}
_OUT_MASKS: Final[dict[frozenset[Card], int]] = {}


def _mask_of(cards: Iterable[Card]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c.index
    return m


def _layout(deck: tuple[Card, ...], trump: Suit | None, bowers: bool = True) -> _Layout:
    """The :class:`_Layout` of ``deck`` under ``trump`` (kept per deck object: the packs
    bots use are shared, see :func:`deck_from_options`)."""
    key = (id(deck), trump, bowers)
    lay = _LAYOUTS.get(key)
    if lay is None or lay.deck is not deck:
        if len(_LAYOUTS) >= 256:
            _LAYOUTS.clear()
        lay = _LAYOUTS[key] = _Layout(deck, trump, bowers)
    return lay


class _Part:
    """One effective suit of a hand under one trump, given the cards held and the cards
    out of play: the seat's powers and cards, the outstanding powers (each high to low),
    facts read from them, and what the suit adds to the estimate for each way the other
    numbers of the estimate can be (filled as they are met)."""

    __slots__ = (
        "cards",
        "masters",
        "mine",
        "n",
        "n_out",
        "outs",
        "plain_value",
        "side_ace",
        "single",
        "suit",
        "top",
        "trump_value",
    )

    def __init__(
        self,
        suit: Suit | None,
        members: tuple[tuple[Card, int], ...],
        held_mask: int,
        out_mask: int,
    ):
        mine: list[int] = []
        outs: list[int] = []
        cards: list[Card] = []
        for c, pw in members:
            bit = 1 << c.index
            if held_mask & bit:
                mine.append(pw)
                cards.append(c)
            elif not out_mask & bit:
                outs.append(pw)
        self.suit = suit
        self.mine = tuple(mine)
        self.outs = tuple(outs)
        self.cards = tuple(cards)
        self.n = len(mine)
        self.n_out = len(outs)
        top_out = outs[0] if outs else -1
        self.single = len(mine) == 1 and bool(outs) and outs[0] > mine[0]
        self.side_ace = bool(mine) and mine[0] > top_out
        self.masters = sum(1 for x in mine if x > top_out)
        self.top = tuple(c.code for c in cards[:3])
        # By the other numbers of the estimate packed into one integer (see
        # :func:`_evaluate`): cheaper to hash than a tuple of them.
        self.trump_value: dict[int, float] = {}
        self.plain_value: dict[int, tuple[float, ...]] = {}


def estimate(
    hand: Sequence[Card],
    trump: Suit | None,
    outlook: Outlook,
    also_out: Collection[Card] = (),
) -> Estimate:
    """Evaluate ``hand`` under ``trump`` (``None``: no trump) from ``outlook``.

    ``also_out`` adds cards known to be out of play (a discard being weighed) without
    building a new outlook. Cheap enough to call for every suit at every bidding decision;
    see the module text for the model.
    """
    held_mask = 0
    for c in hand:
        held_mask |= 1 << c.index
    out_mask = _out_mask(outlook)
    for c in also_out:
        out_mask |= 1 << c.index
    fields = _evaluate(held_mask, out_mask, trump, outlook)
    if outlook.bowers:
        return Estimate(trump, *fields)
    return Estimate(trump, *fields, bowers=False)


def _out_mask(outlook: Outlook) -> int:
    """The bit mask of ``outlook.out`` (remembered per set)."""
    out = outlook.out
    out_mask = _OUT_MASKS.get(out)
    if out_mask is None:
        out_mask = _mask_of(out)
        if len(_OUT_MASKS) >= _CACHE_LIMIT:
            _OUT_MASKS.clear()
        _OUT_MASKS[out] = out_mask
    return out_mask


def _evaluate(
    held_mask: int, out_mask: int, trump: Suit | None, outlook: Outlook
) -> tuple[float, int, tuple[str, ...], int, int, int]:
    """:func:`estimate` of the hand of bit mask ``held_mask`` with the cards of ``out_mask``
    out of play, as the fields of an :class:`Estimate` after the trump: (tricks, trumps,
    top, masters, side aces, voids)."""
    deck = outlook.deck
    bowers = outlook.bowers
    # The layouts of the last pack met with bowers, by trump (no key to build and hash).
    layout = _RECENT.get(trump) if bowers else None
    if layout is None or layout.deck is not deck:
        layout = _LAYOUTS.get((id(deck), trump, bowers))
        if layout is None or layout.deck is not deck:
            layout = _layout(deck, trump, bowers)
        if bowers:
            _RECENT[trump] = layout
    out_mask &= ~held_mask  # a card held is the seat's own, whatever else is said of it
    # The suits read in the layout's order (trump first, the joker's group last): the trump
    # held, the plain suits held, the joker's group.
    trump_part: _Part | None = None
    plain: list[_Part] = []
    jokers = 0
    unknown = 0
    trumps_out = 0
    voids = 0
    singles = 0
    shift = NUM_CARD_INDICES  # (a local: a global is a dictionary lookup when compiled)
    for s, group_mask, members, known in layout.groups:
        # The cards out above every index a card can have: the two masks never overlap
        # (the copies of a double pack have indexes past 64).
        key = (held_mask & group_mask) | ((out_mask & group_mask) << shift)
        part = known.get(key)
        if part is None:
            part = _Part(s, members, held_mask, out_mask)
            if len(known) >= _CACHE_LIMIT:
                known.clear()
            known[key] = part
        unknown += part.n_out
        if s is None:
            jokers = part.n
        elif s is trump:
            trumps_out = part.n_out
            if part.n:
                trump_part = part
        elif not part.n:
            voids += 1
        else:
            if part.single:
                singles += 1
            plain.append(part)
    opp_cards = outlook.opponent_cards
    opps = outlook.opponents
    # Any other hand's higher card beats the seat's own card (a partner's trick is counted
    # by partner_tricks).
    others = opp_cards + outlook.partner_cards
    p = others / unknown if unknown else 0.0

    # (The tricks are added up in the layout's order, as the suits were read.)
    tricks = 0.0
    masters = 0
    side_aces = 0
    n_trumps = 0
    top: tuple[str, ...] = ()
    # The cache keys of the suits' values: the numbers they depend on, ten bits each (the
    # counts of cards and of seats are below 1,024 with any pack) in one small integer,
    # those that vary most in the low bits (which pick a key's place in a dictionary).
    seen_key = others << 10 | unknown
    if trump_part is not None:
        n_trumps = trump_part.n
        top = trump_part.top
        masters = trump_part.masters
        tkey = (seen_key << 10 | voids) << 10 | singles
        add = trump_part.trump_value.get(tkey)
        if add is None:
            add = trump_part.trump_value[tkey] = _trump_value(trump_part, p, voids, singles)
        tricks += add
    if plain:
        pkey = ((opps << 10 | opp_cards) << 20 | seen_key) << 10 | trumps_out
        for part in plain:
            adds = part.plain_value.get(pkey)
            if adds is None:
                held = round(opp_cards / opps) if opps else 0
                adds = part.plain_value[pkey] = _plain_value(
                    part, p, trump is not None and opps > 0, unknown, trumps_out, held, opps
                )
            for win in adds:
                tricks += win
            if part.side_ace:
                side_aces += 1
    if jokers:
        # The joker at no trump: it wins whatever trick it is played to.
        tricks += jokers
    return (tricks, n_trumps, top, masters, side_aces, voids if trump is not None else 0)


def _trump_value(part: _Part, p: float, voids: int, singles: int) -> float:
    """Tricks the trumps of a hand take (see the module text)."""
    powers = part.mine
    outs = part.outs
    n = part.n
    m = part.masters
    lost = _captured(powers, outs, p)
    # Trumps above all of the seat's trumps cost a trick each wherever they are.
    sure = p * min(n, sum(1 for o in outs if o > powers[0]))
    ruff = RUFF_PER_VOID * (voids + 0.5 * singles) if n > 1 else 0.0
    ruff = min(max(0.0, lost - sure), ruff)
    value = m + max(0.0, n - m - lost) * TRUMP_WASTE + ruff
    return max(0.0, min(n - sure, value))


def _plain_value(
    part: _Part,
    p: float,
    ruffs: bool,
    unknown: int,
    trumps_out: int,
    held: int,
    opps: int,
) -> tuple[float, ...]:
    """What each round of a plain suit adds to the tricks, in order: the cards not
    captured win, in the first rounds of the suit, each round only if nobody ruffs it."""
    powers = part.mine
    n = part.n
    winners = n - _captured(powers, part.outs, p)
    adds: list[float] = []
    for i in range(n):
        share = winners - i
        if share <= 0:
            break
        win = share if share < 1.0 else 1.0
        if ruffs:
            win *= _survives(unknown, part.n_out, trumps_out, held, opps, i + 1)
        adds.append(win)
    return tuple(adds)


def expected_tricks(hand: Sequence[Card], trump: Suit | None, outlook: Outlook) -> float:
    """Expected tricks ``hand``'s own cards take under ``trump`` (see :func:`estimate`)."""
    return estimate(hand, trump, outlook).tricks


def partner_tricks(outlook: Outlook) -> float:
    """Expected tricks the active partners add, knowing nothing of their cards."""
    return PARTNER_SHARE * outlook.partner_cards


@functools.lru_cache(maxsize=1024)
def upcard_swing(upcard: Card, outlook: Outlook) -> float:
    """Tricks the up-card is worth to a dealer who takes it up (as trump), seen by a seat
    that does not hold it: the card itself plus a discard that shortens a suit."""
    trump = ranking(None).suit_of[upcard.index] if upcard is not JOKER else None
    if trump is None:
        return 0.3
    single = estimate((upcard,), trump, outlook).tricks
    return 0.15 + 0.85 * single


def discard_candidates(
    hand: Sequence[Card], trump: Suit | None, allowed: Sequence[Card], bowers: bool = True
) -> list[Card]:
    """The discards worth weighing: the lowest plain card of each plain suit (a trump only
    when the hand holds nothing else), in hand order."""
    r = ranking(trump, bowers)
    suit_of = r.suit_of
    power = r.power
    lowest: dict[Suit | None, Card] = {}
    for c in allowed:
        s = suit_of[c.index]
        if trump is not None and s is trump:
            continue
        if s is None:
            continue  # the joker at no trump always wins a trick
        k = lowest.get(s)
        if k is None or power[c.index] < power[k.index]:
            lowest[s] = c
    if lowest:
        # (a card can only be the lowest of its own suit)
        chosen = []
        for c in allowed:
            if lowest.get(suit_of[c.index]) is c:
                chosen.append(c)
        return chosen
    return [min(allowed, key=lambda c: (power[c.index], c.index))]


def best_discard(
    hand: Sequence[Card],
    trump: Suit | None,
    outlook: Outlook,
    allowed: Sequence[Card] | None = None,
) -> tuple[Card, Estimate]:
    """The card whose discard leaves the best hand, and that hand's estimate.

    ``allowed`` limits the choice (for instance, the up-card may not be discarded). Only
    the lowest card of each plain suit is weighed (a trump only when nothing else may go):
    keep trumps, make a void, drop the lowest plain card. Ties go to the lower card.
    """
    card, fields = _best_discard(hand, trump, outlook, allowed)
    return card, Estimate(trump, *fields, bowers=outlook.bowers)


def _best_discard(
    hand: Sequence[Card],
    trump: Suit | None,
    outlook: Outlook,
    allowed: Sequence[Card] | None = None,
) -> tuple[Card, tuple[float, int, tuple[str, ...], int, int, int]]:
    """:func:`best_discard` with the estimate as :func:`_evaluate` gives it."""
    power = ranking(trump, outlook.bowers).power
    choices = discard_candidates(
        hand, trump, list(allowed) if allowed is not None else hand, outlook.bowers
    )
    held = 0
    for x in hand:
        held |= 1 << x.index
    out = _out_mask(outlook)
    best: tuple[Card, tuple[float, int, tuple[str, ...], int, int, int]] | None = None
    # The order: the tricks rounded to 6 places, then the lower card. Tricks apart by more
    # than the rounding are ordered without it (and the key is only worked out when needed).
    best_key: tuple[float, int] | None = None
    for c in choices:
        bit = 1 << c.index
        e = _evaluate(held & ~bit, out | bit, trump, outlook)
        if best is None:
            best = (c, e)
            continue
        diff = e[0] - best[1][0]
        if diff < -2e-6:
            continue
        if diff > 2e-6:
            best, best_key = (c, e), None
            continue
        if best_key is None:
            best_key = (round(best[1][0], 6), -power[best[0].index])
        key = (round(e[0], 6), -power[c.index])
        if key > best_key:
            best, best_key = (c, e), key
    assert best is not None
    return best


def hand_mask(cards: Iterable[Card]) -> int:
    """The bit mask of a set of cards (bit ``card.index``), as :func:`hand_tricks` takes."""
    return _mask_of(cards)


def hand_tricks(held: int, trump: Suit | None, outlook: Outlook, also_out: int = 0) -> float:
    """The tricks of :func:`estimate` for the hand of mask ``held`` (:func:`hand_mask`),
    with the cards of mask ``also_out`` out of play as well: the figure a bot decides by,
    without the rest of an :class:`Estimate`."""
    return _evaluate(held, _out_mask(outlook) | also_out, trump, outlook)[0]


def discard_tricks(
    hand: Sequence[Card],
    trump: Suit | None,
    outlook: Outlook,
    allowed: Sequence[Card] | None = None,
) -> tuple[Card, float]:
    """:func:`best_discard` with the tricks of the hand kept only."""
    card, fields = _best_discard(hand, trump, outlook, allowed)
    return card, fields[0]


def best_trump(
    hand: Sequence[Card], outlook: Outlook, suits: Iterable[Suit | None] = SUITS
) -> tuple[Suit | None, Estimate]:
    """The trump (among ``suits``; ``None`` is no trump) under which ``hand`` is strongest."""
    best: Estimate | None = None
    for s in suits:
        e = estimate(hand, s, outlook)
        if best is None or e.tricks > best.tricks + 1e-9:
            best = e
    if best is None:
        raise ValueError("no suit to choose from")
    return best.trump, best


def describe(e: Estimate) -> str:
    """A short plain description of an estimate: ``3 trumps with the right bower and a side
    ace, about 3.4 tricks expected``."""
    parts: list[str] = []
    if e.trump is None:
        parts.append("no trump")
    else:
        t = "1 trump" if e.trumps == 1 else f"{e.trumps} trumps"
        if e.top:
            # The top trumps named; the count says how many more there are.
            more = e.trumps - len(e.top)
            t += f" ({' '.join(e.top)}{f' and {more} more' if more > 0 else ''})"
        bowers = _bower_words(e)
        if bowers:
            t += f" with {bowers}"
        parts.append(t)
    if e.side_aces:
        parts.append("a side ace" if e.side_aces == 1 else f"{e.side_aces} side aces")
    if e.voids:
        parts.append("a void" if e.voids == 1 else f"{e.voids} voids")
    body = " and ".join([", ".join(parts[:-1]), parts[-1]] if len(parts) > 1 else parts)
    return f"you hold {body}, about {e.tricks:.1f} tricks expected"


def side_words(view: PlayerView) -> str:
    """Whose tricks a bid counts, for its reason: ``your side`` with partners, ``you``
    each for himself (cutthroat, two-hand)."""
    return "your side" if view.partnerships else "you"


def short_of(value: float, bound: float, places: int = 1) -> tuple[str, str]:
    """``value`` and ``bound`` written the same way so that the words agree with the
    comparison: with one decimal place unless the two would then read alike (2.96 and
    3.00 are ``2.96`` and ``3.00``, never ``3.0`` and ``3.0``); up to three places, and
    a value still equal then is the bound itself.

    >>> short_of(2.96, 3.0)
    ('2.96', '3.00')
    >>> short_of(2.4, 3.0)
    ('2.4', '3.0')
    """
    for p in range(places, 4):
        a, b = f"{value:.{p}f}", f"{bound:.{p}f}"
        if a != b:
            return a, b
    return f"{value:.3f}", f"{bound:.3f}"


def _bower_words(e: Estimate) -> str:
    if e.trump is None:
        return ""
    right = "J" + e.trump.value
    left = "J" + e.trump.partner.value
    has_j = "JK" in e.top
    has_r, has_l = (right in e.top, left in e.top) if e.bowers else (False, False)
    words = []
    if has_j:
        words.append("the joker")
    if has_r and has_l:
        words.append("both bowers")
    elif has_r:
        words.append("the right bower")
    elif has_l:
        words.append("the left bower")
    return " and ".join(words)


# ---------------------------------------------------------------------------------------
# The pack in use
# ---------------------------------------------------------------------------------------

# The packs by the number in their names (``deck32``, a plugin's ``pack32`` …).
_DECK_NAMES: dict[str, tuple[str, int]] = {
    "".join(ch for ch in name if ch.isdigit()): found for name, found in PACKS.items()
}


# The double packs (every card twice) by name: their lowest rank.
_DOUBLE_PACKS: dict[str, str] = {"double48": "9", "double32": "J"}


def deck_from_options(
    options: Mapping[str, Mapping[str, Any]], seen: Iterable[Card] = ()
) -> tuple[Card, ...]:
    """The pack in use, read from a ``deck`` option (``deck24``, ``deck25_benny`` …) of any
    plugin; without one, the 24-card pack widened to the lowest rank and joker ``seen``."""
    named = deck_option(options)
    if named is not None:
        return named
    low = "9"
    jokers = 0
    for c in seen:
        if c is JOKER:
            jokers = 1
        elif c.rank in RANKS and RANKS.index(c.rank) < RANKS.index(low):
            low = c.rank
    return pack(low, jokers=jokers)


def deck_option(options: Mapping[str, Mapping[str, Any]]) -> tuple[Card, ...] | None:
    """The pack a ``deck`` option of any plugin names (see :func:`deck_from_options`), or
    ``None`` when no plugin has one."""
    for values in options.values():
        name = values.get("deck") if isinstance(values, Mapping) else None
        if isinstance(name, str):
            if name in _DOUBLE_PACKS:
                return pack(_DOUBLE_PACKS[name], copies=2)
            digits = "".join(ch for ch in name if ch.isdigit())[:2]
            found = _DECK_NAMES.get(digits)
            if found is not None:
                low, jokers = found
                if "benny" in name or "joker" in name:
                    jokers = 1
                return pack(low, jokers=jokers)
    return None


def ranking_of(trump: Suit | None) -> Ranking:
    """The shared ranking of a trump (re-exported for bots that import only this module)."""
    return ranking(trump)


#: Spread (standard deviation, in tricks) of a side's tricks around its estimate.
SPREAD = 0.9


def make_chance(expected: float, need: int, spread: float = SPREAD) -> float:
    """Chance that a side expected to take ``expected`` tricks takes at least ``need``
    (a normal spread around the estimate, with a continuity correction)."""
    z = (expected - need + 0.5) / spread
    return 0.5 * (1.0 + math.erf(z / math.sqrt(2.0)))

"""The heuristic bot's Napoleon: a bid from the hand's tricks, the opening lead that makes
trumps, and the play of the bidder and of his opponents. Given a PlayerView only. The
hookimpls are in :mod:`euchre_plugins.napoleon`."""

from __future__ import annotations

import math
from collections.abc import Sequence

from euchre_plugins import napoleon_widow
from euchre_plugins.napoleon import NAME, NEED, deck_for, payment
from euchre_plugins.napoleon_words import bid_words

from euchre_core.actions import PASS, Action, Bid, Call, Discard, Pass, Play
from euchre_core.bots.sampling import SampleConstraints
from euchre_core.cards import SUITS, Card, Suit
from euchre_core.model import Phase
from euchre_core.trumps import ranking
from euchre_core.view import PlayerView

__all__ = ["advice", "misere_chance", "sample_constraints", "suit_tricks"]


def _unseen(view: PlayerView) -> list[Card]:
    mine = set(view.hand)
    return [c for c in deck_for(view.options[NAME], view.seats) if c not in mine]


def _share(view: PlayerView) -> float:
    """The chance that one unseen card was dealt to an opponent."""
    unseen = len(deck_for(view.options[NAME], view.seats)) - view.hand_size
    return min(1.0, view.hand_size * (view.seats - 1) / max(1, unseen))


def suit_tricks(hand: Sequence[Card], suit: Suit, unseen: Sequence[Card], p: float) -> float:
    """Expected tricks of ``hand`` with ``suit`` trump, the bidder leading trumps first.

    Each trump, from the highest down, wins unless an opponent still holds a higher
    one; each earlier lead of trumps draws one of them. Side aces win unless trumped,
    side kings with a guard now and then."""
    trumps = sorted((c for c in hand if c.suit is suit or c.suit is None), key=lambda c: -c.value)
    total = 0.0
    for i, c in enumerate(trumps):
        if c.suit is None:
            total += 1.0
            continue
        higher = sum(1 for x in unseen if (x.suit is suit and x.value > c.value) or x.suit is None)
        total += (1.0 - p) ** max(0, higher - i)
    out_trumps = sum(1 for x in unseen if x.suit is suit)
    drawn = max(0.0, 1.0 - (out_trumps * p - len(trumps)) / 4.0)
    for c in hand:
        if c.suit is suit or c.suit is None:
            continue
        length = sum(1 for x in hand if x.suit is c.suit)
        if c.rank == "A":
            total += 0.55 + 0.35 * drawn
        elif c.rank == "K" and length >= 2:
            total += 0.25 + 0.2 * drawn
    return min(5.0, total)


def best_suit(view: PlayerView, hand: Sequence[Card]) -> tuple[Suit, float]:
    unseen = _unseen(view)
    p = _share(view)
    scored = [(suit_tricks(hand, s, unseen, p), s) for s in SUITS]
    t, s = max(scored, key=lambda x: (x[0], -SUITS.index(x[1])))
    return s, t


def misere_chance(view: PlayerView, hand: Sequence[Card]) -> float:
    """The chance of taking no trick: each card needs a higher one of its suit out to
    go under; a low card led first must not be the highest."""
    unseen = _unseen(view)
    p = _share(view)
    chance = 1.0
    by_suit: dict[Suit | None, list[Card]] = {}
    for c in hand:
        by_suit.setdefault(c.suit, []).append(c)
    for suit, cards in by_suit.items():
        if suit is None:
            return 0.0  # the joker wins any trick it is played to
        cards.sort(key=lambda c: c.value)
        for k, c in enumerate(cards):
            higher = sum(1 for x in unseen if x.suit is suit and x.value > c.value)
            # k lower cards of the same suit let the bidder shed this one when void later.
            need = k + 1
            # A higher card dealt out must also be played to the trick: about half are.
            safe = 1.0 - (1.0 - p) ** (0.55 * max(0, higher - k)) if higher >= need else 0.05
            chance *= max(0.02, min(1.0, safe + 0.1 * k))
    return chance


def make_chance(tricks: float, need: int) -> float:
    """The chance of taking ``need`` tricks when about ``tricks`` are expected."""
    return 1.0 / (1.0 + math.exp(-2.4 * (tricks - need + 0.7)))


def evaluate(view: PlayerView, hand: Sequence[Card], suit: Suit) -> float:
    """Expected tricks of ``hand`` with ``suit`` trump (as :func:`suit_tricks`)."""
    return suit_tricks(hand, suit, _unseen(view), _share(view))


def bid_hand(view: PlayerView) -> list[Card]:
    """The hand the bot bids on: its own, or with the widow card it peeped at, the best
    five of the six (as the high bidder it will exchange)."""
    card = napoleon_widow.seen_widow(view)
    if card is None:
        return list(view.hand)
    keep, _, _ = napoleon_widow.best_five(view, [*view.hand, card], evaluate)
    return keep


def advise_bid(view: PlayerView, legal: Sequence[Action]) -> tuple[Action, str]:
    o = view.options[NAME]
    others = view.seats - 1
    hand = bid_hand(view)
    suit, tricks = best_suit(view, hand)
    best: tuple[float, Action, str] | None = None
    for a in legal:
        if not isinstance(a, Bid):
            continue
        win, lose = payment(o, a.value)
        if a.value == "misere":
            chance = misere_chance(view, hand)
            why = f"a {chance:.0%} chance of taking no trick"
        else:
            chance = make_chance(tricks, NEED[a.value])
            why = f"about {tricks:.1f} tricks with {suit.word} trump, a {chance:.0%} chance"
        value = others * (chance * win - (1.0 - chance) * lose)
        if best is None or value > best[0]:
            best = (value, a, why)
    if best is not None and (best[0] > 0.3 or PASS not in legal):
        value, a, why = best
        assert isinstance(a, Bid)
        return a, f"bid {bid_words(a.value)}: {why}; worth about {value:+.1f} points."
    return PASS, (
        f"pass: your best suit, {suit.word}, should take about {tricks:.1f} tricks; no bid "
        "is worth its risk."
    )


def _winning(view: PlayerView) -> tuple[int, Card] | None:
    trick = view.trick
    r = view.ranking
    if not trick or r is None:
        return None
    seat = r.winner_of(trick)
    return next((s, c) for s, c in trick if s == seat)


def _beats(view: PlayerView, card: Card, over: Card) -> bool:
    r = view.ranking or ranking(None, bowers=False)
    led = r.suit_of[view.trick[0][1].index]
    s = r.suit_of[card.index]
    if s is not r.suit_of[over.index] and not (s is r.trump and r.trump is not None):
        return s is None
    if s is not led and s is not r.trump:
        return False
    return r.power[card.index] > r.power[over.index]


def _by_power(view: PlayerView, cards: Sequence[Card]) -> list[Card]:
    r = view.ranking or ranking(None, bowers=False)
    return sorted(cards, key=lambda c: (r.power[c.index], c.value))


def advise_play(view: PlayerView, legal: Sequence[Action]) -> tuple[Action, str]:
    cards = [a.card for a in legal if isinstance(a, Play) and a.card is not None]
    c = view.contract
    assert c is not None and c.maker is not None
    maker = c.maker
    me = view.seat
    misere = c.level == "misere"
    low = _by_power(view, cards)
    win = _winning(view)
    played = {s for s, _ in view.trick}
    if not view.trick:
        if me == maker and not view.tricks and c.by_lead and not misere:
            suit, tricks = best_suit(view, view.hand)
            mine = [x for x in cards if x.suit is suit] or cards
            pick = max(mine, key=lambda x: x.value)
            return Play(pick), f"lead {pick}: {suit.word} become trump, about {tricks:.1f} tricks."
        if misere and me == maker:
            return Play(low[0]), f"lead {low[0]}: your lowest card, hoping to be beaten."
        if me == maker:
            trumps = [x for x in cards if view.trump is not None and x.suit is view.trump]
            out = sum(
                1
                for x in _unseen(view)
                if x.suit is view.trump and x not in view.played and view.trump is not None
            )
            if trumps and out:
                pick = max(trumps, key=lambda x: x.value)
                return Play(pick), f"lead {pick}: draw the trumps still out."
            return Play(low[-1]), f"lead {low[-1]}: your best card."
        if misere:
            return Play(low[0]), f"lead {low[0]}: a low card, so that the bidder must go over."
        plain = [x for x in cards if x.suit is not view.trump] or cards
        pick = max(plain, key=lambda x: x.value)
        return Play(pick), f"lead {pick}: your best card against the bidder."
    assert win is not None
    wseat, wcard = win
    winners = [x for x in low if _beats(view, x, wcard)]
    losers = [x for x in low if x not in winners]
    if me == maker:
        if misere:
            if losers:
                return Play(losers[-1]), f"play {losers[-1]}: the highest card that still loses."
            return Play(low[-1]), f"play {low[-1]}: you must win; shed your highest card."
        if winners:
            return Play(winners[0]), f"play {winners[0]}: the cheapest card that wins."
        return Play(low[0]), f"play {low[0]}: you cannot win this trick; keep the good cards."
    # An opponent of the bidder.
    if misere:
        if maker in played and wseat == maker and losers:
            return Play(losers[-1]), f"play {losers[-1]}: the bidder is winning; stay under."
        if maker not in played:
            return Play(low[0]), f"play {low[0]}: low, so that the bidder's card may win."
        return Play(low[-1]), f"play {low[-1]}: shed a high card while you can."
    if maker in played and wseat == maker:
        if winners:
            return Play(winners[0]), f"play {winners[0]}: beat the bidder as cheaply as you can."
        return Play(low[0]), f"play {low[0]}: you cannot beat the bidder's card."
    if maker in played:
        return Play(low[0]), f"play {low[0]}: another opponent already beats the bidder."
    if winners:
        top = winners[-1]
        return Play(top), f"play {top}: a high card, for the bidder to beat."
    return Play(low[0]), f"play {low[0]}: you cannot win this trick."


def advise_widow(view: PlayerView, legal: Sequence[Action]) -> tuple[Action, str] | None:
    """A purchase of the extra hand, or a peep at the widow card, when worth it."""
    bought = napoleon_widow.advise_purchase(view, legal, _unseen(view), evaluate)
    if bought is not None:
        return bought
    if napoleon_widow.PEEP not in legal:
        return None
    bid, _ = advise_bid(view, legal)
    _, tricks = best_suit(view, view.hand)
    open_needs = sorted(
        NEED[a.value] for a in legal if isinstance(a, Bid) and isinstance(a.value, int)
    )
    above = [n for n in open_needs if not isinstance(bid, Bid) or n > NEED[bid.value]]
    return napoleon_widow.advise_peep(view, legal, tricks, above[0] if above else None)


def advice(view: PlayerView, legal: Sequence[Action]) -> tuple[Action, str] | None:
    kinds = {type(a) for a in legal}
    if view.phase is Phase.BIDDING:
        if Call in kinds:
            suit, tricks = best_suit(view, view.hand)
            return Call(suit), f"call {suit.word}: about {tricks:.1f} tricks."
        if kinds & {napoleon_widow.Peep, napoleon_widow.Purchase}:
            found = advise_widow(view, legal)
            if found is not None:
                return found
            return advise_bid(view, [a for a in legal if isinstance(a, (Bid, Pass))])
        if kinds <= {Bid, Pass}:
            return advise_bid(view, legal)
        return None
    if view.phase is Phase.PREPARE:
        if napoleon_widow.Exchange in kinds:
            return napoleon_widow.advise_exchange(view, evaluate)
        if kinds == {Discard}:
            return napoleon_widow.advise_discard(view, legal, evaluate)
        return None
    if view.phase is Phase.PLAY and Play in kinds and view.contract is not None:
        return advise_play(view, legal)
    return None


def sample_constraints(view: PlayerView) -> SampleConstraints | None:
    """A forced opening lead shows the bidder held no lower card of the kind it had to
    lead: no lower card of its suit (Wellington's lowest trump), or no lower plain card
    (Blücher's lowest plain card; no plain card at all when it led a trump)."""
    c = view.contract
    o = view.options[NAME]
    if c is None or c.maker is None or c.maker == view.seat:
        return None
    lead = next((t.plays[0][1] for t in view.tricks), None)
    if lead is None and view.trick:
        lead = view.trick[0][1]
    if lead is None:
        return None
    deck = deck_for(o, view.seats)
    gone: list[Card] = []
    if c.level == "wellington" and o["wellington_lead_lowest_trump"]:
        gone = [x for x in deck if x.suit is lead.suit and x.value < lead.value]
    elif c.level == "bluecher" and o["bluecher_named_trump"] and c.trump is not None:
        if lead.suit is c.trump:
            gone = [x for x in deck if x.suit is not c.trump and x.suit is not None]
            gone += [x for x in deck if x.suit is c.trump and x.value < lead.value]
        else:
            gone = [
                x
                for x in deck
                if x.suit is not c.trump and x.suit is not None and x.value < lead.value
            ]
    gone = [x for x in gone if x not in view.hand and x is not lead]
    if not gone:
        return None
    return SampleConstraints(forbidden={c.maker: tuple(gone)})

"""The heuristic bot's advice for hasenpfeffer (a helper module of the ``hasenpfeffer``
plugin, not a plugin).

* The bidding: the bot values its hand at its best trump (its own cards, a little for
  the widow, the partner's expected help read from the partner's bids as in pepper) and
  bids the lowest number that takes the lead if its side should make it with a
  reasonable chance; it does not outbid its partner without a hand of its own.
* The forced bid is the only choice; the trump is the suit that takes most tricks.
* The widow and lone-hand discards keep the best hand; taken before trump is named
  (``trump_named = after_widow``), the widow discard is weighed with every trump and
  the pair that leaves the best hand wins, the trump being named after it. The partner
  of a lone bidder gives the best trump.
* A lone hand (``lone_hands = parlett_double``) only with a hand that should take every
  trick by itself.
"""

from __future__ import annotations

from collections.abc import Sequence

from euchre_plugins import auction_core as core
from euchre_plugins.hasenpfeffer import NAME, rules_for
from euchre_plugins.pepper import partner_support

from euchre_core.actions import DISCARD, PASS, Action, Bid, Call, Discard, Give, GoAlone, Pass
from euchre_core.bots.evaluate import Outlook, best_discard, estimate, make_chance
from euchre_core.cards import SUITS, Card, Suit, pack
from euchre_core.events import CardGiven, Discarded
from euchre_core.model import Phase
from euchre_core.trumps import ranking
from euchre_core.view import PlayerView

__all__ = ["advice"]

#: Chance of making a bid the bot asks for before bidding it.
BID_CHANCE = 0.6
#: Tricks the widow card adds to the high bidder's hand, on average.
WIDOW_GAIN = 0.2
#: Tricks a lone hand should take by itself (of six) before the bot plays alone.
ALONE_AT = 5.4

DECK = pack("9", jokers=1)


def _seen_out(view: PlayerView) -> frozenset[Card]:
    out: set[Card] = set()
    for e in view.events:
        if isinstance(e, Discarded) and e.seat == view.seat and e.card is not None:
            out.add(e.card)
    return frozenset(out)


def outlook(view: PlayerView, alone: bool = False) -> Outlook:
    hs = view.hand_size
    partners = 0 if alone else 1
    return Outlook(
        DECK,
        _seen_out(view),
        opponent_cards=2 * hs,
        opponents=2,
        partner_cards=partners * hs,
        partners=partners,
        hand_size=hs,
        bowers=bool(view.options[NAME]["bowers"]),
    )


def trumps(view: PlayerView) -> list[Suit | None]:
    out: list[Suit | None] = list(SUITS)
    if view.options[NAME]["no_trump_allowed"]:
        out.append(None)
    return out


def best_contract(view: PlayerView, alone: bool = False) -> tuple[Suit | None, float]:
    """The trump under which this hand takes most tricks, and how many (own cards)."""
    look = outlook(view, alone)
    best: tuple[Suit | None, float] | None = None
    for s in trumps(view):
        t = estimate(view.hand, s, look).tricks
        if best is None or t > best[1] + 1e-9:
            best = (s, t)
    assert best is not None
    return best


def advise_bid(view: PlayerView, legal: Sequence[Action]) -> tuple[Action, str]:
    bids = [a for a in legal if isinstance(a, Bid)]
    if not any(isinstance(a, Pass) for a in legal) and len(bids) == 1:
        return bids[0], f"bid {bids[0].value}: everyone passed and you hold the joker."
    suit, own = best_contract(view)
    widow = WIDOW_GAIN if view.options[NAME]["widow_use"] == "bidder_exchange" else 0.0
    side = min(float(view.hand_size), own + widow + partner_support(view))
    values = sorted(a.value for a in bids if isinstance(a.value, int))
    safe = [v for v in values if make_chance(side, v) >= BID_CHANCE]
    rules = rules_for(view.options[NAME])
    st = core.status(view.bids, view.dealer, view.seats, rules)
    partner_high = st.high is not None and st.high in view.partners()
    if safe and (not partner_high or own >= view.hand_size / 2):
        first = safe[0]
        return Bid(first), (
            f"bid {first}: about {side:.1f} tricks for your side at {core.suit_name(suit)}; "
            "the lowest bid that takes the lead."
        )
    if partner_high:
        return PASS, f"pass: your partner holds the bid and your hand adds about {own:.1f}."
    return PASS, (
        f"pass: about {side:.1f} tricks for your side at {core.suit_name(suit)}, not enough "
        "to outbid."
    )


def advise_trump(view: PlayerView, legal: Sequence[Action]) -> tuple[Action, str]:
    suit, tricks = best_contract(view)
    call = core.trump_call(suit, legal)
    return call, f"call {core.suit_name(suit)}: about {tricks:.1f} tricks from your own cards."


def advise_discard(view: PlayerView, legal: Sequence[Action]) -> tuple[Action, str]:
    received = {e.card for e in view.events if isinstance(e, CardGiven) and e.card is not None}
    alone = any(isinstance(a, GoAlone) for _, a in view.declarations)
    look = outlook(view, alone).without(received - set(view.hand))
    c = view.contract
    if c is not None and c.named_later and c.trump is None:
        return discard_before_trump(view, look, legal)
    return core.discard_advice(view.hand, view.trump, look, legal)


def discard_before_trump(
    view: PlayerView, look: Outlook, legal: Sequence[Action]
) -> tuple[Action, str]:
    """The widow discard while trump is still to be named: for each trump the discard that
    leaves the best hand, and of those the one whose hand under its trump is best."""
    allowed = [a.card for a in legal if isinstance(a, Discard)]
    best: tuple[Card, Suit | None, float] | None = None
    for s in trumps(view):
        card, e = best_discard(view.hand, s, look, allowed)
        if best is None or e.tricks > best[2] + 1e-9:
            best = (card, s, e.tricks)
    assert best is not None
    card, suit, tricks = best
    return DISCARD[card.index], (
        f"discard {card}: the six kept should take about {tricks:.1f} tricks with "
        f"{core.suit_name(suit)} as trump."
    )


def advise_give(view: PlayerView, legal: Sequence[Action]) -> tuple[Action, str]:
    r = view.ranking or ranking(view.trump, bool(view.options[NAME]["bowers"]))
    cards = [a.card for a in legal if isinstance(a, Give)]
    best = max(cards, key=lambda x: r.power[x.index])
    what = "your best trump" if r.is_trump(best) else "your best card"
    return Give(best), f"give {best}: {what} for your partner's lone hand."


def advise_alone(view: PlayerView) -> tuple[Action, str]:
    look = outlook(view, alone=True)
    tricks = estimate(view.hand, view.trump, look).tricks
    if tricks >= ALONE_AT:
        return GoAlone(), f"go alone: about {tricks:.1f} of 6 tricks by yourself, scored double."
    return PASS, f"play with your partner: about {tricks:.1f} tricks alone is not enough."


def advice(view: PlayerView, legal: Sequence[Action]) -> tuple[Action, str] | None:
    """The bot's hasenpfeffer decision, or ``None`` to leave it to the heuristic bot."""
    kinds = {type(a) for a in legal}
    if view.phase is Phase.BIDDING:
        if Call in kinds:
            return advise_trump(view, legal)
        if Bid in kinds:
            return advise_bid(view, legal)
        return None
    if view.phase is Phase.PREPARE:
        if kinds == {Call}:
            return advise_trump(view, legal)
        if kinds == {Discard}:
            return advise_discard(view, legal)
        if kinds == {Give}:
            return advise_give(view, legal)
        if GoAlone in kinds:
            return advise_alone(view)
    return None

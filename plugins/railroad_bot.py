"""The heuristic bot's advice for railroad euchre (a helper module of the ``railroad``
plugin, not a plugin): the decisions the standard bot does not know.

* Round 1 with the joker turned up proposing a suit: the bot values its hand at that
  trump, with the joker going to the dealer (a sure trick for the dealer's side), and
  orders up, or goes alone, by the standard bot's thresholds.
* The dealer naming trump without looking: every suit is as good as another.
* Calling for best: always (the partner sits out anyway; a card is exchanged for the
  partner's best).
* The card to pass: the best trump, else the best card.
* Defending alone: with a hand that should take three tricks alone, a little less when
  the partner's best card will come.
"""

from __future__ import annotations

from collections.abc import Sequence

from euchre_plugins.railroad import CALL_BEST, DECKS, CallBest, proposed_suit

from euchre_core.actions import PASS, Action, Call, DefendAlone, Give, Order, Pass
from euchre_core.bots.evaluate import (
    Outlook,
    discard_tricks,
    hand_mask,
    hand_tricks,
    partner_tricks,
)
from euchre_core.bots.heuristic import ALONE_AT, CALL_MARGIN
from euchre_core.cards import JOKER, Card, pack
from euchre_core.model import Phase
from euchre_core.trumps import ranking
from euchre_core.view import PlayerView

__all__ = ["advice"]

#: Tricks a defender should take by itself to defend alone; with the partner's best card
#: to come, ``DEFEND_WITH_BEST`` fewer.
DEFEND_AT = 3.1
DEFEND_WITH_BEST = 0.5
#: What the joker taken up by the dealer is worth to the dealer's side (a sure trick).
JOKER_SWING = 1.0


def _outlook(view: PlayerView, seen: Sequence[Card] = ()) -> Outlook:
    deck = pack(DECKS[str(view.options["railroad"]["deck"])], jokers=1)
    return Outlook(deck, frozenset(seen))


def _round1_joker(view: PlayerView, legal: Sequence[Action]) -> tuple[Action, str] | None:
    o = view.options["railroad"]
    if view.upcard is not JOKER or o["joker_upcard"] != "proposed_suit":
        return None
    orders = [a for a in legal if isinstance(a, Order)]
    if not orders:
        return None
    trump = proposed_suit(o)
    outlook = _outlook(view)
    hand = list(view.hand)
    me, dealer = view.seat, view.dealer
    partners = view.partners()
    if me == dealer:
        _, own = discard_tricks([*hand, JOKER], trump, outlook, allowed=hand)
        swing = 0.0
    else:
        own = hand_tricks(hand_mask(hand), trump, outlook, 1 << JOKER.index)
        swing = JOKER_SWING if dealer in partners else -JOKER_SWING
    side = own + partner_tricks(outlook) + swing
    need = view.hand_size // 2 + 1
    alone = next((a for a in orders if a.alone), None)
    plain = next((a for a in orders if not a.alone), None)
    if alone is not None:
        cards = [*hand, JOKER] if me == dealer else hand
        lone = hand_tricks(hand_mask(cards), trump, outlook.alone()) - max(0.0, -swing)
        if lone >= ALONE_AT:
            return alone, (
                f"go alone at {trump.word}: about {lone:.1f} tricks by yourself, with your "
                "partner's best card to come."
            )
    if plain is not None and side >= need + CALL_MARGIN:
        return plain, (
            f"order up {trump.word}, which the joker proposes: about {side:.1f} tricks for "
            "your side."
        )
    if any(isinstance(a, Pass) for a in legal):
        return PASS, (
            f"pass: about {side:.1f} tricks for your side at {trump.word}, short of {need}."
        )
    return None


def _give(view: PlayerView, legal: Sequence[Action]) -> tuple[Action, str]:
    c = view.contract
    r = ranking(c.trump if c is not None else None)
    cards = [a.card for a in legal if isinstance(a, Give)]
    best = max(cards, key=lambda x: r.power[x.index])
    what = "your best trump" if r.is_trump(best) else "your best card"
    return Give(best), f"give {best}: {what}, for your partner's lone hand."


def _defend(view: PlayerView, legal: Sequence[Action]) -> tuple[Action, str]:
    c = view.contract
    trump = c.trump if c is not None else None
    outlook = Outlook(
        _outlook(view).deck,
        frozenset(),
        opponent_cards=5,
        opponents=1,
        partner_cards=0,
        partners=0,
    )
    own = hand_tricks(hand_mask(view.hand), trump, outlook)
    o = view.options["railroad"]
    need = DEFEND_AT - (
        DEFEND_WITH_BEST if o["defender_call_for_best"] and o["call_for_best"] != "off" else 0.0
    )
    if own >= need:
        return DefendAlone(), f"defend alone: about {own:.1f} tricks by yourself, 4 points."
    return PASS, f"pass: about {own:.1f} tricks by yourself; defend with your partner."


def advice(view: PlayerView, legal: Sequence[Action]) -> tuple[Action, str] | None:
    """The bot's railroad decision, or ``None`` to leave it to the standard bot."""
    if view.phase is Phase.BIDDING:
        return _round1_joker(view, legal)
    if view.phase is not Phase.PREPARE:
        return None
    kinds = {type(a) for a in legal}
    if view.decision_kind == "call" and kinds == {Call}:
        call = next(a for a in legal if isinstance(a, Call))
        return call, "name any suit: you have not seen your hand, so each is as good."
    if CallBest in kinds:
        return CALL_BEST, "call for your partner's best card: your partner sits out anyway."
    if kinds == {Give}:
        return _give(view, legal)
    if DefendAlone in kinds:
        return _defend(view, legal)
    return None

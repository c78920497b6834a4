"""Five Hundred's advice to the heuristic bot (the ``euchre_bot_advice`` hookimpl is in
:mod:`euchre_plugins.five_hundred`).

* **Bids.** For each strain the hand's own tricks (the evaluator's estimate over the pack
  in use), plus what the kitty should add and the partners' share, raised by a partner's
  bid in the same strain. Each legal bid is worth ``(2p - 1) × value`` for the chance
  ``p`` of making it; the bot bids the best one when that is positive and ``p`` is at
  least :data:`BID_CHANCE`. Misère and open misère by the chance that every card can be
  ducked, after the kitty's discards.
* **The kitty.** The discards that leave the best hand for the contract; at misère the
  most dangerous cards (the joker, then the highest).
* **The joker.** Kept free at no trumps (it wins any trick); nominated at misère to the
  suit the declarer holds most of (so that it can be kept under the others). A free
  joker is led only with two cards left, naming the leader's longest suit.
* **Misère play.** The declarer plays the highest card that still loses, else the lowest;
  the defenders keep the declarer winning (their highest card under the declarer's) and
  lead low.
"""

from __future__ import annotations

from collections.abc import Sequence

from euchre_plugins import auction_core as core
from euchre_plugins.five_hundred import open_hand
from euchre_plugins.five_hundred_core import (
    HAND,
    MISERE,
    NAME,
    OPEN_MISERE,
    STRAINS,
    JokerLead,
    Nominate,
    bid_words,
    deck_for,
    is_misere,
    kitty_size,
    rules_for,
)

from euchre_core.actions import PASS, Action, Bid, Discard, Partner, Play
from euchre_core.bots.evaluate import Outlook, estimate, make_chance, side_words
from euchre_core.cards import JOKER, SUITS, Card
from euchre_core.events import Discarded
from euchre_core.model import Phase
from euchre_core.trumps import ranking
from euchre_core.view import PlayerView

__all__ = ["advice"]

#: Chance of making a bid the bot asks for before bidding it.
BID_CHANCE = 0.6
#: Tricks the kitty adds to the declarer's hand, on average.
KITTY_GAIN = 0.3
#: Tricks a partner adds, per card of the partner's hand (a little under a fair share:
#: the declarer's side is usually strong in its own suit).
PARTNER_SHARE = 0.15
#: Tricks a partner's bid in the same strain promises beyond that, per trick bid above 5.
PARTNER_BID_SUPPORT = 0.5
#: Chance the bot asks for before a misère, and before an open misère.
MISERE_CHANCE = 0.65
OPEN_MISERE_CHANCE = 0.85
#: Danger of a card in a misère: the chance it is forced to win a trick, by rank.
DANGER = {"2": 0.0, "3": 0.0, "4": 0.0, "5": 0.01, "6": 0.02, "7": 0.04, "8": 0.07,
          "9": 0.11, "T": 0.17, "E": 0.19, "W": 0.21, "R": 0.23,
          "J": 0.25, "Q": 0.35, "K": 0.5, "A": 0.7}  # fmt: skip


def deck_of(view: PlayerView) -> tuple[Card, ...]:
    return deck_for(view.options[NAME], view.seats)


def outlook_for(view: PlayerView, partners: int) -> Outlook:
    opponents = view.seats - 1 - partners
    out = frozenset(e.card for e in view.events if isinstance(e, Discarded) and e.card is not None)
    return Outlook(
        deck_of(view),
        out,
        opponent_cards=opponents * HAND,
        opponents=opponents,
        partner_cards=partners * HAND,
        partners=partners,
        hand_size=HAND,
    )


def partners_expected(view: PlayerView) -> int:
    """The declarer's partners: the fixed ones (one or two), or the one a declarer of
    five players names (more for a big bid: the count for the usual bid)."""
    if view.partnerships is not None:
        return len(view.partners())
    return 1 if view.seats == 5 else 0


def strain_tricks(view: PlayerView) -> dict[str, float]:
    """Expected tricks of the bot's side for each strain if it declares."""
    partners = partners_expected(view)
    outlook = outlook_for(view, partners)
    mine = [p for p in view.partners()]
    out: dict[str, float] = {}
    for word, trump in STRAINS:
        own = estimate(view.hand, trump, outlook).tricks + KITTY_GAIN
        help_ = partners * PARTNER_SHARE * HAND
        for seat, a in view.bids:
            if seat in mine and isinstance(a, Bid) and not is_misere(a.value):
                n, _, strain = str(a.value).partition("-")
                if strain == word:
                    help_ += PARTNER_BID_SUPPORT * (int(n) - 5)
        out[word] = min(float(HAND), own + help_)
    return out


def danger(c: Card) -> float:
    return 1.0 if c is JOKER else DANGER[c.rank or "A"]


def misere_chance(hand: Sequence[Card], drop: int) -> float:
    """Chance of ducking every trick with ``hand`` after discarding its ``drop`` most
    dangerous cards (a card is safer with low cards of its suit beside it)."""
    cards = sorted(hand, key=danger, reverse=True)[drop:]
    chance = 1.0
    for c in cards:
        if c is JOKER:
            return 0.0
        lower = sum(1 for x in cards if x.suit is c.suit and x.order < c.order)
        chance *= 1.0 - danger(c) / (1.0 + 0.5 * lower)
    return chance


def advise_bid(view: PlayerView, legal: Sequence[Action]) -> tuple[Action, str]:
    o = view.options[NAME]
    rules = rules_for(o)
    tricks = strain_tricks(view)
    st = core.status(view.bids, view.dealer, view.seats, rules)
    partner_high = st.high is not None and st.high in view.partners()
    best: tuple[float, Bid, float] | None = None
    for a in legal:
        if not isinstance(a, Bid):
            continue
        value = rules.ladder.rung(a.value).points
        if is_misere(a.value):
            p = misere_chance(view.hand, (kitty_size(o, view.seats) + 1) // 3)
            need = OPEN_MISERE_CHANCE if a.value == OPEN_MISERE else MISERE_CHANCE
            if p < need:
                continue
        else:
            n, _, word = str(a.value).partition("-")
            p = make_chance(tricks[word], int(n))
            if p < BID_CHANCE:
                continue
        ev = (2 * p - 1) * value
        if best is None or ev > best[0]:
            best = (ev, a, p)
    if best is not None and best[0] > 0 and not (partner_high and best[2] < 0.8):
        _, a, p = best
        return a, f"bid {bid_words(a.value)}: a {p:.0%} chance of making it, the best of your bids."
    top = max(tricks, key=lambda w: tricks[w])
    if partner_high:
        return PASS, "pass: your partner holds the bid."
    return PASS, (
        f"pass: about {tricks[top]:.1f} tricks for {side_words(view)} at "
        f"{top.replace('-', ' ')}, not enough to outbid safely."
    )


def advise_discard(view: PlayerView, legal: Sequence[Action]) -> tuple[Action, str]:
    c = view.contract
    assert c is not None
    if is_misere(c.level):
        cards = [a.card for a in legal if isinstance(a, Discard)]
        worst = max(cards, key=danger)
        return Discard(worst), f"discard {worst}: the card most likely to win a trick."
    partners = partners_expected(view)
    return core.discard_advice(view.hand, c.trump, outlook_for(view, partners), legal)


def advise_nominate(view: PlayerView, legal: Sequence[Action]) -> tuple[Action, str]:
    c = view.contract
    if c is None or not is_misere(c.level) or not any(isinstance(a, Nominate) for a in legal):
        return PASS, "pass: a free joker wins any trick it is played to."
    counts = {s: sum(1 for x in view.hand if x.suit is s) for s in SUITS}
    suit = max(SUITS, key=lambda s: counts[s])
    return Nominate(suit), (
        f"nominate {suit.value}: you hold {counts[suit]} {suit.word}, cards to keep the joker "
        "under; a free joker would win the first trick you cannot follow."
    )


def advise_partner(view: PlayerView, legal: Sequence[Action]) -> tuple[Action, str]:
    rules = rules_for(view.options[NAME])
    shown = dict.fromkeys(range(view.seats), -1)
    for seat, a in view.bids:
        if isinstance(a, Bid):
            shown[seat] = max(shown[seat], rules.ladder.index(a.value))
    choices = [a for a in legal if isinstance(a, Partner)]
    choices.sort(key=lambda a: (-shown[a.seat], (a.seat - view.seat) % view.seats))
    best = choices[0]
    why = "bid highest after you" if shown[best.seat] >= 0 else "the seat on your left"
    return best, f"partner {best.seat}: {why}."


def _winner(view: PlayerView) -> tuple[int, Card] | None:
    """The play winning the current trick (by the no-trump ranking and the suit led)."""
    trick = view.trick
    if not trick:
        return None
    r = ranking(None)
    led = trick[0][1].suit
    best = trick[0]
    for s, c in trick[1:]:
        if c is JOKER or (
            c.suit is led and best[1] is not JOKER and r.power[c.index] > r.power[best[1].index]
        ):
            best = (s, c)
    return best


def misere_play(view: PlayerView, legal: Sequence[Action]) -> tuple[Action, str] | None:
    c = view.contract
    plays = [a for a in legal if isinstance(a, Play) and not isinstance(a, JokerLead)]
    if c is None or c.maker is None or not plays:
        return None
    r = ranking(None)

    def power(a: Action) -> int:
        card = a.card
        assert card is not None
        return r.power[card.index]

    win = _winner(view)
    declarer = c.maker
    if view.seat == declarer:
        if win is None:
            a = min(plays, key=power)
            return a, f"{a}: your lowest card, to lose the lead."
        following = [a for a in plays if a.card is not None and a.card.suit is win[1].suit]
        under = [a for a in following if win[1] is JOKER or power(a) < r.power[win[1].index]]
        if under:
            a = max(under, key=power)
            return a, f"{a}: the highest card that still loses the trick."
        if following:
            a = min(following, key=power)
            return a, f"{a}: you must follow; the lowest, hoping someone plays over it."
        safe = [a for a in plays if a.card is not JOKER] or plays
        a = max(safe, key=power)
        return a, f"{a}: you cannot follow, so you throw your most dangerous card."
    held = open_hand(view)
    if win is None:
        target = (
            None if held is None else min(held[1], key=lambda x: r.power[x.index], default=None)
        )
        if target is not None:
            same = [a for a in plays if a.card is not None and a.card.suit is target.suit]
            under = [a for a in same if power(a) < r.power[target.index]]
            if under:
                a = min(under, key=power)
                return a, f"{a}: lower than the declarer's {target}, which may have to win."
        a = min(plays, key=power)
        return a, f"{a}: a low lead, for the declarer to win."
    if win[0] == declarer:
        following = [a for a in plays if a.card is not None and a.card.suit is win[1].suit]
        under = [
            a
            for a in (following or plays)
            if a.card is not JOKER and power(a) < r.power[win[1].index]
        ]
        if under:
            a = max(under, key=power) if following else max(plays, key=power)
            return a, f"{a}: the declarer is winning this trick; stay under."
    a = (
        min(plays, key=power)
        if not view.trick
        or any(x.card is not None and x.card.suit is view.trick[0][1].suit for x in plays)
        else max(plays, key=power)
    )
    return a, f"{a}: keep your low cards to let the declarer win later."


def joker_lead(view: PlayerView, legal: Sequence[Action]) -> tuple[Action, str] | None:
    """With two cards left, lead the free joker naming the longest suit; else never."""
    leads = [a for a in legal if isinstance(a, JokerLead)]
    if not leads or len(view.hand) > 2:
        return None
    counts = {a.suit: sum(1 for x in view.hand if x.suit is a.suit) for a in leads}
    a = max(leads, key=lambda x: counts[x.suit])
    return a, f"joker {a.suit.value}: the joker wins, and the others must play {a.suit.word}."


def without_joker_leads(view: PlayerView, legal: Sequence[Action]) -> tuple[Action, str] | None:
    """The heuristic bot's own play among the other cards."""
    from euchre_core.bots.heuristic import HeuristicBot

    rest = [a for a in legal if not isinstance(a, JokerLead)]
    if not rest:
        return None
    got = HeuristicBot(f"500:{view.seat}").advise(view, rest)
    return got.action, got.reason


def advice(view: PlayerView, legal: Sequence[Action]) -> tuple[Action, str] | None:
    """The advice for one decision of Five Hundred, or ``None`` for the bot's own play."""
    kinds = {type(a) for a in legal}
    if view.phase is Phase.BIDDING:
        return advise_bid(view, legal) if Bid in kinds else None
    if view.phase is Phase.PREPARE:
        if view.decision_kind == "discard" and kinds == {Discard}:
            return advise_discard(view, legal)
        if view.decision_kind == "nominate":
            return advise_nominate(view, legal)
        if view.decision_kind == "partner":
            return advise_partner(view, legal)
        return None
    if view.phase is Phase.PLAY:
        c = view.contract
        if c is not None and c.level in (MISERE, OPEN_MISERE):
            return misere_play(view, legal)
        if JokerLead in kinds:
            return joker_lead(view, legal) or without_joker_leads(view, legal)
    return None

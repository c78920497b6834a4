"""Call-for-ace secrecy: before the called ace is played, no seat but its holder can tell
who holds it — not from its :class:`~euchre_core.view.PlayerView`, not from the events it
receives (:meth:`State.visible_events`), not from the game's log shown from its seat, and
not through the bot's advice (which only ever sees a view).

The method: two deals that differ only in where the called ace is — seat ``a`` holds it
in one and seat ``b`` in the other, each holding the other's card ``x`` instead — are
played with the same actions. Every seat other than ``a`` and ``b`` (the maker included)
must see exactly the same thing in both, after every action, until the ace or ``x`` is
played. ``a`` and ``b`` must not (their hands differ): the comparison can fail.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator

import pytest
from euchre_plugins.call_ace import PartnerRevealed, euchre_bot_advice, knowledge

from euchre_core import Deal, State, new_hand, pack
from euchre_core.actions import Action, CallAce, Play
from euchre_core.cards import Card, card
from euchre_core.events import CardPlayed
from euchre_core.model import Phase
from euchre_core.view import PlayerView

VIEW_FIELDS = tuple(f.name for f in dataclasses.fields(PlayerView))


def seat_sees(state: State, seat: int) -> tuple[object, ...]:
    """Everything ``seat`` is shown: every field of its view, the whole game's log as it
    saw it (a saved game shown from its seat), and its choices when it is to act."""
    view = state.view(seat)
    fields = tuple(getattr(view, name) for name in VIEW_FIELDS)
    log = tuple(state.visible_events(seat))
    legal = state.legal_actions() if state.to_act == seat else ()
    return (fields, log, legal, repr(log))


def advice_of(state: State, seat: int) -> object:
    if state.to_act != seat:
        return None
    return euchre_bot_advice(state.view(seat), state.legal_actions())


def random_deal(n: int, rng: random.Random) -> Deal:
    deck = list(pack("7"))
    rng.shuffle(deck)
    hands = [deck[5 * s : 5 * s + 5] for s in range(n)]
    return Deal.of(hands, deck[5 * n + 1 :], deck[5 * n])


def to_the_call(state: State, rng: random.Random) -> list[Action] | None:
    """Random bids and discards until the maker's call; ``None`` on a pass-out."""
    actions: list[Action] = []
    while state.phase is not Phase.PLAY and state.to_act is not None:
        d = state.decision
        if d is not None and d.kind == "call":
            return actions
        legal = state.legal_actions()
        a = rng.choice(legal)
        state.apply(a)
        actions.append(a)
    return None


def swapped(deal: Deal, a: int, ace: Card, b: int, x: Card) -> Deal:
    hands = [list(h) for h in deal.hands]
    hands[a][hands[a].index(ace)] = x
    hands[b][hands[b].index(x)] = ace
    return Deal.of(hands, deal.kitty, deal.upcard)


Pair = tuple[Deal, Deal, list[Action], int, int, Card, Card]


def pairs(n: int, count: int, seed: int) -> Iterator[Pair]:
    """Pairs of deals differing only in who holds the called ace, with the actions up to
    and including the call. ``a`` holds the ace in the first deal, ``b`` in the second."""
    rng = random.Random(seed)
    made = 0
    while made < count:
        deal = random_deal(n, rng)
        state = new_hand("call-ace", deal, dealer=0, players=n)
        actions = to_the_call(state, rng)
        if actions is None:
            continue
        c = state.contract
        assert c is not None and c.maker is not None
        calls = [x for x in state.legal_actions() if isinstance(x, CallAce)]
        held = []
        for call in calls:
            ace = card("A" + call.suit.value)
            holder = next((s for s in range(n) if ace in state.hands[s]), None)
            # (an ace the dealer took up is public: EC-43, tested elsewhere)
            if holder is not None and holder != c.maker and ace in deal.hands[holder]:
                held.append((call, ace, holder))
        if not held:
            continue
        call, ace, a = rng.choice(held)
        others = [s for s in range(n) if s not in (a, c.maker)]
        b = rng.choice(others)
        # x: a card b still holds and was dealt (not the up-card taken up).
        choices = [y for y in state.hands[b] if y in deal.hands[b]]
        x = rng.choice(choices)
        made += 1
        yield deal, swapped(deal, a, ace, b, x), [*actions, call], a, b, ace, x


@pytest.mark.parametrize("players", [4, 5, 6])
def test_no_seat_but_the_holder_can_tell_who_holds_the_called_ace(players):
    rng = random.Random(players)
    compared = 0
    holder_differs = 0
    for deal_a, deal_b, start, a, b, ace, x in pairs(players, 60, seed=players):
        first = new_hand("call-ace", deal_a, dealer=0, players=players)
        second = new_hand("call-ace", deal_b, dealer=0, players=players)
        watchers = [s for s in range(players) if s not in (a, b)]
        for action in start:
            first.apply(action)
            second.apply(action)
            for s in watchers:
                assert seat_sees(first, s) == seat_sees(second, s)
        assert knowledge(first.view(a)).holder == a
        assert knowledge(second.view(b)).holder == b
        if first.view(a).hand != second.view(a).hand:
            holder_differs += 1
        # Play on with random cards until the ace or x hits the table.
        while first.to_act is not None and first.phase is Phase.PLAY:
            action = rng.choice(first.legal_actions())
            if isinstance(action, Play) and action.card in (ace, x):
                break
            if action not in second.legal_actions():
                break  # a or b must follow differently: the deals part here
            first.apply(action)
            second.apply(action)
            for s in watchers:
                assert seat_sees(first, s) == seat_sees(second, s), (
                    f"seat {s} can tell seat {a} from seat {b} as the holder of {ace}"
                )
                assert advice_of(first, s) == advice_of(second, s)
                assert knowledge(first.view(s)).holder is None or s == first.contract.maker
                compared += 1
    assert holder_differs == 60
    assert compared > 500, "too few plays compared for the test to mean anything"


@pytest.mark.parametrize("players", [4, 5, 6])
def test_no_seat_is_told_before_the_ace_is_played_and_every_seat_is_told_after(players):
    rng = random.Random(100 + players)
    checked = 0
    for deal_a, _, start, a, _, ace, _ in pairs(players, 40, seed=100 + players):
        state = new_hand("call-ace", deal_a, dealer=0, players=players)
        for action in start:
            state.apply(action)
        maker = state.contract.maker
        while state.to_act is not None:
            played = any(isinstance(e, CardPlayed) and e.card is ace for e in state.hand_events)
            for s in range(players):
                told = [e for e in state.visible_events(s) if isinstance(e, PartnerRevealed)]
                if played:
                    assert told == [PartnerRevealed(a, maker, ace, "played")]
                    assert knowledge(state.view(s)).holder == a
                else:
                    assert told == []
                    if s != a:
                        assert knowledge(state.view(s)).holder is None
            state.apply(rng.choice(state.legal_actions()))
            checked += 1
        assert state.hand_records[-1].makers == tuple(sorted({maker, a}))
    assert checked > 500


def test_the_partners_own_view_says_it_is_the_partner():
    for deal_a, _, start, a, _, ace, _ in pairs(5, 5, seed=7):
        state = new_hand("call-ace", deal_a, dealer=0, players=5)
        for action in start:
            state.apply(action)
        k = knowledge(state.view(a))
        assert k.called is ace and k.holder == a
        assert k.friends == {state.contract.maker}
        maker_k = knowledge(state.view(state.contract.maker))
        assert maker_k.holder is None and maker_k.friends == frozenset()

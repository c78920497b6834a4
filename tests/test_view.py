"""PlayerView: a seat sees its own cards and the public table, never another seat's
hidden cards, the kitty or the dealer's discard (``standard.md`` §5.4, §9.4)."""

from __future__ import annotations

import random

import pytest
from helpers import D, L, P, R, make_deal, run

from euchre_core import card, new_game, new_hand
from euchre_core.actions import Play
from euchre_core.events import CardGiven, CardPlayed, CardsTaken, Dealt, Discarded, TrickWon


def cards_in(event) -> set:
    """Every card an event shows."""
    if isinstance(event, Dealt | CardsTaken):
        return set(event.cards or ())
    if isinstance(event, Discarded | CardGiven | CardPlayed):
        return {event.card} if event.card is not None else set()
    if isinstance(event, TrickWon):
        return {c for _, c in event.plays}
    return set()  # bids, declarations, the up-card and scores show no hidden card


def check_view(state, seat: int, where: str) -> None:
    view = state.view(seat)
    assert view.hand == tuple(state.hands[seat]), f"{where}: the view's hand is not the seat's"
    shown = set().union(*(cards_in(e) for e in view.events)) if view.events else set()
    public = {state.upcard} if state.upcard is not None else set()
    for other in range(state.seats):
        if other == seat:
            continue
        hidden = set(state.hands[other]) - public
        leaked = shown & hidden
        assert not leaked, f"{where}: seat {seat} sees seat {other}'s {sorted(leaked)}"
    kitty_leak = shown & set(state.kitty)
    assert not kitty_leak, f"{where}: seat {seat} sees kitty cards {sorted(kitty_leak)}"
    if seat != state.dealer and state.discards:
        seen_discards = shown & (set(state.discards) - public)
        assert not seen_discards, f"{where}: seat {seat} sees the discard {seen_discards}"
    for e in view.events:
        if isinstance(e, Dealt) and e.seat != seat:
            assert e.cards is None and e.count == 5, f"{where}: unredacted deal {e}"
        if isinstance(e, Discarded) and e.seat != seat:
            assert e.card is None, f"{where}: unredacted discard {e}"


@pytest.mark.parametrize(
    ("rules", "options"),
    [
        ((), {}),
        (("defend-alone", "stick-the-dealer"), {"standard.dealer_pickup": "optional"}),
        (("no-trump-passout",), {"standard.alone_by": "any_player"}),
    ],
)
def test_a_view_never_shows_hidden_cards(rules, options):
    for seed in range(6):
        state = new_game("standard", seed=seed, rules=rules, options=options)
        rng = random.Random(seed)
        step = 0
        while not state.is_over:
            for seat in range(4):
                check_view(state, seat, f"seed {seed}, step {step}")
            state.apply(rng.choice(state.legal_actions()))
            step += 1


def test_the_dealer_sees_the_own_discard_and_nobody_else_does():
    state = new_hand("standard", make_deal({D: "AS KS QD TC JH"}, up="9H"), dealer=D)
    run(state, "order, discard TC")
    mine = [e for e in state.view(D).events if isinstance(e, Discarded)]
    assert mine == [Discarded(D, card("TC"))]
    for seat in (L, P, R):
        theirs = [e for e in state.view(seat).events if isinstance(e, Discarded)]
        assert theirs == [Discarded(D, None)]
        assert state.view(seat).upcard == card("9H")


def test_the_view_derives_the_public_table():
    state = new_hand("standard", make_deal({L: "JD AS"}, up="9C"), dealer=D)
    run(state, "pass, pass, pass, pass, call H, play JD")
    view = state.view(P)
    assert view.trump.value == "H"
    assert view.trick == ((L, card("JD")),)
    assert view.led_suit().value == "H"
    assert view.active == (D, L, P, R)
    assert view.bids[-1][1].suit.value == "H"


def test_why_not_explains_following_suit():
    """§14: the reason names the suit to follow and the cards that follow it."""
    state = new_hand(
        "standard",
        make_deal(
            {L: "AD", P: "JD 9C TC KS QH", R: "9D AS TS JC 9S", D: "KD JH AC QC 9H"}, up="KC"
        ),
        dealer=D,
    )
    run(state, "pass, pass, pass, pass, call H, play AD, play JD")
    assert state.why_not(Play(card("AS"))) == "cannot play AS: must follow diamonds, holds 9D"
    assert state.why_not(Play(card("9D"))) is None
    run(state, "play 9D")
    assert state.why_not(Play(card("JH"))) == ("cannot play JH: must follow diamonds, holds KD")
    assert state.why_not(Play(card("QS"))) == "seat 0 does not hold QS"


def test_why_not_names_the_left_bower_as_a_trump():
    state2 = new_hand("standard", make_deal({L: "AD", P: "JD 9D KH QS TS"}, up="9C"), dealer=D)
    run(state2, "pass, pass, pass, pass, call H, play AD")
    assert state2.why_not(Play(card("JD"))) == (
        "cannot play JD: JD counts as hearts (trump) this hand; must follow diamonds, holds 9D"
    )

"""HR-BENNY (``benny``): the joker is the highest trump; the Benny turned up makes the
dealer name trump blind (EC-34, EC-36)."""

from __future__ import annotations

from helpers import D, L, P, R, make_deal, run

from euchre_core import JOKER, card, new_game, new_hand, pack
from euchre_core.actions import PASS, GoAlone, Play
from euchre_core.events import Dealt, Declared
from euchre_core.testing import check_step, check_variant

RULE = ["benny"]
PACK25 = pack("9", jokers=1)


def benny_up_deal():
    """The Benny is the up-card; D holds no heart."""
    return make_deal(
        {D: "9C TC AS KS QS", L: "JH AH KH 9D TD", P: "JD QH TH 9H AD", R: "JC JS AC KC QC"},
        up="JK",
        deck=PACK25,
    )


def test_the_pack_gets_the_joker_25_and_33_cards():
    state = new_game("standard", seed=1, rules=RULE)
    assert len(state.table.deck) == 25 and JOKER in state.table.deck
    big = new_game("standard", seed=1, rules=RULE, options={"standard.deck": "deck32"})
    assert len(big.table.deck) == 33 and JOKER in big.table.deck
    same = new_game("standard", seed=1, rules=RULE, options={"standard.deck": "deck25_benny"})
    assert len(same.table.deck) == 25


def test_ec34_benny_turned_up_dealer_names_trump_first_and_blind():
    state = new_hand("standard", benny_up_deal(), dealer=D, rules=RULE)
    assert state.to_act == D and state.decision is not None
    assert state.decision.blind and state.decision.kind == "call"
    assert [str(a) for a in state.legal_actions()] == ["call C", "call D", "call H", "call S"]
    view = state.view(D)
    assert view.hand == ()
    own = [e for e in view.events if isinstance(e, Dealt) and e.seat == D]
    assert own and own[0].cards is None
    assert state.view(L).hand == tuple(state.hands[L])
    reason = state.why_not(PASS)
    assert reason is not None and "no bidding" in reason


def test_ec34_dealer_side_make_trump_take_the_benny_discard_and_l_leads():
    state = run(new_hand("standard", benny_up_deal(), dealer=D, rules=RULE), "call H")
    assert state.bids == []
    assert state.contract is not None
    assert (state.contract.maker, state.contract.trump.value) == (D, "H")
    assert any(isinstance(e, Declared) and e.seat == D for e in state.events)
    assert JOKER in state.hands[D] and state.upcard_taken
    assert state.decision is not None and state.decision.kind == "discard"
    assert all(a.card is not JOKER for a in state.legal_actions())
    assert state.view(D).hand == tuple(state.hands[D])
    run(state, "discard 9C")
    assert state.phase.value == "play" and state.to_act == L
    assert state.teams is not None and state.teams.makers == frozenset({D, P})
    assert state.teams.sitting_out == frozenset()
    check_step(state)


def test_benny_upcard_alone_lets_the_dealer_go_alone_after_his_discard():
    state = new_hand(
        "standard",
        benny_up_deal(),
        dealer=D,
        rules=RULE,
        options={"benny.benny_upcard_alone": True},
    )
    run(state, "call S, discard 9C")
    assert state.decision is not None and state.decision.kind == "alone"
    assert set(state.legal_actions()) == {GoAlone(), PASS}
    run(state, "alone")
    assert state.teams is not None and state.teams.sitting_out == frozenset({P})
    assert state.to_act == L


def test_benny_upcard_alone_false_withdraws_a_lone_hand_offered_later():
    state = new_hand(
        "standard",
        benny_up_deal(),
        dealer=D,
        rules=RULE,
        options={"standard.alone_timing": "before_first_lead"},
    )
    run(state, "call S, discard 9C")
    assert state.decision is not None and state.decision.seat == D
    assert state.legal_actions() == (PASS,)


def test_minimum_trump_does_not_restrict_the_blind_call():
    state = new_hand("standard", benny_up_deal(), dealer=D, rules=[*RULE, "minimum-trump"])
    assert {str(a) for a in state.legal_actions()} == {"call C", "call D", "call H", "call S"}
    run(state, "call H")  # D holds no heart: the forced make is exempt
    assert state.contract is not None and state.contract.trump.value == "H"


def ec36_deal():
    return make_deal(
        {L: "JK AS KS QS TS", P: "JS AH KH QH 9D", D: "TC JC QC KC AC"},
        up="9C",
        deck=PACK25,
    )


def test_ec36_benny_led_is_a_trump_lead_and_the_left_bower_must_follow():
    state = run(new_hand("standard", ec36_deal(), dealer=D, rules=RULE), "order, discard TC")
    run(state, "play JK")
    assert state.to_act == P
    assert state.legal_actions() == (Play(card("JS")),)
    assert "must follow clubs (trump)" in (state.why_not(Play(card("AH"))) or "")


def test_benny_wins_over_the_right_bower():
    state = run(new_hand("standard", ec36_deal(), dealer=D, rules=RULE), "order, discard TC")
    run(state, "play JK, play JS")
    state.apply(state.legal_actions()[0])  # R
    run(state, "play JC")  # D: the right bower
    assert state.tricks[-1].winner == L


def test_hr_benny_x_must_trump_the_benny_counts_as_trump():
    deal = make_deal(
        {L: "AH 9S TS QS KS", P: "JK 9D TD QD KD", D: "TC JC QC KC AC"}, up="9C", deck=PACK25
    )
    state = run(
        new_hand("standard", deal, dealer=D, rules=[*RULE, "must-trump"]),
        "order, discard TC, play AH",
    )
    assert state.to_act == P
    assert state.legal_actions() == (Play(JOKER),)
    plain = run(new_hand("standard", deal, dealer=D, rules=RULE), "order, discard TC, play AH")
    assert len(plain.legal_actions()) == 5


def test_benny_in_a_no_trump_hand_wins_any_trick():
    """Q-NT-2, the core's project decision: the joker belongs to no suit and wins."""
    deal = make_deal(
        {L: "JK 9S TS QS KS", P: "AS 9D TD QD KD", D: "TC JC QC KC AC", R: "AH KH QH JH TH"},
        up="9C",
        deck=PACK25,
    )
    state = new_hand("standard", deal, dealer=D, rules=[*RULE, "no-trump-passout"])
    run(state, ", ".join(["pass"] * 8))
    assert state.contract is not None and state.contract.trump is None
    run(state, "play JK")
    assert len(state.legal_actions()) == 5  # nobody can follow the joker
    run(state, "play AS")
    state.apply(state.legal_actions()[0])
    state.apply(state.legal_actions()[0])
    assert state.tricks[-1].winner == L


def playout(options: dict[str, object], seed: str) -> int:
    """Seeded random games through the testing kit's checks (the pack, tricks, legal and
    illegal actions, scores, the end), with the Benny's own: a dealer naming trump blind
    sees no card of his hand. Returns the number of hands played."""
    turned = 0

    def blind_means_unseen(state) -> None:
        nonlocal turned
        if state.decision is not None and state.decision.blind:
            turned += 1
            assert state.view(state.to_act).hand == ()

    report = check_variant(
        "standard",
        rules=RULE,
        options=options,
        hands=120,
        seed=seed,
        extra_check=blind_means_unseen,
    )
    assert turned > 0, "no Benny was turned up in the playout"
    return report.hands


def test_seeded_playout_accounts_for_every_card_and_ends():
    assert playout({}, "benny") >= 100


def test_seeded_playout_with_the_32_card_pack():
    assert playout({"standard.deck": "deck32", "benny.benny_upcard_alone": True}, "benny32") >= 100

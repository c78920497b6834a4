"""The four-hand cases of ``shared/rules/edge_cases.md`` (sections A to E, F's EC-37 and
K), each under the options it names. Seats: D = 0 (dealer), L = 1, P = 2, R = 3.

Cases owned elsewhere: EC-14, EC-15, EC-34, EC-36, EC-50, EC-51 (their plugins' tests);
EC-32 (renege penalties) is not implemented yet.
"""

from __future__ import annotations

import random

import pytest
from euchre_plugins.standard import deal_cards, dealer_by_jack, euchre_first_dealer
from helpers import D, L, P, R, group_deal, make_deal, play_groups, run, trick

from euchre_core import (
    IllegalActionError,
    Phase,
    Suit,
    card,
    cards,
    new_game,
    new_hand,
    pack,
    parse_action,
    ranking,
)
from euchre_core.actions import Call, Discard, Play
from euchre_core.events import TrickWon


def plays(state) -> set[str]:
    """The codes of the cards the seat to act may play."""
    return {str(a.card) for a in state.legal_actions()}


def bids(state) -> set[str]:
    return {str(a) for a in state.legal_actions()}


def hearts_named_by_l(hands, up="9C", **kw):
    """A hand where everyone passes the up-card and L names hearts in round 2, so that
    nothing changes hands before L leads."""
    state = new_hand("standard", make_deal(hands, up=up), dealer=D, **kw)
    return run(state, "pass, pass, pass, pass, call H")


def trump_named_by_l(suit: str, hands, up: str):
    state = new_hand("standard", make_deal(hands, up=up), dealer=D)
    return run(state, f"pass, pass, pass, pass, call {suit}")


# ---------------------------------------------------------------------------------------
# A. Effective suit and following
# ---------------------------------------------------------------------------------------


def test_ec01_led_left_bower_is_a_trump_lead_and_its_printed_suit_does_not_follow():
    """EC-01: hearts trump, L leads J♦; P (diamonds, no heart) may play anything, R must
    play 9♥, D must play J♥ (his diamonds are not trumps); D wins with the right bower."""
    state = hearts_named_by_l(
        {
            L: "JD",
            P: "AD KD TC 9S QS",
            R: "9H AC KC QC TS",
            D: "JH AS KS 9D TD",
        }
    )
    assert state.to_act == L
    state.apply_text("play JD")
    assert plays(state) == {"AD", "KD", "TC", "9S", "QS"}
    state.apply_text("play AD")
    assert plays(state) == {"9H"}
    state.apply_text("play 9H")
    assert plays(state) == {"JH"}
    state.apply_text("play JH")
    assert state.tricks[0].winner == D


def test_ec02_holder_of_the_left_bower_is_void_when_its_printed_suit_is_led():
    """EC-02: hearts trump, L leads A♦. P holds J♦ as a heart, so has no diamond: all five
    are legal; R must play 9♦; D must play K♦, not trump. P's J♦ is the only trump: it
    wins."""
    state = hearts_named_by_l(
        {
            L: "AD",
            P: "JD 9C TC KS QH",
            R: "9D AS TS JC 9S",
            D: "KD JH AC QC 9H",
        },
        up="KC",
    )
    state.apply_text("play AD")
    assert plays(state) == {"JD", "9C", "TC", "KS", "QH"}
    state.apply_text("play JD")
    assert plays(state) == {"9D"}
    state.apply_text("play 9D")
    assert plays(state) == {"KD"}
    state.apply_text("play KD")
    assert state.tricks[0].winner == P


def test_ec04_left_bower_beats_the_trump_ace():
    """EC-04: spades trump; L A♠, P J♣, R K♠, D 9♠ → P wins with the left bower."""
    state = trump_named_by_l("S", {L: "AS", P: "JC", R: "KS", D: "9S"}, up="9H")
    assert trick(state, "L:AS P:JC R:KS D:9S") == P


def test_ec04_off_colour_jack_ranks_between_queen_and_ten():
    """EC-04: spades trump; L K♥, P J♥, R 10♥, D 9♥ → L wins (J♥ is an ordinary heart)."""
    state = trump_named_by_l("S", {L: "KH", P: "JH", R: "TH", D: "9H"}, up="9C")
    assert trick(state, "L:KH P:JH R:TH D:9H") == L


def test_ec04_next_suit_has_five_cards_without_its_jack():
    """EC-04: with spades trump, clubs (next) rank A K Q 10 9 and the J♣ is a spade."""
    r = ranking(Suit.SPADES)
    clubs = [c for c in pack("9") if r.effective_suit(c) is Suit.CLUBS]
    assert [c.code for c in r.sorted(clubs)] == ["AC", "KC", "QC", "TC", "9C"]
    assert r.effective_suit(card("JC")) is Suit.SPADES


def test_ec05_any_trump_beats_any_plain_card_and_a_discard_never_wins():
    """EC-05: clubs trump; L K♦, P A♦, R (no diamond) 9♣, D (no diamond) A♥ → R wins."""
    state = trump_named_by_l(
        "C",
        {L: "KD", P: "AD", R: "9C AS KS QS TS", D: "AH JH QH KH TH"},
        up="9H",
    )
    assert trick(state, "L:KD P:AD R:9C D:AH") == R


def test_ec05_highest_of_the_suit_led_wins_when_no_trump_is_played():
    """EC-05 (§9.3): with no trump played, a higher off-suit card never wins."""
    state = trump_named_by_l(
        "C",
        {L: "KD", P: "AH KH QH TH 9H", R: "9D", D: "TD"},
        up="9S",
    )
    assert trick(state, "L:KD P:AH R:9D D:TD") == L


def test_ec07_leading_trump_is_always_allowed():
    """EC-07: on the first trick L may lead any card, the right bower included."""
    state = hearts_named_by_l({L: "JH AS KC QD 9S"})
    assert plays(state) == {"JH", "AS", "KC", "QD", "9S"}


# ---------------------------------------------------------------------------------------
# B. Making trump
# ---------------------------------------------------------------------------------------


def test_ec08_turned_down_suit_is_never_offered_in_round_2():
    """EC-08: up-card 9♣, all pass round 1; L, P, R and D may pass or name ♦ ♥ ♠, each
    also alone; ♣ is never offered and naming it is refused."""
    state = new_hand("standard", make_deal({}, up="9C"), dealer=D)
    run(state, "pass, pass, pass, pass")
    expected = {"pass"} | {f"call {s}" for s in "DHS"} | {f"call {s} alone" for s in "DHS"}
    for seat in (L, P, R, D):
        assert state.to_act == seat
        assert bids(state) == expected
        with pytest.raises(IllegalActionError, match="clubs was turned down"):
            state.apply(Call(Suit.CLUBS))
        state.apply_text("pass")


def test_ec10_everyone_passes_twice_without_stick_the_dealer_voids_the_hand():
    """EC-10: 8 passes → no score, and L deals the next hand."""
    state = new_game("standard", deals=[make_deal({})], dealer=D, seed=1)
    run(state, ", ".join(["pass"] * 8))
    scored = state.hand_records[0]
    assert scored.outcome == "passed out"
    assert scored.points == (0, 0, 0, 0)
    assert state.scores == [0, 0, 0, 0]
    assert state.hand_number == 1
    assert state.dealer == L
    assert state.phase is Phase.BIDDING


def test_ec11_dealer_may_not_discard_the_card_just_taken_up():
    """EC-11: L orders up 9♥; D holding A♠ K♠ Q♦ 10♣ J♥ may discard any of those five but
    not the 9♥."""
    state = new_hand("standard", make_deal({D: "AS KS QD TC JH"}, up="9H"), dealer=D)
    run(state, "order")
    assert state.decision.kind == "discard" and state.to_act == D
    assert {str(a.card) for a in state.legal_actions()} == {"AS", "KS", "QD", "TC", "JH"}
    with pytest.raises(IllegalActionError):
        state.apply(Discard(card("9H")))


def test_ec11_with_discard_may_be_upcard_all_six_may_be_discarded():
    """EC-11: with ``discard_may_be_upcard = true`` the up-card may be buried too."""
    state = new_hand(
        "standard",
        make_deal({D: "AS KS QD TC JH"}, up="9H"),
        dealer=D,
        options={"standard.discard_may_be_upcard": True},
    )
    run(state, "order")
    assert {str(a.card) for a in state.legal_actions()} == {"AS", "KS", "QD", "TC", "JH", "9H"}
    run(state, "discard 9H")
    assert state.discards == [card("9H")]
    assert state.phase is Phase.PLAY


def test_ec12_optional_pickup_declined_leaves_the_upcard_out_of_play():
    """EC-12: ``dealer_pickup = optional``; L orders up 10♠, D declines: trump ♠, maker L,
    D keeps his five cards, and 10♠ never reaches a trick."""
    deal = make_deal({D: "AH KH QH JH TH"}, up="TS")
    state = new_hand("standard", deal, dealer=D, options={"standard.dealer_pickup": "optional"})
    run(state, "order")
    assert state.decision.kind == "pickup"
    assert bids(state) == {"pickup", "decline"}
    run(state, "decline")
    assert state.contract.trump is Suit.SPADES and state.contract.maker == L
    assert state.hands[D] == cards("AH KH QH JH TH")
    assert not state.upcard_taken
    assert state.phase is Phase.PLAY
    rng = random.Random(12)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    played = {c for t in state.tricks for _, c in t.plays}
    assert card("TS") not in played
    assert len(played) == 20


def test_ec12_optional_pickup_taken_means_a_discard():
    """EC-12 (other branch): a dealer who picks up discards as usual."""
    state = new_hand(
        "standard", make_deal({}, up="TS"), dealer=D, options={"standard.dealer_pickup": "optional"}
    )
    run(state, "order, pickup")
    assert state.decision.kind == "discard"
    assert card("TS") in state.hands[D]


def test_ec13_ordering_up_while_void_in_the_suit_is_legal():
    """EC-13: up-card 9♠; L holds no spade and not the J♣ and may still order it up."""
    state = new_hand("standard", make_deal({L: "AH KH QD TD 9C"}, up="9S"), dealer=D)
    assert state.to_act == L
    assert parse_action("order") in state.legal_actions()
    run(state, "order")
    assert state.contract.maker == L and state.contract.trump is Suit.SPADES


# ---------------------------------------------------------------------------------------
# C. Going alone and who leads
# ---------------------------------------------------------------------------------------


def test_ec16_dealers_partner_alone_in_round_1_the_dealer_does_not_pick_up():
    """EC-16 (default ``lone_partner_dealer_skips_pickup = true``): P orders K♠ up alone;
    D neither takes K♠ nor plays; L leads and tricks go L → P → R."""
    state = new_hand("standard", make_deal({}, up="KS"), dealer=D)
    run(state, "pass, order alone")
    assert state.phase is Phase.PLAY
    assert not state.upcard_taken and card("KS") not in state.hands[D]
    assert len(state.hands[D]) == 5
    assert state.active == (L, P, R)
    assert state.to_act == L
    rng = random.Random(16)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    for t in state.tricks:
        assert D not in {s for s, _ in t.plays}
    assert [s for s, _ in state.tricks[0].plays] == [L, P, R]


def test_ec16_with_the_option_false_the_dealer_picks_up_discards_then_sits_out():
    """EC-16 (``lone_partner_dealer_skips_pickup = false``): D takes K♠, discards, sits out;
    the play is the same."""
    state = new_hand(
        "standard",
        make_deal({}, up="KS"),
        dealer=D,
        options={"standard.lone_partner_dealer_skips_pickup": False},
    )
    run(state, "pass, order alone")
    assert state.upcard_taken and card("KS") in state.hands[D]
    assert state.decision.kind == "discard" and state.to_act == D
    state.apply(state.legal_actions()[0])
    assert state.phase is Phase.PLAY
    assert state.active == (L, P, R) and state.to_act == L


@pytest.mark.parametrize(
    ("winners", "lone_euchre", "points"),
    [
        ([P, P, P, P, P], 2, (4, 0, 4, 0)),
        ([P, P, P, L, R], 2, (1, 0, 1, 0)),
        ([P, P, P, P, L], 2, (1, 0, 1, 0)),
        ([P, P, L, R, L], 2, (0, 2, 0, 2)),
        ([P, P, L, R, L], 4, (0, 4, 0, 4)),
        ([L, R, L, R, L], 4, (0, 4, 0, 4)),
    ],
)
def test_ec16_scoring_of_the_dealers_partner_alone(winners, lone_euchre, points):
    """EC-16: P alone takes 5 → D+P +4; 3-4 → +1; 0-2 → L+R +2 (+4 with
    ``lone_euchre_points = 4``)."""
    state = new_hand(
        "standard",
        group_deal(winners, up="9H"),
        dealer=D,
        options={"standard.lone_euchre_points": lone_euchre},
    )
    run(state, "pass, order alone")
    assert play_groups(state) == winners
    assert state.hand_records[0].points == points


def test_ec18_lone_maker_l_leads_by_default_and_p_leads_under_left_of_lone():
    """EC-18: L alone (R out): L leads by default; P under ``left_of_lone``."""
    for lead, leader in (("eldest_next_active", L), ("left_of_lone", P)):
        state = new_hand(
            "standard", make_deal({}), dealer=D, options={"standard.opening_lead": lead}
        )
        run(state, "order alone")
        state.apply(state.legal_actions()[0])  # the dealer's discard
        assert state.active == (D, L, P)
        assert state.to_act == leader, lead


def test_ec19_lone_dealer_leaves_the_lead_with_l_in_both_modes():
    """EC-19: D takes up alone (P out): L leads in both modes."""
    for lead in ("eldest_next_active", "left_of_lone"):
        state = new_hand(
            "standard", make_deal({}), dealer=D, options={"standard.opening_lead": lead}
        )
        run(state, "pass, pass, pass, order alone")
        assert state.decision.kind == "discard" and state.to_act == D
        state.apply(state.legal_actions()[0])
        assert state.active == (D, L, R)
        assert state.to_act == L, lead


def test_ec20_round_2_lone_call_by_p_no_pickup_and_the_lead():
    """EC-20: up-card refused, L passes, P names ♠ alone: nobody picks up, D is out; L
    leads by default, R under ``left_of_lone``."""
    for lead, leader in (("eldest_next_active", L), ("left_of_lone", R)):
        state = new_hand(
            "standard", make_deal({}, up="9H"), dealer=D, options={"standard.opening_lead": lead}
        )
        run(state, "pass, pass, pass, pass, pass, call S alone")
        assert state.phase is Phase.PLAY
        assert not state.upcard_taken and state.discards == []
        assert state.active == (L, P, R)
        assert state.to_act == leader, lead


def test_ec21_trick_order_skips_the_inactive_seat():
    """EC-21: P alone (D out): trick 1 L → P → R; R wins it and trick 2 goes R → L → P;
    every trick has 3 cards, 5 tricks."""
    state = new_hand("standard", group_deal([R, L, P, P, P], up="9H"), dealer=D)
    run(state, "pass, order alone")
    assert play_groups(state) == [R, L, P, P, P]
    assert [s for s, _ in state.tricks[0].plays] == [L, P, R]
    assert [s for s, _ in state.tricks[1].plays] == [R, L, P]
    assert len(state.tricks) == 5
    assert all(len(t.plays) == 3 for t in state.tricks)


def test_ec23_p_alone_and_l_defending_alone_both_rules_let_l_lead():
    """EC-23: P alone (D out), L defends alone (R out) → L leads under both rules."""
    for lead in ("eldest_next_active", "left_of_lone"):
        state = new_hand(
            "standard",
            make_deal({}, up="9H"),
            dealer=D,
            rules=["defend-alone"],
            options={"standard.opening_lead": lead},
        )
        run(state, "pass, order alone, defend alone")
        assert state.active == (L, P)
        assert state.to_act == L, lead


def test_ec24_no_defend_alone_against_a_maker_with_a_partner_by_default():
    """EC-24 (default ``requires_lone_maker``): after L makes trump with partner, neither D
    nor P is offered to defend alone; the tricks start."""
    state = new_hand("standard", make_deal({}), dealer=D, rules=["defend-alone"])
    run(state, "pass, pass, pass, pass, call H")
    assert state.phase is Phase.PLAY
    assert state.active == (D, L, P, R)


@pytest.mark.parametrize(
    ("winners", "points"),
    [
        ([L, R, P, P, P], (4, 0, 4, 0)),
        ([L, R, L, P, P], (0, 1, 0, 1)),
        ([L, R, L, R, P], (0, 1, 0, 1)),
        ([L, R, L, R, L], (0, 2, 0, 2)),
    ],
)
def test_ec24_defending_alone_against_a_partnership_os_behaviour(winners, points):
    """EC-24 (``requires_lone_maker = false``): P defends alone (D drops out) against L+R;
    L+R take 0-2 → D+P 4; 3-4 → L+R 1; 5 → L+R 2."""
    state = new_hand(
        "standard",
        group_deal(winners),
        dealer=D,
        rules=["defend-alone"],
        options={"defend-alone.requires_lone_maker": False},
    )
    run(state, "pass, pass, pass, pass, call H")
    assert state.decision.kind == "defend" and state.to_act == P
    run(state, "defend alone")
    assert state.active == (L, P, R)
    assert play_groups(state) == winners
    assert state.hand_records[0].points == points


def test_ec25_defenders_are_asked_from_l_and_the_first_to_accept_defends():
    """EC-25: maker P alone; L is asked first; when L accepts, R is not asked and drops
    out; when L declines, R is asked."""
    state = new_hand("standard", make_deal({}, up="9H"), dealer=D, rules=["defend-alone"])
    run(state, "pass, order alone")
    assert state.decision.kind == "defend" and state.to_act == L
    run(state, "defend alone")
    assert state.phase is Phase.PLAY
    assert state.active == (L, P)

    state = new_hand("standard", make_deal({}, up="9H"), dealer=D, rules=["defend-alone"])
    run(state, "pass, order alone, pass")
    assert state.decision.kind == "defend" and state.to_act == R
    run(state, "defend alone")
    assert state.active == (P, R)


# ---------------------------------------------------------------------------------------
# D. Scoring
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("winners", "points", "outcome"),
    [
        ([L, R, L, D, P], (0, 1, 0, 1), "make"),
        ([L, R, L, R, P], (0, 1, 0, 1), "make"),
        ([L, R, L, R, L], (0, 2, 0, 2), "march"),
        ([L, R, D, P, D], (2, 0, 2, 0), "euchre"),
    ],
)
def test_ec26_partnership_thresholds(winners, points, outcome):
    """EC-26: makers with a partner: 3 → +1, 4 → +1, 5 → +2, 2 → defenders +2."""
    state = new_hand("standard", group_deal(winners), dealer=D)
    run(state, "pass, pass, pass, pass, call H")
    assert play_groups(state) == winners
    scored = state.hand_records[0]
    assert (scored.points, scored.outcome) == (points, outcome)


def test_ec26_lone_maker_taking_four_scores_one():
    """EC-26: a lone maker taking 4 tricks scores 1 (not 2, not 4)."""
    state = new_hand("standard", group_deal([L, L, L, L, D]), dealer=D)
    run(state, "pass, pass, pass, pass, call H alone")
    assert play_groups(state) == [L, L, L, L, D]
    assert state.hand_records[0].points == (0, 1, 0, 1)


@pytest.mark.parametrize(
    ("winners", "alone", "lone_euchre", "points"),
    [
        ([D, P, D, P, D], False, 2, (4, 0, 4, 0)),
        ([D, P, D, L, D], False, 2, (2, 0, 2, 0)),
        ([D, P, D, P, D], True, 4, (4, 0, 4, 0)),
        ([D, P, D, P, D], True, 2, (4, 0, 4, 0)),
    ],
)
def test_ec28_super_euchre(winners, alone, lone_euchre, points):
    """EC-28 (``super-euchre``): L+R take 0 → D+P +4; 1 → +2; a lone maker taking 0 with
    ``lone_euchre_points = 4`` too → 4 (no stacking)."""
    state = new_hand(
        "standard",
        group_deal(winners),
        dealer=D,
        rules=["super-euchre"],
        options={"standard.lone_euchre_points": lone_euchre},
    )
    run(state, "pass, pass, pass, pass, call H" + (" alone" if alone else ""))
    assert play_groups(state) == winners
    assert state.hand_records[0].points == points


@pytest.mark.parametrize(
    ("winners", "points"),
    [
        ([D, D, D, L, R], (2, 0, 2, 0)),
        ([D, D, D, D, D], (4, 0, 4, 0)),
        ([D, L, R, L, D], (0, 1, 0, 1)),
        ([D, L, R, L, R], (0, 1, 0, 1)),
    ],
)
def test_ec29_defender_alone_s003_scoring(winners, points):
    """EC-29 (``alone_by = any_player``, ``lone_defender_scoring``): L makes ♥ with
    partner, D goes alone (P out): D takes 3 → D+P +2; 5 → +4; L+R 3 or 4 → L+R +1."""
    state = new_hand(
        "standard",
        group_deal(winners),
        dealer=D,
        options={"standard.alone_by": "any_player", "standard.lone_defender_scoring": True},
    )
    run(state, "pass, pass, pass, pass, call H")
    assert state.decision.kind == "alone"
    run(state, "pass, pass, alone")
    assert state.active == (D, L, R)
    assert play_groups(state) == winners
    assert state.hand_records[0].points == points


def test_ec30_overshooting_the_target_ends_the_game_and_keeps_the_points():
    """EC-30: target 10, D+P at 8, P's lone march (+4) → 12: D+P win, 12 stays on the
    record."""
    state = new_game(
        "standard",
        deals=[group_deal([P] * 5, up="9H")],
        dealer=D,
        scores=[8, 3, 8, 3],
    )
    run(state, "pass, order alone")
    play_groups(state)
    assert state.is_over
    assert state.result.winners == (D, P)
    assert state.scores == [12, 3, 12, 3]
    assert state.events[-1].scores == (12, 3, 12, 3)
    assert state.hand_records[-1].scores == (12, 3, 12, 3)


def test_ec30_the_game_goes_on_below_the_target():
    """§11: reaching 9 of 10 does not end the game; the deal passes to L."""
    state = new_game(
        "standard", deals=[group_deal([P, P, P, L, R], up="9H")], dealer=D, scores=[8, 3, 8, 3]
    )
    run(state, "pass, order alone")
    play_groups(state)
    assert state.scores == [9, 3, 9, 3]
    assert not state.is_over
    assert state.hand_number == 1 and state.dealer == L


# ---------------------------------------------------------------------------------------
# E. Deck variants
# ---------------------------------------------------------------------------------------


def test_ec33_32_card_pack_keeps_twelve_undealt_and_turns_the_21st_card():
    """EC-33: 32 cards; 12 undealt, the 21st card dealt is the up-card."""
    deck = pack("7")
    assert len(deck) == 32
    deal = deal_cards(deck, 0, 4, 5, "2-3", True)
    assert deal.upcard is deck[20]
    assert len(deal.kitty) + 1 == 12
    state = new_game("standard", seed=33, options={"standard.deck": "deck32"})
    assert len(state.kitty) == 11 and state.upcard is not None
    assert sorted(state.deal.all_cards()) == sorted(deck)


def test_ec33_32_card_trump_and_next_suit_order():
    """EC-33: spades trump: J♠ J♣ A♠ K♠ Q♠ 10♠ 9♠ 8♠ 7♠; clubs A K Q 10 9 8 7."""
    r = ranking(Suit.SPADES)
    deck = pack("7")
    trumps = [c for c in deck if r.is_trump(c)]
    clubs = [c for c in deck if r.effective_suit(c) is Suit.CLUBS]
    assert [c.code for c in r.sorted(trumps)] == [
        "JS",
        "JC",
        "AS",
        "KS",
        "QS",
        "TS",
        "9S",
        "8S",
        "7S",
    ]
    assert [c.code for c in r.sorted(clubs)] == ["AC", "KC", "QC", "TC", "9C", "8C", "7C"]


# ---------------------------------------------------------------------------------------
# F. No-trump hands
# ---------------------------------------------------------------------------------------


def test_ec37_pass_out_played_at_no_trump_jacks_are_plain():
    """EC-37 (``no-trump-passout``): all 8 pass; L leads K♦; P = J♦ A♠ 9♠ 10♥ Q♣ must play
    J♦ (a plain diamond); K♦ beats J♦."""
    state = new_game(
        "standard",
        deals=[make_deal({L: "KD", P: "JD AS 9S TH QC"})],
        dealer=D,
        rules=["no-trump-passout"],
        seed=37,
    )
    run(state, ", ".join(["pass"] * 8))
    assert state.phase is Phase.PLAY
    assert state.contract.trump is None and state.contract.maker is None
    assert state.to_act == L
    state.apply_text("play KD")
    assert plays(state) == {"JD"}
    state.apply_text("play JD")
    r = state.ranking
    assert r.trick_winner(cards("KD JD JS JC")) == 0
    assert not any(r.is_trump(c) for c in pack("9"))


@pytest.mark.parametrize(
    ("scoring", "winners", "points"),
    [
        ("majority", [L, R, L, D, D], (0, 1, 0, 1)),
        ("majority", [D, P, D, L, L], (1, 0, 1, 0)),
        ("majority", [D, P, D, P, P], (2, 0, 2, 0)),
        ("none", [D, P, D, P, P], (0, 0, 0, 0)),
    ],
)
def test_ec37_no_trump_scoring_and_the_next_deal(scoring, winners, points):
    """EC-37: ``majority``: the side taking 3-4 tricks +1, all 5 +2; ``none``: nothing.
    The next deal is L's."""
    # Plain-suit groups (no trump: every jack is an ordinary card of its suit).
    groups = [cards(g) for g in ("AS KS QS JS", "AC KC QC JC", "AD KD QD JD", "AH KH QH JH")]
    hands: dict[int, list] = {s: [] for s in range(4)}
    assert winners[4] == winners[3], "the winner of trick 4 leads and wins the last"
    for g, w in zip(groups, winners[:4], strict=True):
        hands[w].append(g[0])
        for s, c in zip([s for s in range(4) if s != w], g[1:], strict=True):
            hands[s].append(c)
    # The last trick: the winner of trick 4 leads a ten nobody else can follow.
    last = dict(zip(range(4), cards("TS TC TD TH"), strict=True))
    for s in range(4):
        hands[s].append(last[s])
    deal = make_deal(
        {s: " ".join(c.code for c in h) for s, h in hands.items()}, up="9C", kitty="9S 9D 9H"
    )
    state = new_game(
        "standard",
        deals=[deal],
        dealer=D,
        seed=3,
        rules=["no-trump-passout"],
        options={"no-trump-passout.notrump_passout_scoring": scoring},
    )
    run(state, ", ".join(["pass"] * 8))
    for g in groups:
        for _ in range(4):
            mine = [c for c in g if c in state.hands[state.to_act]]
            state.apply(Play(mine[0]))
    for _ in range(4):
        state.apply(state.legal_actions()[0])
    tricks = [e for e in state.events if isinstance(e, TrickWon)]
    assert [t.winner for t in tricks] == winners
    assert state.hand_records[0].points == points
    assert state.dealer == L


# ---------------------------------------------------------------------------------------
# K. Other
# ---------------------------------------------------------------------------------------


def test_ec52_first_black_jack_deals_and_first_jack_takes_any_jack():
    """EC-52: cards dealt face up A 10♥, B J♦, C J♣ → C deals under ``first_black_jack``;
    B under ``first_jack``."""
    faced = cards("TH JD JC")
    assert dealer_by_jack(faced, 4, black_only=True) == 2
    assert dealer_by_jack(faced, 4, black_only=False) == 1
    assert dealer_by_jack(cards("9S AH KD QC TS JS"), 4, black_only=True) == 1
    with pytest.raises(ValueError):
        dealer_by_jack(cards("9S AH"), 4, black_only=False)


@pytest.mark.parametrize("method", ["first_black_jack", "first_jack"])
def test_ec52_first_dealer_option_deals_cards_face_up(method):
    """EC-52: the first dealer is the seat receiving the first (black) jack when the
    shuffled pack is dealt face up one card per seat from seat 0."""
    state = new_game("standard", seed=0, options={"standard.first_dealer": method})
    for seed in range(20):
        deck = list(pack("9"))
        random.Random(seed).shuffle(deck)
        expected = dealer_by_jack(deck, 4, black_only=method == "first_black_jack")
        assert euchre_first_dealer(state, random.Random(seed)) == expected


@pytest.mark.parametrize("method", ["first_black_jack", "first_jack"])
def test_ec52_the_first_dealer_is_the_same_for_the_same_seed_and_deals_hand_one(method):
    """EC-52: a game's first dealer depends on its seed only; that seat deals first."""
    for seed in range(10):
        state = new_game("standard", seed=seed, options={"standard.first_dealer": method})
        again = new_game("standard", seed=seed, options={"standard.first_dealer": method})
        assert state.first_dealer == again.first_dealer == state.dealer
        assert state.to_act == (state.first_dealer + 1) % 4


def test_ec52_every_first_dealer_method_picks_a_seat_and_an_explicit_dealer_wins():
    """§4: each method gives a seat; ``dealer=`` overrides the method."""
    for method in ("random", "first_black_jack", "first_jack", "low_cut", "high_draw"):
        seats = {
            new_game("standard", seed=s, options={"standard.first_dealer": method}).first_dealer
            for s in range(40)
        }
        assert seats <= {0, 1, 2, 3} and len(seats) > 1, method
        fixed = new_game("standard", seed=1, dealer=3, options={"standard.first_dealer": method})
        assert fixed.first_dealer == 3

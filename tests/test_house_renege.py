"""HR-RENEGE-PENALTY (``renege``): reneges as real events, EC-32. A person may play any
card; the renege is recorded (hidden), proved by later play and called, or found at the
end of the hand, and the penalty of ``renege_mode`` applies. Seats: D = 0, L = 1, P = 2,
R = 3."""

from __future__ import annotations

import pytest
from euchre_plugins.house.renege import (
    ClaimRenege,
    RenegeCalled,
    RenegeFound,
    RenegeMade,
    proved_in_view,
)
from helpers import D, L, P, R, run, trick

from euchre_core import ConfigError, load_variant, new_hand
from euchre_core.actions import PLAY, Play
from euchre_core.bots import RandomBot
from euchre_core.bots.heuristic import HeuristicBot
from euchre_core.cards import Suit, card
from euchre_core.testing import check_variant, deal_from_text, events_of

RULE = ["renege"]
FOUR_PASSES = "pass, pass, pass, pass"


def ec32_deal(l_leads_king: bool = False):
    """Hearts named by L in round 2. P holds one club (QC) and diamonds; L holds the aces
    (or, with ``l_leads_king``, KS instead of AS, which P holds)."""
    lh = "KS AC AD AH KH" if l_leads_king else "AS AC AD AH KH"
    ph = "AS QC 9D TD QS" if l_leads_king else "KS QC 9D TD QS"
    return deal_from_text(
        ["JS TS KD QD QH", lh, ph, "9S KC JC TC 9H"], kitty="TH JH JD", upcard="9C"
    )


def hand(mode: str, call: str = "call H", deal=None):
    state = new_hand(
        "standard",
        deal if deal is not None else ec32_deal(),
        dealer=D,
        rules=RULE,
        options={"renege.renege_mode": mode},
    )
    return run(state, f"{FOUR_PASSES}, {call}")


def p_reneges_on_trick_2(state) -> None:
    trick(state, "L:AS P:KS R:9S D:JS")
    run(state, "play AC")
    assert state.to_act == P
    assert {str(a) for a in state.legal_actions()} == {f"play {c}" for c in state.hands[P]}
    proper = [a for a in state.legal_actions() if a.proper]
    assert [a.card for a in proper] == [card("QC")]  # the one proper card
    run(state, "play 9D, play KC, play TS")  # P fails to follow clubs


def proof_on_trick_4(state) -> None:
    trick(state, "L:AD P:TD R:JC D:KD")
    run(state, "play AH, play QC")  # P shows a club: the renege is proved


# Making, seeing, proving ------------------------------------------------------------


def test_any_card_may_be_played_and_the_renege_is_recorded_for_the_offender_only():
    state = hand("hand_stops")
    p_reneges_on_trick_2(state)
    made = events_of(state, RenegeMade)
    assert made == [RenegeMade(P, card("9D"), 1, Suit.CLUBS)]
    assert any(isinstance(e, RenegeMade) for e in state.view(P).events)
    for seat in (D, L, R):
        assert not any(isinstance(e, RenegeMade) for e in state.view(seat).events)


def test_typing_the_card_chooses_the_improper_play():
    state = hand("hand_stops")
    trick(state, "L:AS P:KS R:9S D:JS")
    run(state, "play AC")
    assert state.can(PLAY[card("9D").index])
    state.apply(Play(card("9D")))
    assert not state.actions[-1][1].proper


def test_ec32_the_play_proves_it_and_the_wronged_side_may_call_it():
    state = hand("hand_stops")
    p_reneges_on_trick_2(state)
    assert not any(isinstance(a, ClaimRenege) for a in state.legal_actions())
    proof_on_trick_4(state)
    assert state.to_act == R
    assert "claim renege" in {str(a) for a in state.legal_actions()}
    assert proved_in_view(state.view(R)) == [(P, 1, Suit.CLUBS)]
    assert proved_in_view(state.view(L)) == [(P, 1, Suit.CLUBS)]


def test_ec32_s000_the_hand_ends_and_the_makers_score_two():
    state = hand("hand_stops")
    p_reneges_on_trick_2(state)
    proof_on_trick_4(state)
    run(state, "claim renege")
    called = events_of(state, RenegeCalled)
    assert called == [RenegeCalled(R, P, card("9D"), 1, Suit.CLUBS)]
    scored = state.hand_records[-1]
    assert (scored.outcome, scored.points) == ("renege", (0, 2, 0, 2))
    assert len(scored.tricks) == 4 and sum(scored.tricks) == 3  # stopped in trick 4


def test_ec32_s000_four_when_the_wronged_side_was_alone():
    state = new_hand("standard", ec32_deal(), dealer=D, rules=RULE)
    run(state, f"{FOUR_PASSES}, call H alone")
    trick(state, "L:AS P:KS D:JS")
    run(state, "play AC, play 9D, play TS")  # P reneges on clubs
    trick(state, "L:AD P:TD D:KD")
    run(state, "play AH, play QC, play QH")  # proved
    assert state.to_act == L
    run(state, "claim renege")
    assert state.hand_records[-1].points == (0, 4, 0, 4)


@pytest.mark.parametrize(("mode", "points"), [("hand_stops", 2), ("wiki", 4), ("laws1888", 5)])
def test_ec32_the_lone_player_reneges(mode, points):
    state = hand(mode, "call H alone", ec32_deal(l_leads_king=True))
    trick(state, "L:KS P:AS D:JS")  # P wins and leads
    run(state, "play QC, play TS, play AH")  # L holds AC but trumps: a renege
    run(state, "play AC")  # L shows a club
    assert state.to_act == P and "claim renege" in {str(a) for a in state.legal_actions()}
    run(state, "claim renege")
    pts = state.hand_records[-1].points if mode != "laws1888" else None
    if mode != "laws1888":
        assert pts == (points, 0, points, 0)
    else:
        while not state.is_over:
            state.apply(next(a for a in state.legal_actions() if a.proper))
        assert state.hand_records[-1].points[D] >= points


def test_ec32_laws1888_three_per_renege_the_hand_played_out():
    state = hand("laws1888")
    p_reneges_on_trick_2(state)
    run(state, "play AD, play QS")  # a second renege by P (he holds TD)
    run(state, "play JC, play KD")
    run(state, "play AH, play QC")  # proves the clubs renege
    run(state, "claim renege")
    assert not state.is_over  # the hand goes on
    run(state, "play 9H, play QH")
    run(state, "play KH, play TD")  # proves the diamonds renege
    assert state.to_act == R
    run(state, "claim renege, play TC, play QD")
    assert state.is_over
    scored = state.hand_records[-1]
    assert scored.outcome == "march, renege"
    assert scored.points == (0, 2 + 6, 0, 2 + 6)


def test_ec32_laws1888_one_renege_each_cancels():
    deal = ec32_deal(l_leads_king=True)
    state = hand("laws1888", "call H", deal)
    trick(state, "L:KS P:AS R:9S D:JS")
    run(state, "play QC, play KC, play TS, play AH")  # L trumps holding AC: renege
    run(state, "play AD, play QS")  # P discards a spade holding two diamonds: renege
    run(state, "play JC, play KD")
    while not state.is_over:
        state.apply(next(a for a in state.legal_actions() if a.proper and not a.claim))
    found = events_of(state, RenegeFound) + events_of(state, RenegeCalled)
    assert {e.seat for e in found} == {L, P}
    scored = state.hand_records[-1]
    assert "renege" not in scored.outcome  # equal numbers cancel: the hand scores as played


def laws1888_game_end(scores: list[int]):
    """L (a maker, hearts named) trumps trick 2 holding AC: a renege by the makers. The
    hand is played out: the makers take 4 tricks (1 point), the defenders D and P gain
    the penalty of 3. Starts from ``scores``; returns the state after the hand."""
    state = new_hand(
        "standard",
        ec32_deal(l_leads_king=True),
        dealer=D,
        rules=RULE,
        options={"renege.renege_mode": "laws1888"},
        scores=scores,
    )
    run(state, f"{FOUR_PASSES}, call H")
    trick(state, "L:KS P:AS R:9S D:JS")
    run(state, "play QC, play KC, play TS, play AH")  # L trumps holding AC
    while not state.is_over:
        state.apply(next(a for a in state.legal_actions() if a.proper and not a.claim))
    scored = state.hand_records[-1]
    assert (scored.outcome, scored.points) == ("make, renege", (3, 1, 3, 1))
    return state


def test_laws1888_the_penalty_is_scored_first_and_wins_the_game():
    """D+P at 7 and L+R at 9, target 10: the makers' point would take the offenders to
    10, the penalty takes the wronged side to 10. Scored together it is a tie (play on);
    with the hand scored first L+R would win. The penalty is scored first: D+P win."""
    state = laws1888_game_end([7, 9, 7, 9])
    assert state.scores == [10, 10, 10, 10]
    assert state.result is not None
    assert tuple(state.result.winners) == (D, P)
    assert state.result.reason == "reached 10 with the renege penalty, scored first"
    assert "match" not in state.result.extra  # a single game, not a match


def test_laws1888_a_penalty_short_of_the_target_leaves_the_hand_to_decide():
    """D+P at 6: the penalty takes them to 9 only, so the makers' point wins L+R the
    game."""
    state = laws1888_game_end([6, 9, 6, 9])
    assert state.result is not None and tuple(state.result.winners) == (L, R)


def test_laws1888_penalty_first_in_a_rubber_wins_a_game_of_the_match():
    state = new_hand(
        "standard",
        ec32_deal(l_leads_king=True),
        dealer=D,
        rules=[*RULE, "rubber"],
        options={"renege.renege_mode": "laws1888"},
        scores=[7, 9, 7, 9],
    )
    run(state, f"{FOUR_PASSES}, call H")
    trick(state, "L:KS P:AS R:9S D:JS")
    run(state, "play QC, play KC, play TS, play AH")
    while not state.is_over:  # a single hand: the match stops after it
        state.apply(next(a for a in state.legal_actions() if a.proper and not a.claim))
    assert state.result is not None and tuple(state.result.winners) == (D, P)
    assert state.result.extra["match"]["side"] == (D, P)  # game 1 of the rubber to D+P
    assert state.result.reason.startswith(
        "reached 10 with the renege penalty, scored first: game 1 won; the match goes on"
    )


def test_a_renege_nobody_calls_is_found_at_the_end_of_the_hand():
    state = hand("hand_stops")
    p_reneges_on_trick_2(state)
    while not state.is_over:
        state.apply(next(a for a in state.legal_actions() if a.proper and not a.claim))
    assert events_of(state, RenegeFound) == [RenegeFound(P, card("9D"), 1, Suit.CLUBS)]
    assert state.hand_records[-1].points == (0, 2, 0, 2)
    assert state.hand_records[-1].outcome == "renege"


def test_tournament_full_points_a_march_for_the_makers():
    state = hand("tournament")
    p_reneges_on_trick_2(state)
    proof_on_trick_4(state)
    run(state, "claim renege")
    assert state.hand_records[-1].points == (0, 2, 0, 2)
    lone = new_hand(
        "standard",
        ec32_deal(),
        dealer=D,
        rules=RULE,
        options={"renege.renege_mode": "tournament"},
    )
    run(lone, f"{FOUR_PASSES}, call H alone")
    trick(lone, "L:AS P:KS D:JS")
    run(lone, "play AC, play 9D, play TS")
    trick(lone, "L:AD P:TD D:KD")
    run(lone, "play AH, play QC, play QH, claim renege")
    assert lone.hand_records[-1].points == (0, 4, 0, 4)  # a lone march


# Bots -------------------------------------------------------------------------------


def test_bots_never_renege_and_always_call_a_proved_renege():
    state = hand("hand_stops")
    trick(state, "L:AS P:KS R:9S D:JS")
    run(state, "play AC")
    legal = state.legal_actions()
    assert HeuristicBot(1).choose(state.view(P), legal).card == card("QC")
    rb = RandomBot(3)
    assert {rb.choose(None, legal).card for _ in range(50)} == {card("QC")}
    run(state, "play 9D, play KC, play TS")
    proof_on_trick_4(state)
    advice = HeuristicBot(1).advise(state.view(R), state.legal_actions())
    assert isinstance(advice.action, ClaimRenege)


def test_heuristic_bots_never_renege_in_whole_games():
    from euchre_core.analysis.sim import play_game

    config = load_variant("standard", rules=RULE)
    for g in range(3):
        state = play_game(config, f"renege/{g}", [HeuristicBot(f"{g}/{s}") for s in range(4)])
        assert not events_of(state, RenegeMade)


def test_needs_partnerships():
    with pytest.raises(ConfigError, match="'renege' needs partnerships"):
        load_variant("standard", rules=RULE, players=3)


@pytest.mark.parametrize("mode", ["hand_stops", "wiki", "laws1888", "tournament"])
def test_conformance(mode):
    report = check_variant(
        "standard", rules=RULE, options={"renege.renege_mode": mode}, hands=300, seed=mode
    )
    assert report.outcomes is not None and any("renege" in o for o in report.outcomes)


def test_conformance_with_must_trump():
    check_variant("standard", rules=["must-trump", *RULE], hands=300, seed="mt")

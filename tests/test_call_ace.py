"""Call-for-ace euchre (``shared/rules/call_for_ace.md``): table and pack, the call, the
partner revealed, the scoring of §5, the end of the game, the cases EC-43 to EC-45 of
``edge_cases.md``, the bot's advice, and seeded random playouts that hold the engine's
invariants for four, five and six players.

Seats are numbered from the dealer: ``D = 0``, ``L = 1`` (eldest hand, first to bid and
to lead), then clockwise.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence

import pytest
from euchre_plugins.call_ace import (
    CallCard,
    PartnerRevealed,
    euchre_bot_advice,
    knowledge,
    partner_of_maker,
)

from euchre_core import (
    ConfigError,
    Deal,
    IllegalActionError,
    State,
    card,
    cards,
    load_variant,
    new_game,
    new_hand,
    pack,
)
from euchre_core.actions import CallAce, GoAlone, Play, parse_action
from euchre_core.analysis.sim import simulate
from euchre_core.cards import Card, Suit
from euchre_core.events import CardPlayed, Declared, HandScored
from euchre_core.records.history import record_of, replay
from euchre_core.testing import check_variant

D, L = 0, 1
PACK32 = pack("7")


def deal_of(
    n: int, hands: Mapping[int, str], up: str, kitty: str = "", deck: Sequence[Card] = PACK32
) -> Deal:
    """A deal for ``n`` seats: the cards named for each seat, topped up with the lowest
    cards left (so that an ace nobody is given stays undealt), the up-card, then the
    kitty (the cards named first, then the rest)."""
    named = {s: cards(h) for s, h in hands.items()}
    used = [c for h in named.values() for c in h] + [card(up)] + cards(kitty)
    assert len(used) == len(set(used)), "a card is named twice"
    rest = sorted((c for c in deck if c not in used), key=lambda c: (c.value, c.code))
    out = []
    for s in range(n):
        h = list(named.get(s, []))
        while len(h) < 5:
            h.append(rest.pop(0))
        out.append(h)
    return Deal.of(out, [*cards(kitty), *rest], card(up))


def hand_of(n: int, deal: Deal, *, options: Mapping[str, object] | None = None) -> State:
    return new_hand("call-ace", deal, dealer=D, players=n, options=options or {})


def run(state: State, script: str) -> State:
    for text in (t.strip() for t in script.split(",")):
        if text:
            state.apply_text(text)
    return state


def legal_texts(state: State) -> set[str]:
    return {str(a) for a in state.legal_actions()}


def revealed(state: State, seat: int) -> list[PartnerRevealed]:
    return [e for e in state.visible_events(seat) if isinstance(e, PartnerRevealed)]


# ---------------------------------------------------------------------------------------
# Deals whose tricks are decided in advance (hearts trump, named in round 2)
# ---------------------------------------------------------------------------------------

#: With hearts trump, each group is one effective suit, best card first. Every seat gets
#: one card of each group; playing the groups in order, everybody follows and trick k is
#: won by the holder of group k's first card. The last group's only trump is TH.
GROUPS5 = (
    cards("AS KS QS JS TS"),
    cards("AC KC QC JC TC"),
    cards("AD KD QD TD 9D"),
    cards("JH JD AH KH QH"),
    cards("TH 9S 8S 9C 8D"),
)


def group_deal(winners: Sequence[int], up: str = "7C") -> Deal:
    """Five seats; trick k (group k) goes to seat ``winners[k]``. Up-card a low club."""
    hands: list[list[Card]] = [[] for _ in range(5)]
    for group, w in zip(GROUPS5, winners, strict=True):
        hands[w].append(group[0])
        for s, c in zip([s for s in range(5) if s != w], group[1:], strict=True):
            hands[s].append(c)
    used = {c for h in hands for c in h}
    rest = [c for c in PACK32 if c not in used and c is not card(up)]
    return Deal.of(hands, rest, card(up))


def play_groups(state: State) -> None:
    for group in GROUPS5:
        for _ in range(len(state.active)):
            seat = state.to_act
            assert seat is not None
            mine = [c for c in group if c in state.hands[seat]]
            state.apply(Play(mine[0] if mine else state.hands[seat][-1]))


def hearts_by(seat: int, n: int = 5) -> str:
    """Everyone passes round 1, then passes round 2 until ``seat`` names hearts."""
    before = (seat - 1) % n
    return ", ".join(["pass"] * (n + before) + ["call H"])


# ---------------------------------------------------------------------------------------
# §1 Players and pack
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("variant", "seats"), [("call-ace", 4), ("call-ace-5", 5), ("call-ace-6", 6)]
)
def test_variant_files_give_four_five_or_six_players_each_for_themselves(variant, seats):
    state = new_game(variant, seed=3)
    assert state.seats == seats
    assert state.table.partnerships is None
    assert len(state.table.deck) == 32
    assert state.table.target == 10


@pytest.mark.parametrize(("players", "deck"), [(5, "deck24"), (6, "deck24"), (6, "deck28")])
def test_a_pack_that_cannot_deal_five_each_and_an_up_card_is_a_config_error(players, deck):
    with pytest.raises(ConfigError) as err:
        load_variant("call-ace", players=players, options={"standard.deck": deck})
    text = str(err.value)
    assert "\n" not in text
    assert "options.standard.deck" in text and "too few" in text


@pytest.mark.parametrize(("players", "deck"), [(4, "deck24"), (4, "deck28"), (5, "deck28")])
def test_the_smaller_packs_the_reference_allows_are_accepted(players, deck):
    state = new_game("call-ace", seed=1, players=players, options={"standard.deck": deck})
    assert state.seats == players
    assert len(state.table.deck) == int(deck[4:])


@pytest.mark.parametrize("players", [2, 3, 7])
def test_other_player_counts_are_refused(players):
    with pytest.raises(ConfigError, match="4, 5 or 6 players"):
        load_variant("call-ace", players=players)


def test_a_pack_with_the_joker_is_refused():
    with pytest.raises(ConfigError, match=r"options\.standard\.deck"):
        load_variant("call-ace", options={"standard.deck": "deck33_benny"})
    with pytest.raises(ConfigError, match="conflicts"):
        load_variant("call-ace", rules=["benny"], options={"standard.deck": "deck33_benny"})


def test_standard_scoring_options_point_to_the_call_ace_ones():
    with pytest.raises(ConfigError, match="points_make_each"):
        load_variant("call-ace", options={"standard.points_make": 2})


def test_bradwilson_scoring_refuses_other_point_values():
    with pytest.raises(ConfigError, match="bradwilson"):
        load_variant(
            "call-ace", options={"call-ace.scoring": "bradwilson", "call-ace.points_make_each": 3}
        )


# ---------------------------------------------------------------------------------------
# §2-§3 Bidding and the call
# ---------------------------------------------------------------------------------------


def test_two_bidding_rounds_then_the_dealer_discards_then_the_maker_calls():
    deal = deal_of(4, {D: "9H 8S 8D 7D 9C", L: "JH JD KH 7S 7C"}, up="QH")
    state = hand_of(4, deal)
    assert legal_texts(state) == {"pass", "order"}  # nobody goes alone with the bid
    run(state, "order")
    assert state.decision is not None and state.decision.kind == "discard"
    assert state.to_act == D
    run(state, "discard 7D")
    assert state.decision is not None and state.decision.kind == "call"
    assert state.to_act == L
    assert legal_texts(state) == {"alone", "call-ace C", "call-ace D", "call-ace H", "call-ace S"}


def test_round_two_names_another_suit_and_the_maker_calls_at_once():
    deal = deal_of(4, {L: "JS JC AS KS 7H"}, up="9D")
    state = run(hand_of(4, deal), "pass, pass, pass, pass")
    assert "call D" not in legal_texts(state)
    run(state, "call S")
    assert state.to_act == L and state.decision.kind == "call"
    assert "call-ace S" not in legal_texts(state)  # L holds it


def test_all_pass_twice_is_a_new_deal():
    state = new_game("call-ace", seed=5, dealer=D)
    first_dealer = state.dealer
    run(state, ", ".join(["pass"] * 8))
    assert state.hand_records[-1].outcome == "passed out"
    assert state.dealer == (first_dealer + 1) % 4


def test_call_timing_immediately_asks_the_maker_before_the_dealer_takes_up():
    deal = deal_of(4, {D: "AC 8S 8D 7D 9C", L: "JH JD KH 7S 7C"}, up="QH")
    state = hand_of(4, deal, options={"call-ace.call_timing": "immediately"})
    run(state, "order")
    assert state.decision.kind == "call" and state.to_act == L
    assert not state.upcard_taken
    run(state, "call-ace C")
    assert state.decision.kind == "discard" and state.to_act == D
    run(state, "discard AC")  # the dealer may bury the called ace: nobody holds it now
    assert state.teams is not None and state.teams.makers == {L}


def test_not_own_non_trump_ace_excludes_the_trump_ace():
    deal = deal_of(4, {D: "9H 8S 8D 7D 9C", L: "JH JD KH 7S 7C"}, up="QH")
    state = hand_of(4, deal, options={"call-ace.callable_aces": "not_own_non_trump_ace"})
    run(state, "order, discard 7D")
    assert legal_texts(state) == {"alone", "call-ace C", "call-ace D", "call-ace S"}
    with pytest.raises(IllegalActionError, match="ace of trumps"):
        state.apply_text("call-ace H")


def test_any_card_calls_a_card_that_is_not_a_trump_and_not_the_makers():
    deal = deal_of(4, {D: "9H 8S 8D 7D 9C", L: "JH JD KH 7S 7C"}, up="QH")
    state = hand_of(4, deal, options={"call-ace.called_card": "any_card"})
    run(state, "order, discard 7D")
    calls = {a.called.code for a in state.legal_actions() if isinstance(a, CallCard)}
    assert "KS" in calls and "AH" not in calls and "JD" not in calls and "7S" not in calls
    assert GoAlone() in state.legal_actions()
    run(state, "call-card KS")
    assert parse_action("call-card KS") == CallCard(card("KS"))
    with pytest.raises(IllegalActionError):
        hand_of(4, deal, options={"call-ace.called_card": "any_card"}).apply_text("call-ace S")


def test_the_maker_may_not_call_a_card_it_discarded():
    deal = deal_of(4, {D: "AS 8S 8D 7D 9C"}, up="QH")
    state = hand_of(4, deal)
    run(state, ", ".join(["pass"] * 3) + ", order, discard AS")  # the dealer makes
    assert state.to_act == D and "call-ace S" not in legal_texts(state)


def test_the_call_is_public_and_the_partner_plays_with_the_maker():
    deal = deal_of(4, {D: "9H 8S 8D 7D 9C", L: "JH JD KH 7S 7C", 3: "AS"}, up="QH")
    state = run(hand_of(4, deal), "order, discard 7D, call-ace S")
    for seat in range(4):
        assert Declared(L, CallAce(Suit.SPADES)) in state.visible_events(seat)
    assert state.teams.makers == {L, 3}
    assert partner_of_maker(state) == 3


#: Hearts ordered up by L (the dealer takes Q♥ and discards 7♦); seat 3 holds A♠.
FULL = {
    D: "9H 8D 7D 9C TC",
    L: "JH JD KH 7S 7C",
    2: "8S TS 8C 9D TD",
    3: "AS 9S KD QD JC",
}


def test_the_partner_is_revealed_to_everyone_when_the_ace_is_played():
    deal = deal_of(4, FULL, up="QH")
    state = run(hand_of(4, deal), "order, discard 7D, call-ace S")
    assert not any(revealed(state, s) for s in range(4))
    run(state, "play 7S")  # L leads a spade
    run(state, "play 8S")  # seat 2 follows
    assert not any(revealed(state, s) for s in range(4))
    run(state, "play AS")  # seat 3 plays the called ace
    played = state.events.index(CardPlayed(3, card("AS")))
    assert state.events[played + 1] == PartnerRevealed(3, L, card("AS"), "played")
    for seat in range(4):
        assert revealed(state, seat) == [PartnerRevealed(3, L, card("AS"), "played")]


def test_the_partner_is_never_forced_to_play_the_called_ace():
    deal = deal_of(4, FULL, up="QH")
    state = run(hand_of(4, deal), "order, discard 7D, call-ace S, play 7S, play 8S")
    assert legal_texts(state) == {"play AS", "play 9S"}


# ---------------------------------------------------------------------------------------
# EC-43 to EC-45
# ---------------------------------------------------------------------------------------


def test_ec43_called_ace_taken_up_by_the_dealer_makes_the_dealer_a_known_partner():
    """EC-43: up-card A♥ ordered up by L (trump ♥); D takes A♥. L calls A♥ → D is the
    partner, known to all."""
    deal = deal_of(4, {D: "8S 8D 7D 9C TC", L: "JH JD KH 7S 7C"}, up="AH")
    state = run(hand_of(4, deal), "order, discard 7D")
    assert "call-ace H" in legal_texts(state)
    run(state, "call-ace H")
    want = PartnerRevealed(D, L, card("AH"), "up-card")
    for seat in range(4):
        assert revealed(state, seat) == [want]
        assert knowledge(state.view(seat)).holder == D
    assert state.teams.makers == {L, D}
    # Playing the ace later does not announce it a second time.
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    assert sum(isinstance(e, PartnerRevealed) for e in state.events) == 1


def test_ec43_when_the_up_card_may_be_discarded_nothing_is_announced_at_the_call():
    deal = deal_of(4, {D: "8S 8D 7D 9C TC", L: "JH JD KH 7S 7C"}, up="AH")
    state = hand_of(4, deal, options={"standard.discard_may_be_upcard": True})
    run(state, "order, discard 7D, call-ace H")
    assert not any(revealed(state, s) for s in range(4))
    assert state.teams.makers == {L, D}


def test_ec44_calling_an_ace_one_holds_is_refused_by_default():
    """EC-44: L holds A♣ and calls A♣ → rejected by default."""
    deal = deal_of(4, {D: "9H 8S 8D 7D 9C", L: "JH JD KH AC 7C"}, up="QH")
    state = run(hand_of(4, deal), "order, discard 7D")
    assert "call-ace C" not in legal_texts(state)
    with pytest.raises(IllegalActionError, match="holds AC"):
        state.apply_text("call-ace C")
    assert state.to_act == L and state.decision.kind == "call"


def test_ec44_calling_an_ace_one_holds_is_a_hidden_lone_hand_with_any_ace():
    """EC-44: accepted (a hidden lone hand) with ``callable_aces = any_ace``."""
    deal = deal_of(4, {D: "9H 8S 8D 7D 9C", L: "JH JD KH AC AH"}, up="QH")
    state = hand_of(4, deal, options={"call-ace.callable_aces": "any_ace"})
    run(state, "order, discard 7D, call-ace C")
    assert state.teams.makers == {L}
    assert not any(revealed(state, s) for s in range(4))
    # L draws trumps and cashes: a lone march, one point from each of three opponents.
    for code in ("JH", "JD", "AH", "KH", "AC"):
        state.apply_text(f"play {code}")
        while state.trick:
            state.apply(state.legal_actions()[0])
    scored = state.hand_records[-1]
    assert scored.outcome == "lone march"
    assert scored.points == (0, 3, 0, 0)
    assert any(e.seat == L and e.how == "played" for e in revealed(state, 2))


@pytest.mark.parametrize(
    ("winners", "outcome", "points"),
    [
        ((1, 3, 1, 1, 3), "march", (0, 2, 0, 2, 0)),
        ((1, 3, 0, 2, 1), "make", (0, 1, 0, 1, 0)),
        ((1, 3, 1, 4, 4), "make", (0, 1, 0, 1, 0)),
        ((0, 3, 2, 4, 1), "euchre", (2, 0, 2, 0, 2)),
    ],
)
def test_ec45_secret_partners_score_each_and_every_opponent_scores_on_a_euchre(
    winners, outcome, points
):
    """EC-45: S1 (dealer) … S5; S2 makes, calls A♣ held by S4. S2+S4 take 5 → +2 each;
    3-4 → +1 each; 0-2 → S1, S3, S5 +2 each. (S1 = seat 0, S2 = seat 1, S4 = seat 3.)"""
    state = run(hand_of(5, group_deal(winners)), hearts_by(1) + ", call-ace C")
    assert state.teams.makers == {1, 3}
    play_groups(state)
    assert [t.winner for t in state.tricks] == list(winners)
    scored = state.hand_records[-1]
    assert (scored.outcome, scored.points) == (outcome, points)


# ---------------------------------------------------------------------------------------
# §5 Scoring
# ---------------------------------------------------------------------------------------


def lone_deal(n: int) -> Deal:
    """L holds the five best hearts; nobody holds A♠ (it stays in the kitty)."""
    return deal_of(n, {L: "JH JD AH KH QH"}, up="7S", kitty="AS")


def play_out(state: State) -> HandScored:
    while state.to_act is not None:
        state.apply(state.legal_actions()[0])
    return state.hand_records[-1]


@pytest.mark.parametrize(("n", "gain"), [(4, 3), (5, 4), (6, 5)])
def test_a_lone_march_scores_one_point_per_opponent(n, gain):
    state = run(hand_of(n, lone_deal(n)), hearts_by(1, n) + ", alone")
    scored = play_out(state)
    assert scored.outcome == "lone march"
    assert scored.points == tuple(gain if s == L else 0 for s in range(n))


def test_a_lone_march_in_transfer_mode_takes_a_point_from_each_opponent():
    state = hand_of(5, lone_deal(5), options={"call-ace.lone_march_mode": "transfer"})
    scored = play_out(run(state, hearts_by(1) + ", alone"))
    assert scored.points == (-1, 4, -1, -1, -1)
    assert sum(scored.points) == 0


def test_an_undealt_called_ace_scores_as_a_lone_hand_by_default():
    state = run(hand_of(4, lone_deal(4)), hearts_by(1, 4) + ", call-ace S")
    assert state.teams.makers == {L}
    scored = play_out(state)
    assert (scored.outcome, scored.points) == ("lone march", (0, 3, 0, 0))
    assert not any(isinstance(e, PartnerRevealed) for e in state.events)


def test_an_undealt_called_ace_scores_as_a_partnership_of_one_if_chosen():
    state = hand_of(4, lone_deal(4), options={"call-ace.ace_not_held_scoring": "as_partnership"})
    scored = play_out(run(state, hearts_by(1, 4) + ", call-ace S"))
    assert (scored.outcome, scored.points) == ("march", (0, 2, 0, 0))


@pytest.mark.parametrize("n", [4, 5, 6])
def test_a_lone_maker_is_named_in_the_hand_record(n):
    """Nobody sits out in call-ace, yet the record of the hand (``HandScored.alone``)
    names the maker who played alone."""
    state = run(hand_of(n, lone_deal(n)), hearts_by(1, n) + ", alone")
    assert state.teams is not None and not state.teams.sitting_out
    assert not state.teams.is_alone(L)  # named once every card is played, not at the lead
    scored = play_out(state)
    assert scored.outcome == "lone march"
    assert scored.alone == (L,)
    assert state.teams.is_alone(L)
    assert not any(state.teams.is_alone(s) for s in range(n) if s != L)


def test_a_hidden_lone_hand_is_named_at_the_end_and_a_partnership_never():
    undealt = play_out(run(hand_of(4, lone_deal(4)), hearts_by(1, 4) + ", call-ace S"))
    assert (undealt.outcome, undealt.alone) == ("lone march", (L,))  # scored as lone
    one = hand_of(4, lone_deal(4), options={"call-ace.ace_not_held_scoring": "as_partnership"})
    assert play_out(run(one, hearts_by(1, 4) + ", call-ace S")).alone == ()
    pair = run(hand_of(5, group_deal((1, 3, 1, 1, 3))), hearts_by(1) + ", call-ace C")
    play_groups(pair)
    assert (pair.hand_records[-1].outcome, pair.hand_records[-1].alone) == ("march", ())


def test_compare_counts_call_ace_lone_hands():
    from euchre_core.analysis.compare import compare

    c = compare(["call-ace"], hands=120, bots=["random"], seed=5)
    records = c.hands[0]
    lone = [h for h in records if h.outcome.startswith("lone")]
    contracts = [h for h in records if h.makers]
    assert lone and all(h.alone == (h.maker,) for h in lone)
    assert all(not h.alone for h in records if not h.outcome.startswith("lone"))
    by_name = {m.name: m.values[0] for m in c.metrics}
    attempts, success = by_name["lone_attempts_per_hand"], by_name["lone_success_rate"]
    assert attempts is not None and success is not None
    assert attempts.value == pytest.approx(len(lone) / len(contracts))
    assert success.value == pytest.approx(sum(bool(h.made) for h in lone) / len(lone))


def test_bradwilson_scoring_gives_five_for_a_lone_march():
    state = hand_of(5, lone_deal(5), options={"call-ace.scoring": "bradwilson"})
    scored = play_out(run(state, hearts_by(1) + ", alone"))
    assert scored.points == (0, 5, 0, 0, 0)


@pytest.mark.parametrize(
    ("winners", "points"),
    [
        ((1, 3, 1, 1, 3), (0, 2, 0, 2, 0)),
        ((1, 3, 0, 2, 1), (0, 1, 0, 1, 0)),
        ((0, 3, 2, 4, 1), (2, 0, 2, 0, 2)),
    ],
)
def test_bradwilson_scoring_of_a_partnership(winners, points):
    state = hand_of(5, group_deal(winners), options={"call-ace.scoring": "bradwilson"})
    run(state, hearts_by(1) + ", call-ace C")
    play_groups(state)
    assert state.hand_records[-1].points == points


def test_point_values_are_options():
    opts = {"call-ace.points_make_each": 3, "call-ace.points_euchre_each_opponent": 4}
    made = hand_of(5, group_deal((1, 3, 0, 2, 1)), options=opts)
    run(made, hearts_by(1) + ", call-ace C")
    play_groups(made)
    assert made.hand_records[-1].points == (0, 3, 0, 3, 0)
    failed = hand_of(5, group_deal((0, 3, 2, 4, 1)), options=opts)
    run(failed, hearts_by(1) + ", call-ace C")
    play_groups(failed)
    assert failed.hand_records[-1].points == (4, 0, 4, 0, 4)


# ---------------------------------------------------------------------------------------
# §6 End of game
# ---------------------------------------------------------------------------------------


def euchred_game(scores: Sequence[int], **options: object) -> State:
    """A five-seat game whose first hand is a euchre: seats 0, 2 and 4 gain 2 each."""
    state = new_game(
        "call-ace",
        players=5,
        deals=[group_deal((0, 3, 2, 4, 1))],
        dealer=D,
        scores=scores,
        options=options,
    )
    run(state, hearts_by(1) + ", call-ace C")
    play_groups(state)
    return state


def test_the_first_to_reach_ten_wins():
    state = euchred_game([8, 0, 5, 0, 0])
    assert state.is_over and state.result.winners == (0,)


def test_several_past_the_target_the_highest_wins():
    state = euchred_game([8, 0, 9, 0, 0])
    assert state.is_over and state.result.winners == (2,)


def test_several_past_the_target_with_equal_totals_play_on():
    state = euchred_game([8, 0, 8, 0, 0])
    assert not state.is_over
    assert state.hand_number == 1 and state.scores[0] == state.scores[2] == 10


def test_shared_win_lets_everyone_past_the_target_win():
    state = euchred_game([8, 0, 8, 0, 9], **{"standard.simultaneous_target": "shared_win"})
    assert state.is_over and state.result.winners == (0, 2, 4)


# ---------------------------------------------------------------------------------------
# The bot's advice
# ---------------------------------------------------------------------------------------


def test_bot_calls_an_ace_it_does_not_hold():
    deal = deal_of(4, {D: "9H 8S 8D 7D 9C", L: "JH JD KH 7S 7C"}, up="QH")
    state = run(hand_of(4, deal), "order, discard 7D")
    action, why = euchre_bot_advice(state.view(L), state.legal_actions())
    assert isinstance(action, CallAce) and action in state.legal_actions()
    assert card("A" + action.suit.value) not in state.hands[L]
    assert why


def test_bot_goes_alone_with_a_lay_down_hand():
    state = run(hand_of(5, lone_deal(5)), hearts_by(1))
    action, _ = euchre_bot_advice(state.view(L), state.legal_actions())
    assert action == GoAlone()


def test_bot_as_hidden_partner_keeps_the_called_ace_when_the_maker_wins():
    deal = deal_of(4, FULL, up="QH")
    state = run(hand_of(4, deal), "order, discard 7D, call-ace S, play JH, play TD")
    assert state.to_act == 3
    action, _ = euchre_bot_advice(state.view(3), state.legal_actions())
    assert action != Play(card("AS"))


def test_bot_as_hidden_partner_wins_with_the_called_ace_when_it_helps():
    deal = deal_of(4, FULL, up="QH")
    state = run(hand_of(4, deal), "order, discard 7D, call-ace S, play 7S, play 8S")
    action, _ = euchre_bot_advice(state.view(3), state.legal_actions())
    assert action == Play(card("AS"))


def test_bot_advice_is_always_legal_in_seeded_games():
    rng = random.Random(11)
    for n in (4, 5, 6):
        state = new_game(
            "call-ace", seed=f"advice{n}", players=n, options=["standard.target_score=5"]
        )
        while not state.is_over:
            legal = state.legal_actions()
            advice = euchre_bot_advice(state.view(state.to_act), legal)
            if advice is not None:
                assert advice[0] in legal
                state.apply(advice[0])
            else:
                state.apply(rng.choice(legal))


# ---------------------------------------------------------------------------------------
# Simulation, records, invariants
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [4, 5, 6])
def test_simulate_works_for_four_five_and_six_players(players):
    res = simulate("call-ace", games=3, players=players, seed=2)
    assert res.seats == players and len(res.games) == 3
    for g in res.games:
        assert g.winners and all(g.scores[w] >= 10 for w in g.winners)
    res = simulate("call-ace", hands=30, players=players, seed=2)
    assert len(res.hands) == 30


def test_a_saved_game_replays_to_the_same_scores():
    state = new_game("call-ace-5", seed=9)
    rng = random.Random(9)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    again = replay(record_of(state))
    assert again.scores == state.scores and again.result == state.result


#: Actions to try where they are not legal, on top of the testing kit's own.
WRONG = [Play(c) for c in PACK32] + [
    parse_action(t) for t in ("pass", "order", "alone", "call-ace S", "call H", "discard 7C")
]


def call_ace_checks() -> Callable[[State], None]:
    """What call-ace promises beyond the testing kit's checks (which see to the pack, the
    tricks, legal and illegal actions and the scores): no legal action has a reason
    against it, a hand played has five tricks, and the game ends as §6 says."""
    seen = 0

    def check(state: State) -> None:
        nonlocal seen
        for a in state.legal_actions():
            assert state.can(a) and state.why_not(a) is None
        for h in state.hand_records[seen:]:
            if h.outcome != "passed out":
                assert sum(h.tricks) == 5
        seen = len(state.hand_records)
        if state.is_over:
            check_end(state)

    return check


def playouts(players: int, hands: int, seed: int, fork_rate: float = 0.0) -> int:
    """Random games until ``hands`` hands were played, through the testing kit's
    conformance checks and :func:`call_ace_checks`; every legal action is also applied on
    a copy at ``fork_rate``. Returns the number of hands played."""
    report = check_variant(
        "call-ace",
        players=players,
        hands=hands,
        seed=seed,
        fork_rate=fork_rate,
        candidates=WRONG,
        illegal_tries=1,
        extra_check=call_ace_checks(),
    )
    return report.hands


def check_end(state: State) -> None:
    target = state.table.target
    res = state.result
    assert res is not None and res.winners
    best = max(state.scores)
    assert all(state.scores[w] >= target for w in res.winners)
    if state.options["standard"]["simultaneous_target"] == "highest_wins_else_continue":
        assert len(res.winners) == 1 and state.scores[res.winners[0]] == best
    last = state.hand_records[-1]
    earlier = [s - p for s, p in zip(last.scores, last.points, strict=True)]
    reached = [s for s in range(state.seats) if earlier[s] >= target]
    tops = [s for s in reached if earlier[s] == max(earlier)]
    assert len(tops) != 1, "the game went on after a player won"


@pytest.mark.parametrize("players", [4, 5, 6])
def test_random_playouts_hold_the_invariants_quick(players):
    assert playouts(players, 200, seed=players, fork_rate=1 / 97) >= 200


@pytest.mark.slow
@pytest.mark.parametrize("players", [4, 5, 6])
def test_random_playouts_hold_the_invariants(players):
    assert playouts(players, 5000, seed=100 + players) >= 5000

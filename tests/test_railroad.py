"""Railroad euchre (``railroad.md``: its edge cases RR-EC-01 to RR-EC-08, the options, a
perft count, conformance, a watched game).

Seats are numbered from the dealer: D = 0 (dealer), L = 1 (eldest), P = 2 (the dealer's
partner), R = 3. Partnerships are {0, 2} and {1, 3}. Deals use the 25-card pack (9 to A
and the joker, ``JK``).
"""

from __future__ import annotations

import copy
import random

import pytest
from helpers import D, L, P, R, make_deal, run

from euchre_core import IllegalActionError, State, new_game, new_hand
from euchre_core.actions import DISCARD, Call, DefendAlone, Give, Pass
from euchre_core.cards import JOKER, Suit, pack
from euchre_core.config import load_variant
from euchre_core.errors import ConfigError
from euchre_core.events import CardGiven, GameWon, PlayStarted
from euchre_core.model import Phase
from euchre_core.testing import check_variant

PACK = pack("9", jokers=1)


def deal(hands: dict[int, str], up: str, kitty: str | None = None):
    return make_deal(hands, up=up, kitty=kitty, deck=PACK)


def hand(hands: dict[int, str], up: str, *options: str, kitty: str | None = None) -> State:
    return new_hand("railroad", deal(hands, up, kitty), dealer=D, options=list(options))


def legal(state: State) -> set[str]:
    return {str(a) for a in state.legal_actions()}


def plays(state: State) -> set[str]:
    return {str(a).removeprefix("play ") for a in state.legal_actions()}


def random_finish(state: State, seed: int) -> State:
    """Play the rest of the hand with random legal actions."""
    rng = random.Random(seed)
    s = copy.deepcopy(state)
    while s.phase is not Phase.GAME_OVER:
        s.apply(rng.choice(s.legal_actions()))
    return s


# ---------------------------------------------------------------------------------------
# RR-EC-01 The joker led is a trump lead
# ---------------------------------------------------------------------------------------

EC01 = {
    L: "JK TS JS QS KS",
    P: "JC AH KH QD 9D",
    R: "AD KD TC 9H QH",
    D: "9S AC KC QC TD",
}


def test_the_joker_led_is_a_trump_lead_and_the_left_bower_must_follow() -> None:
    s = hand(EC01, "TH")
    run(s, "pass, pass, pass, pass, call S, play JK")
    assert plays(s) == {"JC"}, "the left bower is a spade"
    run(s, "play JC")
    assert plays(s) == {"AD", "KD", "TC", "9H", "QH"}, "no trump: any card"
    run(s, "play 9H")
    assert plays(s) == {"9S"}
    run(s, "play 9S")
    assert s.tricks[0].winner == L


# ---------------------------------------------------------------------------------------
# RR-EC-02 The joker turned up
# ---------------------------------------------------------------------------------------


def test_a_turned_joker_proposes_hearts_and_the_dealer_takes_it() -> None:
    s = hand({}, "JK")
    run(s, "pass, pass, pass, order")
    assert s.contract is not None and s.contract.trump is Suit.HEARTS and s.contract.maker == D
    assert JOKER in s.hands[D]
    assert s.decision is not None and s.decision.kind == "discard"
    assert f"discard {JOKER.code}" not in legal(s), "the joker may not be discarded"
    with pytest.raises(IllegalActionError):
        s.apply(DISCARD[JOKER.index])


def test_a_turned_down_joker_bars_its_suit_in_round_2_and_stays_out() -> None:
    s = hand({}, "JK")
    run(s, "pass, pass, pass, pass")
    for _ in range(4):
        calls = {a.suit for a in s.legal_actions() if isinstance(a, Call)}
        assert calls == {Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS}
        assert any(isinstance(a, Pass) for a in s.legal_actions())
        assert any(isinstance(a, Call) and a.alone for a in s.legal_actions())
        with pytest.raises(IllegalActionError, match="hearts cannot be named"):
            s.apply(Call(Suit.HEARTS))
        run(s, "pass")
    assert s.phase is Phase.GAME_OVER, "all eight passed: the hand is void"


def test_the_proposed_suit_is_an_option() -> None:
    s = hand({}, "JK", "railroad.joker_upcard_suit=spades")
    run(s, "order")
    assert s.contract is not None and s.contract.trump is Suit.SPADES


def test_dealer_names_blind_when_the_joker_is_turned_up() -> None:
    s = hand({}, "JK", "railroad.joker_upcard=dealer_names_blind")
    assert s.phase is Phase.PREPARE and s.to_act == D
    assert s.view(D).hand == (), "the dealer has not looked at the hand"
    assert legal(s) == {"call C", "call D", "call H", "call S"}
    run(s, "call C")
    assert s.contract is not None and s.contract.maker == D and s.contract.trump is Suit.CLUBS
    assert not s.bids, "no bidding"
    assert JOKER in s.hands[D] and f"discard {JOKER.code}" not in legal(s)
    run(s, f"discard {s.hands[D][0].code}")
    assert s.phase is Phase.PLAY
    assert s.teams is not None and s.teams.makers == frozenset((D, P))


# ---------------------------------------------------------------------------------------
# RR-EC-03 / RR-EC-04 Lone maker calls for best; lone defender
# ---------------------------------------------------------------------------------------

EC03 = {L: "JS AS 9H KD QC", R: "AH KH QH 9D 9C", P: "JC KS AD QD TC", D: "JH TH AC KC JD"}


def lone_l(*options: str) -> State:
    """Up-card 10 of spades; L orders up alone; D takes it and discards."""
    s = hand(EC03, "TS", *options)
    run(s, "order alone")
    assert s.to_act == D and s.decision is not None and s.decision.kind == "discard"
    run(s, "discard JD")
    return s


def after_exchange(s: State) -> State:
    """L calls for best, discards 9H; R passes AH face down."""
    assert s.to_act == L and legal(s) == {"best", "pass"}
    run(s, "best")
    assert s.to_act == L and s.decision is not None and s.decision.kind == "discard"
    run(s, "discard 9H")
    assert s.to_act == R and s.decision is not None and s.decision.kind == "give"
    run(s, "give AH")
    assert len(s.hands[L]) == 5 and "AH" in {c.code for c in s.hands[L]}
    return s


def expected_lone_score(tricks: int, euchre: int = 2) -> tuple[int, int]:
    """(L+R, D+P) points of a lone hand by L with partner's best, by tricks."""
    if tricks == 5:
        return (4, 0)
    if tricks >= 3:
        return (1, 0)
    return (0, euchre)


def test_a_lone_maker_calls_for_best_then_the_defenders_are_asked_in_turn() -> None:
    s = after_exchange(lone_l())
    given = [e for e in s.events if isinstance(e, CardGiven)]
    assert given and given[-1].giver == R and given[-1].receiver == L
    for seat in (P, D):
        view = s.view(seat)
        seen = [e for e in view.events if isinstance(e, CardGiven)]
        assert seen and seen[-1].card is None, "the opponents do not see the passed card"
    assert s.to_act == P and legal(s) == {"defend alone", "pass"}
    run(s, "pass")
    assert s.to_act == D and legal(s) == {"defend alone", "pass"}
    run(s, "pass")
    assert s.phase is Phase.PLAY and s.leader == L
    started = [e for e in s.events if isinstance(e, PlayStarted)][-1]
    assert set(started.active) == {L, P, D}


@pytest.mark.parametrize("euchre", [2, 4])
def test_a_lone_hand_with_partners_best_scores_4_1_or_the_euchre(euchre: int) -> None:
    s = after_exchange(lone_l(f"standard.lone_euchre_points={euchre}"))
    run(s, "pass, pass")
    seen: set[int] = set()
    for seed in range(60):
        done = random_finish(s, seed)
        t = done.hand_records[-1].tricks[L]
        seen.add(min(t, 3) if t < 5 else 5)
        lr, dp = expected_lone_score(t, euchre)
        assert (done.scores[L], done.scores[D]) == (lr, dp), t
    assert seen >= {3, 5}, "the sample shows a make and a march"


def test_a_lone_defender_calls_for_best_and_plays_one_against_one() -> None:
    s = after_exchange(lone_l())
    run(s, "defend alone")
    assert s.to_act == P and legal(s) == {"best", "pass"}, "the lone defender may call too"
    run(s, "best")
    assert s.to_act == P and s.decision is not None and s.decision.kind == "discard"
    run(s, "discard TC")
    assert s.to_act == D and s.decision is not None and s.decision.kind == "give"
    assert "give TS" in legal(s), "the dealer may pass the up-card he took"
    assert {a.card for a in s.legal_actions() if isinstance(a, Give)} == set(s.hands[D])
    run(s, "give TS")
    assert s.phase is Phase.PLAY and s.leader == L
    assert set(s.active) == {L, P}
    outcomes: set[str] = set()
    for seed in range(60):
        done = random_finish(s, seed)
        t = done.hand_records[-1].tricks[L]
        if t <= 2:
            assert (done.scores[L], done.scores[D]) == (0, 4)
            outcomes.add("euchre")
        elif t < 5:
            assert (done.scores[L], done.scores[D]) == (1, 0)
            outcomes.add("make")
        else:
            assert (done.scores[L], done.scores[D]) == (4, 0)
    assert outcomes == {"euchre", "make"}


# ---------------------------------------------------------------------------------------
# RR-EC-05 The order of the exchange
# ---------------------------------------------------------------------------------------

EC05 = {L: "AS KS QS 9H 9D", R: "JC AH KH QH TH"}


def test_discard_then_receive_offers_only_the_lone_players_own_cards() -> None:
    s = hand(EC05, "9C")
    run(s, "pass, pass, pass, pass, call S alone, best")
    assert legal(s) == {f"discard {c}" for c in ("AS", "KS", "QS", "9H", "9D")}
    run(s, "discard 9D, give JC")
    assert sorted(c.code for c in s.hands[L]) == sorted(["AS", "KS", "QS", "9H", "JC"])


def test_receive_then_discard_lets_the_lone_player_throw_any_of_six() -> None:
    s = hand(EC05, "9C", "railroad.best_exchange_order=receive_then_discard")
    run(s, "pass, pass, pass, pass, call S alone, best, give JC")
    assert len(s.hands[L]) == 6
    assert legal(s) == {f"discard {c}" for c in ("AS", "KS", "QS", "9H", "9D", "JC")}


def test_call_for_best_mandatory_and_off() -> None:
    s = hand(EC05, "9C", "railroad.call_for_best=mandatory")
    run(s, "pass, pass, pass, pass, call S alone")
    assert s.decision is not None and s.decision.kind == "discard" and s.to_act == L
    s = hand(EC05, "9C", "railroad.call_for_best=off")
    run(s, "pass, pass, pass, pass, call S alone")
    assert s.decision is not None and s.decision.kind == "defend", "no exchange: defenders asked"


# ---------------------------------------------------------------------------------------
# RR-EC-06 With a partner: no defending alone, no exchange
# ---------------------------------------------------------------------------------------


def test_against_a_partnership_maker_nobody_defends_alone_and_nothing_is_passed() -> None:
    s = hand(EC03, "TS")
    run(s, "order, discard JD")
    assert s.phase is Phase.PLAY
    assert not any(isinstance(a, (DefendAlone, Give)) for _, a in s.prepare_log)


def test_defending_alone_against_partners_is_an_option() -> None:
    s = hand(EC03, "TS", "railroad.defend_alone_requires_lone_maker=false")
    run(s, "order, discard JD")
    assert s.to_act == P and legal(s) == {"defend alone", "pass"}


def test_defending_alone_off() -> None:
    s = hand(EC03, "TS", "railroad.defend_alone=false")
    run(s, "order alone, discard JD, pass")
    assert s.phase is Phase.PLAY


def test_a_lone_defender_without_a_call_for_best() -> None:
    s = after_exchange(lone_l("railroad.defender_call_for_best=false"))
    run(s, "defend alone")
    assert s.phase is Phase.PLAY and set(s.active) == {L, P}


# ---------------------------------------------------------------------------------------
# RR-EC-07 Laps and slam
# ---------------------------------------------------------------------------------------

EC07 = {P: "JK JS JC AS KS"}


def march_from_8(*options: str) -> State:
    """Target 10, D+P 8, L+R 0: P goes alone on spades in round 2 and marches."""
    s = new_game(
        "railroad",
        deals=[deal(EC07, "9H")],
        dealer=D,
        scores=[8, 0, 8, 0],
        options=["railroad.games_to_win=3", *options],
        seed=1,
    )
    run(s, "pass, pass, pass, pass, pass, call S alone, pass, pass, pass")
    assert s.phase is Phase.PLAY and s.leader == L
    while not s.games and s.phase is not Phase.GAME_OVER:
        s.apply(s.legal_actions()[0])
    return s


def test_a_slam_counts_two_games_and_laps_carry_the_surplus() -> None:
    s = march_from_8()
    won = s.games[-1]
    assert isinstance(won, GameWon) and set(won.winners) == {D, P}
    assert won.scores[D] == 12 and won.scores[L] == 0
    assert won.extra["match"]["counts"] == 2
    assert s.scores == [2, 0, 2, 0]


def test_without_laps_the_next_game_starts_level_and_without_slam_it_counts_one() -> None:
    s = march_from_8("railroad.laps=false")
    assert s.scores == [0, 0, 0, 0] and s.games[-1].extra["match"]["counts"] == 2
    s = march_from_8("railroad.slam=false")
    assert s.games[-1].extra["match"]["counts"] == 1 and s.scores == [2, 0, 2, 0]


def test_a_slam_in_a_best_of_three_wins_the_match() -> None:
    s = new_game("railroad", deals=[deal(EC07, "9H")], dealer=D, scores=[8, 0, 8, 0], seed=1)
    run(s, "pass, pass, pass, pass, pass, call S alone, pass, pass, pass")
    while s.phase is not Phase.GAME_OVER:
        s.apply(s.legal_actions()[0])
    assert s.result is not None and set(s.result.winners) == {D, P}
    assert "a slam" in s.result.reason


# ---------------------------------------------------------------------------------------
# RR-EC-08 The dealer's partner alone: the up-card can be passed
# ---------------------------------------------------------------------------------------


def test_the_dealer_of_a_lone_partner_takes_the_up_card_and_may_pass_it() -> None:
    s = hand({D: "9S AC KC QC TD"}, "JS")
    run(s, "pass, order alone")
    assert s.to_act == D and s.decision is not None and s.decision.kind == "discard"
    assert "discard JS" not in legal(s)
    run(s, "discard 9S, best")
    assert s.to_act == P and s.decision is not None and s.decision.kind == "discard"
    run(s, f"discard {s.hands[P][0].code}")
    assert s.to_act == D
    assert {str(a) for a in s.legal_actions()} == {
        f"give {c}" for c in ("JS", "AC", "KC", "QC", "TD")
    }


def test_with_skips_pickup_the_dealer_passes_only_his_own_five() -> None:
    s = hand({D: "9S AC KC QC TD"}, "JS", "standard.lone_partner_dealer_skips_pickup=true")
    run(s, "pass, order alone, best")
    run(s, f"discard {s.hands[P][0].code}")
    assert s.to_act == D
    assert {str(a) for a in s.legal_actions()} == {
        f"give {c}" for c in ("9S", "AC", "KC", "QC", "TD")
    }


# ---------------------------------------------------------------------------------------
# The pack, options and refusals
# ---------------------------------------------------------------------------------------


def test_the_33_card_pack_has_the_joker_and_the_sevens() -> None:
    table = (
        load_variant("railroad", options=["railroad.deck=deck33_benny"])
        .rules()
        .table(load_variant("railroad", options=["railroad.deck=deck33_benny"]))
    )
    assert len(table.deck) == 33 and JOKER in table.deck


def test_the_pack_is_set_by_railroad_not_standard() -> None:
    with pytest.raises(ConfigError, match=r"railroad\.deck"):
        load_variant("railroad", options=["standard.deck=deck32"])


def test_railroad_cannot_be_stacked_with_the_house_rules_it_bundles() -> None:
    with pytest.raises(ConfigError, match="conflicts"):
        load_variant("railroad", rules=["defend-alone"])


# ---------------------------------------------------------------------------------------
# Perft: every legal action sequence to the end of a fixed hand
# ---------------------------------------------------------------------------------------


def count_sequences(state: State) -> int:
    if state.phase is Phase.GAME_OVER:
        return 1
    total = 0
    for a in state.legal_actions():
        s = copy.deepcopy(state)
        s.apply(a)
        total += count_sequences(s)
    return total


def oracle_count(hands: dict[int, list[str]], order: list[int], trump: str, leader: int) -> int:
    """Play sequences counted from first principles: the joker and the left bower are
    trumps, follow the effective suit led if able, the highest trump (joker, right, left,
    A K Q 10 9) else the highest of the suit led wins and leads next."""
    colour = {"S": "C", "C": "S", "H": "D", "D": "H"}

    def suit(c: str) -> str:
        if c == "JK" or c == "J" + colour[trump]:
            return trump
        return c[1]

    def power(c: str, led: str) -> int:
        if c == "JK":
            return 300
        if c == "J" + trump:
            return 290
        if c == "J" + colour[trump]:
            return 280
        base = 200 if suit(c) == trump else (100 if suit(c) == led else 0)
        return base + "9TJQKA".index(c[0])

    def rec(hs: dict[int, list[str]], lead: int) -> int:
        if not hs[lead]:
            return 1
        seats = order[order.index(lead) :] + order[: order.index(lead)]

        def trick(i: int, played: list[tuple[int, str]]) -> int:
            if i == len(seats):
                led = suit(played[0][1])
                winner = max(played, key=lambda p: power(p[1], led))[0]
                return rec(hs, winner)
            seat = seats[i]
            cs = list(hs[seat])
            if played:
                led = suit(played[0][1])
                follow = [c for c in cs if suit(c) == led]
                cs = follow or cs
            n = 0
            for c in cs:
                hs[seat].remove(c)
                n += trick(i + 1, [*played, (seat, c)])
                hs[seat].append(c)
            return n

        return trick(0, [])

    return rec({s: list(h) for s, h in hands.items()}, leader)


def test_perft_a_lone_hand_against_a_lone_defender_after_the_first_trick() -> None:
    s = after_exchange(lone_l())
    run(s, "defend alone, best, discard TC, give TS, play JS, play JC")
    hands = {seat: [c.code for c in s.hands[seat]] for seat in (L, P)}
    n = count_sequences(s)
    assert n == oracle_count(hands, [L, P], "S", s.leader)
    assert n == 200


def test_perft_three_active_seats_from_a_fixed_position() -> None:
    s = after_exchange(lone_l())
    run(s, "pass, pass, play JS, play JC, play TS")
    hands = {seat: [c.code for c in s.hands[seat]] for seat in (L, P, D)}
    n = count_sequences(s)
    assert n == oracle_count(hands, [L, P, D], "S", s.leader)
    assert n == 1192


# ---------------------------------------------------------------------------------------
# Conformance and a watched game
# ---------------------------------------------------------------------------------------

OPTION_SETS = [
    [],
    ["railroad.joker_upcard=dealer_names_blind", "railroad.deck=deck33_benny"],
    ["railroad.call_for_best=mandatory", "railroad.best_exchange_order=receive_then_discard"],
    ["railroad.call_for_best=off", "railroad.laps=false", "railroad.slam=false"],
    [
        "railroad.defend_alone_requires_lone_maker=false",
        "railroad.defender_call_for_best=false",
        "railroad.joker_upcard_suit=clubs",
    ],
    ["railroad.defend_alone=false", "standard.lone_partner_dealer_skips_pickup=true"],
]


@pytest.mark.parametrize("options", OPTION_SETS, ids=range(len(OPTION_SETS)))
def test_conformance_with_secrecy_and_saves(options: list[str]) -> None:
    report = check_variant("railroad", options=options, hands=120, seed=5)
    assert report.hands >= 120


def test_a_watched_game_of_heuristic_bots_ends_with_a_winner() -> None:
    from euchre_core.analysis.sim import play_game
    from euchre_core.bots.heuristic import HeuristicBot

    bots = [HeuristicBot(seed=i) for i in range(4)]
    state = play_game(load_variant("railroad"), 11, bots)
    assert state.result is not None and state.result.winners


# ---------------------------------------------------------------------------------------
# euchre compare
# ---------------------------------------------------------------------------------------


def test_railroad_pairs_with_euchre_and_the_benny_on_the_same_pack() -> None:
    from euchre_core.analysis.compare import compare, pairing

    benny = load_variant("standard", rules=["benny"], options=["standard.deck=deck25_benny"])
    ok, why = pairing(benny, load_variant("railroad"))
    assert ok, why
    ok, why = pairing(load_variant("standard"), load_variant("railroad"))
    assert not ok and "pack" in why
    c = compare(
        ["railroad:railroad.call_for_best=off", "railroad"], hands=60, bots=["random"], seed=2
    )
    assert c.all_paired


def test_a_lone_defender_euchre_worth_more_pays_the_defenders_more() -> None:
    from euchre_core.analysis.compare import compare

    c = compare(
        [
            "railroad:railroad.lone_defender_euchre_points=4",
            "railroad:railroad.lone_defender_euchre_points=8",
        ],
        hands=400,
        bots=["random"],
        seed=3,
    )
    d = next(m for m in c.metrics if m.name == "defender_points_per_hand").differences[1]
    assert d is not None and d.value > 0


# ---------------------------------------------------------------------------------------
# The search bot's samples, and the words at the table
# ---------------------------------------------------------------------------------------


def test_samples_keep_the_passed_card_known_to_the_partners_only() -> None:
    from euchre_core.bots.sampling import Sampler

    s = after_exchange(lone_l())
    run(s, "pass, pass")
    for seat in (L, R, P):
        sampler = Sampler(s.view(seat))
        hands = [sampler.sample(random.Random(i)).deal.hands for i in range(4)]
        if seat == R:
            assert all(cards_of(h[R], "AH") for h in hands), "R was dealt the card R passed"
    view = s.view(P)
    assert "AH" not in {c.code for c in view.hand}


def cards_of(hand, code: str) -> bool:
    return code in {c.code for c in hand}


def test_the_railroad_decisions_are_offered_in_plain_words() -> None:
    from euchre_plugins.railroad import CALL_BEST
    from euchre_plugins.railroad_words import action_words, describe_event

    from euchre_core.actions import PASS

    s = lone_l()
    view = s.view(L)
    assert action_words(view, CALL_BEST).say == "call for your partner's best card"
    assert action_words(view, PASS).say == "play without your partner's card"
    run(s, "best")
    from euchre_core.events import Declared

    said = describe_event(Declared(L, CALL_BEST), s.view(P))
    assert said == "{1} calls for their partner's best card"
    assert (
        describe_event(Declared(L, CALL_BEST), s.view(L)) == "You call for your partner's best card"
    )


def test_a_lone_player_who_declines_the_best_card_is_told_so() -> None:
    from euchre_plugins.railroad_words import describe_event

    from euchre_core.events import Declared

    s = lone_l()
    run(s, "pass")
    assert describe_event(Declared(L, Pass()), s.view(P)) == (
        "{1} plays without their partner's best card"
    )
    assert describe_event(Declared(P, Pass()), s.view(L)) is None, "a defender's pass"

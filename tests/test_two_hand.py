"""Two-hand euchre (``variants/two-hand.toml``, plugin ``two-hand``).

Cases from ``shared/rules/two_hand.md`` and ``edge_cases.md`` H (EC-40, EC-41). Seat 0
deals in every fixed hand, so seat 1 is N, the non-dealer. This module also holds the
seeded random playout checker that ``test_cutthroat.py`` reuses.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from euchre_core.actions import (
    DISCARD,
    ORDER,
    ORDER_ALONE,
    PASS,
    PLAY,
    Action,
    Call,
    Decline,
    DefendAlone,
    GoAlone,
    PickUp,
)
from euchre_core.analysis.sim import simulate
from euchre_core.cards import JOKER, SUITS, Card, card, cards
from euchre_core.errors import ConfigError, IllegalActionError
from euchre_core.model import Deal, Phase
from euchre_core.state import State, new_game, new_hand
from euchre_core.testing import check_variant

D, N = 0, 1

# ---------------------------------------------------------------------------------------
# Helpers (also used by test_cutthroat.py)
# ---------------------------------------------------------------------------------------


def make_deal(hands: Sequence[str], up: str | None, deck: Sequence[Card], head: str = "") -> Deal:
    """A deal from hands written as codes; the kitty is ``head`` (e.g. a cutthroat
    dummy) then the rest of ``deck`` in order."""
    given = [cards(h) for h in hands]
    first = cards(head)
    upcard = card(up) if up else None
    used = {c for h in given for c in h} | set(first) | ({upcard} if upcard else set())
    rest = [c for c in deck if c not in used]
    return Deal.of(given, [*first, *rest], upcard)


def act(state: State, *texts: str) -> None:
    """Apply actions written as text, in order."""
    for t in texts:
        state.apply_text(t)


def plays(codes: str) -> list[str]:
    """``"JH 9H"`` -> ``["play JH", "play 9H"]``."""
    return [f"play {c}" for c in codes.split()]


def pack_of(variant: str, **options: Any) -> tuple[Card, ...]:
    rules = ["benny"] if "benny" in str(options.get("standard.deck", "")) else []
    return new_game(variant, seed=0, options=options, rules=rules).table.deck


def deal24(hands: Sequence[str], up: str | None) -> Deal:
    return make_deal(hands, up, pack_of("two-hand"))


def candidate_actions(deck: Sequence[Card], extra: Sequence[Action] = ()) -> list[Action]:
    """Every action a seat could try in these games, legal or not."""
    out: list[Action] = [PASS, ORDER, ORDER_ALONE, PickUp(), Decline(), GoAlone(), DefendAlone()]
    for s in (*SUITS, None):
        out += [Call(s), Call(s, True)]
    for c in deck:
        out += [PLAY[c.index], DISCARD[c.index]]
    out.extend(extra)
    return out


def ends_when(ends_ok: Callable[[State], bool]) -> Callable[[State], None]:
    """A check for :func:`~euchre_core.testing.check_variant`: the game is over exactly
    when ``ends_ok`` says a player has won, and then with winners, all at the target."""

    def check(state: State) -> None:
        assert ends_ok(state) == state.is_over, (
            f"scores {state.scores}: the game {'ended' if state.is_over else 'went on'}"
        )
        if state.is_over:
            result = state.result
            assert result is not None and result.winners, "a game over without a winner"
            assert all(state.scores[w] >= state.table.target for w in result.winners)

    return check


def single_winner_ends(state: State) -> bool:
    """Two-hand: the game is over as soon as a player is at or above the target."""
    return any(s >= state.table.target for s in state.scores)


# ---------------------------------------------------------------------------------------
# The table
# ---------------------------------------------------------------------------------------


def test_two_players_each_for_themselves() -> None:
    s = new_game("two-hand", seed=1)
    assert s.seats == 2
    assert s.table.partnerships is None
    assert s.table.target == 10
    assert s.table.hand_size == 5


@pytest.mark.parametrize(
    ("deck", "size", "kitty"),
    [("deck24", 24, 13), ("deck32", 32, 21), ("deck25_benny", 25, 14)],
)
def test_deck_sizes_and_kitty_counts(deck: str, size: int, kitty: int) -> None:
    """Joker packs come with the benny rule, which says what the joker does."""
    rules = ["benny"] if deck == "deck25_benny" else []
    s = new_game("two-hand", seed=3, options={"standard.deck": deck}, rules=rules)
    assert len(s.table.deck) == size
    assert [len(h) for h in s.hands] == [5, 5]
    assert s.upcard is not None
    assert len(s.kitty) == kitty
    assert (JOKER in s.table.deck) == (deck == "deck25_benny")


def test_pack_without_8s_9s_is_ace_king_queen_jack_ten_seven() -> None:
    s = new_game("two-hand", seed=3, options={"two-hand.pack_without_8s_9s": True})
    assert sorted({c.rank for c in s.table.deck}) == sorted(["A", "K", "Q", "J", "T", "7"])
    assert len(s.table.deck) == 24
    assert len(s.kitty) == 13


def test_pack_without_8s_9s_refuses_another_deck() -> None:
    with pytest.raises(ConfigError, match="pack_without_8s_9s"):
        new_game(
            "two-hand",
            options={"two-hand.pack_without_8s_9s": True, "standard.deck": "deck32"},
        )


def test_two_hand_refuses_three_players() -> None:
    with pytest.raises(ConfigError, match="2 players"):
        new_game("two-hand", players=3)


def test_two_hand_refuses_defend_alone() -> None:
    with pytest.raises(ConfigError):
        new_game("two-hand", rules=["defend-alone"])


# ---------------------------------------------------------------------------------------
# Bidding
# ---------------------------------------------------------------------------------------

#: N strong in hearts, D weak; up-card 9H.
EC40 = deal24(["AC AS 9C TC QS", "JH JD AH KS QD"], "9H")


def test_N_speaks_first_then_the_dealer_twice_round() -> None:
    s = new_hand("two-hand", EC40, dealer=D)
    seats = []
    while s.phase is Phase.BIDDING:
        seats.append(s.to_act)
        s.apply(PASS)
    assert seats == [N, D, N, D]


def test_no_lone_hands_are_offered() -> None:
    s = new_hand("two-hand", EC40, dealer=D)
    assert set(s.legal_actions()) == {PASS, ORDER}
    with pytest.raises(IllegalActionError):
        s.apply(ORDER_ALONE)
    act(s, "pass", "pass")
    assert not any(getattr(a, "alone", False) for a in s.legal_actions())
    with pytest.raises(IllegalActionError):
        s.apply_text("call S alone")


def test_barred_suit_cannot_be_named_in_round_2() -> None:
    s = new_hand("two-hand", EC40, dealer=D)
    act(s, "pass", "pass")
    assert Call(SUITS[2]) not in s.legal_actions()  # hearts, the turned-down suit
    with pytest.raises(IllegalActionError, match="turned down"):
        s.apply_text("call H")
    s2 = new_hand(
        "two-hand", EC40, dealer=D, options={"standard.round2_exclude_turned_suit": False}
    )
    act(s2, "pass", "pass", "call H")
    assert s2.contract is not None and s2.contract.maker == N


def test_EC41_pass_out_redeals_and_N_becomes_dealer() -> None:
    s = new_game("two-hand", deals=[EC40, EC40], dealer=D)
    act(s, "pass", "pass", "pass", "pass")
    assert s.hand_number == 1
    assert s.dealer == N
    assert s.scores == [0, 0]
    assert s.hand_records[0].outcome == "passed out"


def test_redeal_same_dealer_keeps_the_deal() -> None:
    s = new_game(
        "two-hand",
        deals=[EC40, EC40],
        dealer=D,
        options={"standard.all_pass": "redeal_same_dealer"},
    )
    act(s, "pass", "pass", "pass", "pass")
    assert s.hand_number == 1
    assert s.dealer == D


def test_stick_the_dealer_forbids_the_dealers_last_pass() -> None:
    s = new_game("two-hand", deals=[EC40], dealer=D, rules=["stick-the-dealer"])
    act(s, "pass", "pass", "pass")
    assert s.to_act == D
    assert PASS not in s.legal_actions()
    assert Call(SUITS[2]) not in s.legal_actions()
    with pytest.raises(IllegalActionError, match="stuck"):
        s.apply(PASS)
    act(s, "call S")
    assert s.contract is not None and s.contract.maker == D


# ---------------------------------------------------------------------------------------
# The dealer's exchange
# ---------------------------------------------------------------------------------------


def test_mandatory_pickup_after_N_orders() -> None:
    s = new_hand("two-hand", EC40, dealer=D)
    act(s, "order")
    assert s.contract is not None and s.contract.maker == N
    assert s.to_act == D
    assert s.decision is not None and s.decision.kind == "discard"
    assert card("9H") in s.hands[D] and len(s.hands[D]) == 6
    assert DISCARD[card("9H").index] not in s.legal_actions()


def test_discard_may_be_upcard_offers_it() -> None:
    s = new_hand("two-hand", EC40, dealer=D, options={"standard.discard_may_be_upcard": True})
    act(s, "order")
    assert DISCARD[card("9H").index] in s.legal_actions()


def test_optional_pickup_lets_the_ordered_dealer_leave_the_upcard() -> None:
    s = new_hand("two-hand", EC40, dealer=D, options={"standard.dealer_pickup": "optional"})
    act(s, "order")
    assert s.decision is not None and s.decision.kind == "pickup"
    assert set(s.legal_actions()) == {PickUp(), Decline()}
    act(s, "decline")
    assert s.phase is Phase.PLAY
    assert s.contract is not None and s.contract.trump is SUITS[2]
    assert card("9H") not in s.hands[D] and not s.upcard_taken


def test_optional_pickup_a_dealer_who_accepts_takes_the_card() -> None:
    s = new_hand("two-hand", EC40, dealer=D, options={"standard.dealer_pickup": "optional"})
    act(s, "pass", "order")
    assert s.decision is not None and s.decision.kind == "discard"
    assert card("9H") in s.hands[D]


# ---------------------------------------------------------------------------------------
# Play and scoring
# ---------------------------------------------------------------------------------------


def test_EC40_N_leads_after_the_dealer_takes_up_and_a_euchre_scores_2() -> None:
    s = new_hand("two-hand", EC40, dealer=D)
    act(s, "pass", "order", "discard QS")
    assert s.to_act == N and s.leader == N
    act(s, "play JH", "play 9H", "play JD", "play 9C", "play AH", "play TC")
    act(s, "play KS", "play AS", "play AC", "play QD")
    assert s.tricks_won == [2, 3]
    assert s.hand_records[-1].outcome == "euchre"
    assert s.scores == [0, 2]


def test_N_leads_when_the_dealer_names_trump_in_round_2() -> None:
    s = new_hand("two-hand", EC40, dealer=D)
    act(s, "pass", "pass", "pass", "call C")
    assert s.phase is Phase.PLAY and s.to_act == N


#: Up-card 9D refused by both; N names hearts in round 2.
MAKE3 = deal24(["AC AS KC KS QC", "JH JD AH 9C 9S"], "9D")
MAKE4 = deal24(["AS AC KC QC TC", "JH JD AH KH 9S"], "9D")
MARCH = deal24(["AS AC KC QC TC", "JH JD AH KH QH"], "9D")


@pytest.mark.parametrize(
    ("deal", "sequence", "tricks", "points", "outcome"),
    [
        (
            MAKE3,
            "JH QC JD KS AH KC 9C AC AS 9S",
            [2, 3],
            [0, 1],
            "make",
        ),
        (MAKE4, "JH TC JD QC AH KC KH AC 9S AS", [1, 4], [0, 1], "make"),
        (MARCH, "JH TC JD QC AH KC KH AC QH AS", [0, 5], [0, 2], "march"),
    ],
)
def test_scoring_1_for_3_or_4_tricks_2_for_a_march(
    deal: Deal, sequence: str, tricks: list[int], points: list[int], outcome: str
) -> None:
    s = new_hand("two-hand", deal, dealer=D)
    act(s, "pass", "pass", "call H")
    act(s, *plays(sequence))
    assert s.tricks_won == tricks
    assert s.hand_records[-1].outcome == outcome
    assert s.scores == points


def test_game_to_10_ends_when_a_player_reaches_it() -> None:
    s = new_game("two-hand", deals=[MAKE3], dealer=D, scores=[3, 9])
    act(s, "pass", "pass", "call H")
    act(s, *plays("JH QC JD KS AH KC 9C AC AS 9S"))
    assert s.is_over
    assert s.result is not None and s.result.winners == (N,)
    assert s.scores == [3, 10]


def test_target_5_is_an_option() -> None:
    s = new_game(
        "two-hand", deals=[MARCH], dealer=D, scores=[0, 3], options={"standard.target_score": 5}
    )
    act(s, "pass", "pass", "call H")
    act(s, *plays("JH TC JD QC AH KC KH AC QH AS"))
    assert s.is_over and s.scores == [0, 5]


# ---------------------------------------------------------------------------------------
# The joker turned up
# ---------------------------------------------------------------------------------------


def test_joker_packs_need_the_benny_rule() -> None:
    with pytest.raises(ConfigError, match="benny"):
        new_game("two-hand", seed=1, options={"standard.deck": "deck25_benny"})


def test_joker_turned_up_makes_the_dealer_name_trump_and_take_it() -> None:
    deck = pack_of("two-hand", **{"standard.deck": "deck25_benny"})
    deal = make_deal(["AC AS 9C TC QS", "JH JD AH KS QD"], "JK", deck)
    s = new_hand(
        "two-hand", deal, dealer=D, options={"standard.deck": "deck25_benny"}, rules=["benny"]
    )
    assert s.to_act == D
    assert set(s.legal_actions()) == {Call(x) for x in SUITS}
    with pytest.raises(IllegalActionError, match="Benny is turned up"):
        s.apply(PASS)
    act(s, "call S")
    assert s.contract is not None and s.contract.maker == D and s.contract.trump is SUITS[3]
    assert JOKER in s.hands[D]
    assert DISCARD[JOKER.index] not in s.legal_actions()
    act(s, "discard 9C")
    assert s.to_act == N


# ---------------------------------------------------------------------------------------
# Replays and playouts
# ---------------------------------------------------------------------------------------


def recorded_game(variant: str, seed: int, **options: Any) -> tuple[State, list[Deal]]:
    """A seeded random game, and the deals it met."""
    s = new_game(variant, seed=seed, options=options)
    deals = [s.deal]
    rng = random.Random(seed)
    while not s.is_over:
        legal = s.legal_actions()
        number = s.hand_number
        s.apply(legal[int(rng.random() * len(legal))])
        if s.hand_number != number and not s.is_over:
            deals.append(s.deal)
    return s, deals


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_fixed_deals_replay_to_the_same_scores(seed: int) -> None:
    played, deals = recorded_game("two-hand", seed)
    again = new_game("two-hand", deals=deals, dealer=played.first_dealer, seed="other")
    for _, a in played.actions:
        again.apply(a)
    assert again.is_over
    assert again.scores == played.scores
    assert again.hand_records == played.hand_records


def test_simulate_runs_two_hand() -> None:
    r = simulate("two-hand", games=20, bots=["random"], seed=7)
    assert len(r.games) == 20
    assert all(len(g.winners) == 1 and max(g.scores) >= 10 for g in r.games)
    assert all(h.alone == () for h in r.hands)


TWO_HAND_CHOICES: dict[str, Sequence[Any]] = {
    "standard.deck": ["deck24", "deck32", "deck25_benny", "without_8s_9s"],
    "standard.first_dealer": ["random", "first_black_jack", "low_cut", "high_draw"],
    "standard.deal_pattern": ["2-3", "3-2", "singles"],
    "standard.dealer_pickup": ["mandatory", "optional"],
    "standard.discard_may_be_upcard": [False, True],
    "standard.round2_exclude_turned_suit": [True, False],
    "standard.all_pass": ["redeal", "redeal_same_dealer", "stick"],
    "standard.target_score": [10, 5, 3],
}


def random_two_hand_game(rng: random.Random, seed: int) -> State:
    options = {k: rng.choice(v) for k, v in TWO_HAND_CHOICES.items()}
    rules = []
    if options["standard.deck"] == "without_8s_9s":
        options["standard.deck"] = "deck24"
        options["two-hand.pack_without_8s_9s"] = True
    if options["standard.all_pass"] == "stick":
        options["standard.all_pass"] = "redeal"
        rules.append("stick-the-dealer")
    if options["standard.deck"] == "deck25_benny":
        rules.append("benny")
    return new_game("two-hand", seed=seed, options=options, rules=rules)


def run_playouts(
    make: Callable[[random.Random, int], State],
    hands: int,
    *,
    fork_rate: float,
    illegal_tries: int,
    ends_ok: Callable[[State], bool],
    extra: Sequence[Action] = (),
) -> int:
    """Random games until ``hands`` hands were played, each game with the rules and
    options of a game ``make`` draws, through the testing kit's conformance checks
    (:func:`~euchre_core.testing.check_variant`: the pack, the tricks, legal and illegal
    actions, the scores, after every action). On top: every legal action applied on a
    copy at ``fork_rate``, ``illegal_tries`` wrong actions of the whole vocabulary
    (:func:`candidate_actions` and ``extra``) refused at every step, and the game over
    exactly when ``ends_ok`` says so. Returns the number of hands played."""
    rng = random.Random(hands)
    played = 0
    seed = 0
    while played < hands:
        state = make(rng, seed)
        report = check_variant(
            state.config,
            hands=1,  # one whole game
            seed=f"{hands}/{seed}",
            fork_rate=fork_rate,
            candidates=candidate_actions(state.table.deck, extra),
            illegal_tries=illegal_tries,
            extra_check=ends_when(ends_ok),
        )
        played += report.hands
        seed += 1
    return played


def test_conformance_kit_accepts_two_hand() -> None:
    report = check_variant("two-hand", hands=150, seed=2)
    assert report.hands >= 150 and report.outcomes is not None
    assert set(report.outcomes) <= {"make", "march", "euchre", "passed out"}


def test_random_playouts_keep_the_invariants_quick() -> None:
    assert (
        run_playouts(
            random_two_hand_game, 300, fork_rate=0.05, illegal_tries=6, ends_ok=single_winner_ends
        )
        >= 300
    )


@pytest.mark.slow
def test_random_playouts_keep_the_invariants() -> None:
    assert (
        run_playouts(
            random_two_hand_game, 5000, fork_rate=0.03, illegal_tries=4, ends_ok=single_winner_ends
        )
        >= 5000
    )

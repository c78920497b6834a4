"""Bid euchre's double packs (``bid_euchre.md``, the ``deck`` option): two 24-card packs,
twelve each (``double48``), or J Q K A twice in each suit, eight each (``double32``); the
target 52 with a double pack unless it is set; of two identical cards in one trick the
first played beats the second.

Seats are numbered from the dealer: D = 0, L = 1 (first to bid), P = 2, R = 3;
partnerships {0, 2} and {1, 3}.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from helpers import invoke, run

from euchre_core import State, load_variant, new_game, new_hand
from euchre_core.actions import Play
from euchre_core.bots.heuristic import HeuristicBot
from euchre_core.bots.search import SearchBot
from euchre_core.cards import card, cards
from euchre_core.model import Deal, Phase
from euchre_core.records.history import record_of, save_record
from euchre_core.testing import check_save_roundtrip, check_variant

D, L, P, R = 0, 1, 2, 3
DOUBLE48 = {"bid-euchre.deck": "double48"}
DOUBLE32 = {"bid-euchre.deck": "double32"}
#: A double32 deal: L and P hold the two right bowers (JH, JH2); P and R the two AS.
ACES = (
    "JC2 QC2 KC2 AC2 QD2 KD2 AD2 JS2",  # D
    "KS JH QH KH AH JD QC KC",  # L
    "AS JH2 QD KD AD QS2 JC AC",  # P
    "AS2 QS JS KS2 JD2 QH2 KH2 AH2",  # R
)


def aces_hand() -> State:
    deal = Deal.of([cards(h) for h in ACES])
    state = new_hand("bid-euchre", deal, dealer=D, options=DOUBLE32)
    run(state, "bid 3-hearts, pass, pass, pass")
    return state


def legal_words(state: State) -> set[str]:
    return {str(a) for a in state.legal_actions()}


@pytest.mark.parametrize(
    ("options", "size", "each"), [({}, 24, 6), (DOUBLE48, 48, 12), (DOUBLE32, 32, 8)]
)
def test_the_packs_and_the_cards_each(options: dict[str, str], size: int, each: int) -> None:
    s = new_game("bid-euchre", seed=1, options=options)
    assert len(s.table.deck) == size == len(set(s.table.deck))
    assert all(len(h) == each for h in s.hands) and not s.kitty
    faces = [c.face for c in s.table.deck]
    assert all(faces.count(f) == (1 if size == 24 else 2) for f in faces)
    if size == 32:
        assert {c.rank for c in s.table.deck} == {"J", "Q", "K", "A"}


def test_the_target_is_52_with_a_double_pack_unless_it_is_set() -> None:
    assert new_game("bid-euchre", seed=1).table.target == 32
    assert new_game("bid-euchre", seed=1, options=DOUBLE48).table.target == 52
    assert new_game("bid-euchre", seed=1, options=DOUBLE32).table.target == 52
    set_32 = {**DOUBLE48, "bid-euchre.target_score": 32}
    assert new_game("bid-euchre", seed=1, options=set_32).table.target == 32
    assert (
        new_game("bid-euchre", seed=1, options={"bid-euchre.target_score": 50}).table.target == 50
    )


@pytest.mark.parametrize(("options", "top"), [(DOUBLE48, 12), (DOUBLE32, 8)])
def test_the_bids_go_up_to_every_trick_of_the_hand(options: dict[str, str], top: int) -> None:
    s = new_game("bid-euchre", seed=2, dealer=D, options=options)
    offered = legal_words(s)
    assert {f"bid {n}-spades" for n in range(3, top + 1)} <= offered
    assert f"bid {top + 1}-spades" not in offered
    assert {"bid shoot-hearts", "bid moon-no-trump", "pass"} <= offered
    run(s, f"bid {top}-clubs")
    assert legal_words(s) - {"pass"} == {
        w for w in offered if w.startswith(("bid shoot", "bid moon"))
    }


def test_of_two_identical_cards_in_a_trick_the_first_played_wins() -> None:
    s = aces_hand()
    run(s, "play KS, play AS, play AS2, play JS2")
    assert s.tricks[0].winner == P
    # The two right bowers: P leads JH2, L's JH comes last and loses to it.
    run(s, "play JH2, play AH2, play AC2, play JH")
    assert s.tricks[1].winner == P


def test_a_copy_of_the_left_bower_is_a_trump() -> None:
    s = aces_hand()
    run(s, "play KS, play AS, play AS2, play JS2")
    run(s, "play JH2")
    # R holds hearts and JD2 (the left bower): every one of them follows the trump lead.
    assert {a.card for a in s.legal_actions()} == set(cards("JD2 QH2 KH2 AH2"))


def test_double32_may_start_at_3_in_a_suit_and_4_at_no_trump() -> None:
    # pagat's double-deck form: its floor at no trump is the min_bid_no_trump option.
    s = new_game(
        "bid-euchre", seed=2, dealer=D, options={**DOUBLE32, "bid-euchre.min_bid_no_trump": 4}
    )
    offered = legal_words(s)
    assert "bid 3-spades" in offered and "bid 3-no-trump" not in offered
    assert "bid 4-no-trump" in offered and "bid 8-no-trump" in offered


def test_at_low_no_trump_of_two_identical_low_cards_the_first_played_wins() -> None:
    deal = Deal.of([cards(h) for h in ACES])
    options = {**DOUBLE32, "bid-euchre.low_no_trump": True}
    s = new_hand("bid-euchre", deal, dealer=D, options=options)
    run(s, "bid 3-low, pass, pass, pass")
    # L leads QC; P's JC is the lowest club; D's JC2, played after it, does not beat it.
    run(s, "play QC, play JC")
    assert s.to_act == R and {a.card for a in s.legal_actions()} == set(s.hands[R])
    run(s, "play AS2, play JC2")
    assert s.tricks[0].winner == P


def test_typing_a_card_of_which_the_hand_holds_the_other_copy_plays_that_copy() -> None:
    from euchre_cli.choices import Choices, interpret

    s = aces_hand()
    run(s, "play KS, play AS")
    assert s.to_act == R
    view = s.view(R)
    choices = Choices(view, s.legal_actions())
    assert interpret("AS", s, choices) == Play(card("AS2"))
    assert interpret("play as", s, choices) == Play(card("AS2"))
    # Shown as the face a person reads, typed the same way.
    assert "play AS" in [w.say for w in choices.words]


def test_typing_a_card_held_twice_plays_one_of_them() -> None:
    from euchre_cli.choices import Choices, interpret

    s = new_game("bid-euchre", seed=1, options=DOUBLE48)
    while s.phase is not Phase.PLAY:
        s.apply(s.legal_actions()[-1] if s.to_act == s.dealer else s.legal_actions()[0])
    seat = s.to_act
    assert seat is not None
    hand = s.hands[seat]
    twice = next(c for c in hand if sum(x.face == c.face for x in hand) == 2)
    choices = Choices(s.view(seat), s.legal_actions())
    got = interpret(twice.face, s, choices)
    assert isinstance(got, Play) and got.card is not None and got.card.face == twice.face


@pytest.mark.parametrize("options", [DOUBLE48, DOUBLE32], ids=["double48", "double32"])
def test_check_variant_with_secrecy_and_saves(options: dict[str, str]) -> None:
    report = check_variant("bid-euchre", options=options, hands=30, max_hands=15)
    assert report.hands >= 30 and report.saved


@pytest.mark.parametrize("options", [DOUBLE48, DOUBLE32], ids=["double48", "double32"])
def test_a_game_with_copies_saves_and_reloads(options: dict[str, str]) -> None:
    state = State(load_variant("bid-euchre", options=options), seed=4, max_hands=4)
    rng = random.Random(4)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    assert any(c.copy for c in state.table.deck)
    assert check_save_roundtrip(state, random.Random(1)) >= 1


@pytest.mark.parametrize("options", [DOUBLE48, DOUBLE32], ids=["double48", "double32"])
def test_a_saved_game_is_reviewed(options: dict[str, str], tmp_path: Path) -> None:
    state = State(load_variant("bid-euchre", options=options), seed=3)
    bots = [HeuristicBot(s) for s in range(4)]
    while state.to_act is not None and state.hand_number < 1:
        s = state.to_act
        legal = state.legal_actions()
        state.apply(legal[0] if len(legal) == 1 else bots[s].choose(state.view(s), legal))
    path = tmp_path / "double.json"
    save_record(record_of(state), path)
    text = path.read_text(encoding="utf-8")
    assert re.search(r'"play [9TJQKA][CDHS]2"', text), "the record names the second copies"
    result = invoke("review", str(path), "--samples", "2", "--json")
    assert result.exit_code == 0, result.output[-3000:]
    assert len(json.loads(result.output)["hands"]) == 1


@pytest.mark.parametrize("options", [DOUBLE48, DOUBLE32], ids=["double48", "double32"])
def test_the_search_bot_decides_with_copies_in_play(options: dict[str, str]) -> None:
    state = State(load_variant("bid-euchre", options=options), seed=6, max_hands=1)
    bots = [HeuristicBot(s) for s in range(4)]
    hard = SearchBot(0, samples=3)
    decided = 0
    while not state.is_over and decided < 4:
        s = state.to_act
        assert s is not None
        legal = state.legal_actions()
        if s == 0 and state.phase is Phase.PLAY and len(legal) > 1:
            action = hard.choose(state.view(s), legal)
            decided += 1
        else:
            action = legal[0] if len(legal) == 1 else bots[s].choose(state.view(s), legal)
        assert action in legal
        state.apply(action)
    assert decided >= 1


def test_a_watched_double_pack_game_ends_with_a_winner_and_its_save_replays(in_tmp: Path) -> None:
    result = invoke(
        "play", "bid-euchre", "-o", "bid-euchre.deck=double48", "--watch", "--seed", "2", "--ascii"
    )
    assert result.exit_code == 0, result.output[-2000:]
    assert "Game over: " in result.output and "of 52" in result.output
    saves = sorted(in_tmp.glob("euchre-*.json"))
    check = invoke("replay", str(saves[-1]), "--check", "--json")
    assert check.exit_code == 0, check.output[-2000:]


def test_the_rules_page_tells_the_double_pack() -> None:
    result = invoke("rules", "bid-euchre", "-o", "bid-euchre.deck=double32", "--ascii")
    assert result.exit_code == 0, result.output[-2000:]
    text = " ".join(result.output.split())
    assert "A pack of 32 cards: A K Q J of each suit, each card twice" in text
    assert "8 cards to each player" in text

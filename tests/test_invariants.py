"""Seeded random playouts over random combinations of the standard options and the house
rules, checking at every step what must always hold:

* every card of the pack is in exactly one place (hands, kitty, up-card not taken,
  discards, current trick, completed tricks);
* each completed trick has one card from each active seat;
* there is a legal action until the game ends, and every legal action applies;
* an action that is not legal raises ``IllegalActionError`` and changes nothing;
* scores change only at ``HandScored``, by exactly its points;
* the game ends when a side reaches the target, and not before.
"""

from __future__ import annotations

import random

import pytest
from helpers import ledger_problems

from euchre_core import ConfigError, IllegalActionError, State, new_game
from euchre_core.actions import PASS, Call, Discard, Order, Play
from euchre_core.cards import SUITS
from euchre_core.events import HandScored
from euchre_core.model import Phase

STANDARD_CHOICES: dict[str, list[object]] = {
    "deck": ["deck24", "deck24", "deck28", "deck32", "deck25_benny"],
    "first_dealer": ["random", "first_black_jack", "first_jack", "low_cut", "high_draw"],
    "deal_pattern": ["2-3", "3-2", "alternating", "singles"],
    "dealer_pickup": ["mandatory", "optional"],
    "upcard_exchanger": ["dealer", "maker"],
    "discard_may_be_upcard": [False, True],
    "round2_exclude_turned_suit": [True, False],
    "all_pass": ["redeal", "redeal_same_dealer"],
    "alone_by": ["maker", "maker_or_partner", "any_player"],
    "alone_timing": ["with_call", "before_first_lead"],
    "lone_partner_dealer_skips_pickup": [True, False],
    "opening_lead": ["eldest_next_active", "left_of_lone"],
    "lone_euchre_points": [2, 4],
    "defender_alone_scoring_s003": [False, True],
    "target_score": [5, 7, 10, 15],
}
HOUSE_RULES = [
    "stick-the-dealer",
    "dealer-forfeit",
    "no-trump-passout",
    "defend-alone",
    "must-trump",
    "super-euchre",
    "minimum-trump",
    "canadian-loner",
    "benny",
    "farmers-hand",
    "partners-best",
]


def random_game(rng: random.Random, seed: int) -> State | None:
    """A new game under a random combination, or None for a combination the rules
    refuse (conflicting plugins)."""
    options = {
        f"standard.{k}": rng.choice(v) for k, v in STANDARD_CHOICES.items() if rng.random() < 0.5
    }
    rules = [r for r in HOUSE_RULES if rng.random() < 0.3]
    if "benny" in str(options.get("standard.deck", "")) and "benny" not in rules:
        rules.append("benny")  # the joker packs are played under the benny rule
    try:
        return new_game("standard", seed=seed, rules=rules, options=options)
    except ConfigError as e:
        assert "conflicts" in str(e) or "overlaps" in str(e), f"unexpected config error: {e}"
        return None


def fingerprint(state: State) -> tuple:
    return (
        state.phase,
        state.to_act,
        state.hand_number,
        state.dealer,
        tuple(tuple(h) for h in state.hands),
        tuple(state.kitty),
        state.upcard_taken,
        tuple(state.discards),
        tuple(state.trick),
        len(state.tricks),
        tuple(state.scores),
        len(state.events),
        len(state.actions),
        state.legal_actions(),
    )


def illegal_candidates(state: State, rng: random.Random) -> list:
    """A few actions that should be refused now: a card the seat may not play, a card it
    does not hold, an action of another phase."""
    seat = state.to_act
    legal = set(state.legal_actions())
    hand = state.hands[seat]
    out = []
    if state.phase is Phase.PLAY:
        out.extend(Play(c) for c in hand if Play(c) not in legal)
        out.append(Order(False))
        out.append(Call(rng.choice(SUITS)))
    else:
        out.append(Play(hand[0]))
    others = [c for c in state.table.deck if c not in hand]
    out.append(Play(rng.choice(others)))
    out.append(Discard(rng.choice(others)))
    if state.phase is Phase.BIDDING:
        out.extend(Call(s) for s in SUITS if Call(s) not in legal)
        if PASS not in legal:
            out.append(PASS)
    return [a for a in out if a not in legal]


def check_step(state: State, rng: random.Random, where: str) -> None:
    problems = ledger_problems(state)
    assert not problems, f"{where}: the pack does not add up: {'; '.join(problems)}"
    for t in state.tricks:
        seats = [s for s, _ in t.plays]
        assert sorted(seats) == sorted(state.active), (
            f"{where}: trick {t.number + 1} has cards from seats {seats}, "
            f"but the active seats are {state.active}"
        )
    if state.is_over:
        assert state.legal_actions() == (), f"{where}: the game is over but actions remain"
        return
    assert state.legal_actions(), f"{where}: no legal action while the game goes on"
    for bad in illegal_candidates(state, rng)[:4]:
        before = fingerprint(state)
        with pytest.raises(IllegalActionError):
            state.apply(bad)
        assert fingerprint(state) == before, f"{where}: refusing '{bad}' changed the state"
        assert state.why_not(bad), f"{where}: no reason given for refusing '{bad}'"


def play_checked(state: State, rng: random.Random, label: str) -> int:
    """Play a game to its end with random legal actions, checking every step; returns
    the number of hands played."""
    target = state.table.target
    steps = 0
    while True:
        where = f"{label}, hand {state.hand_number}, step {steps}"
        check_step(state, rng, where)
        if state.is_over:
            break
        scores = list(state.scores)
        n_events = len(state.events)
        action = rng.choice(state.legal_actions())
        state.apply(action)
        steps += 1
        assert steps < 5000, f"{where}: the game does not end"
        scored = [e for e in state.events[n_events:] if isinstance(e, HandScored)]
        if not scored:
            assert state.scores == scores, f"{where}: scores changed without a HandScored"
            continue
        assert len(scored) == 1, f"{where}: one action scored {len(scored)} hands"
        hs = scored[0]
        expected = [a + b for a, b in zip(scores, hs.points, strict=True)]
        assert list(hs.scores) == expected == state.scores, (
            f"{where}: scores went from {scores} to {state.scores}, "
            f"but the hand was scored {hs.points}"
        )
        reached = any(state.scores[side[0]] >= target for side in state.table.sides)
        assert reached == state.is_over, (
            f"{where}: scores {state.scores} with target {target}, "
            f"but the game {'is' if state.is_over else 'is not'} over"
        )
    return len(state.hand_records)


def run_playouts(seed: int, hands_wanted: int) -> int:
    rng = random.Random(seed)
    hands = 0
    game = 0
    while hands < hands_wanted:
        game += 1
        state = random_game(rng, seed * 100_000 + game)
        if state is None:
            continue
        label = f"game {game} (rules {state.config.plugins}, options {state.config.origins})"
        hands += play_checked(state, rng, label)
    return hands


def test_random_playouts_keep_every_invariant_quick():
    assert run_playouts(2024, 300) >= 300


@pytest.mark.slow
def test_random_playouts_keep_every_invariant_ten_thousand_hands():
    assert run_playouts(7, 10_000) >= 10_000

"""Seeded random playouts over random combinations of the standard options and the house
rules, through the testing kit's conformance checks
(:func:`euchre_core.testing.check_variant`), which check at every step what must always
hold:

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
from collections.abc import Callable

import pytest

from euchre_core import ConfigError, State, new_game
from euchre_core.actions import PASS, Call, Order
from euchre_core.cards import SUITS
from euchre_core.testing import check_variant

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
    "lone_defender_scoring": [False, True],
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


def ends_at_the_target() -> Callable[[State], None]:
    """What these games promise beyond the testing kit's checks: one action scores at
    most one hand, and the game is over exactly when a side has reached the target."""
    scored = 0

    def check(state: State) -> None:
        nonlocal scored
        new = len(state.hand_records) - scored
        assert new <= 1, f"one action scored {new} hands"
        scored = len(state.hand_records)
        target = state.table.target
        reached = any(state.scores[side[0]] >= target for side in state.table.sides)
        assert reached == state.is_over, (
            f"scores {state.scores} with target {target}, "
            f"but the game {'is' if state.is_over else 'is not'} over"
        )

    return check


#: Actions of the bidding to try where they are not legal (on top of the kit's own).
WRONG_BIDS = [PASS, Order(False), *(Call(s) for s in SUITS)]


def run_playouts(seed: int, hands_wanted: int) -> int:
    """Random games, each under a random combination, until ``hands_wanted`` hands were
    played, through the testing kit's conformance checks
    (:func:`~euchre_core.testing.check_variant`) and :func:`ends_at_the_target`."""
    rng = random.Random(seed)
    hands = 0
    game = 0
    while hands < hands_wanted:
        game += 1
        state = random_game(rng, seed * 100_000 + game)
        if state is None:
            continue
        report = check_variant(
            state.config,
            hands=1,  # one whole game
            seed=seed * 100_000 + game,
            candidates=WRONG_BIDS,
            illegal_tries=2,
            extra_check=ends_at_the_target(),
        )
        hands += report.hands
    return hands


def test_random_playouts_keep_every_invariant_quick():
    assert run_playouts(2024, 300) >= 300


@pytest.mark.slow
def test_random_playouts_keep_every_invariant_ten_thousand_hands():
    assert run_playouts(7, 10_000) >= 10_000

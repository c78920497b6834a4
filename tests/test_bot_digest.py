"""The heuristic bot's decisions are pinned: whole games of every built-in variant,
played by heuristic bots, hash to the same digest. A change to a reason text must not
change a decision; a change to the bot's play changes the digest on purpose (and then
the expected value here)."""

from __future__ import annotations

import hashlib

import pytest

from euchre_core import new_game
from euchre_core.bots import make_bot

VARIANTS = ("standard", "cutthroat", "two-hand", "pepper", "auction", "call-ace")
GAMES = 20

#: The digest of the actions of GAMES seeded games of each variant.
EXPECTED = {
    "standard": "2485e6cf1f8dd709",
    "cutthroat": "0db44a82702fe7c1",
    "two-hand": "e82d6a9a8db2b10d",
    "pepper": "7d7f678d3b431d6b",
    "auction": "a87f793cd50e635d",
    "call-ace": "4e55567e5c7c3fab",
}


def actions_digest(variant: str, games: int = GAMES) -> str:
    h = hashlib.sha256()
    for seed in range(1, games + 1):
        state = new_game(variant, seed=seed)
        bots = [make_bot("heuristic", f"{seed}/seat{s}") for s in range(state.seats)]
        while not state.is_over:
            seat = state.to_act
            assert seat is not None
            state.apply(bots[seat].choose(state.view(seat), state.legal_actions()))
        h.update(";".join(f"{s}:{a}" for s, a in state.actions).encode())
        h.update(b"|")
    return h.hexdigest()[:16]


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_heuristic_bot_decides_as_before(variant: str) -> None:
    assert actions_digest(variant) == EXPECTED[variant]


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_advice_with_its_reason_is_the_decision_without(variant: str) -> None:
    """The reason is built only when asked for; asking for it changes nothing."""
    state = new_game(variant, seed=7)
    fast = [make_bot("heuristic", f"7/seat{s}") for s in range(state.seats)]
    slow = [make_bot("heuristic", f"7/seat{s}") for s in range(state.seats)]
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        view, legal = state.view(seat), state.legal_actions()
        action = fast[seat].choose(view, legal)
        advice = slow[seat].advise(view, legal)
        assert advice.action == action
        assert advice.reason.endswith(".")
        state.apply(action)

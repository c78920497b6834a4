"""The double-dummy solver with packs holding two copies of a card: of two equal cards in
one trick the first played wins, which the bit-mask search's shortcuts (touching cards
are equivalent; a trump above theirs is a sure trick) do not model, so such positions are
searched through the engine, and agree with a brute force."""

from __future__ import annotations

import dataclasses
from collections.abc import Generator

from solver_helpers import positions
from test_solver import check_against_brute_force

from euchre_core import load_variant
from euchre_core.analysis._dd_fast import fast_rules
from euchre_core.cards import pack
from euchre_core.config import Config
from euchre_core.hookspecs import hookimpl
from euchre_core.model import Table
from euchre_core.state import State


class DoublePack:
    """Euchre dealt from two 24-card packs (every card twice), the play left to the tricks
    plugin alone."""

    NAME = "double-pack"

    @hookimpl(wrapper=True)
    def euchre_table(self, config: Config) -> Generator[None, Table, Table]:
        table = yield
        return dataclasses.replace(table, deck=pack("9", copies=2))


def test_a_pack_with_copies_is_searched_through_the_engine() -> None:
    plain = next(positions("standard", 1, seed=1, max_left=10))
    doubled = next(positions("standard", 1, seed=1, max_left=10, extra_plugins=[DoublePack()]))
    assert any(c.copy for c in doubled.table.deck)
    assert fast_rules(plain) == "tricks" and fast_rules(doubled) is None


def equal_cards_apart(state: State) -> bool:
    """Whether two seats still hold the two copies of one card."""
    held = [{c.face for c in state.hands[s]} for s in state.active]
    return any(held[i] & held[j] for i in range(len(held)) for j in range(i))


def test_the_solver_agrees_with_brute_force_with_every_card_twice() -> None:
    apart = 0
    for state in positions("standard", 8, seed=2, max_left=12, extra_plugins=[DoublePack()]):
        check_against_brute_force(state)
        apart += equal_cards_apart(state)
    assert apart >= 2


def test_the_solver_agrees_with_brute_force_at_bid_euchre_with_a_double_pack() -> None:
    config = load_variant("bid-euchre", options={"bid-euchre.deck": "double32"})
    assert len(config.rules().table(config).deck) == 32
    apart = 0
    for state in positions(
        "bid-euchre", 4, seed=3, max_left=8, options={"bid-euchre.deck": "double32"}
    ):
        check_against_brute_force(state)
        apart += equal_cards_apart(state)
    assert apart >= 1

"""Seven-card deal: seven cards each from the 32-card pack, seven tricks a hand.

The 32-card pack (7 to A, as ``deck-32``) is dealt seven cards to each player, in
packets of 3 then 4 with ``standard.deal_pattern = 2-3`` (4 then 3 with ``3-2``; one at
a time with ``singles``); the 29th card is turned up and the three cards left stay face
down. Bidding, going alone and play are unchanged; a hand has seven tricks.

No source gives the whole scoring: the only documented value is "all seven tricks = 2".
This plugin takes the majority rule (project decision): the makers need a majority of the
tricks, four of seven, to make (1 point); all seven is a march (2; a lone march 4); three
tricks or fewer is a euchre (2 to the defenders). The values are the ``standard``
options ``points_make``, ``points_march``, ``points_lone_march``, ``points_euchre`` and
``lone_euchre_points``.

The pack is preset: switching the plugin on sets ``standard.deck = deck32`` (origin
``rule seven-card-deal``); another pack set at the same time, or ``deck-28``, is a
configuration error. With ``benny`` the joker joins (33 cards, four left face down).

Applies to: ``standard`` with four players.

Sources: the Sawdust game engine's euchre notes; herfirstdv.biz, “Euka card game”.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import replace

from euchre_core.config import Config
from euchre_core.errors import ConfigError
from euchre_core.hookspecs import hookimpl
from euchre_core.model import Table

NAME = "seven-card-deal"
APPLIES_TO = ("standard",)

HAND_SIZE = 7


@hookimpl
def euchre_option_presets() -> dict[str, object]:
    return {"standard.deck": "deck32"}


@hookimpl(wrapper=True)
def euchre_table(config: Config) -> Generator[None, Table, Table]:
    table = yield
    if table.seats * HAND_SIZE + 1 > len(table.deck):
        raise ConfigError(
            config.source,
            "variant.plugins",
            f"plugin 'seven-card-deal' deals {HAND_SIZE} cards each: the pack of "
            f"{len(table.deck)} cards is too small for {table.seats} players and an up-card",
        )
    return replace(table, hand_size=HAND_SIZE)

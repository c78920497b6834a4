"""Optional pick-up: the dealer ordered up by another player may leave the up-card.

After an order-up in round 1 (by another seat), the dealer may take the up-card and
discard as usual (``pickup``) or leave it where it is (``decline``); trump stays the
up-card's suit either way. A dealer who takes it up himself takes it.

This rule *is* the option ``standard.dealer_pickup = optional``: switching the plugin on
sets it (``euchre variants show`` names the origin ``rule optional-pickup``). Setting the
option to ``mandatory`` at the same time is a configuration error.

With ``partners-best``, the card a sitting-out dealer can pass depends on whether he took
the up-card.

Applies to: ``standard``.

Sources: a Czech euchre rules page; a Romanian two-hand euchre rules page (and Bicycle
Cards, “Euchre” words the exchange as the dealer's right).
"""

from __future__ import annotations

from euchre_core.hookspecs import hookimpl

NAME = "optional-pickup"
APPLIES_TO = ("standard",)


@hookimpl
def euchre_option_presets() -> dict[str, object]:
    return {"standard.dealer_pickup": "optional"}

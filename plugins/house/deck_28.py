"""The 28-card pack: eights join the pack.

The pack runs 8 to A in each suit (28 cards); five cards each, the 21st card is
turned up and the seven others stay face down. Scoring is unchanged.

This rule *is* the option ``standard.deck = deck28``: switching the plugin on sets it
(origin ``rule deck-28``); setting another pack at the same time, or switching on
``deck-32``, is a configuration error.

Applies to: ``standard``.

Sources: Bicycle Cards, “Euchre”; Wikipedia, “Euchre variants”.
"""

from __future__ import annotations

from euchre_core.hookspecs import hookimpl

NAME = "deck-28"
APPLIES_TO = ("standard",)


@hookimpl
def euchre_option_presets() -> dict[str, object]:
    return {"standard.deck": "deck28"}

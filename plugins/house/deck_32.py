"""The 32-card pack: sevens and eights join the pack.

The pack runs 7 to A in each suit (32 cards); five cards each, the 21st card is
turned up and the twelve others stay face down. Trump ranks right bower, left bower, A K
Q T 9 8 7; plain suits A K Q J T 9 8 7. Scoring is unchanged. With ``benny`` the joker
makes it 33 cards.

This rule *is* the option ``standard.deck = deck32``: switching the plugin on sets it
(origin ``rule deck-32``); setting another pack at the same time, or switching on
``deck-28``, is a configuration error. ``seven-card-deal`` deals seven cards each from
this pack.

Applies to: ``standard``.

Sources: the French euchre rules of AdPoker.fr; a Czech euchre rules page; a Romanian
two-hand euchre rules page; euchrelinks.com, “Variations”; Hoyle's Rules of Games (3rd
ed., 2001).
"""

from __future__ import annotations

from euchre_core.hookspecs import hookimpl

NAME = "deck-32"
APPLIES_TO = ("standard",)


@hookimpl
def euchre_option_presets() -> dict[str, object]:
    return {"standard.deck": "deck32"}

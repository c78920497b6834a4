"""Game to 5: the first side to 5 points wins.

The short game of the 1888 Laws of Euchre and of Cassell's Book of In-door Amusements.

This rule *is* the option ``standard.target_score = 5``: switching the plugin on sets it
(origin ``rule target-5``). Setting the option to another value at the same time, or
switching on ``target-15`` too, is a configuration error. With ``laps`` the points beyond
5 are carried into the next game.

Applies to: ``standard``.

Sources: a French euchre app's rules page (“Comment jouer au euchre”) (a setting); Leeds &
Dwight, The Laws of Euchre (1888), rule 2; Cassell's Book of In-door Amusements, “Euchre”;
Bicycle Cards, “Euchre”.
"""

from __future__ import annotations

from euchre_core.hookspecs import hookimpl

NAME = "target-5"
APPLIES_TO = ("standard",)


@hookimpl
def euchre_option_presets() -> dict[str, object]:
    return {"standard.target_score": 5}

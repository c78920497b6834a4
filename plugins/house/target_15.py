"""Game to 15: the first side to 15 points wins.

The long game offered as a setting by a French euchre app.

This rule *is* the option ``standard.target_score = 15``: switching the plugin on sets
it (origin ``rule target-15``). Setting the option to another value at the same time, or
switching on ``target-5`` too, is a configuration error.

Applies to: ``standard``.

Sources: a French euchre app's rules page (“Comment jouer au euchre”).
"""

from __future__ import annotations

from euchre_core.hookspecs import hookimpl

NAME = "target-15"
APPLIES_TO = ("standard",)


@hookimpl
def euchre_option_presets() -> dict[str, object]:
    return {"standard.target_score": 15}

"""Game to 5: the first side to 5 points wins.

The short game of the 1888 Laws and Cassell's.

This rule *is* the option ``standard.target_score = 5``: switching the plugin on sets it
(origin ``rule target-5``). Setting the option to another value at the same time, or
switching on ``target-15`` too, is a configuration error. With ``laps`` the points beyond
5 are carried into the next game.

Applies to: ``standard``. Sources: [S000] (a setting) [LAWS r.2] [CASSELL] [BIC];
``shared/rules/house_rules.md`` HR-TARGET, ``standard.md`` §11.
"""

from __future__ import annotations

from euchre_core.hookspecs import hookimpl

NAME = "target-5"
APPLIES_TO = ("standard",)


@hookimpl
def euchre_option_presets() -> dict[str, object]:
    return {"standard.target_score": 5}

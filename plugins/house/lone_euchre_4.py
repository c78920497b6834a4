"""Lone euchre 4: a lone maker who is euchred gives the defenders 4 points.

A lone maker who takes fewer than three tricks concedes 4 points instead of 2.

This rule *is* the option ``standard.lone_euchre_points = 4``: switching the plugin on
sets it (origin ``rule lone-euchre-4``); setting the option to 2 at the same time is a
configuration error. With ``defend-alone`` a lone maker euchred by a lone defender costs
4 either way; with ``super-euchre`` a lone maker taking no trick costs 4 (no stacking).

Applies to: ``standard``.

Sources: the French euchre rules of AdPoker.fr; Leeds & Dwight, The Laws of Euchre (1888),
rule 3; The Law and Practice of the Game of Euchre (1862); euchrelinks.com, “Variations”
("lone penalty"); Seton School's euchre tournament sheet.
"""

from __future__ import annotations

from euchre_core.hookspecs import hookimpl

NAME = "lone-euchre-4"
APPLIES_TO = ("standard",)


@hookimpl
def euchre_option_presets() -> dict[str, object]:
    return {"standard.lone_euchre_points": 4}

"""Lead left of the lone player: the player on a lone player's left leads the first trick.

When a player goes alone, the player on his left leads the first trick (the "lead
switch"); when both sides are alone (``defend-alone``, ``anyone-alone``), the lone
defender leads. Only the first trick: later tricks are led by the previous winner. Hands
without a lone player are led as usual from the dealer's left.

This rule *is* the option ``standard.opening_lead = left_of_lone``: switching the plugin
on sets it (origin ``rule lead-left-of-lone``); setting the option to
``eldest_next_active`` at the same time is a configuration error.

Applies to: ``standard``.

Sources: a Czech euchre rules page; euchrelinks.com, “Variations”.
"""

from __future__ import annotations

from euchre_core.hookspecs import hookimpl

NAME = "lead-left-of-lone"
APPLIES_TO = ("standard",)


@hookimpl
def euchre_option_presets() -> dict[str, object]:
    return {"standard.opening_lead": "left_of_lone"}

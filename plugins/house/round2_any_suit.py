"""Any suit in round 2: the turned-down suit may be named again.

In round 2 every player may name any suit, the suit of the turned-down up-card
included. Not recommended: no source states it positively except for
the stuck dealer (``stick-the-dealer.stuck_dealer_may_name_turned_suit``).

This rule *is* the option ``standard.round2_exclude_turned_suit = false``: switching the
plugin on sets it (origin ``rule round2-any-suit``); setting the option to true at the
same time is a configuration error.

Applies to: ``standard``.

Sources: the silence of a Czech euchre rules page and of a Romanian two-hand euchre rules
page.
"""

from __future__ import annotations

from euchre_core.hookspecs import hookimpl

NAME = "round2-any-suit"
APPLIES_TO = ("standard",)


@hookimpl
def euchre_option_presets() -> dict[str, object]:
    return {"standard.round2_exclude_turned_suit": False}

"""Anyone alone: after trump is fixed, any player may go alone, defenders included.

After the contract and before the first lead, each player is asked in turn, the maker
first, then clockwise from the dealer's left, whether to play alone (``alone``) or not
(``pass``); one player of each side may do so, and the partner of a lone player sits out.
A lone maker scores as usual (1 for three or four tricks, 4 for all five). A defender who
goes alone scores 2 for his side when the defenders take three or four tricks, 4 for all
five; a lone defender's side that takes fewer than three tricks scores nothing.
With ``lead-left-of-lone`` and both sides alone, the lone defender leads.

This rule is three options of the ``standard`` plugin, set when the plugin is on (origin
``rule anyone-alone``): ``standard.alone_by = any_player``,
``standard.alone_timing = before_first_lead`` and
``standard.lone_defender_scoring = true``. Setting any of them otherwise at the
same time is a configuration error.

Conflicts with ``defend-alone`` and ``alone-takeover`` (enable only one way of going
alone). Needs partnerships. Applies to: ``standard``.

Sources: a Czech euchre rules page.
"""

from __future__ import annotations

from collections.abc import Generator

from euchre_plugins.house._common import require_partnerships

from euchre_core.config import Config
from euchre_core.hookspecs import hookimpl
from euchre_core.model import Table

NAME = "anyone-alone"
APPLIES_TO = ("standard",)
CONFLICTS = ("defend-alone", "alone-takeover")


@hookimpl
def euchre_option_presets() -> dict[str, object]:
    return {
        "standard.alone_by": "any_player",
        "standard.alone_timing": "before_first_lead",
        "standard.lone_defender_scoring": True,
    }


@hookimpl(wrapper=True)
def euchre_table(config: Config) -> Generator[None, Table, Table]:
    table = yield
    require_partnerships(config, table, NAME)
    return table

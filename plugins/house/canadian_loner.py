"""Canadian loner: the dealer's partner may only pass or order up alone in round 1.

Also called the "mandatory loner". While the up-card is on offer, the dealer's partner
cannot order it up for the side: he passes, or orders up and plays alone (the dealer
sits out). Round 2 and every other seat are unchanged.

With ``standard.lone_partner_dealer_skips_pickup`` (default true) the dealer therefore
never exchanges after his partner's order; with it false the dealer takes the up-card,
discards, then sits out. The lone hand scores as usual (4 for a march, 1 for 3 or 4
tricks, a euchre per ``standard.lone_euchre_points``).

No options. Needs partnerships. Applies to: ``standard``.

Sources: euchrelinks.com, “Variations” ("Mandatory Loner"); a fedest.com answer on euchre
rules; explicitly not a tournament rule in ohioeuchre.com's tournament rules.
"""

from __future__ import annotations

from collections.abc import Generator

from euchre_plugins.house._common import bidding_now, require_partnerships

from euchre_core.actions import ORDER_ALONE, Action, Order
from euchre_core.config import Config
from euchre_core.hookspecs import hookimpl
from euchre_core.model import Table
from euchre_core.state import State

NAME = "canadian-loner"
APPLIES_TO = ("standard",)


@hookimpl(wrapper=True)
def euchre_table(config: Config) -> Generator[None, Table, Table]:
    table = yield
    require_partnerships(config, table, NAME)
    return table


def bound(state: State, seat: int) -> bool:
    """``seat`` is the dealer's partner while the up-card is on offer (round 1)."""
    return (
        state.upcard is not None
        and len(state.bids) < state.seats
        and seat in state.partners_of(state.dealer)
    )


@hookimpl(wrapper=True)
def euchre_legal_bids(state: State, seat: int) -> Generator[None, list[Action], list[Action]]:
    bids = yield
    if not bound(state, seat):
        return bids
    out = [a for a in bids if not (isinstance(a, Order) and not a.alone)]
    if len(out) < len(bids) and ORDER_ALONE not in out:
        out.append(ORDER_ALONE)
    return out


@hookimpl(wrapper=True)
def euchre_why_illegal(
    state: State, seat: int, action: Action
) -> Generator[None, str | None, str | None]:
    reason = yield
    if reason is not None or not bidding_now(state, seat):
        return reason
    if isinstance(action, Order) and not action.alone and bound(state, seat):
        return (
            "the dealer's partner may only pass or order up alone in round 1 "
            "(Canadian loner): say 'order alone'"
        )
    return None

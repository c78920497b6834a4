"""No trump called: in round 2 a player may name "no trump" instead of a suit.

When the up-card has been turned down, each player in turn may pass, name a suit, or
name no trump (``call NT``, alone: ``call NT alone``). At no trump all four suits rank
plainly, A K Q J T 9 (jacks are ordinary cards, there are no bowers) and every trick
goes to the highest card of the suit led. The caller's side are ordinary makers and
score as usual: 1 for three or four tricks, 2 for all five, 4 for a lone march, and the
defenders 2 for a euchre (no source gives special values). The caller may go alone
(project decision), and the dealer never takes the up-card.

Options:

* ``stuck_dealer_only`` (default false): only a dealer stuck by
  ``stick-the-dealer`` (everyone else having passed twice) may call no trump. It needs
  ``stick-the-dealer`` in the stack, and then means the same as that plugin's
  ``stuck_dealer_may_call_no_trump``.

The Benny in a no-trump hand is left open by every source; the project's
decision applies: it is the best card and wins any trick it is played to.

Applies to: ``standard``.

Sources: euchrestrategy.info, “No Trump”; Board Game Arena, euchre help ("call no trump
once the middle card is turned over").
"""

from __future__ import annotations

from collections.abc import Generator

from euchre_plugins.house._common import bidding_now

from euchre_core.actions import Action, Call
from euchre_core.config import Config, Option
from euchre_core.errors import ConfigError
from euchre_core.hookspecs import hookimpl
from euchre_core.model import Table
from euchre_core.state import State

NAME = "no-trump-call"
APPLIES_TO = ("standard",)

NT = Call(None)
NT_ALONE = Call(None, True)


@hookimpl
def euchre_add_options() -> list[Option]:
    return [
        Option(
            "stuck_dealer_only",
            bool,
            False,
            "Only the dealer stuck by stick-the-dealer may call no trump.",
        )
    ]


@hookimpl(wrapper=True)
def euchre_table(config: Config) -> Generator[None, Table, Table]:
    table = yield
    if config.options[NAME]["stuck_dealer_only"] and "stick-the-dealer" not in config.plugins:
        raise ConfigError(
            config.source,
            "options.no-trump-call.stuck_dealer_only",
            "no dealer is ever stuck without plugin 'stick-the-dealer': add it or turn "
            "the option off",
        )
    return table


def may_call(state: State, seat: int) -> bool:
    """``seat`` may name no trump now (round 2; with ``stuck_dealer_only``, the stuck
    dealer only)."""
    if state.options[NAME]["stuck_dealer_only"]:
        return seat == state.dealer and len(state.bids) == 2 * state.seats - 1
    return True


@hookimpl(wrapper=True)
def euchre_legal_bids(state: State, seat: int) -> Generator[None, list[Action], list[Action]]:
    bids = yield
    calls = [a for a in bids if isinstance(a, Call)]
    if not calls or not may_call(state, seat):
        return bids
    out = list(bids)
    if NT not in out:
        out.append(NT)
    if any(a.alone for a in calls) and NT_ALONE not in out:
        out.append(NT_ALONE)
    return out


@hookimpl(wrapper=True)
def euchre_why_illegal(
    state: State, seat: int, action: Action
) -> Generator[None, str | None, str | None]:
    reason = yield
    if (
        reason is None
        and isinstance(action, Call)
        and action.suit is None
        and bidding_now(state, seat)
        and any(isinstance(a, Call) for a in state.legal_actions())
        and not may_call(state, seat)
    ):
        return "only the stuck dealer may call no trump at this table"
    return reason

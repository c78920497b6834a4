"""Partner's best: a lone player trades one card with the partner who sits out.

Also called "calling for best". Before the opening lead, the partner who sits out
chooses one card of his hand and passes it face down to the lone player (a ``give``
decision: ``give JS``), who then discards one card of his own face down (a ``discard``
decision: the card just received cannot be the one discarded, since in play at the
table he discards before he receives). Only the two of them see the cards. Everything
else is unchanged, scoring included.

It is available to every lone player: the lone maker, and under ``defend-alone`` (or
``standard.alone_by = any_player``) a lone defender too; the maker's side trades first.
With ``alone-takeover`` the lone player is the partner who took the hand over: the maker,
who then sits out, passes the card, after the takeover has been settled.

The sitting-out dealer: with ``standard.lone_partner_dealer_skips_pickup = true`` (the
default) a dealer whose partner ordered up alone never takes the up-card and can pass
only one of his own five cards; with ``false`` he takes the up-card and discards first,
so he may pass the up-card itself (the pick-up choice matters;
likewise with ``standard.dealer_pickup = optional``).

No options. Needs partnerships. Applies to: ``standard``.

Sources: euchrelinks.com, “Variations”; Bicycle Cards, “Railroad Euchre”.
"""

from __future__ import annotations

from collections.abc import Generator

from euchre_plugins.house._common import require_partnerships

from euchre_core.actions import DISCARD, DefendAlone, Discard, Give
from euchre_core.config import Config
from euchre_core.hookspecs import hookimpl
from euchre_core.model import Decision, Table
from euchre_core.state import State

NAME = "partners-best"
APPLIES_TO = ("standard",)


@hookimpl(wrapper=True)
def euchre_table(config: Config) -> Generator[None, Table, Table]:
    table = yield
    require_partnerships(config, table, NAME)
    return table


def lone_seats(state: State) -> list[int]:
    """Seats playing alone so far: lone makers (with the call or later), then lone
    defenders. When the maker's partner takes the lone hand over (``alone-takeover``),
    the partner plays alone and the maker sits out: the later announcement of a side
    replaces the earlier one."""
    from euchre_plugins.standard import lone_players

    out: list[int] = []
    for s in lone_players(state):
        partners = state.partners_of(s)
        out = [x for x in out if x not in partners]
        if s not in out:
            out.append(s)
    for s, a in state.prepare_log:
        if isinstance(a, DefendAlone) and s not in out:
            out.append(s)
    return out


def trade_step(state: State, lone: int) -> Decision | None:
    """The next step of ``lone``'s trade with the partner, or ``None`` when it is done."""
    partner = state.partners_of(lone)[0]
    log = state.prepare_log
    given = next((i for i, (s, a) in enumerate(log) if s == partner and isinstance(a, Give)), None)
    if given is None:
        cards = state.hands[partner]
        return Decision(partner, tuple(Give(c) for c in cards), kind="give", give_to=lone)
    if any(s == lone and isinstance(a, Discard) for s, a in log[given + 1 :]):
        return None
    received = log[given][1].card
    hand = [c for c in state.hands[lone] if c is not received]
    return Decision(lone, tuple(DISCARD[c.index] for c in hand), kind="discard")


@hookimpl(wrapper=True)
def euchre_prepare_step(state: State) -> Generator[None, object, object]:
    step = yield
    if step is not None or state.contract is None:
        return step
    for lone in lone_seats(state):
        nxt = trade_step(state, lone)
        if nxt is not None:
            return nxt
    return None

"""Alone takeover: the maker's partner may take the lone hand from him.

The rule of Leeds & Dwight's Laws of Euchre (1888). Only the maker's side may ever play
alone; the maker's partner has a say as long as he has not passed in the bidding:

* when his partner makes trump without going alone, he may go alone himself (``alone``
  or ``pass``); the maker then sits out;
* when his partner announces a lone hand, he may say "I take it from you" (``alone``) and
  play alone instead; the maker then sits out and the partner plays the lone hand.

A partner who has already passed in the bidding is not asked. The opponents of the maker
can never play alone (so a player whose side was ordered up by the opponents defends).
If the dealer takes over a lone hand his partner ordered in round 1 (he had been left
out of the exchange), he takes the up-card and discards before the first lead. Lone
hands score the standard lone values (4 for a march, 1 for three or four tricks, a
euchre per ``standard.lone_euchre_points``).

The first point is the option ``standard.alone_by = maker_or_partner``, preset when the
plugin is on (origin ``rule alone-takeover``; setting ``alone_by`` otherwise at the same
time is a configuration error); the plugin adds the takeover.

With ``partners-best`` the trade follows the takeover: the seat that plays alone is the
partner who took the hand over, so the maker, who now sits out, passes him a card and he
discards one (the lone player receives a card from the partner who sits
out). The takeover question, and a dealer's exchange after taking over, come before any
card is passed, whichever order the two rules are listed in.

Conflicts with ``defend-alone`` and ``anyone-alone`` (the opponents of the maker never
play alone). Needs partnerships. Applies to: ``standard``.

Sources: Leeds & Dwight, The Laws of Euchre (1888), rules 93-95, 99; W. Brisbane, The
American Card Player (1866).
"""

from __future__ import annotations

from collections.abc import Generator

from euchre_plugins.house._common import require_partnerships

from euchre_core.actions import DISCARD, PASS, Discard, GoAlone, Pass
from euchre_core.config import Config
from euchre_core.hookspecs import hookimpl
from euchre_core.model import Decision, Table, Teams, Transfer
from euchre_core.state import State

NAME = "alone-takeover"
APPLIES_TO = ("standard",)
CONFLICTS = ("defend-alone", "anyone-alone")


@hookimpl
def euchre_option_presets() -> dict[str, object]:
    return {"standard.alone_by": "maker_or_partner"}


@hookimpl(wrapper=True)
def euchre_table(config: Config) -> Generator[None, Table, Table]:
    table = yield
    require_partnerships(config, table, NAME)
    return table


def maker_alone(state: State) -> bool:
    """The maker announced a lone hand (with the call, or after it)."""
    c = state.contract
    if c is None or c.maker is None:
        return False
    return c.alone or any(s == c.maker and isinstance(a, GoAlone) for s, a in state.prepare_log)


def taker(state: State) -> int | None:
    """The partner who took the lone hand from the maker, if one did."""
    c = state.contract
    if c is None or c.maker is None or not maker_alone(state):
        return None
    partners = state.partners_of(c.maker)
    for s, a in state.prepare_log:
        if s in partners and isinstance(a, GoAlone):
            return s
    return None


def may_take(state: State) -> int | None:
    """The partner to ask now whether he takes the lone hand, or None."""
    c = state.contract
    if c is None or c.maker is None or not maker_alone(state) or taker(state) is not None:
        return None
    passed = {s for s, a in state.bids if isinstance(a, Pass)}
    asked = {s for s, a in state.prepare_log if isinstance(a, (GoAlone, Pass))}
    for p in state.partners_of(c.maker):
        if p not in passed and p not in asked:
            return p
    return None


def exchange_step(state: State) -> Decision | Transfer | None:
    """The exchange of a dealer who took over a lone hand his partner ordered in round 1
    (he had been left out of the exchange): he takes the up-card, then discards one card
    (not the up-card unless ``standard.discard_may_be_upcard``)."""
    c = state.contract
    t = taker(state)
    if c is None or t is None or t != state.dealer or c.round != 1 or state.upcard is None:
        return None
    up = state.upcard
    if not state.upcard_taken:
        return Transfer(t, (up,), "upcard", public=True)
    log = state.prepare_log
    took = next(
        (i for i, (s, a) in enumerate(log) if s == t and isinstance(a, Transfer) and up in a.cards),
        None,
    )
    if took is None or any(s == t and isinstance(a, Discard) for s, a in log[took + 1 :]):
        return None  # he took it up in the ordinary exchange, or has discarded since
    keep_up = not state.options["standard"]["discard_may_be_upcard"]
    hand = state.hands[t]
    return Decision(
        t,
        tuple(DISCARD[x.index] for x in hand if not (keep_up and x is up)),
        kind="discard",
    )


def own_step(state: State) -> Decision | Transfer | None:
    """This rule's next step: the takeover question, then the taker's exchange."""
    p = may_take(state)
    if p is not None:
        return Decision(p, (GoAlone(), PASS), kind="alone")
    return exchange_step(state)


@hookimpl(wrapper=True)
def euchre_prepare_step(state: State) -> Generator[None, object, object]:
    """The takeover question once the rules below are done; it also comes before a card
    is passed to a lone player (``partners-best``), so that the card goes to the seat that
    really plays alone."""
    step = yield
    if state.contract is None:
        return step
    if step is None or (isinstance(step, Decision) and step.kind == "give"):
        return own_step(state) or step
    return step


@hookimpl(wrapper=True)
def euchre_teams(state: State) -> Generator[None, Teams, Teams]:
    teams = yield
    t = taker(state)
    c = state.contract
    if t is None or c is None or c.maker is None:
        return teams
    out = (set(teams.sitting_out) - {t}) | {c.maker}
    return Teams(teams.makers, teams.defenders, frozenset(out))

"""Defending alone: an opponent of a lone maker may play alone against it.

After a lone hand is announced, the defenders are asked in turn, clockwise from the
dealer's left (skipping the makers); the first to say ``defend alone`` plays alone and
that defender's partner drops out, leaving a one-against-one hand. If the lone maker is
then euchred, the defenders score ``lone_defender_euchre_points`` (4) instead of 2.

Options: ``requires_lone_maker`` (default true; false reproduces OpenSpiel, where a
defender may go alone against a maker playing with a partner), and
``lone_defender_euchre_points`` (4).

Not with ``standard.alone_by = any_player``, which already lets a defender go alone.

Sources: a French euchre app's rules page (“Comment jouer au euchre”) (variant); Hoyle's
Rules of Games (3rd ed., 2001); Bicycle Cards, “Railroad Euchre”; euchrelinks.com,
“Variations”; OpenSpiel (``allow_lone_defender``).
"""

from __future__ import annotations

from collections.abc import Generator

from euchre_plugins.house._common import require_partnerships

from euchre_core.actions import PASS, Action, DefendAlone, Pass
from euchre_core.config import Config, Option
from euchre_core.errors import ConfigError
from euchre_core.hookspecs import hookimpl
from euchre_core.model import ActionWords, Decision, HandScore, Table, Teams, Transfer
from euchre_core.state import State

NAME = "defend-alone"
APPLIES_TO = ("standard",)


@hookimpl
def euchre_add_options() -> list[Option]:
    return [
        Option(
            "requires_lone_maker",
            bool,
            True,
            "Only a lone maker may be defended "
            "against alone (false: also a maker with a partner, as OpenSpiel).",
        ),
        Option(
            "lone_defender_euchre_points",
            int,
            4,
            "To the defenders when a lone defender euchres the makers.",
            min=0,
        ),
    ]


@hookimpl(wrapper=True)
def euchre_table(config: Config) -> Generator[None, Table, Table]:
    table = yield
    if config.options.get("standard", {}).get("alone_by") == "any_player":
        raise ConfigError(
            config.source,
            "options.standard.alone_by",
            "plugin 'defend-alone' overlaps alone_by = any_player: use one of them",
        )
    require_partnerships(config, table, NAME)
    return table


def lone_defender(state: State) -> int | None:
    for s, a in state.prepare_log:
        if isinstance(a, DefendAlone):
            return s
    return None


def _maker_alone(state: State) -> bool:
    from euchre_plugins.standard import lone_players

    c = state.contract
    return (
        c is not None
        and c.maker is not None
        and bool(set(lone_players(state)) & set(state.table.side_of(c.maker)))
    )


@hookimpl(wrapper=True)
def euchre_prepare_step(state: State) -> Generator[None, object, object]:
    step = yield
    if step is not None:
        return step
    c = state.contract
    if c is None or c.maker is None or lone_defender(state) is not None:
        return None
    if state.options[NAME]["requires_lone_maker"] and not _maker_alone(state):
        return None
    makers = set(state.table.side_of(c.maker))
    asked = {s for s, a in state.prepare_log if isinstance(a, Pass)}
    n = state.seats
    for i in range(1, n + 1):
        s = (state.dealer + i) % n
        if s not in makers and s not in asked:
            return Decision(s, (DefendAlone(), PASS), kind="defend")
    return None


@hookimpl(wrapper=True)
def euchre_teams(state: State) -> Generator[None, Teams, Teams]:
    teams = yield
    d = lone_defender(state)
    if d is None:
        return teams
    out = set(teams.sitting_out) | set(state.partners_of(d))
    return Teams(teams.makers, teams.defenders, frozenset(out))


@hookimpl(wrapper=True)
def euchre_score_hand(state: State) -> Generator[None, HandScore, HandScore]:
    score = yield
    t = state.teams
    if t is None or lone_defender(state) is None:
        return score
    made = sum(state.tricks_won[s] for s in t.makers)
    if made * 2 < len(state.tricks):
        pts = state.options[NAME]["lone_defender_euchre_points"]
        points = tuple(pts if s in t.defenders else 0 for s in range(state.seats))
        return HandScore(points, "lone defender euchre")
    return score


__all__ = ["Transfer", "lone_defender"]


@hookimpl
def euchre_action_words(action: Action) -> ActionWords | None:
    """Defending alone against a lone hand: the defender's partner sits out."""
    if isinstance(action, DefendAlone):
        return ActionWords(
            "defend alone", kind="defend", example="defend alone", risk="your partner sits out"
        )
    return None

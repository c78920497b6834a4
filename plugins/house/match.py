"""The match of several games shared by ``laps``, ``slam`` and ``rubber`` (not a plugin).

The core plays a match when a game result carries ``next_scores``
(:class:`~euchre_core.model.GameResult`): the game is over, the match goes on, and the
next game starts from those scores. The three house rules that need a match wrap
``euchre_game_result`` with :func:`match_result`; whichever of them answers first turns
a game result into a match result for all of them (it reads which of the three are in
the stack), and the others leave it as it is.

* A match is won by the first side to win ``games_to_win`` games (``laps`` and ``slam``
  options, default 2: best of three; a ``rubber`` is always best of three).
* ``slam``: a game the losers end without a point counts as two games.
* ``laps``: the winners' points beyond the target start the next game; everyone else
  starts from 0. Without ``laps`` every game starts 0-0.
* ``rubber``: the match is a rubber, scored in rubber points per ``rubber_system``.

A game that ends without a single winning side (a shared win, the hand limit) ends the
match as it is.

Each of the three plugins keeps its own thin hook implementations (an error is laid to a
plugin through the code of its hook functions); their bodies are here:
:func:`table_wrapper`, :func:`game_result_wrapper` and :func:`games_to_win_option`.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from euchre_core.config import Config, Option
from euchre_core.errors import ConfigError
from euchre_core.model import GameResult, Table
from euchre_core.state import State

MATCH_PLUGINS = ("laps", "slam", "rubber")


def check_options(config: Config) -> None:
    """The match length must be the same for every match rule of the stack."""
    lengths = {
        f"options.{p}.games_to_win": config.options[p]["games_to_win"]
        for p in ("laps", "slam")
        if p in config.options
    }
    if "rubber" in config.options:
        for key, n in lengths.items():
            if n != 2:
                raise ConfigError(
                    config.source,
                    key,
                    f"{n} games to win contradicts plugin 'rubber': a rubber is best of "
                    "three (2 games to win)",
                )
    if len(set(lengths.values())) > 1:
        (k1, v1), (k2, v2) = lengths.items()
        raise ConfigError(config.source, k2, f"{v2} differs from {k1} = {v1}: one match length")


def games_to_win_option(text: str) -> Option:
    """The ``games_to_win`` option of ``laps`` and ``slam`` (``text``: its help)."""
    return Option("games_to_win", int, 2, text, min=2)


def table_wrapper(config: Config) -> Generator[None, Table, Table]:
    """The body of a match plugin's ``euchre_table`` wrapper: the table as it is, once the
    match options agree (:func:`check_options`)."""
    table = yield
    check_options(config)
    return table


def game_result_wrapper(
    state: State,
) -> Generator[None, GameResult | None, GameResult | None]:
    """The body of a match plugin's ``euchre_game_result`` wrapper: the game's result
    made the match's (:func:`match_result`)."""
    result = yield
    return match_result(state, result)


def games_to_win(state: State, need: int | None = None) -> int:
    if need is not None:
        return need
    if "rubber" in state.options:
        return 2
    for p in ("laps", "slam"):
        if p in state.options:
            return int(state.options[p]["games_to_win"])
    return 1


def shut_out(scores: tuple[int, ...], side: tuple[int, ...], state: State) -> bool:
    """The sides other than ``side`` end the game without a point."""
    return all(scores[s] <= 0 for s in range(state.seats) if s not in side)


def best_loser(scores: tuple[int, ...], side: tuple[int, ...], state: State) -> int:
    return max(scores[s] for s in range(state.seats) if s not in side)


def game_count(
    state: State, scores: tuple[int, ...], side: tuple[int, ...], slam: bool | None = None
) -> int:
    """How many games a won game counts for: 2 for a slam (with ``slam``), else 1."""
    if slam is None:
        slam = "slam" in state.options
    return 2 if slam and shut_out(scores, side, state) else 1


def rubber_points(system: str, scores: tuple[int, ...], side: tuple[int, ...], state: State) -> int:
    """Rubber points of one game won by ``side``, ending at ``scores``.

    ``laws1888`` (the 1888 Laws, rules 1 and 7): 1, or 2 if the losers did not score. ``bicycle``
    (Bicycle Cards): 3 if the losers had 0 or less, 2 if they had 1 or 2, 1 if they had 3 or more.
    """
    loser = best_loser(scores, side, state)
    if system == "laws1888":
        return 2 if loser <= 0 else 1
    if loser <= 0:
        return 3
    return 2 if loser <= 2 else 1


def _side(state: State, winners: tuple[int, ...]) -> tuple[int, ...] | None:
    sides = {state.table.side_of(w) for w in winners}
    if len(sides) != 1:
        return None
    return next(iter(sides))


def match_result(
    state: State,
    result: GameResult | None,
    *,
    laps: bool | None = None,
    slam: bool | None = None,
    need: int | None = None,
) -> GameResult | None:
    """Turn the result of a game into the result of the match (see the module).

    ``laps``, ``slam`` and ``need`` (games to win) say which match rules apply; left out,
    they are read from the stack (the plugins ``laps``, ``slam`` and ``rubber``). A game
    that bundles these rules under options of its own passes them."""
    if laps is None:
        laps = "laps" in state.options
    if result is None or not result.winners or "match" in result.extra:
        return result
    if result.next_scores is not None:
        return result
    side = _side(state, tuple(result.winners))
    if side is None:
        return result
    scores = tuple(state.scores)
    played: list[tuple[tuple[int, ...], tuple[int, ...], int]] = []
    for g in state.games:
        info = g.extra.get("match")
        if isinstance(info, dict):
            played.append((tuple(info["side"]), g.scores, int(info["counts"])))
    counts = game_count(state, scores, side, slam)
    played.append((side, scores, counts))
    won: dict[tuple[int, ...], int] = {}
    for s, _, n in played:
        won[s] = won.get(s, 0) + n
    number = len(state.games)
    info: dict[str, Any] = {"side": side, "counts": counts, "game": number}
    slam = " (a slam: it counts two games)" if counts == 2 else ""
    need = games_to_win(state, need)
    if won[side] < need:
        if laps:
            target = state.table.target
            nxt = tuple(max(0, scores[s] - target) if s in side else 0 for s in range(state.seats))
        else:
            nxt = (0,) * state.seats
        reason = f"{result.reason}: game {number + 1} won{slam}; the match goes on"
        return GameResult(side, reason, {**result.extra, "match": info}, next_scores=nxt)
    others = sum(n for s, n in won.items() if s != side)
    reason = f"{result.reason}: won the match {won[side]} games to {others}{slam}"
    extra: dict[str, Any] = {**result.extra, "match": info, "games": won.get(side, 0)}
    if "rubber" in state.options:
        system = str(state.options["rubber"]["rubber_system"])
        points: dict[tuple[int, ...], int] = {}
        for s, sc, _ in played:
            points[s] = points.get(s, 0) + rubber_points(system, sc, s, state)
        mine = points.get(side, 0)
        theirs = max((p for s, p in points.items() if s != side), default=0)
        if system == "laws1888":
            mine += 2
            margin = mine - theirs
        else:
            margin = 2 + mine - theirs
        extra["rubber_points"] = {str(list(s)): p for s, p in points.items()}
        extra["rubber_margin"] = margin
        reason = (
            f"{result.reason}: won the rubber {won[side]} games to {others}{slam}, "
            f"by {margin} rubber points ({system})"
        )
    return GameResult(side, reason, extra)


__all__ = [
    "MATCH_PLUGINS",
    "check_options",
    "game_result_wrapper",
    "games_to_win_option",
    "match_result",
    "rubber_points",
    "table_wrapper",
]

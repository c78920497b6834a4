"""Game records: save, load and replay.

A game is its variant (plugins and option values), its seed (or explicit deals), its first
dealer and starting scores, and the list of actions taken. The project's own format is
JSON::

    {
      "format": "euchre-game", "version": 1,
      "variant": {"name": "standard", "players": 4, "plugins": [...], "options": {...}},
      "seed": 7, "dealer": 2, "scores": [0, 0, 0, 0],
      "deals": null,     # or per hand: {"hands": [...], "kitty": [...], "upcard": "9C"}
      "players": ["You", "West", ...],     # optional names
      "actions": [[1, "pass"], [2, "order"], [0, "discard 9S"], [1, "play JH"], ...],
      "result": {"winners": [0, 2], "scores": [10, 6, 10, 6], "reason": "..."},
      "meta": {...}      # optional: what the program that wrote it keeps (seat, bots)
    }

``result`` is there only when the game is over (it says what :func:`replay` finds at the
end; the actions are what count). ``variant.options`` lists only the values that differ
from what the plugins give (see :meth:`~euchre_core.config.Config.to_dict`).

:func:`replay` rebuilds the state action by action through the rules; an action that the
rules refuse, or one recorded for the wrong seat, raises :class:`RecordError` naming the
deal and the action.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ..actions import MAX_ACTION_TEXT, MAX_SEAT, Action, parse_action
from ..cards import Card
from ..config import Config, config_from_dict, load_variant
from ..errors import ConfigError, EuchreError, RecordError
from ..manager import load_plugin
from ..model import Deal
from ..state import State
from . import reading

__all__ = [
    "SavedGame",
    "game_over_error",
    "load_record",
    "record_of",
    "replay",
    "result_of",
    "save_record",
    "with_rules",
    "write_atomic",
]

FORMAT = "euchre-game"
VERSION = 1


@dataclass
class SavedGame:
    """A saved game (see the module docstring for the file format)."""

    variant: dict[str, Any]
    seed: int | str
    dealer: int
    scores: list[int]
    actions: list[tuple[int, str]]
    deals: list[Deal] | None = None
    players: list[str] | None = None
    meta: dict[str, Any] = field(default_factory=dict)
    result: dict[str, Any] | None = None

    @property
    def finished(self) -> bool:
        """Whether the record says the game is over (it has a ``result``)."""
        return self.result is not None

    def config(self, extra_plugins: Sequence[object] = ()) -> Config:
        """The variant, rebuilt (with plugin objects of the testing kit on top)."""
        return config_from_dict(self.variant, source="saved game", extra_plugins=extra_plugins)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "variant": self.variant,
            "seed": self.seed,
            "dealer": self.dealer,
            "scores": self.scores,
            "deals": None if self.deals is None else [deal_to_json(d) for d in self.deals],
            "actions": [[s, a] for s, a in self.actions],
        }
        if self.players:
            out["players"] = self.players
        if self.meta:
            out["meta"] = self.meta
        if self.result is not None:
            out["result"] = self.result
        return out


def deal_to_json(deal: Deal) -> dict[str, Any]:
    return {
        "hands": [[c.code for c in h] for h in deal.hands],
        "kitty": [c.code for c in deal.kitty],
        "upcard": deal.upcard.code if deal.upcard is not None else None,
    }


def deal_from_json(data: Any, where: str) -> Deal:
    """A deal from its JSON value (``hands``, ``kitty``, ``upcard``), checked like every
    field of a record.

    :raises RecordError: naming ``where`` and the field.
    """
    return _deal(reading.Field(data, where))


def record_of(
    state: State,
    players: Sequence[str] | None = None,
    meta: dict[str, Any] | None = None,
    *,
    actions: list[tuple[int, str]] | None = None,
) -> SavedGame:
    """The record of a game so far (finished or not; a finished one has its result).

    :param actions: the actions' text forms when the caller has them already (a file
      written after every action keeps them); default: made from ``state.actions``
    """
    first = state.first_dealer
    start_scores = list(state.events[0].scores) if state.events else [0] * state.seats  # type: ignore[attr-defined]
    return SavedGame(
        variant=state.config.to_dict(),
        seed=state.seed,
        dealer=first,
        scores=start_scores,
        actions=[(s, str(a)) for s, a in state.actions] if actions is None else actions,
        deals=list(state._explicit_deals) if state._explicit_deals is not None else None,
        players=list(players) if players else None,
        meta=dict(meta or {}),
        result=result_of(state),
    )


def result_of(state: State) -> dict[str, Any] | None:
    """What a record says of a finished game: winners, final scores and the reason
    (``None`` while the game goes on)."""
    if not state.is_over or state.result is None:
        return None
    return {
        "winners": list(state.result.winners),
        "scores": list(state.scores),
        "reason": state.result.reason,
    }


def save_record(record: SavedGame, path: str | Path) -> None:
    """Write a record as JSON (atomically: see :func:`write_atomic`)."""
    write_atomic(Path(path), json.dumps(record.to_json(), indent=1) + "\n")


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that the file is always whole: a temporary file in
    the same folder, flushed to the disk, then renamed over ``path``. A process killed
    at any moment leaves the old file or the new one, never a part of either.

    :raises OSError: when the folder cannot be written.
    """
    fd, tmp = _temporary_beside(path)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _temporary_beside(path: Path) -> tuple[int, str]:
    """A new file next to ``path`` (same folder, so the rename stays on one disk), made
    with the permissions a plain new file gets (the user's umask)."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    for _ in range(100):
        tmp = str(path.with_name(f".{path.name}.{secrets.token_hex(4)}.tmp"))
        try:
            return os.open(tmp, flags, 0o666), tmp
        except FileExistsError:
            continue
    raise FileExistsError(f"{path}: no free temporary name beside it")


def load_record(path: str | Path) -> SavedGame:
    """Read a record written by :func:`save_record`.

    :raises RecordError: naming the file and what is wrong.
    """
    p = Path(path)
    return record_from_json(read_json(p), str(p))


def read_json(path: Path) -> Any:
    """The JSON value of a file (a saved game, an EGN file): at most
    :data:`~euchre_core.records.reading.MAX_FILE_BYTES`, nested at most
    :data:`~euchre_core.records.reading.MAX_DEPTH` deep.

    :raises RecordError: naming the file: missing, unreadable, too large, not JSON.
    """
    return reading.read_json(path)


#: Seeds written as numbers lie from ``-SEED_LIMIT`` to ``SEED_LIMIT`` (64 bits).
SEED_LIMIT = 2**64
#: Keys of ``meta`` that the command line reads, and the check each value must pass.
_META_CHECKS = ("seat", "bots", "title", "final_scores", "final_score", "complete", "egn")


def record_from_json(data: Any, where: str = "record") -> SavedGame:
    """A saved game from its JSON value, every field checked for its type and bounds.

    :raises RecordError: one line naming ``where``, the field's path and what is wrong
      (``game.json: deals[3].hands[1][2]: expected a card code, got 17``).
    """
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError(f'{where}: not a saved euchre game (no "format": "{FORMAT}")')
    if data.get("version") != VERSION or isinstance(data.get("version"), bool):
        raise RecordError(f"{where}: unsupported version {reading.shown(data.get('version'))}")
    top = reading.Field(data, where)
    deals = top.get("deals")
    players = top.get("players")
    return SavedGame(
        variant=_variant(top["variant"]),
        seed=_seed(top["seed"]),
        dealer=top["dealer"].integer(0, MAX_SEAT, "a seat"),
        scores=[f.integer(-reading.MAX_SCORE, reading.MAX_SCORE) for f in top["scores"].each(8)],
        actions=[_action(f) for f in top["actions"].each()],
        deals=None if deals.is_null else [_deal(f) for f in deals.each()],
        players=_names(players),
        meta=_meta(top.get("meta")),
        result=_result(top.get("result")),
    )


def _result(f: reading.Field) -> dict[str, Any] | None:
    """``result``: the winners, final scores and reason of a finished game (what
    :func:`result_of` writes), or absent while the game goes on."""
    if f.is_null:
        return None
    f.obj()
    return {
        "winners": [w.integer(0, MAX_SEAT, "a seat") for w in f["winners"].each(8)],
        "scores": [x.integer(-reading.MAX_SCORE, reading.MAX_SCORE) for x in f["scores"].each(8)],
        "reason": f["reason"].text(1000),
    }


def _names(f: reading.Field) -> list[str] | None:
    """``players``: a name per seat; absent, null or an empty list is no names."""
    if f.is_null:
        return None
    return [p.text(100) for p in f.each(MAX_SEAT + 1)] or None


def _variant(f: reading.Field) -> dict[str, Any]:
    """The variant description (:meth:`Config.to_dict`), its fields typed; plugins and
    option values are checked against the plugins when the config is loaded."""
    f.obj()
    f["name"].text(100)
    if not f.get("players").is_null:
        f["players"].integer(2, MAX_SEAT + 1, "a player count")
    for p in f["plugins"].each(100):
        p.text(100)
    options = f.get("options")
    if not options.is_null:
        for plugin, values in options.obj().items():
            for value in reading.Field(values, f.where, f"{options.path}.{plugin}").obj().values():
                if isinstance(value, (dict, list)) or value is None:
                    opt = reading.Field(value, f.where, f"{options.path}.{plugin}")
                    opt.wrong("option values (numbers, text, true or false)")
    return f.value  # type: ignore[no-any-return]


def _seed(f: reading.Field) -> int | str:
    if isinstance(f.value, str):
        return f.text(100)
    return f.integer(-SEED_LIMIT, SEED_LIMIT, "a seed (an integer or a text)")


def _action(f: reading.Field) -> tuple[int, str]:
    pair = f.items(2)
    if len(pair) != 2:
        f.wrong("[seat, action]")
    return f[0].integer(0, MAX_SEAT, "a seat"), f[1].text(MAX_ACTION_TEXT)


def _deal(f: reading.Field) -> Deal:
    hands = [h.cards() for h in f["hands"].each(MAX_SEAT + 1)]
    kitty = [] if f.get("kitty").is_null else f["kitty"].cards()
    up = f.get("upcard")
    try:
        return Deal.of(hands, kitty, None if up.is_null or up.value == "" else up.card())
    except EuchreError as e:
        f.fail(str(e))


def _meta(f: reading.Field) -> dict[str, Any]:
    """``meta``: free-form, but the keys the command line reads must have their types."""
    if f.is_null:
        return {}
    meta = f.obj()
    for key in _META_CHECKS:
        v = f.get(key)
        if v.is_null:
            continue
        if key == "seat":
            v.integer(0, MAX_SEAT, "a seat")
        elif key in ("bots", "title"):
            v.text(100)
        elif key in ("final_scores", "final_score"):
            for x in v.each(8):
                x.integer(-reading.MAX_SCORE, reading.MAX_SCORE)
        elif key == "complete":
            v.boolean()
        else:
            v.obj()
    return meta


def with_rules(
    record: SavedGame, rules: Sequence[str] = (), options: Sequence[str] = ()
) -> SavedGame:
    """The record replayed under its own variant plus house ``rules`` and ``-o``
    ``options`` (for a record made under rules it does not write down).

    :raises ConfigError: when a rule or an option cannot be added to the variant.
    """
    if not rules and not options:
        return record
    try:
        config = record.config()
    except EuchreError as e:
        raise RecordError(f"the record's variant cannot be loaded: {e}") from None
    return replace(record, variant=extend(config, rules, options).to_dict())


def extend(config: Config, rules: Sequence[str] = (), options: Sequence[str] = ()) -> Config:
    """``config`` with house ``rules`` and ``-o`` ``options`` added, where a rule's preset
    options win over the values ``config`` holds (a saved game writes down every option,
    the ones it never chose too).

    :raises ConfigError: when a rule or an option cannot be added.
    """
    try:
        return load_variant(config, rules=rules, options=options)
    except ConfigError as first:
        presets = [p for rule in rules for p in preset_options(rule)]
        if not presets:
            raise
        try:
            return load_variant(config, rules=rules, options=[*presets, *options])
        except ConfigError:
            raise first from None


def preset_options(rule: str) -> list[str]:
    """The option values a plugin presets, as ``-o`` text (``standard.x=true``)."""
    hook = getattr(load_plugin(rule), "euchre_option_presets", None)
    answer = hook() if callable(hook) else None
    out = []
    for dotted, value in dict(answer or {}).items():
        text = str(value).lower() if isinstance(value, bool) else str(value)
        out.append(f"{dotted}={text}")
    return out


def start_state(
    record: SavedGame, config: Config | None = None, extra_plugins: Sequence[object] = ()
) -> State:
    """The state before the first recorded action (under ``config`` instead of the
    record's own variant, when given; with plugin objects of the testing kit on top)."""
    try:
        if config is None:
            config = record.config(extra_plugins)
    except EuchreError as e:
        raise RecordError(f"the record's variant cannot be loaded: {e}") from None
    try:
        state = State(
            config, seed=record.seed, deals=record.deals, dealer=record.dealer, scores=record.scores
        )
    except RecordError:
        raise
    except EuchreError as e:
        raise RecordError(f"the record cannot start a game: {e}") from None
    _fits_the_table(record, state.seats)
    return state


def _fits_the_table(record: SavedGame, seats: int) -> None:
    """What a record says about seats must name seats of its game."""
    if record.players is not None and len(record.players) != seats:
        raise RecordError(f"players: {len(record.players)} names for a game of {seats} seats")
    seat = (record.meta or {}).get("seat")
    if isinstance(seat, int) and not isinstance(seat, bool) and seat >= seats:
        raise RecordError(f"meta.seat: {seat} is not a seat of this game (0 to {seats - 1})")
    for i, (s, _text) in enumerate(record.actions):
        if s >= seats:
            raise RecordError(
                f"actions[{i}]: seat {s} is not a seat of this game (0 to {seats - 1})"
            )


def replay(
    record: SavedGame,
    *,
    stop: int | None = None,
    on_action: Callable[[State, int, Action], None] | None = None,
    config: Config | None = None,
    extra_plugins: Sequence[object] = (),
) -> State:
    """Replay a record through the rules.

    :param stop: apply only the first ``stop`` actions
    :param config: the variant to replay it under (default: the record's own)
    :param extra_plugins: plugin objects registered on top of the record's plugins
      (a game of the testing kit played with them)
    :param on_action: called before each action with (state, seat, action)
    :raises RecordError: naming the deal and the action when the rules refuse it, or when
      it is recorded for a seat that is not to act.
    """
    state = start_state(record, config, extra_plugins)
    for i, (seat, text) in enumerate(record.actions[:stop]):
        if state.to_act is None:
            raise game_over_error(state, i, seat, text)
        where = f"deal {state.hand_number + 1}, action {i + 1} ({seat}: {text!r})"
        try:
            action = parse_action(text)
        except EuchreError as e:
            raise RecordError(f"{where}: {e}", i) from None
        if seat != state.to_act:
            raise RecordError(
                f"{where}: recorded for seat {seat}, but seat {state.to_act} is to act", i
            )
        if on_action is not None:
            on_action(state, seat, action)
        try:
            state.apply(action)
        except EuchreError as e:
            raise RecordError(f"{where}: illegal: {e}", i) from None
    return state


def game_over_error(state: State, index: int, seat: int, text: str) -> RecordError:
    """The error for an action recorded after the game ended under the rules: the
    action, and the deal that ended it and why (``action 21 (1: 'pass'): the game was
    over after deal 1 (reached 2 of 2)``)."""
    why = f" ({state.result.reason})" if state.result is not None and state.result.reason else ""
    return RecordError(
        f"action {index + 1} ({seat}: {text!r}): the game was over after deal "
        f"{state.hand_number + 1}{why}",
        index,
    )


def cards_text(cards: Sequence[Card]) -> str:
    return " ".join(c.code for c in cards)

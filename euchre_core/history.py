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
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .actions import Action, parse_action
from .cards import Card, parse_card
from .config import Config, config_from_dict
from .errors import EuchreError, RecordError
from .model import Deal
from .state import State

__all__ = [
    "SavedGame",
    "load_record",
    "record_of",
    "replay",
    "result_of",
    "save_record",
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
        if self.result is not None:
            out["result"] = self.result
        if self.meta:
            out["meta"] = self.meta
        return out


def deal_to_json(deal: Deal) -> dict[str, Any]:
    return {
        "hands": [[c.code for c in h] for h in deal.hands],
        "kitty": [c.code for c in deal.kitty],
        "upcard": deal.upcard.code if deal.upcard is not None else None,
    }


def deal_from_json(data: Any, where: str) -> Deal:
    try:
        hands = [[parse_card(c) for c in h] for h in data["hands"]]
        kitty = [parse_card(c) for c in data.get("kitty", [])]
        up = data.get("upcard")
        return Deal.of(hands, kitty, parse_card(up) if up else None)
    except (KeyError, TypeError) as e:
        raise RecordError(f"{where}: malformed deal ({e})") from None
    except EuchreError as e:
        raise RecordError(f"{where}: {e}") from None


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
    """The JSON value of a file (a saved game, an EGN file).

    :raises RecordError: naming the file: missing, unreadable, or not JSON.
    """
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise RecordError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as e:
        raise RecordError(f"{path}: cannot read: {e}") from None
    except json.JSONDecodeError as e:
        raise RecordError(
            f"{path}: not JSON (line {e.lineno}, column {e.colno}: {e.msg})"
        ) from None


def record_from_json(data: Any, where: str = "record") -> SavedGame:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError(f'{where}: not a saved euchre game (no "format": "{FORMAT}")')
    if data.get("version") != VERSION:
        raise RecordError(f"{where}: unsupported version {data.get('version')!r}")
    try:
        actions = [(int(s), str(a)) for s, a in data["actions"]]
        deals = data.get("deals")
        return SavedGame(
            variant=data["variant"],
            seed=data["seed"],
            dealer=int(data["dealer"]),
            scores=[int(x) for x in data["scores"]],
            actions=actions,
            deals=None
            if deals is None
            else [deal_from_json(d, f"{where}: deal {i}") for i, d in enumerate(deals)],
            players=data.get("players"),
            meta=data.get("meta") or {},
            result=data.get("result"),
        )
    except (KeyError, TypeError, ValueError) as e:
        raise RecordError(f"{where}: malformed record ({type(e).__name__}: {e})") from None


def start_state(record: SavedGame, extra_plugins: Sequence[object] = ()) -> State:
    """The state before the first recorded action."""
    try:
        config = record.config(extra_plugins)
    except EuchreError as e:
        raise RecordError(f"the record's variant cannot be loaded: {e}") from None
    return State(
        config, seed=record.seed, deals=record.deals, dealer=record.dealer, scores=record.scores
    )


def replay(
    record: SavedGame,
    *,
    stop: int | None = None,
    on_action: Callable[[State, int, Action], None] | None = None,
    extra_plugins: Sequence[object] = (),
) -> State:
    """Replay a record through the rules.

    :param stop: apply only the first ``stop`` actions
    :param extra_plugins: plugin objects registered on top of the record's plugins
      (a game of the testing kit played with them)
    :param on_action: called before each action with (state, seat, action)
    :raises RecordError: naming the deal and the action when the rules refuse it, or when
      it is recorded for a seat that is not to act.
    """
    state = start_state(record, extra_plugins)
    for i, (seat, text) in enumerate(record.actions[:stop]):
        where = f"deal {state.hand_number + 1}, action {i + 1} ({seat}: {text!r})"
        if state.to_act is None:
            raise RecordError(f"{where}: the game was already over")
        try:
            action = parse_action(text)
        except EuchreError as e:
            raise RecordError(f"{where}: {e}") from None
        if seat != state.to_act:
            raise RecordError(
                f"{where}: recorded for seat {seat}, but seat {state.to_act} is to act"
            )
        if on_action is not None:
            on_action(state, seat, action)
        try:
            state.apply(action)
        except EuchreError as e:
            raise RecordError(f"{where}: illegal: {e}") from None
    return state


def cards_text(cards: Sequence[Card]) -> str:
    return " ".join(c.code for c in cards)

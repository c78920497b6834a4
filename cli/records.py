"""Saved games on disk for the command line: the project's JSON, and EGN.

A path ending in ``.egn`` (or a JSON file that declares itself Euchre Game Notation) is
read with :func:`euchre_core.egn.read_egn`; a four-hand standard game is written as EGN
when the path ends in ``.egn``. Everything else is the project's JSON
(:mod:`euchre_core.history`).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from euchre_core.history import SavedGame
    from euchre_core.state import State

__all__ = ["is_egn", "load_game", "save_game"]

EGN_FILE_TYPE = "Euchre Game Notation"


def is_egn(path: Path) -> bool:
    """Whether ``path`` holds (or should hold) an EGN record."""
    if path.suffix.lower() == ".egn":
        return True
    if path.suffix.lower() != ".json" or not path.is_file():
        return False
    try:
        head = path.read_text(encoding="utf-8")[:400]
    except (OSError, UnicodeDecodeError):
        return False
    return EGN_FILE_TYPE in head


def load_game(path: Path) -> SavedGame:
    """Read a saved game (JSON or EGN).

    :raises RecordError: naming the file and what is wrong.
    """
    from euchre_core.errors import RecordError

    if not path.exists():
        raise RecordError(f"{path}: no such file")
    if path.is_dir():
        raise RecordError(f"{path}: is a folder, not a saved game")
    if is_egn(path):
        try:
            from euchre_core.egn import read_egn
        except ImportError:
            raise RecordError(f"{path}: this installation cannot read EGN files") from None
        record: SavedGame = read_egn(path)
        return record
    from euchre_core.history import load_record

    return load_record(path)


def save_game(
    state: State,
    path: Path,
    *,
    players: Sequence[str] | None = None,
    meta: dict[str, Any] | None = None,
) -> Path:
    """Write a game; returns the path written (a ``.egn`` path becomes ``.json`` when the
    game cannot be written as EGN: another variant, or an unfinished game)."""
    from euchre_core.errors import EuchreError
    from euchre_core.history import record_of

    path = Path(path)
    if path.suffix.lower() == ".egn":
        if state.is_over and _egn_ready(state):
            try:
                from euchre_core.egn import write_egn

                write_egn(state, path)
                return path
            except (ImportError, EuchreError):
                pass
        path = path.with_suffix(".json")
    record = record_of(state, players)
    record.meta = {**record.meta, **(meta or {})}
    text = json.dumps(record.to_json(), indent=1) + "\n"
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(path)
    return path


def _egn_ready(state: State) -> bool:
    """Four seats in two partnerships: the games EGN describes."""
    return state.seats == 4 and state.table.partnerships is not None

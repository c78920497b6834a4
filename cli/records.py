"""Saved games on disk for the command line: the project's JSON, and EGN.

A path ending in ``.egn`` (or a JSON file that declares itself Euchre Game Notation) is
read with :func:`euchre_core.records.egn.read_egn`; a four-hand standard game is written as EGN
when the path ends in ``.egn``. Everything else is the project's JSON
(:mod:`euchre_core.records.history`).

A game at the table is kept on disk by an :class:`Autosaver`: its file is written whole
after every action (beside it, then renamed over it), so a game killed at any moment can
be carried on from its last action. A new game writes only a file it made itself.
SIGTERM and SIGHUP (:func:`signals_interrupt`) stop a game as Ctrl-C does.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from euchre_core.records.history import SavedGame
    from euchre_core.state import State

__all__ = [
    "Autosaver",
    "SaveError",
    "is_egn",
    "load_game",
    "signals_interrupt",
]

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
            from euchre_core.records.egn import read_egn
        except ImportError:
            raise RecordError(f"{path}: this installation cannot read EGN files") from None
        record: SavedGame = read_egn(path)
        return record
    from euchre_core.records.history import load_record

    return load_record(path)


# ---------------------------------------------------------------------------------------
# Keeping a game on disk as it is played
# ---------------------------------------------------------------------------------------


#: Stands for the actions in the JSON head (no value of a record can be this string).
_ACTIONS_HERE = "\x00actions\x00"


class SaveError(Exception):
    """A game cannot be saved where asked (the message is one line naming the file)."""


def claim(path: Path) -> bool:
    """Make ``path`` as a new empty file; ``False`` when something is there already."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    except FileExistsError:
        return False
    os.close(fd)
    return True


def claim_unique(path: Path) -> Path:
    """``path``, or the first of ``NAME-2.json``, ``NAME-3.json`` … that is free, made as
    a new file (so that two games never share a file).

    :raises OSError: when the folder cannot be written.
    """
    stem, suffix = path.stem, path.suffix
    for n in range(1, 10_000):
        candidate = path if n == 1 else path.with_name(f"{stem}-{n}{suffix}")
        if claim(candidate):
            return candidate
    raise FileExistsError(f"{path}: every numbered name beside it is taken")


def default_path(config_name: str, seed: int | str, folder: Path | None = None) -> Path:
    """``euchre-<variant>-<seed>.json`` in ``folder`` (default: the current folder)."""
    safe = re.sub(r"[^A-Za-z0-9_.-]+", "_", f"{config_name}-{seed}")
    return (folder or Path.cwd()) / f"euchre-{safe}.json"


class Autosaver:
    """One game's file, rewritten whole after every action.

    Build it with :meth:`for_new_game` or :meth:`for_resumed_game`, which choose the
    file and refuse, before the game starts, a file the game may not write. Then
    :meth:`save` after every action (a failure is told once and play goes on) and
    :meth:`write` when the game stops.

    :ivar path: the file
    :ivar egn: whether it is written as EGN (else the project's JSON)
    :ivar players: the names of the seats, as saved
    :ivar meta: what the JSON keeps besides the game (``seat``, ``bots``, ``title``, an
      EGN file's own fields under ``egn``, and whatever else the record had: it is
      written back as it was read)
    :ivar fields: the EGN metadata written back (title, date, ``gameId`` …)
    """

    def __init__(
        self,
        path: Path,
        *,
        egn: bool,
        players: Sequence[str] | None,
        meta: Mapping[str, Any] | None = None,
        fields: Mapping[str, Any] | None = None,
    ):
        self.path = path
        self.egn = egn
        self.players = list(players) if players else None
        self.meta: dict[str, Any] = dict(meta or {})
        self.fields: dict[str, Any] = dict(fields or {})
        self.failed: str | None = None
        self.notice: str | None = None
        self.writes = 0
        self.seconds = 0.0
        self._actions: list[tuple[int, Any]] = []  # the actions whose lines are made
        self._lines: list[str] = []
        #: The file as this game last left it (or found it, resumed): another session
        #: that writes it (a second ``euchre resume`` of the same file) is seen by it.
        self._known: tuple[int, int, int] | None = None

    # -- choosing the file --------------------------------------------------------------

    @classmethod
    def for_new_game(
        cls,
        state: State,
        save: Path | None,
        *,
        players: Sequence[str],
        meta: Mapping[str, Any],
        title: str = "",
        fields: Mapping[str, Any] | None = None,
    ) -> Autosaver:
        """The file of a new game: ``save`` when it does not exist yet, else a name of
        its own beside ``euchre-<variant>-<seed>.json``.

        :param fields: the EGN metadata (default: ``title`` and today's ``date``)
        :raises SaveError: when ``save`` exists, is a ``.egn`` file for a game EGN
          cannot hold, or cannot be made.
        """
        if fields is None:
            fields = {"title": title, "date": time.strftime("%Y-%m-%dT%H:%M")} if title else {}
        if save is None:
            try:
                path = claim_unique(default_path(state.config.name, state.seed))
            except OSError as e:
                raise SaveError(f"the game cannot be saved in {Path.cwd()}: {_why(e)}") from None
            return cls(path, egn=False, players=players, meta=meta, fields=fields).first(state)
        egn = save.suffix.lower() == ".egn"
        if egn:
            _check_egn(state, save)
        if save.is_dir():
            raise SaveError(f"--save {save}: is a folder; name a file in it")
        if save.exists() or save.is_symlink():
            raise SaveError(
                f"--save {save}: the file exists and this game did not write it; "
                "choose another name (or carry that game on with: euchre resume "
                f"{save})"
            )
        try:
            made = claim(save)
        except OSError as e:
            raise SaveError(f"--save {save}: cannot write there: {_why(e)}") from None
        if not made:
            raise SaveError(f"--save {save}: the file appeared as the game started")
        return cls(save, egn=egn, players=players, meta=meta, fields=fields).first(state)

    @classmethod
    def for_resumed_game(
        cls,
        state: State,
        record: SavedGame,
        file: Path,
        save: Path | None,
        *,
        players: Sequence[str],
        meta: Mapping[str, Any],
    ) -> Autosaver:
        """The file of a resumed game: its own file in its own format (an EGN file stays
        EGN, whatever its name ends with), or ``save`` when that is given and new.

        :raises SaveError: as :meth:`for_new_game`, for ``save``.
        """
        names = record.players or players
        egn_fields = record.meta.get("egn") if isinstance(record.meta, dict) else None
        fields = dict(egn_fields) if isinstance(egn_fields, dict) else {}
        base = {**record.meta, **meta}
        if save is None or _same_file(save, file):
            saver = cls(file, egn=is_egn(file), players=names, meta=base, fields=fields)
            saver._known = _fingerprint(file)
            return saver
        return cls.for_new_game(state, save, players=names, meta=base, fields=fields)

    def first(self, state: State) -> Autosaver:
        """Write the file it has just made, so that it is never left empty.

        :raises SaveError: when it cannot be written.
        """
        try:
            self.write(state)
        except OSError as e:
            with contextlib.suppress(OSError):
                if self.path.stat().st_size == 0:  # made by this game, never written
                    self.path.unlink()
            raise SaveError(f"{self.path}: the game cannot be saved there: {_why(e)}") from None
        return self

    # -- writing ------------------------------------------------------------------------

    def write(self, state: State) -> Path:
        """Write the game as it stands; returns the file.

        :raises OSError: when the file cannot be written.
        """
        from euchre_core.errors import EuchreError

        started = time.perf_counter()
        self._not_over_another_game()
        if self.egn:
            from euchre_core.records.egn import write_egn

            try:
                write_egn(state, self.path, players=self.players, fields=self.fields)
            except EuchreError as e:  # an action EGN has no form for: go on in JSON
                old = self.path
                self.path = claim_unique(old.with_suffix(".json"))
                self.egn = False
                self.notice = f"{e}; the game is saved in {self.path} instead"
                self._write_json(state)
                with contextlib.suppress(OSError):
                    if old.stat().st_size == 0:  # only claimed, never written
                        old.unlink()
        else:
            self._write_json(state)
        self._known = _fingerprint(self.path)
        self.writes += 1
        self.seconds += time.perf_counter() - started
        return self.path

    def _not_over_another_game(self) -> None:
        """Move to a file of its own when another session has written this game's file
        since this one last did (the same game resumed twice): each goes on, and neither
        overwrites the other."""
        if self._known is None:
            return
        now = _fingerprint(self.path)
        if now is None or now == self._known:  # unchanged, or gone: written again here
            return
        old = self.path
        self.path = claim_unique(old)
        self._actions, self._lines = [], []
        self.notice = (
            f"{old} was changed by another session of this game; this one goes on in "
            f"{self.path} (euchre resume {self.path})"
        )

    def _write_json(self, state: State) -> None:
        from euchre_core.records.history import write_atomic

        write_atomic(self.path, self.json_text(state))

    def json_text(self, state: State) -> str:
        """The record as JSON text, one action a line. The lines of the actions already
        written are kept, so that a write costs the new actions and the small head, not
        the whole game again; a game taken back (undo) or another game starts afresh."""
        from euchre_core.records.history import record_of

        done = len(self._actions)
        acts = state.actions
        if len(acts) < done or acts[:done] != self._actions:
            self._actions, self._lines, done = [], [], 0
        for seat, action in acts[done:]:
            self._lines.append(json.dumps([seat, str(action)]))
        self._actions.extend(acts[done:])
        data = record_of(state, self.players, self.meta, actions=[]).to_json()
        data["actions"] = _ACTIONS_HERE
        head = json.dumps(data, indent=1)
        body = "[\n  " + ",\n  ".join(self._lines) + "\n ]" if self._lines else "[]"
        return head.replace(json.dumps(_ACTIONS_HERE), body, 1) + "\n"

    def save(self, state: State, warn: Callable[[str], None] | None = None) -> None:
        """:meth:`write` after an action: a failure is told once (through ``warn``) and
        the game goes on; the next action tries again."""
        try:
            self.write(state)
        except OSError as e:
            message = f"the game could not be saved to {self.path}: {_why(e)}"
            if message != self.failed and warn is not None:
                warn(message)
            self.failed = message
        else:
            self.failed = None
        if self.notice is not None and warn is not None:
            warn(self.notice)
            self.notice = None


def _check_egn(state: State, path: Path) -> None:
    from euchre_core.errors import RecordError
    from euchre_core.records.egn import ruleset_of

    try:
        ruleset_of(state.config, "EGN")
    except RecordError as e:
        why = str(e).removeprefix("EGN: ")
        raise SaveError(
            f"--save {path}: EGN cannot hold this game ({why}); use a .json name"
        ) from None
    if state.seats != 4:
        raise SaveError(f"--save {path}: EGN holds four-hand games only; use a .json file")


def _fingerprint(path: Path) -> tuple[int, int, int] | None:
    """What tells one version of a file from another: its inode (every write replaces
    the file by a new one), size and modification time; ``None`` when it is not there."""
    try:
        st = path.stat()
    except OSError:
        return None
    return (st.st_ino, st.st_size, st.st_mtime_ns)


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except OSError:
        return False


def _why(e: OSError) -> str:
    return e.strerror or str(e)


@contextlib.contextmanager
def signals_interrupt() -> Iterator[None]:
    """While inside: SIGTERM and SIGHUP (the terminal closed) raise
    :class:`KeyboardInterrupt`, so that they stop a game as Ctrl-C does (saved, one
    line, exit 130). Outside the main thread nothing changes."""
    wanted = [getattr(signal, n) for n in ("SIGTERM", "SIGHUP") if hasattr(signal, n)]
    previous: dict[int, Any] = {}

    def stop(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    try:
        for sig in wanted:
            if signal.getsignal(sig) is signal.SIG_IGN:  # nohup: the user wants it ignored
                continue
            previous[sig] = signal.signal(sig, stop)
    except ValueError:  # not the main thread
        pass
    try:
        yield
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)

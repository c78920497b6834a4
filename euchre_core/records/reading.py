"""Reading JSON records safely: bounded files, bounded nesting, typed fields.

Saved games and EGN files come from anywhere. Everything read from them passes through
here first: the file is at most :data:`MAX_FILE_BYTES`, its JSON nests at most
:data:`MAX_DEPTH` deep and has no ``NaN`` or ``Infinity``; each field is then taken with
a :class:`Field`, whose methods check one JSON type (a bool is never taken for a number,
a float never for an integer) and bound every number. A wrong value raises a
:class:`~euchre_core.errors.RecordError` of one line naming the file and the field's
path, e.g. ``game.json: deals[3].hands[1][2]: expected a card code, got 17``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NoReturn

from ..cards import Card, parse_card
from ..errors import EuchreError, RecordError

__all__ = [
    "MAX_DEPTH",
    "MAX_FILE_BYTES",
    "MAX_ITEMS",
    "MAX_SCORE",
    "MAX_TEXT",
    "Field",
    "read_json",
    "shown",
]

#: The largest file read as a record (10 MB; a long saved game is well under 1 MB).
MAX_FILE_BYTES = 10_000_000
#: The deepest nesting of lists and objects a record may have (EGN needs 7 levels).
MAX_DEPTH = 32
#: The most entries a list in a record may have (actions, deals, cards ...).
MAX_ITEMS = 100_000
#: The longest text field read (a name, a title, a seed written as text).
MAX_TEXT = 1_000
#: Scores in a record lie from ``-MAX_SCORE`` to ``MAX_SCORE`` (targets are at most 1000).
MAX_SCORE = 10_000


def shown(value: Any) -> str:
    """A value of the wrong type as a message shows it: short, and with its JSON type."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, int):
        return f"a {_digits(value)}-digit number" if value.bit_length() > 40 else str(value)
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:37] + '..."'


def _digits(value: int) -> str:
    """How many digits ``value`` has (without converting a huge number to text)."""
    bits = value.bit_length()
    if bits < 13_000:
        return f"{len(str(abs(value))):,}"
    return f"about {int(bits * 0.30103):,}"


def _no_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not a JSON number")


def read_json(path: Path) -> Any:
    """The JSON value of a file (a saved game, an EGN file), checked for size and depth.

    :raises RecordError: naming the file: missing, unreadable, too large, not JSON,
      nested too deep.
    """
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise RecordError(
                f"{path}: {size:,} bytes is too large for a record (at most {MAX_FILE_BYTES:,})"
            )
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise RecordError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise RecordError(f"{path}: is a folder, not a record") from None
    except (OSError, UnicodeDecodeError) as e:
        raise RecordError(f"{path}: cannot read: {e}") from None
    return parse_json(text, str(path))


def parse_json(text: str, where: str) -> Any:
    """The JSON value of ``text`` (see :func:`read_json`)."""
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as e:
        raise RecordError(
            f"{where}: not JSON (line {e.lineno}, column {e.colno}: {e.msg})"
        ) from None
    except RecursionError:
        raise RecordError(f"{where}: nested too deep (more than {MAX_DEPTH} levels)") from None
    except ValueError as e:  # a number of too many digits, NaN, Infinity
        raise RecordError(f"{where}: not a record's JSON: {e}") from None
    depth = _depth(data)
    if depth > MAX_DEPTH:
        raise RecordError(f"{where}: nested more than {MAX_DEPTH} levels deep")
    return data


def _depth(data: Any) -> int:
    """How deep lists and objects nest in ``data`` (without recursion)."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        value, level = stack.pop()
        if isinstance(value, dict):
            children: Any = value.values()
        elif isinstance(value, list):
            children = value
        else:
            continue
        deepest = max(deepest, level)
        if deepest > MAX_DEPTH:
            return deepest
        stack.extend((c, level + 1) for c in children)
    return deepest


class Field:
    """A value read from a record and where it is: ``Field(data, "game.json")``.

    ``f["deals"][3]`` is the field at ``deals[3]``; the typed getters (:meth:`integer`,
    :meth:`text`, :meth:`items` ...) return the value or raise a one-line
    :class:`RecordError` naming the path.
    """

    __slots__ = ("path", "value", "where")

    def __init__(self, value: Any, where: str, path: str = ""):
        self.value = value
        self.where = where
        self.path = path

    def fail(self, problem: str) -> NoReturn:
        parts = [p for p in (self.where, self.path) if p]
        raise RecordError(": ".join([*parts, problem]))

    def wrong(self, expected: str) -> NoReturn:
        self.fail(f"expected {expected}, got {shown(self.value)}")

    # -- structure -----------------------------------------------------------------------

    def _child(self, value: Any, step: str) -> Field:
        if step.startswith("["):
            path = self.path + step
        else:
            path = f"{self.path}.{step}" if self.path else step
        return Field(value, self.where, path)

    def obj(self) -> dict[str, Any]:
        if not isinstance(self.value, dict):
            self.wrong("an object")
        return self.value

    def has(self, key: str) -> bool:
        return key in self.obj()

    def __getitem__(self, key: str | int) -> Field:
        if isinstance(key, int):
            return self._child(self.items()[key], f"[{key}]")
        data = self.obj()
        if key not in data:
            self._child(None, key).fail("missing")
        return self._child(data[key], key)

    def get(self, key: str) -> Field:
        """The field ``key``; its value is ``None`` when absent."""
        return self._child(self.obj().get(key), key)

    def items(self, most: int = MAX_ITEMS) -> list[Any]:
        if not isinstance(self.value, list):
            self.wrong("a list")
        if len(self.value) > most:
            self.fail(f"{len(self.value):,} entries is too many (at most {most:,})")
        return self.value

    def each(self, most: int = MAX_ITEMS) -> Iterator[Field]:
        for i, v in enumerate(self.items(most)):
            yield self._child(v, f"[{i}]")

    # -- scalars -------------------------------------------------------------------------

    @property
    def is_null(self) -> bool:
        return self.value is None

    def integer(self, low: int, high: int, what: str = "an integer") -> int:
        """An integer from ``low`` to ``high`` (not a bool, not a float)."""
        v = self.value
        if not isinstance(v, int) or isinstance(v, bool):
            self.wrong(f"{what} from {low} to {high}")
        if not low <= v <= high:
            self.fail(f"{shown(v)} is out of range ({low} to {high})")
        return v

    def boolean(self) -> bool:
        if not isinstance(self.value, bool):
            self.wrong("true or false")
        return self.value

    def text(self, most: int = MAX_TEXT) -> str:
        if not isinstance(self.value, str):
            self.wrong("a string")
        if len(self.value) > most:
            self.fail(f"{len(self.value):,} characters is too long (at most {most:,})")
        return self.value

    def card(self) -> Card:
        if not isinstance(self.value, str) or len(self.value) > 8:
            self.wrong("a card code")
        try:
            return parse_card(self.value)
        except EuchreError as e:
            self.fail(str(e))

    def cards(self, most: int = 64) -> list[Card]:
        return [f.card() for f in self.each(most)]

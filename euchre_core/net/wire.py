"""The wire form of the engine's records: one generic serializer for frozen dataclasses.

Events, views, contracts and any plugin's own frozen dataclass events travel as JSON
with no code written per class:

* a card is its code (``"JH"``), a suit its letter, a phase its word;
* an action is its text form (``"play JH"``, ``"order alone"``);
* an event is an object ``{"event": class name, field: value, ...}``;
* another dataclass (a contract, a view) is an object of its fields;
* tuples and lists are arrays, mappings are objects.

:func:`decode` reads the JSON back by the fields' type hints, checking each value: a
value of the wrong shape raises :class:`WireError` naming where it is.
"""

from __future__ import annotations

import dataclasses
import sys
import types
import typing
from collections.abc import Mapping
from enum import Enum
from functools import cache
from typing import Any

from ..actions import Action, parse_action
from ..cards import Card, parse_card
from ..errors import EuchreError
from ..events import Event
from ..frozen import FrozenDict

__all__ = ["WireError", "decode", "decode_event", "encode", "event_class"]


class WireError(EuchreError):
    """A JSON value that is not the wire form of what was expected."""


_PLAIN = frozenset({int, str, bool, float, type(None)})


def encode(obj: Any, memo: dict[int, tuple[Any, Any]] | None = None) -> Any:
    """The JSON-ready wire form of ``obj`` (see the module's docstring).

    :param memo: the wire forms of events (and frozen mappings: a variant's options)
      already encoded, by ``id`` (it holds each object, so that an ``id`` is never
      reused while its entry is there); the caller clears it when it likes
    """
    if memo is not None and isinstance(obj, (Event, FrozenDict)):
        hit = memo.get(id(obj))
        if hit is not None and hit[0] is obj:
            return hit[1]
        if isinstance(obj, FrozenDict):
            value: Any = {str(k): encode(v, memo) for k, v in obj.items()}
        else:
            value = encode(obj)
        memo[id(obj)] = (obj, value)
        return value
    kind = type(obj)
    if kind in _PLAIN:
        return obj
    if kind is Card:
        return obj.code
    if kind is tuple:
        if all(type(v) in _PLAIN for v in obj):
            return list(obj)
        if all(type(v) is Card for v in obj):
            return [v.code for v in obj]
    if obj is None or isinstance(obj, (bool, int, float)):
        return obj
    if isinstance(obj, Card):
        return obj.code
    if isinstance(obj, Enum):
        return obj.value
    if isinstance(obj, str):
        return obj
    if isinstance(obj, Action):
        return str(obj)
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        out: dict[str, Any] = {}
        if isinstance(obj, Event):
            out["event"] = type(obj).__name__
        for f in dataclasses.fields(obj):
            out[f.name] = encode(getattr(obj, f.name), memo)
        return out
    if isinstance(obj, Mapping):
        return {str(k): encode(v, memo) for k, v in obj.items()}
    if isinstance(obj, (tuple, list, set, frozenset)):
        items = sorted(obj, key=str) if isinstance(obj, (set, frozenset)) else obj
        if memo is None:
            return [encode(v) for v in items]
        out_list = []
        for v in items:  # a view's events: mostly encoded already
            hit = memo.get(id(v))
            out_list.append(hit[1] if hit is not None and hit[0] is v else encode(v, memo))
        return out_list
    raise WireError(f"{type(obj).__name__} has no wire form")


def event_class(name: str) -> type[Event] | None:
    """The event class called ``name`` (the engine's and every loaded plugin's).

    Only the class its module names counts: ``@dataclass(slots=True)`` makes a new class
    and leaves the first one among the subclasses for a while."""
    seen: list[type[Event]] = [Event]
    i = 0
    while i < len(seen):
        cls = seen[i]
        if cls.__name__ == name and cls is not Event and _is_named(cls):
            return cls
        seen.extend(c for c in cls.__subclasses__() if c not in seen)
        i += 1
    return None


def _is_named(cls: type) -> bool:
    module = sys.modules.get(cls.__module__)
    return module is not None and getattr(module, cls.__qualname__, None) is cls


def decode_event(data: Any, where: str = "event") -> Event:
    """An event from its wire form."""
    if not isinstance(data, dict) or not isinstance(data.get("event"), str):
        raise WireError(f"{where}: expected an object with an 'event' name")
    cls = event_class(data["event"])
    if cls is None:
        raise WireError(f"{where}: unknown event {data['event']!r}")
    fields = {k: v for k, v in data.items() if k != "event"}
    value = _dataclass(cls, fields, where)
    assert isinstance(value, Event)
    return value


def decode(tp: Any, data: Any, where: str = "value") -> Any:
    """The value of type ``tp`` whose wire form is ``data``."""
    if tp is Any or tp is object:
        return data
    origin = typing.get_origin(tp)
    if origin is typing.Union or origin is types.UnionType:
        args = typing.get_args(tp)
        if data is None:
            if type(None) in args:
                return None
            raise WireError(f"{where}: must not be null")
        errors: list[str] = []
        for arg in args:
            if arg is type(None):
                continue
            try:
                return decode(arg, data, where)
            except WireError as e:
                errors.append(str(e))
        raise WireError(errors[0] if errors else f"{where}: no type fits")
    if origin in (tuple, list):
        if not isinstance(data, list):
            raise WireError(f"{where}: expected an array")
        args = typing.get_args(tp)
        if origin is tuple and args and args[-1] is not Ellipsis:
            if len(args) != len(data):
                raise WireError(f"{where}: expected {len(args)} items")
            return tuple(
                decode(a, v, f"{where}[{i}]")
                for i, (a, v) in enumerate(zip(args, data, strict=True))
            )
        item = args[0] if args else Any
        values = [decode(item, v, f"{where}[{i}]") for i, v in enumerate(data)]
        return tuple(values) if origin is tuple else values
    if (
        origin in (dict, Mapping)
        or tp in (dict, Mapping)
        or origin is typing.get_origin(Mapping[str, Any])
    ):
        if not isinstance(data, dict):
            raise WireError(f"{where}: expected an object")
        args = typing.get_args(tp)
        value_type = args[1] if len(args) == 2 else Any
        return {k: decode(value_type, v, f"{where}.{k}") for k, v in data.items()}
    if tp in (tuple, list):
        if not isinstance(data, list):
            raise WireError(f"{where}: expected an array")
        return tuple(data) if tp is tuple else list(data)
    if isinstance(tp, type):
        return _of_class(tp, data, where)
    raise WireError(f"{where}: cannot read a value of type {tp!r}")


def _of_class(tp: type, data: Any, where: str) -> Any:
    if tp is bool:
        if not isinstance(data, bool):
            raise WireError(f"{where}: expected true or false")
        return data
    if tp is int:
        if isinstance(data, bool) or not isinstance(data, int):
            raise WireError(f"{where}: expected a whole number")
        return data
    if tp is float:
        if isinstance(data, bool) or not isinstance(data, (int, float)):
            raise WireError(f"{where}: expected a number")
        return float(data)
    if tp is Card:
        if not isinstance(data, str):
            raise WireError(f"{where}: expected a card code")
        try:
            return parse_card(data)
        except EuchreError as e:
            raise WireError(f"{where}: {e}") from None
    if issubclass(tp, Enum):
        try:
            return tp(data)
        except ValueError:
            raise WireError(f"{where}: {data!r} is not a {tp.__name__}") from None
    if tp is str:
        if not isinstance(data, str):
            raise WireError(f"{where}: expected a string")
        return data
    if issubclass(tp, Action):
        if not isinstance(data, str):
            raise WireError(f"{where}: expected an action's text")
        try:
            action = parse_action(data)
        except EuchreError as e:
            raise WireError(f"{where}: {e}") from None
        if not isinstance(action, tp):
            raise WireError(f"{where}: {data!r} is not a {tp.__name__}")
        return action
    if issubclass(tp, Event):
        event = decode_event(data, where)
        if not isinstance(event, tp):
            raise WireError(f"{where}: {type(event).__name__} is not a {tp.__name__}")
        return event
    if dataclasses.is_dataclass(tp):
        if not isinstance(data, dict):
            raise WireError(f"{where}: expected an object")
        return _dataclass(tp, data, where)
    raise WireError(f"{where}: cannot read a {tp.__name__}")


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _dataclass(cls: type, data: dict[str, Any], where: str) -> Any:
    hints = _hints(cls)
    values: dict[str, Any] = {}
    known = {f.name: f for f in dataclasses.fields(cls)}
    for name in data:
        if name not in known:
            raise WireError(f"{where}: unknown field {name!r} of {cls.__name__}")
    for name, f in known.items():
        if name in data:
            values[name] = decode(hints[name], data[name], f"{where}.{name}")
        elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            raise WireError(f"{where}: {cls.__name__} needs {name!r}")
    try:
        return cls(**values)
    except (TypeError, ValueError, EuchreError) as e:
        raise WireError(f"{where}: {e}") from None

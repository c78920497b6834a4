"""Read-only mappings for what the engine hands out: option tables and result extras.

A :class:`~euchre_core.view.PlayerView` carries the rules' option values and the events of
the hand; those must not give a bot or a screen a way to change the game. The values are
scalars, tuples and frozen records; the mappings around them are :class:`FrozenDict`: a
``dict`` (so reads cost what a dict read costs on the engine's hot path) whose every
mutating method raises :class:`TypeError`. It copies, deep-copies and pickles as a new
frozen mapping of the same items.

This protects the game from accidents and from honest bots, not from code that means
harm: a bot in the same process can reach anything Python lets it reach. Seats that must
not be trusted play out of process (the networked table sends them views, not objects).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NoReturn, TypeVar

__all__ = ["FrozenDict", "freeze"]

K = TypeVar("K")
V = TypeVar("V")


class FrozenDict(dict[K, V]):
    """A ``dict`` that cannot be changed after it is made."""

    __slots__ = ()

    def _refuse(self, *args: object, **kwargs: object) -> NoReturn:
        raise TypeError("this mapping is read-only: the rules of a game cannot be changed")

    __setitem__ = _refuse
    __delitem__ = _refuse
    __ior__ = _refuse
    clear = _refuse
    pop = _refuse
    popitem = _refuse
    setdefault = _refuse
    update = _refuse

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (dict(self),))

    def __copy__(self) -> FrozenDict[K, V]:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> FrozenDict[K, V]:
        return self

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(frozenset(self.items()))

    def __repr__(self) -> str:
        return f"FrozenDict({dict.__repr__(self)})"


def freeze(value: Any) -> Any:
    """``value`` with every mapping in it made a :class:`FrozenDict` and every list or set
    a tuple or frozenset, all the way down."""
    if isinstance(value, FrozenDict):
        if all(_is_frozen(v) for v in value.values()):
            return value
        return FrozenDict({k: freeze(v) for k, v in value.items()})
    if isinstance(value, Mapping):
        return FrozenDict({k: freeze(v) for k, v in value.items()})
    if isinstance(value, (list, tuple)):
        return tuple(freeze(v) for v in value)
    if isinstance(value, (set, frozenset)):
        return frozenset(freeze(v) for v in value)
    return value


def _is_frozen(value: Any) -> bool:
    if isinstance(value, FrozenDict):
        return all(_is_frozen(v) for v in value.values())
    if isinstance(value, tuple):
        return all(_is_frozen(v) for v in value)
    return not isinstance(value, (dict, list, set, Mapping))

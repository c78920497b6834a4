"""A faster ``__init__`` for the frozen, slotted dataclasses the engine makes every hand.

A frozen dataclass's generated ``__init__`` stores each field through
``object.__setattr__`` (frozen classes refuse plain assignment). For a class with
``__slots__`` each field is a member descriptor, and storing through the descriptor's
``__set__`` does the same thing in about half the time. Events and the plugins' answers
(deals, decisions, teams, scores) are made a few dozen times per hand, so this is a few
per cent of a whole hand. The class stays exactly as the dataclass made it (frozen,
compared and hashed by value, pickled); only its ``__init__`` is replaced, with the same
parameters and defaults.
"""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar

T = TypeVar("T", bound=type)

__all__ = ["fast_init"]


def fast_init(cls: T) -> T:
    """Replace the ``__init__`` of a frozen dataclass with ``slots=True`` (put it above the
    ``@dataclass`` line). A class the fast form does not cover (a ``__post_init__``,
    keyword-only or non-init fields, no slots) is returned unchanged."""
    fields = dataclasses.fields(cls)
    if (
        "__slots__" not in cls.__dict__
        or hasattr(cls, "__post_init__")
        or any(not f.init or f.kw_only for f in fields)
    ):
        return cls
    ns: dict[str, Any] = {"_MISSING": dataclasses.MISSING}
    params: list[str] = []
    body: list[str] = []
    for f in fields:
        name = f.name
        slot = next(k.__dict__[name] for k in cls.__mro__ if name in k.__dict__)
        ns[f"_set_{name}"] = slot.__set__
        if f.default is not dataclasses.MISSING:
            ns[f"_default_{name}"] = f.default
            params.append(f"{name}=_default_{name}")
        elif f.default_factory is not dataclasses.MISSING:
            ns[f"_factory_{name}"] = f.default_factory
            params.append(f"{name}=_MISSING")
            body.append(f"    if {name} is _MISSING:\n        {name} = _factory_{name}()")
        else:
            params.append(name)
        body.append(f"    _set_{name}(self, {name})")
    source = f"def __init__(self, {', '.join(params)}):\n" + "\n".join(body or ["    pass"])
    exec(source, ns)  # the same way dataclasses writes its own __init__
    init = ns["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = cls.__dict__["__init__"].__doc__
    cls.__init__ = init  # type: ignore[misc]
    return cls

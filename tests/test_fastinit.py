"""The faster __init__ of the engine's frozen dataclasses behaves like the generated one."""

from __future__ import annotations

import copy
import dataclasses
import inspect
import pickle
from dataclasses import dataclass, field

import pytest

from euchre_core import events, model
from euchre_core._fastinit import fast_init


@dataclass(frozen=True, slots=True)
class Plain:
    a: int
    b: str = "x"
    c: tuple[int, ...] = ()
    d: dict[str, int] = field(default_factory=dict, hash=False)


@fast_init
@dataclass(frozen=True, slots=True)
class Fast:
    a: int
    b: str = "x"
    c: tuple[int, ...] = ()
    d: dict[str, int] = field(default_factory=dict, hash=False)


@pytest.mark.parametrize(
    ("args", "kwargs"),
    [((1,), {}), ((1, "y"), {}), ((1,), {"c": (2, 3)}), ((), {"a": 4, "d": {"k": 1}})],
)
def test_the_fast_init_stores_what_the_generated_one_stores(
    args: tuple[object, ...], kwargs: dict[str, object]
) -> None:
    plain = Plain(*args, **kwargs)  # type: ignore[arg-type]
    fast = Fast(*args, **kwargs)  # type: ignore[arg-type]
    assert dataclasses.astuple(fast) == dataclasses.astuple(plain)
    assert repr(fast).replace("Fast", "Plain") == repr(plain)
    assert fast == Fast(*args, **kwargs)  # type: ignore[arg-type]
    assert hash(Fast(1)) == hash(Fast(1))
    assert pickle.loads(pickle.dumps(fast)) == fast
    assert copy.deepcopy(fast) == fast


def test_each_default_factory_gives_a_new_object() -> None:
    assert Fast(1).d is not Fast(1).d
    assert Fast(1).d == {}


def test_the_fast_init_takes_the_same_parameters() -> None:
    names = [p.name for p in inspect.signature(Fast).parameters.values()]
    assert names == [p.name for p in inspect.signature(Plain).parameters.values()]
    with pytest.raises(TypeError):
        Fast()  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Fast(1, e=2)  # type: ignore[call-arg]


def test_the_class_stays_frozen() -> None:
    f = Fast(1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        f.a = 2  # type: ignore[misc]


def test_classes_the_fast_form_does_not_cover_are_left_alone() -> None:
    @dataclass(frozen=True, slots=True)
    class Checked:
        a: int

        def __post_init__(self) -> None:
            if self.a < 0:
                raise ValueError("negative")

    @dataclass(frozen=True, slots=True, kw_only=True)
    class KeywordOnly:
        a: int

    @dataclass(frozen=True)
    class NoSlots:
        a: int

    for cls in (Checked, KeywordOnly, NoSlots):
        before = cls.__dict__["__init__"]
        assert fast_init(cls).__dict__["__init__"] is before
    with pytest.raises(ValueError):
        Checked(-1)


@pytest.mark.parametrize(
    "cls",
    [
        c
        for mod in (events, model)
        for c in vars(mod).values()
        if isinstance(c, type) and dataclasses.is_dataclass(c) and c.__module__ == mod.__name__
    ],
)
def test_every_engine_record_keeps_its_fields_in_order(cls: type) -> None:
    params = list(inspect.signature(cls).parameters)
    assert params == [f.name for f in dataclasses.fields(cls)]

"""The optional compiled build: which modules it compiles, and which run compiled here.

``EUCHRE_COMPILE=1 pip install .`` compiles :data:`COMPILED_MODULES` to C extensions with
mypyc (see ``setup.py``, which reads the list from this file); they behave exactly as the
Python modules, faster. This module imports nothing of the package, so that the build can
read it before anything is installed.

Besides the core's modules, the list holds plugin code: a hook implementation cannot be
compiled (pluggy marks it with an attribute, which a compiled function cannot carry), so
a built-in plugin whose hooks are asked at every hand keeps its implementations in Python
and hands their work over to a module of plain functions, which is compiled
(``euchre_plugins.standard_core`` for ``standard``). Error messages still name the plugin:
its implementation's frame is in every traceback.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util

__all__ = ["COMPILED_MODULES", "build_name", "compiled_modules"]

#: The modules the compiled build compiles: cards and their ranking, the state machine
#: with the loop that plays games out between bots, the random and the heuristic bots.
COMPILED_MODULES: tuple[str, ...] = (
    "euchre_core.cards",
    "euchre_core.trumps",
    "euchre_core.state",
    "euchre_core.analysis.playout",
    "euchre_core.bots.random_bot",
    "euchre_core.bots.evaluate",
    "euchre_core.bots.heuristic",
    "euchre_core.bots.knowledge",
    "euchre_core.bots.cardplay",
    "euchre_plugins.standard_core",
)

#: The folder of the source tree each top-level package of :data:`COMPILED_MODULES` is
#: in (``package-dir`` of ``pyproject.toml``: the plugins are the folder ``plugins``).
SOURCE_FOLDERS: dict[str, str] = {"euchre_core": "euchre_core", "euchre_plugins": "plugins"}


def source_path(name: str) -> str:
    """The path of module ``name``'s source in the source tree, relative to its root
    (``euchre_plugins.standard_core`` is ``plugins/standard_core.py``)."""
    package, _, rest = name.partition(".")
    return "/".join([SOURCE_FOLDERS[package], *rest.split(".")]) + ".py"


def compiled_modules() -> tuple[str, ...]:
    """The modules of :data:`COMPILED_MODULES` that this installation runs compiled (none
    for the pure-Python install)."""
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    found = []
    for name in COMPILED_MODULES:
        spec = importlib.util.find_spec(name)
        if spec is not None and (spec.origin or "").endswith(suffixes):
            found.append(name)
    return tuple(found)


def build_name() -> str:
    """``"compiled build"`` when any module runs compiled, else ``"pure Python"``."""
    return "compiled build" if compiled_modules() else "pure Python"

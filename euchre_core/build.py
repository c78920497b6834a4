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

import importlib
import importlib.machinery
import importlib.util
import sys
from pathlib import Path

__all__ = [
    "COMPILED_MODULES",
    "SOURCE_FOLDERS",
    "build_name",
    "compiled_modules",
    "load_as_the_core",
    "source_path",
]

#: The modules the compiled build compiles: cards and their ranking, the state machine
#: with the loop that plays games out between bots, the random and the heuristic bots,
#: and the rules of standard euchre asked at every hand (the deal, the bids, the
#: exchange and the lone hands, the teams, the opening lead, the score).
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


def load_as_the_core(name: str) -> None:
    """Import plugin module ``name`` (one of :data:`COMPILED_MODULES`) from its Python
    source when it is installed compiled but the core in use is not: a source tree's
    ``euchre_core`` ahead of the installed compiled build on ``sys.path`` (Python run from
    the tree's root). Its compiled functions take only the compiled core's classes. A
    plugin calls this before it imports the module; otherwise it does nothing."""
    if name in sys.modules:
        return
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    core = importlib.import_module("euchre_core.state")
    if (getattr(core, "__file__", None) or "").endswith(suffixes):
        return
    spec = importlib.util.find_spec(name)
    if spec is None or not (spec.origin or "").endswith(suffixes):
        return
    source = Path(spec.origin or "").with_name(name.rpartition(".")[2] + ".py")
    python = importlib.util.spec_from_file_location(name, source)
    if not source.is_file() or python is None or python.loader is None:
        return
    module = importlib.util.module_from_spec(python)
    sys.modules[name] = module
    python.loader.exec_module(module)

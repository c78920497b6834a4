"""Finding plugins and building the rules of one game.

Built-in plugins are registered by name (``euchre_plugins.BUILTIN``); third-party plugins
are discovered through the entry-point group ``euchre`` and become active only when a
variant (or ``--rule``) names them.

:func:`build_rules` makes one pluggy ``PluginManager`` for a plugin stack and compiles it
into a :class:`Rules` object: one callable per hook. A hook answered by a single plugin
without wrappers is called directly (a plain Python call instead of pluggy's dispatch;
the hot path of a hand stays fast); every other hook goes through pluggy.

Debugging, through the environment:

* ``EUCHRE_TRACE_HOOKS=1`` prints every hook call with its arguments and result to stderr;
* ``EUCHRE_DISABLE_PLUGINS=a,b`` leaves those plugins out (an essential one cannot be);
* ``EUCHRE_DEBUG=1`` makes the command line show tracebacks.

An exception raised inside a plugin surfaces as :class:`PluginError` naming the hook and
the plugin, with the original exception as ``__cause__``.
"""

from __future__ import annotations

import difflib
import importlib
import inspect
import os
import sys
import types
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, cast

import pluggy

from . import hookspecs
from .errors import EuchreError, PluginError, UnknownPluginError

__all__ = [
    "PluginInfo",
    "Rules",
    "available_plugins",
    "build_rules",
    "is_plugin",
    "load_plugin",
    "normalize_name",
    "plugin_meta",
]

ENTRY_POINT_GROUP = "euchre"
HOOK_NAMES: tuple[str, ...] = tuple(name for name in dir(hookspecs) if name.startswith("euchre_"))


def normalize_name(name: str) -> str:
    """Names users type are kebab-case; ``_`` is accepted for ``-`` and case is ignored."""
    return name.strip().lower().replace("_", "-")


@dataclass(frozen=True)
class PluginInfo:
    """Where a plugin comes from.

    :ivar name: kebab-case name
    :ivar module: import path of the module
    :ivar package: distribution that provides it (``euchre`` for built-ins)
    :ivar version: that distribution's version
    :ivar builtin: shipped with euchre
    """

    name: str
    module: str
    package: str
    version: str
    builtin: bool


def _euchre_version() -> str:
    try:
        from importlib.metadata import version

        return version("euchre")
    except Exception:  # pragma: no cover - running from an uninstalled checkout
        return "0+unknown"


@cache
def available_plugins() -> dict[str, PluginInfo]:
    """Every plugin that can be named, built-in and installed, by name."""
    from euchre_plugins import BUILTIN

    version = _euchre_version()
    found = {
        name: PluginInfo(name, module, "euchre", version, True) for name, module in BUILTIN.items()
    }
    if os.environ.get("EUCHRE_NO_ENTRY_POINTS"):
        return found
    from importlib.metadata import entry_points

    for ep in entry_points(group=ENTRY_POINT_GROUP):
        name = normalize_name(ep.name)
        if name in found:
            continue
        dist = ep.dist
        found[name] = PluginInfo(
            name,
            ep.value.split(":")[0],
            dist.metadata["Name"] if dist is not None else "?",
            dist.version if dist is not None else "?",
            False,
        )
    return found


def is_plugin(name: str) -> bool:
    """Whether a plugin called ``name`` (kebab-case) can be named: a built-in one is known
    without looking through the installed packages' entry points."""
    from euchre_plugins import BUILTIN

    return name in BUILTIN or name in available_plugins()


def suggest(name: str, choices: Iterable[str]) -> str:
    """`` (did you mean 'x'?)`` for a near miss, else an empty string."""
    close = difflib.get_close_matches(name, list(choices), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


_LOADED: dict[str, object] = {}


def load_plugin(name: str, *, source: str = "", key: str = "") -> object:
    """Import the plugin called ``name`` (built-in or installed) and return it.

    :raises UnknownPluginError: with a did-you-mean for a near miss.
    """
    from euchre_plugins import BUILTIN

    name = normalize_name(name)
    plugin = _LOADED.get(name)
    if plugin is not None:
        return plugin
    module_name = BUILTIN.get(name)  # a built-in name is never an installed plugin's
    if module_name is None:
        info = available_plugins().get(name)
        if info is None:
            raise UnknownPluginError(
                source, key, f"unknown plugin {name!r}{suggest(name, available_plugins())}"
            )
        module_name = info.module
    try:
        module = importlib.import_module(module_name)
    except Exception as e:
        raise UnknownPluginError(
            source, key, f"plugin {name!r} could not be imported: {type(e).__name__}: {e}"
        ) from e
    _LOADED[name] = module
    return module


def plugin_meta(plugin: object) -> dict[str, Any]:
    """A plugin's declared metadata (module attributes): ``NAME``, ``APPLIES_TO``,
    ``CONFLICTS``, ``REQUIRES``, ``ESSENTIAL`` and its docstring."""
    return {
        "name": getattr(plugin, "NAME", None),
        "applies_to": tuple(getattr(plugin, "APPLIES_TO", ()) or ()),
        "conflicts": tuple(getattr(plugin, "CONFLICTS", ()) or ()),
        "requires": tuple(getattr(plugin, "REQUIRES", ()) or ()),
        "essential": bool(getattr(plugin, "ESSENTIAL", False)),
        "doc": inspect.getdoc(plugin) or "",
    }


def disabled_plugins() -> set[str]:
    raw = os.environ.get("EUCHRE_DISABLE_PLUGINS", "")
    return {normalize_name(p) for p in raw.split(",") if p.strip()}


def _short(value: object) -> str:
    from .state import State

    if isinstance(value, State):
        # The first hooks fire while the state is still being built (no phase yet).
        phase = getattr(value, "phase", "starting")
        return f"<state hand {getattr(value, 'hand_number', -1)} {phase}>"
    text = repr(value)
    return text if len(text) <= 200 else text[:197] + "..."


class Rules:
    """The compiled hooks of one plugin stack: ``rules.<hook without prefix>(...)``.

    Each attribute is a callable taking the hook's arguments positionally, in the order of
    the spec, e.g. ``rules.legal_plays(state, seat)``. Built by :func:`build_rules`.

    :ivar pm: the pluggy plugin manager
    :ivar names: the plugin names of the stack, in registration order
    :ivar observed: whether any plugin observes or adds events
    :ivar code_owner: code object of each hook implementation -> (hook, plugin name)
    """

    pm: pluggy.PluginManager
    names: tuple[str, ...]
    observed: bool
    code_owner: dict[Any, tuple[str, str]]

    add_options: Callable[[], list[Any]]
    option_presets: Callable[[], list[Any]]
    table: Callable[..., Any]
    first_dealer: Callable[..., Any]
    deal: Callable[..., Any]
    bidder: Callable[..., Any]
    legal_bids: Callable[..., Any]
    bidding_result: Callable[..., Any]
    ranking: Callable[..., Any]
    prepare_step: Callable[..., Any]
    teams: Callable[..., Any]
    first_leader: Callable[..., Any]
    legal_plays: Callable[..., Any]
    play_actions: Callable[..., Any]
    play_over: Callable[..., Any]
    why_illegal: Callable[..., Any]
    trick_winner: Callable[..., Any]
    score_hand: Callable[..., Any]
    game_result: Callable[..., Any]
    next_dealer: Callable[..., Any]
    on_event: Callable[..., Any]
    extra_events: Callable[..., Any]
    hand_facts: Callable[..., Any]
    add_metrics: Callable[[], list[Any]]

    add_coaching: Callable[..., Any]
    bot_advice: Callable[..., Any]
    known_sides: Callable[..., Any]
    action_words: Callable[..., Any]
    sample_constraints: Callable[..., Any]
    describe_event: Callable[..., Any]

    def implementers(self, hook: str) -> list[str]:
        """Plugin names implementing ``hook`` (``euchre_`` prefix optional), first asked
        first."""
        if not hook.startswith("euchre_"):
            hook = "euchre_" + hook
        caller = getattr(self.pm.hook, hook)
        return [impl.plugin_name for impl in reversed(caller.get_hookimpls())]

    def wrappers(self, hook: str) -> list[str]:
        if not hook.startswith("euchre_"):
            hook = "euchre_" + hook
        caller = getattr(self.pm.hook, hook)
        return [
            impl.plugin_name
            for impl in reversed(caller.get_hookimpls())
            if impl.wrapper or impl.hookwrapper
        ]


def _spec_argnames(hook: str) -> tuple[str, ...]:
    fn = getattr(hookspecs, hook)
    return tuple(inspect.signature(fn).parameters)


def _compile(pm: pluggy.PluginManager, hook: str, fast: bool) -> Callable[..., Any]:
    caller = getattr(pm.hook, hook)
    argnames = _spec_argnames(hook)
    impls = caller.get_hookimpls()
    firstresult = bool(caller.spec and caller.spec.opts.get("firstresult"))

    if fast and len(impls) == 1 and not (impls[0].wrapper or impls[0].hookwrapper):
        # A single plain implementation: call it directly (no pluggy dispatch). Errors are
        # attributed to the plugin by :func:`plugin_error` where the state catches them.
        impl = impls[0]
        fn = impl.function
        if tuple(impl.argnames) == argnames:
            target = fn
        else:
            positions = [argnames.index(a) for a in impl.argnames]

            def target(*args: Any) -> Any:
                return fn(*[args[i] for i in positions])

        if firstresult:
            return target  # type: ignore[no-any-return]

        def collect(*args: Any) -> Any:
            result = target(*args)
            return [] if result is None else [result]

        return collect

    if not impls:
        if firstresult:
            return lambda *args: None
        return lambda *args: []

    def via_pluggy(*args: Any) -> Any:
        return caller(**dict(zip(argnames, args, strict=True)))

    via_pluggy.__name__ = hook
    return via_pluggy


def plugin_error(rules: Rules, exc: Exception) -> PluginError | None:
    """A :class:`PluginError` naming the hook and plugin whose code raised ``exc``, or
    ``None`` when no plugin code is in its traceback (a bug of the core itself)."""
    found = None
    tb = exc.__traceback__
    while tb is not None:
        hit = rules.code_owner.get(tb.tb_frame.f_code)
        if hit is not None:
            found = hit
        tb = tb.tb_next
    if found is None:
        return None
    hook, plugin = found
    err = PluginError(hook, plugin, exc)
    # Its cause is ``exc`` however it is raised (the compiled build's ``raise ... from``
    # does not set it).
    err.__cause__ = exc
    return err


def _trace(pm: pluggy.PluginManager) -> None:
    def before(hook_name: str, impls: Sequence[pluggy.HookImpl], kwargs: Mapping[str, Any]) -> None:
        args = ", ".join(f"{k}={_short(v)}" for k, v in kwargs.items())
        names = ",".join(i.plugin_name for i in reversed(impls))
        print(f"[hook] {hook_name}({args}) <- {names}", file=sys.stderr)

    def after(
        outcome: Any, hook_name: str, impls: Sequence[pluggy.HookImpl], kwargs: Mapping[str, Any]
    ) -> None:
        exc = outcome.exception
        res = f"raised {exc!r}" if exc is not None else _short(outcome.get_result())
        print(f"[hook] {hook_name} -> {res}", file=sys.stderr)

    pm.add_hookcall_monitoring(before, after)


def build_rules(plugins: Iterable[str | object], *, source: str = "") -> Rules:
    """Build a plugin manager for a stack of plugins and compile its hooks.

    :param plugins: plugin names (built-in or installed) or plugin objects (a module or
      any object with ``hookimpl``-marked functions, e.g. for one test), in order; later
      plugins are asked first and wrap the earlier ones.
    """
    pm = pluggy.PluginManager(hookspecs.PROJECT)
    pm.add_hookspecs(hookspecs)
    disabled = disabled_plugins()
    names: list[str] = []
    for i, item in enumerate(plugins):
        if isinstance(item, str):
            name = normalize_name(item)
            plugin = load_plugin(name, source=source, key=f"variant.plugins[{i}]")
            if name in disabled:
                if plugin_meta(plugin)["essential"]:
                    raise EuchreError(f"plugin {name!r} is essential and cannot be disabled")
                continue
        else:
            plugin = item
            name = normalize_name(
                getattr(item, "NAME", None)
                or (item.__name__ if isinstance(item, types.ModuleType) else type(item).__name__)
            )
        if pm.has_plugin(name):
            continue
        try:
            pm.register(plugin, name=name)
        except pluggy.PluginValidationError as e:
            raise EuchreError(f"plugin {name!r} is not valid: {e}") from e
        names.append(name)
    trace = bool(os.environ.get("EUCHRE_TRACE_HOOKS"))
    if trace:
        _trace(pm)
    rules = Rules()
    rules.pm = pm
    rules.names = tuple(names)
    for hook in HOOK_NAMES:
        setattr(rules, hook.removeprefix("euchre_"), _compile(pm, hook, fast=not trace))
    rules.code_owner = {}
    for hook in HOOK_NAMES:
        for impl in getattr(pm.hook, hook).get_hookimpls():
            code = getattr(impl.function, "__code__", None)
            if code is not None:
                rules.code_owner[code] = (hook, impl.plugin_name)
    rules.observed = bool(
        pm.hook.euchre_on_event.get_hookimpls() or pm.hook.euchre_extra_events.get_hookimpls()
    )
    return rules


def options_by_plugin(rules: Rules) -> dict[str, list[Any]]:
    """Each plugin's declared options, asking ``euchre_add_options`` plugin by plugin."""
    out: dict[str, list[Any]] = {name: [] for name in rules.names}
    for impl in rules.pm.hook.euchre_add_options.get_hookimpls():
        try:
            declared = cast("list[Any] | None", impl.function())
        except Exception as e:
            raise PluginError("euchre_add_options", impl.plugin_name, e) from e
        out[impl.plugin_name] = list(declared or [])
    return out

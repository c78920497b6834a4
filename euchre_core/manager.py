"""Finding plugins and building the rules of one game.

Built-in plugins are registered by name (``euchre_plugins.BUILTIN``); third-party plugins
are discovered through the entry-point group ``euchre`` and become active only when a
variant (or ``--rule``) names them.

:func:`build_rules` makes one pluggy ``PluginManager`` for a plugin stack and compiles it
into a :class:`Rules` object: one callable per hook. A hook answered by a single plugin
without wrappers is called directly (a plain Python call instead of pluggy's dispatch;
the hot path of a hand stays fast); several implementations and new-style wrappers are
composed into one call with pluggy's order and semantics; a stack with an old-style
``hookwrapper`` goes through pluggy, and so does every hook while hooks are traced.

Two answers the engine works out itself, the same answer for less, when the hook's only
plain implementation says it gives that answer (a function attribute, as ``after_answer``):
``euchre_legal_plays`` marked ``follows_suit`` (the cards of the suit led, else the whole
hand, by ``state.ranking``; its wrappers' ``after_answer`` functions still edit it) and
``euchre_trick_winner`` marked ``ranks_tricks`` (``state.ranking.winner_of(trick)``).

Debugging, through the environment:

* ``EUCHRE_TRACE_HOOKS=1`` prints every hook call with its arguments and result to stderr;
* ``EUCHRE_DISABLE_PLUGINS=a,b`` leaves those plugins out (an essential one cannot be);
* ``EUCHRE_DEBUG=1`` makes the command line show tracebacks.

An exception raised inside a plugin surfaces as :class:`PluginError` naming the hook and
the plugin, with the original exception as ``__cause__``; so do a wrapper that does not
yield (or yields twice) and, found only once something has gone wrong (the answers are
not checked on the hot path), an answer of the wrong type (:func:`answer_error`,
:func:`score_error`). A plugin implementing a hook that does not exist (a misspelled
name) or refused by pluggy is refused in one line when it is registered
(:func:`register_checked`).
"""

from __future__ import annotations

import difflib
import importlib
import inspect
import os
import re
import sys
import types
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, cast

import pluggy

from . import hookspecs
from .errors import ConfigError, EuchreError, PluginError, UnknownPluginError

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
    for info in _installed():
        found.setdefault(info.name, info)
    return found


def _installed() -> list[PluginInfo]:
    """Every installed plugin's entry point, in the order Python lists them."""
    if os.environ.get("EUCHRE_NO_ENTRY_POINTS"):
        return []
    from importlib.metadata import entry_points

    out = []
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        dist = ep.dist
        out.append(
            PluginInfo(
                normalize_name(ep.name),
                ep.value.split(":")[0],
                dist.metadata["Name"] if dist is not None else "?",
                dist.version if dist is not None else "?",
                False,
            )
        )
    return out


def hidden_plugins() -> list[tuple[PluginInfo, str]]:
    """Installed plugins that cannot be named as they are, each with the reason: a name
    that is a built-in plugin's (the built-in one is played), or a name that another
    installed package gives its plugin too (neither is played until one is uninstalled)."""
    from euchre_plugins import BUILTIN

    installed = _installed()
    out = []
    for info in installed:
        if info.name in BUILTIN:
            out.append(
                (info, f"the name is a built-in plugin's: the built-in {info.name} is played")
            )
            continue
        others = [o for o in installed if o.name == info.name and o is not info]
        if others:
            names = ", ".join(f"{o.package} {o.version}" for o in others)
            out.append((info, f"{names} installs a plugin of the same name: uninstall one"))
    return out


def is_plugin(name: str) -> bool:
    """Whether a plugin called ``name`` (kebab-case) can be named: a built-in one is known
    without looking through the installed packages' entry points."""
    from euchre_plugins import BUILTIN

    return name in BUILTIN or name in available_plugins()


def suggest(name: str, choices: Iterable[str]) -> str:
    """`` (did you mean 'x'?)`` for a near miss, else an empty string: the names holding
    what was typed (``stick``: ``stick-the-dealer``; up to three, the shortest first),
    else the closest spelling."""
    names = [str(c) for c in choices]
    typed = name.strip().lower()
    holding = sorted(
        (c for c in names if len(typed) >= 3 and typed in c.lower()),
        key=lambda c: (not c.lower().startswith(typed), len(c), c),
    )[:3]
    close = holding or difflib.get_close_matches(name, names, n=1, cutoff=0.6)
    if not close:
        return ""
    quoted = [repr(c) for c in close]
    said = quoted[0] if len(quoted) == 1 else f"{', '.join(quoted[:-1])} or {quoted[-1]}"
    return f" (did you mean {said}?)"


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
        offering = [i for i in _installed() if i.name == name]
        if len(offering) > 1:
            packages = " and ".join(f"{i.package} {i.version}" for i in offering)
            raise ConfigError(
                source, key, f"plugin {name!r} is installed by {packages}: uninstall one"
            )
        module_name = info.module
    try:
        module = importlib.import_module(module_name)
    except Exception as e:
        raise UnknownPluginError(
            source, key, f"plugin {name!r} could not be imported: {type(e).__name__}: {e}"
        ) from e
    declared = getattr(module, "NAME", None)
    if isinstance(declared, str) and normalize_name(declared) != name:
        # Its options would be kept under one name and read under the other.
        raise ConfigError(
            source,
            key,
            f"plugin {name!r} says its NAME is {declared!r}: the name it is installed "
            f"under (its entry point in the euchre group) and NAME must be the same",
        )
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
    """The plugins ``EUCHRE_DISABLE_PLUGINS`` leaves out of every game.

    :raises ConfigError: naming one that is no plugin (a misspelling would leave the
      plugin in, silently).
    """
    raw = os.environ.get("EUCHRE_DISABLE_PLUGINS", "")
    names = {normalize_name(p) for p in raw.split(",") if p.strip()}
    for name in sorted(names):
        if not is_plugin(name):
            raise ConfigError(
                "EUCHRE_DISABLE_PLUGINS",
                "",
                f"unknown plugin {name!r}{suggest(name, available_plugins())}",
            )
    return names


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

    # Slots: one per hook and the four above; the engine reads a hook at every step, and an
    # instance dictionary with this many keys is a slower read.
    __slots__ = (
        "pm",
        "names",
        "observed",
        "code_owner",
        "play_extras",
        "ask_play_over",
        "follow_suit",
        "follow_void_only",
        "ranks_tricks",
        *(name.removeprefix("euchre_") for name in HOOK_NAMES),
    )

    pm: pluggy.PluginManager
    names: tuple[str, ...]
    observed: bool
    code_owner: dict[Any, tuple[str, str]]
    #: whether any plugin adds actions of the play phase (``euchre_play_actions``)
    play_extras: bool
    #: whether any plugin implements ``euchre_play_over`` (it is asked only then)
    ask_play_over: bool
    #: when the legal plays are those of following suit (see the module's docstring): the
    #: ``after_answer`` functions of the wrappers around them, innermost first; else None
    follow_suit: tuple[Callable[..., Any], ...] | None
    #: whether every one of those functions is marked ``only_when_void`` (it changes the
    #: answer only for a seat holding no card of the suit led): they are called only then
    follow_void_only: bool
    #: whether the trick winner is the ranking's (``euchre_trick_winner`` marked
    #: ``ranks_tricks``, with no other implementation)
    ranks_tricks: bool

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


def _adapted(impl: Any, argnames: tuple[str, ...]) -> Callable[..., Any]:
    """The implementation as a callable taking the spec's arguments positionally."""
    fn = impl.function
    if tuple(impl.argnames) == argnames:
        return fn  # type: ignore[no-any-return]
    positions = [argnames.index(a) for a in impl.argnames]

    def target(*args: Any) -> Any:
        return fn(*[args[i] for i in positions])

    return target


#: The attributes that mark an implementation whose answer the engine works out itself
#: (see the module's docstring).
FOLLOWS_SUIT = "follows_suit"
RANKS_TRICKS = "ranks_tricks"

#: The attribute an ``after_answer`` of ``euchre_legal_plays`` may carry: ``True`` when it
#: returns the answer unchanged unless the seat holds no card of the suit led (a lead
#: included), so that the engine calls it only for such a seat.
ONLY_WHEN_VOID = "only_when_void"

#: The attribute a new-style wrapper may carry: a plain function that does what the
#: wrapper does after its ``yield`` (``after(*arguments, answer) -> answer``).
AFTER_ANSWER = "after_answer"


def _after_of(impl: Any, argnames: tuple[str, ...], hook: str = "") -> Callable[..., Any] | None:
    """A wrapper's ``after_answer`` function taking the spec's arguments positionally and
    then the answer, or ``None`` when the wrapper has none.

    :raises EuchreError: when ``after_answer`` cannot take the wrapper's arguments and
      the answer (found when the rules are built, not at the first call).
    """
    fn = impl.function
    after = getattr(fn, AFTER_ANSWER, None)
    if after is None:
        return None
    if inspect.ismethod(fn):  # a plugin object's method: the function, bound to it
        after = types.MethodType(after, fn.__self__)
    wanted = (*impl.argnames, "answer")
    try:
        inspect.signature(after).bind(*wanted)
    except TypeError:
        raise EuchreError(
            f"plugin {impl.plugin_name!r}: the after_answer of its {hook or 'hook'} wrapper "
            f"must take the wrapper's arguments and the answer ({', '.join(wanted)})"
        ) from None
    except ValueError:  # a callable without a signature to read: taken on trust
        pass
    if tuple(impl.argnames) == argnames:
        return cast("Callable[..., Any]", after)
    positions = [argnames.index(a) for a in impl.argnames]

    def target(*args: Any) -> Any:
        return after(*[args[i] for i in positions], args[-1])

    return target


def _filtered(
    afters: list[Callable[..., Any]], inner: Callable[..., Any], arity: int
) -> Callable[..., Any]:
    """A hook call whose wrappers only change the answer: the answer of ``inner``, passed
    through each wrapper's ``after_answer``, innermost first (what pluggy's teardowns do;
    an exception of the answer passes through such wrappers untouched, as through a
    ``yield`` that does not catch it)."""
    if len(afters) == 1 and arity == 2:
        after = afters[0]

        def filtered2(a: Any, b: Any) -> Any:
            return after(a, b, inner(a, b))

        return filtered2
    innermost_first = list(reversed(afters))

    def filtered(*args: Any) -> Any:
        result = inner(*args)
        for after in innermost_first:
            result = after(*args, result)
        return result

    return filtered


def _wrapfail(gen: Any, msg: str) -> RuntimeError:
    """pluggy's error for a wrapper that misbehaves (its text, word for word)."""
    co = gen.gi_code
    where = f"{co.co_name!r} {co.co_filename}:{co.co_firstlineno}"
    return RuntimeError(f"wrap_controller at {where} {msg}")


def _teardown(teardowns: list[Any], result: Any, exception: BaseException | None) -> Any:
    """Run the wrappers' code after their ``yield``, innermost first, as pluggy does: each
    is sent the result (or thrown the exception) and its return value replaces it."""
    for gen in reversed(teardowns):
        try:
            if exception is not None:
                try:
                    gen.throw(exception)
                except RuntimeError as re:
                    if isinstance(exception, StopIteration) and re.__cause__ is exception:
                        gen.close()
                        continue
                    raise
            else:
                gen.send(result)
            gen.close()
        except StopIteration as si:
            result = si.value
            exception = None
            continue
        except BaseException as e:
            exception = e
            continue
        exception = _wrapfail(gen, "has second yield")
    if exception is not None:
        raise exception
    return result


def _chain(
    wrappers: list[Callable[..., Any]],
    plain: list[Callable[..., Any]],
    firstresult: bool,
    arity: int = -1,
) -> Callable[..., Any]:
    """A hook call composed here instead of by pluggy's hook caller, with its semantics:
    the new-style wrappers (``wrapper=True``) entered outermost first, then the plain
    implementations, last registered first (a ``firstresult`` hook stops at the first
    answer that is not ``None``), then the wrappers' teardowns, innermost first."""
    if firstresult and len(wrappers) == 1 and len(plain) == 1 and arity == 2:
        wrap, inner = wrappers[0], plain[0]

        # The hot hooks (legal_plays, legal_bids) take two arguments: no tuple of them.
        def wrapped2(a: Any, b: Any) -> Any:
            gen = wrap(a, b)
            try:
                next(gen)
            except StopIteration:
                raise _wrapfail(gen, "did not yield") from None
            try:
                result = inner(a, b)
            except BaseException as exc:
                return _teardown([gen], None, exc)
            try:
                gen.send(result)
            except StopIteration as si:
                return si.value
            gen.close()
            raise _wrapfail(gen, "has second yield")

        return wrapped2

    if firstresult and len(wrappers) == 1 and len(plain) == 1:
        wrap, inner = wrappers[0], plain[0]

        def wrapped(*args: Any) -> Any:
            gen = wrap(*args)
            try:
                next(gen)
            except StopIteration:
                raise _wrapfail(gen, "did not yield") from None
            try:
                result = inner(*args)
            except BaseException as exc:
                return _teardown([gen], None, exc)
            try:
                gen.send(result)
            except StopIteration as si:
                return si.value
            gen.close()
            raise _wrapfail(gen, "has second yield")

        return wrapped

    def chained(*args: Any) -> Any:
        teardowns: list[Any] = []
        results: list[Any] = []
        exception: BaseException | None = None
        try:
            for wrap in wrappers:
                gen = wrap(*args)
                try:
                    next(gen)
                except StopIteration:
                    raise _wrapfail(gen, "did not yield") from None
                teardowns.append(gen)
            for fn in plain:
                res = fn(*args)
                if res is not None:
                    results.append(res)
                    if firstresult:
                        break
        except BaseException as exc:
            exception = exc
        result = (results[0] if results else None) if firstresult else results
        if not teardowns:
            if exception is not None:
                raise exception
            return result
        return _teardown(teardowns, result, exception)

    return chained


def _compile(pm: pluggy.PluginManager, hook: str, fast: bool) -> Callable[..., Any]:
    caller = getattr(pm.hook, hook)
    argnames = _spec_argnames(hook)
    impls = caller.get_hookimpls()
    firstresult = bool(caller.spec and caller.spec.opts.get("firstresult"))

    if not impls:
        if firstresult:
            return lambda *args: None
        return lambda *args: []

    if fast and len(impls) == 1 and not (impls[0].wrapper or impls[0].hookwrapper):
        # A single plain implementation: call it directly (no pluggy dispatch). Errors are
        # attributed to the plugin by :func:`plugin_error` where the state catches them.
        target = _adapted(impls[0], argnames)
        if firstresult:
            return target

        def collect(*args: Any) -> Any:
            result = target(*args)
            return [] if result is None else [result]

        return collect

    if fast and not any(i.hookwrapper or i.kwargnames for i in impls):
        # Several implementations, new-style wrappers among them: the same calls in the
        # same order as pluggy's, composed once here (pluggy's dispatch costs more per
        # call than a house rule's own work on the hot hooks).
        ordered = list(reversed(impls))
        afters = [_after_of(i, argnames, hook) for i in ordered if i.wrapper]
        if afters and all(a is not None for a in afters):
            # Every wrapper says what it does after its yield: no generator to drive.
            plain = [_adapted(i, argnames) for i in ordered if not i.wrapper]
            inner = (
                plain[0]
                if firstresult and len(plain) == 1
                else _chain([], plain, firstresult, len(argnames))
            )
            return _filtered([a for a in afters if a is not None], inner, len(argnames))
        return _chain(
            [_adapted(i, argnames) for i in ordered if i.wrapper],
            [_adapted(i, argnames) for i in ordered if not i.wrapper],
            firstresult,
            len(argnames),
        )

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
        found = _misbehaving_wrapper(rules, exc)
    if found is None:
        return None
    hook, plugin = found
    err = PluginError(hook, plugin, exc)
    # Its cause is ``exc`` however it is raised (the compiled build's ``raise ... from``
    # does not set it).
    err.__cause__ = exc
    return err


def _culprit(
    rules: Rules, hook: str, args: tuple[Any, ...], ok: Callable[[Any], bool]
) -> str | None:
    """The plugin whose answer to ``hook`` (asked again with ``args``) is the first that
    ``ok`` refuses: the plain implementations' answer, then each wrapper's edit of it,
    innermost first. Asked only after something went wrong (never on the hot path)."""
    argnames = _spec_argnames(hook)
    caller = getattr(rules.pm.hook, hook)
    impls = caller.get_hookimpls()  # innermost (first asked) last
    firstresult = bool(caller.spec and caller.spec.opts.get("firstresult"))
    answer: Any = [] if not firstresult else None
    for impl in reversed(impls):
        if impl.wrapper or impl.hookwrapper:
            continue
        res = _adapted(impl, argnames)(*args)
        if res is None:
            continue
        if not firstresult:
            answer.append(res)
            if not ok(res):
                return str(impl.plugin_name)
            continue
        if not ok(res):
            return str(impl.plugin_name)
        answer = res
        break
    for impl in impls:  # the wrappers, innermost first
        if not impl.wrapper:
            continue
        gen = _adapted(impl, argnames)(*args)
        try:
            next(gen)
            gen.send(answer)
        except StopIteration as si:
            answer = si.value
        else:
            gen.close()
            return str(impl.plugin_name)
        if not ok(answer):
            return str(impl.plugin_name)
    return None


def answer_error(rules: Rules, state: Any, exc: BaseException) -> PluginError | None:
    """A :class:`PluginError` naming the plugin whose answer to ``euchre_legal_plays`` or
    ``euchre_legal_bids`` caused ``exc`` (raised in the engine's code): asked again for
    the seat to act, an answer that holds something other than a card of that seat's
    hand, or than an action, names the plugin that gave it. ``None`` when the answers
    are right (or cannot be asked again). Called only when an exception has no plugin
    code in its traceback, so the answers are not checked while all goes well."""
    from .actions import Action
    from .cards import Card
    from .model import Phase

    seat = getattr(state, "to_act", None)
    if seat is None:
        return None
    phase = getattr(state, "phase", None)
    try:
        if phase is Phase.PLAY:
            hand = state.hands[seat]
            hook, args = "euchre_legal_plays", (state, seat)

            def ok(answer: Any) -> bool:
                return isinstance(answer, list | tuple) and all(
                    isinstance(c, Card) and any(c is h for h in hand) for c in answer
                )

            what = f"a list of cards of seat {seat}'s hand"
        elif phase is Phase.BIDDING:
            hook, args = "euchre_legal_bids", (state, seat)

            def ok(answer: Any) -> bool:
                return isinstance(answer, list | tuple) and all(
                    isinstance(b, Action) for b in answer
                )

            what = "a list of actions"
        else:
            return None
        plugin = _culprit(rules, hook, args, ok)
    except Exception:
        return None
    if plugin is None:
        return None
    err = PluginError(hook, plugin, TypeError(f"its answer is not {what}"))
    err.__cause__ = exc
    return err


def score_error(rules: Rules, state: Any, score: object) -> PluginError:
    """The error for an answer of ``euchre_score_hand`` that is not a ``HandScore``,
    naming the plugin that gave it (the outermost implementation when that cannot be
    worked out)."""
    from .model import HandScore

    try:
        plugin = _culprit(rules, "euchre_score_hand", (state,), lambda s: isinstance(s, HandScore))
    except Exception:
        plugin = None
    if plugin is None:
        plugin = rules.implementers("euchre_score_hand")[0]
    return PluginError(
        "euchre_score_hand",
        plugin,
        TypeError(f"answered {_short(score)}, not a HandScore"),
    )


def is_advice(answer: object, legal: Sequence[Any]) -> bool:
    """Whether ``answer`` is what ``euchre_bot_advice`` answers: ``(action, reason)`` with
    one of the ``legal`` actions (by identity first: actions are interned) and a string."""
    if not (isinstance(answer, tuple) and len(answer) == 2 and isinstance(answer[1], str)):
        return False
    action = answer[0]
    return any(a is action for a in legal) or action in legal


def advice_error(rules: Rules, view: Any, legal: Sequence[Any], advice: object) -> PluginError:
    """The error for an answer of ``euchre_bot_advice`` that is not ``(action, reason)``
    with one of the ``legal`` actions and a string, naming the plugin that gave it (the
    first implementation when that cannot be worked out)."""

    try:
        plugin = _culprit(
            rules, "euchre_bot_advice", (view, legal), lambda answer: is_advice(answer, legal)
        )
    except Exception:
        plugin = None
    if plugin is None:
        plugin = rules.implementers("euchre_bot_advice")[0]
    if isinstance(advice, tuple) and len(advice) == 2 and isinstance(advice[1], str):
        why = f"advised {_short(advice[0])}, which is not one of the legal actions"
    else:
        why = f"answered {_short(advice)}, not (action, reason)"
    return PluginError("euchre_bot_advice", plugin, ValueError(why))


_WRAPFAIL = re.compile(r"wrap_controller at '(\w+)' (.+):(\d+) (?:did not yield|has second yield)")


def _misbehaving_wrapper(rules: Rules, exc: BaseException) -> tuple[str, str] | None:
    """(hook, plugin) of the wrapper that did not yield, or yielded twice, which ``exc``
    (pluggy's error, or :func:`_wrapfail`'s, raised outside the plugin's code) names."""
    if not isinstance(exc, RuntimeError):
        return None
    m = _WRAPFAIL.match(str(exc))
    if m is None:
        return None
    name, filename, line = m.group(1), m.group(2), int(m.group(3))
    for code, owner in rules.code_owner.items():
        if (code.co_name, code.co_filename, code.co_firstlineno) == (name, filename, line):
            return owner
    return None


#: Hooks asked outside the engine's steps (by the front ends, the comparisons, the
#: search bots), whose plain implementations are wrapped so that an exception they raise
#: is a :class:`PluginError` wherever they are asked from (none is on the hot path).
GUARDED_HOOKS = (
    "euchre_add_metrics",
    "euchre_action_words",
    "euchre_sample_constraints",
    "euchre_describe_event",
    "euchre_bot_advice",
    "euchre_known_sides",
)


def _guard(impl: Any, hook: str) -> None:
    fn = impl.function
    plugin = impl.plugin_name

    def guarded(*args: Any) -> Any:
        try:
            return fn(*args)
        except EuchreError:
            raise
        except Exception as e:
            raise PluginError(hook, plugin, e) from e

    impl.function = guarded


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


def validation_message(name: str, exc: pluggy.PluginValidationError) -> str:
    """pluggy's (several lines) reason for refusing a plugin, as one line: ``plugin 'x' is
    not valid: hook euchre_score_hand: Argument(s) {'foo'} are declared in the hookimpl
    but can not be found in the hookspec``."""
    lines = [line.strip() for line in str(exc).splitlines() if line.strip()]
    hook = re.search(r"\bhook '(\w+)'", str(exc))
    reason = lines[-1] if lines else type(exc).__name__
    where = f"hook {hook.group(1)}: " if hook and len(lines) > 1 else ""
    return f"plugin {name!r} is not valid: {where}{reason}"


def unknown_hooks(pm: pluggy.PluginManager, plugin: object, name: str) -> str | None:
    """A one-line reason when ``plugin`` (registered as ``name``) marks a function as a
    hook implementation that answers no hook (a misspelled hook name), else ``None``."""
    for caller in pm.get_hookcallers(plugin) or []:
        if caller.has_spec():
            continue
        close = difflib.get_close_matches(caller.name, HOOK_NAMES, n=1, cutoff=0.6)
        hint = f" (did you mean {close[0]}?)" if close else ""
        return f"plugin {name!r} implements {caller.name}, which is not a hook{hint}"
    return None


def register_checked(pm: pluggy.PluginManager, plugin: object, name: str) -> None:
    """``pm.register`` that refuses, in one line (:class:`ConfigError`, as for a plugin
    that cannot be imported: the command line exits 2), a plugin pluggy finds invalid (an
    argument the hook has not, a wrapper that is not a generator) and a plugin
    implementing a hook that does not exist (pluggy would accept it silently)."""
    try:
        pm.register(plugin, name=name)
    except pluggy.PluginValidationError as e:
        raise ConfigError(validation_message(name, e)) from e
    problem = unknown_hooks(pm, plugin, name)
    if problem is not None:
        pm.unregister(plugin, name=name)
        raise ConfigError(problem)


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
        register_checked(pm, plugin, name)
        names.append(name)
    trace = bool(os.environ.get("EUCHRE_TRACE_HOOKS"))
    if trace:
        _trace(pm)
    rules = Rules()
    rules.pm = pm
    rules.names = tuple(names)
    rules.code_owner = {}
    for hook in HOOK_NAMES:
        for impl in getattr(pm.hook, hook).get_hookimpls():
            for fn in (impl.function, getattr(impl.function, AFTER_ANSWER, None)):
                code = getattr(fn, "__code__", None)
                if code is not None:
                    rules.code_owner[code] = (hook, impl.plugin_name)
    for hook in GUARDED_HOOKS:
        for impl in getattr(pm.hook, hook).get_hookimpls():
            if not (impl.wrapper or impl.hookwrapper):
                _guard(impl, hook)
    for hook in HOOK_NAMES:
        setattr(rules, hook.removeprefix("euchre_"), _compile(pm, hook, fast=not trace))
    rules.play_extras = bool(pm.hook.euchre_play_actions.get_hookimpls())
    rules.ask_play_over = bool(pm.hook.euchre_play_over.get_hookimpls())
    rules.follow_suit = None if trace else _follow_suit(pm)
    rules.follow_void_only = all(
        getattr(f, ONLY_WHEN_VOID, False) is True for f in rules.follow_suit or ()
    )
    winners = pm.hook.euchre_trick_winner.get_hookimpls()
    rules.ranks_tricks = (
        not trace
        and len(winners) == 1
        and not (winners[0].wrapper or winners[0].hookwrapper)
        and getattr(winners[0].function, RANKS_TRICKS, False) is True
    )
    rules.observed = bool(
        pm.hook.euchre_on_event.get_hookimpls() or pm.hook.euchre_extra_events.get_hookimpls()
    )
    return rules


def _follow_suit(pm: pluggy.PluginManager) -> tuple[Callable[..., Any], ...] | None:
    """The ``after_answer`` functions, innermost first, of the wrappers of a
    ``euchre_legal_plays`` whose only plain implementation follows suit; ``None`` when
    the answer is not that (another plain implementation, a wrapper without
    ``after_answer``, an old-style hookwrapper)."""
    impls = pm.hook.euchre_legal_plays.get_hookimpls()  # innermost (first asked) last
    plain = [i for i in impls if not (i.wrapper or i.hookwrapper)]
    if len(plain) != 1 or getattr(plain[0].function, FOLLOWS_SUIT, False) is not True:
        return None
    if any(i.hookwrapper or i.kwargnames for i in impls):
        return None
    argnames = _spec_argnames("euchre_legal_plays")
    afters = [
        _after_of(i, argnames, "euchre_legal_plays") for i in impls if i.wrapper
    ]  # innermost first
    if any(a is None for a in afters):
        return None
    return tuple(a for a in afters if a is not None)


def options_by_plugin(rules: Rules) -> dict[str, list[Any]]:
    """Each plugin's declared options, asking ``euchre_add_options`` plugin by plugin."""
    out: dict[str, list[Any]] = {name: [] for name in rules.names}
    for impl in rules.pm.hook.euchre_add_options.get_hookimpls():
        try:
            declared = cast("list[Any] | None", impl.function())
        except Exception as e:
            raise PluginError("euchre_add_options", impl.plugin_name, e) from e
        options = list(declared or [])
        _check_declarations(impl.plugin_name, options)
        out[impl.plugin_name] = options
    return out


def _check_declarations(plugin: str, options: Sequence[Any]) -> None:
    """A plugin's option declarations must be usable: :class:`Option` objects with a
    snake_case name, one of the four types, and a default (and choices) the option
    itself accepts; otherwise a one-line :class:`PluginError` naming the option."""
    from .config import Option

    seen: set[str] = set()
    for opt in options:
        problem = ""
        if not isinstance(opt, Option):
            problem = f"declared {_short(opt)}, not an Option"
        elif not (isinstance(opt.name, str) and opt.name.isidentifier()):
            problem = f"option name {opt.name!r} is not a snake_case key"
        elif opt.name in seen:
            problem = f"option {opt.name!r} is declared twice"
        elif opt.type not in (bool, int, float, str):
            problem = f"option {opt.name!r}: its type {opt.type!r} is not bool, int, float or str"
        else:
            seen.add(opt.name)
            for what, value in (
                ("default", opt.default),
                *(("choice", c) for c in opt.choices or ()),
            ):
                try:
                    Option(opt.name, opt.type, None, "", min=opt.min, max=opt.max).check(value)
                except (ValueError, TypeError) as e:
                    problem = f"option {opt.name!r}: its {what} {_short(value)}: {e}"
                    break
            else:
                try:
                    opt.check(opt.default)
                except (ValueError, TypeError) as e:
                    problem = f"option {opt.name!r}: its default {_short(opt.default)}: {e}"
        if problem:
            raise PluginError("euchre_add_options", plugin, TypeError(problem))

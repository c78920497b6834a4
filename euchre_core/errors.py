"""The error types. Every error the engine raises on purpose is an :class:`EuchreError`.

Known errors carry one plain line that names what was wrong: the dotted key for config,
the reason for an illegal action, the hook and the plugin for a plugin failure. Front ends
print that line; unknown exceptions keep their traceback.
"""

from __future__ import annotations

__all__ = [
    "ArgumentError",
    "ConfigError",
    "EuchreError",
    "IllegalActionError",
    "PluginError",
    "RecordError",
    "UnknownPluginError",
    "UnknownVariantError",
]


class EuchreError(Exception):
    """Base of every error the engine raises on purpose."""


class ConfigError(EuchreError):
    """A variant file or option is wrong.

    ``str(error)`` is one line: ``FILE: dotted.key: problem``. A plugin refusing a table
    in ``euchre_table`` may give the problem alone, ``ConfigError("needs four
    players")``: the variant's file and the refusing plugin are filled in.

    :ivar source: the file (or ``"command line"``) the problem is in
    :ivar key: the dotted key, e.g. ``options.standard.target_score``; may be empty
    :ivar problem: what is wrong, in words
    """

    def __init__(self, source: str, key: str | None = None, problem: str | None = None):
        if key is None and problem is None:  # the problem alone
            source, key, problem = "", "", source
        key = key or ""
        problem = problem or ""
        self.source = source
        self.key = key
        self.problem = problem
        where = ": ".join(p for p in (source, key) if p)
        super().__init__(f"{where}: {problem}" if where else problem)

    def __reduce__(self) -> tuple[object, tuple[str, str, str]]:
        # Rebuilt from its three parts (worker processes send errors back pickled).
        return (type(self), (self.source, self.key, self.problem))


class UnknownVariantError(ConfigError):
    """No variant has this name, and no file has this path."""


class UnknownPluginError(ConfigError):
    """A variant or the command line names a plugin that is not available."""


class ArgumentError(EuchreError, TypeError, ValueError):
    """A function of the engine was given an argument of the wrong type or out of range
    (``new_game(players="4")``, ``state.apply(None)``, ``state.view(9)``). It is also a
    ``TypeError`` and a ``ValueError``, the errors such a call raised before."""


class IllegalActionError(EuchreError, ValueError):
    """An action that the rules do not allow now. The message says why."""


class PluginError(EuchreError):
    """A plugin raised inside a hook. The original exception is ``__cause__``.

    :ivar hook: the hook name, e.g. ``euchre_score_hand``
    :ivar plugin: the plugin name
    """

    def __init__(self, hook: str, plugin: str, exc: BaseException):
        self.hook = hook
        self.plugin = plugin
        self.exc = exc
        super().__init__(f"plugin {plugin!r} failed in hook {hook}: {type(exc).__name__}: {exc}")

    def __reduce__(self) -> tuple[object, tuple[str, str, BaseException]]:
        return (type(self), (self.hook, self.plugin, self.exc))


class RecordError(EuchreError):
    """A saved game or game record is malformed or contradicts the rules.

    :ivar position: how far the record was read through the rules when it failed (the
      index of the refused action in a saved game, of the deal in an EGN file), or
      ``None`` when the failure is not at a step of play (a malformed field).
    """

    def __init__(self, message: str, position: int | None = None):
        super().__init__(message)
        self.position = position

    def __reduce__(self) -> tuple[object, tuple[str, int | None]]:
        return (type(self), (str(self), self.position))

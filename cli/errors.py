"""How the command line reports errors.

Known errors (:class:`~euchre_core.errors.EuchreError` and its subclasses) print one line
on standard error that names what was wrong, and the command exits non-zero; unknown
errors keep their traceback. ``EUCHRE_DEBUG=1`` shows the traceback of every error.

Exit codes: ``0`` success, ``1`` a failed command (a bad record, an illegal action in a
record, an unfinished game that was saved), ``2`` bad usage or configuration (unknown
variant, plugin or option, malformed TOML, a bad ``-o``), ``130`` interrupted (Ctrl-C).
"""

from __future__ import annotations

import importlib
import os
import re
import sys
from typing import Any, NoReturn

import typer
from typer.core import TyperGroup

__all__ = [
    "EXIT_FAILED",
    "EXIT_INTERRUPTED",
    "EXIT_USAGE",
    "EuchreGroup",
    "debug",
    "fail",
    "print_error",
]

EXIT_FAILED = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130


def debug() -> bool:
    """Whether ``EUCHRE_DEBUG`` asks for tracebacks."""
    return os.environ.get("EUCHRE_DEBUG", "").strip().lower() not in ("", "0", "false", "no")


def print_error(message: str) -> None:
    """Print one error line on standard error (red on a colour terminal)."""
    from .render import error_line

    error_line(message)


def print_known(exc: BaseException) -> None:
    """A known error's one line, then the hint for its traceback (a plugin's)."""
    print_error(str(exc))
    hint = hint_for(exc)
    if hint:
        print(hint, file=sys.stderr)


def fail(message: str, code: int = EXIT_FAILED) -> NoReturn:
    """Print ``message`` as an error and end the command with ``code``."""
    print_error(message)
    raise typer.Exit(code)


def exit_code_for(exc: BaseException) -> int:
    """The exit code for a known error: usage errors 2 (a variant, a plugin, an option, a
    bot or a number of bots that the command line got wrong), the others 1."""
    from euchre_core.errors import ArgumentError, ConfigError

    return EXIT_USAGE if isinstance(exc, (ConfigError, ArgumentError)) else EXIT_FAILED


class EuchreGroup(TyperGroup):
    """The root command group: turns known errors into one line and an exit code.

    Every command and sub-command runs inside :meth:`invoke`, so the mapping holds for
    the console script and for tests that invoke the Typer app directly.
    """

    def invoke(self, ctx: Any) -> Any:
        # click's exceptions, wherever this typer keeps click (its own copy since 0.26)
        clicks = importlib.import_module(type(ctx).__module__.rpartition(".")[0] + ".exceptions")
        try:
            return super().invoke(ctx)
        except clicks.UsageError as exc:  # a command's own words, arguments and options
            if isinstance(exc, getattr(clicks, "NoArgsIsHelpError", ())) or debug():
                raise
            print_error(usage_line(exc))
            raise typer.Exit(EXIT_USAGE) from None
        except KeyboardInterrupt:
            if debug():
                raise
            print_error("interrupted")
            raise typer.Exit(EXIT_INTERRUPTED) from None
        except Exception as exc:
            errors = sys.modules.get("euchre_core.errors")
            if errors is None or debug() or not isinstance(exc, errors.EuchreError):
                raise
            print_known(exc)
            raise typer.Exit(exit_code_for(exc)) from None


def usage_line(exc: Any) -> str:
    """A usage error in one line (click's takes four: the usage, a hint, a blank line
    and the error): what was wrong, and where the command's help is."""
    ctx = getattr(exc, "ctx", None)
    path = ctx.command_path if ctx is not None else "euchre"
    where = path.removeprefix("euchre").strip()
    message = exc.format_message().rstrip()
    unknown = re.match(r"No such command '([^']+)'", message)
    if unknown and where == "variants":
        name = unknown.group(1)
        message += (
            f" To see a variant: euchre variants show {name}; its rules: euchre rules {name}."
        )
    help_hint = f"(see '{path} -h')"
    return f"{where}: {message} {help_hint}" if where else f"{message} {help_hint}"


def hint_for(exc: BaseException) -> str:
    from euchre_core.errors import PluginError

    if isinstance(exc, PluginError):
        return "(EUCHRE_DEBUG=1 shows the traceback)"
    return ""

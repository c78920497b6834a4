"""The progress bar of a long command, on standard error when it is a terminal.

Deciding that there is no terminal takes no import of rich, so a command whose output is
piped (``--json``) never loads it; on a terminal the bar is
:func:`euchre_cli.reports.progress`.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import IO, Any

__all__ = ["may_be_terminal", "progress"]


def may_be_terminal(stream: IO[Any]) -> bool:
    """False only where rich would see no terminal either: the stream is not a tty and
    neither ``TTY_COMPATIBLE`` nor ``FORCE_COLOR`` tells rich otherwise."""
    if "TTY_COMPATIBLE" in os.environ or "FORCE_COLOR" in os.environ:
        return True
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty is not None and isatty())
    except ValueError:  # a closed stream
        return False


@contextmanager
def progress(total: int, label: str) -> Iterator[Callable[[int], None]]:
    """A progress bar on a terminal (nothing when output is piped); yields ``update(done)``."""
    if not may_be_terminal(sys.stderr):
        yield lambda done: None
        return
    from .reports import progress as bar

    with bar(total, label) as update:
        yield update

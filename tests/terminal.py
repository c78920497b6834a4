"""Running the installed ``euchre`` console script in a pseudo-terminal (pexpect)."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import pexpect
import pytest


def euchre() -> str:
    """The console script installed beside this Python, else the one on PATH."""
    here = Path(sys.executable).parent / "euchre"
    if here.exists():
        return str(here)
    found = shutil.which("euchre")
    if found is None:
        pytest.skip("the euchre console script is not installed")
    return found


def spawn(args: list[str], cwd: Path, *, timeout: int = 20) -> pexpect.spawn:
    """``euchre ARGS`` in a 100x40 pseudo-terminal without colour or debug tracebacks."""
    env = {**os.environ, "NO_COLOR": "1", "COLUMNS": "100", "LINES": "40"}
    env.pop("EUCHRE_DEBUG", None)
    child = pexpect.spawn(
        euchre(),
        args,
        cwd=str(cwd),
        env=env,
        encoding="utf-8",
        timeout=timeout,
        dimensions=(40, 100),
    )
    child.delaybeforesend = None
    return child

"""Shared fixtures: variant files written on the fly, and the standard variant loaded once."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from euchre_core import Config, load_variant


@pytest.fixture
def variant_file(tmp_path: Path) -> Callable[[str, str], Path]:
    """Write a variant file: ``variant_file("house.toml", text)`` returns its path."""

    def write(name: str, text: str) -> Path:
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        return path

    return write


@pytest.fixture(scope="session")
def standard() -> Config:
    """The standard variant at its defaults."""
    return load_variant("standard")


@pytest.fixture
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Run the test in its own empty folder (games save there), without colour."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("NO_COLOR", "1")
    return tmp_path

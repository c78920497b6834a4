"""The progress bar of long commands (review, simulate, compare) on a terminal."""

from __future__ import annotations

import io

import pytest
from euchre_cli import reports
from rich.console import Console


def test_the_progress_bar_shows_its_label_not_a_style_tag(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    out = io.StringIO()

    def terminal(*args: object, **kw: object) -> Console:
        # As the commands' console (markup off), on a terminal.
        return Console(file=out, force_terminal=True, width=80, markup=False, highlight=False)

    monkeypatch.setattr(reports, "make_console", terminal)
    with reports.progress(4, "Reviewing") as update:
        update(2)
    shown = out.getvalue()
    assert "Reviewing" in shown and "2/4" in shown
    assert "[progress" not in shown

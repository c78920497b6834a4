"""Helpers of the browser tests: a headless Chromium from the system (driven by
Playwright), a table served with its page, and a loop that plays a seat through the
page only (clicking what a person would click)."""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

#: The system's Chromium (Debian's package), or None.
CHROMIUM = next(
    (p for p in map(shutil.which, ("chromium", "chromium-browser", "google-chrome")) if p), None
)
AXE = Path(__file__).resolve().parent / "vendor" / "axe-core" / "axe.min.js"
_CODE = re.compile(r"\b(?:[2-9TJQKA][CDHS]|JK)\b")


def need_browser() -> Any:
    """Playwright's sync API; the browser tests are skipped only without a Chromium."""
    if CHROMIUM is None:
        pytest.skip("no chromium binary on this machine (apt-get install chromium)")
    try:
        from playwright import sync_api
    except ImportError:
        pytest.fail("the browser tests need Playwright: pip install -e '.[test]'")
    return sync_api


@contextmanager
def chromium() -> Iterator[Any]:
    api = need_browser()
    with api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            yield browser
        finally:
            browser.close()


class Frames:
    """Every WebSocket message a page received, in order."""

    def __init__(self, page: Any):
        self.messages: list[dict[str, Any]] = []
        page.on("websocket", self._socket)

    def _socket(self, ws: Any) -> None:
        ws.on("framereceived", lambda payload: self.messages.append(json.loads(payload)))


MY_TURN_OR_OVER = (
    "() => !document.getElementById('over').hidden || document.body.dataset.turn === 'mine'"
)


def play_through_page(
    page: Any, table: Any, most: int = 600, reload_after: int | None = None
) -> int:
    """Play the page's seat until the game is over, by clicking the first raised card or
    the first choice button each time the page says it is this seat's turn; returns the
    number of decisions taken. With ``reload_after``, the page is reloaded once after
    that many decisions (it must come back to the same seat by itself)."""
    taken = 0
    for _ in range(most):
        page.wait_for_function(MY_TURN_OR_OVER, timeout=15000)
        if page.locator("#over").is_visible():
            return taken
        if reload_after is not None and taken == reload_after:
            reload_after = None
            page.reload()
            continue
        step = page.evaluate("document.body.dataset.step")
        page.locator("#hand button.legal, #choices button").first.click()
        taken += 1
        page.wait_for_function(
            "(s) => document.body.dataset.step !== s || !document.getElementById('over').hidden",
            arg=step,
            timeout=15000,
        )
    raise AssertionError(f"the game did not end after {most} decisions")


_CALLED_ACE = re.compile(r"\bcall-ace ([CDHS])\b")


def codes_in(value: Any) -> set[str]:
    """The cards a message names: its card codes, and the ace a call for an ace names
    (``call-ace H`` names ``AH``)."""
    text = json.dumps(value)
    return set(_CODE.findall(text)) | {"A" + s for s in _CALLED_ACE.findall(text)}


def texts_tell_nothing_new(messages: list[dict[str, Any]]) -> None:
    """The words added for the page name no card that the seat's own messages (their
    events and view, which the server's secrecy tests check) had not shown by then
    (but for the names of the pack and the rules the coach explains)."""
    seen: set[str] = set()
    for msg in messages:
        texts = msg.get("texts")
        rest = {k: v for k, v in msg.items() if k != "texts"}
        seen |= codes_in(rest)
        if texts is None:
            continue
        # The names of the pack, and the coach's lessons, which name cards to explain the
        # rules ("the left bower JC"): made from the seat's messages all the same.
        texts = {k: v for k, v in texts.items() if k not in ("cards", "coach")}
        told = codes_in(texts)
        assert told <= seen, (msg["type"], sorted(told - seen))

"""The table in a browser: a real headless Chromium joins a table served by the same
port as the protocol and plays whole games against bots through the page only (the
clicks a person would make), comes back to its seat after a reload, gives the seat up
to a later tab, and passes an accessibility check (axe-core).

These tests need the system's Chromium (``apt-get install chromium``) and Playwright's
Python API (``pip install '.[browser]'``); CI installs both. Without a Chromium binary
they are skipped, saying why."""

from __future__ import annotations

import json
import re
import time
import urllib.error
import urllib.request
from typing import Any

import pytest

pytest.importorskip("websockets")

from browser_helpers import (
    AXE,
    MY_TURN_OR_OVER,
    Frames,
    chromium,
    play_through_page,
    texts_tell_nothing_new,
)
from euchre_cli.choices import for_player
from euchre_cli.web import card_name
from net_helpers import serving

from euchre_core import load_variant
from euchre_core.actions import parse_action
from euchre_core.events import GameOver
from euchre_core.net.table import NetTable
from euchre_core.state import State

_STEP_MOVED = "(s) => document.body.dataset.step !== s || !document.getElementById('over').hidden"
_CODES = re.compile(r"\b(?:[2-9TJQKA][CDHS]|JK)\b")


def _table(variant: str, options: list[str], seed: int) -> NetTable:
    config = load_variant(variant, options=options)
    return NetTable(State(config, seed=seed), bots="random")


@pytest.fixture(scope="module")
def browser() -> Any:
    with chromium() as b:
        yield b


def _open(browser: Any, port: int, code: str, **context: Any) -> tuple[Any, Any, Frames]:
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, **context)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    frames = Frames(page)
    page.goto(f"http://127.0.0.1:{port}/#code={code}")
    return ctx, page, frames


def _start(page: Any) -> None:
    page.get_by_role("button", name="Start with bots").click()


def test_a_whole_game_of_standard_is_played_through_the_page_and_a_reload_keeps_the_seat(
    browser: Any,
) -> None:
    table = _table("standard", ["standard.target_score=3"], seed=11)
    with serving(table) as (port, _):
        ctx, page, frames = _open(browser, port, table.codes[0])
        assert page.url.endswith("/")  # the code left the address bar for the page's storage
        _start(page)
        taken = play_through_page(page, table, reload_after=3)
        assert table.state.is_over
        assert taken >= 5
        over = page.locator("#over")
        assert over.is_visible() and over.inner_text().startswith("Game over")
        sheet = page.locator("#sheet tbody tr")
        assert sheet.count() == len(table.state.hand_records)
        joins = [m for m in frames.messages if m["type"] == "joined"]
        assert len(joins) == 2 and all(m["seat"] == 0 for m in joins)  # a reload, same seat
        assert page.errors == []
        texts_tell_nothing_new(_after_last_join(frames.messages))
        ctx.close()
    assert isinstance(table.state.events[-1], GameOver)


def test_a_whole_game_of_pepper_with_its_bids_is_played_through_the_page(browser: Any) -> None:
    table = _table("pepper", ["pepper.target_score=5"], seed=4)
    with serving(table) as (port, _):
        ctx, page, frames = _open(browser, port, table.codes[0])
        _start(page)
        play_through_page(page, table)
        assert table.state.is_over
        said = page.locator("#log").inner_text()
        assert "bid" in said  # the bids, in the variant's words
        mine = [str(a) for s, a in table.state.actions if s == 0]
        assert any(a.startswith("bid") or a == "pass" for a in mine)
        texts_tell_nothing_new(frames.messages)
        assert page.errors == []
        ctx.close()


def test_a_dimmed_card_says_why_it_cannot_be_played(browser: Any) -> None:
    table = _table("standard", [], seed=3)
    with serving(table) as (port, _):
        ctx, page, frames = _open(browser, port, table.codes[0])
        _start(page)
        for _ in range(60):  # until a trick where seat 0 must follow suit
            page.wait_for_function("() => document.body.dataset.turn === 'mine'", timeout=15000)
            dim = page.locator("#hand button.dim")
            if dim.count() and page.locator("#prompt").inner_text() == "Your card":
                break
            step = page.evaluate("document.body.dataset.step")
            page.locator("#hand button.legal, #choices button").first.click()
            page.wait_for_function("(s) => document.body.dataset.step !== s", arg=step)
        else:
            raise AssertionError("no dimmed card came")
        card = dim.first
        code = card.get_attribute("data-card")
        assert card.is_enabled()  # still a button: pressing it tells why not
        named = re.compile(rf"^{card_name(code)}(, [a-z ]+)?, not playable$")
        assert page.get_by_role("button", name=named).count() == 1
        reason = table.state.why_not(parse_action(f"play {code}"))
        assert reason is not None
        card.click()
        page.locator("#problem").wait_for(state="visible")
        refused = [m for m in frames.messages if m["type"] == "error"]
        assert refused[-1]["code"] == "illegal" and refused[-1]["message"] == reason
        said = refused[-1]["texts"]["problem"]
        assert said == for_player(reason, 0) and said.startswith("you cannot play")
        shown = page.locator("#problem").evaluate("n => n.textContent")
        assert shown.startswith(_CODES.split(said)[0])
        ctx.close()


def test_a_later_tab_with_the_same_code_takes_the_seat_and_the_earlier_says_so(
    browser: Any,
) -> None:
    table = _table("standard", [], seed=5)
    with serving(table) as (port, _):
        ctx, first, _ = _open(browser, port, table.codes[0])
        first.wait_for_function("() => document.body.dataset.step !== undefined")
        second = ctx.new_page()
        second.goto(f"http://127.0.0.1:{port}/")  # the code from the page's storage
        second.wait_for_function("() => document.body.dataset.step !== undefined")
        first.get_by_text("taken in another tab").first.wait_for()
        time.sleep(0.3)
        assert "replaced" not in second.locator("#connection").inner_text()
        assert second.locator("#connection").inner_text().startswith("Connected: seat 0")
        ctx.close()


def test_the_table_page_has_no_serious_accessibility_violations(browser: Any) -> None:
    table = _table("standard", [], seed=7)
    with serving(table) as (port, _):
        # axe is injected by the test: the page's own policy would refuse it
        ctx, page, _ = _open(browser, port, table.codes[0], bypass_csp=True)
        _start(page)
        page.wait_for_function("() => document.body.dataset.turn === 'mine'", timeout=15000)
        page.locator("#hint-button").click()
        page.locator("#sheet-box summary").click()
        page.add_script_tag(path=str(AXE))
        result = page.evaluate("async () => await axe.run(document)")
        bad = [
            (v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3])
            for v in result["violations"]
            if v["impact"] in ("serious", "critical")
        ]
        assert bad == [], bad
        assert result["passes"]  # axe did run its rules
        for code in page.locator("#hand button").evaluate_all("bs => bs.map(b => b.dataset.card)"):
            # each card is a button named in words: "jack of hearts, right bower, playable"
            named = re.compile(rf"^{card_name(code)}(, (right bower|left bower|trump))?, ")
            assert page.get_by_role("button", name=named).count() == 1, code
        seats = page.locator("#seats section")
        assert seats.count() == 4
        assert all(seats.nth(i).get_attribute("aria-label") for i in range(4))
        ctx.close()


def test_the_page_and_its_files_come_with_a_strict_policy() -> None:
    table = _table("standard", [], seed=1)
    with serving(table) as (port, _):
        for path in ("/", "/table.js", "/table.css", "/favicon.svg"):
            with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}") as answer:
                h = answer.headers
                assert answer.status == 200
                policy = h["Content-Security-Policy"]
                assert "default-src 'self'" in policy and "frame-ancestors 'none'" in policy
                assert f"connect-src 'self' ws://127.0.0.1:{port}" in policy
                assert h["X-Content-Type-Options"] == "nosniff"
                assert h["Referrer-Policy"] == "no-referrer"
                body = answer.read().decode()
                assert "http://" not in body.replace("http://www.w3.org", "")  # nothing fetched
                assert "https://" not in body
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/../pyproject.toml")
        except urllib.error.HTTPError as e:
            assert e.code == 404
        else:
            raise AssertionError("a file outside the page was served")


def _after_last_join(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    last = max(i for i, m in enumerate(messages) if m["type"] == "joined")
    return messages[last:]


def test_every_action_is_reachable_by_the_keyboard(browser: Any) -> None:
    table = _table("two-hand", ["standard.target_score=2"], seed=9)
    with serving(table) as (port, _):
        ctx, page, _ = _open(browser, port, table.codes[0])
        page.keyboard.press("Tab")  # into the page, then the start button by its name
        page.get_by_role("button", name="Start with bots").focus()
        page.keyboard.press("Enter")
        for _ in range(400):
            page.wait_for_function(MY_TURN_OR_OVER, timeout=15000)
            if page.locator("#over").is_visible():
                break
            step = page.evaluate("document.body.dataset.step")
            key = page.locator("[aria-keyshortcuts]:not(#hint-button)").first
            page.keyboard.press(key.get_attribute("aria-keyshortcuts"))
            page.wait_for_function(_STEP_MOVED, arg=step, timeout=15000)
        assert table.state.is_over
        ctx.close()


def test_a_dropped_connection_comes_back_to_the_same_seat_by_itself(browser: Any) -> None:
    from euchre_cli.host import ServerThread

    table = _table("standard", ["standard.target_score=2"], seed=12)
    with serving(table) as (port, lobby):
        ctx, page, frames = _open(browser, port, table.codes[0])
        _start(page)
        page.wait_for_function(MY_TURN_OR_OVER, timeout=15000)
    # the server went away with every connection; it comes back on the same port
    again = ServerThread(lobby, "127.0.0.1", port)
    again.start()
    try:
        page.locator("#connection").get_by_text("Connected: seat 0").wait_for(timeout=15000)
        play_through_page(page, table)
        assert table.state.is_over
        assert [m["seat"] for m in frames.messages if m["type"] == "joined"] == [0, 0]
    finally:
        again.stop()
        ctx.close()


def test_the_lobby_page_seats_a_visitor_at_an_open_seat_of_a_listed_table(browser: Any) -> None:
    import json

    from websockets.sync.client import connect

    from euchre_core.net.protocol import PROTOCOL_VERSION
    from euchre_core.net.server import Lobby

    def create(port: int) -> dict[str, Any]:  # (a sync client: Playwright holds the loop)
        with connect(f"ws://127.0.0.1:{port}") as ws:
            ws.send(json.dumps({"type": "hello", "version": PROTOCOL_VERSION}))
            ws.send(json.dumps({"type": "create", "variant": "pepper", "listed": True}))
            while True:
                msg = json.loads(ws.recv(timeout=10))
                if msg["type"] == "created":
                    return dict(msg)

    with serving(lobby=Lobby(can_create=True)) as (port, lobby):
        made = create(port)
        ctx = browser.new_context(viewport={"width": 1280, "height": 800})
        page = ctx.new_page()
        page.goto(f"http://127.0.0.1:{port}/")
        seats = page.locator("#lobby-list button")
        seats.first.wait_for()
        assert seats.count() == 4  # the open seats of the listed table
        seats.nth(2).click()
        page.locator("#connection").get_by_text("Connected: seat 2").wait_for()
        table = lobby.tables[made["table"]]
        assert table.away_seats() == [] and 2 not in table.open_seats()
        ctx.close()


def test_the_lobby_page_lets_a_visitor_take_a_seat_over_from_its_bot(browser: Any) -> None:
    from euchre_core.net.server import Lobby

    table = NetTable(State(load_variant("standard"), seed=4), filled=(1, 3))
    lobby = Lobby(can_create=False)
    with serving(table, lobby=lobby) as (port, _):
        lobby.listed.append(table.name)
        ctx = browser.new_context(viewport={"width": 1280, "height": 800})
        page = ctx.new_page()
        page.goto(f"http://127.0.0.1:{port}/")
        seats = page.locator("#lobby-list button")
        seats.first.wait_for()
        assert seats.all_inner_texts() == ["Take seat 1 from its bot", "Take seat 3 from its bot"]
        seats.nth(1).click()
        page.locator("#connection").get_by_text("Connected: seat 3").wait_for()
        assert table.bot_seats() == [1]
        ctx.close()


def test_with_the_coach_the_page_shows_its_remarks_and_its_choice(browser: Any) -> None:
    from euchre_cli.host import ServerThread

    from euchre_core.net.server import Lobby

    table = _table("standard", [], seed=6)
    lobby = Lobby(can_create=False)
    lobby.add(table)
    server = ServerThread(lobby, "127.0.0.1", 0, coach=True)
    server.start()
    try:
        ctx, page, _ = _open(browser, server.port, table.codes[0])
        _start(page)
        page.wait_for_function(MY_TURN_OR_OVER, timeout=15000)
        coach = page.locator("#coach")
        coach.wait_for()
        assert page.locator("#coach-lines li").first.inner_text().startswith("Coach: ")
        assert page.locator("#hint").inner_text().startswith("I would: ")
        ctx.close()
    finally:
        server.stop()


def test_a_double_click_is_one_decision(browser: Any) -> None:
    table = _table("standard", [], seed=3)
    with serving(table) as (port, _):
        ctx, page, _frames = _open(browser, port, table.codes[0])
        sent: list[dict[str, Any]] = []
        page.on(
            "websocket",
            lambda ws: ws.on("framesent", lambda payload: sent.append(json.loads(payload))),
        )
        page.reload()  # the socket opened again, now watched
        _start(page)
        page.wait_for_function("() => document.body.dataset.turn === 'mine'", timeout=15000)
        step = page.evaluate("document.body.dataset.step")
        # Both clicks land before the server's answer can: the second must not be sent.
        page.evaluate(
            "() => { const b = document.querySelector('#hand button.legal, #choices button');"
            " b.click(); b.click(); }"
        )
        page.wait_for_function(_STEP_MOVED, arg=step)
        acts = [m for m in sent if m["type"] == "act"]
        assert len(acts) == 1, acts
        ctx.close()


def test_after_the_game_the_page_says_the_table_closed_and_stops_knocking(browser: Any) -> None:
    table = _table("standard", ["standard.target_score=2"], seed=5)
    with serving(table) as (port, _lobby):
        ctx, page, _frames = _open(browser, port, table.codes[0])
        sockets: list[Any] = []
        page.on("websocket", lambda ws: sockets.append(ws))
        _start(page)
        play_through_page(page, table)
        assert table.state.is_over
    try:
        page.locator("#connection").get_by_text(
            "The game is over and the table has closed."
        ).wait_for(timeout=15000)
        opened = len(sockets)
        time.sleep(1.5)  # the page would have knocked again by now (its first pause is 0.2 s)
        assert len(sockets) == opened
        assert page.locator("#reconnect-button").is_hidden()
    finally:
        ctx.close()


def test_a_table_gone_for_minutes_is_given_up_and_a_button_tries_again(browser: Any) -> None:
    from euchre_cli.host import ServerThread

    table = _table("standard", ["standard.target_score=2"], seed=12)
    with serving(table) as (port, lobby):
        ctx = browser.new_context(viewport={"width": 390, "height": 844})
        page = ctx.new_page()
        page.clock.install()  # the page's timers and Date run on a clock the test moves
        page.goto(f"http://127.0.0.1:{port}/#code={table.codes[0]}")
        _start(page)
        page.wait_for_function(MY_TURN_OR_OVER, timeout=15000)
    try:
        gave_up = page.locator("#connection").get_by_text("The table cannot be reached")
        for _ in range(200):  # bounded: each round moves the page's clock on 5 s
            if gave_up.is_visible():
                break
            page.clock.run_for(5000)
            time.sleep(0.05)  # the refused connection comes back as a real event
        assert gave_up.is_visible()
        assert page.locator("#reconnect-button").is_visible()
        again = ServerThread(lobby, "127.0.0.1", port)
        again.start()
        try:
            page.get_by_role("button", name="Try again").click()
            page.locator("#connection").get_by_text("Connected: seat 0").wait_for(timeout=15000)
            assert page.locator("#reconnect-button").is_hidden()
        finally:
            again.stop()
    finally:
        ctx.close()


def test_the_seats_waited_for_are_named_as_the_table_names_them(browser: Any) -> None:
    table = _table("standard", [], seed=4)
    with serving(table) as (port, _lobby):
        ctx, page, _frames = _open(browser, port, table.codes[0])
        try:
            page.locator("#connection").get_by_text("Connected: seat 0").wait_for(timeout=15000)
            waiting = page.locator("#waiting")
            waiting.get_by_text("Waiting for players").wait_for(timeout=15000)
            names = page.locator("#seats").inner_text()
            text = waiting.inner_text()
            found = re.findall(r"(\w+) \(seat (\d)\)", text)
            assert [int(n) for _, n in found] == [1, 2, 3], text
            assert all(name in names for name, _ in found), (text, names)
            assert page.locator("#seats .to-act").count() == 0  # nobody's turn before the start
        finally:
            ctx.close()


def test_a_spectator_sees_the_table_but_no_hand(browser: Any) -> None:
    from euchre_core.net.table import Connection

    class _Host:  # seat 0, sat down and started the game; it is its turn
        def send(self, message: dict[str, Any]) -> None:
            pass

    host: Connection = _Host()
    table = _table("standard", [], seed=21)
    table.attach(host, 0)
    table.start()
    assert table.started and table.state.to_act == 0
    with serving(table) as (port, _lobby):
        ctx, page, _frames = _open(browser, port, table.spectator)
        try:
            page.locator("#connection").get_by_text("Connected: watching").wait_for(timeout=15000)
            page.locator("#heading").get_by_text("deal 1").wait_for(timeout=15000)
            assert "game to 10" in page.locator("#heading").inner_text()
            assert re.search(r"\d", page.locator("#score").inner_text())
            upcard = table.state.view(0).upcard
            assert card_name(upcard.code) in page.locator("#trump").inner_text()
            assert page.locator("#seats").inner_text().strip()
            assert page.locator("#hand button").count() == 0  # no cards: nobody's hand
            assert not _CODES.findall(page.locator("#hand").inner_text())
        finally:
            ctx.close()


_BELOW_THE_CONTENT = """() => {
  const shown = Array.from(document.body.querySelectorAll('*')).filter(
    (e) => !e.closest('.log') && getComputedStyle(e).position !== 'absolute'
      && e.offsetParent !== null,
  );
  const bottom = Math.max(...shown.map((e) => e.getBoundingClientRect().bottom + scrollY));
  return document.documentElement.scrollHeight - bottom;
}"""


def test_the_page_does_not_grow_empty_space_below_as_the_log_fills(browser: Any) -> None:
    # the cards' spoken names in the log were placed below the page, one per card named
    table = _table("standard", ["standard.target_score=3"], seed=12)
    with serving(table) as (port, _lobby):
        ctx, page, _frames = _open(browser, port, table.codes[0])
        try:
            _start(page)
            play_through_page(page, table)
            assert page.locator("#log li").count() > 30
            assert page.evaluate(_BELOW_THE_CONTENT) < 40
        finally:
            ctx.close()


def test_a_risky_choice_by_its_key_is_asked_again_first(browser: Any) -> None:
    # a click on a button that says the risk is deliberate; a key can be a slip
    table = _table("pepper", ["pepper.target_score=5"], seed=4)
    with serving(table) as (port, _):
        ctx, page, _frames = _open(browser, port, table.codes[0])
        try:
            _start(page)
            tried = False
            for _ in range(200):
                page.wait_for_function(MY_TURN_OR_OVER, timeout=15000)
                if page.locator("#over").is_visible():
                    break
                step = page.evaluate("document.body.dataset.step")
                risky = page.locator("#choices button:has(.risk)")
                if risky.count():
                    key = risky.first.get_attribute("aria-keyshortcuts")
                    page.keyboard.press(key)
                    page.locator("#problem").get_by_text("again to confirm").wait_for(timeout=5000)
                    time.sleep(0.3)
                    assert page.evaluate("document.body.dataset.step") == step  # not taken
                    page.keyboard.press(key)
                    page.wait_for_function(_STEP_MOVED, arg=step, timeout=15000)
                    tried = True
                    break
                safe = page.locator("#choices button:not(:has(.risk)), #hand button.legal").first
                safe.click()
                page.wait_for_function(_STEP_MOVED, arg=step, timeout=15000)
            assert tried, "no risky choice came to seat 0"
            assert page.errors == []
        finally:
            ctx.close()


_OFF_THE_SCREEN = """() => {
  const out = [];
  for (const e of document.querySelectorAll('body *')) {
    const style = getComputedStyle(e);
    if (e.offsetParent === null || style.position === 'absolute') continue;
    if (e.parentElement && e.parentElement.closest('.sheet-scroll')) continue;  // it scrolls
    const right = e.getBoundingClientRect().right;
    if (right > innerWidth + 0.5) out.push(`${e.tagName}#${e.id} ${Math.round(right)}`);
  }
  return out;
}"""


@pytest.mark.parametrize("variant", ["auction", "call-ace"])
def test_nothing_runs_off_a_phones_screen_at_a_table_of_five(browser: Any, variant: str) -> None:
    # the score sheet of five or more players ran off the right edge, its columns cut off
    table = _table(variant, [], seed=12)
    with serving(table) as (port, _lobby):
        ctx = browser.new_context(viewport={"width": 360, "height": 740})
        page = ctx.new_page()
        try:
            page.goto(f"http://127.0.0.1:{port}/#code={table.codes[0]}")
            _start(page)
            page.wait_for_function(MY_TURN_OR_OVER, timeout=15000)
            page.locator("#sheet-box summary").click()
            assert page.evaluate(_OFF_THE_SCREEN) == []
        finally:
            ctx.close()

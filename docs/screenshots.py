"""Screenshots of the table in a browser, for every built-in variant, at a phone's size
(390x844, portrait) and a laptop's (1280x800).

    python docs/screenshots.py                 # every variant, into build/screenshots/
    python docs/screenshots.py --out DIR       # elsewhere
    python docs/screenshots.py --readme        # also the README's two (docs/images/)
    python docs/screenshots.py pepper auction  # only these variants

Each variant's table is served as ``euchre host`` serves it (the page on the same port),
a headless Chromium from the system (``apt-get install chromium``; Playwright's Python
API drives it: ``pip install '.[browser]'``) joins seat 0 through the page, starts the
game with bots and plays its first choice each time until the second trick of the first
deal is on the table with seat 0 to play, then the page is photographed.
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

from euchre_cli.host import ServerThread

from euchre_core import load_variant
from euchre_core.config import builtin_variants
from euchre_core.net.server import Lobby
from euchre_core.net.table import NetTable
from euchre_core.state import State

HERE = Path(__file__).resolve().parent
SIZES = {"phone": (390, 844), "laptop": (1280, 800)}
#: The README's screenshots: this variant at each size.
README_VARIANT = "standard"

_MINE = "() => document.body.dataset.turn === 'mine' || !document.getElementById('over').hidden"
_IN_PLAY = """() => {
  const seats = document.querySelectorAll('#seats .slot .card').length;
  const prompt = document.getElementById('prompt').textContent;
  return prompt === 'Your card' && seats > 0 &&
    document.querySelector('#last-trick:not([hidden])') !== null;
}"""


def chromium_path() -> str:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    sys.exit("docs/screenshots.py: no chromium on this machine (apt-get install chromium)")


def shoot(browser: object, variant: str, out: Path, seed: int = 3) -> list[Path]:
    """The variant's table at each size; returns the files written."""
    table = NetTable(State(load_variant(variant), seed=seed), bots="heuristic")
    lobby = Lobby(can_create=False)
    lobby.add(table)
    server = ServerThread(lobby, "127.0.0.1", 0)
    server.start()
    written = []
    try:
        for size, (width, height) in SIZES.items():
            page = browser.new_page(viewport={"width": width, "height": height})  # type: ignore[attr-defined]
            page.goto(f"http://127.0.0.1:{server.port}/#code={table.codes[0]}")
            if size == "phone":
                page.get_by_role("button", name="Start with bots").click()
                _play_to_a_trick(page)
            else:
                page.wait_for_function(_MINE, timeout=20000)
            path = out / f"table-{variant}-{size}.png"
            page.screenshot(path=str(path))
            written.append(path)
            page.close()
    finally:
        server.stop()
    return written


def _play_to_a_trick(page: object) -> None:
    for _ in range(200):
        page.wait_for_function(_MINE, timeout=20000)  # type: ignore[attr-defined]
        if page.evaluate(_IN_PLAY) or page.locator("#over").is_visible():  # type: ignore[attr-defined]
            return
        step = page.evaluate("document.body.dataset.step")  # type: ignore[attr-defined]
        page.locator("#hand button.legal, #choices button").first.click()  # type: ignore[attr-defined]
        page.wait_for_function(  # type: ignore[attr-defined]
            "(s) => document.body.dataset.step !== s", arg=step, timeout=20000
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variants", nargs="*", help="variants (default: every built-in one)")
    parser.add_argument("--out", type=Path, default=HERE.parent / "build" / "screenshots")
    parser.add_argument("--readme", action="store_true", help="also write the README's two")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    known = builtin_variants()
    variants = args.variants or list(known)
    for v in variants:
        if v not in known:
            sys.exit(f"docs/screenshots.py: unknown variant {v!r} (known: {', '.join(known)})")
    args.out.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path(), args=["--no-sandbox"])
        try:
            for v in variants:
                for path in shoot(browser, v, args.out):
                    print(path)
                    if args.readme and v == README_VARIANT:
                        size = path.stem.rsplit("-", 1)[1]
                        target = HERE / "images" / f"table-{size}.png"
                        shutil.copyfile(path, target)
                        print(target)
        finally:
            browser.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""The table in a browser: the page that ``euchre host`` and ``euchre serve`` answer at
``/`` on their port, and the words its messages carry.

The page (``web-page/``: one HTML file, a script and a style sheet, no build step and no
library) speaks the table protocol over the same port as every other client. Its
``hello`` asks for ``texts``: each message sent to it then carries the words the
terminal would print for that seat, made here by the terminal's own
:class:`~euchre_cli.render.Screen` from that message alone (the events and the view the
seat is sent, read back as :class:`~euchre_core.net.client.SeatState` reads them), so
the page never says anything the seat may not know and no text is written twice.

Every answer carries the headers a page holding a game should: a Content Security
Policy that lets the page load only its own files and talk only to its own server, no
framing, no sniffing, no referrer, no caching.
"""

from __future__ import annotations

import io
import json
import re
from collections.abc import Callable
from importlib import resources
from typing import Any

from .choices import Choices, asked_for, for_player
from .render import Screen, seat_labels, seat_names
from .table import bower, called_cards, hand_groups

__all__ = [
    "ASSETS",
    "PageTexts",
    "card_name",
    "coached_page_texts",
    "headers",
    "page_texts",
    "pages",
    "site",
]

#: The files of the page: path asked for -> (file in ``web-page/``, content type).
ASSETS: dict[str, tuple[str, str]] = {
    "/": ("index.html", "text/html; charset=utf-8"),
    "/index.html": ("index.html", "text/html; charset=utf-8"),
    "/table.js": ("table.js", "text/javascript; charset=utf-8"),
    "/table.css": ("table.css", "text/css; charset=utf-8"),
    "/favicon.svg": ("favicon.svg", "image/svg+xml"),
}

_HOST = re.compile(r"^[A-Za-z0-9.\-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$")


def headers(content_type: str, host: str = "") -> list[tuple[str, str]]:
    """The headers of every answer: the content type and what keeps the page safe.

    :param host: the ``Host`` the browser asked (the page's WebSocket goes there)
    """
    connect = "'self'"
    if _HOST.match(host):
        connect += f" ws://{host} wss://{host}"
    policy = "; ".join(
        [
            "default-src 'self'",
            "script-src 'self'",
            "style-src 'self'",
            "img-src 'self'",
            f"connect-src {connect}",
            "object-src 'none'",
            "base-uri 'none'",
            "form-action 'none'",
            "frame-ancestors 'none'",
        ]
    )
    return [
        ("Content-Type", content_type),
        ("Content-Security-Policy", policy),
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "no-referrer"),
        ("X-Frame-Options", "DENY"),
        ("Cross-Origin-Opener-Policy", "same-origin"),
        ("Cross-Origin-Resource-Policy", "same-origin"),
        ("Permissions-Policy", "camera=(), microphone=(), geolocation=()"),
        ("Cache-Control", "no-store"),
    ]


def pages(path: str, host: str = "") -> tuple[int, list[tuple[str, str]], bytes]:
    """The answer to a plain HTTP GET of ``path``: a file of the page, else 404."""
    found = ASSETS.get(path)
    if found is None:
        return 404, headers("text/plain; charset=utf-8", host), b"not found\n"
    name, kind = found
    body = resources.files("euchre_cli").joinpath("web-page", name).read_bytes()
    return 200, headers(kind, host), body


def site(lobby: Any) -> Callable[[str, str], tuple[int, list[tuple[str, str]], bytes]]:
    """The answers of a server holding ``lobby``: the page's files, and
    ``/tables.json``, the open seats of the tables listed in the lobby (each with the
    seat's join code: listing a table gives its open seats to whoever opens the page)."""

    def answer(path: str, host: str = "") -> tuple[int, list[tuple[str, str]], bytes]:
        if path == "/tables.json":
            return 200, headers("application/json", host), json.dumps(open_tables(lobby)).encode()
        return pages(path, host)

    return answer


def open_tables(lobby: Any) -> dict[str, Any]:
    """What ``/tables.json`` says: each listed table with a seat still open (``open``)
    or played by a bot that a person may take over (``bots``), each with its code."""
    out = []
    for t in lobby.open_tables():
        config = t.state.config
        out.append(
            {
                "table": t.name,
                "variant": config.name,
                "title": config.title or config.name,
                "target": t.state.table.target,
                "open": {str(s): t.codes[s] for s in t.open_seats()},
                "bots": {str(s): t.codes[s] for s in t.bot_seats()},
            }
        )
    return {"tables": out}


def card_name(code: str) -> str:
    """A card in words: ``jack of hearts``, ``joker``."""
    from euchre_core.cards import RANK_WORDS, card

    c = card(code)
    if c.suit is None or c.rank is None:
        return "joker"
    return f"{RANK_WORDS[c.rank]} of {c.suit.word}"


def _all_cards() -> list[str]:
    """Every card's code, the 11s to 13s and the copies of the double packs included."""
    from euchre_core.cards import ALL_CARDS

    return [c.code for c in ALL_CARDS]


class _PageScreen(Screen):
    """The terminal's screen, with cards left as codes: the page draws them."""

    def card(self, c: Any, style: str | None = None) -> Any:
        from rich.text import Text

        return Text(c.code, style=style or "")


def _plain(item: Any) -> str:
    from rich.panel import Panel

    if isinstance(item, Panel):
        item = item.renderable
    return str(getattr(item, "plain", item))


class PageTexts:
    """The words of the messages of one connection at one seat (or watching).

    Built from the ``joined`` message; each later message is read as the seat's client
    reads it, and its ``texts`` are what the terminal would say of it.

    :param coach: the coach of ``euchre learn`` remarks on the seat's game (``coach``)
    """

    def __init__(self, joined: dict[str, Any], coach: bool = False):
        from rich.console import Console

        from euchre_core.net.client import SeatState

        self.seat = SeatState("")
        self.seat.joined(joined)
        config = self.seat.config
        assert config is not None
        self.config = config
        self.rules = config.rules()
        table = self.rules.table(config)
        viewer = self.seat.seat
        self.names = seat_names(table.seats, viewer)
        self.title = config.title or config.name
        # wide: a remark of the coach is one line, however long
        console = Console(file=io.StringIO(), width=4000, color_system=None, markup=False)
        self.screen = _PageScreen(
            names=self.names,
            viewer=viewer,
            partnerships=table.partnerships,
            title=self.title,
            plain=False,
            console=console,
            rules=self.rules,
        )
        self.seats = table.seats
        self.coach = None
        if coach and viewer is not None:
            from .webcoach import PageCoach

            self.coach = PageCoach(config, viewer, table.seats, table.partnerships, self.screen)

    def __call__(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "joined":
            message["texts"] = self.welcome()
        elif kind == "update":
            message["texts"] = self.update(message)
        elif kind == "error" and message.get("code") == "illegal" and self.seat.seat is not None:
            message["texts"] = {"problem": for_player(str(message.get("message")), self.seat.seat)}

    def welcome(self) -> dict[str, Any]:
        screen = self.screen
        return {
            "title": self.title,
            "names": self.names,
            "labels": seat_labels(self.names, self.seat.seat),
            "sides": [screen.side_name(side).plain for side in screen.sides],
            "cards": {code: card_name(code) for code in _all_cards()},
            "coach": self.coach is not None,
        }

    def update(self, message: dict[str, Any]) -> dict[str, Any]:
        seat = self.seat
        new = seat.update(message)
        view = seat.view
        screen = self.screen
        lines: list[str] = []
        for e in new:
            for item in screen.event_lines(e, view):
                lines.extend(x for x in _plain(item).split("\n") if x.strip())
        out: dict[str, Any] = {"lines": lines, "sheet": self.sheet()}
        if self.coach is not None:
            legal = seat.legal if seat.my_turn else ()
            out["coach"] = self.coach.remarks(new, view, legal)
        if view is not None:
            out["table"] = self.table(view, started=bool(message.get("started", True)))
            if seat.my_turn:
                out.update(self.choices(view, seat.legal))
        elif seat.seat is None:
            watched = self.watched()
            if watched is not None:
                out["table"] = self.table(watched)
        return out

    def watched(self) -> Any:
        """The table as anyone watching knows it (no hand): a view of nobody's seat
        (``seat`` -1) made of the public events of the hand under way."""
        from euchre_core.events import (
            CardPlayed,
            ContractMade,
            GameOver,
            GameStarted,
            GameWon,
            HandScored,
            HandStarted,
        )
        from euchre_core.model import Phase
        from euchre_core.view import PlayerView

        events = self.seat.events
        start = next(
            (i for i in range(len(events) - 1, -1, -1) if isinstance(events[i], HandStarted)),
            None,
        )
        if start is None:
            return None
        began = events[start]
        assert isinstance(began, HandStarted)
        scores: tuple[int, ...] = (0,) * self.seats
        for e in reversed(events):
            if isinstance(e, (GameOver, HandScored, GameStarted)):
                scores = tuple(e.scores)
                break
            if isinstance(e, GameWon):
                scores = tuple(e.next_scores)
                break
        hand = tuple(events[start:])
        over = any(isinstance(e, GameOver) for e in hand)
        if over:
            phase = Phase.GAME_OVER
        elif any(isinstance(e, CardPlayed) for e in hand):
            phase = Phase.PLAY
        elif any(isinstance(e, ContractMade) for e in hand):
            phase = Phase.PREPARE
        else:
            phase = Phase.BIDDING
        table = self.rules.table(self.config)
        return PlayerView(
            seat=-1,
            seats=self.seats,
            partnerships=table.partnerships,
            variant=self.config.name,
            plugins=self.rules.names,
            options=self.config.options,
            hand=(),
            dealer=began.dealer,
            hand_number=began.number,
            phase=phase,
            to_act=None if over else self.seat.to_act,
            decision_kind=None,
            scores=scores,
            target=table.target,
            hand_size=table.hand_size,
            events=hand,
            count_down=table.count_down,
        )

    def sheet(self) -> dict[str, Any]:
        from .scoresheet import score_rows

        screen = self.screen
        rows = []
        for deal, outcome, points, totals in score_rows(self.seat.hand_records, screen.sides):
            cells = [
                f"{p:+d} = {t}" if p else f"0 = {t}" for p, t in zip(points, totals, strict=True)
            ]
            rows.append([deal, outcome, *cells])
        return {"columns": ["Deal", "Result", *self.welcome_sides()], "rows": rows}

    def welcome_sides(self) -> list[str]:
        return [self.screen.side_name(side).plain for side in self.screen.sides]

    def table(self, view: Any, started: bool = True) -> dict[str, Any]:
        """The table as the page draws it (before the start nobody is to act yet)."""
        screen = self.screen
        contract = view.contract
        trump = screen._trump_line(view)
        played = dict(view.trick)
        led = view.trick[0][0] if view.trick else None
        seats = []
        for s in range(view.seats):
            seats.append(
                {
                    "seat": s,
                    "name": self.names[s],
                    "status": screen._seat_status(view, s).plain,
                    "card": played[s].code if s in played else None,
                    "led": s == led,
                    "to_act": started and view.to_act == s,
                    "dealer": s == view.dealer,
                    "maker": contract is not None and contract.maker == s,
                    "alone": s not in view.sitting_out and screen._alone(view, s),
                    "out": s in view.sitting_out,
                }
            )
        last = view.tricks[-1] if view.tricks else screen.last_trick
        called = called_cards(view)
        hand = []
        for group, cards in hand_groups(view):
            for c in cards:
                role = bower(view, c)
                words = [card_name(c.code)]
                if role:
                    words.append(role)
                elif group == "trumps":
                    words.append("trump")
                if c in called:
                    words.append("called")
                hand.append(
                    {"card": c.code, "group": group, "role": role, "name": ", ".join(words)}
                )
        heading = f"{self.title} · deal {view.hand_number + 1} · game to {view.target}"
        tricks = screen._tally(view.tricks_won).plain
        return {
            "heading": heading,
            "score": screen._totals(view.scores).plain,
            "sides": [
                {
                    "name": screen.side_name(side).plain,
                    "score": view.scores[side[0]],
                    "tricks": sum(view.tricks_won[s] for s in side if s < len(view.tricks_won)),
                    "mine": view.seat in side,
                }
                for side in screen.sides
            ],
            "trump_label": "Trump" if contract is not None else "Up-card",
            "trump": trump.plain if trump is not None else "",
            "trump_suit": contract.trump.value if contract and contract.trump else None,
            "upcard": view.upcard.code if view.upcard is not None else None,
            "tricks": tricks if (view.phase.value == "play" or view.tricks) else "",
            "seats": seats,
            "trick_number": len(view.tricks) + 1,
            "phase": view.phase.value,
            "last_trick": None
            if last is None
            else {
                "text": _plain(screen._last_trick(view)),
                "plays": [[s, c.code] for s, c in last.plays],
                "winner": last.winner,
            },
            "hand": hand,
        }

    def choices(self, view: Any, legal: Any) -> dict[str, Any]:
        from .play import advise

        screen = self.screen
        choices = Choices(view, legal, self.rules, self.names)
        listed = []
        for i, (key, a) in enumerate(choices.numbered()):
            words = choices.words[i]
            listed.append(
                {
                    "action": str(a),
                    "key": key,
                    "say": screen.action(a, view).plain,
                    "card": a.card.code if i < choices.cards and a.card is not None else None,
                    "risk": words.risk,
                }
            )
        out: dict[str, Any] = {"prompt": asked_for(view, choices.actions), "choices": listed}
        try:
            action, why = advise(view, legal, f"{view.seat}/{view.hand_number}/hint")
        except Exception as e:  # a hint must never stop the game
            action, why = None, f"(no hint: {type(e).__name__}: {e})"
        if action is not None or why:
            out["hint"] = {
                "action": str(action) if action is not None else None,
                "say": screen.action(action, view).plain if action is not None else "",
                "why": why,
            }
        return out


def page_texts(joined: dict[str, Any]) -> PageTexts:
    """What words the messages of a page's connection (``start_server(texts=...)``)."""
    return PageTexts(joined)


def coached_page_texts(joined: dict[str, Any]) -> PageTexts:
    """As :func:`page_texts`, with the coach's remarks (``euchre host --coach``)."""
    return PageTexts(joined, coach=True)

"""What the command line draws of a game: cards, seats, narration lines and hints (the
table's layout is :mod:`euchre_cli.table`, the other commands' reports
:mod:`euchre_cli.reports`).

With those two, this is the only module with colour and glyphs. It draws the table for one seat from
that seat's :class:`~euchre_core.view.PlayerView` only, and narrates events as the seat
saw them; it never looks at a game state. Suit symbols are shown in colour; with
``--ascii``, when ``NO_COLOR`` is set, or when the output cannot encode them, cards are
plain codes (``JH``) and boxes are drawn in ASCII.

Rich is imported here, so import this module inside commands, not at start-up.
"""

from __future__ import annotations

import os
import re
import sys
from collections import deque
from collections.abc import Sequence
from typing import Any

from rich import box
from rich.console import Console, RenderableType
from rich.panel import Panel
from rich.text import Text

from euchre_core.actions import (
    Action,
    Bid,
    Call,
    CallAce,
    Decline,
    DefendAlone,
    Discard,
    Forfeit,
    Give,
    GoAlone,
    Order,
    Partner,
    Pass,
    PickUp,
    Play,
)
from euchre_core.cards import EXTRA_RANKS, RANK_LABELS, Card, Suit, card
from euchre_core.events import (
    BidMade,
    CardGiven,
    CardPlayed,
    CardsTaken,
    Contract,
    ContractMade,
    Dealt,
    Declared,
    Discarded,
    Event,
    GameOver,
    GameStarted,
    GameWon,
    HandScored,
    HandStarted,
    PassedOut,
    PlayGoesOn,
    PlayStarted,
    TrickWon,
    UpCardTurned,
)
from euchre_core.trumps import ranking
from euchre_core.view import PlayerView

from .table import TableDrawing

__all__ = [
    "Screen",
    "error_line",
    "make_console",
    "plain_mode",
    "seat_labels",
    "seat_names",
]

SUIT_SYMBOL = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
_SUIT_STYLE = {
    Suit.CLUBS: "bold",
    Suit.SPADES: "bold",
    Suit.HEARTS: "bold red",
    Suit.DIAMONDS: "bold red",
}
_CARD_CODE = re.compile(r"\b(?:[2-9TEWRJQKA][CDHS]2?|JK)\b")
_SEAT_REF = re.compile(r"\{(\d+)\}")
_SEAT_WORDS = re.compile(r"\bseat (\d+)\b")
#: Words ending in s that may follow a seat and are no verb of it.
_THIRD_PERSON_NOT_VERBS = frozenset({"plus", "minus", "thus", "always", "bonus", "towards"})
#: Widest table drawn (columns); a narrower terminal gets a table as wide as it is.
TABLE_WIDTH = 80
#: Lines of narration the table repeats under "Just now".
RECENT_LINES = 4
_COMPASS = {
    2: ("South", "North"),
    3: ("South", "West", "East"),
    4: ("South", "West", "North", "East"),
}


# ---------------------------------------------------------------------------------------
# Consoles
# ---------------------------------------------------------------------------------------


def _encodes_symbols(stream: Any) -> bool:
    enc = (getattr(stream, "encoding", None) or "").lower().replace("-", "")
    return enc.startswith("utf")


def plain_mode(ascii_flag: bool = False, stream: Any = None) -> bool:
    """Whether to draw plain ASCII: asked for, ``NO_COLOR`` set, or no UTF-8 output."""
    stream = sys.stdout if stream is None else stream
    return ascii_flag or bool(os.environ.get("NO_COLOR")) or not _encodes_symbols(stream)


def make_console(ascii_flag: bool = False, *, stderr: bool = False) -> Console:
    """A console on standard output (or error): no colour in ASCII mode or when piped."""
    stream = sys.stderr if stderr else sys.stdout
    plain = plain_mode(ascii_flag, stream)
    return Console(
        file=stream,
        no_color=plain,
        highlight=False,
        emoji=False,
        markup=False,
        safe_box=True,
    )


def error_line(message: str) -> None:
    """One error line on standard error: ``euchre: <message>`` (red on a terminal)."""
    console = make_console(stderr=True)
    console.print(Text.assemble(("euchre: ", "bold red"), (message, "red")), soft_wrap=True)


def seat_names(seats: int, viewer: int | None = None) -> list[str]:
    """Names of the seats: ``You`` for the viewer and compass points for the others
    (placed clockwise from the viewer), or ``Seat N`` at larger tables."""
    base = _COMPASS.get(seats)
    anchor = 0 if viewer is None else viewer
    names = []
    for s in range(seats):
        if s == viewer:
            names.append("You")
        elif base is not None:
            names.append(base[(s - anchor) % seats])
        else:
            names.append(f"Seat {s}")
    return names


def seat_labels(names: Sequence[str], viewer: int | None = None) -> list[str]:
    """Short labels of the seats for tallies and tricks, never two alike: ``You`` for
    the viewer, the initials of compass names (``W``, ``N``, ``E``), ``#3`` for
    ``Seat 3``, else the first letters of each name (as many as make them differ)."""
    labels: list[str] = []
    for s, n in enumerate(names):
        if s == viewer or n == "You":
            labels.append("You")
            continue
        m = re.fullmatch(r"Seat (\d+)", n)
        labels.append(f"#{m.group(1)}" if m else n[:1])
    width = 1
    while len(set(labels)) < len(labels) and width < max((len(n) for n in names), default=1):
        width += 1
        labels = [
            lab if lab == "You" or lab.startswith("#") else names[s][:width]
            for s, lab in enumerate(labels)
        ]
    if len(set(labels)) < len(labels):
        labels = ["You" if lab == "You" else f"#{s}" for s, lab in enumerate(labels)]
    return labels


# ---------------------------------------------------------------------------------------
# The screen of a game
# ---------------------------------------------------------------------------------------


class Screen(TableDrawing):
    """Draws a game for one seat (``viewer``), or for an audience (``viewer=None``).

    :param names: a name for each seat
    :param partnerships: the fixed partnerships, or ``None`` when every seat scores alone
    :param title: the variant's title
    :param plain: ASCII cards and boxes, no colour
    :param console: where to draw (default: standard output)
    :param rules: the game's compiled plugin stack, asked to word the events its plugins
      add (``euchre_describe_event``); without it those events are told generically
    :param width: the table's width in columns (default: the console's, at most
      :data:`TABLE_WIDTH`), fixed for the game
    """

    #: A plugin failed to word an event (said once on standard error, then plain words).
    _words_failed = False

    def __init__(
        self,
        *,
        names: Sequence[str],
        viewer: int | None,
        partnerships: tuple[tuple[int, ...], ...] | None,
        title: str,
        plain: bool,
        console: Console | None = None,
        rules: Any = None,
        width: int | None = None,
    ):
        self.names = list(names)
        self.viewer = viewer
        self.partnerships = partnerships
        self.seats = len(self.names)
        self.title = title
        self.plain = plain
        self.console = console if console is not None else make_console(plain)
        self.box = box.ASCII if plain else box.ROUNDED
        self.rules = rules
        self.labels = seat_labels(self.names, viewer)
        self.width = width if width is not None else min(self.console.width, TABLE_WIDTH)
        #: The last lines of narration, repeated inside the table.
        self.recent: deque[Text] = deque(maxlen=RECENT_LINES)
        #: The last trick told (the table shows it until a trick of the next deal).
        self.last_trick: TrickWon | None = None
        # Narration state, rebuilt from the events it is shown.
        self._dealer: int | None = None
        self._upcard: Card | None = None
        self._tricks = [0] * self.seats

    # -- small pieces -------------------------------------------------------------------

    def print(self, *items: RenderableType | str) -> None:
        self.console.print(*items, soft_wrap=False)

    def card(self, c: Card, style: str | None = None) -> Text:
        """A card: ``J♥`` in colour, ``JH`` in ASCII."""
        if c.suit is None:
            return Text("JK" if self.plain else "Jkr", style=style or "bold magenta")
        if self.plain:
            if c.rank in EXTRA_RANKS:  # 11H rather than EH: the number on the card
                return Text(RANK_LABELS[c.rank] + c.suit.value, style=style or "")
            return Text(c.face, style=style or "")
        rank = RANK_LABELS.get(c.rank or "", "")
        return Text(rank + SUIT_SYMBOL[c.suit], style=style or _SUIT_STYLE[c.suit])

    def cards(self, cs: Sequence[Card], sep: str = " ") -> Text:
        return Text(sep).join(self.card(c) for c in cs)

    def suit(self, s: Suit | None) -> Text:
        """``♥ hearts``, ``hearts`` in ASCII, ``no trump`` for None."""
        if s is None:
            return Text("no trump", style="bold")
        if self.plain:
            return Text(s.word)
        return Text.assemble((SUIT_SYMBOL[s], _SUIT_STYLE[s]), " ", s.word)

    def name(self, seat: int | None) -> Text:
        if seat is None:
            return Text("nobody")
        label = self.names[seat] if 0 <= seat < len(self.names) else f"Seat {seat}"
        if seat == self.viewer:
            return Text(label, style="bold cyan")
        if self._is_partner(seat):
            return Text(label, style="green")
        return Text(label, style="yellow")

    def _is_partner(self, seat: int) -> bool:
        if self.viewer is None or self.partnerships is None:
            return False
        return any(seat in side and self.viewer in side for side in self.partnerships)

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        if self.partnerships is not None:
            return self.partnerships
        return tuple((s,) for s in range(self.seats))

    def side_name(self, side: Sequence[int]) -> Text:
        return Text(" & ").join(self.name(s) for s in side)

    def action(self, a: Action, view: PlayerView | None = None) -> Text:
        """A choice as shown beside its number: a card, ``call ♥ hearts``, ``pass``; an
        action the core does not know is worded by the plugin that offers it
        (``euchre_action_words``, seen from ``view``)."""
        c = a.card
        if isinstance(a, Call):
            out = Text.assemble("call ", self.suit(a.suit))
            if a.alone:
                out.append(" alone")
            return out
        if isinstance(a, CallAce):
            return Text.assemble("call the ace of ", self.suit(a.suit))
        if isinstance(a, Order) and self._upcard is not None:
            dealing = self.viewer is not None and self.viewer == self._dealer
            verb = "take up" if dealing else "order up"
            out = Text.assemble(f"{verb} ", self.card(self._upcard))
            if a.alone:
                out.append(" alone")
            return out
        if isinstance(a, GoAlone):
            return Text("go alone")
        if isinstance(a, PickUp) and self._upcard is not None:
            return Text.assemble("pick up ", self.card(self._upcard))
        if isinstance(a, Decline):
            return Text("turn it down")
        if isinstance(a, Bid):
            return Text(f"bid {_words(a.value)}")
        if isinstance(a, Partner):
            return Text.assemble("partner ", self.name(a.seat))
        if c is not None and type(a).__module__.startswith("euchre_core"):
            word = str(a).split()[0]
            return self.card(c) if word == "play" else Text.assemble(word, " ", self.card(c))
        if view is not None:
            from .choices import words_of

            return self.prose(words_of(self.rules, view, a).say)
        if c is not None:
            word = str(a).split()[0]
            return self.card(c) if word == "play" else Text.assemble(word, " ", self.card(c))
        return self.prose(_words(str(a)))

    def did(self, seat: int, a: Action, *, past: bool = False) -> Text:
        """What ``seat`` did, in words after its name: ``passes``, ``orders it up``,
        ``calls ♥ hearts alone``, ``goes alone``, ``bids 4``, ``plays J♥``
        (``pass``, ``order it up`` … for the viewer; ``passed`` … with ``past``)."""
        dealer = seat == self._dealer

        def verb(present: str, before: str) -> str:
            return before if past else self._person(seat, present)

        alone = " alone" if getattr(a, "alone", False) else ""
        if isinstance(a, Pass):
            return Text(verb("passes", "passed"))
        if isinstance(a, Order):
            words = (
                verb("takes it up", "took it up")
                if dealer
                else verb("orders it up", "ordered it up")
            )
            return Text(words + alone, style="bold")
        if isinstance(a, Call):
            out = Text.assemble((verb("calls", "called") + " ", "bold"), self.suit(a.suit))
            if alone:
                out.append(alone, style="bold")
            return out
        if isinstance(a, CallAce):
            return Text.assemble(
                (verb("calls", "called") + " for the ace of ", "bold"), self.suit(a.suit)
            )
        if isinstance(a, GoAlone):
            return Text(verb("goes alone", "went alone"), style="bold")
        if isinstance(a, DefendAlone):
            return Text(verb("defends alone", "defended alone"), style="bold")
        if isinstance(a, PickUp):
            return Text(verb("picks up the up-card", "picked up the up-card"))
        if isinstance(a, Decline):
            return Text(verb("leaves the up-card", "left the up-card"))
        if isinstance(a, Bid):
            return Text(verb("bids", "bid") + f" {_words(a.value)}", style="bold")
        if isinstance(a, Partner):
            return Text.assemble(verb("names", "named") + " ", self.name(a.seat), " as partner")
        if isinstance(a, Forfeit):
            return Text(verb("forfeits the deal", "forfeited the deal"), style="bold")
        if isinstance(a, Play):
            return Text.assemble(verb("plays", "played") + " ", self.card(a.card))
        if isinstance(a, Discard):
            return Text.assemble(verb("discards", "discarded") + " ", self.card(a.card))
        if isinstance(a, Give):
            return Text.assemble(verb("gives", "gave") + " ", self.card(a.card))
        return _raw_action(self, a)

    def _person(self, seat: int | None, words: str, past: bool = False) -> str:
        """A verb phrase for ``seat``: third person, or second for the viewer
        (``plays`` -> ``play``, ``passes`` -> ``pass``, ``goes`` -> ``go``)."""
        if past or seat is None or self.names[seat] != "You":  # "You" takes the second
            return words
        first, sep, rest = words.partition(" ")
        irregular = {"goes": "go", "does": "do", "has": "have", "is": "are", "was": "were"}
        if first in irregular:
            first = irregular[first]
        elif first.endswith(("sses", "shes", "ches", "xes")):
            first = first[:-2]
        elif first.endswith("s"):
            first = first[:-1]
        return first + sep + rest

    def _totals(self, values: Sequence[int]) -> Text:
        parts = []
        for side in self.sides:
            parts.append(Text.assemble(self.side_name(side), " ", (str(values[side[0]]), "bold")))
        return Text(" · " if not self.plain else " | ").join(parts)

    def _side_tricks(self, tricks: Sequence[int]) -> Text:
        parts = []
        for side in self.sides:
            n = sum(tricks[s] for s in side if s < len(tricks))
            parts.append(Text.assemble(self.side_name(side), " ", (str(n), "bold")))
        return Text(" · " if not self.plain else " | ").join(parts)

    def _initial(self, seat: int) -> str:
        """A seat's short label: ``You``, a compass initial (``W``), ``#3``; never the
        same for two seats."""
        if 0 <= seat < len(self.labels):
            return self.labels[seat]
        return f"#{seat}"

    def label(self, seat: int) -> Text:
        """A seat's short label, the viewer's in its colour."""
        style = "bold cyan" if seat == self.viewer else "dim"
        return Text(self._initial(seat), style=style)

    def short_side(self, side: Sequence[int]) -> str:
        """``us`` / ``them`` for the viewer's table, else the labels (``W+E``)."""
        if self.viewer is not None and self.viewer in side:
            return "you" if len(side) == 1 else "us"
        if self.viewer is not None and self.partnerships is not None and len(self.sides) == 2:
            return "them"
        labels = [self._initial(s) for s in side]
        if all(len(x) == 1 for x in labels):
            return "".join(labels)
        return "+".join(labels)

    def _tally(self, tricks: Sequence[int]) -> Text:
        """Tricks per side: ``us 2, them 1`` or ``You 0, W 1, N 2, E 0``."""
        parts = []
        for side in self.sides:
            n = sum(tricks[s] for s in side if s < len(tricks))
            who = self.short_side(side)
            mine = self.viewer is not None and self.viewer in side
            parts.append(Text.assemble((who, "bold cyan" if mine else ""), f" {n}"))
        return Text(", ").join(parts)

    def seat_words(self, words: str, style: str = "") -> Text:
        """Plain words from the rules or a plugin, drawn: ``{2}`` and ``seat 2`` become
        the seat's name, card codes (``JH``) become cards."""
        words = self._agreeing(words)
        out = Text(style=style)
        pos = 0
        for m in _SEAT_REF.finditer(words):
            out.append_text(self.prose(_SEAT_WORDS.sub(self._seat_sub, words[pos : m.start()])))
            seat = int(m.group(1))
            if words.startswith("'s", m.end()) and self._person(seat, "is") == "are":
                out.append("Your" if not out.plain.strip() else "your", style="bold cyan")
                pos = m.end() + 2
                continue
            out.append_text(self.name(seat))
            pos = m.end()
        out.append_text(self.prose(_SEAT_WORDS.sub(self._seat_sub, words[pos:])))
        return out

    def _agreeing(self, words: str) -> str:
        """``words`` with the verb after the viewer's seat (``{0} bids``, ``seat 0
        plays``) in the second person when the viewer is "You" (``You bid``)."""
        v = self.viewer
        if v is None or self._person(v, "is") != "are":
            return words

        def agree(m: re.Match[str]) -> str:
            verb = m.group(2)
            if verb in _THIRD_PERSON_NOT_VERBS or not (
                verb in ("is", "has", "was") or (len(verb) >= 4 and verb[-1] == "s" != verb[-2])
            ):
                return m.group(0)
            return f"{m.group(1)} {self._person(v, verb)}"

        return re.sub(rf"(\{{{v}\}}|\bseat {v}\b) ([a-z]+)\b", agree, words)

    def _seat_sub(self, m: re.Match[str]) -> str:
        seat = int(m.group(1))
        return self.names[seat] if 0 <= seat < len(self.names) else m.group(0)

    # -- narration ------------------------------------------------------------------------

    def event(self, e: Event, view: PlayerView | None = None) -> None:
        """Print the line(s) that tell an event, as the viewer saw it. ``view`` is the
        viewer's view now (what a plugin may add for this seat only)."""
        for item in self.event_lines(e, view):
            self.print(item)

    def events(self, events: Sequence[Event], view: PlayerView | None = None) -> None:
        """Print the lines of ``events`` in order, as :meth:`event` does, one seat's run
        of discards unseen by the viewer told once: ``West discards 3 cards`` (the
        auction's declarer discarding after the widow said ``discards a card`` three
        times)."""
        i = 0
        while i < len(events):
            e = events[i]
            j = i
            if isinstance(e, Discarded):
                while j < len(events) and _hidden_discard_by(events[j], e.seat):
                    j += 1
            if j - i > 1 and self._plugin_words(e, view) is None:
                line = Text.assemble(
                    self.name(e.seat), " ", self._person(e.seat, f"discards {j - i} cards")
                )
                self.recent.append(line)
                self.print(line)
            else:
                self.event(e, view)
                j = i + 1
            i = j

    def event_lines(self, e: Event, view: PlayerView | None = None) -> list[RenderableType]:
        """The lines that tell ``e``: a plugin's words (``euchre_describe_event``) when a
        plugin of the game answers, else the screen's own; remembered for the table."""
        words = self._plugin_words(e, view)
        if words is not None:
            self._follow(e)
            lines: list[RenderableType] = [
                self.seat_words(line) for line in words.splitlines() if line.strip()
            ]
        else:
            lines = self._event_lines(e)
        if isinstance(e, TrickWon):
            # The table shows the trick in one line, above the things said since: the
            # plays of the trick are not said again below it, out of their order.
            self.recent.clear()
            return lines
        for item in lines:
            if isinstance(item, Text):
                for part in item.split("\n"):
                    if part.plain.strip():
                        self.recent.append(part)
        return lines

    def _plugin_words(self, e: Event, view: PlayerView | None) -> str | None:
        rules = self.rules
        if rules is None:
            return None
        try:
            words = rules.describe_event(e, view)
        except Exception as exc:  # a plugin's wording must never stop the game
            if not self._words_failed:  # said once, for the plugin's writer
                self._words_failed = True
                from .errors import print_error

                print_error(f"{exc}: its events are told in plain words")
            return None
        return words if isinstance(words, str) else None

    def _follow(self, e: Event) -> None:
        """Keep what the narration needs from an event told by a plugin."""
        if isinstance(e, HandStarted):
            self._dealer = e.dealer
            self._upcard = None
            self._tricks = [0] * self.seats
        elif isinstance(e, UpCardTurned):
            self._upcard = e.card
        elif isinstance(e, TrickWon):
            self.last_trick = e
            if 0 <= e.winner < self.seats:
                self._tricks[e.winner] += 1

    def _event_lines(self, e: Event) -> list[RenderableType]:
        n = self.name
        if isinstance(e, (HandStarted, UpCardTurned, TrickWon)):
            self._follow(e)
        if isinstance(e, GameStarted):
            return []
        if isinstance(e, HandStarted):
            who = f"{self.names[e.dealer]} {self._person(e.dealer, 'deals')}"
            rule = "-" if self.plain else "─"
            return [Text(f"{rule * 3} Deal {e.number + 1}: {who} {rule * 3}", style="bold")]
        if isinstance(e, Dealt):
            if e.cards is None or (self.viewer is not None and e.seat != self.viewer):
                return []
            if e.seat == self.viewer:
                return []  # the table shows the viewer's own hand
            shown = ranking(None).sorted(e.cards)
            return [Text.assemble("  ", n(e.seat), ": ", self.cards(shown))]
        if isinstance(e, UpCardTurned):
            return [Text.assemble("Up-card ", self.card(e.card))]
        if isinstance(e, (BidMade, Declared)):
            return [Text.assemble(n(e.seat), " ", self.did(e.seat, e.action))]
        if isinstance(e, ContractMade):
            return [self._contract_line(e.contract)]
        if isinstance(e, PassedOut):
            pts = [p for p in e.points if p]
            tail = "" if not pts else " (points: " + self._points_text(e.points).plain + ")"
            again = "the same dealer deals again" if e.same_dealer else "the deal passes on"
            return [self.seat_words(f"No trump made: {e.reason}; {again}{tail}.", "italic")]
        if isinstance(e, CardsTaken):
            if e.cards:
                what = "picks up" if e.source == "upcard" else f"takes from the {e.source}"
                what = self._person(e.seat, what)
                return [Text.assemble(n(e.seat), f" {what} ", self.cards(e.cards))]
            cards = "a card" if e.count == 1 else f"{e.count} cards"
            what = self._person(e.seat, f"takes {cards} from the {e.source}")
            return [Text.assemble(n(e.seat), " ", what)]
        if isinstance(e, Discarded):
            if e.card is not None and (self.viewer is None or e.seat == self.viewer):
                verb = self._person(e.seat, "discards")
                return [Text.assemble(n(e.seat), f" {verb} ", self.card(e.card))]
            return [Text.assemble(n(e.seat), " ", self._person(e.seat, "discards a card"))]
        if isinstance(e, CardGiven):
            given = self.card(e.card) if e.card is not None else Text("a card")
            verb = self._person(e.giver, "gives")
            return [Text.assemble(n(e.giver), f" {verb} ", given, " to ", n(e.receiver))]
        if isinstance(e, PlayStarted):
            out = Text.assemble(n(e.leader), " to lead")
            if e.sitting_out:
                out.append("; sitting out: ")
                out.append(Text(", ").join(n(s) for s in e.sitting_out))
            return [out]
        if isinstance(e, CardPlayed):
            verb = self._person(e.seat, "plays")
            return [Text.assemble("  ", n(e.seat), f" {verb} ", self.card(e.card))]
        if isinstance(e, TrickWon):
            cards = Text("  ").join(
                Text.assemble(self.label(s), " ", self.card(c)) for s, c in e.plays
            )
            arrow = "->" if self.plain else "→"
            won = self._person(e.winner, "wins")
            return [
                Text.assemble(
                    f"Trick {e.number + 1}: ",
                    cards,
                    f"  {arrow} ",
                    n(e.winner),
                    f" {won} (",
                    self._tally(self._tricks),
                    ")",
                )
            ]
        if isinstance(e, HandScored):
            return [self._hand_result(e)]
        if isinstance(e, GameWon):
            return [self._game_won(e)]
        if isinstance(e, PlayGoesOn):
            return [self.seat_words(f"No winner yet: {e.reason}; the game goes on.", "bold")]
        if isinstance(e, GameOver):
            return [self._game_over(e)]
        return [Text(_describe(e), style="italic")]

    def _contract_line(self, c: Contract, prefix: str = "Trump: ") -> Text:
        if c.trump is None and c.named_later:
            out = Text.assemble(prefix, ("to be named", "italic"))
        elif c.trump is None and c.by_lead:
            out = Text.assemble(prefix, ("the suit of the first card led", "italic"))
        else:
            out = Text.assemble(prefix, self.suit(c.trump))
        if c.maker is not None:
            out.append(" · made by " if not self.plain else ", made by ")
            out.append_text(self.name(c.maker))
        if c.level is not None:
            out.append(f", bid {c.level}")
        if c.alone:
            out.append(" alone", style="bold")
        return out

    def _points_text(self, points: Sequence[int]) -> Text:
        return self._totals(points)

    def _hand_result(self, e: HandScored) -> Text:
        if e.contract is None:
            head = Text(f"Hand over: {e.outcome}.")
        else:
            makers = e.makers or ((e.contract.maker,) if e.contract.maker is not None else ())
            taken = sum(e.tricks[s] for s in makers)
            if not makers:  # a hand nobody made (dirty clubs)
                head = Text.assemble("Hand over: ", (e.outcome, "bold"))
            elif not any(e.tricks):  # no trick played (everyone else dropped out)
                head = Text.assemble(
                    Text(" & ").join(self.name(s) for s in makers), ": ", (e.outcome, "bold")
                )
            else:
                head = Text.assemble(
                    Text(" & ").join(self.name(s) for s in makers),
                    f" took {taken} trick{'s' if taken != 1 else ''}: ",
                    (e.outcome, "bold"),
                )
            changes = self._changes(e.points)
            if changes.plain:
                head.append(", ")
                head.append_text(changes)
        return Text.assemble(head, "\n  Score: ", self._totals(e.scores))

    def _changes(self, points: Sequence[int]) -> Text:
        """Each score's change, the seats gaining (or losing) alike together: ``You &
        North +2``; ``West & North -3, East -2`` (a score counting down)."""
        groups: dict[int, list[int]] = {}
        for seat, p in enumerate(points):
            if p:
                groups.setdefault(p, []).append(seat)
        return Text(", ").join(
            Text.assemble(self._owners(seats), f" {p:+d}") for p, seats in groups.items()
        )

    def _owners(self, seats: Sequence[int]) -> Text:
        for side in self.sides:
            if set(seats) <= set(side) and len(seats) >= 1 and seats[0] in side:
                return self.side_name(side) if len(side) > 1 else self.name(seats[0])
        return Text(" & ").join(self.name(s) for s in seats)

    def _game_over(self, e: GameOver) -> RenderableType:
        if e.winners:
            who = self._owners(e.winners)
            won = "win" if (self.viewer in e.winners or len(e.winners) > 1) else "wins"
            line = Text.assemble("Game over: ", who, f" {won}", ". ")
        else:
            line = Text("Game over. ")
        line.append("Final score: ")
        line.append_text(self._totals(e.scores))
        if e.reason:
            line.append(f" ({e.reason})", style="dim")
        return Panel(line, box=self.box, expand=False, border_style="bold")

    def _game_won(self, e: GameWon) -> Text:
        who = self._owners(e.winners) if e.winners else Text("nobody")
        won = "win" if (self.viewer in e.winners or len(e.winners) > 1) else "wins"
        line = Text.assemble(f"Game {e.number + 1} over: ", who, f" {won}", ". Score: ")
        line.append_text(self._totals(e.scores))
        if e.reason:
            line.append_text(self.seat_words(f" ({e.reason})", "dim"))
        if tuple(e.next_scores) != tuple(e.scores):
            line.append(". The next game starts at ")
            line.append_text(self._totals(e.next_scores))
        line.append(".")
        return line

    # -- prompts and messages -------------------------------------------------------------

    def ask(self, prompt: str) -> str:
        """Read one line (raises EOFError at the end of input)."""
        self.console.print(Text(prompt, style="bold cyan"), end="")
        _wait_for_line()
        answer = input()
        if not sys.stdin.isatty():
            self.console.print(answer, markup=False, highlight=False)  # keep logs readable
        return answer

    def note(self, message: str | Text) -> None:
        self.print(Text(message, style="dim") if isinstance(message, str) else message)

    def problem(self, message: str) -> None:
        """An input that cannot be taken, and why (its card codes drawn as cards)."""
        self.print(self.prose(message, "yellow"))

    def hint(
        self,
        choices: Sequence[tuple[int, Action]],
        advice: Action | None,
        why: str,
        *,
        label: str = "Hint: ",
    ) -> None:
        """The numbered choices, then the advised one (``label``, its number, why)."""
        line = Text("Your choices: ", style="bold")
        line.append_text(
            Text(", ").join(
                Text.assemble((str(i), "bold cyan"), " ", self.action(a)) for i, a in choices
            )
        )
        self.print(line)
        if advice is not None:
            number = next((i for i, a in choices if a == advice), None)
            tip = Text(label, style="bold green")
            tip.append_text(self.action(advice))
            if number is not None:
                tip.append(f" ({number})")
            if why:
                tip.append(": ")
                tip.append_text(self.prose(why))
            self.print(tip)

    def prose(self, words: str, style: str = "") -> Text:
        """Plain words with the card codes in them (``JH``) drawn as cards."""
        out = Text(style=style)
        pos = 0
        for m in _CARD_CODE.finditer(words):
            out.append(words[pos : m.start()])
            out.append_text(self.card(card(m.group())))
            pos = m.end()
        out.append(words[pos:])
        return out

    def coach(self, *parts: str | Text, label: str = "Coach: ") -> None:
        """A line of the coach (``euchre learn``): words, cards drawn in them, and
        actions drawn as beside their numbers."""
        line = Text(label, style="bold green")
        for part in parts:
            line.append_text(self.prose(part) if isinstance(part, str) else part)
        self.print(line)

    def definition(self, term: str, meaning: str) -> None:
        """A glossary entry, said the first time the coach uses its word."""
        self.print(
            Text.assemble("  ", (term, "bold italic"), (": ", "dim"), self.prose(meaning, "dim"))
        )

    def past_tricks(self, view: PlayerView) -> None:
        if not view.tricks:
            self.note("No trick has been played yet this hand.")
        for t in view.tricks:
            cards = Text("  ").join(
                Text.assemble(self.name(s), " ", self.card(c)) for s, c in t.plays
            )
            self.print(
                Text.assemble(f"Trick {t.number + 1}: ", cards, "  won by ", self.name(t.winner))
            )
        if view.trick:
            cards = Text("  ").join(
                Text.assemble(self.name(s), " ", self.card(c)) for s, c in view.trick
            )
            self.print(Text.assemble(f"Trick {len(view.tricks) + 1} so far: ", cards))

    def open_hands(self, hands: Sequence[Sequence[Card]], trump_known: Any = None) -> None:
        """Every seat's cards (replays with the hands open)."""
        r = trump_known if trump_known is not None else ranking(None)
        for s, h in enumerate(hands):
            self.print(Text.assemble("  ", self.name(s), ": ", self.cards(r.sorted(h))))


def _hidden_discard_by(e: Event, seat: int) -> bool:
    return isinstance(e, Discarded) and e.card is None and e.seat == seat


def _words(value: object) -> str:
    """A keyword as words: ``little-pepper`` -> ``little pepper``."""
    return str(value).replace("-", " ").replace("_", " ")


def _raw_action(screen: Screen, a: Action) -> Text:
    """What a seat did, for an action that neither the screen nor a plugin words: its
    text form, keyword as words and card codes drawn."""
    return screen.prose(_words(str(a)))


def _describe(e: Event) -> str:
    """A generic line for an event a plugin added and words nowhere: its record."""
    names = list(getattr(e, "__dataclass_fields__", {}))
    if not names:
        return type(e).__name__
    return f"{type(e).__name__}: " + ", ".join(f"{k}={getattr(e, k)}" for k in names)


# ---------------------------------------------------------------------------------------
# Reports of the other commands
# ---------------------------------------------------------------------------------------


def _wait_for_line(every: float = 0.2) -> None:
    """Wait until the terminal has a line to read, back in Python every ``every`` seconds.

    A signal (Ctrl-C, SIGTERM, SIGHUP) that comes just before a read blocks in the
    operating system, or that another thread takes, does not wake the read: its handler
    would run only once a line came. Waiting here first lets it run at once. Only for a
    terminal on a system whose ``select`` takes one (a pipe's buffered lines would not
    show in ``select``)."""
    import select

    if os.name == "nt":
        return
    try:
        if not sys.stdin.isatty():
            return
        fd = sys.stdin.fileno()
    except (AttributeError, OSError, ValueError):
        return
    while True:
        try:
            ready, _, _ = select.select([fd], [], [], every)
        except (OSError, ValueError):
            return
        if ready:
            return

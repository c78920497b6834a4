"""The table of a game as one seat sees it, drawn by :class:`~euchre_cli.render.Screen`.

It fits a terminal of 80 columns and 24 lines with a line to spare for the prompt: the
scores and trump, the seats around the table with what each said and the card it played
to this trick, the last finished trick, the last lines said, then the hand (each card
that may be played now with its number) and the other choices. Its width is the screen's
:attr:`~euchre_cli.render.Screen.width`, fixed for the game; a choice is never broken
across two lines. Everything it shows comes from the seat's
:class:`~euchre_core.view.PlayerView` and from what the screen was told.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from euchre_core.actions import Action, CallAce, GoAlone, Partner, Pass
from euchre_core.cards import Card, card
from euchre_core.trumps import ranking
from euchre_core.view import PlayerView

if TYPE_CHECKING:
    from collections import deque

    from euchre_core.events import TrickWon

__all__ = ["TableDrawing", "bower", "called_cards", "hand_groups"]


def hand_groups(view: PlayerView) -> list[tuple[str, list[Card]]]:
    """The hand in the order it is shown: trumps first (the left bower among them), then
    each suit; as ``[(group, cards)]`` with the group ``trumps``, a suit's word or
    ``joker``."""
    r = view.ranking
    shown = r or ranking(None)
    groups: list[tuple[str, list[Card]]] = []
    for c in shown.sorted(view.hand):
        if r is not None and r.is_trump(c):
            key = "trumps"
        else:
            s = shown.effective_suit(c)
            key = s.word if s is not None else "joker"
        if not groups or groups[-1][0] != key:
            groups.append((key, []))
        groups[-1][1].append(c)
    return groups


def bower(view: PlayerView, c: Card) -> str:
    """``right bower``, ``left bower`` or ``""``: what the card is, trump being known."""
    r = view.ranking
    if r is not None and r.is_left_bower(c):
        return "left bower"
    if r is not None and r.is_right_bower(c):
        return "right bower"
    return ""


def called_cards(view: PlayerView) -> set[Card]:
    """Cards that another seat's declaration named (an ace called for a partner): in the
    viewer's hand, they make the viewer that seat's partner."""
    out: set[Card] = set()
    for s, a in view.declarations:
        if s == view.seat:
            continue
        if isinstance(a, CallAce):
            out.add(card("A" + a.suit.value))
        named = getattr(a, "called", None)
        if isinstance(named, Card):
            out.add(named)
    return out


class TableDrawing:
    """The table-drawing part of the screen (a base of :class:`~euchre_cli.render.Screen`,
    whose cards, names, labels and console it uses)."""

    width: int
    plain: bool
    title: str
    box: Any
    names: list[str]
    recent: deque[Text]
    last_trick: TrickWon | None
    console: Any
    card: Any
    name: Any
    label: Any
    did: Any
    action: Any
    print: Any
    _totals: Any
    _tally: Any
    _contract_line: Any
    #: The table's title for ``view`` instead of the game's own (the variant, the deal,
    #: the goal): a lesson numbers its deals, each scored on its own.
    heading: Callable[[PlayerView], str] | None = None

    def table(
        self,
        view: PlayerView,
        numbers: Mapping[Card, int],
        other_choices: Sequence[tuple[int, Action]],
        *,
        footer: str = "",
    ) -> None:
        """Draw the table as ``view.seat`` sees it: scores, trump, the seats with their
        bids and cards, the last trick, the last things said, and the hand with the
        number of each playable card, then the other choices.

        The table is :attr:`width` columns wide for the whole game and, on a terminal of
        24 lines, leaves a line for the prompt: the last things said give way first."""
        inner = max(self.width - 4, 20)
        head = Table.grid(padding=(0, 1))
        head.add_column(style="dim", no_wrap=True)
        head.add_column()
        score = self._totals(view.scores)
        if score.cell_len > inner - 8:
            score = self._tally(view.scores)
        head.add_row("Score", score)
        trump = self._trump_line(view)
        if trump is not None:
            head.add_row("Trump" if view.contract is not None else "Up-card", trump)
        if view.phase.value == "play" or view.tricks:
            head.add_row("Tricks", self._tally(view.tricks_won))
        top: list[RenderableType] = [head, self._seat_grid(view, inner)]
        last = self._last_trick(view)
        if last is not None:
            top.append(last)
        bottom: list[RenderableType] = [self._packed(self._hand_items(view, numbers), inner)]
        if other_choices:
            items = [
                Text.assemble((str(i), "bold cyan"), " ", self.action(a, view))
                for i, a in other_choices
            ]
            bottom.append(self._packed([(Text("Choices:", style="dim"), items)], inner))
        if footer:
            bottom.append(Text(footer, style="dim"))
        used = sum(self._height(p, inner) for p in top + bottom) + 2
        room = max(min(self.console.height, 24) - 1 - used, 0)
        recent: list[RenderableType] = []
        for line in reversed(self.recent):
            said = line.copy()
            said.stylize("dim")
            shown = Padding(said, (0, 0, 0, 2))
            h = self._height(shown, inner)
            if h > room:
                break
            room -= h
            recent.insert(0, shown)
        if self.heading is not None:
            title = self.heading(view)
        else:
            goal = f"first down to {view.target}" if view.count_down else f"game to {view.target}"
            title = f"{self.title} · deal {view.hand_number + 1} · {goal}"
        if self.plain:
            title = title.replace("·", "-")
        self.print(
            Panel(
                Group(*top, *recent, *bottom),
                title=title,
                box=self.box,
                width=self.width,
                padding=(0, 1),
            )
        )

    def _height(self, item: RenderableType, width: int) -> int:
        options = self.console.options.update_width(width)
        return len(self.console.render_lines(item, options, pad=False))

    def _packed(self, groups: Sequence[tuple[Text, Sequence[Text]]], width: int) -> Text:
        """Items in lines of at most ``width`` columns, never broken inside an item:
        each group starts with its label (``Choices:``), items two spaces apart."""
        out = Text()
        col = 0
        sep_group = Text("  |  " if self.plain else "  │  ", style="dim")
        for g, (label, items) in enumerate(groups):
            pieces = list(items)
            if label.plain:
                pieces = [Text.assemble(label, " ", pieces[0]), *pieces[1:]] if pieces else [label]
            for k, piece in enumerate(pieces):
                gap = sep_group if (k == 0 and g > 0) else Text("  ")
                if col == 0:
                    gap = Text("")
                if col and col + gap.cell_len + piece.cell_len > width:
                    out.append("\n")
                    col = 0
                    gap = Text("")
                out.append_text(gap)
                out.append_text(piece)
                col += gap.cell_len + piece.cell_len
        out.no_wrap = True
        out.overflow = "fold"
        return out

    def _trump_line(self, view: PlayerView) -> Text | None:
        contract = view.contract
        up: Text | None = None
        if view.upcard is not None:
            up = self.card(view.upcard)
            taker = view.upcard_taken_by
            if taker is not None:
                up = Text.assemble(up, " taken up by ", self.name(taker))
            elif contract is not None or len(view.bids) >= view.seats:
                up = Text.assemble(up, " turned down")
        if contract is None:
            return up
        line = self._contract_line(contract, "")
        if up is not None:
            line.append(" · " if not self.plain else " | ", style="dim")
            line.append_text(Text.assemble(("up-card ", "dim"), up))
        return line

    def _last_trick(self, view: PlayerView) -> Text | None:
        """The last trick of this deal, else the last trick told (of the deal before)."""
        t = view.tricks[-1] if view.tricks else self.last_trick
        if t is None:
            return None
        arrow = "->" if self.plain else "→"
        cards = Text("  ").join(Text.assemble(self.label(s), " ", self.card(c)) for s, c in t.plays)
        head = f"Trick {t.number + 1}: " if view.tricks else f"Last deal, trick {t.number + 1}: "
        return Text.assemble((head, "bold"), cards, f"  {arrow} ", self.name(t.winner))

    def _seat_status(self, view: PlayerView, seat: int) -> Text:
        c = view.contract
        out_seats = view.sitting_out
        marks: list[Text] = []
        if seat == view.dealer:
            marks.append(Text("dealer", style="magenta"))
        if c is not None and c.maker == seat:
            marks.append(Text("maker", style="bold"))
        if seat in out_seats:
            marks.append(Text("sits out", style="dim"))
        elif self._alone(view, seat):
            marks.append(Text("alone", style="bold red"))
        if c is None:
            last = [a for s, a in view.bids if s == seat]
            if last:
                marks.append(self.did(seat, last[-1], past=True))
        for s, a in view.declarations:
            if s != seat or isinstance(a, (Pass, GoAlone)):
                continue
            if isinstance(a, CallAce):
                marks.append(Text.assemble("called ", self.card(card("A" + a.suit.value))))
            elif isinstance(a, Partner):
                marks.append(Text.assemble("partner ", self.label(a.seat)))
            else:
                marks.append(self.did(seat, a, past=True))
        return Text(", ").join(marks)

    def _alone(self, view: PlayerView, seat: int) -> bool:
        out = set(view.sitting_out)
        if out:
            partners = view.partners(seat)
            return bool(partners) and all(p in out for p in partners) and seat not in out
        c = view.contract
        if c is not None and c.maker == seat and c.alone:
            return True
        return any(s == seat and isinstance(a, GoAlone) for s, a in view.declarations)

    def _seat_parts(self, view: PlayerView, seat: int) -> tuple[Text, Text, Text]:
        """A seat's name (a pointer when it is to act), what it said, and the card it
        played to this trick."""
        pointer = ">" if self.plain else "▶"
        name = Text.assemble(
            (pointer + " ", "bold cyan") if view.to_act == seat else "", self.name(seat)
        )
        status = self._seat_status(view, seat)
        played = dict(view.trick)
        if seat in played:
            card_line = self.card(played[seat])
            if view.trick and view.trick[0][0] == seat:
                card_line = Text.assemble(card_line, (" led", "dim"))
        elif seat in view.sitting_out:
            card_line = Text("")
        else:
            card_line = Text("." if self.plain else "·", style="dim")
        return name, status, card_line

    def _seat_cell(self, view: PlayerView, seat: int) -> Text:
        """A seat in two lines: ``North: maker`` over its card."""
        name, status, card_line = self._seat_parts(view, seat)
        head = Text.assemble(name, (": ", "dim"), status) if status.plain else name
        return Text("\n").join([head, card_line])

    def _seat_grid(self, view: PlayerView, width: int) -> RenderableType:
        n = view.seats
        me = view.seat
        if n == 4:
            left, across, right = ((me + k) % 4 for k in (1, 2, 3))
            grid = Table.grid(padding=(0, 1), expand=True)
            for _ in range(3):
                grid.add_column(justify="center", ratio=1)
            grid.add_row(Text(""), self._seat_cell(view, across), Text(""))
            grid.add_row(
                self._seat_cell(view, left),
                Text.assemble("\n", self._centre(view)),
                self._seat_cell(view, right),
            )
            grid.add_row(Text(""), self._seat_cell(view, me), Text(""))
            return grid
        others = [(me + k) % n for k in range(1, n)]
        grid = Table.grid(padding=(0, 1), expand=True)
        for _ in others:
            grid.add_column(justify="center", ratio=1)
        if len(others) <= 2:
            grid.add_row(*(self._seat_cell(view, s) for s in others))
        else:  # names, what they said, their cards: each on a row of its own
            parts = [self._seat_parts(view, s) for s in others]
            for k in range(3):
                if k != 1 or any(p[1].plain for p in parts):
                    grid.add_row(*(p[k] for p in parts))
        mine = Table.grid(expand=True)
        mine.add_column(justify="center")
        mine.add_row(self._centre(view))
        mine.add_row(self._seat_cell(view, me))
        return Group(grid, mine)

    def _centre(self, view: PlayerView) -> Text:
        if view.phase.value == "play":
            return Text(f"trick {len(view.tricks) + 1}", style="dim")
        if view.upcard is not None and view.contract is None:
            return Text.assemble(("up-card ", "dim"), self.card(view.upcard))
        return Text("")

    def _hand_items(
        self, view: PlayerView, numbers: Mapping[Card, int]
    ) -> list[tuple[Text, list[Text]]]:
        """The hand in groups (trumps, then each suit), each card with its number when it
        may be played now: ``[(label, items)]`` for :meth:`_packed`."""
        hand = list(view.hand)
        mine = self.names[view.seat] if view.seat < len(self.names) else "You"
        title = Text("Your hand" if mine == "You" else f"{mine}'s hand", style="bold")
        if not hand:
            return [(title, [Text("face down", style="dim")])]
        groups = hand_groups(view)
        called = self._called(view)
        out: list[tuple[Text, list[Text]]] = []
        for g, (key, cs) in enumerate(groups):
            items = []
            for c in cs:
                num = numbers.get(c)
                item = Text()
                if num is not None:
                    item.append(f"{num} ", style="bold cyan")
                    item.append_text(self.card(c, None))
                    item.stylize("reverse" if not self.plain else "", len(str(num)) + 1)
                else:
                    item.append_text(self.card(c, "dim" if not self.plain else None))
                    if self.plain and numbers:
                        item = Text.assemble("(", item, ")")
                role = bower(view, c)
                if role:
                    item.append(f" {role}", style="italic")
                if c in called:
                    item.append(" called", style="bold green")
                items.append(item)
            label = Text("trumps:", style="dim") if key == "trumps" else Text("")
            if g == 0:
                label = Text.assemble(title, " ", label) if label.plain else title
            out.append((label, items))
        return out

    def _called(self, view: PlayerView) -> set[Card]:
        return called_cards(view)

    def _hand(self, view: PlayerView, numbers: Mapping[Card, int]) -> Text:
        """The hand on one or more lines (see :meth:`_hand_items`)."""
        return self._packed(self._hand_items(view, numbers), max(self.width - 4, 20))

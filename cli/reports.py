"""The reports of the commands that are not a game: variant and plugin lists, rules
pages, simulation summaries, the glossary, replay checks and progress bars.

Like :mod:`euchre_cli.render` (whose console and cards it uses), it imports rich: import
it inside commands, not at start-up.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from euchre_core.cards import RANK_LABELS, Card, Suit

from .render import SUIT_SYMBOL, make_console

__all__ = [
    "print_check",
    "print_glossary",
    "print_plugins",
    "print_rules",
    "print_simulation",
    "print_variant",
    "print_variants",
    "progress",
    "rules_page",
]


def _table(title: str | None, plain: bool, *columns: str) -> Table:
    t = Table(title=title, box=box.ASCII if plain else box.SIMPLE_HEAVY, title_justify="left")
    for c in columns:
        t.add_column(c, overflow="fold")
    return t


def print_variants(rows: Sequence[Mapping[str, Any]], plain: bool = False) -> None:
    """The list of variants: name, title, players, plugins."""
    console = make_console(plain)
    t = _table(None, plain, "name", "title", "players", "plugins")
    for r in rows:
        t.add_row(
            Text(str(r["name"]), style="bold"),
            str(r["title"]),
            str(r["players"]),
            ", ".join(r["plugins"]),
        )
    console.print(t)


def print_variant(info: Mapping[str, Any], plain: bool = False) -> None:
    """``euchre variants show``: plugins, options with value/default/origin, hooks."""
    console = make_console(plain)
    console.print(Text(f"{info['name']}: {info['title']}", style="bold"))
    if info.get("description"):
        console.print(Text(info["description"]))
    console.print(Text(f"source: {info['source']} · players: {info['players']}", style="dim"))
    plugins = _table(
        "Plugins (later ones are asked first)", plain, "#", "plugin", "package", "version"
    )
    for i, p in enumerate(info["plugins"], 1):
        plugins.add_row(str(i), Text(p["name"], style="bold"), p["package"], p["version"])
    console.print(plugins)
    console.print(Text("Options", style="bold italic"))
    if not info["options"]:
        console.print(Text("  (none)", style="dim"))
    for o in info["options"]:
        line = Text("  ")
        line.append(o["key"], style="cyan")
        line.append(" = ")
        line.append(o["value_text"], style="bold")
        line.append(f"   default {o['default_text']}, from {o['origin']}", style="dim")
        console.print(line)
        console.print(Padding(Text(f"{o['help']} ({o['type']})"), (0, 0, 0, 6)))
    console.print()
    hooks = _table("Hooks (first asked first; w = wrapper)", plain, "hook", "answered by")
    for h in info["hooks"]:
        names = Text(", ").join(
            Text(n + (" (w)" if n in h["wrappers"] else ""), style="bold" if i == 0 else "")
            for i, n in enumerate(h["plugins"])
        )
        hooks.add_row(h["hook"], names if h["plugins"] else Text("-", style="dim"))
    console.print(hooks)


def print_plugins(rows: Sequence[Mapping[str, Any]], plain: bool = False) -> None:
    console = make_console(plain)
    t = _table(None, plain, "plugin", "package", "version", "hooks")
    for r in rows:
        if r.get("error"):
            hooks = Text(r["error"], style="red")
        else:
            hooks = Text(
                ", ".join(
                    h.removeprefix("euchre_") + (" (w)" if h in r["wrappers"] else "")
                    for h in r["hooks"]
                )
                or "-"
            )
        t.add_row(Text(r["name"], style="bold"), r["package"], r["version"], hooks)
    console.print(t)
    console.print(
        Text(
            "Hooks without their euchre_ prefix; (w) = wrapper: edits the answer of the "
            "plugins below it.",
            style="dim",
        )
    )


#: The style of a glossary word in a rules page (every word printed so is a glossary
#: entry), and of the run-in heading of a paragraph (``**Deal.**``).
TERM_STYLE = "bold"
HEADING_STYLE = "bold underline"

_ROLE_WORDS = {"right": "right bower", "left": "left bower"}


def print_rules(sections: Mapping[str, Any], plain: bool = False) -> None:
    """The rules of a variant: what it needs, the order of the cards, each plugin's
    page, how the game is won, the options in force and the sources."""
    console = make_console(plain)
    for item in rules_page(sections, plain):
        console.print(item)


def rules_page(sections: Mapping[str, Any], plain: bool = False) -> list[RenderableType]:
    """The renderables of :func:`print_rules`, in order."""
    out: list[RenderableType] = []
    out.append(Text(f"{sections['title']} ({sections['name']})", style="bold underline"))
    if sections["description"]:
        out.append(Text(sections["description"]))
    out.append(_section("What you need"))
    for line in sections["needs"]:
        out.append(Padding(Text(line), (0, 0, 0, 2)))
    out.append(_section("The order of the cards, highest first (hearts trump, for example)"))
    out.append(_card_order(sections["order"], plain))
    for sec in sections["plugins"]:
        out.append(_section(sec["title"] or sec["name"], f"(rules of {sec['name']})"))
        for b in sec["blocks"]:
            out.append(_block(b, plain))
    out.append(_section("Winning"))
    out.append(Padding(Text(sections["end"]), (0, 0, 0, 2)))
    if sections["options"]:
        out.append(_section("Options in force"))
        out.append(_options_table(sections["options"], plain))
    if sections["sources"]:
        out.append(Text())
        out.append(Text.assemble(("Sources: ", "italic"), "; ".join(sections["sources"]) + "."))
    return out


def _section(title: str, note: str = "") -> Text:
    text = Text("\n")
    text.append(title, style="bold reverse" if note else "bold underline")
    if note:
        text.append(" " + note, style="dim")
    return text


def _rules_card(c: Card, plain: bool) -> Text:
    if c.suit is None:
        return Text("Joker", style="" if plain else "magenta")
    rank = RANK_LABELS.get(c.rank or "", "")
    if plain:
        return Text(rank + c.suit.value)
    return Text(rank + SUIT_SYMBOL[c.suit], style="red" if c.suit.colour == "red" else "")


def _suit_words(suits: Sequence[Suit], plain: bool) -> Text:
    parts = []
    for s in suits:
        if plain:
            parts.append(Text(s.word))
        else:
            style = "red" if s.colour == "red" else ""
            parts.append(Text.assemble((SUIT_SYMBOL[s], style), " ", s.word))
    return Text(", ").join(parts)


def _card_order(rows: Sequence[Mapping[str, Any]], plain: bool) -> RenderableType:
    """The order of the cards as a table (one row per kind of suit), then what it means
    in words."""
    t = Table(box=box.ASCII if plain else box.SIMPLE_HEAVY, padding=(0, 1))
    t.add_column("suit", no_wrap=True)
    t.add_column("cards, high to low", overflow="fold")
    notes: list[Text] = []
    for row in rows:
        label = row["label"]
        cards = Text(" ").join(_rules_card(c, plain) for c, _ in row["cards"])
        suits = _suit_words(row["suits"], plain)
        if label == "trump":
            head = Text.assemble(("trump", TERM_STYLE), " (", suits, ")")
            roles = {r: c for c, r in row["cards"] if r}
            note = Text()
            bowers = "right" in roles
            if "joker" in roles:
                note.append("The joker is the ")
                note.append("benny", style=TERM_STYLE)
                note.append(", the highest trump; then " if bowers else ", the highest trump. ")
            if bowers:
                note.append_text(_rules_card(roles["right"], plain))
                note.append(" is the ")
                note.append("right bower", style=TERM_STYLE)
                note.append(" and ")
                note.append_text(_rules_card(roles["left"], plain))
                note.append(" the ")
                note.append("left bower", style=TERM_STYLE)
                note.append(": the jack of the other suit of trump's colour is a trump this hand.")
            else:
                note.append("There are no bowers: every suit, trump too, ranks in its natural")
                note.append(" order, and each jack belongs to its own suit, below the queen.")
            notes.append(note)
        elif label == "same colour":
            head = Text.assemble("same colour (", suits, ")")
        elif label == "other colour":
            head = Text.assemble("other colour (", suits, ")")
        else:
            head = Text.assemble(("no trump", TERM_STYLE), " (each suit)")
            note = Text()
            note.append("At ")
            note.append("no trump", style=TERM_STYLE)
            note.append(" there are no bowers: every suit ranks in its natural order.")
            if any(r == "joker" for _, r in row["cards"]):
                note.append(" The joker belongs to no suit and wins any trick it is played to.")
            notes.append(note)
        t.add_row(head, cards)
    lines: list[RenderableType] = [t, *notes]
    return Padding(Group(*lines), (0, 0, 0, 2))


def _block(b: Mapping[str, Any], plain: bool) -> RenderableType:
    indent = 2 + 3 * b.get("level", 0)
    if b["kind"] == "table":
        return Padding(_doc_table(b, plain), (0, 0, 0, indent))
    if b["kind"] == "item":
        grid = Table.grid(padding=(0, 1))
        grid.add_column(width=1)
        grid.add_column()
        grid.add_row("*" if plain else "•", _inline(b["text"], plain))
        return Padding(grid, (0, 0, 0, indent))
    return Padding(_inline(b["text"], plain), (0, 0, 0, indent))


def _doc_table(b: Mapping[str, Any], plain: bool) -> Table:
    header = b["header"]
    width = max(len(r) for r in [*header, *b["rows"]])
    t = Table(
        box=box.ASCII if plain else box.SIMPLE_HEAVY,
        show_header=bool(header),
        padding=(0, 1),
    )
    heads = header[0] if header else [""] * width
    rows = [*header, *b["rows"]]
    for k, h in enumerate(heads):
        longest = max((len(r[k]) for r in rows if k < len(r)), default=0)
        keep = k < width - 1 and longest <= 40
        t.add_column(_inline(h, plain), no_wrap=keep, overflow="fold")
    for row in b["rows"]:
        t.add_row(*(_inline(cell, plain) for cell in row))
    return t


def _options_table(options: Sequence[Mapping[str, Any]], plain: bool) -> RenderableType:
    """Each option in force: ``key = value``, then what it means on the lines below."""
    lines: list[RenderableType] = []
    for o in options:
        head = Text()
        head.append(o["key"], style="cyan")
        head.append(" = ")
        head.append(o["value_text"], style="bold cyan" if not plain else "")
        meaning = Text(o["help"])
        if o["origin"] != "default" and o["value"] != o["default"]:
            meaning.append(f" (set by {o['origin']}; default {o['default_text']})", style="dim")
        lines.append(head)
        lines.append(Padding(meaning, (0, 0, 0, 4)))
    return Padding(Group(*lines), (0, 0, 0, 2))


def _inline(para: str, plain: bool = False) -> Text:
    """Light markup of docstrings: ``**word**`` in the term style (a glossary word), or
    the heading style when it opens the paragraph; ``*word*`` in italics; double
    back-quotes (code, option names) in colour, or single back-quotes in ASCII; an API
    cross-reference by its last name."""
    para = _ROLE.sub(lambda m: f"``{m.group(1).rsplit('.', 1)[-1]}``", para)
    out = Text()
    pos = 0
    for m in _MARKUP.finditer(para):
        out.append(para[pos : m.start()])
        if m.group("bold") is not None:
            opening = not para[: m.start()].strip()
            out.append(m.group("bold"), style=HEADING_STYLE if opening else TERM_STYLE)
        elif m.group("code") is not None:
            code = m.group("code")
            out.append(f"`{code}`" if plain else code, style="" if plain else "cyan")
        else:
            out.append(m.group("em"), style="italic")
        pos = m.end()
    out.append(para[pos:])
    return out


#: A cross-reference of the API documentation (``:class:`~euchre_core.state.State```): a
#: rules page shows only its last name.
_ROLE = re.compile(r":(?:mod|class|func|meth|attr|data):`~?([\w.]+)`")
_MARKUP = re.compile(
    r"\*\*(?P<bold>.+?)\*\*|``(?P<code>.+?)``|(?<![\w*])\*(?P<em>[^*\s][^*]*?)\*(?![\w*])"
)


def print_simulation(stats: Mapping[str, Any], plain: bool = False) -> None:
    """The headline statistics of a simulation. Each percentage is worked out once, from
    the counts (not from the rounded rates of the JSON). Rows about games are shown only
    when whole games were played, rows about hands only when a hand was played."""
    console = make_console(plain)
    games, hands = stats["games"], stats["hands"]
    played = games + stats.get("unfinished_games", 0)  # those won and those stopped
    whole = stats["wins"] is not None  # whole games asked for (not single hands)
    unit, finished = ("games", played) if whole else ("hands", hands)
    done = f"{finished} {unit}"
    if stats.get("interrupted"):
        done = f"interrupted, {finished} of {stats['requested']} {unit} finished"
    if whole:
        done += f", {hands} hands"
    t = _table(
        f"{stats['variant']}: {done}, seed {stats['seed']}, bots {_bots_text(stats['bots'])}",
        plain,
        "statistic",
        "value",
    )

    def pct(n: int, d: int) -> str:
        return f"{n} ({_percent(n, d)})"

    if whole:
        t.add_row("games finished", str(games))
    if stats.get("unfinished_games"):
        from euchre_core.analysis.sim import GAME_HAND_LIMIT

        t.add_row(
            "stopped unfinished",
            f"{stats['unfinished_games']} (no winner after {GAME_HAND_LIMIT:,} hands)",
        )
    t.add_row("hands", str(hands))
    if hands:
        t.add_row("hands passed out", pct(stats["passed_out"], hands))
    if whole and games:
        for side in stats["sides"]:
            t.add_row(f"wins, {side['name']}", pct(side["wins"], games))
    if hands:
        if stats.get("counts_down"):  # Buck: the points are taken off, the lower the better
            t.add_row("scoring", "counts down: points taken off are negative")
        for side in stats["sides"]:
            t.add_row(f"points per hand, {side['name']}", f"{side['points'] / hands:.3f}")
        contracts = stats["contracts"]
        t.add_row("maker success rate", _percent(stats["contracts_made"], contracts))
        t.add_row("march rate", _percent(stats["marches"], contracts))
        t.add_row("euchre rate", _percent(stats["euchres"], contracts))
        t.add_row("lone attempts", pct(stats["lone_attempts"], contracts))
        t.add_row("lone successes", pct(stats["lone_successes"], stats["lone_attempts"]))
        t.add_row("lone marches", str(stats["lone_marches"]))
    if whole and played:
        t.add_row("hands per game", f"{hands / played:.2f}")
    t.add_row("time", f"{stats['seconds']:.2f} s")
    console.print(t)


def _bots_text(bots: Sequence[str]) -> str:
    """The bots of the seats: one name when every seat has the same bot."""
    return bots[0] if len(set(bots)) == 1 else ",".join(bots)


def _percent(n: int, d: int) -> str:
    """``n`` out of ``d`` as a percentage with one decimal, rounded once; ``-`` for none."""
    return "-" if not d else f"{100 * n / d:.1f}%"


def print_glossary(entries: Sequence[tuple[str, str]], plain: bool = False) -> None:
    """``euchre glossary``: each term in bold, then its meaning."""
    console = make_console(plain)
    for term, meaning in entries:
        console.print(Text.assemble((term, "bold"), ": ", meaning), soft_wrap=False)


def print_check(report: Mapping[str, Any], plain: bool = False) -> None:
    """``euchre replay --check``: each deal's points and the final score."""
    console = make_console(plain)
    sides = report["sides"]
    t = _table(f"{report['file']} ({report['variant']})", plain, "deal", "dealer", "result", *sides)
    for d in report["deals"]:
        t.add_row(
            str(d["deal"]),
            str(d["dealer"]),
            d["outcome"],
            *(f"{p:+d}" if p else "0" for p in d["points"]),
        )
    t.add_row(
        Text("final", style="bold"),
        "",
        "",
        *(Text(str(x), style="bold") for x in report["final_score"]),
    )
    console.print(t)
    console.print(
        Text(f"{len(report['deals'])} deals, {report['actions']} actions: ")
        + Text(report["result"], style="bold")
    )


@contextmanager
def progress(total: int, label: str) -> Iterator[Callable[[int], None]]:
    """A progress bar on a terminal (nothing when output is piped); yields ``update(done)``."""
    console = make_console(stderr=True)
    if not console.is_terminal:
        yield lambda done: None
        return
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeRemainingColumn,
    )

    with Progress(
        TextColumn("{task.description}", markup=False),  # the console reads no markup
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
    ) as bar:
        task = bar.add_task(label, total=total)
        yield lambda done: bar.update(task, completed=done)

"""``euchre rules VARIANT``: the rules of a variant in plain words.

A page that needs nothing else: what the game needs (players, the pack, the cards each),
the order of the cards in trump, in the other suits and at no trump (computed from the
engine's own ranking for the variant's pack), then each plugin's page (a plugin's module
docstring is its rules page: the deal, the bidding, the play, the scoring), how the game
is won, the options in force with their meaning, and one line of sources. House rules and
``-o`` overrides show in the text.
"""

from __future__ import annotations

import re
from typing import Annotated, Any

import typer

from .options import Ascii, Overrides, Players, Rules

__all__ = ["blocks", "card_order", "paragraphs", "rules", "rules_sections"]


def rules(
    variant: Annotated[
        str, typer.Argument(metavar="VARIANT", help="A variant name or a variant TOML file.")
    ] = "standard",
    rule: Rules = None,
    option: Overrides = None,
    players: Players = None,
    ascii_: Ascii = False,
) -> None:
    """Print the rules of a variant in plain words: the cards, the order of the trumps,
    each plugin's rules, the options in force and the sources."""
    from euchre_core import load_variant

    from .reports import print_rules

    config = load_variant(variant, rules=rule or (), options=option or (), players=players)
    print_rules(rules_sections(config), plain=ascii_)


# ---------------------------------------------------------------------------------------
# The page as data
# ---------------------------------------------------------------------------------------


def rules_sections(config: Any) -> dict[str, Any]:
    """The text of the rules as data: title, description, what the game needs, the order
    of the cards, per plugin its title and blocks, how the game is won, the options in
    force (value, default, origin, help) and the sources."""
    from euchre_core.manager import load_plugin, plugin_meta

    from .variants import option_rows

    options = option_rows(config)
    table = config.rules().table(config)
    sections = []
    sources: list[str] = []
    for name in config.rules().names:
        try:
            doc = plugin_meta(load_plugin(name))["doc"]
        except Exception:  # a plugin object registered for a test has no module page
            doc = ""
        page = blocks(doc)
        title = ""
        if page and page[0]["kind"] == "text":
            title = page.pop(0)["text"]
        body = []
        for b in page:
            if b["kind"] == "text" and b["text"].startswith("Sources:"):
                sources += [s for s in _split_sources(b["text"]) if s not in sources]
            else:
                body.append(b)
        sections.append(
            {
                "name": name,
                "title": title,
                "blocks": body,
                "options": [o for o in options if o["plugin"] == name],
            }
        )
    return {
        "name": config.name,
        "title": config.title or config.name,
        "description": " ".join(config.description.split()),
        "needs": _needs(table),
        "order": card_order(config, no_trump=_no_trump_possible(config, options)),
        "plugins": sections,
        "end": _end(table),
        "options": options,
        "sources": sources,
    }


def _needs(table: Any) -> list[str]:
    """What a table needs: the players, the pack, the cards each."""
    seats = table.seats
    if table.partnerships is None:
        who = f"{seats} players, each for themselves."
    else:
        sides = table.partnerships
        size = len(sides[0])
        who = f"{seats} players in {_number(len(sides))} partnerships of {_number(size)}"
        if size == 2 and all(side[1] - side[0] == seats // 2 for side in sides):
            who += ": partners sit opposite each other."
        else:
            who += ", partners in alternate seats."
    deck = table.deck
    jokers = sum(1 for c in deck if c.suit is None)
    plain = [c for c in deck if c.suit is not None and c.copy == 0]
    twice = any(c.copy for c in deck)
    ranks = sorted({c.rank for c in plain}, key=lambda r: -_value(r))
    suits = {c.suit for c in plain}
    in_some = {r: {c.suit for c in plain if c.rank == r} for r in ranks}
    # Ranks in only some suits (the 13s of the 63-card pack): at most one such rank set.
    partial = {r: ss for r, ss in in_some.items() if ss != suits}
    shared = {frozenset(ss) for ss in partial.values()}
    per_suit = len(shared) <= 1 and all(len(ss) >= len(suits) - 2 for ss in partial.values())
    pack = f"A pack of {len(deck)} cards: "
    if per_suit:
        pack += " ".join(_rank_word(r) for r in ranks) + " of each suit"
        if partial:
            only = sorted(next(iter(shared)), key=lambda x: x.value)
            pack += (
                " ("
                + " and ".join(_rank_word(r) + "s" for r in partial)
                + " in "
                + " and ".join(x.word for x in only)
                + " only)"
            )
        if twice:
            pack += ", each card twice"
    else:
        pack += "a partial pack"
    if jokers:
        pack += " and the joker" if jokers == 1 else f" and {jokers} jokers"
    pack += "."
    dealt = seats * table.hand_size
    cards = f"{table.hand_size} cards to each player"
    left = len(deck) - dealt
    if left == 1:
        cards += "; the other card stays out of the hands."
    elif left > 0:
        cards += f"; the other {left} stay out of the hands."
    else:
        cards += "; the whole pack is dealt."
    return [who, pack, cards]


def _end(table: Any) -> str:
    who = "side" if table.partnerships is not None else "player"
    if table.count_down:
        return (
            f"Scores count down: every {who} starts at {table.start_score} points, and the "
            f"first to get down to {table.target} or below wins the game."
        )
    return f"The first {who} to reach {table.target} points wins the game."


def _no_trump_possible(config: Any, options: list[dict[str, Any]]) -> bool:
    """Whether a hand of this variant can be played at no trump."""
    names = set(config.rules().names)
    if names & {"no-trump-call", "no-trump-passout"}:
        return True
    return any(
        o["key"].endswith((".no_trump_allowed", ".stuck_dealer_may_call_no_trump"))
        and o["value"] is True
        for o in options
    )


def card_order(config: Any, *, no_trump: bool = False) -> list[dict[str, Any]]:
    """The order of the cards of the variant's pack, high to low, as the engine ranks
    them (hearts trump as the example): the trumps, the suit of the same colour, a suit
    of the other colour, and every suit at no trump when ``no_trump``. Each row has a
    ``label``, the ``suits`` it stands for, and ``cards`` as ``(card, role)`` pairs, role
    ``"joker"``, ``"right"``, ``"left"`` or ``None``."""
    from euchre_core.cards import Suit
    from euchre_core.state import new_game
    from euchre_core.trumps import ranking

    deck = config.rules().table(config).deck
    try:
        state = new_game(config, seed=0)

        def rank(trump: Suit | None) -> Any:
            return state.rules.ranking(state, trump) or ranking(trump)

    except Exception:  # a stack that cannot start a game still has the core's ranking
        rank = ranking

    def ordered(r: Any, suit: Suit | None) -> list[Any]:
        cs = [c for c in deck if r.suit_of[c.index] is suit]
        return sorted(cs, key=lambda c: -r.power[c.index])

    def role(r: Any, c: Any) -> str | None:
        if c.suit is None:
            return "joker"
        if r.is_right_bower(c):
            return "right"
        if r.is_left_bower(c):
            return "left"
        return None

    trump = Suit.HEARTS
    r = rank(trump)
    rows = [
        {
            "label": "trump",
            "suits": [trump],
            "cards": [(c, role(r, c)) for c in ordered(r, trump)],
        },
        {
            "label": "same colour",
            "suits": [trump.partner],
            "cards": [(c, None) for c in ordered(r, trump.partner)],
        },
        {
            "label": "other colour",
            "suits": [Suit.CLUBS, Suit.SPADES],
            "cards": [(c, None) for c in ordered(r, Suit.CLUBS)],
        },
    ]
    if no_trump:
        nt = rank(None)
        row = [(c, None) for c in ordered(nt, trump)]
        jokers = [(c, "joker") for c in deck if c.suit is None]
        rows.append(
            {"label": "no trump", "suits": [trump], "cards": jokers + row},
        )
    return rows


def _number(n: int) -> str:
    return {2: "two", 3: "three"}.get(n, str(n))


def _value(rank: str | None) -> int:
    from euchre_core.cards import ALL_RANKS

    return ALL_RANKS.index(rank) if rank in ALL_RANKS else 99


def _rank_word(rank: str | None) -> str:
    from euchre_core.cards import RANK_LABELS

    return RANK_LABELS.get(rank or "", rank or "")


def _split_sources(text: str) -> list[str]:
    """``Sources: a; b (c; d); e.`` as its works ``a``, ``b (c; d)``, ``e``."""
    body = text.removeprefix("Sources:").strip().rstrip(".")
    out, depth, cur = [], 0, ""
    for ch in body:
        depth += ch in "(“"
        depth -= ch in ")”"
        if ch == ";" and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    out.append(cur.strip())
    return [s for s in out if s]


# ---------------------------------------------------------------------------------------
# A docstring as blocks
# ---------------------------------------------------------------------------------------

_GAP = re.compile(r"\s{2,}")
_SPACE = re.compile(r"\s")
_BORDER = re.compile(r"^\s*=+(?:\s+=+)+\s*$")
_ITEM = re.compile(r"^(\s*)[*-] ")


def paragraphs(doc: str) -> list[str]:
    """A docstring as paragraphs; each bullet item is its own paragraph starting ``* ``.
    Lines of a paragraph are joined; reST literal markers (``::``) are dropped; a table
    is one paragraph per row, its cells joined by two spaces."""
    out = []
    for b in blocks(doc):
        if b["kind"] == "table":
            out += ["  ".join(row) for row in [*b["header"], *b["rows"]]]
        elif b["kind"] == "item":
            out.append("* " + b["text"])
        else:
            out.append(b["text"])
    return out


def blocks(doc: str) -> list[dict[str, Any]]:
    """A docstring as blocks, in order: ``text`` (a paragraph), ``item`` (a bullet item)
    and ``table`` (a reST simple table: ``header`` and ``rows`` of cells). Text and
    items have a ``level``: 0, or 1 when indented under an item."""
    lines = doc.expandtabs().splitlines()
    out: list[dict[str, Any]] = []
    current: list[str] = []
    kind = "text"
    level = 0

    def flush() -> None:
        nonlocal current
        if current:
            text = re.sub(r"\s*::$", ":", " ".join(current))
            out.append({"kind": kind, "text": text, "level": level})
            current = []

    i = 0
    while i < len(lines):
        raw = lines[i]
        line = raw.strip()
        if _BORDER.match(raw):
            flush()
            table, i = _table(lines, i)
            out.append(table)
            continue
        if not line:
            flush()
            kind, level = "text", 0
            i += 1
            continue
        indent = len(raw) - len(raw.lstrip())
        item = _ITEM.match(raw)
        if item:
            flush()
            kind, level = "item", 1 if indent > 0 else 0
            current.append(line[2:].strip())
        else:
            if not current:
                kind, level = "text", 1 if indent > 0 else 0
            current.append(line)
        i += 1
    flush()
    return out


def _table(lines: list[str], i: int) -> tuple[dict[str, Any], int]:
    """The simple table whose first border is ``lines[i]``; the index after it."""
    border = lines[i]
    indent = len(border) - len(border.lstrip())
    starts = [m.start() for m in re.finditer(r"=+", border)]
    groups: list[list[str]] = [[]]
    i += 1
    while i < len(lines):
        raw = lines[i]
        if _BORDER.match(raw):
            i += 1
            if i >= len(lines) or not lines[i].strip():
                break
            groups.append([])
            continue
        groups[-1].append(raw)
        i += 1
    header_lines, body_lines = (groups[0], groups[1]) if len(groups) > 1 else ([], groups[0])
    return (
        {
            "kind": "table",
            "header": _rows(header_lines, starts, indent),
            "rows": _rows(body_lines, starts, indent),
            "level": 1 if indent > 0 else 0,
        },
        i,
    )


def _rows(lines: list[str], starts: list[int], indent: int) -> list[list[str]]:
    rows: list[list[str]] = []
    for raw in lines:
        if not raw.strip():
            continue
        cells = _cells(raw, starts)
        if rows and not cells[0]:
            rows[-1] = [
                " ".join(x for x in (a, b) if x) for a, b in zip(rows[-1], cells, strict=True)
            ]
        else:
            rows.append(cells)
    return rows


def _cells(raw: str, starts: list[int]) -> list[str]:
    """A row's cells, cut at the columns' starts; a cell that runs into the next column
    (a long first cell) is cut at the first gap of two spaces after it instead, or at
    the first space."""
    n = len(starts)
    bounds = [*starts[1:], max(len(raw), starts[-1]) + 1]
    cells = []
    pos = starts[0]
    for k in range(n):
        end = bounds[k] if k < n - 1 else len(raw)
        if k < n - 1 and 0 < end < len(raw) and raw[end - 1] != " " and raw[end] != " ":
            gap = _GAP.search(raw, end) or _SPACE.search(raw, end)
            end = gap.start() if gap else len(raw)
        cells.append(raw[pos:end].strip())
        pos = end
    return cells

"""``euchre rules VARIANT``: a page a player can read without anything else.

Every built-in variant's page gives the order of the trumps, draws its tables as tables,
names its sources as public works and never a file, section or tag of the project's own
reference; every word it prints in bold is in the glossary. The shipped tree is checked
for the same internal references.
"""

from __future__ import annotations

import importlib
import itertools
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from euchre_cli.glossary import Glossary
from euchre_cli.main import app
from euchre_cli.reports import TERM_STYLE, rules_page
from euchre_cli.rules import blocks, rules_sections
from rich.console import Group
from rich.padding import Padding
from rich.table import Table
from rich.text import Text
from typer.testing import CliRunner

from euchre_core import load_variant
from euchre_core.coaching import coaching_texts
from euchre_core.config import builtin_variants
from euchre_core.manager import HOOK_NAMES

runner = CliRunner()
ROOT = Path(__file__).resolve().parent.parent
VARIANTS = sorted(builtin_variants())

#: What a player does not have: the project's reference files, their section numbers,
#: their edge-case, house-rule, open-question and seed tags.
INTERNAL = re.compile(
    r"shared/|\b(?:standard|summary|edge_cases|house_rules|pepper|auction|call_for_ace|"
    r"two_hand|three_hand_cutthroat)\.md\b|§|\[S00\d\]|\bS00\d\b|\bEC-\d|\bHR-[A-Z]|"
    r"\bQ-[A-Z0-9]+-\d|\bs00\d"
)
#: The check the shipped tree must pass (tests/ may name the reference).
SHIPPED = re.compile(r"shared/rules|\[S00[0-9]\]|edge_cases\.md|summary\.md|§|EC-[0-9]")


def page(*args: str) -> str:
    result = runner.invoke(app, ["rules", *args])
    assert result.exit_code == 0, result.output
    return result.output


def squeeze(text: str) -> str:
    """The page's words with the table borders and the line breaks taken out."""
    return " ".join(re.sub(r"[|+]", " ", text).split())


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("ascii_", [False, True])
def test_a_rules_page_names_nothing_a_player_does_not_have(variant: str, ascii_: bool) -> None:
    out = page(variant, *(["--ascii"] if ascii_ else []))
    found = INTERNAL.findall(out)
    assert not found, f"euchre rules {variant} prints {found}"
    assert "====" not in out, "a table printed as its reST source"
    assert "Sources: " in out
    # Nor the machinery: hook names and event classes ("a public PartnerRevealed event
    # follows the CardPlayed", "(euchre_bot_advice)").
    words = set(re.findall(r"[A-Za-z_]+", out))
    assert not words & set(HOOK_NAMES), words & set(HOOK_NAMES)
    assert not words & EVENT_NAMES, words & EVENT_NAMES


def _event_names() -> set[str]:
    import inspect

    from euchre_plugins import BUILTIN

    from euchre_core import events

    names = set()
    modules = [events] + [importlib.import_module(m) for m in BUILTIN.values()]
    for module in modules:
        for name, obj in vars(module).items():
            event = inspect.isclass(obj) and issubclass(obj, events.Event)
            # CamelCase names only, not words ("Dealt")
            if event and obj is not events.Event and re.match(r"[A-Z][a-z]+[A-Z]", name):
                names.add(name)
    return names


EVENT_NAMES = _event_names()


#: Variants ranked as at whist: no bowers, every jack in its own suit.
WITHOUT_BOWERS = {v for v in VARIANTS if v.startswith("napoleon")}


@pytest.mark.parametrize("variant", sorted(WITHOUT_BOWERS))
def test_a_rules_page_without_bowers_ranks_the_jack_of_trump_below_the_queen(variant: str):
    out = squeeze(page(variant, "--ascii"))
    assert "trump (hearts) AH KH QH JH 10H 9H" in out
    assert "(diamonds) AD KD QD JD 10D" in out, "the jack of the same colour keeps its suit"
    assert "There are no bowers" in out and "left bower" not in out.split("Tricks:")[0]


@pytest.mark.parametrize("variant", sorted(set(VARIANTS) - WITHOUT_BOWERS))
def test_a_rules_page_gives_the_order_of_the_trumps(variant: str) -> None:
    out = squeeze(page(variant, "--ascii"))
    assert "The order of the cards, highest first (hearts trump, for example)" in out
    # Every built-in pack has the bowers on top of the trumps, then the ace (and the
    # 63-card pack its 13, 12 and 11 between the queen and the 10).
    assert re.search(r"trump \(hearts\) (?:Joker )?JH JD AH KH QH (?:13H 12H 11H )?10H", out), out
    assert "JH is the right bower and JD the left bower" in out


@pytest.mark.parametrize(
    ("args", "trumps", "plain"),
    [
        (["standard"], "JH JD AH KH QH 10H 9H", "AC KC QC JC 10C 9C"),
        (["standard", "-r", "deck-28"], "JH JD AH KH QH 10H 9H 8H", "AC KC QC JC 10C 9C 8C"),
        (["call-ace"], "JH JD AH KH QH 10H 9H 8H 7H", "AC KC QC JC 10C 9C 8C 7C"),
        (["standard", "-r", "benny"], "Joker JH JD AH KH QH 10H 9H", "AC KC QC JC 10C 9C"),
        (
            ["two-hand", "-o", "two-hand.pack_without_8s_9s=true"],
            "JH JD AH KH QH 10H 7H",
            "AC KC QC JC 10C 7C",
        ),
        (
            ["auction", "--players", "7"],
            "JH JD AH KH QH 10H 9H 8H 7H 6H 5H 4H 3H 2H",
            "AC KC QC JC 10C 9C 8C 7C 6C 5C 4C 3C 2C",
        ),
    ],
)
def test_the_order_of_the_cards_follows_the_pack(args: list[str], trumps: str, plain: str) -> None:
    out = squeeze(page(*args, "--ascii"))
    assert f"trump (hearts) {trumps} " in out
    assert f"other colour (clubs, spades) {plain} " in out
    same_colour = " ".join(c for c in plain.replace("C", "D").split() if c != "JD")
    assert f"(diamonds) {same_colour} " in out, "the same colour suit has lost its jack"


@pytest.mark.parametrize(
    ("args", "row"),
    [
        (["pepper"], "AH KH QH JH 10H 9H"),
        (["standard", "-r", "no-trump-call"], "AH KH QH JH 10H 9H"),
        (["standard", "-r", "no-trump-call", "-r", "benny"], "Joker AH KH QH JH 10H 9H"),
    ],
)
def test_no_trump_ranks_every_suit_plainly_where_it_can_be_called(
    args: list[str], row: str
) -> None:
    out = squeeze(page(*args, "--ascii"))
    assert f"no trump (each suit) {row} " in out
    assert "At no trump there are no bowers: every suit ranks in its natural order." in out


def test_no_trump_row_only_where_no_trump_can_be_played() -> None:
    assert "no trump (each suit)" not in squeeze(page("standard", "--ascii"))
    assert "no trump (each suit)" not in squeeze(
        page("pepper", "-o", "pepper.no_trump_allowed=false", "--ascii")
    )


def test_what_the_game_needs_comes_from_its_table() -> None:
    out = squeeze(page("pepper-3", "--ascii"))
    assert "3 players, each for themselves." in out
    assert "A pack of 24 cards: A K Q J 10 9 of each suit." in out
    assert "8 cards to each player; the whole pack is dealt." in out
    std = squeeze(page("standard", "-o", "standard.target_score=7", "--ascii"))
    assert "4 players in two partnerships of two" in std
    assert "The first side to reach 7 points wins the game." in std


def table_blocks(text: str) -> list[list[str]]:
    """The runs of consecutive lines drawn as an ASCII table (``+---+`` and ``| |``)."""
    runs: list[list[str]] = []
    current: list[str] = []
    for line in text.splitlines():
        if line.strip().startswith(("+", "|")):
            current.append(line.rstrip())
        elif current:
            runs.append(current)
            current = []
    if current:
        runs.append(current)
    return runs


@pytest.mark.parametrize("variant", ["pepper", "call-ace", "auction", "cutthroat", "two-hand"])
def test_ascii_tables_are_aligned_plain_text(variant: str) -> None:
    out = page(variant, "--ascii")
    assert out.isascii() or not re.search(r"[━─│┃╭╮╯╰]", out), "box drawing in --ascii"
    tables = table_blocks(out)
    assert len(tables) >= 2, "the card order and the game's own tables"
    for t in tables:
        assert t[0].strip().startswith("+") and t[-1].strip().startswith("+"), t
        assert len({len(line) for line in t}) == 1, "\n".join(t)
        # Every row has its column bars where the others have theirs, and the line under
        # a header has its crossings there too.
        rows = [line for line in t[1:-1] if not line.strip().startswith("|-")]
        bars = {frozenset(i for i, ch in enumerate(line) if ch == "|") for line in rows}
        assert len(bars) == 1, "\n".join(t)
        for line in t[1:-1]:
            if line.strip().startswith("|-"):
                assert {i for i, ch in enumerate(line) if ch in "|+"} == set(next(iter(bars)))


def test_the_scoring_table_of_pepper_is_a_table_with_its_header() -> None:
    out = page("pepper", "--ascii")
    header = next(line for line in out.splitlines() if "situation" in line)
    assert re.search(r"\|\s*situation\s*\|\s*bidding side\s*\|\s*other side\(s\)\s*\|", header)
    assert re.search(r"\|\s*numeric bid failed\s*\|\s*− the bid\s*\|\s*\+ tricks it took\s*\|", out)


def test_a_docstring_table_becomes_rows_of_cells() -> None:
    doc = """Title.

Scores:

  ======  ==============
  hand    points
  ======  ==============
  made    1, or 2 for a
          march
  ``x``   3
  ======  ==============

After.
"""
    b = blocks(doc)
    assert [x["kind"] for x in b] == ["text", "text", "table", "text"]
    table = b[2]
    assert table["header"] == [["hand", "points"]]
    assert table["rows"] == [["made", "1, or 2 for a march"], ["``x``", "3"]]


def test_options_in_force_are_named_with_their_meaning() -> None:
    out = squeeze(page("standard", "-r", "farmers-hand", "--ascii"))
    assert "Options in force" in out
    assert "farmers-hand.farmer_rule = three_low What a farmer's hand is" in out
    assert "all_low" in out


# ---------------------------------------------------------------------------------------
# Bold words are glossary words
# ---------------------------------------------------------------------------------------


def texts_of(item: object) -> Iterator[Text]:
    if isinstance(item, Text):
        yield item
    elif isinstance(item, Padding):
        yield from texts_of(item.renderable)
    elif isinstance(item, Group):
        for part in item.renderables:
            yield from texts_of(part)
    elif isinstance(item, Table):
        for column in item.columns:
            yield from texts_of(column.header)
            for cell in column._cells:
                yield from texts_of(cell)


def bold_words(variant: str, *rules: str) -> set[str]:
    config = load_variant(variant, rules=rules)
    words = set()
    for item in rules_page(rules_sections(config)):
        for text in texts_of(item):
            for span in text.spans:
                if span.style == TERM_STYLE:
                    words.add(text.plain[span.start : span.end].strip())
    return words


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_bold_word_of_a_rules_page_is_in_the_glossary(variant: str) -> None:
    glossary = Glossary(coaching_texts(load_variant(variant)))
    words = bold_words(variant)
    if variant in WITHOUT_BOWERS:
        assert "trump" in words and not {"right bower", "left bower"} & words
    else:
        assert {"right bower", "left bower", "trump"} <= words
    missing = sorted(w for w in words if glossary.lookup(w) is None)
    assert not missing, f"bold on the page of {variant} but not in its glossary: {missing}"


def test_the_benny_and_no_trump_are_bold_and_in_the_glossary() -> None:
    words = bold_words("standard", "benny", "no-trump-call")
    assert {"benny", "no trump"} <= words
    glossary = Glossary(coaching_texts(load_variant("standard", rules=["benny"])))
    assert all(glossary.lookup(w) for w in words)


# ---------------------------------------------------------------------------------------
# The glossary
# ---------------------------------------------------------------------------------------

EVERY_VARIANTS_WORDS = (
    "trick", "trump", "bower", "right bower", "left bower", "up-card", "turn down",
    "order up", "assist", "make", "maker", "defender", "euchre", "march", "lone hand",
    "alone", "defend alone", "stick the dealer", "renege", "void", "follow suit", "lead",
    "no trump", "widow", "kitty", "pepper", "little pepper", "big pepper", "call-ace",
    "secret partner", "cutthroat", "dummy", "benny", "joker", "farmer's hand", "laps",
    "slam", "rubber", "next",
)  # fmt: skip


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_glossary_has_at_least_forty_words_and_every_variants_words(variant: str) -> None:
    glossary = Glossary(coaching_texts(load_variant(variant)))
    assert len(glossary) >= 40
    missing = [w for w in EVERY_VARIANTS_WORDS if glossary.lookup(w) is None]
    assert not missing, missing


@pytest.mark.parametrize("typed", ["up-card", "upcard", "up card", "Up-Card", "up_card"])
def test_every_spelling_of_up_card_finds_it(typed: str) -> None:
    result = runner.invoke(app, ["glossary", typed])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("up-card: ")


@pytest.mark.parametrize(
    ("typed", "suggested"),
    [
        ("upcrad", ["up-card"]),
        ("bowr", ["bower"]),
        ("renig", ["renege"]),
        ("trumpp", ["trump"]),
        ("pep", ["pepper", "big pepper", "little pepper"]),
        ("ritght bower", ["right bower"]),
    ],
)
def test_a_near_miss_suggests_the_closest_words(typed: str, suggested: list[str]) -> None:
    glossary = Glossary(coaching_texts(load_variant("standard")))
    assert glossary.lookup(typed) is None
    assert glossary.nearest(typed) == suggested


def test_a_word_far_from_every_entry_gets_no_suggestion() -> None:
    result = runner.invoke(app, ["glossary", "xyzzy"])
    assert result.exit_code == 2
    assert "no glossary entry for 'xyzzy'" in result.output
    assert "did you mean" not in result.output


def test_a_variants_own_text_replaces_the_familys() -> None:
    cut = Glossary(coaching_texts(load_variant("cutthroat")))
    std = Glossary(coaching_texts(load_variant("standard")))
    assert "cutthroat" in cut.entries["march"]
    assert cut.entries["march"] != std.entries["march"]
    assert cut.entries["renege"] == std.entries["renege"]


# ---------------------------------------------------------------------------------------
# The shipped tree
# ---------------------------------------------------------------------------------------


def shipped_files() -> Iterator[Path]:
    skip = {"tests", ".git", ".venv", "build", "dist", "__pycache__"}
    for path in ROOT.rglob("*"):
        rel = path.relative_to(ROOT)
        if any(
            part in skip or part.endswith(".egg-info") or part.startswith(".venv")
            for part in rel.parts
        ):
            continue
        if path.is_file() and path.suffix in {".py", ".md", ".toml", ".txt", ".cfg", ".yml"}:
            yield path


def test_nothing_shipped_cites_the_projects_own_reference() -> None:
    hits = []
    for path in shipped_files():
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if SHIPPED.search(line):
                hits.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert not hits, "\n".join(hits)


def test_no_option_is_named_after_a_source_tag() -> None:
    from euchre_core.manager import available_plugins, build_rules, options_by_plugin

    names = [n for n, info in available_plugins().items() if info.builtin]
    assert len(names) > 30
    for name in names:
        for opt in options_by_plugin(build_rules([name])).get(name, []):
            words = [opt.name, *(str(c) for c in opt.choices or ())]
            assert not [w for w in words if re.search(r"s00\d", w, re.I)], (name, words)
            assert not INTERNAL.search(opt.help) and not re.search(r"\[[A-Z]", opt.help), (
                name,
                opt.name,
                opt.help,
            )


def test_a_variant_file_gets_the_same_page_as_its_name() -> None:
    by_file = squeeze(page(str(ROOT / "variants" / "pepper.toml"), "--ascii"))
    by_name = squeeze(page("pepper", "--ascii"))
    assert by_file == by_name
    assert not INTERNAL.search(by_file)


def test_a_long_first_cell_is_cut_at_the_gap_after_it() -> None:
    doc = """Title.

==========  ==========
``a``       1
``a.long_name`` 2
``b`` / ``c``   3 / 4
==========  ==========
"""
    table = blocks(doc)[1]
    assert table["rows"] == [["``a``", "1"], ["``a.long_name``", "2"], ["``b`` / ``c``", "3 / 4"]]


@pytest.mark.parametrize("variant", VARIANTS)
def test_no_option_name_is_cut_across_two_lines(variant: str) -> None:
    # Pepper's scoring table printed "defenders_blanked_i" above "n_pepper".
    config = load_variant(variant)
    keys = {k for opts in config.declared.values() for k in opts if "_" in k}
    lines = page(variant, "--ascii").replace("`", " ").replace("|", " ").splitlines()
    for above, below in itertools.pairwise(lines):
        # A word ending a line or a table's cell (two spaces after it)
        for m in re.finditer(r"[a-z][a-z0-9_]{2,}(?=\s{2,}|\s*$)", above):
            head = m.group()
            # The cell goes on below, where the word (or its opening quote) starts.
            rest = below[max(m.start() - 1, 0) :].lstrip(" ").split(" ")[0]
            for key in keys:
                if key != head and key.startswith(head) and rest and key == head + rest:
                    raise AssertionError(f"{key} cut: {above!r} / {below!r}")

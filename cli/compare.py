"""``euchre compare``: rule sets played on the same deals, metrics and their differences.

The work and the statistics are :mod:`euchre_core.analysis.compare`; this module parses the
command line, shows a progress bar, and writes the table, JSON, CSV and plots.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from typer.core import TyperCommand

from .options import Ascii

__all__ = ["CompareCommand", "compare", "render_plot", "render_table", "save_png"]

CHART_SUFFIXES = (".png", ".svg", ".pdf")


class CompareCommand(TyperCommand):
    """The command class of ``compare``: lets ``--plot`` stand alone (a chart in the
    terminal) or take a file name ending in .png, .svg or .pdf (a chart drawn with
    matplotlib). Register the command with ``cls=CompareCommand``."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        return super().parse_args(ctx, with_plot_value(args))


def with_plot_value(args: list[str]) -> list[str]:
    """``args`` with ``-`` after each ``--plot`` that is not followed by a chart file
    (or a folder: taken as the chart's place, and refused as one before the run)."""
    out: list[str] = []
    for i, a in enumerate(args):
        out.append(a)
        if a == "--":
            out.extend(args[i + 1 :])
            break
        if a == "--plot":
            nxt = args[i + 1] if i + 1 < len(args) else ""
            if not (nxt.lower().endswith(CHART_SUFFIXES) or (nxt and Path(nxt).is_dir())):
                out.append("-")
    return out


SPEC_HELP = (
    "Rule sets to compare, the first being the reference. A SPEC is "
    "VARIANT[+RULE...][:PLUGIN.KEY=VALUE...][:players=N]: a variant name or TOML file, "
    "house rules after '+', options after ':'. E.g. standard, "
    "standard+stick-the-dealer, standard+defend-alone:standard.lone_euchre_points=4, "
    "mine.toml:standard.target_score=5, call-ace:players=6."
)


def compare(
    specs: Annotated[list[str], typer.Argument(metavar="SPEC", help=SPEC_HELP)],
    games: Annotated[
        int | None,
        typer.Option("--games", min=2, metavar="N", help="Whole games per rule set [1000]."),
    ] = None,
    hands: Annotated[
        int | None,
        typer.Option(
            "--hands", min=2, metavar="N", help="Single hands per rule set instead of games."
        ),
    ] = None,
    seed: Annotated[int, typer.Option("--seed", metavar="S", help="Seed of the run.")] = 0,
    bots: Annotated[
        list[str] | None,
        typer.Option(
            "--bots",
            metavar="BOT",
            help="The bots (random, heuristic, search, careless, or a level: easy, normal, "
            "hard; default heuristic): one for every seat, or one per seat in seat order, "
            "comma-separated or repeated.",
        ),
    ] = None,
    jobs: Annotated[
        int,
        typer.Option(
            "--jobs",
            "-j",
            min=1,
            metavar="J",
            help="Worker processes (or local Dask workers); results do not depend on it.",
        ),
    ] = 1,
    json_: Annotated[
        bool,
        typer.Option("--json", help="Print one JSON object instead of the table."),
    ] = False,
    csv_file: Annotated[
        Path | None,
        typer.Option("--csv", metavar="FILE", help="Write every hand of every rule set."),
    ] = None,
    plot: Annotated[
        str | None,
        typer.Option(
            "--plot",
            metavar="[FILE.png]",
            help="Chart the metrics with their intervals: in the terminal, or as a PNG "
            "(needs the plot extra: pip install 'euchre[plot]').",
        ),
    ] = None,
    scheduler: Annotated[
        str | None,
        typer.Option(
            "--scheduler",
            metavar="tcp://HOST:PORT|local",
            help="Run the chunks on a Dask cluster, or a local one (needs the cluster "
            "extra: pip install 'euchre[cluster]'); results are the same as here.",
        ),
    ] = None,
    ascii_: Ascii = False,
) -> None:
    """Compare rule sets by playing each on the same deals.

    When the rule sets have the same seats and pack, every game is played from the same
    sequence of deals under each, so differences come from the rules, and the
    differences are paired game by game; otherwise the samples are independent and the
    output says so. Each metric has a 95% interval, and each difference from the first
    rule set has its own, marked * when it excludes zero. Ctrl-C stops early and shows
    the games completed so far.

    Example: euchre compare standard standard+stick-the-dealer --games 2000 --jobs 2
    """
    from euchre_core.analysis.compare import CsvRecords, parse_spec
    from euchre_core.analysis.compare import compare as run_compare

    from .errors import EXIT_INTERRUPTED, EXIT_USAGE, fail, print_error
    from .progress import progress

    if games is not None and hands is not None:
        fail("give --games or --hands, not both", EXIT_USAGE)
    if games is None and hands is None:
        games = 1000
    if plot is not None and plot != "-" and not plot.lower().endswith(CHART_SUFFIXES):
        folder = " is a folder:" if Path(plot).is_dir() else ""
        fail(f"--plot {plot}:{folder} the chart file must end in .png, .svg or .pdf", EXIT_USAGE)
    if plot not in (None, "-"):
        _need_matplotlib(fail, EXIT_USAGE)
    names = [b.strip() for given in (bots or ["heuristic"]) for b in given.split(",") if b.strip()]
    if not names:
        fail("--bots: name at least one bot", EXIT_USAGE)
    from euchre_core.bots import bot_name
    from euchre_core.errors import EuchreError

    for name in names:
        try:
            bot_name(name)
        except EuchreError as e:
            fail(f"--bots: {e}", EXIT_USAGE)
    rule_sets = [parse_spec(s) for s in specs]
    for rs in rule_sets:
        rs.load()  # a bad spec is reported before any work starts
    for flag, target in (("--csv", csv_file), ("--plot", plot)):
        if target not in (None, "-"):
            problem = _cannot_write(Path(str(target)))
            if problem:
                fail(f"{flag} {target}: cannot write: {problem}", EXIT_USAGE)
    count = games if games is not None else hands
    assert count is not None
    # The hands' rows wait in temporary files, not in memory, until the file is written.
    rows = CsvRecords(rule_sets) if csv_file is not None else None
    csv_failed = ""
    try:
        with progress(count * len(rule_sets), "games" if games is not None else "hands") as update:
            result = run_compare(
                rule_sets,
                games=games,
                hands=hands,
                bots=names,
                seed=seed,
                jobs=jobs,
                scheduler=scheduler,
                progress=lambda done, total: update(done),
                keep_records=False,
                on_hands=rows.add if rows is not None else None,
            )
        if csv_file is not None and rows is not None:
            try:
                with csv_file.open("w", encoding="utf-8", newline="") as out:
                    rows.write(out)
            except OSError as e:  # the results are still shown
                csv_failed = f"--csv {csv_file}: cannot write: {e.strerror or e}"
    finally:
        if rows is not None:
            rows.close()
    if json_:
        typer.echo(json.dumps(result.to_json(), indent=1))
    elif result.interrupted and not result.completed:
        pass  # nothing finished under every rule set: no table to show
    else:
        from .render import make_console, plain_mode

        console = make_console(ascii_)
        plain = plain_mode(ascii_)
        console.print(render_table(result, plain=plain, width=console.width))
        if plot == "-":
            console.print(render_plot(result, plain=plain))
    if plot not in (None, "-"):
        assert plot is not None
        save_png(result, Path(plot))
        if not json_:
            typer.echo(f"chart written to {plot}")
    if csv_failed:
        fail(csv_failed)
    if csv_file is not None and not json_:
        typer.echo(f"per-hand records written to {csv_file}")
    if result.interrupted:
        print_error(
            f"interrupted: {result.completed} of {result.requested} "
            f"{'games' if result.whole_games else 'hands'} completed under every rule set"
        )
        raise typer.Exit(EXIT_INTERRUPTED)


def _need_matplotlib(fail: Any, code: int) -> None:
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        fail("--plot FILE needs matplotlib: pip install 'euchre[plot]'", code)


# ---------------------------------------------------------------------------------------
# Formatting
# ---------------------------------------------------------------------------------------


def _fmt(x: float, percent: bool, digits: int) -> str:
    if math.isnan(x) or math.isinf(x):
        return "-"
    return f"{100 * x:.1f}" if percent else f"{x:.{digits}f}"


def _digits(name: str) -> int:
    return 2 if name in ("hands_per_game", "final_margin") else 3


def _value_text(e: Any, percent: bool, digits: int, plain: bool) -> str:
    if e is None:
        return "n/a"
    if math.isnan(e.value):
        return "-"
    unit = "%" if percent else ""
    dash = ".." if plain else "–"
    if math.isnan(e.low):
        return f"{_fmt(e.value, percent, digits)}{unit}"
    return (
        f"{_fmt(e.value, percent, digits)}{unit} "
        f"({_fmt(e.low, percent, digits)}{dash}{_fmt(e.high, percent, digits)})"
    )


def _diff_text(e: Any, percent: bool, digits: int, plain: bool) -> tuple[str, bool]:
    if e is None or math.isnan(e.value):
        return ("n/a" if e is None else "-"), False
    dash = ".." if plain else "–"

    def f(x: float) -> str:
        if math.isnan(x) or math.isinf(x):
            return "-"
        return f"{100 * x:+.1f}" if percent else f"{x:+.{digits}f}"

    unit = " pp" if percent else ""
    if math.isnan(e.low):
        return f"{f(e.value)}{unit}", False
    star = " *" if e.excludes_zero else ""
    return f"{f(e.value)}{unit}{star} ({f(e.low)}{dash}{f(e.high)})", e.excludes_zero


def _cell(text: str, strong: bool = False) -> Any:
    """A table cell: the value on one line, its interval (in brackets) on the next."""
    from rich.text import Text

    head, sep, tail = text.partition(" (")
    cell = Text(head, style="bold" if strong else "")
    if sep:
        cell.append("\n(" + tail, style="dim")
    return cell


def render_table(result: Any, *, plain: bool = False, width: int | None = None) -> Any:
    """The comparison as a rich table: one row per metric, one column per rule set
    (numbered, the first is the reference), then each later rule set's difference from
    the first; each value has its 95% interval below it. When the columns of every rule
    set do not fit in ``width``, the rule sets are shown in several tables, each with the
    metric names, the reference and as many of the others as fit."""
    from rich import box
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    unit = "games" if result.whole_games else "hands"
    title = (
        f"{result.completed} {unit} per rule set, seed {result.seed}, "
        f"bots {result.bots[0] if len(set(result.bots)) == 1 else ','.join(result.bots)}"
    )
    legend = [
        Text(
            f"[{i + 1}] {rs.text}"
            + (" (reference)" if i == 0 and len(result.rule_sets) > 1 else "")
        )
        for i, rs in enumerate(result.rule_sets)
    ]
    minus = "-" if plain else "−"
    cells: list[list[list[Any]]] = []  # per metric, per rule set: its cells
    for m in result.metrics:
        digits = _digits(m.name)
        per_set: list[list[Any]] = []
        for i, (v, d) in enumerate(zip(m.values, m.differences, strict=True)):
            mine = [_cell(_value_text(v, m.percent, digits, plain))]
            if i:
                text, strong = _diff_text(d, m.percent, digits, plain)
                mine.append(_cell(text, strong))
            per_set.append(mine)
        cells.append(per_set)
    name_width = max([len("metric (95% interval)"), *(len(m.title) for m in result.metrics)])
    groups, name_width = _column_groups(cells, len(result.rule_sets), name_width, width)
    tables: list[Any] = []
    for n, group in enumerate(groups):
        t = Table(
            title=title if n == 0 else None,
            box=box.ASCII if plain else box.SIMPLE_HEAVY,
            title_justify="left",
        )
        t.add_column("metric (95% interval)", min_width=name_width, max_width=name_width)
        for i in group:
            t.add_column(f"[{i + 1}]", justify="right", no_wrap=True)
            if i:
                t.add_column(f"[{i + 1}]{minus}[1]", justify="right", no_wrap=True)
        for m, per_set in zip(result.metrics, cells, strict=True):
            t.add_row(m.title, *(c for i in group for c in per_set[i]))
        tables.append(t)
    notes = [Text(_design_line(result))]
    if len(result.rule_sets) > 1:
        notes.append(
            Text(
                "* the interval of the difference excludes zero; rates in %, their "
                "differences in percentage points (pp)"
            )
        )
    if result.whole_games and result.margins:
        from euchre_core.analysis.compare import margin_quantiles

        parts = []
        for i, counts in enumerate(result.margins):
            if counts:
                q = margin_quantiles(counts, (0.1, 0.5, 0.9))
                parts.append(f"[{i + 1}] {q[0]:g} / {q[1]:g} / {q[2]:g}")
        if parts:
            notes.append(Text("final margin, 10th / 50th / 90th percentile: " + ", ".join(parts)))
    scorer = next((m for m in result.metrics if m.name == "first_scorer_side_wins"), None)
    if scorer is not None:
        # Of the games whose first points went to one side only: say how many, when
        # some were left out (two players scoring in the first hand, as in Buck).
        parts = []
        games = result.completed
        for i, e in enumerate(scorer.values):
            if e is not None and e.n < games:
                parts.append(f"[{i + 1}] {e.n} of {games}")
        if parts:
            notes.append(
                Text(
                    "first scorer's side wins counts the games won whose first points went "
                    "to one side only: " + ", ".join(parts)
                )
            )
    notes.append(Text(f"{result.elapsed:.1f} s", style="dim"))
    return Group(*legend, *tables, *notes)


def _column_groups(
    cells: Sequence[Sequence[Sequence[Any]]], sets: int, name_width: int, width: int | None
) -> tuple[list[list[int]], int]:
    """Rule-set numbers per table, and the width of the metric names' column: the
    reference in each table, then the others in order, as many per table as fit in
    ``width`` beside the names (all in one without a width); where even one does not fit
    beside the whole names, the names wrap."""
    if width is None or sets <= 1:
        return [list(range(sets))], name_width

    def set_width(i: int) -> int:
        widest = [0] * (2 if i else 1)
        for per_set in cells:
            for k, cell in enumerate(per_set[i]):
                widest[k] = max(widest[k], _cell_width(cell))
        return sum(w + 3 for w in widest)  # a column's padding and rule

    base = set_width(0)
    widest_set = max(set_width(i) for i in range(1, sets))
    name_width = max(14, min(name_width, width - 4 - base - widest_set))
    room = width - name_width - 4
    groups: list[list[int]] = [[0]]
    used = base
    for i in range(1, sets):
        w = set_width(i)
        if len(groups[-1]) > 1 and used + w > room:
            groups.append([0])
            used = base
        groups[-1].append(i)
        used += w
    return groups, name_width


def _cell_width(cell: Any) -> int:
    text = cell.plain if hasattr(cell, "plain") else str(cell)
    return max((len(line) for line in text.splitlines()), default=0)


def _design_line(result: Any) -> str:
    if len(result.rule_sets) == 1:
        return "a single rule set: no differences"
    if result.all_paired:
        from euchre_core.analysis.compare import paired_words

        return paired_words(result.whole_games)
    whys = [
        f"{rs.text} ({why})"
        for rs, why in zip(result.rule_sets, result.reasons, strict=True)
        if why
    ]
    return "independent samples, not paired: " + "; ".join(whys)


# ---------------------------------------------------------------------------------------
# Charts
# ---------------------------------------------------------------------------------------

PLOT_WIDTH = 44


def render_plot(result: Any, *, plain: bool = False, width: int = PLOT_WIDTH) -> Any:
    """A text chart: for each metric, each rule set's value (a dot) and 95% interval (a
    bar) on a common scale; then the distribution of final margins."""
    from rich.console import Group
    from rich.text import Text

    dot, line, left, right = ("o", "-", "|", "|") if plain else ("●", "─", "├", "┤")
    label_w = len(f"[{len(result.rule_sets)}]") + 1
    lines: list[Any] = []
    styles = ("bold cyan", "bold magenta", "bold yellow", "bold green", "bold blue")
    for m in result.metrics:
        est = [v for v in m.values if v is not None and not math.isnan(v.value)]
        if not est:
            continue
        lows = [v.low if not math.isnan(v.low) else v.value for v in est]
        highs = [v.high if not math.isnan(v.high) else v.value for v in est]
        lo, hi = min(lows), max(highs)
        if hi - lo < 1e-12:
            pad = abs(lo) * 0.05 or (0.005 if m.percent else 0.05)
            lo, hi = lo - pad, hi + pad

        def col(x: float, lo: float = lo, hi: float = hi) -> int:
            return max(0, min(width - 1, round((x - lo) / (hi - lo) * (width - 1))))

        lines.append(Text(m.title, style="bold"))
        digits = _digits(m.name)
        for i, v in enumerate(m.values):
            row = [" "] * width
            if v is not None and not math.isnan(v.value):
                a = col(v.low if not math.isnan(v.low) else v.value)
                b = col(v.high if not math.isnan(v.high) else v.value)
                for c in range(a, b + 1):
                    row[c] = line
                row[a], row[b] = left, right
                row[col(v.value)] = dot
                value = _value_text(v, m.percent, digits, plain)
            else:
                value = "n/a"
            style = "" if plain else styles[i % len(styles)]
            lines.append(
                Text("  " + f"[{i + 1}]".ljust(label_w))
                + Text("".join(row), style=style)
                + Text("  " + value)
            )
        unit = "%" if m.percent else ""
        scale_lo = _fmt(lo, m.percent, digits) + unit
        scale_hi = _fmt(hi, m.percent, digits) + unit
        gap = max(1, width - len(scale_lo) - len(scale_hi))
        lines.append(Text("  " + " " * label_w + scale_lo + " " * gap + scale_hi, style="dim"))
    if result.whole_games and any(result.margins):
        lines.append(Text("final margins (share of games)", style="bold"))
        top = max((k for counts in result.margins for k in counts), default=0)
        bar = "#" if plain else "█"
        for margin in range(0, top + 1):
            if not any(margin in counts for counts in result.margins):
                continue
            cells = Text(f"  {margin:>3} ")
            for i, counts in enumerate(result.margins):
                n = sum(counts.values()) or 1
                share = counts.get(margin, 0) / n
                cells += Text(
                    (bar * round(share * 40)).ljust(16),
                    style="" if plain else styles[i % len(styles)],
                )
                cells += Text(f"{100 * share:5.1f}%  ")
            lines.append(cells)
        lines.append(
            Text(
                "  columns: " + "  ".join(f"[{i + 1}]" for i in range(len(result.margins))),
                style="dim",
            )
        )
    legend = [Text(f"[{i + 1}] {rs.text}") for i, rs in enumerate(result.rule_sets)]
    return Group(*legend, *lines)


def save_png(result: Any, path: Path) -> None:
    """Draw the metrics with their intervals (and the final margins) to an image file
    with matplotlib (the ``plot`` extra)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    metrics = [m for m in result.metrics if any(v is not None for v in m.values)]
    panels = len(metrics) + (1 if result.whole_games and any(result.margins) else 0)
    cols = 3
    rows = max(1, math.ceil(panels / cols))
    fig, axes = plt.subplots(rows, cols, figsize=(4.2 * cols, 2.2 * rows), squeeze=False)
    names = [rs.text for rs in result.rule_sets]
    labels = [f"[{i + 1}]" for i in range(len(names))]
    ys = list(range(len(labels)))[::-1]
    for ax, m in zip(axes.flat, metrics, strict=False):
        scale = 100.0 if m.percent else 1.0
        for y, v in zip(ys, m.values, strict=True):
            if v is None or math.isnan(v.value):
                continue
            lo = v.low if not math.isnan(v.low) else v.value
            hi = v.high if not math.isnan(v.high) else v.value
            ax.errorbar(
                [v.value * scale],
                [y],
                xerr=[[(v.value - lo) * scale], [(hi - v.value) * scale]],
                fmt="o",
                capsize=4,
            )
        ax.set_yticks(ys)
        ax.set_yticklabels(labels, fontsize=7)
        ax.set_ylim(-0.6, len(labels) - 0.4)
        ax.set_title(m.title + (" (%)" if m.percent else ""), fontsize=9)
        ax.tick_params(axis="x", labelsize=7)
        ax.grid(axis="x", alpha=0.3)
    used = len(metrics)
    if result.whole_games and any(result.margins):
        ax = axes.flat[used]
        top = max((k for counts in result.margins for k in counts), default=0)
        xs = list(range(top + 1))
        w = 0.8 / len(labels)
        for i, (label, counts) in enumerate(zip(names, result.margins, strict=True)):
            n = sum(counts.values()) or 1
            ax.bar(
                [x + i * w for x in xs], [counts.get(x, 0) / n for x in xs], width=w, label=label
            )
        ax.set_title("final margins (share of games)", fontsize=9)
        ax.legend(fontsize=6)
        ax.tick_params(labelsize=7)
        used += 1
    for ax in list(axes.flat)[used:]:
        ax.axis("off")
    fig.suptitle(
        "   ".join(f"{lab} {n}" for lab, n in zip(labels, names, strict=True))
        + f"\n({result.completed} {'games' if result.whole_games else 'hands'}"
        f" each, {'paired' if result.all_paired else 'independent'})",
        fontsize=10,
    )
    fig.tight_layout()
    try:
        fig.savefig(path, dpi=120)
    except OSError as e:
        from .errors import fail

        fail(f"--plot {path}: cannot write: {e.strerror}")
    finally:
        plt.close(fig)


def _cannot_write(path: Path) -> str:
    """Why a file cannot be written at ``path`` (checked before a long run), or ``""``."""
    import os

    if path.is_dir():
        return "it is a folder"
    folder = path.parent
    if not folder.is_dir():
        return f"no folder {folder}"
    if not os.access(folder, os.W_OK):
        return f"the folder {folder} is not writable"
    return ""

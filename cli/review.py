"""``euchre review FILE``: what each decision of a game cost, and where each hand was lost.

The game is read from its record (a saved game of any variant, or an EGN file) and
replayed through the rules. Each decision of the seats reviewed (``--seat N``, or every
seat: ``--all``, the default without ``--seat``) is judged from what that seat knew:
every legal alternative is valued on deals drawn consistent with its view, in net points
for its side (cards of the play with every hand open after them, double-dummy; bids,
lone calls and discards by playing the hand out with bots). The chosen action's loss
against the best is graded fine, inaccuracy, mistake or blunder (``--inaccuracy``,
``--mistake``, ``--blunder``: the thresholds in points), and marked only when it is more
than ``--confidence`` standard errors.

Per hand: the deal, the contract, what the makers could have taken with every hand open
from the first lead, where that result moved (the hand won or lost), and each reviewed
decision with its alternatives. Then the points lost by phase (bidding, going alone,
discard, lead, follow) and the worst three decisions. ``--json`` prints one JSON object
for tools. The same seed gives the same review.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from .errors import EXIT_USAGE, fail
from .options import Ascii

if TYPE_CHECKING:
    from euchre_core.analysis.review import DecisionReview, GameReview, HandReview, Slip

    from .render import Screen

__all__ = ["PHASE_LABELS", "print_review", "review"]

#: Deals per decision by default (``euchre_core.analysis.review.DEFAULT_SAMPLES``, written
#: here so that the help is made without importing the engine).
SAMPLES = 24
#: How the summary names each phase of a decision.
PHASE_LABELS = {
    "bidding": "bidding",
    "alone": "going alone",
    "discard": "discard",
    "lead": "lead",
    "follow": "follow",
    "other": "other",
}


def review(
    file: Annotated[Path, typer.Argument(help="A saved game (the project's JSON, or .egn).")],
    seat: Annotated[
        int | None,
        typer.Option("--seat", min=0, metavar="N", help="Review the decisions of seat N only."),
    ] = None,
    all_: Annotated[
        bool, typer.Option("--all", help="Review every seat (the default without --seat).")
    ] = False,
    level: Annotated[
        str,
        typer.Option(
            "--level",
            metavar="normal|hard",
            help="Who plays the hand out after a bid, lone call or discard: normal "
            "(heuristic bots), hard (search bots; much slower).",
        ),
    ] = "normal",
    samples: Annotated[
        int,
        typer.Option("--samples", min=1, metavar="N", help="Deals sampled per decision."),
    ] = SAMPLES,
    seed: Annotated[int, typer.Option("--seed", metavar="N", help="Seed of the sampling.")] = 0,
    inaccuracy: Annotated[
        float, typer.Option("--inaccuracy", metavar="POINTS", help="Smallest loss marked.")
    ] = 0.25,
    mistake: Annotated[
        float, typer.Option("--mistake", metavar="POINTS", help="Smallest loss of a mistake.")
    ] = 0.5,
    blunder: Annotated[
        float, typer.Option("--blunder", metavar="POINTS", help="Smallest loss of a blunder.")
    ] = 1.5,
    confidence: Annotated[
        float,
        typer.Option(
            "--confidence",
            metavar="SE",
            help="A loss is marked only beyond this many standard errors.",
        ),
    ] = 2.0,
    deals: Annotated[
        list[int] | None,
        typer.Option(
            "--deal",
            min=1,
            metavar="N",
            help="Review deal N only, counted from 1 as the game shows it (repeatable).",
        ),
    ] = None,
    json_: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    ascii_: Ascii = False,
) -> None:
    """Review a saved game: what each decision cost.

    Each hand also shows where it was won or lost, with every hand open.
    """
    from euchre_core.analysis.review import LEVELS, Grading, review_record
    from euchre_core.errors import EuchreError, RecordError
    from euchre_core.records.history import start_state

    from .records import load_game

    if seat is not None and all_:
        fail("give --seat N or --all, not both", EXIT_USAGE)
    if level.strip().lower() not in LEVELS:
        fail(f"--level {level}: use {' or '.join(LEVELS)}", EXIT_USAGE)
    try:
        grading = Grading(inaccuracy, mistake, blunder, confidence)
    except EuchreError as e:
        fail(str(e), EXIT_USAGE)
    try:
        record = load_game(file)
        probe = start_state(record)
    except RecordError as e:
        message = str(e)
        fail(message if str(file) in message else f"{file}: {message}", EXIT_USAGE)
    if seat is not None and seat >= probe.seats:
        fail(f"--seat {seat}: this game has seats 0 to {probe.seats - 1}", EXIT_USAGE)
    seats = None if seat is None else [seat]
    hands = None
    if deals:
        from euchre_core.records.history import replay

        try:
            played = replay(record).hand_number + 1
        except RecordError as e:
            fail(f"{file}: {e}", EXIT_USAGE)
        for n in deals:
            if n > played:
                fail(f"--deal {n}: this game has deals 1 to {played}", EXIT_USAGE)
        hands = sorted({n - 1 for n in deals})
    with _Progress(json_) as progress:
        try:
            result = review_record(
                record,
                seats,
                samples=samples,
                seed=seed,
                level=level.strip().lower(),
                grading=grading,
                hands=hands,
                progress=progress,
            )
        except RecordError as e:
            fail(f"{file}: {e}", EXIT_USAGE)
    if json_:
        import json

        data = {"file": str(file), **result.to_dict()}
        typer.echo(json.dumps(data, indent=1))
        return
    from .render import Screen, make_console, plain_mode, seat_names

    plain = plain_mode(ascii_)
    names = (
        list(record.players)
        if record.players and len(record.players) == probe.seats
        else seat_names(probe.seats)
    )
    screen = Screen(
        names=names,
        viewer=None,
        partnerships=probe.table.partnerships,
        title=probe.config.title or probe.config.name,
        plain=plain,
        console=make_console(plain),
        rules=probe.rules,
    )
    print_review(screen, result)


class _Progress:
    """The progress bar, opened once the number of decisions is known."""

    def __init__(self, quiet: bool) -> None:
        self.quiet = quiet
        self._bar: Any = None
        self._update: Callable[[int], None] | None = None

    def __enter__(self) -> Callable[[int, int], None]:
        return self.update

    def update(self, done: int, total: int) -> None:
        if self.quiet or total == 0:
            return
        if self._bar is None:
            from .progress import progress

            self._bar = progress(total, "Reviewing")
            self._update = self._bar.__enter__()
        assert self._update is not None
        self._update(done)

    def __exit__(self, *exc: object) -> None:
        if self._bar is not None:
            self._bar.__exit__(None, None, None)


# ---------------------------------------------------------------------------------------
# Printing a review
# ---------------------------------------------------------------------------------------


def print_review(screen: Screen, result: GameReview, *, summary: bool = True) -> None:
    """A review as text: each hand, then (with ``summary``) the points lost by phase and
    the worst three decisions."""
    for hand in result.hands:
        _print_hand(screen, hand)
    if summary:
        print_summary(screen, result)


def _print_hand(screen: Screen, hand: HandReview) -> None:
    from rich.text import Text

    from euchre_core.events import ContractMade, HandStarted, UpCardTurned
    from euchre_core.trumps import ranking

    screen.print("")
    for e in (HandStarted(hand.number, hand.dealer),):
        for line in screen.event_lines(e):
            screen.print(line)
    s = hand.scored
    contract = s.contract if s is not None else None
    screen.open_hands(hand.deal.hands, ranking(contract.trump if contract is not None else None))
    if hand.deal.upcard is not None:
        for line in screen.event_lines(UpCardTurned(hand.deal.upcard)):
            screen.print(line)
    if contract is not None:
        for line in screen.event_lines(ContractMade(contract)):
            screen.print(line)
    if s is not None:
        for line in screen.event_lines(s):
            screen.print(line)
    elif hand.scored is None:
        screen.note("The record stops in this hand.")
    if hand.makers_could is not None:
        took = hand.makers_took
        line = Text.assemble(
            ("Double dummy: ", "bold"),
            _makers(screen, hand),
            f" could have taken {hand.makers_could} of {hand.tricks} tricks",
        )
        if hand.solved_from > 1:
            line.append(f" from trick {hand.solved_from}")
        if took is not None:
            line.append(f"; they took {took}")
        line.append(".")
        screen.print(line)
        turning = hand.turning
        for slip in hand.slips:
            if slip is turning:
                head = f"The hand was lost at trick {slip.trick}"
            else:
                words = "Also at" if turning is not None else "The tricks moved at"
                head = f"{words} trick {slip.trick}"
            screen.print(_slip_line(screen, slip, head))
        if not hand.slips:
            screen.note("Every card kept that result.")
    for d in hand.decisions:
        _print_decision(screen, d)


def _makers(screen: Screen, hand: HandReview) -> Any:
    from rich.text import Text

    if not hand.makers:
        return Text("the makers")
    return Text.assemble("the makers (", screen.side_name(hand.makers), ")")


def _slip_line(screen: Screen, slip: Slip, head: str) -> Any:
    from rich.text import Text

    arrow = "->" if screen.plain else "→"
    better = Text(" or ").join(screen.card(c) for c in slip.better[:3])
    cost = f", {_pts(slip.lost)} lost" if slip.lost > 0 else ", no points lost"
    return Text.assemble(
        f"  {head}: ",
        screen.name(slip.seat),
        " ",
        screen.did(slip.seat, _play(slip.card), past=True),
        f" (makers {slip.makers_before} {arrow} {slip.makers_after} "
        f"trick{'s' if slip.makers_after != 1 else ''}{cost}); ",
        better,
        " kept them.",
    )


def _play(c: Any) -> Any:
    from euchre_core.actions import Play

    return Play(c)


def _points(x: float) -> str:
    return f"{x:+.2f}"


_GRADE_STYLE = {
    "fine": "green",
    "inaccuracy": "yellow",
    "mistake": "bold yellow",
    "blunder": "bold red",
}


def _where(d: DecisionReview) -> str:
    label = PHASE_LABELS.get(d.phase, d.phase)
    if d.trick is not None:
        return f"trick {d.trick}, {label}"
    return label


def _print_decision(screen: Screen, d: DecisionReview) -> None:
    from rich.text import Text

    line = Text.assemble(
        "  ",
        screen.name(d.seat),
        f" ({_where(d)}): ",
        screen.action(d.chosen, d.view),
        " - " if screen.plain else " — ",
        (d.grade, _GRADE_STYLE.get(d.grade, "")),
    )
    if d.loss > 0:
        pm = "+/-" if screen.plain else "±"
        line.append(f", loses {d.loss:.2f} {pm} {d.loss_se:.2f}")
        if d.marked:
            line.append("; better: ")
            line.append_text(screen.action(d.best, d.view))
    screen.print(line)
    alts = Text("    ")
    shown = list(d.alternatives[:6])
    alts.append_text(
        Text(", ").join(
            Text.assemble(screen.action(a.action, d.view), f" {a.value:+.2f}") for a in shown
        )
    )
    if len(d.alternatives) > len(shown):
        more = "..." if screen.plain else "…"
        alts.append(f", {more} {len(d.alternatives) - len(shown)} more")
    method = "double dummy" if d.method == "double-dummy" else "playouts"
    alts.append(f"  ({d.samples} deals, {method})", style="dim")
    screen.print(alts)


def _as_in_hand(screen: Screen, hand: HandReview) -> None:
    """Let the screen word actions as in ``hand`` (its dealer and up-card)."""
    from euchre_core.events import HandStarted, UpCardTurned

    screen.event_lines(HandStarted(hand.number, hand.dealer))
    if hand.deal.upcard is not None:
        screen.event_lines(UpCardTurned(hand.deal.upcard))


def _pts(x: float) -> str:
    """``1 point``, ``0.75 points``, ``3 points``."""
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return f"{text} point" if text == "1" else f"{text} points"


def print_summary(screen: Screen, result: GameReview) -> None:
    """Points lost per phase and the worst three decisions."""
    from rich.text import Text

    screen.print("")
    screen.print(Text("Points lost by phase", style="bold"))
    by_phase = result.lost_by_phase()
    if not by_phase:
        screen.note("  No decision with a choice was reviewed.")
    for phase, (count, lost) in by_phase.items():
        marked = sum(1 for d in result.decisions if d.phase == phase and d.marked)
        screen.print(
            Text(
                f"  {PHASE_LABELS.get(phase, phase):<12} {lost:6.2f} points "
                f"({count} decision{'s' if count != 1 else ''}, {marked} marked)"
            )
        )
    worst = result.worst(3)
    screen.print(Text("Worst decisions", style="bold"))
    if not worst:
        screen.note("  None marked: every reviewed decision was fine.")
    hands = {h.number: h for h in result.hands}
    for d in worst:
        _as_in_hand(screen, hands[d.hand])  # "order up K♠" names that hand's up-card
        screen.print(
            Text.assemble(
                f"  Deal {d.hand + 1}, ",
                screen.name(d.seat),
                f" ({_where(d)}): ",
                screen.action(d.chosen, d.view),
                f", {d.grade}, loses {d.loss:.2f}; better: ",
                screen.action(d.best, d.view),
            )
        )
    screen.note(
        f"{result.samples} deals per decision, seed {result.seed}, level {result.level}; "
        f"thresholds {result.grading.inaccuracy:g} / {result.grading.mistake:g} / "
        f"{result.grading.blunder:g} points, beyond {result.grading.confidence:g} "
        "standard errors."
    )


def review_at_table(
    screen: Screen, state: Any, seat: int, *, hands: list[int] | None = None
) -> None:
    """Review ``seat``'s decisions in a game at the table (``euchre play``): the hands
    given (default: every hand), then the summary when more than one hand was reviewed."""
    from euchre_core.analysis.review import review_state

    with _Progress(False) as progress:
        result = review_state(state, [seat], hands=hands, progress=progress)
    if not result.hands:
        screen.note("No finished hand to review yet.")
        return
    from .render import Screen

    # A screen of its own: telling the reviewed hands must not change what the table's
    # screen remembers of the hand in play (its dealer, up-card, recent lines).
    own = Screen(
        names=screen.names,
        viewer=screen.viewer,
        partnerships=screen.partnerships,
        title=screen.title,
        plain=screen.plain,
        console=screen.console,
        rules=screen.rules,
        width=screen.width,
    )
    print_review(own, result, summary=hands is None or len(hands) > 1)

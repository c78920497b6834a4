"""``euchre replay FILE``: step through a saved game, or ``--check`` it against the rules.

Stepping shows the game trick by trick (Enter for the next step, ``q`` to quit; when the
input or output is not a terminal it prints everything without stopping), either as one
seat saw it (``--seat N``: drawn from that seat's view) or with every hand open
(``--open``, the default).

``--check`` replays the record through the rules of the record's variant without
stopping and prints each deal's points and the final score; it exits non-zero, naming
the deal and the action, when an action is illegal or the record contradicts itself.
``--json`` prints the same as one JSON object (points per side: for partnerships the
side of seat 0 first, for individual games one entry per seat).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from .errors import EXIT_FAILED, EXIT_USAGE, fail
from .options import Ascii

if TYPE_CHECKING:
    from euchre_core.history import SavedGame
    from euchre_core.state import State

__all__ = ["check_report", "replay"]


def replay(
    file: Annotated[Path, typer.Argument(help="A saved game (the project's JSON, or .egn).")],
    seat: Annotated[
        int | None,
        typer.Option("--seat", min=0, metavar="N", help="Show the game as seat N saw it."),
    ] = None,
    open_: Annotated[
        bool, typer.Option("--open", help="Show every hand (the default without --seat).")
    ] = False,
    check: Annotated[
        bool,
        typer.Option("--check", help="Replay through the rules without stopping; report points."),
    ] = False,
    json_: Annotated[
        bool, typer.Option("--json", help="With --check: print one JSON object.")
    ] = False,
    ascii_: Ascii = False,
) -> None:
    """Step through a saved game trick by trick, or --check it against the rules."""
    from .records import load_game

    if seat is not None and open_:
        fail("give --seat N or --open, not both", EXIT_USAGE)
    if json_ and not check:
        fail("--json goes with --check", EXIT_USAGE)
    record = load_game(file)
    if check:
        _check(file, record, json_, ascii_)
        return
    _step(record, seat, ascii_)


# ---------------------------------------------------------------------------------------
# --check
# ---------------------------------------------------------------------------------------


def _check(file: Path, record: SavedGame, as_json: bool, plain: bool) -> None:
    from euchre_core.errors import RecordError
    from euchre_core.history import replay as run

    try:
        state = run(record)
        _consistent(record, state)
    except RecordError as e:
        if as_json:
            import json

            typer.echo(json.dumps({"file": str(file), "ok": False, "error": str(e)}, indent=1))
        fail(f"{file}: {e}", EXIT_FAILED)
    report = check_report(state, record, str(file))
    if as_json:
        import json

        typer.echo(json.dumps(report, indent=1))
        return
    from .render import print_check

    print_check(report, plain=plain)


def _consistent(record: SavedGame, state: State) -> None:
    """What a record says about its own outcome must agree with the replay."""
    from euchre_core.errors import RecordError

    meta = record.meta or {}
    expected = meta.get("final_scores") or meta.get("final_score")
    if isinstance(expected, list) and expected:
        got = _per_side(state, state.scores)
        if len(expected) == len(state.scores):
            got = list(state.scores)
        if [int(x) for x in expected] != got:
            raise RecordError(
                f"the record says the final score is {expected}, the replay gives {got}"
            )
    if meta.get("complete") is True and not state.is_over:
        raise RecordError(
            f"the record says the game is complete, but after deal {state.hand_number + 1} "
            f"it is not over (score {_per_side(state, state.scores)})"
        )


def _per_side(state: State, values: Any) -> list[int]:
    return [int(values[side[0]]) for side in state.table.sides]


def check_report(state: State, record: SavedGame, file: str) -> dict[str, Any]:
    """Each deal's points and the final score, per side, as plain data."""
    from .render import seat_names

    sides = state.table.sides
    names = record.players if record.players and len(record.players) == state.seats else None
    if names is None:
        names = seat_names(state.seats)
    side_names = [" & ".join(names[s] for s in side) for side in sides]
    deals = []
    for h in state.hand_records:
        c = h.contract
        deals.append(
            {
                "deal": h.number + 1,
                "dealer": h.dealer,
                "maker": None if c is None else c.maker,
                "trump": None if c is None else ("NT" if c.trump is None else c.trump.value),
                "alone": list(h.alone),
                "outcome": h.outcome,
                "tricks": [sum(h.tricks[s] for s in side) for side in sides],
                "points": _per_side(state, h.points),
                "score": _per_side(state, h.scores),
            }
        )
    result = state.result
    if result is not None and result.winners:
        won = [i for i, side in enumerate(sides) if set(side) & set(result.winners)]
        summary = f"won by {', '.join(side_names[i] for i in won)}"
    elif state.is_over:
        summary = result.reason if result is not None and result.reason else "over"
    else:
        summary = "unfinished"
    return {
        "file": file,
        "ok": True,
        "variant": state.config.name,
        "seed": state.seed,
        "sides": side_names,
        "side_seats": [list(s) for s in sides],
        "deals": deals,
        "final_score": _per_side(state, state.scores),
        "finished": state.is_over,
        "winners": list(result.winners) if result is not None else [],
        "result": summary,
        "actions": len(state.actions),
    }


# ---------------------------------------------------------------------------------------
# Stepping
# ---------------------------------------------------------------------------------------


class _Stop(Exception):
    """The viewer typed q."""


def _step(record: SavedGame, seat: int | None, plain_flag: bool) -> None:
    from euchre_core.history import replay as run
    from euchre_core.history import start_state

    from .render import Screen, make_console, plain_mode, seat_names

    probe = start_state(record)
    if seat is not None and seat >= probe.seats:
        fail(f"--seat {seat}: this game has seats 0 to {probe.seats - 1}", EXIT_USAGE)
    plain = plain_mode(plain_flag)
    console = make_console(plain)
    names = (
        list(record.players)
        if record.players and len(record.players) == probe.seats
        else seat_names(probe.seats, seat)
    )
    if seat is not None and not record.players:
        names = seat_names(probe.seats, seat)
    screen = Screen(
        names=names,
        viewer=seat,
        partnerships=probe.table.partnerships,
        title=probe.config.title or probe.config.name,
        plain=plain,
        console=console,
        rules=probe.rules,
    )
    interactive = sys.stdin.isatty() and console.is_terminal
    cursor = 0

    def wait() -> None:
        if interactive:
            answer = screen.ask("Enter: next, q: quit ").strip().lower()
            if answer in ("q", "quit", "exit"):
                raise _Stop

    def show(state: State) -> None:
        nonlocal cursor
        new = state.events[cursor:] if seat is None else state.visible_events(seat, cursor)
        cursor = len(state.events)
        pause = ""
        view = state.view(seat) if seat is not None and new else None
        for e in new:
            kind = type(e).__name__
            if kind == "HandStarted" and pause == "hand":
                wait()
                pause = ""
            screen.event(e, view)
            if kind == "HandScored":
                pause = "hand"
            elif kind in ("PlayStarted", "TrickWon"):
                pause = "trick"
        if state.is_over or not pause:
            return
        if pause == "trick":
            if seat is None:
                screen.note("Hands:")
                screen.open_hands(state.hands, state.ranking)
            else:
                screen.table(state.view(seat), {}, [])
        wait()

    def before(state: State, _seat: int, _action: Any) -> None:
        show(state)

    try:
        state = run(record, on_action=before)
        show(state)
    except (_Stop, EOFError):
        return
    except KeyboardInterrupt:
        console.print("")
        return

"""``euchre replay FILE``: step through a saved game, or ``--check`` it against the rules.

Stepping shows the game trick by trick (Enter for the next step, ``q`` to quit; when the
input or output is not a terminal it prints everything without stopping), either as one
seat saw it (``--seat N``: drawn from that seat's view) or with every hand open
(``--open``, the default).

``--check`` replays the record through the rules of the record's variant without
stopping and prints each deal's points and the final score; it exits non-zero, naming
the deal and the action, when an action is illegal or the record contradicts itself
(its recorded result, winners and scores, must be where the replay ends).
``--json`` prints the same as one JSON object (points per side: for partnerships the
side of seat 0 first, for individual games one entry per seat).

``--rule`` and ``-o`` replay the record under house rules and option values it does not
write down (a record says nothing about rules it was not made with, and is replayed
strictly). When the rules refuse a step of a record, the error names the built-in house
rule or option value under which the step would go through, if one does: ``replay with
--rule discard-upcard``.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from .errors import EXIT_FAILED, EXIT_USAGE, fail
from .options import Ascii, Overrides, Rules

if TYPE_CHECKING:
    from euchre_core.records.history import SavedGame
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
    rules: Rules = None,
    overrides: Overrides = None,
) -> None:
    """Step through a saved game trick by trick, or --check it against the rules."""
    from euchre_core.errors import RecordError

    if seat is not None and open_:
        fail("give --seat N or --open, not both", EXIT_USAGE)
    if json_ and not check:
        fail("--json goes with --check", EXIT_USAGE)
    reading = _Reading(file, list(rules or []), list(overrides or []))
    try:
        record = reading.load()
    except RecordError as e:
        if json_:
            _json_error(file, reading.explain(e))
        message = reading.explain(e)
        fail(message if str(file) in message else f"{file}: {message}", EXIT_FAILED)
    if check:
        _check(file, record, json_, ascii_, reading)
        return
    _step(record, seat, ascii_, reading)


class _Reading:
    """How the record is read: its file, and the rules and options added on the command
    line; also what would allow a step the rules refuse."""

    def __init__(self, file: Path, rules: list[str], options: list[str]):
        self.file = file
        self.rules = rules
        self.options = options
        self.base: SavedGame | None = None

    def load(self, rules: list[str] | None = None, options: list[str] | None = None) -> SavedGame:
        """The record under the command line's rules and options (plus ``rules`` and
        ``options``)."""
        from euchre_core.records.history import with_rules

        from .records import is_egn, load_game

        rules = [*self.rules, *(rules or [])]
        options = [*self.options, *(options or [])]
        if is_egn(self.file) and (rules or options):
            from euchre_core.records.egn import read_egn

            return read_egn(self.file, rules=rules, options=options)
        if self.base is None:
            self.base = load_game(self.file)
        return with_rules(self.base, rules, options)

    def explain(self, error: Exception) -> str:
        """The error, with the house rule or option that would allow the refused step."""
        from euchre_core.errors import EuchreError, RecordError
        from euchre_core.records.allowing import Allowance, allowing_sentence, rules_allowing

        text = str(error)
        if not isinstance(error, RecordError) or error.position is None:
            return text
        from .records import is_egn

        egn = is_egn(self.file)

        data: list[Any] = []  # the EGN file's JSON, read once

        def attempt(_a: Allowance | None, config: Any) -> None:
            stop = error.position + 1 if error.position is not None else None
            if egn:  # an EGN file is checked through the rules as it is read
                from euchre_core.records.egn import egn_from_json
                from euchre_core.records.history import read_json

                if not data:
                    data.append(read_json(self.file))
                egn_from_json(data[0], str(self.file), config=config, stop=stop)
                return
            from euchre_core.records.history import replay as run

            if self.base is None:
                self.load()
            assert self.base is not None
            run(self.base, config=config, stop=stop)

        if self.rules or self.options:
            # Under the record's own rules (without the command line's), does it read
            # past the refused step? Then what the command line added refuses it.
            try:
                attempt(None, self._config(command_line=False))
                own = True
            except RecordError as e:
                own = e.position is not None and e.position > error.position
            except EuchreError:
                own = False
            if own:
                given = " ".join(
                    [*(f"--rule {r}" for r in self.rules), *(f"-o {o}" for o in self.options)]
                )
                return f"{text}; the record's own rules take it, {given} refuses it"
        try:
            config = self._config()
            found = rules_allowing(attempt, config, error.position)
        except EuchreError:
            return text
        return f"{text}; {allowing_sentence(found)}" if found else text

    def _config(self, command_line: bool = True) -> Any:
        """The variant the record is read under: its own, with the command line's rules
        and options (``command_line``) or without."""
        from euchre_core.records.history import extend

        from .records import is_egn

        if is_egn(self.file):
            from euchre_core.records.egn import config_from_ruleset
            from euchre_core.records.history import read_json

            data = read_json(self.file)
            config = config_from_ruleset(data.get("metadata", {}).get("ruleset"), "")
        else:
            if self.base is None:
                self.load()
            assert self.base is not None
            config = self.base.config()
        if command_line and (self.rules or self.options):
            config = extend(config, self.rules, self.options)
        return config


def _json_error(file: Path, message: str) -> None:
    import json

    typer.echo(json.dumps({"file": str(file), "ok": False, "error": message}, indent=1))


# ---------------------------------------------------------------------------------------
# --check
# ---------------------------------------------------------------------------------------


def _check(file: Path, record: SavedGame, as_json: bool, plain: bool, reading: _Reading) -> None:
    from euchre_core.errors import RecordError
    from euchre_core.records.history import replay as run

    try:
        state = run(record)
        _consistent(record, state)
    except RecordError as e:
        message = reading.explain(e)
        if as_json:
            _json_error(file, message)
        fail(f"{file}: {message}", EXIT_FAILED)
    report = check_report(state, record, str(file))
    if as_json:
        import json

        typer.echo(json.dumps(report, indent=1))
        return
    from .reports import print_check

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
    recorded = record.result
    if isinstance(recorded, dict):
        from euchre_core.records.history import result_of

        got_result = result_of(state)
        if got_result is None:
            raise RecordError(
                f"the record says the game ended (scores {recorded.get('scores')}), but "
                f"after deal {state.hand_number + 1} the replay is not over"
            )
        for key in ("winners", "scores"):
            said = recorded.get(key)
            if isinstance(said, list) and [int(x) for x in said] != list(got_result[key]):
                raise RecordError(
                    f"result.{key}: the record says {said}, the replay gives {got_result[key]}"
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


def _step(record: SavedGame, seat: int | None, plain_flag: bool, reading: _Reading) -> None:
    from euchre_core.errors import RecordError
    from euchre_core.records.history import replay as run
    from euchre_core.records.history import start_state

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
    except RecordError as e:
        fail(f"{reading.file}: {reading.explain(e)}", EXIT_FAILED)
    except KeyboardInterrupt:
        console.print("")
        return

"""``euchre play`` and ``euchre resume``: a whole game at the terminal.

A person sits at one seat and bots at the others (or bots everywhere with ``--watch``).
The person's screen is drawn from their seat's view only; bot moves are told one line
each as the person saw them. What the person types is read by :mod:`.choices`: the key
beside a choice (numbers, or letters where numbers are bids or seats), a card code in any
case (``JH``, ``jh``), or a choice in the variant's own words, which the line under the
table lists; a risky choice picked by its key is confirmed. ``?`` gives a hint,
``tricks`` the tricks of this hand, ``score`` the score deal by deal, ``review`` what
the person's decisions of the hand just finished cost (:mod:`.review`), ``undo`` takes back
the person's last decision (against bots), ``quit`` saves and stops. An illegal choice
gets the reason and the prompt again. A finished game shows the score deal by deal and
offers ``Review this game?``, then asks ``Play again?`` (a new game with a new seed; no,
or the end of input, exits 0).

The game is written to its file after every action (the ``--save`` path, which must not
exist yet, or ``euchre-<variant>-<seed>.json`` in the current directory, numbered
``-2``, ``-3`` … when taken), so that nothing is lost even when the program is killed.
On Ctrl-C, SIGTERM, SIGHUP (the terminal closed) or at the end of input the command
exits non-zero, saying where the game is; ``euchre resume FILE`` carries on. A resumed
game goes on in its own file (an EGN file stays EGN); a finished one says so at once.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from .choices import (
    Choices,
    ask_yes_no,
    asked_for,
    confirmation,
    footer,
    for_player,
    interpret,
    prompt,
    read,
)
from .errors import EXIT_FAILED, EXIT_INTERRUPTED, EXIT_USAGE, fail
from .options import Ascii, Bots, Overrides, Players, Rules, Seed, VariantArg

if TYPE_CHECKING:
    from euchre_core.actions import Action
    from euchre_core.bots import Bot
    from euchre_core.state import State

    from .records import Autosaver
    from .render import Screen

__all__ = ["Choices", "Session", "asked_for", "for_player", "interpret", "play", "resume"]

DEFAULT_BOTS = "heuristic"


def _think_option() -> Any:
    return typer.Option(
        "--think-ms",
        min=0.0,
        metavar="MS",
        help="CPU milliseconds a hard (search) bot may think per decision; more is "
        "stronger and slower, 0 is no time limit (a fixed number of sampled deals). "
        "Default: no limit.",
    )


# ---------------------------------------------------------------------------------------
# Commands
# ---------------------------------------------------------------------------------------


def play(
    variant: VariantArg = "standard",
    seed: Seed = None,
    seat: Annotated[int, typer.Option("--seat", min=0, help="Your seat (0 = first).")] = 0,
    rule: Rules = None,
    option: Overrides = None,
    bots: Bots = DEFAULT_BOTS,
    level: Annotated[
        str | None,
        typer.Option(
            "--level",
            metavar="easy|normal|hard",
            help="Strength of the bots: easy (careless), normal (heuristic), hard (search "
            "over sampled deals). Overrides --bots.",
        ),
    ] = None,
    target: Annotated[
        int | None,
        typer.Option("--target", min=1, metavar="N", help="Points to win (standard.target_score)."),
    ] = None,
    ascii_: Ascii = False,
    save: Annotated[
        Path | None,
        typer.Option(
            "--save",
            metavar="FILE",
            help="Write the game to FILE, after every move (.egn: EGN, for four-hand "
            "standard games only; otherwise the project's JSON). FILE must be new.",
        ),
    ] = None,
    players: Players = None,
    watch: Annotated[bool, typer.Option("--watch", help="Bots at every seat; just watch.")] = False,
    delay: Annotated[
        float | None,
        typer.Option(
            "--delay",
            min=0.0,
            metavar="SECONDS",
            help="Pause after each bot move (default: 0.6 s when watching on a terminal, else 0).",
        ),
    ] = None,
    think_ms: Annotated[float | None, _think_option()] = None,
) -> None:
    """Play a whole game against bots (you at one seat), or --watch bots play."""
    import random

    from euchre_core import load_variant
    from euchre_core.state import State

    if level is not None:
        from euchre_core.bots import LEVELS

        bots = LEVELS.get(level.strip().lower(), "")
        if not bots:
            fail(f"--level {level}: use easy, normal or hard", 2)
    _check_think(think_ms, bots)
    config = load_variant(variant, rules=rule or (), options=option or (), players=players)
    if target is not None:
        key = target_key(config)
        if key is None:
            fail(f"--target: the variant {config.name!r} declares no target_score option", 2)
        config = load_variant(config, options=[f"{key}={target}"])
    game_seed = seed if seed is not None else random.randrange(1, 1_000_000)
    state = State(config, seed=game_seed)
    if target is not None and state.table.target != target:
        # An option that does not set this game's goal (Buck counting down to 0).
        t = state.table
        if t.count_down:
            start = option_key(config, "start_score")
            how = f"; -o {start}=N sets where it starts" if start else ""
            fail(
                f"--target {target}: this game counts down from {t.start_score} to {t.target}{how}",
                2,
            )
        fail(f"--target {target}: {key} does not set this game's target ({t.target})", 2)
    human = None if watch else seat
    if human is not None and human >= state.seats:
        fail(f"--seat {seat}: this game has seats 0 to {state.seats - 1}", 2)
    from .records import Autosaver, SaveError

    session = Session(state, human=human, bots=bots, plain=ascii_, delay=delay, think_ms=think_ms)
    try:
        session.saver = Autosaver.for_new_game(
            state, save, players=session.names, meta=session.save_meta(), title=session.title
        )
    except SaveError as e:
        fail(str(e), EXIT_USAGE)
    raise typer.Exit(play_on(session))


def resume(
    file: Annotated[Path, typer.Argument(help="A saved game (the project's JSON, or .egn).")],
    seat: Annotated[
        int | None, typer.Option("--seat", min=0, help="Your seat (default: as saved).")
    ] = None,
    bots: Annotated[
        str | None,
        typer.Option(
            "--bots",
            metavar="BOT",
            help="The bots of the other seats: random, heuristic, search, careless, or a "
            "level (easy, normal, hard). Default: as saved.",
        ),
    ] = None,
    ascii_: Ascii = False,
    save: Annotated[
        Path | None,
        typer.Option(
            "--save",
            metavar="FILE",
            help="Go on writing the game to FILE (new) instead of its own file.",
        ),
    ] = None,
    watch: Annotated[bool, typer.Option("--watch", help="Bots at every seat.")] = False,
    delay: Annotated[
        float | None,
        typer.Option("--delay", min=0.0, metavar="SECONDS", help="Pause per bot move."),
    ] = None,
    think_ms: Annotated[float | None, _think_option()] = None,
) -> None:
    """Carry on a saved game (every game is saved after each move), in its own file."""
    from euchre_core.records.history import replay

    from .records import Autosaver, SaveError, load_game

    record = load_game(file)
    state = replay(record)
    meta = record.meta or {}
    if watch:
        human = None
    elif seat is not None:
        human = seat
    else:
        saved_seat = meta.get("seat", 0)
        human = saved_seat if isinstance(saved_seat, int) else None
    if human is not None and human >= state.seats:
        fail(f"--seat {human}: this game has seats 0 to {state.seats - 1}", 2)
    bot_name = bots or str(meta.get("bots") or DEFAULT_BOTS)
    if think_ms is None and _bots_named(bot_name) == "search":
        saved_think = meta.get("think_ms")
        if isinstance(saved_think, (int, float)) and saved_think >= 0:
            think_ms = float(saved_think)
    _check_think(think_ms, bot_name)
    egn_fields = meta.get("egn") if isinstance(meta.get("egn"), dict) else {}
    title = meta.get("title") or egn_fields.get("title")
    session = Session(
        state,
        human=human,
        bots=bot_name,
        plain=ascii_,
        delay=delay,
        resumed=True,
        title=str(title) if title else None,
        undone=undone_of(meta, file),
        think_ms=think_ms,
    )
    if not state.is_over:  # a finished game's file is left as it is
        try:
            session.saver = Autosaver.for_resumed_game(
                state, record, file, save, players=session.names, meta=session.save_meta()
            )
        except SaveError as e:
            fail(str(e), EXIT_USAGE)
    raise typer.Exit(play_on(session))


def _bots_named(bots: str) -> str:
    """The bot ``--bots`` names (a level names its bot), or a usage error naming it."""
    from euchre_core.bots import bot_name
    from euchre_core.errors import EuchreError

    try:
        return bot_name(bots)
    except EuchreError as e:
        fail(f"--bots: {e}", EXIT_USAGE)


def _check_think(think_ms: float | None, bots: str) -> None:
    """``--bots`` a bot, and ``--think-ms`` only where the bots search (level hard)."""
    named = _bots_named(bots)
    if think_ms is not None and named != "search":
        fail(
            f"--think-ms {think_ms:g}: only the hard level's bots think (use --level hard "
            f"or --bots search; the bots here are {named or 'none'})",
            EXIT_USAGE,
        )


def play_on(session: Session) -> int:
    """Run a game; when a person played it to its end, show the score deal by deal and
    ask ``Play again?`` (a new game with a new seed) until the answer is no (or the input
    ends: exit 0). Returns the exit code."""
    while True:
        was_over = session.state.is_over  # a finished game resumed: its result, no more
        code = session.run()
        if code != 0 or was_over or session.human is None or not session.state.is_over:
            return code
        session.score_sheet()
        try:
            if ask_yes_no(session.screen.ask, session.screen.problem, "Review this game? [y/N] "):
                session.review()
            again = ask_yes_no(session.screen.ask, session.screen.problem, "Play again? [y/N] ")
        except EOFError:
            session.screen.print("")
            return 0
        except KeyboardInterrupt:
            session.screen.print("")
            return EXIT_INTERRUPTED
        if not again:
            return 0
        session = session.again()


def undone_of(meta: dict[str, Any], file: Path) -> list[list[Any]]:
    """A saved game's ``meta["undone"]``: the decisions taken back, each
    ``[action_index, seat, action_text]`` (a clear error when it is not that)."""
    undone = meta.get("undone") or []
    ok = isinstance(undone, list) and all(
        isinstance(u, list)
        and len(u) == 3
        and isinstance(u[0], int)
        and isinstance(u[1], int)
        and isinstance(u[2], str)
        for u in undone
    )
    if not ok:
        fail(f"{file}: meta.undone must be a list of [action_index, seat, action_text]")
    return [list(u) for u in undone]


def target_key(config: Any) -> str | None:
    """The option that sets the target score: ``standard.target_score`` or the first
    plugin of the stack that declares a ``target_score``."""
    return option_key(config, "target_score")


def option_key(config: Any, name: str) -> str | None:
    """The dotted key of the option ``name``: the ``standard`` plugin's, or the first
    plugin of the stack that declares it."""
    declared = config.declared
    if name in declared.get("standard", {}):
        return f"standard.{name}"
    for plugin, opts in declared.items():
        if name in opts:
            return f"{plugin}.{name}"
    return None


# ---------------------------------------------------------------------------------------
# Bots and advice
# ---------------------------------------------------------------------------------------


def make_bots(
    name: str, seats: Sequence[int], seed: int | str, think_ms: float | None = None
) -> tuple[dict[int, Bot], str]:
    """One bot per seat, seeded per seat; returns the bots and the name actually used
    (the random bot stands in when the heuristic bot is not installed). ``think_ms``:
    the search bots' CPU time per decision (``None``: their default, no limit)."""
    from euchre_core.bots import bot_name, make_bot

    used = bot_name(name)  # a level names its bot: hard is search
    if used == "search" and think_ms is not None:
        from euchre_core.bots.search import SearchBot

        return {s: SearchBot(f"{seed}/seat{s}", think_ms=think_ms) for s in seats}, used
    try:
        make_bot(used, seed)
    except ImportError:
        if used != "heuristic":
            raise
        used = "random"
    return {s: make_bot(used, f"{seed}/seat{s}") for s in seats}, used


def advise(view: Any, legal: Sequence[Action], seed: int | str) -> tuple[Action | None, str]:
    """What the heuristic bot would do here, and why (``(None, "")`` without it): the
    reason without the action it opens with, which the hint says in its own words."""
    try:
        from euchre_core.bots.heuristic import HeuristicBot
    except ImportError:
        return None, ""
    bot = HeuristicBot(seed)
    advise_fn = getattr(bot, "advise", None)
    if advise_fn is not None:
        advice = advise_fn(view, legal)
        return advice.action, advice.why
    return bot.choose(view, legal), ""


# ---------------------------------------------------------------------------------------
# The game loop
# ---------------------------------------------------------------------------------------


class Session:
    """One game at the terminal: the state, the person's seat, the bots and the screen.

    ``remote`` is true at a networked table (:mod:`.join`), where nothing is taken back.

    :param human: the person's seat, or ``None`` to watch bots play every seat
    :param bots: the bot name for the other seats
    :ivar saver: keeps the game's file (:class:`~euchre_cli.records.Autosaver`): written
      after every action and when the game stops; ``None``: the game is not saved
    :param undone: the decisions taken back so far (a resumed game's ``meta["undone"]``):
      the bots are seeded by the game's seed and their number
    :param think_ms: the search bots' CPU milliseconds per decision (``None``: no limit)
    """

    remote = False

    def __init__(
        self,
        state: State,
        *,
        human: int | None,
        bots: str,
        plain: bool = False,
        delay: float | None = None,
        resumed: bool = False,
        title: str | None = None,
        screen: Screen | None = None,
        undone: Sequence[Sequence[Any]] = (),
        think_ms: float | None = None,
    ):
        from .render import Screen, make_console, plain_mode, seat_names

        self.state = state
        self.human = human
        #: The decisions taken back, as ``[action_index, seat, action_text]``.
        self.undone: list[list[Any]] = [list(u) for u in undone]
        self.think_ms = think_ms
        self.bots, self.bot_name = make_bots(bots, self._bot_seats(), self._bot_seed(), think_ms)
        self.requested_bots = bots
        self.plain = plain_mode(plain)
        console = make_console(self.plain)
        if delay is None:
            delay = 0.6 if (human is None and console.is_terminal) else 0.0
        self.delay = delay
        self.names = seat_names(state.seats, human)
        self.screen = screen or Screen(
            names=self.names,
            viewer=human,
            partnerships=state.table.partnerships,
            title=title or state.config.title or state.config.name,
            plain=self.plain,
            console=console,
            rules=state.rules,
        )
        self.saver: Autosaver | None = None
        self.resumed = resumed
        self.cursor = len(state.events) if resumed else 0
        self.hint_count = 0
        self.title = title or state.config.title or state.config.name

    # -- narration ------------------------------------------------------------------------

    def _new_events(self) -> list[Any]:
        state = self.state
        if self.human is None:
            new = state.events[self.cursor :]
        else:
            new = state.visible_events(self.human, self.cursor)
        self.cursor = len(state.events)
        return list(new)

    def narrate(self) -> None:
        from euchre_core.events import Discarded

        state = self.state
        if (
            state.to_act is not None
            and state.to_act != self.human
            and state.decision is not None
            and state.decision.kind == "discard"
            and self.human is not None
            and any(
                isinstance(e, Discarded) and e.seat == state.to_act
                for e in state.events[self.cursor :]
            )
        ):
            return  # the seat discards again: its discards are told together
        new = self._new_events()
        if not new:
            return
        view = self.state.view(self.human) if self.human is not None else None
        self.screen.events(new, view)

    def recap(self) -> None:
        """On resume: the game so far in one line, then this hand's events as seen."""
        state = self.state
        self.screen.note(
            f"Resuming {state.config.name}, seed {state.seed}: deal {state.hand_number + 1}, "
            f"score {' - '.join(str(state.scores[side[0]]) for side in state.table.sides)}."
        )
        self.this_hand()

    def this_hand(self) -> None:
        """This hand's events so far, as the person (or the audience) saw them."""
        state = self.state
        view = state.view(self.human) if self.human is not None else None
        events = list(state.hand_events) if view is None else list(view.events)
        self.screen.events(events, view)

    # -- running --------------------------------------------------------------------------

    def run(self) -> int:
        """Play to the end; returns the exit code. SIGTERM and SIGHUP stop the game as
        Ctrl-C does."""
        from .records import signals_interrupt

        with signals_interrupt():
            return self._run()

    def _run(self) -> int:
        from euchre_core.errors import EuchreError

        state = self.state
        if self.bot_name != _bots_named(self.requested_bots):
            self.screen.note(
                f"({self.requested_bots} bots are not available: {self.bot_name} bots play)"
            )
        over_already = state.is_over
        try:
            self.opening()
            self.autosave()
            while not self.state.is_over:
                self.narrate()
                state = self.state
                seat = state.to_act
                assert seat is not None
                if seat == self.human:
                    action = self.forced() or self.ask()
                    if action is UNDO:
                        self.undo()
                        continue
                    state.apply(action)
                    self.autosave()
                else:
                    view = state.view(seat) if self.bots[seat].uses_view else None
                    state.apply(self.bots[seat].choose(view, state.legal_actions()))
                    self.autosave()
                    if self.delay:
                        time.sleep(self.delay)
            self.narrate()
        except KeyboardInterrupt:
            _quietly(self.screen.print, "")
            return self.interrupted("interrupted", EXIT_INTERRUPTED)
        except EOFError:
            _quietly(self.screen.print, "")
            return self.interrupted("end of input", EXIT_FAILED)
        except _Quit:
            return self.interrupted("you quit", EXIT_FAILED)
        except EuchreError as e:  # a plugin failed in the middle of the game
            return self.failed(e)
        if self.saver is not None and not over_already:
            from .errors import print_error

            try:
                where = self.saver.write(state)
            except OSError as e:
                print_error(f"the game could not be saved to {self.saver.path}: {e.strerror or e}")
                return EXIT_FAILED
            self.screen.note(f"Game saved to {where}.")
        return 0

    def again(self) -> Session:
        """A new game of the same variant, seat and bots, with a new seed (drawn from this
        game's seed, so that the same answers give the same games)."""
        import random

        from euchre_core.state import State

        from .records import Autosaver

        seed = random.Random(f"{self.state.seed}/again").randrange(1, 1_000_000)
        session = Session(
            State(self.state.config, seed=seed),
            human=self.human,
            bots=self.requested_bots,
            plain=self.plain,
            delay=self.delay,
            title=self.title,
            think_ms=self.think_ms,
        )
        if self.saver is not None:  # a new file beside this game's, never over it
            session.saver = Autosaver.for_new_game(
                session.state,
                None,
                players=session.names,
                meta=session.save_meta(),
                title=session.title,
            )
        return session

    def autosave(self) -> None:
        """Write the game to its file as it stands (after every action)."""
        if self.saver is not None:
            self.saver.save(self.state, warn=self.screen.problem)

    def opening(self) -> None:
        """What is said before the first decision: the recap of a resumed game, or the
        variant, seed, target and seat of a new one."""
        from euchre_core.events import GameOver

        state = self.state
        if self.resumed and state.is_over:  # the result at once, not the last deal again
            ends = [e for e in state.events if isinstance(e, GameOver)]
            if ends:
                self.screen.event(ends[-1])
            self.screen.note("This game is already over.")
            self.cursor = len(state.events)
            return
        if self.resumed:
            self.recap()
        else:
            who = "you play seat" if self.human is not None else "bots at every seat"
            t = state.table
            goal = (
                f"counting down from {t.start_score}, first to {t.target}"
                if t.count_down
                else f"game to {t.target}"
            )
            self.screen.note(
                f"{self.title}, seed {state.seed}, {goal}; {who}"
                + (f" {self.human}." if self.human is not None else ".")
            )
        if self.saver is not None and not self.resumed:
            self.screen.note(f"Saved after every move to {_shown(self.saver.path)}.")

    def interrupted(self, why: str, code: int) -> int:
        """The game stops before its end: write it once more and say where it is (the
        file is whole whatever happens: it was written after the last action)."""
        from .errors import print_error

        if self.saver is None:
            _quietly(print_error, f"{why}: the game was not saved")
            return code
        try:
            where = self.saver.write(self.state)
        except OSError as e:
            _quietly(
                print_error,
                f"{why}: the game could not be saved to {self.saver.path}: {e.strerror or e}",
            )
            return code
        _quietly(print_error, f"{why}: game saved to {where}; carry on with: euchre resume {where}")
        return code

    def failed(self, error: Exception) -> int:
        """A plugin failed in the middle of the game: its one line, then where the game
        is, as written after its last move (not written again: the failure may have left
        the move half made). With ``EUCHRE_DEBUG`` set, the traceback instead."""
        from .errors import debug, print_error, print_known

        if debug():
            raise error
        _quietly(self.screen.print, "")
        _quietly(print_known, error)
        saver = self.saver
        if saver is not None and saver.writes and saver.failed is None:
            where = _shown(saver.path)
            _quietly(
                print_error,
                f"the game is saved to {where} up to the last move; carry on with: "
                f"euchre resume {where}",
            )
        return EXIT_FAILED

    def save_meta(self) -> dict[str, Any]:
        """What the saved game keeps of this session: the seat, the bots, the title and
        the decisions taken back."""
        meta: dict[str, Any] = {
            "seat": self.human,
            "bots": self.bot_name,
            "title": self.title,
            "undone": self.undone,
        }
        if self.think_ms is not None:
            meta["think_ms"] = self.think_ms
        return meta

    # -- the person's turn ----------------------------------------------------------------

    def forced(self) -> Action | None:
        """A question put to every seat in turn that the person's hand cannot answer but
        with a pass (a farmer's hand, a weak-hand redeal: everyone is asked, so that no one
        learns whose hand qualifies): passed for them, with a note, instead of a prompt."""
        state = self.state
        if state.phase.value != "prepare":
            return None
        legal = state.legal_actions()
        if len(legal) != 1 or legal[0].keyword != "pass":
            return None
        kind = state.view(self.human).decision_kind if self.human is not None else None
        self.screen.note(_NOTHING_TO_CLAIM.get(kind or "", "Nothing to decide: you pass."))
        return legal[0]

    def ask(self) -> Action:
        """The person's next decision (or :data:`UNDO`): the table, then the prompt until
        the input names a legal action (confirmed when it is risky and was not typed in
        full)."""
        state = self.state
        human = self.human
        assert human is not None
        view = state.view(human)
        legal = state.legal_actions()
        choices = Choices(view, legal, state.rules, self.names)
        line = footer(view, choices, undo=self.can_undo)
        self.screen.table(view, choices.card_numbers, choices.other, footer=line)
        question = prompt(view, choices)
        while True:
            text = self.screen.ask(question).strip()
            low = " ".join(text.lower().split())
            if not low:
                continue
            if low in ("?", "hint", "help"):
                self.hint(view, choices)
                continue
            if low in ("tricks", "t"):
                self.screen.past_tricks(view)
                continue
            if low in ("table", "screen", "show"):
                self.screen.table(view, choices.card_numbers, choices.other, footer=line)
                continue
            if low in ("score", "scores"):
                self.score_sheet()
                continue
            if low == "review":
                self.review(last_hand=True)
                continue
            if low == "undo":
                if self.remote:
                    self.screen.problem(
                        "There is no undo at a networked table: the other players have seen "
                        "the play."
                    )
                    continue
                if not self.can_undo:
                    self.screen.problem("There is nothing of yours to take back yet.")
                    continue
                return UNDO
            if low in ("quit", "exit", "q"):
                raise _Quit
            result = read(text, state, choices)
            if isinstance(result, str):
                self.screen.problem(result)
                continue
            sure = confirmation(result, choices)
            if sure is not None and not ask_yes_no(self.screen.ask, self.screen.problem, sure):
                self.screen.note("Not taken: choose again.")
                continue
            return result.action

    # -- taking a decision back -----------------------------------------------------------

    @property
    def can_undo(self) -> bool:
        """Whether ``undo`` is offered: against bots, once the person has decided."""
        return (
            not self.remote
            and self.human is not None
            and any(s == self.human for s, _ in self.state.actions)
        )

    def _bot_seats(self) -> list[int]:
        return [s for s in range(self.state.seats) if s != self.human]

    def _bot_seed(self) -> int | str:
        """The bots' seed: the game's, and after an undo the game's and the undo count (the
        bots may choose anew after an undo, always the same way for the same history)."""
        seed = self.state.seed
        return f"{seed}/undo{len(self.undone)}" if self.undone else seed

    def undo(self) -> None:
        """Take back the person's last decision and the bot moves after it: the game is
        rebuilt by replaying the record up to just before that decision."""
        from euchre_core.records.history import record_of, start_state

        state = self.state
        index = max(i for i, (s, _) in enumerate(state.actions) if s == self.human)
        seat, action = state.actions[index]
        words = Choices(state.view(seat), [action], state.rules, self.names).words[0]
        later = len(state.actions) - index - 1
        rebuilt = start_state(record_of(state))
        for _, a in state.actions[:index]:
            rebuilt.apply(a)
        self.undone.append([index, seat, str(action)])
        self.state = rebuilt
        self.bots, self.bot_name = make_bots(
            self.bot_name, self._bot_seats(), self._bot_seed(), self.think_ms
        )
        self.cursor = len(rebuilt.events)
        # The table's last trick is of the rebuilt game: none of the moves taken back.
        from euchre_core.events import TrickWon

        before = rebuilt.events[: len(rebuilt.events) - len(rebuilt.hand_events)]
        self.screen.last_trick = next(
            (e for e in reversed(before) if isinstance(e, TrickWon)), None
        )
        moves = f" and {later} move{'s' if later != 1 else ''} after it" if later else ""
        self.screen.note(self.screen.prose(f"Taken back: {words.say}{moves}.", "dim"))
        self.replayed()
        self.this_hand()

    def replayed(self) -> None:
        """After the state was rebuilt (an undo): keep the saved game up to date, the
        decision taken back recorded in it."""
        if self.saver is not None:
            self.saver.meta["undone"] = self.undone
        self.autosave()

    # -- the score ------------------------------------------------------------------------

    def score_sheet(self) -> None:
        """The score deal by deal: each hand's points per side and the running total."""
        from .scoresheet import print_score_sheet

        print_score_sheet(self.screen, self.state)

    def review(self, *, last_hand: bool = False) -> None:
        """``review``: the person's decisions of the hand just finished (``last_hand``)
        or of the whole game, valued by :mod:`euchre_core.analysis.review`."""
        from .review import review_at_table

        assert self.human is not None
        done = [h.number for h in self.state.hand_records]
        if last_hand and not done:
            self.screen.note("No hand has been finished yet: nothing to review.")
            return
        try:
            review_at_table(
                self.screen, self.state, self.human, hands=done[-1:] if last_hand else None
            )
        except Exception as e:  # a review must never lose the game
            self.screen.problem(f"(no review: {type(e).__name__}: {e})")

    def hint(self, view: Any, choices: Choices) -> None:
        self.hint_count += 1
        try:
            action, why = advise(view, self.state.legal_actions(), f"{self.state.seed}/hint")
        except Exception as e:  # a hint must never lose the game
            action, why = None, f"(no hint: {type(e).__name__}: {e})"
        self.screen.hint(choices.numbered(), action, why)
        if action is None and why:
            self.screen.note(why)
        self.screen.note(
            "Also: tricks (this hand's tricks), score (deal by deal), table (draw again), "
            + ("review (your decisions of the last hand), " if self.state.hand_records else "")
            + ("undo (take back your last decision), " if self.can_undo else "")
            + ("quit (leave the table)." if self.remote else "quit (save and stop).")
        )


#: What the person is told when a question put to every seat finds nothing in their hand.
_NOTHING_TO_CLAIM = {
    "farmer": "You hold no farmer's hand to claim: you pass.",
    "redeal": "You hold no weak hand to show for a redeal: you pass.",
}


class _Quit(Exception):
    """The person asked to stop (the game is saved)."""


class _Undo:
    """What :meth:`Session.ask` returns for ``undo``."""

    def __repr__(self) -> str:
        return "UNDO"


def _quietly(say: Any, *args: Any) -> None:
    """Print, unless the terminal is gone (SIGHUP): the game is saved all the same."""
    with contextlib.suppress(OSError):
        say(*args)


def _shown(path: Path) -> str:
    """A path as the person can type it here: relative to the current folder if inside."""
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)


UNDO: Any = _Undo()

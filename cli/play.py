"""``euchre play`` and ``euchre resume``: a whole game at the terminal.

A person sits at one seat and bots at the others (or bots everywhere with ``--watch``).
The person's screen is drawn from their seat's view only; bot moves are told one line
each as the person saw them. At a prompt the person types the number shown beside a
choice, a card code in any case (``JH``, ``jh``), a bid in words (``pass``, ``order``,
``order alone``, ``call h``, ``h``, ``hearts alone``), or any action's text form; ``?``
gives a hint, ``tricks`` the tricks of this hand, ``quit`` saves and stops. An illegal
choice gets the reason and the prompt again.

On Ctrl-C or at the end of input an unfinished game is saved (to the ``--save`` path, or
``euchre-<variant>-<seed>.json`` in the current directory) and the command exits
non-zero, saying where the game is; ``euchre resume FILE`` carries on.
"""

from __future__ import annotations

import re
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from .errors import EXIT_FAILED, EXIT_INTERRUPTED, fail
from .options import Ascii, Bots, Overrides, Players, Rules, Seed

if TYPE_CHECKING:
    from euchre_core.actions import Action
    from euchre_core.bots import Bot
    from euchre_core.cards import Card
    from euchre_core.state import State

    from .render import Screen

__all__ = ["Session", "interpret", "play", "resume"]

DEFAULT_BOTS = "heuristic"
HELP_LINE = "Type a number, a card (JH) or a bid (pass, order, call h); ? for a hint."


# ---------------------------------------------------------------------------------------
# Commands
# ---------------------------------------------------------------------------------------


def play(
    variant: Annotated[
        str,
        typer.Argument(
            metavar="[VARIANT | FILE]",
            help="A variant name (see `euchre variants`) or a variant TOML file.",
        ),
    ] = "standard",
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
            help="Write the game to FILE when it ends (.egn: EGN for four-hand standard "
            "games; otherwise the project's JSON). An interrupted game is saved there too.",
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
) -> None:
    """Play a whole game against bots (you at one seat), or --watch bots play."""
    import random

    from euchre_core import load_variant
    from euchre_core.state import State

    if level is not None:
        from euchre_core.bots.search import LEVELS

        bots = LEVELS.get(level.strip().lower(), "")
        if not bots:
            fail(f"--level {level}: use easy, normal or hard", 2)
    config = load_variant(variant, rules=rule or (), options=option or (), players=players)
    if target is not None:
        key = target_key(config)
        if key is None:
            fail(f"--target: the variant {config.name!r} declares no target_score option", 2)
        config = load_variant(config, options=[f"{key}={target}"])
    game_seed = seed if seed is not None else random.randrange(1, 1_000_000)
    state = State(config, seed=game_seed)
    human = None if watch else seat
    if human is not None and human >= state.seats:
        fail(f"--seat {seat}: this game has seats 0 to {state.seats - 1}", 2)
    session = Session(
        state,
        human=human,
        bots=bots,
        plain=ascii_,
        save=save,
        delay=delay,
    )
    raise typer.Exit(session.run())


def resume(
    file: Annotated[Path, typer.Argument(help="A saved game (the project's JSON, or .egn).")],
    seat: Annotated[
        int | None, typer.Option("--seat", min=0, help="Your seat (default: as saved).")
    ] = None,
    bots: Annotated[
        str | None,
        typer.Option("--bots", metavar="heuristic|random", help="Bots (default: as saved)."),
    ] = None,
    ascii_: Ascii = False,
    save: Annotated[
        Path | None,
        typer.Option("--save", metavar="FILE", help="Write the game to FILE when it ends."),
    ] = None,
    watch: Annotated[bool, typer.Option("--watch", help="Bots at every seat.")] = False,
    delay: Annotated[
        float | None,
        typer.Option("--delay", min=0.0, metavar="SECONDS", help="Pause per bot move."),
    ] = None,
) -> None:
    """Carry on a saved game (saved by Ctrl-C, end of input or quit)."""
    from euchre_core.history import replay

    from .records import load_game

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
    # An interrupted game goes back to its own file (JSON) unless --save says otherwise.
    autosave = save
    if autosave is None and file.suffix.lower() == ".json":
        autosave = file
    session = Session(
        state,
        human=human,
        bots=bot_name,
        plain=ascii_,
        save=save,
        delay=delay,
        autosave=autosave,
        resumed=True,
        title=str(meta["title"]) if meta.get("title") else None,
    )
    raise typer.Exit(session.run())


def target_key(config: Any) -> str | None:
    """The option that sets the target score: ``standard.target_score`` or the first
    plugin of the stack that declares a ``target_score``."""
    declared = config.declared
    if "target_score" in declared.get("standard", {}):
        return "standard.target_score"
    for plugin, opts in declared.items():
        if "target_score" in opts:
            return f"{plugin}.target_score"
    return None


# ---------------------------------------------------------------------------------------
# Bots and advice
# ---------------------------------------------------------------------------------------


def make_bots(name: str, seats: Sequence[int], seed: int | str) -> tuple[dict[int, Bot], str]:
    """One bot per seat, seeded per seat; returns the bots and the name actually used
    (the random bot stands in when the heuristic bot is not installed)."""
    from euchre_core.bots import make_bot

    used = name.strip().lower()
    try:
        make_bot(used, seed)
    except ImportError:
        if used != "heuristic":
            raise
        used = "random"
    return {s: make_bot(used, f"{seed}/seat{s}") for s in seats}, used


def advise(view: Any, legal: Sequence[Action], seed: int | str) -> tuple[Action | None, str]:
    """What the heuristic bot would do here, and why (``(None, "")`` without it)."""
    try:
        from euchre_core.bots.heuristic import HeuristicBot
    except ImportError:
        return None, ""
    bot = HeuristicBot(seed)
    advise_fn = getattr(bot, "advise", None)
    if advise_fn is not None:
        advice = advise_fn(view, legal)
        return advice.action, str(getattr(advice, "reason", "") or "")
    return bot.choose(view, legal), ""


# ---------------------------------------------------------------------------------------
# Reading what the person types
# ---------------------------------------------------------------------------------------


class Choices:
    """The numbered choices of one decision: playable cards in the order the hand is
    shown, then every other action in the rules' order."""

    def __init__(self, view: Any, legal: Sequence[Action]):
        from euchre_core.trumps import ranking

        r = view.ranking or ranking(None)
        by_card: dict[Card, Action] = {}
        others: list[Action] = []
        for a in legal:
            c = a.card
            if c is not None and c in view.hand and c not in by_card:
                by_card[c] = a
            else:
                others.append(a)
        ordered = [by_card[c] for c in r.sorted(view.hand) if c in by_card]
        self.actions: list[Action] = ordered + others
        self.card_numbers: dict[Card, int] = {
            a.card: i + 1 for i, a in enumerate(ordered) if a.card is not None
        }
        self.other: list[tuple[int, Action]] = [
            (len(ordered) + i + 1, a) for i, a in enumerate(others)
        ]

    def numbered(self) -> list[tuple[int, Action]]:
        return [(i + 1, a) for i, a in enumerate(self.actions)]


_ORDER_WORDS = {
    "order",
    "up",
    "order up",
    "order it up",
    "pick it up",
    "take it up",
    "take",
    "assist",
}
_NO_TRUMP = {"nt", "no trump", "notrump", "no-trump", "no trumps"}


def interpret(text: str, state: State, choices: Choices) -> Action | str:
    """The action a person's input means, or a sentence saying why it cannot be taken
    (the rules' reason, phrased for the person)."""
    from euchre_core.actions import Call, Discard, Give, Order, Play, parse_action
    from euchre_core.cards import Suit, parse_card
    from euchre_core.errors import EuchreError

    t = " ".join(text.strip().lower().split())
    seat = state.to_act
    assert seat is not None
    if t.isascii() and t.isdigit():
        n = int(t) if len(t) <= 4 else 0  # never convert a huge number of digits
        if 1 <= n <= len(choices.actions):
            return choices.actions[n - 1]
        shown = t if len(t) <= 4 else f"{t[:4]}..."
        return f"there is no choice {shown}: choose 1 to {len(choices.actions)}"
    action: Action | None = None
    try:
        action = parse_action(t)
    except EuchreError:
        action = None
    if action is None:
        try:
            c = parse_card(t)
        except EuchreError:
            c = None
        if c is not None:
            same = [a for a in state.legal_actions() if a.card is c]
            if same:
                action = same[0]
            else:
                kind = state.decision.kind if state.decision is not None else ""
                action = Discard(c) if kind == "discard" else Give(c) if kind == "give" else Play(c)
    if action is None:
        words = t.split()
        alone = bool(words) and words[-1] == "alone"
        core = " ".join(words[:-1] if alone else words)
        if core in _ORDER_WORDS:
            action = Order(alone)
        elif core in _NO_TRUMP:
            action = Call(None, alone)
        elif core:
            try:
                action = Call(Suit.parse(core), alone)
            except EuchreError:
                action = None
    if action is None:
        return f"cannot read {text.strip()!r}. {HELP_LINE}"
    reason = state.why_not(action)
    if reason is None:
        return action
    return for_player(reason, seat)


def for_player(reason: str, seat: int) -> str:
    """A rules sentence about ``seat`` rephrased for the person at it:
    ``seat 0 cannot play QS: must follow hearts, holds KH`` becomes
    ``you cannot play QS: you must follow hearts: you hold KH``."""
    r = re.sub(
        rf"\bseat {seat} (does|is|has)\b",
        lambda m: "you " + {"does": "do", "is": "are", "has": "have"}[m.group(1)],
        reason,
    )
    r = re.sub(rf"\bseat {seat}\b", "you", r)
    r = re.sub(r"(^|: )cannot\b", r"\1you cannot", r)
    r = re.sub(r"(^|: |; )must\b", r"\1you must", r)
    r = re.sub(r", holds\b", ": you hold", r)
    r = re.sub(r"(^|: )may\b", r"\1you may", r)
    return r[:1].upper() + r[1:] if not r.startswith("you") else r


# ---------------------------------------------------------------------------------------
# The game loop
# ---------------------------------------------------------------------------------------


class Session:
    """One game at the terminal: the state, the person's seat, the bots and the screen.

    :param human: the person's seat, or ``None`` to watch bots play every seat
    :param bots: the bot name for the other seats
    :param save: write the game there when it ends (and when interrupted)
    :param autosave: where an interrupted game goes (default: ``save``, else
      ``euchre-<variant>-<seed>.json`` in the current directory)
    """

    def __init__(
        self,
        state: State,
        *,
        human: int | None,
        bots: str,
        plain: bool = False,
        save: Path | None = None,
        delay: float | None = None,
        autosave: Path | None = None,
        resumed: bool = False,
        title: str | None = None,
        screen: Screen | None = None,
    ):
        from .render import Screen, make_console, plain_mode, seat_names

        self.state = state
        self.human = human
        others = [s for s in range(state.seats) if s != human]
        self.bots, self.bot_name = make_bots(bots, others, state.seed)
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
        )
        self.save_path = save
        self.autosave = autosave
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
        for e in self._new_events():
            self.screen.event(e)

    def recap(self) -> None:
        """On resume: the game so far in one line, then this hand's events as seen."""
        state = self.state
        self.screen.note(
            f"Resuming {state.config.name}, seed {state.seed}: deal {state.hand_number + 1}, "
            f"score {' - '.join(str(state.scores[side[0]]) for side in state.table.sides)}."
        )
        if self.human is None:
            events = list(state.hand_events)
        else:
            events = list(state.view(self.human).events)
        for e in events:
            self.screen.event(e)

    # -- running --------------------------------------------------------------------------

    def run(self) -> int:
        """Play to the end; returns the exit code."""
        state = self.state
        if self.bot_name != self.requested_bots.strip().lower():
            self.screen.note(
                f"({self.requested_bots} bots are not available: {self.bot_name} bots play)"
            )
        try:
            self.opening()
            while not state.is_over:
                self.narrate()
                seat = state.to_act
                assert seat is not None
                if seat == self.human:
                    action = self.ask()
                    state.apply(action)
                else:
                    view = state.view(seat) if self.bots[seat].uses_view else None
                    state.apply(self.bots[seat].choose(view, state.legal_actions()))
                    if self.delay:
                        time.sleep(self.delay)
            self.narrate()
        except KeyboardInterrupt:
            self.screen.print("")
            return self.interrupted("interrupted", EXIT_INTERRUPTED)
        except EOFError:
            self.screen.print("")
            return self.interrupted("end of input", EXIT_FAILED)
        except _Quit:
            return self.interrupted("you quit", EXIT_FAILED)
        if self.save_path is not None:
            where = self.write(self.save_path)
            self.screen.note(f"Game saved to {where}.")
        return 0

    def opening(self) -> None:
        """What is said before the first decision: the recap of a resumed game, or the
        variant, seed, target and seat of a new one."""
        state = self.state
        if self.resumed:
            self.recap()
            if state.is_over:
                self.screen.note("This game is already over.")
            return
        who = "you play seat" if self.human is not None else "bots at every seat"
        self.screen.note(
            f"{self.title}, seed {state.seed}, game to {state.table.target}; {who}"
            + (f" {self.human}." if self.human is not None else ".")
        )

    def interrupted(self, why: str, code: int) -> int:
        from .errors import print_error

        path = self.autosave or self.save_path or self.default_path()
        if path.suffix.lower() == ".egn":
            path = path.with_suffix(".json")
        try:
            where = self.write(path)
        except OSError as e:
            print_error(f"{why}: the game could not be saved to {path}: {e.strerror or e}")
            return code
        print_error(f"{why}: game saved to {where}; carry on with: euchre resume {where}")
        return code

    def default_path(self) -> Path:
        safe = re.sub(r"[^A-Za-z0-9_.-]+", "_", f"{self.state.config.name}-{self.state.seed}")
        return Path.cwd() / f"euchre-{safe}.json"

    def write(self, path: Path) -> Path:
        from .records import save_game

        return save_game(
            self.state,
            path,
            players=self.names,
            meta={"seat": self.human, "bots": self.bot_name, "title": self.title},
        )

    # -- the person's turn ----------------------------------------------------------------

    def ask(self) -> Action:
        state = self.state
        human = self.human
        assert human is not None
        view = state.view(human)
        legal = state.legal_actions()
        choices = Choices(view, legal)
        self.screen.table(view, choices.card_numbers, choices.other, footer=_footer(view, choices))
        prompt = _prompt(view, choices)
        while True:
            text = self.screen.ask(prompt).strip()
            low = text.lower()
            if not low:
                continue
            if low in ("?", "hint", "help"):
                self.hint(view, choices)
                continue
            if low in ("tricks", "t"):
                self.screen.past_tricks(view)
                continue
            if low in ("table", "screen", "show"):
                self.screen.table(view, choices.card_numbers, choices.other)
                continue
            if low in ("quit", "exit", "q"):
                raise _Quit
            result = interpret(text, state, choices)
            if isinstance(result, str):
                self.screen.problem(result)
                continue
            return result

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
            "Also: tricks (this hand's tricks), table (draw again), quit (save and stop)."
        )


class _Quit(Exception):
    """The person asked to stop (the game is saved)."""


def asked_for(view: Any) -> str:
    """What the prompt asks for: ``Your bid``, ``Your card``, ``Your choice (discard)``."""
    if view.phase.value == "bidding":
        return "Your bid"
    if view.phase.value == "play":
        return "Your card"
    return f"Your choice ({view.decision_kind})" if view.decision_kind else "Your choice"


def _prompt(view: Any, choices: Choices) -> str:
    n = len(choices.actions)
    what = asked_for(view)
    return f"{what} [1-{n}, ? for a hint]: " if n > 1 else f"{what} [1, ? for a hint]: "


def _footer(view: Any, choices: Choices) -> str:
    if view.phase.value == "play":
        return "Type the number beside a card, or its code (JH); ? hint, tricks, quit."
    if view.decision_kind in ("discard", "give"):
        return f"Choose a card to {view.decision_kind}: its number or its code."
    return "Type a number, or words: pass, order, order alone, call h, hearts alone; ? hint."

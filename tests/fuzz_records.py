"""Seeded mutations of saved games and EGN files, and what the command line makes of them.

A mutation is one change to a valid record: a flipped byte, a deleted or swapped field,
a value of the wrong JSON type, a huge or off-by-one number, a card code changed, a deep
nesting of lists. :func:`outcome` runs a mutated file through ``euchre replay FILE
--check`` and ``euchre resume FILE`` (standard input closed) in process, and sorts it:

* ``error``: a clean refusal: non-zero exit, one line on standard error, no traceback;
* ``same``: accepted, and it replays to the very actions, events and scores of the
  original;
* ``written``: accepted and different, because the file writes down another game that
  the rules allow (another card played, another starting score): the replay is exactly
  what the file writes, nothing taken for something else;
* ``traceback`` or ``silent``: the failures the test forbids (an unknown exception, or an
  accepted file that plays otherwise than it writes: a value coerced, a field ignored).
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from unittest import mock

import typer.main
from euchre_cli.main import app
from typer.testing import CliRunner

from euchre_core import new_game
from euchre_core.bots import make_bot
from euchre_core.config import builtin_variants
from euchre_core.records.history import record_of

RUNNER = CliRunner()
#: The command line built once (the runner builds it again on every call otherwise).
COMMAND = typer.main.get_command(app)
EGN_DIR = Path(__file__).parent / "data" / "egn"
#: Marks replaced in the written text (JSON cannot hold them as values).
HUGE = "__HUGE_NUMBER__"
DEEP = "__DEEP_NESTING__"
HUGE_TEXT = "1" * 4301
DEEP_TEXT = "[" * 100_000 + "]" * 100_000
WRONG_TYPES: tuple[Any, ...] = (None, 17, -1, 2.7, 1.9, True, False, "x", "", [], {}, [17], 10**30)


def saved_games(max_actions: int = 120) -> list[tuple[str, dict[str, Any]]]:
    """One seeded bot game of every built-in variant, saved as JSON data (a game to its
    end where it is short, else its first ``max_actions`` actions: a game to resume)."""
    out = []
    for i, name in enumerate(sorted(builtin_variants())):
        state = new_game(name, seed=100 + i)
        bots = [make_bot("heuristic", f"fuzz/{s}") for s in range(state.seats)]
        while state.to_act is not None and len(state.actions) < max_actions:
            seat = state.to_act
            state.apply(bots[seat].choose(state.view(seat), state.legal_actions()))
        record = record_of(state, [f"Player {s}" for s in range(state.seats)])
        record.meta = {"seat": 0, "bots": "random", "title": f"fuzz {name}"}
        out.append((f"{name}.json", record.to_json()))
    return out


def egn_games() -> list[tuple[str, dict[str, Any]]]:
    return [
        (p.name, json.loads(p.read_text(encoding="utf-8"))) for p in sorted(EGN_DIR.glob("*.egn"))
    ]


# ---------------------------------------------------------------------------------------
# Mutations
# ---------------------------------------------------------------------------------------


def _nodes(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path into ``data`` (keys and indexes), the root included."""
    out = [path]
    if isinstance(data, dict):
        for k, v in data.items():
            out.extend(_nodes(v, (*path, k)))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out.extend(_nodes(v, (*path, i)))
    return out


def _at(data: Any, path: tuple[Any, ...]) -> Any:
    for p in path:
        data = data[p]
    return data


def _set(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    _at(data, path[:-1])[path[-1]] = value
    return data


def _tweak(value: Any, rng: random.Random) -> Any:
    """A near miss of a value of the right type: a number off by one, a card code
    changed."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return rng.choice([value + 1, value - 1, -value - 1, value * 1000, value + 0.5])
    if isinstance(value, str):
        if len(value) == 2 and value[0] in "9TJQKA":
            return rng.choice("9TJQKA") + value[1]
        if value.startswith("play ") or value.startswith("discard "):
            word = value.partition(" ")[0]
            return f"{word} {rng.choice('9TJQKA78')}{rng.choice('CDHS')}"
        return value + rng.choice(["x", " alone", "0"])
    return rng.choice(WRONG_TYPES)


@dataclass
class Mutant:
    kind: str
    text: str


def mutate(data: Any, rng: random.Random) -> Mutant:
    """One seeded mutation of a record's JSON value, as the text to write."""
    data = json.loads(json.dumps(data))
    kind = rng.choice(
        ["flip", "delete", "swap", "type", "type", "tweak", "tweak", "tweak", "huge", "deep"]
    )
    nodes = _nodes(data)
    path = rng.choice(nodes[1:])
    if kind == "flip":
        raw = bytearray(json.dumps(data, indent=1).encode())
        for _ in range(rng.randint(1, 3)):
            raw[rng.randrange(len(raw))] = rng.randrange(256)
        return Mutant(kind, raw.decode("utf-8", "replace"))
    if kind == "delete":
        parent = _at(data, path[:-1])
        del parent[path[-1]]
    elif kind == "swap":
        parent = _at(data, path[:-1])
        keys = list(parent.keys()) if isinstance(parent, dict) else list(range(len(parent)))
        other = rng.choice(keys)
        parent[path[-1]], parent[other] = parent[other], parent[path[-1]]
    elif kind == "type":
        data = _set(data, path, rng.choice(WRONG_TYPES))
    elif kind == "tweak":
        data = _set(data, path, _tweak(_at(data, path), rng))
    elif kind == "huge":
        data = _set(data, path, HUGE)
    else:
        data = _set(data, path, DEEP)
    text = json.dumps(data, indent=1)
    text = text.replace(f'"{HUGE}"', HUGE_TEXT).replace(f'"{DEEP}"', DEEP_TEXT)
    return Mutant(kind, text)


# ---------------------------------------------------------------------------------------
# Outcomes
# ---------------------------------------------------------------------------------------


@dataclass
class Tally:
    tried: int = 0
    counts: dict[str, int] = field(default_factory=dict)
    failures: list[str] = field(default_factory=list)

    def add(self, outcome: str, note: str) -> None:
        self.tried += 1
        self.counts[outcome] = self.counts.get(outcome, 0) + 1
        if outcome in ("traceback", "silent") and len(self.failures) < 20:
            self.failures.append(note)

    def line(self) -> str:
        c = self.counts
        accepted = c.get("same", 0) + c.get("written", 0)
        return (
            f"tried {self.tried}, clean error {c.get('error', 0)}, "
            f"traceback {c.get('traceback', 0)}, accepted {accepted} "
            f"(identical {c.get('same', 0)}, another game as written {c.get('written', 0)}), "
            f"silently different {c.get('silent', 0)}"
        )


def invoke(*args: str, input: str | None = None) -> Any:
    """Run the command line in process (as ``CliRunner.invoke`` does, on the command
    built once)."""
    with mock.patch("typer.testing._get_command", lambda _app: COMMAND):
        return RUNNER.invoke(app, list(args), input=input)


def _bad(result: Any) -> str | None:
    """Why a command's result is not a clean outcome, or ``None``."""
    exc = result.exception
    if exc is not None and not isinstance(exc, SystemExit):
        return f"{type(exc).__name__}: {str(exc)[:200]}"
    text = result.stdout + result.stderr
    if "Traceback" in text:
        return "a traceback was printed"
    if result.exit_code != 0:
        lines = [ln for ln in result.stderr.splitlines() if ln.strip()]
        if len(lines) != 1:
            return f"exit {result.exit_code} with {len(lines)} error lines: {result.stderr[:200]!r}"
    return None


def check_json(path: Path) -> tuple[Any, dict[str, Any] | None]:
    result = invoke("replay", str(path), "--check", "--json")
    report = json.loads(result.stdout) if result.exit_code == 0 else None
    return result, report


def _replayed(path: Path) -> Any:
    from euchre_cli.records import load_game

    from euchre_core.records.history import replay

    return replay(load_game(path))


def play_signature(state: Any) -> tuple[Any, ...]:
    """What a record plays to: its actions, events and scores."""
    return (
        [(s, str(a)) for s, a in state.actions],
        [repr(e) for e in state.events],
        list(state.scores),
    )


def as_written(path: Path, state: Any) -> bool:
    """Whether the replay is the game the file writes down, nothing read otherwise: for
    a saved game its seed, first dealer, starting scores and every action; for an EGN file
    its starting score, each deal's dealer, calls and every card played, in order."""
    from euchre_core.actions import parse_action
    from euchre_core.events import HandStarted
    from euchre_core.records.egn import parse_egn_card

    data = json.loads(path.read_text(encoding="utf-8"))
    if data.get("format") == "euchre-game":
        wrote = [(s, parse_action(t)) for s, t in data["actions"]]
        return (
            wrote == list(state.actions)
            and data["seed"] == state.seed
            and data["dealer"] == state.first_dealer
            and list(data["scores"]) == list(state.events[0].scores)
        )
    initial = data["metadata"].get("initialScore", [0, 0])
    if list(state.events[0].scores) != [initial[s % 2] for s in range(4)]:
        return False
    dealers = [e.dealer for e in state.events if isinstance(e, HandStarted)]
    if dealers[: len(data["deals"])] != [d["initialState"]["dealer"] for d in data["deals"]]:
        return False
    played = [str(a) for _, a in state.actions if str(a).startswith("play ")]
    wrote_cards = []
    for k, deal in enumerate(data["deals"]):
        hand = state.hand_records[k] if k < len(state.hand_records) else None
        trump = hand.contract.trump if hand is not None and hand.contract else None
        for phase in deal["phases"]:
            for trick in phase.get("tricks", []):
                wrote_cards += [f"play {parse_egn_card(t, trump, '').code}" for t in trick]
    return played == wrote_cards


_SIGNATURES: dict[Path, tuple[Any, ...]] = {}


def _signature_of(original: Path) -> tuple[Any, ...]:
    if original not in _SIGNATURES:
        _SIGNATURES[original] = play_signature(_replayed(original))
    return _SIGNATURES[original]


def outcome(path: Path, original: Path, resume: bool = True) -> tuple[str, str]:
    """The outcome of a mutated file (see the module docstring) and a note for a failure."""
    result, report = check_json(path)
    why = _bad(result)
    if why is not None:
        return "traceback", f"replay --check: {why}"
    if resume:
        copy = path.with_name("resume-" + path.name)
        copy.write_bytes(path.read_bytes())
        resumed = invoke("resume", str(copy), "--delay", "0", input="")
        why = _bad(resumed)
        if why is not None:
            return "traceback", f"resume: {why}"
    if report is None:
        return "error", ""
    state = _replayed(path)
    if play_signature(state) == _signature_of(original):
        return "same", ""
    if as_written(path, state):
        return "written", ""
    return "silent", "accepted, and plays otherwise than the file writes"

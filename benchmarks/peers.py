"""Our engine against two published euchre engines, side by side in one run.

The peers are installed by this script in a throwaway virtual environment of their own
(``python -m venv`` then ``pip install open_spiel euchre-cli``, kept under the user's
cache folder, ``$XDG_CACHE_HOME`` or ``~/.cache``, as ``euchre-peers``, so that later runs
reuse it; ``--venv`` puts it elsewhere). Each loop runs in a fresh process for a batch of
hands and reports the CPU time (``time.process_time``) it took per hand; the loops
alternate, round after round, and the median per loop over the rounds is compared. On a
busy machine the absolute figures move, the ratios of one run much less.

The loops:

* ``ours random``: standard euchre between four random bots through the in-process API
  (``State.legal_actions`` / ``State.apply``), whole games, as ``random_hands.py``;
* ``ours must-trump`` and ``ours stick-dealer``: the same with one house rule that wraps
  a hot hook (``legal_plays``, ``legal_bids``), against ``ours random``;
* ``ours heuristic``: four heuristic bots, each choice from a fresh view, as
  ``heuristic_hands.py``;
* ``openspiel chance``: OpenSpiel's C++ euchre (``pyspiel.load_game("euchre")``) driven
  from a Python loop that draws each chance outcome with ``random.choices`` over
  ``chance_outcomes()`` and each decision with ``random.choice(legal_actions())``;
* ``openspiel uniform``: the same game, every node (chance ones too: the deal is
  uniform) played with ``random.choice(legal_actions())``;
* ``euchre-cli``: euchre-cli 0.7's own game loop (``euchre.command.play.game``) between
  its four rule-based computer players, its output function and log sinks removed (it
  otherwise sleeps and prints between steps).

What differs between the rules played (kept as close as the peers allow):

* OpenSpiel's game is one hand; it is loaded with ``stick_the_dealer=false`` (as our
  standard game, a hand everyone passes twice ends without a score; ours then deals the
  next hand, OpenSpiel's game ends) and ``allow_lone_defender=false`` (as ours). Its
  maker decides to go alone after trump is fixed, ours with the call. A hand is one game.
* euchre-cli has no lone hands; a deal everyone passes is redealt within the same hand
  (ours counts the passed-out deal as a hand of its own); the game is to 10 as ours.
  Its hands are counted as its ``hand`` calls.
* Ours plays whole games to 10 with the first dealer drawn at random; a hand counts
  every hand played, passed-out ones too.

The compiled build is measured by running this script with the interpreter where it is
installed (``EUCHRE_COMPILE=1 pip install .``), or with ``--ours-python`` naming it.

    python benchmarks/peers.py [--rounds 5] [--hands 2000] [--venv DIR] [--ours-python PY]
                                [--only "ours random,openspiel chance"]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
import venv
from pathlib import Path

HERE = Path(__file__).resolve().parent
# euchre-cli pinned: its loop is driven through its own functions (euchre.command.play).
PEER_PACKAGES = ("open_spiel>=1.5", "euchre-cli==0.7.0")

# Each target: (name, numerator loop, denominator loop, build, goal). The ratio is the
# denominator's CPU time per hand over the numerator's (how many times faster we are).
TARGETS = (
    ("random bots vs OpenSpiel, chance-drawing loop", "ours random", "openspiel chance", 2.0),
    ("random bots vs OpenSpiel, uniform loop", "ours random", "openspiel uniform", 0.8),
    ("heuristic bots vs euchre-cli with its bots", "ours heuristic", "euchre-cli", 1.0),
    # A house rule wrapping a hot hook: at most 15% slower than without it (1 / 1.15).
    ("must-trump (wraps legal_plays) vs without", "ours must-trump", "ours random", 0.87),
    ("stick-the-dealer (wraps legal_bids) vs without", "ours stick-dealer", "ours random", 0.87),
)
COMPILED_GOALS = {
    "random bots vs OpenSpiel, uniform loop": 1.2,
    "heuristic bots vs euchre-cli with its bots": 2.0,
}


# ---------------------------------------------------------------------------------------
# The loops (each run in a process of its own: ``--worker NAME --hands N``)
# ---------------------------------------------------------------------------------------


def ours_random(hands: int, rules: tuple[str, ...] = ()) -> tuple[int, float]:
    sys.path.insert(0, str(HERE))
    import random_hands

    random_hands.play(300, rules=rules)
    t0 = time.process_time()
    done = random_hands.play(hands, rules=rules)
    return done, time.process_time() - t0


def ours_heuristic(hands: int) -> tuple[int, float]:
    from euchre_core.config import load_variant

    sys.path.insert(0, str(HERE))
    import heuristic_hands

    config = load_variant("standard")
    heuristic_hands.play(config, 100, "warm")
    t0 = time.process_time()
    done = heuristic_hands.play(config, hands, "peers")
    return done, time.process_time() - t0


def _openspiel(hands: int, chance_draws: bool) -> tuple[int, float]:
    import random

    import pyspiel

    game = pyspiel.load_game("euchre", {"stick_the_dealer": False, "allow_lone_defender": False})
    rng = random.Random(0)
    choice, choices = rng.choice, rng.choices

    def play(n: int) -> None:
        for _ in range(n):
            state = game.new_initial_state()
            while not state.is_terminal():
                if chance_draws and state.is_chance_node():
                    outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                    state.apply_action(choices(outcomes, probs)[0])
                else:
                    state.apply_action(choice(state.legal_actions()))

    play(300)
    t0 = time.process_time()
    play(hands)
    return hands, time.process_time() - t0


def _euchre_cli_game() -> tuple[int, float]:
    """One game of euchre-cli between its computer players: (hands, CPU seconds)."""
    from euchre.abstract import Computer, Team
    from euchre.command import play as cli
    from euchre.util import create_deck

    teams = [Team("Team 1"), Team("Team 2")]
    players = [
        Computer("North", teams[0]),
        Computer("East", teams[1]),
        Computer("South", teams[0]),
        Computer("West", teams[1]),
    ]
    cli.set_dealer(players, create_deck())
    counted = [0]
    real_hand = cli.hand

    def hand(*args: object) -> None:
        counted[0] += 1
        real_hand(*args)  # type: ignore[arg-type]

    cli.hand = hand
    t0 = time.process_time()
    try:
        cli.game(players, teams)
    finally:
        cli.hand = real_hand
    return counted[0], time.process_time() - t0


def euchre_cli(hands: int) -> tuple[int, float]:
    import random

    from euchre.command import play as cli
    from loguru import logger

    logger.remove()  # no log sink: logging calls return at once
    random.seed(0)

    def silent(message: str = "", delay: float = 0) -> None:
        return None

    cli.output = silent
    import euchre.abstract.computer  # noqa: F401  (its decisions draw from ``random``)

    _euchre_cli_game()  # warm up
    done = 0
    spent = 0.0
    while done < hands:
        n, dt = _euchre_cli_game()
        done += n
        spent += dt
    return done, spent


LOOPS = {
    "ours random": ours_random,
    "ours must-trump": lambda n: ours_random(n, ("must-trump",)),
    "ours stick-dealer": lambda n: ours_random(n, ("stick-the-dealer",)),
    "ours heuristic": ours_heuristic,
    "openspiel chance": lambda n: _openspiel(n, True),
    "openspiel uniform": lambda n: _openspiel(n, False),
    "euchre-cli": euchre_cli,
}
# Random-bot loops are cheap per hand: they play more hands per batch.
CHEAP = ("ours random", "ours must-trump", "ours stick-dealer", "openspiel chance")
CHEAP += ("openspiel uniform",)
SCALE = dict.fromkeys(CHEAP, 4)


# ---------------------------------------------------------------------------------------
# The peers' environment
# ---------------------------------------------------------------------------------------


def default_venv() -> Path:
    cache = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(cache) / "euchre-peers"


def peer_python(where: Path) -> str:
    """The interpreter of the peers' environment, made and filled on first use."""
    python = where / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    marker = where / "peers-installed"
    if marker.exists() and marker.read_text() == "\n".join(PEER_PACKAGES):
        return str(python)
    print(f"installing the peers ({', '.join(PEER_PACKAGES)}) into {where} ...", flush=True)
    venv.create(where, with_pip=True, clear=True)
    subprocess.run(
        [str(python), "-m", "pip", "install", "-q", *PEER_PACKAGES],
        check=True,
    )
    marker.write_text("\n".join(PEER_PACKAGES))
    return str(python)


def run_worker(python: str, loop: str, hands: int) -> tuple[int, float]:
    out = subprocess.run(
        [python, str(Path(__file__).resolve()), "--worker", loop, "--hands", str(hands)],
        check=True,
        capture_output=True,
        text=True,
        cwd=str(HERE),
    ).stdout.split()
    return int(out[-2]), float(out[-1])


def build_of(python: str) -> str:
    code = "from euchre_core.build import build_name; print(build_name())"
    return subprocess.run(
        [python, "-c", code], check=True, capture_output=True, text=True, cwd=str(HERE)
    ).stdout.strip()


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--hands", type=int, default=2000, help="hands per batch (heuristic)")
    ap.add_argument("--venv", type=Path, default=None, help="the peers' environment")
    ap.add_argument("--ours-python", default=sys.executable, help="interpreter of ours")
    ap.add_argument("--only", default="", help="comma-separated loops to run")
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        done, spent = LOOPS[args.worker](args.hands)
        print(done, spent)
        return
    peers = peer_python(args.venv or default_venv())
    build = build_of(args.ours_python)
    loops = [name for name in LOOPS if not args.only or name in args.only.split(",")]
    per_hand: dict[str, list[float]] = {name: [] for name in loops}
    for r in range(args.rounds):
        for name in loops if r % 2 == 0 else reversed(loops):
            python = args.ours_python if name.startswith("ours") else peers
            done, spent = run_worker(python, name, args.hands * SCALE.get(name, 1))
            per_hand[name].append(spent / done * 1e6)
        print(
            f"round {r + 1}: "
            + ", ".join(f"{n} {v[-1]:.1f}" for n, v in per_hand.items())
            + " us/hand",
            flush=True,
        )
    med = {name: statistics.median(v) for name, v in per_hand.items()}
    print(f"\nCPU time per hand, median of {args.rounds} rounds (ours: {build}):")
    for name, v in per_hand.items():
        print(f"  {name:<18} {med[name]:8.1f} us   (range {min(v):.1f} to {max(v):.1f})")
    print("\ntargets (times faster than the peer, or than ours without the rule):")
    for label, ours, peer, goal in TARGETS:
        if ours not in med or peer not in med:
            continue
        if build == "compiled build":
            goal = COMPILED_GOALS.get(label, goal)
        ratio = med[peer] / med[ours]
        verdict = "met" if ratio >= goal else "not met"
        print(f"  {label:<48} {ratio:5.2f}x   goal {goal:.2f}x   {verdict}")


if __name__ == "__main__":
    main()

"""What the variant-bot benchmarks share (a helper module, not a benchmark to run).

The scripts ``auction_pepper_bots.py`` and ``call_ace_bot.py`` measure a heuristic seat
(or partnership) against random seats, each game seeded from the run's seed, with and
without the variant's advice. A script runs as ``python benchmarks/x.py``, so this
folder is first on ``sys.path`` and ``import harness`` finds this module.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field

from euchre_core.actions import Action
from euchre_core.analysis.sim import game_seed, play_game
from euchre_core.analysis.stats import Estimate, ratio, wilson
from euchre_core.bots import Bot, RandomBot
from euchre_core.bots.heuristic import HeuristicBot
from euchre_core.config import Config
from euchre_core.state import State
from euchre_core.view import PlayerView


class AdvisedBot:
    """The variant's advice (``euchre_bot_advice``) first, then the heuristic bot."""

    uses_view = True

    def __init__(self, config: Config, seed: int | str):
        self.name = advised_name(config)
        self.rules = config.rules()
        self.base = HeuristicBot(seed)

    def choose(self, view: PlayerView | None, legal: Sequence[Action]) -> Action:
        if view is not None and len(legal) > 1:
            advice = self.rules.bot_advice(view, legal)
            if advice is not None and advice[0] in legal:
                return advice[0]  # type: ignore[no-any-return]
        return self.base.choose(view, legal)


def advised_name(config: Config) -> str:
    """The name of the advised bot of a variant: ``heuristic+auction``."""
    return f"heuristic+{config.name}"


def tested(config: Config, seed: str, advised: bool) -> Bot:
    """The bot under test: the variant's advice first (``advised``), or the heuristic bot."""
    return AdvisedBot(config, seed) if advised else HeuristicBot(seed)


def play(
    config: Config,
    games: int,
    seed: str,
    bots: Callable[[str], list[Bot]],
    max_hands: int | None = None,
) -> Iterator[State]:
    """Play ``games`` games, each seeded from ``seed`` and its number, the bots made
    from the game's seed by ``bots``; yields each finished game."""
    for g in range(games):
        gseed = game_seed(seed, g)
        state = play_game(config, gseed, bots(gseed), max_hands=max_hands)
        assert state.result is not None
        yield state


def points(state: State, seat: int) -> int:
    """The points ``seat`` scored over the game."""
    return sum(h.points[seat] for h in state.hand_records)


@dataclass
class Tally:
    """Games of the seats under test: games won by seat 0, games stopped without a
    winner, and points per hand of seat 0 and of the other side (per game, for
    intervals clustered by game)."""

    games: int = 0
    wins: int = 0
    stopped: int = 0
    hands: list[float] = field(default_factory=list)
    mine: list[float] = field(default_factory=list)
    others: list[float] = field(default_factory=list)

    def add(self, state: State, others: float) -> None:
        """Count a finished game; ``others``: the points of the seats it is measured
        against (an average, or one seat of a side)."""
        assert state.result is not None
        self.games += 1
        self.wins += 0 in state.result.winners
        self.stopped += not state.result.winners
        self.hands.append(len(state.hand_records))
        self.mine.append(points(state, 0))
        self.others.append(others)

    def estimates(self) -> dict[str, Estimate]:
        """``won`` and ``stopped`` (shares of the games), ``points`` and ``random``
        (points per hand of seat 0 and of the others)."""
        return {
            "won": wilson(self.wins, self.games),
            "stopped": wilson(self.stopped, self.games),
            "points": ratio(self.mine, self.hands),
            "random": ratio(self.others, self.hands),
        }


def against_random(
    config: Config, games: int, seed: str, advised: bool, players: int
) -> dict[str, Estimate]:
    """Seat 0 the bot under test, every other seat a random bot; the others' points are
    those of the average random seat (see :meth:`Tally.estimates`)."""

    def bots(gseed: str) -> list[Bot]:
        return [tested(config, gseed, advised), *random_seats(gseed, range(1, players))]

    tally = Tally()
    for state in play(config, games, seed, bots):
        rest = sum(sum(h.points[1:]) for h in state.hand_records)
        tally.add(state, rest / (players - 1))
    return tally.estimates()


def random_seats(gseed: str, seats: Sequence[int]) -> list[Bot]:
    """Random bots for ``seats``, each seeded from the game's seed and its seat."""
    return [RandomBot(f"{gseed}/seat{s}") for s in seats]


def show(e: Estimate, percent: bool = False) -> str:
    """An estimate and its interval: ``75.0% [30.1%, 95.4%]`` or ``1.714 [1.168, 2.261]``."""
    if percent:
        return f"{e.value:.1%} [{e.low:.1%}, {e.high:.1%}]"
    return f"{e.value:.3f} [{e.low:.3f}, {e.high:.3f}]"

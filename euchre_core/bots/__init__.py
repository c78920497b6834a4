"""Seat policies: ``choose(view, legal) -> action``.

A bot is any object with a ``choose(view, legal)`` method; it is given a
:class:`~euchre_core.view.PlayerView` and the legal actions, nothing else. A bot never
chooses an action whose ``proper`` is false (a renege a person could make at a real
table: :attr:`~euchre_core.actions.Action.proper`). A bot that
never looks at the view may set ``uses_view = False`` so that simulations skip building
one (the random bot does). Simulations (:func:`euchre_core.analysis.sim.play_game`) ask a bot only
when it has a choice: a single legal action is applied without asking.

Bots are made by name with :func:`make_bot` and take a seed, so that the same seed
gives the same choices.

What a bot is given cannot change the game: a view and its events are frozen, its option
tables are read-only mappings (:mod:`euchre_core.frozen`), and the legal actions are a
fresh list of frozen actions. That keeps honest bots honest; it is a convention, not a
sandbox: a bot runs in the same process as the game and Python lets it reach anything.
A seat that must not be trusted has to play out of process: it receives its views over a
connection and sends back actions in their text form, so nothing it does reaches the
game's objects.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from ..actions import Action
from ..errors import ArgumentError
from ..view import PlayerView
from .random_bot import RandomBot

__all__ = ["BOTS", "LEVELS", "Bot", "RandomBot", "bot_name", "make_bot"]


class Bot(Protocol):
    """What every bot provides."""

    name: str
    uses_view: bool

    def choose(self, view: PlayerView | None, legal: Sequence[Action]) -> Action: ...


def _heuristic(seed: int | str) -> Bot:
    from .heuristic import HeuristicBot

    return HeuristicBot(seed)


def _search(seed: int | str) -> Bot:
    from .search import SearchBot

    return SearchBot(seed)


def _careless(seed: int | str) -> Bot:
    from .search import CarelessBot

    return CarelessBot(seed)


BOTS: dict[str, Callable[[Any], Bot]] = {
    "random": RandomBot,
    "heuristic": _heuristic,
    "search": _search,
    "careless": _careless,
}


#: Difficulty levels of the command line: level name -> bot name (see ``BOTS``). A level
#: is accepted wherever a bot is named.
LEVELS: dict[str, str] = {"easy": "careless", "normal": "heuristic", "hard": "search"}


def bot_name(name: str) -> str:
    """The bot a name or a difficulty level names (``hard``: ``search``).

    :raises EuchreError: naming the unknown bot.
    """
    key = name.strip().lower()
    key = LEVELS.get(key, key)
    if key not in BOTS:
        raise ArgumentError(
            f"unknown bot {name!r} (known: {', '.join(BOTS)}; or a level: {', '.join(LEVELS)})"
        )
    return key


def make_bot(name: str, seed: int | str = 0) -> Bot:
    """A bot by name (``random``, ``heuristic``, ``search``, ``careless``) or difficulty
    level (``easy``, ``normal``, ``hard``: :data:`LEVELS`), seeded.

    :raises EuchreError: naming the unknown bot.
    """
    return BOTS[bot_name(name)](seed)

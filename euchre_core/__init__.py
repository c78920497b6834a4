"""euchre_core: the rules engine of the euchre family of card games.

The core knows cards, seats, tricks and the flow of a hand; every rules question is
answered by plugins (:mod:`euchre_core.hookspecs`). A game is a :class:`State`::

    from euchre_core import new_game, parse_action
    game = new_game("standard", seed=7)
    while not game.is_over:
        seat = game.to_act
        view = game.view(seat)              # what this seat may know
        action = game.legal_actions()[0]    # pass, order, call H, discard 9S, play JH ...
        game.apply(action)                  # raises IllegalActionError saying why
    print(game.scores, game.result)
"""

from .actions import Action, parse_action
from .cards import JOKER, SUITS, Card, Suit, card, cards, pack
from .config import Config, Option, load_variant
from .errors import (
    ConfigError,
    EuchreError,
    IllegalActionError,
    PluginError,
    RecordError,
    UnknownPluginError,
    UnknownVariantError,
)
from .hookspecs import hookimpl
from .model import Deal, Phase
from .state import State, new_game, new_hand
from .trumps import Ranking, ranking
from .view import PlayerView

__version__ = "0.1.0"

__all__ = [
    "JOKER",
    "SUITS",
    "Action",
    "Card",
    "Config",
    "ConfigError",
    "Deal",
    "EuchreError",
    "IllegalActionError",
    "Option",
    "Phase",
    "PlayerView",
    "PluginError",
    "Ranking",
    "RecordError",
    "State",
    "Suit",
    "UnknownPluginError",
    "UnknownVariantError",
    "card",
    "cards",
    "hookimpl",
    "load_variant",
    "new_game",
    "new_hand",
    "pack",
    "parse_action",
    "ranking",
]

"""Starting a game: :func:`new_game` and :func:`new_hand`, with their arguments checked.

Both are also importable from :mod:`euchre_core.state` and :mod:`euchre_core`. Every
argument is checked before the game is built: a value of the wrong type or out of range
raises :class:`~euchre_core.errors.ArgumentError` (an :class:`EuchreError`) naming the
argument, e.g. ``new_game: players: expected an integer from 2 to 7, got '4'``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .config import Config, load_variant
from .errors import ArgumentError
from .model import Deal
from .records.reading import MAX_SCORE

if TYPE_CHECKING:
    from .state import State

__all__ = ["new_game", "new_hand"]


def _wrong(fn: str, name: str, expected: str, value: object) -> ArgumentError:
    text = repr(value)
    if len(text) > 40:
        text = text[:37] + "..."
    return ArgumentError(f"{fn}: {name}: expected {expected}, got {text}")


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check(
    fn: str,
    variant: object,
    seed: object,
    rules: object,
    options: object,
    players: object,
    dealer: object,
    scores: object,
    extra_plugins: object,
) -> None:
    """Raise :class:`ArgumentError` for the first argument of the wrong type."""
    if not isinstance(variant, (str, Path, Config, Mapping)):
        raise _wrong(fn, "variant", "a variant name, a TOML path or a Config", variant)
    if not (_is_int(seed) or isinstance(seed, str)):
        raise _wrong(fn, "seed", "an integer or a string", seed)
    if isinstance(rules, str) or not isinstance(rules, Iterable):
        raise _wrong(fn, "rules", "a list of rule names", rules)
    for r in rules:
        if not isinstance(r, str):
            raise _wrong(fn, "rules", "rule names (strings)", r)
    if isinstance(options, Mapping):
        for key in options:
            if not isinstance(key, str):
                raise _wrong(fn, "options", "PLUGIN.KEY names (strings)", key)
    elif isinstance(options, str) or not isinstance(options, Iterable):
        raise _wrong(fn, "options", "a mapping or a list of PLUGIN.KEY=VALUE strings", options)
    else:
        for text in options:
            if not isinstance(text, str):
                raise _wrong(fn, "options", "PLUGIN.KEY=VALUE strings", text)
    # Ranges are the variant's to check (a ConfigError for the player count, the
    # table's seats for the dealer); here only the types.
    if players is not None and not _is_int(players):
        raise _wrong(fn, "players", "an integer (the number of players)", players)
    if dealer is not None and not _is_int(dealer):
        raise _wrong(fn, "dealer", "a seat (an integer from 0)", dealer)
    if scores is not None:
        if isinstance(scores, (str, bytes)) or not isinstance(scores, Sequence):
            raise _wrong(fn, "scores", "a list of integers, one per seat", scores)
        for x in scores:
            if not (_is_int(x) and -MAX_SCORE <= x <= MAX_SCORE):
                raise _wrong(fn, "scores", f"integers from {-MAX_SCORE} to {MAX_SCORE}", x)
    if isinstance(extra_plugins, (str, bytes)) or not isinstance(extra_plugins, Sequence):
        raise _wrong(fn, "extra_plugins", "a list of plugin objects", extra_plugins)


def _check_deal(fn: str, name: str, deal: object) -> None:
    if not isinstance(deal, Deal):
        raise _wrong(fn, name, "a Deal", deal)


def _config(
    variant: str | Config,
    rules: Sequence[str],
    options: Mapping[str, Any] | Iterable[str],
    players: int | None,
    extra_plugins: Sequence[object],
) -> Config:
    """A loaded variant as given, or the variant loaded with the rules and options added."""
    if isinstance(variant, Config) and not (rules or options or extra_plugins) and players is None:
        return variant
    return load_variant(
        variant, rules=rules, options=options, players=players, extra_plugins=extra_plugins
    )


def new_game(
    variant: str | Config = "standard",
    *,
    seed: int | str = 0,
    rules: Sequence[str] = (),
    options: Mapping[str, Any] | Iterable[str] = (),
    players: int | None = None,
    deals: Sequence[Deal] | None = None,
    dealer: int | None = None,
    scores: Sequence[int] | None = None,
    extra_plugins: Sequence[object] = (),
) -> State:
    """Start a whole game of a variant.

    :param variant: a variant name, a TOML path, or a loaded :class:`Config`
    :param seed: the same seed gives the same deals (and, with the same actions, the same
      game)
    :param rules: house-rule plugins to add (``--rule``)
    :param options: option overrides (``{"standard.target_score": 5}`` or
      ``["standard.target_score=5"]``)
    :param deals: explicit deals, used in order, one per hand, before any seeded deal
    :param dealer: the first dealer (default: the variant's rule, from the seed)
    :param scores: starting scores by seat (partners start level)
    :param extra_plugins: plugin objects to register on top (for tests)
    :raises ArgumentError: for an argument of the wrong type or out of range
    :raises ConfigError: for a variant, rule or option that cannot be loaded
    """
    from .state import State

    _check("new_game", variant, seed, rules, options, players, dealer, scores, extra_plugins)
    given: object = deals
    if deals is not None:
        if isinstance(given, (str, bytes)) or not isinstance(given, Sequence):
            raise _wrong("new_game", "deals", "a list of Deal", deals)
        for d in given:
            _check_deal("new_game", "deals", d)
    config = _config(variant, rules, options, players, extra_plugins)
    return State(config, seed=seed, deals=deals, dealer=dealer, scores=scores)


def new_hand(
    variant: str | Config = "standard",
    deal: Deal | None = None,
    *,
    dealer: int = 0,
    seed: int | str = 0,
    scores: Sequence[int] | None = None,
    rules: Sequence[str] = (),
    options: Mapping[str, Any] | Iterable[str] = (),
    players: int | None = None,
    extra_plugins: Sequence[object] = (),
) -> State:
    """A single hand: from an explicit deal (or the seed), scored, then the game is over.

    :param deal: each seat's cards, the kitty and the up-card (``None``: deal from seed)
    :param dealer: the dealer of this hand
    :raises ArgumentError: for an argument of the wrong type or out of range
    """
    from .state import State

    _check("new_hand", variant, seed, rules, options, players, dealer, scores, extra_plugins)
    if dealer is None:
        raise _wrong("new_hand", "dealer", "a seat (an integer from 0)", dealer)
    if deal is not None:
        _check_deal("new_hand", "deal", deal)
    config = _config(variant, rules, options, players, extra_plugins)
    return State(
        config,
        seed=seed,
        deals=[deal] if deal is not None else None,
        dealer=dealer,
        scores=scores,
        max_hands=1,
    )

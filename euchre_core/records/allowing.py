"""Which house rule or option would allow what a record does.

A record made at a table with a house rule it does not write down (the dealer buried the
up-card, a player called no trump) fails its replay at the first action the strict rules
refuse. :func:`rules_allowing` tries the record again under each built-in house rule that
can join its variant, and under every other value of each of its true/false and
one-of-a-list options, and returns those under which the refused step goes through
(the record then reads past it). Nothing in this list is written per case: it is derived
from the plugins and the options they declare.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..config import Config, load_variant
from ..errors import EuchreError, RecordError
from ..manager import available_plugins
from .history import extend, preset_options

__all__ = ["Allowance", "allowing_sentence", "candidates", "rules_allowing"]

#: At most this many allowances are named in an error.
MOST = 3


@dataclass(frozen=True)
class Allowance:
    """A house rule (``rules``) or an option value (``options``, ``-o`` text) to add."""

    rules: tuple[str, ...] = ()
    options: tuple[str, ...] = ()

    def command_line(self) -> str:
        """``--rule discard-upcard`` or ``-o standard.discard_may_be_upcard=true``."""
        return " ".join([*(f"--rule {r}" for r in self.rules), *(f"-o {o}" for o in self.options)])


def _text(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def _key(config: Config) -> str:
    return json.dumps([config.to_dict(), config.origins], sort_keys=True, default=str)


#: Candidates already worked out, by variant (loading each takes a few milliseconds).
_CANDIDATES: dict[str, list[tuple[Allowance, Config]]] = {}


def candidates(config: Config) -> list[Allowance]:
    """Each built-in house rule that can be added to ``config`` (in name order), then each
    other value of its true/false and one-of-a-list options. A rule comes before the option
    it presets."""
    return [a for a, _ in _loaded_candidates(config)]


def _loaded_candidates(config: Config) -> list[tuple[Allowance, Config]]:
    """:func:`candidates`, each with the variant it makes."""
    key = _key(config)
    cached = _CANDIDATES.get(key)
    if cached is not None:
        return cached
    out: list[tuple[Allowance, Config]] = []
    for name, info in sorted(available_plugins().items()):
        if not info.builtin or not info.module.startswith("euchre_plugins.house."):
            continue
        if name in config.plugins:
            continue
        try:
            extended = extend(config, rules=[name])
        except EuchreError:
            continue  # conflicts with the variant, or applies to another game
        out.append((Allowance(rules=(name,)), extended))
    for plugin, options in config.declared.items():
        for key_name, option in options.items():
            current = config.options[plugin][key_name]
            if option.type is bool:
                values: Sequence[object] = [not current]
            elif option.choices is not None:
                values = [c for c in option.choices if c != current]
            else:
                continue
            for value in values:
                setting = f"{plugin}.{key_name}={_text(value)}"
                try:
                    extended = load_variant(config, options=[setting])
                except EuchreError:
                    continue
                out.append((Allowance(options=(setting,)), extended))
    if len(_CANDIDATES) > 64:
        _CANDIDATES.clear()
    _CANDIDATES[key] = out
    return out


def rules_allowing(
    attempt: Callable[[Allowance, Config], None],
    config: Config,
    position: int,
) -> list[Allowance]:
    """The allowances under which a record reads past the step at ``position`` where it
    failed: ``attempt(allowance, variant)`` reads and replays the record under the
    variant the allowance makes (it may stop just after ``position``) and raises
    :class:`RecordError` (with its ``position``) when it fails again.

    A rule whose effect includes an option's value is named, and that option value is
    then left out of the list.
    """
    found: list[Allowance] = []
    preset_by_found: set[str] = set()
    for allowance, extended in _loaded_candidates(config):
        if len(found) >= MOST:
            break
        if allowance.options and allowance.options[0] in preset_by_found:
            continue
        try:
            attempt(allowance, extended)
        except RecordError as e:
            if e.position is None or e.position <= position:
                continue
        except EuchreError:
            continue
        found.append(allowance)
        for rule in allowance.rules:
            preset_by_found.update(preset_options(rule))
    return found


def allowing_sentence(found: Sequence[Allowance]) -> str:
    """``replay with --rule discard-upcard`` (or several, joined by ``or``)."""
    return "replay with " + " or ".join(a.command_line() for a in found)

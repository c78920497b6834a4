"""Checks several house rules share (a helper module, not a plugin: no variant names it).

The house rules keep their own hook implementations (an error is laid to a plugin through
the code of its hook functions) and call these from them.
"""

from __future__ import annotations

from euchre_core.config import Config
from euchre_core.errors import ConfigError
from euchre_core.model import Table
from euchre_core.state import State


def require_partnerships(config: Config, table: Table, plugin: str) -> None:
    """Refuse a table without partnerships for a rule that needs them.

    :raises ConfigError: naming ``plugin`` at ``variant.plugins``.
    """
    if table.partnerships is None:
        raise ConfigError(config.source, "variant.plugins", f"plugin '{plugin}' needs partnerships")


def bidding_now(state: State, seat: int) -> bool:
    """``seat`` is the one to speak in the bidding (what a rule that restricts bids checks
    before it explains why a bid is refused)."""
    return state.to_act == seat and state.phase.value == "bidding"


__all__ = ["bidding_now", "require_partnerships"]

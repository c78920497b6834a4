"""Discard the up-card: the dealer may bury the up-card he has just taken.

After taking up, the dealer discards any card of his hand, the up-card itself
included (the standard game forbids discarding the card just taken, as do
the 1888 Laws and OpenSpiel).

This rule *is* the option ``standard.discard_may_be_upcard = true``: switching the plugin
on sets it (origin ``rule discard-upcard``); setting the option to false at the same time
is a configuration error.

Applies to: ``standard``.

Sources: a euchre rules text from rodents-montreal.org.
"""

from __future__ import annotations

from euchre_core.hookspecs import hookimpl

NAME = "discard-upcard"
APPLIES_TO = ("standard",)


@hookimpl
def euchre_option_presets() -> dict[str, object]:
    return {"standard.discard_may_be_upcard": True}

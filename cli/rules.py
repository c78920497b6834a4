"""``euchre rules VARIANT``: the rules of a variant in plain words.

Built from the documentation of each plugin of the stack (a plugin's module docstring is
its rules page) followed by the values of its options in force, so that house rules and
``-o`` overrides show in the text.
"""

from __future__ import annotations

import re
from typing import Annotated, Any

import typer

from .options import Ascii, Overrides, Players, Rules

__all__ = ["paragraphs", "rules", "rules_sections"]


def rules(
    variant: Annotated[
        str, typer.Argument(metavar="VARIANT", help="A variant name or a variant TOML file.")
    ] = "standard",
    rule: Rules = None,
    option: Overrides = None,
    players: Players = None,
    ascii_: Ascii = False,
) -> None:
    """Print the rules of a variant in plain words: each plugin's rules and the option
    values in force."""
    from euchre_core import load_variant

    from .render import print_rules

    config = load_variant(variant, rules=rule or (), options=option or (), players=players)
    print_rules(rules_sections(config), plain=ascii_)


def rules_sections(config: Any) -> dict[str, Any]:
    """The text of the rules as data: title, description, and per plugin its paragraphs
    and options (value, default, origin, help)."""
    from euchre_core.manager import load_plugin, plugin_meta

    from .variants import option_rows

    options = option_rows(config)
    sections = []
    names = config.rules().names
    for name in names:
        try:
            doc = plugin_meta(load_plugin(name))["doc"]
        except Exception:  # a plugin object registered for a test has no module page
            doc = ""
        sections.append(
            {
                "name": name,
                "paragraphs": paragraphs(doc),
                "options": [o for o in options if o["plugin"] == name],
            }
        )
    return {
        "name": config.name,
        "title": config.title or config.name,
        "description": " ".join(config.description.split()),
        "plugins": sections,
    }


def paragraphs(doc: str) -> list[str]:
    """A docstring as paragraphs; each bullet item is its own paragraph starting ``* ``.
    Lines of a paragraph are joined; reST literal markers (``::``) are dropped."""
    out: list[str] = []
    current: list[str] = []

    def flush() -> None:
        if current:
            text = " ".join(current)
            text = re.sub(r"\s*::$", ":", text)
            out.append(text)
            current.clear()

    for raw in doc.splitlines():
        line = raw.strip()
        if not line:
            flush()
            continue
        if line.startswith(("* ", "- ")):
            flush()
        current.append(line)
    flush()
    return out

"""Generate the README's tables of variants, plugins and options from the code.

    python docs/tables.py            # print the tables
    python docs/tables.py --write    # replace them in README.md

The README holds the output between ``<!-- tables:start -->`` and ``<!-- tables:end -->``;
a test fails when it is out of date, so the tables cannot drift from the code.
"""

from __future__ import annotations

import sys
from pathlib import Path

from euchre_core.config import builtin_variants, load_variant, tomllib
from euchre_core.manager import (
    available_plugins,
    build_rules,
    load_plugin,
    options_by_plugin,
    plugin_meta,
)

START = "<!-- tables:start -->"
END = "<!-- tables:end -->"
README = Path(__file__).resolve().parent.parent / "README.md"


def _cell(text: object) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def _value(v: object) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)


def variants_table() -> str:
    rows = ["| variant | title | players | plugins |", "|---|---|---|---|"]
    for name, text in builtin_variants().items():
        data = tomllib.loads(text).get("variant", {})
        config = load_variant(name)
        players = config.players if config.players is not None else "-"
        rows.append(
            f"| `{name}` | {_cell(data.get('title', config.title))} | {players} | "
            f"{', '.join(f'`{p}`' for p in config.plugins)} |"
        )
    return "\n".join(rows)


def builtin_plugins() -> list[str]:
    """The names of the plugins that ship with euchre, sorted."""
    return sorted(name for name, info in available_plugins().items() if info.builtin)


def plugins_table() -> str:
    rows = ["| plugin | what it does | applies to | conflicts with |", "|---|---|---|---|"]
    for name in builtin_plugins():
        meta = plugin_meta(load_plugin(name))
        first = meta["doc"].split("\n\n")[0].replace("\n", " ")
        rows.append(
            f"| `{name}` | {_cell(first)} | {', '.join(meta['applies_to']) or 'any'} | "
            f"{', '.join(meta['conflicts']) or '-'} |"
        )
    return "\n".join(rows)


def options_table() -> str:
    rows = ["| option (`-o PLUGIN.KEY=VALUE`) | default | values | meaning |", "|---|---|---|---|"]
    for name in builtin_plugins():
        rules = build_rules([name])
        for opt in options_by_plugin(rules).get(name, []):
            rows.append(
                f"| `{name}.{opt.name}` | `{_value(opt.default)}` | {_cell(opt.describe_type())} | "
                f"{_cell(opt.help)} |"
            )
    return "\n".join(rows)


def tables() -> str:
    return "\n\n".join(
        [
            "Built-in variants (`euchre variants` lists them, `euchre variants show NAME` "
            "details one):",
            variants_table(),
            "Plugins (a house rule is switched on with `--rule NAME` or listed in a variant file):",
            plugins_table(),
            "Options, with their defaults (the most common rule where the sources differ):",
            options_table(),
        ]
    )


def readme_with_tables(text: str) -> str:
    if START not in text or END not in text:
        raise SystemExit(f"README.md lacks the markers {START} / {END}")
    head, rest = text.split(START, 1)
    _, tail = rest.split(END, 1)
    return f"{head}{START}\n{tables()}\n{END}{tail}"


def main() -> None:
    if "--write" in sys.argv:
        README.write_text(readme_with_tables(README.read_text(encoding="utf-8")), encoding="utf-8")
    else:
        print(tables())


if __name__ == "__main__":
    main()

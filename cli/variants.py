"""``euchre variants``: the built-in variants, and ``euchre variants show NAME``: a
variant's plugin stack, every option (value, default, where the value came from, help)
and which plugin answers each hook."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from .options import Ascii, Overrides, Players, Rules

__all__ = ["app", "describe", "option_rows"]

app = typer.Typer(
    help="List the variants, or show one in detail.",
    invoke_without_command=True,
    rich_markup_mode=None,
)


@app.callback(invoke_without_command=True)
def variants(
    ctx: typer.Context,
    ascii_: Ascii = False,
) -> None:
    """List the built-in variants: name, title, players. `euchre variants show NAME` for
    one variant's plugins, options and hooks."""
    if ctx.invoked_subcommand is not None:
        return
    from euchre_core.config import builtin_variants, load_variant
    from euchre_core.errors import EuchreError

    from .reports import print_variants

    rows = []
    for name in builtin_variants():
        try:
            config = load_variant(name)
            seats = config.rules().table(config).seats
            rows.append(
                {
                    "name": config.name,
                    "title": config.title,
                    "players": seats,
                    "plugins": list(config.plugins),
                }
            )
        except EuchreError as e:
            rows.append(
                {"name": name, "title": f"(cannot load: {e})", "players": "?", "plugins": []}
            )
    print_variants(rows, plain=ascii_)


@app.command("show")
def show(
    name: Annotated[str, typer.Argument(metavar="VARIANT", help="A variant name or TOML file.")],
    rule: Rules = None,
    option: Overrides = None,
    players: Players = None,
    ascii_: Ascii = False,
    json_: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Show a variant: its plugin stack, every option with its value, default, origin and
    help, and which plugin answers each hook (wrappers marked)."""
    from euchre_core import load_variant

    config = load_variant(name, rules=rule or (), options=option or (), players=players)
    info = describe(config)
    if json_:
        import json

        typer.echo(json.dumps(info, indent=1, default=str))
        return
    from .reports import print_variant

    print_variant(info, plain=ascii_)


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def option_rows(config: Any) -> list[dict[str, Any]]:
    """Every option of a loaded variant: key, value, default, origin, help."""
    rows = []
    for plugin, opts in config.declared.items():
        for key, opt in opts.items():
            dotted = f"{plugin}.{key}"
            value = config.options.get(plugin, {}).get(key, opt.default)
            rows.append(
                {
                    "plugin": plugin,
                    "key": dotted,
                    "value": value,
                    "value_text": _text(value),
                    "default": opt.default,
                    "default_text": _text(opt.default),
                    "origin": config.origins.get(dotted, "default"),
                    "type": opt.describe_type(),
                    "help": opt.help,
                }
            )
    return rows


def describe(config: Any) -> dict[str, Any]:
    """Everything ``variants show`` prints, as plain data."""
    from euchre_core.manager import HOOK_NAMES, available_plugins

    from .plugins import hook_order

    rules = config.rules()
    table = rules.table(config)
    plugins = []
    known = available_plugins()
    for name in rules.names:
        info = known.get(name)
        plugins.append(
            {
                "name": name,
                "package": info.package if info else "(local)",
                "version": info.version if info else "",
            }
        )
    hooks = []
    for hook in sorted(HOOK_NAMES, key=hook_order):
        hooks.append(
            {
                "hook": hook,
                "plugins": rules.implementers(hook),
                "wrappers": rules.wrappers(hook),
            }
        )
    return {
        "name": config.name,
        "title": config.title,
        "description": " ".join(config.description.split()),
        "source": config.source,
        "players": table.seats,
        "partnerships": table.partnerships,
        "target": table.target,
        "plugins": plugins,
        "options": option_rows(config),
        "hooks": hooks,
    }

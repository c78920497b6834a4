"""``euchre plugins``: every available plugin (built-in and installed), its package and
version, and the hooks it implements."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from .options import Ascii

__all__ = ["hook_order", "plugin_rows", "plugins"]


def plugins(
    json_: Annotated[bool, typer.Option("--json", help="Print a JSON list.")] = False,
    ascii_: Ascii = False,
) -> None:
    """List the available plugins with their package, version and the hooks each
    implements ((w) marks a wrapper)."""
    rows = plugin_rows()
    if json_:
        import json

        typer.echo(json.dumps(rows, indent=1))
        return
    from .reports import print_plugins

    print_plugins(rows, plain=ascii_)


def plugin_rows() -> list[dict[str, Any]]:
    """One row per available plugin: name, package, version, builtin, hooks, wrappers,
    and the first line of its documentation (or the reason it cannot be imported)."""
    import pluggy

    from euchre_core import hookspecs
    from euchre_core.errors import ConfigError, EuchreError
    from euchre_core.manager import (
        available_plugins,
        hidden_plugins,
        load_plugin,
        plugin_meta,
        register_checked,
    )

    rows = []
    for name, info in sorted(available_plugins().items()):
        row: dict[str, Any] = {
            "name": name,
            "package": info.package,
            "version": info.version,
            "builtin": info.builtin,
            "module": info.module,
            "hooks": [],
            "wrappers": [],
            "summary": "",
        }
        try:
            plugin = load_plugin(name)
        except EuchreError as e:
            problem = e.problem if isinstance(e, ConfigError) else str(e)
            row["error"] = problem.removeprefix(f"plugin {name!r} ")  # the row names it
            rows.append(row)
            continue
        pm = pluggy.PluginManager(hookspecs.PROJECT)
        pm.add_hookspecs(hookspecs)
        try:
            register_checked(pm, plugin, name)
        except EuchreError as e:
            row["error"] = str(e)
            rows.append(row)
            continue
        for caller in pm.get_hookcallers(plugin) or []:
            impls = [i for i in caller.get_hookimpls() if i.plugin_name == name]
            row["hooks"].append(caller.name)
            if any(i.wrapper or i.hookwrapper for i in impls):
                row["wrappers"].append(caller.name)
        row["hooks"].sort(key=hook_order)
        row["wrappers"].sort(key=hook_order)
        row["summary"] = (plugin_meta(plugin)["doc"].splitlines() or [""])[0]
        rows.append(row)
    listed = {(r["name"], r["package"]) for r in rows}
    for info, reason in hidden_plugins():  # installed, but not what the name plays
        if (info.name, info.package) in listed:
            continue
        rows.append(
            {
                "name": info.name,
                "package": info.package,
                "version": info.version,
                "builtin": False,
                "module": info.module,
                "hooks": [],
                "wrappers": [],
                "summary": "",
                "error": reason,
            }
        )
    return rows


def hook_order(hook: str) -> int:
    """Hooks in the order they fire (the order of the spec module)."""
    from euchre_core import hookspecs

    order = [n for n in vars(hookspecs) if n.startswith("euchre_")]
    return order.index(hook) if hook in order else len(order)

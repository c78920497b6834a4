"""Variants in TOML: loading, ``extends``, option declarations and strict validation.

A variant file::

    [variant]
    name = "standard-house"
    title = "Euchre, our kitchen-table rules"
    description = "Stick the dealer and defend alone."
    extends = "standard"                       # inherit plugins and options
    plugins = ["stick-the-dealer", "defend-alone"]   # appended to the inherited stack

    [options.standard]
    target_score = 11

Every problem is reported as one line ``FILE: dotted.key: problem`` (a
:class:`~euchre_core.errors.ConfigError`), with a did-you-mean for near misses; a TOML
syntax error keeps its line and column. Variants load by name (the files shipped in
``euchre_plugins.variants``) or by path. Names are kebab-case; ``_`` is accepted for ``-``.
"""

from __future__ import annotations

import importlib.resources
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on Python 3.10
    import tomli as tomllib

from .errors import ConfigError, EuchreError, UnknownPluginError, UnknownVariantError
from .frozen import freeze
from .manager import (
    Rules,
    available_plugins,
    build_rules,
    disabled_plugins,
    is_plugin,
    load_plugin,
    normalize_name,
    options_by_plugin,
    plugin_error,
    plugin_meta,
    suggest,
)

__all__ = [
    "Config",
    "Option",
    "builtin_variants",
    "config_from_dict",
    "load_variant",
    "parse_override",
]

_TYPE_WORDS = {bool: "a boolean", int: "an integer", float: "a number", str: "a string"}
#: Numeric options lie from ``-NUMBER_LIMIT`` to ``NUMBER_LIMIT`` unless they declare
#: tighter bounds: no score, target or count in a game of cards needs more, and a target
#: of 10^30 would be a game that never ends.
NUMBER_LIMIT = 1000
#: Text options are at most this many characters.
TEXT_LIMIT = 200


@dataclass(frozen=True)
class Option:
    """One option a plugin declares through ``euchre_add_options``.

    :ivar name: snake_case key, e.g. ``target_score``
    :ivar type: ``bool``, ``int``, ``float`` or ``str``
    :ivar default: the value when nothing sets it (the most common rule where the sources differ)
    :ivar help: one sentence for ``euchre variants show`` and the README
    :ivar choices: the allowed values, or ``None`` for any value of the type
    :ivar min: smallest allowed number (``int`` and ``float`` only; when not given,
      ``-NUMBER_LIMIT``)
    :ivar max: largest allowed number (when not given, :data:`NUMBER_LIMIT`)
    """

    name: str
    type: type
    default: Any
    help: str
    choices: tuple[Any, ...] | None = None
    min: float | None = None
    max: float | None = None

    def check(self, value: Any) -> Any:
        """The value, converted where lossless (an int for a float option).

        :raises ValueError: with a sentence saying what is wrong.
        """
        t = self.type
        if t is float and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
        ok = isinstance(value, t) and not (t is not bool and isinstance(value, bool))
        if not ok:
            raise ValueError(f"expected {_TYPE_WORDS.get(t, t.__name__)}, got {_show(value)}")
        if t is str and len(value) > TEXT_LIMIT:
            raise ValueError(f"{len(value):,} characters is too long (at most {TEXT_LIMIT})")
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(_show(c) for c in self.choices)
            hint = suggest(str(value), [str(c) for c in self.choices]) if t is str else ""
            raise ValueError(f"{_show(value)} is not one of {allowed}{hint}")
        if t is float and value != value:
            raise ValueError("expected a number, got NaN")
        low, high = self.bounds()
        if low is not None and value < low:
            raise ValueError(f"{_show(value)} is below the minimum {low:g}")
        if high is not None and value > high:
            raise ValueError(f"{_show(value)} is above the maximum {high:g}")
        return value

    def bounds(self) -> tuple[float | None, float | None]:
        """The smallest and largest allowed value: the declared ``min`` and ``max``, a
        number option's missing ones ``-NUMBER_LIMIT`` and ``NUMBER_LIMIT``."""
        if self.type not in (int, float) or self.choices is not None:
            return self.min, self.max
        low = -NUMBER_LIMIT if self.min is None else self.min
        high = NUMBER_LIMIT if self.max is None else self.max
        return low, high

    def parse_text(self, text: str) -> Any:
        """Convert a command-line string to this option's type, then :meth:`check` it."""
        t = self.type
        value: Any
        if t is bool:
            low = text.strip().lower()
            if low in ("true", "yes", "on", "1"):
                value = True
            elif low in ("false", "no", "off", "0"):
                value = False
            else:
                raise ValueError(f"expected true or false, got {text!r}")
        elif t in (int, float) and len(text.strip()) > 24:
            least, most = self.bounds()
            raise ValueError(
                f"a number of {len(text.strip()):,} characters is out of range "
                f"({least:g} to {most:g})"
                if least is not None and most is not None
                else f"a number of {len(text.strip()):,} characters is too long"
            )
        elif t is int:
            try:
                value = int(text)
            except ValueError:
                raise ValueError(f"expected an integer, got {text!r}") from None
        elif t is float:
            try:
                value = float(text)
            except ValueError:
                raise ValueError(f"expected a number, got {text!r}") from None
        else:
            value = text
        return self.check(value)

    def describe_type(self) -> str:
        if self.choices is not None:
            return " | ".join(
                str(c).lower() if isinstance(c, bool) else str(c) for c in self.choices
            )
        base = {bool: "true | false", int: "integer", float: "number", str: "text"}[self.type]
        low, high = self.bounds()
        if low is not None or high is not None:
            lo = "" if low is None else f"{low:g}"
            hi = "" if high is None else f"{high:g}"
            base += f" {lo}..{hi}"
        return base


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, int) and value.bit_length() > 64:
        return "a number of more than 19 digits"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


@dataclass
class Config:
    """A resolved variant: its plugin stack and every option's value.

    :ivar name: kebab-case name
    :ivar title: human title
    :ivar description: a paragraph
    :ivar players: number of players the variant file asks for (``None``: the plugins
      decide)
    :ivar plugins: plugin names, in order
    :ivar options: ``options[plugin][key]`` for every declared option, defaults filled in
    :ivar origins: where each ``plugin.key`` value came from: ``default``, a file
      (``standard.toml``), ``extends NAME``, ``command line`` or ``rule NAME`` (a plugin
      that presets it: ``euchre_option_presets``)
    :ivar declared: ``declared[plugin][key]`` is the :class:`Option`
    :ivar source: the file it was read from, or ``<builtin>`` names
    :ivar extra_plugins: plugin objects registered on top (tests, the testing kit)
    """

    name: str
    title: str = ""
    description: str = ""
    players: int | None = None
    plugins: tuple[str, ...] = ()
    options: dict[str, dict[str, Any]] = field(default_factory=dict)
    origins: dict[str, str] = field(default_factory=dict)
    declared: dict[str, dict[str, Option]] = field(default_factory=dict)
    source: str = ""
    extra_plugins: tuple[object, ...] = ()
    _rules: Rules | None = field(default=None, repr=False, compare=False)
    _table: Any = field(default=None, repr=False, compare=False)

    def rules(self) -> Rules:
        """The compiled plugin stack (built once per config and reused)."""
        if self._rules is None:
            self._rules = build_rules([*self.plugins, *self.extra_plugins], source=self.source)
        return self._rules

    def option(self, dotted: str) -> Any:
        """``config.option("standard.target_score")``."""
        plugin, _, key = dotted.partition(".")
        return self.options[normalize_name(plugin)][key]

    def changed_options(self, *, presets: bool = True) -> dict[str, dict[str, Any]]:
        """``{plugin: {key: value}}`` of the options whose value is not the default: set by
        the variant, a file or the command line, or (``presets``) preset by a plugin of
        the stack. A value set to its default is left out."""
        options: dict[str, dict[str, Any]] = {}
        for plugin, values in self.options.items():
            declared = self.declared.get(plugin, {})
            for key, value in values.items():
                origin = self.origins.get(f"{plugin}.{key}", "")
                if origin == "default" or (origin.startswith("rule ") and not presets):
                    continue
                opt = declared.get(key)
                if opt is not None and value == opt.default:
                    continue
                options.setdefault(plugin, {})[key] = value
        return options

    def to_dict(self) -> dict[str, Any]:
        """A plain description (saved games record it): name, title, players, plugins, and the
        option values the variant, a file or the command line set to something other
        than the default. Defaults, and values a plugin of the stack presets
        (``euchre_option_presets``), are left out: :func:`config_from_dict` gets them
        from the plugins again, so a plugin that refuses an option set where it has no
        say (cutthroat's ``standard.simultaneous_target``) does not refuse the record."""
        described: dict[str, Any] = {
            "name": self.name,
            "players": self.players,
            "plugins": list(self.plugins),
            "options": self.changed_options(presets=False),
        }
        if self.title:
            described["title"] = self.title
        return described


# ---------------------------------------------------------------------------------------
# Finding variant files
# ---------------------------------------------------------------------------------------


def _variants_dir() -> Any:
    return importlib.resources.files("euchre_plugins.variants")


def builtin_variants() -> dict[str, str]:
    """Built-in variant names and their TOML text."""
    out = {}
    for entry in _variants_dir().iterdir():
        if entry.name.endswith(".toml"):
            out[entry.name[:-5]] = entry.read_text(encoding="utf-8")
    return dict(sorted(out.items()))


def _read_variant(spec: str | Path, *, source: str, key: str) -> tuple[str, str, bool]:
    """(text, label, is_builtin) for a variant name or a path."""
    if isinstance(spec, Path) or str(spec).endswith(".toml") or "/" in str(spec):
        path = Path(spec)
        if not path.exists():
            if str(spec).endswith(".toml"):
                raise UnknownVariantError(source, key, f"no such variant file: {spec}")
        else:
            try:
                return path.read_text(encoding="utf-8"), str(path), False
            except OSError as e:
                raise ConfigError(str(path), "", f"cannot read: {e.strerror}") from None
            except UnicodeDecodeError:
                raise ConfigError(str(path), "", "not a UTF-8 text file") from None
    name = normalize_name(str(spec))
    if name.endswith(".toml"):
        name = name[:-5]
    variants = builtin_variants()
    if name not in variants:
        raise UnknownVariantError(
            source, key, f"unknown variant {str(spec)!r}{suggest(name, variants)}"
        )
    return variants[name], f"variant {name}", True


def _parse_toml(text: str, label: str) -> dict[str, Any]:
    try:
        data: dict[str, Any] = tomllib.loads(text)
        return data
    except tomllib.TOMLDecodeError as e:
        raise ConfigError(label, "", f"TOML syntax error: {e}") from None
    except ValueError as e:  # a number of more digits than Python converts
        raise ConfigError(label, "", f"TOML value out of range: {str(e).split(':')[0]}") from None
    except RecursionError:
        raise ConfigError(label, "", "TOML nested too deep") from None


# ---------------------------------------------------------------------------------------
# Loading
# ---------------------------------------------------------------------------------------

_VARIANT_KEYS = {
    "name": str,
    "title": str,
    "description": str,
    "players": int,
    "plugins": list,
    "extends": str,
}


@dataclass
class _Raw:
    name: str
    title: str
    description: str
    players: int | None
    plugins: list[str]
    option_values: list[tuple[str, str, Any, str]]  # (plugin, key, value, origin label)
    label: str
    files: dict[tuple[str, str], str] = field(default_factory=dict)  # (plugin, key) -> file


def _load_raw(spec: str | Path, chain: tuple[str, ...], source: str, key: str) -> _Raw:
    text, label, _builtin = _read_variant(spec, source=source, key=key)
    if label in chain:
        raise ConfigError(
            label,
            "variant.extends",
            "extends itself (a cycle: " + " -> ".join((*chain, label)) + ")",
        )
    return _raw_from_data(_parse_toml(text, label), label, chain)


def _raw_from_data(data: Mapping[str, Any], label: str, chain: tuple[str, ...] = ()) -> _Raw:
    for top in data:
        if top == "source" and label == data.get("source"):
            continue  # the label of in-memory variant data, not a table
        if top not in ("variant", "options"):
            raise ConfigError(
                label,
                top,
                f"unknown table{suggest(top, ['variant', 'options'])}; "
                "a variant file has [variant] and [options.<plugin>]",
            )
    variant = data.get("variant")
    if not isinstance(variant, dict):
        raise ConfigError(label, "variant", "missing [variant] table")
    for k, v in variant.items():
        want = _VARIANT_KEYS.get(k)
        if want is None:
            raise ConfigError(label, f"variant.{k}", f"unknown key{suggest(k, _VARIANT_KEYS)}")
        if not isinstance(v, want) or isinstance(v, bool):
            word = "a list of plugin names" if want is list else _TYPE_WORDS[want]
            raise ConfigError(label, f"variant.{k}", f"expected {word}, got {_show(v)}")
    plugins_raw = variant.get("plugins", [])
    plugins: list[str] = []
    for i, p in enumerate(plugins_raw):
        if not isinstance(p, str):
            raise ConfigError(label, f"variant.plugins[{i}]", f"expected a string, got {_show(p)}")
        plugins.append(normalize_name(p))
    players = variant.get("players")
    if players is not None and not 2 <= players <= 7:
        raise ConfigError(label, "variant.players", f"{players} is not a player count from 2 to 7")

    parent: _Raw | None = None
    if "extends" in variant:
        parent = _load_raw(variant["extends"], (*chain, label), label, "variant.extends")
    name = variant.get("name")
    if name is None:
        name = Path(label).stem if not parent or label.endswith(".toml") else parent.name
    option_values: list[tuple[str, str, Any, str]] = []
    if parent is not None:
        origin = f"extends {parent.name}"
        option_values.extend(
            (p, k, v, o if o.startswith("extends") else origin)
            for p, k, v, o in parent.option_values
        )
    files = dict(parent.files) if parent is not None else {}
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise ConfigError(label, "options", "expected tables [options.<plugin>]")
    for plugin_key, table in options.items():
        if not isinstance(table, dict):
            raise ConfigError(
                label, f"options.{plugin_key}", f"expected a table, got {_show(table)}"
            )
        for k, v in table.items():
            option_values.append((plugin_key, k, v, label))
            files[(plugin_key, k)] = label
    stack = list(parent.plugins) if parent else []
    for p in plugins:
        if p not in stack:
            stack.append(p)
    return _Raw(
        name=normalize_name(str(name)),
        title=variant.get("title", parent.title if parent else ""),
        description=variant.get("description", parent.description if parent else ""),
        players=players if players is not None else (parent.players if parent else None),
        plugins=stack,
        option_values=option_values,
        label=label,
        files=files,
    )


def parse_override(text: str) -> tuple[str, str, str]:
    """Split ``plugin.key=value`` (the ``-o`` syntax) into its three parts.

    :raises ConfigError: naming the text when it does not have that shape.
    """
    left, eq, value = text.partition("=")
    plugin, dot, key = left.strip().partition(".")
    if not eq or not dot or not plugin or not key:
        raise ConfigError(
            "command line", f"-o {text}", "expected PLUGIN.KEY=VALUE, e.g. standard.target_score=5"
        )
    return normalize_name(plugin), key.strip(), value.strip()


def load_variant(
    spec: str | Path | Config | Mapping[str, Any] = "standard",
    *,
    rules: Sequence[str] = (),
    options: Mapping[str, Any] | Iterable[str] = (),
    players: int | None = None,
    extra_plugins: Sequence[object] = (),
) -> Config:
    """Load and validate a variant.

    :param spec: a built-in variant name (``"standard"``, ``"two_hand"``), a path to a
      TOML file, a :class:`Config` to extend with rules and options, or the parsed
      contents of a variant file (a mapping with ``variant`` and ``options`` tables)
    :param rules: extra plugin names appended to the stack (``--rule``)
    :param options: overrides, either a mapping ``{"standard.target_score": 5}`` (typed
      values) or ``-o`` strings ``["standard.target_score=5"]``
    :param players: the number of players, when the variant lets it vary
    :param extra_plugins: plugin objects registered on top (for tests)
    :raises ConfigError: one line naming the file, the dotted key and the problem.
    """
    if isinstance(spec, Config):
        raw = _Raw(
            spec.name,
            spec.title,
            spec.description,
            spec.players,
            list(spec.plugins),
            [
                (p, k, v, spec.origins.get(f"{p}.{k}", spec.source))
                for p, vals in spec.options.items()
                for k, v in vals.items()
                if spec.origins.get(f"{p}.{k}", "default") != "default"
                and not spec.origins.get(f"{p}.{k}", "").startswith("rule ")
            ],
            spec.source,
        )
        extra_plugins = (*spec.extra_plugins, *extra_plugins)
    elif isinstance(spec, Mapping):
        raw = _raw_from_data(spec, str(spec.get("source", "<variant data>")))
    else:
        raw = _load_raw(spec, (), "command line", "variant")
    label = raw.label
    for r in rules:
        name = normalize_name(r)
        if not is_plugin(name):
            raise UnknownPluginError(
                "command line",
                f"--rule {r}",
                f"unknown rule {name!r}{suggest(name, available_plugins())}",
            )
        load_plugin(name, source="command line", key=f"--rule {r}")  # import errors name it
        if name not in raw.plugins:
            raw.plugins.append(name)
    for i, p in enumerate(raw.plugins):
        if not is_plugin(p):
            raise UnknownPluginError(
                label,
                f"variant.plugins[{i}]",
                f"unknown plugin {p!r}{suggest(p, available_plugins())}",
            )
    if players is not None:
        if not 2 <= players <= 7:
            raise ConfigError(
                "command line", "--players", f"{players} is not a player count from 2 to 7"
            )
        raw.players = players

    config = Config(
        name=raw.name,
        title=raw.title,
        description=raw.description,
        players=raw.players,
        plugins=tuple(raw.plugins),
        source=label,
        extra_plugins=tuple(extra_plugins),
    )
    compiled = config.rules()
    disabled = disabled_plugins()
    if disabled:  # left out of the game (EUCHRE_DISABLE_PLUGINS): not in its stack either
        config.plugins = tuple(p for p in config.plugins if normalize_name(p) not in disabled)
    _check_stack(config, compiled.names, {normalize_name(r) for r in rules})
    declared: dict[str, dict[str, Option]] = {}
    for plugin, opt_list in options_by_plugin(compiled).items():
        declared[plugin] = {o.name: o for o in opt_list}
    config.declared = declared
    for plugin, opts in declared.items():
        config.options[plugin] = {k: o.default for k, o in opts.items()}
        for k in opts:
            config.origins[f"{plugin}.{k}"] = "default"
    cli_rules = {normalize_name(r) for r in rules}
    presets = _presets(config, compiled, declared, cli_rules)
    for dotted, (value, by) in presets.items():
        plugin, _, key = dotted.partition(".")
        config.options[plugin][key] = value
        config.origins[dotted] = f"rule {by}"

    def set_value(plugin: str, key: str, value: Any, origin: str, where: str, text: bool) -> None:
        pname = normalize_name(plugin)
        if pname not in declared:
            raise ConfigError(
                where if origin != "command line" else "command line",
                f"options.{plugin}" if origin != "command line" else f"-o {plugin}.{key}",
                f"plugin {plugin!r} is not in this variant's plugins"
                f"{suggest(pname, declared)}; add it to variant.plugins or use --rule",
            )
        opt = declared[pname].get(key)
        dotted = f"options.{plugin}.{key}" if origin != "command line" else f"{pname}.{key}"
        src = where if origin != "command line" else "command line"
        if opt is None:
            raise ConfigError(src, dotted, f"unknown option{suggest(key, declared[pname])}")
        try:
            checked = opt.parse_text(value) if text else opt.check(value)
        except ValueError as e:
            raise ConfigError(src, dotted, str(e)) from None
        config.options[pname][key] = checked
        config.origins[f"{pname}.{key}"] = origin

    for plugin, key, value, origin in raw.option_values:
        where = raw.files.get((plugin, key)) or (
            origin
            if not origin.startswith("extends ")
            else origin.removeprefix("extends ") + ".toml"
        )
        set_value(plugin, key, value, origin, where if origin != label else label, text=False)
    if isinstance(options, Mapping):
        for dotted, value in options.items():
            plugin, _, key = dotted.partition(".")
            if not key:
                raise ConfigError("command line", dotted, "expected PLUGIN.KEY")
            set_value(
                plugin,
                key,
                value,
                "command line",
                "command line",
                text=isinstance(value, str)
                and declared.get(normalize_name(plugin), {}).get(key, Option("", str, "", "")).type
                is not str,
            )
    else:
        for text in options:
            plugin, key, value = parse_override(text)
            set_value(plugin, key, value, "command line", "command line", text=True)
    for dotted, (value, by) in presets.items():
        plugin, _, key = dotted.partition(".")
        origin = config.origins[dotted]
        given = config.options[plugin][key]
        if origin == f"rule {by}" or given == value:
            continue
        if origin == "command line":
            src, where_key = "command line", f"-o {dotted}"
        else:
            src = raw.files.get((plugin, key)) or (
                origin.removeprefix("extends ") + ".toml"
                if origin.startswith("extends ")
                else origin
            )
            where_key = f"options.{dotted}"
        raise ConfigError(
            src,
            where_key,
            f"{_show(given)} contradicts plugin {by!r}, which sets {dotted} = {_show(value)}: "
            "leave the option out or drop the plugin",
        )
    # From here on the options are read-only: a game and every view of it share them.
    config.options = freeze(config.options)
    stack = config.rules()
    # A table refused for the number of players asked on the command line says so.
    table_source = label if players is None else f"{label} with --players {players}"
    try:
        stack.table(config)
    except ConfigError as e:
        if not e.source:  # a plugin's refusal given as its reason alone
            found = plugin_error(stack, e)
            who = f"plugin {found.plugin!r} refuses this table: " if found else ""
            raise ConfigError(table_source, e.key, who + e.problem) from None
        if e.source == config.source:
            e = type(e)(table_source, e.key, e.problem)
        raise _naming_the_rule(config, e) from None
    except EuchreError as e:
        raise ConfigError(table_source, "", str(e)) from None
    except Exception as e:
        found = plugin_error(stack, e)
        if found is None:
            raise
        raise ConfigError(table_source, "", str(found)) from e
    return config


def _naming_the_rule(config: Config, error: ConfigError) -> ConfigError:
    """The error, which names an option whose value a rule preset, now naming that rule."""
    dotted = error.key.removeprefix("options.")
    origin = config.origins.get(dotted, "")
    if not error.key.startswith("options.") or not origin.startswith("rule "):
        return error
    rule = origin.removeprefix("rule ")
    return type(error)(error.source, error.key, f"{error.problem} (set by plugin {rule!r})")


def _presets(
    config: Config,
    compiled: Rules,
    declared: Mapping[str, Mapping[str, Option]],
    from_cli: set[str],
) -> dict[str, tuple[Any, str]]:
    """The option values the plugins of the stack preset (``euchre_option_presets``):
    ``{"plugin.key": (value, presetting plugin)}``, checked against the declarations."""
    from .errors import PluginError

    out: dict[str, tuple[Any, str]] = {}
    for impl in compiled.pm.hook.euchre_option_presets.get_hookimpls():
        by = impl.plugin_name
        src, key = (
            ("command line", f"--rule {by}")
            if by in from_cli
            else (
                config.source,
                "variant.plugins",
            )
        )
        try:
            answer = cast("Mapping[str, Any] | None", impl.function())
        except Exception as e:
            raise PluginError("euchre_option_presets", by, e) from e
        for dotted, value in dict(answer or {}).items():
            plugin, _, name = str(dotted).partition(".")
            plugin = normalize_name(plugin)
            opt = declared.get(plugin, {}).get(name)
            if opt is None:
                raise ConfigError(
                    src,
                    key,
                    f"plugin {by!r} presets {dotted}, which is not an option of this "
                    "variant's plugins",
                )
            try:
                checked = opt.check(value)
            except ValueError as e:
                raise ConfigError(src, key, f"plugin {by!r} presets {dotted}: {e}") from None
            full = f"{plugin}.{name}"
            prev = out.get(full)
            if prev is not None and prev[0] != checked:
                raise ConfigError(
                    src,
                    key,
                    f"plugin {by!r} sets {full} = {_show(checked)} but plugin {prev[1]!r} "
                    f"sets it to {_show(prev[0])}: use one of them",
                )
            out.setdefault(full, (checked, by))
    return out


def _check_stack(config: Config, names: Sequence[str], from_cli: set[str] = frozenset()) -> None:  # type: ignore[assignment]
    """Conflicts, requirements and applicability declared by the plugins."""
    from .manager import load_plugin

    metas = {n: plugin_meta(load_plugin(n)) for n in names if is_plugin(n)}

    def where(n: str) -> tuple[str, str]:
        if n in from_cli:
            return "command line", f"--rule {n}"
        return config.source, "variant.plugins"

    for n, meta in metas.items():
        for other in meta["conflicts"]:
            if other in metas:
                src, key = where(n) if n in from_cli else where(other)
                raise ConfigError(
                    src, key, f"plugin {n!r} conflicts with plugin {other!r}: use one of them"
                )
        for req in meta["requires"]:
            if req not in metas:
                src, key = where(n)
                raise ConfigError(src, key, f"plugin {n!r} needs plugin {req!r} in the stack")
        applies = meta["applies_to"]
        if applies and not any(a in metas for a in applies):
            src, key = where(n)
            raise ConfigError(
                src,
                key,
                f"plugin {n!r} applies to {', '.join(applies)}; this variant has none of them",
            )


def config_from_dict(
    data: Mapping[str, Any],
    *,
    source: str = "saved game",
    extra_plugins: Sequence[object] = (),
) -> Config:
    """Rebuild a config from :meth:`Config.to_dict` (saved games record one).

    A value that is what the plugins give anyway (the default, or a plugin's preset) is
    taken as not set, so a record that lists every value (as records once did) loads
    like one that lists only what differs.

    :param extra_plugins: plugin objects registered on top (the testing kit's)
    :raises ConfigError: when a plugin is missing or an option is no longer valid.
    """
    if not isinstance(data, Mapping) or "plugins" not in data or "name" not in data:
        raise ConfigError(source, "variant", "malformed variant description")
    variant: dict[str, Any] = {"name": data["name"], "plugins": data["plugins"]}
    if data.get("players") is not None:
        variant["players"] = data["players"]
    if isinstance(data.get("title"), str) and data["title"]:
        variant["title"] = data["title"]
    options = data.get("options") or {}
    if not isinstance(options, Mapping):
        raise ConfigError(source, "options", "expected a table of option tables")
    plain = {"variant": variant, "source": source}
    return load_variant(
        {**plain, "options": _set_values(data["plugins"], options, source, extra_plugins)},
        extra_plugins=extra_plugins,
    )


def _set_values(
    plugins: Any, options: Mapping[str, Any], source: str, extra_plugins: Sequence[object]
) -> dict[str, Any]:
    """The option tables less the values the plugins give anyway (defaults and presets).
    What is not a known option of the right type is kept, for ``load_variant`` to report;
    a stack that does not build is left to ``load_variant`` too."""
    try:
        names = tuple(normalize_name(str(p)) for p in plugins)
        probe = Config(name="", plugins=names, source=source, extra_plugins=tuple(extra_plugins))
        compiled = probe.rules()
        declared = {p: {o.name: o for o in opts} for p, opts in options_by_plugin(compiled).items()}
        given = {p: {k: o.default for k, o in opts.items()} for p, opts in declared.items()}
        for dotted, (value, _by) in _presets(probe, compiled, declared, set()).items():
            plugin, _, key = dotted.partition(".")
            given[plugin][key] = value
    except (EuchreError, TypeError):
        return dict(options)
    kept: dict[str, Any] = {}
    for plugin, table in options.items():
        pname = normalize_name(str(plugin))
        if not isinstance(table, Mapping) or pname not in declared:
            kept[plugin] = table
            continue
        out: dict[str, Any] = {}
        for key, value in table.items():
            opt = declared[pname].get(key)
            if opt is not None:
                try:
                    if opt.check(value) == given[pname][key]:
                        continue
                except ValueError:
                    pass
            out[key] = value
        if out:
            kept[plugin] = out
    return kept

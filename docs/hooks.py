"""Generate ``docs/hooks.md``, the hook reference, from the code.

    python docs/hooks.py            # print it
    python docs/hooks.py --write    # write docs/hooks.md

For every hook of ``euchre_core/hookspecs.py``: its exact signature, whether the first
answer wins, its documentation (the spec's docstring: when it fires, its arguments, what
it returns), which built-in plugins implement it and which wrap it, and a short example —
the source of a real built-in implementation where one exists. A test fails when
``docs/hooks.md`` differs from what this script writes, so the reference cannot drift.
"""

from __future__ import annotations

import inspect
import re
import sys
import textwrap
from pathlib import Path

from euchre_core import hookspecs
from euchre_core.manager import HOOK_NAMES, available_plugins, load_plugin

OUT = Path(__file__).resolve().parent / "hooks.md"

# Examples for hooks that no built-in plugin implements.
FALLBACK_EXAMPLES = {
    "euchre_on_event": '''\
from euchre_core.events import HandScored
from euchre_core.hookspecs import hookimpl

@hookimpl
def euchre_on_event(state, event):
    """Print every hand's result (an observer: it must not change the state)."""
    if isinstance(event, HandScored):
        print(event.number, event.outcome, event.points)
''',
}


# What each argument is, for the arguments a hook's docstring does not describe itself.
# The names are fixed across hooks (an implementation may take any subset of them).
ARGUMENTS = {
    "state": "the game (`euchre_core.state.State`), to read only: `state.hands`, "
    "`state.trick`, `state.teams`, `state.scores`, `state.options[plugin][key]` …",
    "seat": "the seat the question is about (0 … seats-1, clockwise)",
    "trick": "the plays of the trick as `(seat, card)`, the lead first",
    "action": "the action asked about (`euchre_core.actions`)",
    "rng": "the seeded random source to use (never `random` itself)",
    "config": "the resolved variant (`euchre_core.config.Config`)",
    "event": "the event that just happened (`euchre_core.events`)",
    "trump": "the trump suit, or `None` for no trump",
    "view": "what one seat may know (`euchre_core.view.PlayerView`)",
    "legal": "the legal actions",
    "passed_out": "the pass-out, when the hand was not played",
}


def _split_doc(doc: str) -> tuple[str, dict[str, str], str]:
    """The text of a spec's docstring, its ``:param x:`` fields and its ``:returns:``."""
    body: list[str] = []
    params: dict[str, str] = {}
    returns = ""
    current: list[str] | None = None
    field_texts: list[tuple[str, list[str]]] = []
    for line in doc.splitlines():
        m = re.match(r"^:(param (\w+)|returns):\s*(.*)$", line)
        if m:
            current = [m.group(3)]
            field_texts.append((m.group(2) or "returns", current))
        elif current is not None and line.startswith(" "):
            current.append(line.strip())
        else:
            current = None
            body.append(line)
    for key, words in field_texts:
        text = " ".join(w for w in words if w)
        if key == "returns":
            returns = text
        else:
            params[key] = text
    return "\n".join(body).strip(), params, returns


def _rst_to_md(text: str) -> str:
    """The few reST forms of the docstrings, as Markdown."""
    text = re.sub(r":(?:class|func|meth|mod|data):`~?([\w.]+)`", lambda m: f"`{m.group(1)}`", text)
    text = text.replace("``", "`")
    return text.replace("\\ ", "")


def _order() -> list[str]:
    """Hooks in the order they are defined (the order they fire)."""
    src = inspect.getsource(hookspecs)
    return sorted(HOOK_NAMES, key=lambda h: src.index(f"def {h}("))


def _signature(hook: str) -> str:
    fn = getattr(hookspecs, hook)
    sig = inspect.signature(fn)
    params = ", ".join(
        f"{p.name}: {p.annotation}" if p.annotation is not inspect.Parameter.empty else p.name
        for p in sig.parameters.values()
    )
    return f"def {hook}({params}) -> {sig.return_annotation}"


def _firstresult(hook: str) -> bool:
    opts = getattr(getattr(hookspecs, hook), "euchre_spec", {}) or {}
    return bool(opts.get("firstresult"))


def _implementations() -> dict[str, list[tuple[str, bool, object]]]:
    """hook -> [(plugin name, is wrapper, function)] for every built-in plugin."""
    out: dict[str, list[tuple[str, bool, object]]] = {h: [] for h in HOOK_NAMES}
    for name, info in sorted(available_plugins().items()):
        if not info.builtin:
            continue
        module = load_plugin(name)
        for hook in HOOK_NAMES:
            fn = getattr(module, hook, None)
            if fn is None:
                continue
            opts = getattr(fn, "euchre_impl", None)
            if opts is None:
                continue
            out[hook].append((name, bool(opts.get("wrapper") or opts.get("hookwrapper")), fn))
    return out


def _example(hook: str, impls: list[tuple[str, bool, object]]) -> tuple[str, str]:
    # Prefer a short wrapper from a house rule, then any short implementation; one that
    # only hands over to shared code (``return (yield from ...)``, or a function called
    # with the hook's own arguments: standard's, whose work is compiled in the compiled
    # build) shows nothing of the pattern, so it comes last.
    def rank(x: tuple[str, bool, object]) -> tuple[bool, bool, int]:
        src = inspect.getsource(x[2])  # type: ignore[arg-type]
        body = [ln.strip() for ln in src.split(":\n", 1)[-1].splitlines() if ln.strip()]
        args = ", ".join(inspect.signature(x[2]).parameters)  # type: ignore[arg-type]
        delegates = len(body) == 1 and (
            "yield from" in body[0] or re.fullmatch(rf"return \w+\({args}\)", body[0]) is not None
        )
        return (not x[1], delegates, len(src))

    ranked = sorted(impls, key=rank)
    for name, _wrapper, fn in ranked:
        src = textwrap.dedent(inspect.getsource(fn))  # type: ignore[arg-type]
        if len(src.splitlines()) <= 30:
            return f"from the built-in plugin `{name}`", src
    if hook in FALLBACK_EXAMPLES:
        return "an observer", FALLBACK_EXAMPLES[hook]
    name, _w, fn = ranked[0]
    src = textwrap.dedent(inspect.getsource(fn))  # type: ignore[arg-type]
    return f"from the built-in plugin `{name}`", src


def render() -> str:
    impls = _implementations()
    lines = [
        "# Hook reference",
        "",
        "Generated from `euchre_core/hookspecs.py` and the built-in plugins by "
        "`python docs/hooks.py --write`; a test fails when it is out of date.",
        "",
        "Every rules question the core asks goes through one of these hooks (project name "
        "`euchre`, markers `euchre_core.hookspecs.hookspec` / `hookimpl`). A *firstresult* "
        "hook stops at the first non-`None` answer; plugins listed later in a variant are "
        "asked first. A house rule usually implements a hook as a wrapper "
        "(`@hookimpl(wrapper=True)`): it `yield`s to get the answer of the rules below it "
        "and returns an edited one. Implementations may take any subset of the arguments.",
        "",
        "| hook | first answer wins | built-in implementations | built-in wrappers |",
        "|---|---|---|---|",
    ]
    order = _order()
    for hook in order:
        plain = [n for n, w, _ in impls[hook] if not w]
        wraps = [n for n, w, _ in impls[hook] if w]
        lines.append(
            f"| [`{hook}`](#{hook}) | {'yes' if _firstresult(hook) else 'no (all answers)'} | "
            f"{', '.join(plain) or '-'} | {', '.join(wraps) or '-'} |"
        )
    for hook in order:
        doc = inspect.getdoc(getattr(hookspecs, hook)) or ""
        plain = [n for n, w, _ in impls[hook] if not w]
        wraps = [n for n, w, _ in impls[hook] if w]
        body, params, returns = _split_doc(doc)
        args = []
        for name, p in inspect.signature(getattr(hookspecs, hook)).parameters.items():
            what = params.get(name) or ARGUMENTS.get(name)
            if what is None:
                raise SystemExit(f"{hook}: describe the argument {name!r} (:param {name}:)")
            args.append(f"- `{name}` (`{p.annotation}`): {_rst_to_md(what)}")
        lines += [
            "",
            f"## {hook}",
            "",
            "```python",
            _signature(hook),
            "```",
            "",
            _rst_to_md(body),
            "",
            "Arguments:" if args else "Arguments: none.",
            *(["", *args] if args else []),
            "",
            f"Returns: {_rst_to_md(returns) or 'nothing (an observer).'}",
            "",
            "- First answer wins: "
            + ("yes" if _firstresult(hook) else "no, every answer is collected"),
            f"- Implemented by: {', '.join(f'`{n}`' for n in plain) or 'no built-in plugin'}",
            f"- Wrapped by: {', '.join(f'`{n}`' for n in wraps) or 'no built-in plugin'}",
        ]
        if impls[hook] or hook in FALLBACK_EXAMPLES:
            where, src = _example(hook, impls[hook])
            lines += ["", f"Example ({where}):", "", "```python", src.rstrip(), "```"]
    return "\n".join(lines) + "\n"


def main() -> None:
    text = render()
    if "--write" in sys.argv:
        OUT.write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()

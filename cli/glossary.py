"""``euchre glossary [TERM]``: the words of euchre, as the rules' plugins define them.

The entries are the ``term:<word>`` texts of the coaching hook (``euchre_add_coaching``)
of a variant's plugins, standard euchre by default, so that a variant or a house rule
adds its own words. An unknown term gets a did-you-mean. :class:`Glossary` also finds
the terms in a sentence, so that the coach of ``euchre learn`` explains each word the
first time it uses it.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping
from typing import Annotated

import typer

from .errors import EXIT_USAGE, fail
from .options import Ascii, Rules

__all__ = ["Glossary", "glossary"]

PREFIX = "term:"

#: How each word of the standard glossary shows in running text (its inflections and
#: the phrases that use it). Other terms match their own words, plurals included.
USES: dict[str, str] = {
    "bower": r"bowers?",
    "kitty": r"kitty",
    "order up": r"(?:order|orders|ordered|ordering)(?: it)? up",
    "makers": r"makers?",
    "euchred": r"euchred|euchres|euchring",
    "alone": r"alone|lone (?:hand|player|maker|march)",
    "march": r"march(?:es)?",
    "next": r"next suit|(?:call|calls|called|calling) next",
    "cross": r"cross(?:ed|ing)?",
    "stick the dealer": r"stick the dealer|stuck dealer",
    "farmer's hand": r"farmer'?s hand|farmers hand",
    "benny": r"benny|best bower",
}


def normalize(term: str) -> str:
    """A term as typed, reduced for lookup: lower case, one space between words,
    typographic apostrophes straightened, hyphens and underscores as spaces."""
    t = term.strip().lower().replace("\u2019", "'").replace("-", " ").replace("_", " ")
    return " ".join(t.split())


class Glossary:
    """The glossary of one variant, from its coaching texts.

    :param texts: the merged coaching texts (``term:<word>`` keys are the entries)
    """

    def __init__(self, texts: Mapping[str, str]):
        self.entries: dict[str, str] = {
            normalize(k[len(PREFIX) :]): v for k, v in texts.items() if k.startswith(PREFIX) and v
        }
        self._patterns: dict[str, re.Pattern[str]] = {}
        for term in self.entries:
            body = USES.get(term) or (re.escape(term) + r"(?:s|es)?")
            self._patterns[term] = re.compile(rf"\b(?:{body})\b", re.IGNORECASE)

    def __len__(self) -> int:
        return len(self.entries)

    def lookup(self, term: str) -> str | None:
        """The entry a typed term means (``Bowers``, ``farmers hand`` …), or ``None``."""
        t = normalize(term)
        if t in self.entries:
            return t
        for name, pattern in self._patterns.items():
            if pattern.fullmatch(t) or pattern.fullmatch(t.replace("'", "")):
                return name
        return None

    def suggestion(self, term: str) -> str:
        """`` (did you mean 'x'?)`` for a near miss, else an empty string."""
        close = difflib.get_close_matches(normalize(term), list(self.entries), n=1, cutoff=0.5)
        return f" (did you mean {close[0]!r}?)" if close else ""

    def uses(self, text: str) -> list[str]:
        """The terms a sentence uses, in the order they first appear."""
        found = []
        for name, pattern in self._patterns.items():
            m = pattern.search(text)
            if m is not None:
                found.append((m.start(), name))
        return [name for _, name in sorted(found)]


def glossary(
    term: Annotated[
        str | None,
        typer.Argument(metavar="[TERM]", help="One word to explain (default: every word)."),
    ] = None,
    variant: Annotated[
        str,
        typer.Option(
            "--variant", metavar="NAME", help="The variant whose words to explain (a name or FILE)."
        ),
    ] = "standard",
    rule: Rules = None,
    ascii_: Ascii = False,
) -> None:
    """Explain the words of euchre (bower, kitty, order up, makers, euchred …)."""
    from euchre_core import load_variant
    from euchre_core.coaching import coaching_texts

    from .render import print_glossary

    config = load_variant(variant, rules=rule or ())
    words = Glossary(coaching_texts(config))
    if not words:
        fail(f"the plugins of {config.name!r} define no glossary", EXIT_USAGE)
    if term is None:
        print_glossary(sorted(words.entries.items()), plain=ascii_)
        return
    name = words.lookup(term)
    if name is None:
        fail(
            f"no glossary entry for {term!r}{words.suggestion(term)}; "
            "`euchre glossary` lists every word",
            EXIT_USAGE,
        )
    print_glossary([(name, words.entries[name])], plain=ascii_)

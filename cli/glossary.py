"""``euchre glossary [TERM]``: the words of euchre, as the rules' plugins define them.

The entries are the words of the whole family (:data:`WORDS`) and the ``term:<word>``
texts of the coaching hook (``euchre_add_coaching``) of a variant's plugins, standard
euchre by default, so that a variant or a house rule gives a word its own numbers or
adds its own words. An unknown term gets a did-you-mean. :class:`Glossary` also finds
the terms in a sentence, so that the coach of ``euchre learn`` explains each word the
first time it uses it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Annotated

import typer

from .errors import EXIT_USAGE, fail
from .options import Ascii, Rules

__all__ = ["ALIASES", "WORDS", "Glossary", "glossary"]

PREFIX = "term:"

#: The words of the whole euchre family, in plain words. A variant's plugins may give
#: their own text for a word (``term:<word>`` in their coaching texts, with the variant's
#: own numbers): theirs replaces the one here.
WORDS: dict[str, str] = {
    "trick": (
        "One round of play: each player in turn plays one card, and the best card wins "
        "the trick. A hand of euchre has five tricks (more in some variants)."
    ),
    "trump": (
        "The suit chosen for the hand. Any trump beats any card of another suit, and "
        "the two bowers are the highest trumps."
    ),
    "follow suit": (
        "To play a card of the suit that was led. A player who holds one must; a player "
        "who holds none may play any card. The left bower counts as a trump, not as its "
        "printed suit."
    ),
    "lead": "To play the first card of a trick. Whoever wins a trick leads the next one.",
    "eldest hand": (
        "The player on the dealer's left, who speaks first in the bidding and usually "
        "leads the first trick."
    ),
    "void": (
        "Holding no card of a suit: a player void in the suit led may play any card, a "
        "trump to win the trick or a discard. (A void hand or deal is one that does not "
        "count and is dealt again.)"
    ),
    "effective suit": (
        "The suit a card belongs to this hand: the same as its printed suit, except the "
        "left bower (and the joker), which belong to trump."
    ),
    "bower": (
        "One of the two highest trumps: the right bower (the jack of trump) and the left "
        "bower (the other jack of the same colour)."
    ),
    "right bower": "The jack of the trump suit: the highest trump (below the joker, if used).",
    "left bower": (
        "The jack of the other suit of the same colour as trump (the jack of diamonds "
        "when hearts are trump): the second-highest trump, and a trump for following suit."
    ),
    "up-card": (
        "The card turned face up on the kitty after the deal. In round 1 its suit is "
        "offered as trump; if it is ordered up, the dealer takes it into the hand."
    ),
    "kitty": (
        "The cards left after the deal (four in the four-hand game). The top one is "
        "turned up for the first round of bidding."
    ),
    "widow": (
        "Cards dealt face down to nobody, which the winner of the bidding may take into "
        "the hand and then discard as many (auction euchre; the French chien)."
    ),
    "turn down": (
        "When everyone passes in round 1, the dealer turns the up-card face down; its "
        "suit may not be named in round 2."
    ),
    "order up": (
        "In round 1, to tell the dealer to pick up the turned card, which makes its suit trump."
    ),
    "assist": (
        "The dealer's partner ordering up in round 1: the partner assists the dealer, "
        "who takes the up-card."
    ),
    "take up": (
        "The dealer taking the up-card into the hand (and discarding one card) when its "
        "suit is made trump in round 1; also called picking it up."
    ),
    "make": (
        "To choose trump: by ordering up the up-card in round 1 or naming a suit in "
        "round 2. The player who does is the maker."
    ),
    "makers": (
        "The side that chose trump (in the bidding games, the high bidder and any "
        "partners). It must take the tricks it undertook: 3 of the 5 in euchre, its bid "
        "in the bidding games."
    ),
    "defenders": "The players who did not make trump. They score when the makers are euchred.",
    "declarer": (
        "In the bidding games (auction euchre, pepper), the player who wins the "
        "auction: that player names trump and must make the bid."
    ),
    "bid": (
        "In the bidding games, an offer to take a number of tricks (or every trick) if "
        "allowed to name trump. Each bid must be higher than the last."
    ),
    "set": (
        "Of a bid that fails: the bidders are set, and lose the value of their bid "
        "(pepper) or give it to their opponents (auction euchre)."
    ),
    "euchred": (
        "When the makers fall short of the tricks they undertook (fewer than 3 of 5 in "
        "euchre): they are euchred, or set in the bidding games, and the defenders score."
    ),
    "march": "Taking every trick of the hand: worth more than a simple make, even more alone.",
    "alone": (
        "A player who plays without a partner, who sits out, to try to score more with "
        "all the tricks. Also called a lone hand."
    ),
    "sit out": (
        "The partner of a player who goes alone puts the cards face down and takes no "
        "part in the hand."
    ),
    "defend alone": (
        "A house rule: against a lone maker, one defender may also play alone, so that "
        "the hand is one against one; a euchre then scores more."
    ),
    "partner's best": (
        "A house rule (calling for best): a lone player takes the best card of the "
        "partner who sits out, and discards one."
    ),
    "canadian loner": (
        "A house rule: the dealer's partner may not order up the dealer's card for the "
        "side; ordering up means playing alone."
    ),
    "stick the dealer": (
        "A house rule: if everyone else passes in round 2, the dealer must name trump."
    ),
    "next": (
        "In round 2, the suit of the same colour as the turned-down card. A common call "
        "for the player on the dealer's left."
    ),
    "cross": (
        "In round 2, calling a suit of the other colour than the turned-down card (also "
        "called reverse next)."
    ),
    "no trump": (
        "A hand played without a trump suit: every suit ranks A K Q J 10 9, there are no "
        "bowers, and each trick goes to the highest card of the suit led."
    ),
    "renege": (
        "Failing to follow suit while holding a card of the suit led. When it is found "
        "out, the other side scores a penalty."
    ),
    "misdeal": "A deal that breaks the rules (a wrong number of cards …): it is dealt again.",
    "must trump": (
        "A house rule: a player who cannot follow suit must play a trump if holding one."
    ),
    "minimum trump": (
        "A house rule: nobody may make trump without holding a trump of the suit itself "
        "(the left bower alone does not count)."
    ),
    "super euchre": "A house rule: makers who take no trick at all concede more than a euchre.",
    "pepper": (
        "The Iowa bidding game of six-card hands: each player bids a number of tricks, "
        "or a little or big pepper to take them all."
    ),
    "little pepper": (
        "In pepper, a bid to take every trick with one card exchanged with the partner, "
        "who then sits out."
    ),
    "big pepper": (
        "In pepper, a bid to take every trick with no exchange: the highest bid, worth "
        "twice a little pepper."
    ),
    "call-ace": (
        "Euchre for four to six players, each for themselves: the maker names an ace, "
        "and whoever holds it is the maker's secret partner for the hand."
    ),
    "secret partner": (
        "In call-ace euchre, the holder of the called ace: a partner for the hand, known "
        "to nobody else until the ace is played."
    ),
    "cutthroat": (
        "Euchre for three players, each for themselves: the maker plays alone against "
        "the other two."
    ),
    "dummy": (
        "An extra hand dealt face down to nobody, which the maker may take and then "
        "discard as many cards (three-hand and some two-hand games)."
    ),
    "benny": (
        "The Best Bower: an extra card (the joker), ranked above both jacks in some old "
        "versions of euchre."
    ),
    "joker": (
        "Added to the pack in some games as the benny, the highest trump. Turned up, it "
        "lets the dealer name trump."
    ),
    "farmer's hand": (
        "A hand of only nines and tens. Some tables let its player exchange it for the kitty."
    ),
    "laps": "A house rule: points beyond the winning total are carried into the next game.",
    "slam": ("A game won before the other side scores a point: it counts as two games in a match."),
    "rubber": "A match of three games: the first side to win two wins the rubber.",
    "partnership": (
        "Two (or more) players who play and score together for the whole game; partners "
        "sit opposite."
    ),
}

#: Other ways of writing an entry's word (typed spellings and synonyms).
ALIASES: dict[str, str] = {
    "upcard": "up-card",
    "turned card": "up-card",
    "turn card": "up-card",
    "pick up": "take up",
    "picks up": "take up",
    "maker": "makers",
    "defender": "defenders",
    "euchre": "euchred",
    "lone hand": "alone",
    "go alone": "alone",
    "going alone": "alone",
    "loner": "alone",
    "defending alone": "defend alone",
    "chien": "widow",
    "screw the dealer": "stick the dealer",
    "reverse next": "cross",
    "notrump": "no trump",
    "nt": "no trump",
    "revoke": "renege",
    "call ace": "call-ace",
    "call for ace": "call-ace",
    "best bower": "benny",
    "calling for best": "partner's best",
    "mandatory loner": "canadian loner",
    "follow": "follow suit",
    "following": "follow suit",
    "farmer": "farmer's hand",
    "partner": "partnership",
    "partners": "partnership",
}

#: How each word shows in running text (its inflections and the phrases that use it),
#: so that the coach explains it the first time it says it. Other terms match their own
#: words, plurals included.
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
    "trick": r"tricks?",
    "lead": r"leads?|led|leading",
    "follow suit": r"follow(?:s|ed|ing)? suit",
    "up-card": r"up-?cards?",
    "make": r"(?:make|makes|made|making) trump",
    "defenders": r"defenders?",
    "take up": r"(?:take|takes|took|taking) (?:it )?up|(?:pick|picks|picked|picking) (?:it )?up",
    "turn down": r"(?:turn|turns|turned|turning) (?:it )?down|turned-down",
    "sit out": r"(?:sit|sits|sat|sitting) out|sitting-out",
    "renege": r"reneges?|reneged|reneging",
    "void": r"void",
    "set": r"(?:is|are|was|were|be|been) set",
    "bid": r"bids?|bidding",
    "partnership": r"partnerships?",
}


def normalize(term: str) -> str:
    """A term as typed, reduced for lookup: lower case, one space between words,
    typographic apostrophes straightened, hyphens and underscores as spaces."""
    t = term.strip().lower().replace("\u2019", "'").replace("-", " ").replace("_", " ")
    return " ".join(t.split())


def _compact(term: str) -> str:
    """A term with nothing but its letters and digits (``up-card``, ``up card`` and
    ``upcard`` are the same word)."""
    return re.sub(r"[^a-z0-9]", "", normalize(term))


def distance(a: str, b: str) -> int:
    """The edit distance of two words (insertions, deletions, substitutions and swaps
    of two neighbouring letters, each counting 1)."""
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i] + [0] * len(b)
        for j, cb in enumerate(b, 1):
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb))
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                cur[j] = min(cur[j], prev2[j - 2] + 1)
        prev2, prev = prev, cur
    return prev[-1]


class Glossary:
    """The glossary of one variant: the family's words, with the variant's own texts.

    :param texts: the merged coaching texts of the variant (``term:<word>`` keys are its
      entries; they replace the family's text for the same word and may add words)
    """

    def __init__(self, texts: Mapping[str, str]):
        names = {normalize(k): k for k in WORDS}
        entries = dict(WORDS)
        for key, text in texts.items():
            if key.startswith(PREFIX) and text:
                word = key[len(PREFIX) :].strip()
                entries[names.get(normalize(word), normalize(word))] = text
        self.entries: dict[str, str] = dict(sorted(entries.items()))
        self._by_compact = {_compact(k): k for k in self.entries}
        for alias, target in ALIASES.items():
            if target in self.entries:
                self._by_compact.setdefault(_compact(alias), target)
        self._patterns: dict[str, re.Pattern[str]] = {}
        for term in self.entries:
            body = USES.get(term) or (re.escape(term) + r"(?:s|es)?")
            self._patterns[term] = re.compile(rf"\b(?:{body})\b", re.IGNORECASE)

    def __len__(self) -> int:
        return len(self.entries)

    def lookup(self, term: str) -> str | None:
        """The entry a typed term means (``Bowers``, ``farmers hand``, ``upcard`` …),
        or ``None``."""
        found = self._by_compact.get(_compact(term))
        if found is not None:
            return found
        t = normalize(term)
        for name, pattern in self._patterns.items():
            if pattern.fullmatch(t) or pattern.fullmatch(t.replace("'", "")):
                return name
        return None

    def nearest(self, term: str, n: int = 3) -> list[str]:
        """The entries closest to a near miss, closest first: by edit distance of the
        letters (at most a third of the word's letters, at least 1), then the
        entries that contain the typed word whole."""
        typed = _compact(term)
        if not typed:
            return []
        limit = max(1, round(len(typed) / 3))
        scored = []
        for key, name in self._by_compact.items():
            d = distance(typed, key)
            if d <= limit:
                scored.append((d, name))
        close = []
        for _, name in sorted(scored):
            if name not in close:
                close.append(name)
        if len(typed) >= 3:
            whole = [name for name in self.entries if typed in _compact(name)]
            close += [name for name in sorted(whole, key=len) if name not in close]
        return close[:n]

    def suggestion(self, term: str) -> str:
        """`` (did you mean 'x'?)`` (or 'x', 'y' or 'z') for a near miss, else ''."""
        close = self.nearest(term)
        if not close:
            return ""
        quoted = [repr(c) for c in close]
        words = quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " or " + quoted[-1]
        return f" (did you mean {words}?)"

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

    from .reports import print_glossary

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

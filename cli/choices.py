"""What a person types at a prompt, and what the prompt says it accepts.

Every word comes from the variant in play: each legal action's
:class:`~euchre_core.model.ActionWords` (the ``euchre_action_words`` hook) says how it is
shown, typed and confirmed. So a prompt of pepper lists bids, one of standard euchre
``order`` and ``call h``, and none names an action the decision does not offer.

* The choices are keyed by numbers (cards first, in the order the hand is shown), or by
  letters when a choice carries a number a person would type (a bid of tricks, a seat):
  then ``4`` is always ``bid 4`` and ``3`` always seat 3, never a position in the menu.
* A choice may be typed by its key, its text form (``bid big-pepper``), its words
  (``big pepper``, ``hearts alone``), a short form (``4``, ``h``) or, for a seat, the
  seat's name (``north``).
* A risky choice (a lone hand, a pepper, a bid of every trick) typed by its key or a
  short form is confirmed first: ``Bid big pepper: 24 points at risk? [y/N]``.
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from euchre_core.actions import Action
    from euchre_core.cards import Card
    from euchre_core.manager import Rules
    from euchre_core.model import ActionWords
    from euchre_core.state import State

__all__ = [
    "Choices",
    "Reading",
    "confirmation",
    "footer",
    "for_player",
    "interpret",
    "prompt",
    "read",
    "words_of",
]

_RULES: dict[tuple[str, ...], Rules | None] = {}


def _rules_of(view: Any) -> Rules | None:
    """The compiled plugin stack of the view's variant (the rules are public)."""
    from euchre_core.errors import EuchreError
    from euchre_core.manager import build_rules

    key = tuple(view.plugins)
    if key not in _RULES:
        try:
            _RULES[key] = build_rules(key)
        except EuchreError:
            _RULES[key] = None
    return _RULES[key]


def words_of(rules: Rules | None, view: Any, action: Action) -> ActionWords:
    """The variant's words for ``action`` (its text form when no plugin answers)."""
    from euchre_core.model import ActionWords

    found = rules.action_words(view, action) if rules is not None else None
    if isinstance(found, ActionWords):
        return found
    text = str(action)
    return ActionWords(text, kind=action.keyword, example=text)


def _norm(text: str) -> str:
    return " ".join(text.strip().lower().split())


class Choices:
    """The choices of one decision: playable cards in the order the hand is shown, then
    every other action in the rules' order, each with its key and its words.

    :param rules: the variant's compiled rules (default: built from ``view.plugins``)
    :param names: the seats' names, so that a seat may be chosen by name
    """

    def __init__(
        self,
        view: Any,
        legal: Sequence[Action],
        rules: Rules | None = None,
        names: Sequence[str] | None = None,
    ):
        from euchre_core.trumps import ranking

        if rules is None:
            rules = _rules_of(view)
        r = view.ranking or ranking(None)
        by_card: dict[Card, Action] = {}
        others: list[Action] = []
        for a in legal:
            c = a.card
            if c is not None and c in view.hand and c not in by_card:
                by_card[c] = a
            else:
                others.append(a)
        ordered = [by_card[c] for c in r.sorted(view.hand) if c in by_card]
        self.view = view
        self.names = list(names) if names is not None else [f"seat {s}" for s in range(view.seats)]
        self.actions: list[Action] = ordered + others
        self.words: list[ActionWords] = [words_of(rules, view, a) for a in self.actions]
        #: Whether the menu is keyed by letters (a choice carries a number).
        self.lettered = any(w.numbered for w in self.words)
        keys = [str(i + 1) for i in range(len(ordered))]
        if self.lettered:
            taken = {_norm(x) for w in self.words for x in (*w.short, *w.typed)}
            keys += _letters(len(others), taken)
        else:
            keys += [str(len(ordered) + i + 1) for i in range(len(others))]
        self.keys: list[str] = keys
        self.card_numbers: dict[Card, int] = {
            a.card: i + 1 for i, a in enumerate(ordered) if a.card is not None
        }
        self.other: list[tuple[str, Action]] = [
            (keys[len(ordered) + i], a) for i, a in enumerate(others)
        ]
        self.cards = len(ordered)

    def numbered(self) -> list[tuple[str, Action]]:
        """Every choice with its key, in order."""
        return list(zip(self.keys, self.actions, strict=True))

    def words_for(self, action: Action) -> ActionWords | None:
        for a, w in zip(self.actions, self.words, strict=True):
            if a == action:
                return w
        return None

    def key_range(self) -> str:
        """The keys as a prompt shows them: ``1-5``, ``a-g``, ``1-3, a``."""
        parts = []
        numbers = self.keys if not self.lettered else self.keys[: self.cards]
        letters = [] if not self.lettered else self.keys[self.cards :]
        for group in (numbers, letters):
            if len(group) == 1:
                parts.append(group[0])
            elif group:
                parts.append(f"{group[0]}-{group[-1]}")
        return ", ".join(parts)

    def examples(self, every_card: bool = False) -> list[str]:
        """One example per kind of choice offered now, in the order of the choices (with
        ``every_card``, each card that may be played, as typed)."""
        seen: dict[str, list[str]] = {}
        for a, w in zip(self.actions, self.words, strict=True):
            kind = w.kind or a.keyword
            if w.seat is not None and 0 <= w.seat < len(self.names):
                example = f"{self.names[w.seat].lower()} or {w.seat}"
            else:
                example = w.example or str(a)
            seen.setdefault(kind, []).append(example)
        out = []
        for kind, examples in seen.items():
            if every_card and len(examples) > 1 and all(_CARD_CODE.fullmatch(e) for e in examples):
                out.append(" ".join(examples))  # every card that may be played, as typed
            elif len(examples) > 1 and all(e.isdigit() for e in examples):  # bids as numbers
                values = [int(e) for e in examples]
                if values == list(range(values[0], values[-1] + 1)):
                    out.append(f"{values[0]}-{values[-1]} ({kind})")
                else:
                    out.append(f"{'/'.join(examples)} ({kind})")
            else:
                out.append(examples[0])
        return out

    def accepts(self, every_card: bool = False) -> str:
        """What this decision accepts, in one line: keys and an example of each kind
        (with ``every_card``, every card that may be played)."""
        what = "a letter" if self.lettered and not self.cards else "a number"
        shown = ", ".join(self.examples(every_card))
        return f"type {what} ({self.key_range()}), or: {shown}"


#: A card as it is typed (``JS``, ``TC``, ``JK``).
_CARD_CODE = re.compile(r"(?:[2-9TJQKA][CDHS]|JK)")


def _letters(n: int, taken: set[str]) -> list[str]:
    """``a``, ``b`` … then ``aa``, ``ab`` …; never ``n``, ``y`` (answers), ``q``, ``t``
    (commands) or a word that names a choice (``h`` for hearts)."""
    alphabet = [c for c in string.ascii_lowercase if c not in "nqty"]
    pairs = [a + b for a in alphabet for b in alphabet]
    return [k for k in alphabet + pairs if k not in taken][:n]


@dataclass(frozen=True, slots=True)
class Reading:
    """What a person's input means: the action, and whether it was typed in full (its
    text form or its words) rather than by a key or a short form."""

    action: Action
    full: bool


_ORDER_WORDS = {"order", "up", "order up", "order it up", "pick it up", "take it up", "take"}
_NO_TRUMP = {"nt", "no trump", "notrump", "no-trump", "no trumps"}


def read(text: str, state: State, choices: Choices) -> Reading | str:
    """What a person's input means, or a sentence saying why it cannot be taken (the
    rules' reason, phrased for the person)."""
    from euchre_core.actions import Bid

    t = _norm(text)
    seat = state.to_act
    assert seat is not None
    for key, a in zip(choices.keys, choices.actions, strict=True):
        if t == key:
            return Reading(a, False)
    short: Action | None = None
    for a, w in zip(choices.actions, choices.words, strict=True):
        # The action's code, its words (with or without the points they end with, ``bid 6
        # no trumps (120)``), the forms its plugin accepts, and the menu's label (``bid 6
        # no trump``): whatever the table shows can be typed back.
        full = {
            _norm(str(a)),
            _norm(str(a).replace("-", " ")),
            _norm(w.say),
            _norm(_POINTS_TAIL.sub("", w.say)),
            *(_norm(x) for x in w.typed),
        }
        if isinstance(a, Bid) and not str(a.value).isdigit():  # ``6 no trump`` (a number
            # is read as a short form, so that a risky one is confirmed)
            full.add(_norm(str(a.value).replace("-", " ")))
        if w.seat is not None and 0 <= w.seat < len(choices.names):
            name = _norm(choices.names[w.seat])
            full |= {name, f"partner {name}"}
        if t in full:
            return Reading(a, True)
        if short is None and t in {_norm(x) for x in w.short}:
            short = a
    if short is not None:
        return Reading(short, False)
    action = _guess(t, state, choices)
    if action is None:
        if t.isdigit() and not choices.lettered:
            return f"there is no choice {_clipped(t)}: {choices.accepts(every_card=True)}"
        return f"cannot read {_clipped(text.strip())!r}: {choices.accepts(every_card=True)}"
    reason = state.why_not(action)
    if reason is None:
        return Reading(action, True)
    said = for_player(reason, seat)
    # The rules list the legal actions by their codes ("(choices: play QS, play KC)"):
    # the person is told what to type in this table's own words instead.
    bare = _CHOICES_TAIL.sub("", said)
    if bare != said:
        return f"{bare}: {choices.accepts(every_card=True)}"
    if choices.lettered and isinstance(action, Bid):  # a bid the menu does not hold
        return f"{said}; {choices.accepts(every_card=True)}"
    return said


#: The points an action's words end with: ``bid 6 spades (40)``.
_POINTS_TAIL = re.compile(r" \([^()]*\)$")

#: The list of the legal actions the engine ends a refusal with.
_CHOICES_TAIL = re.compile(r" \(choices: [^()]*\)$")


def _clipped(text: str, most: int = 24) -> str:
    """What the person typed, cut short to be quoted back."""
    return text if len(text) <= most else text[: most - 3] + "..."


def _guess(t: str, state: State, choices: Choices) -> Action | None:
    """An action that the input names although it is not offered now (for the rules'
    reason why not), or ``None`` when the input names no action."""
    from euchre_core.actions import Bid, Call, Discard, Give, Order, Partner, Play, parse_action
    from euchre_core.cards import Suit, parse_card
    from euchre_core.errors import EuchreError

    try:
        return parse_action(t)
    except EuchreError:
        pass
    if t.isdigit():  # a bid or a seat, read (and bounded) as the action's text form
        kinds = [k for k in (Bid, Partner) if any(isinstance(a, k) for a in choices.actions)]
        if not kinds:
            return None
        try:
            return parse_action(f"{kinds[0].keyword} {t}")
        except EuchreError:
            return None
    try:
        c = parse_card(t)
    except EuchreError:
        c = None
    if c is not None:
        kind = state.decision.kind if state.decision is not None else ""
        return Discard(c) if kind == "discard" else Give(c) if kind == "give" else Play(c)
    words = t.split()
    alone = bool(words) and words[-1] == "alone"
    core = " ".join(words[:-1] if alone else words)
    if core in _ORDER_WORDS:
        return Order(alone)
    if core in _NO_TRUMP:
        return Call(None, alone)
    if core.startswith("call "):
        core = core[5:]
    if core:
        try:
            return Call(Suit.parse(core), alone)
        except EuchreError:
            return None
    return None


def interpret(text: str, state: State, choices: Choices) -> Action | str:
    """The action a person's input means, or a sentence saying why it cannot be taken."""
    got = read(text, state, choices)
    return got if isinstance(got, str) else got.action


def confirmation(reading: Reading, choices: Choices) -> str | None:
    """The question to ask before a risky choice typed by its key or a short form
    (``Bid big pepper: 24 points at risk? [y/N] ``), or ``None`` to take it at once."""
    if reading.full:
        return None
    w = choices.words_for(reading.action)
    if w is None or not w.risk:
        return None
    say = w.say[:1].upper() + w.say[1:]
    return f"{say}: {w.risk}? [y/N] "


def yes_or_no(answer: str) -> bool | None:
    """``True`` for yes, ``False`` for no (or nothing: the default), ``None`` otherwise."""
    a = _norm(answer)
    if a in ("y", "yes"):
        return True
    if a in ("", "n", "no"):
        return False
    return None


def ask_yes_no(ask: Callable[[str], str], problem: Callable[[str], None], question: str) -> bool:
    """Ask until the answer is yes or no (nothing is no); EOFError passes through."""
    while True:
        answer = yes_or_no(ask(question))
        if answer is not None:
            return answer
        problem("Answer y (yes) or n (no).")


# ---------------------------------------------------------------------------------------
# The prompt
# ---------------------------------------------------------------------------------------

#: The commands a prompt accepts besides the choices, as its footer names them.
COMMANDS = "? hint, score, quit"


def asked_for(view: Any, actions: Sequence[Action] = ()) -> str:
    """What the prompt asks for: ``Your bid``, ``Your card``, ``Your trump`` (a choice
    of suits only, once the bid is won), ``Your choice (discard)``."""
    from euchre_core.actions import Call

    if actions and all(isinstance(a, Call) for a in actions):
        return "Your trump"
    if view.phase.value == "bidding":
        return "Your bid"
    if view.phase.value == "play":
        return "Your card"
    kind = str(view.decision_kind or "").replace("-", " ").replace("_", " ")
    return f"Your choice ({kind})" if kind else "Your choice"


def prompt(view: Any, choices: Choices) -> str:
    """``Your bid [a-g, ? for a hint]: ``."""
    return f"{asked_for(view, choices.actions)} [{choices.key_range()}, ? for a hint]: "


def footer(view: Any, choices: Choices, *, undo: bool = False) -> str:
    """The line under the table: what this decision accepts, from its choices' words."""
    commands = COMMANDS + (", undo" if undo else "")
    others = [e for a, e in _kind_examples(choices) if a.card is None]
    if choices.cards and view.phase.value == "play":
        code = next(a.card.code for a in choices.actions if a.card is not None)
        more = f", or: {', '.join(others)}" if others else ""
        return f"Type a card's number or its code ({code}){more}; {commands}."
    if choices.cards and not others and view.decision_kind in ("discard", "give"):
        code = next(a.card.code for a in choices.actions if a.card is not None)
        return (
            f"Choose a card to {view.decision_kind}: its number or its code ({code}); {commands}."
        )
    what = "a letter" if choices.lettered and not choices.cards else "a number"
    return f"Type {what}, or: {', '.join(choices.examples())}; {commands}."


def _kind_examples(choices: Choices) -> list[tuple[Action, str]]:
    seen: dict[str, tuple[Action, str]] = {}
    for a, w in zip(choices.actions, choices.words, strict=True):
        kind = w.kind or a.keyword
        if kind not in seen:
            seen[kind] = (a, w.example or str(a))
    return list(seen.values())


def for_player(reason: str, seat: int) -> str:
    """A rules sentence about ``seat`` rephrased for the person at it:
    ``seat 0 cannot play QS: must follow hearts, holds KH`` becomes
    ``you cannot play QS: you must follow hearts: you hold KH``."""
    r = re.sub(
        rf"\bseat {seat} (does|is|has)\b",
        lambda m: "you " + {"does": "do", "is": "are", "has": "have"}[m.group(1)],
        reason,
    )
    r = re.sub(rf"\bseat {seat}\b", "you", r)
    r = re.sub(r"(^|: )cannot\b", r"\1you cannot", r)
    r = re.sub(r"(^|: |; )must\b", r"\1you must", r)
    r = re.sub(r", holds\b", ": you hold", r)
    r = re.sub(r"(^|: )may\b", r"\1you may", r)
    return r[:1].upper() + r[1:] if not r.startswith("you") else r

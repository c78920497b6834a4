"""``euchre learn [VARIANT]``: learn by playing, a guided deal or two with a coach.

The learner sits at one seat of the play screen (the screen of ``euchre play``, reused)
and heuristic bots at the others. At each of the learner's decisions the coach says what
is being decided, shows the choices, and says what it would do and why (the heuristic
bot's advice); it never acts for the learner. After the learner's choice it comments in
a sentence, and as the deal goes on it explains each topic of the lesson the first time
the deal shows it: the up-card and ordering up, the dealer's pick-up and discard, naming
trump in round 2, the bowers, following suit, trumping when void, tricks won and lost,
the scoring, euchred, going alone. Each glossary word is explained the first time the
coach uses it.

The words are the rules' own: every text comes from the variant's plugins through the
``euchre_add_coaching`` hook, so a variant (``euchre learn cutthroat``) or a house rule
(``--rule``) teaches itself; why a card cannot be played is the rules' own sentence
(``State.why_not``). The deals are chosen at start-up by a deterministic search of the
seeded deals for those that show the topics when the coach's advice is followed
(:func:`euchre_core.coaching.plan_lesson`); when the learner's own choices leave a topic
unseen, the lesson deals another deal that shows it (three deals at most), and explains
what is still missing at the end.

Every built-in variant has its lesson: pepper (bidding for tricks, little and big
pepper, the partner's exchange), auction euchre (the bids, the widow, choosing
partners), call-for-ace (the call, the secret partner, an ace never dealt), cutthroat
(one against two) and two-hand euchre, as well as standard euchre.

At the prompt: a choice's number, a card (``JH``) or a bid in words as in ``euchre
play``; ``why CARD`` (in the play, why that card can or cannot be played now; in the
bidding, what holding it means for the bid under consideration), ``rules`` (the short
rules: the game's, then each house rule's), ``glossary WORD``, ``?`` (the choices and
the advice again), ``tricks``, ``skip`` (end the lesson). After a choice other than
the coach's, the coach takes a second look with the evaluation of ``euchre review``
(:func:`euchre_core.coaching.second_look`: the alternatives valued over a few deals
consistent with what the learner knew, graded by the review's thresholds): only a choice
the review would mark gets "I would have chosen ...", with the better choice the review
finds, and a clear mistake among them (a bid on a weak hand, trumping or overtaking a
partner's winning card, leading away from a guarded king) is explained. Ctrl-C or the end of
input stop the lesson cleanly.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any

import typer

from .errors import EXIT_USAGE, fail
from .glossary import Glossary
from .options import Ascii, Overrides, Rules
from .play import Choices, Session, _Quit, asked_for, for_player, interpret

if TYPE_CHECKING:
    from euchre_core.actions import Action
    from euchre_core.bots.heuristic import Advice
    from euchre_core.coaching import LessonDeal
    from euchre_core.config import Config
    from euchre_core.state import State

    from .render import Screen

__all__ = ["CoachedDeal", "Lesson", "Taught", "learn"]

MAX_DEALS = 3
COMMANDS = "why CARD explains a card; rules; glossary WORD; ? repeats my advice; skip ends."


def learn(
    variant: Annotated[
        str,
        typer.Argument(
            metavar="[VARIANT | FILE]",
            help="The variant to learn (default: standard euchre); its plugins give the words.",
        ),
    ] = "standard",
    seed: Annotated[
        int,
        typer.Option(
            "--seed", min=1, metavar="N", help="Where the search for instructive deals starts."
        ),
    ] = 1,
    rule: Rules = None,
    option: Overrides = None,
    ascii_: Ascii = False,
) -> None:
    """Learn by playing: a guided deal or two with a coach beside you."""
    from euchre_core import load_variant
    from euchre_core.coaching import coaching_texts, lesson_topics

    config = load_variant(variant, rules=rule or (), options=option or ())
    texts = coaching_texts(config)
    if not lesson_topics(texts):
        fail(
            f"the plugins of {config.name!r} give no coaching text to learn it by; "
            f"try `euchre rules {config.name}`",
            EXIT_USAGE,
        )
    lesson = Lesson(config, texts, seed=seed, plain=ascii_)
    raise typer.Exit(lesson.run())


@dataclass(frozen=True)
class Taught:
    """One topic the lesson taught: in which deal (1-based, 0 for the closing words),
    on what occasion (``decision``: one of the learner's; ``event``: something that
    happened at the table; ``summary``: the closing words, for a topic no deal showed),
    and whether the learner met it in a decision of their own."""

    topic: str
    deal: int
    source: str
    mine: bool


class Lesson:
    """A whole lesson: the deals, the coach's texts, what has been taught.

    :param config: the variant
    :param texts: its coaching texts (:func:`euchre_core.coaching.coaching_texts`)
    :param seed: where the search for deals starts
    :param seat: the learner's seat
    :param plain: ASCII screen
    :param screen: where to draw (default: a new play screen on standard output)
    """

    def __init__(
        self,
        config: Config,
        texts: Mapping[str, str],
        *,
        seed: int = 1,
        seat: int = 0,
        plain: bool = False,
        max_deals: int = MAX_DEALS,
        screen: Screen | None = None,
    ):
        from euchre_core.coaching import lesson_topics, table_seats

        from .render import Screen, make_console, plain_mode, seat_names

        self.config = config
        self.texts = dict(texts)
        self.seed = seed
        self.seat = seat
        self.plain = plain_mode(plain)
        self.max_deals = max_deals
        self.wanted: tuple[str, ...] = lesson_topics(self.texts)
        self.glossary = Glossary(self.texts)
        self.taught: list[Taught] = []
        self.defined: set[str] = set()
        self.deals: list[State] = []
        self.planned: list[LessonDeal] = []
        self.skipped = False
        self.deal_number = 0
        #: The learner's pending decision: its choices and the coach's advice.
        self.current: tuple[Choices, Advice | None] | None = None
        seats = table_seats(config)
        table = config.rules().table(config)
        self.screen = screen or Screen(
            names=seat_names(seats, seat),
            viewer=seat,
            partnerships=table.partnerships,
            title=f"Lesson: {config.title or config.name}",
            plain=self.plain,
            console=make_console(self.plain),
            rules=config.rules(),
        )
        self.screen.heading = self.heading

    def heading(self, view: Any) -> str:
        """The table's title: the lesson's deal, which is scored on its own (each
        starts at no score), not a deal of a game to the target."""
        return f"{self.screen.title} · deal {self.deal_number} · scored on its own"

    # -- what has been taught -------------------------------------------------------------

    @property
    def topics(self) -> set[str]:
        """The topics taught so far."""
        return {t.topic for t in self.taught}

    def missing(self) -> list[str]:
        """The lesson's topics not taught yet, in lesson order."""
        done = self.topics
        return [t for t in self.wanted if t not in done]

    # -- speaking -------------------------------------------------------------------------

    def text(self, key: str) -> str | None:
        """A coaching text by key; ``ask:bid1-dealer`` falls back to ``ask:bid1``."""
        found = self.texts.get(key)
        if not found and key.startswith("ask:") and "-" in key:
            found = self.texts.get(key.rsplit("-", 1)[0])
        return found or None

    def say(self, text: str, fields: Mapping[str, str] | None = None) -> None:
        """Say a text (its fields filled in), then explain the glossary words it uses
        for the first time."""
        from euchre_core.coaching import fill

        words = fill(text, fields or {})
        words = words[:1].upper() + words[1:]
        self.screen.coach(words)
        self.define(words)

    def define(self, words: str) -> None:
        """Explain each glossary word of ``words`` not explained yet."""
        for term in self.glossary.uses(words):
            if term not in self.defined:
                self.defined.add(term)
                self.screen.definition(term, self.glossary.entries[term])

    def teach(self, topic: str, fields: Mapping[str, str], *, source: str, mine: bool) -> bool:
        """Explain ``topic`` if it is a topic of this lesson not taught yet; returns
        whether it was explained now."""
        text = self.texts.get(topic)
        if topic not in self.wanted or topic in self.topics or not text:
            return False
        self.taught.append(Taught(topic, self.deal_number, source, mine))
        self.say(text, fields)
        return True

    # -- the lesson -----------------------------------------------------------------------

    def run(self) -> int:
        """Give the lesson; returns the exit code."""
        from euchre_core.coaching import plan_lesson

        self.screen.note(
            f"Learn {self.config.title or self.config.name} by playing. You sit at the "
            "bottom (You); bots play the other seats."
        )
        intro = self.text("intro")
        if intro:
            self.say(intro)
        self.planned = plan_lesson(
            self.config, self.wanted, seed=self.seed, seat=self.seat, max_deals=self.max_deals
        )
        while len(self.deals) < self.max_deals and self.missing():
            deal = self.next_deal()
            if deal is None:
                break
            code = self.play(deal)
            if self.skipped:
                self.farewell(skipped=True)
                return 0
            if code != 0:
                return code
        self.closing()
        self.farewell(skipped=False)
        return 0

    def next_deal(self) -> LessonDeal | None:
        """The next deal: the first planned one that shows a topic still missing, else
        one found for the missing topics (the learner's choices took another way)."""
        from euchre_core.coaching import plan_lesson

        missing = self.missing()
        played = {(int(s.seed), s.first_dealer) for s in self.deals}
        for deal in self.planned:
            if (deal.seed, deal.dealer) not in played and any(t in deal.topics for t in missing):
                return deal
        found = plan_lesson(
            self.config,
            missing,
            seed=self.seed,
            seat=self.seat,
            max_deals=1,
            exclude=played,
        )
        return found[0] if found else None

    def play(self, deal: LessonDeal) -> int:
        """Play one deal of the lesson with the coach; returns its exit code."""
        from euchre_core.coaching import describe_topics
        from euchre_core.state import new_hand

        state = new_hand(self.config, seed=deal.seed, dealer=deal.dealer)
        self.deals.append(state)
        self.deal_number = len(self.deals)
        new = [t for t in deal.topics if t in self.missing()]
        session = CoachedDeal(state, self, describe_topics(new))
        return session.run()

    def closing(self) -> None:
        """Explain the topics no deal showed, then sum up."""
        from euchre_core.coaching import example_situation

        missing = self.missing()
        if missing:
            self.deal_number = 0
            example = example_situation()
            self.screen.coach(
                f"A few things these deals did not show (say {example['trump']} are trump):"
            )
            for topic in missing:
                self.teach(topic, example, source="summary", mine=False)

    def farewell(self, *, skipped: bool) -> None:
        from euchre_core.coaching import describe_topics

        met = describe_topics(self.topics)
        if skipped:
            self.screen.note("Lesson ended.")
        if met:
            self.screen.coach("You have met: " + "; ".join(met) + ".")
        left = describe_topics(self.missing())
        if left:
            self.screen.coach("Still to come: " + "; ".join(left) + ".")
        name = self.config.name
        self.screen.note(
            f"Next: `euchre play {name}` for a whole game (? gives a hint), "
            f"`euchre rules {name}` for the rules, `euchre glossary` for the words."
        )


class CoachedDeal(Session):
    """One deal of a lesson: the play screen's game loop with the coach at the
    learner's decisions and remarks on what happens at the table."""

    def __init__(self, state: State, lesson: Lesson, shows: Sequence[str]):
        from euchre_core.bots.heuristic import HeuristicBot
        from euchre_core.coaching import TopicTracker, coach_seed

        super().__init__(
            state, human=lesson.seat, bots="heuristic", plain=lesson.plain, screen=lesson.screen
        )
        self.lesson = lesson
        self.shows = list(shows)
        self.tracker = TopicTracker(lesson.seat, state.seats, state.table.partnerships)
        self.coach = HeuristicBot(coach_seed(state.seed))

    # -- Session ----------------------------------------------------------------------

    def opening(self) -> None:
        n = self.lesson.deal_number
        line = f"Lesson deal {n} (seed {self.state.seed})"
        if self.shows:
            line += ": it shows " + "; ".join(self.shows)
        self.screen.note(line + ".")

    def narrate(self) -> None:
        from euchre_core.coaching import situation
        from euchre_core.events import GameOver, HandStarted

        events = [e for e in self._new_events() if not isinstance(e, GameOver)]
        if not events:
            return
        assert self.human is not None
        view = self.state.view(self.human)
        fields = situation(view)
        for e in events:
            if isinstance(e, HandStarted):  # each lesson deal is a game of one hand
                e = dataclasses.replace(e, number=self.lesson.deal_number - 1)
            self.screen.event(e, view)
            for topic in self.tracker.feed(e):
                self.lesson.teach(topic, fields, source="event", mine=False)

    def interrupted(self, why: str, code: int) -> int:
        from .errors import print_error

        if self.lesson.skipped:
            return 0
        print_error(f"{why}: the lesson stopped; start it again with: euchre learn")
        return code

    # -- the learner's turn -------------------------------------------------------------

    def advice(self, view: Any, legal: Sequence[Action]) -> Advice | None:
        try:
            return self.coach.advise(view, legal)
        except Exception:  # the coach's advice must never end the lesson
            return None

    def ask(self) -> Action:
        from euchre_core.coaching import decision_kind, decision_topics, situation

        state = self.state
        seat = self.human
        assert seat is not None
        lesson = self.lesson
        view = state.view(seat)
        legal = state.legal_actions()
        choices = Choices(view, legal)
        self.screen.table(view, choices.card_numbers, choices.other, footer=COMMANDS)
        fields = situation(view)
        for topic in decision_topics(view, legal):
            lesson.teach(topic, fields, source="decision", mine=True)
        what = lesson.text(f"ask:{decision_kind(view, legal)}")
        if what:
            lesson.say(what, fields)
        advice = self.advice(view, legal)
        lesson.current = (choices, advice)
        self.show_advice(choices, advice)
        prompt = _prompt(view, choices)
        while True:
            text = self.screen.ask(prompt).strip()
            low = " ".join(text.lower().split())
            if not low:
                continue
            if low in ("?", "hint", "help"):
                self.show_advice(choices, advice)
                self.screen.note(COMMANDS)
                continue
            if low == "why" or low.startswith("why "):
                self.why(text.strip()[3:].strip(), view, legal)
                continue
            if low in ("rules", "rule"):
                self.rules(fields)
                continue
            if low.split()[0] in ("glossary", "define", "word"):
                self.word(text.split(maxsplit=1)[1] if " " in text.strip() else "")
                continue
            if low in ("tricks", "t"):
                self.screen.past_tricks(view)
                continue
            if low in ("table", "screen", "show"):
                self.screen.table(view, choices.card_numbers, choices.other, footer=COMMANDS)
                continue
            if low in ("skip", "quit", "exit", "q", "stop"):
                lesson.skipped = True
                raise _Quit
            result = interpret(text, state, choices)
            if isinstance(result, str):
                self.screen.problem(result)
                self.screen.note("Type the number of a choice, or " + COMMANDS)
                continue
            self.comment(view, legal, result, advice)
            return result

    def show_advice(self, choices: Choices, advice: Advice | None) -> None:
        if advice is None:
            self.screen.hint(choices.numbered(), None, "")
            return
        self.screen.hint(choices.numbered(), advice.action, advice.why, label="I would: ")
        self.lesson.define(advice.why)

    def rules(self, fields: Mapping[str, str]) -> None:
        """``rules``: the short rules, the game's and then each house rule's."""
        from euchre_core.coaching import short_rules

        lines = short_rules(self.lesson.config)
        if not lines:  # a third-party stack that says nothing: its description
            lines = [self.lesson.config.description or self.lesson.config.name]
        for line in lines:
            self.lesson.say(line, fields)

    def comment(
        self, view: Any, legal: Sequence[Action], action: Action, advice: Advice | None
    ) -> None:
        """A sentence after the learner's choice, from a second look at it with the
        evaluation of ``euchre review`` (:func:`euchre_core.coaching.second_look`), so
        that the coach calls a choice a mistake exactly when the review would mark it:
        agreement; a choice as good as the advice; or the better choice, with the
        explanation of a clear mistake."""
        from euchre_core.coaching import mistake, second_look, situation

        if advice is None:
            return
        try:
            verdict = second_look(
                view, legal, action, self.state.config, index=len(self.state.actions)
            )
        except Exception:  # the coach's second look must never end the lesson
            verdict = None
        if verdict is None or not verdict.marked:
            if action == advice.action:
                self.screen.coach("Good: that is my choice too.")
            else:
                self.screen.coach(
                    "You chose ",
                    self.screen.action(action),
                    "; I suggested ",
                    self.screen.action(advice.action),
                    ". On a closer look yours is as good: let's see how it goes.",
                )
            return
        better = verdict.best
        cost = f" (it keeps about {verdict.loss:.1f} points more on average)"
        if action == advice.action:
            self.screen.coach(
                "That was my first thought too, but on a closer look I would have chosen ",
                self.screen.action(better),
                cost + ".",
            )
            return
        self.screen.coach(
            "You chose ",
            self.screen.action(action),
            "; I would have chosen ",
            self.screen.action(better),
            cost + ".",
        )
        key = mistake(view, legal, action, better)
        text = self.lesson.text(key) if key else None
        if text and (better == advice.action or "{why}" not in text):  # {why}: the advice's
            fields = situation(view, action.card)
            fields.update(self._mistake_fields(view, action, advice))
            self.lesson.say(text, fields)

    @staticmethod
    def _mistake_fields(view: Any, action: Action, advice: Advice) -> dict[str, str]:
        """The fields of a mistake's text: ``{winner}`` (the partner's winning card),
        ``{king}`` (the guarded king), ``{why}`` (the coach's reason, without its
        action)."""
        out = {"why": advice.why}
        r = view.ranking
        if r is not None and view.trick:
            cards = [c for _, c in view.trick]
            out["winner"] = cards[r.trick_winner(cards)].code
        c = action.card
        if r is not None and c is not None:
            suit = r.suit_of[c.index]
            king = next(
                (x for x in view.hand if x.rank == "K" and r.suit_of[x.index] is suit), None
            )
            if king is not None:
                out["king"] = king.code
        return out

    def why_bid(self, c: Any, view: Any, legal: Sequence[Action]) -> None:
        """``why CARD`` during the bidding: what holding the card means for the bid
        under consideration (the up-card's suit, the suit the coach would call, or the
        hand's best suit), and what it is worth to the hand."""
        from euchre_core.coaching import bid_card, bid_suit, situation, suit_name

        lesson = self.lesson
        current = lesson.current
        advised = current[1].action if current is not None and current[1] is not None else None
        trump = bid_suit(view, legal, advised)
        if trump is None:
            try:
                trump = self.coach.best_suit(view)
            except Exception:  # the coach's figures must never end the lesson
                trump = None
        fields = situation(view, c)
        fields["bidsuit"] = suit_name(trump) if trump is not None else "no trump"
        key = bid_card(view, c, trump)
        if trump is None and key not in ("bid:upcard", "bid:not-held"):
            key = "bid:no-trump"
        lesson.say(lesson.text(key) or "{card} is one of your cards.", fields)
        if key in ("bid:upcard", "bid:not-held"):
            return
        try:
            whole, without = self.coach.worth(view, c, trump)
        except Exception:
            return
        fields["handtricks"] = f"{whole:.1f}"
        fields["cardworth"] = f"{max(0.0, whole - without):.1f}"
        little = fields["cardworth"] == "0.0"
        worth = lesson.text("bid:worthless" if little else "bid:worth")
        if worth:
            lesson.say(worth, fields)

    def why(self, what: str, view: Any, legal: Sequence[Action]) -> None:
        """``why CARD``: why the card can or cannot be played (or discarded) now, in the
        rules' words, and what the card is this hand."""
        from euchre_core.actions import Discard, Play
        from euchre_core.cards import parse_card
        from euchre_core.coaching import decision_kind, situation
        from euchre_core.errors import EuchreError

        if not what:
            self.screen.problem("why which card? Type why and its code, e.g. why JH")
            return
        try:
            c = parse_card(what)
        except EuchreError:
            self.screen.problem(f"cannot read {what!r} as a card: type its code, e.g. why JH")
            return
        lesson = self.lesson
        state = self.state
        assert self.human is not None
        kind = decision_kind(view, legal)
        if kind.startswith("bid") or kind in ("name-trump", "call"):
            self.why_bid(c, view, legal)
            return
        fields = situation(view, c)
        same = next((a for a in legal if a.card is c), None)
        action: Action = same or (Discard(c) if kind == "discard" else Play(c))
        reason = state.why_not(action)
        if reason is not None:
            self.screen.problem(for_player(reason, self.human))
        elif kind in ("lead", "follow", "void"):
            lesson.say(lesson.text(f"why:{kind}") or "{card} can be played now.", fields)
        else:
            lesson.say(f"{c.code} can be chosen now: {action}.", fields)
        r = view.ranking
        if r is not None and r.trump is not None:
            key = (
                "card:right"
                if r.is_right_bower(c)
                else "card:left"
                if r.is_left_bower(c)
                else "card:trump"
                if r.is_trump(c)
                else ""
            )
            fact = lesson.text(key) if key else None
            if fact:
                lesson.say(fact, fields)

    def word(self, term: str) -> None:
        """``glossary WORD`` at the prompt."""
        words = self.lesson.glossary
        if not term.strip():
            self.screen.note("Words: " + ", ".join(sorted(words.entries)) + ".")
            return
        name = words.lookup(term)
        if name is None:
            self.screen.problem(f"no glossary entry for {term.strip()!r}{words.suggestion(term)}")
            return
        self.lesson.defined.add(name)
        self.screen.definition(name, words.entries[name])


def _prompt(view: Any, choices: Choices) -> str:
    return f"{asked_for(view, choices.actions)} [{choices.key_range()}; why CARD, rules, skip]: "

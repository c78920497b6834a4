"""euchre learn and euchre glossary: the topics a lesson teaches, the coaching hook, the
coach's answers at the prompt, and the glossary."""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from euchre_cli.learn import Lesson
from euchre_cli.main import app
from euchre_cli.render import Screen, make_console, seat_names
from helpers import D, L, P, R, make_deal, run
from typer.testing import CliRunner

from euchre_core import load_variant, new_hand
from euchre_core.actions import Discard, Play
from euchre_core.cards import card
from euchre_core.coaching import (
    TopicTracker,
    coaching_texts,
    decision_topics,
    fill,
    lesson_topics,
    plan_lesson,
    rehearse,
)
from euchre_core.errors import PluginError
from euchre_core.hookspecs import hookimpl
from euchre_core.model import Phase

runner = CliRunner()
#: The topics of standard euchre's lesson (the others belong to other variants).
ALL_TOPICS = [
    "upcard",
    "alone",
    "pickup",
    "round2",
    "bowers",
    "left-bower",
    "follow-suit",
    "trumping",
    "trick-won",
    "trick-lost",
    "scoring",
    "euchred",
]
SEED_TERMS = [
    "bower",
    "kitty",
    "order up",
    "makers",
    "euchred",
    "alone",
    "march",
    "next",
    "cross",
    "stick the dealer",
    "farmer's hand",
    "benny",
]


@pytest.fixture(autouse=True)
def no_colour(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.chdir(tmp_path)


# ---------------------------------------------------------------------------------------
# A lesson driven from a test: the screen answers with a function
# ---------------------------------------------------------------------------------------


class ScriptedScreen(Screen):
    """The play screen writing to a buffer, answering each prompt with ``answer``."""

    def __init__(self, seats: int, partnerships, answer: Callable[[Lesson], str]):
        self.buffer = io.StringIO()
        console = make_console(True)
        console.file = self.buffer
        console.width = 100
        super().__init__(
            names=seat_names(seats, 0),
            viewer=0,
            partnerships=partnerships,
            title="Lesson",
            plain=True,
            console=console,
        )
        self.answer = answer
        self.lesson: Lesson | None = None
        self.prompts = 0

    def ask(self, prompt: str) -> str:
        self.prompts += 1
        assert self.prompts < 400, "the lesson does not end"
        assert self.lesson is not None
        reply = self.answer(self.lesson)
        self.buffer.write(prompt + reply + "\n")
        return reply


def give_lesson(variant: str, answer: Callable[[Lesson], str]) -> tuple[Lesson, int, str]:
    config = load_variant(variant)
    table = config.rules().table(config)
    screen = ScriptedScreen(table.seats, table.partnerships, answer)
    lesson = Lesson(config, coaching_texts(config), screen=screen, plain=True)
    screen.lesson = lesson
    code = lesson.run()
    return lesson, code, screen.buffer.getvalue()


def follow_the_coach(lesson: Lesson) -> str:
    assert lesson.current is not None
    choices, advice = lesson.current
    assert advice is not None, "the coach always has advice"
    return str(next(i for i, a in choices.numbered() if a == advice.action))


def always_first(lesson: Lesson) -> str:
    """The key of the first choice offered (``1``, or ``a`` where numbers are bids)."""
    assert lesson.current is not None
    choices, _ = lesson.current
    return str(choices.numbered()[0][0])


# ---------------------------------------------------------------------------------------
# Every topic, checked over the lesson's own events
# ---------------------------------------------------------------------------------------


def topics_shown(lesson: Lesson, index: int) -> set[str]:
    """Replay a deal of the lesson and collect the topics its events and the learner's
    decisions show (what the lesson may have taught in that deal)."""
    played = lesson.deals[index]
    state = new_hand(lesson.config, seed=played.seed, dealer=played.first_dealer)
    tracker = TopicTracker(0, state.seats, state.table.partnerships)
    shown: set[str] = set()
    cursor = 0
    for seat, action in played.actions:
        for e in state.visible_events(0, cursor):
            shown.update(tracker.feed(e))
        cursor = len(state.events)
        if seat == 0:
            shown.update(decision_topics(state.view(0), state.legal_actions()))
        state.apply(action)
    for e in state.visible_events(0, cursor):
        shown.update(tracker.feed(e))
    assert state.events == played.events, "the replay of the deal differs from the lesson"
    return shown


def test_following_the_coach_meets_every_topic_in_the_deals() -> None:
    lesson, code, out = give_lesson("standard", follow_the_coach)
    assert code == 0, out[-2000:]
    taught = {t.topic for t in lesson.taught}
    assert set(ALL_TOPICS) <= taught, f"missing: {set(ALL_TOPICS) - taught}"
    assert all(t.source in ("decision", "event") for t in lesson.taught), (
        "a learner who follows the coach meets every topic at the table, not in the summary"
    )
    for t in lesson.taught:
        assert t.topic in topics_shown(lesson, t.deal - 1), f"{t} is not shown by its deal"
    mine = {t.topic for t in lesson.taught if t.mine}
    assert {"upcard", "round2", "follow-suit"} <= mine, "the learner takes these decisions themself"
    assert any(
        seat == 0 and isinstance(a, Discard) for deal in lesson.deals for seat, a in deal.actions
    ), "the learner deals, picks up and discards in one of the deals"
    assert "Good: that is my choice too." in out
    assert "You have met:" in out
    assert len(lesson.deals) <= 3


def test_each_deal_of_the_lesson_is_titled_by_its_number_and_scored_on_its_own() -> None:
    # the second deal's table said "deal 1 - game to 10" under a score back at 0 after the
    # first deal had ended 0 to 1: a new game of one hand, not the next deal of a game
    lesson, code, out = give_lesson("standard", always_first)
    assert code == 0, out[-2000:]
    assert len(lesson.deals) >= 2
    titles = re.findall(r"\+-+ (Lesson - deal \d+ - .*?) -+\+", out)
    numbers = [int(re.search(r"deal (\d+)", t).group(1)) for t in titles]
    assert numbers == sorted(numbers) and set(numbers) == set(range(1, len(lesson.deals) + 1))
    assert all(t.endswith("scored on its own") for t in titles), titles
    assert "game to" not in out


def test_the_lesson_teaches_what_its_search_predicted() -> None:
    lesson, code, _ = give_lesson("standard", follow_the_coach)
    assert code == 0
    first = lesson.planned[0]
    in_first = {t.topic for t in lesson.taught if t.deal == 1}
    assert in_first == set(first.topics) & set(lesson.wanted)
    assert (lesson.deals[0].seed, lesson.deals[0].first_dealer) == (first.seed, first.dealer)


def test_a_learner_who_ignores_the_coach_still_meets_every_topic() -> None:
    lesson, code, out = give_lesson("standard", always_first)
    assert code == 0, out[-2000:]
    assert set(ALL_TOPICS) <= {t.topic for t in lesson.taught}
    assert "I would have chosen" in out
    shown_later = [t for t in lesson.taught if t.source == "summary"]
    if shown_later:
        assert "did not show" in out
        assert "{trump}" not in out and "{left}" not in out, "the closing words fill fields"


def test_the_deals_are_found_by_a_deterministic_search() -> None:
    config = load_variant("standard")
    wanted = lesson_topics(coaching_texts(config))
    a = plan_lesson(config, wanted)
    b = plan_lesson(config, wanted)
    assert [(d.seed, d.dealer) for d in a] == [(d.seed, d.dealer) for d in b]
    covered = set().union(*(set(d.topics) for d in a))
    assert set(wanted) <= covered
    assert rehearse(config, a[0].seed, a[0].dealer) == dict(a[0].topics)
    with pytest.raises(Exception, match="at least one"):
        plan_lesson(config, wanted, candidates=0)


# ---------------------------------------------------------------------------------------
# When topics are due, on fixed deals
# ---------------------------------------------------------------------------------------


def _hearts_made_by_the_dealer():
    deal = make_deal(
        {
            L: "JD 9C TC QC KC",
            P: "9S TS QS KS AS",
            R: "9D TD QD KD AD",
            D: "JH AH KH QH AC",
        },
        up="TH",
    )
    state = new_hand("standard", deal, dealer=D)
    return run(state, "pass, pass, pass, order, discard AC")


def test_left_bower_follows_trump_not_its_printed_suit_is_taught_when_trump_is_led() -> None:
    state = _hearts_made_by_the_dealer()
    assert state.to_act == L
    run(state, "play 9C, play 9S, play 9D, play AH")  # D wins with AH, leads next
    run(state, "play JH")  # hearts (trump) led: L's JD must follow
    view = state.view(L)
    assert "left-bower" in decision_topics(view, state.legal_actions())
    assert state.why_not(Play(card("TC"))) is not None, "JD follows trump"


def test_trumping_and_tricks_are_seen_in_the_events() -> None:
    state = _hearts_made_by_the_dealer()
    tracker = TopicTracker(D, 4, state.table.partnerships)
    seen = [t for e in state.events for t in tracker.feed(e)]
    assert "bowers" in seen and "pickup" in seen and "upcard" in seen
    run(state, "play 9C, play 9S, play 9D, play AH")
    new = [t for e in state.events[-5:] for t in tracker.feed(e)]
    assert "trumping" in new, "D had no clubs and trumped"
    assert "trick-won" in new


def test_decision_topics_at_the_bidding() -> None:
    deal = make_deal({L: "AS AD KD QD TD"}, up="JH")
    state = new_hand("standard", deal, dealer=D)
    first = decision_topics(state.view(L), state.legal_actions())
    assert first == ["upcard", "alone"]
    run(state, "pass, pass, pass, pass")
    assert state.phase is Phase.BIDDING
    assert decision_topics(state.view(L), state.legal_actions())[0] == "round2"


# ---------------------------------------------------------------------------------------
# The coaching hook
# ---------------------------------------------------------------------------------------


def test_standard_texts_cover_every_lesson_topic_and_the_seed_glossary() -> None:
    texts = coaching_texts(load_variant("standard"))
    assert lesson_topics(texts) == tuple(ALL_TOPICS)
    for term in SEED_TERMS:
        assert texts.get(f"term:{term}"), f"no glossary entry for {term}"
    assert "intro" in texts and "rules" in texts


def test_a_variant_replaces_the_texts_of_the_base_game() -> None:
    std = coaching_texts(load_variant("standard"))
    cut = coaching_texts(load_variant("cutthroat"))
    assert cut["scoring"] != std["scoring"]
    assert "3 points for a march" in cut["scoring"], "the variant file's march value is quoted"
    assert cut["bowers"] == std["bowers"], "what the variant does not change is kept"


class LoneFour:
    """A house rule for one test: a lone euchre costs 4, and it says so to the coach."""

    NAME = "lone-four-coach"

    @hookimpl
    def euchre_add_coaching(self) -> dict[str, str]:
        return {"euchred": "House rule: a lone hand euchred gives 4 to the defenders."}


class Broken:
    NAME = "broken-coach"

    @hookimpl
    def euchre_add_coaching(self, config) -> dict[str, str]:
        return ["not", "a", "dict"]  # type: ignore[return-value]


def test_a_house_rule_teaches_itself() -> None:
    texts = coaching_texts(load_variant("standard", extra_plugins=[LoneFour()]))
    assert texts["euchred"].startswith("House rule")


def test_a_plugin_with_a_bad_answer_is_named() -> None:
    with pytest.raises(PluginError, match="broken-coach"):
        coaching_texts(load_variant("standard", extra_plugins=[Broken()]))


def test_fill_names_known_fields_and_leaves_the_rest() -> None:
    assert fill("{trump} and {left}", {"trump": "hearts"}) == "hearts and {left}"
    assert fill("a { broken", {}) == "a { broken"


# ---------------------------------------------------------------------------------------
# At the prompt
# ---------------------------------------------------------------------------------------


def test_why_a_card_and_illegal_choices_get_the_rules_reason() -> None:
    asked: dict[str, int] = {"why-illegal": 0, "why-legal": 0, "illegal": 0}

    def answer(lesson: Lesson) -> str:
        deal = lesson.deals[-1]
        view = deal.view(0)
        legal = deal.legal_actions()
        playable = {a.card for a in legal if a.card is not None}
        if deal.phase is Phase.PLAY:
            refused = [c for c in view.hand if c not in playable]
            if refused and asked["why-illegal"] == asked["illegal"] == 0:
                asked["why-illegal"] += 1
                return f"why {refused[0].code.lower()}"
            if refused and asked["illegal"] == 0:
                asked["illegal"] += 1
                return refused[0].code
            if asked["why-legal"] == 0:
                asked["why-legal"] += 1
                return f"why {next(iter(playable)).code}"
        return follow_the_coach(lesson)

    _, code, out = give_lesson("standard", answer)
    assert code == 0
    assert asked["why-illegal"] == 1 and asked["illegal"] == 1 and asked["why-legal"] == 1
    assert out.count("you must follow") >= 2, "why CARD and the refused card give the reason"
    assert "can be played" in out


def test_garbage_rules_glossary_and_skip() -> None:
    script = iter(
        ["xyz", "99", "why", "why QQ", "rules", "glossary bowr", "glossary kitty", "skip"]
    )
    lesson, code, out = give_lesson("standard", lambda _: next(script))
    assert code == 0
    assert "cannot read 'xyz'" in out
    assert "there is no choice 99" in out
    assert "why which card?" in out
    assert "cannot read 'QQ' as a card" in out
    assert "Round 1: from the dealer's left" in out
    assert "did you mean 'bower'?" in out
    assert "Lesson ended." in out
    assert lesson.skipped


def test_learn_on_the_command_line_stops_cleanly_at_end_of_input() -> None:
    result = runner.invoke(app, ["learn"], input="")
    assert result.exit_code == 1
    assert "the lesson stopped" in result.output
    assert "Traceback" not in result.output


def test_learn_cutthroat_uses_the_variants_own_coaching() -> None:
    result = runner.invoke(app, ["learn", "cutthroat"], input="1\n" * 200)
    assert result.exit_code == 0, result.output[-2000:]
    said = " ".join(result.output.split())
    assert "Three-hand cutthroat euchre: three players" in said
    assert "Cutthroat scoring: the maker alone scores 1 point for 3 or 4 tricks" in said
    assert "each of the two defenders scores 2 points" in said


def test_learn_an_unknown_variant_is_a_usage_error() -> None:
    result = runner.invoke(app, ["learn", "nonesuch"])
    assert result.exit_code == 2


# ---------------------------------------------------------------------------------------
# euchre glossary
# ---------------------------------------------------------------------------------------


def test_glossary_lists_every_word_of_the_seed() -> None:
    result = runner.invoke(app, ["glossary"])
    assert result.exit_code == 0
    for term in SEED_TERMS:
        assert f"{term}: " in result.output


@pytest.mark.parametrize(
    ("typed", "entry"),
    [
        ("Bower", "bower"),
        ("bowers", "bower"),
        ("farmers hand", "farmer's hand"),
        ("Order-Up", "order up"),
        ("stick_the_dealer", "stick the dealer"),
    ],
)
def test_glossary_finds_a_word_as_typed(typed: str, entry: str) -> None:
    result = runner.invoke(app, ["glossary", typed])
    assert result.exit_code == 0, result.output
    assert result.output.startswith(f"{entry}: ")


def test_glossary_unknown_word_suggests_the_nearest() -> None:
    result = runner.invoke(app, ["glossary", "kittie"])
    assert result.exit_code == 2
    assert "did you mean 'kitty'?" in result.output


def test_glossary_of_a_variant_has_its_own_words() -> None:
    result = runner.invoke(app, ["glossary", "--variant", "cutthroat", "march"])
    assert result.exit_code == 0
    assert "for the maker in cutthroat" in result.output


def test_the_coach_explains_a_word_the_first_time_it_uses_it() -> None:
    lesson, _, out = give_lesson("standard", follow_the_coach)
    assert out.count("  kitty: ") == 1
    assert "kitty" in lesson.defined and "order up" in lesson.defined

"""euchre learn for every built-in variant: each lesson runs to its end, teaches the
variant's own topics, answers ``rules`` and ``why CARD`` during the bidding, and the
coach explains a clear mistake."""

from __future__ import annotations

from pathlib import Path

import pytest
import tomllib
from helpers import D, L, P, R, make_deal, run
from test_learn import always_first, follow_the_coach, give_lesson

from euchre_core import load_variant, new_hand
from euchre_core.actions import PASS, Bid, Call, Order, Play
from euchre_core.bots.heuristic import HeuristicBot
from euchre_core.cards import card
from euchre_core.coaching import (
    bid_card,
    coaching_answers,
    coaching_texts,
    fill,
    lesson_topics,
    mistake,
    short_rules,
)
from euchre_core.hookspecs import hookimpl
from euchre_core.manager import plugin_meta
from euchre_core.model import Phase

VARIANTS_DIR = Path(__file__).resolve().parent.parent / "variants"
BUILT_IN = sorted(p.stem for p in VARIANTS_DIR.glob("*.toml"))

#: What each variant's lesson must show at the table (in a decision or an event) when
#: the learner follows the coach, and words it must say.
OWN_TOPICS = {
    "standard": ({"upcard", "round2", "pickup", "alone"}, "Euchre is a trick-taking game"),
    "cutthroat": ({"alone", "upcard"}, "the other two, who defend together"),
    "two-hand": ({"upcard", "alone"}, "you against one opponent"),
    "pepper": ({"bidding", "name-trump", "pepper"}, "Little pepper and big pepper"),
    "auction": ({"bidding", "widow", "partners", "name-trump"}, "The widow: three cards"),
    "call-ace": ({"call-ace", "secret-partner", "undealt-ace"}, "The secret partner"),
    "railroad": ({"upcard", "pickup"}, "the joker is the highest trump of all"),
    "hasenpfeffer": ({"bidding", "name-trump", "widow"}, "The widow: the 25th card"),
    "napoleon": ({"bidding", "first-lead"}, "The first card the bidder leads makes its suit"),
    "buck": ({"bidding", "stay"}, "Stay in or drop out"),
    "bid-euchre": ({"bidding", "pepper"}, "Shoot and moon are bids to take all six tricks"),
    "bid-euchre-bicycle": ({"bidding", "name-trump"}, "Shoot and moon are bids"),
    "bid-euchre-wikipedia": ({"bidding", "pepper"}, "Shoot and moon are bids"),
    "five-hundred": ({"bidding", "widow"}, "The kitty: 3 cards dealt face down"),
}


@pytest.fixture(autouse=True)
def no_colour(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.chdir(tmp_path)


def test_every_built_in_variant_file_has_a_lesson_test() -> None:
    names = {tomllib.loads(p.read_text())["variant"]["name"] for p in VARIANTS_DIR.glob("*.toml")}
    bases = {n for n in names if not n[-1].isdigit()}
    assert bases == set(OWN_TOPICS)


@pytest.mark.parametrize("variant", sorted(OWN_TOPICS))
def test_following_the_coach_the_lesson_ends_and_teaches_the_variants_topics(
    variant: str,
) -> None:
    lesson, code, out = give_lesson(variant, follow_the_coach)
    assert code == 0, out[-2000:]
    topics, words = OWN_TOPICS[variant]
    at_table = {t.topic for t in lesson.taught if t.source in ("decision", "event")}
    assert topics <= at_table, f"not shown at the table: {topics - at_table}"
    assert set(lesson.wanted) <= lesson.topics, "every topic is taught by the end"
    said = " ".join(out.split())
    assert words in said
    assert "You have met:" in said
    assert "{" not in said, "every field of the texts is filled in"


@pytest.mark.parametrize("variant", sorted(OWN_TOPICS))
def test_a_learner_who_ignores_the_coach_still_ends_the_lesson(variant: str) -> None:
    lesson, code, out = give_lesson(variant, always_first)
    assert code == 0, out[-2000:]
    assert set(lesson.wanted) <= lesson.topics
    assert "Traceback" not in out


def test_pepper_teaches_the_partners_exchange_and_pepper_3_does_not() -> None:
    four = coaching_texts(load_variant("pepper"))
    three = coaching_texts(load_variant("pepper-3"))
    assert "exchange" in lesson_topics(four)
    assert "passes you one card face down" in four["exchange"]
    assert "exchange" not in lesson_topics(three), "no partner, no exchange"
    assert "pepper" in lesson_topics(three)


# ---------------------------------------------------------------------------------------
# rules
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", BUILT_IN)
def test_every_variant_has_short_rules_of_its_own(variant: str) -> None:
    config = load_variant(variant)
    rules = short_rules(config)
    assert len(rules) == 1 and len(rules[0]) > 200
    assert "{" not in rules[0]
    if variant != "standard":
        assert rules[0] != short_rules(load_variant("standard"))[0]


@pytest.mark.parametrize("variant", sorted(OWN_TOPICS))
def test_rules_at_the_prompt_gives_the_variants_short_rules(variant: str) -> None:
    script = iter(["rules", "skip"])
    _, code, out = give_lesson(variant, lambda _: next(script))
    assert code == 0
    said = " ".join(out.split())
    assert "give no short rules" not in said
    first = short_rules(load_variant(variant))[0]
    assert " ".join(first.split())[:60] in said


def test_rules_at_the_prompt_adds_each_house_rule() -> None:
    config = load_variant("standard", rules=["stick-the-dealer"])
    lines = short_rules(config)
    assert len(lines) == 2 and lines[1].startswith("Stick the dealer")


def house_rules() -> list[str]:
    from euchre_core.manager import available_plugins

    return sorted(
        name
        for name, info in available_plugins().items()
        if info.builtin and ".house." in info.module
    )


def test_every_built_in_plugin_gives_short_rules() -> None:
    """The game's plugins give a ``rules`` text; every house rule adds its own line to
    the short rules of a game it applies to."""
    for variant in BUILT_IN:
        answers = dict(coaching_answers(load_variant(variant)))
        assert any(t.get("rules") for t in answers.values()), f"{variant}: no rules text"
    missing = []
    for name in house_rules():
        for base in ("standard", "pepper", "auction"):
            try:
                config = load_variant(base, rules=[name])
            except Exception:
                continue  # a rule for another game, or one that needs another rule
            lines = short_rules(config)
            assert len(lines) == len(short_rules(load_variant(base))) + 1, (name, base)
            assert lines[-1].strip() and lines[-1] == lines[-1].strip()
            plugin = config.rules().pm.get_plugin(name)
            assert lines[-1] in (plugin_meta(plugin)["doc"] or "") or lines[-1]
            break
        else:
            missing.append(name)
    assert len(house_rules()) > 25
    assert missing == [], f"house rules that load on no built-in game: {missing}"


# ---------------------------------------------------------------------------------------
# why CARD during the bidding
# ---------------------------------------------------------------------------------------


def first_bid_why(variant: str, pick) -> str:
    asked: list[str] = []

    def answer(lesson) -> str:
        deal = lesson.deals[-1]
        if deal.phase is Phase.BIDDING and not asked:
            c = pick(deal.view(0))
            asked.append(c)
            return f"why {c}"
        return "skip"

    _, code, out = give_lesson(variant, answer)
    assert code == 0 and asked
    said = " ".join(out.split())
    return said[said.index(f"why {asked[0]}") :]


def test_why_a_card_in_round_1_speaks_of_the_up_cards_suit() -> None:
    said = first_bid_why("standard", lambda v: v.hand[0].code)
    assert "as trump" in said.split("Coach:")[1]
    assert "your hand should take about" in said
    assert "can be played" not in said.split("[")[0], "not about playing the card"


def test_why_the_jack_of_the_up_cards_colour_is_the_left_bower_for_the_bid() -> None:
    deal = make_deal({L: "JD 9C TC QC KC"}, up="TH")
    state = new_hand("standard", deal, dealer=D)
    view = state.view(L)
    assert bid_card(view, card("JD"), view.upcard.suit) == "bid:left"
    assert bid_card(view, card("9C"), view.upcard.suit) == "bid:side"
    assert bid_card(view, card("TH"), view.upcard.suit) == "bid:upcard"
    texts = coaching_texts(load_variant("standard"))
    said = fill(texts["bid:left"], {"card": "JD", "bidsuit": "hearts"})
    assert said.startswith("With hearts as trump, JD is the left bower")


def test_why_a_card_during_a_pepper_bid_speaks_of_the_bid() -> None:
    said = first_bid_why("pepper", lambda v: v.hand[-1].code)
    answer = said.split("Your bid")[0]
    assert "as trump" in answer or "At no trump" in answer
    assert "you must follow" not in answer and "can be played" not in answer


# ---------------------------------------------------------------------------------------
# The coach explains a clear mistake
# ---------------------------------------------------------------------------------------


def hearts_made_by_the_dealer(hands: dict[int, str]):
    deal = make_deal({**hands, D: "AH KH QH JD QC"}, up="TH")
    state = new_hand("standard", deal, dealer=D)
    return run(state, "pass, pass, pass, order, discard QC")


def test_trumping_a_partners_winning_ace_is_a_mistake() -> None:
    state = hearts_made_by_the_dealer(
        {L: "AC KC QS KS AS", P: "9C TC 9D TD QD", R: "JH 9H 9S TS AD"}
    )
    run(state, "play AC, play 9C")  # L's ace of clubs wins; R (L's partner) has no club
    view, legal = state.view(R), state.legal_actions()
    assert mistake(view, legal, Play(card("JH")), Play(card("9S"))) == "mistake:trump-partner"
    assert mistake(view, legal, Play(card("AD")), Play(card("9S"))) == "mistake:winner-on-partner"
    assert mistake(view, legal, Play(card("TS")), Play(card("9S"))) == "", "merely another card"


def test_overtaking_a_partners_winning_card_is_a_mistake() -> None:
    state = hearts_made_by_the_dealer(
        {L: "KC QS KS AS 9D", P: "9C TD QD KD AD", R: "AC TC 9S TS JH"}
    )
    run(state, "play KC, play 9C")
    view, legal = state.view(R), state.legal_actions()
    assert mistake(view, legal, Play(card("AC")), Play(card("TC"))) == "mistake:winner-on-partner"


def test_leading_away_from_a_guarded_king_into_the_maker_is_a_mistake() -> None:
    state = hearts_made_by_the_dealer({L: "KS 9S AC KC 9D"})
    view, legal = state.view(L), state.legal_actions()
    assert mistake(view, legal, Play(card("9S")), Play(card("AC"))) == "mistake:lead-from-king"
    assert mistake(view, legal, Play(card("KS")), Play(card("AC"))) == "", "the king itself"
    assert mistake(view, legal, Play(card("9D")), Play(card("AC"))) == ""


def test_ordering_up_a_weak_hand_is_a_mistake_the_coach_explains() -> None:
    deal = make_deal({L: "9C TC 9D TD QS"}, up="TH")
    state = new_hand("standard", deal, dealer=D)
    view, legal = state.view(L), state.legal_actions()
    advice = HeuristicBot(1).advise(view, legal)
    assert advice.action == PASS
    assert mistake(view, legal, Order(), advice.action) == "mistake:weak-bid"
    assert mistake(view, legal, PASS, advice.action) == ""
    assert mistake(view, legal, Call(None), Bid(3)) == ""


def test_in_a_lesson_a_weak_order_gets_the_explanation_not_both_are_allowed() -> None:
    def answer(lesson) -> str:
        choices, advice = lesson.current
        deal = lesson.deals[-1]
        if deal.phase is Phase.BIDDING and advice.action == PASS:
            return next(str(i) for i, a in choices.numbered() if a != PASS)
        return follow_the_coach(lesson)

    _, code, out = give_lesson("standard", answer)
    assert code == 0
    said = " ".join(out.split())
    assert "That bid was on a weak hand. I would have passed: you hold" in said
    assert "short of the" in said


def test_why_a_card_at_the_call_of_a_partner_speaks_of_the_trump_made() -> None:
    asked: list[str] = []

    def answer(lesson) -> str:
        view = lesson.deals[-1].view(0)
        if view.decision_kind == "call" and not asked:
            asked.append(view.hand[0].code)
            return f"why {asked[0]}"
        return follow_the_coach(lesson)

    _, code, out = give_lesson("call-ace", answer)
    assert code == 0 and asked, "the learner calls a partner in the call-ace lesson"
    said = " ".join(out.split())
    answer_text = said.split(f"why {asked[0]}")[1].split("Your choice")[0]
    assert "as trump" in answer_text and "your hand should take about" in answer_text


# ---------------------------------------------------------------------------------------
# A third-party plugin teaches itself
# ---------------------------------------------------------------------------------------


class Shout:
    """A house rule for these tests: it adds a line to the short rules."""

    NAME = "shout"

    @hookimpl
    def euchre_add_coaching(self) -> dict[str, str]:
        return {"rule": "Shout: the maker says the trump suit out loud."}


def test_a_third_party_rule_adds_its_own_short_rule() -> None:
    config = load_variant("standard", extra_plugins=[Shout()])
    answers = dict(coaching_answers(config))
    assert answers["shout"]["rule"].startswith("Shout:")
    texts = coaching_texts(config)
    assert texts["rules"] == coaching_texts(load_variant("standard"))["rules"]
    assert short_rules(config)[-1] == "Shout: the maker says the trump suit out loud."


def test_a_plugins_event_shows_the_topic_it_names() -> None:
    from euchre_plugins.call_ace import PartnerRevealed

    from euchre_core.coaching import TopicTracker

    tracker = TopicTracker(0, 4, None)
    assert tracker.feed(PartnerRevealed(2, 1, card("AD"), "played")) == ["secret-partner"]


@pytest.mark.parametrize("variant", ["pepper", "hasenpfeffer", "five-hundred", "bid-euchre"])
def test_the_glossary_does_not_count_five_tricks_where_the_hands_are_longer(variant: str) -> None:
    # Pepper's lessons said "makers: it must take 3 of the 5 tricks" and "march: taking
    # all 5 tricks", with six cards in each hand and a bid to make.
    from euchre_cli.glossary import Glossary

    from euchre_core.coaching import coaching_texts

    config = load_variant(variant)
    assert config.rules().table(config).hand_size != 5
    entries = Glossary(coaching_texts(config)).entries
    for term in ("makers", "euchred", "march"):
        text = entries[term]
        assert "all 5 tricks" not in text and not text.endswith("3 of the 5 tricks."), text

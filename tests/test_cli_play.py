"""euchre play / resume through CliRunner: prompts, reasons, saving on end of input,
resuming, watching, and what a person's typing means."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from euchre_cli.play import Choices, for_player, interpret
from helpers import MANY_ONES, D, L, P, invoke, make_deal, run

from euchre_core import new_game, new_hand
from euchre_core.actions import Call, Order, Play
from euchre_core.cards import card, pack
from euchre_core.records.history import load_record

pytestmark = pytest.mark.usefixtures("in_tmp")


# ---------------------------------------------------------------------------------------
# At the prompt
# ---------------------------------------------------------------------------------------


def test_garbage_at_the_prompt_gets_a_reason_and_the_prompt_again(in_tmp: Path) -> None:
    result = invoke("play", "--seed", "5", "--target", "2", input="xyz\n")
    out = result.output
    assert "cannot read 'xyz'" in out
    first = out.index("cannot read 'xyz'")
    assert "[1-" in out[first:], "the prompt is shown again after the reason"
    assert result.exit_code == 1


def test_end_of_input_saves_the_game_and_names_the_file(in_tmp: Path) -> None:
    result = invoke("play", "--seed", "5", "--target", "2", input="")
    assert result.exit_code == 1
    saved = in_tmp / "euchre-standard-5.json"
    assert saved.exists()
    assert str(saved) in result.output
    assert "euchre resume" in result.output
    record = load_record(saved)
    assert record.seed == 5
    assert record.meta["seat"] == 0


def test_a_card_not_held_is_refused_with_the_reason(in_tmp: Path) -> None:
    hand = new_game("standard", seed=5).hands[0]
    missing = next(c for c in pack("9") if c not in hand)
    result = invoke("play", "--seed", "5", "--target", "2", input=f"{missing.code.lower()}\n")
    assert f"you do not hold {missing.code}" in result.output
    assert result.exit_code == 1


def test_quit_saves_to_the_save_path(in_tmp: Path) -> None:
    result = invoke("play", "--seed", "8", "--save", "mine.json", input="quit\n")
    assert result.exit_code == 1
    assert (in_tmp / "mine.json").exists()
    assert "mine.json" in result.output


def test_a_hint_lists_the_choices_and_a_suggestion(in_tmp: Path) -> None:
    result = invoke("play", "--seed", "5", "--target", "2", input="?\n")
    assert "Your choices: 1 " in result.output
    assert "Hint: " in result.output


def test_a_hint_says_its_action_once(in_tmp: Path) -> None:
    # "Hint: discard 9S (4): discard 9S: it is the least useful card ..."
    import re

    result = invoke(
        "play", "--seed", "3", "--target", "2", "--ascii", input="?\n1\n" * 12 + "quit\n"
    )
    hints = re.findall(r"Hint: (.+?) \((\d+)\): (.+)", result.output)
    assert len(hints) >= 6, result.output[-2000:]
    for said, _, why in hints:
        assert not why.startswith(f"{said}:"), f"Hint: {said}: {why}"
        assert why.strip(), said


def test_a_whole_game_answering_1_then_resume_is_not_needed(in_tmp: Path) -> None:
    result = invoke("play", "--seed", "4", "--target", "3", "--save", "done.json", input=MANY_ONES)
    assert result.exit_code == 0, result.output[-2000:]
    assert "Game over" in result.output
    check = invoke("replay", "done.json", "--check", "--json")
    assert check.exit_code == 0, check.output
    assert json.loads(check.output)["finished"] is True


def test_resume_carries_on_a_game_saved_at_end_of_input(in_tmp: Path) -> None:
    first = invoke("play", "--seed", "6", "--target", "3", input="1\n1\n1\n")
    assert first.exit_code == 1
    saved = in_tmp / "euchre-standard-6.json"
    before = len(load_record(saved).actions)
    assert before > 0
    second = invoke("resume", str(saved), input=MANY_ONES)
    assert second.exit_code == 0, second.output[-2000:]
    assert "Resuming standard, seed 6" in second.output
    assert "Game over" in second.output


def test_resume_of_a_missing_file_fails_cleanly(in_tmp: Path) -> None:
    result = invoke("resume", "nothing.json")
    assert result.exit_code == 1
    assert "nothing.json: no such file" in result.output


# ---------------------------------------------------------------------------------------
# Watching and saving
# ---------------------------------------------------------------------------------------


def test_watch_plays_a_whole_game_without_a_person(in_tmp: Path) -> None:
    result = invoke("play", "--watch", "--seed", "1", "--target", "5")
    assert result.exit_code == 0, result.output
    assert "Trick 1:" in result.output
    assert "Game over" in result.output


def test_watch_an_individual_variant_shows_per_seat_scores(in_tmp: Path) -> None:
    result = invoke("play", "cutthroat", "--watch", "--seed", "2", "--target", "3")
    assert result.exit_code == 0, result.output
    last = result.output.strip().splitlines()
    assert any("Final score" in ln for ln in last)
    final = next(ln for ln in last if "Final score" in ln)
    assert "South" in final and "West" in final and "East" in final


def test_save_egn_writes_egn_that_replays_like_the_json(in_tmp: Path) -> None:
    from euchre_core.records.egn import read_egn

    a = invoke("play", "--watch", "--seed", "2", "--target", "5", "--save", "g.egn")
    b = invoke("play", "--watch", "--seed", "2", "--target", "5", "--save", "g.json")
    assert a.exit_code == 0 and b.exit_code == 0, a.output + b.output
    text = (in_tmp / "g.egn").read_text(encoding="utf-8")
    assert "Euchre Game Notation" in text
    assert read_egn(in_tmp / "g.egn").actions == load_record(in_tmp / "g.json").actions
    egn = json.loads(invoke("replay", "g.egn", "--check", "--json").output)
    own = json.loads(invoke("replay", "g.json", "--check", "--json").output)
    assert egn["deals"] == own["deals"]
    assert egn["final_score"] == own["final_score"]
    assert egn["finished"] is True


def test_save_egn_of_a_variant_egn_cannot_hold_is_refused_before_the_game(in_tmp: Path) -> None:
    args = ["cutthroat", "--watch", "--seed", "3", "--target", "2", "--save", "c.egn"]
    result = invoke("play", *args)
    assert result.exit_code == 2
    assert result.output.count("\n") == 1, result.output
    assert "--save c.egn: EGN cannot hold this game" in result.output
    assert "cutthroat" in result.output and ".json" in result.output
    assert "Trick 1" not in result.output, "refused before the first deal"
    assert list(in_tmp.iterdir()) == []


def test_target_sets_the_target_score(in_tmp: Path) -> None:
    result = invoke("play", "--watch", "--seed", "3", "--target", "4", "--save", "t.json")
    assert result.exit_code == 0
    record = load_record(in_tmp / "t.json")
    assert record.variant["options"]["standard"]["target_score"] == 4


def test_ascii_draws_no_suit_symbols(in_tmp: Path) -> None:
    result = invoke("play", "--watch", "--seed", "3", "--target", "2", "--ascii")
    assert result.exit_code == 0
    assert not any(sym in result.output for sym in "♣♦♥♠│─")


# ---------------------------------------------------------------------------------------
# What typing means (the parser behind the prompt)
# ---------------------------------------------------------------------------------------


def _follow_spot():
    """Seat P must follow spades (holds KS) after L leads AS; hearts are trump."""
    deal = make_deal({L: "AS AD KD QD TD", P: "KS 9H 9C TC QC", D: "AH KH QH TH 9S"}, up="JH")
    state = new_hand("standard", deal, dealer=D)
    return run(state, "order, discard 9S, play AS")


def test_a_card_that_does_not_follow_suit_gets_the_rules_reason_for_the_player() -> None:
    state = _follow_spot()
    assert state.to_act == P
    choices = Choices(state.view(P), state.legal_actions())
    reason = interpret("9h", state, choices)
    assert isinstance(reason, str)
    assert "you must follow spades" in reason
    assert "you hold KS" in reason


def test_a_card_code_in_any_case_or_its_number_plays_it() -> None:
    state = _follow_spot()
    choices = Choices(state.view(P), state.legal_actions())
    assert interpret("ks", state, choices) == Play(card("KS"))
    assert interpret("KS", state, choices) == Play(card("KS"))
    assert interpret("1", state, choices) == Play(card("KS"))
    assert choices.card_numbers == {card("KS"): 1}
    assert "there is no choice 2" in str(interpret("2", state, choices))


def test_bids_by_word_and_by_number() -> None:
    deal = make_deal({L: "AS AD KD QD TD"}, up="JH")
    state = new_hand("standard", deal, dealer=D)
    choices = Choices(state.view(L), state.legal_actions())
    assert interpret("order", state, choices) == Order(False)
    assert interpret("Order Alone", state, choices) == Order(True)
    assert interpret("pick it up", state, choices) == Order(False)
    assert interpret("pass", state, choices) == state.legal_actions()[0]
    numbered = dict(choices.numbered())
    assert interpret("3", state, choices) == numbered["3"]
    refused = interpret("hearts", state, choices)  # naming a suit is for round 2
    assert isinstance(refused, str)
    run(state, "pass, pass, pass, pass")
    choices = Choices(state.view(L), state.legal_actions())
    assert interpret("s", state, choices) == Call(card("AS").suit)
    assert interpret("spades alone", state, choices) == Call(card("AS").suit, True)
    assert interpret("call d", state, choices) == Call(card("AD").suit)
    assert isinstance(interpret("h", state, choices), str)  # hearts was turned down


def test_rules_sentences_are_rephrased_for_the_player() -> None:
    assert (
        for_player("cannot play QS: must follow hearts, holds KH", 0)
        == "you cannot play QS: you must follow hearts: you hold KH"
    )
    assert for_player("seat 2 does not hold 9C", 2) == "you do not hold 9C"
    assert for_player("seat 0 must bid now, not 'play 9C'", 0).startswith("you must bid now")


@pytest.mark.parametrize(
    ("rule", "note", "question"),
    [
        ("farmers-hand", "You hold no farmer's hand to claim: you pass.", "Your choice (farmer)"),
        (
            "weak-hand-redeal",
            "You hold no weak hand to show for a redeal: you pass.",
            "Your choice (redeal)",
        ),
    ],
)
def test_a_question_put_to_every_seat_is_passed_for_a_hand_that_cannot_claim(
    rule: str, note: str, question: str
) -> None:
    """Every seat is asked (so that no one learns whose hand qualifies); a person whose
    hand can only pass is not made to type it: the pass is taken, with a note."""
    from euchre_core.actions import Pass

    result = invoke("play", "--rule", rule, "--seed", "1", "--ascii", input="quit\n")
    record = load_record(next(Path.cwd().glob("euchre-*.json")))
    passes = [a for s, a in record.actions if s == 0 and a == str(Pass())]
    assert note in result.output  # seat 0 holds no such hand in the first deal of seed 1
    assert passes, "the note says the person passed: the record shows it"
    assert question not in result.output


# ---------------------------------------------------------------------------------------
# The hard bots' thinking time
# ---------------------------------------------------------------------------------------


def test_think_ms_sets_the_hard_bots_time_per_decision_and_is_saved(in_tmp: Path) -> None:
    from euchre_cli.play import make_bots

    bots, used = make_bots("search", [1, 2, 3], 7, think_ms=5)
    assert used == "search"
    assert all(b.time_budget == pytest.approx(0.005) for b in bots.values())
    result = invoke(
        "play", "--level", "hard", "--think-ms", "5", "--seed", "5", "--save", "h.json", input=""
    )
    assert result.exit_code == 1  # the end of input stops the game, saved
    assert load_record(in_tmp / "h.json").meta["think_ms"] == 5


def test_think_ms_with_bots_that_do_not_search_is_refused_by_name(in_tmp: Path) -> None:
    result = invoke("play", "--level", "normal", "--think-ms", "20", "--seed", "5")
    assert result.exit_code == 2
    assert "--think-ms 20" in result.output and "--level hard" in result.output
    assert "Traceback" not in result.output
    assert not list(in_tmp.glob("euchre-*.json")), "no game is started"


@pytest.mark.parametrize("value", ["-5", "fast"])
def test_a_think_ms_that_is_not_a_time_is_refused(value: str, in_tmp: Path) -> None:
    result = invoke("play", "--level", "hard", "--think-ms", value, "--seed", "5")
    assert result.exit_code == 2
    assert "--think-ms" in result.output
    assert "Traceback" not in result.output

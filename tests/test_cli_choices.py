"""What a person types at a prompt means one thing only, in every variant: numbers are bids
or seats where the decision is about bids or seats, the prompt lists what this decision
accepts in the variant's own words, risky choices are confirmed, and ``undo``, ``score``
and ``Play again?`` behave."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from euchre_cli.choices import Choices, confirmation, footer, interpret, read
from euchre_cli.render import seat_names
from euchre_cli.scoresheet import score_rows
from helpers import MANY_ONES, invoke

from euchre_core import load_variant
from euchre_core.actions import Action, Bid, Call, DefendAlone, GoAlone, Order, Partner
from euchre_core.bots import make_bot
from euchre_core.records.history import load_record, replay
from euchre_core.state import State

pytestmark = pytest.mark.usefixtures("in_tmp")


def choices_of(state: State, names: list[str] | None = None) -> Choices:
    seat = state.to_act
    assert seat is not None
    return Choices(state.view(seat), state.legal_actions(), state.rules, names)


def advance(state: State, until, seed: str = "t", limit: int = 400) -> State:
    """Let heuristic bots play every seat until ``until(state)`` holds."""
    bots = {s: make_bot("heuristic", f"{seed}/{s}") for s in range(state.seats)}
    for _ in range(limit):
        if until(state):
            return state
        s = state.to_act
        assert s is not None, "the game ended first"
        state.apply(bots[s].choose(state.view(s), state.legal_actions()))
    raise AssertionError("the position never came")


def pepper_opening() -> State:
    """Pepper, seed 11: the first bidder, with every bid open."""
    return State(load_variant("pepper"), seed=11)


def auction_partners() -> State:
    """Auction euchre, seed 1: the declarer (seat 2) names partners."""
    state = State(load_variant("auction"), seed=1)
    return advance(state, lambda s: s.decision is not None and s.decision.kind == "partner", "1")


# ---------------------------------------------------------------------------------------
# Numbers are bids and seats
# ---------------------------------------------------------------------------------------


def test_in_pepper_a_number_typed_is_that_bid() -> None:
    state = pepper_opening()
    choices = choices_of(state)
    assert choices.lettered, "a menu of bids is keyed by letters"
    for n in (1, 2, 3, 4, 5):
        assert interpret(str(n), state, choices) == Bid(n)
    assert interpret("little pepper", state, choices) == Bid("little-pepper")
    assert interpret("bid big-pepper", state, choices) == Bid("big-pepper")


def test_in_pepper_a_number_below_the_high_bid_is_refused_not_taken_as_a_position() -> None:
    state = pepper_opening()
    state.apply(Bid(5))
    choices = choices_of(state)
    assert choices.lettered, "still letters once only the peppers are left"
    for text in ("2", "4"):
        reason = interpret(text, state, choices)
        assert isinstance(reason, str)
        assert "higher than 5" in reason
        # and what the menu takes instead (it left the letters out)
        assert reason.endswith(f"; {choices.accepts(every_card=True)}"), reason
    reason = interpret("bid 4", state, choices)  # typed in full: the same
    assert isinstance(reason, str) and reason.endswith(f"; {choices.accepts(every_card=True)}")


def test_in_auction_a_partner_is_named_by_seat_number_or_name_never_by_position() -> None:
    state = auction_partners()
    declarer = state.to_act
    assert declarer == 2
    names = seat_names(state.seats, declarer)
    choices = choices_of(state, names)
    assert choices.lettered
    offered = [a for a in choices.actions if isinstance(a, Partner)]
    assert len(offered) == 4
    for a in offered:
        assert interpret(str(a.seat), state, choices) == a
        assert interpret(names[a.seat].lower(), state, choices) == a
        assert interpret(f"partner {names[a.seat]}", state, choices) == a
    refused = interpret(str(declarer), state, choices)  # one's own seat is not on offer
    assert isinstance(refused, str)
    assert [k for k, _ in choices.numbered()] == ["a", "b", "c", "d"]


def test_menu_letters_never_take_the_answers_or_the_commands() -> None:
    state = pepper_opening()
    keys = [k for k, _ in choices_of(state).numbered()]
    assert not {"n", "y", "q", "t"} & set(keys)
    assert len(set(keys)) == len(keys)


# ---------------------------------------------------------------------------------------
# Risky choices are confirmed unless typed in full
# ---------------------------------------------------------------------------------------


def _key(choices: Choices, action: Action) -> str:
    return next(k for k, a in choices.numbered() if a == action)


def test_pepper_and_big_pepper_typed_by_their_letter_ask_for_confirmation() -> None:
    state = pepper_opening()
    choices = choices_of(state)
    big = read(_key(choices, Bid("big-pepper")), state, choices)
    little = read(_key(choices, Bid("little-pepper")), state, choices)
    assert not isinstance(big, str) and not isinstance(little, str)
    assert confirmation(big, choices) == "Bid big pepper: 24 points at risk? [y/N] "
    assert confirmation(little, choices) == "Bid little pepper: 12 points at risk? [y/N] "


def test_pepper_typed_in_full_is_taken_without_a_question() -> None:
    state = pepper_opening()
    choices = choices_of(state)
    for text in ("bid big-pepper", "big pepper", "bid big pepper", "little pepper"):
        got = read(text, state, choices)
        assert not isinstance(got, str)
        assert confirmation(got, choices) is None, text


def test_an_ordinary_bid_is_never_questioned() -> None:
    state = pepper_opening()
    choices = choices_of(state)
    for text in ("4", _key(choices, Bid(4)), "bid 4"):
        got = read(text, state, choices)
        assert not isinstance(got, str)
        assert got.action == Bid(4)
        assert confirmation(got, choices) is None


def test_the_fifteen_of_auction_typed_as_a_number_is_confirmed() -> None:
    state = State(load_variant("auction"), seed=1)
    choices = choices_of(state)
    got = read("15", state, choices)
    assert not isinstance(got, str)
    assert got.action == Bid(15)
    assert confirmation(got, choices) == "Bid 15: 15 points at risk? [y/N] "
    assert confirmation(read("3", state, choices), choices) is None  # type: ignore[arg-type]


def test_a_lone_hand_by_its_number_is_confirmed_and_in_words_is_not() -> None:
    state = State(load_variant("standard"), seed=5)
    choices = choices_of(state)
    lone = read(_key(choices, Order(True)), state, choices)
    assert not isinstance(lone, str)
    question = confirmation(lone, choices)
    assert question is not None and "alone" in question and "partner sits out" in question
    assert confirmation(read("order alone", state, choices), choices) is None  # type: ignore[arg-type]


def test_the_confirmation_at_the_table_no_then_garbage_then_yes(in_tmp: Path) -> None:
    state = pepper_opening()
    key = _key(choices_of(state), Bid("big-pepper"))
    seat = state.to_act
    assert seat is not None
    result = invoke(
        "play", "pepper", "--seed", "11", "--seat", str(seat), input=f"{key}\nn\n{key}\nmaybe\ny\n"
    )
    out = result.output
    assert out.count("Bid big pepper: 24 points at risk? [y/N]") == 3
    assert "Not taken: choose again." in out
    assert "Answer y (yes) or n (no)." in out
    assert result.exit_code == 1  # the input ended later: the game is saved
    record = load_record(in_tmp / "euchre-pepper-11.json")
    assert (seat, "bid big-pepper") in record.actions


def test_end_of_input_at_the_confirmation_saves_the_game_without_the_bid(in_tmp: Path) -> None:
    state = pepper_opening()
    key = _key(choices_of(state), Bid("big-pepper"))
    seat = state.to_act
    result = invoke("play", "pepper", "--seed", "11", "--seat", str(seat), input=f"{key}\n")
    assert result.exit_code == 1
    assert "end of input" in result.output
    record = load_record(in_tmp / "euchre-pepper-11.json")
    assert all(text != "bid big-pepper" for _, text in record.actions)


# ---------------------------------------------------------------------------------------
# Every text from the variant in play
# ---------------------------------------------------------------------------------------

VARIANTS = ["standard", "pepper", "pepper-3", "auction", "cutthroat", "two-hand", "call-ace"]
HOUSE = ["defend-alone", "dealer-forfeit", "optional-pickup", "stick-the-dealer"]
_RANGE = re.compile(r"^(\d+)(?:-\d+|(?:/\d+)+) \(\w+\)$")


def _footer_matches_the_legal_actions(state: State, names: list[str]) -> None:
    seat = state.to_act
    assert seat is not None
    view = state.view(seat)
    legal = state.legal_actions()
    choices = Choices(view, legal, state.rules, names)
    line = footer(view, choices)
    for a in legal:  # every action offered has the variant's words
        assert state.rules.action_words(view, a) is not None, f"{config_name(state)}: {a}"
    refusal = read("xyzzy", state, choices)
    assert isinstance(refusal, str)
    # No word of standard euchre unless this decision offers it.
    for text in (line, refusal):
        if re.search(r"\border\b", text):
            assert any(isinstance(a, Order) for a in legal), text
        if re.search(r"\bcall [cdhs]\b", text):
            assert any(isinstance(a, Call) for a in legal), text
        if "alone" in text:
            assert any(
                getattr(a, "alone", False) or isinstance(a, (GoAlone, DefendAlone)) for a in legal
            ), text
    # Every example shown reads as a legal action of this decision.
    for example in choices.examples():
        m = _RANGE.match(example)
        typed = m.group(1) if m else example.split(" or ")[0]
        got = read(typed, state, choices)
        assert not isinstance(got, str), f"{example!r}: {got}"
        assert got.action in legal, example
        assert typed in line, (typed, line)


def config_name(state: State) -> str:
    return "+".join(state.rules.names)


ACTION_PLUGINS = [
    "tricks",
    "standard",
    "auction",
    "pepper",
    "call-ace",
    "cutthroat",
    "defend-alone",
    "dealer-forfeit",
    "misdeal",
    "weak-hand-redeal",
    "farmers-hand",
    "renege",
]


@pytest.mark.parametrize("plugin", ACTION_PLUGINS)
def test_every_built_in_plugin_that_offers_actions_gives_their_words(plugin: str) -> None:
    from euchre_core.manager import build_rules

    rules = build_rules(["tricks", plugin])
    assert plugin in rules.implementers("action_words")


@pytest.mark.parametrize("variant", VARIANTS + [f"standard+{h}" for h in HOUSE])
def test_footers_and_refusals_name_only_what_the_decision_offers(variant: str) -> None:
    name, _, rule = variant.partition("+")
    config = load_variant(name, rules=[rule] if rule else ())
    state = State(config, seed=3)
    bots = {s: make_bot("random", f"3/{s}") for s in range(state.seats)}
    names = seat_names(state.seats, 0)
    decisions = 0
    while not state.is_over and decisions < 120:
        _footer_matches_the_legal_actions(state, names)
        s = state.to_act
        assert s is not None
        state.apply(bots[s].choose(state.view(s), state.legal_actions()))
        decisions += 1
    assert decisions > 20


def test_cutthroat_never_offers_order_alone_in_its_footer() -> None:
    state = State(load_variant("cutthroat"), seed=2)
    choices = choices_of(state)
    line = footer(state.view(state.to_act), choices)  # type: ignore[arg-type]
    assert "order" in line
    assert "alone" not in line


def test_pepper_bidding_footer_lists_bids_not_euchre_calls() -> None:
    state = pepper_opening()
    line = footer(state.view(state.to_act), choices_of(state))  # type: ignore[arg-type]
    assert line.startswith("Type a letter, or: pass, 1-5 (bid), little pepper, big pepper;")
    assert "order" not in line and "call h" not in line


# ---------------------------------------------------------------------------------------
# undo
# ---------------------------------------------------------------------------------------


def test_undo_before_any_decision_says_there_is_nothing_to_take_back(in_tmp: Path) -> None:
    result = invoke("play", "--seed", "5", "--target", "2", input="undo\n")
    assert "There is nothing of yours to take back yet." in result.output


def test_undo_takes_back_the_last_decision_and_the_bot_moves_after_it(in_tmp: Path) -> None:
    before = invoke("play", "--seed", "5", "--target", "2", "--save", "a.json", input="1\n1\n")
    undone = invoke(
        "play", "--seed", "5", "--target", "2", "--save", "b.json", input="1\n1\n1\nundo\n"
    )
    assert before.exit_code == undone.exit_code == 1
    assert "Taken back: " in undone.output
    a = load_record(in_tmp / "a.json")
    b = load_record(in_tmp / "b.json")
    assert b.actions == a.actions, "the same position as before that decision"
    assert len(b.meta["undone"]) == 1
    index, seat, text = b.meta["undone"][0]
    assert (index, seat) == (len(b.actions), 0)
    assert text and isinstance(text, str)
    assert replay(b).to_act == 0


def test_undo_is_deterministic_and_resume_keeps_the_undo_history(in_tmp: Path) -> None:
    keys = "1\n1\n1\nundo\n1\n1\n"
    first = invoke("play", "--seed", "5", "--target", "2", "--save", "x.json", input=keys)
    second = invoke("play", "--seed", "5", "--target", "2", "--save", "y.json", input=keys)
    assert first.exit_code == second.exit_code == 1
    x = load_record(in_tmp / "x.json")
    y = load_record(in_tmp / "y.json")
    assert x.actions == y.actions
    assert x.meta["undone"] == y.meta["undone"]
    resumed = invoke("resume", "x.json", input="1\n")
    assert resumed.exit_code == 1
    again = load_record(in_tmp / "x.json")
    assert again.meta["undone"] == x.meta["undone"]
    assert len(again.actions) > len(x.actions)


def test_a_resumed_game_with_a_broken_undo_history_fails_cleanly(in_tmp: Path) -> None:
    import json

    invoke("play", "--seed", "5", "--target", "2", input="1\n")
    path = in_tmp / "euchre-standard-5.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["meta"]["undone"] = [["x", 0]]
    path.write_text(json.dumps(data), encoding="utf-8")
    result = invoke("resume", str(path), input="")
    assert result.exit_code == 1
    assert "meta.undone must be a list of [action_index, seat, action_text]" in result.output
    assert "Traceback" not in result.output


def test_watching_offers_no_undo(in_tmp: Path) -> None:
    result = invoke("play", "--watch", "--seed", "1", "--target", "2")
    assert result.exit_code == 0
    said = result.output.replace("\n", "").replace(str(in_tmp), "")  # its name says "undo"
    assert "undo" not in said
    assert "Play again?" not in said


# ---------------------------------------------------------------------------------------
# The score deal by deal, and play again
# ---------------------------------------------------------------------------------------


def test_score_before_any_deal_says_so(in_tmp: Path) -> None:
    result = invoke("play", "--seed", "5", "--target", "2", input="score\n")
    assert "No deal has been scored yet." in result.output


def test_score_rows_add_up_to_the_running_total() -> None:
    state = State(load_variant("standard"), seed=4)
    advance(state, lambda s: s.is_over, "4")
    sides = state.table.sides
    rows = score_rows(state.hand_records, sides)
    assert len(rows) == len(state.hand_records) > 1
    running = [0] * len(sides)
    for deal, (number, _, points, totals) in enumerate(rows, 1):
        assert number == str(deal)
        running = [r + p for r, p in zip(running, points, strict=True)]
        assert totals == running
    assert rows[-1][3] == [state.scores[side[0]] for side in sides]


def test_the_game_ends_with_the_score_sheet_and_play_again_no(in_tmp: Path) -> None:
    result = invoke("play", "--seed", "4", "--target", "3", input=MANY_ONES[:400] + "n\n")
    assert result.exit_code == 0, result.output[-2000:]
    out = result.output
    assert "Score deal by deal" in out
    assert out.index("Game over") < out.index("Score deal by deal") < out.index("Play again?")
    assert "Answer y (yes) or n (no)." in out  # the 1s left over were not an answer
    assert out.count("seed ") == 1, "one game only"


def test_play_again_yes_starts_a_new_game_with_a_new_seed(in_tmp: Path) -> None:
    first = invoke("play", "--seed", "4", "--target", "3", input=MANY_ONES[:400] + "n\n")
    games = re.findall(r"seed (\d+), game to", first.output)
    assert games == ["4"]
    # Play the first game to its end, say yes, then the input ends in the second game.
    prompts = first.output.count("? for a hint]: ")
    keys = "1\n" * prompts + "n\ny\n" + "1\n" * 3  # no review, then play again
    result = invoke("play", "--seed", "4", "--target", "3", input=keys)
    seeds = re.findall(r"seed (\d+), game to", result.output)
    assert len(seeds) == 2 and seeds[0] == "4" and seeds[1] != "4"
    assert result.exit_code == 1, "the second game was interrupted by the end of input"
    assert (in_tmp / f"euchre-standard-{seeds[1]}.json").exists()


def test_end_of_input_at_play_again_exits_zero(in_tmp: Path) -> None:
    result = invoke("play", "--seed", "4", "--target", "3", input=MANY_ONES + "n\n")
    assert result.exit_code == 0, result.output[-2000:]
    assert result.output.rstrip().endswith("Play again? [y/N]")


def test_the_end_of_a_game_offers_its_review_before_play_again(in_tmp: Path) -> None:
    result = invoke("play", "--seed", "4", "--target", "3", input=MANY_ONES)
    assert result.exit_code == 0, result.output[-2000:]
    out = result.output
    assert out.index("Score deal by deal") < out.index("Review this game? [y/N]")
    assert out.rstrip().endswith("Review this game? [y/N]")


def test_input_that_is_no_card_is_answered_with_every_card_that_may_be_played() -> None:
    # it listed one card code ("or: JS"), as if that were the only one
    state = advance(State(load_variant("standard"), seed=3), lambda s: s.phase.value == "play")
    legal = [a.card.code for a in state.legal_actions() if a.card is not None]
    assert len(legal) > 1
    said = read("zz", state, choices_of(state))
    assert isinstance(said, str) and said.startswith("cannot read 'zz': type a number")
    listed = said.split("or: ", 1)[1].split()
    assert sorted(listed) == sorted(legal)


def test_undo_over_a_hand_sat_out_leaves_none_of_its_tricks_on_the_table(in_tmp: Path) -> None:
    # the partner played alone; after the undo of the pass before it, the table still
    # showed that hand's last trick as "Last deal", a trick of a deal taken back
    from euchre_cli.play import Session
    from helpers import offscreen

    state = State(load_variant("standard"), seed=5)
    for _ in range(400):
        seat, legal = state.to_act, state.legal_actions()
        if state.hand_number == 1 and seat == 0:
            break
        if state.phase.value != "play" and state.hand_number == 0:
            alone = [a for a in legal if "alone" in str(a)]
            spoke = any(s == 0 for s, _ in state.actions)
            if seat == 2 and alone and spoke:
                state.apply(alone[0])
                continue
            state.apply(next((a for a in legal if str(a) == "pass"), legal[0]))
            continue
        state.apply(legal[0])
    assert state.hand_number == 1 and state.to_act == 0
    assert state.hand_records[0].alone == (2,)  # seat 0 sat the first hand out
    screen, _out = offscreen(state)
    session = Session(state, human=0, bots="random", screen=screen)
    session.narrate()
    assert screen.last_trick is not None and screen.last_trick.number == 4
    session.undo()
    assert session.state.hand_number == 0 and not session.state.view(0).tricks
    assert screen.last_trick is None  # no deal before this one: no last trick to show


def test_a_refusal_and_an_undo_say_their_cards_as_the_table_draws_them(tmp_path: Path) -> None:
    # "not 'order alone' (choices: play TD)" and "Taken back: play QC": the engine's codes
    import os
    import subprocess
    import sys

    run = subprocess.run(
        [sys.executable, "-m", "euchre_cli", "play", "--seed", "8"],
        cwd=tmp_path,
        input="1\n1\norder alone\nundo\nquit\n",
        capture_output=True,
        text=True,
        env={k: v for k, v in os.environ.items() if k != "NO_COLOR"} | {"COLUMNS": "80"},
        timeout=120,
    )
    out = run.stdout
    assert "you must play a card now, not 'order alone': type a number (1), or: 10♦" in out
    assert "(choices:" not in out
    assert "Taken back: play Q♣ and 4 moves after it." in out


def test_target_that_does_not_set_the_games_goal_is_refused_naming_the_option(
    in_tmp: Path,
) -> None:
    # Buck counts down from 15 to 0: buck.target_score only counts with direction = up,
    # so --target 25 was taken and ignored (the game still counted down from 15).
    result = invoke("play", "buck", "--seed", "1", "--target", "25", input="")
    assert result.exit_code == 2
    line = result.output.strip()
    assert line.endswith(
        "--target 25: this game counts down from 15 to 0;"
        " -o buck.start_score=N sets where it starts"
    ), line
    assert not list(in_tmp.glob("*.json")), "no game is started"
    up = invoke(
        "play", "buck", "--seed", "1", "--target", "25", "-o", "buck.direction=up", input=""
    )
    assert "game to 25" in up.output


@pytest.mark.parametrize(
    "variant", ["five-hundred", "pepper", "auction", "buck", "call-ace", "napoleon", "standard"]
)
def test_every_choice_typed_as_the_table_shows_it_is_that_choice(variant: str) -> None:
    # Five Hundred listed "bid 6 no trump" and "bid 7 spades", and refused both typed back
    # ("cannot read 'bid 6 spades'"); only "6s" or the letter worked.
    from helpers import offscreen

    state = State(load_variant(variant), seed=3)
    bots = {s: make_bot("heuristic", f"3/{s}") for s in range(state.seats)}
    checked = 0
    for _ in range(200):  # a few hands: bids, trumps, partners, discards, staying in
        if state.is_over:
            break
        seat = state.to_act
        assert seat is not None
        view, legal = state.view(seat), state.legal_actions()
        screen, _ = offscreen(state)
        choices = Choices(view, legal, names=screen.names)
        for a in choices.actions:
            shown = screen.action(a, view).plain
            if a.card is None and interpret(shown, state, choices) != a:
                raise AssertionError(f"{shown!r} typed back: {interpret(shown, state, choices)}")
            checked += a.card is None
        state.apply(bots[seat].choose(view, legal))
    assert checked >= 10


def test_the_prompt_asks_for_trump_when_only_suits_are_offered() -> None:
    # Pepper's high bidder naming trump was asked "Your bid"; Hasenpfeffer's "Your
    # choice (name-trump)".
    from euchre_cli.choices import asked_for

    for variant in ("pepper", "hasenpfeffer"):
        state = State(load_variant(variant), seed=2)
        bots = {s: make_bot("heuristic", f"2/{s}") for s in range(state.seats)}
        asked = set()
        while state.hand_records == []:
            seat = state.to_act
            assert seat is not None
            view, legal = state.view(seat), state.legal_actions()
            if all(isinstance(a, Call) for a in legal):
                asked.add(asked_for(view, Choices(view, legal).actions))
            state.apply(bots[seat].choose(view, legal))
        assert asked == {"Your trump"}, (variant, asked)
    view = State(load_variant("standard"), seed=2).view(1)
    assert (
        asked_for(
            view, Choices(view, State(load_variant("standard"), seed=2).legal_actions()).actions
        )
        == "Your bid"
    )


def test_railroads_declining_choices_are_offered_in_their_own_words() -> None:
    # "Type a number, or: defend alone, pass" under "1 defend alone  2 defend with your
    # partner": "pass" was on no line of the menu.
    from euchre_cli.choices import asked_for

    from euchre_core.actions import PASS

    state = State(load_variant("railroad"), seed=1)
    bots = {s: make_bot("heuristic", s) for s in range(state.seats)}
    seen = set()
    while state.hand_records == [] and len(seen) < 2:
        seat = state.to_act
        assert seat is not None
        view, legal = state.view(seat), state.legal_actions()
        if view.decision_kind in ("call-for-best", "defend"):
            seen.add(view.decision_kind)
            choices = Choices(view, legal)
            said = footer(view, choices)
            assert "pass" not in said.split(";")[0] and ", no;" in said, said
            assert interpret("no", state, choices) == PASS
            if view.decision_kind == "call-for-best":  # it was "Your choice (best)"
                assert asked_for(view, choices.actions) == "Your choice (call for best)"
        state.apply(bots[seat].choose(view, legal))
    assert seen == {"call-for-best", "defend"}

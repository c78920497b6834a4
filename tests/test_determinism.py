"""Determinism: a seed is a game; a saved record replays to the same game; a record with
an illegal action is refused with the deal and the action named."""

from __future__ import annotations

import json

import pytest
from helpers import group_deal

from euchre_core import IllegalActionError, RecordError, new_game
from euchre_core.bots import make_bot
from euchre_core.records.history import load_record, record_of, replay, save_record


def bot_game(seed, rules=(), options=None, deals=None):
    state = new_game(
        "standard", seed=seed, rules=rules, options=options or {}, deals=deals, dealer=None
    )
    bots = [make_bot("random", f"{seed}/seat{s}") for s in range(4)]
    while not state.is_over:
        seat = state.to_act
        state.apply(bots[seat].choose(state.view(seat), state.legal_actions()))
    return state


@pytest.mark.parametrize(
    ("rules", "options"),
    [
        ((), {}),
        (("stick-the-dealer", "defend-alone", "super-euchre"), {"standard.target_score": 5}),
        (("no-trump-passout", "must-trump"), {"standard.alone_by": "any_player"}),
    ],
)
def test_same_seed_same_bots_give_the_same_game(rules, options):
    a = bot_game(11, rules, options)
    b = bot_game(11, rules, options)
    assert a.events == b.events
    assert a.actions == b.actions
    assert a.scores == b.scores and a.result == b.result


def test_different_seeds_give_different_deals():
    assert new_game("standard", seed=1).deal != new_game("standard", seed=2).deal


def test_a_saved_record_replays_to_the_same_game(tmp_path):
    state = bot_game(5, ("defend-alone",), {"standard.opening_lead": "left_of_lone"})
    path = tmp_path / "game.json"
    save_record(record_of(state, players=["S", "W", "N", "E"]), path)
    loaded = load_record(path)
    again = replay(loaded)
    assert again.events == state.events
    assert again.scores == state.scores
    assert again.result == state.result
    assert again.first_dealer == state.first_dealer
    assert json.loads(path.read_text())["players"] == ["S", "W", "N", "E"]


def test_a_record_from_explicit_deals_replays(tmp_path):
    deals = [group_deal([1, 3, 1, 3, 1]), group_deal([2] * 5, up="9H")]
    state = new_game("standard", deals=deals, dealer=0, seed=3)
    bots = [make_bot("random", f"d/{s}") for s in range(4)]
    for _ in range(40):
        state.apply(bots[state.to_act].choose(None, state.legal_actions()))
    path = tmp_path / "partial.json"
    save_record(record_of(state), path)
    again = replay(load_record(path))
    assert again.events == state.events
    assert again.deal == state.deal


def test_replaying_an_illegal_action_names_the_deal_and_the_action(tmp_path):
    state = bot_game(9)
    record = record_of(state)
    # The first card play of the second hand: change it to a card its seat does not hold.
    second = next(i for i, (_, a) in enumerate(record.actions) if a == "pass" and i > 30)
    index = next(
        i for i in range(second, len(record.actions)) if record.actions[i][1].startswith("play")
    )
    seat, _ = record.actions[index]
    held = {c.code for c in replay(record, stop=index).hands[seat]}
    foreign = next(c for c in ("9C", "TC", "JC", "QC", "KC", "AC", "9D", "TD") if c not in held)
    record.actions[index] = (seat, f"play {foreign}")
    path = tmp_path / "bad.json"
    save_record(record, path)
    hand = replay(record, stop=index).hand_number + 1
    with pytest.raises(RecordError) as err:
        replay(load_record(path))
    message = str(err.value)
    assert f"deal {hand}" in message
    assert f"action {index + 1}" in message
    assert f"play {foreign}" in message
    assert "illegal" in message


def test_replaying_an_action_for_the_wrong_seat_is_refused():
    state = bot_game(4)
    record = record_of(state)
    seat, text = record.actions[0]
    record.actions[0] = ((seat + 1) % 4, text)
    with pytest.raises(RecordError, match=r"deal 1, action 1 .*recorded for seat"):
        replay(record)


def test_a_deep_copy_of_a_state_goes_on_by_itself() -> None:
    import copy

    game = new_game("standard", seed=21)
    for _ in range(12):
        game.apply(game.legal_actions()[0])
    twin = copy.deepcopy(game)
    assert twin is not game and twin.events == game.events and twin.hands == game.hands
    assert twin.hands[0] is not game.hands[0] and twin.rules is game.rules
    while not twin.is_over:
        twin.apply(twin.legal_actions()[-1])
    assert len(game.events) < len(twin.events)  # the original did not move
    game.apply(game.legal_actions()[0])
    assert game.to_act is not None


def test_a_misspelled_action_text_is_one_illegal_action_error_alone() -> None:
    game = new_game("standard", seed=3)
    try:
        game.apply_text("ordr")
    except IllegalActionError as e:
        assert e.__cause__ is None and e.__context__ is None
        assert "ordr" in str(e)
    else:
        raise AssertionError("a misspelled action was applied")

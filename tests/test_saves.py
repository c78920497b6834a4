"""Saved games that reload: every variant's record loads again, a game never writes over
a file it did not make, names and an EGN file's own fields survive a resume, and a
finished game's file says so (``euchre play`` / ``resume`` through CliRunner)."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path

import pytest
from euchre_cli.records import Autosaver, SaveError, claim_unique, signals_interrupt
from helpers import MANY_ONES, invoke

from euchre_core import load_variant, new_game
from euchre_core.config import builtin_variants, config_from_dict
from euchre_core.records.history import load_record, record_of, replay, save_record, write_atomic

DATA = Path(__file__).parent / "data" / "egn"


pytestmark = pytest.mark.usefixtures("in_tmp")


def random_game(variant: str, seed: int, steps: int | None = None, **kw: object):
    state = new_game(variant, seed=seed, **kw)  # type: ignore[arg-type]
    rng = random.Random(seed)
    n = 0
    while not state.is_over and (steps is None or n < steps):
        state.apply(rng.choice(state.legal_actions()))
        n += 1
    return state


# ---------------------------------------------------------------------------------------
# Every variant's record reloads (cutthroat refused its own saves)
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", sorted(builtin_variants()))
def test_a_record_keeps_only_what_differs_and_rebuilds_the_same_options(variant: str) -> None:
    config = load_variant(variant)
    described = config.to_dict()
    for plugin, values in described["options"].items():
        for key, value in values.items():
            assert value != config.declared[plugin][key].default, f"{plugin}.{key}"
    assert config_from_dict(described).options == config.options


@pytest.mark.parametrize("variant", sorted(builtin_variants()))
def test_a_saved_game_of_every_variant_replays_and_resumes(variant: str, in_tmp: Path) -> None:
    state = random_game(variant, seed=3, steps=40)
    if state.is_over:  # a game that one hand can end (five hundred's -500): stop sooner
        state = random_game(variant, seed=3, steps=15)
    assert not state.is_over
    save_record(record_of(state, ["A", "B", "C", "D", "E", "F", "G"][: state.seats]), "g.json")
    check = invoke("replay", "g.json", "--check")
    assert check.exit_code == 0, check.output
    again = replay(load_record(in_tmp / "g.json"))
    assert again.events == state.events
    resumed = invoke("resume", "g.json", "--bots", "random", input="")
    assert resumed.exit_code == 1, resumed.output[-1500:]
    assert "end of input: game saved to" in resumed.output
    assert load_record(in_tmp / "g.json").actions[: len(state.actions)] == [
        (s, str(a)) for s, a in state.actions
    ]


def test_a_cutthroat_game_saved_by_play_reloads(in_tmp: Path) -> None:
    played = invoke("play", "cutthroat", "--seed", "4", "--target", "3", input="1\n1\n")
    assert played.exit_code == 1
    saved = in_tmp / "euchre-cutthroat-4.json"
    check = invoke("replay", str(saved), "--check")
    assert check.exit_code == 0, check.output
    resumed = invoke("resume", str(saved), input=MANY_ONES)
    assert resumed.exit_code == 0, resumed.output[-1500:]
    assert "Game over" in resumed.output


def test_a_record_that_lists_every_option_value_still_loads(in_tmp: Path) -> None:
    """Records once listed every value, defaults included; cutthroat refused them."""
    state = random_game("cutthroat", seed=2, steps=30)
    record = record_of(state)
    record.variant["options"] = {p: dict(v) for p, v in state.config.options.items()}
    assert "simultaneous_target" in record.variant["options"]["standard"]
    assert replay(record).events == state.events


def test_setting_the_standard_simultaneous_target_in_cutthroat_is_still_refused() -> None:
    from euchre_core.errors import ConfigError

    with pytest.raises(ConfigError, match=r"options\.cutthroat\.simultaneous_target instead"):
        config_from_dict(
            {
                "name": "cutthroat",
                "players": 3,
                "plugins": ["tricks", "standard", "cutthroat"],
                "options": {"standard": {"simultaneous_target": "shared_win"}},
            }
        )


def test_a_house_rule_preset_is_left_to_the_rule() -> None:
    config = load_variant("standard", rules=["target-5"])
    assert config.option("standard.target_score") == 5
    assert "standard" not in config.to_dict()["options"]
    assert config_from_dict(config.to_dict()).option("standard.target_score") == 5


# ---------------------------------------------------------------------------------------
# Never written over
# ---------------------------------------------------------------------------------------


def test_two_games_with_the_same_seed_get_two_files(in_tmp: Path) -> None:
    first = invoke("play", "--watch", "--seed", "7", "--target", "2")
    second = invoke("play", "--seed", "7", "--target", "2", input="1\n")
    assert first.exit_code == 0 and second.exit_code == 1
    one, two = in_tmp / "euchre-standard-7.json", in_tmp / "euchre-standard-7-2.json"
    assert load_record(one).finished
    assert not load_record(two).finished
    assert str(two) in second.output
    third = invoke("play", "--seed", "7", "--target", "2", input="")
    assert (in_tmp / "euchre-standard-7-3.json").exists()
    assert "euchre-standard-7-3.json" in third.output
    assert load_record(one).finished, "the first game's file is untouched"


def test_an_existing_save_path_is_refused_in_one_line_and_left_alone(in_tmp: Path) -> None:
    mine = in_tmp / "mine.json"
    mine.write_text("my notes\n", encoding="utf-8")
    result = invoke("play", "--seed", "1", "--save", "mine.json", input="1\n")
    assert result.exit_code == 2
    assert result.output.count("\n") == 1, result.output
    assert "--save mine.json: the file exists" in result.output
    assert mine.read_text(encoding="utf-8") == "my notes\n"


def test_resume_with_save_to_an_existing_other_file_is_refused(in_tmp: Path) -> None:
    invoke("play", "--seed", "2", "--save", "a.json", input="1\n")
    (in_tmp / "b.json").write_text("{}", encoding="utf-8")
    result = invoke("resume", "a.json", "--save", "b.json", input=MANY_ONES)
    assert result.exit_code == 2
    assert "--save b.json: the file exists" in result.output
    assert (in_tmp / "b.json").read_text(encoding="utf-8") == "{}"


def test_claim_unique_numbers_the_names_it_finds_taken(in_tmp: Path) -> None:
    base = in_tmp / "g.json"
    assert claim_unique(base) == base
    assert claim_unique(base) == in_tmp / "g-2.json"
    assert claim_unique(base) == in_tmp / "g-3.json"


def test_a_resumed_game_keeps_the_players_names(in_tmp: Path) -> None:
    state = random_game("standard", seed=5, steps=6)
    save_record(record_of(state, ["Ann", "Bob", "Cy", "Di"]), "named.json")
    result = invoke("resume", "named.json", input="1\n")
    assert result.exit_code == 1
    assert load_record(in_tmp / "named.json").players == ["Ann", "Bob", "Cy", "Di"]


def partial_egn(name: str, deals: int) -> dict[str, object]:
    data = json.loads((DATA / name).read_text(encoding="utf-8"))
    data["deals"] = data["deals"][:deals]
    last = data["deals"][-1]
    last["phases"] = last["phases"][:1]  # the bidding only: the play is still to come
    data["metadata"].pop("finalScore", None)
    return data


def test_resuming_an_egn_file_named_json_writes_egn_back_with_its_fields(in_tmp: Path) -> None:
    data = partial_egn("vwec-finals.egn", 3)
    path = in_tmp / "vwec.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = invoke("resume", "vwec.json", input="1\n")
    assert result.exit_code == 1
    assert "game saved to" in result.output and "vwec.json" in result.output
    written = json.loads(path.read_text(encoding="utf-8"))
    assert written["fileType"] == "Euchre Game Notation"
    meta, before = written["metadata"], data["metadata"]
    assert isinstance(before, dict)
    for key in ("gameId", "title", "description", "date", "players"):
        assert meta[key] == before[key], key
    assert meta["players"] == ["WWMM", "Llama", "Euchrazy1", "LeftyKnavey"]
    assert meta["ruleset"]["std"] is True
    from euchre_core.records.egn import egn_from_json, read_egn

    was, now = egn_from_json(data).actions, read_egn(path).actions
    assert now[: len(was)] == was and len(now) > len(was), "the moves made since are added"
    again = invoke("resume", "vwec.json", input=MANY_ONES)
    assert again.exit_code == 0, again.output[-1500:]
    assert json.loads(path.read_text(encoding="utf-8"))["metadata"]["finalScore"]


def test_save_egn_keeps_its_name_when_the_game_is_interrupted(in_tmp: Path) -> None:
    result = invoke("play", "--seed", "9", "--target", "3", "--save", "g.egn", input="1\n1\n")
    assert result.exit_code == 1
    assert "euchre resume g.egn" in result.output
    assert not (in_tmp / "g.json").exists()
    text = (in_tmp / "g.egn").read_text(encoding="utf-8")
    assert "Euchre Game Notation" in text
    resumed = invoke("resume", "g.egn", input=MANY_ONES)
    assert resumed.exit_code == 0, resumed.output[-1500:]
    assert "finalScore" in (in_tmp / "g.egn").read_text(encoding="utf-8")


# ---------------------------------------------------------------------------------------
# A finished game
# ---------------------------------------------------------------------------------------


def test_a_finished_games_file_says_so_and_resume_gives_the_result_at_once(in_tmp: Path) -> None:
    played = invoke("play", "--watch", "--seed", "3", "--target", "3", "--save", "done.json")
    assert played.exit_code == 0
    path = in_tmp / "done.json"
    record = load_record(path)
    state = replay(record)
    assert record.result == {
        "winners": list(state.result.winners),  # type: ignore[union-attr]
        "scores": list(state.scores),
        "reason": state.result.reason,  # type: ignore[union-attr]
    }
    before = path.read_bytes()
    resumed = invoke("resume", "done.json")
    assert resumed.exit_code == 0
    assert "Game over" in resumed.output and "already over" in resumed.output
    assert "Trick" not in resumed.output, "the last deal is not played again"
    assert "Resuming" not in resumed.output
    assert path.read_bytes() == before


def test_a_game_resumed_to_its_end_leaves_its_file_finished(in_tmp: Path) -> None:
    invoke("play", "--seed", "6", "--target", "3", input="1\n1\n1\n")
    path = in_tmp / "euchre-standard-6.json"
    assert not load_record(path).finished
    first = invoke("resume", str(path), input=MANY_ONES)
    assert first.exit_code == 0
    assert load_record(path).finished
    second = invoke("resume", str(path))
    assert second.exit_code == 0
    assert "already over" in second.output and "Trick" not in second.output


# ---------------------------------------------------------------------------------------
# The machinery
# ---------------------------------------------------------------------------------------


def test_write_atomic_replaces_the_file_whole_and_leaves_no_temporary(in_tmp: Path) -> None:
    path = in_tmp / "f.json"
    write_atomic(path, "one\n")
    write_atomic(path, "two\n")
    assert path.read_text(encoding="utf-8") == "two\n"
    assert [p.name for p in in_tmp.iterdir()] == ["f.json"]


def test_the_autosaver_writes_every_action(in_tmp: Path) -> None:
    state = new_game("standard", seed=4)
    saver = Autosaver.for_new_game(state, None, players=["S", "W", "N", "E"], meta={"seat": 0})
    assert load_record(saver.path).actions == [], "the new file is a record from the start"
    rng = random.Random(0)
    for _ in range(25):
        state.apply(rng.choice(state.legal_actions()))
        saver.save(state)
        record = load_record(saver.path)
        assert len(record.actions) == len(state.actions)
        assert record.meta["seat"] == 0 and record.players == ["S", "W", "N", "E"]
    assert saver.writes == 26  # when made, then after each action


def test_the_autosaver_refuses_an_existing_file_and_an_egn_it_cannot_hold(in_tmp: Path) -> None:
    (in_tmp / "taken.json").write_text("", encoding="utf-8")
    with pytest.raises(SaveError, match="the file exists"):
        Autosaver.for_new_game(new_game("standard"), in_tmp / "taken.json", players=[], meta={})
    with pytest.raises(SaveError, match="EGN cannot hold this game"):
        Autosaver.for_new_game(new_game("two-hand"), in_tmp / "t.egn", players=[], meta={})
    assert not (in_tmp / "t.egn").exists()


def test_sigterm_and_sighup_stop_like_ctrl_c_and_are_put_back_after() -> None:
    import os
    import signal

    before = {s: signal.getsignal(s) for s in (signal.SIGTERM, signal.SIGHUP)}
    for sig in (signal.SIGTERM, signal.SIGHUP):
        with pytest.raises(KeyboardInterrupt), signals_interrupt():
            os.kill(os.getpid(), sig)
            time.sleep(5)
    assert {s: signal.getsignal(s) for s in before} == before


def test_the_autosavers_text_is_the_record_after_a_rewind_too(in_tmp: Path) -> None:
    """The file is written one action a line, the lines kept from write to write; a game
    taken back (fewer or other actions) is written afresh, never with stale lines."""
    state = random_game("standard", seed=8, steps=30)
    saver = Autosaver.for_new_game(state, None, players=["S", "W", "N", "E"], meta={"k": 1})
    saver.write(state)
    expected = record_of(state, ["S", "W", "N", "E"], {"k": 1}).to_json()
    assert json.loads(saver.path.read_text(encoding="utf-8")) == expected
    shorter = replay(load_record(saver.path), stop=20)  # undo ten actions
    rng = random.Random(99)
    for _ in range(12):
        shorter.apply(rng.choice(shorter.legal_actions()))
    saver.write(shorter)
    again = json.loads(saver.path.read_text(encoding="utf-8"))
    assert again == record_of(shorter, ["S", "W", "N", "E"], {"k": 1}).to_json()
    assert replay(load_record(saver.path)).events == shorter.events


@pytest.mark.parametrize(
    ("save", "message"),
    [
        ("nodir/g.json", "--save nodir/g.json: cannot write there: No such file or directory"),
        ("folder", "--save folder: is a folder; name a file in it"),
    ],
)
def test_a_save_path_that_cannot_be_made_is_refused_in_one_line(
    in_tmp: Path, save: str, message: str
) -> None:
    (in_tmp / "folder").mkdir()
    result = invoke("play", "--seed", "1", "--save", save, input="1\n")
    assert result.exit_code == 2
    assert result.output == f"euchre: {message}\n"


def test_resuming_an_egn_file_into_a_new_egn_file_keeps_its_fields(in_tmp: Path) -> None:
    data = partial_egn("me-and-mike.egn", 2)
    (in_tmp / "mike.egn").write_text(json.dumps(data), encoding="utf-8")
    result = invoke("resume", "mike.egn", "--save", "copy.egn", input="")
    assert result.exit_code == 1
    copy = json.loads((in_tmp / "copy.egn").read_text(encoding="utf-8"))["metadata"]
    meta = data["metadata"]
    assert isinstance(meta, dict)
    assert (copy["title"], copy["date"], copy["players"]) == (
        meta["title"],
        meta["date"],
        meta["players"],
    )
    assert json.loads((in_tmp / "mike.egn").read_text(encoding="utf-8")) == data, "untouched"


@pytest.mark.parametrize("variant", ["standard", "five-hundred", "cutthroat"])
def test_a_record_keeps_the_variants_title(variant: str) -> None:
    # a resumed game (a hosted table's page heading, "Hosting ...") is called what it
    # was called, not by the variant's file name
    config = load_variant(variant)
    assert config.title and config.title != config.name
    assert config_from_dict(config.to_dict()).title == config.title


def test_two_sessions_of_one_saved_game_never_overwrite_each_other(in_tmp: Path) -> None:
    # the same file resumed in two terminals: the second's saves destroyed the first's
    state = new_game("standard", seed=4)
    for _ in range(3):
        state.apply(state.legal_actions()[0])
    save_record(record_of(state, ["S", "W", "N", "E"]), "g.json")
    record = load_record(in_tmp / "g.json")
    one, two = replay(record), replay(record)
    first = Autosaver.for_resumed_game(one, record, in_tmp / "g.json", None, players=[], meta={})
    second = Autosaver.for_resumed_game(two, record, in_tmp / "g.json", None, players=[], meta={})
    one.apply(one.legal_actions()[0])
    first.save(one)
    two.apply(two.legal_actions()[-1])
    told: list[str] = []
    second.save(two, told.append)
    assert second.path == in_tmp / "g-2.json" and first.path == in_tmp / "g.json"
    assert told == [
        f"{in_tmp / 'g.json'} was changed by another session of this game; this one goes on "
        f"in {in_tmp / 'g-2.json'} (euchre resume {in_tmp / 'g-2.json'})"
    ]
    assert len(replay(load_record(in_tmp / "g.json")).actions) == len(one.actions)
    assert replay(load_record(in_tmp / "g-2.json")).actions == two.actions
    # each goes on in its own file from now on, told once
    one.apply(one.legal_actions()[0])
    first.save(one, told.append)
    two.apply(two.legal_actions()[0])
    second.save(two, told.append)
    assert len(told) == 1
    assert replay(load_record(in_tmp / "g.json")).actions == one.actions
    assert replay(load_record(in_tmp / "g-2.json")).actions == two.actions

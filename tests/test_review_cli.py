"""``euchre review FILE``: every record it is given reviewed to the end, bad input told
in one line, and the review offered and asked for at the table."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import invoke

from euchre_core import load_variant
from euchre_core.bots.heuristic import HeuristicBot
from euchre_core.records.history import record_of, save_record
from euchre_core.state import State

ROOT = Path(__file__).resolve().parent.parent
EGN = sorted((ROOT / "tests" / "data" / "egn").glob("*.egn"))
VARIANTS = sorted(p.stem for p in (ROOT / "variants").glob("*.toml"))
SHORT_EGN = ROOT / "tests" / "data" / "egn" / "six-points-in-two-hands.egn"


def saved_game(variant: str, folder: Path, hands: int = 1, seed: int = 3) -> Path:
    """A game of ``variant`` played by heuristic bots for ``hands`` deals (or to its end,
    if sooner), saved."""
    state = State(load_variant(variant), seed=seed)
    bots = [HeuristicBot(s) for s in range(state.seats)]
    while state.to_act is not None and state.hand_number < hands:
        s = state.to_act
        legal = state.legal_actions()
        state.apply(legal[0] if len(legal) == 1 else bots[s].choose(state.view(s), legal))
    path = folder / f"{variant}.json"
    save_record(record_of(state), path)
    return path


def test_the_commands_default_number_of_deals_is_the_reviews() -> None:
    from euchre_cli.review import SAMPLES

    from euchre_core.analysis.review import DEFAULT_SAMPLES

    assert SAMPLES == DEFAULT_SAMPLES


def test_the_variants_listed_are_the_built_in_ones() -> None:
    assert {"standard", "pepper", "auction-7", "call-ace-6", "two-hand"} <= set(VARIANTS)


def test_a_review_shows_each_hand_its_double_dummy_result_and_the_summary() -> None:
    result = invoke("review", str(SHORT_EGN), "--samples", "2", "--ascii")
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.count("Deal ") >= 2
    assert "Double dummy: the makers" in out
    assert "could have taken" in out
    assert "Points lost by phase" in out
    assert "Worst decisions" in out
    assert "(2 deals, double dummy)" in out and "(2 deals, playouts)" in out
    assert "Traceback" not in out


def test_the_json_review_holds_every_hand_and_decision() -> None:
    result = invoke("review", str(SHORT_EGN), "--samples", "1", "--seat", "2", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["file"] == str(SHORT_EGN)
    assert data["seats"] == [2] and data["samples"] == 1
    assert len(data["hands"]) == 2
    decisions = [d for h in data["hands"] for d in h["decisions"]]
    assert decisions and {d["seat"] for d in decisions} == {2}
    assert set(data["summary"]) <= {"bidding", "alone", "discard", "lead", "follow", "other"}
    for h in data["hands"]:
        assert h["makers_could"] is None or 0 <= h["makers_could"] <= 5


def test_one_deal_of_a_game_is_reviewed_with_deal() -> None:
    # A whole game was the only choice: minutes of work to look at one hand.
    result = invoke("review", str(SHORT_EGN), "--samples", "1", "--deal", "2", "--json")
    assert result.exit_code == 0, result.output
    hands = json.loads(result.output)["hands"]
    assert [h["hand"] for h in hands] == [2]
    assert all(d["hand"] == 2 for d in hands[0]["decisions"])
    wrong = invoke("review", str(SHORT_EGN), "--deal", "3")
    assert wrong.exit_code == 2
    assert wrong.output.strip() == "euchre: --deal 3: this game has deals 1 to 2"


def test_the_same_seed_gives_the_same_review_on_the_command_line() -> None:
    args = ("review", str(SHORT_EGN), "--samples", "2", "--seat", "0", "--json", "--seed", "5")
    assert invoke(*args).output == invoke(*args).output


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_saved_game_of_every_built_in_variant_is_reviewed(variant: str, tmp_path: Path) -> None:
    path = saved_game(variant, tmp_path)
    result = invoke("review", str(path), "--samples", "1", "--seat", "0", "--ascii")
    assert result.exit_code == 0, result.output[-3000:]
    assert "Points lost by phase" in result.output


@pytest.mark.slow
@pytest.mark.parametrize("variant", VARIANTS)
def test_two_deals_of_every_built_in_variant_are_reviewed_for_every_seat(
    variant: str, tmp_path: Path
) -> None:
    path = saved_game(variant, tmp_path, hands=2, seed=5)
    result = invoke("review", str(path), "--samples", "2", "--json")
    assert result.exit_code == 0, result.output[-3000:]
    # two deals, or one when it ended the game (an open misère made at Five Hundred)
    assert 1 <= len(json.loads(result.output)["hands"]) <= 2


def test_a_recorded_tournament_game_is_reviewed_for_one_seat() -> None:
    path = EGN[0]
    result = invoke("review", str(path), "--samples", "1", "--seat", "1", "--json")
    assert result.exit_code == 0, result.output[-3000:]
    assert len(json.loads(result.output)["hands"]) > 1


@pytest.mark.slow
@pytest.mark.parametrize("path", EGN, ids=lambda p: p.stem)
def test_every_recorded_tournament_game_is_reviewed_for_every_seat(path: Path) -> None:
    result = invoke("review", str(path), "--samples", "2", "--ascii")
    assert result.exit_code == 0, result.output[-3000:]
    assert "Worst decisions" in result.output


# ---------------------------------------------------------------------------------------
# Bad input: one line, exit 2
# ---------------------------------------------------------------------------------------


def one_error_line(output: str) -> str:
    lines = [line for line in output.splitlines() if line.strip()]
    assert len(lines) == 1, output
    assert "Traceback" not in output
    return lines[0]


def test_a_missing_file_is_one_line_and_exit_2(tmp_path: Path) -> None:
    result = invoke("review", str(tmp_path / "nothing.json"))
    assert result.exit_code == 2
    assert "no such file" in one_error_line(result.output)


def test_a_file_that_is_not_a_record_is_one_line_and_exit_2(tmp_path: Path) -> None:
    path = tmp_path / "notes.json"
    path.write_text('{"hello": 1}\n', encoding="utf-8")
    result = invoke("review", str(path))
    assert result.exit_code == 2
    assert "not a saved euchre game" in one_error_line(result.output)


def test_a_seat_the_game_does_not_have_is_one_line_and_exit_2() -> None:
    result = invoke("review", str(SHORT_EGN), "--seat", "4")
    assert result.exit_code == 2
    assert "--seat 4: this game has seats 0 to 3" in one_error_line(result.output)


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--seat", "1", "--all"], "not both"),
        (["--level", "expert"], "--level expert"),
        (["--mistake", "0.1"], "thresholds must rise"),
    ],
)
def test_contradictory_options_are_one_line_and_exit_2(args: list[str], words: str) -> None:
    result = invoke("review", str(SHORT_EGN), *args)
    assert result.exit_code == 2
    assert words in one_error_line(result.output)


# ---------------------------------------------------------------------------------------
# At the table
# ---------------------------------------------------------------------------------------


def test_review_before_any_hand_is_finished_says_so(in_tmp: Path) -> None:
    result = invoke("play", "--seed", "5", "--target", "2", input="review\nquit\n")
    assert "No hand has been finished yet: nothing to review." in result.output


def test_review_during_a_game_reviews_the_hand_just_finished(in_tmp: Path) -> None:
    path = saved_game("standard", in_tmp, hands=1)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["meta"] = {"seat": 0, "bots": "heuristic"}
    path.write_text(json.dumps(data), encoding="utf-8")
    # The record stops after the first hand; resumed, the game deals the second.
    result = invoke("resume", str(path), input="review\nquit\n")
    out = result.output
    assert "Deal 1" in out and "Double dummy: the makers" in out
    assert "You (" in out, "the person's own decisions are reviewed"
    assert "Points lost by phase" not in out, "one hand: no summary"


def test_yes_to_the_review_at_the_end_of_a_game_reviews_the_persons_decisions(
    in_tmp: Path,
) -> None:
    first = invoke("play", "--seed", "4", "--target", "1", input="1\n" * 400)
    prompts = first.output.count("? for a hint]: ")
    result = invoke("play", "--seed", "4", "--target", "1", input="1\n" * prompts + "y\nn\n")
    assert result.exit_code == 0, result.output[-2000:]
    out = result.output
    review = out[out.index("Review this game? [y/N]") :]
    assert "Points lost by phase" in review and "Worst decisions" in review
    assert review.index("Worst decisions") < review.index("Play again? [y/N]")

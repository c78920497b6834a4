"""Simulations stream: statistics counted as hands are played equal those worked out from
every record, records are kept only when asked for, memory does not grow with the
number of hands, and the number of workers changes nothing."""

from __future__ import annotations

import gc
import io
import json
import pickle
import random
import sys
from typing import Any

import pytest
from euchre_cli.main import app
from euchre_cli.simulate import statistics
from typer.testing import CliRunner

from euchre_core.analysis.compare import CsvRecords, compare, write_csv
from euchre_core.analysis.playout import play_out
from euchre_core.analysis.sim import SimResult, SimStats, game_seed, random_seats_seed, simulate
from euchre_core.bots import RandomBot
from euchre_core.config import load_variant
from euchre_core.state import State


def _made(h: Any) -> bool:
    return bool(h.made)  # the scoring's word


def _marched(h: Any) -> bool:
    total = sum(h.tricks)
    return total > 0 and sum(h.tricks[s] for s in h.makers) == total


def statistics_from_records(result: SimResult, whole_games: bool) -> dict[str, Any]:
    """The headline statistics worked out from every hand and game record (how
    ``euchre simulate`` computed them before it streamed)."""
    sides = result.partnerships or tuple((s,) for s in range(result.seats))
    hands = result.hands
    n = len(hands)
    contracted = [h for h in hands if not h.passed_out and h.makers]
    made = [h for h in contracted if _made(h)]
    marched = [h for h in contracted if _marched(h)]
    lone = [h for h in contracted if h.maker is not None and h.maker in h.alone]
    finished = [g for g in result.games if g.winners]  # not stopped at the hand limit
    rows = []
    for side in sides:
        wins = sum(1 for g in result.games if g.winners and set(g.winners) & set(side))
        points = sum(h.points[side[0]] for h in hands)
        rows.append(
            {
                "name": " & ".join(f"seat {s}" for s in side),
                "seats": list(side),
                "wins": wins if whole_games else None,
                "win_rate": (round(wins / len(finished), 4) if finished else None)
                if whole_games
                else None,
                "points": points,
                "points_per_hand": round(points / n, 4) if n else 0.0,
                "contracts": sum(1 for h in contracted if h.maker in side),
            }
        )

    def rate(a: int, b: int) -> float | None:
        return round(a / b, 4) if b else None

    passed = sum(1 for h in hands if h.passed_out)
    seats = result.seats
    return {
        "variant": result.variant,
        "rules": None,
        "options": None,
        "seed": result.seed,
        "bots": list(result.bots) * seats if len(result.bots) == 1 else list(result.bots),
        "players": seats,
        "partnerships": [list(s) for s in result.partnerships] if result.partnerships else None,
        "requested": len(result.games),
        "interrupted": False,
        "games": len(finished) if whole_games else 0,
        "unfinished_games": sum(not g.winners for g in result.games) if whole_games else 0,
        "hands": n,
        "hands_per_game": round(n / len(result.games), 3) if whole_games and result.games else None,
        "passed_out": passed,
        "passed_out_rate": rate(passed, n),
        "sides": rows,
        "wins": [r["wins"] for r in rows] if whole_games else None,
        "points_per_hand": [r["points_per_hand"] for r in rows],
        "counts_down": False,  # (no config given: the table is not known)
        "contracts": len(contracted),
        "contracts_made": len(made),
        "maker_success_rate": rate(len(made), len(contracted)),
        "marches": len(marched),
        "march_rate": rate(len(marched), len(contracted)),
        "euchres": len(contracted) - len(made),
        "euchre_rate": rate(len(contracted) - len(made), len(contracted)),
        "lone_attempts": len(lone),
        "lone_attempt_rate": rate(len(lone), len(contracted)),
        "lone_successes": sum(1 for h in lone if _made(h)),
        "lone_success_rate": rate(sum(1 for h in lone if _made(h)), len(lone)),
        "lone_marches": sum(1 for h in lone if _marched(h)),
    }


@pytest.mark.parametrize(
    ("variant", "players", "games", "hands"),
    [
        ("standard", None, 40, None),
        ("standard", None, None, 400),
        ("cutthroat", None, 30, None),
        ("call-ace", 5, 20, None),
        ("two-hand", None, None, 200),
    ],
)
def test_streamed_statistics_equal_those_of_every_record(
    variant: str, players: int | None, games: int | None, hands: int | None
) -> None:
    result = simulate(variant, games=games, hands=hands, bots=["random"], seed=3, players=players)
    assert result.hands and result.stats.hands == len(result.hands)
    whole = games is not None
    assert statistics(result, whole_games=whole) == statistics_from_records(result, whole)


def test_heuristic_and_random_seats_stream_the_same_statistics() -> None:
    result = simulate("standard", games=6, bots=["heuristic", "random"] * 2, seed=5)
    assert statistics(result, whole_games=True) == statistics_from_records(result, True)


def test_without_records_the_statistics_are_the_same_and_no_record_is_kept() -> None:
    kept = simulate("standard", hands=300, bots=["random"], seed=8)
    streamed = simulate("standard", hands=300, bots=["random"], seed=8, keep_records=False)
    assert streamed.hands == [] and streamed.games == []
    assert streamed.stats == kept.stats
    assert streamed.stats.hands == 300 and streamed.stats.games == 300


@pytest.mark.parametrize("unit", ["games", "hands"])
def test_two_workers_give_the_same_statistics_and_records_as_one(unit: str) -> None:
    count = {"games": 24, "hands": 240}[unit]
    one = simulate("standard", **{unit: count}, bots=["random"], seed=11, chunk_size=7)
    two = simulate("standard", **{unit: count}, bots=["random"], seed=11, jobs=2, chunk_size=5)
    assert two.stats == one.stats
    assert two.hands == one.hands and two.games == one.games
    alone = simulate(
        "standard", **{unit: count}, bots=["random"], seed=11, jobs=2, keep_records=False
    )
    assert alone.stats == one.stats and not alone.hands


def test_a_game_plays_the_same_whatever_chunk_it_is_in() -> None:
    whole = simulate("standard", games=12, bots=["random"], seed="x")
    single = simulate("standard", games=12, bots=["random"], seed="x", chunk_size=1)
    assert whole.hands == single.hands and whole.games == single.games
    again = simulate("standard", games=12, bots=["random"], seed="x")
    assert again.hands == whole.hands
    other = simulate("standard", games=12, bots=["random"], seed="y")
    assert other.hands != whole.hands


def test_each_game_seeds_its_random_seats_apart() -> None:
    seeds = {random_seats_seed(0, g) for g in range(1000)}
    assert len(seeds) == 1000
    assert random_seats_seed(0, 5) != random_seats_seed(1, 5)
    assert random_seats_seed("0", 5) == random_seats_seed(0, 5)  # a seed and its text


def test_the_random_seats_of_a_game_share_one_generator_seeded_for_the_game() -> None:
    result = simulate("standard", games=3, bots=["random"], seed=4)
    config = load_variant("standard")
    for g in range(3):
        generator = random.Random(random_seats_seed(4, g))
        state = State(config, seed=game_seed(4, g))
        play_out(state, [RandomBot(draw=generator.random)] * 4)
        mine = [h for h in result.hands if h.game == g]
        assert [h.points for h in mine] == [h.points for h in state.hand_records]
        assert [h.tricks for h in mine] == [h.tricks for h in state.hand_records]


def test_a_single_hand_is_played_from_one_generator_seeded_for_the_hand() -> None:
    result = simulate("standard", hands=4, bots=["random"], seed=4)
    config = load_variant("standard")
    generator = random.Random()
    for g in range(4):
        state = State(config, seed=4, deal_number=g, max_hands=1, rng=generator)
        play_out(state, [RandomBot(draw=generator.random)] * 4)
        (mine,) = [h for h in result.hands if h.game == g]
        assert (mine.dealer, mine.points, mine.tricks) == (
            state.dealer,
            state.hand_records[0].points,
            state.hand_records[0].tricks,
        )


def test_single_hands_are_the_same_whatever_chunk_they_are_in() -> None:
    whole = simulate("standard", hands=40, bots=["random"], seed="z")
    apart = simulate("standard", hands=40, bots=["random"], seed="z", chunk_size=3)
    assert whole.hands == apart.hands and whole.games == apart.games
    assert len({h.dealer for h in whole.hands}) > 1


def test_statistics_and_records_travel_to_other_processes_intact() -> None:
    result = simulate("cutthroat", games=3, bots=["random"], seed=2)
    assert pickle.loads(pickle.dumps(result.stats)) == result.stats
    assert pickle.loads(pickle.dumps(result.hands)) == result.hands
    assert pickle.loads(pickle.dumps(result.games)) == result.games


def test_records_have_no_per_instance_dictionary() -> None:
    result = simulate("standard", games=1, bots=["random"], seed=2)
    assert not hasattr(result.hands[0], "__dict__")
    assert not hasattr(result.games[0], "__dict__")


def test_merging_statistics_of_other_tables_is_refused() -> None:
    with pytest.raises(Exception, match="other sides"):
        SimStats([(0, 2), (1, 3)]).merge(SimStats([(0,), (1,), (2,)]))


def _retained_blocks(hands: int, keep_records: bool = False) -> int:
    """Memory blocks still held once a run is over and its garbage collected, its
    result kept (``sys.getallocatedblocks``: cheap enough for long runs)."""
    gc.collect()
    before = sys.getallocatedblocks()
    result = simulate("standard", hands=hands, bots=["random"], seed=1, keep_records=keep_records)
    assert result.stats.hands == hands
    gc.collect()
    return sys.getallocatedblocks() - before


def test_memory_does_not_grow_with_the_number_of_hands() -> None:
    _retained_blocks(100)  # caches filled once for every run
    small = _retained_blocks(1000)
    large = _retained_blocks(8000)
    assert large - small < 500, (small, large)
    # What the measure sees when the records are kept: several blocks a hand.
    kept = _retained_blocks(1000, keep_records=True)
    assert kept - small > 1000 * 5, (small, kept)


def test_compare_without_hand_records_gives_the_same_metrics() -> None:
    specs = ["standard", "standard+stick-the-dealer"]
    kept = compare(specs, games=12, bots=["random"], seed=4)
    lean = compare(specs, games=12, bots=["random"], seed=4, keep_records=False)
    assert lean.hands == [[], []] and kept.hands[0]
    assert lean.games == kept.games
    a, b = kept.to_json(), lean.to_json()
    a.pop("elapsed_seconds")
    b.pop("elapsed_seconds")
    assert a == b
    assert a["specs"][0]["hands_played"] == len(kept.hands[0])


def test_the_simulate_command_prints_the_same_for_one_worker_and_two() -> None:
    runner = CliRunner()
    base = ["simulate", "--hands", "300", "--bots", "random", "--seed", "6", "--json"]
    one = runner.invoke(app, base)
    two = runner.invoke(app, [*base, "--jobs", "2"])
    assert one.exit_code == 0 and two.exit_code == 0, one.output + two.output
    a, b = json.loads(one.output), json.loads(two.output)
    a.pop("seconds")
    b.pop("seconds")
    assert a == b and a["hands"] == 300


def test_the_csv_rows_collected_as_hands_are_played_equal_those_of_kept_records() -> None:
    specs = ["standard", "cutthroat"]
    kept = compare(specs, games=6, bots=["random"], seed=9)
    expected = io.StringIO()
    rows = write_csv(kept, expected)
    with CsvRecords(specs) as collected:
        lean = compare(
            specs,
            games=6,
            bots=["random"],
            seed=9,
            jobs=2,
            chunk_size=2,
            keep_records=False,
            on_hands=collected.add,
        )
        written = io.StringIO()
        assert collected.write(written) == rows == sum(len(h) for h in kept.hands)
    assert lean.hands == [[], []]
    assert written.getvalue() == expected.getvalue()
    assert "cutthroat.points_seat0" in written.getvalue().splitlines()[0]


@pytest.mark.parametrize(
    ("variant", "options"), [("buck", []), ("standard", ["standard.points_make=0"])]
)
def test_a_contract_is_made_when_the_scoring_says_so_not_when_points_are_gained(
    variant: str, options: list[str]
) -> None:
    # Buck's makers lose points on a made bid; a make worth 0 points is still made.
    result = simulate(variant, games=6, bots=["random"], seed=2, options=options)
    stats = result.stats
    made = sum(1 for h in result.hands if h.makers and h.made)
    assert stats.contracts and stats.made == made
    assert stats.made > 0 and stats.marched <= stats.made
    unscored = [h for h in result.hands if h.made and not any(h.points[s] > 0 for s in h.makers)]
    assert unscored  # the case the points alone got wrong

"""Mutated records never crash the command line: each is refused in one line, or it is
accepted and plays exactly as it is written (see ``fuzz_records`` for the mutations and
the outcomes).

The originals are a seeded bot game of every built-in variant (saved as JSON) and the
recorded EGN games of ``tests/data/egn``. ``-s`` prints the counts.
"""

from __future__ import annotations

import json
import random
import subprocess
from pathlib import Path

import pytest
from fuzz_records import Tally, egn_games, mutate, outcome, saved_games
from terminal import euchre as euchre_command


def _originals(tmp: Path) -> list[tuple[str, object, Path]]:
    out = []
    for name, data in saved_games() + egn_games():
        path = tmp / f"original-{name}"
        path.write_text(json.dumps(data, indent=1), encoding="utf-8")
        out.append((name, data, path))
    return out


def run_mutations(tmp: Path, count: int, first_seed: int = 0) -> Tally:
    originals = _originals(tmp)
    tally = Tally()
    for i in range(first_seed, first_seed + count):
        name, data, original = originals[i % len(originals)]
        mutant = mutate(data, random.Random(i))
        path = tmp / f"mutant{i}-{name}"
        path.write_text(mutant.text, encoding="utf-8", errors="replace")
        result, note = outcome(path, original)
        tally.add(result, f"seed {i}, {name}, {mutant.kind}: {note}")
        path.unlink()
    return tally


def _require_clean(tally: Tally, count: int) -> None:
    print(f"\nrecords fuzz: {tally.line()}")
    assert tally.tried == count
    assert tally.counts.get("traceback", 0) == 0, tally.failures
    assert tally.counts.get("silent", 0) == 0, tally.failures
    # The mutations reach both outcomes: most are refused, some are still valid records.
    assert tally.counts.get("error", 0) > count // 2
    assert tally.counts.get("same", 0) > 0


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A resumed game that is interrupted is saved in the current folder: the test's."""
    monkeypatch.chdir(tmp_path)


def test_500_mutated_records_are_refused_cleanly_or_play_as_written(tmp_path: Path) -> None:
    _require_clean(run_mutations(tmp_path, 500), 500)


@pytest.mark.slow
def test_2500_mutated_records_are_refused_cleanly_or_play_as_written(tmp_path: Path) -> None:
    _require_clean(run_mutations(tmp_path, 2500, first_seed=10_000), 2500)


def test_mutated_records_through_the_real_command_exit_with_one_line(tmp_path: Path) -> None:
    """A few mutants through a real ``euchre`` process, standard input closed."""
    originals = _originals(tmp_path)
    seen_error = 0
    for i in range(6):
        name, data, _original = originals[(7 * i) % len(originals)]
        rng = random.Random(50_000 + i)
        mutant = mutate(data, rng)
        while mutant.kind not in ("type", "huge", "deep"):
            mutant = mutate(data, rng)
        path = tmp_path / f"real{i}-{name}"
        path.write_text(mutant.text, encoding="utf-8")
        for args in (["replay", str(path), "--check"], ["resume", str(path), "--delay", "0"]):
            done = subprocess.run(
                [euchre_command(), *args],
                stdin=subprocess.DEVNULL,
                cwd=tmp_path,
                capture_output=True,
                text=True,
                timeout=120,
            )
            assert "Traceback" not in done.stderr + done.stdout, (args, done.stderr)
            if done.returncode != 0:
                seen_error += 1
                assert len(done.stderr.strip().splitlines()) == 1, (args, done.stderr)
    assert seen_error > 0

"""Every game saves and reloads: each built-in variant, alone and with every house rule
that applies to it (as the conformance matrix chooses them), plays random games that are
saved as the project's JSON (and as EGN where the variant is one EGN holds), read back,
replayed and compared action for action (:func:`euchre_core.testing.check_save_roundtrip`).

* The quick run: one whole game per (variant, rule) pair, and one per variant with a
  combination of its rules (about 150 games, a few seconds).
* The slow run (``-m slow``): :func:`~euchre_core.testing.check_variant` (every invariant,
  the round trip on by default) over 60 hands per pair and per combination.
"""

from __future__ import annotations

import random

import pytest
from test_conformance_matrix import VARIANTS, combinations, hand_limit, matrix

from euchre_core import State, load_variant
from euchre_core.config import Config
from euchre_core.testing import ConformanceError, check_save_roundtrip, check_variant

ALL_VARIANTS = ["standard", *VARIANTS]


def stacks(variant: str) -> list[tuple[str, ...]]:
    """The variant alone, with each applicable rule, and with one combination."""
    ok = matrix(variant)[0]
    out: list[tuple[str, ...]] = [(), *((rule,) for rule in ok)]
    if ok:
        out.append(combinations(variant, seed=1)[0])
    return out


def random_game(variant: str, rules: tuple[str, ...], seed: str) -> State:
    state = State(load_variant(variant, rules=rules), seed=seed, max_hands=hand_limit(variant))
    rng = random.Random(seed)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("variant", ALL_VARIANTS)
def test_quick_a_game_of_every_stack_saves_and_replays_the_same(variant: str) -> None:
    games = records = 0
    for rules in stacks(variant):
        state = random_game(variant, rules, f"roundtrip:{variant}:{'+'.join(rules)}")
        try:
            records += check_save_roundtrip(state, random.Random(games))
        except ConformanceError as e:
            raise AssertionError(f"{variant} with {list(rules)}: {e}") from e
        games += 1
    assert games == len(stacks(variant)) and records >= games


def test_the_games_egn_holds_are_read_back_as_egn_too() -> None:
    for rules in ((), ("stick-the-dealer",), ("canadian-loner",)):
        state = random_game("standard", rules, "egn")
        assert check_save_roundtrip(state, random.Random(1)) == 3  # JSON, EGN, EGN part-way
    assert check_save_roundtrip(random_game("cutthroat", (), "egn")) == 1  # JSON only


def test_check_variant_saves_every_game_it_plays_by_default() -> None:
    report = check_variant("cutthroat", hands=6, seed=2, check_illegal=False)
    assert report.games >= 1 and report.saved == report.games
    off = check_variant("cutthroat", hands=6, seed=2, check_illegal=False, save_roundtrip=False)
    assert off.saved == 0


def test_a_record_that_loses_an_option_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    state = random_game("cutthroat", (), "lossy")  # cutthroat.toml sets points_march = 3
    real = Config.to_dict

    def forgetful(self: Config) -> dict[str, object]:
        return {**real(self), "options": {}}

    monkeypatch.setattr(Config, "to_dict", forgetful)
    with pytest.raises(ConformanceError, match=r"changes options \['standard\.points_march'\]"):
        check_save_roundtrip(state)


def test_a_record_whose_actions_replay_otherwise_is_caught(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import euchre_core.records.history as history

    state = random_game("standard", (), "shifted")
    real = history.record_of

    def first_dealer_moved(*args: object, **kw: object) -> history.SavedGame:
        record = real(*args, **kw)  # type: ignore[arg-type]
        record.dealer = (record.dealer + 1) % 4
        return record

    monkeypatch.setattr(history, "record_of", first_dealer_moved)
    with pytest.raises(ConformanceError, match="JSON record does not replay"):
        check_save_roundtrip(state)


@pytest.mark.slow
def test_slow_every_stack_saves_and_replays_over_60_hands() -> None:
    games = records = 0
    failures = []
    for variant in ALL_VARIANTS:
        runs = {*stacks(variant), *combinations(variant)}
        for rules in sorted(runs):
            try:
                report = check_variant(
                    variant,
                    rules=rules,
                    hands=60,
                    seed="roundtrip",
                    check_illegal=False,
                    max_hands=hand_limit(variant),
                )
            except ConformanceError as e:
                failures.append(f"{variant} with {list(rules)}: {e}")
                continue
            games += report.games
            records += report.saved
    assert not failures, "\n".join(failures)
    print(f"{games} games, {records} records read back")
    assert records >= games > 300

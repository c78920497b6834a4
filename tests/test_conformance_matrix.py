"""The conformance matrix: every built-in variant other than ``standard``, with every house
rule that applies to it, on its own and in seeded random combinations, run through the
testing kit's conformance checks (:func:`euchre_core.testing.check_variant`).

Which rules apply comes from what the plugins declare (``APPLIES_TO``, ``CONFLICTS``,
both ways) and then from the variant itself: a rule that passes the declarations but is
refused when the variant loads (``canadian-loner`` needs partnerships; a preset that
contradicts the variant file's own option) must be refused with one line that names it.
Variants and house rules are discovered, so new ones join the matrix by themselves.

* The quick run (default): every (variant, rule) pair on its own and one random
  combination per variant, three hands each with every check, illegal actions included
  (a few hundred hands in all).
* The slow run (``-m slow``): at least 1,000 hands per combination. Every variant,
  player-count variants included, plays every applicable rule on its own and random
  combinations that together cover all of its applicable rules, the first of them with
  the illegal-action checks.
  The runs are spread over the machine's processors to stay within a few minutes.

``check_variant`` plays whole games; pepper's random bidders fail most bids and its
scores drift below zero, so a game may never end: for those stacks each game stops at a
hand limit (:data:`HAND_LIMIT`), with the same checks.
"""

from __future__ import annotations

import multiprocessing
import os
import random
import sys
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from functools import cache

import pytest
from euchre_plugins import BUILTIN

from euchre_core import ConfigError, load_variant
from euchre_core.config import builtin_variants
from euchre_core.manager import load_plugin, plugin_meta
from euchre_core.testing import ConformanceError, check_variant

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

HOUSE_RULES = sorted(n for n, m in BUILTIN.items() if m.startswith("euchre_plugins.house."))
VARIANTS = [v for v in builtin_variants() if v != "standard"]
#: Stacks whose random games may never end: hands per game before the game is stopped.
HAND_LIMIT = {"pepper": 40, "hasenpfeffer": 40, "bid-euchre": 40, "five-hundred": 40, "buck": 40}
COMBO_SIZE = 5


def extends(variant: str) -> str | None:
    data = tomllib.loads(builtin_variants()[variant])
    return data["variant"].get("extends")  # type: ignore[no-any-return]


def base_variants() -> list[str]:
    return [v for v in VARIANTS if extends(v) is None]


@cache
def stack(variant: str) -> tuple[str, ...]:
    return load_variant(variant).plugins


def declared_applicable(variant: str, rule: str) -> bool:
    """What the plugins declare: the rule applies to a plugin of the stack, and neither
    side declares a conflict with the other."""
    plugins = stack(variant)
    meta = plugin_meta(load_plugin(rule))
    if meta["applies_to"] and not set(meta["applies_to"]) & set(plugins):
        return False
    if set(meta["conflicts"]) & set(plugins):
        return False
    return not any(rule in plugin_meta(load_plugin(p))["conflicts"] for p in plugins)


@cache
def matrix(variant: str) -> tuple[tuple[str, ...], tuple[tuple[str, str], ...]]:
    """(applicable rules, (rule, refusal) for rules the variant refuses at load)."""
    ok: list[str] = []
    refused: list[tuple[str, str]] = []
    for rule in HOUSE_RULES:
        if not declared_applicable(variant, rule):
            continue
        try:
            load_variant(variant, rules=[rule])
        except ConfigError as e:
            refused.append((rule, str(e)))
        else:
            ok.append(rule)
    return tuple(ok), tuple(refused)


def conflicting(a: str, b: str) -> bool:
    ma, mb = plugin_meta(load_plugin(a)), plugin_meta(load_plugin(b))
    return b in ma["conflicts"] or a in mb["conflicts"]


@cache
def combinations(variant: str, seed: int = 0) -> tuple[tuple[str, ...], ...]:
    """Seeded random combinations of up to :data:`COMBO_SIZE` applicable rules that
    together cover every applicable rule; each combination loads."""
    rules = list(matrix(variant)[0])
    random.Random(f"matrix:{variant}:{seed}").shuffle(rules)
    combos: list[tuple[str, ...]] = []
    while rules:
        combo: list[str] = []
        for rule in list(rules):
            if len(combo) == COMBO_SIZE:
                break
            if any(conflicting(rule, other) for other in combo):
                continue
            try:
                load_variant(variant, rules=[*combo, rule])
            except ConfigError:
                continue  # two rules that cannot go together (presets that disagree)
            combo.append(rule)
            rules.remove(rule)
        if not combo:  # pragma: no cover - each rule loads on its own
            raise AssertionError(f"{variant}: {rules} load on their own but not in any group")
        combos.append(tuple(combo))
    return tuple(combos)


def hand_limit(variant: str) -> int | None:
    return next((n for p, n in HAND_LIMIT.items() if p in stack(variant)), None)


def conformance(
    variant: str,
    rules: Sequence[str],
    *,
    hands: int,
    seed: int | str,
    check_illegal: bool = True,
    max_hands: int | None = None,
) -> int:
    """Run the conformance checks on a stack; returns the number of hands played.

    :param max_hands: stop each game after this many hands; ``None`` for
      :func:`check_variant` itself, whose games run to their end.
    """
    limit = max_hands if max_hands is not None else hand_limit(variant)
    report = check_variant(
        variant, rules=rules, hands=hands, seed=seed, check_illegal=check_illegal, max_hands=limit
    )
    return report.hands


# ---------------------------------------------------------------------------------------
# The matrix itself
# ---------------------------------------------------------------------------------------


def test_the_matrix_covers_the_variants_and_rules_it_should() -> None:
    assert {"two-hand", "cutthroat"} <= set(VARIANTS)
    assert "standard" not in VARIANTS
    assert {"stick-the-dealer", "must-trump", "super-euchre"} <= set(HOUSE_RULES)
    for variant in ("two-hand", "cutthroat"):
        ok, _ = matrix(variant)
        assert len(ok) >= 5, f"{variant}: only {ok} apply"
    # Declarations are honoured: cutthroat and two-hand declare defend-alone a conflict.
    assert "defend-alone" not in matrix("cutthroat")[0]
    assert "defend-alone" not in matrix("two-hand")[0]
    for variant in VARIANTS:
        covered = sorted(r for combo in combinations(variant) for r in combo)
        assert covered == sorted(matrix(variant)[0]), variant


def refusals() -> list[tuple[str, str, str]]:
    return [(v, rule, message) for v in VARIANTS for rule, message in matrix(v)[1]]


@pytest.mark.parametrize(("variant", "rule", "message"), refusals())
def test_a_refused_rule_is_refused_in_one_line_naming_it(
    variant: str, rule: str, message: str
) -> None:
    assert "\n" not in message
    assert f"'{rule}'" in message, message


@pytest.mark.parametrize("variant", VARIANTS)
def test_quick_each_applicable_rule_and_a_combination(variant: str) -> None:
    ok, _ = matrix(variant)
    runs = [(rule,) for rule in ok]
    runs.append(combinations(variant, seed=1)[0] if ok else ())
    for i, rules in enumerate(runs):
        try:
            played = conformance(variant, rules, hands=3, seed=i, max_hands=3)
        except ConformanceError as e:
            raise AssertionError(f"{variant} with {list(rules)}: {e}") from e
        assert played >= 3


# ---------------------------------------------------------------------------------------
# The slow run
# ---------------------------------------------------------------------------------------

SLOW_HANDS = 1000


def slow_jobs() -> list[tuple[str, tuple[str, ...], bool]]:
    """(variant, rules, check illegal actions) for every run of the slow matrix."""
    jobs: dict[tuple[str, tuple[str, ...]], bool] = {}
    for variant in VARIANTS:
        for rule in matrix(variant)[0]:
            jobs[(variant, (rule,))] = False
        for i, combo in enumerate(combinations(variant)):
            jobs[(variant, combo)] = i == 0
    return [(variant, rules, check) for (variant, rules), check in jobs.items()]


def run_job(job: tuple[str, tuple[str, ...], bool]) -> str:
    """One slow run; an empty string when it passed, else what broke."""
    variant, rules, check_illegal = job
    try:
        played = conformance(
            variant, rules, hands=SLOW_HANDS, seed="slow", check_illegal=check_illegal
        )
    except Exception as e:  # report every failure, not only the first
        return f"{variant} with {list(rules)}: {type(e).__name__}: {e}"
    if played < SLOW_HANDS:
        return f"{variant} with {list(rules)}: only {played} hands"
    return ""


@pytest.mark.slow
def test_slow_matrix_1000_hands_per_combination() -> None:
    jobs = slow_jobs()
    workers = max(1, min(4, os.cpu_count() or 1))
    if workers > 1 and "fork" in multiprocessing.get_all_start_methods():
        ctx = multiprocessing.get_context("fork")
        with ProcessPoolExecutor(workers, mp_context=ctx) as pool:
            results = list(pool.map(run_job, jobs))
    else:
        results = [run_job(job) for job in jobs]
    failures = [r for r in results if r]
    assert not failures, f"{len(failures)} of {len(jobs)} runs failed:\n" + "\n".join(failures)

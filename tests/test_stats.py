"""The interval formulas of euchre_core.analysis.stats, checked against cases worked by hand or
published with their answers."""

from __future__ import annotations

import math
import random

import pytest

import euchre_core.analysis.stats as stats
from euchre_core.analysis.stats import (
    Estimate,
    mean_ci,
    mean_difference,
    proportion_difference,
    quantile,
    ratio,
    ratio_difference,
    t_quantile,
    wilson,
)


def test_wilson_interval_of_8_in_10_is_0_4902_to_0_9433() -> None:
    e = wilson(8, 10)
    assert e.value == 0.8
    assert e.low == pytest.approx(0.4902, abs=5e-5)
    assert e.high == pytest.approx(0.9433, abs=5e-5)
    assert e.n == 10


def test_wilson_interval_stays_inside_zero_and_one() -> None:
    assert wilson(0, 10).low == 0.0
    assert wilson(10, 10).high == 1.0
    assert wilson(0, 10).high == pytest.approx(0.2775, abs=5e-5)


def test_wilson_of_no_trials_is_undefined() -> None:
    assert math.isnan(wilson(0, 0).value)


@pytest.mark.parametrize(
    ("df", "expected"),
    [
        (1, 12.706205),
        (2, 4.302653),
        (3, 3.182446),
        (4, 2.776445),
        (10, 2.228139),
        (30, 2.042272),
        (100, 1.983972),
        (5000, 1.960439),
    ],
)
def test_t_quantiles_match_the_tables(df: int, expected: float) -> None:
    assert t_quantile(df) == pytest.approx(expected, abs=2e-6)


def test_t_quantile_at_other_levels() -> None:
    assert t_quantile(10, 0.95) == pytest.approx(1.812461, abs=2e-6)
    assert t_quantile(5, 0.995) == pytest.approx(4.032143, abs=2e-6)
    assert t_quantile(7, 0.5) == pytest.approx(0.0, abs=1e-9)


def test_t_interval_of_one_to_five() -> None:
    # mean 3, s = sqrt(2.5), se = s / sqrt(5) = 0.70711, t(4) = 2.77645
    e = mean_ci([1, 2, 3, 4, 5])
    assert e.value == 3
    assert e.low == pytest.approx(3 - 2.776445 * 0.7071068, abs=1e-5)
    assert e.high == pytest.approx(3 + 2.776445 * 0.7071068, abs=1e-5)


def test_paired_difference_computed_by_hand() -> None:
    # differences 1, 2, 2: mean 5/3, s = 0.57735, se = 0.33333, t(2) = 4.302653
    a = [1.0, 2.0, 3.0]
    b = [2.0, 4.0, 5.0]
    e = mean_difference(a, b, paired=True)
    assert e.value == pytest.approx(5 / 3)
    assert e.low == pytest.approx(5 / 3 - 4.302653 / 3, abs=1e-5)
    assert e.high == pytest.approx(5 / 3 + 4.302653 / 3, abs=1e-5)


def test_pairing_removes_the_variance_the_units_share() -> None:
    a = [1.0, 5.0, 9.0, 13.0, 17.0]
    b = [x + 1 for x in a]
    paired = mean_difference(a, b, paired=True)
    independent = mean_difference(a, b, paired=False)
    assert paired.value == independent.value == pytest.approx(1.0)
    assert paired.low == paired.high == pytest.approx(1.0)
    assert independent.low < -3 and independent.high > 5


def test_a_sample_against_itself_differs_by_exactly_zero() -> None:
    num = [3.0, 1.0, 4.0, 1.0, 5.0]
    den = [9.0, 2.0, 6.0, 5.0, 3.0]
    e = ratio_difference(num, den, num, den, paired=True)
    assert (e.value, e.low, e.high) == (0.0, 0.0, 0.0)
    assert not e.excludes_zero


def test_ratio_of_equal_rates_in_every_unit_has_no_width() -> None:
    e = ratio([1, 2, 3], [2, 4, 6])
    assert e.value == 0.5
    assert e.low == pytest.approx(0.5)
    assert e.high == pytest.approx(0.5)


def test_ratio_interval_by_the_delta_method_by_hand() -> None:
    # r = 6 / 12 = 0.5; mean den = 4; z_i = (x - r y) / 4 = (0, -0.25, 0.25)
    # s = 0.25, se = 0.25 / sqrt(3), t(2) = 4.30265
    e = ratio([1, 1, 4], [2, 4, 6])
    half = 4.30265 * 0.25 / math.sqrt(3)
    assert e.value == 0.5
    assert e.low == pytest.approx(0.5 - half, abs=1e-5)
    assert e.high == pytest.approx(0.5 + half, abs=1e-5)


def test_ratio_needs_matching_lengths() -> None:
    with pytest.raises(ValueError):
        ratio([1, 2], [1])


def test_newcombe_interval_for_56_of_70_against_48_of_80() -> None:
    # Newcombe (1998), example (a): 0.2000, 95% interval 0.0524 to 0.3339
    e = proportion_difference(48, 80, 56, 70)
    assert e.value == pytest.approx(0.2)
    assert e.low == pytest.approx(0.0524, abs=5e-5)
    assert e.high == pytest.approx(0.3339, abs=5e-5)
    assert e.excludes_zero


def test_welch_difference_of_independent_means() -> None:
    e = mean_difference([1.0, 2.0, 3.0, 4.0], [2.0, 3.0, 4.0, 5.0], paired=False)
    # equal variances 5/3 and n = 4: se = sqrt(5/6), df = 6, t(6) = 2.44691
    assert e.value == pytest.approx(1.0)
    assert e.high - e.value == pytest.approx(2.44691 * math.sqrt(5 / 6), abs=1e-4)


def test_quantiles_interpolate_between_order_statistics() -> None:
    xs = [1.0, 2.0, 3.0, 4.0]
    assert quantile(xs, 0.5) == 2.5
    assert quantile(xs, 0.0) == 1.0
    assert quantile(xs, 1.0) == 4.0
    assert quantile(xs, 0.25) == pytest.approx(1.75)
    assert math.isnan(quantile([], 0.5))
    with pytest.raises(ValueError):
        quantile(xs, 1.5)


def test_estimate_excludes_zero_only_when_the_interval_does() -> None:
    assert Estimate(1.0, 0.1, 2.0, 5).excludes_zero
    assert Estimate(-1.0, -2.0, -0.1, 5).excludes_zero
    assert not Estimate(1.0, -0.1, 2.0, 5).excludes_zero
    assert Estimate(1.0, 0.5, 1.5, 3).to_dict() == {
        "value": 1.0,
        "low": 0.5,
        "high": 1.5,
        "n": 3,
    }


# ---------------------------------------------------------------------------------------
# Rates of hands grouped in games
# ---------------------------------------------------------------------------------------


def test_a_rate_with_one_trial_per_unit_is_exactly_wilsons_interval() -> None:
    e = stats.rate([1, 0, 1, 1, 1, 0, 1, 1, 1, 1], [1] * 10)
    w = stats.wilson(8, 10)
    assert (e.value, e.low, e.high) == pytest.approx((w.value, w.low, w.high))
    assert (e.low, e.high) == pytest.approx((0.4902, 0.9433), abs=5e-5)


def test_a_rate_is_wilsons_interval_at_the_effective_number_of_trials_by_hand() -> None:
    # Three games of 4, 2 and 4 hands, 4, 0 and 2 made: p = 0.6, and the games differ
    # more than independent hands would (about 5.8 effective hands of 10).
    successes, trials = [4, 0, 2], [4, 2, 4]
    p = 6 / 10
    z = [(x - p * y) / (10 / 3) for x, y in zip(successes, trials, strict=True)]
    variance = sum(v * v for v in z) / 9
    effective = p * (1 - p) / variance
    w = 1.959963984540054
    centre = (p + w * w / (2 * effective)) / (1 + w * w / effective)
    half = (
        w
        * math.sqrt(p * (1 - p) / effective + w * w / (4 * effective**2))
        / (1 + w * w / effective)
    )
    assert effective == pytest.approx(5.769, abs=1e-3)
    e = stats.rate(successes, trials)
    assert e.value == pytest.approx(0.6)
    assert (e.low, e.high) == pytest.approx((centre - half, centre + half))
    # Games more alike than independent hands count as no more than their hands.
    alike = stats.rate([3, 2, 2], [4, 2, 4])
    w7 = stats.wilson(7, 10)
    assert (alike.low, alike.high) == pytest.approx((w7.low, w7.high))


def test_a_rate_interval_stays_inside_zero_and_one_where_the_delta_method_does_not() -> None:
    # Nearly every lone hand made, in few games: the delta-method interval passes 100%.
    successes = [2, 1, 3, 1, 1, 2, 1, 1, 2, 0]
    trials = [2, 1, 3, 1, 1, 2, 1, 1, 2, 1]
    assert stats.ratio(successes, trials).high > 1
    e = stats.rate(successes, trials)
    assert 0 <= e.low <= e.value <= e.high <= 1
    rng = random.Random(5)
    for _ in range(500):
        n = rng.randint(1, 12)
        trials = [rng.randint(0, 4) for _ in range(n)]
        successes = [rng.randint(0, t) if rng.random() < 0.5 else t for t in trials]
        e = stats.rate(successes, trials)
        if sum(trials):
            assert 0 <= e.low <= e.value <= e.high <= 1, (successes, trials, e)


def test_a_rate_of_all_or_nothing_counts_the_trials_as_they_are() -> None:
    assert stats.rate([0, 0], [4, 4]).high == pytest.approx(stats.wilson(0, 8).high)
    assert stats.rate([3, 5], [3, 5]).low == pytest.approx(stats.wilson(8, 8).low)


def test_a_rate_of_no_trials_is_undefined() -> None:
    assert math.isnan(stats.rate([0, 0], [0, 0]).value)

"""Estimates with 95% confidence intervals, for simulations and comparisons.

Games are the independent units: hands within one game are not independent (the score and
the dealer carry over), so every rate is estimated as a ratio of per-game sums with a
cluster-robust (delta-method) interval, and a difference between two rule sets played on
the same deals (a *paired* comparison) uses the per-game differences of the linearised
estimates, which removes the variance the shared deals have in common.

* :func:`wilson` — a proportion of independent trials (games won), Wilson score interval.
* :func:`mean_ci` — a mean of independent values, normal interval (Student's t for small n).
* :func:`ratio` — ``sum(num) / sum(den)`` over games, delta-method interval.
* :func:`rate` — a rate of successes among trials grouped in games (hands made per hand
  with a contract): the Wilson interval at the effective number of trials that the
  games' cluster-robust variance implies, so it stays inside 0..1.
* :func:`ratio_difference` — ``ratio(b) - ratio(a)``, paired (same games) or independent.
* :func:`proportion_difference` — ``pb - pa`` of two independent proportions, Newcombe's
  hybrid score interval (built from the two Wilson intervals).
* :func:`mean_difference` — ``mean(b) - mean(a)``, paired (t on the differences) or
  independent (Welch).
* :func:`quantile` — a sample quantile (linear interpolation, as in most packages).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = [
    "Estimate",
    "mean_ci",
    "mean_difference",
    "proportion_difference",
    "quantile",
    "rate",
    "ratio",
    "ratio_difference",
    "t_quantile",
    "wilson",
]

Z95 = 1.959963984540054


@dataclass(frozen=True)
class Estimate:
    """A value with its 95% interval and the number of independent units behind it."""

    value: float
    low: float
    high: float
    n: int

    @property
    def excludes_zero(self) -> bool:
        """The interval lies entirely above or below zero."""
        return self.low > 0 or self.high < 0

    @property
    def half_width(self) -> float:
        return (self.high - self.low) / 2

    def to_dict(self) -> dict[str, float | int]:
        return {"value": self.value, "low": self.low, "high": self.high, "n": self.n}


def t_quantile(df: int, p: float = 0.975) -> float:
    """The ``p`` quantile of Student's t with ``df`` degrees of freedom.

    Hill's series gives a start that Newton's method refines on the exact distribution
    function (the finite series for whole degrees of freedom, Abramowitz and Stegun
    26.7.3-4), so the result is exact to about 1e-10; above 1000 degrees of freedom the
    series alone is that close.
    """
    if df <= 0:
        return math.inf
    if not 0 < p < 1:
        raise ValueError("p must lie strictly between 0 and 1")
    z = _normal_quantile(p)
    g1 = (z**3 + z) / 4
    g2 = (5 * z**5 + 16 * z**3 + 3 * z) / 96
    g3 = (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / 384
    g4 = (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / 92160
    x = z + g1 / df + g2 / df**2 + g3 / df**3 + g4 / df**4
    if df == 1:
        return math.tan(math.pi * (p - 0.5))
    if df > 1000:
        return x
    log_norm = math.lgamma((df + 1) / 2) - math.lgamma(df / 2) - 0.5 * math.log(df * math.pi)
    for _ in range(50):
        density = math.exp(log_norm - (df + 1) / 2 * math.log1p(x * x / df))
        step = (_t_cdf(x, df) - p) / density
        x -= step
        if abs(step) < 1e-12:
            break
    return x


def _t_cdf(x: float, df: int) -> float:
    """Student's t distribution function for whole ``df`` (a finite series)."""
    theta = math.atan(x / math.sqrt(df))
    c2 = math.cos(theta) ** 2
    s = math.sin(theta)
    if df % 2:
        total, term = 0.0, math.cos(theta)
        if df > 1:
            total = term
            for k in range(3, df - 1, 2):
                term *= c2 * (k - 1) / k
                total += term
        a = 2 / math.pi * (theta + s * total)
    else:
        total, term = 1.0, 1.0
        for k in range(2, df - 1, 2):
            term *= c2 * (k - 1) / k
            total += term
        a = s * total
    return (1 + a) / 2


def _normal_quantile(p: float) -> float:
    """Inverse of the standard normal distribution (Acklam's rational approximation)."""
    a = (
        -3.969683028665376e01,
        2.209460984245205e02,
        -2.759285104469687e02,
        1.383577518672690e02,
        -3.066479806614716e01,
        2.506628277459239e00,
    )
    b = (
        -5.447609879822406e01,
        1.615858368580409e02,
        -1.556989798598866e02,
        6.680131188771972e01,
        -1.328068155288572e01,
    )
    c = (
        -7.784894002430293e-03,
        -3.223964580411365e-01,
        -2.400758277161838e00,
        -2.549732539343734e00,
        4.374664141464968e00,
        2.938163982698783e00,
    )
    d = (7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e00, 3.754408661907416e00)
    lo = 0.02425
    if p < lo:
        q = math.sqrt(-2 * math.log(p))
        return (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) / (
            (((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1
        )
    if p > 1 - lo:
        return -_normal_quantile(1 - p)
    q = p - 0.5
    r = q * q
    return (
        (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5])
        * q
        / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1)
    )


def wilson(successes: int, n: int) -> Estimate:
    """The proportion ``successes / n`` with its Wilson score interval."""
    if n <= 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    low, high = _wilson_limits(successes / n, n)
    return Estimate(successes / n, low, high, n)


def _wilson_limits(p: float, n: float) -> tuple[float, float]:
    """Wilson's score limits for a proportion ``p`` of ``n`` trials (``n`` may be an
    effective, non-integer count)."""
    z2 = Z95 * Z95
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    low = 0.0 if p <= 0 else max(0.0, centre - half)
    high = 1.0 if p >= 1 else min(1.0, centre + half)
    return low, high


def mean_ci(values: Sequence[float]) -> Estimate:
    """The mean with a t interval (normal for large samples)."""
    n = len(values)
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    m = math.fsum(values) / n
    if n == 1:
        return Estimate(m, -math.inf if m else m, math.inf if m else m, 1)
    var = math.fsum((v - m) ** 2 for v in values) / (n - 1)
    half = t_quantile(n - 1) * math.sqrt(var / n)
    return Estimate(m, m - half, m + half, n)


def _linearised(num: Sequence[float], den: Sequence[float]) -> tuple[float, list[float]]:
    """The ratio of sums and each unit's influence on it (delta method)."""
    n = len(num)
    total_den = math.fsum(den)
    if n == 0 or total_den == 0:
        return math.nan, [0.0] * n
    r = math.fsum(num) / total_den
    mean_den = total_den / n
    return r, [(x - r * y) / mean_den for x, y in zip(num, den, strict=True)]


def _t_interval(centre: float, z: Sequence[float]) -> Estimate:
    """``centre`` with the t interval of the spread of the per-unit values ``z``
    (no interval for fewer than two units or a ``nan`` centre)."""
    n = len(z)
    if n < 2 or math.isnan(centre):
        return Estimate(centre, math.nan, math.nan, n)
    m = math.fsum(z) / n
    var = math.fsum((v - m) ** 2 for v in z) / (n - 1)
    half = t_quantile(n - 1) * math.sqrt(var / n)
    return Estimate(centre, centre - half, centre + half, n)


def ratio(num: Sequence[float], den: Sequence[float]) -> Estimate:
    """``sum(num) / sum(den)`` over independent units (games), with a cluster-robust
    interval. E.g. maker success rate: per game, hands made / hands with a maker."""
    if len(num) != len(den):
        raise ValueError("num and den must have the same length")
    r, z = _linearised(num, den)
    return _t_interval(r, z)


def rate(successes: Sequence[float], trials: Sequence[float]) -> Estimate:
    """``sum(successes) / sum(trials)`` over independent units (games) whose trials
    (hands) are not independent of each other, with an interval inside 0..1.

    The Wilson score interval of the pooled rate, taken at the *effective* number of
    trials ``p(1 - p) / V``, where ``V`` is the cluster-robust (delta-method) variance of
    the ratio: the design-effect adjustment of Kish, applied to Wilson's interval as in
    Korn and Graubard's intervals for proportions from clustered samples. With one trial
    per unit it is exactly :func:`wilson`. When ``p`` is 0 or 1 (no spread to measure)
    the trials count as they are. A unit with fewer trials than successes, or negative
    counts, is not a rate: :func:`ratio` is used instead.
    """
    if len(successes) != len(trials):
        raise ValueError("num and den must have the same length")
    if any(x < 0 or x > y for x, y in zip(successes, trials, strict=True)):
        return ratio(successes, trials)
    total = math.fsum(trials)
    n = len(trials)
    if n == 0 or total == 0:
        return Estimate(math.nan, math.nan, math.nan, n)
    p, z = _linearised(successes, trials)
    variance = math.fsum(v * v for v in z) / (n * n)
    spread = p * (1 - p)
    effective = total if variance <= 0 or spread <= 0 else min(total, spread / variance)
    w = _wilson_limits(p, effective)
    return Estimate(p, w[0], w[1], n)


def ratio_difference(
    num_a: Sequence[float],
    den_a: Sequence[float],
    num_b: Sequence[float],
    den_b: Sequence[float],
    *,
    paired: bool,
) -> Estimate:
    """``ratio(b) - ratio(a)`` with its interval.

    :param paired: the units correspond (game ``i`` of ``a`` and of ``b`` were dealt the
      same cards), so the interval comes from the per-unit differences of the
      linearised estimates; otherwise the two variances add.
    """
    ra, za = _linearised(num_a, den_a)
    rb, zb = _linearised(num_b, den_b)
    diff = rb - ra
    if paired:
        if len(za) != len(zb):
            raise ValueError("paired samples must have the same number of units")
        return _t_interval(diff, [b - a for a, b in zip(za, zb, strict=True)])
    na, nb = len(za), len(zb)
    if na < 2 or nb < 2 or math.isnan(diff):
        return Estimate(diff, math.nan, math.nan, min(na, nb))
    ma, mb = math.fsum(za) / na, math.fsum(zb) / nb
    va = math.fsum((v - ma) ** 2 for v in za) / (na - 1) / na
    vb = math.fsum((v - mb) ** 2 for v in zb) / (nb - 1) / nb
    se = math.sqrt(va + vb)
    # Welch-Satterthwaite degrees of freedom
    df = (
        int((va + vb) ** 2 / ((va**2 / (na - 1)) + (vb**2 / (nb - 1))))
        if va + vb > 0
        else na + nb - 2
    )
    half = t_quantile(max(df, 1)) * se
    return Estimate(diff, diff - half, diff + half, min(na, nb))


def proportion_difference(successes_a: int, n_a: int, successes_b: int, n_b: int) -> Estimate:
    """``successes_b / n_b - successes_a / n_a`` for two independent samples, with
    Newcombe's hybrid score interval (his method 10): the Wilson limits of each
    proportion combined in quadrature. Unlike the Wald interval it stays inside
    [-1, 1] and keeps its coverage for rates near 0 or 1.
    """
    if n_a <= 0 or n_b <= 0:
        return Estimate(math.nan, math.nan, math.nan, min(n_a, n_b))
    a = wilson(successes_a, n_a)
    b = wilson(successes_b, n_b)
    d = b.value - a.value
    low = d - math.sqrt((b.value - b.low) ** 2 + (a.high - a.value) ** 2)
    high = d + math.sqrt((b.high - b.value) ** 2 + (a.value - a.low) ** 2)
    return Estimate(d, low, high, min(n_a, n_b))


def mean_difference(a: Sequence[float], b: Sequence[float], *, paired: bool) -> Estimate:
    """``mean(b) - mean(a)`` with its interval.

    :param paired: ``a[i]`` and ``b[i]`` belong together (the same deals): a t interval
      on the differences ``b[i] - a[i]``; otherwise Welch's interval for independent
      samples.
    """
    ones_a = [1.0] * len(a)
    ones_b = [1.0] * len(b)
    return ratio_difference(a, ones_a, b, ones_b, paired=paired)


def quantile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0 <= q <= 1) of ``values``, interpolating linearly between
    order statistics (the default of R and NumPy); ``nan`` for no values."""
    if not 0 <= q <= 1:
        raise ValueError("q must lie between 0 and 1")
    xs = sorted(values)
    if not xs:
        return math.nan
    pos = (len(xs) - 1) * q
    lo = math.floor(pos)
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (pos - lo)

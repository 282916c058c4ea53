"""Running means with confidence intervals, and the two-sided tests the lab reports.

Intervals of a mean use Student's t with n - 1 degrees of freedom (at small n the normal
interval is too narrow); a rate whose events come in clusters (the hands of one wall in an
arena) has a cluster-robust interval (:class:`ClusteredRate`).
"""

from __future__ import annotations

import math
from typing import Any

__all__ = ["Running", "ClusteredRate", "Z95", "t95", "normal_two_sided_p", "t_two_sided_p", "proportion_ci"]

Z95 = 1.959963984540054  # the normal quantile of a two-sided 95% interval


class Running:
    """Mean and variance of a stream (Welford's method: one pass, constant memory)."""

    __slots__ = ("n", "mean", "_m2")

    def __init__(self) -> None:
        self.n = 0
        self.mean = 0.0
        self._m2 = 0.0

    def add(self, x: float) -> None:
        """Fold in one value."""
        self.n += 1
        d = x - self.mean
        self.mean += d / self.n
        self._m2 += d * (x - self.mean)

    @property
    def variance(self) -> float:
        """The sample variance (0 below two values)."""
        return self._m2 / (self.n - 1) if self.n > 1 else 0.0

    @property
    def stderr(self) -> float:
        """The standard error of the mean."""
        return math.sqrt(self.variance / self.n) if self.n else 0.0

    def ci95(self) -> tuple[float, float]:
        """The 95% confidence interval of the mean (Student's t, n - 1 degrees of freedom;
        the mean itself below two values)."""
        half = t95(self.n - 1) * self.stderr if self.n > 1 else 0.0
        return self.mean - half, self.mean + half

    def to_json(self, digits: int = 4) -> dict[str, Any]:
        """``{"mean", "ci95": [lo, hi], "n"}``."""
        lo, hi = self.ci95()
        return {"mean": round(self.mean, digits), "ci95": [round(lo, digits), round(hi, digits)], "n": self.n}


def normal_two_sided_p(z: float) -> float:
    """The two-sided p-value of a standard normal statistic ``z``."""
    return math.erfc(abs(z) / math.sqrt(2.0))


def proportion_ci(successes: int, n: int) -> list[float]:
    """The Wilson 95% interval of a proportion (sound near 0 and 1, unlike the plain one)."""
    if n == 0:
        return [0.0, 0.0]
    p = successes / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return [round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4)]


def _t_central(t: float, nu: int) -> float:
    """P(|T| < t) for Student's t with ``nu`` degrees of freedom (Abramowitz and Stegun
    26.7.3 and 26.7.4: finite sums for whole ``nu``)."""
    theta = math.atan(t / math.sqrt(nu))
    c, sn = math.cos(theta), math.sin(theta)
    if nu % 2:
        if nu == 1:
            return 2.0 * theta / math.pi
        term = total = c
        for k in range(1, (nu - 3) // 2 + 1):
            term *= c * c * (2 * k) / (2 * k + 1)
            total += term
        return 2.0 / math.pi * (theta + sn * total)
    term = total = 1.0
    for k in range(1, (nu - 2) // 2 + 1):
        term *= c * c * (2 * k - 1) / (2 * k)
        total += term
    return sn * total


def t_two_sided_p(t: float, nu: int) -> float:
    """The two-sided p-value of a Student's t statistic ``t`` with ``nu`` (at least 1)
    degrees of freedom: below 0.05 exactly when ``|t|`` is above :func:`t95` ``(nu)``, so
    that a p-value and the interval of the same mean always agree."""
    if nu < 1:
        raise ValueError(f"degrees of freedom are at least 1, not {nu!r}")
    if nu > 5000:
        # the normal statistic of the same tail (the expansion t95 inverts): the finite sums
        # of _t_central grow with nu
        return normal_two_sided_p(t * (1 - 1 / (4 * nu)) / math.sqrt(1 + t * t / (2 * nu)))
    return max(0.0, 1.0 - _t_central(abs(t), nu))


_T95: dict[int, float] = {}


def t95(nu: int) -> float:
    """The two-sided 95% quantile of Student's t with ``nu`` (at least 1) degrees of
    freedom: 12.706 at 1, 2.228 at 10, 1.984 at 100, the normal 1.960 in the limit."""
    if nu < 1:
        raise ValueError(f"degrees of freedom are at least 1, not {nu!r}")
    if nu > 5000:
        return Z95 + (Z95**3 + Z95) / (4 * nu)
    got = _T95.get(nu)
    if got is None:
        lo, hi = Z95, 13.0
        for _ in range(60):  # bisection: P(|T| < t) grows with t
            mid = 0.5 * (lo + hi)
            if _t_central(mid, nu) < 0.95:
                lo = mid
            else:
                hi = mid
        got = _T95[nu] = 0.5 * (lo + hi)
    return got


class ClusteredRate:
    """A rate of events over trials that come in clusters (the seat-hands of one wall, which
    share its tiles): the pooled rate and a cluster-robust 95% interval, the variance taken
    over clusters (the ratio estimator's), with Student's t on clusters - 1 degrees of freedom."""

    __slots__ = ("events", "trials", "clusters", "_s2", "_sxy", "_sy2")

    def __init__(self) -> None:
        self.events = 0
        self.trials = 0
        self.clusters = 0
        self._s2 = 0.0  # sum of squared trials per cluster
        self._sxy = 0.0  # sum of events x trials per cluster
        self._sy2 = 0.0  # sum of squared events per cluster

    def add(self, events: int, trials: int) -> None:
        """Fold in one cluster: ``events`` among its ``trials``."""
        if trials <= 0:
            return
        self.clusters += 1
        self.events += events
        self.trials += trials
        self._s2 += trials * trials
        self._sxy += events * trials
        self._sy2 += events * events

    @property
    def rate(self) -> float:
        """Events per trial."""
        return self.events / self.trials if self.trials else 0.0

    def ci95(self) -> list[float]:
        """The cluster-robust 95% interval of the rate, within [0, 1]; with fewer than two
        clusters, or no spread between them, the Wilson interval of the pooled counts."""
        k = self.clusters
        p = self.rate
        if k < 2:
            return proportion_ci(self.events, self.trials)
        # sum over clusters of (events - p * trials)^2
        resid = self._sy2 - 2 * p * self._sxy + p * p * self._s2
        var = k / (k - 1) * max(0.0, resid) / (self.trials * self.trials)
        if var <= 0.0:
            return proportion_ci(self.events, self.trials)
        half = t95(k - 1) * math.sqrt(var)
        return [round(max(0.0, p - half), 4), round(min(1.0, p + half), 4)]

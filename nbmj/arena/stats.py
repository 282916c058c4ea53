"""Running means with confidence intervals, and the two-sided tests the lab reports."""

from __future__ import annotations

import math
from typing import Any

__all__ = ["Running", "Z95", "normal_two_sided_p", "proportion_ci"]

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
        """The normal-approximation 95% confidence interval of the mean."""
        half = Z95 * self.stderr
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

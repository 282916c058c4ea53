"""From applied items to the hand's total: the 台 pipeline (Ningbo) and the 胡 × 番 pipeline
(Ninghai), with the minimum, caps, rounding, 推倒八's fixed table and the silver conversion."""

from __future__ import annotations

from typing import Iterable, NamedTuple

from ..rules.model import FuFanScoring, TaiScoring
from .items import Applied, Entry

__all__ = ["Total", "tai_total", "fu_fan_total", "ceil_to", "silver", "fan_multiplier", "meets_minimum",
           "reaches_minimum"]


class Total(NamedTuple):
    """The totals of one reading.

    ``tai``: capped 台 (None for 胡 × 番 variants); ``minimum_tai``: 台 that count for the
    minimum; ``fu``: raw 胡 with the base (底), before multiplying; ``fan``: 番 after the cap;
    ``fan_raw`` before it; ``hu``: the hand's 胡 after multiplying, rounding and capping;
    ``points``: the total S that payments use (银 for Ninghai), after the multipliers;
    ``multiplier``: the product of the multiplier items (None for 胡 × 番 variants).
    """

    tai: int | None
    minimum_tai: int | None
    fu: int | None
    fan: int | None
    fan_raw: int | None
    hu: int | None
    points: int
    capped: bool
    multiplier: int | None = None


def ceil_to(value: int, step: int) -> int:
    """``value`` rounded up to a multiple of ``step`` (超一进十 for step 10).

    >>> ceil_to(56, 10), ceil_to(60, 10), ceil_to(112, 10)
    (60, 60, 120)
    """
    if step <= 1:
        return value
    return -(-value // step) * step


def silver(hu: int, mode: str) -> int:
    """胡 to 银 (NH-4): ``identity``, or ``half_hundreds``: of the part below a hundred,
    0-20 is dropped, 30-60 counts 50 and 70 or more makes the next hundred.

    >>> [silver(v, "half_hundreds") for v in (120, 130, 160, 170, 200)]
    [100, 150, 150, 200, 200]
    """
    if mode == "identity":
        return hu
    if mode == "half_hundreds":
        hundreds, rest = divmod(hu, 100)
        if rest < 30:
            return hundreds * 100
        if rest <= 60:
            return hundreds * 100 + 50
        return (hundreds + 1) * 100
    raise ValueError(f"unknown silver conversion {mode!r}")


def fan_multiplier(fan: int, mode: str) -> int:
    """The multiplier for ``fan`` 番: ``power_of_two`` (×2^番) or ``fan_plus_one``."""
    if mode == "power_of_two":
        return int(2**fan)
    if mode == "fan_plus_one":
        return fan + 1
    raise ValueError(f"unknown fan multiplier {mode!r}")


def tai_total(scoring: TaiScoring, applied: list[Applied]) -> Total:
    """Sum the 台, cap them, and convert to the points S."""
    return tai_from_entries(scoring, [(0, a.item, a.count, a.value) for a in applied])


def fu_fan_total(scoring: FuFanScoring, applied: list[Applied]) -> Total:
    """底 + 胡 items, × multiplier(番), rounded up, capped; or 推倒八's fixed table; then silver."""
    return fu_fan_from_entries(scoring, [(0, a.item, a.count, a.value) for a in applied])


def tai_from_entries(scoring: TaiScoring, entries: Iterable[Entry]) -> Total:
    """:func:`tai_total` over ``(order, item, count, value)`` entries."""
    tai = 0
    minimum_tai = 0
    multiplier = 1
    for _o, item, _n, value in entries:
        if item.unit == "x":
            multiplier *= value
            continue
        if item.unit != "tai":
            continue
        tai += value
        if item.counts_for_minimum:
            minimum_tai += value
    capped = scoring.cap is not None and tai > scoring.cap
    if capped:
        tai = scoring.cap  # type: ignore[assignment]
    if scoring.conversion == "linear":
        points = scoring.base_points + scoring.points_per_tai * tai
    else:
        points = scoring.base_points * 2**tai
    points *= multiplier  # NB-13.5: the hand value is the tai's points × the multipliers
    points_cap = scoring.points_cap
    if points_cap is not None and points > points_cap:
        points = points_cap
        capped = True
    # (tuple.__new__: a NamedTuple's own __new__ is Python code, slower than the sums above)
    return tuple.__new__(Total, (tai, minimum_tai, None, None, None, None, points, capped, multiplier))


def reaches_minimum(scoring: TaiScoring, tai: float, value: float, multiplier: float) -> bool:
    """Whether a win of ``tai`` 台 that count toward the minimum, a hand value of ``value``
    (those 台 times the multipliers) and multipliers making ``multiplier`` reaches the
    minimum (NB-13.1, NB-13.6): the 台, or the value when the minimum is over the hand value,
    at least ``scoring.minimum``; or an alternative met (at least so many 台 with a product
    of multipliers at least so much). The one statement of the rule: the scorer asks it of a
    reading's totals (:func:`meets_minimum`), the value bound of its bounds."""
    reached = value if scoring.minimum_of == "value" else tai
    if reached >= scoring.minimum:
        return True
    for alt_tai, alt_multiplier in scoring.minimum_alternatives:
        if tai >= alt_tai and multiplier >= alt_multiplier:
            return True
    return False


def meets_minimum(scoring: TaiScoring, total: Total) -> bool:
    """Whether a reading's totals reach the minimum (:func:`reaches_minimum`)."""
    counted = total.minimum_tai or 0
    multiplier = total.multiplier or 1
    return reaches_minimum(scoring, counted, counted * multiplier, multiplier)


def fu_fan_from_entries(scoring: FuFanScoring, entries: Iterable[Entry]) -> Total:
    """:func:`fu_fan_total` over ``(order, item, count, value)`` entries."""
    fu = scoring.base
    fan_raw = 0
    for _o, item, _n, value in entries:
        if item.unit == "fu":
            fu += value
        elif item.unit == "fan":
            fan_raw += value
    fan = min(fan_raw, scoring.fan_cap)
    capped = fan >= scoring.fan_cap
    if scoring.fixed_by_fan:
        hu = scoring.fixed_by_fan[min(fan, len(scoring.fixed_by_fan) - 1)]
        if hu > scoring.cap:  # the cap holds every hand, a fixed value too (NH-3.9)
            hu = scoring.cap
            capped = True
    elif capped:
        hu = scoring.cap
    else:
        mult = fan_multiplier(fan, scoring.fan_multiplier)
        if scoring.round_stage == "after_multiply":
            hu = ceil_to(fu * mult, scoring.round_to)
        else:
            hu = ceil_to(fu, scoring.round_to) * mult
        if hu > scoring.cap:
            hu = scoring.cap
            capped = True
    return tuple.__new__(Total, (None, None, fu, fan, fan_raw, hu, silver(hu, scoring.silver), capped, None))

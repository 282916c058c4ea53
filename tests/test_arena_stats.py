"""The arena's statistics: seatings, Student's t at small N, rates clustered by wall."""

from __future__ import annotations

import math
import random

import pytest

from nbmj.arena import run_arena
from nbmj.arena.arena import seatings
from nbmj.arena.stats import ClusteredRate, Running, proportion_ci, t95


@pytest.mark.parametrize("nu,quantile", [(1, 12.7062), (2, 4.3027), (3, 3.1824), (5, 2.5706), (10, 2.2281), (30, 2.0423), (120, 1.9799)])
def test_t95_is_students_quantile(nu, quantile):
    assert t95(nu) == pytest.approx(quantile, abs=5e-4)
    assert t95(10**6) == pytest.approx(1.95996, abs=1e-4)
    with pytest.raises(ValueError):
        t95(0)


def test_a_small_sample_gets_the_wider_t_interval():
    run = Running()
    for x in (1.0, 2.0, 4.0):
        run.add(x)
    lo, hi = run.ci95()
    half = t95(2) * math.sqrt(run.variance / 3)
    assert (lo, hi) == pytest.approx((run.mean - half, run.mean + half))
    assert hi - lo > 2 * 1.96 * math.sqrt(run.variance / 3) * 2  # t(2) is more than twice z


def test_seatings_are_distinct_and_fair():
    for n in (1, 2, 3, 4):
        tables = seatings(n)
        assert len(set(tables)) == len(tables)
        for b in range(n):  # every bot holds every position equally often
            assert len({sum(1 for t in tables if t[p] == b) for p in range(4)}) == 1
    assert len(seatings(2)) == 6 and all(t.count(0) == 2 for t in seatings(2))
    assert len(seatings(4)) == 4 and len(seatings(1)) == 1


def test_a_two_bot_duplicate_arena_plays_no_table_twice():
    """Rotating A B A B replayed rotation 0 at rotation 2, byte for byte: the six two-seat
    tables are six different games of each wall."""
    out = run_arena(["greedy", "random"], 3, seed=5, duplicate=True)
    assert out["hands"] == 18 and out["distinct_hands"] == 18


def test_clustered_rate_matches_the_pooled_rate_and_widens_for_correlated_clusters():
    rng = random.Random(3)
    independent, clustered = ClusteredRate(), ClusteredRate()
    for _ in range(400):
        # clusters of 12 trials: independent coin flips, or one flip shared by the cluster
        independent.add(sum(rng.random() < 0.3 for _ in range(12)), 12)
        clustered.add(12 if rng.random() < 0.3 else 0, 12)
    for rate in (independent, clustered):
        lo, hi = rate.ci95()
        assert lo <= rate.rate <= hi
    width = lambda r: r.ci95()[1] - r.ci95()[0]  # noqa: E731
    wilson = proportion_ci(independent.events, independent.trials)
    assert width(independent) == pytest.approx(wilson[1] - wilson[0], rel=0.15)  # no correlation: as if independent
    assert width(clustered) > 2.5 * width(independent)  # shared luck: far fewer independent trials


@pytest.mark.parametrize("nu", [1, 2, 3, 7, 10, 30, 120, 5000, 5001, 10**6])
def test_the_t_p_value_is_5_percent_at_the_t95_quantile(nu):
    from nbmj.arena.stats import t_two_sided_p

    assert t_two_sided_p(t95(nu), nu) == pytest.approx(0.05, abs=1e-6)
    assert t_two_sided_p(-t95(nu), nu) == pytest.approx(0.05, abs=1e-6)
    assert t_two_sided_p(0.0, nu) == pytest.approx(1.0)
    assert t_two_sided_p(1.5 * t95(nu), nu) < 0.05 < t_two_sided_p(0.9 * t95(nu), nu)


def test_a_discard_two_seats_win_on_is_one_deal_in():
    """Under multiple_winners all, two seats can win on one discard: the discarder was
    counted as dealing in twice in one seat-hand, a rate above 1 for a bot with one seat,
    whose Wilson interval then failed ('math domain error': a traceback ending the arena)."""
    from nbmj.arena.arena import ArenaTally

    tally = ArenaTally(["a", "b", "c", "d"])
    winners = [{"seat": "E", "win_by": "discard", "points": 1, "from": "S"}, {"seat": "W", "win_by": "discard", "points": 1, "from": "S"}]
    hand = {"bots": {"E": 0, "S": 1, "W": 2, "N": 3}, "outcome": "win", "winners": winners,
            "deltas": {"E": 2, "S": -4, "W": 2, "N": 0}, "faults": [], "forfeits": [], "play": "x"}
    tally.add({"wall": 0, "hands": [hand]})
    out = {b["bot"]: b for b in tally.to_json()["bots"]}
    assert out["b"]["deal_in_rate"] == 1.0 and out["b"]["deal_in_rate_ci95"][1] == 1.0
    assert out["a"]["win_rate"] == out["c"]["win_rate"] == 1.0 and out["d"]["deal_in_rate"] == 0.0

"""The wrapped AEC env's short cuts answer as PettingZoo's own paths do: ``last()`` of the
wrapped env is the raw env's after ``reset`` and PettingZoo's error before it; agent
names map to positions and anything else is refused."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.utils import wrappers  # noqa: E402

from nbmj.env import env, raw_env  # noqa: E402
from nbmj.env._common import agent_position  # noqa: E402
from nbmj.errors import NbmjError  # noqa: E402


def _same(a, b):
    obs_a, *rest_a = a
    obs_b, *rest_b = b
    assert rest_a == rest_b
    for key in ("observation", "action_mask"):
        assert np.array_equal(obs_a[key], obs_b[key])


def test_last_of_the_wrapped_env_is_the_raw_env_s_and_pettingzoo_s_before_reset():
    wrapped = env(variant="ningbo")
    assert isinstance(wrapped, wrappers.OrderEnforcingWrapper)
    with pytest.raises(AttributeError, match="before reset"):
        wrapped.last()
    plain = wrappers.OrderEnforcingWrapper(raw_env(variant="ningbo"))
    rng = np.random.default_rng(0)
    for e in (wrapped, plain):
        e.reset(seed=3)
    for _ in range(300):
        got, want = wrapped.last(), plain.last()
        _same(got, want)
        obs, _r, term, trunc, _i = got
        if term or trunc:
            break
        legal = np.flatnonzero(obs["action_mask"])
        action = int(legal[rng.integers(len(legal))])
        wrapped.step(action)
        plain.step(action)


def test_agent_positions():
    assert [agent_position(f"player_{i}") for i in range(4)] == [0, 1, 2, 3]
    for bad in ("player_4", "E", None, 2):
        with pytest.raises(NbmjError, match="unknown agent"):
            agent_position(bad)  # type: ignore[arg-type]

"""The envs' observations: arrays nothing else holds are refilled, anything held is never
written again (nbmj.env.encoding.observation_source, nbmj.env._encode.ObservationPool)."""

from __future__ import annotations

import gc

import numpy as np
import pytest

from nbmj.env import encoding, parallel_env, raw_env
from nbmj.env.table import Table, resolve_variant

POOLED = encoding.BACKEND == "cython"
needs_pool = pytest.mark.skipif(not POOLED, reason="the compiled encoder (and its pool) is not in use")


def _fresh(table: Table, position: int) -> tuple[bytes, bytes]:
    """The planes and mask of ``position`` encoded into new arrays, for comparison."""
    obs = encoding.FreshObservations([position], ["x"]).observe(table, position)
    return obs["observation"].tobytes(), obs["action_mask"].tobytes()


def _play(env, steps: int, keep=None) -> None:
    """Step the parallel env ``steps`` times with the first legal action of every waited
    seat; ``keep(obs)`` sees each step's observations."""
    obs, _ = env.reset(seed=11)
    for _ in range(steps):
        if not env.agents:
            obs, _ = env.reset(seed=12)
        if keep is not None:
            keep(obs)
        actions = {a: int(o["action_mask"].nonzero()[0][0]) if o["action_mask"].any() else 0 for a, o in obs.items()}
        obs, *_ = env.step(actions)


@needs_pool
def test_observations_let_go_are_refilled_in_place_with_what_a_new_encoding_gives():
    env = parallel_env(variant="ningbo")
    env.reset(seed=3)
    seen = set()
    for _ in range(30):
        obs = env._observations.observe_all(env.table)
        seen.add(id(obs["player_0"]["observation"]))
        for agent, o in obs.items():
            p = int(agent[-1])
            assert (o["observation"].tobytes(), o["action_mask"].tobytes()) == _fresh(env.table, p)
        del obs, o
    # two generations alternate: the pool allocated no more than two sets of arrays
    assert len(seen) <= 2


@needs_pool
@pytest.mark.parametrize("hold", ["outer", "inner", "planes", "view", "mask"])
def test_an_observation_still_held_anywhere_is_never_written_again(hold):
    env = parallel_env(variant="ningbo")
    kept: list = []

    def keep(obs):
        if len(kept) < 40:
            o = obs["player_1"]
            part = {"outer": obs, "inner": o, "planes": o["observation"], "view": o["observation"][3:5], "mask": o["action_mask"]}[hold]
            kept.append((part, _snapshot(part)))

    _play(env, 120, keep)
    gc.collect()
    for part, before in kept:
        assert _snapshot(part) == before


def _snapshot(part) -> object:
    if isinstance(part, np.ndarray):
        return part.tobytes()
    if "observation" in part:
        return (part["observation"].tobytes(), part["action_mask"].tobytes())
    return {a: (o["observation"].tobytes(), o["action_mask"].tobytes()) for a, o in part.items()}


@needs_pool
def test_an_array_locked_before_it_was_let_go_is_replaced_not_written():
    env = raw_env(variant="ningbo")
    env.reset(seed=5)
    first = env.observe("player_0")
    first["observation"].flags.writeable = False
    locked = id(first["observation"])
    del first
    for _ in range(4):  # the pool takes back what was given two calls before
        obs = env.observe("player_0")
        assert obs["observation"].flags.writeable
        assert (obs["observation"].tobytes(), obs["action_mask"].tobytes()) == _fresh(env.table, 0)
        del obs
    assert locked  # (the locked array was dropped with its dict; its id may be reused)


def test_every_env_gives_the_same_observations_from_the_pool_as_from_new_arrays(monkeypatch):
    def trace() -> list[bytes]:
        env = parallel_env(variant="ninghai")
        out: list[bytes] = []
        _play(env, 80, lambda obs: out.extend(o["observation"].tobytes() + o["action_mask"].tobytes() for o in obs.values()))
        return out

    pooled = trace()
    monkeypatch.setattr(encoding, "observation_source", encoding.FreshObservations)
    assert trace() == pooled


def test_the_pure_python_source_refuses_mismatched_names():
    with pytest.raises(ValueError, match="one agent name per position"):
        encoding.FreshObservations([0, 1], ["player_0"])
    if POOLED:
        from nbmj.env import _encode

        with pytest.raises(ValueError, match="one agent name per position"):
            _encode.ObservationPool([0, 1], ["player_0"])


def test_an_observation_source_over_a_table_of_another_class_asks_its_observe():
    class Recording(Table):
        asked: list[int] = []

        def observe(self, position, planes, mask):  # type: ignore[override]
            type(self).asked.append(position)
            super().observe(position, planes, mask)

    table = Recording(resolve_variant("ningbo"), learners=[0, 1, 2, 3], bots={}, max_hands=1, reward="points", illegal="raise",
                      illegal_penalty=1.0)
    table.reset(1)
    source = encoding.observation_source((0, 2), ("player_0", "player_2"))
    obs = source.observe_all(table)
    assert Recording.asked == [0, 2] and set(obs) == {"player_0", "player_2"}

"""The Gymnasium vector env of ``nbmj/Mahjong-v0`` (nbmj.env.MahjongVectorEnv) plays as
Gymnasium's SyncVectorEnv over N single-seat MahjongEnvs with the same seeds, step by step,
in both auto-reset modes (the suite runs again with NBMJ_PUREPYTHON=1 for the pure-Python
backend; one test holds the compiled step equal to the env's own Python loop).

Gymnasium 1.4 ships no checker for vector environments (``check_env`` takes a single
``Env``); its passive checker's ``check_obs`` is run on every batch against the batched
space, and a Gymnasium vector wrapper is run over the env."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import data_equivalence  # noqa: E402
from gymnasium.utils.passive_env_checker import check_obs  # noqa: E402
from gymnasium.vector import AutoresetMode, SyncVectorEnv  # noqa: E402

import nbmj.env  # noqa: E402
from nbmj.env import ENV_ID, MahjongEnv, MahjongVectorEnv  # noqa: E402
from nbmj.env import layout as L  # noqa: E402
from nbmj.errors import IllegalActionError, NbmjError  # noqa: E402

CASES = [
    ("ningbo", {"opponents": "random"}),
    ("ninghai", {"opponents": "greedy", "seat": 2, "reward": "normalized"}),
    ("ningbo", {"opponents": {0: "greedy", 1: "random", 3: "greedy"}, "seat": 2, "max_hands": 2}),
]
IDS = ["ningbo-random", "ninghai-greedy-seat2", "ningbo-match"]
AUTORESET = (AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP)


def _sync(n: int, variant: str, mode: AutoresetMode, **kwargs) -> SyncVectorEnv:
    return SyncVectorEnv([lambda: MahjongEnv(variant, **kwargs) for _ in range(n)], autoreset_mode=mode)


def _masked_random(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    return (rng.random(mask.shape) * mask).argmax(axis=1)  # uniform among the legal (0 where none is)


def _play_both(vec, sync, steps: int, seed, rng_seed: int = 0, truncated: list[int] | None = None) -> int:
    """Step both envs with the same masked random actions; assert every result equal.
    Returns how many episodes ended (and appends to ``truncated`` how many were cut short)."""
    got, want = vec.reset(seed=seed), sync.reset(seed=seed)
    assert data_equivalence(got, want)
    rng = np.random.default_rng(rng_seed)
    ended = 0
    for step in range(steps):
        obs = got[0]
        check_obs(obs, vec.observation_space, "step")
        actions = _masked_random(obs["action_mask"], rng)
        got, want = vec.step(actions), sync.step(actions)
        for a, b in zip(got[1:4], want[1:4]):
            assert a.dtype == b.dtype and a.shape == b.shape and (a == b).all(), step
        assert data_equivalence(got[0], want[0]), step
        assert data_equivalence(got[4], want[4]), step
        ended += int(got[2].sum())
        if truncated is not None:
            truncated.append(int(got[3].sum()))
    return ended


@pytest.mark.parametrize("variant,kwargs", CASES, ids=IDS)
@pytest.mark.parametrize("mode", AUTORESET, ids=["next-step", "same-step"])
def test_it_plays_as_a_sync_vector_env_of_single_seat_envs(variant, kwargs, mode):
    vec = MahjongVectorEnv(4, variant, autoreset_mode=mode, **kwargs)
    ended = _play_both(vec, _sync(4, variant, mode, **kwargs), 250, seed=11)
    assert ended >= 4  # games ended and were dealt again, in the declared mode


@pytest.mark.parametrize("mode", AUTORESET, ids=["next-step", "same-step"])
def test_make_vec_cuts_episodes_at_max_episode_steps_as_time_limit_does(mode):
    # make_vec's default mode (the vector entry point) hands max_episode_steps (its own
    # keyword, or the registered spec's) to the vector env, as make hands it to TimeLimit:
    # the env refused it with a TypeError
    limit = {"max_episode_steps": 7}
    vec = gymnasium.make_vec(ENV_ID, num_envs=4, variant="ningbo", opponents="random", autoreset_mode=mode, **limit)
    assert type(vec) is MahjongVectorEnv and vec.max_episode_steps == 7
    sync = gymnasium.make_vec(
        ENV_ID, num_envs=4, vectorization_mode="sync", vector_kwargs={"autoreset_mode": mode}, variant="ningbo", opponents="random", **limit
    )
    truncated: list[int] = []
    _play_both(vec, sync, 120, seed=3, truncated=truncated)
    assert sum(truncated) >= 8  # hands outlast 7 steps of the learner: cut short, and dealt again
    spec = gymnasium.envs.registration.EnvSpec(
        "nbmj-test/Mahjong-v0", entry_point=MahjongEnv, vector_entry_point=MahjongVectorEnv, max_episode_steps=7
    )
    registered = gymnasium.make_vec(spec, num_envs=4, variant="ningbo", opponents="random", autoreset_mode=mode)
    assert registered.max_episode_steps == 7
    _play_both(registered, vec, 60, seed=5)


def test_a_list_of_seeds_and_a_missing_seed_play_alike():
    vec = MahjongVectorEnv(3, "ningbo", opponents="random")
    sync = _sync(3, "ningbo", AutoresetMode.NEXT_STEP, opponents="random")
    _play_both(vec, sync, 60, seed=[5, 6, 2**40])
    # None after a seeded reset: the game's own generator draws the seed, as MahjongEnv's does
    _play_both(vec, sync, 60, seed=[None, 9, None], rng_seed=1)
    _play_both(vec, sync, 60, seed=None, rng_seed=2)


def test_each_game_is_the_single_seat_env_reset_with_seed_plus_its_index():
    vec = MahjongVectorEnv(3, "ninghai", opponents="greedy", seat=1)
    obs, info = vec.reset(seed=40)
    assert info == {}
    for i in range(3):
        single, _ = MahjongEnv("ninghai", opponents="greedy", seat=1).reset(seed=40 + i)
        for key in ("observation", "action_mask"):
            assert (obs[key][i] == single[key]).all()


def test_the_compiled_step_plays_as_the_python_loop(monkeypatch):
    import nbmj.env.gym_vector as gym_vector

    if gym_vector._play_batch is None:
        pytest.skip("the compiled step is not in use (NBMJ_PUREPYTHON=1 or not built)")
    for mode in AUTORESET:
        compiled = MahjongVectorEnv(5, "ningbo", opponents="random", max_hands=2, autoreset_mode=mode)
        looped = MahjongVectorEnv(5, "ningbo", opponents="random", max_hands=2, autoreset_mode=mode)
        got, want = compiled.reset(seed=3), looped.reset(seed=3)
        rng = np.random.default_rng(2)
        for step in range(300):
            assert data_equivalence(got, want), step
            actions = _masked_random(got[0]["action_mask"], rng)
            got = compiled.step(actions)
            monkeypatch.setattr(gym_vector, "_play_batch", None)
            want = looped.step(actions)
            monkeypatch.undo()


def test_next_step_auto_reset_deals_again_on_the_step_after_the_end():
    vec = MahjongVectorEnv(6, "ningbo", opponents="random")
    assert vec.metadata["autoreset_mode"] is AutoresetMode.NEXT_STEP
    obs, _ = vec.reset(seed=0)
    rng = np.random.default_rng(0)
    checked = 0
    pending = np.zeros(6, dtype=bool)
    for _ in range(400):
        actions = _masked_random(obs["action_mask"], rng)
        actions[pending] = L.ACTION_SIZE + 7  # outside the space: ignored by a game being dealt again
        obs, rewards, terms, truncs, infos = vec.step(actions)
        assert infos == {} and not truncs.any()
        assert not (terms & pending).any() and (rewards[pending] == 0).all()
        assert not obs["action_mask"][terms].any()  # the last observation of an episode: nothing to do
        assert obs["action_mask"][~terms].any(axis=1).all()
        checked += int(pending.sum())
        pending = terms.copy()
    assert checked >= 6


def test_same_step_auto_reset_returns_the_new_episode_and_the_last_observation_in_infos():
    vec = MahjongVectorEnv(6, "ningbo", opponents="random", autoreset_mode="SameStep")
    assert vec.metadata["autoreset_mode"] is AutoresetMode.SAME_STEP
    obs, _ = vec.reset(seed=0)
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(300):
        obs, rewards, terms, truncs, infos = vec.step(_masked_random(obs["action_mask"], rng))
        assert obs["action_mask"].any(axis=1).all()  # every game has a move: an ended one is dealt again
        if terms.any():
            assert (infos["_final_obs"] == terms).all() and (infos["_final_info"] == terms).all()
            for i in np.flatnonzero(terms):
                final = infos["final_obs"][i]
                assert final["observation"].shape == L.OBS_SHAPE and not final["action_mask"].any()
            ended += int(terms.sum())
        else:
            assert infos == {}
    assert ended >= 6


def test_make_vec_returns_it_through_the_vector_entry_point():
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # make_vec warns of a missing autoreset_mode: there is none
        vec = gymnasium.make_vec(
            ENV_ID, num_envs=8, vectorization_mode="vector_entry_point", variant="ninghai", opponents="random"
        )
        default = gymnasium.make_vec(ENV_ID, num_envs=2, variant="ningbo")
    assert type(vec) is MahjongVectorEnv and type(default) is MahjongVectorEnv
    assert isinstance(vec, gymnasium.vector.VectorEnv) and vec.num_envs == 8
    assert vec.spec is not None and vec.spec.id == ENV_ID
    single = MahjongEnv("ninghai")
    assert vec.single_observation_space == single.observation_space
    assert vec.single_action_space == single.action_space
    assert vec.observation_space == gymnasium.vector.utils.batch_space(single.observation_space, 8)
    assert vec.action_space == gymnasium.spaces.MultiDiscrete([L.ACTION_SIZE] * 8)
    obs, _ = vec.reset(seed=1)
    assert vec.observation_space.contains(obs)
    sync = gymnasium.make_vec(ENV_ID, num_envs=8, vectorization_mode="sync", variant="ninghai", opponents="random")
    _play_both(vec, sync, 40, seed=1)


def test_gymnasium_vector_wrappers_run_over_it():
    vec = gymnasium.wrappers.vector.RecordEpisodeStatistics(MahjongVectorEnv(4, "ningbo", opponents="random"))
    obs, _ = vec.reset(seed=2)
    rng = np.random.default_rng(2)
    episodes = 0
    for _ in range(200):
        obs, _r, terms, _t, infos = vec.step(_masked_random(obs["action_mask"], rng))
        if "episode" in infos:
            episodes += int(infos["_episode"].sum())
    assert episodes >= 4
    vec.close()
    assert vec.unwrapped.closed


def test_observations_are_copies_unless_asked_otherwise():
    for copy in (True, False):
        vec = MahjongVectorEnv(2, "ningbo", opponents="random", copy=copy)
        first, _ = vec.reset(seed=0)
        kept = first["observation"].copy()
        vec.step(_masked_random(first["action_mask"], np.random.default_rng(0)))
        assert bool((first["observation"] == kept).all()) is copy


def test_render_gives_each_game_s_text():
    vec = MahjongVectorEnv(2, "ningbo", opponents="random", render_mode="ansi")
    vec.reset(seed=0)
    frames = vec.render()
    assert len(frames) == 2 and all("player_0" in f for f in frames)
    single = MahjongEnv("ningbo", opponents="random", render_mode="ansi")
    single.reset(seed=1)
    assert frames[1] == single.render()


def test_an_illegal_action_raises_as_the_single_env_does():
    vec = MahjongVectorEnv(2, "ningbo", opponents="random")
    obs, _ = vec.reset(seed=0)
    bad = int(np.flatnonzero(obs["action_mask"][1] == 0)[0])
    with pytest.raises(IllegalActionError, match="not legal"):
        vec.step(np.array([int(np.flatnonzero(obs["action_mask"][0])[0]), bad]))


@pytest.mark.parametrize(
    "kwargs,quoted",
    [
        ({"num_envs": 0}, "0"),
        ({"num_envs": "8"}, "'8'"),
        ({"num_envs": True}, "True"),
        ({"autoreset_mode": AutoresetMode.DISABLED}, "AutoresetMode.DISABLED"),
        ({"autoreset_mode": "later"}, "'later'"),
        ({"seat": 4}, "4"),
        ({"seat": 2.0}, "2.0"),
        ({"seat": True}, "True"),
        ({"reward": "money"}, "'money'"),
        ({"opponents": "clever"}, "'clever'"),
        ({"render_mode": "rgb_array"}, "'rgb_array'"),
        ({"max_hands": 0}, "0"),
        ({"max_episode_steps": 0}, "0"),
        ({"max_episode_steps": 2.5}, "2.5"),
    ],
)
def test_bad_arguments_are_config_errors_quoting_them(kwargs, quoted):
    args = {"num_envs": 2, "variant": "ningbo", **kwargs}
    with pytest.raises(nbmj.env.table.EnvConfigError) as caught:
        vec = MahjongVectorEnv(**args)
        vec.reset(seed=0)
    assert isinstance(caught.value, NbmjError) and isinstance(caught.value, ValueError)
    message = str(caught.value)
    assert quoted in message and message[0].islower()


@pytest.mark.parametrize(
    "call,quoted",
    [
        (lambda v: v.reset(seed=-1), "-1"),
        (lambda v: v.reset(seed="7"), "'7'"),
        (lambda v: v.reset(seed=[1, 2, 3]), "[1, 2, 3]"),
        (lambda v: v.reset(seed=[1, -2]), "[1, -2]"),
        (lambda v: v.step(np.zeros(3, dtype=int)), "(3,)"),
        (lambda v: v.step(np.zeros(2)), "float64"),
    ],
)
def test_bad_seeds_and_action_batches_are_config_errors_quoting_them(call, quoted):
    vec = MahjongVectorEnv(2, "ningbo", opponents="random")
    with pytest.raises(nbmj.env.table.EnvConfigError, match=r"^no game yet: call reset\(\) first$"):
        vec.step(np.zeros(2, dtype=int))
    vec.reset(seed=0)
    with pytest.raises(nbmj.env.table.EnvConfigError) as caught:
        call(vec)
    message = str(caught.value)
    assert quoted in message and message[0].islower()

"""nbmj.env follows the ecosystem's contracts: PettingZoo's own API, seed and render tests
on the AEC and the parallel env, and Gymnasium's env checker on the single-seat env, for
every shipped variant and for a user's .nbv file."""

from __future__ import annotations

import warnings
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

import gymnasium  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, render_test, seed_test  # noqa: E402

import nbmj.env  # noqa: E402
from nbmj.rules import list_variants  # noqa: E402

USER_NBV = """\
# a house rule set: Ningbo with a 2-tai minimum
variant thursday extends ningbo "our Thursday game"
scoring tai { minimum 2 }
"""


@pytest.fixture(scope="module")
def user_variant(tmp_path_factory) -> str:
    path = Path(tmp_path_factory.mktemp("nbv")) / "thursday.nbv"
    path.write_text(USER_NBV, encoding="utf-8")
    return str(path)


VARIANTS = [*list_variants(), "user.nbv"]


@pytest.fixture(params=VARIANTS)
def variant(request, user_variant) -> str:
    return user_variant if request.param == "user.nbv" else request.param


@pytest.fixture(autouse=True)
def _quiet():
    # PettingZoo warns that masks are all zero for the agents not asked to act: that is the contract
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


def test_aec_api(variant):
    api_test(nbmj.env.env(variant=variant), num_cycles=60)


def test_aec_api_of_a_match_with_normalized_rewards(variant):
    api_test(nbmj.env.env(variant=variant, max_hands=3, reward="normalized"), num_cycles=150)


def test_parallel_api(variant):
    parallel_api_test(nbmj.env.parallel_env(variant=variant), num_cycles=60)


def test_aec_seed(variant):
    seed_test(lambda: nbmj.env.env(variant=variant), num_cycles=60)


def test_parallel_seed(variant):
    # the test samples actions without masks: an illegal one ends the episode with the penalty
    parallel_seed_test(lambda: nbmj.env.parallel_env(variant=variant, illegal="penalty"), num_cycles=60)


def test_render(variant, capsys):
    render_test(lambda render_mode=None: nbmj.env.env(variant=variant, render_mode=render_mode))
    assert "player_0" in capsys.readouterr().out  # human mode printed the table


def test_gymnasium_check_env(variant):
    # as the id is made with no more than a variant and opponents: check_env steps with an
    # unmasked sample, which the registered id's penalty default takes
    env = gymnasium.make(nbmj.env.ENV_ID, variant=variant, opponents="greedy")
    check_env(env.unwrapped)


def test_the_registered_id_takes_an_illegal_action_with_the_penalty_and_the_class_raises():
    from nbmj.errors import IllegalActionError

    made = gymnasium.make(nbmj.env.ENV_ID, variant="ningbo", illegal_penalty=3.0)
    obs, _ = made.reset(seed=2)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, terminated, truncated, _ = made.step(illegal)
    assert (reward, terminated, truncated) == (-3.0, True, False)
    for env in (gymnasium.make(nbmj.env.ENV_ID, variant="ningbo", illegal="raise"), nbmj.env.MahjongEnv("ningbo")):
        obs, _ = env.reset(seed=2)
        with pytest.raises(IllegalActionError, match="not legal"):
            env.step(illegal)
    vec = gymnasium.make_vec(nbmj.env.ENV_ID, num_envs=2, vectorization_mode="vector_entry_point", variant="ningbo")
    obs, _ = vec.reset(seed=0)
    actions = np.array([int(np.flatnonzero(obs["action_mask"][0] == 0)[0]), int(np.flatnonzero(obs["action_mask"][1])[0])])
    _, rewards, terminations, _, _ = vec.step(actions)
    assert rewards[0] == -1.0 and terminations.tolist() == [True, False]


def test_gymnasium_make_by_module_path():
    env = gymnasium.make("nbmj.env:nbmj/Mahjong-v0", variant="ningbo", opponents="random")
    obs, _ = env.reset(seed=3)
    assert obs["action_mask"].any()


def test_parallel_env_is_native():
    from pettingzoo import ParallelEnv
    from pettingzoo.utils.conversions import aec_to_parallel_wrapper

    env = nbmj.env.parallel_env()
    assert isinstance(env, ParallelEnv) and not isinstance(env, aec_to_parallel_wrapper)


def test_aec_env_is_not_offered_to_the_cycle_conversion():
    # aec_to_parallel steps the agents in a fixed cycle; a claim out of turn broke it
    # mid-hand while the metadata said the conversion was safe
    from pettingzoo.utils.conversions import aec_to_parallel

    assert nbmj.env.raw_env.metadata["is_parallelizable"] is False
    with pytest.raises(AssertionError, match="is_parallelizable"):
        aec_to_parallel(nbmj.env.raw_env(variant="ningbo"))


def test_opponents_take_seats_away_from_the_agents():
    env = nbmj.env.env(variant="ningbo", opponents={"player_1": "greedy", "player_3": "random"})
    assert env.possible_agents == ["player_0", "player_2"]
    api_test(env, num_cycles=60)


def test_import_nbmj_stays_light():
    import subprocess
    import sys

    code = "import sys, nbmj, nbmj.engine; print(any(m.split('.')[0] in ('pettingzoo', 'gymnasium') for m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"


def test_a_compiled_ruleset_is_a_variant_too():
    from nbmj.rules import load_variant

    rules = load_variant("ninghai-tuidaoba")
    env = nbmj.env.env(variant=rules)
    env.reset(seed=0)
    assert env.unwrapped.table.rules is rules


def test_stable_baselines3_make_vec_env_takes_the_env_with_render_mode_none_as_the_docs_say():
    """docs/tutorials/rl-reference.rst: SB3's make_vec_env asks for render_mode='rgb_array',
    which is refused (an EnvConfigError naming it), and takes the env with render_mode None."""
    env_util = pytest.importorskip("stable_baselines3.common.env_util")
    from nbmj.env.table import EnvConfigError

    with pytest.raises(EnvConfigError, match="rgb_array"):
        env_util.make_vec_env(nbmj.env.ENV_ID, n_envs=2)
    venv = env_util.make_vec_env(nbmj.env.ENV_ID, n_envs=2, seed=3, env_kwargs={"render_mode": None, "opponents": "random"})
    obs = venv.reset()
    assert obs["observation"].shape == (2, *nbmj.env.layout.OBS_SHAPE)
    masks = obs["action_mask"]
    actions = np.array([int(np.flatnonzero(m)[0]) for m in masks])
    obs, rewards, dones, _infos = venv.step(actions)
    assert rewards.shape == (2,) and dones.shape == (2,)
    venv.close()


def test_backend_names_the_encoder_as_core_and_engine_name_theirs():
    # nbmj.core.BACKEND and nbmj.engine.BACKEND say "cython" or "python"; the encoder is
    # compiled exactly when the engine is, and its BACKEND uses the same two words
    from nbmj import engine

    assert nbmj.env.BACKEND in ("cython", "python")
    assert nbmj.env.BACKEND == engine.BACKEND

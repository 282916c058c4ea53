"""nbmj.learn (the ``learn`` extra: torch, sb3-contrib): the SB3 vector env, behaviour
cloning, a saved policy seated as a bot and in the arena, and the reference recipe run end
to end on a tiny budget (its result is claimed by the full run the RL tutorial shows, not here)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("torch")
pytest.importorskip("sb3_contrib")

from nbmj.bots import make_seat, play_seated_hand
from nbmj.engine import Game
from nbmj.engine.bots import GreedyBot, play_hand
from nbmj.env import MahjongEnv
from nbmj.env import layout as L
from nbmj.env.dataset import DatasetError, write_dataset
from nbmj.env.encoding import action_index
from nbmj.learn import PolicyBot, SB3VectorEnv, behaviour_clone, load_policy, new_model
from nbmj.learn.policy import PolicyLoadError
from nbmj.rules import load_variant

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def dataset(tmp_path_factory):
    where = tmp_path_factory.mktemp("logs")
    for n in range(12):
        game = Game("ningbo", seed=n)
        play_hand(game, [GreedyBot()] * 4)
        (where / f"hand-{n}.log").write_text(game.log_text())
    out = where / "greedy.npz"
    write_dataset([where], out, reward_scale=0.05)
    return out


@pytest.fixture(scope="module")
def saved(tmp_path_factory, dataset):
    env = SB3VectorEnv(2, "ningbo", opponents="greedy", reward_scale=0.05)
    model = new_model(env, n_steps=32, batch_size=32, n_epochs=1)
    behaviour_clone(model, dataset, epochs=2, batch_size=128)
    path = tmp_path_factory.mktemp("policy") / "policy.zip"
    model.save(path)
    return path


def test_the_sb3_vector_env_steps_its_games_and_hands_over_masks_and_last_planes():
    env = SB3VectorEnv(3, "ninghai", opponents="random", reward_scale=0.1)
    env.seed(5)
    planes = env.reset()
    assert planes.shape == (3, *L.OBS_SHAPE) and planes.dtype == np.uint8
    ended = 0
    rng = np.random.default_rng(0)
    for _ in range(400):
        masks = np.stack(env.env_method("action_masks"))
        assert masks.shape == (3, L.ACTION_SIZE) and masks.any(axis=1).all()  # a live game always has a move
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
        planes, rewards, dones, infos = env.step(actions)
        for i in np.flatnonzero(dones):
            ended += 1
            assert infos[i]["terminal_observation"].shape == L.OBS_SHAPE
        assert rewards.dtype == np.float32
    assert ended > 0
    assert env.has_attr("action_masks")
    with pytest.raises(AttributeError):
        env.env_method("render")


def test_behaviour_cloning_learns_the_logged_choices(dataset):
    env = SB3VectorEnv(2, "ningbo", opponents="greedy")
    model = new_model(env, n_steps=32, batch_size=32)
    report = behaviour_clone(model, dataset, epochs=4, batch_size=128, learning_rate=2e-3)
    assert report.rows > 500
    assert report.policy_loss[-1] < report.policy_loss[0] * 0.9
    assert report.agreement[-1] > report.agreement[0]
    with np.load(dataset) as data:  # far above choosing uniformly among the legal actions
        legal = data["action_mask"].sum(axis=1)
        chance = float(np.mean(1.0 / legal[legal > 1]))
    assert report.agreement[-1] > 2 * chance
    with pytest.raises(DatasetError, match="not a dataset"):
        behaviour_clone(model, Path(dataset).with_name("missing.npz"))


def test_a_policy_bot_chooses_what_the_policy_chooses_on_the_envs_planes(saved):
    rules = load_variant("ningbo")
    bot = PolicyBot(saved, rules)
    # it says what it is, as the other bots do (it printed as <... object at 0x...>)
    assert repr(bot) == f"<PolicyBot for 'ningbo': {str(saved)!r}, its most likely action>"
    assert repr(PolicyBot(bot.policy, rules, deterministic=False)) == "<PolicyBot for 'ningbo': a policy object, its sampled action>"
    env = MahjongEnv("ningbo", opponents="greedy", keep_logs=True)
    obs, _ = env.reset(seed=8)
    moves = 0
    while True:
        legal = env.table.legal(0)
        observation = env.table.dealt().observation("E")
        chosen = bot(observation, legal)
        if len(legal) > 1:  # (a sole legal move is taken without the network)
            assert action_index(chosen) == bot.choose(obs["observation"], obs["action_mask"])
        obs, _, done, _, _ = env.step(action_index(chosen))
        moves += 1
        if done:
            break
    assert moves > 3


def test_a_policy_takes_a_seat_by_its_spec_and_plays_in_the_arena(saved, tmp_path):
    seat = make_seat(f"policy:{saved}")
    seats = {"E": seat, "S": make_seat("greedy"), "W": make_seat(f"policy:{saved}"), "N": make_seat("greedy")}
    hand = play_seated_hand(Game("ningbo", seed=3), seats)
    assert hand.game.is_over
    with pytest.raises(PolicyLoadError, match="no saved policy at"):
        make_seat(f"policy:{tmp_path / 'none.zip'}")
    (tmp_path / "junk.zip").write_bytes(b"not a zip")
    with pytest.raises(PolicyLoadError, match="not a saved MaskablePPO policy"):
        load_policy(tmp_path / "junk.zip")
    run = subprocess.run(
        [sys.executable, "-m", "nbmj", "arena", "--bot", f"policy:{saved}", "--bot", "greedy", "--duplicate", "--games", "2", "--json"],
        capture_output=True, text=True, check=True, timeout=300,
    )
    report = json.loads(run.stdout)
    assert report["bots"][0]["bot"] == f"policy:{saved}" and report["hands"] == 12
    missing = subprocess.run([sys.executable, "-m", "nbmj", "arena", "--bot", "policy:nowhere.zip", "--bot", "greedy", "--games", "1"],
                             capture_output=True, text=True, timeout=300)
    assert missing.returncode != 0 and "Traceback" not in missing.stderr and "no saved policy at 'nowhere.zip'" in missing.stderr


@pytest.mark.parametrize("path", ["", "/", "a" * 5000])
def test_a_policy_path_that_names_no_file_the_system_can_look_up_is_no_saved_policy(path):
    """Found by an outside-in bad-input pass: `nbmj arena --bot policy:` printed pathlib's
    ValueError ("'.' has an empty name") as a traceback, a path too long its OSError."""
    with pytest.raises(PolicyLoadError, match="no saved policy at"):
        make_seat(f"policy:{path}")


def test_the_recipe_runs_end_to_end_on_a_tiny_budget(tmp_path):
    # (SB3 made an empty directory in the system's temp dir at every learn() call)
    temp = tmp_path / "temp"
    temp.mkdir()
    run = subprocess.run(
        [sys.executable, "examples/learn_ningbo.py", "--out", str(tmp_path), "--teacher", "fast", "--hands", "30", "--epochs", "1",
         "--ppo-steps", "256", "--chunks", "1", "--envs", "2", "--eval-walls", "2", "--final-walls", "1", "--seed", "4"],
        capture_output=True, text=True, check=True, timeout=600, cwd=ROOT, env={**os.environ, "TMPDIR": str(temp)},
    )
    assert "== done" in run.stdout
    assert not any(temp.iterdir())
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert [c["label"] for c in summary["curve"]] == ["bc", "ppo1"]
    assert summary["dataset_rows"] > 0 and summary["curve"][1]["ppo_steps"] == 256
    for c in summary["curve"]:
        assert c["eval"]["hands"] == 12  # two walls, six seatings of two bots
    assert summary["teacher_against_greedy"]["hands"] == 12
    assert {k: v["hands"] for k, v in summary["final"].items()} == {"greedy": 6, "strong": 6}
    assert (tmp_path / "learning-curve.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert (tmp_path / "policy-ppo1.zip").is_file()

"""Training data from logs (nbmj.env.dataset, ``nbmj dataset``) and the reward options and
opponents of the single-learner envs (reward_scale, shaping, fast/strong/callable bots)."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import numpy as np
import pytest

pytest.importorskip("gymnasium")

from nbmj.engine import Game
from nbmj.engine.bots import GreedyBot, RandomBot, play_hand
from nbmj.env import MahjongEnv, Table, raw_env
from nbmj.env._common import shanten_of
from nbmj.env.dataset import FIELDS, DatasetError, log_decisions, write_dataset
from nbmj.env.table import EnvConfigError
from nbmj.errors import ReplayError
from nbmj.rules import load_variant


def _play_env(variant: str, seed: int, opponents: str, chooser_seed: int) -> tuple[list[tuple[np.ndarray, np.ndarray, int]], list[str], float]:
    """One hand of a learner at E choosing at random among its legal actions; every
    observation, mask and action the env gave and took, the hand's log, the reward."""
    env = MahjongEnv(variant, opponents=opponents, keep_logs=True)
    obs, _ = env.reset(seed=seed)
    rng = np.random.default_rng(chooser_seed)
    seen = []
    total = 0.0
    while True:
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        seen.append((obs["observation"].copy(), obs["action_mask"].copy(), action))
        obs, reward, terminated, _, _ = env.step(action)
        total += reward
        if terminated:
            return seen, env.table.hand_logs(), total


@pytest.mark.parametrize("variant,opponents", [("ningbo", "greedy"), ("ninghai", "random"), ("ningbo-7wild", "fast")])
@pytest.mark.parametrize("seed", [3, 11])
def test_a_log_of_an_env_hand_gives_back_exactly_what_the_env_gave_the_learner(variant, opponents, seed):
    seen, logs, total = _play_env(variant, seed, opponents, seed)
    assert len(logs) == 1  # one hand: one log
    rows = list(log_decisions(logs[0], seats="E"))
    assert len(rows) == len(seen)
    for row, (planes, mask, action) in zip(rows, seen):
        assert row.seat == 0
        assert np.array_equal(row.observation, planes)
        assert np.array_equal(row.action_mask, mask)
        assert row.action == action
        assert row.ret == total  # the hand's points, the env's reward (points, scale 1)


def test_the_dataset_file_holds_every_field_and_the_rows_of_every_seat(tmp_path):
    logs = tmp_path / "logs"
    logs.mkdir()
    deltas = []
    for n in range(4):
        game = Game("ningbo", seed=n)
        deltas.append(play_hand(game, [GreedyBot(), RandomBot(n), GreedyBot(), RandomBot(n + 9)]).deltas)
        (logs / f"hand-{n}.log").write_text(game.log_text())
    summary = write_dataset([logs], tmp_path / "d.npz", reward_scale=0.5)
    data = np.load(tmp_path / "d.npz")
    assert sorted(data.files) == sorted(f"{name}" for name in FIELDS)
    assert summary.rows == len(data["action"]) and summary.hands == 4
    for name, (dtype, shape) in FIELDS.items():
        assert data[name].dtype == dtype and data[name].shape == (summary.rows, *shape)
    # every row's action is legal under its mask, and its return is its seat's points, halved
    assert data["action_mask"][np.arange(summary.rows), data["action"]].all()
    for hand, seat, ret in zip(data["hand"], data["seat"], data["return"]):
        assert ret == deltas[hand]["ESWN"[seat]] * 0.5
    # the rows of one hand are its logged actions, seat by seat
    first = (logs / "hand-0.log").read_text()
    acted = [json.loads(line)["seat"] for line in first.splitlines()[1:] if json.loads(line)["e"] in
             ("discard", "hu", "pass", "chi", "pon", "kan", "ankan", "kakan", "flower")]
    assert ["ESWN"[s] for s in data["seat"][data["hand"] == 0]] == acted


def test_normalized_returns_divide_by_the_hands_largest_payment():
    game = Game("ningbo", seed=5)
    result = play_hand(game, [GreedyBot()] * 4)
    rows = list(log_decisions(game.log_text(), reward="normalized"))
    largest = max(abs(d) for d in result.deltas.values())
    for row in rows:
        assert row.ret == (result.deltas["ESWN"[row.seat]] / largest if largest else 0.0)


def test_a_bad_log_or_argument_is_refused_and_leaves_no_file(tmp_path):
    game = Game("ningbo", seed=1)
    play_hand(game, [GreedyBot()] * 4)
    lines = game.log_text().splitlines()
    cut = tmp_path / "cut.log"
    cut.write_text("\n".join(lines[:40]) + "\n")
    with pytest.raises(DatasetError, match="ends before the hand does"):
        list(log_decisions(cut.read_text()))
    bad = tmp_path / "bad.log"
    bad.write_text("\n".join(lines[:30] + ['{"e":"discard","seat":"E","tile":"1m"}']) + "\n")
    good = tmp_path / "good.log"
    good.write_text(game.log_text())
    out = tmp_path / "d.npz"
    with pytest.raises(DatasetError, match=r"bad\.log.*line 31: .E discard 1m. is not legal"):
        write_dataset([good, bad], out)
    assert not out.exists() and sorted(p.name for p in tmp_path.iterdir()) == ["bad.log", "cut.log", "good.log"]
    with pytest.raises(ReplayError):
        list(log_decisions(bad.read_text()))
    for kwargs, message in (({"seats": "EX"}, "seats are some of"), ({"reward": "money"}, "unknown reward"),
                            ({"reward_scale": 0}, "reward_scale is a finite number above 0"),
                            ({"reward_scale": True}, "reward_scale")):
        with pytest.raises(DatasetError, match=message):
            write_dataset([good], out, **kwargs)
    with pytest.raises(DatasetError, match="no such log file"):
        write_dataset([tmp_path / "missing"], out)
    with pytest.raises(DatasetError, match=r"\.npz file"):
        write_dataset([good], tmp_path / "d.csv")
    with pytest.raises(DatasetError, match="no directory"):
        write_dataset([good], tmp_path / "nowhere" / "d.npz")
    assert issubclass(DatasetError, ValueError)


def test_logs_of_two_variants_make_no_dataset(tmp_path):
    """Logs of ningbo and ninghai went into one file without a word, though their hands are
    played and scored under other rules (the file does not say which rows are whose)."""
    for name, variant in (("a.log", "ningbo"), ("b.log", "ninghai")):
        game = Game(variant, seed=3)
        play_hand(game, [GreedyBot()] * 4)
        (tmp_path / name).write_text(game.log_text())
    out = tmp_path / "d.npz"
    with pytest.raises(DatasetError, match=r"b\.log.: a hand of 'ninghai-yaobansan' under other rules than the earlier logs' "
                                           r"\('ningbo'\): a dataset holds the hands of one variant") as info:
        write_dataset([tmp_path], out)
    assert isinstance(info.value, ValueError)
    assert not out.exists() and sorted(p.name for p in tmp_path.iterdir()) == ["a.log", "b.log"]
    assert write_dataset([tmp_path / "a.log"], out).hands == 1


@pytest.mark.parametrize("edit", [{"seat": {}}, {"seat": "X"}, {"tile": None}, {"tile": 5}, {"use": "9f"}, {"e": "chi"}])
def test_a_logged_action_that_is_not_one_the_game_takes_is_a_replay_error_at_its_line(edit):
    """Found by an outside-in bad-input pass (corrupted logs through `nbmj dataset`): the
    reader was handed each logged action before the replay had read it, so an action
    with a seat of {} raised ValueError (SEATS.index) and a discard without its tile
    TypeError (the action's index): tracebacks. Now the replay says what is wrong at its line."""
    game = Game("ningbo", seed=1)
    play_hand(game, [GreedyBot()] * 4)
    lines = game.log_text().splitlines()
    i = next(i for i, line in enumerate(lines) if '"e":"discard"' in line and i > 20)
    lines[i] = json.dumps({**json.loads(lines[i]), **edit})
    with pytest.raises(ReplayError, match=f"^line {i + 1}: "):
        list(log_decisions("\n".join(lines)))


@pytest.mark.parametrize("seats", [True, 5, 1.5, [[]]])
def test_seats_that_are_no_letters_at_all_are_refused_as_seats(seats):
    """Found by an outside-in bad-input pass over the public API: chosen_seats(True) (or 5)
    raised TypeError from list(seats) instead of the DatasetError every other bad seats gets."""
    from nbmj.env.dataset import chosen_seats

    with pytest.raises(DatasetError, match=f"^seats are some of E S W N, each once, not {re.escape(repr(seats))}$"):
        chosen_seats(seats)


def test_a_log_path_too_long_for_the_system_is_no_such_log(tmp_path):
    """Found by an outside-in bad-input pass: `nbmj dataset NAME` with a name too long for
    the system to look up printed pathlib's OSError (ENAMETOOLONG) as a traceback."""
    from nbmj.env.dataset import log_paths

    for name in ("a" * 5000, str(tmp_path / ("a" * 300))):
        with pytest.raises(DatasetError, match="no such log file or directory: '.*aaaa"):
            log_paths([name])


def test_the_command_writes_the_dataset_and_says_what_it_wrote(tmp_path):
    game = Game("ninghai", seed=2)
    play_hand(game, [GreedyBot()] * 4)
    (tmp_path / "a.log").write_text(game.log_text())
    run = subprocess.run([sys.executable, "-m", "nbmj", "dataset", str(tmp_path), "-o", str(tmp_path / "d.npz"), "--seats", "SN", "--json"],
                         capture_output=True, text=True, check=True)
    said = json.loads(run.stdout)
    data = np.load(tmp_path / "d.npz")
    assert said["rows"] == len(data["seat"]) > 0 and said["hands"] == 1
    assert set(data["seat"].tolist()) == {1, 3}
    refused = subprocess.run([sys.executable, "-m", "nbmj", "dataset", str(tmp_path / "none"), "-o", str(tmp_path / "e.npz")],
                             capture_output=True, text=True)
    assert refused.returncode != 0 and "Traceback" not in refused.stderr and "no such log file" in refused.stderr


def test_reward_scale_multiplies_the_points_in_every_env():
    plain = _play_env("ningbo", 7, "greedy", 1)[2]
    env = MahjongEnv("ningbo", opponents="greedy", reward_scale=0.25)
    assert env.metadata["reward_scale"] == 0.25 and env.metadata["reward_shaping"] == 0.0
    obs, _ = env.reset(seed=7)
    rng = np.random.default_rng(1)
    total = 0.0
    while True:
        obs, r, done, _, _ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        total += r
        if done:
            break
    assert total == plain * 0.25
    aec = raw_env("ningbo", reward_scale=2.0)
    assert aec.table.reward_scale == 2.0
    for bad in (0, -1.0, float("inf"), "1", True):
        with pytest.raises(EnvConfigError, match="reward_scale"):
            MahjongEnv("ningbo", reward_scale=bad)


def test_the_shaping_term_is_the_change_of_the_hands_potential_and_adds_up_to_the_first_states():
    coefficient = 0.3
    env = MahjongEnv("ningbo", opponents="greedy", shaping=coefficient)
    plain = MahjongEnv("ningbo", opponents="greedy")
    assert env.metadata["reward_shaping"] == coefficient
    for seed in (1, 2, 5):
        obs, _ = env.reset(seed=seed)
        plain.reset(seed=seed)
        first = -coefficient * shanten_of(env.table, 0)
        before = first
        rng = np.random.default_rng(seed)
        shaped_total = plain_total = 0.0
        while True:
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            obs, r, done, _, _ = env.step(action)
            _, r_plain, _, _, _ = plain.step(action)
            after = 0.0 if done else -coefficient * shanten_of(env.table, 0)
            assert r == pytest.approx(r_plain + after - before)  # F = potential(s') - potential(s)
            before = after
            shaped_total += r
            plain_total += r_plain
            if done:
                break
        assert shaped_total == pytest.approx(plain_total - first)
    with pytest.raises(EnvConfigError, match="shaping"):
        MahjongEnv("ningbo", shaping=-0.1)


def test_the_vector_env_shapes_as_its_single_envs_do():
    import gymnasium

    import nbmj.env  # noqa: F401  (registers the id)

    vec = gymnasium.make_vec("nbmj/Mahjong-v0", num_envs=3, vectorization_mode="vector_entry_point", shaping=0.2, reward_scale=0.5)
    sync = gymnasium.make_vec("nbmj/Mahjong-v0", num_envs=3, vectorization_mode="sync", shaping=0.2, reward_scale=0.5)
    a, _ = vec.reset(seed=4)
    b, _ = sync.reset(seed=4)
    rng = np.random.default_rng(0)
    for _ in range(150):
        # (a finished game's mask is empty: its next action is ignored while it is dealt again)
        acts = np.array([int(rng.choice(np.flatnonzero(m))) if m.any() else 0 for m in a["action_mask"]])
        a, ra, ta, _, _ = vec.step(acts)
        b, rb, tb, _, _ = sync.step(acts)
        assert np.allclose(ra, rb) and np.array_equal(ta, tb)
        assert np.array_equal(a["observation"], b["observation"])


@pytest.mark.parametrize("opponent", ["fast", "strong"])
def test_the_built_in_bots_sit_at_an_env_as_opponents(opponent):
    env = MahjongEnv("ningbo", opponents=opponent)
    obs, _ = env.reset(seed=1)
    asked = []
    original = {}

    class Spy:
        def __call__(self, observation, legal):
            asked.append(len(legal))
            return original["bot"](observation, legal)

    from nbmj.bots import BUILTIN_BOTS

    original["bot"] = BUILTIN_BOTS[opponent](0, "S", load_variant("ningbo"))
    spied = MahjongEnv("ningbo", opponents={1: Spy(), 2: opponent, 3: opponent})
    obs, _ = spied.reset(seed=1)
    while True:
        obs, _, done, _, _ = spied.step(int(np.flatnonzero(obs["action_mask"])[0]))
        if done:
            break
    assert asked  # the callable opponent was asked
    assert type(env.table.bots[1]).__name__ == {"fast": "FastBot", "strong": "StrongBot"}[opponent]
    with pytest.raises(EnvConfigError, match="unknown opponent 'gredy'"):
        MahjongEnv("ningbo", opponents="gredy")
    with pytest.raises(EnvConfigError, match="unknown opponent"):
        Table(load_variant("ningbo"), learners=[0], bots={1: "greedy", 2: "greedy", 3: 5})


_SIGNALLED_AFTER_THE_FIRST_LOG = """
import contextlib, os, signal, sys
import nbmj.cli.arena as commands
from nbmj.cli import main

@contextlib.contextmanager
def signalling_bar(label, total):
    def advance(n=1):
        os.kill(os.getpid(), signal.SIG{name})
    yield advance

commands.progress_bar = signalling_bar
sys.argv = ["nbmj", "dataset", *sys.argv[1:]]
main()
"""


@pytest.mark.skipif(sys.platform == "win32", reason="SIGTERM is POSIX")
@pytest.mark.parametrize("name", ["INT", "TERM"])
def test_a_signal_stops_the_command_with_its_line_and_leaves_nothing(tmp_path, name):
    """Ctrl-C ended nbmj dataset with click's 'Aborted!' and status 1, and SIGTERM ended it
    at once, leaving its working directory of raw columns beside the output. Like nbmj
    arena and simulate: one line, status 130, and nothing written."""
    for seed in (2, 3):
        game = Game("ningbo", seed=seed)
        play_hand(game, [GreedyBot()] * 4)
        (tmp_path / f"{seed}.log").write_text(game.log_text())
    out = tmp_path / "out"
    out.mkdir()
    code = "import signal; signal.signal(signal.SIGINT, signal.default_int_handler); " + _SIGNALLED_AFTER_THE_FIRST_LOG.replace("{name}", name)
    run = subprocess.run([sys.executable, "-c", code, str(tmp_path), "-o", str(out / "d.npz")], capture_output=True, text=True, timeout=120)
    assert run.returncode == 130, run.stderr
    assert run.stderr.strip() == "nbmj: interrupted; the run was stopped"
    assert list(out.iterdir()) == []

"""What the environments promise beyond the PettingZoo and Gymnasium contracts: seeds fix
everything and nothing reads global random state, illegal actions raise or end the episode
with the documented penalty, rewards are the settlement, matches rotate the dealer, and the
vector env steps N games in lockstep with auto-reset."""

from __future__ import annotations

import random
import re

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

import nbmj.env  # noqa: E402
from nbmj.env import layout as L  # noqa: E402
from nbmj.errors import IllegalActionError, NbmjError  # noqa: E402


def _masked_rollout(env, seed: int, pick_seed: int, limit: int = 10_000):
    """Play one episode of an AEC env by masked random choices, a win whenever one is
    offered; returns the trajectory."""
    rng = np.random.default_rng(pick_seed)
    env.reset(seed=seed)
    trajectory = []
    for agent in env.agent_iter(limit):
        obs, reward, term, trunc, _ = env.last()
        if term or trunc:
            action = None
        else:
            legal = np.flatnonzero(obs["action_mask"])
            assert len(legal), f"{agent} must act with an empty mask"
            action = L.HU if obs["action_mask"][L.HU] else int(rng.choice(legal))
        trajectory.append((agent, obs["observation"].tobytes(), reward, action))
        env.step(action)
    return trajectory


def test_one_seed_fixes_the_trajectory_and_global_random_state_is_not_read():
    random.seed(1)
    np.random.seed(1)
    first = _masked_rollout(nbmj.env.env(variant="ninghai", max_hands=2), seed=5, pick_seed=0)
    state = random.getstate(), np.random.get_state()[1].tolist()
    random.seed(2)
    np.random.seed(2)
    again = _masked_rollout(nbmj.env.env(variant="ninghai", max_hands=2), seed=5, pick_seed=0)
    assert first == again
    random.seed(1)
    np.random.seed(1)
    _masked_rollout(nbmj.env.env(variant="ninghai", max_hands=2), seed=5, pick_seed=0)
    assert (random.getstate(), np.random.get_state()[1].tolist()) == state  # nothing drew from them
    other = _masked_rollout(nbmj.env.env(variant="ninghai", max_hands=2), seed=6, pick_seed=0)
    assert other != first


def test_an_illegal_action_raises_and_changes_nothing():
    env = nbmj.env.raw_env(variant="ningbo")
    env.reset(seed=2)
    agent = env.agent_selection
    before = env.observe(agent)
    illegal = int(np.flatnonzero(before["action_mask"] == 0)[0])
    with pytest.raises(IllegalActionError, match="not legal; legal: discard") as info:
        env.step(illegal)
    assert isinstance(info.value, NbmjError) and isinstance(info.value, ValueError)
    after = env.observe(agent)
    assert env.agent_selection == agent
    assert all((before[k] == after[k]).all() for k in before)
    with pytest.raises(IllegalActionError):
        env.step(L.ACTION_SIZE)  # out of the space altogether


# True and False too: to Python they are 1 and 0, but `step(True)` is no choice of an action
NOT_AN_ACTION = [3.5, 3.0, np.float32(2.0), "5", None, [3], np.array([3]), True, False, np.bool_(True)]


@pytest.mark.parametrize("make", ["aec", "wrapped", "parallel", "single"])
@pytest.mark.parametrize("bad", NOT_AN_ACTION, ids=repr)
def test_a_value_that_is_no_action_raises_even_with_the_penalty_and_changes_nothing(make, bad):
    """A float (3.0 too: Gymnasium's Discrete holds none), a string, None for a live agent or
    a list is the caller's mistake, refused by name whatever ``illegal`` says."""
    import gymnasium

    if make == "single":
        env = gymnasium.make(nbmj.env.ENV_ID, variant="ningbo")  # registered with the penalty
        env.reset(seed=3)
        env, step = env.unwrapped, env.step
    elif make == "parallel":
        env = nbmj.env.parallel_env(variant="ningbo", illegal="penalty")
        env.reset(seed=3)
        agents = list(env.agents)

        def step(action):
            return env.step({a: action for a in agents})
    else:
        env = nbmj.env.env(variant="ningbo", illegal="penalty") if make == "wrapped" else nbmj.env.raw_env(variant="ningbo", illegal="penalty")
        env.reset(seed=3)
        step = env.step
    table = env.unwrapped.table
    version, mask = table.version, table.mask(table.first_waiting()).copy()
    with pytest.raises(IllegalActionError, match=f"an action is an int from 0 to 124, not {re.escape(repr(bad))}$") as info:
        step(bad)
    assert isinstance(info.value, ValueError) and isinstance(info.value, NbmjError)
    assert table.version == version and not table.over  # no move, no penalty
    assert (table.mask(table.first_waiting()) == mask).all()


@pytest.mark.parametrize("make", ["aec", "parallel", "vector"])
@pytest.mark.parametrize("bad", [5.0, "7", True, b"7"], ids=repr)
def test_a_seed_that_is_no_whole_number_is_refused_before_anything_is_dealt(make, bad):
    env = {"aec": nbmj.env.raw_env, "parallel": nbmj.env.parallel_env, "vector": lambda: nbmj.env.VectorEnv(2)}[make]()
    env.reset(seed=4)
    dealt = [t.seed for t in env.tables] if make == "vector" else [env.unwrapped.table.seed]
    with pytest.raises(nbmj.env.table.EnvConfigError, match=f"seed is a whole number or None, not {re.escape(repr(bad))}$") as info:
        env.reset(seed=bad)
    assert isinstance(info.value, ValueError)
    assert dealt == ([t.seed for t in env.tables] if make == "vector" else [env.unwrapped.table.seed])


@pytest.mark.parametrize("spelling", [np.int64(4), np.uint16(4), np.array(4)], ids=repr)
def test_a_numpy_whole_number_is_the_seed_and_the_count_its_int_is(spelling):
    """The engine and every env read a seed or a count by one rule (nbmj._numbers): a NumPy
    integer, or a 0-d array of one, is taken as its int, so it deals what the int deals."""
    from nbmj.engine import Match

    vec, plain = nbmj.env.VectorEnv(spelling, max_hands=spelling), nbmj.env.VectorEnv(4, max_hands=4)
    assert vec.num_envs == 4 and type(vec.num_envs) is int and vec.tables[0].max_hands == 4
    vec.reset(seed=spelling)
    plain.reset(seed=4)
    assert vec.seed == 4 and type(vec.seed) is int
    assert (vec.observations == plain.observations).all() and (vec.agent == plain.agent).all()
    aec = nbmj.env.raw_env(variant="ningbo")
    aec.reset(seed=spelling)
    assert aec.unwrapped.table.seed == 4 and type(aec.unwrapped.table.seed) is int
    assert Match("ningbo", spelling, hands=spelling).seed == Match("ningbo", 4, hands=4).seed == 4


@pytest.mark.parametrize("bad", [True, 2.0, "2", np.array([2]), np.float64(2.0), np.bool_(True)], ids=repr)
def test_num_envs_that_is_no_whole_number_is_refused(bad):
    with pytest.raises(nbmj.env.table.EnvConfigError, match=f"num_envs is a whole number, at least 1, not {re.escape(repr(bad))}$"):
        nbmj.env.VectorEnv(bad)


@pytest.mark.parametrize(
    "call",
    [
        lambda: nbmj.env.raw_env().step(0),
        lambda: nbmj.env.raw_env().observe("player_0"),
        lambda: nbmj.env.raw_env().last(),
        lambda: nbmj.env.parallel_env().step({}),
        lambda: nbmj.env.MahjongEnv().step(0),
        lambda: nbmj.env.VectorEnv(2).step(np.zeros(2, dtype=int)),
    ],
    ids=["aec step", "aec observe", "aec last", "parallel step", "single step", "vector step"],
)
def test_a_call_before_the_first_reset_says_to_reset(call):
    # (it was a KeyError, a bare AssertionError or "the episode is over", by entry point)
    with pytest.raises(nbmj.env.table.EnvConfigError, match=r"^no game yet: call reset\(\) first$"):
        call()


def _played_out_aec():
    env = nbmj.env.raw_env(variant="ningbo")
    env.reset(seed=5)
    for agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        env.step(None if terminated or truncated else int(np.flatnonzero(obs["action_mask"])[0]))
    return env


def test_stepping_after_the_end_raises_the_envs_own_error():
    """(it was a bare KeyError from the AEC env, and the parallel env stepped on silently)"""
    aec = _played_out_aec()
    assert aec.agents == []
    with pytest.raises(IllegalActionError, match=r"the episode is over .*call reset\(\) to deal again, not step\(0\)$"):
        aec.step(0)
    par = nbmj.env.parallel_env(variant="ningbo")
    obs, _ = par.reset(seed=5)
    while par.agents:
        obs, *_ = par.step({a: int(np.flatnonzero(o["action_mask"])[0]) for a, o in obs.items() if o["action_mask"].any()})
    with pytest.raises(IllegalActionError, match=r"^the episode is over; call reset\(\) to deal again"):
        par.step({"player_0": 0})
    aec.reset(seed=5)  # and both deal again after reset
    par.reset(seed=5)
    assert aec.agents and par.agents


def test_a_missing_agent_in_a_parallel_step_raises_the_envs_own_error_and_changes_nothing():
    par = nbmj.env.parallel_env(variant="ningbo")
    obs, _ = par.reset(seed=5)
    version = par.unwrapped.table.version
    with pytest.raises(IllegalActionError, match=r"^no action for 'player_\d', whom the game waits for, in \{\}$") as info:
        par.step({})
    assert isinstance(info.value, ValueError) and par.unwrapped.table.version == version


def _a_discard_two_agents_may_claim(**kwargs):
    """A parallel env (and its observations) where two agents may claim the discard on offer."""
    rng = np.random.default_rng(0)
    for seed in range(100):
        par = nbmj.env.parallel_env(variant="ningbo", **kwargs)
        obs, _ = par.reset(seed=seed)
        while par.agents:
            asked = [a for a, o in obs.items() if o["action_mask"].any()]
            if len(asked) > 1:
                return par, obs
            obs, *_ = par.step({a: int(rng.choice(np.flatnonzero(o["action_mask"]))) if o["action_mask"].any() else 0 for a, o in obs.items()})
    raise AssertionError("no discard two agents may claim")


@pytest.mark.parametrize(
    "illegal,bad", [("raise", "illegal"), ("raise", "missing"), ("raise", "float"), ("penalty", "missing"), ("penalty", "float")]
)
def test_every_answer_to_a_claim_is_checked_before_any_is_played(illegal, bad):
    # a bad answer from the second of two claimers raised after the first one's answer had
    # been played: the step changed the game after all, and the same answers, corrected,
    # were then refused for the first agent ("not player_i's move")
    par, obs = _a_discard_two_agents_may_claim(illegal=illegal)
    first, second = (f"player_{p}" for p in par.unwrapped.table.waiting()[:2])
    answers = {a: int(np.flatnonzero(o["action_mask"])[-1]) for a, o in obs.items() if o["action_mask"].any()}
    sent = dict(answers)
    if bad == "illegal":
        sent[second] = int(np.flatnonzero(obs[second]["action_mask"] == 0)[0])
    elif bad == "missing":
        del sent[second]
    else:
        sent[second] = float(answers[second])
    version = par.unwrapped.table.version
    with pytest.raises(IllegalActionError, match="an action is an int" if bad == "float" else second):
        par.step(sent)
    assert par.unwrapped.table.version == version
    par.step(answers)  # the answers, corrected, are played
    assert par.unwrapped.table.version != version


def test_a_numpy_integer_seed_deals_as_the_int_does():
    envs = [nbmj.env.raw_env(variant="ningbo") for _ in range(2)]
    envs[0].reset(seed=np.int64(12))
    envs[1].reset(seed=12)
    first = [e.observe(e.agent_selection)["observation"] for e in envs]
    assert (first[0] == first[1]).all() and envs[0].agent_selection == envs[1].agent_selection


@pytest.mark.parametrize("form", [np.int64, np.int8, np.uint16, np.array, int])
def test_numpy_integers_and_a_0d_array_are_actions_as_an_int_is(form):
    plays = []
    for as_given in (int, form):
        env = nbmj.env.raw_env(variant="ninghai")
        env.reset(seed=8)
        rng = np.random.default_rng(8)
        seen = []
        for _ in range(40):
            mask = env.observe(env.agent_selection)["action_mask"]
            env.step(as_given(int(rng.choice(np.flatnonzero(mask)))))
            seen.append((env.agent_selection, env.observe(env.agent_selection)["observation"].tobytes()))
        plays.append(seen)
    assert plays[0] == plays[1]


def test_the_penalty_option_ends_the_episode_with_the_documented_penalty():
    env = nbmj.env.raw_env(variant="ningbo", illegal="penalty", illegal_penalty=2.5, max_hands=4)
    env.reset(seed=2)
    agent = env.agent_selection
    illegal = int(np.flatnonzero(env.observe(agent)["action_mask"] == 0)[0])
    env.step(illegal)
    assert all(env.terminations.values())
    assert env.rewards == {a: (-2.5 if a == agent else 0.0) for a in env.agents}


def test_points_rewards_are_the_settlement_and_normalized_ones_are_scaled_into_one():
    paid = 0
    greedy = {"player_1": "greedy", "player_3": "greedy"}  # random play alone hardly ever wins
    for seed in range(12):
        got = {}
        for reward in ("points", "normalized"):
            env = nbmj.env.raw_env(variant="ningbo", reward=reward, opponents=greedy)
            totals = {a: 0.0 for a in env.possible_agents}
            for agent, _, r, _ in _masked_rollout(env, seed, seed):
                totals[agent] += r  # last() hands each agent what it earned since it last acted
            got[reward] = totals
        deltas = env.table.match.result.hands[-1]["deltas"]
        points = {f"player_{i}": float(deltas[s]) for i, s in enumerate("ESWN")}
        scale = max(abs(v) for v in points.values())
        assert got["points"] == {a: points[a] for a in ("player_0", "player_2")}
        assert got["normalized"] == pytest.approx({a: (points[a] / scale if scale else 0.0) for a in ("player_0", "player_2")})
        paid += scale > 0
    assert paid  # some hands had payments


def test_a_hands_reward_is_each_seats_settlement_delta():
    paid = 0
    for seed in range(12):
        greedy = {"player_1": "greedy", "player_2": "greedy", "player_3": "greedy"}
        env = nbmj.env.parallel_env(variant="ningbo", reward="points", opponents=greedy)
        obs, _ = env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        got = {a: 0.0 for a in env.possible_agents}
        while env.agents:
            actions = {}
            for a in env.agents:
                mask = obs[a]["action_mask"]
                legal = np.flatnonzero(mask)
                actions[a] = L.HU if mask[L.HU] else (int(rng.choice(legal)) if len(legal) else 0)
            obs, rewards, _, _, _ = env.step(actions)
            for a, r in rewards.items():
                got[a] += r
        deltas = env.table.match.result.hands[-1]["deltas"]
        assert got == {f"player_{i}": float(deltas[s]) for i, s in enumerate("ESWN") if i == 0}
        paid += any(deltas.values())
    assert paid


def test_a_match_rotates_the_dealer_and_the_planes_say_each_agents_wind():
    env = nbmj.env.raw_env(variant="ningbo", max_hands=4)
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    seen = set()
    P = L.PLANE_INDEX
    for agent in env.agent_iter(20_000):
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        planes = obs["observation"]
        dealer_rel = int(np.flatnonzero(planes[P["seats"], 0:4])[0])
        i = int(agent[-1])
        dealer = (i + dealer_rel) % 4
        assert np.flatnonzero(planes[P["seat_wind"]]).tolist() == [27 + (i - dealer) % 4]
        seen.add((int(planes[P["counts"], 7]), dealer))
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert {h for h, _ in seen} == {0, 1, 2, 3}
    assert len(env.table.match.result.hands) == 4


@pytest.mark.parametrize("seat", [2.0, np.float64(1.0), True, "1", 4, -1])
def test_a_seat_that_is_no_position_is_refused_when_the_env_is_made(seat):
    # the seat was checked with `seat in (0, 1, 2, 3)`, which 2.0 and True pass: the env was
    # made, and its first reset or step failed with a TypeError or an IndexError (or, True,
    # played seat 1 in the vector env)
    for make in (nbmj.env.MahjongEnv, lambda **kw: nbmj.env.MahjongVectorEnv(2, **kw)):
        with pytest.raises(nbmj.env.table.EnvConfigError, match=rf"^seat is a table position 0-3, not {re.escape(repr(seat))}$"):
            make(seat=seat)


@pytest.mark.parametrize("form", [np.int64, np.array], ids=["numpy-integer", "0-d-array"])
def test_a_numpy_whole_number_is_the_seat_its_int_is(form):
    # a 0-d array seat played with the masks of another seat on the pure-Python backend
    for make in (nbmj.env.MahjongEnv, lambda **kw: nbmj.env.MahjongVectorEnv(1, **kw)):
        envs = [make(variant="ningbo", opponents="random", seat=seat) for seat in (form(2), 2)]
        assert [type(env.seat) for env in envs] == [int, int]
        obs = [env.reset(seed=4)[0] for env in envs]
        for _ in range(20):
            assert all((obs[0][k] == obs[1][k]).all() for k in obs[0])
            mask = obs[0]["action_mask"].reshape(-1, obs[0]["action_mask"].shape[-1])
            if not mask.any():
                break
            action = int(np.flatnonzero(mask[0])[0])
            obs = [env.step(np.array([action]) if isinstance(env, nbmj.env.MahjongVectorEnv) else action)[0] for env in envs]


@pytest.mark.parametrize("key", [1.0, True, "1", 9])
def test_an_opponent_seated_at_no_position_is_refused(key):
    # a key 1.0 or True passed the check (sorted, it equals 1) and seated a random bot seeded
    # from the text of the key ("1.0"), which played otherwise than the same bot at 1; a key
    # "1" failed with a TypeError of the sorting
    opponents = {key: "random", 2: "random", 3: "random"}
    for make in (nbmj.env.MahjongEnv, lambda **kw: nbmj.env.MahjongVectorEnv(2, **kw)):
        with pytest.raises(nbmj.env.table.EnvConfigError, match=re.escape(repr(key))):
            make(opponents=opponents)
    as_ints = nbmj.env.MahjongEnv(opponents={np.int64(1): "random", 2: "random", 3: "random"})
    assert sorted(as_ints.table.bot_specs) == [1, 2, 3] and all(type(p) is int for p in as_ints.table.bot_specs)


def test_bad_keyword_arguments_are_value_errors_that_quote_them():
    for kwargs, message in (
        ({"reward": "money"}, "'money'"),
        ({"illegal": "ignore"}, "'ignore'"),
        ({"max_hands": 0}, "0"),
        ({"max_hands": 2.0}, "not 2.0"),
        ({"illegal_penalty": "x"}, "illegal_penalty is a finite number, at least 0, not 'x'"),
        ({"illegal_penalty": float("nan")}, "not nan"),
        ({"illegal_penalty": -1}, "not -1"),
        ({"render_mode": "rgb_array"}, "'rgb_array'"),
        ({"opponents": {"player_9": "greedy"}}, "'player_9'"),
        ({"opponents": {"player_1": "clever"}}, "'clever'"),
        ({"variant": "no-such-variant"}, "no-such-variant"),
    ):
        with pytest.raises(ValueError, match=message):
            env = nbmj.env.raw_env(**kwargs)
            env.reset(seed=0)


def test_the_vector_env_steps_games_in_lockstep_and_deals_again():
    vec = nbmj.env.VectorEnv(8, "ningbo")
    obs, _ = vec.reset(seed=4)
    assert obs["observation"].shape == (8, *L.OBS_SHAPE) and obs["action_mask"].shape == (8, L.ACTION_SIZE)
    rng = np.random.default_rng(0)
    ended = 0
    totals = np.zeros(4)
    first_obs = obs["observation"][0].copy()
    for _ in range(400):
        mask = obs["action_mask"]
        assert mask.any(axis=1).all()
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in mask])
        obs, rewards, terminated, truncated, _ = vec.step(actions)
        assert rewards.shape == (8, 4) and not truncated.any()
        ended += int(terminated.sum())
        totals += rewards.sum(axis=0)
        assert (rewards[~terminated] == 0).all()
    assert ended >= 8  # every game ended at least once on average, and was dealt again
    assert abs(totals.sum()) < 1e-3
    again = nbmj.env.VectorEnv(8, "ningbo")
    assert (again.reset(seed=4)[0]["observation"][0] == first_obs).all()


def test_the_vector_env_matches_single_envs_with_the_same_seeds():
    from nbmj.env.table import _derived_seed

    vec = nbmj.env.VectorEnv(3, "ninghai")
    obs, _ = vec.reset(seed=12)
    for i in range(3):
        env = nbmj.env.raw_env(variant="ninghai")
        env.reset(seed=_derived_seed(12, i, 0))
        single = env.observe(env.agent_selection)
        assert f"player_{obs['agent'][i]}" == env.agent_selection
        assert (single["observation"] == obs["observation"][i]).all()
        assert (single["action_mask"] == obs["action_mask"][i]).all()


def test_the_vector_env_refuses_a_wrong_batch():
    vec = nbmj.env.VectorEnv(2)
    obs, _ = vec.reset(seed=0)
    with pytest.raises(ValueError, match=r"\(2,\)"):
        vec.step(np.zeros(3, dtype=int))
    # a float batch is refused before any game moves, even where its values are whole
    before = obs["observation"].copy()
    legal = nbmj.env.sample_legal(obs["action_mask"], 0)
    for bad in (legal.astype(np.float64), [int(legal[0]), None], np.array([int(legal[0]), "x"], dtype=object)):
        with pytest.raises(nbmj.env.table.EnvConfigError, match="actions is an integer array of shape \\(2,\\), not "):
            vec.step(bad)
        assert (vec.observations == before).all()
    vec.step(legal.astype(np.uint8))  # any integer dtype is taken


def test_the_single_seat_env_plays_against_bots_to_the_end():
    import gymnasium

    env = gymnasium.make(nbmj.env.ENV_ID, variant="ningbo", opponents="greedy", seat=2, max_hands=2)
    obs, _ = env.reset(seed=1)
    rng = np.random.default_rng(1)
    total, done, steps = 0.0, False, 0
    while not done:
        obs, reward, done, truncated, _ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        total += reward
        steps += 1
    deltas = env.unwrapped.table.match.result.hands
    assert len(deltas) == 2 and steps > 5
    assert total == sum(h["deltas"]["W"] for h in deltas)  # seat 2 sits at W


def test_the_single_seat_env_offers_its_masks_as_maskable_ppo_asks():
    import gymnasium

    env = gymnasium.make(nbmj.env.ENV_ID, variant="ninghai", opponents="random", max_hands=1)
    assert not env.unwrapped.action_masks().any()  # before the first reset: nothing legal
    obs, _ = env.reset(seed=4)
    rng = np.random.default_rng(4)
    done = False
    while not done:
        masks = env.unwrapped.action_masks()
        assert masks.dtype == np.bool_ and masks.shape == (nbmj.env.layout.ACTION_SIZE,)
        assert (masks == (obs["action_mask"] != 0)).all()
        obs, _, done, _, _ = env.step(int(rng.choice(np.flatnonzero(masks))))
    assert not env.unwrapped.action_masks().any()  # the episode is over


@pytest.mark.parametrize("how", ["deepcopy", "pickle"])
def test_a_copied_env_plays_on_as_the_original(how):
    """A copy made mid-hand (a tree search copies the env at every node) shows the same
    observations and masks and takes the same actions as the original, which it leaves alone."""
    import copy
    import pickle

    def duplicate(env):
        return copy.deepcopy(env) if how == "deepcopy" else pickle.loads(pickle.dumps(env))

    env = nbmj.env.raw_env(variant="ningbo")
    env.reset(seed=5)
    rng = np.random.default_rng(5)
    for _ in range(25):  # into the hand: rivers, and a kept mask for the seat on turn
        env.step(int(rng.choice(np.flatnonzero(env.observe(env.agent_selection)["action_mask"]))))
    twin = duplicate(env)
    assert twin.agent_selection == env.agent_selection
    for _ in range(400):
        if not env.agents:
            break
        (obs, reward, term, trunc, _), (obs2, reward2, term2, trunc2, _) = env.last(), twin.last()
        assert (obs["observation"] == obs2["observation"]).all() and (obs["action_mask"] == obs2["action_mask"]).all()
        assert (reward, term, trunc) == (reward2, term2, trunc2)
        action = None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"])))
        env.step(action)
        twin.step(action)
    assert not env.agents and not twin.agents

    vec = nbmj.env.VectorEnv(3)
    vec.reset(seed=2)
    for _ in range(10):
        vec.step(np.array([rng.choice(np.flatnonzero(m)) for m in vec.action_masks]))
    twin_vec = duplicate(vec)
    for _ in range(150):  # past the first auto-resets
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in vec.action_masks])
        obs, rewards, terms, _, _ = vec.step(actions)
        obs2, rewards2, terms2, _, _ = twin_vec.step(actions)
        assert (obs["observation"] == obs2["observation"]).all() and (obs["action_mask"] == obs2["action_mask"]).all()
        assert (rewards == rewards2).all() and (terms == terms2).all() and (obs["agent"] == obs2["agent"]).all()

    gym_vec = nbmj.env.MahjongVectorEnv(2, "ningbo", opponents="random")
    obs, _ = gym_vec.reset(seed=4)
    twin_gym = duplicate(gym_vec)
    for _ in range(150):
        # (a game that ended shows an empty mask: the next step deals it again, whatever its action)
        actions = np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in obs["action_mask"]])
        obs, rewards, terms, truncs, _ = gym_vec.step(actions)
        obs2, rewards2, terms2, truncs2, _ = twin_gym.step(actions)
        assert (obs["observation"] == obs2["observation"]).all() and (obs["action_mask"] == obs2["action_mask"]).all()
        assert (rewards == rewards2).all() and (terms == terms2).all() and (truncs == truncs2).all()

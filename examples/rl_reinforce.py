"""Train a tiny policy on nbmj's Gymnasium env with NumPy alone (REINFORCE, a linear policy).

    python examples/rl_reinforce.py                      # about three minutes on one core
    python examples/rl_reinforce.py --minutes 1 --variant ninghai
    python examples/rl_reinforce.py --episodes 500 --save policy.npz

The learner plays one seat of single hands against three greedy bots
(``gymnasium.make("nbmj/Mahjong-v0", opponents="greedy", reward="normalized")``). Its policy
scores each legal action by a linear function of a few features read from the planes (for
a discard: how many copies of the tile are held, its neighbours, whether it is an honour,
a terminal or a wild, how many copies are already on the table; for the other actions a
weight of their own) and picks by softmax. REINFORCE moves the weights towards the actions
of hands that ended better than the running average (the baseline). Before and after
training, the policy's choice of the best-scored action and a masked random policy play the
same evaluation hands; their mean rewards and win rates are printed. Every random choice
comes from one seeded generator: a run is repeatable.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

import gymnasium
import numpy as np

import nbmj.env  # noqa: F401  (registers nbmj/Mahjong-v0)
from nbmj.env import layout as L

P = L.PLANE_INDEX
FEATURES = (
    "discard", "copies held", "next to held", "two from held", "honour", "terminal", "wild",
    "copies seen", "chi", "pon", "kan", "concealed or added kong", "flower", "hu", "pass",
)
_SUITED = np.arange(34) < 27
_RANK = np.arange(34) % 9
_NEXT = np.zeros((34, 34), dtype=np.float32)  # _NEXT @ hand: held tiles one rank away, same suit
_FAR = np.zeros((34, 34), dtype=np.float32)  # two ranks away
for _t in range(27):
    for _d, _m in ((1, _NEXT), (2, _FAR)):
        for _u in (_t - _d, _t + _d):
            if 0 <= _u < 27 and _u // 9 == _t // 9:
                _m[_t, _u] = 1.0


def action_features(planes: np.ndarray) -> np.ndarray:
    """A ``(125, len(FEATURES))`` matrix: the features of every action in this state."""
    f = np.zeros((L.ACTION_SIZE, len(FEATURES)), dtype=np.float32)
    hand = planes[P["hand"], :34].astype(np.float32)
    seen = planes[P["melds"] : P["melds"] + 16, :34].sum(axis=0) + planes[P["rivers"] : P["rivers"] + 12 : 3, :34].sum(axis=0)
    d = f[:34]
    d[:, 0] = 1.0
    d[:, 1] = hand
    d[:, 2] = _NEXT @ hand
    d[:, 3] = _FAR @ hand
    d[:, 4] = ~_SUITED
    d[:, 5] = _SUITED & ((_RANK == 0) | (_RANK == 8))
    d[:, 6] = planes[P["wilds"], :34]
    d[:, 7] = seen / 4.0
    f[34:42, 0] = 1.0  # discarding a wild flower
    f[L.CHI_LOW : L.CHI_HIGH + 1, 8] = 1.0
    f[L.PON, 9] = 1.0
    f[L.KAN, 10] = 1.0
    f[L.ANKAN : L.FLOWER, 11] = 1.0
    f[L.FLOWER : L.HU, 12] = 1.0
    f[L.HU, 13] = 1.0
    f[L.PASS, 14] = 1.0
    return f


def probabilities(weights: np.ndarray, feats: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """The softmax of the legal actions' scores (0 for the others)."""
    scores = np.where(mask.astype(bool), feats @ weights, -np.inf)
    scores -= scores.max()
    p: np.ndarray = np.exp(scores)
    p /= p.sum()
    return p


def play(env: Any, weights: np.ndarray, seed: int, rng: np.random.Generator, mode: str) -> tuple[float, list[tuple[np.ndarray, np.ndarray, int]]]:
    """One hand; ``mode`` is ``sample`` (training), ``best`` or ``random``. Returns the
    learner's reward and the (features, mask, action) of each of its steps."""
    obs, _ = env.reset(seed=seed)
    steps: list[tuple[np.ndarray, np.ndarray, int]] = []
    total, done = 0.0, False
    while not done:
        mask = obs["action_mask"]
        feats = action_features(obs["observation"])
        if mode == "random":
            legal = np.flatnonzero(mask)
            action = int(legal[rng.integers(len(legal))])
        else:
            p = probabilities(weights, feats, mask)
            action = int(p.argmax()) if mode == "best" else int(rng.choice(L.ACTION_SIZE, p=p))
        steps.append((feats, mask, action))
        obs, reward, done, _, _ = env.step(action)
        total += float(reward)
    return total, steps


def evaluate(env: Any, weights: np.ndarray, seeds: list[int], rng: np.random.Generator, mode: str) -> tuple[float, float]:
    """Mean reward and win rate (the share of hands with a positive reward) over ``seeds``."""
    rewards = [play(env, weights, s, rng, mode)[0] for s in seeds]
    return float(np.mean(rewards)), float(np.mean([r > 0 for r in rewards]))


def train(args: argparse.Namespace) -> dict[str, Any]:
    rng = np.random.default_rng(args.seed)
    env = gymnasium.make("nbmj/Mahjong-v0", variant=args.variant, opponents="greedy", reward="normalized")
    weights = np.zeros(len(FEATURES), dtype=np.float64)
    eval_seeds = [10_000_000 + i for i in range(args.eval_episodes)]
    random_play = evaluate(env, weights, eval_seeds, rng, "random")
    baseline, episodes, start = 0.0, 0, time.perf_counter()
    while (episodes < args.episodes) if args.episodes is not None else (time.perf_counter() - start < 60 * args.minutes):
        total, steps = play(env, weights, args.seed * 1_000_003 + episodes, rng, "sample")
        advantage = total - baseline
        baseline += 0.02 * (total - baseline)
        for feats, mask, action in steps:
            p = probabilities(weights, feats, mask)
            weights += args.lr * advantage * (feats[action] - p @ feats)  # the gradient of log p(action)
        episodes += 1
    trained = evaluate(env, weights, eval_seeds, rng, "best")
    if args.save:
        np.savez_compressed(args.save, weights=weights, features=np.array(FEATURES))
    return {
        "variant": args.variant,
        "episodes": episodes,
        "seconds": round(time.perf_counter() - start, 1),
        "eval_hands": len(eval_seeds),
        "random": {"mean_reward": round(random_play[0], 4), "win_rate": round(random_play[1], 4)},
        "trained": {"mean_reward": round(trained[0], 4), "win_rate": round(trained[1], 4)},
        "weights": {name: round(float(w), 3) for name, w in zip(FEATURES, weights)},
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--variant", default="ningbo")
    ap.add_argument("--minutes", type=float, default=3.0, help="training time (ignored with --episodes)")
    ap.add_argument("--episodes", type=int, default=None, help="train on this many hands instead")
    ap.add_argument("--eval-episodes", type=int, default=200)
    ap.add_argument("--lr", type=float, default=0.05)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--save", default=None, help="write the weights to this .npz file")
    print(json.dumps(train(ap.parse_args(argv))))
    return 0


if __name__ == "__main__":
    sys.exit(main())

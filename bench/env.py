"""Agent-steps per second of the nbmj RL environments beside RiichiEnv and RLCard, in one run.

    python bench/env.py            # full run (about a minute on a busy two-core machine)
    python bench/env.py --quick    # a short one
    python bench/env.py --json     # machine-readable

Every contestant plays masked random actions (a uniform choice among the legal ones) from
a fixed seed, with its full observation encoded at every step:

* nbmj ``env()`` (the AEC env with PettingZoo's wrappers) and ``raw_env`` (without them):
  one agent-step is ``last()`` (planes + mask) and ``step``;
* nbmj ``parallel_env``: one agent-step is one decision of a seat the game waits for; every
  step also encodes the planes of all four agents;
* nbmj ``MahjongEnv`` (``nbmj/Mahjong-v0``, the Gymnasium single env): one learner against
  three random bots, whose moves are not counted; one agent-step is one ``step``;
* nbmj ``VectorEnv`` with N = 64 and 256 games: N agent-steps per batched step, the masked
  choice made for the whole batch by ``nbmj.env.sample_legal`` from one uniform number per
  game, as the peers draw one number per decision;
* nbmj ``gymnasium.make_vec("nbmj/Mahjong-v0", num_envs=64)`` (the Gymnasium ``VectorEnv``):
  one learner per game against three random bots, whose moves are not counted; N
  agent-steps (observations) per batched step, auto-reset on the next step;
* ``riichienv`` (Rust core, one riichi kyoku): one observation is ``obs.encode()`` and a
  random legal action, for every player asked;
* ``rlcard``'s ``mahjong``: one step is a random legal action; RLCard encodes the next
  state's observation inside ``step``.

Every contestant's env is built once, before the rounds, as a training run builds its env
once and then plays it: the AEC, parallel, RiichiEnv and RLCard envs are then reset for each
hand, and the two batched contestants are dealt once and step their games on from where
the last slice left them. A hand's deal is timed wherever a contestant deals it:
RiichiEnv's and RLCard's new hand, the AEC and parallel envs' ``reset`` per hand, and the
auto-reset of a game in a batch. Building N games and their first deal is no agent-step:
it would weigh on a slice of a few dozen batched steps as much as a second hand of every
game.

Peers that are not installed are skipped with a note. Each round is cut into slices
(``--slices``), and in each slice every contestant plays its share of the round in turn,
the next slice starting with the next contestant; a contestant's rate in a round is its
agent-steps over its time summed over the slices. A load on the machine that comes and goes
within a round so falls on every contestant alike, where one run per contestant per round
would let it fall on one contestant's run and not on another's. Rates are medians over the
rounds by wall clock and by process CPU time (every contestant uses one thread, so CPU rate
is the rate per core). A ratio is the median over the rounds of the contestant's rate
divided by RiichiEnv's rate in the same round, printed with its lowest and highest round.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

import numpy as np

Runner = Callable[[int, int], int]  # (steps wanted, round) -> agent-steps done


def _aec(make: Callable[[], Any]) -> Runner:
    env = make()  # built once, untimed, as a training run builds its env once

    def run(steps: int, rep: int) -> int:
        rng = random.Random(rep)
        done = 0
        seed = rep * 100_000
        while done < steps:
            env.reset(seed=seed)
            seed += 1
            for _agent in env.agent_iter():
                obs, _, term, trunc, _ = env.last()
                if term or trunc:
                    env.step(None)
                    continue
                legal = obs["action_mask"].nonzero()[0]
                env.step(int(legal[rng.randrange(len(legal))]))
                done += 1
        return done

    return run


def _parallel() -> Runner:
    from nbmj.env import parallel_env

    env = parallel_env(variant="ningbo")

    def run(steps: int, rep: int) -> int:
        rng = random.Random(rep)
        done = 0
        seed = rep * 100_000
        while done < steps:
            obs, _ = env.reset(seed=seed)
            seed += 1
            while env.agents:
                actions = {}
                for agent, o in obs.items():
                    legal = o["action_mask"].nonzero()[0]
                    if len(legal):
                        actions[agent] = int(legal[rng.randrange(len(legal))])
                        done += 1
                    else:
                        actions[agent] = 0  # ignored: the game is not waiting for this agent
                obs, *_ = env.step(actions)
        return done

    return run


def _single() -> Runner:
    from nbmj.env import MahjongEnv

    env = MahjongEnv(variant="ningbo", opponents="random")

    def run(steps: int, rep: int) -> int:
        rng = random.Random(rep)
        done = 0
        seed: int | None = rep * 100_000  # seeded once a round, as a training loop seeds its env
        while done < steps:
            obs, _ = env.reset(seed=seed)
            seed = None  # each later hand from the env's own generator
            over = False
            while not over:
                legal = obs["action_mask"].nonzero()[0]
                obs, _, over, _, _ = env.step(int(legal[rng.randrange(len(legal))]))
                done += 1
        return done

    return run


def _batched(env: Any, n: int) -> Runner:
    """Deal ``env`` (a batch of ``n`` games) now, untimed, and return a runner that steps it
    on from where its last round left it."""
    from nbmj.env import sample_legal

    obs, _ = env.reset(seed=0)
    rng = np.random.default_rng(0)

    def run(steps: int, rep: int) -> int:
        nonlocal obs
        done = 0
        while done < steps:
            obs, *_ = env.step(sample_legal(obs["action_mask"], rng))
            done += n
        return done

    return run


def _vector(n: int) -> Runner:
    from nbmj.env import VectorEnv

    return _batched(VectorEnv(n, "ningbo"), n)


def _gym_vector(n: int) -> Runner:
    import gymnasium

    import nbmj.env

    env = gymnasium.make_vec(nbmj.env.ENV_ID, num_envs=n, vectorization_mode="vector_entry_point", variant="ningbo", opponents="random")
    return _batched(env, n)


def _riichienv() -> Runner:
    from riichienv import RiichiEnv  # type: ignore[import-untyped]

    env = RiichiEnv(game_mode=0, skip_mjai_logging=True)

    def run(steps: int, rep: int) -> int:
        rng = random.Random(rep)
        done = 0
        seed = rep * 100_000
        while done < steps:
            obs = env.reset(seed=seed)  # a new kyoku, dealt from this seed
            seed += 1
            while not env.done():
                actions = {}
                for pid, o in obs.items():
                    o.encode()
                    legal = o.legal_actions()
                    actions[pid] = legal[rng.randrange(len(legal))]
                    done += 1
                obs = env.step(actions)
        return done

    return run


def _rlcard() -> Runner:
    import rlcard  # type: ignore[import-untyped]

    env = rlcard.make("mahjong", config={"seed": 0})

    def run(steps: int, rep: int) -> int:
        rng = random.Random(rep)
        done = 0
        while done < steps:
            state, _ = env.reset()
            while not env.is_over():
                legal = list(state["legal_actions"])
                state, _ = env.step(legal[rng.randrange(len(legal))])
                done += 1
        return done

    return run


def contestants() -> list[tuple[str, Callable[[], Runner], float]]:
    """(name, a function making the runner, the share of the step budget it gets)."""

    def nbmj_aec(wrapped: bool) -> Runner:
        from nbmj.env import env, raw_env

        return _aec((lambda: env(variant="ningbo")) if wrapped else (lambda: raw_env(variant="ningbo")))

    return [
        ("nbmj env() AEC, wrapped", lambda: nbmj_aec(True), 1.0),
        ("nbmj raw_env AEC", lambda: nbmj_aec(False), 1.0),
        ("nbmj parallel_env", _parallel, 1.0),
        ("nbmj VectorEnv N=64", lambda: _vector(64), 2.0),
        ("nbmj VectorEnv N=256", lambda: _vector(256), 2.0),
        ("nbmj MahjongEnv (single)", _single, 1.0),
        ("gymnasium VectorEnv N=64", lambda: _gym_vector(64), 1.0),
        ("riichienv (riichi kyoku)", _riichienv, 1.0),
        ("rlcard mahjong", _rlcard, 0.25),
    ]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="fewer steps and rounds")
    ap.add_argument("--steps", type=int, default=None, help="agent-steps per contestant per round")
    ap.add_argument("--repeats", type=int, default=None, help="interleaved rounds")
    ap.add_argument("--slices", type=int, default=None, help="slices of each round, taken in turn by the contestants")
    ap.add_argument("--json", action="store_true", help="print JSON")
    args = ap.parse_args(argv)
    steps = args.steps or (3_000 if args.quick else 20_000)
    repeats = args.repeats or (3 if args.quick else 11)
    slices = args.slices or (3 if args.quick else 10)
    if min(steps, repeats, slices) < 1:
        ap.error(f"--steps, --repeats and --slices are at least 1, not {steps!r}, {repeats!r}, {slices!r}")

    from nbmj.core import BACKEND as CORE
    from nbmj.engine import BACKEND as ENGINE  # the engine compiled from its own source, or that source
    from nbmj.env import BACKEND as ENCODER

    rows: list[dict[str, Any]] = []
    runs: list[tuple[dict[str, Any], Runner, int, list[float], list[float]]] = []
    for name, make, share in contestants():
        try:
            run = make()
            run(64, 99)  # warm up (and import)
        except ImportError as exc:
            rows.append({"name": name, "note": f"skipped: {exc}"})
            continue
        row: dict[str, Any] = {"name": name}
        rows.append(row)
        runs.append((row, run, max(64, int(steps * share)), [], []))
    for rep in range(repeats):
        done, wall, cpu = [0] * len(runs), [0.0] * len(runs), [0.0] * len(runs)
        for piece in range(slices):
            for k in [(piece + j) % len(runs) for j in range(len(runs))]:  # each slice starts with the next contestant
                _row, run, n, _walls, _cpus = runs[k]
                t0, c0 = time.perf_counter(), time.process_time()
                done[k] += run(max(1, n // slices), rep * slices + piece)
                wall[k] += time.perf_counter() - t0
                cpu[k] += time.process_time() - c0
        for k, (_row, _run, _n, walls, cpus) in enumerate(runs):
            walls.append(done[k] / wall[k])
            cpus.append(done[k] / max(cpu[k], 1e-9))
    for row, _run, _n, walls, cpus in runs:
        row["steps_per_s"] = round(statistics.median(walls))
        row["cpu_steps_per_s"] = round(statistics.median(cpus))
    ref = next((run for run in runs if run[0]["name"].startswith("riichienv")), None)
    if ref is not None:
        for row, _run, _n, walls, cpus in runs:
            for key, rates, ref_rates in (("ratio", walls, ref[3]), ("cpu_ratio", cpus, ref[4])):
                per_round = [a / b for a, b in zip(rates, ref_rates)]
                row[key] = round(statistics.median(per_round), 2)
                row[f"{key}_range"] = [round(min(per_round), 2), round(max(per_round), 2)]
    out = {"core_backend": CORE, "engine_backend": ENGINE, "encoder_backend": ENCODER, "python": sys.version.split()[0], "repeats": repeats, "slices": slices, "contestants": rows}
    if args.json:
        print(json.dumps(out, indent=1))
        return 0
    print(f"nbmj core: {CORE}, engine: {ENGINE}, encoder: {ENCODER}; Python {out['python']}; medians of {repeats} rounds of {slices} interleaved slices")
    print(f"  {'':<28} {'wall clock':>38}   {'CPU time (per core)':>38}")
    for r in rows:
        if "steps_per_s" not in r:
            print(f"  {r['name']:<28} {r['note']}")
            continue
        cells = []
        for rate, key in ((r["steps_per_s"], "ratio"), (r["cpu_steps_per_s"], "cpu_ratio")):
            cell = f"{rate:>9,} steps/s"
            if key in r:
                low, high = r[f"{key}_range"]
                cell += f" ×{r[key]:.2f} ({low:.2f}-{high:.2f})"
            cells.append(cell)
        print(f"  {r['name']:<28} {cells[0]:>38}   {cells[1]:>38}")
    print("  (×: the median over the rounds of the ratio to riichienv's observations/s in the same round, its lowest and highest")
    print("   round in brackets; an nbmj agent-step encodes its full planes and mask)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Hands per second of the nbmj engine beside peer simulators, in one run.

    python bench/engine.py            # full run
    python bench/engine.py --quick    # a short one
    python bench/engine.py --json     # machine-readable

Contestants, each playing whole hands (rounds) with random agents from a fixed seed:

* nbmj ``ningbo`` with random bots (full rules: wilds, flowers, every restriction, and the
  scorer for every possible win) and with greedy bots (shanten-greedy: far more core calls);
* ``riichienv`` (Rust core; one riichi kyoku, ``game_mode=0``) with its ``RandomAgent``;
* ``rlcard``'s ``mahjong`` environment with its ``RandomAgent``.

Peers that are not installed are skipped with a note. The repeats are interleaved (one run
of each contestant, then the next round), so that a machine busy with other work slows
every contestant alike. Each figure is the median of the repeats, by the wall clock and by
the process's CPU time (steadier on a shared machine; every contestant runs on one
thread); ratios divide by riichienv's rate. nbmj also runs ``simulate`` with 1 and 2 worker
processes to show how it scales, and times the cyclic garbage collector's collections
during its hands to show the collector's share.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time


def time_one(fn, hands: int, rep: int) -> tuple[float, float]:
    """Hands per second of one run, by the wall clock and by CPU time."""
    t0, c0 = time.perf_counter(), time.process_time()
    fn(hands, rep)
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    return hands / wall, hands / max(cpu, 1e-9)


def nbmj_runner(bot: str):
    from nbmj.engine import Game, make_bots, play_hand
    from nbmj.rules import load_variant

    rules = load_variant("ningbo")

    def run(hands: int, rep: int) -> None:
        for i in range(hands):
            seed = rep * 100_000 + i
            play_hand(Game(rules, seed), make_bots(bot, seed))

    return run


def riichienv_runner():
    from riichienv import RiichiEnv
    from riichienv.agents.random_agent import RandomAgent

    def run(hands: int, rep: int) -> None:
        for i in range(hands):
            seed = rep * 100_000 + i
            env = RiichiEnv(game_mode=0, skip_mjai_logging=True, seed=seed)
            obs = env.reset()
            agents = [RandomAgent(seed * 4 + k) for k in range(4)]
            while not env.done():
                obs = env.step({pid: agents[pid].act(o) for pid, o in obs.items()})

    return run


def rlcard_runner():
    import rlcard
    from rlcard.agents import RandomAgent

    env = rlcard.make("mahjong", config={"seed": 0})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(4)])

    def run(hands: int, rep: int) -> None:
        for _ in range(hands):
            env.run(is_training=False)

    return run


def gc_share(bot: str, hands: int, repeats: int) -> float:
    """The cyclic garbage collector's share of nbmj's time: the time spent inside its
    collections (timed by ``gc.callbacks``) over the run's time; the median of the repeats.
    Timing the collections themselves is steadier on a busy machine than comparing runs with
    the collector on and off."""
    import gc

    run = nbmj_runner(bot)
    shares = []
    for rep in range(repeats):
        spent = [0.0, 0.0]  # time in collections, start of the current one

        def timer(phase: str, info: dict) -> None:
            if phase == "start":
                spent[1] = time.perf_counter()
            else:
                spent[0] += time.perf_counter() - spent[1]

        gc.callbacks.append(timer)
        t0 = time.perf_counter()
        try:
            run(hands, 500 + rep)
        finally:
            gc.callbacks.remove(timer)
        shares.append(spent[0] / (time.perf_counter() - t0))
    return statistics.median(shares)


def simulate_rate(workers: int, games: int) -> float:
    from nbmj.arena import simulate

    t0 = time.perf_counter()
    simulate("ningbo", games, 0, "random", workers=workers)
    return games / (time.perf_counter() - t0)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="fewer hands and repeats")
    ap.add_argument("--json", action="store_true", help="print JSON")
    args = ap.parse_args(argv)
    hands, repeats = (20, 3) if args.quick else (200, 5)
    slow_hands = max(3, hands // 20)  # rlcard is two orders of magnitude slower

    from nbmj.core import BACKEND
    from nbmj.engine import BACKEND as ENGINE_BACKEND  # the engine compiled from its own source, or that source

    rows: list[dict] = []
    contestants = [
        ("nbmj ningbo, random bots", lambda: nbmj_runner("random"), hands),
        ("nbmj ningbo, greedy bots", lambda: nbmj_runner("greedy"), hands),
        ("riichienv (riichi kyoku), random agents", riichienv_runner, hands),
        ("rlcard mahjong, random agents", rlcard_runner, slow_hands),
    ]
    runs = []  # (row, run, hands)
    for name, make, n in contestants:
        try:
            run = make()
        except ImportError as exc:
            rows.append({"name": name, "hands_per_s": None, "cpu_hands_per_s": None, "note": f"skipped: {exc}"})
            continue
        run(2, 99)  # warm up
        row = {"name": name, "hands": n, "repeats": repeats}
        rows.append(row)
        runs.append((row, run, n, [], []))
    for rep in range(repeats):  # interleaved: one run of each contestant per round
        for _row, run, n, walls, cpus in runs:
            wall, cpu = time_one(run, n, rep)
            walls.append(wall)
            cpus.append(cpu)
    for row, _run, _n, walls, cpus in runs:
        row["hands_per_s"] = round(statistics.median(walls), 1)
        row["cpu_hands_per_s"] = round(statistics.median(cpus), 1)
    ref = next((r for r in rows if r["name"].startswith("riichienv") and r["hands_per_s"]), None)
    for r in rows:
        ok = ref is not None and r["hands_per_s"]
        r["ratio_to_riichienv"] = round(r["hands_per_s"] / ref["hands_per_s"], 3) if ok else None
        r["cpu_ratio_to_riichienv"] = round(r["cpu_hands_per_s"] / ref["cpu_hands_per_s"], 3) if ok else None
    sim_games = 100 if args.quick else 1000  # enough hands that starting the pool does not dominate
    one, two = simulate_rate(1, sim_games), simulate_rate(2, sim_games)
    scaling = {"games": sim_games, "workers_1": round(one, 1), "workers_2": round(two, 1), "speedup": round(two / one, 2)}
    gc_shares = {bot: round(gc_share(bot, hands // 2, repeats), 3) for bot in ("random", "greedy")}
    out = {"nbmj_core_backend": BACKEND, "nbmj_engine_backend": ENGINE_BACKEND, "python": sys.version.split()[0],
           "contestants": rows, "simulate": scaling, "gc_share": gc_shares}
    if args.json:
        print(json.dumps(out, indent=1))
        return 0
    print(f"nbmj core backend: {BACKEND}, engine: {ENGINE_BACKEND}; Python {out['python']}; "
          f"medians of {repeats} interleaved runs")
    print(f"  {'':<42} {'wall clock':>24}   {'CPU time':>24}")
    for r in rows:
        if r["hands_per_s"] is None:
            print(f"  {r['name']:<42} {r['note']}")
            continue
        cells = []
        for rate, ratio in ((r["hands_per_s"], r["ratio_to_riichienv"]), (r["cpu_hands_per_s"], r["cpu_ratio_to_riichienv"])):
            cells.append(f"{rate:>9.1f} hands/s" + (f" ×{ratio:.2f}" if ratio is not None else "      "))
        print(f"  {r['name']:<42} {cells[0]:>24}   {cells[1]:>24}")
    print("  (×: the ratio to riichienv)")
    print(f"  simulate --bot random, {sim_games} hands: 1 worker {one:.1f}/s, 2 workers {two:.1f}/s (×{two / one:.2f})")
    print("  the cyclic GC's share of nbmj's time: " + ", ".join(f"{b} bots {v:.1%}" for b, v in gc_shares.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())

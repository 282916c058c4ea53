"""Learn to play Ningbo mahjong on two cores: behaviour cloning, then PPO, then the arena.

    pip install torch==2.13.0            # or a CPU-only torch from your index (see the RL tutorial)
    pip install 'nbmj[learn]'
    python examples/learn_ningbo.py --out run      # the reference run: about 20 minutes on 2 cores
    python examples/learn_ningbo.py --out smoke --hands 40 --epochs 1 --ppo-steps 512 --chunks 1 --eval-walls 3 --final-walls 0

The steps, each printed as it goes (with the time it took):

1. **Logs.** ``nbmj simulate --bot strong --logs``: hands of four ``strong`` bots (``--teacher
   fast`` for its fast tier: half the time, a weaker result), one log each.
2. **Dataset.** :func:`nbmj.env.dataset.write_dataset` (``nbmj dataset``): every decision of
   every seat as planes, mask, action and the seat's points for the hand (scaled as the
   env's reward will be).
3. **Behaviour cloning.** A ``MaskablePPO`` policy (:func:`nbmj.learn.new_model`) learns
   to choose as the teacher chose, and its value head to predict the points.
4. **PPO.** The cloned policy plays one seat of the vector env against three ``greedy``
   bots and improves by sb3-contrib's MaskablePPO, in chunks; a checkpoint after each.
5. **Arena.** Each checkpoint (the cloned one included) is seated as ``policy:PATH`` in a
   duplicate arena against ``greedy`` (``nbmj arena --duplicate --json``): its points per
   hand with a 95% interval, clustered by wall; the teacher is measured on the same walls,
   for reference. The learning curve is drawn to ``learning-curve.png``.
6. **The result.** The last checkpoint against ``greedy`` and against ``strong``, on walls
   no checkpoint was measured on (``--final-walls``); everything goes to ``summary.json``.

Every random choice comes from ``--seed``; on another machine the numbers differ only
where PyTorch's kernels do.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import torch

from nbmj.env.dataset import write_dataset
from nbmj.learn import SB3VectorEnv, behaviour_clone, new_model

REWARD_SCALE = 0.05  # a Ningbo hand moves tens of points: scaled, the value head's targets stay near 1


def step(message: str) -> float:
    print(f"== {message}", flush=True)
    return time.monotonic()


def done(started: float, what: str = "") -> None:
    print(f"   {what}{' ' if what else ''}({time.monotonic() - started:.0f} s)", flush=True)


def nbmj(*args: str) -> str:
    """Run an nbmj command with this Python; its stdout (a failure stops the run with its message)."""
    run = subprocess.run([sys.executable, "-m", "nbmj", *args], capture_output=True, text=True)
    if run.returncode:
        sys.exit(f"nbmj {' '.join(args)} failed:\n{run.stderr.strip()}")
    return run.stdout


def evaluate(player: str, args: argparse.Namespace, *, against: str = "greedy", walls: int | None = None, seed: int = 1) -> dict[str, Any]:
    """``player`` (a seat spec) against ``against`` in a duplicate arena: its points per hand,
    with a 95% interval clustered by wall."""
    report = json.loads(nbmj(
        "arena", "--bot", player, "--bot", against, "--duplicate", "--games", str(walls or args.eval_walls),
        "--seed", str(args.seed + seed), "--variant", args.variant, "--workers", str(args.workers), "--json",
    ))
    mine = report["bots"][0]
    return {"points_per_hand": mine["points_per_hand"], "win_rate": mine["win_rate"], "deal_in_rate": mine["deal_in_rate"],
            "walls": report["walls"], "hands": report["hands"], "margin": report["pairs"][0]["margin"]}


def interval(result: dict[str, Any]) -> str:
    pph = result["points_per_hand"]
    return f"{pph['mean']:+.3f} points per hand, 95% CI [{pph['ci95'][0]:+.3f}, {pph['ci95'][1]:+.3f}]"


def plot(curve: list[dict[str, Any]], baseline: dict[str, Any], teacher: str, path: Path, variant: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    minutes = [c["minutes"] for c in curve]
    means = [c["eval"]["points_per_hand"]["mean"] for c in curve]
    low = [c["eval"]["points_per_hand"]["ci95"][0] for c in curve]
    high = [c["eval"]["points_per_hand"]["ci95"][1] for c in curve]
    fig, ax = plt.subplots(figsize=(6.4, 3.6), dpi=120)
    ax.axhline(0, color="grey", linewidth=0.8)
    ax.axhline(baseline["points_per_hand"]["mean"], color="tab:orange", linestyle="--", linewidth=1,
               label=f"the {teacher} bot it clones: {baseline['points_per_hand']['mean']:+.2f}")
    ax.fill_between(minutes, low, high, alpha=0.25, label="95% interval (clustered by wall)")
    ax.plot(minutes, means, marker="o", label="the policy's points per hand")
    for c in curve:
        ax.annotate(c["label"], (c["minutes"], c["eval"]["points_per_hand"]["mean"]), textcoords="offset points", xytext=(0, 6), fontsize=7, ha="center")
    ax.set_xlabel("training time, arenas left out (minutes of wall time, 2 cores)")
    ax.set_ylabel("points per hand against greedy")
    ax.set_title(f"{variant}: behaviour cloning, then PPO; duplicate arena against greedy", fontsize=9)
    ax.legend(fontsize=7, loc="lower right")
    fig.tight_layout()
    fig.savefig(path)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=Path("learn-run"), help="directory of the run's files")
    parser.add_argument("--variant", default="ningbo")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--teacher", choices=["fast", "strong"], default="strong", help="the bot whose hands are cloned")
    parser.add_argument("--hands", type=int, default=6000, help="hands of the teacher to clone")
    parser.add_argument("--epochs", type=int, default=3, help="behaviour-cloning epochs")
    parser.add_argument("--ppo-steps", type=int, default=49152, help="learner steps of PPO per chunk")
    parser.add_argument("--chunks", type=int, default=4, help="PPO chunks (a checkpoint and an arena after each)")
    parser.add_argument("--envs", type=int, default=16, help="games in the vector env")
    parser.add_argument("--eval-walls", type=int, default=150, help="walls of each checkpoint's duplicate arena")
    parser.add_argument("--final-walls", type=int, default=300,
                        help="walls of the last arenas: the trained policy against greedy and against strong, on walls no checkpoint met (0: none)")
    parser.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    args = parser.parse_args()
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    torch.set_num_threads(args.workers)
    begun = time.monotonic()
    arena_time = 0.0  # (left out of the training time on the curve)
    curve: list[dict[str, Any]] = []

    t = step(f"1. logs: {args.hands} hands of four {args.teacher} bots")
    nbmj("simulate", "--bot", args.teacher, "--games", str(args.hands), "--seed", str(args.seed), "--variant", args.variant,
         "--workers", str(args.workers), "--logs", str(out / "logs"))
    done(t)

    t = step("2. dataset")
    summary = write_dataset([out / "logs"], out / "teacher.npz", reward_scale=REWARD_SCALE)
    done(t, f"{summary.rows} decisions of {summary.hands} hands")

    env = SB3VectorEnv(args.envs, args.variant, opponents="greedy", reward_scale=REWARD_SCALE)
    model = new_model(env, seed=args.seed, n_steps=256, batch_size=512, n_epochs=4, learning_rate=1e-4,
                      ent_coef=0.003, clip_range=0.1, gamma=1.0, gae_lambda=0.95)

    t = step(f"3. behaviour cloning, {args.epochs} epochs")
    def cloning(epoch: int, batch: int, loss: float) -> None:
        if batch % 200 == 0:
            print(f"   epoch {epoch + 1}, batch {batch}: loss {loss:.3f} ({time.monotonic() - t:.0f} s)", flush=True)

    report = behaviour_clone(model, out / "teacher.npz", epochs=args.epochs, seed=args.seed, progress=cloning)
    agreement = ", ".join(f"{a:.3f}" for a in report.agreement)
    done(t, f"{report.rows} rows ({report.held_out} held out); held-out agreement with {args.teacher} by epoch: {agreement}")

    def checkpoint(label: str, steps: int) -> None:
        nonlocal arena_time
        path = out / f"policy-{label}.zip"
        model.save(path)
        trained = (time.monotonic() - begun - arena_time) / 60
        t = step(f"   arena: {label} against greedy, {args.eval_walls} walls")
        result = evaluate(f"policy:{path}", args)
        arena_time += time.monotonic() - t
        done(t, interval(result))
        curve.append({"label": label, "ppo_steps": steps, "minutes": round(trained, 2), "eval": result})

    checkpoint("bc", 0)
    for chunk in range(1, args.chunks + 1):
        t = step(f"4. PPO against three greedy bots: chunk {chunk} of {args.chunks}, {args.ppo_steps} steps")
        model.learn(args.ppo_steps, reset_num_timesteps=False)
        done(t)
        checkpoint(f"ppo{chunk}", chunk * args.ppo_steps)

    training_minutes = (time.monotonic() - begun - arena_time) / 60
    t = step(f"5. the {args.teacher} bot against greedy on the checkpoints' walls (the curve's reference line)")
    baseline = evaluate(args.teacher, args)
    done(t, interval(baseline))
    final: dict[str, Any] = {}
    if args.final_walls:
        label = curve[-1]["label"]
        last = f"policy:{out / f'policy-{label}.zip'}"
        for against in ("greedy", "strong"):
            t = step(f"6. the trained policy ({curve[-1]['label']}) against {against}, {args.final_walls} new walls")
            final[against] = evaluate(last, args, against=against, walls=args.final_walls, seed=2)
            done(t, interval(final[against]))

    plot(curve, baseline, args.teacher, out / "learning-curve.png", args.variant)
    minutes = (time.monotonic() - begun) / 60
    record = {"variant": args.variant, "seed": args.seed, "args": {k: str(v) for k, v in vars(args).items()},
              "dataset_rows": summary.rows, "clone": vars(report), "curve": curve, "teacher_against_greedy": baseline,
              "final": final, "training_minutes": round(training_minutes, 2), "minutes": round(minutes, 2),
              "torch": torch.__version__}
    (out / "summary.json").write_text(json.dumps(record, indent=2) + "\n")
    print(f"== done in {minutes:.1f} minutes ({training_minutes:.1f} of training): {out / 'learning-curve.png'}, {out / 'summary.json'}")


if __name__ == "__main__":
    main()

"""The variant lab: what a rule change does to the game (``compare``) and to the rules and
known hands (``diff``).

``compare`` deals the same walls (paired seeds: hand ``i`` comes from
:func:`~nbmj.arena.simulation.game_seed` ``(seed, i)`` under both variants) to the same bots
under two variants and reports, for each, the per-seat win rate, mean points per win, draw
rate, dealer advantage, how often each item scores and the distribution of hand values,
each with a 95% interval; and the paired differences with their p-values. East deals
every hand, so the dealer's advantage is East's mean points per hand.

``diff`` compares the compiled rules setting by setting and item by item, with the rule IDs
each concerns, and scores a fixed corpus of hands (the docs' worked examples and the golden
score situations) under both, listing those whose validity or points change.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .._paths import missing_directory
from ..errors import NbmjError
from .backends import Record, Task, check_games, check_seed, fold_records, run_task
from .simulation import Digest, SimulationStats, four_bots, game_seed, hand_record
from .stats import Running, proportion_ci, t_two_sided_p

__all__ = ["CompareTask", "compare", "diff_variants", "default_corpus", "plot_compare"]

SEATS = ("E", "S", "W", "N")


class LabError(NbmjError, ValueError):
    """A comparison that cannot be made as asked."""


@dataclass
class CompareTask(Task):
    """Unit ``i``: hand ``i`` under variant ``a`` and under variant ``b``, same seed, same bots."""

    a: str
    b: str
    seed: int
    bot: str

    def setup(self) -> None:
        from ..rules import load_variant

        self._rules = (load_variant(self.a), load_variant(self.b))

    def teardown(self) -> None:
        pass

    def run(self, start: int, stop: int) -> list[Record]:
        from ..engine import Game, play_hand

        out = []
        for index in range(start, stop):
            s = game_seed(self.seed, index)
            pair = []
            for rules in self._rules:
                game = Game(rules, s)
                play_hand(game, four_bots(self.bot, s, rules))
                pair.append(hand_record(game))
            out.append({"a": pair[0], "b": pair[1]})
        return out


class _Side:
    """One variant's statistics: those of ``simulate``, plus intervals and the dealer's points."""

    def __init__(self) -> None:
        self.stats = SimulationStats()
        self.points = Running()
        self.dealer = Running()

    def add(self, rec: Record) -> None:
        self.stats.add(rec, digest=False)
        for w in rec["winners"]:
            self.points.add(w["points"])
        self.dealer.add(rec["deltas"]["E"])

    def to_json(self) -> dict[str, Any]:
        st = self.stats
        n = st.games
        wins = sum(st.by_seat.values())
        return {
            "hands": n,
            "draw_rate": round(st.draws / n, 4) if n else 0.0,
            "draw_rate_ci95": proportion_ci(st.draws, n),
            "win_rate_by_seat": {s: {"rate": round(st.by_seat[s] / n, 4) if n else 0.0, "ci95": proportion_ci(st.by_seat[s], n)} for s in SEATS},
            "points_per_win": self.points.to_json(),
            "dealer_points_per_hand": self.dealer.to_json(),
            "items": {
                k: {"share_of_wins": round(v / wins, 4), "ci95": proportion_ci(v, wins)}
                for k, v in sorted(st.items.items(), key=lambda kv: (-kv[1], kv[0]))
            },
            "hand_values": {str(v): c for v, c in sorted(st.points.items())},
        }


def _paired(run: Running) -> dict[str, Any]:
    """A paired difference (b minus a): its mean, interval and two-sided p-value (Student's
    t on n - 1 degrees of freedom, as the interval: p < 0.05 when the interval excludes 0)."""
    out = run.to_json()
    se = run.stderr
    if se > 0:
        out["p_value"] = t_two_sided_p(run.mean / se, run.n - 1)
    else:
        out["p_value"] = 1.0 if run.mean == 0 else 0.0
    return out


def compare(
    a: str,
    b: str,
    games: int,
    *,
    seed: int = 0,
    bot: str = "greedy",
    workers: int = 1,
    backend: str = "process",
    address: str | None = None,
    chunk: int | None = None,
    progress: Any = None,
) -> dict[str, Any]:
    """Play ``games`` (at least 2) paired hands under variants ``a`` and ``b`` (see the
    module's docstring). A Ctrl-C raises :class:`~nbmj.arena.backends.Interrupted` with the
    comparison of the paired hands played before it (at least two)."""
    from ..bots import BUILTIN_BOTS
    from ..rules import load_variant

    if bot not in BUILTIN_BOTS:
        raise LabError(f"unknown bot {bot!r}; known: {', '.join(BUILTIN_BOTS)}")
    seed = check_seed(seed)
    if check_games(games) < 2:
        raise LabError(f"compare plays at least 2 paired hands (a difference's interval and p-value need two), not {games!r}")
    names = (load_variant(a).name, load_variant(b).name)
    side_a, side_b = _Side(), _Side()
    draw_diff, dealer_diff, points_diff = Running(), Running(), Running()
    digest = Digest()

    def add(record: Record) -> None:
        digest.add(record)
        ra, rb = record["a"], record["b"]
        side_a.add(ra)
        side_b.add(rb)
        draw_diff.add(float(rb["outcome"] == "draw") - float(ra["outcome"] == "draw"))
        dealer_diff.add(rb["deltas"]["E"] - ra["deltas"]["E"])
        points_diff.add(sum(w["points"] for w in rb["winners"]) - sum(w["points"] for w in ra["winners"]))
        if progress is not None:
            progress(1)

    def results(played: int) -> dict[str, Any]:
        return {
            "a": names[0],
            "b": names[1],
            "games": played,
            "seed": seed,
            "bot": bot,
            "variants": {"a": side_a.to_json(), "b": side_b.to_json()},
            "paired_differences": {
                "draw_rate": _paired(draw_diff),
                "dealer_points_per_hand": _paired(dealer_diff),
                "winner_points_per_hand": _paired(points_diff),
            },
            "digest": digest.hexdigest(),
        }

    records = run_task(CompareTask(a, b, seed, bot), games, workers=workers, backend=backend, address=address, chunk=chunk)
    # (a difference's interval and p-value need two paired hands: fewer are not reported)
    return results(fold_records(records, add, games, results, least=2))


def check_plot_path(path: str) -> None:
    """Refuse a ``--plot`` file that :func:`plot_compare` could not write: not ``.png`` or
    ``.svg``, or in no directory. ``nbmj compare`` asks before it plays a hand."""
    target = Path(path)
    if target.suffix.lower() not in (".png", ".svg"):
        raise LabError(f"--plot writes a .png or .svg file, not {path!r}")
    missing = missing_directory(target)
    if missing is not None:
        raise LabError(missing)


def plot_compare(result: dict[str, Any], path: str) -> None:
    """Draw the hand-value distributions and per-seat win rates of a comparison into
    ``path`` (``.png`` or ``.svg``; needs matplotlib, the ``analysis`` extra)."""
    check_plot_path(path)
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise LabError("--plot needs matplotlib: pip install 'nbmj[analysis]'") from None
    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 4))
    sides = [("a", result["a"]), ("b", result["b"])]
    values = sorted({int(v) for key, _ in sides for v in result["variants"][key]["hand_values"]})
    width = 0.4
    for offset, (key, name) in zip((-width / 2, width / 2), sides):
        side = result["variants"][key]
        wins = sum(side["hand_values"].values()) or 1
        left.bar([v + offset for v in values], [side["hand_values"].get(str(v), 0) / wins for v in values], width, label=name)
        rates = [side["win_rate_by_seat"][s]["rate"] for s in SEATS]
        errs = [[r - side["win_rate_by_seat"][s]["ci95"][0] for r, s in zip(rates, SEATS)], [side["win_rate_by_seat"][s]["ci95"][1] - r for r, s in zip(rates, SEATS)]]
        right.bar([i + offset for i in range(4)], rates, width, yerr=errs, label=name, capsize=3)
    left.set_title("hand values (share of wins)")
    left.set_xlabel("points")
    right.set_title("win rate by seat (95% CI)")
    right.set_xticks(range(4), list(SEATS))
    left.legend()
    right.legend()
    fig.suptitle(f"{result['a']} vs {result['b']}: {result['games']} paired hands, {result['bot']} bots")
    fig.tight_layout()
    try:
        fig.savefig(path)
    except OSError as exc:
        raise LabError(f"cannot write {path!r}: {exc.strerror or exc}") from None
    finally:
        plt.close(fig)


# ------------------------------------------------------------------ diff


def default_corpus() -> list[Path]:
    """The corpus a source checkout has: the docs' worked examples and the golden score
    situations, found beside the package when it runs from its checkout (an editable
    install). An installed package has none, wherever it is run from (the current directory
    is not looked at: it says nothing of the package): pass ``--corpus`` then."""
    root = Path(__file__).resolve().parents[2]
    dirs = [root / "docs" / "variants" / "examples", root / "tests" / "golden" / "score"]
    return [d for d in dirs if d.is_dir()]


def _situations(paths: list[Path]) -> list[tuple[str, dict[str, Any]]]:
    """``(label, situation)`` for every situation in the corpus files: a list of situations
    (the worked examples), a golden file ``{"id", "situation"}``, or one situation (the
    ``nbmj score`` input)."""
    out: list[tuple[str, dict[str, Any]]] = []
    files: list[Path] = []
    for p in paths:
        found = sorted(p.glob("*.json")) if p.is_dir() else [p]
        if not found:
            raise LabError(f"the corpus directory {str(p)!r} holds no .json file")
        files.extend(found)
    for f in files:
        try:
            data = json.loads(f.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise LabError(f"cannot read the corpus file {str(f)!r}: {exc}") from None
        if isinstance(data, list) and data:
            for i, sit in enumerate(data):
                if not isinstance(sit, dict):
                    raise LabError(f"item {i} of the corpus file {str(f)!r} is no situation object: {sit!r}")
                out.append((f"{f.name}[{i}] {sit.get('title', '')}".strip(), sit))
        elif isinstance(data, dict) and isinstance(data.get("situation"), dict):
            out.append((str(data.get("id", f.stem)), data["situation"]))
        elif isinstance(data, dict):
            out.append((f"{f.name} {data.get('title', '')}".strip(), data))
        else:
            raise LabError(f"the corpus file {str(f)!r} holds no situation: a situation object, a list of them, "
                           f"or {{\"id\", \"situation\"}}, not {data!r}")
    return out


def _score(sit: dict[str, Any], rules: Any) -> dict[str, Any]:
    from ..scoring import score
    from ..scoring.situation import Situation

    body = {k: v for k, v in sit.items() if k not in ("title", "variant")}
    try:
        res = score(Situation.from_dict(body), rules)
    except NbmjError as exc:
        return {"valid": None, "points": None, "reason": str(exc).splitlines()[0]}
    return {"valid": res.valid, "points": res.points, "reason": res.reason}


def _setting_rules(key: str, rulebook: list[Any]) -> list[str]:
    root = key.split("[")[0]
    out = []
    for rule in rulebook:
        for v in rule.variant:
            if root == v or root.startswith(v + ".") or v.startswith(root + "."):
                out.append(rule.id)
                break
    return out


def _plain(value: Any) -> Any:
    from ..sphinxext.ruleset_diff import ABSENT

    return None if value is ABSENT else value


def diff_variants(a: str, b: str, corpus: list[Path] | None = None) -> dict[str, Any]:
    """What differs between variants ``a`` and ``b`` (see the module's docstring)."""
    from ..rules import load_variant
    from ..rules.rulebook import load_rules
    from ..sphinxext.ruleset_diff import diff

    ra, rb = load_variant(a), load_variant(b)
    rulebook = load_rules()
    settings = []
    items = []
    item_rules = {i.name: i.rule for i in ra.items} | {i.name: i.rule for i in rb.items}
    for key, va, vb in diff(ra.to_dict(), rb.to_dict()):
        if key.startswith("items["):
            name = key[len("items[") : key.index("]")]
            field = key[key.index("]") + 2 :] if "]." in key else None
            items.append({"item": name, "field": field, "a": _plain(va), "b": _plain(vb), "rule": item_rules.get(name)})
        else:
            own = [r["rule"] for r in (va, vb) if isinstance(r, dict) and isinstance(r.get("rule"), str)]
            rules = sorted(set(own)) if own else _setting_rules(key, rulebook)  # a record names its own rule
            settings.append({"setting": key, "a": _plain(va), "b": _plain(vb), "rules": rules})
    paths = default_corpus() if corpus is None else corpus
    changed = []
    situations = _situations(paths)
    for label, sit in situations:
        sa, sb = _score(sit, ra), _score(sit, rb)
        if (sa["valid"], sa["points"]) != (sb["valid"], sb["points"]):
            changed.append({"hand": label, "a": sa, "b": sb})
    return {
        "a": ra.name,
        "b": rb.name,
        "settings": settings,
        "items": items,
        "corpus": {"files": [str(p) for p in paths], "hands": len(situations), "changed": changed},
    }


def required_games(p_a: float, p_b: float, alpha: float = 0.01, power: float = 0.9) -> int:
    """Paired hands needed to tell draw rates ``p_a`` and ``p_b`` apart (two-sided, normal
    approximation, counting the discordant pairs as independent: a conservative bound)."""
    from statistics import NormalDist

    z = NormalDist().inv_cdf(1 - alpha / 2) + NormalDist().inv_cdf(power)
    var = p_a * (1 - p_a) + p_b * (1 - p_b)
    return math.ceil(z * z * var / (p_a - p_b) ** 2)

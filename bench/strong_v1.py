"""The ``strong`` bot as it was before issue #40 (main at 4bd7e54), kept for the arena
comparison: run it as a bot program,

    nbmj arena --bot strong --bot 'python3 bench/strong_v1.py' --duplicate --games 1000

It speaks ``nbmj-bot/1`` on stdin/stdout (see docs/bots.rst): each request's observation,
in tile notation, is read back into tile ids and handed to the old bot unchanged. Its text
below the protocol loop is the old ``nbmj/bots/strong.py`` with one fix (marked): a kong of
four wilds crashed it (issue #45 item 6).

``strong``: a built-in bot that plays for a hand the variant lets it win.

The greedy bot races to a ready hand, but in Ningbo a ready hand below the 4-台 minimum
can never win, so it often sits ready and waits for nothing. This bot weighs each discard
by three things:

* **tile efficiency with wilds**: the shanten after the discard (the batch core's count,
  wilds as free tiles) and the number of unseen tiles that would lower it (its
  acceptance), counted against every tile the seat can see;
* **value**: an estimate of the 台 the hand can still reach (its flowers, the honour pungs
  it holds or can make, how close it is to a flush, half flush or all pungs, no wilds),
  read from the variant's own items and minimum, so that a hand short of the minimum
  steers toward what it lacks and a hand past it plays for speed;
* **defence**: when another seat looks ready (three melds, or two late in the wall), or
  when it has already fed another seat two melds (a third would link them, 三摊,
  NB-14.5), the bot prefers tiles that seat has already discarded, unless its own hand is
  close to winning.

It claims a discard only when the claim keeps the hand's value reachable and does not make
a third meld from the same seat; it wins whenever the engine offers a win (the engine
offers only wins that reach the minimum). Deterministic.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, cast

from nbmj import core
from nbmj.engine import Action
from nbmj.engine.bots import _without, hand_shape

__all__ = ["StrongBot", "ValueModel"]

# The batch core's shanten (wilds as free tiles), typed here until nbmj.core has its stub.
shanten = cast(Callable[[list[int], int], int], core.shanten)

N_KINDS = 34
HONOURS = range(27, 34)
DRAGONS = (31, 32, 33)
WIND_OF_SEAT = {"E": 27, "S": 28, "W": 29, "N": 30}


class ValueModel:
    """What the bot reads from the variant, once: its minimum and the items it chases."""

    def __init__(self, rules: Any | None) -> None:
        items: dict[str, float] = {}
        minimum = 0
        seat_flowers: dict[str, tuple[int, ...]] = {}
        if rules is not None:
            for item in rules.items:
                if item.value is not None:
                    items[item.name] = float(item.value)
            scoring = rules.scoring
            if getattr(scoring, "kind", None) == "tai":
                minimum = int(getattr(scoring, "minimum", 0) or 0)
            seat_flowers = {seat: tuple(tiles) for seat, tiles in rules.flowers.seat_flowers}
        self.items = items
        self.minimum = minimum
        self.seat_flowers = seat_flowers

    def value(self, name: str) -> float:
        """The variant's value of item ``name`` (0 when it has none)."""
        return self.items.get(name, 0.0)


class StrongBot:
    """Tile efficiency with wilds, value toward the variant's minimum, and defence."""

    def __init__(self, rules: Any | None = None) -> None:
        self.model = ValueModel(rules)

    # ------------------------------------------------------------------ the call

    def __call__(self, observation: Mapping[str, Any], legal: list[Action]) -> Action:
        by_kind: dict[str, list[Action]] = {}
        for a in legal:
            by_kind.setdefault(a.kind, []).append(a)
        if "hu" in by_kind:
            return by_kind["hu"][0]
        if "flower" in by_kind:
            return by_kind["flower"][0]
        view = _View(observation, self.model)
        if "discard" in by_kind:
            return self._turn(view, by_kind)
        return self._claim(view, by_kind)

    # ------------------------------------------------------------------ our turn

    def _turn(self, view: "_View", by_kind: dict[str, list[Action]]) -> Action:
        counts, w = view.counts, view.w
        danger = view.danger()
        best: tuple[float, Action] | None = None
        for a in by_kind["discard"]:
            t = a.tile
            assert t is not None
            if t in view.wilds:
                c, ww = counts, w - 1
            else:
                c = list(counts)
                c[t] -= 1
                ww = w
            s = shanten(c, ww)
            accept = view.acceptance(c, ww, s)
            value = view.value(c, ww)
            utility = -12.0 * s + 0.35 * min(accept, 40) + 3.0 * value
            if t in view.wilds:
                utility -= 6.0  # a wild is worth more held than any tile it could become
            if danger and s >= 1:
                utility -= 10.0 * danger.get(t, 0.0)
            if best is None or utility > best[0]:
                best = (utility, a)
        assert best is not None
        chosen = best[1]
        for a in by_kind.get("ankan", []) + by_kind.get("kakan", []):
            assert a.tile is not None
            # (the one change from the original: a kong of four wilds, NB-4.14, takes its
            # tiles from the wilds, which are counted apart; the original subtracted them
            # from the 34 counts and crashed with HandShapeError, issue #45 item 6; the
            # engine's _without takes the counts as a bytearray, as its compiled build insists)
            c, ww = _without(bytearray(counts), w, set(view.wilds), (a.tile,) * (4 if a.kind == "ankan" else 1))
            if shanten(c, ww) <= shanten(counts, w):  # the kong costs nothing: take its replacement draw
                return a
        return chosen

    # ------------------------------------------------------------------ a discard to claim

    def _claim(self, view: "_View", by_kind: dict[str, list[Action]]) -> Action:
        counts, w = view.counts, view.w
        now = shanten(counts, w)
        value_now = view.value(counts, w)
        discard = view.discard
        fed_by = view.melds_from(discard["seat"]) if discard else 0
        best: tuple[float, Action] | None = None
        for kind in ("kan", "pon", "chi"):
            for a in by_kind.get(kind, []):
                if fed_by >= 2:
                    continue  # a third meld from one seat links us to it (三摊)
                c = list(counts)
                assert a.tile is not None
                used = a.use or (a.tile,) * (3 if kind == "kan" else 2)
                ok = True
                for u in used:
                    if u in view.wilds or u >= N_KINDS or c[u] == 0:
                        ok = False
                        break
                    c[u] -= 1
                if not ok:
                    continue
                after = shanten(c, w)  # 3n+2 after the claim: the best over one discard
                melded = view.with_meld(kind, a)
                value_after = melded.value(c, w)
                gain = (now - after) * 10.0 + (value_after - value_now) * 4.0
                if kind == "kan":
                    gain += 2.0
                if after > now or gain <= 0.0:
                    continue
                if view.model.minimum and value_after < view.model.minimum - 1.5 and after > 0:
                    continue  # a claim that leaves the hand too cheap to ever win
                if best is None or gain > best[0]:
                    best = (gain, a)
        if best is not None:
            return best[1]
        return by_kind["pass"][0]


class _View:
    """The observation in the shapes the bot computes with."""

    def __init__(self, obs: Mapping[str, Any], model: ValueModel, extra_meld: tuple[str, tuple[int, ...]] | None = None) -> None:
        self.obs = obs
        self.model = model
        self.seat: str = obs["seat"]
        self.wilds = frozenset(obs["wilds"])
        counts, self.w = hand_shape(obs["hand"], self.wilds)
        self.counts = list(counts)
        melds = [(m["kind"], tuple(m["tiles"])) for m in obs["melds"][self.seat]]
        if extra_meld is not None:
            melds.append(extra_meld)
        self.melds = melds
        self.discard = obs["discard"]
        self.seat_wind = WIND_OF_SEAT.get(obs["seat_wind"], 27)
        self.round_wind = WIND_OF_SEAT.get(obs["round_wind"], 27)
        self._seen: list[int] | None = None

    def with_meld(self, kind: str, action: Action) -> "_View":
        """The view as it would be after making this claim (for the value estimate)."""
        assert action.tile is not None
        tiles = (action.tile,) + tuple(action.use or (action.tile,) * (3 if kind == "kan" else 2))
        return _View(self.obs, self.model, ("chi" if kind == "chi" else "pon", tiles))

    # -------------------------------------------------------------- counting what is seen

    def seen(self) -> list[int]:
        """Copies of each kind the seat can see: its hand, every river and meld, the indicator."""
        if self._seen is None:
            seen = list(self.counts)
            for rs in self.obs["rivers"].values():
                for r in rs:
                    if r["tile"] < N_KINDS and r["claimed_by"] is None:
                        seen[r["tile"]] += 1
            for ms in self.obs["melds"].values():
                for m in ms:
                    for t in m["tiles"]:
                        if t < N_KINDS:
                            seen[t] += 1
            ind = self.obs["indicator"]
            if ind is not None and ind < N_KINDS:
                seen[ind] += 1
            self._seen = seen
        return self._seen

    def acceptance(self, c: list[int], w: int, s: int) -> int:
        """Unseen tiles whose draw lowers the shanten of the 3n+1 hand ``c``."""
        if s < 0:
            return 0
        seen = self.seen()
        total = 0
        for k in range(N_KINDS):
            left = 4 - seen[k]
            if left <= 0 or k in self.wilds:
                continue
            if c[k] == 0 and not _near(c, k):
                continue  # an isolated new tile never helps (pairs with wilds aside)
            c[k] += 1
            if shanten(c, w) < s:
                total += left
            c[k] -= 1
        return total

    # -------------------------------------------------------------- value

    def value(self, c: list[int], w: int) -> float:
        """The 台 the hand can still expect: what it holds now plus what it is close to."""
        m = self.model
        if not m.items:
            return 0.0
        est = 0.0
        flowers = self.obs["flowers"][self.seat]
        mine = m.seat_flowers.get(self.obs["seat_wind"], ())
        est += m.value("seat_flower") * sum(1 for f in flowers if f in mine)
        melds = self.melds
        pung_kinds = {tiles[0] for kind, tiles in melds if kind != "chi"}
        for k, item in [(d, "dragon_pung") for d in DRAGONS] + [(self.seat_wind, "seat_wind_pung"), (self.round_wind, "round_wind_pung")]:
            v = m.value(item)
            if not v:
                continue
            if k in pung_kinds or c[k] >= 3:
                est += v
            elif c[k] == 2:
                est += 0.5 * v
        # suits: how far from one suit (with honours: half flush; without: flush)
        suit_tiles = [sum(c[9 * s : 9 * s + 9]) for s in range(3)]
        for kind, tiles in melds:
            for t in tiles:
                if t < 27:
                    suit_tiles[t // 9] += 1
        honours = sum(c[27:34]) + sum(1 for kind, tiles in melds for t in tiles if 27 <= t < 34)
        main = max(range(3), key=lambda s: suit_tiles[s])
        off = sum(suit_tiles) - suit_tiles[main]
        if off <= 3:
            closeness = (4 - off) / 4.0
            if honours == 0:
                est += closeness * max(m.value("flush"), m.value("half_flush"))
            else:
                est += closeness * m.value("half_flush")
        # all pungs: pairs and pungs, no chow
        if all(kind != "chi" for kind, _ in melds):
            pairs = sum(1 for k in range(N_KINDS) if c[k] >= 2) + len(melds)
            if pairs >= 4:
                est += 0.5 * m.value("all_pungs") * min(1.0, (pairs - 3) / 2.0)
        if w == 0:
            est += 0.6 * m.value("no_wild")
        est += 0.5  # a wait of one tile (edge, closed, single) or a replacement win often adds one
        if m.minimum:
            return min(est, float(m.minimum) + 1.0)  # past the minimum, speed is what counts
        return est

    # -------------------------------------------------------------- defence

    def melds_from(self, seat: str) -> int:
        """Melds this seat has made from ``seat``'s discards."""
        return sum(1 for m in self.obs["melds"][self.seat] if m["from"] == seat)

    def danger(self) -> dict[int, float]:
        """Per kind, how risky discarding it is (0 safe .. 1), against seats that look ready
        and seats this one has fed two melds; empty when nobody threatens."""
        threats = []
        remaining = self.obs["wall_remaining"]
        for seat, ms in self.obs["melds"].items():
            if seat == self.seat:
                continue
            fed_by_me = sum(1 for m in ms if m["from"] == self.seat)
            if len(ms) >= 3 or (len(ms) >= 2 and remaining < 30) or fed_by_me >= 2:
                threats.append(seat)
        if not threats:
            return {}
        seen = self.seen()
        risk: dict[int, float] = {}
        for k in range(N_KINDS):
            if k in self.wilds:
                continue
            r = 0.0
            for seat in threats:
                river = {x["tile"] for x in self.obs["rivers"][seat]}
                if k in river:
                    continue
                r += 0.3 if seen[k] >= 3 else 1.0
            risk[k] = min(1.0, r)
        return risk


def _near(c: list[int], k: int) -> bool:
    if k >= 27:
        return False
    r = k % 9
    for d in (-2, -1, 1, 2):
        if 0 <= r + d <= 8 and c[k + d]:
            return True
    return False


# ---------------------------------------------------------------------- the protocol loop


def _ids(codes: list[str]) -> list[int]:
    from nbmj.tiles import parse_tile

    return [parse_tile(c) for c in codes]


def observation_from_json(o: dict[str, Any]) -> dict[str, Any]:
    """A protocol observation (tiles in notation) as the engine's (tile ids)."""
    from nbmj.tiles import parse_tile

    out = dict(o)
    out["hand"] = _ids(o["hand"])
    out["wilds"] = _ids(o["wilds"])
    out["indicator"] = None if o["indicator"] is None else parse_tile(o["indicator"])
    out["drawn"] = None if o["drawn"] is None else parse_tile(o["drawn"])
    d = o["discard"]
    out["discard"] = None if d is None else {"seat": d["seat"], "tile": parse_tile(d["tile"])}
    out["melds"] = {s: [{**m, "tiles": _ids(m["tiles"])} for m in ms] for s, ms in o["melds"].items()}
    out["flowers"] = {s: _ids(fs) for s, fs in o["flowers"].items()}
    out["rivers"] = {s: [{"tile": parse_tile(r["tile"]), "claimed_by": r["claimed_by"]} for r in rs] for s, rs in o["rivers"].items()}
    out["chi_bans"] = _ids(o["chi_bans"])
    return out


def main() -> None:
    import json
    import sys

    from nbmj.rules import load_variant

    bot: StrongBot | None = None
    models: dict[str, ValueModel] = {}
    for line in sys.stdin:
        message = json.loads(line)
        kind = message["type"]
        if kind == "hello":
            name = message["variant"]
            if name not in models:
                models[name] = ValueModel(load_variant(name))
            bot = StrongBot()
            bot.model = models[name]
        elif kind == "request":
            assert bot is not None
            legal = [Action.from_json(a) for a in message["legal"]]
            choice = bot(observation_from_json(message["observation"]), legal)
            print(json.dumps({"id": message["id"], "index": legal.index(choice)}), flush=True)
        elif kind == "bye":
            break


if __name__ == "__main__":
    main()

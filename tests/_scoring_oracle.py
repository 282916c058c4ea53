"""An independent scorer, for testing :func:`nbmj.scoring.score` against.

It imports nothing from :mod:`nbmj.scoring`. It reads the compiled RuleSet (the items,
their conditions, the scoring settings), asks the core's pure-Python reference for the
decompositions of the hand (that reference is itself held to a brute-force oracle by the
core's tests), and computes every feature from its description in
:data:`nbmj.rules.model.FEATURES` and the rulebook, every item from the item docs of the
variant language, every total from the rulebook's sections 13 and 22-24. Where the scorer
remembers, keys, compiles and prunes, this enumerates: every decomposition, every slot the
winning tile can take, every item of every reading.

Test files put tests/ on sys.path and import this module by name.
"""

from __future__ import annotations

from collections import Counter

from dataclasses import dataclass

from nbmj.core import _reference
from nbmj.rules.model import AllOf, AnyOf, Compare, Feature, FuFanScoring, Not, RuleSet, TaiScoring
from nbmj.rules.wilds import wild_tiles

SEATS = "ESWN"
WINDS = range(27, 31)
DRAGONS = range(31, 34)
FLOWER_GROUPS = (range(34, 38), range(38, 42))


@dataclass(frozen=True)
class Set:
    """A set of a reading: ``kind`` chow, pung or kong; ``tiles`` the kinds it stands for."""

    kind: str
    tiles: tuple[int, ...]
    exposed: bool


@dataclass(frozen=True)
class Reading:
    sets: tuple[Set, ...]
    pair: int  # the pair's kind
    pair_wilds: int  # wilds among the pair's two tiles
    wait: str  # edge, closed, single, pair_pair or two_sided
    itself: int  # wilds that stand for their own face (还搭)
    win_in_wild_pair: bool  # the winning tile is a wild in a pair of two wilds


@dataclass(frozen=True)
class Scored:
    """One reading's verdict and totals, and the items it scores as (name, value) pairs."""

    valid: bool
    points: int
    tai: int | None
    minimum_tai: int | None
    fu: int | None
    fan_raw: int | None
    fan: int | None
    hu: int | None
    items: tuple[tuple[str, int], ...]


def in_class(kind: int, cls: str, seat: str, round_wind: str) -> bool:
    """Whether tile kind ``kind`` belongs to the tile class ``cls`` (rulebook section 1)."""
    suited = kind < 27
    terminal = suited and kind % 9 in (0, 8)
    return {
        "dragon": kind in DRAGONS,
        "wind": kind in WINDS,
        "seat_wind": kind == 27 + SEATS.index(seat),
        "round_wind": kind == 27 + SEATS.index(round_wind),
        "honor": 27 <= kind < 34,
        "terminal": terminal,
        "simple": suited and not terminal,
        "terminal_or_honor": terminal or 27 <= kind < 34,
        "suited": suited,
    }[cls]


def _sets_only(counts: list[int], wilds: int) -> bool:
    """Whether ``counts`` and ``wilds`` wild tiles make complete sets (pungs and chows) and
    nothing else, by trying the lowest tile left in every set it can start."""
    k = next((i for i, c in enumerate(counts) if c), None)
    if k is None:
        return wilds % 3 == 0
    for take in (3, 2, 1):  # a pung, with as many wilds as it lacks
        if counts[k] >= take and wilds >= 3 - take:
            counts[k] -= take
            ok = _sets_only(counts, wilds - (3 - take))
            counts[k] += take
            if ok:
                return True
    if k < 27:
        for start in (k - 2, k - 1, k):  # a chow through k (the lowest tile left), wilds for what it lacks
            if start < 0 or start // 9 != k // 9 or (start + 2) // 9 != k // 9:
                continue
            used = [t for t in range(start, start + 3) if counts[t]]
            need = 3 - len(used)
            if wilds < need:
                continue
            for t in used:
                counts[t] -= 1
            ok = _sets_only(counts, wilds - need)
            for t in used:
                counts[t] += 1
            if ok:
                return True
    return False


def _wait(kind: str, first: int, slot: int) -> str:
    """The wait a winning tile at ``slot`` of a group completed (rulebook NB-10.6 to NB-10.11)."""
    if kind == "pair":
        return "single"
    if kind == "pung":
        return "pair_pair"
    if slot == 1:
        return "closed"
    if (slot == 2 and first % 9 == 0) or (slot == 0 and first % 9 == 6):
        return "edge"
    return "two_sided"


class Hand:
    """A winning situation under a rule set: its wilds, its tiles, its melds."""

    def __init__(self, sit, rules: RuleSet) -> None:
        self.sit, self.rules = sit, rules
        self.wild = wild_tiles(rules.wilds, sit.indicator) if rules.wilds.enabled else frozenset()
        tiles = list(sit.concealed) + [sit.win_tile]
        self.win_is_wild = sit.win_tile in self.wild
        self.wilds_held = sum(1 for t in tiles if t in self.wild)
        self.held_wild_kinds: dict[int, int] = {}
        for t in tiles:
            if t in self.wild:
                self.held_wild_kinds[t] = self.held_wild_kinds.get(t, 0) + 1
        self.shape = [0] * 34
        for t in tiles:
            if t not in self.wild:
                self.shape[t] += 1
        self.melded = tuple(
            Set("chow" if m.kind == "chi" else "pung" if m.kind == "pon" else "kong", tuple(m.tiles), m.kind != "ankan")
            for m in sit.melds
        )

    def readings(self) -> list[Reading]:
        """Every reading: each decomposition of the concealed tiles, with the winning tile in
        each slot it can take (a slot of its own kind, or a wild's slot when it is a wild)."""
        sit = self.sit
        on_discard = sit.win_by in ("discard", "rob_kong")
        out = []
        for dec in _reference.decompositions(self.shape, self.wilds_held):
            groups = [("pair", dec.pair)] + [(g.type, g) for g in dec.melds]
            for gi, (kind, group) in enumerate(groups):
                slots = _slots(group)
                for slot, (face, is_wild) in enumerate(slots):
                    if is_wild != self.win_is_wild or (not is_wild and face != sit.win_tile):
                        continue
                    sets = list(self.melded)
                    for gj, (kind_j, group_j) in enumerate(groups[1:], 1):
                        faces = tuple(f for f, _w in _slots(group_j))
                        exposed = on_discard and gj == gi and kind_j == "pung"  # a pung the discard completed
                        sets.append(Set(kind_j, faces, exposed))
                    pair_slots = _slots(dec.pair)
                    out.append(Reading(
                        sets=tuple(sets),
                        pair=pair_slots[0][0],
                        pair_wilds=sum(w for _f, w in pair_slots),
                        wait=_wait(kind, min(f for f, _w in slots), slot),
                        itself=self._itself(groups),
                        win_in_wild_pair=gi == 0 and is_wild and all(w for _f, w in pair_slots),
                    ))
        return out

    def _itself(self, groups) -> int:
        """还搭: the wilds that can stand for their own face in these groups, each wild kind
        held filling as many of its own slots as it has tiles."""
        wanted: dict[int, int] = {}
        for _kind, group in groups:
            for face, is_wild in _slots(group):
                if is_wild:
                    wanted[face] = wanted.get(face, 0) + 1
        return sum(min(n, self.held_wild_kinds.get(face, 0)) for face, n in wanted.items())

    # ------------------------------------------------------------------ features

    def feature(self, f: Feature, rd: Reading) -> int:
        sit, rules = self.sit, self.rules
        args = set(f.args)
        name = f.name
        if name == "pungs":
            return sum(1 for s in rd.sets if s.kind in ("pung", "kong") and self._pung_fits(s, args))
        if name == "pairs":
            return int(all(in_class(rd.pair, c, sit.seat, sit.round_wind) for c in args))
        if name == "chows":
            return sum(1 for s in rd.sets if s.kind == "chow")
        if name in ("identical_chows", "chow_pairs"):  # 板高 (NB-12.45): chows of the same three tiles
            same = Counter(s.tiles for s in rd.sets if s.kind == "chow")
            if name == "identical_chows":
                return max(same.values(), default=0)
            return sum(1 for n in same.values() if n >= 2)
        tiles = [t for s in rd.sets for t in s.tiles] + [rd.pair, rd.pair]
        suits = {t // 9 for t in tiles if t < 27}
        honours = any(t >= 27 for t in tiles)
        if name == "flush":
            return int(len(suits) == 1 and not honours)
        if name == "half_flush":
            return int(len(suits) == 1 and honours)
        if name == "all_honors":
            return int(not suits)
        if name == "all_pungs":
            return int(all(s.kind != "chow" for s in rd.sets))
        if name == "all_chows":
            return int(all(s.kind == "chow" for s in rd.sets))
        if name == "all_simples":
            return int(all(in_class(t, "simple", sit.seat, sit.round_wind) for t in tiles))
        if name == "shape":
            return int(not args or "standard" in args)  # (only standard readings are made here)
        if name == "wait":
            return int(rd.wait in args)
        if name == "big_crane":  # NB-10.10: every set on the table before the win, the win pairs the last tile
            return int(len(self.melded) == 4 and rd.wait == "single")
        if name == "wild_as_itself":
            return rd.itself
        if name == "wild_pair_win":
            return int(rd.win_in_wild_pair)
        if name == "win_tile_wild":
            return int(self.win_is_wild)
        if name == "concealed_hand":
            return int(all(m.kind == "ankan" for m in sit.melds))
        if name == "wilds_held":
            return self.wilds_held
        if name == "wild_single_wait":  # NB-10.13: before the win, sets and one lone wild
            before = [t for t in sit.concealed]
            if not any(t in self.wild for t in before):
                return 0
            counts = [0] * 34
            for t in before:
                if t not in self.wild:
                    counts[t] += 1
            return int(_sets_only(counts, sum(1 for t in before if t in self.wild) - 1))
        if name == "discarded_wild":
            return int(sit.discarded_wild)
        if name == "flowers":
            return self._flowers(args)
        if name == "flower_sets":
            held = self._counted_flowers()
            return sum(1 for g in FLOWER_GROUPS if all(f in held for f in g))
        if name == "win":
            return int(sit.win_by in args)
        if name == "self_draw":
            return int(sit.win_by not in ("discard", "rob_kong"))
        if name == "after_discard_kong":
            return int(sit.win_by == "kong_replacement" and bool(sit.melds) and sit.melds[-1].kind == "kan")
        if name == "after_kong":
            kind_words = {"exposed": "kan", "concealed": "ankan", "added": "kakan"}
            kinds = [kind_words[a] for a in args if a in kind_words]
            hits = 0
            for m in sit.after_kongs:
                if kinds and m.kind != kinds[0]:
                    continue
                if "of_winner" in args and m.source != sit.seat:
                    continue
                if "of_other" in args and m.source in (None, sit.seat):
                    continue
                hits += 1
            return hits
        if name == "last_tile":
            return int(sit.last_tile)
        if name == "first_turn":
            return int(sit.first_turn)
        if name == "dealer":
            return int(sit.seat == "E")
        if name == "melds_exposed":
            return len(sit.melds)
        raise AssertionError(f"the oracle does not know the feature {name!r}")

    def _pung_fits(self, s: Set, args: set[str]) -> bool:
        sit = self.sit
        for a in args:
            if a == "exposed" and not s.exposed or a == "concealed" and s.exposed:
                return False
            if a in ("pung", "kong"):
                if s.kind != a:
                    return False
            elif a not in ("exposed", "concealed") and not in_class(s.tiles[0], a, sit.seat, sit.round_wind):
                return False
        return True

    def _counted_flowers(self) -> set[int]:
        """The flowers laid aside that count as flowers (a wild flower does not)."""
        return {f for f in self.sit.flowers if f not in self.wild}

    def _flowers(self, args: set[str]) -> int:
        held = self._counted_flowers()
        if "outside_sets" in args:
            for g in FLOWER_GROUPS:
                if all(f in held for f in g):
                    held -= set(g)
        own = set(self.rules.flowers.of_seat(self.sit.seat))
        if "seat" in args:
            held &= own
        elif "other" in args:
            held -= own
        return len(held)

    def holds(self, e, rd: Reading) -> bool:
        if isinstance(e, Feature):
            return self.feature(e, rd) != 0
        if isinstance(e, Compare):
            v, n = self.feature(e.feature, rd), e.value
            return {">=": v >= n, "<=": v <= n, "==": v == n, "!=": v != n, ">": v > n, "<": v < n}[e.op]
        if isinstance(e, Not):
            return not self.holds(e.operand, rd)
        if isinstance(e, AllOf):
            return all(self.holds(o, rd) for o in e.operands)
        if isinstance(e, AnyOf):
            return any(self.holds(o, rd) for o in e.operands)
        raise AssertionError(f"unknown condition {e!r}")

    # ------------------------------------------------------------------ scoring

    def score_reading(self, rd: Reading) -> Scored:
        rules = self.rules
        applying = []
        for item in rules.items:
            if item.value is None:
                continue
            if item.when is not None and not self.holds(item.when, rd):
                continue
            count = 1 if item.each is None else self.feature(item.each, rd)
            if count > 0:
                applying.append((item, item.value * count))
        excluded = {name for item, _v in applying for name in item.excludes}
        applying = [(item, v) for item, v in applying if item.name not in excluded]
        best_of_group: dict[str, tuple] = {}
        for item, v in applying:
            if item.group is not None and (item.group not in best_of_group or v > best_of_group[item.group][1]):
                best_of_group[item.group] = (item, v)
        applying = [(item, v) for item, v in applying if item.group is None or best_of_group[item.group][0] is item]
        items = tuple(sorted((item.name, v) for item, v in applying))
        valid = not any(self.sit.win_by in wr.forbid and self.holds(wr.when, rd) for wr in rules.win_restrictions)
        sc = rules.scoring
        if isinstance(sc, TaiScoring):
            tai = sum(v for item, v in applying if item.unit == "tai")
            minimum_tai = sum(v for item, v in applying if item.unit == "tai" and item.counts_for_minimum)
            multiplier = 1
            for item, v in applying:
                if item.unit == "x":
                    multiplier *= v
            if sc.cap is not None:
                tai = min(tai, sc.cap)
            points = (sc.base_points + sc.points_per_tai * tai) if sc.conversion == "linear" else sc.base_points * 2**tai
            points *= multiplier
            if sc.points_cap is not None:
                points = min(points, sc.points_cap)
            reached = minimum_tai * multiplier if sc.minimum_of == "value" else minimum_tai
            meets = reached >= sc.minimum or any(minimum_tai >= t and multiplier >= m for t, m in sc.minimum_alternatives)
            return Scored(valid and meets, points, tai, minimum_tai, None, None, None, None, items)
        assert isinstance(sc, FuFanScoring)
        fu = sc.base + sum(v for item, v in applying if item.unit == "fu")
        fan_raw = sum(v for item, v in applying if item.unit == "fan")
        fan = min(fan_raw, sc.fan_cap)
        if sc.fixed_by_fan:  # 推倒八: a fixed 胡 per 番 (NH-3), held to the cap as every hand is (NH-3.9)
            hu = min(sc.fixed_by_fan[min(fan, len(sc.fixed_by_fan) - 1)], sc.cap)
        elif fan >= sc.fan_cap:  # the 番 cap is the hand's cap
            hu = sc.cap
        else:
            mult = 2**fan if sc.fan_multiplier == "power_of_two" else fan + 1
            up = -(-fu * mult // sc.round_to) * sc.round_to if sc.round_stage == "after_multiply" else -(-fu // sc.round_to) * sc.round_to * mult
            hu = min(up, sc.cap)
        return Scored(valid, _silver(hu, sc.silver), None, None, fu, fan_raw, fan, hu, items)

    def claim_barred(self) -> bool:
        """A win the claim rules do not allow, whatever its reading (NB-4.12, NB-7)."""
        claims, by = self.rules.claims, self.sit.win_by
        return (by == "discard" and not claims.win_on_discard or by == "rob_kong" and not claims.rob_kong
                or by == "discard" and self.win_is_wild and not claims.claim_discarded_wild)


def _slots(group) -> list[tuple[int, bool]]:
    """The (face, played by a wild) slots of a core Group, in the order of its tiles."""
    wild = list(group.wilds)
    out = []
    for face in group.tiles:
        is_wild = face in wild
        if is_wild:
            wild.remove(face)
        out.append((face, is_wild))
    return out


def _silver(hu: int, mode: str) -> int:
    """胡 as 银 (NH-4): the same, or by half hundreds (0-20 dropped, 30-60 a half, 70 up a hundred)."""
    if mode == "identity":
        return hu
    hundreds, rest = divmod(hu, 100)
    return hundreds * 100 + (0 if rest < 30 else 50 if rest <= 60 else 100)


def oracle(sit, rules: RuleSet) -> tuple[tuple[bool, int], list[Scored]]:
    """The best (valid, points) over every reading, and every reading that reaches it."""
    hand = Hand(sit, rules)
    scored = [hand.score_reading(rd) for rd in hand.readings()]
    assert scored, "the oracle found no reading of a winning hand"
    best = max((s.valid, s.points) for s in scored)
    tops = [s for s in scored if (s.valid, s.points) == best]
    if hand.claim_barred():
        best = (False, best[1])
    return best, tops

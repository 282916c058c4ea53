"""Whole-variant checks: settings that contradict each other once a variant is merged.

The tile set against the walls, the claim priority against the claims that exist,
restrictions and payment or liability rows that need a claim, conditions that need wilds
or flowers, item units against the scoring kind, ``excludes`` that name no item, and
similar. A contradiction is reported where the author can fix it (see
:meth:`VariantChecks.conflict`).
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import chain
from typing import TYPE_CHECKING

from . import model as M
from .diagnostics import did_you_mean
from .filespec import Entry
from .schema import FLOWER_FEATURES, WILD_FEATURES
from .source import Loc
from .syntax import Atom, ExprAst, ItemAst, expr_features

if TYPE_CHECKING:
    from .build import Builder

__all__ = ["VariantChecks", "MAX_POINTS"]

# The largest number of points a settlement may reach: integers above 2**53 are not exact
# in JSON readers that use doubles (JavaScript, many others).
MAX_POINTS = 2**53
# The most tiles a hand may hold, the drawn one included (nbmj.core reads no more).
MAX_HAND = 14


def _word_loc(e: Entry, word: str) -> Loc:
    """Where the restriction line ``e`` names the parameter ``word`` (the line, failing that)."""
    atoms: list[Atom] = getattr(e.extra, "atoms", [])
    for a in atoms[1:]:
        if a.text in ("unless", "during"):
            break
        if a.text == word:
            return a.loc
    return e.loc


class VariantChecks:
    """The whole-variant checks of a :class:`~nbmj.rules.build.Builder` ``b``: they read its
    merged chain (``b.m``), the file being compiled (``b.leaf``) and where settings are
    (``b.loc_of``, ``b.missing_loc``)."""

    def __init__(self, builder: Builder) -> None:
        self.b = builder

    def conflict(self, use: Loc, cause: Loc | None, message: str) -> None:
        """Report a contradiction between ``use`` and the setting ``cause``.

        The problem is shown where the author can fix it: at ``use`` when it is in the file
        being compiled, else (it was inherited) at ``cause`` when that is in this file.
        """
        leaf = self.b.leaf.src
        if use.src is leaf or cause is None or cause.src is not leaf:
            use.error(message)
        else:
            cause.error(f"{message} (inherited from {use.src.file}:{use.line}:{use.column}; override or drop it)")

    def setting_loc(self, section: str, key: str) -> Loc | None:
        s = self.b.m.settings.get((section, key))
        return s.loc if s else None

    def own_loc(self, locs: Iterable[Loc | None]) -> Loc | None:
        """The first of ``locs`` in the file being compiled (the author's own), else None."""
        leaf = self.b.leaf.src
        return next((loc for loc in locs if loc is not None and loc.src is leaf), None)

    def own_item_loc(self, unit: str | None = None) -> Loc | None:
        """Where the file being compiled writes an item (of ``unit``, when given), else where
        it drops one; None when it does neither."""
        m = self.b.m
        return self.own_loc(chain((e.loc for e in m.tables["items"].values() if unit is None or e.value.unit == unit),
                                  (loc for (table, _), loc in m.dropped.items() if table == "items")))

    def check(self, rs: M.RuleSet) -> None:
        m = self.b.m
        c = rs.claims
        def claims_loc(key: str) -> Loc | None:
            return self.setting_loc("claims", key)

        # tile set vs walls
        if rs.dealing.stacks_per_wall * 8 != rs.tiles.total:
            self.conflict(
                self.b.loc_of("dealing", "stacks_per_wall"),
                self.setting_loc("tiles", "flowers"),
                f"4 walls of {rs.dealing.stacks_per_wall} stacks hold {rs.dealing.stacks_per_wall * 8} tiles, "
                f"but the tile set has {rs.tiles.total}",
            )
        # winning shapes: the others come beside the standard one, never instead (NB-10.14)
        if rs.shapes and "standard" not in rs.shapes:
            self.b.loc_of("winning", "shapes").error("winning.shapes must list 'standard' (four sets and a pair) "
                                                   "beside any other shape")
        # seven pairs are fourteen tiles (NB-10.14): a smaller hand never is
        if "seven_pairs" in rs.shapes and rs.dealing.other_tiles != 13:
            self.conflict(
                self.b.loc_of("winning", "shapes"), self.setting_loc("dealing", "other_tiles"),
                f"winning.shapes lists seven_pairs, which needs a hand of 14 tiles, but dealing.other_tiles is "
                f"{rs.dealing.other_tiles}: no hand could be seven pairs",
            )
        # claims: priority names exactly the claims that exist
        enabled = {"hu": c.win_on_discard, "kan": c.kan, "pon": c.pon, "chi": c.chi}
        named = [x for tier in c.priority for x in tier]
        ploc = self.b.loc_of("claims", "priority")
        for claim, on in enabled.items():
            setting = "win_on_discard" if claim == "hu" else claim
            if on and claim not in named:
                self.conflict(ploc, claims_loc(setting), f"priority leaves out {claim!r}; every claim that exists must be ranked")
            if not on and claim in named:
                self.conflict(ploc, claims_loc(setting), f"priority ranks {claim!r}, but claims.{setting} is no")
        # restrictions that need a claim
        for kind, needs in (("chi_discard_ban", "chi"), ("pon_after_pass", "pon"), ("win_after_pass", "win_on_discard")):
            e = m.tables["restrictions"].get(kind)
            if e is not None and not getattr(c, needs):
                self.conflict(
                    e.loc, claims_loc(needs), f"restriction {kind!r} is about a claim this variant does not have (claims.{needs} is no)"
                )
        # restriction words for what the variant never has: a flower among the discards (a
        # flower is discarded only as a wild that is no flower, NB-4.4) and a claim on a discard
        # it lacks (no_claims kan stays: it also bars the kongs declared on a turn, NH-1.8)
        suits = m.tables["restrictions"].get("discard_suits")
        wild_flowers = rs.wilds.enabled and rs.tiles.flowers and not rs.wilds.wild_flower_is_flower
        if suits is not None and suits.value is not None and "f" in suits.value.suits and not wild_flowers:
            causes = (self.setting_loc(*key) for key in (("wilds", "enabled"), ("tiles", "flowers"), ("wilds", "wild_flower_is_flower")))
            self.conflict(_word_loc(suits, "f"), self.own_loc(causes),
                          "discard_suits names f, but no flower is ever discarded in this variant: only a wild flower "
                          "that is no flower is (wilds on, tiles.flowers yes, wilds.wild_flower_is_flower no)")
        banned = m.tables["restrictions"].get("no_claims")
        if banned is not None and banned.value is not None:
            for claim in banned.value.claims:
                setting = "win_on_discard" if claim == "hu" else claim
                if claim != "kan" and not getattr(c, setting):
                    self.conflict(_word_loc(banned, claim), claims_loc(setting),
                                  f"no_claims names {claim!r}, but claims.{setting} is no: there is no such claim to forbid")
        # conditions that need wilds / flowers, or a shape the variant has
        self.check_vocabulary(rs)
        self.check_shapes_used(rs)
        self.check_playable(rs)
        # items
        names = set(m.tables["items"])
        units_ok = ("tai", "x") if isinstance(rs.scoring, M.TaiScoring) else ("fu", "fan")
        kind_loc = m.scoring_kind.loc if m.scoring_kind else None
        groups: dict[str, str] = {}
        for key, e in m.tables["items"].items():
            it: M.ScoringItem = e.value
            ast: ItemAst = e.extra
            for a in ast.excludes:
                if a.text not in names and a.text != it.name:
                    self.conflict(
                        a.loc, m.dropped.get(("items", a.text)),
                        f"'excludes' names unknown item {a.text!r}{did_you_mean(a.text, names, 'item')}",
                    )
            if it.unit not in units_ok:
                kind = "tai" if isinstance(rs.scoring, M.TaiScoring) else "fu and fan"
                self.conflict(ast.unit.loc, kind_loc, f"item {it.name!r} is in {it.unit}, but this variant scores in {kind}")
            if it.group is not None:
                if it.group in groups and groups[it.group] != it.unit and ast.group is not None:
                    ast.group.loc.error(f"group {it.group!r} mixes units: {groups[it.group]} and {it.unit}")
                groups.setdefault(it.group, it.unit)
        # payments
        pay = m.tables["payments"]
        ploc = self.b.missing_loc("payments")
        if c.win_on_discard and "discard" not in pay:
            self.conflict(ploc, claims_loc("win_on_discard"), "no payment row for discard wins (claims.win_on_discard is yes)")
        if not c.win_on_discard and "discard" in pay:
            self.conflict(pay["discard"].loc, claims_loc("win_on_discard"), "payments for discard wins, but claims.win_on_discard is no")
        if "self_draw" not in pay:
            ploc.error("no payment row for self_draw wins")
        if c.rob_kong and "rob_kong" not in pay:
            self.conflict(ploc, claims_loc("rob_kong"), "no payment row for rob_kong wins (claims.rob_kong is yes)")
        if not c.rob_kong and "rob_kong" in pay:
            self.conflict(pay["rob_kong"].loc, claims_loc("rob_kong"), "payments for rob_kong wins, but claims.rob_kong is no")
        if not c.kan and "kong_bloom_on_discard_kong" in pay:
            self.conflict(
                pay["kong_bloom_on_discard_kong"].loc, claims_loc("kan"), "payments for a kong of a discard, but claims.kan is no"
            )
        if not c.pon and "kong_bloom_on_added_kong" in pay:
            self.conflict(
                pay["kong_bloom_on_added_kong"].loc, claims_loc("pon"), "payments for a kong added to a claimed pung, but claims.pon is no"
            )
        # liability
        if rs.liability is not None:
            for key, e in m.tables["liability_rows"].items():
                sit = key[1]
                if sit.startswith("discard_by") and not c.win_on_discard:
                    self.conflict(e.loc, claims_loc("win_on_discard"), f"liability row for {sit}, but claims.win_on_discard is no")
                if sit == "rob_kong" and not c.rob_kong:
                    self.conflict(e.loc, claims_loc("rob_kong"), "liability row for rob_kong, but claims.rob_kong is no")
            for claim in rs.liability.counts:
                if not getattr(c, claim):
                    self.conflict(
                        self.b.loc_of("liability", "counts"), claims_loc(claim), f"liability counts {claim!r} melds, but claims.{claim} is no"
                    )
            melds = rs.dealing.other_tiles // 3
            if rs.liability.threshold > melds:
                self.conflict(
                    self.b.loc_of("liability", "threshold"), self.setting_loc("dealing", "other_tiles"),
                    f"liability.threshold is {rs.liability.threshold}, but a hand has at most {melds} melds: no link "
                    "could form, and the liability rows would never apply",
                )
            if not rs.liability.rows:
                self.b.missing_loc("liability").error(
                    "liability has no rows: add `one_way SITUATION: partner N [RULE]` lines or write `liability none`"
                )
        # the losers settle by their hands' 胡 (NH-5.2), which only fu items count
        if rs.loser_settlement is not None and isinstance(rs.scoring, M.TaiScoring):
            self.conflict(
                self.b.missing_loc("loser_settlement"), kind_loc,
                "loser_settlement settles by the losers' 胡 (fu), but this variant scores in tai, so every loser "
                "has 0 and nobody would pay: write `loser_settlement none` or score in fu_fan",
            )
        # scoring
        s = rs.scoring
        if isinstance(s, M.FuFanScoring) and s.fixed_by_fan is not None and len(s.fixed_by_fan) != s.fan_cap + 1:
            self.conflict(
                self.b.loc_of("scoring", "fixed_by_fan"), self.setting_loc("scoring", "fan_cap"),
                f"fixed_by_fan needs {s.fan_cap + 1} values (0 to {s.fan_cap} 番), not {len(s.fixed_by_fan)}",
            )
        # flower settings that mean nothing without flowers (NB-1.1): any but the value that
        # changes nothing would be accepted and never applied
        if not rs.tiles.flowers:
            idle = (("wilds", "wild_flower_is_flower", rs.wilds.wild_flower_is_flower, False),
                    ("wilds", "flower_indicator", rs.wilds.flower_indicator, "group"),
                    ("flowers", "in_play", rs.flowers.in_play, "auto"),
                    ("flowers", "initial_replacement", rs.flowers.initial_replacement, "rounds"),
                    ("immediate", "flower", rs.immediate.flower, 0),
                    ("immediate", "all_flowers_held", rs.immediate.all_flowers_held, 0))
            for section, key, value, neutral in idle:
                if value != neutral:
                    shown = ("yes" if value else "no") if isinstance(value, bool) else value
                    self.conflict(
                        self.b.loc_of(section, key), self.setting_loc("tiles", "flowers"),
                        f"{section}.{key} is {shown}, but this variant has no flowers (tiles.flowers no): it would "
                        f"never apply",
                    )
        # immediate payments for what the variant never has: all its wilds held without
        # wilds, an exposed kong (of a discard) without kongs of discards, a kong added to a
        # claimed pung without pungs claimed (NB-14.14, NB-14.18)
        never_paid = (("all_wilds_held", rs.wilds.enabled, self.setting_loc("wilds", "enabled"),
                       "this variant has no wilds (wilds.enabled no)"),
                      ("exposed_kong", c.kan, claims_loc("kan"), "claims.kan is no: no discard is konged"),
                      ("added_kong", c.pon, claims_loc("pon"), "claims.pon is no: no pung is claimed to add to"))
        for key, possible, cause, why in never_paid:
            amount = getattr(rs.immediate, key)
            if amount and not possible:
                self.conflict(self.b.loc_of("immediate", key), cause, f"immediate.{key} is {amount}, but {why}: it would never be paid")
        # wild settings that mean nothing without wilds
        if not rs.wilds.enabled:
            for key in ("claim_discarded_wild", "wilds_in_melds", "wild_kong"):
                if getattr(c, key):
                    self.conflict(
                        self.b.loc_of("claims", key), self.setting_loc("wilds", "enabled"),
                        f"claims.{key} is yes, but this variant has no wilds (wilds.enabled no)",
                    )
        elif c.wild_kong and "next" not in rs.wilds.kinds:
            # the indicator stays in the wall (NB-4.5): of its own kind three tiles are in play
            self.conflict(
                self.b.loc_of("claims", "wild_kong"), self.setting_loc("wilds", "kinds"),
                "claims.wild_kong is yes, but the only wild kind is the indicator's own (wilds.kinds same), whose "
                "fourth tile is the indicator left in the wall: no hand holds the four tiles of a wild kind, so "
                "no wild kong could be declared; add next to wilds.kinds or drop wild_kong",
            )

    def check_playable(self, rs: M.RuleSet) -> None:
        """What compiles must also play: hands the shapes can complete, a deal the wall
        holds, a minimum some hand can reach, and points that stay exact numbers."""
        d = rs.dealing
        if d.other_tiles % 3 != 1:
            self.b.loc_of("dealing", "other_tiles").error(
                f"dealing.other_tiles must be one more than a multiple of 3 (4, 7, 10, 13, ...), so that a "
                f"winning tile makes sets and a pair; {d.other_tiles} is not"
            )
        elif d.other_tiles > MAX_HAND - 1:
            self.b.loc_of("dealing", "other_tiles").error(
                f"dealing.other_tiles is at most {MAX_HAND - 1}: the hand-shape core reads hands of up to "
                f"{MAX_HAND} tiles, the one drawn included; {d.other_tiles} is too many"
            )
        elif d.dealer_tiles != d.other_tiles + 1:
            self.conflict(
                self.b.loc_of("dealing", "dealer_tiles"), self.setting_loc("dealing", "other_tiles"),
                f"dealing.dealer_tiles must be dealing.other_tiles + 1 = {d.other_tiles + 1}: the dealer starts "
                f"with the tile the others will draw, not {d.dealer_tiles}",
            )
        dealt = d.dealer_tiles + 3 * d.other_tiles
        kept = 2 * rs.draw.kept_stacks + (1 if rs.wilds.enabled else 0)
        if d.other_tiles % 3 == 1 and dealt + kept >= rs.tiles.total:
            # shown at other_tiles, or at whichever of the other settings in the sum this file sets
            causes = (self.setting_loc(section, key) for section, key in
                      (("draw", "kept_stacks"), ("dealing", "dealer_tiles"), ("tiles", "flowers"), ("wilds", "enabled")))
            self.conflict(
                self.b.loc_of("dealing", "other_tiles"), self.own_loc(causes),
                f"the deal takes {dealt} tiles and {kept} stay in the wall, which leaves nothing to draw "
                f"from {rs.tiles.total}",
            )
        # immediate payments: each other player pays, for up to eight flowers (kongs fewer)
        for key in ("exposed_kong", "concealed_kong", "added_kong", "flower", "false_win", "all_flowers_held", "all_wilds_held"):
            amount = getattr(rs.immediate, key)
            if amount * 3 * 8 > MAX_POINTS:
                self.b.loc_of("immediate", key).error(
                    f"immediate.{key} of {amount} could make a seat's payments pass {MAX_POINTS} (2**53), where "
                    "points stop being exact; lower it"
                )
        s = rs.scoring
        # a scoring setting a child writes that the formula in force never reads (NB-13.4,
        # NH-4.5); a root must write every setting, so only a child is asked
        unread: list[tuple[str, str]] = []
        if isinstance(s, M.TaiScoring) and s.conversion == "doubling":
            unread.append(("points_per_tai", "conversion doubling makes S = base_points × 2^tai"))
        if isinstance(s, M.FuFanScoring) and s.fixed_by_fan is not None:
            unread += [(key, "fixed_by_fan gives a hand's 胡 by its 番") for key in ("fan_multiplier", "round_stage")]
        for key, why in unread if rs.parent is not None else ():
            own = self.own_loc([self.setting_loc("scoring", key)])
            if own is not None:
                own.error(f"scoring.{key} is never read: {why}; remove it")
        if not isinstance(s, M.FuFanScoring):
            self.check_tai_points(rs, s)
            return
        # 胡 × 番: a hand's 胡 is at most the cap, or the largest value of the fixed table,
        # and half_hundreds silver rounds up by less than a hundred
        # the cap holds 推倒八's fixed values too (NH-3.9): whichever is lower bounds a hand
        key = "fixed_by_fan" if s.fixed_by_fan is not None and max(s.fixed_by_fan) <= s.cap else "cap"
        top_hu = max(s.fixed_by_fan) if key == "fixed_by_fan" and s.fixed_by_fan else s.cap
        # half_hundreds silver drops a part below 30 (NH-4): a hand of less is worth nothing
        if top_hu == 0 or (s.silver == "half_hundreds" and top_hu < 30):
            self.conflict(
                self.b.loc_of("scoring", key), self.setting_loc("scoring", "silver"),
                f"a hand is worth at most {top_hu} 胡 (scoring.{key}), which silver {s.silver} pays as 0: every hand "
                "would be worth nothing and no win is paid",
            )
        self.check_exact(rs, top_hu + (100 if s.silver == "half_hundreds" else 0), self.b.loc_of("scoring", key),
                         ("fixed_by_fan", "cap") if s.fixed_by_fan is not None else ("cap",), f"lower scoring.{key}")

    def check_exact(self, rs: M.RuleSet, value: int, where: Loc, settings: tuple[str, ...], advice: str) -> None:
        """Report a hand ``value`` whose payments could pass 2**53, at ``where`` or, for an
        inherited scoring section, at one of the scoring ``settings`` or rows this file sets."""
        share = max([sh.multiplier for row in rs.payments for sh in row.shares]
                    + [sh.multiplier for row in (rs.liability.rows if rs.liability else ()) for sh in row.shares] + [1])
        if value * share * 3 > MAX_POINTS:
            locs = (self.setting_loc("scoring", key) for key in settings)
            rows = (e.loc for table in ("items", "payments", "liability_rows") for e in self.b.m.tables[table].values())
            self.conflict(
                where, self.own_loc(chain(locs, rows)),
                f"a hand could be worth {value} points and a seat pay {share} times that: beyond {MAX_POINTS} "
                f"(2**53), where points stop being exact; {advice}",
            )

    def check_tai_points(self, rs: M.RuleSet, s: M.TaiScoring) -> None:
        """A minimum some hand can reach, and points that stay exact, in a variant counted in 台."""
        counted = [i for i in rs.items if i.value is not None and i.unit == "tai" and i.counts_for_minimum]
        # an item counted `each` counts at most 8 times (flowers, wilds); pungs and the rest fewer
        most = sum(i.value * (8 if i.each is not None else 1) for i in counted if i.value is not None)
        # what keeps an inherited minimum out of reach: the items. Not the cap, which caps the
        # 台 a hand is paid for, not those it counts toward the minimum (NB-13.2, NB-13.3)
        cause = self.own_item_loc()
        multipliers = [i.value for i in rs.items if i.unit == "x" and i.value is not None]
        product = 1
        for x in multipliers:
            product *= x
        items_cause = self.own_item_loc("x")
        for alt_tai, alt_multiplier in s.minimum_alternatives:
            if alt_multiplier > product:
                self.conflict(
                    self.b.loc_of("scoring", "minimum_alternatives"), items_cause,
                    f"scoring.minimum_alternatives asks for {alt_tai} x {alt_multiplier}, but the multiplier items "
                    f"make at most x {product}: that alternative could never allow a win",
                )
        needs = [s.minimum] + [t for t, _ in getattr(s, "minimum_alternatives", ())]
        if min(needs) > most and not (multipliers and getattr(s, "minimum_of", "tai") == "value"):
            self.conflict(
                self.b.loc_of("scoring", "minimum"), cause,
                f"scoring.minimum is {s.minimum}, but the items that count toward it add up to {most} at most: "
                "no hand could win",
            )
        worthless = s.base_points == 0 and (s.conversion == "doubling" or s.points_per_tai == 0)
        if worthless:
            key = "conversion" if s.conversion == "doubling" else "points_per_tai"
            formula = "base_points × 2^tai" if s.conversion == "doubling" else "base_points + points_per_tai × tai"
            self.conflict(
                self.b.loc_of("scoring", key), self.setting_loc("scoring", "base_points"),
                f"with scoring.base_points 0, {formula} makes every hand worth 0 points and no win is paid; "
                "set scoring.base_points" + (" or scoring.points_per_tai" if key == "points_per_tai" else ""),
            )
        top = s.cap if s.cap is not None else sum(i.value * (8 if i.each is not None else 1) for i in rs.items
                                                    if i.value is not None and i.unit == "tai")
        if s.conversion == "doubling":
            if s.cap is None:
                self.conflict(
                    self.b.loc_of("scoring", "conversion"), self.setting_loc("scoring", "cap"),
                    "scoring.conversion doubling needs a cap on tai (scoring.cap N): a hand's points double with each tai",
                )
                return
            value = s.base_points * 2 ** min(top, 64)
        else:
            value = s.base_points + s.points_per_tai * top
        for x in multipliers:
            value *= x
        if s.points_cap is not None:  # as the scorer does: the cap is on the value after the multipliers
            value = min(value, s.points_cap)
        where = self.b.loc_of("scoring", "cap") if s.cap is not None or s.conversion == "doubling" else self.b.loc_of("scoring", "points_per_tai")
        self.check_exact(rs, value, where, ("points_per_tai", "base_points", "conversion", "cap", "points_cap"),
                         "lower the values or set scoring.cap or scoring.points_cap")

    def check_shapes_used(self, rs: M.RuleSet) -> None:
        """An item that scores only in a winning shape the variant does not list, or only on a
        win by a method it does not have, never scores."""
        methods = {"discard": ("claims", "win_on_discard", rs.claims.win_on_discard),
                   "rob_kong": ("claims", "rob_kong", rs.claims.rob_kong),
                   "flower_replacement": ("tiles", "flowers", rs.tiles.flowers)}
        for e in self.b.m.tables["items"].values():
            it: M.ScoringItem = e.value
            if not it.value or it.when is None:
                continue
            ast: ItemAst = e.extra
            for shape in M.SHAPES:
                if shape != "standard" and shape not in rs.shapes and _needs(it.when, M.Feature("shape", (shape,))):
                    self.conflict(
                        self._feature_loc(ast, "shape", shape, e.loc), self.setting_loc("winning", "shapes"),
                        f"item {it.name!r} scores only in the shape {shape}, which winning.shapes does not list: it "
                        f"would never score; add {shape} to winning.shapes or switch the item off",
                    )
            for method, (section, key, on) in methods.items():
                if not on and _needs(it.when, M.Feature("win", (method,))):
                    self.conflict(
                        self._feature_loc(ast, "win", method, e.loc), self.setting_loc(section, key),
                        f"item {it.name!r} scores only on a win by {method}, which this variant does not have "
                        f"({section}.{key} is no): it would never score; switch the item off",
                    )

        # a `require` (every method forbidden unless C) whose C needs a shape the variant lacks
        for e in self.b.m.tables["win_restrictions"].values():
            w: M.WinRestriction = e.value
            if set(w.forbid) != set(M.WIN_METHODS) or not isinstance(w.when, M.Not):
                continue
            for shape in M.SHAPES:
                if shape != "standard" and shape not in rs.shapes and _needs(w.when.operand, M.Feature("shape", (shape,))):
                    at = next((f.name.loc for f in expr_features(e.extra.when) if f.name.text == "shape"
                               and [a.text for a in f.args] == [shape]), e.loc)
                    self.conflict(
                        at, self.setting_loc("winning", "shapes"),
                        f"this win restriction lets a hand win only in the shape {shape}, which winning.shapes does "
                        f"not list: no hand could win; add {shape} to winning.shapes",
                    )

    @staticmethod
    def _feature_loc(ast: ItemAst, name: str, arg: str, default: Loc) -> Loc:
        """Where the item's condition names ``name(arg)``."""
        if ast.when is None:
            return default
        return next((f.name.loc for f in expr_features(ast.when) if f.name.text == name and [a.text for a in f.args] == [arg]), default)

    def check_vocabulary(self, rs: M.RuleSet) -> None:
        rules: list[ExprAst] = []
        for e in self.b.m.tables["items"].values():
            if e.value.value is not None:
                rules.extend(x for x in (e.extra.when, e.extra.each) if x is not None)
        for e in self.b.m.tables["win_restrictions"].values():
            rules.append(e.extra.when)
        for ast in rules:
            for f in expr_features(ast):
                if not rs.wilds.enabled and f.name.text in WILD_FEATURES:
                    self.conflict(
                        f.name.loc, self.setting_loc("wilds", "enabled"),
                        f"no wilds in this variant (wilds.enabled no), yet this condition uses {f.name.text!r}",
                    )
                if not rs.tiles.flowers and f.name.text in FLOWER_FEATURES:
                    self.conflict(
                        f.name.loc, self.setting_loc("tiles", "flowers"),
                        f"no flowers in this variant (tiles.flowers no), yet this condition uses {f.name.text!r}",
                    )


def _needs(expr: M.Expr, feature: M.Feature) -> bool:
    """Whether ``expr`` can hold only where ``feature`` holds."""
    if isinstance(expr, M.Feature):
        return expr == feature
    if isinstance(expr, M.AllOf):
        return any(_needs(o, feature) for o in expr.operands)
    if isinstance(expr, M.AnyOf):
        return all(_needs(o, feature) for o in expr.operands)
    return False

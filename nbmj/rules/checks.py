"""Whole-variant checks: settings that contradict each other once a variant is merged.

The tile set against the walls, the claim priority against the claims that exist,
restrictions and payment or liability rows that need a claim, conditions that need wilds
or flowers, item units against the scoring kind, ``excludes`` that name no item, and
similar. A contradiction is reported where the author can fix it (see
:meth:`VariantChecks.conflict`).
"""

from __future__ import annotations

from . import model as M
from .diagnostics import did_you_mean
from .schema import FLOWER_FEATURES, WILD_FEATURES
from .source import Loc
from .syntax import ItemAst, expr_features

__all__ = ["VariantChecks"]


class VariantChecks:
    """The checking half of :class:`~nbmj.rules.build.Builder`.

    Uses the host's ``m`` (the merged chain), ``leaf`` (the file being compiled),
    ``loc_of`` and ``missing_loc``.
    """

    def conflict(self, use: Loc, cause: Loc | None, message: str) -> None:
        """Report a contradiction between ``use`` and the setting ``cause``.

        The problem is shown where the author can fix it: at ``use`` when it is in the file
        being compiled, else (it was inherited) at ``cause`` when that is in this file.
        """
        leaf = self.leaf.src
        if use.src is leaf or cause is None or cause.src is not leaf:
            use.error(message)
        else:
            cause.error(f"{message} (inherited from {use.src.file}:{use.line}:{use.column}; override or drop it)")

    def setting_loc(self, section: str, key: str) -> Loc | None:
        s = self.m.settings.get((section, key))
        return s.loc if s else None

    def check(self, rs: M.RuleSet) -> None:
        m = self.m
        c = rs.claims
        claims_loc = lambda key: self.setting_loc("claims", key)  # noqa: E731
        # tile set vs walls
        if rs.dealing.stacks_per_wall * 8 != rs.tiles.total:
            self.conflict(
                self.loc_of("dealing", "stacks_per_wall"),
                self.setting_loc("tiles", "flowers"),
                f"4 walls of {rs.dealing.stacks_per_wall} stacks hold {rs.dealing.stacks_per_wall * 8} tiles, "
                f"but the tile set has {rs.tiles.total}",
            )
        # winning shapes: the others come beside the standard one, never instead (NB-10.14)
        if rs.shapes and "standard" not in rs.shapes:
            self.loc_of("winning", "shapes").error("winning.shapes must list 'standard' (four sets and a pair) "
                                                   "beside any other shape")
        # claims: priority names exactly the claims that exist
        enabled = {"hu": c.win_on_discard, "kan": c.kan, "pon": c.pon, "chi": c.chi}
        named = [x for tier in c.priority for x in tier]
        ploc = self.loc_of("claims", "priority")
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
        # conditions that need wilds / flowers
        self.check_vocabulary(rs)
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
                if it.group in groups and groups[it.group] != it.unit:
                    ast.group.loc.error(f"group {it.group!r} mixes units: {groups[it.group]} and {it.unit}")
                groups.setdefault(it.group, it.unit)
        # payments
        pay = m.tables["payments"]
        ploc = self.missing_loc("payments")
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
                        self.loc_of("liability", "counts"), claims_loc(claim), f"liability counts {claim!r} melds, but claims.{claim} is no"
                    )
            if not rs.liability.rows:
                self.missing_loc("liability").error(
                    "liability has no rows: add `one_way SITUATION: partner N [RULE]` lines or write `liability none`"
                )
        # scoring
        s = rs.scoring
        if isinstance(s, M.FuFanScoring) and s.fixed_by_fan is not None and len(s.fixed_by_fan) != s.fan_cap + 1:
            self.conflict(
                self.loc_of("scoring", "fixed_by_fan"), self.setting_loc("scoring", "fan_cap"),
                f"fixed_by_fan needs {s.fan_cap + 1} values (0 to {s.fan_cap} 番), not {len(s.fixed_by_fan)}",
            )
        # wild settings that mean nothing without wilds
        if not rs.wilds.enabled:
            for key in ("claim_discarded_wild", "wilds_in_melds"):
                if getattr(c, key):
                    self.conflict(
                        self.loc_of("claims", key), self.setting_loc("wilds", "enabled"),
                        f"claims.{key} is yes, but this variant has no wilds (wilds.enabled no)",
                    )

    def check_vocabulary(self, rs: M.RuleSet) -> None:
        rules = []
        for e in self.m.tables["items"].values():
            if e.value.value is not None:
                rules.extend(x for x in (e.extra.when, e.extra.each) if x is not None)
        for e in self.m.tables["win_restrictions"].values():
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

"""Building the frozen :class:`~nbmj.rules.model.RuleSet` from a merged ``extends`` chain.

:class:`Builder` converts the merged settings and tables into the model dataclasses,
reporting settings and sections that a root leaves unset (with ``wilds.enabled no`` the
other wild settings, and with ``tiles.flowers no`` the flower settings, take defaults),
then runs the whole-variant checks of the :class:`~nbmj.rules.checks.VariantChecks` it holds.
"""

from __future__ import annotations

from typing import Any

from ..tiles import tile_code
from . import model as M
from .checks import VariantChecks
from .filespec import FileSpec
from .merge import Merged
from .schema import OPTIONAL_SETTINGS, SCORING_SCHEMA, SECTION_SCHEMA
from .source import Loc

__all__ = ["Builder"]


class Builder:
    """Builds the :class:`~nbmj.rules.model.RuleSet` of ``leaf`` from its merged chain."""

    def __init__(self, merged: Merged, leaf: FileSpec) -> None:
        self.m = merged
        self.leaf = leaf
        self.header_loc = Loc(leaf.src, leaf.name.loc.line, 1, len("variant"))
        self._reported_sections: set[str] = set()
        self.checks = VariantChecks(self)

    def missing_loc(self, section: str) -> Loc:
        return self.m.section_locs.get(section, self.header_loc)

    def get(self, section: str, key: str, default: Any = ...) -> Any:
        """A merged setting's value; else ``default``, or None after reporting it missing."""
        s = self.m.settings.get((section, key))
        if s is not None:
            return s.value
        if default is not ...:
            return default
        if (section, key) in OPTIONAL_SETTINGS:
            return OPTIONAL_SETTINGS[(section, key)]
        if (section, key) in self.m.failed or (section, "*") in self.m.failed:
            return None  # its line is already reported
        if section not in self.m.section_locs:
            self.report_missing_section(section)
        else:
            self.missing_loc(section).error(f"{section}.{key} is not set")
        return None

    def report_missing_section(self, section: str) -> None:
        if section not in self._reported_sections and (section, "*") not in self.m.failed:
            self._reported_sections.add(section)
            self.header_loc.error(f"section {section!r} is missing")

    def section_values(self, section: str) -> dict[str, Any]:
        """Every setting of a settings section, by name (None where missing, reported)."""
        return {k: self.get(section, k) for k in SECTION_SCHEMA[section]}

    def loc_of(self, section: str, key: str) -> Loc:
        s = self.m.settings.get((section, key))
        return s.loc if s else self.missing_loc(section)

    def build(
        self, name: str, parent: str | None, summary: str, aliases: tuple[str, ...], source: str | None, *, partial: bool = False
    ) -> M.RuleSet | None:
        """The rule set, or None after reporting what is missing or contradictory.

        ``partial``: the file already has errors; report only settings that are missing.
        """
        diags_before = len(self.leaf.src.diags)
        g = self.get
        tiles = M.TileSetRules(flowers=g("tiles", "flowers"))
        dealing = M.DealingRules(**self.section_values("dealing"))
        wilds_on = g("wilds", "enabled")
        wild_defaults = {"indicator_die": "small", "indicator_origin": "tail", "kinds": ("same",), "wild_flower_is_flower": False,
                         "flower_indicator": "group"}
        wilds = M.WildRules(
            enabled=wilds_on,
            **{k: g("wilds", k, ... if wilds_on is not False else wild_defaults[k]) for k in wild_defaults},
        )
        flowers_on = tiles.flowers
        flower_defaults = {"initial_replacement": "rounds", "in_play": "auto"}
        seat_flowers = self.seat_table(flowers_on)
        flowers = M.FlowerRules(
            seat_flowers=seat_flowers,
            **{k: g("flowers", k, ... if flowers_on is not False else flower_defaults[k]) for k in flower_defaults},
        )
        claims = M.ClaimRules(**self.section_values("claims"))
        shapes = g("winning", "shapes")
        scoring = self.scoring()
        items = tuple(e.value for e in self.m.tables["items"].values())
        restrictions = tuple(e.value for e in self.m.tables["restrictions"].values())
        win_restrictions = tuple(e.value for e in self.m.tables["win_restrictions"].values())
        payments = tuple(e.value for e in self.m.tables["payments"].values())
        liability = self.liability()
        loser = self.loser_settlement()
        immediate = M.ImmediatePayments(**self.section_values("immediate"))
        draw = M.DrawRules(**self.section_values("draw"))
        dealer = M.DealerRules(**self.section_values("dealer"))
        if partial or scoring is None or len(self.leaf.src.diags) > diags_before:
            return None
        rs = M.RuleSet(
            name=name,
            parent=parent,
            summary=summary,
            aliases=aliases,
            source=source,
            tiles=tiles,
            dealing=dealing,
            wilds=wilds,
            flowers=flowers,
            claims=claims,
            restrictions=restrictions,
            win_restrictions=win_restrictions,
            shapes=shapes,
            items=items,
            scoring=scoring,
            payments=payments,
            liability=liability,
            loser_settlement=loser,
            immediate=immediate,
            draw=draw,
            dealer=dealer,
            local_rules=tuple(e.value for e in self.m.tables["local_rules"].values()),
            heavenly_wait=g("winning", "heavenly_wait"),
        )
        self.checks.check(rs)
        if len(self.leaf.src.diags) > diags_before:
            return None
        return rs

    def seat_table(self, flowers_on: bool | None) -> tuple[tuple[str, tuple[int, ...]], ...]:
        table = self.m.seat_flowers
        if not flowers_on or ("flowers", "seat") in self.m.failed:
            return ()  # no flowers; tiles.flowers missing; or a seat line is wrong (all reported)
        missing = [s for s in M.SEATS if s not in table]
        if missing and flowers_on:
            if not table:
                self.missing_loc("flowers").error("the seat flower table is not set: add `seat E ...` lines for E, S, W, N")
            else:
                first = table[next(iter(table))]
                first.loc.error(f"the seat flower table has no row for {', '.join(missing)}")
            return ()
        owner: dict[int, str] = {}
        for seat in M.SEATS:
            for tile, loc in table[seat].value:
                if tile in owner and owner[tile] != seat:
                    loc.error(f"flower {tile_code(tile)!r} is given to both {owner[tile]} and {seat}")
                elif tile in owner:
                    loc.error(f"flower {tile_code(tile)!r} is listed twice for {seat}")
                owner[tile] = seat
        return tuple((seat, tuple(t for t, _ in table[seat].value)) for seat in M.SEATS)

    def scoring(self) -> M.TaiScoring | M.FuFanScoring | None:
        kind = self.m.scoring_kind
        if kind is None:
            if ("scoring", "*") not in self.m.failed:
                self.report_missing_section("scoring")
            return None
        schema = SCORING_SCHEMA[kind.value]
        values = {k: self.get("scoring", k) for k in schema}
        if kind.value == "tai":
            return M.TaiScoring(**values)
        return M.FuFanScoring(**values)

    def optional_section(self, section: str, how_to_leave_out: str) -> bool:
        """Whether a section a variant may leave out is set; if it is missing, report that."""
        if section in self.m.absent or (section, "*") in self.m.failed:
            return False
        if section not in self.m.section_locs:
            self.header_loc.error(f"section {section!r} is missing ({how_to_leave_out})")
            return False
        return True

    def liability(self) -> M.Liability | None:
        if not self.optional_section("liability", "write `liability none` for a variant without 三摊"):
            return None
        rows = tuple(e.value for e in self.m.tables["liability_rows"].values())
        return M.Liability(rows=rows, **self.section_values("liability"))

    def loser_settlement(self) -> M.LoserSettlement | None:
        if not self.optional_section("loser_settlement", "write `loser_settlement none` when losers do not settle among themselves"):
            return None
        return M.LoserSettlement(**self.section_values("loser_settlement"))

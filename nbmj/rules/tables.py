"""Reading the table sections of a variant file: items, restrictions, win restrictions,
payments and liability rows.

Each row becomes a model object (:class:`~nbmj.rules.model.ScoringItem`,
:class:`~nbmj.rules.model.Restriction`, ...) in a keyed :class:`~nbmj.rules.filespec.Entry`,
so that a child's row with the same key replaces its parent's.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, TypeVar, cast

from . import model as M
from .conditions import compile_expr
from .diagnostics import did_you_mean
from .filespec import Entry
from .schema import ALWAYS_KINDS, INT_RE, NAME_RE, SUIT_WORDS, UNITS, UNLESS_WORDS, WINDOWS, WINDOWS_OF, list_words, whole_value
from .source import Bad, Loc
from .syntax import Atom, DropAst, ForbidAst, ItemAst, LineAst, SectionAst, entry_word

if TYPE_CHECKING:
    from .reader import FileReader

_E = TypeVar("_E", ItemAst, ForbidAst, LineAst)

__all__ = ["TableReader"]


def _after_colon(atoms: list[Atom]) -> list[Atom]:
    """A row's atoms after its situation, without the optional ':'."""
    return atoms[1:] if atoms and atoms[0].text == ":" else atoms


# the payers a win in each payment or liability situation never has: a discarder (or the
# robbed player) only where the winning tile was discarded or robbed, a kong's giver only
# where the win is on the replacement for a kong of a given tile
_ABSENT_PAYERS: dict[str, tuple[str, ...]] = {
    **{s: ("discarder", "robbed") for s in ("self_draw", "kong_bloom_on_discard_kong", "kong_bloom_on_added_kong",
                                            "kong_bloom_on_partner_kong")},
    **{s: ("kong_discarder",) for s in ("discard", "rob_kong", "discard_by_other", "discard_by_partner")},
}


class TableReader:
    """Reads the table sections for a :class:`~nbmj.rules.reader.FileReader`, its ``host``:
    problems go to ``host.bad``, rule IDs through ``host.check_rule``, entries through
    ``host.add_entry`` (and ``drop`` lines through ``host.read_drop``)."""

    def __init__(self, host: FileReader) -> None:
        self.host = host

    def table_entries(self, sec: SectionAst, table: str, kind: type[_E], lines: str, verdict: str) -> Iterator[_E]:
        """The entries of a table section that are ``kind`` lines.

        ``drop`` lines are read as they come; anything else is reported as not belonging.
        """
        for entry in sec.entries or []:
            if isinstance(entry, DropAst):
                self.host.read_drop(entry, table, 1)
            elif not isinstance(entry, kind):
                self.host.bad(f"the {table} section holds {lines}; {entry_word(entry)!r} {verdict}", entry.loc)
            else:
                yield entry

    def read_items(self, sec: SectionAst) -> None:
        for entry in self.table_entries(sec, "items", ItemAst, "`item ...` and `drop NAME` lines", "is neither"):
            item = self.read_item(entry)
            if item is not None:
                self.host.add_entry("items", Entry(item.name, item, entry.loc, entry))

    def read_item(self, it: ItemAst) -> M.ScoringItem | None:
        ok = True
        name = it.name.text
        if not NAME_RE.match(name):
            self.host.bad(f"an item name is lowercase letters, digits and '_', not {name!r}", it.name.loc)
            ok = False
        if it.value.text == "off":
            value = None
        elif INT_RE.match(it.value.text):
            try:
                value = whole_value(it.value)
            except Bad as exc:
                self.host.bad(exc.message, exc.loc)
                return None
            if value < 0:
                self.host.bad(f"an item's value must be at least 0, not {value}", it.value.loc)
                ok = False
        else:
            self.host.bad(f"an item's value must be a whole number or 'off', not {it.value.text!r}", it.value.loc)
            ok = False
            value = None
        unit = it.unit.text
        if unit not in UNITS:
            self.host.bad(f"unknown unit {unit!r}{did_you_mean(unit, UNITS)}", it.unit.loc)
            ok = False
        if unit == "x" and value is not None and (value < 1 or it.each is not None):
            self.host.bad(f"multiplier item {name!r} multiplies by a whole number of at least 1, once: "
                     f"not {value}{' with each' if it.each is not None else ''}", it.value.loc)
            ok = False
        if it.not_for_minimum and unit in ("x", "fu", "fan"):
            # only tai items count toward a minimum (NB-13.2): the flag would be ignored
            why = ("every multiplier counts in scoring.minimum_alternatives and minimum_of value" if unit == "x"
                   else "a variant scored in fu and fan has no minimum")
            self.host.bad(f"item {name!r} in {unit} takes no not_for_minimum: {why}", it.name.loc)
            ok = False
        when = compile_expr(it.when, self.host) if it.when is not None else None
        if it.when is not None and when is None:
            ok = False
        each_expr = compile_expr(it.each, self.host) if it.each is not None else None
        if it.each is not None and each_expr is None:
            ok = False
        each = each_expr if isinstance(each_expr, M.Feature) else None  # `each` takes a feature (the grammar)
        excludes = []
        for a in it.excludes:
            if a.text in excludes:
                self.host.bad(f"item {name!r} excludes {a.text!r} twice", a.loc)
            elif a.text == name:
                self.host.bad(f"item {name!r} excludes itself", a.loc)
                ok = False
            else:
                excludes.append(a.text)
        rule = self.host.check_rule(it.rule, f"item {name!r}", it.loc)
        if not rule:
            ok = False
        if not ok:
            return None
        return M.ScoringItem(
            name=name,
            label=it.label.text if it.label else name,
            rule=rule,
            value=value,
            unit=cast(M.Unit, unit),
            when=when,
            each=each,
            excludes=tuple(excludes),
            group=it.group.text if it.group else None,
            counts_for_minimum=not it.not_for_minimum,
        )

    def read_restrictions(self, sec: SectionAst) -> None:
        for entry in self.table_entries(sec, "restrictions", LineAst, "`KIND ... [RULE]` and `drop KIND` lines", "is neither"):
            r = self.read_restriction(entry)
            if r is not None:
                self.host.add_entry("restrictions", Entry(r.kind, r, entry.loc, entry))

    def read_restriction(self, entry: LineAst) -> M.Restriction | None:
        atoms = list_words(entry.atoms)
        kind_atom = atoms[0]
        kind = kind_atom.text
        if kind not in M.RESTRICTION_KINDS:
            self.host.bad(f"unknown restriction {kind!r}{did_you_mean(kind, M.RESTRICTION_KINDS, 'restriction')}", kind_atom.loc)
            return None
        rule = self.host.check_rule(entry.rule, f"restriction {kind!r}", entry.loc)
        window = "always"
        unless: list[str] = []
        params: list[Atom] = []
        mode = "params"
        ok = bool(rule)
        for a in atoms[1:]:
            if a.text in ("unless", "during"):
                mode = a.text
                continue
            if mode == "params":
                params.append(a)
            elif mode == "unless":
                # only what the engine checks: any other condition would be accepted and ignored
                choices = UNLESS_WORDS.get(kind, ())
                if not choices:
                    self.host.bad(f"nothing lifts restriction {kind!r}: it takes no 'unless'", a.loc)
                    ok = False
                elif a.text not in choices:
                    close = did_you_mean(a.text, choices)
                    self.host.bad(f"'unless' after {kind!r} takes only {', '.join(choices)}, what lifts it, not {a.text!r}"
                                  f"{close if close.startswith('; did you mean') else ''}", a.loc)
                    ok = False
                else:
                    unless.append(a.text)
            elif mode == "during":
                if a.text not in WINDOWS:
                    self.host.bad(f"unknown window {a.text!r} after 'during'{did_you_mean(a.text, WINDOWS)}", a.loc)
                    ok = False
                elif kind in ALWAYS_KINDS and a.text != "always":
                    # the engine applies these whenever a warning shows, in no window
                    self.host.bad(f"restriction {kind!r} holds all hand long: it takes no window but 'always', not {a.text!r}", a.loc)
                    ok = False
                elif kind in WINDOWS_OF and a.text not in WINDOWS_OF[kind][0]:
                    windows, why = WINDOWS_OF[kind]
                    self.host.bad(f"restriction {kind!r} is never in force during {a.text}: {why}; "
                                  f"it takes {' or '.join(repr(w) for w in windows)}", a.loc)
                    ok = False
                else:
                    window = a.text
                mode = "done"
            else:
                self.host.bad(f"'during' takes one window; unexpected {a.text!r}", a.loc)
                ok = False
        suits: tuple[str, ...] = ()
        claims: tuple[str, ...] = ()
        if kind == "discard_suits":
            if not params:
                self.host.bad("discard_suits needs the suits that may be discarded, e.g. `discard_suits m p`", kind_atom.loc)
                ok = False
            for a in params:
                if a.text not in SUIT_WORDS:
                    self.host.bad(f"unknown suit {a.text!r}; suits are m, p, s, z (honours), f (flowers)", a.loc)
                    ok = False
            suits = tuple(a.text for a in params)
        elif kind == "no_claims":
            if not params:
                self.host.bad("no_claims needs the claims it bans, e.g. `no_claims chi pon kan`", kind_atom.loc)
                ok = False
            for a in params:
                if a.text not in M.CLAIMS:
                    self.host.bad(f"unknown claim {a.text!r}{did_you_mean(a.text, M.CLAIMS)}", a.loc)
                    ok = False
            claims = tuple(a.text for a in params)
        elif params:
            self.host.bad(f"restriction {kind!r} takes no arguments; unexpected {params[0].text!r} (did you forget 'unless' or 'during'?)", params[0].loc)
            ok = False
        if not ok:
            return None
        return M.Restriction(kind=kind, rule=rule, window=cast(M.Window, window), unless=tuple(unless), suits=suits, claims=claims)

    def read_win_restrictions(self, sec: SectionAst) -> None:
        lines = "`forbid METHOD, ... when CONDITION [RULE]` lines"
        for entry in self.table_entries(sec, "win_restrictions", ForbidAst, lines, "is not one"):
            ok = True
            methods = []
            for a in entry.methods:
                if a.text not in M.WIN_METHODS:
                    self.host.bad(f"unknown win method {a.text!r}{did_you_mean(a.text, M.WIN_METHODS)}", a.loc)
                    ok = False
                elif a.text in methods:
                    self.host.bad(f"forbid names {a.text!r} twice", a.loc)
                else:
                    methods.append(a.text)
            when = compile_expr(entry.when, self.host)
            rule = self.host.check_rule(entry.rule, "this win restriction", entry.loc)
            if ok and when is not None and rule:
                wr = M.WinRestriction(when=when, forbid=tuple(methods), rule=rule)
                self.host.add_entry("win_restrictions", Entry(str(when), wr, entry.loc, entry))

    def read_shares(self, atoms: list[Atom], roles: tuple[str, ...], owner: Loc, situation: str = "") -> tuple[M.Share, ...] | None:
        words = [a for a in atoms if not (a.kind == "PUNCT" and a.text in (",", "+"))]
        if not words:
            self.host.bad("who pays? write ROLE MULTIPLIER pairs, e.g. `discarder 2`", owner)
            return None
        shares = []
        ok = True
        i = 0
        seen = set()
        while i < len(words):
            role = words[i]
            if role.text not in roles:
                self.host.bad(f"unknown payer {role.text!r}{did_you_mean(role.text, roles, 'payer')}", role.loc)
                return None
            if role.text in seen:
                self.host.bad(f"payer {role.text!r} appears twice in this row", role.loc)
                ok = False
            if role.text in _ABSENT_PAYERS.get(situation, ()):
                why = "nobody discarded the winning tile" if role.text in ("discarder", "robbed") else "no kong was made of a tile someone gave"
                self.host.bad(f"a {situation} win has no {role.text!r} payer: {why}, so this share would never be paid", role.loc)
                ok = False
            seen.add(role.text)
            if i + 1 >= len(words):
                self.host.bad(f"payer {role.text!r} needs a multiplier, e.g. `{role.text} 2`", role.loc)
                return None
            mult = words[i + 1]
            if not INT_RE.match(mult.text):
                self.host.bad(f"a payment multiplier must be a whole number, not {mult.text!r}", mult.loc)
                return None
            try:
                share = whole_value(mult)
            except Bad as exc:
                self.host.bad(exc.message, exc.loc)
                return None
            if share < 0:
                self.host.bad(f"a payment multiplier must be at least 0, not {share}", mult.loc)
                return None
            shares.append(M.Share(role.text, share))
            i += 2
        return tuple(shares) if ok else None

    def read_payments(self, sec: SectionAst) -> None:
        for entry in self.table_entries(sec, "payments", LineAst, "`SITUATION: PAYER N [RULE]` lines", "is not one"):
            sit = entry.atoms[0]
            rest = _after_colon(entry.atoms[1:])
            if sit.text not in M.PAYMENT_SITUATIONS:
                self.host.bad(f"unknown payment situation {sit.text!r}{did_you_mean(sit.text, M.PAYMENT_SITUATIONS, 'situation')}", sit.loc)
                continue
            roles = tuple(r for r in M.PAYER_ROLES if r != "partner")
            shares = self.read_shares(rest, roles, sit.loc, sit.text)
            rule = self.host.check_rule(entry.rule, f"payment row {sit.text!r}", entry.loc)
            if shares is not None and rule:
                self.host.add_entry("payments", Entry(sit.text, M.PaymentRule(sit.text, shares, rule), entry.loc, entry))

    def read_liability_row(self, entry: LineAst) -> None:
        link = entry.atoms[0]
        rest = entry.atoms[1:]
        if not rest:
            self.host.bad(f"write `{link.text} SITUATION: PAYER N [RULE]`", link.loc)
            return
        sit = rest[0]
        rest = _after_colon(rest[1:])
        if sit.text not in M.LIABILITY_SITUATIONS:
            self.host.bad(f"unknown liability situation {sit.text!r}{did_you_mean(sit.text, M.LIABILITY_SITUATIONS, 'situation')}", sit.loc)
            return
        shares = self.read_shares(rest, M.PAYER_ROLES, sit.loc, sit.text)
        rule = self.host.check_rule(entry.rule, f"liability row {link.text} {sit.text!r}", entry.loc)
        if shares is not None and rule:
            row = M.LiabilityRow(sit.text, cast(M.Link, link.text), shares, rule)
            self.host.add_entry("liability_rows", Entry((link.text, sit.text), row, entry.loc, entry))

"""Problems found in a variant file, and how they are shown to its author.

A :class:`Diagnostic` names the file, the 1-based line and column, and says what is wrong;
``str()`` renders it as ``FILE:LINE:COL: message`` followed by the source line and a caret
under the offending text, the way compilers do::

    spec/variants/mine.nbv:12:38: unknown feature 'flsh'; did you mean 'flush'?
       12 |   item qingyise "清一色" 4 tai when flsh excludes hunyise [NB-12.10]
          |                                     ^^^^

:data:`BAD_EXAMPLES` is the one table of known-bad variant texts. The compiler uses its
syntax entries to label parse errors (as Lark's ``match_examples`` does), and the test
suite loops over every entry, checking the line, column and message each produces.
"""

from __future__ import annotations

import difflib
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass

__all__ = ["Diagnostic", "display_width", "BadExample", "BAD_EXAMPLES", "SYNTAX_LABELS", "suggest", "did_you_mean"]


# Characters of a source line shown under a message at most (a longer line is cut around the column).
_CONTEXT_WIDTH = 120


def display_width(text: str) -> int:
    """Terminal columns taken by ``text`` (CJK characters are two wide)."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


@dataclass(frozen=True)
class Diagnostic:
    """One problem in a variant file.

    ``line`` and ``column`` are 1-based; ``length`` is how many characters the caret
    underlines. ``source_line`` is the text of that line, when known.
    """

    file: str
    line: int
    column: int
    message: str
    length: int = 1
    source_line: str | None = None

    @property
    def location(self) -> str:
        """``FILE:LINE:COL``, as editors and compilers write a place in a file."""
        return f"{self.file}:{self.line}:{self.column}"

    def text(self, language: str = "en") -> str:
        """The message in ``language``: ``"zh"`` for Chinese (from the one table of Chinese
        wordings, :mod:`nbmj.rules.diagnostics_zh`; a part without one stays English), else
        ``message`` as it is."""
        if language != "zh":
            return self.message
        from .diagnostics_zh import message_in

        return message_in(self.message, language)

    def render(self, context: bool = True, language: str = "en") -> str:
        """The message after its location; with ``context``, the source line under it with
        a caret marking the text it is about (as ``str()`` gives it). ``language`` is the
        message's (:meth:`text`); the location, the line and the caret are the same in any."""
        head = f"{self.location}: {self.text(language)}"
        if not context or self.source_line is None:
            return head
        src = self.source_line.rstrip("\n").expandtabs(1)
        start = max(self.column - 1, 0)
        end = start + max(self.length, 1)
        if len(src) > _CONTEXT_WIDTH:
            # a very long line is shown around the column, its cut ends marked
            left = max(0, min(start - _CONTEXT_WIDTH // 2, len(src) - _CONTEXT_WIDTH))
            right = min(len(src), left + _CONTEXT_WIDTH)
            head_cut, tail_cut = ("…" if left else ""), ("…" if right < len(src) else "")
            src = head_cut + src[left:right] + tail_cut
            start, end = start - left + len(head_cut), min(end, right) - left + len(head_cut)
        gutter = f"{self.line:>5} | "
        pad = " " * (display_width(src[:start]))
        underline = src[start:end]
        carets = "^" * max(display_width(underline), 1)
        return f"{head}\n{gutter}{src}\n{' ' * (len(gutter) - 2)}| {pad}{carets}"

    def __str__(self) -> str:
        return self.render()

    @property
    def end_column(self) -> int:
        """The column just after the text the caret underlines (on the same line)."""
        return self.column + max(self.length, 1)

    def to_dict(self) -> dict[str, object]:
        """The JSON form ``nbmj check --json`` prints; ``end_column`` is the column just
        after the underlined text, as :attr:`end_column`."""
        return {"file": self.file, "line": self.line, "column": self.column, "end_column": self.end_column, "message": self.message}


def suggest(word: str, known: Iterable[str]) -> str | None:
    """The known word closest to ``word``, if any is close enough."""
    found = difflib.get_close_matches(word, list(known), n=1, cutoff=0.6)
    return found[0] if found else None


def did_you_mean(word: str, known: Iterable[str], what: str = "") -> str:
    """``"; did you mean 'x'?"`` or, failing a close match, a list of the known words."""
    known = list(known)
    best = suggest(word, known)
    if best is not None:
        return f"; did you mean {best!r}?"
    if known and len(known) <= 12:
        return f"; known {what}s: {', '.join(sorted(known))}" if what else f"; expected one of: {', '.join(sorted(known))}"
    return ""


# --------------------------------------------------------------------------- the table


@dataclass(frozen=True)
class BadExample:
    """A known-bad variant text and the first diagnostic it must produce.

    ``label`` is the message (or, for semantic errors, a fragment of it); ``syntax`` entries
    also label parse errors that fail in the same parser state. ``line``/``column`` locate
    the diagnostic. ``kind`` groups the entries for the docs and tests.
    """

    kind: str
    text: str
    label: str
    line: int
    column: int
    syntax: bool = False


# A minimal valid root variant, that the semantic examples below edit one line of.
_ROOT = """\
variant mini "a minimal complete variant"
tiles { flowers yes }
dealing { dealer_tiles 14; other_tiles 13; stacks_per_wall 18; open_wall_by sum; start_stacks_by large }
wilds { enabled yes; indicator_die small; indicator_origin tail; kinds same; wild_flower_is_flower no }
flowers {
  seat E 1f 5f; seat S 2f 6f; seat W 3f 7f; seat N 4f 8f
  initial_replacement rounds; in_play auto
}
claims {
  chi yes; pon yes; kan yes; win_on_discard yes; rob_kong yes
  priority hu > kan = pon > chi
  seat_order next, opposite, previous
  multiple_winners nearest; claim_discarded_wild no; wilds_in_melds no
}
winning { shapes standard }
restrictions { chi_discard_ban unless big_crane [NB-8.1] }
win_restrictions { forbid discard, rob_kong when wild_single_wait [NB-4.8] }
items {
  item qingyise "清一色" 4 tai when flush excludes hunyise [NB-12.10]
  item hunyise "混一色" 2 tai when half_flush [NB-12.11]
}
scoring tai { minimum 4; cap none; conversion linear; points_per_tai 1; base_points 0 }
payments {
  discard: discarder 2 [NB-14.1]
  self_draw: each_other 1 [NB-14.2]
  rob_kong: robbed 2 [NB-14.3]
}
liability none
loser_settlement none
immediate { exposed_kong 0; concealed_kong 0; added_kong 0; flower 0; void_on_draw yes }
draw { kept_stacks 0; kept_stacks_per_kong 0 }
dealer { first_dealer random; on_dealer_win stay; on_nondealer_win next_seat; on_draw stay }
"""

MINIMAL_VARIANT = _ROOT


def _edit(old: str, new: str) -> str:
    assert old in _ROOT, old
    return _ROOT.replace(old, new, 1)


def _semantic(kind: str, old: str, new: str, label: str, at: str | tuple[str, int], also: tuple[str, str] | None = None) -> BadExample:
    """An example made by replacing ``old`` by ``new`` in the minimal variant; the
    diagnostic points at the first occurrence of ``at`` within ``new``."""
    text = _edit(old, new)
    if also is not None:
        assert also[0] in text, also
        text = text.replace(also[0], also[1], 1)
    needle, nth = (at, 1) if isinstance(at, str) else at
    start = text.index(new) if new else 0
    if text.find(needle, start) < 0:
        start = 0
    idx = start - 1
    for _ in range(nth):
        idx = text.index(needle, idx + 1)
    return BadExample(kind, text, label, text[:idx].count("\n") + 1, idx - text.rfind("\n", 0, idx))


def _syntax(label: str, text: str, at: str, occurrence: int = 1) -> BadExample:
    idx = -1
    for _ in range(occurrence):
        idx = text.index(at, idx + 1)
    return BadExample("syntax", text, label, text[:idx].count("\n") + 1, idx - text.rfind("\n", 0, idx), syntax=True)


# Labels for parse errors. Each entry is one example of the mistake; a parse error that
# fails in the same parser state on the same token gets the label.
BAD_EXAMPLES: tuple[BadExample, ...] = (
    # ---------------------------------------------------------------- syntax
    _syntax("a variant file starts with `variant NAME`", 'tiles { flowers yes }\n', "tiles"),
    _syntax("a variant file starts with `variant NAME`", 'alias x\n', "alias"),
    _syntax("the summary after the variant name must be a quoted string", "variant x extends y z\n", "z"),
    _syntax("missing '}' to close the section", "variant x\ntiles { flowers yes\n", "\n", 2),
    _syntax("missing '{' after the section name", "variant x\ntiles flowers yes }\n", "yes"),
    _syntax("one statement per line: end the previous one with a newline or ';'", "variant x \"s\"\ntiles { flowers yes } dealing { }\n", "dealing"),
    _syntax("a condition is missing after `when`", 'variant x\nitems { item a "A" 1 tai when [NB-1.1] }\n', "[NB-1.1]"),
    _syntax(
        "a condition is missing after `and`/`or`",
        'variant x\nitems { item a "A" 1 tai when flush and [NB-1.1] }\n',
        "[NB-1.1]",
    ),
    _syntax(
        "a condition is missing after `and`/`or`",
        'variant x\nitems { item a "A" 1 tai when flush or [NB-1.1] }\n',
        "[NB-1.1]",
    ),
    _syntax("unbalanced parentheses in a condition", 'variant x\nitems { item a "A" 1 tai when (flush or dealer [NB-1.1] }\n', "[NB-1.1]"),
    _syntax(
        "a comparison needs a number on its right",
        'variant x\nitems { item a "A" 1 tai when wilds_held >= [NB-1.1] }\n',
        "[NB-1.1]",
    ),
    _syntax(
        "an item is `item NAME \"label\" VALUE UNIT ...`: the value or the unit is missing",
        'variant x\nitems { item a "A" 1 when flush [NB-1.1] }\n',
        "flush",
    ),
    _syntax(
        "the rule ID ends the line: nothing may follow it",
        'variant x\nitems { item a "A" 1 tai [NB-1.1] when flush }\n',
        "when",
    ),
    _syntax("`forbid` needs `when CONDITION`", "variant x\nwin_restrictions { forbid discard [NB-4.8] }\n", "[NB-4.8]"),
    _syntax("a section ends with '}', not ')'", "variant x\ntiles { flowers yes )\n", ")"),
)

SYNTAX_LABELS: tuple[BadExample, ...] = tuple(e for e in BAD_EXAMPLES if e.syntax)


def _more() -> tuple[BadExample, ...]:
    s = _semantic
    return (
        # ---------------------------------------------------------------- unknown names
        s("unknown name", "item qingyise \"清一色\" 4 tai when flush", "item qingyise \"清一色\" 4 tai when flsh",
          "unknown feature 'flsh'; did you mean 'flush'?", "flsh"),
        s("unknown name", "tiles { flowers yes }", "tiles { flower yes }", "unknown setting 'flower' in tiles; did you mean 'flowers'?", "flower "),
        s("unknown name", "draw { kept_stacks", "drew { kept_stacks", "unknown section 'drew'; did you mean 'draw'?", "drew"),
        s("unknown name", "on_draw stay }", "on_draw stya }", "unknown value 'stya' for dealer.on_draw; did you mean 'stay'?", "stya"),
        s("unknown name", "excludes hunyise", "excludes hunyse", "'excludes' names unknown item 'hunyse'; did you mean 'hunyise'?", "hunyse"),
        s("unknown name", "when flush excludes", "when pungs(dragn) excludes", "unknown argument 'dragn' for feature 'pungs'; did you mean 'dragon'?", "dragn"),
        s("unknown name", "chi_discard_ban unless", "chi_discard_bam unless", "unknown restriction 'chi_discard_bam'; did you mean 'chi_discard_ban'?", "chi_discard_bam"),
        s("unknown name", "discard: discarder 2", "discard: discardr 2", "unknown payer 'discardr'; did you mean 'discarder'?", "discardr"),
        s("unknown name", "item hunyise \"混一色\" 2 tai", "item hunyise \"混一色\" 2 tia", "unknown unit 'tia'; did you mean 'tai'?", "tia"),
        # ---------------------------------------------------------------- wrong type
        s("wrong type", "minimum 4", "minimum yes", "scoring.minimum must be a whole number, not 'yes'", "yes"),
        s("wrong type", "flowers yes", "flowers 1", "tiles.flowers must be yes or no, not '1'", "1"),
        s("wrong type", "hunyise \"混一色\" 2 tai", "hunyise \"混一色\" two tai", "an item's value must be a whole number or 'off', not 'two'", "two"),
        s("wrong type", "when flush excludes", "when wilds_held >= many excludes", "a comparison needs a whole number, not 'many'", "many"),
        # ---------------------------------------------------------------- out of range
        s("out of range", "dealer_tiles 14", "dealer_tiles 0", "dealing.dealer_tiles must be at least 1, not 0", "0"),
        s("out of range", "minimum 4", "minimum -1", "scoring.minimum must be at least 0, not -1", "-1"),
        s("out of range", "seat E 1f 5f", "seat E 1f 5m", "seat flower '5m' is not a flower", "5m"),
        s("out of range", "self_draw: each_other 1", "self_draw: each_other -2", "a payment multiplier must be at least 0, not -2", "-2"),
        # ---------------------------------------------------------------- missing
        s("missing setting", "dealer_tiles 14; ", "", "dealing.dealer_tiles is not set", "dealing"),
        s("missing setting", "draw { kept_stacks 0; kept_stacks_per_kong 0 }\n", "", "section 'draw' is missing", "variant"),
        s("missing rule ID", "when half_flush [NB-12.11]", "when half_flush", "item 'hunyise' has no rule ID", ("hunyise", 2)),
        # ---------------------------------------------------------------- contradictions
        s("contradiction", "enabled yes;", "enabled no;", "no wilds in this variant (wilds.enabled no), yet this condition uses 'wild_single_wait'", "wild_single_wait"),
        s("contradiction", "item hunyise \"混一色\" 2 tai", "item hunyise \"混一色\" 2 fu",
          "item 'hunyise' is in fu, but this variant scores in tai", "fu"),
        s("contradiction", "priority hu > kan = pon > chi", "priority hu > kan = pon > pon", "priority names 'pon' twice", ("pon", 2)),
        s("contradiction", "priority hu > kan = pon > chi", "priority hu > kan = pon", "priority leaves out 'chi'", "priority"),
        s("contradiction", "seat N 4f 8f", "seat N 4f 7f", "flower '7f' is given to both W and N", "7f"),
        s("contradiction", "; seat N 4f 8f", "", "the seat flower table has no row for N", "E 1f"),
        s("contradiction", "win_on_discard yes", "win_on_discard no",
          "priority ranks 'hu', but claims.win_on_discard is no", "priority"),
        s("contradiction", "win_on_discard yes", "win_on_discard no",
          "payments for discard wins, but claims.win_on_discard is no", "discard:",
          also=("priority hu > kan = pon > chi", "priority kan = pon > chi")),
        s("contradiction", "excludes hunyise", "excludes qingyise", "item 'qingyise' excludes itself", "qingyise"),
        s("contradiction", "stacks_per_wall 18", "stacks_per_wall 17", "4 walls of 17 stacks hold 136 tiles, but the tile set has 144", "stacks_per_wall 17"),
        s("unknown name", "scoring tai {", "scoring tia {", "unknown scoring kind 'tia'; did you mean 'tai'?", "tia"),
        s("malformed rule ID", "[NB-12.10]", "[NB12.10]", "malformed rule ID '[NB12.10]'", "[NB12.10]"),
    )


def _at(kind: str, text: str, label: str, at: str, nth: int = 1) -> BadExample:
    """An example whose diagnostic points at the ``nth`` occurrence of ``at`` in ``text``
    (line endings of any kind; a byte-order mark counts for nothing)."""
    body = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    idx = -1
    for _ in range(nth):
        idx = body.index(at, idx + 1)
    return BadExample(kind, text, label, body[:idx].count("\n") + 1, idx - body.rfind("\n", 0, idx))


def _kid(body: str) -> str:
    """A child of the shipped ``ningbo`` with ``body`` after its header."""
    return 'variant kid extends ningbo "a child of ningbo"\n' + body


def _lang() -> tuple[BadExample, ...]:
    """The mistakes an author could make silently before: names that clash, rule IDs that
    name nothing, and the slips of a Chinese keyboard."""
    a = _at
    no_wild = "wilds_held == 0 [NB-12.24]"
    return (
        # ---------------------------------------------------------------- names that clash
        a("name clash", _kid(f'items {{\n  item no_wlid "无百搭" 1 tai when {no_wild}\n}}\n'),
          "item 'no_wlid' is not inherited, so this line adds an item; did you mean 'no_wild'?", "no_wlid"),
        a("name clash", _kid(f'items {{\n  item nowilds "无搭" 1 tai when {no_wild}\n}}\n'),
          "(to add it on purpose, write `new item nowilds ...`)", "nowilds"),
        a("name clash", _kid(f'items {{\n  item wuda "无百搭" 1 tai when {no_wild}\n}}\n'),
          "inherited item 'no_wild' has the same label '无百搭'", "wuda"),
        a("name clash", _kid(f'items {{\n  new item no_wild "无百搭" 2 tai when {no_wild}\n}}\n'),
          "item 'no_wild' is inherited: this line replaces it; remove 'new'", "no_wild"),
        a("name clash", _kid('items {\n  item flush "清一色" 5 tai when flush [NB-12.11]\n'
                             '  item flush "清一色" 6 tai when flush [NB-12.11]\n}\n'),
          "item 'flush' is named twice in this file, on lines 3 and 4; keep one", "flush", 3),
        a("name clash", _kid("restrictions {\n  kong_after_pon during always [NB-8.8]\n  kong_after_pon [NB-8.8]\n}\n"),
          "restriction 'kong_after_pon' is named twice in this file, on lines 3 and 4", "kong_after_pon", 2),
        a("name clash", _kid("payments {\n  self_draw: each_other 1 [NB-14.2]\n  self_draw: each_other 2 [NB-14.2]\n}\n"),
          "payment row 'self_draw' is named twice in this file, on lines 3 and 4", "self_draw", 2),
        a("name clash", _kid("liability {\n  one_way self_draw: partner 5 [NB-14.6]\n  one_way self_draw: partner 4 [NB-14.6]\n}\n"),
          "liability row 'one_way self_draw' is named twice in this file, on lines 3 and 4", "one_way", 2),
        a("name clash", _kid('local_rules {\n  HOUSE-1 "a" "one"\n  HOUSE-1 "b" "two"\n}\n'),
          "local rule 'HOUSE-1' is named twice in this file, on lines 3 and 4", "HOUSE-1", 2),
        a("name clash", 'variant ninghai extends ningbo "my ninghai"\n',
          "'ninghai' is an alias of the shipped variant 'ninghai-yaobansan'; rename this one, or write `shadows ninghai`", "ninghai"),
        a("name clash", 'variant house extends ningbo "my house rules"\nalias nb\n',
          "'nb' is an alias of the shipped variant 'ningbo'", "nb\n"),
        a("name clash", 'variant house extends ningbo "my house rules"\nshadows ningbo\n',
          "shadows 'ningbo', but this variant is not called 'ningbo'", "ningbo\n"),
        a("name clash", 'variant house extends ningbo "my house rules"\nshadows hosue\n',
          "shadows 'hosue', but no shipped variant is called so", "hosue"),
        # ---------------------------------------------------------------- rule IDs
        a("unknown rule ID", _kid('items {\n  item flush "清一色" 5 tai when flush [NB-12.99]\n}\n'),
          "rule [NB-12.99] is not in the rulebook", "[NB-12.99]"),
        a("unknown rule ID", _kid('items {\n  new item lucky "幸运" 1 tai when pungs(dragon) >= 1 [HOUSE-1]\n}\n'),
          "rule [HOUSE-1] is not declared; declare a house rule in `local_rules", "[HOUSE-1]"),
        a("unknown rule ID", _kid('local_rules { HOUSE-1 "幸运" "a dragon pung is lucky" }\n'
                                  'items {\n  new item lucky "幸运" 1 tai when pungs(dragon) >= 1 [HOUSE-2]\n}\n'),
          "rule [HOUSE-2] is not declared; did you mean 'HOUSE-1'?", "[HOUSE-2]"),
        a("unknown rule ID", _kid('local_rules { NB-99.1 "幸运" "a dragon pung is lucky" }\n'),
          "NB- IDs belong to the rulebook; give a house rule a prefix of its own", "NB-99.1"),
        a("unknown rule ID", _kid('local_rules { HOUSE-1 "幸运" }\n'),
          'write ID "title" "text"', "HOUSE-1"),
        # ---------------------------------------------------------------- a Chinese keyboard
        *(
            a("full-width punctuation", _kid(text), f"full-width {ch!r} (U+{ord(ch):04X}) is not part of the language; "
              f"type the ASCII {want!r}", ch)
            for ch, want, text in (
                ("｛", "{", "scoring tai ｛ minimum 2 }\n"),
                ("｝", "}", "scoring tai { minimum 2 ｝\n"),
                ("；", ";", "scoring tai { minimum 2； cap 20 }\n"),
                ("：", ":", "payments { self_draw： each_other 1 [NB-14.2] }\n"),
                ("，", ",", "claims { seat_order next， opposite, previous }\n"),
                ("（", "(", "items { item flush \"清一色\" 5 tai when （flush） [NB-12.11] }\n"),
                ("）", ")", "items { item flush \"清一色\" 5 tai when (flush） [NB-12.11] }\n"),
                ("“", '"', "items { item flush “清一色” 5 tai when flush [NB-12.11] }\n"),
                ("【", "[", "items { item flush \"清一色\" 5 tai when flush 【NB-12.11】 }\n"),
                ("】", "]", "items { item flush \"清一色\" 5 tai when flush [NB-12.11】 }\n"),
                ("２", "2", "scoring tai { minimum ２ }\n"),
            )
        ),
        a("full-width punctuation", _kid("scoring tai {\u3000minimum 2 }\n"),
          "a full-width space (U+3000) is not part of the language; type the ASCII ' '", "\u3000"),
        a("full-width punctuation", _kid('items { item flush "清一色” 5 tai when flush [NB-12.11] }\n'),
          "full-width '”' (U+201D) is not part of the language; type the ASCII '\"'", "”"),
        a("full-width punctuation", _kid('items { item flush "清一色 5 tai when flush [NB-12.11] }\n'),
          "unterminated string: no closing '\"' on this line", '"清'),
        # ---------------------------------------------------------------- keywords and settings
        a("misspelt keyword", 'varient kid extends ningbo "x"\nscoring tai { minimum 2 }\n',
          "unknown keyword 'varient'; did you mean 'variant'?", "varient"),
        a("misspelt keyword", 'variant kid extend ningbo "x"\n', "unknown keyword 'extend'; did you mean 'extends'?", "extend"),
        a("misspelt keyword", _kid("alais thursday\n"), "unknown keyword 'alais'; did you mean 'alias'?", "alais"),
        a("misspelt keyword", "# only a comment\n", "a variant file starts with `variant NAME`; this one has no statement", "\n"),
        *(
            a("misspelt keyword", _kid(f"scoring tai {{ minimum{sep} 2 }}\n"),
              f"write `minimum 2`: a setting is its name, a space and its value, with no {sep.strip()!r} between them", sep.strip())
            for sep in (" =", ":")
        ),
        # ---------------------------------------------------------------- compiles, but cannot play
        *(
            a("cannot play", _kid(body), label, at)
            for body, label, at in (
                ("dealing { other_tiles 12; dealer_tiles 13 }\n", "dealing.other_tiles must be one more than a multiple of 3",
                 "other_tiles"),
                ("dealing { other_tiles 16; dealer_tiles 17 }\n",
                 "dealing.other_tiles is at most 13: the hand-shape core reads hands of up to 14 tiles", "other_tiles"),
                ("dealing { dealer_tiles 15 }\n", "dealing.dealer_tiles must be dealing.other_tiles + 1 = 14", "dealer_tiles"),
                ("scoring tai { minimum 99999999999999999999999 }\n",
                 "scoring.minimum is 99999999999999999999999, but the items that count toward it add up to", "minimum"),
                ("scoring tai { conversion doubling; base_points 1 }\n", "scoring.conversion doubling needs a cap on tai",
                 "conversion"),
                ("scoring tai { conversion doubling; base_points 1; cap 60 }\n",
                 "beyond 9007199254740992 (2**53), where points stop being exact", "cap"),
                ("scoring tai { points_per_tai 999999999999999 }\n",
                 "beyond 9007199254740992 (2**53), where points stop being exact", "points_per_tai"),
                ("scoring tai { points_per_tai 0 }\n",
                 "base_points + points_per_tai × tai makes every hand worth 0 points", "points_per_tai"),
                ("win_restrictions { require shape(seven_pairs) [NB-11.11] }\n",
                 "this win restriction lets a hand win only in the shape seven_pairs, which winning.shapes does not list: "
                 "no hand could win", "shape(seven_pairs)"),
            )
        ),
        # ---------------------------------------------------------------- compiles, but a setting would never apply
        *(
            a("never applies", _kid(body), label, at)
            for body, label, at in (
                ('items { new item z "z" 1 tai when flush when half_flush [NB-12.19] }\n',
                 "item 'z' has a second 'when' clause: an item takes one", "half_flush"),
                ("restrictions { chi_discard_ban unless flush [NB-8.1] }\n",
                 "'unless' after 'chi_discard_ban' takes only big_crane, what lifts it, not 'flush'", "flush"),
                ("restrictions { chi_discard_ban unless big_crane during first_go_around [NB-8.1] }\n",
                 "restriction 'chi_discard_ban' is never in force during first_go_around: it bars a discard after a chow, "
                 "and a claim closes every window but 'always'", "first_go_around"),
                ("payments { drop self_draw; self_draw: discarder 2 [NB-14.2] }\n",
                 "a self_draw win has no 'discarder' payer: nobody discarded the winning tile, so this share would never be paid",
                 "discarder "),
                ("liability { threshold 5 }\n",
                 "liability.threshold is 5, but a hand has at most 4 melds: no link could form, and the liability rows would "
                 "never apply", "threshold"),
                ('items { new item xa "a" x 2 when flush not_for_minimum [NB-13.5] }\n',
                 "item 'xa' in x takes no not_for_minimum: every multiplier counts in scoring.minimum_alternatives", "xa "),
            )
        ),
        # ---------------------------------------------------------------- beyond what a rule needs
        a("limits", _kid('items {\n  new item deep "深" 1 tai when ' + "not " * 60 + "flush [NB-12.11]\n}\n"),
          "a condition nests more than 50 deep here (`not`, or `and`/`or` in parentheses, inside one another); "
          "write it flatter", "not ", 51),
        a("limits", _kid("scoring tai { minimum " + "9" * 200 + " }\n"),
          "a number of 200 digits is too long: a number here has at most 100 digits", "9"),
        # ---------------------------------------------------------------- what an editor saves
        a("editor", "\ufeff" + _kid("scoring tai { minimum yes }\n"), "scoring.minimum must be a whole number, not 'yes'", "yes"),
        a("editor", _kid("# Windows line ends\r\nscoring tai { minimum yes }\r\n"), "scoring.minimum must be a whole number, not 'yes'", "yes"),
        a("editor", _kid("# old Mac line ends\rscoring tai { minimum yes }\r"), "scoring.minimum must be a whole number, not 'yes'", "yes"),
        *(
            a("editor", _kid(f"# a comment with{ch}a {name} in it\nscoring tai {{ minimum yes }}\n"),
              "scoring.minimum must be a whole number, not 'yes'", "yes")
            for ch, name in (("\u2028", "line separator"), ("\u0085", "next-line control"), ("\f", "form feed"))
        ),
    )


BAD_EXAMPLES = BAD_EXAMPLES + _more() + _lang()

# Files and variants that fail for reasons outside one text: checked by name in the tests.
EXTENDS_EXAMPLES = {
    "cycle": ("a.nbv", 'variant a extends b "A"\n', "b.nbv", 'variant b extends a "B"\n', "'extends' makes a cycle: a -> b -> a"),
    "missing parent": ("c.nbv", 'variant c extends nowhere "C"\n', None, None, "unknown parent variant 'nowhere'"),
}

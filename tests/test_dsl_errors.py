"""Errors in variant files: every kind has a place, a message and a caret; nothing crashes.

The table of known-bad texts lives in :mod:`nbmj.rules.diagnostics` (``BAD_EXAMPLES``); the
compiler labels parse errors from its syntax entries, and this module loops over all of it.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nbmj._paths import spec_root
from nbmj.errors import NbmjError, RuleSetError
from nbmj.rules import compile_file, compile_text, load_variant
from nbmj.scoring import Situation, score
from nbmj.rules.diagnostics import BAD_EXAMPLES, MINIMAL_VARIANT, Diagnostic, _kid
from nbmj.rules.schema import MAX_DIGITS

KINDS = {
    "syntax",
    "never applies",
    "unknown name",
    "wrong type",
    "out of range",
    "missing setting",
    "missing rule ID",
    "contradiction",
    "malformed rule ID",
    "name clash",
    "unknown rule ID",
    "full-width punctuation",
    "misspelt keyword",
    "editor",
    "cannot play",
    "limits",
}


def _errors(text: str, filename: str = "bad.nbv") -> list[Diagnostic]:
    with pytest.raises(RuleSetError) as info:
        compile_text(text, filename)
    assert info.value.diagnostics, "a RuleSetError always carries diagnostics"
    return info.value.diagnostics


def _child(body: str, parent: str = "ningbo") -> str:
    """The text of a variant ``kid`` extending ``parent``: its header line, then ``body``."""
    return f'variant kid extends {parent} "x"\n{body}\n'


def _one_error(text: str) -> tuple[Diagnostic, str]:
    """The one error of ``text`` compiled as ``kid.nbv``, and its line from the column it
    points at."""
    [d] = _errors(text, "kid.nbv")
    return d, text.splitlines()[d.line - 1][d.column - 1 :]


def test_minimal_variant_compiles():
    """The text the bad examples are edited from is itself clean."""
    rules = compile_text(MINIMAL_VARIANT, "mini.nbv")
    assert rules.name == "mini"


def test_every_kind_of_error_is_in_the_table():
    assert {e.kind for e in BAD_EXAMPLES} == KINDS


@pytest.mark.parametrize("example", BAD_EXAMPLES, ids=[f"{e.kind}: {e.label[:50]}" for e in BAD_EXAMPLES])
def test_bad_example(example):
    """Each known-bad text fails with its message at its line and column."""
    first = _errors(example.text)[0]
    assert example.label in first.message
    assert (first.line, first.column) == (example.line, example.column), first.render()
    assert first.file == "bad.nbv"


@pytest.mark.parametrize("example", [e for e in BAD_EXAMPLES if not e.syntax], ids=lambda e: e.label[:50])
def test_rendering_has_caret_under_the_offending_text(example):
    d = _errors(example.text)[0]
    head, src, caret = d.render().split("\n")
    assert head == f"bad.nbv:{d.line}:{d.column}: {d.message}"
    # lines as the parser counts them: only a line feed (or CR, CRLF) ends one
    lines = example.text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n").split("\n")
    line = lines[d.line - 1].expandtabs(1)
    gutter = src.index("| ") + 2
    shown = src[gutter:]
    if len(line) <= 120:
        assert shown == line
    else:  # a long line is shown cut around the column, each cut end marked
        assert shown.strip("…") in line and len(shown.strip("…")) == 120 and "…" in shown
    # the caret starts under the offending text (ASCII before it in these examples)
    if line[: d.column - 1].isascii():
        at = caret.index("^") - gutter
        assert line[d.column - 1 :].startswith(shown[at:].rstrip("…"))


def test_str_of_the_error_renders_every_diagnostic():
    text = MINIMAL_VARIANT.replace("minimum 4", "minimum yes").replace("flowers yes", "flowers 2")
    with pytest.raises(RuleSetError) as info:
        compile_text(text, "two.nbv")
    assert len(info.value.diagnostics) == 2
    s = str(info.value)
    assert "two.nbv:2:17: tiles.flowers must be yes or no, not '2'" in s
    assert "scoring.minimum must be a whole number, not 'yes'" in s
    assert s.count("^") >= 2


def test_errors_are_collected_not_stopped_at_the_first():
    text = MINIMAL_VARIANT.replace("on_draw stay", "on_draw stya").replace("kept_stacks 0;", "kept_stacks -1;")
    text = text.replace("when half_flush", "when half_flsh")
    msgs = [d.message for d in _errors(text)]
    assert any("'stya'" in m for m in msgs)
    assert any("at least 0, not -1" in m for m in msgs)
    assert any("'half_flsh'" in m for m in msgs)


def test_errors_are_sorted_by_position():
    text = MINIMAL_VARIANT.replace("on_draw stay", "on_draw stya").replace("flowers yes }", "flowers maybe }")
    ds = _errors(text)
    assert [(d.line, d.column) for d in ds] == sorted((d.line, d.column) for d in ds)


def test_cjk_caret_is_under_the_text():
    """Wide characters before the error take two columns each; the caret follows them."""
    text = MINIMAL_VARIANT.replace('"混一色" 2 tai when half_flush', '"混一色" 2 tai when half_flsh')
    d = next(d for d in _errors(text) if "half_flsh" in d.message)
    _, src, caret = d.render().splitlines()
    # 3 wide characters before the column: the caret sits 3 further right than the column
    assert caret.index("^") == src.index("half_flsh") + 3


# --------------------------------------------------------------------------- syntax labels


@pytest.mark.parametrize(
    "text, label",
    [
        ('variant y "s"\ndealing { dealer_tiles 14\n', "missing '}' to close the section"),
        ('variant y "s"\nclaims chi yes }\n', "missing '{' after the section name"),
        ('variant y "s"\nitems { item b "B" 2 tai when dealer or [NB-12.1] }\n', "a condition is missing after `and`/`or`"),
        ('dealer { on_draw stay }\n', "a variant file starts with `variant NAME`"),
    ],
)
def test_syntax_labels_apply_to_similar_mistakes(text, label):
    """A parse error in the same state as a table example gets that example's label."""
    assert _errors(text)[0].message == label


def test_unlabelled_syntax_error_says_what_was_expected():
    d = _errors('variant y "s"\n{\n')[0]
    assert (d.line, d.column) == (2, 1)
    assert d.message.startswith("unexpected '{'; expected")


def test_unexpected_character():
    d = _errors('variant y "s" @\n')[0]
    assert (d.line, d.column, d.message) == (1, 15, "unexpected character '@'")


def test_empty_file():
    d = _errors("")[0]
    assert d.line == 1 and "variant" in d.message


# --------------------------------------------------------------------------- specific checks


def _edit(old: str, new: str) -> str:
    assert old in MINIMAL_VARIANT
    return MINIMAL_VARIANT.replace(old, new, 1)


@pytest.mark.parametrize(
    "old, new, fragment",
    [
        ("dealer_tiles 14", "dealer_tiles 14 15", "takes one value; unexpected '15'"),
        ("flowers yes }", "flowers yes; flowers no }", "tiles.flowers is set twice"),
        ("seat E 1f 5f", "seat X 1f 5f", "unknown seat 'X'"),
        ("seat E 1f 5f", "seat E 1f 5q", "is not tile notation"),
        ("seat E 1f 5f", "seat E 1f 1f 5f", "flower '1f' is listed twice for E"),
        ("kinds same", "kinds same same", "wilds.kinds names 'same' twice"),
        ("priority hu > kan = pon > chi", "priority hu > kan = pon > chii", "unknown claim 'chii' in priority; did you mean 'chi'?"),
        ("priority hu > kan = pon > chi", "priority hu > kan = pon >", "priority ends with an operator"),
        ("seat_order next, opposite, previous", "seat_order next, opposite", "missing previous"),
        ("chi_discard_ban unless big_crane", "chi_discard_ban unless big_crane during always_", "unknown window 'always_'"),
        ("chi_discard_ban unless big_crane", "chi_discard_ban unless big_crain", "takes only big_crane, what lifts it, not 'big_crain'; did you mean 'big_crane'?"),
        ("chi_discard_ban unless big_crane", "chi_discard_ban m p", "takes no arguments; unexpected 'm'"),
        ("forbid discard, rob_kong", "forbid discard, rob_kongg", "unknown win method 'rob_kongg'; did you mean 'rob_kong'?"),
        ("when flush excludes", "when pungs(dragon, wind) excludes", "'dragon' and 'wind' are both given"),
        ("when flush excludes", "when flush(x) excludes", "feature 'flush' takes no arguments"),
        ("when half_flush [NB-12.11]", "when half_flush group g not_for_minimum [NB-12.11]", None),
        ("self_draw: each_other 1", "self_draw: partner 1", "unknown payer 'partner'"),
        ("self_draw: each_other 1", "self_draw: each_other", "needs a multiplier"),
        ("self_draw: each_other 1", "selfdraw: each_other 1", "unknown payment situation 'selfdraw'; did you mean 'self_draw'?"),
        ("liability none", "liability { threshold 3; counts chi pon kan; direction either; others_pay no }",
         "liability has no rows"),
        ("liability none", "liability { threshold 3; counts chi pon kan; direction both; others_pay no\n"
         " one_way self_draw: partner 5 [NB-14.6] }", "unknown value 'both' for liability.direction; expected one of: either, fed_winner, winner_fed"),
        ("liability none", "liability { threshold 3; counts chi pon kan; direction either; others_pay no\n"
         " one_way selfdraw: partner 5 [NB-14.6] }", "unknown liability situation 'selfdraw'"),
        ("loser_settlement none", "loser_settlement { mode per_step; adjacent 10; opposite 10 10 }", "takes two numbers"),
        ("scoring tai { minimum 4; cap none; conversion linear; points_per_tai 1; base_points 0 }",
         "scoring fu_fan { base 30; fan_multiplier power_of_two; round_to 10; round_stage after_multiply; fan_cap 3;"
         " cap 300; fixed_by_fan 100 200; silver identity }", "item 'qingyise' is in tai, but this variant scores in fu and fan"),
        ("draw {", "draw none\ndraw {", "only liability and loser_settlement may be 'none'"),
        ("draw { kept_stacks 0;", "draw { kept_stacks 0; kept_stacks 0;", "draw.kept_stacks is set twice"),
        ("winning { shapes standard }", "winning { shapes thirteen_orphans }", "unknown value 'thirteen_orphans' for winning.shapes"),
        ("tiles { flowers yes }", "tiles extra { flowers yes }", "section 'tiles' takes no qualifier"),
        ("tiles { flowers yes }", "tiles { flowers yes }\ntiles { flowers yes }", "section 'tiles' appears twice"),
        ("variant mini", "variant Mini", "a variant name is lowercase"),
        ("item hunyise", "item HunYiSe", "an item name is lowercase"),
        ("claim_discarded_wild no", "claim_discarded_wild yes", None),
        ("enabled yes;", "enabled no;", "yet this condition uses 'wild_single_wait'"),
        ("restrictions { chi_discard_ban", "restrictions { drop chi_discard_ban\n chi_discard_ban", "cannot drop restriction 'chi_discard_ban'"),
        ("chi yes;", "chi no;", "priority ranks 'chi', but claims.chi is no"),
    ],
)
def test_specific_problem(old, new, fragment):
    text = _edit(old, new)
    if fragment is None:  # accepted
        compile_text(text, "ok.nbv")
        return
    msgs = [d.message for d in _errors(text)]
    assert any(fragment in m for m in msgs), msgs


def test_no_wilds_with_wild_claim_settings():
    text = _edit("enabled yes;", "enabled no;").replace("claim_discarded_wild no", "claim_discarded_wild yes")
    text = text.replace("win_restrictions { forbid discard, rob_kong when wild_single_wait [NB-4.8] }", "")
    msgs = [d.message for d in _errors(text)]
    assert msgs == ["claims.claim_discarded_wild is yes, but this variant has no wilds (wilds.enabled no)"]


def test_no_flowers_with_flower_items():
    text = _edit("flowers yes", "flowers no").replace("stacks_per_wall 18", "stacks_per_wall 17")
    text = text.replace("when half_flush [NB-12.11]", "each flowers(seat) [NB-12.11]")
    msgs = [d.message for d in _errors(text)]
    assert msgs == ["no flowers in this variant (tiles.flowers no), yet this condition uses 'flowers'"]


def test_no_flowers_needs_no_seat_table():
    """A variant without flowers (C1: the 136-tile set) needs no seat table."""
    text = _edit("flowers yes", "flowers no").replace("stacks_per_wall 18", "stacks_per_wall 17")
    start = text.index("flowers {")
    end = text.index("}", start) + 1
    rules = compile_text(text[:start] + text[end:], "ok.nbv")
    assert rules.tiles.total == 136 and rules.flowers.seat_flowers == ()


def test_fixed_by_fan_length_follows_the_fan_cap():
    text = _edit(
        "scoring tai { minimum 4; cap none; conversion linear; points_per_tai 1; base_points 0 }",
        "scoring fu_fan { base 30; fan_multiplier power_of_two; round_to 10; round_stage after_multiply; fan_cap 3;"
        " cap 300; fixed_by_fan 100 200; silver identity }",
    ).replace(" tai ", " fan ")
    msgs = [d.message for d in _errors(text)]
    assert msgs == ["fixed_by_fan needs 4 values (0 to 3 番), not 2"]


def test_group_mixing_units():
    text = _edit("excludes hunyise", "group g").replace("when half_flush", "when half_flush group g")
    text = text.replace(
        "scoring tai { minimum 4; cap none; conversion linear; points_per_tai 1; base_points 0 }",
        "scoring fu_fan { base 30; fan_multiplier power_of_two; round_to 10; round_stage after_multiply; fan_cap 3;"
        " cap 300; fixed_by_fan none; silver identity }",
    )
    text = text.replace('"清一色" 4 tai', '"清一色" 4 fan').replace('"混一色" 2 tai', '"混一色" 2 fu')
    msgs = [d.message for d in _errors(text)]
    assert msgs == ["group 'g' mixes units: fan and fu"]


@pytest.mark.parametrize("parent, body, at", [
    ("ninghai", "draw { kept_stacks 60 }", "kept_stacks"),
    ("ningbo", "draw { kept_stacks_per_kong 1; kept_stacks 45 }", "kept_stacks 45"),
])
def test_a_deal_that_leaves_nothing_to_draw_is_shown_in_the_child(parent, body, at):
    # the child's reserve empties the wall; the message used to point at `other_tiles` in the
    # shipped parent, a file the author cannot change
    text = _child(body, parent)
    d, shown = _one_error(text)
    assert d.message.startswith("the deal takes 53 tiles and ") and "leaves nothing to draw" in d.message
    assert d.file == "kid.nbv"
    assert shown.startswith(at)


def test_a_cap_below_the_minimum_leaves_the_minimum_in_reach_NB_13_3():
    """NB-13.2, NB-13.3 (``scoring.cap``): the cap caps the 台 a hand is paid for, not those
    that count toward the minimum, so a cap of 3 under ningbo's minimum of 4 compiles (it was
    refused as "no hand could win") and a hand of 5 台 wins, paid as 3."""
    kid = compile_text('variant kid extends ningbo "x"\nscoring tai { cap 3 }\n', "kid.nbv")
    hand = Situation.from_dict({"seat": "S", "concealed": "123m 456m 789m 11m 23m", "win_tile": "4m",
                                "win_by": "self_draw", "indicator": "9p"})
    result = score(hand, kid)
    assert (result.valid, result.tai, result.points) == (True, 3, 3)
    assert score(hand, load_variant("ningbo")).points == 5


def test_an_unreachable_inherited_minimum_is_shown_at_the_childs_items(tmp_path):
    (tmp_path / "high.nbv").write_text('variant high extends ningbo "x"\nscoring tai { minimum 66 }\n', encoding="utf-8")
    kid = tmp_path / "kid.nbv"
    kid.write_text('variant kid extends high "x"\nitems {\n  drop seat_flower\n}\n', encoding="utf-8")
    with pytest.raises(RuleSetError) as info:
        compile_file(kid)
    [d] = info.value.diagnostics
    assert "scoring.minimum is 66, but the items that count toward it add up to 64 at most" in d.message
    assert (d.file, d.line, d.column) == (str(kid), 3, 8)


def test_a_points_cap_bounds_the_value_after_its_multipliers():
    # the scorer caps the hand value after the multipliers (NB-13.5), so a large multiplier
    # under a points cap stays exact; the check used to cap first and refuse the variant
    from nbmj.scoring import Situation, score

    rules = compile_text('variant kid extends ningbo-000 "x"\nitems { new item big "大" x 99999999999999 when flush [NB-13.5] }\n', "kid.nbv")
    hand = Situation.from_dict({"seat": "S", "concealed": "123m 456m 789m 234m 5m", "win_tile": "5m", "win_by": "self_draw",
                                "indicator": "1z"})
    assert score(hand, rules).points == 4000


@pytest.mark.parametrize("body, at", [
    ("payments { self_draw: each_other 999999999999999 [NB-14.2] }", "self_draw"),
    ('items { item flush "清一色" 999999999999999 tai when flush [NB-12.11] }', "flush"),
])
def test_points_beyond_exact_are_shown_at_the_childs_value(body, at):
    # the child's payment row or item makes the points inexact; the message used to point at
    # `points_per_tai` in the shipped ningbo.nbv
    text = _child(body)
    d, shown = _one_error(text)
    assert d.message.startswith("a hand could be worth ") and "where points stop being exact" in d.message
    assert d.file == "kid.nbv" and shown.startswith(at)


@pytest.mark.parametrize("parent, body, at", [
    ("ninghai", "scoring fu_fan { cap 99999999999999999 }", "cap"),
    ("ninghai-tuidaoba", "scoring fu_fan { fixed_by_fan 100 200 400 99999999999999999; cap 99999999999999999 }", "fixed_by_fan"),
])
def test_points_beyond_exact_are_refused_in_a_fu_fan_variant(parent, body, at):
    # only variants counted in tai were checked: a 胡 × 番 cap past 2**53 compiled clean
    text = _child(body, parent)
    d, shown = _one_error(text)
    assert d.message.startswith("a hand could be worth 99999999999999999 points") and "stop being exact" in d.message
    assert shown.startswith(at)
    compile_text(_child(body.replace("99999999999999999", "9999"), parent), "kid.nbv")


def test_a_fixed_value_over_the_cap_is_held_to_it_NH_3_9():
    """The cap holds 推倒八's fixed values too (NH-3.9), so a huge last value under the
    inherited cap of 800 is paid 800 and its points stay exact."""
    rules = compile_text(_child("scoring fu_fan { fixed_by_fan 100 200 400 99999999999999999 }", "ninghai-tuidaoba"), "kid.nbv")
    from nbmj.scoring.totals import fu_fan_total
    from nbmj.scoring.items import Applied
    from nbmj.rules.model import ScoringItem

    assert fu_fan_total(rules.scoring, [Applied(ScoringItem("f", "", "NH-3.2", 1, "fan"), 3, 3)]).hu == 800


@pytest.mark.parametrize("key", ["flower", "exposed_kong", "all_wilds_held", "false_win"])
def test_immediate_payments_beyond_exact_are_refused(key):
    # kong, flower and penalty payments had no bound: 10**20 a flower compiled clean
    text = f'variant kid extends ningbo "x"\nimmediate {{ {key} 99999999999999999999 }}\n'
    [d] = _errors(text, "kid.nbv")
    assert d.message == (f"immediate.{key} of 99999999999999999999 could make a seat's payments pass "
                         "9007199254740992 (2**53), where points stop being exact; lower it")
    assert (d.line, d.column) == (2, 13)
    compile_text(text.replace("99999999999999999999", "99999999"), "kid.nbv")


@pytest.mark.parametrize("clauses, kind, at", [
    ("when flush when half_flush", "when", "half_flush"),
    ("each pungs(dragon) each flowers(seat)", "each", "flowers"),
    ("when flush group a group b", "group", "b"),
])
def test_an_item_clause_given_twice_is_an_error(clauses, kind, at):
    # the second clause silently replaced the first: `when A when B` scored on B alone
    text = _child(f'items {{ new item z "z" 1 tai {clauses} [NB-12.19] }}')
    d, shown = _one_error(text)
    assert d.message.startswith(f"item 'z' has a second {kind!r} clause: an item takes one")
    assert d.line == 2 and shown.startswith(at + (" [" if kind == "group" else ""))


@pytest.mark.parametrize("line, message", [
    ("chi_discard_ban unless flush [NB-8.1]", "'unless' after 'chi_discard_ban' takes only big_crane, what lifts it, not 'flush'"),
    ("kong_after_pon unless dealer [NB-8.8]", "nothing lifts restriction 'kong_after_pon': it takes no 'unless'"),
])
def test_unless_takes_only_what_the_engine_checks(line, message):
    # any condition without arguments was accepted after `unless`, on any restriction, but the
    # engine lifts only the chow's discard ban, and only for a big crane (NB-8.4)
    [d] = _errors(f'variant kid extends ningbo "x"\nrestrictions {{ {line} }}\n', "kid.nbv")
    assert d.message == message and d.column == 16 + line.index("unless") + len("unless ")


def test_a_warning_restriction_takes_no_window():
    # `bao_suit_warning during first_go_around` compiled, but the engine applies the warnings
    # whenever one shows: the window was ignored
    text = _child('restrictions { drop bao_suit_warning; bao_suit_warning during first_go_around [NH-6.2] }', "ninghai")
    d, shown = _one_error(text)
    assert d.message == "restriction 'bao_suit_warning' holds all hand long: it takes no window but 'always', not 'first_go_around'"
    assert d.line == 2 and shown.startswith("first_go_around")
    compile_text(text.replace("first_go_around", "always"), "kid.nbv")


@pytest.mark.parametrize("line, window, rule", [
    ("chi_discard_ban unless big_crane", "first_go_around", "NB-8.1"),
    ("chi_discard_ban", "dealer_first_turn", "NB-8.1"),
    ("kong_after_pon", "first_go_around", "NB-8.8"),
    ("kong_after_pon", "dealer_first_turn", "NB-8.8"),
    ("pon_after_pass", "dealer_first_turn", "NB-8.6"),
    ("win_after_pass", "dealer_first_turn", "NB-8.7"),
])
def test_a_restriction_window_in_which_it_is_never_in_force_is_an_error(line, window, rule):
    """NB-8.1, NB-8.6 to NB-8.8 (restrictions ``during``): a chow or a pong is a claim, which
    closes every window but ``always``, so a chow's discard ban or the kong bar of a pong's
    turn never held during first_go_around or dealer_first_turn; and dealer_first_turn is
    open only at the claims on the dealer's first discard, never at the later claim a pass
    bars. Such a window compiled and the engine never applied the restriction: an error
    now, while the windows in which it can hold compile."""
    kind = line.split()[0]
    text = _child(f"restrictions {{ {line} during {window} [{rule}] }}")
    d, shown = _one_error(text)
    assert d.message.startswith(f"restriction {kind!r} is never in force during {window}: ")
    assert d.line == 2 and shown.startswith(window)
    compile_text(text.replace(window, "always"), "kid.nbv")
    if kind in ("pon_after_pass", "win_after_pass"):  # a seat that passed may meet the tile again before its turn
        compile_text(text.replace(window, "first_go_around"), "kid.nbv")


def test_a_wild_kong_where_no_wild_kind_has_four_tiles_in_play_is_an_error_NB_4_14():
    """NB-4.14 (``claims.wild_kong``): the kong is of the four tiles of a wild kind, but where
    the wilds are only the indicator's own kind (``wilds.kinds same``) the indicator keeps
    one of the four in the wall, so no hand ever held four: the setting compiled and never
    applied. It is an error there, and compiles where the next kind is wild too."""
    from nbmj.engine.script import scripted_wall
    from nbmj.errors import ScriptError

    with pytest.raises(ScriptError):  # the fourth 5m is the indicator
        scripted_wall(load_variant("ningbo"), hands={"E": "5m5m5m5m123p456p789p1s"}, indicator="5m")
    d, shown = _one_error(_child("claims { wild_kong yes }"))
    assert d.message.startswith("claims.wild_kong is yes, but the only wild kind is the indicator's own (wilds.kinds same)")
    assert d.line == 2 and shown.startswith("wild_kong")
    assert compile_text(_child("wilds { kinds same next }\nclaims { wild_kong yes }"), "kid.nbv").claims.wild_kong
    assert compile_text(_child("wilds { kinds next }\nclaims { wild_kong yes }"), "kid.nbv").claims.wild_kong


_NO_FLOWERS = ("tiles { flowers no }\ndealing { stacks_per_wall 17 }\n"
               "items {\n drop seat_flower\n drop flower_set\n drop all_flowers\n drop other_flower\n}\n")


@pytest.mark.parametrize("line, setting", [
    ("wilds { wild_flower_is_flower yes }", "wilds.wild_flower_is_flower"),
    ("wilds { flower_indicator all }", "wilds.flower_indicator"),
    ("flowers { in_play manual }", "flowers.in_play"),
    ("flowers { initial_replacement per_player }", "flowers.initial_replacement"),
    ("immediate { flower 2 }", "immediate.flower"),
    ("immediate { all_flowers_held 10 }", "immediate.all_flowers_held"),
])
def test_a_flower_setting_in_a_variant_without_flowers_is_an_error_NB_1_1(line, setting, tmp_path):
    """NB-1.1 (``tiles.flowers no``): the 136-tile set has no flower, so a flower setting other
    than the one that changes nothing (a wild flower, flowers laid by hand or replaced
    player by player, a payment per flower or for all eight) compiled and never applied.
    Inherited from a parent with flowers, it is shown at the child's ``flowers no``."""
    d, shown = _one_error(_child(_NO_FLOWERS + line))
    assert d.message.startswith(f"{setting} is ") and "but this variant has no flowers (tiles.flowers no)" in d.message
    assert d.line == _NO_FLOWERS.count("\n") + 2 and shown.startswith(line.split()[2])
    compile_text(_child(_NO_FLOWERS), "kid.nbv")
    (tmp_path / "parent.nbv").write_text(f'variant parent extends ningbo "x"\n{line}\n', encoding="utf-8")
    (tmp_path / "kid.nbv").write_text(_child(_NO_FLOWERS, "parent"), encoding="utf-8")
    with pytest.raises(RuleSetError) as info:
        compile_file(tmp_path / "kid.nbv")
    [d] = info.value.diagnostics
    assert (d.file, d.line) == (str(tmp_path / "kid.nbv"), 2) and "override or drop it" in d.message


_NO_WILDS = ("wilds { enabled no }\nwin_restrictions { drop when wild_single_wait }\nitems {\n"
             + "".join(f" drop {name}\n" for name in ("no_wild", "three_wilds", "four_wilds", "wild_as_itself",
                                                     "win_on_wild", "wild_pair")) + "}\n")


@pytest.mark.parametrize("body, setting, cause", [
    (_NO_WILDS + "immediate { all_wilds_held 10 }", "immediate.all_wilds_held", "this variant has no wilds (wilds.enabled no)"),
    ("claims { kan no; priority hu > pon > chi }\npayments { drop kong_bloom_on_discard_kong }\nliability { counts chi pon }\n"
     "immediate { exposed_kong 3 }", "immediate.exposed_kong", "claims.kan is no"),
    ("claims { pon no; priority hu > kan > chi }\nliability { counts chi kan }\n"
     "restrictions { drop pon_after_pass; drop kong_after_pon }\nimmediate { added_kong 3 }", "immediate.added_kong",
     "claims.pon is no"),
])
def test_an_immediate_payment_for_what_the_variant_never_has_is_an_error_NB_14_14(body, setting, cause):
    """NB-14.14, NB-14.18 (``immediate``): a payment for holding every wild in a variant
    without wilds, for an exposed kong where no discard may be konged (``claims.kan no``:
    an exposed kong is a kong of a discard), or for an added kong where no pung is claimed
    (``claims.pon no``: a kong is added to a claimed pung) compiled and was never paid."""
    d, shown = _one_error(_child(body))
    assert d.message.startswith(f"{setting} is 10, " if "wilds" in setting else f"{setting} is 3, ") and cause in d.message
    assert shown.startswith(setting.split(".")[1])
    compile_text(_child(body.replace(" 10 }", " 0 }").replace(" 3 }", " 0 }")), "kid.nbv")


@pytest.mark.parametrize("parent, line, key", [
    ("ningbo", "scoring tai { conversion doubling; base_points 1; cap 10; points_per_tai 3 }", "points_per_tai"),
    ("ninghai-tuidaoba", "scoring fu_fan { fan_multiplier fan_plus_one }", "fan_multiplier"),
    ("ninghai-tuidaoba", "scoring fu_fan { round_stage before_multiply }", "round_stage"),
])
def test_a_scoring_setting_the_formula_never_reads_is_an_error_NB_13_4_NH_4_5(parent, line, key):
    """NB-13.4 (``conversion doubling``: S = base_points × 2^tai) and NH-4.5 (``fixed_by_fan``:
    推倒八's 胡 by 番): a child that wrote points_per_tai, or the 番 multiplier or the rounding
    stage, changed nothing a hand is worth. Now an error at the setting; the same setting
    under the formula that reads it compiles."""
    d, shown = _one_error(_child(line, parent))
    assert d.message.startswith(f"scoring.{key} is never read: ") and shown.startswith(key)
    readable = {"points_per_tai": "scoring tai { points_per_tai 3 }", "fan_multiplier": "scoring fu_fan { fan_multiplier fan_plus_one }",
                "round_stage": "scoring fu_fan { round_stage before_multiply }"}[key]
    compile_text(_child(readable, "ningbo" if key == "points_per_tai" else "ninghai"), "kid.nbv")


@pytest.mark.parametrize("parent, body, message", [
    ("ninghai", "restrictions { discard_suits m p f during first_go_around [NH-1.7] }",
     "discard_suits names f, but no flower is ever discarded in this variant"),
    ("ningbo", "wilds { wild_flower_is_flower yes }\nrestrictions { discard_suits m p f during first_go_around [NH-1.7] }",
     "discard_suits names f, but no flower is ever discarded in this variant"),
    ("ninghai", "claims { chi no; priority hu > kan = pon }\nrestrictions { no_claims chi pon during first_go_around [NH-1.8] }",
     "no_claims names 'chi', but claims.chi is no"),
    ("ningbo", "liability none\nclaims { win_on_discard no; priority kan = pon > chi }\npayments { drop discard }\n"
               "restrictions { drop win_after_pass; no_claims hu during first_go_around [NH-1.8] }",
     "no_claims names 'hu', but claims.win_on_discard is no"),
])
def test_a_restriction_word_for_what_the_variant_never_has_is_an_error_NH_1_7_NH_1_8(parent, body, message):
    """NH-1.7, NH-1.8: ``discard_suits ... f`` lets flowers be discarded, but a flower is
    discarded only where it is a wild that is no flower (a flower indicator, NB-4.4); in a
    variant without wilds, or whose wild flowers stay flowers, the word changed nothing.
    ``no_claims`` of a claim on a discard the variant does not have forbade nothing. Both
    compiled and were never read; now an error. (``no_claims kan`` also bars the kongs a
    player declares on its turn, so it stays allowed where kongs of a discard are not.)"""
    d, shown = _one_error(_child(body, parent))
    assert d.message.startswith(message)
    assert shown.startswith("f " if "suits" in message else message.split("'")[1])
    compile_text(_child(body.replace(" f during", " during").replace("chi pon during", "pon during").replace(
        "no_claims hu during", "no_claims kan during"), parent), "kid.nbv")
    if parent == "ningbo" and "suits" in message:
        compile_text(_child(body.split("\n")[1], parent), "kid.nbv")  # a wild flower that is no flower is discarded


def test_a_liability_threshold_no_hand_can_reach_is_an_error():
    # a threshold of 5 melds from one player compiled, and the liability rows never applied
    [d] = _errors('variant kid extends ningbo "x"\nliability { threshold 5 }\n', "kid.nbv")
    assert d.message == ("liability.threshold is 5, but a hand has at most 4 melds: no link could form, "
                         "and the liability rows would never apply")
    assert (d.line, d.column) == (2, 13)
    assert compile_text('variant kid extends ningbo "x"\nliability { threshold 4 }\n', "kid.nbv").liability.threshold == 4


def test_a_loser_settlement_in_a_tai_variant_is_an_error():
    # it compiled, but a tai variant has no fu items: every loser's 胡 was 0 and nobody paid
    text = 'variant kid extends ningbo "x"\nloser_settlement { mode per_step; adjacent 10 5; opposite 10 10 }\n'
    [d] = _errors(text, "kid.nbv")
    assert d.message.startswith("loser_settlement settles by the losers' 胡 (fu), but this variant scores in tai")
    assert (d.line, d.column) == (2, 1)


@pytest.mark.parametrize("body, at, fragment", [
    ("scoring tai { conversion doubling; cap 10 }", "conversion", "base_points × 2^tai makes every hand worth 0 points"),
    ("scoring tai { points_per_tai 0 }", "points_per_tai", "base_points + points_per_tai × tai makes every hand worth 0 points"),
])
def test_a_scoring_that_makes_every_hand_worth_nothing_is_an_error(body, at, fragment):
    # ningbo's base_points is 0: a child turning to doubling compiled, and every win paid 0
    text = _child(body)
    d, shown = _one_error(text)
    assert fragment in d.message and d.line == 2 and shown.startswith(at)
    compile_text(text.replace(" }", "; base_points 1 }"), "kid.nbv")


@pytest.mark.parametrize("parent, item, fragment", [
    ("ningbo", 'new item xa "a" x 2 when flush not_for_minimum [NB-13.5]',
     "item 'xa' in x takes no not_for_minimum: every multiplier counts in scoring.minimum_alternatives"),
    ("ninghai", 'item fan_flush "清一色" 3 fan when flush not_for_minimum [NH-3.4]',
     "item 'fan_flush' in fan takes no not_for_minimum: a variant scored in fu and fan has no minimum"),
])
def test_not_for_minimum_only_on_tai_items(parent, item, fragment):
    # the flag compiled on a multiplier or a fu/fan item, and nothing read it
    text = _child(f'items {{ {item} }}', parent)
    d, shown = _one_error(text)
    assert d.message.startswith(fragment)
    name = fragment.split("'")[1]
    assert d.line == 2 and shown.startswith(name + " ")


def test_a_minimum_alternative_no_multiplier_can_meet_is_an_error():
    # `minimum_alternatives 2 x 2` compiled in a variant without multiplier items: dead
    [d] = _errors('variant kid extends ningbo "x"\nscoring tai { minimum_alternatives 1 x 1, 2 x 2 }\n', "kid.nbv")
    assert d.message == ("scoring.minimum_alternatives asks for 2 x 2, but the multiplier items make at most x 1: "
                         "that alternative could never allow a win")
    assert (d.line, d.column) == (2, 15)
    # riichi_advanced's alternatives stand on its multipliers (NB-13.6)
    text = 'variant kid extends ningbo-riichi-advanced "x"\nscoring tai { minimum_alternatives 2 x 2, 1 x 4 }\n'
    assert compile_text(text, "kid.nbv").scoring.minimum_alternatives == ((2, 2), (1, 4))


@pytest.mark.parametrize("body, role, message", [
    ("payments { drop self_draw; self_draw: discarder 2 [NB-14.2] }", "discarder",
     "a self_draw win has no 'discarder' payer: nobody discarded the winning tile, so this share would never be paid"),
    ("payments { drop discard; discard: kong_discarder 2 [NB-14.1] }", "kong_discarder",
     "a discard win has no 'kong_discarder' payer: no kong was made of a tile someone gave, so this share would never be paid"),
    ("liability { one_way self_draw: partner 5, robbed 2 [NB-14.6] }", "robbed",
     "a self_draw win has no 'robbed' payer: nobody discarded the winning tile, so this share would never be paid"),
])
def test_a_payer_the_situation_never_has_is_an_error(body, role, message):
    # `self_draw: discarder 2` compiled, and a self-drawn win was paid nothing
    text = _child(body)
    d, shown = _one_error(text)
    assert d.message == message and d.line == 2 and shown.startswith(role + " ")


@pytest.mark.parametrize("body, at", [
    ("scoring fu_fan { silver half_hundreds; cap 20 }", "cap"),
    ("scoring fu_fan { fixed_by_fan 0 0 0 0 }", "fixed_by_fan"),
])
def test_a_fu_fan_scoring_that_pays_nothing_is_an_error(body, at):
    # every hand capped at 20 胡 and paid in half-hundreds of silver compiled, and paid 0
    text = _child(body, "ninghai")
    d, shown = _one_error(text)
    assert "every hand would be worth nothing and no win is paid" in d.message
    assert d.line == 2 and shown.startswith(at)


def test_seven_pairs_in_a_smaller_deal_is_an_error():
    # seven pairs are 14 tiles: in a deal of 10 the shape compiled and never applied
    text = ('variant kid extends ningbo "x"\ndealing { other_tiles 10; dealer_tiles 11 }\n'
            "winning { shapes standard seven_pairs }\nliability { threshold 3 }\n")
    [d] = _errors(text, "kid.nbv")
    assert d.message == ("winning.shapes lists seven_pairs, which needs a hand of 14 tiles, but dealing.other_tiles "
                         "is 10: no hand could be seven pairs")
    assert (d.line, d.column) == (3, 11)


def test_an_item_of_a_shape_the_variant_does_not_list_is_an_error():
    # ningbo's 七对子 given a value without `winning { shapes standard seven_pairs }` compiled
    # and never scored: no hand is read as seven pairs there
    text = _child('items { item seven_pairs "七对子" 4 tai when shape(seven_pairs) [NB-12.43] }')
    d, shown = _one_error(text)
    assert d.message == ("item 'seven_pairs' scores only in the shape seven_pairs, which winning.shapes does not list: "
                         "it would never score; add seven_pairs to winning.shapes or switch the item off")
    assert d.line == 2 and shown.startswith("shape(seven_pairs)")
    compile_text(text.replace("\nitems", "\nwinning { shapes standard seven_pairs }\nitems"), "kid.nbv")
    compile_text(text.replace("shape(seven_pairs)", "not shape(seven_pairs)"), "kid.nbv")


def test_an_item_of_a_win_method_the_variant_lacks_is_an_error():
    # 抢杠 given 2 tai in a variant without robbing a kong compiled and never scored
    text = ('variant kid extends ningbo "x"\nclaims { rob_kong no }\npayments { drop rob_kong }\n'
            'items { item rob_kong "抢杠" 2 tai when win(rob_kong) [NB-12.27] }\n')
    d, shown = _one_error(text)
    assert d.message == ("item 'rob_kong' scores only on a win by rob_kong, which this variant does not have "
                         "(claims.rob_kong is no): it would never score; switch the item off")
    assert d.line == 4 and shown.startswith("win(rob_kong)")
    compile_text(text.replace(" 2 tai", " 0 tai"), "kid.nbv")  # worth nothing, it may stay


def test_a_required_shape_the_variant_does_not_list_is_an_error():
    # `require shape(seven_pairs)` without the shape compiled, and no hand could ever win
    text = 'variant kid extends ningbo "x"\nwin_restrictions { require shape(seven_pairs) [NB-11.11] }\n'
    [d] = _errors(text, "kid.nbv")
    assert d.message == ("this win restriction lets a hand win only in the shape seven_pairs, which winning.shapes "
                         "does not list: no hand could win; add seven_pairs to winning.shapes")
    assert (d.line, d.column) == (2, 28)
    compile_text(text.replace("\nwin_", "\nwinning { shapes standard seven_pairs }\nwin_"), "kid.nbv")


def test_root_without_summary():
    text = MINIMAL_VARIANT.replace('variant mini "a minimal complete variant"', "variant mini")
    assert [d.message for d in _errors(text)] == ['a root variant needs a one-line summary: variant NAME "summary"']


def test_every_missing_setting_is_named():
    """A root variant must set every field: each missing one is named."""
    text = MINIMAL_VARIANT.replace("dealer { first_dealer random; on_dealer_win stay; on_nondealer_win next_seat; on_draw stay }",
                                   "dealer { first_dealer random }")
    msgs = [d.message for d in _errors(text)]
    assert msgs == [f"dealer.{k} is not set" for k in ("on_dealer_win", "on_nondealer_win", "on_draw")]


def test_missing_sections_are_each_reported_once():
    text = 'variant empty "nothing"\n'
    msgs = [d.message for d in _errors(text)]
    for section in ("tiles", "dealing", "wilds", "claims", "winning", "scoring", "immediate", "draw", "dealer"):
        assert msgs.count(f"section {section!r} is missing") == 1, msgs
    assert any("section 'liability' is missing" in m for m in msgs)


# --------------------------------------------------------------------------- never a traceback


def _shipped_texts() -> list[str]:
    return [p.read_text(encoding="utf-8") for p in sorted((spec_root() / "variants").glob("*.nbv"))]


def _compile_never_crashes(text: str) -> None:
    try:
        compile_text(text, "fuzz.nbv")
    except RuleSetError as exc:
        for d in exc.diagnostics:
            assert d.line >= 1 and d.column >= 1
            assert "internal error" not in d.message, d.message
            str(d)
    except NbmjError as exc:  # pragma: no cover - would be a bug: only RuleSetError is expected
        pytest.fail(f"{type(exc).__name__}: {exc}")


@given(st.text(alphabet=st.sampled_from(list('abcdefghijklmnopqrstuvwxyz_0123456789 {}()[]";:,.>=<-#\n')), max_size=200))
def test_random_text_only_raises_rule_set_error(text):
    _compile_never_crashes(text)


def test_mutated_shipped_files_only_raise_rule_set_error():
    rng = random.Random(20240601)
    texts = _shipped_texts() + [MINIMAL_VARIANT]
    for _ in range(300):
        text = rng.choice(texts)
        lines = text.splitlines(keepends=True)
        op = rng.randrange(4)
        i = rng.randrange(len(lines))
        if op == 0:
            del lines[i]
        elif op == 1:
            lines.insert(i, rng.choice(lines))
        elif op == 2:
            cut = rng.randrange(len(text))
            lines = [text[:cut]]
        else:
            words = lines[i].split(" ")
            j = rng.randrange(len(words))
            words[j] = words[j][::-1]
            lines[i] = " ".join(words)
        _compile_never_crashes("".join(lines))


def test_unreadable_file(tmp_path):
    with pytest.raises(RuleSetError) as info:
        compile_file(tmp_path / "absent.nbv")
    assert "cannot read the file" in str(info.value)
    bad = tmp_path / "latin1.nbv"
    bad.write_bytes(b'variant x "\xe9"\n')
    with pytest.raises(RuleSetError) as info:
        compile_file(bad)
    assert "not UTF-8" in str(info.value)


def test_a_byte_that_is_not_utf8_is_located(tmp_path):
    # the message stood at 1:1 with no line shown, wherever the byte was
    bad = tmp_path / "latin1.nbv"
    bad.write_bytes('variant x extends ningbo "x"\nitems { new item z "清'.encode() + b'\xe9" 1 tai when flush [NB-12.11] }\n')
    with pytest.raises(RuleSetError) as info:
        compile_file(bad)
    [d] = info.value.diagnostics
    assert (d.line, d.column) == (2, 22)
    assert d.message == "the file is not UTF-8 text: byte 0xe9 (invalid continuation byte); save it as UTF-8"
    assert str(d).endswith('    2 | items { new item z "清\ufffd" 1 tai when flush [NB-12.11] }\n      | ' + " " * 22 + "^")


def test_missing_settings_are_reported_beside_line_errors():
    """A file with a bad line still hears about the settings it does not set, but not
    about the ones whose line is wrong or whose section name is misspelt."""
    text = (
        MINIMAL_VARIANT.replace("on_draw stay }", "}")
        .replace("minimum 4", "minimum x")
        .replace("draw {", "drew {")
    )
    msgs = [d.message for d in _errors(text)]
    assert msgs == [
        "scoring.minimum must be a whole number, not 'x'",
        "unknown section 'drew'; did you mean 'draw'?",
        "dealer.on_draw is not set",
    ]


def test_bom_crlf_and_tabs_are_accepted():
    text = "\ufeff" + MINIMAL_VARIANT.replace("\n", "\r\n").replace("  ", "\t")
    assert compile_text(text, "win.nbv").name == "mini"
    bad = text.replace("minimum 4", "minimum x")
    d = _errors(bad)[0]
    assert (d.line, d.message) == (22, "scoring.minimum must be a whole number, not 'x'")


# --------------------------------------------------------------------------- several syntax errors

_THREE_TYPOS = MINIMAL_VARIANT + (
    "items {\n"
    '  item x1 "a" 1 tai when wait(edge [NB-12.5]\n'
    '  item x2 "b" 1 tai when wait(closed) [NB-12.6]\n'
    '  item x3 "c" 1 tai when wait(single) and [NB-12.7]\n'
    '  item x4 "d" 1 tai when flush excludes half_flush [NB-12.11\n'
    "}\n"
)


def _line_of(text: str, needle: str) -> int:
    return text[: text.index(needle)].count("\n") + 1


def test_syntax_errors_on_later_lines_are_reported_too():
    """Each broken line gets its diagnostic, in order, with the caret where it breaks; the
    good line between them gets none."""
    errors = _errors(_THREE_TYPOS)
    lines = [d.line for d in errors]
    assert lines == [_line_of(_THREE_TYPOS, "item x1"), _line_of(_THREE_TYPOS, "item x3"),
                     _line_of(_THREE_TYPOS, "item x4")]
    # the caret lines show the author's text, not the blanked text the later parses read
    assert [d.source_line for d in errors] == [_THREE_TYPOS.splitlines()[n - 1] for n in lines]
    assert errors[0].column == _THREE_TYPOS.splitlines()[lines[0] - 1].index("[NB-12.5]") + 1
    assert "'[NB-12.7]'" in errors[1].message


def test_a_broken_block_line_stops_the_search():
    """A mistake on a line with a brace is reported alone: reading on past an unbalanced
    block would report errors that are not there."""
    text = MINIMAL_VARIANT + "items {{\n" + '  item x1 "a" 1 tai when wait(edge [NB-12.5]\n}\n'
    errors = _errors(text)
    assert [d.line for d in errors] == [_line_of(text, "items {{")]


def test_syntax_errors_are_capped():
    from nbmj.rules.parsing import MAX_SYNTAX_ERRORS

    text = MINIMAL_VARIANT + "items {\n" + "".join(
        f'  item x{i} "a" 1 tai when wait(edge [NB-12.5]\n' for i in range(MAX_SYNTAX_ERRORS + 5)) + "}\n"
    assert len(_errors(text)) == MAX_SYNTAX_ERRORS


def test_every_full_width_character_is_reported_in_one_run():
    """A Chinese keyboard's slips are all reported at once (a block's braces too), the file
    is read on as if they were ASCII, so its other mistakes show in the same run; labels and
    comments keep their Chinese punctuation."""
    text = (
        'variant kid extends ningbo "一个孩子，继承宁波"\n'
        "# 注释里的全角：（）｛｝没关系\n"
        "scoring tai ｛ minimum ２； cap 20 ｝\n"
        'items { item flush “清一色，五台” 5 tai when （flush） 【NB-12.11】 }\n'
        "dealer { on_draw stya }\n"
    )
    errors = _errors(text)
    wide = [(d.line, d.column, d.message.split(" (U+")[0]) for d in errors if "full-width" in d.message]
    lines = text.split("\n")
    expected = [
        (n, lines[n - 1].index(ch) + 1, f"full-width {ch!r}")
        for n, chars in ((3, "｛２；｝"), (4, "“”（）【】"))
        for ch in chars
    ]
    assert wide == expected
    assert any(d.message.startswith("unknown value 'stya' for dealer.on_draw") for d in errors)
    assert len(errors) == len(expected) + 1


def test_limits_are_located_errors_not_internal_ones():
    """Nesting a thousand deep, and numbers past the 4,300 digits Python reads, are each
    refused where they stand (they were `internal error while compiling` at 1:1)."""
    deep = _kid('items {\n  new item d "深" 1 tai when ' + "not " * 1000 + "flush [NB-12.11]\n}\n")
    nested = _kid('items {\n  new item d "深" 1 tai when ' + "(flush and " * 1000 + "flush" + ")" * 1000 + " [NB-12.11]\n}\n")
    line = 'new item d "深" 1 tai when '
    for text, column in ((deep, len(line) + 50 * len("not ")), (nested, len(line) + 50 * len("(flush and ") + 1)):
        (d,) = _errors(text)
        # at the 51st `not`, and at the first condition inside the 51st parenthesis
        assert (d.line, d.column - 2) == (3, column + 1), d.render(context=False)
        assert "nests more than 50 deep" in d.message
    for body in ("scoring tai { minimum %s }\n", "items { item flush \"清一色\" %s tai when flush [NB-12.11] }\n",
                 "payments { self_draw: each_other %s [NB-14.2] }\n",
                 'items { new item x "x" 1 tai when wilds_held >= %s [NB-12.24] }\n'):
        text = _kid(body % ("9" * 5000))
        (d,) = _errors(text)
        assert (d.line, d.column) == (2, text.split("\n")[1].index("9" * 5000) + 1)
        assert d.message == f"a number of 5,000 digits is too long: a number here has at most {MAX_DIGITS} digits"
    assert compile_text(_kid("scoring tai { minimum 4 }\nitems { new item x \"x\" 1 tai when wilds_held >= 3 [NB-12.24] }\n")).name == "kid"


def test_an_added_kong_payment_row_needs_pungs_NB_14_17():
    """NB-14.17: a row for a win on the replacement of a kong added to a claimed pung says
    nothing in a variant where nobody may pung."""
    from nbmj.errors import RuleSetError

    with pytest.raises(RuleSetError) as err:
        compile_text('variant x extends xizhou "no pungs"\nclaims { pon no }\n', "x.nbv")
    assert "payments for a kong added to a claimed pung, but claims.pon is no" in str(err.value)


@pytest.mark.parametrize("text", [None, MINIMAL_VARIANT.encode(), 42])
def test_text_that_is_no_string_is_named_as_such(text):
    # compile_text(None) said "internal error while compiling: AttributeError(...)": the
    # input was at fault, not the compiler
    with pytest.raises(RuleSetError) as err:
        compile_text(text, "mine.nbv")
    assert str(err.value) == f"mine.nbv:1:1: a variant's text is a string, not {text!r}"

"""The DSL can say every option of the fact sheet's contradictions C1-C30.

Each case is a small child of a shipped variant that picks the option the shipped variants
do not (or, where they do, shows the words), and checks the compiled value.
"""

from __future__ import annotations

import pytest

from nbmj.errors import RuleSetError
from nbmj.rules import compile_text, load_variant
from nbmj.rules.model import Share


def kid(body: str, parent: str = "ningbo"):
    return compile_text(f'variant kid extends {parent} "C-list case"\n{body}\n', "kid.nbv")


CASES = [
    # C1 (NB-1.1): the 136-tile set, no flowers
    pytest.param("ningbo", 
        "tiles { flowers no }\ndealing { stacks_per_wall 17 }\nitems {\n"
        " drop seat_flower\n drop flower_set\n drop all_flowers\n drop other_flower\n}",
        lambda r: r.tiles.total == 136 and r.flowers.seat_flowers == (),
        id="C1-no-flowers",
    ),
    # C2 (NB-4.6): S000's indicator
    pytest.param("ningbo", "wilds { indicator_die sum; indicator_origin player_wall }",
                 lambda r: (r.wilds.indicator_die, r.wilds.indicator_origin) == ("sum", "player_wall"), id="C2-indicator"),
    # C3 (NB-4.9): seven wilds
    pytest.param("ningbo", "wilds { kinds same next }", lambda r: r.wilds.kinds == ("same", "next"), id="C3-seven-wilds"),
    # C4, C5 (NB-16.2, NB-16.3)
    pytest.param("ningbo", "dealer { on_nondealer_win winner; on_draw next_seat }",
                 lambda r: (r.dealer.on_nondealer_win, r.dealer.on_draw) == ("winner", "next_seat"), id="C4-C5-dealer"),
    # C6 (NB-12.14): S004's seat table in a Ningbo game
    pytest.param("ningbo", "flowers { seat W 3f 8f; seat N 4f 7f }",
                 lambda r: dict(r.flowers.seat_flowers)["N"] == (37, 40), id="C6-seat-table"),
    # C7, C8 (NB-5.3, NB-5.4)
    pytest.param("ningbo", "flowers { initial_replacement per_player; in_play manual }",
                 lambda r: (r.flowers.initial_replacement, r.flowers.in_play) == ("per_player", "manual"), id="C7-C8-flowers"),
    # C9 (NB-7.7): several winners
    pytest.param("ningbo", "claims { multiple_winners all }", lambda r: r.claims.multiple_winners == "all", id="C9-multiple-winners"),
    # C10 (NB-14.13): S000's shares
    pytest.param("ningbo", "payments { discard: discarder 1 [NB-14.13] }",
                 lambda r: {p.situation: p.shares for p in r.payments}["discard"] == (Share("discarder", 1),), id="C10-shares"),
    # C11 (NB-14.5): pungs only, from the winner's feeder, others pay
    pytest.param("ningbo", "liability { counts pon; direction winner_fed; others_pay yes }",
                 lambda r: (r.liability.counts, r.liability.direction, r.liability.others_pay) == (("pon",), "winner_fed", True),
                 id="C11-liability"),
    # C12 (NB-12.3): X-NBCB's 排胡 1, removed by a single or closed wait
    pytest.param("ningbo", 'items { item pai_hu "排胡" 1 tai when not (wait(single) or wait(closed)) [NB-12.3] }',
                 lambda r: r.item("pai_hu").value == 1, id="C12-pai-hu"),
    # C13 (NB-12.12): X-NBCB's 4-baida 混一色 3
    pytest.param("ningbo", 'items { item half_flush "混一色" 3 tai when half_flush [NB-12.12] }',
                 lambda r: r.item("half_flush").value == 3, id="C13-values"),
    # C14 (NB-12.28): an item defined but switched on with a value
    pytest.param("ningbo", 'items { item heavenly "天胡" 8 tai when first_turn and dealer and self_draw [NB-12.28] }',
                 lambda r: r.item("heavenly").value == 8, id="C14-switch-on"),
    # C15 (NB-12.31, NB-11.10): 三百搭 5 outside the minimum, and self-draw only
    pytest.param("ningbo", 'items { item three_wilds "三百搭" 5 tai when wilds_held >= 3 not_for_minimum [NB-12.31] }\n'
                 "win_restrictions { forbid discard when wilds_held >= 3 or discarded_wild [NB-11.10] }",
                 lambda r: (r.item("three_wilds").value, r.item("three_wilds").counts_for_minimum, len(r.win_restrictions))
                 == (5, False, 2), id="C15-three-wilds"),
    # C16 (NB-13.3): a cap on tai, a cap on points, and a named cap hand (an item worth the cap)
    pytest.param("ningbo", 'scoring tai { cap 10; points_cap 4000 }\n'
                 'items { item heavenly "天胡" 10 tai when first_turn and dealer and self_draw [NB-12.28] }',
                 lambda r: (r.scoring.cap, r.scoring.points_cap, r.item("heavenly").value) == (10, 4000, 10), id="C16-caps"),
    # C17, C19, C20 (NH-3.9, NH-3.1, NH-4.2): ×(番+1), round before multiplying
    pytest.param("ninghai", "scoring fu_fan { fan_multiplier fan_plus_one; round_stage before_multiply; cap 250 }",
                 lambda r: (r.scoring.fan_multiplier, r.scoring.round_stage, r.scoring.cap) == ("fan_plus_one", "before_multiply", 250),
                 id="C17-C19-C20-fan"),
    # C21 (NH-3.7): 对对胡 worth 3 番
    pytest.param("ninghai", 'items { item fan_all_pungs "对对胡" 3 fan when all_pungs [NH-3.7] }',
                 lambda r: r.item("fan_all_pungs").value == 3, id="C21-all-pungs"),
    # C22 (NH-3.8): dragon pairs instead of pungs
    pytest.param("ninghai", 'items { item fan_dragon_pung "箭对" 1 fan each pairs(dragon) [NH-3.8] }',
                 lambda r: str(r.item("fan_dragon_pung").each) == "pairs(dragon)", id="C22-dragon-pairs"),
    # C23 (NH-1.7): the dealer's first turn only
    pytest.param("ninghai", "restrictions { discard_suits m p during dealer_first_turn [NH-1.7] }",
                 lambda r: r.restriction("discard_suits").window == "dealer_first_turn", id="C23-window"),
    # C24 (NH-1.4): "每人抓14张" read literally does not play (test_fourteen_each_is_refused);
    # the reading that plays gives the dealer the 14
    pytest.param("ninghai", "dealing { dealer_tiles 14; other_tiles 13 }",
                 lambda r: (r.dealing.dealer_tiles, r.dealing.other_tiles) == (14, 13), id="C24-fourteen-is-the-dealers"),
    # C25 (NB-10.1)
    pytest.param("ningbo", "winning { shapes standard }", lambda r: r.shapes == ("standard",), id="C25-shapes"),
    # C26 (NB-8.4): the chi ban without the big-crane exception
    pytest.param("ningbo", "restrictions { chi_discard_ban [NB-8.1] }",
                 lambda r: r.restriction("chi_discard_ban").unless == (), id="C26-no-exception"),
    # C27 (NB-11.9): S000 bars discard wins only
    pytest.param("ningbo", "win_restrictions { forbid discard when wild_single_wait [NB-11.9] }",
                 lambda r: r.win_restrictions[0].forbid == ("discard",), id="C27-discard-only"),
    # C28 (NB-7.9)
    pytest.param("ningbo", "claims { chi no; priority hu > kan = pon }\nrestrictions { drop chi_discard_ban }\nliability { counts pon kan }",
                 lambda r: not r.claims.chi, id="C28-no-chi"),
    # C29 (NH-5.5): a threshold scheme
    pytest.param("ninghai", "loser_settlement { mode threshold; adjacent 50 50; opposite 30 50 }",
                 lambda r: r.loser_settlement.mode == "threshold", id="C29-losers"),
    # C30 (NB-12.16): flower totals as a max-of group instead of excludes
    pytest.param("ningbo", 'items {\n item flower_set "四花" 2 tai each flower_sets group flowers [NB-12.15]\n'
                 ' item all_flowers "八花" 8 tai when flower_sets >= 2 group flowers [NB-12.16]\n}',
                 lambda r: (r.item("flower_set").group, r.item("all_flowers").group, r.item("all_flowers").excludes)
                 == ("flowers", "flowers", ()), id="C30-group"),
]


@pytest.mark.parametrize("parent, body, check", CASES)
def test_the_dsl_can_say_it(parent, body, check):
    assert check(kid(body, parent))


def test_every_contradiction_has_a_case():
    ids = " ".join(p.id for p in CASES)
    for n in range(1, 31):
        if n == 18:  # a typo in a seed's arithmetic: nothing to say
            continue
        assert f"C{n}-" in ids or f"-C{n}-" in ids, n


def test_shipped_defaults_differ_from_the_cases():
    """The cases pick the options the default does not (spot checks)."""
    nb = load_variant("ningbo")
    assert nb.dealer.on_nondealer_win == "next_seat" and nb.claims.multiple_winners == "nearest"


def test_fourteen_each_is_refused():
    """C24 (NH-1.4): S004's "每人抓14张" read literally is a hand no winning tile completes;
    the variant says so instead of compiling into one the engine cannot play."""
    with pytest.raises(RuleSetError, match="dealing.other_tiles must be one more than a multiple of 3"):
        kid("dealing { other_tiles 14; dealer_tiles 15 }")

"""``nbmj claims`` with the history fields: ``passed_pon`` (NB-8.6), ``passed_win`` (NB-8.7)
and ``last_discard`` (NB-15.2).

Each position is built by playing a scripted (or seeded) hand in the engine, so the input
that ``claims_for`` reads is the engine's own state at the discard, history included, and
the answer is checked against the claims the engine offers there. Without the fields the
same input must give the claim the field bars, so every test can fail both ways.
"""

import json
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from nbmj.cli import main
from nbmj.engine import Game
from nbmj.engine.actions import Action
from nbmj.engine.bots import GreedyBot
from nbmj.engine.claim_query import claims_for
from nbmj.errors import SituationError
from nbmj.rules import compile_text, load_variant
from nbmj.tiles import tile_code, to_notation

if str(Path(__file__).parent) not in sys.path:  # importlib import mode leaves tests/ off sys.path
    sys.path.insert(0, str(Path(__file__).parent))
from _engine_helpers import MIN0, NINGBO, make  # noqa: E402

HISTORY_SEAT_FIELDS = ("passed_pon", "passed_win")


# --------------------------------------------------------------------------- helpers


def position(g, p, t):
    """The claims input for ``p`` discarding ``t`` in game ``g``, read before the discard is
    made (the other seats' hands, melds and history do not change when it is). The history
    fields come from the engine's own bookkeeping; ``first_go_around`` is filled in after
    the discard by :func:`discard_and_compare`."""
    data = {
        "variant": g.rules.name,
        "discarder": g.seat_wind(p),
        "tile": tile_code(t),
        "round": g.round_wind,
        "last_discard": not g.can_draw(),
    }
    if g.indicator is not None:
        data["indicator"] = tile_code(g.indicator)
    for q in range(4):
        if q == p:
            continue
        hand = g.hands[q]
        data[g.seat_wind(q)] = {
            "concealed": to_notation([k for k in range(42) for _ in range(hand[k]) if not g.is_flower(k)]),
            "melds": [
                {"kind": kind, "tiles": to_notation(tiles), **({} if src is None else {"from": g.seat_wind(src)})}
                for kind, tiles, src in g.melds[q]
            ],
            "passed_pon": to_notation(sorted(g.passed_pon[q])),
            "passed_win": g.passed_win[q],
            "flowers": to_notation(g.flowers[q]),
        }
    return data


def without_history(data):
    """``data`` with every history field removed: the input as it was before the fields existed."""
    out = {k: v for k, v in data.items() if k not in ("last_discard", "wall", "kongs")}
    for s in "ESWN":
        if isinstance(out.get(s), dict):
            out[s] = {k: v for k, v in out[s].items() if k not in HISTORY_SEAT_FIELDS}
    return out


def kinds(answer, seat):
    return [o["claim"] for o in answer["claims"][seat]]


def shape(claims):
    """Claims by seat as (claim, tiles of a chi) pairs, the form both sides are compared in."""
    return {s: sorted((o["claim"], o.get("tiles") if o["claim"] == "chi" else None) for o in opts) for s, opts in claims.items()}


def engine_claims(g, p):
    """What the engine offers each other seat on the discard it has just taken from ``p``."""
    out = {g.seat_wind(q): [] for q in range(4) if q != p}
    if g.phase == "claims":
        for q, opts in g.options.items():
            out[g.seat_wind(q)] = sorted((a.kind, to_notation(a.use) if a.kind == "chi" else None) for a in opts if a.kind != "pass")
    return out


def discard_and_compare(g, action):
    """Make the discard ``action``; return (claims input, claims_for's answer, the engine's offers)."""
    p = "ESWN".index(action.seat)
    data = position(g, p, action.tile)
    data["wall"], data["kongs"] = g.wall.remaining, g.kongs  # the reserve (NB-9.7, NB-15.2, NH-1.9)
    g.step(action)
    data["first_go_around"] = g.discards_made < 4 and not g.claims_made  # the discard itself counts (NH-1.8's window)
    return data, claims_for(data, g.rules), engine_claims(g, p)


def cli(data):
    return CliRunner().invoke(main, ["claims", "-"], input=json.dumps(data))


def cli_json(data):
    r = cli(data)
    assert r.exit_code == 0, r.output
    return json.loads(r.output)


# --------------------------------------------------------------------------- NB-8.6


def _pon_passed_position():
    """S000's example, played in the engine: E discards 1z, N holds 1z-1z and passes the
    pong; S then discards another 1z before N's turn."""
    hands = {"E": "1z123456789m123p5z", "S": "1z123456789s12p3p", "W": "2z2z3z3z4z4z5z5z6z6z7z7z8p", "N": "1z1z4p5p6p7p8p9p1s2s3s4s5s"}
    g = make(hands, rules=NINGBO, draws="9p9p")
    g.step(Action.parse("E discard 1z"))
    assert any(a.kind == "pon" for a in g.legal_actions("N"))
    g.step(Action.parse("N pass"))
    return g, discard_and_compare(g, Action.parse("S discard 1z"))


def test_passed_pon_bars_the_pon_NB_8_6():
    """NB-8.6."""
    g, (data, answer, engine) = _pon_passed_position()
    assert data["N"]["passed_pon"] == "1z"  # the engine's own record of the pass
    assert "pon" not in kinds(answer, "N") and answer["winner"] is None
    assert shape(answer["claims"]) == engine  # the engine offers N nothing either
    plain = claims_for(without_history(data))
    assert plain["claims"]["N"] == [{"claim": "pon", "tiles": "11z"}]
    assert plain["winner"] == {"seat": "N", "claim": "pon", "tiles": "11z"}
    # another kind passed does not bar this one
    data["N"]["passed_pon"] = ["2z", "5m"]
    assert claims_for(data)["claims"]["N"] == [{"claim": "pon", "tiles": "11z"}]


def test_passed_pon_bars_the_pon_through_the_cli_NB_8_6():
    """NB-8.6."""
    _, (data, _, _) = _pon_passed_position()
    assert cli_json(data)["claims"]["N"] == []
    assert cli_json(without_history(data))["winner"] == {"seat": "N", "claim": "pon", "tiles": "11z"}
    data["N"]["passed_pon"] = ["1z"]  # a list of tiles reads the same
    assert cli_json(data)["claims"]["N"] == []


# --------------------------------------------------------------------------- NB-8.7

HANDS_WIN = {"E": "1p1z2z3z4z5z6z7z9m9m9p9p8s8s", "S": "4p1s2s3s4s5s6s7s8s1z2z3z4z", "W": "5p6p7p8p9m1s2s3s4s5s6s7s5z", "N": "123m456m789m23p11s"}


def _win_passed_position():
    """S000's example, played in the engine: N could win on E's 1p and passes; S then
    discards 4p, which also completes N's hand. The minimum is 0 so that N's hand wins."""
    g = make(HANDS_WIN, rules=MIN0, draws="7z6z4p")
    g.step(Action.parse("E discard 1p"))
    assert Action("N", "hu") in g.legal_actions("N")
    g.step(Action("N", "pass"))
    return g, discard_and_compare(g, Action.parse("S discard 4p"))


def test_passed_win_bars_the_discard_win_NB_8_7():
    """NB-8.7."""
    g, (data, answer, engine) = _win_passed_position()
    assert data["N"]["passed_win"] is True  # the engine's own record of the pass
    assert "hu" not in kinds(answer, "N")
    assert shape(answer["claims"]) == engine
    assert answer["winner"] == {"seat": "W", "claim": "chi", "tiles": "56p"}
    plain = claims_for(without_history(data), MIN0)
    assert kinds(plain, "N") == ["hu"] and plain["winner"] == {"seat": "N", "claim": "hu"}
    data["N"]["passed_win"] = False
    assert kinds(claims_for(data, MIN0), "N") == ["hu"]


def test_passed_win_bars_the_discard_win_through_the_cli_NB_8_7(tmp_path):
    """NB-8.7; the variant is a file (Ningbo with a minimum of 0), as ``variant`` allows."""
    _, (data, _, _) = _win_passed_position()
    nbv = tmp_path / "ningbo-min0.nbv"
    nbv.write_text('variant ningbo-min0 extends ningbo "no minimum"\nscoring tai { minimum 0 }\n', encoding="utf-8")
    data["variant"] = str(nbv)
    out = cli_json(data)
    assert out["claims"]["N"] == [] and out["winner"]["seat"] == "W"
    out = cli_json(without_history(data))
    assert kinds(out, "N") == ["hu"] and out["winner"] == {"seat": "N", "claim": "hu"}


# --------------------------------------------------------------------------- NB-15.2


def _passive(obs, legal):
    """Never claims or wins; discards the tile it drew: the wall runs out."""
    for a in legal:
        if a.kind == "pass":
            return a
    discards = [a for a in legal if a.kind == "discard"]
    return next((a for a in discards if a.tile == obs["drawn"]), discards[-1])


def _last_discard_position():
    """A Ningbo hand played passively to the last drawable tile, whose player then discards
    a tile another seat holds a pair of (the first seed where there is one)."""
    for seed in range(20):
        g = Game(NINGBO, seed)
        while not g.is_over and not (g.phase == "turn" and not g.can_draw()):
            seat = g.to_act[0]
            g.step(_passive(g.observation(seat), g.legal_actions(seat)))
        if g.is_over:
            continue
        p = g.current
        for a in g.legal_actions("ESWN"[p]):
            if a.kind == "discard" and a.tile not in g.wilds:
                q = next((q for q in range(4) if q != p and g.hands[q][a.tile] >= 2), None)
                if q is not None:
                    return g, g.seat_wind(q), discard_and_compare(g, a)
    pytest.fail("no seed reaches the last tile with a discard another seat could pong")


def test_last_discard_may_only_be_won_NB_15_2():
    """NB-15.2."""
    g, seat, (data, answer, engine) = _last_discard_position()
    assert data["last_discard"] is True and g.wall.remaining == 0
    assert all(o["claim"] == "hu" for opts in answer["claims"].values() for o in opts)
    assert shape(answer["claims"]) == engine
    plain = claims_for(without_history(data))
    assert "pon" in kinds(plain, seat)
    data["last_discard"] = False
    with pytest.raises(SituationError, match="'last_discard' is False, but a wall of 0 tiles says True"):
        claims_for(data)  # the wall count and the flag must agree
    del data["wall"]
    assert "pon" in kinds(claims_for(data), seat)


def test_last_discard_may_only_be_won_through_the_cli_NB_15_2():
    """NB-15.2."""
    _, seat, (data, _, _) = _last_discard_position()
    out = cli_json(data)
    assert out == claims_for(data)
    assert all(o["claim"] == "hu" for opts in out["claims"].values() for o in opts)
    assert "pon" in kinds(cli_json(without_history(data)), seat)


def test_last_discard_leaves_a_win_NB_15_2():
    """NB-15.2: a win on the last discard is still offered, with the same points."""
    data = {
        "variant": "ningbo", "discarder": "E", "tile": "5m", "indicator": "9p",
        "S": {"concealed": "46m1234p1234z567p", "melds": []},
        "W": {"concealed": "55m23456s6789p12z", "melds": []},
        "N": {"concealed": "34m678p111s222s55z", "melds": []},
        "last_discard": True,
    }
    answer = claims_for(data, MIN0)
    plain = claims_for(without_history(data), MIN0)
    assert kinds(plain, "S") == ["chi"] and kinds(plain, "W") == ["pon"]
    assert answer["claims"]["S"] == answer["claims"]["W"] == []
    assert kinds(answer, "N") == ["hu"] and answer["claims"]["N"] == plain["claims"]["N"]
    assert answer["winner"] == plain["winner"] == {"seat": "N", "claim": "hu"}
    # with nobody able to win, nobody takes the last discard
    data["N"]["concealed"] = "34m678p111s222s56z"
    assert claims_for(data, MIN0)["winner"] is None
    assert claims_for(without_history(data), MIN0)["winner"] == {"seat": "W", "claim": "pon", "tiles": "55m"}


# --------------------------------------------------------------------------- variants

TABLE = {
    "discarder": "E",
    "tile": "5s",
    "S": {"concealed": "55s1234p1234z567p", "melds": []},
    "W": {"concealed": "77s23456m6789p12z", "melds": []},
    "N": {"concealed": "123m456m789m11p46s", "melds": []},
}


def _table(variant, **history):
    data = json.loads(json.dumps(TABLE))
    data["variant"] = variant
    if load_variant(variant).wilds.enabled:
        data["indicator"] = "9p"
    data["S"]["passed_pon"] = history.get("passed_pon", "")
    data["N"]["passed_win"] = history.get("passed_win", False)
    return data


def test_a_variant_without_the_restrictions_ignores_the_fields_NB_8_6_NB_8_7():
    """NB-8.6, NB-8.7: the Ninghai variants have neither ``pon_after_pass`` nor ``win_after_pass``."""
    for name in ("ninghai", "ninghai-yaobanliu", "ninghai-tuidaoba", "ninghai-yaoerliu"):
        rules = load_variant(name)
        assert rules.restriction("pon_after_pass") is None and rules.restriction("win_after_pass") is None
        plain = claims_for(_table(name))
        assert kinds(plain, "S") == ["pon"]
        assert claims_for(_table(name, passed_pon="5s", passed_win=True)) == plain
        assert cli_json(_table(name, passed_pon="5s", passed_win=True)) == plain
    # the same fields bite in Ningbo, which has both restrictions
    assert kinds(claims_for(_table("ningbo")), "S") == ["pon"]
    assert kinds(claims_for(_table("ningbo", passed_pon="5s")), "S") == []


def test_a_restriction_of_the_first_go_around_needs_first_go_around_NB_8_6_NB_8_7():
    """NB-8.6, NB-8.7 with a window: applied only while ``first_go_around`` is true, as the engine's ``_on``."""
    early = compile_text(
        'variant early extends ningbo "the pass restrictions only in the first go-around"\n'
        "restrictions {\n  drop pon_after_pass\n  drop win_after_pass\n"
        "  pon_after_pass during first_go_around [NB-8.6]\n  win_after_pass during first_go_around [NB-8.7]\n}\n"
        "scoring tai { minimum 0 }\n"
    )
    data = _table("ningbo", passed_pon="5s", passed_win=True)
    later = claims_for(data, early)
    assert kinds(later, "S") == ["pon"] and kinds(later, "N") == ["hu"]
    data["first_go_around"] = True
    first = claims_for(data, early)
    assert kinds(first, "S") == [] and kinds(first, "N") == []


def test_absent_and_default_fields_give_the_same_answer_NB_8_6_NB_8_7_NB_15_2():
    """The fields left out, or given as "" / [] / false, change nothing."""
    for name in ("ningbo", "ningbo-7wild", "ninghai"):
        data = _table(name)
        bare = without_history(data)
        assert claims_for(data) == claims_for(bare)
        assert claims_for({**data, "last_discard": False}) == claims_for(bare)
        data["S"]["passed_pon"] = []
        assert claims_for(data) == claims_for(bare)


# --------------------------------------------------------------------------- bad values


@pytest.mark.parametrize(
    "change, words",
    [
        (lambda d: d["S"].update(passed_pon=5), "'S.passed_pon' must be tiles in notation (a string or a list of strings), not 5"),
        (lambda d: d["S"].update(passed_pon=None), "'S.passed_pon' must be tiles in notation (a string or a list of strings), not None"),
        (lambda d: d["S"].update(passed_pon={"5s": 1}), "not {'5s': 1}"),
        (lambda d: d["S"].update(passed_pon=["5s", 7]), "not ['5s', 7]"),
        (lambda d: d["S"].update(passed_pon="5x"), "bad tiles in 'S.passed_pon'"),
        (lambda d: d["S"].update(passed_pon="3f"), "'S.passed_pon' names a flower ('3f')"),
        (lambda d: d["N"].update(passed_win="yes"), "'N.passed_win' must be true or false, not 'yes'"),
        (lambda d: d["N"].update(passed_win=1), "'N.passed_win' must be true or false, not 1"),
        (lambda d: d.update(last_discard="true"), "'last_discard' must be true or false, not 'true'"),
        (lambda d: d.update(last_discard=None), "'last_discard' must be true or false, not None"),
        (lambda d: d.update(passed_win=True), "unknown field 'passed_win'"),  # a seat's field, not a top-level one
        (lambda d: d.update(last_discards=True), "unknown field 'last_discards'"),
    ],
)
def test_bad_history_values_are_exit_2_NB_8_6_NB_8_7_NB_15_2(change, words):
    data = _table("ningbo")
    change(data)
    with pytest.raises(SituationError) as exc:
        claims_for(data)
    assert words in str(exc.value)
    r = cli(data)
    assert r.exit_code == 2, r.output
    assert words in r.output and len(r.output.strip().splitlines()) == 1


def test_bad_values_are_checked_in_a_variant_that_ignores_them_NB_8_6():
    data = _table("ninghai")
    data["S"]["passed_pon"] = "5x"
    r = cli(data)
    assert r.exit_code == 2 and "bad tiles in 'S.passed_pon'" in r.output


# --------------------------------------------------------------------------- the engine agrees

_greedy = GreedyBot()


def _passing_bot(obs, legal):
    """Passes every claim and never wins, otherwise greedy: hands stay ready, wins and
    pongs are passed again and again, and the wall runs out."""
    legal = [a for a in legal if a.kind != "hu"]
    return next((a for a in legal if a.kind == "pass"), None) or _greedy(obs, legal)


@pytest.mark.parametrize("variant, hands, must_change", [
    ("ningbo", 12, ("last_discard",)),  # the real 4-tai minimum: flowers are part of the input
    ("ningbo-min0", 12, ("passed_win", "last_discard")),  # every complete hand may win: wins are passed
    ("ninghai", 4, ("last_discard",)),  # no pass restrictions; the last discard still counts
])
def test_the_engine_agrees_at_every_discard_NB_8_6_NB_8_7_NB_15_2(variant, hands, must_change):
    """At every discard of played hands, ``claims_for`` on the engine's state (history
    fields and flowers included) gives exactly the claims the engine offers; and the
    history fields changed the answer at some of them (so the check covers the
    restrictions)."""
    rules = MIN0 if variant == "ningbo-min0" else load_variant(variant)
    changed = {"passed_win": 0, "last_discard": 0}
    compared = 0
    for seed in range(hands):
        g = Game(rules, seed)
        while not g.is_over:
            seat = g.to_act[0]
            action = _passing_bot(g.observation(seat), g.legal_actions(seat))
            if action.kind != "discard":
                g.step(action)
                continue
            data, answer, engine = discard_and_compare(g, action)
            got = shape(answer["claims"])
            assert got == engine, (variant, seed, data)
            compared += 1
            plain = claims_for(without_history(data), rules)["claims"]
            if shape(plain) != shape(answer["claims"]):
                if data["last_discard"]:
                    changed["last_discard"] += 1
                if any(isinstance(v, dict) and v["passed_win"] for v in data.values()):
                    changed["passed_win"] += 1
    assert compared > 100
    assert all(changed[k] for k in must_change), changed
    if variant == "ninghai":  # Ninghai records no passes
        assert not changed["passed_win"], changed

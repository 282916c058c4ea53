"""Reading and checking the JSON situation of ``nbmj score`` (Situation.from_dict)."""

import re
import sys
from pathlib import Path

import pytest

from nbmj.errors import SituationError
from nbmj.scoring import Situation
from nbmj.scoring.situation import Meld
from nbmj.tiles import parse_tile, parse_tiles

if str(Path(__file__).parent) not in sys.path:  # importlib import mode leaves tests/ off sys.path
    sys.path.insert(0, str(Path(__file__).parent))
from _scoring_helpers import GOOD_SITUATION as GOOD  # noqa: E402



def test_reads_every_field():
    sit = Situation.from_dict(GOOD)
    assert sit.seat == "S" and sit.round_wind == "E"
    assert sit.concealed == tuple(parse_tiles("13s66m888m"))
    assert sit.win_tile == parse_tile("2s")
    assert sit.melds == (Meld("kan", tuple(parse_tiles("9999m")), "E"), Meld("pon", tuple(parse_tiles("555m")), "W"))
    assert sit.flowers == tuple(parse_tiles("15f"))
    assert sit.indicator == parse_tile("1z")
    assert sit.discarder is None
    assert sit.variant == "ningbo"


def test_round_trip():
    sit = Situation.from_dict(GOOD)
    assert Situation.from_dict(sit.to_dict()) == sit


def test_fed_is_read():
    sit = Situation.from_dict({**GOOD, "fed": {"E": 3, "N": 0}})
    assert sit.fed == (("E", 3),)


def _bad(**changes):
    data = {**GOOD, **changes}
    for k, v in list(data.items()):
        if v is _DROP:
            del data[k]
    return data


_DROP = object()


@pytest.mark.parametrize(
    "data, fragment",
    [
        (_bad(concealed="13s 66m 888x"), "concealed"),
        (_bad(win_tile="0m"), "win_tile"),
        (_bad(win_tile="2s3s"), "win_tile"),
        (_bad(seat="X"), "seat"),
        (_bad(win_by="ron"), "win_by"),
        (_bad(win_by="discard"), "from"),
        (_bad(win_by="discard", **{"from": "S"}), "winner"),
        (_bad(win_by="rob_kong"), "from"),
        (_bad(melds=[{"kind": "pon", "tiles": "556m", "from": "W"}, {"kind": "kan", "tiles": "9999m", "from": "E"}]), "not a pon"),
        (_bad(melds=[{"kind": "chi", "tiles": "891m", "from": "W"}, {"kind": "kan", "tiles": "9999m", "from": "E"}]), "not a chi"),
        (_bad(melds=[{"kind": "chi", "tiles": "123z", "from": "W"}, {"kind": "kan", "tiles": "9999m", "from": "E"}]), "not a chi"),
        (_bad(melds=[{"kind": "pung", "tiles": "555m", "from": "W"}, {"kind": "kan", "tiles": "9999m", "from": "E"}]), "unknown kind"),
        (_bad(melds=[{"kind": "pon", "tiles": "555m"}, {"kind": "kan", "tiles": "9999m", "from": "E"}]), "needs 'from'"),
        # a meld without its tiles was read as none: "meld 0 ('') is not a pon"
        (_bad(melds=[{"kind": "pon", "from": "E"}]), "meld 0 (pon) needs 'tiles'"),
        (_bad(melds=[{"kind": "pon", "tiles": "555m", "from": "S"}, {"kind": "kan", "tiles": "9999m", "from": "E"}]), "the seat that made it"),
        (_bad(melds=[{"kind": "ankan", "tiles": "555m", "from": "W"}, {"kind": "kan", "tiles": "9999m", "from": "E"}]), "not a ankan"),
        (_bad(concealed="13s 66m 999m"), "copies"),
        (_bad(concealed="13s 66m 88m"), "not 14"),
        (_bad(indicator="9m"), "copies"),
        (_bad(flowers="11f"), "copies"),
        (_bad(flowers="1m"), "not a flower"),
        (_bad(fed={"S": 1}), "own seat"),
        (_bad(fed={"E": -1}), "fed"),
        (_bad(colour="red"), "unknown situation field"),
        (_bad(seat=_DROP), "lacks 'seat'"),
        (_bad(last_tile="yes"), "last_tile"),
        ([1, 2], "json object"),
    ],
)
def test_bad_situations_raise(data, fragment):
    """Impossible situations are refused with a SituationError that says what is wrong."""
    with pytest.raises(SituationError) as err:
        Situation.from_dict(data)
    assert fragment.lower() in str(err.value).lower()


# ---------------------------------------------------------------- a Situation made in Python

_HAND = parse_tiles("123m456p789s11222z")


def _made(**changes):
    """A winning Situation made in Python (no JSON), with ``changes``."""
    fields = dict(seat="S", round_wind="E", concealed=tuple(_HAND[:13]), win_tile=_HAND[13], win_by="self_draw",
                  indicator=parse_tile("5z"))
    fields.update(changes)
    return Situation(**fields)


_SHORT = tuple(parse_tiles("456p789s1122z"))  # ten tiles: one meld to add


@pytest.mark.parametrize(
    "changes, fragment",
    [
        ({"seat": "X"}, "'seat'"),
        ({"round_wind": "Q"}, "'round'"),
        ({"concealed": (-1,) + tuple(_HAND[1:13])}, "-1 in 'concealed' is no tile id"),  # was read as 7z
        ({"concealed": (True,) + tuple(_HAND[1:13])}, "true in 'concealed' is no tile id"),
        ({"win_tile": 99}, "'win_tile'"),
        ({"win_by": "ron"}, "win_by"),
        ({"win_by": "discard"}, "needs 'from'"),
        ({"win_by": "discard", "discarder": "S"}, "own seat"),
        ({"win_by": "discard", "discarder": "X"}, "'from'"),
        ({"concealed": _SHORT, "melds": (Meld("chi", tuple(parse_tiles("159m")), "E"),)}, "not a chi"),
        ({"concealed": _SHORT, "melds": (Meld("chi", tuple(parse_tiles("123m")), "S"),)}, "the seat that made it"),
        ({"concealed": _SHORT, "melds": (Meld("chi", tuple(parse_tiles("123m")), None),)}, "needs 'from'"),
        # NB-7.1: only the 上家's discard can be chowed (South's is East); it was scored, and
        # counted towards a 三摊 link with the seat named
        ({"concealed": _SHORT, "melds": (Meld("chi", tuple(parse_tiles("123m")), "W"),)}, "only from the 上家, 'E'"),
        ({"concealed": _SHORT, "melds": (Meld("chi", tuple(parse_tiles("123m")), "N"),)}, "only from the 上家, 'E'"),
        ({"concealed": _SHORT, "melds": (Meld("pung", tuple(parse_tiles("111m")), "E"),)}, "unknown kind"),
        ({"concealed": _SHORT, "melds": ((0, 0, 0),)}, "must be a meld"),
        ({"flowers": tuple(parse_tiles("1m"))}, "not a flower"),
        ({"flowers": (parse_tile("1f"), parse_tile("1f"))}, "2 copies of '1f'"),
        ({"concealed": tuple(parse_tiles("11111m456p789s12z"))}, "5 copies of '1m'"),
        ({"concealed": tuple(_HAND[:12])}, "not 14"),
        ({"fed": (("E", 9),)}, "'fed' count"),
        ({"fed": (("S", 1),)}, "own seat"),
        ({"liable": "S"}, "own seat"),
        ({"win_by": "kong_replacement"}, "needs a kong"),
    ],
)
def test_score_and_settle_check_a_situation_made_in_python(changes, fragment):
    """score(), settle(), links() and heavenly_choices() refuse a Situation made in Python
    that could be no win, as from_dict refuses its JSON: a SituationError saying what is
    wrong (before, some gave a plain ValueError or a TypeError, and some were scored: a tile
    id of -1 as 7z, a chi of 159m as 123m, a discard win with no discarder paying nothing)."""
    from nbmj.rules import load_variant
    from nbmj.scoring import links, score, settle
    from nbmj.scoring.scorer import heavenly_choices

    rules = load_variant("ningbo")
    sit = _made(**changes)
    for call in (lambda: score(sit, rules), lambda: settle(sit, rules, 4), lambda: heavenly_choices(sit, rules),
                 lambda: sit.check(rules)):
        with pytest.raises(SituationError) as err:
            call()
        assert fragment.lower() in str(err.value).lower()
        assert "b'" not in str(err.value)  # (the counts are never shown as bytes)
    if "14" not in fragment and "kong" not in fragment:  # (links read no hand size or win method)
        with pytest.raises(SituationError):
            links(sit, rules.liability)


def test_a_good_situation_made_in_python_still_scores():
    from nbmj.rules import load_variant
    from nbmj.scoring import score

    sit = _made()
    sit.check()
    assert score(sit, load_variant("ningbo")).decomposition


def test_the_hand_size_is_the_variants_NB_3_7():
    """A win holds the tiles the variant deals and one more (``dealing.other_tiles``): a
    variant dealing ten tiles a hand wins with eleven, which ``nbmj score``'s JSON may now
    say (from_dict asked for 14 whatever the variant), and ningbo refuses."""
    from nbmj.rules import compile_text, load_variant
    from nbmj.scoring import score

    ten = compile_text('variant ten extends ningbo "ten"\ndealing { dealer_tiles 11; other_tiles 10 }\n', "ten.nbv")
    sit = Situation.from_dict({**GOOD, "concealed": "13s 88m"})
    assert score(sit, ten).decomposition
    with pytest.raises(SituationError, match="not 14 .variant 'ningbo' deals 13"):
        score(sit, load_variant("ningbo"))
    with pytest.raises(SituationError, match="not 11 .variant 'ten' deals 10"):
        score(_made(), ten)
    with pytest.raises(SituationError, match="not 14"):
        Situation.from_dict({**GOOD, "concealed": "13s 888m"})


def test_the_other_public_scoring_calls_refuse_seats_and_tiles_that_are_none():
    """settle_losers, hand_fu and wind_kind raise NbmjErrors (UnknownSeatError,
    SituationError), not a plain ValueError, and hand_fu no longer counts a tile id of -1
    as 7z."""
    from nbmj.errors import UnknownSeatError
    from nbmj.rules import load_variant
    from nbmj.scoring import hand_fu, settle_losers
    from nbmj.scoring.facts import wind_kind

    ninghai = load_variant("ninghai")
    with pytest.raises(UnknownSeatError, match="'X'"):
        settle_losers({"E": 10, "X": 20}, ninghai)
    with pytest.raises(SituationError, match="whole number"):
        settle_losers({"E": 10, "W": -5}, ninghai)
    with pytest.raises(UnknownSeatError, match="'Q'"):
        wind_kind("Q")
    with pytest.raises(SituationError, match="'seat'"):
        hand_fu("777z", [], "", ninghai, "X")
    with pytest.raises(SituationError, match="-1 in 'concealed' is no tile id"):
        hand_fu((-1, -1, -1), [], "", ninghai, "E")
    with pytest.raises(SituationError, match="not a flower"):
        hand_fu("777z", [], "1m", ninghai, "E")
    with pytest.raises(SituationError, match="not a chi"):
        hand_fu("777z", [Meld("chi", tuple(parse_tiles("135m")), "N")], "", ninghai, "E")
    assert hand_fu("777z", [], "", ninghai, "E") == hand_fu(tuple(parse_tiles("777z")), [], "", ninghai, "E") > 0


@pytest.mark.parametrize("given", [dict(GOOD), "S wins 123s", None])
def test_score_refuses_what_is_no_situation(given):
    """score() given the JSON object itself, or anything but a Situation, raises a
    SituationError naming what it needs (before: an AttributeError under the pure-Python
    build, a TypeError where compiled)."""
    from nbmj.rules import load_variant
    from nbmj.scoring import score

    with pytest.raises(SituationError, match=r"score needs a Situation .* not " + re.escape(repr(given)[:20])):
        score(given, load_variant("ningbo"))


@pytest.mark.parametrize("given", ["ningbo", None, {"name": "ningbo"}])
def test_score_refuses_rules_that_are_no_rule_set(given):
    """score() given a variant's name (or anything but a compiled RuleSet) raises an
    UnknownVariantError saying where a rule set comes from (before: an AttributeError)."""
    from nbmj.errors import UnknownVariantError
    from nbmj.scoring import score

    with pytest.raises(UnknownVariantError, match=r"needs a compiled rule set \(load_variant gives one\), not " + re.escape(repr(given))):
        score(_made(), given)


@pytest.mark.parametrize("given", [dict(GOOD), None])
def test_settle_and_links_refuse_what_is_no_situation(given):
    """settle() and links() given anything but a Situation raise a SituationError naming
    what they need, as score() does (before: an AttributeError, 'no attribute check');
    settle() given a variant's name for its rules an UnknownVariantError."""
    from nbmj.errors import UnknownVariantError
    from nbmj.rules import load_variant
    from nbmj.scoring import links, settle

    ningbo = load_variant("ningbo")
    with pytest.raises(SituationError, match=r"^settle needs a Situation .* not " + re.escape(repr(given)[:20])):
        settle(given, ningbo, 4)
    with pytest.raises(SituationError, match=r"^links needs a Situation .* not " + re.escape(repr(given)[:20])):
        links(given, ningbo.liability)
    with pytest.raises(UnknownVariantError, match=r"^settle needs a compiled rule set \(load_variant gives one\), not 'ningbo'$"):
        settle(_made(), "ningbo", 4)

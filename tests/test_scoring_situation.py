"""Reading and checking the JSON situation of ``nbmj score`` (Situation.from_dict)."""

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

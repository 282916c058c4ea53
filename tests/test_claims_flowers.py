"""``nbmj claims`` counts a seat's flowers toward a discard win (NB-12.14, NB-12.17, NB-13.1)."""

import copy
import json

import pytest
from click.testing import CliRunner

from nbmj.cli import main
from nbmj.engine.claim_query import claims_for
from nbmj.errors import SituationError

# S waits on 9s with one dragon pung: 箭刻 + 单吊 + 无百搭 = 3 tai, one short of Ningbo's minimum
TABLE = {
    "variant": "ningbo", "discarder": "E", "tile": "9s", "indicator": "9m",
    "S": {"concealed": "555z 111p 123m 456p 9s", "melds": []},
    "W": {"concealed": "1234567m 112236s", "melds": []},
    "N": {"concealed": "234567p 223345s 7z", "melds": []},
}


def with_flowers(flowers, seat="S"):
    data = copy.deepcopy(TABLE)
    data[seat]["flowers"] = flowers
    return data


def test_without_flowers_the_hand_is_below_the_minimum_NB_13_1():
    assert claims_for(TABLE)["claims"]["S"] == []


@pytest.mark.parametrize("flowers", ["2f", ["2f"], "26f"])
def test_a_seat_flower_lifts_the_hand_to_the_minimum_NB_12_14(flowers):
    answer = claims_for(with_flowers(flowers))
    points = 4 if flowers != "26f" else 5
    assert answer["claims"]["S"] == [{"claim": "hu", "points": points}]
    assert answer["winner"] == {"seat": "S", "claim": "hu"}


def test_another_seats_flower_scores_nothing_NB_12_17():
    assert claims_for(with_flowers("1f"))["claims"]["S"] == []


def test_flowers_through_the_cli_NB_12_14():
    r = CliRunner().invoke(main, ["claims", "-"], input=json.dumps(with_flowers("2f")))
    assert r.exit_code == 0, r.output
    assert json.loads(r.output)["winner"] == {"seat": "S", "claim": "hu"}


@pytest.mark.parametrize("flowers, words", [
    ("5m", "which is no flower"),
    (7, "must be flowers in notation"),
    ("2x", "bad tiles"),
])
def test_bad_flowers_are_refused(flowers, words):
    with pytest.raises(SituationError, match=words):
        claims_for(with_flowers(flowers))
    r = CliRunner().invoke(main, ["claims", "-"], input=json.dumps(with_flowers(flowers)))
    assert r.exit_code == 2
    assert words in r.output


def test_a_flower_laid_aside_twice_is_refused():
    data = with_flowers("2f")
    data["W"]["flowers"] = "2f"
    with pytest.raises(SituationError, match="2 copies of '2f'"):
        claims_for(data)


@pytest.mark.parametrize("field", ["passed_pong", "flower", "conceal"])
def test_a_misspelt_seat_field_is_refused(field):
    """A misspelt optional field would otherwise pass for an absent one (NB-8.6 unapplied)."""
    data = copy.deepcopy(TABLE)
    data["S"][field] = "5m"
    with pytest.raises(SituationError, match=f"unknown field 'S.{field}'"):
        claims_for(data)
    r = CliRunner().invoke(main, ["claims", "-"], input=json.dumps(data))
    assert r.exit_code == 2 and f"S.{field}" in r.output


@pytest.mark.parametrize("value", [1, "yes", None])
def test_first_go_around_must_be_true_or_false(value):
    data = {**copy.deepcopy(TABLE), "first_go_around": value}
    with pytest.raises(SituationError, match="'first_go_around' must be true or false"):
        claims_for(data)

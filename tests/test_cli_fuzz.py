"""The contracts (``nbmj score``, ``nbmj claims``, ``nbmj hand``) never answer bad input with a crash.

Hypothesis edits a valid input: a field set to a value of any JSON type (or to something
close to a valid one), a field removed, a meld or a seat object scrambled. Every answer
must be a result (exit status 0) or a one-line error (exit status 2) that names no Python
exception: never a traceback, never exit status 1. ``nbmj hand`` gets any string.
"""

from __future__ import annotations

import copy
import json

from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from nbmj.cli import main

from _engine_helpers import CLAIMS_TABLE as CLAIMS
from _scoring_helpers import GOOD_SITUATION as SITUATION

# values of every JSON type, and near misses of valid ones
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 200) | st.floats(allow_nan=False, allow_infinity=False)
    | st.sampled_from(["", "E", "Z", "5m", "0m", "10m", "8f", "9f", "123", "1z1z", "discard", "kan", "ankan",
                       "self_draw", "rob_kong", "ningbo", "ninghai", "no-such", "555m", "1234m", "15f"])
    | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(["kind", "tiles", "from", "x"]), inner,
                                                                max_size=3),
    max_leaves=6,
)


def _edit(draw, data: dict) -> dict:
    data = copy.deepcopy(data)
    target = data
    # sometimes reach into a nested object (a meld, a seat)
    nested = [v for v in data.values() if isinstance(v, dict)]
    nested += [m for v in data.values() if isinstance(v, list) for m in v if isinstance(m, dict)]
    if nested and draw(st.booleans()):
        target = draw(st.sampled_from(nested))
    key = draw(st.sampled_from(sorted(target) + ["extra"]))
    if draw(st.integers(0, 4)) == 0:
        target.pop(key, None)
    else:
        target[key] = draw(json_values)
    return data


@st.composite
def edited(draw, base):
    data = base
    for _ in range(draw(st.integers(1, 3))):
        data = _edit(draw, data)
    return data


def _check(command: str, data) -> None:
    r = CliRunner().invoke(main, [command, "-"], input=json.dumps(data))
    assert r.exit_code in (0, 2), (data, r.output, r.exception)
    assert "Traceback" not in r.output
    if r.exit_code == 0:
        json.loads(r.output)
    else:  # one line naming the problem, as every nbmj error is printed
        lines = r.output.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("nbmj: error: "), r.output


@settings(max_examples=300, deadline=None)
@given(edited(SITUATION))
def test_score_answers_every_edited_situation(data):
    _check("score", data)


@settings(max_examples=300, deadline=None)
@given(edited(CLAIMS))
def test_claims_answers_every_edited_table(data):
    _check("claims", data)


tile_soup = st.text(alphabet="0123456789mpszf ,", max_size=20) | st.text(max_size=12)


@settings(max_examples=300, deadline=None)
@given(tile_soup, st.none() | tile_soup)
def test_hand_answers_every_string(hand, wild):
    args = ["hand", "--", hand] if wild is None else ["hand", "--wild", wild, "--", hand]
    r = CliRunner().invoke(main, args)
    assert r.exit_code in (0, 2), (hand, wild, r.output, r.exception)
    if r.exit_code == 0:
        assert set(json.loads(r.output)) >= {"hand", "shanten"}
    else:
        lines = r.output.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("nbmj: error: "), r.output

"""Golden scoring files: tests/golden/score/*.json.

Each file holds one case: ``situation`` (the JSON input of ``nbmj score``), ``rules`` (the
rule IDs it checks), ``pinned`` (numbers taken from the sources: the fact sheet's test
vectors, checked by hand; never rewritten) and ``expected`` (the engine's full answer,
reviewed when written). ``pytest --update-goldens`` first writes each case of
golden/score/make_goldens.py (situation, rules, pinned), then ``expected`` from the engine;
``pinned`` must still hold.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from _goldens import updating, write_score_cases

from nbmj.rules import load_variant
from nbmj.scoring import Situation, score

GOLDEN = Path(__file__).resolve().parent / "golden" / "score"
UPDATE = updating()
if UPDATE:
    write_score_cases()
FILES = sorted(GOLDEN.glob("*.json"))


def comparable(result) -> dict:
    """The parts of a result a golden file fixes."""
    d = result.to_dict()
    return {
        "valid": d["valid"],
        "reason_rule": d["reason_rule"],
        "items": [{k: it[k] for k in ("name", "value", "unit", "rule")} for it in d["items"]],
        "tai": d["tai"],
        "fu": d["fu"],
        "fan": d["fan"],
        "hu": d["hu"],
        "points": d["points"],
        "payments": d["payments"],
        "decomposition": d["decomposition"],
        "wait": d["wait"],
    }


def check_pinned(pinned: dict, got: dict) -> None:
    for key, want in pinned.items():
        if key == "item_values":
            values = {it["name"]: it["value"] for it in got["items"]}
            for name, value in want.items():
                assert values.get(name, 0 if value == 0 else None) == value, f"item {name}: {values}"
        elif key == "absent_items":
            names = {it["name"] for it in got["items"]}
            assert not names & set(want), f"items {sorted(names & set(want))} should not score"
        elif key == "payments":
            assert got["payments"] == {**{s: 0 for s in "ESWN"}, **want}
        else:
            assert got[key] == want, f"{key}: {got[key]!r} != {want!r}"


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden(path: Path):
    case = json.loads(path.read_text(encoding="utf-8"))
    assert case["rules"], "a golden case names the rules it checks"
    sit = Situation.from_dict(case["situation"])
    result = score(sit, load_variant(case["situation"]["variant"]))
    got = comparable(result)
    assert sum(got["payments"].values()) == 0
    check_pinned(case.get("pinned", {}), got)
    if UPDATE:
        case["expected"] = got
        path.write_text(json.dumps(case, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    else:
        assert got == case["expected"]


def test_there_are_goldens():
    assert len(FILES) >= 40

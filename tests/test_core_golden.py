"""Known hands with their shanten, win or waits, and number of decompositions.

The answers in tests/golden/core/hands.json come from the brute-force oracle, not from
nbmj.core. To add hands, edit HANDS and regenerate (slow; needs no compiled core):

    pytest tests/test_core_golden.py --update-goldens

Regenerating writes the file from the oracle, then checks both backends against it.
"""

import json
from pathlib import Path

import pytest

import _core_helpers as helpers
from _goldens import updating
from nbmj.tiles import parse_counts, tile_code

GOLDEN = Path(__file__).parent / "golden" / "core" / "hands.json"

# (notation of the real tiles, wilds held besides them)
HANDS = [
    ("1112345678999m", 0),  # nine gates: waits on every m
    ("11123456789999m", 0),
    ("19m19p19s1234567z", 0),  # thirteen orphans is not a shape here
    ("19m19p19s123456z", 2),
    ("123m456p789s1122z", 0),
    ("123m456p789s112z", 2),
    ("123m456p789s12z", 2),
    ("123m456p789s1z", 0),
    ("123m456p789s11z", 3),
    ("123m456p789s", 2),
    ("2345m", 0),
    ("2345m", 3),
    ("1m", 0),
    ("1m", 1),
    ("", 2),
    ("", 4),
    ("1111m", 0),
    ("1111m", 1),  # NB-10.4: the wild is a fifth 1m
    ("1111m234p", 0),  # NB-10.4: the fifth 1m is no wait
    ("1111m456p789s22z", 2),
    ("11223344556677z", 0),  # seven pairs is not a shape here
    ("1122334455667z", 1),
    ("135m246p357s1234z", 0),
    ("135m246p357s12z", 2),
    ("111222333m", 2),
    ("1112223334445m", 0),
    ("2223334445556m", 1),
    ("13579m13579p", 3),
    ("1357m246p", 4),
    ("159m159p159s1z", 1),
    ("12m", 2),
    ("789p", 2),
    ("55z", 3),
    ("1234567z", 1),
]


def _unique(hands):
    seen, out = set(), []
    for h in hands:
        if h not in seen:
            seen.add(h)
            out.append(h)
    return out


def expected_entry(notation, wilds):
    import oracle

    from nbmj.core import _reference

    counts = parse_counts(notation) if notation else [0] * 34
    total = sum(counts) + wilds
    entry = {"hand": notation, "wilds": wilds, "shanten": oracle.shanten(counts, wilds)}
    if total % 3 == 2:
        entry["win"] = oracle.win(counts, wilds)
        entry["decompositions"] = len(oracle.decompositions(counts, wilds, _reference.Group, _reference.Decomposition))
    else:
        entry["waits"] = [tile_code(k) for k in oracle.waits(counts, wilds)]
    return entry


def write_golden() -> None:
    """Rewrites the golden file from the oracle, one hand a line (readable diffs)."""
    entries = [expected_entry(n, w) for n, w in _unique(HANDS)]
    GOLDEN.parent.mkdir(parents=True, exist_ok=True)
    lines = ",\n".join(json.dumps(e, ensure_ascii=False) for e in entries)
    GOLDEN.write_text("[\n" + lines + "\n]\n", encoding="utf-8")


def load():
    if not GOLDEN.exists():  # the coverage test then fails, naming the missing hands
        return []
    return json.loads(GOLDEN.read_text(encoding="utf-8"))


if updating():  # before the parametrized tests read the file: they then check the new one
    write_golden()


def test_golden_file_covers_the_hand_list():
    assert [(e["hand"], e["wilds"]) for e in load()] == _unique(HANDS)


@pytest.mark.parametrize("impl", list(helpers.backends().values()), ids=list(helpers.backends()))
@pytest.mark.parametrize("entry", load(), ids=lambda e: f"{e['hand'] or 'none'}+{e['wilds']}w")
def test_golden(impl, entry):
    hand = [0] * 34 if not entry["hand"] else entry["hand"]
    wilds = entry["wilds"]
    assert impl.shanten(hand, wilds) == entry["shanten"]
    if "win" in entry:
        assert impl.is_win(hand, wilds) == entry["win"]
        assert len(impl.decompositions(hand, wilds)) == entry["decompositions"]
    else:
        assert [tile_code(k) for k in impl.waits(hand, wilds)] == entry["waits"]


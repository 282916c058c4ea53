"""Perft-style count files: for fixed seeds and bots, each hand's event count, outcome,
winners and settlement, and a digest of its log (``tests/perft/<variant>.json``).

Any engine change that moves these numbers must say why in its commit. Regenerate with
``NBMJ_UPDATE_GOLDENS=1 pytest tests/test_engine_perft.py``; regeneration still checks that
every log replays.
"""

import hashlib
import json
import os
from pathlib import Path

import pytest

from nbmj.engine import Game, make_bots, play_hand
from nbmj.rules import list_variants, load_variant

PERFT = Path(__file__).parent / "perft"
SEEDS = range(8)
BOTS = ("greedy", "random")
UPDATE = os.environ.get("NBMJ_UPDATE_GOLDENS", "") not in ("", "0")


def perft(variant: str) -> dict:
    rules = load_variant(variant)
    hands = []
    for bot in BOTS:
        for seed in SEEDS:
            g = Game(rules, seed)
            res = play_hand(g, make_bots(bot, seed))
            log = g.log_text()
            list(Game.replay(log, rules=rules))
            hands.append(
                {
                    "bot": bot,
                    "seed": seed,
                    "events": len(g.events),
                    "outcome": res.outcome,
                    "winners": [{k: w[k] for k in ("seat", "win_by", "tile", "from", "points")} for w in res.winners],
                    "deltas": res.deltas,
                    "log_sha256": hashlib.sha256(log.encode("utf-8")).hexdigest(),
                }
            )
    return {"variant": variant, "hands": hands}


@pytest.mark.parametrize("variant", list_variants())
def test_perft_counts(variant):
    path = PERFT / f"{variant}.json"
    got = perft(variant)
    if UPDATE:
        path.write_text(json.dumps(got, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        return
    if not path.exists():  # a variant without its counts is a failure, not a skip
        pytest.fail(f"{path.name} is missing; run with NBMJ_UPDATE_GOLDENS=1 to write it")
    expected = json.loads(path.read_text(encoding="utf-8"))
    for e, g in zip(expected["hands"], got["hands"]):
        assert g == e, f"{variant} {e['bot']} seed {e['seed']} moved"
    assert len(expected["hands"]) == len(got["hands"])

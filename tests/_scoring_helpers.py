"""Random winning situations in every shipped variant, for the scorer's property tests.

Test files put tests/ on sys.path (the suite runs with ``--import-mode=importlib``, which
leaves it off) and import this module by name.
"""

from __future__ import annotations

import random
from functools import lru_cache

from hypothesis import strategies as st

from nbmj.rules import load_variant
from nbmj.rules.wilds import wild_tiles
from nbmj.scoring import Situation
from nbmj.scoring.situation import Meld

VARIANTS = ("ningbo", "ningbo-000", "ningbo-7wild", "ninghai", "ninghai-yaobanliu", "ninghai-tuidaoba", "ninghai-yaoerliu")
SEATS = ("E", "S", "W", "N")


@lru_cache(maxsize=None)
def rules_of(name):
    return load_variant(name)


@st.composite
def situations(draw, variants=VARIANTS, flower_indicator=True):
    variant = draw(st.sampled_from(variants))
    rules = rules_of(variant)
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    indicator = None
    if rules.wilds.enabled:  # a wild variant's situation names its indicator (as nbmj claims needs)
        indicator = rng.randrange(42 if flower_indicator else 34)
    wild = wild_tiles(rules.wilds, indicator)
    counts = [0] * 34
    if indicator is not None and indicator < 34:
        counts[indicator] += 1

    def take(kinds):
        for k in kinds:
            counts[k] += 1

    def fits(kinds, allow_wild=True):
        need = {}
        for k in kinds:
            need[k] = need.get(k, 0) + 1
        if not allow_wild and any(k in wild for k in need):
            return False
        return all(counts[k] + n <= 4 for k, n in need.items())

    # a third of the hands keep to one suit (half of those with honours), so that the flush
    # items and their exclusions come up often
    suits = [0, 1, 2]
    kinds = list(range(34))
    if rng.random() < 1 / 3:
        suits = [rng.randrange(3)]
        kinds = list(range(suits[0] * 9, suits[0] * 9 + 9)) + (list(range(27, 34)) if rng.random() < 0.5 else [])

    def chow_start():
        return rng.choice(suits) * 9 + rng.randrange(7)

    seat = rng.choice(SEATS)
    others = [s for s in SEATS if s != seat]
    n_melds = rng.randint(0, 4)
    melds = []
    for _ in range(200):
        if len(melds) == n_melds:
            break
        kind = rng.choice(("chi", "pon", "kan", "ankan", "kakan"))
        if kind == "chi" and not rules.claims.chi:
            continue
        if kind == "chi":
            s = chow_start()
            tiles = [s, s + 1, s + 2]
        else:
            k = rng.choice(kinds)
            tiles = [k] * (3 if kind == "pon" else 4)
        if not fits(tiles, allow_wild=False):
            continue
        take(tiles)
        melds.append(Meld(kind, tuple(tiles), None if kind == "ankan" else rng.choice(others)))
    concealed = []
    for _ in range(500):
        if len(concealed) == 3 * (4 - len(melds)):
            break
        if rng.random() < 0.5:
            s = chow_start()
            group = [s, s + 1, s + 2]
        else:
            group = [rng.choice(kinds)] * 3
        if fits(group):
            take(group)
            concealed += group
    else:
        concealed = None
    if concealed is None or len(concealed) != 3 * (4 - len(melds)):
        return draw(situations(variants, flower_indicator))
    for _ in range(100):
        k = rng.choice(kinds)
        if fits([k, k]):
            take([k, k])
            concealed += [k, k]
            break
    else:
        return draw(situations(variants, flower_indicator))
    # half of the hands with wilds get one to three more: a wild stands for any tile, so the
    # hand still wins
    wild_kinds = sorted(k for k in wild if k < 34)
    if wild_kinds and rng.random() < 0.5:
        for _ in range(rng.randint(1, 3)):
            w = rng.choice(wild_kinds)
            pos = rng.randrange(len(concealed))
            if concealed[pos] != w and counts[w] < 4:
                counts[concealed[pos]] -= 1
                counts[w] += 1
                concealed[pos] = w
    rng.shuffle(concealed)
    win_tile = concealed.pop()
    methods = ["discard", "self_draw", "rob_kong", "flower_replacement"]
    if melds and melds[-1].kind in ("kan", "ankan", "kakan"):
        methods.append("kong_replacement")
    win_by = rng.choice(methods)
    # a wild flower stays in the hand: it is never laid aside (NB-4.4)
    laid = range(34, 42) if rules.wilds.wild_flower_is_flower else [f for f in range(34, 42) if f not in wild]
    flowers = tuple(f for f in laid if f != indicator and rng.random() < 0.3)
    fed = tuple((s, rng.randint(1, 4)) for s in others if rng.random() < 0.2)
    return rules, Situation(
        seat=seat,
        round_wind=rng.choice(SEATS),
        concealed=tuple(concealed),
        win_tile=win_tile,
        win_by=win_by,
        discarder=rng.choice(others) if win_by in ("discard", "rob_kong") else None,
        melds=tuple(melds),
        flowers=flowers,
        indicator=indicator,
        last_tile=rng.random() < 0.1,
        fed=fed,
    )


#: A valid ``nbmj score`` situation with every field given (Ningbo, wilds and flowers).
GOOD_SITUATION = {
    "variant": "ningbo",
    "seat": "S",
    "round": "E",
    "concealed": "13s 66m 888m",
    "win_tile": "2s",
    "win_by": "self_draw",
    "melds": [{"kind": "kan", "tiles": "9999m", "from": "E"}, {"kind": "pon", "tiles": "555m", "from": "W"}],
    "flowers": "15f",
    "indicator": "1z",
    "last_tile": False,
    "first_turn": False,
}

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

VARIANTS = ("ningbo", "ningbo-000", "ningbo-7wild", "ninghai", "ninghai-yaobanliu", "ninghai-tuidaoba", "ninghai-yaoerliu",
            "xizhou")
SEATS = ("E", "S", "W", "N")


@lru_cache(maxsize=None)
def rules_of(name):
    return load_variant(name)


@st.composite
def situations(draw, variants=VARIANTS, flower_indicator=True):
    """(rules, a random winning Situation) of one of ``variants``."""
    rules = rules_of(draw(st.sampled_from(variants)))
    while True:
        sit = winning_situation(rules, random.Random(draw(st.integers(0, 2**32 - 1))), flower_indicator)
        if sit is not None:
            return rules, sit


def winning_situation(rules, rng, flower_indicator=True):
    """A random winning Situation under ``rules`` drawn with ``rng``, None when the draw
    found no room for a hand (then draw again)."""
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
        source = None if kind == "ankan" else rng.choice(others)
        if kind == "chi":  # a chow comes from the 上家 alone (NB-7.1); the draw above keeps the stream as before
            source = SEATS[SEATS.index(seat) - 1]
        melds.append(Meld(kind, tuple(tiles), source))
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
        return None
    for _ in range(100):
        k = rng.choice(kinds)
        if fits([k, k]):
            take([k, k])
            concealed += [k, k]
            break
    else:
        return None
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
    if win_by == "rob_kong" and win_tile in wild and not rules.claims.wilds_in_melds:
        win_by = "discard"  # no pung holds a wild, so none is added and robbed (NB-4.11)
    # a wild flower stays in the hand: it is never laid aside (NB-4.4)
    laid = range(34, 42) if rules.wilds.wild_flower_is_flower else [f for f in range(34, 42) if f not in wild]
    flowers = tuple(f for f in laid if f != indicator and rng.random() < 0.3)
    fed = tuple((s, rng.randint(1, 4)) for s in others if rng.random() < 0.2)
    return Situation(
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


#: A variant whose items and win restrictions read every feature the bound from counts
#: knows (the hand-level features' level_value, nbmj.scoring.bound._READING_BOUNDS), with
#: every comparison.
UNUSUAL = '''variant unusual extends ningbo "every feature the bound from counts reads"
local_rules {
  HOUSE-1 "u" "items that read every feature the bound from counts knows"
}
win_restrictions {
  forbid discard, rob_kong when wild_single_wait                               [NB-11.9]
  forbid self_draw when flowers(seat) >= 2 and not concealed_hand              [HOUSE-1]
  forbid discard when melds_exposed == 4 or (dealer and last_tile)             [HOUSE-1]
}
items {
  new item u_flowers   "u1" 1 tai each flowers(seat, outside_sets)   [HOUSE-1]
  new item u_any       "u2" 1 tai each flowers(any)   [HOUSE-1]
  new item u_other     "u3" x 2 when flowers(other) >= 2 and not flower_sets   [HOUSE-1]
  new item u_win       "u4" 2 tai when win(discard) or win(rob_kong)   [HOUSE-1]
  new item u_kong      "u5" 3 tai when after_discard_kong or (last_tile and not self_draw)   [HOUSE-1]
  new item u_first     "u6" x 3 when first_turn and dealer   [HOUSE-1]
  new item u_melds     "u7" 1 tai each melds_exposed   [HOUSE-1]
  new item u_single    "u8" 2 tai when wild_single_wait   [HOUSE-1]
  new item u_dw        "u9" 1 tai when discarded_wild or concealed_hand   [HOUSE-1]
  new item u_pungs     "v1" 2 tai each pungs(dragon, concealed, kong)   [HOUSE-1]
  new item u_pungs2    "v2" x 2 when pungs(exposed, pung) >= 2   [HOUSE-1]
  new item u_pungs3    "v3" 1 tai when pungs(terminal_or_honor) != 1   [HOUSE-1]
  new item u_pairs     "v4" 3 tai when pairs(seat_wind) and not pairs(round_wind)   [HOUSE-1]
  new item u_chows     "v5" 1 tai when chows >= 2 and chows < 4   [HOUSE-1]
  new item u_chows2    "v6" 1 tai when chows > 1 or chows <= 0 or chows == 3   [HOUSE-1]
  new item u_mixed     "v7" x 2 when (all_chows or all_pungs) and not (half_flush and all_simples)   [HOUSE-1]
  new item u_itself    "v8" 1 tai each wild_as_itself   [HOUSE-1]
  new item u_wtw       "v9" 2 tai when win_tile_wild and wild_pair_win and wilds_held > 1   [HOUSE-1]
  new item u_crane     "w1" 1 tai when big_crane or all_honors or wait(edge)   [HOUSE-1]
  new item u_suited    "w2" 1 tai each pungs(suited)   [HOUSE-1]
  new item u_simple    "w3" 1 tai each pungs(simple, exposed)   [HOUSE-1]
  new item u_wind      "w4" 1 tai when pungs(wind) and pairs(honor) and pairs(terminal)   [HOUSE-1]
}
'''


def _variant(name_or_seed):
    """A shipped variant by name, ``"unusual"`` (:data:`UNUSUAL`), or the random variant of
    a seed (tests/_random_variants.py)."""
    if name_or_seed == "unusual":
        from nbmj.rules import compile_text

        return compile_text(UNUSUAL, "unusual.nbv")
    if isinstance(name_or_seed, str):
        return rules_of(name_or_seed)
    from _random_variants import random_ruleset

    return random_ruleset(name_or_seed)


def scoring_outcomes(variant, seeds):
    """What the scorer and the value bound say of one random winning situation per seed of
    ``variant`` (a shipped name or a random variant's seed), as JSON-ready values: the
    score (or the error it raises), may_be_valid, value_bound, the bound from counts the
    engine asks (reach_from_hand) and hand_fu of the hand as a loser's. Each backend must
    give the same list (tests/test_scoring_parity.py)."""
    from nbmj.errors import NbmjError
    from nbmj.scoring import hand_fu, score
    from nbmj.scoring.bound import may_be_valid, reach_from_hand, value_bound
    from nbmj.scoring.facts import facts

    rules = _variant(variant)
    wild_rules = rules.wilds
    out = []
    for seed in seeds:
        rng = random.Random(seed)
        sit = None
        while sit is None:
            sit = winning_situation(rules, rng)
        record = {"situation": sit.to_dict()}
        try:
            record["score"] = score(sit, rules).to_dict()
        except NbmjError as exc:
            record["score"] = f"{type(exc).__name__}: {exc}"
        try:
            record["may_be_valid"] = may_be_valid(sit, rules)
            bound = value_bound(facts(sit, rules), rules)
            record["value_bound"] = [bound.tai, bound.multiplier]
        except NbmjError as exc:
            record["may_be_valid"] = f"{type(exc).__name__}: {exc}"
        wilds = wild_tiles(wild_rules, sit.indicator)
        flower_flag = tuple(t >= 34 and (t not in wilds or wild_rules.wild_flower_is_flower) for t in range(42))
        count_tile = sit.win_by in ("discard", "rob_kong")
        hand = bytearray(42)
        for t in sit.concealed + (() if count_tile else (sit.win_tile,)):
            hand[t] += 1
        try:
            record["reach"] = reach_from_hand(
                rules, hand, flower_flag, frozenset(wilds), sit.win_tile, count_tile, list(sit.melds), list(sit.flowers),
                sit.seat, sit.round_wind, sit.win_by, sit.last_tile, sit.first_turn, sit.discarded_wild)
        except (NbmjError, IndexError) as exc:
            record["reach"] = f"{type(exc).__name__}: {exc}"
        try:
            record["hand_fu"] = hand_fu(sit.concealed, sit.melds, sit.flowers, rules, sit.seat, sit.round_wind)
        except NbmjError as exc:
            record["hand_fu"] = f"{type(exc).__name__}: {exc}"
        out.append(record)
    return out

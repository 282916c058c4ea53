"""Random valid variants, drawn from the rule language's own settings space.

The shipped variants use a handful of setting combinations; a user's ``.nbv`` may use any
other. This module writes a child variant of a random shipped root with random values for
the settings of every section (claims on or off, restrictions and their windows, wild kinds,
flower modes, dealing sizes, reserves, liability, shapes, the minimum, item values, payments),
compiles it with the real compiler and keeps it only when it compiles: so what it yields is
exactly what a rule author could have written. The same seed gives the same variants.

    >>> rules = random_ruleset(7)
    >>> rules.parent in SHIPPED_ROOTS
    True

The engine's parity tests play hands of these on both backends, and the scorer's compare
the two on their situations. ``python -m tests._random_variants 5`` prints five texts.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from collections.abc import Iterable, Iterator

from nbmj.errors import RuleSetError
from nbmj.rules import compile_text, load_variant
from nbmj.rules.checks import _needs
from nbmj.rules.model import RESTRICTION_KINDS, Feature, RuleSet, ScoringItem, TaiScoring
from nbmj.rules.schema import WINDOWS_OF

__all__ = ["SHIPPED_ROOTS", "random_variant_text", "random_variant", "random_ruleset", "random_rulesets", "hand_digests"]

#: the shipped variants a random one extends (each family's roots and its distinct children)
SHIPPED_ROOTS = ("ningbo", "ningbo-7wild", "ningbo-riichi-advanced", "ninghai-yaobansan", "ninghai-tuidaoba", "xizhou")

_DICE = ("sum", "large", "small")
_WINDOWS = ("always", "first_go_around", "dealer_first_turn")
_CLAIM_NAMES = ("chi", "pon", "kan", "hu")
_WIN_METHODS = ("discard", "rob_kong", "self_draw", "kong_replacement", "flower_replacement")
# hand conditions a win restriction may name (features every variant defines)
_WIN_CONDITIONS = ("wild_single_wait", "wilds_held >= 2", "all_chows", "concealed_hand", "wait(single)",
                   "flush or half_flush", "not all_pungs", "after_kong(of_winner) or after_kong(concealed)")


def _maybe(rng: random.Random, p: float = 0.5) -> bool:
    return rng.random() < p


def _yes(rng: random.Random) -> str:
    return "yes" if _maybe(rng) else "no"


def _wild_kong(rng: random.Random, wilds_on: bool, kinds: tuple[str, ...]) -> str:
    """claims.wild_kong: drawn where there are wilds, yes only where a wild kind has its four
    tiles in play (the next kind's; the indicator keeps one of its own, NB-4.14)."""
    drawn = _yes(rng) if wilds_on else "no"
    return drawn if "next" in kinds else "no"


def _item_line(it: ScoringItem, value: int | None) -> str:
    """``it`` spelled again as an item line with another value (its condition kept)."""
    parts = [f"item {it.name}", f'"{it.label}"', "off" if value is None else str(value), it.unit]
    if it.each is not None:
        parts.append(f"each {it.each}")
    if it.when is not None:
        parts.append(f"when {it.when}")
    if it.excludes:
        parts.append("excludes " + ", ".join(it.excludes))
    if it.group is not None:
        parts.append(f"group {it.group}")
    if not it.counts_for_minimum:
        parts.append("not_for_minimum")
    parts.append(f"[{it.rule}]")
    return " ".join(parts)


# the claim a restriction is about (the compiler refuses it in a variant without that claim)
_NEEDS = {"chi_discard_ban": "chi", "pon_after_pass": "pon", "win_after_pass": "win"}


def _restrictions(rng: random.Random, parent: RuleSet, claims_on: dict[str, bool]) -> list[str]:
    lines: list[str] = []
    held = {r.kind for r in parent.restrictions}
    for kind in RESTRICTION_KINDS:
        if kind in _NEEDS and not claims_on[_NEEDS[kind]]:
            if kind in held:
                lines.append(f"drop {kind}")
            continue
        if kind in held and _maybe(rng, 0.3):
            lines.append(f"drop {kind}")
            continue
        if kind not in held and not _maybe(rng, 0.35):
            continue
        if kind in held and not _maybe(rng, 0.5):
            continue  # keep the parent's
        words = [kind]
        if kind == "discard_suits":
            words += rng.sample(["m", "p", "s", "z"], rng.randint(1, 3))
        elif kind == "no_claims":
            words += rng.sample(list(_CLAIM_NAMES), rng.randint(1, 3))
        if kind == "chi_discard_ban" and _maybe(rng, 0.5):
            words += ["unless", "big_crane"]
        window = rng.choice(_WINDOWS)
        if kind in ("bao_suit_warning", "bao_terminal_warning"):
            window = "always"  # the warnings take no window (drawn all the same: the stream stays as it was)
        elif kind in WINDOWS_OF and window not in WINDOWS_OF[kind][0]:
            window = "always"  # a window in which the restriction is never in force does not compile
        if window != "always" or kind in ("discard_suits", "no_claims"):
            words += ["during", window]
        rule = "NH-1.7" if kind == "discard_suits" else "NH-1.8" if kind == "no_claims" else "NB-8.6"
        lines.append(" ".join(words) + f" [{rule}]")
    return lines


def random_variant_text(seed: int) -> str:
    """The text of a random child variant (it may not compile: :func:`random_ruleset` keeps
    only those that do)."""
    rng = random.Random(seed)
    root = rng.choice(SHIPPED_ROOTS)
    parent = load_variant(root)
    # a variant may switch flowers or wilds off: the parent's items and win restrictions
    # that speak of them go with them
    flowers_on = parent.tiles.flowers and not _maybe(rng, 0.15)
    wilds_on = parent.wilds.enabled and not _maybe(rng, 0.15)
    gone = [it.name for it in parent.items if (not flowers_on and "flower" in f"{it.each} {it.when}")
            or (not wilds_on and "wild" in f"{it.each} {it.when}")]
    out = [f'variant random-{seed} extends {root} "random variant {seed} of {root}"']
    out.append(f"tiles {{ flowers {'yes' if flowers_on else 'no'} }}")
    if not wilds_on and parent.wilds.enabled:
        out.append("wilds { enabled no }")

    other = rng.choice((13, 13, 13, 10, 7))
    stacks = 18 if flowers_on else 17
    out.append("dealing { "
               f"dealer_tiles {other + 1}; other_tiles {other}; stacks_per_wall {stacks}; "
               f"open_wall_by {rng.choice(_DICE)}; start_stacks_by {rng.choice(_DICE)} }}")

    kinds = parent.wilds.kinds
    if wilds_on:
        kinds = rng.choice((("same",), ("next",), ("same", "next")))
        wild_lines = [f"indicator_die {rng.choice(_DICE)}",
                      f"indicator_origin {rng.choice(('tail', 'player_wall'))}",
                      f"kinds {' '.join(kinds)}"]
        if flowers_on:
            wild_lines += [f"wild_flower_is_flower {_yes(rng)}", f"flower_indicator {rng.choice(('group', 'all'))}"]
        out.append("wilds { " + "; ".join(wild_lines) + " }")

    if flowers_on:
        out.append("flowers { "
                   f"initial_replacement {rng.choice(('rounds', 'per_player'))}; in_play {rng.choice(('auto', 'manual'))} }}")

    chi = _yes(rng) if _maybe(rng, 0.4) else "yes"
    pon = _yes(rng) if _maybe(rng, 0.2) else "yes"
    kan = "yes"  # the parents' kong payments and liability rows need kongs
    tiers = [c for c, on in (("kan", kan), ("pon", pon), ("chi", chi)) if on == "yes"]
    rng.shuffle(tiers)
    ranked = (["hu"] if parent.claims.win_on_discard else []) + tiers
    priority = ranked[0] + "".join(f" {rng.choice(('>', '='))} {c}" for c in ranked[1:])
    order = ["next", "opposite", "previous"]
    rng.shuffle(order)
    claim_lines = [f"chi {chi}", f"pon {pon}", f"kan {kan}",
                   f"win_on_discard {'yes' if parent.claims.win_on_discard else 'no'}",
                   f"rob_kong {'yes' if parent.claims.rob_kong else 'no'}",
                   f"priority {priority}", f"seat_order {', '.join(order)}",
                   f"multiple_winners {rng.choice(('nearest', 'all'))}",
                   f"claim_discarded_wild {_yes(rng) if wilds_on else 'no'}",
                   f"wilds_in_melds {_yes(rng) if wilds_on else 'no'}", f"wild_kong {_wild_kong(rng, wilds_on, kinds)}"]
    out.append("claims { " + "; ".join(claim_lines) + " }")

    shapes = ["standard"] + [s for s in ("seven_pairs", "honors_any") if _maybe(rng, 0.3)]
    if other != 13:
        shapes = [s for s in shapes if s != "seven_pairs"]  # 14 tiles only (drawn all the same, as before)
    out.append(f"winning {{ shapes {' '.join(shapes)}; heavenly_wait {rng.choice(('drawn', 'any'))} }}")

    claims_on = {"chi": chi == "yes", "pon": pon == "yes", "win": parent.claims.win_on_discard}
    out.append("restrictions {\n  " + "\n  ".join(_restrictions(rng, parent, claims_on)) + "\n}")

    wins: list[str] = []
    for w in parent.win_restrictions:
        if (not wilds_on and "wild" in str(w.when)) or _maybe(rng, 0.3):
            wins.append(f"drop when {w.when}")
    if _maybe(rng, 0.4):
        methods = [m for m in _WIN_METHODS[:2] if _maybe(rng)] or ["discard"]
        conditions = [c for c in _WIN_CONDITIONS if wilds_on or "wild" not in c]
        wins.append(f"forbid {', '.join(methods)} when {rng.choice(conditions)} [NB-11.9]")
    out.append("win_restrictions {\n  " + "\n  ".join(wins) + "\n}")

    items = [it for it in parent.items if it.unit != "x" and it.name not in gone]
    changed = rng.sample(items, min(len(items), rng.randint(0, 6)))
    item_lines = [f"drop {name}" for name in gone]
    for it in changed:
        value = None if _maybe(rng, 0.2) else rng.randint(0, 8)
        if any(f"shape({shape})" in str(it.when) for shape in ("seven_pairs", "honors_any") if shape not in shapes):
            value = None  # an item of a shape the variant does not list never scores: it stays off
        if it.when is not None and not parent.claims.win_on_discard and _needs(it.when, Feature("win", ("discard",))):
            value = None  # nor one of a win on a discard, where there is none
        item_lines.append(_item_line(it, value))
    out.append("items {\n  " + "\n  ".join(item_lines) + "\n}")

    if isinstance(parent.scoring, TaiScoring):
        out.append(f"scoring tai {{ minimum {rng.randint(0, 5)}; cap {rng.choice(('none', '10', '20'))} }}")
    else:
        # (推倒八's table fixes the 番 cap; its cap may still hold the table's values, NH-3.9)
        fan_cap = f"; fan_cap {rng.randint(1, 4)}" if parent.scoring.fixed_by_fan is None else f"; cap {rng.choice((300, 800))}"
        out.append(f"scoring fu_fan {{ round_to {rng.choice((1, 10))}{fan_cap} }}")

    if parent.liability is not None:
        kinds = [c for c, on in (("chi", chi == "yes"), ("pon", pon == "yes"), ("kan", True)) if on]
        counts = rng.sample(kinds, rng.randint(1, len(kinds)))
        settings = [f"counts {' '.join(counts)}"]  # (the parent's may name a claim switched off)
        melds = other // 3  # a threshold above the melds a hand holds is an error
        if _maybe(rng, 0.6):
            settings += [f"threshold {min(rng.randint(2, 4), melds)}", f"direction {rng.choice(('either', 'winner_fed', 'fed_winner'))}",
                         f"others_pay {_yes(rng)}"]
        elif parent.liability.threshold > melds:
            settings.append(f"threshold {melds}")
        out.append("liability { " + "; ".join(settings) + " }")

    out.append("immediate { "
               f"exposed_kong {rng.randint(0, 2)}; concealed_kong {rng.randint(0, 4)}; added_kong {rng.randint(0, 2)}; "
               f"flower {rng.randint(0, 1) if flowers_on else 0}; void_on_draw {_yes(rng)}; "
               f"all_flowers_held {rng.choice((0, 0, 10)) if flowers_on else 0}; all_wilds_held {rng.choice((0, 0, 10))} }}")
    out.append(f"draw {{ kept_stacks {rng.choice((0, 0, 3, 7, 8, 9))}; kept_stacks_per_kong {rng.randint(0, 1)}; "
               f"count_by {rng.choice(('tiles', 'stacks'))} }}")
    out.append("dealer { "
               f"on_dealer_win {rng.choice(('stay', 'next_seat'))}; on_nondealer_win {rng.choice(('next_seat', 'winner'))}; "
               f"on_draw {rng.choice(('stay', 'next_seat'))} }}")
    return "\n".join(out) + "\n"


def random_variant(seed: int, *, tries: int = 50) -> tuple[str, RuleSet]:
    """The text and rule set of the first random variant that compiles of those drawn from
    ``seed`` (texts ``1000 * seed``, ``1000 * seed + 1``, ...).

    Raises AssertionError if none of ``tries`` compiles: the generator would have drifted
    from the language."""
    last: RuleSetError | None = None
    for k in range(tries):
        text = random_variant_text(seed * 1000 + k)
        try:
            return text, compile_text(text, f"random-{seed * 1000 + k}.nbv")
        except RuleSetError as exc:
            last = exc
    raise AssertionError(f"no random variant from seed {seed} compiled; the last said:\n{last}")


def random_ruleset(seed: int) -> RuleSet:
    """The rule set of :func:`random_variant` ``(seed)``."""
    return random_variant(seed)[1]


def random_rulesets(count: int, seed: int = 0) -> Iterator[RuleSet]:
    """``count`` random variants that compile, from ``seed`` on."""
    for k in range(count):
        yield random_ruleset(seed + k)


def hand_digests(variant_seeds: Iterable[int], hands: int) -> dict[str, list[str]]:
    """For each variant seed, the SHA-256 of the event log of ``hands`` hands (seeds 0, 1,
    ...; random bots on even seeds, greedy on odd), keyed by the seed as text: what the
    backends must agree on byte for byte."""
    from nbmj.engine import Game, make_bots, play_hand

    out: dict[str, list[str]] = {}
    for v in variant_seeds:
        rules = random_ruleset(v)
        digests = []
        for h in range(hands):
            game = Game(rules, h)
            play_hand(game, make_bots("greedy" if h % 2 else "random", h))
            digests.append(hashlib.sha256(game.log_text().encode("utf-8")).hexdigest())
        out[str(v)] = digests
    return out


if __name__ == "__main__":
    # python tests/_random_variants.py N            the texts of the first N variants
    # python tests/_random_variants.py --digests HANDS SEED...   their hands' log digests, JSON
    if sys.argv[1:2] == ["--digests"]:
        print(json.dumps(hand_digests([int(a) for a in sys.argv[3:]], int(sys.argv[2]))))
    else:
        for k in range(int(sys.argv[1]) if len(sys.argv) > 1 else 3):
            print(random_variant_text(k))

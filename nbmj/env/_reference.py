"""The pure-Python reference of the feature-plane encoder and the action mask.

:mod:`nbmj.env._encode` (Cython) computes the same arrays; ``NBMJ_PUREPYTHON=1`` selects
this module instead, and the tests hold the two equal at every step of random hands. This
one reads only a seat's :class:`~nbmj.engine.observation.Observation` and its legal
actions, so the planes show exactly what the seat's JSON view shows; the compiled one reads
the same facts from the game's declared state.

``encode(obs, out, rules, hands_played)`` fills ``out``, a C-contiguous ``(N_PLANES, 42)``
uint8 array, from zero; ``rules`` is a :class:`~nbmj.env.encoding.EncoderRules`.
``fill_mask(legal, mask, lookup)`` sets ``mask[i] = 1`` for each legal action and
``lookup[i]`` to the action, and returns how many it set. ``legal_choices(masks,
uniforms, out)`` picks the ``k``-th legal action of each row (:func:`nbmj.env.sample_legal`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from ..engine.liability import forbidden_tiles
from ..rules.model import SEATS
from . import layout as L

__all__ = ["encode", "fill_mask", "action_index", "legal_choices"]

_MELD_ROW = {"chi": 0, "pon": 1, "kan": 2, "kakan": 2, "ankan": 3}
_PHASE_FLAG = {"turn": 0, "claims": 1, "rob": 2}
_CLAIM_FLAG = {"kan": 5, "pon": 6, "chi": 7}


def _rel(me: int, seat: str) -> int:
    return (SEATS.index(seat) - me) % 4


def encode(obs: Any, out: Any, rules: Any, hands_played: int) -> None:
    """Fill ``out`` with the planes of ``obs`` (see :mod:`nbmj.env.layout`)."""
    out[...] = 0
    P = L.PLANE_INDEX
    me = SEATS.index(obs["seat"])
    for t in obs["hand"]:
        out[P["hand"], t] += 1
    drawn = obs["drawn"]
    if drawn is not None:
        out[P["drawn"], drawn] = 1
    for t in obs["wilds"]:
        out[P["wilds"], t] = 1
    indicator = obs["indicator"]
    if indicator is not None:
        out[P["indicator"], indicator] = 1
    warn = rules.bao_suits or rules.bao_terminals
    claims_made = False
    fed = [[0] * 4 for _ in range(4)]
    for seat, melds in obs["melds"].items():
        r = _rel(me, seat)
        for m in melds:
            row = P["melds"] + 4 * r + _MELD_ROW[m["kind"]]
            for t in m["tiles"]:
                out[row, t] += 1
            if m["from"] is not None:
                claims_made = True
                fed[_rel(me, m["from"])][r] += 1
        if warn and melds:
            pairs = [(m["kind"], m["tiles"]) for m in melds]
            for t in forbidden_tiles(pairs, suits=rules.bao_suits, terminals=rules.bao_terminals):
                out[P["warnings"] + r, t] = 1
    for seat, flowers in obs["flowers"].items():
        r = _rel(me, seat)
        for t in flowers:
            out[P["flowers"] + r, t] = 1
    discards = 0
    for seat, river in obs["rivers"].items():
        row = P["rivers"] + 3 * _rel(me, seat)
        for i, d in enumerate(river):
            t = d["tile"]
            out[row, t] += 1
            if d["claimed_by"] is not None:
                out[row + 1, t] += 1
            out[row + 2, t] = min(i + 1, 255)
        discards += len(river)
    offer = obs["discard"]
    seats = P["seats"]
    if offer is not None:
        out[P["on_offer"], offer["tile"]] = 1
        out[seats, 8 + _rel(me, offer["seat"])] = 1
    for t in obs["chi_bans"]:
        out[P["chi_bans"], t] = 1
    for t in obs.passed_pon:
        out[P["passed_pon"], t] = 1
    out[P["seat_wind"], 27 + SEATS.index(obs["seat_wind"])] = 1
    out[P["round_wind"], 27 + SEATS.index(obs["round_wind"])] = 1
    out[seats, _rel(me, obs["dealer"])] = 1
    phase = obs["phase"]
    if phase != "over":
        out[seats, 4 + _rel(me, obs["current"])] = 1
    # who else may answer a discard or an added kong is theirs to know (their hands decide
    # it): a window marks this seat alone, if it is asked; a turn marks the seat on turn
    for seat in obs["to_act"]:
        if phase == "turn" or seat == obs["seat"]:
            out[seats, 12 + _rel(me, seat)] = 1
    counts = P["counts"]
    out[counts, 0] = min(obs["wall_remaining"], 255)
    out[counts, 1] = min(obs["wall_kept"], 255)
    for seat, n in obs["hand_sizes"].items():
        out[counts, 2 + _rel(me, seat)] = n
    out[counts, 6] = min(discards, 255)
    out[counts, 7] = min(hands_played, 255)
    flags = P["flags"]
    if phase in _PHASE_FLAG:
        out[flags, _PHASE_FLAG[phase]] = 1
    window = discards < 4 and not claims_made
    if window:
        out[flags, 3] = 1
    if obs.passed_win:
        out[flags, 4] = 1
    for always, kinds in rules.no_claims:
        if always or window:
            for kind in kinds:
                if kind in _CLAIM_FLAG:
                    out[flags, _CLAIM_FLAG[kind]] = 1
    liab = P["liability"]
    for a in range(4):
        for b in range(4):
            out[liab, 4 * a + b] = min(fed[a][b], 255)
    for offender, warned in obs.liabilities:
        out[liab, 16 + 4 * _rel(me, offender) + _rel(me, warned)] = 1


def action_index(action: Any) -> int:
    """The index of an engine :class:`~nbmj.engine.actions.Action` in the action space."""
    kind = action.kind
    if kind == "discard":
        return int(L.DISCARD + action.tile)
    if kind == "pass":
        return L.PASS
    if kind == "hu":
        return L.HU
    if kind == "chi":
        t = action.tile
        if len(action.use) != 2:
            raise ValueError(f"no index for action {str(action)!r}")
        low, high = action.use
        if t < low:
            return L.CHI_LOW
        return L.CHI_MID if t < high else L.CHI_HIGH
    if kind == "pon":
        return L.PON
    if kind == "kan":
        return L.KAN
    if kind == "ankan":
        return int(L.ANKAN + action.tile)
    if kind == "kakan":
        return int(L.KAKAN + action.tile)
    if kind == "flower":
        return int(L.FLOWER + action.tile - 34)
    raise ValueError(f"no index for action {str(action)!r}")


def fill_mask(legal: Sequence[Any], mask: Any, lookup: list[Any]) -> int:
    """Mark every action of ``legal`` in ``mask`` (zeroed first) and ``lookup``; returns the count."""
    mask[...] = 0
    for a in legal:
        i = action_index(a)
        mask[i] = 1
        lookup[i] = a
    return len(legal)


def legal_choices(masks: np.ndarray, uniforms: np.ndarray, out: np.ndarray) -> None:
    """``out[r]``: the ``k``-th legal action of row ``r`` of ``masks`` (nonzero is legal),
    ``k = floor(uniforms[r] * count)`` and at most ``count - 1``; 0 for a row with none."""
    if masks.shape[1] == 0:
        out[:] = 0
        return
    so_far = (masks != 0).cumsum(axis=1)
    counts = so_far[:, -1]
    k = np.minimum((uniforms * counts).astype(np.int64), np.maximum(counts - 1, 0))
    out[:] = np.where(counts > 0, (so_far > k[:, None]).argmax(axis=1), 0)

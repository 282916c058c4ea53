"""The variant's restrictions as they apply at the table: 吃张打张 (no discarding what a
chow just took, NB-8.x), no pong or win on a tile passed over until the player acts again
(NB-8.6, NB-8.7), Ninghai's first go-around limits on discards and claims (NH-1.x), and
the NH-6 包牌 offences that make a player liable.

Which restrictions a variant has is read once into the :class:`~.rules_view.EngineRules`;
whether one applies now (its ``window``) is :meth:`.state.TableState.in_force`, the one
place that says so.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress

from ..rules.model import SEATS
from .actions import Action
from .claims import chi_discard_bans
from .liability import forbidden_tiles
from .precomputed import CODES
from .state import Offence, TableState

__all__ = ["discardable", "chi_leaves_discard", "note_passes", "check_offence", "liable"]

_SUIT_LETTER = "mps"


def discardable(t: TableState, p: int, hand: list[int], bans: Sequence[int], at_claim: bool = False) -> list[int]:
    """Tile ids ``p`` may discard from ``hand`` with ``bans`` (NB-8.1 to NB-8.4, NH first go-around)."""
    er = t.er
    tiles = list(compress(t.wt.playable, t.wt.playable_counts(hand)))
    if bans and t.in_force(er.chi_ban, at_claim):
        assert er.chi_ban is not None
        in_hand = sum(hand[k] for k in tiles)
        big_crane = in_hand == 2 and "big_crane" in er.chi_ban.unless
        if not big_crane:
            wilds = t.wt.wilds
            tiles = [k for k in tiles if k not in bans or k in wilds]
    if er.suits:
        allowed: set[str] = set()
        for r in er.suits:  # NH-1.7: in the window, each player's first discard
            if t.in_force(r, at_claim, seat=p):
                allowed.update(r.suits)
        if allowed:
            limited = [k for k in tiles if k < 27 and _SUIT_LETTER[k // 9] in allowed]
            # nbmj's choice: a hand with no tile of the allowed suits may discard any tile.
            if limited:
                tiles = limited
    return tiles


def chi_leaves_discard(t: TableState, q: int, tile: int, use: tuple[int, ...]) -> bool:
    """NB-8.5: a chi is offered only if some tile may be discarded after it."""
    if not t.in_force(t.er.chi_ban, at_claim=True):
        return True
    hand = list(t.seats[q].hand)
    for u in use:
        hand[u] -= 1
    return bool(discardable(t, q, hand, chi_discard_bans(tile, use), at_claim=True))


def note_passes(t: TableState, tile: int, options: dict[int, list[Action]], responses: dict[int, Action]) -> None:
    """Remember who let ``tile`` go by when they could have won or ponged on it (NB-8.6, NB-8.7)."""
    er = t.er
    no_win = t.in_force(er.win_pass, at_claim=True)
    no_pon = t.in_force(er.pon_pass, at_claim=True)
    for q, opts in options.items():
        chosen = responses[q].kind
        # a win is always listed first (see legal_actions)
        if no_win and opts[0].kind == "hu" and chosen != "hu":
            t.seats[q].passed_win = True  # NB-8.7
        if no_pon and chosen not in ("pon", "kan", "hu") and any(a.kind == "pon" for a in opts):
            t.seats[q].passed_pon.add(tile)  # NB-8.6


def check_offence(t: TableState, p: int, tile: int, ready: bool) -> None:
    """NH-6.2 to NH-6.4: a not-ready player discarding into a warning becomes liable."""
    er = t.er
    warned = [
        q
        for q in range(4)
        if q != p
        and tile in forbidden_tiles([(m.kind, m.tiles) for m in t.seats[q].melds], suits=er.bao_suits, terminals=er.bao_terminals)
    ]
    if not warned:
        return
    if ready:  # NH-6.4: ready after the discard
        return
    for q in warned:
        t.offences.append(Offence(p, q, t.discards_made, False))
        t.emit({"e": "bao", "seat": SEATS[p], "warned": SEATS[q], "tile": CODES[tile]})


def liable(t: TableState, q: int, win_by: str) -> int | None:
    """NH-6.5: who pays for the table when ``q`` wins, the earlier offence first."""
    for offender, warned, number, claimed in t.offences:
        if warned == q and (claimed or (win_by == "discard" and number == t.discards_made)):
            return offender
    return None

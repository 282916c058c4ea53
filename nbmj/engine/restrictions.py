"""The variant's restrictions as they apply at the table: 吃张打张 (no discarding what a
chow just took, NB-8.x), no pong or win on a tile passed over until the player acts again
(NB-8.6, NB-8.7), Ninghai's first go-around limits on discards and claims (NH-1.x), and
the NH-6 包牌 offences that make a player liable.

Which restrictions a variant has is read once from its RuleSet (the game's ``_r_*``
attributes); a restriction with a ``window`` applies only in the first go-around, which
:func:`on` accounts for. A rule with a single test stays where it is obeyed, through
:func:`on` (no kong straight after a pong, in :func:`.turn.turn_actions`); the claim window
runs at every discard, so :func:`.claim_window.open_claims` tests win-after-pass inline.

Functions of a :class:`~nbmj.engine.game.Game`, bound in game.py as its methods
(``discardable`` is ``Game._discardable``).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress
from typing import TYPE_CHECKING

from ..rules.model import SEATS
from .claims import chi_discard_bans
from .liability import forbidden_tiles
from .precomputed import CODES

if TYPE_CHECKING:
    from .game import Game

__all__ = [
    "on",
    "window_open",
    "discardable",
    "banned_claims",
    "chi_leaves_discard",
    "note_passes",
    "check_offence",
    "liable",
]

_SUIT_LETTER = "mps"


def on(game: Game, restriction) -> bool:
    """Whether a restriction of the variant applies now (its ``window``)."""
    return restriction is not None and (restriction.window == "always" or game._window_open())


def window_open(game: Game) -> bool:
    """The first go-around (NH-1.x): every seat's first discard, no claim made yet."""
    return game.discards_made < 4 and not game.claims_made


def discardable(game: Game, p: int, hand: list[int] | None = None, bans: Sequence[int] | None = None) -> list[int]:
    """Tile ids ``p`` may discard now (NB-8.1 to NB-8.4, NH first go-around)."""
    hand = game.hands[p] if hand is None else hand
    bans = game.chi_bans if bans is None else bans
    tiles = list(compress(game._playable, game._playable_counts(hand)))
    if bans and game._on(game._r_chi_ban):
        in_hand = sum(hand[t] for t in tiles)
        big_crane = in_hand == 2 and "big_crane" in game._r_chi_ban.unless
        if not big_crane:
            tiles = [t for t in tiles if t not in bans or t in game.wilds]
    if game._r_suits:
        allowed: set[str] = set()
        for r in game._r_suits:  # NH-1.7: in the window, each player's first discard
            if r.window == "always" or (game._window_open() and not game.rivers[p]):
                allowed.update(r.suits)
        if allowed:
            limited = [t for t in tiles if t < 27 and _SUIT_LETTER[t // 9] in allowed]
            # nbmj's choice: a hand with no tile of the allowed suits may discard any tile.
            if limited:
                tiles = limited
    return tiles


def banned_claims(game: Game) -> set[str]:
    """The claim kinds (``kan``, ``pon``, ...) that no_claims restrictions forbid now (NH-1.8)."""
    banned: set[str] = set()
    for r in game._r_no_claims:
        if r.window == "always" or game._window_open():
            banned.update(r.claims)
    return banned


def chi_leaves_discard(game: Game, q: int, t: int, use: tuple[int, ...]) -> bool:
    """NB-8.5: a chi is offered only if some tile may be discarded after it."""
    if not game._on(game._r_chi_ban):
        return True
    hand = list(game.hands[q])
    for u in use:
        hand[u] -= 1
    return bool(game._discardable(q, hand, chi_discard_bans(t, use)))


def note_passes(game: Game, t: int) -> None:
    """Remember who let ``t`` go by when they could have won or ponged on it (NB-8.6, NB-8.7)."""
    win_pass, pon_pass = game._r_win_pass, game._r_pon_pass
    for q, opts in game.options.items():
        chosen = game.responses[q].kind
        # a win is always listed first (see legal_actions)
        if opts[0].kind == "hu" and chosen != "hu" and game._on(win_pass):
            game.passed_win[q] = True  # NB-8.7
        if chosen not in ("pon", "kan", "hu") and any(a.kind == "pon" for a in opts) and game._on(pon_pass):
            game.passed_pon[q].add(t)  # NB-8.6


def check_offence(game: Game, p: int, t: int, ready: bool) -> None:
    """NH-6.2 to NH-6.4: a not-ready player discarding into a warning becomes liable."""
    warned = [
        q
        for q in range(4)
        if q != p
        and t in forbidden_tiles([(m[0], m[1]) for m in game.melds[q]], suits=game._r_bao_suits, terminals=game._r_bao_terminals)
    ]
    if not warned:
        return
    if ready:  # NH-6.4: ready after the discard
        return
    for q in warned:
        game.offences.append([p, q, game.discards_made, False])
        game._emit({"e": "bao", "seat": SEATS[p], "warned": SEATS[q], "tile": CODES[t]})


def liable(game: Game, q: int, win_by: str) -> int | None:
    """NH-6.5: who pays for the table when ``q`` wins, the earlier offence first."""
    for offender, warned, number, claimed in game.offences:
        if warned == q and (claimed or (win_by == "discard" and number == game.discards_made)):
            return offender
    return None

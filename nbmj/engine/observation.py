"""What a seat may see of a game, and the referee's full view.

:class:`Observation` is a read-only mapping that computes each field when first read, so a
bot that looks only at its hand does not pay for building the rivers. It is a view of the
game at the moment it was made: reading a field not yet read after the game has moved on
raises :class:`StaleObservationError`; ``obs.to_dict()`` keeps a snapshot.

Tiles are tile ids; seats are table positions ``"E" "S" "W" "N"``.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from ..errors import NbmjError
from ..rules.model import SEATS

__all__ = ["Observation", "StaleObservationError", "PUBLIC_FIELDS", "public_view"]


class StaleObservationError(NbmjError, RuntimeError):
    """An observation read after its game moved on."""


def _hand(g, p):
    h = g.hands[p]
    return [t for t in range(42) for _ in range(h[t])]


def _melds(g, p):
    return {
        SEATS[i]: [{"kind": m[0], "tiles": list(m[1]), "from": None if m[2] is None else SEATS[m[2]]} for m in g.melds[i]]
        for i in range(4)
    }


def _rivers(g, p):
    return {SEATS[i]: [{"tile": t, "claimed_by": c} for t, c in g.rivers[i]] for i in range(4)}


def _discard(g, p):
    if g.phase not in ("claims", "rob"):
        return None
    return {"seat": SEATS[g.claim_from], "tile": g.claim_tile}


PUBLIC_FIELDS = {
    "variant": lambda g, p: g.variant,
    "dealer": lambda g, p: SEATS[g.dealer],
    "round_wind": lambda g, p: g.round_wind,
    "phase": lambda g, p: g.phase,
    "to_act": lambda g, p: g.to_act,
    "current": lambda g, p: SEATS[g.current],
    "indicator": lambda g, p: g.indicator,
    "wilds": lambda g, p: list(g._wild_ids),
    "wall_remaining": lambda g, p: g.wall.remaining,
    "wall_kept": lambda g, p: g._kept(),
    "discard": _discard,
    "hand_sizes": lambda g, p: {SEATS[i]: sum(g.hands[i]) for i in range(4)},
    "melds": _melds,
    "flowers": lambda g, p: {SEATS[i]: list(g.flowers[i]) for i in range(4)},
    "rivers": _rivers,
    "chi_bans": lambda g, p: list(g.chi_bans) if g.phase == "turn" else [],
    "result": lambda g, p: None if g.result is None else g.result.to_json(),
}

_OWN_FIELDS = {
    "seat": lambda g, p: SEATS[p],
    "seat_wind": lambda g, p: g.seat_wind(p),
    "hand": _hand,
    "drawn": lambda g, p: g.last_draw if g.phase == "turn" and p == g.current else None,
}

_FIELDS = {**PUBLIC_FIELDS, **_OWN_FIELDS}
_KEYS = tuple(_FIELDS)


def public_view(g) -> dict:
    """The fields every seat sees."""
    return {k: f(g, 0) for k, f in PUBLIC_FIELDS.items()}


class Observation(Mapping):
    """The view of ``seat``: its own hand, every table face, never the wall order or others' hands."""

    __slots__ = ("_game", "_p", "_version", "_cache")

    def __init__(self, game, position: int) -> None:
        self._game = game
        self._p = position
        self._version = game._version
        self._cache: dict = {}

    def __getitem__(self, key: str):
        cache = self._cache
        if key in cache:
            return cache[key]
        fn = _FIELDS[key]
        if self._game._version != self._version:
            raise StaleObservationError(f"the observation of {SEATS[self._p]!r} was read after the game moved on; keep obs.to_dict()")
        value = cache[key] = fn(self._game, self._p)
        return value

    def __iter__(self) -> Iterator[str]:
        return iter(_KEYS)

    def __len__(self) -> int:
        return len(_KEYS)

    def to_dict(self) -> dict:
        """Every field, as a plain dict."""
        return {k: self[k] for k in _KEYS}

    def __repr__(self) -> str:
        return f"<Observation of {SEATS[self._p]} at step {self._version}>"

    # Read-only facts the RL feature planes need (nbmj.env) that the mapping does not hold:
    # the seat's own restrictions and the NH-6 liabilities the log announces ("bao" events).
    # Properties, not fields, so that to_dict() and the JSON bots see what they always saw.

    def _live_game(self):
        if self._game._version != self._version:
            raise StaleObservationError(f"the observation of {SEATS[self._p]!r} was read after the game moved on; keep obs.to_dict()")
        return self._game

    @property
    def passed_win(self) -> bool:
        """Whether this seat let a win go by and may not win on a discard until it acts again (NB-8.7)."""
        return bool(self._live_game().passed_win[self._p])

    @property
    def passed_pon(self) -> list[int]:
        """The tiles this seat let go by when it could have punged them, and may not pung now (NB-8.6)."""
        return sorted(self._live_game().passed_pon[self._p])

    @property
    def liabilities(self) -> list[tuple[str, str]]:
        """The NH-6 包牌 offences so far as ``(offender, warned)`` seat pairs, earliest first."""
        return [(SEATS[o[0]], SEATS[o[1]]) for o in self._live_game().offences]

"""What a seat may see of a game, and the referee's full view.

:class:`Observation` is a read-only mapping that computes each field when first read, so a
bot that looks only at its hand does not pay for building the rivers. It is a view of the
game at the moment it was made: reading any field after the game has moved on raises
:class:`~nbmj.errors.StaleObservationError`; ``obs.to_dict()`` (or ``obs.to_json()``)
keeps a snapshot.

Everything in it is what that seat may know: its own hand and the tile it drew, the wilds
and the indicator, every seat's melds, rivers (with who claimed each tile), flowers and
hand size, the winds and the dealer, the wall's count and reserve, the payments made so
far, the 三摊 links the melds make (NB-14.5), the NH-6 warnings and 包牌 offences (public:
the ``bao`` events are announced), and the restrictions in force on it now. The wall's
order and the other hands never appear. One field is the referee's, for bots in the same
process: ``to_act``, the seats the game waits for, which in a claim window tells which other
seats may claim; :meth:`Observation.to_json`, the form to send a seat, leaves it out. Tiles are tile ids; seats are table
positions ``"E" "S" "W" "N"``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any, Protocol

from ..errors import StaleObservationError
from ..rules.model import SEATS
from ..scoring.settlement import links_of
from ..scoring.situation import Situation
from .liability import forbidden_tiles
from .phases import ClaimWindow, Turn
from .results import HandResult
from .state import TableState
from .wall import Wall
from .wins import fed_toward_links, fed_winds, scored_melds

__all__ = ["GameView", "Observation", "StaleObservationError", "PUBLIC_FIELDS", "OWN_FIELDS", "public_view"]


class GameView(Protocol):
    """What an observation reads of its game: :class:`~nbmj.engine.game.Game` is one. (A
    protocol, so that this view sits below the game that hands it out.)"""

    @property
    def table(self) -> TableState: ...
    @property
    def phase(self) -> str: ...
    @property
    def wall(self) -> Wall: ...
    @property
    def indicator(self) -> int | None: ...
    @property
    def result(self) -> HandResult | None: ...
    @property
    def current(self) -> int: ...
    @property
    def chi_bans(self) -> tuple[int, ...]: ...
    @property
    def to_act(self) -> list[str]: ...
    def seat_wind(self, position: int) -> str: ...


Field = Callable[[GameView, int], Any]


def _hand(g: GameView, p: int) -> list[int]:
    h = g.table.seats[p].hand
    return [t for t in range(42) for _ in range(h[t])]


def _meld_tuples(g: GameView) -> dict[str, tuple[tuple[str, tuple[int, ...], str | None], ...]]:
    """Every seat's melds as ``(kind, tiles, from)``, ``from`` a table position."""
    return {
        SEATS[i]: tuple([(m.kind, m.tiles, None if m.source is None else SEATS[m.source]) for m in s.melds])
        for i, s in enumerate(g.table.seats)
    }


def _melds(g: GameView, p: int) -> dict[str, list[dict[str, Any]]]:
    return {s: [{"kind": kind, "tiles": list(tiles), "from": src} for kind, tiles, src in ms] for s, ms in _meld_tuples(g).items()}


def _rivers(g: GameView, p: int) -> dict[str, list[dict[str, Any]]]:
    return {SEATS[i]: [{"tile": r.tile, "claimed_by": r.claimed_by} for r in s.river] for i, s in enumerate(g.table.seats)}


def _discard(g: GameView, p: int) -> dict[str, Any] | None:
    ph = g.table.phase
    if not isinstance(ph, ClaimWindow):
        return None
    return {"seat": SEATS[ph.discarder], "tile": ph.tile}


def _liability(g: GameView, p: int) -> list[dict[str, Any]]:
    return [
        {"discarder": SEATS[o.discarder], "warned": SEATS[o.warned], "discard": o.number, "claimed": o.claimed}
        for o in g.table.offences
    ]


def _links(g: GameView, p: int) -> list[dict[str, Any]]:
    """三摊 (NB-14.5): for each ordered pair (``winner``, ``seat``) with melds fed between
    them that count toward a link, those melds each way and whether ``seat`` would be
    linked to ``winner`` were it to win now. The counts are the engine's (the melds it gives
    the scorer as fed), the link the scorer's own reading of them
    (:func:`~nbmj.scoring.settlement.links_of`); empty in a variant without 三摊."""
    t = g.table
    liability = t.rules.liability
    if liability is None:
        return []
    wind = t.seat_wind
    # fed[a][b]: melds b claimed from a's discards that count toward a link
    fed = [fed_toward_links(t, a, liability) for a in range(4)]
    out = []
    for w in range(4):
        if not any(fed[w]) and not any(fed[q][w] for q in range(4)):
            continue
        # the win's situation as the scorer reads its links: the winner's melds and whom it fed
        # (the hand and the win itself do not enter; wins.situation builds the same fields)
        sit = Situation(seat=wind(w), round_wind=t.round_wind, concealed=(), win_tile=0, win_by="self_draw",
                        melds=scored_melds(t, t.seats[w].melds), fed=fed_winds(t, w, fed[w]))
        linked = links_of(sit, liability)
        for q in range(4):
            if q != w and (fed[q][w] or fed[w][q]):
                link = linked.get(wind(q))
                out.append({"winner": SEATS[w], "seat": SEATS[q], "fed_winner": fed[q][w], "winner_fed": fed[w][q],
                            "linked": link is not None, "mutual": link is not None and link.mutual})
    return out


def _warnings(g: GameView, p: int) -> dict[str, list[int]]:
    """NH-6.1, NH-6.3: for each seat, the tile kinds its melds forbid to the other players
    who are not ready (a discard of one makes its discarder liable, NH-6.2), as the engine
    checks each discard; empty lists where the variant has no such warning."""
    t = g.table
    er = t.er
    if not (er.bao_suits or er.bao_terminals):
        return {s: [] for s in SEATS}
    return {
        SEATS[i]: sorted(forbidden_tiles([(m.kind, m.tiles) for m in s.melds], suits=er.bao_suits, terminals=er.bao_terminals))
        for i, s in enumerate(t.seats)
    }


def _drawn(g: GameView, p: int) -> int | None:
    ph = g.table.phase
    return ph.drawn if isinstance(ph, Turn) and ph.seat == p else None


def _restrictions(g: GameView, p: int) -> dict[str, Any]:
    """The restrictions in force on this seat now."""
    t = g.table
    ph = t.phase
    at_claim = isinstance(ph, ClaimWindow)
    return {
        "chi_bans": list(ph.chi_bans) if isinstance(ph, Turn) and ph.seat == p else [],
        "banned_claims": sorted(t.banned_claims(at_claim)),
        "passed_win": t.win_barred(p),
        "passed_pon": sorted(t.pons_barred(p)),
        "last_discard": not t.can_draw(),
        "can_kong": t.can_kong(),
    }


PUBLIC_FIELDS: dict[str, Field] = {
    "variant": lambda g, p: g.table.rules.name,
    "dealer": lambda g, p: SEATS[g.table.dealer],
    "round_wind": lambda g, p: g.table.round_wind,
    "seat_winds": lambda g, p: {SEATS[i]: g.seat_wind(i) for i in range(4)},
    "phase": lambda g, p: g.phase,
    "to_act": lambda g, p: g.to_act,
    "current": lambda g, p: SEATS[g.current],
    "indicator": lambda g, p: g.indicator,
    "wilds": lambda g, p: list(g.table.wt.wild_ids),
    "wall_remaining": lambda g, p: g.wall.remaining,
    "wall_kept": lambda g, p: g.table.kept_tiles,
    "discard": _discard,
    "hand_sizes": lambda g, p: {SEATS[i]: sum(s.hand) for i, s in enumerate(g.table.seats)},
    "melds": _melds,
    "flowers": lambda g, p: {SEATS[i]: list(s.flowers) for i, s in enumerate(g.table.seats)},
    "rivers": _rivers,
    "chi_bans": lambda g, p: list(g.chi_bans),
    "liability": _liability,
    "warnings": _warnings,
    "links": _links,
    "immediate": lambda g, p: {SEATS[i]: g.table.immediate[i] for i in range(4)},
    "result": lambda g, p: None if g.result is None else g.result.to_json(),
}

OWN_FIELDS: dict[str, Field] = {
    "seat": lambda g, p: SEATS[p],
    "seat_wind": lambda g, p: g.seat_wind(p),
    "hand": _hand,
    "drawn": _drawn,
    "restrictions": _restrictions,
}

_FIELDS = {**PUBLIC_FIELDS, **OWN_FIELDS}
_KEYS = tuple(_FIELDS)
# what a seat may be sent: not the seats the game waits for (see Observation.to_json)
_SENT_KEYS = tuple(k for k in _KEYS if k != "to_act")


def public_view(g: GameView) -> dict[str, Any]:
    """The fields every seat sees."""
    return {k: f(g, 0) for k, f in PUBLIC_FIELDS.items()}


class Observation(Mapping[str, Any]):
    """The view of one seat: its own hand, every table face, never the wall order or
    others' hands. A mapping of the keys of ``PUBLIC_FIELDS`` (every seat sees them) and
    ``OWN_FIELDS`` (this seat's own); the most used are also read-only properties."""

    __slots__ = ("_game", "_p", "_version", "_cache")

    def __init__(self, game: GameView, position: int) -> None:
        self._game = game
        self._p = position
        self._version = game.table.version
        self._cache: dict[str, Any] = {}

    def __getitem__(self, key: str) -> Any:
        if self._game.table.version != self._version:
            raise StaleObservationError(
                f"the observation of {SEATS[self._p]!r} was read ({key!r}) after the game moved on; keep obs.to_dict()"
            )
        cache = self._cache
        if key in cache:
            return cache[key]
        value = cache[key] = _FIELDS[key](self._game, self._p)
        return value

    def get(self, key: str, default: Any = None) -> Any:
        """The field ``key``, or ``default`` when there is no such field (Mapping's own
        ``get``, without its exception handling on every read)."""
        if key in _FIELDS:
            return self[key]
        return default

    def __iter__(self) -> Iterator[str]:
        return iter(_KEYS)

    def __len__(self) -> int:
        return len(_KEYS)

    def to_dict(self) -> dict[str, Any]:
        """Every field, as a plain dict."""
        return {k: self[k] for k in _KEYS}

    def to_json(self) -> dict[str, Any]:
        """Every field but ``to_act`` as JSON-ready values (lists, dicts, strings, numbers,
        None): exactly what this seat may see, so no hidden tile, the form to send it.
        ``to_act`` is the referee's: in a claim window it names the other seats that may
        claim, which their hands decide."""
        return {k: _jsonable(self[k]) for k in _SENT_KEYS}

    def __repr__(self) -> str:
        return f"<Observation of {SEATS[self._p]} at step {self._version}>"

    # the fields a bot reads most, as properties (each raises when stale, like the mapping)

    @property
    def seat(self) -> str:
        """This seat (a table position)."""
        return str(self["seat"])

    @property
    def seat_wind(self) -> str:
        """This seat's wind this hand (NB-2.4)."""
        return str(self["seat_wind"])

    @property
    def hand(self) -> list[int]:
        """The tile ids in this seat's hand, in id order."""
        return list(self["hand"])

    def hand_counts(self) -> bytes:
        """This seat's hand as a count per tile id (42 bytes, flowers included): the
        ``hand`` field without the list, for bots that count tiles."""
        if self._game.table.version != self._version:
            raise StaleObservationError(
                f"the observation of {SEATS[self._p]!r} was read ('hand') after the game moved on; keep obs.to_dict()"
            )
        return bytes(self._game.table.seats[self._p].hand)

    def river_tiles(self) -> dict[str, tuple[tuple[int, str | None], ...]]:
        """Every seat's discards as ``(tile, claimed_by)`` pairs: the ``rivers`` field
        without a dict per tile, for bots that count tiles."""
        seats = self._live_game().table.seats
        return {SEATS[i]: tuple(s.river) for i, s in enumerate(seats)}

    def meld_tuples(self) -> dict[str, tuple[tuple[str, tuple[int, ...], str | None], ...]]:
        """Every seat's melds as ``(kind, tiles, from)``: the ``melds`` field without a dict
        per meld, for bots that count tiles."""
        return _meld_tuples(self._live_game())

    @property
    def drawn(self) -> int | None:
        """The tile this seat just drew while on turn, else None."""
        value: int | None = self["drawn"]
        return value

    @property
    def wilds(self) -> list[int]:
        """The wild tile ids this hand."""
        return list(self["wilds"])

    @property
    def indicator(self) -> int | None:
        """The face-up wild indicator, or None."""
        value: int | None = self["indicator"]
        return value

    @property
    def melds(self) -> dict[str, list[dict[str, Any]]]:
        """Every seat's melds: kind, tiles and the seat claimed from."""
        value: dict[str, list[dict[str, Any]]] = self["melds"]
        return value

    @property
    def rivers(self) -> dict[str, list[dict[str, Any]]]:
        """Every seat's discards, each with the seat that claimed it (or None)."""
        value: dict[str, list[dict[str, Any]]] = self["rivers"]
        return value

    @property
    def flowers(self) -> dict[str, list[int]]:
        """Every seat's flowers laid aside."""
        value: dict[str, list[int]] = self["flowers"]
        return value

    @property
    def dealer(self) -> str:
        """The dealer's table position."""
        return str(self["dealer"])

    @property
    def round_wind(self) -> str:
        """The round's wind."""
        return str(self["round_wind"])

    @property
    def seat_winds(self) -> dict[str, str]:
        """Each table position's seat wind this hand."""
        value: dict[str, str] = self["seat_winds"]
        return value

    @property
    def wall_remaining(self) -> int:
        """Drawable tiles left in the wall."""
        return int(self["wall_remaining"])

    @property
    def discard(self) -> dict[str, Any] | None:
        """The discard (or added kong) open to claims, ``{"seat", "tile"}``, else None."""
        value: dict[str, Any] | None = self["discard"]
        return value

    @property
    def liability(self) -> list[dict[str, Any]]:
        """The NH-6 包牌 offences: who discarded into whose warning, at which discard."""
        value: list[dict[str, Any]] = self["liability"]
        return value

    @property
    def restrictions(self) -> dict[str, Any]:
        """The restrictions in force on this seat now: ``chi_bans``, ``banned_claims``,
        ``passed_win`` (NB-8.7 bars its discard wins), ``passed_pon`` (NB-8.6),
        ``last_discard`` (NB-15.2: no meld claims) and ``can_kong`` (NB-9.7)."""
        value: dict[str, Any] = self["restrictions"]
        return value

    # Read-only facts the RL feature planes need (nbmj.env) that the mapping does not hold:
    # the seat's own restrictions and the NH-6 liabilities the log announces ("bao" events).
    # Properties, not fields, so that to_dict() and the JSON bots see what they always saw.

    def _live_game(self) -> Any:
        if self._game.table.version != self._version:
            raise StaleObservationError(f"the observation of {SEATS[self._p]!r} was read after the game moved on; keep obs.to_dict()")
        return self._game

    @property
    def passed_win(self) -> bool:
        """Whether this seat let a win go by and may not win on a discard until it acts again (NB-8.7)."""
        return bool(self._live_game().table.win_barred(self._p))

    @property
    def passed_pon(self) -> list[int]:
        """The tiles this seat let go by when it could have punged them, and may not pung now (NB-8.6)."""
        return sorted(self._live_game().table.pons_barred(self._p))

    @property
    def liabilities(self) -> list[tuple[str, str]]:
        """The NH-6 包牌 offences so far as ``(offender, warned)`` seat pairs, earliest first."""
        return [(SEATS[o[0]], SEATS[o[1]]) for o in self._live_game().offences]


def _jsonable(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [_jsonable(v) for v in value]
    return value

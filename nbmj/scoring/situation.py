"""A finished winning hand as the scorer sees it: the input of :func:`nbmj.scoring.score`.

The engine builds a :class:`Situation` at the moment of a win; ``nbmj score`` reads one
from JSON (see :meth:`Situation.from_dict`). Tiles are tile ids (:mod:`nbmj.tiles`); seats
are seat winds ``"E" "S" "W" "N"`` with ``"E"`` the dealer.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal, Sequence, TypeVar

from ..errors import NbmjError, SituationError
from ..tiles import COPIES, N_KINDS, is_flower, parse_tile, parse_tiles, tile_code, to_notation

__all__ = ["Meld", "Situation", "MELD_KINDS", "WIN_METHODS"]

MELD_KINDS = ("chi", "pon", "kan", "ankan", "kakan")


@dataclass(frozen=True)
class Meld:
    """A meld on the table, as laid down.

    ``kind``: ``chi`` (chow from a discard), ``pon`` (pung from a discard), ``kan`` (kong of
    a discard), ``ankan`` (concealed kong), ``kakan`` (a pon upgraded by the fourth tile).
    ``tiles`` are the tile ids in the meld; ``source`` is the seat whose discard was
    claimed (None for ``ankan``; for ``kakan`` the seat that fed the original pon).
    """

    kind: Literal["chi", "pon", "kan", "ankan", "kakan"]
    tiles: tuple[int, ...]
    source: str | None = None


#: A kong as bloom_kong_of reads it: a Meld, or the kind of one.
_Kong = TypeVar("_Kong")


def bloom_kong_of(win_by: str, after_kongs: Sequence[_Kong], last_meld: _Kong | None, last_meld_kind: str | None) -> _Kong | None:
    """The kong on whose replacement a win by ``win_by`` was drawn (杠上开花), of a win that
    came right after the kongs ``after_kongs`` (NB-12.49) and whose last meld is
    ``last_meld``, of kind ``last_meld_kind`` (None for no meld): the last of those kongs,
    where it lists any; otherwise the last meld when that is an exposed kong (an added kong
    stays where its pung was among the melds, so only the kongs listed can name one); None
    for any other win. The melds are :class:`Meld` values (:meth:`Situation.bloom_kong`) or
    their kinds alone (the hand level of ``nbmj.scoring.facts``, which keeps the kind)."""
    if win_by != "kong_replacement":
        return None
    if after_kongs:
        return after_kongs[-1]
    if last_meld_kind == "kan":
        return last_meld
    return None


@dataclass(frozen=True)
class Situation:
    """Everything the scorer needs about one win.

    ``concealed`` excludes the winning tile; wild tiles appear as the physical tiles they
    are (the indicator decides which are wild). ``discarder`` is the seat that discarded
    the winning tile, or whose added kong was robbed, or None for self-drawn wins.
    ``melds`` are oldest first. ``fed`` counts melds the winner fed each other seat, for
    mutual liability. ``discarded_wild`` records 抛搭.
    """

    seat: str
    round_wind: str
    concealed: tuple[int, ...]
    win_tile: int
    win_by: Literal["discard", "self_draw", "rob_kong", "kong_replacement", "flower_replacement"]
    discarder: str | None = None
    melds: tuple[Meld, ...] = ()
    flowers: tuple[int, ...] = ()
    indicator: int | None = None
    last_tile: bool = False
    first_turn: bool = False
    fed: tuple[tuple[str, int], ...] = ()
    discarded_wild: bool = False
    variant: str | None = field(default=None, compare=False)
    #: The seat that pays for the table (包牌, NH-6.5), as the engine decided; None for none.
    liable: str | None = None
    #: The kongs the win came right after (NB-12.49), oldest first: those the player on turn
    #: made since it last drew from the wall's head or claimed a discard - the discarder's,
    #: for a win on its discard (or on its robbed kong), the winner's own for a win on a
    #: replacement. ``source`` is the seat whose tile was konged (None for a concealed kong).
    after_kongs: tuple[Meld, ...] = ()

    def bloom_kong(self) -> Meld | None:
        """The kong on whose replacement a ``kong_replacement`` win was drawn (杠上开花): the
        last of ``after_kongs``. A situation that does not list them names an exposed kong
        by its last meld (an added kong stays where its pung was among the melds, so only
        ``after_kongs`` can name one). None for any other win."""
        last = self.melds[-1] if self.melds else None
        return bloom_kong_of(self.win_by, self.after_kongs, last, None if last is None else last.kind)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Situation":
        """Read and check the JSON situation of ``nbmj score`` (see the CLI docs).

        Checks what can be checked without the rules: tile notation, seats, the win method,
        meld shapes, at most four copies of a kind (the indicator included), one copy of
        each flower, a hand of 14 tiles counting each meld as three, and ``from`` for wins
        on a discard or a robbed kong. Whether the hand wins is checked by the scorer,
        which knows the wilds. Raises :class:`~nbmj.errors.SituationError`.
        """
        return _situation_from_dict(data)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form read by :meth:`from_dict`."""

        out: dict[str, Any] = {}
        if self.variant is not None:
            out["variant"] = self.variant
        out.update(
            {
                "seat": self.seat,
                "round": self.round_wind,
                "concealed": _notation_in_order(self.concealed),
                "win_tile": tile_code(self.win_tile),
                "win_by": self.win_by,
            }
        )
        if self.discarder is not None:
            out["from"] = self.discarder
        out["melds"] = [_meld_json(m) for m in self.melds]
        out["flowers"] = to_notation(self.flowers)
        out["indicator"] = None if self.indicator is None else tile_code(self.indicator)
        out["last_tile"] = self.last_tile
        out["first_turn"] = self.first_turn
        if self.fed:
            out["fed"] = dict(self.fed)
        if self.discarded_wild:
            out["discarded_wild"] = True
        if self.liable is not None:
            out["liable"] = self.liable
        if self.after_kongs:
            out["after_kongs"] = [_meld_json(m) for m in self.after_kongs]
        return out


def _meld_json(m: Meld) -> dict[str, Any]:
    """A meld in the JSON form :meth:`Situation.from_dict` reads."""
    return {"kind": m.kind, "tiles": to_notation(m.tiles), **({"from": m.source} if m.source else {})}


def _notation_in_order(tiles: tuple[int, ...]) -> str:
    return " ".join(tile_code(t) for t in tiles)


_SEATS = ("E", "S", "W", "N")
#: The ways a hand is won (``Situation.win_by``).
WIN_METHODS = ("discard", "self_draw", "rob_kong", "kong_replacement", "flower_replacement")
_KNOWN_FIELDS = {
    "variant", "seat", "round", "concealed", "win_tile", "win_by", "from", "melds", "flowers",
    "indicator", "last_tile", "first_turn", "fed", "discarded_wild", "liable", "after_kongs",
}


def _tiles(value: Any, what: str) -> list[int]:
    if isinstance(value, list):
        value = " ".join(str(v) for v in value)
    try:
        return parse_tiles(value)
    except NbmjError as exc:
        raise SituationError(f"bad tiles in {what!r}: {exc}") from exc


def _seat(value: Any, what: str) -> str:
    if value not in _SEATS:
        raise SituationError(f"{what!r} must be one of E, S, W, N, not {value!r}")
    return str(value)


def _flag(data: dict[str, Any], key: str) -> bool:
    value = data.get(key, False)
    if value is None:
        return False
    if not isinstance(value, bool):
        raise SituationError(f"{key!r} must be true or false, not {value!r}")
    return value


def _meld(raw: Any, index: int, seat: str, what: str = "meld", kinds: tuple[str, ...] = MELD_KINDS) -> Meld:
    """One meld of the JSON form (``what``: its name in messages); ``seat`` made it, and
    its tiles are never claimed from that seat."""
    if not isinstance(raw, dict):
        raise SituationError(f"{what} {index} must be an object with 'kind' and 'tiles', not {raw!r}")
    kind = raw.get("kind")
    if kind not in kinds:
        raise SituationError(f"{what} {index} has unknown kind {kind!r}; expected one of {', '.join(kinds)}")
    tiles = _tiles(raw.get("tiles", ""), f"{what}s[{index}].tiles")
    if any(t >= N_KINDS for t in tiles):
        raise SituationError(f"{what} {index} ({raw.get('tiles')!r}) holds a flower")
    srt = sorted(tiles)
    if kind == "chi":
        ok = len(srt) == 3 and srt[0] < 27 and srt[0] // 9 == srt[2] // 9 and srt == [srt[0], srt[0] + 1, srt[0] + 2]
    elif kind == "pon":
        ok = len(srt) == 3 and len(set(srt)) == 1
    else:
        ok = len(srt) == 4 and len(set(srt)) == 1
    if not ok:
        raise SituationError(f"{what} {index} ({raw.get('tiles')!r}) is not a {kind}")
    source = raw.get("from")
    if kind == "ankan":
        if source is not None:
            raise SituationError(f"{what} {index} is a concealed kong and has no 'from', got {source!r}")
    else:
        if source is None:
            raise SituationError(f"{what} {index} ({kind}) needs 'from', the seat that fed it")
        _seat(source, f"{what}s[{index}].from")
        if source == seat:
            raise SituationError(f"{what} {index} cannot come from the seat that made it, {source!r}")
    return Meld(kind, tuple(tiles), source)


def _situation_from_dict(data: Any) -> Situation:
    if not isinstance(data, dict):
        raise SituationError(f"a situation is a JSON object, not {type(data).__name__!r}")
    unknown = sorted(set(data) - _KNOWN_FIELDS)
    if unknown:
        raise SituationError(f"unknown situation field {unknown[0]!r}")
    for key in ("seat", "concealed", "win_tile", "win_by"):
        if key not in data:
            raise SituationError(f"the situation lacks {key!r}")
    seat = _seat(data["seat"], "seat")
    round_wind = _seat(data.get("round", "E"), "round")
    concealed = _tiles(data["concealed"], "concealed")
    try:
        win_tile = parse_tile(data["win_tile"]) if isinstance(data["win_tile"], str) else None
    except NbmjError as exc:
        raise SituationError(f"bad 'win_tile': {exc}") from exc
    if win_tile is None:
        raise SituationError(f"'win_tile' must be one tile in notation, not {data['win_tile']!r}")
    win_by = data["win_by"]
    if win_by not in WIN_METHODS:
        raise SituationError(f"unknown 'win_by' {win_by!r}; expected one of {', '.join(WIN_METHODS)}")
    discarder = data.get("from")
    if win_by in ("discard", "rob_kong"):
        if discarder is None:
            raise SituationError(f"a win by {win_by!r} needs 'from', the seat that gave the tile")
        _seat(discarder, "from")
        if discarder == seat:
            raise SituationError(f"'from' names the winner's own seat {discarder!r}")
    else:
        if discarder is not None:
            _seat(discarder, "from")
            if discarder == seat:
                raise SituationError(f"'from' names the winner's own seat {discarder!r}")
        discarder = None
    raw_melds = data.get("melds") or []
    if not isinstance(raw_melds, list):
        raise SituationError(f"'melds' must be a list, not {raw_melds!r}")
    melds = tuple(_meld(m, i, seat) for i, m in enumerate(raw_melds))
    if len(melds) > 4:
        raise SituationError(f"{len(melds)} melds; a hand has at most 4")
    flowers = _tiles(data.get("flowers") or "", "flowers")
    for t in flowers:
        if not is_flower(t):
            raise SituationError(f"'flowers' holds {tile_code(t)!r}, which is not a flower")
    indicator_raw = data.get("indicator")
    indicator = None
    if indicator_raw is not None:
        try:
            indicator = parse_tile(indicator_raw)
        except NbmjError as exc:
            raise SituationError(f"bad 'indicator': {exc}") from exc
    fed_raw = data.get("fed") or {}
    if not isinstance(fed_raw, dict):
        raise SituationError(f"'fed' must map seats to counts, not {fed_raw!r}")
    fed = []
    for k, v in fed_raw.items():
        _seat(k, "fed")
        if k == seat:
            raise SituationError(f"'fed' names the winner's own seat {k!r}")
        if not isinstance(v, int) or isinstance(v, bool) or v < 0 or v > 4:
            raise SituationError(f"'fed' count for {k!r} must be a whole number 0-4, not {v!r}")
        if v:
            fed.append((k, v))
    raw_kongs = data.get("after_kongs") or []
    if not isinstance(raw_kongs, list):
        raise SituationError(f"'after_kongs' must be a list, not {raw_kongs!r}")
    maker = discarder if discarder is not None and win_by in ("discard", "rob_kong") else seat
    after_kongs = tuple(_meld(m, i, maker, "after_kong", ("kan", "ankan", "kakan")) for i, m in enumerate(raw_kongs))
    if after_kongs:
        if win_by not in ("discard", "rob_kong", "kong_replacement", "flower_replacement"):
            raise SituationError(f"a win by {win_by!r} comes after a draw from the wall, not after a kong ('after_kongs')")
        if maker == seat:
            for i, k in enumerate(after_kongs):
                if k not in melds:
                    raise SituationError(f"after_kong {i} is the winner's own kong and must be among its melds")
    # the discarder's kongs are tiles on the table too (the winner's are among its melds)
    on_table = [t for k in after_kongs for t in k.tiles] if maker != seat else []
    # counts: at most four of a kind (the indicator is one physical copy), one of each flower
    counts = [0] * 42
    for t in concealed + [win_tile] + [t for m in melds for t in m.tiles] + flowers + on_table:
        counts[t] += 1
    if indicator is not None:
        counts[indicator] += 1
    counted = "the indicator and the discarder's kongs" if on_table else "the indicator"
    for t, n in enumerate(counts):
        limit = 1 if is_flower(t) else COPIES
        if n > limit:
            raise SituationError(f"{n} copies of {tile_code(t)!r} (counting {counted}); at most {limit} exist")
    n_tiles = len(concealed) + 1 + 3 * len(melds)
    if n_tiles != 14:
        raise SituationError(
            f"the hand has {len(concealed)} concealed tiles, the winning tile and {len(melds)} melds: "
            f"{n_tiles} tiles counting each meld as three, not 14"
        )
    if win_by == "kong_replacement" and not any(m.kind in ("kan", "ankan", "kakan") for m in melds):
        raise SituationError("a win on a kong replacement needs a kong among the melds")
    liable = data.get("liable")
    if liable is not None:
        _seat(liable, "liable")
        if liable == seat:
            raise SituationError(f"'liable' names the winner's own seat {liable!r}")
    variant = data.get("variant")
    if variant is not None and not isinstance(variant, str):
        raise SituationError(f"'variant' must be a name or a path, not {variant!r}")
    return Situation(
        seat=seat,
        round_wind=round_wind,
        concealed=tuple(concealed),
        win_tile=win_tile,
        win_by=win_by,
        discarder=discarder,
        melds=melds,
        flowers=tuple(flowers),
        indicator=indicator,
        last_tile=_flag(data, "last_tile"),
        first_turn=_flag(data, "first_turn"),
        fed=tuple(fed),
        discarded_wild=_flag(data, "discarded_wild"),
        variant=variant,
        liable=liable,
        after_kongs=after_kongs,
    )

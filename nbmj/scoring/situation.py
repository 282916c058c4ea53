"""A finished winning hand as the scorer sees it: the input of :func:`nbmj.scoring.score`.

The engine builds a :class:`Situation` at the moment of a win; ``nbmj score`` reads one
from JSON (see :meth:`Situation.from_dict`). Tiles are tile ids (:mod:`nbmj.tiles`); seats
are seat winds ``"E" "S" "W" "N"`` with ``"E"`` the dealer.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from operator import index as as_index
from typing import TYPE_CHECKING, Any, Literal, Sequence, TypeVar

from ..errors import NbmjError, SituationError
from ..tiles import COPIES, N_KINDS, N_TILE_IDS, is_flower, parse_tile, parse_tiles, tile_code, to_notation

if TYPE_CHECKING:
    from ..rules.model import RuleSet

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
    # (the kongs first: most wins have none, and compiled, a compare of two unequal strings
    # costs a full one, and of None with a string a rich compare)
    if after_kongs:
        return after_kongs[-1] if win_by == "kong_replacement" else None
    if last_meld_kind is not None and last_meld_kind == "kan" and win_by == "kong_replacement":
        return last_meld
    return None


@dataclass(frozen=True)
class Situation:
    """Everything the scorer needs about one win.

    ``concealed`` excludes the winning tile; wild tiles appear as the physical tiles they
    are (the indicator decides which are wild). ``discarder`` is the seat that discarded
    the winning tile, or whose added kong was robbed, or None for self-drawn wins.
    ``melds`` are oldest first. ``fed`` counts the melds the winner fed each other seat, of
    the kinds the variant's liability counts (NB-14.5), for mutual liability.
    ``discarded_wild`` records 抛搭.
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

    def check(self, rules: RuleSet | None = None) -> None:
        """Raise :class:`~nbmj.errors.SituationError` unless the situation could be a win:
        what :meth:`from_dict` checks of JSON, for a situation made in Python. Seats are
        ``E S W N``, ``win_by`` one of :data:`WIN_METHODS`, every tile a tile id (a whole
        number 0-41), melds :class:`Meld` values of their kind's shape, fed by another seat
        (none for a concealed kong), flowers flowers, at most four of a kind (the indicator
        and the discarder's kongs counted) and one of each flower. Counting each meld as
        three, the hand holds the tiles a win under ``rules`` takes (``dealing.other_tiles``
        and the winning tile: 14 in the shipped variants); without rules 14, or 11, 8, 5 or 2 (a
        variant may deal fewer). :func:`nbmj.scoring.score` and :func:`nbmj.scoring.settle`
        check what they are given; whether the tiles win is the scorer's to say."""
        check_situation(self, -1 if rules is None else hand_size(rules), rules)

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
# the same as sets, for the check at every score() (C variables where compiled)
_SEAT_SET = frozenset(_SEATS)
_WIN_METHOD_SET = frozenset(WIN_METHODS)
_EAST, _SOUTH, _WEST, _NORTH = _SEATS
#: each seat's 上家, the seat before it in turn order (NB-2.2)
_PREVIOUS = {seat: _SEATS[i - 1] for i, seat in enumerate(_SEATS)}
_SELF_DRAW, _DISCARD = "self_draw", "discard"


def _is_seat(value: object) -> bool:
    """Whether ``value`` names a seat: told by identity first (the seats a check meets are
    mostly these very strings, CPython sharing one-character strings), else by the set."""
    return value is _EAST or value is _SOUTH or value is _WEST or value is _NORTH or value in _SEAT_SET
_ON_A_DISCARD = frozenset(("discard", "rob_kong"))  # the wins whose tile another seat gave
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
    if "tiles" not in raw:
        raise SituationError(f"{what} {index} ({kind}) needs 'tiles', its tiles in notation")
    meld = Meld(kind, tuple(_tiles(raw["tiles"], f"{what}s[{index}].tiles")), raw.get("from"))
    _check_meld(meld, index, seat, what, kinds)
    return meld


def _is_tile_id(tile: Any) -> bool:
    """Whether ``tile`` is a tile id: a whole number 0-41 (an int, or a number that is one,
    such as a NumPy integer; not a bool)."""
    if isinstance(tile, bool):
        return False
    try:
        value = as_index(tile)
    except TypeError:
        return False
    return 0 <= value < N_TILE_IDS


def _tile_index(tile: Any, what: str) -> int:
    """``tile`` (in field ``what``) as the int of its tile id; a SituationError when it is none."""
    if not _is_tile_id(tile):
        raise SituationError(f"{tile!r} in {what!r} is no tile id (a whole number 0-{N_TILE_IDS - 1})")
    return as_index(tile)


def _check_tiles(tiles: Any, what: str) -> None:
    """Every one of ``tiles`` (a tuple, field ``what``) a tile id."""
    if not isinstance(tiles, tuple):
        raise SituationError(f"{what!r} is a tuple of tile ids, not {tiles!r}")
    for t in tiles:
        _tile_index(t, what)


def _check_flowers(flowers: Any) -> None:
    """``flowers`` (a tuple) tile ids of flowers."""
    _check_tiles(flowers, "flowers")
    for t in flowers:
        if not is_flower(t):
            raise SituationError(f"'flowers' holds {tile_code(t)!r}, which is not a flower")


def _other_seat(value: Any, seat: str, what: str, own: str) -> None:
    """``value`` (field ``what``) a seat other than the winner's ``seat``; ``own`` says
    what it would be to name that one."""
    _seat(value, what)
    if value == seat:
        raise SituationError(f"{what!r} names the winner's own seat {value!r}: {own}")


def _check_meld(meld: Any, index: int, seat: str, what: str, kinds: tuple[str, ...]) -> None:
    """``meld`` a :class:`Meld` of one of ``kinds`` that ``seat`` made: its tiles of its
    kind's shape, fed by another seat (a concealed kong by none)."""
    if not isinstance(meld, Meld):
        raise SituationError(f"{what} {index} must be a Meld, not {meld!r}")
    kind = meld.kind
    if kind not in kinds:
        raise SituationError(f"{what} {index} has unknown kind {kind!r}; expected one of {', '.join(kinds)}")
    _check_tiles(meld.tiles, f"{what}s[{index}].tiles")
    if any(t >= N_KINDS for t in meld.tiles):
        raise SituationError(f"{what} {index} ({to_notation(meld.tiles)!r}) holds a flower")
    srt = sorted(meld.tiles)
    if kind == "chi":
        ok = len(srt) == 3 and srt[0] < 27 and srt[0] // 9 == srt[2] // 9 and srt == [srt[0], srt[0] + 1, srt[0] + 2]
    elif kind == "pon":
        ok = len(srt) == 3 and len(set(srt)) == 1
    else:
        ok = len(srt) == 4 and len(set(srt)) == 1
    if not ok:
        raise SituationError(f"{what} {index} ({to_notation(meld.tiles)!r}) is not a {kind}")
    source = meld.source
    if kind == "ankan":
        if source is not None:
            raise SituationError(f"{what} {index} is a concealed kong and has no 'from', got {source!r}")
    elif source is None:
        raise SituationError(f"{what} {index} ({kind}) needs 'from', the seat that fed it")
    else:
        _seat(source, f"{what}s[{index}].from")
        if source == seat:
            raise SituationError(f"{what} {index} cannot come from the seat that made it, {source!r}")
        if kind == "chi" and source != _PREVIOUS[seat]:
            # NB-7.1: only the discarder's 下家 may chi, so a chow comes from the maker's 上家
            raise SituationError(f"{what} {index} ({to_notation(meld.tiles)!r}) is a chi from {source!r}: a chow is "
                                 f"claimed only from the 上家, {_PREVIOUS[seat]!r} for {seat!r}")


def _check_fed(fed: Any, seat: str) -> None:
    """``fed`` (a situation's) pairs of another seat and a count 0-4."""
    if not isinstance(fed, tuple):
        raise SituationError(f"'fed' is a tuple of (seat, count) pairs, not {fed!r}")
    for pair in fed:
        if not isinstance(pair, tuple) or len(pair) != 2:
            raise SituationError(f"'fed' holds {pair!r}, which is no (seat, count) pair")
        other, n = pair
        _other_seat(other, seat, "fed", "a winner feeds only others")
        if not isinstance(n, int) or isinstance(n, bool) or n < 0 or n > 4:
            raise SituationError(f"'fed' count for {other!r} must be a whole number 0-4, not {n!r}")


def _tiles_on_the_table(melds: tuple[Meld, ...], flowers: tuple[int, ...], kongs: tuple[Meld, ...]) -> tuple[int, ...]:
    """The tiles of ``melds``, ``flowers`` and ``kongs``."""
    out = [t for m in melds for t in m.tiles]
    out += flowers
    out += [t for k in kongs for t in k.tiles]
    return tuple(out)


def _tile_id_of(sit: Situation, tile: Any) -> int:
    """``tile`` of ``sit``'s hand, the winning tile or the indicator as the int of its tile
    id, once the check's fast path found it no int 0-41 (a NumPy integer is one); a
    SituationError naming the field that holds a tile that is none."""
    _check_tiles(sit.concealed, "concealed")
    _tile_index(sit.win_tile, "win_tile")
    if sit.indicator is not None:
        _tile_index(sit.indicator, "indicator")
    return as_index(tile)  # (the melds' and flowers' tiles were checked before)


def _too_many(sit: Situation, kind: int, tiles: tuple[int, ...], on_table: bool) -> None:
    """Raise the SituationError of more copies of ``kind`` among ``tiles`` than exist."""
    n = sum(1 for t in tiles if as_index(t) == kind)
    counted = "the indicator and the discarder's kongs" if on_table else "the indicator"
    limit = 1 if kind >= N_KINDS else COPIES
    raise SituationError(f"{n} copies of {tile_code(kind)!r} (counting {counted}); at most {limit} exist")


def hand_size(rules: RuleSet) -> int:
    """The tiles of a win under ``rules``, counting each meld as three: the hand dealt
    (``dealing.other_tiles``) and the winning tile."""
    return rules.dealing.other_tiles + 1


def given_situation(sit: object, call: str) -> Situation:
    """``sit``, when it is a :class:`Situation`: the public scoring calls take no other
    (``Situation.from_dict`` reads one from a dict); otherwise a SituationError."""
    if not isinstance(sit, Situation):
        raise SituationError(f"{call} needs a Situation (Situation.from_dict reads one from a dict), not {sit!r}")
    return sit


def given_rule_set(rules: object, call: str) -> RuleSet:
    """``rules``, when it is a compiled rule set; otherwise an UnknownVariantError that says
    where one comes from."""
    from ..errors import UnknownVariantError
    from ..rules.model import RuleSet

    if not isinstance(rules, RuleSet):
        raise UnknownVariantError(f"{call} needs a compiled rule set (load_variant gives one), not {rules!r}")
    return rules


def check_situation(sit: Situation, size: int, rules: RuleSet | None) -> None:
    """``Situation.check()`` of a hand of ``size`` tiles under ``rules`` (-1 and None:
    any size a variant may have). score() asks it of every win, so the common case costs
    little beside the scoring: each tile is checked and counted in one step, and the helpers
    that say what is wrong are called only when something is."""
    ids = N_TILE_IDS  # (C ints where compiled: each tile is compared without a global look-up)
    kinds = N_KINDS
    copies = COPIES
    seat = sit.seat
    if not _is_seat(seat):
        _seat(seat, "seat")
    if not _is_seat(sit.round_wind):
        _seat(sit.round_wind, "round")
    win_by = sit.win_by
    if not (win_by is _SELF_DRAW or win_by is _DISCARD or win_by in _WIN_METHOD_SET):
        raise SituationError(f"unknown 'win_by' {win_by!r}; expected one of {', '.join(WIN_METHODS)}")
    discarder = sit.discarder
    if discarder is None:
        if win_by in _ON_A_DISCARD:
            raise SituationError(f"a win by {win_by!r} needs 'from', the seat that gave the tile")
    elif not _is_seat(discarder) or discarder == seat:
        _other_seat(discarder, seat, "from", "no one discards to themselves")
    concealed = sit.concealed
    if not isinstance(concealed, tuple):
        _check_tiles(concealed, "concealed")
    melds = sit.melds
    if not isinstance(melds, tuple):
        raise SituationError(f"'melds' is a tuple of Meld values, not {melds!r}")
    if len(melds) > 4:
        raise SituationError(f"{len(melds)} melds; a hand has at most 4")
    for i, m in enumerate(melds):
        _check_meld(m, i, seat, "meld", MELD_KINDS)
    flowers = sit.flowers
    if flowers:
        _check_flowers(flowers)
    if sit.fed:
        _check_fed(sit.fed, seat)
    after_kongs = sit.after_kongs
    on_table = False
    if after_kongs:
        # the kongs are the discarder's on a discard (or a robbed kong), else the winner's own
        maker = discarder if discarder is not None and win_by in _ON_A_DISCARD else seat
        if not isinstance(after_kongs, tuple):
            raise SituationError(f"'after_kongs' is a tuple of Meld values, not {after_kongs!r}")
        for i, k in enumerate(after_kongs):
            _check_meld(k, i, maker, "after_kong", ("kan", "ankan", "kakan"))
        if win_by not in ("discard", "rob_kong", "kong_replacement", "flower_replacement"):
            raise SituationError(f"a win by {win_by!r} comes after a draw from the wall, not after a kong ('after_kongs')")
        if maker == seat:
            for i, k in enumerate(after_kongs):
                if k not in melds:
                    raise SituationError(f"after_kong {i} is the winner's own kong and must be among its melds")
        else:  # the discarder's kongs are tiles on the table too (the winner's are among its melds)
            on_table = True
    # Every physical tile counted (the indicator is one, face up in the wall), three bits a
    # kind in two words, 21 kinds each: the first count past its kind's copies (four, one of
    # a flower) stops the count, so no count outgrows its three bits. In two C integers where
    # compiled, where a list or a bytearray of 42 counts costs an allocation at every score().
    # (the concealed tiles, the winning tile, the indicator, then the rest: no tuple of them
    # all is built for the common hand)
    shown = sit.indicator
    rest = _tiles_on_the_table(melds, flowers, after_kongs if on_table else ()) if melds or flowers or on_table else ()
    held = len(concealed)
    end = held + 1 + (shown is not None) + len(rest)
    one = 1
    low = high = 0
    try:  # (compiled, an int too large for a C index overflows: told as any bad tile)
        for i in range(end):
            if i < held:
                t = concealed[i]
            elif i == held:
                t = sit.win_tile
            elif i == held + 1 and shown is not None:
                t = shown
            else:
                t = rest[i - (end - len(rest))]
            at = t if type(t) is int else -1  # (a NumPy integer: the slow path below)
            if at < 0 or at >= ids:
                at = _tile_id_of(sit, t)
            if at < 21:
                bit = 3 * at
                low += one << bit
                n = (low >> bit) & 7
            else:
                bit = 3 * (at - 21)
                high += one << bit
                n = (high >> bit) & 7
            if n > 1 and (n > copies or at >= kinds):
                _too_many(sit, at, concealed + (sit.win_tile,) + ((shown,) if shown is not None else ()) + rest, on_table)
    except OverflowError:
        _tile_id_of(sit, 0)  # (raises, naming the field)
        raise
    n_tiles = len(concealed) + 1 + 3 * len(melds)
    if size < 0:
        wrong = n_tiles % 3 != 2 or n_tiles > 14
    else:
        wrong = n_tiles != size
    if wrong:
        if rules is None:
            should = "14 (nor 11, 8, 5 or 2, the wins of variants that deal fewer tiles)"
        else:
            should = f"{size} (variant {rules.name!r} deals {rules.dealing.other_tiles} tiles a hand)"
        raise SituationError(
            f"the hand has {len(concealed)} concealed tiles, the winning tile and {len(melds)} melds: "
            f"{n_tiles} tiles counting each meld as three, not {should}"
        )
    # (the two common methods by identity first, as above: told unequal to a word, a string
    # costs a full compare when compiled)
    if win_by is not _SELF_DRAW and win_by is not _DISCARD and win_by == "kong_replacement":
        for m in melds:
            if m.kind in ("kan", "ankan", "kakan"):
                break
        else:
            raise SituationError("a win on a kong replacement needs a kong among the melds")
    liable = sit.liable
    if liable is not None and (not _is_seat(liable) or liable == seat):
        _other_seat(liable, seat, "liable", "a winner pays no one for its own win")
    variant = sit.variant
    if variant is not None and not isinstance(variant, str):
        raise SituationError(f"'variant' must be a name or a path, not {variant!r}")


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
    if win_by not in ("discard", "rob_kong"):
        if discarder is not None:  # a seat, checked, but no part of a win from the wall
            _other_seat(discarder, seat, "from", "no one discards to themselves")
        discarder = None
    raw_melds = data.get("melds") or []
    if not isinstance(raw_melds, list):
        raise SituationError(f"'melds' must be a list, not {raw_melds!r}")
    melds = tuple(_meld(m, i, seat) for i, m in enumerate(raw_melds))
    flowers = _tiles(data.get("flowers") or "", "flowers")
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
    fed_all = tuple(fed_raw.items())
    _check_fed(fed_all, seat)
    fed = [(k, v) for k, v in fed_all if v]  # (a count of 0 is no feeding)
    raw_kongs = data.get("after_kongs") or []
    if not isinstance(raw_kongs, list):
        raise SituationError(f"'after_kongs' must be a list, not {raw_kongs!r}")
    maker = discarder if discarder is not None and win_by in ("discard", "rob_kong") else seat
    after_kongs = tuple(_meld(m, i, maker, "after_kong", ("kan", "ankan", "kakan")) for i, m in enumerate(raw_kongs))
    liable = data.get("liable")
    variant = data.get("variant")
    sit = Situation(
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
    sit.check()
    return sit

"""Claims on one discard, from a JSON description of the table: the ``nbmj claims`` contract.

Input::

    {"variant": "ningbo", "discarder": "E", "tile": "5m", "indicator": "9s",
     "S": {"concealed": "46m...", "melds": [{"kind": "pon", "tiles": "777z", "from": "W"}]},
     "W": {...}, "N": {...}}

Seats are seat winds (``"E"`` the dealer). Optional: ``"round"`` (round wind, default
``"E"``) and ``"first_go_around"`` (true when the discard is the discarder's first and no
claim has been made: the dealer's discard is then the first of the hand, the next seat's
the second, and so on; restrictions of the window apply as the engine applies them). The answer lists each
other seat's legal claims with the hand tiles they use, and the claim that takes the tile
when every seat declares its best claim (NB-7.5 to NB-7.7).

One position does not show the hand's history, so the three restrictions that depend on
it are applied only when the input states the facts, in optional fields:

* ``"passed_pon"`` in a seat's object: the kinds (tile notation, ``"5m 7z"`` or a list)
  that seat was offered a pong of and passed since its own last turn or claim. It may not
  pong a discard of those kinds (NB-8.6); only the pong is barred.
* ``"passed_win"`` in a seat's object, ``true`` or ``false``: the seat passed a discard
  win and has neither drawn nor claimed since. It may not win on this discard (NB-8.7).
* ``"last_discard"`` at the top, ``true`` or ``false``: the discard follows the last
  drawable tile (the wall is used up, NB-15.1 or NH-1.9), so it may be claimed only to
  win: no chi, pong or kong (NB-15.2).
* ``"wall"`` at the top, a count: the drawable tiles left in the wall, and ``"kongs"``,
  the kongs made this hand (0 when absent). With them the reserve at the end of the wall
  is the engine's: no meld on the last discard (NB-15.2, NH-1.9) and no kong whose
  replacement would come out of the reserve (NB-9.7). Without ``"wall"`` the wall is
  taken to be far from its end (or at it, with ``"last_discard": true``).

A seat's object may also give ``"flowers"`` (tile notation, e.g. ``"15f"``): the flowers
it has laid aside. They count toward a discard win's points and minimum (NB-12.14 to
NB-12.17, NH-3.2) exactly as in ``nbmj score``; absent, the seat has none. A field not
named here, at the top or in a seat's object, is an error.

NB-8.6 and NB-8.7 are switched by the variant (restrictions ``pon_after_pass`` and
``win_after_pass``): for a variant without the restriction the field is still checked
but changes nothing, and a restriction limited to the first go-around applies only when
``first_go_around`` is true. NB-15.2 holds in every variant. Absent, the fields mean
``""`` and ``false``, and the answer is the one for a position with no such history.
Given the facts, the fields bar exactly the claims the game engine bars in that situation.

The answer is the engine's: the input becomes a :class:`~nbmj.engine.state.TableState`
and :func:`nbmj.engine.claim_window.offers` lists the claims, as it does at every discard
of a game.
"""

from __future__ import annotations

from typing import Any

from ..errors import NbmjError, SituationError
from ..rules.model import SEATS, RuleSet
from ..rules.wilds import wild_tiles
from ..scoring.situation import Meld as ScoredMeld
from ..tiles import is_flower, parse_tile, parse_tiles, tile_code, to_notation
from .claim_window import offers
from .claims import arbitrate
from .game import resolve_rules
from .rules_view import engine_rules, wild_tables
from .state import TableMeld, RiverTile, SeatState, TableState
from .wall import Wall
from .wins import discard_win, is_ready

__all__ = ["claims_for"]

_KNOWN = {"variant", "discarder", "tile", "indicator", "round", "first_go_around", "last_discard", "wall", "kongs", *SEATS}
_KNOWN_SEAT = {"concealed", "melds", "flowers", "passed_pon", "passed_win"}


def _tiles(value: Any, what: str) -> list[int]:
    try:
        return parse_tiles(value if isinstance(value, str) else " ".join(map(str, value)))
    except (NbmjError, TypeError) as exc:
        raise SituationError(f"bad tiles in {what!r}: {exc}") from None


def _one_tile(value: Any, what: str) -> int:
    try:
        return parse_tile(value)
    except (NbmjError, TypeError, AttributeError) as exc:
        raise SituationError(f"{what!r} must be one tile in notation, not {value!r} ({exc})") from None


def _flag(value: Any, what: str) -> bool:
    if not isinstance(value, bool):
        raise SituationError(f"{what!r} must be true or false, not {value!r}")
    return value


def _count(value: Any, what: str) -> int:
    if type(value) is not int or value < 0:
        raise SituationError(f"{what!r} must be a count (a whole number, 0 or more), not {value!r}")
    return value


def _kinds(value: Any, what: str) -> frozenset[int]:
    """The tile kinds of a ``passed_pon`` field: notation in a string or a list of strings."""
    if not (isinstance(value, str) or (isinstance(value, list) and all(isinstance(v, str) for v in value))):
        raise SituationError(f"{what!r} must be tiles in notation (a string or a list of strings), not {value!r}")
    kinds = _tiles(value, what)
    for t in kinds:
        if is_flower(t):
            raise SituationError(f"{what!r} names a flower ({tile_code(t)!r}), which is never discarded")
    return frozenset(kinds)


def _flowers(value: Any, what: str) -> tuple[int, ...]:
    """The flowers of a seat's ``flowers`` field: notation in a string or a list of strings."""
    if not (isinstance(value, str) or (isinstance(value, list) and all(isinstance(v, str) for v in value))):
        raise SituationError(f"{what!r} must be flowers in notation (a string or a list of strings), not {value!r}")
    tiles = _tiles(value, what)
    for t in tiles:
        if not is_flower(t):
            raise SituationError(f"{what!r} holds {tile_code(t)!r}, which is no flower")
    return tuple(tiles)


def _melds(raw: Any, seat: str, what: str) -> list[ScoredMeld]:
    from ..scoring.situation import _meld  # the same meld reading as `nbmj score`

    if not isinstance(raw, list):
        raise SituationError(f"{what!r} must be a list, not {raw!r}")
    return [_meld(m, i, seat) for i, m in enumerate(raw)]


def claims_for(data: dict[str, Any], rules: RuleSet | None = None) -> dict[str, Any]:
    """The legal claims of each seat on the discard described by ``data``, and the winner.

    ``data`` is the JSON object of the module docstring; ``rules`` overrides the variant it
    names. The optional history fields bar claims as the engine does: a seat's
    ``passed_pon`` kinds may not be ponged (NB-8.6) and a seat with ``passed_win`` may not
    win on the discard (NB-8.7), each only when the variant has the restriction (and its
    window is open); ``last_discard`` leaves only wins (NB-15.2). A bad value of any field
    raises :class:`~nbmj.errors.SituationError`.
    """
    if not isinstance(data, dict):
        raise SituationError(f"the claims input is a JSON object, not {type(data).__name__!r}")
    unknown = sorted(set(data) - _KNOWN)
    if unknown:
        raise SituationError(f"unknown field {unknown[0]!r}")
    for key in ("variant", "discarder", "tile"):
        if key not in data:
            raise SituationError(f"the claims input lacks {key!r}")
    rules = rules or resolve_rules(data["variant"])
    discarder = data["discarder"]
    if discarder not in SEATS:
        raise SituationError(f"'discarder' must be one of E, S, W, N, not {discarder!r}")
    round_wind = data.get("round", "E")
    if round_wind not in SEATS:
        raise SituationError(f"'round' must be one of E, S, W, N, not {round_wind!r}")
    tile = _one_tile(data["tile"], "tile")
    if is_flower(tile):
        raise SituationError(f"a flower ({tile_code(tile)!r}) is never discarded")
    indicator = None
    if rules.wilds.enabled:
        if data.get("indicator") is None:
            raise SituationError(f"variant {rules.name!r} has wilds: the input needs 'indicator'")
        indicator = _one_tile(data["indicator"], "indicator")
    elif data.get("indicator") is not None:
        raise SituationError(f"variant {rules.name!r} has no wilds, but 'indicator' is given")
    wilds = wild_tiles(rules.wilds, indicator)
    first_go_around = _flag(data.get("first_go_around", False), "first_go_around")
    last_discard = _flag(data.get("last_discard", False), "last_discard")
    d = SEATS.index(discarder)
    counts42 = [0] * 42
    counts42[tile] += 1
    if indicator is not None:
        counts42[indicator] += 1
    seats: dict[str, Any] = {}
    for i in (1, 2, 3):
        seat = SEATS[(d + i) % 4]
        raw = data.get(seat)
        if not isinstance(raw, dict):
            raise SituationError(f"seat {seat!r} needs an object with 'concealed' and 'melds'")
        unknown_seat = sorted(set(raw) - _KNOWN_SEAT)
        if unknown_seat:  # a misspelt history field must not pass for an absent one
            raise SituationError(f"unknown field {seat + '.' + unknown_seat[0]!r}")
        concealed = _tiles(raw.get("concealed", ""), f"{seat}.concealed")
        melds = _melds(raw.get("melds") or [], seat, f"{seat}.melds")
        passed_pon = _kinds(raw.get("passed_pon", ""), f"{seat}.passed_pon")
        passed_win = _flag(raw.get("passed_win", False), f"{seat}.passed_win")
        flowers = _flowers(raw.get("flowers", ""), f"{seat}.flowers")
        if any(is_flower(t) and t not in wilds for t in concealed):
            raise SituationError(f"seat {seat!r} holds a flower among its concealed tiles; flowers are laid aside")
        if len(concealed) + 3 * len(melds) != 13:
            raise SituationError(
                f"seat {seat!r} has {len(concealed)} concealed tiles and {len(melds)} melds: "
                f"{len(concealed) + 3 * len(melds)} tiles counting each meld as three, not 13"
            )
        for t in concealed + [t for m in melds for t in m.tiles] + list(flowers):
            counts42[t] += 1
        seats[seat] = (concealed, melds, passed_pon, passed_win, flowers)
    for t, n in enumerate(counts42):
        if n > (1 if is_flower(t) else 4):
            raise SituationError(
                f"{n} copies of {tile_code(t)!r} (counting the discard, the indicator and the flowers laid aside)")

    return _answer(rules, d, tile, indicator, round_wind, seats, first_go_around, last_discard, data)


def _answer(
    rules: RuleSet,
    d: int,
    tile: int,
    indicator: int | None,
    round_wind: str,
    seats: dict[str, Any],
    first_go_around: bool,
    last_discard: bool,
    data: dict[str, Any],
) -> dict[str, Any]:
    """The engine's claims on the position: a table state built from the input, asked
    through :func:`~nbmj.engine.claim_window.offers`."""
    er = engine_rules(rules)
    kongs = _count(data.get("kongs", 0), "kongs")
    kept = er.kept_base + er.kept_per_kong * kongs
    wall = Wall([0, 0], None)  # only its count of drawable tiles is read
    if "wall" in data:
        wall.remaining = _count(data["wall"], "wall")
    else:
        wall.remaining = kept if last_discard else 2 * kept + 144  # at the reserve, or far from it
    wt = wild_tables(tuple(sorted(wild_tiles(rules.wilds, indicator))), er.wild_flower_is_flower)
    table = TableState(
        er, wt, rules, wall, (SeatState(), SeatState(), SeatState(), SeatState()), 0, round_wind, indicator, kongs=kongs, kept_tiles=kept, current=d
    )
    if "wall" in data:
        at_end = not table.can_draw()  # the one test of the reserve (NB-15.1, NH-1.9)
        if "last_discard" in data and last_discard != at_end:
            raise SituationError(f"'last_discard' is {last_discard!r}, but a wall of {wall.remaining} tiles says {at_end!r}")
    # the discard just made: in the first go-around it is the discarder's first, so the
    # seats before it (from the dealer) have discarded once each; otherwise the window is past
    table.discards_made = d + 1 if first_go_around else 8
    for seat, (concealed, melds, passed_pon, passed_win, flowers) in seats.items():
        st = table.seats[SEATS.index(seat)]
        for k in concealed:
            st.hand[k] += 1
        st.melds = [TableMeld(m.kind, tuple(m.tiles), None if m.source is None else SEATS.index(m.source)) for m in melds]
        st.flowers = list(flowers)
        st.passed_pon = set(passed_pon)
        st.passed_win = passed_win
        st.changes += 1
    for q in range(4):
        st = table.seats[q]
        if first_go_around and q <= d:
            st.river.append(RiverTile(tile, None))  # what it was does not matter here, that it was does
            st.changes += 1
        if q != d:
            st.ready = is_ready(table, q)
    offered = offers(table, d, tile)
    c = rules.claims
    out: dict[str, list[dict[str, Any]]] = {}
    declared = []
    tier = {k: i for i, t in enumerate(c.priority) for k in t}
    for i in (1, 2, 3):
        q = (d + i) % 4
        options: list[dict[str, Any]] = []
        for a in offered.get(q, ()):
            if a.kind == "hu":
                score = discard_win(table, q, tile, d, "discard")
                assert score is not None
                options.append({"claim": "hu", "points": score.points})
            elif a.kind == "chi":
                options.append({"claim": "chi", "tiles": to_notation(a.use)})
            elif a.kind in ("pon", "kan"):
                options.append({"claim": a.kind, "tiles": to_notation([tile] * (2 if a.kind == "pon" else 3))})
        out[SEATS[q]] = options
        if options:
            best = min(options, key=lambda o: tier[o["claim"]])
            declared.append((q, best["claim"]))
    won = arbitrate(d, declared, c.priority, c.seat_order, c.multiple_winners)
    result: list[dict[str, Any]] = [{"seat": SEATS[q], "claim": k} for q, k in won]
    for r in result:
        chosen = next(o for o in out[r["seat"]] if o["claim"] == r["claim"])
        if "tiles" in chosen:
            r["tiles"] = chosen["tiles"]
    return {
        "variant": rules.name,
        "discarder": SEATS[d],
        "tile": tile_code(tile),
        "claims": out,
        "winner": result[0] if result else None,
        **({"winners": result} if c.multiple_winners == "all" else {}),
    }

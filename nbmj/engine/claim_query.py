"""Claims on one discard, from a JSON description of the table: the ``nbmj claims`` contract.

Input::

    {"variant": "ningbo", "discarder": "E", "tile": "5m", "indicator": "9s",
     "S": {"concealed": "46m...", "melds": [{"kind": "pon", "tiles": "777z", "from": "W"}]},
     "W": {...}, "N": {...}}

Seats are seat winds (``"E"`` the dealer). Optional: ``"round"`` (round wind, default
``"E"``) and ``"first_go_around"`` (true while NH-1.8 bars claims). The answer lists each
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
"""

from __future__ import annotations

from .. import core
from ..errors import NbmjError, SituationError
from ..rules.model import SEATS, RuleSet
from ..rules.wilds import wild_tiles
from ..scoring.situation import Meld, Situation
from ..tiles import N_KINDS, is_flower, parse_tile, parse_tiles, tile_code, to_notation
from .claims import arbitrate, chi_discard_bans, meld_claims
from .game import resolve_rules
from .settle import score_win

__all__ = ["claims_for"]

_KNOWN = {"variant", "discarder", "tile", "indicator", "round", "first_go_around", "last_discard", *SEATS}
_KNOWN_SEAT = {"concealed", "melds", "flowers", "passed_pon", "passed_win"}


def _tiles(value, what: str) -> list[int]:
    try:
        return parse_tiles(value if isinstance(value, str) else " ".join(map(str, value)))
    except (NbmjError, TypeError) as exc:
        raise SituationError(f"bad tiles in {what!r}: {exc}") from None


def _one_tile(value, what: str) -> int:
    try:
        return parse_tile(value)
    except (NbmjError, TypeError, AttributeError) as exc:
        raise SituationError(f"{what!r} must be one tile in notation, not {value!r} ({exc})") from None


def _flag(value, what: str) -> bool:
    if not isinstance(value, bool):
        raise SituationError(f"{what!r} must be true or false, not {value!r}")
    return value


def _kinds(value, what: str) -> frozenset[int]:
    """The tile kinds of a ``passed_pon`` field: notation in a string or a list of strings."""
    if not (isinstance(value, str) or (isinstance(value, list) and all(isinstance(v, str) for v in value))):
        raise SituationError(f"{what!r} must be tiles in notation (a string or a list of strings), not {value!r}")
    kinds = _tiles(value, what)
    for t in kinds:
        if is_flower(t):
            raise SituationError(f"{what!r} names a flower ({tile_code(t)!r}), which is never discarded")
    return frozenset(kinds)


def _flowers(value, what: str) -> tuple[int, ...]:
    """The flowers of a seat's ``flowers`` field: notation in a string or a list of strings."""
    if not (isinstance(value, str) or (isinstance(value, list) and all(isinstance(v, str) for v in value))):
        raise SituationError(f"{what!r} must be flowers in notation (a string or a list of strings), not {value!r}")
    tiles = _tiles(value, what)
    for t in tiles:
        if not is_flower(t):
            raise SituationError(f"{what!r} holds {tile_code(t)!r}, which is no flower")
    return tuple(tiles)


def _melds(raw, seat: str, what: str) -> list[Meld]:
    from ..scoring.situation import _meld  # the same meld reading as `nbmj score`

    if not isinstance(raw, list):
        raise SituationError(f"{what!r} must be a list, not {raw!r}")
    return [_meld(m, i, seat) for i, m in enumerate(raw)]


def claims_for(data: dict, rules: RuleSet | None = None) -> dict:
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
    seats = {}
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

    banned = set()
    for r in rules.restrictions:
        if r.kind == "no_claims" and (r.window == "always" or first_go_around):
            banned.update(r.claims)
    if last_discard:
        banned.update(("chi", "pon", "kan"))  # NB-15.2: the last discard may be claimed only to win

    def on(r) -> bool:  # a restriction of the variant that applies now (its window), as Game._on
        return r is not None and (r.window == "always" or first_go_around)

    no_pon_after_pass = on(rules.restriction("pon_after_pass"))
    no_win_after_pass = on(rules.restriction("win_after_pass"))
    c = rules.claims
    wild_kinds = [k for k in wilds if k < N_KINDS]
    dead = tile in wilds and not c.claim_discarded_wild
    chi_ban = rules.restriction("chi_discard_ban")
    out: dict[str, list[dict]] = {}
    declared = []
    tier = {k: i for i, t in enumerate(c.priority) for k in t}
    for seat, (concealed, melds, passed_pon, passed_win, flowers) in seats.items():
        q = SEATS.index(seat)
        options: list[dict] = []
        if c.win_on_discard and "hu" not in banned and not dead and not (passed_win and no_win_after_pass):  # NB-8.7
            counts = [0] * N_KINDS
            w = 0
            for t in concealed + [tile]:
                if t in wilds:
                    w += 1
                else:
                    counts[t] += 1
            if core.is_win(counts, w):
                sit = Situation(
                    seat=seat,
                    round_wind=round_wind,
                    concealed=tuple(concealed),
                    win_tile=tile,
                    win_by="discard",
                    discarder=discarder,
                    melds=tuple(melds),
                    flowers=flowers,
                    indicator=indicator,
                    variant=rules.name,
                )
                score = score_win(sit, rules)
                if score.valid:
                    options.append({"claim": "hu", "points": score.points})
        if not dead:
            hand = [0] * N_KINDS
            for t in concealed:
                if t < N_KINDS:
                    hand[t] += 1
            for kind, use in meld_claims(
                hand,
                tile,
                may_chi=c.chi and "chi" not in banned and (q - d) % 4 == 1,
                may_pon=c.pon and "pon" not in banned and not (tile in passed_pon and no_pon_after_pass),  # NB-8.6
                may_kan=c.kan and "kan" not in banned,
                wild=wild_kinds,
                claim_discarded_wild=c.claim_discarded_wild,
                wilds_in_melds=c.wilds_in_melds,
            ):
                if kind == "chi" and chi_ban is not None and not _chi_leaves_discard(hand, tile, use, wilds, chi_ban):
                    continue  # NB-8.5
                options.append({"claim": kind, "tiles": to_notation(use)})
        out[seat] = options
        if options:
            best = min(options, key=lambda o: tier[o["claim"]])
            declared.append((q, best["claim"]))
    won = arbitrate(d, declared, c.priority, c.seat_order, c.multiple_winners)
    result = [{"seat": SEATS[q], "claim": k} for q, k in won]
    for r in result:
        opts = out[r["seat"]]
        chosen = next(o for o in opts if o["claim"] == r["claim"])
        if "tiles" in chosen:
            r["tiles"] = chosen["tiles"]
    return {
        "variant": rules.name,
        "discarder": discarder,
        "tile": tile_code(tile),
        "claims": out,
        "winner": result[0] if result else None,
        **({"winners": result} if c.multiple_winners == "all" else {}),
    }


def _chi_leaves_discard(hand: list[int], tile: int, use, wilds, rule) -> bool:
    left = list(hand)
    for u in use:
        left[u] -= 1
    bans = chi_discard_bans(tile, use)
    n_left = sum(left)
    if n_left == 2 and "big_crane" in rule.unless:
        return True
    return any(n and (k not in bans or k in wilds) for k, n in enumerate(left))

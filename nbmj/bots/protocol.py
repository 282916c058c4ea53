"""The ``nbmj-bot/1`` protocol: the messages a server sends a bot and the answers it reads.

Every message is one JSON object on one line (JSON lines), with a ``"type"``:

``hello``
    at the start of each hand: the protocol version, the variant's name and its compiled
    rules (``RuleSet.to_dict()``), the bot's seat, the hand's number and the per-move time
    limit.
``event``
    one line of the hand's event log as the bot's seat may see it (:func:`seat_view`):
    other seats' dealt and drawn tiles, and their answers in a claim window, are left out.
``request``
    the bot must act: its observation (tiles in notation, nothing hidden) and ``legal``,
    the actions it may take in the log's notation. The bot answers with one line,
    ``{"index": i}`` (take ``legal[i]``) or ``{"action": A}`` where ``A`` is an action in
    the log's form (``{"e": "discard", "seat": "E", "tile": "5m"}``) or its text form
    (``"E discard 5m"``).
``end``
    the hand is over: the settlement (outcome, winners, each seat's points) and the faults
    recorded against this bot during the hand.
``bye``
    the session is over; the bot should exit.

Only ``request`` needs an answer. :func:`read_answer` turns an answer line into an action
or a :class:`BotFault` saying what was wrong with it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..engine import Action
from ..errors import NbmjError
from ..tiles import tile_code

__all__ = [
    "PROTOCOL",
    "FAULT_KINDS",
    "BotFault",
    "ProtocolError",
    "hello_message",
    "event_message",
    "request_message",
    "end_message",
    "bye_message",
    "seat_view",
    "observation_json",
    "read_answer",
    "encode",
    "protocol_schema",
]

#: The protocol's name and version, sent in every ``hello``
PROTOCOL = "nbmj-bot/1"

# What can go wrong with a bot, in the order a server meets them.
FAULT_KINDS = ("timeout", "garbage", "illegal", "dead")

# A longer answer line (in UTF-8 bytes, as the transports read it) is garbage, whatever it
# holds: a bot cannot make the server buffer without bound.
MAX_LINE_BYTES = 1 << 16

JSON = dict[str, Any]


class ProtocolError(NbmjError, ValueError):
    """A bot's answer that cannot be read as a move (held in a :class:`BotFault`)."""


@dataclass(frozen=True)
class BotFault:
    """One fault of a bot: ``kind`` is one of ``FAULT_KINDS``; ``detail`` says what it sent."""

    seat: str
    kind: str
    detail: str
    hand: int = 0
    request: int = 0

    def to_json(self) -> JSON:
        """The fault as a JSON object (in ``end`` messages and arena results)."""
        return {"seat": self.seat, "kind": self.kind, "detail": self.detail, "hand": self.hand, "request": self.request}


def protocol_schema() -> JSON:
    """The protocol's JSON Schema (shipped in the package as ``nbmj/bots/bot-protocol.json``):
    ``$defs/server_message`` covers every line a server sends, ``$defs/answer`` a bot's answer."""
    from importlib.resources import files

    loaded: JSON = json.loads(files(__package__).joinpath("bot-protocol.json").read_text(encoding="utf-8"))
    return loaded


def encode(message: Mapping[str, Any]) -> str:
    """One protocol line (without its newline): compact JSON, UTF-8 text kept as is."""
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))


def hello_message(rules_json: Mapping[str, Any], variant: str, seat: str, hand: int, time_limit: float | None) -> JSON:
    """The first message of a hand."""
    return {
        "type": "hello",
        "protocol": PROTOCOL,
        "variant": variant,
        "rules": dict(rules_json),
        "seat": seat,
        "hand": hand,
        "time_limit_ms": None if time_limit is None else int(round(time_limit * 1000)),
    }


# Another seat's answers to a discard or an added kong: only the ``take`` or ``end`` event
# that follows is public (``hu`` on one's own turn is followed by ``end`` at once).
_ANSWERS = frozenset({"pass", "chi", "pon", "kan", "hu"})


def seat_view(event: Mapping[str, Any], seat: str) -> JSON | None:
    """``event`` as ``seat`` may see it, or None when it sees nothing of it.

    Another seat's deal and draws hide their tiles (the count stays); a flower laid aside
    shows, its replacement does not. Another seat's answers in a claim or robbing window
    are its own: the ``take`` or ``end`` event that follows tells the table what was done.
    """
    owner = event.get("seat")
    kind = event.get("e")
    if owner is None or owner == seat:
        return dict(event)
    if kind == "deal":
        return {"e": "deal", "seat": owner, "count": _count(str(event["tiles"]))}
    if kind == "draw":
        out: JSON = {"e": "draw", "seat": owner}
        if "from" in event:
            out["from"] = event["from"]
        return out
    if kind == "bu":
        return {"e": "bu", "seat": owner, "tile": event["tile"], "draw": None if event.get("draw") is None else "hidden"}
    if kind in _ANSWERS:
        return None
    return dict(event)


def _count(notation: str) -> int:
    return sum(ch.isdigit() for ch in notation)


def event_message(event: JSON) -> JSON:
    """An ``event`` message around a seat-view event."""
    return {"type": "event", "event": event}


def _codes(tiles: Sequence[int]) -> list[str]:
    return [tile_code(t) for t in tiles]


def _code(tile: int | None) -> str | None:
    return None if tile is None else tile_code(tile)


def observation_json(obs: Mapping[str, Any]) -> JSON:
    """A seat's observation with tiles in notation (codes such as ``"5m"``): every field of
    :class:`~nbmj.engine.observation.Observation` but two.

    ``to_act`` is left out: during a claim window it would tell which other seats can
    claim, which their hands decide. ``result`` is left out: it is None until the hand is
    over, and the ``end`` message carries the settlement.
    """
    out: JSON = {}
    for key in ("variant", "seat", "seat_wind", "dealer", "round_wind", "phase", "current", "wall_remaining", "wall_kept", "hand_sizes"):
        out[key] = obs[key]
    out["hand"] = _codes(obs["hand"])
    out["drawn"] = _code(obs["drawn"])
    out["indicator"] = _code(obs["indicator"])
    out["wilds"] = _codes(obs["wilds"])
    discard = obs["discard"]
    out["discard"] = None if discard is None else {"seat": discard["seat"], "tile": tile_code(discard["tile"])}
    out["melds"] = {s: [{"kind": m["kind"], "tiles": _codes(m["tiles"]), "from": m["from"]} for m in ms] for s, ms in obs["melds"].items()}
    out["flowers"] = {s: _codes(fs) for s, fs in obs["flowers"].items()}
    out["rivers"] = {s: [{"tile": tile_code(r["tile"]), "claimed_by": r["claimed_by"]} for r in rs] for s, rs in obs["rivers"].items()}
    out["chi_bans"] = _codes(obs["chi_bans"])
    out["seat_winds"] = dict(obs["seat_winds"])
    restrictions = obs["restrictions"]
    out["restrictions"] = {
        "chi_bans": _codes(restrictions["chi_bans"]),
        "banned_claims": list(restrictions["banned_claims"]),
        "passed_win": restrictions["passed_win"],
        "passed_pon": _codes(restrictions["passed_pon"]),
        "last_discard": restrictions["last_discard"],
        "can_kong": restrictions["can_kong"],
    }
    out["links"] = [dict(link) for link in obs["links"]]
    out["warnings"] = {s: _codes(tiles) for s, tiles in obs["warnings"].items()}
    out["liability"] = [dict(offence) for offence in obs["liability"]]
    out["immediate"] = dict(obs["immediate"])
    return out


def request_message(number: int, seat: str, observation: JSON, legal: Sequence[Action], time_limit: float | None) -> JSON:
    """A ``request``: the bot answers with ``{"index": i}`` or ``{"action": ...}``."""
    return {
        "type": "request",
        "id": number,
        "seat": seat,
        "observation": observation,
        "legal": [a.to_json() for a in legal],
        "time_limit_ms": None if time_limit is None else int(round(time_limit * 1000)),
    }


def end_message(hand: int, result_json: Mapping[str, Any], faults: Sequence[BotFault], forfeited: bool) -> JSON:
    """The last message of a hand: its settlement and this bot's faults in it."""
    return {
        "type": "end",
        "hand": hand,
        "settlement": dict(result_json),
        "faults": [f.to_json() for f in faults],
        "forfeited": forfeited,
    }


def bye_message() -> JSON:
    """The session is over."""
    return {"type": "bye"}


def read_answer(line: str, seat: str, legal: Sequence[Action], request: int | None = None) -> Action | BotFault | None:
    """The action an answer line names, the fault it is (``garbage`` or ``illegal``), or
    None for a late answer: one whose ``id`` names another request than ``request``.

    Extra keys are allowed (a bot's own notes); a key whose value is null is read as absent;
    ``index`` wins over ``action`` when both are given.
    """
    if len(line) > MAX_LINE_BYTES // 4 and len(line.encode("utf-8", "surrogatepass")) > MAX_LINE_BYTES:
        # the transports stop reading at the limit, so the answer's true length is unknown here
        return BotFault(seat, "garbage", f"an answer longer than {MAX_LINE_BYTES} bytes (UTF-8)")
    try:
        answer = json.loads(line)
    except (ValueError, RecursionError):
        return BotFault(seat, "garbage", f"not JSON: {clip(line)!r}")
    if not isinstance(answer, dict):
        return BotFault(seat, "garbage", f"not a JSON object: {clip(line)!r}")
    # a key written null is absent: a serializer that writes every field of an answer type
    # (Jackson, serde, System.Text.Json, Go's) writes {"id": null, "index": 3, "action": null}
    answer = {key: value for key, value in answer.items() if value is not None}
    if request is not None and "id" in answer and not _names_request(answer["id"], request):
        return None  # an answer to another request (an id that is not a number names none)
    if "index" in answer:
        index = answer["index"]
        if type(index) is not int:
            return BotFault(seat, "garbage", f"index is not a whole number: {clip(line)!r}")
        if not 0 <= index < len(legal):
            return BotFault(seat, "illegal", f"index {index} is not in 0..{len(legal) - 1}")
        return legal[index]
    if "action" not in answer:
        return BotFault(seat, "garbage", f"an answer needs 'index' or 'action': {clip(line)!r}")
    raw = answer["action"]
    try:
        action = Action.parse(raw) if isinstance(raw, str) else Action.from_json(raw)
    except Exception as exc:  # anything a bot sends is input, never a crash of the server
        return BotFault(seat, "garbage", f"cannot read the action {clip(json.dumps(raw))!r}: {exc}")
    if action.seat != seat:
        return BotFault(seat, "illegal", f"the action {str(action)!r} is for seat {action.seat}, not {seat}")
    for a in legal:
        if a == action:
            return a  # the engine's own object
    return BotFault(seat, "illegal", f"{str(action)!r} is not one of the legal actions")


def _names_request(answer_id: Any, request: int) -> bool:
    """Whether an answer's ``id`` is the number ``request``, however the bot wrote the number:
    ``1.0`` and ``1e0`` are 1 (a JSON library that reads every number as a double writes the
    id it echoes so), ``true`` and ``"1"`` are no number."""
    if type(answer_id) is int:
        return answer_id == request
    return type(answer_id) is float and answer_id == request


def clip(text: str, limit: int = 80) -> str:
    """``text`` cut to ``limit`` characters (an ellipsis marks the cut), for quoting a bot's
    answer in a fault."""
    return text if len(text) <= limit else text[:limit] + "…"

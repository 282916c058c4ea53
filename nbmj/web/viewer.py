"""The replay viewer: one logged hand as a single self-contained HTML file.

:func:`replay_frames` replays a log (checking every event, as ``nbmj replay`` does) and
keeps, for the start of the hand and after each player's action, every seat's tiles, the
wall count, the rivers with claimed tiles marked, the melds, the flowers and what happened
since the previous frame. :func:`render_html` writes those frames into one HTML page with
its styles and script inline: no server, no network, nothing to install. ``nbmj view LOG
-o hand.html`` is the command.

The page opens at the step named in its address (``hand.html#step=12``, ``#step=end``), so
a step can be linked to; the arrow keys, Home and End move through the hand.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..engine.actions import ACTION_KINDS
from ..engine.game import replay_games
from ..engine.log import parse_log, refuse_variant_path
from ..errors import NbmjError, ReplayError
from ..narration import Language, check_language, describe
from ..rules import RuleSet, load_variant
from ..rules.model import SEATS
from ..tiles import N_TILE_IDS, chinese_name, glyph, tile_code
from .pages import file_security_policy, new_nonce, render_page, script_json, trusted_asset

__all__ = ["Frame", "Replay", "replay_frames", "render_html", "tile_faces", "log_rules"]



@dataclass(frozen=True, slots=True)
class Frame:
    """The table after one step: ``events`` since the previous frame (each as a dict with
    its English and Chinese sentence) and ``table``, every seat's tiles in notation."""

    step: int
    events: tuple[Mapping[str, str], ...]
    table: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class Replay:
    """A whole logged hand ready to be shown: its header, its frames and the item labels
    of its variant (name → Chinese label) for the settlement."""

    header: Mapping[str, Any]
    frames: tuple[Frame, ...]
    item_labels: Mapping[str, str]
    complete: bool
    #: the finished hand's settlement explained (``Settlement.to_json``), None before the end
    settlement: Mapping[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        """The data the page's script reads, as plain JSON values."""
        return {
            "header": dict(self.header),
            "complete": self.complete,
            "item_labels": dict(self.item_labels),
            "settlement": dict(self.settlement) if self.settlement is not None else None,
            "tiles": tile_faces(),
            "frames": [{"step": f.step, "events": list(f.events), "table": f.table} for f in self.frames],
        }


def replay_frames(log: str | Iterable[str], rules: RuleSet | None = None) -> Replay:
    """Replay ``log`` (raising :class:`~nbmj.errors.ReplayError` at its first bad line) and
    return one frame for the deal and one after each logged action.

    ``rules`` is needed only for a log of a variant that is not shipped (a user file): the
    log names its variant, and a shipped name is loaded by itself.
    """
    lines = log if isinstance(log, str) else list(log)  # read twice: parsed here, replayed below
    events = parse_log(lines)
    header = events[0]
    rules = log_rules(header, rules)
    played = list(replay_games(lines, rules=rules))
    states = [state for _game, state in played]
    # The log alternates: engine events, then an action and the engine events it caused.
    # Frame 0 shows the deal; frame k follows the k-th action line.
    groups: list[list[Mapping[str, Any]]] = [[]]
    for ev in events[1:]:
        if ev.get("e") in ACTION_KINDS:
            groups.append([])
        groups[-1].append(ev)
    frames = []
    for step, (state, evs) in enumerate(zip(states, groups)):
        frames.append(
            Frame(
                step=step,
                events=tuple(
                    {"en": describe(ev, "en", "code"), "zh": describe(ev, "zh", "chinese"), "e": str(ev.get("e"))}
                    for ev in evs
                ),
                table=_table(state, evs),
            )
        )
    labels = {item.name: item.label for item in rules.items}
    complete = bool(states) and states[-1].get("phase") == "over"
    settlement = played[-1][0].settlement().to_json() if complete else None
    return Replay(header=header, frames=tuple(frames), item_labels=labels, complete=complete, settlement=settlement)


def log_rules(header: Mapping[str, Any], rules: RuleSet | None = None) -> RuleSet:
    """``rules``, or the shipped variant a log's ``header`` names; a
    :class:`~nbmj.errors.ReplayError` at line 1 when it names none that loads."""
    if rules is not None:
        return rules
    refuse_variant_path(dict(header))
    try:
        return load_variant(str(header.get("variant", "")))
    except NbmjError as exc:
        raise ReplayError(f"line 1: cannot load the log's variant: {exc}; give the variant file", 0) from exc


def _codes(tiles: Sequence[int]) -> list[str]:
    return [tile_code(t) for t in tiles]


def _table(state: Mapping[str, Any], events: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """The frame's table in notation; the tile a seat just drew is set apart from its hand."""
    drawn: dict[str, str] = {}
    for ev in events:
        if ev.get("e") == "draw":
            drawn = {str(ev["seat"]): str(ev["tile"])}
        elif ev.get("e") == "bu" and ev.get("draw"):
            drawn = {str(ev["seat"]): str(ev["draw"])}
        elif ev.get("e") in ACTION_KINDS:
            drawn = {}
    seats = {}
    for seat in SEATS:
        hand = _codes(sorted(state["hands"][seat]))
        apart = drawn.get(seat)
        if apart is not None and apart in hand and state.get("phase") != "over":
            hand.remove(apart)
        seats[seat] = {
            "hand": hand,
            "drawn": apart if apart is not None and state.get("phase") != "over" else None,
            "melds": [{"kind": m["kind"], "tiles": _codes(m["tiles"]), "from": m.get("from")} for m in state["melds"][seat]],
            "flowers": _codes(state["flowers"][seat]),
            "river": [{"tile": tile_code(r["tile"]), "claimed_by": r.get("claimed_by")} for r in state["rivers"][seat]],
        }
    return {
        "phase": state.get("phase"),
        "current": state.get("current"),
        "to_act": list(state.get("to_act", [])),
        "dealer": state.get("dealer"),
        "round_wind": state.get("round_wind"),
        "indicator": tile_code(state["indicator"]) if state.get("indicator") is not None else None,
        "wilds": _codes(state.get("wilds", [])),
        "wall_remaining": state.get("wall_remaining"),
        "seats": seats,
        "result": state.get("result"),
    }


def render_html(log: str | Iterable[str], rules: RuleSet | None = None, lang: str = "en",
                review: Mapping[str, Any] | None = None) -> str:
    """The whole replay page for ``log`` as HTML text, opening in ``lang`` (``"en"`` or
    ``"zh"``; the page has a switch for the other). ``review``: a seat's review of the hand
    (:meth:`nbmj.bots.review.Review.to_json`), shown as a layer: its disagreements marked
    on the timeline, the two choices and the reasons at each. Whatever the log says is data
    to the page: it is escaped, and the page's Content-Security-Policy runs only its own
    script."""
    language: Language = check_language(lang)
    data = replay_frames(log, rules).to_json()
    if review is not None:
        data["review"] = dict(review)
    nonce = new_nonce()
    return render_page(
        "replay.html",
        nonce,
        TITLE=f"nbmj replay: {data['header'].get('variant')} seed {data['header'].get('seed')}",
        LANG=language,
        DATA=script_json(data),
        POLICY=file_security_policy(nonce),
        REVIEW=trusted_asset("review.js") if review is not None else "",
    )


def tile_faces() -> dict[str, dict[str, str]]:
    """Each tile code with its glyph and Chinese name, as the pages' script reads them."""
    return {tile_code(t): {"glyph": glyph(t), "zh": chinese_name(t)} for t in range(N_TILE_IDS)}

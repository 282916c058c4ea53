"""``nbmj review``: a logged hand gone over decision by decision, a player's choices beside
the strong bot's.

:func:`review_log` replays an ``nbmj-log/1`` log (checking it as ``nbmj replay`` does) and,
at every decision of the chosen seat that had more than one legal action, asks
:meth:`~nbmj.bots.strong.StrongBot.decide` what it would do and why. For each it records
the player's choice and the bot's, the shanten and waits before and after each (every wait
with its unseen copies and whether it may win), the points at stake (the bot's expected
points of its choice less those of the player's), and, where they differ, the reasons in
the rulebook's terms with rule IDs: a wait below the minimum (NB-13.1), a third meld fed
to one player (三摊, NB-14.5), a discarded wild that is dead (NB-4.12), a discard into a
Ninghai warning (NH-6.5), a discard more likely to deal in (the variant's payment rule).

The result is JSON for programs (:meth:`Review.to_json`) and sentences for people in
English and Chinese (:func:`review_text`); ``nbmj view --review SEAT`` marks the
disagreements on the replay page's timeline.

The expected points are the bot's own estimates: they rank its options, they do not say
what the hand would have paid. A decision where the player took the bot's choice, or one
the bot rates as high, is no disagreement: it has no stake and no reasons. Across hands,
compare the share of decisions that disagree (:attr:`Review.disagreement_rate`), not their
number, which grows with the hand's length.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .. import core
from ..engine import Action
from ..engine.game import logged_choices
from ..engine.log import parse_log
from ..errors import NbmjError
from ..narration import action_zh, seat_name
from ..rules.model import SEATS, RuleSet
from ..tiles import tile_code
from .strong import Decision, Option, StrongBot
from .waits import Wait

__all__ = ["REVIEW_FORMAT", "Reason", "Reviewed", "Review", "review_log", "review_text", "REASONS"]

#: The review's JSON format name.
REVIEW_FORMAT = "nbmj-review/1"

#: Each reason a review gives, in English and Chinese: ``{...}`` fields are filled in.
REASONS: dict[str, tuple[str, str]] = {
    "passed_win": ("passed up a win the rules allow", "放弃了可以和的牌"),
    "no_valid_wait": ("every wait of the hand left is refused: {why}", "留下的听牌都不能和：{why}"),
    "fewer_valid_waits": (
        "{player} unseen tiles make a valid win, against {bot} after the bot's choice",
        "能和的未见牌只有 {player} 张，机器人的选择有 {bot} 张",
    ),
    "further_from_ready": ("leaves the hand {player}-shanten, the bot's choice {bot}-shanten",
                           "留下 {player} 向听，机器人的选择是 {bot} 向听"),
    "fewer_useful": ("{player} unseen tiles improve the hand left, against {bot}", "有效进张 {player} 张，机器人的选择有 {bot} 张"),
    "lower_value": ("the hand left is worth less: about {player} points a win against {bot}",
                    "留下的牌价值较低：和牌约 {player} 分，机器人的选择约 {bot} 分"),
    "dead_wild": ("throws away a wild: a discarded wild is dead", "打出百搭：打出的百搭是死牌"),
    "deal_in": ("a {player}% chance of dealing in, against {bot}%: the discarder pays ({payment})",
                "放铳的机会 {player}%，机器人的选择 {bot}%：放铳者付钱（{payment}）"),
    "bao": ("discards into a 三摊 warning: paying for the table if that player wins with it",
            "打出三摊警告的牌：若对方因此和牌须包牌"),
    "third_meld": ("a third meld from one player's discards links the two (三摊)", "从同一家吃碰第三次，两家形成三摊"),
    "claim_declined": ("passes up a claim worth {bot} expected points against {player}",
                       "放弃了一次吃碰（期望 {bot} 分，对比 {player} 分）"),
    "claim_made": ("claims where passing is worth more ({bot} expected points against {player})",
                   "不该吃碰：不吃碰期望 {bot} 分，吃碰只有 {player} 分"),
    "breaks_ready": ("gives up a ready hand", "拆了听牌"),
    "weaker_option": ("the bot rates its choice {stake} points higher", "机器人估计它的选择高 {stake} 分"),
}


@dataclass(frozen=True)
class Reason:
    """One reason the bot prefers its choice: a key of :data:`REASONS`, the rule that says
    so (None where no single rule does), and the values of its sentence."""

    code: str
    rule: str | None = None
    values: Mapping[str, Any] = field(default_factory=dict)

    def text(self, lang: str = "en") -> str:
        """The reason as a sentence in ``lang`` (``"en"`` or ``"zh"``), its rule at the end."""
        en, zh = REASONS[self.code]
        values = dict(self.values)
        if lang == "zh":  # a value with a Chinese form takes it
            for key in [k for k in values if k.endswith("_zh")]:
                values[key[:-3]] = values[key]
        sentence = (zh if lang == "zh" else en).format(**values)
        return f"{sentence} [{self.rule}]" if self.rule else sentence

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "rule": self.rule, "values": dict(self.values), "en": self.text("en"), "zh": self.text("zh")}


@dataclass(frozen=True)
class Reviewed:
    """One decision of the reviewed seat. ``frame`` is the replay page's step showing the
    table as the player saw it (the decision is the ``frame + 1``-th action of the log)."""

    frame: int
    kind: str
    player: Option
    bot: Option
    shanten: int
    waits: tuple[Wait, ...]
    reasons: tuple[Reason, ...]

    @property
    def agree(self) -> bool:
        """Whether the player took the bot's choice or one the bot rates as high: where two
        options tie, the bot's pick between them is no judgement of the other."""
        return _as_good(self.player, self.bot)

    @property
    def stake(self) -> float:
        """The bot's expected points of its choice less those of the player's (0 when they
        agree; a win, which is no estimate, counts 0)."""
        if self.agree:
            return 0.0
        return _finite(self.bot.ev) - _finite(self.player.ev)

    def to_json(self) -> dict[str, Any]:
        return {
            "frame": self.frame,
            "kind": self.kind,
            "agree": self.agree,
            "stake": round(self.stake, 3),
            "before": {"shanten": self.shanten, "waits": [_wait_json(x) for x in self.waits]},
            "player": _option_json(self.player),
            "bot": _option_json(self.bot),
            "reasons": [r.to_json() for r in self.reasons],
        }


@dataclass(frozen=True)
class Review:
    """A hand's review for one seat: every decision, and how the hand ended for the seat."""

    header: Mapping[str, Any]
    seat: str
    bot: str
    decisions: tuple[Reviewed, ...]
    points: int | None

    @property
    def disagreements(self) -> list[Reviewed]:
        """The decisions where the player took an option the bot rates lower than its own."""
        return [d for d in self.decisions if not d.agree]

    @property
    def disagreement_rate(self) -> float:
        """The share of the reviewed decisions that are disagreements (0 with none reviewed).
        Across hands this is the figure to compare: the count grows with the hand's length,
        and the longest hands are draws, in which nobody pays."""
        return len(self.disagreements) / len(self.decisions) if self.decisions else 0.0

    def to_json(self) -> dict[str, Any]:
        """The review as JSON (format ``nbmj-review/1``)."""
        return {
            "format": REVIEW_FORMAT,
            "variant": self.header.get("variant"),
            "seed": self.header.get("seed"),
            "seat": self.seat,
            "bot": self.bot,
            "decisions": len(self.decisions),
            "disagreements": len(self.disagreements),
            "disagreement_rate": round(self.disagreement_rate, 4),
            "stakes": round(sum(d.stake for d in self.decisions), 3),
            "points": self.points,
            "items": [d.to_json() for d in self.decisions],
        }


class ReviewError(NbmjError, ValueError):
    """A review that cannot be made as asked (an unknown seat)."""


def review_log(log: str | Iterable[str], seat: str, rules: RuleSet | None = None) -> Review:
    """Review the hand of ``log`` for ``seat`` (a table position ``E S W N``); ``rules``
    only for a log of a variant that is not shipped. A bad log raises
    :class:`~nbmj.errors.ReplayError` at its first bad line, as ``nbmj replay`` does."""
    if seat not in SEATS:
        raise ReviewError(f"the seat to review is one of {', '.join(SEATS)}, not {seat!r}")
    lines = log if isinstance(log, str) else list(log)
    events = parse_log(lines)
    header = events[0]
    from ..web.viewer import log_rules

    rules = log_rules(header, rules)
    bot = StrongBot(rules)
    family = _family(rules)
    out: list[Reviewed] = []
    game = None
    for frame, (game, action) in enumerate(logged_choices(lines, rules)):
        if action.get("seat") != seat:
            continue
        legal = game.legal_actions(seat)
        if len(legal) < 2 or all(a.kind == "flower" for a in legal):
            continue
        taken = Action.from_json(action)
        obs = game.observation(seat)
        decision = bot.decide(obs, legal)
        out.append(_reviewed(frame, decision, taken, obs, rules, family, bot))
    points = None
    if game is not None and game.result is not None:
        points = int(game.result.deltas[seat])
    return Review(header, seat, "strong", tuple(out), points)


def _reviewed(frame: int, decision: Decision, taken: Action, obs: Mapping[str, Any], rules: RuleSet, family: str,
              bot: StrongBot) -> Reviewed:
    mine = next((o for o in decision.options if o.action == taken), None)
    if mine is None:  # an action the bot did not weigh (a second kong kind): value it as unknown
        mine = Option(taken, float("nan"), -1)
    best = decision.options[0]
    waits_before = _waits_before(obs, rules, bot)
    reasons = () if _as_good(mine, best) else tuple(_reasons(mine, best, decision, rules, family))
    return Reviewed(frame, decision.kind, mine, best, decision.shanten, waits_before, reasons)


def _as_good(mine: Option, best: Option) -> bool:
    """Whether the player's option is the bot's, or one the bot rates no lower."""
    if mine.action == best.action:
        return True
    return math.isfinite(mine.ev) and math.isfinite(best.ev) and mine.ev >= best.ev


def _waits_before(obs: Mapping[str, Any], rules: RuleSet, bot: StrongBot) -> tuple[Wait, ...]:
    """The waits of the hand as it stood before this decision: without the tile just drawn
    on a turn; as it is when a discard is open to claims."""
    from .view import SeatView

    view = SeatView(obs)
    counts, ids = bytearray(view.counts), list(view.wild_ids)
    drawn = obs.get("drawn")
    if drawn is not None:
        if drawn in view.wilds:
            if drawn in ids:
                ids.remove(drawn)
        elif drawn < len(counts) and counts[drawn]:
            counts[drawn] -= 1
    if (sum(counts) + len(ids)) % 3 != 1 or core.shanten(counts, len(ids)) != 0:
        return ()
    planner = bot._planner
    assert planner is not None
    return planner.book.waits(view, counts, ids, tuple(view.my_melds()))


def _family(rules: RuleSet) -> str:
    """``"NB"`` or ``"NH"``: the rulebook family the variant's own rules cite most."""
    cited = [it.rule for it in rules.items] + [r.rule for r in rules.restrictions] + [p.rule for p in rules.payments]
    nh = sum(1 for r in cited if r.startswith("NH-"))
    return "NH" if nh * 2 > len(cited) else "NB"


def _setting_rule(setting: str, family: str) -> str | None:
    """The rulebook rule that speaks of ``setting`` (a RuleSet field such as
    ``liability.threshold``), preferring the variant's family."""
    if not _RULEBOOK:
        from ..rules.rulebook import load_rules

        _RULEBOOK.extend(load_rules())
    found = [r for r in _RULEBOOK if setting in r.variant]
    for r in found:
        if r.prefix == family:
            return str(r.id)
    return str(found[0].id) if found else None


#: The rulebook's rules, read once when a reason first needs one.
_RULEBOOK: list[Any] = []


def _live(waits: Sequence[Wait]) -> int:
    return sum(x.unseen for x in waits if x.self_draw.valid or x.discard.valid)


def _refusal(waits: Sequence[Wait]) -> tuple[str, str, str | None]:
    """Why the waits are refused, in English and Chinese, and the rule the scorer named."""
    for x in waits:
        for worth in (x.self_draw, x.discard):
            if worth.reason:
                return worth.reason, _zh_refusal(worth.reason), worth.rule
    return "no reading of it reaches the minimum", "没有一种拆法达到起胡", None


def _zh_refusal(reason: str) -> str:
    if "needed to win" in reason:
        return "达不到起胡台数"
    if "dead" in reason:
        return "打出的百搭是死牌"
    if "may not win by" in reason:
        return "这种牌型不能这样和"
    return reason


def _reasons(mine: Option, best: Option, decision: Decision, rules: RuleSet, family: str) -> list[Reason]:
    out: list[Reason] = []
    if best.action.kind == "hu":
        return [Reason("passed_win")]
    if decision.kind == "claim":
        if mine.action.kind == "pass":
            out.append(Reason("claim_declined", None, {"bot": _num(best.ev), "player": _num(mine.ev)}))
        elif best.action.kind == "pass":
            out.append(Reason("claim_made", None, {"bot": _num(best.ev), "player": _num(mine.ev)}))
        if "third_meld" in mine.notes:
            out.append(Reason("third_meld", _setting_rule("liability.threshold", family)))
    if mine.shanten == 0 and mine.waits and not _live(mine.waits) and (best.shanten != 0 or _live(best.waits)):
        why_en, why_zh, rule = _refusal(mine.waits)
        out.append(Reason("no_valid_wait", rule, {"why": why_en, "why_zh": why_zh}))
    elif mine.shanten == 0 and best.shanten == 0 and _live(mine.waits) < _live(best.waits):
        out.append(Reason("fewer_valid_waits", None, {"player": _live(mine.waits), "bot": _live(best.waits)}))
    if mine.shanten > best.shanten >= 0:
        out.append(Reason("further_from_ready", None, {"player": mine.shanten, "bot": best.shanten}))
    elif mine.shanten == best.shanten > 0 and mine.useful < best.useful:
        out.append(Reason("fewer_useful", None, {"player": mine.useful, "bot": best.useful}))
    if mine.points and best.points and mine.points < 0.8 * best.points:
        out.append(Reason("lower_value", None, {"player": _num(mine.points), "bot": _num(best.points)}))
    if "dead_wild" in mine.notes and "dead_wild" not in best.notes:
        out.append(Reason("dead_wild", _setting_rule("claims.claim_discarded_wild", family)))
    if "breaks_ready" in mine.notes and "breaks_ready" not in best.notes:
        out.append(Reason("breaks_ready"))
    if "bao" in mine.notes and "bao" not in best.notes:
        bao = rules.restriction("bao_suit_warning") or rules.restriction("bao_terminal_warning")
        out.append(Reason("bao", bao.rule if bao is not None else None))
    if mine.deal_in > best.deal_in + 0.02:
        payment = next((p for p in rules.payments if p.situation == "discard"), None)
        shares = payment.shares if payment else ()
        out.append(Reason("deal_in", payment.rule if payment else None, {
            "player": round(100 * mine.deal_in), "bot": round(100 * best.deal_in),
            "payment": ", ".join(f"{s.role} {s.multiplier}S" for s in shares) or "—",
            "payment_zh": "，".join(f"{_ROLES_ZH.get(s.role, s.role)} {s.multiplier}S" for s in shares) or "—"}))
    if not out:
        out.append(Reason("weaker_option", None, {"stake": _num(_finite(best.ev) - _finite(mine.ev))}))
    return out


def _finite(x: float) -> float:
    if x != x:  # NaN: an option not weighed
        return 0.0
    if x == float("inf"):
        return 0.0
    return x


def _num(x: float) -> str:
    return f"{_finite(x):.1f}"


def _wait_json(x: Wait) -> dict[str, Any]:
    return {
        "tile": "wild" if x.kind < 0 else tile_code(x.kind),
        "unseen": x.unseen,
        "self_draw": {"valid": x.self_draw.valid, "points": x.self_draw.points, "rule": x.self_draw.rule},
        "discard": {"valid": x.discard.valid, "points": x.discard.points, "rule": x.discard.rule},
    }


def _option_json(o: Option) -> dict[str, Any]:
    return {
        "action": o.action.to_json(),
        "text": str(o.action),
        "ev": None if o.ev != o.ev or o.ev in (float("inf"), float("-inf")) else round(o.ev, 3),
        "shanten": o.shanten,
        "waits": [_wait_json(x) for x in o.waits],
        "useful": o.useful,
        "deal_in": round(o.deal_in, 4),
        "notes": list(o.notes),
    }


# ---------------------------------------------------------------------- for people

_TEXT = {
    "en": {
        "title": "{variant} seed {seed}: seat {seat} reviewed by {bot}: {k} of {n} decisions disagree ({share}), "
                 "{stakes} expected points at stake; the hand paid the seat {points}",
        "frame": "step {frame}",
        "player": "played",
        "bot": "bot",
        "before": "before: {shanten}-shanten",
        "ready": "ready on {waits}",
        "after": "{shanten}-shanten",
        "stake": "at stake {stake}",
        "win": "win",
    },
    "zh": {
        "title": "{variant} 种子 {seed}：{seat_zh}由 {bot} 复盘：{n} 次决定中 {k} 次不同（{share}），期望分差 {stakes}；本局得分 {points}",
        "frame": "第 {frame} 步",
        "player": "玩家",
        "bot": "机器人",
        "before": "之前：{shanten} 向听",
        "ready": "听 {waits}",
        "after": "{shanten} 向听",
        "stake": "分差 {stake}",
        "win": "和牌",
    },
}


def _waits_text(waits: Sequence[Wait], lang: str) -> str:
    parts = []
    for x in waits:
        name = ("百搭" if lang == "zh" else "wild") if x.kind < 0 else tile_code(x.kind)
        ok = x.self_draw.valid or x.discard.valid
        parts.append(f"{name}×{x.unseen}{'' if ok else ('（不能和）' if lang == 'zh' else ' (refused)')}")
    return ", ".join(parts) if parts else "—"


_ROLES_ZH = {"discarder": "放铳者", "each_other": "每家", "robbed": "被抢杠者", "kong_discarder": "放杠者", "partner": "包家"}


def action_text(action: Action, lang: str) -> str:
    """An action as a person reads it: ``S discard 5m``, or ``南家打出 5m``."""
    if lang != "zh":
        return str(action)
    text = seat_name(action.seat, "zh") + action_zh(action.kind)
    if action.tile is not None:
        text += " " + tile_code(action.tile)
    if action.use:
        text += "（用 " + " ".join(tile_code(t) for t in action.use) + "）"
    return text


def _option_text(o: Option, lang: str) -> str:
    T = _TEXT[lang]
    act = action_text(o.action, lang)
    if o.action.kind == "hu":
        return f"{act} ({T['win']})"
    if o.shanten == 0 and o.waits:
        return f"{act} ({T['ready'].format(waits=_waits_text(o.waits, lang))})"
    if o.shanten >= 0:
        return f"{act} ({T['after'].format(shanten=o.shanten)})"
    return act


def review_text(review: Review, lang: str = "en", everything: bool = False) -> list[str]:
    """The review as lines for a person in ``lang``: a title, then each disagreement (each
    decision with ``everything``) with the two choices and the reasons."""
    from ..narration import check_language

    language = check_language(lang)
    T = _TEXT[language]
    data = review.to_json()
    lines = [T["title"].format(variant=data["variant"], seed=data["seed"], seat=review.seat, seat_zh=seat_name(review.seat, "zh"), bot=review.bot,
                               n=data["decisions"], k=data["disagreements"], share=f"{data['disagreement_rate']:.0%}", stakes=f"{data['stakes']:.1f}",
                               points="—" if review.points is None else f"{review.points:+d}")]
    for d in review.decisions:
        if d.agree and not everything:
            continue
        before = T["before"].format(shanten=d.shanten)
        if d.waits:
            before += "; " + T["ready"].format(waits=_waits_text(d.waits, language))
        lines.append(f"{T['frame'].format(frame=d.frame)}{'：' if language == 'zh' else ': '}{before}")
        colon = "：" if language == "zh" else ": "
        lines.append(f"  {T['player']}{colon}{_option_text(d.player, language)}")
        if not d.agree:
            lines.append(f"  {T['bot']}{colon}{_option_text(d.bot, language)}  {T['stake'].format(stake=f'{d.stake:.2f}')}")
            for r in d.reasons:
                lines.append(f"    - {r.text(language)}")
    return lines

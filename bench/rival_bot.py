"""An independent heuristic bot, used to check nbmj's built-in bots against an outsider's.

It was written from the protocol page (docs/bots.rst) and the rulebook alone, as someone
outside the project would write it: it imports nothing from nbmj and speaks ``nbmj-bot/1``
on standard input and output, with the standard library only::

   nbmj arena --bot strong --bot 'python3 bench/rival_bot.py' --duplicate --games 100

How it plays: it always wins when a win is offered; it discards to the lowest shanten
(wilds, 百搭/财神, fill any gap), breaking ties by the number of unseen tiles that would
take it closer, then by throwing isolated honours and terminals first; it never throws a
wild while it has anything else to throw; it claims a pung, kong or chow only when that
lowers its shanten; and when another seat has three melds (or two late in the hand) it
prefers tiles that seat has thrown or that are already seen, folding when far from ready.
"""

from __future__ import annotations

import json
import sys
from functools import lru_cache

SUITS = "mps"


def kind_of(code: str) -> int:
    """A tile's kind: 0-26 suited (m, p, s), 27-33 honours, 34-41 flowers."""
    rank, suit = int(code[0]), code[1]
    if suit == "z":
        return 26 + rank
    if suit == "f":
        return 33 + rank
    return SUITS.index(suit) * 9 + rank - 1


def parse_notation(text: str) -> list[str]:
    """Tile notation such as ``"56m"`` or ``"5m6m"`` as single codes."""
    codes: list[str] = []
    digits = ""
    for char in text:
        if char.isdigit():
            digits += char
        else:
            codes.extend(digit + char for digit in digits)
            digits = ""
    return codes


@lru_cache(maxsize=None)
def group_options(counts: tuple[int, ...], suited: bool) -> tuple[tuple[int, int, int], ...]:
    """Ways to split one suit (or the honours): (sets, partial sets, pair 0/1), keeping for
    each (sets, pair) only the most partial sets."""
    best: dict[tuple[int, int], int] = {}
    c = list(counts)
    n = len(c)

    def walk(i: int, m: int, t: int, p: int) -> None:
        while i < n and c[i] == 0:
            i += 1
        if i == n:
            if best.get((m, p), -1) < t:
                best[(m, p)] = t
            return
        if c[i] >= 3:
            c[i] -= 3
            walk(i, m + 1, t, p)
            c[i] += 3
        if suited and i + 2 < n and c[i + 1] and c[i + 2]:
            c[i] -= 1; c[i + 1] -= 1; c[i + 2] -= 1
            walk(i, m + 1, t, p)
            c[i] += 1; c[i + 1] += 1; c[i + 2] += 1
        if c[i] >= 2:
            c[i] -= 2
            walk(i, m, t + 1, p)
            if not p:
                walk(i, m, t, 1)
            c[i] += 2
        if suited and i + 1 < n and c[i + 1]:
            c[i] -= 1; c[i + 1] -= 1
            walk(i, m, t + 1, p)
            c[i] += 1; c[i + 1] += 1
        if suited and i + 2 < n and c[i + 2]:
            c[i] -= 1; c[i + 2] -= 1
            walk(i, m, t + 1, p)
            c[i] += 1; c[i + 2] += 1
        c[i] -= 1
        walk(i, m, t, p)
        c[i] += 1

    walk(0, 0, 0, 0)
    return tuple((m, t, p) for (m, p), t in best.items())


def shanten(counts: list[int], sets_needed: int, wilds: int) -> int:
    """Tiles away from ready (0) or complete (-1) for a standard hand of 3k+1 or 3k+2
    concealed tiles, ``counts`` the 34 natural kinds and ``wilds`` the wilds held."""
    combined: dict[tuple[int, int], int] = {(0, 0): 0}
    for start, size, suited in ((0, 9, True), (9, 9, True), (18, 9, True), (27, 7, False)):
        part = tuple(counts[start:start + size])
        if not any(part):
            continue
        options = group_options(part, suited)
        merged: dict[tuple[int, int], int] = {}
        for (m1, p1), t1 in combined.items():
            for m2, t2, p2 in options:
                p = p1 + p2
                if p > 1:
                    continue
                m = min(m1 + m2, sets_needed)
                key = (m, p)
                t = t1 + t2
                if merged.get(key, -1) < t:
                    merged[key] = t
        combined = merged
    natural = sum(counts)
    best = 99
    for (m, p), t in combined.items():
        t = min(t, sets_needed - m)
        used = 3 * m + 2 * t + 2 * p
        slots = (sets_needed - m - t) + (1 - p)
        used += min(natural - used, slots)
        missing = 3 * sets_needed + 2 - used
        value = missing - wilds - 1
        if value < best:
            best = value
    return max(best, -1)


class Table:
    """What one request shows, read once."""

    def __init__(self, request: dict) -> None:
        obs = request["observation"]
        self.seat = request["seat"]
        self.obs = obs
        self.wild_codes = set(obs.get("wilds") or [])
        self.wild_kinds = {kind_of(code) for code in self.wild_codes}
        self.counts = [0] * 34
        self.wilds = 0
        for code in obs["hand"]:
            if code in self.wild_codes:
                self.wilds += 1
            else:
                k = kind_of(code)
                if k < 34:
                    self.counts[k] += 1
        self.sets_needed = 4 - len(obs["melds"].get(self.seat, []))
        seen = [0] * 34
        for code in obs["hand"]:
            k = kind_of(code)
            if k < 34:
                seen[k] += 1
        for melds in obs["melds"].values():
            for meld in melds:
                for code in meld.get("tiles", []):
                    k = kind_of(code)
                    if k < 34:
                        seen[k] += 1
        for river in obs["rivers"].values():
            for item in river:
                if item.get("claimed_by") is None:
                    k = kind_of(item["tile"])
                    if k < 34:
                        seen[k] += 1
        indicator = obs.get("indicator")
        if indicator:
            k = kind_of(indicator)
            if k < 34:
                seen[k] += 1
        self.unseen = [0 if k in self.wild_kinds else max(0, 4 - seen[k]) for k in range(34)]
        self.seen = seen
        self.threats = self._threats()

    def _threats(self) -> list[str]:
        obs = self.obs
        late = (obs.get("wall_remaining") or 99) < 24
        out = []
        for seat, melds in obs["melds"].items():
            if seat == self.seat:
                continue
            if len(melds) >= 3 or (late and len(melds) >= 2):
                out.append(seat)
        return out

    def shanten(self, counts: list[int] | None = None, sets_needed: int | None = None) -> int:
        return shanten(self.counts if counts is None else counts,
                       self.sets_needed if sets_needed is None else sets_needed, self.wilds)

    def useful(self, counts: list[int], base: int) -> int:
        """Unseen tiles that would bring a 3k+1 hand below ``base`` shanten."""
        near = set()
        for k in range(34):
            if counts[k]:
                if k >= 27:
                    near.add(k)
                else:
                    lo, hi = (k // 9) * 9, (k // 9) * 9 + 8
                    for d in (-2, -1, 0, 1, 2):
                        if lo <= k + d <= hi:
                            near.add(k + d)
        total = 0
        for k in near:
            if not self.unseen[k]:
                continue
            counts[k] += 1
            if self.shanten(counts) < base:
                total += self.unseen[k]
            counts[k] -= 1
        return total

    def danger(self, code: str) -> int:
        """How likely a threatening seat wins on this tile (0: it has thrown it itself)."""
        if not self.threats:
            return 0
        k = kind_of(code)
        if k >= 34:
            return 0
        total = 0
        for seat in self.threats:
            if any(item["tile"] == code for item in self.obs["rivers"].get(seat, [])):
                continue
            seen = self.seen[k]
            if k >= 27:
                risk = 1 if seen >= 3 else 3 if seen == 2 else 5
            else:
                rank = k % 9
                risk = 4 if rank in (0, 8) else 5 if rank in (1, 7) else 7
                risk -= min(seen, 3)
            total += max(risk, 1)
        return total


def isolation(counts: list[int], k: int) -> int:
    """Lower for tiles best thrown: lone honours, then terminals, then the rest."""
    if k >= 27:
        return 0 if counts[k] <= 1 else 4
    rank = k % 9
    near = sum(counts[j] for j in range(max(k - 2, (k // 9) * 9), min(k + 2, (k // 9) * 9 + 8) + 1) if j != k)
    base = 1 if rank in (0, 8) else 2 if rank in (1, 7) else 3
    return base + (3 if near else 0) + (3 if counts[k] > 1 else 0)


def choose_discard(table: Table, legal: list[tuple[int, dict]]) -> int:
    current = None
    scored = []
    for index, action in legal:
        code = action["tile"]
        is_wild = code in table.wild_codes
        counts = table.counts[:]
        wilds = table.wilds
        k = kind_of(code)
        if is_wild:
            wilds -= 1
        elif k < 34:
            counts[k] -= 1
        s = shanten(counts, table.sets_needed, wilds)
        scored.append([is_wild, s, index, code, counts, wilds])
    if not scored:
        return legal[0][0]
    best_s = min(item[1] for item in scored if not item[0]) if any(not i[0] for i in scored) else min(i[1] for i in scored)
    options = []
    for is_wild, s, index, code, counts, wilds in scored:
        if s <= best_s + 1:
            if wilds == table.wilds and s == best_s:
                useful = table.useful(counts, s)
            elif s == best_s:
                saved = table.wilds
                table.wilds = wilds
                useful = table.useful(counts, s)
                table.wilds = saved
            else:
                useful = 0
        else:
            useful = 0
        k = kind_of(code)
        shape = isolation(table.counts, k) if k < 34 else 9
        danger = table.danger(code)
        if table.threats and best_s >= 2:
            key = (is_wild, danger, s, -useful, shape)
        elif table.threats:
            key = (is_wild, s, danger, -useful, shape)
        else:
            key = (is_wild, s, -useful, shape)
        options.append((key, index))
    options.sort()
    return options[0][1]


def best_after(table: Table, counts: list[int], sets_needed: int) -> int:
    return shanten(counts, sets_needed, table.wilds)


def choose(request: dict) -> int:
    legal = request["legal"]
    for i, action in enumerate(legal):
        if action["e"] == "hu":
            return i
    for i, action in enumerate(legal):
        if action["e"] == "flower":
            return i
    table = Table(request)
    discards = [(i, a) for i, a in enumerate(legal) if a["e"] == "discard"]
    pass_index = next((i for i, a in enumerate(legal) if a["e"] == "pass"), None)
    if discards:
        pick = choose_discard(table, discards)
        turn_best = min(
            shanten(*_without(table, a["tile"]), table.wilds - (a["tile"] in table.wild_codes)) for _, a in discards
        )
        for i, action in enumerate(legal):
            k = kind_of(action["tile"]) if action.get("tile") else None
            if k is None or k >= 34:
                continue
            if action["e"] == "ankan" and table.counts[k] >= 4:
                counts = table.counts[:]
                counts[k] -= 4
                if shanten(counts, table.sets_needed - 1, table.wilds) <= turn_best and not table.threats:
                    return i
            if action["e"] == "kakan" and table.counts[k] >= 1:
                counts = table.counts[:]
                counts[k] -= 1
                if shanten(counts, table.sets_needed, table.wilds) <= turn_best:
                    return i
        return pick
    # a discard (or an added kong) to answer
    now = table.shanten()
    best = (now, 9, pass_index)
    for i, action in enumerate(legal):
        kind = action["e"]
        if kind not in ("chi", "pon", "kan"):
            continue
        k = kind_of(action["tile"])
        counts = table.counts[:]
        if kind == "chi":
            ok = True
            for u in (kind_of(code) for code in parse_notation(action["use"])):
                if u >= 34 or counts[u] <= 0:
                    ok = False
                    break
                counts[u] -= 1
            if not ok:
                continue
            after = shanten(counts, table.sets_needed - 1, table.wilds)
            rank = 2
        elif kind == "pon":
            if counts[k] < 2:
                continue
            counts[k] -= 2
            after = shanten(counts, table.sets_needed - 1, table.wilds)
            rank = 0
        else:
            if counts[k] < 3:
                continue
            counts[k] -= 3
            after = shanten(counts, table.sets_needed - 1, table.wilds)
            rank = 1
        if (after, rank) < best[:2] and after < now:
            best = (after, rank, i)
    if best[2] is not None:
        return best[2]
    return pass_index if pass_index is not None else 0


def _without(table: Table, code: str) -> tuple[list[int], int]:
    counts = table.counts[:]
    if code not in table.wild_codes:
        k = kind_of(code)
        if k < 34:
            counts[k] -= 1
    return counts, table.sets_needed


def main() -> None:
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        message = json.loads(line)
        kind = message.get("type")
        if kind == "request":
            try:
                index = choose(message)
            except Exception as error:  # never stall the table: take the first legal action
                print(f"rival_bot: {error!r}", file=sys.stderr, flush=True)
                index = len(message["legal"]) - 1 if message["legal"][-1]["e"] == "pass" else 0
            print(json.dumps({"index": index, "id": message.get("id")}), flush=True)
        elif kind == "bye":
            break


if __name__ == "__main__":
    main()

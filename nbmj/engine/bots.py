# cython: annotation_typing=False
# (the augmenting bots.pxd gives the C types; the annotations are for mypy)
"""Bots, and :func:`play_hand` to run a hand among them.

A bot is any callable ``(observation, legal_actions) -> action`` where ``observation`` is
:meth:`Game.observation` of its seat and the action is one of ``legal_actions``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Container, Iterable, Mapping, Sequence

from typing import Any

from .. import core
from ..errors import GameSetupError, UnknownBotError
from ..rules.model import SEATS
from ..tiles import N_KINDS, N_TILE_IDS
from .actions import Action
from .game import Game
from .results import HandResult
from .observation import Observation
from .phases import Over, Turn
from .seeding import Reseedable, seeded_random
from .seeding import draw_below as _draw_below  # (compiled: bots.pxd cimports it from _mt, a C call)

_TWIN: object = seeded_random  # random.Random, or its compiled twin (whose getrandbits draws its bits)

__all__ = ["Bot", "RandomBot", "GreedyBot", "play_hand", "play_bots", "bot_move", "make_bots", "hand_shape", "split_wilds", "tile_counts", "BOTS"]

#: A bot: ``(observation, legal_actions) -> action``, the action one of ``legal_actions``.
Bot = Callable[[Observation, list[Action]], Action]


class RandomBot:
    """Picks uniformly among the legal actions; with ``always_win`` it takes any win offered.

    ``rng``: the generator to draw from, instead of ``random.Random(seed)``: one made by
    ``nbmj.engine.seeding.seeded_random`` (the same draws, from C when compiled), which its
    owner may seed again in place for each match (``nbmj.engine.seeding.reseed``), as an
    env's table does rather than build three bots a match."""

    def __init__(self, seed: int | str = 0, always_win: bool = True, *, rng: Reseedable | None = None) -> None:
        self.rng = random.Random(seed) if rng is None else rng
        self.always_win = always_win
        # rng.choice(legal) is legal[rng._randbelow(len(legal))], and CPython's _randbelow
        # draws getrandbits(n.bit_length()) until below n: seeding.draw_below makes the same
        # draw without two layers of calls (compiled, in C from the compiled twin of
        # random.Random, which draws the same bits). Any other random implementation draws
        # through randrange.
        fast = getattr(random.Random, "_randbelow_with_getrandbits", None)
        # (a flag, not the bound getrandbits: copy.deepcopy keeps a built-in method as it is,
        # and a copied bot would draw from the original's generator)
        self._fast = (fast is not None and getattr(type(self.rng), "_randbelow", None) is fast) or type(self.rng) is _TWIN

    def __repr__(self) -> str:
        return f"<RandomBot always_win={self.always_win!r}>"

    def __call__(self, observation: Mapping[str, Any], legal: list[Action]) -> Action:
        """A uniformly random legal action (a win when ``always_win`` and one is offered)."""
        return self.choose(legal)

    def choose(self, legal: list[Action]) -> Action:
        """The choice itself, which reads nothing of the observation."""
        first = legal[0]
        if self.always_win and first.kind == "hu":  # the engine lists a win first
            return first
        rng = self.rng
        if self._fast:
            return legal[_draw_below(rng, len(legal))]
        # random.Random's choice(legal) is legal[_randbelow(len(legal))], which is also what
        # randrange(len(legal)) draws: one path for it and any other generator
        return legal[rng.randrange(len(legal))]


def hand_shape(tiles: Iterable[int], wilds: Iterable[int]) -> tuple[bytearray, int]:
    """A hand's tile ids as the core reads them: the count of each of the 34 kinds without
    the wilds, and the number of wilds (:func:`split_wilds` of :func:`tile_counts`). A
    bytearray: the core reads a buffer several times faster than a list."""
    counts, held = split_wilds(tile_counts(tiles), wilds)
    return counts, len(held)


def tile_counts(tiles: Iterable[int]) -> bytearray:
    """Tile ids as the count of each tile id (the 34 kinds, then the flowers), the form
    :meth:`Observation.hand_counts <nbmj.engine.observation.Observation.hand_counts>` gives."""
    by_id = bytearray(N_TILE_IDS)
    for t in tiles:
        by_id[t] += 1
    return by_id


def split_wilds(by_id: Sequence[int], wilds: Iterable[int]) -> tuple[bytearray, list[int]]:
    """A hand given as its count of each tile id (the flowers after the 34 kinds, as
    :meth:`Observation.hand_counts <nbmj.engine.observation.Observation.hand_counts>` gives
    it) as the core reads it: the count of each of the 34 kinds without the wilds, and the
    wild tiles held, one tile id per copy (a wild flower among them). The one place that
    takes a hand's wilds out of its counts: the greedy bot, the fast tier and the bots'
    :class:`~nbmj.bots.view.SeatView` read it."""
    counts = bytearray(by_id[:N_KINDS])
    held: list[int] = []
    for t in wilds:
        n = by_id[t]
        if n:
            held += [t] * n
            if t < N_KINDS:
                counts[t] = 0
    return counts, held


def _isolation(counts: bytearray, t: int) -> int:
    """How connected a tile is: fewer neighbours means a better discard."""
    near = counts[t] - 1
    if t < 27:
        r = t % 9
        for d in (-2, -1, 1, 2):
            if 0 <= r + d <= 8:
                near += counts[t + d]
    return near


def _best_discard(counts: bytearray, w: int, wilds: Container[int], discards: list[Action]) -> tuple[Action, int]:
    """The greedy discard among ``discards`` (not empty) and the shanten it leaves: the
    least key (shanten after it, whether a wild, isolation, -tile), the first on a tie;
    the shanten first, the isolation only of those that tie on it. ``counts`` is
    restored before it returns."""
    shanten = core.shanten
    wild_shanten: int | None = None  # every wild discard leaves the same shape
    scored: list[tuple[int, Action]] = []
    best_shanten = 99
    for a in discards:
        t = a.tile
        assert t is not None
        if t in wilds:
            if wild_shanten is None:
                wild_shanten = shanten(counts, w - 1)
            s = wild_shanten
        else:
            counts[t] -= 1
            try:
                s = shanten(counts, w)
            finally:
                counts[t] += 1
        scored.append((s, a))
        if s < best_shanten:
            best_shanten = s
    best: tuple[tuple[bool, int, int], Action] | None = None
    for s, a in scored:
        if s != best_shanten:
            continue
        t = a.tile
        assert t is not None
        is_wild = t in wilds
        key = (is_wild, 0 if is_wild else _isolation(counts, t), -t)
        if best is None or key < best[0]:
            best = (key, a)
    if best is None:
        raise ValueError("no discard to choose from")
    return best[1], best_shanten




class GreedyBot:
    """Shanten-greedy: wins when it may, discards to the lowest shanten, claims only when the
    claim lowers its shanten, kongs when that costs nothing. Deterministic."""

    def __repr__(self) -> str:
        return "<GreedyBot>"

    def __call__(self, observation: Mapping[str, Any], legal: list[Action]) -> Action:
        """The greedy choice among ``legal``."""
        wilds = set(observation["wilds"])
        if type(observation) is Observation:  # the counts without the list of tile ids
            counts, held = split_wilds(observation.hand_counts(), wilds)
            return self.choose(counts, len(held), wilds, legal)
        counts, w = hand_shape(observation["hand"], wilds)
        return self.choose(counts, w, wilds, legal)

    def choose_at(self, game: Game, p: int, legal: list[Action]) -> Action:
        """The choice for position ``p`` of a live ``game``, read from its own hand (what
        its Observation would show), for :func:`play_hand`'s loop."""
        wilds = set(game.table.wt.wild_ids)  # the observation's "wilds"
        counts, held = split_wilds(game.table.seats[p].hand, wilds)
        return self.choose(counts, len(held), wilds, legal)

    def choose(self, counts: bytearray, w: int, wilds: set[int], legal: list[Action]) -> Action:
        """The greedy choice among ``legal`` for a hand of ``counts`` (34 kinds) and ``w`` wilds."""
        # one pass over the list: the first win, the first flower, the discards and kongs
        # in list order (the claims, met less often, are sorted out in _claim)
        flower: Action | None = None
        discards: list[Action] = []
        kongs: list[Action] = []
        kakans: list[Action] = []
        for a in legal:
            kind = a.kind
            if kind == "discard":
                discards.append(a)
            elif kind == "hu":
                return a
            elif kind == "flower":
                if flower is None:
                    flower = a
            elif kind == "ankan":
                kongs.append(a)
            elif kind == "kakan":
                kakans.append(a)
        if flower is not None:
            return flower
        if discards:
            return self._turn(counts, w, wilds, discards, kongs + kakans)
        by_kind: dict[str, list[Action]] = {}
        for a in legal:
            by_kind.setdefault(a.kind, []).append(a)
        return self._claim(counts, w, wilds, by_kind)

    def _turn(self, counts: bytearray, w: int, wilds: set[int], discards: list[Action], kongs: list[Action]) -> Action:
        best, best_shanten = _best_discard(counts, w, wilds, discards)
        for a in kongs:  # the concealed kongs, then the added ones
            assert a.tile is not None
            c, ww = _without(counts, w, wilds, (a.tile,) * (4 if a.kind == "ankan" else 1))
            if core.shanten(c, ww) <= best_shanten:
                return a
        return best

    def _claim(self, counts: bytearray, w: int, wilds: set[int], by_kind: dict[str, list[Action]]) -> Action:
        now = core.shanten(counts, w)
        for kind in ("kan", "pon", "chi"):
            for a in by_kind.get(kind, []):
                assert a.tile is not None
                c, ww = _without(counts, w, wilds, a.use or (a.tile,) * (3 if kind == "kan" else 2))
                after = core.shanten(c, ww)
                if after < now or (kind == "kan" and after <= now):
                    return a
        return by_kind["pass"][0]


def _without(counts: bytearray, w: int, wilds: set[int], tiles: Sequence[int]) -> tuple[bytearray, int]:
    """The shape left after ``tiles`` leave the hand. A wild is counted apart (in ``w``),
    so a wild kind taken, or a kind the hand lacks (a wild stands in for it when
    ``wilds_in_melds`` allows), comes out of the wilds."""
    c = counts.copy()  # (compiled: bytearray's own copy, a C call; bytearray(...) is a call of the type)
    for u in tiles:
        if u not in wilds and c[u] > 0:
            c[u] -= 1
        elif w > 0:
            w -= 1
    return c, w


BOTS = {"random": RandomBot, "greedy": GreedyBot}


def make_bots(kind: str, seed: int | str = 0) -> dict[str, Bot]:
    """Four bots of one kind; random bots get their own seeds derived from ``seed`` (an
    integer or a string; anything else is a :class:`~nbmj.errors.GameSetupError`)."""
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):  # None would seed from the clock
        raise GameSetupError(f"the bots' seed is an integer or a string, not {seed!r}")
    if kind == "random":
        return {s: RandomBot(f"{seed}:{s}") for s in SEATS}
    if kind == "greedy":
        return {s: GreedyBot() for s in SEATS}
    raise UnknownBotError(f"unknown bot {kind!r}; known: {', '.join(BOTS)}")


def play_hand(game: Game, bots: Mapping[str, Bot] | Sequence[Bot]) -> HandResult:
    """Play ``game`` to its end, asking each waiting seat's bot in turn; returns the result.
    ``bots`` holds one callable for each seat: keyed by ``"E" "S" "W" "N"``, or four in that
    order; other bots are a :class:`~nbmj.errors.GameSetupError` before any move."""
    bots = _one_bot_a_seat(bots)
    if type(game) is not Game:  # a subclass may change what the public calls do
        while not game.is_over:
            seat = game.to_act[0]
            action = bots[seat](game.observation(seat), game.legal_actions(seat))
            game.step(action)
        assert game.result is not None
        return game.result
    return _play(game, [bots[s] for s in SEATS])


def _one_bot_a_seat(bots: object) -> Mapping[str, Bot]:
    """``bots`` as a mapping of each seat to its bot, or a GameSetupError saying what is amiss."""
    if not isinstance(bots, Mapping):
        if isinstance(bots, (str, bytes)) or not isinstance(bots, Iterable):
            raise GameSetupError(f"the bots are one for each seat, keyed by E S W N or four in that order, not {bots!r}")
        listed = list(bots)
        if len(listed) != len(SEATS):
            raise GameSetupError(f"the bots are one for each of the {len(SEATS)} seats, not {len(listed)}")
        bots = dict(zip(SEATS, listed))
    missing = [s for s in SEATS if s not in bots]
    if missing:
        raise GameSetupError(f"no bot for seat {', '.join(map(repr, missing))}")
    for seat in SEATS:
        if not callable(bots[seat]):
            raise GameSetupError(f"the bot for seat {seat!r} is not callable: {bots[seat]!r}")
    return bots


def _play(game: Game, by_position: list[Bot]) -> HandResult:
    """play_hand's loop for a Game itself: the same calls without the public wrappers
    (:func:`bot_move` for each move)."""
    t = game.table
    while True:
        ph = t.phase
        if type(ph) is Turn:
            p = ph.seat
        elif type(ph) is Over:
            return ph.result
        else:
            assert ph is not None
            p = ph.to_act()[0]
        bot_move(game, p, by_position[p])


def play_bots(game: Game, bots: dict[int, Bot]) -> int:
    """Let the bots of ``bots`` (by table position) move in ``game`` until it waits for none
    of them or the hand ends; returns how many moves they made. Each move is the first bot's
    among the seats the game waits for, nearest the discarder first (:func:`bot_move`): a
    bot answers a claim window before a seat of another kind ahead of it does. An env's
    table lets its bots move so between its learners' moves."""
    t = game._t
    moves = 0
    while True:
        ph = t.phase
        if type(ph) is Turn:  # (its one seat, without the list to_act makes)
            turn = ph
            p = turn.seat
            bot = bots.get(p)
            if bot is None:
                return moves
        elif type(ph) is Over:
            return moves
        else:
            assert ph is not None
            bot = None
            for q in ph.to_act():
                bot = bots.get(q)
                if bot is not None:
                    p = q
                    break
            if bot is None:
                return moves
        bot_move(game, p, bot)
        moves += 1


def bot_move(game: Game, p: int, bot: Bot) -> None:
    """``game.step(bot(game.observation(seat), game.legal_actions(seat)))`` for the bot at
    position ``p``, as :func:`play_hand` asks it: the engine's own bots are asked their
    choice without an Observation (a random choice reads none, the greedy one reads the
    seat's own hand from the table, what its Observation shows); any other bot is called with
    the seat's Observation and a copy of its legal list."""
    legal = game._legal_for(p)
    if type(bot) is RandomBot:
        random_bot = bot  # (a typed local: the compiled module calls its method in C)
        game._apply(p, random_bot.choose(legal))  # one of the legal list: no need to look it up there
    elif type(bot) is GreedyBot:
        greedy_bot = bot
        game._apply(p, greedy_bot.choose_at(game, p, legal))
    else:
        game.step(bot(Observation(game, p), list(legal)))  # the game checks what another bot hands back

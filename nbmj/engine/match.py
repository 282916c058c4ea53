# cython: annotation_typing=False
# (compiled as it is by setup.py: the annotations are for mypy, not C types)
"""A match: hands in a row with dealer rotation, round winds and cumulative scores (NB-16).

Players keep their table positions ``"E" "S" "W" "N"`` for the whole match; the dealer
moves among them and each hand's seat winds are counted from its dealer (NB-2.4).
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .._numbers import whole_number
from ..errors import GameSetupError

from ..rules.model import SEATS, RuleSet
from .seeding import seeded_random
from .bots import Bot, play_hand
from .game import Game, HandResult, checked_seed, resolve_rules

__all__ = ["Match", "MatchResult", "next_dealer", "dealer_by_roll", "derive_hand_seed", "HAND_SEED_BITS"]


@dataclass
class MatchResult:
    """The hands of a match in order, each with its dealer and round wind, and the totals."""

    hands: list[dict[str, Any]] = field(default_factory=list)
    scores: dict[str, int] = field(default_factory=lambda: {s: 0 for s in SEATS})

    def to_json(self) -> dict[str, Any]:
        """The hands and the totals as plain JSON values."""
        return {"hands": self.hands, "scores": dict(self.scores)}


def dealer_by_roll(total: int) -> int:
    """NH-1.2: the position reached counting ``total`` players counter-clockwise from the
    first seat (position 0), which counts as 1."""
    return (total - 1) % 4


def next_dealer(rules: RuleSet, dealer: int, result: HandResult) -> int:
    """Who deals next (NB-16.1 to NB-16.3)."""
    d = rules.dealer
    if result.outcome == "draw":
        return dealer if d.on_draw == "stay" else (dealer + 1) % 4
    winners = [SEATS.index(w["seat"]) for w in result.winners]
    if dealer in winners:
        return dealer if d.on_dealer_win == "stay" else (dealer + 1) % 4
    if d.on_nondealer_win == "winner":
        return winners[0]
    return (dealer + 1) % 4


def _count(name: str, value: object) -> int:
    """``value`` as a whole number at least 1 (a NumPy integer too), else a GameSetupError."""
    count = whole_number(value)
    if count is None or count < 1:
        raise GameSetupError(f"{name} is a whole number, at least 1, not {value!r}")
    return count


#: Bits of a hand's seed: exact in any JSON reader (a double holds 53), and far too many to
#: try every one against the tiles a player sees.
HAND_SEED_BITS = 53


def derive_hand_seed(match_seed: int, index: int) -> int:
    """The seed of hand ``index`` of the match seeded ``match_seed``: the first
    :data:`HAND_SEED_BITS` bits of a BLAKE2b hash of the two. A hand's log records its own
    seed, and from it neither the match seed nor another hand's seed can be computed (short
    of trying every match seed: a server that keeps its match seeds secret draws them of 63
    bits), so no log reveals the wall of another hand."""
    digest = hashlib.blake2b(f"nbmj-hand:{match_seed}:{index}".encode("ascii"), digest_size=8, person=b"nbmj-match").digest()
    return int.from_bytes(digest, "big") >> (64 - HAND_SEED_BITS)


class Match:
    """Hands played in a row. ``hands`` stops after that many hands; ``rounds`` after that many
    round winds (NB-16.5; the default is one full cycle of four). ``keep_logs=False`` leaves
    ``logs`` empty, and its hands are played without an event log (``Game(log=False)``).

    ``seed`` is an integer, or None for a fresh one (kept in ``seed``), as for a
    :class:`~nbmj.engine.game.Game`; a bad seed or count raises
    :class:`~nbmj.errors.GameSetupError`. The first dealer is drawn from the match seed,
    and each hand's seed derived from it by :func:`derive_hand_seed`."""

    def __init__(
        self,
        variant: str | RuleSet = "ningbo",
        seed: int | None = 0,
        *,
        hands: int | None = None,
        rounds: int | None = None,
        max_hands: int = 1000,
        keep_logs: bool = True,
    ) -> None:
        # (the rules, the seed and the first dealer are locals first: an env makes a match at
        # every hand, and each read of an attribute of this Python class is a look-up)
        self.rules = rules = resolve_rules(variant)
        # every hand's seed and the first dealer come from this one: it is checked as a
        # hand's is, or a float or a string would seed a match no log could name
        self.seed = match_seed = checked_seed(seed)
        self.hand_limit = None if hands is None else _count("hands", hands)
        self.round_limit = _count("rounds", rounds) if rounds is not None else (None if hands is not None else 4)
        self.max_hands = _count("max_hands", max_hands)
        rng = seeded_random(f"match:{match_seed}")  # the first dealer's generator
        roll = (rng.randint(1, 6), rng.randint(1, 6))
        #: the two dice thrown for the first dealer (NH-1.2), None where it is drawn at random
        self.first_roll: tuple[int, int] | None = None
        if rules.dealer.first_dealer == "two_rolls":
            self.first_roll = roll
            first_dealer = dealer_by_roll(roll[0] + roll[1])  # NH-1.2: count the total from the first seat as 1
        else:
            first_dealer = rng.randrange(4)  # NB-2.3
        self.first_dealer = first_dealer
        self.dealer = first_dealer
        self.round_dealer = first_dealer
        self.dealt_this_round = {first_dealer}
        self.round_index = 0  # 0 = east round (NB-2.5)
        self.hand_index = 0
        self.result = MatchResult()
        self.logs: list[str] = []
        # record() keeps each hand's log text unless told not to, and then the hands make no
        # events at all (an RL env plays millions of hands and never reads them; the events
        # cost about a tenth of each step)
        self.keep_logs = keep_logs
        self._booked: Game | None = None  # the hand record() booked last

    def __repr__(self) -> str:
        where = "over" if self.is_over else f"{self.round_wind} round, {SEATS[self.dealer]} deals next"
        return f"<Match {self.rules.name} seed={self.seed!r}: {self.hand_index} hand(s) played; {where}>"

    @property
    def round_wind(self) -> str:
        """The wind of the round the next hand belongs to: ``E``, ``S``, ``W`` or ``N``."""
        return SEATS[self.round_index % 4]

    @property
    def is_over(self) -> bool:
        """Whether the match has played all it was asked to: its ``hands``, its ``rounds``,
        or ``max_hands``, whichever comes first."""
        if self.hand_limit is not None and self.hand_index >= self.hand_limit:
            return True
        if self.round_limit is not None and self.round_index >= self.round_limit:
            return True
        return self.hand_index >= self.max_hands

    def hand_seed(self, index: int) -> int:
        """The seed of hand ``index``: a one-way function of the match seed and ``index``
        (:func:`derive_hand_seed`)."""
        return derive_hand_seed(self.seed, index)

    def new_game(self) -> Game:
        """The next hand, dealt and ready."""
        return Game(
            self.rules, self.hand_seed(self.hand_index), dealer=SEATS[self.dealer], round_wind=self.round_wind, log=self.keep_logs
        )

    def record(self, game: Game) -> None:
        """Book a finished hand: scores, its log, then the next dealer and round wind (NB-16.4).
        The hand is one of the match's rules, dealt by its dealer in its round wind, as
        :meth:`new_game` deals it (or a hand set up by hand): a hand of other rules, dealt by
        another seat or in another round wind, or the hand booked just before, is refused,
        and the match is left as it was."""
        res = game.result
        if res is None:
            raise GameSetupError("only a finished hand can be recorded")
        if game is self._booked:
            raise GameSetupError(f"the hand {game!r} is booked already")
        # (each attribute read once, into a local: an env books a match's hand at every hand)
        dealer, round_wind, rules = self.dealer, self.round_wind, self.rules
        if game.dealer != dealer or game.round_wind != round_wind or (game.rules is not rules and game.rules.digest != rules.digest):
            raise GameSetupError(
                f"only a hand of the match's rules, dealt by {SEATS[dealer]!r} in round wind {round_wind!r}, "
                f"can be recorded, not {game!r}"
            )
        # everything that can fail comes before the first change: a hand is booked whole or not at all
        log = game.log_text() if self.keep_logs else None  # (a hand dealt with log=False has none)
        booked = {"index": self.hand_index, "dealer": SEATS[dealer], "round_wind": round_wind, **res.to_json()}
        self._booked = game
        result = self.result
        scores = result.scores
        for s, v in res.deltas.items():
            scores[s] += v
        result.hands.append(booked)
        if log is not None:
            self.logs.append(log)
        self.hand_index += 1
        new = next_dealer(rules, dealer, res)
        if new != dealer:
            if new == self.round_dealer and len(self.dealt_this_round) == 4:
                self.round_index += 1
                self.dealt_this_round = {new}
            else:
                self.dealt_this_round.add(new)
            self.dealer = new

    def play(self, bots: Mapping[str, Bot] | Sequence[Bot]) -> MatchResult:
        """Play every remaining hand among ``bots`` (keyed by table position)."""
        while not self.is_over:
            game = self.new_game()
            play_hand(game, bots)
            self.record(game)
        return self.result

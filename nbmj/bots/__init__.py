"""Bots: the built-in ones, and the ``nbmj-bot/1`` protocol for bots written in any language.

>>> from nbmj.bots import make_seat, play_seated_hand
>>> from nbmj.engine import Game
>>> seats = {s: make_seat("greedy") for s in "ESWN"}
>>> play_seated_hand(Game("ningbo", seed=1), seats).result.outcome in ("win", "draw")
True

A seat *spec* names a player: a built-in bot (``random``, ``greedy``, ``fast``, ``strong``),
``policy:PATH``, a policy trained with :mod:`nbmj.learn` and saved at PATH (needs the ``learn``
extra), a command line that starts a bot program speaking the protocol on its stdin and
stdout (split into words as a shell would, but not run by one), or ``ws://HOST:PORT``, a port where the server waits for one bot to connect by websocket.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..engine import Action
from ..errors import NbmjError
from ..engine.bots import GreedyBot, RandomBot
from ..rules.model import RuleSet
from .protocol import PROTOCOL, BotFault, read_answer
from .seats import ON_FAULT, LocalSeat, RemoteSeat, Seat, SeatedHand, check_seat_options, default_action, play_seated_hand
from .fast import FastBot
from .strong import StrongBot
from .transport import QueueTransport, SubprocessTransport, Transport, TransportClosed, command_args, queue_pair

__all__ = [
    "PROTOCOL",
    "BUILTIN_BOTS",
    "BotFault",
    "LocalSeat",
    "RemoteSeat",
    "Seat",
    "SeatedHand",
    "StrongBot",
    "Transport",
    "TransportClosed",
    "SubprocessTransport",
    "QueueTransport",
    "ON_FAULT",
    "queue_pair",
    "default_action",
    "make_seat",
    "play_seated_hand",
    "read_answer",
    "is_builtin",
]

EngineBot = Callable[[Any, list[Action]], Action]


def _random(hand_seed: int, seat: str, rules: RuleSet) -> EngineBot:
    return RandomBot(f"{hand_seed}:{seat}")


def _greedy(hand_seed: int, seat: str, rules: RuleSet) -> EngineBot:
    return GreedyBot()


def _strong(hand_seed: int, seat: str, rules: RuleSet) -> EngineBot:
    return StrongBot(rules)


def _fast(hand_seed: int, seat: str, rules: RuleSet) -> EngineBot:
    return FastBot(rules)


#: The built-in bots by name: each a factory ``(hand seed, seat, rules)`` of the bot that
#: plays one hand
BUILTIN_BOTS: dict[str, Callable[[int, str, RuleSet], EngineBot]] = {
    "random": _random, "greedy": _greedy, "fast": _fast, "strong": _strong}


def is_builtin(spec: str) -> bool:
    """Whether ``spec`` names a built-in bot rather than a command or an address."""
    return spec in BUILTIN_BOTS


def make_seat(spec: str, *, time_limit: float | None = 5.0, on_fault: str = "default", max_faults: int = 20) -> Seat:
    """The seat ``spec`` names (see the module's docstring). A bot program is started, or a
    websocket listened on, only when its first hand begins. The options are those of
    :class:`~nbmj.bots.seats.RemoteSeat`, checked for every ``spec`` (a built-in bot, which
    never faults, has no use for them)."""
    check_seat_options(time_limit, on_fault, max_faults)
    factory = BUILTIN_BOTS.get(spec)
    if factory is not None:
        return LocalSeat(spec, factory)
    if spec.startswith(POLICY_PREFIX):
        return LocalSeat(spec, _policy_factory(spec[len(POLICY_PREFIX) :]))
    if spec.startswith("ws://"):
        host, _, port = spec[len("ws://") :].rstrip("/").rpartition(":")
        if not port.isdigit():
            raise _SpecError(f"a websocket seat is ws://HOST:PORT, not {spec!r}")

        def listen() -> Transport:
            from .websocket import accept_bot

            return accept_bot(host or "127.0.0.1", int(port))

        return RemoteSeat(spec, listen, time_limit=time_limit, on_fault=on_fault, max_faults=max_faults)
    if not spec.strip():
        raise _SpecError(f"a bot is a built-in name (random, greedy, fast, strong), policy:PATH or a command, not {spec!r}")
    command_args(spec)  # a command that cannot be read is said now, before any hand is dealt
    return RemoteSeat(spec, lambda: SubprocessTransport(spec), time_limit=time_limit, on_fault=on_fault, max_faults=max_faults)


class _SpecError(NbmjError, ValueError):
    pass


#: a seat spec ``policy:PATH`` seats the policy saved at PATH (:class:`nbmj.learn.PolicyBot`)
POLICY_PREFIX = "policy:"


def _policy_factory(path: str) -> Callable[[int, str, RuleSet], EngineBot]:
    """The factory of a ``policy:PATH`` seat. The policy is loaded here, once, so that a
    missing file or a missing extra is said before any hand is dealt."""
    try:
        import torch

        from ..learn import PolicyBot, load_policy
    except ImportError as exc:
        raise _SpecError(f"a policy seat needs the learn extra (pip install 'nbmj[learn]'): {exc}") from exc
    torch.set_num_threads(1)  # a seat makes one small decision at a time: threads only cost
    policy = load_policy(path)
    bots: dict[str, PolicyBot] = {}

    def policy_bot(hand_seed: int, seat: str, rules: RuleSet) -> EngineBot:
        bot = bots.get(rules.digest)
        if bot is None:
            bot = bots[rules.digest] = PolicyBot(policy, rules)
        return bot

    return policy_bot

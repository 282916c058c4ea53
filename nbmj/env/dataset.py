"""Training data from event logs: every logged decision as ``(observation, action mask,
action, return)`` rows, encoded by the environments' own encoder.

A log (``nbmj simulate --logs``, ``nbmj arena --logs``, the web table's logs: one hand per
file) is re-run through the engine (:func:`nbmj.engine.game.logged_choices`, which checks every
event); before each action of a chosen seat the seat's feature planes and action mask are
encoded exactly as an env whose learner sits there would return them, and the action is
turned into its index of the action space (``nbmj.env.layout``). Each row's return is what the seat earned
by the hand, under the same reward options as the envs (points times ``reward_scale``, or
``"normalized"``). Rows stream to disk: the memory used does not grow with the logs.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
import zipfile
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

import numpy as np

from .._numbers import finite_real
from .._paths import is_dir, is_file, missing_directory
from ..engine.actions import Action
from ..engine.game import logged_choices
from ..errors import NbmjError
from ..rules.model import SEATS, RuleSet
from . import encoding
from . import layout as L
from .table import REWARDS, hand_rewards

__all__ = ["Decision", "DatasetError", "DatasetSummary", "FIELDS", "log_decisions", "log_paths", "write_dataset", "chosen_seats"]

#: the arrays of a dataset file: name -> (dtype, shape of one row)
FIELDS: dict[str, tuple[np.dtype[Any], tuple[int, ...]]] = {
    "observation": (np.dtype(np.uint8), L.OBS_SHAPE),
    "action_mask": (np.dtype(np.int8), (L.ACTION_SIZE,)),
    "action": (np.dtype(np.int16), ()),
    "return": (np.dtype(np.float32), ()),
    "seat": (np.dtype(np.int8), ()),  # the table position 0-3 (E S W N) that decided
    "hand": (np.dtype(np.int32), ()),  # which log (0, 1, ... in the order read) the row is of
}


class DatasetError(NbmjError, ValueError):
    """A log that cannot be turned into rows, or a bad argument of the dataset tool."""


@dataclass(frozen=True)
class Decision:
    """One logged decision: the seat's planes and mask before it acted, the action's index,
    and what the seat earned by the hand (under the chosen reward)."""

    observation: np.ndarray
    action_mask: np.ndarray
    action: int
    seat: int
    ret: float


@dataclass(frozen=True)
class DatasetSummary:
    """What :func:`write_dataset` wrote."""

    path: Path
    rows: int
    hands: int


def chosen_seats(seats: str | Iterable[str] | None) -> tuple[int, ...]:
    """Table positions from seat letters (``"E"``, ``"ES"``, ``["E", "W"]``); None is all four."""
    if seats is None:
        return (0, 1, 2, 3)
    try:
        letters = list(seats)
    except TypeError:  # no sequence of letters at all (True, 5): refused as below
        letters = []
    if not letters or any(s not in SEATS for s in letters) or len(set(letters)) != len(letters):
        raise DatasetError(f"seats are some of E S W N, each once, not {seats!r}")
    return tuple(sorted(SEATS.index(s) for s in letters))


def _check_scale(reward: str, reward_scale: object) -> float:
    if reward not in REWARDS:
        raise DatasetError(f"unknown reward {reward!r}; known: {', '.join(REWARDS)}")
    scale = finite_real(reward_scale, above_zero=True)
    if scale is None:
        raise DatasetError(f"reward_scale is a finite number above 0, not {reward_scale!r}")
    return scale


def log_decisions(
    log: str | Iterable[str],
    *,
    seats: str | Iterable[str] | None = None,
    reward: str = "points",
    reward_scale: float = 1.0,
    rules: RuleSet | None = None,
) -> Iterator[Decision]:
    """The decisions of ``seats`` (seat letters; None: all four) in one logged hand, in the
    order they were made. ``rules`` replays a log of a variant read from a file (as ``nbmj
    replay --variant-file``). A log that does not replay raises
    :class:`~nbmj.errors.ReplayError` (the line it stopped at named); a log cut short, with
    no result, raises :class:`DatasetError`: its rows would have no return."""
    positions = chosen_seats(seats)
    scale = _check_scale(reward, reward_scale)
    taken: list[tuple[np.ndarray, np.ndarray, int, int]] = []
    encoder = None
    game = None
    for game, action in logged_choices(log, rules):
        if encoder is None:
            encoder = encoding.game_encoder(encoding.encoder_rules(game.rules))
        p = SEATS.index(action["seat"])
        if p in positions:
            planes = np.zeros(L.OBS_SHAPE, dtype=np.uint8)
            mask = np.zeros(L.ACTION_SIZE, dtype=np.int8)
            encoder.observe(game, p, planes, mask, 0)
            taken.append((planes, mask, p, encoding.action_index(Action.from_json(action))))
    if game is None or game.result is None:
        raise DatasetError("the log ends before the hand does: its decisions have no return")
    for planes, mask, p, index in taken:
        if not mask[index]:  # (the engine took every action, so a mask without one is the encoder's fault)
            raise DatasetError(f"a logged action of {SEATS[p]!r} (index {index}) is outside its encoded mask")
    returns = hand_rewards(game.result.deltas, reward == "normalized", scale)
    for planes, mask, p, index in taken:
        yield Decision(planes, mask, index, p, returns[p])


def log_paths(paths: Iterable[str | os.PathLike[str]]) -> list[Path]:
    """The log files named by ``paths``: a file as it is, a directory's ``*.log`` files in
    name order. A path that does not exist, or a directory with no log, raises."""
    found: list[Path] = []
    for given in paths:
        path = Path(given)
        if is_dir(path):
            logs = sorted(p for p in path.iterdir() if p.suffix == ".log" and p.is_file())
            if not logs:
                raise DatasetError(f"no .log file in directory {str(given)!r}")
            found.extend(logs)
        elif is_file(path):
            found.append(path)
        else:
            raise DatasetError(f"no such log file or directory: {str(given)!r}")
    return found


class _Columns:
    """Rows appended to one raw file per field, in a private directory: the arrays are put
    together only when the dataset is written."""

    def __init__(self, directory: str) -> None:
        self.files: dict[str, IO[bytes]] = {name: open(os.path.join(directory, name), "wb") for name in FIELDS}
        self.rows = 0

    def append(self, d: Decision, hand: int) -> None:
        f = self.files
        f["observation"].write(d.observation.tobytes())
        f["action_mask"].write(d.action_mask.tobytes())
        f["action"].write(np.int16(d.action).tobytes())
        f["return"].write(np.float32(d.ret).tobytes())
        f["seat"].write(np.int8(d.seat).tobytes())
        f["hand"].write(np.int32(hand).tobytes())
        self.rows += 1

    def close(self) -> None:
        for f in self.files.values():
            f.close()


def write_dataset(
    paths: Iterable[str | os.PathLike[str]],
    out: str | os.PathLike[str],
    *,
    seats: str | Iterable[str] | None = None,
    reward: str = "points",
    reward_scale: float = 1.0,
    rules: RuleSet | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> DatasetSummary:
    """Write the decisions of every log in ``paths`` (files, or directories of ``*.log``) to
    ``out``, a NumPy ``.npz`` file with the arrays of :data:`FIELDS` (``np.load(out)``).

    Rows stream through files beside ``out`` and are joined at the end, so memory stays
    flat. ``progress(done, total)`` is called after each log. Nothing is left at ``out``
    when a log fails: the error names the file and the line. The logs are of one variant's
    rules (their headers' ``rules_digest``): a log of other rules is refused."""
    files = log_paths(paths)
    target = Path(out)
    if target.suffix != ".npz":
        raise DatasetError(f"the dataset is written as a .npz file, not {str(out)!r}")
    chosen_seats(seats)
    _check_scale(reward, reward_scale)
    missing = missing_directory(target)
    if missing is not None:
        raise DatasetError(missing)
    work = tempfile.mkdtemp(prefix=".nbmj-dataset-", dir=target.parent)
    try:
        columns = _Columns(work)
        first: tuple[str, str] | None = None  # the first log's variant and rules digest
        try:
            for n, path in enumerate(files):
                try:
                    text = path.read_text(encoding="utf-8")
                    for decision in log_decisions(text, seats=seats, reward=reward, reward_scale=reward_scale, rules=rules):
                        columns.append(decision, n)
                    rules_of_log = _log_rules(text)
                except (NbmjError, OSError, UnicodeDecodeError) as exc:
                    raise DatasetError(f"{str(path)!r}: {exc}") from exc
                if first is None:
                    first = rules_of_log
                elif rules_of_log[1] != first[1]:
                    raise DatasetError(f"{str(path)!r}: a hand of {rules_of_log[0]!r} under other rules than the earlier "
                                       f"logs' ({first[0]!r}): a dataset holds the hands of one variant")
                if progress is not None:
                    progress(n + 1, len(files))
        finally:
            columns.close()
        partial = target.with_name(target.name + ".partial")
        _join(work, columns.rows, partial)
        os.replace(partial, target)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return DatasetSummary(target, columns.rows, len(files))


def _log_rules(text: str) -> tuple[str, str]:
    """The variant name and rules digest a log's header names (once the log has replayed,
    so its header is known to be good)."""
    header = json.loads(text.split("\n", 1)[0])
    return str(header["variant"]), str(header["rules_digest"])


def _join(work: str, rows: int, out: Path) -> None:
    """The raw columns in ``work`` as the ``.npy`` members of the ``.npz`` file ``out``,
    copied through in blocks (NumPy's own header, so ``np.load`` reads them as arrays)."""
    try:
        with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_STORED, allowZip64=True) as archive:
            for name, (dtype, shape) in FIELDS.items():
                with archive.open(f"{name}.npy", "w", force_zip64=True) as member, open(os.path.join(work, name), "rb") as raw:
                    header = {"descr": np.lib.format.dtype_to_descr(dtype), "fortran_order": False, "shape": (rows, *shape)}
                    np.lib.format.write_array_header_2_0(member, header)
                    shutil.copyfileobj(raw, member, 1 << 20)
    except BaseException:
        out.unlink(missing_ok=True)
        raise

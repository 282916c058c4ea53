"""Many hands at once: ``simulate``, the bot ``arena``, and the variant lab (``compare``,
``diff``), on this process, a pool of worker processes, or Ray (:mod:`nbmj.arena.backends`).

The command line (``nbmj simulate``, ``arena``, ``compare``, ``diff``) wraps these functions;
each returns the JSON object its command prints with ``--json``, and a Ctrl-C raises
:class:`Interrupted` with that object for the hands played before it.
"""

from .arena import ArenaTask, ArenaTally, run_arena
from .backends import BACKENDS, BackendError, Interrupted, WorkerDiedError, check_workers, run_task
from .simulation import SimulateTask, SimulationStats, game_seed, simulate, simulate_records

__all__ = [
    "BACKENDS",
    "BackendError",
    "Interrupted",
    "WorkerDiedError",
    "ArenaTask",
    "ArenaTally",
    "SimulateTask",
    "SimulationStats",
    "check_workers",
    "game_seed",
    "run_arena",
    "run_task",
    "simulate",
    "simulate_records",
]

"""``nbmj dataset``: logged hands as training data (NumPy arrays) for the RL envs' policies."""

from __future__ import annotations

import click

from ._output import emit_json


@click.command("dataset")
@click.argument("logs", nargs=-1, required=True, type=click.Path())
@click.option("-o", "--output", "output", required=True, type=click.Path(dir_okay=False), help="The .npz file to write.")
@click.option("--seats", default="ESWN", show_default=True, help="The seats whose decisions are kept (letters of E S W N).")
@click.option("--reward", type=click.Choice(["points", "normalized"]), default="points", show_default=True,
              help="Each row's return: the seat's points for the hand, or the points over the hand's largest.")
@click.option("--reward-scale", type=float, default=1.0, show_default=True, help="A factor of the returns, as the envs' reward_scale.")
@click.option("--variant", "variant", default=None, metavar="NAME|FILE",
              help="The variant of the logs when it is not a shipped one (a .nbv file or a name on the variant path).")
@click.option("--json", "as_json", is_flag=True, help="Print what was written as JSON.")
def dataset(logs: tuple[str, ...], output: str, seats: str, reward: str, reward_scale: float, variant: str | None, as_json: bool) -> None:
    """Turn LOGS (nbmj-log/1 files, or directories of *.log files, one hand each) into training
    data: every decision of the chosen seats as the feature planes and action mask the RL envs
    give that seat, the action's index, and the seat's return for the hand.

    The arrays (observation, action_mask, action, return, seat, hand) go to one .npz file
    (numpy.load reads it); rows stream to disk, so memory does not grow with the logs. Every
    log is replayed and checked first, as nbmj replay does.
    """
    from ..env.dataset import chosen_seats, log_paths, write_dataset
    from ..rules import load_variant
    from .arena import progress_bar, stop_cleanly

    chosen_seats(seats)  # (refused before any log is read)
    files = log_paths(logs)
    rules = load_variant(variant) if variant is not None else None
    with stop_cleanly(), progress_bar("logs", len(files)) as advance:
        summary = write_dataset(files, output, seats=seats, reward=reward, reward_scale=reward_scale, rules=rules,
                                progress=lambda done, total: advance(1))
    if as_json:
        emit_json({"path": str(summary.path), "rows": summary.rows, "hands": summary.hands})
        return
    click.echo(f"{summary.rows} decisions of {summary.hands} hands written to {summary.path}")

"""Behaviour cloning: the policy (and its value head) trained on a dataset of logged
decisions (``nbmj dataset``), before any reinforcement learning."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np
import torch
from sb3_contrib import MaskablePPO
from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy

from ..env.dataset import DatasetError

__all__ = ["behaviour_clone", "CloneReport"]


@dataclass
class CloneReport:
    """What :func:`behaviour_clone` did: the rows trained on and held out, and per epoch the
    mean policy loss (negative log-likelihood of the logged actions), the mean value loss,
    and the share of held-out rows whose logged action is the policy's most likely one."""

    rows: int
    held_out: int
    policy_loss: list[float] = field(default_factory=list)
    value_loss: list[float] = field(default_factory=list)
    agreement: list[float] = field(default_factory=list)


def behaviour_clone(
    model: MaskablePPO,
    dataset: str | os.PathLike[str],
    *,
    epochs: int = 2,
    batch_size: int = 512,
    learning_rate: float = 1e-3,
    value_weight: float = 0.5,
    held_out: float = 0.05,
    seed: int = 0,
    progress: Callable[[int, int, float], None] | None = None,
) -> CloneReport:
    """Train ``model``'s policy to take the logged actions of ``dataset`` (a ``.npz`` file of
    :data:`nbmj.env.dataset.FIELDS`) and its value head to predict their returns.

    Rows with one legal action teach nothing and are left out. The rows of a share
    ``held_out`` of the hands (drawn from ``seed``) are kept apart to measure agreement: a
    hand's decisions are alike, so rows of one hand never fall on both sides. Each epoch
    visits the other rows once in a random order; ``progress(epoch, batch, loss)`` is
    called every 100 batches. The loss is ``nll + value_weight * mse``, minimised by Adam."""
    try:
        with np.load(dataset) as data:
            masks = data["action_mask"]
            chosen = masks.sum(axis=1) > 1
            observations = data["observation"][chosen]
            masks = masks[chosen].astype(bool)
            actions = data["action"][chosen].astype(np.int64)
            returns = data["return"][chosen].astype(np.float32)
            hands = data["hand"][chosen]
    except (OSError, KeyError, ValueError) as exc:
        raise DatasetError(f"{str(dataset)!r} is not a dataset of nbmj dataset: {exc}") from exc
    if not 0 <= held_out < 1:
        raise DatasetError(f"held_out is a share of the hands, at least 0 and below 1, not {held_out!r}")
    if len(actions) == 0:
        raise DatasetError(f"{str(dataset)!r} has no decision with more than one legal action")
    generator = np.random.default_rng(seed)
    distinct = np.unique(hands)
    kept_apart = generator.permutation(distinct)[: int(round(held_out * len(distinct)))]
    apart = np.isin(hands, kept_apart)
    train, check = np.flatnonzero(~apart), np.flatnonzero(apart)
    if len(train) == 0:
        raise DatasetError(f"held_out={held_out!r} leaves no hand of {str(dataset)!r} to train on")
    report = CloneReport(len(train), len(check))
    policy = model.policy
    optimizer = torch.optim.Adam(policy.parameters(), lr=learning_rate)
    for epoch in range(epochs):
        policy.set_training_mode(True)
        sums = np.zeros(2)
        order = generator.permutation(train)
        for b, start in enumerate(range(0, len(order), batch_size)):
            batch = order[start : start + batch_size]
            values, log_prob, _entropy = policy.evaluate_actions(
                torch.as_tensor(observations[batch]), torch.as_tensor(actions[batch]), action_masks=masks[batch])
            policy_loss = -log_prob.mean()
            value_loss = torch.nn.functional.mse_loss(values.flatten(), torch.as_tensor(returns[batch]))
            loss = policy_loss + value_weight * value_loss
            optimizer.zero_grad()
            loss.backward()  # type: ignore[no-untyped-call]  # (torch leaves Tensor.backward untyped)
            optimizer.step()
            sums += (policy_loss.item() * len(batch), value_loss.item() * len(batch))
            if progress is not None and b % 100 == 0:
                progress(epoch, b, loss.item())
        report.policy_loss.append(sums[0] / len(train))
        report.value_loss.append(sums[1] / len(train))
        report.agreement.append(_agreement(policy, observations[check], masks[check], actions[check], batch_size))
    policy.set_training_mode(False)
    return report


def _agreement(policy: MaskableActorCriticPolicy, observations: np.ndarray, masks: np.ndarray, actions: np.ndarray, batch_size: int) -> float:
    """The share of rows whose action is the policy's most likely one (NaN for no rows)."""
    if len(actions) == 0:
        return float("nan")
    policy.set_training_mode(False)
    same = 0
    with torch.no_grad():
        for start in range(0, len(actions), batch_size):
            part = slice(start, start + batch_size)
            best = policy.get_distribution(torch.as_tensor(observations[part]), action_masks=masks[part]).get_actions(deterministic=True)
            same += int((best.numpy() == actions[part]).sum())
    return same / len(actions)

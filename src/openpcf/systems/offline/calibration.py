"""Calibrated probabilities for the offline solvers: a small logistic model over evidence features.

For mapping the model gives P(the chosen activity is correct | evidence); for triage it gives
P(should_map | evidence), and the decision is ``P ≥ 0.5`` with confidence ``max(P, 1 − P)``.
Models are fitted on the PCFBench dev split only, by ``scripts/fit_offline_calibration.py``
(L2-regularised logistic regression on standardised features — Platt scaling generalised to a few
features), and stored with how they were fitted and their cross-validated ECE in
``src/openpcf/data/offline/calibration_<task>.json``. Without a fitted file the model is a neutral
prior (confidence 0.5) and says so in its ``fitted`` field.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
from pydantic import BaseModel, Field

from openpcf.paths import package_data


class Calibrator(BaseModel):
    """``P = σ(bias + Σ wᵢ · (xᵢ − meanᵢ) / scaleᵢ)`` over named evidence features."""

    task: str
    features: list[str]
    weights: list[float]
    bias: float = 0.0
    mean: list[float] = Field(default_factory=list)
    scale: list[float] = Field(default_factory=list)
    fitted: str = "not fitted: neutral prior"
    report: dict[str, Any] = Field(default_factory=dict)

    def probability(self, features: Mapping[str, float]) -> float:
        """P(positive) for one item's features (missing features count as the training mean)."""
        z = self.bias
        for i, name in enumerate(self.features):
            mean = self.mean[i] if self.mean else 0.0
            scale = self.scale[i] if self.scale else 1.0
            x = float(features.get(name, mean))
            z += self.weights[i] * (x - mean) / (scale or 1.0)
        return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, z))))

    def confidence(self, features: Mapping[str, float]) -> float:
        """Mapping: P(correct). Use :meth:`probability` for a binary decision."""
        return self.probability(features)


def neutral(task: str, features: Sequence[str] = ()) -> Calibrator:
    return Calibrator(task=task, features=list(features), weights=[0.0] * len(features))


def calibration_path(task: str) -> Path:
    return package_data("offline", f"calibration_{task}.json")


def load_calibration(task: str, path: str | Path | None = None) -> Calibrator:
    """The fitted calibrator of a task (package data), or a neutral prior when none is shipped."""
    p = Path(path) if path else calibration_path(task)
    if not p.is_file():
        return neutral(task)
    return Calibrator.model_validate(json.loads(p.read_text(encoding="utf-8")))


# ---------------------------------------------------------------- fitting (pure numpy)


def fit_logistic(
    x: np.ndarray, y: np.ndarray, *, l2: float = 1.0, iterations: int = 50
) -> tuple[np.ndarray, float]:
    """L2-regularised logistic regression by Newton's method on standardised ``x`` (n × d).

    Returns (weights, bias). The bias is not penalised. ``l2`` is the ridge strength per feature.
    """
    n, d = x.shape
    design = np.hstack([np.ones((n, 1)), x])
    beta = np.zeros(d + 1)
    penalty = np.diag([0.0] + [l2] * d)
    for _ in range(iterations):
        p = 1.0 / (1.0 + np.exp(-np.clip(design @ beta, -50, 50)))
        gradient = design.T @ (p - y) + penalty @ beta
        hessian = design.T @ (design * (p * (1 - p))[:, None]) + penalty + 1e-9 * np.eye(d + 1)
        step = np.linalg.solve(hessian, gradient)
        beta -= step
        if float(np.abs(step).max()) < 1e-8:
            break
    return beta[1:], float(beta[0])


def fit_calibrator(
    task: str,
    rows: Sequence[Mapping[str, float]],
    labels: Sequence[bool],
    features: Sequence[str],
    *,
    l2: float = 1.0,
    fitted: str = "",
) -> Calibrator:
    """Fit a :class:`Calibrator` on feature dicts and binary labels."""
    x = np.array([[float(r[f]) for f in features] for r in rows], dtype=float)
    y = np.array([1.0 if v else 0.0 for v in labels])
    mean = x.mean(axis=0)
    scale = x.std(axis=0)
    scale[scale == 0] = 1.0
    weights, bias = fit_logistic((x - mean) / scale, y, l2=l2)
    return Calibrator(
        task=task,
        features=list(features),
        # rounded so that a refit writes the same bytes whatever the last bits of the linear algebra
        weights=[round(float(w), 6) for w in weights],
        bias=round(bias, 6),
        mean=[round(float(m), 6) for m in mean],
        scale=[round(float(s), 6) for s in scale],
        fitted=fitted or f"L2 logistic regression (l2={l2}) on {len(y)} items",
    )


def cross_validated_probabilities(
    task: str,
    rows: Sequence[Mapping[str, float]],
    labels: Sequence[bool],
    features: Sequence[str],
    *,
    folds: int = 5,
    l2: float = 1.0,
    seed: int = 0,
) -> list[float]:
    """Out-of-fold P(positive) for every item: each item is predicted by a model that never saw it."""
    n = len(rows)
    order = np.random.default_rng(seed).permutation(n)
    out = [0.0] * n
    for k in range(folds):
        test = set(order[k::folds].tolist())
        train = [i for i in range(n) if i not in test]
        model = fit_calibrator(task, [rows[i] for i in train], [labels[i] for i in train], features, l2=l2)
        for i in test:
            out[i] = model.probability(rows[i])
    return out

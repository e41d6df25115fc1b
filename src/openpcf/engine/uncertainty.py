"""Seeded Monte Carlo over rates and factors.

Every contributing line ``c_i = q_i · EF_i`` is drawn as ``c_i · exp(σ_q Z_q) · exp(σ_f Z_f)`` with
independent standard normals, ``σ = ln(GSD)``: lognormal, median at the deterministic value. The rate's
GSD comes from its origin (:data:`RATE_SPREAD`), the factor's from its quality and how it was matched
(:mod:`openpcf.engine.activity_mapping`). Same seed, same trace → same numbers.
"""

from __future__ import annotations

import math

import numpy as np

from openpcf.engine.aggregation import line_kgco2e
from openpcf.engine.trace import Trace, Uncertainty, VarianceContributor

#: Default geometric standard deviation of a rate by its origin (documented in docs/estimate.md).
RATE_SPREAD: dict[str, float] = {"user": 1.1, "composition": 1.05, "model": 1.6, "default": 2.0}
DEFAULT_RUNS = 2000


def monte_carlo(trace: Trace, *, runs: int = DEFAULT_RUNS, seed: int = 0, top: int = 5) -> Uncertainty | None:
    """Median, 95% interval and the lines contributing most to the variance of the total (kg CO2e per
    declared unit). None when no line contributes."""
    lines = [(x, line_kgco2e(x)) for x in trace.all_lines()]
    lines = [(x, c) for x, c in lines if c is not None and c != 0.0]
    if not lines:
        return None
    rng = np.random.default_rng(seed)
    n = max(int(runs), 10)
    samples = np.empty((len(lines), n))
    for i, (line, c) in enumerate(lines):
        sigma_q = math.log(max(line.rate.spread, 1.0))
        sigma_f = math.log(max(line.factor.spread if line.factor else 1.0, 1.0))
        sigma = math.sqrt(sigma_q**2 + sigma_f**2)
        samples[i] = c * np.exp(sigma * rng.standard_normal(n))
    total = samples.sum(axis=0)
    variances = samples.var(axis=1)
    var_sum = float(variances.sum()) or 1.0
    order = np.argsort(-variances)[:top]
    contributors = [
        VarianceContributor(input_id=lines[i][0].id, name=lines[i][0].name, share=round(float(variances[i] / var_sum), 4))
        for i in order
    ]
    return Uncertainty(
        runs=n,
        seed=seed,
        median=float(np.median(total)),
        p2_5=float(np.percentile(total, 2.5)),
        p97_5=float(np.percentile(total, 97.5)),
        mean=float(total.mean()),
        contributors=contributors,
    )

"""Seeded Monte Carlo over rates and factors.

Every contributing line ``c_i = q_i · EF_i`` (kg CO2e per declared unit) is drawn as
``c_i · exp(σ_f Z_f − σ_f²/2) · exp(σ_q Z_q − σ_q²/2)`` with standard normals, ``σ = ln(GSD)``: lognormal
with its **mean** at the deterministic value, so that the deterministic total (the headline) is the expected
value of the Monte Carlo total and lies inside its interval however many lines there are. The median is
lower than the deterministic total because each lognormal is right-skewed (for one line, median =
``c · exp(−σ²/2)``). With the median at each line's value instead, a 10,000-line BOM summed 10,000 upward-
skewed draws and its median climbed ~20% above the deterministic total, outside its own 95% interval.

Lines that use the same emission factor share its draw ``Z_f`` (the factor's error is one error, not one per
line); each line's rate draw ``Z_q`` is its own. The rate's GSD comes from its origin (:data:`RATE_SPREAD`),
the factor's from its quality and how it was matched (:mod:`openpcf.engine.activity_mapping`). Draws are
summed in blocks of lines (vectorised, bounded memory). Same seed, same trace → same numbers.
"""

from __future__ import annotations

import numpy as np

from openpcf.engine.aggregation import line_kgco2e
from openpcf.engine.trace import Trace, Uncertainty, VarianceContributor

#: Default geometric standard deviation of a rate by its origin (documented in docs/estimate.md).
RATE_SPREAD: dict[str, float] = {"user": 1.1, "composition": 1.05, "model": 1.6, "default": 2.0}
DEFAULT_RUNS = 2000
#: Lines drawn per block (bounds memory to a few × BLOCK × runs floats).
BLOCK = 512

#: Why the headline, the median and the interval are three different numbers (shown with them).
INTERVAL_NOTE = ("the total is the sum of the lines, each line's expected value; the Monte Carlo median is "
                 "lower because the lognormal spreads are right-skewed")


def monte_carlo(trace: Trace, *, runs: int = DEFAULT_RUNS, seed: int = 0, top: int = 5) -> Uncertainty | None:
    """Median, 95% interval and the lines contributing most to the variance of the total (kg CO2e per
    declared unit). None when no line contributes.

    A line's variance share is its lognormal variance ``c²(exp(σ_f² + σ_q²) − 1)`` over the sum of them.
    """
    lines = [(x, c) for x in trace.all_lines() if (c := line_kgco2e(x)) is not None and c != 0.0]
    if not lines:
        return None
    n = max(int(runs), 10)
    c = np.array([v for _, v in lines], dtype=float)
    sigma_q = np.log(np.maximum([x.rate.spread for x, _ in lines], 1.0))
    sigma_f = np.log(np.maximum([x.factor.spread if x.factor else 1.0 for x, _ in lines], 1.0))
    _, factor_index = np.unique([x.factor.id if x.factor else f"line:{x.id}" for x, _ in lines], return_inverse=True)
    rng = np.random.default_rng(seed)
    z_factor = rng.standard_normal((int(factor_index.max()) + 1, n))
    total = np.zeros(n)
    with np.errstate(over="ignore", invalid="ignore"):  # overflow is reported by finite_results, not numpy
        for start in range(0, len(lines), BLOCK):
            block = slice(start, start + BLOCK)
            sf, sq = sigma_f[block, None], sigma_q[block, None]
            z_rate = rng.standard_normal((sq.shape[0], n))
            # c · exp(σ_f Z_f − σ_f²/2 + σ_q Z_q − σ_q²/2), evaluated left to right in two buffers (no temporaries)
            draw = z_factor[factor_index[block]]
            draw *= sf
            draw -= sf**2 / 2
            z_rate *= sq
            draw += z_rate
            draw -= sq**2 / 2
            np.exp(draw, out=draw)
            draw *= c[block, None]
            total += draw.sum(axis=0)
        scale = float(np.abs(c).max()) or 1.0  # shares are scale-free; scaling keeps c² finite for huge totals
        variances = (c / scale) ** 2 * np.expm1(sigma_f**2 + sigma_q**2)
    var_sum = float(variances.sum()) or 1.0
    order = np.argsort(-variances, kind="stable")[:top]
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

"""Every number in a trace is a finite float: overflow is an error, never ``inf`` in a result.

``steel: 1e308 kg`` is a finite amount, but 1e308 kg × 2.85 kg CO2e/kg is not: without this check the total
became ``inf``, the command exited 0 and ``--json`` wrote the non-standard token ``Infinity``.
"""

from __future__ import annotations

import math

from openpcf.engine.trace import Trace


class NonFiniteResultError(ValueError):
    """A line, the total or the Monte Carlo overflowed (or became NaN); the message names what."""


def _bad(x: float | None) -> bool:
    return x is not None and not math.isfinite(x)


def require_finite(trace: Trace) -> Trace:
    """Return ``trace`` when every rate, contribution and headline number is finite, else raise
    :class:`NonFiniteResultError` naming the first line (or result field) that is not."""
    for line in trace.all_lines():
        if _bad(line.rate.value) or _bad(line.kgco2e):
            unit = f" {line.rate.unit}" if line.rate.unit else ""
            factor = f" × {line.factor.value:g} kg CO2e/{line.factor.unit}" if line.factor else ""
            raise NonFiniteResultError(
                f"input {line.name!r} ({line.id}): {line.rate.value:g}{unit}{factor} is not a finite number "
                "(overflow); check the amount and its unit"
            )
    r = trace.result
    if r is not None:
        for field in ("kgco2e", "materials_kgco2e", "energy_kgco2e", "median", "p2_5", "p97_5", "mass_balance"):
            if _bad(getattr(r, field)):
                raise NonFiniteResultError(f"the {field.replace('_', ' ')} of the estimate is not a finite number "
                                           "(overflow); check the amounts and their units")
    u = trace.uncertainty
    if u is not None and any(_bad(x) for x in (u.median, u.p2_5, u.p97_5, u.mean)):
        raise NonFiniteResultError("the Monte Carlo of the estimate overflowed (amounts too large to sample); "
                                   "check the amounts and their units")
    return trace

"""The compositional output of the PCFBench predictions format, built from a trace.

``{"kgco2e": float, "breakdown": [{"name", "kind", "rate", "unit", "rate_kg_per_kg"?, "factor_id",
"kgco2e"}]}`` — one breakdown row per contributing line (material leaves, then energy lines).
"""

from __future__ import annotations

from typing import Any

from openpcf.engine.aggregation import declared_mass_kg, line_kgco2e, mass_kg_per_kg, total_kgco2e
from openpcf.engine.trace import Trace


def compositional_output(trace: Trace) -> dict[str, Any]:
    """The ``compositional`` task output of a trace (kg CO2e per declared unit and its breakdown)."""
    mass = declared_mass_kg(trace)
    rows: list[dict[str, Any]] = []
    for line in trace.all_lines():
        row: dict[str, Any] = {
            "name": line.name,
            "kind": line.kind,
            "rate": line.rate.value,
            "unit": line.rate.unit,
        }
        if line.kind == "material":
            kg = mass_kg_per_kg(line, mass)
            if kg is not None:
                row["rate_kg_per_kg"] = kg
        row["factor_id"] = line.factor.id if line.factor else None
        row["kgco2e"] = line_kgco2e(line)
        rows.append(row)
    return {"kgco2e": total_kgco2e(trace), "breakdown": rows}


def estimate_json(trace: Trace) -> dict[str, Any]:
    """What ``openpcf estimate --json`` writes: the compositional output (top-level ``kgco2e`` per declared
    unit and the breakdown) plus the 95% interval, region, GWP bases, checks and completeness."""
    res = trace.result
    out = compositional_output(trace)
    gwp = sorted({x.factor.gwp for x in trace.all_lines() if x.factor is not None and x.factor.gwp})
    out.update({
        "declared_unit": trace.product.declared_unit.label(),
        "interval_95": [res.p2_5, res.p97_5] if res is not None and res.p2_5 is not None else None,
        "median": res.median if res is not None else None,
        "region": trace.product.region,
        "gwp_basis": gwp,
        "complete": res.complete if res is not None else False,
        "coverage": {
            "mass_with_factor": None if res is None or res.mass_share_without_factor is None
            else 1.0 - res.mass_share_without_factor,
            "mass_with_own_factor": res.mass_share_with_factor if res is not None else None,
            "emissions_with_own_factor": res.emissions_share_own_factor if res is not None else None,
        },
        "checks": [{"code": c.code, "severity": c.severity, "passed": c.passed, "message": c.message}
                   for c in trace.checks],
        "recycled_content_rule": trace.settings.get("recycled_content_rule"),
    })
    return out

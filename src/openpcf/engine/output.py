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

"""The breakdown of a compositional prediction and its structural invariants (mass balance, ghosts, depth).

Expected schema — ``output.breakdown`` (or, when absent, ``trace.breakdown``) is a list of rows::

    {"name": "glass cullet",            # as given by the system
     "kind": "material" | "energy" | …, # default: material, or energy when the unit is energy per mass;
                                        # only "material" rows enter the mass balance
     "rate_kg_per_kg": 0.35,            # material rate in kg per kg of product, or instead:
     "rate": 35, "unit": "%",           # a rate with any unit convertible to kg/kg (%, g/kg, kg/t, …)
     "kgco2e": 0.12,                    # contribution, kg CO2e per declared unit (optional)
     "depth": 1}                        # recursion depth of this leaf (optional; also trace.depth)

Per-stage success, when reported, is read from ``trace.stages``: ``{stage name: bool}`` (or
``{stage: {"ok": bool}}``).

A dict breakdown is accepted as ``{"items": [...]}`` / ``{"components": [...]}`` or ``{name: row}``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

_ENERGY_UNITS = ("kwh", "mj", "gj", "btu", "kj", "wh", "therm")


class BreakdownRow(BaseModel):
    """One input of an assembled product carbon footprint (see the module docstring for the schema)."""

    model_config = ConfigDict(extra="allow")

    name: str | None = None
    kind: str | None = None
    rate_kg_per_kg: float | None = None
    rate: float | None = None
    unit: str | None = None
    kgco2e: float | None = None
    depth: int | None = None

    @property
    def is_material(self) -> bool:
        if self.kind is not None:
            return self.kind == "material"
        if self.rate_kg_per_kg is not None:
            return True
        unit = (self.unit or "").lower()
        return not any(unit.startswith(e) for e in _ENERGY_UNITS)

    def material_rate(self) -> float | None:
        """Rate in kg per kg of product (None when it cannot be expressed so)."""
        if self.rate_kg_per_kg is not None:
            return float(self.rate_kg_per_kg)
        if self.rate is None:
            return None
        if not self.unit:
            return None
        from openpcf import units

        try:
            return units.convert(self.rate, self.unit, "kg/kg")
        except units.UnitError:
            return None


def breakdown_rows(output: dict[str, Any] | None, trace: dict[str, Any] | None) -> list[BreakdownRow] | None:
    """The rows of a compositional prediction's breakdown; None when it has no readable breakdown."""
    raw: Any = (output or {}).get("breakdown")
    if raw is None and trace:
        raw = trace.get("breakdown")
    if raw is None:
        return None
    if isinstance(raw, dict):
        inner = raw.get("items", raw.get("components"))
        if isinstance(inner, list):
            raw = inner
        else:
            raw = [
                {"name": k, **v} if isinstance(v, dict) else {"name": k, "rate_kg_per_kg": v}
                for k, v in raw.items()
            ]
    if not isinstance(raw, list):
        return None
    rows: list[BreakdownRow] = []
    for entry in raw:
        if not isinstance(entry, dict):
            return None
        try:
            rows.append(BreakdownRow.model_validate(entry))
        except ValidationError:
            return None
    return rows


@dataclass(frozen=True)
class Structure:
    """Structural invariants of one assembled product.

    ``mass_sum`` S = Σ material rates in kg per kg of product (NaN when a material rate cannot be
    converted to kg/kg); ``mass_violation`` S < 1 or S > 3 (or S undefined); ``ghost`` at least one listed
    material has rate 0; ``depth`` the deepest recursion level reported (NaN when none).
    """

    mass_sum: float
    mass_violation: bool
    ghost: bool
    depth: float


def structure(rows: list[BreakdownRow], trace: dict[str, Any] | None = None) -> Structure:
    """Mass-fraction sum S, mass violation (S < 1 or S > 3), ghost materials and depth of a breakdown.

    Example: rates 0.6 kg/kg, 35 %, 0 g/kg and 2 kWh/kg of electricity → S = 0.95 (violation: missing
    mass), ghost = True (the 0 g/kg material).
    """
    total = 0.0
    ghost = False
    for row in rows:
        if not row.is_material:
            continue
        rate = row.material_rate()
        if rate is None or not math.isfinite(rate):
            total = math.nan
            continue
        total += rate
        ghost = ghost or rate == 0
    depths = [r.depth for r in rows if r.depth is not None]
    if trace and isinstance(trace.get("depth"), (int, float)):
        depths.append(trace["depth"])
    depth = float(max(depths)) if depths else math.nan
    # 1e-9 absorbs floating-point noise of shares normalised to 100% (Σ = 0.9999999999999999)
    violation = not math.isfinite(total) or total < 1.0 - 1e-9 or total > 3.0 + 1e-9
    return Structure(total, violation, ghost, depth)


def stages_succeeded(trace: dict[str, Any] | None) -> float:
    """1.0 when every stage reported in ``trace.stages`` succeeded, 0.0 when one failed, NaN when none."""
    stages = (trace or {}).get("stages")
    if not isinstance(stages, dict) or not stages:
        return math.nan
    oks = [v.get("ok", v.get("success")) if isinstance(v, dict) else v for v in stages.values()]
    return float(all(bool(ok) for ok in oks))

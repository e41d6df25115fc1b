"""From a trace to kg CO2e: the one place where the PCF sum is computed.

``PCF = Σ_i q_i · EF_i`` over the material leaves and the energy lines of a trace, with ``q_i`` converted
from the rate's unit into the factor's unit through :mod:`openpcf.units`. A line with no factor, or whose
rate unit cannot be converted into its factor's unit, contributes ``None`` (reported by the checks),
never a silent zero.
"""

from __future__ import annotations

from openpcf import units
from openpcf.engine.trace import InputLine, Result, Trace


def line_kgco2e(line: InputLine) -> float | None:
    """kg CO2e per declared unit of one line: rate (in its unit) × factor (kg CO2e per factor unit).

    ``None`` when the line has no factor or its rate unit does not convert into the factor unit.
    """
    if line.factor is None:
        return None
    try:
        quantity = units.convert(line.rate.value, line.rate.unit, line.factor.unit)
    except units.UnitError:
        return None
    return quantity * line.factor.value


def total_kgco2e(trace: Trace) -> float:
    """kg CO2e per declared unit: the sum of every contributing line (material leaves + energy)."""
    return sum(v for v in (line_kgco2e(x) for x in trace.all_lines()) if v is not None)


def mass_kg_per_kg(line: InputLine, declared_mass_kg: float | None) -> float | None:
    """The rate of a material line in kg per kg of product (None when it is not a mass or mass unknown)."""
    if declared_mass_kg is None or declared_mass_kg <= 0:
        return None
    try:
        return units.convert(line.rate.value, line.rate.unit, "kg") / declared_mass_kg
    except units.UnitError:
        return None


def declared_mass_kg(trace: Trace) -> float | None:
    """Mass of one declared unit of the trace's product in kg (:meth:`DeclaredUnit.unit_mass_kg`)."""
    return trace.product.declared_unit.unit_mass_kg()


def mass_balance(trace: Trace) -> float | None:
    """S = Σ leaf material rates in kg per kg of product (PCFBench's structural invariant)."""
    mass = declared_mass_kg(trace)
    values = [mass_kg_per_kg(x, mass) for x in trace.leaves() if x.kind == "material"]
    known = [v for v in values if v is not None]
    return sum(known) if known else None


def summarise(trace: Trace) -> Trace:
    """Write every line's contribution and share, and the :class:`Result`, from the trace's own numbers.

    Returns a new trace (the input is not modified). Keeps an existing uncertainty's median/interval.
    """
    out = trace.model_copy(deep=True)
    for line in out.all_lines():
        line.kgco2e = line_kgco2e(line)
    total = total_kgco2e(out)
    for line in out.all_lines():
        line.share = (line.kgco2e / total) if (line.kgco2e is not None and total) else None
    mass = declared_mass_kg(out)
    leaves = [x for x in out.leaves() if x.kind == "material"]
    # A proxy (average of the other components) is not a factor of the input's own.
    masses = [(mass_kg_per_kg(x, mass) or 0.0, x.kgco2e is not None and x.factor is not None and x.factor.match_method != "proxy")
              for x in leaves]
    total_mass = sum(m for m, _ in masses)
    covered = sum(m for m, ok in masses if ok)
    unc = out.uncertainty
    out.result = Result(
        kgco2e=total,
        declared_unit=out.product.declared_unit.label(),
        materials_kgco2e=sum(x.kgco2e or 0.0 for x in leaves),
        energy_kgco2e=sum(x.kgco2e or 0.0 for x in out.energy),
        median=unc.median if unc else None,
        p2_5=unc.p2_5 if unc else None,
        p97_5=unc.p97_5 if unc else None,
        inputs_without_factor=sum(1 for x in out.all_lines() if x.kgco2e is None and x.rate.value > 0),
        mass_share_with_factor=(covered / total_mass) if total_mass > 0 else None,
        mass_balance=mass_balance(out),
    )
    return out

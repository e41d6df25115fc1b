"""What-if levers: change a rate or the region of an existing trace, rerun, and record the edit.

``"recycled aluminium=80%"`` sets the input named *recycled aluminium* to 80% of the product (a new
input is added, mapped like any other, when no input has that name); the other product inputs are
scaled so that the shares still sum as before. ``"glass=0.3 kg"`` sets a mass per declared unit.
``region=FR`` re-resolves the energy lines at the French grid. Every change is an :class:`Edit` in the
trace, with the total before and after.

A **what-if** (:func:`what_if_rate`, :func:`what_if_region`) applies a lever to a copy of the base estimate and
returns the base estimate with a :class:`WhatIf` comparison added: the headline stays the base case, and the
scenario is shown next to it. Each what-if is compared with the base case on its own (levers do not stack).
"""

from __future__ import annotations


from openpcf.engine.activity_mapping import choose_factor, provenance
from openpcf.engine.aggregation import declared_mass_kg, total_kgco2e
from openpcf.engine.composition import CompositionError, parse_composition
from openpcf.engine.material_names import interpret
from openpcf.engine.trace import Activity, Edit, InputLine, Rate, Trace, WhatIf
from openpcf.engine.uncertainty import RATE_SPREAD
from openpcf.factors.resolver import FactorResolver
from openpcf.vocabulary.geography import parse_region


class LeverError(ValueError):
    """A lever that cannot be applied (bad syntax, unknown region, no mass for a share)."""


def _find(trace: Trace, name: str) -> InputLine | None:
    key = name.strip().lower()
    for line in trace.inputs:
        if line.name.strip().lower() == key:
            return line
    return None


def set_rate(trace: Trace, lever: str, source: FactorResolver) -> Trace:
    """Apply ``"NAME=AMOUNT"`` (share or mass per declared unit) and return the edited, re-finished trace."""
    from openpcf.engine.estimation import finish

    if "=" not in lever:
        raise LeverError(f"lever {lever!r}: expected NAME=AMOUNT, e.g. 'recycled aluminium=80%'")
    name, amount = (x.strip() for x in lever.split("=", 1))
    try:
        part = parse_composition(f"{name}: {amount}")[0]
    except CompositionError as exc:
        raise LeverError(f"lever {lever!r}: {exc}") from None
    out = trace.model_copy(deep=True)
    mass = declared_mass_kg(out)
    if part.is_share and mass is None:
        raise LeverError(f"lever {lever!r}: a share needs the mass of one declared unit")
    new_kg = part.value * mass if part.is_share else part.value  # type: ignore[operator]
    before = total_kgco2e(out)
    line = _find(out, name)
    old = line.rate.value if line else None
    if line is None:
        reading = interpret(name)
        line = InputLine(id=f"m{len(out.inputs) + 1}", name=name, role=reading.role, recycled=reading.recycled,
                         rate=Rate(value=0.0, unit="kg", origin="user", spread=RATE_SPREAD["user"]))
        activity, match = choose_factor(reading, source, geography=out.product.region)
        line.activity = activity
        line.factor = provenance(match) if match else None
        out.inputs.append(line)
    # A solution or cooked pulse split into its substance and a "water in NAME" line: the amount is the whole
    # component's, shared out as in the base estimate.
    water = _find(out, f"water in {line.name}")
    keep = 1.0
    if water is not None and water.role == "water" and old is not None and old + water.rate.value > 0:
        old = old + water.rate.value
        keep = line.rate.value / old
    if line.role not in ("packaging",):
        others = [x for x in out.leaves() if x is not line and x is not water and x.kind == "material"
                  and x.role not in ("packaging",)]
        rest_before = sum(x.rate.value for x in others)
        rest_after = rest_before + (old or 0.0) - new_kg
        if rest_before > 0 and rest_after >= 0:
            for x in others:
                x.rate = x.rate.model_copy(update={"value": x.rate.value * rest_after / rest_before})
    line.rate = line.rate.model_copy(update={"value": new_kg * keep, "origin": "user", "as_given": amount,
                                             "spread": RATE_SPREAD["user"]})
    if keep < 1.0 and water is not None:
        water.rate = water.rate.model_copy(update={"value": new_kg * (1.0 - keep), "origin": "user",
                                                   "spread": RATE_SPREAD["user"]})
    from openpcf.engine.estimation import _process_lines

    cls = str(out.settings.get("product_class", ""))
    out.energy = [x for x in out.energy if x.kind != "process"] + _process_lines(out.inputs, cls, 1)
    out = finish(out, seed=out.settings.get("seed", 0), runs=out.settings.get("runs", 2000), in_place=True)  # own deep copy
    out.edits.append(Edit(lever=lever, target=line.id, field="rate", old=old, new=new_kg,
                          kgco2e_before=before, kgco2e_after=total_kgco2e(out)))
    return out


def set_region(trace: Trace, region: str, source: FactorResolver) -> Trace:
    """Re-resolve the energy lines for ``region`` and return the edited, re-finished trace."""
    from openpcf.engine.estimation import _energy_match, default_heat_name, energy_carrier, finish
    from openpcf.engine.process_energy import process_fuel

    reg = parse_region(region)
    if reg is None:
        raise LeverError(f"region {region!r} not recognised (use an ISO code like FR or a country name)")
    out = trace.model_copy(deep=True)
    before = total_kgco2e(out)
    old = out.product.region
    fuel = process_fuel(str(out.settings.get("product_class", "")), reg.code, out.product.name, out.product.description)
    for line in out.energy:
        if line.kind != "energy":
            continue
        if line.rate.origin == "default" and line.name.startswith("process heat (") and line.name != default_heat_name(fuel):
            # the class default's heat burns the new region's kiln fuel (same MJ per kg)
            line.notes.append(f"what-if region {reg.code}: {line.name!r} → {default_heat_name(fuel)!r} (the class's "
                              "default fuel in that region)")
            line.name = default_heat_name(fuel)
        carrier = energy_carrier(line.name)
        match, note = _energy_match(source, carrier, reg)
        if match is not None:
            line.factor = provenance(match, method="energy", extra_note=note)
            # The activity must name what the factor now represents (the new region's grid).
            line.activity = Activity(query=carrier, name=match.factor.name, id=match.factor.id, score=match.score,
                                     method="energy")
    out.product.region = reg.code
    out.product.region_as_given = region
    out = finish(out, seed=out.settings.get("seed", 0), runs=out.settings.get("runs", 2000), in_place=True)  # own deep copy
    out.edits.append(Edit(lever=f"region={region}", target="region", field="region", old=old, new=reg.code,
                          kgco2e_before=before, kgco2e_after=total_kgco2e(out)))
    return out


def set_activity(trace: Trace, lever: str, source: FactorResolver) -> Trace:
    """Apply ``"NAME=ACTIVITY"``: map the input NAME to the factor found for ACTIVITY (a user's choice)."""
    from dataclasses import replace

    from openpcf.engine.estimation import finish

    if "=" not in lever:
        raise LeverError(f"activity choice {lever!r}: expected NAME=ACTIVITY, e.g. 'glass cullet=recycled glass'")
    name, query = (x.strip() for x in lever.split("=", 1))
    out = trace.model_copy(deep=True)
    line = _find(out, name)
    if line is None or line.children:
        raise LeverError(f"activity choice {lever!r}: no input named {name!r}")
    reading = replace(interpret(name), queries=(query,))
    activity, match = choose_factor(reading, source, geography=out.product.region)
    if match is None:
        raise LeverError(f"activity choice {lever!r}: no factor found for {query!r}")
    before = total_kgco2e(out)
    old = line.factor.id if line.factor else None
    line.activity = activity.model_copy(update={"method": "user"})
    line.factor = provenance(match, method="user")
    out = finish(out, seed=out.settings.get("seed", 0), runs=out.settings.get("runs", 2000), in_place=True)  # own deep copy
    out.edits.append(Edit(lever=lever, target=line.id, field="activity", old=old, new=match.factor.id,
                          kgco2e_before=before, kgco2e_after=total_kgco2e(out)))
    return out


def compared(base: Trace, scenario: Trace) -> Trace:
    """``base`` with the last edit of ``scenario`` (a lever applied to a copy of ``base``) recorded as a
    :class:`WhatIf` comparison; the base's lines and headline are unchanged."""
    if base.result is None or scenario.result is None or not scenario.edits:
        raise LeverError("a what-if needs a finished base estimate and an applied lever")
    e = scenario.edits[-1]
    u = scenario.uncertainty
    record = WhatIf(lever=e.lever, target=e.target, field=e.field, old=e.old, new=e.new,
                    base_kgco2e=base.result.kgco2e, kgco2e=scenario.result.kgco2e,
                    p2_5=u.p2_5 if u else None, p97_5=u.p97_5 if u else None, region=scenario.product.region)
    return base.model_copy(update={"what_ifs": [*base.what_ifs, record]})


def what_if_rate(base: Trace, lever: str, source: FactorResolver) -> Trace:
    """The base estimate with the what-if ``"NAME=AMOUNT"`` (see :func:`set_rate`) compared with it."""
    return compared(base, set_rate(base, lever, source))


def what_if_region(base: Trace, region: str, source: FactorResolver) -> Trace:
    """The base estimate with the what-if "made in ``region``" (see :func:`set_region`) compared with it."""
    return compared(base, set_region(base, region, source))

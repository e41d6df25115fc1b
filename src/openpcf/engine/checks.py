"""Structural checks of a trace: what a reviewer would look for before trusting a PCF.

- ``mass_balance``: S = Σ leaf material kg per kg of product; S < 1 (missing mass) or S > 3 (gross double
  counting) fails (PCFBench's mass-violation definition).
- ``ghost_input``: materials listed with a zero rate.
- ``missing_factor``: contributing lines with no factor of their own — reported and counted, never zero:
  they are either proxied (and say so) or left out of the total with an error.
- ``composite_trace_ingredient``: a composite mapped to a precious/critical metal factor.
- ``unit_mismatch``: a rate whose unit does not convert into its factor's unit.
- ``low_confidence_match``: factors found by a weak search match.
"""

from __future__ import annotations

from openpcf import units
from openpcf.engine.aggregation import MAX_MASS_WITHOUT_FACTOR, MAX_PROXY_EMISSIONS, is_proxy, mass_balance
from openpcf.engine.material_names import trace_ingredient_mismatch
from openpcf.engine.trace import Check, Trace

MASS_BALANCE_LOW = 1.0
MASS_BALANCE_HIGH = 3.0
MASS_BALANCE_TOLERANCE = 0.01  # as COMPOSITION_SUM_TOLERANCE: shares that sum to 99–101% are complete
#: A check message names at most this many lines, then "and N more" (``input_ids`` keeps every line).
LISTED_IN_MESSAGE = 10


def listed(items: list[str], limit: int = LISTED_IN_MESSAGE, sep: str = ", ") -> str:
    """``"'a', 'b', … and 4,990 more"``: a check message stays readable on a 10,000-line BOM."""
    shown = sep.join(items[:limit])
    return shown if len(items) <= limit else f"{shown} and {len(items) - limit:,} more"


def structural_checks(trace: Trace) -> list[Check]:
    """Every built-in check of a trace, in a fixed order (existing non-structural checks are not included)."""
    checks: list[Check] = []
    s = mass_balance(trace)
    if s is None:
        checks.append(Check(code="mass_balance", severity="info", passed=True,
                            message="mass balance not computed (declared unit is not a mass and no mass was given)"))
    else:
        ok = MASS_BALANCE_LOW - MASS_BALANCE_TOLERANCE <= s <= MASS_BALANCE_HIGH
        why = "" if ok else (" — mass is missing (S < 1)" if s < 1 else " — inputs are double counted (S > 3)")
        checks.append(Check(code="mass_balance", severity="info" if ok else "warning", passed=ok, value=round(s, 6),
                            message=f"S = Σ material kg per kg of product = {s:.3f}{why}"))
    ghosts = [x for x in trace.leaves() if x.kind == "material" and x.rate.value == 0]
    checks.append(Check(
        code="ghost_input", severity="warning" if ghosts else "info", passed=not ghosts,
        input_ids=[x.id for x in ghosts], value=float(len(ghosts)),
        message=("listed with a zero rate: " + listed([repr(x.name) for x in ghosts])) if ghosts else "no input has a zero rate",
    ))
    contributing = [x for x in trace.all_lines() if x.rate.value > 0]
    missing = [x for x in contributing if x.factor is None]
    proxied = [x for x in contributing if is_proxy(x)]
    if missing:
        checks.append(Check(
            code="missing_factor", severity="error", passed=False, input_ids=[x.id for x in missing],
            value=float(len(missing)),
            message=f"{len(missing)} input(s) have no factor and are NOT in the total: "
            + listed([repr(x.name) for x in missing]),
        ))
    else:
        checks.append(Check(code="missing_factor", severity="info", passed=True, value=0.0,
                            message="every contributing input has a factor"))
    if proxied:
        checks.append(Check(
            code="proxy_factor", severity="warning", passed=False, input_ids=[x.id for x in proxied],
            value=float(len(proxied)),
            message=f"{len(proxied)} input(s) without a factor of their own were given the class factor of their own "
            "material class (PROXY, wide spread): " + listed([f"{x.name!r} → {x.factor.name}" for x in proxied if x.factor]),
        ))
    res = trace.result
    if res is not None:
        missing_share = res.mass_share_without_factor or 0.0
        own = res.emissions_share_own_factor
        why = []
        if missing_share > MAX_MASS_WITHOUT_FACTOR + 1e-12:
            why.append(f"inputs without a factor are {missing_share:.1%} of the mass (> {MAX_MASS_WITHOUT_FACTOR:.0%}); "
                       "they are not in the total")
        if own is not None and 1.0 - own > MAX_PROXY_EMISSIONS:
            why.append(f"class proxies carry {1.0 - own:.0%} of the total (> {MAX_PROXY_EMISSIONS:.0%})")
        if any(x.kgco2e is None and x.rate.value > 0 for x in trace.energy):
            why.append("an energy line has no factor")
        checks.append(Check(
            code="completeness", severity="error" if not res.complete else "info", passed=res.complete,
            input_ids=[x.id for x in missing] if not res.complete else [], value=round(missing_share, 6),
            message=("INCOMPLETE: " + "; ".join(why)) if not res.complete else
            f"complete: {1 - missing_share:.1%} of the mass has a factor"
            + (f", {own:.0%} of the total from factors of the inputs' own" if own is not None else ""),
        ))
    traps = []
    seen: dict[tuple[str, str], str | None] = {}  # a large BOM repeats (name, factor) pairs
    for x in trace.leaves():
        if x.factor is not None:
            key = (x.name, x.factor.name)
            if key not in seen:
                seen[key] = trace_ingredient_mismatch(*key)
            if seen[key]:
                traps.append((x, seen[key]))
    checks.append(Check(
        code="composite_trace_ingredient", severity="warning" if traps else "info", passed=not traps,
        input_ids=[x.id for x, _ in traps],
        message=listed(list(dict.fromkeys(w for _, w in traps)), limit=3, sep="; ") if traps else "no composite mapped to a trace ingredient",
    ))
    bad_units = [x for x in trace.all_lines() if x.factor is not None and not units.is_convertible(x.rate.unit, x.factor.unit)]
    checks.append(Check(
        code="unit_mismatch", severity="error" if bad_units else "info", passed=not bad_units,
        input_ids=[x.id for x in bad_units],
        message=("rate unit does not convert to factor unit: "
                 + listed([f"{x.name!r} ({x.rate.unit} vs {x.factor.unit})" for x in bad_units if x.factor]))
        if bad_units else "every rate converts into its factor's unit",
    ))
    weak = [x for x in trace.all_lines() if x.factor is not None and x.factor.confidence == "low" and not is_proxy(x)]
    if weak:
        checks.append(Check(
            code="low_confidence_match", severity="warning", passed=False, input_ids=[x.id for x in weak],
            message="weak name match, check the activity: " + listed([f"{x.name!r} → {x.factor.name}" for x in weak if x.factor]),
        ))
    return checks

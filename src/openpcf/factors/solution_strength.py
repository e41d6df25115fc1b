"""A solution's strength written in its name: price the active substance at its share, plus water.

Bulk chemicals are sold as aqueous solutions ("hydrochloric acid 32 %", "caustic soda 50 % solution",
"hydrogen peroxide 35 %") while open factors are usually per kg of the **100 % substance** (USLCI "without
water", the openpcf recipes "100 % basis", "anhydrous"). One kg of a solution of mass share ``s`` holds ``s`` kg
of the substance and ``1 − s`` kg of water, so

    factor per kg of solution = (factor per kg of substance) × s + (water factor) × (1 − s)

A factor already stated per kg of a solution of share ``s_f`` ("25 % NH3, per kg of solution") is first
brought to the substance: value ÷ ``s_f``. Mixing and dilution energy is left out (small against the
substance). Strengths are mass shares (% w/w), as the chemical trade states them.

Pure functions; the resolver applies :func:`at_strength` to the factor it found, so ``openpcf factors resolve``
and the estimator read a strength in the same place.
"""

from __future__ import annotations

import re

from openpcf.factors.record import Factor

#: words that may follow a percentage that states a solution's strength ("32 % solution", "50 % w/w")
_STRENGTH_FOLLOWERS = frozenset({"", "solution", "sol", "aqueous", "aq", "w/w", "wt", "wt.", "strength", "conc",
                                 "concentration", "technical", "tech", "grade", "lye", "in"})
_PERCENT = re.compile(r"(\d{1,2}(?:[.,]\d+)?)\s*(?:%|percent\b|wt\s*%|wt\.\s*%)\s*(\S*)", re.IGNORECASE)
#: a factor name that says its value is per kg of the pure substance
_PURE_BASIS = re.compile(r"\b100\s*%|\bwithout water\b|\banhydrous\b|\bwater[- ]free\b", re.IGNORECASE)
#: a factor name that says its value is per kg of a solution of a stated share ("(25 % NH3), per kg of solution")
_SOLUTION_BASIS = re.compile(r"(\d{1,2}(?:[.,]\d+)?)\s*%.*\bper kg of (?:the )?solution\b", re.IGNORECASE)


def stated_strength(name: str) -> float | None:
    """The mass share (0–1) a name states for a solution ("sulphuric acid 96 %" → 0.96), or None when the
    name states none, states more than one percentage, or the percentage says something else ("20 % talc
    filled", "30 % recycled")."""
    found = list(_PERCENT.finditer(name))
    if len(found) != 1:
        return None
    number, follower = found[0].group(1), found[0].group(2).strip(",;:()").lower()
    if follower not in _STRENGTH_FOLLOWERS:
        return None
    share = float(number.replace(",", ".")) / 100
    return share if 0 < share < 1 else None


def factor_strength(factor: Factor) -> float | None:
    """The mass share of the substance that ``factor`` is per kg of: 1.0 for a pure-substance basis ("100 %
    basis", "without water", "anhydrous"), the stated share for a factor per kg of solution, None when its
    name does not say (its basis is then unknown and no strength is applied)."""
    m = _SOLUTION_BASIS.search(factor.name)
    if m:
        share = float(m.group(1).replace(",", ".")) / 100
        return share if 0 < share < 1 else None
    return 1.0 if _PURE_BASIS.search(factor.name) else None


def solution_value(substance_value: float, share: float, water_value: float = 0.0) -> float:
    """kg CO2e per kg of solution: ``substance_value`` (kg CO2e per kg of 100 % substance) × ``share`` +
    ``water_value`` (kg CO2e per kg of water) × (1 − ``share``)."""
    if not 0 < share <= 1:
        raise ValueError(f"a solution's strength must be a mass share in (0, 1], got {share}")
    return substance_value * share + water_value * (1 - share)


def at_strength(factor: Factor, name: str, water: Factor | None = None) -> Factor | None:
    """``factor`` restated per kg of the solution whose strength ``name`` states, or None when nothing
    changes: the name states no strength, the factor is not per kg, its basis is not stated, or the factor's
    own name already states the same strength (the factor is that solution)."""
    share = stated_strength(name)
    if share is None or factor.unit != "kg":
        return None
    basis = factor_strength(factor)
    if basis is None or abs(basis - share) < 1e-9:
        return None
    water_value = water.value if water is not None and water.unit == "kg" else 0.0
    substance = factor.value / basis
    pct = f"{share * 100:g}"
    details = dict(factor.details)
    details.update({"solution_strength": share, "substance_factor_per_kg": round(substance, 6),
                    "water_factor_per_kg": water_value,
                    "solution_rule": "substance x share + water x (1 - share); mass shares"})
    return factor.model_copy(update={
        "id": f"{factor.id}@{pct}%",
        "name": f"{factor.name} — as a {pct} % solution, per kg of solution",
        "value": round(solution_value(substance, share, water_value), 6),
        "details": details,
        "notes": (factor.notes + " " if factor.notes else "")
        + f"Restated for a {pct} % (w/w) solution: {share:g} kg substance + {1 - share:g} kg water per kg.",
    })


_RESTATED_ID = re.compile(r"@\d+(?:\.\d+)?%$")


def is_restated(factor_id: str) -> bool:
    """True for the id of a factor :func:`at_strength` restated per kg of a solution ("…@35%"): it already
    holds the substance's share and the water, so it is applied to the whole solution."""
    return bool(_RESTATED_ID.search(factor_id))

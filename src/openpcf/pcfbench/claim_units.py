"""Unit canonicalisation of PCFBench extraction claims (tasks 4 and 5), exactly as the protocol writes it.

The strict claim matcher compares ``(round(value × scale, 6), canonical unit)``. Canonicalisation of a
unit text: lower-case and trim; ² ³ ₂ ₃ → 2 3 2 3, ⁻ → -, · → /; " per " → "/"; "-eq.", "-eq", " eq.",
" eq", "eq." → "eq"; delete every ".", "-" and all whitespace; look the key up in :data:`ALIASES`
(canonical unit, scale); unknown keys pass through as themselves with scale 1.

This is deliberately *not* :mod:`openpcf.units` (the project's pint registry): the benchmark's numbers
depend on this exact string procedure, including its blind spots. The tolerant variant in
:mod:`openpcf.pcfbench.metrics` uses pint for dimensional conversion on top of it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

_PERCENT = ("percent", 1.0)
_KG_PER_KG = ("kg/kg", 1.0)
_G_PER_KG = ("kg/kg", 0.001)
_MJ_PER_KG = ("mj/kg", 1.0)
_KWH_PER_KG = ("kwh/kg", 1.0)
_KWH_PER_T = ("kwh/kg", 0.001)
_CO2_PER_KG = ("kgco2e/kg", 1.0)
_CO2_PER_T = ("kgco2e/kg", 0.001)

#: Alias table of the protocol (§3): canonicalised key → (canonical unit, scale).
ALIASES: dict[str, tuple[str, float]] = {
    **dict.fromkeys(
        ("%", "percent", "mass%", "wt%", "weight%", "%mass", "%wt", "percentreduction"), _PERCENT
    ),
    "kg/kg": _KG_PER_KG,
    **dict.fromkeys(("g/kg", "gr/kg", "grams/kilogram", "grams/kg"), _G_PER_KG),
    **dict.fromkeys(("mj/kg", "gj/t", "gj/tonne"), _MJ_PER_KG),
    **dict.fromkeys(("kwh/kg", "kw.hr/kg", "kwhr/kg"), _KWH_PER_KG),
    **dict.fromkeys(("kwh/ton", "kwh/tonne"), _KWH_PER_T),
    "btu/lb": ("btu/lb", 1.0),
    "btu/lbm": ("btu/lb", 1.0),
    **dict.fromkeys(
        ("kgco2e/kg", "kgco2eq/kg", "kgco2eqperkg", "kgco2eperkg", "kgco2eq/1kg", "kgco2/kg"), _CO2_PER_KG
    ),
    **dict.fromkeys(("kgco2e/tonne", "kgco2eq/tonne", "kgco2e/t"), _CO2_PER_T),
    **dict.fromkeys(("tonnesco2e/tonne", "tco2e/tonne", "tco2e/t"), _CO2_PER_KG),
    **dict.fromkeys(("kgco2e/m2", "kgco2eq/m2"), ("kgco2e/m2", 1.0)),
    **dict.fromkeys(("kgco2e/fu", "kgco2eq/fu"), ("kgco2e/fu", 1.0)),
}

_CHAR_MAP = str.maketrans({"²": "2", "³": "3", "₂": "2", "₃": "3", "⁻": "-", "·": "/"})
_EQ_FORMS = ("-eq.", "-eq", " eq.", " eq", "eq.")
_DELETE = re.compile(r"[.\-\s]+")


@lru_cache(maxsize=4096)
def unit_key(unit: str) -> str:
    """The canonicalised lookup key of a unit text (``"kg CO₂-eq./kg"`` → ``"kgco2eq/kg"``)."""
    s = unit.lower().strip().translate(_CHAR_MAP)
    s = s.replace(" per ", "/")
    for form in _EQ_FORMS:
        s = s.replace(form, "eq")
    return _DELETE.sub("", s)


@lru_cache(maxsize=4096)
def canonical_unit(unit: str) -> tuple[str, float]:
    """``(canonical unit, scale)``: the value in ``unit`` times ``scale`` is in the canonical unit.

    ``"g/kg"`` → ``("kg/kg", 0.001)``; ``"GJ/t"`` → ``("mj/kg", 1.0)``; unknown units pass through as
    their key with scale 1 (``"°C"`` → ``("°c", 1.0)``).
    """
    key = unit_key(unit)
    return ALIASES.get(key, (key, 1.0))


def unit_candidates(unit: str) -> list[str]:
    """The readings of a predicted unit tried in order: raw, before the first comma, before the first "(",
    the first word."""
    candidates = [unit, unit.split(",", 1)[0], unit.split("(", 1)[0]]
    words = unit.split()
    candidates.append(words[0] if words else unit)
    return candidates


def resolve_predicted_unit(unit: str, truth_units: Iterable[str]) -> tuple[str, float]:
    """Canonical unit and scale of a predicted unit given the item's ground-truth canonical units.

    The first candidate of :func:`unit_candidates` whose canonical unit occurs among ``truth_units`` wins;
    otherwise the raw unit's canonicalisation is used.
    """
    truth = set(truth_units)
    for candidate in unit_candidates(unit):
        canon, scale = canonical_unit(candidate)
        if canon in truth:
            return canon, scale
    return canonical_unit(unit)

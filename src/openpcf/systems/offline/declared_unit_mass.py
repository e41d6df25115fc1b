"""The mass of one declared unit when the user gives none (description-only estimates, issue 14).

A composition in mass shares needs the kg in one declared unit. For a declared unit that is not a mass
("1 item", "1 m2", "1 m3", "1 l") a practitioner reads it, in this order:

1. **from the text**: "about 1.4 kg" or "250 g" for an item (not on a container, whose "25 kg" is its
   fill); "density about 600 kg/m3" for a volume;
   "9 kg/m2", "120 g/m2" (grammage), or a thickness ("100 mm") times a density for an area;
2. **from the kind of product** the head of the name is (the one table of typical unit masses,
   :mod:`openpcf.vocabulary.unit_masses`, ``data/vocabulary/typical_unit_masses.json``: a laptop,
   a sofa, an LED bulb, particleboard per m³, paint per litre …, every value cited or marked ``recalled``);
3. **from the product family** of the offline decomposition (``typical_mass_kg`` in
   ``data/offline/product_families.json``);
4. for a liquid declared by volume (l, cl, ml) with nothing else known: water-like, 1 kg per litre.

Whatever is used is an :class:`AssumedUnitMass` with its basis and a spread (geometric standard deviation)
that the estimate's 95 % interval takes on (:func:`widen_for_assumed_mass`); nothing is silent. Units:
kg per declared unit, kg/m³, kg/m², mm.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any

from openpcf.vocabulary.unit_masses import ProductKind, kind_of_product, product_kinds  # noqa: F401 - the one table, re-exported

#: Spread (GSD) of a mass by where it comes from: a figure written in the text is nearly exact; a kind's
#: typical mass or a family's class default is a guess within a factor of about 1.5; water-like density is
#: within ±30 % for beverages, oils, paints and detergents.
SPREAD_TEXT = 1.1
SPREAD_FAMILY = 1.5
SPREAD_LIQUID = 1.3
LIQUID_DENSITY_KG_M3 = 1000.0
_LIQUID_UNITS = frozenset({"l", "ml", "cl", "dl"})

_NUMBER = r"(\d+(?:[.,]\d+)?)"
# "about 1.4 kg", "0.25 kg", "250 g" — not a rate ("1.19 kg green coffee per kg", "20 kg/m3", "5 kg CO2e")
_ITEM_MASS = re.compile(rf"(?<![\w.,]){_NUMBER}\s?(kg|g|kilograms?|grams?)\b(?!\s*(?:/|CO2|per\b|of CO2))",
                        re.IGNORECASE)
_RATE_AFTER = re.compile(r"^[^.,;:()]{0,40}\bper\b", re.IGNORECASE)
_DENSITY = re.compile(rf"{_NUMBER}\s?kg\s?(?:/|per)\s?(?:m3|m³|cubic met(?:re|er))", re.IGNORECASE)
_AREA_MASS = re.compile(rf"{_NUMBER}\s?(kg|g)\s?(?:/|per)\s?(?:m2|m²|square met(?:re|er))|{_NUMBER}\s?gsm\b",
                        re.IGNORECASE)
_LINEAR_MASS = re.compile(rf"{_NUMBER}\s?(kg|g)\s?(?:/|per)\s?(?:m|metre|meter)\b(?![2³3²])", re.IGNORECASE)
# "pack of 40", "set of 4", "12-pack", "50 pieces": how many pieces one declared item holds
_COUNT = re.compile(r"\b(?:pack|box|set|bag|carton|tub|tin|case|tray|pair)\s+of\s+(\d+)\b|(?<![\w.,])(\d+)[\s-]?"
                    r"(?:pack|pcs|pieces|count)\b", re.IGNORECASE)
# "0.75 l", "330 ml", "1.5 litre": the volume of liquid in one item — not a rate ("20 l/min", "5 l per day")
_VOLUME = re.compile(rf"(?<![\w.,]){_NUMBER}\s?(ml|cl|dl|l|litres?|liters?)\b(?!\s*(?:/|per\b))", re.IGNORECASE)
_VOLUME_LITRES = {"ml": 0.001, "cl": 0.01, "dl": 0.1}
# Families of liquid products: an item's volume written in the text is its content (a bottle of wine, a can
# of soft drink, a bottle of hand soap), not an appliance's capacity.
_LIQUID_FAMILY = re.compile(
    r"drink|juice|water|beer|wine|spirits|cider|milk|oil|liquid|lotion|vinegar|sauce|ketchup|soup|dressing|"
    r"paint|varnish|adhesive|ink|solvent|fuel|acid|peroxide|detergent|cleaner", re.IGNORECASE)
_THICKNESS = re.compile(rf"(?<![x×]\s)(?<![x×\w.,]){_NUMBER}\s?(mm|cm)\b(?!\s*(?:/|x\b|×))", re.IGNORECASE)


@dataclass(frozen=True)
class AssumedUnitMass:
    """kg of one declared unit not given by the user, where it came from, and how uncertain it is."""

    kg: float
    source: str  # "text" | "kind" | "family" | "liquid default"
    basis: str
    spread: float

    def as_trace(self) -> dict[str, Any]:
        return {"kg": round(self.kg, 6), "source": self.source, "basis": self.basis, "spread_gsd": self.spread}


def _number(text: str) -> float:
    return float(text.replace(",", "."))


def _unit_kind(unit: str) -> str | None:
    """'item', 'kWh' (capacity of a battery pack), 'm' (a length), 'm2' or 'm3' (volumes: l, ml, m3 …) for a
    canonical declared unit, else None (a mass …)."""
    from openpcf import units

    if unit == "item":
        return "item"
    for dim in ("m3", "m2", "m", "kWh"):
        try:
            if units.is_convertible(unit, dim):
                return dim
        except Exception:  # noqa: BLE001 - an unknown unit is simply not one of ours
            return None
    return None


def _per_unit(unit: str, amount: float, dim: str) -> float:
    """Declared amount in item, m, m2, m3 or kWh ("330 ml" → 0.00033 m3)."""
    from openpcf import units

    return amount if dim == "item" else units.convert(amount, unit, dim)


def mass_in_text(text: str, dim: str) -> tuple[float, str] | None:
    """Mass per item (kg), density (kg/m3) or mass per area (kg/m2) written in ``text``, with the words read.

    >>> mass_in_text("Garden bench, about 12.5 kg, FSC pine", "item")
    (12.5, '12.5 kg')
    """
    if dim == "item":
        for m in _ITEM_MASS.finditer(text):
            if _RATE_AFTER.match(text[m.end():]):  # "1.2 kg of flour per loaf": a recipe rate, not the item
                continue
            value = _number(m.group(1))
            kg = value / 1000 if m.group(2).lower().startswith("g") else value
            if kg > 0:
                return kg, m.group(0)
        return None
    if dim == "m3":
        m = _DENSITY.search(text)
        return (_number(m.group(1)), m.group(0)) if m else None
    if dim == "m":  # a cable or pipe per metre: "0.32 kg/m", "180 g/m"
        m = _LINEAR_MASS.search(text)
        if m:
            value = _number(m.group(1))
            return (value / 1000 if m.group(2).lower() == "g" else value), m.group(0)
        return None
    if dim == "m2":
        m = _AREA_MASS.search(text)
        if m:
            if m.group(3):  # "120 gsm"
                return _number(m.group(3)) / 1000, m.group(0)
            value = _number(m.group(1))
            return (value / 1000 if m.group(2).lower() == "g" else value), m.group(0)
    return None


def pieces_in_text(text: str) -> int | None:
    """How many pieces one declared item holds, when the text says ("pack of 40" → 40, "12-pack" → 12)."""
    m = _COUNT.search(text)
    if not m:
        return None
    n = int(m.group(1) or m.group(2))
    return n if 1 < n <= 10000 else None


def volume_in_text(text: str) -> float | None:
    """The first volume written in the text, in litres ("0.75 l" → 0.75, "330 ml" → 0.33); not a rate."""
    m = _VOLUME.search(text)
    if not m:
        return None
    return _number(m.group(1)) * _VOLUME_LITRES.get(m.group(2).lower(), 1.0)


def thickness_mm(text: str) -> float | None:
    """The first thickness written in the text, in mm ("100 mm" → 100, "2 cm" → 20); not a dimension list
    ("180 x 90 cm")."""
    m = _THICKNESS.search(text)
    if not m:
        return None
    value = _number(m.group(1))
    return value * 10 if m.group(2).lower() == "cm" else value


def assumed_unit_mass(
    name: str, description: str | None, declared_unit: str | None, family_trace: dict[str, Any] | None = None
) -> AssumedUnitMass | None:
    """kg of one declared unit read or assumed as a practitioner would (see the module doc), or None for a
    mass unit, a unit none of the sources covers, or an unreadable unit. ``family_trace`` is the trace of
    :func:`openpcf.systems.offline.decomposition.bill_of_materials` (its ``family`` and ``typical_mass_kg``)."""
    from openpcf.engine.estimation import EstimateError, parse_declared_unit

    try:
        du = parse_declared_unit(declared_unit)
    except (EstimateError, ValueError):
        return None
    if du.unit_mass_kg() is not None:
        return None
    dim = _unit_kind(du.unit)
    if dim is None:
        return None
    amount = _per_unit(du.unit, du.amount, dim)
    text = f"{name}. {description or ''}"
    unit_text = f"{declared_unit}".strip()

    read = mass_in_text(text, dim)
    if read is not None and dim == "item" and _fill_not_item(name, text, read[1], family_trace) \
            and _container(name, family_trace):
        read = None  # "Paper cement sack, 25 kg", "bag for 50 kg of feed": what the container holds
    if read is not None:
        what = {"item": "kg per item", "m3": "kg/m3", "m2": "kg/m2", "m": "kg/m"}[dim]
        return AssumedUnitMass(amount * read[0], "text", f"{read[0]:g} {what} read in the text ('{read[1]}')",
                               SPREAD_TEXT)
    kind = kind_of_product(name, dim)
    family = (family_trace or {}).get("family")
    family_mass = (family_trace or {}).get("typical_mass_kg") or {}
    if dim == "m2":  # a thickness times a density from the text, the kind or the family
        mm = thickness_mm(text)
        density = mass_in_text(text, "m3")
        solid = kind_of_product(name, "m3")
        if density:
            rho, rho_from, spread = density[0], "text", SPREAD_TEXT
        elif solid is not None:
            rho, rho_from, spread = solid.typical_mass_kg["m3"], f"kind '{solid.kind}'", solid.spread
        elif "m3" in family_mass:
            rho, rho_from, spread = family_mass["m3"], f"family '{family}'", SPREAD_FAMILY
        else:
            rho = None
        if mm and rho:
            return AssumedUnitMass(amount * mm / 1000 * rho, "text" if rho_from == "text" else "kind",
                                   f"thickness {mm:g} mm read in the text x density {rho:g} kg/m3 ({rho_from})",
                                   spread)
    if kind is not None and dim in kind.typical_mass_kg:
        per = kind.typical_mass_kg[dim]
        count = pieces_in_text(text) if dim == "item" else None
        pieces = f"{count} x " if count else ""
        return AssumedUnitMass(amount * per * (count or 1), "kind", f"{pieces}typical {per:g} kg per {dim} of a "
                               f"{kind.kind} (class default, typical_unit_masses.json: {kind.basis})", kind.spread)
    if dim == "item":  # "Red wine, 0.75 l bottle" per item: the liquid content by its volume
        liquid = kind_of_product(name, "m3")
        litres = volume_in_text(text)
        if litres and (liquid is not None or (family and _LIQUID_FAMILY.search(family))):
            rho = liquid.typical_mass_kg["m3"] if liquid else family_mass.get("m3", LIQUID_DENSITY_KG_M3)
            rho_from = f"kind '{liquid.kind}'" if liquid else "water-like, assumed"
            return AssumedUnitMass(amount * litres / 1000 * rho, "text", f"{litres:g} l read in the text x density "
                                   f"{rho:g} kg/m3 ({rho_from}): the liquid content, its pack in the bill of "
                                   "materials' shares", SPREAD_LIQUID)
    if dim in family_mass:
        per = family_mass[dim]
        return AssumedUnitMass(amount * per, "family", f"typical {per:g} kg per {dim} of a '{family}' "
                               "(class default of the product family, product_families.json)", SPREAD_FAMILY)
    if dim == "m3" and du.unit in _LIQUID_UNITS:
        return AssumedUnitMass(amount * LIQUID_DENSITY_KG_M3, "liquid default",
                               f"{unit_text} of a liquid taken as water-like, 1 kg per litre (assumed)", SPREAD_LIQUID)
    return None


_FILL_BEFORE = re.compile(r"\b(?:for|holding|holds|capacity|fill(?:ed|s|ing)?(?:\s+with)?|up to|carrying|carries|"
                          r"contents?|net)\s+(?:of\s+)?(?:about\s+|up to\s+)?$", re.IGNORECASE)


def _fill_not_item(name: str, text: str, words: str, family_trace: dict[str, Any] | None) -> bool:
    """True when a mass read on a container is its fill: said as one ("for 25 kg", "capacity 10 kg") or
    written in the name of a container whose name also names what it holds ("Paper cement sack, 25 kg").
    "Corrugated box, 400 g" and "PET tray for fruit, 15 g" (the mass in the description) are the container."""
    at = text.find(words)
    if at >= 0 and _FILL_BEFORE.search(text[max(0, at - 30):at]):
        return True
    held = (family_trace or {}).get("mentions_of_contents") or []
    return words in name and any(h.lower() in name.lower() for h in held)


def _container(name: str, family_trace: dict[str, Any] | None) -> bool:
    """True when the product is a container of its family's packaging material (its head noun a sack, bag,
    box, bottle …): a mass written on it is the fill, not the item."""
    from openpcf.systems.offline.decomposition import is_container
    from openpcf.systems.offline.decomposition_knowledge import product_families

    family = next((f for f in product_families() if f.name == (family_trace or {}).get("family")), None)
    return is_container(name, family)


#: Spread (GSD) of a bill of materials taken from a generic fallback family (a kind, not a product).
SPREAD_GENERIC_FAMILY = 2.0


def widen_for_assumed_mass(trace: Any, assumed: AssumedUnitMass) -> Any:
    """The engine trace with the assumed mass flagged and carried into its uncertainty.

    Every line of the estimate scales with the mass of one declared unit, so the mass's spread (GSD ``s``)
    is a fully correlated factor on the total (see :func:`widen_for_assumption`). A ``declared_mass`` check
    (a warning unless the mass was read in the text) says what was assumed. Returns a new trace."""
    trace = widen_for_assumption(
        trace, code="declared_mass", input_id="declared_mass", name=f"mass of one declared unit ({assumed.source})",
        message=f"mass of one declared unit not given: {assumed.kg:g} kg ({assumed.source}: {assumed.basis}; "
        f"spread x{assumed.spread:g})", spread=assumed.spread, warning=assumed.source != "text",
        value=round(assumed.kg, 6))
    trace.settings = {**trace.settings, "assumed_declared_mass": assumed.as_trace()}
    return trace


def widen_for_generic_family(trace: Any, family: str) -> Any:
    """The engine trace flagged for a bill of materials from a generic fallback family (a template for a
    kind of product, e.g. a machine element with no material named), its interval widened by
    :data:`SPREAD_GENERIC_FAMILY`. Returns a new trace."""
    return widen_for_assumption(
        trace, code="generic_bill_of_materials", input_id="generic_family", name=f"generic template '{family}'",
        message=f"bill of materials from the generic family '{family}': a class template, not this product's "
        f"composition (spread x{SPREAD_GENERIC_FAMILY:g})", spread=SPREAD_GENERIC_FAMILY, warning=True)


def widen_for_assumption(trace: Any, *, code: str, input_id: str, name: str, message: str, spread: float,
                         warning: bool, value: float | None = None) -> Any:
    """A new trace with a check for an assumption that scales the whole total and its spread (GSD ``s``)
    added to the Monte Carlo interval: each half of the 95 % interval is widened in log space,
    ``σ' = √(σ² + ln(s)²)`` around the median, and the assumption joins the variance contributors with its
    share ``ln(s)² / (σ̄² + ln(s)²)``. The headline total is unchanged; the input trace is not modified."""
    from openpcf.engine.trace import Check, VarianceContributor

    trace = trace.model_copy(deep=True)
    trace.checks = [*trace.checks, Check(code=code, severity="warning" if warning else "info", passed=not warning,
                                         value=value, message=message)]
    unc = trace.uncertainty
    s2 = math.log(spread) ** 2
    if unc is not None and unc.median > 0 and unc.p2_5 > 0 and unc.p97_5 > 0:
        lo = math.log(unc.median / unc.p2_5) / 1.96
        hi = math.log(unc.p97_5 / unc.median) / 1.96
        p2_5 = unc.median * math.exp(-1.96 * math.sqrt(lo**2 + s2))
        p97_5 = unc.median * math.exp(1.96 * math.sqrt(hi**2 + s2))
        sigma2 = ((lo + hi) / 2) ** 2
        mass_share = s2 / (sigma2 + s2) if sigma2 + s2 > 0 else 0.0
        contributors = [c.model_copy(update={"share": round(c.share * (1 - mass_share), 4)})
                        for c in unc.contributors]
        contributors.append(VarianceContributor(input_id=input_id, name=name, share=round(mass_share, 4)))
        contributors.sort(key=lambda c: -c.share)
        trace.uncertainty = unc.model_copy(update={"p2_5": p2_5, "p97_5": p97_5, "contributors": contributors})
        if trace.result is not None:
            trace.result = trace.result.model_copy(update={"p2_5": p2_5, "p97_5": p97_5})
    return trace

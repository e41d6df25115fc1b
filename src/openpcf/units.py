"""Quantities and unit conversions: the one pint registry of the project.

Pure functions only. Emission factors, rates and energy all convert through here.

Conversion factors between units are computed by pint and then rounded to 15 significant digits, so
that decimal definitions stay exact where a float can hold them: 1 kWh → 3.6 MJ (not
3.5999999999999996), 1 m3 → 1000 l, 1 t → 1000 kg.
"""

from __future__ import annotations

import math
import re
import tokenize
from functools import lru_cache

import pint

# Spellings found in emission-factor tables, LCI databases and PCFBench, mapped to pint expressions.
_ALIASES: dict[str, str] = {
    "kilogram": "kg",
    "kilograms": "kg",
    "kgs": "kg",
    "tonnes": "tonne",
    "tons": "tonne",  # metric tonnes in every source used here
    "metric ton": "tonne",
    "metric tons": "tonne",
    "t": "tonne",
    "cubic metres": "m**3",
    "cubic meters": "m**3",
    "cubic metre": "m**3",
    "cubic meter": "m**3",
    "m3": "m**3",
    "m³": "m**3",
    "square metres": "m**2",
    "square meters": "m**2",
    "m2": "m**2",
    "m²": "m**2",
    "litres": "liter",
    "liters": "liter",
    "litre": "liter",
    "l": "liter",
    "kilowatt hour": "kWh",
    "kilowatt hours": "kWh",
    "kwh": "kWh",
    "mwh": "MWh",
    "gwh": "GWh",
    "megajoule": "MJ",
    "megajoules": "MJ",
    "mj": "MJ",
    "gj": "GJ",
    "kj": "kJ",
    "tonne.km": "tonne_km",
    "tonne km": "tonne_km",
    "tonne-km": "tonne_km",
    "tonne*km": "tonne_km",
    "t*km": "tonne_km",
    "t.km": "tonne_km",
    "tkm": "tonne_km",
    "metric ton*km": "tonne_km",
    "usd": "USD",
    "$": "USD",
    "item": "item",
    "items": "item",
    "item(s)": "item",
    "unit": "item",
    "units": "item",
    "piece": "item",
    "pieces": "item",
    "p": "item",
    "pcs": "item",
    "%": "percent",
    "per cent": "percent",
}

# Canonical short names used in Factor records (what users see).
CANONICAL: dict[str, str] = {
    "kilogram": "kg",
    "metric_ton": "t",
    "kilowatt_hour": "kWh",
    "megajoule": "MJ",
    "meter ** 3": "m3",
    "meter ** 2": "m2",
    "liter": "l",
    "tonne_km": "tkm",
    "USD": "USD",
    "item": "item",
}


class UnitError(ValueError):
    """A unit text that the project's registry does not understand, or an impossible conversion."""


@lru_cache(maxsize=1)
def registry() -> pint.UnitRegistry:
    """The project's single unit registry (built once, never mutated after construction)."""
    ureg = pint.UnitRegistry(autoconvert_offset_to_baseunit=True)
    ureg.define("tonne_km = tonne * kilometer = tkm = t_km")
    ureg.define("USD = [currency]")
    ureg.define("item = [item] = piece")
    return ureg


def _expression(unit: str) -> str:
    text = unit.strip()
    key = text.lower()
    if key in _ALIASES:
        return _ALIASES[key]
    # "kWh (Net CV)", "kg (dry)" — a qualifier in brackets does not change the unit.
    stripped = re.sub(r"\s*\(.*?\)\s*$", "", text)
    if stripped != text and stripped:
        return _expression(stripped)
    # Compound units written LCA-style: "m2*a", "kg*km".
    return re.sub(r"\bm([23])\b", r"m**\1", text)


@lru_cache(maxsize=512)
def parse_unit(unit: str) -> pint.Unit:
    """Parse a unit text (``"tonnes"``, ``"kWh (Gross CV)"``, ``"t*km"``, ``"m3"``) into a pint unit."""
    if not isinstance(unit, str) or not unit.strip():
        raise UnitError(f"empty unit: {unit!r}")
    try:
        return registry().Unit(_expression(unit))
    except (pint.errors.UndefinedUnitError, pint.errors.DefinitionSyntaxError, ValueError, TypeError,
            AssertionError, SyntaxError, tokenize.TokenError) as exc:  # pint's parser on text like "\\" or "kg)"
        raise UnitError(f"unknown unit {unit!r}") from exc


@lru_cache(maxsize=4096)
def canonical_unit(unit: str) -> str:
    """The short canonical spelling of ``unit`` (``"tonnes"`` → ``"t"``, ``"cubic metres"`` → ``"m3"``)."""
    parsed = parse_unit(unit)
    name = str(parsed)
    return CANONICAL.get(name, f"{parsed:~}".replace(" ", ""))


def _round_sig(x: float, digits: int = 15) -> float:
    if x == 0 or not math.isfinite(x):
        return x
    return float(f"{x:.{digits}g}")


@lru_cache(maxsize=1024)
def conversion_factor(from_unit: str, to_unit: str) -> float:
    """How many ``to_unit`` make one ``from_unit`` (1 kWh → 3.6 MJ; 1 t → 1000 kg; 1 g/kg → 0.001).

    Raises :class:`UnitError` when the units are unknown or of different dimensions.
    """
    ureg = registry()
    a, b = parse_unit(from_unit), parse_unit(to_unit)
    try:
        magnitude = ureg.Quantity(1.0, a).to(b).magnitude
    except pint.errors.DimensionalityError as exc:
        raise UnitError(f"cannot convert {from_unit!r} to {to_unit!r}: different dimensions") from exc
    return _round_sig(float(magnitude))


@lru_cache(maxsize=1024)  # chosen once per unit pair: a 10,000-line trace converts each line several times
def _scale_rule(from_unit: str, to_unit: str) -> tuple[bool, float]:
    # Multiply by the factor or divide by its inverse, whichever is the shorter decimal, so that
    # 3.6 MJ → 1 kWh exactly (3.6 / 3.6) instead of 3.6 × 0.277777777777778.
    forward, inverse = conversion_factor(from_unit, to_unit), conversion_factor(to_unit, from_unit)
    if len(repr(inverse)) < len(repr(forward)):
        return True, inverse
    return False, forward


def _scale(value: float, from_unit: str, to_unit: str) -> float:
    divide, factor = _scale_rule(from_unit, to_unit)
    return float(value) / factor if divide else float(value) * factor


def convert(value: float, from_unit: str, to_unit: str) -> float:
    """Convert ``value`` from ``from_unit`` to ``to_unit`` (e.g. 1 tonne → 1000 kg; 1 kWh → 3.6 MJ)."""
    return _scale(value, from_unit, to_unit)


def convert_per_unit(value: float, from_unit: str, to_unit: str) -> float:
    """Re-express an intensity "``value`` per ``from_unit``" per ``to_unit``.

    3164.78 kg CO2e per tonne → 3.16478 kg CO2e per kg; 0.2 kg CO2e per kWh → 0.0555… per MJ.
    """
    return _scale(value, to_unit, from_unit)


@lru_cache(maxsize=1024)  # conversion_factor's cache keeps no failures: "g" → "MJ" was parsed by pint every time
def is_convertible(from_unit: str, to_unit: str) -> bool:
    """True when both units parse and share a dimension (kg ↔ t, kWh ↔ MJ; not kg ↔ kWh)."""
    try:
        conversion_factor(from_unit, to_unit)
    except UnitError:
        return False
    return True


def dimension(unit: str) -> str:
    """A plain-word dimension of ``unit``: mass, energy, volume, area, transport, currency, count, length…"""
    dims = parse_unit(unit).dimensionality
    for name, reference in _DIMENSIONS:
        if parse_unit(reference).dimensionality == dims:
            return name
    return str(dims)


_DIMENSIONS = (
    ("mass", "kg"),
    ("energy", "MJ"),
    ("volume", "m3"),
    ("area", "m2"),
    ("transport", "tkm"),
    ("currency", "USD"),
    ("count", "item"),
    ("length", "km"),
    ("dimensionless", "percent"),
)


def fraction(text: str | float) -> float:
    """A share as a plain fraction: ``"41%"`` → 0.41, ``"250 g/kg"`` → 0.25, ``"0.3"`` → 0.3, 35 → 0.35?

    Numbers without a unit are read as fractions when ≤ 1 and as percent otherwise (PCFBench
    compositions write "41%", EPD tables sometimes "41"). Negative or NaN shares raise ValueError.
    """
    if isinstance(text, (int, float)):
        value = float(text)
        result = value if value <= 1 else value / 100.0
    else:
        s = text.strip().replace(",", ".")
        m = re.fullmatch(r"([-+]?\d*\.?\d+(?:[eE][-+]?\d+)?)\s*(.*)", s)
        if not m:
            raise ValueError(f"not a share: {text!r}")
        value, unit = float(m.group(1)), m.group(2).strip()
        if not unit:
            result = value if value <= 1 else value / 100.0
        else:
            result = convert(value, unit, "dimensionless")
    if not math.isfinite(result) or result < 0:
        raise ValueError(f"share must be finite and ≥ 0: {text!r}")
    return _round_sig(result)

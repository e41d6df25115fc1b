"""Quantities and unit conversions: the one pint registry of the project.

Pure functions only. Emission factors, rates and energy all convert through here.
"""

from __future__ import annotations

from functools import lru_cache

import pint


@lru_cache(maxsize=1)
def registry() -> pint.UnitRegistry:
    """The project's single unit registry (built once, never mutated after construction)."""
    ureg = pint.UnitRegistry(autoconvert_offset_to_baseunit=True)
    ureg.define("tonne_km = tonne * kilometer = tkm = t_km")
    ureg.define("USD = [currency]")
    return ureg


def convert(value: float, from_unit: str, to_unit: str) -> float:
    """Convert ``value`` from ``from_unit`` to ``to_unit`` (e.g. 1 tonne → 1000 kg; 1 kWh → 3.6 MJ)."""
    ureg = registry()
    return float(ureg.Quantity(value, from_unit).to(to_unit).magnitude)

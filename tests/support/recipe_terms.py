"""The energy and feedstock terms openpcf's factor recipes are built from (``scripts/build_factor_library.py``),
as worked values the factor tests check recipes against, and the one call that resolves a name on the
shipped open library (and the check that a list of names reaches one factor of its own)."""

from __future__ import annotations

import pytest

from openpcf.factors import open_resolver
from openpcf.factors.energy import TD_LOSS_UPLIFT
from openpcf.factors.record import FactorQuery, QueryContext

GRID = 0.473007 * (1 + TD_LOSS_UPLIFT)  # kg CO2e per kWh, world 2024, as consumed
GAS = 0.23611 / 3.6  # kg CO2e per MJ of natural gas burnt (LHV), incl. supply
HEAT = GAS / 0.90  # kg CO2e per MJ of heat from a gas boiler
AMMONIA = 33 * GAS  # openpcf-estimate:chemicals:ammonia-smr (33 GJ gas per t NH3)
N2O = 273.0  # IPCC AR6 GWP100


def open_match(name: str, context: QueryContext | None = None, unit: str = "kg"):
    """The shipped open library's answer for ``name`` (None when nothing is found)."""
    return open_resolver().resolve(FactorQuery(name=name, unit=unit, context=context))


def assert_reaches(names, factor_id: str, value: float, rel: float = 1e-4) -> None:
    """Every name resolves on the shipped open library to ``factor_id`` with ``value`` (kg CO2e per unit), as
    a factor of its own (not a class fallback)."""
    for name in names:
        m = open_match(name)
        assert m is not None, name
        assert m.factor.id == factor_id, (name, m.factor.id)
        assert m.factor.value == pytest.approx(value, rel=rel), name
        assert m.method != "class", name

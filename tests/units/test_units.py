"""Unit conversions with worked numbers (one pint registry for the project)."""

from __future__ import annotations

import pytest

from openpcf import units


def test_kwh_to_mj_is_exactly_3_6():
    assert units.convert(1, "kWh", "MJ") == 3.6
    assert units.convert(10, "kWh", "MJ") == 36.0
    assert units.convert(3.6, "MJ", "kWh") == 1.0


def test_tonne_and_per_tonne_to_per_kg():
    assert units.convert(1, "tonnes", "kg") == 1000.0
    assert units.convert(2.5, "t", "kg") == 2500.0
    # DESNZ: 3164.78049 kg CO2e per tonne of average plastics → per kg.
    assert units.convert_per_unit(3164.78049, "tonnes", "kg") == pytest.approx(3.16478049, rel=1e-12)
    # 0.2 kg CO2e per kWh → per MJ = 0.2 / 3.6
    assert units.convert_per_unit(0.2, "kWh", "MJ") == pytest.approx(0.0555555555556, rel=1e-12)


def test_volume_transport_and_spellings():
    assert units.convert(1, "cubic metres", "l") == 1000.0
    assert units.convert(1, "m3", "litres") == 1000.0
    assert units.convert(1, "tonne.km", "kg*km") == 1000.0
    assert units.canonical_unit("t*km") == "tkm"
    assert units.canonical_unit("kWh (Net CV)") == "kWh"
    assert units.canonical_unit("tonnes") == "t"
    assert units.canonical_unit("Item(s)") == "item"
    assert units.dimension("kWh") == "energy"
    assert units.dimension("tkm") == "transport"
    assert units.dimension("USD") == "currency"


def test_fractions_percent_and_g_per_kg():
    assert units.fraction("41%") == 0.41
    assert units.fraction("41.5 %") == 0.415
    assert units.fraction("250 g/kg") == 0.25
    assert units.fraction("0.3") == 0.3
    assert units.fraction(35) == 0.35
    with pytest.raises(ValueError):
        units.fraction("-5%")
    with pytest.raises(ValueError):
        units.fraction("lots")


def test_unknown_unit_and_dimension_mismatch_raise_clear_errors():
    with pytest.raises(units.UnitError, match="unknown unit 'bananas'"):
        units.parse_unit("bananas")
    with pytest.raises(units.UnitError, match="different dimensions"):
        units.convert(1, "kg", "kWh")
    assert not units.is_convertible("kg", "MJ")
    assert units.is_convertible("g", "t")

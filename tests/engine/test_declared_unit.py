"""The mass of one declared unit: one computation (DeclaredUnit.unit_mass_kg), used by aggregation,
estimation, the model BOM proposal and the offline EPD prior alike."""

from __future__ import annotations

import pytest

from openpcf.engine.aggregation import declared_mass_kg
from openpcf.engine.estimation import parse_declared_unit
from openpcf.engine.trace import DeclaredUnit, ProductInfo, Trace, Versions


@pytest.mark.parametrize(
    ("text", "given", "expected"),
    [
        ("1 kg", None, 1.0),
        ("1000 kg", None, 1000.0),
        ("2.5 t", None, 2500.0),
        ("500 g", None, 0.5),
        ("1 m2", None, None),  # an area is not a mass, and none was given
        ("1 m2", 12.0, 12.0),  # the given mass of one m2
        ("1000 kg", 3.0, 3.0),  # a given mass wins over the unit
        ("1 item", None, None),
    ],
)
def test_unit_mass_kg(text: str, given: float | None, expected: float | None) -> None:
    du = parse_declared_unit(text, given)
    assert du.unit_mass_kg() == (pytest.approx(expected) if expected is not None else None)


def _trace(du: DeclaredUnit) -> Trace:
    return Trace(product=ProductInfo(name="tile", declared_unit=du), versions=Versions(software="test"))


def test_trace_mass_reads_the_declared_unit() -> None:
    assert declared_mass_kg(_trace(DeclaredUnit(amount=1, unit="m2", mass_kg=20.0))) == 20.0
    assert declared_mass_kg(_trace(DeclaredUnit(amount=1, unit="m2"))) is None
    assert declared_mass_kg(_trace(DeclaredUnit(amount=2, unit="t"))) == 2000.0

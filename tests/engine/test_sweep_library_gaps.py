"""Gaps of the products6 development sweep, checked on the embedded open library: olives for oil milling
get a factor of the fruit (so the olive-oil yield applies), and fibre, lining and zip names that had no
factor reach one. Invented products; the expected numbers are worked from the rows in literature.csv."""

from __future__ import annotations

import pytest

from openpcf.engine import ProductSpec, estimate
from tests.support.trace_lines import assert_input_reaches
from tests.support.trace_lines import leaves_by_name as _lines


def test_olive_oil_from_olives_applies_the_yield_to_the_fruit_factor():
    t = estimate(ProductSpec(name="Cold-pressed olive oil, Crete", composition="olives: 100%"), runs=100, seed=1)
    olives = _lines(t)["olives"]
    assert olives.factor.id == "literature:food:olives-for-oil"
    assert "oil" not in olives.factor.name.lower()   # a factor name saying "oil" would read as the extract itself
    # 5.5 kg of olives per kg of oil (engine/extract_yield.py) x 0.35 kg CO2e per kg of olives = 1.925
    assert olives.rate.value == pytest.approx(5.5, rel=1e-12)
    assert olives.factor.value * olives.rate.value == pytest.approx(1.925, rel=1e-9)


@pytest.mark.parametrize(("name", "factor_id"), [
    ("flax", "literature:textile:flax-fibre-scutched"),
    ("textile lining", "openpcf-estimate:textile:fabric-unspecified-fibre"),
    ("zip", "openpcf-estimate:textile:zip-fastener"),
    ("sawdust", "literature:wood:wood-chips"),
    ("particleboard", "openpcf-estimate:wood:particleboard"),
    ("melamine-faced particleboard", "openpcf-estimate:wood:particleboard"),   # the board under its finish
])
def test_sweep_names_reach_a_factor_of_their_own(name, factor_id):
    assert_input_reaches(name, factor_id)


def test_olive_oil_as_an_input_keeps_an_oil_factor():
    # the fruit's aliases hold no "oil": an oil listed as such is not costed as olives
    t = estimate(ProductSpec(name="Herb dressing", composition="olive oil: 60%; white wine vinegar: 40%"), runs=100, seed=1)
    oil = _lines(t)["olive oil"]
    assert oil.factor.id != "literature:food:olives-for-oil"
    assert "oil" in oil.factor.name.lower()

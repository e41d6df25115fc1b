"""A product that *is* its input's material gets no process energy on top of that material's factor, and
cement is ground, not burnt: numbers worked by hand on a hand-made factor table (electricity 0.4 kg/kWh,
natural gas 0.06 kg/MJ). Examples are invented."""

from __future__ import annotations

import pytest

from openpcf.engine import ProductSpec, estimate
from openpcf.engine.estimation import is_own_material
from openpcf.engine.process_energy import infer_product_class
from tests.support.factor_tables import TABLE, TableSource, _factor

SOURCE = TableSource([
    *TABLE.factors,
    _factor("sodium hydroxide", 0.9), _factor("steel", 2.0), _factor("clinker", 0.85), _factor("gypsum", 0.004),
    _factor("high-density polyethylene", 1.8),
])
ELEC, GAS = 0.4, 0.06


@pytest.mark.parametrize(("product", "line", "factor", "same"), [
    ("Caustic soda", "sodium hydroxide", "sodium hydroxide", True),        # a synonym of the same chemical
    ("HDPE granulate", "high-density polyethylene", "polyethylene, HDPE", True),  # granulate: a delivery state
    ("Copper cathode", "copper", "Copper cathode, grade A", True),           # 'cathode' is said by the factor
    ("Copper tube", "copper", "Copper cathode, grade A", False),            # a product formed from copper
    ("Steel pipe", "steel", "Steel, world average", False),
    ("Cotton T-shirt", "cotton", "Cotton fibre", False),
])
def test_is_own_material(product: str, line: str, factor: str, same: bool) -> None:
    assert is_own_material(product, line, factor) is same


def test_a_chemical_that_is_its_only_input_gets_no_synthesis_energy() -> None:
    t = estimate(ProductSpec(name="Caustic soda", composition="sodium hydroxide: 100%"), source=SOURCE, runs=100)
    assert [x for x in t.energy if x.kind == "energy"] == []
    assert t.inputs[0].boundary.conversion_energy == "covered_by_factor"
    assert "the input is the product itself" in t.inputs[0].boundary.reason
    assert t.result.kgco2e == pytest.approx(0.9)


def test_a_product_formed_from_the_material_keeps_its_process_energy() -> None:
    t = estimate(ProductSpec(name="Steel pipe", composition="steel: 100%"), source=SOURCE, runs=100)
    assert t.settings["product_class"] == "metal_products"
    assert t.result.kgco2e == pytest.approx(2.0 + 1.5 * ELEC + 3.0 * GAS)   # 2.78


def test_cement_is_ground_from_clinker_and_gypsum() -> None:
    assert infer_product_class("Portland cement CEM I", None, [("clinker", 0.95), ("gypsum", 0.05)]) == "cement_grinding"
    assert infer_product_class("Cement clinker", None, [("limestone", 0.8), ("clay", 0.2)]) == "lime_clinker_burning"
    assert infer_product_class("Cement mortar", None, [("cement", 0.2), ("sand", 0.8)]) == "concrete_mixing"
    t = estimate(ProductSpec(name="Portland cement CEM I", composition="clinker: 95%; gypsum: 5%"),
                 source=SOURCE, runs=100)
    # 0.95 × 0.85 + 0.05 × 0.004 + 0.045 kWh × 0.4; no heat, no carbonate CO2 (nothing is burnt)
    assert t.result.kgco2e == pytest.approx(0.8075 + 0.0002 + 0.018)        # 0.8257
    assert not [x for x in t.energy if x.kind == "process"]


def test_a_formed_product_listed_as_its_own_input_is_not_its_own_material() -> None:
    # the factor found for "steel pipe" is crude steel: it does not describe the pipe, so forming stays
    assert is_own_material("Steel pipe", "steel pipe", "Steel, world average") is False

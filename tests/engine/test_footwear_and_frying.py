"""Two conversion steps that material factors leave out: making shoes from leather, fabric, foam and rubber
parts, and frying slices into crisps. Invented products, hand-worked numbers on a hand-made factor table."""

from __future__ import annotations

import pytest

from openpcf.engine import ProductSpec, estimate
from openpcf.engine.process_energy import ENERGY_DEFAULTS, infer_product_class
from tests.support.factor_tables import TABLE, TableSource, _factor


@pytest.mark.parametrize(("name", "components", "expected"), [
    ("Hiking boots", [("full-grain leather", 0.6), ("rubber outsole", 0.4), ("polyester lining", 0.1)], "footwear"),
    ("Canvas sneakers", [("cotton canvas", 0.2), ("vulcanised rubber sole", 0.35)], "footwear"),
    # care products and boxes for shoes are not shoes
    ("Shoe polish, black", [("paraffin wax", 40.0), ("white spirit", 50.0), ("carbon black", 10.0)], "chemical_formulation"),
    ("Beetroot crisps", [("beetroot", 4.0), ("sunflower oil", 0.35), ("salt", 0.02)], "frying"),
    # par-fried frozen fries: less water fried out, but blanching, pre-drying and freezing: the frying class
    ("Oven chips, frozen", [("potatoes", 1.8), ("rapeseed oil", 0.05)], "frying"),
    # a potato product that is not fried keeps the general food default
    ("Mashed potato, chilled", [("potatoes", 0.9), ("milk", 0.08), ("butter", 0.02)], "food_processing"),
])
def test_shoes_and_fried_snacks_are_classed_by_name_and_mass(name, components, expected):
    assert infer_product_class(name, None, components) == expected


SHOE = TableSource([*TABLE.factors, _factor("polyester fabric", 5.0), _factor("natural rubber", 3.0),
                    _factor("potatoes", 0.2), _factor("sunflower oil", 3.0)])


def test_a_pair_of_shoes_gets_the_footwear_step_on_its_mass():
    d = ENERGY_DEFAULTS["footwear"]
    assert (d.electricity_kwh_per_kg, d.heat_mj_per_kg) == (10.0, 15.0)
    # materials 0.2 / 0.8 (cutting waste of the fabric) x 5 + 0.3 x 3 = 1.25 + 0.9 = 2.15; the pair weighs 0.5 kg:
    # (10 x 0.4 + 15 x 0.06) x 0.5 = 4.9 x 0.5 = 2.45
    t = estimate(ProductSpec(name="Trail running shoes", declared_unit="1 pair",
                             composition="200 g polyester fabric; 300 g natural rubber"), source=SHOE, runs=100, seed=1)
    assert t.settings["product_class"] == "footwear"
    assert t.result.materials_kgco2e == pytest.approx(2.15, rel=1e-9)
    assert t.result.kgco2e == pytest.approx(2.15 + 2.45, rel=1e-9)


def test_crisps_get_the_frying_heat():
    # 3.6 kg potatoes x 0.2 + 0.35 kg oil x 3 = 0.72 + 1.05 = 1.77 per kg of crisps (the BOM is per kg);
    # frying 0.5 kWh x 0.4 + 9 MJ x 0.06 = 0.2 + 0.54 = 0.74
    t = estimate(ProductSpec(name="Sea salt potato crisps", composition="3.6 kg potatoes; 0.35 kg sunflower oil"),
                 source=SHOE, runs=100, seed=1)
    assert t.settings["product_class"] == "frying"
    assert t.result.materials_kgco2e == pytest.approx(1.77, rel=1e-9)
    assert t.result.kgco2e == pytest.approx(1.77 + 0.74, rel=1e-9)

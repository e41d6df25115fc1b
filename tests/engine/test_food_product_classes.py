"""Food products get a food class from the mass of their food ingredients (dairy, meat, fats, sugars, cereals),
not from the words of drinks; the baking and canning classes are reached through it. Invented products,
hand-worked numbers on a hand-made factor table."""

from __future__ import annotations

import pytest

from openpcf.engine import ProductSpec, estimate
from openpcf.engine.process_energy import class_evidence, infer_product_class
from tests.support.factor_tables import TABLE, TableSource, _factor


@pytest.mark.parametrize(("name", "components", "expected"), [
    # a dairy product made from milk: the milk (not a drink word) carries the food class
    ("Halloumi-style grilling cheese", [("raw cow milk", 6.0), ("salt", 0.02)], "food_processing"),
    # meat products: the meat backs the class named by "sausages" / "nuggets"
    ("Smoked pork sausages", [("pork", 80.0), ("water", 12.0), ("rusk", 6.0), ("salt", 2.0)], "food_processing"),
    ("Breaded turkey nuggets", [("turkey meat", 60.0), ("wheat flour", 25.0), ("water", 10.0), ("rapeseed oil", 5.0)],
     "food_processing"),
    # a laminated pastry: flour + butter + eggs back the food class, and the name then makes it a baked good
    ("Almond croissant", [("wheat flour", 40.0), ("butter", 25.0), ("water", 18.0), ("almonds", 10.0), ("eggs", 7.0)],
     "baking"),
    # a food in its can is canned, once its food mass backs the class
    ("Tinned mackerel fillets", [("mackerel", 75.0), ("sunflower oil", 23.0), ("salt", 2.0)], "food_canning"),
    # not food: a cream that is a cosmetic, a salt that is de-icing salt (mineral oil and salt are no food evidence)
    ("Barrier hand cream", [("water", 68.0), ("paraffin oil", 17.0), ("glycerin", 10.0), ("cetyl alcohol", 5.0)],
     "chemical_formulation"),
    ("De-icing road salt", [("sodium chloride", 98.0), ("anti-caking agent", 2.0)], "chemical_formulation"),
])
def test_food_products_are_classed_by_their_food_mass(name, components, expected):
    assert infer_product_class(name, None, components) == expected


def test_dairy_and_meat_mass_is_food_evidence_and_drink_words_are_not_needed():
    ev = class_evidence([("whole milk", 50.0), ("beef", 30.0), ("polypropylene tray", 20.0)])
    assert ev["food_processing"] == pytest.approx(0.8, rel=1e-12)   # milk 50 + beef 30 of 100
    assert "beverages" not in ev                                      # milk and beef are not drink inputs


FOOD = TableSource([
    *TABLE.factors,
    _factor("wheat flour", 0.5),
    _factor("butter", 9.0),
    _factor("water", 0.001),
])


def test_a_croissant_gets_the_oven_step_on_its_flour_and_butter():
    # 0.5 kg flour x 0.5 + 0.3 kg butter x 9 + 0.2 kg water x 0.001 = 0.25 + 2.7 + 0.0002 = 2.9502;
    # baking default 0.25 kWh x 0.4 + 2.0 MJ x 0.06 = 0.1 + 0.12 = 0.22 on the whole kg (a further step:
    # the table's factors state no stages, so none covers conversion anyway)
    t = estimate(ProductSpec(name="Plain croissant", composition="wheat flour: 50%; butter: 30%; water: 20%"),
                 source=FOOD, runs=100, seed=1)
    assert t.settings["product_class"] == "baking"
    assert t.result.materials_kgco2e == pytest.approx(2.9502, rel=1e-9)
    assert t.result.kgco2e == pytest.approx(2.9502 + 0.22, rel=1e-9)

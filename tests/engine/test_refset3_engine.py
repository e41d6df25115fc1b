"""Engine rules changed for the third reference product set (issue 14): a substance that no material concept
names is still its own material when the product name says nothing more than its delivery state, and a stone
wool batch of basalt and slag is a melting batch. Hand-made factor table (electricity 0.4 kg/kWh, natural gas
0.06 kg/MJ); examples invented."""

from __future__ import annotations

import pytest

from openpcf.engine import ProductSpec, estimate
from openpcf.engine.estimation import is_own_material
from openpcf.engine.process_energy import infer_product_class
from tests.support.factor_tables import TABLE, TableSource, _factor

SOURCE = TableSource([*TABLE.factors, _factor("bromine", 1.5), _factor("propionic acid", 2.0)])


@pytest.mark.parametrize(("product", "line", "factor", "same"), [
    ("Bromine", "bromine", "Bromine, at plant", True),                       # no concept: the same words
    ("Bromine, liquid", "bromine", "Bromine, at plant", True),               # a delivery state
    ("Propionic acid (glacial)", "propionic acid", "Propionic acid", True),  # a grade
    ("Propionic acid 99.5 %", "propionic acid", "Propionic acid", True),     # a purity
    ("Propionic acid ester", "propionic acid", "Propionic acid", False),     # another product made from it
    ("Calcium propionate", "propionic acid", "Propionic acid", False),
    ("Cold-rolled steel coil", "cold-rolled steel", "Cold rolled sheet, steel, at plant", True),
    ("Aubergines grown in a heated greenhouse", "aubergines", None, True),  # how produce was grown
    ("Fresh organic parsnips", "parsnips", None, True),
    ("Parsnip soup", "parsnips", None, False),                               # a dish made from it
])
def test_own_material_without_a_concept(product, line, factor, same):
    assert is_own_material(product, line, factor) is same


def test_a_substance_sold_as_itself_gets_no_synthesis_energy_on_top():
    t = estimate(ProductSpec(name="Propionic acid (glacial)", composition="propionic acid: 100%"), source=SOURCE, runs=100)
    assert t.inputs[0].boundary.conversion_energy == "covered_by_factor"
    assert t.result.kgco2e == pytest.approx(2.0)
    # made from it, the synthesis default (1 kWh + 8 MJ) stays: 2.0 + 0.4 + 0.48
    t = estimate(ProductSpec(name="Propionic acid ester", composition="propionic acid: 100%"), source=SOURCE, runs=100)
    assert t.result.kgco2e == pytest.approx(2.0 + 1.0 * 0.4 + 8.0 * 0.06)


def test_stone_wool_from_basalt_and_slag_is_melted():
    comp = [("basalt", 0.7), ("blast furnace slag", 0.15), ("dolomite", 0.1), ("phenolic binder", 0.05)]
    assert infer_product_class("Stone wool insulation slab", None, comp) == "glass_melting"
    # before, only dolomite (10 %) counted as batch and the slab fell to general manufacturing
    assert infer_product_class("Stone wool insulation slab", None, [("basalt", 0.9), ("phenolic binder", 0.1)]) == "glass_melting"


@pytest.mark.parametrize(("name", "cls"), [
    ("White wheat bread", "baking"), ("Butter biscuits", "baking"), ("Sourdough rye loaf", "baking"),
    ("Bread flour", "food_processing"), ("Cake mix", "food_processing"), ("Tomato sauce", "food_processing"),
])
def test_baked_goods_are_baked(name, cls):
    comp = [("wheat flour", 0.6), ("water", 0.35), ("salt", 0.05)] if cls != "food_processing" or "flour" in name or "mix" in name \
        else [("tomato", 0.9), ("salt", 0.1)]
    assert infer_product_class(name, None, comp) == cls


def test_baking_is_a_further_step_on_flour_whose_factor_covers_milling():
    from openpcf.engine.process_energy import conversion_covered, energy_default

    assert not conversion_covered(["material_production", "conversion"], "baking")
    assert conversion_covered(["material_production", "conversion"], "food_processing")
    d = energy_default("baking")
    assert (d.electricity_kwh_per_kg, d.heat_mj_per_kg) == (0.25, 2.0)

"""A quarried mineral is not a glass batch (issue 14, lead, session 8): a product of 100 % limestone took the
glass-melting class (melting energy and the carbonate's CO2) because limestone is one of a batch's inputs. A melted
batch needs its former (sand, cullet, a melting rock); crushed-rock aggregates have a quarry class of their own."""

from __future__ import annotations

import pytest

from openpcf.engine.process_energy import ENERGY_DEFAULTS, infer_product_class


@pytest.mark.parametrize(("name", "components", "expected"), [
    # invented products: a quarry product named by its use, a filler, a glass batch, a melted rock
    ("Crushed granite chippings 6/10", [("granite", 1.0)], "aggregate_crushing"),
    ("Recycled concrete aggregate", [("crushed concrete", 1.0)], "aggregate_crushing"),
    ("Railway ballast", [("basalt", 1.0)], "aggregate_crushing"),
    ("Ready-mix concrete with recycled aggregate", [("cement", 0.12), ("aggregates", 0.8), ("water", 0.08)],
     "concrete_mixing"),
    ("Ground chalk filler", [("limestone", 1.0)], "general_manufacturing"),
    ("Melt batch", [("sand", 0.6), ("soda ash", 0.2), ("limestone", 0.2)], "glass_melting"),
    ("Fibre product", [("basalt", 0.8), ("coke", 0.2)], "glass_melting"),
])
def test_a_mineral_alone_is_no_glass_batch_and_aggregates_are_crushed(name, components, expected):
    assert infer_product_class(name, None, components) == expected


def test_the_quarry_default_is_a_few_kwh_and_a_litre_of_diesel_per_tonne():
    d = ENERGY_DEFAULTS["aggregate_crushing"]
    # 3 kWh and 30 MJ (≈ 0.8 l diesel at 36 MJ/l) per tonne = 0.003 kWh and 0.03 MJ per kg
    assert d.electricity_kwh_per_kg == pytest.approx(0.003) and d.heat_mj_per_kg == pytest.approx(0.03)


def test_a_crushed_limestone_aggregate_takes_no_kiln_co2():
    from openpcf.engine import ProductSpec, estimate

    t = estimate(ProductSpec(name="Crushed limestone aggregate 2/20", declared_unit="1 kg",
                             composition="limestone: 100%"), region="GB", runs=10, seed=1)
    assert t.settings["product_class"] == "aggregate_crushing"
    names = [x.name for x in t.all_lines()]
    assert not any("furnace or kiln" in n for n in names)
    electricity = next(x for x in t.all_lines() if x.name == "process electricity")
    assert electricity.rate.value == pytest.approx(0.003)

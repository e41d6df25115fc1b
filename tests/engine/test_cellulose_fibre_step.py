"""A man-made cellulose fibre spun from dissolving pulp gets the fibre-making step (steeping, dissolving, wet
spinning, washing, drying) that a pulp factor leaves out; a garment of bought viscose fibre stays a textile.
Invented products, hand-worked numbers on a hand-made factor table."""

from __future__ import annotations

import pytest

from openpcf.engine import ProductSpec, estimate
from openpcf.engine.process_energy import ENERGY_DEFAULTS, infer_product_class
from tests.support.factor_tables import TABLE, TableSource, _factor


@pytest.mark.parametrize(("name", "components", "expected"), [
    ("Lyocell staple fibre", [("dissolving pulp", 100.0)], "regenerated_cellulose"),
    ("Bright viscose filament", [("dissolving wood pulp", 96.0), ("titanium dioxide", 4.0)], "regenerated_cellulose"),
    # the fibre is bought: the garment is made by the textile stages, not by spinning pulp
    ("Viscose blouse", [("viscose", 100.0)], "textiles"),
    # a pulp product that names no cellulose fibre is no fibre
    ("Moulded pulp tray", [("wood pulp", 100.0)], "wood_products"),
])
def test_a_cellulose_fibre_from_pulp_is_spun_from_it(name, components, expected):
    assert infer_product_class(name, None, components) == expected


PULP = TableSource([*TABLE.factors, _factor("dissolving pulp", 0.8)])


def test_the_fibre_step_is_added_to_the_pulp():
    d = ENERGY_DEFAULTS["regenerated_cellulose"]
    assert (d.electricity_kwh_per_kg, d.heat_mj_per_kg) == (2.0, 25.0)
    # 1 kg pulp x 0.8 = 0.8; 2.0 kWh x 0.4 + 25 MJ x 0.06 = 0.8 + 1.5 = 2.3 on top: 3.1
    t = estimate(ProductSpec(name="Modal staple fibre", composition="dissolving pulp: 100%"), source=PULP, runs=100, seed=1)
    assert t.settings["product_class"] == "regenerated_cellulose"
    assert t.result.materials_kgco2e == pytest.approx(0.8, rel=1e-12)
    assert t.result.kgco2e == pytest.approx(3.1, rel=1e-9)

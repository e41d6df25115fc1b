"""Ceramic tableware is fired two or three times in periodic kilns: its own class, not the floor-tile default.
Invented products, hand-worked numbers on a hand-made factor table."""

from __future__ import annotations

import pytest

from openpcf.engine import ProductSpec, estimate
from openpcf.engine.process_energy import ENERGY_DEFAULTS, infer_product_class
from tests.support.factor_tables import TABLE, TableSource, _factor


@pytest.mark.parametrize(("name", "components", "expected"), [
    ("Stoneware soup bowl", [("ball clay", 40.0), ("feldspar", 25.0), ("quartz", 30.0), ("glaze", 5.0)], "tableware_firing"),
    ("Bone china teacup", [("bone ash", 45.0), ("china clay", 25.0), ("feldspar", 30.0)], "tableware_firing"),
    ("Porcelain floor tile", [("kaolin", 50.0), ("feldspar", 40.0), ("quartz", 10.0)], "ceramic_firing"),
    # a cup that is not ceramic keeps its own class
    ("Polystyrene drinking cup", [("polystyrene", 100.0)], "plastic_conversion"),
])
def test_tableware_is_classed_apart_from_tiles(name, components, expected):
    assert infer_product_class(name, None, components) == expected


CLAY = TableSource([*TABLE.factors, _factor("kaolin", 0.1), _factor("feldspar", 0.05)])


def test_a_mug_gets_the_tableware_firing():
    d = ENERGY_DEFAULTS["tableware_firing"]
    assert (d.electricity_kwh_per_kg, d.heat_mj_per_kg) == (1.0, 25.0)
    # per kg: 0.6 x 0.1 + 0.4 x 0.05 = 0.08; firing 1.0 x 0.4 + 25 x 0.06 = 0.4 + 1.5 = 1.9
    t = estimate(ProductSpec(name="Espresso mug", composition="kaolin: 60%; feldspar: 40%"), source=CLAY, runs=100, seed=1)
    assert t.settings["product_class"] == "tableware_firing"
    assert t.result.kgco2e == pytest.approx(0.08 + 1.9, rel=1e-9)

"""The engine reads recipe ingredients through the one resolver: concentrates count their fruit, pulses are dry.

An invented juice drink and an invented pulse dish on the open library; worked values from the library.
"""

from __future__ import annotations

import pytest

from openpcf.engine import ProductSpec, estimate
from openpcf.engine.estimation import default_factor_source
from openpcf.factors import open_library


@pytest.fixture(scope="module")
def source():
    return default_factor_source()


def _line(trace, name: str):
    return next(line for line in trace.inputs if line.name == name)


def test_juice_drink_counts_the_fruit_in_its_concentrate(source):
    lib = {f.id: f for f in open_library()}
    conc = lib["openpcf-estimate:food:fruit-juice-concentrate"].value  # 1.96 kg CO2e per kg concentrate
    t = estimate(ProductSpec(name="Invented berry drink", composition="water: 88%; fruit juice concentrate: 12%"),
                 source=source, product_class="beverages", runs=100, seed=1)
    # 0.12 kg concentrate x 1.96 = 0.235 kg CO2e: about 1.2 kg fruit, not 0.12 kg fruit (0.04)
    assert _line(t, "fruit juice concentrate").kgco2e == pytest.approx(0.12 * conc, rel=1e-6)


def test_pulse_salad_takes_dry_chickpeas(source):
    lib = {f.id: f for f in open_library()}
    dry = lib["agribalyse3.1.1:food:20516"].value  # Chick pea, dried: 0.391 kg CO2e/kg
    t = estimate(ProductSpec(name="Invented pulse mix", composition="chickpeas: 60%; lentils: 40%"),
                 source=source, product_class="food_processing", runs=100, seed=1)
    assert _line(t, "chickpeas").kgco2e == pytest.approx(0.6 * dry, rel=1e-6)

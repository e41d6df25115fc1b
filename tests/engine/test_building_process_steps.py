"""Building-product process steps (issue 14, branch machines): coke-fired cupolas for stone wool and the autoclave
curing of fibre-cement, aerated-concrete and sand-lime products. Invented products; expected values worked by
hand from the rule's figures (factors read from the trace)."""

from __future__ import annotations

import pytest

from openpcf.engine.estimation import default_factor_source, estimate
from openpcf.engine.levers import what_if_region
from openpcf.engine.process_energy import (
    FURTHER_STEP_CLASSES,
    energy_default,
    fuel_in,
    infer_product_class,
    process_fuel,
)
from openpcf.engine.product import ProductSpec

GAS_PER_MJ = 0.23611 / 3.6  # DESNZ 2024 natural gas burnt, kg CO2e per MJ (net CV)
COKING_COAL_PER_MJ = 0.436 / 3.6  # DESNZ 2024 coking coal burnt, kg CO2e per MJ: the proxy for coke


def _est(name: str, composition: str, description: str | None = None, region: str | None = None):
    return estimate(ProductSpec(name=name, description=description, composition=composition, declared_unit="1 kg",
                                region=region), runs=50)


def _heat(trace):
    (line,) = [x for x in trace.energy if x.name.startswith("process heat")]
    return line


ROCK_WOOL = "diabase: 80%; dolomite: 8%; phenolic resin: 3%; blast furnace slag: 9%"


@pytest.mark.parametrize(("name", "description", "fuel"), [
    ("Rock wool slab", None, "coke"),
    ("Stone wool pipe section", "melted in a hot-blast cupola", "coke"),
    ("Stone wool slab", "melted in an electric furnace", "natural gas"),  # names only another furnace
    ("Stone wool slab", "cupola or electric furnace melted", "coke"),     # names the cupola
    ("Glass wool roll", None, "natural gas"),                              # glass wool: the class default
])
def test_stone_wool_is_melted_with_coke_unless_another_furnace_is_named(name, description, fuel):
    assert process_fuel("glass_melting", "DE", name, description) == fuel


def test_the_product_fuel_only_applies_to_its_class_and_region_rules_stay():
    assert process_fuel("wood_panels", None, "Rock wool slab") == "natural gas"
    assert process_fuel("structural_ceramics", "CN", "Clay brick") == "hard coal"
    assert fuel_in("process heat (coke)") == "coke"
    assert fuel_in("process heat (petroleum coke)") == "petroleum coke"


def test_a_rock_wool_slab_burns_coke_at_the_melting_default():
    t = _est("Rock wool slab", ROCK_WOOL, region="DE")
    assert t.settings["product_class"] == "glass_melting"
    heat = _heat(t)
    assert heat.name == "process heat (coke)"
    d = energy_default("glass_melting")
    # 5.5 MJ per kg on the batch mass the factors do not cover; the coke factor is coking coal's per MJ
    assert heat.factor.value == pytest.approx(COKING_COAL_PER_MJ, rel=1e-3)  # 0.1211 kg CO2e/MJ
    assert d.heat_mj_per_kg == 5.5
    glass = _est("Glass wool roll", ROCK_WOOL, region="DE")
    g_heat = _heat(glass)
    assert g_heat.name == "process heat (natural gas)" and g_heat.rate.value == pytest.approx(heat.rate.value)
    # same MJ, other fuel: the difference is MJ x (0.1211 - 0.0656)
    assert t.result.kgco2e - glass.result.kgco2e == pytest.approx(
        heat.rate.value * (COKING_COAL_PER_MJ - GAS_PER_MJ), rel=1e-3)


def test_a_what_if_region_keeps_the_products_own_fuel():
    t = _est("Rock wool slab", ROCK_WOOL, region="DE")
    moved = what_if_region(t, "FR", default_factor_source())
    assert any(x.name == "process heat (coke)" for x in moved.energy)


@pytest.mark.parametrize(("name", "components", "expected"), [
    ("Fibre cement facade panel", [("cement", 50), ("quartz sand", 35), ("cellulose pulp", 8), ("water", 7)],
     "autoclaved_curing"),
    ("Sand-lime bricks", [("sand", 88), ("quicklime", 8), ("water", 4)], "autoclaved_curing"),
    ("Aerated concrete lintel", [("sand", 60), ("cement", 20), ("lime", 15), ("steel rebar", 5)], "autoclaved_curing"),
    ("Concrete paving slab", [("cement", 15), ("gravel", 50), ("sand", 30), ("water", 5)], "concrete_mixing"),
])
def test_autoclaved_products(name, components, expected):
    assert infer_product_class(name, None, components) == expected


def test_a_fibre_cement_panel_gets_the_autoclave_curing_on_its_whole_mass():
    d = energy_default("autoclaved_curing")
    assert "autoclaved_curing" in FURTHER_STEP_CLASSES
    assert (d.electricity_kwh_per_kg, d.heat_mj_per_kg) == (0.1, 1.5)
    t = _est("Fibre cement facade panel", "cement: 50%; quartz sand: 35%; cellulose pulp: 8%; water: 7%", region="DE")
    assert t.settings["product_class"] == "autoclaved_curing"
    heat = _heat(t)
    elec = next(x for x in t.energy if x.name == "process electricity")
    assert heat.rate.value == pytest.approx(1.5)  # 1.5 MJ x 1 kg: a further step, nothing covered
    assert elec.rate.value == pytest.approx(0.1)
    assert heat.factor.value == pytest.approx(GAS_PER_MJ, rel=1e-3)

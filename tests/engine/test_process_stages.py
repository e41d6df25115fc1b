"""Issue 14's method rules, each with numbers worked by hand: carbonate (geogenic) CO2 and the batch yield
of thermal classes, the ceramic and lime classes, and the stage-wise textile conversion chain.

Hand-made factor table (electricity 0.4 kg/kWh, natural gas 0.06 kg/MJ); the examples are invented."""

from __future__ import annotations

import pytest

from openpcf.engine import ProductSpec, estimate
from openpcf.engine.material_names import CARBONATE_CO2, carbonate_of
from openpcf.engine.process_energy import infer_product_class
from openpcf.engine.product import BomEntry
from openpcf.engine.textile_stages import (
    FABRIC,
    FIBRE,
    GREIGE,
    MADE_UP,
    POLYMER,
    YARN,
    fabric_route,
    input_level,
    input_per_product,
    product_level,
    stage_chain,
)
from tests.support.factor_tables import TABLE, TableSource, _factor

SOURCE = TableSource([
    *TABLE.factors,
    _factor("limestone", 0.01), _factor("sand", 0.01), _factor("soda ash", 0.8), _factor("clay", 0.01),
    _factor("feldspar", 0.02), _factor("calcite", 0.01), _factor("cotton", 2.0), _factor("cotton yarn", 5.0),
    _factor("cotton fabric", 8.0), _factor("polyester buttons", 3.0), _factor("calcium carbonate", 0.05),
    _factor("acrylic binder", 2.5), _factor("titanium dioxide", 5.0),
])
ELEC, GAS = 0.4, 0.06


# ---------------------------------------------------------------- 1. stoichiometry

def test_carbonate_co2_per_kg_is_molar_mass_ratio():
    # M(CO2) = 12.011 + 2 × 15.999 = 44.009; CO3 = 60.008
    by_hand = {
        "calcium carbonate": 44.009 / (40.078 + 60.008),             # 0.43971
        "sodium carbonate": 44.009 / (2 * 22.990 + 60.008),          # 0.41523
        "magnesium carbonate": 44.009 / (24.305 + 60.008),           # 0.52197
        "potassium carbonate": 44.009 / (2 * 39.098 + 60.008),       # 0.31843
        "barium carbonate": 44.009 / (137.327 + 60.008),             # 0.22302
        "strontium carbonate": 44.009 / (87.62 + 60.008),            # 0.29811
        "lithium carbonate": 44.009 / (2 * 6.94 + 60.008),           # 0.59562
    }
    for name, value in by_hand.items():
        assert CARBONATE_CO2[name][1] == pytest.approx(value, rel=1e-4), name
    assert CARBONATE_CO2["calcium carbonate"][1] == pytest.approx(0.4397, abs=1e-4)
    assert CARBONATE_CO2["dolomite"][1] == pytest.approx(2 * 44.009 / 184.399, rel=1e-4)  # 0.47732


def test_carbonate_names():
    assert carbonate_of("witherite") == "barium carbonate"
    assert carbonate_of("potassium carbonate (K2CO3)") == "potassium carbonate"
    assert carbonate_of("lithium carbonate") == "lithium carbonate"
    assert carbonate_of("sodium bicarbonate") is None and carbonate_of("potassium hydroxide") is None


# ---------------------------------------------------------------- 2. batch yield + process CO2

def test_quicklime_from_limestone_needs_1_785_kg_per_kg_and_releases_0_785_kg_co2():
    t = estimate(ProductSpec(name="Quicklime", composition="limestone: 100%"), source=SOURCE, runs=100)
    assert t.settings["product_class"] == "lime_clinker_burning"
    f = 44.009 / 100.086                      # 0.43971 kg CO2 per kg CaCO3
    scale = 1 / (1 - f)                       # 1.78481 kg limestone per kg CaO
    assert t.inputs[0].rate.value == pytest.approx(scale, rel=1e-4)
    process = [x for x in t.energy if x.kind == "process"]
    assert len(process) == 1 and process[0].kgco2e == pytest.approx(scale * f, rel=1e-4)  # 0.78481 = scale − 1
    assert process[0].factor.gwp.startswith("CO2 (GWP 1), fossil")
    # kiln default 0.05 kWh + 4.0 MJ per kg of quicklime
    assert t.result.energy_kgco2e == pytest.approx(0.05 * ELEC + 4.0 * GAS + scale * f, rel=1e-4)
    assert t.result.kgco2e == pytest.approx(scale * 0.01 + 0.78481 + 0.26, rel=1e-4)    # 1.06266
    check = next(c for c in t.checks if c.code == "batch_yield")
    assert check.value == pytest.approx(1.78481, rel=1e-4)


def test_glass_batch_scaled_for_the_co2_that_leaves_the_melt():
    t = estimate(ProductSpec(name="Container glass jar", composition="sand: 60%; soda ash: 20%; limestone: 20%"),
                 source=SOURCE, runs=100)
    assert t.settings["product_class"] == "glass_melting"
    f = 0.2 * 0.415226 + 0.2 * 0.439711       # 0.170987 kg CO2 per kg batch
    scale = 1 / (1 - f)                       # 1.206254 kg batch per kg glass
    rates = {x.name: x.rate.value for x in t.inputs}
    assert rates == pytest.approx({"sand": 0.6 * scale, "soda ash": 0.2 * scale, "limestone": 0.2 * scale}, rel=1e-5)
    co2 = sum(x.kgco2e for x in t.energy if x.kind == "process")
    assert co2 == pytest.approx(scale * f, rel=1e-5)                    # 0.206254 kg CO2 per kg glass
    materials = scale * (0.6 * 0.01 + 0.2 * 0.8 + 0.2 * 0.01)           # 0.202640
    energy = 0.4 * ELEC + 5.5 * GAS                                     # 0.49 (container-glass default)
    assert t.result.kgco2e == pytest.approx(materials + energy + scale * f, rel=1e-5)


def test_a_bom_with_the_real_batch_masses_is_not_scaled():
    bom = [BomEntry(name="limestone", amount=1.8, unit="kg")]
    t = estimate(ProductSpec(name="Burnt lime", bom=bom), source=SOURCE, runs=100)
    assert t.settings["product_class"] == "lime_clinker_burning"
    assert t.inputs[0].rate.value == pytest.approx(1.8) and not any(c.code == "batch_yield" for c in t.checks)
    assert sum(x.kgco2e for x in t.energy if x.kind == "process") == pytest.approx(1.8 * 0.439711, rel=1e-5)


def test_carbonate_filler_in_a_cold_mix_releases_nothing():
    t = estimate(ProductSpec(name="Emulsion wall paint",
                             composition="water: 40%; calcium carbonate: 30%; acrylic binder: 20%; titanium dioxide: 10%"),
                 source=SOURCE, runs=100)
    assert t.settings["product_class"] == "chemical_formulation"
    assert not any(x.kind == "process" for x in t.energy) and not any(c.code == "batch_yield" for c in t.checks)
    assert next(x for x in t.inputs if x.name == "calcium carbonate").rate.value == pytest.approx(0.3)


def test_ceramic_tile_fired_with_calcite_in_the_body():
    spec = ProductSpec(name="Glazed ceramic wall tile", composition="clay: 80%; feldspar: 15%; calcite: 5%",
                       declared_unit="1 m2", declared_mass_kg=15.0)
    t = estimate(spec, source=SOURCE, runs=100)
    assert t.settings["product_class"] == "ceramic_firing"
    f = 0.05 * 0.439711                       # 0.0219855
    scale = 1 / (1 - f)                       # 1.022480
    assert sum(x.kgco2e for x in t.energy if x.kind == "process") == pytest.approx(15 * scale * f, rel=1e-5)  # 0.3372
    # spray drying + firing default 0.25 kWh + 5.5 MJ per kg of fired tile: 15 × 0.43 = 6.45
    assert sum(x.kgco2e for x in t.energy if x.kind == "energy") == pytest.approx(15 * (0.25 * ELEC + 5.5 * GAS))
    assert t.result.materials_kgco2e == pytest.approx(15 * scale * (0.8 * 0.01 + 0.15 * 0.02 + 0.05 * 0.01), rel=1e-5)


def test_vitreous_china_takes_the_sanitaryware_firing_default_not_the_tile_one():
    spec = ProductSpec(name="Vitreous china washbasin", composition="kaolin: 50%; feldspar: 20%; quartz: 30%",
                       declared_unit="1 kg")
    t = estimate(spec, source=SOURCE, runs=100)
    assert t.settings["product_class"] == "sanitary_ceramics"
    # slip casting, drying, firing and refiring: 0.5 kWh + 14 MJ per kg = 0.5 x 0.4 + 14 x 0.06 = 1.04
    assert sum(x.kgco2e for x in t.energy if x.kind == "energy") == pytest.approx(0.5 * ELEC + 14.0 * GAS)


def test_beer_takes_the_brewing_default_per_kg_of_beer():
    spec = ProductSpec(name="Pilsner beer, in tank", composition="water: 92%; barley malt: 7.5%; hops: 0.5%",
                       declared_unit="1 kg")
    t = estimate(spec, source=SOURCE, runs=100)
    assert t.settings["product_class"] == "brewing"
    # mashing, wort boiling, cooling: 0.1 kWh + 1.3 MJ per kg = 0.1 x 0.4 + 1.3 x 0.06 = 0.118
    assert sum(x.kgco2e for x in t.energy if x.kind == "energy") == pytest.approx(0.1 * ELEC + 1.3 * GAS)


# ---------------------------------------------------------------- 3. product classes from general words

@pytest.mark.parametrize(("name", "components", "expected"), [
    ("Porcelain stoneware tile", [("clay", 0.7), ("feldspar", 0.3)], "ceramic_firing"),
    ("Vitreous china washbasin", [("kaolin", 0.5), ("ball clay", 0.2), ("quartz", 0.3)], "sanitary_ceramics"),
    ("Ceramic WC pan", [("kaolin", 0.5), ("feldspar", 0.2), ("quartz", 0.3)], "sanitary_ceramics"),
    ("Plastic toilet cistern", [("polypropylene", 0.9), ("steel", 0.1)], "plastic_conversion"),
    ("Lager beer", [("water", 0.92), ("barley malt", 0.07), ("hops", 0.01)], "brewing"),
    ("Ginger ale", [("water", 0.9), ("sugar", 0.1)], "general_manufacturing"),  # a soft drink, not a brew
    ("Orange juice drink", [("water", 0.5), ("orange juice concentrate", 0.5)], "beverages"),
    ("Clay roof tile", [("clay", 1.0)], "structural_ceramics"),
    ("Facing brick", [("shale", 0.8), ("clay", 0.2)], "structural_ceramics"),
    ("Float glass pane", [("sand", 0.6), ("soda ash", 0.2), ("dolomite", 0.2)], "flat_glass_melting"),
    ("Stone wool slab", [("basalt", 0.5), ("dolomite", 0.3), ("cullet", 0.2)], "glass_melting"),
    ("Cement clinker", [("limestone", 0.8), ("clay", 0.2)], "lime_clinker_burning"),
    ("Merino sweater", [("wool", 1.0)], "textiles"),
    ("Woven polyester fabric", [("polyester", 1.0)], "textiles"),
    # unchanged: the word needs the mass of a typical input
    ("Carpet tile", [("nylon", 0.4), ("bitumen", 0.6)], "general_manufacturing"),
    ("Toilet paper", [("pulp", 1.0)], "general_manufacturing"),
    ("Lime juice", [("lime", 0.3), ("water", 0.7)], "beverages"),
    ("Woven polypropylene bag", [("polypropylene", 1.0)], "plastic_conversion"),
    ("Glass fibre reinforced PA6", [("PA6", 0.7), ("glass fibre", 0.3)], "plastics_compounding"),
])
def test_product_classes(name, components, expected):
    assert infer_product_class(name, None, components) == expected


# ---------------------------------------------------------------- 4. textile stages

def test_levels_and_routes():
    assert product_level("Cotton T-shirt") == MADE_UP and product_level("Greige cotton fabric") == GREIGE
    assert product_level("Dyed woven fabric") == FABRIC and product_level("Polyester filament yarn") == YARN
    assert product_level("Viscose staple fibre") == FIBRE and product_level("Spunbond nonwoven") is None
    assert product_level("Cotton", "a knitted jersey") == FABRIC  # the description when the name says nothing
    assert fabric_route("Cotton T-shirt") == "knitting" and fabric_route("Poplin shirt") == "weaving"
    assert input_level("cotton", "Cotton fibre (lint), ginned") == FIBRE
    assert input_level("polyester", "Plastics: PET") == POLYMER
    assert input_level("polyester", "Polyester filament yarn, textured") == YARN
    assert input_level("polyester buttons", "Polyester buttons") is None
    assert [s.key for s in stage_chain(POLYMER, FABRIC, "weaving")] == ["melt_spinning", "weaving", "wet_processing"]
    assert stage_chain(FABRIC, FABRIC) == [] and stage_chain(POLYMER, FIBRE) == []
    assert input_per_product(stage_chain(FIBRE, MADE_UP, "knitting")) == pytest.approx(1.136 * 1.03 * 1.03 * 1.176)


def test_cotton_tshirt_from_fibre_gets_every_stage_and_its_yield():
    spec = ProductSpec(name="Cotton T-shirt", composition="cotton: 100%", declared_unit="1 item", declared_mass_kg=0.2)
    t = estimate(spec, source=SOURCE, runs=100)
    assert t.settings["product_class"] == "textiles"
    # stage outputs back from 0.2 kg of T-shirt: making-up 0.2; wet processing 0.2 × 1.176 = 0.2352;
    # knitting 0.2352 × 1.03 = 0.242256; spinning 0.242256 × 1.03 = 0.24952368; fibre × 1.136 = 0.28345890
    assert t.inputs[0].rate.value == pytest.approx(0.28345890, rel=1e-7)
    by_name = {x.name: x.rate.value for x in t.energy}
    assert by_name == pytest.approx({
        "textile stage: spinning (staple fibre to yarn) (electricity)": 3.5 * 0.24952368,   # 0.87333 kWh
        "textile stage: knitting (electricity)": 1.0 * 0.242256,
        "textile stage: wet processing (pretreatment, dyeing, finishing) (electricity)": 1.5 * 0.2352,
        "textile stage: wet processing (pretreatment, dyeing, finishing) (heat, natural gas)": 15 * 0.2352,  # 3.528 MJ
        "textile stage: making-up (cutting, sewing, pressing) (electricity)": 1.0 * 0.2,
    }, rel=1e-7)
    # 1.66838888 kWh × 0.4 + 3.528 MJ × 0.06 + 0.28345890 kg × 2.0 = 0.66735555 + 0.21168 + 0.56691780
    assert t.result.kgco2e == pytest.approx(1.44595335, rel=1e-6)
    assert t.inputs[0].boundary.conversion_energy == "added"
    assert all("textile stage" in x.name for x in t.energy)  # no flat class default on top


def test_fabric_from_a_yarn_factor_gets_no_spinning():
    t = estimate(ProductSpec(name="Woven cotton fabric, dyed", composition="cotton yarn: 100%"), source=SOURCE, runs=100)
    assert [x.name for x in t.energy if "spinning" in x.name] == []
    # 1 kg finished fabric: greige 1.03 kg; yarn 1.03 × 1.05 = 1.0815 kg
    # weaving 2.5 × 1.03 + wet 1.5 kWh = 4.075 kWh; wet heat 15 MJ
    assert t.inputs[0].rate.value == pytest.approx(1.0815)
    assert t.result.kgco2e == pytest.approx(1.0815 * 5.0 + 4.075 * ELEC + 15 * GAS)   # 7.9375


def test_garment_from_fabric_gets_making_up_only_and_trims_no_stage():
    t = estimate(ProductSpec(name="Denim jacket", composition="cotton fabric: 95%; polyester buttons: 5%"),
                 source=SOURCE, runs=100)
    fabric, buttons = t.inputs
    assert fabric.rate.value == pytest.approx(0.95 * 1.176) and buttons.rate.value == pytest.approx(0.05)
    assert buttons.boundary.conversion_energy == "not_applicable"
    assert [x.name for x in t.energy] == ["textile stage: making-up (cutting, sewing, pressing) (electricity)"]
    assert t.result.kgco2e == pytest.approx(1.1172 * 8.0 + 0.05 * 3.0 + 0.95 * 1.0 * ELEC)   # 9.4676


def test_a_user_electricity_row_replaces_the_stage_electricity():
    bom = [BomEntry(name="cotton", amount=1.0, unit="kg"), BomEntry(name="electricity", amount=2.0, unit="kWh")]
    t = estimate(ProductSpec(name="Knitted cotton fabric", bom=bom), source=SOURCE, runs=100)
    names = [x.name for x in t.energy]
    assert names == ["electricity", "textile stage: wet processing (pretreatment, dyeing, finishing) (heat, natural gas)"]


# ---------------------------------------------------------------- 5. fermentation (its own energy class)

@pytest.mark.parametrize(("name", "components", "expected"), [
    # the route is named and its carbohydrate feedstock carries the mass: the neutralising and precipitation
    # chemicals count with it (evidence 1.0 beats chemical synthesis's 0.45)
    ("Calcium lactate", [("glucose syrup", 0.55), ("calcium hydroxide", 0.30), ("sulfuric acid", 0.15)],
     "fermentation"),
    ("L-lysine feed grade", [("dextrose", 0.7), ("ammonia", 0.2), ("corn steep liquor", 0.1)], "fermentation"),
    # no feedstock: bought lactic acid neutralised with potash lye is not a fermentation (mass majority:
    # chemicals mixed, i.e. formulation)
    ("Potassium lactate", [("lactic acid", 0.6), ("potassium hydroxide", 0.4)], "chemical_formulation"),
    # a cleaner with bought citric acid is a formulation (the name says cleaner, not citric acid)
    ("Descaling cleaner with citric acid", [("water", 0.8), ("citric acid", 0.2)], "chemical_formulation"),
])
def test_fermentation_needs_its_feedstock(name, components, expected):
    assert infer_product_class(name, None, components) == expected


def test_fermentation_energy_default_is_applied_per_kg_of_product():
    source = TableSource([*SOURCE.factors, _factor("glucose syrup", 0.5), _factor("calcium hydroxide", 0.8)])
    t = estimate(ProductSpec(name="Calcium gluconate", composition="glucose syrup: 70%; calcium hydroxide: 30%"),
                 source=source, runs=50)
    assert t.settings["product_class"] == "fermentation"
    # 2.5 kWh × 0.4 + 25 MJ × 0.06 = 1.0 + 1.5 = 2.5 kg CO2e per kg; materials 0.7 × 0.5 + 0.3 × 0.8 = 0.59
    assert sum(x.kgco2e for x in t.energy) == pytest.approx(2.5, rel=1e-6)
    assert t.result.kgco2e == pytest.approx(2.5 + 0.59, rel=1e-6)

"""Composition-path rules of issue 14 (epdfix): the forming step inside a factor for the formed product, heated
greenhouses, the rough-milling yield of solid-wood articles. Invented products; expected values worked by
hand from the rule's figures and the factor each line resolves to (read from the trace, so the tests pin the
rule's arithmetic, not the factor library)."""

from __future__ import annotations

import pytest

from openpcf.engine.estimation import estimate
from openpcf.engine.process_energy import (
    GREENHOUSE_HEATING,
    SOLID_WOOD_ROUGH_MILLING,
    energy_default,
    formed_product_in_factor,
    heated_greenhouse,
    is_solid_wood,
    solid_wood_article,
)
from openpcf.engine.product import BomEntry, ProductSpec

GAS_PER_MJ = 0.23611 / 3.6  # DESNZ 2024 natural gas burnt, kg CO2e per MJ (net CV)


def _est(name: str, composition: str | None = None, bom: list[tuple[str, float, str]] | None = None,
         unit: str = "1 kg", region: str | None = None, description: str | None = None):
    entries = [BomEntry(name=n, amount=a, unit=u) for n, a, u in bom] if bom else None
    return estimate(ProductSpec(name=name, description=description, composition=composition, bom=entries,
                                declared_unit=unit, region=region), runs=50)


def _line(trace, name: str):
    return next(x for x in [*trace.inputs, *trace.energy] if x.name == name)


def _energy(trace, prefix: str):
    return [x for x in trace.energy if x.name.startswith(prefix)]


# ------------------------------------------------------------------ forming inside the factor

@pytest.mark.parametrize(("product", "factor", "expected"), [
    ("Zinc-coated steel strip", "Galvanized steel sheet, at plant", "flat-rolled product (sheet, coil, strip)"),
    ("Hot-dip galvanised coil, 0.5 mm", "Galvanized steel coil, coated, at plant", "flat-rolled product (sheet, coil, strip)"),
    ("Food can, three-piece, tinplate", "steel cans, primary production", "can"),
    ("Steel bracket, galvanised", "Galvanized steel sheet, at plant", None),       # a part formed from the sheet
    ("Aluminium foil tray", "aluminium cans and foil (excl. forming), primary production", None),  # says it excludes it
])
def test_the_factor_for_the_formed_product_covers_its_forming(product, factor, expected):
    assert formed_product_in_factor(product, factor, "metal_products") == expected


def test_only_the_metal_products_default_is_a_forming_step():
    assert formed_product_in_factor("PE film", "Polyethylene film", "plastic_conversion") is None


def test_a_galvanised_strip_on_a_sheet_factor_gets_no_metal_products_energy():
    t = _est("Zinc-coated steel strip", composition="hot-dip galvanised steel: 100%")
    line = _line(t, "hot-dip galvanised steel")
    assert "sheet" in line.factor.name.lower()
    assert line.boundary.conversion_energy == "covered_by_factor"
    assert t.energy == []
    assert t.result.kgco2e == pytest.approx(line.factor.value, rel=1e-9)  # 1 kg x the sheet's factor, nothing added


def test_a_bracket_bent_from_galvanised_sheet_still_gets_the_forming_energy():
    t = _est("Steel bracket, galvanised", composition="hot-dip galvanised steel: 100%")
    d = energy_default("metal_products")
    assert _line(t, "hot-dip galvanised steel").boundary.conversion_energy == "added"
    assert _line(t, "process electricity").rate.value == pytest.approx(d.electricity_kwh_per_kg)  # 1.5 kWh per kg


# ------------------------------------------------------------------ heated greenhouse

@pytest.mark.parametrize(("text", "heated"), [
    ("Tomatoes grown in a heated greenhouse", True),
    ("glasshouse cucumbers, heated", True),
    ("heated-greenhouse sweet peppers", True),
    ("greenhouse tomatoes", False),
    ("unheated greenhouse lettuce", False),
    ("greenhouse peppers, not heated", False),
    ("heated milk", False),
])
def test_heated_greenhouse_words(text, heated):
    assert heated_greenhouse(text) is heated


def test_produce_from_a_heated_greenhouse_gets_its_heat_per_kg():
    t = _est("Sweet peppers grown in a heated greenhouse", composition="sweet peppers: 100%", unit="2 kg", region="NL")
    (heat,) = _energy(t, "greenhouse heating")
    assert heat.rate.unit == "MJ"
    assert heat.rate.value == pytest.approx(15.0 * 2.0)  # 15 MJ per kg x 2 kg
    assert heat.factor.value == pytest.approx(GAS_PER_MJ, rel=1e-3)
    unheated = _est("Sweet peppers", composition="sweet peppers: 100%", unit="2 kg", region="NL")
    assert not _energy(unheated, "greenhouse heating")
    assert t.result.kgco2e - unheated.result.kgco2e == pytest.approx(30 * heat.factor.value, rel=1e-6)  # ≈ 1.97


def test_only_the_input_that_says_heated_greenhouse_is_heated():
    t = _est("Salad box", composition="cucumber from a heated glasshouse: 40%; lettuce: 60%", unit="1 kg")
    (heat,) = _energy(t, "greenhouse heating")
    assert heat.rate.value == pytest.approx(15.0 * 0.4)
    assert GREENHOUSE_HEATING.heat_mj_per_kg == 15.0


# ------------------------------------------------------------------ solid-wood articles

def test_solid_wood_words():
    assert solid_wood_article("Solid beech stool") and solid_wood_article("Kitchen table")
    assert not solid_wood_article("Wooden pallet") and not solid_wood_article("Timber frame house kit")
    assert is_solid_wood("kiln-dried beech", "Wood, primary production")
    assert not is_solid_wood("birch plywood", None) and not is_solid_wood("beech", "Veneer; hardwood; dry")


def test_the_wood_of_a_solid_wood_stool_is_bought_as_sawn_timber_at_the_rough_milling_yield():
    t = _est("Solid beech stool", bom=[("beech", 4.0, "kg"), ("steel screws", 0.1, "kg")], unit="1 item", region="DE")
    beech, screws = _line(t, "beech"), _line(t, "steel screws")
    assert SOLID_WOOD_ROUGH_MILLING.input_per_output == pytest.approx(1 / 0.6)
    assert beech.rate.value == pytest.approx(4.0 / 0.6)  # 6.667 kg of sawn timber for 4 kg of wood in the stool
    assert screws.rate.value == pytest.approx(0.1)  # not wood: unchanged
    assert beech.boundary.conversion_energy == "added"  # making the stool is a further step on the timber
    assert t.settings["product_class"] == "solid_wood_furniture"  # machined and finished furniture (products8)
    d = energy_default("solid_wood_furniture")
    # the class energy (1.0 kWh per kg) is on the declared mass (4.1 kg), none of it covered
    assert _line(t, "process electricity").rate.value == pytest.approx(d.electricity_kwh_per_kg * 4.1)
    assert any(c.code == "solid_wood_yield" for c in t.checks)


def test_panels_and_non_furniture_wood_keep_their_mass():
    shelf = _est("Bookshelf", bom=[("birch plywood", 10.0, "kg"), ("steel screws", 0.1, "kg")], unit="1 item")
    assert _line(shelf, "birch plywood").rate.value == pytest.approx(10.0)
    pallet = _est("Wooden pallet", bom=[("pine timber", 20.0, "kg"), ("steel nails", 0.5, "kg")], unit="1 item")
    assert _line(pallet, "pine timber").rate.value == pytest.approx(20.0)


# ------------------------------------------------------------------ wood-based panels

def test_a_board_pressed_from_chips_is_a_wood_panel_with_its_pressing_energy():
    from openpcf.engine.process_energy import infer_product_class

    comps = [("wood chips", 0.88), ("urea-formaldehyde resin", 0.08), ("paraffin wax", 0.01), ("water", 0.03)]
    assert infer_product_class("Chipboard for shelving", None, comps) == "wood_panels"
    assert infer_product_class("Wooden pallet", None, [("pine timber", 0.95), ("steel nails", 0.05)]) == "wood_products"
    t = estimate(ProductSpec(name="Chipboard for shelving", composition="wood chips: 88%; urea-formaldehyde resin: 8%; "
                             "paraffin wax: 1%; water: 3%", declared_unit="1 m3", declared_mass_kg=600.0, region="DE"),
                 runs=50)
    d = energy_default("wood_panels")
    assert (d.electricity_kwh_per_kg, d.heat_mj_per_kg) == (0.25, 1.0)
    # no input's factor covers pressing: 0.25 kWh and 1 MJ on all 600 kg
    assert _line(t, "process electricity").rate.value == pytest.approx(0.25 * 600)
    assert _line(t, "process heat (natural gas)").rate.value == pytest.approx(1.0 * 600)


# ------------------------------------------------------------------ typical device masses

def test_a_device_per_item_without_a_mass_takes_its_typical_mass_with_a_warning():
    from openpcf.vocabulary.unit_masses import typical_item_mass

    assert typical_item_mass("Rugged mobile phone", None, "item")[0].typical_mass_kg == {"item": 0.19}
    # 1.6 kg notebook + 0.3 kg power adapter (the one table's laptop, with what ships with it)
    assert typical_item_mass("Convertible notebook computer", None, "item")[0].typical_mass_kg == {"item": 1.9}
    assert typical_item_mass("Steel door hinge", None, "item") is None  # a hinge, not a 30 kg door
    assert typical_item_mass("Rugged mobile phone", None, "m2") is None  # the engine's device masses: per item or kWh
    t = estimate(ProductSpec(name="Rugged mobile phone", composition="aluminium: 50%; polycarbonate: 50%",
                             declared_unit="2 item"), runs=50)
    assert t.product.declared_unit.mass_kg == pytest.approx(0.38)  # 2 x 0.19 kg
    (check,) = [c for c in t.checks if c.code == "declared_mass"]
    assert check.severity == "warning" and "typical mass" in check.message
    assert _line(t, "aluminium").rate.value == pytest.approx(0.19)  # 50 % of 0.38 kg


def test_a_given_mass_or_a_bom_is_never_replaced_by_a_typical_mass():
    t = estimate(ProductSpec(name="Rugged mobile phone", composition="aluminium: 50%; polycarbonate: 50%",
                             declared_unit="1 item", declared_mass_kg=0.3), runs=50)
    assert t.product.declared_unit.mass_kg == pytest.approx(0.3)
    assert not [c for c in t.checks if c.code == "declared_mass" and "typical" in c.message]
    with pytest.raises(Exception, match="needs the mass"):
        estimate(ProductSpec(name="Garden gnome", composition="clay: 100%", declared_unit="1 item"), runs=50)


# ------------------------------------------------------------------ packed drinks

@pytest.mark.parametrize(("name", "cls", "unit", "container"), [
    ("Sparkling spring water, bottled", "beverages", "1 l", "PET bottle"),
    ("Ginger lemonade", "beverages", "1 bottle (0.75 l)", "PET bottle"),
    ("Ginger lemonade", "beverages", "1 can", "aluminium drink can"),
    ("Ginger lemonade", "beverages", "1 l", None),            # neither the name nor the unit says packed
    ("Elderflower wine in glass bottles", "beverages", "1 l", "glass container"),
    ("Ginger lemonade, bottled", "chemical_formulation", "1 l", None),  # not a food or drink class
])
def test_a_container_only_when_the_name_or_the_declared_unit_says_packed(name, cls, unit, container):
    from openpcf.engine.process_energy import implied_container

    found = implied_container(name, cls, unit)
    assert (found.name if found else None) == container


def test_a_drink_declared_per_bottle_gets_a_pet_bottle_per_kg_of_contents():
    t = estimate(ProductSpec(name="Ginger lemonade", composition="water: 90%; sugar: 10%",
                             declared_unit="1 bottle", declared_mass_kg=0.5), runs=50)
    (bottle,) = [x for x in t.inputs if x.role == "packaging"]
    assert bottle.name.startswith("PET bottle") and bottle.rate.value == pytest.approx(0.04 * 0.5)  # 20 g
    plain = estimate(ProductSpec(name="Ginger lemonade", composition="water: 90%; sugar: 10%",
                                 declared_unit="1 kg"), runs=50)
    assert not [x for x in plain.inputs if x.role == "packaging"]

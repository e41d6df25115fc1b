"""Engine and description-path gaps of issue 14, second pass (products9): the sales pack of a packed food read
as packaging once, par-fried frozen potato products, wood-fibre insulation boards, juice reconstituted from
concentrate, and three reading errors. Invented products; hand-worked numbers on hand-made factor tables."""

from __future__ import annotations

import pytest

from openpcf.engine import ProductSpec, estimate
from openpcf.engine.extract_yield import extract_yield, is_single_strength
from openpcf.engine.process_energy import ENERGY_DEFAULTS, FURTHER_STEP_CLASSES, infer_product_class
from openpcf.systems.offline.decomposition import bill_of_materials
from openpcf.systems.offline.epd import composition_from_components, derived_composition, pack_label
from tests.support.factor_tables import TABLE, TableSource, _factor

PACKS = TableSource([*TABLE.factors, _factor("PET", 3.0), _factor("water", 0.001)])


# --- 1. the pack of a packed food or drink is packaging, once ----------------------------------------------------

def test_a_pack_keeps_its_kg_per_kg_on_top_of_the_product() -> None:
    assert pack_label("glass") == "glass (packaging)"
    # product shares normalised to 100 % without the pack; the pack keeps 0.03 kg per kg of product
    text = composition_from_components([("water", 1.0), ("PET (packaging)", 0.03)], frozenset({"PET (packaging)"}))
    assert text == "water: 100.00%; PET (packaging): 3.00%"
    # without packs: everything normalised together (1.03 kg → 97.09 % and 2.91 %)
    assert composition_from_components([("water", 1.0), ("PET", 0.03)]) == "water: 97.09%; PET: 2.91%"


def test_a_bottled_drink_family_writes_its_bottle_as_packaging() -> None:
    # bottled-water family: water 1.0, PET 0.03, polyethylene 0.003, carbon dioxide 0.003, polypropylene
    # 0.001 kg/kg; the product without its pack is 1.003 kg: water 1/1.003 = 99.70 %, PET 0.03/1.003 = 2.99 %
    for name in ("Sparkling table water in a 1 l PET bottle", "Sparkling table water, 1 l bottle"):
        text, trace = derived_composition(name, None, None)
        assert trace["family"] == "bottled water"
        # the PET the text names is the family's own bottle material: the bottle is kept, not left out
        assert trace["left_out_as_other_pack"] == []
        assert set(trace["pack_components"]) == {"polyethylene terephthalate", "polyethylene", "polypropylene"}
        # priced as the family says: a PET bottle (resin and its blow moulding), not PET resin alone
        assert text.startswith("water: 99.70%; PET bottle (packaging): 2.99%; ")
        assert "carbon dioxide: 0.30%" in text


def test_a_water_bound_solid_keeps_its_metal_input() -> None:
    # aerated concrete holds 0.3 kg of water per kg: not a liquid in a pack; its aluminium powder is an input
    _, trace = derived_composition("Autoclaved aerated concrete block", None, None)
    assert trace["family"] == "autoclaved aerated concrete" and trace["pack_components"] == []


def test_a_packaging_product_has_no_pack_of_its_own() -> None:
    # a corrugated box is made of paper: its template's paper is the product
    _, trace = derived_composition("Corrugated cardboard shipping box", None, None)
    assert trace["family"] == "corrugated board and box" and trace["pack_components"] == []


def test_a_pack_material_said_in_a_pack_phrase_is_the_pack() -> None:
    comps, trace = bill_of_materials("Ginger ale in an aluminium can", None)
    assert "aluminium" in trace["pack_components"]
    assert "aluminium" in [c.name for c in comps]


def test_the_engine_adds_no_implied_container_when_the_pack_is_listed() -> None:
    # 1 kg water x 0.001 = 0.001; the listed pack 0.03 kg PET x 3 = 0.09 (on top of the product's kg)
    listed = estimate(ProductSpec(name="Still water, bottled", declared_unit="1 kg",
                                  composition="water: 100%; PET (packaging): 3%"), source=PACKS, runs=50, seed=1)
    lines = {x.name: x for x in listed.inputs}
    assert lines["PET (packaging)"].role == "packaging"
    assert lines["PET (packaging)"].rate.value == pytest.approx(0.03)
    assert lines["water"].rate.value == pytest.approx(1.0)
    assert not any("implied by the product name" in x.name for x in listed.inputs)
    # the same PET written as a product material: the name's "bottled" adds an assumed PET bottle on top
    plain = estimate(ProductSpec(name="Still water, bottled", declared_unit="1 kg",
                                 composition="water: 97%; PET: 3%"), source=PACKS, runs=50, seed=1)
    assert any("implied by the product name" in x.name for x in plain.inputs)


@pytest.mark.parametrize("material", ["tinplate", "glass", "aluminium", "polypropylene"])
def test_a_pack_label_is_looked_up_as_its_material(material: str) -> None:
    # the open library: "<material> (packaging)" takes the factor "<material>" takes (a label written
    # "packaging (<material>)" fell back to mixed paper and board for tinplate and glass)
    def factor_of(name: str, share: str) -> str:
        t = estimate(ProductSpec(name="Invented packed good", declared_unit="1 kg",
                                 composition=f"water: {share}; {name}: 5%"), runs=10, seed=1)
        line = next(x for x in t.inputs if x.name == name)
        return line.role, line.factor.id
    role, packed = factor_of(pack_label(material), "100%")
    # the same factor (tinplate: the open tinplate row both as a pack and as a product material; mixed paper and
    # board would be the pack's fallback)
    assert role == "packaging" and packed == factor_of(material, "95%")[1]


# --- 2. process energy the engine lacked --------------------------------------------------------------------------

@pytest.mark.parametrize(("name", "expected"), [
    ("Frozen French fries, straight cut", "frying"),
    ("Hash browns, frozen", "frying"),
    ("Potato wedges, par-fried and frozen", "frying"),
    ("Oven chips", "frying"),
    ("Potato salad with chives", "food_processing"),  # not fried: the general food default
])
def test_par_fried_frozen_potato_products_take_the_frying_class(name: str, expected: str) -> None:
    assert infer_product_class(name, None, [("potatoes", 2.0), ("sunflower oil", 0.05)]) == expected


def test_frozen_fries_get_the_frying_energy() -> None:
    # 2 kg potatoes x 0.2 + 0.05 kg oil x 3 = 0.4 + 0.15 = 0.55; frying 0.5 kWh x 0.4 + 9 MJ x 0.06 = 0.74
    source = TableSource([*TABLE.factors, _factor("potatoes", 0.2), _factor("sunflower oil", 3.0)])
    t = estimate(ProductSpec(name="Crinkle-cut fries, frozen", composition="2 kg potatoes; 0.05 kg sunflower oil"),
                 source=source, runs=50, seed=1)
    assert t.settings["product_class"] == "frying"
    assert t.result.materials_kgco2e == pytest.approx(0.55, rel=1e-9)
    assert t.result.kgco2e == pytest.approx(0.55 + 0.74, rel=1e-9)


@pytest.mark.parametrize(("name", "expected"), [
    ("Wood fibre insulation board, 60 mm", "wood_fibre_boards"),
    ("Wood-fibre insulation board", "wood_fibre_boards"),
    ("Woodfibre board, 22 mm", "wood_fibre_boards"),
    ("Fiberboard insulation panel", "wood_fibre_boards"),
    ("Softboard, wet-process fibre board", "wood_fibre_boards"),
    ("MDF board, 18 mm", "wood_panels"),  # a dense pressed panel stays a wood panel
])
def test_wood_fibre_boards_are_their_own_class(name: str, expected: str) -> None:
    assert infer_product_class(name, None, [("wood chips", 0.94), ("PMDI", 0.05), ("paraffin wax", 0.01)]) == expected


def test_a_wood_fibre_board_gets_defibration_and_drying_on_its_whole_mass() -> None:
    d = ENERGY_DEFAULTS["wood_fibre_boards"]
    assert (d.electricity_kwh_per_kg, d.heat_mj_per_kg) == (0.5, 3.0)
    assert "wood_fibre_boards" in FURTHER_STEP_CLASSES  # a sawn-wood factor does not cover making the board
    # 0.95 kg chips x 0.05 + 0.05 kg PMDI x 4 = 0.0475 + 0.2 = 0.2475; 0.5 x 0.4 + 3 x 0.06 = 0.38 per kg
    source = TableSource([*TABLE.factors, _factor("wood chips", 0.05), _factor("PMDI", 4.0)])
    t = estimate(ProductSpec(name="Wood fibre insulation board", declared_unit="1 kg",
                             composition="wood chips: 95%; PMDI: 5%"), source=source, runs=50, seed=1)
    assert t.settings["product_class"] == "wood_fibre_boards"
    assert t.result.materials_kgco2e == pytest.approx(0.2475, rel=1e-9)
    assert t.result.kgco2e == pytest.approx(0.2475 + 0.38, rel=1e-9)


def test_a_juice_from_concentrate_is_no_concentrate() -> None:
    assert is_single_strength("Apple juice from concentrate") and is_single_strength("Reconstituted orange juice")
    assert is_single_strength("Orange juice, not from concentrate")
    assert not is_single_strength("Orange juice concentrate, frozen")
    # a juice said not to be from concentrate is juice too: 2 kg oranges per kg, not the concentrate's 11
    assert extract_yield("Orange juice, not from concentrate", "oranges").kg_per_kg == 2.0
    # the concentrate: 11 kg oranges per kg; the juice made back from it: the juice yield alone, 2.0
    assert extract_yield("Orange juice concentrate, frozen", "oranges").kg_per_kg == 11.0
    assert extract_yield("Orange juice from concentrate", "oranges").kg_per_kg == 2.0
    assert extract_yield("Cloudy apple juice from concentrate", "apples").kg_per_kg == 1.33
    # a line naming the concentrate in a reconstituted juice is taken as given
    assert extract_yield("Orange juice from concentrate", "orange juice concentrate") is None


# --- 3. reading errors -------------------------------------------------------------------------------------------

def test_iron_in_an_appliance_name_is_the_appliance() -> None:
    comps, trace = bill_of_materials("Travel steam iron, 1200 W", None)
    # (a steam iron heats: the small heating appliance family since f8-products)
    assert trace["family"] == "small heating appliance" and "iron" not in [c.name for c in comps]
    # a qualifier of the material keeps it a material ("recycled HDPE" in a recycled-plastics family)
    names = [c.name for c in bill_of_materials("Recycled HDPE regranulate", "post-consumer bottles")[0]]
    assert any("polyethylene" in n for n in names)


def test_terrazzo_is_cement_bound_not_fired() -> None:
    comps, trace = bill_of_materials("Terrazzo floor tile, 40 x 40 cm", None)
    assert trace["family"] == "terrazzo tile"
    assert [c.name for c in comps][:3] == ["marble", "cement", "sand"]
    assert infer_product_class("Terrazzo floor tile", None, [(c.name, c.share) for c in comps]) != "ceramic_firing"


def test_smoked_or_frozen_fish_gets_no_can_and_no_oil() -> None:
    comps, trace = bill_of_materials("Cold-smoked salmon fillets", "vacuum packed")
    assert trace["family"] == "fish, fresh, frozen or smoked"
    names = [c.name for c in comps]
    assert "tinplate" not in names and "vegetable oil" not in names and names[0] == "fish"
    comps, trace = bill_of_materials("Sardines in sunflower oil, canned", None)
    assert trace["family"] == "fish and seafood" and "tinplate" in [c.name for c in comps]

"""Reading rules of the description-only path (issue 14) on invented products: contents vs inputs,
unpackaged products, synthetic fibres, pricing names and commodities priced by their own factor."""

from __future__ import annotations

from openpcf.systems.offline.decomposition import bill_of_materials
from openpcf.systems.offline.epd import derived_composition


def names(name: str, description: str | None = None) -> list[str]:
    return [c.name for c in bill_of_materials(name, description)[0]]


def test_a_fat_content_in_a_yield_recipe_is_not_kg_of_input() -> None:
    comps, trace = bill_of_materials("Unsalted butter", "churned butter with 80% milk fat")
    assert trace["yield_recipe"] and comps[0].name == "cream" and comps[0].share == 2.2  # the recipe's kg/kg
    assert trace["contents_not_inputs"] == {"milk": 0.8}


def test_a_product_declared_without_its_container_loses_the_pack() -> None:
    packed = names("Pale ale", "top-fermented ale in returnable glass bottles")
    bulk = names("Pale ale", "top-fermented ale, in bulk at the brewery gate")
    assert "glass" in packed and "glass" not in bulk and "steel" not in bulk
    assert bill_of_materials("Pale ale", "in bulk")[1]["left_out_as_unpackaged"] == ["glass", "steel", "paper"]
    # a material product keeps its films: a cable's polyethylene is no pack
    assert "polyethylene" in names("Low-voltage power cable", "copper conductor, XLPE insulation, sold in bulk drums")


def test_a_synthetic_fibre_in_a_textile_name_is_the_main_fibre() -> None:
    assert names("Polyamide knitted fabric", "dyed and finished jersey")[0] == "polyamide"
    assert names("Knitted fabric", "dyed and finished jersey")[0] == "cotton"  # the family default


def test_food_in_a_container_name_is_what_it_holds() -> None:
    comps, trace = bill_of_materials("PET strawberry punnet", "thermoformed PET punnet")
    assert comps[0].name == "polyethylene terephthalate" and trace["mentions_of_contents"] == ["strawberry"]
    assert "strawberry" not in [c.name for c in comps]
    juice = bill_of_materials("HDPE juice bottle", "blow moulded bottle")[1]
    assert juice["family"] == "plastic container and rigid packaging" and juice["mentions_of_contents"]


def test_family_pricing_names_reach_the_composition_only() -> None:
    comps, _ = bill_of_materials("Raw chipboard", "urea-formaldehyde bonded particleboard")
    assert comps[0].name == "wood chips"  # the bill of materials keeps the practitioner's word
    text, _ = derived_composition("Raw chipboard", "urea-formaldehyde bonded particleboard")
    assert text.startswith("wood residues: ") and "wood chips" not in text


def test_a_grade_of_the_product_itself_does_not_keep_the_precursor_bom() -> None:
    text, trace = derived_composition("Methanol 99.85%", "chemical grade methanol from natural gas")
    assert text == "methanol: 100%" and trace["estimated_as"] == "methanol"
    text, _ = derived_composition("Hydrogen", "compressed hydrogen by steam methane reforming")
    assert text == "hydrogen: 100%"


def test_a_generic_family_is_flagged_and_widens_the_interval() -> None:
    from openpcf.systems.offline.epd import estimate_from_context

    comps, trace = bill_of_materials("Gear wheel", "machined, case hardened")
    assert trace["family"] == "unspecified mechanical part" and trace["generic_family"] is True
    assert comps[0].name == "steel"  # no material named: the kind's usual one
    assert bill_of_materials("Bronze gear wheel", None)[0][0].name == "bronze"  # the named metal wins
    kg, out = estimate_from_context({"product_name": "Gear wheel", "description": "machined, case hardened",
                                     "quantity_unit": "1 kg"}, category="Machinery & equipment")
    checks = [c for c in out["engine_trace"]["checks"] if c["code"] == "generic_bill_of_materials"]
    assert kg is not None and len(checks) == 1 and checks[0]["severity"] == "warning"
    contributors = out["engine_trace"]["uncertainty"]["contributors"]
    assert any(c["input_id"] == "generic_family" for c in contributors)


def test_the_product_named_by_a_required_phrase_is_not_an_input() -> None:
    comps, trace = bill_of_materials("Aerated concrete block", "autoclaved, lime and cement bound")
    assert "concrete" not in [c.name for c in comps] and trace["mentions_naming_the_product"] == ["Aerated concrete"]
    assert comps[0].name == "silica sand"
    # a material that is not the family's product word stays an input
    names_ = [c.name for c in bill_of_materials("Recycled HDPE regranulate", "post-consumer bottles")[0]]
    assert "recycled high-density polyethylene" in names_ or "recycled polyethylene" in names_

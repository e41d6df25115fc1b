"""Offline EPD and compositional solvers: what each setting sends to the engine, and the priors."""

from __future__ import annotations

import asyncio

import pytest

from openpcf.pcfbench.data import EpdRow
from openpcf.systems.compositional import CompositionalSolver
from openpcf.systems.offline.epd import (
    CATEGORY_PRIORS,
    OfflineEpdSolver,
    component_label,
    composition_from_components,
    composition_in_amounts,
    declared_in_mass,
    declared_mass_kg,
    derived_composition,
    estimate_from_context,
)


def row(**inp: object) -> EpdRow:
    base = {"product_name": "widget", "quantity_unit": "kilogram"}
    return EpdRow(id="e1", input={**base, **inp}, expected_output={"kgco2e": 1.0},
                  metadata={"product_category": "Chemical products"})  # fmt: skip


def test_components_become_normalised_shares() -> None:
    assert composition_from_components([("steel", 0.6), ("zinc", 0.2)]) == "steel: 75.00%; zinc: 25.00%"
    assert composition_from_components([("a", 0.0), ("b", 0.0)]) == "a: 50.0%; b: 50.0%"
    assert component_label("GARDEN GATE LATCH BRACKET 240") == "GARDEN GATE LATCH BRACKET"
    assert component_label("PA6; virgin: granulate") == "PA6  virgin  granulate"


def test_unresolved_material_gets_the_category_prior_on_top_of_the_engine() -> None:
    kg, trace = estimate_from_context({"product_name": "widget", "quantity_unit": "kilogram", "composition": "unobtainium: 100%"},
                                      category="Chemical products")  # fmt: skip
    prior = trace["unresolved_prior"]
    assert prior["kg"] == 1.0 and prior["factor"] == CATEGORY_PRIORS["Chemical products"] == 2.5
    assert prior["kgco2e"] == 2.5 and prior["lines"] == ["unobtainium"]
    engine_total = trace["engine_trace"]["result"]["kgco2e"]  # process energy only
    assert kg == pytest.approx(engine_total + 2.5)


def test_settings_decide_what_the_engine_sees() -> None:
    item = row(description="a polyethylene film", composition="polyethylene: 100%")
    with_composition = asyncio.run(OfflineEpdSolver("epd_with_composition").solve(item))
    name_only = asyncio.run(OfflineEpdSolver("epd_name_only").solve(item))
    assert with_composition.trace["basis"] == "declared composition"
    assert name_only.trace["basis"] == "bill of materials derived from the name"
    assert name_only.trace["derived_bom"] is not None
    assert with_composition.output["kgco2e"] > 0
    with pytest.raises(ValueError, match="unknown epd setting"):
        OfflineEpdSolver("epd_with_everything")


def test_compositional_breakdown_adds_up_to_the_total() -> None:
    result = asyncio.run(
        CompositionalSolver(offline_bom=True, runs=10).solve(row(composition="polyethylene: 60%; unobtainium: 40%"))
    )
    # epd_with_description is the compositional context: the composition is not shown, a BOM is derived
    assert result.trace["basis"].startswith("bill of materials derived")
    rows = result.output["breakdown"]
    assert result.output["kgco2e"] == pytest.approx(sum(r["kgco2e"] or 0.0 for r in rows))
    assert any(r["kind"] == "energy" for r in rows)
    stages = result.trace["stages"]
    assert stages["bill_of_materials"]["ok"] and stages["process_energy"]["ok"]
    assert stages["emission_factors"]["ok"] == (result.trace["unresolved_prior"] is None)


def test_declared_units_and_no_prior_without_a_mass() -> None:
    assert declared_mass_kg("1000 kg") == 1000.0 and declared_mass_kg("kilogram") == 1.0
    assert declared_mass_kg("2 t") == 2000.0
    # Not a mass, or not readable: no mass at all (it used to be a silent 1.0 kg).
    assert declared_mass_kg("1 m2") is None and declared_mass_kg("bananas") is None
    assert declared_in_mass("t") and not declared_in_mass("1 m2") and not declared_in_mass("bananas")
    result = asyncio.run(
        OfflineEpdSolver("epd_name_only").solve(row(product_name="steel sheet", quantity_unit="1 m2"))
    )
    assert result.output is None and "without a mass" in result.error + result.trace["rationale"]


def test_a_yield_recipe_is_written_in_kg_per_declared_unit_not_normalised() -> None:
    # hard cheese: about 9 kg of milk per kg (family 'cheese', a yield recipe)
    assert composition_in_amounts([("milk", 9.0), ("salt", 0.02), ("none", 0.0)]) == "milk: 9 kg; salt: 0.02 kg"
    text, trace = derived_composition("Gouda cheese", "Semi-hard cheese made from cow milk", 1.0)
    assert trace["family"] == "cheese" and trace["yield_recipe"] is True
    assert text.startswith("milk: 9 kg; ")
    text, _ = derived_composition("Gouda cheese", "Semi-hard cheese made from cow milk", 0.2)  # 200 g wedge
    assert text.startswith("milk: 1.8 kg; ")
    # no mass of the declared unit: shares of the product without its pack (milk 9 of 9.0243 kg; the family's
    # 0.01 kg polyethylene film is the pack, written on top as "polyethylene (packaging)")
    text, _ = derived_composition("Gouda cheese", "Semi-hard cheese made from cow milk", None)
    assert text.startswith("milk: 99.73%; ") and "polyethylene (packaging): 0.11%" in text


def test_a_family_that_is_no_yield_recipe_keeps_normalised_shares() -> None:
    text, trace = derived_composition("Galvanised steel bracket", None, 1.0)
    assert trace["yield_recipe"] is False and text.endswith("%") and " kg" not in text


def test_cheese_from_its_description_is_priced_on_its_milk() -> None:
    # 9 kg of milk at about 1.1 kg CO2e/kg: about 10 kg CO2e per kg of cheese, not about 1.2
    kg, trace = estimate_from_context(
        {"product_name": "Gouda cheese", "description": "Semi-hard cheese made from cow milk",
         "quantity_unit": "kilogram"}, category="Food & beverages")  # fmt: skip
    assert kg is not None and 8.0 < kg < 12.0
    assert trace["derived_bom"]["yield_recipe"] is True


def test_a_family_typical_mass_stands_in_for_a_missing_unit_mass() -> None:
    from openpcf.systems.offline.epd import typical_declared_mass

    _, trace = derived_composition("Ready-mixed concrete C25/30", "concrete from CEM II cement, sand and gravel")
    assert trace["family"] == "ready-mixed concrete" and trace["typical_mass_kg"] == {"m3": 2400.0}
    assert typical_declared_mass(trace, "1 m3") == 2400.0
    assert typical_declared_mass(trace, "0.5 m³") == 1200.0
    assert typical_declared_mass(trace, "1 m2") is None  # no typical mass per m2 for this family
    assert typical_declared_mass(trace, "1 kg") is None  # a mass already
    assert typical_declared_mass(trace, "bananas") is None


def test_concrete_per_cubic_metre_gets_an_estimate_on_the_typical_density() -> None:
    ctx = {"product_name": "Ready-mixed concrete C25/30", "description": "concrete from CEM II cement, sand and gravel",
           "quantity_unit": "1 m3"}  # fmt: skip
    kg, trace = estimate_from_context(ctx, category="Metal, mineral, plastic & glass products")
    assert trace["derived_bom"]["assumed_declared_mass_kg"] == 2400.0
    per_kg, _ = estimate_from_context({**ctx, "quantity_unit": "1 kg"}, category="Metal, mineral, plastic & glass products")
    assert kg is not None and per_kg is not None and kg == pytest.approx(2400 * per_kg, rel=0.05)


def test_a_commodity_family_is_priced_as_the_commodity_not_its_precursors() -> None:
    # alumina + anodes priced alone leave out the smelter's electricity (about 14 MWh/t)
    text, trace = derived_composition("Aluminium ingot", "primary aluminium from electrolysis")
    assert trace["family"] == "primary aluminium" and text == "primary aluminium: 100%"
    assert trace["estimated_as"] == "primary aluminium"
    text, _ = derived_composition("Liquid ammonia", "anhydrous ammonia made by steam reforming of natural gas")
    assert text == "ammonia: 100%"
    # a share written in the text keeps the bill of materials (a 25 % solution is not pure ammonia)
    text, trace = derived_composition("Aqueous ammonia", "ammonia 25 % in water")
    assert "estimated_as" not in trace and "water: 25.00%" in text


def test_primary_aluminium_from_its_description_carries_the_smelting() -> None:
    kg, _ = estimate_from_context({"product_name": "Aluminium ingot", "description": "primary aluminium from electrolysis",
                                   "quantity_unit": "kilogram"}, category="Metal, mineral, plastic & glass products")  # fmt: skip
    assert kg is not None and kg > 8.0  # about 14.5 on the open library's primary aluminium; about 1.6 before


def test_an_unqualified_aluminium_ingot_is_not_priced_as_primary_metal() -> None:
    # remelted scrap is sold as ingot too: only a word such as 'primary' or 'electrolysis' makes it primary
    text, trace = derived_composition("Aluminium ingot", None)
    assert trace["family"] == "primary aluminium" and trace["estimate_as"] is None
    assert "estimated_as" not in trace and text.startswith("alumina: ")
    assert derived_composition("Primary aluminium ingot", None)[0] == "primary aluminium: 100%"

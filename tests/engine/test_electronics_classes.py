"""Issue 14: process energy of electronics — bare boards made from laminate and copper (pcb_fabrication) and
boards or devices assembled from parts (electronics_assembly). Invented products, hand-made factor tables,
hand-worked numbers."""

from __future__ import annotations

import pytest

from openpcf.engine import ProductSpec, estimate
from openpcf.engine.process_energy import (
    FURTHER_STEP_CLASSES,
    conversion_covered,
    energy_default,
    infer_product_class,
)
from tests.support.factor_tables import TABLE, TableSource, _factor

FORMED = ("material_production", "conversion")


def _staged(name: str, value: float, stages: tuple[str, ...]):
    return _factor(name, value).model_copy(update={"stages": stages})


BOARD_TABLE = TableSource([
    *TABLE.factors,  # electricity 0.4 kg/kWh (GLO), natural gas 0.06 kg/MJ
    _staged("FR-4 laminate", 3.0, FORMED),
    _staged("copper foil", 5.0, ("material_production",)),
    _staged("bare circuit board", 40.0, FORMED),
    _staged("capacitors", 20.0, FORMED),
    _staged("microchips", 1000.0, FORMED),
])


@pytest.mark.parametrize(("name", "components", "expected"), [
    # bare boards: named by the board words and backed by laminate and copper
    ("Two-layer printed wiring board", [("FR-4 laminate", 0.7), ("copper foil", 0.3)], "pcb_fabrication"),
    ("HDI board for a wearable", [("copper clad laminate", 0.6), ("prepreg", 0.3), ("solder mask", 0.1)],
     "pcb_fabrication"),
    # a populated board is an assembly even though its name says "circuit board"
    ("Populated circuit board for a thermostat", [("bare circuit board", 0.6), ("capacitors", 0.3),
                                                  ("microchips", 0.1)], "electronics_assembly"),
    ("PCBA, motor controller", [("PCB", 0.5), ("transistors", 0.3), ("connectors", 0.2)], "electronics_assembly"),
    # devices assembled from electronic parts
    ("Desk lamp power adapter", [("PCBA", 0.2), ("transformer", 0.4), ("PC housing", 0.4)], "electronics_assembly"),
    ("Tablet, 10-inch", [("touchscreen display", 0.3), ("battery", 0.25), ("aluminium", 0.3), ("mainboard", 0.15)],
     "electronics_assembly"),
    # the word alone does not choose the class: an aluminium laptop stand is a metal product
    ("Laptop stand", [("aluminium", 0.9), ("silicone pads", 0.1)], "metal_products"),
    # a board word without laminate or copper mass is not a board fab
    ("Circuit board holder", [("polypropylene", 1.0)], "plastic_conversion"),
    # a composition alone points to assembly when electronic parts carry the mass majority
    ("Widget X1", [("printed circuit board assembly", 0.4), ("lithium-ion battery", 0.3), ("ABS", 0.3)],
     "electronics_assembly"),
    # chips of wood and chocolate are not electronics
    ("Cookie dough", [("flour", 0.5), ("chocolate chips", 0.3), ("sugar", 0.2)], "food_processing"),
])
def test_electronics_classes_are_named_and_backed_by_their_inputs(name, components, expected):
    assert infer_product_class(name, None, components) == expected


def test_board_fabrication_and_assembly_are_further_steps_on_formed_parts():
    assert {"pcb_fabrication", "electronics_assembly"} <= FURTHER_STEP_CLASSES
    assert not conversion_covered(FORMED, "pcb_fabrication")
    assert not conversion_covered(FORMED, "electronics_assembly")
    assert conversion_covered(FORMED, "metal_products")


def test_bare_board_per_m2_adds_fab_energy_on_its_whole_mass():
    # 1 m2 of an invented four-layer board, 2.5 kg: 2.0 kg laminate (a formed good) + 0.5 kg copper foil.
    t = estimate(ProductSpec(name="Four-layer printed circuit board", composition="FR-4 laminate: 80%; copper foil: 20%",
                             declared_unit="1 m2", declared_mass_kg=2.5), source=BOARD_TABLE, runs=100)
    assert t.settings["product_class"] == "pcb_fabrication"
    # materials: 2.0 × 3.0 + 0.5 × 5.0 = 8.5
    assert t.result.materials_kgco2e == pytest.approx(8.5, rel=1e-12)
    # fab energy on all 2.5 kg (laminate pressing in its factor does not cover drilling, plating, etching):
    # 20 kWh/kg × 2.5 kg = 50 kWh × 0.4 = 20; 5 MJ/kg × 2.5 kg = 12.5 MJ × 0.06 = 0.75
    elec = next(x for x in t.energy if "electricity" in x.name)
    heat = next(x for x in t.energy if "heat" in x.name)
    assert (elec.rate.value, heat.rate.value) == (pytest.approx(50.0), pytest.approx(12.5))
    assert t.result.energy_kgco2e == pytest.approx(20.75, rel=1e-12)
    assert t.result.kgco2e == pytest.approx(29.25, rel=1e-12)
    assert {x.name: x.boundary.conversion_energy for x in t.inputs} == {"FR-4 laminate": "added", "copper foil": "added"}


def test_populated_board_adds_assembly_electricity_only():
    # 1 kg of an invented populated board: 0.6 kg bare board + 0.3 kg capacitors + 0.1 kg microchips.
    t = estimate(ProductSpec(name="Populated circuit board for a thermostat",
                             composition="bare circuit board: 60%; capacitors: 30%; microchips: 10%"),
                 source=BOARD_TABLE, runs=100)
    assert t.settings["product_class"] == "electronics_assembly"
    # materials: 0.6 × 40 + 0.3 × 20 + 0.1 × 1000 = 130; assembly 1 kWh × 0.4 = 0.4; no heat line
    assert t.result.materials_kgco2e == pytest.approx(130.0, rel=1e-12)
    assert [x.name for x in t.energy] == ["process electricity"]
    assert t.result.kgco2e == pytest.approx(130.4, rel=1e-12)


def test_electronics_defaults_state_their_basis_and_are_estimates():
    fab, asm = energy_default("pcb_fabrication"), energy_default("electronics_assembly")
    assert (fab.electricity_kwh_per_kg, fab.heat_mj_per_kg, asm.electricity_kwh_per_kg, asm.heat_mj_per_kg) == (
        20.0, 5.0, 1.0, 0.0)
    assert "per m2" in fab.basis and "recalled" in fab.basis and "Estimate" in fab.basis
    assert "reflow" in asm.basis and "Estimate" in asm.basis

"""Machines and appliances (issue 14, branch machines): the ``machinery_assembly`` class (parts fabrication and
assembly as a further step on the whole product) and the fabrication scrap of metal parts. Invented products;
expected values worked by hand from the rule's figures (the factors are read from the trace, so the tests pin
the rule's arithmetic, not the factor library)."""

from __future__ import annotations

import pytest

from openpcf.engine import compositional_output
from openpcf.engine.estimation import estimate
from openpcf.engine.process_energy import (
    FURTHER_STEP_CLASSES,
    METAL_PARTS_SCRAP,
    energy_default,
    infer_product_class,
    is_fabricated_metal_part,
)
from openpcf.engine.product import BomEntry, ProductSpec


def _est(name: str, bom: list[tuple[str, float, str]], unit: str = "1 item", region: str | None = "DE",
         description: str | None = None):
    entries = [BomEntry(name=n, amount=a, unit=u) for n, a, u in bom]
    return estimate(ProductSpec(name=name, description=description, bom=entries, declared_unit=unit, region=region),
                    runs=50)


def _line(trace, name: str):
    return next(x for x in [*trace.inputs, *trace.energy] if x.name == name)


DRYER = [("steel sheet", 20.0, "kg"), ("polypropylene", 6.0, "kg"), ("steel screws", 0.2, "kg"),
         ("electric motor", 3.0, "kg"), ("corrugated cardboard packaging", 1.0, "kg")]


@pytest.mark.parametrize(("name", "components", "expected"), [
    ("Tumble dryer, heat pump, 8 kg", [("steel sheet", 20), ("polypropylene", 6), ("electric motor", 3)],
     "machinery_assembly"),
    ("Cordless kettle", [("stainless steel", 0.4), ("polypropylene", 0.4), ("power cord", 0.1)], "machinery_assembly"),
    ("Folding bicycle, steel frame", [("steel tubes", 9), ("rubber tyres", 2), ("aluminium rims", 2)],
     "machinery_assembly"),
    # "machine" in a plaster's name is not backed by metal or plastic mass
    ("Gypsum machine plaster", [("gypsum", 95), ("limestone", 5)], "general_manufacturing"),
    # accessories and consumables for a machine are not the machine
    ("Bike helmet", [("polycarbonate shell", 30), ("EPS foam", 60), ("nylon straps", 10)], "general_manufacturing"),
    ("Dishwasher tablets", [("sodium carbonate", 40), ("sodium percarbonate", 20), ("PVA film", 2)], "chemical_formulation"),
    # a pump bottle is packaging, not a machine (no bare "pump" word)
    ("Soap pump bottle, HDPE", [("HDPE", 90), ("polypropylene", 10)], "plastic_conversion"),
])
def test_machine_words_backed_by_metal_or_plastic_mass(name, components, expected):
    assert infer_product_class(name, None, components) == expected


def test_the_class_is_a_further_step_with_the_fabricated_metal_energy():
    d = energy_default("machinery_assembly")
    assert "machinery_assembly" in FURTHER_STEP_CLASSES
    assert (d.electricity_kwh_per_kg, d.heat_mj_per_kg) == (1.5, 3.0)
    assert METAL_PARTS_SCRAP.input_per_output == pytest.approx(1.25)


def test_fabricated_metal_part_words():
    assert is_fabricated_metal_part("steel sheet") and is_fabricated_metal_part("aluminium frame")
    assert not is_fabricated_metal_part("steel screws") and not is_fabricated_metal_part("copper wire")
    assert not is_fabricated_metal_part("cast iron counterweight")


def test_a_tumble_dryer_buys_its_sheet_with_the_scrap_and_gets_the_assembly_energy_on_its_whole_mass():
    t = _est("Tumble dryer", DRYER)
    assert t.settings["product_class"] == "machinery_assembly"
    sheet, screws, motor = _line(t, "steel sheet"), _line(t, "steel screws"), _line(t, "electric motor")
    assert sheet.rate.value == pytest.approx(25.0)  # 20 kg of parts x 1.25 kg of sheet per kg of part
    assert screws.rate.value == pytest.approx(0.2)  # bought fasteners: no scrap
    assert motor.rate.value == pytest.approx(3.0)  # a bought component, not a metal by its name
    assert _line(t, "corrugated cardboard packaging").rate.value == pytest.approx(1.0)
    # declared mass = listed masses without packaging = 29.2 kg; a further step: no mass is covered
    assert _line(t, "process electricity").rate.value == pytest.approx(1.5 * 29.2)  # 43.8 kWh
    assert _line(t, "process heat (natural gas)").rate.value == pytest.approx(3.0 * 29.2)  # 87.6 MJ
    check = next(c for c in t.checks if c.code == "metal_parts_yield")
    assert check.input_ids == [sheet.id] and check.value == pytest.approx(1.25)


def test_the_scrap_line_is_costed_on_the_bought_sheet():
    t = _est("Tumble dryer", DRYER)
    sheet = _line(t, "steel sheet")
    out = compositional_output(t)
    row = next(b for b in out["breakdown"] if b["name"] == "steel sheet")
    # 25 kg x the sheet factor: 5 kg more than the 20 kg in the product, i.e. +25 % of its emissions
    assert row["kgco2e"] == pytest.approx(25.0 * sheet.factor.value, rel=1e-6)


def test_a_metal_product_that_is_not_a_machine_keeps_its_metal_mass():
    t = _est("Steel shelf bracket", [("steel sheet", 1.0, "kg")], unit="1 kg")
    assert t.settings["product_class"] != "machinery_assembly"
    assert _line(t, "steel sheet").rate.value == pytest.approx(1.0)
    assert not any(c.code == "metal_parts_yield" for c in t.checks)

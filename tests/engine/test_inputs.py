"""Inputs as practitioners write them (issue 13 item 6) and malformed inputs that used to pass silently
(issue 12 items 2 and 13): worked numbers with the hand-made factor table."""

from __future__ import annotations

import pytest

from openpcf.engine import ProductSpec, estimate
from openpcf.engine.composition import CompositionError, parse_composition, read_bom
from openpcf.engine.estimation import EstimateError, parse_declared_unit
from openpcf.engine.process_energy import energy_default
from openpcf.engine.product import BomEntry
from tests.support.factor_tables import TABLE

#: A class with an electricity default only (0.5 kWh/kg, no heat), so every total below is worked by hand.
CLASS = "plastics_compounding"
KWH_PER_KG = energy_default(CLASS).electricity_kwh_per_kg
GRID = 0.4  # kg CO2e/kWh, the table's global low-voltage electricity


def _run(**spec) -> object:
    return estimate(ProductSpec(name=spec.pop("name", "product"), **spec), source=TABLE, runs=200, product_class=CLASS)


# ---------------------------------------------------------------- care-label order


def test_care_label_order_percent_before_the_name():
    parts = parse_composition("98% cotton, 2% elastane")
    assert [(p.name, round(p.value, 12), p.unit) for p in parts] == [("cotton", 0.98, "kg/kg"), ("elastane", 0.02, "kg/kg")]
    assert [(p.name, p.value) for p in parse_composition("250 g flour; 20 g of sugar")] == [("flour", 0.25), ("sugar", 0.02)]
    # a leading number without a unit stays part of the name
    assert parse_composition("304 stainless steel: 80%; 20% polypropylene")[0].name == "304 stainless steel"
    t = _run(composition="98% steel, 2% polypropylene")
    # 0.98 kg × 2 + 0.02 kg × 1.5 (1500 per t) + 0.5 kWh × 0.4
    assert t.result.kgco2e == pytest.approx(1.96 + 0.03 + KWH_PER_KG * 1.0 * GRID)


# ---------------------------------------------------------------- counted declared units


@pytest.mark.parametrize("text, amount", [("1 bottle", 1.0), ("1 pair of shoes", 1.0), ("1 piece", 1.0),
                                          ("6 cans", 6.0), ("1 item", 1.0)])
def test_counted_declared_units_are_items(text, amount):
    du = parse_declared_unit(text)
    assert (du.amount, du.unit, du.mass_kg) == (amount, "item", None)


def test_per_item_masses_sum_for_mass_balance_and_energy_defaults():
    t = _run(declared_unit="1 bottle", composition="steel: 0.7 kg; polypropylene: 300 g")
    assert t.product.declared_unit.mass_kg == pytest.approx(1.0)
    assert t.result.mass_balance == pytest.approx(1.0)
    (elec,) = [x for x in t.energy if x.rate.origin == "default"]
    assert elec.rate.value == pytest.approx(KWH_PER_KG * 1.0)
    assert t.result.kgco2e == pytest.approx(0.7 * 2 + 0.3 * 1.5 + KWH_PER_KG * 1.0 * GRID)
    assert any(c.code == "declared_mass" and c.value == pytest.approx(1.0) for c in t.checks)


def test_per_item_bom_packaging_is_not_part_of_the_item_mass():
    t = _run(declared_unit="1 item", bom=[BomEntry(name="steel", amount=2.0, unit="kg"),
                                         BomEntry(name="packaging cardboard", amount=0.5, unit="kg")])
    assert t.product.declared_unit.mass_kg == pytest.approx(2.0)
    assert t.result.mass_balance == pytest.approx(1.25)  # 2.5 kg listed per 2 kg of product


# ---------------------------------------------------------------- BOM files


def test_semicolon_csv_with_decimal_commas_and_header_synonyms(tmp_path):
    bom = tmp_path / "bom.csv"
    bom.write_text("Material;Qty;Unit\nsteel;0,7;kg\npolypropylene;300;g\n", encoding="utf-8")
    assert [(e.name, e.amount, e.unit) for e in read_bom(bom)] == [("steel", 0.7, "kg"), ("polypropylene", 300.0, "g")]
    bom.write_text("component,quantity,units\nsteel,2,kg\n", encoding="utf-8")
    assert [(e.name, e.amount, e.unit) for e in read_bom(bom)] == [("steel", 2.0, "kg")]
    bom.write_text("name\tmass (g)\nsteel\t700\npolypropylene\t300\n", encoding="utf-8")
    entries = read_bom(bom)
    assert [(e.name, e.amount, e.unit) for e in entries] == [("steel", 700.0, "g"), ("polypropylene", 300.0, "g")]
    t = _run(declared_unit="1 item", bom=entries)
    assert t.result.kgco2e == pytest.approx(1.4 + 0.45 + KWH_PER_KG * 1.0 * GRID)


@pytest.mark.parametrize("name, content, message", [
    ("bom.csv", "name,amount\nsteel,0.7\n", "bom.csv:1: no unit column"),
    ("bom.csv", "name;mass\nsteel;0,7\n", "bom.csv:1: no unit column"),
    ("bom.csv", "name,amount,unit\nsteel,0.7,kg\ncopper,0.1,\n", "bom.csv:3: field 'unit': missing"),
    ("bom.json", '[{"name": "steel", "amount": 0.7}]', "bom.json:1: field 'unit': missing"),
    ("bom.csv", "name,qty,quantity,unit\nsteel,1,1,kg\n", "two columns for 'amount'"),
    ("bom.csv", "name,amount,unit\nsteel,0,kg\ncopper,0,g\n", "every amount is zero"),
])
def test_bom_without_units_or_amounts_is_an_error(tmp_path, name, content, message):
    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    with pytest.raises(CompositionError, match=message):
        read_bom(path)


@pytest.mark.parametrize("content, message", [
    ("name,amount,unit,parent\nA,1,kg,B\nB,1,kg,A\nsteel,0.5,kg,\n",
     r"bom.csv:2: field 'parent': the BOM tree has a cycle: 'A' → 'B' → 'A'"),
    ("name,amount,unit,parent\nsteel,0.5,kg,\nA,1,kg,A\n", r"bom.csv:3: field 'parent': the BOM tree has a cycle: 'A' → 'A'"),
    ("name,amount,unit,parent\nA,1,kg,B\nB,1,kg,C\nC,1,kg,A\n", r"cycle: 'A' → 'B' → 'C' → 'A'"),
])
def test_bom_cycles_are_errors_naming_the_rows(tmp_path, content, message):
    path = tmp_path / "bom.csv"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(CompositionError, match=message):
        read_bom(path)


def test_bom_cycle_given_to_the_engine_directly_is_an_error_not_a_lost_material():
    bom = [BomEntry(name="A", amount=1, unit="kg", parent="B"), BomEntry(name="B", amount=1, unit="kg", parent="A"),
           BomEntry(name="steel", amount=0.5, unit="kg")]
    with pytest.raises(EstimateError, match=r"BOM row 1 \('A'\): field 'parent': the BOM tree has a cycle"):
        _run(bom=bom)
    ok = _run(bom=[BomEntry(name="frame", amount=1, unit="kg"), BomEntry(name="steel", amount=1, unit="kg", parent="frame")])
    assert ok.result.materials_kgco2e == pytest.approx(2.0)


# ---------------------------------------------------------------- sums that cannot be right


@pytest.mark.parametrize("text", ["steel: 0%", "steel: 0%; polypropylene: 0 %", "steel: 0 kg", "0% steel"])
def test_composition_summing_to_zero_is_an_error(text):
    with pytest.raises(CompositionError, match="composition sums to 0"):
        parse_composition(text)
    with pytest.raises(EstimateError, match="composition sums to 0"):
        _run(composition=text)


def test_bare_fractions_above_one_are_an_error_and_percent_still_reads():
    with pytest.raises(CompositionError, match="plain numbers sum to 1.2"):
        parse_composition("steel 0.6, polypropylene 0.6")
    # fractions within rounding of one stay fractions; numbers above one are percent
    assert [p.value for p in parse_composition("steel 0.6, polypropylene 0.42")] == [0.6, 0.42]
    assert [p.value for p in parse_composition("steel: 60; polypropylene: 40")] == [0.6, 0.4]


def test_a_grade_number_before_the_separator_belongs_to_the_name():
    from openpcf.engine.composition import parse_composition

    (part,) = parse_composition("stainless steel 304: 100%")
    assert (part.name, part.value, part.unit) == ("stainless steel 304", 1.0, "kg/kg")
    a, b = parse_composition("PA 6.6: 40%; glass fibre: 60%")
    assert (a.name, a.value) == ("PA 6.6", 0.4) and (b.name, b.value) == ("glass fibre", 0.6)
    c, _ = parse_composition("Aluminium scrap: post-consumer: 20%; steel: 80%")
    assert (c.name, c.value) == ("Aluminium scrap: post-consumer", 0.2)

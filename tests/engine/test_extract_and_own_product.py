"""Two general rules shown by the fourth reference set (issue 14), worked by hand on a hand-made factor
table (electricity 0.4 kg/kWh, natural gas 0.06 kg/MJ). Examples are invented.

1. A composition share of the raw ingredient of an extracted or concentrated product ("raw milk: 100%" for
   milk powder) is scaled by the extraction yield (kg raw per kg product), unless the line's factor already
   is the extract.
2. A product that is its own input under an abbreviation ("(EG)") or less its delivery state ("nitrogen" in
   "Liquid nitrogen") gets no process energy on top of its own factor.
"""

from __future__ import annotations

import pytest

from openpcf.engine import BomEntry, ProductSpec, estimate
from openpcf.engine.estimation import is_own_material, names_product_in_state, without_defined_abbreviation
from openpcf.engine.extract_yield import EXTRACT_YIELDS, extract_yield, factor_is_extract
from tests.support.factor_tables import TABLE, TableSource, _factor

SOURCE = TableSource([
    *TABLE.factors,
    _factor("raw milk", 1.2), _factor("apple juice", 0.3), _factor("olive oil", 0.6),
    _factor("ethylene glycol", 2.0), _factor("nitrogen", 0.13), _factor("liquid nitrogen", 0.31),
])


def _line_kg(trace, name: str) -> float:
    return sum(x.rate.value for x in trace.inputs if x.name == name)


@pytest.mark.parametrize(("product", "line", "kg"), [
    ("Instant whole milk powder", "raw milk", 7.6),
    ("Cloudy apple juice concentrate", "apple juice", 6.4),
    ("Cloudy apple juice concentrate", "apples", 8.5),
    ("Cold-pressed olive oil", "olives", 5.5),
    ("Sun-dried tomato paste", "fresh tomatoes", 5.5),
])
def test_yield_table_reads_product_and_raw_ingredient(product, line, kg):
    found = extract_yield(product, line)
    assert found is not None and found.kg_per_kg == kg


@pytest.mark.parametrize(("product", "line"), [
    ("Instant whole milk powder", "milk powder"),   # the line is the product itself
    ("Fresh whole milk", "raw milk"),               # not an extract
    ("Rapeseed oil", "rapeseed"),                   # oilseed with a valuable meal: not listed (allocation)
    ("Cold-pressed olive oil", "olive oil"),
])
def test_no_yield_for_the_product_itself_or_a_non_extract(product, line):
    assert extract_yield(product, line) is None


def test_milk_powder_share_of_raw_milk_is_scaled_by_the_drying_yield():
    t = estimate(ProductSpec(name="Instant whole milk powder", composition="raw milk: 100%"), source=SOURCE, runs=50)
    assert _line_kg(t, "raw milk") == pytest.approx(7.6)         # 1 kg x 7.6 kg milk per kg powder
    assert t.result.materials_kgco2e == pytest.approx(7.6 * 1.2)  # 9.12 kg CO2e from the milk
    assert any(c.code == "extract_yield" and c.value == 7.6 for c in t.checks)


def test_a_share_of_juice_in_a_concentrate_with_sugar_is_scaled_alone():
    t = estimate(ProductSpec(name="Apple juice concentrate", composition="apple juice: 90%; steel: 10%"),
                 source=SOURCE, runs=50)
    assert _line_kg(t, "apple juice") == pytest.approx(0.9 * 6.4)  # 5.76 kg juice
    assert _line_kg(t, "steel") == pytest.approx(0.1)


def test_a_bom_in_kg_is_taken_as_given():
    t = estimate(ProductSpec(name="Instant whole milk powder", bom=[BomEntry(name="raw milk", amount=8.0, unit="kg")]),
                 source=SOURCE, runs=50)
    assert _line_kg(t, "raw milk") == pytest.approx(8.0)
    assert not any(c.code == "extract_yield" for c in t.checks)


def test_factor_already_the_extract_is_not_scaled_twice():
    entry = next(e for e in EXTRACT_YIELDS if e.product_words == ("olive", "oil"))
    assert factor_is_extract(entry, "Olive oil, extra virgin")
    assert not factor_is_extract(entry, "Olives, fresh")


@pytest.mark.parametrize(("name", "out"), [
    ("Monoethylene glycol (MEG)", "Monoethylene glycol"),
    ("Polyethylene terephthalate (PET) granulate", "Polyethylene terephthalate granulate"),
    ("Liquid nitrogen (LN2)", "Liquid nitrogen"),
    ("Steel (EAF)", "Steel (EAF)"),                    # a route, not an abbreviation of 'steel'
    ("Nitric acid (60 %)", "Nitric acid (60 %)"),
])
def test_only_a_fitting_abbreviation_is_dropped(name, out):
    assert without_defined_abbreviation(name) == out


def test_state_and_abbreviation_readings():
    assert names_product_in_state("Liquid nitrogen (LN2)", "nitrogen")
    assert not names_product_in_state("Fresh carrots", "carrots")      # 'fresh' does not change the factor
    assert not names_product_in_state("Nitrogen", "nitrogen")          # no state word: nothing to add
    assert is_own_material("Ethylene glycol (EG)", "ethylene glycol", "ethylene glycol")
    assert is_own_material("Liquid nitrogen", "nitrogen", "Nitrogen, liquid, from air separation")
    assert not is_own_material("Liquid nitrogen", "nitrogen", "Nitrogen, gaseous")  # liquefaction not inside


def test_abbreviated_product_that_is_its_input_gets_no_process_energy():
    t = estimate(ProductSpec(name="Ethylene glycol (EG)", composition="ethylene glycol: 100%"), source=SOURCE, runs=50)
    assert [x for x in t.energy if x.kind == "energy"] == []
    assert t.result.kgco2e == pytest.approx(2.0)


def test_gas_named_less_its_state_takes_the_products_factor_and_no_energy():
    t = estimate(ProductSpec(name="Liquid nitrogen (LN2)", composition="nitrogen: 100%"), source=SOURCE, runs=50)
    assert t.inputs[0].factor.name == "liquid nitrogen"
    assert [x for x in t.energy if x.kind == "energy"] == []
    assert t.result.kgco2e == pytest.approx(0.31)

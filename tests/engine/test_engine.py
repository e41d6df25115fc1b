"""The compositional engine with a hand-made factor table (no dependence on the open library's values)."""

from __future__ import annotations

import json
import math

import pytest

from openpcf.engine import ProductSpec, compositional_output, estimate, total_kgco2e
from openpcf.engine.aggregation import line_kgco2e, summarise
from openpcf.engine.checks import structural_checks
from openpcf.engine.estimation import EstimateError, parse_declared_unit
from openpcf.engine.levers import LeverError, set_rate, set_region
from openpcf.engine.process_energy import energy_default
from openpcf.engine.product import BomEntry
from openpcf.engine.trace import (
    TRACE_SCHEMA_VERSION,
    FactorProvenance,
    InputLine,
    ProductInfo,
    Rate,
    Trace,
    Versions,
)
from openpcf.factors.record import FactorQuery
from tests.support.factor_tables import TABLE, TableSource, _factor


def _widget(composition: str, **kw) -> Trace:
    spec = ProductSpec(name="Widget", composition=composition, **kw)
    return estimate(spec, source=TABLE, product_class="general_manufacturing", runs=500, seed=1)


def test_three_components_worked_by_hand():
    t = _widget("steel: 50%; polypropylene: 30%; water: 20%")
    # materials: 0.5×2.0 + 0.3×1.5 + 0.2×0.001 = 1.4502; energy (general manufacturing default):
    # 0.5 kWh × 0.4 + 1.0 MJ × 0.06 = 0.26
    assert t.result.kgco2e == pytest.approx(1.7102, rel=1e-12)
    assert t.result.materials_kgco2e == pytest.approx(1.4502, rel=1e-12)
    assert t.result.energy_kgco2e == pytest.approx(0.26, rel=1e-12)
    pp = next(x for x in t.inputs if x.name == "polypropylene")
    assert pp.rate.value == pytest.approx(0.3) and pp.rate.origin == "composition" and pp.rate.as_given == "polypropylene: 30%"
    assert pp.factor.unit == "t" and line_kgco2e(pp) == pytest.approx(0.45)
    assert pp.activity.name == "polypropylene" and pp.activity.alternatives[0].chosen
    assert total_kgco2e(t) == t.result.kgco2e
    assert t.result.mass_balance == pytest.approx(1.0) and t.result.mass_share_with_factor == pytest.approx(1.0)
    assert {c.code: c.passed for c in t.checks}["mass_balance"] is True
    out = compositional_output(t)
    assert out["kgco2e"] == pytest.approx(1.7102)
    steel = out["breakdown"][0]
    assert steel == {"name": "steel", "kind": "material", "rate": 0.5, "unit": "kg", "rate_kg_per_kg": 0.5,
                     "factor_id": "test:steel:GLO", "kgco2e": 1.0}
    assert [r["kind"] for r in out["breakdown"]][-2:] == ["energy", "energy"]


def test_region_changes_grid_factor_and_lever_records_edit():
    t = _widget("steel: 100%", region="France")
    assert t.product.region == "FR"
    elec = next(x for x in t.energy if "electricity" in x.name)
    assert elec.factor.value == 0.05  # French grid from the table
    t2 = set_region(t, "DE", TABLE)  # no DE row → the table's GLO row
    assert t2.result.kgco2e - t.result.kgco2e == pytest.approx(0.5 * (0.4 - 0.05))
    assert t2.edits[-1].field == "region" and t2.edits[-1].new == "DE"


def test_set_rate_lever_rescales_other_inputs():
    t = _widget("steel: 50%; polypropylene: 50%")
    t2 = set_rate(t, "steel=80%", TABLE)
    rates = {x.name: x.rate.value for x in t2.inputs}
    assert rates == pytest.approx({"steel": 0.8, "polypropylene": 0.2})
    assert t2.result.materials_kgco2e == pytest.approx(0.8 * 2.0 + 0.2 * 1.5)
    edit = t2.edits[-1]
    assert (edit.lever, edit.old, edit.new) == ("steel=80%", 0.5, 0.8)
    assert edit.kgco2e_after - edit.kgco2e_before == pytest.approx(0.3 * (2.0 - 1.5))
    with pytest.raises(LeverError, match="NAME=AMOUNT"):
        set_rate(t, "steel 80%", TABLE)


def test_sum_above_100_is_scaled_and_packaging_kept_on_top():
    t = _widget("steel: 60%; polypropylene: 60%; distribution packaging: 10%")
    rates = {x.name: x.rate.value for x in t.inputs}
    assert rates["steel"] == pytest.approx(0.5) and rates["polypropylene"] == pytest.approx(0.5)
    assert rates["distribution packaging"] == pytest.approx(0.1)
    check = next(c for c in t.checks if c.code == "composition_sum")
    assert not check.passed and check.value == pytest.approx(1.2)


def test_sum_below_100_adds_explicit_remainder_left_out_and_incomplete():
    t = _widget("steel: 40%; polypropylene: 40%")
    rem = next(x for x in t.inputs if x.role == "remainder")
    assert rem.rate.value == pytest.approx(0.2) and rem.rate.origin == "default"
    # No other component's factor stands in for the remainder: it is out of the total and 20% > 5% of the mass.
    assert rem.factor is None and rem.kgco2e is None
    assert t.result.materials_kgco2e == pytest.approx(0.4 * 2.0 + 0.4 * 1.5, rel=1e-12)
    assert t.result.mass_share_with_factor == pytest.approx(0.8)
    assert t.result.mass_share_without_factor == pytest.approx(0.2) and t.result.complete is False


def test_other_within_the_cut_off_is_left_out_and_complete():
    t = _widget("steel: 99%; other: 1%")
    other = next(x for x in t.inputs if x.name == "other")
    assert other.factor is None and other.kgco2e is None
    assert t.result.materials_kgco2e == pytest.approx(0.99 * 2.0, rel=1e-12)
    assert t.result.complete is True and t.result.mass_share_without_factor == pytest.approx(0.01)


def test_missing_factor_is_reported_not_zeroed():
    t = _widget("unobtainium: 100%")
    line = t.inputs[0]
    assert line.factor is None and line.kgco2e is None
    missing = next(c for c in t.checks if c.code == "missing_factor")
    assert not missing.passed and missing.severity == "error" and missing.input_ids == [line.id]
    assert t.result.inputs_without_factor == 1 and t.result.mass_share_with_factor == 0.0
    assert compositional_output(t)["breakdown"][0]["kgco2e"] is None


def test_ghost_input_and_mass_balance_violations():
    t = _widget("steel: 50%; polypropylene: 50%; tap water: 0%")
    ghost = next(c for c in t.checks if c.code == "ghost_input")
    assert not ghost.passed and [t.line(i).name for i in ghost.input_ids] == ["tap water"]
    low = estimate(ProductSpec(name="w", bom=[BomEntry(name="steel", amount=0.4, unit="kg")]), source=TABLE, runs=100)
    mb = next(c for c in low.checks if c.code == "mass_balance")
    assert (mb.passed, mb.value) == (False, 0.4) and "missing" in mb.message
    high = estimate(ProductSpec(name="w", bom=[BomEntry(name="steel", amount=3500, unit="g")]), source=TABLE, runs=100)
    mb = next(c for c in high.checks if c.code == "mass_balance")
    assert (mb.passed, mb.value) == (False, 3.5) and "double counted" in mb.message


def test_composite_mapped_to_trace_ingredient_is_flagged():
    spec = ProductSpec(name="converter", bom=[BomEntry(name="rhodium catalyst", amount=0.01, unit="kg", activity="rhodium"),
                                              BomEntry(name="steel", amount=0.99, unit="kg")])
    t = estimate(spec, source=TABLE, runs=100)
    check = next(c for c in t.checks if c.code == "composite_trace_ingredient")
    assert not check.passed and "rhodium" in check.message
    assert t.inputs[0].activity.method == "user"


def test_unit_mismatch_check():
    bad = Trace(product=ProductInfo(name="x"), versions=Versions(software="t"), inputs=[InputLine(
        id="m1", name="steel", rate=Rate(value=1.0, unit="kg", origin="user"),
        factor=FactorProvenance(id="f", name="f", value=1.0, unit="kWh", source="s", license="l"))])
    bad = summarise(bad)
    assert bad.result.kgco2e == 0.0 and bad.inputs[0].kgco2e is None
    check = next(c for c in structural_checks(bad) if c.code == "unit_mismatch")
    assert not check.passed and check.severity == "error"


def test_monte_carlo_reproducible_with_seed():
    a = _widget("steel: 50%; polypropylene: 50%")
    b = _widget("steel: 50%; polypropylene: 50%")
    assert a.uncertainty == b.uncertainty
    c = estimate(ProductSpec(name="Widget", composition="steel: 50%; polypropylene: 50%"), source=TABLE,
                 product_class="general_manufacturing", runs=500, seed=2)
    assert c.uncertainty.median != a.uncertainty.median
    u = a.uncertainty
    assert u.p2_5 < u.median < u.p97_5 and u.runs == 500 and u.seed == 1
    assert math.isclose(sum(v.share for v in u.contributors), 1.0, abs_tol=0.01) or len(u.contributors) == 5
    # variance share of a line = c²(exp(ln²GSD_rate + ln²GSD_factor) − 1) over the sum (mean-preserving lognormals)
    var = {x.id: (x.kgco2e or 0.0) ** 2 * math.expm1(math.log(x.rate.spread) ** 2 + math.log(x.factor.spread) ** 2)
           for x in a.all_lines() if x.factor is not None}
    assert {v.input_id: v.share for v in u.contributors} == {
        k: pytest.approx(round(w / sum(var.values()), 4), abs=1e-4) for k, w in var.items()}


def test_bom_tree_with_parent_and_user_energy():
    spec = ProductSpec(name="chair", declared_unit="1 item", bom=[
        BomEntry(name="frame", amount=2.0, unit="kg"),
        BomEntry(name="steel", amount=1.5, unit="kg", parent="frame"),
        BomEntry(name="polypropylene", amount=500, unit="g", parent="frame"),
        BomEntry(name="electricity", amount=2.0, unit="kWh"),
    ])
    t = estimate(spec, source=TABLE, runs=100)
    frame = t.inputs[0]
    assert frame.children == ["m2", "m3"] and t.inputs[1].depth == 1 and frame.factor is None
    assert [x.name for x in t.leaves()] == ["steel", "polypropylene"]
    assert t.energy[0].name == "electricity" and t.energy[0].rate.origin == "user"
    # Issue 13 item 6: the item's mass is the sum of its listed masses (1.5 + 0.5 kg), so the mass balance is
    # computed and the heat default (the user gave electricity only) applies to 2 kg.
    assert t.product.declared_unit.mass_kg == pytest.approx(2.0) and t.result.mass_balance == pytest.approx(1.0)
    heat = [x for x in t.energy if x.rate.origin == "default"]
    default = energy_default(t.settings["product_class"])
    assert [x.name for x in heat] == ["process heat (natural gas)"]
    assert heat[0].rate.value == pytest.approx(default.heat_mj_per_kg * 2.0)
    # 1.5×2 + 0.5×1.5 + 2 kWh×0.4 + the heat line
    assert t.result.kgco2e == pytest.approx(3.0 + 0.75 + 0.8 + (heat[0].kgco2e or 0.0))


@pytest.mark.parametrize("composition, message", [
    ("", "no composition or bill of materials"),
    ("steel: -5%", "negative amount"),
    ("steel: 5 furlongs", "unknown unit 'furlongs'"),
    ("steel", "expected 'name: amount'"),
])
def test_bad_compositions_raise_clear_errors(composition, message):
    with pytest.raises(EstimateError, match=message):
        estimate(ProductSpec(name="w", composition=composition or " "), source=TABLE)


def test_no_composition_no_model_is_a_clear_error():
    with pytest.raises(EstimateError, match="no composition or bill of materials"):
        estimate(ProductSpec(name="w"), source=TABLE)


def test_declared_unit_parsing():
    assert parse_declared_unit("kilogram").unit == "kg"
    du = parse_declared_unit("1000 kg")
    assert (du.amount, du.unit) == (1000.0, "kg")
    with pytest.raises(EstimateError, match="unknown unit 'bushels of joy'"):
        parse_declared_unit("1 bushels of joy")


def test_trace_json_round_trip_and_version():
    t = _widget("steel: 100%")
    again = Trace.model_validate(json.loads(t.model_dump_json()))
    assert again == t and again.schema_version == TRACE_SCHEMA_VERSION
    assert t.versions.software.startswith("openpcf ")


def test_rounded_shares_are_normalised_to_exactly_one_unit():
    t = _widget("steel: 33.3%; polypropylene: 33.3%; tap water: 33.3%")
    assert [x.rate.value for x in t.inputs] == pytest.approx([1 / 3] * 3)
    assert t.result.mass_balance == pytest.approx(1.0)
    check = next(c for c in t.checks if c.code == "composition_sum")
    assert check.passed and "normalised" in check.message


def test_engine_as_benchmark_solver():
    import asyncio

    from openpcf.pcfbench.data import EpdRow
    from openpcf.systems.compositional import CompositionalSolver

    row = EpdRow.model_validate({"id": "x1", "input": {"product_name": "Widget", "quantity_unit": "kilogram",
                                                        "composition": "steel: 100%", "geography": "France"},
                                 "expected_output": {"kgco2e": 1.0}})
    res = asyncio.run(CompositionalSolver(source=TABLE).solve(row))
    # steel 1×2.0 + metal products default 1.5 kWh × 0.05 (FR) + 3 MJ × 0.06
    assert res.output["kgco2e"] == pytest.approx(2.0 + 1.5 * 0.05 + 3 * 0.06)
    assert res.trace["schema_version"] == TRACE_SCHEMA_VERSION and res.output["breakdown"][0]["name"] == "steel"
    no_comp = asyncio.run(CompositionalSolver(task="epd", setting="epd_with_description", source=TABLE).solve(row))
    assert no_comp.output is None and "no composition" in no_comp.error
    epd = asyncio.run(CompositionalSolver(task="epd", setting="epd_with_composition", source=TABLE).solve(row))
    assert set(epd.output) == {"kgco2e"} and epd.output["kgco2e"] == pytest.approx(2.0 + 1.5 * 0.4 + 3 * 0.06)


def test_end_of_life_activity_never_stands_for_a_material():
    src = TableSource([_factor("corn, decomposition", 1.4), _factor("corn", 0.07)])

    class Searchy(TableSource):
        def resolve(self, query):  # a resolver that answers with the decomposition activity first
            match = super().resolve(FactorQuery(name="corn, decomposition", unit=query.unit))
            return match.model_copy(update={"method": "search", "score": 0.85}) if query.name == "Corn" else super().resolve(query)

    t = estimate(ProductSpec(name="starch", composition="Corn: 100%"), source=Searchy(src.factors),
                 product_class="general_manufacturing", runs=100)
    assert t.inputs[0].factor is None or "decomposition" not in t.inputs[0].factor.name


def test_user_activity_choice_is_recorded():
    from openpcf.engine.levers import set_activity

    t = _widget("steel: 100%")
    t2 = set_activity(t, "steel=polypropylene", TABLE)
    line = t2.inputs[0]
    assert line.factor.name == "polypropylene" and line.activity.method == "user"
    edit = t2.edits[-1]
    assert (edit.field, edit.old, edit.new) == ("activity", "test:steel:GLO", "test:polypropylene:GLO")
    assert edit.kgco2e_after - edit.kgco2e_before == pytest.approx(1.5 - 2.0)
    with pytest.raises(LeverError, match="no input named 'brass'"):
        set_activity(t, "brass=polypropylene", TABLE)


def test_product_recycled_content_splits_the_main_input():
    src = TableSource([*TABLE.factors, _factor("recycled steel", 0.5)])
    t = estimate(ProductSpec(name="Widget", composition="steel: 80%; polypropylene: 20%", recycled_content="25%"),
                 source=src, product_class="general_manufacturing", runs=100)
    rates = {x.name: round(x.rate.value, 9) for x in t.inputs}
    assert rates == {"steel": 0.55, "polypropylene": 0.2, "recycled steel": 0.25}
    assert t.inputs[-1].factor.name == "recycled steel"
    assert t.result.materials_kgco2e == pytest.approx(0.55 * 2.0 + 0.2 * 1.5 + 0.25 * 0.5)


def test_description_made_from_recycled_material_marks_inputs():
    src = TableSource([*TABLE.factors, _factor("recycled steel", 0.5), _factor("primary steel", 2.2)])
    t = estimate(ProductSpec(name="Deoxidiser", description="A pressed product made from recycled steel chips.",
                             composition="steel: 90%; primary steel: 10%"),
                 source=src, product_class="general_manufacturing", runs=100)
    assert [(x.name, x.recycled, x.factor.name) for x in t.inputs] == [
        ("steel", True, "recycled steel"), ("primary steel", False, "primary steel")]
    assert any(c.code == "recycled_content" and c.input_ids == ["m1"] for c in t.checks)


def test_cullet_under_the_cut_off_rule_with_and_without_a_secondary_material_factor():
    spec = ProductSpec(name="Jar", composition="sand: 70%; glass cullet: 30%")
    # A secondary-material factor (reprocessing of cullet, remelting included) carries the cullet: the
    # glass-melting default (0.4 kWh × 0.4 + 5.5 MJ × 0.06 = 0.49 per kg) applies to the 70% virgin batch only.
    closed_loop = TableSource([*TABLE.factors, _factor("sand", 0.01), _factor("recycled glass", 0.8)])
    t = estimate(spec, source=closed_loop, product_class="glass_melting", runs=200, seed=1)
    cullet = next(x for x in t.inputs if x.name == "glass cullet")
    assert cullet.factor.value == 0.8 and cullet.boundary.recycled_rule == "cut_off"
    assert cullet.boundary.conversion_energy == "covered_by_factor"
    assert t.result.materials_kgco2e == pytest.approx(0.7 * 0.01 + 0.3 * 0.8, rel=1e-12)
    assert t.result.energy_kgco2e == pytest.approx(0.7 * 0.49, rel=1e-12)
    # No secondary-material factor: the cullet is burden-free at the point of recycling; its reprocessing
    # (0.03 kWh/kg) and its melting (the furnace default on the whole batch) are counted.
    plain = TableSource([*TABLE.factors, _factor("sand", 0.01)])
    t2 = estimate(spec, source=plain, product_class="glass_melting", runs=200, seed=1)
    cullet2 = next(x for x in t2.inputs if x.name == "glass cullet")
    assert cullet2.factor.value == 0.0 and cullet2.boundary.recycled_rule == "cut_off"
    assert t2.result.materials_kgco2e == pytest.approx(0.7 * 0.01, rel=1e-12)
    assert t2.result.energy_kgco2e == pytest.approx(0.49 + 0.3 * 0.03 * 0.4, rel=1e-12)
    assert t2.settings["recycled_content_rule"].startswith("cut-off")

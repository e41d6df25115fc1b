"""Issue 13's method rules, each with worked numbers: boundaries, product class from mass, honest proxies,
completeness, cut-off. Hand-made tables unless a test says it uses the embedded open library."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from openpcf.engine import ProductSpec, estimate
from openpcf.engine.output import estimate_json
from openpcf.engine.process_energy import infer_product_class
from tests.support.factor_tables import TABLE, TableSource, _factor

FORMED = ("material_production", "conversion")


def _staged(name: str, value: float, stages: tuple[str, ...]):
    return _factor(name, value).model_copy(update={"stages": stages})


# ---------------------------------------------------------------- 1. boundaries decide the process energy

CONCRETE_TABLE = TableSource([
    *TABLE.factors,
    _staged("ready-mix concrete", 0.12, FORMED),
    _staged("cement", 0.9, ("material_production",)),
    _staged("gravel", 0.005, ("material_production",)),
    _staged("sand", 0.005, ("material_production",)),
])


def test_a_factor_that_covers_conversion_gets_no_process_energy():
    t = estimate(ProductSpec(name="Concrete", composition="ready-mix concrete: 100%"), source=CONCRETE_TABLE, runs=100)
    assert t.settings["product_class"] == "concrete_mixing"
    assert t.result.kgco2e == pytest.approx(0.12, rel=1e-12) and t.energy == []
    assert t.inputs[0].boundary.conversion_energy == "covered_by_factor"


def test_concrete_bom_per_m3_is_materials_plus_only_the_energy_the_factors_leave_out():
    bom = "cement: 300 kg; gravel: 1100 kg; sand: 800 kg; water: 200 kg"
    t = estimate(ProductSpec(name="Concrete C25/30", composition=bom, declared_unit="1 m3", declared_mass_kg=2400),
                 source=CONCRETE_TABLE, runs=100)
    # materials: 300×0.9 + 1900×0.005 + 200 kg tap water ×0.001 = 279.7
    # mixing default 0.002 kWh + 0.01 MJ per kg on all 2400 kg (no factor covers conversion): 4.8 kWh ×0.4 + 24 MJ ×0.06
    assert t.result.materials_kgco2e == pytest.approx(279.7, rel=1e-12)
    assert t.result.energy_kgco2e == pytest.approx(4.8 * 0.4 + 24 * 0.06, rel=1e-12)
    assert t.result.kgco2e == pytest.approx(279.7 + 3.36, rel=1e-12)
    assert {x.name: x.boundary.conversion_energy for x in t.inputs} == {
        "cement": "added", "gravel": "added", "sand": "added", "water": "added"}


def test_process_energy_covers_only_the_mass_whose_factor_leaves_conversion_out():
    # 60% is bought as ready-mix (conversion inside its factor): the mixing energy applies to the other 40%.
    t = estimate(ProductSpec(name="Concrete", composition="ready-mix concrete: 60%; cement: 10%; gravel: 30%"),
                 source=CONCRETE_TABLE, runs=100)
    elec = next(x for x in t.energy if "electricity" in x.name)
    assert elec.rate.value == pytest.approx(0.002 * 0.4, rel=1e-12)
    assert t.result.kgco2e == pytest.approx(0.6 * 0.12 + 0.1 * 0.9 + 0.3 * 0.005 + 0.4 * (0.002 * 0.4 + 0.01 * 0.06))


def test_open_library_concrete_equals_the_ready_mix_factor():
    from openpcf.factors.library import open_library

    t = estimate(ProductSpec(name="Concrete", composition="concrete: 100%"), runs=100)
    line = t.inputs[0]
    factor = open_library().get(line.factor.id)
    assert "conversion" in factor.stages and t.energy == []
    assert t.result.kgco2e == pytest.approx(factor.value, rel=1e-12) and t.result.complete


def test_open_library_concrete_bom_adds_mixing_energy_for_uncovered_mass_only():
    bom = "cement: 320 kg; gravel: 1100 kg; sand: 800 kg; water: 180 kg"
    t = estimate(ProductSpec(name="Concrete", composition=bom, declared_unit="1 m3", declared_mass_kg=2400), runs=100)
    uncovered = sum(x.rate.value for x in t.inputs if x.boundary.conversion_energy == "added")
    rates = {x.name: x.rate.value for x in t.energy if x.kind == "energy"}
    assert rates["process electricity"] == pytest.approx(0.002 * uncovered, rel=1e-12)
    assert rates["process heat (natural gas)"] == pytest.approx(0.01 * uncovered, rel=1e-12)
    materials = sum(x.rate.value * x.factor.value for x in t.inputs)
    assert t.result.materials_kgco2e == pytest.approx(materials, rel=1e-12)
    assert t.result.kgco2e < 1.05 * materials  # mixing is a few kg per m3, not a multiple of the materials


def test_factor_provenance_carries_stages_route_and_basis():
    t = estimate(ProductSpec(name="Concrete", composition="concrete: 100%"), runs=50)
    f = t.inputs[0].factor
    assert f.stages == ["material_production", "conversion"] and f.route == "primary" and f.basis == "as_produced"


# ---------------------------------------------------------------- 2. product class from mass-weighted evidence

def test_pallet_of_timber_and_nails_is_a_wood_product():
    assert infer_product_class("Pallet", None, [("timber", 0.97), ("steel nails", 0.03)]) == "wood_products"
    src = TableSource([*TABLE.factors, _staged("timber", 0.27, FORMED)])
    t = estimate(ProductSpec(name="Pallet", composition="timber: 97%; steel: 3%"), source=src, runs=100)
    assert t.settings["product_class"] == "wood_products"
    # timber covers its sawing; the wood-products default (0.2 kWh, 0.3 MJ per kg) applies to the 3% of steel only
    assert t.result.kgco2e == pytest.approx(0.97 * 0.27 + 0.03 * 2.0 + 0.03 * (0.2 * 0.4 + 0.3 * 0.06), rel=1e-12)


def test_a_minor_component_never_sets_the_class():
    # "aluminium" is in the name, but aluminium is 10% of the mass: the word needs the mass behind it.
    assert infer_product_class("Aluminium-trim crate", None, [("polypropylene", 0.9), ("aluminium", 0.1)]) \
        == "plastic_conversion"
    # 15% steel screws among 85% PP: the class comes from the PP.
    assert infer_product_class("Gizmo", None, [("PP", 0.85), ("steel screws", 0.15)]) == "plastic_conversion"
    # a word backed by a component at the 20% threshold sets the class
    assert infer_product_class("Aluminium-trim crate", None, [("polypropylene", 0.8), ("aluminium", 0.2)]) \
        == "metal_products"


def test_unknown_mass_falls_back_to_general_manufacturing():
    assert infer_product_class("Gizmo", None, [("unobtainium", 0.5), ("frobnium", 0.5)]) == "general_manufacturing"
    assert infer_product_class("Float glass pane", None, [("sand", 0.6), ("soda ash", 0.2), ("dolomite", 0.2)]) \
        == "flat_glass_melting"


# ---------------------------------------------------------------- 3. honest proxies

def test_a_proxy_is_the_class_factor_of_the_inputs_own_class_never_another_components():
    src = TableSource([*TABLE.factors, _factor("wood", 0.3)])
    # (a "Bench" is now read as a solid-wood article, whose oak would carry the rough-milling yield: a planter is not)
    t = estimate(ProductSpec(name="Planter box", composition="steel: 50%; oak: 50%"), source=src,
                 product_class="general_manufacturing", runs=100)
    oak = next(x for x in t.inputs if x.name == "oak")
    assert oak.factor.name == "wood" and oak.factor.value == 0.3  # not steel's 2.0, not an average
    assert oak.factor.match_method == "proxy" and oak.factor.spread >= 3.0
    assert any(c.code == "proxy_factor" and oak.id in c.input_ids for c in t.checks)
    assert t.result.materials_kgco2e == pytest.approx(0.5 * 2.0 + 0.5 * 0.3, rel=1e-12)


def test_an_input_of_no_known_class_gets_no_proxy():
    t = estimate(ProductSpec(name="Bench", composition="steel: 50%; unobtainium: 50%"), source=TABLE,
                 product_class="general_manufacturing", runs=100)
    line = next(x for x in t.inputs if x.name == "unobtainium")
    assert line.factor is None and line.kgco2e is None


# ---------------------------------------------------------------- 4. completeness

def test_completeness_thresholds_on_mass_and_on_proxy_emissions():
    ok = estimate(ProductSpec(name="W", composition="steel: 97%; unobtainium: 3%"), source=TABLE,
                  product_class="general_manufacturing", runs=100)
    assert ok.result.complete and ok.result.mass_share_without_factor == pytest.approx(0.03)
    bad = estimate(ProductSpec(name="W", composition="steel: 90%; unobtainium: 10%"), source=TABLE,
                   product_class="general_manufacturing", runs=100)
    assert not bad.result.complete and bad.result.mass_share_without_factor == pytest.approx(0.1)
    check = next(c for c in bad.checks if c.code == "completeness")
    assert not check.passed and check.severity == "error" and check.message.startswith("INCOMPLETE")
    # a product carried by a proxy: oak 0.3 of a total 0.3 + 0.5 kWh×0.4 + 1 MJ×0.06 = 0.56 → 54% > 50%
    src = TableSource([*TABLE.factors, _factor("wood", 0.3)])
    proxied = estimate(ProductSpec(name="W", composition="oak: 100%"), source=src,
                       product_class="general_manufacturing", runs=100)
    assert proxied.result.emissions_share_own_factor == pytest.approx(1 - 0.3 / 0.56, rel=1e-12)
    assert not proxied.result.complete
    out = estimate_json(bad)
    assert out["complete"] is False and out["kgco2e"] == pytest.approx(bad.result.kgco2e)
    assert out["coverage"]["mass_with_factor"] == pytest.approx(0.9)
    assert {"interval_95", "region", "gwp_basis", "checks"} <= set(out)


def test_cli_exits_non_zero_and_says_incomplete_unless_allowed(tmp_path):
    from openpcf.cli import app

    runner = CliRunner()
    bad = runner.invoke(app, ["estimate", "Gizmo", "--composition", "unobtainium: 90%; polypropylene: 10%",
                              "--runs", "50", "--json", str(tmp_path / "r.json")])
    assert bad.exit_code == 3 and "INCOMPLETE" in bad.output
    assert json.loads((tmp_path / "r.json").read_text())["complete"] is False
    allowed = runner.invoke(app, ["estimate", "Gizmo", "--composition", "unobtainium: 90%; polypropylene: 10%",
                                  "--runs", "50", "--allow-incomplete"])
    assert allowed.exit_code == 0 and "INCOMPLETE" in allowed.output
    good = runner.invoke(app, ["estimate", "Concrete", "--composition", "concrete: 100%", "--runs", "50",
                               "--json", str(tmp_path / "c.json")])
    assert good.exit_code == 0 and "INCOMPLETE" not in good.output
    from openpcf.factors.library import open_library

    out = json.loads((tmp_path / "c.json").read_text())
    assert out["complete"] is True
    assert out["kgco2e"] == pytest.approx(open_library().get(out["breakdown"][0]["factor_id"]).value, rel=1e-12)


# ---------------------------------------------------------------- 5. cut-off for recycled content

def test_bought_secondary_material_keeps_its_reprocessing_factor_under_cut_off():
    src = TableSource([*TABLE.factors, _factor("recycled steel", 0.5)])
    t = estimate(ProductSpec(name="Bracket", composition="recycled steel: 100%"), source=src,
                 product_class="general_manufacturing", runs=100)
    line = t.inputs[0]
    assert line.factor.value == 0.5 and line.boundary.recycled_rule == "cut_off"
    assert t.result.materials_kgco2e == pytest.approx(0.5)


def test_scrap_without_a_secondary_factor_is_burden_free_and_its_remelting_counted():
    src = TableSource([*TABLE.factors, _factor("primary aluminium", 9.0)])  # no secondary-aluminium factor
    t = estimate(ProductSpec(name="Billet", composition="aluminium scrap: 60%; primary aluminium: 40%"), source=src,
                 product_class="metal_remelting", runs=100)
    scrap = next(x for x in t.inputs if x.name == "aluminium scrap")
    assert scrap.factor.value == 0.0 and scrap.kgco2e == 0.0
    # 0.4×9 + remelting default on the whole billet (0.3 kWh×0.4 + 4 MJ×0.06) + scrap reprocessing 0.6×0.03 kWh×0.4
    assert t.result.kgco2e == pytest.approx(3.6 + 0.12 + 0.24 + 0.6 * 0.03 * 0.4, rel=1e-12)


def test_a_recycled_input_without_a_secondary_factor_enters_burden_free_with_its_reprocessing():
    """Cut-off for every product, not only furnaces: recycled wool with only a virgin wool factor available
    is burden-free (never charged the virgin factor) and its reprocessing is an energy line."""

    src = TableSource([*TABLE.factors, _factor("wool", 20.0)])
    t = estimate(ProductSpec(name="Yarn", composition="recycled wool: 90%; polypropylene: 10%"), source=src,
                 product_class="general_manufacturing", runs=100, seed=1)
    wool = next(x for x in t.inputs if x.name == "recycled wool")
    assert wool.factor.value == 0.0 and wool.factor.route == "secondary" and wool.boundary.recycled_rule == "cut_off"
    reprocessing = next(x for x in t.energy if x.name.startswith("reprocessing of recycled feedstock"))
    assert reprocessing.rate.value == pytest.approx(0.03 * 0.9)  # kWh per kg of product
    # materials 0.1 kg PP × 1.5 = 0.15; general manufacturing 0.5 kWh × 0.4 + 1.0 MJ × 0.06 = 0.26;
    # reprocessing 0.027 kWh × 0.4 = 0.0108
    assert t.result.kgco2e == pytest.approx(0.15 + 0.26 + 0.0108, rel=1e-9)

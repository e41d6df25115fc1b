"""Carbon origin in the LCI solver: fossil, biogenic and land-use change kept apart (ISO 14067 headline).

Worked example (AR6 GWP100: CO2 1, CH4 fossil 29.8, CH4 non-fossil 27.0), an invented pulp mill:
- "Mill fuels, burned at pulp mill" (per MJ): CO2 0.2 kg unlabelled — the labelled export of the same
  database says "Carbon dioxide, biogenic" 0.2 → biogenic; CH4 0.0001 kg unlabelled, not in the export and
  not a biomass-named process → fossil: 0.0001 × 29.8 = 0.00298 kg CO2e/MJ.
- "Hog fuel, combusted in industrial boiler" (per kg): CO2 1.8 + CH4 0.0002, unlabelled, no export entry →
  biomass-process rule: biogenic CO2 1.8, biogenic CH4 0.0002 × 27.0 = 0.0054 kg CO2e/kg.
- "Natural gas, combusted in boiler" (per MJ): CO2 0.056 unlabelled → fossil.
- "Pulp" (per kg): 10 MJ mill fuels + 2 MJ gas + 0.1 kg hog fuel, and 0.05 kg "Carbon dioxide, land
  transformation" → fossil 10 × 0.00298 + 2 × 0.056 = 0.1418; biogenic CH4 0.1 × 0.0054 = 0.00054;
  luluc 0.05; headline 0.1418 + 0.00054 + 0.05 = 0.19234; biogenic CO2 10 × 0.2 + 0.1 × 1.8 = 2.18 (not in it).
"""

from __future__ import annotations

import pytest

from openpcf.lci.carbon_origin import (
    BIOMASS_PROCESS,
    carbon_gas,
    label_all,
    label_origins,
    origin_reference,
    stated_origin,
)
from openpcf.lci.inventory import Exchange, UnitProcess
from openpcf.lci.system import SPLIT_KEYS, build_system, solve_system


def _air(flow: str, amount: float) -> Exchange:
    return Exchange(flow, amount, "kg", "biosphere", False, "air")


def mill() -> list[UnitProcess]:
    fuels = UnitProcess("m1", "Mill fuels, burned at pulp mill", "Mill fuels, burned at pulp mill", 1.0, "MJ",
                        exchanges=(_air("Carbon dioxide", 0.2), _air("Methane", 0.0001)))
    hog = UnitProcess("m2", "Hog fuel, combusted in industrial boiler", "Hog fuel, combusted in industrial boiler",
                      1.0, "kg", exchanges=(_air("Carbon dioxide", 1.8), _air("Methane", 0.0002)))
    gas = UnitProcess("m3", "Natural gas, combusted in boiler", "Natural gas, combusted in boiler", 1.0, "MJ",
                      exchanges=(_air("Carbon dioxide", 0.056),))
    pulp = UnitProcess("m4", "Pulp", "Pulp", 1.0, "kg", exchanges=(
        Exchange("Mill fuels, burned at pulp mill", 10.0, "MJ", "technosphere", True),
        Exchange("Natural gas, combusted in boiler", 2.0, "MJ", "technosphere", True),
        Exchange("Hog fuel, combusted in industrial boiler", 0.1, "kg", "technosphere", True),
        _air("Carbon dioxide, land transformation", 0.05)))
    return [fuels, hog, gas, pulp]


def labelled_export() -> list[UnitProcess]:
    """The same mill-fuel process as another export writes it, with the CO2 origin stated."""
    return [UnitProcess("x1", "Mill fuels, burned at pulp mill", "Mill fuels, burned at pulp mill", 1.0, "MJ",
                        exchanges=(_air("Carbon dioxide, biogenic", 0.2), _air("Methane", 0.0001)))]


def test_flow_names_state_their_origin():
    assert stated_origin("Carbon dioxide, fossil ") == "fossil"
    assert stated_origin("Carbon dioxide, biogenic") == "biogenic"
    assert stated_origin("Methane, non-fossil") == "biogenic"
    assert stated_origin("Carbon dioxide, land transformation") == "luluc"
    assert stated_origin("Carbon dioxide") is None
    assert carbon_gas("Methane, dichloro-, HCC-30") is None  # a halocarbon, not methane
    assert carbon_gas("Carbon dioxide, liquid, at plant") is None  # a product
    assert BIOMASS_PROCESS.search("Wood waste, unspecified, combusted in industrial boiler")
    assert BIOMASS_PROCESS.search("Black liquor, combusted in recovery boiler")
    assert not BIOMASS_PROCESS.search("Bituminous coal, combusted in industrial boiler")


def test_unlabelled_flows_take_the_labelled_export_then_the_rule_then_fossil():
    ref = origin_reference(labelled_export())
    procs, rules = label_all(mill(), ref)
    fuels, hog, gas = procs[0], procs[1], procs[2]
    assert [x.flow for x in fuels.exchanges] == ["Carbon dioxide, biogenic", "Methane, fossil"]
    assert rules["m1"] == {"Carbon dioxide, biogenic (0.2)": "labelled export",
                           "Methane, fossil (0.0001)": "default fossil"}
    assert [x.flow for x in hog.exchanges] == ["Carbon dioxide, biogenic", "Methane, biogenic"]
    assert set(rules["m2"].values()) == {"process-type rule"}
    assert [x.flow for x in gas.exchanges] == ["Carbon dioxide, fossil"]


def test_amounts_that_differ_take_the_nearest_labelled_flow_within_a_factor_of_two():
    export = [UnitProcess("x", "Board", "Board", 1.0, "kg", exchanges=(
        _air("Carbon dioxide, biogenic", 1.41), _air("Carbon dioxide, fossil", 0.47)))]
    ours = UnitProcess("o", "Board", "Board", 1.0, "kg", exchanges=(
        _air("Carbon dioxide", 1.25), _air("Carbon dioxide", 0.34), _air("Carbon dioxide", 5.0)))
    labelled, rules = label_origins(ours, origin_reference(export))
    # 1.25 → 1.41 biogenic; 0.34 → 0.47 fossil; 5.0 is > 2x from both → default fossil
    assert [x.flow for x in labelled.exchanges] == ["Carbon dioxide, biogenic", "Carbon dioxide, fossil",
                                                    "Carbon dioxide, fossil"]
    assert list(rules.values()) == ["labelled export", "labelled export", "default fossil"]


def test_split_of_the_worked_pulp_mill():
    procs, _ = label_all(mill(), origin_reference(labelled_export()))
    results = {r.process.name: r for r in solve_system(build_system(procs))}
    pulp = results["Pulp"]
    assert set(pulp.split) == set(SPLIT_KEYS)
    assert pulp.split["fossil"] == pytest.approx(0.1418, rel=1e-9)
    assert pulp.split["biogenic_non_co2"] == pytest.approx(0.00054, rel=1e-9)
    assert pulp.split["luluc"] == pytest.approx(0.05, rel=1e-9)
    assert pulp.split["biogenic_co2"] == pytest.approx(2.18, rel=1e-9)
    assert pulp.kg_co2e_per_unit == pytest.approx(0.19234, rel=1e-9)  # biogenic CO2 not in the headline
    hog = results["Hog fuel, combusted in industrial boiler"]
    assert hog.kg_co2e_per_unit == pytest.approx(0.0054, rel=1e-9)


def test_without_labels_everything_is_fossil_as_before():
    results = {r.process.name: r for r in solve_system(build_system(mill()))}
    # 10 × (0.2 + 0.00298) + 2 × 0.056 + 0.1 × (1.8 + 0.0002 × 29.8) + 0.05 = 2.0298 + 0.112 + 0.180596 + 0.05
    assert results["Pulp"].kg_co2e_per_unit == pytest.approx(2.372396, rel=1e-9)

"""The LCI solver on a hand-made 3-process system, and the EcoSpold 1 / openLCA JSON-LD readers.

Worked example (AR6 GWP100: CO2 1, CH4 fossil 29.8, N2O 273):
- electricity: 1 kWh, emits 0.5 kg CO2                                  → 0.5 kg CO2e/kWh
- steel: 1 kg, uses 2 kWh, emits 1 kg CO2 + 0.01 kg CH4                 → 2×0.5 + 1 + 0.298 = 2.298 /kg
- widget: 2 kg, uses 1 kg steel + 1 kWh + 0.5 kg "mystery filler" (no provider, cut off),
  emits 0.001 kg N2O                                                    → (2.298 + 0.5 + 0.273) / 2 = 1.5355 /kg
Cut-off share of the widget: weighed mass inputs per kg = (1 + 0.5)/2 = 0.75, of which 0.25 cut → 1/3.
"""

from __future__ import annotations

import json
import zipfile

import numpy as np
import pytest

from openpcf.lci.ecospold1 import EcoSpoldError, read_ecospold1
from openpcf.lci.inventory import Exchange, UnitProcess
from openpcf.lci.matrices import SingularSystemError, characterise, inventory, solve_scaling, unit_scores
from openpcf.lci.system import build_system, solve_system


def three_processes() -> list[UnitProcess]:
    elec = UnitProcess("p1", "Electricity", "Electricity", 1.0, "kWh",
                       exchanges=(Exchange("Carbon dioxide", 0.5, "kg", "biosphere", False, "air"),))
    steel = UnitProcess("p2", "Steel", "Steel", 1.0, "kg", exchanges=(
        Exchange("Electricity", 2.0, "kWh", "technosphere", True),
        Exchange("Carbon dioxide", 1.0, "kg", "biosphere", False, "air"),
        Exchange("Methane", 0.01, "kg", "biosphere", False, "air/urban"),
        Exchange("Methane", 5.0, "kg", "biosphere", False, "water"),  # not to air: GWP not applied
    ))
    widget = UnitProcess("p3", "Widget", "Widget", 2.0, "kg", exchanges=(
        Exchange("Steel", 1.0, "kg", "technosphere", True),
        Exchange("Electricity", 3.6, "MJ", "technosphere", True),  # = 1 kWh, converted when linking
        Exchange("Mystery filler", 0.5, "kg", "technosphere", True),
        Exchange("Dinitrogen monoxide", 0.001, "kg", "biosphere", False, "air"),
    ))
    return [elec, steel, widget]


def test_matrix_functions_on_the_worked_example():
    A = np.array([[1.0, -2.0, -1.0], [0.0, 1.0, -1.0], [0.0, 0.0, 2.0]])
    B = np.array([[0.5, 1.0, 0.0], [0.0, 0.01, 0.0], [0.0, 0.0, 0.001]])  # CO2, CH4, N2O
    c = np.array([1.0, 29.8, 273.0])
    s = solve_scaling(A, np.array([0.0, 0.0, 1.0]))  # 1 kg of widget
    assert s == pytest.approx([1.5, 0.5, 0.5], rel=1e-12)
    g = inventory(B, s)
    assert g == pytest.approx([0.75 + 0.5, 0.005, 0.0005], rel=1e-12)
    assert characterise(c, g) == pytest.approx(1.5355, rel=1e-12)
    assert unit_scores(A, B, c) == pytest.approx([0.5, 2.298, 1.5355], rel=1e-12)


def test_singular_system_is_reported():
    with pytest.raises(SingularSystemError):
        solve_scaling(np.array([[1.0, -1.0], [-1.0, 1.0]]), np.array([1.0, 0.0]))


def test_system_solves_hand_made_processes_with_cutoff_share():
    results = {r.process.id: r for r in solve_system(build_system(three_processes()))}
    assert results["p1"].kg_co2e_per_unit == pytest.approx(0.5, rel=1e-12)
    assert results["p2"].kg_co2e_per_unit == pytest.approx(2.298, rel=1e-12)
    assert results["p3"].kg_co2e_per_unit == pytest.approx(1.5355, rel=1e-12)
    assert results["p3"].cutoff_inputs == ("Mystery filler",)
    assert results["p3"].cutoff_share == pytest.approx(1 / 3, rel=1e-12)
    assert results["p2"].cutoff_share == 0.0
    # direct share of the widget: 0.273 / 2 kg = 0.1365 of 1.5355
    assert results["p3"].direct_share == pytest.approx(0.1365 / 1.5355, rel=1e-12)


def test_biogenic_uptake_is_recorded_not_credited():
    tree = UnitProcess("t", "Wood", "Wood", 1.0, "kg", exchanges=(
        Exchange("Carbon dioxide", 1.8, "kg", "biosphere", True, "resource/air"),
        Exchange("Carbon dioxide", 0.1, "kg", "biosphere", False, "air"),
    ))
    (r,) = solve_system(build_system([tree]))
    assert r.kg_co2e_per_unit == pytest.approx(0.1)
    assert r.co2_uptake == pytest.approx(1.8)


ECOSPOLD = """<?xml version="1.0" encoding="UTF-8"?>
<ecoSpold xmlns="http://www.EcoInvent.org/EcoSpold01">
 <dataset number="1"><metaInformation><processInformation>
  <referenceFunction name="Electricity" amount="1.0" unit="kWh" category="22" subCategory="2211"/>
  <geography location="US"/><timePeriod><endDate>2019-12-31</endDate></timePeriod>
  <dataSetInformation type="1"/></processInformation></metaInformation>
  <flowData>
   <exchange name="Electricity" unit="kWh" meanValue="1.0"><outputGroup>0</outputGroup></exchange>
   <exchange name="Carbon dioxide" category="emission" subCategory="air" unit="kg" meanValue="0.5"><outputGroup>4</outputGroup></exchange>
  </flowData></dataset>
 <dataset number="2"><metaInformation><processInformation>
  <referenceFunction name="Steel" amount="1000.0" unit="kg"/><geography location="US"/>
  </processInformation></metaInformation>
  <flowData>
   <exchange name="Steel" unit="kg" meanValue="1000.0"><outputGroup>0</outputGroup></exchange>
   <exchange name="Electricity" unit="kWh" meanValue="2000.0"><inputGroup>5</inputGroup></exchange>
   <exchange name="Carbon dioxide" category="emission" subCategory="air" unit="kg" meanValue="1000.0"><outputGroup>4</outputGroup></exchange>
   <exchange name="Methane" category="troposphere" subCategory="urban" unit="kg" meanValue="10.0"><outputGroup>4</outputGroup></exchange>
   <exchange name="Slag" unit="kg" meanValue="100.0"><outputGroup>2</outputGroup></exchange>
  </flowData></dataset>
</ecoSpold>
"""


def test_ecospold1_reader_from_zip(tmp_path):
    z = tmp_path / "db.zip"
    with zipfile.ZipFile(z, "w") as zf:
        zf.writestr("EcoSpold01/processes.xml", ECOSPOLD)
        zf.writestr("EcoSpold01/categories.xml", "<categories/>")
    procs = read_ecospold1(z)
    assert [p.name for p in procs] == ["Electricity", "Steel"]
    assert procs[0].meta["time_end"] == "2019-12-31"
    steel = procs[1]
    assert steel.reference_amount == 1000.0
    assert {(x.flow, x.kind, x.is_input) for x in steel.exchanges} >= {("Electricity", "technosphere", True),
                                                                     ("Slag", "technosphere", False)}
    scores = {r.process.name: r.kg_co2e_per_unit for r in solve_system(build_system(procs))}
    # per kg steel: 2 kWh × 0.5 + 1 kg CO2 + 0.01 kg CH4 × 29.8 (troposphere = air); slag not credited
    assert scores["Steel"] == pytest.approx(2.298, rel=1e-12)


def test_ecospold1_bad_value_names_the_dataset(tmp_path):
    bad = tmp_path / "bad.xml"
    bad.write_text(ECOSPOLD.replace('meanValue="2000.0"', 'meanValue="two thousand"'))
    with pytest.raises(EcoSpoldError, match="dataset 2: bad meanValue 'two thousand'"):
        read_ecospold1(bad)


def _olca_process(pid, name, unit, amount, exchanges):
    ref = {"@type": "Exchange", "isQuantitativeReference": True, "isInput": False, "amount": amount,
           "flow": {"@type": "Flow", "@id": f"f-{name}", "name": name, "flowType": "PRODUCT_FLOW"},
           "unit": {"@type": "Unit", "name": unit}}
    return {"@type": "Process", "@id": pid, "name": name, "processType": "UNIT_PROCESS",
            "exchanges": [ref, *exchanges]}


def _ex(name, amount, unit, is_input, flow_type="PRODUCT_FLOW", legacy=False):
    key = "input" if legacy else "isInput"
    return {"@type": "Exchange", key: is_input, "amount": amount, "unit": {"@type": "Unit", "name": unit},
            "flow": {"@type": "Flow", "@id": f"f-{name}", "name": name, "flowType": flow_type}}


def test_olca_jsonld_reader_uses_the_same_solver(tmp_path):
    pytest.importorskip("olca_schema")
    from openpcf.lci.olca import read_olca_jsonld

    procs = [
        _olca_process("p1", "Electricity", "kWh", 1.0, [_ex("Carbon dioxide", 0.5, "kg", False, "ELEMENTARY_FLOW")]),
        _olca_process("p2", "Steel", "kg", 1.0, [
            _ex("Electricity", 2.0, "kWh", True, legacy=True),
            _ex("Carbon dioxide", 1.0, "kg", False, "ELEMENTARY_FLOW"),
            _ex("Methane, fossil", 0.01, "kg", False, "ELEMENTARY_FLOW")]),
        _olca_process("p3", "Widget", "kg", 2.0, [
            _ex("Steel", 1.0, "kg", True), _ex("Electricity", 1.0, "kWh", True),
            _ex("Dinitrogen monoxide", 0.001, "kg", False, "ELEMENTARY_FLOW")]),
    ]
    z = tmp_path / "export.zip"
    with zipfile.ZipFile(z, "w") as zf:
        for p in procs:
            zf.writestr(f"processes/{p['@id']}.json", json.dumps(p))
        zf.writestr("flows/f-Dinitrogen monoxide.json", json.dumps(
            {"@type": "Flow", "@id": "f-Dinitrogen monoxide", "name": "Dinitrogen monoxide",
             "flowType": "ELEMENTARY_FLOW", "category": "Elementary flows/Emission to air/unspecified"}))
    scores = {r.process.name: r.kg_co2e_per_unit for r in solve_system(build_system(read_olca_jsonld(z)))}
    assert scores == pytest.approx({"Electricity": 0.5, "Steel": 2.298, "Widget": 1.5355}, rel=1e-12)


def test_user_lci_database_as_a_resolver(tmp_path):
    from openpcf.factors import FactorQuery
    from openpcf.factors.lci_database import lci_database_resolver

    db = tmp_path / "db.xml"
    db.write_text(ECOSPOLD)
    r = lci_database_resolver(db, publisher="ACME LCA team", license="internal")
    m = r.resolve(FactorQuery(name="steel", unit="t"))
    assert (m.method, m.factor.value, m.factor.unit) == ("exact", pytest.approx(2298.0), "t")
    assert m.factor.source.publisher == "ACME LCA team" and m.factor.gwp == "IPCC AR6 GWP100"

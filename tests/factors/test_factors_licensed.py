"""Resolvers for licence holders (ecoinvent LCIA workbook, Brightway), the picklist crosswalk and the CLI.

All inputs are small hand-made files in the formats concerned; nothing licensed is used.
"""

from __future__ import annotations

import csv
import importlib.util
import json

import pytest
from typer.testing import CliRunner

from openpcf.cli import app
from openpcf.factors import FactorQuery, FactorTableError, ResolverChain, open_resolver
from openpcf.factors.brightway import BrightwayResolver, BrightwayUnavailableError
from openpcf.factors.crosswalk import (
    CrosswalkResolver,
    PicklistError,
    build_crosswalk,
    coverage,
    read_picklist,
    unmapped_reason,
)
from openpcf.factors.ecoinvent_lcia import EcoinventLciaResolver, LciaColumns

KEY_STEEL = "a1a1a1a1-0000-0000-0000-000000000001_b2b2b2b2-0000-0000-0000-000000000002"
KEY_ELEC = "c3c3c3c3-0000-0000-0000-000000000003_d4d4d4d4-0000-0000-0000-000000000004"


def write_lcia_csv(path):
    with open(path, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["", "", "", "", "", "", "IPCC 2021"])
        w.writerow(["Activity UUID", "Product UUID", "Activity Name", "Geography", "Reference Product Name",
                    "Unit", "climate change | global warming potential (GWP100)"])
        w.writerow([*KEY_STEEL.split("_"), "market for steel, low-alloyed", "GLO", "steel, low-alloyed", "kg", "2.1"])
        w.writerow([*KEY_ELEC.split("_"), "market for electricity, low voltage", "DE", "electricity, low voltage",
                    "kWh", "0.45"])


def test_ecoinvent_lcia_csv_by_key_and_by_product(tmp_path):
    p = tmp_path / "lcia.csv"
    write_lcia_csv(p)
    r = EcoinventLciaResolver(p)
    assert len(r) == 2
    m = r.resolve(FactorQuery(name="whatever", key=KEY_STEEL, unit="t"))
    assert (m.method, m.factor.value, m.factor.unit, m.factor.geography) == ("key", 2100.0, "t", "GLO")
    assert m.factor.license.startswith("ecoinvent EULA")
    m = r.resolve(FactorQuery(name="Electricity, low voltage", unit="MJ"))
    assert m.method == "exact" and m.factor.value == pytest.approx(0.125)
    assert r.resolve(FactorQuery(name="glass")) is None
    # in a chain before the open data, the licensed value wins and says so
    chain = ResolverChain([r, *open_resolver().resolvers])
    assert chain.resolve(FactorQuery(name="electricity, low voltage", unit="kWh")).resolver == "ecoinvent-lcia"


def test_ecoinvent_lcia_xlsx_with_configured_columns(tmp_path):
    openpyxl = pytest.importorskip("openpyxl")
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "LCIA"
    ws.append(["key", "product", "unit", "EF v3.1", "IPCC 2021 GWP100 (kg CO2-Eq)"])
    ws.append([KEY_STEEL, "steel, low-alloyed", "kg", 9.9, 2.1])
    p = tmp_path / "lcia.xlsx"
    wb.save(p)
    cols = LciaColumns(key="key", product_name="product", unit="unit", value="IPCC 2021", activity_name="x",
                       geography="y")
    m = EcoinventLciaResolver(p, cols).resolve(FactorQuery(name="?", key=KEY_STEEL))
    assert m.factor.value == 2.1
    with pytest.raises(FactorTableError, match="no column 'GWP500'"):
        EcoinventLciaResolver(p, LciaColumns(key="key", value="GWP500"))


def test_ecoinvent_lcia_bad_number_names_line_and_column(tmp_path):
    p = tmp_path / "lcia.csv"
    write_lcia_csv(p)
    p.write_text(p.read_text().replace(",2.1", ",n/a"))
    with pytest.raises(FactorTableError, match=r"lcia.csv:3: column .*GWP100.*: not a number: 'n/a'"):
        EcoinventLciaResolver(p)


def test_brightway_adapter_is_optional():
    r = BrightwayResolver(project="p", database="ecoinvent-3.11-cutoff")
    assert r.resolve(FactorQuery(name="steel")) is None  # no key: nothing to look up
    if importlib.util.find_spec("bw2data") is None:  # not imported: bw2data writes to ~ on import
        with pytest.raises(BrightwayUnavailableError, match=r"pip install 'openpcf\[brightway\]'"):
            r.resolve(FactorQuery(name="steel", key=KEY_STEEL))
    else:  # pragma: no cover - only where Brightway is installed
        pytest.skip("bw2data installed: tests/factors/test_factors_brightway.py tests the adapter on a real project")


def write_picklist(path):
    rows = [
        (KEY_STEEL, "market for polypropylene, granulate", "polypropylene, granulate"),
        (KEY_ELEC, "market for electricity, low voltage", "electricity, low voltage"),
        ("k3", "market for natural gas, high pressure", "natural gas, high pressure"),
        ("k4", "market for aluminium scrap, post-consumer", "aluminium scrap, post-consumer"),
        ("k5", "market for metal working, average for steel product manufacturing",
         "metal working, average for steel product manufacturing"),
        ("k6", "market for unobtainium widget", "unobtainium widget"),
    ]
    path.write_text("".join(json.dumps({"activity_uuid_product_uuid": k, "activity_name": a,
                                        "reference_product_name": r, "product_information": ""}) + "\n"
                            for k, a, r in rows))


def test_crosswalk_of_a_hand_made_picklist(tmp_path):
    p = tmp_path / "picklist.jsonl"
    write_picklist(p)
    entries = build_crosswalk(p)
    by_ref = {e.reference_product: e for e in entries}
    pp = by_ref["polypropylene, granulate"]
    # a granulate is the primary polymer at the plant gate (PlasticsEurope PP eco-profile, 1.63 kg/kg, recalled),
    # not DESNZ's formed-goods row "PP (incl. forming)"
    assert pp.factor.id == "literature:plastics:pp-ecoprofile" and pp.unit == "kg"
    el = by_ref["electricity, low voltage"]
    assert (el.unit, el.method, el.factor.geography) == ("kWh", "energy", "WLD")
    assert by_ref["natural gas, high pressure"].factor.unit == "m3"
    assert by_ref["aluminium scrap, post-consumer"].factor is None
    assert "waste or scrap" in by_ref["aluminium scrap, post-consumer"].reason
    assert "service" in by_ref["metal working, average for steel product manufacturing"].reason
    assert by_ref["unobtainium widget"].reason == "no open factor found"
    summary = coverage(entries)
    assert (summary["total"], summary["mapped"]) == (6, 3)
    assert build_crosswalk(p) == entries  # second call comes from the cache
    m = CrosswalkResolver(entries).resolve(FactorQuery(name="?", key=KEY_STEEL, unit="t"))
    assert m.factor.value == pytest.approx(1630.0, rel=1e-9)


def test_picklist_errors_name_line_and_field(tmp_path):
    p = tmp_path / "bad.jsonl"
    p.write_text('{"activity_uuid_product_uuid": "k", "activity_name": "a"}\n')
    with pytest.raises(PicklistError, match=r"bad.jsonl:1: field 'reference_product_name'"):
        read_picklist(p)
    assert unmapped_reason(read_picklist_row("treatment of waste glass")) is not None


def read_picklist_row(ref):
    from openpcf.factors.crosswalk import PicklistRow

    return PicklistRow(activity_uuid_product_uuid="k", activity_name=ref, reference_product_name=ref)


runner = CliRunner()


def test_cli_show_prints_provenance():
    res = runner.invoke(app, ["factors", "show", "desnz2024:material:glass"])
    assert res.exit_code == 0, res.output
    for text in ("1.40277 kg CO2e per kg", "UK DESNZ / Defra", "OGL-3.0", "2024", "GB", "IPCC AR5 GWP100"):
        assert text in res.output
    res = runner.invoke(app, ["factors", "show", "no:such:id"])
    assert res.exit_code == 2 and "no factor with id" in res.output
    res = runner.invoke(app, ["factors", "search", "glass", "--unit", "bananas"])
    assert res.exit_code == 2 and "unknown unit 'bananas'" in res.output  # was: "no factor matches 'glass'"


def test_cli_resolve_batch_schema(tmp_path):
    batch = tmp_path / "names.jsonl"
    batch.write_text('{"id": "a", "name": "polypropylene", "unit": "kg"}\n{"id": "b", "name": "electricity", '
                     '"unit": "kWh", "geography": "FR"}\nnot json\n{"id": "d", "name": "unobtainium"}\n'
                     '{"id": "e", "name": "glass", "unit": "bananas"}\n')
    out = tmp_path / "out.jsonl"
    res = runner.invoke(app, ["factors", "resolve", "--batch", str(batch), "--out", str(out)])
    assert res.exit_code == 0, res.output
    lines = [json.loads(x) for x in out.read_text().splitlines()]
    assert [x["id"] for x in lines] == ["a", "b", "line-3", "d", "e"]
    assert lines[4]["error"].endswith("names.jsonl:5: field 'unit': Value error, unknown unit 'bananas'")
    assert set(lines[0]["factor"]) == {"id", "name", "value", "unit", "source", "license", "year", "geography",
                                       "gwp", "route", "stages"}
    assert lines[0]["factor"]["value"] == pytest.approx(1.63)  # plain polymer name: PP eco-profile (primary polymer)
    assert lines[0]["match"]["method"] == "alias" and 0 <= lines[0]["match"]["score"] <= 1
    assert lines[1]["factor"]["geography"] == "FRA"
    assert "malformed JSON" in lines[2]["error"] and lines[3]["factor"] is None


def test_cli_coverage(tmp_path):
    p = tmp_path / "picklist.jsonl"
    write_picklist(p)
    res = runner.invoke(app, ["factors", "coverage", "--picklist", str(p), "--json"])
    assert res.exit_code == 0, res.output
    assert json.loads(res.output)["mapped"] == 3

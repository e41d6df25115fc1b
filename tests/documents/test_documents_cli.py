"""``openpcf extract`` and ``openpcf epd read`` end to end (acceptance of issue 16)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from openpcf.cli import app
from tests.support.epd_files import ILCD_EPD_XML, openepd_json
from tests.support.openai_stub import Reply, StubServer, loopback_only, output_tool, user_text

runner = CliRunner()


def cli(*args: str) -> Any:
    return runner.invoke(app, list(args))


@pytest.mark.parametrize("producer", ["report_pdf", "report_pdf_chromium"])
@pytest.mark.parametrize(
    ("query", "value", "unit", "page", "quote_start"),
    [
        ("Electricity use of the assembly line per window in kWh", 35.0, "kWh", 2, "The assembly line uses 35 kWh"),
        ("mass of aluminium cladding per window in kg", 2.4, "kg", 2, "Aluminium cladding on the"),
        ("mass of the insulated glazing unit per window", 18.5, "kg", 1, "The insulated glazing unit weighs"),
        ("heat for kiln drying per cubic metre of sawn timber", 0.9, "GJ", 5, None),
    ],
)
def test_extract_offline_returns_the_claims_with_their_pages(request, tmp_path: Path, producer, query, value, unit,
                                                              page, quote_start):
    pdf = request.getfixturevalue(producer)
    out = tmp_path / "out.json"
    r = cli("extract", "--document", str(pdf), "--query", query, "--model", "offline", "--json", str(out))
    assert r.exit_code == 0, r.output
    payload = json.loads(out.read_text(encoding="utf-8"))
    assert payload["pages"] == 5 and payload["scanned_pages"] == [4]
    assert [(c["value"], c["unit"]) for c in payload["claims"]] == [(value, unit)]
    where = payload["claims"][0]["evidence_locations"][0]
    assert where["page"] == page
    assert "Kiln drying needs 0.9 GJ" in where["quote"] if quote_start is None else where["quote"].startswith(quote_start)
    assert (payload["dropped_claims"], payload["dropped_quotes"]) == (0, 0)
    assert payload["kind"] == ("energy" if unit in ("kWh", "GJ") else "material")


def test_extract_with_a_model_drops_and_counts_invented_quotes(tmp_path: Path, report_pdf: Path, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-dummy-for-loopback")
    monkeypatch.setenv("OPENPCF_CACHE_DIR", str(tmp_path / "cache"))
    loopback_only(monkeypatch)
    seen: list[str] = []

    def script(request: dict[str, Any], n: int) -> Reply:
        seen.append(user_text(request))
        claims = [
            {"value": 35, "unit": "kWh", "evidence": ["The assembly line uses 35 kWh of electricity per window in total",
                                                      "the plant runs on solar power alone"]},
            {"value": 99, "unit": "kWh", "evidence": ["electricity use is 99 kWh per window"]},
            {"value": 2.4, "unit": "kg", "evidence": ["Aluminium cladding on the outer frame adds 2.4 kg"]},
        ]
        return Reply(tool=output_tool(request), arguments=json.dumps({"claims": claims}))

    out = tmp_path / "model.json"
    with StubServer(script) as server:
        r = cli("extract", "--document", str(report_pdf), "--query", "electricity per window in kWh",
                "--model", "openai:gpt-4o-mini", "--base-url", server.base_url, "--json", str(out))
    assert r.exit_code == 0, r.output
    assert "The assembly line uses 35 kWh" in seen[0]  # the model was shown the PDF's text
    payload = json.loads(out.read_text(encoding="utf-8"))
    assert [(c["value"], c["unit"]) for c in payload["claims"]] == [(35, "kWh"), (2.4, "kg")]
    assert payload["claims"][0]["evidence"] == ["The assembly line uses 35 kWh of electricity per window in total"]
    assert [loc["page"] for c in payload["claims"] for loc in c["evidence_locations"]] == [2, 2]
    assert (payload["dropped_claims"], payload["dropped_quotes"]) == (1, 2)
    assert "dropped 1 claim(s) and 2 quote(s)" in r.output


def test_extract_errors_are_one_line(tmp_path: Path):
    scan = tmp_path / "scan.pdf"
    from reportlab.pdfgen import canvas

    c = canvas.Canvas(str(scan))
    c.showPage()
    c.save()
    r = cli("extract", "--document", str(scan), "--query", "steel in kg")
    assert r.exit_code == 2 and "no text to extract from" in r.output
    r = cli("extract", "--document", str(tmp_path / "missing.pdf"), "--query", "steel in kg")
    assert r.exit_code == 2 and "missing.pdf: no such file" in r.output
    assert "Traceback" not in r.output
    latin = tmp_path / "latin.txt"
    latin.write_bytes("St\u00e4rke: 4 kg".encode("latin-1"))
    r = cli("extract", "--document", str(latin), "--query", "starch in kg")
    assert r.exit_code == 2 and "not UTF-8 text" in r.output
    r = cli("extract", "--document", str(latin), "--query", "starch in kg", "--encoding", "latin-1")
    assert r.exit_code == 0, r.output


def test_epd_read_pdf_xml_json(tmp_path: Path, epd_pdf: Path):
    xml = tmp_path / "insulation.xml"
    xml.write_text(ILCD_EPD_XML, encoding="utf-8")
    js = tmp_path / "rebar.json"
    js.write_text(openepd_json(), encoding="utf-8")
    expected = {epd_pdf: ("1 m3", 412.0), xml: ("1 m3", 198.4), js: ("1 t", 655.5)}
    for path, (unit, a1a3) in expected.items():
        out = tmp_path / f"{path.stem}.record.json"
        r = cli("epd", "read", str(path), "--json", str(out))
        assert r.exit_code == 0, r.output
        record = json.loads(out.read_text(encoding="utf-8"))
        assert record["declared_unit"]["value"] == unit
        total = [g for g in record["gwp"] if g["indicator"] == "GWP-total" and g["module"] == "A1-A3"]
        assert [g["value"] for g in total] == [a1a3]


def test_epd_read_as_task7_and_product(tmp_path: Path, epd_pdf_chromium: Path):
    row_file = tmp_path / "row.jsonl"
    r = cli("epd", "read", str(epd_pdf_chromium), "--as", "task7", "--id", "my-epd-1", "--json", str(row_file))
    assert r.exit_code == 0, r.output
    row = json.loads(row_file.read_text(encoding="utf-8"))
    assert row["id"] == "my-epd-1" and row["expected_output"] == {"kgco2e": 412.0}  # A1 + A2 + A3
    assert row["input"]["quantity_unit"] == "1 m3" and row["input"]["geography"] == "Norway"
    product_file = tmp_path / "product.json"
    r = cli("epd", "read", str(epd_pdf_chromium), "--as", "product", "--json", str(product_file))
    assert r.exit_code == 0, r.output
    product = json.loads(product_file.read_text(encoding="utf-8"))
    assert product == {"name": "Fjordbetong C30/37 ready-mixed concrete", "declared_unit": "1 m3",
                       "composition": "Cement: 14.0%; Aggregates: 78.4%; Water: 7.4%; Admixtures: 0.1%",
                       "region": "Norway"}


def test_epd_read_errors(tmp_path: Path):
    r = cli("epd", "read", str(tmp_path / "none.pdf"))
    assert r.exit_code == 2 and "no such file" in r.output
    js = tmp_path / "bare.json"
    js.write_text('{"product_name": "Bare"}', encoding="utf-8")
    r = cli("epd", "read", str(js), "--as", "task7")
    assert r.exit_code == 2 and "no A1-A3 GWP-total found; a task-7 row needs it" in r.output
    r = cli("epd", "read", str(js), "--as", "nonsense")
    assert r.exit_code == 2 and "--as must be one of record, task7, product" in r.output

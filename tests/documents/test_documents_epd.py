"""EPDs into data: PDFs from two producers, an ILCD+EPD XML data set, an openEPD JSON document."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from openpcf.documents import DocumentError
from openpcf.documents.epd import composition_text, product_input, read_epd, task7_row
from openpcf.documents.epd_pdf import parse_number
from tests.support.epd_files import ILCD_EPD_XML, openepd_document, openepd_json


@pytest.mark.parametrize(
    ("text", "value"),
    [("4.12E+02", 412.0), ("4,12E+02", 412.0), ("-1.80E+01", -18.0), ("\u22123,0", -3.0), ("1,250", 1250.0),
     ("0,125", 0.125), ("1.234,5", 1234.5), ("1,234.5", 1234.5), ("3.0e-1", 0.3), ("MND", None), ("", None)],
)
def test_numbers_as_epd_tables_write_them(text, value):
    assert parse_number(text) == value


def test_epd_pdf_by_reportlab(epd_pdf: Path):
    r = read_epd(epd_pdf)
    assert r.format == "pdf" and r.warnings == []
    assert r.product_name.value == "Fjordbetong C30/37 ready-mixed concrete"
    assert r.declared_unit.value == "1 m3"
    assert (r.declared_unit.evidence.page, r.declared_unit.evidence.quote) == (1, "Declared unit 1 m3 of ready-mixed concrete")
    assert r.reference_service_life.value == "50 years"
    assert r.geography.value == "Norway"
    assert r.programme_operator.value == "Example EPD Programme"
    assert r.registration_number.value == "EPD-EX-2024-0042"
    assert (r.date_of_issue.value, r.valid_until.value) == ("2024-03-01", "2029-02-28")
    assert r.pcr.value == "EN 15804:2012+A2:2019, Example c-PCR for concrete v1.0"
    # the module table, on page 2
    assert r.gwp_value() == 412.0
    a1a3 = next(x for x in r.gwp if x.indicator == "GWP-total" and x.module == "A1-A3")
    assert a1a3.evidence.page == 2 and a1a3.evidence.quote.startswith("GWP-total kg CO2 eq. 4.12E+02")
    table = r.module_table()
    assert table["GWP-total"] == {"A1-A3": 412.0, "A4": 15.2, "A5": 3.1, "C1": 2.0, "C2": 4.5, "C3": 1.2,
                                  "C4": 0.3, "D": -18.0}
    assert table["GWP-fossil"]["A1-A3"] == 405.0 and table["GWP-luluc"]["C1"] == 0.001
    # MND cells keep their columns: C1 and C2 are absent, C3 is the 0.00E+00 after them
    assert table["GWP-biogenic"] == {"A1-A3": 2.0, "A4": 0.01, "A5": 0.05, "C3": 0.0, "C4": 0.0, "D": -0.2}
    assert [(c.material, c.share_percent) for c in r.composition] == [
        ("Cement", 14.0), ("Aggregates", 78.0), ("Water", 7.5), ("Admixtures", 0.5)]
    assert all(c.evidence.page == 1 for c in r.composition)


def test_epd_pdf_by_chromium_with_a1_a2_a3_apart_and_decimal_commas(epd_pdf_chromium: Path):
    r = read_epd(epd_pdf_chromium)
    assert r.product_name.value == "Fjordbetong C30/37 ready-mixed concrete"
    assert r.declared_unit.value == "1 m3"  # written "1 m³"
    assert r.module_table()["GWP-total"] == {"A1": 350.0, "A2": 12.5, "A3": 49.5, "A4": 15.2, "C3": 1.2, "D": -18.0}
    assert r.gwp_value("GWP-total", "A1-A3") == 412.0  # 350.0 + 12.5 + 49.5
    assert r.gwp_value("GWP-fossil", "A1-A3") == pytest.approx(405.0)
    assert all(x.evidence.page == 2 for x in r.gwp)
    assert [(c.material, c.mass_kg) for c in r.composition] == [
        ("Cement", 330.0), ("Aggregates", 1850.0), ("Water", 175.0), ("Admixtures", 3.5)]
    # masses → shares: 330 / 2358.5 = 13.99 %
    assert composition_text(r) == "Cement: 14.0%; Aggregates: 78.4%; Water: 7.4%; Admixtures: 0.1%"


def test_ilcd_epd_xml(tmp_path: Path):
    p = tmp_path / "insulation.xml"
    p.write_text(ILCD_EPD_XML, encoding="utf-8")
    r = read_epd(p)
    assert r.format == "ilcd" and r.warnings == []
    assert r.product_name.value == "Stone wool insulation board"  # English preferred over German
    assert r.declared_unit.value == "1 m3"
    assert r.declared_unit.evidence.location == "exchanges/exchange[@dataSetInternalID='7']"
    assert r.geography.value == "DE"
    assert r.valid_until.value == "2028" and r.date_of_issue.value == "2023-06-15"
    assert r.registration_number.value == "EX-EPD-INS-2023-117"
    assert r.programme_operator.value == "Example Institute for Construction EPDs"
    assert r.pcr.value == "Example PCR Part B: insulating materials, v1.2"
    # the landfill scenario of C4 is an alternative, not the declared C4; ND is no value; ODP is not GWP
    assert r.module_table() == {
        "GWP-total": {"A1-A3": 198.4, "A4": 6.1, "C3": 0.85, "C4": 2.3, "D": -4.2},
        "GWP-fossil": {"A1-A3": 196.0, "A4": 6.0},
        "GWP-luluc": {"A1-A3": 0.42},
    }
    a1a3 = r.gwp[0]
    assert a1a3.evidence.location == "LCIAResults/LCIAResult[1]/other/amount[@module='A1-A3']"
    assert a1a3.evidence.quote == "Climate change - total (GWP-total): A1-A3 198.4"
    assert r.composition == []


def test_openepd_json(tmp_path: Path):
    p = tmp_path / "rebar.json"
    p.write_text(openepd_json(), encoding="utf-8")
    r = read_epd(p)
    assert r.format == "openepd"
    assert r.product_name.value == "Recycled steel rebar, 12 mm"
    assert r.declared_unit.value == "1 t"
    assert r.reference_service_life.value == "100 years"
    assert r.programme_operator.value == "Example Programme Operator"
    assert r.registration_number.value == "EX-2024-0815"
    assert r.pcr.value == "Example PCR for steel construction products v2"
    assert r.geography.value == "PT"  # the plant's country before the manufacturer's head office
    assert r.valid_until.value == "2029-08-31T00:00:00Z"
    assert r.gwp_value() == 655.5  # EF 3.1, not TRACI's 640
    assert r.module_table() == {"GWP-total": {"A1-A3": 655.5, "A4": 22.0, "C3": 1.5, "D": -120.0},
                                "GWP-fossil": {"A1-A3": 650.0}, "GWP-biogenic": {"A1-A3": 2.5},
                                "GWP-luluc": {"A1-A3": 3.0}}
    assert r.gwp[0].evidence.location == "/impacts/EF 3.1/gwp/A1A2A3"
    assert r.warnings == ["impacts of several LCIA methods; read 'EF 3.1'"]


def test_openepd_json_when_it_is_the_only_method_and_has_no_plant(tmp_path: Path):
    data = openepd_document()
    data["impacts"] = {"TRACI 2.1": data["impacts"]["TRACI 2.1"]}
    del data["plants"]
    p = tmp_path / "rebar.json"
    p.write_text(json.dumps(data), encoding="utf-8")
    r = read_epd(p)
    assert r.gwp_value() == 640.0 and r.geography.value == "ES" and r.warnings == []


def test_task7_row_and_product_input(epd_pdf: Path):
    from openpcf.engine.product import ProductSpec
    from openpcf.pcfbench.data import EpdRow

    r = read_epd(epd_pdf)
    row = task7_row(r)
    assert row["id"] == "EPD-EX-2024-0042"
    assert row["input"] == {"product_name": "Fjordbetong C30/37 ready-mixed concrete", "quantity_unit": "1 m3",
                            "composition": "Cement: 14.0%; Aggregates: 78.0%; Water: 7.5%; Admixtures: 0.5%",
                            "geography": "Norway"}
    assert row["expected_output"] == {"kgco2e": 412.0}
    assert EpdRow.model_validate(row).expected_output.kgco2e == 412.0
    product = product_input(r)
    assert ProductSpec.model_validate(product).region == "Norway"
    assert product["declared_unit"] == "1 m3"


def test_task7_row_needs_a1_a3(tmp_path: Path):
    data = openepd_document()
    data["impacts"] = {}
    p = tmp_path / "no-gwp.json"
    p.write_text(json.dumps(data), encoding="utf-8")
    r = read_epd(p)
    assert "no A1-A3 GWP-total found" in r.warnings
    with pytest.raises(ValueError, match="no A1-A3 GWP-total"):
        task7_row(r)


def test_broken_structured_files(tmp_path: Path):
    bad_xml = tmp_path / "bad.xml"
    bad_xml.write_text("<process:processDataSet xmlns:process='http://lca.jrc.it/ILCD/Process'>\n<unclosed>",
                       encoding="utf-8")
    with pytest.raises(DocumentError, match=r"bad.xml: line 2, column 10: not well-formed XML"):
        read_epd(bad_xml)
    other_xml = tmp_path / "flow.xml"
    other_xml.write_text("<flowDataSet/>", encoding="utf-8")
    with pytest.raises(DocumentError, match="not an ILCD process data set"):
        read_epd(other_xml)
    bad_json = tmp_path / "bad.json"
    bad_json.write_text('{"product_name": "x",\n "declared_unit": }', encoding="utf-8")
    with pytest.raises(DocumentError, match=r"bad.json: line 2, column 19: not valid JSON"):
        read_epd(bad_json)
    entity_bomb = tmp_path / "lol.xml"
    entity_bomb.write_text('<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">'
                           + "".join(f'<!ENTITY lol{i} "{("&lol" + (str(i - 1) if i > 1 else "") + ";") * 10}">'
                                     for i in range(1, 10))
                           + ']><processDataSet>&lol9;</processDataSet>', encoding="utf-8")
    with pytest.raises(DocumentError) as info:
        read_epd(entity_bomb)  # expat refuses the billion-laughs amplification
    assert info.value.kind == "corrupt" and "amplification" in str(info.value)


def test_a_scanned_epd_says_so(tmp_path: Path):
    import io

    from reportlab.lib.utils import ImageReader
    from reportlab.pdfgen import canvas

    from tests.support.documents import _png

    p = tmp_path / "scan.pdf"
    c = canvas.Canvas(str(p))
    c.drawImage(ImageReader(io.BytesIO(_png())), 50, 300, width=400, height=300)
    c.showPage()
    c.save()
    with pytest.raises(DocumentError, match=r"pages \[1\] are scanned images without a text layer"):
        read_epd(p)

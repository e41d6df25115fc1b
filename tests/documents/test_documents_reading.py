"""PDFs from two producers (reportlab and headless Chromium) and HTML/Markdown/text through one reader."""

from __future__ import annotations

from pathlib import Path

import pytest

from openpcf.documents import read_document
from openpcf.documents.layout import reading_order
from openpcf.documents.reading import reader_for

PRODUCERS = ["report_pdf", "report_pdf_chromium"]


@pytest.fixture(params=PRODUCERS)
def report(request: pytest.FixtureRequest):
    return read_document(request.getfixturevalue(request.param))


def test_pages_and_their_status(report):
    assert [p.number for p in report.pages] == [1, 2, 3, 4, 5]
    assert [p.status for p in report.pages] == ["text", "text", "text", "scanned", "text"]
    assert report.scanned_pages == [4]
    assert report.pages[3].note == "image only, no text layer (needs OCR)"
    assert report.page_text(4) == ""


def test_progress_follows_the_pages(report_pdf: Path):
    calls: list[tuple[int, int]] = []
    read_document(report_pdf, progress=lambda done, total: calls.append((done, total)))
    assert calls == [(1, 5), (2, 5), (3, 5), (4, 5), (5, 5)]


def test_the_producer_is_recorded(report, request):
    expected = "ReportLab" if "reportlab" in report.source else "Skia/PDF"
    assert expected in (report.producer or "")


def test_quotes_land_on_their_pages(report):
    assert report.locate("The insulated glazing unit weighs 18.5 kg per window.").page == 1
    assert report.locate("Aluminium cladding on the outer frame adds 2.4 kg of aluminium per window").page == 2
    assert report.locate("The assembly line uses 35 kWh of electricity per window in total").page == 2
    assert report.locate("Kiln drying needs 0.9 GJ of heat per cubic metre of sawn timber.").page == 5
    # de-hyphenation: reportlab's page breaks "electri-/city" over two lines, Chromium's does not
    assert report.locate("using electricity from the regional grid").page == 2


def test_the_two_column_page_is_read_column_by_column(report):
    page = report.page_text(2)
    left = page.index("Aluminium cladding on the")
    right = page.index("The assembly line uses 35 kWh")
    end_of_left = page.index("burnt on site for heat")
    assert left < end_of_left < right  # the whole left column comes before the right one
    # no line mixes the two columns
    assert not any("Aluminium" in ln and "assembly" in ln for ln in page.splitlines())


def test_the_table_is_flattened_to_rows(report):
    rows = report.page_text(3).splitlines()
    assert "Material\tMass (kg)\tShare (%)" in rows
    assert "Pine timber\t22.0\t55.0" in rows
    assert "Glass\t14.0\t35.0" in rows
    assert "Aluminium\t4.0\t10.0" in rows


def test_reading_order_of_a_layout_grid():
    left = ["The outer frame is clad to protect", "the timber from rain and sun over", "the service life of the window.",
            "Aluminium cladding adds more mass", "to the frame than any other part."]
    right = ["The assembly line glues and clamps", "the frames, then fits the glazing",
             "unit and the hardware before the", "window is wrapped in plastic film.", "It runs two shifts a day."]
    grid = "\n".join(f"{a:<40}{' ' * 8}{b}" for a, b in zip(left, right, strict=True))
    assert reading_order(grid).splitlines() == [*left, "", *right]
    table = "Item        Mass       Share\nSteel       4.0 kg     40 %\nGlass       6.0 kg     60 %"
    assert reading_order(table).splitlines() == ["Item\tMass\tShare", "Steel\t4.0 kg\t40 %", "Glass\t6.0 kg\t60 %"]
    # a label/value table keeps its rows (short left cells are not a column of prose)
    fields = "\n".join(f"{k:<30}{v}" for k, v in [("Declared unit", "1 m3"), ("Valid until", "2029"),
                                                 ("Programme operator", "Example"), ("PCR", "EN 15804"),
                                                 ("Geography", "Norway")])
    assert reading_order(fields).splitlines()[0] == "Declared unit\t1 m3"


def test_text_markdown_and_html_go_through_the_same_reader(tmp_path: Path):
    txt = tmp_path / "notes.txt"
    txt.write_text("First page: 12 kg of steel.\fSecond page: 3 kWh.\n", encoding="utf-8")
    md = tmp_path / "notes.md"
    md.write_text("# Data sheet\n\n| part | mass |\n|---|---|\n| frame | **4.5 kg** |\n", encoding="utf-8")
    html = tmp_path / "sheet.html"
    html.write_text("<html><head><style>p{color:red}</style><script>var x = '99 kg';</script></head><body>"
                    "<h1>Sheet</h1><p>The frame weighs <b>4.5&nbsp;kg</b>.</p>"
                    "<table><tr><th>Part</th><th>Mass</th></tr><tr><td>Frame</td><td>4.5 kg</td></tr></table>"
                    "<div style='page-break-before: always'>Annex: 7 kWh per unit.</div></body></html>",
                    encoding="utf-8")
    t = read_document(txt)
    assert (t.format, len(t.pages), t.locate("Second page: 3 kWh").page) == ("text", 2, 2)
    assert t.locate("12 kg of steel").page == 1
    m = read_document(md)
    assert m.format == "markdown" and m.locate("| frame | **4.5 kg** |").verified
    h = read_document(html)
    assert h.format == "html" and len(h.pages) == 2
    assert "99 kg" not in h.text and "color" not in h.text  # scripts and styles are not text
    assert h.page_text(1).splitlines() == ["Sheet", "The frame weighs 4.5 kg.", "Part\tMass", "Frame\t4.5 kg"]
    assert h.locate("Annex: 7 kWh per unit.").page == 2
    assert h.locate("The frame weighs 4.5 kg").verified  # &nbsp; became a plain space


def test_pdf_is_recognised_by_content_not_suffix(tmp_path: Path, report_pdf: Path):
    disguised = tmp_path / "download.bin"
    disguised.write_bytes(report_pdf.read_bytes())
    assert type(reader_for(disguised)).__name__ == "PdfDocumentReader"
    assert len(read_document(disguised).pages) == 5

"""PCF report of a trace: HTML, Markdown and CSV show the trace's own numbers (worked by hand in
tests/support/report_samples.py: total 0.805 kg CO2e per 1 kg)."""

from __future__ import annotations

import csv
import io
import json
import re

import pytest
from typer.testing import CliRunner

from openpcf.cli import app
from openpcf.report import render_trace_html, trace_csv, trace_markdown, write_trace_report
from openpcf.report.pcf_view import load_trace, pcf_view
from tests.support.report_samples import TOTAL, glass_jar_trace, write_json


@pytest.fixture(scope="module")
def trace():
    return glass_jar_trace()


def test_view_orders_contributions_largest_first_and_rebuilds_the_tree(trace):
    v = pcf_view(trace)
    assert v.total == pytest.approx(TOTAL)
    assert [x.name for x in v.contributions] == ["electricity", "soda ash", "tin oxide", "sand"]
    assert [x.kgco2e for x in v.contributions] == pytest.approx([0.5, 0.2, 0.1, 0.005])
    assert [n.line.name for n in v.tree] == ["sand", "soda ash", "coating"]
    assert [c.line.name for c in v.tree[2].children] == ["tin oxide", "mystery <additive>"]
    # failed error first, then warnings, passed last (a passed check is "ok" whatever its severity)
    assert [(c.check.code, c.status) for c in v.checks] == [
        ("missing_factor", "fail"), ("mass_balance", "warn"), ("ghost_input", "warn"), ("unit_mismatch", "ok")]
    assert v.checks[2].input_names == ["mystery <additive>"]
    assert v.interval == (0.52, 1.31)


def test_an_unsummarised_trace_is_summarised_by_the_engine_not_by_the_report(trace):
    raw = trace.model_copy(deep=True)
    raw.result = None
    for line in raw.all_lines():
        line.kgco2e = line.share = None
    v = pcf_view(raw)
    assert v.total == pytest.approx(TOTAL)
    assert v.contributions[0].share == pytest.approx(0.5 / TOTAL)


def test_html_is_self_contained_and_shows_headline_checks_and_provenance(trace):
    html = render_trace_html(trace)
    assert re.search(r'id="total">0\.805 <span class="unit">kg CO2e per 1 kg', html)
    assert "0.520 – 1.31" in html and "2000 runs, seed 7" in html
    # no external resources: no script/style/image fetched from anywhere
    assert not re.search(r'<(script|img|iframe)[^>]+src=', html)
    assert not re.search(r'<link[^>]+rel="stylesheet"', html)
    assert "cdn" not in html.lower()
    # every factor's provenance is one <details> away, with source, licence, year, geography, GWP
    for fid in ("F-SAND", "F-SODA", "F-TIN", "F-GRID-FR"):
        block = html[html.index(f'id="factor-{fid}"'):]
        block = block[:block.index("</details>")]
        for text in (f"Test source table {fid}", "CC0-1.0", "2024", "GLO", "IPCC AR6 GWP100"):
            assert text in block
    # user text is escaped, never injected
    assert "mystery &lt;additive&gt;" in html and "mystery <additive>" not in html
    # the failed check comes before the contributions section
    assert html.index("missing factor") < html.index('id="contributions"')
    # what-if difference: 0.805 - 1.105 = -0.300, -27.1%
    assert "-0.300 (-27.1%)" in html


def test_contribution_chart_bars_link_to_their_lines_in_order(trace):
    html = render_trace_html(trace)
    chart = html[html.index('id="contributions"'):html.index('id="bom"')]
    assert re.findall(r'href="#line-([^"]+)"', chart) == ["E1", "2", "3.1", "1"]


def test_markdown_export(trace):
    md = trace_markdown(trace)
    assert "**0.805 kg CO2e per 1 kg** (95% interval 0.520 – 1.31; Monte Carlo, 2000 runs, seed 7)" in md
    assert "- **FAILED** missing factor: 1 input has no emission factor (mystery \\<additive\\>)" in md
    assert "| electricity (energy) | 0.500 | 62.1% |" in md
    assert "| ↳ tin oxide | tin oxide | 0.0100 kg | model | 10.0/kg | Test source table F-TIN |" in md
    assert "| ↳ mystery \\<additive\\> | no match | 0 kg | model | **no factor** |" in md


def test_csv_export_has_one_row_per_line_and_sums_to_the_total(trace):
    rows = list(csv.DictReader(io.StringIO(trace_csv(trace))))
    assert [r["line_id"] for r in rows] == ["1", "2", "3", "3.1", "3.2", "E1"]
    assert sum(float(r["kgco2e"]) for r in rows if r["kgco2e"]) == pytest.approx(TOTAL)
    tin = rows[3]
    assert (tin["parent_id"], tin["factor_id"], tin["factor_license"], tin["factor_kgco2e_per_unit"]) == (
        "3", "F-TIN", "CC0-1.0", "10.0")
    assert rows[4]["kgco2e"] == "" and rows[4]["factor_id"] == ""  # missing, never zero


def test_write_trace_report_creates_parents(tmp_path, trace):
    out = write_trace_report(trace.model_dump(mode="json"), tmp_path / "a" / "b" / "report.html")
    assert out.read_text(encoding="utf-8").startswith("<!doctype html>")


def test_load_trace_errors_name_file_line_and_field(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"product": {"name": "x"},\n "versions": }', encoding="utf-8")
    with pytest.raises(ValueError, match=r"bad\.json:2: malformed JSON"):
        load_trace(bad)
    missing = write_json(tmp_path / "missing.json", {"product": {"name": "x"}})
    with pytest.raises(ValueError, match=r"missing\.json: field 'versions': Field required"):
        load_trace(missing)
    with pytest.raises(ValueError, match="file not found"):
        load_trace(tmp_path / "nope.json")


def test_cli_report_writes_html_markdown_and_csv(tmp_path, trace):
    src = write_json(tmp_path / "trace.json", trace.model_dump(mode="json"))
    runner = CliRunner()
    res = runner.invoke(app, ["report", str(src), "--html", str(tmp_path / "r.html"), "--md", str(tmp_path / "r.md"),
                              "--csv", str(tmp_path / "r.csv")])
    assert res.exit_code == 0, res.output
    assert "PCF report written to" in res.output
    assert (tmp_path / "r.md").read_text(encoding="utf-8") == trace_markdown(trace)
    assert (tmp_path / "r.csv").read_text(encoding="utf-8") == trace_csv(trace)
    assert json.loads(src.read_text())["product"]["name"] == "Glass jar"


def _run(*args: str) -> tuple[int, str]:
    res = CliRunner().invoke(app, list(args))
    return res.exit_code, "".join(res.output.split())  # rich wraps long lines, even inside words


def test_cli_report_bad_inputs_give_one_line_errors(tmp_path):
    code, out = _run("report", str(tmp_path / "nope.json"), "--html", str(tmp_path / "x.html"))
    assert code == 2 and "nope.json:nosuchfileordirectory" in out
    bad = write_json(tmp_path / "t.json", {"a": 1})
    code, out = _run("report", str(bad), "--html", str(tmp_path / "x.html"))
    assert code == 2 and "field'product'" in out and "Traceback" not in out
    code, out = _run("report", str(bad))
    assert code == 2 and "nothingtowrite" in out


def test_a_bare_trace_without_uncertainty_checks_or_factors_still_renders():
    from openpcf.engine.trace import InputLine, ProductInfo, Rate, Trace, Versions

    bare = Trace(product=ProductInfo(name="Widget"), versions=Versions(software="openpcf test"),
                 inputs=[InputLine(id="1", name="unobtainium", rate=Rate(value=1.0, unit="kg", origin="user"))])
    html = render_trace_html(bare)
    assert 'id="total">0 <span class="unit">kg CO2e per 1 kg' in html
    assert "no uncertainty interval in this trace" in html
    assert "This trace carries no checks." in html
    assert "No line has a contribution (no factors found)." in html
    assert 'id="whatif"' not in html and 'id="uncertainty"' not in html
    md = trace_markdown(bare)
    assert "**0 kg CO2e per 1 kg**" in md and "- none recorded" in md

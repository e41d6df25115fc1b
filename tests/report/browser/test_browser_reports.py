"""The reports in a real browser: no console errors, charts drawn, links and the item browser work,
usable at 1280×800 and at a phone width (390×844); screenshots saved under test-artifacts/."""

from __future__ import annotations

import time

import pytest

from openpcf.report import render_trace_html, write_trace_report
from openpcf.report.benchmark_report import render_benchmark_html, write_benchmark_report
from openpcf.report.benchmark_view import item_trace, load_benchmark
from openpcf.report.local_server import make_server, serve_in_background, server_url
from tests.support.report_samples import glass_jar_trace, write_benchmark_runs

pytestmark = pytest.mark.browser

DESKTOP = (1280, 800)
PHONE = (390, 844)

#: Per chart: number of drawn marks (rect, circle, polygon, path) — an empty SVG has none.
CHART_MARKS = """Array.from(document.querySelectorAll('svg.chart')).map(
  s => s.querySelectorAll('rect, circle, polygon, path, line').length)"""


def wait_for(page, expression: str, timeout: float = 5.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = page.evaluate(expression)
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for: {expression}")


@pytest.fixture(scope="module")
def pcf_page_url(tmp_path_factory):
    out = tmp_path_factory.mktemp("pcf") / "glass-jar.html"
    write_trace_report(glass_jar_trace(), out)
    return out.as_uri()


@pytest.fixture(scope="module")
def bench_page_url(tmp_path_factory):
    root = tmp_path_factory.mktemp("bench")
    write_benchmark_runs(root)
    from openpcf.report.leaderboard import PublishedResults

    published = PublishedResults(citation="PCFBench paper", setup="full dataset",
                                 models=[{"model": "Paper model", "triage_accuracy": 0.675, "epd_within_2x": 0.766}])
    out = write_benchmark_report(load_benchmark([root / "runs"], published=published), root / "bench.html")
    return out.as_uri()


def test_pcf_report_desktop(browser, pcf_page_url, artifacts):
    page = browser.new_page(*DESKTOP)
    page.navigate(pcf_page_url)
    wait_for(page, "document.documentElement.dataset.ready === '1'")
    assert page.errors() == []
    assert page.evaluate("document.getElementById('total').textContent.trim()").startswith("0.805")
    marks = page.evaluate(CHART_MARKS)
    assert len(marks) == 3 and all(n > 0 for n in marks)  # contributions, what-if, variance
    bars = page.evaluate("document.querySelector('#contributions svg.chart').getBBox().width")
    assert bars > 300
    # a chart bar opens its BOM line and the factor's provenance
    page.click("#contributions svg.chart a[href='#line-2'] rect")
    wait_for(page, "location.hash === '#line-2' && document.getElementById('line-2').classList.contains('target')")
    assert page.evaluate("document.getElementById('factor-F-SODA').open") is True
    assert page.evaluate("document.querySelector('#factor-F-SODA dl').getBoundingClientRect().height") > 50
    # provenance is one click away for a factor not linked from anywhere else
    page.click("#factor-F-SAND summary")
    assert page.evaluate("document.getElementById('factor-F-SAND').open") is True
    assert "CC0-1.0" in page.evaluate("document.getElementById('factor-F-SAND').innerText")
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(artifacts / "pcf-report-1280x800.png")
    assert page.errors() == []


def test_pcf_report_phone(browser, pcf_page_url, artifacts):
    page = browser.new_page(*PHONE, mobile=True)
    page.navigate(pcf_page_url)
    wait_for(page, "document.documentElement.dataset.ready === '1'")
    assert page.errors() == []
    # no horizontal scrolling of the page itself (wide parts scroll inside their own boxes)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE[0]
    assert page.evaluate("getComputedStyle(document.querySelector('#bom thead')).display") == "none"  # stacked rows
    page.screenshot(artifacts / "pcf-report-phone-390.png")


def test_benchmark_report_desktop_item_browser(browser, bench_page_url, artifacts):
    page = browser.new_page(*DESKTOP)
    elapsed = page.navigate(bench_page_url)
    wait_for(page, "document.documentElement.dataset.ready === '1'")
    assert page.errors() == []
    assert elapsed < 5.0
    marks = page.evaluate(CHART_MARKS)
    # triage headline, reliability; epd headline, scatter, strips; (no cost chart for triage: no cost)
    assert len(marks) >= 5 and all(n > 0 for n in marks)
    assert page.evaluate("document.querySelectorAll('#task-epd svg.chart .pt').length") >= 8
    # the leaderboard number opens the items it missed
    page.click("#leaderboard-table a[href='#items/test-model-a-epd-epd-with-description/miss']")
    wait_for(page, "document.getElementById('ib-count').textContent.startsWith('2 of 4')")
    assert page.evaluate("Array.from(document.querySelectorAll('#ib-rows tr')).map(r => r.dataset.id)") == ["e2", "e4"]
    # clicking an item in the list opens it: input, output, truth and scores
    page.click("#ib-rows tr[data-id='e2']")
    wait_for(page, "document.getElementById('ib-item') && document.getElementById('ib-item').dataset.id === 'e2'")
    detail = page.evaluate("document.getElementById('ib-detail').innerText")
    for text in ("Glass jar", "Input", "Output", "Truth", "Scores", '"kgco2e": 0.4', '"kgco2e": 1'):
        assert text in detail
    # a point of the scatter opens its item too
    page.click("#task-epd svg.chart a[href='#item/offline-epd-epd-with-description/e3'] .pt")
    wait_for(page, "document.getElementById('ib-item') && document.getElementById('ib-item').dataset.id === 'e3'")
    assert page.evaluate("document.getElementById('ib-run').value") == "offline-epd-epd-with-description"
    # the list switched to all items (the item is not a miss) with the opened item selected
    assert page.evaluate("document.getElementById('ib-filter').value") == "all"
    assert page.evaluate("document.querySelector('#ib-rows tr.sel').dataset.id") == "e3"
    page.screenshot(artifacts / "benchmark-report-items-1280x800.png")
    # the compositional mass-violation bar leads to the one product that violates mass balance
    page.click("#task-compositional svg.chart a[href='#items/offline-compositional/massviol'] rect")
    wait_for(page, "document.getElementById('ib-count').textContent.startsWith('1 of 4')")
    assert page.evaluate("Array.from(document.querySelectorAll('#ib-rows tr')).map(r => r.dataset.id)") == ["e1"]
    page.navigate(bench_page_url.split("#")[0] + "#leaderboard")
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(artifacts / "benchmark-report-1280x800.png")
    assert page.errors() == []


def test_benchmark_report_phone(browser, bench_page_url, artifacts):
    page = browser.new_page(*PHONE, mobile=True)
    page.navigate(bench_page_url + "#item/test-model-a-triage/t2")
    wait_for(page, "document.getElementById('ib-item') && document.getElementById('ib-item').dataset.id === 't2'")
    assert page.errors() == []
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE[0]
    page.screenshot(artifacts / "benchmark-report-item-phone-390.png")


def test_view_server_page_in_browser(browser, tmp_path):
    root = tmp_path
    write_benchmark_runs(root)

    def trace_page(rest: str) -> str | None:
        key, _, item_id = rest.partition("/")
        trace = item_trace(load_benchmark([root / "runs"]), key, item_id)
        return render_trace_html(trace) if trace else None

    server = make_server({"/": ("text/html; charset=utf-8", lambda: render_benchmark_html(load_benchmark([root / "runs"])))},
                         prefixes={"/trace/": ("text/html; charset=utf-8", trace_page)})
    serve_in_background(server)
    try:
        page = browser.new_page(*DESKTOP)
        page.navigate(server_url(server) + "#item/offline-compositional/e3")
        wait_for(page, "document.getElementById('ib-trace') !== null")
        assert page.errors() == []  # includes no favicon 404
        assert page.evaluate("document.querySelectorAll('#leaderboard-table tbody tr').length") == 2
        assert "0.805 kg CO2e per 1 kg" in page.evaluate("document.getElementById('ib-trace').innerText")
        # served: the item's full PCF report is one click away
        page.click("#ib-trace a.btn")
        wait_for(page, "location.pathname === '/trace/offline-compositional/e3' && document.getElementById('total') !== null")
        assert page.evaluate("document.getElementById('total').textContent.trim()").startswith("0.805")
        assert page.errors() == []
    finally:
        server.shutdown()
        server.server_close()

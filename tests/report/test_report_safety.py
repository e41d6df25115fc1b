"""Reports of untrusted input and the local server (issue 12 items 9, 12, 15, 16).

A trace is untrusted: only http(s) links become clickable, Markdown export escapes raw HTML. ``openpcf view``
refuses a foreign Host header (DNS rebinding), answers HEAD, and keeps answering while a run is writing its
last line. The benchmark chart shows n per run and never ranks a small run among the published models.
"""

from __future__ import annotations

import http.client
import json
import re

import pytest

from openpcf.report import render_trace_html, trace_markdown
from openpcf.report.benchmark_report import benchmark_routes, headline_chart, render_benchmark_html
from openpcf.report.benchmark_view import load_benchmark
from openpcf.report.leaderboard import (
    FULL_DATASET_ITEMS,
    PublishedResults,
    RunHeadline,
    headline_table,
    read_published,
)
from openpcf.report.local_server import host_allowed, make_server, serve_in_background
from tests.support.report_samples import glass_jar_trace, write_benchmark_runs

PUBLISHED = PublishedResults(citation="PCFBench paper", setup="full dataset", models=[
    {"model": "Paper model", "triage_accuracy": 0.675, "epd_within_2x": 0.766}])


# ------------------------------------------------------------------ item 9: hostile traces


def hostile_trace():
    trace = glass_jar_trace()
    factors = [line.factor for line in trace.all_lines() if line.factor is not None]
    factors[0].url = "javascript:alert(document.cookie)"
    factors[1].url = "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=="
    factors[2].url = "https://example.org/factor-table"
    trace.product.name = 'Jar <img src=x onerror="alert(1)"> [click](javascript:alert(2))'
    return trace, factors


def test_only_http_links_from_an_untrusted_trace_are_clickable():
    trace, _ = hostile_trace()
    html = render_trace_html(trace)
    hrefs = re.findall(r'<a [^>]*href="([^"]*)"', html)
    assert "https://example.org/factor-table" in hrefs
    assert not [h for h in hrefs if h.lower().startswith(("javascript:", "data:text/html"))]
    # the bad URLs are still shown (escaped text, not links), so the reader sees what the trace claimed
    assert "javascript:alert(document.cookie)" in html


def test_markdown_export_escapes_raw_html_and_links():
    trace, _ = hostile_trace()
    md = trace_markdown(trace)
    head = md.splitlines()[0]
    assert head == '# Jar \\<img src=x onerror="alert(1)"\\> \\[click\\](javascript:alert(2)) — carbon footprint'
    assert re.search(r"(?<!\\)[<>]", md) is None  # no unescaped angle bracket anywhere: no raw HTML
    assert re.search(r"(?<!\\)\]\(", md) is None  # no link syntax survives


# ------------------------------------------------------------------ item 15: the local server


def _request(server, method: str, path: str = "/", host: str | None = None) -> tuple[int, bytes]:
    port = server.server_address[1]
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    try:
        conn.putrequest(method, path, skip_host=True)
        conn.putheader("Host", host if host is not None else f"127.0.0.1:{port}")
        conn.endheaders()
        resp = conn.getresponse()
        return resp.status, resp.read()
    finally:
        conn.close()


@pytest.fixture()
def server():
    srv = make_server({"/": ("text/plain; charset=utf-8", lambda: "report body")})
    serve_in_background(srv)
    yield srv
    srv.shutdown()
    srv.server_close()


def test_view_refuses_a_foreign_host_header(server):
    port = server.server_address[1]
    assert _request(server, "GET") == (200, b"report body")
    assert _request(server, "GET", host=f"localhost:{port}")[0] == 200
    assert _request(server, "GET", host=f"evil.example:{port}")[0] == 421  # a rebinding page
    assert _request(server, "GET", host="127.0.0.1.evil.example")[0] == 421
    assert _request(server, "GET", host="127.0.0.1:1")[0] == 421  # another port
    assert host_allowed("[::1]:8080", 8080) and not host_allowed("", 8080) and not host_allowed(None, 8080)


def test_view_answers_head_like_get_without_a_body(server):
    status, body = _request(server, "HEAD")
    assert (status, body) == (200, b"")
    assert _request(server, "HEAD", "/missing")[0] == 404


# ------------------------------------------------------------------ item 12: a run writing its last line


def test_view_keeps_answering_while_the_last_results_line_is_being_written(tmp_path):
    _, runs = write_benchmark_runs(tmp_path)
    with (runs[0] / "results.jsonl").open("a") as fh:
        fh.write('{"id": "e5", "output": {"kgc')  # a run in progress, mid-write
    routes, _ = benchmark_routes(tmp_path / "runs", published=False)
    srv = make_server(routes)
    serve_in_background(srv)
    try:
        status, body = _request(srv, "GET")
    finally:
        srv.shutdown()
        srv.server_close()
    assert status == 200  # was 500 "Exit: 2." while the line was partial
    assert b"the last line is still being written" in body
    view = load_benchmark([runs[0]])
    assert [i.id for i in view.runs[0].items] == ["e1", "e2", "e3", "e4"]


def test_a_corrupt_middle_line_is_an_error_naming_it_not_a_silent_skip(tmp_path):
    from openpcf.report.benchmark_view import RunError

    _, runs = write_benchmark_runs(tmp_path)
    text = (runs[0] / "results.jsonl").read_text().splitlines()
    (runs[0] / "results.jsonl").write_text("\n".join([text[0], text[1][:10], *text[2:]]) + "\n")
    with pytest.raises(RunError, match=r"results\.jsonl:2: malformed JSON.*quarantine"):
        load_benchmark([runs[0]])


# ------------------------------------------------------------------ item 16: n and comparability


def test_the_package_table_is_the_papers_eight_models_with_citation():
    pub = read_published()
    assert pub is not None and "arXiv 2608.27716" in pub.citation and "Rao et al." in pub.citation
    assert len(pub.models) == 8
    gpt = next(m for m in pub.models if m["model"] == "GPT-5.5")
    assert pub.value(gpt, "triage_accuracy") == 0.675 and pub.value(gpt, "compositional_mass_violation_rate") == 0.246


def test_a_run_is_comparable_only_on_the_full_dataset():
    assert RunHeadline("m", "triage", None, {}, 200).comparable
    assert not RunHeadline("m", "triage", None, {}, 3).comparable
    assert not RunHeadline("m", "epd", "epd_with_description", {}, None).comparable
    assert FULL_DATASET_ITEMS["epd"] == 175


def test_the_headline_chart_shows_n_and_draws_a_small_run_apart_from_the_published_models(tmp_path):
    """A 4-item triage run scoring 0.75 used to be drawn above the published 0.675 as if ranked."""
    write_benchmark_runs(tmp_path)
    view = load_benchmark([tmp_path / "runs"], published=PUBLISHED)
    triage = [r for r in view.runs if r.task == "triage"]
    svg = headline_chart(triage, view, "accuracy", "accuracy, T2 triage")
    labels = re.findall(r'class="lbl">([^<]*)<', svg)
    assert labels == ["Paper model (published, n=200)", "test:model-a (n=4)"]  # published first, run below
    rule = svg.index('class="apart"')
    assert svg.index("Paper model") < rule < svg.index("test:model-a (n=4)")
    assert "not comparable with the published models" in svg

    # the same run on all 200 items is ranked with the published models (0.75 above 0.675)
    triage[0].n_items = 200
    svg = headline_chart(triage, view, "accuracy", "accuracy, T2 triage")
    assert re.findall(r'class="lbl">([^<]*)<', svg) == ["test:model-a (n=200)", "Paper model (published, n=200)"]
    assert 'class="apart"' not in svg


def test_the_leaderboard_shows_n_of_each_run(tmp_path):
    write_benchmark_runs(tmp_path)
    view = load_benchmark([tmp_path / "runs"], published=PUBLISHED)
    html = render_benchmark_html(view)
    table = html[html.index('id="leaderboard-table"'):html.index("</table>", html.index('id="leaderboard-table"'))]
    assert table.count("n=4") == 5  # model-a: triage, epd; offline: epd, compositional, mass violation


def test_headline_table_orders_columns_and_keeps_published_rows_last():
    runs = [RunHeadline("sys", "epd", "epd_name_only", {}, 10), RunHeadline("sys", "triage", None, {}, 10)]
    from openpcf.report.leaderboard import Cell

    runs[0].metrics["within_2x"] = Cell(0.5, 0.2, 0.8)
    runs[1].metrics["accuracy"] = Cell(0.6)
    columns, rows = headline_table(runs, PUBLISHED)
    assert [c.key for c in columns] == ["triage_accuracy", "epd_within_2x", "epd_name_only_within_2x"]
    assert [(r.system, r.published) for r in rows] == [("sys", False), ("Paper model", True)]
    assert json.dumps(rows[0].cells["epd_name_only_within_2x"].value) == "0.5"

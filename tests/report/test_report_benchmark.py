"""Benchmark report over hand-made RUNDIRs (tests/support/report_samples.py): what it reads, what it links."""

from __future__ import annotations

import json
import math
import re
import shutil
import urllib.error
import urllib.request

import pytest
from typer.testing import CliRunner

from openpcf.cli import app
from openpcf.report.benchmark_report import (
    browser_data,
    epd_points,
    leaderboard,
    reliability_for,
    render_benchmark_html,
    strata_table,
    task_sections,
)
from openpcf.report.benchmark_view import HEADLINE, RunError, item_trace, load_benchmark
from openpcf.report.charts import Bar, fmt_number, hbar_chart, nice_ticks, reliability_bins
from openpcf.report.leaderboard import PublishedResults
from openpcf.report.local_server import make_server, serve_in_background, server_url
from tests.support.report_samples import EPD_PRED_A, write_benchmark_runs

PUBLISHED = PublishedResults(citation="PCFBench paper", setup="full dataset", models=[
    {"model": "Paper model", "triage_accuracy": 0.675, "epd_within_2x": 0.766, "compositional_mass_violation_rate": 0.246}])


@pytest.fixture()
def bench(tmp_path):
    data, runs = write_benchmark_runs(tmp_path)
    return tmp_path, data, runs


EPD_A, EPD_OFF, TRIAGE, COMP = ("test-model-a-epd-epd-with-description", "offline-epd-epd-with-description",
                                "test-model-a-triage", "offline-compositional")


def run(view, key):
    return next(r for r in view.runs if r.key == key)


def test_loads_every_rundir_below_a_folder_with_data_from_the_manifest(bench):
    root, _, _ = bench
    view = load_benchmark([root / "runs"], published=PUBLISHED)
    assert [r.key for r in view.runs] == [COMP, EPD_A, EPD_OFF, TRIAGE]  # folder order
    assert view.warnings == []
    a = run(view, EPD_A)
    assert a.label == "test:model-a · epd_with_description" and a.column == "epd/epd_with_description"
    assert a.headline_metric.value == 0.5 and (a.headline_metric.low, a.headline_metric.high) == (0.0, 1.0)
    assert [i.headline("epd") for i in a.items] == [1.0, 0.0, 1.0, 0.0]
    assert [i.category for i in a.items] == ["Paper and plastic products", "Glass products", "Basic metals", "Textiles"]
    assert a.items[3].failed and a.items[3].error == "timeout"
    assert a.cost_per_item() == pytest.approx(0.002)  # 4 × $0.002 / 4 items
    assert run(view, EPD_OFF).cost_per_item() == 0.0  # manifest totals: cost 0 over 4 items
    assert view.rows["epd"]["e2"]["truth"] == {"kgco2e": 1.0}


def test_leaderboard_has_runs_then_published_rows_and_links_numbers_to_misses(bench):
    root, _, _ = bench
    view = load_benchmark([root / "runs"], published=PUBLISHED)
    columns, rows = leaderboard(view)
    assert [c.key for c in columns] == ["triage_accuracy", "epd_within_2x", "compositional_within_2x",
                                        "compositional_mass_violation_rate"]  # task order
    assert [(r.system, r.published) for r in rows] == [("offline", False), ("test:model-a", False), ("Paper model", True)]
    offline, model_a, paper = rows
    assert offline.cells["compositional_within_2x"].value == 1.0
    assert offline.cells["compositional_mass_violation_rate"].value == 0.25
    assert model_a.cells["triage_accuracy"].value == 0.75 and model_a.cells["triage_accuracy"].n == 4
    assert model_a.cells["epd_within_2x"].href == "#items/test-model-a-epd-epd-with-description/miss"
    assert paper.cells["epd_within_2x"].value == 0.766 and paper.cells["epd_within_2x"].href is None
    assert "compositional_within_2x" not in paper.cells


def test_epd_points_and_log_ratios(bench):
    root, _, _ = bench
    view = load_benchmark([root / "runs"])
    points, strips = epd_points([run(view, EPD_A)], view)
    assert [(p.x, p.y) for p in points] == [(2.0, 3.0), (1.0, 0.4), (2.5, 2.5), (8.0, 0.0)]  # failure: y 0, drawn apart
    ratios = [v for v, _, _ in strips[0][1]]
    assert ratios == pytest.approx([math.log10(1.5), math.log10(0.4), 0.0])
    assert strips[0][1][1][1] == "#item/test-model-a-epd-epd-with-description/e2"
    assert len(EPD_PRED_A) == 4


def test_reliability_bins_worked_example():
    # triage fixture: (0.95 right), (0.85 wrong), (0.55 right), (0.90 right); 1.0 falls in the last bin
    bins = reliability_bins([(0.95, True), (0.85, False), (0.55, True), (0.9, True), (1.0, False)])
    assert [(b.low, b.n, b.accuracy) for b in bins] == [(0.5, 1, 1.0), (0.8, 1, 0.0), (0.9, 3, pytest.approx(2 / 3))]
    assert bins[2].mean_confidence == pytest.approx((0.95 + 0.9 + 1.0) / 3)


def test_reliability_diagram_of_a_run_links_bins_to_items(bench):
    root, _, _ = bench
    view = load_benchmark([root / "runs"])
    svg = reliability_for(run(view, TRIAGE))
    assert "ECE 0.237" in svg
    assert sorted(re.findall(r'href="#items/test-model-a-triage/(conf=\d)"', svg)) == ["conf=5", "conf=8", "conf=9"]


def test_strata_come_from_the_scorer_with_intervals(bench):
    root, _, _ = bench
    view = load_benchmark([root / "runs"])
    table = strata_table([run(view, EPD_A)], "cat", "by category")
    assert table is not None
    cell = table.cells[("Glass products", EPD_A)]
    assert (cell.value, cell.low, cell.high, cell.n) == (0.0, 0.0, 1.0, 1)
    assert cell.href == "#items/test-model-a-epd-epd-with-description/cat=Glass products"


def test_the_report_never_scores_a_run_itself_rescore_writes_the_scores_it_reads(bench):
    """A RUNDIR without summary.json and scores.jsonl is shown unscored with a warning; ``openpcf rescore``
    writes both and the report then reads them (it used to score the run itself, from items.jsonl that
    nothing wrote)."""
    from openpcf.pcfbench import scoring

    root, data, runs = bench
    bare = root / "bare" / "epd-a"
    shutil.copytree(runs[0], bare)
    (bare / "summary.json").unlink()
    (bare / "scores.jsonl").unlink()
    calls = []
    real_score = scoring.score
    scoring.score = lambda *a, **k: calls.append(a) or real_score(*a, **k)
    try:
        view = load_benchmark([bare], data_dir=data)
    finally:
        scoring.score = real_score
    assert calls == []
    r = view.runs[0]
    assert r.headline_metric is None and all(i.scores == {} for i in r.items)
    assert any("not scored yet" in w and "openpcf rescore" in w for w in view.warnings)

    res = CliRunner().invoke(app, ["rescore", str(bare), "--data", str(data)])
    assert res.exit_code == 0, res.output
    assert (bare / "scores.jsonl").is_file() and (bare / "summary.json").is_file()
    r = load_benchmark([bare], data_dir=data).runs[0]
    assert r.headline_metric.value == pytest.approx(0.5)  # e1 (1.5×) and e3 (1×) within 2×, e2 0.4×, e4 failed
    assert r.metrics["within_5x"].value == pytest.approx(0.75)
    assert r.n_failed == 1
    assert [i.headline("epd") for i in r.items] == [1.0, 0.0, 1.0, 0.0]
    assert [i.failed for i in r.items] == [False, False, False, True]
    assert "Glass products" in r.strata["product_category"]


def test_browser_data_embeds_each_input_once_per_task(bench):
    root, _, _ = bench
    view = load_benchmark([root / "runs"])
    data = browser_data(view)
    assert [len(r["items"]) for r in data["runs"]] == [4, 4, 4, 4]
    assert set(data["rows"]) == {"epd", "triage", "compositional"}
    first = data["runs"][1]["items"][0]
    assert (first["id"], first["name"], first["h"], first["cat"]) == ("e1", "PET resin", 1.0, "Paper and plastic products")
    tri = {i["id"]: i["conf"] for i in data["runs"][3]["items"]}
    assert tri == {"t1": 9, "t2": 8, "t3": 5, "t4": 9}


def test_an_engine_trace_in_a_prediction_is_summarised_for_the_item_browser(bench):
    root, _, _ = bench
    view = load_benchmark([root / "runs"])
    comp = run(view, COMP)
    assert [i.trace is not None for i in comp.items] == [False, False, True, False]
    summary = comp.items[2].trace
    assert summary["total"] == pytest.approx(0.805) and summary["interval"] == [0.52, 1.31]
    assert [row[0] for row in summary["top"]] == ["electricity", "soda ash", "tin oxide", "sand"]
    assert [c[:2] for c in summary["checks"]] == [["missing_factor", "fail"], ["mass_balance", "warn"],
                                                  ["ghost_input", "warn"]]
    assert comp.items[2].notes == '{\n "rationale": "composition given"\n}'  # the rest of the system's trace
    assert item_trace(view, COMP, "e3")["product"]["name"] == "Glass jar"
    assert item_trace(view, COMP, "e1") is None and item_trace(view, "nope", "e3") is None


def test_html_escapes_and_embeds_json_safely(bench):
    root, _, runs = bench
    res = runs[0] / "results.jsonl"
    lines = res.read_text().splitlines()
    lines[0] = json.dumps({"id": "e1", "output": {"kgco2e": 3.0, "note": "</script><b>x</b>"}})
    res.write_text("\n".join(lines) + "\n")
    html = render_benchmark_html(load_benchmark([root / "runs"], published=PUBLISHED))
    assert "</script><b>" not in html and "\\u003c/script\\u003e" in html
    assert html.count("<script") == 2  # the embedded data and the page script, nothing fetched
    assert "Paper model" in html


def test_bad_rundirs_give_errors_naming_the_file(bench, tmp_path):
    root, _, runs = bench
    with pytest.raises(RunError, match="no results.jsonl here or below"):
        load_benchmark([root / "data"])
    with pytest.raises(RunError, match="no such directory"):
        load_benchmark([tmp_path / "missing"])
    (runs[0] / "results.jsonl").write_text('{"id": "e1", "output": {"kgco2e": 1}}\n{oops\n')
    with pytest.raises(RunError, match=r"results\.jsonl:2: malformed JSON"):
        load_benchmark([runs[0]])
    (runs[1] / "manifest.json").write_text(json.dumps({"task": "juggling", "model": "x"}))
    with pytest.raises(RunError, match="unknown task 'juggling'"):
        load_benchmark([runs[1]])
    (runs[2] / "scores.jsonl").write_text('{"id": "t1", "scores": {}}\n\n[1, 2]\n')
    with pytest.raises(RunError, match=r"scores\.jsonl:3: expected a JSON object"):
        load_benchmark([runs[2]])
    (runs[2] / "scores.jsonl").write_text('{"id": "t1", "scores": {}}\n{"scores": {}}\n')
    with pytest.raises(RunError, match=r"scores\.jsonl:2: field 'id': Field required"):
        load_benchmark([runs[2]])


def test_compositional_structure_chart_links_rates_to_their_items(bench):
    root, _, _ = bench
    view = load_benchmark([root / "runs"], published=PUBLISHED)
    section = next(s for s in task_sections(view) if s.task == "compositional")
    chart = str(section.structure_chart)
    assert f'href="#items/{COMP}/massviol"' in chart and f'href="#items/{COMP}/ghost"' in chart
    assert "Paper model (published): mass violation rate" in chart
    assert "25.0%" in chart and "24.6%" in chart


def test_cli_benchmark_report_and_trace_only_options(bench):
    root, _, _ = bench
    runner = CliRunner()
    out = root / "out" / "bench.html"
    res = runner.invoke(app, ["report", str(root / "runs"), "--html", str(out), "--no-published"])
    assert res.exit_code == 0, res.output
    assert "benchmarkreportof4run(s)" in "".join(res.output.split()) and out.is_file()
    res = runner.invoke(app, ["report", str(root / "runs"), "--md", str(root / "x.md")])
    assert res.exit_code == 2 and "HTMLonly" in "".join(res.output.split())


def test_cli_benchmark_report_of_a_shell_glob_skips_the_files_next_to_the_runs(bench):
    # `openpcf report bench-out/* --html OUT` (README) also matches bench's leaderboard.md / details.json
    root, _, runs = bench
    (root / "runs" / "leaderboard.md").write_text("| model |\n")
    (root / "runs" / "details.json").write_text("{}\n")
    paths = sorted(str(p) for p in (root / "runs").iterdir())
    out = root / "glob.html"
    res = CliRunner().invoke(app, ["report", *paths, "--html", str(out), "--no-published"])
    assert res.exit_code == 0, res.output
    assert "benchmarkreportof4run(s)" in "".join(res.output.split()) and out.is_file()
    assert "skipped 2 file(s)" in res.output
    only_files = CliRunner().invoke(app, ["report", str(root / "runs" / "leaderboard.md"),
                                          str(root / "runs" / "details.json"), "--html", str(out)])
    assert only_files.exit_code == 2 and "takes exactly one trace JSON file" in only_files.output


def test_charts_number_format_ticks_and_negative_bars():
    assert [fmt_number(x) for x in (0.805, 0.005, 1234.5, 2.5e-5, 0, None)] == ["0.805", "0.00500", "1,234", "2.50e-05", "0", "–"]
    assert nice_ticks(0, 0.5, 4) == [0.0, 0.2, 0.4]  # round steps inside the range
    svg = hbar_chart([Bar("credit", -0.2), Bar("steel", 0.6)], label="x")
    assert svg.count("<rect") == 2 and "#D55E00" in svg  # negative bar in vermillion, left of zero


def test_local_server_serves_routes_on_loopback_only():
    server = make_server({"/": ("text/plain; charset=utf-8", lambda: "hello")})
    serve_in_background(server)
    try:
        url = server_url(server)
        assert url.startswith("http://127.0.0.1:")
        with urllib.request.urlopen(url, timeout=5) as resp:
            assert resp.read() == b"hello" and resp.headers["Cache-Control"] == "no-store"
        with pytest.raises(urllib.error.HTTPError) as err:
            urllib.request.urlopen(url + "other", timeout=5)
        assert err.value.code == 404
    finally:
        server.shutdown()
        server.server_close()


def test_without_a_data_folder_the_report_still_renders_and_says_what_is_missing(bench):
    root, data, _ = bench
    shutil.rmtree(data)
    view = load_benchmark([root / "runs"])
    assert view.warnings[0].startswith("no data folder (pass --data DIR)")
    assert run(view, EPD_A).headline_metric.value == 0.5  # the summary still gives the headline
    assert run(view, EPD_A).items[0].headline("epd") == 1.0  # and scores.jsonl the per-item scores
    html = render_benchmark_html(view)
    assert "no data folder" in html


@pytest.mark.shared
def test_dev_split_runs_of_the_eight_models_show_the_reference_headlines(dev_dir, tmp_path):
    reference = json.loads((dev_dir / "reference_metrics.json").read_text())
    for task, metric in (("epd", "within_2x"), ("triage", "accuracy")):
        for model in reference["models"]:
            run_dir = tmp_path / "runs" / f"{task}-{model}"
            run_dir.mkdir(parents=True)
            shutil.copy(dev_dir / "predictions" / f"{task}__{model}.jsonl", run_dir / "results.jsonl")
            (run_dir / "manifest.json").write_text(json.dumps({"task": task, "model": model}))
            res = CliRunner().invoke(app, ["rescore", str(run_dir), "--data", str(dev_dir)])
            assert res.exit_code == 0, res.output
    view = load_benchmark([tmp_path / "runs"], data_dir=dev_dir)
    assert len(view.runs) == 16 and view.warnings == []
    for r in view.runs:
        expected = reference["metrics"][r.task]["per_model"][r.model][HEADLINE[r.task][0]]
        assert round(r.headline_metric.value, 4) == expected, r.key
        assert len(r.items) == reference["metrics"][r.task]["n_items"]
    html = render_benchmark_html(view)
    assert html.count('class="pt"') >= 8 * 74  # every epd item of every model is a point (scatter + strips)

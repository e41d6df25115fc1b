"""The benchmark report: a self-contained HTML dashboard over one or more RUNDIRs.

Leaderboard across runs and the published models; per task the headline metric with its interval; for
epd/compositional runs the predicted-vs-declared log-log scatter with 2× and 5× bands and the log-ratio
distribution per system; mass-violation and ghost rates; reliability diagrams for confidences; the
headline by product category and by mapping vagueness; cost per item against the headline; and an item
browser (input, output, truth, scores) that every number links into.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from markupsafe import Markup

from openpcf.report.benchmark_view import (
    HEADLINE,
    BenchmarkView,
    Metric,
    RunView,
    item_trace,
    load_benchmark,
)
from openpcf.report.charts import (
    OKABE_ITO,
    Bar,
    Point,
    ReliabilityBin,
    cost_accuracy_scatter,
    fmt_number,
    hbar_chart,
    legend_html,
    loglog_scatter,
    ratio_strips,
    reliability_bins,
    reliability_diagram,
    series_colour,
)
from openpcf.report.html_page import json_for_script, render_page
from openpcf.report.leaderboard import (
    FULL_DATASET_ITEMS,
    HEADLINE_COLUMNS,
    Cell,
    Column,
    LeaderRow,
    RunHeadline,
    headline_table,
    read_published,
)
from openpcf.report.local_server import Prefixes, Routes

TASK_TITLES = {
    "decomposition": "T1 decomposition",
    "triage": "T2 triage",
    "mapping": "T3 mapping",
    "extraction_material": "T4 extraction (material)",
    "extraction_energy": "T5 extraction (energy)",
    "epd": "T7 EPD (direct estimate)",
    "compositional": "T7 compositional",
}
TASK_ORDER = tuple(TASK_TITLES)
PUBLISHED_COLOUR = "#9a9a9a"


def items_href(run: RunView, flt: str = "all") -> str:
    return f"#items/{run.key}/{flt}"


def item_href(run: RunView, item_id: str) -> str:
    return f"#item/{run.key}/{item_id}"


def column_title(column: Column) -> str:
    """Task title, epd setting, and the metric when it is not the task's headline."""
    title = TASK_TITLES.get(column.task, column.task)
    if column.setting:
        title += f" · {column.setting}"
    if column.metric != HEADLINE.get(column.task, ("",))[0]:
        title += f" · {column.metric.replace('_', ' ')}" + (" ↓" if column.lower_is_better else "")
    return title


def run_headline(r: RunView) -> RunHeadline:
    """What the leaderboard needs of a run: its metrics (the scorer's), n and the link to its misses."""
    href = items_href(r, "miss")
    metrics = {k: Cell(m.value, m.low, m.high, href, r.n_items) for k, m in r.metrics.items()}
    return RunHeadline(r.system, r.task, r.setting, metrics, r.n_items, href)


def leaderboard(view: BenchmarkView) -> tuple[list[Column], list[LeaderRow]]:
    """The headline table (:func:`openpcf.report.leaderboard.headline_table`): runs first, then the published
    models; each run number links to the items it missed."""
    return headline_table([run_headline(r) for r in view.runs], view.published)


def _num(x: Any) -> float | None:
    return float(x) if isinstance(x, (int, float)) and not isinstance(x, bool) else None


# ------------------------------------------------------------------ per-task pieces


def published_column(task: str, metric: str) -> Column | None:
    """The published column of a task's metric (epd: the with-description setting the paper reports)."""
    return next((c for c in HEADLINE_COLUMNS if c.task == task and c.metric == metric), None)


def headline_chart(task_runs: list[RunView], view: BenchmarkView, metric: str, label: str) -> str:
    """The headline of each run (with n) beside the published models.

    Only runs scored on the full dataset (n as published) are ranked among the published rows; the others
    (a split, a ``--limit`` smoke run) are drawn apart below a rule, labelled as not comparable."""
    comparable, apart = [], []
    for i, r in enumerate(task_runs):
        m = r.metrics.get(metric)
        if m and m.value is not None:
            n = r.n_items if r.n_items is not None else len(r.items)
            bar = Bar(f"{r.label} (n={n})", m.value, m.low, m.high,
                      href=items_href(r, "miss" if metric == r.headline[0] else "all"),
                      colour=series_colour(i), note=f"{n} items")
            (comparable if run_headline(r).comparable else apart).append(bar)
    pub = []
    column = published_column(task_runs[0].task, metric) if task_runs else None
    full = FULL_DATASET_ITEMS.get(task_runs[0].task) if task_runs else None
    if view.published is not None and column is not None:
        for model in view.published.models:
            v = view.published.value(model, column.key)
            if v is not None:
                pub.append(Bar(f"{model.get('model')} (published, n={full})", v, colour=PUBLISHED_COLOUR,
                               note=view.published.source))
    ranked = sorted(comparable + pub, key=lambda b: -b.value)
    apart.sort(key=lambda b: -b.value)
    if not ranked and not apart:
        return ""
    if not apart or not pub:
        return hbar_chart(ranked + apart, label=label, value_format="share", domain=(0.0, 1.0))
    return hbar_chart(ranked, label=label, value_format="share", domain=(0.0, 1.0), apart=apart,
                      apart_label=f"below: not comparable with the published models (not the full {full} items)")


def metric_rows(r: RunView) -> list[tuple[str, Metric]]:
    return sorted(r.metrics.items(), key=lambda kv: (kv[0] != r.headline[0], kv[0]))


def epd_points(task_runs: list[RunView], view: BenchmarkView) -> tuple[list[Point], list[tuple[str, list[tuple[float, str | None, str]]]]]:
    points: list[Point] = []
    strips: list[tuple[str, list[tuple[float, str | None, str]]]] = []
    for i, r in enumerate(task_runs):
        rows = view.rows.get(r.task, {})
        ratios: list[tuple[float, str | None, str]] = []
        for item in r.items:
            truth = _num((rows.get(item.id) or {}).get("truth", {}).get("kgco2e"))
            if truth is None:
                truth = _num(item.scores.get("declared") or item.scores.get("truth"))
            pred = _num((item.output or {}).get("kgco2e"))
            if truth is None or truth <= 0:
                continue
            name = ((rows.get(item.id) or {}).get("input") or {}).get("product_name", item.id)
            title = f"{r.label}: {name} — declared {fmt_number(truth)}, predicted {fmt_number(pred)}"
            points.append(Point(truth, pred if pred is not None else 0.0, i, item_href(r, item.id), title))
            if pred is not None and pred > 0:
                ratios.append((math.log10(pred / truth), item_href(r, item.id), title))
        strips.append((r.label, ratios))
    return points, strips


def reliability_for(r: RunView) -> str:
    pairs = [(c, (item.headline(r.task) or 0.0) >= 1.0) for item in r.items
             if (c := item.confidence()) is not None and item.headline(r.task) is not None]
    if not pairs:
        return ""
    bins = [ReliabilityBin(b.low, b.high, b.n, b.mean_confidence, b.accuracy,
                           href=items_href(r, f"conf={round(b.low * 10)}"))
            for b in reliability_bins(pairs)]
    ece = r.metrics.get("ece")
    title = f"{r.label}" + (f" — ECE {ece.value:.3f}" if ece and ece.value is not None else "")
    return f'<figure><figcaption class="small">{title}</figcaption>' + reliability_diagram(
        bins, label=f"Reliability diagram, {r.label}") + "</figure>"


@dataclass
class StratumTable:
    title: str
    key: str  # "cat" | "vag"
    strata: list[str]
    runs: list[RunView]
    cells: dict[tuple[str, str], Cell]


#: The scorer's name of each stratum dimension, by table key.
STRATUM_FIELDS = {"cat": "product_category", "vag": "vagueness_severity"}


def strata_table(task_runs: list[RunView], key: str, title: str) -> StratumTable | None:
    """The scorer's headline per stratum (value, 95% CI, items), each cell linking to its items."""
    cells: dict[tuple[str, str], Cell] = {}
    strata: list[str] = []
    for r in task_runs:
        groups = r.strata.get(STRATUM_FIELDS[key]) or {}
        for s, score in groups.items():
            m = (score.get("metrics") or {}).get(r.headline[0]) or {}
            if m.get("value") is None:
                continue
            if s not in strata:
                strata.append(s)
            ci = m.get("ci") or [None, None]
            flt = f"{key}={s}" if s != "unknown" else "all"
            cells[(s, r.key)] = Cell(m["value"], ci[0], ci[1], href=items_href(r, flt), n=score.get("n_items"))
    if not cells:
        return None
    return StratumTable(title, key, strata, task_runs, cells)


def heat_style(v: float | None) -> str:
    """A light-to-dark blue background for a 0–1 value (one hue: readable for colour-blind users)."""
    if v is None:
        return ""
    v = max(0.0, min(1.0, v))
    light, dark = (247, 251, 255), (8, 81, 156)
    rgb = tuple(round(a + (b - a) * v) for a, b in zip(light, dark))
    ink = "#fff" if v > 0.55 else "#222"
    return f"background:rgb{rgb};color:{ink}"


def cost_chart(task_runs: list[RunView], task: str) -> str:
    """Empty when no run recorded a cost (a chart of zeros would say nothing)."""
    if all(r.cost_per_item() is None for r in task_runs):
        return ""
    pts = []
    for i, r in enumerate(task_runs):
        m = r.headline_metric
        if m is None or m.value is None:
            continue
        pts.append((r.label, r.cost_per_item() or 0.0, m.value, i))
    if not pts:
        return ""
    return cost_accuracy_scatter(pts, label=f"Cost per item against {HEADLINE[task][1]}, {TASK_TITLES[task]}",
                                 y_label=HEADLINE[task][1])


# ------------------------------------------------------------------ item browser data


def _item_name(inp: dict[str, Any]) -> str:
    for key in ("product_name", "material_name", "query"):
        if inp.get(key):
            return str(inp[key])
    market = inp.get("market")
    if isinstance(market, dict) and market.get("name"):
        return str(market["name"])
    return ""


def browser_data(view: BenchmarkView) -> dict[str, Any]:
    runs = []
    for r in view.runs:
        rows = view.rows.get(r.task, {})
        items = []
        for item in r.items:
            row = rows.get(item.id) or {}
            conf = item.confidence()
            items.append({
                "id": item.id,
                "name": _item_name(row.get("input") or {})[:90],
                "cat": item.category,
                "vag": item.vagueness,
                "h": item.headline(r.task),
                "err": item.error,
                "out": item.output,
                "sc": item.scores,
                "cost": item.cost_usd,
                "conf": None if conf is None else min(9, math.floor(conf * 10)),
                "tr": item.trace,
                "notes": item.notes,
                "det": item.details or None,
            })
        runs.append({"key": r.key, "label": r.label, "task": r.task, "headline": r.headline[1], "items": items})
    rows_out = {task: {i: {"input": row["input"], "truth": row["truth"]} for i, row in rows.items()}
                for task, rows in view.rows.items()}
    return {"runs": runs, "rows": rows_out}


# ------------------------------------------------------------------ the page


@dataclass
class TaskSection:
    task: str
    title: str
    runs: list[RunView]
    headline_chart: Markup
    scatter: Markup
    legend: Markup
    strips: Markup
    structure_chart: Markup
    reliability: list[Markup]
    strata: list[StratumTable]
    cost: Markup


def task_sections(view: BenchmarkView) -> list[TaskSection]:
    sections = []
    for task in TASK_ORDER:
        task_runs = [r for r in view.runs if r.task == task]
        if not task_runs:
            continue
        metric, name = HEADLINE[task]
        scatter = legend = strips = structure = Markup("")
        if task in ("epd", "compositional"):
            points, strip_rows = epd_points(task_runs, view)
            if points:
                scatter = Markup(loglog_scatter(points, [r.label for r in task_runs],
                                                label=f"Predicted against declared kg CO2e, {TASK_TITLES[task]}",
                                                x_label="declared kg CO2e per declared unit (log)",
                                                y_label="predicted kg CO2e (log)"))
                legend = Markup(legend_html([r.label for r in task_runs]))
                strips = Markup(ratio_strips(strip_rows, label="log10(predicted / declared) per system"))
        if task == "compositional":
            bars = []
            for i, r in enumerate(task_runs):
                for mname, flt in (("mass_violation_rate", "massviol"), ("ghost_rate", "ghost")):
                    m = r.metrics.get(mname)
                    if m and m.value is not None:
                        bars.append(Bar(f"{r.label}: {mname.replace('_', ' ')}", m.value, m.low, m.high,
                                        href=items_href(r, flt), colour=series_colour(i)))
            mv = published_column("compositional", "mass_violation_rate")
            for model in view.published.models if view.published is not None and mv is not None else []:
                v = view.published.value(model, mv.key)
                if v is not None:
                    bars.append(Bar(f"{model.get('model')} (published): mass violation rate", v, colour=PUBLISHED_COLOUR))
            if bars:
                structure = Markup(hbar_chart(bars, label="Mass-violation and ghost rates (lower is better)",
                                              value_format="share", domain=(0.0, 1.0)))
        reliability = [Markup(s) for r in task_runs if task in ("triage", "mapping") and (s := reliability_for(r))]
        strata = [t for t in (strata_table(task_runs, "cat", f"{name} by product category"),
                              strata_table(task_runs, "vag", f"{name} by mapping vagueness (1 clear – 5 vague)")
                              if task == "mapping" else None) if t]
        sections.append(TaskSection(
            task=task, title=TASK_TITLES[task], runs=task_runs,
            headline_chart=Markup(headline_chart(task_runs, view, metric, f"{name}, {TASK_TITLES[task]}")),
            scatter=scatter, legend=legend, strips=strips, structure_chart=structure,
            reliability=reliability, strata=strata, cost=Markup(cost_chart(task_runs, task)),
        ))
    return sections


def render_benchmark_html(view: BenchmarkView, title: str = "PCFBench report") -> str:
    """The benchmark dashboard of ``view`` as one self-contained HTML page."""
    columns, rows = leaderboard(view)
    return render_page(
        "benchmark.html.j2", script="benchmark.js",
        title=title, view=view, columns=columns, leader_rows=rows, column_title=column_title,
        sections=task_sections(view), metric_rows=metric_rows, heat_style=heat_style,
        items_href=items_href, data=json_for_script(browser_data(view)), palette=OKABE_ITO,
    )


def write_benchmark_report(view: BenchmarkView, path: str | Path, title: str = "PCFBench report") -> Path:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(render_benchmark_html(view, title), encoding="utf-8")
    return path


def benchmark_routes(path: Path, *, data_dir: Path | None = None, published: bool = True) -> tuple[Routes, Prefixes]:
    """``openpcf view RUNDIR``: the dashboard, read again on every request (a run in progress shows its latest
    results; a last line still being written is left out), and ``/trace/RUNKEY/ITEM_ID`` for an item's trace."""
    from openpcf.report.pcf_report import render_trace_html

    def view() -> BenchmarkView:
        return load_benchmark([path], data_dir=data_dir, published=read_published() if published else None)

    def trace_page(rest: str) -> str | None:
        key, _, item_id = rest.partition("/")
        trace = item_trace(view(), key, item_id)
        return render_trace_html(trace) if trace else None

    return ({"/": ("text/html; charset=utf-8", lambda: render_benchmark_html(view()))},
            {"/trace/": ("text/html; charset=utf-8", trace_page)})

"""The PCF report of one trace: self-contained HTML, Markdown and CSV.

Entry points used by ``openpcf estimate --html``, ``openpcf demo`` and ``openpcf report``:
:func:`render_trace_html`, :func:`write_trace_report`, :func:`trace_markdown`, :func:`trace_csv`.
All three formats show the same numbers, read from the trace (see :mod:`openpcf.report.pcf_view`).
"""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path
from typing import Any

from markupsafe import Markup

from openpcf.engine.trace import InputLine, Trace
from openpcf.report.charts import OKABE_ITO, Bar, fmt_number, hbar_chart
from openpcf.report.html_page import fmt_share, render_page
from openpcf.report.local_server import Prefixes, Routes
from openpcf.report.pcf_view import PcfView, TreeNode, pcf_view

#: Columns of the CSV export, one row per line of the trace (material tree, then energy).
CSV_COLUMNS = (
    "line_id", "parent_id", "depth", "kind", "name_as_given", "role", "activity", "activity_method",
    "activity_score", "rate", "rate_unit", "rate_origin", "rate_as_given", "factor_id", "factor_name",
    "factor_kgco2e_per_unit", "factor_unit", "factor_source", "factor_license", "factor_year",
    "factor_geography", "factor_gwp", "factor_url", "kgco2e", "share",
)


def _bar_label(x: InputLine) -> str:
    return x.name if x.kind == "material" else f"{x.name} (energy)"


def contribution_chart(v: PcfView) -> str:
    """Contributions in kg CO2e per declared unit, largest first; each bar links to its BOM line."""
    bars = [Bar(_bar_label(x), x.kgco2e or 0.0, href=f"#line-{x.id}",
                note=f"{fmt_share(x.share)} of total", colour=OKABE_ITO[0] if x.kind == "material" else OKABE_ITO[1])
            for x in v.contributions]
    if not bars:
        return '<p class="muted">No line has a contribution (no factors found).</p>'
    return hbar_chart(bars, label=f"Contributions to {fmt_number(v.total)} kg CO2e per {v.declared_unit}",
                      unit="kg CO2e")


def _whatif_chart(v: PcfView) -> str:
    """What-ifs as a comparison: the base case (this estimate's headline) first, then each scenario; edits
    applied to this estimate as "before" and "after (this estimate)"."""
    bars: list[Bar] = []
    r = v.trace.result
    if v.what_ifs and r is not None:
        region = f" ({v.trace.product.region})" if v.trace.product.region else ""
        bars.append(Bar(f"base case{region}", r.kgco2e, low=r.p2_5, high=r.p97_5, colour=OKABE_ITO[0],
                        note="this estimate"))
        for w in v.what_ifs:
            bars.append(Bar(f"what-if: {w.lever}", w.kgco2e, low=w.p2_5, high=w.p97_5, colour=OKABE_ITO[4],
                            note=f"{w.kgco2e - w.base_kgco2e:+.3g} vs base case"))
    for e in v.edits:
        if e.kgco2e_before is not None and e.kgco2e_after is not None:
            bars.append(Bar(f"before edit: {e.lever}", e.kgco2e_before, colour=OKABE_ITO[4]))
            bars.append(Bar(f"after edit: {e.lever} (this estimate)", e.kgco2e_after, colour=OKABE_ITO[0]))
    label = "Base case and what-ifs" if v.what_ifs else "Totals before and after each edit"
    return hbar_chart(bars, label=label, unit="kg CO2e") if bars else ""


def _variance_chart(trace: Trace) -> str:
    if not trace.uncertainty or not trace.uncertainty.contributors:
        return ""
    bars = [Bar(c.name, c.share, href=f"#line-{c.input_id}", colour=OKABE_ITO[2])
            for c in sorted(trace.uncertainty.contributors, key=lambda c: -c.share)]
    return hbar_chart(bars, label="Share of the variance of ln(total)", value_format="share", domain=(0.0, 1.0))


def _stem(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "-", name).strip("-").lower()[:60] or "pcf"


def render_trace_html(trace: Trace | dict[str, Any]) -> str:
    """The PCF report of a trace as one self-contained HTML page (inline CSS, JS and SVG, no network)."""
    v = pcf_view(trace)
    return render_page(
        "pcf.html.j2", script="pcf.js",
        title=f"{v.trace.product.name} — carbon footprint",
        v=v,
        stem=_stem(v.trace.product.name),
        contribution_chart=Markup(contribution_chart(v)),
        whatif_chart=Markup(_whatif_chart(v)),
        variance_chart=Markup(_variance_chart(v.trace)),
        csv=trace_csv(v.trace),
        markdown=trace_markdown(v.trace),
    )


def write_trace_report(trace: Trace | dict[str, Any], path: str | Path) -> Path:
    """Write :func:`render_trace_html` to ``path`` (parents created); returns the path."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(render_trace_html(trace), encoding="utf-8")
    return path


def _walk(nodes: list[TreeNode]) -> list[InputLine]:
    out: list[InputLine] = []
    for n in nodes:
        out.append(n.line)
        out.extend(_walk(n.children))
    return out


def trace_csv(trace: Trace | dict[str, Any]) -> str:
    """One CSV row per trace line (BOM tree order, then energy) with rate, factor provenance, contribution."""
    v = pcf_view(trace)
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for x in [*_walk(v.tree), *v.energy]:
        a, f = x.activity, x.factor
        writer.writerow([
            x.id, x.parent_id or "", x.depth, x.kind, x.name, x.role or "",
            (a.name or "") if a else "", (a.method or "") if a else "", _cell(a.score if a else None),
            _cell(x.rate.value), x.rate.unit, x.rate.origin, x.rate.as_given or "",
            f.id if f else "", f.name if f else "", _cell(f.value if f else None), f.unit if f else "",
            f.source if f else "", f.license if f else "", _cell(f.year if f else None), (f.geography or "") if f else "",
            (f.gwp or "") if f else "", (f.url or "") if f else "", _cell(x.kgco2e), _cell(x.share),
        ])
    return buf.getvalue()


def _cell(x: float | None) -> str:
    """A CSV number without float noise: 12 significant digits (0.1 + 0.2 → "0.3", not "0.30000000000000004")."""
    return "" if x is None else repr(float(format(x, ".12g"))) if isinstance(x, float) else str(x)


#: Characters with a meaning in Markdown that could turn trace text into HTML, links or code.
_MARKDOWN_SPECIAL = re.compile(r"([\\`\[\]<>|])")


def _md(text: object) -> str:
    """Trace text as literal Markdown: raw HTML, links, images and table pipes are escaped (a trace is
    untrusted input; ``<script>`` or ``[x](javascript:…)`` must stay text in any Markdown viewer)."""
    return _MARKDOWN_SPECIAL.sub(r"\\\1", str(text).replace("\n", " "))


def trace_markdown(trace: Trace | dict[str, Any]) -> str:
    """The PCF report as Markdown: headline with interval, checks, contributions, BOM with provenance."""
    v = pcf_view(trace)
    t, r = v.trace, v.trace.result
    assert r is not None
    out = [f"# {_md(t.product.name)} — carbon footprint", ""]
    if t.product.description:
        out += [_md(t.product.description), ""]
    out.append(f"**{fmt_number(r.kgco2e)} kg CO2e per {v.declared_unit}**" + (
        f" (95% interval {fmt_number(v.interval[0])} – {fmt_number(v.interval[1])}"
        + (f"; Monte Carlo, {t.uncertainty.runs} runs, seed {t.uncertainty.seed})" if t.uncertainty else ")")
        if v.interval else ""))
    out += ["", (f"Materials {fmt_number(r.materials_kgco2e)} · energy {fmt_number(r.energy_kgco2e)} kg CO2e · "
                 f"mass balance S = {fmt_number(r.mass_balance)} kg/kg · mass with a factor "
                 f"{fmt_share(r.mass_share_with_factor)} · inputs without factor {r.inputs_without_factor}"),
            "", "## Checks", ""]
    label = {"fail": "FAILED", "warn": "WARNING", "ok": "passed", "info": "note"}
    for c in v.checks:
        names = f" ({', '.join(c.input_names)})" if c.input_names else ""
        out.append(f"- **{label[c.status]}** {c.check.code.replace('_', ' ')}: {_md(c.check.message)}{_md(names)}")
    if not v.checks:
        out.append("- none recorded")
    out += ["", "## Contributions (largest first)", "", "| input | kg CO2e | share |", "|---|---:|---:|"]
    for x in v.contributions:
        out.append(f"| {_md(_bar_label(x))} | {fmt_number(x.kgco2e)} | {fmt_share(x.share)} |")
    out += ["", "## Bill of materials", "",
            "| input (as given) | activity | rate | origin | factor (kg CO2e/unit) | source | licence | year | geography | GWP | kg CO2e |",
            "|---|---|---:|---|---:|---|---|---|---|---|---:|"]
    for x in [*_walk(v.tree), *v.energy]:
        f = x.factor
        indent = "↳ " * x.depth
        out.append(
            f"| {indent}{_md(x.name)} | {_md(x.activity.name or ('proxy factor' if f else 'no match')) if x.activity else ''} | "
            f"{fmt_number(x.rate.value)} {_md(x.rate.unit)} | {x.rate.origin} | "
            + (f"{fmt_number(f.value)}/{_md(f.unit)} | {_md(f.source)} | {_md(f.license)} | {f.year or ''} | "
               f"{_md(f.geography or '')} | {_md(f.gwp or '')} | " if f else
               ("composite | | | | | | " if x.children else "**no factor** | | | | | | "))
            + (f"{fmt_number(x.kgco2e)} |" if x.kgco2e is not None else "– |"))
    if v.what_ifs:
        out += ["", "## What-if (compared with the base case above)", "",
                "| case | from | to | kg CO2e | 95% interval | vs base case |", "|---|---|---|---:|---|---:|",
                f"| base case | | | {fmt_number(r.kgco2e)} | {fmt_number(r.p2_5)} – {fmt_number(r.p97_5)} | |"]
        for w in v.what_ifs:
            out.append(f"| what-if {_md(w.lever)} | {_md(w.old)} | {_md(w.new)} | {fmt_number(w.kgco2e)} | "
                       f"{fmt_number(w.p2_5)} – {fmt_number(w.p97_5)} | {fmt_number(w.kgco2e - w.base_kgco2e)} |")
    if v.edits:
        out += ["", "## Edits applied to this estimate", "", "| lever | from | to | before | after |", "|---|---|---|---:|---:|"]
        for e in v.edits:
            out.append(f"| {_md(e.lever)} | {_md(e.old)} | {_md(e.new)} | {fmt_number(e.kgco2e_before)} | {fmt_number(e.kgco2e_after)} |")
    out += ["", f"_Trace schema {t.schema_version} · {_md(t.versions.software)}"
            + (f" · factors {_md(t.versions.factor_library)}" if t.versions.factor_library else "")
            + (f" · model {_md(t.versions.model)}" if t.versions.model else "") + "_", ""]
    return "\n".join(out)


def trace_routes(path: str | Path) -> tuple[Routes, Prefixes]:
    """``openpcf view TRACE``: the report, its Markdown and CSV, read again from ``path`` on every request."""
    from openpcf.report.pcf_view import load_trace

    def now() -> Trace:
        return load_trace(Path(path))

    routes: Routes = {
        "/": ("text/html; charset=utf-8", lambda: render_trace_html(now())),
        "/report.md": ("text/markdown; charset=utf-8", lambda: trace_markdown(now())),
        "/report.csv": ("text/csv; charset=utf-8", lambda: trace_csv(now())),
    }
    return routes, {}

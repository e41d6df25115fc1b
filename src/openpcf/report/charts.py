"""Inline SVG charts for the reports: pure functions from numbers to an SVG string.

No plotting dependency: every chart is a few dozen SVG elements written here, so a report is one
self-contained file that opens offline. Colours follow the Okabe-Ito palette (distinguishable with the
common colour-vision deficiencies) and every series also differs by marker shape, so nothing is told by
colour alone. Every chart scales to its container through its ``viewBox``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

#: Okabe & Ito (2008) colour-universal-design palette, black last.
OKABE_ITO = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000")
MARKERS = ("circle", "square", "triangle", "diamond", "cross", "triangle-down", "plus", "star")
INK = "#222"
GRID = "#d9d9d9"
MUTED = "#767676"


def series_colour(index: int) -> str:
    return OKABE_ITO[index % len(OKABE_ITO)]


def series_marker(index: int) -> str:
    return MARKERS[index % len(MARKERS)]


def _f(x: float) -> str:
    return f"{x:.1f}"


def fmt_number(x: float | None, digits: int = 3) -> str:
    """A number with ``digits`` significant figures, plain notation where readable."""
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "–"
    if x == 0:
        return "0"
    ax = abs(x)
    if ax >= 1e6 or ax < 1e-3:
        return f"{x:.{digits - 1}e}"
    decimals = max(0, digits - 1 - math.floor(math.log10(ax)))
    return f"{x:,.{decimals}f}"


def marker_svg(kind: str, x: float, y: float, r: float, fill: str, extra: str = "") -> str:
    """One point marker of the given shape centred on (x, y)."""
    if kind == "square":
        return f'<rect x="{_f(x - r)}" y="{_f(y - r)}" width="{_f(2 * r)}" height="{_f(2 * r)}" fill="{fill}"{extra}/>'
    if kind in ("triangle", "triangle-down"):
        s = -1 if kind == "triangle" else 1
        pts = f"{_f(x)},{_f(y + s * r * 1.2)} {_f(x - r * 1.1)},{_f(y - s * r * 0.8)} {_f(x + r * 1.1)},{_f(y - s * r * 0.8)}"
        return f'<polygon points="{pts}" fill="{fill}"{extra}/>'
    if kind == "diamond":
        pts = f"{_f(x)},{_f(y - r * 1.3)} {_f(x + r * 1.3)},{_f(y)} {_f(x)},{_f(y + r * 1.3)} {_f(x - r * 1.3)},{_f(y)}"
        return f'<polygon points="{pts}" fill="{fill}"{extra}/>'
    if kind in ("cross", "plus"):
        d = r * (0.9 if kind == "cross" else 1.2)
        if kind == "cross":
            path = f"M{_f(x - d)},{_f(y - d)}L{_f(x + d)},{_f(y + d)}M{_f(x - d)},{_f(y + d)}L{_f(x + d)},{_f(y - d)}"
        else:
            path = f"M{_f(x - d)},{_f(y)}L{_f(x + d)},{_f(y)}M{_f(x)},{_f(y - d)}L{_f(x)},{_f(y + d)}"
        return f'<path d="{path}" stroke="{fill}" stroke-width="2.2" fill="none"{extra}/>'
    if kind == "star":
        pts = []
        for k in range(10):
            rr = r * 1.4 if k % 2 == 0 else r * 0.6
            a = math.pi / 2 + k * math.pi / 5
            pts.append(f"{_f(x + rr * math.cos(a))},{_f(y - rr * math.sin(a))}")
        return f'<polygon points="{" ".join(pts)}" fill="{fill}"{extra}/>'
    return f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(r)}" fill="{fill}"{extra}/>'


def _svg_open(width: int, height: int, label: str, cls: str = "chart") -> str:
    return (f'<svg class="{cls}" viewBox="0 0 {width} {height}" role="img" aria-label="{escape(label)}" '
            f'xmlns="http://www.w3.org/2000/svg" preserveAspectRatio="xMinYMin meet">'
            f"<title>{escape(label)}</title>")


def _link(href: str | None, inner: str, title: str | None = None) -> str:
    tip = f"<title>{escape(title)}</title>" if title else ""
    if not href:
        return f"<g>{tip}{inner}</g>" if tip else inner
    return f'<a href="{escape(href)}">{tip}{inner}</a>'


def nice_ticks(lo: float, hi: float, n: int = 5) -> list[float]:
    """About ``n`` round tick values from ``lo`` (rounded down) up to ``hi``."""
    if hi <= lo:
        hi = lo + 1.0
    raw = (hi - lo) / max(1, n)
    mag = 10 ** math.floor(math.log10(raw))
    step = next(m * mag for m in (1, 2, 2.5, 5, 10) if m * mag >= raw)
    start = math.floor(lo / step) * step
    ticks, t = [], start
    while t <= hi + step * 1e-9:
        ticks.append(round(t, 12))
        t += step
    return ticks


# ------------------------------------------------------------------ horizontal bars


@dataclass(frozen=True)
class Bar:
    """One bar: a value with an optional interval, a link and a tooltip."""

    label: str
    value: float
    low: float | None = None
    high: float | None = None
    href: str | None = None
    note: str = ""
    colour: str | None = None


def hbar_chart(bars: Sequence[Bar], *, label: str, unit: str = "", value_format: str = "number",
               domain: tuple[float, float] | None = None, width: int = 720,
               apart: Sequence[Bar] = (), apart_label: str = "") -> str:
    """Horizontal bars in the given order (callers sort), zero line, optional interval whiskers.

    ``value_format`` is ``"number"`` (3 significant figures) or ``"share"`` (0–1 shown as a percentage).
    ``apart`` bars are drawn below a dashed rule captioned ``apart_label`` (bars that must not be read as
    ranked among the others, e.g. runs on fewer items than the published results).
    """
    label_w, value_w, row_h, top = 230, 86, 26, 8
    rule_row = len(bars) if apart else None
    if apart:
        bars = [*bars, *apart]
    height = top + row_h * (max(1, len(bars)) + (1 if rule_row is not None else 0)) + 26
    plot_w = width - label_w - value_w - 10
    values = [b.value for b in bars] + [b.low for b in bars if b.low is not None] + [b.high for b in bars if b.high is not None]
    lo, hi = domain if domain else (min([0.0, *values]), max([0.0, *values]))
    if hi <= lo:
        hi = lo + 1.0

    def x(v: float) -> float:
        return label_w + (v - lo) / (hi - lo) * plot_w

    out = [_svg_open(width, height, label)]
    for t in nice_ticks(lo, hi, 4):
        if lo - 1e-12 <= t <= hi + 1e-12:
            tx = x(t)
            text = f"{t * 100:.0f}%" if value_format == "share" else fmt_number(t, 2)
            out.append(f'<line x1="{_f(tx)}" y1="{top}" x2="{_f(tx)}" y2="{height - 20}" stroke="{GRID}"/>')
            out.append(f'<text x="{_f(tx)}" y="{height - 6}" class="tick" text-anchor="middle">{escape(text)}</text>')
    out.append(f'<line x1="{_f(x(0) if lo <= 0 <= hi else x(lo))}" y1="{top}" x2="{_f(x(0) if lo <= 0 <= hi else x(lo))}" '
               f'y2="{height - 20}" stroke="{INK}"/>')
    for i, b in enumerate(bars):
        if rule_row is not None and i == rule_row:
            ry = top + i * row_h + row_h / 2
            out.append(f'<line class="apart" x1="4" y1="{_f(ry)}" x2="{width - 4}" y2="{_f(ry)}" stroke="{INK}" '
                       f'stroke-dasharray="4 3"/>')
            out.append(f'<text x="6" y="{_f(ry - 4)}" class="tick">{escape(apart_label)}</text>')
        y = top + (i + (1 if rule_row is not None and i >= rule_row else 0)) * row_h
        x0, x1 = sorted((x(max(lo, min(0.0, hi))), x(b.value)))
        colour = b.colour or (OKABE_ITO[0] if b.value >= 0 else OKABE_ITO[5])
        name = b.label if len(b.label) <= 34 else b.label[:32] + "…"
        text = f"{b.value * 100:.1f}%" if value_format == "share" else fmt_number(b.value)
        inner = [f'<text x="{label_w - 6}" y="{_f(y + row_h * 0.65)}" text-anchor="end" class="lbl">{escape(name)}</text>',
                 f'<rect x="{_f(x0)}" y="{_f(y + 4)}" width="{_f(max(1.0, x1 - x0))}" height="{row_h - 8}" fill="{colour}"/>']
        if b.low is not None and b.high is not None:
            ym = y + row_h / 2
            inner.append(f'<path d="M{_f(x(b.low))},{_f(ym)}H{_f(x(b.high))}M{_f(x(b.low))},{_f(ym - 5)}V{_f(ym + 5)}'
                         f'M{_f(x(b.high))},{_f(ym - 5)}V{_f(ym + 5)}" stroke="{INK}" stroke-width="1.5" fill="none"/>')
        inner.append(f'<text x="{width - 4}" y="{_f(y + row_h * 0.65)}" text-anchor="end" class="val">{escape(text)}</text>')
        tip = f"{b.label}: {text}{' ' + unit if unit else ''}"
        if b.low is not None and b.high is not None:
            tip += f" (95% CI {fmt_number(b.low)}–{fmt_number(b.high)})" if value_format != "share" else \
                f" (95% CI {b.low * 100:.1f}–{b.high * 100:.1f}%)"
        if b.note:
            tip += f" — {b.note}"
        out.append(_link(b.href, "".join(inner), tip))
    out.append("</svg>")
    return "".join(out)


# ------------------------------------------------------------------ log-log scatter with bands


@dataclass(frozen=True)
class Point:
    x: float
    y: float
    series: int = 0
    href: str | None = None
    title: str = ""


def _log_domain(values: Sequence[float]) -> tuple[float, float]:
    pos = [v for v in values if v > 0 and math.isfinite(v)]
    if not pos:
        return -1.0, 1.0
    lo, hi = math.floor(math.log10(min(pos))), math.ceil(math.log10(max(pos)))
    return float(lo), float(hi if hi > lo else lo + 1)


def loglog_scatter(points: Sequence[Point], series_names: Sequence[str], *, label: str, x_label: str,
                   y_label: str, bands: Sequence[float] = (2.0, 5.0), size: int = 520) -> str:
    """Predicted (y) against declared (x) on log axes, with the y = x line and ×/÷ ``bands``.

    Points with a non-positive value cannot sit on a log axis; they are drawn in a strip under the
    x axis so that they are not silently hidden.
    """
    pad_l, pad_b, pad_t, pad_r = 58, 64, 10, 10
    plot = size - pad_l - pad_r
    height = pad_t + plot + pad_b
    good = [p for p in points if p.x > 0 and p.y > 0]
    bad = [p for p in points if not (p.x > 0 and p.y > 0) and p.x > 0]
    lo, hi = _log_domain([p.x for p in good] + [p.y for p in good] + [p.x for p in bad])

    def sx(v: float) -> float:
        return pad_l + (math.log10(v) - lo) / (hi - lo) * plot

    def sy(v: float) -> float:
        return pad_t + plot - (math.log10(v) - lo) / (hi - lo) * plot

    out = [_svg_open(size, height, label)]
    out.append(f'<clipPath id="clip-{id(points)}"><rect x="{pad_l}" y="{pad_t}" width="{plot}" height="{plot}"/></clipPath>')
    for e in range(int(lo), int(hi) + 1):
        v = 10.0**e
        out.append(f'<line x1="{_f(sx(v))}" y1="{pad_t}" x2="{_f(sx(v))}" y2="{pad_t + plot}" stroke="{GRID}"/>')
        out.append(f'<line x1="{pad_l}" y1="{_f(sy(v))}" x2="{pad_l + plot}" y2="{_f(sy(v))}" stroke="{GRID}"/>')
        out.append(f'<text x="{_f(sx(v))}" y="{pad_t + plot + 14}" class="tick" text-anchor="middle">{fmt_number(v, 1)}</text>')
        out.append(f'<text x="{pad_l - 4}" y="{_f(sy(v) + 4)}" class="tick" text-anchor="end">{fmt_number(v, 1)}</text>')
    a, b = 10.0**lo, 10.0**hi
    band_g = [f'<g clip-path="url(#clip-{id(points)})">']
    for k, factor in enumerate(sorted(bands, reverse=True)):
        shade = "#eeeeee" if k == 0 else "#dcdcdc"
        pts = f"{_f(sx(a))},{_f(sy(a * factor))} {_f(sx(b))},{_f(sy(b * factor))} {_f(sx(b))},{_f(sy(b / factor))} {_f(sx(a))},{_f(sy(a / factor))}"
        band_g.append(f'<polygon points="{pts}" fill="{shade}"><title>within {factor:g}×</title></polygon>')
    band_g.append(f'<line x1="{_f(sx(a))}" y1="{_f(sy(a))}" x2="{_f(sx(b))}" y2="{_f(sy(b))}" stroke="{INK}" stroke-dasharray="4 3"/>')
    band_g.append("</g>")
    out.extend(band_g)
    out.append(f'<rect x="{pad_l}" y="{pad_t}" width="{plot}" height="{plot}" fill="none" stroke="{INK}"/>')
    for p in good:
        tip = p.title or f"declared {fmt_number(p.x)}, predicted {fmt_number(p.y)}"
        mk = marker_svg(series_marker(p.series), sx(p.x), sy(p.y), 3.6, series_colour(p.series),
                        ' fill-opacity="0.8" class="pt"')
        out.append(_link(p.href, mk, tip))
    strip_y = pad_t + plot + 26
    if bad:
        out.append(f'<text x="{pad_l - 4}" y="{strip_y + 4}" class="tick" text-anchor="end">no value</text>')
        for p in bad:
            mk = marker_svg(series_marker(p.series), sx(p.x), strip_y, 3.2, series_colour(p.series), ' class="pt"')
            out.append(_link(p.href, mk, p.title or f"declared {fmt_number(p.x)}, no positive prediction"))
    out.append(f'<text x="{pad_l + plot / 2}" y="{height - 6}" text-anchor="middle" class="axis">{escape(x_label)}</text>')
    out.append(f'<text transform="translate(13,{pad_t + plot / 2}) rotate(-90)" text-anchor="middle" class="axis">{escape(y_label)}</text>')
    out.append("</svg>")
    return "".join(out)


def legend_html(series_names: Sequence[str]) -> str:
    """A legend whose swatches repeat each series' marker shape and colour."""
    items = []
    for i, name in enumerate(series_names):
        swatch = (f'<svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">'
                  f"{marker_svg(series_marker(i), 7, 7, 4.5, series_colour(i))}</svg>")
        items.append(f'<span class="key">{swatch}{escape(name)}</span>')
    return '<div class="legend">' + "".join(items) + "</div>"


# ------------------------------------------------------------------ distributions


def _quantile(sorted_values: Sequence[float], q: float) -> float:
    pos = (len(sorted_values) - 1) * q
    i = math.floor(pos)
    j = min(i + 1, len(sorted_values) - 1)
    return sorted_values[i] + (sorted_values[j] - sorted_values[i]) * (pos - i)


def ratio_strips(rows: Sequence[tuple[str, Sequence[tuple[float, str | None, str]]]], *, label: str,
                 width: int = 720, clip: float | None = None) -> str:
    """Distribution of log10(predicted / declared) per system: box (quartiles, median) plus every item.

    ``rows`` is ``[(system, [(log10_ratio, href, title), ...]), ...]``. The axis spans the data (at least
    ×/÷ 6, at most ×/÷ 100 unless ``clip`` says otherwise); values beyond it are drawn at the edge with
    their real value in the tooltip. Vertical guides at 1× and ×/÷ 2 and 5.
    """
    if clip is None:
        spread = max((abs(v) for _, vals in rows for v, _, _ in vals if math.isfinite(v)), default=0.0)
        clip = max(math.log10(6.0), min(2.0, spread * 1.05))
    label_w, row_h, top = 230, 38, 8
    plot_w = width - label_w - 16
    height = top + row_h * max(1, len(rows)) + 30

    def x(v: float) -> float:
        v = max(-clip, min(clip, v))
        return label_w + (v + clip) / (2 * clip) * plot_w

    out = [_svg_open(width, height, label)]
    for factor, dash in ((1.0, ""), (2.0, "4 3"), (5.0, "1 3")):
        for sign in ((1,) if factor == 1.0 else (1, -1)):
            v = sign * math.log10(factor)
            out.append(f'<line x1="{_f(x(v))}" y1="{top}" x2="{_f(x(v))}" y2="{height - 22}" stroke="{INK if factor == 1 else MUTED}"'
                       + (f' stroke-dasharray="{dash}"' if dash else "") + "/>")
            text = "1×" if factor == 1 else (f"{factor:g}×" if sign > 0 else f"1/{factor:g}")
            out.append(f'<text x="{_f(x(v))}" y="{height - 8}" class="tick" text-anchor="middle">{text}</text>')
    for i, (name, values) in enumerate(rows):
        y = top + i * row_h
        ym = y + row_h / 2
        out.append(f'<text x="{label_w - 8}" y="{_f(ym + 4)}" text-anchor="end" class="lbl">{escape(name if len(name) <= 36 else name[:34] + "…")}<title>{escape(name)}</title></text>')
        vals = sorted(v for v, _, _ in values if math.isfinite(v))
        colour = series_colour(i)
        if vals:
            q1, med, q3 = (_quantile(vals, q) for q in (0.25, 0.5, 0.75))
            out.append(f'<rect x="{_f(x(q1))}" y="{_f(y + 7)}" width="{_f(max(1.0, x(q3) - x(q1)))}" height="{row_h - 14}" '
                       f'fill="{colour}" fill-opacity="0.22" stroke="{colour}"><title>{escape(name)}: quartiles '
                       f"{q1:+.2f} / {med:+.2f} / {q3:+.2f} (log10 ratio)</title></rect>")
            out.append(f'<line x1="{_f(x(med))}" y1="{_f(y + 5)}" x2="{_f(x(med))}" y2="{_f(y + row_h - 5)}" stroke="{INK}" stroke-width="2"/>')
        for k, (v, href, title) in enumerate(values):
            if not math.isfinite(v):
                continue
            jitter = ((k * 7919) % 13 - 6) * 0.9
            mk = marker_svg(series_marker(i), x(v), ym + jitter, 2.4, colour, ' fill-opacity="0.75" class="pt"')
            out.append(_link(href, mk, title))
    out.append("</svg>")
    return "".join(out)


# ------------------------------------------------------------------ reliability diagram


@dataclass(frozen=True)
class ReliabilityBin:
    low: float
    high: float
    n: int
    mean_confidence: float
    accuracy: float
    href: str | None = None


def reliability_bins(pairs: Sequence[tuple[float, bool]], n_bins: int = 10) -> list[ReliabilityBin]:
    """Equal-width bins [k/n, (k+1)/n) of confidence (1.0 in the last bin), empty bins dropped."""
    groups: list[list[tuple[float, bool]]] = [[] for _ in range(n_bins)]
    for conf, ok in pairs:
        k = min(n_bins - 1, max(0, math.floor(conf * n_bins)))
        groups[k].append((conf, ok))
    bins = []
    for k, g in enumerate(groups):
        if g:
            bins.append(ReliabilityBin(k / n_bins, (k + 1) / n_bins, len(g), sum(c for c, _ in g) / len(g),
                                       sum(1 for _, ok in g if ok) / len(g)))
    return bins


def reliability_diagram(bins: Sequence[ReliabilityBin], *, label: str, colour: str = OKABE_ITO[0], size: int = 300) -> str:
    """Accuracy per confidence bin against the diagonal; bar width is the bin, the number its count."""
    pad_l, pad_b, pad_t, pad_r = 40, 36, 16, 8
    plot = size - pad_l - pad_r
    height = pad_t + plot + pad_b

    def sx(v: float) -> float:
        return pad_l + v * plot

    def sy(v: float) -> float:
        return pad_t + plot - v * plot

    out = [_svg_open(size, height, label)]
    for t in (0.0, 0.25, 0.5, 0.75, 1.0):
        out.append(f'<line x1="{_f(sx(t))}" y1="{pad_t}" x2="{_f(sx(t))}" y2="{pad_t + plot}" stroke="{GRID}"/>')
        out.append(f'<line x1="{pad_l}" y1="{_f(sy(t))}" x2="{pad_l + plot}" y2="{_f(sy(t))}" stroke="{GRID}"/>')
        out.append(f'<text x="{_f(sx(t))}" y="{pad_t + plot + 13}" class="tick" text-anchor="middle">{t:g}</text>')
        out.append(f'<text x="{pad_l - 4}" y="{_f(sy(t) + 4)}" class="tick" text-anchor="end">{t:g}</text>')
    for b in bins:
        inner = (f'<rect x="{_f(sx(b.low) + 1)}" y="{_f(sy(b.accuracy))}" width="{_f(sx(b.high) - sx(b.low) - 2)}" '
                 f'height="{_f(sy(0) - sy(b.accuracy))}" fill="{colour}" fill-opacity="0.75"/>'
                 + marker_svg("diamond", sx(b.mean_confidence), sy(b.mean_confidence), 3, INK)
                 + f'<text x="{_f((sx(b.low) + sx(b.high)) / 2)}" y="{_f(min(sy(b.accuracy), sy(0) - 2) - 3)}" '
                 f'class="tick" text-anchor="middle">{b.n}</text>')
        tip = (f"confidence {b.low:.1f}–{b.high:.1f}: {b.n} items, mean confidence {b.mean_confidence:.2f}, "
               f"accuracy {b.accuracy:.2f}")
        out.append(_link(b.href, inner, tip))
    out.append(f'<line x1="{_f(sx(0))}" y1="{_f(sy(0))}" x2="{_f(sx(1))}" y2="{_f(sy(1))}" stroke="{INK}" stroke-dasharray="4 3"/>')
    out.append(f'<rect x="{pad_l}" y="{pad_t}" width="{plot}" height="{plot}" fill="none" stroke="{INK}"/>')
    out.append(f'<text x="{pad_l + plot / 2}" y="{height - 4}" text-anchor="middle" class="axis">confidence</text>')
    out.append(f'<text transform="translate(11,{pad_t + plot / 2}) rotate(-90)" text-anchor="middle" class="axis">accuracy</text>')
    out.append("</svg>")
    return "".join(out)


# ------------------------------------------------------------------ cost against accuracy


def cost_accuracy_scatter(points: Sequence[tuple[str, float, float, int]], *, label: str, y_label: str,
                          width: int = 560, height: int = 340) -> str:
    """Systems as points: x = USD per item (log axis), y = headline accuracy; ``(name, cost, acc, series)``."""
    pad_l, pad_b, pad_t, pad_r = 52, 40, 10, 16
    pw, ph = width - pad_l - pad_r, height - pad_t - pad_b
    costs = [c for _, c, _, _ in points if c > 0]
    lo, hi = _log_domain(costs) if costs else (-4.0, 0.0)

    def sx(c: float) -> float:
        c = max(c, 10.0**lo)
        return pad_l + (math.log10(c) - lo) / (hi - lo) * pw

    def sy(v: float) -> float:
        return pad_t + ph - v * ph

    out = [_svg_open(width, height, label)]
    for e in range(int(lo), int(hi) + 1):
        out.append(f'<line x1="{_f(sx(10.0**e))}" y1="{pad_t}" x2="{_f(sx(10.0**e))}" y2="{pad_t + ph}" stroke="{GRID}"/>')
        out.append(f'<text x="{_f(sx(10.0**e))}" y="{pad_t + ph + 14}" class="tick" text-anchor="middle">${fmt_number(10.0**e, 1)}</text>')
    for t in (0.0, 0.25, 0.5, 0.75, 1.0):
        out.append(f'<line x1="{pad_l}" y1="{_f(sy(t))}" x2="{pad_l + pw}" y2="{_f(sy(t))}" stroke="{GRID}"/>')
        out.append(f'<text x="{pad_l - 4}" y="{_f(sy(t) + 4)}" class="tick" text-anchor="end">{t:g}</text>')
    out.append(f'<rect x="{pad_l}" y="{pad_t}" width="{pw}" height="{ph}" fill="none" stroke="{INK}"/>')
    for name, cost, acc, series in points:
        free = cost <= 0
        mk = marker_svg(series_marker(series), sx(cost), sy(acc), 5, series_colour(series), ' class="pt"')
        tip = f"{name}: {'no cost recorded / free' if free else f'${cost:.4g} per item'}, {acc:.3f}"
        out.append(_link(None, mk + f'<text x="{_f(sx(cost) + 7)}" y="{_f(sy(acc) - 6)}" class="tick">{escape(name[:22])}</text>', tip))
    out.append(f'<text x="{pad_l + pw / 2}" y="{height - 4}" text-anchor="middle" class="axis">USD per item (log; free systems at the left edge)</text>')
    out.append(f'<text transform="translate(12,{pad_t + ph / 2}) rotate(-90)" text-anchor="middle" class="axis">{escape(y_label)}</text>')
    out.append("</svg>")
    return "".join(out)

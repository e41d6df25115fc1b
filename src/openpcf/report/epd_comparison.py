"""Declared vs estimated: an EPD's A1–A3 GWP beside openpcf's estimate of the same product, with the ratio
and the hotspots that explain a gap. Pure: reads a trace and the declared number, computes nothing new."""

from __future__ import annotations

from typing import Any

from openpcf.engine.trace import Trace


def compare_with_declared(trace: Trace, declared_kgco2e: float, *, top: int = 5) -> dict[str, Any]:
    """``{"declared", "estimated", "ratio", "within_2x", "complete", "hotspots": [...]}`` where ``ratio`` is
    estimated / declared (kg CO2e per declared unit) and each hotspot is a line of the estimate with its
    share of the estimated total, the factor it used and whether that factor is a proxy or class value."""
    if not declared_kgco2e or declared_kgco2e <= 0:
        raise ValueError(f"the declared A1-A3 GWP must be positive, not {declared_kgco2e!r}")
    res = trace.result
    estimated = res.kgco2e if res is not None else None
    ratio = None if estimated is None else estimated / declared_kgco2e
    lines = sorted((x for x in trace.all_lines() if x.kgco2e), key=lambda x: -abs(x.kgco2e or 0.0))
    total = estimated or 0.0
    hotspots = [{
        "name": x.name,
        "kgco2e": x.kgco2e,
        "share": (x.kgco2e or 0.0) / total if total else None,
        "factor": x.factor.name if x.factor is not None else None,
        "factor_source": x.factor.source if x.factor is not None else None,
        "match": x.activity.method if x.activity is not None else None,
    } for x in lines[:top]]
    return {
        "declared_kgco2e": declared_kgco2e,
        "estimated_kgco2e": estimated,
        "ratio": ratio,
        "within_2x": None if ratio is None else 0.5 <= ratio <= 2.0,
        "complete": bool(res.complete) if res is not None else False,
        "interval_95": [res.p2_5, res.p97_5] if res is not None and res.p2_5 is not None else None,
        "hotspots": hotspots,
    }

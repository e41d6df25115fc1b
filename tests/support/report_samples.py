"""Hand-made traces and RUNDIRs for the report tests (tiny, with numbers worked by hand).

Trace "glass jar", per 1 kg of product:
  sand            0.50 kg × 0.01 kg CO2e/kg   = 0.005
  soda ash        0.20 kg × 1.00              = 0.200
  coating (composite)
    tin oxide     0.01 kg × 10.0              = 0.100
    mystery additive 0 kg, no factor          = ghost + missing factor
  electricity     2.00 kWh × 0.25 kg CO2e/kWh = 0.500
  total                                       = 0.805 kg CO2e per 1 kg
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from openpcf.engine.aggregation import summarise
from openpcf.engine.trace import (
    Activity,
    Alternative,
    Check,
    DeclaredUnit,
    Edit,
    FactorProvenance,
    InputLine,
    ProductInfo,
    Rate,
    Trace,
    Uncertainty,
    VarianceContributor,
    Versions,
)

TOTAL = 0.805


def _factor(fid: str, name: str, value: float, unit: str = "kg") -> FactorProvenance:
    return FactorProvenance(id=fid, name=name, value=value, unit=unit, source=f"Test source table {fid}",
                            license="CC0-1.0", year=2024, geography="GLO", gwp="IPCC AR6 GWP100",
                            url=f"https://example.org/factors/{fid}")


def glass_jar_trace(with_edit: bool = True) -> Trace:
    inputs = [
        InputLine(id="1", name="sand", rate=Rate(value=0.5, unit="kg", origin="composition", as_given="50%"),
                  activity=Activity(query="sand", name="sand, at quarry", score=0.92, method="search",
                                    alternatives=[Alternative(name="gravel, crushed", score=0.61)]),
                  factor=_factor("F-SAND", "sand, at quarry", 0.01)),
        InputLine(id="2", name="soda ash", rate=Rate(value=0.2, unit="kg", origin="composition", as_given="20%"),
                  activity=Activity(query="soda ash", name="soda ash, dense", score=0.88, method="alias"),
                  factor=_factor("F-SODA", "soda ash, dense", 1.0)),
        InputLine(id="3", name="coating", children=["3.1", "3.2"], rate=Rate(value=0.01, unit="kg", origin="user")),
        InputLine(id="3.1", name="tin oxide", parent_id="3", depth=1, rate=Rate(value=0.01, unit="kg", origin="model"),
                  activity=Activity(query="tin oxide", name="tin oxide", score=0.7, method="search"),
                  factor=_factor("F-TIN", "tin oxide", 10.0)),
        InputLine(id="3.2", name="mystery <additive>", parent_id="3", depth=1,
                  rate=Rate(value=0.0, unit="kg", origin="model"),
                  activity=Activity(query="mystery additive", name=None)),
    ]
    energy = [InputLine(id="E1", name="electricity", kind="energy", role="process energy",
                        rate=Rate(value=2.0, unit="kWh", origin="default"),
                        factor=_factor("F-GRID-FR", "electricity, grid, FR", 0.25, "kWh"))]
    checks = [
        Check(code="mass_balance", severity="warning", passed=False, message="S = 0.71 kg/kg < 1: mass is missing", value=0.71),
        Check(code="unit_mismatch", severity="info", passed=True, message="every rate converts into its factor's unit"),
        Check(code="ghost_input", severity="warning", passed=False, message="1 input listed with zero rate",
              input_ids=["3.2"]),
        Check(code="missing_factor", severity="error", passed=False, message="1 input has no emission factor",
              input_ids=["3.2"]),
    ]
    edits = [Edit(lever="region=FR", target="region", field="region", old="DE", new="FR",
                  kgco2e_before=1.105, kgco2e_after=TOTAL)] if with_edit else []
    trace = Trace(
        product=ProductInfo(name="Glass jar", description="A 500 ml jar of soda-lime glass.",
                            declared_unit=DeclaredUnit(amount=1, unit="kg"), region="FR",
                            category="Glass products", composition_as_given="sand: 50%; soda ash: 20%"),
        inputs=inputs, energy=energy, checks=checks, edits=edits,
        uncertainty=Uncertainty(runs=2000, seed=7, median=0.79, p2_5=0.52, p97_5=1.31, mean=0.82,
                                contributors=[VarianceContributor(input_id="E1", name="electricity", share=0.6),
                                              VarianceContributor(input_id="2", name="soda ash", share=0.3)]),
        versions=Versions(software="openpcf 0.1.0-test", factor_library="test-factors 1"),
        settings={"seed": 7},
    )
    return summarise(trace)


def write_json(path: Path, data: Any) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=1), encoding="utf-8")
    return path


# ---------------------------------------------------------------- benchmark fixtures
#
# A data folder with 4 EPD items and 4 triage items, and three RUNDIRs written by hand the way the
# runner and scorer write them (results.jsonl, manifest.json, summary.json, scores.jsonl).

EPD_ROWS = [
    ("e1", "PET resin", "Paper and plastic products", 2.0),
    ("e2", "Glass jar", "Glass products", 1.0),
    ("e3", "Steel beam", "Basic metals", 2.5),
    ("e4", "Cotton yarn", "Textiles", 8.0),
]
#: Predictions of the epd run "model-a": ratios 1.5 (hit), 0.4 (miss 2x, within 5x), 1.0 (hit), failure.
EPD_PRED_A = {"e1": 3.0, "e2": 0.4, "e3": 2.5, "e4": None}
TRIAGE_ROWS = [("t1", True, "Basic metals"), ("t2", False, "Basic metals"), ("t3", True, "Textiles"), ("t4", False, "Textiles")]
#: (should_map, confidence) of the triage run: t1 right 0.95, t2 wrong 0.85, t3 right 0.55, t4 right 0.9.
TRIAGE_PRED = {"t1": (True, 0.95), "t2": (True, 0.85), "t3": (True, 0.55), "t4": (False, 0.9)}


def write_jsonl(path: Path, rows: list[dict[str, Any]]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def write_data_folder(root: Path) -> Path:
    write_jsonl(root / "task7_epd.jsonl", [
        {"id": i, "input": {"product_name": name, "description": f"A {name.lower()}.", "quantity_unit": "kilogram"},
         "expected_output": {"kgco2e": kg}, "metadata": {"product_category": cat}} for i, name, cat, kg in EPD_ROWS])
    write_jsonl(root / "task2_triage.jsonl", [
        {"id": i, "input": {"market": {"name": f"market for thing {i}"}, "material_context_data": {"material_name": f"thing {i}"}},
         "expected_output": {"should_map": sm}, "metadata": {"product_category": cat}} for i, sm, cat in TRIAGE_ROWS])
    return root


def _metric(value: float, lo: float, hi: float) -> dict[str, Any]:
    return {"value": value, "se": (hi - lo) / 4, "ci": [lo, hi]}


def write_run(root: Path, name: str, task: str, model: str, results: list[dict[str, Any]], metrics: dict[str, Any],
              items: list[dict[str, Any]], setting: str | None = None, data_dir: Path | None = None,
              n_failed: int = 0, strata: dict[str, Any] | None = None) -> Path:
    run = root / name
    write_jsonl(run / "results.jsonl", results)
    write_json(run / "manifest.json", {
        "task": task, "setting": setting, "model": model, "agentic": False, "query_only": False,
        "openpcf_version": "0.1.0", "started_at": "2026-11-30T02:00:00+00:00",
        "data": {str(data_dir / "task7_epd.jsonl") if data_dir else "task7_epd.jsonl": "0" * 64},
        "totals": {"items": len(results), "finished": len(results), "cost_usd": 0.0}})
    write_json(run / "summary.json", {"task": task, "n_items": len(results), "n_failed": n_failed,
                                      "metrics": metrics, "strata": strata or {}})
    write_jsonl(run / "scores.jsonl", items)
    return run


def write_benchmark_runs(root: Path) -> tuple[Path, list[Path]]:
    """Data folder + four RUNDIRs: epd by model-a (cost recorded), epd by offline, triage by model-a,
    compositional by offline (one mass violation, one ghost)."""
    data = write_data_folder(root / "data")
    truth = {i: kg for i, _, _, kg in EPD_ROWS}
    epd_a = write_run(
        root / "runs", "epd-a", "epd", "test:model-a", setting="epd_with_description", data_dir=data, n_failed=1,
        results=[{"id": i, "output": {"kgco2e": v} if v is not None else None, **({"error": "timeout"} if v is None else {}),
                  "usage": {"input_tokens": 100, "output_tokens": 10, "requests": 1, "cost_usd": 0.002}}
                 for i, v in EPD_PRED_A.items()],
        metrics={"within_2x": _metric(0.5, 0.0, 1.0), "within_5x": _metric(0.75, 0.25, 1.0)},
        strata={"product_category": {
            cat: {"n_items": 1, "n_failed": int(i == "e4"),
                  "metrics": {"within_2x": _metric(1.0 if i in ("e1", "e3") else 0.0, 0.0, 1.0)}}
            for i, _, cat, _ in EPD_ROWS}},
        items=[{"id": i, "failed": v is None, "scores": {"within_2x": float(v is not None and 0.5 <= v / truth[i] <= 2)}}
               for i, v in EPD_PRED_A.items()])
    epd_off = write_run(
        root / "runs", "epd-offline", "epd", "offline", setting="epd_with_description", data_dir=data,
        results=[{"id": i, "output": {"kgco2e": kg * 1.1}} for i, _, _, kg in EPD_ROWS],
        metrics={"within_2x": _metric(1.0, 1.0, 1.0)},
        items=[{"id": i, "scores": {"within_2x": 1.0}} for i, _, _, _ in EPD_ROWS])
    triage = write_run(
        root / "runs", "triage-a", "triage", "test:model-a", data_dir=data,
        results=[{"id": i, "output": {"should_map": sm, "confidence": c}} for i, (sm, c) in TRIAGE_PRED.items()],
        metrics={"accuracy": _metric(0.75, 0.25, 1.0), "ece": _metric(0.2375, 0.1, 0.5)},
        items=[{"id": i, "scores": {"correct": float(TRIAGE_PRED[i][0] == sm)}} for i, sm, _ in TRIAGE_ROWS])
    # compositional: e1 S = 0.6 (mass violation), e2 has a ghost, e3 and e4 clean
    comp_scores = {"e1": (1.0, 0.0), "e2": (0.0, 1.0), "e3": (0.0, 0.0), "e4": (0.0, 0.0)}
    comp = write_run(
        root / "runs", "comp-offline", "compositional", "offline", data_dir=data,
        results=[{"id": i, "output": {"kgco2e": kg * 0.8, "breakdown": [{"name": "main material", "rate_kg_per_kg": 0.6 if i == "e1" else 1.0,
                                                                          "kgco2e": kg * 0.8}]},
                  **({"trace": {"rationale": "composition given", "engine_trace": glass_jar_trace().model_dump(mode="json")}}
                     if i == "e3" else {})}
                 for i, _, _, kg in EPD_ROWS],
        metrics={"within_2x": _metric(1.0, 1.0, 1.0), "mass_violation_rate": _metric(0.25, 0.0, 0.75),
                 "ghost_rate": _metric(0.25, 0.0, 0.75)},
        items=[{"id": i, "scores": {"within_2x": 1.0, "mass_violation": mv, "ghost": gh}} for i, (mv, gh) in comp_scores.items()])
    return data, [epd_a, epd_off, triage, comp]

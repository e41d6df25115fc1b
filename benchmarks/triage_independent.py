#!/usr/bin/env python3
"""The independent triage set: offline triage scored on markets written from general LCA practice.

    python benchmarks/triage_independent.py [--set benchmarks/reference/triage_independent.jsonl]
        [--picklist ../shared/data/pcfbench-dev/ecoinvent_picklist.jsonl] [--calibration FILE]
        [--lexical] [--out summary.json]

``--set benchmarks/reference/triage_independent2.jsonl`` scores the second set (194 invented markets, 123
map; issue 17, fourth round), weighted toward the hard classes (finished products that sound like
commodities, intermediates and formulations the picklist does hold, trade names, farm versus processed
food, services, parts), written and committed before anything was run on it.

``benchmarks/reference/triage_independent.jsonl`` holds 126 invented markets (utilities, commodity
chemicals, polymers, metals, minerals, agricultural commodities, parts, assemblies, formulations, blends,
food products), each with the product it feeds. The label follows the PCFBench definition: ``should_map``
is true iff the picklist holds an activity for this very thing at its own fabrication level (checked by
hand against the picklist for every item; ``metadata.why`` says which), false iff it must be decomposed.
The set was written and committed before any triage change of issue 17's third round, without reading
the PCFBench triage items, so a model fitted on PCFBench dev items and scored here is an out-of-sample
check. ``--calibration`` scores another fitted model file instead of the shipped one, e.g. one fitted on
dev70 with ``scripts/fit_offline_calibration.py --data DEV70 --tasks triage --split dev70 --out-dir DIR``.

Prints accuracy with its Wilson 95% interval, precision / recall of should_map = true, ECE of the
confidence (10 equal-width bins), the accuracy per kind, and the errors.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import sys
from collections import defaultdict
from pathlib import Path

from openpcf.paths import shared_dir
from openpcf.pcfbench.data import read_task
from openpcf.systems.offline.calibration import load_calibration
from openpcf.systems.offline.triage import OfflineTriage

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_SET = ROOT / "benchmarks" / "reference" / "triage_independent.jsonl"


def wilson(hits: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """Wilson score interval of a proportion (95% by default)."""
    if n == 0:
        return (0.0, 1.0)
    p = hits / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def expected_calibration_error(confidences: list[float], correct: list[bool], bins: int = 10) -> float:
    """ECE over equal-width confidence bins: Σ (bin size / n) · |accuracy − mean confidence|."""
    groups: dict[int, list[tuple[float, bool]]] = defaultdict(list)
    for c, ok in zip(confidences, correct, strict=True):
        groups[min(bins - 1, int(c * bins))].append((c, ok))
    n = len(confidences)
    return sum(
        len(g) / n * abs(sum(ok for _, ok in g) / len(g) - sum(c for c, _ in g) / len(g))
        for g in groups.values()
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", default=str(DEFAULT_SET))
    parser.add_argument(
        "--picklist", default=None, help="default: ../shared/data/pcfbench-dev/ecoinvent_picklist.jsonl"
    )
    parser.add_argument(
        "--calibration", default=None, help="a fitted calibration_triage.json (default: shipped)"
    )
    parser.add_argument("--lexical", action="store_true", help="lexical search only (no dense model)")
    parser.add_argument("--out", default=None, help="write a JSON summary with every item's verdict")
    args = parser.parse_args(argv)
    picklist = Path(args.picklist) if args.picklist else None
    if picklist is None:
        shared = shared_dir()
        if shared is None:
            print("no ../shared folder: pass --picklist", file=sys.stderr)
            return 2
        picklist = shared / "data" / "pcfbench-dev" / "ecoinvent_picklist.jsonl"
    rows = read_task(args.set, "triage")
    options = {"dense": not args.lexical}
    if args.calibration:
        options["calibrator"] = load_calibration("triage", args.calibration)
    solver = OfflineTriage.from_picklist(picklist, **options)

    async def run() -> list:
        return [await solver.solve(r) for r in rows]

    results = asyncio.run(run())
    verdicts = []
    for row, res in zip(rows, results, strict=True):
        if res.error or res.output is None:
            verdicts.append({"id": row.id, "error": res.error, "correct": False, "confidence": 0.5})
            continue
        expected = bool(row.expected_output.should_map)
        predicted = bool(res.output["should_map"])
        verdicts.append(
            {
                "id": row.id,
                "market": row.input.market.name,
                "kind": getattr(row.metadata, "kind", None),
                "expected": expected,
                "predicted": predicted,
                "correct": expected == predicted,
                "confidence": float(res.output["confidence"]),
                "rationale": res.trace.get("rationale") if res.trace else None,
            }
        )
    n = len(verdicts)
    hits = sum(v["correct"] for v in verdicts)
    low, high = wilson(hits, n)
    tp = sum(1 for v in verdicts if v.get("predicted") and v.get("expected"))
    fp = sum(1 for v in verdicts if v.get("predicted") and not v.get("expected"))
    fn = sum(1 for v in verdicts if v.get("predicted") is False and v.get("expected"))
    precision = tp / (tp + fp) if tp + fp else 0.0
    recall = tp / (tp + fn) if tp + fn else 0.0
    ece = expected_calibration_error([v["confidence"] for v in verdicts], [v["correct"] for v in verdicts])
    print(
        f"independent triage set: {n} items, "
        f"{sum(1 for r in rows if r.expected_output.should_map)} should_map"
    )
    print(f"accuracy {hits / n:.3f} ({hits}/{n}) Wilson 95% [{low:.3f}, {high:.3f}]")
    print(f"precision {precision:.3f} recall {recall:.3f} (should_map = true positive); ECE {ece:.3f}")
    by_kind: dict[str, list[bool]] = defaultdict(list)
    for v in verdicts:
        by_kind[str(v.get("kind"))].append(v["correct"])
    print("by kind:", ", ".join(f"{k} {sum(x)}/{len(x)}" for k, x in sorted(by_kind.items())))
    for v in verdicts:
        if not v["correct"]:
            print(
                f"  wrong {v['id']}: {v.get('market')!r} expected {v.get('expected')} ({v.get('rationale')})"
            )
    if args.out:
        summary = {
            "n": n,
            "accuracy": hits / n,
            "wilson_95": [low, high],
            "precision": precision,
            "recall": recall,
            "ece": ece,
            "items": verdicts,
        }
        Path(args.out).write_text(json.dumps(summary, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

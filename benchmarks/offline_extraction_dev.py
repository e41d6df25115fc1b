"""Claim F1 of the offline extraction solver on the PCFBench dev split (excerpts and full documents).

Run from the project root: ``/work/venv/bin/python benchmarks/offline_extraction_dev.py [--details]``.
Reads ``../shared/data/pcfbench-dev`` (or ``$OPENPCF_SHARED_DIR/data/pcfbench-dev``); scores with
:func:`openpcf.pcfbench.scoring.score` (the protocol's strict claim matching, pooled over items).
Also reports the median wall time of several runs per file.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from pathlib import Path

from openpcf.pcfbench.data import read_task
from openpcf.pcfbench.predictions import Prediction
from openpcf.pcfbench.scoring import score
from openpcf.systems.offline.extraction import OfflineExtractionSolver
from openpcf.paths import shared_dir
from openpcf.runner.items import solve_one

RUNS = 3


def _dev_dir() -> Path:
    root = shared_dir()
    if root is None or not (root / "data" / "pcfbench-dev").is_dir():
        sys.exit("../shared/data/pcfbench-dev is absent: nothing to measure")
    return root / "data" / "pcfbench-dev"


async def _predict(task: str, solver: OfflineExtractionSolver, rows: list) -> list[Prediction]:
    return [(await solve_one(task, solver, row))[0] for row in rows]  # type: ignore[arg-type]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--details", action="store_true", help="print each item's predicted and true claims")
    args = parser.parse_args()
    dev = _dev_dir()
    for variant, folder in (("excerpts", dev / "excerpts"), ("full", dev)):
        for task, kind in (("extraction_material", "material"), ("extraction_energy", "energy")):
            path = folder / f"task{4 if kind == 'material' else 5}_{task}.jsonl"
            rows = read_task(path, task)  # type: ignore[arg-type]
            solver = OfflineExtractionSolver(kind)  # type: ignore[arg-type]
            times = []
            for _ in range(RUNS):
                t0 = time.perf_counter()
                preds = asyncio.run(_predict(task, solver, rows))
                times.append(time.perf_counter() - t0)
            result = score(task, rows, preds, run_id="offline-dev")  # type: ignore[arg-type]
            f1 = result.metrics["claim_f1"]
            p, r = result.value("claim_precision"), result.value("claim_recall")
            counts = {k: int(v) for k, v in result.totals.items() if k in ("matched", "predicted", "truth")}
            print(
                f"{variant:8s} {task:20s} n={len(rows):2d} claim_F1={f1.value:.3f} [{f1.ci[0]:.3f}, {f1.ci[1]:.3f}] "
                f"P={p:.3f} R={r:.3f} {counts} median {statistics.median(times) * 1000:.0f} ms"
            )
            if args.details:
                for row, pred in zip(rows, preds):
                    truth = [(c.value, c.unit) for c in row.expected_output.claims]
                    got = [(c["value"], c["unit"]) for c in pred.output["claims"]]
                    print(f"  {row.id[:10]} Q: {row.input.query[:110]}")
                    print(f"      truth: {truth}")
                    print(f"      pred:  {got}")


if __name__ == "__main__":
    main()

"""Decomposition F1 of the offline decomposition solver on the PCFBench dev split, under the offline aligner.

Run from the project root: ``/work/venv/bin/python benchmarks/offline_decomposition_dev.py [--details]``.
Reads ``../shared/data/pcfbench-dev/task1_decomposition.jsonl``; scores with
:func:`openpcf.pcfbench.scoring.score` (aligner ``offline``). Also reports the median wall time of
several runs.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time

from openpcf.pcfbench.data import read_picklist, read_task
from openpcf.pcfbench.predictions import Prediction
from openpcf.pcfbench.scoring import score
from openpcf.systems.offline.decomposition import OfflineDecompositionSolver
from openpcf.paths import shared_dir
from openpcf.runner.items import solve_one

RUNS = 5


async def _predict(rows: list, use_families: bool, picklist: list[str] | None) -> list[Prediction]:
    solver = OfflineDecompositionSolver(use_families=use_families, picklist=picklist)
    return [(await solve_one("decomposition", solver, row))[0] for row in rows]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "--details", action="store_true", help="print each item's predicted and true components"
    )
    parser.add_argument("--aligner", default="offline")
    parser.add_argument("--mentions-only", action="store_true", help="ablation: no product-family knowledge")
    parser.add_argument(
        "--picklist", action="store_true", help="extend the vocabulary with the picklist's material heads"
    )
    args = parser.parse_args()
    root = shared_dir()
    path = root / "data" / "pcfbench-dev" / "task1_decomposition.jsonl" if root else None
    if path is None or not path.is_file():
        sys.exit("../shared/data/pcfbench-dev is absent: nothing to measure")
    rows = read_task(path, "decomposition")
    picklist = None
    if args.picklist:
        picklist = [p.reference_product_name for p in read_picklist(path.parent / "ecoinvent_picklist.jsonl")]
    times = []
    for _ in range(RUNS):
        t0 = time.perf_counter()
        preds = asyncio.run(_predict(rows, not args.mentions_only, picklist))
        times.append(time.perf_counter() - t0)
    result = score("decomposition", rows, preds, aligner=args.aligner, run_id="offline-dev")
    shown = ", ".join(
        f"{k}={v.value:.3f} [{v.ci[0]:.3f}, {v.ci[1]:.3f}]"
        for k, v in result.metrics.items()
        if v.value is not None and v.ci[0] is not None
    )
    mode = ("mentions-only" if args.mentions_only else "full") + (
        " + picklist vocabulary" if args.picklist else ""
    )
    print(f"decomposition ({mode}) n={len(rows)} aligner={args.aligner} {shown}")
    print(f"median wall time {statistics.median(times) * 1000:.0f} ms for {len(rows)} items")
    if args.details:
        by_id = {i.id: i for i in result.items}
        for row, pred in zip(rows, preds):
            f1 = by_id[row.id].scores.get("f1")
            print(f"  {row.input.product_name[:60]!r} f1={f1}")
            print(f"      truth: {row.expected_output.components}")
            print(f"      pred:  {pred.output['components']}  [{pred.trace['family']}]")


if __name__ == "__main__":
    main()

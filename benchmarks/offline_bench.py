"""Wall time and scores of a full offline bench (``openpcf bench --model offline``) on the dev split.

The first run warms the caches (picklist passage vectors, lexical index, query vectors); then
``--repeats`` runs into fresh output folders are timed and the median is reported, with every
headline metric and its bootstrap 95% interval from the last run. Also reports epd within-2× on the
subset of items that declare a composition (the ``epd_with_composition`` target).

    python benchmarks/offline_bench.py [--dev ../shared/data/pcfbench-dev] [--repeats 3]
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from pathlib import Path

from openpcf.pcfbench.data import BenchmarkFolder
from openpcf.pcfbench.predictions import read_predictions
from openpcf.pcfbench.scoring import score
from openpcf.cli.bench import run_bench

DEFAULT_DEV = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "pcfbench-dev"


def composition_subset(dev: Path, run_dir: Path) -> dict[str, object]:
    """within-2× of epd_with_composition on the items that have a composition."""
    rows = [r for r in BenchmarkFolder(dev).rows("epd") if r.input.composition]
    result = score("epd", rows, read_predictions(run_dir / "results.jsonl"), run_id="composition-subset")
    m = result.metrics["within_2x"]
    return {"n": len(rows), "within_2x": m.value, "ci": m.ci}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dev", type=Path, default=DEFAULT_DEV)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        run_bench("offline", args.dev, Path(tmp) / "warm", progress=False)
        times = []
        board: dict[str, object] = {}
        for i in range(args.repeats):
            out = Path(tmp) / f"run{i}"
            t0 = time.perf_counter()
            board = run_bench("offline", args.dev, out, progress=False)
            times.append(time.perf_counter() - t0)
        subset = composition_subset(args.dev, Path(tmp) / f"run{args.repeats - 1}" / "epd_with_composition")
    print(
        f"offline bench wall time (warm caches): median {statistics.median(times):.1f} s over {args.repeats} runs "
        f"({', '.join(f'{t:.1f}' for t in times)})"
    )
    for key, cell in board["this_run"].items():  # type: ignore[union-attr]
        if isinstance(cell, dict):
            print(f"  {key:36s} {cell['value']:.3f}  95% CI [{cell['ci'][0]:.3f}, {cell['ci'][1]:.3f}]")
    print(
        f"  epd_with_composition, items with a composition (n={subset['n']}): within_2x {subset['within_2x']:.3f} "
        f"95% CI [{subset['ci'][0]:.3f}, {subset['ci'][1]:.3f}]"
    )
    print("  per-run wall time (s):", json.dumps(board["run_wall_time_s"]))


if __name__ == "__main__":
    main()

"""Time to score every PCFBench task for all eight models of the dev split (target: < 2 s wall).

What is measured, per repetition, in one process: reading the task files and the picklist, reading the
48 predictions files, and scoring every (task, model) with B = 1,000 bootstrap resamples, strata and
the offline aligner — 7 tasks × 8 models = 56 scorings (the compositional scorer is timed on the epd
predictions, which carry no breakdown). Reported: the median over ``--repeat`` runs, the first (cold-cache)
run, and a fresh-process run that includes the Python start-up and imports.

    python benchmarks/scoring_speed.py [--dev ../shared/data/pcfbench-dev] [--repeat 5]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

DEFAULT_DEV = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "pcfbench-dev"
MODELS = ("gpt55", "gpt54mini", "opus46", "sonnet46", "haiku45", "gemini31pro", "gemini3flash", "deepseek")
TASKS = ("decomposition", "triage", "mapping", "extraction_material", "extraction_energy", "epd", "compositional")


def score_everything(dev: Path) -> int:
    from openpcf.pcfbench.data import BenchmarkFolder
    from openpcf.pcfbench.predictions import read_predictions
    from openpcf.pcfbench.scoring import score

    folder = BenchmarkFolder(dev)
    picklist = [p.reference_product_name for p in folder.picklist()]
    n = 0
    for task in TASKS:
        rows = folder.rows(task)
        source = "epd" if task == "compositional" else task
        for model in MODELS:
            preds = read_predictions(dev / "predictions" / f"{source}__{model}.jsonl")
            score(task, rows, preds, run_id=model, picklist=picklist if task == "mapping" else None)
            n += 1
    return n


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--dev", type=Path, default=DEFAULT_DEV)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--once", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if not args.dev.is_dir():
        raise SystemExit(f"dev split not found: {args.dev}")
    if args.once:
        score_everything(args.dev)
        return
    t0 = time.perf_counter()
    subprocess.run([sys.executable, __file__, "--dev", str(args.dev), "--once"], check=True)
    fresh = time.perf_counter() - t0
    times = []
    for _ in range(args.repeat):
        t = time.perf_counter()
        n = score_everything(args.dev)
        times.append(time.perf_counter() - t)
    print(f"scored {n} (task, model) pairs with B=1000 bootstrap, strata and the offline aligner")
    print(f"in-process: median {statistics.median(times):.3f} s over {args.repeat} runs "
          f"(first {times[0]:.3f} s, min {min(times):.3f} s, max {max(times):.3f} s)")
    print(f"fresh process incl. Python start-up and imports: {fresh:.3f} s")
    print(f"target < 2 s wall: {'met' if statistics.median(times) < 2.0 else 'MISSED'} (in-process median)")


if __name__ == "__main__":
    main()

"""Measure the compositional engine on the dev EPD items that carry a composition, with no API key.

    /work/venv/bin/python benchmarks/engine_epd_dev.py [--data ../shared/data/pcfbench-dev] [--repeats 3] [--show]

Prints: within-2× and within-5× against the declared kg CO2e, median |relative error|, the
mass-violation rate (S < 1 or S > 3), the share of composition mass with a factor of its own, and the
warm time per product (median over repeats). Reads ../shared; nothing is written.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from openpcf.pcfbench.data import read_task
from openpcf.engine import estimate, product_from_epd_input
from openpcf.engine.estimation import default_factor_source
from openpcf.paths import shared_dir


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    default = (shared_dir() or Path("../shared")) / "data" / "pcfbench-dev"
    ap.add_argument("--data", type=Path, default=default)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--show", action="store_true", help="print one line per product")
    ap.add_argument("--runs", type=int, default=1000, help="Monte Carlo runs per product")
    args = ap.parse_args()
    rows = [r for r in read_task(args.data / "task7_epd.jsonl", "epd") if r.input.composition]
    source = default_factor_source()
    t0 = time.perf_counter()
    estimate(product_from_epd_input(rows[0].input), source=source, runs=args.runs)  # warm-up (loads the library)
    cold = time.perf_counter() - t0
    traces, times = {}, []
    for _ in range(max(args.repeats, 1)):
        start = time.perf_counter()
        for r in rows:
            traces[r.id] = estimate(product_from_epd_input(r.input), source=source, runs=args.runs)
        times.append((time.perf_counter() - start) / len(rows))
    within2 = within5 = violations = strict = 0
    rel_errors, coverage = [], []
    for r in rows:
        tr = traces[r.id]
        y, yhat = r.expected_output.kgco2e, tr.result.kgco2e
        ratio = yhat / y if y > 0 and yhat > 0 else None
        within2 += ratio is not None and 0.5 <= ratio <= 2
        within5 += ratio is not None and 0.2 <= ratio <= 5
        rel_errors.append(abs(yhat - y) / y)
        s = tr.result.mass_balance
        strict += s is not None and not (1.0 - 1e-9 <= s <= 3)  # PCFBench's literal S < 1 or S > 3 (float noise aside)
        violations += not next(c.passed for c in tr.checks if c.code == "mass_balance")
        if tr.result.mass_share_with_factor is not None:
            coverage.append(tr.result.mass_share_with_factor)
        if args.show:
            print(f"{ratio or 0:7.2f}×  {yhat:8.3f} vs {y:8.3f}  S={s or 0:.2f}  cov={tr.result.mass_share_with_factor or 0:.2f}  "
                  f"{tr.settings['product_class']:22s} {r.input.product_name[:50]}")
    n = len(rows)
    print(f"dev EPD items with a composition: {n}")
    print(f"within-2x: {within2 / n:.3f} ({within2}/{n})   within-5x: {within5 / n:.3f}")
    print(f"median |RE|: {statistics.median(rel_errors):.3f}")
    print(f"mass-violation rate: {violations / n:.3f} (engine check, S within 1% of 1 is complete); "
          f"strict S < 1 or S > 3: {strict / n:.3f}")
    print(f"share of composition mass with a factor of its own (mean over products): {statistics.mean(coverage):.3f}")
    print(f"time per product, warm: median {statistics.median(times) * 1000:.1f} ms over {len(times)} repeats "
          f"({args.runs} Monte Carlo runs); first call incl. library load {cold:.2f} s")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Speed of the open resolver chain: cold start (load library + build index) and resolves per second.

    python benchmarks/factors_resolve.py [PICKLIST_JSONL] [--runs 5]

Each run starts from a fresh library object (caches cleared); the median of the runs is reported.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT = ROOT.parent / "shared" / "data" / "picklist" / "ecoinvent_picklist.jsonl"


def main(argv: list[str]) -> int:
    from openpcf import factors
    from openpcf.factors.crosswalk import crosswalk_rows, read_picklist
    from openpcf.factors.library import open_library

    runs = int(argv[argv.index("--runs") + 1]) if "--runs" in argv else 5
    path = Path(next((a for a in argv[1:] if not a.startswith("--") and not a.isdigit()), DEFAULT))
    rows = read_picklist(path)
    cold, per_row = [], []
    for _ in range(runs):
        open_library.cache_clear()
        factors._open_library_resolver.cache_clear()
        t0 = time.perf_counter()
        chain = factors.open_resolver()
        chain.resolve("polypropylene")  # builds the lexical index
        t1 = time.perf_counter()
        crosswalk_rows(rows, chain)
        t2 = time.perf_counter()
        cold.append(t1 - t0)
        per_row.append((t2 - t1) / len(rows))
    print(json.dumps({
        "runs": runs, "library_factors": len(open_library()),
        "cold_start_s_median": round(statistics.median(cold), 3),
        "resolve_ms_per_name_median": round(1000 * statistics.median(per_row), 3),
        "picklist_rows": len(rows),
    }))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))

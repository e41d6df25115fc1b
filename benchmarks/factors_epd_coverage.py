#!/usr/bin/env python3
"""Share of EPD composition mass whose component resolves to an open factor with provenance.

    python benchmarks/factors_epd_coverage.py [TASK7_JSONL] [--show]

Reads PCFBench task-7 items (default ../shared/data/pcfbench-dev/task7_epd.jsonl), parses each
``input.composition`` ("sand: 41%; glass cullet: 35%"), resolves every component per kg with the default
open resolver chain and reports the resolved share of composition mass, overall and by confidence.
"""

from __future__ import annotations

import json
import re
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT = ROOT.parent / "shared" / "data" / "pcfbench-dev" / "task7_epd.jsonl"
_PART = re.compile(r"^\s*(.+?)\s*:\s*([0-9]+(?:[.,][0-9]+)?)\s*%\s*$")


def parse_composition(text: str) -> list[tuple[str, float]]:
    """"sand: 41%; glass cullet: 35%" → [("sand", 0.41), ("glass cullet", 0.35)] (unparsable parts skipped)."""
    out = []
    for part in text.split(";"):
        m = _PART.match(part)
        if m:
            out.append((m.group(1), float(m.group(2).replace(",", ".")) / 100.0))
    return out


def main(argv: list[str]) -> int:
    from openpcf import factors

    path = Path(next((a for a in argv[1:] if not a.startswith("--")), DEFAULT))
    show = "--show" in argv
    chain = factors.default_resolver()
    total = 0.0
    by_conf: dict[str, float] = defaultdict(float)
    by_method: dict[str, float] = defaultdict(float)
    items = 0
    t0 = time.perf_counter()
    n_components = 0
    for line in path.read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        comp = row["input"].get("composition")
        if not comp:
            continue
        items += 1
        for name, share in parse_composition(comp):
            n_components += 1
            total += share
            m = chain.resolve(factors.FactorQuery(name=name, unit="kg"))
            key = m.confidence if m else "unresolved"
            by_conf[key] += share
            by_method[m.method if m else "unresolved"] += share
            if show:
                desc = f"{m.factor.name[:50]} = {m.factor.value:.4g} ({m.method}, {m.confidence})" if m else "-"
                print(f"{share:6.1%}  {name[:45]:45s} -> {desc}")
    dt = time.perf_counter() - t0
    resolved = total - by_conf.get("unresolved", 0.0)
    print(f"items with composition: {items}; components: {n_components}; resolve time {dt:.2f} s")
    print(f"composition mass resolved: {resolved / total:.1%}")
    for k in ("high", "medium", "low", "unresolved"):
        print(f"  {k:10s} {by_conf.get(k, 0.0) / total:6.1%}")
    print("  by method: " + ", ".join(f"{k} {v / total:.1%}" for k, v in sorted(by_method.items())))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))

"""How often a proxy carries a large part of an estimate, on PCFBench EPD items that carry a composition.

    python benchmarks/proxy_share.py --data /tmp/method-dev70 [--threshold 0.2]

For every item the offline engine estimates the product from its composition; a line counts as a proxy
when its factor's match method is ``proxy`` (a factor that is not the input's own: before issue 13 the
average of the other components, after it the class factor of the input's own material class). Prints
the share of traces in which proxy lines carry more than ``--threshold`` of the total, the same with
class factors counted too, and the share of incomplete estimates. Reads the data folder; writes nothing.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from openpcf.engine import estimate, product_from_epd_input
from openpcf.engine.estimation import default_factor_source
from openpcf.pcfbench.data import read_task


def share_of_total(trace, methods: set[str]) -> float:
    """Share (0–1) of the total carried by lines whose factor was matched by one of ``methods``."""
    total = trace.result.kgco2e
    if not total:
        return 0.0
    part = sum(x.kgco2e or 0.0 for x in trace.all_lines()
               if x.factor is not None and x.factor.match_method in methods)
    return part / total


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, required=True, help="a PCFBench folder (use the dev70 split)")
    ap.add_argument("--threshold", type=float, default=0.2)
    ap.add_argument("--runs", type=int, default=200, help="Monte Carlo runs per product")
    args = ap.parse_args()
    rows = [r for r in read_task(args.data / "task7_epd.jsonl", "epd") if r.input.composition]
    source = default_factor_source()
    proxy = proxy_or_class = incomplete = 0
    for r in rows:
        trace = estimate(product_from_epd_input(r.input), source=source, runs=args.runs)
        proxy += share_of_total(trace, {"proxy"}) > args.threshold
        proxy_or_class += share_of_total(trace, {"proxy", "class"}) > args.threshold
        complete = getattr(trace.result, "complete", True)
        incomplete += complete is False
    n = len(rows)
    print(f"EPD items with a composition: {n}")
    print(f"traces where a proxy carries > {args.threshold:.0%} of the total: {proxy / n:.3f} ({proxy}/{n})")
    print(f"… proxy or class factor: {proxy_or_class / n:.3f} ({proxy_or_class}/{n})")
    print(f"incomplete estimates: {incomplete / n:.3f} ({incomplete}/{n})")


if __name__ == "__main__":
    main()

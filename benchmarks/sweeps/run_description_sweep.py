#!/usr/bin/env python3
"""Run the description-only development sweep (``description_sweep.jsonl``) and print what a reader needs to
judge each trace: the family found, the mass of one declared unit (and where it came from), the bill of
materials, the total and the inputs without a factor. A development list: nothing is scored.

    PYTHONPATH=src python benchmarks/sweeps/run_description_sweep.py [--only ID ...] [--out sweep.json]

The product goes the way ``openpcf estimate NAME --description … --declared-unit … --model offline`` takes
it (:func:`openpcf.systems.offline.epd.derived_product`, the engine, the flags for defaults), in one process.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

HERE = Path(__file__).resolve().parent


def run_one(row: dict, runs: int = 10) -> dict:
    """The description-only estimate of one sweep product, summarised; an error is reported, not raised."""
    from openpcf.engine import ProductSpec, estimate
    from openpcf.systems.offline.epd import derived_product, flag_defaults

    spec = ProductSpec(name=row["name"], description=row.get("description"), declared_unit=row["declared_unit"],
                       region=row.get("region"))
    out: dict = {"id": row["id"], "unit": row["declared_unit"]}
    try:
        spec, derivation, assumed = derived_product(spec)
        out |= {"family": derivation.get("family"), "composition": spec.composition,
                "mass": None if assumed is None else f"{assumed.kg:.3g} kg ({assumed.source})"}
        trace = flag_defaults(estimate(spec, runs=runs), derivation, assumed)
    except Exception as exc:  # noqa: BLE001 - a development listing shows every failure and goes on
        return out | {"error": f"{type(exc).__name__}: {exc}"[:200]}
    result = trace.result
    out |= {"kgco2e": None if result is None else round(result.kgco2e, 4),
            "complete": None if result is None else result.complete,
            "no_factor": [x.name for x in trace.all_lines() if x.kind == "material" and not x.children
                          and x.factor is None]}
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--set", type=Path, default=HERE / "description_sweep.jsonl")
    ap.add_argument("--only", nargs="*", default=None)
    ap.add_argument("--out", type=Path, default=None)
    args = ap.parse_args(argv)
    rows = [json.loads(x) for x in args.set.read_text(encoding="utf-8").splitlines() if x.strip()]
    rows = [r for r in rows if "id" in r and (not args.only or r["id"] in args.only)]
    results = []
    for row in rows:
        r = run_one(row)
        results.append(r)
        print(f"{r['id']:26} {r['unit']:7} {r.get('kgco2e')!s:>9}  fam={r.get('family')}  mass={r.get('mass')}"
              f"{'  ERROR ' + r['error'] if 'error' in r else ''}"
              f"{'  INCOMPLETE' if r.get('complete') is False else ''}")
        print(f"{'':35}{(r.get('composition') or '')[:150]}"
              + (f"  | no factor: {', '.join(r['no_factor'])}" if r.get("no_factor") else ""))
    n = len(results)
    print(f"\n{n} products: {sum('error' in r for r in results)} errors, "
          f"{sum(r.get('complete') is False for r in results)} incomplete, "
          f"{sum(r.get('family') is None and 'error' not in r for r in results)} without a family")
    if args.out:
        args.out.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

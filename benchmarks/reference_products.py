#!/usr/bin/env python3
"""The frozen reference product set: run every product through ``openpcf estimate`` as a user would.

    python benchmarks/reference_products.py [--set benchmarks/reference/products.jsonl]
        [--only ID ...] [--runs N] [--out summary.json] [--description-only] [--in-process]

Each product in the set carries a composition (openpcf's ``--composition`` syntax) or a bill of
materials, a declared unit, a region, a central published cradle-to-gate value and the published range
(low, high) in kg CO2e per declared unit (see docs/reference-sets.md). The script calls the CLI in a
subprocess (``python -m openpcf estimate ... --json OUT``), so it measures what a user gets and survives
package moves (``--in-process`` sends the same command lines to the CLI inside one process, so the
factor library loads once). Per product it prints the estimate, the central value, the ratio estimate/central,
whether the estimate is within 2x of the central value (0.5 <= ratio <= 2) and whether it lies inside
the published range (low <= estimate <= high).

A **miss** is a product with no usable estimate: a non-zero exit, no ``kgco2e`` in the JSON, or the
JSON saying ``complete: false``. A miss counts as neither within-2x nor in range, and its |ln ratio| is
infinite (the median then still exists while fewer than half the products miss). Inputs without a factor
of their own (no factor, or an ``openpcf:proxy:*`` factor) are listed after the table, whatever the
engine decided about completeness.

Totals: within-2x share, range-hit share, median |ln(estimate/central)| over all products.

``--description-only`` drops each product's composition or BOM and asks ``--model offline`` for the
bill of materials instead (openpcf's own decomposition from the name and description, no API key): the
same products, scored the same way, for the description-only target of issue 14. Declared unit, region
and mass are still passed.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import subprocess
import sys
import tempfile
from dataclasses import asdict, dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_SET = ROOT / "benchmarks" / "reference" / "products.jsonl"
PROXY_PREFIX = "openpcf:proxy"


@dataclass(frozen=True)
class Outcome:
    """What ``openpcf estimate`` gave for one reference product (kg CO2e per declared unit)."""

    id: str
    estimate: float | None
    exit_code: int
    complete: bool
    error: str = ""
    without_own_factor: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Judgement:
    """One product's estimate against its published central value and range (kg CO2e per declared unit)."""

    id: str
    name: str
    category: str
    declared_unit: str
    estimate: float | None
    central: float
    low: float
    high: float
    ratio: float | None
    within_2x: bool
    in_range: bool
    abs_ln_ratio: float
    miss: bool
    note: str


def read_products(path: Path, description_only: bool = False) -> list[dict]:
    """Read the reference set (one JSON object per line); a malformed line is an error naming the line.

    With ``description_only`` a product needs no composition or BOM (it is not used).
    """
    rows = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError as exc:
            raise SystemExit(f"{path}:{n}: malformed JSON: {exc.msg}") from None
        for key in ("id", "name", "declared_unit", "central", "low", "high"):
            if key not in row:
                raise SystemExit(f"{path}:{n}: missing field {key!r}")
        if description_only:
            if "composition" in row and "bom" in row:
                raise SystemExit(f"{path}:{n}: give at most one of 'composition' or 'bom'")
        elif ("composition" in row) == ("bom" in row):
            raise SystemExit(f"{path}:{n}: give exactly one of 'composition' or 'bom'")
        rows.append(row)
    return rows


def judge(product: dict, outcome: Outcome) -> Judgement:
    """Compare an outcome with the product's central value and range; pure."""
    central, low, high = float(product["central"]), float(product["low"]), float(product["high"])
    miss = (not outcome.complete) or outcome.estimate is None or outcome.exit_code != 0
    est = None if miss else outcome.estimate
    ratio = None if est is None or central <= 0 else est / central
    usable = ratio is not None and ratio > 0
    note = outcome.error if miss else ""
    return Judgement(
        id=product["id"], name=product["name"], category=product.get("category", ""),
        declared_unit=product["declared_unit"], estimate=est, central=central, low=low, high=high,
        ratio=ratio, within_2x=usable and 0.5 <= ratio <= 2.0,  # type: ignore[operator]
        in_range=est is not None and low <= est <= high,
        abs_ln_ratio=abs(math.log(ratio)) if usable else math.inf,  # type: ignore[arg-type]
        miss=miss, note=note,
    )


def summarise(judgements: list[Judgement]) -> dict:
    """Totals over the set: shares of all products (misses count as failures) and the median |ln ratio|."""
    n = len(judgements)
    med = statistics.median(j.abs_ln_ratio for j in judgements) if n else math.nan
    return {
        "products": n,
        "misses": sum(j.miss for j in judgements),
        "within_2x": sum(j.within_2x for j in judgements),
        "within_2x_share": round(sum(j.within_2x for j in judgements) / n, 3) if n else None,
        "in_range": sum(j.in_range for j in judgements),
        "range_hit_share": round(sum(j.in_range for j in judgements) / n, 3) if n else None,
        "median_abs_ln_ratio": None if math.isinf(med) or math.isnan(med) else round(med, 3),
    }


def estimate_command(product: dict, workdir: Path, runs: int | None, description_only: bool = False) -> list[str]:
    """The CLI call a user would type for this product (the BOM, if any, is written into ``workdir``).

    With ``description_only`` the composition or BOM is left out and ``--model offline`` proposes one.
    """
    out = workdir / f"{product['id']}.json"
    cmd = [sys.executable, "-m", "openpcf", "estimate", product["name"],
           "--declared-unit", product["declared_unit"], "--json", str(out)]
    if product.get("description"):
        cmd += ["--description", product["description"]]
    if description_only:
        cmd += ["--model", "offline"]
    elif "composition" in product:
        cmd += ["--composition", product["composition"]]
    else:
        bom = workdir / f"{product['id']}.bom.json"
        rows = [{"name": r["name"], "amount": r["quantity"], "unit": r["unit"]} for r in product["bom"]]
        bom.write_text(json.dumps({"bom": rows}), encoding="utf-8")
        cmd += ["--bom", str(bom)]
    if product.get("region"):
        cmd += ["--region", product["region"]]
    if product.get("mass_kg"):
        cmd += ["--mass", str(product["mass_kg"])]
    if runs:
        cmd += ["--runs", str(runs)]
    return cmd


def run_estimate(product: dict, workdir: Path, runs: int | None, description_only: bool = False,
                 in_process: bool = False) -> Outcome:
    """Run ``openpcf estimate`` for one product and read its ``--json`` output.

    With ``in_process`` the same command line goes to the CLI inside this process (typer's test runner), so
    the factor library loads once for the whole set: same arguments, same JSON, about 10× faster.
    """
    cmd = estimate_command(product, workdir, runs, description_only)
    if in_process:
        from typer.testing import CliRunner

        from openpcf.cli import app

        result = CliRunner().invoke(app, cmd[3:])
        code, text = result.exit_code, result.output
    else:
        proc = subprocess.run(cmd, check=False, capture_output=True, text=True, timeout=600)
        code, text = proc.returncode, proc.stderr + "\n" + proc.stdout
    return read_outcome(product, workdir, code, text)


def read_outcome(product: dict, workdir: Path, exit_code: int, text: str) -> Outcome:
    """The outcome of one estimate from its exit code, its printed text and its ``--json`` file."""
    out = workdir / f"{product['id']}.json"
    err_lines = [ln for ln in text.splitlines() if ln.strip()]
    if exit_code != 0 or not out.is_file():
        msg = next((ln for ln in err_lines if "error" in ln.lower() or "incomplete" in ln.lower()),
                   err_lines[-1] if err_lines else "no output")
        return Outcome(product["id"], None, exit_code or 1, False, f"exit {exit_code}: {msg.strip()[:160]}")
    data = json.loads(out.read_text(encoding="utf-8"))
    lines = data.get("breakdown") or []
    without = [str(b.get("name")) for b in lines
               if b.get("factor_id") is None or str(b.get("factor_id")).startswith(PROXY_PREFIX)]
    est = data.get("kgco2e")
    complete = data.get("complete", True) is not False and isinstance(est, (int, float))
    return Outcome(product["id"], float(est) if isinstance(est, (int, float)) else None, 0, complete,
                   "" if complete else "JSON says complete: false", without)


def _fmt(x: float | None, digits: int = 3) -> str:
    return "—" if x is None else f"{x:.{digits}g}"


def print_table(judgements: list[Judgement], outcomes: dict[str, Outcome], totals: dict) -> None:
    head = f"{'product':34} {'unit':8} {'estimate':>9} {'central':>9} {'range':>13} {'ratio':>6}  2x  range"
    print(head)
    print("-" * len(head))
    for j in judgements:
        rng = f"{_fmt(j.low)}–{_fmt(j.high)}"
        print(f"{j.id[:34]:34} {j.declared_unit[:8]:8} {_fmt(j.estimate):>9} {_fmt(j.central):>9} {rng:>13} "
              f"{_fmt(j.ratio, 2):>6}  {'✓' if j.within_2x else '·':2}  {'✓' if j.in_range else '·'}"
              + (f"   MISS {j.note}" if j.miss else ""))
    print()
    flagged = [(o.id, o.without_own_factor) for o in outcomes.values() if o.without_own_factor]
    if flagged:
        print("inputs without a factor of their own (no factor or an openpcf proxy):")
        for pid, names in flagged:
            print(f"  {pid}: {', '.join(names)}")
        print()
    print(f"products {totals['products']}, misses {totals['misses']}")
    print(f"within 2x of central: {totals['within_2x']}/{totals['products']} = {totals['within_2x_share']}")
    print(f"inside published range: {totals['in_range']}/{totals['products']} = {totals['range_hit_share']}")
    print(f"median |ln(estimate/central)|: {totals['median_abs_ln_ratio']}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--set", type=Path, default=DEFAULT_SET, help="reference products JSONL")
    ap.add_argument("--only", nargs="*", default=None, help="product ids to run (default: all)")
    ap.add_argument("--runs", type=int, default=None, help="Monte Carlo runs passed to estimate (default: the CLI's)")
    ap.add_argument("--out", type=Path, default=None, help="write a JSON summary (totals + per product) here")
    ap.add_argument("--description-only", action="store_true",
                    help="ignore each product's composition/BOM; estimate from name + description with --model offline")
    ap.add_argument("--in-process", action="store_true",
                    help="call the CLI inside this process (library loaded once; same commands, same JSON, faster)")
    args = ap.parse_args(argv)

    products = read_products(args.set, args.description_only)
    if args.only:
        products = [p for p in products if p["id"] in set(args.only)]
    outcomes: dict[str, Outcome] = {}
    judgements: list[Judgement] = []
    with tempfile.TemporaryDirectory(prefix="openpcf-refset-") as tmp:
        for i, product in enumerate(products, start=1):
            print(f"[{i}/{len(products)}] {product['id']}", file=sys.stderr, flush=True)
            outcome = run_estimate(product, Path(tmp), args.runs, args.description_only, args.in_process)
            outcomes[product["id"]] = outcome
            judgements.append(judge(product, outcome))
    totals = summarise(judgements)
    print_table(judgements, outcomes, totals)
    if args.out:
        per = []
        for j in judgements:
            d = asdict(j)
            d["abs_ln_ratio"] = None if math.isinf(j.abs_ln_ratio) else round(j.abs_ln_ratio, 4)
            d["without_own_factor"] = outcomes[j.id].without_own_factor
            per.append(d)
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps({"set": str(args.set), "description_only": args.description_only, "totals": totals, "products": per}, indent=2,
                                       ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"summary written to {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

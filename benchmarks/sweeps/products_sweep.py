#!/usr/bin/env python3
"""Development sweep (NOT a scored set): run ordinary product kinds through ``openpcf estimate`` and flag
what a practitioner reads in the trace.

    python benchmarks/sweeps/products_sweep.py [--set benchmarks/sweeps/products_sweep.jsonl]
        [--only ID ...] [--out sweep.json] [--in-process]

``products_sweep.jsonl`` is a development list written to find missing process steps, factors and
defaults across product kinds (food, textiles, furniture, electronics, machines, packaging, household
goods). Each line has the composition or BOM a practitioner would write and a rough ``plausible`` band
(kg CO2e per declared unit, recalled orders of magnitude, not published central values): it is used to
flag an estimate for reading, never to score or tune against. Per product the script prints the
estimate, the band, a flag (``low`` / ``high`` below half or above twice the band, ``MISS`` for an
incomplete result), the product class the engine chose, and the inputs on a proxy/class factor or none.
It calls the CLI in a subprocess exactly as ``benchmarks/reference_products.py`` does (``--in-process`` sends the
same command lines to the CLI inside one process, so the factor library loads once).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))
from reference_products import estimate_command  # noqa: E402

DEFAULT_SET = ROOT / "benchmarks" / "sweeps" / "products_sweep.jsonl"


def flag(estimate: float | None, band: list[float], complete: bool) -> str:
    """``MISS`` (no complete estimate), ``low`` (< half the band's low end), ``high`` (> twice its high end),
    ``in`` (inside the band) or ``near`` (within 2x of the band); pure."""
    if estimate is None or not complete:
        return "MISS"
    lo, hi = band
    if estimate < lo / 2:
        return "low"
    if estimate > hi * 2:
        return "high"
    return "in" if lo <= estimate <= hi else "near"


def run(product: dict, tmp: Path, in_process: bool = False) -> dict:
    cmd = estimate_command(product, tmp, runs=200)
    trace = tmp / f"{product['id']}.trace.json"
    cmd += ["--trace", str(trace), "--allow-incomplete"]
    if in_process:
        from typer.testing import CliRunner

        from openpcf.cli import app

        res = CliRunner().invoke(app, cmd[3:])  # the same arguments after "python -m openpcf"
        returncode, stderr = res.exit_code, str(res.output)
    else:
        proc = subprocess.run(cmd, check=False, capture_output=True, text=True, timeout=600)
        returncode, stderr = proc.returncode, proc.stderr
    out = tmp / f"{product['id']}.json"
    if returncode != 0 or not out.is_file():
        tail = (stderr.strip().splitlines() or ["no output"])[-1]
        return {"id": product["id"], "estimate": None, "complete": False, "error": tail[:160]}
    data = json.loads(out.read_text(encoding="utf-8"))
    tr = json.loads(trace.read_text(encoding="utf-8")) if trace.is_file() else {}
    proxies = [str(b.get("name")) for b in data.get("breakdown") or []
               if b.get("factor_id") is None or str(b.get("factor_id")).startswith("openpcf:proxy")]
    lines = [(b.get("name"), b.get("factor_id"), round(float(b.get("kgco2e") or 0), 4))
             for b in data.get("breakdown") or []]
    return {"id": product["id"], "estimate": data.get("kgco2e"), "complete": data.get("complete", True) is not False,
            "product_class": (tr.get("settings") or {}).get("product_class"), "proxies": proxies, "lines": lines}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--set", type=Path, default=DEFAULT_SET)
    ap.add_argument("--only", nargs="*", default=None)
    ap.add_argument("--out", type=Path, default=None)
    ap.add_argument("--in-process", action="store_true", help="run the CLI inside this process (same JSON, faster)")
    args = ap.parse_args(argv)
    products = [json.loads(ln) for ln in args.set.read_text(encoding="utf-8").splitlines() if ln.strip()]
    if args.only:
        products = [p for p in products if p["id"] in set(args.only)]
    results = []
    counts: dict[str, int] = {}
    with tempfile.TemporaryDirectory(prefix="openpcf-sweep-") as tmp:
        for i, p in enumerate(products, 1):
            print(f"[{i}/{len(products)}] {p['id']}", file=sys.stderr, flush=True)
            r = run(p, Path(tmp), args.in_process)
            r["plausible"] = p["plausible"]
            r["flag"] = flag(r["estimate"], p["plausible"], r["complete"])
            counts[r["flag"]] = counts.get(r["flag"], 0) + 1
            results.append(r)
            est = "—" if r["estimate"] is None else f"{r['estimate']:.3g}"
            print(f"{p['id'][:28]:28} {est:>9} [{p['plausible'][0]:g}–{p['plausible'][1]:g}] {r['flag']:5} "
                  f"{r.get('product_class') or ''}" + (f"  proxy: {', '.join(r['proxies'])}" if r.get("proxies") else "")
                  + (f"  {r['error']}" if r.get("error") else ""), flush=True)
    print(" ".join(f"{k}={v}" for k, v in sorted(counts.items())), f"of {len(products)}")
    if args.out:
        args.out.write_text(json.dumps(results, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

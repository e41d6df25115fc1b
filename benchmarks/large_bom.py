"""How fast ``estimate`` is on a large bill of materials (issue 12 item 14).

Writes a synthetic CSV BOM of N lines (invented part names over a few hundred distinct materials, seeded),
then measures, as the median of several repetitions:

- engine:  ``read_bom`` + ``estimate`` (mapping, energy, checks, Monte Carlo) in one process, the factor
           library already loaded (loaded once before timing, as in a long-running session). The first
           run also builds the library's search index and fills the resolver's memos (each distinct name's
           search is then answered from them): its CPU time is printed apart;
- cli:     ``openpcf estimate NAME --bom FILE --json OUT`` in a fresh process (library load, import and
           rendering included).

It also prints the deterministic total, the Monte Carlo median and the 95% interval, so that a reader can see
that the point estimate lies inside its interval.

``--distinct`` sets how many distinct names the lines use (default 250): resolving a distinct name costs the
factor resolver's search, paid once per name; everything else is paid per line.

Usage: ``python benchmarks/large_bom.py [--lines 10000] [--distinct 250] [--repeat 5] [--no-cli]``
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

#: Invented BOM vocabulary (materials a practitioner lists), combined with qualifiers into distinct names.
MATERIALS = ["steel", "stainless steel", "aluminium", "copper", "brass", "polypropylene", "polyethylene", "PET",
             "ABS", "polycarbonate", "nylon", "glass", "paper", "cardboard", "cotton", "polyester", "rubber",
             "silicone", "epoxy resin", "wood", "plywood", "zinc", "tin", "concrete", "ceramic"]
QUALIFIERS = ["", "sheet", "wire", "granulate", "film", "profile", "fastener", "housing", "bracket", "cover"]


def write_bom(path: Path, lines: int, seed: int = 1, distinct: int = 250) -> None:
    """A CSV BOM of ``lines`` rows, masses in g per item, over ``distinct`` names (at most 250)."""
    rng = random.Random(seed)
    names = [f"{m} {q}".strip() for q in QUALIFIERS for m in MATERIALS][:distinct]
    with path.open("w", encoding="utf-8") as fh:
        fh.write("name,amount,unit\n")
        for _ in range(lines):
            fh.write(f"{rng.choice(names)},{rng.uniform(0.5, 50):.2f},g\n")


def time_engine(bom: Path, repeat: int) -> tuple[list[float], object]:
    from openpcf.engine import ProductSpec, estimate
    from openpcf.engine.composition import read_bom
    from openpcf.engine.estimation import default_factor_source

    source = default_factor_source()
    times, trace = [], None
    cpu = []
    for _ in range(repeat):
        c0 = time.process_time()
        t0 = time.perf_counter()
        spec = ProductSpec(name="Synthetic assembly", bom=read_bom(bom), declared_unit="1 item")
        trace = estimate(spec, source=source)
        times.append(time.perf_counter() - t0)
        cpu.append(time.process_time() - c0)
    print(f"  engine CPU time: median {statistics.median(cpu):.2f} s (wall time includes waiting for a busy CPU); "
          f"first run {cpu[0]:.2f} s (builds the search index and fills the resolver's memos), "
          f"later runs {', '.join(f'{c:.2f}' for c in cpu[1:]) or '-'} s")
    return times, trace


def time_cli(bom: Path, out: Path, repeat: int) -> list[float]:
    exe = Path(sys.executable).with_name("openpcf")
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        subprocess.run([str(exe), "estimate", "Synthetic assembly", "--bom", str(bom), "--declared-unit", "1 item",
                        "--json", str(out)], check=True, capture_output=True)
        times.append(time.perf_counter() - t0)
    return times


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--lines", type=int, default=10_000)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--distinct", type=int, default=250, help="distinct names among the lines (1–250)")
    ap.add_argument("--no-cli", action="store_true", help="time the engine only")
    args = ap.parse_args()
    print(f"load average before: {' '.join(f'{x:.1f}' for x in os.getloadavg())} on {os.cpu_count()} CPUs")
    with tempfile.TemporaryDirectory() as tmp:
        bom = Path(tmp) / "bom.csv"
        write_bom(bom, args.lines, distinct=args.distinct)
        times, trace = time_engine(bom, args.repeat)
        r = trace.result  # type: ignore[attr-defined]
        print(f"lines={args.lines} distinct={args.distinct} engine: median {statistics.median(times):.2f} s over {len(times)} runs "
              f"(min {min(times):.2f}, max {max(times):.2f})")
        print(f"  deterministic total {r.kgco2e:.4g} kg CO2e, Monte Carlo median {r.median:.4g}, "
              f"95% interval {r.p2_5:.4g} – {r.p97_5:.4g}, inside: {r.p2_5 <= r.kgco2e <= r.p97_5}")
        if not args.no_cli:
            cli = time_cli(bom, Path(tmp) / "out.json", max(1, args.repeat // 2 + 1))
            print(f"lines={args.lines} distinct={args.distinct} cli (fresh process, --json): median {statistics.median(cli):.2f} s over "
                  f"{len(cli)} runs (min {min(cli):.2f}, max {max(cli):.2f})")


if __name__ == "__main__":
    main()

"""Do the fitting scripts regenerate the shipped offline parameters byte for byte?

    python benchmarks/offline_reproducibility.py [--data ../shared/data/pcfbench-dev]

Runs ``scripts/fit_offline_reranker.py --check`` (reads only the picklist) and
``scripts/fit_offline_calibration.py --check`` (the dev items the shipped calibration was fitted on: the full
dev folder) and prints whether each shipped file is reproduced exactly. Exit status 0 only when all are.
The test suite checks the same fitting code on a tiny fixture (tests/systems/test_offline_reranker.py,
tests/systems/test_offline_calibration_fit.py); this script is the full-size check.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_DEV = ROOT.parent / "shared" / "data" / "pcfbench-dev"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, default=DEFAULT_DEV)
    args = ap.parse_args()
    status = 0
    for script in ("fit_offline_reranker.py", "fit_offline_calibration.py"):
        cmd = [sys.executable, str(ROOT / "scripts" / script), "--data", str(args.data), "--check"]
        done = subprocess.run(cmd, check=False, capture_output=True, text=True)
        verdicts = [ln.strip() for ln in done.stdout.splitlines() if "byte-identical" in ln or "DIFFERS" in ln]
        print(f"{script}: {'OK' if done.returncode == 0 else 'NOT REPRODUCED'}")
        for line in verdicts:
            print("  ", line)
        if done.returncode != 0 and not verdicts:
            print(done.stderr.strip().splitlines()[-1] if done.stderr.strip() else "(no output)")
        status |= done.returncode
    return status


if __name__ == "__main__":
    raise SystemExit(main())

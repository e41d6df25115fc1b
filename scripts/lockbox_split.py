"""Write one split of a PCFBench folder (dev70 / lockbox / all) under the frozen lockbox rule.

    python scripts/lockbox_split.py --data ../shared/data/pcfbench-dev --split dev70 --out /tmp/pcfbench-dev70

Every task file is filtered with :func:`openpcf.pcfbench.lockbox.in_lockbox` (tasks without a lockbox
are copied whole); the picklist, excerpts and predictions are linked, so ``openpcf bench --data OUT``
and every script under ``benchmarks/`` run on the split unchanged. Prints the item counts only — never
ids — so running it reveals nothing about the lockbox.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
from pathlib import Path

from openpcf.pcfbench.lockbox import SPLITS, in_lockbox

TASK_FILES = {
    "task1_decomposition.jsonl": "decomposition",
    "task2_triage.jsonl": "triage",
    "task3_mapping.jsonl": "mapping",
    "task4_extraction_material.jsonl": "extraction_material",
    "task5_extraction_energy.jsonl": "extraction_energy",
    "task7_epd.jsonl": "epd",
}


def write_split(data: Path, split: str, out: Path) -> dict[str, tuple[int, int]]:
    """Write the split into ``out``; returns {file: (kept, total)}."""
    out.mkdir(parents=True, exist_ok=True)
    counts: dict[str, tuple[int, int]] = {}
    for entry in sorted(data.iterdir()):
        target = out / entry.name
        if entry.name in TASK_FILES:
            task = TASK_FILES[entry.name]
            lines = [ln for ln in entry.read_text(encoding="utf-8").splitlines() if ln.strip()]
            kept = []
            for ln in lines:
                locked = in_lockbox(task, str(json.loads(ln).get("id", "")))
                if split == "all" or (split == "lockbox") == locked:
                    kept.append(ln)
            target.write_text("".join(k + "\n" for k in kept), encoding="utf-8")
            counts[entry.name] = (len(kept), len(lines))
        elif not target.exists():
            try:
                os.symlink(entry.resolve(), target)
            except OSError:
                (shutil.copytree if entry.is_dir() else shutil.copy2)(entry, target)
    return counts


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, required=True, help="a PCFBench folder (e.g. the dev split)")
    ap.add_argument("--split", choices=SPLITS, default="dev70")
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    for name, (kept, total) in write_split(args.data, args.split, args.out).items():
        print(f"{name:34s} {kept:4d} of {total:4d}")


if __name__ == "__main__":
    main()

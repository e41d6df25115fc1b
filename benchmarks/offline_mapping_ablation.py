"""Exact match of the offline mapper on the dev split with each practitioner rule switched off alone.

Shows how much of the dev score each rule carries (rules were written looking at dev errors, so the
all-rules score is an optimistic estimate for unseen items; see docs/offline.md).

    python benchmarks/offline_mapping_ablation.py [--dev ../shared/data/pcfbench-dev]
"""

from __future__ import annotations

import argparse
from pathlib import Path

from openpcf.pcfbench.data import BenchmarkFolder
from openpcf.pcfbench.metrics import exact_match
from openpcf.systems.offline.calibration import neutral
from openpcf.systems.offline.mapping import RULES, OfflineMapper
from openpcf.systems.offline.picklist_search import PicklistSearch

DEFAULT_DEV = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "pcfbench-dev"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dev", type=Path, default=DEFAULT_DEV)
    args = parser.parse_args()
    folder = BenchmarkFolder(args.dev)
    rows = folder.rows("mapping")
    search = PicklistSearch.from_file(folder.picklist_path())

    def hits(rules: tuple[str, ...]) -> int:
        mapper = OfflineMapper(search, calibrator=neutral("mapping"), rules=rules)
        return sum(
            exact_match(mapper.choose(r.input)["choice"] or "", r.expected_output.options) for r in rows
        )

    print(f"all rules: {hits(RULES)}/{len(rows)}")
    for rule in RULES:
        print(f"without {rule}: {hits(tuple(r for r in RULES if r != rule))}/{len(rows)}")
    print(f"no rules: {hits(())}/{len(rows)}")


if __name__ == "__main__":
    main()

"""Exact match of the offline mapper on the dev split with each practitioner rule switched off alone.

Shows how much of the dev score each rule carries (rules were written looking at dev errors, so the
all-rules score is an optimistic estimate for unseen items; see docs/offline.md).

    python benchmarks/offline_mapping_ablation.py [--dev ../shared/data/pcfbench-dev] [--ranks]

``--ranks`` also says where the expected activity is among the 30 retrieved candidates (absent, or present
and at which rank) in hybrid order, after the re-ranker alone and after the rules: whether the misses are
a retrieval (recall) or a ranking problem. Only counts are printed, no item text.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from openpcf.pcfbench.data import BenchmarkFolder
from openpcf.pcfbench.metrics import exact_match
from openpcf.systems.offline.calibration import neutral
from openpcf.systems.offline.mapping import RULES, OfflineMapper
from openpcf.systems.offline.material_need import query_of
from openpcf.systems.offline.picklist_search import PicklistSearch

DEFAULT_DEV = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "pcfbench-dev"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dev", type=Path, default=DEFAULT_DEV)
    parser.add_argument("--ranks", action="store_true", help="rank of the expected activity among the candidates")
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
    if args.ranks:
        print_ranks(search, rows)


def _bucket(rank: int) -> str:
    return "absent" if rank < 0 else "1" if rank == 0 else "2-3" if rank < 3 else "4-10" if rank < 10 else "11-30"


def print_ranks(search: PicklistSearch, rows: list) -> None:
    """Where the expected activity ranks among the 30 candidates, by stage, for all items and for misses."""
    mapper = OfflineMapper(search, calibrator=neutral("mapping"))
    bare = OfflineMapper(search, calibrator=neutral("mapping"), rules=())
    buckets = ("1", "2-3", "4-10", "11-30", "absent")
    table: dict[str, dict[str, int]] = {stage: dict.fromkeys(buckets, 0) for stage in ("hybrid", "re-ranker", "rules")}
    misses = {stage: dict.fromkeys(buckets, 0) for stage in table}
    for r in rows:
        options = {o.strip().lower() for o in r.expected_output.options}
        need, ranked = mapper.rank(r.input)
        orders = {
            "hybrid": [c.reference_product for c in search.candidates(query_of(need), mapper.k)],
            "re-ranker": [s.candidate.reference_product for s in bare.rank(r.input)[1]],
            "rules": [s.candidate.reference_product for s in ranked],
        }
        hit = exact_match(mapper.choose(r.input)["choice"] or "", r.expected_output.options)
        for stage, order in orders.items():
            rank = next((i for i, label in enumerate(order) if label.strip().lower() in options), -1)
            table[stage][_bucket(rank)] += 1
            if not hit:
                misses[stage][_bucket(rank)] += 1
    print("rank of the expected activity among the candidates (all items | items the mapper misses):")
    print(f"  {'stage':10s} " + " ".join(f"{b:>9s}" for b in buckets))
    for stage in table:
        print(f"  {stage:10s} " + " ".join(f"{table[stage][b]:>4d} | {misses[stage][b]:<2d}" for b in buckets))


if __name__ == "__main__":
    main()

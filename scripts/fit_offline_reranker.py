"""Fit the offline mapper's re-ranker by distant supervision from the picklist, and write
``src/openpcf/data/offline/reranker_mapping.json``.

    python scripts/fit_offline_reranker.py --data ../shared/data/pcfbench-dev [--l2 1] [--negatives 10] [--dry-run]
    python scripts/fit_offline_reranker.py --data ../shared/data/pcfbench-dev --check   # byte-identical?

Only the folder's ``ecoinvent_picklist.jsonl`` is read (never a task file): material activities give the
queries of :func:`openpcf.systems.offline.reranker.training_queries` (the first 800 in record order by
default — the picklist is ordered by random ids, so a random sample, kept small because every query is
embedded once on a shared 2-core machine), hybrid search retrieves 30
candidates for each, and the activity the query came from is the positive among them. The report gives the
share of generated queries whose source is retrieved, and the top-1 of hybrid order vs the re-ranker on
a held-out fifth of the activities (activity index ≡ 0 mod 5), with the model refitted on the rest.
Query vectors are cached on disk (first run: a few minutes of embedding).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from openpcf.systems.offline.material_need import read_need
from openpcf.systems.offline.picklist_search import PicklistSearch
from openpcf.systems.offline.reranker import (
    HYBRID_RANK_PRIOR,
    PAIR_FEATURES,
    Reranker,
    TrainingQuery,
    candidate_features,
    fit_reranker,
    reranker_path,
    training_queries,
)

K = 30


def training_groups(
    search: PicklistSearch, queries: list[TrainingQuery], progress: bool = True
) -> list[tuple[int, list[dict[str, float]]]]:
    """(position of the source activity among the candidates or −1, candidate features) per query."""
    groups = []
    for n, q in enumerate(queries):
        cands, feats = candidate_features(search, read_need(q.text), K)
        pos = next((j for j, c in enumerate(cands) if c.index == q.positive), -1)
        groups.append((pos, feats))
        if progress and n % 200 == 0:
            print(f"  {n}/{len(queries)} queries", file=sys.stderr, flush=True)
    return groups


def top1(model: Reranker | None, groups: list[tuple[int, list[dict[str, float]]]]) -> float:
    """Share of groups whose positive is first (hybrid order when ``model`` is None)."""
    hit = 0
    for pos, feats in groups:
        if pos < 0:
            continue
        if model is None:
            hit += pos == 0
        else:
            best = max(range(len(feats)), key=lambda i: (model.score(feats[i]), -i))
            hit += best == pos
    return round(hit / len(groups), 4) if groups else 0.0


def fit(
    search: PicklistSearch,
    *,
    l2: float,
    negatives: int,
    max_queries: int = 800,
    progress: bool = True,
    rank_prior: float | None = HYBRID_RANK_PRIOR,
) -> tuple[Reranker, dict[str, Any]]:
    queries = training_queries(search.records, search.roles)[:max_queries]
    groups = training_groups(search, queries, progress)
    held = [g for q, g in zip(queries, groups, strict=True) if q.positive % 5 == 0]
    train = [g for q, g in zip(queries, groups, strict=True) if q.positive % 5 != 0]
    fixed = {"fused_rank": rank_prior} if rank_prior is not None else None
    learned = fit_reranker(train, l2=l2, negatives=negatives)
    probe = fit_reranker(train, l2=l2, negatives=negatives, fixed=fixed)
    kinds: dict[str, int] = {}
    for q in queries:
        kinds[q.kind] = kinds.get(q.kind, 0) + 1
    report = {
        "queries": len(queries),
        "queries_by_kind": dict(sorted(kinds.items())),
        "source_retrieved_in_top_30": round(sum(1 for p, _ in groups if p >= 0) / len(groups), 4),
        "held_out_fifth": {
            "queries": len(held),
            "top1_hybrid_order": top1(None, held),
            "top1_reranker_learned_rank_weight": top1(learned, held),
            "top1_reranker": top1(probe, held),
        },
    }
    model = fit_reranker(
        groups,
        l2=l2,
        negatives=negatives,
        fixed=fixed,
        fitted=f"pairwise L2 logistic regression (l2={l2}, {negatives} hardest negatives per query) on "
        f"{len(queries)} queries generated from the {len(search.records)}-activity picklist "
        f"(distant supervision; no benchmark labels); features {', '.join(PAIR_FEATURES)}"
        + (f"; fused_rank weight set to {rank_prior} (chosen on dev70, docs/offline.md)" if fixed else ""),
    )
    model.report = report
    return model, report


def render(model: Reranker) -> str:
    return json.dumps(model.model_dump(), indent=1) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, required=True, help="a PCFBench folder (only its picklist is read)")
    ap.add_argument("--l2", type=float, default=1.0)
    ap.add_argument("--negatives", type=int, default=10)
    ap.add_argument(
        "--rank-prior", type=float, default=HYBRID_RANK_PRIOR,
        help="weight set for the standardised hybrid rank (negative: keep the fitted weight)",
    )
    ap.add_argument(
        "--max-queries", type=int, default=800,
        help="the first N generated queries (record order; picklist ids are random, so a random sample)",
    )
    ap.add_argument("--dry-run", action="store_true", help="report only")
    ap.add_argument("--check", action="store_true", help="refit and compare with the shipped file, byte for byte")
    args = ap.parse_args(argv)
    search = PicklistSearch.from_file(args.data / "ecoinvent_picklist.jsonl")
    prior = args.rank_prior if args.rank_prior >= 0 else None
    model, report = fit(search, l2=args.l2, negatives=args.negatives, max_queries=args.max_queries, rank_prior=prior)
    print(json.dumps(report, indent=1))
    print("weights:", dict(zip(model.features, model.weights, strict=True)))
    text = render(model)
    path = reranker_path()
    if args.check:
        same = path.is_file() and path.read_text(encoding="utf-8") == text
        print("byte-identical to the shipped file:" if same else "DIFFERS from the shipped file:", path)
        return 0 if same else 1
    if not args.dry_run:
        path.write_text(text, encoding="utf-8")
        print("wrote", path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

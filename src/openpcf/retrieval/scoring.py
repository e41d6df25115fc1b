"""Score a validated run: Coverage@5/10, nDCG@5/10 (mean over all queries), unjudged and judged-zero
counts, and bootstrap confidence intervals that resample source groups, not single queries."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from pydantic import BaseModel

from openpcf.retrieval.data import RetrievalData
from openpcf.retrieval.metrics import coverage_at_k, judged_counts, ndcg_at_k
from openpcf.retrieval.ranking import Ranking

METRICS = ("ndcg@5", "ndcg@10", "coverage@5", "coverage@10")


class QueryScore(BaseModel):
    query_id: str
    source_group: str
    metrics: dict[str, float]
    unjudged_at_10: int
    judged_zero_at_10: int


class Interval(BaseModel):
    low: float
    high: float


class RetrievalScore(BaseModel):
    n_queries: int
    n_source_groups: int
    metrics: dict[str, float]
    intervals: dict[str, Interval]
    confidence: float
    bootstrap_samples: int
    unjudged_at_10: int
    judged_zero_at_10: int
    per_query: list[QueryScore]


def score_query(ranking: Sequence[str], judged: dict[str, float]) -> dict[str, float]:
    return {
        "ndcg@5": ndcg_at_k(ranking, judged, 5),
        "ndcg@10": ndcg_at_k(ranking, judged, 10),
        "coverage@5": coverage_at_k(ranking, judged, 5),
        "coverage@10": coverage_at_k(ranking, judged, 10),
    }


def group_bootstrap(
    values: np.ndarray, groups: Sequence[str], *, samples: int, confidence: float, seed: int
) -> tuple[float, float]:
    """Percentile interval of the mean over queries when whole source groups are resampled.

    Each replicate draws as many groups as there are, with replacement, and averages every query of
    the drawn groups (a group drawn twice counts twice).
    """
    names = sorted(set(groups))
    members = [np.flatnonzero(np.asarray(groups) == g) for g in names]
    sums = np.array([values[m].sum() for m in members])
    counts = np.array([len(m) for m in members])
    rng = np.random.default_rng(seed)
    draws = rng.integers(0, len(names), size=(samples, len(names)))
    means = sums[draws].sum(axis=1) / counts[draws].sum(axis=1)
    alpha = (1.0 - confidence) / 2.0
    low, high = np.quantile(means, [alpha, 1.0 - alpha])
    return float(low), float(high)


def score_run(
    data: RetrievalData,
    rankings: Sequence[Ranking],
    *,
    samples: int = 1000,
    confidence: float = 0.95,
    seed: int = 0,
) -> RetrievalScore:
    """Metrics of a validated run (see ``read_rankings``), averaged over every benchmark query."""
    by_query = {r.query_id: r.document_ids for r in rankings}
    per_query = []
    for query in data.queries:
        ranking = by_query[query.query_id]
        judged = data.qrels.get(query.query_id, {})
        unjudged, zero = judged_counts(ranking, judged, 10)
        per_query.append(QueryScore(
            query_id=query.query_id, source_group=query.source_group, metrics=score_query(ranking, judged),
            unjudged_at_10=unjudged, judged_zero_at_10=zero,
        ))
    groups = [q.source_group for q in per_query]
    metrics, intervals = {}, {}
    for name in METRICS:
        values = np.array([q.metrics[name] for q in per_query])
        metrics[name] = float(values.mean())
        low, high = group_bootstrap(values, groups, samples=samples, confidence=confidence, seed=seed)
        intervals[name] = Interval(low=low, high=high)
    return RetrievalScore(
        n_queries=len(per_query),
        n_source_groups=len(set(groups)),
        metrics=metrics,
        intervals=intervals,
        confidence=confidence,
        bootstrap_samples=samples,
        unjudged_at_10=sum(q.unjudged_at_10 for q in per_query),
        judged_zero_at_10=sum(q.judged_zero_at_10 for q in per_query),
        per_query=per_query,
    )

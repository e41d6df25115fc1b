"""Retrieval metrics of the Tiangong protocol (pure functions).

p(q, d) is the frozen judgement weight in [0, 1] (0 for unjudged); each query's weights sum to 5.

- Coverage@K = Σ_{i=1..K} p(q, d_i) / 5
- nDCG@K = Σ_{i=1..K} p(q, d_i) / log2(i + 1)  ÷  Σ_{i=1..min(K, 5)} 1 / log2(i + 1)
  (a fixed five-reference normalisation with linear gain, not the exhaustive IDCG)
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

REFERENCE_MASS = 5.0
REFERENCE_COUNT = 5


def coverage_at_k(ranking: Sequence[str], judged: Mapping[str, float], k: int) -> float:
    """Share of the query's judged mass (5) found in the top ``k``."""
    return sum(judged.get(doc, 0.0) for doc in ranking[:k]) / REFERENCE_MASS


def ndcg_at_k(ranking: Sequence[str], judged: Mapping[str, float], k: int) -> float:
    """DCG with linear gain over the top ``k``, divided by the DCG of five perfect references."""
    dcg = sum(judged.get(doc, 0.0) / math.log2(i + 1) for i, doc in enumerate(ranking[:k], start=1))
    ideal = sum(1.0 / math.log2(i + 1) for i in range(1, min(k, REFERENCE_COUNT) + 1))
    return dcg / ideal


def judged_counts(ranking: Sequence[str], judged: Mapping[str, float], k: int) -> tuple[int, int]:
    """(unjudged, judged zero) among the top ``k``: unjudged pairs score 0 but are not proven irrelevant."""
    top = ranking[:k]
    unjudged = sum(doc not in judged for doc in top)
    zero = sum(doc in judged and judged[doc] == 0.0 for doc in top)
    return unjudged, zero

"""Rank fusion (pure functions): reciprocal rank fusion of several rankings."""

from __future__ import annotations

from collections.abc import Sequence

RRF_K = 60


def reciprocal_rank_fusion(
    rankings: Sequence[Sequence[int]], *, k: int = RRF_K, weights: Sequence[float] | None = None
) -> list[tuple[int, float]]:
    """Fuse rankings (lists of document indices, best first): score(d) = Σ_r w_r / (k + rank_r(d)),
    ranks starting at 1. Returns (index, score) best first, ties by lower index.

    >>> reciprocal_rank_fusion([[3, 1], [1, 2]], k=1)
    [(1, 0.8333333333333333), (3, 0.5), (2, 0.3333333333333333)]
    """
    weights = list(weights) if weights is not None else [1.0] * len(rankings)
    if len(weights) != len(rankings):
        raise ValueError(f"{len(weights)} weights for {len(rankings)} rankings")
    fused: dict[int, float] = {}
    for ranking, weight in zip(rankings, weights, strict=True):
        for rank, index in enumerate(ranking, start=1):
            fused[index] = fused.get(index, 0.0) + weight / (k + rank)
    return sorted(fused.items(), key=lambda item: (-item[1], item[0]))

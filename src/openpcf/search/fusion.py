"""Rank fusion (pure functions): reciprocal rank fusion of several rankings — the one place the RRF
formula lives (hybrid search and the retrieval benchmark both use it)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

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


def fused_scores(positions: Sequence[np.ndarray], *, k: int = RRF_K, weights: Sequence[float] | None = None) -> np.ndarray:
    """RRF over full rankings given as 1-based rank arrays (``positions[r][d]`` = rank of document ``d``
    in ranking ``r``): score(d) = Σ_r w_r / (k + rank_r(d)), every document scored. The vectorised form
    of :func:`reciprocal_rank_fusion` for rankings that cover every document.

    >>> fused_scores([np.array([2, 1]), np.array([1, 2])], k=1).tolist()
    [0.8333333333333333, 0.8333333333333333]
    """
    weights = list(weights) if weights is not None else [1.0] * len(positions)
    if len(weights) != len(positions):
        raise ValueError(f"{len(weights)} weights for {len(positions)} rankings")
    return sum((w / (k + np.asarray(p)) for p, w in zip(positions, weights, strict=True)),
               np.zeros(len(positions[0]) if positions else 0))

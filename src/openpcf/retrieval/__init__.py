"""LCA process retrieval with the Tiangong protocol: data readers, ranker, metrics, scorer, corpus builder."""

from openpcf.retrieval.corpus import build_corpus, document_text
from openpcf.retrieval.data import (
    CorpusDocument,
    RetrievalData,
    RetrievalDataError,
    RetrievalQuery,
    load_retrieval_data,
)
from openpcf.retrieval.metrics import coverage_at_k, judged_counts, ndcg_at_k
from openpcf.retrieval.ranking import Ranking, rank_corpus, read_rankings, write_rankings
from openpcf.retrieval.scoring import RetrievalScore, score_run

__all__ = [
    "CorpusDocument",
    "Ranking",
    "RetrievalData",
    "RetrievalDataError",
    "RetrievalQuery",
    "RetrievalScore",
    "build_corpus",
    "coverage_at_k",
    "document_text",
    "judged_counts",
    "load_retrieval_data",
    "ndcg_at_k",
    "rank_corpus",
    "read_rankings",
    "score_run",
    "write_rankings",
]

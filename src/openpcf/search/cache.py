"""On-disk caches of search indexes and passage embeddings, keyed by content hash and model.

Layout under ``openpcf.paths.cache_dir()``::

    search/embeddings/<model>/<sha256 of model + passages>.npy
    search/lexical/<sha256 of fields + weights>/...

Every entry is written to a temporary name and renamed, so an interrupted run never leaves a
half-written cache behind. Deleting the folder is always safe.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np

from openpcf.paths import cache_dir
from openpcf.search.dense import Embedder
from openpcf.search.lexical import FieldWeightedIndex

EMBED_BATCH = 64
# Bump when tokenization or rendering changes, so old cache entries are not reused.
CACHE_VERSION = "1"


def content_hash(*parts: object) -> str:
    """SHA-256 of the JSON of ``parts`` (texts, model name, weights...)."""
    digest = hashlib.sha256()
    for part in (CACHE_VERSION, *parts):
        digest.update(json.dumps(part, ensure_ascii=False, sort_keys=True).encode("utf-8"))
        digest.update(b"\x00")
    return digest.hexdigest()


def _slug(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]+", "_", name)[:80]


def embeddings_path(model: str, passages: Sequence[str]) -> Path:
    return cache_dir() / "search" / "embeddings" / _slug(model) / f"{content_hash(model, list(passages))}.npy"


def cached_embeddings(
    embedder: Embedder,
    passages: Sequence[str],
    *,
    use_cache: bool = True,
    progress: Callable[[int, int], None] | None = None,
) -> np.ndarray:
    """Passage vectors (n, dim), from the cache when the same model embedded the same passages before.

    ``progress(done, total)`` is called after each batch while embedding.
    """
    path = embeddings_path(embedder.name, passages)
    if use_cache and path.exists():
        return np.load(path)
    chunks = []
    for start in range(0, len(passages), EMBED_BATCH):
        chunks.append(embedder.embed(list(passages[start : start + EMBED_BATCH]), "passage"))
        if progress:
            progress(min(start + EMBED_BATCH, len(passages)), len(passages))
    vectors = np.concatenate(chunks) if chunks else np.zeros((0, 0), dtype=np.float32)
    vectors = np.ascontiguousarray(vectors, dtype=np.float32)
    if use_cache:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".npy.tmp")
        with os.fdopen(fd, "wb") as fh:
            np.save(fh, vectors)
        os.replace(tmp, path)
    return vectors


def cached_lexical_index(
    fields: dict[str, list[str]], weights: dict[str, float], *, use_cache: bool = True
) -> FieldWeightedIndex:
    """The field-weighted BM25 index of these texts, loaded from the cache when it was built before."""
    directory = cache_dir() / "search" / "lexical" / content_hash(fields, weights)
    if use_cache and (directory / "fields.json").exists():
        try:
            return FieldWeightedIndex.load(directory)
        except (OSError, ValueError, KeyError):  # a damaged entry is rebuilt, never trusted
            shutil.rmtree(directory, ignore_errors=True)
    index = FieldWeightedIndex(fields, weights)
    if use_cache:
        tmp = Path(tempfile.mkdtemp(dir=_ensure(directory.parent), prefix=".tmp-"))
        index.save(tmp)
        try:
            os.replace(tmp, directory)
        except OSError:  # another process won the race; its entry is identical
            shutil.rmtree(tmp, ignore_errors=True)
    return index


def _ensure(directory: Path) -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    return directory

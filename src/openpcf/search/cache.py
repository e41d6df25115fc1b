"""On-disk caches of search indexes and embeddings, keyed by content hash and model: the one
embedding cache of openpcf (passage matrices and single query vectors alike).

Layout under ``openpcf.paths.cache_dir()``::

    search/embeddings/<model>/<sha256 of model + passages>.npy   (+ .json: shape, dtype, sha256)
    search/query-vectors/<model>/<2 hex>/<24 hex>.npy            (+ .json)
    search/lexical/<sha256 of fields + weights>/...

Every entry is written to a temporary name and renamed, so an interrupted run never leaves a
half-written file behind. Every vector file has a record of its shape, dtype and the SHA-256 of its
bytes; on load the array is checked against it, and a damaged entry (truncated, empty, wrong shape or
dtype, other content) is rebuilt with a warning, never trusted. Deleting the folder is always safe.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import tempfile
import warnings
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np

from openpcf.paths import cache_dir
from openpcf.search.dense import Embedder, Kind
from openpcf.search.lexical import FieldWeightedIndex

EMBED_BATCH = 64
# Bump when tokenization or rendering changes, so old cache entries are not reused.
CACHE_VERSION = "2"  # 2: vector files carry a checksum record
VECTOR_DTYPE = np.dtype(np.float32)


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


def query_vector_path(model: str, text: str) -> Path:
    digest = hashlib.sha256(f"{model}\n{text}".encode()).hexdigest()
    return cache_dir() / "search" / "query-vectors" / _slug(model) / digest[:2] / f"{digest[2:26]}.npy"


def _record_path(path: Path) -> Path:
    return path.with_suffix(".json")


def _atomic_write(path: Path, write: Callable[[object], None], suffix: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=suffix)
    try:
        with os.fdopen(fd, "wb") as fh:
            write(fh)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def save_vectors(path: Path, vectors: np.ndarray) -> None:
    """Write ``vectors`` (float32) to ``path`` and its record (shape, dtype, SHA-256 of the bytes), each
    to a temporary name renamed into place."""
    array = np.ascontiguousarray(vectors, dtype=VECTOR_DTYPE)
    record = {"shape": list(array.shape), "dtype": array.dtype.str, "sha256": hashlib.sha256(array.tobytes()).hexdigest()}
    _atomic_write(path, lambda fh: np.save(fh, array), ".npy.tmp")
    _atomic_write(_record_path(path), lambda fh: fh.write(json.dumps(record).encode("utf-8")), ".json.tmp")  # type: ignore[attr-defined]


def vector_problem(path: Path, array: np.ndarray | None, *, rows: int | None, ndim: int) -> str | None:
    """Why the cached ``array`` read from ``path`` cannot be trusted (None when it can): it must have
    ``ndim`` dimensions (``rows`` of them when given), dtype float32, and the shape and SHA-256 its record
    states."""
    if array is None:
        return "unreadable"
    if array.dtype != VECTOR_DTYPE:
        return f"dtype {array.dtype}, expected {VECTOR_DTYPE}"
    if array.ndim != ndim or (rows is not None and array.shape[0] != rows):
        expected = f"{rows} rows" if rows is not None else f"{ndim} dimension(s)"
        return f"shape {array.shape}, expected {expected}"
    try:
        record = json.loads(_record_path(path).read_text(encoding="utf-8"))
        shape, sha = list(record["shape"]), str(record["sha256"])
    except (OSError, ValueError, KeyError, TypeError):
        return "no readable checksum record"
    if shape != list(array.shape):
        return f"shape {array.shape}, record says {tuple(shape)}"
    if hashlib.sha256(np.ascontiguousarray(array).tobytes()).hexdigest() != sha:
        return "checksum mismatch"
    return None


def load_vectors(path: Path, *, rows: int | None = None, ndim: int = 2) -> np.ndarray | None:
    """The cached vectors at ``path``, or None when there are none or they are damaged (then the entry is
    removed and a warning says it will be rebuilt)."""
    if not path.exists():
        return None
    try:
        array: np.ndarray | None = np.load(path, allow_pickle=False)
    except (OSError, ValueError, EOFError):  # truncated, 0-byte or not an .npy file
        array = None
    problem = vector_problem(path, array, rows=rows, ndim=ndim)
    if problem is None:
        return array
    warnings.warn(f"embedding cache entry {path} is damaged ({problem}); rebuilding it", RuntimeWarning, stacklevel=3)
    path.unlink(missing_ok=True)
    _record_path(path).unlink(missing_ok=True)
    return None


def cached_embeddings(
    embedder: Embedder,
    passages: Sequence[str],
    *,
    use_cache: bool = True,
    progress: Callable[[int, int], None] | None = None,
) -> np.ndarray:
    """Passage vectors (n, dim), from the cache when the same model embedded the same passages before.

    ``progress(done, total)`` is called after each batch while embedding. A damaged cache entry is
    rebuilt (see the module docstring).
    """
    path = embeddings_path(embedder.name, passages)
    if use_cache:
        cached = load_vectors(path, rows=len(passages), ndim=2)
        if cached is not None:
            return cached
    chunks = []
    for start in range(0, len(passages), EMBED_BATCH):
        chunks.append(embedder.embed(list(passages[start : start + EMBED_BATCH]), "passage"))
        if progress:
            progress(min(start + EMBED_BATCH, len(passages)), len(passages))
    vectors = np.concatenate(chunks) if chunks else np.zeros((0, 0), dtype=np.float32)
    vectors = np.ascontiguousarray(vectors, dtype=np.float32)
    if use_cache:
        save_vectors(path, vectors)
    return vectors


def cached_query_vector(embedder: Embedder, text: str) -> np.ndarray:
    """The query vector (dim,) of ``text``, from the cache when the same model embedded it before."""
    path = query_vector_path(embedder.name, text)
    cached = load_vectors(path, ndim=1)
    if cached is not None:
        return cached
    vector = np.ascontiguousarray(np.asarray(embedder.embed([text], "query"), dtype=np.float32)[0])
    save_vectors(path, vector)
    return vector


class QueryCachingEmbedder:
    """Wraps an embedder and caches single query vectors on disk (:func:`cached_query_vector`); passages
    go straight to the wrapped embedder. Same ``name``, so passage caches built by the wrapped embedder
    are shared."""

    def __init__(self, inner: Embedder):
        self.inner = inner
        self.name = inner.name

    def embed(self, texts: Sequence[str], kind: Kind = "passage") -> np.ndarray:
        if kind != "query":
            return self.inner.embed(texts, kind)
        out = [cached_query_vector(self.inner, text) for text in texts]
        return np.stack(out) if out else np.zeros((0, 384), dtype=np.float32)


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

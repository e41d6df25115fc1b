"""The one embedding cache (search/cache.py): atomic writes, validation on load (shape, dtype, checksum)
and a rebuild with a warning when an entry is damaged — for passage matrices (ActivitySearch) and the
query vectors of the offline picklist search alike. Tiny catalogs, the fake embedder, no model."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from openpcf.catalog.records import ActivityRecord
from openpcf.search import ActivitySearch
from openpcf.search.cache import (
    cached_embeddings,
    embeddings_path,
    load_vectors,
    save_vectors,
)
from openpcf.systems.offline.picklist_search import PicklistSearch
from tests.support.embedders import FakeEmbedder
from tests.support.picklists import write_picklist

PASSAGES = ["glass bottle, green", "corrugated board box", "aluminium can, beverage"]


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("OPENPCF_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache"


def _truncate(path: Path) -> None:
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])


def _empty(path: Path) -> None:
    path.write_bytes(b"")


def _flip_last_byte(path: Path) -> None:
    # The header stays valid, so np.load succeeds: only the checksum can tell.
    data = bytearray(path.read_bytes())
    data[-1] ^= 0xFF
    path.write_bytes(bytes(data))


def _other_shape(path: Path) -> None:
    np.save(path, np.zeros((2, 64), dtype=np.float32))  # a readable matrix of the wrong number of rows


def _other_dtype(path: Path) -> None:
    np.save(path, np.load(path).astype(np.float64))


def test_a_written_entry_has_a_record_and_is_reused(cache: Path) -> None:
    fake = FakeEmbedder()
    first = cached_embeddings(fake, PASSAGES)
    path = embeddings_path(fake.name, PASSAGES)
    assert path.is_file() and path.with_suffix(".json").is_file()
    assert not list(path.parent.glob("*.tmp"))  # the temporary names were renamed into place
    again = FakeEmbedder()
    second = cached_embeddings(again, PASSAGES)
    assert again.calls == []  # read from disk
    np.testing.assert_array_equal(first, second)
    assert second.dtype == np.float32 and second.shape == (3, 64)


@pytest.mark.parametrize("damage", [_truncate, _empty, _flip_last_byte, _other_shape, _other_dtype],
                         ids=["truncated", "zero-bytes", "checksum", "shape", "dtype"])
def test_a_damaged_passage_entry_is_rebuilt_with_a_warning(cache: Path, damage) -> None:
    reference = cached_embeddings(FakeEmbedder(), PASSAGES)
    path = embeddings_path("fake-1", PASSAGES)
    damage(path)
    rebuilt_by = FakeEmbedder()
    with pytest.warns(RuntimeWarning, match="damaged.*rebuilding"):
        rebuilt = cached_embeddings(rebuilt_by, PASSAGES)
    assert rebuilt_by.calls == [("passage", 3)]  # embedded again, not trusted
    np.testing.assert_array_equal(rebuilt, reference)
    # The rebuilt entry is whole again: the next run reads it without embedding or warning.
    quiet = FakeEmbedder()
    np.testing.assert_array_equal(cached_embeddings(quiet, PASSAGES), reference)
    assert quiet.calls == []


def test_an_entry_without_its_record_is_not_trusted(cache: Path) -> None:
    cached_embeddings(FakeEmbedder(), PASSAGES)
    path = embeddings_path("fake-1", PASSAGES)
    path.with_suffix(".json").unlink()  # e.g. the process was killed between the two renames
    with pytest.warns(RuntimeWarning, match="no readable checksum record"):
        assert load_vectors(path, rows=3) is None
    assert not path.exists()


def test_load_vectors_checks_rows_and_dimensions(cache: Path) -> None:
    path = cache / "v.npy"
    save_vectors(path, np.arange(6, dtype=np.float64).reshape(2, 3))  # stored as float32
    loaded = load_vectors(path, rows=2, ndim=2)
    assert loaded is not None and loaded.dtype == np.float32
    np.testing.assert_array_equal(loaded, [[0, 1, 2], [3, 4, 5]])
    with pytest.warns(RuntimeWarning, match=r"shape \(2, 3\), expected 5 rows"):
        assert load_vectors(path, rows=5, ndim=2) is None
    assert load_vectors(cache / "absent.npy") is None  # no entry: no warning, nothing to rebuild


def test_search_over_a_damaged_cache_gives_the_same_hits(cache: Path) -> None:
    catalog = [ActivityRecord(id=str(i), name=f"market for {p}", reference_product=p, unit="kg")
               for i, p in enumerate(PASSAGES)]
    before = [h.record.id for h in ActivitySearch(catalog, embedder=FakeEmbedder()).search("green glass", 3, "dense")]
    for path in (cache / "search" / "embeddings").rglob("*.npy"):
        _truncate(path)
    with pytest.warns(RuntimeWarning, match="damaged"):
        after = [h.record.id for h in ActivitySearch(catalog, embedder=FakeEmbedder()).search("green glass", 3, "dense")]
    assert after == before
    assert after[0] == "0"  # "glass bottle, green" is the glass


@pytest.mark.parametrize("damage", [_truncate, _empty], ids=["truncated", "zero-bytes"])
def test_offline_picklist_query_vectors_share_the_cache_and_are_rebuilt(tmp_path: Path, cache: Path, damage) -> None:
    picklist = write_picklist(tmp_path / "picklist.jsonl")
    query = "recycled PET granulate"
    first = PicklistSearch.from_file(picklist, embedder=FakeEmbedder()).candidates(query, k=3)
    written = sorted((cache / "search" / "query-vectors" / "fake-1").rglob("*.npy"))
    assert len(written) == 1  # one query, one vector, written by search/cache.py with its record
    path = written[0]
    assert path.with_suffix(".json").is_file()
    warm = FakeEmbedder()
    PicklistSearch.from_file(picklist, embedder=warm).candidates(query, k=3)
    assert ("query", 1) not in warm.calls  # the query vector came from disk
    damage(path)
    again = FakeEmbedder()
    with pytest.warns(RuntimeWarning, match="damaged"):
        second = PicklistSearch.from_file(picklist, embedder=again).candidates(query, k=3)
    assert ("query", 1) in again.calls  # re-embedded
    assert [c.reference_product for c in second] == [c.reference_product for c in first]
    assert [c.dense for c in second] == [c.dense for c in first]
    assert first[0].reference_product == "polyethylene terephthalate, granulate, amorphous, recycled"

"""The readers on the real catalogs in ../shared (skipped on a user's clone)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from openpcf.catalog import read_catalog

pytestmark = pytest.mark.shared


def test_picklist(shared_dir: Path) -> None:
    read = read_catalog(shared_dir / "data" / "picklist" / "ecoinvent_picklist.jsonl")
    assert (read.format, len(read.records), read.malformed) == ("picklist", 2574, [])
    units = Counter(r.unit for r in read.records)
    assert units == {"kg": 2571, "kWh": 1, "m3": 1, "MJ": 1}


@pytest.mark.parametrize(
    ("relative", "fmt", "count"),
    [
        ("tiangong-lca-data/processes_ilcd_xml.tar.xz", "ilcd", 4133),
        ("uslci/uslci_olca1_5_0_json_ld_subset.tar.xz", "jsonld", 766),
        ("uslci/uslci_fy21_q3_01_olca_10_3_ecospold2.zip", "ecospold1", 639),
    ],
)
def test_lci_databases(shared_dir: Path, relative: str, fmt: str, count: int) -> None:
    read = read_catalog(shared_dir / "data" / "lci" / relative)
    assert (read.format, len(read.records), read.malformed) == (fmt, count, [])
    assert len({r.id for r in read.records}) == count
    if fmt == "ilcd":
        assert sum("zh" in r.names for r in read.records) > 4000  # bilingual names kept
        assert Counter(r.geography for r in read.records)["CN"] == 3241

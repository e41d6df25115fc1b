"""Activity / process catalogs: one typed record, one reader per file format.

>>> records = load_catalog("ecoinvent_picklist.jsonl")            # doctest: +SKIP
>>> records = load_catalog("processes_ilcd_xml.tar.xz", "ilcd")    # doctest: +SKIP
"""

from __future__ import annotations

import importlib
import warnings
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path

from pydantic import BaseModel, Field

from openpcf.catalog.records import ActivityRecord, CatalogError, MalformedRecord
from openpcf.formats.archives import iter_members
from openpcf.formats.jsonl import json_lines
from openpcf.formats.picklist import PICKLIST_COLUMNS
from openpcf.formats.problems import FormatError

__all__ = [
    "FORMATS",
    "ActivityRecord",
    "CatalogError",
    "CatalogRead",
    "MalformedRecord",
    "detect_format",
    "load_catalog",
    "read_catalog",
]

FORMATS = ("picklist", "ilcd", "jsonld", "ecospold1", "jsonl", "csv")


class CatalogRead(BaseModel):
    """The records of a catalog file plus the malformed ones that were skipped (with file/line/field)."""

    records: list[ActivityRecord]
    malformed: list[MalformedRecord] = Field(default_factory=list)
    format: str


def _archive_format(path: Path) -> str | None:
    for name, data in iter_members(path, (".xml", ".json"), limit=20):
        head = data[:4000].decode("utf-8", errors="replace")
        if name.endswith(".json") and ('"@type"' in head or '"@context"' in head or "/processes/" in name):
            return "jsonld"
        if "processDataSet" in head:
            return "ilcd"
        if "ecoSpold" in head or "EcoSpold" in head:
            return "ecospold1"
    return None


def detect_format(path: str | Path) -> str:
    """Guess the catalog format from the path and a peek at its content; CatalogError if unknown."""
    path = Path(path)
    if not path.exists():
        raise CatalogError(str(path), "no such file or directory")
    try:
        return _detect(path)
    except FormatError as exc:
        raise CatalogError.from_format_error(exc) from None


def _detect(path: Path) -> str:
    name = path.name.lower()
    if name.endswith(".csv"):
        return "csv"
    if name.endswith((".tsv", ".tab")):
        return "csv"
    if name.endswith((".jsonl", ".jsonl.gz")):
        for item in json_lines(path):
            if item.problem is None and isinstance(item.value, dict) and PICKLIST_COLUMNS <= item.value.keys():
                return "picklist"
            return "jsonl"
        return "jsonl"
    if path.is_dir() or name.endswith((".zip", ".tar", ".tar.xz", ".txz", ".tar.gz", ".tgz", ".tar.bz2")):
        found = _archive_format(path)
        if found:
            return found
    if name.endswith(".xml"):
        with path.open("rb") as fh:  # a peek at the head: an undecodable byte does not matter here
            head = fh.read(4000).decode("utf-8", errors="replace")
        if "processDataSet" in head:
            return "ilcd"
        if "ecoSpold" in head or "EcoSpold" in head:
            return "ecospold1"
    raise CatalogError(str(path), f"cannot tell the catalog format; pass one of {', '.join(FORMATS)}")


# format -> (module, reader function); every reader is (path, on_error, **options) -> Iterator[record]
_READERS: dict[str, tuple[str, str]] = {
    "picklist": ("openpcf.catalog.picklist", "read_picklist"),
    "ilcd": ("openpcf.catalog.ilcd", "read_ilcd"),
    "jsonld": ("openpcf.catalog.jsonld", "read_jsonld"),
    "ecospold1": ("openpcf.catalog.ecospold1", "read_ecospold1"),
    "jsonl": ("openpcf.catalog.tabular", "read_jsonl"),
    "csv": ("openpcf.catalog.tabular", "read_csv"),
}


def read_catalog(
    path: str | Path,
    format: str | None = None,
    *,
    skip_malformed: bool = False,
    mapping: str | Mapping[str, str] | None = None,
) -> CatalogRead:
    """Read every record of a catalog. A malformed record raises CatalogError (naming file, line and
    field) unless ``skip_malformed`` is set, in which case it is skipped and listed in ``malformed``."""
    path = Path(path)
    fmt = (format or detect_format(path)).lower()
    if fmt not in _READERS:
        raise CatalogError(str(path), f"unknown catalog format {fmt!r}; use one of {', '.join(FORMATS)}")
    if not path.exists():
        raise CatalogError(str(path), "no such file or directory")
    module_name, func_name = _READERS[fmt]
    reader: Callable[..., Iterator[ActivityRecord]] = getattr(importlib.import_module(module_name), func_name)
    malformed: list[MalformedRecord] = []

    def on_error(exc: CatalogError) -> None:
        if not skip_malformed:
            raise exc
        malformed.append(MalformedRecord(source=exc.source, line=exc.line, field=exc.field, message=str(exc)))

    options = {"mapping": mapping} if fmt in ("jsonl", "csv") else {}
    try:
        records = list(reader(path, on_error, **options))
    except FormatError as exc:  # a file or archive that cannot be read at all
        raise CatalogError.from_format_error(exc) from None
    return CatalogRead(records=records, malformed=malformed, format=fmt)


def load_catalog(
    path: str | Path,
    format: str | None = None,
    *,
    skip_malformed: bool = False,
    mapping: str | Mapping[str, str] | None = None,
) -> list[ActivityRecord]:
    """Records of a catalog file/folder/archive (format detected when ``None``).

    Skipped malformed records (only with ``skip_malformed=True``) are announced with a warning.
    """
    read = read_catalog(path, format, skip_malformed=skip_malformed, mapping=mapping)
    if read.malformed:
        first = read.malformed[0].message
        warnings.warn(f"skipped {len(read.malformed)} malformed record(s), first: {first}", stacklevel=2)
    return read.records

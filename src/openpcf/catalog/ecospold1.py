"""EcoSpold 1 datasets as activity records (parsed by :mod:`openpcf.formats.ecospold1`)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path

from openpcf.catalog.records import ActivityRecord, CatalogError
from openpcf.formats.archives import database_name
from openpcf.formats.ecospold1 import EcoSpoldDataset, iter_ecospold1


def _date_year(text: str | None) -> str | None:
    match = re.match(r"\s*(\d{4})", text or "")
    return match.group(1) if match else None


def record_from_ecospold1(dataset: EcoSpoldDataset, source_database: str | None = None) -> ActivityRecord:
    """One EcoSpold 1 dataset as a record; CatalogError (naming the field) when unusable."""
    source, number = dataset.file, dataset.number
    function = dataset.reference_function or {}
    if not function.get("name"):
        raise CatalogError(source, f"dataset {number}: missing referenceFunction/@name", field="referenceFunction")
    if not number:
        raise CatalogError(source, f"dataset {function.get('name')!r}: missing @number", field="dataset/@number")
    geography = dataset.geography
    technology = dataset.technology
    start = _date_year(dataset.start_date or dataset.start_year)
    end = _date_year(dataset.end_date or dataset.end_year)
    info = dataset.dataset_information or {}
    category = [c for c in (function.get("category"), function.get("subCategory")) if c]
    extra = {
        "number": number,
        "amount": function.get("amount"),
        "infrastructure": function.get("infrastructureProcess"),
        "local_name": function.get("localName"),
        "geography_text": geography.get("text") if geography is not None else None,
        "time_text": dataset.time_text,
        "sources": [
            {"first_author": s.get("firstAuthor", "").strip(), "year": s.get("year"), "title": s.get("title", "").strip()}
            for s in dataset.sources
        ] or None,
        "version": info.get("version"),
        "file": source,
    }
    name = function.get("name", "").strip()
    return ActivityRecord(
        id=number,
        name=name,
        reference_product=name,
        description=(function.get("generalComment") or "").strip() or None,
        unit=function.get("unit"),
        geography=geography.get("location") if geography is not None else None,
        classification=category,
        technology=(technology.get("text") or "").strip() or None if technology is not None else None,
        time_period="-".join(dict.fromkeys(y for y in (start, end) if y)) or None,
        dataset_type=dataset.dataset_type,
        source_database=source_database,
        extra={k: v for k, v in extra.items() if v is not None},
    )


def read_ecospold1(path: Path, on_error: Callable[[CatalogError], None]) -> Iterator[ActivityRecord]:
    """Records of every EcoSpold 1 dataset in a file, folder or archive.

    Dataset numbers repeat across some exports; a repeated number gets ``#2``, ``#3`` ... appended so
    record ids stay unique (the original number is kept in ``extra["number"]``).
    """
    database = database_name(path)
    seen: dict[str, int] = {}
    for dataset in iter_ecospold1(path, lambda exc: on_error(CatalogError.from_format_error(exc))):
        try:
            record = record_from_ecospold1(dataset, database)
        except CatalogError as exc:
            on_error(exc)
            continue
        seen[record.id] = seen.get(record.id, 0) + 1
        if seen[record.id] > 1:
            record.id = f"{record.id}#{seen[record.id]}"
        yield record

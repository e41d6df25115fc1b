"""EcoSpold 1 XML datasets (``<ecoSpold><dataset>…``), e.g. the USLCI export of openLCA 1.10: one file
holding many datasets, a folder of files, or a .zip of them. ``categories.xml`` is skipped."""

from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator
from pathlib import Path

from openpcf.catalog.archive import iter_members
from openpcf.catalog.records import ActivityRecord, CatalogError

NS = "{http://www.EcoInvent.org/EcoSpold01}"
# EcoSpold 1 dataSetInformation/@type
DATASET_TYPES = {
    "0": "System non-terminated",
    "1": "Unit process",
    "2": "System terminated",
    "3": "Elementary flow",
    "4": "Impact category",
    "5": "Multioutput process",
}


def _date_year(text: str | None) -> str | None:
    match = re.match(r"\s*(\d{4})", text or "")
    return match.group(1) if match else None


def record_from_ecospold1(dataset: ET.Element, source: str, source_database: str | None = None) -> ActivityRecord:
    """One EcoSpold 1 ``dataset`` element as a record; CatalogError (naming the field) when unusable."""
    number = dataset.get("number")
    info = dataset.find(f"{NS}metaInformation/{NS}processInformation")
    function = info.find(f"{NS}referenceFunction") if info is not None else None
    if function is None or not function.get("name"):
        raise CatalogError(source, f"dataset {number}: missing referenceFunction/@name", field="referenceFunction")
    if not number:
        raise CatalogError(source, f"dataset {function.get('name')!r}: missing @number", field="dataset/@number")
    assert info is not None
    geography = info.find(f"{NS}geography")
    technology = info.find(f"{NS}technology")
    period = info.find(f"{NS}timePeriod")
    start = _date_year(period.findtext(f"{NS}startDate") or period.findtext(f"{NS}startYear")) if period is not None else None
    end = _date_year(period.findtext(f"{NS}endDate") or period.findtext(f"{NS}endYear")) if period is not None else None
    data_info = info.find(f"{NS}dataSetInformation")
    type_code = data_info.get("type") if data_info is not None else None
    category = [c for c in (function.get("category"), function.get("subCategory")) if c]
    extra = {
        "number": number,
        "amount": function.get("amount"),
        "infrastructure": function.get("infrastructureProcess"),
        "local_name": function.get("localName"),
        "geography_text": geography.get("text") if geography is not None else None,
        "time_text": period.findtext(f"{NS}text") if period is not None else None,
        "sources": [
            {"first_author": s.get("firstAuthor", "").strip(), "year": s.get("year"), "title": s.get("title", "").strip()}
            for s in dataset.iter(f"{NS}source")
        ] or None,
        "version": data_info.get("version") if data_info is not None else None,
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
        dataset_type=DATASET_TYPES.get(type_code or "", type_code),
        source_database=source_database,
        extra={k: v for k, v in extra.items() if v is not None},
    )


def read_ecospold1(path: Path, on_error: Callable[[CatalogError], None]) -> Iterator[ActivityRecord]:
    """Records of every EcoSpold 1 dataset in a file, folder or archive.

    Dataset numbers repeat across some exports; a repeated number gets ``#2``, ``#3`` ... appended so
    record ids stay unique (the original number is kept in ``extra["number"]``).
    """
    database = re.sub(r"(\.tar)?\.(xz|gz|bz2|zip|tgz|txz|xml)$", "", path.name)
    seen: dict[str, int] = {}
    for member, data in iter_members(path, (".xml",)):
        if b"EcoSpold01" not in data[:2000] or b"<categories" in data[:2000]:
            continue
        try:
            for _, element in ET.iterparse(io.BytesIO(data), events=("end",)):
                if element.tag != f"{NS}dataset":
                    continue
                try:
                    record = record_from_ecospold1(element, member, database)
                except CatalogError as exc:
                    on_error(exc)
                    continue
                finally:
                    element.clear()
                seen[record.id] = seen.get(record.id, 0) + 1
                if seen[record.id] > 1:
                    record.id = f"{record.id}#{seen[record.id]}"
                yield record
        except ET.ParseError as exc:
            on_error(CatalogError(member, f"invalid XML ({exc})", line=exc.position[0]))

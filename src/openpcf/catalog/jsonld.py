"""openLCA JSON-LD processes as activity records (the export is read by :mod:`openpcf.formats.olca_jsonld`)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from openpcf.catalog.records import ActivityRecord, CatalogError
from openpcf.formats.archives import database_name
from openpcf.formats.olca_jsonld import OlcaExport, read_export
from openpcf.formats.problems import FormatError


def _year(timestamp: Any) -> str | None:
    return str(timestamp)[:4] if timestamp else None


def record_from_jsonld(
    process: dict[str, Any],
    source: str,
    export: OlcaExport,
    source_database: str | None = None,
) -> ActivityRecord:
    """One openLCA ``Process`` object as a record; CatalogError (naming the field) when unusable."""
    if process.get("@type") != "Process":
        raise CatalogError(source, f"expected an openLCA Process, got @type {process.get('@type')!r}", field="@type")
    for key in ("@id", "name"):
        if not process.get(key):
            raise CatalogError(source, f"missing {key!r}", field=key)
    doc = process.get("processDocumentation") or {}
    reference = next((e for e in process.get("exchanges") or [] if e.get("quantitativeReference")), None)
    flow = (reference or {}).get("flow") or {}
    unit = (reference or {}).get("unit") or {}
    valid = [_year(doc.get("validFrom")), _year(doc.get("validUntil"))]
    extra = {
        "version": process.get("version"),
        "last_change": process.get("lastChange"),
        "time_description": doc.get("timeDescription"),
        "geography_description": doc.get("geographyDescription"),
        "sampling_description": doc.get("samplingDescription"),
        "reference_flow": {
            "name": flow.get("name"),
            "amount": (reference or {}).get("amount"),
            "unit": unit.get("name"),
            "input": (reference or {}).get("input"),
        } if reference else None,
        "infrastructure": process.get("infrastructureProcess"),
        "file": source,
    }
    return ActivityRecord(
        id=str(process["@id"]),
        name=str(process["name"]).strip(),
        reference_product=flow.get("name"),
        description=(process.get("description") or "").strip() or None,
        unit=unit.get("name"),
        geography=export.location_code(process.get("location")),
        classification=export.category_path(process.get("category")),
        technology=(doc.get("technologyDescription") or "").strip() or None,
        time_period="-".join(dict.fromkeys(y for y in valid if y)) or None,
        dataset_type=process.get("processType"),
        source_database=source_database,
        extra={k: v for k, v in extra.items() if v is not None},
    )


def read_jsonld(path: Path, on_error: Callable[[CatalogError], None]) -> Iterator[ActivityRecord]:
    """Records of every process in an openLCA JSON-LD folder or archive (a broken category or location
    document only costs that path or code)."""
    try:
        export = read_export(path)
    except FormatError as exc:
        raise CatalogError.from_format_error(exc) from None
    database = database_name(path)
    for member, obj in export.iter_processes():
        if isinstance(obj, FormatError):
            on_error(CatalogError.from_format_error(obj))
            continue
        try:
            yield record_from_jsonld(obj, member, export, database)
        except CatalogError as exc:
            on_error(exc)

"""The PCFBench ecoinvent picklist (``ecoinvent_picklist.jsonl``) as activity records.

Read by :mod:`openpcf.formats.picklist` (the one picklist reader, which also gives each row its unit).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

from openpcf.catalog.records import ActivityRecord, CatalogError
from openpcf.formats.picklist import PICKLIST_COLUMNS, PicklistRow, iter_picklist, picklist_unit

__all__ = ["PICKLIST_COLUMNS", "infer_unit", "read_picklist", "record_from_picklist_row"]

#: Kept for callers of the old name; the rule lives in :func:`openpcf.formats.picklist.picklist_unit`.
infer_unit = picklist_unit

# Problems name the record field (as every catalog reader does), not the picklist column.
_RECORD_FIELD = {"activity_uuid_product_uuid": "id", "activity_name": "name", "reference_product_name": "reference_product"}


def record_from_picklist_row(row: PicklistRow) -> ActivityRecord:
    """One picklist row as a record (id = activity_uuid_product_uuid, label = reference_product_name)."""
    return ActivityRecord(
        id=row.activity_uuid_product_uuid.strip(),
        name=row.activity_name.strip(),
        reference_product=row.reference_product_name.strip(),
        description=(row.product_information or "").strip() or None,
        unit=row.unit,
        source_database="ecoinvent 3.11",
        extra=dict(row.model_extra or {}),
    )


def read_picklist(path: Path, on_error: Callable[[CatalogError], None]) -> Iterator[ActivityRecord]:
    """Picklist rows as records; a line that is not a usable row goes to ``on_error`` (file, line, field)."""
    for _, row in iter_picklist(path):
        if isinstance(row, list):
            first = row[0]
            field = _RECORD_FIELD.get(first.field, first.field) or None
            on_error(CatalogError(first.file, first.message, line=first.line, field=field))
            continue
        yield record_from_picklist_row(row)

"""Generic JSONL / CSV / TSV catalogs: one record per line or row, columns mapped onto record fields.

The PCFBench picklist is one such catalog with a fixed mapping (see ``picklist.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from openpcf.catalog.records import ActivityRecord, CatalogError
from openpcf.formats.jsonl import json_objects
from openpcf.formats.problems import Problem
from openpcf.formats.tabular import dict_rows

# Record fields a mapping may fill; ``classification`` accepts a list or a "/"- or ";"-separated string.
RECORD_FIELDS = (
    "id",
    "name",
    "reference_product",
    "description",
    "unit",
    "geography",
    "classification",
    "technology",
    "time_period",
    "dataset_type",
    "source_database",
)

# Default mapping: record field -> accepted source column names, first present wins.
DEFAULT_MAPPING: dict[str, tuple[str, ...]] = {
    "id": ("id", "uuid", "doc_id", "process_uuid", "activity_uuid_product_uuid", "number"),
    "name": ("name", "process_name", "activity_name", "title"),
    "reference_product": ("reference_product", "reference_product_name", "product", "reference_flow"),
    "description": ("description", "product_information", "general_comment", "comment", "text"),
    "unit": ("unit", "reference_unit"),
    "geography": ("geography", "location", "location_code", "region", "country"),
    "classification": ("classification", "category", "category_path", "categories"),
    "technology": ("technology", "technology_description", "technology_text"),
    "time_period": ("time_period", "time", "reference_year", "time_description"),
    "dataset_type": ("dataset_type", "process_type", "type_of_dataset"),
    "source_database": ("source_database", "source", "database", "library"),
}

LineRecords = Iterator[tuple[int, dict[str, Any]]]


def parse_mapping(spec: str | Mapping[str, str] | None) -> dict[str, tuple[str, ...]]:
    """A field mapping from ``"name=title,id=code"`` or a dict; unmapped fields keep the defaults."""
    mapping = dict(DEFAULT_MAPPING)
    if spec is None:
        return mapping
    pairs = spec.items() if isinstance(spec, Mapping) else (
        tuple(part.split("=", 1)) for part in spec.split(",") if part.strip()
    )
    for pair in pairs:
        if len(pair) != 2:
            raise ValueError(f"field mapping {spec!r}: expected FIELD=COLUMN pairs separated by commas")
        target, column = (p.strip() for p in pair)
        if target not in RECORD_FIELDS:
            raise ValueError(f"field mapping: unknown record field {target!r} (one of {', '.join(RECORD_FIELDS)})")
        mapping[target] = (column,)
    return mapping


def jsonl_rows(path: Path) -> LineRecords:
    """(line number, object) per non-blank line; a bad line becomes ``{"__error__": message}``."""
    for lineno, obj in json_objects(path):
        yield lineno, {"__error__": obj.message} if isinstance(obj, Problem) else obj


def csv_rows(path: Path) -> LineRecords:
    """(line number, row dict) per CSV/TSV data row (header on line 1)."""
    yield from dict_rows(path)


def _text(value: Any) -> str | None:
    if value is None:
        return None
    if isinstance(value, dict):  # multilingual {"en": ..} or {"name": ..}
        value = value.get("en") or value.get("name") or next(iter(value.values()), None)
        return _text(value)
    if isinstance(value, list):
        parts = [t for t in (_text(v) for v in value) if t]
        return "; ".join(parts) or None
    text = str(value).strip()
    return text or None


def _classification(value: Any) -> list[str]:
    if value is None:
        return []
    if isinstance(value, list):
        return [t for t in (_text(v) for v in value) if t]
    text = _text(value) or ""
    sep = "/" if "/" in text else ";"
    return [p.strip() for p in text.split(sep) if p.strip()]


def record_from_row(
    row: Mapping[str, Any],
    mapping: Mapping[str, tuple[str, ...]],
    *,
    source: str,
    line: int,
    source_database: str | None = None,
    required: tuple[str, ...] = ("id", "name"),
) -> ActivityRecord:
    """Map one row onto an ActivityRecord; unmapped columns go to ``extra``. Raises CatalogError."""
    if "__error__" in row:
        raise CatalogError(source, str(row["__error__"]), line=line)
    values: dict[str, Any] = {}
    used: set[str] = set()
    for target, columns in mapping.items():
        for column in columns:
            if column in row and row[column] not in (None, ""):
                values[target] = row[column]
                used.add(column)
                break
    for needed in required:
        if needed not in values:
            wanted = " or ".join(repr(c) for c in mapping[needed])
            raise CatalogError(source, f"missing {wanted}", line=line, field=needed)
    fields: dict[str, Any] = {
        target: (_classification(v) if target == "classification" else _text(v))
        for target, v in values.items()
    }
    if not fields.get("name"):
        raise CatalogError(source, "empty name", line=line, field="name")
    fields.setdefault("source_database", source_database)
    extra = {k: v for k, v in row.items() if k not in used}
    try:
        return ActivityRecord(**fields, extra=extra)
    except ValidationError as exc:
        first = exc.errors()[0]
        raise CatalogError(source, first["msg"], line=line, field=".".join(map(str, first["loc"]))) from exc


def read_rows(
    path: Path,
    rows: LineRecords,
    mapping: Mapping[str, tuple[str, ...]],
    on_error: Callable[[CatalogError], None],
    *,
    source_database: str | None = None,
    required: tuple[str, ...] = ("id", "name"),
) -> Iterator[ActivityRecord]:
    """Records from (line, row) pairs; each malformed row goes to ``on_error`` (which may re-raise)."""
    for lineno, row in rows:
        try:
            yield record_from_row(
                row, mapping, source=str(path), line=lineno, source_database=source_database, required=required
            )
        except CatalogError as exc:
            on_error(exc)


def read_jsonl(
    path: Path, on_error: Callable[[CatalogError], None], mapping: str | Mapping[str, str] | None = None
) -> Iterator[ActivityRecord]:
    """Records of a JSONL (or .jsonl.gz) file, one object per line, columns mapped by ``mapping``."""
    yield from read_rows(path, jsonl_rows(path), parse_mapping(mapping), on_error)


def read_csv(
    path: Path, on_error: Callable[[CatalogError], None], mapping: str | Mapping[str, str] | None = None
) -> Iterator[ActivityRecord]:
    """Records of a CSV (or TSV) file with a header row, columns mapped by ``mapping``."""
    yield from read_rows(path, csv_rows(path), parse_mapping(mapping), on_error)

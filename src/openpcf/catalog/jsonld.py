"""openLCA JSON-LD processes (``processes/*.json``), from a folder or a .zip / .tar.xz export.

Categories and locations are references in openLCA 1.x exports (``categories/<id>.json`` with a parent
chain, ``locations/<id>.json`` with a code); openLCA 2 writes the category path as a string. Both work.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from openpcf.catalog.archive import iter_members
from openpcf.catalog.records import ActivityRecord, CatalogError


def _folder(member: str) -> str:
    """The openLCA folder of a member path: "processes", "categories", "locations" ..."""
    parts = re.split(r"[/\\!]", member)
    return parts[-2] if len(parts) >= 2 else ""


def _category_path(ref: Any, categories: dict[str, dict[str, Any]]) -> list[str]:
    if isinstance(ref, str):  # openLCA 2: "A/B/C"
        return [p for p in ref.split("/") if p]
    path: list[str] = []
    seen: set[str] = set()
    while isinstance(ref, dict):
        ref_id = ref.get("@id", "")
        if ref_id in seen:
            break
        seen.add(ref_id)
        full = categories.get(ref_id, ref)
        if full.get("name"):
            path.append(str(full["name"]))
        ref = full.get("category")
    return list(reversed(path))


def _location(ref: Any, locations: dict[str, dict[str, Any]]) -> str | None:
    if isinstance(ref, str):
        return ref or None
    if isinstance(ref, dict):
        full = locations.get(ref.get("@id", ""), ref)
        return full.get("code") or full.get("name") or None
    return None


def _year(timestamp: Any) -> str | None:
    return str(timestamp)[:4] if timestamp else None


def record_from_jsonld(
    process: dict[str, Any],
    source: str,
    categories: dict[str, dict[str, Any]],
    locations: dict[str, dict[str, Any]],
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
        geography=_location(process.get("location"), locations),
        classification=_category_path(process.get("category"), categories),
        technology=(doc.get("technologyDescription") or "").strip() or None,
        time_period="-".join(dict.fromkeys(y for y in valid if y)) or None,
        dataset_type=process.get("processType"),
        source_database=source_database,
        extra={k: v for k, v in extra.items() if v is not None},
    )


def read_jsonld(path: Path, on_error: Callable[[CatalogError], None]) -> Iterator[ActivityRecord]:
    """Records of every process in an openLCA JSON-LD folder or archive."""
    database = re.sub(r"(\.tar)?\.(xz|gz|bz2|zip|tgz|txz)$", "", path.name)
    categories: dict[str, dict[str, Any]] = {}
    locations: dict[str, dict[str, Any]] = {}
    processes: list[tuple[str, bytes]] = []
    for member, data in iter_members(path, (".json",)):
        folder = _folder(member)
        if folder == "processes":
            processes.append((member, data))
        elif folder in ("categories", "locations"):
            try:
                obj = json.loads(data)
            except json.JSONDecodeError:
                continue  # a broken category only costs the category path
            if isinstance(obj, dict) and obj.get("@id"):
                (categories if folder == "categories" else locations)[obj["@id"]] = obj
    if not processes:
        raise CatalogError(str(path), "no processes/*.json found (is this an openLCA JSON-LD export?)")
    for member, data in processes:
        try:
            obj = json.loads(data)
        except json.JSONDecodeError as exc:
            on_error(CatalogError(member, f"invalid JSON ({exc.msg} at line {exc.lineno})", line=exc.lineno))
            continue
        if not isinstance(obj, dict):
            on_error(CatalogError(member, "expected a JSON object"))
            continue
        try:
            yield record_from_jsonld(obj, member, categories, locations, database)
        except CatalogError as exc:
            on_error(exc)

"""openLCA JSON-LD exports: ``processes/*.json``, ``flows/*.json``, ``categories/*.json``,
``locations/*.json`` in a folder, a .zip or a .tar(.xz).

This module reads the format only — the export layout, the JSON of every document, the schema-1 → 2
key names, category paths and location codes — into plain documents; ``openpcf.catalog`` maps the
processes to activity records and ``openpcf.lci`` (through ``olca-schema``) to unit processes.

Categories and locations are references in openLCA 1.x exports (``categories/<id>.json`` with a parent
chain, ``locations/<id>.json`` with a code); openLCA 2 writes the category path as a string. Both work.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from openpcf.formats.archives import iter_members, member_folder
from openpcf.formats.jsonl import loads_document
from openpcf.formats.problems import FormatError

#: Folders whose documents are read into lookup tables by ``@id`` (small, referenced by processes).
REFERENCE_FOLDERS = ("categories", "locations", "flows")

# openLCA 1.x exports (schema 1) name some exchange fields differently from olca-schema 2.
LEGACY_EXCHANGE_KEYS = {
    "quantitativeReference": "isQuantitativeReference",
    "input": "isInput",
    "avoidedProduct": "isAvoidedProduct",
}


@dataclass
class OlcaExport:
    """The documents of one export. ``processes`` keep their raw bytes until :meth:`iter_processes`
    parses them one at a time; the reference folders are parsed up front, by ``@id``. ``problems``
    lists reference documents that could not be read (a broken category only costs its path)."""

    path: Path
    processes: list[tuple[str, bytes]] = field(default_factory=list)
    categories: dict[str, dict[str, Any]] = field(default_factory=dict)
    locations: dict[str, dict[str, Any]] = field(default_factory=dict)
    flows: dict[str, dict[str, Any]] = field(default_factory=dict)
    problems: list[FormatError] = field(default_factory=list)

    def iter_processes(self) -> Iterator[tuple[str, dict[str, Any] | FormatError]]:
        """(member, process document) per ``processes/*.json``, or (member, FormatError) when the member
        is not a JSON object."""
        for member, data in self.processes:
            try:
                obj = loads_document(data, member)
            except FormatError as exc:
                yield member, exc
                continue
            if not isinstance(obj, dict):
                yield member, FormatError(member, "expected a JSON object")
                continue
            yield member, obj

    def category_path(self, ref: Any) -> list[str]:
        """The category names from the root down, for a category reference (schema 1) or path string."""
        if isinstance(ref, str):  # openLCA 2: "A/B/C"
            return [p for p in ref.split("/") if p]
        path: list[str] = []
        seen: set[str] = set()
        while isinstance(ref, dict):
            ref_id = ref.get("@id", "")
            if ref_id in seen:
                break
            seen.add(ref_id)
            full = self.categories.get(ref_id, ref)
            if full.get("name"):
                path.append(str(full["name"]))
            ref = full.get("category")
        return list(reversed(path))

    def location_code(self, ref: Any) -> str | None:
        """The code (else the name) of a location reference; a plain string is taken as written."""
        if isinstance(ref, str):
            return ref or None
        if isinstance(ref, dict):
            full = self.locations.get(ref.get("@id", ""), ref)
            return full.get("code") or full.get("name") or None
        return None


def upgrade_legacy(document: dict[str, Any]) -> dict[str, Any]:
    """A process document with schema-1 exchange keys renamed to schema 2 (in place; returned)."""
    for x in document.get("exchanges", []) or []:
        if isinstance(x, dict):
            for old, new in LEGACY_EXCHANGE_KEYS.items():
                if old in x and new not in x:
                    x[new] = x.pop(old)
    return document


def read_export(path: str | Path) -> OlcaExport:
    """The documents of an openLCA JSON-LD export (folder, .zip, .tar(.xz)); FormatError when the path
    cannot be read or holds no ``processes/*.json``."""
    path = Path(path)
    if not path.exists():
        raise FormatError(str(path), "no such file or directory")
    export = OlcaExport(path=path)
    for member, data in iter_members(path, (".json",)):
        folder = member_folder(member)
        if folder == "processes":
            export.processes.append((member, data))
        elif folder in REFERENCE_FOLDERS:
            try:
                obj = loads_document(data, member)
            except FormatError as exc:
                export.problems.append(exc)
                continue
            if isinstance(obj, dict) and obj.get("@id"):
                getattr(export, folder)[obj["@id"]] = obj
    if not export.processes:
        raise FormatError(str(path), "no processes/*.json found (is this an openLCA JSON-LD export?)")
    return export

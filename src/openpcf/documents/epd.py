"""Read an EPD from a PDF, an ILCD+EPD XML or an openEPD JSON file; turn it into a PCFBench task-7 row
or an ``openpcf estimate`` product input.

The conversions return plain dictionaries in those formats (this package sits below the benchmark and
the engine, so it does not import them; the CLI validates the result against their models).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from openpcf.documents.document import PageProgress
from openpcf.documents.epd_record import EpdRecord
from openpcf.documents.limits import DEFAULT_LIMITS, DocumentError, DocumentLimits


def read_epd(path: str | Path, limits: DocumentLimits = DEFAULT_LIMITS,
             progress: PageProgress | None = None) -> EpdRecord:
    """An :class:`EpdRecord` from ``path``: ``.pdf`` (or any document), ``.xml`` (ILCD+EPD), ``.json`` (openEPD)."""
    from openpcf.documents.epd_ilcd import read_ilcd_epd
    from openpcf.documents.epd_openepd import read_openepd
    from openpcf.documents.epd_pdf import epd_from_document
    from openpcf.documents.reading import read_document

    path = Path(path)
    suffix = path.suffix.lower()
    if suffix == ".xml":
        return read_ilcd_epd(path, limits)
    if suffix == ".json":
        return read_openepd(path, limits)
    doc = read_document(path, limits, progress=progress)
    if not doc.has_text():
        scanned = doc.scanned_pages
        why = f"pages {scanned} are scanned images without a text layer (OCR them first)" if scanned else "no text"
        raise DocumentError(f"{path}: nothing to read: {why}", "no_text")
    return epd_from_document(doc)


def composition_text(record: EpdRecord) -> str | None:
    """The composition as PCFBench writes it (``"sand: 41.0%; glass cullet: 35.0%"``), or None.

    Masses (kg per declared unit) are turned into mass shares when every row has one.
    """
    rows = record.composition
    if not rows:
        return None
    if all(r.share_percent is not None for r in rows):
        shares = [(r.material, float(r.share_percent or 0.0)) for r in rows]
    elif all(r.mass_kg is not None for r in rows):
        total = sum(r.mass_kg or 0.0 for r in rows)
        if total <= 0:
            return None
        shares = [(r.material, 100.0 * (r.mass_kg or 0.0) / total) for r in rows]
    else:
        return None
    clean = [(re.sub(r"[;:%]", " ", name).strip(), share) for name, share in shares]
    return "; ".join(f"{name}: {share:.1f}%" for name, share in clean if name)


def task7_row(record: EpdRecord, row_id: str | None = None) -> dict[str, Any]:
    """A PCFBench task-7 row (``{id, input, expected_output: {kgco2e}, metadata}``) from an EPD record.

    ``kgco2e`` is A1-A3 GWP-total per declared unit. Raises ``ValueError`` when the EPD does not state
    it or its declared unit.
    """
    kg = record.gwp_value("GWP-total", "A1-A3")
    if kg is None:
        raise ValueError(f"{record.source}: no A1-A3 GWP-total found; a task-7 row needs it")
    if record.declared_unit is None:
        raise ValueError(f"{record.source}: no declared unit found; a task-7 row needs it")
    name = record.product_name.value if record.product_name else Path(record.source).stem
    ident = row_id or (record.registration_number.value if record.registration_number else Path(record.source).stem)
    inp: dict[str, Any] = {"product_name": name, "quantity_unit": record.declared_unit.value}
    composition = composition_text(record)
    if composition:
        inp["composition"] = composition
    if record.geography:
        inp["geography"] = record.geography.value
    return {
        "id": re.sub(r"\s+", "-", ident.strip()),
        "input": inp,
        "expected_output": {"kgco2e": kg},
        "metadata": {"source_file": record.source, "source_format": record.format,
                     "programme_operator": record.programme_operator.value if record.programme_operator else None},
    }


def product_input(record: EpdRecord) -> dict[str, Any]:
    """An ``openpcf estimate`` product (``ProductSpec`` fields: name, declared_unit, composition, region)."""
    out: dict[str, Any] = {
        "name": record.product_name.value if record.product_name else Path(record.source).stem,
        "declared_unit": record.declared_unit.value if record.declared_unit else None,
    }
    if out["declared_unit"] is None:
        raise ValueError(f"{record.source}: no declared unit found; an estimate input needs it")
    composition = composition_text(record)
    if composition:
        out["composition"] = composition
    if record.geography:
        out["region"] = record.geography.value
    return out

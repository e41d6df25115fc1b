"""The PCFBench ecoinvent picklist (``ecoinvent_picklist.jsonl``): 2,574 market activities."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

from openpcf.catalog.records import ActivityRecord, CatalogError
from openpcf.catalog.tabular import jsonl_rows, read_rows

PICKLIST_MAPPING: dict[str, tuple[str, ...]] = {
    "id": ("activity_uuid_product_uuid",),
    "name": ("activity_name",),
    "reference_product": ("reference_product_name",),
    "description": ("product_information",),
}

PICKLIST_COLUMNS = frozenset({"activity_uuid_product_uuid", "activity_name", "reference_product_name"})

def infer_unit(reference_product: str) -> str:
    """Unit of a picklist reference product: kWh / MJ / m3 for the three energy markets, else kg.

    ecoinvent's conventions: electricity in kWh, heat in MJ, pipeline natural gas ("..., high pressure")
    in m3 — while vehicle-grade natural gas and natural gas liquids are in kg.
    """
    lowered = reference_product.strip().lower()
    if lowered.startswith("electricity,"):
        return "kWh"
    if lowered.startswith("heat,"):
        return "MJ"
    if lowered.startswith("natural gas,") and "pressure" in lowered and "vehicle grade" not in lowered:
        return "m3"
    return "kg"


def read_picklist(path: Path, on_error: Callable[[CatalogError], None]) -> Iterator[ActivityRecord]:
    """Picklist rows as records (id = activity_uuid_product_uuid, label = reference_product_name)."""
    rows = jsonl_rows(path)
    required = ("id", "name", "reference_product")
    for record in read_rows(path, rows, PICKLIST_MAPPING, on_error, source_database="ecoinvent 3.11", required=required):
        assert record.reference_product is not None
        record.unit = infer_unit(record.reference_product)
        yield record

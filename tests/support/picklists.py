"""Tiny hand-made picklists and catalog rows for search, mapping and triage tests."""

from __future__ import annotations

import json
from pathlib import Path

PICKLIST = [
    ("rhodium", "Rhodium is a precious metal of the platinum group."),
    (
        "metal catalyst for catalytic converter",
        "Washcoat with platinum group metals for exhaust gas aftertreatment.",
    ),
    ("chemical, organic", "Proxy for an unspecified organic chemical."),
    ("chemical, inorganic", "Proxy for an unspecified inorganic chemical."),
    (
        "waste polyethylene terephthalate",
        "'waste polyethylene terephthalate' is a solid waste under the category of municipal wastes.",
    ),
    ("polyethylene terephthalate, granulate, amorphous", "PET granulate for bottles and films."),
    ("injection moulding", "This is delivering the service of 'injection moulding'."),
    ("aluminium removed by milling, average", "Machining of aluminium."),
    ("aluminium, wrought alloy", "Aluminium alloy for rolling and extrusion."),
    ("silicon carbide", "An abrasive ceramic."),
    ("silicon, electronics grade", "Silicon purified for electronics."),
    ("tetrabutyltin", "An organotin compound."),
    ("permanent magnet, for electric motor", "Sintered NdFeB magnet."),
    ("polyethylene terephthalate, granulate, amorphous, recycled", "Recycled PET granulate."),
    ("packaging, for fertilisers", "Bags and boxes for fertilisers."),
]


def write_picklist(path: Path, entries: list[tuple[str, str]] = PICKLIST) -> Path:
    with path.open("w", encoding="utf-8") as fh:
        for i, (name, info) in enumerate(entries):
            fh.write(
                json.dumps(
                    {
                        "activity_uuid_product_uuid": f"id-{i}",
                        "activity_name": f"market for {name}",
                        "reference_product_name": name,
                        "product_information": info,
                    }
                )
                + "\n"
            )
    return path


PICKLIST_ROWS = [
    {"activity_uuid_product_uuid": "a_1", "activity_name": "market for polyethylene, high density, granulate",
     "reference_product_name": "polyethylene, high density, granulate", "product_information": "HDPE granulate."},
    {"activity_uuid_product_uuid": "a_2", "activity_name": "market for electricity, low voltage",
     "reference_product_name": "electricity, low voltage", "product_information": "Electricity."},
    {"activity_uuid_product_uuid": "a_3", "activity_name": "market for natural gas, high pressure",
     "reference_product_name": "natural gas, high pressure", "product_information": None},
    {"activity_uuid_product_uuid": "a_4", "activity_name": "market for heat, district or industrial, natural gas",
     "reference_product_name": "heat, district or industrial, natural gas", "product_information": "Heat."},
]


def write_jsonl(path: Path, rows: list[dict] | list[str]) -> Path:
    path.write_text("".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in rows), encoding="utf-8")
    return path

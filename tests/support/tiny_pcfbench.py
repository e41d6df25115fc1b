"""A hand-made, invented PCFBench folder (20 picklist rows, a few items per task) for runner and task tests."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

PRODUCTS = [
    "aluminium, primary, ingot",
    "aluminium, wrought alloy",
    "steel, low-alloyed",
    "steel, chromium steel 18/8",
    "copper cathode",
    "polypropylene, granulate",
    "polyethylene, high density, granulate",
    "polyethylene terephthalate, granulate, amorphous",
    "glass fibre",
    "flat glass, uncoated",
    "cement, Portland",
    "sand",
    "gravel, crushed",
    "kraft paper",
    "corrugated board box",
    "electricity, low voltage",
    "natural gas, high pressure",
    "heat, district or industrial, natural gas",
    "injection moulding",
    "rhodium",
]


def _picklist_row(i: int, name: str) -> dict[str, Any]:
    return {
        "activity_uuid_product_uuid": f"uuid-{i:02d}",
        "activity_name": f"market for {name}",
        "reference_product_name": name,
        "product_information": f"Invented description of {name} for tests.",
    }


DECOMPOSITION = [
    (
        "d1",
        {
            "product_name": "Garden chair",
            "description": "Plastic chair with steel screws",
            "quantity_unit": "1 piece",
        },
        ["polypropylene", "steel"],
    ),
    ("d2", {"product_name": "Window pane", "quantity_unit": "1 m2"}, ["flat glass", "aluminium"]),
    ("d3", {"product_name": "Concrete block", "quantity_unit": "1 kg"}, ["cement", "sand", "gravel"]),
]
TRIAGE = [
    (
        "t1",
        {
            "market": {"name": "market for garden chair"},
            "material_context_data": {"material_name": "polypropylene"},
        },
        True,
    ),
    (
        "t2",
        {
            "market": {"name": "market for laptop"},
            "material_context_data": {"material_name": "printed circuit board"},
        },
        False,
    ),
    (
        "t3",
        {"market": {"name": "market for bottle"}, "material_context_data": {"material_name": "PET"}},
        True,
    ),
]
MAPPING = [
    ("m1", {"material_name": "PP granules", "supplier": "Acme"}, ["polypropylene, granulate"]),
    ("m2", {"material_name": "Stainless steel 304", "description": "sheet"}, ["steel, chromium steel 18/8"]),
    (
        "m3",
        {
            "material_name": "Portland cement",
            "purchaser_context": {"customer_name": "Build Co", "customer_country": "FR"},
        },
        ["cement, Portland"],
    ),
    ("m4", {"material_name": "Copper"}, ["copper cathode"]),
]
EXTRACTION = [
    (
        "x1",
        {
            "query": "What share of recycled aluminium does the frame contain?",
            "document_text": "The frame contains 35 % recycled aluminium.",
            "source_url": "https://example.org/a",
        },
        [{"value": 35, "unit": "%"}],
    ),
    (
        "x2",
        {
            "query": "How much glass fibre per kg of panel?",
            "document_text": "Each kg of panel uses 0.2 kg/kg glass fibre.",
            "source_url": "https://example.org/b",
        },
        [{"value": 0.2, "unit": "kg/kg"}],
    ),
]
EXTRACTION_ENERGY = [
    (
        "e1",
        {
            "query": "Electricity use per kg?",
            "document_text": "Production needs 1.5 kWh/kg of electricity.",
            "source_url": "https://example.org/c",
        },
        [{"value": 1.5, "unit": "kWh/kg"}],
    ),
    (
        "e2",
        {
            "query": "Natural gas per kg?",
            "document_text": "Drying burns 3 MJ/kg natural gas.",
            "source_url": "https://example.org/d",
        },
        [{"value": 3, "unit": "MJ/kg"}],
    ),
]
EPD = [
    (
        "p1",
        {
            "product_name": "Ceramic tile",
            "description": "Glazed floor tile",
            "quantity_unit": "1 m2",
            "composition": "clay: 70%; sand: 30%",
            "geography": "ES",
            "source_url": "https://example.org/e",
        },
        12.0,
    ),
    (
        "p2",
        {
            "product_name": "Steel beam",
            "quantity_unit": "1 t",
            "country_of_origin": "DE",
            "source_url": "https://example.org/f",
        },
        1200.0,
    ),
    (
        "p3",
        {
            "product_name": "Glass wool",
            "description": "Insulation",
            "quantity_unit": "1 kg",
            "recycled_content": "40%",
            "source_url": "https://example.org/g",
        },
        1.5,
    ),
]


def _rows(items: list[tuple[str, dict[str, Any], Any]], expected_key: str) -> list[dict[str, Any]]:
    out = []
    for rid, inp, exp in items:
        expected = {expected_key: exp}
        out.append(
            {"id": rid, "input": inp, "expected_output": expected, "metadata": {"product_category": "test"}}
        )
    return out


def write_tiny_pcfbench(root: Path) -> Path:
    """Write the folder under ``root`` and return it."""
    root.mkdir(parents=True, exist_ok=True)
    files = {
        "ecoinvent_picklist.jsonl": [_picklist_row(i, n) for i, n in enumerate(PRODUCTS)],
        "task1_decomposition.jsonl": _rows(DECOMPOSITION, "components"),
        "task2_triage.jsonl": _rows(TRIAGE, "should_map"),
        "task3_mapping.jsonl": _rows(MAPPING, "options"),
        "task4_extraction_material.jsonl": _rows(EXTRACTION, "claims"),
        "task5_extraction_energy.jsonl": _rows(EXTRACTION_ENERGY, "claims"),
        "task7_epd.jsonl": _rows(EPD, "kgco2e"),
    }
    for name, rows in files.items():
        (root / name).write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return root

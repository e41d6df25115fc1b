"""What a user (or a benchmark row) asks the engine to estimate: :class:`ProductSpec`.

A product is a name, optionally a description, a declared unit, a composition string
("sand: 41%; glass cullet: 35%; …") or a bill of materials (rows of name + amount + unit), a region and
a recycled-content statement. :func:`product_from_epd_input` builds one from a PCFBench EPD row input.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field


class BomEntry(BaseModel):
    """One row of a user's bill of materials: ``amount`` ``unit`` per declared unit (or a share).

    ``unit`` may be a mass (kg, g, t), a share (%, g/kg, kg/kg), or an energy (kWh, MJ) for a process
    energy line given by the user. ``parent`` names the composite this row belongs to (BOM tree).
    ``activity`` forces the activity/factor name to look up (a user's mapping choice).
    """

    model_config = ConfigDict(extra="forbid")

    name: str
    amount: float
    unit: str = "kg"
    parent: str | None = None
    activity: str | None = None
    recycled: bool | None = None


class ProductSpec(BaseModel):
    """The engine's input. ``composition`` and ``bom`` are alternatives (``bom`` wins when both)."""

    model_config = ConfigDict(extra="forbid")

    name: str
    description: str | None = None
    declared_unit: str = Field("1 kg", description="e.g. '1 kg', 'kilogram', '1 m2'")
    declared_mass_kg: float | None = Field(None, description="Mass of one declared unit when it is not a mass")
    composition: str | None = None
    composition_origin: Literal["composition", "default"] = Field(
        "composition",
        description="Who wrote the composition: 'composition' = given by the user or the data; 'default' = "
        "derived by openpcf's offline decomposition from the name and description (wider Monte Carlo spread)",
    )
    bom: list[BomEntry] | None = None
    region: str | None = Field(None, description="Country name or ISO code of production")
    recycled_content: str | float | None = None
    category: str | None = Field(None, description="Product category (environdec wording), when known")


def product_from_epd_input(inp: Any, *, category: str | None = None) -> ProductSpec:
    """A :class:`ProductSpec` from a PCFBench EPD input (a model or a dict with the T7 fields).

    Geography wins over country of origin for the region; empty fields are ignored.
    """
    data = inp if isinstance(inp, dict) else inp.model_dump()
    region = data.get("geography") or data.get("country_of_origin") or None
    recycled = data.get("recycled_content")
    return ProductSpec(
        name=str(data.get("product_name") or "product"),
        description=data.get("description") or None,
        declared_unit=str(data.get("quantity_unit") or "1 kg"),
        composition=data.get("composition") or None,
        region=region,
        recycled_content=recycled if recycled not in ("", None) else None,
        category=category,
    )


#: Declared units that count things: one of them is one ``item`` ("1 bottle", "1 pair of shoes", "1 piece").
COUNTED_NOUNS = frozenset({
    "item", "items", "piece", "pieces", "pc", "pcs", "unit", "units", "each", "ea", "article", "articles",
    "bottle", "bottles", "pair", "pairs", "can", "cans", "jar", "jars", "box", "boxes", "pack", "packs", "package",
    "packages", "bag", "bags", "set", "sets", "roll", "rolls", "sheet", "sheets", "carton", "cartons", "tube",
    "tubes", "pallet", "pallets", "device", "devices", "garment", "garments", "product", "products",
})


def counted_unit(unit: str) -> str | None:
    """``"item"`` when a declared-unit text counts things (``"bottle"``, ``"pair of shoes"``, ``"piece (0.5 l)"``),
    else None. The noun is the first word; whatever follows (what is counted) does not change the unit."""
    words = unit.strip().lower().replace("(", " ").split()
    return "item" if words and words[0] in COUNTED_NOUNS else None

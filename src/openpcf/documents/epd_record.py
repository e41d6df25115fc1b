"""The structured record of an Environmental Product Declaration (EN 15804), each field with its evidence.

One record for every source format (an EPD PDF, an ILCD+EPD XML data set, an openEPD JSON document).
Evidence says where a value was read: the page and the verbatim line for a PDF, the element path or
JSON pointer and the raw value for a structured file. GWP figures are kg CO2e per declared unit.
"""

from __future__ import annotations

from typing import Generic, Literal, TypeVar

from pydantic import BaseModel, Field

EpdFormat = Literal["pdf", "ilcd", "openepd"]
GwpIndicator = Literal["GWP-total", "GWP-fossil", "GWP-biogenic", "GWP-luluc"]
GWP_INDICATORS: tuple[GwpIndicator, ...] = ("GWP-total", "GWP-fossil", "GWP-biogenic", "GWP-luluc")
#: Life-cycle modules of EN 15804 in table order; "A1-A3" is the product stage declared as one figure.
MODULES = ("A1-A3", "A1", "A2", "A3", "A4", "A5", "B1", "B2", "B3", "B4", "B5", "B6", "B7",
           "C1", "C2", "C3", "C4", "D")

T = TypeVar("T")


class Evidence(BaseModel):
    """Where a value was read: ``page`` (PDF, 1-based) or ``location`` (XML path / JSON pointer), and the
    verbatim ``quote`` it was read from."""

    quote: str
    page: int | None = None
    location: str | None = None


class Stated(BaseModel, Generic[T]):
    """A value as the EPD states it, with its evidence."""

    value: T
    evidence: Evidence


class ModuleResult(BaseModel):
    """One indicator in one life-cycle module: ``value`` kg CO2e per declared unit."""

    indicator: GwpIndicator
    module: str = Field(description="EN 15804 module: A1-A3, A1, A4, C3, D, …")
    value: float = Field(allow_inf_nan=False, description="kg CO2e per declared unit")
    unit: str = "kg CO2e"
    evidence: Evidence


class CompositionRow(BaseModel):
    """One line of the EPD's composition (content declaration) table."""

    material: str
    share_percent: float | None = Field(None, description="Mass share, % of the declared unit")
    mass_kg: float | None = Field(None, description="kg per declared unit")
    evidence: Evidence


class EpdRecord(BaseModel):
    """An EPD read into data; every field None/empty when the source does not state it."""

    source: str
    format: EpdFormat
    product_name: Stated[str] | None = None
    declared_unit: Stated[str] | None = Field(None, description="As a quantity and unit, e.g. '1 m3'")
    reference_service_life: Stated[str] | None = Field(None, description="e.g. '50 years'")
    gwp: list[ModuleResult] = Field(default_factory=list)
    composition: list[CompositionRow] = Field(default_factory=list)
    geography: Stated[str] | None = None
    programme_operator: Stated[str] | None = None
    registration_number: Stated[str] | None = None
    date_of_issue: Stated[str] | None = None
    valid_until: Stated[str] | None = None
    pcr: Stated[str] | None = None
    warnings: list[str] = Field(default_factory=list)

    def gwp_value(self, indicator: GwpIndicator = "GWP-total", module: str = "A1-A3") -> float | None:
        """kg CO2e per declared unit of ``indicator`` in ``module``; A1-A3 is summed from A1, A2 and A3
        when only those are declared."""
        for r in self.gwp:
            if r.indicator == indicator and r.module == module:
                return r.value
        if module == "A1-A3":
            parts = [self.gwp_value(indicator, m) for m in ("A1", "A2", "A3")]
            if all(p is not None for p in parts):
                return float(sum(p for p in parts if p is not None))
        return None

    def module_table(self) -> dict[str, dict[str, float]]:
        """``{indicator: {module: kg CO2e}}`` in EN 15804 module order."""
        order = {m: i for i, m in enumerate(MODULES)}
        table: dict[str, dict[str, float]] = {}
        for r in sorted(self.gwp, key=lambda r: (GWP_INDICATORS.index(r.indicator), order.get(r.module, 99))):
            table.setdefault(r.indicator, {})[r.module] = r.value
        return table

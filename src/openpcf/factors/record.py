"""The emission-factor record and the match a resolver returns.

A :class:`Factor` is one number — kg CO2e per ``unit`` — with everything a user needs to judge it:
boundary, geography, reference year, GWP basis, source (publisher, document, table/row), licence,
quality flag and notes. Nothing without provenance is ever a Factor.
"""

from __future__ import annotations

import math
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from openpcf import units

Quality = Literal["high", "medium", "low", "estimate"]
Method = Literal["exact", "alias", "search", "class", "key", "energy", "computed"]
Confidence = Literal["high", "medium", "low"]
#: Life-cycle stages a cradle-to-gate value can cover. ``conversion`` is the forming or processing step
#: that turns the material into the form named by the factor (a moulded plastic part, ready-mix concrete,
#: a processed food); an engine adds its own process energy only for stages a factor leaves out.
Stage = Literal["material_production", "conversion", "packaging", "transport_to_gate"]
STAGES: tuple[str, ...] = ("material_production", "conversion", "packaging", "transport_to_gate")
#: Production route: virgin feed only, the market mix of a country (virgin and recycled as sold), or
#: secondary material made from recycled feed.
Route = Literal["primary", "market_mix", "secondary"]
#: Per kg of product as it leaves the producing plant, or as consumed (losses downstream included).
Basis = Literal["as_produced", "as_consumed"]


class Source(BaseModel):
    """Where a factor's number comes from, precisely enough to look it up again."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    publisher: str
    document: str
    table: str | None = None
    row: str | None = None
    url: str | None = None

    def cite(self) -> str:
        """One-line citation: publisher, document, table, row."""
        parts = [self.publisher, self.document]
        if self.table:
            parts.append(self.table)
        if self.row:
            parts.append(f"row {self.row}")
        return ", ".join(parts)


class Citation(BaseModel):
    """A literature estimate's publication, precisely enough to check it (``recalled`` = from memory, not
    read from the document while building the library; re-check before publishing results)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    authors: str
    title: str
    year: int
    locator: str = Field(description="table, figure or page the value comes from")
    recalled: bool = True
    value_as_published: str = Field("", description="the figure as the document gives it, with its unit")


class GhgSplit(BaseModel):
    """Where a factor's kg CO2e comes from, per unit, when the source tells (ISO 14067 / GHG Protocol).

    ``fossil + biogenic_non_co2 + luluc`` is the factor's ``value`` (the headline); ``biogenic_co2``
    (kg CO2 emitted from biomass carbon) and ``biogenic_uptake`` (kg CO2 taken up by biomass, ≤ 0) are
    reported beside it and are not in it. ``rule`` says how each flow's origin was decided.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    fossil: float = Field(description="kg CO2e: fossil CO2 and CH4 and all other GHGs (N2O, F-gases)")
    biogenic_non_co2: float = Field(0.0, description="kg CO2e: biogenic methane (in the headline)")
    luluc: float = Field(0.0, description="kg CO2e: land use and land-use change (in the headline)")
    biogenic_co2: float = Field(0.0, description="kg CO2 emitted from biomass carbon (NOT in the headline)")
    biogenic_uptake: float = Field(0.0, le=0.0, description="kg CO2 taken up by biomass, ≤ 0 (NOT in the "
                                                            "headline)")
    rule: str = Field("", description="How the origin of each CO2/CH4 flow was decided")

    def headline(self) -> float:
        """kg CO2e counted in the factor's value: fossil + biogenic non-CO2 + land-use change."""
        return self.fossil + self.biogenic_non_co2 + self.luluc


class Factor(BaseModel):
    """One emission factor: ``value`` kg CO2e per ``unit`` of the named good, service or flow."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(description="Stable identifier, '<source>:<category>:<slug>'")
    name: str
    aliases: tuple[str, ...] = ()
    value: float = Field(description="kg CO2e per unit")
    unit: str = Field(description="Canonical unit: kg, t, kWh, MJ, m3, l, tkm, USD, item")
    boundary: str = Field(description="cradle-to-gate, combustion+upstream, generation, characterisation…")
    geography: str = Field(description="ISO 3166 alpha-2/3 code, or GLO / region name")
    year: int
    gwp: str = Field(description="GWP basis, e.g. 'IPCC AR6 GWP100', 'IPCC AR5 GWP100', 'EF 3.1 (IPCC AR6)'")
    source: Source
    license: str
    quality: Quality = "medium"
    category: str = Field("material", description="material, fuel, electricity, heat, freight, food, …")
    notes: str = ""
    details: dict[str, float | str] = Field(default_factory=dict)
    stages: tuple[Stage, ...] = Field((), description="Life-cycle stages the value covers; empty = not stated "
                                      "(read as material production only)")
    route: Route | None = Field(None, description="primary, market_mix or secondary; None = not stated")
    basis: Basis | None = Field(None, description="as_produced or as_consumed; None = not stated")
    boundary_rule: str = Field("", description="Why these stages, route and basis: the source rule applied")
    ghg: GhgSplit | None = Field(None, description="Fossil / biogenic / land-use change split, when the source "
                                 "gives one (None = not separated by the source)")
    citation: Citation | None = Field(None, description="Literature estimate: the publication the value is "
                                      "read or recalled from")

    def covers(self, stage: str) -> bool:
        """True when the factor's value includes ``stage`` (a factor that states nothing covers production only)."""
        return stage in self.stages if self.stages else stage == "material_production"

    @field_validator("value")
    @classmethod
    def _finite(cls, v: float) -> float:
        if not math.isfinite(v):
            raise ValueError("factor value must be finite")
        return v

    @field_validator("aliases")
    @classmethod
    def _unique_aliases(cls, v: tuple[str, ...]) -> tuple[str, ...]:
        seen: set[str] = set()
        out = []
        for a in v:
            key = a.strip().lower()
            if key and key not in seen:
                seen.add(key)
                out.append(a.strip())
        return tuple(out)

    @field_validator("unit")
    @classmethod
    def _known_unit(cls, v: str) -> str:
        units.parse_unit(v)  # raises UnitError (a ValueError) naming the unit
        return v

    def per(self, unit: str) -> Factor:
        """The same factor expressed per ``unit`` (per t → per kg; per kWh → per MJ).

        Raises :class:`openpcf.units.UnitError` when the dimensions differ (kg vs kWh).
        """
        if units.canonical_unit(unit) == units.canonical_unit(self.unit):
            return self
        value = units.convert_per_unit(self.value, self.unit, unit)
        note = f"converted from {self.value:g} kg CO2e per {self.unit}"
        return self.model_copy(
            update={
                "value": value,
                "unit": units.canonical_unit(unit),
                "notes": f"{self.notes}; {note}" if self.notes else note,
            }
        )

    def summary(self) -> dict[str, object]:
        """The compact view written by ``openpcf factors resolve`` (and shown to users)."""
        return {
            "id": self.id,
            "name": self.name,
            "value": float(f"{self.value:.10g}"),
            "unit": self.unit,
            "source": self.source.cite(),
            "license": self.license,
            "year": self.year,
            "geography": self.geography,
            "gwp": self.gwp,
            "route": self.route,
            "stages": list(self.stages),
        }


class QueryContext(BaseModel):
    """Where a name is used: the product (``category``) and the other inputs of the same product
    (``siblings``). The resolver reads it to pick the sense of an ambiguous name ("lime" in a steel batch
    is the mineral; in a soft drink, the fruit)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    category: str | None = None
    siblings: tuple[str, ...] = ()


class FactorQuery(BaseModel):
    """What a caller asks for: a name (and optionally the unit, geography, picklist key and context)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str
    unit: str | None = None
    geography: str | None = None
    key: str | None = Field(None, description="ecoinvent activity_uuid_product_uuid, when known")
    context: QueryContext | None = Field(None, description="the product and sibling inputs, for the sense of a name")

    @field_validator("unit")
    @classmethod
    def _known_unit(cls, v: str | None) -> str | None:
        if v is not None:
            units.parse_unit(v)  # an unknown unit is an error, not "no factor"
        return v


class FactorMatch(BaseModel):
    """A resolver's answer: the factor, how it was found, a score in [0, 1] and a confidence flag."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    factor: Factor
    method: Method
    score: float = Field(ge=0.0, le=1.0)
    confidence: Confidence
    resolver: str = ""
    query: str = ""
    matched_text: str = ""

    def as_output(self) -> dict[str, object]:
        """``{"factor": …, "match": {"method", "score", "confidence", "resolver"}}``."""
        return {
            "factor": self.factor.summary(),
            "match": {
                "method": self.method,
                "score": round(self.score, 4),
                "confidence": self.confidence,
                "resolver": self.resolver,
                "matched": self.matched_text,
            },
        }

"""The trace: a PCF result that carries every number with its source.

A :class:`Trace` is the product of ``openpcf estimate``. Reports render it; nothing recomputes it except
:func:`openpcf.engine.aggregation.total_kgco2e`, the one function that turns a trace into kg CO2e.

Every input line keeps the name as the user gave it, the activity chosen for it (with the alternatives
considered and their scores), the rate per declared unit with its unit and origin, the emission factor
with full provenance and the resulting contribution. Energy lines (process electricity and heat) use the
same model. Checks, uncertainty, edits, what-if comparisons and the software/data versions travel with it.

The JSON schema of this model is versioned by :data:`TRACE_SCHEMA_VERSION` and written to
``docs/trace-schema.md`` (see :func:`trace_json_schema`).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from openpcf import units

#: Bump the minor part for added optional fields, the major part for anything that breaks a reader.
TRACE_SCHEMA_VERSION = "1.1"  # 1.1: what_ifs

#: Where a rate came from: given by the user (BOM file, --set), parsed from a composition string,
#: proposed by a language model, or a documented engine default (process energy, packaging).
RateOrigin = Literal["user", "composition", "model", "default"]
LineKind = Literal["material", "energy", "process"]
Severity = Literal["info", "warning", "error"]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class DeclaredUnit(_Model):
    """What one result is per: ``amount`` ``unit`` (1 kg, 1 m2, 1 item). ``mass_kg`` is the mass of one
    declared unit when known (needed to turn a mass composition into kg per declared unit)."""

    amount: float = 1.0
    unit: str = "kg"
    mass_kg: float | None = None

    def label(self) -> str:
        return f"{self.amount:g} {self.unit}"

    def unit_mass_kg(self) -> float | None:
        """Mass of one declared unit in kg: ``mass_kg`` when given, else the unit itself when it is a mass
        ("1000 kg" → 1000, "1 t" → 1000), else None ("1 m2" with no mass given). The one computation of
        it in openpcf. (Named so because the field ``mass_kg`` holds the mass as given, in the trace.)"""
        if self.mass_kg is not None:
            return self.mass_kg
        try:
            return units.convert(self.amount, self.unit, "kg")
        except units.UnitError:
            return None


class ProductInfo(_Model):
    """The product as the user described it (nothing here is inferred except ``category`` when marked)."""

    name: str
    description: str | None = None
    declared_unit: DeclaredUnit = Field(default_factory=DeclaredUnit)
    region: str | None = Field(None, description="ISO 3166 alpha-2 code of the production region, if known")
    region_as_given: str | None = None
    category: str | None = None
    category_origin: Literal["user", "inferred", "default"] = "default"
    composition_as_given: str | None = None
    recycled_content: str | None = None


class Rate(_Model):
    """How much of an input goes into one declared unit.

    ``value`` is in ``unit`` per declared unit (``kg`` for materials, ``kWh`` / ``MJ`` for energy);
    ``as_given`` keeps the user's text ("41%", "250 g/kg"). ``spread`` is the geometric standard
    deviation used by the Monte Carlo (≥ 1; documented defaults per origin in ``uncertainty.py``).
    """

    value: float
    unit: str
    origin: RateOrigin
    as_given: str | None = None
    spread: float = 1.0
    note: str | None = None


class Alternative(_Model):
    """A candidate considered for an input and not chosen (or chosen: ``chosen=True``)."""

    name: str
    id: str | None = None
    score: float | None = None
    factor_id: str | None = None
    factor_value: float | None = Field(None, description="kg CO2e per factor unit")
    factor_unit: str | None = None
    chosen: bool = False


class Activity(_Model):
    """The background activity an input was mapped to: what was searched, what was chosen, the rest."""

    query: str = Field(description="The text used to look up the activity (normalised from the name)")
    name: str | None = Field(None, description="Chosen activity / factor name; None when nothing matched")
    id: str | None = None
    score: float | None = None
    method: str | None = Field(None, description="exact, alias, search, proxy, user, model…")
    alternatives: list[Alternative] = Field(default_factory=list)


class FactorProvenance(_Model):
    """An emission factor with everything needed to look it up again and judge it."""

    id: str
    name: str
    value: float = Field(description="kg CO2e per unit")
    unit: str
    source: str = Field(description="Citation: publisher, document, table, row")
    license: str
    year: int | None = None
    geography: str | None = None
    gwp: str | None = None
    boundary: str | None = None
    quality: str | None = Field(None, description="high, medium, low, estimate")
    url: str | None = None
    resolver: str | None = None
    match_method: str | None = None
    match_score: float | None = None
    confidence: str | None = None
    spread: float = Field(1.0, description="Geometric standard deviation used by the Monte Carlo")
    notes: str | None = None
    stages: list[str] = Field(default_factory=list, description="Life-cycle stages the factor covers "
                              "(material_production, conversion, packaging, transport_to_gate); empty = not stated")
    route: str | None = Field(None, description="primary, market_mix or secondary")
    basis: str | None = Field(None, description="as_produced or as_consumed")


class LineBoundary(_Model):
    """What the engine decided for one material line about the stages its factor leaves out, as data."""

    conversion_energy: Literal["covered_by_factor", "added", "not_applicable"] = Field(
        description="covered_by_factor: the factor includes the conversion step, so no process energy is added "
        "for this mass; added: the mass is in the base of the process-energy lines; not_applicable: packaging")
    recycled_rule: Literal["cut_off"] | None = Field(
        None, description="cut_off: recycled content enters burden-free at the point of recycling, reprocessing counted")
    reason: str = ""


class InputLine(_Model):
    """One node of the bill of materials, or one energy line.

    Composite nodes (``children`` non-empty) carry no factor: their leaves do. ``kgco2e`` is written by
    the aggregation module from ``rate`` × ``factor`` (converted to the factor's unit) and is ``None``
    when the line has no factor — it is then reported by the ``missing_factor`` check, never zero.
    """

    id: str
    name: str = Field(description="The name exactly as given (composition, BOM file, model)")
    kind: LineKind = "material"
    role: str | None = Field(None, description="product, packaging, water, remainder, process energy…")
    parent_id: str | None = None
    depth: int = 0
    children: list[str] = Field(default_factory=list)
    rate: Rate
    recycled: bool = False
    activity: Activity | None = None
    factor: FactorProvenance | None = None
    kgco2e: float | None = Field(None, description="Contribution, kg CO2e per declared unit")
    share: float | None = Field(None, description="Share of the total (0-1), for the contribution table")
    notes: list[str] = Field(default_factory=list)
    boundary: LineBoundary | None = Field(None, description="Process-energy and recycled-content decisions for "
                                          "this material line")


class Check(_Model):
    """A structural check: its code, outcome and the lines concerned."""

    code: str = Field(
        description="mass_balance, composition_sum, ghost_input, missing_factor, composite_trace_ingredient, "
        "unit_mismatch, proxy_factor, reconciliation, …"
    )
    severity: Severity
    passed: bool
    message: str
    input_ids: list[str] = Field(default_factory=list)
    value: float | None = None


class VarianceContributor(_Model):
    input_id: str
    name: str
    share: float = Field(description="Share of the Monte Carlo variance of the total due to this line (0-1)")


class Uncertainty(_Model):
    """Seeded Monte Carlo over rates and factors (lognormal, spreads as geometric standard deviations)."""

    method: Literal["monte_carlo"] = "monte_carlo"
    runs: int
    seed: int
    median: float
    p2_5: float
    p97_5: float
    mean: float
    contributors: list[VarianceContributor] = Field(default_factory=list)


class Edit(_Model):
    """A change a user made to an estimate (a what-if lever or a manual edit), recorded in order."""

    lever: str = Field(description="The lever as typed, e.g. 'recycled aluminium=80%' or 'region=FR'")
    target: str | None = Field(None, description="Input id changed, or 'region'")
    field: str = Field(description="rate, activity, region, factor")
    old: Any = None
    new: Any = None
    kgco2e_before: float | None = None
    kgco2e_after: float | None = None


class WhatIf(_Model):
    """A what-if compared with the base case: the lever applied to a copy of this estimate, whose own numbers
    (the headline) stay those of the base case. kg CO2e per declared unit."""

    lever: str = Field(description="The lever as typed, e.g. 'recycled aluminium=80%' or 'region=FR'")
    target: str | None = Field(None, description="Input id changed, or 'region'")
    field: str = Field(description="rate, region")
    old: Any = None
    new: Any = None
    base_kgco2e: float = Field(description="Total of the base case (this trace's headline)")
    kgco2e: float = Field(description="Total with the lever applied")
    p2_5: float | None = Field(None, description="95% interval of the what-if total (same seed and runs)")
    p97_5: float | None = None
    region: str | None = Field(None, description="Production region of the what-if")


class Versions(_Model):
    schema_version: str = TRACE_SCHEMA_VERSION
    software: str
    factor_library: str | None = None
    catalog: str | None = None
    model: str | None = Field(None, description="Language model used to fill gaps, if any")


class Result(_Model):
    """The headline numbers (written by ``aggregation.total_kgco2e`` and ``uncertainty``)."""

    kgco2e: float = Field(description="kg CO2e per declared unit")
    declared_unit: str
    materials_kgco2e: float = 0.0
    energy_kgco2e: float = 0.0
    median: float | None = None
    p2_5: float | None = None
    p97_5: float | None = None
    inputs_without_factor: int = 0
    mass_share_with_factor: float | None = Field(None, description="Share of leaf material mass with a factor")
    mass_balance: float | None = Field(None, description="S = Σ leaf material kg per kg of product")
    complete: bool = Field(True, description="False when inputs without a factor exceed the documented share of "
                           "mass, or proxies carry more than the documented share of the total (see checks)")
    mass_share_without_factor: float | None = Field(None, description="Share of leaf material mass with no factor "
                                                    "at all (not in the total)")
    emissions_share_own_factor: float | None = Field(None, description="Share of the total carried by lines with a "
                                                     "factor of their own (proxies excluded)")


class Trace(_Model):
    """A complete, auditable PCF estimate (schema :data:`TRACE_SCHEMA_VERSION`)."""

    schema_version: str = TRACE_SCHEMA_VERSION
    product: ProductInfo
    inputs: list[InputLine] = Field(default_factory=list, description="BOM tree, flattened (parent_id links)")
    energy: list[InputLine] = Field(default_factory=list, description="Process energy lines (kind energy) and direct process emissions (kind process)")
    checks: list[Check] = Field(default_factory=list)
    uncertainty: Uncertainty | None = None
    result: Result | None = None
    edits: list[Edit] = Field(default_factory=list, description="Changes applied to this estimate (e.g. an activity choice)")
    what_ifs: list[WhatIf] = Field(default_factory=list, description="Scenarios compared with this estimate, not applied to it")
    versions: Versions
    settings: dict[str, Any] = Field(default_factory=dict, description="Seed, runs, model, resolver names…")

    # ------------------------------------------------------------ navigation (no arithmetic here)

    def line(self, line_id: str) -> InputLine:
        for line in (*self.inputs, *self.energy):
            if line.id == line_id:
                return line
        raise KeyError(line_id)

    def leaves(self) -> list[InputLine]:
        """Material lines that carry a factor slot (no children)."""
        return [x for x in self.inputs if not x.children]

    def roots(self) -> list[InputLine]:
        return [x for x in self.inputs if x.parent_id is None]

    def all_lines(self) -> list[InputLine]:
        """Every line that can contribute: material leaves and energy lines."""
        return [*self.leaves(), *self.energy]


def trace_json_schema() -> dict[str, Any]:
    """The JSON schema of :class:`Trace` (documented in docs/trace-schema.md)."""
    schema = Trace.model_json_schema()
    schema["$id"] = f"https://openpcf.org/schema/trace-{TRACE_SCHEMA_VERSION}.json"
    schema["title"] = f"openpcf trace {TRACE_SCHEMA_VERSION}"
    return schema

"""What a model submits for each task (the arguments of its ``submit`` tool)."""

from __future__ import annotations

from pydantic import BaseModel, Field


class ComponentsAnswer(BaseModel):
    """Bill of materials, heaviest first."""

    components: list[str] = Field(description="input materials, heaviest first, at most 8")


class TriageAnswer(BaseModel):
    should_map: bool = Field(description="true: map directly to one activity; false: decompose further")
    confidence: float | None = Field(
        default=None, ge=0.0, le=1.0, description="probability the decision is right"
    )


class MappingAnswer(BaseModel):
    reference_product: str = Field(description="exact reference product name of the chosen activity")
    confidence: float | None = Field(
        default=None, ge=0.0, le=1.0, description="probability the choice is right"
    )


class ClaimAnswer(BaseModel):
    value: float
    unit: str
    evidence: list[str] = Field(default_factory=list, description="short verbatim quotes from the document")


class ClaimsAnswer(BaseModel):
    claims: list[ClaimAnswer] = Field(description="numeric answers to the question; empty when there is none")


class FootprintAnswer(BaseModel):
    kgco2e: float = Field(description="kg CO2e per declared unit, cradle to gate (A1-A3)")


class GroupAnswer(BaseModel):
    predicted: list[int] = Field(description="0-based indices into the predicted components")
    expected: list[int] = Field(description="0-based indices into the reference components")


class AlignmentAnswer(BaseModel):
    groups: list[GroupAnswer]

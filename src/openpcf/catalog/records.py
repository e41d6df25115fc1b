"""The activity / process record every catalog reader produces, and the error readers raise."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from openpcf.formats.problems import FormatError


class ActivityRecord(BaseModel):
    """One background activity (ecoinvent picklist row) or LCI process (ILCD, JSON-LD, EcoSpold 1).

    ``unit`` is the unit of the reference flow (``kg``, ``kWh``, ``m3``, ``MJ`` ...); ``names`` keeps
    every language variant of the name (``{"en": ..., "zh": ...}``); ``extra`` keeps source fields
    that have no dedicated slot, so nothing a reader saw is lost.
    """

    model_config = ConfigDict(extra="forbid")

    id: str
    name: str
    reference_product: str | None = None
    description: str | None = None
    unit: str | None = None
    geography: str | None = None
    classification: list[str] = Field(default_factory=list)
    technology: str | None = None
    time_period: str | None = None
    dataset_type: str | None = None
    source_database: str | None = None
    names: dict[str, str] = Field(default_factory=dict)
    extra: dict[str, Any] = Field(default_factory=dict)

    @property
    def label(self) -> str:
        """The name a user picks: the reference product when there is one, else the process name."""
        return self.reference_product or self.name


class CatalogError(FormatError):
    """A catalog file or record that cannot be read; the message names the file (and line/field)."""

    def __init__(self, source: str, message: str, *, line: int | None = None, field: str | None = None):
        super().__init__(source, message, line=line, field=field)

    @property
    def source(self) -> str:
        return self.file

    @classmethod
    def from_format_error(cls, exc: FormatError) -> CatalogError:
        """The same problem as a catalog error (readers in ``openpcf.formats`` raise FormatError)."""
        if isinstance(exc, CatalogError):
            return exc
        return cls(exc.file, exc.message, line=exc.line, field=exc.field)


class MalformedRecord(BaseModel):
    """A record skipped at the user's request (``skip_malformed=True``), kept so it can be reported."""

    source: str
    line: int | None = None
    field: str | None = None
    message: str

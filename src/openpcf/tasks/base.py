"""The solver protocol every system under test implements, one item at a time."""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from pydantic import BaseModel, ConfigDict, Field

from openpcf.benchmark.predictions import Usage


class SolverResult(BaseModel):
    """What a solver returns for one item: the task output (predictions format) and how it was got."""

    model_config = ConfigDict(extra="allow")

    output: dict[str, Any] | None = None
    error: str | None = None
    usage: Usage = Field(default_factory=Usage)
    trace: dict[str, Any] | None = None


@runtime_checkable
class Solver(Protocol):
    """Solves one task row. ``row`` is the typed row of :mod:`openpcf.benchmark.data` (input only is used:
    a solver must never read ``row.expected_output``)."""

    name: str

    async def solve(self, row: Any) -> SolverResult: ...

"""The solver protocol every system under test implements, one item at a time, and the options that
configure a system (the runner's options extend them)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from pydantic import BaseModel, ConfigDict, Field

from openpcf.llm.models import GenerationSettings
from openpcf.llm.retry import RetryPolicy
from openpcf.pcfbench.predictions import Usage


class SolverResult(BaseModel):
    """What a solver returns for one item: the task output (predictions format) and how it was got."""

    model_config = ConfigDict(extra="allow")

    output: dict[str, Any] | None = None
    error: str | None = None
    usage: Usage = Field(default_factory=Usage)
    trace: dict[str, Any] | None = None


@runtime_checkable
class Solver(Protocol):
    """Solves one task row. ``row`` is the typed row of :mod:`openpcf.pcfbench.data` (input only is used:
    a solver must never read ``row.expected_output``)."""

    name: str

    async def solve(self, row: Any) -> SolverResult: ...


DEFAULT_BUDGET = 20  # tool calls an agentic solver may make per item


class SystemOptions(BaseModel):
    """How the system under test is configured (the runner's options extend these)."""

    model_config = ConfigDict(extra="forbid")

    system: str = "model"  # which model system: "model" (openpcf's task solvers) or "parakeet" (mapping)
    agentic: bool = False
    query_only: bool = False
    setting: str | None = None
    prompts_dir: Path | None = None
    base_url: str | None = None
    settings: GenerationSettings = Field(default_factory=GenerationSettings)
    requests_per_minute: float | None = Field(default=None, gt=0)
    retry: RetryPolicy = Field(default_factory=RetryPolicy)
    budget: int = Field(default=DEFAULT_BUDGET, ge=1)
    max_document_chars: int = Field(default=120_000, ge=1000)
    cache: bool = True

"""``RUNDIR/summary.json``: the scorer's task score of a run (per-item scores go to ``scores.jsonl``).

``{"task", "n_items", "n_failed", "metrics": {NAME: {"value", "se", "ci", "n"}}, "strata", "warnings",
"setting", "model", "usage", "judge_usage"?}``; a run whose scoring failed has ``{"task", "error"}`` only.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from openpcf.pcfbench.scoring import MetricValue, StratumScore

SUMMARY_FILE = "summary.json"


class RunSummary(BaseModel):
    """The typed ``summary.json``; unknown keys are kept (older and newer runs stay readable)."""

    model_config = ConfigDict(extra="allow")

    task: str | None = None
    n_items: int | None = None
    n_failed: int | None = None
    metrics: dict[str, MetricValue] = Field(default_factory=dict)
    strata: dict[str, dict[str, StratumScore]] = Field(default_factory=dict)
    warnings: list[str] = Field(default_factory=list)
    setting: str | None = None
    model: str | None = None
    usage: dict[str, Any] | None = None
    judge_usage: dict[str, Any] | None = None
    error: str | None = None


def read_summary(run_dir: str | Path) -> RunSummary | None:
    """The run's summary, or None when it has none; an unreadable file raises ``ValueError`` naming it."""
    path = Path(run_dir) / SUMMARY_FILE
    if not path.is_file():
        return None
    try:
        return RunSummary.model_validate_json(path.read_text(encoding="utf-8"))
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = ".".join(str(p) for p in err.get("loc", ()))
        raise ValueError(f"{path}: not a readable openpcf summary ({loc}: {err['msg']})") from None

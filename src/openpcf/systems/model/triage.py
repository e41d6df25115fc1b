"""Task 2: map a material directly to one background activity, or decompose it further."""

from __future__ import annotations

from typing import Any

from openpcf.systems.model.answers import TriageAnswer
from openpcf.systems.model.model_solver import TaskPrompt


def _context(row: Any) -> dict[str, Any]:
    return {"market": row.input.market, "material": row.input.material_context_data}


def _finish(row: Any, answer: TriageAnswer) -> tuple[dict[str, Any], dict[str, Any]]:
    out: dict[str, Any] = {"should_map": answer.should_map}
    if answer.confidence is not None:
        out["confidence"] = answer.confidence
    return out, {}


def triage_prompt(picklist: list[str] | None, *, agentic: bool) -> TaskPrompt:
    """Single-shot: the whole picklist in the system prompt; agentic: the tools instead."""
    return TaskPrompt(
        system="triage.agentic.system.j2" if agentic else "triage.system.j2",
        user="triage.user.j2",
        answer=TriageAnswer,
        context=_context,
        finish=_finish,
        system_context={} if agentic else {"picklist": picklist or []},
    )

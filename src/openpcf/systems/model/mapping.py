"""Task 3: the picklist activity (reference product name) that represents a material.

The model's answer is snapped to a real picklist name — exact, else case-insensitive (trimmed) — and the
raw answer is kept in the output (``raw_reference_product``) and the trace.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from openpcf.systems.model.answers import MappingAnswer
from openpcf.systems.model.model_solver import TaskPrompt


class PicklistNames:
    """The picklist's reference product names, for exact and case-insensitive look-up."""

    def __init__(self, names: Iterable[str]):
        self.names: list[str] = list(dict.fromkeys(names))
        self._exact = set(self.names)
        self._lower: dict[str, str] = {}
        for n in self.names:
            self._lower.setdefault(n.strip().lower(), n)

    def snap(self, answer: str) -> tuple[str | None, str]:
        """``(picklist name, how)`` with how ∈ {"exact", "case-insensitive", "none"}."""
        if answer in self._exact:
            return answer, "exact"
        hit = self._lower.get(answer.strip().lower())
        if hit is not None:
            return hit, "case-insensitive"
        return None, "none"


def need_context(row: Any) -> dict[str, Any]:
    """A mapping row's input as template variables (every mapping prompt shows the same fields)."""
    inp = row.input
    purchaser = inp.purchaser_context.model_dump(exclude_none=True) if inp.purchaser_context else {}
    return {
        "material_name": inp.material_name,
        "description": inp.description,
        "supplier": inp.supplier,
        "purchaser": {k: v for k, v in purchaser.items() if v not in ("", None)},
    }


def mapping_prompt(names: PicklistNames, *, agentic: bool) -> TaskPrompt:
    context = need_context

    def finish(row: Any, answer: MappingAnswer) -> tuple[dict[str, Any], dict[str, Any]]:
        raw = answer.reference_product
        snapped, how = names.snap(raw)
        out: dict[str, Any] = {"reference_product": snapped if snapped is not None else raw.strip()}
        if answer.confidence is not None:
            out["confidence"] = answer.confidence
        out["raw_reference_product"] = raw
        return out, {"raw_answer": raw, "snapped": how}

    return TaskPrompt(
        system="mapping.agentic.system.j2" if agentic else "mapping.system.j2",
        user="mapping.user.j2",
        answer=MappingAnswer,
        context=context,
        finish=finish,
        system_context={} if agentic else {"picklist": names.names},
    )

"""Task 1: the bill of materials of a product (up to 8 input materials, heaviest first)."""

from __future__ import annotations

from typing import Any

from openpcf.systems.model.answers import ComponentsAnswer
from openpcf.systems.model.model_solver import TaskPrompt

MAX_COMPONENTS = 8


def _finish(row: Any, answer: ComponentsAnswer) -> tuple[dict[str, Any], dict[str, Any]]:
    components = [c.strip() for c in answer.components if c and c.strip()]
    trace = {"components_dropped": components[MAX_COMPONENTS:]} if len(components) > MAX_COMPONENTS else {}
    return {"components": components[:MAX_COMPONENTS]}, trace


def decomposition_prompt() -> TaskPrompt:
    return TaskPrompt(
        system="decomposition.system.j2",
        user="decomposition.user.j2",
        answer=ComponentsAnswer,
        context=lambda row: row.input.model_dump(include={"product_name", "description", "quantity_unit"}),
        finish=_finish,
    )

"""Tasks 4 and 5: numeric claims answering a query from a document, and the query-only ablation.

Long documents: see :mod:`openpcf.systems.model.documents` (whole up to a budget, else the most related passages).
"""

from __future__ import annotations

from typing import Any

from openpcf.systems.model.answers import ClaimsAnswer
from openpcf.systems.model.documents import DEFAULT_MAX_CHARS, fit_document
from openpcf.systems.model.model_solver import TaskPrompt


def _finish(row: Any, answer: ClaimsAnswer) -> tuple[dict[str, Any], dict[str, Any]]:
    claims = [c.model_dump() for c in answer.claims]
    return {"claims": claims}, {}


def extraction_prompt(*, query_only: bool, max_document_chars: int = DEFAULT_MAX_CHARS) -> TaskPrompt:
    if query_only:
        return TaskPrompt(
            system="extraction.query_only.system.j2",
            user="extraction.query_only.user.j2",
            answer=ClaimsAnswer,
            context=lambda row: {"query": row.input.query},
            finish=_finish,
        )

    def context(row: Any) -> dict[str, Any]:
        document, note = fit_document(row.input.document_text, row.input.query, max_document_chars)
        return {"query": row.input.query, "document": document, "document_note": note}

    return TaskPrompt(
        system="extraction.system.j2",
        user="extraction.user.j2",
        answer=ClaimsAnswer,
        context=context,
        finish=_finish,
    )

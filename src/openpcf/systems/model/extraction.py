"""Tasks 4 and 5: numeric claims answering a query from a document, and the query-only ablation.

Long documents: see :mod:`openpcf.systems.model.documents` (whole up to a budget, else the most related passages).
"""

from __future__ import annotations

import hashlib
from typing import Any

from openpcf.documents.evidence import claims_with_verified_evidence
from openpcf.systems.model.answers import ClaimsAnswer
from openpcf.systems.model.documents import DEFAULT_MAX_CHARS, fit_document
from openpcf.systems.model.model_solver import TaskPrompt


def _finish(row: Any, answer: ClaimsAnswer) -> tuple[dict[str, Any], dict[str, Any]]:
    """The model's claims whose evidence quotes are in the document (the whole document, not only the window
    it was shown); the others are dropped and counted in the trace, whatever the model says."""
    claims = [c.model_dump() for c in answer.claims]
    kept, trace = claims_with_verified_evidence(claims, row.input.document_text)
    return {"claims": kept}, trace


def _finish_query_only(row: Any, answer: ClaimsAnswer) -> tuple[dict[str, Any], dict[str, Any]]:
    return {"claims": [c.model_dump() for c in answer.claims]}, {}


def document_boundary(document: str) -> str:
    """A marker that cannot occur in ``document``, so the document cannot close its own delimiters."""
    salt = 0
    while True:
        token = "DOC-" + hashlib.sha256(f"{salt}:{document}".encode()).hexdigest()[:16]
        if token not in document:
            return token
        salt += 1


def extraction_prompt(*, query_only: bool, max_document_chars: int = DEFAULT_MAX_CHARS) -> TaskPrompt:
    if query_only:
        return TaskPrompt(
            system="extraction.query_only.system.j2",
            user="extraction.query_only.user.j2",
            answer=ClaimsAnswer,
            context=lambda row: {"query": row.input.query},
            finish=_finish_query_only,
        )

    def context(row: Any) -> dict[str, Any]:
        document, note = fit_document(row.input.document_text, row.input.query, max_document_chars)
        return {"query": row.input.query, "document": document, "document_note": note,
                "boundary": document_boundary(document)}

    return TaskPrompt(
        system="extraction.system.j2",
        user="extraction.user.j2",
        answer=ClaimsAnswer,
        context=context,
        finish=_finish,
    )

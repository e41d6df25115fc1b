"""Turn any catalog (ILCD, JSON-LD, EcoSpold 1, picklist, JSONL/CSV) into a retrieval corpus in the
benchmark's format, with a text that exposes the five query facets:
P product/function, B process role and boundary, G geography, T technology, Y time period."""

from __future__ import annotations

import re
from collections.abc import Sequence

from openpcf.catalog.records import ActivityRecord
from openpcf.retrieval.data import CorpusDocument, text_hash

FACET_CHARS = 400


def _clip(text: str | None, limit: int = FACET_CHARS) -> str:
    text = re.sub(r"\s+", " ", text or "").strip()
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def document_text(record: ActivityRecord) -> str:
    """One line per facet, empty facets left out (the order is fixed so texts are stable)."""
    product = record.name
    if record.reference_product and record.reference_product.strip().lower() != record.name.strip().lower():
        product += f" | reference flow: {record.reference_product}"
    if record.unit:
        product += f" [{record.unit}]"
    other = [n for lang, n in record.names.items() if lang != "en" and n != record.name]
    lines = [f"Product/function (P): {product}" + (f" | {'; '.join(other)}" if other else "")]
    role = "; ".join(filter(None, [record.dataset_type, " > ".join(record.classification)]))
    if role:
        lines.append(f"Process role/boundary (B): {role}")
    if record.geography:
        lines.append(f"Geography (G): {record.geography}")
    if record.technology:
        lines.append(f"Technology (T): {_clip(record.technology)}")
    if record.time_period:
        lines.append(f"Time period (Y): {record.time_period}")
    if record.description:
        lines.append(f"Description: {_clip(record.description)}")
    return "\n".join(lines)


def document_id(record: ActivityRecord) -> str:
    """``<source>:<id>`` plus ``@<version>`` when the record has one: keeps source and version identity."""
    source = record.source_database or "catalog"
    version = record.extra.get("version")
    return f"{source}:{record.id}" + (f"@{version}" if version else "")


def build_corpus(records: Sequence[ActivityRecord]) -> list[CorpusDocument]:
    documents = []
    for record in records:
        text = document_text(record)
        documents.append(CorpusDocument(
            doc_id=document_id(record), text=text, source_database=record.source_database, text_hash=text_hash(text)
        ))
    return documents

"""How a record is shown to each retriever: weighted lexical fields and one dense passage."""

from __future__ import annotations

import re

from openpcf.catalog.records import ActivityRecord

_MARKET = re.compile(r"^\s*(market group for|market for)\s+", re.IGNORECASE)

# Field weights of the lexical index: what the record *is* (its product) outweighs how it is made
# (process name), where it sits (classification) and what its description mentions.
FIELD_WEIGHTS: dict[str, float] = {"product": 1.0, "name": 0.5, "classification": 0.3, "description": 0.15}

DESCRIPTION_CHARS = 400


def _other_names(record: ActivityRecord) -> list[str]:
    label = record.label.strip().lower()
    return [n for n in record.names.values() if n and n.strip().lower() != label]


def activity_name(record: ActivityRecord) -> str:
    """The process name without "market for" and without repeating the product."""
    name = _MARKET.sub("", record.name).strip()
    return "" if name.lower() == record.label.strip().lower() else name


def lexical_fields(record: ActivityRecord) -> dict[str, str]:
    """Text per lexical field (keys of FIELD_WEIGHTS)."""
    return {
        "product": " ; ".join([record.label, *_other_names(record)]),
        "name": activity_name(record),
        "classification": " ; ".join(record.classification),
        "description": " ".join(filter(None, [record.description, record.technology]))[: 4 * DESCRIPTION_CHARS],
    }


def passage(record: ActivityRecord) -> str:
    """The dense passage: product first (e5 reads the start most), then process, class and description."""
    parts = [record.label]
    name = activity_name(record)
    if name:
        parts.append(name)
    parts.extend(_other_names(record)[:1])
    if record.classification:
        parts.append(" / ".join(record.classification[-2:]))
    description = (record.description or "").strip()
    if description:
        parts.append(description[:DESCRIPTION_CHARS])
    return ". ".join(p.strip().rstrip(".") for p in parts if p.strip())

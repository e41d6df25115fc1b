"""The agentic tools over the activity picklist: ``search`` (keyword or semantic) and ``inspect`` (full records).

They run on any object with ``search(query, k=..., method=...) -> [hit with .record]`` and ``.records``
(openpcf's :class:`openpcf.search.ActivitySearch` in practice; tests pass a fake). Records are
:class:`openpcf.catalog.ActivityRecord`-like: ``name``, ``reference_product``, ``description``, ``unit``.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import Any, Literal, Protocol

SEARCH_K = 15
INSPECT_MAX = 10
_METHODS = {"keyword": "bm25", "semantic": "dense", "hybrid": "hybrid"}


class CatalogSearcher(Protocol):
    records: Sequence[Any]

    def search(self, query: str, k: int = 10, method: str = "hybrid") -> list[Any]: ...


def _label(record: Any) -> str:
    return getattr(record, "reference_product", None) or record.name


def _brief(record: Any) -> dict[str, Any]:
    return {
        "reference_product": _label(record),
        "activity": record.name,
        "unit": getattr(record, "unit", None),
    }


def _full(record: Any) -> dict[str, Any]:
    out = _brief(record)
    for key in ("description", "geography", "classification"):
        value = getattr(record, key, None)
        if value:
            out[key] = value
    return out


def catalog_tools(searcher: CatalogSearcher) -> list[Callable[..., Any]]:
    """The two tool functions (their docstrings are what the model reads)."""
    # pydantic-ai runs sync tools on worker threads; one search at a time keeps lazy index loading safe.
    lock = threading.Lock()
    by_name: dict[str, Any] = {}
    by_lower: dict[str, Any] = {}
    for r in searcher.records:
        by_name.setdefault(_label(r), r)
        by_lower.setdefault(_label(r).strip().lower(), r)

    def search(query: str, mode: Literal["keyword", "semantic", "hybrid"] = "hybrid") -> list[dict[str, Any]]:
        """Find activities of the database for a query.

        Args:
            query: what to look for, e.g. a material name, a synonym or a trade name.
            mode: "keyword" matches words, "semantic" matches meaning, "hybrid" combines both.
        """
        with lock:
            hits = searcher.search(query, k=SEARCH_K, method=_METHODS.get(mode, "hybrid"))
        return [_brief(h.record if hasattr(h, "record") else h) for h in hits]

    def inspect(names: list[str]) -> list[dict[str, Any]]:
        """Show the full records (with descriptions) of activities by reference product name.

        Args:
            names: reference product names as returned by search (at most 10).
        """
        out: list[dict[str, Any]] = []
        for name in names[:INSPECT_MAX]:
            record = by_name.get(name) or by_lower.get(name.strip().lower())
            out.append(
                _full(record)
                if record is not None
                else {"reference_product": name, "error": "no such activity"}
            )
        return out

    return [search, inspect]

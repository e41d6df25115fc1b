"""What a PCF report shows, read from an engine :class:`~openpcf.engine.trace.Trace`.

Reports render traces; they never recompute a footprint. The numbers (total, interval, contribution
and share of each line, checks) are the ones the engine wrote; a trace that was never summarised is
passed once through the engine's own :func:`openpcf.engine.aggregation.summarise`. The only work here is
presentation: the flattened BOM back into a tree, lines sorted by contribution, check ids turned into
names. The HTML, Markdown and CSV writers share this view.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from openpcf.engine.trace import Check, Edit, InputLine, Trace, WhatIf


@dataclass
class TreeNode:
    """One BOM line with its sub-lines, in the order the trace lists them."""

    line: InputLine
    children: list[TreeNode] = field(default_factory=list)


@dataclass
class CheckRow:
    check: Check
    status: str  # "fail" | "warn" | "ok" | "info" (text labels, never colour alone)
    input_names: list[str]


@dataclass
class PcfView:
    trace: Trace
    tree: list[TreeNode]
    energy: list[InputLine]
    contributions: list[InputLine]
    checks: list[CheckRow]
    edits: list[Edit]
    names: dict[str, str] = field(default_factory=dict)  # line id -> name as given
    what_ifs: list[WhatIf] = field(default_factory=list)  # compared with the base case (the headline)

    @property
    def total(self) -> float:
        return self.trace.result.kgco2e if self.trace.result else 0.0

    @property
    def declared_unit(self) -> str:
        return self.trace.product.declared_unit.label()

    @property
    def interval(self) -> tuple[float, float] | None:
        r = self.trace.result
        if r and r.p2_5 is not None and r.p97_5 is not None:
            return r.p2_5, r.p97_5
        return None

    @property
    def problems(self) -> int:
        return sum(1 for c in self.checks if c.status in ("fail", "warn"))


def load_trace(path: str | Path) -> Trace:
    """Read and validate a trace JSON file; errors name the file (and line or field)."""
    path = Path(path)

    def non_standard(token: str) -> float:  # NaN / Infinity: not JSON, and not a number a trace may carry
        raise ValueError(f"{path}: non-standard JSON number {token}")

    try:
        raw = path.read_bytes()
        data = json.loads(raw.decode("utf-8"), parse_constant=non_standard)
    except FileNotFoundError:
        raise ValueError(f"{path}: file not found") from None
    except IsADirectoryError:
        raise ValueError(f"{path}: is a directory, expected a trace JSON file") from None
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise ValueError(f"{path}:{line}: not UTF-8 text (byte offset {exc.start})") from None
    except json.JSONDecodeError as exc:
        raise ValueError(f"{path}:{exc.lineno}: malformed JSON: {exc.msg}") from None
    except RecursionError:
        raise ValueError(f"{path}: JSON nested too deeply") from None
    return as_trace(data, source=str(path))


def as_trace(trace: Trace | dict[str, Any], source: str = "trace") -> Trace:
    """A :class:`Trace` from a model or its JSON dict (validation errors name the field)."""
    if isinstance(trace, Trace):
        return trace
    if not isinstance(trace, dict):
        raise ValueError(f"{source}: a trace must be a JSON object, got {type(trace).__name__}")  # noqa: TRY004 (file content)
    try:
        return Trace.model_validate(trace)
    except ValidationError as exc:
        first = exc.errors()[0]
        loc = ".".join(str(p) for p in first.get("loc", ()))
        more = f" (and {exc.error_count() - 1} more)" if exc.error_count() > 1 else ""
        raise ValueError(f"{source}: field '{loc}': {first['msg']}{more}") from None


def _status(check: Check) -> str:
    if check.passed:
        return "ok"
    return {"error": "fail", "warning": "warn", "info": "info"}[check.severity]


def pcf_view(trace: Trace | dict[str, Any]) -> PcfView:
    """The report view of a trace (summarised by the engine first if it carries no result)."""
    trace = as_trace(trace)
    if trace.result is None:
        from openpcf.engine.aggregation import summarise

        trace = summarise(trace)
    by_id = {x.id: x for x in (*trace.inputs, *trace.energy)}
    nodes = {x.id: TreeNode(x) for x in trace.inputs}
    roots: list[TreeNode] = []
    for x in trace.inputs:
        parent = nodes.get(x.parent_id) if x.parent_id else None
        (parent.children if parent else roots).append(nodes[x.id])
    lines = [x for x in trace.all_lines() if x.kgco2e is not None]
    contributions = sorted(lines, key=lambda x: -abs(x.kgco2e or 0.0))  # stable: ties keep trace order
    order = {"fail": 0, "warn": 1, "info": 2, "ok": 3}
    checks = [CheckRow(c, _status(c), [by_id[i].name if i in by_id else i for i in c.input_ids]) for c in trace.checks]
    checks.sort(key=lambda c: order[c.status])
    return PcfView(trace=trace, tree=roots, energy=list(trace.energy), contributions=contributions,
                   checks=checks, edits=list(trace.edits), names={k: x.name for k, x in by_id.items()},
                   what_ifs=list(trace.what_ifs))

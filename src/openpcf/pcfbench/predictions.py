"""System outputs in the predictions format: one JSONL line per item.

``{"id": ..., "output": {...}, "error"?: str, "usage"?: {...}, "trace"?: {...}}``. Output fields by task:
decomposition ``components``; triage ``should_map``, ``confidence``?; mapping ``reference_product``,
``confidence``?; extraction ``claims: [{value, unit, evidence?}]``; epd ``kgco2e``; compositional
``kgco2e`` + ``breakdown``. An output that does not fit its task's schema is a *failure* of that item
(counted as wrong by the scorers), never a crash of the whole file.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from openpcf.pcfbench.data import DataError, DataProblem, TaskName, iter_json_objects


class _Open(BaseModel):
    model_config = ConfigDict(extra="allow")


class DecompositionOutput(_Open):
    components: list[str]


class TriageOutput(_Open):
    should_map: bool
    confidence: float | None = None


class MappingOutput(_Open):
    reference_product: str
    confidence: float | None = None


class PredictedClaim(_Open):
    """A claim as a system outputs it. A NaN or null value is kept (it counts as a predicted claim that
    matches nothing) rather than failing the whole item."""

    value: float | None
    unit: str
    evidence: list[str] | str | None = None


class ExtractionOutput(_Open):
    claims: list[PredictedClaim]


class EpdOutput(_Open):
    kgco2e: float | None


class CompositionalOutput(_Open):
    kgco2e: float | None
    breakdown: list[dict[str, Any]] | dict[str, Any] | None = None


OUTPUT_MODELS: dict[TaskName, type[BaseModel]] = {
    "decomposition": DecompositionOutput,
    "triage": TriageOutput,
    "mapping": MappingOutput,
    "extraction_material": ExtractionOutput,
    "extraction_energy": ExtractionOutput,
    "epd": EpdOutput,
    "compositional": CompositionalOutput,
}


class Usage(_Open):
    """Model usage of one item (summed over its calls)."""

    input_tokens: int = 0
    output_tokens: int = 0
    requests: int = 0
    cost_usd: float | None = None


class Prediction(_Open):
    """One line of a predictions / results file."""

    id: str
    output: dict[str, Any] | None = None
    error: str | None = None
    usage: Usage | None = None
    trace: dict[str, Any] | None = None


def parse_output(task: TaskName, output: dict[str, Any] | None) -> tuple[BaseModel | None, str | None]:
    """Validate an output against its task's schema: ``(parsed, None)`` or ``(None, reason)``."""
    if output is None:
        return None, "no output"
    try:
        return OUTPUT_MODELS[task].model_validate(output), None
    except ValidationError as exc:
        first = exc.errors()[0]
        loc = ".".join(str(p) for p in first.get("loc", ()))
        return None, f"output does not fit the {task} schema: {loc}: {first['msg']}"


@dataclass
class Alignment:
    """Predictions aligned to the items of a task file."""

    by_id: dict[str, Prediction]
    unknown_ids: list[str] = field(default_factory=list)
    duplicate_ids: list[str] = field(default_factory=list)
    missing_ids: list[str] = field(default_factory=list)

    def warnings(self) -> list[str]:
        out = []
        if self.unknown_ids:
            out.append(
                f"{len(self.unknown_ids)} prediction(s) for unknown ids ignored: {', '.join(self.unknown_ids[:5])}"
            )
        if self.duplicate_ids:
            out.append(
                f"{len(self.duplicate_ids)} duplicate id(s), the first line was kept: {', '.join(self.duplicate_ids[:5])}"
            )
        if self.missing_ids:
            out.append(
                f"{len(self.missing_ids)} item(s) without a prediction (scored as failures): {', '.join(self.missing_ids[:5])}"
            )
        return out


def read_predictions(path: str | Path, *, warnings: list[str] | None = None) -> list[Prediction]:
    """Read a predictions JSONL file. Malformed lines raise :class:`DataError` naming file and line.

    A line whose ``output`` is not a JSON object (a list, a string, a number) is one failed item, not a
    bad file: it is kept with ``output=None`` and an ``error``, and a warning naming the line is appended
    to ``warnings`` when a list is given.
    """
    path = Path(path)
    if not path.is_file():
        raise DataError([DataProblem(str(path), 0, "", "file not found")])
    preds: list[Prediction] = []
    problems: list[DataProblem] = []
    for lineno, obj in iter_json_objects(path, problems):
        output = obj.get("output")
        if output is not None and not isinstance(output, dict):
            kind = type(output).__name__
            reason = f"output is not a JSON object (got {kind})"
            obj = {**obj, "output": None, "error": obj.get("error") if isinstance(obj.get("error"), str) else reason}
            if warnings is not None:
                warnings.append(f"{path}:{lineno}: field 'output': not a JSON object (got {kind}); "
                                f"item {obj.get('id')!r} counts as a failure")
        try:
            preds.append(Prediction.model_validate(obj))
        except ValidationError as exc:
            for err in exc.errors():
                loc = ".".join(str(p) for p in err.get("loc", ()))
                problems.append(DataProblem(str(path), lineno, loc, err["msg"]))
    if problems:
        raise DataError(problems)
    return preds


def align(predictions: list[Prediction], item_ids: list[str]) -> Alignment:
    """Match predictions to items, reporting unknown, duplicate and missing ids (nothing is silently dropped)."""
    known = set(item_ids)
    by_id: dict[str, Prediction] = {}
    counts = Counter(p.id for p in predictions)
    unknown: list[str] = []
    for p in predictions:
        if p.id not in known:
            unknown.append(p.id)
            continue
        by_id.setdefault(p.id, p)
    duplicates = sorted(i for i, c in counts.items() if c > 1)
    missing = [i for i in item_ids if i not in by_id]
    return Alignment(by_id=by_id, unknown_ids=unknown, duplicate_ids=duplicates, missing_ids=missing)


def prediction_line(pred: Prediction) -> str:
    """Serialise one prediction as a JSONL line (None fields dropped)."""
    return json.dumps(pred.model_dump(exclude_none=True), ensure_ascii=False)

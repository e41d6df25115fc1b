"""Validation of a PCFBench folder and of predictions files: every problem, with file, line and field."""

from __future__ import annotations

import re
from pathlib import Path

from pydantic import ValidationError

from openpcf.pcfbench.data import TASKS, BenchmarkFolder, DataError, DataProblem, TaskName, iter_jsonl
from openpcf.pcfbench.predictions import Prediction, parse_output


def validate_folder(folder: str | Path) -> list[DataProblem]:
    """Every problem of every standard file of ``folder`` (malformed JSON, missing or invalid fields,
    duplicate ids, missing files). An empty list means the folder is usable."""
    try:
        return BenchmarkFolder(Path(folder)).validate()
    except DataError as exc:
        return list(exc.problems)


def task_of_predictions(spec: str) -> tuple[TaskName, Path]:
    """``TASK=FILE`` or a file named ``<task>__<run>.jsonl`` → (task, path); ValueError otherwise."""
    if "=" in spec:
        task, _, path = spec.partition("=")
    else:
        path = spec
        task = re.split(r"__|\.", Path(spec).name, maxsplit=1)[0]
    if task not in TASKS:
        raise ValueError(f"cannot tell the task of {spec!r}: use TASK=FILE with TASK in {', '.join(TASKS)}")
    return task, Path(path)  # type: ignore[return-value]


def validate_predictions(task: TaskName, path: Path, item_ids: list[str] | None = None) -> list[DataProblem]:
    """Problems of a predictions file: malformed lines, outputs that do not fit the task schema, duplicate
    ids and — when ``item_ids`` is given — ids that are not items of the task, and items without a line."""
    if not path.is_file():
        return [DataProblem(str(path), 0, "", "file not found")]
    problems: list[DataProblem] = []
    first_line: dict[str, int] = {}
    known = set(item_ids) if item_ids is not None else None
    for lineno, obj, problem in iter_jsonl(path):
        if problem is not None:
            problems.append(problem)
            continue
        try:
            pred = Prediction.model_validate(obj)
        except ValidationError as exc:
            for err in exc.errors():
                loc = ".".join(str(p) for p in err.get("loc", ()))
                problems.append(DataProblem(str(path), lineno, loc, err["msg"]))
            continue
        if pred.id in first_line:
            problems.append(
                DataProblem(
                    str(path), lineno, "id", f"duplicate id {pred.id!r} (first on line {first_line[pred.id]})"
                )
            )
            continue
        first_line[pred.id] = lineno
        if known is not None and pred.id not in known:
            problems.append(
                DataProblem(str(path), lineno, "id", f"unknown id {pred.id!r}: not an item of {task}")
            )
        if pred.output is not None:
            _, reason = parse_output(task, pred.output)
            if reason:
                problems.append(DataProblem(str(path), lineno, "output", reason))
    for item_id in item_ids or []:
        if item_id not in first_line:
            problems.append(DataProblem(str(path), 0, "id", f"no prediction for item {item_id!r}"))
    return problems


def validate_predictions_file(folder: str | Path, spec: str) -> list[DataProblem]:
    """Validate a predictions file given as ``TASK=FILE`` (or ``<task>__*.jsonl``) against ``folder``."""
    try:
        task, path = task_of_predictions(spec)
    except ValueError as exc:
        return [DataProblem(spec, 0, "", str(exc))]
    try:
        ids = [r.id for r in BenchmarkFolder(Path(folder)).rows(task)]
    except DataError:
        ids = None  # the folder's own problems are reported by validate_folder
    return validate_predictions(task, path, ids)

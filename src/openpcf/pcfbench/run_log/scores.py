"""``RUNDIR/scores.jsonl``: the scorer's per-item scores, one line per item, written with every summary.

Like the per-sample scores of an inspect_ai log: a run is scored once (at its end, or again by
``openpcf rescore``) and reports only read these lines. Each line is an
:class:`~openpcf.pcfbench.scoring.ItemScore` (``{"id", "category"?, "failed", "error"?, "scores", "details"}``),
the same format ``openpcf score --items`` writes.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from pathlib import Path

from pydantic import ValidationError

from openpcf.pcfbench.data import DataError, DataProblem, iter_json_objects
from openpcf.pcfbench.scoring import ItemScore

SCORES_FILE = "scores.jsonl"


def write_item_scores(path: str | Path, items: Iterable[ItemScore]) -> None:
    """Write the per-item scores atomically (a crash never leaves half a file)."""
    path = Path(path)
    tmp = path.with_suffix(path.suffix + ".tmp")
    with tmp.open("w", encoding="utf-8") as fh:
        for item in items:
            fh.write(json.dumps(item.model_dump(exclude_none=True), ensure_ascii=False) + "\n")
    os.replace(tmp, path)


def read_item_scores(path: str | Path) -> dict[str, ItemScore] | None:
    """``{id: ItemScore}`` from a scores file, or None when there is none; a bad line raises
    :class:`~openpcf.pcfbench.data.DataError` naming file and line."""
    path = Path(path)
    if not path.is_file():
        return None
    out: dict[str, ItemScore] = {}
    problems: list[DataProblem] = []
    for lineno, obj in iter_json_objects(path, problems):
        try:
            item = ItemScore.model_validate(obj)
        except ValidationError as exc:
            err = exc.errors()[0]
            problems.append(DataProblem(str(path), lineno, ".".join(str(p) for p in err["loc"]), err["msg"]))
            continue
        out[item.id] = item
    if problems:
        raise DataError(problems)
    return out

"""``RUNDIR/results.jsonl``: one line per finished item, appended the moment it finishes.

A run killed mid-write leaves at most one partial last line; :func:`open_results` cuts it off (that item
is simply solved again) and reports which ids are finished, so a rerun skips them.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import IO

from openpcf.pcfbench.predictions import Prediction, prediction_line

RESULTS_FILE = "results.jsonl"


def _cut_partial_tail(path: Path) -> None:
    with path.open("rb+") as fh:
        fh.seek(0, os.SEEK_END)
        size = fh.tell()
        if size == 0:
            return
        fh.seek(size - 1)
        if fh.read(1) == b"\n":
            return
        # Walk back to the last newline (files are small enough to read the tail in blocks).
        pos = size
        while pos > 0:
            step = min(65536, pos)
            fh.seek(pos - step)
            block = fh.read(step)
            nl = block.rfind(b"\n")
            if nl >= 0:
                fh.truncate(pos - step + nl + 1)
                return
            pos -= step
        fh.truncate(0)


def read_results(path: str | Path) -> list[Prediction]:
    """Every complete line of a results file (a partial or unreadable line is skipped)."""
    path = Path(path)
    if not path.is_file():
        return []
    out: list[Prediction] = []
    with path.open(encoding="utf-8") as fh:
        for raw in fh:
            if not raw.endswith("\n") or not raw.strip():
                continue
            try:
                out.append(Prediction.model_validate(json.loads(raw)))
            except ValueError:
                continue
    return out


def drop_failed(path: str | Path) -> int:
    """Rewrite the results file without its failed lines (so ``--retry-failed`` solves them again);
    returns how many were dropped."""
    path = Path(path)
    kept = [p for p in read_results(path) if p.error is None and p.output is not None]
    total = len(read_results(path))
    tmp = path.with_suffix(".jsonl.tmp")
    tmp.write_text("".join(prediction_line(p) + "\n" for p in kept), encoding="utf-8")
    os.replace(tmp, path)
    return total - len(kept)


class ResultsLog:
    """Appends predictions to ``RUNDIR/results.jsonl``, one flushed line per item."""

    def __init__(self, run_dir: str | Path):
        self.path = Path(run_dir) / RESULTS_FILE
        self.path.parent.mkdir(parents=True, exist_ok=True)
        if self.path.exists():
            _cut_partial_tail(self.path)
        self.finished: dict[str, Prediction] = {p.id: p for p in read_results(self.path)}
        self._fh: IO[str] | None = None

    def append(self, pred: Prediction) -> None:
        if self._fh is None:
            self._fh = self.path.open("a", encoding="utf-8")
        self._fh.write(prediction_line(pred) + "\n")
        self._fh.flush()
        self.finished[pred.id] = pred

    def close(self) -> None:
        if self._fh is not None:
            self._fh.close()
            self._fh = None

"""``RUNDIR/results.jsonl``: one line per finished item, appended the moment it finishes.

One reader (:func:`read_results`) for every caller — the runner resuming a run, ``rescore``, the report
and ``openpcf view`` — and one writer (:class:`ResultsLog`). The reader never skips a line silently: it
returns the predictions, the lines it could not read (:class:`BadLine`, with their line numbers) and
whether the last line is a write still in progress (no newline and not readable yet). Callers decide:
the runner quarantines bad lines into ``results.quarantine.jsonl`` and solves those items again; the
report refuses a file with bad lines, naming the first, but shows a run whose last line is being written.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

from pydantic import ValidationError

from openpcf.pcfbench.predictions import Prediction, prediction_line

RESULTS_FILE = "results.jsonl"
#: Lines of results.jsonl a resumed run could not read, kept as they were (the items are solved again).
QUARANTINE_FILE = "results.quarantine.jsonl"


@dataclass(frozen=True)
class BadLine:
    """A line of a results file that is not a prediction: its number (from 1), text and what is wrong."""

    line: int
    text: str
    problem: str


@dataclass
class ResultsFile:
    """What :func:`read_results` found in a results file."""

    path: Path
    predictions: list[Prediction] = field(default_factory=list)
    bad_lines: list[BadLine] = field(default_factory=list)
    partial_tail: bool = False  # the last line has no newline and is not readable: a write in progress

    def first_problem(self) -> str | None:
        """``FILE:LINE: problem`` of the first bad line, or None."""
        if not self.bad_lines:
            return None
        b = self.bad_lines[0]
        more = f" (and {len(self.bad_lines) - 1} more bad line(s))" if len(self.bad_lines) > 1 else ""
        return f"{self.path}:{b.line}: {b.problem}{more}"


def _problem(text: str) -> tuple[Prediction | None, str | None]:
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as exc:
        return None, f"malformed JSON: {exc.msg} (column {exc.colno})"
    if not isinstance(obj, dict):
        return None, "expected a JSON object"
    try:
        return Prediction.model_validate(obj), None
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = ".".join(str(p) for p in err.get("loc", ()))
        return None, f"field '{loc}': {err['msg']}" if loc else err["msg"]


def read_results(path: str | Path) -> ResultsFile:
    """Every line of a results file, sorted into predictions and bad lines (a missing file is empty).

    A last line without a newline that does not parse is a write in progress (``partial_tail``), not a bad
    line; a last line without a newline that parses is a prediction (hand-written files often lack it)."""
    path = Path(path)
    out = ResultsFile(path)
    if not path.is_file():
        return out
    data = path.read_bytes()
    lines = data.split(b"\n")
    last = len(lines) - 1  # lines[last] is what follows the final newline ("" when the file ends with one)
    for i, raw in enumerate(lines):
        text = raw.decode("utf-8", errors="replace")
        if not text.strip():
            continue
        pred, problem = _problem(text)
        if pred is not None:
            out.predictions.append(pred)
        elif i == last:
            out.partial_tail = True
        else:
            out.bad_lines.append(BadLine(i + 1, text, problem or "unreadable"))
    return out


def _cut_partial_tail(path: Path) -> None:
    """Cut everything after the last newline (a line a killed run left half written)."""
    with path.open("rb+") as fh:
        fh.seek(0, os.SEEK_END)
        size = fh.tell()
        if size == 0:
            return
        fh.seek(size - 1)
        if fh.read(1) == b"\n":
            return
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


def _rewrite(path: Path, predictions: list[Prediction]) -> None:
    tmp = path.with_suffix(".jsonl.tmp")
    tmp.write_text("".join(prediction_line(p) + "\n" for p in predictions), encoding="utf-8")
    os.replace(tmp, path)


class ResultsLog:
    """Appends predictions to ``RUNDIR/results.jsonl``, one flushed line per item.

    Opening it resumes: a half-written last line is cut (that item is solved again) and unreadable lines
    are moved to :data:`QUARANTINE_FILE` (listed in :attr:`quarantined`; their items are solved again).
    ``redact`` is applied to every line before it is written (secrets never reach the disk)."""

    def __init__(self, run_dir: str | Path, *, redact: Callable[[str], str] | None = None):
        self.path = Path(run_dir) / RESULTS_FILE
        self.quarantine_path = Path(run_dir) / QUARANTINE_FILE
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._redact = redact
        self.quarantined: list[BadLine] = []
        if self.path.exists():
            _cut_partial_tail(self.path)
            found = read_results(self.path)
            if found.bad_lines:
                self._quarantine(found)
            self.finished: dict[str, Prediction] = {p.id: p for p in found.predictions}
        else:
            self.finished = {}
        self._fh: IO[str] | None = None

    def _quarantine(self, found: ResultsFile) -> None:
        with self.quarantine_path.open("a", encoding="utf-8") as fh:
            for b in found.bad_lines:
                fh.write(b.text.rstrip("\n") + "\n")
        _rewrite(self.path, found.predictions)
        self.quarantined = list(found.bad_lines)

    def drop_failed(self) -> int:
        """Rewrite the file without its failed lines (so ``--retry-failed`` solves them again); returns how
        many were dropped."""
        kept = [p for p in self.finished.values() if p.error is None and p.output is not None]
        dropped = len(self.finished) - len(kept)
        if dropped:
            _rewrite(self.path, kept)
            self.finished = {p.id: p for p in kept}
        return dropped

    def append(self, pred: Prediction) -> None:
        if self._fh is None:
            self._fh = self.path.open("a", encoding="utf-8")
        line = prediction_line(pred)
        if self._redact is not None:
            line = self._redact(line)
        self._fh.write(line + "\n")
        self._fh.flush()
        self.finished[pred.id] = pred

    def close(self) -> None:
        if self._fh is not None:
            self._fh.close()
            self._fh = None

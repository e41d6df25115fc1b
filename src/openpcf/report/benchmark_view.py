"""What a benchmark report shows, read from run directories (RUNDIRs) and the task data.

A RUNDIR is read through its run log (:mod:`openpcf.pcfbench.run_log`): ``results.jsonl`` (predictions
with ``usage`` and ``error``), ``manifest.json`` (task, setting, model, data checksums, totals),
``summary.json`` (the scorer's task score) and ``scores.jsonl`` (the scorer's per-item scores, written
with every summary). The report scores nothing: headline values, intervals and per-item scores are the
scorer's, written by ``openpcf run`` / ``openpcf rescore``; a run without them is shown with a warning
saying how to score it. The only aggregation here is presentation.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from openpcf.pcfbench.data import TASK_FILES, DataError, read_task
from openpcf.pcfbench.predictions import Prediction
from openpcf.pcfbench.run_log.manifest import read_manifest
from openpcf.pcfbench.run_log.results import RESULTS_FILE, read_results
from openpcf.pcfbench.run_log.scores import SCORES_FILE, read_item_scores
from openpcf.pcfbench.run_log.summary import RunSummary, read_summary
from openpcf.pcfbench.scoring import ItemScore
from openpcf.report.leaderboard import PublishedResults

#: The headline metric of each task (the scorer's metric name) and how to label it.
HEADLINE: dict[str, tuple[str, str]] = {
    "decomposition": ("f1", "F1"),
    "triage": ("accuracy", "accuracy"),
    "mapping": ("exact_match", "exact match"),
    "extraction_material": ("claim_f1", "claim F1"),
    "extraction_energy": ("claim_f1", "claim F1"),
    "epd": ("within_2x", "within 2×"),
    "compositional": ("within_2x", "within 2×"),
}
#: The scorer's per-item column behind each task's headline (1/0 for hit/miss, F1 for decomposition).
ITEM_HEADLINE_KEYS: dict[str, str] = {
    "decomposition": "f1",
    "triage": "correct",
    "mapping": "exact_match",
    "epd": "within_2x",
    "compositional": "within_2x",
}
#: Characters of a long document kept in the embedded item browser (the rest is summarised by its length).
DOCUMENT_PREVIEW_CHARS = 4000


class RunError(ValueError):
    """A RUNDIR that cannot be read; the message names the file."""


@dataclass
class Metric:
    value: float | None
    se: float | None = None
    low: float | None = None
    high: float | None = None


@dataclass
class ItemRecord:
    """One item of one run: what the system said, the truth, and the scorer's per-item values."""

    id: str
    output: dict[str, Any] | None
    error: str | None
    scores: dict[str, Any]
    cost_usd: float | None
    category: str | None = None
    vagueness: int | None = None
    failed: bool = False
    trace: dict[str, Any] | None = None  # compact summary of an engine trace carried by the prediction
    notes: str | None = None  # the rest of the prediction's trace (rationale, evidence…), JSON, size-capped
    details: dict[str, Any] = field(default_factory=dict)  # the scorer's per-item details (decomposition groups)

    def headline(self, task: str) -> float | None:
        """The item's share of its task's headline: 1/0 for hit/miss, its F1 for decomposition; for
        extraction the item's own claim F1 from the scorer's counts. None when the item is unscored."""
        if task.startswith("extraction"):
            m, p, t = (_float(self.scores.get(k)) for k in ("matched", "predicted", "truth"))
            if m is None or p is None or t is None:
                return None
            return 2 * m / (p + t) if p + t > 0 else 1.0
        v = self.scores.get(ITEM_HEADLINE_KEYS.get(task, ""))
        if isinstance(v, bool):
            return 1.0 if v else 0.0
        return _float(v)

    def confidence(self) -> float | None:
        c = (self.output or {}).get("confidence")
        return float(c) if isinstance(c, (int, float)) and not isinstance(c, bool) and 0 <= c <= 1 else None


@dataclass
class RunView:
    key: str
    path: Path
    task: str
    setting: str | None
    model: str
    label: str
    system: str
    metrics: dict[str, Metric]
    n_items: int | None
    n_failed: int | None
    items: list[ItemRecord]
    manifest: dict[str, Any] = field(default_factory=dict)
    strata: dict[str, Any] = field(default_factory=dict)

    @property
    def column(self) -> str:
        """Leaderboard column: the task, plus the context setting for epd."""
        return f"{self.task}/{self.setting}" if self.task == "epd" and self.setting else self.task

    @property
    def headline(self) -> tuple[str, str]:
        return HEADLINE.get(self.task, ("", ""))

    @property
    def headline_metric(self) -> Metric | None:
        return self.metrics.get(self.headline[0])

    def cost_per_item(self) -> float | None:
        """Mean USD per item from the per-item usage, else from the manifest totals; None if not recorded."""
        costs = [i.cost_usd for i in self.items if i.cost_usd is not None]
        if costs:
            return sum(costs) / len(self.items)
        totals = self.manifest.get("totals") or {}
        cost, n = totals.get("cost_usd"), totals.get("finished") or totals.get("items")
        if isinstance(cost, (int, float)) and n:
            return float(cost) / n
        return None


@dataclass
class BenchmarkView:
    runs: list[RunView]
    rows: dict[str, dict[str, dict[str, Any]]]  # task file key -> id -> {"input", "truth", "category", ...}
    published: PublishedResults | None = None
    warnings: list[str] = field(default_factory=list)

    def tasks(self) -> list[str]:
        seen: list[str] = []
        for r in self.runs:
            if r.task not in seen:
                seen.append(r.task)
        return seen


# ------------------------------------------------------------------ reading one RUNDIR


def _metric(raw: Any) -> Metric:
    if hasattr(raw, "model_dump"):
        raw = raw.model_dump()
    if isinstance(raw, dict):
        ci = raw.get("ci") or [None, None]
        return Metric(_float(raw.get("value")), _float(raw.get("se")), _float(ci[0]) if ci else None,
                      _float(ci[1]) if ci and len(ci) > 1 else None)
    return Metric(_float(raw))


def _float(x: Any) -> float | None:
    if isinstance(x, bool) or x is None:
        return None
    try:
        v = float(x)
    except (TypeError, ValueError):
        return None
    return v if math.isfinite(v) else None


def find_run_dirs(paths: list[Path]) -> list[Path]:
    """Each path is a RUNDIR (has results.jsonl) or a folder holding RUNDIRs at any depth (a bench output)."""
    found: list[Path] = []
    for p in paths:
        if not p.exists():
            raise RunError(f"{p}: no such directory")
        if not p.is_dir():
            raise RunError(f"{p}: not a directory (expected a RUNDIR with results.jsonl)")
        if (p / RESULTS_FILE).is_file():
            found.append(p)
            continue
        nested = sorted(q.parent for q in p.rglob(RESULTS_FILE))
        if not nested:
            raise RunError(f"{p}: no results.jsonl here or below (not a RUNDIR)")
        found.extend(nested)
    return found


def _system_label(manifest: dict[str, Any]) -> str:
    model = str(manifest.get("model") or "unknown model")
    modes = [m for m, on in (("agentic", manifest.get("agentic")), ("query-only", manifest.get("query_only"))) if on]
    return f"{model} ({', '.join(modes)})" if modes else model


@dataclass
class RunLogFiles:
    """The run log of one RUNDIR as the report needs it (read once, typed, never rescored)."""

    manifest: dict[str, Any]
    summary: RunSummary | None
    predictions: list[Prediction]
    scores: dict[str, ItemScore] | None
    writing: bool  # the last results line is being written (a run in progress)


def read_run_log(run_dir: Path) -> RunLogFiles:
    """Manifest, summary, results and per-item scores of a RUNDIR; errors name the file (and line)."""
    try:
        manifest = read_manifest(run_dir)
        summary = read_summary(run_dir)
        scores = read_item_scores(run_dir / SCORES_FILE)
    except (ValueError, DataError) as exc:
        raise RunError(str(exc)) from None
    results = read_results(run_dir / RESULTS_FILE)
    if results.bad_lines:
        raise RunError(f"{results.first_problem()} (rerun `openpcf run` with the same --out to quarantine "
                       "bad lines and solve those items again)")
    return RunLogFiles(manifest.model_dump() if manifest else {}, summary, results.predictions, scores,
                       results.partial_tail)


def _task_of(run_dir: Path, log: RunLogFiles) -> str:
    task = log.manifest.get("task") or (log.summary.task if log.summary else None)
    if not task:
        raise RunError(f"{run_dir}: neither manifest.json nor summary.json names the task")
    return str(task)


def read_run(run_dir: Path, key: str, log: RunLogFiles | None = None) -> RunView:
    """One RUNDIR: manifest, summary metrics and per-item records with the scorer's per-item scores."""
    log = log or read_run_log(run_dir)
    manifest, summary = log.manifest, log.summary or RunSummary()
    task = _task_of(run_dir, log)
    if task not in HEADLINE:
        raise RunError(f"{run_dir}: unknown task {task!r} (expected one of {', '.join(HEADLINE)})")
    by_id = {p.id: p for p in log.predictions}
    scored = log.scores
    ids = list(scored) if scored else list(by_id)
    for p in log.predictions:  # predictions the scores file does not know still appear (as unscored)
        if scored and p.id not in scored:
            ids.append(p.id)
    items = [_item(i, by_id.get(i), (scored or {}).get(i)) for i in dict.fromkeys(ids)]
    setting = manifest.get("setting") or summary.setting
    system = _system_label(manifest)
    label = system if task != "epd" or not setting else f"{system} · {setting}"
    strata = {dim: {k: s.model_dump() for k, s in groups.items()} for dim, groups in summary.strata.items()}
    return RunView(
        key=key, path=run_dir, task=task, setting=setting, model=str(manifest.get("model") or "unknown model"),
        label=label, system=system,
        metrics={k: _metric(v) for k, v in summary.metrics.items()},
        n_items=summary.n_items, n_failed=summary.n_failed, items=items,
        manifest=manifest, strata=strata,
    )


def _item(item_id: str, pred: Prediction | None, scored: ItemScore | None) -> ItemRecord:
    error = (pred.error if pred else None) or (scored.error if scored else None) or (None if pred else "no prediction")
    return ItemRecord(
        id=item_id, output=pred.output if pred else None, error=error,
        scores=dict(scored.scores) if scored else {},
        cost_usd=pred.usage.cost_usd if pred and pred.usage else None,
        category=scored.category if scored else None,
        failed=bool(scored and scored.failed) or pred is None or pred.output is None,
        trace=trace_summary(engine_trace(pred.trace if pred else None)),
        notes=trace_notes(pred.trace if pred else None),
        details=dict(scored.details) if scored else {},
    )


#: Characters of a prediction's own trace (rationale, evidence, transcript) embedded in the item browser.
TRACE_NOTES_CHARS = 3000


def engine_trace(raw: dict[str, Any] | None) -> dict[str, Any] | None:
    """The openpcf engine trace inside a prediction's trace (itself, or its ``engine_trace`` field)."""
    if not raw:
        return None
    inner = raw.get("engine_trace")
    return inner if isinstance(inner, dict) else raw


def trace_notes(raw: dict[str, Any] | None) -> str | None:
    """A prediction's trace without its engine trace, as indented JSON cut to :data:`TRACE_NOTES_CHARS`."""
    if not raw:
        return None
    if "engine_trace" not in raw and "product" in raw and "versions" in raw:
        return None  # the whole trace is an engine trace: summarised, not repeated
    rest = {k: v for k, v in raw.items() if k != "engine_trace"}
    if not rest:
        return None
    text = json.dumps(rest, indent=1, ensure_ascii=False, default=str)
    return text if len(text) <= TRACE_NOTES_CHARS else text[:TRACE_NOTES_CHARS] + f"\n… [{len(text):,} characters; cut]"


#: Contributions and checks of an item's trace shown in the item browser (the full report is one click away
#: in ``openpcf view``).
TRACE_SUMMARY_LINES = 6


def trace_summary(raw: dict[str, Any] | None) -> dict[str, Any] | None:
    """Total, interval, mass balance, largest contributions and failed checks of an engine trace, or None
    when the prediction carries no trace or one that is not an openpcf engine trace."""
    if not raw:
        return None
    from openpcf.report.pcf_view import pcf_view

    try:
        v = pcf_view(raw)
    except (ValueError, TypeError):
        return None
    result = v.trace.result
    return {
        "total": v.total,
        "unit": v.declared_unit,
        "interval": list(v.interval) if v.interval else None,
        "mass_balance": result.mass_balance if result else None,
        "top": [[x.name, x.factor.name if x.factor else None, x.kgco2e, x.share] for x in v.contributions[:TRACE_SUMMARY_LINES]],
        "checks": [[c.check.code, c.status, c.check.message] for c in v.checks if c.status in ("fail", "warn")],
    }


# ------------------------------------------------------------------ task rows (inputs and truth)


def _preview(inp: dict[str, Any]) -> dict[str, Any]:
    doc = inp.get("document_text")
    if isinstance(doc, str) and len(doc) > DOCUMENT_PREVIEW_CHARS:
        inp = {**inp, "document_text": doc[:DOCUMENT_PREVIEW_CHARS] + f"\n… [{len(doc):,} characters in total; preview cut]"}
    return inp


def row_record(row: Any) -> dict[str, Any]:
    """What the item browser shows of a task row: input (long documents cut), truth, strata."""
    return {
        "input": _preview(row.input.model_dump(exclude_none=True)),
        "truth": row.expected_output.model_dump(exclude_none=True),
        "category": row.category,
        "vagueness": getattr(row.metadata, "vagueness_severity", None),
    }


def data_dir_from_manifest(manifest: dict[str, Any]) -> Path | None:
    """The data folder a run read, when its manifest records paths that still exist."""
    for key in ("data_dir", "data"):
        value = manifest.get(key)
        candidates = [value] if isinstance(value, str) else list(value) if isinstance(value, dict) else []
        for c in candidates:
            p = Path(c)
            if p.is_dir():
                return p
            if p.is_file():
                return p.parent
    options = manifest.get("options") or {}
    for key in ("data_dir", "data"):
        if isinstance(options.get(key), str) and Path(options[key]).is_dir():
            return Path(options[key])
    return None


def _unique_key(label: str, taken: set[str]) -> str:
    base = re.sub(r"[^A-Za-z0-9]+", "-", label).strip("-").lower()[:48] or "run"
    key, n = base, 2
    while key in taken:
        key, n = f"{base}-{n}", n + 1
    taken.add(key)
    return key


def load_benchmark(run_paths: list[Path], data_dir: Path | None = None,
                   published: PublishedResults | None = None) -> BenchmarkView:
    """Every RUNDIR under ``run_paths`` with the inputs and truth of its items (from ``data_dir`` or the
    manifests). Nothing is scored here: a run without a summary or per-item scores gets a warning."""
    taken: set[str] = set()
    runs = []
    warnings: list[str] = []
    for d in find_run_dirs(run_paths):
        log = read_run_log(d)
        label = f"{_system_label(log.manifest)} {_task_of(d, log)} {log.manifest.get('setting') or ''}"
        runs.append(read_run(d, _unique_key(label, taken), log))
        if log.writing:
            warnings.append(f"{d / RESULTS_FILE}: the last line is still being written (a run in progress)")
    folder = data_dir or next((p for p in (data_dir_from_manifest(r.manifest) for r in runs) if p), None)
    typed: dict[str, list[Any]] = {}
    if folder is None:
        warnings.append("no data folder (pass --data DIR): the item browser shows outputs and scores without inputs or truth")
    else:
        for task in sorted({r.task for r in runs}):
            path = folder / TASK_FILES[task]  # type: ignore[index]
            if not path.is_file():
                warnings.append(f"{path}: missing, so {task} items show no input or truth")
                continue
            try:
                typed[task] = read_task(path, task)  # type: ignore[arg-type]
            except DataError as exc:
                raise RunError(str(exc)) from None
    rows = {task: {r.id: row_record(r) for r in task_rows} for task, task_rows in typed.items()}
    for r in runs:
        for item in r.items:
            row = rows.get(r.task, {}).get(item.id)
            if row:
                item.category, item.vagueness = row["category"], row["vagueness"]
        if not r.metrics:
            warnings.append(f"{r.path}: not scored yet (no summary.json), so no headline metric; "
                            f"`openpcf rescore {r.path}` scores it")
        elif r.items and not any(i.scores for i in r.items):
            warnings.append(f"{r.path}: no per-item scores ({SCORES_FILE}), so item hits are not shown; "
                            f"`openpcf rescore {r.path}` writes them")
    return BenchmarkView(runs=runs, rows=rows, published=published, warnings=warnings)


def item_trace(view: BenchmarkView, run_key: str, item_id: str) -> dict[str, Any] | None:
    """The full trace a run's prediction carries for an item (read again from its results.jsonl), or None."""
    run = next((r for r in view.runs if r.key == run_key), None)
    if run is None:
        return None
    for pred in read_results(run.path / RESULTS_FILE).predictions:
        if pred.id == item_id and pred.trace:
            return engine_trace(pred.trace)
    return None

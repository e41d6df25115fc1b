"""A benchmark run from options to RUNDIR: results.jsonl, manifest.json, summary.json and scores.jsonl.

A run holds the folder's lock while it writes (a second run in the same folder refuses), resumes from the
results already there (unreadable lines are quarantined and their items solved again), and writes no
secret it knows (API keys, ``--base-url`` credentials) into any file.

``run_benchmark`` is what ``openpcf run`` calls; ``rescore`` what ``openpcf rescore`` calls (no model
calls, except an LLM judge's answers that are not cached yet).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pydantic import ConfigDict, Field

from openpcf import __version__
from openpcf.formats.problems import FormatError
from openpcf.formats.text import read_text
from openpcf.llm.guarded_model import close_model
from openpcf.llm.metering import CallMeter, metering
from openpcf.llm.models import OFFLINE, GenerationSettings
from openpcf.llm.redaction import Redactor, redact_url
from openpcf.pcfbench.alignment import Aligner, decomposition_pairs
from openpcf.pcfbench.data import EPD_SETTINGS, TASKS, BenchmarkFolder, TaskName
from openpcf.pcfbench.predictions import Prediction
from openpcf.pcfbench.run_log.lock import RunFolderBusy, RunFolderLock
from openpcf.pcfbench.run_log.manifest import (
    MANIFEST_FILE,
    SUMMARY_FILE,
    Manifest,
    RunIdentity,
    RunTotals,
    file_sha256,
    identity_mismatch,
    now_iso,
    read_manifest,
    write_json,
)
from openpcf.pcfbench.run_log.results import RESULTS_FILE, ResultsLog, read_results
from openpcf.pcfbench.run_log.scores import SCORES_FILE, write_item_scores
from openpcf.pcfbench.scoring import score
from openpcf.runner.items import solve_items
from openpcf.systems.protocol import Solver, SystemOptions


class RunError(RuntimeError):
    """A run cannot start or continue; the message says what to change."""


class RunOptions(SystemOptions):
    """A run: which task on which data, where the results go, and how the system is configured."""

    model_config = ConfigDict(extra="forbid")

    task: str
    model: str
    data_dir: Path
    out_dir: Path
    limit: int | None = Field(default=None, ge=1)
    ids: list[str] | None = None
    concurrency: int = Field(default=4, ge=1)
    judge: str | None = None
    retry_failed: bool = False


def resolve_task(task: str, setting: str | None) -> tuple[TaskName, str | None]:
    """``epd_with_region`` etc. are accepted as task names (task epd with that setting)."""
    if task in EPD_SETTINGS:
        if setting not in (None, task):
            raise RunError(f"task {task} already names a setting; drop --setting {setting}")
        return "epd", task
    if task not in TASKS:
        raise RunError(
            f"unknown task {task!r}; use one of {', '.join(TASKS)} (or an epd setting: {', '.join(EPD_SETTINGS)})"
        )
    if task == "epd" and setting is None:
        setting = "epd_with_description"
    return task, setting  # type: ignore[return-value]


def select_rows(rows: list[Any], ids: list[str] | None, limit: int | None) -> list[Any]:
    if ids is not None:
        by_id = {r.id: r for r in rows}
        unknown = [i for i in ids if i not in by_id]
        if unknown:
            raise RunError(f"{len(unknown)} id(s) not in the task file: {', '.join(unknown[:5])}")
        rows = [by_id[i] for i in dict.fromkeys(ids)]
    return rows[:limit] if limit else rows


def read_ids(path: str | Path) -> list[str]:
    """One id per line (blank lines and ``#`` comments ignored)."""
    p = Path(path)
    if not p.is_file():
        raise RunError(f"{p}: ids file not found")
    try:
        text = read_text(p)  # the one decoder: non-UTF-8 bytes name file, line and byte offset
    except FormatError as exc:
        raise RunError(str(exc)) from None
    return [s for line in text.splitlines() if (s := line.strip()) and not s.startswith("#")]


def structured_output(opts: RunOptions) -> dict[str, Any] | None:
    """How the run's model is asked for a schema-valid answer (recorded in the manifest): always as the
    arguments of an answer tool whose parameters are the answer's JSON schema, with this tool forcing."""
    if opts.model == OFFLINE:
        return None
    from openpcf.llm.models import effective_tool_choice, parse_model

    choice = effective_tool_choice(parse_model(opts.model, base_url=opts.base_url), opts.settings)
    return {"mode": "tool", "tool_choice": choice or "provider default (required)"}


def totals_of(preds: list[Prediction], items: int) -> RunTotals:
    """Totals over results lines; the cost is unknown (None) if any paid line has an unknown cost."""
    t = RunTotals(items=items, finished=len(preds))
    cost: float | None = 0.0
    for p in preds:
        t.failed += p.error is not None or p.output is None
        if p.usage is None:
            continue
        u = p.usage
        t.input_tokens += u.input_tokens
        t.output_tokens += u.output_tokens
        t.requests += u.requests
        t.cache_hits += int(getattr(u, "cache_hits", 0) or 0)
        t.failed_attempts += int(getattr(u, "failed_attempts", 0) or 0)
        if u.requests and u.cost_usd is None:
            cost = None
        elif cost is not None:
            cost += u.cost_usd or 0.0
    t.cost_usd = cost
    return t


class Progress:
    """What the runner tells a progress display (the CLI draws a rich bar; tests can record)."""

    def start(self, total: int, done: int) -> None: ...

    def advance(self, pred: Prediction, meter: CallMeter, totals: RunTotals) -> None: ...

    def stop(self) -> None: ...


async def run_benchmark(
    opts: RunOptions,
    solver: Solver,
    *,
    prompt_hashes: dict[str, str] | None = None,
    judge: Aligner | None = None,
    progress: Progress | None = None,
) -> Manifest:
    """Run (or resume) ``solver`` on a benchmark task in ``opts.out_dir`` and return the final manifest.

    The runner knows no solver: it receives one (from :func:`openpcf.systems.registry.solver_for`) with the
    hashes of the prompt templates it uses, and the judge aligner when ``opts.judge`` names one."""
    task, setting = resolve_task(opts.task, opts.setting)
    folder = BenchmarkFolder(opts.data_dir)
    rows = select_rows(folder.rows(task), opts.ids, opts.limit)
    out = Path(opts.out_dir)
    out.mkdir(parents=True, exist_ok=True)
    lock = _lock(out)
    try:
        return await _run_locked(opts, solver, task, setting, folder, rows, out,
                                 prompt_hashes=prompt_hashes, judge=judge, progress=progress)
    finally:
        lock.release()


def redacted_argv(argv: list[str]) -> list[str]:
    """Command-line arguments as a manifest may keep them: URLs without credentials, no known secret."""
    redact = Redactor.for_process(argv)
    return [redact(redact_url(a) if "://" in a else a) for a in argv]


def _lock(out: Path) -> RunFolderLock:
    lock = RunFolderLock(out)
    try:
        lock.acquire()
    except RunFolderBusy as exc:
        raise RunError(str(exc)) from None
    return lock


async def _run_locked(
    opts: RunOptions,
    solver: Solver,
    task: TaskName,
    setting: str | None,
    folder: BenchmarkFolder,
    rows: list[Any],
    out: Path,
    *,
    prompt_hashes: dict[str, str] | None,
    judge: Aligner | None,
    progress: Progress | None,
) -> Manifest:
    redact = Redactor.for_run([opts.base_url])

    identity = RunIdentity(
        task=task,
        setting=setting,
        model=opts.model,
        system=opts.system,
        agentic=opts.agentic,
        query_only=opts.query_only,
        settings=opts.settings.semantic(),
    )
    previous = read_manifest(out)
    if previous is not None and (diff := identity_mismatch(previous, identity)):
        raise RunError(
            f"{out / MANIFEST_FILE}: this folder holds another run ({diff}); use a new --out folder"
        )

    prompt_hashes = dict(prompt_hashes or {})
    data_files = [folder.path(task)] + ([folder.picklist_path()] if task in ("triage", "mapping") else [])
    started = now_iso()
    manifest = Manifest(
        **identity.model_dump(),
        base_url=redact_url(opts.base_url),
        openpcf_version=_version(),
        judge=opts.judge,
        options={
            "data_dir": str(Path(opts.data_dir).resolve()),
            "limit": opts.limit,
            "concurrency": opts.concurrency,
            "budget": opts.budget if opts.agentic else None,
            "max_document_chars": opts.max_document_chars,
            "requests_per_minute": opts.requests_per_minute,
            "retry": opts.retry.model_dump(),
            "timeout": opts.settings.timeout,
            "cache": opts.cache,
            "structured_output": structured_output(opts),
            "item_ids": [r.id for r in rows],
        },
        prompts=prompt_hashes,
        prompts_dir=str(opts.prompts_dir) if opts.prompts_dir else None,
        data={str(p.name): file_sha256(p) for p in data_files if p.is_file()},
        started_at=previous.started_at if previous else started,
        sessions=(previous.sessions if previous else [])
        + [{"started_at": started, "base_url": redact_url(opts.base_url),
            "argv": redacted_argv(sys.argv[1:])}],
    )
    if previous is not None and (changed := changed_inputs(previous, manifest)):
        raise RunError(f"{out / MANIFEST_FILE}: {changed} since this run started; use a new --out folder")
    write_json(out / MANIFEST_FILE, manifest)

    log = ResultsLog(out, redact=redact)
    if opts.retry_failed:
        log.drop_failed()
    wanted = {r.id for r in rows}
    todo = [r for r in rows if r.id not in log.finished]
    skipped = len(rows) - len(todo)
    running = totals_of([p for i, p in log.finished.items() if i in wanted], len(rows))
    if progress:
        progress.start(len(rows), skipped)

    def on_result(pred: Prediction, meter: CallMeter) -> None:
        running.finished += 1
        running.failed += pred.error is not None
        running.input_tokens += meter.input_tokens
        running.output_tokens += meter.output_tokens
        running.requests += meter.requests
        running.cache_hits += meter.cache_hits
        running.failed_attempts += meter.failed_attempts
        running.cost_usd = (
            None if running.cost_usd is None or meter.cost_usd is None else running.cost_usd + meter.cost_usd
        )
        if progress:
            progress.advance(pred, meter, running)

    try:
        await solve_items(task, todo, solver, log, concurrency=opts.concurrency, on_result=on_result)
    finally:
        log.close()
        if progress:
            progress.stop()
        await _close(solver)

    preds = [p for p in read_results(out / RESULTS_FILE).predictions if p.id in wanted]
    manifest.totals = totals_of(preds, len(rows))
    manifest.totals.skipped_finished = skipped
    manifest.totals.quarantined = len(log.quarantined)
    if log.quarantined:
        manifest.sessions[-1]["quarantined_lines"] = [b.line for b in log.quarantined]
    manifest.sessions[-1]["ended_at"] = now_iso()
    manifest.ended_at = now_iso()
    write_json(out / MANIFEST_FILE, manifest)
    await write_summary(out, manifest, folder, rows, preds, judge=judge, judge_name=opts.judge, concurrency=opts.concurrency)
    return manifest


async def _close(holder: Any) -> None:
    """Close the model client of a solver or judge we built (an offline or injected solver has none)."""
    if getattr(holder, "model", None) is not None:
        await close_model(holder.model)


def changed_inputs(previous: Manifest, current: Manifest) -> str | None:
    """The first data file or prompt template whose content differs between two sessions of a run."""
    pairs = (
        ("data file", previous.data, current.data),
        ("prompt template", previous.prompts, current.prompts),
    )
    for kind, old, new in pairs:
        for name in sorted(old.keys() & new.keys()):
            if old[name] != new[name]:
                return f"the {kind} {name} changed"
    return None


def _version() -> str:
    return __version__


async def write_summary(
    out: Path,
    manifest: Manifest,
    folder: BenchmarkFolder,
    rows: list[Any],
    preds: list[Prediction],
    *,
    judge: Aligner | None = None,
    judge_name: str | None = None,
    concurrency: int = 4,
) -> dict[str, Any]:
    """Score with the PCFBench scorer and write ``summary.json``; ``judge`` (an LLM judge aligner) judges the
    decomposition items first."""
    task: TaskName = manifest.task  # type: ignore[assignment]
    kwargs: dict[str, Any] = {"run_id": out.name}
    if task == "mapping" and folder.picklist_path().is_file():
        kwargs["picklist"] = [p.reference_product_name for p in folder.picklist()]
    judge_errors: list[str] = []
    judge_meter: CallMeter | None = None
    if task == "decomposition" and judge is not None:
        pairs = decomposition_pairs(rows, preds)
        with metering() as judge_meter:
            judge_errors = await judge.prefetch(pairs, concurrency=concurrency)  # type: ignore[attr-defined]
        kwargs["aligner"] = judge
        await _close(judge)  # every judgement is in its memo now
    if judge_errors:
        raise RunError(
            f"the judge failed on {len(judge_errors)} item(s) (first: {judge_errors[0]}); "
            f"the results are kept: fix it and run `openpcf rescore {out}`"
        )
    try:
        result = score(task, rows, preds, **kwargs)
    except Exception as exc:  # the results are safe: record the failure and say how to score them again
        (out / SCORES_FILE).unlink(missing_ok=True)  # scores of an earlier scoring would not match
        redact = Redactor.for_process(sys.argv[1:])
        write_json(out / SUMMARY_FILE, {"task": task, "error": redact(f"{type(exc).__name__}: {exc}")})
        raise RunError(
            f"scoring failed ({type(exc).__name__}: {exc}); the results are kept: `openpcf rescore {out}`"
        ) from exc
    summary = result.model_dump(mode="json", exclude={"items"})
    summary["setting"] = manifest.setting
    summary["model"] = manifest.model
    summary["usage"] = manifest.totals.model_dump()
    if judge_meter is not None:
        summary["judge_usage"] = {
            "model": judge_name or manifest.judge,
            "requests": judge_meter.requests,
            "cache_hits": judge_meter.cache_hits,
            "input_tokens": judge_meter.input_tokens,
            "output_tokens": judge_meter.output_tokens,
            "cost_usd": judge_meter.cost_usd,
        }
    write_item_scores(out / SCORES_FILE, result.items)
    write_json(out / SUMMARY_FILE, summary)
    return summary


async def rescore(
    run_dir: str | Path,
    *,
    judge: str | None = None,
    data_dir: str | Path | None = None,
    make_judge: Callable[[str, RunOptions], Aligner] | None = None,
) -> dict[str, Any]:
    """Score an existing run again from its results (judge: the manifest's unless given; ``make_judge``
    builds it — :func:`openpcf.systems.registry.judge_for` — so the runner knows no aligner)."""
    out = Path(run_dir)
    manifest = read_manifest(out)
    if manifest is None:
        raise RunError(f"{out}: no {MANIFEST_FILE} (not an openpcf run folder)")
    lock = _lock(out)
    try:
        return await _rescore_locked(out, manifest, judge=judge, data_dir=data_dir, make_judge=make_judge)
    finally:
        lock.release()


async def _rescore_locked(
    out: Path,
    manifest: Manifest,
    *,
    judge: str | None,
    data_dir: str | Path | None,
    make_judge: Callable[[str, RunOptions], Aligner] | None,
) -> dict[str, Any]:
    data = Path(data_dir or manifest.options.get("data_dir", ""))
    if not data.is_dir():
        raise RunError(f"{data}: the run's data folder is gone; pass --data DIR")
    folder = BenchmarkFolder(data)
    task: TaskName = manifest.task  # type: ignore[assignment]
    ids = manifest.options.get("item_ids")
    rows = select_rows(folder.rows(task), ids, None)
    found = read_results(out / RESULTS_FILE)
    if found.bad_lines:
        raise RunError(
            f"{found.first_problem()}; rerun `openpcf run` with the same --out to quarantine the bad "
            "line(s) and solve those items again"
        )
    preds = [p for p in found.predictions if p.id in {r.id for r in rows}]
    judge = judge or manifest.judge
    aligner = None
    if judge and task == "decomposition":
        if make_judge is None:
            raise RunError(f"this run is judged by {judge}: rescoring it needs the judge (openpcf rescore builds it)")
        opts = RunOptions(
            task=task,
            model=judge,
            data_dir=data,
            out_dir=out,
            base_url=manifest.base_url,
            prompts_dir=Path(manifest.prompts_dir) if manifest.prompts_dir else None,
            settings=GenerationSettings(**manifest.settings),
        )
        aligner = make_judge(judge, opts)
    return await write_summary(out, manifest, folder, rows, preds, judge=aligner, judge_name=judge)

"""A benchmark run from options to RUNDIR: results.jsonl, manifest.json and summary.json.

``run_benchmark`` is what ``openpcf run`` calls; ``rescore`` what ``openpcf rescore`` calls (no model
calls, except an LLM judge's answers that are not cached yet).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from openpcf.benchmark.data import EPD_SETTINGS, TASKS, BenchmarkFolder, TaskName
from openpcf.benchmark.predictions import Prediction
from openpcf.llm.metering import CallMeter, metering
from openpcf.llm.models import OFFLINE, PROVIDERS, GenerationSettings
from openpcf.runner.manifest import (
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
from openpcf.runner.results import ResultsLog, drop_failed, read_results
from openpcf.runner.retry import RetryPolicy


class RunError(RuntimeError):
    """A run cannot start or continue; the message says what to change."""


class RunOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")

    task: str
    model: str
    data_dir: Path
    out_dir: Path
    limit: int | None = Field(default=None, ge=1)
    ids: list[str] | None = None
    concurrency: int = Field(default=4, ge=1)
    agentic: bool = False
    query_only: bool = False
    setting: str | None = None
    prompts_dir: Path | None = None
    base_url: str | None = None
    judge: str | None = None
    settings: GenerationSettings = Field(default_factory=GenerationSettings)
    requests_per_minute: float | None = Field(default=None, gt=0)
    retry: RetryPolicy = Field(default_factory=RetryPolicy)
    budget: int = Field(default=20, ge=1)
    max_document_chars: int = Field(default=120_000, ge=1000)
    cache: bool = True
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
    return [
        s
        for line in p.read_text(encoding="utf-8").splitlines()
        if (s := line.strip()) and not s.startswith("#")
    ]


def guarded(model_string: str, opts: RunOptions, *, base_url: str | None = None) -> tuple[Any, str]:
    """The model wrapped with cache, rate limit and retries; and its label."""
    from openpcf.runner.guarded_model import guard_model

    model, label, _ = guard_model(
        model_string,
        base_url=base_url,
        settings=opts.settings,
        cache=opts.cache,
        retry=opts.retry,
        requests_per_minute=opts.requests_per_minute,
    )
    return model, label


def _picklist_names(folder: BenchmarkFolder) -> Callable[[], list[str]]:
    return lambda: [p.reference_product_name for p in folder.picklist()]


def _searcher(folder: BenchmarkFolder) -> Callable[[], Any]:
    def make() -> Any:
        from openpcf.catalog import load_catalog
        from openpcf.search import ActivitySearch

        return ActivitySearch(load_catalog(folder.picklist_path(), "picklist"))

    return make


def make_solver(
    task: TaskName, setting: str | None, folder: BenchmarkFolder, opts: RunOptions
) -> tuple[Any, dict[str, str]]:
    """The solver and the hashes of the prompt templates it uses."""
    from openpcf.tasks.prompting import PromptBook
    from openpcf.tasks.registry import build_solver, check_options, offline_solver

    check_options(
        task, agentic=opts.agentic, query_only=opts.query_only, setting=setting if task == "epd" else None
    )
    if opts.model == OFFLINE:
        if opts.agentic:
            raise RunError("--agentic needs a model: the offline system has its own search")
        options = {"query_only": True} if opts.query_only else {}
        return offline_solver(task, setting=setting, picklist=folder.picklist_path(), **options), {}
    model, label = guarded(opts.model, opts, base_url=opts.base_url)
    prompts = PromptBook(opts.prompts_dir)
    if task == "compositional":
        return compositional_solver(model, label, prompts, opts)
    solver = build_solver(
        task,
        model,
        model_label=label,
        prompts=prompts,
        agentic=opts.agentic,
        query_only=opts.query_only,
        setting=setting,
        budget=opts.budget,
        picklist=_picklist_names(folder),
        searcher=_searcher(folder),
        max_document_chars=opts.max_document_chars,
        model_settings=opts.settings.model_settings(model_label_provider(label)),
    )
    names = list(solver.templates) + (
        ["judge.system.j2", "judge.user.j2"] if opts.judge and task == "decomposition" else []
    )
    return solver, prompts.hashes(names)


#: What the compositional task shows a model: name, declared unit and description (as the offline system and
#: the published compositional pipelines); the model proposes the bill of materials.
COMPOSITIONAL_MODEL_SETTING = "epd_with_description"


def compositional_solver(
    model: Any, label: str, prompts: Any, opts: RunOptions
) -> tuple[Any, dict[str, str]]:
    """The engine with its LLM path on the run's guarded model, and the hashes of its prompt templates."""
    from openpcf.engine.benchmark_solver import EngineSolver
    from openpcf.engine.model_fill import TEMPLATES

    solver = EngineSolver(
        task="compositional",
        setting=COMPOSITIONAL_MODEL_SETTING,
        model=model,
        model_label=label,
        model_settings=opts.settings.model_settings(model_label_provider(label)),
        prompts=prompts,
    )
    return solver, prompts.hashes(list(TEMPLATES))


def structured_output(opts: RunOptions) -> dict[str, Any] | None:
    """How the run's model is asked for a schema-valid answer (recorded in the manifest): always as the
    arguments of an answer tool whose parameters are the answer's JSON schema, with this tool forcing."""
    if opts.model == OFFLINE:
        return None
    from openpcf.llm.models import effective_tool_choice, parse_model

    choice = effective_tool_choice(parse_model(opts.model, base_url=opts.base_url), opts.settings)
    return {"mode": "tool", "tool_choice": choice or "provider default (required)"}


def model_label_provider(label: str) -> str:
    return label.split(":", 1)[0]


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
    opts: RunOptions, *, solver: Any = None, progress: Progress | None = None
) -> Manifest:
    """Run (or resume) a benchmark run in ``opts.out_dir`` and return its final manifest."""
    from openpcf.runner.items import solve_items

    task, setting = resolve_task(opts.task, opts.setting)
    folder = BenchmarkFolder(opts.data_dir)
    rows = select_rows(folder.rows(task), opts.ids, opts.limit)
    out = Path(opts.out_dir)
    out.mkdir(parents=True, exist_ok=True)

    identity = RunIdentity(
        task=task,
        setting=setting,
        model=opts.model,
        agentic=opts.agentic,
        query_only=opts.query_only,
        settings=opts.settings.semantic(),
    )
    previous = read_manifest(out)
    if previous is not None and (diff := identity_mismatch(previous, identity)):
        raise RunError(
            f"{out / MANIFEST_FILE}: this folder holds another run ({diff}); use a new --out folder"
        )

    prompt_hashes: dict[str, str] = {}
    if solver is None:
        solver, prompt_hashes = make_solver(task, setting, folder, opts)
    data_files = [folder.path(task)] + ([folder.picklist_path()] if task in ("triage", "mapping") else [])
    started = now_iso()
    manifest = Manifest(
        **identity.model_dump(),
        base_url=opts.base_url,
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
        + [{"started_at": started, "base_url": opts.base_url, "argv": sys.argv[1:]}],
    )
    if previous is not None and (changed := changed_inputs(previous, manifest)):
        raise RunError(f"{out / MANIFEST_FILE}: {changed} since this run started; use a new --out folder")
    write_json(out / MANIFEST_FILE, manifest)

    if opts.retry_failed and (out / "results.jsonl").is_file():
        drop_failed(out / "results.jsonl")
    log = ResultsLog(out)
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

    preds = [p for p in read_results(out / "results.jsonl") if p.id in wanted]
    manifest.totals = totals_of(preds, len(rows))
    manifest.totals.skipped_finished = skipped
    manifest.sessions[-1]["ended_at"] = now_iso()
    manifest.ended_at = now_iso()
    write_json(out / MANIFEST_FILE, manifest)
    await write_summary(out, manifest, folder, rows, preds, judge=opts.judge, opts=opts)
    return manifest


async def _close(holder: Any) -> None:
    """Close the model client of a solver or judge we built (an offline or injected solver has none)."""
    if getattr(holder, "model", None) is not None:
        from openpcf.runner.guarded_model import close_model

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
    from openpcf import __version__

    return __version__


async def write_summary(
    out: Path,
    manifest: Manifest,
    folder: BenchmarkFolder,
    rows: list[Any],
    preds: list[Prediction],
    *,
    judge: str | None,
    opts: RunOptions | None = None,
) -> dict[str, Any]:
    """Score with the foundation scorer and write ``summary.json`` (a note instead when no scorer exists)."""
    try:
        from openpcf.benchmark.scoring import score
    except ImportError:
        summary: dict[str, Any] = {
            "task": manifest.task,
            "note": "no scorer available in this version of openpcf",
        }
        write_json(out / SUMMARY_FILE, summary)
        return summary
    task: TaskName = manifest.task  # type: ignore[assignment]
    kwargs: dict[str, Any] = {"run_id": out.name}
    if task == "mapping" and folder.picklist_path().is_file():
        kwargs["picklist"] = [p.reference_product_name for p in folder.picklist()]
    judge_errors: list[str] = []
    judge_meter: CallMeter | None = None
    if task == "decomposition" and judge:
        aligner = judge_aligner(
            judge, opts or RunOptions(task=task, model=judge, data_dir=folder.root, out_dir=out)
        )
        from openpcf.tasks.judge import decomposition_pairs

        pairs = decomposition_pairs(rows, preds)
        with metering() as judge_meter:
            judge_errors = await aligner.prefetch(pairs, concurrency=(opts.concurrency if opts else 4))
        kwargs["aligner"] = aligner
        await _close(aligner)  # every judgement is in its memo now
    if judge_errors:
        raise RunError(
            f"the judge failed on {len(judge_errors)} item(s) (first: {judge_errors[0]}); "
            f"the results are kept: fix it and run `openpcf rescore {out}`"
        )
    try:
        result = score(task, rows, preds, **kwargs)
    except Exception as exc:  # the results are safe: record the failure and say how to score them again
        write_json(out / SUMMARY_FILE, {"task": task, "error": f"{type(exc).__name__}: {exc}"})
        raise RunError(
            f"scoring failed ({type(exc).__name__}: {exc}); the results are kept: `openpcf rescore {out}`"
        ) from exc
    summary = result.model_dump(mode="json", exclude={"items"})
    summary["setting"] = manifest.setting
    summary["model"] = manifest.model
    summary["usage"] = manifest.totals.model_dump()
    if judge_meter is not None:
        summary["judge_usage"] = {
            "model": judge,
            "requests": judge_meter.requests,
            "cache_hits": judge_meter.cache_hits,
            "input_tokens": judge_meter.input_tokens,
            "output_tokens": judge_meter.output_tokens,
            "cost_usd": judge_meter.cost_usd,
        }
    write_json(out / SUMMARY_FILE, summary)
    return summary


def judge_aligner(judge: str, opts: RunOptions) -> Any:
    from openpcf.tasks.judge import judge_aligner as build_judge
    from openpcf.tasks.prompting import PromptBook

    # The run's --base-url serves the judge too when the judge is the run's model or a bare model name.
    bare = judge.split(":", 1)[0] not in PROVIDERS
    return build_judge(
        judge,
        base_url=opts.base_url if (judge == opts.model or bare) else None,
        prompts=PromptBook(opts.prompts_dir),
        settings=opts.settings,
        cache=opts.cache,
        retry=opts.retry,
        requests_per_minute=opts.requests_per_minute,
    )


async def rescore(
    run_dir: str | Path, *, judge: str | None = None, data_dir: str | Path | None = None
) -> dict[str, Any]:
    """Score an existing run again from its results (judge: the manifest's unless given)."""
    out = Path(run_dir)
    manifest = read_manifest(out)
    if manifest is None:
        raise RunError(f"{out}: no {MANIFEST_FILE} (not an openpcf run folder)")
    data = Path(data_dir or manifest.options.get("data_dir", ""))
    if not data.is_dir():
        raise RunError(f"{data}: the run's data folder is gone; pass --data DIR")
    folder = BenchmarkFolder(data)
    task: TaskName = manifest.task  # type: ignore[assignment]
    ids = manifest.options.get("item_ids")
    rows = select_rows(folder.rows(task), ids, None)
    preds = [p for p in read_results(out / "results.jsonl") if p.id in {r.id for r in rows}]
    judge = judge or manifest.judge
    opts = None
    if judge:
        opts = RunOptions(
            task=task,
            model=judge,
            data_dir=data,
            out_dir=out,
            base_url=manifest.base_url,
            prompts_dir=Path(manifest.prompts_dir) if manifest.prompts_dir else None,
            settings=GenerationSettings(**manifest.settings),
        )
    return await write_summary(out, manifest, folder, rows, preds, judge=judge, opts=opts)

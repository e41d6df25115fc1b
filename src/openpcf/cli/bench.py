"""``openpcf bench``: every PCFBench task and setting in one command, then one leaderboard table
beside the published results of the paper's eight frontier models, and per-task details with intervals.

Layout of ``--out``::

    OUT/<run>/results.jsonl, manifest.json, summary.json,  one runner folder per task / epd setting
              scores.jsonl
    OUT/leaderboard.md, leaderboard.json                    headline metrics + published rows
                                                            (built by :mod:`openpcf.report.leaderboard`)
    OUT/details.md, details.json                            every metric with SE and 95% CI, per run

Runs go through the runner (:func:`openpcf.runner.session.run_benchmark`), so a rerun resumes and
every run folder can be rescored with ``openpcf rescore``.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from openpcf.cli.common import console, fail, require_folder

if TYPE_CHECKING:
    from openpcf.pcfbench.run_log.summary import RunSummary

#: The runs of a full bench: (run folder name, task, epd setting).
BENCH_RUNS: tuple[tuple[str, str, str | None], ...] = (
    ("decomposition", "decomposition", None),
    ("triage", "triage", None),
    ("mapping", "mapping", None),
    ("extraction_material", "extraction_material", None),
    ("extraction_energy", "extraction_energy", None),
    ("epd_name_only", "epd", "epd_name_only"),
    ("epd_with_description", "epd", "epd_with_description"),
    ("epd_with_composition", "epd", "epd_with_composition"),
    ("epd_with_region", "epd", "epd_with_region"),
    ("compositional", "compositional", None),
)

def select_runs(tasks: Sequence[str] | None) -> list[tuple[str, str, str | None]]:
    """The runs for ``--tasks`` (task names, ``epd`` for its four settings, or single epd settings)."""
    if not tasks:
        return list(BENCH_RUNS)
    wanted = {t.strip() for t in tasks if t.strip()}
    known = {name for name, _, _ in BENCH_RUNS} | {"epd"}
    unknown = sorted(wanted - known)
    if unknown:
        raise ValueError(f"unknown task(s) {', '.join(unknown)}; use {', '.join(sorted(known))}")
    return [r for r in BENCH_RUNS if r[0] in wanted or (r[1] == "epd" and "epd" in wanted)]


def details_markdown(summaries: dict[str, RunSummary], timings: dict[str, float]) -> str:
    """Every metric of every run with SE and 95% CI, plus n, failures and wall time."""
    out = ["# Per-task details", ""]
    fmt = lambda x: "–" if x is None else f"{x:.4f}"
    for run, summary in summaries.items():
        out.append(f"## {run}")
        out.append(f"items {summary.n_items}, failed {summary.n_failed}, wall time {timings.get(run, 0.0):.1f} s")
        out.append("")
        out.append("| metric | value | SE | 95% CI | n |")
        out.append("|---|---|---|---|---|")
        for name, m in summary.metrics.items():
            out.append(f"| {name} | {fmt(m.value)} | {fmt(m.se)} | [{fmt(m.ci[0])}, {fmt(m.ci[1])}] | {m.n} |")
        out.append("")
    return "\n".join(out)


def bench_leaderboard(model: str, summaries: dict[str, RunSummary], *, data_label: str,
                      notes: Sequence[str] = ()) -> tuple[dict[str, Any], str]:
    """The leaderboard of a bench (JSON document, Markdown) from its run summaries and the published table."""
    from openpcf.report.leaderboard import (
        headline_of_summary,
        headline_table,
        leaderboard_document,
        leaderboard_markdown,
        read_published,
    )

    by_name = {name: (task, setting) for name, task, setting in BENCH_RUNS}
    runs = [headline_of_summary(model, *by_name[name], summary, data=data_label) for name, summary in summaries.items()]
    published = read_published()
    columns, rows = headline_table(runs, published, all_published_columns=True, other_epd_settings=False)
    board = leaderboard_document(columns, rows, published=published)
    board["notes"] = list(notes)
    return board, leaderboard_markdown(columns, rows, published=published, notes=notes)


def run_bench(
    model: str,
    data: Path,
    out: Path,
    *,
    tasks: Sequence[str] | None = None,
    concurrency: int = 4,
    limit: int | None = None,
    progress: bool = True,
    solver_options: dict[str, Any] | None = None,
    base_url: str | None = None,
    settings: Any = None,
    system: str = "model",
) -> dict[str, Any]:
    """Run every selected task/setting, then write the leaderboard and details; returns the leaderboard.

    ``solver_options`` go to :func:`openpcf.systems.registry.offline_solver` (e.g. ``dense=False``) for ``offline``.
    ``system="parakeet"`` runs the mapping task with the Parakeet baseline (the other tasks with the model
    solvers); the leaderboard notes it.
    """
    import asyncio

    from openpcf.cli.progress import RunProgress, embedding_progress
    from openpcf.pcfbench.data import BenchmarkFolder
    from openpcf.pcfbench.run_log.summary import RunSummary, read_summary
    from openpcf.runner.session import RunOptions, run_benchmark
    from openpcf.systems.offline import warm_picklist_search
    from openpcf.systems.registry import PARAKEET_TASKS, SolverUnavailable, offline_solver, solver_for

    folder = BenchmarkFolder(data)
    runs = select_runs(tasks)
    missing = sorted({t for _, t, _ in runs if not folder.has(t)})  # type: ignore[arg-type]
    if missing:
        raise ValueError(
            f"{data}: no file for {', '.join(missing)} (expected the standard PCFBench file names)"
        )
    out.mkdir(parents=True, exist_ok=True)
    summaries: dict[str, RunSummary] = {}
    timings: dict[str, float] = {}
    started = time.perf_counter()
    skipped: dict[str, str] = {}
    if model == "offline" and progress and (solver_options or {}).get("dense", True):
        with embedding_progress() as bar:
            warm_picklist_search(folder.picklist_path(), {t for _, t, _ in runs}, progress=bar)
    if system != "model" and model == "offline":
        raise ValueError(f"--system {system} needs a model (--model PROVIDER:MODEL), not offline")
    for name, task, setting in runs:
        run_system = system if task in PARAKEET_TASKS else "model"
        opts = RunOptions(task=task, model=model, data_dir=data, out_dir=out / name, setting=setting,
                          concurrency=concurrency, limit=limit, base_url=base_url, system=run_system,
                          **({"settings": settings} if settings is not None else {}))  # fmt: skip
        t0 = time.perf_counter()
        try:
            if model == "offline":
                solver, hashes = offline_solver(task, setting=setting, picklist=folder.picklist_path(),
                                                **(solver_options or {})), {}  # fmt: skip
            else:
                solver, hashes = solver_for(task, model, opts, setting=setting, picklist=folder.picklist_path())  # type: ignore[arg-type]
            asyncio.run(run_benchmark(opts, solver, prompt_hashes=hashes,
                                      progress=RunProgress(name) if progress else None))
        except SolverUnavailable as exc:  # a task this install has no solver for: the other runs go on
            skipped[name] = str(exc)
            continue
        timings[name] = time.perf_counter() - t0
        summaries[name] = read_summary(out / name) or RunSummary()
    total = time.perf_counter() - started
    notes = offline_notes() if model == "offline" else []
    if system != "model":
        notes.append(f"{', '.join(PARAKEET_TASKS)} run by the {system} system (the other tasks by the model solvers)")
    board, markdown = bench_leaderboard(model, summaries, data_label=Path(data).name, notes=notes)
    board["wall_time_s"] = round(total, 2)
    board["run_wall_time_s"] = {k: round(v, 2) for k, v in timings.items()}
    board["skipped"] = skipped
    (out / "leaderboard.json").write_text(
        json.dumps(board, indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    (out / "leaderboard.md").write_text(markdown, encoding="utf-8")
    details = {name: s.model_dump(mode="json", include={"task", "setting", "n_items", "n_failed", "metrics", "strata", "warnings"})
               for name, s in summaries.items()}  # fmt: skip
    (out / "details.json").write_text(
        json.dumps({"runs": details, "wall_time_s": board["run_wall_time_s"]}, indent=1) + "\n",
        encoding="utf-8",
    )
    notes = "".join(f"\n## {name}\nskipped: {why}\n" for name, why in skipped.items())
    (out / "details.md").write_text(details_markdown(summaries, timings) + notes, encoding="utf-8")
    board["markdown"] = markdown
    return board


def offline_notes() -> list[str]:
    """What a reader must know about the offline row: parts fitted on the dev split, with their CV estimate."""
    from openpcf.systems.offline.calibration import load_calibration

    notes = []
    triage = load_calibration("triage")
    cv = (triage.report or {}).get("mean")
    if cv:
        notes.append(
            f"offline triage is a model fitted on the PCFBench dev split ({triage.report.get('n_items')} items): "
            f"its dev accuracy is in-sample; cross-validated accuracy {cv['accuracy']:.3f}, ECE {cv['ece']:.3f}"
        )
    mapping = load_calibration("mapping")
    cv = (mapping.report or {}).get("mean")
    if cv:
        notes.append(
            f"offline mapping confidence is calibrated on the dev split: cross-validated ECE {cv['ece']:.3f}"
        )
    return notes


def register(app: typer.Typer) -> None:
    @app.command("bench")
    def bench(
        model: str = typer.Option(
            ..., "--model", "-m", help="'offline' (no key) or PROVIDER:MODEL as for openpcf run"
        ),
        data: Path = typer.Option(
            ..., "--data", help="PCFBench folder (standard file names + ecoinvent_picklist.jsonl)"
        ),
        out: Path = typer.Option(
            ..., "--out", help="output folder: one run folder per task/setting + leaderboard"
        ),
        tasks: str | None = typer.Option(
            None, "--tasks", help="comma-separated subset, e.g. 'triage,mapping,epd'"
        ),
        concurrency: int = typer.Option(4, "--concurrency", min=1, help="items in flight per run"),
        limit: int | None = typer.Option(
            None, "--limit", min=1, help="first N items of each task (a smoke run)"
        ),
        base_url: str | None = typer.Option(
            None, "--base-url", help="OpenAI-compatible server (vLLM, Ollama, llama.cpp), as for openpcf run"
        ),
        tool_choice: str | None = typer.Option(
            None, "--tool-choice", help="named, required or auto, as for openpcf run"
        ),
        temperature: float | None = typer.Option(None, "--temperature"),
        max_tokens: int | None = typer.Option(None, "--max-tokens"),
        seed: int | None = typer.Option(None, "--seed"),
        system: str = typer.Option(
            "model", "--system", help="model (default) or parakeet: the Parakeet baseline runs the mapping task"
        ),
    ) -> None:
        """Run every PCFBench task and setting, then write a leaderboard beside the published results."""
        from openpcf.llm.models import GenerationSettings
        from openpcf.pcfbench.data import DataError

        require_folder(out)
        try:
            board = run_bench(
                model,
                data,
                out,
                tasks=tasks.split(",") if tasks else None,
                concurrency=concurrency,
                limit=limit,
                base_url=base_url,
                system=system,
                settings=GenerationSettings(
                    tool_choice=tool_choice,  # type: ignore[arg-type]
                    temperature=temperature,
                    max_tokens=max_tokens,
                    seed=seed,
                ),
            )
        except (DataError, ValueError, RuntimeError) as exc:
            fail(str(exc))
        console.print(board["markdown"], soft_wrap=True, highlight=False)
        console.print(f"wall time {board['wall_time_s']:.1f} s · written to {out}/leaderboard.md, details.md")

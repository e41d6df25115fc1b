"""``openpcf bench``: every PCFBench task and setting in one command, then one leaderboard table
beside the published results of the paper's eight frontier models, and per-task details with intervals.

Layout of ``--out``::

    OUT/<run>/results.jsonl, manifest.json, summary.json   one runner folder per task / epd setting
    OUT/leaderboard.md, leaderboard.json                    headline metrics + published rows
    OUT/details.md, details.json                            every metric with SE and 95% CI, per run

Runs go through the runner (:func:`openpcf.runner.session.run_benchmark`), so a rerun resumes and
every run folder can be rescored with ``openpcf rescore``.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import typer

from openpcf.cli.common import console, fail, require_folder

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

#: Leaderboard columns: (published-results key, run folder, metric, short header).
LEADERBOARD_COLUMNS: tuple[tuple[str, str, str, str], ...] = (
    ("decomposition_f1", "decomposition", "f1", "T1 F1"),
    ("triage_accuracy", "triage", "accuracy", "T2 acc"),
    ("mapping_exact_match", "mapping", "exact_match", "T3 EM"),
    ("extraction_material_claim_f1", "extraction_material", "claim_f1", "T4 F1"),
    ("extraction_energy_claim_f1", "extraction_energy", "claim_f1", "T5 F1"),
    ("epd_within_2x", "epd_with_description", "within_2x", "T7 direct ≤2×"),
    ("compositional_within_2x", "compositional", "within_2x", "T7 comp. ≤2×"),
    ("compositional_mass_violation_rate", "compositional", "mass_violation_rate", "mass viol. ↓"),
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


def published_results() -> dict[str, Any]:
    """The paper's published table (package data, with its citation)."""
    from openpcf.paths import package_data

    return json.loads(package_data("published_results.json").read_text(encoding="utf-8"))


def leaderboard(
    model: str, summaries: dict[str, dict[str, Any]], published: dict[str, Any], *, data_label: str
) -> dict[str, Any]:
    """Leaderboard document: the published rows and one row for ``model`` from its run summaries.

    A cell of the run is ``{"value", "ci"}`` (None when the run is absent or the metric undefined).
    """
    row: dict[str, Any] = {"model": model, "data": data_label}
    for key, run, metric, _ in LEADERBOARD_COLUMNS:
        m = ((summaries.get(run) or {}).get("metrics") or {}).get(metric)
        row[key] = {"value": m.get("value"), "ci": m.get("ci")} if isinstance(m, dict) else None
    return {
        "columns": {key: header for key, _, _, header in LEADERBOARD_COLUMNS},
        "this_run": row,
        "published": published["models"],
        "citation": published["citation"],
        "published_setup": published["setup"],
    }


def _cell(value: Any) -> str:
    if isinstance(value, dict):
        v, ci = value.get("value"), value.get("ci") or (None, None)
        if v is None:
            return "–"
        if ci and ci[0] is not None and ci[1] is not None:
            return f"{v:.3f} [{ci[0]:.2f}, {ci[1]:.2f}]"
        return f"{v:.3f}"
    if isinstance(value, (int, float)):
        return f"{value:.3f}"
    return "–"


def leaderboard_markdown(board: dict[str, Any]) -> str:
    """The leaderboard as a Markdown table (this run first, with 95% intervals; published rows after)."""
    keys = list(board["columns"])
    head = "| model | " + " | ".join(board["columns"][k] for k in keys) + " |"
    rule = "|---|" + "---|" * len(keys)
    run = board["this_run"]
    lines = [
        head,
        rule,
        f"| **{run['model']}** ({run['data']}) | " + " | ".join(_cell(run[k]) for k in keys) + " |",
    ]
    for m in board["published"]:
        lines.append(f"| {m['model']} (published) | " + " | ".join(_cell(m.get(k)) for k in keys) + " |")
    note = (
        f"\nThis run: metrics with bootstrap 95% intervals on `{run['data']}`. Published rows: "
        f"{board['citation']} — {board['published_setup']}. Published numbers are on the full dataset; "
        "a run on a split is not directly comparable item for item.\n"
    )
    extra = "".join(f"\n- {n}" for n in board.get("notes", []))
    return "\n".join(lines) + "\n" + note + (extra + "\n" if extra else "")


def details_markdown(summaries: dict[str, dict[str, Any]], timings: dict[str, float]) -> str:
    """Every metric of every run with SE and 95% CI, plus n, failures and wall time."""
    out = ["# Per-task details", ""]
    for run, summary in summaries.items():
        out.append(f"## {run}")
        out.append(
            f"items {summary.get('n_items')}, failed {summary.get('n_failed')}, wall time {timings.get(run, 0.0):.1f} s"
        )
        out.append("")
        out.append("| metric | value | SE | 95% CI | n |")
        out.append("|---|---|---|---|---|")
        for name, m in (summary.get("metrics") or {}).items():
            v, se, ci = m.get("value"), m.get("se"), m.get("ci") or (None, None)
            fmt = lambda x: "–" if x is None else f"{x:.4f}"
            out.append(f"| {name} | {fmt(v)} | {fmt(se)} | [{fmt(ci[0])}, {fmt(ci[1])}] | {m.get('n')} |")
        out.append("")
    return "\n".join(out)


def warm_picklist_search(picklist: Path, tasks: set[str]) -> None:
    """Embed the picklist once before the runs that search it, with a progress bar (cached afterwards)."""
    from openpcf.cli.common import embedding_progress

    try:
        from openpcf.offline import prepare_picklist_search
    except ImportError:  # no offline system: the solver lookup says so in one line
        return
    if tasks & {"triage", "mapping"} and picklist.is_file():
        with embedding_progress() as report:
            prepare_picklist_search(picklist, progress=report)


def _offline_solver(task: str, setting: str | None, picklist: Path, options: dict[str, Any]) -> Any:
    from openpcf.offline import solver_for

    return solver_for(task, setting=setting, picklist=picklist, **options)


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
) -> dict[str, Any]:
    """Run every selected task/setting, then write the leaderboard and details; returns the leaderboard.

    ``solver_options`` go to :func:`openpcf.offline.solver_for` (e.g. ``dense=False``) for ``offline``.
    """
    import asyncio

    from openpcf.benchmark.data import BenchmarkFolder
    from openpcf.runner.session import RunOptions, run_benchmark
    from openpcf.tasks.registry import SolverUnavailable

    folder = BenchmarkFolder(data)
    runs = select_runs(tasks)
    missing = sorted({t for _, t, _ in runs if not folder.has(t)})  # type: ignore[arg-type]
    if missing:
        raise ValueError(
            f"{data}: no file for {', '.join(missing)} (expected the standard PCFBench file names)"
        )
    out.mkdir(parents=True, exist_ok=True)
    summaries: dict[str, dict[str, Any]] = {}
    timings: dict[str, float] = {}
    started = time.perf_counter()
    skipped: dict[str, str] = {}
    if model == "offline" and progress and (solver_options or {}).get("dense", True):
        warm_picklist_search(folder.picklist_path(), {t for _, t, _ in runs})
    for name, task, setting in runs:
        opts = RunOptions(task=task, model=model, data_dir=data, out_dir=out / name, setting=setting,
                          concurrency=concurrency, limit=limit, base_url=base_url,
                          **({"settings": settings} if settings is not None else {}))  # fmt: skip
        solver = (
            _offline_solver(task, setting, folder.picklist_path(), solver_options or {})
            if model == "offline"
            else None
        )
        t0 = time.perf_counter()
        bar = _progress(name) if progress else None
        try:
            asyncio.run(run_benchmark(opts, solver=solver, progress=bar))
        except SolverUnavailable as exc:  # a task this install has no solver for: the other runs go on
            skipped[name] = str(exc)
            continue
        timings[name] = time.perf_counter() - t0
        summary_path = out / name / "summary.json"
        summaries[name] = (
            json.loads(summary_path.read_text(encoding="utf-8")) if summary_path.is_file() else {}
        )
    total = time.perf_counter() - started
    board = leaderboard(model, summaries, published_results(), data_label=Path(data).name)
    board["wall_time_s"] = round(total, 2)
    board["run_wall_time_s"] = {k: round(v, 2) for k, v in timings.items()}
    board["skipped"] = skipped
    board["notes"] = offline_notes() if model == "offline" else []
    (out / "leaderboard.json").write_text(
        json.dumps(board, indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    (out / "leaderboard.md").write_text(leaderboard_markdown(board), encoding="utf-8")
    details = {name: {k: v for k, v in s.items() if k in ("task", "setting", "n_items", "n_failed", "metrics", "strata", "warnings")}
               for name, s in summaries.items()}  # fmt: skip
    (out / "details.json").write_text(
        json.dumps({"runs": details, "wall_time_s": board["run_wall_time_s"]}, indent=1) + "\n",
        encoding="utf-8",
    )
    notes = "".join(f"\n## {name}\nskipped: {why}\n" for name, why in skipped.items())
    (out / "details.md").write_text(details_markdown(summaries, timings) + notes, encoding="utf-8")
    return board


def offline_notes() -> list[str]:
    """What a reader must know about the offline row: parts fitted on the dev split, with their CV estimate."""
    from openpcf.offline.calibration import load_calibration

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


def _progress(label: str) -> Any:
    from openpcf.cli.run import _RichProgress

    return _RichProgress(label)


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
    ) -> None:
        """Run every PCFBench task and setting, then write a leaderboard beside the published results."""
        from openpcf.benchmark.data import DataError
        from openpcf.llm.models import GenerationSettings

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
                settings=GenerationSettings(
                    tool_choice=tool_choice,  # type: ignore[arg-type]
                    temperature=temperature,
                    max_tokens=max_tokens,
                    seed=seed,
                ),
            )
        except (DataError, ValueError, RuntimeError) as exc:
            fail(str(exc))
        console.print(leaderboard_markdown(board), soft_wrap=True, highlight=False)
        console.print(f"wall time {board['wall_time_s']:.1f} s · written to {out}/leaderboard.md, details.md")

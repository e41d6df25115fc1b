"""``openpcf score``: score a predictions file on one PCFBench task (the scripting contract of issue 2)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from openpcf.cli.common import console, err_console, fail

TASK_HELP = "decomposition, triage, mapping, extraction_material, extraction_energy, epd or compositional"


def register(app: typer.Typer) -> None:
    app.command("score")(score_command)


def score_command(
    task: Annotated[str, typer.Option("--task", help=f"Task name: {TASK_HELP}.")],
    data: Annotated[Path, typer.Option("--data", help="PCFBench data folder (standard file names).")],
    predictions: Annotated[
        Path, typer.Option("--predictions", help="Predictions JSONL: {id, output, error?, usage?, trace?}.")
    ],
    json_out: Annotated[
        Path | None, typer.Option("--json", help="Write the scores as JSON to this file.")
    ] = None,
    items_out: Annotated[
        Path | None, typer.Option("--items", help="Write one JSON line of scores per item.")
    ] = None,
    exclude_failures: Annotated[
        bool,
        typer.Option(
            "--exclude-failures", help="Drop failed items from every metric (default: they count as misses)."
        ),
    ] = False,
    aligner: Annotated[
        str,
        typer.Option(
            "--aligner",
            help="Decomposition aligner: offline, offline-embed, exact or judge:MODEL (the LLM judge, "
            "e.g. judge:openai:gpt-4o-mini; key from the environment).",
        ),
    ] = "offline",
    base_url: Annotated[
        str | None,
        typer.Option("--base-url", help="judge:MODEL on an OpenAI-compatible server (vLLM, Ollama, ...)."),
    ] = None,
    run_id: Annotated[
        str, typer.Option("--run-id", help="Run name entering the bootstrap seeds (default: file name).")
    ] = "",
) -> None:
    """Score PREDICTIONS against the TASK items of a PCFBench folder: metrics with 95% bootstrap CIs."""
    import json

    from openpcf.pcfbench.data import TASKS, DataError
    from openpcf.pcfbench.scoring import score_files

    if task not in TASKS:
        fail(f"unknown task {task!r}; expected one of: {', '.join(TASKS)}")
    try:
        chosen = _aligner(aligner, base_url, task, data, predictions)
        result = score_files(
            task,  # type: ignore[arg-type]
            str(data),
            str(predictions),
            exclude_failures=exclude_failures,
            aligner=chosen,
            run_id=run_id or predictions.stem,
        )
    except DataError as exc:
        fail(str(exc))
    except typer.Exit:  # a RuntimeError subclass: fail() already printed its one line
        raise
    except RuntimeError as exc:
        fail(str(exc))
    for warning in result.warnings:
        err_console.print(f"[yellow]warning:[/] {warning}", highlight=False)
    _print_table(result)
    if json_out is not None:
        json_out.parent.mkdir(parents=True, exist_ok=True)
        json_out.write_text(
            json.dumps(result.to_json_dict(), indent=2, ensure_ascii=False) + "\n", encoding="utf-8"
        )
    if items_out is not None:
        items_out.parent.mkdir(parents=True, exist_ok=True)
        with items_out.open("w", encoding="utf-8") as fh:
            for item in result.items:
                fh.write(json.dumps(item.model_dump(exclude_none=True), ensure_ascii=False) + "\n")


def _aligner(name: str, base_url: str | None, task: str, data: Path, predictions: Path) -> object:
    """The aligner object; an LLM judge (``judge:MODEL``) judges every item first, in one event loop."""
    from openpcf.systems.registry import aligner_for

    family = name.startswith("judge:")
    if family and task != "decomposition":
        return name  # only decomposition is aligned: no model is built for the other tasks
    try:
        aligner = aligner_for(name, **({"base_url": base_url} if family else {}))
    except ValueError as exc:
        fail(str(exc))
    if task == "decomposition" and hasattr(aligner, "prefetch"):
        from openpcf.pcfbench.alignment import decomposition_pairs
        from openpcf.pcfbench.data import BenchmarkFolder
        from openpcf.pcfbench.predictions import read_predictions
        from openpcf.systems.model.judge import judge_all

        pairs = decomposition_pairs(BenchmarkFolder(data).rows("decomposition"), read_predictions(predictions))
        with console.status(f"{aligner.name}: judging {len(pairs)} item(s)"):
            errors = judge_all(aligner, pairs)
        if errors:
            fail(f"the judge failed on {len(errors)} item(s) (first: {errors[0]})")
    return aligner


def _fmt(x: float | None) -> str:
    return "—" if x is None else f"{x:.4f}"


def _print_table(result) -> None:  # type: ignore[no-untyped-def]
    from rich.table import Table

    mode = "failures excluded" if result.exclude_failures else "failures count as misses"
    title = f"{result.task}: {result.n_items} items, {result.n_failed} failed ({mode})"
    table = Table(title=title, title_justify="left")
    for col in ("metric", "value", "SE", "95% CI", "n"):
        table.add_column(col, justify="left" if col == "metric" else "right")
    for name, mv in result.metrics.items():
        ci = "—" if mv.ci[0] is None else f"[{_fmt(mv.ci[0])}, {_fmt(mv.ci[1])}]"
        table.add_row(name, _fmt(mv.value), _fmt(mv.se), ci, str(mv.n))
    console.print(table)
    for dim, groups in result.strata.items():
        head = next(iter(result.metrics))
        st = Table(title=f"{head} by {dim}", title_justify="left")
        for col in (dim, "items", "failed", head, "95% CI"):
            st.add_column(col, justify="left" if col == dim else "right")
        for key, s in groups.items():
            mv = s.metrics[head]
            ci = "—" if mv.ci[0] is None else f"[{_fmt(mv.ci[0])}, {_fmt(mv.ci[1])}]"
            st.add_row(key, str(s.n_items), str(s.n_failed), _fmt(mv.value), ci)
        console.print(st)

"""``openpcf validate DIR``: report every problem of a PCFBench folder; exit 1 when there is any."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from openpcf.cli.common import console, fail


def register(app: typer.Typer) -> None:
    app.command("validate")(validate_command)


def validate_command(
    folder: Annotated[Path, typer.Argument(help="PCFBench data folder (task1_decomposition.jsonl, …).")],
    predictions: Annotated[
        list[str] | None,
        typer.Option(
            "--predictions",
            help="Also check a predictions file: TASK=FILE, or FILE named <task>__<run>.jsonl (repeatable).",
        ),
    ] = None,
) -> None:
    """Check every file of a PCFBench folder: malformed lines, missing fields, duplicate ids, missing files."""
    from openpcf.pcfbench.data import DataError
    from openpcf.pcfbench.validation import validate_folder, validate_predictions_file

    try:
        problems = validate_folder(folder)
        for spec in predictions or []:
            problems += validate_predictions_file(folder, str(spec))
    except DataError as exc:
        fail(str(exc))
    if not problems:
        console.print(f"[green]ok[/]: {folder} has no problems", highlight=False)
        return
    for p in problems:
        console.print(str(p), highlight=False, soft_wrap=True)
    console.print(f"[bold red]{len(problems)} problem(s)[/]", highlight=False)
    raise typer.Exit(1)

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
    from openpcf.formats.problems import FormatError
    from openpcf.pcfbench.validation import validate_folder, validate_predictions_file

    try:
        problems = validate_folder(folder)
        for spec in predictions or []:
            problems += validate_predictions_file(folder, str(spec))
    except FormatError as exc:
        fail(str(exc))
    errors = [p for p in problems if p.severity == "error"]
    for p in problems:
        console.print(str(p), highlight=False, soft_wrap=True, markup=False)
    warned = len(problems) - len(errors)
    if not errors:
        more = f" ({warned} warning(s))" if warned else ""
        console.print(f"[green]ok[/]: {folder} has no problems{more}", highlight=False)
        return
    more = f" and {warned} warning(s)" if warned else ""
    console.print(f"[bold red]{len(errors)} problem(s)[/]{more}", highlight=False)
    raise typer.Exit(1)

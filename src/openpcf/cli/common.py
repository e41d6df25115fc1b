"""Shared CLI plumbing: one console, one way to fail with a clear message."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import NoReturn

import typer
from rich.console import Console
from rich.markup import escape

console = Console()
err_console = Console(stderr=True, emoji=False)  # "bom.csv:100: …" is not the :100: emoji


def fail(message: str, code: int = 2) -> NoReturn:
    """Print a one-line error (no traceback) and exit."""
    err_console.print(f"[bold red]error:[/] {escape(message)}", highlight=False, soft_wrap=True)
    raise typer.Exit(code)


def require_folder(path: Path, option: str = "--out") -> None:
    """Fail in one line when PATH exists but is a file (a run or bench output is a folder)."""
    if path.exists() and not path.is_dir():
        fail(f"{path}: exists and is not a folder ({option} takes a folder)")


@contextmanager
def embedding_progress() -> Iterator[Callable[[int, int], None]]:
    """A progress bar (on stderr) for the first, uncached embedding of a catalog; silent when cached."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    with Progress(
        TextColumn("embedding catalog (cached after the first run)"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=err_console,
        transient=True,
    ) as bar:
        task = bar.add_task("embed", total=None)

        def update(done: int, total: int) -> None:
            if bar.tasks[0].total != total:  # a second pass (record labels) restarts the count
                bar.reset(task, total=total)
            bar.update(task, completed=done)

        yield update

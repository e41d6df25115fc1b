"""Shared CLI plumbing: one console, one way to fail with a clear message (progress bars: :mod:`.progress`)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import NoReturn

import typer
from rich.console import Console
from rich.markup import escape

console = Console()
err_console = Console(stderr=True, emoji=False)  # "bom.csv:100: …" is not the :100: emoji


def fail(message: str, code: int = 2) -> NoReturn:
    """Print a one-line error (no traceback) and exit; secrets the process knows (API keys in the
    environment, credentials in a URL argument) are masked."""
    from openpcf.llm.redaction import Redactor

    message = Redactor.for_process(sys.argv[1:])(message)
    err_console.print(f"[bold red]error:[/] {escape(message)}", highlight=False, soft_wrap=True)
    raise typer.Exit(code)


def require_folder(path: Path, option: str = "--out") -> None:
    """Fail in one line when PATH exists but is a file (a run or bench output is a folder)."""
    if path.exists() and not path.is_dir():
        fail(f"{path}: exists and is not a folder ({option} takes a folder)")

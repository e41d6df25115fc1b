"""The one progress display of the command line.

Library code reports progress through plain callbacks — ``progress(done, total)`` for counted work, or the
runner's :class:`openpcf.runner.session.Progress` events — and knows nothing of terminals. This module turns
them into rich bars: :func:`progress_display` opens a live display, :meth:`ProgressDisplay.bar` adds a line
to it, and a :class:`Bar` is itself a ``(done, total)`` callback. :class:`RunProgress` adapts the runner.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)


class Bar:
    """One line of a display. Call it as ``bar(done, total)`` (a library callback) or use the methods."""

    def __init__(self, progress: Progress, task: TaskID):
        self._progress = progress
        self._task = task

    def __call__(self, done: int, total: int | None = None) -> None:
        self.update(done, total)

    def update(self, done: int, total: int | None = None, *, stats: str | None = None) -> None:
        """Set the count of finished work (and the total, when it changes: a second pass restarts)."""
        fields: dict[str, Any] = {} if stats is None else {"stats": stats}
        if total is not None and self._progress.tasks[self._index()].total != total:
            self._progress.reset(self._task, total=total)
        self._progress.update(self._task, completed=done, **fields)

    def advance(self, n: int = 1, *, stats: str | None = None) -> None:
        fields: dict[str, Any] = {} if stats is None else {"stats": stats}
        self._progress.update(self._task, advance=n, **fields)

    def _index(self) -> int:
        return next(i for i, t in enumerate(self._progress.tasks) if t.id == self._task)


class ProgressDisplay:
    """A live display of bars (one per piece of work)."""

    def __init__(self, progress: Progress):
        self._progress = progress

    def bar(self, label: str, total: int | None = None, *, completed: int = 0, visible: bool = True) -> Bar:
        task = self._progress.add_task(label, total=total, completed=completed, visible=visible, stats="")
        return Bar(self._progress, task)


def _columns() -> tuple[Any, ...]:
    return (
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        TextColumn("{task.fields[stats]}"),
    )


@contextmanager
def progress_display(*, console: Console | None = None, transient: bool = True,
                     disable: bool = False) -> Iterator[ProgressDisplay]:
    """A live display on ``console`` (default: stderr, so piped output stays clean) for the block."""
    from openpcf.cli.common import err_console

    with Progress(*_columns(), console=console or err_console, transient=transient, disable=disable) as progress:
        yield ProgressDisplay(progress)


@contextmanager
def progress_bar(label: str, total: int | None = None, *, console: Console | None = None,
                 transient: bool = True, disable: bool = False) -> Iterator[Bar]:
    """A display with a single bar: ``with progress_bar("resolving", n) as bar: work(progress=bar)``."""
    with progress_display(console=console, transient=transient, disable=disable) as display:
        yield display.bar(label, total)


class RunProgress:
    """The runner's progress events as a bar with items done, failures, cache hits and running cost."""

    def __init__(self, label: str, *, console: Console | None = None):
        from openpcf.cli.common import console as stdout

        self._progress = Progress(*_columns(), console=console or stdout, transient=False)
        self._label = label
        self._bar: Bar | None = None

    def start(self, total: int, done: int) -> None:
        self._progress.start()
        self._bar = ProgressDisplay(self._progress).bar(self._label, total, completed=done)

    def advance(self, pred: Any, meter: Any, totals: Any) -> None:
        cost = "cost ?" if totals.cost_usd is None else f"${totals.cost_usd:.4f}"
        if self._bar is not None:
            self._bar.advance(stats=f"{cost} · {totals.failed} failed · {totals.cache_hits} cached")

    def stop(self) -> None:
        self._progress.stop()


@contextmanager
def embedding_progress() -> Iterator[Bar]:
    """A bar (on stderr) for the first, uncached embedding of a catalog or picklist; silent when cached."""
    with progress_bar("embedding (cached after the first run)") as bar:
        yield bar

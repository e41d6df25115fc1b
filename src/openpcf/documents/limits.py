"""Limits that keep a hostile or broken document from hanging openpcf or filling its memory.

Every reader takes a :class:`DocumentLimits`; the defaults are documented in ``docs/documents.md``.
A document over a limit gets a one-line :class:`DocumentError` (or, for one bad page, a page recorded as
failed), never a hang or an unbounded allocation.
"""

from __future__ import annotations

import signal
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Literal

ProblemKind = Literal[
    "missing", "empty", "too_large", "too_many_pages", "encrypted", "corrupt", "bomb", "timeout",
    "not_utf8", "unsupported", "no_text",
]


class DocumentError(Exception):
    """A document openpcf cannot read; ``str(error)`` is one line naming the file and what to do."""

    def __init__(self, message: str, kind: ProblemKind):
        super().__init__(message)
        self.kind: ProblemKind = kind


@dataclass(frozen=True)
class DocumentLimits:
    """Bounds on one document read.

    ``max_bytes``: size of the file on disk (bytes). ``max_pages``: pages of a PDF (counted in its page
    tree before any page is read, so a page-count bomb is refused without being expanded).
    ``max_stream_bytes``: decompressed size of any one PDF stream (bytes; a zip-bomb stream stops there).
    ``max_chars``: characters of extracted text for the whole document. ``max_seconds``: wall time
    for one document.
    """

    max_bytes: int = 100 * 1024 * 1024
    max_pages: int = 1000
    max_stream_bytes: int = 20 * 1024 * 1024
    max_chars: int = 20_000_000
    max_seconds: float = 120.0


DEFAULT_LIMITS = DocumentLimits()


class _Timeout(BaseException):
    """Raised inside a read by the alarm; a BaseException so that library ``except Exception`` blocks
    cannot swallow it."""


@contextmanager
def time_limit(seconds: float, what: str) -> Iterator[None]:
    """Abort the enclosed work with ``DocumentError(kind='timeout')`` after ``seconds`` of wall time.

    In the main thread a POSIX interval timer interrupts even a single slow library call; elsewhere
    (worker threads) the caller must check :func:`check_deadline` between pages.
    """
    use_alarm = (
        threading.current_thread() is threading.main_thread()
        and hasattr(signal, "setitimer")
        and signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)  # never steal someone else's timer
    )
    if not use_alarm:
        yield
        return

    def _ring(signum: int, frame: object) -> None:
        raise _Timeout()

    previous = signal.signal(signal.SIGALRM, _ring)
    signal.setitimer(signal.ITIMER_REAL, max(seconds, 0.001))
    try:
        yield
    except _Timeout:
        raise DocumentError(f"{what}: reading took longer than {seconds:g} s (the time limit); "
                            "the document may be malformed", "timeout") from None
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def check_deadline(started: float, limits: DocumentLimits, what: str) -> None:
    """Raise a timeout error when ``limits.max_seconds`` have passed since ``started`` (monotonic)."""
    if time.monotonic() - started > limits.max_seconds:
        raise DocumentError(f"{what}: reading took longer than {limits.max_seconds:g} s (the time limit); "
                            "the document may be malformed", "timeout")

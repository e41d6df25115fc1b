"""Where a file is wrong and what is wrong: the one problem type every reader reports."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Severity = Literal["error", "warning"]


@dataclass(frozen=True)
class Problem:
    """One problem in a file: ``file``, 1-based ``line`` (0 = the whole file), ``field`` ("" = the line).

    ``severity`` is ``"error"`` for data that cannot be used and ``"warning"`` for data that can be
    used but looks wrong (a check reports both; only errors fail it).
    """

    file: str
    line: int
    field: str
    message: str
    severity: Severity = "error"

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        head = f"{where}: warning:" if self.severity == "warning" else f"{where}:"
        return f"{head} field '{self.field}': {self.message}" if self.field else f"{head} {self.message}"


class FormatError(ValueError):
    """A file (or a record in it) that cannot be read; the message names file, line and field.

    ``problem`` carries the location; ``file``, ``line`` and ``field`` are short-cuts to it.
    """

    def __init__(self, file: str, message: str, *, line: int | None = None, field: str | None = None):
        self.problem = Problem(str(file), line or 0, field or "", message)
        super().__init__(str(self.problem))

    @property
    def file(self) -> str:
        return self.problem.file

    @property
    def line(self) -> int | None:
        return self.problem.line or None

    @property
    def field(self) -> str | None:
        return self.problem.field or None

    @property
    def message(self) -> str:
        return self.problem.message


class FormatProblems(FormatError):
    """Every problem found in a file (or several); the message shows the first and counts the rest."""

    def __init__(self, problems: list[Problem]):
        self.problems = list(problems)
        self.problem = self.problems[0] if self.problems else Problem("", 0, "", "data error")
        more = f" (and {len(self.problems) - 1} more)" if len(self.problems) > 1 else ""
        ValueError.__init__(self, str(self.problem) + more)

"""JSON Lines — one JSON value per line — and whole-file JSON, read one way everywhere.

:func:`json_lines` is the only line iterator of openpcf: it yields a :class:`JsonLine` per non-blank line
with either the parsed value or a :class:`~openpcf.formats.problems.Problem` naming file and line
(malformed JSON, bytes that are not UTF-8). The caller decides whether a problem stops the read, is
collected, or makes one item fail; nothing is skipped silently.
"""

from __future__ import annotations

import gzip
import json
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from openpcf.formats.problems import FormatError, Problem
from openpcf.formats.text import UTF8_BOM, decode, read_bytes


@dataclass(frozen=True)
class JsonLine:
    """One non-blank line: its 1-based number, and the parsed ``value`` or the ``problem``."""

    line: int
    value: Any
    problem: Problem | None = None

    @property
    def ok(self) -> bool:
        return self.problem is None


def _open(path: Path) -> IO[bytes]:
    if path.name.lower().endswith(".gz"):
        return gzip.open(path, "rb")
    return path.open("rb")


def parse_line(raw: bytes, source: str, line: int, offset: int) -> JsonLine:
    """One line of bytes (at byte ``offset`` of ``source``) as a :class:`JsonLine`."""
    try:
        text = decode(raw, source, first_line=line, offset=offset)
    except FormatError as exc:
        return JsonLine(line, None, exc.problem)
    try:
        return JsonLine(line, json.loads(text))
    except json.JSONDecodeError as exc:
        return JsonLine(line, None, Problem(source, line, "", f"malformed JSON: {exc.msg} (column {exc.colno})"))
    except RecursionError:
        return JsonLine(line, None, Problem(source, line, "", "malformed JSON: nested too deeply"))


def json_lines(path: str | Path) -> Iterator[JsonLine]:
    """A :class:`JsonLine` per non-blank line of a JSONL file (plain or ``.gz``), streamed.

    A missing or unreadable file raises :class:`FormatError`; a bad line is a problem of that line only.
    """
    path = Path(path)
    if not path.is_file():
        raise FormatError(str(path), "file not found" if not path.exists() else "not a file")
    source = str(path)
    try:
        with _open(path) as fh:
            offset = 0
            for number, raw in enumerate(fh, start=1):
                start = offset
                offset += len(raw)
                if number == 1 and raw.startswith(UTF8_BOM):
                    raw = raw[len(UTF8_BOM) :]
                    start += len(UTF8_BOM)
                if not raw.strip():
                    continue
                yield parse_line(raw, source, number, start)
    except (OSError, EOFError, zlib.error) as exc:
        raise FormatError(source, f"cannot read the file ({exc})") from None


def json_objects(path: str | Path) -> Iterator[tuple[int, dict[str, Any] | Problem]]:
    """(line, object) per non-blank line; a line that is not a JSON object comes as (line, Problem)."""
    for item in json_lines(path):
        if item.problem is not None:
            yield item.line, item.problem
        elif not isinstance(item.value, dict):
            kind = type(item.value).__name__ if item.value is not None else "null"
            yield item.line, Problem(str(path), item.line, "", f"expected a JSON object, got {kind}")
        else:
            yield item.line, item.value


def read_json(path: str | Path) -> Any:
    """The JSON value of a whole file (plain or ``.gz``); FormatError naming file and line."""
    text = decode(read_bytes(path), str(path))
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise FormatError(str(path), f"malformed JSON: {exc.msg} (column {exc.colno})", line=exc.lineno) from None
    except RecursionError:
        raise FormatError(str(path), "malformed JSON: nested too deeply") from None


def loads_document(data: bytes, source: str) -> Any:
    """The JSON value of one document held in memory (an archive member); FormatError on bad input."""
    text = decode(data, source)
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise FormatError(source, f"malformed JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})", line=exc.lineno) from None
    except RecursionError:
        raise FormatError(source, "malformed JSON: nested too deeply") from None

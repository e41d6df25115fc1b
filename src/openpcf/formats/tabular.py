"""Tables: CSV and TSV (header on the first line) and xlsx sheets, with the line of every row.

Text is decoded by :mod:`openpcf.formats.text` (UTF-8, BOM dropped), so a file that is not UTF-8 gives a
one-line error with file, line and byte offset. The delimiter is a tab for ``.tsv``/``.tab`` files and a
comma otherwise.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from pathlib import Path

from openpcf.formats.problems import FormatError
from openpcf.formats.text import decode, read_bytes

TSV_SUFFIXES = (".tsv", ".tab", ".tsv.gz")
XLSX_SUFFIXES = (".xlsx", ".xlsm")


def delimiter_of(path: Path) -> str:
    """``\\t`` for tab-separated files (by name), ``,`` otherwise."""
    return "\t" if path.name.lower().endswith(TSV_SUFFIXES) else ","


def _rows(text: str, source: str, delimiter: str) -> Iterator[tuple[int, list[str]]]:
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    try:
        for row in reader:
            yield reader.line_num, row
    except csv.Error as exc:
        raise FormatError(source, f"malformed {('TSV' if delimiter == chr(9) else 'CSV')} ({exc})", line=reader.line_num) from None


def text_rows(text: str, source: str, *, delimiter: str = ",") -> Iterator[tuple[int, list[str]]]:
    """(line number, cells) of every row of a CSV/TSV text, the header included."""
    yield from _rows(text, source, delimiter)


def text_dict_rows(text: str, source: str, *, delimiter: str = ",") -> Iterator[tuple[int, dict[str, str]]]:
    """(line number, {header: cell}) of every data row of a CSV/TSV text with a header line.

    Cells beyond the header are dropped; a short row has ``None`` for its missing columns (as
    :class:`csv.DictReader`). Blank lines are skipped.
    """
    reader = csv.DictReader(io.StringIO(text, newline=""), delimiter=delimiter)
    try:
        for row in reader:
            yield reader.line_num, {k: v for k, v in row.items() if k is not None}
    except csv.Error as exc:
        raise FormatError(source, f"malformed table ({exc})", line=reader.line_num) from None


def header_of(text: str, *, delimiter: str = ",") -> list[str]:
    """The header cells of a CSV/TSV text (empty list for an empty text)."""
    return next(csv.reader(io.StringIO(text, newline=""), delimiter=delimiter), [])


def dict_rows(path: str | Path) -> Iterator[tuple[int, dict[str, str]]]:
    """(line number, {header: cell}) per data row of a CSV/TSV file (plain or ``.gz``)."""
    path = Path(path)
    text = decode(read_bytes(path), str(path))
    yield from text_dict_rows(text, str(path), delimiter=delimiter_of(path))


def sheet_rows(path: str | Path, sheet: str | None = None, *, wanted: str | None = None) -> list[list[str]]:
    """The rows of an xlsx sheet as text cells ("" for empty), through ``openpyxl`` (extra ``[xlsx]``).

    ``sheet`` picks a sheet by name; without it the first sheet having a cell equal to ``wanted``
    (case-insensitive) in its first ten rows is returned, else the first sheet.
    """
    path = Path(path)
    try:
        import openpyxl
    except ModuleNotFoundError as exc:  # pragma: no cover - depends on the extra
        raise FormatError(str(path), "reading .xlsx needs openpyxl: pip install 'openpcf[xlsx]'") from exc
    try:
        workbook = openpyxl.load_workbook(path, read_only=True, data_only=True)
    except Exception as exc:  # noqa: BLE001 - openpyxl raises zip, XML and key errors on damaged files
        raise FormatError(str(path), f"not a readable xlsx workbook ({type(exc).__name__}: {exc})") from None
    names = [sheet] if sheet else workbook.sheetnames
    first: list[list[str]] | None = None
    for name in names:
        if name not in workbook.sheetnames:
            raise FormatError(str(path), f"no sheet {name!r} (sheets: {', '.join(workbook.sheetnames)})")
        rows = [["" if c is None else str(c) for c in r] for r in workbook[name].iter_rows(values_only=True)]
        first = rows if first is None else first
        if sheet or wanted is None or any(any(c.strip().lower() == wanted for c in r) for r in rows[:10]):
            return rows
    return first or []


def table_rows(path: str | Path, sheet: str | None = None, *, wanted: str | None = None) -> list[list[str]]:
    """Every row (header included) of a CSV, TSV or xlsx file as lists of text cells."""
    path = Path(path)
    if path.name.lower().endswith(XLSX_SUFFIXES):
        return sheet_rows(path, sheet, wanted=wanted)
    text = decode(read_bytes(path), str(path))
    return [row for _, row in text_rows(text, str(path), delimiter=delimiter_of(path))]

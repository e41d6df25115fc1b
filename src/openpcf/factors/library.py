"""A collection of factors with lookup by id, exact name and alias; reading and writing its files.

The embedded open library is ``openpcf/data/factors/library.jsonl.gz`` (one :class:`Factor` per
line), rebuilt by ``scripts/build_factor_library.py``. Users' own tables (CSV, JSON, JSONL in the same
schema) load through :func:`read_factor_table` into the same class.
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterable, Iterator
from functools import lru_cache
from pathlib import Path

from pydantic import ValidationError

from openpcf.factors.record import Factor, Source
from openpcf.formats.jsonl import json_lines, read_json
from openpcf.formats.problems import FormatError
from openpcf.formats.tabular import dict_rows
from openpcf.paths import package_data
from openpcf.vocabulary.names import normalise_name

LIBRARY_FILE = "library.jsonl.gz"


class FactorTableError(ValueError):
    """A factor file that cannot be read; the message names the file, line and field."""


class FactorLibrary:
    """An immutable set of factors indexed by id, normalised name and normalised alias."""

    def __init__(self, factors: Iterable[Factor], name: str = "library") -> None:
        self.name = name
        self._factors: tuple[Factor, ...] = tuple(factors)
        self._by_id: dict[str, Factor] = {}
        self._by_name: dict[str, list[Factor]] = {}
        self._by_alias: dict[str, list[Factor]] = {}
        for f in self._factors:
            if f.id in self._by_id:
                raise FactorTableError(f"{name}: duplicate factor id {f.id!r}")
            self._by_id[f.id] = f
            self._by_name.setdefault(normalise_name(f.name), []).append(f)
            for a in f.aliases:
                self._by_alias.setdefault(normalise_name(a), []).append(f)

    def __len__(self) -> int:
        return len(self._factors)

    def __iter__(self) -> Iterator[Factor]:
        return iter(self._factors)

    def get(self, factor_id: str) -> Factor | None:
        return self._by_id.get(factor_id)

    def by_name(self, name: str) -> list[Factor]:
        """Factors whose name equals ``name`` after normalisation."""
        return list(self._by_name.get(normalise_name(name), ()))

    def by_alias(self, name: str) -> list[Factor]:
        """Factors with an alias equal to ``name`` after normalisation."""
        return list(self._by_alias.get(normalise_name(name), ()))


def write_factors(factors: Iterable[Factor], path: Path) -> int:
    """Write factors as JSONL (gzip when the name ends in .gz, deterministic bytes). Returns the count."""
    lines = [json.dumps(f.model_dump(mode="json", exclude_defaults=True), ensure_ascii=False, sort_keys=True)
             for f in factors]
    data = ("\n".join(lines) + "\n").encode("utf-8")
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.suffix == ".gz":
        with open(path, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0, filename="") as gz:
            gz.write(data)
    else:
        path.write_bytes(data)
    return len(lines)


def _parse_factor(obj: dict, where: str) -> Factor:
    try:
        return Factor.model_validate(obj)
    except ValidationError as exc:
        err = exc.errors()[0]
        field = ".".join(str(p) for p in err["loc"]) or "record"
        raise FactorTableError(f"{where}: field {field!r}: {err['msg']}") from None


def jsonl_records(path: Path) -> Iterator[tuple[int, object, str]]:
    """(line number, parsed JSON or None, error text) for each non-blank line of a JSONL(.gz) file
    (the one line iterator, :func:`openpcf.formats.jsonl.json_lines`)."""
    try:
        for item in json_lines(path):
            yield item.line, item.value, str(item.problem) if item.problem is not None else ""
    except FormatError as exc:
        yield 0, None, str(exc)


def read_factors_jsonl(path: Path) -> list[Factor]:
    """Read a JSONL(.gz) factor file; errors name the file and line."""
    out = []
    for i, obj, error in jsonl_records(path):
        if error:
            raise FactorTableError(error)
        out.append(_parse_factor(obj, f"{path}:{i}"))
    return out


# Flat CSV columns for users' tables: source_* and details are folded into the nested record.
_CSV_SOURCE_FIELDS = {"source_publisher": "publisher", "source_document": "document",
                      "source_table": "table", "source_row": "row", "source_url": "url"}


def _csv_record(row: dict[str, str]) -> dict:
    obj: dict[str, object] = {}
    source: dict[str, str] = {}
    for key, value in row.items():
        if key is None or value is None or value == "":
            continue
        key = key.strip()
        if key in _CSV_SOURCE_FIELDS:
            source[_CSV_SOURCE_FIELDS[key]] = value
        elif key == "aliases":
            obj["aliases"] = [a.strip() for a in value.split("|") if a.strip()]
        else:
            obj[key] = value
    if source:
        obj["source"] = source
    return obj


def read_factor_table(path: str | Path) -> list[Factor]:
    """Read a user's factor table: CSV (flat columns, ``aliases`` split on ``|``, ``source_publisher``…),
    JSON (a list of records) or JSONL(.gz) in the :class:`Factor` schema.

    Required: id, name, value, unit, boundary, geography, year, gwp, license and a source publisher +
    document. Errors name the file, line (or list index) and field.
    """
    p = Path(path)
    if not p.is_file():
        raise FactorTableError(f"{p}: no such file")
    suffixes = "".join(p.suffixes[-2:]).lower()
    if suffixes.endswith(".csv"):
        try:
            return [_parse_factor(_csv_record(row), f"{p}:{i}") for i, row in dict_rows(p)]
        except FormatError as exc:
            raise FactorTableError(str(exc)) from None
    if suffixes.endswith((".jsonl", ".jsonl.gz")):
        return read_factors_jsonl(p)
    if suffixes.endswith(".json"):
        try:
            data = read_json(p)
        except FormatError as exc:
            raise FactorTableError(str(exc)) from None
        if isinstance(data, dict) and "factors" in data:
            data = data["factors"]
        if not isinstance(data, list):
            raise FactorTableError(f"{p}: expected a list of factor records")
        return [_parse_factor(obj, f"{p}[{i}]") for i, obj in enumerate(data)]
    raise FactorTableError(f"{p}: unsupported factor table format (use .csv, .json, .jsonl)")


@lru_cache(maxsize=1)
def open_library() -> FactorLibrary:
    """The embedded open library (loaded once; the data are read-only)."""
    path = package_data("factors", LIBRARY_FILE)
    if not path.is_file():
        raise FactorTableError(f"{path}: embedded factor library missing (run scripts/build_factor_library.py)")
    return FactorLibrary(read_factors_jsonl(path), name="open")


__all__ = ["FactorLibrary", "FactorTableError", "Source", "open_library", "read_factor_table", "write_factors"]

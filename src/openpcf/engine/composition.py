"""Composition strings and bill-of-materials files → component shares.

A composition is a list of ``name: amount`` parts separated by ``;`` (or new lines, or commas when every
part ends with an amount): ``"sand: 41%; glass cullet: 35%; soda: 11%; other: 1%"``. Amounts may be
percent (``41%``, ``41 wt%``), mass fractions (``0.41``, ``0.41 kg/kg``), per-mille (``410 g/kg``,
``4‰``) or masses per declared unit (``250 g``, ``0.25 kg``). Plain numbers are fractions when they all
sum to at most ~1 and percent otherwise. Errors (:class:`CompositionError`) name the part and the field.

BOM files: CSV with a header (``name,amount,unit[,parent][,activity][,recycled]``) or JSON (a list of
rows, or ``{"bom": [...]}``); errors name the file, line and field.
"""

from __future__ import annotations

import csv
import io
import json
import math
import re
from pathlib import Path

from pydantic import BaseModel, ConfigDict, ValidationError

from openpcf import units
from openpcf.engine.product import BomEntry
from openpcf.formats.problems import FormatError
from openpcf.formats.text import read_text


class CompositionError(ValueError):
    """A composition or BOM that cannot be read; the message says where and what to fix."""


class ComponentAmount(BaseModel):
    """One parsed part: ``value`` in ``unit`` (``kg/kg`` for shares, or a mass unit per declared unit)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str
    value: float
    unit: str
    as_given: str
    is_share: bool
    is_other: bool = False


_NUMBER = r"[-+]?(?:\d+(?:[.,]\d+)?|[.,]\d+)(?:[eE][-+]?\d+)?"
_PART = re.compile(rf"^(?P<name>.*?)(?:\s*[:=]\s*|\s+|^)(?P<num>{_NUMBER})\s*(?P<unit>[^\d\s][^:]*?)?\s*$")

# Shares: unit text (spaces removed) → divisor to kg/kg (division keeps 41/100 == 0.41 exactly).
_SHARE_UNITS: dict[str, float] = {
    "%": 100.0,
    "percent": 100.0,
    "wt%": 100.0,
    "wt.%": 100.0,
    "mass%": 100.0,
    "%w/w": 100.0,
    "%byweight": 100.0,
    "%bymass": 100.0,
    "‰": 1000.0,
    "g/kg": 1000.0,
    "kg/kg": 1.0,
    "kg/t": 1000.0,
    "kg/tonne": 1000.0,
    "mg/kg": 1e6,
    "ppm": 1e6,
}


def share_divisor(unit: str) -> float | None:
    """The divisor turning an amount in ``unit`` into kg/kg (``%`` → 100), or None if not a share unit."""
    return _SHARE_UNITS.get(unit.lower().replace(" ", ""))

_OTHER = re.compile(r"^(others?|other (materials?|components?|ingredients?|substances?)|rest|remainder|misc\.?|miscellaneous|balance)\b", re.I)


def is_other_name(name: str) -> bool:
    """True for an unspecified remainder: "other", "others", "other materials (e.g. …)", "rest"…"""
    return bool(_OTHER.match(name.strip()))


def _split_parts(text: str) -> list[str]:
    parts = [p for p in re.split(r"[;\n]+", text) if p.strip()]
    if len(parts) == 1:
        # "sand 41%, cullet 35%" — commas separate parts only when every piece ends with an amount.
        pieces = [p for p in text.split(",") if p.strip()]
        if len(pieces) > 1 and all(_PART.match(p.strip()) and _PART.match(p.strip()).group("name") for p in pieces):  # type: ignore[union-attr]
            return pieces
    return parts


def parse_composition(text: str) -> list[ComponentAmount]:
    """Parse a composition string into parts (shares in kg/kg, or masses per declared unit).

    Raises :class:`CompositionError` for an empty composition, a part without an amount, an unknown
    unit, a negative or non-finite amount.
    """
    if text is None or not str(text).strip():
        raise CompositionError("empty composition: give at least one 'name: amount' part")
    parts = _split_parts(str(text))
    if not parts:  # only separators, e.g. " ; "
        raise CompositionError("empty composition: give at least one 'name: amount' part")
    parsed: list[tuple[str, float, str, str]] = []
    for i, raw in enumerate(parts, start=1):
        part = raw.strip()
        m = _PART.match(part)
        if not m or not m.group("name").strip(" :=-–"):
            raise CompositionError(f"composition part {i} ({part!r}): expected 'name: amount', e.g. 'sand: 41%'")
        name = m.group("name").strip(" :=-–\t")
        value = float(m.group("num").replace(",", "."))
        unit = (m.group("unit") or "").strip()
        if not math.isfinite(value):
            raise CompositionError(f"composition part {i} ({name!r}): amount is not a finite number")
        if value < 0:
            raise CompositionError(f"composition part {i} ({name!r}): negative amount {value:g} (a mass cannot be negative)")
        parsed.append((name, value, unit, part))
    plain = [v for _, v, u, _ in parsed if not u]
    plain_as_fraction = bool(plain) and sum(plain) <= 1.05 and all(u == "" for _, _, u, _ in parsed)
    out: list[ComponentAmount] = []
    for i, (name, value, unit, part) in enumerate(parsed, start=1):
        if not unit:
            share = value if plain_as_fraction else value / 100.0
            out.append(ComponentAmount(name=name, value=share, unit="kg/kg", as_given=part, is_share=True, is_other=is_other_name(name)))
        elif share_divisor(unit) is not None:
            divisor = share_divisor(unit) or 1.0
            out.append(ComponentAmount(name=name, value=value / divisor, unit="kg/kg", as_given=part, is_share=True, is_other=is_other_name(name)))
        else:
            try:
                kg = units.convert(value, unit, "kg")
            except units.UnitError:
                raise CompositionError(
                    f"composition part {i} ({name!r}): unknown unit {unit!r}; use %, g/kg, kg/kg or a mass (kg, g)"
                ) from None
            out.append(ComponentAmount(name=name, value=kg, unit="kg", as_given=part, is_share=False, is_other=is_other_name(name)))
    return out


# ---------------------------------------------------------------- BOM files


def _bom_error(path: Path, line: int, field: str, message: str) -> CompositionError:
    return CompositionError(f"{path}:{line}: field '{field}': {message}")


def _entry(path: Path, line: int, row: dict[str, object]) -> BomEntry:
    if not isinstance(row, dict):
        raise _bom_error(path, line, "", "expected an object with name, amount, unit")
    clean = {k.strip().lower(): v for k, v in row.items() if isinstance(k, str) and v not in (None, "")}
    for field in ("name", "amount"):
        if field not in clean:
            raise _bom_error(path, line, field, "missing")
    try:
        amount = float(str(clean["amount"]).replace(",", ".")) if isinstance(clean["amount"], str) else float(clean["amount"])  # type: ignore[arg-type]
    except (TypeError, ValueError):
        raise _bom_error(path, line, "amount", f"not a number: {clean['amount']!r}") from None
    if not math.isfinite(amount):
        raise _bom_error(path, line, "amount", "not a finite number")
    if amount < 0:
        raise _bom_error(path, line, "amount", f"negative amount {amount:g} (a mass cannot be negative)")
    unit = str(clean.get("unit", "kg")).strip()
    if share_divisor(unit) is None and not units.is_convertible(unit, "kg") and not units.is_convertible(unit, "MJ"):
        raise _bom_error(path, line, "unit", f"unknown unit {unit!r}; use a mass (kg, g), a share (%, g/kg) or an energy (kWh, MJ)")
    recycled = clean.get("recycled")
    rec = None if recycled is None else str(recycled).strip().lower() in ("1", "true", "yes", "y")
    data = {"name": str(clean["name"]).strip(), "amount": amount, "unit": unit, "recycled": rec}
    for opt in ("parent", "activity"):
        if opt in clean:
            data[opt] = str(clean[opt]).strip()
    try:
        return BomEntry.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        raise _bom_error(path, line, ".".join(map(str, first["loc"])), first["msg"]) from None


def read_bom(path: str | Path) -> list[BomEntry]:
    """Read a BOM file (.csv with a header, or .json) into entries; errors name file, line and field."""
    path = Path(path)
    if not path.is_file():
        raise CompositionError(f"{path}: BOM file not found")
    try:
        text = read_text(path)  # the one decoder: non-UTF-8 bytes name file, line and byte offset
    except FormatError as exc:
        raise CompositionError(str(exc)) from None
    if path.suffix.lower() == ".json":
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise CompositionError(f"{path}:{exc.lineno}: malformed JSON: {exc.msg}") from None
        rows = data.get("bom", data.get("inputs")) if isinstance(data, dict) else data
        if not isinstance(rows, list):
            raise CompositionError(f"{path}: expected a list of rows or {{\"bom\": [...]}}")
        entries = [_entry(path, i, r) for i, r in enumerate(rows, start=1)]
    else:
        with io.StringIO(text, newline="") as fh:
            reader = csv.DictReader(fh)
            if not reader.fieldnames or "name" not in [f.strip().lower() for f in reader.fieldnames]:
                raise CompositionError(f"{path}:1: expected a header with at least 'name,amount[,unit]'")
            entries = [_entry(path, reader.line_num, row) for row in reader]
    if not entries:
        raise CompositionError(f"{path}: empty bill of materials")
    names = {e.name for e in entries}
    for i, e in enumerate(entries, start=1):
        if e.parent is not None and e.parent not in names:
            raise _bom_error(path, i + (1 if path.suffix.lower() != ".json" else 0), "parent", f"unknown parent {e.parent!r}")
    return entries

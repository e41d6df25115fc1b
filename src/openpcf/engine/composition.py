"""Composition strings and bill-of-materials files → component shares.

A composition is a list of ``name: amount`` parts separated by ``;`` (or new lines, or commas when every
part ends with an amount): ``"sand: 41%; glass cullet: 35%; soda: 11%; other: 1%"``. Amounts may be
percent (``41%``, ``41 wt%``), mass fractions (``0.41``, ``0.41 kg/kg``), per-mille (``410 g/kg``,
``4‰``) or masses per declared unit (``250 g``, ``0.25 kg``). Plain numbers are fractions when they all
sum to at most ~1 and percent otherwise. Errors (:class:`CompositionError`) name the part and the field.

Parts are ``name: amount`` or, in care-label order, ``amount name`` with a unit (``"98% cotton, 2%
elastane"``, ``"250 g flour"``). A composition whose amounts are all zero is an error; plain numbers that are
each ≤ 1 but sum above :data:`PLAIN_FRACTION_LIMIT` are an error (neither fractions nor percent).

BOM files: CSV with a header (``name,amount,unit[,parent][,activity][,recycled]``; ``,`` ``;`` or tab
delimited; header synonyms such as ``quantity``/``qty``/``mass`` in :data:`HEADER_SYNONYMS`; the unit may sit
in the amount header, ``mass (kg)``) or JSON (a list of rows, or ``{"bom": [...]}``). Every row needs a unit;
a parent must name another row and the tree must have no cycle. Errors name the file, line and field.
"""

from __future__ import annotations

import csv
import io
import json
import math
import re
from functools import lru_cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict, ValidationError

from openpcf import units
from openpcf.engine.collector import collector_paused
from openpcf.engine.product import BomEntry
from openpcf.engine.trace import Check, DeclaredUnit, InputLine
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


#: Plain numbers (no unit) are mass fractions when they sum to at most this, percent otherwise; plain numbers
#: that are all ≤ 1 but sum above it are an error (neither reading is credible).
PLAIN_FRACTION_LIMIT = 1.05


def share_divisor(unit: str) -> float | None:
    """The divisor turning an amount in ``unit`` into kg/kg (``%`` → 100), or None if not a share unit."""
    return _SHARE_UNITS.get(unit.lower().replace(" ", ""))

_OTHER = re.compile(r"^(others?|other (materials?|components?|ingredients?|substances?)|rest|remainder|misc\.?|miscellaneous|balance)\b", re.I)


def is_other_name(name: str) -> bool:
    """True for an unspecified remainder: "other", "others", "other materials (e.g. …)", "rest"…"""
    return bool(_OTHER.match(name.strip()))


#: An explicit separator wins: in "stainless steel 304: 100%" the grade number belongs to the name.
_SEPARATED = re.compile(rf"^(?P<name>.+?)\s*[:=]\s*(?P<num>{_NUMBER})\s*(?P<unit>[^\d\s][^:]*?)?\s*$")


def _name_first(part: str) -> tuple[str, str, str] | None:
    """``"sand: 41%"`` / ``"steel 0.2 kg"`` / ``"stainless steel 304: 100%"`` → (name, number, unit), or None."""
    m = _SEPARATED.match(part) or _PART.match(part)
    if not m or not m.group("name").strip(" :=-–"):
        return None
    return m.group("name").strip(" :=-–\t"), m.group("num"), (m.group("unit") or "").strip()


_AMOUNT_FIRST = re.compile(rf"^(?P<num>{_NUMBER})\s*(?P<rest>\S.*)$")


def _amount_first(part: str) -> tuple[str, str, str] | None:
    """Care-label order, ``"98% cotton"`` / ``"250 g flour"`` / ``"0.2 kg of steel"`` → (name, number, unit).

    The amount must carry a unit (a share or a mass): a bare leading number is part of a name ("304 steel").
    """
    m = _AMOUNT_FIRST.match(part)
    if not m:
        return None
    rest = m.group("rest")
    for unit_text in ("%", "‰"):
        if rest.startswith(unit_text):
            unit, name = unit_text, rest[len(unit_text):]
            break
    else:
        head, _, name = rest.partition(" ")
        if not name.strip() or (share_divisor(head) is None and not units.is_convertible(head, "kg")):
            return None
        unit = head
    name = re.sub(r"^\s*(?:of\s+)?", "", name).strip(" :=-–\t")
    if not name:
        return None
    return name, m.group("num"), unit


def _read_part(part: str) -> tuple[str, str, str] | None:
    return _name_first(part) or _amount_first(part)


def _split_parts(text: str) -> list[str]:
    parts = [p for p in re.split(r"[;\n]+", text) if p.strip()]
    if len(parts) == 1:
        # "sand 41%, cullet 35%" or "98% cotton, 2% elastane" — commas separate parts only when every piece
        # reads as a part with an amount.
        pieces = [p for p in text.split(",") if p.strip()]
        if len(pieces) > 1 and all(_read_part(p.strip()) for p in pieces):
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
        read = _read_part(part)
        if read is None:
            raise CompositionError(f"composition part {i} ({part!r}): expected 'name: amount' or 'amount name', "
                                   "e.g. 'sand: 41%' or '98% cotton'")
        name, number, unit = read
        value = float(number.replace(",", "."))
        if not math.isfinite(value):
            raise CompositionError(f"composition part {i} ({name!r}): amount is not a finite number")
        if value < 0:
            raise CompositionError(f"composition part {i} ({name!r}): negative amount {value:g} (a mass cannot be negative)")
        parsed.append((name, value, unit, part))
    if all(v == 0 for _, v, _, _ in parsed):
        raise CompositionError("composition sums to 0: every amount is zero; give the shares or masses of the inputs")
    plain = [v for _, v, u, _ in parsed if not u]
    all_plain = all(u == "" for _, _, u, _ in parsed)
    if plain and all_plain and sum(plain) > PLAIN_FRACTION_LIMIT and all(v <= 1 for v in plain):
        # Every number looks like a fraction, but they sum above one: read as percent they would cover only
        # a few percent of the product. Too ambiguous to guess either way.
        raise CompositionError(
            f"composition: the plain numbers sum to {sum(plain):g}, above 1 as fractions and far below 100 as "
            "percent; write the unit (e.g. '60%' or '0.6 kg/kg')"
        )
    plain_as_fraction = bool(plain) and sum(plain) <= PLAIN_FRACTION_LIMIT and all_plain
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

#: Header words accepted for each BOM field (lower case; a unit may follow in brackets: "mass (kg)").
HEADER_SYNONYMS: dict[str, tuple[str, ...]] = {
    "name": ("name", "material", "materials", "material name", "component", "component name", "input", "part name",
             "ingredient", "substance"),
    "amount": ("amount", "quantity", "qty", "mass", "weight", "net weight", "net mass", "share"),
    "unit": ("unit", "units", "uom", "unit of measure"),
    "parent": ("parent", "parent name", "assembly", "parent assembly"),
    "activity": ("activity", "factor", "activity name"),
    "recycled": ("recycled", "is recycled", "secondary"),
}
_HEADER_UNIT = re.compile(r"^(?P<word>.*?)\s*(?:[(\[]\s*(?P<unit>[^)\]]+?)\s*[)\]]|[\s_]+(?:in\s+)?(?P<unit2>kg|g|t|lb|%))$")


@lru_cache(maxsize=1024)  # a JSON BOM names its fields again on every row
def header_field(header: str) -> tuple[str | None, str | None]:
    """A BOM column header → (field, unit given in the header): ``"Qty"`` → ("amount", None),
    ``"mass (kg)"`` / ``"mass_kg"`` → ("amount", "kg"); an unknown column → (None, None)."""
    text = " ".join(header.strip().lower().replace("_", " ").split())
    unit = None
    m = _HEADER_UNIT.match(text)
    if m and m.group("word"):
        text, unit = m.group("word"), m.group("unit") or m.group("unit2")
    for field, words in HEADER_SYNONYMS.items():
        if text in words:
            return field, (unit if field == "amount" else None)
    return None, None


def _bom_error(path: Path, line: int, field: str, message: str) -> CompositionError:
    return CompositionError(f"{path}:{line}: field '{field}': {message}")


def _entry(path: Path, line: int, row: object, header_unit: str | None = None) -> BomEntry:
    if not isinstance(row, dict):
        raise _bom_error(path, line, "", "expected an object with name, amount, unit")
    clean: dict[str, object] = {}
    for key, value in row.items():
        field = header_field(key)[0] if isinstance(key, str) else None
        if field is not None and value not in (None, "") and not (isinstance(value, str) and not value.strip()):
            clean.setdefault(field, value)
    for field in ("name", "amount"):
        if field not in clean:
            raise _bom_error(path, line, field, "missing")
    raw = clean["amount"]
    try:
        if isinstance(raw, bool):
            raise TypeError
        amount = float(raw.strip().replace(",", ".")) if isinstance(raw, str) else float(raw)  # type: ignore[arg-type]
    except (TypeError, ValueError, OverflowError):
        raise _bom_error(path, line, "amount", f"not a number: {raw!r}") from None
    if not math.isfinite(amount):
        raise _bom_error(path, line, "amount", "not a finite number")
    if amount < 0:
        raise _bom_error(path, line, "amount", f"negative amount {amount:g} (a mass cannot be negative)")
    if "unit" in clean:
        unit = str(clean["unit"]).strip()
    elif header_unit is not None:
        unit = header_unit
    else:
        raise _bom_error(path, line, "unit", "missing: every row needs a unit (kg, g, %, kWh…); "
                         "a BOM amount without a unit is not read as kg")
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


def bom_tree_problem(entries: list[BomEntry]) -> tuple[int, str, str] | None:
    """The first structural problem of a BOM tree as (row index from 0, field, message), or None.

    A parent must name another row; following parents must end at a root — a cycle (a row that is its own
    parent, or A → B → A) would make every row in it a composite without leaves and drop their mass.
    """
    index = {e.name: i for i, e in enumerate(entries)}
    for i, e in enumerate(entries):
        if e.parent is not None and e.parent not in index:
            return i, "parent", f"unknown parent {e.parent!r}"
    for i, e in enumerate(entries):
        seen = [i]
        cur = e
        while cur.parent is not None:
            j = index[cur.parent]
            if j in seen:
                cycle = seen[seen.index(j):] + [j]
                path = " → ".join(repr(entries[k].name) for k in cycle)
                return i, "parent", f"the BOM tree has a cycle: {path} (a row cannot contain itself)"
            seen.append(j)
            cur = entries[j]
    return None


def _sniff_delimiter(header: str) -> str:
    """``;`` for spreadsheet exports from locales with a decimal comma, tab, or ``,`` (the most frequent)."""
    counts = {d: header.count(d) for d in (",", ";", "\t")}
    best = max(counts, key=lambda d: counts[d])
    return best if counts[best] > 0 else ","


def _read_csv_rows(path: Path) -> list[BomEntry]:
    try:
        text = read_text(path)  # the one decoder: non-UTF-8 bytes name file, line and byte offset
    except FormatError as exc:
        raise CompositionError(str(exc)) from None
    lines = text.splitlines()
    if not lines or not lines[0].strip():
        raise CompositionError(f"{path}:1: expected a header with at least 'name,amount,unit'")
    delimiter = _sniff_delimiter(lines[0])
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    try:
        header = next(reader)
    except csv.Error as exc:
        raise CompositionError(f"{path}:1: unreadable header: {exc}") from None
    fields = [header_field(h) for h in header]
    known = [f for f, _ in fields if f]
    if "name" not in known or "amount" not in known:
        raise CompositionError(f"{path}:1: expected a header with at least 'name,amount,unit' "
                               f"(also accepted: quantity/qty/mass/weight for amount), got {delimiter.join(header)!r}")
    for f in set(known):
        if known.count(f) > 1:
            raise CompositionError(f"{path}:1: two columns for {f!r} in the header {delimiter.join(header)!r}")
    header_unit = next((u for f, u in fields if f == "amount"), None)
    if "unit" not in known and header_unit is None:
        raise CompositionError(f"{path}:1: no unit column: add a 'unit' column (kg, g, %, kWh…) or put the unit "
                               "in the amount header, e.g. 'mass (kg)'; amounts are never assumed to be kg")
    entries = []
    try:
        for row in reader:
            line = reader.line_num
            if not any(cell.strip() for cell in row):
                continue
            if len(row) > len(header):
                raise _bom_error(path, line, "", f"{len(row)} values for {len(header)} columns (a {delimiter!r} "
                                 "inside a value needs quotes)")
            entries.append((line, _entry(path, line, dict(zip(header, row)), header_unit)))
    except csv.Error as exc:
        raise CompositionError(f"{path}:{reader.line_num}: unreadable CSV: {exc}") from None
    return _checked(path, entries, first_row=2)


def _checked(path: Path, entries: list[tuple[int, BomEntry]], first_row: int) -> list[BomEntry]:
    if not entries:
        raise CompositionError(f"{path}:{first_row}: empty bill of materials (no rows)")
    rows = [e for _, e in entries]
    if all(e.amount == 0 for e in rows):
        raise _bom_error(path, entries[0][0], "amount", "every amount is zero; give the masses or shares of the inputs")
    problem = bom_tree_problem(rows)
    if problem is not None:
        i, field, message = problem
        raise _bom_error(path, entries[i][0], field, message)
    return rows


def read_bom(path: str | Path) -> list[BomEntry]:
    """Read a BOM file (.csv with a header, or .json) into entries; errors name file, line and field.

    CSV: ``,`` ``;`` or tab delimited (from the header line), header words from :data:`HEADER_SYNONYMS`, a
    unit column or a unit in the amount header ("mass (kg)") — never an assumed unit.
    """
    with collector_paused():  # one record per row, freed by reference counting; see engine/collector.py
        return _read_bom(Path(path))


def _read_bom(path: Path) -> list[BomEntry]:
    if not path.is_file():
        raise CompositionError(f"{path}: BOM file not found")
    if path.suffix.lower() != ".json":
        return _read_csv_rows(path)
    try:
        text = read_text(path)  # the one decoder: non-UTF-8 bytes name file, line and byte offset
    except FormatError as exc:
        raise CompositionError(str(exc)) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CompositionError(f"{path}:{exc.lineno}: malformed JSON: {exc.msg}") from None
    except RecursionError:
        raise CompositionError(f"{path}: JSON nested too deeply") from None
    rows = data.get("bom", data.get("inputs")) if isinstance(data, dict) else data
    if not isinstance(rows, list):
        raise CompositionError(f"{path}: expected a list of rows or {{\"bom\": [...]}}")
    # JSON rows are numbered from 1 (row index, not a file line).
    return _checked(path, [(i, _entry(path, i, r)) for i, r in enumerate(rows, start=1)], first_row=1)


def declared_mass_from_masses(du: DeclaredUnit, lines: list[InputLine], checks: list[Check]) -> DeclaredUnit:
    """The declared unit with ``mass_kg`` = Σ listed masses of the product (packaging excluded, kg), when the
    unit is not a mass ("1 item", "1 m3"), no mass was given and every material leaf is a mass per declared
    unit. Records a ``declared_mass`` check; otherwise returns ``du`` unchanged.

    Without this, a per-item BOM had no mass: no mass balance and no process-energy default at all.
    """
    if du.mass_kg is not None or units.is_convertible(du.unit, "kg"):
        return du
    leaves = [x for x in lines if not x.children and x.kind == "material"]
    if not leaves or any(x.rate.unit != "kg" for x in leaves):
        return du
    product = [x for x in leaves if x.role != "packaging"]
    mass = sum(x.rate.value for x in product)
    if not math.isfinite(mass) or mass <= 0:
        return du
    left_out = len(leaves) - len(product)
    checks.append(Check(
        code="declared_mass", severity="info", passed=True, value=mass,
        message=f"mass of {du.label()} = Σ listed masses = {mass:.4g} kg"
        + (f" ({left_out} packaging line(s) not counted)" if left_out else "")
        + "; used for the mass balance and the process-energy defaults",
    ))
    return du.model_copy(update={"mass_kg": mass})

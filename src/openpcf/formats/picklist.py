"""The PCFBench ecoinvent picklist (``ecoinvent_picklist.jsonl``): one market activity per line.

Fields: ``activity_uuid_product_uuid`` (the key), ``activity_name``, ``reference_product_name`` and
``product_information``; other fields are kept. The key and both names must be non-blank: a blank name
cannot be picked, matched or scored.

The picklist has no unit column. :func:`picklist_unit` gives it from the reference product by
ecoinvent's conventions, which the rows' own ``product_information`` states: electricity is per kWh,
heat per MJ, pipeline natural gas ("natural gas, high pressure": "a net calorific value of 36.0 MJ/m3 …
referring to standard cubic meters") per m3 — while the vehicle-grade natural gas markets ("a calorific
value of 48.98 MJ/kg") and natural gas liquids are per kg, like every other row.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from openpcf.formats.jsonl import json_objects
from openpcf.formats.problems import FormatProblems, Problem

PICKLIST_COLUMNS = frozenset({"activity_uuid_product_uuid", "activity_name", "reference_product_name"})

_NON_BLANK = r"\S"


class PicklistRow(BaseModel):
    """One picklist activity; unknown fields are kept (``model_extra``)."""

    model_config = ConfigDict(extra="allow", frozen=True)

    activity_uuid_product_uuid: str = Field(pattern=_NON_BLANK)
    activity_name: str = Field(pattern=_NON_BLANK)
    reference_product_name: str = Field(pattern=_NON_BLANK)
    product_information: str | None = None

    @property
    def unit(self) -> str:
        """The unit of the reference product (see :func:`picklist_unit`)."""
        return picklist_unit(self.reference_product_name)


def picklist_unit(reference_product: str) -> str:
    """Unit of a picklist reference product: ``kWh``, ``MJ`` or ``m3`` for the three energy markets, else ``kg``.

    >>> picklist_unit("natural gas, high pressure"), picklist_unit("natural gas, high pressure, vehicle grade")
    ('m3', 'kg')
    """
    lowered = reference_product.strip().lower()
    if lowered.startswith("electricity,"):
        return "kWh"
    if lowered.startswith("heat,"):
        return "MJ"
    if lowered.startswith("natural gas,") and "pressure" in lowered and "vehicle grade" not in lowered:
        return "m3"
    return "kg"


def _problems(source: str, line: int, exc: ValidationError) -> list[Problem]:
    out = []
    for err in exc.errors():
        field = ".".join(str(p) for p in err.get("loc", ()))
        message = "must not be blank" if err.get("type") == "string_pattern_mismatch" else err["msg"]
        out.append(Problem(source, line, field, message))
    return out


def iter_picklist(path: str | Path) -> Iterator[tuple[int, PicklistRow | list[Problem]]]:
    """(line, row) per picklist line, or (line, problems) for a line that is not a usable row."""
    source = str(path)
    for line, obj in json_objects(path):
        if isinstance(obj, Problem):
            yield line, [obj]
            continue
        try:
            yield line, PicklistRow.model_validate(obj)
        except ValidationError as exc:
            yield line, _problems(source, line, exc)


def read_picklist(path: str | Path, *, collect: bool = False) -> list[PicklistRow]:
    """Every row of a picklist, in file order. The first problem raises :class:`FormatProblems`; with
    ``collect=True`` the whole file is read first and every problem (duplicate keys too) is carried."""
    rows: list[PicklistRow] = []
    problems: list[Problem] = []
    first_line: dict[str, int] = {}
    for line, row in iter_picklist(path):
        if isinstance(row, list):
            problems.extend(row)
        elif row.activity_uuid_product_uuid in first_line:
            key = row.activity_uuid_product_uuid
            problems.append(Problem(str(path), line, "activity_uuid_product_uuid",
                                    f"duplicate key {key!r} (first on line {first_line[key]})"))
        else:
            first_line[row.activity_uuid_product_uuid] = line
            rows.append(row)
        if problems and not collect:
            break
    if problems:
        raise FormatProblems(problems)
    return rows

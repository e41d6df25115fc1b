"""Licence holders' ecoinvent cumulative LCIA spreadsheet as a resolver (keyed like the PCFBench picklist).

ecoinvent distributes, to licensees, a workbook of cumulative LCIA results (one row per activity ×
reference product; one column per impact indicator). Its exact layout is not available here, so every
column name is configurable (:class:`LciaColumns`): the activity and product UUIDs (or one combined
``activity_uuid_product_uuid`` column), names, geography, unit, and the GWP100 column. Header names
are matched case-insensitively; the value column may be given as a substring of its header (several
header rows are joined with " | ", so "IPCC 2021 | climate change | global warming potential (GWP100)"
is found by "GWP100").

The file stays on the user's machine; openpcf never copies or ships it. Works with .xlsx (openpyxl,
extra ``[xlsx]``) and .csv.
"""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel, ConfigDict

from openpcf.factors.library import FactorTableError
from openpcf.factors.record import Factor, FactorMatch, FactorQuery, Source
from openpcf.factors.resolver import fitted_match
from openpcf.formats.problems import FormatError
from openpcf.formats.tabular import table_rows
from openpcf.vocabulary.names import normalise_name


class LciaColumns(BaseModel):
    """Column names of the cumulative LCIA table (defaults follow ecoinvent's usual wording)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    key: str | None = None  # one column holding "activity_uuid_product_uuid"
    activity_uuid: str = "Activity UUID"
    product_uuid: str = "Product UUID"
    activity_name: str = "Activity Name"
    product_name: str = "Reference Product Name"
    geography: str = "Geography"
    unit: str = "Unit"
    value: str = "GWP100"  # substring of the GWP100 indicator's (joined) header
    sheet: str | None = None  # xlsx sheet; default: the first sheet that has the key columns
    header_rows: int | None = None  # rows above the data; default: detected


def _rows_from_file(path: Path, sheet: str | None, wanted: str) -> list[list[str]]:
    if not path.name.lower().endswith((".csv", ".tsv", ".xlsx", ".xlsm")):
        raise FactorTableError(f"{path}: unsupported format (use .xlsx or .csv)")
    try:
        return table_rows(path, sheet, wanted=wanted)  # the one tabular reader (CSV/TSV/xlsx)
    except FormatError as exc:
        raise FactorTableError(str(exc)) from None


class EcoinventLciaResolver:
    """Resolves picklist keys (``activity_uuid_product_uuid``) or reference-product names to ecoinvent
    cumulative GWP100 values from the user's own LCIA workbook."""

    def __init__(self, path: str | Path, columns: LciaColumns | None = None, version: str = "3.11",
                 system_model: str = "cut-off", year: int = 2024, gwp: str = "IPCC AR6 GWP100 (IPCC 2021)",
                 name: str = "ecoinvent-lcia") -> None:
        self.path = Path(path)
        self.columns = columns or LciaColumns()
        self.name = name
        if not self.path.is_file():
            raise FactorTableError(f"{self.path}: no such file")
        wanted = (self.columns.key or self.columns.activity_uuid).strip().lower()
        rows = _rows_from_file(self.path, self.columns.sheet, wanted)
        self._by_key: dict[str, Factor] = {}
        self._by_product: dict[str, list[Factor]] = {}
        self._load(rows, version, system_model, year, gwp)

    def _header(self, rows: list[list[str]]) -> tuple[int, list[str]]:
        c = self.columns
        wanted = (c.key or c.activity_uuid).strip().lower()
        limit = c.header_rows if c.header_rows is not None else min(len(rows), 10)
        for i in range(limit):
            if any(cell.strip().lower() == wanted for cell in rows[i]):
                # Header rows above (indicator method/category lines) are joined into each column name.
                width = max(len(r) for r in rows[: i + 1])
                joined = []
                for j in range(width):
                    parts = [rows[k][j].strip() for k in range(i + 1) if j < len(rows[k]) and rows[k][j].strip()]
                    joined.append(" | ".join(parts))
                return i, joined
        raise FactorTableError(f"{self.path}: no header row with a column named {wanted!r} "
                               f"(set LciaColumns(key=...) or activity_uuid=...)")

    def _load(self, rows: list[list[str]], version: str, system_model: str, year: int, gwp: str) -> None:
        c = self.columns
        hi, header = self._header(rows)
        low = [h.lower() for h in header]

        def col(name: str | None, required: bool = True, substring: bool = False) -> int | None:
            if name is None:
                return None
            n = name.strip().lower()
            for j, h in enumerate(low):
                last = h.split(" | ")[-1]
                if last == n or h == n or (substring and n in h):
                    return j
            if required:
                raise FactorTableError(f"{self.path}: no column {name!r} in the header (row {hi + 1})")
            return None

        j_key, j_act, j_prod = col(c.key, required=False), None, None
        if j_key is None:
            j_act, j_prod = col(c.activity_uuid), col(c.product_uuid)
        j_value = col(c.value, substring=True)
        j_aname, j_pname = col(c.activity_name, False), col(c.product_name, False)
        j_geo, j_unit = col(c.geography, False), col(c.unit, False)
        for i, row in enumerate(rows[hi + 1:], hi + 2):
            def cell(j: int | None, row: list[str] = row) -> str:
                return row[j].strip() if j is not None and j < len(row) else ""

            key = cell(j_key) if j_key is not None else f"{cell(j_act)}_{cell(j_prod)}"
            if not key.strip("_"):
                continue
            raw = cell(j_value)
            try:
                value = float(raw)
            except ValueError:
                raise FactorTableError(f"{self.path}:{i}: column {header[j_value]!r}: not a number: {raw!r}") from None
            product = cell(j_pname)
            unit = cell(j_unit) or "kg"
            try:
                f = Factor(
                    id=f"ecoinvent-{version}:{key}", name=f"{cell(j_aname)} | {product}".strip(" |"),
                    aliases=(product,) if product else (), value=value, unit=unit,
                    boundary=f"cradle-to-gate (ecoinvent {version} {system_model}, cumulative LCIA)",
                    geography=cell(j_geo) or "GLO", year=year, gwp=gwp, category="ecoinvent",
                    source=Source(publisher="ecoinvent Association", document=f"ecoinvent {version} {system_model} "
                                  "cumulative LCIA (user's licensed copy)", table=self.path.name, row=str(i)),
                    license="ecoinvent EULA: licensed to the user; do not redistribute", quality="high")
            except ValueError as exc:
                raise FactorTableError(f"{self.path}:{i}: {exc}") from None
            self._by_key[key] = f
            if product:
                self._by_product.setdefault(normalise_name(product), []).append(f)

    def __len__(self) -> int:
        return len(self._by_key)

    def resolve(self, query: FactorQuery) -> FactorMatch | None:
        if query.key and query.key in self._by_key:
            m = fitted_match(self._by_key[query.key], query, "key", 1.0, "high", self.name, query.key)
            if m is not None:
                return m
        cands = self._by_product.get(normalise_name(query.name), [])
        if query.geography:
            cands = sorted(cands, key=lambda f: f.geography.upper() != query.geography.upper())
        for f in cands:
            m = fitted_match(f, query, "exact", 0.95, "high", self.name, f.name)
            if m is not None:
                return m
        return None

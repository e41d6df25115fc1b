"""Typed PCFBench task rows and the reader for a PCFBench data folder.

Every row is ``{"id", "input", "expected_output", "metadata"}``. All models keep unknown fields
(``extra="allow"``) so nothing in a user's file is lost on a round trip. A malformed line or a missing
required field raises :class:`DataError` naming the file, the line and the field; ``collect=True``
gathers every problem of a file instead of stopping at the first.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from openpcf.documents import DocumentError, read_document
from openpcf.formats.jsonl import json_lines
from openpcf.formats.picklist import PicklistRow
from openpcf.formats.picklist import read_picklist as read_formats_picklist
from openpcf.formats.problems import FormatError, FormatProblems, Problem

TaskName = Literal[
    "decomposition",
    "triage",
    "mapping",
    "extraction_material",
    "extraction_energy",
    "epd",
    "compositional",
]
TASKS: tuple[TaskName, ...] = (
    "decomposition",
    "triage",
    "mapping",
    "extraction_material",
    "extraction_energy",
    "epd",
    "compositional",
)

EpdSetting = Literal["epd_name_only", "epd_with_description", "epd_with_composition", "epd_with_region"]
EPD_SETTINGS: tuple[EpdSetting, ...] = (
    "epd_name_only",
    "epd_with_description",
    "epd_with_composition",
    "epd_with_region",
)

#: Standard file name of each task in a PCFBench folder (compositional reads the epd file).
TASK_FILES: dict[TaskName, str] = {
    "decomposition": "task1_decomposition.jsonl",
    "triage": "task2_triage.jsonl",
    "mapping": "task3_mapping.jsonl",
    "extraction_material": "task4_extraction_material.jsonl",
    "extraction_energy": "task5_extraction_energy.jsonl",
    "epd": "task7_epd.jsonl",
    "compositional": "task7_epd.jsonl",
}
PICKLIST_FILE = "ecoinvent_picklist.jsonl"


class _Open(BaseModel):
    """Base for every record: keeps fields we do not model."""

    model_config = ConfigDict(extra="allow", populate_by_name=True)


# ---------------------------------------------------------------- metadata


class Metadata(_Open):
    product_category: str | None = None


class MappingMetadata(Metadata):
    vagueness_severity: int | None = Field(default=None, ge=1, le=5)


class ExtractionMetadata(Metadata):
    kind: str | None = None
    document_chars_full: int | None = None
    document_text_is_excerpt: bool | None = None
    document_truncated: bool | None = None


# ---------------------------------------------------------------- T1 decomposition


class DecompositionInput(_Open):
    product_name: str
    description: str | None = None
    quantity_unit: str | None = None


class DecompositionExpected(_Open):
    components: list[str] = Field(min_length=1)


# ---------------------------------------------------------------- T2 triage


class Market(_Open):
    name: str
    description: str | None = None


class MaterialContext(_Open):
    name: str | None = None
    description: str | None = None
    material_name: str | None = None


class TriageInput(_Open):
    market: Market
    material_context_data: MaterialContext = Field(default_factory=MaterialContext)


class TriageExpected(_Open):
    should_map: bool


# ---------------------------------------------------------------- T3 mapping


class PurchaserContext(_Open):
    customer_url: str | None = None
    customer_name: str | None = None
    customer_country: str | None = None
    customer_industry: str | None = None


class MappingInput(_Open):
    material_name: str
    description: str | None = None
    supplier: str | None = None
    purchaser_context: PurchaserContext | None = None


class MappingExpected(_Open):
    options: list[str] = Field(min_length=1)
    banned_substring: str | None = None
    relevant_substring_1: str | None = None
    relevant_substring_2: str | None = None


# ---------------------------------------------------------------- T4/T5 extraction


class ExtractionInput(_Open):
    """The question and the document: its text, or ``document_path`` (a PDF, HTML, Markdown or text file,
    relative to the data folder) that :func:`read_task` reads into ``document_text`` with page provenance."""

    query: str
    document_text: str | None = None
    document_path: str | None = None
    source_url: str | None = None

    @model_validator(mode="after")
    def _has_a_document(self) -> ExtractionInput:
        if self.document_text is None and not self.document_path:
            raise ValueError("needs document_text or document_path")
        return self


class Claim(_Open):
    """A numeric claim: ``value`` in ``unit`` with optional verbatim evidence quotes."""

    value: float = Field(allow_inf_nan=False)
    unit: str
    evidence: list[str] | str | None = None


class ExtractionExpected(_Open):
    claims: list[Claim]


# ---------------------------------------------------------------- T7 epd / compositional


class EpdInput(_Open):
    product_name: str
    description: str | None = None
    quantity_unit: str | None = None
    composition: str | None = None
    geography: str | None = None
    recycled_content: str | float | None = None
    country_of_origin: str | None = None
    source_url: str | None = None


class EpdExpected(_Open):
    kgco2e: float = Field(allow_inf_nan=False, description="kg CO2e per declared unit")

    @field_validator("kgco2e")
    @classmethod
    def _positive(cls, value: float) -> float:
        # Relative errors divide by the declared value: zero drops the item from n, a negative flips a sign.
        if value <= 0:
            raise ValueError(f"must be a positive kg CO2e per declared unit, got {value:g}")
        return value


# ---------------------------------------------------------------- rows

I = TypeVar("I", bound=BaseModel)
E = TypeVar("E", bound=BaseModel)
M = TypeVar("M", bound=BaseModel)


class TaskRow(_Open, Generic[I, E, M]):
    id: str
    input: I
    expected_output: E
    metadata: M = Field(default_factory=Metadata)  # type: ignore[assignment]

    @field_validator("id")
    @classmethod
    def _non_blank_id(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("must not be empty")
        return value

    @property
    def category(self) -> str | None:
        return getattr(self.metadata, "product_category", None)


class DecompositionRow(TaskRow[DecompositionInput, DecompositionExpected, Metadata]):
    pass


class TriageRow(TaskRow[TriageInput, TriageExpected, Metadata]):
    pass


class MappingRow(TaskRow[MappingInput, MappingExpected, MappingMetadata]):
    metadata: MappingMetadata = Field(default_factory=MappingMetadata)


class ExtractionRow(TaskRow[ExtractionInput, ExtractionExpected, ExtractionMetadata]):
    metadata: ExtractionMetadata = Field(default_factory=ExtractionMetadata)


class EpdRow(TaskRow[EpdInput, EpdExpected, Metadata]):
    pass


#: A picklist row, read by the one picklist reader (:mod:`openpcf.formats.picklist`).
PicklistEntry = PicklistRow


ROW_MODELS: dict[TaskName, type[TaskRow[Any, Any, Any]]] = {
    "decomposition": DecompositionRow,
    "triage": TriageRow,
    "mapping": MappingRow,
    "extraction_material": ExtractionRow,
    "extraction_energy": ExtractionRow,
    "epd": EpdRow,
    "compositional": EpdRow,
}

# ---------------------------------------------------------------- errors and reading


#: One problem in a data file (file, line, field, message): the one problem type of :mod:`openpcf.formats`.
DataProblem = Problem


class DataError(FormatProblems):
    """Raised for malformed data; carries every problem found (``problems``)."""


def _loc(err: dict[str, Any]) -> str:
    return ".".join(str(p) for p in err.get("loc", ()))


def iter_jsonl(path: Path) -> Iterator[tuple[int, Any, DataProblem | None]]:
    """``(line_number, parsed_object, problem)`` for every non-blank line of a JSONL file (the one line
    iterator, :func:`openpcf.formats.jsonl.json_lines`; non-UTF-8 bytes are a problem of their line)."""
    try:
        for item in json_lines(path):
            yield item.line, item.value, item.problem
    except FormatError as exc:
        yield 0, None, exc.problem


def iter_json_objects(path: Path, problems: list[DataProblem]) -> Iterator[tuple[int, dict[str, Any]]]:
    """``(line_number, object)`` for every line that is a JSON object; a malformed line or a line that is not
    an object is appended to ``problems`` (naming file and line) and skipped."""
    for lineno, obj, problem in iter_jsonl(path):
        if problem is not None:
            problems.append(problem)
        elif not isinstance(obj, dict):
            problems.append(DataProblem(str(path), lineno, "", "expected a JSON object"))
        else:
            yield lineno, obj


def read_model_jsonl(path: str | Path, model: type[M], *, collect: bool = False) -> list[M]:
    """Read a JSONL file into ``model`` instances.

    Raises :class:`DataError` at the first problem, or — with ``collect=True`` — after reading the whole
    file, carrying every problem (malformed JSON, missing/invalid fields, duplicate ids).
    """
    path = Path(path)
    if not path.is_file():
        raise DataError([DataProblem(str(path), 0, "", "file not found")])
    rows: list[M] = []
    problems: list[DataProblem] = []
    seen_ids: dict[str, int] = {}
    for lineno, obj, problem in iter_jsonl(path):
        if problem is None and not isinstance(obj, dict):
            problem = DataProblem(str(path), lineno, "", "expected a JSON object")
        if problem is None:
            try:
                row = model.model_validate(obj)
            except ValidationError as exc:
                for err in exc.errors():
                    problems.append(DataProblem(str(path), lineno, _loc(err), err["msg"]))
                if not collect:
                    raise DataError(problems) from None
                continue
            row_id = getattr(row, "id", None)
            if isinstance(row_id, str):
                if row_id in seen_ids:
                    problem = DataProblem(
                        str(path), lineno, "id", f"duplicate id {row_id!r} (first on line {seen_ids[row_id]})"
                    )
                else:
                    seen_ids[row_id] = lineno
            if problem is None:
                rows.append(row)
        if problem is not None:
            problems.append(problem)
            if not collect:
                raise DataError(problems)
    if problems:
        raise DataError(problems)
    return rows


def read_task(path: str | Path, task: TaskName, *, collect: bool = False) -> list[TaskRow[Any, Any, Any]]:
    """Read one task file (see :data:`TASK_FILES`) into typed rows. Extraction rows that name a
    ``document_path`` get its text (read once, relative to the task file's folder)."""
    rows = read_model_jsonl(path, ROW_MODELS[task], collect=collect)
    if task in ("extraction_material", "extraction_energy"):
        _read_documents(Path(path), rows, collect=collect)
    return rows  # type: ignore[return-value]


def _read_documents(path: Path, rows: list[Any], *, collect: bool) -> None:
    problems: list[DataProblem] = []
    for line, row in enumerate(rows, start=1):
        ref = row.input.document_path
        if not ref or row.input.document_text is not None:
            continue
        try:
            row.input.document_text = read_document(path.parent / ref).text
        except DocumentError as exc:
            problems.append(DataProblem(str(path), line, "input.document_path", str(exc)))
    if problems:
        raise DataError(problems if collect else problems[:1])


def read_picklist(path: str | Path, *, collect: bool = False) -> list[PicklistEntry]:
    """Read the activity picklist (2,574 rows in PCFBench); order is preserved. Blank names and keys,
    and repeated keys, are problems (:mod:`openpcf.formats.picklist`)."""
    path = Path(path)
    if not path.is_file():
        raise DataError([DataProblem(str(path), 0, "", "file not found")])
    try:
        return read_formats_picklist(path, collect=collect)
    except FormatProblems as exc:
        raise DataError(exc.problems) from None


@dataclass
class BenchmarkFolder:
    """A PCFBench data folder with the standard file names. Files are read lazily and cached."""

    root: Path
    _rows: dict[str, list[Any]] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        self.root = Path(self.root)
        if not self.root.is_dir():
            raise DataError([DataProblem(str(self.root), 0, "", "not a directory")])

    def path(self, task: TaskName) -> Path:
        return self.root / TASK_FILES[task]

    def has(self, task: TaskName) -> bool:
        return self.path(task).is_file()

    def rows(self, task: TaskName) -> list[TaskRow[Any, Any, Any]]:
        key = "epd" if task == "compositional" else task
        if key not in self._rows:
            self._rows[key] = read_task(self.path(task), task)
        return self._rows[key]

    def picklist_path(self) -> Path:
        return self.root / PICKLIST_FILE

    def picklist(self) -> list[PicklistEntry]:
        if "picklist" not in self._rows:
            self._rows["picklist"] = read_picklist(self.picklist_path())
        return self._rows["picklist"]

    def validate(self) -> list[DataProblem]:
        """Every problem of every standard file present (missing files are reported too).

        Errors: malformed lines, missing or invalid fields, blank ids, duplicate ids, a task file without
        items, a missing file. Warnings (``severity="warning"``): mapping options that are not a reference
        product of the picklist (no system can pick them exactly).
        """
        problems: list[DataProblem] = []
        seen: set[str] = set()
        mapping_rows: list[TaskRow[Any, Any, Any]] | None = None
        for task, name in TASK_FILES.items():
            if name in seen:
                continue
            seen.add(name)
            p = self.root / name
            if not p.is_file():
                problems.append(DataProblem(str(p), 0, "", "missing"))
                continue
            try:
                rows = read_task(p, task, collect=True)
            except DataError as exc:
                problems.extend(exc.problems)
                continue
            if not rows:
                problems.append(DataProblem(str(p), 0, "", "no items: the task file is empty"))
            if task == "mapping":
                mapping_rows = rows
        p = self.picklist_path()
        picklist: list[PicklistEntry] | None = None
        if not p.is_file():
            problems.append(DataProblem(str(p), 0, "", "missing"))
        else:
            try:
                picklist = read_picklist(p, collect=True)
            except DataError as exc:
                problems.extend(exc.problems)
            else:
                if not picklist:
                    problems.append(DataProblem(str(p), 0, "", "no activities: the picklist is empty"))
        if mapping_rows and picklist:
            problems.extend(options_outside_picklist(self.path("mapping"), mapping_rows, picklist))
        return problems


def options_outside_picklist(
    path: Path, rows: list[TaskRow[Any, Any, Any]], picklist: list[PicklistEntry]
) -> list[DataProblem]:
    """A warning per mapping truth option that is no reference product of the picklist (compared
    lower-cased and trimmed, as the exact-match metric compares)."""
    names = {p.reference_product_name.strip().lower() for p in picklist}
    line_of = {obj.get("id"): line for line, obj, _ in iter_jsonl(path) if isinstance(obj, dict)}
    out: list[DataProblem] = []
    for row in rows:
        for i, option in enumerate(row.expected_output.options):
            if option.strip().lower() not in names:
                out.append(DataProblem(
                    str(path), line_of.get(row.id, 0), f"expected_output.options.{i}",
                    f"item {row.id!r}: option {option!r} is not a reference product of the picklist",
                    severity="warning",
                ))
    return out


def epd_input_for_setting(inp: EpdInput, setting: EpdSetting) -> dict[str, Any]:
    """The cumulative context a system sees in each EPD setting (empty fields omitted)."""
    fields = ["product_name", "quantity_unit"]
    if setting in ("epd_with_description", "epd_with_composition", "epd_with_region"):
        fields.append("description")
    if setting in ("epd_with_composition", "epd_with_region"):
        fields += ["composition", "recycled_content"]
    if setting == "epd_with_region":
        fields += ["geography", "country_of_origin"]
    data = inp.model_dump()
    return {k: data[k] for k in fields if data.get(k) not in (None, "", [])}

"""The leaderboard: the one reader of the paper's published results and the one headline table.

``openpcf bench`` renders it as Markdown and JSON, the benchmark report as HTML; both build it here from
run summaries (the scorer's numbers, never recomputed) and the published table shipped with the package
(``openpcf/data/published_results.json``, with its citation).

A run is *comparable* with the published models only when it scored as many items as the full PCFBench
dataset has for its task (the published numbers are on the full dataset); a run on a split or a
``--limit`` smoke run is shown with its n and kept apart, never ranked among the published rows.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from openpcf.paths import package_data

PUBLISHED_FILE = "published_results.json"

#: Items per task in the full PCFBench dataset (the protocol's task table), the set the published results
#: are on. A run with another n is not comparable item for item.
FULL_DATASET_ITEMS: dict[str, int] = {
    "decomposition": 94,
    "triage": 200,
    "mapping": 109,
    "extraction_material": 22,
    "extraction_energy": 14,
    "epd": 175,
    "compositional": 175,
}
TASK_ORDER = tuple(FULL_DATASET_ITEMS)


@dataclass(frozen=True)
class Column:
    """A leaderboard column: a metric of a task (and epd setting), keyed as in the published table."""

    key: str
    task: str
    setting: str | None
    metric: str
    header: str
    lower_is_better: bool = False

    def matches(self, task: str, setting: str | None) -> bool:
        return task == self.task and (self.setting is None or setting == self.setting)


#: The published columns: (published key, task, epd setting, scorer metric, short header).
HEADLINE_COLUMNS: tuple[Column, ...] = (
    Column("decomposition_f1", "decomposition", None, "f1", "T1 F1"),
    Column("triage_accuracy", "triage", None, "accuracy", "T2 acc"),
    Column("mapping_exact_match", "mapping", None, "exact_match", "T3 EM"),
    Column("extraction_material_claim_f1", "extraction_material", None, "claim_f1", "T4 F1"),
    Column("extraction_energy_claim_f1", "extraction_energy", None, "claim_f1", "T5 F1"),
    Column("epd_within_2x", "epd", "epd_with_description", "within_2x", "T7 direct ≤2×"),
    Column("compositional_within_2x", "compositional", None, "within_2x", "T7 comp. ≤2×"),
    Column("compositional_mass_violation_rate", "compositional", None, "mass_violation_rate", "mass viol. ↓", True),
)


def epd_setting_column(setting: str) -> Column:
    """A column for an epd setting the published table has no number for (name only, composition, region)."""
    short = setting.removeprefix("epd_").replace("_", " ")
    return Column(f"{setting}_within_2x", "epd", setting, "within_2x", f"T7 {short} ≤2×")


class PublishedResults(BaseModel):
    """The published table: citation, setup and one ``{"model", KEY: value}`` object per model."""

    model_config = ConfigDict(extra="allow")

    citation: str
    setup: str = ""
    table: str = ""
    columns: dict[str, str] = Field(default_factory=dict)
    models: list[dict[str, Any]] = Field(default_factory=list)

    @property
    def source(self) -> str:
        return f"{self.citation} — {self.setup}".rstrip(" —")

    def value(self, model: dict[str, Any], key: str) -> float | None:
        v = model.get(key)
        return float(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else None


def read_published(path: Path | None = None) -> PublishedResults | None:
    """The published table (the package's, or ``path``); None when the file is not there."""
    path = path or package_data(PUBLISHED_FILE)
    if not path.is_file():
        return None
    try:
        return PublishedResults.model_validate_json(path.read_text(encoding="utf-8"))
    except ValidationError as exc:
        raise ValueError(f"{path}: not a readable published-results table ({exc.errors()[0]['msg']})") from None


@dataclass
class Cell:
    """A number of the table: value with its 95% interval, the items behind it and a link to them."""

    value: float | None
    low: float | None = None
    high: float | None = None
    href: str | None = None
    n: int | None = None


@dataclass
class RunHeadline:
    """What the table needs of one run: who, which task/setting, the scorer's metrics, n and a link."""

    system: str
    task: str
    setting: str | None
    metrics: dict[str, Cell]
    n_items: int | None
    href: str | None = None
    data: str = ""

    @property
    def comparable(self) -> bool:
        """Scored on as many items as the full dataset has (what the published numbers are on)."""
        return self.n_items is not None and self.n_items == FULL_DATASET_ITEMS.get(self.task)


@dataclass
class LeaderRow:
    system: str
    published: bool
    cells: dict[str, Cell] = field(default_factory=dict)
    note: str = ""
    data: str = ""


def headline_table(runs: Sequence[RunHeadline], published: PublishedResults | None,
                   *, all_published_columns: bool = False,
                   other_epd_settings: bool = True) -> tuple[list[Column], list[LeaderRow]]:
    """Columns and rows: one row per system of the runs (in their order), then one per published model.

    Columns are the published headline columns plus (``other_epd_settings``) a column for each other epd
    setting a run has, in task order; a column no row has a number for is left out unless
    ``all_published_columns``."""
    columns = list(HEADLINE_COLUMNS)
    for r in runs:
        if (other_epd_settings and r.task == "epd" and r.setting
                and not any(c.matches(r.task, r.setting) for c in columns)):
            columns.append(epd_setting_column(r.setting))
    rows: dict[str, LeaderRow] = {}
    for r in runs:
        row = rows.setdefault(r.system, LeaderRow(r.system, False, data=r.data))
        for c in columns:
            if c.matches(r.task, r.setting) and (m := r.metrics.get(c.metric)) is not None:
                row.cells[c.key] = Cell(m.value, m.low, m.high, r.href, r.n_items)
    out = list(rows.values())
    if published is not None:
        for model in published.models:
            cells = {c.key: Cell(v) for c in columns if (v := published.value(model, c.key)) is not None}
            out.append(LeaderRow(str(model.get("model")), True, cells, published.source))
    if not all_published_columns:
        columns = [c for c in columns if any(c.key in row.cells and row.cells[c.key].value is not None for row in out)]
    order = {c.key: i for i, c in enumerate(HEADLINE_COLUMNS)}
    columns.sort(key=lambda c: (TASK_ORDER.index(c.task), order.get(c.key, len(order)), c.key))
    return columns, out


def headline_of_summary(system: str, task: str, setting: str | None, summary: Any, *, data: str = "",
                        href: str | None = None) -> RunHeadline:
    """A run's headline numbers from its :class:`~openpcf.pcfbench.run_log.summary.RunSummary`."""
    metrics = {name: Cell(m.value, m.ci[0], m.ci[1], href, m.n) for name, m in summary.metrics.items()}
    return RunHeadline(system, task, setting, metrics, summary.n_items, href, data)


def _cell_text(cell: Cell | None) -> str:
    if cell is None or cell.value is None:
        return "–"
    if cell.low is not None and cell.high is not None:
        return f"{cell.value:.3f} [{cell.low:.2f}, {cell.high:.2f}]"
    return f"{cell.value:.3f}"


def leaderboard_markdown(columns: Sequence[Column], rows: Sequence[LeaderRow], *,
                         published: PublishedResults | None, notes: Sequence[str] = ()) -> str:
    """The table as Markdown: runs first (with 95% intervals and the data they ran on), published rows after."""
    head = "| model | " + " | ".join(c.header for c in columns) + " |"
    lines = [head, "|---|" + "---|" * len(columns)]
    for row in rows:
        name = f"{row.system} (published)" if row.published else f"**{row.system}**" + (f" ({row.data})" if row.data else "")
        lines.append(f"| {name} | " + " | ".join(_cell_text(row.cells.get(c.key)) for c in columns) + " |")
    data = next((r.data for r in rows if not r.published and r.data), "")
    note = "\nThis run: metrics with bootstrap 95% intervals" + (f" on `{data}`" if data else "") + "."
    if published is not None:
        note += (f" Published rows: {published.source}. Published numbers are on the full dataset; "
                 "a run on a split is not directly comparable item for item.")
    extra = "".join(f"\n- {n}" for n in notes)
    return "\n".join(lines) + "\n" + note + "\n" + (extra + "\n" if extra else "")


def leaderboard_document(columns: Sequence[Column], rows: Sequence[LeaderRow], *,
                         published: PublishedResults | None) -> dict[str, Any]:
    """The ``leaderboard.json`` of ``openpcf bench``: this run's row (``{"value", "ci"}`` per column, None when
    absent) and the published rows with their citation."""
    run = next((r for r in rows if not r.published), LeaderRow("", False))
    this_run: dict[str, Any] = {"model": run.system, "data": run.data}
    for c in columns:
        cell = run.cells.get(c.key)
        this_run[c.key] = None if cell is None else {"value": cell.value, "ci": [cell.low, cell.high], "n": cell.n}
    return {
        "columns": {c.key: c.header for c in columns},
        "this_run": this_run,
        "published": published.models if published else [],
        "citation": published.citation if published else None,
        "published_setup": published.setup if published else None,
    }

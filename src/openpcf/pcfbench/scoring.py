"""One scorer per PCFBench task, and :func:`score`, the library entry point behind ``openpcf score``.

Each scorer turns one item (row + prediction) into per-item *columns* (numbers, NaN = not entering that
metric); the task's metrics are aggregators over those columns (:mod:`openpcf.pcfbench.metrics`), so the
same code gives the point estimate, the bootstrap replicates and every stratum.

Failures — no prediction, an ``error`` without output, or an output that does not fit the task schema —
count as misses (denominator = all items) and in ``n_failed``. ``exclude_failures=True`` drops them from
every metric instead (what the reference harness did for most tasks).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from pydantic import BaseModel, Field

from openpcf.pcfbench import metrics as m
from openpcf.pcfbench.alignment import Aligner, get_aligner
from openpcf.pcfbench.breakdown import breakdown_rows, stages_succeeded, structure
from openpcf.pcfbench.data import TASKS, TaskName, TaskRow
from openpcf.pcfbench.predictions import Prediction, align, parse_output

BOOTSTRAP_RESAMPLES = 1000
NAN = math.nan

# ================================================================= result models


def _num(x: float) -> float | None:
    return None if x is None or not math.isfinite(x) else round(float(x), 10)


class MetricValue(BaseModel):
    """A metric with bootstrap SE and 95% percentile CI; ``n`` = items that entered it. None = undefined."""

    value: float | None
    se: float | None = None
    ci: tuple[float | None, float | None] = (None, None)
    n: int = 0

    @classmethod
    def of(cls, est: m.Estimate) -> MetricValue:
        return cls(value=_num(est.value), se=_num(est.se), ci=(_num(est.ci[0]), _num(est.ci[1])), n=est.n)


class StratumScore(BaseModel):
    n_items: int
    n_failed: int
    metrics: dict[str, MetricValue]


class ItemScore(BaseModel):
    """Scores of one item (``--items`` writes one per line)."""

    id: str
    category: str | None = None
    failed: bool = False
    error: str | None = None
    scores: dict[str, float | None] = Field(default_factory=dict)
    details: dict[str, Any] = Field(default_factory=dict)


class TaskScore(BaseModel):
    """The score of one system on one task: headline metrics with uncertainty, strata and per-item scores."""

    task: TaskName
    run_id: str = ""
    n_items: int
    n_failed: int
    exclude_failures: bool = False
    aligner: str | None = None
    metrics: dict[str, MetricValue]
    strata: dict[str, dict[str, StratumScore]] = Field(default_factory=dict)
    totals: dict[str, float] = Field(default_factory=dict)
    warnings: list[str] = Field(default_factory=list)
    items: list[ItemScore] = Field(default_factory=list)

    def to_json_dict(self) -> dict[str, Any]:
        """The ``openpcf score --json`` document (per-item scores are written separately by ``--items``)."""
        out: dict[str, Any] = {
            "task": self.task,
            "n_items": self.n_items,
            "n_failed": self.n_failed,
            "metrics": {k: v.model_dump() for k, v in self.metrics.items()},
            "strata": {
                dim: {key: s.model_dump() for key, s in groups.items()} for dim, groups in self.strata.items()
            },
            "run_id": self.run_id,
            "exclude_failures": self.exclude_failures,
            "bootstrap": {"resamples": BOOTSTRAP_RESAMPLES, "interval": "95% percentile"},
            "totals": self.totals,
            "warnings": self.warnings,
        }
        if self.aligner:
            out["aligner"] = self.aligner
        return out

    def value(self, metric: str) -> float | None:
        return self.metrics[metric].value


# ================================================================= per-task scorers


@dataclass(frozen=True)
class Metric:
    """A task metric: its name, the aggregator over the item columns, and the column whose finite entries
    are the items that enter it (reported as ``n``)."""

    name: str
    aggregate: m.Aggregator
    basis: str


@dataclass
class Context:
    aligner: Aligner | None = None
    picklist: frozenset[str] | None = None


Columns = dict[str, float]


class TaskScorer:
    """Scores one task. Subclasses define ``metrics``, ``failure_columns`` and ``item_columns``."""

    metrics: tuple[Metric, ...] = ()
    strata_fields: tuple[str, ...] = ("product_category",)

    def failure_columns(
        self, row: TaskRow[Any, Any, Any], prediction: Prediction | None = None, ctx: Context | None = None
    ) -> Columns:
        """The columns of a failed item (a miss): ``prediction`` is None when the item has no line."""
        raise NotImplementedError

    def item_columns(
        self, row: TaskRow[Any, Any, Any], output: Any, prediction: Prediction, ctx: Context
    ) -> tuple[Columns, dict[str, Any]]:
        raise NotImplementedError

    def is_failure(self, output: Any) -> str | None:
        """A reason when a schema-valid output still is no answer (e.g. kgco2e null or NaN)."""
        return None


def _mean(col: str) -> m.Aggregator:
    return lambda c: m.item_mean(c[col])


def _median(col: str) -> m.Aggregator:
    return lambda c: m.item_median(c[col])


def _ratio(num: str, den: str) -> m.Aggregator:
    return lambda c: m.ratio_of_sums(c[num], c[den])


def _conf(x: float | None) -> float:
    return NAN if x is None or not math.isfinite(x) else float(x)


class TriageScorer(TaskScorer):
    metrics = (
        Metric("accuracy", _mean("correct"), "correct"),
        Metric("precision", _ratio("tp", "pred_pos"), "correct"),
        Metric("recall", _ratio("tp", "true_pos"), "correct"),
        Metric(
            "f1", lambda c: m.binary_f1(c["tp"], c["pred_pos"] - c["tp"], c["true_pos"] - c["tp"]), "correct"
        ),
        Metric("format_compliance", _mean("valid"), "valid"),
        Metric("ece", lambda c: m.expected_calibration_error(c["confidence"], c["correct"]), "confidence"),
        Metric("brier", lambda c: m.brier_score(c["confidence"], c["correct"]), "confidence"),
    )

    def failure_columns(
        self, row: Any, prediction: Prediction | None = None, ctx: Context | None = None
    ) -> Columns:
        pos = float(row.expected_output.should_map)
        return {"correct": 0.0, "tp": 0.0, "pred_pos": 0.0, "true_pos": pos, "valid": 0.0, "confidence": NAN}

    def item_columns(
        self, row: Any, output: Any, prediction: Prediction, ctx: Context
    ) -> tuple[Columns, dict[str, Any]]:
        truth, pred = row.expected_output.should_map, output.should_map
        return {
            "correct": float(truth == pred),
            "tp": float(truth and pred),
            "pred_pos": float(pred),
            "true_pos": float(truth),
            "valid": 1.0,
            "confidence": _conf(output.confidence),
        }, {}


class MappingScorer(TaskScorer):
    metrics = (
        Metric("exact_match", _mean("exact_match"), "exact_match"),
        Metric("relevant_substring", _mean("relevant_substring"), "relevant_substring"),
        Metric("banned_substring_absent", _mean("banned_substring_absent"), "banned_substring_absent"),
        Metric("in_picklist", _mean("in_picklist"), "in_picklist"),
        Metric(
            "ece", lambda c: m.expected_calibration_error(c["confidence"], c["exact_match"]), "confidence"
        ),
        Metric("brier", lambda c: m.brier_score(c["confidence"], c["exact_match"]), "confidence"),
    )
    strata_fields = ("product_category", "vagueness_severity")

    def failure_columns(
        self, row: Any, prediction: Prediction | None = None, ctx: Context | None = None
    ) -> Columns:
        exp = row.expected_output
        return {
            "exact_match": 0.0,
            "relevant_substring": 0.0 if exp.relevant_substring_1 else NAN,
            "banned_substring_absent": 0.0 if exp.banned_substring else NAN,
            "in_picklist": 0.0 if ctx is not None and ctx.picklist is not None else NAN,
            "confidence": NAN,
        }

    def item_columns(
        self, row: Any, output: Any, prediction: Prediction, ctx: Context
    ) -> tuple[Columns, dict[str, Any]]:
        exp, name = row.expected_output, output.reference_product
        cols = {
            "exact_match": float(m.exact_match(name, exp.options)),
            "relevant_substring": float(m.contains_substring(name, exp.relevant_substring_1))
            if exp.relevant_substring_1
            else NAN,
            "banned_substring_absent": float(not m.contains_substring(name, exp.banned_substring))
            if exp.banned_substring
            else NAN,
            "in_picklist": float(m.normalise_name(name) in ctx.picklist) if ctx.picklist is not None else NAN,
            "confidence": _conf(output.confidence),
        }
        return cols, {}


class ExtractionScorer(TaskScorer):
    metrics = (
        Metric("claim_f1", lambda c: m.pooled_f1(c["matched"], c["predicted"], c["truth"]), "truth"),
        Metric("claim_precision", _ratio("matched", "predicted"), "truth"),
        Metric("claim_recall", _ratio("matched", "truth"), "truth"),
        Metric("hallucination_rate", lambda c: 1.0 - m.ratio_of_sums(c["matched"], c["predicted"]), "truth"),
        Metric("unit_correctness", _ratio("unit_correct", "predicted"), "truth"),
        Metric("best_abs_relative_error", _median("best_abs_relative_error"), "best_abs_relative_error"),
        Metric(
            "tolerant_claim_f1",
            lambda c: m.pooled_f1(c["tolerant_matched"], c["predicted"], c["truth"]),
            "truth",
        ),
        Metric("tolerant_claim_precision", _ratio("tolerant_matched", "predicted"), "truth"),
        Metric("tolerant_claim_recall", _ratio("tolerant_matched", "truth"), "truth"),
    )

    def failure_columns(
        self, row: Any, prediction: Prediction | None = None, ctx: Context | None = None
    ) -> Columns:
        n = float(len(row.expected_output.claims))
        return {"matched": 0.0, "predicted": 0.0, "truth": n, "unit_correct": 0.0,
                "best_abs_relative_error": NAN, "tolerant_matched": 0.0}  # fmt: skip

    def item_columns(
        self, row: Any, output: Any, prediction: Prediction, ctx: Context
    ) -> tuple[Columns, dict[str, Any]]:
        truth = [(c.value, c.unit) for c in row.expected_output.claims]
        pred = [(c.value, c.unit) for c in output.claims]
        res = m.match_claims(pred, truth)
        best = [e for e in res.best_abs_relative_errors if math.isfinite(e)]
        cols = {
            "matched": float(res.matched),
            "predicted": float(res.predicted),
            "truth": float(res.truth),
            "unit_correct": float(res.unit_correct),
            "best_abs_relative_error": float(np.median(best)) if best else NAN,
            "tolerant_matched": float(m.match_claims_tolerant(pred, truth)),
        }
        return cols, {}


_EPD_METRICS = (
    Metric("within_2x", _mean("within_2x"), "within_2x"),
    Metric("within_5x", _mean("within_5x"), "within_5x"),
    Metric("median_abs_relative_error", _median("abs_relative_error"), "abs_relative_error"),
    Metric("mean_relative_error", _mean("relative_error"), "relative_error"),
    Metric("mean_abs_log10_ratio", _mean("abs_log10_ratio"), "abs_log10_ratio"),
)


def _epd_columns(predicted: float | None, truth: float) -> Columns:
    re_ = m.relative_error(predicted, truth) if predicted is not None else NAN
    return {
        "within_2x": float(m.within_factor(predicted, truth, 2.0)),
        "within_5x": float(m.within_factor(predicted, truth, 5.0)),
        "relative_error": re_,
        "abs_relative_error": abs(re_),
        "abs_log10_ratio": m.abs_log10_ratio(predicted, truth),
    }


def _finite_kg(output: Any) -> str | None:
    k = output.kgco2e
    if k is None:
        return "kgco2e is null"
    if not math.isfinite(k):
        return f"kgco2e is not a finite number ({k})"
    return None


class EpdScorer(TaskScorer):
    metrics = _EPD_METRICS

    def failure_columns(
        self, row: Any, prediction: Prediction | None = None, ctx: Context | None = None
    ) -> Columns:
        return _epd_columns(None, row.expected_output.kgco2e)

    def is_failure(self, output: Any) -> str | None:
        return _finite_kg(output)

    def item_columns(
        self, row: Any, output: Any, prediction: Prediction, ctx: Context
    ) -> tuple[Columns, dict[str, Any]]:
        return _epd_columns(output.kgco2e, row.expected_output.kgco2e), {}


class CompositionalScorer(TaskScorer):
    metrics = _EPD_METRICS + (
        Metric("mass_violation_rate", _mean("mass_violation"), "mass_violation"),
        Metric("ghost_rate", _mean("ghost"), "ghost"),
        Metric("mean_mass_fraction_sum", _mean("mass_fraction_sum"), "mass_fraction_sum"),
        Metric("mean_depth", _mean("depth"), "depth"),
        Metric("stage_success", _mean("stage_success"), "stage_success"),
    )

    def failure_columns(
        self, row: Any, prediction: Prediction | None = None, ctx: Context | None = None
    ) -> Columns:
        # A failed product has no verified mass balance: it counts as violating both invariants.
        return {**_epd_columns(None, row.expected_output.kgco2e), "mass_violation": 1.0, "ghost": 1.0,
                "mass_fraction_sum": NAN, "depth": NAN,
                "stage_success": stages_succeeded(prediction.trace) if prediction else NAN}  # fmt: skip

    def is_failure(self, output: Any) -> str | None:
        return _finite_kg(output)

    def item_columns(
        self, row: Any, output: Any, prediction: Prediction, ctx: Context
    ) -> tuple[Columns, dict[str, Any]]:
        cols = _epd_columns(output.kgco2e, row.expected_output.kgco2e)
        rows = breakdown_rows(output.model_dump(), prediction.trace)
        if rows is None:
            st_cols = {"mass_violation": 1.0, "ghost": 0.0, "mass_fraction_sum": NAN, "depth": NAN}
        else:
            st = structure(rows, prediction.trace)
            st_cols = {"mass_violation": float(st.mass_violation), "ghost": float(st.ghost),
                       "mass_fraction_sum": st.mass_sum, "depth": st.depth}  # fmt: skip
        return {**cols, **st_cols, "stage_success": stages_succeeded(prediction.trace)}, {}


class DecompositionScorer(TaskScorer):
    metrics = tuple(
        Metric(name, _mean(name), name)
        for name in ("f1", "precision", "recall", "kendall_tau", "exact_set_match")
    )

    def failure_columns(
        self, row: Any, prediction: Prediction | None = None, ctx: Context | None = None
    ) -> Columns:
        return {"f1": 0.0, "precision": 0.0, "recall": 0.0, "kendall_tau": NAN, "exact_set_match": 0.0}

    def item_columns(
        self, row: Any, output: Any, prediction: Prediction, ctx: Context
    ) -> tuple[Columns, dict[str, Any]]:
        assert ctx.aligner is not None
        pred, exp = output.components, row.expected_output.components
        groups = ctx.aligner.align(pred, exp)
        cols = m.decomposition_scores(groups, len(pred), len(exp))
        details = {"groups": [{"predicted": list(g.predicted), "expected": list(g.expected)} for g in groups]}
        return cols, details


SCORERS: dict[TaskName, TaskScorer] = {
    "decomposition": DecompositionScorer(),
    "triage": TriageScorer(),
    "mapping": MappingScorer(),
    "extraction_material": ExtractionScorer(),
    "extraction_energy": ExtractionScorer(),
    "epd": EpdScorer(),
    "compositional": CompositionalScorer(),
}

# ================================================================= assembly


def _stratum_key(row: TaskRow[Any, Any, Any], field: str) -> str:
    value = getattr(row.metadata, field, None)
    if value is None and row.metadata.model_extra:
        value = row.metadata.model_extra.get(field)
    return "unknown" if value is None else str(value)


class _Reads(dict):  # type: ignore[type-arg]
    """A column mapping that records which columns an aggregator reads."""

    def __init__(self, data: Mapping[str, np.ndarray]):
        super().__init__(data)
        self.read: set[str] = set()

    def __getitem__(self, key: str) -> np.ndarray:
        self.read.add(key)
        return super().__getitem__(key)


def _columns_read(scorer: TaskScorer, columns: Mapping[str, np.ndarray]) -> dict[str, tuple[str, ...]]:
    """Per metric, the columns its aggregator reads (only those are resampled by the bootstrap)."""
    out = {}
    for metric in scorer.metrics:
        probe = _Reads({k: v[:1] for k, v in columns.items()})
        metric.aggregate(probe)
        out[metric.name] = tuple(sorted(probe.read))
    return out


def _estimate_all(
    scorer: TaskScorer,
    columns: Mapping[str, np.ndarray],
    *,
    reads: Mapping[str, tuple[str, ...]],
    seed_parts: Sequence[str],
    resamples: int,
) -> dict[str, MetricValue]:
    out: dict[str, MetricValue] = {}
    for metric in scorer.metrics:
        seed = m.derive_seed(*seed_parts, metric.name)
        used = {k: columns[k] for k in reads.get(metric.name, ()) if k in columns}
        est = m.bootstrap(metric.aggregate, used, seed=seed, resamples=resamples)
        n = int(np.isfinite(columns[metric.basis]).sum()) if metric.basis in columns else 0
        out[metric.name] = MetricValue.of(est).model_copy(update={"n": n})
    return out


def score(
    task: TaskName,
    rows: Sequence[TaskRow[Any, Any, Any]],
    predictions: Iterable[Prediction],
    *,
    exclude_failures: bool = False,
    aligner: Aligner | str | None = None,
    run_id: str = "",
    picklist: Iterable[str] | None = None,
    resamples: int = BOOTSTRAP_RESAMPLES,
) -> TaskScore:
    """Score ``predictions`` against the task ``rows``.

    ``aligner`` (decomposition only) is an :class:`Aligner` or a registered name (default ``offline``);
    ``picklist`` (mapping only) is the list of valid reference-product names for ``in_picklist``;
    ``run_id`` enters the bootstrap seeds (seed = hash of task, run, metric and stratum), so a rerun of the
    same run gives identical intervals. Unknown, duplicate and missing prediction ids are reported in
    ``warnings`` (missing items count as failures).
    """
    if task not in SCORERS:
        raise ValueError(f"unknown task {task!r}; expected one of {', '.join(TASKS)}")
    scorer = SCORERS[task]
    ctx = Context()
    if task == "decomposition":
        ctx.aligner = get_aligner(aligner or "offline") if not hasattr(aligner, "align") else aligner  # type: ignore[assignment]
    if picklist is not None:
        ctx.picklist = frozenset(m.normalise_name(p) for p in picklist)

    preds = list(predictions)
    alignment = align(preds, [r.id for r in rows])
    items: list[ItemScore] = []
    for row in rows:
        pred = alignment.by_id.get(row.id)
        error: str | None
        output: Any = None
        if pred is None:
            error = "no prediction"
        else:
            output, error = parse_output(task, pred.output)
            if output is None and pred.error:
                error = f"system error: {pred.error}"
            elif output is not None:
                error = scorer.is_failure(output)
                if error:
                    output = None
        if output is None:
            cols, details = scorer.failure_columns(row, pred, ctx), {}
        else:
            cols, details = scorer.item_columns(row, output, pred, ctx)
        items.append(
            ItemScore(
                id=row.id,
                category=row.category,
                failed=output is None,
                error=error if output is None else None,
                scores={k: _num(v) for k, v in cols.items()},
                details=details,
            )
        )

    scored = [(row, it) for row, it in zip(rows, items, strict=True) if not (exclude_failures and it.failed)]
    names = list(items[0].scores) if items else []

    def columns(subset: Sequence[tuple[TaskRow[Any, Any, Any], ItemScore]]) -> dict[str, np.ndarray]:
        return {
            k: np.array([NAN if it.scores[k] is None else it.scores[k] for _, it in subset], dtype=float)
            for k in names
        }

    run = run_id or ""
    all_columns = columns(scored)
    reads = _columns_read(scorer, all_columns) if names else {}
    metrics_out = _estimate_all(
        scorer, all_columns, reads=reads, seed_parts=(task, run, ""), resamples=resamples
    )
    strata: dict[str, dict[str, StratumScore]] = {}
    for field in scorer.strata_fields:
        keys = sorted(
            {_stratum_key(r, field) for r in rows}, key=lambda s: (len(s), s) if s.isdigit() else (0, s)
        )
        dim: dict[str, StratumScore] = {}
        for key in keys:
            subset = [(r, it) for r, it in scored if _stratum_key(r, field) == key]
            n_all = sum(1 for r in rows if _stratum_key(r, field) == key)
            n_failed = sum(
                1 for r, it in zip(rows, items, strict=True) if it.failed and _stratum_key(r, field) == key
            )
            dim[key] = StratumScore(
                n_items=n_all,
                n_failed=n_failed,
                metrics=_estimate_all(
                    scorer,
                    columns(subset),
                    reads=reads,
                    seed_parts=(task, run, f"{field}={key}"),
                    resamples=resamples,
                ),
            )
        strata[field] = dim

    totals: dict[str, float] = {}
    if task.startswith("extraction"):
        cols = columns(scored)
        totals = {k: float(np.nansum(cols[k])) for k in ("matched", "predicted", "truth", "tolerant_matched")}
    return TaskScore(
        task=task,
        run_id=run,
        n_items=len(rows),
        n_failed=sum(it.failed for it in items),
        exclude_failures=exclude_failures,
        aligner=getattr(ctx.aligner, "name", None),
        metrics=metrics_out,
        strata=strata,
        totals=totals,
        warnings=alignment.warnings(),
        items=items,
    )


def score_files(
    task: TaskName,
    data_dir: str,
    predictions_path: str,
    **kwargs: Any,
) -> TaskScore:
    """Read a PCFBench folder and a predictions file, then :func:`score` (mapping gets the folder's picklist)."""
    from openpcf.pcfbench.data import BenchmarkFolder
    from openpcf.pcfbench.predictions import read_predictions

    folder = BenchmarkFolder(data_dir)  # type: ignore[arg-type]
    rows = folder.rows(task)
    if task == "mapping" and "picklist" not in kwargs and folder.picklist_path().is_file():
        kwargs["picklist"] = [p.reference_product_name for p in folder.picklist()]
    read_warnings: list[str] = []
    predictions = read_predictions(predictions_path, warnings=read_warnings)
    result = score(task, rows, predictions, **kwargs)
    result.warnings[:0] = read_warnings
    return result

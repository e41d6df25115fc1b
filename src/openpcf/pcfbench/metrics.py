"""Pure metric functions of PCFBench (protocol §3). No I/O, no global state.

Two kinds of functions live here:

* **per-item** functions (claim matching, relative error, decomposition P/R/F1 from match groups, …)
  that turn one item's prediction and ground truth into numbers;
* **aggregators** that reduce per-item columns to a task metric. Every aggregator reduces over the *last
  axis*, so the same function computes the point estimate from ``(n,)`` columns and all bootstrap
  replicates at once from ``(B, n)`` columns. ``NaN`` in a column means "this item does not enter this
  metric" (e.g. no confidence reported, no prediction to take a relative error of).
"""

from __future__ import annotations

import hashlib
import math
import warnings
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np

from openpcf.pcfbench.claim_units import canonical_unit, resolve_predicted_unit

Columns = Mapping[str, np.ndarray]
Aggregator = Callable[[Columns], "np.ndarray | float"]

# ================================================================= aggregators (last axis = items)


def _quiet(fn: Callable[[], np.ndarray]) -> np.ndarray:
    """Run a reduction where empty/all-NaN slices legitimately give NaN (no warning noise)."""
    with np.errstate(invalid="ignore", divide="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        return fn()


def item_mean(x: np.ndarray) -> np.ndarray:
    """Mean over items ignoring NaN (items outside the metric); NaN when no item enters."""
    return _quiet(lambda: np.nanmean(x, axis=-1))


def item_median(x: np.ndarray) -> np.ndarray:
    """Median over items ignoring NaN; NaN when no item enters (sort-based: fast on (B, n) replicates)."""
    arr = np.sort(np.asarray(x, dtype=float), axis=-1)  # NaN sorts last
    k = np.sum(np.isfinite(arr), axis=-1)
    lo = np.clip((k - 1) // 2, 0, None)
    hi = np.clip(k // 2, 0, None)
    if arr.shape[-1] == 0:
        return np.full(arr.shape[:-1], np.nan)
    lo_v = np.take_along_axis(arr, np.expand_dims(lo, -1), axis=-1)[..., 0]
    hi_v = np.take_along_axis(arr, np.expand_dims(np.minimum(hi, arr.shape[-1] - 1), -1), axis=-1)[..., 0]
    return np.where(k > 0, (lo_v + hi_v) / 2, np.nan)


def ratio_of_sums(num: np.ndarray, den: np.ndarray) -> np.ndarray:
    """Σ num / Σ den over items (NaN when Σ den = 0): pooled precision or recall."""
    n, d = np.sum(num, axis=-1), np.sum(den, axis=-1)
    return _quiet(lambda: np.where(d > 0, n / np.where(d > 0, d, 1), np.nan))


def pooled_f1(matched: np.ndarray, predicted: np.ndarray, truth: np.ndarray) -> np.ndarray:
    """Pooled F1 = 2 Σ matched / (Σ predicted + Σ truth), i.e. 2PR/(P+R) of the pooled P and R.

    Worked example: matched 25, predicted 157, truth 30 → 50/187 = 0.2674. Defined (= 0) even when no
    claim was predicted; NaN only when there is neither a prediction nor a ground-truth claim.
    """
    m = np.sum(matched, axis=-1)
    d = np.sum(predicted, axis=-1) + np.sum(truth, axis=-1)
    return _quiet(lambda: np.where(d > 0, 2 * m / np.where(d > 0, d, 1), np.nan))


def binary_f1(tp: np.ndarray, fp: np.ndarray, fn: np.ndarray) -> np.ndarray:
    """F1 of a binary decision from per-item TP/FP/FN indicators: 2TP / (2TP + FP + FN)."""
    t, f_p, f_n = (np.sum(a, axis=-1) for a in (tp, fp, fn))
    d = 2 * t + f_p + f_n
    return _quiet(lambda: np.where(d > 0, 2 * t / np.where(d > 0, d, 1), np.nan))


def expected_calibration_error(confidence: np.ndarray, correct: np.ndarray, bins: int = 10) -> np.ndarray:
    """ECE with ``bins`` equal-width bins [k/bins, (k+1)/bins), confidence 1.0 in the last bin.

    ECE = Σ_k |B_k|/n · |mean confidence in B_k − accuracy in B_k| = Σ_k |Σ conf − Σ correct| / n over the
    items with a confidence (NaN confidence = not reported). Example: confidences (0.9, 0.9, 0.2) with
    correctness (1, 0, 0): bin 9 → |1.8 − 1|, bin 2 → |0.2 − 0| → (0.8 + 0.2)/3 = 0.3333.
    """
    conf = np.asarray(confidence, dtype=float)
    corr = np.broadcast_to(np.asarray(correct, dtype=float), conf.shape)
    valid = np.isfinite(conf)
    c = np.where(valid, np.clip(conf, 0.0, 1.0), 0.0)
    y = np.where(valid, corr, 0.0)
    b = np.minimum(np.floor(c * bins), bins - 1).astype(np.int64)
    lead = conf.shape[:-1]
    rows = int(np.prod(lead)) if lead else 1
    # One bincount over (row, bin) pairs: per-row per-bin sums of confidence and of correctness.
    flat = (np.arange(rows).reshape(*lead, 1) * bins + b).ravel() if lead else b.ravel()
    w = valid.ravel()
    sum_c = np.bincount(flat, weights=np.where(w, c.ravel(), 0.0), minlength=rows * bins).reshape(rows, bins)
    sum_y = np.bincount(flat, weights=np.where(w, y.ravel(), 0.0), minlength=rows * bins).reshape(rows, bins)
    total = np.abs(sum_c - sum_y).sum(axis=-1).reshape(lead) if lead else np.abs(sum_c - sum_y).sum()
    n = np.sum(valid, axis=-1)
    return _quiet(lambda: np.where(n > 0, total / np.where(n > 0, n, 1), np.nan))


def brier_score(confidence: np.ndarray, correct: np.ndarray) -> np.ndarray:
    """Brier score of the reported confidence in the submitted answer: mean (confidence − correct)².

    Items without a confidence (NaN) are left out. Example: (0.9 → 1, 0.9 → 0, 0.2 → 0) →
    (0.01 + 0.81 + 0.04)/3 = 0.2867.
    """
    conf = np.asarray(confidence, dtype=float)
    return item_mean(np.where(np.isfinite(conf), (np.clip(conf, 0.0, 1.0) - correct) ** 2, np.nan))


# ================================================================= T2/T3 per-item helpers


def normalise_name(text: str) -> str:
    """Lower-case and trim: the comparison key of exact match (protocol T3)."""
    # The scorer's own normaliser, on purpose: not openpcf.vocabulary.names.normalise_name (the systems'
    # rules). A system must not grade itself with its own rules; keep the two apart.
    return text.strip().lower()


def exact_match(prediction: str, options: Sequence[str]) -> bool:
    """True when the prediction equals any option after lower-casing and trimming (options unordered)."""
    key = normalise_name(prediction)
    return any(key == normalise_name(o) for o in options)


def contains_substring(prediction: str, substring: str) -> bool:
    """Case-insensitive substring test used by relevant-/banned-substring metrics."""
    return substring.strip().lower() in prediction.lower()


# ================================================================= T4/T5 claims


@dataclass(frozen=True)
class ClaimMatch:
    """Strict matching result of one item's claims.

    ``best_abs_relative_errors`` holds, per ground-truth claim, the smallest |RE| among predicted claims
    with the same canonical unit (NaN when there is none, or the truth value is 0).
    """

    matched: int
    predicted: int
    truth: int
    unit_correct: int
    best_abs_relative_errors: tuple[float, ...] = field(default_factory=tuple)


def _claim_value(value: float | None, scale: float) -> float | None:
    if value is None:
        return None
    v = float(value) * scale
    return round(v, 6) if math.isfinite(v) else None


def match_claims(
    predicted: Sequence[tuple[float | None, str]], truth: Sequence[tuple[float, str]]
) -> ClaimMatch:
    """Strict multiset claim matching (protocol T4/T5).

    A predicted claim matches a ground-truth claim iff ``(round(scaled value, 6), canonical unit)`` are
    equal; each side matches at most once, so ``matched = Σ_key min(#pred[key], #truth[key])``. The predicted
    unit is resolved against the item's truth units (:func:`resolve_predicted_unit`). Non-finite values never
    match but still count as predicted.
    """
    truth_canon = [(*canonical_unit(u), v) for v, u in truth]
    truth_units = {c for c, _, _ in truth_canon}
    truth_keys: Counter[tuple[float, str]] = Counter()
    for canon, scale, value in truth_canon:
        v = _claim_value(value, scale)
        if v is not None:
            truth_keys[(v, canon)] += 1
    pred_keys: Counter[tuple[float, str]] = Counter()
    pred_scaled: list[tuple[str, float]] = []
    unit_ok = 0
    for value, unit in predicted:
        canon, scale = resolve_predicted_unit(unit, truth_units)
        unit_ok += canon in truth_units
        v = _claim_value(value, scale)
        if v is not None:
            pred_keys[(v, canon)] += 1
            pred_scaled.append((canon, float(value) * scale))  # type: ignore[arg-type]
    matched = sum(min(c, truth_keys[k]) for k, c in pred_keys.items())
    best: list[float] = []
    for canon, scale, value in truth_canon:
        g = float(value) * scale
        errors = [abs(p - g) / abs(g) for c, p in pred_scaled if c == canon and g != 0 and math.isfinite(g)]
        best.append(min(errors) if errors else math.nan)
    return ClaimMatch(matched, len(predicted), len(truth), unit_ok, tuple(best))


# Canonical claim units the tolerant variant converts between: (dimension, factor to the dimension's base).
# Mass fractions in kg/kg, energy intensities in MJ/kg (1 kWh = 3.6 MJ; 1 Btu/lb = 2.326 kJ/kg).
TOLERANT_UNITS: dict[str, tuple[str, float]] = {
    "percent": ("mass fraction", 0.01),
    "kg/kg": ("mass fraction", 1.0),
    "mj/kg": ("energy per mass", 1.0),
    "kwh/kg": ("energy per mass", 3.6),
    "btu/lb": ("energy per mass", 0.002326),
}


def _convert_tolerant(value: float, unit: str, to_unit: str) -> float | None:
    """``value`` in canonical claim unit ``unit`` expressed in ``to_unit``; None when not convertible."""
    if unit == to_unit:
        return value
    a, b = TOLERANT_UNITS.get(unit), TOLERANT_UNITS.get(to_unit)
    if a is None or b is None or a[0] != b[0]:
        return None
    return value * a[1] / b[1]


def _tolerant_quantity(value: float | None, unit: str, truth_units: set[str]) -> tuple[float, str]:
    canon, scale = resolve_predicted_unit(unit, truth_units)
    return (math.nan if value is None else float(value) * scale), canon


def match_claims_tolerant(
    predicted: Sequence[tuple[float | None, str]],
    truth: Sequence[tuple[float, str]],
    rel_tol: float = 0.01,
) -> int:
    """Tolerant claim matching — a diagnostic beside the strict metric, never instead of it.

    A predicted claim matches a truth claim when, after converting the predicted value into the truth's
    unit (same canonical unit, or a dimensional conversion between mass fractions/energy intensities such
    as 3.6 MJ/kg ↔ 1 kWh/kg or 0.5 kg/kg ↔ 50 %), ``|p − g| ≤ rel_tol · |g|``. Each side matches at most
    once; pairs are taken greedily in increasing relative error (deterministic).
    """
    truth_c = [(float(v) * s, c) for v, u in truth for c, s in [canonical_unit(u)]]
    truth_units = {c for _, c in truth_c}
    pred_c = [_tolerant_quantity(v, u, truth_units) for v, u in predicted]
    pairs: list[tuple[float, int, int]] = []
    for i, (p, pu) in enumerate(pred_c):
        for j, (g, gu) in enumerate(truth_c):
            p_conv = _convert_tolerant(p, pu, gu)
            if p_conv is None or not (math.isfinite(p_conv) and math.isfinite(g)):
                continue
            err = abs(p_conv - g) / abs(g) if g != 0 else (0.0 if p_conv == 0 else math.inf)
            if err <= rel_tol:
                pairs.append((err, i, j))
    used_p: set[int] = set()
    used_g: set[int] = set()
    for _, i, j in sorted(pairs):
        if i not in used_p and j not in used_g:
            used_p.add(i)
            used_g.add(j)
    return len(used_p)


# ================================================================= T7 / compositional per item


def relative_error(predicted: float, truth: float) -> float:
    """RE = (ŷ − y)/y (positive = over-estimation); NaN when either is missing/non-finite or y = 0."""
    if predicted is None or not math.isfinite(predicted) or not math.isfinite(truth) or truth == 0:
        return math.nan
    return (predicted - truth) / truth


def within_factor(predicted: float | None, truth: float, factor: float) -> bool:
    """1/factor ≤ ŷ/y ≤ factor, inclusive at both edges; a missing, zero or negative ŷ is outside."""
    if predicted is None or not math.isfinite(predicted) or predicted <= 0 or truth <= 0:
        return False
    ratio = predicted / truth
    return 1.0 / factor <= ratio <= factor


def abs_log10_ratio(predicted: float | None, truth: float) -> float:
    """|log10(ŷ/y)|, NaN unless both are positive and finite."""
    if predicted is None or not math.isfinite(predicted) or predicted <= 0 or truth <= 0:
        return math.nan
    return abs(math.log10(predicted / truth))


# ================================================================= T1 decomposition


def kendall_tau_a(x: Sequence[float], y: Sequence[float]) -> float:
    """Kendall τ-a = (concordant − discordant) / (n(n−1)/2); ties count as neither. NaN when n < 2."""
    n = len(x)
    if n < 2:
        return math.nan
    s = 0
    for i in range(n):
        for j in range(i + 1, n):
            d = (x[i] - x[j]) * (y[i] - y[j])
            s += (d > 0) - (d < 0)
    return s / (n * (n - 1) / 2)


def decomposition_scores(
    groups: Sequence[tuple[Sequence[int], Sequence[int]]], n_predicted: int, n_expected: int
) -> dict[str, float]:
    """Per-item T1 scores from match groups ``(predicted indices, expected indices)``.

    precision = predicted indices in any group / #predicted; recall = expected indices in any group /
    #expected; F1 = 2PR/(P+R) (0 when P+R = 0); Kendall τ-a over groups ranked by the mean of their indices
    on each side (NaN with fewer than 2 groups); exact-set = every index on both sides is grouped.
    Example: 7 predicted, 5 expected, 4 + 4 grouped → P 0.5714, R 0.8, F1 0.6667.
    """
    pred_in = {i for g in groups for i in g[0]}
    exp_in = {j for g in groups for j in g[1]}
    p = len(pred_in) / n_predicted if n_predicted else 0.0
    r = len(exp_in) / n_expected if n_expected else 0.0
    f1 = 2 * p * r / (p + r) if p + r > 0 else 0.0
    usable = [g for g in groups if g[0] and g[1]]
    tau = kendall_tau_a([sum(g[0]) / len(g[0]) for g in usable], [sum(g[1]) / len(g[1]) for g in usable])
    exact = float(len(pred_in) == n_predicted and len(exp_in) == n_expected and n_expected > 0)
    return {"precision": p, "recall": r, "f1": f1, "kendall_tau": tau, "exact_set_match": exact}


# ================================================================= bootstrap


def derive_seed(*parts: str) -> int:
    """A 63-bit seed from text parts (task, run, metric, stratum): stable across processes and platforms."""
    digest = hashlib.sha256("\x1f".join(parts).encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big") >> 1


@dataclass(frozen=True)
class Estimate:
    """A metric value with its bootstrap standard error and 95% percentile interval."""

    value: float
    se: float
    ci: tuple[float, float]
    n: int


def _identical_items(x: np.ndarray) -> bool:
    first = x[0]
    return bool(np.all(np.isnan(x))) if math.isnan(first) else bool(np.all(x == first))


def bootstrap(statistic: Aggregator, columns: Columns, *, seed: int, resamples: int = 1000) -> Estimate:
    """Point estimate plus item-level bootstrap SE and 95% percentile CI of ``statistic``.

    ``columns`` are per-item arrays of equal length n; each of the ``resamples`` replicates draws n items
    with replacement (all columns resampled together, so pooled statistics are recomputed from resampled
    sums). Replicates where the statistic is undefined (NaN) are left out of SE and CI.
    """
    arrays = {k: np.asarray(v, dtype=float) for k, v in columns.items()}
    n = len(next(iter(arrays.values()))) if arrays else 0
    value = float(statistic(arrays)) if n else math.nan
    if n == 0 or resamples <= 0 or not math.isfinite(value):
        return Estimate(value, math.nan, (math.nan, math.nan), n)
    if all(_identical_items(v) for v in arrays.values()):
        # Every resample of identical items is the sample itself: no sampling variability.
        return Estimate(value, 0.0, (value, value), n)
    rng = np.random.default_rng(seed)
    idx = rng.integers(0, n, size=(resamples, n))
    replicates = np.asarray(statistic({k: v[idx] for k, v in arrays.items()}), dtype=float)
    replicates = replicates[np.isfinite(replicates)]
    if replicates.size < 2:
        return Estimate(value, math.nan, (math.nan, math.nan), n)
    lo, hi = np.percentile(replicates, [2.5, 97.5])
    return Estimate(value, float(np.std(replicates, ddof=1)), (float(lo), float(hi)), n)

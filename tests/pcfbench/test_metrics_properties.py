"""Property tests (hypothesis) for invariants of the PCFBench metrics."""

from __future__ import annotations

import math

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from openpcf.pcfbench import metrics as m

counts = st.lists(st.tuples(st.integers(0, 20), st.integers(0, 20), st.integers(0, 20)), min_size=1, max_size=30)


@given(counts)
def test_pooled_f1_between_zero_and_one(rows):
    # matched ≤ min(predicted, truth) on every item, as matching guarantees.
    matched = np.array([min(a, b, c) for a, b, c in rows], dtype=float)
    pred = np.array([b for _, b, _ in rows], dtype=float)
    truth = np.array([c for _, _, c in rows], dtype=float)
    f1 = float(m.pooled_f1(matched, pred, truth))
    assert math.isnan(f1) or 0.0 <= f1 <= 1.0


units = st.sampled_from(["%", "wt%", "g/kg", "kg/kg", "MJ/kg", "kWh/kg", "kWh/tonne", "GJ/t", "h", "kg CO₂-eq./kg"])
claims = st.lists(st.tuples(st.sampled_from([0.0, 0.5, 1.0, 2.5, 35.0, 420.0, math.nan]), units), max_size=8)


@given(claims, claims)
def test_claim_matching_bounds(pred, truth):
    truth = [(v, u) for v, u in truth if not math.isnan(v)]
    res = m.match_claims(pred, truth)
    assert 0 <= res.matched <= min(res.predicted, res.truth)
    assert 0 <= res.unit_correct <= res.predicted
    assert m.match_claims_tolerant(pred, truth) <= min(len(pred), len(truth))
    f1 = float(m.pooled_f1(np.array([res.matched]), np.array([res.predicted]), np.array([res.truth])))
    assert math.isnan(f1) or 0.0 <= f1 <= 1.0


@st.composite
def grouped(draw):
    n_pred, n_exp = draw(st.integers(0, 8)), draw(st.integers(1, 8))
    free_p, free_e = list(range(n_pred)), list(range(n_exp))
    groups = []
    while free_p and free_e and draw(st.booleans()):
        k = draw(st.integers(1, len(free_p)))
        j = draw(st.integers(1, len(free_e)))
        groups.append((tuple(free_p[:k]), tuple(free_e[:j])))
        free_p, free_e = free_p[k:], free_e[j:]
    return groups, n_pred, n_exp


@given(grouped())
def test_decomposition_scores_bounds(case):
    groups, n_pred, n_exp = case
    s = m.decomposition_scores(groups, n_pred, n_exp)
    for key in ("precision", "recall", "f1", "exact_set_match"):
        assert 0.0 <= s[key] <= 1.0
    assert math.isnan(s["kendall_tau"]) or -1.0 <= s["kendall_tau"] <= 1.0


@given(st.lists(st.tuples(st.floats(0, 1), st.booleans()), min_size=1, max_size=50))
def test_ece_and_brier_between_zero_and_one(rows):
    conf = np.array([c for c, _ in rows])
    corr = np.array([float(y) for _, y in rows])
    assert 0.0 <= float(m.expected_calibration_error(conf, corr)) <= 1.0
    assert 0.0 <= float(m.brier_score(conf, corr)) <= 1.0


@settings(max_examples=25, deadline=None)
@given(st.lists(st.floats(-10, 10), min_size=2, max_size=40), st.integers(0, 2**32))
def test_bootstrap_is_reproducible_with_the_same_seed(values, seed):
    cols = {"x": np.array(values)}
    a = m.bootstrap(lambda c: m.item_mean(c["x"]), cols, seed=seed, resamples=200)
    b = m.bootstrap(lambda c: m.item_mean(c["x"]), cols, seed=seed, resamples=200)
    assert a == b
    assert a.ci[0] <= a.ci[1]
    assert min(values) - 1e-9 <= a.ci[0] and a.ci[1] <= max(values) + 1e-9


names = st.sampled_from(
    ["aluminium scrap", "primary aluminium", "alloying elements", "silicon", "water", "packaging", "cardboard box",
     "HDPE", "polyethylene", "salt", "citric acid", "sulfuric acid", "orange juice", "fruit concentrate", "milk",
     "iron", "steel", "Additives (e.g. talc)", "", "???"]
)  # fmt: skip


@settings(max_examples=60, deadline=None)
@given(st.lists(names, max_size=8), st.lists(names, max_size=8))
def test_offline_aligner_groups_are_valid_and_deterministic(pred, exp):
    from openpcf.pcfbench.component_matching import OfflineAligner

    groups = OfflineAligner().align(pred, exp)
    assert groups == OfflineAligner().align(pred, exp)
    seen_p = [i for g in groups for i in g.predicted]
    seen_e = [j for g in groups for j in g.expected]
    assert len(seen_p) == len(set(seen_p)) and len(seen_e) == len(set(seen_e))
    assert all(0 <= i < len(pred) for i in seen_p) and all(0 <= j < len(exp) for j in seen_e)
    assert all(g.predicted and g.expected for g in groups)
    s = m.decomposition_scores(groups, len(pred), len(exp))
    assert 0.0 <= s["f1"] <= 1.0

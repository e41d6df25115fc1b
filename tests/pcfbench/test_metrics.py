"""Worked numbers for every PCFBench metric function (openpcf.pcfbench.metrics, claim_units)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from openpcf.pcfbench import metrics as m
from openpcf.pcfbench.claim_units import canonical_unit, resolve_predicted_unit, unit_candidates, unit_key

NAN = math.nan

# ----------------------------------------------------------------- aggregators


def test_item_mean_ignores_nan_and_is_nan_when_empty():
    assert m.item_mean(np.array([1.0, 0.0, NAN, 1.0])) == pytest.approx(2 / 3)
    assert math.isnan(float(m.item_mean(np.array([NAN, NAN]))))


def test_item_median_over_items_with_a_value():
    assert m.item_median(np.array([0.5, NAN, 1.0, 1.0])) == 1.0
    assert m.item_median(np.array([0.2, 0.4])) == pytest.approx(0.3)


def test_pooled_f1_reference_example_and_edges():
    # 25 matched of 157 predicted against 30 ground-truth claims: 2·25 / (157 + 30) = 0.26738.
    assert m.pooled_f1(np.array([25.0]), np.array([157.0]), np.array([30.0])) == pytest.approx(0.267379, abs=1e-6)
    # Pooled, not averaged: items (1 of 1, truth 1) and (0 of 3, truth 4) → 2·1/(4+5) = 0.2222.
    assert m.pooled_f1(np.array([1.0, 0.0]), np.array([1.0, 3.0]), np.array([1.0, 4.0])) == pytest.approx(2 / 9)
    # Nothing predicted: F1 = 0 (recall 0); nothing anywhere: undefined.
    assert m.pooled_f1(np.array([0.0]), np.array([0.0]), np.array([3.0])) == 0.0
    assert math.isnan(float(m.pooled_f1(np.array([0.0]), np.array([0.0]), np.array([0.0]))))


def test_ratio_of_sums_is_nan_without_denominator():
    assert m.ratio_of_sums(np.array([1.0, 2.0]), np.array([4.0, 4.0])) == pytest.approx(3 / 8)
    assert math.isnan(float(m.ratio_of_sums(np.array([0.0]), np.array([0.0]))))


def test_binary_f1_from_counts():
    # TP 2, FP 1, FN 1 → 4 / (4 + 1 + 1) = 0.6667
    tp, fp, fn = np.array([1, 1, 0, 0.0]), np.array([0, 0, 1, 0.0]), np.array([0, 0, 0, 1.0])
    assert m.binary_f1(tp, fp, fn) == pytest.approx(2 / 3)


def test_ece_worked_example_and_last_bin():
    # (0.9 → right, 0.9 → wrong, 0.2 → wrong): bin 9 |1.8 − 1| + bin 2 |0.2 − 0| = 1.0 → 1/3.
    assert m.expected_calibration_error(np.array([0.9, 0.9, 0.2]), np.array([1.0, 0.0, 0.0])) == pytest.approx(1 / 3)
    # Confidence 1.0 sits in the last bin with 0.95: |1.95 − 2| / 2 = 0.025.
    assert m.expected_calibration_error(np.array([1.0, 0.95]), np.array([1.0, 1.0])) == pytest.approx(0.025)
    # Items without a confidence are left out; none at all → undefined.
    assert m.expected_calibration_error(np.array([0.7, NAN]), np.array([1.0, 0.0])) == pytest.approx(0.3)
    assert math.isnan(float(m.expected_calibration_error(np.array([NAN]), np.array([1.0]))))


def test_brier_worked_example():
    assert m.brier_score(np.array([0.9, 0.9, 0.2, NAN]), np.array([1.0, 0.0, 0.0, 1.0])) == pytest.approx(0.86 / 3)


def test_aggregators_reduce_the_last_axis_for_bootstrap_replicates():
    x = np.array([[1.0, 0.0, 1.0], [0.0, 0.0, NAN]])
    assert m.item_mean(x).tolist() == pytest.approx([2 / 3, 0.0])
    conf = np.array([[0.9, 0.9, 0.2], [0.9, 0.9, 0.9]])
    corr = np.array([[1.0, 0.0, 0.0], [1.0, 1.0, 1.0]])
    assert m.expected_calibration_error(conf, corr).tolist() == pytest.approx([1 / 3, 0.1])


# ----------------------------------------------------------------- T3 names


def test_exact_match_is_case_and_space_insensitive_and_any_option():
    assert m.exact_match("  Glass Cullet, sorted ", ["tap water", "glass cullet, sorted"])
    assert not m.exact_match("glass cullet", ["glass cullet, sorted"])
    assert m.contains_substring("market for Sodium Hydroxide", "sodium hydroxide")


# ----------------------------------------------------------------- T4/T5 units


@pytest.mark.parametrize(
    ("unit", "key"),
    [
        ("kg CO₂-eq./kg", "kgco2eq/kg"),
        ("kg CO2 eq per kg", "kgco2eq/kg"),
        ("kW.hr/kg", "kwhr/kg"),
        ("m²", "m2"),
        ("kg·m⁻³", "kg/m3"),
        (" Mass % ", "mass%"),
    ],
)
def test_unit_key_canonicalisation_steps(unit, key):
    assert unit_key(unit) == key


@pytest.mark.parametrize(
    ("unit", "canonical"),
    [
        ("kg CO₂-eq./kg", ("kgco2e/kg", 1.0)),
        ("wt%", ("percent", 1.0)),
        ("percent reduction", ("percent", 1.0)),
        ("g/kg", ("kg/kg", 0.001)),
        ("GJ/t", ("mj/kg", 1.0)),
        ("kW.hr/kg", ("kwh/kg", 1.0)),
        ("kWh/tonne", ("kwh/kg", 0.001)),
        ("t CO2e/t", ("kgco2e/kg", 1.0)),
        ("kg CO2e/tonne", ("kgco2e/kg", 0.001)),
        ("°C", ("°c", 1.0)),  # unknown: passes through with scale 1
    ],
)
def test_alias_table(unit, canonical):
    assert canonical_unit(unit) == canonical


def test_predicted_unit_candidates_in_protocol_order():
    assert unit_candidates("MJ/kg, net (LHV) yarn") == ["MJ/kg, net (LHV) yarn", "MJ/kg", "MJ/kg, net ", "MJ/kg,"]
    # The first candidate whose canonical unit is among the truth units wins …
    assert resolve_predicted_unit("MJ/kg cotton yarn", {"mj/kg"}) == ("mj/kg", 1.0)
    assert resolve_predicted_unit("kWh per kg (electricity)", {"kwh/kg"}) == ("kwh/kg", 1.0)
    # … else the raw unit's canonicalisation.
    assert resolve_predicted_unit("MJ/kg cotton yarn", {"kwh/kg"}) == ("mj/kgcottonyarn", 1.0)


def test_match_claims_scaled_values_rounded_to_six_decimals():
    truth = [(355.0, "kWh/ton"), (0.053, "GJ/t")]
    pred = [(0.355, "kWh/kg"), (0.0530000004, "MJ/kg"), (1.0, "kWh/kg")]
    res = m.match_claims(pred, truth)
    assert (res.matched, res.predicted, res.truth, res.unit_correct) == (2, 3, 2, 3)


def test_match_claims_is_a_multiset_duplicates_match_once():
    truth = [(5.0, "%"), (5.0, "%"), (7.0, "%")]
    pred = [(5.0, "percent"), (5.0, "wt%"), (5.0, "%"), (7.0, "mass%")]
    assert m.match_claims(pred, truth).matched == 3
    assert m.match_claims([(5.0, "%")] * 3, [(5.0, "%")]).matched == 1


def test_match_claims_nan_and_null_values_count_but_never_match():
    res = m.match_claims([(NAN, "%"), (None, "%"), (2.0, "%")], [(2.0, "%")])
    assert (res.matched, res.predicted) == (1, 3)


def test_match_claims_unicode_unit_matches_alias():
    res = m.match_claims([(1.2, "kg CO₂-eq./kg")], [(1200.0, "kg CO2e/tonne")])
    assert res.matched == 1


def test_best_abs_relative_error_per_truth_claim():
    res = m.match_claims([(10.0, "%"), (13.0, "%"), (1.0, "kg/kg")], [(12.0, "%"), (4.0, "h")])
    assert res.best_abs_relative_errors[0] == pytest.approx(1 / 12)  # 13 vs 12 beats 10 vs 12
    assert math.isnan(res.best_abs_relative_errors[1])  # no predicted claim in hours


def test_tolerant_matching_converts_units_and_allows_relative_tolerance():
    # 1.25 kWh/kg = 4.5 MJ/kg; 0.5 kg/kg = 50 %; 100.5 within 1% of 100.
    assert m.match_claims_tolerant([(1.25, "kWh/kg")], [(4.5, "MJ/kg")]) == 1
    assert m.match_claims_tolerant([(0.5, "kg/kg")], [(50.0, "%")]) == 1
    assert m.match_claims_tolerant([(100.5, "%")], [(100.0, "%")]) == 1
    assert m.match_claims_tolerant([(102.0, "%")], [(100.0, "%")]) == 0
    assert m.match_claims_tolerant([(1.0, "kWh/kg")], [(1.0, "kg/kg")]) == 0  # different dimensions
    # Strict matching does not convert:
    assert m.match_claims([(1.25, "kWh/kg")], [(4.5, "MJ/kg")]).matched == 0


# ----------------------------------------------------------------- T7


@pytest.mark.parametrize(
    ("pred", "truth", "in2", "in5"),
    [
        (2.0, 1.0, True, True),  # exactly 2× sits inside (inclusive)
        (0.5, 1.0, True, True),
        (2.0000001, 1.0, False, True),
        (5.0, 1.0, False, True),
        (0.2, 1.0, False, True),
        (0.0, 1.0, False, False),  # zero is outside every band
        (-1.0, 1.0, False, False),  # negative too
        (None, 1.0, False, False),  # missing
        (NAN, 1.0, False, False),
    ],
)
def test_within_factor_bands(pred, truth, in2, in5):
    assert m.within_factor(pred, truth, 2.0) is in2
    assert m.within_factor(pred, truth, 5.0) is in5


def test_relative_error_and_log_ratio():
    assert m.relative_error(3.0, 2.0) == pytest.approx(0.5)
    assert m.relative_error(0.0, 2.0) == -1.0  # zero prediction: a real (bad) relative error
    assert m.relative_error(-1.0, 2.0) == -1.5
    assert math.isnan(m.relative_error(NAN, 2.0))
    assert m.abs_log10_ratio(0.1, 1.0) == pytest.approx(1.0)
    assert math.isnan(m.abs_log10_ratio(0.0, 1.0))
    assert math.isnan(m.abs_log10_ratio(-2.0, 1.0))


# ----------------------------------------------------------------- T1


def test_kendall_tau_a():
    assert m.kendall_tau_a([0, 1, 2], [0, 1, 2]) == 1.0
    assert m.kendall_tau_a([0, 1, 2], [2, 1, 0]) == -1.0
    assert m.kendall_tau_a([0, 1, 2], [0, 2, 1]) == pytest.approx(1 / 3)
    assert m.kendall_tau_a([0, 1], [1, 1]) == 0.0  # tie: neither concordant nor discordant
    assert math.isnan(m.kendall_tau_a([0], [0]))


def test_decomposition_scores_worked_example():
    # 7 predicted, 5 expected; groups cover predicted {0,1,2,3}, expected {0,1,2,4} → P 4/7, R 4/5.
    groups = [((0,), (0,)), ((1, 2), (1,)), ((3,), (2, 4))]
    s = m.decomposition_scores(groups, 7, 5)
    assert s["precision"] == pytest.approx(4 / 7)
    assert s["recall"] == pytest.approx(0.8)
    assert s["f1"] == pytest.approx(2 * (4 / 7) * 0.8 / (4 / 7 + 0.8))
    # group ranks: pred (0, 1.5, 3), expected (0, 1, 3) → all concordant.
    assert s["kendall_tau"] == 1.0
    assert s["exact_set_match"] == 0.0


def test_decomposition_scores_exact_set_and_empty():
    s = m.decomposition_scores([((0,), (1,)), ((1,), (0,))], 2, 2)
    assert (s["f1"], s["exact_set_match"], s["kendall_tau"]) == (1.0, 1.0, -1.0)
    s = m.decomposition_scores([], 0, 3)
    assert (s["precision"], s["recall"], s["f1"], s["exact_set_match"]) == (0.0, 0.0, 0.0, 0.0)
    assert math.isnan(s["kendall_tau"])


# ----------------------------------------------------------------- bootstrap


def test_derive_seed_is_stable_and_distinguishes_parts():
    assert m.derive_seed("epd", "run", "within_2x") == m.derive_seed("epd", "run", "within_2x")
    assert m.derive_seed("epd", "run", "within_2x") != m.derive_seed("epd", "run", "within_5x")
    assert m.derive_seed("a", "bc") != m.derive_seed("ab", "c")
    assert 0 <= m.derive_seed("x") < 2**63


def test_bootstrap_constant_column_has_zero_se():
    est = m.bootstrap(lambda c: m.item_mean(c["x"]), {"x": np.ones(10)}, seed=1)
    assert (est.value, est.se, est.ci, est.n) == (1.0, 0.0, (1.0, 1.0), 10)


def test_bootstrap_se_of_a_mean_is_close_to_the_analytic_value():
    x = np.array([0.0, 1.0] * 50)  # p = 0.5, n = 100 → SE ≈ sqrt(0.25/100) = 0.05
    est = m.bootstrap(lambda c: m.item_mean(c["x"]), {"x": x}, seed=7)
    assert est.value == 0.5
    assert est.se == pytest.approx(0.05, abs=0.005)
    assert est.ci[0] < 0.5 < est.ci[1]


def test_bootstrap_recomputes_pooled_f1_from_resampled_sums():
    cols = {"m": np.array([1.0, 0.0]), "p": np.array([1.0, 9.0]), "g": np.array([1.0, 1.0])}
    est = m.bootstrap(lambda c: m.pooled_f1(c["m"], c["p"], c["g"]), cols, seed=3, resamples=2000)
    # Replicates can only be: both item 1 → 1.0; both item 2 → 0.0; one of each → 2/12.
    assert est.value == pytest.approx(2 / 12)
    assert est.ci == (0.0, 1.0)


def test_bootstrap_of_nothing_is_undefined():
    est = m.bootstrap(lambda c: m.item_mean(c["x"]), {"x": np.array([])}, seed=1)
    assert math.isnan(est.value) and math.isnan(est.se) and est.n == 0


def test_item_median_matches_numpy_on_replicates():
    rng = np.random.default_rng(0)
    x = rng.normal(size=(50, 7))
    x[rng.random((50, 7)) < 0.3] = NAN
    x[0] = NAN  # a replicate where no item enters
    ours = m.item_median(x)
    assert math.isnan(ours[0])
    with np.errstate(all="ignore"):
        import warnings

        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            want = np.nanmedian(x[1:], axis=-1)
    assert np.allclose(ours[1:], want, equal_nan=True)

"""scripts/fit_offline_calibration.py on the tiny PCFBench fixture: a refit writes the same bytes, and the
file says what it was fitted on (lexical search only: fast, no model)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from openpcf.pcfbench.data import BenchmarkFolder
from openpcf.systems.offline.picklist_search import PicklistSearch
from openpcf.systems.offline.triage import FEATURES
from tests.support.tiny_pcfbench import write_tiny_pcfbench

ROOT = Path(__file__).resolve().parents[2]


def _script():
    spec = importlib.util.spec_from_file_location("fit_offline_calibration", ROOT / "scripts" / "fit_offline_calibration.py")
    module = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> BenchmarkFolder:
    return BenchmarkFolder(write_tiny_pcfbench(tmp_path_factory.mktemp("tiny")))


def test_triage_and_mapping_refits_are_byte_identical(folder: BenchmarkFolder) -> None:
    fit = _script()
    search = PicklistSearch.from_file(folder.picklist_path(), dense=False)
    for fitter in (fit.fit_triage, fit.fit_mapping):
        first, _ = fitter(folder, search, 2, 1.0, "fixture")
        second, _ = fitter(folder, search, 2, 1.0, "fixture")
        text = json.dumps(first.model_dump(), indent=1)
        assert text == json.dumps(second.model_dump(), indent=1)
        assert "(fixture)" in first.fitted and "20" not in first.fitted  # no date: same bytes tomorrow
    triage, report = fit.fit_triage(folder, search, 2, 1.0, "fixture")
    assert triage.features == list(FEATURES) and report["n_items"] == 3
    assert report["base_rate_should_map"] == 0.6667  # 2 of 3, rounded to 4 places


def test_candidate_sets_are_the_model_minus_one_and_plus_one() -> None:
    fit = _script()
    assert fit.candidate_sets(("a", "b"), ("c", "a")) == [["a", "b"], ["b"], ["a"], ["a", "b", "c"]]


def test_nested_cv_chooses_the_informative_feature_inside_every_outer_fold() -> None:
    fit = _script()
    # 20 items: "signal" says the label, "noise" alternates independently of it (0,0,1,1,0,0,1,1 …).
    labels = [i < 10 for i in range(20)]
    feats = [{"signal": 1.0 if y else 0.0, "noise": float((i // 2) % 2)} for i, y in enumerate(labels)]
    result = fit.nested_cv_accuracy(feats, labels, [["noise"], ["signal"]], folds=5, l2=1.0, seeds=(0, 1))
    assert result["chosen"] == {"signal": 10}  # 5 outer folds × 2 seeds, all choose the signal
    assert result["seeds"] == [1.0, 1.0] and result["mean"] == 1.0

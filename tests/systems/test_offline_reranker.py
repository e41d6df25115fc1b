"""The learned re-ranker: distant-supervision queries, pair features, the pairwise fit, and that the fitting
script's code regenerates its file byte-identically (on a tiny picklist, lexical search only)."""

from __future__ import annotations

import importlib.util
import json
import math
from pathlib import Path

import pytest

from openpcf.catalog import ActivityRecord
from openpcf.systems.offline.material_need import read_need
from openpcf.systems.offline.picklist_search import Candidate, PicklistSearch
from openpcf.systems.offline.reranker import (
    PAIR_FEATURES,
    Reranker,
    abbreviates,
    buyer_phrasing,
    fit_reranker,
    load_reranker,
    pair_features,
    pairwise_design,
    training_queries,
)
from tests.support.picklists import write_picklist

ROOT = Path(__file__).resolve().parents[2]

ENTRIES = [
    ("polyvinyl butyral, film", "Polyvinyl butyral (PVB) is a resin used as an interlayer of laminated glass."),
    ("zinc oxide", "Zinc oxide, also known as zinc white, is a white pigment and rubber activator."),
    ("zinc, primary", "Zinc metal from concentrate."),
    ("waste zinc", "'waste zinc' is a solid waste under the category of metal wastes."),
    ("glass fibre", "Glass fibre is a reinforcement for plastics."),
    ("polyvinyl chloride, bulk polymerised", "PVC resin."),
    ("lime, hydrated, packed", "Slaked lime."),
]


def _fit_script():
    spec = importlib.util.spec_from_file_location("fit_offline_reranker", ROOT / "scripts" / "fit_offline_reranker.py")
    module = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def search(tmp_path_factory: pytest.TempPathFactory) -> PicklistSearch:
    path = write_picklist(tmp_path_factory.mktemp("picklist") / "p.jsonl", ENTRIES)
    return PicklistSearch.from_file(path, dense=False)


def test_buyer_phrasing_puts_qualifiers_first() -> None:
    assert buyer_phrasing("lime, hydrated, packed") == "hydrated packed lime"
    assert buyer_phrasing("glass fibre") == "glass fibre"


def test_abbreviation_must_abbreviate_the_activitys_own_words() -> None:
    label = {"polyvinyl", "butyral", "film"}
    assert abbreviates("PVB", "Polyvinyl butyral ", label)
    # an acronym of other words in the description is not a name of this activity
    assert not abbreviates("PWB", "soldered on a printed wiring board ", label)
    assert not abbreviates("Zn", "zinc ", {"zinc"})  # one capital: an element symbol, not an acronym


def test_training_queries_are_generated_from_names_and_product_information(search: PicklistSearch) -> None:
    queries = training_queries(search.records, search.roles)
    got = {(q.kind, q.text, search.records[q.positive].label) for q in queries}
    assert ("abbreviation", "PVB", "polyvinyl butyral, film") in got
    assert ("synonym", "zinc white", "zinc oxide") in got
    assert ("buyer_phrasing", "hydrated packed lime", "lime, hydrated, packed") in got
    assert ("base_and_qualifier", "packed lime", "lime, hydrated, packed") in got
    assert ("buyer_phrasing", "primary zinc", "zinc, primary") in got
    assert not any(search.records[q.positive].label == "waste zinc" for q in queries)  # materials only


def test_pair_features_by_hand() -> None:
    need = read_need("Zinc oxide powder", "rubber activator")
    cand = Candidate(0, "zinc oxide", "market for zinc oxide", "", "material", 0.5, 0.0, ("zinc", "oxide"))
    f = pair_features(need, cand, 1, head={"zinc", "oxide", "powder"}, everything={"zinc", "oxide", "powder", "rubber"})
    assert f == {
        "lexical": 0.5,
        "fused_rank": 0.5,  # 1 / (1 + rank 1)
        "head_coverage": pytest.approx(2 / 3),
        "precision": 1.0,
        "base_name": 1.0,  # "powder" is a form word: the head noun is "oxide", in the base name "zinc oxide"
        "head_noun": 1.0,
    }  # no "dense": lexical-only candidates carry no dense evidence
    other = Candidate(1, "zinc, primary", "market for zinc", "", "material", 1.0, 0.0, ("zinc", "primary"))
    g = pair_features(need, other, 0, head={"zinc", "oxide", "powder"}, everything={"zinc", "oxide", "powder", "rubber"})
    assert (g["base_name"], g["head_noun"], g["precision"]) == (0.0, 0.0, 0.5)  # zinc, but not an oxide


def test_reranker_score_by_hand_and_missing_feature_is_its_mean() -> None:
    model = Reranker(features=["a", "b"], weights=[2.0, -1.0], mean=[0.5, 1.0], scale=[0.25, 2.0])
    # 2·(1.0 − 0.5)/0.25 − 1·(3.0 − 1.0)/2 = 4 − 1 = 3
    assert model.score({"a": 1.0, "b": 3.0}) == pytest.approx(3.0)
    assert model.score({"b": 3.0}) == pytest.approx(-1.0)


def test_pairwise_fit_learns_which_feature_separates_positives() -> None:
    # positive always has the higher x; y is noise that favours the negative as often as the positive
    groups = [
        (0, [{"x": 1.0, "y": 0.0}, {"x": 0.2, "y": 1.0}, {"x": 0.1, "y": 0.0}]),
        (1, [{"x": 0.3, "y": 0.0}, {"x": 0.9, "y": 0.0}, {"x": 0.0, "y": 1.0}]),
        (2, [{"x": 0.1, "y": 1.0}, {"x": 0.2, "y": 0.0}, {"x": 0.8, "y": 1.0}]),
        (-1, [{"x": 5.0, "y": 5.0}]),  # positive not retrieved: contributes nothing
    ]
    x, y = pairwise_design(groups, ["x", "y"], negatives=10)
    assert x.shape == (12, 2) and y.sum() == 6  # 2 negatives × 3 groups, each with its mirror
    model = fit_reranker(groups, features=["x", "y"], l2=0.1)
    assert model.weights[0] > 1.0 and abs(model.weights[1]) < model.weights[0] / 2


def test_fitting_script_is_byte_identical_on_a_fixture(search: PicklistSearch) -> None:
    fit = _fit_script()
    first, report = fit.fit(search, l2=1.0, negatives=10, progress=False)
    second, _ = fit.fit(search, l2=1.0, negatives=10, progress=False)
    assert fit.render(first) == fit.render(second)
    assert report["queries"] == len(training_queries(search.records, search.roles))  # fewer than 800
    assert json.loads(fit.render(first))["features"] == list(PAIR_FEATURES)


def test_shipped_reranker_was_fitted_without_benchmark_labels() -> None:
    model = load_reranker()
    assert model.features == list(PAIR_FEATURES)
    assert "distant supervision" in model.fitted and "no benchmark labels" in model.fitted
    assert model.report["held_out_fifth"]["top1_reranker"] >= model.report["held_out_fifth"]["top1_hybrid_order"]
    assert all(math.isfinite(w) for w in model.weights)


def test_record_order_makes_queries_deterministic() -> None:
    records = [ActivityRecord(id=str(i), name=n, reference_product=n) for i, n in enumerate(["b, x", "a, y"])]
    queries = training_queries(records, ["material", "material"])
    assert [(q.text, q.positive) for q in queries] == [("x b", 0), ("y a", 1)]


def test_training_queries_include_foreign_names_and_vocabulary_names(search: PicklistSearch) -> None:
    queries = training_queries(search.records, search.roles)
    got = {(q.kind, q.text, search.records[q.positive].label) for q in queries}
    # "zinc oxide" has no qualifiers: its Romance form from the language table, read back as "zinc oxide"
    assert ("foreign_language", "ossido de zinco", "zinc oxide") in got
    assert read_need("ossido de zinco").head == "zinc oxide"
    # vocabulary: exact expansion first ("GF" → "glass fibre"), else the shortest virgin "expansion, …" name
    assert ("vocabulary", "GF", "glass fibre") in got
    assert ("vocabulary", "ZN", "zinc, primary") in got
    assert not any(q.kind == "vocabulary" and search.records[q.positive].label == "waste zinc" for q in queries)


def test_fixed_weight_overrides_the_fit_and_shipped_file_uses_the_rank_prior() -> None:
    from openpcf.systems.offline.reranker import HYBRID_RANK_PRIOR

    groups = [
        (0, [{"x": 1.0, "y": 0.0}, {"x": 0.2, "y": 1.0}]),
        (1, [{"x": 0.3, "y": 1.0}, {"x": 0.9, "y": 0.0}]),
    ]
    free = fit_reranker(groups, features=["x", "y"], l2=0.1)
    pinned = fit_reranker(groups, features=["x", "y"], l2=0.1, fixed={"y": 3.0})
    assert pinned.weights == [free.weights[0], 3.0]  # x keeps its fitted weight, y is set
    shipped = load_reranker()
    assert shipped.weights[shipped.features.index("fused_rank")] == HYBRID_RANK_PRIOR

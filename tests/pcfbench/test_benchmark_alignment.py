"""The offline bill-of-materials aligner: normalisation, synonyms, sub-words and group rules."""

from __future__ import annotations

import pytest

from openpcf.pcfbench.alignment import Aligner, MatchGroup, aligner_names, get_aligner
from openpcf.pcfbench.component_matching import (
    ExactAligner,
    OfflineAligner,
    content_tokens,
    name_variants,
    same_word,
    trigram_dice,
)
from openpcf.pcfbench.metrics import decomposition_scores


def groups(pred, exp, aligner=None):
    return [(g.predicted, g.expected) for g in (aligner or OfflineAligner()).align(pred, exp)]


def test_normalisation_drops_qualifiers_and_unifies_spelling():
    assert content_tokens("Recycled Aluminum scrap (post-consumer)") == ("aluminium",)
    assert content_tokens("Glass fibres") == ("glass", "fiber")
    assert content_tokens("Sulphuric acid") == ("sulfuric", "acid")
    assert content_tokens("PA6 virgin granulate") == ("polyamide",)
    assert content_tokens("Caustic soda") == ("sodium", "hydroxide")
    assert content_tokens("Ácido clorhídrico") == ("hydrochloric", "acid")


def test_name_variants_read_parentheses_and_lists():
    assert name_variants("Additives (e.g. Calcium Carbonate)") == [
        ("additive", "calcium", "carbonate"),
        ("additive",),
        ("calcium", "carbonate"),
    ]
    assert ("copper",) in name_variants("alloying elements - Cu, Mg, Zn")


def test_sub_word_similarity():
    assert same_word("formaldehido", "formaldehyde")
    assert same_word("ethylene", "polyethylene")
    assert not same_word("sulfamic", "sulfuric")
    assert trigram_dice("abc", "abc") == 1.0
    assert trigram_dice("abc", "xyz") == 0.0


def test_recycled_x_matches_x_and_n_n_group():
    pred = ["aluminium ingot", "recycled aluminium"]
    exp = ["primary aluminium", "aluminium scrap - post consumer"]
    assert groups(pred, exp) == [((0, 1), (0, 1))]


def test_alloying_elements_form_a_one_to_many_group():
    pred = ["primary aluminium", "silicon", "magnesium", "water"]
    exp = ["Primary Aluminium", "Alloys"]
    assert groups(pred, exp) == [((0,), (0,)), ((1, 2), (1,))]
    s = decomposition_scores(OfflineAligner().align(pred, exp), 4, 2)
    assert (s["precision"], s["recall"]) == (0.75, 1.0)


def test_iron_and_carbon_make_steel_but_oxygen_and_hydrogen_do_not_make_milk():
    assert groups(["iron", "carbon"], ["steel"]) == [((0, 1), (0,))]
    assert groups(["oxygen", "hydrogen"], ["milk"]) == []


def test_class_head_nouns_are_not_enough():
    assert groups(["citric acid"], ["sulfuric acid"]) == []
    assert groups(["calcium hydroxide"], ["magnesium hydroxide"]) == []
    assert groups(["orange juice concentrate"], ["fruit concentrates"]) == [((0,), (0,))]


def test_synonyms_abbreviations_and_languages():
    pred = ["HDPE", "quartz sand", "acqua", "tinplate"]
    exp = ["high density polyethylene", "silica", "water", "tin plate"]
    assert groups(pred, exp) == [((0,), (0,)), ((1,), (1,)), ((2,), (2,)), ((3,), (3,))]


def test_each_index_in_at_most_one_group_and_deterministic():
    pred = ["aluminium", "aluminium scrap", "packaging film", "cardboard box"]
    exp = ["aluminium", "packaging"]
    first = OfflineAligner().align(pred, exp)
    assert first == OfflineAligner().align(pred, exp)
    seen_p = [i for g in first for i in g.predicted]
    seen_e = [j for g in first for j in g.expected]
    assert len(seen_p) == len(set(seen_p)) and len(seen_e) == len(set(seen_e))
    assert [(g.predicted, g.expected) for g in first] == [((0, 1), (0,)), ((2, 3), (1,))]


def test_empty_lists():
    assert groups([], ["water"]) == []
    assert groups(["water"], []) == []


def test_exact_aligner_is_one_to_one():
    assert groups(["Water", "water", "salt"], ["water"], ExactAligner()) == [((0,), (0,))]


def test_registry_and_protocol():
    assert {"offline", "offline-embed", "exact"} <= set(aligner_names())
    assert isinstance(get_aligner("offline"), Aligner)
    assert get_aligner("offline-embed").name == "offline-embed"
    with pytest.raises(ValueError, match="unknown aligner 'judge'"):
        get_aligner("judge")


def test_match_group_unpacks_as_pair():
    p, e = MatchGroup((0, 1), (2,))
    assert (p, e) == ((0, 1), (2,))


def test_compositional_rules_tinplate_fruit_and_batch_oxides():
    assert groups(["steel can"], ["tin plate"]) == [((0,), (0,))]
    assert groups(["orange juice", "apple juice"], ["fruit concentrates"]) == [((0, 1), (0,))]
    assert groups(["soda ash"], ["Sodium oxide (Na2O)"]) == [((0,), (0,))]
    assert groups(["soda ash"], ["Magnesium oxide (MgO)"]) == []
    assert groups(["alloying elements"], ["Alloys"]) == [((0,), (0,))]

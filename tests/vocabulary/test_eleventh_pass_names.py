"""Eleventh pass (issue 17): form and stage words of German, French, Italian and Spanish names.

Every name here is invented; the expected English is the plain-dictionary reading.
"""

from __future__ import annotations

import pytest

from openpcf.systems.offline.material_need import read_need
from openpcf.vocabulary.translation import english_name, translate


@pytest.mark.parametrize(
    ("name", "english"),
    [
        # a German compound: material word + form word, head last
        ("Kupferrohr", "copper pipe"),
        ("Messingstange", "brass bar"),
        ("Zinkband", "zinc strip"),
        ("Bleibarren", "lead ingot"),
        ("Papiersack", "paper sack"),
        ("Holzspäne", "wood chips"),
        ("Recyclingkarton", "recycled cardboard"),
        # a German participle before its noun, any ending
        ("verzinktes Stahlblech", "galvanized steel sheet"),
        ("unbeschichteter Karton", "uncoated cardboard"),
        # Romance order: the form, then "de/di/d'" and the material
        ("tubo di rame", "copper tube"),
        ("lingote de estaño", "tin ingot"),
        ("barre d'acier inoxydable", "stainless steel bar"),
        ("copeaux de bois", "wood chips"),
        ("lastra di vetro", "glass sheet"),
        ("fiocchi di polipropilene", "polypropylene flakes"),
        ("granulé de polypropylène", "polypropylene granulate"),
        # a leaf of a metal is foil, of paper a sheet
        ("hoja de aluminio", "aluminium foil"),
        ("foglio di rame", "copper foil"),
        ("feuille de papier", "paper sheet"),
        # a negated participle after the noun is one adjective, said before it
        ("cartone non rivestito", "uncoated cardboard"),
        ("papel sin blanquear", "unbleached paper"),
        ("carta non sbiancata", "unbleached paper"),
        # a stage said after the noun
        ("alluminio primario", "primary aluminium"),
        ("acciaio inossidabile", "stainless steel"),
    ],
)
def test_foreign_form_and_stage_words_read_in_english(name: str, english: str) -> None:
    assert english_name(name) == english


@pytest.mark.parametrize(
    "name",
    ["barren land", "sand bag", "stab resistant vest", "dental plaque remover", "copper tube", "band saw"],
)
def test_english_names_are_not_read_as_foreign(name: str) -> None:
    assert english_name(name) is None
    assert translate(name) == name  # German part words ("barren", "stab", "band") read only inside a compound


def test_a_lone_foreign_form_word_among_english_ones_is_not_a_foreign_name() -> None:
    # "lamina" is Spanish sheet and an English word: one known word among English ones is not enough
    assert english_name("lamina of leaf") is None


def test_a_description_in_the_same_language_stays_context() -> None:
    need = read_need("Kupferrohr", "Rohr aus Kupfer, weich, in Ringen")
    assert need.head == "copper pipe"
    assert need.written_head == "Kupferrohr"
    assert "Ringen" in need.context  # the description is context, not the name
    need = read_need("hoja de aluminio", "hoja de aluminio para envases de alimentos")
    assert need.head == "aluminium foil"


@pytest.mark.parametrize(
    ("name", "english"),
    [
        # a purpose ends the noun phrase: the thing first, "for" and the use after
        ("pegamento para azulejos de piedra", "adhesive for stone tiles"),
        ("sacs pour ciment", "sacks for cement"),
        # produce and foods said the four ways
        ("confiture de fraises", "strawberry jam"),
        ("Haselnüsse", "hazelnut"),
        ("huile de tournesol", "sunflower oil"),
        ("garbanzos en conserva", "canned chickpea"),
        ("fibra di lino", "flax fibre"),
        ("poliestireno de alto impacto", "high impact polystyrene"),
    ],
)
def test_purpose_words_produce_and_trade_phrases(name: str, english: str) -> None:
    assert translate(name) == english


def test_tissue_of_linen_stays_linen() -> None:
    # "lin" is flax only as a fibre; the cloth is linen
    assert translate("tissu de lin") == "linen fabric"


@pytest.mark.parametrize(
    ("name", "english"),
    [
        ("Lärchenholz", "larch wood"),
        ("Silikonkautschuk", "silicone rubber"),
        ("Schrumpffolie", "shrink film"),
        ("Motoröl", "engine oil"),
        ("Braunkohle", "lignite"),
        ("bois de hêtre", "beech wood"),
        ("gomma naturale", "natural rubber"),
        ("vernis à l'eau", "water-based varnish"),
        ("lana de oveja", "sheep wool"),
        ("contrachapado de abedul", "birch plywood"),
        ("nastro adesivo", "adhesive tape"),
    ],
)
def test_timbers_rubbers_films_oils_and_water_based(name: str, english: str) -> None:
    assert english_name(name) == english

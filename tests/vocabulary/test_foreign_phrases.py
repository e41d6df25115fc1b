"""Foreign material names read in English order (issues 14 and 17): Romance noun phrases, post-nominal
adjectives, German compounds of any length and words read by context. Every name here is invented from
general vocabulary of the four languages."""

import pytest

from openpcf.vocabulary.translation import english_name, translate
from openpcf.vocabulary.translation_words import adjective_forms


@pytest.mark.parametrize(("foreign", "english"), [
    ("tessuto di lino", "linen fabric"),
    ("Tissu de laine", "wool fabric"),
    ("tejido de seda", "silk fabric"),
    ("tegole in terracotta", "clay roof tiles"),
    ("piastrelle in cotto", "clay tiles"),
    ("bocal en verre", "glass jar"),
    ("brique en terre cuite", "clay brick"),
    ("acciaio al carbonio", "carbon steel"),
    ("chlorure de sodium", "sodium chloride"),
])
def test_a_romance_noun_phrase_is_turned_around_its_preposition(foreign: str, english: str) -> None:
    assert translate(foreign) == english


@pytest.mark.parametrize(("foreign", "english"), [
    ("acide lactique", "lactic acid"),
    ("ácido fosfórico", "phosphoric acid"),
    ("flacone di vetro ambrato", "amber glass bottle"),  # the adjective qualifies the nearest noun
    ("bouteilles en verre vert", "green glass bottles"),
    ("fil de laine cardée", "carded wool yarn"),
    ("alcool gras", "fatty alcohol"),
    ("lait entier", "whole milk"),
    ("panna fresca da cucina", "fresh cream da cucina"),  # unknown words keep their place
])
def test_adjectives_after_a_foreign_noun_move_before_it(foreign: str, english: str) -> None:
    assert translate(foreign) == english


def test_forms_hydrates_and_figures_stay_at_the_end() -> None:
    assert translate("lait écrémé en poudre") == "skimmed milk powder"
    assert translate("cloruro de magnesio hexahidratado") == "magnesium chloride hexahydrate"
    assert translate("tessuto di lino 180 g/m2") == "linen fabric 180 g m2"
    assert translate("l'acier galvanisé") == "galvanized steel"  # the elided article is dropped


@pytest.mark.parametrize(("compound", "english"), [
    ("Kupferdraht", "copper wire"),
    ("Leinengewebe", "linen fabric"),
    ("Holzfaserplatte", "wood fibre board"),  # three parts
    ("Kalkzementputz", "lime cement plaster render"),
    ("Tonziegel", "clay brick"),  # "ton" read only inside a compound
    ("Vollmilchpulver", "whole milk powder"),  # fewest parts: vollmilch + pulver
    ("Schafwollgarn", "sheep wool yarn"),
    ("Glasfasergewebe", "glass fibre fabric"),
])
def test_german_compounds_split_into_known_parts_head_last(compound: str, english: str) -> None:
    assert translate(compound) == english


def test_a_thread_is_yarn_beside_a_fibre_and_wire_beside_a_metal() -> None:
    assert translate("filo di cotone") == "cotton yarn"
    assert translate("hilo de poliéster") == "polyester yarn"
    assert translate("fil d'acier galvanisé") == "galvanized steel wire"
    assert translate("filo di rame") == "copper wire"
    assert translate("fil") == "wire"  # no context: the base table's reading


@pytest.mark.parametrize("english", [
    "woven polyester fabric", "grass seed, organic", "raffinate", "Diesel EN 590",
    "citric acid monohydrate powder", "made in Germany", "sandstone", "Al sheet 2 mm", "lattice girder",
])
def test_english_names_pass_unchanged(english: str) -> None:
    from openpcf.vocabulary.translation import _plain

    assert translate(english) == _plain(english)
    assert english_name(english) is None


def test_english_name_reads_the_new_forms_and_keeps_english_out() -> None:
    assert english_name("Tissu de coton") == "cotton fabric"
    assert english_name("Holzfaserplatte") == "wood fibre board"
    assert english_name("cotton fabric") is None


def test_adjective_forms_add_feminine_and_plural_endings() -> None:
    assert {"fresco", "fresca", "freschi", "fresche", "frescos", "frescas"} <= set(adjective_forms("fresco"))
    assert {"ecreme", "ecremee", "ecremes", "ecremees"} <= set(adjective_forms("ecreme"))
    assert {"frais", "fraiche", "fraiches"} <= set(adjective_forms("frais"))
    assert {"creux", "creuse"} <= set(adjective_forms("creux"))


def test_a_compound_said_in_several_english_words_reads_as_foreign_beside_a_grade() -> None:
    assert english_name("Tonziegel NF 2DF") == "clay brick nf 2df"  # one compound, two English words
    assert english_name("Kupferdraht blank") == "copper wire blank"
    assert english_name("market for ferronickel") is None  # English head: may be an English word


def test_an_empty_or_punctuation_only_name_reads_as_nothing() -> None:
    assert translate("") == translate(" -/ ") == ""
    assert english_name("") is None and english_name("(—)") is None

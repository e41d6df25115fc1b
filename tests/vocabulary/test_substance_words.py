"""The substance words and class-of-purchase words triage reads (openpcf.vocabulary.substance_words)."""

from __future__ import annotations

from openpcf.vocabulary.substance_words import CATEGORY_WORDS, has_chemical_ending, substance_words, words_of
from openpcf.vocabulary.tokens import tokenize


def test_substance_words_hold_common_systematic_trade_and_cas_names() -> None:
    words = substance_words()
    assert {"muriatic", "hydrochloric"} <= words  # a common name and its database name
    assert {"propan", "acetone"} <= words  # an IUPAC name ("propan-2-one") and the common one
    assert "polymethyl" in words  # a trade name's expansion (Plexiglas → polymethyl methacrylate)


def test_made_things_and_articles_are_not_substance_words() -> None:
    words = substance_words()
    # everyday articles are keys of ARTICLE_MATERIALS (a jerrycan is made): only their materials count
    assert not {"armrest", "keyboard", "saddle", "hinge", "jerrycan"} & words
    assert "polyethylene" in words


def test_category_words_are_tokenizer_singulars() -> None:
    for word in CATEGORY_WORDS:
        assert tokenize(word) == [word]
    assert words_of(["Packaging materials", "minor ingredients"]) == {"packaging", "material", "minor", "ingredient"}


def test_chemical_endings_name_substances_of_seven_letters_or_more() -> None:
    words = ("dodecane", "isohexide", "butanol", "hexene", "propylene", "machine", "laminate", "hose", "pentane")
    # "hexene" has six letters: too short to be read by its ending
    assert [w for w in words if has_chemical_ending(w)] == ["dodecane", "isohexide", "butanol", "propylene", "pentane"]

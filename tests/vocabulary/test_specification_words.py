"""Specification words of a buyer's material name (openpcf.vocabulary.specification_words)."""

from __future__ import annotations

import pytest

from openpcf.vocabulary.specification_words import (
    COLOUR_WORDS,
    DEFAULT_VARIANT_WORDS,
    GRADE_WORDS,
    HYDRATION_WORDS,
    PACK_WORDS,
    PURITY_WORDS,
    STANDARD_WORDS,
    SUPPLY_FORM_WORDS,
    filler_name,
    is_code,
    specification_words,
)
from openpcf.vocabulary.tokens import tokenize


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # grade, use-grade, colour and supply form (invented buyer lines)
        ("PP homopolymer injection grade natural pellets", {"homopolymer", "injection", "grade", "natural", "pellet"}),
        ("glycerol pharma grade", {"pharma", "grade"}),
        ("LDPE blow moulding grade", {"blow", "moulding", "grade"}),  # a two-word use-grade phrase
        ("polypropylene fibre grade", {"fibre", "grade"}),  # the polymer stays the noun
        ("glass fibre chopped strands", {"chopped", "strand"}),  # a fibre's supply form
        ("kraft paper 80 gsm brown", {"80", "gsm", "brown"}),
        ("potassium nitrate food quality", {"food", "quality"}),
        # purity and concentration: the numbers go, "light" (a kind of soda ash) stays
        ("sodium carbonate 99.5 % light", {"99", "5"}),
        ("magnesium sulphate heptahydrate technical", {"heptahydrate", "technical"}),
        ("zinc oxide high purity", {"high", "purity"}),
        # standards and codes
        ("hot-rolled plate S355 EN 10025", {"s355", "en", "10025"}),
        ("HDPE black MFI 8", {"black", "mfi", "8"}),
        ("citric acid USP", {"usp"}),
        # a pack after a quantity is a specification; the same word as the head is not
        ("soda ash 25 kg bag", {"25", "kg", "bag"}),
        ("steel drum", set()),
        # a polymer's abbreviation and a filler content are the material, not its specification
        ("PA66 GF30", set()),
        ("titanium dioxide rutile", {"rutile"}),
        # the default variant a database market stands for, and the state a gas is delivered in (round 8)
        ("refined tin", {"refined"}),
        ("fine gold granules", {"fine", "granule"}),
        ("ordinary rye flour", {"ordinary"}),
        ("farmed salmon", {"farmed"}),
        ("compressed argon", {"compressed"}),
        ("organic rye flour", set()),  # a non-default route is a different product, not a specification
    ],
)
def test_specification_words_in_their_place(name: str, expected: set[str]) -> None:
    assert specification_words(name) == expected


def test_codes_are_numbers_and_designations_but_not_fillers_or_abbreviations() -> None:
    assert is_code("316l") and is_code("10025") and is_code("s235jr")
    assert not is_code("gf30") and not is_code("cf20")  # glass- and carbon-fibre filled: a compound
    assert not is_code("pa6") and not is_code("pa66")  # polyamide 6 and 6-6
    assert not is_code("polyethylene")


def test_word_lists_are_tokenizer_singulars() -> None:
    for words in (
        GRADE_WORDS,
        DEFAULT_VARIANT_WORDS,
        HYDRATION_WORDS,
        PURITY_WORDS,
        COLOUR_WORDS,
        SUPPLY_FORM_WORDS,
        STANDARD_WORDS,
        PACK_WORDS,
    ):
        for word in words:
            assert tokenize(word) == [word], word


def test_a_filler_code_says_its_filler() -> None:
    assert filler_name("gf30") == "glass-filled glass fibre reinforced"
    assert filler_name("tf20") == "talc filled"
    assert filler_name("30") is None and filler_name("pa6") is None

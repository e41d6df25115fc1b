"""Meats read as a practitioner would: the species' raw commodity, never an organ, a fat or a vegetable that
shares a word; an unnamed meat is a production-weighted mix. Invented names; values from the shipped library."""

from __future__ import annotations

import pytest

from openpcf.factors import open_resolver
from openpcf.factors.record import FactorQuery


@pytest.fixture(scope="module")
def resolve():
    src = open_resolver()
    return lambda name: src.resolve(FactorQuery(name=name, unit="kg"))


@pytest.mark.parametrize(("name", "word"), [
    ("beef", "beef"), ("Rindfleisch", "beef"), ("pig meat", "pork"), ("pork meat", "pork"),
    ("turkey", "turkey"), ("lamb meat", "lamb"),
])
def test_a_species_reads_as_its_raw_meat(resolve, name: str, word: str) -> None:
    m = resolve(name)
    assert m is not None and m.method == "alias"
    words = m.factor.name.lower()
    assert word in words and "raw" in words
    for wrong in ("heart", "fat", "lettuce", "blood", "liver", "tongue"):
        assert wrong not in words, (name, m.factor.name)


@pytest.mark.parametrize(("name", "expected"), [
    ("beef heart", "Heart, beef, raw"), ("pork fat", "Pork fat, raw"), ("lamb's lettuce", "Lamb's lettuce, raw"),
])
def test_a_name_that_says_more_than_the_species_finds_that_product(resolve, name: str, expected: str) -> None:
    m = resolve(name)
    assert m is not None and m.factor.name == expected


def test_an_unnamed_meat_is_the_production_weighted_mix(resolve) -> None:
    m = resolve("meat")
    assert m is not None and m.factor.id == "openpcf-estimate:food:meat-unspecified"
    # 0.39 chicken + 0.35 pork + 0.21 beef + 0.05 lamb at the AGRIBALYSE raw-meat values of the recipe
    assert m.factor.value == pytest.approx(0.39 * 4.964 + 0.35 * 7.495 + 0.21 * 26.59 + 0.05 * 31.64, rel=2e-3)

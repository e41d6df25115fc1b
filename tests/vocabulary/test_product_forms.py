"""The finished-product nouns triage reads (openpcf.vocabulary.product_forms)."""

from __future__ import annotations

from openpcf.vocabulary.product_forms import MILL_FORM_NOUNS, PRODUCT_FORMS, is_mill_form, product_form_nouns
from openpcf.vocabulary.tokens import tokenize


def test_finished_products_are_read_in_singular_and_plural() -> None:
    text = "denim jeans, a cotton shirt, two steel knives, oak shelves, butter cookies and rubber o-rings"
    assert product_form_nouns(tokenize(text)) == ["jean", "shirt", "knive", "shelve", "cooky", "ring"]


def test_materials_commodities_and_database_held_components_are_not_product_forms() -> None:
    text = (
        "copper cathode, dairy cream, toilet soap, kraft paper, steel sheet, brass bar, crude oil, "
        "electric motor, combustion engine, battery cell, transformer, wheat grain, cotton yarn"
    )
    assert product_form_nouns(tokenize(text)) == []


def test_every_class_is_written_in_lower_case_singular_words() -> None:
    for words in PRODUCT_FORMS.values():
        for word in words:
            assert word == word.lower() and word.strip() == word and " " not in word


def test_a_preparation_named_by_the_form_it_is_sold_in_is_a_product_form() -> None:
    text = "washing-up liquid, shower gel, glass cleaning spray, oat drink, fruit beverages"
    assert product_form_nouns(tokenize(text)) == ["liquid", "gel", "spray", "drink", "beverage"]


def test_semi_finished_forms_are_mill_forms_and_finished_products_are_not() -> None:
    assert [is_mill_form(t) for t in tokenize("sheets coil yarn billets membrane")] == [True] * 5
    assert [is_mill_form(t) for t in tokenize("door shirt kettle sink")] == [False] * 4
    assert not set(MILL_FORM_NOUNS) & {"liquid", "gel", "spray"}  # preparations, read as product forms

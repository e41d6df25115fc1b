"""The estimator's leftovers of session 8 (issue 14, f8-leftovers), each a general reading with hand-worked
values on invented names:

1. a populated board in a compact digital consumer device (audio, camera, smart-home, wireless) is the dense
   digital board, as in a computer; a phone or watch keeps the handheld logic board; a charger or a lamp the
   average board;
2. a bracket that lists two or more constituents says what the named material is made of: the material named
   outside it stays the head ("potting compost (bark and sand)");
3. "acrylic" in a yarn, fibre, fabric or knitted good is acrylic fibre (PAN), not PMMA;
4. HDF is a concept of its own (high-density fibreboard), no longer a spelling of MDF;
5. common foreign fish names are translated;
6. a yarn or cloth recipe reaches its fibre through the recipe chain (precursors).
"""

from __future__ import annotations

import pytest

from openpcf.factors.name_reading import read_name
from openpcf.factors.precursors import priced_by_named_textile, recipe_closure, textile_precursor_ids
from openpcf.factors.record import Factor, QueryContext, Source
from openpcf.vocabulary.translation import translate


def _in(product: str) -> QueryContext:
    return QueryContext(category=product)


# --- 1. board density follows the product class -------------------------------------------------------------

@pytest.mark.parametrize("product", ["Noise-cancelling headphones, over-ear", "Sport earbuds", "4K webcam",
                                     "Smart speaker with display", "Action camera",
                                     "Fitness tracker band", "Wi-Fi mesh router"])
def test_a_board_in_a_compact_digital_device_is_dense(product):
    r = read_name("printed circuit board assembly", _in(product))
    assert r.concept == "mainboard"
    assert "read as mainboard" in (r.sense or "")


@pytest.mark.parametrize(("product", "concept"), [
    ("Smartphone 6.1 inch", "handheld logic board"),      # a phone keeps the handheld logic board
    ("Gaming laptop", "mainboard"),                       # a computer was already dense
    ("Wireless charger pad", "printed circuit board assembly"),   # a charger's board is power electronics
    ("Bluetooth desk lamp", "printed circuit board assembly"),    # an LED driver, not a digital board
    ("Washing machine", "printed circuit board assembly"),
    # "bluetooth" or "wireless" alone names no device class: a party speaker's board is an amplifier board
    ("Bluetooth party speaker", "printed circuit board assembly"),
    ("Wireless keyboard", "printed circuit board assembly"),
])
def test_other_products_keep_their_board(product, concept):
    assert read_name("printed circuit board assembly", _in(product)).concept == concept


# --- 2. a bracket listing constituents ------------------------------------------------------------------------

def test_a_bracket_listing_constituents_does_not_replace_the_material():
    # before: the right-most concept inside the bracket (lime) was the head
    assert read_name("casing soil (peat and lime)").concept == "casing soil"
    assert read_name("casing soil (peat, lime)").concept == "casing soil"


def test_a_bracket_naming_one_material_still_names_it():
    assert read_name("plastic (ABS)").concept == "abs"          # a generic word outside: the bracket specifies
    assert read_name("casing soil").concept == "casing soil"


# --- 3. acrylic in a textile ----------------------------------------------------------------------------------

@pytest.mark.parametrize(("name", "product"), [("acrylic knitting yarn", None), ("acrylic", "Knitted beanie hat"),
                                               ("acrylic staple", None)])
def test_acrylic_in_a_textile_is_acrylic_fibre(name, product):
    assert read_name(name, _in(product) if product else None).concept == "acrylic fibre"


@pytest.mark.parametrize(("name", "product"), [("acrylic sheet", "Knitted beanie hat"), ("acrylic", "Display case"),
                                               ("PMMA", "Wool blanket"), ("acrylic glass", None)])
def test_acrylic_sheet_or_pmma_stays_pmma(name, product):
    assert read_name(name, _in(product) if product else None).concept == "pmma"


# --- 4. HDF ---------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["HDF", "HDF core board", "high-density fibreboard", "HDF board, 3 mm"])
def test_hdf_is_high_density_fibreboard(name):
    assert read_name(name).concept == "hdf"


def test_mdf_stays_mdf():
    assert read_name("MDF").concept == "fibreboard"


# --- 5. fish names --------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("word", "english"), [("Kabeljau", "cod"), ("Lachs", "salmon"), ("Seelachs", "pollock"),
                                               ("Thunfisch", "tuna"), ("merluza", "hake"), ("filet de saumon", "salmon filet")])
def test_common_fish_names_are_translated(word, english):
    assert translate(word) == english


# --- 6. a recipe chain ----------------------------------------------------------------------------------------

SRC = Source(publisher="test", document="hand-made")


def _recipe(fid: str, details: dict, category: str = "material") -> Factor:
    return Factor(id=fid, name="invented " + fid, value=1.0, unit="kg", boundary="cradle-to-gate", geography="GLO",
                  year=2024, gwp="IPCC AR6 GWP100", license="test", source=SRC, details=details, category=category)


FIBRE = _recipe("x:textile:nettle-fibre", {"electricity x 0.2": 0.1})
OIL = _recipe("x:chemicals:spinning-oil", {})
YARN = _recipe("x:textile:nettle-yarn", {"x:textile:nettle-fibre x 1.1": 0.0, "x:chemicals:spinning-oil x 0.02": 0.0,
                                         "electricity x 1.5": 0.0})
CLOTH = _recipe("x:textile:nettle-cloth", {"x:textile:nettle-yarn x 1.05": 0.0, "electricity x 1.0": 0.0})
BY_ID = {f.id: f for f in (FIBRE, OIL, YARN, CLOTH)}


def test_recipe_closure_multiplies_through_the_chain():
    c = recipe_closure(CLOTH, BY_ID)
    assert c["x:textile:nettle-yarn"] == pytest.approx(1.05)
    assert c["x:textile:nettle-fibre"] == pytest.approx(1.05 * 1.1)      # 1.155 kg fibre per kg cloth
    assert c["x:chemicals:spinning-oil"] == pytest.approx(1.05 * 0.02)   # 0.021 kg oil per kg cloth
    assert recipe_closure(FIBRE, BY_ID) == {}


def test_a_cloth_listed_as_its_fibre_is_priced_by_the_cloth_row():
    # 0.97 kg fibre + 0.03 kg oil, both in the chain: 100 % of the listed mass
    assert priced_by_named_textile(CLOTH, {"x:textile:nettle-fibre": 0.97, "x:chemicals:spinning-oil": 0.03}, BY_ID)
    # 0.85 kg fibre and 0.15 kg of something else: 85 % < 90 %, a product of its own
    assert not priced_by_named_textile(CLOTH, {"x:textile:nettle-fibre": 0.85, "x:other": 0.15}, BY_ID)
    # the cloth listed as itself: nothing to restate
    assert not priced_by_named_textile(CLOTH, {"x:textile:nettle-cloth": 1.0}, BY_ID)
    # a non-textile recipe is the conversion rule's, not this one's
    flour = _recipe("x:food:flour", {"x:food:grain x 1.3": 0.0}, category="food")
    assert not priced_by_named_textile(flour, {"x:food:grain": 1.0}, {"x:food:flour": flour})


def test_textile_precursor_ids_collect_every_chain():
    assert textile_precursor_ids([FIBRE, OIL, YARN, CLOTH]) == {"x:textile:nettle-fibre", "x:chemicals:spinning-oil",
                                                                 "x:textile:nettle-yarn"}

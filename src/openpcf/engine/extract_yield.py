"""Extraction yields: kg of a raw ingredient per kg of a product extracted or concentrated from it.

A composition such as ``olives: 100%`` for olive oil, or ``raw milk: 100%`` for whole milk powder, states
*which* raw material the product is made of, not that one kg of it makes one kg of product. Pressing,
drying or evaporation leaves most of the raw mass behind (water, pomace, husk), so the product's share of
the ingredient is multiplied by the yield below: kg of raw ingredient per kg of product.

Applied only when (1) the product's name names an extract, oil, powder or concentrate listed here, (2) the
line names that product's raw ingredient (not the product itself: ``olive oil: 100%`` is taken as given),
and (3) the line's rate is a share of a composition (a BOM or a composition in kg is taken as given).

Allocation: the yields charge the whole raw ingredient to the product (no co-product share). For olive oil
the pomace (and its pomace oil) and for juice concentrates the pulp and peel are low-value residues; their
economic allocation share is small (a few per cent, recalled), so 100 % to the product is the
conservative, common choice. Whole milk powder keeps all the milk solids (no cream or skim co-product).
Oilseeds with a valuable meal (rapeseed, soy, sunflower) are *not* listed: they need a co-product
allocation, and their oil factors already carry it.

One owner: this table is the only place these yields are written. The offline system's food families
(``data/offline/product_families.json``) name a yield instead of writing a number (``"yield_of": "olive oil"``
on the olives component), and :mod:`openpcf.systems.offline.decomposition_knowledge` reads it from here when
it loads the families (the engine may not import from ``systems/``; the offline system may import from here).

Values (all ``recalled``, general literature figures, not read while writing):

- olive oil 5.5 kg olives per kg oil: oil yield of about 15-22 % of the olive mass in two- and
  three-phase mills (International Olive Council descriptions; olive-oil LCAs such as Salomone & Ioppolo
  2012, J. Cleaner Production); the offline system's olive-oil family reads it from here.
- whole milk powder 7.6 kg milk per kg: milk of about 12.7 % total solids dried to about 97 % solids
  (97 / 12.7 = 7.6; IDF Bulletin 479/2015, dairy carbon footprint, dry-matter basis).
- orange juice concentrate 5.6 kg single-strength juice per kg (65 °Brix from about 11.5 °Brix) and
  about 11 kg oranges per kg (juice yield about 0.5 kg per kg fruit).
- apple juice concentrate 6.4 kg juice per kg (70 °Brix from about 11 °Brix) and about 8.5 kg apples per
  kg (juice yield about 0.75 kg per kg fruit).
- a juice reconstituted from concentrate ("orange juice from concentrate", "reconstituted apple juice") is not
  the concentrate (nor is one "not from concentrate"): it is concentrate diluted back with water to single strength, so the concentrate yields do
  not apply; the fruit per kg of single-strength juice is the juice yield alone, about 2.0 kg oranges (juice
  yield about 0.5) and about 1.33 kg apples (about 0.75) per kg (the same recalled figures as above).
- tomato paste (double concentrate, 28-30 °Brix from about 5 °Brix): 5.5 kg tomatoes per kg (the offline
  tomato-paste family reads it from here).
- strained ("Greek", "Greek-style") yoghurt 3.0 kg milk per kg: milk protein of about 3.3 % concentrated to
  about 9-10 % by draining the acid whey (dairy-processing descriptions; recalled); labneh, strained further to
  about 25 % solids, 3.5. The acid whey is a low-value residue and carries no burden. A plain yoghurt keeps
  about 1 kg of milk per kg (no yield).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from openpcf.vocabulary.names import lemma_words


@dataclass(frozen=True)
class ExtractYield:
    """kg of ``ingredient`` per kg of the product named by ``product_words`` (all must be in its name)."""

    product_words: tuple[str, ...]
    ingredient_words: tuple[str, ...]
    kg_per_kg: float
    basis: str


EXTRACT_YIELDS: tuple[ExtractYield, ...] = (
    ExtractYield(("olive", "oil"), ("olive",), 5.5,
                 "oil yield about 18 % of the olive mass (15-22 %, recalled); pomace carries no burden"),
    ExtractYield(("milk", "powder"), ("milk",), 7.6,
                 "milk of about 12.7 % solids dried to about 97 % solids (recalled, IDF 2015 dry-matter basis)"),
    ExtractYield(("orange", "concentrate"), ("orange", "juice"), 5.6,
                 "65 °Brix concentrate from about 11.5 °Brix juice (recalled)"),
    ExtractYield(("orange", "concentrate"), ("orange",), 11.0,
                 "5.6 kg juice per kg concentrate at about 0.5 kg juice per kg oranges (recalled)"),
    ExtractYield(("apple", "concentrate"), ("apple", "juice"), 6.4,
                 "70 °Brix concentrate from about 11 °Brix juice (recalled)"),
    ExtractYield(("apple", "concentrate"), ("apple",), 8.5,
                 "6.4 kg juice per kg concentrate at about 0.75 kg juice per kg apples (recalled)"),
    # single-strength juice (reconstituted from concentrate or not): only the juice yield of the fruit
    ExtractYield(("orange", "juice"), ("orange",), 2.0,
                 "single-strength juice at about 0.5 kg juice per kg oranges (recalled)"),
    ExtractYield(("apple", "juice"), ("apple",), 1.33,
                 "single-strength juice at about 0.75 kg juice per kg apples (recalled)"),
    ExtractYield(("tomato", "paste"), ("tomato",), 5.5,
                 "double concentrate, about 28-30 °Brix from about 5 °Brix tomatoes (recalled)"),
    ExtractYield(("tomato", "concentrate"), ("tomato",), 5.5,
                 "double concentrate, about 28-30 °Brix from about 5 °Brix tomatoes (recalled)"),
    # names are lemmatised ("yoghurt" reads as "yogurt")
    ExtractYield(("strained", "yogurt"), ("milk",), 3.0,
                 "yoghurt strained to about 9-10 % protein from milk of about 3.3 %: about 3 kg milk per kg, the "
                 "acid whey drained off (recalled)"),
    ExtractYield(("greek", "yogurt"), ("milk",), 3.0,
                 "Greek yoghurt is strained yoghurt: about 3 kg milk per kg (recalled)"),
    ExtractYield(("labneh",), ("milk",), 3.5,
                 "labneh is yoghurt strained further, to about 25 % solids: about 3.5 kg milk per kg (recalled)"),
)

# words of the raw state of an ingredient ("raw milk", "fresh olives", "whole oranges"): not part of its name
_RAW_WORDS = frozenset({"raw", "fresh", "whole", "conventional", "organic", "cow", "cows", "ripe", "single",
                        "strength", "not", "from", "nfc"})


def extract_yield(product_name: str, line_name: str) -> ExtractYield | None:
    """The yield that turns a share of ``line_name`` into kg of raw ingredient per kg of ``product_name``,
    or None when the product is no listed extract of it or the line names the product itself."""
    product = set(lemma_words(product_name))
    line = [w for w in lemma_words(line_name) if w not in _RAW_WORDS]
    if not line:
        return None
    single_strength = is_single_strength(product_name)
    for entry in EXTRACT_YIELDS:
        if not set(entry.product_words) <= product:
            continue
        if single_strength and "concentrate" in entry.product_words:
            continue  # "orange juice from concentrate" (or "not from concentrate") is juice, not the concentrate
        # the line is the raw ingredient: exactly its words (a line naming the product's own extract words,
        # "olive oil" or "milk powder", is the product itself and is taken as given)
        if set(line) == set(entry.ingredient_words):
            return entry
    return None


#: A juice at single strength named with the word "concentrate": made back from it ("from concentrate",
#: "reconstituted") or said not to be ("not from concentrate", "NFC").
_SINGLE_STRENGTH = re.compile(r"\b(from|of) (fruit |juice )?concentrates?\b|\breconstituted\b|\bnfc\b", re.I)


def is_single_strength(product_name: str) -> bool:
    """True for a juice at single strength whose name says "concentrate" ("Orange juice from concentrate",
    "Reconstituted apple juice", "Orange juice, not from concentrate"): juice, not the concentrate itself."""
    return bool(_SINGLE_STRENGTH.search(product_name))


def factor_is_extract(entry: ExtractYield, factor_name: str) -> bool:
    """True when a factor's name already says the extract ("Olive oil, extra virgin" for olives in olive
    oil): its value is per kg of product, and the yield must not be applied on top."""
    extract_words = set(entry.product_words) - set(entry.ingredient_words)
    return bool(extract_words & set(lemma_words(factor_name)))

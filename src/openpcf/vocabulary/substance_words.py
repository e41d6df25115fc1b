"""Words that name a substance, and words that name a class of purchases: what a head noun that is neither
must be.

A market whose head noun names a material or a substance ("polyethylene", "sodium hydroxide", "Makrolon",
"ferrochromium") can be a background activity; a head noun that no material, chemical, trade or database
name contains — "armrest", "wiper blade", "toggle", "hinge" — names a thing made for a use, which a
practitioner decomposes into its parts and materials (issue 17, fifth round; read by
:mod:`openpcf.systems.offline.triage` together with the offline material vocabulary and the picklist's
own words).

- :func:`substance_words` — every word, as :func:`openpcf.vocabulary.tokens.tokenize` writes it, of
  openpcf's substance-identity tables: common, historical and regional names of chemicals, fuels and foods
  and their database names, chemical codes and formulas' names, abbreviations and trade names with their
  expansions, CAS Registry names, IUPAC and Colour Index names (:mod:`.common_names`,
  :mod:`.abbreviations`, :mod:`.cas_numbers`, :mod:`.systematic_names`, :mod:`.trade_names`). The
  everyday *articles* of :data:`.common_names.ARTICLE_MATERIALS` are left out on purpose (a "jerrycan" is
  a made thing); their materials are in.
- :func:`has_chemical_ending` — a word that ends like a systematic chemical name ("-ane", "-ol", "-ide" …)
  names a substance whatever the tables hold: a guard for chemical names the tables lack.
- :data:`CATEGORY_WORDS` — words with which a buyer names a class of purchases rather than one thing
  ("packaging materials", "minor ingredients", "plating service", "alloying elements"): neither a
  substance nor a made thing, so they never count as a made thing. Written from general purchasing and
  LCA practice.

Pure data; the tables are read once.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from openpcf.vocabulary.abbreviations import ABBREVIATIONS
from openpcf.vocabulary.cas_numbers import CAS_NUMBERS
from openpcf.vocabulary.common_names import ARTICLE_MATERIALS, CODES, COMMON_NAMES, FORMULAS
from openpcf.vocabulary.systematic_names import COLOUR_INDEX_NAMES, SYSTEMATIC_NAMES
from openpcf.vocabulary.tokens import tokenize
from openpcf.vocabulary.trade_names import TRADE_NAMES

#: Words that name a class of purchases, not a thing (singular, as the tokenizer writes them).
CATEGORY_WORDS: frozenset[str] = frozenset(
    {
        "material",
        "ingredient",
        "additive",
        "agent",
        "auxiliary",
        "service",
        "package",
        "product",
        "element",
        "component",
        "part",
        "supply",
        "good",
        "item",
        "mix",
        "chemical",
        "substance",
        "input",
        "consumable",
        "feedstock",
        "commodity",
        "energy",
        "utility",
        "raw",
        "metal",
        "waste",
    }
)


#: Endings of systematic chemical names (alkanes, alkenes, alkynes, alcohols, binary compounds, metals and
#: their cations, radicals, sugars, minerals, amines, polymers): a word of seven letters or more so ended
#: names a substance even when no table holds it ("dodecane", "isohexide", "trehalose"). Not "-ate",
#: "-ine" and "-one", which as many made things end in (laminate, machine, telephone).
CHEMICAL_ENDINGS: tuple[str, ...] = ("ane", "ene", "yne", "ol", "ide", "ium", "yl", "ose", "ite", "amine", "omer", "ymer")


def has_chemical_ending(word: str) -> bool:
    """Whether a word of seven letters or more ends like a systematic chemical name
    (:data:`CHEMICAL_ENDINGS`)."""
    return len(word) >= 7 and word.endswith(CHEMICAL_ENDINGS)


def words_of(names: Iterable[str]) -> frozenset[str]:
    """Every token of the given names (:func:`openpcf.vocabulary.tokens.tokenize`)."""
    return frozenset(t for name in names for t in tokenize(name))


@cache
def substance_words() -> frozenset[str]:
    """Every word of openpcf's substance-identity tables, keys and database names alike (see the module
    docstring); the article names of ``ARTICLE_MATERIALS`` are not included, their materials are."""
    return words_of(
        [
            *COMMON_NAMES,
            *COMMON_NAMES.values(),
            *CODES.values(),
            *FORMULAS.values(),
            *ABBREVIATIONS,
            *ABBREVIATIONS.values(),
            *CAS_NUMBERS.values(),
            *SYSTEMATIC_NAMES,
            *SYSTEMATIC_NAMES.values(),
            *COLOUR_INDEX_NAMES.values(),
            *TRADE_NAMES,
            *TRADE_NAMES.values(),
            *ARTICLE_MATERIALS.values(),
        ]
    )

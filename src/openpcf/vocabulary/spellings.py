"""British ↔ American spellings of the words found in material and activity names: one table, and the
three ways openpcf uses it.

- :data:`NORMAL_SPELLING` — every variant → the one form names are normalised to
  (:func:`openpcf.vocabulary.names.normalise_name`): the American spelling, except *aluminium*, which is
  also the IUPAC name and the one LCA databases use; plus other names of the same polymer.
- :data:`DATABASE_SPELLING` — what a practitioner types in American spelling → how LCA databases
  (ecoinvent) write it, added to a search query (:mod:`openpcf.search.query`).
- :func:`fold_spelling` — British stems → American ones inside any text, so that "moulding" meets
  "molding" when an extraction query is compared with a document (both folded the same way).

Pure data and functions; no other module keeps a spelling table (the PCFBench scorer excepted, on
purpose: see :mod:`openpcf.vocabulary`).
"""

from __future__ import annotations

import re

#: (British, American) spellings of the same word.
SPELLING_PAIRS: tuple[tuple[str, str], ...] = (
    ("aluminium", "aluminum"),
    ("sulphur", "sulfur"),
    ("sulphuric", "sulfuric"),
    ("sulphate", "sulfate"),
    ("sulphide", "sulfide"),
    ("fibre", "fiber"),
    ("fibres", "fibers"),
    ("colour", "color"),
    ("tyre", "tire"),
    ("tyres", "tires"),
    ("caesium", "cesium"),
    ("litre", "liter"),
    ("metre", "meter"),
    ("favour", "favor"),
    ("moulded", "molded"),
    ("moulding", "molding"),
)

#: Pairs whose British form is the normal one (IUPAC and database usage).
BRITISH_NORMAL = frozenset({"aluminium"})

#: Other names of the same polymer → the name used.
POLYMER_SYNONYMS: dict[str, str] = {
    "polyethene": "polyethylene",
    "polythene": "polyethylene",
    "polypropene": "polypropylene",
}

NORMAL_SPELLING: dict[str, str] = {
    **{(us if uk in BRITISH_NORMAL else uk): (uk if uk in BRITISH_NORMAL else us) for uk, us in SPELLING_PAIRS},
    **POLYMER_SYNONYMS,
}

#: British forms a query is expanded with when it uses the American one (the database spelling). "sulfur"
#: gets both, as databases write both.
_DATABASE_WRITES_BRITISH = ("aluminium", "fibre", "fibres", "tyre", "tyres", "colour")
DATABASE_SPELLING: dict[str, str] = {
    **{us: uk for uk, us in SPELLING_PAIRS if uk in _DATABASE_WRITES_BRITISH},
    "sulfur": "sulfur, sulphur",
}

#: Stems folded British → American by :func:`fold_spelling`, in this order (substrings: "mould" also folds
#: "moulding", "sulph" every sulphur word). "tonne" → "ton" and the -ise/-ize verbs are folded here too.
FOLDED_STEMS: tuple[tuple[str, str], ...] = (
    ("mould", "mold"),
    *((uk, dict(SPELLING_PAIRS)[uk]) for uk in ("aluminium", "fibre", "litre", "colour")),
    ("sulph", "sulf"),
    ("tonne", "ton"),
    ("amortis", "amortiz"),
    ("utilis", "utiliz"),
)


def fold_spelling(text: str) -> str:
    """Lower-case ``text`` and fold British stems to American ones ("Moulded fibre" → "molded fiber")."""
    text = text.lower()
    for old, new in FOLDED_STEMS:
        text = re.sub(old, new, text)
    return text


_SULPH = re.compile(r"\b(\w*)sulph", re.IGNORECASE)


def iupac_spelling(text: str) -> str:
    """The British "sulph-" spelt the IUPAC way inside ``text``, case kept ("sulphate" → "sulfate",
    "disulphide" → "disulfide", "SULPHATE" → "SULFATE"); the ecoinvent picklist spells "sulf-"."""
    return _SULPH.sub(lambda m: m.group(1) + ("SULF" if m.group(0)[-5:].isupper() else "sulf"), text)

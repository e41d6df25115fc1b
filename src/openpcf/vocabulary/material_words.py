"""Words that say what kind of input a material is: recycled rather than virgin, packaging rather than
product. One word table for recycling, and the patterns each reader builds from it.

The readers differ on purpose, and each says which words it takes and why:

- :data:`RECYCLED_IN_NAME` — a component name marks a recycled input ("Aluminium scrap (post-consumer)",
  "PCR PET", "glass cullet"); :data:`RECYCLED_NOISE` is what is stripped from such a name to find the
  base material (the same words, "from recycling", "material" and shares such as "100 %"; "cullet" is
  kept because it names the material).
- :data:`RECYCLED_TOKENS` — the same idea on normalised, stemmed tokens, for name matching
  (:func:`openpcf.vocabulary.names.token_overlap`).
- :data:`RECYCLED_FACTOR` — a factor or activity *is* recycled material ("Glass, recycled (closed-loop
  source)", "aluminium, secondary, from old scrap"): word prefixes, and the factor vocabulary
  "closed loop" and "reprocess"; not "recycling" (in factor names that is a treatment service).
- :data:`RECYCLED_MARKERS` — a need or an activity says secondary material (offline mapping and the
  triage features): every *recycl…* and *remelt…* word, post-/pre-consumer, reclaimed, recovered.
- :data:`RECYCLED_EMPHASIS` — a product text stresses recycled content (offline decomposition):
  *recycl…*, scrap(s), secondary, *remelt…* and "circular".
- :data:`RECYCLED_BEFORE`, :data:`RECYCLED_START`, :data:`ALREADY_RECYCLED` — a mention in a product text is
  called recycled ("100% recycled nylon"), unless its material already is the recycled route (offline
  decomposition).

Not here, on purpose: the PCFBench scorer's own qualifier list (see :mod:`openpcf.vocabulary`).
"""

from __future__ import annotations

import re

#: The words of recycling, each as a regular expression of its written forms (case-insensitive).
RECYCLING_WORDS: dict[str, str] = {
    "recycled": r"recycled",
    "recycling": r"recycling",
    "recycl-": r"recycl\w*",  # recycled, recycling, recyclate, recyclable …
    "scrap": r"scrap",
    "scraps": r"scraps?",
    "post-consumer": r"post[- ]?consumer",
    "pre-consumer": r"pre[- ]?consumer",
    "secondary": r"secondary",
    "remelted": r"remelted",
    "remelt-": r"remelt\w*",
    "reclaimed": r"reclaimed",
    "regrind": r"regrind",
    "regenerated": r"regenerated",
    "re-refined": r"re-?refined",
    "cullet": r"cullet",
    "recovered": r"recovered",
    "pcr": r"pcr",  # post-consumer recycled
    "pir": r"pir",  # post-industrial recycled
    "closed-loop": r"closed[- ]loop",
    "reprocess": r"reprocess",
    "circular": r"circular",
}


def _forms(*words: str) -> str:
    return "|".join(RECYCLING_WORDS[w] for w in words)


_IN_NAME = ("recycled", "recycling", "scraps", "post-consumer", "pre-consumer", "secondary", "remelted",
            "reclaimed", "regrind", "regenerated", "re-refined")
RECYCLED_IN_NAME = re.compile(rf"\b({_forms(*_IN_NAME, 'cullet', 'recovered', 'pcr', 'pir')})\b", re.IGNORECASE)
RECYCLED_NOISE = re.compile(
    rf"\b({_forms('recycled', 'recycling')}|from recycling|{_forms(*_IN_NAME[2:], 'recovered')}|material"
    rf"|{_forms('pcr', 'pir')}|100\s*%|\d+\s*%)\b",
    re.IGNORECASE,
)
RECYCLED_TOKENS = frozenset({"recycled", "secondary", "scrap", "postconsumer", "regranulate", "reclaimed", "cullet",
                             "remelted", "recovered", "recycling"})
RECYCLED_FACTOR = re.compile(
    rf"\b({_forms('recycled', 'secondary', 'closed-loop', 'scrap', 'cullet')}|remelt|{_forms('reprocess')})",
    re.IGNORECASE,
)
RECYCLED_MARKERS = re.compile(
    rf"\b(?:{_forms('recycl-')}|post-consumer|pre-consumer|{_forms('scrap', 'secondary', 'remelt-', 'reclaimed', 'recovered')})\b",
    re.IGNORECASE,
)
RECYCLED_EMPHASIS = re.compile(
    rf"\b{_forms('recycl-')}|\b{_forms('scraps')}\b|\b{_forms('secondary')}\b|\b{_forms('remelt-')}|\b{_forms('circular')}\b",
    re.IGNORECASE,
)

#: A recycled qualifier written right before a material mention, at most one word between ("100% recycled
#: nylon", "post-consumer PET", "recycled cotton yarn"), and the same qualifier opening a mention ("Recycled
#: cotton"); read by the offline decomposition.
_QUALIFIERS = ("recycled", "regenerated", "reclaimed", "post-consumer", "pre-consumer")
RECYCLED_BEFORE = re.compile(rf"\b(?:{_forms(*_QUALIFIERS, 'secondary')})\W+(?:\w+\W+)?$", re.IGNORECASE)
RECYCLED_START = re.compile(rf"(?:{_forms(*_QUALIFIERS)})\s", re.IGNORECASE)
#: A material that already is the recycled route (scrap, cullet, recovered paper): it takes no "recycled" prefix.
ALREADY_RECYCLED = re.compile(_forms("scrap", "recycl-", "cullet", "recovered", "secondary", "reclaimed"),
                              re.IGNORECASE)

#: A component that is packaging, not product: its role in a bill of materials.
PACKAGING = re.compile(
    r"\b(packaging|package|packing|pallets?|cartons?|crates?|wrapping|stretch film|lids?|caps?|closures?|labels?)\b",
    re.IGNORECASE,
)

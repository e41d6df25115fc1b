"""Generic-class fallback: an unspecified chemical is proxied by the catalog's generic class activity.

LCA practice: when a catalyst, additive or other auxiliary chemical has no dataset of its own, the
practitioner takes the database's generic class record ("chemical, organic", "chemical, inorganic",
"pesticide, unspecified" ...). Small embedders rarely rank those records high, because their text
names a class, not the need. This module decides, from general cues only:

- which catalog records are generic chemical classes (:func:`generic_class`): a material whose
  description says it is an average or mixture of several substances (broadest), or a substance whose
  reference product is qualified "unspecified" or "generic"; the broadest present class is used;
- whether a query reads as an auxiliary-chemical need (:func:`auxiliary_cues`): it names a function
  word such as catalyst, additive, agent, reagent, stabiliser;
- whether the specific matches are weak (:func:`specific_matches_weak`): none of the best specific
  hits names any of the query's function words, i.e. the catalog has no dataset for that function.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from openpcf.catalog.records import ActivityRecord
from openpcf.search.filters import Role
from openpcf.search.lexical import tokenize

# Function words of auxiliary chemicals (stems: a token matches when it starts with one; "catalys" and
# "catalyt" match anywhere, so "organocatalysts" counts). "chemical" itself is not one: it names
# industries in purchaser context ("bought by a chemical company") as often as needs.
FUNCTION_WORDS = (
    "catalys",
    "additive",
    "agent",
    "auxiliar",
    "reagent",
    "initiator",
    "accelerator",
    "inhibitor",
    "stabiliser",
    "stabilizer",
    "plasticiser",
    "plasticizer",
    "surfactant",
    "promoter",
    "ligand",
    "antioxidant",
    "retardant",
    "dispersant",
    "emulsifier",
    "crosslinker",
)
# How many of the best specific hits are read when judging whether the specific matches are weak.
WEAK_DEPTH = 3
# Rank the generic record is moved up to (at worst) when the specific matches are not weak.
FALLBACK_RANK = 5

_GENERIC_QUALIFIER = {"unspecified", "generic"}
_SUBSTANCE = re.compile(r"\b(?:substances?|chemicals?)\b", re.IGNORECASE)
# "an unweighted average of 20 pure, organic substances", "an arithmetic mixture of 15 ... solvents"
_CLASS_AVERAGE = re.compile(
    r"\b(?:average|mixture|mean) of \d+\b[^.]{0,80}?\b(?:substances|chemicals|solvents)\b",
    re.IGNORECASE,
)


def generic_class(record: ActivityRecord, role: Role) -> int:
    """How broad a generic chemical class the record is: 2 = an average or mixture of several
    substances ("chemical, organic"), 1 = a substance qualified "unspecified" or "generic"
    ("organophosphorus-compound, unspecified"), 0 = not a generic chemical class (any specific
    product, any non-material, and generic non-chemicals such as "cable, unspecified")."""
    if role != "material":
        return 0
    head = (record.description or "")[:400]
    if _CLASS_AVERAGE.search(head):
        return 2
    parts = [p.strip().lower() for p in record.label.split(",")]
    return 1 if len(parts) > 1 and _GENERIC_QUALIFIER & set(parts[1:]) and _SUBSTANCE.search(head) else 0


def _stem(token: str) -> str | None:
    if "catalys" in token or "catalyt" in token:
        return "catalys"
    return next((w for w in FUNCTION_WORDS if token.startswith(w)), None)


def auxiliary_cues(text: str) -> set[str]:
    """The function words (stems) of auxiliary chemicals the text names; empty for a plain material."""
    return {s for s in (_stem(t) for t in tokenize(text)) if s is not None}


def names_function(record: ActivityRecord, cues: set[str]) -> bool:
    """Whether the record's label names one of the function words."""
    return bool(auxiliary_cues(record.label) & cues)


def specific_matches_weak(
    records: Sequence[ActivityRecord], top_specific: Sequence[int], cues: set[str]
) -> bool:
    """No one of the best ``WEAK_DEPTH`` specific hits names a function word of the query."""
    return not any(names_function(records[i], cues) for i in top_specific[:WEAK_DEPTH])


def insert_generic(ranked: list[int], generic: int, weak: bool) -> list[int]:
    """``ranked`` with ``generic`` at rank 1 (weak specific matches) or at rank ≤ ``FALLBACK_RANK``;
    a generic record already ranked higher stays where it is."""
    target = 0 if weak else FALLBACK_RANK - 1
    if generic in ranked and ranked.index(generic) <= target:
        return list(ranked)
    rest = [i for i in ranked if i != generic]
    return rest[:target] + [generic] + rest[target:]

"""Specification words of a buyer's material name: words that say which grade, purity, colour, form,
standard or pack of a material is bought, not which material — and not its fabrication level.

A bill of materials names a material the way a purchasing department orders it: "polypropylene
homopolymer, injection grade, natural, pellets", "sodium carbonate 99.5 % light, 25 kg bag", "hot-rolled
plate S355 EN 10025". A practitioner reads every one of those as the material a database names without
the specification ("polypropylene, granulate"; "soda ash, light"); the specification may change the
number a little, never what the thing is (issue 17, sixth round). Read by
:mod:`openpcf.systems.offline.triage`, whose level test must not count these words as words the activity
fails to say.

- :data:`GRADE_WORDS` — grade and quality words said on their own ("technical", "reagent", "USP");
- :data:`DEFAULT_VARIANT_WORDS` — words that name the default variant a database's market stands for
  ("plain", "ordinary", "refined", "fine", "farmed"; round 8);
- :data:`USE_GRADE_MARKERS` — the words after which a use is a grade ("injection grade", "food quality"):
  the use word before them is a specification too, and a process or use word (:data:`USE_WORDS`) before
  that ("blow moulding grade");
- :data:`PURITY_WORDS` — purity, concentration and hydration words ("anhydrous", "purity", "min"); the
  hydration words are also :data:`HYDRATION_WORDS`, the one list of them (the offline material reader's
  form words read it);
- :data:`COLOUR_WORDS` — colours and finishes of a material as sold ("natural", "white", "virgin");
- :data:`SUPPLY_FORM_WORDS` — forms a bulk material is delivered in ("pellets", "flakes", "prills");
- :data:`STANDARD_WORDS` — standard bodies and designation words ("EN", "ASTM", "type", "MFI");
- :data:`PACK_WORDS` — packs, valid as a specification after a quantity ("25 kg bag", "1000 l IBC");
- :data:`FILLER_CODE` — codes that say a filler content ("GF30", "CF20"): a compound, *not* a
  specification (glass-filled nylon is its own material); :func:`filler_name` says it in words;
- :func:`specification_words` — the tokens of a name that are specification words, read in context.

Written from general purchasing and LCA practice (supplier data sheets, pharmacopoeia and standard
designations); every list is in singular, lower case, as :func:`openpcf.vocabulary.tokens.tokenize`
writes words. Pure data and one pure function.
"""

from __future__ import annotations

import re

from openpcf.vocabulary.abbreviations import ABBREVIATIONS
from openpcf.vocabulary.tokens import tokenize

#: Grade and quality words that say a grade on their own.
GRADE_WORDS: frozenset[str] = frozenset(
    {
        "grade",
        "quality",
        "technical",
        "tech",
        "industrial",
        "reagent",
        "analytical",
        "pharmaceutical",
        "pharma",
        "commercial",
        "standard",
        "premium",
        "prime",
        "usp",
        "acs",
        "fcc",
        "bp",
        "ep",
        "ph",
        "eur",
        "nf",
        "jp",
        "homopolymer",
        "copolymer",
    }
)

#: Words that name the default variant of a commodity, the one a database's market stands for: the
#: ordinary product as traded ("plain flour", "ordinary Portland cement", "conventional" against organic),
#: the refined commodity grade of a metal, oil or sugar ("refined copper": the metal a market sells), a
#: fineness or trade grade ("fine gold", "special high grade zinc") and the usual production system of a
#: farmed commodity ("farmed salmon": aquaculture is the database default). Their opposites are not here: a
#: non-default route ("organic", "recycled", "free-range", "wild-caught") says a different product.
DEFAULT_VARIANT_WORDS: frozenset[str] = frozenset(
    {
        "plain",
        "ordinary",
        "regular",
        "conventional",
        "generic",
        "refined",
        "fine",
        "special",
        "farmed",
    }
)

#: Words after which the word before is a use-grade ("injection grade", "food quality", "film type").
USE_GRADE_MARKERS: frozenset[str] = frozenset({"grade", "quality", "type"})

#: Process and use words that, before a use-grade word, belong to the same use-grade phrase ("blow
#: moulding grade", "fibre spinning grade", "rotational moulding quality").
USE_WORDS: frozenset[str] = frozenset(
    {
        "injection",
        "blow",
        "extrusion",
        "rotational",
        "compression",
        "transfer",
        "film",
        "fibre",
        "fiber",
        "sheet",
        "pipe",
        "cable",
        "wire",
        "food",
        "feed",
        "battery",
        "electronic",
        "optical",
        "solar",
        "cosmetic",
    }
)

#: Hydration words: the water of crystallisation a salt is sold with, or none ("nickel sulfate
#: hexahydrate" is nickel sulfate, "sodium sulfate decahydrate" sodium sulfate). The one list of them:
#: the offline material reader's form words
#: (:data:`openpcf.systems.offline.material_need.FORM_WORDS`) read it from here.
HYDRATION_WORDS: frozenset[str] = frozenset(
    {
        "anhydrous",
        "hydrate",
        "monohydrate",
        "dihydrate",
        "trihydrate",
        "pentahydrate",
        "hexahydrate",
        "heptahydrate",
        "decahydrate",
    }
)

#: Purity, concentration and hydration words.
PURITY_WORDS: frozenset[str] = HYDRATION_WORDS | frozenset(
    {
        "purity",
        "pure",
        "assay",
        "min",
        "minimum",
        "max",
        "maximum",
        "percent",
        "concentration",
        "aqueous",
        "denatured",
    }
)

#: Colours and finishes of a material as sold (also "virgin": new material, the database's default).
COLOUR_WORDS: frozenset[str] = frozenset(
    {
        "natural",
        "white",
        "black",
        "brown",
        "grey",
        "gray",
        "clear",
        "transparent",
        "translucent",
        "colourless",
        "colorless",
        "uncoloured",
        "uncolored",
        "unpigmented",
        "undyed",
        "coloured",
        "colored",
        "red",
        "blue",
        "green",
        "yellow",
        "virgin",
        "ral",
        "pantone",
    }
)

#: Forms in which a bulk material is delivered (and the crystal forms of a pigment, "rutile", "anatase"; the
#: state a gas is delivered in, "compressed", "liquefied", "gaseous").
SUPPLY_FORM_WORDS: frozenset[str] = frozenset(
    {
        "pellet",
        "granule",
        "granulate",
        "granular",
        "powder",
        "powdered",
        "flake",
        "prill",
        "prilled",
        "pearl",
        "bead",
        "crystal",
        "crystalline",
        "pastille",
        "lump",
        "micronised",
        "micronized",
        "rutile",
        "anatase",
        "chopped",
        "strand",
        "roving",
        "compressed",
        "liquefied",
        "gaseous",
    }
)

#: Standard bodies and designation words ("EN 10025", "ASTM A36", "type 304", "MFI 8").
STANDARD_WORDS: frozenset[str] = frozenset(
    {
        "en",
        "iso",
        "astm",
        "din",
        "jis",
        "aisi",
        "sae",
        "uns",
        "bs",
        "ansi",
        "gb",
        "cas",
        "no",
        "nr",
        "spec",
        "specification",
        "class",
        "mfi",
        "mfr",
        "mvr",
    }
)

#: Packs of a bulk material; a specification only right after a quantity ("25 kg bag", "1 t big bag").
PACK_WORDS: frozenset[str] = frozenset(
    {"bag", "sack", "drum", "tote", "ibc", "bigbag", "big", "pail", "bottle", "can", "carton", "box", "pallet", "tanker", "bulk"}
)

#: Units written after a number ("25 kg", "80 gsm", "3 mm").
UNIT_WORDS: frozenset[str] = frozenset(
    {"g", "gr", "gsm", "kg", "mg", "t", "mm", "cm", "m", "km", "um", "µm", "micron", "mil", "ml", "cl", "l", "oz", "lb", "lbs", "x", "pc", "pcs"}
)

#: A filler content ("GF30" glass fibre, "CF20" carbon fibre, "GB10" glass beads, "MD40" mineral):
#: the name of a compound, not a specification.
FILLER_CODE = re.compile(r"^(gf|cf|gb|mf|md|tf|td|gk)\d+$")

#: What a filler code says, in the words a database writes ("nylon 6-6, glass-filled").
FILLER_NAMES: dict[str, str] = {
    "gf": "glass-filled glass fibre reinforced",
    "cf": "carbon fibre reinforced",
    "gb": "glass bead filled",
    "mf": "mineral filled",
    "md": "mineral filled",
    "tf": "talc filled",
    "td": "talc filled",
    "gk": "glass bead filled",
}


def filler_name(token: str) -> str | None:
    """The words a filler code stands for ("gf30" → glass-filled, glass fibre reinforced), or None."""
    match = FILLER_CODE.match(token)
    return FILLER_NAMES[match.group(1)] if match else None

_QUANTITY = re.compile(r"^\d")


def is_code(token: str) -> bool:
    """Whether a token is a number or an alphanumeric designation ("99", "316l", "s235jr", "10025"), not
    a filler content (:data:`FILLER_CODE`) and not a material's abbreviation ("pa66", "c12",
    :data:`openpcf.vocabulary.abbreviations.ABBREVIATIONS`)."""
    return any(ch.isdigit() for ch in token) and not FILLER_CODE.match(token) and token not in ABBREVIATIONS


def specification_words(name: str) -> frozenset[str]:
    """The tokens of ``name`` (as :func:`openpcf.vocabulary.tokens.tokenize` writes them) that are
    specification words in their place: grade, purity, colour, supply-form and standard words; numbers and
    codes (except filler contents); a use word before "grade"/"quality"/"type"; "high" before "purity"; a
    unit or a pack word after a quantity.

    "PP homopolymer injection grade natural pellets" → {homopolymer, injection, grade, natural, pellet};
    "sodium carbonate 99.5 % light" → {99, 5}; "PA6 GF30" → {} ("pa6" is a polymer's abbreviation,
    "gf30" a compound's filler)."""
    tokens = tokenize(name)
    spec = [
        _is_specification(t, tokens[i - 1] if i > 0 else "", tokens[i + 1] if i + 1 < len(tokens) else "")
        for i, t in enumerate(tokens)
    ]
    for i in range(len(tokens) - 3, -1, -1):  # "blow moulding grade": a use word before a use-grade word
        if tokens[i] in USE_WORDS and spec[i + 1] and tokens[i + 2] in USE_GRADE_MARKERS:
            spec[i] = True
    return frozenset(t for t, is_spec in zip(tokens, spec, strict=True) if is_spec)


def _is_specification(token: str, before: str, after: str) -> bool:
    """Whether ``token``, between ``before`` and ``after``, is a specification word."""
    listed = GRADE_WORDS | DEFAULT_VARIANT_WORDS | PURITY_WORDS | COLOUR_WORDS | SUPPLY_FORM_WORDS | STANDARD_WORDS
    if token in listed or is_code(token):
        return True
    if after in USE_GRADE_MARKERS or (token == "high" and after == "purity"):
        return True
    quantity = bool(_QUANTITY.match(before)) or before in UNIT_WORDS
    return (token in UNIT_WORDS or token in PACK_WORDS) and quantity

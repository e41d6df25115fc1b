"""Offline triage (PCFBench task 2): map a market directly to a background activity, or decompose it.

A practitioner maps when a background activity *is* the thing bought (grid electricity, caustic soda,
float glass) and decomposes when it is an assembly, a formulation, a blend or a material whose
specification the database cannot represent (recycled content, a finish, a multi-layer laminate).

The decision model (:data:`FEATURES`, fitted by :mod:`openpcf.systems.offline.calibration`) reads seven
pieces of evidence (issue 17; ``docs/offline.md``, Triage):

- energy carriers and utilities named in the market (every database holds them);
- assembly/part words of the market name, and a head noun that names a finished product by its form (a
  garment, a device, furniture, a machine element, a container, a prepared food …;
  :mod:`openpcf.vocabulary.product_forms`): an assembly or a product made for a use is decomposed into
  its parts and materials, unless the picklist names it at its own level;
- formulation/blend words of the market text (a formulation is decomposed into its ingredients);
- compositeness from openpcf's decomposition knowledge: the number of distinct materials the head
  phrase names (``materials.json``; :func:`materials_in_head`: a material named only by specification
  words, or a class of materials after a specific one, does not count), counting as one the materials
  that the activity at the head's level says together (``materials_apart``, :func:`materials_apart`;
  eighth round: "epoxy varnish" at the level of an "epoxy varnish" activity is one thing);
- whether the picklist names the thing at its own fabrication level (``named_at_level``,
  :func:`level_gap`): an activity the re-ranker accepts whose base name the head says, which says the
  head noun, and which leaves no word of the head unsaid but supply and form words ("copper cathode" →
  "copper, cathode"; "HDPE granulate" → "polyethylene, high density, granulate"). The specification
  words of a buyer's name (grade, purity, colour, supply form, standard, code, pack;
  :mod:`openpcf.vocabulary.specification_words`) are never unsaid words, and a whole name that is a
  common, trade or systematic name, code, formula or CAS number is read under its database name too
  (:func:`synonym_reading`; sixth round; since the ninth round also the mapper's families of names that
  name the same thing, :func:`same_thing_names`). On the dev70 split and on the three independent sets
  every market so named was labelled map;
- a head noun that names a made thing by its function (``made_thing_noun``, :func:`is_made_thing_noun`;
  fifth round): a word that no material, substance or picklist activity says and that is not a word for
  a class of purchases ("office chair armrest", "laptop keyboard", "gas hob burner") — a part or product
  named by what it does, not by what it is made of, is decomposed;
- no activity the re-ranker accepts says the head noun (``noun_unsaid``, :func:`noun_said_by_none`;
  written in the seventh round, in the model from the eighth): a thing no activity names is not a
  background activity.

Reported, not in the model: the energy words in the name of a made thing that no energy word names
(``commodity_in_made_thing``, :func:`commodity_head_count`: "heat exchanger", "water pump") and the raw
count of materials named (``materials_named``).

Other fabrication-level evidence from the picklist (the learned re-ranker's best *material* activity,
whether it is at the market's own level or at an ingredient's, the number of head words the closest
same-level activity leaves unsaid, what the market says that the activity does not) and the root-material
context are still computed and kept in the trace, but did not improve cross-validated accuracy and are
not in the model (:data:`REPORTED`).

The decision is ``P ≥ 0.5``; the confidence is ``max(P, 1 − P)``. The trace keeps every feature, the
best candidate activity, the activity at the head's level and a one-line rationale.
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

from openpcf.pcfbench.data import TriageInput, TriageRow
from openpcf.search import tokenize
from openpcf.systems.offline.calibration import Calibrator, load_calibration
from openpcf.systems.offline.decomposition import choose_family, find_mentions
from openpcf.systems.offline.decomposition_knowledge import materials
from openpcf.systems.offline.material_need import (
    FORM_WORDS,
    RECYCLED_WORDS,
    MaterialNeed,
    expand,
    normalise_text,
    read_need,
    recycled_mismatch,
)
from openpcf.systems.offline.picklist_search import Candidate, PicklistSearch
from openpcf.systems.offline.reranker import Reranker, candidate_features, load_reranker
from openpcf.systems.protocol import SolverResult
from openpcf.vocabulary.abbreviations import ABBREVIATIONS
from openpcf.vocabulary.cas_numbers import cas_material
from openpcf.vocabulary.common_names import CODES, COMMON_NAMES, FAMILY_CODES, FAMILY_NAMES, FORMULAS
from openpcf.vocabulary.product_forms import is_mill_form, product_form_nouns
from openpcf.vocabulary.specification_words import filler_name, specification_words
from openpcf.vocabulary.spellings import iupac_spelling
from openpcf.vocabulary.substance_words import CATEGORY_WORDS, has_chemical_ending, substance_words, words_of
from openpcf.vocabulary.systematic_names import SYSTEMATIC_NAMES
from openpcf.vocabulary.trade_names import TRADE_NAMES

FEATURES = (
    "commodity_cues",
    "assembly_cues",
    "formulation_cues",
    "materials_apart",
    "named_at_level",
    "made_thing_noun",
    "noun_unsaid",
)
# Evidence computed for the trace and for the fitting script's selection report, not in the model.
REPORTED = (
    "product_form_cues",
    "assembly_words",
    "level_gap",
    "noun_at_level",
    "match",
    "head_coverage",
    "names_head_noun",
    "same_product",
    "same_level",
    "ingredient_level",
    "uncovered_words",
    "extra_words",
    "family_parts",
    "has_family",
    "list_cues",
    "root_overlap",
    "processing_cues",
    "recycled_cues",
    "name_words",
    "commodity_in_made_thing",
    "materials_named",
)

_ASSEMBLY = re.compile(
    r"\b(?:assembl\w*|housing|enclosure|components?|parts?|module|unit|kit|set|frame|device|"
    r"subassembl\w*|board|harness|system|container|fabric)\b"
)
_LIST = re.compile(r"\band\b|/|,|\+|\bor\b|&")
_FORMULATION = re.compile(
    r"\b(?:blend\w*|mix\w*|formulat\w*|package|compound\w*|concentrates?|dispersion|emulsion|ingredients?|"
    r"preparation|multi-?\w+|composite|laminat\w*|alloy(?:ing)?|solution)\b"
)
_PROCESSING = re.compile(
    r"\b(?:pre-?\w+|coated|anodi[sz]ed|finish\w*|moulded|molded|extruded|machined|printed|dyed|cast|forged|"
    r"shredded|woven|knitted|rolled|remelted|impact)\b"
)
_COMMODITY = re.compile(
    r"\b(?:electricity|electrical power|grid|natural gas|water|steam|heat|thermal energy|diesel|fuel|"
    r"nitrogen|argon|oxygen|compressed air|lubricant)\b"
)


def _count(pattern: re.Pattern[str], text: str) -> float:
    return float(len(pattern.findall(text)))


# Words that say how a thing is supplied or which route is meant, not a different thing: a database's
# market for the thing is the same activity ("primary aluminium ingot", "HDPE granulate", "polycarbonate
# resin", "raw cow milk", "grid electricity"; "titanium metal" is the element as a metal, eighth round). The
# form words of the material reader count too.
SUPPLY_WORDS = frozenset(
    {
        *FORM_WORDS,
        "ingot",
        "resin",
        "bead",
        "virgin",
        "primary",
        "raw",
        "grid",
        "process",
        "bulk",
        "technical",
        "industrial",
        "grade",
        "pure",
        "metal",
        "monomer",
    }
)
# A need whose head still differs from the activity by this many words or more counts as unnamed.
NO_LEVEL = 4


def _spelled(tokens: list[str] | tuple[str, ...]) -> list[str]:
    """Tokens with British "sulph-" written as the IUPAC "sulf-" (sulphate → sulfate), the one spelling
    difference of chemical names that acronym expansion does not cover."""
    return [iupac_spelling(t) for t in tokens]


# Class words a buyer writes after a polymer's code ("ABS plastic", "EPDM rubber"): the code names the thing.
_CLASS_NOUNS = frozenset({"plastic", "plastics", "rubber", "polymer", "resin"})


def head_noun(need: MaterialNeed) -> str:
    """The noun of the market's head phrase: its last word that is not a supply or form word
    (:data:`SUPPLY_WORDS`) nor a specification word of the buyer's name
    (:func:`openpcf.vocabulary.specification_words.specification_words`: "PA6 natural pellets" is
    polyamide), as the tokenizer writes it ("primary aluminium ingot" → "aluminium")."""
    own = _spelled(tokenize(need.head))
    spec = set(_spelled(list(specification_words(need.head))))
    nouns = [t for t in own if t.isalpha() and t not in SUPPLY_WORDS]
    plain = [t for t in own if (t.isalpha() or t in ABBREVIATIONS) and t not in SUPPLY_WORDS and t not in spec]
    if len(plain) >= 2 and plain[-1] in _CLASS_NOUNS:  # "ABS plastic", "EPDM rubber": the code is the thing
        codes = {w.lower() for w in re.findall(r"\b[A-Z][A-Z0-9-]{1,}\b", need.head)}
        if plain[-2] in codes:
            return plain[-2]
    return plain[-1] if plain else nouns[-1] if nouns else (need.head_noun or "")


def same_thing_names(table: Mapping[str, str]) -> dict[str, str]:
    """The entries of a names → database names table that name the same thing, not an article's material
    (ninth round): a name whose last word its database name says ("sack kraft paper" → kraft paper), a
    one-word name its database name says under another spelling ("ferrochrome" → ferrochromium), or a code
    of six characters or fewer. A longer one-word name the database name does not say may be an article
    read as its material (a word for a brake part → cast iron), which would make a part look like the
    material the database holds."""
    out = {}
    for key, value in table.items():
        words, said = _spelled(tokenize(key)), _spelled(tokenize(value))
        one_word = len(words) == 1 and (len(key) <= 6 or _says({words[0]}, said))
        if one_word or (len(words) > 1 and words[-1] in said):
            out[key] = value
    return out


@lru_cache(maxsize=1)
def _synonym_table() -> dict[tuple[str, ...], str]:
    """Whole names → database names, from openpcf's identity tables (common, systematic and trade names,
    upper-case codes, formulas), keyed by their tokens."""
    table: dict[tuple[str, ...], str] = {}
    # ninth round: the mapper's families of names and codes (read-only), those that name the same thing
    families = (same_thing_names(FAMILY_NAMES), FAMILY_CODES)
    for source in (*families, COMMON_NAMES, SYSTEMATIC_NAMES, TRADE_NAMES, CODES, FORMULAS):
        for key, value in source.items():
            table.setdefault(tuple(_spelled(tokenize(key))), value)
    return table


def synonym_reading(need: MaterialNeed) -> MaterialNeed | None:
    """The need read under the database name its whole head stands for — a CAS number, or a common,
    systematic or trade name, code or formula once the specification words are left out ("caustic soda
    flakes" → "sodium hydroxide", "IPA 99 %" → "isopropanol"); ``None`` when there is none, when it is
    the name itself, or when its noun is a modifier of the name (a table that reads a processed product
    as its raw material, "<fruit> paste" → "<fruit>", names an ingredient, not a synonym)."""
    material = cas_material(need.head)
    spec = set(_spelled(list(specification_words(need.head))))
    plain = tuple(t for t in _spelled(tokenize(need.head)) if t not in spec)
    if not material:
        material = _synonym_table().get(plain)
    if not material or set(_spelled(tokenize(material))) == set(plain):
        return None
    reading = read_need(material)
    modifiers = set(plain) - {head_noun(need)}
    return None if head_noun(reading) in modifiers else reading


@lru_cache(maxsize=4)
def known_words(search: PicklistSearch) -> frozenset[str]:
    """Every word that names a material or substance somewhere openpcf can look: the offline material
    vocabulary (``materials.json``, names and synonyms), the substance-identity tables
    (:func:`openpcf.vocabulary.substance_words.substance_words`) and every word of the picklist's
    reference products (its activities, materials and services)."""
    offline = words_of([s for m in materials() for s in (m.name, *m.synonyms)])
    picklist = frozenset(t for tokens in search.tokens for t in tokens)
    return offline | substance_words() | picklist


def is_made_thing_noun(noun: str, known: frozenset[str], name: str = "") -> bool:
    """Whether a head noun names a made thing by its function: a word of three letters or more that no
    material, substance or picklist activity says (:func:`known_words`), that is not a word for a class
    of purchases (:data:`openpcf.vocabulary.substance_words.CATEGORY_WORDS`), that does not end like a
    systematic chemical name (:func:`openpcf.vocabulary.substance_words.has_chemical_ending`) and that the
    market ``name`` does not write in capitals (a code or a brand, "PLANOLUX"). "Armrest", "hinge",
    "keyboard" are; "polyethylene", "cathode" (a picklist word), "ingredients" and "dodecane" are not."""
    if len(noun) <= 2 or not noun.isalpha() or noun in known or noun in CATEGORY_WORDS:
        return False
    if has_chemical_ending(noun):
        return False
    capitals = set() if name.isupper() else {w.lower() for w in re.findall(r"\b[A-Z][A-Z0-9-]{2,}\b", name)}
    return not any(w == noun or w.startswith(noun) for w in capitals)


def written_expansions(head: str) -> dict[str, set[str]]:
    """For every token of a head phrase, the tokens of its word's expansion as written (case kept, so a
    two-letter code in capitals expands: "PP" → "polypropylene"; "HDPE" → "polyethylene, high density"), and
    a filler code its words ("GF30" → glass-filled)."""
    out: dict[str, set[str]] = {}
    for word in re.split(r"[\s,;()]+", head):
        expanded = set(_spelled(tokenize(expand(word)))) if word else set()
        for t in _spelled(tokenize(word)):
            filler = filler_name(t)
            out.setdefault(t, set()).update(expanded - {t}, tokenize(filler) if filler else ())
    return out


# Materials of ``materials.json`` that name a class of materials: said after a specific one ("EPDM
# rubber", "ABS plastic") they name its class, not a second material.
_CLASS_MATERIALS = frozenset({"plastics", "rubber"})


def materials_in_head(head: str) -> set[str]:
    """The distinct materials of ``materials.json`` a head phrase names, not counting one named only by
    specification words ("ferric chloride 40 % aqueous solution" names one material, not water too;
    "titanium dioxide rutile" one, not the rutile ore), and a class of materials only when no specific
    right before it ("EPDM rubber" names EPDM; "wood-plastic composite" two materials)."""
    return {m.material.name for m in _head_mentions(head)}


def _head_mentions(head: str) -> list[Any]:
    """The material mentions :func:`materials_in_head` counts (one per place in the head)."""
    spec = specification_words(head)
    mentions = [m for m in find_mentions(head, None) if not (tokenize(m.text) and set(tokenize(m.text)) <= spec)]
    ends = {m.position + len(m.text) for m in mentions if m.material.name not in _CLASS_MATERIALS}
    return [
        m
        for m in mentions
        if not (m.material.name in _CLASS_MATERIALS and any(head[e : m.position].strip() == "" for e in ends if e <= m.position))
    ]


def materials_apart(head: str, activity: Candidate | None) -> set[str]:
    """The materials of the head (:func:`materials_in_head`) that the activity at the head's level does not
    hold together: the materials whose words the activity says count as one thing, the database's own
    product ("masonry cement mortar" at the level of "cement mortar", "white alkyd paint" at the level of
    "alkyd paint, white" name one thing, not a mixture to decompose); with no activity at the head's level,
    every material counts."""
    mentions = _head_mentions(head)
    if activity is None:
        return {m.material.name for m in mentions}
    said = set(_spelled(activity.tokens))
    held = {m.material.name for m in mentions if set(_spelled(tokenize(m.text))) <= said}
    apart = {m.material.name for m in mentions} - held
    return apart | ({min(held)} if held else set())


_CONCENTRATION = re.compile(r"(?:\d\s*(?:%|percent|wt\s*%|wt)\s*|aqueous\s+|water\s+)solution\b|\bsolution\s+in\s+water\b")


def formulation_count(text: str) -> float:
    """Formulation/blend words of the market text (lower case), not counting a solution written with its
    concentration ("50 % solution", "aqueous solution": one substance in water, which a database names
    "without water, in 50 % solution state")."""
    return max(0.0, _count(_FORMULATION, text) - _count(_CONCENTRATION, text))


def level_unsaid(need: MaterialNeed, candidate: Candidate) -> list[str] | None:
    """The words of the market's head phrase an activity does not say (:func:`level_gap` counts them), when the activity stands at
    the head's own fabrication level; ``None`` when it does not.

    At the head's level means: every word of the activity's base name (before the first comma) is said by
    the head (acronyms expanded: "HDPE" says "polyethylene, high density"), and the activity says the
    head's noun (:func:`head_noun`). "Copper cathode" → "copper, cathode" is at its level with gap 0;
    "aluminium housing" → "aluminium, cast alloy" is not (the activity does not say "housing": it is an
    ingredient); "organic soft cheese" → "cheese, fresh" is at the level of cheese with gap 2 (a
    specification the activity does not represent). Two readings of database names (issue 17, fourth
    round): a one-word category before the first comma stands at the head's level when the head noun is
    said after it ("newsprint" → "paper, newsprint"; "nonwoven polypropylene" → "textile, nonwoven
    polypropylene"); and a word the activity says only as a grade label does not say the head noun ("PET
    bottle" → "polyethylene terephthalate, granulate, bottle grade" is the material of a bottle, not a
    bottle). Supply and form words never count as a gap, nor, from the sixth round, do the specification
    words of a buyer's name (grade, purity, colour, supply form, standard, code, pack:
    :func:`openpcf.vocabulary.specification_words.specification_words`; "PP homopolymer injection grade
    natural pellets" → "polypropylene, granulate" has gap 0); a head word counts as said when it or its
    expansion is, and the head noun when its expansion as written is ("HDPE" → "polyethylene").
    """
    spec = set(_spelled(list(specification_words(need.head))))
    own = [t for t in _spelled(tokenize(need.head)) if t not in spec]
    head = set(_spelled(tokenize(expand(need.head))))
    noun = head_noun(need)
    if not noun:
        return None
    written = written_expansions(need.head)
    tokens = _spelled(candidate.tokens)
    said = set(tokens)
    names_thing = {t for i, t in enumerate(tokens) if i + 1 >= len(tokens) or tokens[i + 1] != "grade"}
    parts = candidate.reference_product.split(",")
    base = _spelled(tokenize(parts[0]))
    if not base:
        return None
    noun_forms = {noun, *tokenize(expand(noun)), *written.get(noun, ())}
    head_list = sorted(head)
    if not all(_base_word_said(base, i, head_list) for i in range(len(base))) and not _category_names(
        base, noun, noun_forms, parts
    ):
        return None
    if not any(_spelt_as(f, [t for t in tokens if t in names_thing]) for f in noun_forms):
        return None
    return [
        t
        for t in own
        if len(t) > 1
        and not _spelt_as(t, tokens)
        and t not in SUPPLY_WORDS
        and not any(e in said for e in tokenize(expand(t)))
        and not any(e in said for e in written.get(t, ()))
        and not any(_spelt_as(e, tokens) for e in written.get(t, ()))
        and not (t in _CLASS_NOUNS and t != noun and own[-1] == t)  # "ABS plastic": the class after a code
    ]


# Words of an activity's base name that say the class of a polymer its other words already name
# ("ethylene vinyl acetate copolymer" is the ethylene vinyl acetate a buyer writes; ninth round).
_POLYMER_CLASS_WORDS = frozenset({"copolymer", "homopolymer", "polymer"})


def _base_word_said(base: list[str], i: int, head: list[str]) -> bool:
    """Whether the head says word ``i`` of an activity's base name: as :func:`_spelt_as` reads it, as a
    polymer class word (:data:`_POLYMER_CLASS_WORDS`), or written together with its neighbour ("polyvinyl
    chloride" is said by the one word "polyvinylchloride" of a code's expansion; ninth round)."""
    t = base[i]
    if t in _POLYMER_CLASS_WORDS or _spelt_as(t, head):
        return True
    return (i + 1 < len(base) and t + base[i + 1] in head) or (i > 0 and base[i - 1] + t in head)


def _category_names(base: list[str], noun: str, noun_forms: set[str], parts: list[str]) -> bool:
    """Whether an activity's one-word base name is a category whose first qualifier names the head noun
    ("paper, newsprint"; "textile, nonwoven polypropylene"): the noun itself, or every word of its
    expansion ("HDPE" → polyethylene, high, density). Ninth round: a word of the noun's expansion alone
    ("high" of "HDPE" in "containerboard, high quality") or the noun in a later qualifier, where a
    database writes a process or a use ("storage, bulk goods, pumice-dried"), is no name of the thing."""
    if len(base) != 1 or len(parts) < 2:
        return False
    first = set(_spelled(tokenize(parts[1])))
    expansion = noun_forms - {noun}
    return noun in first or (bool(expansion) and expansion <= first)


def _gerund_of(word: str, tokens: list[str] | set[str]) -> bool:
    """Whether ``word`` is the "-ing" name of a length of a thing ``tokens`` say, its final "e" dropped
    ("tubing" → tube, "piping" → pipe, "tiling" → tile; ninth round). Only the dropped-"e" form counts:
    "casting", "coating", "bearing" are not the "cast", "coat" or "bear" of a name."""
    return len(word) >= 6 and word.endswith("ing") and word[:-3] + "e" in tokens


def _spelt_as(word: str, tokens: list[str]) -> bool:
    """Whether ``tokens`` say ``word``: as a token, as two tokens written together ("rape seed" says
    "rapeseed"), or as the same word of five letters or more with up to two letters more or less (a plural
    or the tokenizer's stem: "tomato" says "tomatoe", its reading of "tomatoes"); eighth round."""
    if word in tokens or word in {a + b for a, b in itertools.pairwise(tokens)}:
        return True
    if _gerund_of(word, tokens) or any(_gerund_of(t, {word}) for t in tokens):
        return True
    return any(
        min(len(word), len(t)) >= 5 and (word.startswith(t) or t.startswith(word)) and abs(len(word) - len(t)) <= 2
        for t in tokens
    )


def level_gap(need: MaterialNeed, candidate: Candidate) -> int | None:
    """How many words of the market's head phrase an activity does not say, when the activity stands at
    the head's own fabrication level (:func:`level_unsaid`); ``None`` when it does not."""
    unsaid = level_unsaid(need, candidate)
    return None if unsaid is None else len(unsaid)


def noun_said_by_none(need: MaterialNeed, candidates: list[Candidate]) -> bool:
    """Whether no activity of ``candidates`` says the market's head noun (:func:`head_noun`), as written or
    under its expansion ("HDPE" is said by "polyethylene") or its synonym reading, anywhere in its reference
    product (:func:`_says`). ``False`` when the head has no noun or the noun is not a thing the database
    would have to name: a specification, supply or class-of-purchase word ("packaging materials"), a
    semi-finished form (a "copper sheet" is copper; :func:`openpcf.vocabulary.product_forms.is_mill_form`)
    or a material itself (an unsaid "potatoes" is a retrieval miss). "Plate heat exchanger" matched only by
    heat and steel activities: no activity says "exchanger"."""
    noun = head_noun(need)
    spec = set(_spelled(list(specification_words(need.head))))
    singular = noun.removesuffix("s")
    if (
        not noun
        or noun in spec
        or noun in SUPPLY_WORDS
        or noun in CATEGORY_WORDS
        or singular in CATEGORY_WORDS
        or is_mill_form(noun)
    ):
        return False
    forms = {noun, *tokenize(expand(noun)), *written_expansions(need.head).get(noun, ())}
    readings = [r for r in (synonym_reading(need),) if r is not None]
    forms |= {head_noun(r) for r in readings}
    # the noun is itself a material: an unsaid name is a spelling or retrieval miss
    if materials_in_head(noun):
        return False
    return not any(_says(forms, _spelled(c.tokens)) for c in candidates)


def _says(forms: set[str], tokens: list[str]) -> bool:
    """Whether activity ``tokens`` say one of ``forms``: as a token, as two tokens written together
    ("rape seed" says "rapeseed"), as a word sharing its first seven letters or more ("ferrochromium"
    says "ferrochrome") or as the same word of five letters or more with up to two letters more or less
    (a plural or a spelling: "tomato" says "tomatoe", the tokenizer's "tomatoes")."""
    said = set(tokens) | {a + b for a, b in itertools.pairwise(tokens)}
    if forms & said:
        return True
    if any(_gerund_of(f, tokens) for f in forms):
        return True
    return any(
        (len(f) >= 7 and len(t) >= 7 and f[:7] == t[:7])
        or (min(len(f), len(t)) >= 5 and (f.startswith(t) or t.startswith(f)) and abs(len(f) - len(t)) <= 2)
        for f in forms
        for t in tokens
    )


# Words for the physical state a gas or liquid is sold in ("nitrogen gas", "oxygen, liquid").
_PHASE_WORDS = frozenset({"gas", "gases", "liquid", "liquefied", "vapour", "vapor", "supply"})


def commodity_head_count(need: MaterialNeed) -> float:
    """Energy-carrier and utility words (:data:`_COMMODITY`) that name the thing bought: the match must
    say the head noun (:func:`head_noun`), or the head noun must be a supply or specification word. "Tap
    water", "process steam", "grid electricity" count; in "heat exchanger" or "water pump" the word names
    what the made thing is for, not the thing bought."""
    noun = head_noun(need)
    head = need.head.lower()
    spec = set(_spelled(list(specification_words(need.head))))
    hits = 0.0
    for m in _COMMODITY.finditer(head):
        words = set(tokenize(m.group(0)))
        if noun in words or noun in _PHASE_WORDS or noun in SUPPLY_WORDS or noun in spec or noun in CATEGORY_WORDS:
            hits += 1.0
    return hits


def level_evidence(
    need: MaterialNeed, scored: list[tuple[float, Candidate]], *, accept: float = 0.5
) -> tuple[int, Candidate | None]:
    """The smallest :func:`level_gap` over the material and service activities the re-ranker accepts
    (P ≥ ``accept``), with that activity; recycled activities count only when the market asks for recycled
    material. A service counts because a market can be the service itself ("injection moulding",
    "industrial laundry"), which the database holds as a service activity.
    Returns (:data:`NO_LEVEL`, None) when no accepted activity stands at the head's level."""
    best: tuple[int, Candidate | None] = (NO_LEVEL, None)
    readings = [r for r in (need, synonym_reading(need)) if r is not None]
    for p, c in scored:
        if p < accept or recycled_mismatch(need.text, c.reference_product):
            continue
        for reading in readings:
            gap = level_gap(reading, c)
            if gap is not None and gap < best[0]:
                best = (gap, c)
    return best


def _closest_unsaid(need: MaterialNeed, activity: Candidate | None) -> list[str]:
    """The head words the activity at the head's level leaves unsaid (the market's own reading or its
    synonym reading, whichever leaves fewer); empty when there is no such activity."""
    if activity is None:
        return []
    found = [u for r in (need, synonym_reading(need)) if r is not None and (u := level_unsaid(r, activity)) is not None]
    return min(found, key=len) if found else []


def triage_features(
    inp: TriageInput, search: PicklistSearch, *, k: int = 20, reranker: Reranker | None = None
) -> tuple[dict[str, float], dict[str, Any]]:
    """The evidence features of one market (:data:`FEATURES` and :data:`REPORTED`) and the best candidate.

    Model features: ``commodity_cues`` (energy carriers and utilities in the name), ``assembly_cues``
    (assembly/part words in the name, plus 1 when the head noun names a finished product,
    :mod:`openpcf.vocabulary.product_forms`; the two parts are reported as ``assembly_words`` and
    ``product_form_cues``, the latter counting every finished-product noun of the head),
    ``formulation_cues`` (formulation/blend words in name and description), ``materials_apart`` (distinct
    materials of openpcf's vocabulary named in the head phrase, those the activity at the head's level says
    together counted once, :func:`materials_apart`; the raw count is reported as ``materials_named``),
    ``named_at_level`` (an accepted material or service activity names the head at its own level,
    :func:`level_gap` = 0; when the head has a :func:`synonym_reading`, its database name is searched
    too), ``made_thing_noun`` (the head noun is a word no material, substance or
    picklist activity says, :func:`is_made_thing_noun`).

    ``noun_unsaid`` (no activity the re-ranker accepts says the head noun, :func:`noun_said_by_none`; in the
    model since the eighth round). Reported, seventh round: ``commodity_in_made_thing`` (the energy words of the name when the head
    noun is a made thing — a finished product, a made-thing noun or a noun no accepted activity says — that
    no energy word names, :func:`commodity_head_count`).

    Reported fabrication-level evidence: the learned re-ranker picks the best *material* activity for the
    market's head phrase; ``match`` is its score (0–1), ``head_coverage`` the share of the head words it
    names, ``uncovered_words`` the number it does not name (a specification the activity does not
    represent), ``names_head_noun`` whether it names the head noun, ``ingredient_level`` whether it names
    another head word but not the head noun (a "steel housing" matched by "steel" is matched at an
    ingredient's level), ``same_level`` the score (0–1) of the best material activity whose base name
    (before the first comma) names the head noun (0: none), ``same_product`` whether that base name is the
    head itself, ``extra_words`` the share of its base-name words the market does not say. Decomposition
    knowledge: ``family_parts`` = components of the typical bill of materials of the product family the
    head phrase points to (0: none known), ``has_family`` = 1 when that bill has two or more parts. Root
    context: ``root_overlap`` = share of the head words that repeat the product being footprinted.
    """
    model = reranker if reranker is not None else load_reranker()
    name = normalise_text(inp.market.name)
    description = read_need(normalise_text(inp.market.description or "")).text
    need = read_need(name, description[:200])
    cands, feats = candidate_features(search, need, k)
    scored = sorted(
        (
            (1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, model.score(f))))), i)
            for i, (c, f) in enumerate(zip(cands, feats, strict=True))
            if c.role == "material"
        ),
        key=lambda t: (-t[0], t[1]),
    )
    best_score, best_i = scored[0] if scored else (0.0, -1)
    at_level = [
        (1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, model.score(f))))), c)
        for c, f in zip(cands, feats, strict=True)
        if c.role in ("material", "service")
    ]
    synonym = synonym_reading(need)
    if synonym is not None:  # the database name is searched too: "caustic soda" retrieves sodium hydroxide
        syn_cands, syn_feats = candidate_features(search, read_need(synonym.head, description[:200]), k)
        at_level += [
            (1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, model.score(f))))), c)
            for c, f in zip(syn_cands, syn_feats, strict=True)
            if c.role in ("material", "service")
        ]
    gap, level_activity = level_evidence(need, at_level)
    unsaid_at_level = _closest_unsaid(need, level_activity)
    unsaid_accepted = noun_said_by_none(need, [c for p, c in at_level if p >= 0.5])
    made_noun = is_made_thing_noun(head_noun(need), known_words(search), inp.market.name)
    # an energy word inside the name of a made thing says what it is for, not what is bought ("heat
    # exchanger", "water pump"): the head noun is a made thing and no energy word names it
    made_thing = (made_noun or unsaid_accepted or bool(product_form_nouns([head_noun(need)]))) and (
        commodity_head_count(need) == 0
    )
    head_tokens = _spelled(tokenize(need.head))
    product_form = 1.0 if product_form_nouns([head_noun(need)]) else 0.0
    best = cands[best_i] if best_i >= 0 else None
    bf = feats[best_i] if best_i >= 0 else {}
    head = set(tokenize(expand(need.head)))
    best_tokens = set(best.tokens) if best is not None else set()
    noun = need.head_noun
    same_level = [
        score
        for score, i in scored
        if noun and noun in tokenize(cands[i].reference_product.split(",")[0])
    ]
    everything = head | set(tokenize(f"{need.text} {description}"))
    base = set(tokenize(best.reference_product.split(",")[0])) if best else set()
    family, _cues = choose_family(need.head, None)
    named = materials_in_head(need.head)
    root = normalise_text(inp.material_context_data.material_name or inp.material_context_data.name or "")
    root_tokens = set(tokenize(root))
    name_lower = need.text.lower()
    market_text = f"{need.text} {description}".lower()
    features = {
        "match": best_score,
        "head_coverage": bf.get("head_coverage", 0.0),
        "names_head_noun": bf.get("head_noun", 0.0),
        "same_product": bf.get("base_name", 0.0),
        "same_level": same_level[0] if same_level else 0.0,
        "ingredient_level": 1.0
        if best is not None and noun not in best_tokens and any(t in best_tokens for t in head - {noun})
        else 0.0,
        "uncovered_words": float(sum(1 for t in head if t not in best_tokens)),
        "extra_words": (sum(1 for t in base if t not in everything) / len(base)) if base else 1.0,
        "family_parts": float(len(family.components)) if family else 0.0,
        "has_family": 1.0 if family and len(family.components) >= 2 else 0.0,
        "materials_named": float(len(named)),
        "materials_apart": float(len(materials_apart(need.head, level_activity))),
        "assembly_cues": _count(_ASSEMBLY, name_lower) + product_form,
        "assembly_words": _count(_ASSEMBLY, name_lower),
        "formulation_cues": formulation_count(market_text),
        "list_cues": _count(_LIST, name_lower),
        "commodity_cues": _count(_COMMODITY, name_lower),
        "commodity_in_made_thing": _count(_COMMODITY, name_lower) if made_thing else 0.0,
        "root_overlap": (sum(1 for t in head if t in root_tokens) / len(head)) if head and root_tokens else 0.0,
        "processing_cues": _count(_PROCESSING, market_text),
        "recycled_cues": _count(RECYCLED_WORDS, market_text),
        "name_words": float(len(need.head_tokens)),
        "named_at_level": 1.0 if gap == 0 else 0.0,
        "noun_at_level": 1.0 if gap < NO_LEVEL else 0.0,
        "level_gap": float(gap),
        "product_form_cues": float(len(product_form_nouns(head_tokens))),
        "noun_unsaid": 1.0 if unsaid_accepted else 0.0,
        "made_thing_noun": 1.0 if made_noun else 0.0,
    }
    evidence_trace = {
        "head": need.head,
        "best_activity": best.reference_product if best is not None else None,
        "level_activity": level_activity.reference_product if level_activity is not None else None,
        "best_score": round(best_score, 4),
        "product_family": family.name if family else None,
        "level_unsaid": unsaid_at_level,
    }
    return features, evidence_trace


def rationale(
    should_map: bool, features: dict[str, float], best: str | None, at_level: str | None = None
) -> str:
    """One line naming the evidence behind the decision."""
    level = f"best activity '{best}', head coverage {features['head_coverage']:.2f}"
    if should_map:
        reasons = []
        if features["commodity_cues"] > 0:
            reasons.append("an energy carrier or utility, which every database holds")
        if features.get("named_at_level", 0.0) > 0:
            reasons.append(f"the picklist names it at its own level ('{at_level}')")
        why = "; ".join(reasons) or "a background activity stands for the market"
        return f"map: {why} ({level})"
    assembly_words = features.get("assembly_words", features["assembly_cues"])
    cues = ["a finished product by its form"] if features["assembly_cues"] > assembly_words else []
    cues += ["a head noun no material or activity says (a made thing)"] if features.get("made_thing_noun") else []
    cues += ["assembly"] if assembly_words > 0 else []
    cues += [
        n.replace("_cues", "")
        for n in ("formulation_cues", "processing_cues", "recycled_cues", "list_cues")
        if features[n] > 0
    ]
    if features.get("materials_apart", features["materials_named"]) >= 2:
        cues.append(f"{int(features.get('materials_apart', features['materials_named']))} materials named")
    if features.get("noun_unsaid"):
        cues.append("no accepted activity says the thing bought")
    why = f"compositeness cues: {', '.join(cues)}" if cues else "no activity matches it well enough"
    return f"decompose: {why} ({level})"


class OfflineTriage:
    """Task 2 solver (``--model offline``): deterministic, no network, explained."""

    name = "offline"

    def __init__(
        self, search: PicklistSearch, *, calibrator: Calibrator | None = None, reranker: Reranker | None = None
    ):
        self.search = search
        self.calibrator = calibrator if calibrator is not None else load_calibration("triage")
        self.reranker = reranker if reranker is not None else load_reranker()

    @classmethod
    def from_picklist(cls, picklist: str | Path, **options: Any) -> OfflineTriage:
        dense = options.pop("dense", True)
        return cls(PicklistSearch.from_file(picklist, dense=dense), **options)

    async def solve(self, row: TriageRow | dict[str, Any]) -> SolverResult:
        inp = row.input if isinstance(row, TriageRow) else TriageRow.model_validate(row).input
        if not tokenize(inp.market.name) and not tokenize(inp.market.description or ""):
            return SolverResult(error=f"market {inp.market.name!r} names nothing to triage")
        features, evidence = triage_features(inp, self.search, reranker=self.reranker)
        p_map = self.calibrator.probability(features)
        should_map = p_map >= 0.5
        return SolverResult(
            output={"should_map": should_map, "confidence": round(max(p_map, 1 - p_map), 4)},
            trace={
                "rationale": rationale(
                    should_map, features, evidence["best_activity"], evidence["level_activity"]
                ),
                "p_should_map": round(p_map, 4),
                "features": {k: round(v, 4) for k, v in features.items()},
                "calibration": self.calibrator.fitted,
                **evidence,
            },
        )

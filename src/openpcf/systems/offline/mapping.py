"""Offline mapping (PCFBench task 3): one picklist reference product for a purchased material.

How a practitioner maps, and what this solver does in that order:

1. Read the need: the mass-bearing head phrase ("nickel-tungsten *catalyst*") apart from the context
   ("… on silica, e.g. Ni/W"); add what the description, supplier and purchaser say; expand acronyms
   and trade words (LLDPE, aluminum).
2. Retrieve candidates with hybrid search (BM25 + dense e5) over the picklist.
3. Re-rank with practitioner rules:
   - a material need never maps to a waste-treatment, service or "removed by" activity (unless the need
     itself asks for scrap, a service or machining);
   - the head phrase outweighs the context: an activity that matches only words of the context — a
     trace ingredient such as the rhodium of a catalyst — is demoted, and a precious metal is never
     chosen for a need whose head noun is not that metal;
   - a functional chemical (catalyst, additive, agent …) with no activity naming its function maps to
     ecoinvent's generic proxy, "chemical, organic" or "chemical, inorganic", by the chemistry named.
4. Report the choice with a confidence (calibrated on dev data, see :mod:`openpcf.systems.offline.calibration`)
   and a short rationale; the trace lists the runners-up with their evidence.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from openpcf.factors.name_reading import concept_table
from openpcf.pcfbench.data import MappingInput, MappingRow
from openpcf.search import tokenize
from openpcf.systems.offline.calibration import Calibrator, load_calibration
from openpcf.systems.offline.material_need import (
    FUNCTIONAL_NOUNS,
    MATERIAL_FORM_WORDS,
    PART_WORDS,
    QUALIFIER_WORDS,
    MaterialNeed,
    as_material,
    expand,
    material_from_description,
    normalise_text,
    query_of,
    read_need,
    recycled_mismatch,
    role_asked_for,
    without_oxidation_state,
    without_unknown_article,
)
from openpcf.systems.offline.picklist_search import Candidate, PicklistSearch
from openpcf.systems.offline.reranker import Reranker, load_reranker, need_words, pair_features
from openpcf.systems.protocol import SolverResult

# Metals used in grams per kilogram of a product (catalysts, contacts, plating): as a mapping target
# for anything but the metal itself they overstate the footprint by orders of magnitude.
TRACE_METALS = frozenset(
    [
        "platinum",
        "palladium",
        "rhodium",
        "iridium",
        "ruthenium",
        "osmium",
        "gold",
        "silver",
        "rhenium",
        "indium",
        "gallium",
        "germanium",
        "tantalum",
        "hafnium",
        "scandium",
        "tellurium",
    ]
)
# Chemistry class words only (textbook classes, no particular compounds): which generic proxy fits.
_ORGANIC_CUES = re.compile(
    r"\b(?:organo\w*|organic|amines?|amides?|alcohols?|esters?|acrylates?|glycols?|carboxylic|aromatic|"
    r"aliphatic|tertiary|quaternary|ammonium|peroxides?|polyols?|isocyanates?|epoxy|phenols?|enzymes?)\b"
)
_INORGANIC_CUES = re.compile(
    r"\b(?:inorganic|metal\w*|oxide\w*|copper|nickel|cobalt|zinc|iron|molybdenum|vanadium|"
    r"platinum|palladium|rhodium|alumina|zeolite|silica|salt|sulfate|chloride|nitrate|carbonate|phosphate|"
    r"hydroxide|ceria|zirconia|titania)\b"
)
# The lead-containing variant of an activity that also exists lead-free ("…, Pb containing" / "…, Pb free"),
# and a need that asks for lead (leaded solder, "Pb containing", "SnPb").
_LEADED = re.compile(r"\bPb containing\b|\bSn\d+(?:\.\d+)?Pb\d+")
# (a tin-lead solder is also asked for by its ratio, "63/37" or "60/40" tin/lead — recalled solder usage)
_ASKS_LEAD = re.compile(
    r"\b(?:lead|leaded|pb|snpb|sn\d+\s*[/-]?\s*pb\d+|pb\d+|pb containing|63/37|60/40)\b", re.IGNORECASE
)
_SAYS_LEAD_FREE = re.compile(r"\b(?:lead|pb)[\s-]?free\b", re.IGNORECASE)
# A processing step named as ecoinvent names its services, the process first and the material processed after
# the comma ("wire drawing, copper", "batch dyeing, fibre, cotton", "drawing of pipe, steel", "section bar
# extrusion, aluminium"): its reference flow is the work done on a material the buyer supplies, not the
# material. Most such activities say "delivering the service" (role ``service``); these do not.
_PROCESS_BASE = re.compile(
    r"(?:^|\s)(?!packaging$|siding$|slaughtering$|building$|clothing$|bedding$|roofing$|flooring$|ceiling$|"
    r"lining$|fitting$|housing$|string$|wiring$|casing$|filling$|coating$)[a-z-]+ing$"
    r"|^[a-z-]+(?:ing|ion) of\b|\bextrusion$"
)
GENERIC_ORGANIC = "chemical, organic"
GENERIC_INORGANIC = "chemical, inorganic"


@dataclass(frozen=True)
class ScoredCandidate:
    candidate: Candidate
    score: float
    head_coverage: float
    precision: float
    notes: tuple[str, ...]
    #: the re-ranker's logit before σ and the rules (breaks ties between saturated scores)
    logit: float = 0.0
    #: the activity's base name (before ecoinvent's first comma) says the head's words, no more and no fewer
    base_name: bool = False


def need_of(inp: MappingInput) -> MaterialNeed:
    """The need with its context: description, supplier and purchaser (name, industry); its head read as the
    material it means (:func:`~openpcf.systems.offline.material_need.as_material`)."""
    purchaser = inp.purchaser_context
    purchaser_text = " ".join(
        x for x in ((purchaser.customer_industry, purchaser.customer_name) if purchaser else ()) if x
    )
    return as_material(
        read_need(
            without_oxidation_state(inp.material_name),
            inp.description,
            f"supplier: {inp.supplier}" if inp.supplier else None,
            f"buyer: {purchaser_text}" if purchaser_text else None,
        )
    )


#: The practitioner rules, by name (``OfflineMapper(rules=…)`` switches them for ablations).
RULES = (
    "role",
    "context_only",
    "recycled",
    "function",
    "trace_metal",
    "head_noun",
    "substance",
    "base_name",
    "lead_free",
    "farming_system",
    "said_qualifier",
    "said_strength",
    "said_size",
    "said_type",
    "said_variant",
    "said_designation",
    "generic_proxy",
)

#: What an activity that does not name the need's head noun loses when another candidate names it (rule
#: ``head_noun``). Scores are σ in 0–1, so 1.0 puts every candidate that names the thing bought first.
HEAD_NOUN_PENALTY = 1.0

#: What an activity loses, for a need for a substance, when another candidate's base name is the need's head
#: and its own is not (rule ``base_name``).
BASE_NAME_PENALTY = 0.2


def names_the_thing(need: MaterialNeed) -> bool:
    """True when the head noun names the substance or article bought, so an activity must name it too: not
    a function (catalyst, additive … — rule ``function``), not a form, part or grade word of the factor
    resolver's concept table (a "PET preform" maps to PET, a "steel sheet" to steel), not a short code and
    not an acronym or trade name the vocabulary expands ("HDPE" is named by its expansion, not by itself)."""
    noun = need.head_noun
    if not noun or len(noun) < 3 or not noun.isalpha() or need.functional:
        return False
    if tokenize(expand(noun)) != [noun]:
        return False
    return noun not in concept_table().forms and noun not in MATERIAL_FORM_WORDS


def require_head_noun(need: MaterialNeed, scored: list[ScoredCandidate]) -> list[ScoredCandidate]:
    """Rule ``head_noun``: when some candidate names the head noun of a need for a named thing, those that do
    not name it lose :data:`HEAD_NOUN_PENALTY` — the thing bought must be named, its context or a dense
    neighbour cannot stand in for it (a "bearing" described as "packaging" is a bearing)."""
    noun = need.head_noun
    if not names_the_thing(need) or not any(noun in s.candidate.tokens for s in scored):
        return scored
    note = f"does not name '{noun}', which another candidate names"
    return [
        s
        if noun in s.candidate.tokens
        else replace(s, score=s.score - HEAD_NOUN_PENALTY, notes=(*s.notes, note))
        for s in scored
    ]


# Words of an expansion too general to say which substance it is ("polyethylene, high density": "high" and
# "density" say a grade, "polyethylene" the substance).
_GENERAL_WORDS = frozenset(
    {"high", "low", "medium", "density", "general", "purpose", "linear", "grade", "rigid", "flexible", "foam"}
)


# A word that says a state or treatment, not a substance: a past participle ("polished", "dried", "frozen",
# "woven"; not "-eed": "rapeseed" is a substance) or an everyday state word ("fresh", "raw", "cold").
_STATE_WORD = re.compile(
    r"[a-z]{3,}(?<!e)ed|frozen|molten|woven|broken|fresh|raw|dry|wet|cold|hot|warm|new|used"
)


# Class words an expansion ends with ("ethylene propylene diene monomer, synthetic rubber"): they name the class,
# which other substances share, not the substance.
_CLASS_WORDS = frozenset({"rubber", "plastic", "synthetic", "polymer", "resin", "fibre", "fiber", "natural"})


def substance_words(word: str) -> frozenset[str]:
    """The words that name the substance one modifier says, as the database would: the word itself and the words
    of its reading (:func:`as_material`, then acronyms expanded) — "PA66" → {pa66, nylon, polyamide}, "nickel" →
    {nickel}; without form, qualifier and grade words ("HDPE" names polyethylene, not "high")."""
    reading = as_material(read_need(word)).head
    words = set(tokenize(word)) | set(tokenize(expand(reading)))
    return frozenset(
        t
        for t in words
        if t.isalpha()
        and len(t) >= 3
        and t not in _GENERAL_WORDS
        and t not in MATERIAL_FORM_WORDS
        and t not in QUALIFIER_WORDS
        and t not in PART_WORDS
    )


def substance_of(need: MaterialNeed, scored: Sequence[ScoredCandidate]) -> frozenset[str] | None:
    """The substance a need for a shape or part names before its part word (tenth pass): "PA66 gear wheels" →
    the words of nylon 6-6, "natural latex foam core" → {latex}, "tin bronze bushings" → {tin, bronze}. None when
    the head noun is not a part or form word (:data:`~openpcf.systems.offline.material_need.PART_WORDS`, the form
    words) or no candidate names a modifier. Qualifier, state, form and part words are no substance. A modifier the
    vocabulary reads as a material ("PMMA", "IGBT", "PA66") is the substance when there is one (the words of every
    such modifier); else the words of every modifier some candidate names."""
    noun = need.head_noun
    if not noun or need.functional or (noun not in PART_WORDS and noun not in MATERIAL_FORM_WORDS):
        return None
    words = need.head.split()
    last = max((i for i, w in enumerate(words) if noun in tokenize(w)), default=None)
    if not last:
        return None
    named: list[tuple[bool, frozenset[str]]] = []
    for word in words[:last]:
        tokens = [t for t in tokenize(word) if any(ch.isalpha() for ch in t)]  # "pa66" is a word too
        if not tokens or all(
            t in QUALIFIER_WORDS or t in PART_WORDS or t in MATERIAL_FORM_WORDS or _STATE_WORD.fullmatch(t)
            for t in tokens
        ):
            continue
        keys = substance_words(word)
        if not keys or not any(keys & set(s.candidate.tokens) for s in scored):
            continue
        # read as a material by the vocabulary: an acronym or trade name it expands, or a code in capitals it reads
        # ("IGBT"); not an everyday word the tables also read ("power" as electricity)
        read = expand(word) != word or (
            sum(ch.isupper() for ch in word) >= 2
            and tokenize(as_material(read_need(word)).head) != tokenize(word)
        )
        named.append((read, keys))
    chosen = [keys for read, keys in named if read] or [keys for _, keys in named]
    return frozenset().union(*chosen) if chosen else None


def require_substance(
    need: MaterialNeed, scored: list[ScoredCandidate], substance: frozenset[str]
) -> list[ScoredCandidate]:
    """Rule ``substance`` (tenth pass): for a need for a shape or part of a named substance ("PA66 gear wheels",
    "spinach leaves"), an activity that does not name the substance loses :data:`HEAD_NOUN_PENALTY` — the part
    word is a form, the substance is what is bought (an activity naming both, "clay brick" for "clay bricks",
    keeps its place)."""
    note = f"does not name the substance ({', '.join(sorted(substance))}) the part is made of"
    out = [
        s
        if substance & set(s.candidate.tokens)
        else replace(s, score=s.score - HEAD_NOUN_PENALTY, notes=(*s.notes, note))
        for s in scored
    ]
    # an activity that names the part for that substance ("fish block, hake" for "hake blocks") is the product
    # itself: then the part word must be named too
    # (named by its own words, not a class word it shares with others — "rubber" of EPDM and of a natural rubber
    # seal —, and by an activity no other rule rejects — not "waste, from silicon wafer production")
    noun = need.head_noun
    own = substance - _CLASS_WORDS
    if not any(noun in s.candidate.tokens and own & set(s.candidate.tokens) and not s.notes for s in scored):
        # else the substance named as a product: an activity whose base name says only the substance's words
        # ("nickel, class 1" for "nickel anodes") beats one that names it among others ("nickel sulfate")
        def plain(s: ScoredCandidate) -> bool:
            base = {t for t in tokenize(s.candidate.reference_product.split(",")[0]) if t.isalpha()}
            return bool(base) and base <= substance

        if not any(plain(s) and not s.notes for s in out):
            return out
        note = "its base name is not the substance, another candidate's is"
        return [
            s if plain(s) else replace(s, score=s.score - BASE_NAME_PENALTY, notes=(*s.notes, note))
            for s in out
        ]
    note = f"does not name '{noun}', which an activity of the substance names"
    return [
        s
        if noun in s.candidate.tokens
        else replace(s, score=s.score - HEAD_NOUN_PENALTY, notes=(*s.notes, note))
        for s in out
    ]


def process_step(reference_product: str) -> str | None:
    """The process an activity performs when its base name (before ecoinvent's first comma) names a processing
    step rather than a product — "wire drawing, copper" → "drawing", "drawing of pipe, steel" → "drawing",
    "section bar extrusion, aluminium" → "extrusion" — else None. Products named with an -ing noun
    ("packaging, for fertilisers", "chicken for slaughtering") are not steps."""
    base = reference_product.split(",")[0].strip().lower()
    if " for " in base or not _PROCESS_BASE.search(base):
        return None
    words = base.split()
    return words[0] if " of " in base else words[-1]


def score_candidate(
    need: MaterialNeed,
    c: Candidate,
    rank: int,
    *,
    asked: str | None,
    reranker: Reranker,
    rules: frozenset[str] = frozenset(RULES),
) -> ScoredCandidate:
    """Evidence score of one candidate for a need: the learned re-ranker's σ(logit) (0–1), then the
    practitioner rules' penalties. ``rank`` is the candidate's 0-based hybrid rank."""
    head, everything = need_words(need)
    features = pair_features(need, c, rank, head=head, everything=everything)
    logit = reranker.score(features)
    score = 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, logit))))
    head_cov, precision = features["head_coverage"], features["precision"]
    cand = c.tokens
    notes: list[str] = []
    role = c.role
    step = process_step(c.reference_product) if role == "material" else None
    if step and step not in set(tokenize(need.head)) and step not in set(tokenize(need.context)):
        role = "service"  # a processing step the need does not name ("wire drawing" for "copper wire rod")
    if role != "material" and len(cand) > 1 and set(cand) <= set(need.head_tokens):
        role = "material"  # the head says every word of it ("AZ91 diecast" names "magnesium-alloy, AZ91, diecast")
    if "role" in rules and role != "material" and role != asked:
        score -= 0.5
        notes.append(f"a {role} activity, not a material")
    context_words = everything - head
    if (
        "context_only" in rules
        and head
        and head_cov == 0
        and any(t in context_words for t in cand)
        and not need.functional
    ):
        # Context informs the choice, it never replaces the head: a "bearing" described as "packaging"
        # is still a bearing, not a packaging activity.
        score -= 0.15
        notes.append("matches only the context, none of the head words")
    need_text = f"{need.text} {need.context}"
    # the head as read counts too: "rPET" is read as recycled polyethylene terephthalate
    if "recycled" in rules and recycled_mismatch(f"{need_text} {need.head}", c.reference_product):
        score -= 0.15
        notes.append(_RECYCLED_NOTE)
    if (
        "lead_free" in rules
        and _LEADED.search(c.reference_product)
        and not _ASKS_LEAD.search(_SAYS_LEAD_FREE.sub(" ", need_text))
    ):
        # RoHS (EU directive 2002/95/EC, in force 2006, and its successors): electronics are lead-free unless
        # the buyer says otherwise
        score -= 0.15
        notes.append("a lead-containing variant, and the need does not ask for lead")
    if "function" in rules and need.functional and need.head_noun not in cand:
        score -= 0.25
        notes.append(f"does not name a {need.head_noun}: an ingredient or feature of it, not what is bought")
    metal = next((t for t in cand if t in TRACE_METALS), None)
    if "trace_metal" in rules and metal and metal not in head:
        score -= 0.4
        notes.append(f"{metal} is a trace ingredient here")
    base_words = tokenize(c.reference_product.split(",")[0])
    # the activity names the head: its base name ends with the head noun, says no word the head does not,
    # and the whole name says every head word — "sugar, from sugar beet" is the sugar of "beet sugar", "sugar
    # beet" (the same words) is the crop it is made from; or the name says exactly the head's words, each as
    # often ("nylon 6, glass-filled" for "glass-filled nylon 6", not "nylon 6-6, glass-filled")
    # (a form word of the head need not be said: "nickel, class 1" names the nickel of "nickel briquettes")
    core = {t for t in head if t not in MATERIAL_FORM_WORDS} or head
    says_head = bool(base_words) and (
        (base_words[-1] == need.head_noun and set(base_words) <= head and core <= set(cand))
        or Counter(cand) == Counter(need.head_tokens)
    )
    return ScoredCandidate(c, score, head_cov, precision, tuple(notes), logit, says_head)


_RECYCLED_NOTE = "a recycled material, and the need does not ask for recycled content"


def recycled_when_only_it_says_the_head(scored: list[ScoredCandidate]) -> list[ScoredCandidate]:
    """Part of rule ``recycled``: a recycled activity keeps its score when it alone says every head word (no
    virgin candidate covers the head as fully: "polystyrene foam slab with graphite, 6% recycled" is the only
    graphite slab), since virgin material is the default only where the database offers it."""
    recycled = [s for s in scored if _RECYCLED_NOTE in s.notes]
    if not recycled:
        return scored
    best_virgin = max((s.head_coverage for s in scored if _RECYCLED_NOTE not in s.notes), default=0.0)
    out = []
    for s in scored:
        if _RECYCLED_NOTE in s.notes and s.head_coverage >= 1.0 > best_virgin:
            note = "recycled, but no virgin activity says every head word"
            notes = tuple(n for n in s.notes if n != _RECYCLED_NOTE) + (note,)
            s = replace(s, score=s.score + 0.15, notes=notes)
        out.append(s)
    return out


def prefer_base_name(need: MaterialNeed, scored: list[ScoredCandidate]) -> list[ScoredCandidate]:
    """Rule ``base_name``: for a need for a substance (not a function), when some candidate's base name is the
    need's head ("sodium hydroxide, without water, in 50% solution state" for "sodium hydroxide"), those whose
    base name is something else ("neutralising agent, sodium hydroxide-equivalent") lose
    :data:`BASE_NAME_PENALTY`: ecoinvent names a product first and qualifies it after the comma, so a product
    named as something else that merely mentions the need is another product."""
    if need.functional:
        return scored
    # an activity named as the head but penalised by another rule (a recycled or lead-containing variant, a
    # service) does not count: "acrylonitrile-butadiene-styrene, pellets, recycled" is named as the head of a
    # need for virgin ABS, but it is not the product asked for
    scored = [replace(s, base_name=False) if s.base_name and s.notes else s for s in scored]
    if not any(s.base_name for s in scored):
        return scored
    note = "its base name is not the need's head, another candidate's is"
    return [
        s if s.base_name else replace(s, score=s.score - BASE_NAME_PENALTY, notes=(*s.notes, note))
        for s in scored
    ]


def generic_chemical(need: MaterialNeed) -> str:
    """ecoinvent's generic proxy for an unspecified chemical, by the chemistry the need names."""
    text = normalise_text(need.text).lower()
    organic = len(_ORGANIC_CUES.findall(text))
    inorganic = len(_INORGANIC_CUES.findall(text))
    return GENERIC_INORGANIC if inorganic > organic else GENERIC_ORGANIC


def same_kind(need: MaterialNeed, best: ScoredCandidate | None) -> bool:
    """True when the best activity is the need's kind of functional product: it names the function (the head
    noun, "catalyst") and at least half of its words are said by the need. "Metal catalyst for catalytic
    converter" is a phase-transfer catalyst's function but not its kind; a practitioner then uses ecoinvent's
    generic chemical, not another product that happens to share the function word."""
    if best is None or need.head_noun not in best.candidate.tokens:
        return False
    if best.precision >= 0.5:
        return True
    # ecoinvent's state suffix (", without solvent, in 47.5% solution state") says the form it is sold in, not
    # its kind: the kind is read from the other words ("printing ink, offset" for an offset ink)
    kind = [t for t in best.candidate.tokens if t not in _STATE_WORDS and not any(ch.isdigit() for ch in t)]
    said = set(need.head_tokens) | set(need.context_tokens)
    return bool(kind) and sum(t in said for t in kind) >= 0.5 * len(kind)


_STATE_WORDS = frozenset({"without", "with", "water", "solvent", "in", "solution", "state"})


def self_named_substance(need: MaterialNeed, scored: Sequence[ScoredCandidate]) -> ScoredCandidate | None:
    """For a functional need no activity names as its kind, the candidate whose base name is exactly the substance
    said before the function word (tenth pass; an "-ing" word before it belongs to the function): "n-hexane blowing
    agent" is hexane, "cresol resin binder" the cresol
    resin — a product of the database in its own right, nearer than the generic "chemical, organic" proxy. The
    words before the function word, as written, as the vocabulary reads them or (for an acronym) as it expands them,
    must be the base name's words; a candidate another rule rejects for more than not naming the function does
    not count. None when there is no such candidate."""
    words = need.head.split()
    noun = need.head_noun
    last = max((i for i, w in enumerate(words) if noun in tokenize(w)), default=None)
    if not last:
        return None
    # an "-ing" word before the function word names the function with it ("blowing agent", "curing agent")
    while last > 1 and re.fullmatch(r"[a-z]{3,}ing", words[last - 1].lower()):
        last -= 1
    modifier = " ".join(words[:last])
    if any(t in FUNCTIONAL_NOUNS for t in tokenize(modifier)):  # a function said twice ("catalyst promoter")
        return None
    readings = {
        tuple(t for t in tokenize(text) if len(t) > 1)
        for text in (modifier, as_material(read_need(modifier)).head)
    }
    expansion = set(tokenize(expand(modifier))) if expand(modifier) != modifier else set()
    for s in scored:
        if any(not n.startswith("does not name a ") for n in s.notes):
            continue
        base = tuple(t for t in tokenize(s.candidate.reference_product.split(",")[0]) if len(t) > 1)
        if base and (base in readings or (expansion and set(base) <= expansion and len(base) > 1)):
            return s
    return None


#: Qualifier pairs ecoinvent uses to name two variants of one product ("flat glass, coated / uncoated",
#: "sulfate pulp, bleached / unbleached", "bitumen adhesive compound, hot / cold", "… oil, crude / refined",
#: "hydrated lime, loose / packed"): a need that says one of them is not the other.
QUALIFIER_OPPOSITES = (
    ("coated", "uncoated"),
    ("bleached", "unbleached"),
    ("hot", "cold"),
    ("crude", "refined"),
    ("loose", "packed"),
)
_ASKS_PACKED = re.compile(
    r"\b(?:packed|packaged|bagged|bags?|sacks?|big[\s-]?bags?|pallets?|palletised|palletized|bundles?)\b"
    r"|\b\d+\s*kg\b"
)


def prefer_said_qualifier(
    need: MaterialNeed, scored: list[ScoredCandidate], search: PicklistSearch
) -> list[ScoredCandidate]:
    """Rule ``said_qualifier``: an activity that says the opposite of a qualifier the need says loses 0.15
    ("Low-E coated glass" is not "flat glass, uncoated"; "cold rolled coil" is not "…, hot rolled"); and with
    nothing said of packing, "X, packed" loses 0.15 to "X, loose" or "X" when the picklist has it — bulk is the
    default, as virgin material and conventional farming are (a "25 kg" or "bags" asks for packed)."""
    text = normalise_text(f"{need.text} {need.context}").lower()
    said = set(tokenize(text))
    packed_asked = bool(_ASKS_PACKED.search(text))
    out = []
    for s in scored:
        tokens = set(s.candidate.tokens)
        label = s.candidate.reference_product
        notes = []
        for a, b in QUALIFIER_OPPOSITES:
            for mine, other in ((a, b), (b, a)):
                if mine in said and other not in said and other in tokens and mine not in tokens:
                    notes.append(f"says '{other}', the need says '{mine}'")
        if ", packed" in label and not packed_asked and "packed" not in said:
            bulk = (label.replace(", packed", ", loose"), label.replace(", packed", ""))
            if any(search.index_of(b) is not None for b in bulk):
                notes.append("a packed variant, and the need says nothing of packing")
        if notes:
            s = replace(s, score=s.score - 0.15 * min(1, len(notes)), notes=(*s.notes, *notes))
        out.append(s)
    return out


_PERCENT = re.compile(r"(\d+(?:[.,]\d+)?)\s*%")


def _percents(text: str) -> list[float]:
    return [float(m.group(1).replace(",", ".")) for m in _PERCENT.finditer(text)]


def prefer_said_strength(need: MaterialNeed, scored: list[ScoredCandidate]) -> list[ScoredCandidate]:
    """Rule ``said_strength``: when the need says a strength or content in % ("ethanol 96 %", "FeCr 65 % Cr")
    and candidates of one base name differ only in the % they say ("ethanol, …, in 95% solution state" /
    "… 99.7% …"), those whose % is not the nearest to the need's lose 0.15."""
    said = _percents(f"{need.text} {need.context}")
    if not said:
        return scored
    by_base: dict[str, list[tuple[int, float]]] = {}
    for i, s in enumerate(scored):
        label = s.candidate.reference_product
        stated = _percents(label)
        if stated:
            distance = min(abs(a - b) for a in stated for b in said)
            by_base.setdefault(label.split(",")[0].strip().lower(), []).append((i, distance))
    out = list(scored)
    for members in by_base.values():
        if len({d for _, d in members}) < 2:
            continue
        nearest = min(d for _, d in members)
        for i, d in members:
            if d > nearest:
                s = out[i]
                note = "says a strength farther from the need's than a sibling does"
                out[i] = replace(s, score=s.score - 0.15, notes=(*s.notes, note))
    return out


_SIZE_BOUND = re.compile(r"([<>])\s*(\d+(?:\.\d+)?)\s*(mm|cm|m)\b")
_SAID_LENGTH = re.compile(
    r"(?<![\w.])(\d+(?:[.,]\d+)?(?:\s*[x×]\s*\d+(?:[.,]\d+)?)*)\s*(mm|cm)\b", re.IGNORECASE
)
# a component's dimensions written without their unit ("radial 10x12.5"): millimetres, as datasheets give them
_SAID_DIMENSIONS = re.compile(r"(?<![\w.])(\d+(?:[.,]\d+)?(?:\s*[x×]\s*\d+(?:[.,]\d+)?)+)(?![\w.]|\s*(?:mm|cm|m)\b)")
_MM = {"mm": 1.0, "cm": 10.0, "m": 1000.0}


def said_size_mm(text: str) -> float | None:
    """The largest length a text says, in mm ("5 x 11 mm" → 11, "35 mm high" → 35, "2.5 cm" → 25), or None."""
    sizes = [
        float(n.replace(",", ".")) * _MM[m.group(2).lower()]
        for m in _SAID_LENGTH.finditer(text)
        for n in re.split(r"\s*[x×]\s*", m.group(1))
    ]
    if not sizes:  # ninth pass: "10x12.5" with no unit is in mm
        sizes = [float(n.replace(",", ".")) for m in _SAID_DIMENSIONS.finditer(text) for n in re.split(r"\s*[x×]\s*", m.group(1))]
    return max(sizes) if sizes else None


def prefer_said_size(need: MaterialNeed, scored: list[ScoredCandidate]) -> list[ScoredCandidate]:
    """Rule ``said_size``: an activity that bounds its size ("capacitor, electrolyte type, < 2cm height") loses
    0.15 when the length the need says (its largest, in mm) is on the other side of the bound; a need that says
    no length is left alone."""
    size = said_size_mm(f"{need.text} {need.context}")
    if size is None:
        return scored
    out = list(scored)
    for i, s in enumerate(scored):
        bound = _SIZE_BOUND.search(s.candidate.reference_product)
        if not bound:
            continue
        limit = float(bound.group(2)) * _MM[bound.group(3)]
        if (bound.group(1) == "<" and size >= limit) or (bound.group(1) == ">" and size <= limit):
            note = f"bounds its size ({bound.group(0)}), the need says {size:g} mm"
            out[i] = replace(s, score=s.score - 0.15, notes=(*s.notes, note))
    return out


_TYPE_QUALIFIER = re.compile(r",\s*([a-z][\w-]*) type\b", re.IGNORECASE)


def prefer_said_type(need: MaterialNeed, scored: list[ScoredCandidate]) -> list[ScoredCandidate]:
    """Rule ``said_type``: when candidates of one base name are told apart by "X type" ("capacitor,
    electrolyte type" / "capacitor, film type"; "integrated circuit, logic type" / "…, memory type") and the
    need says one of those X, the siblings that say another type lose 0.15."""
    said = set(tokenize(f"{need.head} {need.text}"))
    types: dict[str, list[tuple[int, str]]] = {}
    for i, s in enumerate(scored):
        kind = _TYPE_QUALIFIER.search(s.candidate.reference_product)
        if kind:
            base = s.candidate.reference_product.split(",")[0].strip().lower()
            types.setdefault(base, []).append((i, kind.group(1).lower()))
    out = list(scored)
    for members in types.values():
        kinds = {k for _, k in members}
        if len(kinds) < 2 or not any(set(tokenize(k)) <= said for k in kinds):
            continue
        for i, k in members:
            if not set(tokenize(k)) <= said:
                s = out[i]
                out[i] = replace(s, score=s.score - 0.15, notes=(*s.notes, f"a {k} type, the need says another"))
    return out


#: The trade's words for a form, said the database's way (ninth pass; recalled general usage): lime "lump" is
#: sold "in pieces", a plastic "film" is a "foil", "regrind" is reground flakes, "ground" or "powdered" is milled,
#: a cloth is a woven textile, wadding and spunbond are nonwovens.
FORM_SYNONYMS: dict[str, tuple[str, ...]] = {
    "lump": ("piece",),
    "lumpy": ("piece",),
    "chunk": ("piece",),
    "film": ("foil",),
    "sheeting": ("foil",),
    "regrind": ("flake",),
    "reground": ("flake",),
    "ground": ("milled",),
    "powdered": ("milled",),
    "pulverised": ("milled",),
    "micronised": ("milled", "micronised"),
    "cloth": ("woven",),
    "fabric": ("woven", "textile"),
    "spunbond": ("nonwoven",),
    "meltblown": ("nonwoven",),
    "wadding": ("nonwoven",),
    "felt": ("nonwoven",),
    "granule": ("granulate",),
    "granular": ("granulate",),
    "regranulate": ("pellet",),
    "fr": ("flame", "retardant"),
    # eleventh pass: a stage said in the trade's word (recalled general usage): polystyrene "beads" are the
    # expandable granulate, "virgin" metal is primary, road "chippings" are crushed stone, "staple" is a fibre,
    # a "filament" or "thread" a yarn
    "bead": ("expandable",),
    "virgin": ("primary",),
    "chipping": ("crushed",),
    "staple": ("fibre",),
    "filament": ("yarn",),
    "thread": ("yarn",),
}


def _said_words(need: MaterialNeed) -> set[str]:
    """Every word the need says (head as read, name, context), with the database's words for the forms it
    names (:data:`FORM_SYNONYMS`); a word right after a percentage ("37 % solids", "65 % protein") says what the
    figure measures and counts only when the head says it too."""
    text = f"{expand(need.head)} {need.text} {need.context}"
    # the word after a percentage says what is measured, not a variant ("37% solids" is a solution's content)
    measured = set(tokenize(" ".join(_MEASURED_AFTER_PERCENT.findall(text))))
    words = set(tokenize(_MEASURED_AFTER_PERCENT.sub("%", text))) - (measured - set(tokenize(need.head)))
    return words | {w for t in words for w in FORM_SYNONYMS.get(t, ())}


_MEASURED_AFTER_PERCENT = re.compile(r"(?<=%)\s*([A-Za-z]+)")


def _qualifier_words(reference_product: str) -> set[str]:
    """The words an activity says after its base name (ecoinvent's first comma), numbers dropped."""
    _, _, rest = reference_product.partition(",")
    return {t for t in tokenize(rest) if t.isalpha() and len(t) > 1}


# The words of ecoinvent's state suffix (", without water, in 50% solution state"): boilerplate of the form a
# chemical is sold in, said by chance by a need that names "water treatment" or "water-based".
_SUFFIX_WORDS = frozenset({"without", "with", "water", "state"})


def prefer_said_variant(need: MaterialNeed, scored: list[ScoredCandidate]) -> list[ScoredCandidate]:
    """Rule ``said_variant`` (ninth pass): among candidates of one base name, a sibling loses 0.15 when another
    says more of the need's words after the comma, and no larger share of its own words goes unsaid — the
    sibling named by what the buyer says of form, stage, grade or origin ("rHDPE pellets" → "polyethylene, high
    density, pellets, recycled", not "polyethylene, pellets, recycled"; "quicklime lump" → "…, in pieces, …";
    "flame-retardant PU foam" → "…, flexible foam, flame retardant"), while a long name that says one more word
    by chance among many the need does not say wins nothing. A word of the head as read counts twice (the grade
    said in the name outweighs a process said in the context); words of the base name said again after the comma
    and those of the state suffix ("without water … state") do not count. Only a sibling that no other rule
    rejects and that says at least half of its own words sets the standard."""
    said = _said_words(need)
    head = set(tokenize(expand(need.head)))
    groups: dict[str, list[tuple[int, int, float]]] = {}
    for i, s in enumerate(scored):
        label = s.candidate.reference_product
        base = label.split(",")[0].strip().lower()
        own = _qualifier_words(label) - set(tokenize(base)) - _SUFFIX_WORDS
        hits = own & said
        weight = sum(2 if w in head else 1 for w in hits)
        groups.setdefault(base, []).append((i, weight, len(hits) / len(own) if own else 1.0))
    out = list(scored)
    for members in groups.values():
        # the standard: a sibling no other rule rejects that says at least half of its own words
        standards = [(n, share) for i, n, share in members if not scored[i].notes and n > 0 and share >= 0.5]
        for i, n, share in members:
            if any(m > n and other >= share for m, other in standards):
                s = out[i]
                note = "a sibling says more of what the need says after the base name"
                out[i] = replace(s, score=s.score - 0.15, notes=(*s.notes, note))
    return out


# A sub-class written after a Roman class number ("CEM II/A", "CEM III/B"; EN 197-1 and the like).
_DESIGNATION = re.compile(r"\b([IVX]{1,4})\s*/\s*([A-C])(?![a-z])", re.IGNORECASE)


def prefer_said_designation(need: MaterialNeed, scored: list[ScoredCandidate]) -> list[ScoredCandidate]:
    """Rule ``said_designation`` (ninth pass): an activity that names a class and sub-class ("cement, CEM II/B")
    loses 0.15 when the need names the same class with another sub-class ("CEM II/A-LL 42.5 R")."""
    said = {m.group(1).upper(): m.group(2).upper() for m in _DESIGNATION.finditer(f"{need.text} {need.head}")}
    if not said:
        return scored
    out = []
    for s in scored:
        for m in _DESIGNATION.finditer(s.candidate.reference_product):
            cls, sub = m.group(1).upper(), m.group(2).upper()
            if cls in said and said[cls] != sub:
                note = f"names {cls}/{sub}, the need {cls}/{said[cls]}"
                s = replace(s, score=s.score - 0.15, notes=(*s.notes, note))
                break
        out.append(s)
    return out


#: Farming-system qualifiers ecoinvent appends to a product that also exists without them.
FARMING_QUALIFIERS = (", organic", ", Swiss integrated production")
_ASKS_FARMING = re.compile(
    r"\b(?:organic|organically|bio|biologique|biologico|oko|eco|integrated production)\b"
)


def prefer_conventional(
    need: MaterialNeed, scored: list[ScoredCandidate], search: PicklistSearch
) -> list[ScoredCandidate]:
    """Rule ``farming_system``: "potato, organic" loses 0.15 to "potato" when the picklist has both and the
    need says nothing of organic or integrated production — the unqualified product (conventional farming)
    is the default, as a virgin material is for a need that does not ask for recycled content."""
    if _ASKS_FARMING.search(normalise_text(f"{need.text} {need.context}").lower()):
        return scored
    out = []
    for s in scored:
        label = s.candidate.reference_product
        plain = label
        for qualifier in FARMING_QUALIFIERS:
            plain = plain.replace(qualifier, "")
        if plain != label and search.index_of(plain) is not None:
            note = f"a farming-system variant of '{plain}', which the need does not ask for"
            s = replace(s, score=s.score - 0.15, notes=(*s.notes, note))
        out.append(s)
    return out


#: The sibling rules that read only the need and the scored list, in the order they run (each may be
#: switched off by name in ``rules``); ``base_name`` runs after them, since an activity they reject does not
#: count as named like the head.
SIBLING_RULES: tuple[tuple[str, Callable[[MaterialNeed, list[ScoredCandidate]], list[ScoredCandidate]]], ...] = (
    ("said_strength", prefer_said_strength),
    ("said_size", prefer_said_size),
    ("said_type", prefer_said_type),
    ("said_variant", prefer_said_variant),
    ("said_designation", prefer_said_designation),
)

class OfflineMapper:
    """Task 3 solver (``--model offline``): deterministic, no network, explained."""

    name = "offline"

    def __init__(
        self,
        search: PicklistSearch,
        *,
        calibrator: Calibrator | None = None,
        k: int = 30,
        rules: Sequence[str] | None = None,
        reranker: Reranker | None = None,
    ):
        self.search = search
        self.reranker = reranker if reranker is not None else load_reranker()
        self.calibrator = calibrator if calibrator is not None else load_calibration("mapping")
        self.k = k
        #: every word of the picklist's reference products (a head noun outside it names no activity)
        self.vocabulary = frozenset(t for tokens in search.tokens for t in tokens)
        self.rules = frozenset(RULES if rules is None else rules)
        unknown = self.rules - set(RULES)
        if unknown:
            raise ValueError(f"unknown mapping rule(s) {sorted(unknown)}; known: {', '.join(RULES)}")

    @classmethod
    def from_picklist(cls, picklist: str | Path, **options: Any) -> OfflineMapper:
        dense = options.pop("dense", True)
        return cls(PicklistSearch.from_file(picklist, dense=dense), **options)

    def read(self, inp: MappingInput) -> MaterialNeed:
        """The need as the mapper searches it: an article word no activity uses is dropped from the end of
        the head first ("pipe insulation sleeves" → pipe insulation, "latex pillows" → latex); a head still
        unknown to the picklist is read from a description that names the material ("housing" described as
        "die-cast zinc alloy"). (Reading the description first, before dropping the article word, lost one
        held-out item and was not kept.)"""
        need = without_unknown_article(need_of(inp), self.vocabulary)
        return material_from_description(need, inp.description, self.vocabulary)

    def rank(self, inp: MappingInput) -> tuple[MaterialNeed, list[ScoredCandidate]]:
        need = self.read(inp)
        asked = role_asked_for(need.head)
        cands = self.search.candidates(query_of(need), self.k)
        scored = [
            score_candidate(need, c, r, asked=asked, reranker=self.reranker, rules=self.rules)
            for r, c in enumerate(cands)
        ]
        if "recycled" in self.rules:
            scored = recycled_when_only_it_says_the_head(scored)
        # a shape or part of a named substance: the substance must be named, not the part word (tenth pass)
        substance = substance_of(need, scored) if "substance" in self.rules else None
        if substance:
            scored = require_substance(need, scored, substance)
        elif "head_noun" in self.rules:
            scored = require_head_noun(need, scored)
        if "farming_system" in self.rules:
            scored = prefer_conventional(need, scored, self.search)
        if "said_qualifier" in self.rules:
            scored = prefer_said_qualifier(need, scored, self.search)
        for name, rule in SIBLING_RULES:
            if name in self.rules:
                scored = rule(need, scored)
        # the sibling rules first: an activity they reject does not count as named like the head (``base_name``)
        if "base_name" in self.rules:
            scored = prefer_base_name(need, scored)
        scored.sort(key=lambda s: (-s.score, -s.logit, s.candidate.index))
        return need, scored

    def choose(self, inp: MappingInput) -> dict[str, Any]:
        """The chosen reference product, its evidence features and the rationale."""
        need, scored = self.rank(inp)
        best = scored[0] if scored else None
        second = scored[1].score if len(scored) > 1 else 0.0
        generic = None
        if "generic_proxy" in self.rules and need.functional and not same_kind(need, best):
            generic = generic_chemical(need)
            if self.search.index_of(generic) is None:  # a catalog without the generic proxies
                generic = None
        named = self_named_substance(need, scored) if generic else None
        # the substance of a functional need is an activity in its own right (tenth pass)
        if named is not None:
            generic, best = None, named
            second = next((s.score for s in scored if s is not named), 0.0)
        if generic:
            choice = generic
            rationale = (
                f"'{need.head}' is a {need.head_noun}: a functional chemical that no picklist activity names; "
                f"mapped to the generic proxy '{generic}' by the chemistry it names"
            )
            top, margin = (best.score if best else 0.0), 0.0
        elif best is not None:
            choice = best.candidate.reference_product
            matched = [t for t in need.head_tokens if t in best.candidate.tokens]
            rationale = (
                f"best evidence for '{need.head}': head words matched {matched or 'none'}, "
                f"dense cosine {best.candidate.dense:.2f}"
                + (f"; {'; '.join(best.notes)}" if best.notes else "")
            )
            top, margin = best.score, best.score - second
        else:
            return {
                "choice": None,
                "rationale": "no candidate activity found",
                "features": {},
                "runners_up": [],
            }
        features = {
            "top": round(top, 4),
            "margin": round(margin, 4),
            "generic": 1.0 if generic else 0.0,
            "head_coverage": round(best.head_coverage, 4) if best else 0.0,
        }
        runners_up = [
            {
                "reference_product": s.candidate.reference_product,
                "score": round(s.score, 4),
                "head_coverage": round(s.head_coverage, 3),
                "dense": round(s.candidate.dense, 3),
                "role": s.candidate.role,
                "notes": list(s.notes),
            }
            for s in scored[:5]
        ]
        return {
            "choice": choice,
            "rationale": rationale,
            "features": features,
            "runners_up": runners_up,
            "need": {"head": need.head, "head_noun": need.head_noun, "context": need.context[:200]},
        }

    async def solve(self, row: MappingRow | dict[str, Any]) -> SolverResult:
        inp = row.input if isinstance(row, MappingRow) else MappingRow.model_validate(row).input
        if not tokenize(inp.material_name):
            return SolverResult(error=f"material_name {inp.material_name!r} names nothing to map")
        decision = self.choose(inp)
        if decision["choice"] is None:
            return SolverResult(error=decision["rationale"], trace=decision)
        confidence = self.calibrator.confidence(decision["features"])
        return SolverResult(
            output={"reference_product": decision["choice"], "confidence": round(confidence, 4)},
            trace={"rationale": decision["rationale"], **decision},
        )

"""A material need as a practitioner reads it: the mass-bearing head phrase versus its context.

"Hydrotreating catalyst (HDT) using nickel-molybdenum (e.g., NiMo on alumina extrudates)" names one thing
that is bought — a *catalyst* — and, in its context, the trace ingredients that make it work. Mapping the
need to an ingredient that is only mentioned in the context (nickel, molybdenum; worse, platinum or rhodium) is the classic
trace-ingredient error: the activity's factor per kg is that of the pure precious metal, thousands of
times too high. So the head phrase is kept apart from the context, and the head noun (the last word of
the head phrase, "catalyst") is kept apart from its modifiers ("hydrotreating").
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field, replace

from openpcf.search import prepare_query
from openpcf.search.lexical import tokenize
from openpcf.vocabulary.cas_numbers import cas_material
from openpcf.vocabulary.common_names import (
    domain_reading,
    ethoxylate_grade,
    known_material,
    measures_of,
    mounting_spelled_out,
    package_mounting,
    without_measures,
)
from openpcf.vocabulary.material_words import RECYCLED_MARKERS
from openpcf.vocabulary.names import singular
from openpcf.vocabulary.specification_words import HYDRATION_WORDS
from openpcf.vocabulary.spellings import iupac_spelling
from openpcf.vocabulary.translation import english_name, foreign_prose

# "Market for materials that fulfill X" / "market for X" wrappers around the need itself.
_MARKET_PREFIX = re.compile(
    r"^\s*(?:market\s+for\s+[^:]{0,80}:\s*)?(?:market\s+(?:group\s+)?for\s+)?(?:materials?\s+that\s+fulfill?s?\s+)?",
    re.IGNORECASE,
)
# Where the head phrase stops: a bracket, a clause, or a preposition that introduces context.
_HEAD_STOP = re.compile(
    r"\s*(?:[(\[;:]|,\s|\.\s|\.$|\s[-–—/]\s|\s(?:for|used|using|with|containing|contains|comprising|based|on|in|"
    r"from|made|that|which|to|as|of|suitable|where|must|and\s+other|or\s+other|e\.g|"
    # the same in the Romance languages of the language table ("para", "pour", "avec", "con", "sans" …)
    r"para|pour|avec|con|sin|sans|senza|contenant|conteniendo|"
    # German "aus" (made of, from)
    r"aus)\b)",
    re.IGNORECASE,
)
# Head nouns that name a function, not a substance: the need is the whole formulation, never one
# of the ingredients named around it (a catalyst is not its metal, an adhesive is not its resin).
FUNCTIONAL_NOUNS = frozenset(
    [
        "catalyst",
        "organocatalyst",
        "catalysts",
        "promoter",
        "initiator",
        "accelerator",
        "hardener",
        "curative",
        "agent",
        "additive",
        "additives",
        "package",
        "formulation",
        "blend",
        "compound",
        "masterbatch",
        "adhesive",
        "coating",
        "paint",
        "ink",
        "sealant",
        "binder",
        "dispersion",
        "emulsion",
        "mixture",
        "system",
        "reagent",
        "surfactant",
        "stabilizer",
        "stabiliser",
        "plasticizer",
        "plasticiser",
        "lubricant",
        "grease",
        "detergent",
        "cleaner",
    ]
)


# Words that say the form or hydration of a substance, not what it is: never the head noun ("nickel
# sulfate hexahydrate" is a sulfate, "HDPE granulate" is polyethylene). The hydration words have one owner,
# :data:`openpcf.vocabulary.specification_words.HYDRATION_WORDS`.
FORM_WORDS = HYDRATION_WORDS | frozenset(
    [
        "powder",
        "granulate",
        "granule",
        "pellet",
        "flake",
    ]
)

# Mill and trade forms of a metal, mineral or polymer (seventh pass): "lead sheet" is lead, "nickel cathode" is
# nickel metal (not a battery cathode), "zircon sand" is zircon, "spodumene concentrate" is spodumene, "palladium
# sponge" is palladium. A database names these forms only for a few products ("titanium sponge", "zinc
# concentrate"), which the base-name rule still finds: the form word stays a word of the head, it is only
# never its noun. Mapper only.
MILL_FORM_WORDS = frozenset(
    [
        "sheet",
        "plate",
        "coil",
        "strip",
        "foil",
        "bar",
        "rod",
        "wire",
        "tube",
        "pipe",
        "profile",
        "slab",
        "cathode",
        "concentrate",
        "sponge",
        "sand",
        "flake",
        "shot",
        "granule",
        "pellet",
    ]
)

# More form words the mapper skips when it reads what a name means (:func:`as_material`): a colourant named by
# its chemistry ("titanium dioxide pigment") is that chemical, "graphite anode material" is an anode,
# "charcoal lumps" charcoal, "tin ingots" tin (a cast or semi-finished form of a metal, sixth pass). Kept apart
# from :data:`FORM_WORDS`, which triage and the re-ranker's training also read, so their fitted parameters stay
# as they were.
MATERIAL_FORM_WORDS = (
    FORM_WORDS
    | frozenset(["pigment", "material", "crystal", "lump", "briquette", "prill", "ingot", "billet"])
    | MILL_FORM_WORDS
)


# Everyday qualifier words that say how a thing is sold or what grade it is, never what it is (ninth pass): never
# the head noun when the mapper reads a name ("acetone technical" is acetone, "esterquat active" an esterquat,
# "yoghurt natural" a yoghurt). Mapper only, as :data:`MATERIAL_FORM_WORDS`.
QUALIFIER_WORDS = frozenset(
    [
        "technical",
        "tech",
        "natural",
        "solid",
        "active",
        "pure",
        "standard",
        "premium",
        "industrial",
        "general",
        "virgin",
        "plain",
        "regular",
        "commercial",
        "special",
        "universal",
        "quality",
    ]
)


# Words that name a shape, part or form a material is made into, not the material (tenth pass): in a composition
# the substance said before them is what is bought ("PA66 gear wheels" is nylon, "spinach leaves" spinach, "nickel
# anodes" nickel, "natural latex foam core" latex). The mapper then requires the substance rather than the part word
# (``mapping.require_substance``) unless no candidate names the substance. Singular forms, as the search tokenizer
# reads them ("leaves" → "leave"). Mapper only.
PART_WORDS = frozenset(
    [
        "core",
        "panel",
        "brick",
        "block",
        "rock",
        "kernel",
        "leaf",
        "leave",
        "wheel",
        "gear",
        "cup",
        "lid",
        "closure",
        "cap",
        "lens",
        "len",  # "lens" as the search tokenizer reads it
        "wafer",
        "anode",
        "cathode",
        "cell",
        "module",
        "target",
        "resin",
        "liner",
        "lining",
        "housing",
        "casing",
        "frame",
        "part",
        "component",
        "insert",
        "bead",
        "layer",
        "skin",
        "facing",
        "cladding",
        "lamp",
        "door",
        "gasket",
        "seal",
        "ring",
        "bush",
        "bushing",
        "clamshell",
        "tray",
        "blank",
        "segment",
    ]
)


# Units of mass, length, volume and grammage written after a number ("250 g", "80 gsm", "12 mm"): a measure
# of the thing, never the thing.
UNIT_WORDS = frozenset(
    [
        "g",
        "gr",
        "gsm",
        "kg",
        "mg",
        "t",
        "mm",
        "cm",
        "m",
        "km",
        "um",
        "mil",
        "ml",
        "cl",
        "l",
        "oz",
        "lb",
        "lbs",
    ]
)


def head_noun_of(tokens: tuple[str, ...], forms: frozenset[str] = FORM_WORDS) -> str | None:
    """The last word of a head phrase that names the thing: not a number, an article code ("TX100",
    "25mm") or a unit ("250 g", "80 gsm"), and not a form word (``forms``, :data:`FORM_WORDS` by default);
    the last word when every word is one of those."""
    for t in reversed(tokens):
        if t.isalpha() and t not in forms and t not in UNIT_WORDS:
            return t
    return tokens[-1] if tokens else None


# An upper-case acronym written in the plural with a small "s" ("LEDs", "PCBs", "ICs").
_ACRONYM_PLURAL = re.compile(r"\b([A-Z]{2,})s\b")


def _singular_oes(word: str) -> str:
    """A "-oes" plural read singular: "potatoes" → "potato", "mangoes" → "mango" (the search tokenizer reads
    them as "potatoe"); words of seven letters or more only, so "shoes" or "canoes" stay."""
    if len(word) < 7 or not word.lower().endswith("oes"):
        return word
    return word[: len(singular(word.lower()))]


# Grade words written after a polymer's name: fillers and reinforcement (ISO 1043-2 / ISO 11469 marking such
# as "GF30" = 30 % glass fibre, "MD20" mineral, "T20" talc, "CF" carbon fibre), "compound", and modifiers that
# do not change the polymer (impact modified, UV stabilised, flame retardant, a colour). A compounder sells the
# polymer with them; a database names the polymer (and, for nylons, its glass-filled grade).
_POLYMER_GRADE_TAIL = re.compile(
    r"(?:[\s,-]+(?:(?:gf|gb|gk|cf|md|mf|mx|ms|tf|t|m)\s*-?\d{1,2}|(?:glass|talc|mineral|carbon|chalk)"
    r"(?:[\s-]+fib(?:re|er)s?)?(?:[\s-]+(?:filled|reinforced))?|compounds?|grade|homopolymer|homopolimero|omopolimero|homopolymere|(?:(?:random|block|impact)[\s-]+)?copolymer|impact[\s-]+modified|"
    r"uv[\s-]+stabili[sz]ed|heat[\s-]+stabili[sz]ed|flame[\s-]+retardant|fr|v-?0|hb|black|natural|"
    r"colou?red|filled|reinforced|"
    # ninth pass: the comonomer or catalyst of a polyethylene grade ("mLLDPE hexene", "C6 metallocene")
    r"c[468]|butene|hexene|octene|metallocene))+\s*$",
    re.IGNORECASE,
)
_TRAILING_POLYMER_FORM = re.compile(
    r"[\s,]+(resins?|granules?|granulate|pellets?|powder|chips)\s*$", re.IGNORECASE
)
_POLYMER_CODE = re.compile(r"[A-Z][A-Z0-9-]{1,7}")
_GLASS_FILLED = re.compile(r"\b(?:gf|gb|gk)\s*-?\d{0,2}\b|\bglass\b", re.IGNORECASE)
_POLYMER_WORDS = re.compile(
    r"\b(?:poly\w+|poli\w+|nylon|copolymer|rubber|elastomer|acetal|plastic)\b", re.IGNORECASE
)
_NYLON_66 = re.compile(r"\b(?:pa|polyamide|nylon)\s*-?\s*6[.,/-]?6\b", re.IGNORECASE)
_NYLON_6 = re.compile(r"\b(?:pa|polyamide|nylon)\s*-?\s*6\b(?![.,/-]?\d)", re.IGNORECASE)


_CARBON_FILLED = re.compile(r"\bcf\s*-?\d{0,2}\b|\bcarbon\b", re.IGNORECASE)
#: A polymer reinforced with carbon fibre, said the way the database names it (ninth pass).
CARBON_FIBRE_PLASTIC = "carbon fibre reinforced plastic"
# A reinforcement said before the polymer ("carbon-fibre-reinforced PA", "glass fibre reinforced PP").
_REINFORCED_FIRST = re.compile(
    r"^\s*((?:carbon|glass)[\s-]+fib(?:re|er)[\s-]+reinforced)[\s-]+(.+)$", re.IGNORECASE
)


def polymer_grade(head: str) -> str | None:
    """The polymer a compounded or filled grade is made of, or None when ``head`` is not one: "PVC compound"
    → "PVC", "PP T20 UV stabilised" → "PP", "PA6 GF30" → "glass-filled nylon 6", "nylon 66 glass fibre
    reinforced" → "glass-filled nylon 6-6". The words before the grade words must name a polymer (an acronym
    the vocabulary expands to one, or a polymer word): "rubber compound" is rubber, "sealing compound" is
    not a polymer grade."""
    first = _REINFORCED_FIRST.match(head)
    # (not the database's own generic name, "glass fibre reinforced plastic")
    if first and not re.fullmatch(r"(?:plastics?|polymers?|composites?)\b.*", first.group(2), re.IGNORECASE):  # said the English way, reinforcement first: read as the grade tail it is
        return polymer_grade(f"{first.group(2)} {first.group(1)}")
    form = _TRAILING_POLYMER_FORM.search(head)
    if form and form.start() > 0:
        code = head[: form.start()].strip(" ,-")
        # "PET resin", "HDPE resin": a resin written after a polymer code is the polymer; "PP random
        # copolymer granules": a form word after a grade tail does not hide the grade
        if form.group(1).lower().startswith("resin") and _POLYMER_CODE.fullmatch(code):
            return code if _POLYMER_WORDS.search(expand(code)) else None
        if _POLYMER_GRADE_TAIL.search(code):
            return polymer_grade(code)
    match = _POLYMER_GRADE_TAIL.search(head)
    if not match or match.start() == 0:
        return None
    polymer = head[: match.start()].strip(" ,-")
    if not polymer or not (
        _POLYMER_WORDS.search(expand(polymer)) or _POLYMER_WORDS.search(known_material(polymer) or "")
    ):
        return None
    if _CARBON_FILLED.search(match.group(0)):
        return CARBON_FIBRE_PLASTIC
    if _GLASS_FILLED.search(match.group(0)):
        if _NYLON_66.search(polymer):
            return "glass-filled nylon 6-6"
        if _NYLON_6.search(polymer):
            return "glass-filled nylon 6"
    return polymer


# A grade, type, class or purity said after the name ("citric acid technical grade", "rye flour type 1150",
# "fish meal 65% protein", "ethanol 96% purity", "cable class B"): it qualifies the thing bought, it is never
# the thing. Grade words of trade and pharmacopoeias (USP, EP, BP, ACS, FCC) and a purity or content in %.
_QUALIFIER_TAIL = re.compile(
    r"(?:[\s,]+(?:(?:technical|tech|food|feed|pharma\w*|reagent|analytical|industrial|cosmetic|electronic|"
    r"battery|commercial|laboratory|lab|usp|ep|bp|acs|fcc|agricultural|chemical|premium|standard|high|low|"
    r"medium|fertili[sz]er|photo|optical|nuclear|semiconductor|solar|metallurgical|refractory|ceramic|glass|acid)"
    r"[\s-]+grade|grade[\s-]+[a-z0-9][\w.-]*|type[\s-]+[a-z0-9][\w.-]*|class[\s-]+[a-z0-9][\w.-]*|"
    r"(?:mono|di|tri|tetra|penta)?(?:sodium|potassium|calcium|ammonium|magnesium|zinc)\s+salt|"
    r"\d+(?:[.,]\d+)?\s*%(?:\s+(?:purity|pure|protein|fat|oil|min|minimum|assay|solids|active|w/w|"
    r"strength|concentration|content))?|(?:min\.?|minimum|high)?\s*purity|"
    # ninth pass: a grade word said without "grade" ("acetone technical 99.5%"), a stabiliser said as a participle
    # ("THF stabilised"), the active part of a formulation ("… softener active", "… active substance")
    r"technical|tech|reagent|analytical|pharmaceutical|pharma|usp|acs|fcc|"
    # tenth pass: a viscosity grade (ISO 3448 "ISO VG 46") or a product standard cited after the name ("EN 590",
    # "DIN 51524", "ASTM D975") says which specification the product meets, not what it is
    r"(?:iso\s+)?vg\s*\d+|(?:en|iso|din|astm|bs|jis|sae)\s*[a-z]?\s*\d{2,5}(?:[-:/]\d+)*|"
    r"(?:un)?stabili[sz]ed|inhibited|active(?:\s+(?:substance|matter|content))?))+\s*$",
    re.IGNORECASE,
)


# A processing route said as a grade ("blow moulding grade", "injection moulding grade", "film grade"): what the
# polymer is made for, never the thing bought (eighth pass).
_PROCESS_GRADE = re.compile(
    r"\b((?:(?:blow|injection|rotational|compression|extrusion)[\s-]+mou?lding|extrusion[\s-]+coating|extrusion|thermoforming|"
    r"film|fibre|fiber|pipe|cable|casting|coating))[\s-]+grade\b",
    re.IGNORECASE,
)


def without_qualifier(head: str) -> tuple[str, str]:
    """``head`` without a trailing grade, type, class or purity phrase, and that phrase ("" when there is none
    or nothing alphabetic would remain): "sodium carbonate technical grade" → ("sodium carbonate", "technical
    grade"), "wheat flour type 405" → ("wheat flour", "type 405")."""
    match = _QUALIFIER_TAIL.search(head)
    if not match or not re.search(r"[^\W\d_]", head[: match.start()]):
        return head, ""
    return head[: match.start()].strip(" ,-"), match.group(0).strip(" ,-")


# Containers and quantities written before "of" ("bag of cement", "drum of glycerine", "roll of kraft paper"):
# the thing bought is what follows "of".
_CONTAINER_WORDS = frozenset(
    [
        "bag",
        "bags",
        "sack",
        "sacks",
        "drum",
        "drums",
        "roll",
        "rolls",
        "box",
        "boxes",
        "carton",
        "cartons",
        "pallet",
        "pallets",
        "bottle",
        "bottles",
        "can",
        "cans",
        "tonne",
        "tonnes",
        "ton",
        "tons",
        "load",
        "loads",
        "truckload",
        "truckloads",
        "barrel",
        "barrels",
        "tote",
        "totes",
        "ibc",
        "ibcs",
        "bucket",
        "buckets",
        "pail",
        "pails",
        "case",
        "cases",
        "pack",
        "packs",
        "packet",
        "packets",
        "reel",
        "reels",
        "bale",
        "bales",
        "kg",
        "kilogram",
        "kilograms",
        "litre",
        "litres",
        "liter",
        "liters",
        "cylinder",
        "cylinders",
        "canister",
        "canisters",
        "jar",
        "jars",
        "tub",
        "tubs",
        "tin",
        "tins",
        "sheet",
        "sheets",
        "piece",
        "pieces",
        "lot",
        "lots",
        "batch",
        "batches",
        "supply",
        "shipment",
        "delivery",
    ]
)


# A past participle alone after the comma ("perlite, expanded", "kaolin, calcined, big bags").
_PARTICIPLE_AFTER = re.compile(r",\s*([a-z]{3,}ed)\s*(?=$|[,;(])", re.IGNORECASE)


def _after_of(context: str) -> tuple[str, str] | None:
    """The words after a head cut at " of " ("muriate | of potash, granular" → ("potash", ", granular")), up
    to the next stop, and the rest of the context; None when the context does not begin with "of"."""
    match = re.match(r"of\s+(.+)", context, re.IGNORECASE | re.DOTALL)
    if not match:
        return None
    rest = match.group(1)
    stop = _HEAD_STOP.search(rest)
    end = stop.start() if stop and stop.start() > 0 else len(rest)
    words = rest[:end].strip()
    return (words, rest[end:].strip()) if words else None


def normalise_text(text: str) -> str:
    """NFKC, accents removed ("alumínium" → "aluminium"), every dash variant an ASCII hyphen."""
    text = unicodedata.normalize("NFKD", unicodedata.normalize("NFKC", text))
    text = "".join(c for c in text if not unicodedata.combining(c))
    return re.sub(r"[\u2010-\u2015\u2212]", "-", text)


#: Words saying a material is secondary (recycled, scrap, remelted …) rather than virgin (the vocabulary's list).
RECYCLED_WORDS = RECYCLED_MARKERS


def recycled_mismatch(need_text: str, activity: str) -> bool:
    """True when the activity is a recycled/secondary material and the need does not ask for one: a
    practitioner maps a virgin (or unspecified) material to the primary activity."""
    return bool(RECYCLED_MARKERS.search(activity)) and not RECYCLED_MARKERS.search(need_text)


def role_asked_for(need_text: str) -> str | None:
    """The activity role a need itself asks for, when it says so: a need for "steel scrap" may map to
    scrap, one for "injection moulding" to a service, one for "steel removed by milling" to removal."""
    text = need_text.lower()
    if "removed by" in text:
        return "removal"
    if re.search(r"\b(?:waste|scrap|spent|residues?)\b", text):
        return "waste"
    if re.search(r"\b(?:service|moulding|molding|processing)\b", text):
        return "service"
    return None


@dataclass(frozen=True)
class MaterialNeed:
    """A need split into what is bought (``head``) and what surrounds it (``context``)."""

    text: str
    head: str
    context: str
    head_tokens: tuple[str, ...] = field(default=())
    head_noun: str | None = None
    context_tokens: tuple[str, ...] = field(default=())
    #: the head as written, before it was read in English (empty when it was not translated)
    written_head: str = ""

    @property
    def functional(self) -> bool:
        """True when the head noun names a function (catalyst, additive …) rather than a substance."""
        return self.head_noun in FUNCTIONAL_NOUNS


# An oxidation state in Stock notation written after a metal ("copper(II) sulfate", "iron (III) chloride"): part of
# the name, not a bracket that ends the head phrase (ninth pass). The database names most salts without it.
_STOCK_NUMBER = re.compile(r"(?<=[A-Za-z])\s?\((?:I{1,3}|IV|VI{0,2})\)(?=\s)")


def without_oxidation_state(text: str) -> str:
    """``text`` without a Stock-notation oxidation state after a metal: "Copper(II) sulphate" → "Copper sulphate"
    (mapper only: triage and the re-ranker's training read names as before)."""
    return _STOCK_NUMBER.sub("", text)


def strip_market_wrapper(text: str) -> str:
    """``"Market for materials that fulfill Gaseous NO …"`` → ``"Gaseous NO …"``."""
    stripped = _MARKET_PREFIX.sub("", normalise_text(text), count=1).strip()
    return stripped or normalise_text(text).strip()


def read_need(text: str, *extra_context: str | None) -> MaterialNeed:
    """Split a need into head phrase and context; ``extra_context`` (description, supplier …) joins the context.

    A head phrase in German, French, Italian or Spanish whose words the project's language table knows is
    read in English (:func:`openpcf.vocabulary.translation.english_name`), its original words kept in the
    context; alternatives written "A / B" keep only the first as the head."""
    core = strip_market_wrapper(text)
    match = _HEAD_STOP.search(core)
    head = core[: match.start()].strip() if match and match.start() > 0 else core
    context = core[len(head) :].strip()
    english = english_name(head)
    written_head = ""
    if english:  # "Sulfato de níquel" is bought as "nickel sulfate"; the original words stay in the context
        context = f"{head} {context}".strip()
        written_head, head = head, english
    extras = " ".join(e for e in extra_context if e)
    if extras:
        context = f"{context} {extras}".strip()
    head_tokens = tuple(tokenize(head))
    return MaterialNeed(
        text=core,
        head=head,
        context=context,
        head_tokens=head_tokens,
        head_noun=head_noun_of(head_tokens),
        context_tokens=tuple(t for t in tokenize(context) if t not in head_tokens),
        written_head=written_head,
    )


# States a database names as two variants of one product; a table value saying one of them (a crude oil is the
# default of "rapeseed oil") gives way to the other when the buyer says it (ninth pass).
_STATE_OPPOSITES = (("crude", "refined"), ("unbleached", "bleached"), ("uncoated", "coated"))


def with_said_state(material: str, said: str) -> str:
    """``material`` with a state word replaced by its opposite when ``said`` says the opposite and not the word:
    ("crude rape oil", "Refined rapeseed oil") → "refined rape oil"; unchanged otherwise."""
    words = set(tokenize(said))
    out = material.split()
    for default, other in _STATE_OPPOSITES:
        if default in out and other in words and default not in words:
            out = [other if w == default else w for w in out]
    return " ".join(out)


# Everyday words for a function, said the database's way (tenth pass; general usage): a "glue" is an adhesive.
_FUNCTION_SYNONYMS = {"glue": "adhesive", "glues": "adhesives"}


def as_material(need: MaterialNeed) -> MaterialNeed:
    """The need with its head read as the material it means by general knowledge
    (:func:`openpcf.vocabulary.common_names.known_material`): "takeaway coffee cup" is bought as a single-use
    paper cup, "caustic soda" as sodium hydroxide, "AISI 304 sheet" as chromium steel, "courgettes" as
    zucchini. The buyer's words move to the front of the context; "-oes" plurals are read singular
    ("potatoes" → "potato", which the search tokenizer would read as "potatoe"). A foreign head is looked up
    as written first ("Betonstahl" is reinforcing steel, not "concrete steel"). A need the tables do not
    know is returned with only that plural fix. Used by the mapper (task 3) only."""
    head = mounting_spelled_out(
        iupac_spelling(
            " ".join(_FUNCTION_SYNONYMS.get(w.lower(), _singular_oes(w)) for w in need.head.split())
        )
    )
    head = _ACRONYM_PLURAL.sub(r"\1", head)  # "LEDs" → "LED", which the abbreviation table expands
    context = need.context
    # an electrical, data or density rating ("16 V", "8 Gb", "45 kg/m³") is context, never the thing bought
    measured = without_measures(head)
    if measured and measured != head:
        head, context = measured, f"{measures_of(head)} {context}".strip()
    # "perlite, expanded", "calcium carbonate, precipitated": a participle after the comma is said before the
    # name, the English way (and the database's, "expanded perlite")
    participle = None if need.written_head else _PARTICIPLE_AFTER.match(context)
    if participle:
        head, context = f"{participle.group(1)} {head}", context[participle.end() :].strip(" ,")
    # a name cut at " of " before the tables saw it ("muriate of potash", "milk of lime") is read whole; a
    # container or quantity before "of" ("bag of cement") is not the thing bought, what follows is
    after_of = None if need.written_head else _after_of(need.context)
    if after_of:
        words = head.lower().split()
        if known_material(f"{head} of {after_of[0]}"):
            head, context = f"{head} of {after_of[0]}", after_of[1]
        elif words[-1] in _CONTAINER_WORDS and all(
            not w.isalpha() or w in _CONTAINER_WORDS or w in UNIT_WORDS for w in words
        ):
            head, context = iupac_spelling(after_of[0]), f"{head} {after_of[1]}".strip()
    # a process said before "grade" is the polymer's grade, not a service bought ("HDPE blow moulding grade")
    process_grade = _PROCESS_GRADE.search(need.text)
    if process_grade:
        said = re.search(rf"[\s,-]+{re.escape(process_grade.group(1))}(?:[\s-]+grade)?\s*$", head, re.IGNORECASE)
        if said and said.start() > 0:
            head, context = head[: said.start()].strip(" ,-"), f"{process_grade.group(0)} {context}".strip()
    # a trailing grade, type, class or purity qualifies the head, it is not the thing bought
    plain, qualifier = without_qualifier(head)
    if qualifier:
        context = f"{qualifier} {context}".strip()
    # a foreign name the tables know as written ("Natronlauge") is read from its own words, not from a
    # word-by-word translation; its words are already at the front of the context
    # a CAS number written anywhere in the name identifies the substance (not for a function word: the
    # number of "hardener, CAS 80-05-7" is an ingredient's)
    cas = None if need.functional else cas_material(need.text)
    material = (
        cas
        or (need.written_head and known_material(need.written_head))
        or (qualifier and known_material(head))
        or known_material(plain)
        or domain_reading(plain, context)
        or ethoxylate_grade(need.text)
    )
    head = plain
    if not material:  # a compounded or filled polymer grade is bought as its polymer ("PA6 GF30")
        material = polymer_grade(head)
        if material:
            material = known_material(material) or material
    if material:  # the table's default state gives way to the one the buyer says ("refined rapeseed oil")
        material = with_said_state(material, f"{need.text} {need.head}")
    if material and tokenize(material) != tokenize(head):
        context = context if need.written_head else f"{head} {context}".strip()
        head = material
    head = package_mounting(head, f"{need.text} {context}")  # "TO-220 transistors" are through-hole parts
    head_tokens = tuple(tokenize(head))
    noun = head_noun_of(head_tokens, MATERIAL_FORM_WORDS | QUALIFIER_WORDS)
    if head == need.head and noun == need.head_noun and context == need.context:
        return need
    return replace(
        need,
        head=head,
        context=context,
        head_tokens=head_tokens,
        head_noun=noun,
        context_tokens=tuple(t for t in tokenize(context) if t not in head_tokens),
    )


# A description that begins by saying a use ("for transformer cores", "used in …", "as filler"), not a material.
_USE_START = re.compile(
    r"\s*(?:for|used|using|with|in|on|to|as|from|suitable|intended|applied|e\.g)\b", re.IGNORECASE
)


def material_from_description(
    need: MaterialNeed, description: str | None, vocabulary: frozenset[str] | set[str]
) -> MaterialNeed:
    """The need read from its description when the name is an article the database does not know and the
    description names a material: "Item 22-104 bracket" described as "galvanised steel, laser cut" is bought
    as galvanised steel, "cable ties" described as "nylon 66" as nylon. The name changes only when its head
    noun is alphabetic, not a function word, not read by the common-names table and in no activity name
    (``vocabulary``); the description's head phrase (read with :func:`as_material`) must have a word in
    ``vocabulary``; a description written in German, French, Italian or Spanish prose
    (:func:`openpcf.vocabulary.translation.foreign_prose`) describes a foreign name in its own words and is never
    read in its place (eleventh pass). The name and the rest of the context follow the description's head as
    context."""
    noun = need.head_noun
    if not description or not noun or not noun.isalpha() or noun in vocabulary or need.functional:
        return need
    if any(t.isalpha() and t in vocabulary for t in tokenize(expand(noun))):
        return need  # an acronym or trade name the vocabulary expands to database words ("EVA")
    if noun.endswith(tuple(FUNCTIONAL_NOUNS)) or need.head != read_need(need.text).head:
        return need  # a function word, or a name the common-names table read as a material
    if _USE_START.match(description):
        return need  # "for moulded packaging", "used in …": a use, not a material
    if foreign_prose(description):
        return need  # a foreign name described in its own language: the description says the name again
    described = as_material(read_need(description))
    if not described.head_tokens or not any(t in vocabulary for t in tokenize(expand(described.head))):
        return need
    context = f"{need.head} {described.context} {need.context}".strip()
    return replace(
        described,
        text=need.text,
        context=context,
        context_tokens=tuple(t for t in tokenize(context) if t not in described.head_tokens),
    )


def without_unknown_article(need: MaterialNeed, vocabulary: frozenset[str] | set[str]) -> MaterialNeed:
    """The need with a trailing article word the database never uses moved to the context: in "latex
    pillows" or "glass pearls" the head noun names a shape no activity names, and the material is the
    modifier before it ("latex", "glass"). ``vocabulary`` is every word of the activity names. Only a head of
    two words or more whose last word is alphabetic, not a unit, not a function word (nor one ending in one,
    "organocatalyst") and not in ``vocabulary`` changes; the shorter
    head is read with :func:`as_material` again ("EPS pearls" → "EPS" → expandable polystyrene)."""
    words = need.head.split()
    noun = need.head_noun
    if (
        len(words) < 2
        or not noun
        or not noun.isalpha()
        or need.functional
        or noun.endswith(tuple(FUNCTIONAL_NOUNS))
        or noun in vocabulary
        or noun in UNIT_WORDS
        or tokenize(words[-1]) != [noun]
        # (the words before it, or their expansion: "GPPS clamshell" is general-purpose polystyrene, tenth pass)
        or not any(t in vocabulary for t in tokenize(expand(" ".join(words[:-1]))))
        # an acronym the vocabulary spells out in database words ("LED" → light emitting diode) is no article
        or any(t in vocabulary for t in tokenize(expand(words[-1])) if t != noun)
    ):
        return need
    head = " ".join(words[:-1])
    context = f"{words[-1]} {need.context}".strip()
    head_tokens = tuple(tokenize(head))
    return as_material(
        replace(
            need,
            head=head,
            context=context,
            head_tokens=head_tokens,
            head_noun=head_noun_of(head_tokens),
            context_tokens=tuple(t for t in tokenize(context) if t not in head_tokens),
        )
    )


def expand(text: str) -> str:
    """Text plus the database names of its acronyms and trade words (the search module's vocabulary:
    "LDPE" → "LDPE polyethylene, low density")."""
    return prepare_query(text).lexical if text.strip() else ""


def query_of(need: MaterialNeed) -> str:
    """The search query: the expanded head phrase first (dense models read the start most), then context."""
    return f"{expand(need.head)}. {need.context[:200]}".strip(" .")

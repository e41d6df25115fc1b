"""Reading an input name as a practitioner does, before any factor is looked up.

``read_name("HDPE cap")`` → the head material is HDPE (a cap is a form, not a material);
``read_name("Stahlschrott")`` → steel, secondary route; ``read_name("lime", context)`` → the mineral in a
steel or glass batch, the fruit in a soft drink; ``read_name("screws")`` → steel (the usual material of a
part named alone); ``read_name("beef sirloin")`` → beef, a food commodity (a cut is not a dish).

The steps, all pure:

1. Language: German, French, Italian and Spanish material names → English
   (:func:`openpcf.vocabulary.translation.translate`); "X-based" and "X-free" drop X ("water-based lacquer"
   is lacquer, "lead-free solder" is solder).
2. Lemmas: plural/singular, UK/US spelling, hyphens as word breaks (:func:`openpcf.vocabulary.names.lemma_words`).
3. Route words: recycled, scrap, secondary, cullet, post-consumer, EAF… → ``secondary``; primary, virgin,
   BOF, blast furnace → ``primary``; neither → ``market``.
4. Head material: the concepts of ``openpcf/data/factors/material_concepts.json`` found in the name; a
   material concept beats a part or form word (or a phrase of form words only: "copper wire rod" is copper)
   and a generic word ("XPS insulation board" is XPS); among
   materials the right-most wins (English compounds name the thing last: "glass-fibre reinforced
   polyamide" is polyamide), then the longest ("stainless steel 304" is stainless steel). Grades and codes
   (5754, C30/37, 42.5) never name a material; what follows "for" is the use ("frit for enamel" is frit). In
   "X, Y" a material named in X outranks one named in the qualifiers Y ("chicken breast, corn fed" is chicken)
   unless Y names a kind of it ("steel, stainless"); a role word after a substance is its role ("potassium
   hydroxide electrolyte", ``ROLE_WORDS``); an electronic component before a device word is not the device's
   material ("transistor radio", ``device``). A form word of a formed good ("bottle", "film", "cap",
   "moulded") sets ``formed``: a polymer concept then takes its ``formed`` targets (a factor that includes
   forming), while a plain name, granulate or resin takes the primary polymer at the plant gate.
5. Sense from context: an ambiguous word ("lime", "oil", "pulp", "chalk", "nut") takes the sense whose
   context words occur most in the product category and the sibling inputs ("battery" in a laptop, a phone
   or an e-bike is a lithium-ion battery, elsewhere the search's alkaline default); a part named alone
   ("frame", "coating", "scrap") takes its material from the category or a sibling; a part word after a
   device word ("speaker housing", "battery cover") names the part of its usual material class, not the
   device; a concept with an ``in_context`` reading takes it when the context names it (a populated board in
   a computer, server or phone is a dense board with a high IC share). The other words of the name count as
   context too ("mango pulp" is a fruit pulp), and a concept named by a phrase can have senses
   (``concept_senses``: a plasticiser of concrete is an admixture). A part word after any word that names no
   material ("toaster housing") is the part: a sibling's material for the same part, else its usual material,
   marked ``assumed`` (the resolver flags it as a class factor).
6. Stand-ins: "meat alternative", "vegan cheese", "plant-based burger", "oat milk" name a plant-based product,
   never the animal commodity (``stand_in``; the plant-based concept of the product word, from ``stand_ins``).
7. Compounds and monomers (:mod:`openpcf.factors.compounds`): an element word with an anion word ("aluminium
   hydroxide", "zinc stearate") names a chemical compound, never the element (``compound``; class inorganic or
   organic chemical) unless a concept names the compound itself ("sodium hydroxide"); a name that is one monomer
   and grade words ("vinyl chloride monomer", "propylene, polymer grade", "bisphenol A") names the monomer, never
   a polymer made from it (``monomer``).
8. Processed meats: a species with a processed-meat word ("chicken sausage", "beef burger", "chicken nuggets")
   names that product, looked up with every name of the species ("poultry sausage"); the resolver falls back
   to the meat itself, flagged, when the library has no such product (``processed``).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import pairwise
from typing import Any

from openpcf.factors.compounds import compound_of, monomer_of
from openpcf.factors.record import QueryContext
from openpcf.paths import package_data
from openpcf.vocabulary.names import lemma_words, strip_accents
from openpcf.vocabulary.translation import translate

Route = str  # "market" | "primary" | "secondary"

_SECONDARY = ("recycled", "recycling", "scrap", "secondary", "cullet", "post consumer", "postconsumer", "pre consumer",
              "preconsumer", "pcr", "reclaimed", "regrind", "regranulate", "remelted", "recovered", "eaf", "electric arc",
              "closed loop", "open loop", "waste paper", "recovered paper")
_PRIMARY = ("primary", "virgin", "bof", "basic oxygen", "blast furnace", "bf bof")
#: Words of a processed meat product: with a species they name the product, not a cut of the meat (lemmas).
PROCESSED_MEAT_WORDS = frozenset({"sausage", "burger", "nugget", "frankfurter", "hotdog", "meatball", "patty",
                                  "salami", "chipolata", "bratwurst", "wiener", "kebab", "croquette"})
#: The words a factor uses for the meat of a species (a turkey sausage is a poultry sausage): a processed
#: product of a species must name one of them, else it is another species' product.
SPECIES_WORDS: dict[str, tuple[str, ...]] = {
    "chicken": ("chicken", "poultry"), "turkey": ("turkey", "poultry"), "beef": ("beef", "bovine", "veal"),
    "pork": ("pork", "pig"), "lamb": ("lamb", "mutton", "sheep"), "mutton": ("mutton", "lamb", "sheep"),
    "veal": ("veal", "beef"), "fish": ("fish",), "salmon": ("salmon",)}
_MEAT_CONCEPTS = frozenset(SPECIES_WORDS) | {"meat"}
#: Words of a food pulped or mashed: the food itself, fresh (lemmas)
_PUREE = frozenset({"puree", "pureed", "mash", "mashed", "pulped", "passata"})
_FILLER_WORDS = frozenset({"filled", "fill", "reinforced", "reinforce", "loaded"})
_AFFIX = re.compile(r"\b(?!solvent\b)[\w]+[\s-](?:based|free|borne|containing)\b", re.I)  # "solvent-based paint" keeps "solvent"


@dataclass(frozen=True)
class Concept:
    """One material concept of the table: names, class, lookup name, targets per route, proxy, kind."""

    key: str
    names: tuple[tuple[str, ...], ...]
    material_class: str
    query: str
    targets: dict[str, tuple[dict[str, tuple[str, ...]], ...]]
    proxy: str | None = None
    generic: bool = False
    food: bool = False
    #: the names are true synonyms of the lookup name ("white bean" = "haricot bean"): the lookup name replaces
    #: the synonym in the name's own lookup text
    rename: bool = False
    #: route → region codes (ISO alpha-2, EU, GLO) where a name without a route word is usually made that way:
    #: hot-rolled sections and rebar in Europe and North America come mostly from scrap-based EAF mills
    route_by_region: dict[str, frozenset[str]] = field(default_factory=dict)


@dataclass(frozen=True)
class ConceptTable:
    concepts: dict[str, Concept]
    phrases: dict[tuple[str, ...], str]
    forms: frozenset[str]
    parts: dict[str, str | None]
    senses: dict[str, tuple[dict[str, Any], ...]]
    prepared: tuple[tuple[str, ...], ...]
    formed: tuple[tuple[str, ...], ...] = ()
    #: concept → more specific readings in a context ("printed circuit board assembly" in a laptop is a mainboard)
    in_context: dict[str, tuple[dict[str, Any], ...]] = field(default_factory=dict)
    #: words of a device ("battery", "fan") and the usual material of a part of one ("housing" → plastic)
    device_words: frozenset[str] = frozenset()
    device_parts: dict[str, str] = field(default_factory=dict)
    #: stand-in words ("vegan", "meat alternative", "plant-based") and the plant-based concept per product word
    stand_ins: StandIns | None = None
    #: concept → its senses in a context, for a concept named by a phrase ("plasticiser" of concrete)
    concept_senses: dict[str, tuple[dict[str, Any], ...]] = field(default_factory=dict)
    #: (device words, {part: usual material concept}) per device kind: a pump housing is cast iron
    device_kinds: tuple[tuple[tuple[tuple[str, ...], ...], dict[str, str]], ...] = ()


@dataclass(frozen=True)
class StandIns:
    """A plant-based product named by the animal product it replaces ("meat alternative", "vegan cheese",
    "oat milk"): the marker phrases, the plant words that make a dairy word a stand-in, the animal food
    concepts, the plant-based concept per product word, and the default for a meat."""

    markers: tuple[tuple[str, ...], ...]
    plant_words: frozenset[str]
    dairy_words: frozenset[str]
    animal: frozenset[str]
    by_product: dict[str, str]
    default: str


@lru_cache(maxsize=1)
def concept_table() -> ConceptTable:
    """The concept table shipped with openpcf (read once)."""
    data = json.loads(package_data("factors", "material_concepts.json").read_text(encoding="utf-8"))
    concepts: dict[str, Concept] = {}
    phrases: dict[tuple[str, ...], str] = {}
    for key, c in data["concepts"].items():
        names = tuple(tuple(lemma_words(n)) for n in c["names"])
        targets = {route: tuple({"all": tuple(w for t in spec["all"] for w in lemma_words(t)),
                                 "none": tuple(tuple(lemma_words(t)) for t in spec.get("none", ()))}
                                for spec in specs)
                   for route, specs in c.get("targets", {}).items()}
        concepts[key] = Concept(key=key, names=names, material_class=c["class"], query=c.get("query", c["names"][0]),
                                targets=targets, proxy=c.get("proxy"), generic=bool(c.get("generic")),
                                food=c.get("kind") == "food", rename=bool(c.get("rename")),
                                route_by_region={r: frozenset(codes) for r, codes in c.get("route_by_region", {}).items()})
        for n in names:
            phrases.setdefault(n, key)
    return ConceptTable(
        concepts=concepts, phrases=phrases,
        forms=frozenset(w for f in data["forms"] for w in lemma_words(f)),
        parts={lemma_words(k)[0]: v for k, v in data["parts"].items()},
        senses={lemma_words(k)[0]: tuple(v) for k, v in data["senses"].items()},
        prepared=tuple(tuple(lemma_words(p)) for p in data["prepared"]),
        formed=tuple(tuple(lemma_words(p)) for p in data.get("formed", ())),
        in_context={k: tuple(v) for k, v in data.get("in_context", {}).items()},
        device_words=frozenset(w for d in data.get("device_parts", {}).get("words", ()) for w in lemma_words(d)),
        device_parts={lemma_words(k)[0]: v for k, v in data.get("device_parts", {}).get("materials", {}).items()},
        stand_ins=_stand_ins(data.get("stand_ins")),
        concept_senses={k: tuple(v) for k, v in data.get("concept_senses", {}).items() if not k.startswith("_")},
        device_kinds=tuple((tuple(tuple(lemma_words(d)) for d in kind["devices"]),
                            {lemma_words(k)[0]: v for k, v in kind["materials"].items()})
                           for kind in data.get("device_parts", {}).get("by_device", ())),
    )


def _stand_ins(data: dict[str, Any] | None) -> StandIns | None:
    if not data:
        return None
    return StandIns(markers=tuple(tuple(lemma_words(m)) for m in data["words"]),
                    plant_words=frozenset(w for p in data["plant_words"] for w in lemma_words(p)),
                    dairy_words=frozenset(w for p in data["dairy_words"] for w in lemma_words(p)),
                    animal=frozenset(data["animal"]),
                    by_product={lemma_words(k)[0]: v for k, v in data["by_product"].items()},
                    default=data["default"])


@dataclass(frozen=True)
class NameReading:
    """How to look a name up: English lemmas, head concept, route, and the lookup texts best first."""

    name: str
    english: str
    words: tuple[str, ...]
    concept: str | None = None
    route: Route = "market"
    head: tuple[str, ...] = ()
    food: bool = False
    material_class: str | None = None
    lookups: tuple[str, ...] = ()
    sense: str | None = None
    notes: tuple[str, ...] = field(default_factory=tuple)
    #: the name says the input is a formed good ("HDPE bottle", "PP film"): a factor including forming fits it
    formed: bool = False
    #: a plant-based stand-in for an animal food ("meat alternative", "oat milk"): never the animal commodity
    stand_in: bool = False
    #: the material is assumed (the usual material of a part of a device, named by neither the name nor a
    #: sibling input): the resolver flags the match as a class factor
    assumed: bool = False
    #: the chemical compound named ("aluminium hydroxide"): never its element's factor
    compound: str | None = None
    #: the monomer named ("vinyl chloride"): never a polymer's factor
    monomer: str | None = None
    #: the processed-meat word of a species' product ("sausage" in "chicken sausage")
    processed: str | None = None
    #: the device word of a name that puts a component before it ("radio" in "transistor radio"): a factor must
    #: name the device, never only the component
    device: str | None = None
    #: the words before a role word that names no material of its own ("koh" in "KOH electrolyte")
    role_of: str | None = None


def _has(words: tuple[str, ...] | list[str], phrase: tuple[str, ...]) -> bool:
    n = len(phrase)
    return any(tuple(words[i:i + n]) == phrase for i in range(len(words) - n + 1)) if n else False


def route_of(words: tuple[str, ...] | list[str]) -> Route:
    """secondary / primary / market from the route words of a name (lemmas)."""
    sec = any(_has(words, tuple(p.split())) for p in _SECONDARY)
    pri = any(_has(words, tuple(p.split())) for p in _PRIMARY)
    if sec and not pri:
        return "secondary"
    if pri and not sec:
        return "primary"
    return "market"


def _matches(words: tuple[str, ...], table: ConceptTable) -> list[tuple[int, int, str]]:
    """(start, end, concept) for every concept name found in ``words``."""
    out = []
    for i in range(len(words)):
        for n in range(1, 6):
            if i + n > len(words):
                break
            key = table.phrases.get(tuple(words[i:i + n]))
            if key is not None:
                out.append((i, i + n, key))
    # "chickpea" written "chick pea" (or the other way round): the joined pair as one word
    for i in range(len(words) - 1):
        key = table.phrases.get((words[i] + words[i + 1],))
        if key is not None:
            out.append((i, i + 2, key))
    return out


#: uses that name a grade when "grade" follows them ("cosmetic grade", "food grade", "battery grade")
_GRADE_USES = frozenset({"cosmetic", "food", "feed", "pharmaceutical", "pharma", "medical", "technical", "industrial",
                         "reagent", "rubber", "polymer", "fuel", "battery", "electronic", "glass", "paint", "paper",
                         "textile", "agricultural", "laboratory", "analytical", "usp", "fcc"})


#: Words that say what a substance does in a product, not what it is (lemmas): "potassium hydroxide electrolyte" is
#: potassium hydroxide used as an electrolyte, "titanium dioxide pigment" titanium dioxide used as a pigment.
ROLE_WORDS = frozenset({"electrolyte", "solution", "binder", "filler", "coating", "additive", "concentrate", "pigment",
                        "dispersion", "carrier", "extender", "thickener", "modifier"})
#: Words that name a whole device or machine (lemmas), besides the concept table's device words: a component
#: word before one ("transistor radio", "diode laser") says what the device is built with, not what it is.
_WHOLE_DEVICE_WORDS = frozenset({"radio", "laser", "amplifier", "receiver", "transmitter", "clock", "heater", "torch",
                                 "flashlight", "lamp", "light", "charger", "tester", "meter", "player", "television",
                                 "tv", "computer", "calculator", "toy", "watch", "alarm", "detector"})


def _role_of_substance(m: tuple[int, int, str], found: list[tuple[int, int, str]], words: tuple[str, ...],
                       table: ConceptTable) -> bool:
    """True when a match is only a role word ("electrolyte", "pigment") after a substance the name names first:
    a non-metal concept that ends before it, or a chemical compound ("potassium hydroxide electrolyte"). A metal
    named alone before a role says what the role is for ("lithium electrolyte"), so it does not count."""
    start, end, _ = m
    if not all(w in ROLE_WORDS for w in words[start:end]):
        return False
    if any(e <= start and not table.concepts[k].generic and table.concepts[k].material_class != "metal"
           for s, e, k in found):
        return True
    return compound_of(words[:start]) is not None


def _component_in_device(m: tuple[int, int, str], words: tuple[str, ...], table: ConceptTable) -> bool:
    """True when an electronic component is named before the device it is built into ("transistor radio",
    "diode laser", "LED lamp" read as a lamp, not its LED): the word right after the component names a whole."""
    _, end, key = m
    if table.concepts[key].material_class != "electronics" or end >= len(words):
        return False
    nxt = words[end]
    return nxt in _WHOLE_DEVICE_WORDS or nxt in table.device_words


def _head(words: tuple[str, ...], table: ConceptTable, clause: int | None = None,
          listing: tuple[int, int] | None = None) -> tuple[str | None, tuple[str, ...]]:
    """The head concept of a name and the words that named it (see module docstring, step 4). ``clause``: the
    number of words before the name's first comma ("X, Y" is material X with qualifier Y, ecoinvent and
    AGRIBALYSE style): a material named there outranks one named in the qualifiers ("chicken breast, corn fed"
    is chicken, "kaolin, water washed" kaolin) unless the qualifier names a kind of it ("steel, stainless").
    ``listing``: the word span of a bracket that lists two or more constituents ("casing soil (peat and lime)"):
    it says what the material named outside it is made of, so a material named outside outranks them."""
    found = _matches(words, table)
    if listing is not None:
        lo, hi = listing
        outside = [m for m in found if (m[1] <= lo or m[0] >= hi) and not table.concepts[m[2]].generic]
        if outside:
            found = [m for m in found if m[1] <= lo or m[0] >= hi]
    # "potassium hydroxide electrolyte", "titanium dioxide pigment": a role word after a substance is its role
    found = [m for m in found if not _role_of_substance(m, found, words, table)]
    # "transistor radio", "diode laser": a component named before a device is what the device is built with
    found = [m for m in found if not _component_in_device(m, words, table)]
    # "frit for enamel", "CO2 for welding": what follows "for" is the use, not the material
    if "for" in words[1:]:
        cut = words.index("for", 1)
        found = [m for m in found if m[1] <= cut] or found
    # "PP, 20 % talc filled", "glass-fibre reinforced PA": a material followed by a filler word is the filler
    found = [m for m in found if not (m[1] < len(words) and words[m[1]] in _FILLER_WORDS)] or found
    # "glacial acrylic acid": a material word followed by "acid" names the acid, never the material
    found = [m for m in found if not (m[1] < len(words) and words[m[1]] == "acid")]
    # "castor oil, cosmetic grade", "glass grade soda ash": a use followed by "grade" names the purity the material is
    # sold at, not the material ("steel grade S355" stays steel)
    found = [m for m in found if not (m[1] < len(words) and words[m[1]] == "grade" and m[1] - m[0] == 1
                                      and words[m[0]] in _GRADE_USES)]
    if clause is not None:
        first = [m for m in found if m[1] <= clause and not table.concepts[m[2]].generic
                 and not all(w in table.forms or w in table.parts for w in words[m[0]:m[1]])]
        said = {w for m in first for w in words[m[0]:m[1]]}
        found = [m for m in found if m[1] <= clause or not first
                 or any(said & set(n) for n in table.concepts[m[2]].names)]
    if not found:
        return None, ()

    def rank(m: tuple[int, int, str]) -> tuple[int, int, int]:
        start, end, key = m
        phrase = words[start:end]
        # a phrase made only of form or part words ("wire rod", "stretch film") names a form, not a material:
        # "copper wire rod" is copper, "wire rod" alone stays its concept
        form_like = all(w in table.forms or w in table.parts for w in phrase)
        tier = 0 if table.concepts[key].generic else (1 if form_like else 2)
        return tier, end, end - start

    start, end, key = max(found, key=rank)
    # "aluminium sulphate", "copper oxide": a metal followed by an anion names a chemical compound, not the metal
    if table.concepts[key].material_class == "metal" and compound_of(words[start:end + 3]) is not None:
        return None, ()
    return key, words[start:end]


_LISTING = re.compile(r"\(([^()]*(?:,|\band\b|&|\+)[^()]*)\)")


def _bracket_listing(raw: str) -> tuple[int, int] | None:
    """The word span (start, end) of the first bracket in ``raw`` that lists two or more constituents ("peat and
    lime", "magnets, copper"), counted as ``read_name`` counts words; None when there is no such bracket."""
    m = _LISTING.search(raw)
    if m is None:
        return None
    def count(text: str) -> int:
        return len(lemma_words(translate(_AFFIX.sub(" ", text))))
    lo = count(raw[:m.start()])
    return lo, lo + count(m.group(1))


def _context_words(context: QueryContext | None) -> tuple[list[str], list[list[str]]]:
    if context is None:
        return [], []
    category = lemma_words(translate(context.category or ""))
    siblings = [lemma_words(translate(s)) for s in context.siblings]
    return category, siblings


def _hits(vocabulary: list[str], words: list[str]) -> int:
    return sum(1 for v in vocabulary if _has(words, tuple(lemma_words(v))))


def _concept_in(words: list[str], table: ConceptTable, want_class: set[str] | None = None) -> str | None:
    """The right-most material concept named in ``words`` (optionally of given classes)."""
    best = None
    for start, end, key in _matches(tuple(words), table):
        c = table.concepts[key]
        if c.generic or (want_class is not None and c.material_class not in want_class):
            continue
        if best is None or end >= best[0]:
            best = (end, key)
    return best[1] if best else None


def _sense(word: str, concept: str | None, context: QueryContext | None, table: ConceptTable,
           own: tuple[str, ...] = ()) -> tuple[str | None, str | None]:
    """(concept, note) for an ambiguous or part word given the context; ``concept`` unchanged when no rule. The
    other words of the name itself count as context too ("mango pulp" is a fruit pulp without any context)."""
    senses = table.senses.get(word) or table.concept_senses.get(word)
    if not senses:
        return concept, None
    category, siblings = _context_words(context)
    every = category + [w for s in siblings for w in s] + ["|", *(w for w in own if w != word)]
    best, best_hits = None, 0
    for s in senses:
        target = s["concept"]
        if target == "$category_metal":
            metal = _concept_in(category, table, {"metal"}) or _concept_in([w for s2 in siblings for w in s2], table, {"metal"})
            if metal:
                return metal, f"'{word}' read as {metal} scrap from the product category"
            continue
        if target == "$category_material":
            same_part = [s2 for s2 in siblings if word in s2]
            found = next((c for c in (_concept_in(s2, table) for s2 in same_part) if c and c != concept), None)
            found = found or _concept_in(category, table)
            if found:
                return found, f"'{word}' read as {found} from the product and its inputs"
            continue
        hits = _hits(s.get("context", []), every)
        if _hits(s.get("unless_named", []), list(own)):
            continue  # the name itself says the other sense ("PMMA yarn guide" is PMMA, not acrylic fibre)
        if target == "$sibling_polymer":
            if hits:
                polymer = next((c for c in (_concept_in(s2, table, {"polymer"}) for s2 in siblings) if c), None)
                if polymer:
                    return polymer, f"'{word}' read as {polymer} (a polymer input of a {' '.join(category)})"
            continue
        if hits > best_hits:
            best, best_hits = target, hits
    if best is not None and best != concept:
        return best, f"'{word}' read as {best} from the context"
    return concept, None


def _in_context(key: str, context: QueryContext | None, table: ConceptTable) -> tuple[str, str | None]:
    """A concept read as a more specific one when the category or a sibling names its context (``in_context``),
    unless the category names one of the rule's ``unless`` words (an accessory of the device, not the device)."""
    if context is None or key not in table.in_context:
        return key, None
    category, siblings = _context_words(context)
    every = category + [w for s in siblings for w in s]
    for s in table.in_context[key]:
        if _hits(s.get("context", []), every) and not _hits(s.get("unless", []), category):
            return s["concept"], f"'{key}' read as {s['concept']} from the product and its inputs"
    return key, None


def _device_part(words: tuple[str, ...], key: str | None, context: QueryContext | None,
                 table: ConceptTable) -> tuple[str | None, str | None]:
    """"speaker housing", "battery cover": a part word after a device word names the part, not the device. The
    part's material is the one a sibling names for the same part ("aluminium housing"), else its usual class
    (``device_parts``: housing/cover → plastic, frame/bracket → steel). (None, None) when no rule applies."""
    kind_parts = {p for _, materials in table.device_kinds for p in materials}
    if len(words) < 2 or (words[-1] not in table.device_parts and words[-1] not in kind_parts):
        return None, None
    # a device, or a food that names the machine ("coffee machine housing"), is the whole the part belongs to
    device = key is not None and table.concepts[key].material_class in ("electronics", "food")
    # a machine with a concept of its own ("gearbox", "centrifugal pump") that ``by_device`` lists is a device too
    device = device or (key is not None and any(_has(words[:-1], d) for devices, _ in table.device_kinds for d in devices))
    # a word before the part that names no material names the whole ("toaster housing", "drill casing")
    before = [w for w in words[:-1] if not re.search(r"\d", w) and len(w) > 1]
    if not device and not (key is None and before and _names_no_material(before, table)):
        return None, None
    part = words[-1]
    _, siblings = _context_words(context)
    for s in siblings:
        if part in s:
            found = _concept_in(s, table)
            if found and table.concepts[found].material_class != "electronics":
                return found, f"'{part}' of a device read as {found} from the sibling inputs"
    for devices, materials in table.device_kinds:
        named = next((" ".join(d) for d in devices if _has(words[:-1], d)), None)
        if named and part in materials:
            usual = materials[part]
            return usual, f"'{part}' of a {named} read as {usual}, its usual material (assumed)"
    if part not in table.device_parts:
        return None, None
    usual = table.device_parts[part]
    return usual, f"'{part}' of a device read as {usual}, its usual material (assumed)"


def _names_no_material(words: list[str], table: ConceptTable) -> bool:
    """True when none of ``words`` says a material: no form word ("carbon fibre frame", "fabric cover") and no
    material class recognised from the words ("bamboo cover", "wooden housing")."""
    from openpcf.factors.material_class import material_class  # the word lists of the class fallback

    if any(w in table.forms for w in words):
        return False
    found = material_class(" ".join(words))
    return found is None or found == "electronics"


def _stand_in(words: tuple[str, ...], key: str | None, table: ConceptTable) -> tuple[str | None, str | None]:
    """(plant-based concept or None, note) when the name is a stand-in for an animal food: a marker
    ("alternative", "substitute", "vegan", "plant-based"…) with an animal food or a product word, or a plant
    word right before a dairy word ("oat milk"). The concept is the plant-based one of the right-most product
    word, else the default for a meat; ("", note) when it is a stand-in with no plant-based concept (search
    without the animal commodity); (None, None) when the name is no stand-in."""
    st = table.stand_ins
    if st is None:
        return None, None
    marker = next((" ".join(m) for m in st.markers if _has(words, m)), None)
    if marker is None:
        marker = next((f"{a} {b}" for a, b in pairwise(words) if a in st.plant_words and b in st.dairy_words),
                      None)
    if marker is None:
        return None, None
    products = [w for w in words if w in st.by_product]
    if not products and key not in st.animal:
        return None, None
    note = f"stand-in: '{marker}' names a plant-based product, not the animal commodity"
    if products:
        return st.by_product[products[-1]], note
    if key is not None and table.concepts[key].material_class == "food" and key in (
            "meat", "beef", "pork", "chicken", "lamb", "turkey", "fish", "salmon"):
        return st.default, note
    return "", note


@lru_cache(maxsize=16384)  # pure: the tables are read once; a reading is frozen
def read_name(name: str, context: QueryContext | None = None) -> NameReading:
    """The practitioner's reading of ``name`` (see the module docstring)."""
    table = concept_table()
    raw = strip_accents(name).lower()
    # "plant-based", "meat-free", "dairy-free" are stand-in markers: read them before the affix is dropped
    unstripped = tuple(lemma_words(translate(raw)))
    raw = _AFFIX.sub(" ", raw)  # "water-based lacquer" → "lacquer"; "lead-free solder" → "solder"
    english = translate(raw)
    words = tuple(lemma_words(english))
    route = route_of(words)
    # "X, Y": the words before the first comma outside brackets ("drivers (magnets, copper)" has no such comma)
    unbracketed = re.sub(r"\([^()]*\)", lambda m: " " * len(m.group()), raw)
    cut = unbracketed.find(",")
    first_clause = len(lemma_words(translate(_AFFIX.sub(" ", raw[:cut])))) if cut > 0 else None
    key, head = _head(words, table, first_clause, _bracket_listing(raw))
    notes: list[str] = []
    stand_key, stand_note = _stand_in(unstripped, _head(unstripped, table)[0], table)
    core = [w for w in words if not re.search(r"\d", w) and len(w) > 1]
    sense = None
    # a part or an ambiguous word named alone ("cap", "screws", "frame", "lime", "oil")
    lone = [w for w in core if w not in table.forms or w in table.parts or w in table.senses]
    if len(head) == 1 and (head[0] in table.senses):
        key, sense = _sense(head[0], key, context, table, words)
    elif key is None and len(lone) == 1 and lone[0] in table.senses:
        key, sense = _sense(lone[0], key, context, table, words)
    if key is None and len(lone) == 1 and lone[0] in table.parts:
        part = table.parts[lone[0]]
        if part is None:
            key, sense = _sense(lone[0], None, context, table)
            if key is None:
                key, sense = _sense("frame", None, context, table)
        else:
            key, sense = part, f"'{lone[0]}' read as {part}, its usual material"
    if key is not None and not sense and key in table.concept_senses:
        key, sense = _sense(key, key, context, table, words)
    part_key, part_sense = _device_part(words, key, context, table)
    if part_key is not None:
        key, sense = part_key, part_sense
    assumed = bool(part_sense and part_sense.endswith("(assumed)"))
    if stand_note is not None:
        key, sense = (stand_key or None), stand_note
        head = () if key is None else head
    compound = monomer = processed = None
    chemical_class = None
    mono = monomer_of(words) if stand_note is None else None
    comp = compound_of(words) if stand_note is None and mono is None else None
    if mono is not None:
        # "vinyl chloride monomer", "bisphenol A": the monomer, never the polymer made from it
        monomer, head, key, sense, assumed = mono[0], mono[1], None, None, False
        chemical_class = "organic chemical"
        notes.append(f"'{monomer}' read as a monomer, not its polymer")
    elif comp is not None and _compound_is_head(comp.words, key, head, words, english, table):
        compound, head, key, sense, assumed = " ".join(comp.words), comp.words, None, None, False
        chemical_class = comp.chemical_class
        notes.append(f"'{compound}' read as a chemical compound ({comp.chemical_class}), not its element")
    if key is not None and table.concepts[key].food and key in _MEAT_CONCEPTS and stand_note is None:
        processed = next((w for w in words if w in PROCESSED_MEAT_WORDS), None)
        if processed:
            head = (processed,)
    if key is not None and not sense:
        key, sense = _in_context(key, context, table)
    if sense:
        notes.append(sense)
    concept = table.concepts.get(key) if key else None
    material_class = concept.material_class if concept else chemical_class
    lookups: list[str] = []

    def add(text: str) -> None:
        t = re.sub(r"\s+", " ", text).strip()
        if t and t not in lookups:
            lookups.append(t)

    plain = " ".join(w for w in english.split() if not re.fullmatch(r"[\d.,/%]+", w))
    if concept is not None and concept.rename and head and not sense:
        # a true synonym ("white beans, cooked"): the concept's own name with the rest of the name
        add(_renamed(words, head, concept.query))
    if monomer is not None:
        add(" ".join(head))
        add(monomer)
    if compound is not None:
        add(compound)
    if processed is not None and concept is not None:
        # "chicken sausage" is also written "poultry sausage": the product with every name of the species
        for n in SPECIES_WORDS.get(concept.key, ()):
            add(f"{n} {processed}")
    if concept is None or not sense:
        add(plain)
    # a purée is the fresh food pulped (about 1 kg per kg), never the dried one: "mango puree" is also
    # looked up as "mango", read as a food (a raw commodity scores higher)
    pureed = [w for w in words if w in _PUREE] and not (concept is not None and not concept.food)
    if pureed and (concept is None or concept.key not in ("fruit pulp",)):
        rest = " ".join(w for w in words if w not in _PUREE and not re.search(r"\d", w))
        if rest:
            add(rest)
    if concept is not None and concept.key == "fruit pulp":
        # "mango pulp" is the fresh fruit pulped (about 1 kg per kg): the fruit itself first
        rest = " ".join(w for w in words if w not in _PUREE | {"pulp", "fruit"} and not re.search(r"\d", w))
        if rest:
            add(rest)
    if stand_note is not None and concept is None:
        # a stand-in without a plant-based concept: the plant-based product, searched by its name
        add("plant based " + " ".join(w for w in words if w not in {m for mk in table.stand_ins.markers for m in mk}))
    if concept is not None:
        named = " ".join(head) if head and not sense and processed is None else concept.query
        if route == "secondary":
            add(f"recycled {concept.query}")
            add(f"recycled {named}")
        add(named if not sense else concept.query)
        add(concept.query)
    formed = any(_has(words, p) for p in table.formed)
    device = next((words[e] for m in _matches(words, table) if _component_in_device(m, words, table)
                   for e in (m[1],)), None)
    role_of = None
    if head and all(w in ROLE_WORDS for w in head) and key is not None:
        at = next((i for i in range(len(words)) if words[i:i + len(head)] == tuple(head)), 0)
        before = [w for w in words[:at] if not re.search(r"\d", w)]
        role_of = " ".join(before) or None
    return NameReading(name=name, english=english, words=words, concept=key, route=route, head=tuple(head),
                       food=bool(concept and concept.food) or bool(pureed) or (stand_note is not None and concept is None),
                       material_class=material_class, lookups=tuple(lookups), sense=sense, notes=tuple(notes),
                       formed=formed, stand_in=stand_note is not None, assumed=assumed and key == part_key,
                       compound=compound, monomer=monomer, processed=processed, device=device, role_of=role_of)


def _renamed(words: tuple[str, ...], head: tuple[str, ...], name: str) -> str:
    """``words`` with the phrase ``head`` replaced by ``name`` ("white bean boiled" → "haricot bean cooked";
    boiled, steamed and simmered are the cooked state)."""
    n = len(head)
    rest = ["cooked" if w in _COOKED_SYNONYMS else w for w in words]
    for i in range(len(words) - n + 1):
        if tuple(words[i:i + n]) == tuple(head):
            return " ".join([*rest[:i], name, *rest[i + n:]])
    return name


_COOKED_SYNONYMS = frozenset({"boiled", "steamed", "simmered", "stewed"})


def _compound_is_head(compound: tuple[str, ...], key: str | None, head: tuple[str, ...], words: tuple[str, ...],
                      english: str, table: ConceptTable) -> bool:
    """True when a compound named in the name is what the name is about: no concept was found, the concept is
    an element (a metal), or the concept does not name the compound's anion and comes before the compound ends,
    after a comma that follows it ("zinc oxide, rubber grade") or names a grade ("rubber grade"). A concept that
    names the compound ("sodium hydroxide", "iron oxide pigment") keeps it; so does a material that contains it
    ("calcium carbonate filled polypropylene")."""
    if key is None or table.concepts[key].material_class == "metal":
        return True
    if compound[-1] in head:
        return False
    n, m = len(head), len(compound)
    key_at = next((i for i in range(len(words) - n + 1) if tuple(words[i:i + n]) == tuple(head)), None)
    comp_at = next((i for i in range(len(words) - m + 1) if tuple(words[i:i + m]) == tuple(compound)), None)
    if key_at is None or comp_at is None:
        return False
    if comp_at + m >= key_at + n:
        return True
    clause = len(lemma_words(english.split(",")[0]))
    if comp_at + m <= clause <= key_at:
        return True
    return words[key_at + n:key_at + n + 1] == ("grade",)


def words_beyond(reading: NameReading, said: set[str] | frozenset[str]) -> list[str]:
    """The words of a read name beyond ``said`` (lemmas), leaving out numbers and one-letter words: what a
    name says besides its material ("pipe" in "Steel pipe", "heart" in "beef heart")."""
    return [w for w in reading.words if w not in said and not re.search(r"\d", w) and len(w) > 1]


def is_prepared(candidate_words: set[str], query_words: set[str]) -> bool:
    """True when a candidate names a preparation (a dish, a sauce, cooked, canned…) the query does not."""
    table = concept_table()
    if query_words & _COOKED_SYNONYMS:  # "boiled beans" are cooked beans
        query_words = query_words | {"cooked"}
    for p in table.prepared:
        if all(w in candidate_words for w in p) and not all(w in query_words for w in p):
            return True
    return False

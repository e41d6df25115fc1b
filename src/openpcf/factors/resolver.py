"""The resolver protocol, the chain that records which resolver answered, and the library resolver.

``FactorResolver.resolve(query) -> FactorMatch | None``. A :class:`ResolverChain` asks its resolvers in
order and returns the first answer, stamped with the resolver's name. :class:`LibraryResolver` serves
any :class:`~openpcf.factors.library.FactorLibrary` (the open one, or a user's table). It is the ONE
name matcher of openpcf: ``openpcf factors resolve`` and the estimation engine both ask it.

Order for a name: a factor's exact name; the practitioner's reading
(:func:`openpcf.factors.name_reading.read_name`: language, lemmas, route words, head material, sense from
context) and its concept's route-correct targets; the exact name or alias of each lookup text; a
partial-word search (BM25 candidates from :class:`openpcf.search.lexical.LexicalIndex`, scored by
:func:`name_score`) accepted only at ``MIN_MATCH_SCORE`` = 0.55 or above. A food's search hit that names none of
the words a qualified name adds ("beef, grass fed" → "Heart, beef, raw") yields to the concept's own target
(:func:`covers_only_the_material`); an unknown "X, Y" name is also looked up by X, and a "Y X" name by its last
words (× 0.7, only when they name the hit's first phrase). A natural-gas factor never answers a
name whose "gas" is qualified by another substance (:func:`names_other_gas`), a stand-in never an animal food,
and a part whose material is only assumed is returned flagged (method "class", ``ASSUMED_SCORE``). Below that the library gives no
answer, and :class:`openpcf.factors.material_class.MaterialClassResolver` answers with a class factor
(method "class", confidence "low") or nothing does — a weak match is never used silently.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from openpcf import units
from openpcf.factors.compounds import compound_as_its_element
from openpcf.factors.library import FactorLibrary
from openpcf.factors.memo import per_resolver
from openpcf.factors.name_reading import (
    ROLE_WORDS,
    SPECIES_WORDS,
    Concept,
    NameReading,
    concept_table,
    is_prepared,
    read_name,
    words_beyond,
)
from openpcf.factors.record import Confidence, Factor, FactorMatch, FactorQuery
from openpcf.factors.solution_strength import at_strength
from openpcf.vocabulary.geography import parse_region
from openpcf.vocabulary.names import (
    content_tokens,
    lemma_words,
    normalise_name,
    query_variants,
    strip_accents,
    with_joins,
)
from openpcf.vocabulary.translation import translate

#: tap water per kg: the water of a solution whose strength the name states
WATER_FACTOR_ID = "desnz2024:water:supply-kg"

_QUALITY_RANK = {"high": 0, "medium": 1, "low": 2, "estimate": 3}


@runtime_checkable
class FactorResolver(Protocol):
    """Anything that turns a query into a factor match (or None)."""

    name: str

    def resolve(self, query: FactorQuery) -> FactorMatch | None: ...


def as_query(query: FactorQuery | str, unit: str | None = None, geography: str | None = None) -> FactorQuery:
    return query if isinstance(query, FactorQuery) else FactorQuery(name=query, unit=unit, geography=geography)


def confidence_of(score: float) -> Confidence:
    """Score → flag: ≥ 0.75 high, ≥ 0.5 medium, otherwise low."""
    return "high" if score >= 0.75 else "medium" if score >= 0.5 else "low"


def fit_unit(factor: Factor, unit: str | None) -> Factor | None:
    """``factor`` expressed per ``unit`` (None when ``unit`` is given and not convertible)."""
    if unit is None:
        return factor
    if not units.is_convertible(factor.unit, unit):
        return None
    return factor.per(unit)


def fitted_match(factor: Factor, query: FactorQuery, method: str, score: float, confidence: Confidence,
                 resolver: str, matched_text: str = "") -> FactorMatch | None:
    """A match with ``factor`` expressed per the query's unit (None when the unit cannot fit)."""
    fitted = fit_unit(factor, query.unit)
    if fitted is None:
        return None
    return FactorMatch(factor=fitted, method=method, score=score, confidence=confidence,  # type: ignore[arg-type]
                       resolver=resolver, query=query.name, matched_text=matched_text)


class ResolverChain:
    """Resolvers asked in order; the first match wins and carries the answering resolver's name."""

    name = "chain"

    def __init__(self, resolvers: Sequence[FactorResolver]) -> None:
        self.resolvers = list(resolvers)

    def resolve(self, query: FactorQuery | str) -> FactorMatch | None:
        q = as_query(query)
        for r in self.resolvers:
            match = r.resolve(q)
            if match is not None:
                return match.model_copy(update={"resolver": match.resolver or r.name, "query": q.name})
        return None

    def attempts(self, query: FactorQuery | str) -> list[tuple[str, FactorMatch | None]]:
        """Every resolver's answer, in order (for explaining a choice)."""
        q = as_query(query)
        return [(r.name, r.resolve(q)) for r in self.resolvers]


#: Score of a match whose material is assumed (a part's usual material, named by neither the name nor a sibling):
#: method "class", confidence "low", like the class factors of ``material_class.CLASS_SCORE``.
ASSUMED_SCORE = 0.3
#: A search hit scoring below this is never used: the class resolver answers instead (flagged) or nothing does.
MIN_MATCH_SCORE = 0.55
#: Words of a factor name that say how or where it was made, not what it is (not counted against a match).
_GENERIC_WORDS = frozenset(
    "at plant production product primary raw average mix unspecified market for of and mill incl excl forming kg "
    "virgin resin granulate pellet neat solid industry us glo rer world from in the a an to by with or w "
    "closed loop source open estimate fresh natural".split())
_FOOD_CLASSES = frozenset({"food", "fruit", "vegetable", "legume", "tuber", "nut-oilseed", "cereal", "spice", "herb"})
#: Factor categories that never answer a material name.
_NOT_MATERIAL = frozenset({"emission", "spend", "freight", "electricity", "heat"})
_RECYCLED_WORDS = frozenset({"recycled", "secondary", "scrap", "postconsumer", "regranulate", "reclaimed", "cullet",
                             "remelted", "recovered", "recycling", "eaf"})
#: Words of a food factor's name that say the food was processed into another state (water removed or added,
#: cooked, concentrated): a food named without them is the raw commodity, so such a candidate scores × 0.8.
FOOD_STATE_WORDS = frozenset({"dried", "dry", "dehydrated", "powder", "powdered", "candied", "concentrate",
                              "concentrated", "juice", "nectar", "syrup", "jam", "frozen", "canned", "tinned", "cooked",
                              "boiled", "roasted", "puree", "sprouted", "flake"})
#: Foods whose raw commodity is dry (pulses, cereal grains, seeds): "dried" is their state as traded, so it is
#: not penalised and a dry candidate scores + 0.05 ("chickpeas" in a recipe are dry chickpeas as purchased).
DRY_COMMODITY_WORDS = frozenset({"bean", "lentil", "chickpea", "lupin", "lupine", "soybean", "soya", "fava", "faba",
                                 "rice", "wheat", "oat", "barley", "maize", "rye", "millet", "quinoa", "sorghum",
                                 "buckwheat", "spelt", "seed", "grain", "coconut", "almond", "hazelnut", "walnut",
                                 "peanut", "cashew", "pistachio", "sesame", "linseed", "flaxseed", "chia"})
#: State words that take a food concept off its raw-commodity target ("cooked chickpeas" is not dry chickpeas).
_COOKED_STATE = frozenset({"cooked", "boiled", "canned", "tinned", "frozen", "sprouted", "roasted"})


def _names_another_food(reading: NameReading) -> bool:
    """True when a food name says more than its concept and its cuts, forms and states: "beef heart",
    "lamb's lettuce", "meat alternative" are other products than beef, lamb or meat, so the concept's
    commodity target must not stand for them ("beef sirloin", "pork shoulder, raw" keep it)."""
    table = concept_table()
    concept = table.concepts.get(reading.concept or "")
    own = set(reading.head) | {w for n in (concept.names if concept else ()) for w in n}
    return any(w not in table.forms and w not in _COMMODITY_WORDS for w in words_beyond(reading, own))


def covers_only_the_material(reading: NameReading, matched: str) -> bool:
    """True when a search hit for a qualified name ("beef, grass fed", "grass fed beef", "hill lamb") names none
    of the words the name adds to its material, or not the material itself: in LCA naming "X, Y" is material X
    with qualifier Y and "Y X" puts the head last, so a hit that matched only the head word ("Heart, beef, raw")
    is no better than the material itself. False for a name that adds nothing to its material, and for a hit that
    names a word it adds ("Heart, beef" for "beef heart")."""
    concept = concept_table().concepts.get(reading.concept or "")
    own = set(reading.head) | {w for n in (concept.names if concept else ()) for w in n}
    added = [w for w in words_beyond(reading, own) if w not in _GENERIC_WORDS and w not in _COMMODITY_WORDS]
    if not added:
        return False
    got = set(with_joins(lemma_words(matched)))
    return not any(w in got for w in added)


#: Words that leave a food commodity what it is (state at purchase, grade, joining words); unlike
#: FOOD_STATE_WORDS they do not name a processed state.
_COMMODITY_WORDS = frozenset({"raw", "fresh", "whole", "organic", "conventional", "lean", "boneless", "bone",
                              "skinless", "meat", "chilled", "trimmed", "grade", "quality", "bulk", "the", "of",
                              "plain", "natural", "unflavoured", "unflavored", "unsweetened",
                              "and", "with", "from", "in"})
#: Words of an animal food, and words that make a factor a plant-based product even when it names one
#: ("Plant-based cheese", "Soy drink"): a stand-in ("meat alternative") never takes an animal food.
_ANIMAL_WORDS = frozenset({"meat", "beef", "pork", "chicken", "poultry", "lamb", "mutton", "veal", "turkey", "duck",
                           "fish", "salmon", "tuna", "milk", "cheese", "cream", "butter", "yogurt", "egg", "ham",
                           "bacon", "goat", "ewe", "cow"})
_PLANT_WORDS = frozenset({"plant", "vegan", "veggie", "vegetarian", "soy", "soya", "soybean", "tofu", "seitan",
                          "vegetable", "vegetal", "oat", "almond", "rice", "pea", "coconut", "wheat"})
#: Words before "gas" that leave it natural gas; any other word before it names the gas ("nitrogen gas").
_FUEL_GAS_WORDS = frozenset({"natural", "fossil", "town", "city", "mains", "pipeline", "fuel", "heating", "lng", "cng",
                             "methane", "grid", "piped", "network", "main", "the", "of", "a"})
#: Animals whose milk makes a dairy product other than cow's: a dairy food named without one is cow's milk
#: ("Greek yogurt" is a style of cow's-milk yogurt, not goat's or ewe's).
_DAIRY_ANIMALS = frozenset({"goat", "ewe", "sheep", "buffalo", "camel", "donkey", "mare"})
_DAIRY_WORDS = frozenset({"milk", "yogurt", "yoghurt", "cheese", "cream", "butter", "kefir", "curd", "dairy", "whey",
                          "quark", "skyr", "feta", "ricotta", "mozzarella"})
_END_OF_LIFE = frozenset({"decomposition", "disposal", "waste", "landfill", "incineration", "treatment", "wastewater",
                          "composting", "removed", "recovery"})


def names_other_gas(query_words: Sequence[str], candidate_words: set[str] | frozenset[str]) -> bool:
    """True when a natural-gas candidate answers a name whose "gas" is qualified by another substance: "nitrogen
    gas", "oxygen gas", "shielding gas" name that gas, not the fuel ("gas", "natural gas", "mains gas" keep it)."""
    if not {"natural", "gas"} <= set(candidate_words) or "natural" in query_words:
        return False
    words = list(query_words)
    return any(w == "gas" and i > 0 and words[i - 1] not in _FUEL_GAS_WORDS for i, w in enumerate(words))


def _guarded(reading: NameReading) -> bool:
    """A reading whose guards apply to search candidates even without a concept: a compound (the element's factor
    is refused), a monomer (a polymer's factor is refused) or a processed meat (another species is refused)."""
    return bool(reading.compound or reading.monomer or reading.processed)


def route_in_region(concept: Concept, route: str, geography: str | None) -> str | None:
    """The usual route of a concept in the query's region when the name states none ("steel I-beam", DE →
    secondary: sections there come mostly from EAF mills); None when the name states a route, no region is
    given, or the concept has no usual route there."""
    if route != "market" or not geography or not concept.route_by_region:
        return None
    region = parse_region(geography)
    if region is None:
        return None
    return next((r for r, codes in concept.route_by_region.items() if region.code in codes and r in concept.targets),
                None)


def _names_all(words: Sequence[str], factor_words: Sequence[str], matched: str) -> bool:
    have = set(factor_words) | set(lemma_words(matched))
    return all(w in have for w in words if not w.isdigit() and len(w) > 1 and w not in ("ii", "iii", "iv"))


def _names_polymer(factor_name: str) -> bool:
    """True when a factor's name reads as a polymer ("Polyvinyl chloride (PVC)…", "Epoxy resin…")."""
    from openpcf.factors.material_class import material_class

    return material_class(factor_name) == "polymer"


def name_score(query_words: Sequence[str], head: Sequence[str], candidate: str, route: str = "market") -> float:
    """Partial-word match score in [0, 1] of a candidate name for a query (both as lemmas).

    0.65 × weighted recall (the query's words found in the candidate; head-material words weigh 2, others 1)
    + 0.35 × precision (the candidate's identifying words found in the query). A candidate that misses a word
    of the head material scores × 0.4; a recycled candidate for a non-recycled query (or the reverse) × 0.6.
    "beef sirloin" vs "Beef, sirloin steak, raw": recall 1, precision 2/3 → 0.883.
    """
    cand = lemma_words(candidate)
    c = with_joins(cand)
    q = [w for w in query_words if w not in _GENERIC_WORDS and not w.isdigit()] or list(query_words)
    if not q or not cand:
        return 0.0
    hs = set(head)
    weights = [2.0 if w in hs else 1.0 for w in q]
    # "Cheese, from goat's milk, from raw milk" is cheese: what follows "from" is the origin, not the product.
    # A query word found only there is not recalled: "nitric acid" is not "Adipic acid, from … nitric acid".
    named = with_joins(lemma_words(re.sub(r"\bfrom\b[^,]*", " ", candidate, flags=re.I)))
    recall = sum(wt for w, wt in zip(q, weights) if w in named) / sum(weights)
    qs = with_joins(q)
    core = [w for w in cand if w not in _GENERIC_WORDS and not w.isdigit() and len(w) > 1]
    precision = (sum(1 for w in core if w in qs) / len(core)) if core else 1.0
    score = 0.65 * recall + 0.35 * precision
    if head and not all(h in named for h in head):
        score *= 0.4
    # English compounds name the thing last: "cocoa butter" and "chestnut cream" are not butter or cream;
    # a candidate whose first phrase puts words the query lacks before the query's head scores × 0.75.
    lead = lemma_words(candidate.split(",")[0])
    first = next((i for i, w in enumerate(lead) if w in hs), None) if hs else None
    if first and any(w not in qs and w not in _GENERIC_WORDS for w in lead[:first]):
        score *= 0.75
    recycled_c = bool(set(cand) & _RECYCLED_WORDS)
    if (route == "secondary") != recycled_c:
        score *= 0.6
    return min(score, 1.0)


def food_state_score(score: float, query_words: Sequence[str], candidate_words: Sequence[str]) -> float:
    """A food candidate's score given the states its name states and the query does not (see
    ``FOOD_STATE_WORDS``): × 0.8 when it names another state; for a dry commodity (``DRY_COMMODITY_WORDS``)
    "dried"/"dry" is no other state and scores + 0.05. A fruit named alone vs "<fruit>, dried": 0.825 → 0.66,
    so "<fruit>, pulp and peel, raw" (0.817) wins; "chickpeas" vs "Chick pea, dried": + 0.05."""
    q = set(query_words)
    c = set(candidate_words)
    extra = (c & FOOD_STATE_WORDS) - q
    if q & DRY_COMMODITY_WORDS or any(w.endswith(("bean", "lentil")) for w in q):
        if extra & {"dried", "dry"}:
            score = min(1.0, score + 0.05)
        extra -= {"dried", "dry"}
    return score * 0.8 if extra else score


def head_as_modifier(head: Sequence[str], candidate: str, query_words: Sequence[str]) -> bool:
    """True when the candidate's first phrase uses the query's head word as a modifier: the word right after
    it is a noun the query does not name ("butter" vs "Butter bean or yellow bean, raw": a bean)."""
    if not head:
        return False
    lead = lemma_words(candidate.split(",")[0])
    q = set(query_words)
    for i, w in enumerate(lead[:-1]):
        if w == head[-1]:
            nxt = lead[i + 1]
            # "Sausage meat" is the sausage's meat, still a sausage
            return nxt not in q and nxt not in _GENERIC_WORDS and nxt != "meat" and not nxt.isdigit() and len(nxt) > 2
    return False


def _indexed(text: str) -> str:
    words = lemma_words(normalise_name(text))
    return " ".join([*words, *(a + b for a, b in zip(words, words[1:]))])


class LibraryResolver:
    """One resolver over a factor library: the practitioner's reading of the name
    (:func:`openpcf.factors.name_reading.read_name`), then route-correct concept targets, exact name or
    alias of each lookup text, and last a partial-word search (≥ ``min_score``)."""

    def __init__(self, library: FactorLibrary, name: str | None = None, min_score: float = MIN_MATCH_SCORE,
                 search_k: int = 25, exclude_categories: Sequence[str] = (), trust_aliases: bool = True) -> None:
        self.library = library
        # A user's table: its aliases are the user's own words and answer before the concept reading. The
        # open library's aliases are generated by its build, so route-correct concept targets come first.
        self.trust_aliases = trust_aliases
        self.name = name or library.name
        self.min_score = min_score
        self.search_k = search_k
        # e.g. ("spend",): kg CO2e per USD factors answer only queries asked in a currency.
        self.exclude_categories = frozenset(exclude_categories)
        self._factors = list(library)
        self._texts: list[str] = []
        self._owners: list[int] = []
        for i, f in enumerate(self._factors):
            for text in (f.name, *f.aliases):
                self._texts.append(text)
                self._owners.append(i)
        self._index = None
        self._name_words: dict[str, tuple[str, ...]] = {}
        self._targets: dict[tuple[str, str, str | None], list[Factor]] = {}

    # -- filters -----------------------------------------------------------------------------
    def _allowed(self, factor: Factor, unit: str | None) -> bool:
        if factor.category not in self.exclude_categories:
            return True
        # Spend-based factors answer queries asked in a currency; other excluded categories never.
        return unit is not None and factor.category == "spend" and units.is_convertible(unit, factor.unit)

    def _words(self, factor: Factor) -> tuple[str, ...]:
        w = self._name_words.get(factor.id)
        if w is None:
            w = self._name_words[factor.id] = tuple(lemma_words(factor.name))
        return w

    def _joined(self, factor: Factor) -> frozenset[str]:
        """The lemmas of a factor's name with each adjacent pair joined (memoised per resolver)."""
        memo = self.__dict__.setdefault("_joined_words", {})
        w = memo.get(factor.id)
        if w is None:
            w = memo[factor.id] = frozenset(with_joins(list(self._words(factor))))
        return w

    def _fits_reading(self, factor: Factor, reading: NameReading | None, unit: str | None) -> bool:
        """The factor is of the reading's kind: a food for a food, a material for a material; no dish for an
        ingredient; no end-of-life activity for a material; per mass when a material is asked without unit."""
        if reading is None:
            return True
        words = set(self._words(factor))
        if names_other_gas(reading.words, words):
            return False
        if compound_as_its_element(reading.english, factor.name):
            return False  # "aluminium hydroxide" is a chemical, not aluminium metal
        if reading.monomer and "monomer" not in words and _names_polymer(factor.name):
            return False  # "vinyl chloride" is the monomer, not PVC
        if factor.category == "food" and words & _DAIRY_ANIMALS and words & _DAIRY_WORDS \
                and not set(reading.words) & (_DAIRY_ANIMALS | {"lamb", "mutton", "goat"}):
            return False  # a dairy food named without its animal is cow's milk
        if reading.stand_in and reading.food and (factor.category != "food" or (words & _ANIMAL_WORDS and not words & _PLANT_WORDS)):
            return False
        if reading.concept is None:  # an unknown name: still never a dish for a name that is not one
            return not (factor.category == "food" and is_prepared(words, set(reading.words)))
        is_food = factor.category == "food"
        if reading.food != is_food and reading.material_class not in ("water",):
            return False
        if reading.food and not reading.stand_in and is_prepared(words, set(reading.words)):
            return False  # a plant-based stand-in is a prepared product by nature ("Veggie burger, prepacked")
        if factor.category in _NOT_MATERIAL and reading.material_class not in ("water",):
            return False
        if words & _END_OF_LIFE and not set(reading.words) & _END_OF_LIFE:
            return False
        if unit is None and not units.is_convertible(factor.unit, "kg"):
            return False
        return True

    def _pick(self, candidates: list[Factor], q: FactorQuery, reading: NameReading | None = None) -> Factor | None:
        fitted = [(f, fit_unit(f, q.unit)) for f in candidates
                  if self._allowed(f, q.unit) and self._fits_reading(f, reading, q.unit)]
        usable = [(f, g) for f, g in fitted if g is not None]
        if not usable:
            return None
        geo = (q.geography or "").upper()
        usable.sort(key=lambda fg: (fg[0].geography.upper() != geo if geo else False,
                                    _QUALITY_RANK.get(fg[0].quality, 9), fg[0].id))
        return usable[0][1]

    # -- exact, alias, concept targets -------------------------------------------------------
    def _exact_or_alias(self, text: str, q: FactorQuery, discount: float,
                        reading: NameReading | None = None) -> FactorMatch | None:
        hit = self._pick(self.library.by_name(text), q, reading)
        if hit is not None:
            score = 1.0 * discount
            return FactorMatch(factor=hit, method="exact", score=score, confidence=confidence_of(score),
                               resolver=self.name, query=q.name, matched_text=hit.name)
        hit = self._pick(self.library.by_alias(text), q, reading)
        if hit is not None:
            score = 0.95 * discount
            return FactorMatch(factor=hit, method="alias", score=score, confidence=confidence_of(score),
                               resolver=self.name, query=q.name, matched_text=text)
        return None

    def target_factors(self, concept: Concept, route: str, unit: str | None) -> list[Factor]:
        """Factors of the library that a concept's targets for ``route`` accept, best target first; within a
        target: the route stated by the factor, quality, then the fewest extra words (memoised per resolver:
        its factors do not change)."""
        cache = self.__dict__.setdefault("_target_cache", {})
        key = (concept.key, route, unit)
        if key not in cache:
            cache[key] = self._target_factors(concept, route, unit)
        return list(cache[key])

    def _target_factors(self, concept: Concept, route: str, unit: str | None) -> list[Factor]:
        st = concept_table().stand_ins
        stand_in = st is not None and (concept.key in st.by_product.values() or concept.key == st.default)
        reading = NameReading(name=concept.key, english=concept.key, words=(), concept=concept.key,
                              food=concept.food, material_class=concept.material_class, stand_in=stand_in)
        want = {"market": ("market_mix", "primary"), "primary": ("primary",), "secondary": ("secondary",),
                "formed": ("primary", "market_mix"), "formed_secondary": ("secondary",)}[route]
        for spec in concept.targets.get(route, ()):
            found = []
            for f in self._factors:
                if not self._allowed(f, unit) or not self._fits_reading(f, reading, unit):
                    continue
                words = self._joined(f)
                if all(w in words for w in spec["all"]) and not any(all(w in words for w in phrase)
                                                                   for phrase in spec["none"]):
                    if unit is not None and not units.is_convertible(f.unit, unit):
                        continue
                    found.append(f)
            if found:
                found.sort(key=lambda f: (f.route not in want if f.route else True, _QUALITY_RANK.get(f.quality, 9),
                                          len(self._words(f)), f.id))
                return found
        return []

    def _target_match(self, reading: NameReading, q: FactorQuery, qualified: bool = False) -> FactorMatch | None | bool:
        """The concept's route target (alias-grade match); False when the concept has targets for the route
        but the library holds none of them (no silent fallback to a wrong product); None when it has none.
        ``qualified``: the words the name adds to a food are qualifiers the library has no product for (see
        :func:`covers_only_the_material`), so they do not make it another food."""
        concept = concept_table().concepts.get(reading.concept or "")
        if concept is None:
            return None
        # a formed good ("HDPE bottle") takes a factor that includes forming, when the concept names one
        route = "formed" if reading.formed and reading.route != "secondary" and "formed" in concept.targets \
            else reading.route
        if reading.formed and route == "secondary" and "formed_secondary" in concept.targets:
            route = "formed_secondary"  # "recycled PET bottle": a recycled factor that includes forming
        regional = route_in_region(concept, route, q.geography)
        route = regional or route
        if route not in concept.targets:
            return None
        if concept.food and set(reading.words) & _COOKED_STATE:
            return None  # the name says the food is cooked or canned: the search finds that state
        if reading.processed:
            return None  # "chicken sausage": the search finds the product; the meat itself is the flagged fallback
        if concept.food and not reading.stand_in and not qualified and _names_another_food(reading):
            return None  # "beef heart", "lamb's lettuce", "meat alternative": the search finds that product
        found = self.target_factors(concept, route, q.unit)
        if not found:
            return False
        factor = fit_unit(found[0], q.unit)
        if factor is None:
            return False
        score = 0.9 if reading.sense else 0.95
        said = f"{concept.key} ({route}" + (f", usual route in {q.geography})" if regional else ")")
        return FactorMatch(factor=factor, method="alias", score=score, confidence=confidence_of(score),
                           resolver=self.name, query=q.name,
                           matched_text=said + (f"; {reading.sense}" if reading.sense else ""))

    def resolve(self, query: FactorQuery | str) -> FactorMatch | None:
        """The factor for a name: a factor's exact name; the head concept's route-correct target; the exact
        name or alias of each lookup text of the reading; a partial-word search over them (score ≥
        ``min_score``); then simpler readings (brands, brackets removed) × 0.85. None below the score.
        A solution's strength in the name ("hydrochloric acid 32 %") restates a factor per kg of 100 %
        substance per kg of that solution (:mod:`openpcf.factors.solution_strength`)."""
        q = as_query(query)
        match = self._resolve_name(q)
        if match is None or match.method == "exact":
            return match
        solution = at_strength(match.factor, q.name, self.library.get(WATER_FACTOR_ID))
        if solution is None:
            return match
        return match.model_copy(update={
            "factor": solution,
            "matched_text": f"{match.matched_text}; at {solution.details['solution_strength']:g} mass share "
                            "(substance x share + water)"})

    def _resolve_name(self, q: FactorQuery) -> FactorMatch | None:
        if not q.name.strip():
            return None
        hit = self._pick(self.library.by_name(q.name), q)
        if hit is not None:
            return FactorMatch(factor=hit, method="exact", score=1.0, confidence="high", resolver=self.name,
                               query=q.name, matched_text=hit.name)
        if self.trust_aliases:
            match = self._exact_or_alias(q.name, q, 1.0)
            if match is not None:
                return match
        reading = read_name(q.name, q.context)
        if set(reading.words) & ROLE_WORDS and not set(reading.head) & ROLE_WORDS:
            # "potassium hydroxide electrolyte" is the hydroxide in a role, unless the library holds the two as one
            # row (its name or alias)
            match = self._exact_or_alias(q.name, q, 1.0, reading)
            if match is not None:
                return match
        match = self._resolve_reading(q, reading)
        if match is not None and reading.assumed:
            # the usual material of a part of a device, said by neither the name nor a sibling: flagged
            return match.model_copy(update={"method": "class", "score": ASSUMED_SCORE, "confidence": "low",
                                            "matched_text": f"{match.matched_text}; {reading.sense}"})
        return match

    def _resolve_reading(self, q: FactorQuery, reading: NameReading) -> FactorMatch | None:
        if reading.role_of:
            # "KOH electrolyte": a role word after a substance the concept table does not know; the library's
            # name or alias for the substance answers first (a metal before a role says what it is for)
            said = read_name(reading.role_of)
            concept_before = concept_table().concepts.get(said.concept or "")
            if concept_before is None or concept_before.material_class != "metal":
                match = self._exact_or_alias(reading.role_of, q, 0.95, said)
                if match is not None:
                    return match.model_copy(update={"matched_text": f"{match.matched_text}; '{reading.head[-1]}' "
                                                                    "read as its role"})
        target = self._target_match(reading, q)
        if isinstance(target, FactorMatch):
            return target
        if target is False:
            return None  # the concept's right product is not in this library: the class resolver answers
        lookups = list(reading.lookups) or [q.name]
        concept = concept_table().concepts.get(reading.concept or "")
        # the specific texts first (as written, the head as named), then the concept's generic lookup name:
        # "olive oil" is olive oil before it is the vegetable-oil default
        general = [t for t in lookups if concept is not None and t == concept.query and len(lookups) > 1]
        for first, group in ((True, [t for t in lookups if t not in general]), (False, general)):
            for pos, text in enumerate(group):
                match = self._exact_or_alias(text, q, 1.0 - 0.03 * pos, reading)
                if match is not None:
                    return match
            match = self._best_search(group, q, reading, 1.0) if group else None
            if first and concept is not None and concept.food \
                    and (match is None or covers_only_the_material(reading, match.matched_text)):
                # "beef, grass fed" → "Heart, beef, raw" matched only the head word, "beef, pasture raised" nothing
                # with its qualifiers: the material itself before the concept's generic lookup
                target = self._target_match(reading, q, qualified=True)
                if isinstance(target, FactorMatch):
                    added = " ".join(words_beyond(reading, set(reading.head)))
                    return target.model_copy(update={
                        "matched_text": f"{target.matched_text}; '{added}' read as a qualifier of {concept.key}"})
            if match is not None:
                return match
        guard = reading if _guarded(reading) else None
        if reading.concept is None:
            for variant in query_variants(q.name):
                match = self._exact_or_alias(variant, q, 0.85, guard) or self._best_search([variant], q, guard, 0.85)
                if match is not None:
                    return match
            # ecoinvent-style "cement, CEM III/B", "whole cod, trawl caught": the head clause alone, by exact name
            # or alias, then by search (score × 0.7); "trawl caught whole cod" names the head last: the name
            # without its leading words, longest first, by search (× 0.7)
            head = q.name.split(",")[0].strip()
            if head and head != q.name.strip():
                match = self._exact_or_alias(head, q, 0.7, guard) or self._named_by(head, q, reading)
                if match is not None:
                    return match
            return self._trailing_match(head, q, reading)
        if reading.processed and concept is not None:
            # "lamb sausage" with no such product in the library: the meat itself, flagged as an assumption
            meat = read_name(concept.query)
            match = self._resolve_reading(FactorQuery(name=concept.query, unit=q.unit, geography=q.geography), meat)
            if match is not None:
                return match.model_copy(update={
                    "method": "class", "score": ASSUMED_SCORE, "confidence": "low", "query": q.name,
                    "matched_text": f"{match.matched_text}; '{reading.processed}' of {concept.key} read as the meat "
                                    "(no such product in the library; assumed)"})
        return None

    def _trailing_match(self, clause: str, q: FactorQuery, reading: NameReading) -> FactorMatch | None:
        """The best search hit for ``clause`` without its leading words, longest rest first (× 0.7): English puts
        qualifiers before the head ("line caught whole cod" → "whole cod"). Rests made only of form, part or role
        words ("binder", "housing") or one letter are not looked up."""
        table = concept_table()
        words = [w for w in lemma_words(translate(strip_accents(clause).lower())) if not re.search(r"\d", w)]
        for i in range(1, len(words)):
            rest = words[i:]
            if all(w in table.forms or w in table.parts or w in ROLE_WORDS or len(w) < 3 for w in rest):
                break
            match = self._named_by(" ".join(rest), q, reading)
            if match is not None:
                return match
        return None

    def _named_by(self, text: str, q: FactorQuery, reading: NameReading) -> FactorMatch | None:
        """The best search hit for part of a name (× 0.7), kept only when that part names everything the hit's
        first phrase names: "whole cod" → "Cod, raw" (the thing itself, qualified after the comma), but "acid" is
        not "Sulfuric acid" and "belt" not "Sea belt"."""
        match = self._best_search([text], q, reading, 0.7)
        if match is None:
            return None
        plain = strip_accents(text).lower()
        # the name's words in English and as written ("cabillaud" names the French row "Cabillaud, cru")
        said = set(with_joins(lemma_words(translate(plain)))) | set(with_joins(lemma_words(plain)))
        lead = [w for w in lemma_words(re.sub(r"\(.*?\)", " ", match.matched_text.split(",")[0]))
                if w not in _GENERIC_WORDS and not w.isdigit()]
        return match if lead and all(w in said for w in lead) else None

    # -- search ------------------------------------------------------------------------------
    def _lexical(self):
        if self._index is None:
            from openpcf.search.lexical import LexicalIndex  # the project's one BM25

            # with each two-word compound also written as one word ("Chick pea" is found by "chickpea")
            self._index = LexicalIndex([_indexed(t) for t in self._texts])
        return self._index

    def candidates(self, text: str, k: int) -> list[int]:
        """Indices into the name/alias texts, best BM25 first."""
        if not self._texts or not content_tokens(text):
            return []
        hits = self._lexical().search(" ".join(lemma_words(normalise_name(text))), k)
        out = []
        for h in hits:
            idx = h[0] if isinstance(h, tuple) else getattr(h, "index", getattr(h, "id", h))
            out.append(int(idx))
        return out

    @per_resolver  # pure in its arguments: the resolver's factors do not change
    def _scored(self, text: str, k: int, unit: str | None,
                reading: NameReading | None) -> list[tuple[Factor, float, str]]:
        words = lemma_words(text)
        # the head noun: the last word of the head phrase ("cow milk" is milk; English names the thing last)
        head = list(reading.head[-1:]) if reading is not None and reading.head else []
        if reading is not None and reading.concept and not head:
            head = lemma_words(concept_table().concepts[reading.concept].query)[-1:]
        if not (set(head) <= set(words)):
            head = []
        route = reading.route if reading is not None else ("secondary" if set(words) & _RECYCLED_WORDS else "market")
        seen: dict[str, tuple[Factor, float, str]] = {}
        for idx in self.candidates(text, max(k, self.search_k)):
            factor = self._factors[self._owners[idx]]
            if not self._allowed(factor, unit) or not self._fits_reading(factor, reading, unit):
                continue
            fitted = fit_unit(factor, unit)
            if fitted is None:
                continue
            matched = self._texts[idx]
            if reading is not None and reading.compound and not _names_all(reading.head, self._words(factor), matched):
                continue  # a compound's search hit names the element and the anion ("copper sulfate")
            if reading is not None and reading.device and reading.device not in lemma_words(matched):
                continue  # "transistor radio" is a radio: a hit must name it, not only the transistor
            if reading is not None and reading.processed and reading.concept in SPECIES_WORDS \
                    and not set(SPECIES_WORDS[reading.concept]) & set(self._words(factor)):
                continue  # "lamb sausage" is not a pork or an unnamed sausage
            score = name_score(words, head, matched, route)
            if reading is not None and reading.food and "raw" in self._words(factor):
                score = min(1.0, score + 0.05)  # an ingredient named plainly is the raw commodity
            if factor.category == "food":
                score = food_state_score(score, words, self._words(factor))
                if head_as_modifier(head, matched, words):
                    score *= 0.75  # "Butter bean" is a bean and "Butter oil" an oil, not butter
            prev = seen.get(factor.id)
            if prev is None or score > prev[1]:
                seen[factor.id] = (fitted, score, matched)
        return sorted(seen.values(), key=lambda t: (-t[1], _QUALITY_RANK.get(t[0].quality, 9), t[0].id))

    def search(self, text: str, k: int = 10, unit: str | None = None) -> list[tuple[Factor, float, str]]:
        """Factors for free text, best first: (factor per ``unit``, score in [0, 1], matched text)."""
        reading = read_name(text)
        best: dict[str, tuple[Factor, float, str]] = {}
        for pos, lookup in enumerate(reading.lookups or (text,)):
            for f, score, matched in self._scored(lookup, k, unit, reading if reading.concept or _guarded(reading) else None):
                score *= 1.0 - 0.03 * pos
                if f.id not in best or score > best[f.id][1]:
                    best[f.id] = (f, score, matched)
        ranked = sorted(best.values(), key=lambda t: (-t[1], _QUALITY_RANK.get(t[0].quality, 9), t[0].id))
        return ranked[:k]

    def _best_search(self, lookups: Sequence[str], q: FactorQuery, reading: NameReading | None,
                     discount: float) -> FactorMatch | None:
        best: tuple[Factor, float, str] | None = None
        for pos, text in enumerate(lookups):
            ranked = self._scored(text, 10, q.unit, reading)
            geo = (q.geography or "").upper()
            if geo and ranked:  # among equally good names, prefer the asked geography
                top = ranked[0][1]
                ranked.sort(key=lambda t: (-(t[1] >= top - 1e-9), t[0].geography.upper() != geo))
            for factor, score, matched in ranked[:1]:
                score *= 1.0 - 0.03 * pos
                if best is None or score > best[1] + 1e-9:
                    best = (factor, score, matched)
        if best is None or best[1] < self.min_score - 1e-9:
            return None
        factor, score, matched = best
        score = min(score, 0.9) * discount
        return FactorMatch(factor=factor, method="search", score=score, confidence=confidence_of(score),
                           resolver=self.name, query=q.name, matched_text=matched)

    def search_match(self, q: FactorQuery, text: str | None = None, discount: float = 1.0) -> FactorMatch | None:
        """The best search hit for ``text`` (default: the query's lookup texts), None below ``min_score``."""
        reading = read_name(q.name, q.context)
        lookups = [text] if text else (list(reading.lookups) or [q.name])
        return self._best_search(lookups, q, reading if reading.concept or _guarded(reading) else None, discount)

"""Normalising material and activity names so that spellings of the same thing compare equal.

"Aluminium", "aluminum", "ALUMINUM " → "aluminium"; "Polyethylene (PE)" keeps both tokens;
"sulphuric acid" → "sulfuric acid". Pure functions.
"""

from __future__ import annotations

import functools
import re
import unicodedata

from openpcf.vocabulary.material_words import RECYCLED_TOKENS
from openpcf.vocabulary.spellings import NORMAL_SPELLING

_STOPWORDS = frozenset(
    ["a", "an", "and", "at", "by", "for", "from", "in", "into", "of", "on", "or", "per", "the", "to", "with", "without", "incl", "including", "excl", "excluding", "e", "g", "eg", "i", "ie", "etc"]
)


_LIGATURES = str.maketrans({"œ": "oe", "Œ": "OE", "æ": "ae", "Æ": "AE", "ß": "ss", "ø": "o", "Ø": "O", "ł": "l"})


def strip_accents(text: str) -> str:
    """Accents removed and ligatures spelt out ("bœuf" → "boeuf", "Weiß" → "Weiss")."""
    return "".join(c for c in unicodedata.normalize("NFKD", text.translate(_LIGATURES)) if not unicodedata.combining(c))


@functools.lru_cache(maxsize=65536)
def normalise_name(text: str) -> str:
    """Lower case, no accents, punctuation → space, UK/US spellings unified (:data:`~openpcf.vocabulary.spellings.NORMAL_SPELLING`), single spaces."""
    s = strip_accents(text).lower()
    s = s.replace("®", " ").replace("™", " ")
    s = re.sub(r"[^a-z0-9%.+-]+", " ", s)
    s = re.sub(r"(?<![0-9])[.+-]|[.+-](?![0-9a-z])", " ", s)
    words = [NORMAL_SPELLING.get(w, w) for w in s.split()]
    return " ".join(words)


# Words that qualify a material without naming it: a candidate need not contain them.
MODIFIERS = frozenset(
    ["virgin", "primary", "secondary", "granulate", "granule", "pellet", "powder", "resin", "raw", "fresh", "average", "mix", "mixed", "unspecified", '"', '"generic', "grade", "technical", "pure", "material", "product", "production", "market", "group", "plant", "consumer", "post", "pre", "new", '"', '"natural', "synthetic", "liquid", "solid", "solution", "white", "black", "grey", "gray", "clear", "transparent", "colored", '"', '"coloured', "standard", "type", "quality", "high", "low", "medium", "industrial", "commercial", "bulk", "crude", "refined", "treated", '"', '"untreated', "finished", "semi", "based", "other", "others", "various", "misc", "component", "components", "e.g", "plant", "mill", "field", "farm", "mine", "factory", "site", "gate", "refinery", "works", "kg"]
)


def content_tokens(text: str) -> list[str]:
    """Stemmed content words of ``text`` (the search tokenizer's rules; stopwords and numbers dropped)."""
    from openpcf.vocabulary.tokens import tokenize  # one tokenizer for the project

    return [t for t in tokenize(normalise_name(text)) if t not in _STOPWORDS and not re.fullmatch(r"[\d.%]+", t)]


def core_tokens(text: str) -> set[str]:
    """Content tokens that name the thing (modifiers such as "virgin", "granulate" removed)."""
    tokens = set(content_tokens(text))
    core = {t for t in tokens if t not in MODIFIERS}
    return core or tokens


def _dice(a: set[str], b: set[str]) -> float:
    return 2.0 * len(a & b) / (len(a) + len(b)) if a and b else 0.0


def token_overlap(query: str, candidate: str) -> float:
    """Match score in [0, 1]: 0.7 × Dice of core tokens + 0.3 × Dice of all content tokens; halved when
    the candidate misses a core token of the query's head ("sodium hydroxide" vs "sodium bicarbonate"),
    × 0.6 when the candidate's own head noun is not in the query ("celery" vs "Celery salt"), × 0.6
    when one is recycled and the other not.

    "peach" scores 0.9 against "Peach, raw" and 0.67 against "Peach, dried".
    """
    q, c = set(content_tokens(query)), set(content_tokens(candidate))
    if not q or not c:
        return 0.0
    qc = core_tokens(query)
    score = 0.7 * _dice(qc, core_tokens(candidate)) + 0.3 * _dice(q, c)
    # A long candidate whose head names exactly the query ("Melon, cantaloupe, pulp, raw" for "melon").
    head = candidate.split(",")[0]
    if head != candidate:
        hc = set(content_tokens(head))
        score = max(score, 0.85 * (0.7 * _dice(qc, core_tokens(head)) + 0.3 * _dice(q, hc)))
    # The query's head (text before the first comma, as in "polyethylene, high density, granulate") must
    # be named by the candidate; later qualifiers only lower the score.
    if not core_tokens(query.split(",")[0]) <= c:
        score *= 0.5
    # English compounds name the thing last: "celery salt" is salt, not celery (× 0.6).
    cand_head = [t for t in content_tokens(candidate.split(",")[0]) if t not in MODIFIERS]
    if cand_head and cand_head[-1] not in q:
        score *= 0.6
    # Recycled and virgin material are different factors: a disagreement costs 40 %.
    if bool(q & RECYCLED_TOKENS) != bool(c & RECYCLED_TOKENS):
        score *= 0.6
    return score


def slug(text: str) -> str:
    """An id-safe slug: ``"Plastics: HDPE (incl. forming)"`` → ``"plastics-hdpe-incl-forming"``."""
    return re.sub(r"[^a-z0-9]+", "-", strip_accents(text).lower()).strip("-")


def query_variants(text: str) -> list[str]:
    """Simpler readings of a composition name, most faithful first (the original is not included).

    "board (BRANDBOARD®)" → ["board", "BRANDBOARD"]; "XY7+® resin" → ["resin"];
    "Copper scrap: pre-consumer" → ["Copper scrap"]; "Filler (calcium carbonate)" →
    ["Filler", "calcium carbonate"]; "Rubber compound (e.g., natural rubber)" → ["Rubber compound", …].
    """
    out: list[str] = []
    t = text.strip()
    no_brand = re.sub(r"\S*[®™]\S*", " ", t)
    no_paren = re.sub(r"\([^)]*\)", " ", no_brand)
    inner = [re.sub(r"^(e\.?g\.?|i\.?e\.?|incl\.?|including)[,:]?\s*", "", m.strip(), flags=re.IGNORECASE)
             for m in re.findall(r"\(([^)]*)\)", t)]
    head = re.split(r"\s*(?::|\s-\s|/)\s*", no_paren)[0]
    for v in (no_brand, no_paren, head, *inner):
        v = re.sub(r"\s+", " ", v.replace("®", "").replace("™", "")).strip(" ,;:-")
        if v and normalise_name(v) != normalise_name(t) and v not in out:
            out.append(v)
    return out


# ---------------------------------------------------------------- lemmas (plural/singular, UK/US, hyphens)

#: UK/US and other spelling pairs folded to one lemma (both directions end in the same form).
_LEMMA_SPELLING = {
    "aluminum": "aluminium", "fibre": "fiber", "fibres": "fiber", "tyre": "tire", "sulphur": "sulfur",
    "sulphate": "sulfate", "sulphuric": "sulfuric", "sulphide": "sulfide", "sulphite": "sulfite", "colour": "color",
    "coloured": "colored", "mould": "mold", "moulded": "molded", "moulding": "molding", "yoghurt": "yogurt",
    "yoghourt": "yogurt", "grey": "gray", "litre": "liter", "metre": "meter", "centre": "center",
    "polythene": "polyethylene", "polyethene": "polyethylene", "polypropene": "polypropylene", "storey": "story",
    "programme": "program", "aeroplane": "airplane", "tonne": "ton", "kerb": "curb", "plough": "plow",
    "jewellery": "jewelry", "draught": "draft", "galvanised": "galvanized", "chilli": "chili", "tinned": "canned",
    "favour": "favor", "odour": "odor", "lustre": "luster", "calibre": "caliber", "sceptre": "scepter",
    "practise": "practice", "maize": "maize", "minced": "mince", "mincemeat": "mince",
}
# Nouns ending in "-oe" whose plural adds only "s" (a compound ending in "shoe" is caught by its ending).
_OE_NOUNS = frozenset({"shoe", "canoe", "toe", "tiptoe", "hoe", "oboe", "floe", "sloe", "roe", "doe", "foe",
                       "throe", "mistletoe"})
_NO_SINGULAR = frozenset({"gas", "lens", "series", "species", "chassis", "biomass", "mass", "glass", "brass",
                          "grass", "moss", "press", "process", "stainless", "tennis", "analysis", "asbestos",
                          "basis", "cross", "us", "has", "this", "plus", "bus", "bonus", "virus", "cactus",
                          "citrus", "fungus", "humus", "molasses", "mucus", "octopus", "papyrus", "asparagus",
                          "hummus", "couscous", "swiss", "always", "was", "its", "lbs", "ois", "dais", "cos"})


def singular(word: str) -> str:
    """English singular of one lower-case word: tomatoes → tomato, shoes → shoe, batteries → battery,
    boxes → box, alloys → alloy, nails → nail; glass, gas, asbestos, citrus stay."""
    if len(word) <= 3 or not word.isalpha() or word in _NO_SINGULAR:
        return word
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith("oes") and len(word) > 4:
        # "-oe" nouns take a plain "s" (shoes, canoes, toes); the rest drop "es" (tomatoes, potatoes).
        return word[:-1] if word[:-1] in _OE_NOUNS or word.endswith("shoes") else word[:-2]
    if word.endswith(("sses", "xes", "zes", "ches", "shes")):
        return word[:-2]
    if word.endswith(("ss", "us", "is")):
        return word
    if word.endswith("s"):
        return word[:-1]
    return word


@functools.lru_cache(maxsize=65536)
def lemma(word: str) -> str:
    """One word's lemma: UK/US spelling folded (aluminum → aluminium, fibre → fiber, -ise → -ize), then
    singular."""
    w = _LEMMA_SPELLING.get(word, word)
    if len(w) > 6 and re.search(r"is(e|ed|er|ers|ing|ation|ations)$", w) and not w.endswith(("wise", "noise", "cise",
                                                                                             "vise", "mise", "prise")):
        w = re.sub(r"is(e|ed|er|ers|ing|ation|ations)$", r"iz\1", w)
    w = singular(w)
    return _LEMMA_SPELLING.get(w, w)


def lemma_words(text: str) -> list[str]:
    """Lemmas of the words of ``text``: accents stripped, lower case, split on every non-letter/digit (so
    hyphens break words: "chick-peas" → ["chick", "pea"]), each word lemmatised."""
    return list(_lemma_words(text))


@functools.lru_cache(maxsize=65536)
def _lemma_words(text: str) -> tuple[str, ...]:
    plain = strip_accents(text).lower()
    return tuple(lemma(w) for w in re.split(r"[^a-z0-9]+", plain) if w)


def with_joins(words: list[str]) -> set[str]:
    """The words plus each adjacent pair written as one word, so "chick pea" and "chickpea", "bio plastic"
    and "bioplastic" compare equal."""
    out = set(words)
    out.update(a + b for a, b in zip(words, words[1:]))
    return out

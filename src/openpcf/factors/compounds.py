"""Chemical compounds and monomers read as a practitioner does: a compound is not its element, a monomer is
not its polymer.

"aluminium hydroxide" is a chemical refined from bauxite, not aluminium metal (9 kg CO2e/kg for the metal, a
fraction of it for the hydroxide); "zinc stearate" is a metal soap; "vinyl chloride" is the monomer PVC is made
from, and "bisphenol A" the monomer of epoxy and polycarbonate, not the resins themselves. The rules read the
words of a name only (lemmas, see :func:`openpcf.vocabulary.names.lemma_words`); they are general chemistry
vocabulary, not entries for particular products. The resolver (:mod:`openpcf.factors.resolver`) applies them
to every candidate, so ``openpcf factors resolve`` and the engine agree.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

#: Anion and compound words of inorganic salts, oxides and hydrates (lemmas, singular).
INORGANIC_ANIONS = ("hydroxide", "oxide", "dioxide", "trioxide", "chloride", "sulfate", "sulphate", "sulfide",
                    "sulphide", "sulfite", "sulphite", "carbonate", "bicarbonate", "nitrate", "nitrite", "phosphate",
                    "silicate", "fluoride", "bromide", "iodide", "chromate", "dichromate", "hydride", "hydrate",
                    "trihydrate", "hypochlorite", "chlorate", "perchlorate", "peroxide", "cyanide", "borate",
                    "aluminate", "titanate", "permanganate", "nitride", "carbide", "molybdate", "tungstate")
#: Anion words of carboxylic acids: a metal salt of a fatty or small organic acid is an organic chemical.
ORGANIC_ANIONS = ("acetate", "citrate", "stearate", "oleate", "lactate", "gluconate", "formate", "oxalate",
                  "tartrate", "propionate", "benzoate", "palmitate", "laurate", "sorbate", "ascorbate", "glutamate",
                  "malate", "succinate", "octoate", "naphthenate")
_ANION_RE = re.compile(r"\b(" + "|".join(sorted(INORGANIC_ANIONS + ORGANIC_ANIONS, key=len, reverse=True))
                       + r")s?\b", re.IGNORECASE)
#: Words that name an element or a metal as a material (lemmas), and the element words of common compounds.
_ELEMENT_WORDS = frozenset({
    "aluminium", "aluminum", "alu", "copper", "zinc", "iron", "ferric", "ferrous", "steel", "nickel", "tin",
    "chromium", "chrome", "manganese", "titanium", "silver", "gold", "lead", "cobalt", "magnesium", "lithium",
    "sodium", "potassium", "calcium", "barium", "strontium", "hydrogen", "carbon", "silicon", "boron", "zirconium",
    "molybdenum", "tungsten", "vanadium", "bismuth", "antimony", "cerium", "cupric", "cuprous", "stannous",
    "stannic", "platinum", "palladium"})
#: Monomers and the polymers made from them (general polymer chemistry): a name that is one of these phrases
#: (with at most grade words such as "monomer", "polymer grade", "purified") names the monomer, never the polymer.
MONOMERS: dict[str, tuple[str, ...]] = {
    "vinyl chloride": ("vinyl chloride", "vinyl chloride monomer", "vcm", "chloroethene", "chloroethylene"),
    "vinyl acetate": ("vinyl acetate", "vinyl acetate monomer", "vam"),
    "styrene": ("styrene", "styrene monomer", "vinylbenzene", "phenylethene"),
    "ethylene": ("ethylene", "ethene"),
    "propylene": ("propylene", "propene"),
    "butadiene": ("butadiene", "1,3-butadiene", "1 3 butadiene"),
    "acrylonitrile": ("acrylonitrile", "acn"),
    "caprolactam": ("caprolactam", "epsilon caprolactam"),
    "adipic acid": ("adipic acid",),
    "hexamethylenediamine": ("hexamethylenediamine", "hexamethylene diamine", "hmda"),
    "terephthalic acid": ("terephthalic acid", "purified terephthalic acid", "pta", "dimethyl terephthalate"),
    "ethylene glycol": ("ethylene glycol", "monoethylene glycol", "meg"),
    "bisphenol a": ("bisphenol a", "bpa"),
    "methyl methacrylate": ("methyl methacrylate", "mma"),
    "epichlorohydrin": ("epichlorohydrin",),
    "acrylic acid": ("acrylic acid",),
    "tetrafluoroethylene": ("tetrafluoroethylene", "tfe"),
    "isoprene": ("isoprene",),
}
#: Words a monomer's name may carry besides the monomer itself (grade and state words).
MONOMER_QUALIFIERS = frozenset({"monomer", "polymer", "grade", "purified", "pure", "technical", "industrial",
                                "liquid", "crude", "high", "purity", "chemical", "refined", "bulk", "at", "plant",
                                "for", "use", "production", "feedstock"})


def _lemmas(text: str) -> list[str]:
    from openpcf.vocabulary.names import lemma_words

    return lemma_words(text)


def compound_words(text: str) -> set[str]:
    """The anion/compound words a name states, singular and lower case ("Aluminium hydroxides" →
    {"hydroxide"}; "sulphate" is kept as written)."""
    return {m.lower() for m in _ANION_RE.findall(text)}


def compound_as_its_element(query: str, factor_name: str) -> bool:
    """True when a compound ("aluminium hydroxide", "zinc sulfate", "hydrogen peroxide") would take a factor for
    its element itself (aluminium cans, zinc ingot, liquid hydrogen, the DESNZ "Metals" class): the factor names
    none of the query's compound words and either reads as a metal, or names no compound at all and starts with
    the query's element word. An element's factor can be many times its compound's (and the reverse)."""
    words = {_norm(w) for w in compound_words(query)}
    if not words:
        return False
    named = {_norm(w) for w in compound_words(factor_name)}
    if words & named:
        return False
    from openpcf.factors.material_class import material_class

    if material_class(factor_name) == "metal":
        return True
    first_query, first_factor = _content(query)[:1], _content(factor_name)[:1]
    return not named and bool(first_query) and first_query == first_factor


def _norm(word: str) -> str:
    """sulphate = sulfate, sulphide = sulfide, sulphite = sulfite (one spelling for comparing)."""
    return word.lower().replace("sulph", "sulf")


def _content(text: str) -> list[str]:
    from openpcf.vocabulary.names import content_tokens

    return content_tokens(text)


@dataclass(frozen=True)
class Compound:
    """A compound named by an element word and an anion word: its words and its chemical class."""

    words: tuple[str, ...]
    anion: str
    chemical_class: str  # "inorganic chemical" | "organic chemical"


def compound_of(words: Iterable[str]) -> Compound | None:
    """The compound a name (its lemmas) states: an element word followed within two words by an anion word
    ("aluminium hydroxide", "copper(II) sulfate", "zinc stearate"). A carboxylate anion makes it an organic
    chemical, any other an inorganic one. None when the name states no element-anion pair."""
    w = list(words)
    for i, word in enumerate(w):
        if word not in _ELEMENT_WORDS:
            continue
        for j in range(i + 1, min(i + 4, len(w))):
            anion = _anion_word(w[j])
            if anion:
                kind = "organic chemical" if anion in ORGANIC_ANIONS else "inorganic chemical"
                return Compound(words=tuple(w[i:j + 1]), anion=anion, chemical_class=kind)
    return None


def _anion_word(word: str) -> str | None:
    for a in (*INORGANIC_ANIONS, *ORGANIC_ANIONS):
        if word == a or word == a + "s" or (len(word) > len(a) and word.endswith(a) and a in ("hydrate", "oxide")):
            return a
    return None



def monomer_of(words: Iterable[str]) -> tuple[str, tuple[str, ...]] | None:
    """(monomer, the words that named it) when a name (its lemmas) is one monomer and grade words only
    ("vinyl chloride monomer", "propylene, polymer grade", "bisphenol A"); None otherwise: a name with a second
    monomer or any other word ("ethylene vinyl acetate", "styrene butadiene rubber", "ethylene oxide") is not."""
    w = [x for x in words if not re.fullmatch(r"[\d.,/%()-]+", x)]
    found: tuple[int, int, str] | None = None
    for key, names in MONOMERS.items():
        for name in names:
            phrase = _lemmas(name)
            n = len(phrase)
            for i in range(len(w) - n + 1):
                if w[i:i + n] == phrase and (found is None or n > found[1] - found[0]):
                    found = (i, i + n, key)
    if found is None:
        return None
    start, end, key = found
    rest = w[:start] + w[end:]
    if any(x not in MONOMER_QUALIFIERS and len(x) > 1 for x in rest):
        return None
    return key, tuple(w[start:end])

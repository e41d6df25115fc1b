"""Last-resort class factors: a name that no library entry matches, but that is recognisably a metal,
a polymer, a quarried mineral, or an inorganic / organic chemical, gets its class's open factor with
method "class" and confidence "low".

The class factors are DESNZ 2024 "Electrical items - IT" (electronic components), "Metals", "Wood" (wood-based panels and timber) and "Plastics: average
plastics", DESNZ "Aggregates" for
quarried minerals, openpcf's USLCI-derived medians for basic chemicals and AGRIBALYSE sub-group medians
for food classes (fruit, vegetable, legume, tuber, nut/oilseed, cereal, spice, herb; marked estimates). The
rules read the words of the name only; they never look at quantities.
"""

from __future__ import annotations

import re

from openpcf.factors.library import FactorLibrary, open_library
from openpcf.factors.record import FactorMatch, FactorQuery
from openpcf.factors.resolver import fitted_match
from openpcf.vocabulary.names import content_tokens, normalise_name, query_variants

CLASS_FACTORS = {
    "electronics": "desnz2024:material:electrical-items-it",
    "metal": "desnz2024:material:metals",
    "wood": "desnz2024:material:wood",
    **{food: f"openpcf-estimate:food:{food}" for food in
       ("legume", "fruit", "vegetable", "tuber", "nut-oilseed", "cereal", "spice", "herb")},
    "polymer": "desnz2024:material:plastics-average-plastics",
    "mineral": "desnz2024:material:aggregates",
    "inorganic chemical": "openpcf-estimate:chemical:inorganic",
    "organic chemical": "openpcf-estimate:chemical:organic",
}

_METALS = {"copper", "zinc", "nickel", "tin", "chromium", "manganese", "titanium", "silver", "gold", "lead",
           "brass", "bronze", "cobalt", "molybdenum", "tungsten", "magnesium", "vanadium", "niobium", "iron",
           "alloy", "ferroalloy", "ferromanganese", "ferrosilicon", "ferrochromium", "silicon", "antimony",
           "bismuth", "lithium", "platinum", "palladium", "metal", "metallic", "steel", "aluminium", "cast",
           "alloys", "ingot", "ingots", "solder"}
_POLYMER_WORDS = {"nylon", "polyamide", "eva", "ab", "abs", "pmma", "pc", "polycarbonate", "polyurethane", "pu",
                  "pur", "rubber", "silicone", "elastomer", "epoxy", "latex", "pvb", "tpu", "tpe", "pom", "pbt",
                  "pvdf", "ptfe", "san", "asa", "plastic", "polymer", "copolymer", "thermoplastic", "foam",
                  "polyester", "acrylic", "neoprene", "epdm", "sbr", "nbr", "pa"}
_ELECTRONICS = {"transistor", "capacitor", "resistor", "inductor", "diode", "pcb", "pcba", "semiconductor",
                "microcontroller", "microchip", "electronic", "electronics", "led", "ic", "wafer", "mosfet", "igbt"}
_FOOD: dict[str, set[str]] = {
    "legume": {"bean", "chickpea", "lentil", "pea", "lupin", "fava", "borlotti", "cannellini", "pulse", "legume"},
    "fruit": {"fruit", "apple", "pear", "peach", "apricot", "cherry", "plum", "grape", "orange", "lemon", "banana",
              "pineapple", "mango", "berry", "berrie", "strawberry", "raspberry", "blueberry", "citrus", "melon",
              "watermelon", "kiwi", "fig", "papaya", "pomegranate", "mandarin", "tangerine", "grapefruit"},
    "vegetable": {"vegetable", "tomato", "tomatoe", "carrot", "onion", "cabbage", "lettuce", "spinach", "cucumber",
                  "courgette", "zucchini", "garlic", "leek", "broccoli", "cauliflower", "celery", "beetroot",
                  "pumpkin", "squash", "eggplant", "aubergine", "asparagus", "artichoke", "mushroom", "radish",
                  "turnip", "kale"},
    "tuber": {"potato", "potatoe", "cassava", "yam", "taro", "tuber"},
    "nut-oilseed": {"nut", "almond", "hazelnut", "walnut", "cashew", "peanut", "pistachio", "sesame", "sunflower",
                    "linseed", "flaxseed", "rapeseed", "oilseed"},
    "cereal": {"grain", "wheat", "rice", "maize", "corn", "oat", "barley", "rye", "millet", "sorghum", "quinoa",
               "flour", "pasta", "semolina", "cereal"},
    "spice": {"spice", "cinnamon", "nutmeg", "clove", "cardamom", "turmeric", "paprika", "vanilla", "cumin"},
    "herb": {"herb", "basil", "parsley", "mint", "thyme", "oregano", "rosemary"},
}
_WOOD = {"plywood", "mdf", "hdf", "particleboard", "osb", "chipboard", "fibreboard", "fiberboard", "hardboard",
         "veneer", "lumber", "timber", "wood", "wooden", "bamboo", "softwood", "hardwood", "glulam", "clt",
         "beech", "oak", "pine", "spruce", "birch"}
_MINERALS = {"dolomite", "clay", "kaolin", "talc", "mica", "feldspar", "gypsum", "bentonite", "quartz", "stone",
             "marble", "granite", "chalk", "perlite", "vermiculite", "wollastonite", "barite", "gravel",
             "basalt", "slate", "pumice", "diatomite", "zeolite", "sandstone", "shale", "aggregate"}
_INORGANIC_WORDS = {"hydroxide", "trihydroxide", "oxide", "dioxide", "trioxide", "carbonate", "bicarbonate",
                    "chloride", "sulfate", "phosphate", "nitrate", "silicate", "fluoride", "bromide", "sulfide",
                    "peroxide", "hypochlorite", "hydrate", "sulfuric", "phosphoric", "hydrochloric", "nitric",
                    "boric", "ammonia", "soda", "lime", "salt", "borax", "alum", "sulfite", "nitrite", "iodide",
                    "cyanide", "chlorate", "perchlorate", "permanganate", "dichromate", "titanate", "zeolite",
                    "silica", "silicon dioxide"}
_ANION_ENDINGS = ("chloride", "oxide", "sulfate", "sulfide", "fluoride", "bromide", "nitrate", "carbonate",
                  "phosphate", "hydroxide", "silicate", "sulfite", "nitride", "carbide", "iodide", "cyanide",
                  "chlorate", "hydride", "borate", "aluminate", "titanate")
_ORGANIC_MARKERS = re.compile(
    r"(?:^|\s|[-(0-9])(?:di|tri|tetra|iso|neo|cyclo|hydroxy|poly)?(meth|eth|prop|but|pent|hex|benz|phen|acet|acryl|glycol|glycer|hydroxy|amino|carbox|formal|styr|vinyl|"
    r"urethane|phosphine|ester|ether|alcohol|aldehyd|keton|amine|amide|fatty|citric|lactic|ascorbic|oleic|"
    r"stearic|tartaric|malic|succinic|adipic|sorbitol|glucose|sucrose|dextr|starch|cellulose|wax|oil|"
    r"paraffin|resin|surfactant|flavou?r|aroma|fragrance|dye|pigment|biocide|pesticide|herbicide|fungicide|"
    r"insecticide|adhesive|glue|sealant|lacquer|varnish|paint|coating|primer)")
_ORGANIC_SUFFIX = re.compile(r"[a-z]{3,}(ol|ene|ane|yne|one|ate|ide|yl)$")
_CHEMICAL_HINT = re.compile(r"\d|\b(di|tri|tetra|iso|neo|cyclo|n)-|yl\b|\bacid\b")


def material_class(name: str) -> str | None:
    """'electronics', 'metal', 'wood', 'polymer', 'mineral', a food class ('fruit', 'legume'…), 'inorganic
    chemical', 'organic chemical' or None."""
    text = normalise_name(name)
    tokens = set(content_tokens(name))
    words = set(text.split())
    if not tokens:
        return None
    poly = any(w.startswith("poly") for w in words)
    # "acrylic acid", "methacrylic acid": a polymer word followed by "acid" names the acid (the monomer)
    polymer_words = tokens & _POLYMER_WORDS - {w for w in tokens & _POLYMER_WORDS if re.search(rf"\b{w} acid\b", text)}
    if (poly or polymer_words or re.search(r"\bpa ?\d", text)) and (poly or not tokens & _INORGANIC_WORDS):
        return "polymer"
    organic = bool(_ORGANIC_MARKERS.search(text))
    anion = any(w.endswith(_ANION_ENDINGS) for w in words)
    if (tokens & _INORGANIC_WORDS or anion) and not organic:
        return "inorganic chemical"
    if tokens & _ELECTRONICS or re.search(r"printed (wiring|circuit) board|integrated circuit", text):
        return "electronics"
    if tokens & _METALS:
        return "metal"
    if tokens & _WOOD:
        return "wood"
    if tokens & _MINERALS:
        return "mineral"
    for food, vocabulary in _FOOD.items():
        if tokens & vocabulary:
            return food
    if organic or ("acid" in tokens) or (_CHEMICAL_HINT.search(text)
                                         and any(_ORGANIC_SUFFIX.search(w) for w in words if len(w) > 6)):
        return "organic chemical"
    return None


#: Class factors for the classes of the concept table that ``material_class`` does not name.
_EXTRA_CLASS_FACTORS = {
    "glass": "desnz2024:material:glass",
    "paper": "desnz2024:material:paper-and-board-mixed",
    "food": "desnz2024:material:food-and-drink",
}
#: The lookup name of each class factor in a library without the open ids.
_CLASS_LOOKUP = {"metal": "metals", "polymer": "plastics, average", "wood": "wood", "mineral": "aggregates",
                 "inorganic chemical": "chemical, inorganic", "organic chemical": "chemical, organic",
                 "electronics": "electronics", "glass": "glass", "paper": "paper and board"}
#: The secondary-route class factor of a class, where the source has one (DESNZ closed-loop rows).
_SECONDARY_SUFFIX = ":closed-loop-recycled"
CLASS_SCORE = 0.3


class MaterialClassResolver:
    """Class fallback (method "class", confidence "low", flagged in the engine's trace): the proxy concept
    named by the concept table (clinker → cement, plywood → wood) when the library holds it, else the class
    factor of the name's material class (from the concept table, else from the words of the name); for a
    recycled name, the class's secondary-route factor where one exists."""

    name = "open-class"

    def __init__(self, library: FactorLibrary | None = None) -> None:
        self.library = library or open_library()
        self._library_resolver = None

    def _resolver(self):
        if self._library_resolver is None:
            from openpcf.factors.resolver import LibraryResolver

            self._library_resolver = LibraryResolver(self.library, name=self.name, exclude_categories=("spend", "emission"),
                                                     trust_aliases=False)
        return self._library_resolver

    def _proxy(self, reading, query: FactorQuery) -> FactorMatch | None:
        from openpcf.factors.name_reading import concept_table

        table = concept_table()
        concept = table.concepts.get(reading.concept or "")
        seen = set()
        while concept is not None and concept.proxy and concept.proxy not in seen:
            seen.add(concept.proxy)
            concept = table.concepts.get(concept.proxy)
            if concept is None:
                return None
            match = self._resolver().resolve(FactorQuery(name=concept.names and " ".join(concept.names[0]) or concept.key,
                                                         unit=query.unit, geography=query.geography))
            if match is not None:
                return fitted_match(match.factor, query, "class", CLASS_SCORE, "low", self.name,
                                    f"proxy: {concept.key} (for {reading.concept})")
        return None

    def resolve(self, query: FactorQuery) -> FactorMatch | None:
        from openpcf.factors.name_reading import read_name

        reading = read_name(query.name, query.context)
        proxy = self._proxy(reading, query)
        if proxy is not None:
            return proxy
        kind = reading.material_class if reading.material_class in {**CLASS_FACTORS, **_EXTRA_CLASS_FACTORS} else None
        kind = kind or material_class(reading.english) or material_class(query.name)
        for variant in query_variants(query.name):
            if kind is not None:
                break
            kind = material_class(variant)
        if kind is None:
            return None
        factor_id = CLASS_FACTORS.get(kind) or _EXTRA_CLASS_FACTORS.get(kind)
        factor = self.library.get(factor_id) if factor_id else None
        if factor is None:  # another library: its factor named by the class's lookup name
            named = self.library.by_name(_CLASS_LOOKUP.get(kind, kind)) or self.library.by_alias(_CLASS_LOOKUP.get(kind, kind))
            factor = named[0] if named else None
        if factor is None:
            return None
        if reading.route == "secondary":
            recycled = (self.library.get(factor.id + _SECONDARY_SUFFIX)
                        or next(iter(self.library.by_alias(f"recycled {_CLASS_LOOKUP.get(kind, kind)}")), None))
            factor = recycled or factor
        return fitted_match(factor, query, "class", CLASS_SCORE, "low", self.name, kind)

"""Trade names of polymers, chemicals and building products → the generic material an LCA database names.

A purchasing line often carries only the brand and a grade code ("Ultramid B3S", "Hostalen GF 4750",
"Desmodur 44V20"); the database names the generic material (nylon 6, high density polyethylene, methylene
diphenyl diisocyanate). :data:`TRADE_NAMES` maps registered product families to their generic material, and
:data:`TRADE_NAME_SERIES` the families whose series letter or first digit says which polymer (BASF Ultramid
A = PA 66, B = PA 6; Lupolen 1xxx–3xxx LDPE, 4xxx–5xxx HDPE). General knowledge of the trade (producers'
published nomenclature, recalled rather than read from a source; marks belong to their owners). Matched only
as the *first* word of a name, where a brand stands, by :func:`trade_name_material`.
"""

from __future__ import annotations

import re

from openpcf.vocabulary.names import strip_accents

_EPS = "expandable polystyrene"
_XPS = "extruded polystyrene"
_PC = "polycarbonate"
_PMMA = "polymethyl methacrylate"
_ABS = "acrylonitrile-butadiene-styrene copolymer"
_EVA = "ethylene vinyl acetate copolymer"
_RUBBER = "synthetic rubber"
_NONIONIC = "non-ionic surfactant"
_POLYOL = "long chain polyether polyols"

#: Brand (lower case, accents stripped; hyphens as written) → generic material.
TRADE_NAMES: dict[str, str] = {
    # polycarbonate, acrylics, styrenics
    "lexan": _PC,
    "makrolon": _PC,
    "xantar": _PC,
    "panlite": _PC,
    "altuglas": _PMMA,
    "plexiglas": _PMMA,
    "perspex": _PMMA,
    "lucite": _PMMA,
    "acrylite": _PMMA,
    "styron": "general purpose polystyrene",
    "styropor": _EPS,
    "neopor": _EPS,
    "styrodur": _XPS,
    "jackodur": _XPS,
    "foamular": _XPS,
    "terluran": _ABS,
    "cycolac": _ABS,
    "novodur": _ABS,
    "luran": "styrene-acrylonitrile copolymer",
    "tyril": "styrene-acrylonitrile copolymer",
    # polyolefins and vinyls
    "hostalen": "high density polyethylene granulate",
    "marlex": "high density polyethylene granulate",
    "dowlex": "linear low density polyethylene granulate",
    "moplen": "polypropylene granulate",
    "profax": "polypropylene granulate",
    "levapren": _EVA,
    "elvax": _EVA,
    "evatane": _EVA,
    "tedlar": "polyvinylfluoride film",
    "ixan": "polyvinylidenchloride granulate",
    "saran": "polyvinylidenchloride granulate",
    # polyamides, engineering and high-temperature polymers
    "zytel": "nylon 6-6",
    "noryl": "polyphenylene ether, polystyrene",
    "mylar": "polyethylene terephthalate, film",
    "melinex": "polyethylene terephthalate, film",
    "ryton": "polyphenylene sulfide",
    "fortron": "polyphenylene sulfide",
    "udel": "polysulfone",
    "ultrason": "polysulfone",
    "ingeo": "polylactic acid granulate",
    "mater-bi": "polyester-complexed starch biopolymer",
    # rubbers and silicones
    "baypren": "polychloroprene",
    "perbunan": _RUBBER,
    "krynac": _RUBBER,
    "nipol": _RUBBER,
    "buna-n": _RUBBER,
    "buna-s": _RUBBER,
    "keltan": _RUBBER,
    "nordel": _RUBBER,
    "vistalon": _RUBBER,
    "viton": _RUBBER,
    "kraton": _RUBBER,
    "sylgard": "silicone product",
    "elastosil": "silicone product",
    "silastic": "silicone product",
    # polyurethane raw materials, resins and additives
    "voranol": _POLYOL,
    "lupranol": _POLYOL,
    "arcol": _POLYOL,
    "caradol": _POLYOL,
    "suprasec": "methylene diphenyl diisocyanate",
    "araldite": "liquid epoxy resin",
    "epon": "liquid epoxy resin",
    "bakelite": "phenolic resin",
    "irgafos 168": "tris(2,4-ditert-butylphenyl) phosphite",
    # fibres
    "dacron": "polyester fibre",
    "terylene": "polyester fibre",
    "trevira": "polyester fibre",
    "diolen": "polyester fibre",
    # solvents, surfactants, refrigerants
    "dowanol pm": "1-methoxy-2-propanol",
    "dowanol dpm": "dipropylene glycol monomethyl ether",
    "triton x": _NONIONIC,
    "tinopal cbs": "distyrylbiphenyl type fluorescent whitening agent",
    "tergitol": _NONIONIC,
    "brij": _NONIONIC,
    "tween": _NONIONIC,
    "freon 22": "chlorodifluoromethane",
    "genetron 22": "chlorodifluoromethane",
    "freon 134a": "tetrafluoroethane R134a",
    "suva 134a": "tetrafluoroethane R134a",
    "solkane 134a": "tetrafluoroethane R134a",
    # pigments and fillers
    "kronos": "titanium dioxide",
    "ti-pure": "titanium dioxide",
    "tiona": "titanium dioxide",
    "printex": "carbon black",
    "martinal": "aluminium hydroxide",
    "apyral": "aluminium hydroxide",
    # metals and glass
    "inconel": "iron-nickel-chromium alloy",
    "incoloy": "iron-nickel-chromium alloy",
    "duralumin": "wrought aluminium alloy",
    "silumin": "cast aluminium alloy",
    "corten": "low-alloyed steel",
    "cor-ten": "low-alloyed steel",
    "hardox": "low-alloyed steel",
    "pyrex": "borosilicate glass tube",
    "duran": "borosilicate glass tube",
    "borofloat": "borosilicate glass tube",
    # building products
    "ytong": "autoclaved aerated concrete block",
    "siporex": "autoclaved aerated concrete block",
    "paroc": "stone wool",
    "isover": "glass wool mat",
    "gyproc": "gypsum plasterboard",
    "rigips": "gypsum plasterboard",
    "fermacell": "gypsum fibreboard",
    "leca": "expanded clay",
    "liapor": "expanded clay",
}

#: Brands whose material the picklist does not name (a polymer, fibre or board with no activity of its own:
#: POM, PEI, polyimide, ionomer, aramid, UHMWPE, lyocell, hardboard …): the search expansion
#: (:data:`openpcf.vocabulary.abbreviations.ABBREVIATIONS`) reads them from here, in the database's wording;
#: the mapper does not, as its values must say words an activity uses. Together with :data:`TRADE_NAMES`
#: this module is the one owner of trade-name expansions.
SEARCH_ONLY_BRANDS: dict[str, str] = {
    "delrin": "polyoxymethylene, acetal",
    "ultem": "polyetherimide",
    "tritan": "copolyester, polyethylene terephthalate",
    "kapton": "polyimide, film",
    "santoprene": "thermoplastic elastomer",
    "hytrel": "thermoplastic polyester elastomer",
    "surlyn": "ionomer, ethylene copolymer",
    "nomex": "aramid fibre",
    "dyneema": "polyethylene, ultra high molecular weight, fibre",
    "tencel": "lyocell, cellulose fibre",
    "masonite": "hardboard, fibreboard",
}

#: Families whose series says the polymer: (brand, pattern on the code after it, material).
TRADE_NAME_SERIES: tuple[tuple[str, re.Pattern[str], str], ...] = tuple(
    (brand, re.compile(pattern), material)
    for brand, pattern, material in (
        ("ultramid", r"^a", "nylon 6-6"),
        ("ultramid", r"^b", "nylon 6"),
        ("durethan", r"^a", "nylon 6-6"),
        ("durethan", r"^b", "nylon 6"),
        ("technyl", r"^a", "nylon 6-6"),
        ("technyl", r"^c", "nylon 6"),
        ("lupolen", r"^[123]", "low density polyethylene granulate"),
        ("lupolen", r"^[45]", "high density polyethylene granulate"),
        ("desmodur", r"^(?:44|vl|vk|m)", "methylene diphenyl diisocyanate"),
        ("desmodur", r"^t", "toluene diisocyanate"),
        ("lupranate", r"^m", "methylene diphenyl diisocyanate"),
        ("lupranate", r"^t", "toluene diisocyanate"),
        ("voranate", r"^m", "methylene diphenyl diisocyanate"),
        ("voranate", r"^t", "toluene diisocyanate"),
    )
)


def trade_name_material(name: str) -> str | None:
    """The generic material of a name that begins with a known brand ("Ultramid B3S" → nylon 6,
    "Hostalen GF 4750" → high density polyethylene granulate, "Sylgard 184 kit" → silicone product), or
    None. The brand must be the first word (two-word keys such as "Dowanol PM" the first two)."""
    words = re.findall(r"[a-z0-9][a-z0-9-]*", strip_accents(name).lower())
    if not words:
        return None
    for brand, pattern, material in TRADE_NAME_SERIES:
        if words[0] == brand and len(words) > 1 and pattern.search(words[1]):
            return material
    if len(words) > 1:  # "Dowanol PM", "Freon 22", "Triton X-100" (the series letter before a hyphen)
        for second in (words[1], words[1].split("-")[0]):
            if f"{words[0]} {second}" in TRADE_NAMES:
                return TRADE_NAMES[f"{words[0]} {second}"]
    return TRADE_NAMES.get(words[0])

"""Systematic (IUPAC) names and Colour Index names → the common name an LCA database uses.

A supplier's safety data sheet names a substance the IUPAC way ("propan-2-one", "ethane-1,2-diol",
"oxolane"), a coatings supplier names a pigment by its Colour Index generic name ("Pigment White 6"); the
database says "acetone", "ethylene glycol", "tetrahydrofuran", "titanium dioxide". Both tables are facts of
chemical nomenclature (IUPAC 2013 recommendations; the Colour Index International of the Society of Dyers
and Colourists), recalled rather than read from a source. Keys are lower case and matched by
:func:`openpcf.vocabulary.common_names.known_material` like its other phrase keys (word lemmas, at the end of
a name; locants such as "1,2" are words of the key). Values are written the English way, the thing named
last.
"""

from __future__ import annotations

from openpcf.vocabulary.names import strip_accents

#: IUPAC (systematic) names and other chemical synonyms → the common name.
SYSTEMATIC_NAMES: dict[str, str] = {
    # alkenes, alkynes, aromatics
    "ethene": "ethylene",
    "propene": "propylene",
    "prop-1-ene": "propylene",
    "ethyne": "acetylene",
    "buta-1,3-diene": "butadiene",
    "1,3-butadiene": "butadiene",
    "ethenylbenzene": "styrene",
    "vinylbenzene": "styrene",
    "phenylethene": "styrene",
    "methylbenzene": "toluene",
    "dimethylbenzene": "mixed xylene",
    "1,2-dimethylbenzene": "o-xylene",
    "1,4-dimethylbenzene": "p-xylene",
    "ethylbenzene": "ethyl benzene",
    "propan-2-ylbenzene": "cumene",
    "isopropylbenzene": "cumene",
    "hydroxybenzene": "phenol",
    "benzenol": "phenol",
    "aminobenzene": "aniline",
    "benzenamine": "aniline",
    "chlorobenzene": "monochlorobenzene",
    # alcohols, glycols, ethers
    "propan-1-ol": "1-propanol",
    "propan-2-ol": "isopropanol",
    "2-propanol": "isopropanol",
    "butan-1-ol": "n-butanol",
    "1-butanol": "n-butanol",
    "butan-2-ol": "2-butanol",
    "2-methylpropan-1-ol": "isobutanol",
    "ethane-1,2-diol": "ethylene glycol",
    "1,2-ethanediol": "ethylene glycol",
    "propane-1,2-diol": "propylene glycol",
    "1,2-propanediol": "propylene glycol",
    "propane-1,2,3-triol": "glycerine",
    "butane-1,4-diol": "1,4-butanediol",
    "2,2'-oxydiethanol": "diethylene glycol",
    "1-methoxypropan-2-ol": "1-methoxy-2-propanol",
    "2-aminoethanol": "monoethanolamine",
    "ethanolamine": "monoethanolamine",
    "2,2'-iminodiethanol": "diethanolamine",
    "2,2',2''-nitrilotriethanol": "triethanolamine",
    "oxolane": "tetrahydrofuran",
    "1,4-dioxane": "dioxane",
    "methoxymethane": "dimethyl ether",
    "ethoxyethane": "diethyl ether",
    "2-methoxy-2-methylpropane": "methyl t-butyl ether",
    "oxirane": "ethylene oxide",
    "epoxyethane": "ethylene oxide",
    "methyloxirane": "propylene oxide",
    "1,2-epoxypropane": "propylene oxide",
    # carbonyls, acids, esters, nitriles
    "methanal": "formaldehyde",
    "ethanal": "acetaldehyde",
    "propan-2-one": "acetone",
    "propanone": "acetone",
    "dimethyl ketone": "acetone",
    "butan-2-one": "methyl ethyl ketone",
    "butanone": "methyl ethyl ketone",
    "4-methylpentan-2-one": "4-methyl-2-pentanone",
    "methanoic acid": "formic acid",
    "ethanoic acid": "acetic acid",
    "propanoic acid": "propionic acid",
    "butanoic acid": "butyric acid",
    "prop-2-enoic acid": "acrylic acid",
    "2-methylprop-2-enoic acid": "methacrylic acid",
    "methyl 2-methylprop-2-enoate": "methyl methacrylate",
    "hexanedioic acid": "adipic acid",
    "ethanedioic acid": "oxalic acid",
    "butanedioic acid": "succinic acid",
    "2-hydroxypropanoic acid": "lactic acid",
    "2-hydroxypropane-1,2,3-tricarboxylic acid": "citric acid",
    "octadecanoic acid": "stearic acid",
    "benzene-1,4-dicarboxylic acid": "purified terephthalic acid",
    "1,4-benzenedicarboxylic acid": "purified terephthalic acid",
    "2-benzofuran-1,3-dione": "phthalic anhydride",
    "furan-2,5-dione": "maleic anhydride",
    "ethyl ethanoate": "ethyl acetate",
    "methyl ethanoate": "methyl acetate",
    "butyl ethanoate": "n-butyl acetate",
    "ethenyl ethanoate": "vinyl acetate",
    "ethenyl acetate": "vinyl acetate",
    "butyl prop-2-enoate": "butyl acrylate",
    "ethanenitrile": "acetonitrile",
    "prop-2-enenitrile": "acrylonitrile",
    "propenenitrile": "acrylonitrile",
    "oxolan-2-one": "butyrolactone",
    "gamma-butyrolactone": "butyrolactone",
    "1-methylpyrrolidin-2-one": "N-methyl-2-pyrrolidone",
    "n,n-dimethylmethanamide": "N,N-dimethylformamide",
    "methylsulfinylmethane": "dimethyl sulfoxide",
    "carbamide": "urea",
    "1,3,5-triazine-2,4,6-triamine": "melamine",
    "hexane-1,6-diamine": "hexamethylenediamine",
    # halogenated
    "chloroethene": "vinyl chloride",
    "1,2-dichloroethane": "ethylene dichloride",
    "trichloromethane": "chloroform",
    "tetrachloromethane": "carbon tetrachloride",
    "trichloroethene": "trichloroethylene",
    "tetrachloroethene": "tetrachloroethylene",
    "perchloroethylene": "tetrachloroethylene",
    "chloromethane": "methyl chloride",
    "1,1,1,2-tetrafluoroethane": "tetrafluoroethane R134a",
    "tetrafluoroethene": "tetrafluoroethylene",
    # inorganic systematic names
    "sodium hydrogen carbonate": "sodium bicarbonate",
    "sodium hydrogencarbonate": "sodium bicarbonate",
    "ammonium hydrogen carbonate": "ammonium bicarbonate",
    "sodium hydrogensulfate": "sodium hydrogen sulfate",
    "calcium dihydroxide": "hydrated lime",
    "calcium hydroxide": "hydrated lime",
    "calcium oxide": "quicklime",
    "dihydrogen dioxide": "hydrogen peroxide",
    "hydrogen chloride": "hydrochloric acid",
    "trisodium orthophosphate": "trisodium phosphate",
    "trisodium phosphate dodecahydrate": "trisodium phosphate",
    "pentasodium triphosphate": "sodium tripolyphosphate",
    "disodium tetraborate": "sodium borates",
    "orthophosphoric acid": "phosphoric acid",
    "iron trichloride": "iron(iii) chloride",
    "ferric chloride": "iron(iii) chloride",
    "ferrous sulfate": "iron sulfate",
    "cupric sulfate": "copper sulfate",
    "silicon dioxide": "silica sand",
    "dialuminium trioxide": "aluminium oxide",
    "sodium hexafluoroaluminate": "cryolite",
    "calcium fluoride": "fluorspar",
    "barium sulfate": "barite",
}

#: Colour Index generic names of inorganic pigments and fillers → the substance (Colour Index International,
#: SDC/AATCC; recalled). Only pigments the database has a substance for.
COLOUR_INDEX_NAMES: dict[str, str] = {
    "pigment white 4": "zinc oxide",
    "pigment white 6": "titanium dioxide",
    "pigment white 7": "zinc sulfide",
    "pigment white 18": "precipitated calcium carbonate",
    "pigment white 19": "kaolin",
    "pigment white 21": "barite",
    "pigment white 22": "barite",
    "pigment white 24": "aluminium hydroxide",
    "pigment white 27": "silica sand",
    "pigment black 6": "carbon black",
    "pigment black 7": "carbon black",
    "pigment metal 1": "aluminium",
    "pigment metal 2": "bronze",
    # the Colour Index constitution numbers cosmetic labels use (INCI "CI 77891"; recalled, eighth pass)
    "ci 77891": "titanium dioxide",
    "ci 77947": "zinc oxide",
    "ci 77266": "carbon black",
    "ci 77220": "precipitated calcium carbonate",
    "ci 77120": "barite",
    "ci 77000": "aluminium",
    "ci 77002": "aluminium hydroxide",
}

# German chemical names are single compound words: cation + anion ("Natriumhydrogencarbonat"), an acid
# ("Phosphorsäure", accents stripped "phosphorsaure"), an ester ("Essigsäureethylester") or an anhydride
# ("Maleinsäureanhydrid"). Their parts (general German chemical nomenclature, recalled):
_DE_CATIONS = {
    "natrium": "sodium",
    "kalium": "potassium",
    "calcium": "calcium",
    "kalzium": "calcium",
    "magnesium": "magnesium",
    "ammonium": "ammonium",
    "aluminium": "aluminium",
    "eisen": "iron",
    "kupfer": "copper",
    "zink": "zinc",
    "nickel": "nickel",
    "kobalt": "cobalt",
    "cobalt": "cobalt",
    "mangan": "manganese",
    "lithium": "lithium",
    "barium": "barium",
    "strontium": "strontium",
    "blei": "lead",
    "zinn": "tin",
    "chrom": "chromium",
    "titan": "titanium",
    "silber": "silver",
    "wasserstoff": "hydrogen",
    "silicium": "silicon",
    "silizium": "silicon",
    "zirkonium": "zirconium",
    "cer": "cerium",
    "bor": "boron",
    "schwefel": "sulfur",
    "kohlenstoff": "carbon",
}
_DE_ANIONS = {
    "hydrogencarbonat": "bicarbonate",
    "hydrogensulfat": "hydrogen sulfate",
    "hydrogensulfit": "hydrogen sulfite",
    "dihydrogenphosphat": "dihydrogen phosphate",
    "carbonat": "carbonate",
    "karbonat": "carbonate",
    "chlorid": "chloride",
    "sulfat": "sulfate",
    "sulfit": "sulfite",
    "sulfid": "sulfide",
    "nitrat": "nitrate",
    "nitrit": "nitrite",
    "hydroxid": "hydroxide",
    "peroxid": "peroxide",
    "dioxid": "dioxide",
    "trioxid": "trioxide",
    "oxid": "oxide",
    "phosphat": "phosphate",
    "acetat": "acetate",
    "fluorid": "fluoride",
    "silikat": "silicate",
    "silicat": "silicate",
    "chlorat": "chlorate",
    "perchlorat": "perchlorate",
    "hypochlorit": "hypochlorite",
    "permanganat": "permanganate",
    "formiat": "formate",
    "citrat": "citrate",
    "bromid": "bromide",
    "cyanid": "cyanide",
    "carbid": "carbide",
    "tetrachlorid": "tetrachloride",
}
# acid stem → (English acid, its ester/salt ending)
_DE_ACIDS = {
    "schwefel": ("sulfuric acid", "sulfate"),
    "salz": ("hydrochloric acid", "chloride"),
    "salpeter": ("nitric acid", "nitrate"),
    "phosphor": ("phosphoric acid", "phosphate"),
    "essig": ("acetic acid", "acetate"),
    "ameisen": ("formic acid", "formate"),
    "zitronen": ("citric acid", "citrate"),
    "milch": ("lactic acid", "lactate"),
    "oxal": ("oxalic acid", "oxalate"),
    "fluss": ("hydrogen fluoride", "fluoride"),
    "bor": ("boric acid", "borate"),
    "acryl": ("acrylic acid", "acrylate"),
    "methacryl": ("methacrylic acid", "methacrylate"),
    "adipin": ("adipic acid", "adipate"),
    "stearin": ("stearic acid", "stearate"),
    "benzoe": ("benzoic acid", "benzoate"),
    "malein": ("maleic acid", "maleate"),
    "phthal": ("phthalic acid", "phthalate"),
    "terephthal": ("purified terephthalic acid", "terephthalate"),
    "amidosulfon": ("sulfamic acid", "sulfamate"),
}
_DE_ALKYLS = {
    "methyl": "methyl",
    "ethyl": "ethyl",
    "butyl": "butyl",
    "propyl": "propyl",
    "vinyl": "vinyl",
    "isopropyl": "isopropyl",
}


def german_chemical_name(word: str) -> str | None:
    """A German compound chemical name in English, or None: "Natriumhydrogencarbonat" → "sodium
    bicarbonate", "Phosphorsäure" → "phosphoric acid", "Essigsäureethylester" → "ethyl acetate",
    "Maleinsäureanhydrid" → "maleic anhydride", "Titantetrachlorid" → "titanium tetrachloride". One word,
    lower case or capitalised, umlauts as written or stripped ("saure", "saeure")."""
    plain = strip_accents(word).lower().replace("saeure", "saure")
    if not plain.isalpha() or len(plain) < 7:
        return None
    if "saure" in plain:
        stem, _, rest = plain.partition("saure")
        if stem not in _DE_ACIDS:
            return None
        acid, ending = _DE_ACIDS[stem]
        if not rest:
            return acid
        if rest == "anhydrid":
            return f"{acid.rsplit(' ', 1)[0]} anhydride"
        if rest.endswith("ester") and rest[: -len("ester")] in _DE_ALKYLS:
            return f"{_DE_ALKYLS[rest[: -len('ester')]]} {ending}"
        return None
    for cation, english in _DE_CATIONS.items():
        if plain.startswith(cation) and plain[len(cation) :] in _DE_ANIONS:
            return f"{english} {_DE_ANIONS[plain[len(cation) :]]}"
    return None

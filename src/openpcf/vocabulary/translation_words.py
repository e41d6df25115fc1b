"""The bilingual word list behind :mod:`openpcf.vocabulary.translation`, beyond the base table.

Materials, forms and processes in German (de), French (fr), Italian (it) and Spanish (es), written from
general knowledge of the four languages and of trade vocabulary (textiles, dairy, building products,
packaging, chemicals), never from a benchmark item. Keys are lower case without accents (``ß`` → ``ss``).

- ``NOUNS``: a foreign word → its English name; read in place. They take precedence over the base table
  (``tessuto`` is "fabric" here, "textile" there).
- ``PHRASES``: fixed multi-word names read as a whole ("terre cuite" → "clay").
- ``ADJECTIVES``: Romance adjectives that follow their noun; English puts them before it
  ("acido acetico glaciale" → "glacial acetic acid"). Written once per meaning; :func:`adjective_forms`
  adds the feminine and plural endings.
- ``COMPOUND_PARTS``: German words (mostly adjectives and bound stems) read only as a part of a compound
  ("mager" + "milch" → "skimmed milk"); standing alone they are left alone ("ton" is also English).
- ``AMBIGUOUS``: a word whose English depends on its neighbours: ``fil`` is yarn beside a fibre word,
  wire beside a metal.
- ``PREPOSITIONS`` / ``ARTICLES``: the Romance words (and German "aus", made of) that join the parts of a
  noun phrase; dropped.
"""

from __future__ import annotations

NOUNS: dict[str, str] = {
    # textiles: fabric, yarn, fibre
    "tessuto": "fabric", "tessuti": "fabric", "tissu": "fabric", "tissus": "fabric", "tejido": "fabric",
    "tejidos": "fabric", "stoffa": "fabric", "gewebe": "fabric", "stoff": "fabric", "etoffe": "fabric",
    "tela": "fabric", "telas": "fabric", "tele": "fabric", "toile": "fabric", "toiles": "fabric",
    "filato": "yarn", "filati": "yarn", "hilado": "yarn", "hilados": "yarn", "garn": "yarn", "garne": "yarn",
    "zwirn": "twisted yarn", "faser": "fibre", "fasern": "fibre", "fibra": "fibre", "fibras": "fibre",
    "jute": "jute", "yute": "jute", "juta": "jute", "hanf": "hemp",
    "chanvre": "hemp", "canapa": "hemp", "canamo": "hemp", "flachs": "flax", "viskose": "viscose",
    "viscosa": "viscose", "vliesstoff": "nonwoven", "vlies": "nonwoven", "maglia": "knitted fabric",
    "strickware": "knitted fabric", "gurtband": "webbing", "sangle": "webbing",
    # dairy
    "molke": "whey", "lactoserum": "whey", "quark": "quark", "topfen": "quark", "rahm": "cream",
    "buttermilch": "buttermilk", "babeurre": "buttermilk", "latticello": "buttermilk",
    "magermilch": "skimmed milk", "vollmilch": "whole milk", "frischkase": "fresh cheese",
    "schlagsahne": "whipping cream", "ricotta": "ricotta", "requeson": "cottage cheese",
    # building products
    "kalksandstein": "sand-lime brick", "lochziegel": "perforated brick",
    "hochlochziegel": "vertically perforated brick", "dachziegel": "roof tile", "tuile": "roof tile",
    "tuiles": "roof tiles", "tegola": "roof tile", "tegole": "roof tiles", "teja": "roof tile",
    "tejas": "roof tiles", "briques": "bricks", "mattoni": "bricks", "ladrillos": "bricks",
    "ziegelstein": "brick", "piastrelle": "tiles", "baldosas": "tiles", "carreau": "tile",
    "carreaux": "tiles", "terracotta": "clay", "cotto": "clay", "gravillon": "gravel",
    "gravillons": "gravel", "ghiaietto": "gravel", "gravilla": "gravel", "splitt": "chippings",
    "schotter": "crushed stone", "pietrisco": "crushed stone", "stein": "stone", "pierre": "stone",
    "pietra": "stone", "piedra": "stone", "asphalt": "asphalt", "asphalte": "asphalt", "asfalto": "asphalt",
    "gussasphalt": "mastic asphalt", "bitume": "bitumen", "betun": "bitumen", "platte": "board",
    "platten": "board", "panneau": "board", "panneaux": "board", "pannello": "board", "pannelli": "board",
    "tablero": "board", "placa": "board", "mortel": "mortar", "mortier": "mortar",
    "mortero": "mortar", "estrich": "screed", "putz": "plaster render",
    "enduit": "plaster render", "intonaco": "plaster render", "enlucido": "plaster render",
    "gipskarton": "gypsum plasterboard", "gipskartonplatte": "gypsum plasterboard",
    "gipskartonplatten": "gypsum plasterboard", "daemmung": "insulation", "dammung": "insulation", "fenster": "window",
    # crops and oils
    "palma": "palm", "palme": "palm", "soja": "soy", "soia": "soy",
    # chemicals
    "terpentin": "turpentine", "terpentinol": "turpentine", "terebenthine": "turpentine",
    "trementina": "turpentine", "aguarras": "turpentine", "ethoxylat": "ethoxylate",
    "ethoxylate": "ethoxylate", "etossilato": "ethoxylate", "etoxilato": "ethoxylate",
    "alkohol": "alcohol", "alcool": "alcohol", "alcohol": "alcohol", "glicerina": "glycerine", "glicerolo": "glycerine", "tensid": "surfactant",
    "tensioactif": "surfactant", "tensioattivo": "surfactant", "tensioactivo": "surfactant",
    "carbonio": "carbon", "carbono": "carbon", "kohlenstoff": "carbon", "polvere": "powder",
    "poudre": "powder", "polvo": "powder", "pulver": "powder", "mehlpulver": "powder",
    "essigsaure": "acetic acid", "zitronensaure": "citric acid", "milchsaure": "lactic acid",
    "ameisensaure": "formic acid", "salzsaure": "hydrochloric acid", "salpetersaure": "nitric acid",
    "phosphorsaure": "phosphoric acid",
    # containers and packaging
    "bottiglie": "bottles", "bouteilles": "bottles", "botellas": "bottles", "flaconi": "bottles",
    "barattoli": "jars", "tarros": "jars", "bocaux": "jars",
    "bocal": "jar", "barattolo": "jar", "vasetto": "jar", "tarro": "jar",
    "flacon": "bottle", "flacone": "bottle", "frasco": "bottle", "frascos": "bottle", "glasflasche": "glass bottle",
    "lattina": "can", "lata": "can", "canette": "can", "tubetto": "tube",
    "braunglas": "brown glass", "weissglas": "flint glass", "hohlglas": "container glass",
    "flachglas": "flat glass", "wellpappe": "corrugated board", "wellenstoff": "corrugating medium",
    "cannelure": "corrugating medium", "deckel": "lid", "couvercle": "lid", "coperchio": "lid",
    "tapa": "lid", "bouchon": "closure", "tappo": "closure", "tapon": "closure", "verschluss": "closure",
    # fish and seafood (the common market names)
    "kabeljau": "cod", "dorsch": "cod", "cabillaud": "cod", "morue": "cod", "merluzzo": "cod",
    "bacalao": "cod", "lachs": "salmon", "saumon": "salmon", "salmone": "salmon", "thunfisch": "tuna",
    "thon": "tuna", "tonno": "tuna", "atun": "tuna", "hering": "herring", "hareng": "herring",
    "aringa": "herring", "arenque": "herring", "makrele": "mackerel", "maquereau": "mackerel",
    "sgombro": "mackerel", "caballa": "mackerel", "forelle": "trout", "truite": "trout", "trota": "trout",
    "trucha": "trout", "seelachs": "pollock", "merlu": "hake", "merluza": "hake", "nasello": "hake",
    "scholle": "plaice", "karpfen": "carp", "garnele": "shrimp", "crevette": "shrimp", "crevettes": "shrimp",
    "gamberi": "shrimp", "gambas": "shrimp", "muscheln": "mussels", "miesmuscheln": "mussels",
    "moules": "mussels", "cozze": "mussels", "mejillones": "mussels", "tintenfisch": "squid",
    "calmar": "squid", "calamaro": "squid", "calamar": "squid",
    "ganz": "whole", "ganze": "whole", "ganzer": "whole",
    # electronics
    "elko": "electrolytic capacitor", "kondensator": "capacitor", "condensateur": "capacitor",
    "condensatore": "capacitor", "condensador": "capacitor", "widerstand": "resistor",
    "leiterplatte": "printed circuit board", "speicher": "memory", "kabel": "cable", "cavo": "cable",
    # eleventh pass: semi-finished forms of metals and plastics (tube, pipe, bar, rod, ingot, sheet, plate,
    # strip, foil, chips, flakes, block, slab), the commonest trade words of the four languages
    "rohr": "pipe", "rohre": "pipes", "tuyau": "pipe", "tuyaux": "pipes", "tubo": "tube", "tubi": "tubes",
    "tubos": "tubes", "tuberia": "pipe", "tubazione": "pipe",
    "stange": "bar", "stangen": "bars", "barra": "bar", "barre": "bar", "barras": "bars",
    "tige": "rod", "tondino": "rod", "varilla": "rod", "profil": "profile", 
    "profilato": "profile", "perfil": "profile",
    "lingot": "ingot", "lingots": "ingots", "lingotto": "ingot", "lingotti": "ingots", "lingote": "ingot",
    "lingotes": "ingots",
    "lastra": "sheet", "lastre": "sheets", "plancha": "sheet", "lamina": "sheet", "laminas": "sheets",
    "piastra": "plate", "feuillard": "strip", "nastro": "strip",
    "fleje": "strip", "alufolie": "aluminium foil", "granule": "granulate",
    "spane": "chips", "spaene": "chips", "copeaux": "chips", "trucioli": "chips", "virutas": "chips",
    "flocken": "flakes", "flocons": "flakes", "fiocchi": "flakes", "copos": "flakes",
    "granuli": "granulate", "granulos": "granulate",
    "bloc": "block", "blocs": "blocks", "blocco": "block", "blocchi": "blocks", "bloque": "block",
    "bloques": "blocks", "parpaing": "concrete block", "dalle": "slab", "dalles": "slabs", "losa": "slab",
    "perlen": "beads", "billes": "beads", "perle": "beads", "perlas": "beads",
    "sacco": "sack", "saco": "sack", "sac": "sack", "sacchi": "sacks", "sacos": "sacks", "sacs": "sacks",
    "azulejo": "tile", "azulejos": "tiles",
    # eleventh pass: plastics said the German or Romance way
    "styropor": "expanded polystyrene", "polyvinylchlorid": "polyvinyl chloride",
    "polivinilcloruro": "polyvinyl chloride", "policloruro": "polyvinyl chloride",
    "polietilentereftalato": "polyethylene terephthalate", "polyethylenterephthalat": "polyethylene terephthalate",
    "kohlefaser": "carbon fibre", "kohlenstofffaser": "carbon fibre",
    # eleventh pass: timbers, rubbers, glass, films, tapes, labels, solvents, oils and fuels, boards, inks
    **{w: "oak" for w in "eiche chene quercia roble".split()},
    **{w: "spruce" for w in "fichte epicea".split()},
    **{w: "pine" for w in "kiefer pino".split()},
    **{w: "fir" for w in "tanne sapin abete abeto".split()},
    **{w: "beech" for w in "buche hetre faggio haya".split()},
    **{w: "birch" for w in "birke bouleau betulla abedul".split()},
    **{w: "larch" for w in "larche meleze larice alerce".split()},
    **{w: "sheep" for w in "mouton pecora oveja".split()},
    **{w: "particle" for w in "particules particelle particulas".split()},
    "spanplatte": "particle board", "spanplatten": "particle board", "kautschuk": "rubber", "silikon": "silicone",
    "epoxid": "epoxy", "epoxi": "epoxy", "verbundglas": "laminated glass", "sicherheitsglas": "safety glass",
    "blechdose": "tin can", "getrankedose": "beverage can", "konservendose": "food can",
    "schrumpffolie": "shrink film", "stretchfolie": "stretch film", "luftpolsterfolie": "bubble wrap",
    "klebeband": "adhesive tape", "filz": "felt",
    **{w: "labels" for w in "etiketten etiquettes etichette etiquetas".split()},
    **{w: "solvent" for w in "losungsmittel solvant solvants solvente solventi solventes".split()},
    **{w: "lubricant" for w in "schmierstoff schmiermittel lubrifiant lubrificante lubricante".split()},
    "hydraulikol": "hydraulic oil", "motorol": "engine oil", "heizol": "heating oil", "erdol": "crude oil",
    "braunkohle": "lignite", "steinkohle": "hard coal", "kohle": "coal", "charbon": "coal",
    "holzpellets": "wood pellets", "zellulose": "cellulose", "leim": "adhesive",
    **{w: "plywood" for w in "contreplaque compensato contrachapado".split()},
    **{w: "ink" for w in "encre encres inchiostro".split()},
    "druckfarbe": "printing ink", "druckfarben": "printing ink", "dachpappe": "bitumen roofing felt",
    "bewehrungsstahl": "reinforcing steel", "transportbeton": "ready-mixed concrete",
    "glasscheibe": "glass pane",
    "sugo": "sauce", "bolsas": "bags", "sacchetti": "bags", "mermelada": "jam", "confiture": "jam", "marmellata": "jam",
    # eleventh pass: the commonest crops and produce (general dictionary words; English lookalikes such as
    # "orange", "raisin", "orzo", "paprika" left out)
    **{w: "strawberry" for w in "erdbeere erdbeeren fraise fraises fragola fragole fresa fresas".split()},
    **{w: "bell pepper" for w in "poivron poivrons peperone peperoni pimiento pimientos".split()},
    **{w: "chickpea" for w in "kichererbse kichererbsen ceci garbanzo garbanzos".split()},
    **{w: "lentils" for w in "linsen lentilles lenticchie lentejas".split()},
    **{w: "beans" for w in "bohne bohnen haricot haricots fagiolo fagioli judias frijol frijoles".split()},
    **{w: "peas" for w in "erbse erbsen piselli guisantes".split()},
    **{w: "hazelnut" for w in "haselnuss haselnusse noisette noisettes nocciola nocciole avellana avellanas".split()},
    **{w: "almond" for w in "mandel mandeln amande amandes mandorla mandorle almendra almendras".split()},
    **{w: "onion" for w in "zwiebel zwiebeln oignon oignons cipolla cipolle cebolla cebollas".split()},
    **{w: "carrot" for w in "karotte karotten mohre mohren carotte carottes carota carote zanahoria zanahorias".split()},
    **{w: "orange" for w in "arancia arance naranja naranjas".split()},
    **{w: "lemon" for w in "zitrone zitronen limone limoni limon limones".split()},
    **{w: "grape" for w in "traube trauben uva uve uvas".split()},
    **{w: "oat" for w in "hafer avoine avena".split()},
    **{w: "barley" for w in "gerste orge cebada".split()},
    **{w: "rye" for w in "roggen seigle segale centeno".split()},
    **{w: "sunflower" for w in "sonnenblume sonnenblumen tournesol girasole girasol".split()},
    "raps": "rapeseed", "colza": "rapeseed",
    # German participles before their noun, with the endings of the three genders
    **{stem + end: english for stem, english in (
        ("beschichtet", "coated"), ("unbeschichtet", "uncoated"), ("verzinkt", "galvanized"),
        ("gebleicht", "bleached"), ("ungebleicht", "unbleached"), ("raffiniert", "refined"),
        ("nichtrostend", "stainless"), ("expandiert", "expanded"), ("extrudiert", "extruded"),
        ("gewalzt", "rolled"), ("recycelt", "recycled"))
       for end in ("", "e", "er", "es", "en")},
}

PHRASES: dict[str, str] = {
    "terre cuite": "clay", "barro cocido": "clay", "terra cotta": "clay",
    "petit lait": "whey", "siero di latte": "whey", "suero de leche": "whey", "suero lacteo": "whey",
    "fromage blanc": "quark", "lait ecreme": "skimmed milk", "latte scremato": "skimmed milk",
    "leche desnatada": "skimmed milk", "brique silico calcaire": "sand-lime brick",
    "mattone silico calcareo": "sand-lime brick", "ladrillo silicocalcareo": "sand-lime brick",
    "ladrillo silico calcareo": "sand-lime brick", "asphalte coule": "mastic asphalt",
    "asfalto colato": "mastic asphalt", "asfalto fundido": "mastic asphalt",
    "essence de terebenthine": "turpentine", "olio di trementina": "turpentine",
    "aceite de trementina": "turpentine", "non tisse": "nonwoven", "tessuto non tessuto": "nonwoven",
    "tela no tejida": "nonwoven", "plaque de platre": "gypsum plasterboard",
    "lastra di cartongesso": "gypsum plasterboard", "placa de yeso": "gypsum plasterboard",
    "cartongesso": "gypsum plasterboard",
    # a form after a preposition stays after the noun in English ("lait en poudre" → "milk powder")
    "en poudre": "powder", "in polvere": "powder", "en polvo": "powder", "en granules": "granules",
    "in granuli": "granules", "en granulos": "granules", "en vrac": "bulk", "sfuso": "bulk",
    "a granel": "bulk",
    # eleventh pass: flax fibre (lin/lino is flax as a fibre, linen as a cloth), high-impact polystyrene, the
    # cement-based tile adhesive, chickpeas
    "fibre de lin": "flax fibre", "fibres de lin": "flax fibre", "fibra di lino": "flax fibre",
    "fibra de lino": "flax fibre", "polystyrene choc": "high impact polystyrene",
    "polystyrene antichoc": "high impact polystyrene", "polistirene antiurto": "high impact polystyrene",
    "polistirolo antiurto": "high impact polystyrene", "poliestireno de alto impacto": "high impact polystyrene",
    "poliestireno alto impacto": "high impact polystyrene", "schlagfestes polystyrol": "high impact polystyrene",
    "polystyrol schlagfest": "high impact polystyrene", "mortero cola": "adhesive mortar",
    "mortier colle": "adhesive mortar", "colle a carrelage": "tile adhesive", "colle carrelage": "tile adhesive",
    "adesivo per piastrelle": "tile adhesive",
    "verre trempe": "tempered glass", "film etirable": "stretch film", "film retractable": "shrink film",
    "ruban adhesif": "adhesive tape", "nastro adesivo": "adhesive tape", "cinta adhesiva": "adhesive tape",
    "huile moteur": "engine oil", "olio motore": "engine oil", "encre d imprimerie": "printing ink",
    "inchiostro da stampa": "printing ink", "tinta de impresion": "printing ink",
    "mousse de polyurethane": "polyurethane foam", "mousse polyurethane": "polyurethane foam",
    "mousse de polystyrene": "polystyrene foam", "pannello truciolare": "particle board",
    "panneau de particules": "particle board", "tablero de particulas": "particle board",
    "tablero aglomerado": "particle board", "resine epoxy": "epoxy resin", "resina epossidica": "epoxy resin",
    "schiuma poliuretanica": "polyurethane foam", "resina epoxi": "epoxy resin", "caucho natural": "natural rubber", "pois chiches": "chickpea", "pois chiche": "chickpea",
}

#: Romance adjective phrases said after the noun, read as one adjective ("carta non rivestita" → "uncoated
#: paper", "lentejas en conserva" → "canned lentils"); after "non" the participle's feminine and plural endings
#: are generated as for single adjectives
_ADJECTIVE_PHRASE_BASES: dict[str, str] = {
    "uncoated": "non rivestito|sin recubrir|non revetu|non couche",
    "unbleached": "non sbiancato|sin blanquear|non blanchi",
    "untreated": "non trattato|sin tratar|non traite",
    "canned": "en conserva|en conserve|in scatola",
    "water-based": "a l eau|all acqua|al agua|a base d eau|a base de agua|a base acqua",
}

#: English meaning → Romance base forms (masculine singular; :func:`adjective_forms` adds the rest)
_ADJECTIVE_BASES: dict[str, str] = {
    "combed": "peigne pettinato peinado",
    "carded": "carde cardato cardado",
    "skimmed": "ecreme scremato desnatado",
    "semi-skimmed": "semidesnatado",
    "fresh": "frais fresco",
    "whole": "entier intero entero",
    "glacial": "glacial glaciale",
    "acetic": "acetique acetico",
    "citric": "citrique citrico",
    "lactic": "lactique lattico lactico",
    "formic": "formique formico",
    "nitric": "nitrique nitrico",
    "phosphoric": "phosphorique fosforico",
    "hydrochloric": "chlorhydrique cloridrico clorhidrico",
    "oxalic": "oxalique ossalico oxalico",
    "sulfuric": "sulfurique solforico sulfurico",
    "amber": "ambre ambrato ambar",
    "brown": "brun marrone marron",
    "white": "blanc bianco blanco",
    "black": "noir nero",
    "green": "vert verde",
    "red": "rouge rosso rojo",
    "perforated": "perfore forato perforado",
    "hollow": "creux",
    "fired": "cuit",
    "galvanized": "galvanise zincato galvanizado",
    "tempered": "trempe temperato temprato templado",
    "woven": "tisse",
    "knitted": "tricote",
    "liquid": "liquide liquido",
    "refined": "raffine raffinato refinado",
    "ethoxylated": "ethoxyle etossilato etoxilado",
    "fatty": "grasso",
    "crude": "brut grezzo crudo",
    "organic": "biologique biologico",
    "recycled": "recycle riciclato reciclado",
    "expanded": "expanse espanso expandido",
    "extruded": "extrude estruso extruido",
    # ninth pass: solid (not hollow) bricks and blocks
    "solid": "massiccio macizo",
    "stewed": "guisado stufato",
    "natural": "naturel naturale natural",
    # eleventh pass: a state or a stage said after the noun
    "stainless": "inoxydable inossidabile inoxidable",
    "coated": "revetu rivestito recubierto",
    "virgin": "vierge vergine virgen",
    "drawn": "trefile trafilato trefilado",
    "secondary": "secondaire secondario secundario",
    "primary": "primaire primario",
    "bleached": "blanchi sbiancato blanqueado",
    "unbleached": "ecru",
}


#: inflected forms that are also English words, never read as the Romance adjective ("raffinate" is a
#: refinery stream, "grass" a crop)
ENGLISH_LOOKALIKES = frozenset(
    "grass grasses raffinate extrude extrudes recycle recycles trempe rouge glacial crude lattice temperate "
    "formica expanse expanses brute brutes".split())


def adjective_forms(base: str) -> tuple[str, ...]:
    """A Romance adjective's base form with its feminine and plural endings (accents already folded):
    "fresco" → fresco, fresca, freschi, fresche, frescos, frescas; "peigne" → peigne, peignee, peignes…"""
    base = base.replace("-", " ")
    if base.endswith("o"):
        stem = base[:-1]
        extra = ("a", "i", "e", "os", "as") + (("hi", "he") if stem.endswith("c") else ())
        return (base, *(stem + e for e in extra))
    if base.endswith("e") and not base.endswith("que"):  # it. "glaciale" / fr. "peigne"
        return (base, base + "e", base + "s", base + "es", base[:-1] + "i")
    if base.endswith("x"):  # fr. "creux" → "creuse"
        return (base, base[:-1] + "se", base[:-1] + "ses")
    if base.endswith("al"):  # fr. "glacial" → glaciale, glaciaux
        return (base, base + "e", base + "es", base[:-1] + "ux")
    if base.endswith("s"):  # fr. "frais" → fraiche
        return (base, base[:-1] + "che", base[:-1] + "ches")
    return (base, base + "e", base + "s", base + "es")


def _adjectives() -> dict[str, str]:
    out: dict[str, str] = {}
    for english, bases in _ADJECTIVE_BASES.items():
        for base in bases.split():
            for form in adjective_forms(base):
                if form not in ENGLISH_LOOKALIKES:
                    out.setdefault(form, english)
    out["gras"] = out["grasse"] = out["grassi"] = out["grasa"] = out["grasos"] = out["grasas"] = "fatty"
    out["blanche"] = out["blanches"] = "white"
    return out


ADJECTIVES: dict[str, str] = _adjectives()

#: multi-word adjectives (folded, space-joined) → English; read like ``PHRASES`` but placed as adjectives
ADJECTIVE_PHRASES: dict[str, str] = {
    " ".join(words[:-1] + [form]): english
    for english, phrases in _ADJECTIVE_PHRASE_BASES.items()
    for phrase in phrases.split("|")
    for words in [phrase.split()]
    for form in (adjective_forms(words[-1]) if words[0] == "non" else (words[-1],))
}

COMPOUND_PARTS: dict[str, str] = {
    "mager": "skimmed", "voll": "whole", "suss": "sweet", "sauer": "sour", "speise": "", "frisch": "fresh",
    "schlag": "whipping", "loch": "perforated", "hoch": "vertically", "rund": "round", "guss": "cast",
    "dach": "roof", "ton": "clay", "balsam": "gum", "wellen": "corrugating", "well": "corrugated",
    "braun": "brown", "weiss": "white", "flach": "flat", "hohl": "hollow", "roh": "raw", "alt": "waste",
    "bau": "structural", "kamm": "combed", "zucker": "sugar", "baumwoll": "cotton", "woll": "wool", "schaf": "sheep",
    "natur": "natural", "kunst": "artificial", "fett": "fat", "saure": "acid", "fluss": "river",
    "brech": "crushed",
    # ninth pass: parts of German names of cast parts and building blocks ("Bremsscheibe", "Porenbetonstein")
    "brems": "brake", "scheibe": "disc", "trommel": "drum", "grau": "grey", "poren": "aerated",
    # eleventh pass: form and part words read inside a compound ("Kupferstab", "Papiersack", "Altglasscherben")
    "stab": "rod", "sack": "sack", "band": "strip", "barren": "ingot", "druck": "die", "scherben": "cullet",
    "pulver": "powder", "recycling": "recycled", "rezyklat": "recycled", "pellets": "pellets",
    "eichen": "oak", "fichten": "spruce", "buchen": "beech", "schrumpf": "shrink", "luftpolster": "bubble",
    "motor": "engine", "hydraulik": "hydraulic", "heiz": "heating",
    # standing alone "Polystyrol" is read by the trade-name vocabulary already (and trains the re-ranker as
    # written); inside a compound it is the polymer ("Polystyrolperlen")
    "polystyrol": "polystyrene",
}

AMBIGUOUS: dict[str, dict[str, str]] = {
    # a thread of a fibre is yarn; a thread of a metal is wire
    "fil": {"fibre": "yarn", "metal": "wire", "default": "wire"},
    "filo": {"fibre": "yarn", "metal": "wire", "default": "wire"},
    "hilo": {"fibre": "yarn", "metal": "wire", "default": "yarn"},
    "fils": {"fibre": "yarn", "metal": "wire", "default": "wire"},
    # a leaf of a metal is foil; of paper, board or a plastic, a sheet
    **{w: {"fibre": "sheet", "metal": "foil", "default": "sheet"} for w in "feuille feuilles foglio fogli hoja hojas".split()},
}

#: English words that make a context a fibre one or a metal one (for ``AMBIGUOUS``)
FIBRE_WORDS = frozenset(
    "cotton wool silk linen flax hemp jute viscose polyester polyamide nylon acrylic elastane fibre "
    "combed carded fabric sewing knitting".split())
METAL_WORDS = frozenset(
    "steel iron copper aluminium brass zinc tin nickel lead silver gold stainless galvanized metal "
    "titanium bronze".split())

#: Romance words that join the head of a noun phrase to what it is made of or for
PREPOSITIONS = frozenset("de di du des del dello della dei degli delle d en aus".split())
#: prepositions that are also common English words or symbols: read as joins only between two foreign words
WEAK_PREPOSITIONS = frozenset("in al alla allo".split())
#: "for" said the Spanish and French way: "X para Y" keeps its order, the purpose follows the thing
#: ("mortero cola para baldosas" → "adhesive mortar for tiles")
PURPOSE_WORDS = frozenset("para pour".split())
#: the commonest function words of German, French, Italian and Spanish prose (articles, prepositions,
#: conjunctions) that are no English words; a description full of them is written in one of those languages
FOREIGN_FUNCTION_WORDS = frozenset(
    "de di du des del dello della dei degli delle d le la les l il lo gli el los las un une una uno et e y "
    "und oder mit aus der die das den dem ein eine einer fur fuer zum zur avec sans pour par sur dans au aux "
    "con senza per da nel nella sul sulla para sin sobre por como".split())
#: the commonest English function words, to tell English prose that quotes a foreign word from foreign prose
ENGLISH_FUNCTION_WORDS = frozenset("the of and for with in on a an to from by or without as is are".split())
ARTICLES = frozenset("le la les l il lo gli el los las".split())

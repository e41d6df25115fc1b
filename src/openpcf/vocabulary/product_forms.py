"""Nouns that say a thing is a finished product by its form: something made, shaped and assembled for a
use, not a material, a chemical or a farm commodity.

A practitioner decomposes a "steel door", a "cotton shirt" or a "car alternator" into the materials and
processes that make it, however commodity-like the words before the noun sound, unless the database holds
that very product (a lithium-ion cell, a car engine, roof tiles); the triage model weighs this word class
against whether the picklist names the thing at its own level (:mod:`openpcf.systems.offline.triage`).

The classes follow the everyday grouping of manufactured goods (garments and footwear, furniture, household
and kitchen ware, appliances and devices, machine elements and fasteners, building elements, containers,
vehicles and tools, personal-care and cleaning preparations, preparations named by the form they are sold
in, prepared foods and drinks). Written from
general knowledge, in singular form (the tokenizer stems plurals). Left out on purpose: words that also
name a material or commodity ("cream", "cheese", "soap", "board", "sheet", "bar", "oil", "paper"), and
words the assembly, part and formulation cues of triage already read ("assembly", "module", "kit",
"blend", "mixture").

Pure data; :func:`product_form_nouns` is the only function.
"""

from __future__ import annotations

from collections.abc import Iterable

from openpcf.vocabulary.tokens import tokenize

#: Finished-product nouns by class (singular, lower case).
PRODUCT_FORMS: dict[str, frozenset[str]] = {
    "garment": frozenset(
        [
            "shirt",
            "blouse",
            "trouser",
            "jean",
            "jacket",
            "coat",
            "sweater",
            "pullover",
            "jumper",
            "cardigan",
            "hoodie",
            "dress",
            "skirt",
            "sock",
            "legging",
            "underwear",
            "swimsuit",
            "uniform",
            "apron",
            "glove",
            "hat",
            "scarf",
            "tie",
            "vest",
            "overall",
        ]
    ),
    "footwear": frozenset(["shoe", "boot", "sandal", "trainer", "sneaker", "slipper"]),
    "home textile": frozenset(
        [
            "towel",
            "blanket",
            "duvet",
            "pillow",
            "pillowcase",
            "curtain",
            "rug",
            "mattress",
            "cushion",
            "bedding",
        ]
    ),
    "furniture": frozenset(
        [
            "chair",
            "table",
            "desk",
            "sofa",
            "couch",
            "bed",
            "wardrobe",
            "cupboard",
            "cabinet",
            "shelf",
            "shelving",
            "bench",
            "stool",
            "drawer",
            "bookcase",
            "worktop",
            "countertop",
        ]
    ),
    "household ware": frozenset(
        [
            "mug",
            "cup",
            "plate",
            "bowl",
            "pan",
            "saucepan",
            "pot",
            "kettle",
            "cutlery",
            "knife",
            "fork",
            "spoon",
            "teapot",
            "jug",
            "vase",
            "umbrella",
            "toy",
            "brush",
            "broom",
            "bin",
        ]
    ),
    "appliance or device": frozenset(
        [
            "appliance",
            "toaster",
            "refrigerator",
            "fridge",
            "freezer",
            "dishwasher",
            "oven",
            "microwave",
            "cooker",
            "hob",
            "heater",
            "radiator",
            "boiler",
            "pump",
            "compressor",
            "alternator",
            "generator",
            "turbine",
            "charger",
            "adapter",
            "lamp",
            "luminaire",
            "printer",
            "computer",
            "laptop",
            "phone",
            "smartphone",
            "television",
            "monitor",
            "camera",
            "speaker",
            "headphone",
            "router",
            "thermostat",
            "drone",
        ]
    ),
    "machine element": frozenset(
        [
            "bearing",
            "gear",
            "gearbox",
            "spring",
            "bolt",
            "screw",
            "nut",
            "rivet",
            "nail",
            "fastener",
            "valve",
            "hinge",
            "handle",
            "bracket",
            "shaft",
            "axle",
            "wheel",
            "tyre",
            "tire",
            "hose",
            "pulley",
            "sprocket",
            "piston",
            "cylinder",
            "coupling",
            "clutch",
            "brake",
            "gasket",
            "o-ring",
            "zip",
            "zipper",
            "buckle",
            "button",
            "lock",
        ]
    ),
    "building element": frozenset(
        [
            "door",
            "window",
            "gate",
            "staircase",
            "stair",
            "railing",
            "balustrade",
            "partition",
            "skylight",
            "shutter",
            "blind",
        ]
    ),
    "container": frozenset(
        ["bottle", "jar", "can", "drum", "barrel", "bucket", "crate", "pallet", "canister", "tub"]
    ),
    "vehicle or tool": frozenset(
        [
            "bicycle",
            "bike",
            "scooter",
            "car",
            "truck",
            "van",
            "boat",
            "trailer",
            "ladder",
            "trolley",
            "tool",
            "drill",
            "saw",
            "hammer",
        ]
    ),
    "personal care or cleaning": frozenset(
        [
            "toothpaste",
            "shampoo",
            "conditioner",
            "lotion",
            "sunscreen",
            "deodorant",
            "perfume",
            "lipstick",
            "mascara",
            "mouthwash",
            "cleaner",
            "polish",
            "softener",
            "tablet",
        ]
    ),
    # A consumer preparation named by the form it is sold in ("washing-up liquid", "shower gel", "window
    # spray", "oat drink"): a formulation, decomposed into its ingredients (issue 17, fifth round). Not
    # "cream" or "paste", which also name a commodity or an intermediate (dairy cream, tomato paste).
    "preparation by its form": frozenset(["liquid", "gel", "spray", "drink", "beverage"]),
    "prepared food or drink": frozenset(
        [
            "sauce",
            "ketchup",
            "mayonnaise",
            "dressing",
            "spread",
            "jam",
            "soup",
            "pizza",
            "sandwich",
            "pie",
            "cake",
            "biscuit",
            "cookie",
            "bread",
            "pasta",
            "noodle",
            "sausage",
            "burger",
            "nugget",
            "meal",
            "snack",
            "chocolate",
            "confectionery",
            "juice",
            "beer",
            "wine",
            "liqueur",
            "muesli",
            "granola",
        ]
    ),
}

#: Plurals the tokenizer does not bring back to the singular.
_IRREGULAR_PLURALS = ("knives", "shelves")

#: Every finished-product noun, whatever its class, as the tokenizer writes it, singular and plural
#: ("cookies" → "cooky", "knives" → "knive"; of "o-ring" the last token, "ring").
PRODUCT_FORM_NOUNS: frozenset[str] = frozenset(
    tokenize(form)[-1] for words in PRODUCT_FORMS.values() for word in words for form in (word, word + "s")
) | frozenset(tokenize(word)[-1] for word in _IRREGULAR_PLURALS)


def product_form_nouns(tokens: Iterable[str]) -> list[str]:
    """The tokens (as :func:`openpcf.vocabulary.tokens.tokenize` writes them) that are finished-product
    nouns, in order."""
    return [t for t in tokens if t in PRODUCT_FORM_NOUNS]


#: Semi-finished (mill and trade) forms a material is sold in, from the everyday product lists of metal,
#: polymer, glass, textile and chemical trade (a mill sells sheet, plate, coil, wire, rod, bar, billet; a
#: polymer plant film, foil, granulate, resin; a spinner fibre, yarn, tow, fabric): a database holds the
#: material, often without the form's word ("float glass sheet" is flat glass), so an activity that does not
#: say the form word may still stand for the thing bought. Not finished products: a sheet is not a door.
MILL_FORMS: tuple[str, ...] = (
    "sheet", "plate", "strip", "coil", "foil", "film", "wire", "rod", "bar", "billet", "bloom", "slab",
    "ingot", "section", "profile", "tube", "board", "panel", "block", "fibre", "fiber", "yarn", "tow",
    "filament", "fabric", "textile", "mat", "felt", "roll", "web", "pulp", "resin", "monomer", "polymer",
    "granulate", "granule", "pellet", "powder", "flake", "chip", "crystal", "lump", "membrane",
)

#: Every mill form as the tokenizer writes it, singular and plural.
MILL_FORM_NOUNS: frozenset[str] = frozenset(tokenize(form)[-1] for word in MILL_FORMS for form in (word, word + "s"))


def is_mill_form(token: str) -> bool:
    """Whether a token (as :func:`openpcf.vocabulary.tokens.tokenize` writes it) names a semi-finished form
    a material is sold in ("sheet", "coils", "yarn"), not a finished product."""
    return token in MILL_FORM_NOUNS

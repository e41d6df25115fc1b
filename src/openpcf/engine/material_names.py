"""Reading a component name as an LCA practitioner would: what to look up, and what role it plays.

"Aluminium scrap (post-consumer)" is *recycled aluminium*; "Additive (phosphoric acid)" is *phosphoric
acid*; "PVB (Polyvinyl Butyral)" is either spelling; "distribution packaging" is packaging, not product;
"water" is water; "other: 1%" is an unspecified remainder. :func:`interpret` returns the lookup texts to
try, best first, plus these flags. Pure functions, no factor data.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from openpcf.engine.composition import is_other_name
from openpcf.factors.solution_strength import factor_per_solution, solution_of
from openpcf.vocabulary.material_words import PACKAGING, RECYCLED_IN_NAME, RECYCLED_NOISE

Role = str  # "product" | "packaging" | "water" | "remainder"

#: Water as an input ("water", "process water", "water, deionised", "water for injection", "water 35 %"); not a
#: product named after it ("water-based lacquer", "waterproof membrane", "water glass", "water heater").
_WATER = re.compile(r"^(process |tap |deionised |deionized |demineralised |demineralized |drinking |softened |purified )?"
                    r"water(?=\s*$|\s*[,(;:%\d]|\s+(for|from|in|of|at|to|as|added|supply|used)\b)", re.I)
#: A component whose head noun is a sales container ("steel can", "glass jar", "PET bottle") is the
#: product's packaging: a product's own composition does not list itself as a container.
_CONTAINER_HEAD = re.compile(r"\b(cans?|jars?|bottles?|pouch(es)?|tubs?)\s*$", re.I)
_EXAMPLE = re.compile(r"^\s*(e\.?\s?g\.?|i\.?\s?e\.?|such as|incl\.?|including|ex\.?)[,:]?\s*", re.I)
_BRAND = re.compile(r"[®™©]")

# Generic class words → the practitioner's background activity for them (ecoinvent-style names, which
# the factor resolvers also know as aliases). Checked on whole normalised heads only.
GENERIC_CLASSES: dict[str, tuple[str, ...]] = {
    "organic substances": ("chemical, organic",),
    "organic substance": ("chemical, organic",),
    "organic compounds": ("chemical, organic",),
    "organic chemicals": ("chemical, organic",),
    "inorganic substances": ("chemical, inorganic",),
    "inorganic substance": ("chemical, inorganic",),
    "inorganic compounds": ("chemical, inorganic",),
    "inorganic chemicals": ("chemical, inorganic",),
    "additive": ("chemical, organic",),
    "additives": ("chemical, organic",),
    "finish": ("chemical, organic",),
    "optical brightener": ("chemical, organic",),
    "lubricant stabilizer": ("chemical, organic",),
    "flavors": ("chemical, organic",),
    "flavours": ("chemical, organic",),
    "vitamins": ("chemical, organic",),
    "sweeteners": ("sugar",),
    "glucose": ("glucose syrup", "glucose", "sugar"),
    "glucose syrup": ("glucose syrup", "sugar"),
    "dextrose": ("glucose", "sugar"),
    "fructose": ("fructose", "sugar"),
    "sweetener": ("sugar",),
    "pigment": ("pigment", "titanium dioxide", "chemical, inorganic"),
    "pigments": ("pigment", "titanium dioxide", "chemical, inorganic"),
    "dye": ("dye", "chemical, organic"),
    "dyes": ("dye", "chemical, organic"),
    "printing inks": ("printing ink", "ink", "chemical, organic"),
    "inks": ("printing ink", "ink", "chemical, organic"),
    "plastic material": ("plastics, average", "average plastics"),
    "plastics": ("plastics, average", "average plastics"),
    "plastic": ("plastics, average", "average plastics"),
    "oils": ("lubricating oil", "mineral oil"),
    "oil": ("lubricating oil", "mineral oil"),
    "base oil": ("lubricating oil", "mineral oil"),
    "alloying elements": ("alloying elements", "metals", "silicon"),
    "alloys": ("alloying elements", "metals"),
    "master alloys": ("alloying elements", "metals"),
    "metal connector": ("copper", "metals"),
    "soda": ("soda ash", "sodium carbonate"),
    "lime": ("lime", "quicklime"),
    "sand": ("sand", "silica sand"),
    "glass": ("glass", "flat glass"),
    # tinplate is its own row where the library has one; the tinplate concept's targets fall back to steel cans
    # (a formed can) where it has not
    "tinplate": ("tinplate", "steel"),
    "tin plate": ("tinplate", "steel"),
    "tinplate steel": ("tinplate", "steel"),
    "fruit concentrates": ("fruit juice concentrate", "orange juice concentrate", "fruit"),
    "fruit concentrate": ("fruit juice concentrate", "orange juice concentrate", "fruit"),
}


#: A surface finish written before the substrate it covers ("melamine-faced particleboard", "oak-veneered MDF",
#: "powder-coated steel tube", "paper-faced gypsum board"): the overlay is a few per cent of the mass, so the
#: substrate is looked up first (a practitioner costs the board; the finish word must not make a melamine board a
#: melamine resin). The finish itself is listed separately when it matters.
_SURFACE_FINISH = re.compile(
    r"^(?:(?:melamine|laminate|hpl|cpl|paper|foil|vinyl|pvc|[a-z]+ veneer|veneer|fabric|film|resin)"
    r"[- ](?:faced|coated|covered|laminated|wrapped|overlaid|surfaced)|(?:[a-z]+[- ])?veneered|lacquered|painted|"
    r"powder[- ]coated|varnished|foil[- ]wrapped)\s+(?P<substrate>\S.*)$", re.I)


def surface_substrate(name: str) -> str | None:
    """The substrate a name with a leading surface finish covers ("melamine-faced particleboard" →
    "particleboard"), else None."""
    m = _SURFACE_FINISH.match(name.strip())
    return m.group("substrate").strip() if m else None


#: A cut or portion of a fish or meat written after the animal ("hake fillet", "tuna loin", "salmon portions"): the
#: factor of the animal's raw flesh stands for it when no factor names the cut (food factors are per kg of the edible
#: food). A later lookup, after the name as written.
_FOOD_CUT = re.compile(r"^(?P<food>[a-z][a-z' -]*?)\s+(fillets?|loins?|steaks?|portions?|chunks?|cutlets?|"
                       r"medallions?|tails?|meat)$", re.I)
#: A plant fat named as a fat ("palm fat", "coconut fat"): the fat of an oil plant is its oil, solid at room
#: temperature (fractionated or not); traded and costed as that oil.
_PLANT_FAT = re.compile(r"^(?P<plant>palm|palm kernel|coconut|shea|sal|illipe|rapeseed|sunflower|vegetable)\s+"
                        r"(fats?|stearin|olein)$", re.I)


def plain_food_names(head: str) -> tuple[str, ...]:
    """Plainer lookup names of a food input: the animal of a cut ("hake fillet" → "hake"), the oil of a plant
    fat ("palm fat" → "palm oil"); empty for other names. Pure."""
    text = _clean(head)
    m = _PLANT_FAT.match(text)
    if m:
        return (f"{m.group('plant')} oil",)
    m = _FOOD_CUT.match(text)
    if m and m.group("food").strip():
        return (m.group("food").strip(),)
    return ()


@dataclass(frozen=True)
class MaterialReading:
    """How to look a component up: ``queries`` best first, its ``role``, and whether it is recycled."""

    name: str
    queries: tuple[str, ...]
    role: Role = "product"
    recycled: bool = False
    generic: bool = False
    notes: tuple[str, ...] = field(default_factory=tuple)
    #: Mass fraction of the active substance when the name is a solution with a concentration
    #: ("sodium hydroxide solution (32%)" → 0.32); None otherwise (see :func:`solution_of`,
    #: ``openpcf.factors.solution_strength``).
    concentration: float | None = None


def _clean(text: str) -> str:
    text = _BRAND.sub("", text)
    text = re.sub(r"\(\s*\)", " ", text)
    return re.sub(r"\s+", " ", text).strip(" ,;:-–")


def _split_parenthetical(name: str) -> tuple[str, list[str]]:
    """``"Additive (phosphoric acid)"`` → (``"Additive"``, [``"phosphoric acid"``]); handles "head: detail"."""
    inner = [m.strip() for m in re.findall(r"\(([^()]*)\)", name)]
    head = re.sub(r"\([^()]*\)", " ", name)
    # "Aluminium scrap: post-consumer" — the text after a colon qualifies the head.
    if ":" in head:
        first, *rest = head.split(":")
        head = first
        inner.extend(r.strip() for r in rest if r.strip())
    # "citric acid/flavors/vitamins", "glass jar and tinplate lid"
    details = []
    for part in inner:
        part = _EXAMPLE.sub("", part)
        if part and not re.fullmatch(r"[\d.,\s%]+", part):
            details.append(_clean(part))
    return _clean(head), details


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"[^a-z0-9%,' -]+", " ", text.lower())).strip()


def _strip_recycled(text: str) -> str:
    text = re.sub(r"\d+(?:[.,]\d+)?\s*%", " ", text)
    return _clean(re.sub(r"\s+", " ", RECYCLED_NOISE.sub(" ", text)))


@lru_cache(maxsize=8192)  # pure, and a large BOM repeats names (the reading is a frozen dataclass)
def interpret(name: str, in_product: bool = False) -> MaterialReading:
    """The lookup texts for a component name, best first, with its role and recycled flag. ``in_product``: the
    name is known to be a component of the product itself (a cell's "steel can", a jar's "label" given as a share
    of a composition that sums to 100 %), so a pack word does not make it a pack line."""
    raw = _clean(name)
    if is_other_name(raw):
        return MaterialReading(name=name, queries=(), role="remainder", notes=("unspecified remainder",))
    head, details = _split_parenthetical(raw)
    full = _norm(raw)
    recycled = bool(RECYCLED_IN_NAME.search(raw)) and not re.search(r"\brecyclable\b", raw, re.I) or "cullet" in full
    role: Role = "product"
    if _WATER.match(head) and not details:
        role = "water"
    elif not in_product and (PACKAGING.search(raw) or _CONTAINER_HEAD.search(head)):
        role = "packaging"
    queries: list[str] = []
    generic = False

    def add(text: str) -> None:
        t = _clean(text)
        if t and t.lower() not in (q.lower() for q in queries):
            queries.append(t)

    base_head = _strip_recycled(head) if recycled else head
    base_details = [_strip_recycled(d) if recycled else d for d in details]
    key = _norm(base_head)
    specific_details = [d for d in base_details if d and _norm(d) not in GENERIC_CLASSES and not RECYCLED_IN_NAME.fullmatch(d)]
    if role == "water":
        add("tap water")
        add("water")
    elif role == "packaging":
        # "HDPE cap", "paper label": the material named in the head counts (the resolver reads the head
        # material); "primary packaging (glass jar and tinplate lid)": the materials named in brackets.
        rest = re.sub(r"\b(primary|secondary|tertiary|transport|distribution|sales|retail|consumer|packaging|package|"
                      r"packing|material|materials)\b", " ", head, flags=re.I)
        if rest.strip(" ,;:-"):
            add(head)
        for d in specific_details:
            for piece in re.split(r"\band\b|/|,|\+", d):
                add(re.sub(r"\b(jars?|lids?|bottles?|caps?|boxes|box|trays?|films?)\b", "", piece))
        add("packaging")
        add("paper and board, mixed")
    else:
        if recycled:
            for d in [base_head, *specific_details]:
                if d and _norm(d) not in ("", "material"):
                    add(f"recycled {d}")
            if "cullet" in full:
                add("recycled glass")
        if key in GENERIC_CLASSES:
            generic = True
            for d in specific_details:  # "Additive (phosphoric acid)": the bracket is the substance
                add(d)
            for q in GENERIC_CLASSES[key]:
                add(q)
        else:
            substrate = surface_substrate(base_head)
            if substrate:
                add(substrate)
            add(base_head)
            for d in specific_details:
                add(d)
            add(_strip_recycled(raw) if recycled else raw)
            for plain in plain_food_names(base_head):  # "hake fillet" → "hake"; "palm fat" → "palm oil"
                add(plain)
        # "citric acid/flavors/vitamins", "Pigments & Printing inks": each named substance on its own
        pieces = [p for p in re.split(r"/|&|\+|\band\b", base_head) if p.strip()]
        if len(pieces) > 1:
            for piece in pieces:
                k = _norm(piece)
                for q in GENERIC_CLASSES.get(k, (piece,)):
                    add(q)
    solution = solution_of(raw) if role == "product" and not recycled else None
    if solution is not None:  # look the active substance up first: "ammonia, 25 % aq." is ammonia
        substance, fraction = solution
        queries.insert(0, substance) if substance.lower() not in (q.lower() for q in queries) else None
        return MaterialReading(name=name, queries=tuple(q for q in queries if q), role=role, recycled=recycled,
                               generic=generic, concentration=fraction)
    return MaterialReading(name=name, queries=tuple(q for q in queries if q), role=role, recycled=recycled, generic=generic)


# ---------------------------------------------------------------- solutions with a concentration
# One reader of a solution's strength for the resolver and the estimator: ``openpcf.factors.solution_strength``
# (:func:`solution_of` reads "sodium hydroxide solution (32%)" as its substance and share; :func:`factor_per_solution`
# says whether a factor is per kg of solution). Imported here, where :func:`interpret` uses it.


# ---------------------------------------------------------------- composite vs trace ingredient

_TRACE_INGREDIENTS = (
    "rhodium", "platinum", "palladium", "iridium", "ruthenium", "osmium", "gold", "silver", "indium",
    "gallium", "germanium", "tantalum", "rhenium", "scandium", "cobalt", "lithium", "neodymium",
)
_COMPOSITE_WORDS = re.compile(
    r"\b(catalyst|catalytic|converter|paste|plating|plated|coating|coated|alloy|solder|contact|electrode|"
    r"board|circuit|module|assembly|connector|component|device|sensor|compound|ink|enamel)\b",
    re.I,
)


def trace_ingredient_mismatch(component: str, activity: str) -> str | None:
    """A warning when a composite ("rhodium catalyst", "silver paste") is mapped to its trace ingredient
    (a precious or critical metal): such factors are 10²–10⁴× the composite's. None when fine."""
    act = activity.lower()
    comp = component.lower()
    for metal in _TRACE_INGREDIENTS:
        if re.search(rf"\b{metal}\b", act) and _COMPOSITE_WORDS.search(comp) and not _COMPOSITE_WORDS.search(act):
            return (
                f"{component!r} looks like a composite but was mapped to {activity!r} (a trace ingredient); "
                f"the pure {metal} factor may overstate it by orders of magnitude"
            )
    return None


# ---------------------------------------------------------------- class-level fallbacks

_METALS = r"(aluminium|aluminum|copper|iron|steel|zinc|nickel|manganese|magnesium|silicon|chromium|tin|lead|titanium|cobalt|molybdenum|vanadium|tungsten|brass|bronze|metals?)"
_COMPOUND = re.compile(
    r"(hydroxide|oxide|carbonate|sulfate|sulphate|chloride|phosphate|nitrate|silicate|fluoride|bromide|"
    r"citrate|acetate|stearate|hydrate|trihydrate|trihydroxide|\bacid\b|\bsalt\b|\bsoda\b|lime\b|sodium|potassium|"
    r"calcium|ammonium|lithium)",
    re.I,
)
_ORGANIC_HINT = re.compile(
    r"(citric|citrus acid|ascorbic|acetic|lactic|formic|oxalic|tartaric|malic|stearic|oleic|sorbic|benzoic|"
    r"acrylate|glycol|amine|amide|ester|ether|alcohol|aldehyde|ketone|phenyl|benz|methyl|ethyl|propyl|butyl|"
    r"hydroxy|phosphine|urethane|(?<![a-z])oil|fatty|wax|ol\b|ene\b|ane\b|one\b|ate\b|diol|formaldeh|carbox|"
    r"organic|solvent|surfactant|resin|dye|pigment|ink|flavou?r|vitamin|brightener|finish|stabili[sz]er|lubricant)",
    re.I,
)
_POLYMER = re.compile(
    r"\b(poly\w*|pa ?6{1,2}|nylon|eva|pvb|pvc|pet|hdpe|ldpe|lldpe|pp|ps|abs|app|plastics?|rubber|elastomer|"
    r"acrylic polymer|granulate)\b",
    re.I,
)
_INORGANIC_ACID = re.compile(r"\b(sulfuric|sulphuric|phosphoric|hydrochloric|nitric|hydrofluoric|boric)\b", re.I)


def class_queries(name: str, *, recycled: bool = False) -> tuple[str, ...]:
    """Class-level lookup texts for a component no specific factor matched: a polymer → average plastics,
    a metal → metals, a compound → inorganic or organic chemical. Empty when the class is unclear."""
    text = name.lower()
    if _POLYMER.search(text) and not _COMPOUND.search(text):
        return ("recycled plastics", "plastics, average") if recycled else ("plastics, average",)
    if re.search(rf"\b{_METALS}\b", text) and not _COMPOUND.search(text) and not _ORGANIC_HINT.search(text):
        return ("scrap metal", "metals") if recycled else ("metals",)
    if _INORGANIC_ACID.search(text):
        return ("chemical, inorganic",)
    if _COMPOUND.search(text) and not _ORGANIC_HINT.search(text):
        return ("chemical, inorganic",)
    if _ORGANIC_HINT.search(text) or _COMPOUND.search(text):
        return ("chemical, organic",)
    return ()


# ---------------------------------------------------------------- carbonates (direct process CO2)

#: kg CO2 released per kg of carbonate when it is decomposed in a furnace or kiln (glass, ceramics, lime,
#: clinker): M(CO2) / M(carbonate) × moles of CO2 per mole, with IUPAC standard atomic weights (C 12.011,
#: O 15.999, Ca 40.078, Mg 24.305, Na 22.990, K 39.098, Ba 137.327, Sr 87.62, Li 6.94). The CO2 is
#: geogenic (fossil carbon stored in the mineral), counted with GWP 1.
CARBONATE_CO2: dict[str, tuple[str, float]] = {
    "calcium carbonate": ("CaCO3 → CaO + CO2: 44.009 / 100.086", 44.009 / 100.086),
    "dolomite": ("CaMg(CO3)2 → CaO + MgO + 2 CO2: 2 × 44.009 / 184.401", 2 * 44.009 / 184.401),
    "sodium carbonate": ("Na2CO3 + SiO2 → Na2SiO3 + CO2: 44.009 / 105.988", 44.009 / 105.988),
    "magnesium carbonate": ("MgCO3 → MgO + CO2: 44.009 / 84.313", 44.009 / 84.313),
    "potassium carbonate": ("K2CO3 + SiO2 → K2SiO3 + CO2: 44.009 / 138.204", 44.009 / 138.204),
    "barium carbonate": ("BaCO3 → BaO + CO2: 44.009 / 197.335", 44.009 / 197.335),
    "strontium carbonate": ("SrCO3 → SrO + CO2: 44.009 / 147.628", 44.009 / 147.628),
    "lithium carbonate": ("Li2CO3 → Li2O + CO2: 44.009 / 73.888", 44.009 / 73.888),
}
_CARBONATE_NAMES = (
    (re.compile(r"\b(limestone|calcium carbonate|calcite|chalk|caco3)\b", re.I), "calcium carbonate"),
    (re.compile(r"\b(dolomite|dolomitic)\b", re.I), "dolomite"),
    (re.compile(r"\b(soda ash|soda|sodium carbonate|na2co3)\b", re.I), "sodium carbonate"),
    (re.compile(r"\b(magnesite|magnesium carbonate|mgco3)\b", re.I), "magnesium carbonate"),
    (re.compile(r"\b(potassium carbonate|pearl ?ash|k2co3)\b", re.I), "potassium carbonate"),
    (re.compile(r"\b(barium carbonate|witherite|baco3)\b", re.I), "barium carbonate"),
    (re.compile(r"\b(strontium carbonate|strontianite|srco3)\b", re.I), "strontium carbonate"),
    (re.compile(r"\b(lithium carbonate|li2co3)\b", re.I), "lithium carbonate"),
)


def carbonate_of(name: str) -> str | None:
    """The carbonate a raw-material name stands for ("limestone" → "calcium carbonate"), else None."""
    if re.search(r"\b(caustic|bicarbonate|hydroxide)\b", name, re.I):
        return None
    for pattern, carbonate in _CARBONATE_NAMES:
        if pattern.search(name):
            return carbonate
    return None


# ---------------------------------------------------------------- cooked and soaked pulses

#: kg of dried pulse per kg of cooked (or soaked) pulse, from a dry-matter balance on typical moisture
#: contents: chickpeas 7.7 % water dry → 60.2 % cooked (0.43), red kidney beans 11.8 % → 66.9 % (0.37), lentils
#: 8.3 % → 69.6 % (0.33) (USDA FoodData Central, SR Legacy, mature seeds raw vs boiled without salt; **recalled**
#: values); their mean, 0.38. The solids that leach into the cooking water are neglected.
DRY_PER_COOKED_PULSE = 0.38
#: kg of water a kg of dried pulse takes up when cooked: 1 / 0.38 − 1 ≈ 1.63.
WATER_UPTAKE_PER_DRY_PULSE = 1.0 / DRY_PER_COOKED_PULSE - 1.0
_DRY_FORM = re.compile(r"\b(dried|dry|flours?|powders?|meal|flakes?|protein|starch|grits|roasted|puffed)\b", re.I)
_COOKED = re.compile(r"\b(cooked|pre-?cooked|boiled|soaked|rehydrated|hydrated|drained|steamed|blanched)\b", re.I)
_COOKED_FACTOR = re.compile(r"\b(cooked|boiled|soaked|rehydrated|drained|canned|appertized|appertised|sterili[sz]ed|"
                            r"in brine|in water|steamed)\b", re.I)


def cooked_pulse(name: str) -> bool:
    """True when a component's name says it was cooked, soaked or rehydrated ("chickpeas (cooked)")."""
    return bool(_COOKED.search(name))


def cooked_state(factor_name: str) -> bool:
    """True when a factor's name describes a cooked or canned food (its mass already includes the water)."""
    return bool(_COOKED_FACTOR.search(factor_name))


def dry_form(name: str) -> bool:
    """True when a component's name says it is a dry form (dried, flour, powder, flakes, protein, roasted …)."""
    return bool(_DRY_FORM.search(name))


_CANNED_FACTOR = re.compile(r"\b(canned|tinned|appertized|appertised|sterili[sz]ed|retorted|in brine|in syrup|"
                            r"in tomato juice|jarred)\b", re.I)


def canned_state(factor_name: str) -> bool:
    """True when a factor's name describes a food canned or sterilised in its container (its retort is inside)."""
    return bool(_CANNED_FACTOR.search(factor_name))

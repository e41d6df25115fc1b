"""Process energy defaults: electricity and fuel heat to turn the listed inputs into one kg of product.

A composition lists what goes *into* a product; the factory's own energy is missing from it. The engine
adds one electricity line (kWh per kg, at the grid intensity of the production region) and one heat line
(MJ of natural gas per kg) from the defaults below, chosen by a product class inferred from the name,
description and composition (or given by the user). Every value is an **estimate** (quality
``estimate``, wide spread in the Monte Carlo): an order-of-magnitude gate-to-gate figure for the
conversion step only, with its reasoning and the kind of public source it is consistent with in
``basis``. Users with metered data override them with a BOM energy row or ``--set``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class EnergyDefault:
    """Gate-to-gate process energy of one product class, per kg of product."""

    product_class: str
    label: str
    electricity_kwh_per_kg: float
    heat_mj_per_kg: float
    basis: str
    spread: float = 2.0


ENERGY_DEFAULTS: dict[str, EnergyDefault] = {
    d.product_class: d
    for d in (
        EnergyDefault(
            "metal_remelting", "Metal remelting and casting (ingots, billets, slabs)", 0.3, 4.0,
            "Gas-fired melting of scrap/primary metal plus holding and casting: a few GJ of fuel per tonne and a "
            "few hundred kWh of electricity (range of secondary-aluminium remelting in the EU BREF for the "
            "Non-Ferrous Metals Industries, JRC 2017). Estimate.",
        ),
        EnergyDefault(
            "metal_products", "Fabricated metal products (rolling, machining, assembly)", 1.5, 3.0,
            "Forming, machining, heat treatment and finishing of metal parts: around 1–2 kWh and a few MJ of heat "
            "per kg of product. Estimate.",
        ),
        EnergyDefault(
            "glass_melting", "Glass melting and forming from a raw-material batch", 0.4, 5.5,
            "Container-glass furnaces use roughly 4–7 GJ per tonne of glass, mostly natural gas, plus forming "
            "electricity (range of the EU BREF for the Manufacture of Glass, JRC 2013). Estimate.",
        ),
        EnergyDefault(
            "glass_products", "Glass products from bought glass (cutting, tempering, laminating)", 0.8, 2.0,
            "Cutting, bending, tempering and autoclave lamination of bought flat glass. Estimate.",
        ),
        EnergyDefault(
            "plastics_compounding", "Plastic compounding and granulating", 0.5, 0.0,
            "Twin-screw compounding and extrusion use about 0.3–0.7 kWh per kg of throughput (plastics-processing "
            "energy benchmarks, e.g. R. Kent, Energy Management in Plastics Processing, 2018). Estimate.",
        ),
        EnergyDefault(
            "plastic_conversion", "Plastic conversion (film, sheet, moulding, printing)", 0.8, 1.0,
            "Film blowing / moulding around 0.5–1 kWh per kg, plus drying heat for printing. Estimate.",
        ),
        EnergyDefault(
            "chemical_formulation", "Chemical formulation by mixing (detergents, inks, greases, coatings)", 0.1, 0.5,
            "Blending, heating and filling of bought chemicals: tenths of a kWh and under 1 MJ of heat per kg. "
            "Estimate.",
        ),
        EnergyDefault(
            "chemical_synthesis", "Chemical synthesis from precursors (reaction, separation, drying)", 1.0, 8.0,
            "Reaction, separation and drying steps of basic and fine chemicals: around 1 kWh and several MJ of "
            "steam per kg. Estimate.",
        ),
        EnergyDefault(
            "food_processing", "Food processing and preserving (cooking, canning, sterilising)", 0.15, 1.0,
            "Washing, cooking, filling and thermal sterilisation: roughly 0.1–0.2 kWh and about 1 MJ of heat per "
            "kg of product. Estimate.",
        ),
        EnergyDefault(
            "beverages", "Beverages (mixing, pasteurising, filling)", 0.1, 0.3,
            "Mixing, pasteurisation and filling of drinks: about 0.1 kWh and a few tenths of an MJ per kg. Estimate.",
        ),
        EnergyDefault(
            "textile_fibre", "Textile fibres and yarns (spinning, dyeing, finishing)", 2.5, 5.0,
            "Spinning uses a few kWh per kg of yarn; dyeing and finishing add several MJ of heat per kg. Estimate.",
        ),
        EnergyDefault(
            "general_manufacturing", "General manufacturing (class not recognised)", 0.5, 1.0,
            "Median-order default when the product class is not recognised. Estimate.",
        ),
    )
}

# Keyword → product class. Order matters: the first class whose pattern matches wins.
_CLASS_PATTERNS: tuple[tuple[str, str], ...] = (
    ("beverages", r"\b(drink|beverage|juice|soda water|lemonade|beer|wine|nectar|water bottled|mineral water)\b"),
    ("food_processing", r"\b(food|canned|can \d|tomato|beans?|peas|chickpeas?|peach|fruit|vegetable|pasta|sauce|"
                        r"meat|cheese|milk|dairy|bread|flour|sugar|chocolate|coffee|tea|olive|oil seed|cereal|rice|jam|"
                        r"conserve|pelati|syrup)\b"),
    ("textile_fibre", r"\b(yarn|fib(re|er)s?|textile|fabric|wool|cotton|staple|thread|nonwoven|denim|garment)\b"),
    ("metal_remelting", r"\b(ingots?|billets?|slabs?|castings?|cast|remelt\w*)\b"),
    ("metal_products", r"\b(aluminium|aluminum|steel|iron|copper|brass|zinc|metal|foil|hinges?|profiles?|sheet metal|"
                       r"wire|screws?|bolts?)\b"),
    ("glass_melting", r"\b(container glass|glass (jars?|bottles?|containers?)|jars?|bottles?|flint glass)\b"),
    ("glass_products", r"\b(glass|glazing|windshield|windscreen|laminated|insulating glass)\b"),
    ("plastic_conversion", r"\b(films?|sheets?|moulded|molded|bags?|pipes?|containers?|packaging|bottles?|trays?)\b"),
    ("plastics_compounding", r"\b(compounds?|granulates?|granules?|pellets?|resin|masterbatch|polymer|pa6|pa66|"
                             r"polyamide|polyolefin|polypropylene|polyethylene|pvc|pet|abs)\b"),
    ("chemical_formulation", r"\b(cleaner|detergent|soap|ink|paint|coating|grease|lubricant|adhesive|sealant|"
                             r"varnish|formulation|disinfectant|biocide|polish|wax)\b"),
    ("chemical_synthesis", r"\b(acid|hydroxide|citrate|oxide|carbonate|sulfate|sulphate|chloride|nitrate|"
                           r"chemical|synthesis|catalyst|solvent|monomer|glycol|acrylate)\b"),
)


# What the inputs of each class look like: a class named by the product is confirmed by its composition.
_CLASS_INPUTS: dict[str, str] = {
    "glass_melting": r"\b(sand|cullet|soda|limestone|dolomite|feldspar|silica)\b",
    "glass_products": r"\bglass\b",
    "metal_remelting": r"\b(aluminium|aluminum|steel|iron|copper|zinc|scrap|alloy\w*|ingots?|metal)\b",
    "metal_products": r"\b(aluminium|aluminum|steel|iron|copper|zinc|brass|metal)\b",
    "plastics_compounding": r"\b(poly\w*|pa ?6+|eva|pvb|plastics?|granulate|resin|glass fib\w*)\b",
    "plastic_conversion": r"\b(poly\w*|plastics?|pe|pp|pet|ink)\b",
    "textile_fibre": r"\b(wool|cotton|polyester|fib(re|er)|yarn)\b",
    "food_processing": _CLASS_PATTERNS[1][1],
    "beverages": r"\b(fruit|juice|concentrates?|sugar|sweeteners?)\b",
}


def _classes(text: str) -> list[str]:
    lowered = text.lower()
    return [cls for cls, pattern in _CLASS_PATTERNS if re.search(pattern, lowered)]


def _support(cls: str, components: list[tuple[str, float]]) -> float:
    pattern = _CLASS_INPUTS.get(cls)
    if not pattern:
        return 0.0
    return sum(share for name, share in components if re.search(pattern, name.lower()))


def infer_product_class(name: str, description: str | None = None,
                        components: list[tuple[str, float]] | list[str] | None = None) -> str:
    """The product class for process energy.

    The classes the product name points to (then the description's, then the components') are
    candidates; when several fit ("glass food jar"), the one whose typical inputs make up most of the
    composition wins ("sand, cullet, soda" → glass melting). ``components`` are ``(name, mass share)``
    pairs (bare names count equally). "general_manufacturing" when nothing matches.
    """
    comps = [(c, 1.0) if isinstance(c, str) else c for c in (components or [])]
    for text in (name, description or "", " ".join(c for c, _ in comps)):
        candidates = _classes(text)
        if not candidates:
            continue
        if len(candidates) > 1 and comps:
            best = max(candidates, key=lambda c: _support(c, comps))
            if _support(best, comps) >= 0.3 * sum(s for _, s in comps):
                return best
        return candidates[0]
    return "general_manufacturing"


def energy_default(product_class: str) -> EnergyDefault:
    """The default for a class; unknown classes fall back to general manufacturing."""
    return ENERGY_DEFAULTS.get(product_class, ENERGY_DEFAULTS["general_manufacturing"])


@dataclass(frozen=True)
class ContainerDefault:
    """A sales container implied by a packed food or drink's name, per kg of packed contents."""

    pattern: str
    name: str
    kg_per_kg: float
    basis: str


#: Typical container masses (estimates from common container sizes; users override with a BOM row).
CONTAINER_DEFAULTS: tuple[ContainerDefault, ...] = (
    ContainerDefault(r"\b(glass jars?|jars?|glass bottles?)\b", "glass container", 0.5,
                     "a 370–720 ml food jar or bottle weighs roughly 0.2–0.4 kg of glass"),
    ContainerDefault(r"\b(cans?|canned|tins?|tinned)\b", "steel cans", 0.12,
                     "a 400 g tinplate food can weighs roughly 45–60 g"),
    ContainerDefault(r"\b(pet bottles?|plastic bottles?)\b", "PET", 0.04,
                     "a 0.5–1.5 l PET bottle weighs roughly 20–40 g"),
    ContainerDefault(r"\b(cartons?|tetra ?pak|brick)\b", "paper and board: board", 0.03,
                     "a 1 l beverage carton weighs roughly 25–30 g"),
)


def implied_container(product_name: str, product_class: str) -> ContainerDefault | None:
    """The container a packed food or drink's name implies ("Chickpeas Can 400g" → steel can), else None.
    Only for food and beverage classes: for other products a jar or can is the product itself."""
    if product_class not in ("food_processing", "beverages"):
        return None
    lowered = product_name.lower()
    for c in CONTAINER_DEFAULTS:
        if re.search(c.pattern, lowered):
            return c
    return None

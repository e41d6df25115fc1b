"""Textile conversion stages: from polymer or fibre to yarn, fabric and a made-up article.

A textile composition names fibres ("cotton: 100%"), but a T-shirt is fibre that was spun, knitted, dyed
and sewn, with material lost at every stage. A practitioner adds the stages between what the input's
factor covers and what the product is:

    polymer (0) → fibre (1) → yarn (2) → greige fabric (3) → finished fabric (4) → made-up article (5)

Each stage has a default per kg of **its output** — electricity (kWh, at the production region's grid),
heat (MJ of natural gas burnt) and the input needed per kg of output (yield losses, ≥ 1) — with the public
source it is consistent with. The values are the ones openpcf's literature recipes already use
(``openpcf-estimate:textile:*`` in ``data/factors/literature.csv``), so a product built from fibre and a
product built from a recipe fabric get the same stage figures. Every value is an **estimate** (``recalled``
where the source was not read again): users with metered data override it with a BOM energy row.

Pure functions; the engine (:mod:`openpcf.engine.estimation`) turns a chain into trace lines.
"""

from __future__ import annotations

import re
from math import prod

from openpcf.engine.process_energy import EnergyDefault

POLYMER, FIBRE, YARN, GREIGE, FABRIC, MADE_UP = range(6)
LEVEL_NAMES = ("polymer", "fibre", "yarn", "greige fabric", "finished fabric", "made-up article")


def _stage(key: str, label: str, input_level: int, output_level: int, electricity_kwh_per_kg: float,
           heat_mj_per_kg: float, input_per_output: float, basis: str) -> EnergyDefault:
    """One conversion stage: the engine's one energy-and-yield record, per kg of the stage's output."""
    return EnergyDefault(key, label, electricity_kwh_per_kg, heat_mj_per_kg, basis, input_per_output=input_per_output,
                         input_level=input_level, output_level=output_level)


STAGES: dict[str, EnergyDefault] = {
    s.key: s
    for s in (
        _stage(
            "melt_spinning", "melt spinning and texturising", POLYMER, YARN, 4.0, 0.0, 1.03,
            "Melt spinning, drawing and air-jet or false-twist texturising of polyester or polyamide filament: "
            "about 4 kWh per kg of textured yarn, about 3% waste (van der Velden, Patel & Vogtländer 2014, Int J "
            "LCA 19: 331-356, energy per stage vs yarn count; recalled; as in the recipe "
            "openpcf-estimate:textile:polyester-filament-yarn). Estimate.",
        ),
        _stage(
            "spinning", "spinning (staple fibre to yarn)", FIBRE, YARN, 3.5, 0.0, 1.136,
            "Opening, carding, drawing and ring spinning of medium counts: about 3.5 kWh per kg of yarn; about "
            "12% of the fibre is lost as comber noils and waste, i.e. 1.136 kg fibre per kg yarn (van der Velden "
            "et al. 2014; recalled; as in the recipe openpcf-estimate:textile:cotton-yarn). Fine counts need "
            "more. Estimate.",
        ),
        _stage(
            "weaving", "weaving (incl. warping and sizing)", YARN, GREIGE, 2.5, 0.0, 1.05,
            "Warping, sizing and weaving: about 2.5 kWh per kg of greige fabric, about 5% yarn waste (van der "
            "Velden et al. 2014; recalled; as in openpcf-estimate:textile:cotton-fabric-woven). Estimate.",
        ),
        _stage(
            "knitting", "knitting", YARN, GREIGE, 1.0, 0.0, 1.03,
            "Circular or flat knitting: about 1 kWh per kg of greige fabric, about 3% yarn waste (van der Velden "
            "et al. 2014; recalled; as in openpcf-estimate:textile:cotton-fabric-knitted). Estimate.",
        ),
        _stage(
            "wet_processing", "wet processing (pretreatment, dyeing, finishing)", GREIGE, FABRIC, 1.5, 15.0, 1.03,
            "Scouring, bleaching, dyeing, drying and finishing: about 10-20 MJ of heat (steam, stenters) and "
            "about 1.5 kWh per kg of finished fabric, about 3% weight loss (specific energy of finishing mills in "
            "the EU JRC BREF for the Textiles Industry, 2003, revised 2023; recalled; as in "
            "openpcf-estimate:textile:dyeing-finishing). Dyes and auxiliary chemicals are not included. Estimate.",
        ),
        _stage(
            "coarse_spinning", "spinning of coarse bast fibre (jute, kenaf, sisal) to yarn", FIBRE, YARN, 0.9, 0.0, 1.05,
            "Batching (softening with batching oil and water), breaker and finisher carding, drawing and flyer or "
            "apron-draft spinning of coarse yarn (hessian and sacking yarns of roughly 250-350 tex, about ten times "
            "the linear density of medium cotton counts): about 0.9 kWh per kg of yarn, about 5% waste. Engineering "
            "estimate: ring-spinning energy per kg falls steeply with the yarn's linear density (van der Velden, "
            "Patel & Vogtländer 2014, Int J LCA 19: 331-356, energy per stage vs yarn count; recalled), and "
            "jute mills report of the order of 1-2 kWh of electricity per kg of finished jute goods for all "
            "departments together (order of magnitude, recalled). Estimate.",
        ),
        _stage(
            "coarse_weaving", "weaving of coarse bast-fibre yarn (hessian, sacking looms)", YARN, GREIGE, 0.6, 0.0, 1.03,
            "Winding, beaming and weaving of coarse yarn on hessian or sacking looms: about 0.6 kWh per kg of "
            "cloth, about 3% waste (a heavy yarn gives many kg of cloth per loom-hour; same scaling and order "
            "of magnitude as the coarse spinning stage; recalled). Estimate.",
        ),
        _stage(
            "making_up", "making-up (cutting, sewing, pressing)", FABRIC, MADE_UP, 1.0, 0.0, 1.176,
            "Cutting, sewing, pressing and packing: about 1 kWh per kg of article; cutting-room losses of "
            "roughly 10-20% of the fabric (15% used: 1.176 kg fabric per kg article) (order of magnitude used "
            "in apparel LCAs, e.g. Quantis, Measuring Fashion, 2018, methodology; recalled). Estimate.",
        ),
    )
}

_MADE_UP = re.compile(
    r"\b(garments?|apparel|clothing|clothes|t-?shirts?|shirts?|blouses?|dress(es)?|trousers|pants|jeans|jackets?|"
    r"coats?|sweaters?|jumpers?|pullovers?|cardigans?|hoodies?|sweatshirts?|socks|leggings|underwear|skirts?|shorts|"
    r"polo|uniforms?|scarf|scarves|towels?|bed ?linen|bedsheets?|pillowcases?|duvet covers?|curtains?|tote bags?)\b",
    re.I,
)
#: Greige (loom-state) fabric, also the coarse bast-fibre cloths sold loom-state, neither dyed nor finished
#: (hessian, burlap, sacking, gunny cloth): no wet-processing stage.
_GREIGE = re.compile(r"\b(greige|grey fabric|gray fabric|loom-?state|undyed|unfinished fabric|hessian|burlap|"
                     r"sacking|gunny( cloth)?)\b", re.I)
#: Coarse bast and leaf fibres spun into heavy yarn on jute-system machinery (not flax or hemp line fibre,
#: which is wet-spun to fine linen counts): the coarse spinning and weaving stages.
_COARSE_FIBRE = re.compile(r"\b(jute|kenaf|mesta|roselle fib(re|er)|sisal|henequen|coir|abaca|hessian|burlap|"
                           r"sacking|gunny)\b", re.IGNORECASE)


def coarse_bast_fibre(*names: str | None) -> bool:
    """True when an input's name (or its factor's) names a coarse bast or leaf fibre spun on jute-system
    machinery (jute, kenaf, sisal, coir, abaca) or a cloth woven from it (hessian, burlap, sacking)."""
    return any(n and _COARSE_FIBRE.search(n) for n in names)
_FABRIC = re.compile(r"\b(fabrics?|cloth|textiles?|jersey|denim|twill|canvas|poplin|knitted|woven|knit)\b", re.I)
_YARN = re.compile(r"\b(yarns?|threads?|filaments?)\b", re.I)
_FIBRE = re.compile(
    r"\b(fib(re|er)s?|lint|staple|tow|wool|cotton|silk|flax|linen|hemp|jute|ramie|viscose|rayon|lyocell|modal|"
    r"cupro|cashmere|alpaca|mohair|kapok|coir)\b", re.I)
_POLYMER = re.compile(
    r"\b(polyester|pet|pes|polyethylene terephthalate|polyamide|nylon|pa ?6+|acrylic|polyacrylonitrile|pan|"
    r"polypropylene|pp|elastane|spandex|lycra|elastomeric|polyurethane|plastics?)\b", re.I)
#: Parts of an article that are not textile material, whatever they are made of ("polyester buttons").
_TRIMS = re.compile(
    r"\b(buttons?|zips?|zippers?|rivets?|snaps?|press studs?|buckles?|labels?|tags?|hangers?|eyelets?|hooks?|"
    r"poppers?|toggles?|beads?|sequins?|packaging|polybags?)\b", re.I)
_NONWOVEN = re.compile(r"\bnon-?wovens?\b", re.I)
_KNIT = re.compile(
    r"\b(knit\w*|jersey|interlock|rib|fleece|t-?shirts?|polo|sweaters?|jumpers?|pullovers?|cardigans?|hoodies?|"
    r"sweatshirts?|socks|hosiery|leggings|underwear|tights)\b", re.I)


def product_level(name: str, description: str | None = None) -> int | None:
    """The fabrication level a textile product's name (else its description) names, or None.

    A made-up article (garment, towel …) is 5, a fabric 4 (3 when greige/undyed), a yarn 2, a fibre 1.
    Nonwovens are None: they skip spinning and weaving, and keep the flat class default.
    """
    for text in (name, description or ""):
        if _NONWOVEN.search(text):
            return None
        if _MADE_UP.search(text):
            return MADE_UP
        level = _fabric_or_yarn(text)
        if level is not None:
            return level
        if re.search(r"\b(fib(re|er)s?|staple|lint|tow)\b", text, re.I):
            return FIBRE
    return None


def _fabric_or_yarn(text: str) -> int | None:
    """Greige fabric 3, fabric 4 or yarn 2 when the text names one, else None."""
    if _GREIGE.search(text):
        return GREIGE
    if _FABRIC.search(text):
        return FABRIC
    if _YARN.search(text):
        return YARN
    return None


def text_level(text: str) -> int | None:
    """The level one name stands for (a factor's or an input's): fabric 4 (greige 3), yarn 2, fibre 1,
    synthetic polymer 0; None when the name is not a textile material."""
    level = _fabric_or_yarn(text)
    if level is not None:
        return level
    if _FIBRE.search(text):
        return FIBRE
    if _POLYMER.search(text):
        return POLYMER
    return None


def input_level(input_name: str, factor_name: str | None) -> int | None:
    """What an input's factor covers: the level named by the factor's name, else by the input's name.
    None for an input that is not a textile material (a button or a zip, whatever its material; packaging)."""
    own = None if _TRIMS.search(input_name) else text_level(input_name)
    if own is None:
        return None
    if factor_name:
        covered = text_level(factor_name)
        if covered is not None:
            return covered
    return own


def fabric_route(name: str, description: str | None = None) -> str:
    """"knitting" when the name or description says knitted (or names a knitted article), else "weaving"."""
    return "knitting" if _KNIT.search(f"{name} {description or ''}") else "weaving"


def stage_chain(from_level: int, to_level: int, route: str = "weaving", coarse: bool = False) -> list[EnergyDefault]:
    """The stages that take an input covered up to ``from_level`` to ``to_level``, in order.

    ``coarse`` (a jute, kenaf or sisal input: :func:`coarse_bast_fibre`) spins and weaves on jute-system
    machinery (the ``coarse_spinning`` and ``coarse_weaving`` stages) instead of cotton-system ring spinning.

    A polymer is melt-spun straight to yarn; a fibre is spun. Nothing is added when the input already
    reaches the product's level. A fibre product made from a polymer has no stage here (staple-fibre
    spinning of a polymer is not tabulated): the caller keeps the flat default for it.
    """
    chain: list[EnergyDefault] = []
    level = from_level
    while level < to_level:
        if level == POLYMER:
            stage = STAGES["melt_spinning"]
        elif level == FIBRE:
            stage = STAGES["coarse_spinning" if coarse else "spinning"]
        elif level == YARN:
            stage = STAGES["coarse_weaving" if coarse and route == "weaving" else route]
        elif level == GREIGE:
            stage = STAGES["wet_processing"]
        else:
            stage = STAGES["making_up"]
        out = output_level(stage)
        if out > to_level:
            return chain
        chain.append(stage)
        level = out
    return chain


def output_level(stage: EnergyDefault) -> int:
    """The fabrication level a textile stage delivers (every stage of :data:`STAGES` states one)."""
    if stage.output_level is None:
        raise ValueError(f"stage {stage.key!r} states no output level")
    return stage.output_level


def input_per_product(chain: list[EnergyDefault]) -> float:
    """kg of the input per kg of product through the chain (the product of the stage yields, ≥ 1)."""
    return prod(s.input_per_output for s in chain)


def stage_outputs(chain: list[EnergyDefault], product_kg: float) -> list[tuple[EnergyDefault, float]]:
    """(stage, kg of that stage's output) for ``product_kg`` of product: a stage's output is the input of
    the later stages, so it is the product mass times the yields of the stages after it."""
    out: list[tuple[EnergyDefault, float]] = []
    for i, stage in enumerate(chain):
        out.append((stage, product_kg * prod(s.input_per_output for s in chain[i + 1:])))
    return out

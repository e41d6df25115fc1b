"""Offline EPD estimation (PCFBench task 7): kg CO2e per declared unit from the context of a setting.

Everything goes through the compositional engine (:func:`openpcf.engine.estimate`), so every number
has a trace. What the engine is given depends on what the setting shows:

- ``epd_with_composition`` / ``epd_with_region`` with a composition: the declared composition (and
  recycled content, and the region for the grid) as it is;
- otherwise (``epd_with_description``, ``epd_name_only``, or a row without composition): a bill of
  materials derived from the text by the offline decomposition solver
  (:func:`openpcf.systems.offline.decomposition.bill_of_materials` — materials named in the name and
  description plus the typical bill of materials of the product family its cue words point to),
  turned into mass shares;
- when the engine cannot estimate the product at all (no material it can resolve), the prior of the
  product category: see :data:`CATEGORY_PRIORS` (recorded in the trace as a prior, never silently).
"""

from __future__ import annotations

import re
from typing import Any

from openpcf.pcfbench.data import EPD_SETTINGS, EpdInput, EpdRow, epd_input_for_setting
from openpcf.systems.offline.declared_unit_mass import widen_for_assumed_mass, widen_for_generic_family
from openpcf.systems.protocol import SolverResult

#: Prior in kg CO2e per kg of material by PCFBench (environdec) product category, used for the mass
#: of materials the engine finds no factor for (and for the whole product when the engine cannot run).
#: Hand-set round numbers — an LCA practitioner's order-of-magnitude expectation for the bulk
#: materials of each category (food ingredients ~1–3, commodity chemicals and polymers ~2–3, metals
#: and mineral products a few, textiles higher) — not fitted to PCFBench items; a documented guess,
#: recorded in the trace as a prior whenever it is used.
CATEGORY_PRIORS: dict[str, float] = {
    "Food & beverages": 2.0,
    "Chemical products": 2.5,
    "Paper and plastic products": 2.5,
    "Metal, mineral, plastic & glass products": 3.0,
    "Construction products": 1.0,
    "Textiles, footwear & apparel": 8.0,
    "Machinery & equipment": 5.0,
    "Electronics & electrical": 20.0,
}
DEFAULT_PRIOR = 2.5


def composition_from_components(components: list[tuple[str, float]], packs: frozenset[str] = frozenset()) -> str:
    """``[("steel", 0.6), ("zinc", 0.2)]`` → ``"steel: 75.0%; zinc: 25.0%"`` (shares normalised to 100%).
    Components named in ``packs`` are the sales pack: the product's other shares are normalised to 100 % and a
    pack keeps its kg per kg of product on top (``[("water", 1.0), ("PET (packaging)", 0.03)]`` → water 100 %,
    packaging 3 %)."""
    positive = [(n, s) for n, s in components if s > 0]
    total = sum(s for n, s in positive if n not in packs) or sum(s for _, s in positive)
    if total <= 0:
        return "; ".join(f"{n}: {100 / len(components):.1f}%" for n, _ in components) if components else ""
    return "; ".join(f"{component_label(n)}: {100 * s / total:.2f}%" for n, s in positive)


def component_label(name: str) -> str:
    """A component name safe inside a composition string: no separators, no trailing number that the
    composition parser would read as an amount ("GATE LATCH BRACKET 240" → "GATE LATCH BRACKET")."""
    cleaned = re.sub(r"[;:%]", " ", name)
    cleaned = re.sub(r"(?:\s+[\d.,]+)+\s*$", "", cleaned).strip()
    return cleaned or "product"


def pack_label(material: str) -> str:
    """``"glass"`` → ``"glass (packaging)"``: a component name the engine reads with the role packaging and looks
    up as its material (the material first: "packaging (glass)" would be looked up as packaging in general)."""
    return f"{component_label(material)} (packaging)"


def derived_composition(
    name: str, description: str | None, mass_kg: float | None = None
) -> tuple[str, dict[str, Any]]:
    """A composition string derived from the product text by the offline decomposition solver.

    When the product's family names a commodity to estimate it as (``estimate_as``, e.g. primary aluminium)
    and the text writes no share, the composition is that commodity alone. When the product's family is a yield recipe (kg of input per kg of product, e.g. milk per kg of
    cheese) and the mass of one declared unit ``mass_kg`` is known, the components are written as
    amounts in kg per declared unit (share x mass) instead of shares normalised to 100 %."""
    from openpcf.systems.offline.decomposition import bill_of_materials

    components, trace = bill_of_materials(name, description)
    commodity = trace.get("estimate_as")
    if commodity and not any(
        m.get("share") is not None and m.get("material") not in (commodity, trace.get("estimate_as_material"))
        for m in trace.get("mentions", [])
    ):
        # priced by its own cradle-to-gate route; a share written in the text for another input ("25 %
        # solution", "copper scrap 60 %") keeps the BOM, the product's own grade ("sulfuric acid 98 %") does not
        return f"{component_label(commodity)}: 100%", {**trace, "estimated_as": commodity}
    named = named_commodity(name, description, trace)
    if named is not None:
        # the name is a basic chemical or polymer with a cradle-to-gate factor of its own: that factor
        # already holds its precursors and process energy, which the family's precursor route leaves out
        return f"{component_label(named)}: 100%", {**trace, "estimated_as": named,
                                                   "estimated_as_rule": "commodity named by the product name"}
    packs = set(trace.get("pack_components") or ())
    # family pricing names (wood chips → wood residues); a pack component as a pack name the engine reads as
    # packaging ("glass (packaging)"): on top of the product, and no implied container added again
    species = {c.name: named_species(c.name, trace) for c in components if c.name in _SPECIES_CLASSES}
    species = {k: v for k, v in species.items() if v}
    priced = [(pack_label(c.priced_as or c.name) if c.name in packs
               else c.priced_as or species.get(c.name) or c.name, c.share) for c in components]
    if species:
        trace = {**trace, "priced_as_species": species}
    if trace.get("yield_recipe") and mass_kg:
        return composition_in_amounts([(n, s * mass_kg) for n, s in priced]), trace
    return composition_from_components(priced, frozenset(pack_label(c.priced_as or c.name) for c in components
                                                         if c.name in packs)), trace


#: Words a commodity's name may carry beside the substance without naming another product: the form it is
#: sold in and its grade ("Polycarbonate granulate", "Isopropyl alcohol, anhydrous", "DAP fertiliser").
_COMMODITY_FORM_WORDS = frozenset("""
    granulate granulates granules granule pellets pellet resin resins powder flakes flake chips prills prilled
    crystals crystalline liquid liquefied gas gaseous bulk grade grades technical industrial general purpose
    general-purpose commodity virgin anhydrous pure fertiliser fertilizer emulsion polymer monomer homopolymer
    copolymer and the
""".split())
#: Text that makes the product something else than the commodity's factor: a solution or concentrate ("360 g/l"),
#: a recycled or bio-based route, a compound or blend, a formulation.
_NOT_THE_COMMODITY = re.compile(
    r"\d\s*g\s*/\s*l\b|\b(?:concentrate|solution|aqueous|diluted?|recycled|post-consumer|reclaimed|regrind|"
    r"bio-based|biobased|compound(?:ed)?|blend|masterbatch|reinforced|filled|formulation|mixture|based)\b",
    re.IGNORECASE)
_COMMODITY_MATERIAL_FAMILIES = frozenset({"chemical", "polymer"})


def named_commodity(name: str, description: str | None, trace: dict[str, Any]) -> str | None:
    """The basic chemical or polymer a product name consists of, when the open factor library holds a
    cradle-to-gate factor of its own for it (kg CO2e per kg), else None.

    The name's first clause, without brackets ("Isopropyl alcohol (IPA), anhydrous" → "Isopropyl alcohol"),
    must be one material of the chemical or polymer kind plus only form and grade words ("granulate",
    "resin", "fertiliser"; :data:`_COMMODITY_FORM_WORDS`); the text must not make it another product (a
    solution, a recycled route, a compound; :data:`_NOT_THE_COMMODITY`) and must write no share for an
    input (a purity such as "99.8 %" is the product's grade). The name as written is priced ("Diammonium
    phosphate", not the vocabulary's class "ammonium phosphate"; "Butyl acrylate" is not priced as the
    class's acrylic acid): when the library does not know the written name, the rule does not apply. Such a commodity's own factor (an LCA database process or a literature value) already holds its
    precursors and its process energy, which a precursor route priced one by one leaves out."""
    from openpcf.factors import resolve
    from openpcf.systems.offline.decomposition_knowledge import materials

    core = re.sub(r"\([^)]*\)", " ", name).split(",")[0].strip()
    if not core or _NOT_THE_COMMODITY.search(name) or _NOT_THE_COMMODITY.search(description or ""):
        return None
    mentions = trace.get("mentions") or []
    if any(m.get("share") is not None for m in mentions):
        return None
    in_core = [m for m in mentions if m.get("in_name") and m.get("text")
               and not set(m["text"].lower().split()) <= _COMMODITY_FORM_WORDS  # "fertiliser" is a form here
               and re.search(rf"(?<!\w){re.escape(m['text'])}(?!\w)", core, re.IGNORECASE)]
    kinds = {m["material"] for m in in_core}
    if len(kinds) != 1 or len({m["text"].lower() for m in in_core}) != 1:
        # two words of one class ("Glyphosate herbicide": the substance and the product type) name a product
        # made of the substance, not the substance
        return None
    material = kinds.pop()
    family = {m.name: m.family for m in materials()}.get(material)
    if family not in _COMMODITY_MATERIAL_FAMILIES:
        return None
    rest = core
    for m in sorted(in_core, key=lambda m: -len(m["text"])):
        rest = re.sub(rf"(?<!\w){re.escape(m['text'])}(?!\w)", " ", rest, flags=re.IGNORECASE)
    if any(w.lower() not in _COMMODITY_FORM_WORDS for w in re.findall(r"[^\W\d_][\w-]*", rest)):
        return None
    written = in_core[0]["text"]  # one text (checked above); an acronym keeps its case ("ABS", "PET resin")
    written = written if any(len(w) > 1 and w.isupper() for w in written.split()) else written.lower()
    match = resolve(written, "kg")
    if (match is not None and match.method in ("exact", "alias") and match.confidence == "high"
            and not match.factor.id.startswith("openpcf:proxy")):
        return written
    return None


#: Vocabulary materials that are a class of species ("salmon", "hake", "prawns" are all "fish" or "seafood"),
#: whose footprints differ several-fold between species (farmed crustaceans several times a pelagic fish).
_SPECIES_CLASSES = frozenset({"fish", "seafood"})


def named_species(material: str, trace: dict[str, Any]) -> str | None:
    """The species the product name writes for a class material (``"fish"`` named as "salmon"), when the open
    factor library holds a factor of that species at high confidence whose own name says the species; else
    None (the class material is priced as it is). A farmed crustacean is not a fish spread; a family whose
    main component is "fish" takes the seafood species written in the name too."""
    from openpcf.factors import resolve

    for m in trace.get("mentions") or []:
        written = (m.get("text") or "").lower()
        if not m.get("in_name") or m.get("material") not in _SPECIES_CLASSES or written in _SPECIES_CLASSES:
            continue
        match = resolve(written, "kg")
        if (match is not None and match.confidence == "high" and not match.factor.id.startswith("openpcf:proxy")
                and written[:5] in match.factor.name.lower()):
            return written
    return None


def typical_declared_mass(trace: dict[str, Any], declared_unit: str | None) -> float | None:
    """kg of one declared unit from the product family's typical mass per unit (``typical_mass_kg`` in the
    decomposition trace): ``"1 m3"`` of ready-mixed concrete → 2400. None for a mass unit, a unit the family
    gives no typical mass for, or a declared unit that cannot be read."""
    from openpcf.engine.estimation import EstimateError, parse_declared_unit

    try:
        unit = parse_declared_unit(declared_unit)
    except (EstimateError, ValueError):
        return None
    per_unit = (trace.get("typical_mass_kg") or {}).get(unit.unit)
    return unit.amount * per_unit if per_unit and unit.unit_mass_kg() is None else None


def derived_product(product: Any) -> tuple[Any, dict[str, Any], Any]:
    """The product spec with a composition derived from its text (offline decomposition) and, when its
    declared unit is not a mass and no mass is given, the mass of one unit read from the text or assumed
    from the product kind or family (:func:`openpcf.systems.offline.declared_unit_mass.assumed_unit_mass`).
    Returns ``(spec, derivation trace, AssumedUnitMass or None)``; the derivation records
    ``assumed_declared_mass_kg`` and ``assumed_declared_mass`` (source, basis, spread) when a mass was assumed."""
    from openpcf.systems.offline.declared_unit_mass import assumed_unit_mass

    mass = declared_mass_kg(product.declared_unit) or product.declared_mass_kg
    composition, derivation = derived_composition(product.name, product.description, mass)
    product = product.model_copy(update={"composition": composition})
    assumed = None if mass else assumed_unit_mass(product.name, product.description, product.declared_unit,
                                                  derivation)
    if assumed is not None:  # "1 m3" / "1 item" with no mass given: read or assumed, flagged in the trace
        product = product.model_copy(update={"declared_mass_kg": assumed.kg})
        derivation = {**derivation, "assumed_declared_mass_kg": assumed.kg,
                      "assumed_declared_mass": assumed.as_trace()}
        if derivation.get("yield_recipe"):
            composition, _ = derived_composition(product.name, product.description, assumed.kg)
            product = product.model_copy(update={"composition": composition})
    return product, derivation, assumed


def flag_defaults(trace: Any, derivation: dict[str, Any] | None, assumed: Any = None) -> Any:
    """The engine trace of a description-only estimate with its defaults flagged and carried into the
    interval: an assumed mass of one declared unit and a bill of materials from a generic fallback family.
    ``derivation`` is the trace of :func:`derived_composition` (None: a declared composition, nothing to flag)."""
    if assumed is not None:
        trace = widen_for_assumed_mass(trace, assumed)
    if derivation and derivation.get("generic_family") and not derivation.get("estimated_as"):
        trace = widen_for_generic_family(trace, derivation["family"])
    return trace


def composition_in_amounts(components: list[tuple[str, float]]) -> str:
    """``[("milk", 9.0), ("salt", 0.02)]`` → ``"milk: 9 kg; salt: 0.02 kg"`` (kg per declared unit)."""
    return "; ".join(f"{component_label(n)}: {a:.4g} kg" for n, a in components if a > 0)


def estimate_from_context(
    context: dict[str, Any], *, category: str | None = None, runs: int = 0
) -> tuple[float | None, dict[str, Any]]:
    """kg CO2e per declared unit of an EPD context (the fields a setting shows) and the trace
    (``engine_trace`` holds the engine's full trace when the engine produced the number)."""
    from openpcf.engine import estimate, product_from_epd_input
    from openpcf.engine.estimation import EstimateError

    product = product_from_epd_input(context, category=category)
    basis = "declared composition"
    derivation: dict[str, Any] | None = None
    assumed = None
    if not (product.composition or "").strip():
        product, derivation, assumed = derived_product(product)
        basis = "bill of materials derived from the name" + (
            " and description" if product.description else ""
        )
    try:
        trace = estimate(product, runs=max(runs, 10))
    except (EstimateError, ValueError) as exc:
        mass = declared_mass_kg(product.declared_unit)
        if mass is None:
            # A prior per kg says nothing about one m2 or one piece: no number rather than a wrong one.
            return None, {"rationale": f"the engine could not estimate the product ({exc}); no category prior "
                          f"for a declared unit without a mass ({product.declared_unit!r})", "basis": "none",
                          "derived_bom": derivation}  # fmt: skip
        prior = CATEGORY_PRIORS.get(category or "", DEFAULT_PRIOR) * mass
        return prior, {
            "rationale": f"the engine could not estimate the product ({exc}); category prior {prior} kg CO2e/kg "
            f"for '{category or 'unknown category'}'",
            "basis": "category prior",
            "derived_bom": derivation,
        }
    trace = flag_defaults(trace, derivation, assumed)
    kg = trace.result.kgco2e if trace.result else None
    prior_part = unresolved_prior(trace, category)
    if prior_part is not None and kg is not None:
        kg += prior_part["kgco2e"]
    top = sorted(
        ((x.name, x.kgco2e) for x in trace.all_lines() if x.kgco2e),
        key=lambda t: -abs(t[1] or 0.0),
    )[:3]
    return kg, {
        "rationale": f"engine estimate from the {basis}; largest contributions: "
        + ", ".join(f"{n} {v:.3g}" for n, v in top),
        "basis": basis,
        "derived_bom": derivation,
        "unresolved_prior": prior_part,
        "engine_trace": trace.model_dump(mode="json", exclude_none=True),
    }


def declared_mass_kg(declared_unit: str | None) -> float | None:
    """kg in one declared unit given in mass ("1000 kg" → 1000, "t" → 1000); None when the text cannot be
    read or is not a mass ("1 m2", "bananas") — the caller decides, nothing is assumed."""
    from openpcf.engine.estimation import parse_declared_unit

    try:
        return parse_declared_unit(declared_unit).unit_mass_kg()
    except ValueError:
        return None


def declared_in_mass(declared_unit: str | None) -> bool:
    """True for "kilogram", "1 kg", "1000 kg", "t" …: a declared unit the per-kg priors apply to."""
    return declared_mass_kg(declared_unit) is not None


def unresolved_prior(trace: Any, category: str | None) -> dict[str, Any] | None:
    """The category prior applied to the mass of material leaves that got no emission factor.

    Without it an unresolved material contributes nothing and the total silently shrinks to the
    resolved part (often process energy only). Returns ``{"kg", "kgco2e", "factor", "lines"}`` or None.
    """
    lines = [
        x
        for x in trace.inputs
        if x.kind == "material"
        and not x.children
        and x.factor is None
        and x.rate.unit == "kg"
        and x.rate.value > 0
    ]
    if not lines:
        return None
    factor = CATEGORY_PRIORS.get(category or "", DEFAULT_PRIOR)
    kg = sum(x.rate.value for x in lines)
    return {
        "kg": round(kg, 6),
        "kgco2e": round(kg * factor, 6),
        "factor": factor,
        "basis": f"category prior {factor} kg CO2e/kg for '{category or 'unknown category'}' (hand-set, see CATEGORY_PRIORS)",
        "lines": [x.name for x in lines],
    }


class OfflineEpdSolver:
    """Task 7 solver for one context setting (``--model offline --setting …``)."""

    def __init__(self, setting: str = "epd_with_description", *, runs: int = 0):
        if setting not in EPD_SETTINGS:
            raise ValueError(f"unknown epd setting {setting!r}; use one of {', '.join(EPD_SETTINGS)}")
        self.setting = setting
        self.runs = runs
        self.name = "offline"

    async def solve(self, row: EpdRow | dict[str, Any]) -> SolverResult:
        typed = row if isinstance(row, EpdRow) else EpdRow.model_validate(row)
        inp: EpdInput = typed.input
        context = epd_input_for_setting(inp, self.setting)  # type: ignore[arg-type]
        kg, trace = estimate_from_context(context, category=typed.category, runs=self.runs)
        trace = {"setting": self.setting, **trace}
        if kg is None or not kg > 0:
            return SolverResult(error="the engine produced no positive total", trace=trace)
        return SolverResult(output={"kgco2e": round(float(kg), 6)}, trace=trace)

"""``estimate(product) -> Trace``: the compositional PCF, assembled step by step into a trace.

1. Bill of materials: the user's BOM, or the parsed composition (shares → kg per declared unit; a sum
   above 100% is scaled down, below 100% gets an explicit "unspecified remainder" line; packaging listed
   on top of the product is kept on top), or — with a model — one proposed by the LLM.
2. For every leaf: an activity and an emission factor (:mod:`openpcf.engine.activity_mapping`), then a
   class-level factor when no specific one matched, then the class factor of the input's own material class,
   flagged as a proxy (remainders and inputs of no known class get none and are counted as missing). Water inside a component's
   mass (a solution's, a cooked pulse's) is split off to a water line of its own.
3. Process energy from the documented default of the product class (:mod:`openpcf.engine.process_energy`)
   at the grid intensity of the region and with the class's fuel in the region — for textiles stage by
   stage (:mod:`openpcf.engine.textile_stages`)
   — plus direct CO2 from carbonates decomposed in a furnace or kiln (glass, ceramics, lime, clinker),
   with the batch scaled to the product's mass after that CO2 has left it.
4. Contributions and total (:mod:`openpcf.engine.aggregation`), checks, seeded Monte Carlo.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

from openpcf import units
from openpcf.engine.activity_mapping import (
    acceptable,
    choose_factor,
    looks_recycled,
    made_from_recovered_feed,
    provenance,
)
from openpcf.engine.aggregation import declared_mass_kg, summarise, summarise_in_place, with_uncertainty
from openpcf.engine.checks import structural_checks
from openpcf.engine.collector import collector_paused
from openpcf.engine.composition import (
    ComponentAmount,
    CompositionError,
    bom_tree_problem,
    declared_mass_from_masses,
    parse_composition,
    share_divisor,
)
from openpcf.engine.extract_yield import extract_yield, factor_is_extract
from openpcf.engine.finite_results import require_finite
from openpcf.engine.material_names import (
    CARBONATE_CO2,
    DRY_PER_COOKED_PULSE,
    WATER_UPTAKE_PER_DRY_PULSE,
    canned_state,
    carbonate_of,
    class_queries,
    surface_substrate,
    cooked_pulse,
    cooked_state,
    dry_form,
    MaterialReading,
    factor_per_solution,
    interpret,
)
from openpcf.engine.process_energy import (
    FOOTWEAR_CUTTING_WASTE,
    GREENHOUSE_HEATING,
    METAL_PARTS_SCRAP,
    SOLID_WOOD_ROUGH_MILLING,
    EnergyDefault,
    conversion_covered,
    cut_from_sheet,
    energy_default,
    formed_product_in_factor,
    fuel_in,
    heated_greenhouse,
    implied_container,
    infer_product_class,
    is_fabricated_metal_part,
    is_solid_wood,
    machine_product,
    process_fuel,
    solid_wood_article,
)
from openpcf.engine.product import BomEntry, ProductSpec, counted_unit
from openpcf.engine.textile_stages import (
    LEVEL_NAMES,
    MADE_UP,
    coarse_bast_fibre,
    fabric_route,
    input_level,
    input_per_product,
    output_level,
    product_level,
    stage_chain,
    stage_outputs,
    text_level,
)
from openpcf.engine.trace import (
    Activity,
    Check,
    DeclaredUnit,
    FactorProvenance,
    InputLine,
    LineBoundary,
    ProductInfo,
    Rate,
    RateOrigin,
    Trace,
    Versions,
)
from openpcf.engine.uncertainty import DEFAULT_RUNS, RATE_SPREAD, monte_carlo
from openpcf.factors.name_reading import concept_table, read_name, words_beyond
from openpcf.factors.record import FactorMatch, FactorQuery
from openpcf.factors.resolver import FactorResolver
from openpcf.factors.solution_strength import is_restated
from openpcf.vocabulary.geography import Region, parse_region
from openpcf.vocabulary.names import lemma_words

COMPOSITION_SUM_TOLERANCE = 0.01  # |Σ shares − 1| up to 1 point is rounding


class EstimateError(ValueError):
    """The product cannot be estimated as given; the message says what to add or fix."""


# ---------------------------------------------------------------- declared unit


def parse_declared_unit(text: str | None, mass_kg: float | None = None) -> DeclaredUnit:
    """``"1 kg"``, ``"kilogram"``, ``"1000 kg"``, ``"1 m2"`` → :class:`DeclaredUnit` (unknown unit → error)."""
    raw = (text or "1 kg").strip()
    m = re.fullmatch(r"([-+]?\d*\.?\d+(?:[eE][-+]?\d+)?)?\s*(.*)", raw)
    amount = float(m.group(1)) if m and m.group(1) else 1.0
    unit = (m.group(2) if m else raw).strip() or "kg"
    unit = counted_unit(unit) or unit  # "1 bottle", "1 pair" = 1 item
    if amount <= 0:
        raise EstimateError(f"declared unit {raw!r}: the amount must be positive")
    try:
        units.parse_unit(unit)
    except units.UnitError:
        raise EstimateError(f"declared unit {raw!r}: unknown unit {unit!r} (use e.g. '1 kg', '1 m2', '1 item')") from None
    canonical = units.canonical_unit(unit)
    if mass_kg is not None and mass_kg <= 0:
        raise EstimateError(f"declared mass must be positive, got {mass_kg:g} kg")
    return DeclaredUnit(amount=amount, unit=canonical, mass_kg=mass_kg)


# ---------------------------------------------------------------- factor data


@lru_cache(maxsize=1)
def default_factor_source() -> FactorResolver:
    """The open factor library shipped with openpcf (loaded once)."""
    import openpcf.factors as factors

    make = getattr(factors, "default_resolver", None)
    if callable(make):
        return make()
    from openpcf.factors.library import open_library
    from openpcf.factors.resolver import LibraryResolver

    return LibraryResolver(open_library())


def _software_version() -> str:
    from openpcf import __version__

    return f"openpcf {__version__}"


def _library_version(source: Any) -> str | None:
    version = getattr(source, "version", None)
    if isinstance(version, str):
        return version
    lib = getattr(source, "library", None)
    return getattr(lib, "version", None) or getattr(lib, "name", None) or getattr(source, "name", None)


# ---------------------------------------------------------------- bill of materials


def _is_energy_unit(unit: str) -> bool:
    return share_divisor(unit) is None and units.is_convertible(unit, "MJ")


def _material_lines(product: ProductSpec, du: DeclaredUnit, checks: list[Check]) -> tuple[list[InputLine], list[InputLine]]:
    """Material lines (BOM tree, flattened) and user energy lines, with rates per declared unit."""
    mass = du.unit_mass_kg()
    if product.bom:
        problem = bom_tree_problem(list(product.bom))
        if problem is not None:  # a cycle would turn its rows into composites without leaves (mass lost)
            raise EstimateError(f"BOM row {problem[0] + 1} ({product.bom[problem[0]].name!r}): field '{problem[1]}': {problem[2]}")
        return _bom_lines(product.bom, mass)
    if not product.composition or not product.composition.strip():
        raise EstimateError(
            f"{product.name!r}: no composition or bill of materials; give --composition 'name: share; …', "
            "--bom FILE, --model offline for a BOM read from the name and description, or --model PROVIDER:MODEL to let a language model propose one"
        )
    parts = parse_composition(product.composition)
    return _composition_lines(parts, mass, checks, product.composition_origin), []


def _pack_words_are_components(parts: list[ComponentAmount], readings: list[MaterialReading], product_share: float) -> bool:
    """True when a composition's lines read as packaging are shares of the product itself: every line is a share,
    the product lines alone fall short of 100 % and all the lines together make 100 % (within rounding)."""
    if not parts or not all(p.is_share for p in parts) or not any(r.role == "packaging" for r in readings):
        return False
    everything = sum(p.value for p in parts)
    return (product_share < 1 - COMPOSITION_SUM_TOLERANCE
            and abs(everything - 1) <= COMPOSITION_SUM_TOLERANCE)


def _composition_lines(parts: list[ComponentAmount], mass: float | None, checks: list[Check],
                       origin: RateOrigin = "composition") -> list[InputLine]:
    if any(p.is_share for p in parts) and mass is None:
        raise EstimateError("a composition in shares needs the mass of one declared unit (--declared-unit '1 kg' or a mass)")
    readings = [interpret(p.name) for p in parts]
    in_product = [p.value for p, r in zip(parts, readings) if p.is_share and r.role != "packaging"]
    total_share = sum(in_product)
    if _pack_words_are_components(parts, readings, total_share):
        # "steel can: 22 %; label: 8 %" in a cell whose shares sum to 100 %: the can and label are parts of the
        # product (a pack line is given on top of the product, never as a share of it)
        readings = [interpret(p.name, in_product=True) if r.role == "packaging" else r for p, r in zip(parts, readings)]
        in_product = [p.value for p, r in zip(parts, readings) if p.is_share and r.role != "packaging"]
        total_share = sum(in_product)
        pack_note = ("; lines with pack words (can, label …) are components of the product: only with them do "
                     "the shares make 100%")
    else:
        pack_note = ""
    scale = 1.0
    add_remainder = 0.0
    if in_product:
        if total_share > 1 + COMPOSITION_SUM_TOLERANCE:
            scale = 1.0 / total_share
            checks.append(Check(code="composition_sum", severity="warning", passed=False, value=round(total_share, 6),
                                message=f"the product's shares sum to {total_share:.1%}; scaled to 100% (packaging kept on top)"))
        elif total_share < 1 - COMPOSITION_SUM_TOLERANCE:
            add_remainder = 1.0 - total_share
            checks.append(Check(code="composition_sum", severity="warning", passed=False, value=round(total_share, 6),
                                message=f"the product's shares sum to {total_share:.1%}; the missing {add_remainder:.1%} "
                                "is an explicit 'unspecified remainder' line"))
        else:
            # Within rounding of 100%: normalise so that the product's mass is exactly one declared unit.
            scale = 1.0 / total_share if total_share > 0 else 1.0
            checks.append(Check(code="composition_sum", severity="info", passed=True, value=round(total_share, 6),
                                message=f"the product's shares sum to {total_share:.1%}"
                                + ("" if abs(total_share - 1) < 1e-9 else "; normalised to 100% (rounding)")
                                + pack_note))
    lines: list[InputLine] = []
    for i, (part, reading) in enumerate(zip(parts, readings), start=1):
        if part.is_share:
            share = part.value * (scale if reading.role != "packaging" else 1.0)
            value, note = share * (mass or 0.0), None
            if abs(scale - 1.0) > 1e-9 and reading.role != "packaging":
                note = f"{part.value:.4g} kg/kg as given, scaled by {scale:.4f}"
        else:
            value, note = part.value, None
        lines.append(InputLine(
            id=f"m{i}", name=part.name, role=reading.role, recycled=reading.recycled,
            rate=Rate(value=value, unit="kg", origin=origin, as_given=part.as_given,
                      spread=RATE_SPREAD[origin], note=note),
        ))
    if add_remainder > 0:
        lines.append(InputLine(
            id=f"m{len(lines) + 1}", name="unspecified remainder", role="remainder",
            rate=Rate(value=add_remainder * (mass or 0.0), unit="kg", origin="default", spread=RATE_SPREAD["default"],
                      note="100% minus the listed shares"),
        ))
    return lines


def _bom_lines(entries: Sequence[BomEntry], mass: float | None) -> tuple[list[InputLine], list[InputLine]]:
    materials: list[InputLine] = []
    energy: list[InputLine] = []
    ids: dict[str, str] = {}
    is_energy = {u: _is_energy_unit(u) for u in {e.unit for e in entries}}  # a large BOM repeats a few units
    for i, e in enumerate(entries, start=1):
        if is_energy[e.unit]:
            energy.append(InputLine(
                id=f"e{len(energy) + 1}", name=e.name, kind="energy", role="process energy",
                rate=Rate(value=e.amount, unit=units.canonical_unit(e.unit), origin="user", as_given=f"{e.amount:g} {e.unit}",
                          spread=RATE_SPREAD["user"]),
                activity=Activity(query=e.activity or e.name, method="user") if e.activity else None,
            ))
            continue
        divisor = share_divisor(e.unit)
        if divisor is not None:
            if mass is None:
                raise EstimateError(f"BOM row {i} ({e.name!r}): field 'unit': a share ({e.unit}) needs the mass of one declared unit")
            value = e.amount / divisor * mass
        else:
            value = units.convert(e.amount, e.unit, "kg")
        reading = interpret(e.name)
        line_id = f"m{i}"
        ids[e.name] = line_id
        materials.append(InputLine(
            id=line_id, name=e.name, role=reading.role, recycled=e.recycled if e.recycled is not None else reading.recycled,
            rate=Rate(value=value, unit="kg", origin="user", as_given=f"{e.amount:g} {e.unit}", spread=RATE_SPREAD["user"]),
            activity=Activity(query=e.activity, method="user") if e.activity else None,
        ))
    by_id = {x.id: x for x in materials}
    for e, line in zip([e for e in entries if not is_energy[e.unit]], materials):
        if e.parent:
            parent = by_id[ids[e.parent]]
            line.parent_id = parent.id
            parent.children.append(line.id)
    for line in materials:  # depth from the parent chain (BOM tree)
        depth, cur = 0, line
        while cur.parent_id is not None and depth < 20:
            cur = by_id[cur.parent_id]
            depth += 1
        line.depth = depth
    return materials, energy


def _typical_device_mass(product: ProductSpec, du: DeclaredUnit, checks: list[Check]) -> DeclaredUnit:
    """A composition in shares of "1 item" (or "1 kWh" of a battery pack) with no mass: the typical mass of the
    kind of product the name names (the one table, :mod:`openpcf.vocabulary.unit_masses`), flagged by a
    ``declared_mass`` warning. Unchanged when a mass is given or implied (a mass unit, a BOM, a composition in masses)."""
    from openpcf.vocabulary.unit_masses import typical_item_mass

    if du.unit_mass_kg() is not None or product.bom or not product.composition:
        return du
    try:
        if not any(p.is_share for p in parse_composition(product.composition)):
            return du
    except CompositionError:
        return du
    found = typical_item_mass(product.name, product.description, du.unit)
    if found is None:
        return du
    kind, dim = found
    per_unit = kind.typical_mass_kg[dim]
    mass = per_unit * du.amount
    checks.append(Check(code="declared_mass", severity="warning", passed=False, value=round(mass, 6),
                        message=f"no mass given for {du.amount:g} {du.unit}: the typical mass of a {kind.kind}, "
                        f"{per_unit:g} kg each, is assumed ({kind.basis}); give --mass for the real one"))
    return du.model_copy(update={"mass_kg": mass})


def _apply_recycled_content(lines: list[InputLine], recycled: str | float | None, checks: list[Check]) -> None:
    """A product-level recycled content ("30%") with no recycled input listed: the largest product input
    is split into a recycled and a virgin part (the recycled part capped at that input's mass)."""
    if recycled in (None, "") or any(x.recycled for x in lines):
        return
    try:
        share = units.fraction(recycled)  # type: ignore[arg-type]
    except (ValueError, units.UnitError):
        checks.append(Check(code="recycled_content", severity="warning", passed=False,
                            message=f"recycled content {recycled!r} not understood; ignored"))
        return
    product_lines = [x for x in lines if not x.children and x.role == "product" and x.rate.value > 0]
    if share <= 0 or not product_lines:
        return
    main = max(product_lines, key=lambda x: x.rate.value)
    total = sum(x.rate.value for x in product_lines)
    amount = min(share * total, main.rate.value)
    main.rate = main.rate.model_copy(update={"value": main.rate.value - amount,
                                             "note": f"{amount:.4g} kg moved to 'recycled {main.name}'"})
    lines.append(InputLine(
        id=f"m{len(lines) + 1}", name=f"recycled {main.name}", role="product", recycled=True,
        rate=Rate(value=amount, unit="kg", origin="user", as_given=f"recycled content {recycled}", spread=RATE_SPREAD["user"]),
    ))
    checks.append(Check(code="recycled_content", severity="info", passed=True, value=share,
                        message=f"recycled content {share:.0%} applied to the largest input, {main.name!r}"))


_MADE_FROM_RECYCLED = re.compile(
    r"\b(?:made|produced|manufactured|obtained)\s+(?:\w+\s+){0,3}?(?:from|of|with)\s+(?:\d+\s*%\s+)?"
    r"(?:recycled|scrap|secondary|reclaimed|recovered)\s+([a-z]+)",
    re.I,
)


def _apply_recycled_statement(lines: list[InputLine], description: str | None, checks: list[Check]) -> None:
    """"made from recycled aluminium" in the description: unmarked inputs of that material are recycled
    (inputs named primary or virgin stay as they are)."""
    if not description:
        return
    from openpcf.vocabulary.names import content_tokens

    m = _MADE_FROM_RECYCLED.search(description)
    if not m:
        return
    material = set(content_tokens(m.group(1)))
    changed = []
    for line in lines:
        if line.recycled or line.children or line.role != "product" or re.search(r"\b(primary|virgin|primer)\b", line.name, re.I):
            continue
        if material & set(content_tokens(line.name)):
            line.recycled = True
            changed.append(line)
    if changed:
        checks.append(Check(code="recycled_content", severity="info", passed=True, input_ids=[x.id for x in changed],
                            message=f"the description says {m.group(0)!r}: " + ", ".join(repr(x.name) for x in changed)
                            + " treated as recycled"))


# ---------------------------------------------------------------- factors for the lines


#: Geometric standard deviation of a proxy (a class factor of the input's own material class): wide,
#: because a class average can be several times off for a given member of the class.
PROXY_SPREAD = 3.0

#: Lookup texts of the class factor of each material class (the input's own class, never another input's).
PROXY_QUERIES: dict[str, tuple[str, ...]] = {
    "metal": ("metals",),
    "polymer": ("plastics, average",),
    "wood": ("wood",),
    "mineral": ("aggregates",),
    "inorganic chemical": ("chemical, inorganic",),
    "organic chemical": ("chemical, organic",),
    "electronics": ("electronics",),
    "fruit": ("fruit",), "vegetable": ("vegetable",), "legume": ("legumes",), "tuber": ("tubers",),
    "nut-oilseed": ("nuts",), "cereal": ("cereals",), "spice": ("spices",), "herb": ("herbs",),
    "food": ("food and drink",),
    "paper": ("paper and board",),
    "glass": ("glass",),
}
_EXTRA_CLASS_WORDS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("paper", re.compile(r"\b(paper|cardboard|paperboard|board|carton|pulp|kraft)\b", re.I)),
    ("glass", re.compile(r"\bglass\b", re.I)),
    ("food", re.compile(r"\b(milk|cream|butter|cheese|yogh?urt|egg|eggs|meat|beef|pork|chicken|poultry|fish|"
                        r"sugar|honey|cocoa|chocolate|coffee|tea|starch|food|ingredient|flavouring|yeast|malt|"
                        r"vinegar|juice|puree|concentrate)\b", re.I)),
)


def own_material_class(name: str) -> str | None:
    """The material class of an input's own name (metal, polymer, wood, mineral, chemical, a food class,
    paper, glass, electronics), or None: the only class whose factor may stand in for the input."""
    from openpcf.factors.material_class import material_class
    from openpcf.factors.name_reading import read_name

    name = surface_substrate(name) or name  # "melamine-faced particleboard" is a wood board, not a melamine resin
    reading = read_name(name)  # the resolver's reading: "Kupfer" is copper, a metal
    if reading.material_class in PROXY_QUERIES:
        return reading.material_class
    kind = material_class(reading.english) or material_class(name)
    if kind is not None:
        return kind
    for cls, pattern in _EXTRA_CLASS_WORDS:
        if pattern.search(name):
            return cls
    return None


def _class_proxy(line: InputLine, source: FactorResolver, geography: str | None) -> tuple[FactorProvenance, Activity] | None:
    """A proxy for an input without a factor of its own: the class factor of its own material class, with
    a wide spread and the ``proxy`` flag; None when the class is unknown or has no factor."""
    from dataclasses import replace

    kind = own_material_class(line.name)
    if kind is None:
        return None
    reading = replace(interpret(line.name), queries=PROXY_QUERIES.get(kind, ()))
    if not reading.queries:
        return None
    activity, match = choose_factor(reading, source, geography=geography)
    if match is None:
        return None
    prov = provenance(match, method="proxy",
                      extra_note=f"PROXY: class factor of the input's own material class '{kind}' (no factor of "
                                 "its own matched)")
    prov = prov.model_copy(update={"spread": round(max(prov.spread, PROXY_SPREAD), 4), "confidence": "low"})
    return prov, activity.model_copy(update={"method": "proxy"})


#: Furnace classes: recycled feedstock (cullet, scrap) is melted by the product's own process.
_MELTING_CLASSES = ("glass_melting", "flat_glass_melting", "domestic_glass", "metal_remelting")
#: Thermal classes that melt, fire or burn their batch: the carbonates in it decompose and release CO2.
#: A cold mix (a filler in a paint or a plastic compound, concrete) is not one of them.
CARBONATE_FURNACE_CLASSES = frozenset({"glass_melting", "flat_glass_melting", "domestic_glass", "ceramic_firing",
                                       "sanitary_ceramics", "structural_ceramics", "lime_clinker_burning"})
#: A batch whose listed masses are within this share of the product's mass was written per kg of product
#: (shares of the batch), not as the real batch: it is scaled for the CO2 that leaves it.
BATCH_AS_PRODUCT_TOLERANCE = 0.02
#: Reprocessing of recycled feedstock before the furnace (sorting, crushing cullet; sorting, shredding
#: scrap), kWh per kg of feed: tens of kWh per tonne for crushers, shredders and sorting lines. Estimate.
REPROCESSING_KWH_PER_KG = 0.03
RECYCLING_RULE = ("cut-off: recycled content enters burden-free at the point of recycling (the burden of the "
                  "first life stays with the first product); its reprocessing is counted — by a secondary-material "
                  "factor where the source has one (reprocessing and remelting of the feed), else by the engine's "
                  "reprocessing default plus this product's own process energy")


CUT_OFF_FEEDSTOCK_ID = "openpcf:cut-off:recycled-feedstock"


def _cut_off_feedstock(line: InputLine, product_class: str) -> FactorProvenance:
    """The cut-off factor of a recycled input without a secondary-material factor: zero at the point of
    recycling; its reprocessing and this product's processing (melting, for a furnace) are energy lines."""
    return FactorProvenance(
        id=CUT_OFF_FEEDSTOCK_ID, name="recycled feedstock, burden-free at the point of recycling (cut-off)",
        value=0.0, unit="kg", source="openpcf engine: cut-off approach (ISO 14067 §6.4.6.3 recycled content; EN 15804 "
        "polluter-pays / cut-off)", license="not applicable (method rule)", quality="high", match_method="computed",
        confidence="high", spread=1.0, stages=[], route="secondary",
        boundary="cut-off at the point of recycling",
        notes=f"reprocessing ({REPROCESSING_KWH_PER_KG:g} kWh/kg) and this product's processing ('{product_class}' "
              "energy) are separate energy lines of this product",
    )


def _distinct_choices() -> Any:
    """``choose_factor`` memoised for one estimate: a BOM that repeats a name (10,000 lines, a few hundred
    materials) resolves each distinct lookup once; each call gets its own copy of the Activity record."""
    memo: dict[Any, tuple[Activity, FactorMatch | None]] = {}

    def choose(reading: Any, source: FactorResolver, **kw: Any) -> tuple[Activity, FactorMatch | None]:
        # keyword values are strings, lists of strings, None or a frozen QueryContext: all hashable as tuples
        key = (reading, tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in kw.items())))
        if key not in memo:
            memo[key] = choose_factor(reading, source, **kw)
        activity, match = memo[key]
        return activity.model_copy(), match

    return choose


def _resolve_materials(lines: list[InputLine], source: FactorResolver, region: Region | None, product_name: str,
                       product_class: str = "general_manufacturing") -> None:
    from openpcf.factors.record import QueryContext

    geography = region.code if region else None
    choose_factor = _distinct_choices()  # noqa: N806 (shadows the module function with its memoised form)
    names = list(dict.fromkeys(x.name for x in lines if not x.children and x.role != "remainder"))  # distinct
    contexts = {n: QueryContext(category=product_name, siblings=tuple(s for s in names if s != n)) for n in names}
    # A line (arriving without factor or boundary) is mapped from its name, recycled flag, role and forced
    # activity only: the first line with these is mapped below, every later one takes its records (shared,
    # never modified in place: nested records of a trace are replaced, not edited) and its note.
    first: dict[tuple[str, bool, str | None, str | None], tuple[InputLine, int]] = {}
    for line in lines:
        if line.children or line.role == "remainder":
            continue
        forced = line.activity.query if line.activity is not None and line.activity.method == "user" else None
        key = (line.name, line.recycled, line.role, forced)
        if key in first:
            same, n_notes = first[key]
            line.activity, line.factor, line.boundary = same.activity, same.factor, same.boundary
            line.notes.extend(same.notes[n_notes:])
            continue
        first[key] = (line, len(line.notes))
        reading = interpret(line.name)
        if line.role == "product" and reading.role == "packaging":  # a pack word naming a component (a cell's can)
            reading = interpret(line.name, in_product=True)
        if line.recycled and not reading.recycled:  # recycled by a BOM flag or a product-level statement
            from dataclasses import replace

            reading = replace(reading, recycled=True, queries=tuple(f"recycled {q}" for q in reading.queries) + reading.queries)
        extra: list[str] = []
        if forced is None and not reading.queries and reading.recycled:
            extra = [f"recycled {product_name}", product_name]  # "Pre-consumer material" of an aluminium foil
        if forced is not None:
            from dataclasses import replace

            reading = replace(reading, queries=(forced,))
        if forced is None and names_product_in_state(product_name, line.name):
            from dataclasses import replace

            own = interpret(without_defined_abbreviation(product_name)).queries  # "nitrogen" in "Liquid nitrogen"
            reading = replace(reading, queries=tuple(dict.fromkeys((*own, *reading.queries))))
        context = contexts[line.name]
        activity, match = choose_factor(reading, source, geography=geography, extra_queries=extra, context=context)
        method = None
        if match is None and forced is None:
            fallback = class_queries(surface_substrate(line.name) or line.name, recycled=line.recycled) or (
                class_queries(product_name, recycled=line.recycled) if not reading.queries else ()
            )
            if fallback:
                from dataclasses import replace

                act2, match = choose_factor(replace(reading, queries=fallback), source, geography=geography)
                if match is not None:
                    activity = act2.model_copy(update={"alternatives": activity.alternatives + act2.alternatives, "method": "class"})
                    method = "class"
        if forced is not None and activity.method is not None:
            activity = activity.model_copy(update={"method": "user"})
        line.activity = activity
        if (line.recycled and line.role == "product" and forced is None
                and (match is None or not made_from_recovered_feed(match.factor))):
            # No secondary-material factor: under the cut-off rule the feed is burden-free at the point of
            # recycling (never the virgin factor: that would charge it the first life); its reprocessing and this
            # product's own processing are energy lines of this product.
            line.factor = _cut_off_feedstock(line, product_class)
            line.activity = Activity(query=line.name, name=line.factor.name, id=line.factor.id, method="computed",
                                     alternatives=activity.alternatives)
            what = ("recycled feedstock melted by this product's furnace" if product_class in _MELTING_CLASSES
                    else "recycled input")
            line.boundary = LineBoundary(conversion_energy="added", recycled_rule="cut_off",
                                         reason=f"{what}, no secondary-material factor: " + RECYCLING_RULE)
            continue
        if match is not None:
            note = None
            if line.recycled and not made_from_recovered_feed(match.factor):
                note = "recycled input, but no recycled-material factor matched: the virgin factor is used (conservative)"
                line.notes.append(note)
            line.factor = provenance(match, method=method or ("user" if forced else None), extra_note=note)
            if method == "class":
                line.factor = line.factor.model_copy(update={"spread": round(max(line.factor.spread, PROXY_SPREAD), 4)})
            if line.recycled and made_from_recovered_feed(match.factor):
                line.boundary = LineBoundary(conversion_energy="added", recycled_rule="cut_off",
                                             reason="secondary-material factor (reprocessing of recycled feed, no "
                                             "first-life burden): " + RECYCLING_RULE)
    # the proxy depends on the name only; its activity record adds the line's own alternatives (one record per
    # name and prior activity: lines of one name share it). The prior record is kept so that its id stays its own.
    proxies: dict[Any, tuple[tuple[FactorProvenance, Activity] | None, Activity | None, Activity | None]] = {}
    for line in lines:
        if line.children or line.factor is not None or line.rate.value <= 0 or line.role == "remainder":
            continue
        key = (line.name, id(line.activity))
        if key not in proxies:
            found = _class_proxy(line, source, geography)
            proxies[key] = (found, None if found is None else found[1].model_copy(update={"alternatives": (
                line.activity.alternatives if line.activity else []) + found[1].alternatives}), line.activity)
        found, proxied_activity, _ = proxies[key]
        if found is not None:
            line.factor, line.activity = found[0], proxied_activity
            line.notes.append(f"no factor of its own: proxied by the class factor {line.factor.name!r} of its own "
                              "material class (wide spread)")
    for line in lines:
        if line.children or line.factor is not None or line.rate.value <= 0:
            continue
        reason = "unspecified remainder" if line.role == "remainder" else "no factor matched and no material class"
        line.notes.append(f"{reason}: not in the total (no other input's factor stands in for it); counted in the "
                          "completeness check")
        if line.activity is None:
            line.activity = Activity(query=line.name)


@lru_cache(maxsize=1)
def _conversion_precursors() -> frozenset[str]:
    """Ids of the open library's factors that are precursors of a conversion recipe (memoised: the shipped
    library does not change in a process)."""
    from openpcf.factors import open_library
    from openpcf.factors.precursors import conversion_precursor_ids

    return conversion_precursor_ids(open_library())


@lru_cache(maxsize=1)
def _textile_precursors() -> frozenset[str]:
    """Ids of the open library's factors in the recipe chain of a yarn or cloth recipe (memoised)."""
    from openpcf.factors import open_library
    from openpcf.factors.precursors import textile_precursor_ids

    return textile_precursor_ids(open_library())


@lru_cache(maxsize=1)
def _library_by_id() -> dict[str, Any]:
    """The open library's factors by id (memoised), to follow a recipe through the recipes of its inputs."""
    from openpcf.factors import open_library

    return {f.id: f for f in open_library()}


@lru_cache(maxsize=1)
def _conversion_recipes_by_concept() -> dict[str, tuple[Any, ...]]:
    """The open library's conversion recipes (:func:`openpcf.factors.precursors.is_conversion`, non-food,
    non-textile) by the material concept their name reads as (memoised)."""
    from openpcf.factors import open_library
    from openpcf.factors.precursors import TEXTILE_SEGMENTS, is_conversion

    out: dict[str, list[Any]] = {}
    for f in open_library():
        if f.category != "food" and f.id.split(":")[1] not in TEXTILE_SEGMENTS and is_conversion(f):
            concept = read_name(f.name).concept
            if concept:
                out.setdefault(concept, []).append(f)
    return {k: tuple(v) for k, v in out.items()}


def _precursors_of_named_material(lines: list[InputLine], source: FactorResolver, region: Region | None,
                                   product_name: str, product_mass: float | None, checks: list[Check]) -> frozenset[str]:
    """A product named as a material whose composition lists only that material's precursors ("Carbon fibre":
    polyacrylonitrile precursor 100 %; "E-glass roving": sand, limestone, kaolin, colemanite) is made from them
    by a conversion step (carbonisation, melting and fiberising) that the precursors' factors leave out. When
    the product's own name finds a recipe factor whose inputs are at least 90 % of the listed material mass
    (:func:`openpcf.factors.precursors.priced_by_named_material`), those lines are priced by the named
    material's factor and marked covered: no class process energy and no furnace carbonate CO2 on top. The
    factor is per kg of the named material: restated per kg of listed precursor by the product mass those lines
    stand for (their share of the listed mass x ``product_mass``) over their listed mass, so a batch listed with
    its melting loss or a precursor listed at its yield (2 kg PAN per kg) is not priced twice. Returns the ids
    of the lines so priced."""
    from openpcf.factors.precursors import (
        MIN_PRECURSOR_SHARE,
        priced_by_named_material,
        priced_by_named_textile,
        recipe_closure,
        recipe_inputs,
    )

    leaves = [x for x in lines if not x.children and x.kind == "material" and x.role not in ("packaging", "remainder")
              and x.rate.unit == "kg" and x.rate.value > 0]
    if not leaves:
        return frozenset()
    masses: dict[str, float] = {}
    for x in leaves:
        fid = x.factor.id if x.factor is not None and (x.activity is None or x.activity.method != "class") else ""
        masses[fid] = masses.get(fid, 0.0) + x.rate.value
    known = _conversion_precursors() | _textile_precursors()
    if sum(kg for fid, kg in masses.items() if fid in known) < MIN_PRECURSOR_SHARE * sum(masses.values()):
        return frozenset()  # not mostly precursors of any conversion recipe: the product's name is not looked up
    activity, match = choose_factor(interpret(without_defined_abbreviation(product_name)), source,
                                    geography=region.code if region else None)
    if match is None or activity.method == "class" or match.factor.id in masses:
        return frozenset()  # no factor of its own, or the product is listed as itself ("Methanol": methanol 100 %)
    # the chosen factor, else a conversion recipe of the same material concept (a plant dataset is chosen for the
    # name before the recipe of the same material: "E-glass, at plant" before the E-glass fibre recipe)
    concept = read_name(product_name).concept
    candidates = [match.factor, *(_conversion_recipes_by_concept().get(concept, ()) if concept else ())]
    named = next((f for f in candidates if priced_by_named_material(f, masses)), None)
    inputs: Any = None
    level = product_level(product_name)
    row_level = text_level(match.factor.name)
    if (named is None and level is not None and row_level is not None and row_level >= level
            and priced_by_named_textile(match.factor, masses, _library_by_id())):
        # a yarn or cloth listed as its fibre ("jute fibre 97 %" of a hessian): the cloth's own row, which
        # includes the fibre and the spinning and weaving, prices the lines its recipe chain is made from. Only a
        # product that is the row's material (a fabric named as a fabric row, a yarn as a yarn row): a garment
        # named after its cloth ("denim jeans") keeps its fibre and the stages up to the made-up article
        named, inputs = match.factor, recipe_closure(match.factor, _library_by_id())
    if named is None:
        return frozenset()
    if named.id != match.factor.id:
        match = match.model_copy(update={"factor": named})
    inputs = inputs if inputs is not None else recipe_inputs(named)
    listed = sum(masses.values())
    precursor_kg = sum(kg for fid, kg in masses.items() if fid in inputs)
    per_kg = (product_mass * precursor_kg / listed) / precursor_kg if product_mass else 1.0  # kg named material per kg listed
    note = (f"a precursor of {named.name!r}, which the product is named as: priced by that material's own factor, "
            "which includes its precursors and the conversion step between (no process energy on top)")
    priced = []
    for x in leaves:
        if x.factor is None or x.factor.id == named.id or (x.activity is not None and x.activity.method == "class"):
            continue
        if x.factor.id not in inputs:
            continue
        x.factor = provenance(match, extra_note=f"priced as the named material: {x.name!r} is its precursor; "
                              f"{per_kg:.4g} kg of it per kg listed")
        x.factor = x.factor.model_copy(update={"value": named.value * per_kg})
        x.activity = activity.model_copy(update={"query": x.name})
        x.boundary = LineBoundary(conversion_energy="covered_by_factor", recycled_rule=None, reason=note)
        x.notes.append(note)
        priced.append(x.id)
    checks.append(Check(code="precursor_composition", severity="info", passed=True,
                        message=f"the composition lists the precursors of {named.name!r}: {len(priced)} line(s) priced by "
                                "that material's own factor (its conversion step included)"))
    return frozenset(priced)


def _split_off_water(lines: list[InputLine], line: InputLine, keep: float, water: tuple[Activity, FactorMatch | None],
                     rate_note: str, water_note: str) -> None:
    """Keep ``keep`` (0–1) of ``line``'s mass on its own factor and move the rest to a water line of its own
    (tap water factor, same parent and origin): the product's mass is unchanged."""
    whole = line.rate.value
    line.rate = line.rate.model_copy(update={"value": whole * keep, "note": "; ".join(
        n for n in (line.rate.note, rate_note) if n)})
    activity, match = water
    split = InputLine(
        id=f"m{len(lines) + 1}", name=f"water in {line.name}", role="water", parent_id=line.parent_id,
        depth=line.depth, rate=line.rate.model_copy(update={"value": whole * (1.0 - keep), "note": water_note}),
        activity=activity.model_copy(), factor=provenance(match) if match is not None else None,
    )
    if line.parent_id is not None:
        next(x for x in lines if x.id == line.parent_id).children.append(split.id)
    lines.append(split)


def _hydrated_pulses(lines: list[InputLine], product_class: str) -> frozenset[str]:
    """Ids of the pulse lines with no state word that must be cooked (hydrated) mass by mass balance: in a
    food with listed water, dried pulses take up :data:`WATER_UPTAKE_PER_DRY_PULSE` kg of water per kg when
    cooked, so pulses listed beside less water than that could not have been dry ("chickpeas 60%, water 38%"
    is a label giving the drained cooked weight; "chickpeas 26%, water 73%" is a recipe of dried pulses)."""
    if product_class not in ("food_processing", "food_canning"):
        return frozenset()
    water = sum(x.rate.value for x in lines if not x.children and x.role == "water" and x.rate.unit == "kg")
    pulses = [x for x in lines if not x.children and x.role == "product" and x.rate.unit == "kg" and x.rate.value > 0
              and own_material_class(x.name) == "legume" and not cooked_pulse(x.name) and not dry_form(x.name)
              and not (x.factor is not None and cooked_state(x.factor.name))]
    mass = sum(x.rate.value for x in pulses)
    if water <= 0 or mass <= 0 or water >= WATER_UPTAKE_PER_DRY_PULSE * mass:
        return frozenset()
    return frozenset(x.id for x in pulses)


def _water_lines(lines: list[InputLine], source: FactorResolver, region: Region | None,
                 product_class: str = "general_manufacturing") -> None:
    """Water that a component's name says is inside its mass gets a line of its own:

    - a solution with its concentration ("sodium hydroxide solution (32%)") is costed as its active content
      at the substance's factor — substance factors are per kg of pure substance (100 % basis, "without
      water") — and the rest as water; left whole when the matched factor is itself per kg of solution
      (:func:`factor_per_solution`);
    - a cooked, soaked or rehydrated pulse whose factor is for the dried pulse is costed as its dry mass,
      :data:`DRY_PER_COOKED_PULSE` × the cooked mass, and the water it took up as water
      (:func:`cooked_pulse`) — and so is a pulse with no state word in a food whose listed water could not
      have hydrated it from dry (:func:`_hydrated_pulses`).
    """
    water: tuple[Activity, FactorMatch | None] | None = None
    hydrated = _hydrated_pulses(lines, product_class)
    for line in list(lines):
        if line.children or line.kind != "material" or line.role != "product" or line.rate.unit != "kg":
            continue
        if line.rate.value <= 0:
            continue
        fraction = interpret(line.name).concentration
        factor_name = line.factor.name if line.factor is not None else ""
        if fraction is not None:
            # a factor the resolver already restated per kg of this solution (factors.solution_strength) is whole
            if line.factor is not None and (factor_per_solution(factor_name)
                                            or is_restated(line.factor.id)):
                line.notes.append(f"a {fraction:.0%} solution, and its factor {factor_name!r} is per kg of solution: "
                                  "costed whole")
                continue
            keep = fraction
            rate_note = (f"{fraction:.4g} active substance: {fraction * line.rate.value:.4g} kg of the "
                         f"{line.rate.value:.4g} kg of solution at the substance factor (per kg of pure substance)")
            water_note = f"the {1 - fraction:.4g} of {line.name!r} that is water (a {fraction:.4g} solution)"
            line.notes.append(f"solution at {fraction:.0%}: the substance's share is costed at its factor; the "
                              f"{1 - fraction:.0%} water is the line 'water in {line.name}'")
        elif line.id in hydrated or (cooked_pulse(line.name) and own_material_class(line.name) == "legume"
                                     and not cooked_state(factor_name)):
            keep = DRY_PER_COOKED_PULSE
            if line.id in hydrated:
                line.notes.append("no state word, but the listed water is less than dried pulses of this mass take up "
                                  f"when cooked ({WATER_UPTAKE_PER_DRY_PULSE:.3g} kg per kg): read as cooked mass")
            rate_note = (f"x {keep:g} dry pulse per kg of cooked or soaked pulse (dry-matter balance): the factor "
                         f"{factor_name or '(none)'!r} is for the dried pulse")
            water_note = f"the water taken up by {line.name!r} when soaked or cooked ({1 - keep:.4g} of its mass)"
            line.notes.append(f"cooked or soaked pulse on a dried-pulse factor: {keep:g} kg dry pulse per kg; the rest "
                              f"is the line 'water in {line.name}'")
        else:
            continue
        if water is None:
            water = choose_factor(interpret("water"), source, geography=region.code if region else None)
        _split_off_water(lines, line, keep, water, rate_note, water_note)


#: Words that name a delivery state or grade of a material, not a further product made from it: "HDPE
#: granulate" is HDPE as a polymer plant sells it; "Steel pipe" is a product made from steel.
_STATE_WORDS = frozenset({
    "granulate", "granule", "pellet", "powder", "flake", "resin", "bulk", "grade", "technical", "pure",
    "anhydrous", "virgin", "primary", "raw", "commodity", "unalloyed", "industrial",
    # a delivery state or grade: "glacial" acetic acid, "dense" soda ash, "liquid" chlorine, steel "coil"
    "glacial", "dense", "liquid", "liquefied", "compressed", "solution", "aqueous", "concentrated", "prilled",
    "granular", "refined", "coil",
    # how and where produce was grown or sold: "tomatoes grown in a heated greenhouse", "fresh organic carrots"
    "fresh", "whole", "loose", "organic", "conventional", "grown", "heated", "unheated", "greenhouse",
    "glasshouse", "field", "open", "in", "a", "an", "under",
})


def _is_number(word: str) -> bool:
    return any(ch.isdigit() for ch in word)


_PARENTHESIS = re.compile(r"\s*\(([^()]{1,12})\)\s*")


def _abbreviation_fits(short: str, long: str) -> bool:
    """True when ``short`` abbreviates ``long`` by the rule of Schwartz & Hearst (2003, "A simple algorithm for
    identifying abbreviation definitions in biomedical text"): its letters occur in order in ``long``, read
    from the end, the first one at the start of a word ("MEG" in "monoethylene glycol", "PET" in "polyethylene
    terephthalate"; "EAF" does not fit "steel"). Digits of the short form ("LN2") are skipped."""
    letters = [c for c in short.lower() if c.isalpha()]
    text = long.lower()
    if len(letters) < 2 or not text:
        return False
    i = len(text) - 1
    for k in range(len(letters) - 1, -1, -1):
        c = letters[k]
        while i >= 0 and (text[i] != c or (k == 0 and i > 0 and text[i - 1].isalnum())):
            i -= 1
        if i < 0:
            return False
        i -= 1
    return True


def without_defined_abbreviation(name: str) -> str:
    """``name`` without a parenthesised abbreviation of the words before it ("Monoethylene glycol (MEG)" →
    "Monoethylene glycol"); any other parenthesis ("Steel (EAF)", "Nitric acid (60 %)") is kept."""
    m = _PARENTHESIS.search(name)
    if m is None or not re.fullmatch(r"[A-Za-z][A-Za-z0-9-]{1,9}", m.group(1)):
        return name
    before = name[: m.start()].strip()
    if not _abbreviation_fits(m.group(1), before):
        return name
    return (before + " " + name[m.end():]).strip()


def names_product_in_state(product_name: str, line_name: str) -> bool:
    """True when an input names the product less its delivery state: "nitrogen" in "Liquid nitrogen",
    "chlorine" in "Liquid chlorine". The product's extra words are all delivery-state words
    (:data:`_STATE_WORDS`), and at least one is: then the product's own name is the better lookup."""
    product = lemma_words(without_defined_abbreviation(product_name))
    line = set(lemma_words(line_name))
    extra = [w for w in product if w not in line]
    return bool(line) and line <= set(product) and bool(extra) and all(w in _DELIVERY_STATE for w in extra)


# delivery-state words that change the factor of a substance (liquefied or compressed gas, glacial acid)
_DELIVERY_STATE = frozenset({"liquid", "liquefied", "compressed", "glacial", "anhydrous", "prilled", "dense"})


@lru_cache(maxsize=4096)
def is_own_material(product_name: str, line_name: str, factor_name: str | None) -> bool:
    """True when the product *is* the material of an input line: both names read as the same material
    concept and every word of the product name beyond the material's own words (its head, less form words
    such as "tube" or "film") is a delivery-state word
    (:data:`_STATE_WORDS`) or is said by the factor's own name ("Copper cathode" with a factor named
    "Copper cathode (grade A)"). Then the input's factor already describes making the product, and no
    process energy of a product class is added on top ("Caustic soda" = 100 % sodium hydroxide).
    A product formed from the material ("Steel pipe" from steel) is not its own material. When neither name
    reads as a concept, the words decide: the input's words are all in the product's name and the product's
    other words are state words, numbers or the factor's own words ("Chlorine" = chlorine)."""
    product_name = without_defined_abbreviation(product_name)  # "Monoethylene glycol (MEG)"
    if names_product_in_state(product_name, line_name) and factor_name is not None and all(
            w in lemma_words(factor_name) for w in lemma_words(product_name) if w not in lemma_words(line_name)):
        return True  # "nitrogen" in "Liquid nitrogen" priced by a liquid-nitrogen factor
    product = read_name(product_name)
    line = read_name(line_name)
    if product.concept is None and line.concept is None:
        # a substance no concept names ("Chlorine", "Acetic acid (glacial)"): the same words, and the product's
        # other words are delivery-state words, concentrations or grades, or said by the factor's name
        line_words = set(lemma_words(line_name))
        product_words = lemma_words(product_name)
        said = set(lemma_words(factor_name or "")) | line_words
        return bool(line_words) and line_words <= set(product_words) and all(
            w in said or w in _STATE_WORDS or _is_number(w) for w in product_words)
    if product.concept is None or line.concept != product.concept:
        return False
    forms = concept_table().forms  # "tube", "film", "granulate": words of a form, not of the material
    said = set(lemma_words(factor_name or "")) | {w for w in product.head if w not in forms}
    return all(w in _STATE_WORDS for w in words_beyond(product, said))


def _boundary_decisions(lines: list[InputLine], product_class: str, handled: frozenset[str] = frozenset(),
                        product_name: str | None = None, further: frozenset[str] = frozenset()) -> float:
    """Record per material line whether its factor already covers the product's conversion step; return the
    share (0–1) of the product's non-packaging leaf mass that is covered (no process energy for it).
    Lines in ``handled`` (their stages already decided, e.g. textile stages) count as covered here and keep
    the boundary recorded for them. A line whose material is the product itself (:func:`is_own_material`)
    is covered: its factor is the product's own production. Lines in ``further`` (sawn timber made into a
    solid-wood article) are never covered: the product's step is a further step on the bought good."""
    covered = total = 0.0
    # lines with the same name, flag, factor and prior boundary records get the first one's decision (shared)
    decided: dict[tuple[Any, ...], tuple[InputLine, Any, Any]] = {}
    for line in lines:
        if line.children or line.kind != "material":
            continue
        if line.id in handled and line.role != "packaging":
            mass = line.rate.value if line.rate.unit == "kg" else 0.0
            total += mass
            covered += mass
            continue
        if line.role == "packaging":
            line.boundary = LineBoundary(conversion_energy="not_applicable", recycled_rule=(line.boundary.recycled_rule if line.boundary else None),
                                         reason="packaging is not converted by the product's process")
            continue
        mass = line.rate.value if line.rate.unit == "kg" else 0.0
        total += mass
        key = (line.name, line.recycled, id(line.factor), id(line.boundary), line.activity.method if line.activity else None)
        if key in decided:  # (the records of the key are kept in ``decided``: their ids stay theirs)
            line.boundary = decided[key][0].boundary
            if line.boundary.conversion_energy == "covered_by_factor":
                covered += mass
            continue
        decided[key] = (line, line.factor, line.boundary)
        stages = line.factor.stages if line.factor is not None else []
        rule = line.boundary.recycled_rule if line.boundary else None
        prior = line.boundary.reason if line.boundary else ""
        if line.id in further:
            line.boundary = LineBoundary(conversion_energy="added", recycled_rule=rule, reason="; ".join(x for x in (
                f"sawn timber made into a solid-wood article: machining, gluing and assembly are a further step "
                f"that its factor does not cover, so this mass is in the base of the '{product_class}' process energy",
                prior) if x))
            continue
        remelted = (product_class in _MELTING_CLASSES and line.recycled and line.factor is not None
                    and line.factor.id != CUT_OFF_FEEDSTOCK_ID and looks_recycled(line.factor))
        if remelted:  # a secondary-material factor includes reprocessing the feed, remelting included
            covered += mass
            line.boundary = LineBoundary(conversion_energy="covered_by_factor", recycled_rule=rule, reason="; ".join(x for x in (
                f"secondary-material factor: its reprocessing of the recycled feed includes the melting, so no "
                f"'{product_class}' furnace energy for this mass", prior) if x))
        elif (product_name and line.factor is not None and line.factor.id != CUT_OFF_FEEDSTOCK_ID
              and (line.activity is None or line.activity.method != "class")
              and is_own_material(product_name, line.name, line.factor.name)):
            covered += mass
            line.boundary = LineBoundary(conversion_energy="covered_by_factor", recycled_rule=rule, reason="; ".join(x for x in (
                f"the input is the product itself ('{line.name}' for '{product_name}'): its factor is the product's own "
                f"production, so no '{product_class}' process energy for this mass", prior) if x))
        elif product_class == "food_canning" and line.factor is not None and canned_state(line.factor.name):
            covered += mass  # a canned-food factor already includes its retorting
            line.boundary = LineBoundary(conversion_energy="covered_by_factor", recycled_rule=rule, reason="; ".join(x for x in (
                f"the factor is for a canned or sterilised food ({line.factor.name!r}): its retorting is inside it, so "
                "no 'food_canning' process energy for this mass", prior) if x))
        elif (product_name and line.factor is not None and line.factor.id != CUT_OFF_FEEDSTOCK_ID
              and (formed := formed_product_in_factor(product_name, line.factor.name, product_class))):
            covered += mass  # a factor for the formed product itself already includes its forming
            line.boundary = LineBoundary(conversion_energy="covered_by_factor", recycled_rule=rule, reason="; ".join(x for x in (
                f"the factor {line.factor.name!r} is for the {formed} that '{product_name}' is: its forming is inside "
                f"it, so no '{product_class}' process energy for this mass", prior) if x))
        elif line.factor is not None and conversion_covered(stages, product_class) and line.factor.id != CUT_OFF_FEEDSTOCK_ID:
            covered += mass
            line.boundary = LineBoundary(conversion_energy="covered_by_factor", recycled_rule=rule, reason="; ".join(x for x in (
                f"the factor covers {', '.join(stages)}: no '{product_class}' process energy for this mass", prior) if x))
        else:
            why = ("no factor" if line.factor is None else
                   f"the factor covers {', '.join(stages) or 'material production (stages not stated)'}"
                   + (" but not this further step" if "conversion" in stages else ""))
            line.boundary = LineBoundary(conversion_energy="added", recycled_rule=rule, reason="; ".join(x for x in (
                f"{why}: this mass is in the base of the '{product_class}' process energy", prior) if x))
    return covered / total if total > 0 else 0.0


# ---------------------------------------------------------------- energy and process emissions


def energy_carrier(line_name: str) -> str:
    """The carrier of an energy line, as :func:`_energy_match` resolves it: 'electricity', or the fuel its name
    names ('hard coal', 'petroleum coke', 'fuel oil'), else 'natural gas' (heat of an unnamed fuel)."""
    if re.search(r"electric", line_name, re.I):
        return "electricity"
    return fuel_in(line_name) or "natural gas"


#: Open factors of the fuels other than natural gas, per kWh (net CV), burnt (combustion + supply): DESNZ 2024.
_FUEL_FACTOR_IDS = {
    "hard coal": "desnz2024:fuel:coal-industrial:burnt:kwh",
    "petroleum coke": "desnz2024:fuel:petroleum-coke:burnt:kwh",
    # metallurgical (coke-oven) coke has no open factor of its own: DESNZ coking coal burnt (0.436 kg CO2e/kWh)
    # stands for it — coke burns at about 107 t CO2/TJ (IPCC 2006 Guidelines, vol. 2, table 1.4, coke oven
    # coke; recalled) against coking coal's 94.6, so the proxy is if anything low (coke making not included)
    "coke": "desnz2024:fuel:coking-coal:burnt:kwh",
    "fuel oil": "desnz2024:fuel:fuel-oil:burnt:kwh",
}


def _energy_match(source: FactorResolver, carrier: str, region: Region | None) -> tuple[FactorMatch | None, str | None]:
    """(match, note) for 'electricity' (kWh, low-voltage grid of the region) or a fuel (MJ burnt: 'natural
    gas', 'hard coal', 'petroleum coke', 'fuel oil').

    Uses the open energy factors of :mod:`openpcf.factors` (grid intensity by country, DESNZ fuels); a
    user's factor source is asked first so that their own energy factors win.
    """
    import openpcf.factors as factors

    geo = region.code if region else None
    name = "electricity, low voltage" if carrier == "electricity" else f"{carrier}, burnt"
    unit = "kWh" if carrier == "electricity" else "MJ"
    user = getattr(source, "resolvers", None)
    if user is None and not isinstance(source, factors.ResolverChain):  # a plain user table: ask it first
        match = source.resolve(FactorQuery(name=name, unit=unit, geography=geo))
        if match is not None and acceptable(name, match, material=False):
            return match, None
    note = None
    try:
        if carrier == "electricity":
            codes = [c for c in ((region.code, region.alpha3) if region else ()) if c and c != "GLO"] + ["World"]
            factor = None
            for code in codes:
                try:
                    factor = factors.electricity_low_voltage(code)
                    break
                except (factors.UnknownGeographyError, KeyError, ValueError):
                    continue
            if factor is None:
                return None, None
            if region is not None and codes and code != codes[0]:
                note = f"no grid factor for {region.name}; used {code}"
        elif carrier in _FUEL_FACTOR_IDS:
            from openpcf.factors.library import open_library

            per_kwh = open_library().get(_FUEL_FACTOR_IDS[carrier])
            if per_kwh is None:
                return None, None
            factor = per_kwh.per("MJ")
        else:
            factor = factors.natural_gas_per_mj()
    except (factors.UnknownGeographyError, KeyError, ValueError):
        return None, None
    return FactorMatch(factor=factor, method="energy", score=1.0, confidence="high", resolver="open energy",
                       query=name, matched_text=factor.name), note


def heat_kind(carrier: str) -> str:
    """'electricity' or 'heat': a user's heat row of any fuel replaces the default heat."""
    return "electricity" if carrier == "electricity" else "heat"


def default_heat_name(fuel: str) -> str:
    """The name of a class default's heat line burning ``fuel`` ("process heat (hard coal)")."""
    return f"process heat ({fuel})"


def _energy_lines(product_class: str, user_energy: list[InputLine], du: DeclaredUnit, mass: float | None,
                  source: FactorResolver, region: Region | None, covered_share: float = 0.0,
                  recycled_feed_kg: float = 0.0, stage_lines: Sequence[InputLine] = (),
                  product_text: tuple[str | None, ...] = ()) -> list[InputLine]:
    """Energy lines: the user's, the class default on the mass no factor or stage covers, the given stage
    lines (a user energy row of the same carrier replaces them), reprocessing of recycled feed."""
    default = energy_default(product_class)
    lines = list(user_energy)
    have = {heat_kind(energy_carrier(x.name)) for x in user_energy}
    per_unit = (mass if mass is not None else 0.0) * (1.0 - covered_share)
    scaled = (f"; applied to the {1 - covered_share:.0%} of the product's mass whose factors do not cover conversion "
              f"({covered_share:.0%} is mapped to factors that already include it)" if covered_share > 0 else "")
    fuel = process_fuel(product_class, region.code if region else None, *product_text)
    fuel_note = (f"; fuel: {fuel} (the class's kilns in {region.name if region else 'this region'} burn mainly "
                 f"{fuel}; openpcf.engine.process_energy.KILN_FUEL_BY_REGION)" if fuel != "natural gas" else
                 "; fuel: natural gas (the documented default)")
    if fuel != process_fuel(product_class, region.code if region else None):
        fuel_note = (f"; fuel: {fuel} (the product's name or description names a product melted mainly with {fuel}, "
                     "e.g. stone wool in coke-fired cupolas; openpcf.engine.process_energy.PRODUCT_FUEL)")
    for carrier, value, unit in (("electricity", default.electricity_kwh_per_kg, "kWh"), (fuel, default.heat_mj_per_kg, "MJ")):
        if heat_kind(carrier) in have or value <= 0 or per_unit <= 1e-12:
            continue
        lines.append(InputLine(
            id=f"e{len(lines) + 1}",
            name="process electricity" if carrier == "electricity" else default_heat_name(fuel),
            kind="energy", role="process energy",
            rate=Rate(value=value * per_unit, unit=unit, origin="default", spread=default.spread,
                      note=f"{value:g} {unit}/kg default for '{default.label}': {default.basis}{scaled}"
                      + ("" if carrier == "electricity" else fuel_note)),
        ))
    for stage_line in stage_lines:
        carrier = heat_kind(energy_carrier(stage_line.name))
        if carrier not in have and stage_line.rate.value > 1e-12:
            lines.append(stage_line.model_copy(update={"id": f"e{len(lines) + 1}"}))
    if recycled_feed_kg > 0 and "electricity" not in have:
        lines.append(InputLine(
            id=f"e{len(lines) + 1}", name="reprocessing of recycled feedstock (electricity)", kind="energy",
            role="process energy",
            rate=Rate(value=REPROCESSING_KWH_PER_KG * recycled_feed_kg, unit="kWh", origin="default", spread=2.0,
                      note=f"{REPROCESSING_KWH_PER_KG:g} kWh per kg of cullet or scrap: sorting, crushing or shredding "
                      f"before the furnace ({RECYCLING_RULE}). Estimate."),
        ))
    for line in lines:
        carrier = energy_carrier(line.name)
        match, note = _energy_match(source, carrier, region)
        if match is not None:
            line.factor = provenance(match, method="energy", extra_note=note)
            line.activity = Activity(query=carrier, name=match.factor.name, id=match.factor.id, score=match.score, method="energy")
        else:
            line.activity = Activity(query=carrier)
    return lines


def _batch_yield(lines: list[InputLine], product_class: str, product_mass: float | None, checks: list[Check]) -> None:
    """A furnace batch written per kg of product: scale it for the carbonate CO2 that leaves it.

    Melting, firing or burning a batch releases the CO2 of its carbonates, so 1 kg of product needs
    1 / (1 − f) kg of batch, f = Σ carbonate mass × CO2 per kg of carbonate / batch mass (a limestone-only
    quicklime batch: f = 0.4397, 1.785 kg limestone per kg quicklime). Applied only in a thermal class
    (:data:`CARBONATE_FURNACE_CLASSES`) and only when the listed (non-packaging) masses add up to the
    product's mass, i.e. the batch was written as shares of the product; a BOM that gives the real batch
    masses is taken as given. Recorded as a ``batch_yield`` check and on every scaled line."""
    if product_class not in CARBONATE_FURNACE_CLASSES or not product_mass:
        return
    leaves = [x for x in lines if not x.children and x.kind == "material" and x.role != "packaging"
              and x.rate.unit == "kg" and x.rate.value > 0]
    batch = sum(x.rate.value for x in leaves)
    if batch <= 0 or abs(batch - product_mass) > BATCH_AS_PRODUCT_TOLERANCE * product_mass:
        return
    released = 0.0
    for x in leaves:
        carbonate = carbonate_of(x.name)
        if carbonate is not None:
            released += x.rate.value * CARBONATE_CO2[carbonate][1]
    if released <= 0 or released >= batch:
        return
    share = released / batch
    scale = 1.0 / (1.0 - share)
    note = (f"x {scale:.4f}: {share:.1%} of the batch leaves the {product_class.replace('_', ' ')} as carbonate CO2, "
            f"so 1 kg of product needs {scale:.4f} kg of batch")
    for x in leaves:
        x.rate = x.rate.model_copy(update={"value": x.rate.value * scale,
                                           "note": "; ".join(n for n in (x.rate.note, note) if n)})
    checks.append(Check(code="batch_yield", severity="info", passed=True, value=round(scale, 6),
                        input_ids=[x.id for x in leaves],
                        message=f"the batch was given per kg of product; scaled by {scale:.4f} for the carbonate CO2 "
                        f"({share:.1%} of the batch mass) released in the furnace or kiln"))


def _extract_yields(lines: list[InputLine], product: ProductSpec, checks: list[Check]) -> None:
    """A share of a raw ingredient in an extracted or concentrated product ("olives: 100%" for olive oil, "raw
    milk: 100%" for milk powder) is scaled to kg of raw ingredient per kg of product by the yield of
    :data:`openpcf.engine.extract_yield.EXTRACT_YIELDS` (olive oil: 5.5 kg olives per kg; kg per kg, recalled
    public figures). Only lines of a composition given in shares; a BOM or masses are taken as given.
    Recorded as an ``extract_yield`` check and on every scaled line."""
    if product.bom or not product.composition:
        return
    try:
        shares = {p.name for p in parse_composition(product.composition) if p.is_share}
    except CompositionError:
        return
    for x in lines:
        if x.children or x.kind != "material" or x.role == "packaging" or x.name not in shares or x.rate.unit != "kg":
            continue
        found = extract_yield(product.name, x.name)
        if found is None:
            continue
        if x.factor is None or factor_is_extract(found, x.factor.name):
            # no factor, or the line's factor already is the extract (no factor for the raw ingredient, and
            # the resolver took the product's own): scaling would count the yield twice
            checks.append(Check(code="extract_yield", severity="info", passed=True, value=1.0, input_ids=[x.id],
                                message=f"'{x.name}' is the raw ingredient of '{product.name}', but its factor "
                                f"({x.factor.name if x.factor else 'none'!r}) is not the raw ingredient's: not scaled "
                                f"by the yield ({found.kg_per_kg:g} kg per kg)"))
            continue
        note = (f"x {found.kg_per_kg:g} kg of {x.name} per kg of product ({found.basis}): the share names the raw "
                "ingredient, whose whole mass is charged to the product (no co-product allocation)")
        _scale_rate(x, found.kg_per_kg, note)
        checks.append(Check(code="extract_yield", severity="info", passed=True, value=found.kg_per_kg,
                            input_ids=[x.id],
                            message=f"'{x.name}' is the raw ingredient of '{product.name}': its share is scaled by "
                            f"{found.kg_per_kg:g} kg per kg of product ({found.basis})"))


def _textile_plan(lines: list[InputLine], product: ProductSpec, product_class: str
                  ) -> tuple[list[tuple[InputLine, list[EnergyDefault]]], frozenset[str]]:
    """For a textile product whose fabrication level is named: the stage chain of every textile input
    (from what its factor covers to the product's level) and the ids of the lines decided here.

    Inputs that are not textile materials are decided here only for a made-up article (trims, buttons,
    zips: bought components, no stage); in a fibre, yarn or fabric they keep the flat class default. An input whose factor already reaches the product's level gets no stage. An input whose chain
    cannot be built (a fibre product from a polymer) is left to the flat class default."""
    if product_class != "textiles":
        return [], frozenset()
    target = product_level(product.name, product.description)
    if target is None:
        return [], frozenset()
    route = fabric_route(product.name, product.description)
    plan: list[tuple[InputLine, list[EnergyDefault]]] = []
    handled: set[str] = set()
    for line in lines:
        if line.children or line.kind != "material" or line.role == "packaging" or line.rate.unit != "kg":
            continue
        factor_name = line.factor.name if line.factor is not None and line.factor.id != CUT_OFF_FEEDSTOCK_ID else None
        level = input_level(line.name, factor_name)
        rule = line.boundary.recycled_rule if line.boundary else None
        prior = line.boundary.reason if line.boundary else ""
        if level is None:
            if target < MADE_UP:  # an additive, dye or finish of a fibre, yarn or fabric: flat class default
                continue
            handled.add(line.id)
            line.boundary = LineBoundary(conversion_energy="not_applicable", recycled_rule=rule, reason="; ".join(x for x in (
                "not a textile material: a bought component of the article, no textile stage", prior) if x))
            continue
        if level >= target:
            handled.add(line.id)
            line.boundary = LineBoundary(conversion_energy="covered_by_factor", recycled_rule=rule, reason="; ".join(x for x in (
                f"the factor reaches the {LEVEL_NAMES[level]}: no textile stage for this mass", prior) if x))
            continue
        chain = stage_chain(level, target, route, coarse=coarse_bast_fibre(line.name, factor_name))
        if not chain:
            continue
        handled.add(line.id)
        plan.append((line, chain))
        line.boundary = LineBoundary(conversion_energy="added", recycled_rule=rule, reason="; ".join(x for x in (
            f"the factor covers the {LEVEL_NAMES[level]}; textile stages added up to the {LEVEL_NAMES[target]}: "
            + ", ".join(s.label for s in chain), prior) if x))
    return plan, frozenset(handled)


def _textile_stage_lines(plan: list[tuple[InputLine, list[EnergyDefault]]]) -> list[InputLine]:
    """Scale each planned input by its stage yields and return one electricity and one heat line per stage
    (summed over the inputs), each naming its stage default and source."""
    energy: dict[tuple[str, str], float] = {}
    stages: dict[str, EnergyDefault] = {}
    for line, chain in plan:
        product_kg = line.rate.value
        for stage, output_kg in stage_outputs(chain, product_kg):
            stages[stage.key] = stage
            for carrier, per_kg in (("electricity", stage.electricity_kwh_per_kg), ("heat", stage.heat_mj_per_kg)):
                if per_kg > 0:
                    energy[(stage.key, carrier)] = energy.get((stage.key, carrier), 0.0) + per_kg * output_kg
        factor = input_per_product(chain)
        yields = " x ".join(f"{s.input_per_output:g} ({s.key.replace('_', ' ')})" for s in chain)
        line.rate = line.rate.model_copy(update={"value": product_kg * factor, "note": "; ".join(n for n in (
            line.rate.note, f"x {factor:.4f} input per kg of product through the textile stages: {yields}") if n)})
    out: list[InputLine] = []
    for (key, carrier), value in energy.items():
        stage = stages[key]
        per_kg = stage.electricity_kwh_per_kg if carrier == "electricity" else stage.heat_mj_per_kg
        unit = "kWh" if carrier == "electricity" else "MJ"
        out.append(InputLine(
            id=f"e{len(out) + 1}", kind="energy", role="process energy",
            name=f"textile stage: {stage.label} ({'electricity' if carrier == 'electricity' else 'heat, natural gas'})",
            rate=Rate(value=value, unit=unit, origin="default", spread=stage.spread,
                      note=f"{per_kg:g} {unit} per kg of {LEVEL_NAMES[output_level(stage)]} out of this stage: {stage.basis}"),
        ))
    return out


def _solid_wood_yield(lines: list[InputLine], product: ProductSpec, checks: list[Check]) -> frozenset[str]:
    """Solid-wood furniture or joinery: every sawn solid-wood input (material class wood, not a panel, veneer
    or residue by its name and its factor's) is scaled by the rough-milling yield
    (:data:`SOLID_WOOD_ROUGH_MILLING`: kg of sawn timber per kg of wood in the article). Only when the product
    names such an article; a listed mass is read as the wood in the finished article. Returns the ids of the
    scaled lines: making the article from bought sawn timber (machining, gluing, assembly) is a further step
    that a sawn-timber factor does not cover, whatever stages it states."""
    if not solid_wood_article(product.name, product.description):
        return frozenset()
    stage = SOLID_WOOD_ROUGH_MILLING
    return _scale_bought_materials(
        lines, stage, lambda x: own_material_class(x.name) == "wood" and is_solid_wood(x.name, x.factor.name),
        per=f"kg of sawn timber per kg of solid wood in the article ({stage.label})", code="solid_wood_yield",
        why="solid-wood article", what="the rough-milling yield of sawn timber", checks=checks)


def _metal_parts_yield(lines: list[InputLine], product_class: str, checks: list[Check]) -> frozenset[str]:
    """A machine or appliance (``machinery_assembly``): every metal input that is made into parts by cutting,
    stamping or machining bought sheet, tube or bar (material class metal by its own name; not a fastener,
    wire, spring, casting or recycled feed) is scaled by the fabrication scrap (:data:`METAL_PARTS_SCRAP`: kg
    of metal bought per kg of part). A listed mass is read as the metal in the finished product. Returns the
    ids of the scaled lines."""
    if not machine_product(product_class):
        return frozenset()
    stage = METAL_PARTS_SCRAP
    return _scale_bought_materials(
        lines, stage, lambda x: not x.recycled and own_material_class(x.name) == "metal" and is_fabricated_metal_part(x.name),
        per=f"kg of metal bought per kg of metal part ({stage.label})", code="metal_parts_yield",
        why="machine or appliance", what="the fabrication scrap of metal parts", checks=checks)


def _footwear_cutting_yield(lines: list[InputLine], product_class: str, checks: list[Check]) -> frozenset[str]:
    """Footwear: every upper or lining material cut from a hide or roll (leather, fabric, mesh, canvas, synthetic
    leather by its name — not a sole, lace, thread, foam or board; :func:`cut_from_sheet`) is scaled by the cutting
    waste (:data:`FOOTWEAR_CUTTING_WASTE`: kg bought per kg in the shoe). A listed mass is read as the material in
    the finished shoe. Returns the ids of the scaled lines."""
    if product_class != "footwear":
        return frozenset()
    stage = FOOTWEAR_CUTTING_WASTE
    return _scale_bought_materials(
        lines, stage, lambda x: not x.recycled and cut_from_sheet(x.name),
        per=f"kg of upper material bought per kg in the shoe ({stage.label})", code="footwear_cutting_yield",
        why="footwear", what="the cutting waste of upper and lining materials", checks=checks)


def _scale_rate(line: InputLine, factor: float, note: str) -> None:
    """Multiply a line's rate by ``factor`` and add ``note`` to the rate's note (the trace says why)."""
    line.rate = line.rate.model_copy(update={"value": line.rate.value * factor,
                                             "note": "; ".join(n for n in (line.rate.note, note) if n)})


def _scale_bought_materials(lines: list[InputLine], stage: EnergyDefault, select: Callable[[InputLine], bool], *,
                            per: str, code: str, why: str, what: str, checks: list[Check]) -> frozenset[str]:
    """Scale every bought material line (a leaf with its own factor, rate in kg, not packaging or a cut-off
    feedstock) that ``select`` accepts by the stage's kg of input per kg of output; record one info check
    ``code`` naming the scaled lines. Returns their ids."""
    scaled = []
    for line in lines:
        if (line.children or line.kind != "material" or line.role != "product" or line.rate.unit != "kg"
                or line.rate.value <= 0 or line.factor is None or line.factor.id == CUT_OFF_FEEDSTOCK_ID):
            continue
        if not select(line):
            continue
        _scale_rate(line, stage.input_per_output, f"x {stage.input_per_output:.4f} {per}: {stage.basis}")
        scaled.append(line)
    if scaled:
        names = ", ".join(repr(x.name) for x in scaled[:10]) + (f" and {len(scaled) - 10} more" if len(scaled) > 10 else "")
        checks.append(Check(code=code, severity="info", passed=True, value=round(stage.input_per_output, 6),
                            input_ids=[x.id for x in scaled],
                            message=f"{why}: {names} scaled by {stage.input_per_output:.4f} for {what}"))
    return frozenset(x.id for x in scaled)


#: Material classes of a crop grown under glass (the produce that a greenhouse's heat is per kg of).
GREENHOUSE_CROP_CLASSES = frozenset({"vegetable", "fruit", "herb"})


def _is_crop(line: InputLine) -> bool:
    """A vegetable, fruit or herb by its own name's class; or, for a name of no known class ("sweet peppers"),
    by its factor being a raw food of the AGRIBALYSE food database ("…, raw")."""
    kind = own_material_class(line.name)
    if kind is not None:
        return kind in GREENHOUSE_CROP_CLASSES
    f = line.factor
    return f is not None and f.id.startswith("agribalyse") and bool(re.search(r"\braw\b", f.name, re.I))


def _greenhouse_lines(lines: list[InputLine], product: ProductSpec) -> list[InputLine]:
    """One heat line for the produce grown in a heated greenhouse: :data:`GREENHOUSE_HEATING` MJ per kg of the
    vegetable, fruit and herb inputs, when the product's name or description says heated greenhouse (then all
    of its produce) or an input's own name says it (then that input). Nothing for an unheated greenhouse."""
    whole = heated_greenhouse(product.name, product.description)
    produce = [x for x in lines if not x.children and x.kind == "material" and x.role == "product"
               and x.rate.unit == "kg" and x.rate.value > 0 and (whole or heated_greenhouse(x.name))
               and _is_crop(x)]
    kg = sum(x.rate.value for x in produce)
    if kg <= 0:
        return []
    d = GREENHOUSE_HEATING
    return [InputLine(
        id="e1", kind="energy", role="process energy", name="greenhouse heating (natural gas)",
        rate=Rate(value=d.heat_mj_per_kg * kg, unit="MJ", origin="default", spread=d.spread,
                  note=f"{d.heat_mj_per_kg:g} MJ per kg of produce grown in a heated greenhouse x {kg:.4g} kg ("
                  + ", ".join(x.name for x in produce) + f"): {d.basis}"),
    )]


def _process_lines(materials: list[InputLine], product_class: str, start: int) -> list[InputLine]:
    """Direct CO2 from carbonates decomposed in a furnace or kiln (glass melting, ceramic firing, lime and
    clinker burning); geogenic CO2, GWP 1. Not for a cold mix (a filler in a paint or a compound)."""
    if product_class not in CARBONATE_FURNACE_CLASSES:
        return []
    out = []
    for line in materials:
        carbonate = carbonate_of(line.name) if not line.children else None
        if carbonate is None or line.rate.value <= 0:
            continue
        basis, value = CARBONATE_CO2[carbonate]
        out.append(InputLine(
            id=f"p{start + len(out)}", name=f"CO2 from {line.name} in the furnace or kiln", kind="process",
            role="process emission",
            parent_id=None, rate=Rate(value=line.rate.value, unit="kg", origin=line.rate.origin, spread=line.rate.spread,
                                      note=f"mass of {line.name!r} decomposed"),
            activity=Activity(query=carbonate, name=f"{carbonate} decomposition", method="computed"),
            factor=FactorProvenance(
                id=f"openpcf:stoichiometry:{carbonate.replace(' ', '-')}", name=f"CO2 released by {carbonate} decomposition",
                value=value, unit="kg", source=f"Stoichiometry, IUPAC standard atomic weights ({basis})",
                license="public domain (physical constants)", gwp="CO2 (GWP 1), fossil (geogenic carbonate carbon)",
                boundary="direct process emission",
                quality="high", match_method="computed", confidence="high", spread=1.05,
            ),
        ))
    return out


# ---------------------------------------------------------------- entry point


def estimate(
    product: ProductSpec,
    *,
    region: str | None = None,
    seed: int = 0,
    source: FactorResolver | None = None,
    runs: int = DEFAULT_RUNS,
    product_class: str | None = None,
    bom_by: str | None = None,
) -> Trace:
    """Estimate kg CO2e per declared unit of ``product`` and return the full trace (no model calls: the
    engine is model-free; a language model's help lives in :mod:`openpcf.systems.model.estimate`).

    ``region`` overrides ``product.region`` (country name or ISO code); ``source`` is the factor source
    (default: the open library); ``seed`` and ``runs`` drive the Monte Carlo; ``bom_by`` names the model
    that proposed the BOM (its rates get origin ``model``).
    """
    with collector_paused():  # its records are freed by reference counting; see engine/collector.py
        return _estimate(product, region=region, seed=seed, source=source, runs=runs, product_class=product_class,
                         bom_by=bom_by)


def _estimate(product: ProductSpec, *, region: str | None, seed: int, source: FactorResolver | None, runs: int,
              product_class: str | None, bom_by: str | None) -> Trace:
    source = source if source is not None else default_factor_source()
    du = parse_declared_unit(product.declared_unit, product.declared_mass_kg)
    region_text = region if region is not None else product.region
    reg = parse_region(region_text)
    checks: list[Check] = []
    if region_text and reg is None:
        checks.append(Check(code="region", severity="warning", passed=False,
                            message=f"region {region_text!r} not recognised; global defaults used"))
    model_name = bom_by
    du = _typical_device_mass(product, du, checks)
    try:
        materials, user_energy = _material_lines(product, du, checks)
    except CompositionError as exc:
        raise EstimateError(str(exc)) from None
    du = declared_mass_from_masses(du, materials, checks)  # per-item BOM: Σ listed masses is one item's mass
    if model_name:
        for line in (*materials, *user_energy):
            line.rate = line.rate.model_copy(update={"origin": "model", "spread": RATE_SPREAD["model"]})
    _apply_recycled_content(materials, product.recycled_content, checks)
    _apply_recycled_statement(materials, product.description, checks)
    components = [(x.name, x.rate.value) for x in materials if not x.children]
    cls = product_class or infer_product_class(product.name, product.description, components)
    container = implied_container(product.name, cls, product.declared_unit)
    mass_kg = du.unit_mass_kg()
    if container is not None and mass_kg and not any(x.role == "packaging" for x in materials):
        materials.append(InputLine(
            id=f"m{len(materials) + 1}", name=f"{container.name} (assumed: implied by the product name)",
            role="packaging",
            rate=Rate(value=container.kg_per_kg * mass_kg, unit="kg", origin="default", spread=1.5,
                      note=f"{container.kg_per_kg:g} kg per kg of contents: {container.basis} (estimate)"),
            activity=Activity(query=container.query, method="user"),
        ))
    trace = Trace(
        product=ProductInfo(
            name=product.name, description=product.description, declared_unit=du,
            region=reg.code if reg else None, region_as_given=region_text,
            category=product.category or cls, category_origin="user" if product.category else "inferred",
            composition_as_given=product.composition,
            recycled_content=None if product.recycled_content is None else str(product.recycled_content),
        ),
        inputs=materials,
        versions=Versions(software=_software_version(), factor_library=_library_version(source), model=model_name),
        settings={"seed": seed, "runs": runs, "product_class": cls, "factor_source": getattr(source, "name", None),
                  "recycled_content_rule": RECYCLING_RULE},
    )
    _batch_yield(trace.inputs, cls, mass_kg, checks)
    _resolve_materials(trace.inputs, source, reg, product.name, cls)
    from_precursors = _precursors_of_named_material(trace.inputs, source, reg, product.name, mass_kg, checks)
    _extract_yields(trace.inputs, product, checks)
    _water_lines(trace.inputs, source, reg, cls)
    further = _solid_wood_yield(trace.inputs, product, checks)
    _metal_parts_yield(trace.inputs, cls, checks)
    _footwear_cutting_yield(trace.inputs, cls, checks)
    mass = declared_mass_kg(trace)
    plan, handled = _textile_plan(trace.inputs, product, cls)
    covered = _boundary_decisions(trace.inputs, cls, handled | from_precursors, product_name=product.name, further=further)
    stage_lines = _textile_stage_lines(plan) + _greenhouse_lines(trace.inputs, product)
    feed = sum(x.rate.value for x in trace.leaves()
               if x.factor is not None and x.factor.id == CUT_OFF_FEEDSTOCK_ID and x.rate.unit == "kg")
    energy = _energy_lines(cls, user_energy, du, mass, source, reg, covered_share=covered, recycled_feed_kg=feed,
                           stage_lines=stage_lines, product_text=(product.name, product.description))
    energy += _process_lines([x for x in trace.inputs if x.id not in from_precursors], cls, 1)
    trace.energy = energy
    trace.checks = checks
    return finish(trace, seed=seed, runs=runs, in_place=True)  # the trace was built here: no copy of its lines


def finish(trace: Trace, *, seed: int = 0, runs: int = DEFAULT_RUNS, in_place: bool = False) -> Trace:
    """Contributions, total, checks and Monte Carlo of a trace whose lines and factors are set.

    Returns a new trace and leaves ``trace`` as it was; with ``in_place`` (a caller that owns ``trace`` and
    drops it) the lines of ``trace`` itself are written and it is returned."""
    keep = [c for c in trace.checks if c.code in ("composition_sum", "region", "reconciliation", "recycled_content", "precursor_composition",
                                                  "declared_mass", "batch_yield", "extract_yield", "solid_wood_yield",
                                                  "metal_parts_yield", "footwear_cutting_yield")]
    out = require_finite(summarise_in_place(trace) if in_place else summarise(trace))
    out.checks = keep + structural_checks(out)
    out.uncertainty = monte_carlo(out, runs=runs, seed=seed)
    return require_finite(with_uncertainty(out))  # the lines are summarised above: only the interval is new

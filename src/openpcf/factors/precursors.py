"""A material and its precursors: the library factors an openpcf recipe is built from.

A recipe factor (``literature.csv``, column ``recipe``) records each input in its ``details`` as
``"<factor id> x <kg per kg>"`` (energy terms as ``"electricity x 25"``, ``"heat x 30"``, ``"gas x 9"``; a
farm-gate stage as ``"<id>.agriculture x <kg>"``). The inputs that are library factors are the material's
*precursors*: polyacrylonitrile fibre for PAN carbon fibre, silica sand, limestone, kaolin and colemanite for
E-glass fibre. A product named as such a material whose composition lists only its precursors ("Carbon fibre:
polyacrylonitrile precursor 100 %") is made *from* them by a conversion step the precursors' own factors leave
out (carbonisation, melting and fiberising); the named material's factor includes the precursors and that
step. Pure functions; amounts in kg of input per kg of the material.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from openpcf.factors.record import Factor

# recipe terms that are energy, not a precursor material (see scripts/build_factor_library.py, recipe_energy)
ENERGY_TERMS = frozenset({"electricity", "heat", "gas"})
# the share of a composition's listed material mass that must be precursors of the named material before the
# named material's factor prices them: a composition that is mostly something else is a product of its own
MIN_PRECURSOR_SHARE = 0.9
# kg of precursors per kg of the material at or above which the recipe is a conversion that loses mass (2 kg PAN
# per kg carbon fibre, about 1.3 kg of carbonate batch per kg glass fibre, scrap with its melt loss); a recipe
# whose inputs add up to its own mass (a mortar, a paint, a copolymer) is a mixture, priced by its components
MIN_PRECURSOR_KG = 1.05
# yarns and fabrics made from fibres are the engine's textile stages (spinning, weaving, knitting, wet
# processing with their own energy and losses): this rule leaves them to those stages
TEXTILE_SEGMENTS = frozenset({"textile"})


def _segment(factor_id: str) -> str:
    parts = factor_id.split(":")
    return parts[1] if len(parts) > 2 else ""


def recipe_inputs(factor: Factor) -> dict[str, float]:
    """The library factors ``factor``'s recipe is built from, id → kg per kg of the material (a farm-gate stage
    ``"<id>.agriculture"`` counts as the factor ``<id>``); energy terms left out; ``{}`` for a factor that is
    no recipe."""
    out: dict[str, float] = {}
    for key in factor.details:
        ref, sep, amount = key.rpartition(" x ")
        if not sep or ref in ENERGY_TERMS:
            continue
        try:
            kg = float(amount)
        except ValueError:
            continue
        ref = ref.removesuffix(".agriculture")
        out[ref] = out.get(ref, 0.0) + kg
    return out


def precursor_share(material: Factor, line_factors: Mapping[str, float]) -> float:
    """The share (0–1) of the listed mass whose factor is a precursor of ``material``. ``line_factors``:
    factor id of each listed material (or ``""`` when it has none) → its mass in kg, summed per id."""
    total = sum(line_factors.values())
    if total <= 0:
        return 0.0
    inputs = recipe_inputs(material)
    return sum(kg for fid, kg in line_factors.items() if fid and fid in inputs) / total


def priced_by_named_material(material: Factor, line_factors: Mapping[str, float]) -> bool:
    """True when a product named as ``material`` (a recipe factor of a non-food, non-textile material that
    converts its precursors with a mass loss, :func:`is_conversion`) lists at least :data:`MIN_PRECURSOR_SHARE` of its mass as
    ``material``'s precursors and does not list ``material`` itself:
    then its precursor lines are priced by ``material``'s own factor, which includes them and the conversion
    step between (no precursor is counted twice, no step left out)."""
    if (material.id in line_factors or material.category == "food" or _segment(material.id) in TEXTILE_SEGMENTS
            or not is_conversion(material)):
        return False
    return precursor_share(material, line_factors) >= MIN_PRECURSOR_SHARE


def is_conversion(material: Factor) -> bool:
    """True when ``material`` is a recipe that turns more precursor mass into one kg of itself
    (:data:`MIN_PRECURSOR_KG` or more): a conversion with a mass loss, not a mixture of its inputs."""
    return sum(recipe_inputs(material).values()) >= MIN_PRECURSOR_KG


def conversion_precursor_ids(factors: Iterable[Factor]) -> frozenset[str]:
    """Every factor id that is a precursor of some conversion recipe among ``factors`` that this rule may
    restate (non-food, non-textile, :func:`is_conversion`): a composition whose mass is not mostly these needs
    no lookup of the product's own name."""
    return frozenset(fid for f in factors if f.category != "food" and _segment(f.id) not in TEXTILE_SEGMENTS
                     and is_conversion(f) for fid in recipe_inputs(f))


# how deep a chain of recipes is followed (fibre → yarn → fabric is two steps; a cycle never recurses further)
MAX_RECIPE_DEPTH = 6


def recipe_closure(material: Factor, by_id: Mapping[str, Factor], depth: int = MAX_RECIPE_DEPTH) -> dict[str, float]:
    """Every library factor ``material``'s recipe is built from, directly or through the recipes of its inputs,
    id → kg per kg of ``material`` (jute hessian: 1.04 kg jute yarn and, through the yarn, 1.04 x 1.08 kg jute
    fibre). An intermediate counts with its own amount as well as through its inputs."""
    out: dict[str, float] = {}
    if depth <= 0:
        return out
    for ref, kg in recipe_inputs(material).items():
        out[ref] = out.get(ref, 0.0) + kg
        inner = by_id.get(ref)
        if inner is not None and inner.id != material.id:
            for sub, sub_kg in recipe_closure(inner, by_id, depth - 1).items():
                out[sub] = out.get(sub, 0.0) + kg * sub_kg
    return out


def priced_by_named_textile(material: Factor, line_factors: Mapping[str, float], by_id: Mapping[str, Factor]) -> bool:
    """True when a product named as ``material`` (a recipe factor of a yarn or cloth, textile segment) lists at
    least :data:`MIN_PRECURSOR_SHARE` of its mass as materials its recipe chain is made from (a hessian cloth
    listed as "jute fibre 97 %; batching oil 3 %") and does not list ``material`` itself: the cloth's own row
    then prices those lines, with the spinning and weaving it includes, in place of the engine's generic textile
    stages on top of the fibre (each step counted once)."""
    if (material.id in line_factors or material.category == "food" or _segment(material.id) not in TEXTILE_SEGMENTS
            or not recipe_inputs(material)):
        return False
    total = sum(line_factors.values())
    if total <= 0:
        return False
    closure = recipe_closure(material, by_id)
    return sum(kg for fid, kg in line_factors.items() if fid and fid in closure) / total >= MIN_PRECURSOR_SHARE


def textile_precursor_ids(factors: Iterable[Factor]) -> frozenset[str]:
    """Every factor id in the recipe chain of some textile recipe among ``factors`` (see
    :func:`priced_by_named_textile`)."""
    listed = list(factors)
    by_id = {f.id: f for f in listed}
    return frozenset(fid for f in listed if f.category != "food" and _segment(f.id) in TEXTILE_SEGMENTS
                     for fid in recipe_closure(f, by_id))

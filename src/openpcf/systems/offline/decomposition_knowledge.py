"""The knowledge the offline decomposition solver reads: a material vocabulary and typical bills of
materials per product family (``data/offline/materials.json``, ``data/offline/product_families.json``).

Both files are written from general engineering, chemistry and food-processing knowledge; shares are
indicative masses per kg of product used only to order components, never an inventory.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from typing import Any

from pydantic import BaseModel, Field, model_validator

from openpcf.engine.extract_yield import extract_yield
from openpcf.paths import package_data
from openpcf.vocabulary.name_words import word_pattern


class Material(BaseModel):
    """A canonical input name with its family and the spellings that mention it."""

    name: str
    family: str
    synonyms: list[str]


class FamilyComponent(BaseModel):
    name: str
    share: float = Field(ge=0, description="indicative kg per kg of product (ordering only)")
    yield_of: str | None = Field(
        None,
        description="the share is the extraction yield of this raw ingredient in the named product (kg of "
        "olives per kg of 'olive oil'), read from the one table of yields the engine also applies "
        "(:data:`openpcf.engine.extract_yield.EXTRACT_YIELDS`); the family file then writes no number",
    )
    covers: list[str] = Field(default_factory=list, description="material families this component stands for")
    priced_as: str | None = Field(
        None,
        description="the name an estimate prices this input by when its own name finds no factor of its own "
        "(wood chips → wood residues, malt → barley); the component keeps its name in the bill of materials",
    )

    @model_validator(mode="before")
    @classmethod
    def _share_from_yield(cls, data: Any) -> Any:
        """A component with ``yield_of`` and no share takes the engine's extraction yield as its share."""
        if isinstance(data, dict) and data.get("yield_of") and "share" not in data:
            found = extract_yield(data["yield_of"], data["name"])
            if found is None:
                raise ValueError(f"no extraction yield of {data['name']!r} in {data['yield_of']!r} in "
                                 "openpcf.engine.extract_yield.EXTRACT_YIELDS")
            data = {**data, "share": found.kg_per_kg}
        return data


class ProductFamily(BaseModel):
    """Typical bill of materials of a product family, found by its cue words."""

    name: str
    cues: list[str]
    requires: list[str]
    components: list[FamilyComponent]
    main_family: str | None = None
    main_default: str | None = None
    recycled_first: bool = False
    excludes: list[str] = Field(
        default_factory=list,
        description="words that rule the family out (a polymer *resin* family is not a *compound*)",
    )
    requires_in_name: bool = Field(
        default=False,
        description="a required word must be in the product name: the family is the production route of a "
        "substance, which applies to the substance itself, not to a formulation based on it",
    )
    yield_recipe: bool = Field(
        default=False,
        description="the shares are kg of input per kg of product through a known yield (about 9-10 kg milk per "
        "kg of hard cheese, about 7 kg beet per kg of sugar): an estimate may take them as amounts, not "
        "normalise them to 100 % (which would price one kg of milk for one kg of cheese)",
    )
    estimate_as: str | None = Field(
        default=None,
        description="a commodity the factor library prices cradle-to-gate by its own route (primary aluminium, "
        "ammonia): an estimate prices the product as this rather than its precursors, whose prices leave out "
        "the process energy (electrolysis, reforming)",
    )
    estimate_as_named: dict[str, str] = Field(
        default_factory=dict,
        description="products of the family that are commodities with a cradle-to-gate factor of their own, by "
        "the canonical material the product name names → the name to price it as (a submerged-arc furnace "
        "family: 'ferrosilicon' → ferrosilicon, 'silicon' → silicon metal): the furnace inputs priced one by one "
        "leave out the furnace electricity",
    )
    estimate_as_when: list[str] = Field(
        default_factory=list,
        description="words one of which the text must say for ``estimate_as`` to apply (an unqualified "
        "'aluminium ingot' may be remelted scrap: only 'primary', 'electrolysis' … make it primary metal)",
    )
    typical_mass_kg: dict[str, float] = Field(
        default_factory=dict,
        description="kg of one declared unit ('item', 'm2', 'm3') of a typical product of the family: a class "
        "default used only when the user gives no mass for a declared unit that is not a mass",
    )
    generic: bool = Field(
        default=False,
        description="a fallback by kind of product whose template is a class guess (a machine element with no "
        "material named is steel): flagged in the trace (``generic_family``) and widens the estimate's interval",
    )
    defined_by_use: bool = Field(
        default=False,
        description="cues and required words also count inside purpose clauses: the product is named by "
        "what it is for ('an oil blend for asphalt modification' is an asphalt modifier)",
    )


@lru_cache(maxsize=1)
def materials() -> tuple[Material, ...]:
    data = json.loads(package_data("offline", "materials.json").read_text(encoding="utf-8"))
    return tuple(Material.model_validate(m) for m in data["materials"])


@lru_cache(maxsize=1)
def product_families() -> tuple[ProductFamily, ...]:
    data = json.loads(package_data("offline", "product_families.json").read_text(encoding="utf-8"))
    return tuple(ProductFamily.model_validate(f) for f in data["families"])


@lru_cache(maxsize=8)
def synonym_patterns(extra: tuple[str, ...] = ()) -> tuple[tuple[re.Pattern[str], int, Material], ...]:
    """Every synonym as ``(pattern, length, material)``, longest first (so "isopropyl alcohol" wins over
    "alcohol"). ``extra`` names (e.g. :func:`vocabulary_from_names` of a picklist) are added as materials
    of family ``vocabulary``."""
    known = {s.lower() for m in materials() for s in m.synonyms}
    added = [Material(name=n, family="vocabulary", synonyms=[n]) for n in extra if n.lower() not in known]
    out = [(word_pattern(s), len(s), m) for m in (*materials(), *added) for s in m.synonyms]
    return tuple(sorted(out, key=lambda e: -e[1]))


# Heads of activity/product names that are not input materials (processes, wastes, services, energy).
_NOT_MATERIAL = re.compile(
    r"waste|removed by|used |treatment|residue|sludge|scrap|working|service|transport|electricity|heat|"
    r"steam|energy|operation|processing|production|machining|turning|milling|drilling|contouring|blasting|"
    r"drawing|welding|grading|bundle|controller|computer|smartphone|laptop|battery|board|unit|emission|"
    r"for |\d",
    re.IGNORECASE,
)


def vocabulary_from_names(names: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    """Material words from product names such as the picklist's reference products: the head before the
    first comma ("polyethylene, high density, granulate" → "polyethylene"), without process, waste,
    service or energy heads and without words shorter than five letters."""
    heads: dict[str, None] = {}
    for name in names:
        head = name.split(",", 1)[0].strip().lower()
        if len(head) >= 5 and not _NOT_MATERIAL.search(head):
            heads.setdefault(head, None)
    return tuple(heads)

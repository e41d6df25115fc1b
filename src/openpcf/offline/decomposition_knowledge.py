"""The knowledge the offline decomposition solver reads: a material vocabulary and typical bills of
materials per product family (``data/offline/materials.json``, ``data/offline/product_families.json``).

Both files are written from general engineering, chemistry and food-processing knowledge; shares are
indicative masses per kg of product used only to order components, never an inventory.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache

from pydantic import BaseModel, Field

from openpcf.paths import package_data


class Material(BaseModel):
    """A canonical input name with its family and the spellings that mention it."""

    name: str
    family: str
    synonyms: list[str]


class FamilyComponent(BaseModel):
    name: str
    share: float = Field(ge=0, description="indicative kg per kg of product (ordering only)")
    covers: list[str] = Field(default_factory=list, description="material families this component stands for")


class ProductFamily(BaseModel):
    """Typical bill of materials of a product family, found by its cue words."""

    name: str
    cues: list[str]
    requires: list[str]
    components: list[FamilyComponent]
    main_family: str | None = None
    main_default: str | None = None
    recycled_first: bool = False


def word_pattern(word: str) -> re.Pattern[str]:
    """Whole-word pattern of a vocabulary entry. Short upper-case abbreviations (PE, PA6, CEM, Al) are
    matched case-sensitively so they do not fire on ordinary words (``pe`` in Italian, ``al``)."""
    escaped = re.escape(word).replace(r"\ ", r"[\s\-]+")
    body = rf"(?<![\w]){escaped}(?![\w])"
    cased = len(word) <= 4 and any(ch.isupper() for ch in word)
    return re.compile(body, 0 if cased else re.IGNORECASE)


@lru_cache(maxsize=1)
def materials() -> tuple[Material, ...]:
    data = json.loads(package_data("offline", "materials.json").read_text(encoding="utf-8"))
    return tuple(Material.model_validate(m) for m in data["materials"])


@lru_cache(maxsize=1)
def product_families() -> tuple[ProductFamily, ...]:
    data = json.loads(package_data("offline", "product_families.json").read_text(encoding="utf-8"))
    return tuple(ProductFamily.model_validate(f) for f in data["families"])


@lru_cache(maxsize=1)
def synonym_patterns() -> tuple[tuple[re.Pattern[str], int, Material], ...]:
    """Every synonym as ``(pattern, length, material)``, longest first (so "isopropyl alcohol" wins over
    "alcohol")."""
    out = [(word_pattern(s), len(s), m) for m in materials() for s in m.synonyms]
    return tuple(sorted(out, key=lambda e: -e[1]))

"""Typical mass of one declared unit by kind of product: the one table (``data/vocabulary/typical_unit_masses.json``).

A practitioner with no mass for "1 item" of a laptop, "1 m2" of carpet or "1 l" of paint takes the typical
mass of that kind of product and says so. Two layers do this and read this table: the engine, for a
composition in shares declared per item (or per kWh of a battery pack) with no mass given
(:mod:`openpcf.engine.estimation`), and the description-only estimates
(:mod:`openpcf.systems.offline.declared_unit_mass`). Every mass is the product as declared — the article
with what ships with it (a laptop's power adapter), without retail packaging — and its source is in
``basis`` (values recalled from public sources are marked ``recalled``). Units: kg per item, kg per kWh,
kg per m2 (area mass), kg per m3 (density, for any volume unit: l, ml, m3).

A kind is found by the head noun of the name (:func:`kind_of_product`): "Dishwasher tablets" is not a
dishwasher and "Steel door hinge" is not a door.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache

from openpcf.paths import package_data
from openpcf.vocabulary.name_words import name_head, word_pattern

#: Spread (GSD) of a kind's typical mass when the table gives none.
DEFAULT_SPREAD = 1.5
#: Words that may follow a kind word at the end of a name's head without changing the kind: generic nouns
#: ("laptop computer", "kettle model") and measure words of a size ("monitor 27 inch").
_NEUTRAL_AFTER = frozenset({
    "computer", "computers", "pc", "pcs", "device", "devices", "unit", "units", "appliance", "appliances",
    "product", "products", "model", "models", "version", "type", "series", "edition", "inch", "inches", "seater",
})
#: For a material sold by area or volume, also the form it is sold in ("plywood panel", "glass wool
#: insulation roll", "MDF board"); not for an item ("bed sheet" is not a bed).
_FORM_AFTER = frozenset({
    "panel", "panels", "board", "boards", "sheet", "sheets", "slab", "slabs", "plank", "planks", "roll", "rolls",
    "batt", "batts", "insulation", "material", "materials",
})
#: Head nouns that count pieces of something else: "Set of dining chairs", "Pack of towels".
_QUANTITY_HEADS = frozenset({"set", "sets", "pack", "packs", "pair", "pairs", "kit", "kits", "bundle", "bundles",
                             "box", "boxes", "case", "cases", "multipack"})
_WORD = re.compile(r"[^\W\d_][\w'-]*")


@dataclass(frozen=True)
class ProductKind:
    """A kind of product found by a word of its name, with a typical mass per declared unit
    (``typical_mass_kg``: "item", "kWh", "m2", "m3" → kg), its spread (GSD) and its source."""

    kind: str
    words: tuple[str, ...]
    typical_mass_kg: dict[str, float]
    spread: float
    basis: str


@lru_cache(maxsize=1)
def product_kinds() -> tuple[ProductKind, ...]:
    """The typical-mass table, in file order."""
    data = json.loads(package_data("vocabulary", "typical_unit_masses.json").read_text(encoding="utf-8"))
    return tuple(
        ProductKind(k["kind"], tuple(k["words"]), {u: float(v) for u, v in k["typical_mass_kg"].items()},
                    float(k.get("spread", DEFAULT_SPREAD)), k["basis"])
        for k in data["kinds"]
    )


def _covers_head(text: str, span: tuple[int, int], head: tuple[int, int], dim: str | None) -> bool:
    """True when a kind word at ``span`` is the head of the name: it ends at the head noun, spans it ("chest
    of drawers" over the head "chest"), or only neutral words follow it up to there ("Laptop computer";
    "Plywood panel" for an area or a volume)."""
    start, end = span
    if end == head[1] or (start <= head[0] and end >= head[1]):
        return True
    if end > head[1]:
        return False
    neutral = _NEUTRAL_AFTER | (_FORM_AFTER if dim in ("m2", "m3") else frozenset())
    between = _WORD.findall(text[end:head[1]])
    return bool(between) and all(w.lower() in neutral for w in between)


def _kind_at_head(text: str, dim: str | None) -> ProductKind | None:
    head = name_head(text)
    if head is None:
        return None
    best: tuple[int, int] | None = None
    chosen: ProductKind | None = None
    for kind in product_kinds():
        if dim is not None and dim not in kind.typical_mass_kg:
            continue
        for word in kind.words:
            for m in word_pattern(word).finditer(text):
                if not _covers_head(text, m.span(), head, dim):
                    continue
                key = (min(m.end(), head[1]), len(word))  # the kind word nearest the head, then the longer ("truck tyre")
                if best is None or key > best:
                    best, chosen = key, kind
    if chosen is None and text[head[0]:head[1]].lower() in _QUANTITY_HEADS:
        rest = text[head[1]:]
        cut = re.match(r"^\s*(?:of|with)\s+(?:\d+\s+)?", rest, re.IGNORECASE)
        if cut:
            return _kind_at_head(rest[cut.end():], dim)
    return chosen


def kind_of_product(name: str, dim: str | None = None) -> ProductKind | None:
    """The kind of product the head of the name is (among kinds with a typical mass per ``dim`` — "item",
    "kWh", "m2", "m3" — when given), or None. A kind word counts only at the head noun of the name, or
    followed by neutral words only: "sofa table" is a table, "table lamp" a lamp, "Dishwasher tablets" no
    kind; the nearer word to the head wins, then the longer ("truck tyre" over "tyre"). "Set of …",
    "Pack of …" look at what the set holds.

    >>> kind_of_product("Oak dining table, extendable", "item").kind
    'dining table'
    >>> kind_of_product("Steel door hinge", "item") is None
    True
    """
    return _kind_at_head(name, dim)


_PER_KWH = re.compile(r"\bper\s+kwh\b", re.IGNORECASE)


def typical_item_mass(name: str, description: str | None, unit: str) -> tuple[ProductKind, str] | None:
    """For the engine: the kind and the dimension ("item" or "kWh") whose typical mass one declared unit
    ``unit`` ("item" or "kWh", canonical) of the product has — read from the name, else from the head of
    the description's first clause — or None. A battery pack declared per item "per kWh" of capacity
    is per kWh."""
    if unit not in ("item", "kWh"):
        return None
    text = f"{name} {description or ''}"
    dim = "kWh" if unit == "kWh" or _PER_KWH.search(text) else "item"
    for source in (name, description or ""):
        kind = kind_of_product(source, dim) if source else None
        if kind is not None:
            return kind, dim
    return None

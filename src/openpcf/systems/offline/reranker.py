"""A learned re-ranker for picklist candidates, trained by distant supervision from the picklist itself.

The offline mapper retrieves 30 candidates with hybrid search and must put the right one first. How much a
dense cosine should count against a head-word match or a BM25 score is learned here, not hand-set, and
learned from the *catalogue*, not from benchmark answers:

- **queries generated from each activity** (:func:`training_queries`): its reference product said the way
  a buyer says it (qualifiers first: "polyethylene, high density, granulate" → "high density granulate
  polyethylene"), its base name with one qualifier, abbreviations and synonyms its product information
  gives ("… (LFP) …", "also known as …"), its product information's own opening phrase, its base name in
  the words of the project's language table ("zinc oxide" → "ossido de zinco", read back by the mapper's
  query handling) and the abbreviations and trade names the project's vocabulary gives for it ("HDPE");
- **hard negatives**: the other activities hybrid search retrieves for that query (near neighbours);
- **model**: pairwise logistic regression (RankNet with a linear scorer) on the difference of the
  positive's and a negative's features, standardised, L2, numpy only. The score of a candidate is the
  linear logit ``Σ wᵢ (xᵢ − meanᵢ) / scaleᵢ`` (comparable within one query only).

Features of a (need, candidate) pair (:data:`PAIR_FEATURES`) — all about 0–1:
``dense`` (cosine; missing without an embedder), ``lexical`` (BM25 / best BM25 of the query),
``fused_rank`` (1 / (1 + hybrid rank)), ``head_coverage`` (share of the need's head words the activity
names), ``precision`` (share of the activity's words found in the need), ``base_name`` (the activity's
base name, before ecoinvent's first comma, is wholly in the head and holds its head noun), ``head_noun``
(the activity names the head noun). A feature for the number of words of the activity was tried and
dropped: generated queries repeat every qualifier of their source, so it learned "longer is better", which
real needs do not support (model selection on the dev70 split, see docs/offline.md).

The fitted model is ``openpcf/data/offline/reranker_mapping.json``, written by
``scripts/fit_offline_reranker.py``; benchmark labels are never used to fit it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from pydantic import BaseModel, Field

from openpcf.catalog import ActivityRecord
from openpcf.paths import package_data
from openpcf.search import tokenize
from openpcf.systems.offline.calibration import fit_logistic
from openpcf.systems.offline.material_need import MaterialNeed, expand, query_of, read_need
from openpcf.systems.offline.picklist_search import Candidate, PicklistSearch
from openpcf.vocabulary.abbreviations import ABBREVIATIONS
from openpcf.vocabulary.material_words import RECYCLED_MARKERS
from openpcf.vocabulary.spellings import DATABASE_SPELLING
from openpcf.vocabulary.translation import foreign_name

#: Weight of the standardised hybrid-rank feature (``fused_rank``), set rather than learned. Generated queries
#: name their source's words, so on them dense and BM25 scores already say what the fused rank says and the
#: fit gives it ~0; on real needs the reciprocal-rank fusion is the more robust evidence. Chosen on the dev70
#: split (docs/offline.md): with the practitioner rules every weight tried (fitted ≈ 0.04; 0.5, 1, 2, 4) gives
#: 28 of 36; without them 17, 20, 20, 21, 24 — 4 keeps the mapper from leaning on its rules.
HYBRID_RANK_PRIOR = 4.0

PAIR_FEATURES = (
    "dense",
    "lexical",
    "fused_rank",
    "head_coverage",
    "precision",
    "base_name",
    "head_noun",
)


class Reranker(BaseModel):
    """Linear scorer over :data:`PAIR_FEATURES` (standardised); higher is a better candidate."""

    features: list[str]
    weights: list[float]
    mean: list[float]
    scale: list[float]
    fitted: str = "not fitted: equal weights"
    report: dict[str, Any] = Field(default_factory=dict)

    def score(self, features: Mapping[str, float]) -> float:
        """Logit of one candidate (a missing feature counts as its training mean, i.e. 0)."""
        z = 0.0
        for name, w, m, s in zip(self.features, self.weights, self.mean, self.scale, strict=True):
            z += w * (float(features.get(name, m)) - m) / (s or 1.0)
        return z


def default_reranker() -> Reranker:
    """Equal weights on every feature: the prior when no fitted file is shipped."""
    n = len(PAIR_FEATURES)
    return Reranker(features=list(PAIR_FEATURES), weights=[1.0] * n, mean=[0.0] * n, scale=[1.0] * n)


def reranker_path() -> Path:
    return package_data("offline", "reranker_mapping.json")


def load_reranker(path: str | Path | None = None) -> Reranker:
    p = Path(path) if path else reranker_path()
    if not p.is_file():
        return default_reranker()
    return Reranker.model_validate(json.loads(p.read_text(encoding="utf-8")))


# ---------------------------------------------------------------- pair features


def need_words(need: MaterialNeed) -> tuple[set[str], set[str]]:
    """(head words, head + context words) of a need, acronyms expanded."""
    head = set(tokenize(expand(need.head)))
    return head, head | set(tokenize(expand(need.context)))


def pair_features(
    need: MaterialNeed, c: Candidate, rank: int, *, head: set[str], everything: set[str]
) -> dict[str, float]:
    """The re-ranker's evidence for one candidate (``rank`` = its 0-based hybrid rank)."""
    cand = c.tokens
    unique = set(cand)
    base = tuple(tokenize(c.reference_product.split(",")[0]))
    out = {
        "dense": c.dense,
        "lexical": c.lexical,
        "fused_rank": 1.0 / (1.0 + rank),
        "head_coverage": sum(1 for t in head if t in unique) / len(head) if head else 0.0,
        "precision": sum(1 for t in unique if t in everything) / len(unique) if unique else 0.0,
        "base_name": 1.0 if base and all(t in head for t in base) and need.head_noun in base else 0.0,
        "head_noun": 1.0 if need.head_noun and need.head_noun in unique else 0.0,
    }
    if c.dense <= 0:  # lexical-only search: no dense evidence (the model reads it as its mean)
        del out["dense"]
    return out


# ---------------------------------------------------------------- distant supervision


_ACRONYM = re.compile(r"\(([A-Z][A-Za-z0-9\-]{1,9})\)")
_SYNONYM = re.compile(
    r"\b(?:also (?:known|called|referred to) as|commonly (?:known as|called)|known as|trade names? (?:such as|like|is|are)?)"
    r"\s+['\"]?([A-Za-z][\w\- ]{2,40}?)['\"]?(?=[,.;()]|\s(?:is|are|and|or|which)\b)",
    re.IGNORECASE,
)
_OPENING = re.compile(r"^\s*(?:the\s+)?([A-Za-z][\w\-, ]{2,60}?)\s+(?:is|are)\s+(?:an?|the)\b", re.IGNORECASE)


@dataclass(frozen=True)
class TrainingQuery:
    text: str
    positive: int  # index of the activity the query was generated from
    kind: str


def buyer_phrasing(label: str) -> str:
    """ecoinvent's "base, qualifier, qualifier" said the way a buyer says it: "qualifier qualifier base"."""
    parts = [p.strip() for p in label.split(",") if p.strip()]
    return " ".join([*parts[1:], parts[0]]) if len(parts) > 1 else label.strip()


def abbreviates(word: str, before: str, label_tokens: set[str]) -> bool:
    """True when ``word`` in brackets abbreviates the words just before it, and those words belong to the
    activity's name: "lithium iron phosphate (LFP)" for "lithium iron phosphate", not "printed wiring board
    (PWB)" in the description of a resistor."""
    letters = [ch for ch in word if ch.isalpha()]
    if sum(ch.isupper() for ch in letters) < 2:
        return False
    words = re.findall(r"[A-Za-z][\w\-]*", before)[-len(letters) :]
    if not words or words[0][0].lower() != letters[0].lower():
        return False
    return any(t in label_tokens for w in words[-2:] for t in tokenize(w))


def vocabulary_names(records: Sequence[ActivityRecord], roles: Sequence[str]) -> dict[int, list[str]]:
    """Abbreviations and trade names of the project's vocabulary (:data:`ABBREVIATIONS`) by the material
    activity they name: the one whose name is the expansion (or its first part), else the shortest virgin
    one whose name starts with the expansion and a comma ("HDPE" → "polyethylene, high density, granulate")."""
    labels = [
        (i, r.label.strip().lower())
        for i, (r, role) in enumerate(zip(records, roles, strict=True))
        if role == "material"
    ]
    out: dict[int, list[str]] = {}
    for key, expansion in ABBREVIATIONS.items():
        if key in DATABASE_SPELLING:  # a spelling, not another name
            continue
        names = list(dict.fromkeys([expansion.lower(), expansion.split(",")[0].strip().lower()]))
        exact = [i for name in names for i, lab in labels if lab == name]
        prefixed = sorted(
            (len(lab), i)
            for i, lab in labels
            if lab.startswith(f"{names[0]},") and not RECYCLED_MARKERS.search(lab)
        )
        hit = exact[0] if exact else (prefixed[0][1] if prefixed else None)
        if hit is None:
            continue
        text = key.upper() if len(key) <= 5 and key.isalnum() else key
        out.setdefault(hit, []).append(text)
    return out


def training_queries(records: Sequence[ActivityRecord], roles: Sequence[str]) -> list[TrainingQuery]:
    """Queries a buyer could write for each material activity, generated from the activity's own names and
    product information and from the project's vocabulary (see the module docstring). Deterministic, in
    record order."""
    out: list[TrainingQuery] = []
    vocabulary = vocabulary_names(records, roles)
    said_foreign: set[str] = set()
    for i, (r, role) in enumerate(zip(records, roles, strict=True)):
        if role != "material":
            continue
        label = r.label.strip()
        phrased = buyer_phrasing(label)
        out.append(TrainingQuery(phrased, i, "buyer_phrasing"))
        parts = [p.strip() for p in label.split(",") if p.strip()]
        if len(parts) > 2:
            out.append(TrainingQuery(f"{parts[-1]} {parts[0]}", i, "base_and_qualifier"))
        foreign = foreign_name(label) if len(parts) == 1 else None  # a name without qualifiers: unambiguous
        if foreign and foreign not in said_foreign:
            said_foreign.add(foreign)
            out.append(TrainingQuery(foreign, i, "foreign_language"))
        out.extend(TrainingQuery(name, i, "vocabulary") for name in vocabulary.get(i, ()))
        info = r.description or ""
        label_tokens = set(tokenize(label))
        for m in _ACRONYM.finditer(info[:400]):
            word = m.group(1)
            if abbreviates(word, info[: m.start()], label_tokens) and word.lower() not in label.lower():
                out.append(TrainingQuery(word, i, "abbreviation"))
                break
        for m in _SYNONYM.finditer(info[:600]):
            syn = m.group(1).strip()
            if syn.lower() not in label.lower():
                out.append(TrainingQuery(syn, i, "synonym"))
                break
        opening = _OPENING.match(info)
        if opening:
            subject = opening.group(1).strip(" ,")
            if subject.lower() != label.lower() and not re.match(r"(?:this|it|product)\b", subject, re.IGNORECASE):
                out.append(TrainingQuery(subject, i, "information"))
    return out


def candidate_features(
    search: PicklistSearch, need: MaterialNeed, k: int
) -> tuple[list[Candidate], list[dict[str, float]]]:
    """Retrieve ``k`` candidates for a need (:func:`query_of`) and compute their pair features."""
    head, everything = need_words(need)
    cands = search.candidates(query_of(need), k)
    return cands, [pair_features(need, c, r, head=head, everything=everything) for r, c in enumerate(cands)]


def pairwise_design(
    groups: Iterable[tuple[int, list[dict[str, float]]]], features: Sequence[str], negatives: int
) -> tuple[np.ndarray, np.ndarray]:
    """(positive − negative) rows, each with its mirror, from groups of (positive position, features).

    A group whose positive was not retrieved gives nothing; ``negatives`` hardest (best-ranked) negatives
    per group are used. Missing features (no dense) are filled with 0 in both members of a pair.
    """
    rows: list[list[float]] = []
    for pos, feats in groups:
        if pos < 0:
            continue
        p = [feats[pos].get(f, 0.0) for f in features]
        used = 0
        for j, f in enumerate(feats):
            if j == pos:
                continue
            n = [f.get(name, 0.0) for name in features]
            rows.append([a - b for a, b in zip(p, n, strict=True)])
            used += 1
            if used >= negatives:
                break
    x = np.array(rows, dtype=float).reshape(-1, len(features))
    return np.vstack([x, -x]), np.concatenate([np.ones(len(x)), np.zeros(len(x))])


def fit_reranker(
    groups: Sequence[tuple[int, list[dict[str, float]]]],
    *,
    features: Sequence[str] = PAIR_FEATURES,
    negatives: int = 10,
    l2: float = 1.0,
    fitted: str = "",
    fixed: Mapping[str, float] | None = None,
) -> Reranker:
    """Pairwise L2 logistic regression; features standardised by their spread over all candidates.

    ``fixed`` sets the weight of named features after the fit (a prior the generated queries cannot teach:
    see :data:`HYBRID_RANK_PRIOR`)."""
    every = np.array([[f.get(n, 0.0) for n in features] for _, fs in groups for f in fs], dtype=float)
    mean = every.mean(axis=0)
    scale = every.std(axis=0)
    scale[scale == 0] = 1.0
    x, y = pairwise_design(groups, features, negatives)
    weights, _bias = fit_logistic(x / scale, y, l2=l2)
    weights = [float((fixed or {}).get(name, w)) for name, w in zip(features, weights, strict=True)]
    return Reranker(
        features=list(features),
        weights=[round(float(w), 6) for w in weights],
        mean=[round(float(m), 6) for m in mean],
        scale=[round(float(s), 6) for s in scale],
        fitted=fitted or f"pairwise L2 logistic regression (l2={l2}) on {len(x) // 2} pairs",
    )


def rerank_query(model: Reranker, search: PicklistSearch, query: str, k: int = 30) -> list[Candidate]:
    """Candidates for a bare query, best first by the re-ranker (ties: hybrid order)."""
    cands, feats = candidate_features(search, read_need(query), k)
    order = sorted(range(len(cands)), key=lambda i: (-model.score(feats[i]), i))
    return [cands[i] for i in order]

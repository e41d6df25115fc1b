"""Offline triage (PCFBench task 2): map a market directly to a background activity, or decompose it.

A practitioner maps when a background activity *is* the thing bought (grid electricity, caustic soda,
float glass) and decomposes when it is an assembly, a formulation, a blend or a material whose
specification the database cannot represent (recycled content, a finish, a multi-layer laminate).
The solver gathers evidence that transfers across items (see :func:`triage_features`) and turns it into
P(should_map) with a logistic model fitted on dev data (see :mod:`openpcf.systems.offline.calibration`):

- fabrication level: does the picklist hold a *material* activity for exactly this thing — the learned
  re-ranker's best match, whether it names the head noun, what it says that the market does not;
- compositeness from openpcf's decomposition knowledge: a known bill of materials for the product family,
  the number of materials the head phrase names;
- assembly, formulation and list words of the text; energy carriers and utilities, which every database has;
- the root-material context: a market whose head repeats the product being footprinted is its main
  constituent, which is usually specific enough to decompose.

The decision is ``P ≥ 0.5``; the confidence is ``max(P, 1 − P)``. The trace keeps every feature, the
best candidate activity and a one-line rationale.
"""

from __future__ import annotations

import math
import re
from pathlib import Path
from typing import Any

from openpcf.pcfbench.data import TriageInput, TriageRow
from openpcf.search import tokenize
from openpcf.systems.offline.calibration import Calibrator, load_calibration
from openpcf.systems.offline.decomposition import choose_family, find_mentions
from openpcf.systems.offline.material_need import RECYCLED_WORDS, expand, normalise_text, read_need
from openpcf.systems.offline.picklist_search import PicklistSearch
from openpcf.systems.offline.reranker import Reranker, candidate_features, load_reranker
from openpcf.systems.protocol import SolverResult

FEATURES = (
    "match",
    "head_coverage",
    "names_head_noun",
    "extra_words",
    "family_parts",
    "materials_named",
    "assembly_cues",
    "formulation_cues",
    "list_cues",
    "commodity_cues",
    "root_overlap",
)

_ASSEMBLY = re.compile(
    r"\b(?:assembl\w*|housing|enclosure|components?|parts?|module|unit|kit|set|frame|device|"
    r"subassembl\w*|board|harness|system|container|fabric)\b"
)
_LIST = re.compile(r"\band\b|/|,|\+|\bor\b|&")
_FORMULATION = re.compile(
    r"\b(?:blend\w*|mix\w*|formulat\w*|package|compound\w*|concentrates?|dispersion|emulsion|ingredients?|"
    r"preparation|multi-?\w+|composite|laminat\w*|alloy(?:ing)?|solution)\b"
)
_PROCESSING = re.compile(
    r"\b(?:pre-?\w+|coated|anodi[sz]ed|finish\w*|moulded|molded|extruded|machined|printed|dyed|cast|forged|"
    r"shredded|woven|knitted|rolled|remelted|impact)\b"
)
_COMMODITY = re.compile(
    r"\b(?:electricity|electrical power|grid|natural gas|water|steam|heat|thermal energy|diesel|fuel|"
    r"nitrogen|argon|oxygen|compressed air|lubricant)\b"
)


def _count(pattern: re.Pattern[str], text: str) -> float:
    return float(len(pattern.findall(text)))


def triage_features(
    inp: TriageInput, search: PicklistSearch, *, k: int = 20, reranker: Reranker | None = None
) -> tuple[dict[str, float], dict[str, Any]]:
    """The evidence features of one market (see :data:`FEATURES`) and the best candidate for the trace.

    Fabrication level: the learned re-ranker picks the best *material* activity for the market's head
    phrase; ``match`` is its score (0–1), ``head_coverage`` the share of the head words it names,
    ``names_head_noun`` whether it names the head noun (a "steel housing" matched by "steel" is matched at
    an ingredient's level), ``extra_words`` the share of its base-name words the market does not say (an
    activity for something more specific, or an assembly containing it). Compositeness: ``family_parts``
    = components of the typical bill of materials openpcf knows for the product family the head phrase
    points to (0: none known; 1: the material itself), ``materials_named`` = distinct materials the head
    phrase names. Text cues: assembly words, formulation words, lists, energy carriers and utilities.
    Root context: ``root_overlap`` = share of the head words that repeat the product being footprinted.
    """
    model = reranker if reranker is not None else load_reranker()
    name = normalise_text(inp.market.name)
    description = read_need(normalise_text(inp.market.description or "")).text
    need = read_need(name, description[:200])
    cands, feats = candidate_features(search, need, k)
    scored = sorted(
        (
            (1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, model.score(f))))), i)
            for i, (c, f) in enumerate(zip(cands, feats, strict=True))
            if c.role == "material"
        ),
        key=lambda t: (-t[0], t[1]),
    )
    best_score, best_i = scored[0] if scored else (0.0, -1)
    best = cands[best_i] if best_i >= 0 else None
    bf = feats[best_i] if best_i >= 0 else {}
    head = set(tokenize(expand(need.head)))
    everything = head | set(tokenize(f"{need.text} {description}"))
    base = set(tokenize(best.reference_product.split(",")[0])) if best else set()
    family, _cues = choose_family(need.head, None)
    named = {m.material.name for m in find_mentions(need.head, None)}
    root = normalise_text(inp.material_context_data.material_name or inp.material_context_data.name or "")
    root_tokens = set(tokenize(root))
    name_lower = need.text.lower()
    market_text = f"{need.text} {description}".lower()
    features = {
        "match": best_score,
        "head_coverage": bf.get("head_coverage", 0.0),
        "names_head_noun": bf.get("head_noun", 0.0),
        "same_product": bf.get("base_name", 0.0),
        "extra_words": (sum(1 for t in base if t not in everything) / len(base)) if base else 1.0,
        "family_parts": float(len(family.components)) if family else 0.0,
        "materials_named": float(len(named)),
        "assembly_cues": _count(_ASSEMBLY, name_lower),
        "formulation_cues": _count(_FORMULATION, market_text),
        "list_cues": _count(_LIST, name_lower),
        "commodity_cues": _count(_COMMODITY, name_lower),
        "root_overlap": (sum(1 for t in head if t in root_tokens) / len(head)) if head and root_tokens else 0.0,
        # kept for comparison in the fitting report, not in FEATURES:
        "processing_cues": _count(_PROCESSING, market_text),
        "recycled_cues": _count(RECYCLED_WORDS, market_text),
        "name_words": float(len(need.head_tokens)),
    }
    evidence_trace = {
        "head": need.head,
        "best_activity": best.reference_product if best is not None else None,
        "best_score": round(best_score, 4),
        "product_family": family.name if family else None,
    }
    return features, evidence_trace


def rationale(should_map: bool, features: dict[str, float], best: str | None) -> str:
    if should_map:
        return f"a background activity matches the market: '{best}' (head coverage {features['head_coverage']:.2f})"
    cues = [
        n.replace("_cues", "")
        for n in ("assembly_cues", "formulation_cues", "processing_cues", "recycled_cues", "list_cues")
        if features[n] > 0
    ]
    why = f"compositeness cues: {', '.join(cues)}" if cues else "no activity matches it well enough"
    return f"decompose: {why} (best activity '{best}', head coverage {features['head_coverage']:.2f})"


class OfflineTriage:
    """Task 2 solver (``--model offline``): deterministic, no network, explained."""

    name = "offline"

    def __init__(
        self, search: PicklistSearch, *, calibrator: Calibrator | None = None, reranker: Reranker | None = None
    ):
        self.search = search
        self.calibrator = calibrator if calibrator is not None else load_calibration("triage")
        self.reranker = reranker if reranker is not None else load_reranker()

    @classmethod
    def from_picklist(cls, picklist: str | Path, **options: Any) -> OfflineTriage:
        dense = options.pop("dense", True)
        return cls(PicklistSearch.from_file(picklist, dense=dense), **options)

    async def solve(self, row: TriageRow | dict[str, Any]) -> SolverResult:
        inp = row.input if isinstance(row, TriageRow) else TriageRow.model_validate(row).input
        if not tokenize(inp.market.name) and not tokenize(inp.market.description or ""):
            return SolverResult(error=f"market {inp.market.name!r} names nothing to triage")
        features, evidence = triage_features(inp, self.search, reranker=self.reranker)
        p_map = self.calibrator.probability(features)
        should_map = p_map >= 0.5
        return SolverResult(
            output={"should_map": should_map, "confidence": round(max(p_map, 1 - p_map), 4)},
            trace={
                "rationale": rationale(should_map, features, evidence["best_activity"]),
                "p_should_map": round(p_map, 4),
                "features": {k: round(v, 4) for k, v in features.items()},
                "calibration": self.calibrator.fitted,
                **evidence,
            },
        )

"""Offline triage (PCFBench task 2): map a market directly to a background activity, or decompose it.

A practitioner maps when a background activity *is* the thing bought (grid electricity, caustic soda,
float glass) and decomposes when it is an assembly, a formulation, a blend or a material whose
specification the database cannot represent (recycled content, a finish, a multi-layer laminate).
The solver gathers that evidence as a handful of numeric features and turns them into
P(should_map) with a logistic model fitted on dev data (see :mod:`openpcf.systems.offline.calibration`):

- retrieval evidence from the picklist: how well the best *material* activity matches the market's
  head phrase (dense cosine, head-word coverage, name precision) and its margin over the runner-up;
- compositeness cues of the market text: assembly/part/housing words, lists ("and", "/", commas in
  the name), blends/formulations/packages, pre-processing ("pre-coated", "anodized", "injection-moulded"),
  recycled content;
- simple-commodity cues: energy carriers and water, which every database has;
- the root-material context: a market whose head repeats the product being footprinted is its main
  constituent, which is usually specific enough to decompose.

The decision is ``P ≥ 0.5``; the confidence is ``max(P, 1 − P)``. The trace keeps every feature, the
best candidate activity and a one-line rationale.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from openpcf.pcfbench.data import TriageInput, TriageRow
from openpcf.search import tokenize
from openpcf.systems.offline.calibration import Calibrator, load_calibration
from openpcf.systems.offline.mapping import expand
from openpcf.systems.offline.material_need import normalise_text, read_need
from openpcf.systems.offline.picklist_search import PicklistSearch
from openpcf.systems.protocol import SolverResult
from openpcf.vocabulary.material_words import RECYCLED_MARKERS

FEATURES = (
    "dense",
    "head_coverage",
    "precision",
    "margin",
    "assembly_cues",
    "list_cues",
    "formulation_cues",
    "processing_cues",
    "recycled_cues",
    "commodity_cues",
    "root_overlap",
    "name_words",
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
    inp: TriageInput, search: PicklistSearch, *, k: int = 20
) -> tuple[dict[str, float], dict[str, Any]]:
    """The evidence features of one market (see :data:`FEATURES`) and the best candidate for the trace."""
    name = normalise_text(inp.market.name)
    description = normalise_text(inp.market.description or "")
    need = read_need(name)
    market_text = f"{need.text} {read_need(description).text}".lower()
    query = f"{expand(need.head)}. {read_need(description).text[:200]}".strip(" .")
    candidates = [c for c in search.candidates(query, k) if c.role == "material"]
    head = set(tokenize(expand(need.head)))
    everything = head | set(tokenize(market_text))

    def evidence(c: Any) -> tuple[float, float, float]:
        cov = sum(1 for t in head if t in c.tokens) / len(head) if head else 0.0
        prec = sum(1 for t in c.tokens if t in everything) / len(c.tokens) if c.tokens else 0.0
        return c.dense, cov, prec

    scored = sorted(
        ((0.5 * d + 0.3 * cov + 0.2 * p, d, cov, p, c) for c in candidates for d, cov, p in [evidence(c)]),
        key=lambda t: -t[0],
    )
    best = scored[0] if scored else (0.0, 0.0, 0.0, 0.0, None)
    second = scored[1][0] if len(scored) > 1 else 0.0
    root = normalise_text(inp.material_context_data.material_name or inp.material_context_data.name or "")
    root_tokens = set(tokenize(root))
    name_lower = need.text.lower()
    features = {
        "dense": best[1],
        "head_coverage": best[2],
        "precision": best[3],
        "margin": best[0] - second,
        "assembly_cues": _count(_ASSEMBLY, name_lower),
        "list_cues": _count(_LIST, name_lower),
        "formulation_cues": _count(_FORMULATION, market_text),
        "processing_cues": _count(_PROCESSING, market_text),
        "recycled_cues": _count(RECYCLED_MARKERS, market_text),
        "commodity_cues": _count(_COMMODITY, name_lower),
        "root_overlap": (sum(1 for t in head if t in root_tokens) / len(head))
        if head and root_tokens
        else 0.0,
        "name_words": float(len(need.head_tokens)),
    }
    if not features["dense"]:
        # Lexical-only search (no embedder): no dense evidence; the model then reads the feature as its
        # training mean instead of as a very poor match.
        del features["dense"]
    evidence_trace = {
        "head": need.head,
        "best_activity": best[4].reference_product if best[4] is not None else None,
        "best_score": round(best[0], 4),
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

    def __init__(self, search: PicklistSearch, *, calibrator: Calibrator | None = None):
        self.search = search
        self.calibrator = calibrator if calibrator is not None else load_calibration("triage")

    @classmethod
    def from_picklist(cls, picklist: str | Path, **options: Any) -> OfflineTriage:
        dense = options.pop("dense", True)
        return cls(PicklistSearch.from_file(picklist, dense=dense), **options)

    async def solve(self, row: TriageRow | dict[str, Any]) -> SolverResult:
        inp = row.input if isinstance(row, TriageRow) else TriageRow.model_validate(row).input
        if not tokenize(inp.market.name) and not tokenize(inp.market.description or ""):
            return SolverResult(error=f"market {inp.market.name!r} names nothing to triage")
        features, evidence = triage_features(inp, self.search)
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

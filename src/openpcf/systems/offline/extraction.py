"""openpcf's offline solver for the extraction tasks (PCFBench T4 material, T5 energy).

Deterministic, no network. For a query and a document it

1. finds every number with a unit (:mod:`openpcf.systems.offline.extraction_quantities`: ranges and enumerations
   expanded to all their members, values kept as stated, unit spellings normalised);
2. keeps the units the query asks for (``in kWh per kg``, ``Answer in %``; shares are one class);
3. scores each figure by lexical overlap of the query's content terms with the clause, the sentence and
   the neighbouring sentences around it (terms weighted by their rarity in the document);
4. drops figures whose context contradicts a scope qualifier of the query (annual vs amortised, with vs
   without upstream, electricity vs fuel);
5. emits few claims: the best-scoring figures (and the other members of their range/enumeration), each
   with its sentence as verbatim evidence. Claim F1 is pooled precision/recall, so over-extraction costs.

In query-only mode (no document) it answers from a small table of documented typical values
(``data/offline/typical_values.json``, every entry with its citation) and returns nothing otherwise.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal

from pydantic import BaseModel, Field

from openpcf.documents.evidence import claims_with_verified_evidence
from openpcf.paths import package_data
from openpcf.pcfbench.data import ExtractionRow
from openpcf.systems.offline.extraction_quantities import Quantity, find_quantities
from openpcf.systems.offline.extraction_query import QueryIntent, carrier_conflict, content_terms, parse_query
from openpcf.systems.protocol import SolverResult

ExtractionKind = Literal["material", "energy"]

# Units a query of each kind usually wants when it names none (others are down-weighted, not dropped).
_KIND_CLASSES: dict[str, frozenset[tuple[str, str | None]]] = {
    "material": frozenset(
        {("fraction", None), ("mass", "area"), ("mass", "mass"), ("mass", None), ("volume", "mass")}
    ),
    "energy": frozenset({("energy", "mass"), ("energy", None), ("fraction", None), ("energy", "volume")}),
}
# Weights of a query term found in the clause around the number, the sentence, the neighbouring sentences.
# Labels mostly precede their figure ("kiln fuel of 1.4 GJ/t"), so words just after it count less.
_W_CLAUSE, _W_AFTER, _W_SENTENCE, _W_NEIGHBOUR = 1.0, 0.7, 0.6, 0.25
_CLAUSE_BEFORE, _CLAUSE_AFTER = 90, 40  # characters around a number that form its clause
_TABLE_ROW, _TABLE_ROW_WORDS = 60, 5  # a short line of few words after another short line is a table row
_KEEP_RATIO = 0.85  # figures within this share of the best score are kept
_MIN_RELEVANCE = 0.2  # below this the document has no answer to the query
_MAX_CLAIMS = 6


@dataclass(frozen=True)
class Sentence:
    start: int
    end: int


@dataclass(frozen=True)
class ScoredClaim:
    """A candidate claim with its score and the verbatim sentence it came from."""

    quantity: Quantity
    score: float
    evidence: str
    reasons: tuple[str, ...]


_BOUNDARY = re.compile(r"(?<=[.!?])\s+(?=[A-Z(\[•\-–\d])|\n\s*\n|;\s+|\s+•\s+")
_MAX_SENTENCE = 400


def split_sentences(text: str) -> list[Sentence]:
    """Sentence spans of ``text``; over-long spans (flattened tables) are cut at line breaks."""
    spans: list[Sentence] = []
    pos = 0
    for m in _BOUNDARY.finditer(text):
        spans.append(Sentence(pos, m.start()))
        pos = m.end()
    spans.append(Sentence(pos, len(text)))
    out: list[Sentence] = []
    for s in spans:
        if s.end - s.start <= _MAX_SENTENCE:
            out.append(s)
            continue
        p = s.start
        for m in re.finditer(r"\n", text[s.start : s.end]):
            cut = s.start + m.start()
            if cut - p >= 40:
                out.append(Sentence(p, cut))
                p = cut + 1
        out.append(Sentence(p, s.end))
    return [s for s in out if text[s.start : s.end].strip()]


def _match(term: str, tokens: set[str]) -> bool:
    """A term occurs if a token equals it or shares its first six letters (consumption ≈ consumed...)."""
    if term in tokens:
        return True
    if len(term) >= 6 and term.isalpha():
        stem = term[:6]
        return any(t.startswith(stem) for t in tokens)
    return False


def _term_weights(intent: QueryIntent, sentence_tokens: list[set[str]]) -> dict[str, float]:
    """IDF weight of each query term over the document's sentences; absent terms get no weight."""
    n = len(sentence_tokens)
    weights: dict[str, float] = {}
    for term in intent.terms:
        df = sum(1 for toks in sentence_tokens if _match(term, toks))
        if df:
            weights[term] = math.log((n + 1) / df) + 1.0
    return weights


def rank_claims(query: str, document: str, kind: ExtractionKind = "material") -> list[ScoredClaim]:
    """Every figure of ``document`` that fits ``query``'s units and scope, best first."""
    intent = parse_query(query)
    sentences = split_sentences(document)
    if not sentences:
        return []
    sentence_tokens = [set(content_terms(document[s.start : s.end])) for s in sentences]
    weights = _term_weights(intent, sentence_tokens)
    total = sum(weights.values())
    if total == 0:
        return []
    starts = [s.start for s in sentences]
    scored: list[ScoredClaim] = []
    for q in find_quantities(document):
        idx = _sentence_index(starts, q.start)
        sent = sentences[idx]
        reasons: list[str] = []
        if intent.wanted_classes:
            if q.unit_class not in intent.wanted_classes:
                continue
            unit_factor = 1.1 if q.unit in intent.wanted_units else 1.0
            reasons.append(f"unit {q.unit} is what the query asks for")
        else:
            unit_factor = 1.0 if q.unit_class in _KIND_CLASSES[kind] else 0.5
        sentence_text = document[sent.start : sent.end]
        clause, after = _clause(document, sent, q)
        clause_tokens = set(content_terms(clause))
        after_tokens = set(content_terms(after))
        neighbour_tokens = set().union(*sentence_tokens[max(0, idx - 1) : idx + 2])
        relevance = 0.0
        hits: list[str] = []
        for term, w in weights.items():
            if _match(term, clause_tokens):
                relevance += _W_CLAUSE * w
                hits.append(term)
            elif _match(term, after_tokens):
                relevance += _W_AFTER * w
                hits.append(term)
            elif _match(term, sentence_tokens[idx]):
                relevance += _W_SENTENCE * w
                hits.append(term)
            elif _match(term, neighbour_tokens):
                relevance += _W_NEIGHBOUR * w
        relevance /= total
        scope_factor = 1.0
        before = document[max(sent.start, q.start - 60) : q.start]
        for scope in intent.scopes:
            if scope.opposite.search(before) or (
                scope.opposite.search(sentence_text) and not scope.asked.search(sentence_text)
            ):
                scope_factor *= 0.2
                reasons.append(f"context contradicts the query's scope '{scope.name}'")
        if carrier_conflict(intent.carrier, re.split(r"[,;:]|\band\b", before)[-1]):
            scope_factor *= 0.2
            reasons.append(f"figure is for another energy carrier than {intent.carrier}")
        if hits:
            reasons.insert(0, "query terms near the figure: " + ", ".join(hits[:6]))
        score = relevance * unit_factor * scope_factor
        scored.append(ScoredClaim(q, score, sentence_text.strip(), tuple(reasons)))
    scored.sort(key=lambda c: (-c.score, c.quantity.start))
    return scored


def _clause(document: str, sent: Sentence, q: Quantity) -> tuple[str, str]:
    """The words that qualify a figure, as (before and including it, just after it): its table row when
    it sits in a block of short lines (a table flattened to text), else a window inside its sentence."""
    line_start = document.rfind("\n", 0, q.start) + 1
    line_end = document.find("\n", q.end)
    line_end = len(document) if line_end < 0 else line_end
    prev_start = document.rfind("\n", 0, max(0, line_start - 1)) + 1
    line = document[line_start:line_end]
    # Narrow PDF columns also give short lines, but prose lines carry many words; table rows few.
    if (
        len(line) <= _TABLE_ROW
        and 0 < line_start - prev_start <= _TABLE_ROW
        and len(re.findall(r"[^\W\d_]{2,}", line)) <= _TABLE_ROW_WORDS
    ):
        return line, ""
    start = max(sent.start, q.start - _CLAUSE_BEFORE)
    return document[start : q.end], document[q.end : min(sent.end, q.end + _CLAUSE_AFTER)]


def _sentence_index(starts: list[int], pos: int) -> int:
    lo, hi = 0, len(starts) - 1
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if starts[mid] <= pos:
            lo = mid
        else:
            hi = mid - 1
    return lo


def select_claims(ranked: list[ScoredClaim], *, max_claims: int = _MAX_CLAIMS) -> list[ScoredClaim]:
    """The few claims to emit: figures close to the best score plus the rest of their ranges/lists."""
    if not ranked or ranked[0].score < _MIN_RELEVANCE:
        return []
    best = ranked[0].score
    kept = [c for c in ranked if c.score >= _KEEP_RATIO * best]
    groups = {c.quantity.group for c in kept}
    kept += [c for c in ranked if c.quantity.group in groups and c not in kept and c.score > 0]
    out: list[ScoredClaim] = []
    seen: set[tuple[float, str]] = set()
    for c in sorted(kept, key=lambda c: (-c.score, c.quantity.start)):
        key = (c.quantity.value, c.quantity.unit)
        if key in seen:
            continue
        seen.add(key)
        out.append(c)
        if len(out) >= max_claims:
            break
    return out


# ---------------------------------------------------------------- query-only typical values


class TypicalValue(BaseModel):
    """A documented typical value: the query must name one of ``context`` and one of ``subject``."""

    context: list[str]
    subject: list[str]
    claims: list[dict[str, Any]]
    citation: str
    note: str | None = None


class TypicalValues(BaseModel):
    entries: list[TypicalValue] = Field(default_factory=list)


@lru_cache(maxsize=1)
def typical_values() -> TypicalValues:
    """The shipped table of documented typical values (``data/offline/typical_values.json``)."""
    path = package_data("offline", "typical_values.json")
    return TypicalValues.model_validate(json.loads(path.read_text(encoding="utf-8")))


def _mentions(query: str, words: list[str]) -> bool:
    folded = query.lower()
    return any(re.search(rf"(?<![\w]){re.escape(w.lower())}(?![\w])", folded) for w in words)


def typical_claims(query: str) -> tuple[list[dict[str, Any]], list[str]]:
    """Claims for a query from the typical-values table, with their citations (empty when none fits)."""
    claims: list[dict[str, Any]] = []
    citations: list[str] = []
    for entry in typical_values().entries:
        if _mentions(query, entry.context) and _mentions(query, entry.subject):
            for c in entry.claims:
                claims.append({"value": c["value"], "unit": c["unit"], "evidence": [entry.citation]})
            citations.append(entry.citation)
    return claims, citations


# ---------------------------------------------------------------- solver


def extract(
    query: str, document: str | None, kind: ExtractionKind = "material"
) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Claims ``[{value, unit, evidence}]`` answering ``query`` from ``document``, and a trace.

    Without a document (query-only mode) the documented typical values are used, else nothing.
    """
    if document is None or not document.strip():
        claims, citations = typical_claims(query)
        rationale = (
            "query-only: documented typical values" if claims else "query-only: no documented typical value"
        )
        return claims, {"mode": "query_only", "rationale": rationale, "citations": citations}
    intent = parse_query(query)
    ranked = rank_claims(query, document, kind)
    chosen = select_claims(ranked)
    claims = [{"value": c.quantity.value, "unit": c.quantity.unit, "evidence": [c.evidence]} for c in chosen]
    trace = {
        "mode": "document",
        "query_terms": list(intent.terms),
        "wanted_units": list(intent.wanted_units),
        "wanted_classes": sorted("/".join(x for x in cls if x) for cls in intent.wanted_classes),
        "scopes": [s.name for s in intent.scopes],
        "carrier": intent.carrier,
        "candidates": len(ranked),
        "rationale": (
            "no figure in the document fits the query"
            if not chosen
            else f"{len(chosen)} figure(s) closest to the query terms with the asked unit"
        ),
        "claims": [
            {
                "value": c.quantity.value,
                "unit": c.quantity.unit,
                "score": round(c.score, 4),
                "why": list(c.reasons),
            }
            for c in chosen
        ],
    }
    return claims, trace


class OfflineExtractionSolver:
    """Offline solver for ``extraction_material`` / ``extraction_energy``.

    ``query_only=True`` ignores the document (the paper's query-only ablation).
    """

    def __init__(self, kind: ExtractionKind = "material", *, query_only: bool = False):
        if kind not in ("material", "energy"):
            raise ValueError(f"unknown extraction kind {kind!r} (expected 'material' or 'energy')")
        self.kind: ExtractionKind = kind
        self.query_only = query_only
        self.name = f"offline-extraction-{kind}" + ("-query-only" if query_only else "")

    async def solve(self, row: ExtractionRow) -> SolverResult:
        inp = row.input
        document = None if self.query_only else inp.document_text
        claims, trace = extract(inp.query, document, self.kind)
        claims, checked = claims_with_verified_evidence(claims, document)
        return SolverResult(output={"claims": claims}, trace={**trace, **checked})
